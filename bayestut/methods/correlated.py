"""The Bayesian correlated t-test (Corani and Benavoli 2015; JMLR §3).

Under the matching prior the posterior of the mean difference mu is a Student t with
n - 1 degrees of freedom, location x-bar and scale sqrt((1/n + rho/(1-rho)) s^2) (JMLR eq. 6).
Everything here is closed-form and vectorised over data sets.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike
from scipy import stats

from .decisions import labelled
from .frequentist import check_differences, check_rho
from ..errors import InputError


@dataclass(frozen=True)
class StudentPosterior:
    """The Bayesian correlated t-test's posterior of the mean difference mu = a - b, one per
    data set: a Student t (JMLR eq. 6).

    Read it with :meth:`probabilities`: the posterior probability of "<a> better",
    "equivalent" and "<b> better" for a given rope. Indexing (``posterior[i]``) gives data set
    i's.

    Attributes
    ----------
    df : int
        The degrees of freedom, n - 1 for n differences per data set.
    loc : numpy.ndarray
        The location of each data set's posterior: its mean difference.
    scale : numpy.ndarray
        The scale of each data set's posterior; 0 marks a point mass at ``loc`` (all the data
        set's differences equal).
    a : str
        The first classifier's name, which labels the outcomes.
    b : str
        The second classifier's name.
    """

    df: int
    loc: np.ndarray
    scale: np.ndarray
    a: str = "a"
    b: str = "b"

    def __getitem__(self, i) -> "StudentPosterior":
        """The posterior of data set (row) i."""
        return StudentPosterior(self.df, np.asarray(self.loc)[i], np.asarray(self.scale)[i],
                                self.a, self.b)

    def _t(self):
        # scipy refuses scale 0: evaluate the point masses apart
        return stats.t(self.df, loc=self.loc, scale=np.where(self.scale > 0, self.scale, 1.0))

    def cdf(self, v: ArrayLike) -> np.ndarray:
        """P(mu <= v), for each data set."""
        return np.where(self.scale > 0, self._t().cdf(v), (v >= self.loc).astype(float))

    def pdf(self, v: ArrayLike) -> np.ndarray:
        """The posterior density of mu at v, for each data set (inf at a point mass)."""
        return np.where(self.scale > 0, self._t().pdf(v), np.where(v == self.loc, np.inf, 0.0))

    def prob_positive(self) -> np.ndarray:
        """P(mu > 0)."""
        return np.where(self.scale > 0, self._t().sf(0.0), (self.loc > 0).astype(float))

    def probabilities(self, rope: float = 0.01) -> pd.Series | pd.DataFrame:
        """The posterior probability of each outcome.

        Parameters
        ----------
        rope : float
            The rope's half-width, in the metric's units.

        Returns
        -------
        pandas.Series or pandas.DataFrame
            P(a better) = P(mu > rope), P(equivalent), P(b better) = P(mu < -rope), labelled
            by outcome name in that order: a Series for one data set, a row per data set.
        """
        return labelled(self._rope(rope), self.a, self.b, "posterior probability")

    def _rope(self, rope: float = 0.01) -> np.ndarray:
        """Internal: P(mu < -rope), P(-rope <= mu <= rope), P(mu > rope) on the last axis (the
        number line's order)."""
        if rope < 0:
            raise InputError(f"the rope must be non-negative, got {rope}")
        below, above = self.cdf(-rope), self.cdf(rope)
        # a point mass exactly on +rope belongs to the rope: cdf(rope) counts it already
        return np.stack([below, above - below, 1.0 - above], axis=-1)

    def hdi(self, mass: float = 0.95) -> np.ndarray:
        """The highest-density interval holding ``mass`` (for a Student t, the central one):
        (lower, upper) on the last axis, one row per data set."""
        if not 0.0 < mass < 1.0:
            raise InputError(f"the HDI mass must be in (0, 1), got {mass}")
        half = stats.t.ppf(0.5 + mass / 2.0, self.df) * self.scale
        return np.stack([self.loc - half, self.loc + half], axis=-1)


def correlated_bayesian_ttest(x: ArrayLike, rho: float, a: str = "a",
                              b: str = "b") -> StudentPosterior:
    """The Bayesian correlated t-test: the posterior of the mean difference a - b on one data
    set or on each of many (Corani and Benavoli 2015; JMLR §3).

    Parameters
    ----------
    x : array_like
        The differences a - b of one data set (1-D), or of many (one row per data set), over
        every fold of every run of cross-validation.
    rho : float
        The correlation of the cross-validation's differences, 1/k for k folds.
    a, b : str
        The classifiers' names, which label the outcomes.

    Returns
    -------
    StudentPosterior
        Its ``probabilities(rope)`` are each data set's probability on this data set of
        "<a> better", "equivalent" and "<b> better".
    """
    x = check_differences(x)
    rho = check_rho(rho)
    n = x.shape[-1]
    # equal differences: an exact point mass at that value (the floating-point mean and sd
    # of equal numbers can be off by 1e-18, which would move a mass on the rope's edge)
    constant = np.ptp(x, axis=-1) == 0
    sd = np.where(constant, 0.0, x.std(axis=-1, ddof=1))
    loc = np.where(constant, x[..., 0], x.mean(axis=-1))
    scale = np.sqrt((1.0 / n + rho / (1.0 - rho)) * sd**2)
    return StudentPosterior(df=n - 1, loc=loc, scale=scale, a=str(a), b=str(b))
