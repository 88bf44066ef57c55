"""Turning three posterior probabilities into a decision (JMLR §3.2).

Every result a reader touches gives its probabilities labelled by outcome, in one order:
"<a> better · equivalent · <b> better" (:func:`outcomes`, :func:`labelled`), and
:func:`decide` answers with one of those names or "no decision". Inside the package the
methods compute on the number line of a - b, (left, rope, right) = (b better, equivalent,
a better); those arrays stay internal (underscore names), and :func:`labelled` turns them
into what a reader sees.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from ..errors import InputError

# internal: the regions of a - b on the number line, the order the methods compute in
REGIONS = ("left", "rope", "right")
NO_DECISION = "no decision"
EQUIVALENT = "equivalent"

# JMLR eq. 7, in the reading order: rows are the claims "a better", "equivalent", "b better"
# and "no decision"; columns the true states. A wrong claim costs 20, no decision costs 1, so
# a claim needs P > 1 - 1/20 = 0.95. (The matrix is the same in the papers' left-first order.)
LOSS_JMLR = np.array([[0, 20, 20],
                      [20, 0, 20],
                      [20, 20, 0],
                      [1, 1, 1]], dtype=float)

# The number line's (left, rope, right) in the reading order: SHOWN maps one to the other.
SHOWN = (2, 1, 0)


def shown(seq) -> list:
    """``seq``, given in the number line's (left, rope, right) order, in the reading order."""
    return [seq[i] for i in SHOWN]


def outcomes(a: str = "a", b: str = "b") -> tuple[str, str, str]:
    """The outcomes' names in the one reading order.

    Parameters
    ----------
    a, b : str
        The two classifiers' names, ``a`` the first ("mine").

    Returns
    -------
    tuple of str
        ``("<a> better", "equivalent", "<b> better")``.
    """
    return (f"{a} better", EQUIVALENT, f"{b} better")


def probability_columns(a: str, b: str) -> list[str]:
    """Table columns of the three probabilities, in the reading order: P(a better),
    P(equivalent), P(b better)."""
    return [f"P({name})" for name in outcomes(a, b)]


def labelled(p, a: str, b: str, name: str | None = None):
    """Number-line probabilities (left, rope, right on the last axis) as a reader sees them.

    Parameters
    ----------
    p : array_like
        Shape (3,) or (rows, 3), in the number line's (left, rope, right) order.
    a, b : str
        The classifiers' names.
    name : str, optional
        What the numbers are (e.g. "posterior probability"): the Series' name.

    Returns
    -------
    pandas.Series or pandas.DataFrame
        Indexed (columns, for 2-D ``p``) by :func:`outcomes`, in the reading order.
    """
    p = np.asarray(p, dtype=float)
    values = p[..., list(SHOWN)]
    if values.ndim == 1:
        return pd.Series(values, index=list(outcomes(a, b)), name=name)
    return pd.DataFrame(values, columns=list(outcomes(a, b)))


def _probs(p) -> np.ndarray:
    p = np.asarray(p, dtype=float)
    if p.shape[-1:] != (3,):
        raise InputError(f"give three probabilities (a better, equivalent, b better) on the "
                         f"last axis, got shape {p.shape}")
    if np.isnan(p).any() or (p < -1e-12).any() or (np.abs(p.sum(axis=-1) - 1) > 1e-6).any():
        raise InputError("probabilities must be non-negative and sum to 1")
    return p


def _names(p, a: str, b: str) -> tuple[np.ndarray, list[str], object]:
    """The probabilities in reading order, their outcome names, and the index of the rows."""
    if isinstance(p, pd.Series):
        return _probs(p.to_numpy()), [str(v) for v in p.index], None
    if isinstance(p, pd.DataFrame):
        return _probs(p.to_numpy()), [str(v) for v in p.columns], p.index
    return _probs(p), list(outcomes(a, b)), None


