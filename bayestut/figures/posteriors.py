"""Figures of the single-data-set analyses: differences, posteriors, rope, HDIs, forest."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from mpl_toolkits.axes_grid1 import make_axes_locatable
from scipy import stats

from ..methods.correlated import StudentPosterior
from ..methods.decisions import NO_DECISION, decide_regions, outcomes
from ..paths import figures_dir, shown_path
from .style import (OUTCOME_COLOURS, POSTERIOR_COLOUR, REGIONS, ROPE as ROPE_COLOUR,
                    fill_by_outcome, region_handles, rope_handle, rope_lines)

NO_DECISION_COLOUR = "#999999"    # neutral grey: none of the three outcomes is declared
MU_LABEL = r"mean difference of accuracy $\mu$"
SHADE = 0.35                      # opacity of the outcome colours under a posterior


def save(fig, name: str) -> str:
    """Write a figure as figures/<name>.png (names follow the paper's numbering) under the
    output folder (see :mod:`bayestut.paths`); returns where, as :func:`paths.shown_path` says."""
    written = figures_dir() / f"{name}.png"
    written.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(written, dpi=110, bbox_inches="tight", metadata={"Software": None})
    return shown_path(written)


def differences_density(x, rope: float = 0.01, ax=None, title: str | None = None,
                        xlabel: str = r"difference of accuracy on a fold, $x_j$"):
    """Kernel density of the fold differences, with the rope's edges (JMLR Figures 1-3)."""
    ax = ax or plt.subplots(figsize=(4.5, 3))[1]
    x = np.asarray(x, dtype=float)
    if np.ptp(x) > 0:
        grid = np.linspace(x.min() - 0.3 * np.ptp(x), x.max() + 0.3 * np.ptp(x), 400)
        ax.plot(grid, stats.gaussian_kde(x)(grid), color=POSTERIOR_COLOUR)
    ax.plot(x, np.zeros_like(x), "|", color=POSTERIOR_COLOUR, alpha=0.5, ms=12)
    rope_lines(ax, rope)
    ax.xaxis.set_major_locator(plt.MaxNLocator(6))      # tick labels that never run together
    ax.set(xlabel=xlabel, ylabel="density", title=title)
    _legend_above(ax, ax.get_legend_handles_labels()[0], ncol=1)
    return ax


def _grid_for(post: StudentPosterior, rope: float) -> np.ndarray:
    lo, hi = (post.loc - 5 * post.scale, post.loc + 5 * post.scale)
    # the rope's edges are grid points, so that the three shaded areas meet without a gap
    return np.union1d(np.linspace(min(lo, -2 * rope), max(hi, 2 * rope), 600), [-rope, rope])


def _legend_above(ax, handles, ncol: int = 2, fontsize: float = 8):
    """A legend between the axes and their title, where it covers neither curve nor rope."""
    ax.legend(handles=handles, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=ncol,
              fontsize=fontsize, frameon=False, borderaxespad=0.2)
    rows = -(-len(handles) // ncol)
    ax.set_title(ax.get_title(), pad=6 + rows * 1.45 * fontsize)


def _legend_over_regions(ax, outcome_patches, rope: float):
    """The outcomes' patches above the axes on the sides where their regions lie: b better's
    on the left, a better's on the right, and under them equivalent's and the rope's (two
    columns: three in a row do not fit over a panel of a few inches)."""
    left, middle, right = outcome_patches
    # the legend fills its two columns top down: (left, middle), (right, rope)
    _legend_above(ax, [left, middle, right, rope_handle(rope)], ncol=2)


def posterior(post: StudentPosterior, rope: float = 0.01, labels=None, ax=None,
              title: str | None = None, show_probabilities: bool = True,
              xlabel: str = MU_LABEL):
    """One Student posterior, its area coloured by outcome (left of, inside, right of the rope).

    With ``show_probabilities`` a legend above the axes gives the three probabilities under
    the names in ``labels`` (in the reading order; default: the posterior's outcomes "<a>
    better", "equivalent", "<b> better"), each side's over its side of the axis (b better on
    the left), and names the rope lines.
    """
    ax = ax or plt.subplots(figsize=(5, 3.2))[1]
    p = post._rope(rope)
    if post.scale > 0:
        v = _grid_for(post, rope)
        dens = post.pdf(v)
        ax.plot(v, dens, color=POSTERIOR_COLOUR, lw=1.2)
        fill_by_outcome(ax, v, dens, rope, alpha=SHADE)
    else:  # all differences equal: the posterior is a point mass, in the colour of its region
        loc = float(np.asarray(post.loc).item())
        ax.axvline(loc, color=OUTCOME_COLOURS[REGIONS[int(np.argmax(p))]], lw=3)
        ax.set_xlim(min(loc, -rope) - rope, max(loc, rope) + rope)
    rope_lines(ax, rope, label=False)
    ax.set(xlabel=xlabel, ylabel="density", title=title)
    if show_probabilities:
        names = _region_labels(post, labels)
        _legend_over_regions(ax, region_handles([f"P({n}) = {q:.3f}" for n, q in zip(names, p)],
                                                alpha=SHADE), rope)
    return ax


def posterior_hdis(post: StudentPosterior, masses=(0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99),
                   rope: float = 0.01, labels=None, ax=None, title: str | None = None,
                   xlabel: str = MU_LABEL):
    """The posterior, and below it on the same x axis one highest-density interval per mass,
    each on its own row labelled with its mass (JMLR Figure 5). Returns (posterior axes,
    interval axes)."""
    ax = posterior(post, rope, ax=ax, title=title, show_probabilities=False, xlabel="")
    bars = make_axes_locatable(ax).append_axes("bottom", size="70%", pad=0.1, sharex=ax)
    ax.tick_params(labelbottom=False)
    masses = sorted(masses)
    for j, m in enumerate(masses):
        bars.plot(post.hdi(m), [j, j], color=POSTERIOR_COLOUR, lw=3, solid_capstyle="butt")
    rope_lines(bars, rope, label=False)
    bars.set_yticks(range(len(masses)), [f"{m:.0%}" for m in masses], fontsize=8)
    bars.set(ylim=(-0.7, len(masses) - 0.3), ylabel="HDI", xlabel=xlabel)
    _legend_over_regions(ax, region_handles(_region_labels(post, labels), alpha=SHADE), rope)
    return ax, bars


def _region_labels(post: StudentPosterior, labels) -> list[str]:
    """Outcome names given in the reading order (default: the posterior's), in the number
    line's order that the figures' colours follow."""
    return list(labels or outcomes(post.a, post.b))[::-1]


def forest(post: StudentPosterior, names, rope: float = 0.01, a: str = "a", b: str = "b",
           threshold: float = 0.95, mass: float = 0.95, ax=None, title: str | None = None,
           metric: str = "accuracy"):
    """All data sets on one shared axis (JMLR Figure 8 as a forest plot): a row per data set,
    sorted by the posterior mean of mu = a - b, with the mean and the ``mass`` HDI, coloured by
    the decision of the ``threshold`` rule (grey: no decision); the rope is shaded."""
    names = [str(n) for n in names]
    loc = np.broadcast_to(np.asarray(post.loc, dtype=float), (len(names),))
    interval = post.hdi(mass)
    decided = decide_regions(post._rope(rope), threshold)
    colours = {**OUTCOME_COLOURS, NO_DECISION: NO_DECISION_COLOUR}
    order = np.argsort(-loc, kind="stable")           # the largest mean on the top row
    ax = ax or plt.subplots(figsize=(6.5, 1.5 + 0.17 * len(names)))[1]
    ax.axvspan(-rope, rope, color=ROPE_COLOUR, alpha=0.25, lw=0)
    ax.axvline(0, color="grey", lw=0.6, ls=":")
    for row, i in enumerate(order[::-1]):             # row 0 at the bottom
        colour = colours[str(decided[i])]
        ax.plot(interval[i], [row, row], color=colour, lw=1.8, solid_capstyle="butt")
        ax.plot(loc[i], row, "o", color=colour, ms=4)
    ax.set_yticks(range(len(names)), [names[i] for i in order[::-1]], fontsize=7)
    ax.set_ylim(-0.8, len(names) - 0.2)
    # μ as a character, not mathtext: the report draws names with mathtext off (compare.figures)
    ax.set_xlabel(f"mean difference of {metric} μ ({a} − {b})")
    ax.set_title(title or "", pad=16)                    # above the names of the two sides
    # which classifier each side of the axis favours
    ax.annotate(f"← {b} better", (0, 1), xycoords="axes fraction", xytext=(0, 3),
                textcoords="offset points", ha="left", va="bottom", fontsize=8)
    ax.annotate(f"{a} better →", (1, 1), xycoords="axes fraction", xytext=(0, 3),
                textcoords="offset points", ha="right", va="bottom", fontsize=8)
    legend = [plt.Line2D([], [], color=colours[k], marker="o", ms=4, lw=1.8, label=text)
              for k, text in (("right", f"{a} practically better"),
                              ("rope", "practically equivalent"),
                              ("left", f"{b} practically better"),
                              (NO_DECISION, "no decision"))]
    legend.append(rope_handle(rope, shaded=True, alpha=0.25))
    ax.legend(handles=legend, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8,
              title=f"decision (P > {threshold:g});\nline: {mass:.0%} credible\ninterval (HDI: symmetric "
              "here,\nso also equal-tailed)", title_fontsize=8)
    return ax


# Fonts with CJK glyphs on common systems, tried after the default one for names it cannot draw.
CJK_FONTS = ("Noto Sans CJK JP", "Noto Sans CJK SC", "Source Han Sans", "WenQuanYi Zen Hei",
             "Microsoft YaHei", "Yu Gothic", "MS Gothic", "Hiragino Sans", "Apple SD Gothic Neo",
             "Malgun Gothic")


def font_families(text: str) -> tuple[list[str], str]:
    """The font families to draw ``text`` with (the default, then any installed CJK fonts, as
    fallbacks) and the characters none of them has. CJK fonts are large: they are opened only
    when the default font lacks a character."""
    from matplotlib import font_manager

    installed = {f.name: f.fname for f in font_manager.fontManager.ttflist}
    wanted = {ch for ch in text if not ch.isspace()}
    families: list[str] = []
    for family in (plt.rcParams["font.sans-serif"][0], *CJK_FONTS):
        if families and not wanted:
            break
        if family in installed:
            families.append(family)
            wanted -= {chr(c) for c in font_manager.get_font(installed[family]).get_charmap()}
    return families, "".join(sorted(wanted))
