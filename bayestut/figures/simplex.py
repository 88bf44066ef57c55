"""Pictures of posterior draws of three outcomes' probabilities (JMLR Figs 10-13).

Any sampler's output fits: a result's labelled ``samples`` or the hierarchical test's
``new_data_set_draws`` (a DataFrame whose columns are the outcomes "<a> better",
"equivalent", "<b> better"), or an (n, 3) array whose rows sum to 1 in
the number line's order of a - b with the corners' outcome names in that order
("<b> better", "equivalent", "<a> better"). Each side's corner is drawn on its side, as on the axis of a - b in every other figure: b's
corner bottom left, the rope's on top, a's bottom right. (JMLR Figure 11 draws them the other
way round.) Tens of thousands of points are drawn as density shading, on a log scale so that
sparse tails stay visible next to the dense core. The density is grey, like every posterior of
the suite; the outcome colours of :mod:`bayestut.figures.style` are kept for the corners and their
regions. The number at each corner is the posterior probability that its outcome is the
likeliest: the share of the draws in that corner's region (what the papers' tables print).
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib import patheffects
from matplotlib.colors import LinearSegmentedColormap, LogNorm

import pandas as pd

from ..errors import InputError
from ..methods.decisions import probability_text
from .style import OUTCOME_COLOURS, REGIONS

# light to mid-dark grey: the palest cells stay visible on white, the densest leave the black
# region boundaries visible, and no outcome colour is used up
CMAP = LinearSegmentedColormap.from_list("density", ["#d9d9d9", "#4d4d4d"])
EDGE_COLOUR = "#555555"        # the triangle's edges
BOUNDARY_COLOUR = "black"      # the boundaries between regions, drawn over the density
DENSITY_LABEL = "draws per cell"
# Corners in the plane, in the order (left, rope, right): left bottom left, rope on top, right
# bottom right.
CORNERS = np.array([[0.0, 0.0], [0.5, np.sqrt(3) / 2], [1.0, 0.0]])


def _check(samples, labels) -> tuple[np.ndarray, list[str]]:
    """The samples as a number-line array and the corners' names in its order."""
    if isinstance(samples, pd.DataFrame):       # a result's labelled samples, reading order
        labels = [str(c) for c in samples.columns][::-1]
        samples = samples.to_numpy()[:, ::-1]
    samples = np.asarray(samples, dtype=float)
    if samples.ndim != 2 or samples.shape[1] != 3 or len(samples) == 0:
        raise InputError(f"give samples as a result's .samples or an (n, 3) array, got "
                         f"{samples.shape}")
    if labels is None or len(labels) != 3:
        raise InputError(f"give the three corners' outcome names (<b> better, equivalent, "
                         f"<a> better) with an array of samples, got {labels!r}")
    return samples, list(labels)


def barycentric(samples) -> np.ndarray:
    """Points of the plane for rows (left, rope, right): the mix of the triangle's corners."""
    return np.asarray(samples, dtype=float) @ CORNERS


def shared_colorbar(fig, mappables, ax) -> None:
    """One log colour scale, from 1 to the densest cell of any of ``mappables``, and its bar."""
    top = max(float(np.ma.masked_invalid(m.get_array()).max()) for m in mappables)
    norm = LogNorm(vmin=1, vmax=max(top, 2.0))
    for m in mappables:
        m.set_norm(norm)
    fig.colorbar(mappables[0], ax=ax, shrink=0.6, label=DENSITY_LABEL)