def _check_threshold(threshold) -> None:
    if not 0.5 <= threshold < 1.0:
        raise InputError(f"the threshold must be in [0.5, 1), got {threshold}")


def decide(p: pd.Series | pd.DataFrame | ArrayLike, threshold: float = 0.95, a: str = "a",
           b: str = "b"):
    """The 0.95 rule: the outcome whose probability exceeds the threshold, else "no decision".

    Parameters
    ----------
    p : pandas.Series, pandas.DataFrame or array_like
        A result's labelled probabilities (e.g. ``result.probabilities``; a DataFrame decides
        each row), or numbers in the reading order (a better, equivalent, b better).
    threshold : float
        In [0.5, 1); the papers' 0.95.
    a, b : str
        The names for unlabelled numbers.

    Returns
    -------
    str, numpy.ndarray or pandas.Series
        "<a> better", "equivalent", "<b> better" or "no decision": one name (a Series for a
        DataFrame, an array of names for a 2-D array).
    """
    _check_threshold(threshold)
    values, names, index = _names(p, a, b)
    best = values.argmax(axis=-1)
    hit = np.take_along_axis(values, best[..., None], axis=-1)[..., 0] > threshold
    chosen = np.where(hit, np.array(names, dtype=object)[best], NO_DECISION)
    if index is not None:
        return pd.Series(chosen, index=index, name="decision")
    return str(chosen) if chosen.ndim == 0 else chosen.astype(str)


def decide_regions(p, threshold: float = 0.95) -> np.ndarray:
    """Internal: :func:`decide` on number-line (left, rope, right) arrays; 'left', 'rope',
    'right' or "no decision" (the methods' and simulations' bookkeeping, never shown)."""
    _check_threshold(threshold)
    p = _probs(p)
    best = p.argmax(axis=-1)
    hit = np.take_along_axis(p, best[..., None], axis=-1)[..., 0] > threshold
    return np.where(hit, np.array(REGIONS)[best], NO_DECISION)


def decide_by_loss(p, loss=LOSS_JMLR, a: str = "a", b: str = "b"):
    """The claim of least expected loss ``loss @ p``.

    Parameters
    ----------
    p : pandas.Series, pandas.DataFrame or array_like
        As for :func:`decide`, in the reading order.
    loss : array_like
        4 x 3: rows the claims (a better, equivalent, b better, no decision), columns the
        true outcomes, both in the reading order.
    a, b : str
        The names for unlabelled numbers.

    Returns
    -------
    str, numpy.ndarray or pandas.Series
        As :func:`decide`. Ties go to "no decision", then to the earlier claim: a claim must
        be strictly better.
    """
    values, names, index = _names(p, a, b)
    loss = np.asarray(loss, dtype=float)
    if loss.shape != (4, 3):
        raise InputError(f"the loss matrix must be 4 x 3 (claims a better, equivalent, b "
                         f"better, no decision), got {loss.shape}")
    expected = values @ loss.T                # (..., 4)
    order = [3, 0, 1, 2]                      # look at 'no decision' first so it wins ties
    choice = np.array(order)[np.argmin(expected[..., order], axis=-1)]
    chosen = np.asarray(np.array([*names, NO_DECISION], dtype=object)[choice])
    if index is not None:
        return pd.Series(chosen, index=index, name="decision")
    return str(chosen) if chosen.ndim == 0 else chosen.astype(str)


