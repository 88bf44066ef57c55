"""The hierarchical model's results: numbers only (the reports render them elsewhere).

:class:`HierarchicalResult` holds the posterior draws of :func:`~bayestut.methods.hierarchical.
hierarchical_test` and gives its probabilities labelled by outcome in the reading order (a
better · equivalent · b better); :class:`ExactHierarchicalResult` the same from the exact
engine's integrals. The number line's (left, rope, right) arrays stay internal.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from . import hierarchical_exact
from .decisions import labelled, outcomes
from ..errors import InputError
from .diagnostics import mcse_mean

if TYPE_CHECKING:
    from .hierarchical import Prepared
    from .stan import Fit

# the names of the three kinds of probability (docs/glossary.md)
POSTERIOR = "posterior probability"
NEW_DATA_SET = "probability on a new data set"
DELTA0 = "probability for δ₀"


def sigma_mle(x, rho: float) -> np.ndarray:
    """Maximum-likelihood sigma_i of the equicorrelated model (MLE of delta_i is x̄_i):
    sigma^2 = ss / (n (1 - rho)); Corani and Benavoli (2015), appendix; MLJ §7."""
    x = np.asarray(x, dtype=float)
    ss = ((x - x.mean(axis=-1, keepdims=True)) ** 2).sum(axis=-1)
    return np.sqrt(ss / (x.shape[-1] * (1.0 - rho)))


# --- the result -----------------------------------------------------------------------------

@dataclass(frozen=True)
class HierarchicalResult:
    """The result of :func:`~bayestut.hierarchical_test`: the posterior of the hierarchical
    model for a - b, its differences on the original scale.

    Draws are pooled over chains. Its three kinds of probability are labelled by outcome in
    the reading order: "<a> better", "equivalent", "<b> better"; :meth:`summary` puts them in
    one table, and :attr:`new_data_set_draws` gives each draw's probabilities on a new data
    set, labelled likewise. (Internally ``_masses[s]`` holds them in the number line's (left,
    rope, right) order: left is b better.)

    Attributes
    ----------
    probabilities : pandas.Series
        The posterior probability of each outcome: that it is the likeliest on a new data set
        (the share of draws in which it is; the papers' decision quantity, which the 0.95 rule
        reads).
    new_data_set_probabilities : pandas.Series
        The probability on a new data set of each outcome (the posterior predictive).
    delta0_probabilities : pandas.Series
        The probability for δ₀ of each outcome: the posterior probability that the mean
        difference of the population of data sets, δ₀, lies in its region.
    probabilities_mcse : pandas.Series
        The Monte Carlo error of :attr:`probabilities` (for the exact engine, its numerical
        error); likewise ``new_data_set_probabilities_mcse`` and
        ``delta0_probabilities_mcse``.
    new_data_set_draws : pandas.DataFrame
        One row per posterior draw: the probability of each outcome on a new data set under
        that draw (the points of the simplex picture).
    delta0_mean : float
        The posterior mean of δ₀; :meth:`delta0_interval` gives its credible interval.
    labels : tuple of str
        The outcomes' names in the reading order.
    a : str
        The first classifier's name, which labels the outcomes.
    b : str
        The second classifier's name.
    datasets : tuple
        The data sets' names.
    rope : float
        The rope's half-width, in the metric's units.
    xbar : numpy.ndarray
        Each data set's mean difference (the maximum-likelihood estimate of delta_i).
    delta0 : numpy.ndarray
        (draws,): the posterior draws of δ₀, the mean difference of the population of data
        sets.
    sigma0 : numpy.ndarray
        (draws,): the posterior draws of sigma0, the scale of the data sets' delta_i about
        δ₀.
    nu : numpy.ndarray
        (draws,): the posterior draws of the Student top level's degrees of freedom (inf for
        the Gaussian top level).
    delta : numpy.ndarray
        (draws, data sets): the posterior draws of each data set's mean difference delta_i
        (shrunk towards δ₀).
    sigma : numpy.ndarray
        (draws, data sets): the posterior draws of each data set's standard deviation
        sigma_i.
    prepared : Prepared
        The rescaled data the model was given, kept for inspection.
    fit : Fit or None
        Stan's run (None for the exact engine).
    diagnostics : Diagnostics
        The fit's convergence checks; ``diagnostics.problems`` is empty when all is well.
    engine : str
        How the posterior was computed: "stan" or "exact".
    """

    a: str
    b: str
    datasets: tuple
    rope: float
    xbar: np.ndarray          # per-data-set mean difference (the MLE of delta_i)
    delta0: np.ndarray        # (draws,)
    sigma0: np.ndarray        # (draws,)
    nu: np.ndarray            # (draws,), inf for the Gaussian top level
    delta: np.ndarray         # (draws, data sets)
    sigma: np.ndarray         # (draws, data sets)
    _masses: np.ndarray       # (draws, 3), internal: (left, rope, right)
    prepared: Prepared        # the rescaled data given to the model
    fit: Fit | None           # None for the exact engine

    engine = "stan"           # how the posterior was computed (hierarchical_test's engine)

    @property
    def labels(self) -> tuple[str, str, str]:
        """The outcomes' names in the reading order ("<a> better", "equivalent", "<b> better")."""
        return outcomes(self.a, self.b)

    def _labelled(self, p, name: str) -> pd.Series:
        return labelled(p, self.a, self.b, name)

    # What a reader sees: each number labelled by outcome, in the reading order. The
    # number-line arrays they come from are internal (underscore names, below).

    @property
    def probabilities(self) -> pd.Series:
        """The posterior probability that each outcome is the likeliest on a new data set (the
        papers' decision quantity: the 0.95 rule reads it)."""
        return self._labelled(self._probabilities, POSTERIOR)

    @property
    def probabilities_mcse(self) -> pd.Series:
        """The Monte Carlo (or, for the exact engine, numerical) error of :attr:`probabilities`."""
        return self._labelled(self._probabilities_mcse, POSTERIOR + " error")

    @property
    def new_data_set_probabilities(self) -> pd.Series:
        """The probability of each outcome on a new data set (posterior predictive)."""
        return self._labelled(self._new_data_set, NEW_DATA_SET)

    @property
    def new_data_set_probabilities_mcse(self) -> pd.Series:
        """The error of :attr:`new_data_set_probabilities`."""
        return self._labelled(self._new_data_set_mcse, NEW_DATA_SET + " error")

    @property
    def delta0_probabilities(self) -> pd.Series:
        """The posterior probability of each outcome for the mean difference δ₀ (the
        population's mean: what a method paper claims)."""
        return self._labelled(self._delta0_probabilities, DELTA0)

    @property
    def delta0_probabilities_mcse(self) -> pd.Series:
        """The error of :attr:`delta0_probabilities`."""
        return self._labelled(self._delta0_probabilities_mcse, DELTA0 + " error")

    @property
    def new_data_set_draws(self) -> pd.DataFrame:
        """Each posterior draw's probability of each outcome on a new data set.

        Under draw s of (δ₀, σ₀, ν), a new data set's mean difference is t(δ₀, σ₀, ν): these
        are its masses below, inside and above the rope. Their average over the draws is
        :attr:`new_data_set_probabilities`; the share of draws in which an outcome has the
        largest is :attr:`probabilities` (MLJ Figure 1's vote).

        Returns
        -------
        pandas.DataFrame
            One row per draw (index "draw": Stan's chains one after another; for the exact
            engine, independent draws from the integrated posterior, equally weighted, which
            serve the pictures while its probabilities are the integrals themselves); columns
            the outcomes in the reading order, "<a> better", "equivalent", "<b> better"; each
            row sums to 1.
        """
        frame = labelled(self._masses, self.a, self.b)
        frame.index.name = "draw"
        return frame

    @property
    def delta0_mean(self) -> float:
        """The posterior mean of δ₀."""
        return float(self.delta0.mean())

    def delta0_interval(self, level: float = 0.95) -> tuple[float, float]:
        """δ₀'s equal-tailed credible interval: how large the mean difference is.

        Parameters
        ----------
        level : float
            The posterior probability the interval holds, in (0, 1).

        Returns
        -------
        tuple of float
            (lower, upper), in the metric's units, on the axis of a - b (positive: a
            better); the exact engine's from its integrated posterior, Stan's from its draws
            (its ends carry Monte Carlo error).
        """
        tails = self._check_level(level)
        low, high = np.quantile(self.delta0, tails)
        return float(low), float(high)

    @staticmethod
    def _check_level(level) -> np.ndarray:
        if isinstance(level, bool) or not isinstance(level, numbers.Real) \
                or not 0.0 < float(level) < 1.0:
            raise InputError(f"level={level!r}: give the interval's probability as a number "
                             "between 0 and 1, e.g. level=0.95")
        half = float(level) / 2
        return np.array([0.5 - half, 0.5 + half])

    # --- internal: the number line's (left, rope, right) arrays -------------------------------

    @property
    def _probabilities(self) -> np.ndarray:
        """The share of the draws in which left, rope, right has the largest mass: the posterior
        probability that it is the likeliest (the papers' tables)."""
        wins = np.bincount(self._masses.argmax(axis=1), minlength=3)
        return wins / len(self._masses)

    @property
    def _delta0_probabilities(self) -> np.ndarray:
        """(left, rope, right) probabilities of delta0: the share of its draws in each region
        (what the authors' simulations of MLJ §5 recorded)."""
        left, right = np.mean(self.delta0 < -self.rope), np.mean(self.delta0 > self.rope)
        return np.array([left, 1.0 - left - right, right])

    @property
    def _stan_fit(self) -> Fit:
        # only the Stan engine's result reads its fit; the exact one overrides every reader
        assert self.fit is not None, "the exact engine has no Stan fit"
        return self.fit

    def _by_chain(self, values: np.ndarray) -> np.ndarray:
        """(draws, 3) pooled draws back to (chains, draws per chain, 3)."""
        return values.reshape(self._stan_fit.diagnostics.chains, -1, 3)

    @property
    def _probabilities_mcse(self) -> np.ndarray:
        return mcse_mean(self._by_chain(self._masses.argmax(axis=1)[:, None] == np.arange(3)))

    @property
    def _new_data_set(self) -> np.ndarray:
        """Posterior predictive (left, rope, right) probabilities for a new data set."""
        return self._masses.mean(axis=0)

    @property
    def _new_data_set_mcse(self) -> np.ndarray:
        return mcse_mean(self._by_chain(self._masses))

    @property
    def _delta0_probabilities_mcse(self) -> np.ndarray:
        regions = np.stack([self.delta0 < -self.rope, np.abs(self.delta0) <= self.rope,
                            self.delta0 > self.rope], axis=1)
        return mcse_mean(self._by_chain(regions))

    @property
    def diagnostics(self):
        """The fit's convergence checks (``problems`` is empty when all is well)."""
        return self._stan_fit.diagnostics

    def summary(self) -> pd.DataFrame:
        """The three kinds of probability, one row each, labelled by outcome, with their errors.

        δ₀'s posterior mean, a number of another kind, is :attr:`delta0_mean`.

        Returns
        -------
        pandas.DataFrame
            Rows "posterior probability", "probability on a new data set", "probability for
            δ₀"; columns the outcomes in the reading order ("<a> better", "equivalent", "<b>
            better"), then each one's error, "± <a> better", ... (Monte Carlo, or for the exact
            engine numerical).
        """
        kinds = [(self.probabilities, self.probabilities_mcse),
                 (self.new_data_set_probabilities, self.new_data_set_probabilities_mcse),
                 (self.delta0_probabilities, self.delta0_probabilities_mcse)]
        return pd.DataFrame([pd.concat([p, error.add_prefix("± ")]).rename(p.name)
                             for p, error in kinds])

    def per_dataset(self) -> pd.DataFrame:
        """Each data set: MLE x̄_i, shrunk posterior mean of delta_i, its posterior
        probabilities, and sigma_i (posterior mean beside its maximum-likelihood estimate)."""
        left, right = (self.delta < -self.rope).mean(axis=0), (self.delta > self.rope).mean(axis=0)
        return self._per_dataset_frame(self.delta.mean(axis=0), left, right,
                                       self.sigma.mean(axis=0))

    def _per_dataset_frame(self, delta, left, right, sigma) -> pd.DataFrame:
        rho = self.prepared.stan_data["rho"]
        p = labelled(np.column_stack([left, 1.0 - left - right, right]), self.a, self.b)
        frame = pd.DataFrame({"mean difference (MLE)": self.xbar, "posterior mean delta_i": delta},
                             index=pd.Index(self.datasets, name="data set"))
        for column in p.columns:
            frame[f"P({column})"] = p[column].to_numpy()
        frame["sigma_i MLE"] = sigma_mle(self.prepared.x, rho) * self.prepared.std_x
        frame["posterior mean sigma_i"] = sigma
        return frame


