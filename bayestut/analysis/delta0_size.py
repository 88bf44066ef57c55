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

Beside the size: P(δ₀ > 0), the posterior probability that the first classifier scores better
on average, the rope ignored; and, when δ₀'s interval excludes 0 but no outcome for δ₀ passes
the threshold, the sentence saying what that supports and what it does not. The console, the
HTML report and the ``.md``/``.tex`` (:mod:`bayestut.analysis.writeup`) all take these words
from here.
"""

from __future__ import annotations

import numpy as np

from . import wording
from ..methods import hierarchical_exact
from ..methods.decisions import NO_DECISION, decide_regions
from ..methods.diagnostics import mcse_mean

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


def cells(c) -> tuple[str, str] | None:
    """δ₀'s mean and interval as two table cells, "−0.014" and "−0.019 to −0.009", rounded as
    the pair's own report rounds them (:func:`digits`), in a table of pairs too.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

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
    d = digits(c.rope, low, high)
    return signed(mean, d), f"{end(low, d)} to {end(high, d)}"


def end(x: float, decimals: int) -> str:
    """An interval's end: :func:`signed`, but one that would round to zero keeps its sign
    with one significant digit ("−0.00004", not "0.0000" beside P(δ₀ > 0) = 0.97: which side
    of 0 the interval starts on is what a reader reads off it; reader 30).

    Parameters
    ----------
    x : float
        The end.
    decimals : int
        Decimals shown otherwise.

    Returns
    -------
    str
        The text.
    """
    if x == 0 or float(f"{abs(x):.{decimals}f}") != 0:
        return signed(x, decimals)
    return signed(x, max(decimals, int(np.ceil(-np.log10(abs(x))))))


def above_zero(c) -> tuple[float, float] | None:
    """The posterior probability that δ₀ > 0, i.e. that ``c.a`` scores better on average (the
    rope ignored), with its error.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    tuple of float or None
        (probability, error): the exact engine's integral on its fine grid, the error its
        difference from the check grid's (as every probability it reports); Stan's share of
        draws above 0, with its Monte Carlo standard error. None without a hierarchical
        posterior.
    """
    h = getattr(c, "hierarchical", None)
    if h is None:
        return None
    grids = getattr(h, "grids", None)
    if grids is not None:          # δ₀ is only rescaled on the grid: 0 stays 0
        fine, check = (1.0 - float(hierarchical_exact.delta0_cdf(g, 0.0)[0]) for g in grids)
        return fine, abs(fine - check)
    above = (h.delta0 > 0).reshape(h.diagnostics.chains, -1, 1)
    return float(above.mean()), float(mcse_mean(above)[0])


def above_zero_clause(c, name=str, paper: bool = False) -> str:
    """P(δ₀ > 0) named by what it means: "P(δ₀ > 0), that mine scores better on average, is
    0.987" (a paper spells out P: "the probability that δ₀ > 0, that ...").

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    name : callable
        How a classifier's name is written (quoted, in a paper).
    paper : bool
        In a paper's prose, which writes no "P(…)".

    Returns
    -------
    str
        The clause; empty without a hierarchical posterior.
    """
    found = above_zero(c)
    if found is None:
        return ""
    p, se = found
    said = "the probability that δ₀ > 0" if paper else "P(δ₀ > 0)"
    return (f"{said}, that {name(c.a)} scores better on average, "
            f"{wording.is_(wording.number(p, se))}")


def size(c) -> str:
    """δ₀'s value and credible interval, with ``percent`` the same in percentage points: "δ₀ =
    +0.012, 95% credible interval +0.004 to +0.020".

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        The clause, rounded as :func:`cells`; empty without a hierarchical posterior.
    """
    found = estimate(c)
    if found is None:
        return ""
    mean, low, high = found
    d = digits(c.rope, low, high)
    text = f"δ₀ = {signed(mean, d)}, {LEVEL:.0%} credible interval {end(low, d)} to {end(high, d)}"
    if c.options.get("percent"):
        p = max(d - 2, 0)
        text += (f" (in percentage points: {signed(100 * mean, p)}, "
                 f"{end(100 * low, p)} to {end(100 * high, p)})")
    return text


def clause(c, name=str, paper: bool = False) -> str:
    """δ₀'s size as one clause: :func:`size`, then P(δ₀ > 0) (:func:`above_zero_clause`).

    The sign says which classifier scores better on average, not that it is practically
    better (that is the rope's question, which the probabilities for δ₀ answer).

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    name : callable
        How a classifier's name is written (quoted, in a paper).
    paper : bool
        In a paper's prose (:func:`above_zero_clause`).

    Returns
    -------
    str
        E.g. "δ₀ = +0.012, 95% credible interval +0.004 to +0.020; P(δ₀ > 0), that mine
        scores better on average, is 0.998"; empty without a hierarchical posterior.
    """
    text = size(c)
    return f"{text}; {above_zero_clause(c, name, paper)}" if text else ""


def supported(c, name=str, advice: bool = True) -> str:
    """When δ₀'s credible interval excludes 0 but no outcome for δ₀ passes the threshold, or
    equivalence does: the sentence saying what the posterior supports (which classifier scores
    better on average) and what it does not (that it is practically better on average).

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    name : callable
        How a classifier's name is written (quoted, in a paper).
    advice : bool
        Add what to write and what not (the console and HTML); a paper states the finding only.

    Returns
    -------
    str
        The sentence, or empty (the interval includes 0, δ₀ is decided for a side, or no
        hierarchical posterior).
    """
    found = estimate(c)
    if found is None or getattr(c, "identical", False):
        return ""
    _, low, high = found
    p = c.overall()[-1].delta0
    decided = str(decide_regions(p, c.threshold))
    if (low <= 0 <= high) or decided not in (NO_DECISION, "rope"):
        return ""
    better, worse = (name(c.a), name(c.b)) if low > 0 else (name(c.b), name(c.a))
    if decided == "rope":       # equivalent on average, yet one side of 0 (reader 25)
        if advice:
            return (f"You may write that {better} scores better on average than {worse} "
                    f"(δ₀'s {LEVEL:.0%} interval excludes 0), by less than the rope: the two "
                    "are practically equivalent on average.")
        return (f"{better} scores better on average than {worse} (δ₀'s {LEVEL:.0%} credible "
                f"interval excludes 0), by less than the rope ±{c.rope:g}.")
    practically = f"practically better on average (by more than the rope ±{c.rope:g})"
    if advice:
        return (f"You may write that {better} scores better on average than {worse} (δ₀'s "
                f"{LEVEL:.0%} interval excludes 0), not that it is {practically}.")
    return (f"{better} scores better on average than {worse} (δ₀'s {LEVEL:.0%} credible "
            f"interval excludes 0), but it is not shown to be {practically}.")
