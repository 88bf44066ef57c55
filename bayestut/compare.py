"""One call for a reader's own results: every analysis of the tutorial for two classifiers.

:func:`compare` reads a tidy table (or a CSV) of cross-validation results, checks it, orients
the differences so that "a ≫ b" always means *a is better* (also for a metric where lower is
better), and runs

- the Bayesian correlated t-test on each data set (JMLR §3),
- the Bayesian signed-rank test on the data sets' mean differences (JMLR §4.2),
- the hierarchical test, whose next-data-set probabilities are drawn on the simplex
  (Corani et al. 2017; the test of the blog and of ICMC TR 413),

then decides at the threshold (0.95) and, where no probability reaches it, grades the
posterior odds (1-3 weak, 3-20 positive, > 20 strong; Stripling et al. 2018). The
multi-data-set tests need at least two data sets; with one, only the first test is run and
the report says so.
"""

from __future__ import annotations

import dataclasses
import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .correlated import StudentPosterior, correlated_bayesian_ttest
from .data import (FRACTION, Differences, InputError, check_score_range, paired_differences,
                   read_results)
from .diagnostics import ConvergenceWarning
from .decisions import decide, odds_grade, odds_in_words, outcome_labels, posterior_odds
from .hierarchical import HierarchicalResult, hierarchical_test
from .nonparametric import SimplexPosterior, signed_rank_test

MIN_DATASETS = 2
SIGNED_RANK_SAMPLES = 50_000


def refusal(datasets) -> str:
    """Why the multi-data-set tests are not run, and what still applies."""
    names = ", ".join(repr(d) for d in datasets)
    return (f"the signed-rank and hierarchical tests compare classifiers over several data "
            f"sets and need at least {MIN_DATASETS}; these results hold {len(datasets)} "
            f"({names}). The Bayesian correlated t-test of that data set still applies: "
            "its posterior is reported above. Add data sets to compare over a population.")


def check_rope(rope: float, score_range=FRACTION) -> float:
    """The rope half-width: positive and narrower than the metric's range."""
    low, high = check_score_range(score_range)
    if not np.isfinite(rope) or rope <= 0:
        raise InputError(f"the rope must be a positive number in the metric's units "
                         f"(e.g. 0.01 for one point of accuracy or AUC), got {rope}")
    if rope >= high - low:
        raise InputError(f"the rope ±{rope:g} is as wide as the metric's whole range "
                         f"[{low:g}, {high:g}]: every difference would count as equivalent. "
                         "Give the rope as a fraction (0.01, not 1) or declare the metric's range")
    return float(rope)


def oriented_differences(results: pd.DataFrame, a: str, b: str,
                         lower_is_better: bool) -> Differences:
    """score(a) - score(b), negated when lower scores are better: positive means a is better."""
    d = paired_differences(results, a, b)
    if lower_is_better:
        d = dataclasses.replace(d, x=-d.x)
    largest = np.abs(d.x).max()
    if largest > 1.0:
        raise InputError(f"differences up to {largest:g} in the metric's units: the tests expect "
                         "differences within ±1. Express the metric in larger units (divide the "
                         "scores and the rope by the same power of ten): no probability changes")
    return d


