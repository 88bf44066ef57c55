"""The result of :func:`~bayestut.analysis.compare.compare` on mean scores only: the sign and
signed-rank tests of two classifiers (:mod:`bayestut.analysis.means` pairs the means and says
which tests are missing), reported as :class:`~bayestut.analysis.comparison.Comparison` is."""

from __future__ import annotations

import dataclasses
import functools

import pandas as pd

from . import wording
from ..methods.nonparametric import SimplexPosterior
from .comparison import Comparison, Overall, simplex_overall
from .means import NOT_RUN


@dataclasses.dataclass(frozen=True)
class MeansComparison(Comparison):
    """The sign and signed-rank tests of a against b on the data sets' mean scores.

    What :func:`~bayestut.compare` returns when the results hold one mean score per data set
    and classifier: the correlated t-test and the hierarchical test need every fold, so
    ``per_dataset`` and ``hierarchical`` are None, and the verdict is the signed-rank test's.
    Every other attribute is :class:`Comparison`'s.

    Attributes
    ----------
    probabilities : pandas.DataFrame
        The sign and the signed-rank test's posterior probability and expected probability
        (four rows), one column per outcome.
    decision : str
        "<a> better", "equivalent", "<b> better" or "no decision": the signed-rank test's
        posterior probability at ``threshold``.
    sign : SimplexPosterior
        The Bayesian sign test on the data sets' mean differences.
    signed_rank : SimplexPosterior
        The Bayesian signed-rank test on the same differences.
    not_run : str
        The sentence saying why the other two tests did not run.
    """

    sign: SimplexPosterior | None = None
    not_run: str = NOT_RUN
    tests = ("sign", "signed-rank")               # in the order of overall(); the last leads

    @functools.cached_property
    def _overall(self) -> tuple[Overall, ...]:
        return (simplex_overall("sign test on the means", self.sign),
                simplex_overall("signed-rank test on the means", self.signed_rank))

    def per_dataset_table(self) -> pd.DataFrame:
        """A table with one row per data set: its mean difference (no test runs on one)."""
        return pd.DataFrame({"mean difference": self.differences.means().to_numpy()},
                            index=pd.Index(self.differences.datasets, name="data set"))

    per_dataset_note = "mean differences only: the correlated t-test needs every fold"

    def headline(self) -> str:
        """The verdict in one paragraph of words (str): the signed-rank test's."""
        if self.identical:
            return super().headline()
        o = self.overall()[-1]
        text = wording.decision(o.shares, self.a, self.b, self.rope, self.threshold,
                                se=o.shares_se, share=True)
        return (f"Signed-rank test over {len(self.differences.datasets)} data sets (mean "
                f"scores only): {text}.")

    def sentences(self, each: bool = True) -> list[str]:
        """The two tests' decisions in plain words, and why the other tests did not run."""
        return [self.sentence(o.test, o.shares, o.shares_se, share=True)
                for o in self.overall()] + [self.not_run]

    many_data_sets = False          # no data set has a sentence of its own

    def settings(self) -> str:
        """A line stating the data: data sets (mean scores only), rope and threshold."""
        return (f"{len(self.differences.datasets)} data sets, one mean score per data set and "
                f"classifier (no folds); rope ±{self.rope:g}; decision threshold "
                f"{self.threshold:g}")

    def figures(self) -> dict:
        """A dict of matplotlib Figures by name: "signed_rank" and "sign", the two tests'
        simplices (empty when the scores are identical)."""
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
                simplex_plot(result._samples, wording.region_names(self.a, self.b), ax=ax)
                ax.set_title(f"{title}\n{self.a} against {self.b}")
                figures[name] = fig
        return figures
