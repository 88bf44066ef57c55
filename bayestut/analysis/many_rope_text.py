"""The K-classifier report's rope check: a short sentence naming the pairs whose decision
changes at a rope within ±20% of the chosen one, and a table of each pair's decision at each
rope checked, with a note under it saying how "which to use"
(:func:`~bayestut.analysis.many_text.which_to_use`) would change there. Plain functions of a
:class:`~bayestut.analysis.many_comparison.ManyComparison`, for the verdict
(:mod:`~bayestut.analysis.many_text`), the HTML report and the ``.md``/``.tex``.
"""

from __future__ import annotations

from collections.abc import Callable

from . import wording
from .verdict_notes import REPORT_ROPE


TITLE = "Each pair's decision at each rope checked"      # the table's title (console, HTML)


def _checked(many) -> dict:
    """The pairs whose rope was checked, with their check's table."""
    return {pair: check for pair, check in many.rope_check().items() if check is not None}


def _changed(many, checked: dict) -> list[tuple[str, str]]:
    """The pairs whose decision at some rope checked differs from the chosen rope's."""
    return [pair for pair, check in checked.items()
            if (check["decision"] != many.pairs[pair].decision).any()]


def rope_sensitivity(many, stable: bool = False, quote: Callable[[str], str] = str) -> str:
    """The pairs whose decision differs at a rope within ±20% of the chosen one
    (:meth:`~bayestut.analysis.many_comparison.ManyComparison.rope_check`), named in one short
    sentence that points to the table of each pair's decision at each rope
    (:func:`rope_rows`), which says under it how "which to use" would change
    (:func:`rope_table_note`).

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
        "The hierarchical test's decision depends on the rope's width for hnb against j48gr:
        see each pair's decision at each rope checked in the table below." (``stable``: "in
        the table after the overall one"), or empty (no pair checked, or none differs and not
        ``stable``).
    """
    checked = _checked(many)
    if not checked:
        return ""
    changed = _changed(many, checked)
    if not changed:
        ropes = next(iter(checked.values())).index
        return (f"Every pair's decision is the same at every rope checked, from "
                f"±{ropes[0]:g} to ±{ropes[-1]:g}." if stable else "")
    named = wording.and_([f"{quote(a)} against {quote(b)}" for a, b in changed])
    where = "the table after the overall one" if stable else "the table below"
    return (f"The {many.tests[-1]} test's decision depends on the rope's width for {named}: "
            f"see each pair's decision at each rope checked in {where}."
            + ("" if stable else REPORT_ROPE))


def rope_rows(many, quote: Callable[[str], str] = str) -> list[dict]:
    """Each checked pair's decision at each rope checked, when some pair's differs from the
    chosen rope's (:func:`rope_sensitivity`), for every report's table.

    Parameters
    ----------
    many : ManyComparison
        The result.
    quote : callable
        How a classifier's name is written (``str``: as it is).

    Returns
    -------
    list of dict
        One row per pair checked, in the reading order: "pair" ("a against b"), then one
        column per rope, narrowest first ("±0.008", ...), each the decision there ("hnb
        better", "equivalent", "no decision"); empty when no pair's decision changes.
    """
    checked = _checked(many)
    if not _changed(many, checked):
        return []
    return [{"pair": f"{quote(a)} against {quote(b)}",
             **{f"±{r:g}": _outcome(d, (a, b), quote) for r, d in check["decision"].items()}}
            for (a, b), check in checked.items()]


def rope_table_note(many, quote: Callable[[str], str] = str) -> str:
    """What the table of :func:`rope_rows` holds, and under it how "which to use" would
    change at the ropes checked (:func:`_which_to_use_at`).

    Parameters
    ----------
    many : ManyComparison
        The result.
    quote : callable
        How a classifier's name is written (``str``: as it is).

    Returns
    -------
    str
        The note, or empty when there is no table.
    """
    checked = _checked(many)
    if not _changed(many, checked):
        return ""
    ropes = next(iter(checked.values())).index
    return (f"Each pair's decision by the {many.tests[-1]} test at ropes from ±{ropes[0]:g} to "
            f"±{ropes[-1]:g}, the chosen one, ±{many.rope:g}, among them."
            + _which_to_use_at(many, checked, quote))


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


def _outcome(outcome: str, pair: tuple[str, str], quote: Callable[[str], str]) -> str:
    """An outcome's name ("<a> better", "equivalent", "no decision") with the name quoted."""
    return next((f"{quote(n)} better" for n in pair if outcome == f"{n} better"), outcome)