def simplex_plot(samples, labels=None, ax=None, gridsize: int = 70, colorbar: bool = True,
                 shares=None):
    """The draws in the triangle, with the three regions where one probability is the largest.

    A region is bounded by the segments from the centre (1/3, 1/3, 1/3) to the edges'
    midpoints and tinted in its outcome's colour; the posterior probability of each region is
    printed at its corner, in the same colour. The density shading is clipped to the triangle.
    With ``colorbar=False`` the caller draws the colour bar (``simplex_figure`` shares one).
    ``shares``: the regions' shares when they are known exactly (integrated, as by the exact
    hierarchical engine): printed instead of the count of these draws, so that the figure and
    the report's table say the same number.
    """
    samples, labels = _check(samples, labels)
    ax = ax or plt.subplots(figsize=(5.5, 5))[1]
    xy = barycentric(samples)
    centre = CORNERS.mean(axis=0)
    midpoints = (CORNERS + np.roll(CORNERS, -1, axis=0)) / 2      # of edges k -> k + 1
    for k, region in enumerate(REGIONS):
        # corner k's region: the corner, the midpoints of its two edges and the centre
        ax.fill(*np.array([CORNERS[k], midpoints[k], centre, midpoints[k - 1]]).T,
                color=OUTCOME_COLOURS[region], alpha=0.12, lw=0)
    hb = ax.hexbin(xy[:, 0], xy[:, 1], gridsize=gridsize, extent=(0, 1, 0, CORNERS[1, 1]),
                   mincnt=1, bins="log", cmap=CMAP, linewidths=0)
    triangle = plt.Polygon(CORNERS, closed=True, fill=False, edgecolor=EDGE_COLOUR, lw=1.2)
    ax.add_patch(triangle)
    hb.set_clip_path(triangle)            # hexagons on an edge would spill over it
    if colorbar:
        ax.figure.colorbar(hb, ax=ax, shrink=0.6, label=DENSITY_LABEL)
    for midpoint in midpoints:     # over the density, with a white halo against dark cells
        ax.plot([centre[0], midpoint[0]], [centre[1], midpoint[1]], color=BOUNDARY_COLOUR,
                lw=1.3, ls=(0, (4, 2)), zorder=4,
                path_effects=[patheffects.withStroke(linewidth=3.2, foreground="white")])
    if shares is None:
        shares = np.bincount(samples.argmax(axis=1), minlength=3) / len(samples)
    offsets = [(-0.04, -0.09), (0.0, 0.08), (0.04, -0.09)]
    for corner, (dx, dy), name, share, region in zip(CORNERS, offsets, labels,
                                                     shares, REGIONS):
        ax.text(corner[0] + dx, corner[1] + dy,
                f"{name}\nposterior probability {probability_text(share)}",
                ha="center", va="center", fontsize=9.5, color=OUTCOME_COLOURS[region],
                fontweight="bold")
    ax.set(xlim=(-0.2, 1.2), ylim=(-0.2, 1.02), aspect="equal")
    ax.axis("off")
    return ax


def marginal_plot(samples, labels=None, which: int = 0, ax=None, bins: int = 60,
                  colorbar: bool = True):
    """2-D histogram of one draw's probability of a side against its P(equivalent); ``which``
    is 0 (the second classifier better) or 2 (the first better), in the number line's order."""
    samples, labels = _check(samples, labels)
    if which not in (0, 2):
        raise InputError("which must be 0 (b better) or 2 (a better); the other axis is "
                         "equivalence")
    ax = ax or plt.subplots(figsize=(4, 3.5))[1]
    *_, image = ax.hist2d(samples[:, which], samples[:, 1], bins=bins, range=[[0, 1], [0, 1]],
                          norm=LogNorm(), cmap=CMAP, cmin=1)
    if colorbar:
        ax.figure.colorbar(image, ax=ax, label=DENSITY_LABEL)
    ax.plot([0, 1], [1, 0], color="grey", lw=0.8, ls=":")     # the two can sum to at most 1
    names = labels
    ax.set(xlabel=f"P({names[which]}), in one draw", ylabel=f"P({names[1]}), in one draw",
           xlim=(0, 1), ylim=(0, 1))
    return ax


def simplex_figure(samples, labels=None, title: str | None = None):
    """JMLR Figure 11 layout: the two marginals against equivalence on top (b better's on the
    left, as on the axis of a - b), the simplex below, and one colour bar for all three."""
    samples, labels = _check(samples, labels)
    fig = plt.figure(figsize=(10, 9), layout="constrained")
    grid = fig.add_gridspec(2, 2, height_ratios=[1, 1.5])
    axes = [fig.add_subplot(grid[0, 0]), fig.add_subplot(grid[0, 1]), fig.add_subplot(grid[1, :])]
    marginal_plot(samples, labels, 0, ax=axes[0], colorbar=False)
    marginal_plot(samples, labels, 2, ax=axes[1], colorbar=False)
    simplex_plot(samples, labels, ax=axes[2], colorbar=False)
    # the first collection of each panel is its density: hist2d's mesh, the simplex's hexbin
    shared_colorbar(fig, [ax.collections[0] for ax in axes], axes)
    if title:
        fig.suptitle(title)
    return fig


def probability_histogram(p, label: str, region: str = "left", ax=None, bins: int = 60):
    """Histogram of draws of one probability, in the colour of its outcome ``region``, with
    1/2 marked (JMLR Figure 10, no rope: the other outcome has the rest)."""
    p = np.asarray(p, dtype=float)
    ax = ax or plt.subplots(figsize=(5, 3.2))[1]
    ax.hist(p, bins=bins, range=(0, 1), color=OUTCOME_COLOURS[region], alpha=0.8)
    ax.axvline(0.5, color=EDGE_COLOUR, lw=1, ls="--", label="1/2")
    ax.legend(fontsize=8, loc="upper left")
    ax.set(xlabel=f"P({label}), in one draw", ylabel="draws", xlim=(0, 1))
    return ax
