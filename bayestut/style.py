"""One look across every figure: a colour per outcome, the rope drawn and named the same way.

The three outcomes of a comparison of a - b are always coloured alike, in every figure and
notebook: left (δ < -rope, b better), rope (practically equivalent), right (δ > rope, a better).
The colours are Okabe and Ito's, which stay distinct for colour-blind readers.
"""

from __future__ import annotations

import matplotlib.pyplot as plt

REGIONS = ("left", "rope", "right")
LEFT, ROPE, RIGHT = "#0072B2", "#E69F00", "#009E73"      # blue, orange, bluish green
OUTCOME_COLOURS = dict(zip(REGIONS, (LEFT, ROPE, RIGHT)))
POSTERIOR_COLOUR = "#333333"      # curves and points that belong to no outcome


def rope_lines(ax, rope: float, label: bool = True) -> None:
    """The rope's edges as vertical lines in the rope's colour; ``label`` names them once in
    the axes' legend as 'rope [-r, r]'."""
    for i, v in enumerate((-rope, rope)):
        ax.axvline(v, color=ROPE, lw=1.5,
                   label=f"rope [{-rope:g}, {rope:g}]" if label and i == 0 else None)


def outcome_handles(labels=REGIONS) -> list:
    """Legend patches for the three outcomes, in the order left, rope, right."""
    return [plt.Rectangle((0, 0), 1, 1, color=OUTCOME_COLOURS[r], label=text)
            for r, text in zip(REGIONS, labels)]
