"""How precisely the scores are given: what counts as a tie with a rope's edge.

The sign and signed-rank tests put each mean difference z_i (each pairwise sum z_i + z_j) on one
side of the rope's edges ±r (±2r), and a value *on* an edge counts by a rule (half and half, or
in the closed rope; :mod:`bayestut.methods.nonparametric`). Whether a value is on an edge is a
question about the input, not about the rope: it depends on how precisely the scores are known.

- **Per-fold scores are taken as exact**, as given: a fold's accuracy is k/n, and the paired means
  computed from them are exact up to float rounding. A sum is on an edge only if it equals it
  within ``FLOAT_SLACK`` = 1e-12: a thousand times the float rounding of a mean of a thousand
  folds, above the rounding of values given to more than 12 decimals, and below the gap between
  two distinct sums of means of fractions k/n (at least 1/(F n)^2 for F folds of n instances:
  1e-10 for 100 folds of 1,000).
- **Means given to d decimals are taken as rounded** to d decimals (a means-only table is almost
  always the reader's rounded averages): each mean is known to ±half a unit in its last decimal,
  a difference of two means to ±10^-d, a pairwise sum of two differences to ±2·10^-d. A sum
  whose interval of possible values holds the edge is on it. Means given to full float precision
  (more than ``MAX_DECIMALS`` decimals) are exact.

So a table given per fold, as unrounded means and as means rounded to 6 decimals finds the same
ties: an exact tie of the folds is within 2e-6 of the edge in the rounded means. Where every
data set has folds of the same size n, every other sum of F-fold means is at least 1/(F n) from
an edge (1/3000 for 100 folds of 30), far outside that band, and the three forms count alike.
With data sets of different sizes a sum of rounded means may miss an edge by less than their
rounding: it cannot be told from a tie and counts as one, which moves the shares a little;
:func:`bayestut.methods.nonparametric.tie_range` says when that could change a verdict. A sum
that is not a tie is never counted as one beyond what the input's own rounding leaves open: a
sum a few millionths inside the edge, of means given to 7 decimals (±2e-7), is inside.

Why per-fold scores are not taken as rounded to their decimals: a fold's accuracy k/n is often a
short decimal exactly (k/20 = 0.85, k/25, k/50, k/200), and cannot be told from a rounded one;
taken as ±0.005, every sum within 0.02 of an edge would be a tie. Per-fold scores that the reader
did round are therefore compared as given, as the authors' code compared them: the bundled
results (percentages to 3 decimals) have no sum exactly on ±2r, and contact-lenses's nbc - aode,
exactly 0.02 in its folds' fractions (1/3, 2/3), is 0.0200001 as published and counts outside.

Why not the exact rational value of each mean (``fractions.Fraction`` with a bounded
denominator)? Exact arithmetic needs the exact values, and a rounded mean does not determine
them: the mean of 100 folds of 30 instances is a multiple of 1/3000, and an interval of width
1e-6 around a 6-decimal mean often holds a fraction of smaller denominator than the true one.
Float means of exact scores need no recovery: their rounding (~1e-15) is far below any gap
between two distinct sums, which is what ``FLOAT_SLACK`` uses.
"""

from __future__ import annotations

import numpy as np

from ..data import Differences, as_numbers

MAX_DECIMALS = 12      # more decimals than this: the values are given to full float precision
FLOAT_SLACK = 1e-12    # float rounding of means and sums: values closer than this are equal
_FUZZ = 1e-15          # relative float error allowed when reading a value's decimals


def decimals(values) -> int | None:
    """The fewest decimals (at most ``MAX_DECIMALS``) that write every one of ``values``; None
    when more are needed (full float precision, e.g. 13/15 or a mean computed and not rounded).

    Parameters
    ----------
    values : array_like
        Finite numbers, e.g. a results table's score column (fractions, after any percent
        conversion: 86.6667 % read as 0.866667 has 6 decimals).

    Returns
    -------
    int or None
        The number of decimals, or None.
    """
    x = as_numbers(values, "the scores").ravel()
    x = x[np.isfinite(x)]
    fuzz = _FUZZ * np.maximum(1.0, np.abs(x))
    for d in range(MAX_DECIMALS + 1):
        if np.all(np.abs(x - np.round(x, d)) <= fuzz):
            return d
    return None


def rounding(values) -> float:
    """Half a unit in the last decimal of ``values``: how far each may be from the number it
    was rounded from (0 for values given to full float precision).

    Parameters
    ----------
    values : array_like
        The numbers as given.

    Returns
    -------
    float
        0.5·10^-d for values given to d decimals, else 0.
    """
    d = decimals(values)
    return 0.0 if d is None else 0.5 * 10.0 ** -d


def means_resolution(scores) -> float:
    """The half-width of a paired mean difference z = mean(a) - mean(b) of a means-only table:
    each mean is taken as rounded to the decimals the table gives, so z is known to twice
    their rounding. The decimals are the whole table's, not one classifier's: a CSV writer
    drops trailing zeros, and a column of a few means can look rounder than it was given.

    Parameters
    ----------
    scores : array_like
        The table's mean scores (its score column, every classifier's, as fractions).

    Returns
    -------
    float
        How far each z may lie from its true value (0 for means given to full precision).
    """
    return 2.0 * rounding(scores)


def resolution(z) -> float:
    """The half-width of mean differences given to a test (the tests' default).

    Parameters
    ----------
    z : array_like or Differences
        A ``Differences`` of per-fold scores: exact (the means are computed here, from the
        scores as given). Mean differences as numbers, or a ``Differences`` of a means-only
        table (one column): differences of two means rounded to the decimals they have.

    Returns
    -------
    float
        How far each z may lie from its true value: 0, or twice the rounding of z's decimals.
    """
    if isinstance(z, Differences):
        return 0.0 if z.x.shape[1] > 1 else means_resolution(z.x)
    return means_resolution(z)
