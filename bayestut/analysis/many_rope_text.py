"""The K-classifier report's rope check in words: the pairs whose decision changes at a rope
within ±20% of the chosen one, each with its decision and the probability it rests on, and how
"which to use" (:func:`~bayestut.analysis.many_text.which_to_use`) would change there. A plain
function of a :class:`~bayestut.analysis.many_comparison.ManyComparison`, for the verdict
(:mod:`~bayestut.analysis.many_text`) and the ``.md``/``.tex`` Results.
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from . import wording
from .verdict_notes import REPORT_ROPE
from ..methods.decisions import NO_DECISION
from ..methods.hierarchical import POSTERIOR as SHARE


def rope_sensitivity(many, stable: bool = False, quote: Callable[[str], str] = str) -> str:
    """The pairs whose decision differs at a rope within ±20% of the chosen one
    (:meth:`~bayestut.analysis.many_comparison.ManyComparison.rope_check`), in one sentence:
    each pair's decision, then, on each side of the chosen rope, the nearest width where it
    differs and the decision there, each with the probability it rests on (the declared
    outcome's; with no decision, the highest).

    Parameters
    ----------
    many : ManyComparison
        The result.
    stable : bool
        For a paper (the ``.md``/``.tex``): say it when every pair checked keeps its decision
        (a paper states its sensitivity check either way), and leave out the advice to the
        reader; otherwise say nothing then.
    quote : callable
        How a classifier's name is written (``str``: as it is).

    Returns
    -------
    str
        "The hierarchical test's decision depends on the rope's width for hnb against j48gr (at
        ±0.01 no decision, the highest posterior probability 0.920 for hnb better; at ±0.008 hnb
        better with posterior probability 0.953) and ...", or empty (no pair checked, or none
        differs and not ``stable``).
    """
    checked = {pair: check for pair, check in many.rope_check().items() if check is not None}
    if not checked:
        return ""
    flagged = []
    for (a, b), check in checked.items():
        decision, ropes = many.pairs[(a, b)].decision, check.index.to_numpy()
        differ = ropes[(check["decision"] != decision).to_numpy()]
        near = [*differ[differ < many.rope][-1:], *differ[differ > many.rope][:1]]
        if near:
            flagged.append(f"{quote(a)} against {quote(b)} (" + "; ".join(
                _at(many.pairs[(a, b)], check, r, quote) for r in [many.rope, *near]) + ")")
    if not flagged:
        ropes = next(iter(checked.values())).index
        return (f"Every pair's decision is the same at every rope checked, from "
                f"±{ropes[0]:g} to ±{ropes[-1]:g}." if stable else "")
    return (f"The {many.tests[-1]} test's decision depends on the rope's width for "
            f"{wording.and_(flagged)}."
            + _which_to_use_at(many, checked, quote)
            + ("" if stable else REPORT_ROPE))


def _which_to_use_at(many, checked: dict, quote: Callable[[str], str]) -> str:
    """How "which to use" (:func:`which_to_use`) would change at the ropes checked, from each
    pair's decision there, in a sentence after a space; empty when some pair was not checked
    (its decision at another rope is not known)."""
    if len(checked) != len(many.pairs):
        return ""
    ropes = next(iter(checked.values())).index
    chosen = many.undominated()
    changed: dict[tuple[str, ...], list[float]] = {}
    for rope in ropes:
        worse = set()
        for (a, b), check in checked.items():
            decision = check.loc[rope, "decision"]
            worse |= {b} if decision == f"{a} better" else {a} if decision == f"{b} better" \
                else set()
        best = tuple(c for c in many.classifiers if c not in worse)
        if list(best) != list(chosen) and rope != many.rope:
            changed.setdefault(best, []).append(rope)
    if not changed:
        return " Which to use is the same at every rope checked."
    parts = []
    for best, at in changed.items():
        lost = [c for c in chosen if c not in best]
        gained = [c for c in best if c not in chosen]
        also = " also" if len(chosen) < len(many.classifiers) else ""
        said = ([f"{wording.and_(lost, quote)} would{also} be declared worse than another "
                 "classifier"] if lost else []) + (
            [f"{wording.and_(gained, quote)} would no longer be declared worse than any"]
            if gained else [])
        left = ("so no classifier would be declared worse than another"
                if len(best) == len(many.classifiers) else
                f"leaving {wording.and_(best, quote)} not declared worse than any other" if best
                else "leaving none")
        parts.append(f"at {wording.and_([f'±{r:g}' for r in at])}, {' and '.join(said)}, "
                     f"{left}")
    return " Which to use would change: " + "; ".join(parts) + "."


def _at(c, check: pd.DataFrame, rope: float, quote: Callable[[str], str]) -> str:
    """One pair's decision at one rope of its check, with the probability it rests on: the
    declared outcome's, or with no decision the highest ("at ±0.01 no decision, the highest
    posterior probability 0.920 for hnb better")."""
    row, labels = check.loc[rope], list(c.labels)
    decision = row["decision"]
    named = decision if decision != NO_DECISION else str(row[labels].astype(float).idxmax())
    p = wording.number(float(row[named]), float(row[f"± {named}"]), c.threshold)
    outcome = _outcome(named, (c.a, c.b), quote)
    if decision == NO_DECISION:
        return f"at ±{rope:g} no decision, the highest {SHARE} {p} for {outcome}"
    return f"at ±{rope:g} {outcome} with {SHARE} {p}"


def _outcome(outcome: str, pair: tuple[str, str], quote: Callable[[str], str]) -> str:
    """An outcome's name ("<a> better", "equivalent", "no decision") with the name quoted."""
    return next((f"{quote(n)} better" for n in pair if outcome == f"{n} better"), outcome)
