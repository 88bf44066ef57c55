"""The two null-hypothesis significance tests the JMLR paper criticises (§2, §4.1)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats

from ..checks import check_within_one
from ..data import as_numbers
from ..errors import InputError


@dataclass(frozen=True)
class CorrelatedTTest:
    """Result of the correlated t-test; arrays when several data sets are tested at once."""

    t: np.ndarray
    p: np.ndarray
    mean: np.ndarray
    sd: np.ndarray
    n: int
    rho: float


def check_differences(x, min_folds: int = 2) -> np.ndarray:
    """Differences as a float array (folds on the last axis), or a clear InputError."""
    x = as_numbers(x, "the differences")
    if x.ndim not in (1, 2):
        raise InputError(f"differences must be 1-D (one data set) or 2-D (data sets x folds), "
                         f"got shape {x.shape}")
    if x.shape[-1] < min_folds:
        raise InputError(f"{x.shape[-1]} fold(s) given; at least {min_folds} are needed")
    if np.isnan(x).any():
        raise InputError("the differences contain NaN")
    check_within_one(x)
    return x


def check_rho(rho: float) -> float:
    if isinstance(rho, bool) or not isinstance(rho, (int, float, np.number)) or not 0.0 <= rho < 1.0:
        raise InputError(f"rho must be in [0, 1), got {rho}; with k-fold CV use rho = 1/k")
    return float(rho)


def correlated_ttest(x, rho: float) -> CorrelatedTTest:
    """Nadeau-Bengio correlated t-test of mean 0, two-sided (JMLR eq. 1-3).

    Vectorised over data sets (rows). Differences that are all equal have zero variance:
    all zero is no evidence at all (p = 1, as JMLR Table 2 reports for hayes-roth and
    labor); all equal to c != 0 is a certain difference (p = 0).
    """
    x = check_differences(x)
    rho = check_rho(rho)
    n = x.shape[-1]
    mean = x.mean(axis=-1)
    sd = x.std(axis=-1, ddof=1)
    scale = np.sqrt(sd**2 * (1.0 / n + rho / (1.0 - rho)))
    constant = np.ptp(x, axis=-1) == 0   # sd may round to 1e-18 rather than 0
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(constant, np.where(mean == 0, 0.0, np.sign(mean) * np.inf), mean / scale)
    p = 2.0 * stats.t.sf(np.abs(t), df=n - 1)
    return CorrelatedTTest(t=t, p=p, mean=mean, sd=sd, n=n, rho=rho)


def wilcoxon_signed_rank(z) -> float:
    """Two-sided Wilcoxon signed-rank p-value on paired means, one per data set.

    Conventions of R's ``wilcox.test(exact = FALSE)``, which JMLR Table 8 follows: zero
    differences dropped, normal approximation with tie-corrected variance and continuity
    correction.
    """
    z = np.asarray(z, dtype=float)
    if z.ndim != 1:
        raise InputError(f"give one mean difference per data set (1-D), got shape {z.shape}")
    if np.isnan(z).any():
        raise InputError("the mean differences contain NaN")
    if np.count_nonzero(z) < 2:
        raise InputError("fewer than 2 non-zero differences: the signed-rank test needs more data sets")
    return float(stats.wilcoxon(z, zero_method="wilcox", correction=True, method="approx").pvalue)
