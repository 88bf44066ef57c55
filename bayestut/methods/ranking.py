"""A joint ranking of K classifiers: the Bayesian Plackett-Luce model over data sets.

Pairwise tests say, for each pair, how probable it is that one is practically better; they do
not say which classifier is best. Calvo, Ceberio and Lozano ("Bayesian inference for algorithm
ranking analysis", GECCO 2018; "Bayesian performance analysis for black-box optimization
benchmarking", GECCO 2019) model the ranking of the classifiers on each data set instead: with
weights w (a point of the simplex), the ranking (best first) has the Plackett-Luce probability
prod_i w[order_i] / sum_{j>=i} w[order_j] (``stan/plackett_luce.stan``), prior Dirichlet(1).

What it answers: ``w_k`` is the probability that classifier k ranks first on a new data set
from the same population, and, since in this model P(j ahead of k) = w_j / (w_j + w_k),
k's expected rank is 1 + sum_{j != k} w_j / (w_j + w_k); both with credible intervals.
What it ignores: the size of the differences (a win by 0.001 counts as much as one by 0.1, so
there is no rope) and the fold-level variance (only each data set's mean score enters).

Ties. Mean scores that are equal (to 1e-12) tie. A data set with tied groups enters as every
ordering of its tied classifiers, each weighted 1/m! (m! orderings in all), so it still counts
as one data set, treats the tied classifiers alike, and pulls their weights together.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from . import stan
from .diagnostics import Diagnostics, mcse_mean
from ..errors import InputError

if TYPE_CHECKING:
    from .ranking_gibbs import GibbsFit

PROGRAM = "plackett_luce"
PRIOR = 1.0                 # Dirichlet(1, ..., 1): uniform on the simplex of weights
TIE_DECIMALS = 12           # mean scores equal to this many decimals tie
MAX_ORDERINGS = 5040        # 7!: more tie-breaks than this per data set is refused
CREDIBLE = 0.95


def tie_breaks(scores: np.ndarray) -> list[tuple[tuple[int, ...], float]]:
    """Every ranking (indices, best first) consistent with ``scores`` (higher is better),
    each with weight 1 / (number of such rankings)."""
    rounded = np.round(np.asarray(scores, dtype=float), TIE_DECIMALS)
    groups = [tuple(int(i) for i in np.flatnonzero(rounded == v))
              for v in sorted(set(rounded), reverse=True)]
    count = math.prod(math.factorial(len(g)) for g in groups)
    if count > MAX_ORDERINGS:
        raise InputError(f"{count} orderings of tied scores on one data set (more than "
                         f"{MAX_ORDERINGS}): drop data sets on which most classifiers tie, they "
                         "say almost nothing about the order, or skip the ranking "
                         "(ranking=False; on the command line --no-ranking)")
    orders = itertools.product(*(itertools.permutations(g) for g in groups))
    return [(tuple(itertools.chain.from_iterable(o)), 1.0 / count) for o in orders]


def ranking_data(means: pd.DataFrame) -> dict:
    """Stan data from a table of mean scores (rows: data sets; columns: classifiers; higher is
    better): one row per ranking, 1-based indices, with the tie weights."""
    if means.shape[1] < 2 or means.shape[0] < 1:
        raise InputError("rank at least 2 classifiers on at least 1 data set")
    if means.isna().any().any():
        raise InputError("missing mean scores: every classifier needs a score on every data set")
    rows = []
    for name, scores in zip(means.index, means.to_numpy()):
        try:
            rows += tie_breaks(scores)
        except InputError as problem:
            raise InputError(f"data set {name!r}: {problem}") from None
    order = np.array([r for r, _ in rows], dtype=int) + 1
    return dict(K=means.shape[1], N=len(rows), order=order,
                weight=np.array([w for _, w in rows]), prior=np.full(means.shape[1], PRIOR))


@dataclass(frozen=True)
class Ranking:
    """The Plackett-Luce ranking of K classifiers over data sets: the posterior of its weights.

    Classifier k's weight is the probability that it ranks first on a new data set; the
    model reads only each data set's mean scores, with no rope. Read it with :meth:`table`.

    Attributes
    ----------
    classifiers : tuple of str
        The classifiers' names, in the order of ``w``'s columns.
    w : numpy.ndarray
        (draws, K): the posterior draws of the weights, chains one after another; ``w[s, k]``
        is draw s's probability that classifier k ranks first on a new data set.
    n_datasets : int
        The number of data sets ranked.
    fit : Fit or GibbsFit
        The sampler's run: Stan's, or the NumPy Gibbs sampler's (``compare_all`` with the
        exact engine).
    diagnostics : Diagnostics
        The sampler's convergence checks; ``diagnostics.problems`` is empty when all is well.
    p_first_mcse : numpy.ndarray
        The Monte Carlo standard error of each classifier's mean weight, P(first).
    """

    classifiers: tuple
    w: np.ndarray            # (draws, K)
    n_datasets: int
    fit: stan.Fit | GibbsFit   # Stan's run, or the NumPy Gibbs sampler's diagnostics

    def expected_ranks(self) -> np.ndarray:
        """(draws, K): 1 + sum_{j != k} w_j / (w_j + w_k), the mean rank on a new data set."""
        w = self.w
        ahead = w[:, :, None] / (w[:, :, None] + w[:, None, :])   # [s, j, k]: P(j ahead of k)
        return 1.0 + ahead.sum(axis=1) - 0.5                      # j = k adds 1/2; remove it

    def _summary(self, draws: np.ndarray, name: str) -> dict:
        tail = (1 - CREDIBLE) / 2
        return {name: draws.mean(axis=0), f"{name} lower": np.quantile(draws, tail, axis=0),
                f"{name} upper": np.quantile(draws, 1 - tail, axis=0)}

    def table(self) -> pd.DataFrame:
        """A table with one row per classifier, best expected rank first: P(first on a new
        data set) and the expected rank, each with its 95% equal-tailed credible interval
        (lower, upper), and the share of draws in which its weight is the largest."""
        best = np.bincount(self.w.argmax(axis=1), minlength=len(self.classifiers)) / len(self.w)
        out = pd.DataFrame({**self._summary(self.w, "P(first)"),
                            **self._summary(self.expected_ranks(), "expected rank"),
                            "P(largest weight)": best},
                           index=pd.Index(self.classifiers, name="classifier"))
        return out.sort_values("expected rank")

    @property
    def diagnostics(self) -> Diagnostics:
        """The sampler's convergence checks (``problems`` is empty when all is well), each
        weight named by its classifier ("the weight of svm", not the sampler's ``w[1]``)."""
        d = self.fit.diagnostics
        return dataclasses.replace(d, rhat=self._named(d.rhat), ess_bulk=self._named(d.ess_bulk))

    def _named(self, values: dict) -> dict:
        """{"w[k]": value} as {"the weight of <classifier k>": value}."""
        return {re.sub(r"^w\[(\d+)\]$", lambda m: f"the weight of {self.classifiers[int(m[1])]}",
                       name): value for name, value in values.items()}

    @property
    def p_largest_mcse(self) -> np.ndarray:
        """Monte Carlo standard errors of P(largest weight) (the share of draws in which each
        classifier's weight is the largest), from each chain's draws; 0 where every draw
        agrees."""
        largest = self.w.argmax(axis=1)[:, None] == np.arange(self.w.shape[1])
        return mcse_mean(largest.reshape(self.diagnostics.chains, -1, self.w.shape[1]))

    @property
    def p_first_mcse(self) -> np.ndarray:
        """Monte Carlo standard errors of P(first) (the mean weights), from each chain's draws:
        ``w`` pools the chains one after another, for Stan's fits and the Gibbs sampler alike."""
        return mcse_mean(self.w.reshape(self.diagnostics.chains, -1, self.w.shape[1]))


def plackett_luce(means: pd.DataFrame, *, seed: int = 0, chains: int = 4, warmup: int = 1000,
                  draws: int = 1000, backend: str | None = None,
                  progress: bool = False) -> Ranking:
    """Fit the Plackett-Luce model to ``means`` (rows: data sets; columns: classifiers; higher
    is better: negate a loss first)."""
    data = ranking_data(means)
    fit = stan.sample(PROGRAM, data, seed=seed, chains=chains, warmup=warmup, draws=draws,
                      backend=backend, progress=progress)
    return Ranking(classifiers=tuple(means.columns), w=fit["w"], n_datasets=len(means), fit=fit)