@dataclass(frozen=True)
class Comparison:
    """Every analysis of a against b; ``x`` > 0 (and "a ≫ b") always means a is better."""

    a: str
    b: str
    metric: str
    rope: float
    threshold: float
    lower_is_better: bool
    differences: Differences
    per_dataset: StudentPosterior
    signed_rank: SimplexPosterior | None       # None with fewer than 2 data sets
    hierarchical: HierarchicalResult | None
    refused: str | None                        # why the two above are missing

    @property
    def labels(self) -> tuple[str, str, str]:
        return outcome_labels(self.a, self.b)

    def orientation(self) -> str:
        direction = ("lower scores are better, so the differences are "
                     f"score({self.b}) - score({self.a})" if self.lower_is_better else
                     f"higher scores are better, so the differences are "
                     f"score({self.a}) - score({self.b})")
        return (f"Metric {self.metric!r}: {direction}; '{self.a} ≫ {self.b}' always means {self.a} is "
                f"practically better (by more than the rope ±{self.rope:g}).")

    def verdict(self, p) -> str:
        """A short decision for one (left, rope, right) at the threshold."""
        choice = str(decide(p, self.threshold))
        if choice == "right":
            return f"{self.a} better"
        if choice == "left":
            return f"{self.b} better"
        if choice == "rope":
            return "equivalent"
        odds = posterior_odds(p)
        grade = str(odds_grade(odds))
        if grade == "none":
            return "no decision"
        favoured = self.b if odds > 1 else self.a
        return f"no decision ({grade} evidence for {favoured})"

    def sentence(self, test: str, p) -> str:
        """The decision of one test in plain words."""
        p = np.asarray(p, dtype=float)
        choice = str(decide(p, self.threshold))
        if choice == "none":
            return (f"{test}: no probability exceeds {self.threshold:g}; "
                    f"{odds_in_words(p, self.a, self.b)}.")
        i = ("left", "rope", "right").index(choice)
        claim = {"right": f"{self.a} is practically better than {self.b}",
                 "left": f"{self.b} is practically better than {self.a}",
                 "rope": f"{self.a} and {self.b} are practically equivalent "
                         f"(within ±{self.rope:g})"}[choice]
        return f"{test}: {claim}, P({self.labels[i]}) = {p[i]:.3f} > {self.threshold:g}."

    def per_dataset_table(self) -> pd.DataFrame:
        """One row per data set: mean difference, rope probabilities, decision."""
        p = self.per_dataset.rope(self.rope)
        table = pd.DataFrame({"mean difference": self.differences.means().to_numpy()},
                             index=pd.Index(self.differences.datasets, name="data set"))
        if self.hierarchical is not None:
            table["shrunk (hierarchical)"] = self.hierarchical.delta.mean(axis=0)
        for j, label in enumerate(self.labels):
            table[f"P({label})"] = p[:, j]
        table["decision"] = [self.verdict(row) for row in p]
        return table

    def overall(self) -> dict[str, np.ndarray]:
        """(left, rope, right) of each multi-data-set test: the share of posterior samples in
        which each is the most probable, as the papers' tables report."""
        if self.hierarchical is None:
            return {}
        return {"signed-rank test on the means": self.signed_rank.winning_shares().to_numpy(),
                "hierarchical test (next data set)": self.hierarchical.probabilities}

    def overall_table(self) -> pd.DataFrame:
        rows = {test: dict(zip([f"P({lab})" for lab in self.labels], p), decision=self.verdict(p))
                for test, p in self.overall().items()}
        return pd.DataFrame.from_dict(rows, orient="index")

    def sentences(self) -> list[str]:
        """The decisions in plain words: the multi-data-set tests, then each data set."""
        out = [self.sentence(test, p) for test, p in self.overall().items()]
        if self.refused:
            out.append("Multi-data-set tests not run: " + self.refused)
        p = self.per_dataset.rope(self.rope)
        out += [self.sentence(f"On {name}", row) for name, row in zip(self.differences.datasets, p)]
        return out

    def diagnostics(self) -> list[str]:
        """Sampling problems of the hierarchical fit (empty when none)."""
        return list(self.hierarchical.diagnostics.problems) if self.hierarchical else []

    def settings(self) -> str:
        d = self.differences
        runs = d.x.shape[1] // d.folds
        return (f"{len(d.datasets)} data set(s), {runs} run(s) of {d.folds}-fold cross-validation "
                f"({d.x.shape[1]} paired differences each, rho = 1/{d.folds}); "
                f"rope ±{self.rope:g}; decision threshold {self.threshold:g}")

    def summary(self) -> str:
        """The compact text report."""
        lines = [f"{self.a} against {self.b}", self.settings(), self.orientation(), "",
                 "Per data set (Bayesian correlated t-test):",
                 self.per_dataset_table().to_string(float_format=lambda v: f"{v:.3f}"), ""]
        if self.hierarchical is not None:
            lines += ["Over all data sets (share of posterior samples where each is most probable):",
                      self.overall_table().to_string(float_format=lambda v: f"{v:.3f}"), ""]
        lines += ["Decisions:"] + [f"- {s}" for s in self.sentences()]
        problems = self.diagnostics()
        if problems:
            lines += ["", "Hierarchical sampler warnings:"] + [f"- {p}" for p in problems]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def figures(self) -> dict:
        """{name: matplotlib Figure}: the per-data-set posteriors and the two simplices.

        The figures stay open (and so show in a notebook) until closed."""
        import matplotlib.pyplot as plt

        from .plots import posterior_grid
        from .simplex import simplex_plot

        d = self.differences
        grid = posterior_grid(self.per_dataset, list(d.datasets), self.rope,
                              ncols=min(max(len(d.datasets), 2), 5), panel=(2.6, 2.2))
        grid.suptitle(f"Posterior of the mean difference {self.a} - {self.b} per data set "
                      f"(positive: {self.a} better; rope shaded)", y=1.02)
        figures = {"per_dataset": grid}
        vertices = (self.b, "rope", self.a)
        if self.hierarchical is not None:
            for name, samples, title in (
                    ("signed_rank", self.signed_rank.samples,
                     "Bayesian signed-rank test on the data sets' means"),
                    ("hierarchical", self.hierarchical.masses,
                     "Hierarchical test: probabilities for the next data set")):
                fig, ax = plt.subplots(figsize=(6, 5))
                simplex_plot(samples, vertices, ax=ax)
                ax.set_title(f"{title}\n{self.a} against {self.b}")
                figures[name] = fig
        return figures


