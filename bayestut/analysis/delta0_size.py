"""δ₀'s size in words: "by how much?", beside the probabilities of its three outcomes.

δ₀ is the hierarchical test's mean difference over the population of data sets. Its posterior
mean and equal-tailed credible interval are read off the result
(:meth:`~bayestut.methods.hierarchical_result.HierarchicalResult.delta0_interval`), on the axis
of a − b oriented so that a positive δ₀ favours a, whichever way the metric points. They are
given in the analysis's units, those of the rope (with ``percent``, the scores divided by 100:
fractions, so that δ₀ reads against the rope as every difference in the report does), and then
in percentage points of the scores as given, the units a reader of percentages thinks in.
The last digit shown is a tenth of the rope (of the interval, when it is narrower): enough to
place δ₀ against the rope's edges.
"""

from __future__ import annotations

import numpy as np

LEVEL = 0.95        # the credible interval's probability, in every report
MINUS = "−"         # a minus sign, not a hyphen (LaTeX: $-$)


def estimate(c) -> tuple[float, float, float] | None:
    """δ₀'s posterior mean and credible interval at :data:`LEVEL`.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    tuple of float or None
        (mean, lower, upper) in the analysis's units, positive when ``c.a`` is better; None
        without a hierarchical posterior (mean scores only, one data set).
    """
    h = getattr(c, "hierarchical", None)
    if h is None:
        return None
    low, high = h.delta0_interval(LEVEL)
    return h.delta0_mean, low, high


def digits(rope: float, low: float, high: float) -> int:
    """How many decimals δ₀ is shown with: the last is a tenth of the rope, or of the
    interval when it is narrower.

    Parameters
    ----------
    rope : float
        The rope's half-width.
    low, high : float
        The credible interval's ends.

    Returns
    -------
    int
        Decimals, 0 to 6.
    """
    steps = [x for x in (rope, high - low) if x > 0]
    if not steps:
        return 3
    return int(np.clip(np.ceil(-np.log10(min(steps) / 10) - 1e-9), 0, 6))


def shared_digits(comparisons) -> int | None:
    """One number of decimals for δ₀ in a table of several pairs (the K-classifier report):
    the coarsest of the pairs' own (:func:`digits`), so that every row is rounded alike and
    none claims more precision than another.

    Parameters
    ----------
    comparisons : iterable of Comparison or MeansComparison
        The pairs.

    Returns
    -------
    int or None
        Decimals; None when no pair has a hierarchical posterior.
    """
    each = [digits(c.rope, low, high) for c in comparisons
            for found in [estimate(c)] if found is not None for _, low, high in [found]]
    return min(each) if each else None


def signed(x: float, decimals: int) -> str:
    """A number with its sign, "+0.012" or "−0.012"; one that rounds to zero without one.

    Parameters
    ----------
    x : float
        The number.
    decimals : int
        Decimals shown.

    Returns
    -------
    str
        The text, with a minus sign (not a hyphen) when negative.
    """
    text = f"{abs(x):.{decimals}f}"
    if float(text) == 0:
        return text
    return ("+" if x > 0 else MINUS) + text


def cells(c, decimals: int | None = None) -> tuple[str, str] | None:
    """δ₀'s mean and interval as two table cells, "−0.014" and "−0.019 to −0.009".

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    decimals : int, optional
        Decimals shown (:func:`shared_digits`, for a table of pairs); the pair's own
        (:func:`digits`) by default.

    Returns
    -------
    tuple of str or None
        The mean and the interval, in the analysis's units; None without a hierarchical
        posterior.
    """
    found = estimate(c)
    if found is None:
        return None
    mean, low, high = found
    d = digits(c.rope, low, high) if decimals is None else decimals
    return signed(mean, d), f"{signed(low, d)} to {signed(high, d)}"


def clause(c, name=str, decimals: int | None = None) -> str:
    """δ₀'s size as a clause: its value, which classifier its sign favours, its interval, and
    with ``percent`` the same in percentage points.

    The sign says which classifier scores better on average, not that it is practically
    better (that is the rope's question, which the probabilities for δ₀ answer).

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    name : callable
        How a classifier's name is written (quoted, in a paper).
    decimals : int, optional
        Decimals shown, as for :func:`cells`.

    Returns
    -------
    str
        E.g. "δ₀ = +0.012 (positive: mine scores better on average), 95% credible interval
        +0.004 to +0.020"; "an interval that includes 0" when it does; empty without a
        hierarchical posterior.
    """
    found = estimate(c)
    if found is None:
        return ""
    mean, low, high = found
    d = digits(c.rope, low, high) if decimals is None else decimals
    side, who = ("negative", name(c.b)) if mean < 0 else ("positive", name(c.a))
    # a mean that rounds to 0 has no sign shown: naming a side beside "0.000" contradicts it
    said = ("zero to the decimals shown" if float(f"{abs(mean):.{d}f}") == 0 else
            f"{side}: {who} scores better on average")
    text = (f"δ₀ = {signed(mean, d)} ({said}), "
            f"{LEVEL:.0%} credible interval {signed(low, d)} to {signed(high, d)}")
    if not (low > 0 or high < 0):
        text += ", an interval that includes 0"
    if c.options.get("percent"):
        p = max(d - 2, 0)
        text += (f"; in percentage points of the scores as given, {signed(100 * mean, p)} "
                 f"({signed(100 * low, p)} to {signed(100 * high, p)})")
    return text
