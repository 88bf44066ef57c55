"""Pictures of posterior samples of three probabilities (left, rope, right) (JMLR Figs 10-13).

Any sampler's output fits: an (n, 3) array whose rows sum to 1, with three names for the
corners, in the order (left, rope, right). For a - b the corners are (b, "rope", a): the left
corner is certainty that b is better (``SimplexPosterior.vertices`` gives them). Tens of
thousands of points are drawn as density shading, on a log scale so that sparse tails stay
visible next to the dense core. The density is grey, like every posterior of the suite; the
outcome colours of :mod:`bayestut.figures.style` are kept for the corners and their regions.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib import patheffects
from matplotlib.colors import LinearSegmentedColormap, LogNorm

from ..errors import InputError
from .style import OUTCOME_COLOURS, REGIONS

# light to dark grey: the palest cells stay visible on white, and no outcome colour is used up
CMAP = LinearSegmentedColormap.from_list("density", ["#d0d0d0", "#111111"])
EDGE_COLOUR = "#555555"        # the triangle and the boundaries between regions
# Corners in the plane, as in JMLR Figure 11: left at bottom right, rope on top, right at
# bottom left (so a - b reads a on the left, b on the right).
CORNERS = np.array([[1.0, 0.0], [0.5, np.sqrt(3) / 2], [0.0, 0.0]])


def _check(samples, labels) -> np.ndarray:
    samples = np.asarray(samples, dtype=float)
    if samples.ndim != 2 or samples.shape[1] != 3 or len(samples) == 0:
        raise InputError(f"give samples as an (n, 3) array of (left, rope, right), got {samples.shape}")
    if len(labels) != 3:
        raise InputError(f"give three corner names (left, rope, right), got {labels!r}")
    return samples


def barycentric(samples) -> np.ndarray:
    """Points of the plane for rows (left, rope, right): the mix of the triangle's corners."""
    return np.asarray(samples, dtype=float) @ CORNERS


def simplex_plot(samples, labels, ax=None, gridsize: int = 70):
    """The samples in the triangle, with the three regions where one probability is the largest.

    A region is bounded by the segments from the centre (1/3, 1/3, 1/3) to the edges'
    midpoints and tinted in its outcome's colour; the share of samples in each region is
    printed at its corner, in the same colour.
    """
    samples = _check(samples, labels)
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
    ax.figure.colorbar(hb, ax=ax, shrink=0.6, label="samples per cell")
    ax.plot(*np.vstack([CORNERS, CORNERS[:1]]).T, color=EDGE_COLOUR, lw=1.2)
    for midpoint in midpoints:     # a white halo keeps the boundary visible over dense cells
        ax.plot([centre[0], midpoint[0]], [centre[1], midpoint[1]], color=EDGE_COLOUR, lw=1,
                ls="--", path_effects=[patheffects.withStroke(linewidth=3, foreground="white")])
    shares = np.bincount(samples.argmax(axis=1), minlength=3) / len(samples)
    offsets = [(0.06, -0.06), (0.0, 0.07), (-0.06, -0.06)]
    for corner, (dx, dy), name, share, region in zip(CORNERS, offsets, labels, shares, REGIONS):
        ax.text(corner[0] + dx, corner[1] + dy, f"{name}\n{share:.3f}", ha="center",
                va="center", fontsize=10, color=OUTCOME_COLOURS[region], fontweight="bold")
    ax.set(xlim=(-0.15, 1.15), ylim=(-0.15, 1.0), aspect="equal")
    ax.axis("off")
    return ax


def marginal_plot(samples, labels, which: int, ax=None, bins: int = 60):
    """2-D histogram of P(labels[which]) against P(rope); ``which`` is 0 (left) or 2 (right)."""
    samples = _check(samples, labels)
    if which not in (0, 2):
        raise InputError("which must be 0 (left) or 2 (right); the other axis is the rope")
    ax = ax or plt.subplots(figsize=(4, 3.5))[1]
    *_, image = ax.hist2d(samples[:, which], samples[:, 1], bins=bins, range=[[0, 1], [0, 1]],
                          norm=LogNorm(), cmap=CMAP, cmin=1)
    ax.figure.colorbar(image, ax=ax, label="samples per cell")
    ax.plot([0, 1], [1, 0], color="grey", lw=0.8, ls=":")     # the two can sum to at most 1
    ax.set(xlabel=f"P({labels[which]})", ylabel=f"P({labels[1]})", xlim=(0, 1), ylim=(0, 1))
    return ax


def simplex_figure(samples, labels, title: str | None = None):
    """JMLR Figure 11 layout: the two marginals against the rope on top, the simplex below."""
    fig = plt.figure(figsize=(10, 9))
    grid = fig.add_gridspec(2, 2, height_ratios=[1, 1.5])
    marginal_plot(samples, labels, 0, ax=fig.add_subplot(grid[0, 0]))
    marginal_plot(samples, labels, 2, ax=fig.add_subplot(grid[0, 1]))
    simplex_plot(samples, labels, ax=fig.add_subplot(grid[1, :]))
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    return fig


def probability_histogram(p, label: str, region: str = "left", ax=None, bins: int = 60):
    """Histogram of samples of one probability, in the colour of its outcome ``region``, with
    1/2 marked (JMLR Figure 10, no rope: the other outcome has the rest)."""
    p = np.asarray(p, dtype=float)
    ax = ax or plt.subplots(figsize=(5, 3.2))[1]
    ax.hist(p, bins=bins, range=(0, 1), color=OUTCOME_COLOURS[region], alpha=0.8)
    ax.axvline(0.5, color=EDGE_COLOUR, lw=1, ls="--", label="1/2")
    ax.legend(fontsize=8, loc="upper left")
    ax.set(xlabel=f"P({label})", ylabel="samples", xlim=(0, 1))
    return ax
