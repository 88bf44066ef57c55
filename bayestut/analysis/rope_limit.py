"""How far the rope may move before the verdict's decision changes, as one number: the widest
rope at which a side's decision ("a better") holds, or the narrowest at which equivalence
does, searched on the exact fit's own grids (:func:`~bayestut.methods.hierarchical_ropes.
decision_limit`) in steps of a tenth of the rope, from a tenth of it to three times it. An
author can then say "holds for every rope up to ±0.013", where the rope check
(:attr:`~bayestut.analysis.comparison.Comparison.rope_check`) says only 0.8-1.2 times it.
"""

from __future__ import annotations

from collections.abc import Callable

from ..methods.decisions import EQUIVALENT, NO_DECISION, decide, labelled
from ..methods.hierarchical_ropes import Limit, decision_limit


def limit(c) -> Limit | None:
    """The rope's limit for the verdict's decision (the probabilities it is taken on: δ₀'s
    with ``about="delta0"``).

    Parameters
    ----------
    c : Comparison
        The result.

    Returns
    -------
    Limit or None
        None under "no decision", or where the rope check does not apply (one data set, a
        constant difference, the Stan engine, mean scores only).
    """
    widths = getattr(c, "_widths", None)
    if widths is None or c.decision == NO_DECISION:
        return None
    of = "delta0_probabilities" if c.about == "delta0" else "shares"

    def holds(p) -> bool:
        return decide(labelled(p, c.a, c.b), c.threshold) == c.decision

    return decision_limit(widths, c.rope, holds, of, wider=c.decision == EQUIVALENT)


def sentence(c, name: Callable[[str], str] = str) -> str:
    """The limit in one sentence, with the range and the precision searched.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    name : callable
        How a classifier's name is written (quoted, in a paper).

    Returns
    -------
    str
        E.g. "The decision (hnb better) holds for every rope up to ±0.013 (checked in steps of
        0.001 up to ±0.03; at ±0.014 it does not)."; empty without a limit.
    """
    found = getattr(c, "rope_limit", None)
    if found is None:
        return ""
    which = "The decision on δ₀" if c.about == "delta0" else "The decision"
    better = c.a if c.decision == f"{c.a} better" else c.b
    decided = EQUIVALENT if c.decision == EQUIVALENT else f"{name(better)} better"
    way = "down to" if found.wider else "up to"
    every = "every rope" if found.monotone else "every rope checked"
    searched = (f"checked in steps of {found.step:g} {way} "
                f"±{found.low if found.wider else found.high:g}")
    if found.edge:
        return (f"{which} ({decided}) holds for {every} {way} ±{found.rope:g}, the "
                f"{'narrowest' if found.wider else 'widest'} checked ({searched}): its limit "
                "lies beyond the range checked.")
    fails = found.rope + (-found.step if found.wider else found.step)
    return (f"{which} ({decided}) holds for {every} {way} ±{found.rope:g} ({searched}; at "
            f"±{float(f'{fails:.12g}'):g} it does not).")
