"""Pictures of a K-classifier comparison: every pair in one figure, the matrices side by side."""

from __future__ import annotations

from typing import TYPE_CHECKING

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import LinearSegmentedColormap
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle

from .comparison import SHARE
from ..figures.style import LEFT, RIGHT, ROPE, outcome_handles
from ..methods.decisions import NO_DECISION, outcomes, shown

if TYPE_CHECKING:   # the result's own module imports this one (ManyComparison.figures)
    from .many_comparison import ManyComparison

COLOURS = (LEFT, ROPE, RIGHT)     # b better, equivalent, a better: the colours of every figure
# "row better than column" is the right outcome of row - column: from white to its colour
ROW_BETTER = LinearSegmentedColormap.from_list("row better", ["white", RIGHT])
# the number in each cell, by its name: the decision's, not the outcome's probability
ROW_BETTER_LABEL = f"{SHARE} of 'row better than column'"


def pairs_figure(many: ManyComparison, tests=None):
    """One horizontal stacked bar per pair and test (all of ``many``'s tests when None), in
    the order a reader sees: the posterior probabilities of a better, equivalent, b better."""
    tests = tests or many.tests
    rows = [(a, b, t) for a, b in many.pairs for t in tests]
    fig, ax = plt.subplots(figsize=(8, 0.32 * len(rows) + 1.2))
    for y, (a, b, test) in enumerate(rows):
        left = 0.0
        for p, colour in zip(many.probabilities(test, a, b).to_numpy(), shown(COLOURS)):
            ax.barh(y, p, left=left, color=colour, edgecolor="white")
            left += p
    ax.set_yticks(range(len(rows)), [f"{a} vs {b} ({t})" for a, b, t in rows], fontsize=8)
    ax.set_ylabel("pair a vs b (test)")
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.axvline(0.95, color="k", lw=0.6, ls=":")
    ax.axvline(0.05, color="k", lw=0.6, ls=":")
    ax.set_xlabel(f"{SHARE} that the outcome is the likeliest")
    handles = outcome_handles([f"{name} (practically: by more than the rope)" if i != 1
                               else "practically equivalent (within the rope)"
                               for i, name in enumerate(outcomes("a", "b")[::-1])])
    handles.append(Line2D([], [], color="k", lw=0.6, ls=":",
                          label="0.95 from either end: the threshold"))
    ax.legend(handles=handles, ncol=2, loc="lower center", bbox_to_anchor=(0.5, 1.0),
              frameon=False, fontsize=8)
    fig.tight_layout()
    return fig


def matrices_figure(many: ManyComparison, tests=None):
    """The posterior probability of "row better than column" of each test (all of ``many``'s
    tests when None) in a heat map, side by side: in each cell that probability and, below it,
    the posterior probability of "equivalent"; a frame marks a decision at the threshold; one
    colour bar for all."""
    tests = tests or many.tests
    names = list(many.classifiers)
    fig, axes = plt.subplots(1, len(tests), figsize=(6.2 * len(tests) + 0.8, 5.8),
                             layout="constrained", squeeze=False)
    for ax, test in zip(axes[0], tests):
        better = many.matrix(test, "better").to_numpy(dtype=float)
        equivalent = many.matrix(test, "equivalent").to_numpy(dtype=float)
        decided = (many.matrix(test, "decision") != NO_DECISION).to_numpy()
        image = ax.imshow(np.nan_to_num(better, nan=0.0), cmap=ROW_BETTER, vmin=0, vmax=1)
        for (i, j), v in np.ndenumerate(better):
            if i == j:
                continue
            ink = "white" if v > 0.6 else "black"
            ax.text(j, i - 0.12, f"{v:.2f}", ha="center", va="center", fontsize=10, color=ink)
            ax.text(j, i + 0.22, f"equivalent {equivalent[i, j]:.2f}", ha="center", va="center",
                    fontsize=7, color=ink)
            if decided[i, j]:
                ax.add_patch(Rectangle((j - 0.46, i - 0.46), 0.92, 0.92, fill=False,
                                       edgecolor="black", lw=1.5))
        ax.set_xticks(range(len(names)), names, rotation=45)
        ax.set_yticks(range(len(names)), names)
        ax.set_xlabel("column")
        ax.set_ylabel("row")
        ax.set_title(f"{test}: {ROW_BETTER_LABEL}", fontsize=10)
    bar = fig.colorbar(image, ax=axes[0].tolist(), shrink=0.85)
    bar.set_label(ROW_BETTER_LABEL)
    fig.supxlabel(f"under each: the {SHARE} of 'equivalent'; framed: a decision at "
                  f"{many.threshold:g} (row better, column better or equivalent)", fontsize=8)
    return fig
