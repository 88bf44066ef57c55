"""The analytic results of Corani et al. (MLJ 2017, §4) on shrinkage with correlated data.

Model (9): delta_i ~ p(delta_i) with mean delta0 and variance sigma0^2; the n cross-validation
results of data set i are x_i ~ MVN(1 delta_i, Sigma), Sigma with variances sigma^2 and all
correlations rho.

- Proposition 2: the MLE x̄_i has MSE sigma_n^2 = 1' Sigma 1 / n^2 = sigma^2 (1 + (n-1) rho) / n,
  whatever p(delta_i) is.
- Proposition 3: the shrinkage estimator w x̄_i + (1 - w) delta0 has MSE
  w^2 sigma_n^2 + (1 - w)^2 sigma0^2, smallest at w = sigma0^2 / (sigma0^2 + sigma_n^2), where
  it equals sigma0^2 sigma_n^2 / (sigma0^2 + sigma_n^2) < sigma_n^2.

:func:`equicorrelated_sample` draws from model (9) for Monte Carlo checks of both.
"""

from __future__ import annotations

import numpy as np


def sigma_n2(sigma: float, rho: float, n: int) -> float:
    """Proposition 2: the variance of x̄_i, 1' Sigma 1 / n^2."""
    return sigma**2 * (1.0 + (n - 1) * rho) / n


def optimal_weight(sigma0_2: float, sigma_n2_: float) -> float:
    """The weight on x̄_i to which the hierarchical model converges (eq. 12)."""
    return sigma0_2 / (sigma0_2 + sigma_n2_)


def mse_shrinkage(w: float, sigma0_2: float, sigma_n2_: float) -> float:
    """Proposition 3: the MSE of w x̄_i + (1 - w) delta0."""
    return w**2 * sigma_n2_ + (1.0 - w) ** 2 * sigma0_2


def equicorrelated_sample(deltas, sigma: float, rho: float, n: int,
                          rng: np.random.Generator) -> np.ndarray:
    """x_i ~ MVN(1 delta_i, Sigma), one row per delta_i: a shared normal term per data set
    carries the correlation, sqrt(rho) sigma z_i + sqrt(1 - rho) sigma e_ij."""
    deltas = np.asarray(deltas, dtype=float)
    shared = rng.standard_normal((deltas.size, 1))
    own = rng.standard_normal((deltas.size, n))
    return deltas[:, None] + sigma * (np.sqrt(rho) * shared + np.sqrt(1.0 - rho) * own)