# --- the exact engine's result -----------------------------------------------------------------

class _OnFirstUse:
    """A field of the result drawn when first read: the data sets' draws cost as much as the
    integration and serve only some plots."""

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        if obj.__dict__.get(self.name) is None:
            obj._draw_data_sets()
        return obj.__dict__[self.name]

    def __set__(self, obj, value):
        obj.__dict__[self.name] = value


# The numerical error reported is an upper bound: the difference from a coarser grid (the
# fine grid's own error is smaller: measured against a grid twice as fine, ~1e-4), at most
# 0.001 where a finer grid settles it. Above WARN_ERROR a report says so.
WARN_ERROR = 0.02


@dataclass(frozen=True)
class ExactDiagnostics:
    """What the Stan path's diagnostics say, for the exact engine: one 'chain' of independent
    draws, and a problem only if the numerical error bound exceeds WARN_ERROR."""

    chains: int
    draws: int
    error: float               # the largest numerical error of a reported probability
    seconds: float

    @property
    def problems(self) -> list[str]:
        if self.error <= WARN_ERROR:
            return []
        return [f"the exact integration's numerical error bound reaches {self.error:.3f}; "
                "compare with engine='stan'"]


@dataclass(frozen=True, kw_only=True)
class ExactHierarchicalResult(HierarchicalResult):
    """:class:`~bayestut.methods.hierarchical.HierarchicalResult` computed by integration:
    the probabilities (all three kinds) and per-data-set summaries are integrals (not shares of
    draws), each with a numerical error in place of the Monte Carlo one; the draws are
    independent and serve the plots."""

    exact: hierarchical_exact.Posterior
    coarse: hierarchical_exact.Posterior
    seconds: float
    seed: int
    model: hierarchical_exact.Model
    # the (fine, check) grids integrated: another rope's probabilities are integrals on them
    grids: tuple | None = field(default=None, repr=False)
    engine = "exact"
    delta = _OnFirstUse()      # (draws, data sets): drawn on first use
    sigma = _OnFirstUse()

    def _draw_data_sets(self):
        scale = self.prepared.std_x
        delta, sigma = hierarchical_exact.draw_data_sets(
            self.model, self.delta0 / scale, self.sigma0 / scale, self.nu,
            np.random.default_rng([self.seed, 1]))
        self.__dict__["delta"], self.__dict__["sigma"] = delta * scale, sigma * scale

    @property
    def _probabilities(self) -> np.ndarray:
        return self.exact.shares

    @property
    def _probabilities_mcse(self) -> np.ndarray:
        """The numerical error (the difference from a coarser grid), where the Stan path has
        its Monte Carlo error; likewise below."""
        return np.abs(self.exact.shares - self.coarse.shares)

    @property
    def _delta0_probabilities(self) -> np.ndarray:
        return self.exact.delta0_probabilities

    @property
    def _delta0_probabilities_mcse(self) -> np.ndarray:
        return np.abs(self.exact.delta0_probabilities - self.coarse.delta0_probabilities)

    @property
    def _new_data_set(self) -> np.ndarray:
        return self.exact.mean_masses

    @property
    def _new_data_set_mcse(self) -> np.ndarray:
        return np.abs(self.exact.mean_masses - self.coarse.mean_masses)

    @property
    def delta0_mean(self) -> float:
        return float(self.exact.delta0_mean * self.prepared.std_x)

    def delta0_interval(self, level: float = 0.95) -> tuple[float, float]:
        """As :meth:`HierarchicalResult.delta0_interval`, integrated on the fine grid (from
        the draws when the grid was not kept)."""
        tails = self._check_level(level)
        if self.grids is None:
            return super().delta0_interval(level)
        ends = hierarchical_exact.delta0_quantiles(self.grids[0], tails) * self.prepared.std_x
        return float(ends[0]), float(ends[1])

    @property
    def diagnostics(self) -> ExactDiagnostics:
        error = max(self._probabilities_mcse.max(), self._new_data_set_mcse.max(),
                    self._delta0_probabilities_mcse.max())
        return ExactDiagnostics(chains=1, draws=len(self.delta0), error=float(error),
                                seconds=self.seconds)

    def per_dataset(self) -> pd.DataFrame:
        """As :meth:`HierarchicalResult.per_dataset`, from the integrals (no draws needed)."""
        mean, left, right, sigma = self.exact.per_dataset
        return self._per_dataset_frame(mean * self.prepared.std_x, left, right,
                                       sigma * self.prepared.std_x)
