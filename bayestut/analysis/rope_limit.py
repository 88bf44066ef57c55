"""How far the rope may move before the verdict's decision changes, as one number: the widest
rope at which a side's decision ("a better") holds, or the narrowest at which equivalence
does, searched on the exact fit's own grids (:func:`~bayestut.methods.hierarchical_ropes.
decision_limit`) in steps of a tenth of the rope, from a tenth of it to three times it. An
author can then say "holds for every rope up to ±0.013"; the rope check
(:attr:`~bayestut.analysis.comparison.Comparison.rope_check`) gives the margin at 0.8 and 1.2
times it, in the sentence after this one.
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


def stated(c) -> Limit | None:
    """The limit as the Results state it: only where the decision is the same at every rope
    checked (0.8 to 1.2 times it); where it changes there, the check gives each width's
    decision instead. The Methods promise the limit only when this is not None.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    Limit or None
    """
    found, check = getattr(c, "rope_limit", None), getattr(c, "rope_check", None)
    if found is None or check is None or set(check["decision"]) != {c.decision}:
        return None
    return found


def sentence(c, name: Callable[[str], str] = str) -> str:
    """The limit in one sentence, with the range and the precision searched. It opens the
    rope check's note (:func:`~bayestut.analysis.verdict_notes.rope_sensitivity`), whose next
    sentence gives the margin at the ropes checked around the chosen one.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    name : callable
        How a classifier's name is written (quoted, in a paper).

    Returns
    -------
    str
        E.g. "The decision (hnb better) holds for every rope up to ±0.013 and not at ±0.014
        (searched in steps of 0.001 up to ±0.03)."; empty unless the Results state a limit
        (:func:`stated`).
    """
    found = stated(c)
    if found is None:
        return ""
    which = "The decision on δ₀" if c.about == "delta0" else "The decision"
    better = c.a if c.decision == f"{c.a} better" else c.b
    decided = EQUIVALENT if c.decision == EQUIVALENT else f"{name(better)} better"
    way = "down to" if found.wider else "up to"
    every = "for every rope" if found.monotone else "at every rope searched"
    end = found.low if found.wider else found.high
    if found.edge:
        return (f"{which} ({decided}) holds {every} {way} ±{found.rope:g}, the "
                f"{'narrowest' if found.wider else 'widest'} searched (in steps of "
                f"{found.step:g}): its limit lies beyond.")
    fails = found.rope + (-found.step if found.wider else found.step)
    return (f"{which} ({decided}) holds {every} {way} ±{found.rope:g} and not at "
            f"±{float(f'{fails:.12g}'):g} (searched in steps of {found.step:g} {way} ±{end:g}).")
