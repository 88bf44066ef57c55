"""The result of :func:`~bayestut.analysis.compare.compare` on mean scores only: the sign and
signed-rank tests of two classifiers (:mod:`bayestut.analysis.means` pairs the means and says
which tests are missing), reported by the same functions as
:class:`~bayestut.analysis.comparison.Comparison` (:mod:`bayestut.analysis.comparison_text`)."""

from __future__ import annotations

import dataclasses
import functools

import pandas as pd

from ..methods.nonparametric import SimplexPosterior
from .comparison import Overall, PairResult, simplex_overall
from .dataset_text import per_dataset_frame
from .means import NOT_RUN


@dataclasses.dataclass(frozen=True, kw_only=True, repr=False)
class MeansComparison(PairResult):
    """The sign and signed-rank tests of a against b on the data sets' mean scores.

    What :func:`~bayestut.compare` returns when the results hold one mean score per data set
    and classifier: the correlated t-test and the hierarchical test need every fold, so they
    are not part of this result; the verdict is the signed-rank test's. The settings,
    :attr:`probabilities`, :attr:`decision` and the report's methods are
    :class:`~bayestut.analysis.comparison.PairResult`'s.

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

    signed_rank: SimplexPosterior               # always run on mean scores
    sign: SimplexPosterior
    not_run: str = NOT_RUN

    tests = ("sign", "signed-rank")               # in the order of overall(); the last leads
    # the tests mean scores cannot have, read alike on every pair's result (many, writeup)
    per_dataset = hierarchical = refused = plan = None
    about = "new data set"

    @functools.cached_property
    def _overall(self) -> tuple[Overall, ...]:
        return (simplex_overall("sign test on the means", self.sign),
                simplex_overall("signed-rank test on the means", self.signed_rank))

    def per_dataset_table(self, formatted: bool = False) -> pd.DataFrame:
        """A table with one row per data set: its mean difference (no test runs on one).

        Parameters
        ----------
        formatted : bool
            The numbers as the reports print them (strings), in place of floats.

        Returns
        -------
        pandas.DataFrame
            One row per data set.
        """
        if formatted:
            return per_dataset_frame(self)
        return pd.DataFrame({"mean difference": self.differences.means().to_numpy()},
                            index=pd.Index(self.differences.datasets, name="data set"))
