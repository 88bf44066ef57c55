"""One look across every figure: a colour per outcome, the rope drawn and named the same way.

The three outcomes of a comparison of a - b are always coloured alike, in every figure and
notebook: left (δ < -rope, b better), rope (practically equivalent), right (δ > rope, a better).
Legends list them in the order a reader sees everywhere: a better, equivalent, b better; except
a legend laid out in a row beside an axis of a - b, which lists them as its regions lie on it,
from left to right (b better, equivalent, a better), so that no entry sits over the other side.
The colours are Okabe and Ito's, which stay distinct for colour-blind readers.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from ..methods.decisions import SHOWN

REGIONS = ("left", "rope", "right")
LEFT, ROPE, RIGHT = "#0072B2", "#E69F00", "#009E73"      # blue, orange, bluish green
OUTCOME_COLOURS = dict(zip(REGIONS, (LEFT, ROPE, RIGHT)))
POSTERIOR_COLOUR = "#333333"      # curves and points that belong to no outcome


def rope_label(rope: float) -> str:
    return f"rope [{-rope:g}, {rope:g}]"


def rope_lines(ax, rope: float, label: bool = True) -> None:
    """The rope's edges as vertical lines in the rope's colour; ``label`` names them once in
    the axes' legend as 'rope [-r, r]'."""
    for i, v in enumerate((-rope, rope)):
        ax.axvline(v, color=ROPE, lw=1.5, label=rope_label(rope) if label and i == 0 else None)


def rope_handle(rope: float, shaded: bool = False, alpha: float = 0.25):
    """A legend entry for the rope: its edge lines, or with ``shaded`` a patch for a shaded
    rope (``ax.axvspan``) of opacity ``alpha``."""
    if shaded:
        return plt.Rectangle((0, 0), 1, 1, color=ROPE, alpha=alpha, label=rope_label(rope))
    return plt.Line2D([], [], color=ROPE, lw=1.5, label=rope_label(rope))


def outcome_handles(labels, alpha: float = 1.0) -> list:
    """Legend patches for the three outcomes, ``labels`` given in the order (left, rope, right)
    and the patches in the order a reader sees: right (a better), rope, left (b better)."""
    return [plt.Rectangle((0, 0), 1, 1, color=OUTCOME_COLOURS[REGIONS[k]], alpha=alpha,
                          label=labels[k]) for k in SHOWN]


def region_handles(labels, alpha: float = 1.0) -> list:
    """Legend patches for the three outcomes as their regions lie on an axis of a - b, from left
    to right: left (b better), rope, right (a better); ``labels`` given in that order too.

    Parameters
    ----------
    labels : sequence of str
        The three entries' texts, in the number line's order (left, rope, right).
    alpha : float
        The patches' opacity, as the regions are filled.

    Returns
    -------
    list of matplotlib.patches.Rectangle
        The three patches, left to right.
    """
    return [plt.Rectangle((0, 0), 1, 1, color=OUTCOME_COLOURS[region], alpha=alpha,
                          label=label) for region, label in zip(REGIONS, labels)]


def fill_by_outcome(ax, grid, upper, rope: float, lower=0.0, alpha: float = 0.35) -> None:
    """Fill between ``lower`` and ``upper`` over ``grid`` in each outcome's colour: left of,
    inside and right of the rope. Each edge of the rope belongs to both fills beside it, so the
    areas meet without a gap where the edges are grid points."""
    for region, inside in zip(REGIONS, (grid <= -rope, np.abs(grid) <= rope, grid >= rope)):
        ax.fill_between(grid, lower, upper, where=inside, color=OUTCOME_COLOURS[region],
                        alpha=alpha, lw=0)
