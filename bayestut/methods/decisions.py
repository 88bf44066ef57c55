"""Turning three posterior probabilities (left, rope, right) into a decision (JMLR §3.2)."""

from __future__ import annotations

import numpy as np

from ..errors import InputError

OUTCOMES = ("left", "rope", "right")
NO_DECISION = "none"

# JMLR eq. 7: rows are the actions a_l, a_c (rope), a_r, a_n; columns the true states.
# A wrong claim costs 20, no decision costs 1, so a claim needs P > 1 - 1/20 = 0.95.
LOSS_JMLR = np.array([[0, 20, 20],
                      [20, 0, 20],
                      [20, 20, 0],
                      [1, 1, 1]], dtype=float)


# Every table, sentence and figure a reader sees shows the outcomes in one order, named after
# the classifiers: "a better · equivalent · b better". Arrays keep the order of a - b on the
# number line, (left, rope, right) = (b better, equivalent, a better); SHOWN maps one to the other.
SHOWN = (2, 1, 0)


def shown(seq) -> list:
    """``seq``, given in the arrays' (left, rope, right) order, in the order a reader sees."""
    return [seq[i] for i in SHOWN]


def outcome_names(a: str, b: str) -> tuple[str, str, str]:
    """The readable names of (left, rope, right): (b better, equivalent, a better)."""
    return (f"{b} better", "equivalent", f"{a} better")


def probability_columns(a: str, b: str) -> list[str]:
    """Table columns of the three probabilities, in the order a reader sees:
    P(a better), P(equivalent), P(b better)."""
    return [f"P({name})" for name in shown(outcome_names(a, b))]


def _probs(p) -> np.ndarray:
    p = np.asarray(p, dtype=float)
    if p.shape[-1:] != (3,):
        raise InputError(f"give (left, rope, right) probabilities on the last axis, got shape {p.shape}")
    if np.isnan(p).any() or (p < -1e-12).any() or (np.abs(p.sum(axis=-1) - 1) > 1e-6).any():
        raise InputError("probabilities must be non-negative and sum to 1")
    return p


def decide(p, threshold: float = 0.95) -> np.ndarray:
    """'left', 'rope' or 'right' where its probability exceeds the threshold, else 'none'."""
    if not 0.5 <= threshold < 1.0:
        raise InputError(f"the threshold must be in [0.5, 1), got {threshold}")
    p = _probs(p)
    best = p.argmax(axis=-1)
    hit = np.take_along_axis(p, best[..., None], axis=-1)[..., 0] > threshold
    return np.where(hit, np.array(OUTCOMES)[best], NO_DECISION)


def decide_by_loss(p, loss=LOSS_JMLR) -> np.ndarray:
    """The action of least expected loss L @ p; the last row of L is 'no decision'.

    Ties go to no decision, then to the earlier action: a claim must be strictly better.
    """
    p = _probs(p)
    loss = np.asarray(loss, dtype=float)
    if loss.shape != (4, 3):
        raise InputError(f"the loss matrix must be 4 x 3 (actions left, rope, right, none), got {loss.shape}")
    expected = p @ loss.T                     # (..., 4)
    order = [3, 0, 1, 2]                      # look at 'none' first so it wins ties
    choice = np.array(order)[np.argmin(expected[..., order], axis=-1)]
    return np.array([*OUTCOMES, NO_DECISION])[choice]


def nhst_versus_bayes(p, decisions, alpha: float = 0.05, p_decimals: int | None = None) -> dict:
    """Cross-tabulate NHST rejections against Bayesian decisions (JMLR Tables 4-6).

    A comparison is significant when p <= alpha (JMLR §2.1). ``p_decimals`` rounds p first,
    to judge p-values as printed (3 decimals in the paper) rather than unrounded.
    """
    p = np.asarray(p, dtype=float)
    if p_decimals is not None:
        p = np.round(p, p_decimals)
    decisions = np.asarray(decisions)
    rejected = p <= alpha
    difference = np.isin(decisions, ["left", "right"])
    counts = {}
    for name, mask in (("not rejected", ~rejected), ("rejected", rejected)):
        counts[(name, "data sets")] = int(mask.sum())
        counts[(name, "rope")] = int((mask & (decisions == "rope")).sum())
        counts[(name, "difference")] = int((mask & difference).sum())
        counts[(name, "no decision")] = int((mask & (decisions == NO_DECISION)).sum())
    return counts


# --- posterior odds, when no probability reaches the threshold ------------------------------

# Grades of evidence for posterior odds (Stripling et al. 2018, after Corani et al. 2017):
# 1-3 weak, 3-20 positive, > 20 strong. Upper bounds of each grade, inclusive.
ODDS_GRADES = ((3.0, "weak"), (20.0, "positive"), (np.inf, "strong"))


def posterior_odds(p) -> np.ndarray:
    """o(left, right) = P(left) / P(right): above 1 favours left, below 1 favours right.

    inf when only P(right) is 0, nan when both are 0 (the rope holds all the mass).
    """
    p = _probs(p)
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