def compare(results, a: str, b: str, *, rope: float = 0.01, lower_is_better: bool = False,
            score: str = "score", score_range=FRACTION, percent: bool = False,
            threshold: float = 0.95, seed: int = 0, signed_rank_samples: int = SIGNED_RANK_SAMPLES,
            chains: int = 4, warmup: int = 1000, draws: int = 1000,
            progress: bool = False) -> Comparison:
    """Compare classifiers ``a`` and ``b`` on a reader's cross-validation results.

    ``results``: a tidy DataFrame or the path of a CSV with columns
    ``dataset, classifier, run, fold`` and the metric in column ``score``. ``score_range``:
    the values the metric can take, e.g. (0, inf) for log-loss; ``percent=True`` for scores
    in percent. ``rope`` is in the metric's units. ``lower_is_better`` for error rates and
    losses. ``chains``, ``warmup``, ``draws``: the hierarchical model's sampler.
    """
    table = read_results(results, score=score, percent=percent, score_range=score_range)
    rope = check_rope(rope, score_range)
    if not 0.5 <= threshold < 1.0:
        raise InputError(f"the decision threshold must be in [0.5, 1), got {threshold}")
    d = oriented_differences(table, a, b, lower_is_better)
    per_dataset = correlated_bayesian_ttest(d.x, d.rho)
    signed_rank = hierarchical = refused = None
    if len(d.datasets) < MIN_DATASETS:
        refused = refusal(d.datasets)
    else:
        signed_rank = signed_rank_test(d, rope=rope, n_samples=signed_rank_samples, seed=seed)
        with warnings.catch_warnings():
            # the report lists every sampling problem itself (Comparison.diagnostics)
            warnings.simplefilter("ignore", ConvergenceWarning)
            hierarchical = hierarchical_test(d, rope=rope, seed=seed, chains=chains,
                                             warmup=warmup, draws=draws, progress=progress)
    return Comparison(a=a, b=b, metric=score, rope=rope, threshold=threshold,
                      lower_is_better=lower_is_better, differences=d, per_dataset=per_dataset,
                      signed_rank=signed_rank, hierarchical=hierarchical, refused=refused)