def nhst_versus_bayes(p, decisions, alpha: float = 0.05, p_decimals: int | None = None) -> dict:
    """Cross-tabulate NHST rejections against Bayesian decisions (JMLR Tables 4-6).

    Parameters
    ----------
    p : array_like
        The p-values. A comparison is significant when p <= alpha (JMLR §2.1).
    decisions : array_like of str
        :func:`decide`'s names: "equivalent", "no decision" or a claim that one is better.
    alpha : float
        The significance level.
    p_decimals : int, optional
        Round p first, to judge p-values as printed (3 decimals in the paper).

    Returns
    -------
    dict
        Counts keyed by (rejected or not, "data sets" / "equivalent" / "difference" /
        "no decision").
    """
    p = np.asarray(p, dtype=float)
    if p_decimals is not None:
        p = np.round(p, p_decimals)
    decisions = np.asarray(decisions).astype(str)
    rejected = p <= alpha
    equivalent, undecided = decisions == EQUIVALENT, decisions == NO_DECISION
    counts = {}
    for name, mask in (("not rejected", ~rejected), ("rejected", rejected)):
        counts[(name, "data sets")] = int(mask.sum())
        counts[(name, "equivalent")] = int((mask & equivalent).sum())
        counts[(name, "difference")] = int((mask & ~equivalent & ~undecided).sum())
        counts[(name, "no decision")] = int((mask & undecided).sum())
    return counts


# --- posterior odds, when no probability reaches the threshold ------------------------------

# Grades of evidence for posterior odds (Stripling et al. 2018, after Corani et al. 2017):
# 1-3 weak, 3-20 positive, > 20 strong. Upper bounds of each grade, inclusive.
ODDS_GRADES = ((3.0, "weak"), (20.0, "positive"), (np.inf, "strong"))


def posterior_odds(p) -> np.ndarray:
    """The posterior odds P(a better) / P(b better): above 1 favours a, below 1 favours b.

    Parameters
    ----------
    p : pandas.Series, pandas.DataFrame or array_like
        Probabilities in the reading order (a better, equivalent, b better).

    Returns
    -------
    numpy.ndarray
        The odds; inf when only P(b better) is 0, nan when both are 0 (all the mass is on
        "equivalent").
    """
    p = _probs(p.to_numpy() if isinstance(p, (pd.Series, pd.DataFrame)) else p)
    with np.errstate(divide="ignore", invalid="ignore"):
        return p[..., 0] / p[..., 2]


def odds_grade(odds) -> np.ndarray:
    """The grade of evidence of odds for whichever side they favour (odds or 1/odds).

    'none' when the odds are exactly 1 or undefined (neither side is favoured).
    """
    odds = np.asarray(odds, dtype=float)
    with np.errstate(divide="ignore"):
        strength = np.where(odds >= 1.0, odds, 1.0 / odds)
    grade = np.full(odds.shape, "none", dtype=object)
    for upper, name in reversed(ODDS_GRADES):
        grade = np.where(strength <= upper, name, grade)
    return np.where(np.isnan(odds) | (strength == 1.0), "none", grade).astype(str)


def decimals(se: float) -> int:
    """Decimals a probability with Monte Carlo standard error ``se`` supports (1 to 3)."""
    if not se > 0:
        return 3
    return int(np.clip(np.ceil(-np.log10(2 * se)), 1, 3))


def probability_text(p: float, se: float = 0.0, threshold: float | None = None,
                     fewest: int = 1) -> str:
    """A probability as every table and sentence shows one: rounded to what its standard
    error supports (at least ``fewest`` decimals), with ± se when it shows.

    Beside a decision at ``threshold``, rounding never carries it across: a probability short
    of the threshold is rounded down (0.94975 shows 0.949, not 0.950) and one above it up."""
    d = max(decimals(se), fewest)
    p = min(max(float(p), 0.0), 1.0)      # a rounding error never shows as -0.000
    shown = f"{p:.{d}f}"
    if threshold is not None and p != threshold:
        above = p > threshold
        if (float(shown) > threshold) != above or float(shown) == threshold:
            scale = 10 ** d
            shown = f"{(np.ceil if above else np.floor)(p * scale) / scale:.{d}f}"
    step = 10.0 ** -d
    if float(shown) >= 1:           # "1.000" would claim certainty the estimate cannot give
        shown = f"> {1 - step:.{d}f}"
    elif float(shown) == 0:         # one form for what rounds to 0, computed 0 or not
        shown = f"< {step:.{d}f}"
    return shown + (f" ± {se:.{d}f}" if round(se, d) > 0 else "")
