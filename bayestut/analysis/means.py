"""Two classifiers compared on mean scores only: the sign and signed-rank tests.

A table with one score per data set and classifier (the layout of most papers' result tables,
of Demšar 2006 and of autorank) holds what the Bayesian sign and signed-rank tests need (JMLR
§4.2) and nothing more: the correlated t-test and the hierarchical test model each fold, and
are not run. :class:`MeansComparison` is a :class:`~bayestut.analysis.compare.Comparison` whose
two multi-data-set tests are the sign test and the signed-rank test (its headline); the
per-data-set table shows the mean differences without probabilities, and every report says
which tests were left out, why, and what to collect to get them.
"""

from __future__ import annotations

import dataclasses
import functools

import numpy as np
import pandas as pd

from ..data import Differences
from ..errors import InputError
from ..methods.nonparametric import SimplexPosterior, sign_test, signed_rank_test
from . import wording
from .compare import MIN_DATASETS, Comparison, Overall, simplex_overall

NOT_RUN = ("The Bayesian correlated t-test and the hierarchical test were not run: they need "
           "the score of every fold, and these results hold one mean score per data set and "
           "classifier; to get them, keep each classifier's score on every fold of every "
           "cross-validation run (the same folds for all classifiers) and give that table "
           "instead (tidy or wide per fold).")


def paired_means(table: pd.DataFrame, a: str, b: str, lower_is_better: bool) -> Differences:
    """mean score(a) - mean score(b) per data set (negated when lower is better), as
    Differences with one column; ``folds`` is 1 and means nothing here."""
    known = list(dict.fromkeys(table["classifier"]))
    for name in (a, b):
        if name not in known:
            raise InputError(f"unknown classifier {name!r}; known: {sorted(known)}")
    if a == b:
        raise InputError(f"both classifiers are {a!r}: name two different classifiers")
    key = "dataset_id" if "dataset_id" in table.columns else "dataset"
    wide = table.pivot_table(index=key, columns="classifier", values="score", aggfunc="first",
                             sort=False)[[a, b]]
    unpaired = wide.isna().any(axis=1)
    if unpaired.any():
        raise InputError(f"data set {wide.index[unpaired][0]!r} has a mean score for only one "
                         f"of {a!r}, {b!r}: every data set needs both")
    if len(wide) < MIN_DATASETS:
        raise InputError(f"mean scores on {len(wide)} data set: the sign and signed-rank tests "
                         f"compare over several data sets and need at least {MIN_DATASETS}; "
                         "with one data set, give every fold's score for the correlated t-test")
    x = (wide[a] - wide[b]).to_numpy()[:, None]
    if lower_is_better:
        x = -x
    if np.abs(x).max() > 1.0:
        raise InputError(f"differences up to {np.abs(x).max():g} in the metric's units: the "
                         "tests expect differences within ±1. Express the metric in larger "
                         "units (divide the scores and the rope by the same power of ten)")
    names = table.drop_duplicates(key).set_index(key, drop=False)["dataset"].reindex(wide.index)
    return Differences(x=x, datasets=tuple(names), ids=tuple(wide.index), a=a, b=b, folds=1)


@dataclasses.dataclass(frozen=True)
class MeansComparison(Comparison):
    """Sign and signed-rank tests of a against b on the data sets' mean scores."""

    sign: SimplexPosterior | None = None
    not_run: str = NOT_RUN
    tests = ("sign", "signed-rank")               # in the order of overall(); the last leads

    @functools.cached_property
    def _overall(self) -> tuple[Overall, ...]:
        return (simplex_overall("sign test on the means", self.sign),
                simplex_overall("signed-rank test on the means", self.signed_rank))

    def per_dataset_table(self) -> pd.DataFrame:
        return pd.DataFrame({"mean difference": self.differences.means().to_numpy()},
                            index=pd.Index(self.differences.datasets, name="data set"))

    per_dataset_note = "mean differences only: the correlated t-test needs every fold"

    def headline(self) -> str:
        if self.identical:
            return super().headline()
        o = self.overall()[-1]
        text = wording.decision(o.shares, self.a, self.b, self.rope, self.threshold,
                                se=o.shares_se, share=True)
        return (f"Signed-rank test over {len(self.differences.datasets)} data sets (mean "
                f"scores only): {text}.")

    def sentences(self) -> list[str]:
        return [self.sentence(o.test, o.shares, o.shares_se, share=True)
                for o in self.overall()] + [self.not_run]

    def settings(self) -> str:
        return (f"{len(self.differences.datasets)} data sets, one mean score per data set and "
                f"classifier (no folds); rope ±{self.rope:g}; decision threshold "
                f"{self.threshold:g}")

    def figures(self) -> dict:
        """{name: matplotlib Figure}: the two tests' simplices."""
        import matplotlib.pyplot as plt

        from ..figures.posteriors import font_families
        from ..figures.simplex import simplex_plot

        figures = {}
        if self.identical:                    # a single point: nothing to see
            return figures
        names = [self.a, self.b, *map(str, self.differences.datasets)]
        with plt.rc_context({"font.family": font_families(" ".join(names))[0],
                             "text.parse_math": False}):
            for name, result, title in (
                    ("signed_rank", self.signed_rank,
                     "Bayesian signed-rank test on the data sets' means"),
                    ("sign", self.sign, "Bayesian sign test on the data sets' means")):
                fig, ax = plt.subplots(figsize=(6, 5))
                simplex_plot(result.samples, (self.b, "rope", self.a), ax=ax)
                ax.set_title(f"{title}\n{self.a} against {self.b}")
                figures[name] = fig
        return figures


def compare_means(table: pd.DataFrame, a: str, b: str, *, rope: float, lower_is_better: bool,
                  metric: str, threshold: float, seed: int, signed_rank_samples: int,
                  options: dict) -> MeansComparison:
    """The sign and signed-rank tests of a against b on a checked means-only table."""
    d = paired_means(table, a, b, lower_is_better)
    return MeansComparison(
        a=d.a, b=d.b, metric=metric, rope=rope, threshold=threshold,
        lower_is_better=lower_is_better, differences=d, per_dataset=None,
        signed_rank=signed_rank_test(d, rope=rope, n_samples=signed_rank_samples, seed=seed),
        hierarchical=None, refused=None, options=options,
        sign=sign_test(d, rope=rope, n_samples=signed_rank_samples, seed=seed))
