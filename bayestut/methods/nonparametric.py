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

Ties with the rope's edges are decided by how precisely the input gives the scores, not by the
rope (:mod:`bayestut.methods.ties`): per-fold scores are exact, so a value is on an edge only if
it equals it (up to float rounding); means given to d decimals are taken as rounded, so a value
whose interval of possible true values holds the edge is on it (±10^-d for a difference of two
means, ±2·10^-d for a pairwise sum). The same table given per fold, as means and as means rounded
to 6 decimals thus finds the same ties at any rope of 1e-4 or more (exactly so when every data
set's folds have one size: the ties module says why), and a sum that misses an edge by more than the
input's rounding is never a tie. A value on an edge counts:

- sign test: a difference on ±r lies in the rope, which is closed, [-r, r], as JMLR eq. 10
  writes it;
- signed-rank test: a pairwise sum on ±2r counts one half to the rope and one half outside,
  as in the authors' code (the published Tables 9-12 were computed so); with accuracies on test
  folds of n instances, multiples of 1/n, such ties are common;
- with no rope (r = 0), a difference (or sum) of 0 is a tie between the two outcomes and
  counts one half to each, so that the test has two outcomes, P(left) + P(right) = 1 (JMLR
  §4.2.2; Benavoli et al. 2014). This holds for the pseudo-observation z0 = 0 too.

Where ties decide a verdict, :func:`tie_range` counts them every way the input's precision
allows (each edge's ties all inside or all outside, on the same Dirichlet weights) and says
whether the decision could change.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..errors import InputError
from ..checks import check_rope, check_within_one
from ..data import Differences, as_numbers
from .decisions import decide_regions, labelled, outcomes
from .ties import FLOAT_SLACK, resolution as default_resolution

ROPE = 0.01
PRIOR_STRENGTH = 0.5
N_SAMPLES = 150_000
CHUNK_ELEMENTS = 1 << 20     # weights held in memory at once: about 8 MB


@dataclass(frozen=True)
class SimplexPosterior:
    """The result of a Bayesian sign or signed-rank test: posterior samples of theta, the
    three outcomes' probabilities, for a - b.

    Its numbers are labelled by outcome in the reading order: "<a> better", "equivalent",
    "<b> better".

    Attributes
    ----------
    probabilities : pandas.Series
        The posterior probability of each outcome: the share of samples in which its theta is
        the largest (JMLR Tables 9-11; the 0.95 rule reads it).
    expected_probabilities : pandas.Series
        The expected probability of each outcome: the posterior mean of its theta.
    samples : pandas.DataFrame
        The samples of theta, one row per sample, one column per outcome.
    labels : tuple of str
        The outcomes' names in the reading order.
    a : str
        The first classifier's name, which labels the outcomes.
    b : str
        The second classifier's name.
    """

    _samples: np.ndarray     # internal: (n_samples, 3), the number line's (left, rope, right)
    a: str = "a"
    b: str = "b"

    @property
    def labels(self) -> tuple[str, str, str]:
        """The outcomes' names in the reading order ("<a> better", "equivalent", "<b> better")."""
        return outcomes(self.a, self.b)

    @property
    def samples(self) -> pd.DataFrame:
        """The samples of theta, one row per sample, one column per outcome."""
        return labelled(self._samples, self.a, self.b)

    @property
    def _shares(self) -> np.ndarray:
        """Internal: the share of samples in which left, rope, right has the largest theta."""
        return np.bincount(self._samples.argmax(axis=1), minlength=3) / len(self._samples)

    @property
    def probabilities(self) -> pd.Series:
        """The posterior probability of each outcome, the share of samples in which its
        theta is the largest (JMLR Tables 9-11; the 0.95 rule reads it)."""
        return labelled(self._shares, self.a, self.b, "posterior probability")

    @property
    def expected_probabilities(self) -> pd.Series:
        """The expected probability of each outcome, the posterior mean of its theta."""
        return labelled(self._samples.mean(axis=0), self.a, self.b, "expected probability")


def _inputs(z, rope, s, z0, n_samples, resolution):
    """Mean differences as a float array, classifier names and the differences' half-width
    (``resolution``, or the one their form implies), after checking everything."""
    a, b = "a", "b"
    if resolution is None:
        resolution = default_resolution(z)
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
    if not np.isfinite(resolution) or resolution < 0:
        raise InputError(f"the resolution (how far a mean difference may be from its true "
                         f"value) must be a finite number >= 0, got {resolution}")
    return z, a, b, float(resolution)


def _ties(ties, rope: float, rule: tuple[float, float]) -> tuple[float, float]:
    """The share of the lower and of the upper edge's ties counted inside the rope."""
    lower, upper = rule if ties is None else ties
    if not (0 <= lower <= 1 and 0 <= upper <= 1) or (rope == 0 and lower + upper != 1):
        raise InputError(f"ties must be two shares in [0, 1] (summing to 1 with no rope), "
                         f"got {ties}")
    return lower, upper


def _half_widths(values, resolution: float) -> np.ndarray:
    """Each value's half-width, float rounding included; the pseudo-observation (first) is exact."""
    h = np.full(len(values), resolution + FLOAT_SLACK / 2)
    h[0] = FLOAT_SLACK / 2
    return h


def region_shares(values, rope: float = ROPE, half_widths=0.0, ties=None) -> np.ndarray:
    """Each value's (left, rope, right) share for the sign test.

    Parameters
    ----------
    values : array_like
        The values (the pseudo-observation may be among them, ±inf too).
    rope : float
        The rope's half-width r.
    half_widths : float or array_like
        How far each value may lie from its true value: a value whose interval holds ±r is on
        that edge (0: only a value equal to it).
    ties : (float, float), optional
        The shares of the lower and the upper edge's values counted in the rope; by default
        all (the closed rope), and with r = 0 half left, half right (the module's docstring).

    Returns
    -------
    numpy.ndarray
        One row per value: 1 in its region, or its value on an edge split by ``ties``.
    """
    values = np.asarray(values, dtype=float)
    h = np.broadcast_to(np.asarray(half_widths, dtype=float), values.shape)
    lower_in, upper_in = _ties(ties, rope, (0.5, 0.5) if rope == 0 else (1.0, 1.0))
    left, right = values + h < -rope, values - h > rope
    on_lower, on_upper = (values - h <= -rope) & ~left, (values + h >= rope) & ~right
    left = left + (1 - lower_in) * on_lower
    right = right + (1 - upper_in) * on_upper
    return np.column_stack([left, 1.0 - left - right, right])


def sign_test(z, rope: float = ROPE, s: float = PRIOR_STRENGTH, z0: float = 0.0,
              n_samples: int = N_SAMPLES, seed=None, a: str | None = None,
              b: str | None = None, resolution: float | None = None,
              ties=None) -> SimplexPosterior:
    """Bayesian sign test: (P(z < -r), P(``|z|`` <= r), P(z > r)) ~ Dirichlet (JMLR eq. 10).

    A difference on ±r is in the rope; with r = 0 a zero difference counts half to each side.
    The prior strength defaults to s = 0.5, as JMLR §4.2 uses for both tests; baycomp's
    ``SignTest`` defaults to 1, which moves the rope's share of draws on the papers' 54 data
    sets by up to 0.03 (pass ``s=1`` to compare with it).

    Parameters
    ----------
    z : array_like or Differences
        Mean differences a - b, one per data set (a ``Differences``: its per-data-set means,
        and its classifier names label the result).
    rope : float
        The rope's half-width r, in the metric's units.
    s, z0 : float
        The prior's strength and its pseudo-observation (which may be ±inf); ``s`` is added to
        the region holding ``z0``.
    n_samples : int
        Draws of the three probabilities.
    seed : int or numpy.random.Generator, optional
        The random numbers' seed.
    a, b : str, optional
        The classifiers' names (default: the ``Differences``'s, else "a" and "b").
    resolution : float, optional
        How far each difference may lie from its true value, which decides what is on an edge
        (default: from the form of ``z``, :func:`bayestut.methods.ties.resolution`).
    ties : (float, float), optional
        The shares of the lower and the upper edge's ties counted in the rope, instead of the
        rule (:func:`tie_range` uses it).

    Returns
    -------
    SimplexPosterior
        Draws of the three outcomes' probabilities; its ``probabilities`` (the posterior
        probability) and ``expected_probabilities`` are labelled "<a> better", "equivalent",
        "<b> better".
    """
    z, a0, b0, res = _inputs(z, rope, s, z0, n_samples, resolution)
    values = np.concatenate([[z0], z])
    shares = region_shares(values, rope, _half_widths(values, res), ties)
    alpha = shares[1:].sum(axis=0) + s * shares[0]
    # Dirichlet as normalised gammas; a zero count gives a gamma of shape 0, i.e. exactly 0
    gammas = np.random.default_rng(seed).standard_gamma(alpha, size=(int(n_samples), 3))
    return SimplexPosterior(gammas / gammas.sum(axis=1, keepdims=True), a or a0, b or b0)


def region_masses(values, weights, rope: float = ROPE, half_widths=0.0,
                  ties=None) -> np.ndarray:
    """(left, rope, right) masses of the pairwise sums of ``values`` under each row of ``weights``.

    Row by row this is JMLR eq. 11: sum_ij w_i w_j I(values_i + values_j < -2r), and so on,
    over all ordered pairs including i = j. The double sum is never formed: with the values'
    upper ends v + h sorted, {j : (v_i + h_i) + (v_j + h_j) < c} is a prefix of their order
    (and so with the lower ends v - h), so each inner sum is a cumulative sum of the weights
    read at one index per i: O(samples x values) work.

    Parameters
    ----------
    values : array_like
        The values, the pseudo-observation among them (±inf too).
    weights : array_like
        One row of weights per sample, one column per value; need not be normalised (each
        row is divided by its total squared).
    rope : float
        The rope's half-width r: the sums are compared with ±2r.
    half_widths : float or array_like
        How far each value may lie from its true value: a sum whose interval of possible
        values holds ±2r is on that edge (0: only a sum equal to it).
    ties : (float, float), optional
        The shares of the lower and the upper edge's sums counted in the rope; by default
        half, and with r = 0 half to each side (the module's docstring).

    Returns
    -------
    numpy.ndarray
        One row of (left, rope, right) masses per row of ``weights``.
    """
    values = np.asarray(values, dtype=float)
    weights = np.atleast_2d(np.asarray(weights, dtype=float))
    h = np.broadcast_to(np.asarray(half_widths, dtype=float), values.shape)
    lower_in, upper_in = _ties(ties, rope, (0.5, 0.5))
    upper_ends, lower_ends = values + h, values - h
    up, low = np.argsort(upper_ends, kind="stable"), np.argsort(lower_ends, kind="stable")
    # per i, how many j have a sum surely below -2r, possibly at or below it; surely below
    # 2r, possibly at or below it (the sums as intervals; strict and closed comparisons)
    below = np.searchsorted(upper_ends[up], -2 * rope - upper_ends, side="left")
    low_edge = np.searchsorted(lower_ends[low], -2 * rope - lower_ends, side="right")
    high_edge = np.searchsorted(upper_ends[up], 2 * rope - upper_ends, side="left")
    upto = np.searchsorted(lower_ends[low], 2 * rope - lower_ends, side="right")

    def cumulative(order):
        return np.concatenate([np.zeros((len(weights), 1)),
                               np.cumsum(weights[:, order], axis=1)], axis=1)

    cum_up = cumulative(up)
    cum_low = cum_up if np.array_equal(up, low) else cumulative(low)
    total = cum_up[:, -1]
    # the weight of the j surely left of the lower edge, plus the outside share of those on it;
    # of the j surely right of the upper edge, plus the outside share of those on it
    left_inner = lower_in * cum_up[:, below] + (1 - lower_in) * cum_low[:, low_edge]
    right_inner = (upper_in * cum_low[:, upto] + (1 - upper_in) * cum_up[:, high_edge])
    left = np.einsum("ij,ij->i", weights, left_inner) / total**2
    # the weight not at or below the upper edge, taken per j (so that none gives exactly 0)
    right = np.einsum("ij,ij->i", weights, total[:, None] - right_inner) / total**2
    # a sum of rounded terms can fall a rounding error outside [0, 1]
    left, right = np.clip(left, 0.0, 1.0), np.clip(right, 0.0, 1.0)
    return np.column_stack([left, np.clip(1.0 - left - right, 0.0, 1.0), right])


def signed_rank_test(z, rope: float = ROPE, s: float = PRIOR_STRENGTH, z0: float = 0.0,
                     n_samples: int = N_SAMPLES, seed=None, a: str | None = None,
                     b: str | None = None, resolution: float | None = None,
                     ties=None) -> SimplexPosterior:
    """Bayesian signed-rank test (JMLR eq. 11), Monte Carlo over Dirichlet(s, 1, ..., 1) weights.

    A pairwise sum on ±2r counts half to the rope and half outside; with r = 0 a zero sum
    half to each side. Samples are drawn in chunks so memory stays bounded whatever
    ``n_samples`` is.

    Parameters
    ----------
    z, rope, s, z0, n_samples, seed, a, b
        As for :func:`sign_test`.
    resolution : float, optional
        How far each difference may lie from its true value (a pairwise sum: twice as far);
        default from the form of ``z`` (:func:`bayestut.methods.ties.resolution`).
    ties : (float, float), optional
        The shares of the lower and the upper edge's ties counted in the rope, instead of the
        rule (:func:`tie_range` uses it).

    Returns
    -------
    SimplexPosterior
        As for :func:`sign_test`.
    """
    z, a0, b0, res = _inputs(z, rope, s, z0, n_samples, resolution)
    values = np.concatenate([[z0], z])
    half_widths = _half_widths(values, res)
    rng = np.random.default_rng(seed)
    chunk = max(1, CHUNK_ELEMENTS // len(values))
    parts = []
    for start in range(0, int(n_samples), chunk):
        size = min(chunk, int(n_samples) - start)
        # Dirichlet(s, 1, ..., 1) as normalised gammas; shape 1 is the exponential
        weights = rng.standard_exponential((size, len(values)))
        weights[:, 0] = rng.standard_gamma(s, size)
        parts.append(region_masses(values, weights, rope, half_widths, ties))
    return SimplexPosterior(np.concatenate(parts), a or a0, b or b0)


@dataclass(frozen=True)
class TieRange:
    """A test's winning shares under its tie rule and under every other way the input's
    precision allows its ties to count (each edge's ties all in the rope or all outside)."""

    shares: np.ndarray        # (left, rope, right) under the rule
    low: np.ndarray           # each outcome's smallest share over the ways
    high: np.ndarray          # ... and its largest
    decisions: tuple          # the decision ('left', 'rope', 'right', 'none') under each way

    @property
    def crosses(self) -> bool:
        """Whether the decision depends on how ties within the input's precision count."""
        return len(set(self.decisions)) > 1


def tie_range(test, z, *, rope: float = ROPE, threshold: float = 0.95,
              resolution: float | None = None, **options) -> TieRange:
    """Whether a test's decision sits within the input's precision of the threshold.

    The test runs with its tie rule and again with each edge's ties counted all inside the rope
    or all outside (with no rope: all left or all right), on the same seed and so the same
    Dirichlet weights: the shares differ only by how ties count.

    Parameters
    ----------
    test : callable
        :func:`sign_test` or :func:`signed_rank_test`.
    z : array_like or Differences
        The mean differences, as for the test.
    rope, threshold : float
        The rope's half-width and the decision threshold.
    resolution : float, optional
        How far each difference may lie from its true value (default: from the form of ``z``).
    **options
        The test's other arguments (``s``, ``z0``, ``n_samples``, ``seed``...); give a seed.

    Returns
    -------
    TieRange
        The shares under the rule, each outcome's lowest and highest share, the decisions;
        ``crosses`` is True when they differ.
    """
    rule = test(z, rope=rope, resolution=resolution, **options)._shares
    z0 = options.get("z0", 0.0)
    values, *_, res = _inputs(z, rope, options.get("s", PRIOR_STRENGTH), z0,
                              options.get("n_samples", N_SAMPLES), resolution)
    if not _any_tie(np.concatenate([[z0], values]), rope, res, test):
        ways = []
    elif rope == 0:
        ways = [(0.0, 1.0), (1.0, 0.0)]
    else:
        ways = [(0.0, 0.0), (0.0, 1.0), (1.0, 0.0), (1.0, 1.0)]
    all_shares = np.array([rule] + [test(z, rope=rope, resolution=resolution, ties=way,
                                         **options)._shares for way in ways])
    return TieRange(rule, all_shares.min(axis=0), all_shares.max(axis=0),
                    tuple(str(d) for d in decide_regions(all_shares, threshold)))


def _any_tie(values, rope: float, resolution: float, test) -> bool:
    """Whether any value (sign test) or pairwise sum (signed-rank test) is on an edge."""
    h = _half_widths(values, resolution)
    if test is sign_test:
        sums, width, edge = values, h, rope
    else:
        sums, width, edge = values[:, None] + values[None, :], h[:, None] + h[None, :], 2 * rope
    return bool(np.any(np.abs(np.abs(sums) - edge) <= width))


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
