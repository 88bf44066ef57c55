"""A difference printed beside the rope: never rounded onto or across the rope's edge.

A mean difference of 0.0101 beside a rope of ±0.01, printed to three decimals, shows 0.010 and
reads as on the edge, or inside: the reader then doubts a decision the test took on the true
value. The rule: one decimal more than the rope has (±0.01: three), and more, one at a time,
until the rounded value lies on the same side of the rope's edge as the value itself (0.0101:
four, 0.0101). A value exactly on the edge shows on it.
"""

from __future__ import annotations

import numpy as np

MOST = 12       # beyond this a float's own error is what shows


def rope_decimals(rope: float) -> int:
    """The decimals of the rope as written (``f"{rope:g}"``): ±0.01 has 2, ±0.015 has 3.

    Parameters
    ----------
    rope : float
        The rope's half-width, in the units the values are shown in.

    Returns
    -------
    int
        The rope's decimals (0 for a whole number).
    """
    text = f"{rope:.{MOST}f}".rstrip("0")
    return len(text.split(".")[1]) if "." in text else 0


def decimals_beside(x: float, rope: float, least: int | None = None) -> int:
    """How many decimals show ``x`` on its own side of the rope's edge.

    Parameters
    ----------
    x : float
        The difference, in the rope's units.
    rope : float
        The rope's half-width.
    least : int, optional
        The fewest decimals to show; one more than the rope's by default.

    Returns
    -------
    int
        The decimals: at least ``least``, more while the rounded ``|x|`` and ``|x|`` fall on
        different sides of ``rope`` (or the rounded one on the edge and ``x`` not).
    """
    digits = rope_decimals(rope) + 1 if least is None else least
    side = np.sign(round(abs(x) - rope, MOST))
    while digits < MOST and np.sign(round(round(abs(x), digits) - rope, MOST)) != side:
        digits += 1
    return digits


def beside_rope(x: float, rope: float, least: int | None = None, sign: bool = False,
                minus: str = "−") -> str:
    """``x`` as text with :func:`decimals_beside` decimals (never "-0.000").

    Parameters
    ----------
    x : float
        The difference, in the rope's units.
    rope : float
        The rope's half-width.
    least : int, optional
        The fewest decimals to show; one more than the rope's by default.
    sign : bool
        Whether a positive value shows its "+".
    minus : str
        The minus sign: "−" in a paper's tables, "-" in the console's and HTML's.

    Returns
    -------
    str
        The value, e.g. "0.0101" beside ±0.01, "−0.169".
    """
    if not np.isfinite(x):          # a missing value stays as pandas prints it
        return str(x)
    digits = decimals_beside(x, rope, least)
    text = f"{abs(x):.{digits}f}"
    if float(text) == 0:
        return text
    return (minus if x < 0 else "+" if sign else "") + text


def edge_note(values, rope: float, least: int | None = None) -> str:
    """The clause a table of differences beside the rope adds to its note when some value
    shows more decimals than the rest (:func:`decimals_beside`), in every report's words.

    Parameters
    ----------
    values : iterable of float
        The differences the table shows, in the rope's units (a missing one is skipped).
    rope : float
        The rope's half-width, in the same units.
    least : int, optional
        The table's fewest decimals; one more than the rope's by default.

    Returns
    -------
    str
        "a difference near the rope's edge (±0.01) has the digits that keep it on its side",
        or empty when every value shows ``least`` decimals.
    """
    least = rope_decimals(rope) + 1 if least is None else least
    if not any(decimals_beside(v, rope, least) > least for v in values if np.isfinite(v)):
        return ""
    return f"a difference near the rope's edge (±{rope:g}) has the digits that keep it on its side"
