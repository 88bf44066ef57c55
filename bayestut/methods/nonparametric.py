"""Bayesian sign and signed-rank tests on many data sets (JMLR §4.2.1; Benavoli et al. 2014).

The input is one mean difference z_i = score(a) - score(b) per data set. A Dirichlet process
prior of strength ``s`` centred on a pseudo-observation ``z0`` gives the posterior
p(z) = w_0 delta_{z0} + sum_i w_i delta_{z_i}, with (w_0, ..., w_q) ~ Dirichlet(s, 1, ..., 1)
(JMLR eq. 9). Both tests summarise it by three probabilities (left, rope, right):

- sign test: the mass of z below -r, inside [-r, r], above r. It is Dirichlet distributed
  (JMLR eq. 10), so it is sampled directly.
- signed-rank test: the mass of the pairwise sums z_i + z_j (all ordered pairs, i = j and
  the pseudo-observation included) below -2r, inside [-2r, 2r], above 2r (JMLR eq. 11),
  sampled by Monte Carlo over the Dirichlet weights.

Ties with the rope's edges are decided one way, whatever form the scores came in. Two
numbers closer than ``TIE_TOLERANCE`` = 1e-5 (or a thousandth of the rope, if that is smaller)
count as equal: scores are taken to be known to 5 decimals (the papers' accuracies are published
as percentages with 3 decimals), so that the same results given per fold, as means, or as means
rounded to 6 or 10 decimals, whose sums differ in the last digits, give the same answer. Then:

- sign test: a difference on ±r lies in the rope, which is closed, [-r, r], as JMLR eq. 10
  writes it;
- signed-rank test: a pairwise sum on ±2r counts one half to the rope and one half outside,
  as in the authors' code (the published Tables 9-12 were computed so); with accuracies on test
  folds of n instances, multiples of 1/n, such ties are common, and without the tolerance the
  last bit decided them;
- with no rope (r = 0), a difference (or sum) of about 0 is a tie between the two outcomes and
  counts one half to each, so that the test has two outcomes, P(left) + P(right) = 1 (JMLR
  §4.2.2; Benavoli et al. 2014). This holds for the pseudo-observation z0 = 0 too.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..errors import InputError
from ..checks import check_rope, check_within_one
from ..data import Differences, as_numbers
from .decisions import outcome_names, probability_columns, shown

ROPE = 0.01
PRIOR_STRENGTH = 0.5
N_SAMPLES = 150_000
TIE_TOLERANCE = 1e-5         # scores known to 5 decimals: closer values are equal (see above)


def tie_tolerance(rope: float) -> float:
    """How close to a rope's edge counts as on it: ``TIE_TOLERANCE``, or a thousandth of a
    smaller rope, so that the edges of a narrow rope stay where the reader put them."""
    return TIE_TOLERANCE if rope == 0 else min(TIE_TOLERANCE, rope / 1000)

CHUNK_ELEMENTS = 1 << 20     # weights held in memory at once: about 8 MB


@dataclass(frozen=True)
class SimplexPosterior:
    """Samples of (P(left), P(rope), P(right)) for a - b, one row per sample."""

    samples: np.ndarray      # (n_samples, 3)
    a: str = "a"
    b: str = "b"

    @property
    def labels(self) -> tuple[str, str, str]:
        """The outcomes' names in the samples' (left, rope, right) order."""
        return outcome_names(self.a, self.b)

    @property
    def vertices(self) -> tuple[str, str, str]:
        """Names of the simplex corners: left is certainty that b is better, right that a is."""
        return (self.b, "rope", self.a)

    @property
    def shares(self) -> np.ndarray:
        """Share of samples in which left, rope, right has the largest probability."""
        return np.bincount(self.samples.argmax(axis=1), minlength=3) / len(self.samples)

    def winning_shares(self) -> pd.Series:
        """Share of samples in which each outcome has the largest probability (JMLR Tables
        9-11), named and in the order a reader sees: P(a better), P(equivalent), P(b better)."""
        return self._named(self.shares, "share of samples where largest")

    def means(self) -> pd.Series:
        """Posterior mean of each probability, named as in :meth:`winning_shares`."""
        return self._named(self.samples.mean(axis=0), "posterior mean")

    def _named(self, values, name: str) -> pd.Series:
        return pd.Series(shown(values), index=probability_columns(self.a, self.b), name=name)


def _inputs(z, rope, s, z0, n_samples):
    """Mean differences as a float array plus classifier names, after checking everything."""
    a, b = "a", "b"
    if isinstance(z, Differences):
        a, b, z = z.a, z.b, z.means().to_numpy()
    z = as_numbers(z, "the mean differences")
    if z.ndim != 1:
        raise InputError(f"give one mean difference per data set (1-D), got shape {z.shape}")
    if z.size == 0:
        raise InputError("no mean differences given: at least one data set is needed")
    if not np.isfinite(z).all():
        raise InputError("the mean differences contain NaN or infinity")
    check_within_one(z)
    rope = check_rope(rope, positive=False)     # a rope of 0: no equivalence (JMLR §4)
    if not np.isfinite(s) or s <= 0:
        raise InputError(f"the prior strength s must be > 0, got {s}")
    if np.isnan(z0):
        raise InputError("the pseudo-observation z0 is NaN; give a number or ±inf")
    if int(n_samples) != n_samples or n_samples < 1:
        raise InputError(f"n_samples must be a positive integer, got {n_samples}")
    return z, a, b


def region_shares(values, rope: float = ROPE) -> np.ndarray:
    """Each value's (left, rope, right) share: 1 in its region; within ``tie_tolerance`` of ±r
    a value is in the (closed) rope, and with r = 0 a value of about 0 counts half left, half
    right (see the module's docstring). One row per value."""
    values = np.asarray(values, dtype=float)
    edge = rope + tie_tolerance(rope)
    left, right = values < -edge, values > edge
    middle = ~(left | right)
    if rope == 0:
        return np.column_stack([left + 0.5 * middle, np.zeros(len(values)), right + 0.5 * middle])
    return np.column_stack([left, middle, right]).astype(float)


def sign_test(z, rope: float = ROPE, s: float = PRIOR_STRENGTH, z0: float = 0.0,
              n_samples: int = N_SAMPLES, seed=None, a: str | None = None,
              b: str | None = None) -> SimplexPosterior:
    """Bayesian sign test: (P(z < -r), P(|z| <= r), P(z > r)) ~ Dirichlet (JMLR eq. 10).

    ``z`` is an array of mean differences a - b (or a ``Differences``, whose per-data-set
    means are used and whose classifier names label the result). The prior adds ``s`` to
    the region holding ``z0``; ``z0`` may be ±inf. A difference on ±r (within ``tie_tolerance``)
    is in the rope; with r = 0 a zero difference counts half to each side.

    The prior strength defaults to s = 0.5, as JMLR §4.2 uses for both tests; baycomp's
    ``SignTest`` defaults to 1, which moves the rope's share of draws on the papers' 54 data
    sets by up to 0.03 (pass ``s=1`` to compare with it).
    """
    z, a0, b0 = _inputs(z, rope, s, z0, n_samples)
    alpha = region_shares(z, rope).sum(axis=0) + s * region_shares([z0], rope)[0]
    # Dirichlet as normalised gammas; a zero count gives a gamma of shape 0, i.e. exactly 0
    gammas = np.random.default_rng(seed).standard_gamma(alpha, size=(int(n_samples), 3))
    return SimplexPosterior(gammas / gammas.sum(axis=1, keepdims=True), a or a0, b or b0)


def region_masses(values, weights, rope: float = ROPE) -> np.ndarray:
    """(left, rope, right) masses of the pairwise sums of ``values`` under each row of ``weights``.

    Row by row this is JMLR eq. 11: sum_ij w_i w_j I(values_i + values_j < -2r), and so on,
    over all ordered pairs including i = j; a sum within ``tie_tolerance`` of ±2r counts half
    to the rope and half outside, and with r = 0 a sum of about 0 half to each side (the
    module's docstring). Weights need not be normalised (each row is divided by its total
    squared). The double sum is never formed: with the values sorted, {j : v_i + v_j < c} is a
    prefix of the order, so the inner sum is a cumulative sum of the weights read at one index
    per i: O(samples x values) work.
    """
    values = np.asarray(values, dtype=float)
    weights = np.atleast_2d(np.asarray(weights, dtype=float))
    order = np.argsort(values, kind="stable")
    v, w = values[order], weights[:, order]
    sums = v[:, None] + v[None, :]           # values x values, computed as in the definition
    tol = tie_tolerance(rope)
    # for each i, how many j put v_i + v_j below the lower edge's band, and up to its end; then
    # the same for the upper edge: a sum inside a band is on that edge
    below, low_edge = np.sum(sums < -2 * rope - tol, axis=1), np.sum(sums <= -2 * rope + tol, axis=1)
    high_edge, upto = np.sum(sums < 2 * rope - tol, axis=1), np.sum(sums <= 2 * rope + tol, axis=1)
    cum = np.concatenate([np.zeros((len(w), 1)), np.cumsum(w, axis=1)], axis=1)
    total = cum[:, -1]
    # weight of the j left of the lower edge, plus half of those on it (with r = 0 both edges
    # are the one band around 0, which is then split half and half)
    left_inner = 0.5 * (cum[:, below] + cum[:, low_edge])
    right_inner = total[:, None] - 0.5 * (cum[:, high_edge] + cum[:, upto])
    left = np.sum(w * left_inner, axis=1) / total**2
    right = np.sum(w * right_inner, axis=1) / total**2
    return np.column_stack([left, 1.0 - left - right, right])


def signed_rank_test(z, rope: float = ROPE, s: float = PRIOR_STRENGTH, z0: float = 0.0,
                     n_samples: int = N_SAMPLES, seed=None, a: str | None = None,
                     b: str | None = None) -> SimplexPosterior:
    """Bayesian signed-rank test (JMLR eq. 11), Monte Carlo over Dirichlet(s, 1, ..., 1) weights.

    Arguments as for ``sign_test``. Samples are drawn in chunks so memory stays bounded
    whatever ``n_samples`` is.
    """
    z, a0, b0 = _inputs(z, rope, s, z0, n_samples)
    values = np.concatenate([[z0], z])
    rng = np.random.default_rng(seed)
    chunk = max(1, CHUNK_ELEMENTS // len(values))
    parts = []
    for start in range(0, int(n_samples), chunk):
        size = min(chunk, int(n_samples) - start)
        # Dirichlet(s, 1, ..., 1) as normalised gammas; shape 1 is the exponential
        weights = rng.standard_exponential((size, len(values)))
        weights[:, 0] = rng.standard_gamma(s, size)
        parts.append(region_masses(values, weights, rope))
    return SimplexPosterior(np.concatenate(parts), a or a0, b or b0)


def signed_rank_statistic(z) -> int:
    """The statistic t of JMLR §4.1: the number of pairs i <= j with z_i >= -z_j.

    Without zeros and ties this is the sum of the ranks of |z| over the positive z. It is the
    frequentist counterpart of eq. 11: the same double sum, with fixed instead of random weights.
    """
    z = as_numbers(z, "the mean differences")
    if z.ndim != 1 or z.size == 0 or np.isnan(z).any():
        raise InputError("give a non-empty 1-D array of mean differences without NaN")
    i, j = np.triu_indices(len(z))
    return int(np.sum(z[i] >= -z[j]))
