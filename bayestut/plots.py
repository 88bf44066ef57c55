"""Figures of the single-data-set analyses: differences, posteriors, rope, HDIs, grids."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from scipy import stats

from .correlated import StudentPosterior
from .paths import figures_dir
from .style import POSTERIOR_COLOUR, ROPE as ROPE_COLOUR, rope_lines


def save(fig, name: str) -> str:
    """Write a figure as figures/<name>.png (names follow the paper's numbering) under the
    output folder (see :mod:`bayestut.paths`); returns that path relative to it."""
    folder = figures_dir()
    folder.mkdir(parents=True, exist_ok=True)
    fig.savefig(folder / f"{name}.png", dpi=110, bbox_inches="tight", metadata={"Software": None})
    return f"figures/{name}.png"


def differences_density(x, rope: float = 0.01, ax=None, title: str | None = None):
    """Kernel density of the fold differences, with the rope's edges (JMLR Figures 1-3)."""
    ax = ax or plt.subplots(figsize=(4.5, 3))[1]
    x = np.asarray(x, dtype=float)
    if np.ptp(x) > 0:
        grid = np.linspace(x.min() - 0.3 * np.ptp(x), x.max() + 0.3 * np.ptp(x), 400)
        ax.plot(grid, stats.gaussian_kde(x)(grid), color=POSTERIOR_COLOUR)
    ax.plot(x, np.zeros_like(x), "|", color=POSTERIOR_COLOUR, alpha=0.5, ms=12)
    rope_lines(ax, rope, label=False)
    ax.set(xlabel="difference of accuracy", ylabel="density", title=title)
    return ax


def _grid_for(post: StudentPosterior, rope: float) -> np.ndarray:
    lo, hi = (post.loc - 5 * post.scale, post.loc + 5 * post.scale)
    return np.linspace(min(lo, -2 * rope), max(hi, 2 * rope), 600)


def posterior(post: StudentPosterior, rope: float = 0.01, labels=None, ax=None,
              title: str | None = None, show_probabilities: bool = True):
    """One Student posterior with the rope shaded and P(left), P(rope), P(right) printed."""
    ax = ax or plt.subplots(figsize=(5, 3.2))[1]
    if post.scale > 0:
        v = _grid_for(post, rope)
        dens = post.pdf(v)
        ax.plot(v, dens, color=POSTERIOR_COLOUR)
        inside = (v >= -rope) & (v <= rope)
        ax.fill_between(v, dens, where=inside, color=ROPE_COLOUR, alpha=0.3, lw=0)
    else:  # all differences equal: the posterior is a point mass
        ax.axvline(post.loc, color=POSTERIOR_COLOUR, lw=3)
        ax.set_xlim(min(post.loc, -rope) - rope, max(post.loc, rope) + rope)
    rope_lines(ax, rope, label=False)
    if show_probabilities:
        p = post.rope(rope)
        names = labels or ("left", "rope", "right")
        text = "\n".join(f"P({n}) = {q:.3f}" for n, q in zip(names, p))
        # put the text on the side away from the bulk of the posterior
        right = float(post.loc) < 0
        ax.text(0.98 if right else 0.02, 0.97, text, transform=ax.transAxes, va="top",
                ha="right" if right else "left", fontsize=8,
                bbox=dict(facecolor="white", alpha=0.8, lw=0))
    ax.set(xlabel="mean difference of accuracy", ylabel="density", title=title)
    return ax


def posterior_hdis(post: StudentPosterior, masses=(0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99),
                   rope: float = 0.01, ax=None, title: str | None = None):
    """The posterior with its highest-density intervals stacked below it (JMLR Figure 5)."""
    ax = posterior(post, rope, ax=ax, title=title, show_probabilities=False)
    top = ax.get_ylim()[1]
    for j, m in enumerate(sorted(masses)):
        lo, hi = post.hdi(m)
        y = -top * (0.05 + 0.05 * j)
        ax.plot([lo, hi], [y, y], color=plt.cm.viridis(j / max(len(masses) - 1, 1)), lw=3)
        ax.text(hi, y, f" {m:.0%}", va="center", fontsize=7)
    ax.set_ylim(-top * (0.1 + 0.05 * len(masses)), top)
    return ax


def posterior_grid(post: StudentPosterior, names, rope: float = 0.01, ncols: int = 6,
                   panel=(2.4, 1.7), xlabel: str | None = None, fontsize: float = 8,
                   title: str | None = None):
    """Small multiples: one posterior per data set (JMLR Figure 8), on one shared x-scale so
    that data sets can be compared by eye; ``xlabel`` under each bottom panel."""
    q = len(names)
    nrows = -(-q // ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(panel[0] * ncols, panel[1] * nrows),
                             sharex=True, squeeze=False)
    lows, highs = zip(*(_grid_for(post[i], rope)[[0, -1]] for i in range(q)))
    for i, ax in enumerate(axes.flat):
        if i >= q:
            ax.axis("off")
            continue
        posterior(post[i], rope, ax=ax, show_probabilities=False)
        ax.set_title(str(names[i]), fontsize=fontsize + 1)
        ax.set(xlabel="", ylabel="", yticks=[], xlim=(min(lows), max(highs)))
        ax.xaxis.set_major_locator(plt.MaxNLocator(5))
        ax.tick_params(labelsize=fontsize, labelbottom=True)
        if xlabel and i + ncols >= q:          # the lowest panel of its column
            ax.set_xlabel(xlabel, fontsize=fontsize)
    if title:
        fig.suptitle(title)
    fig.tight_layout()                         # after the title, so that it makes room
    return fig


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
    families = []
    for family in (plt.rcParams["font.sans-serif"][0], *CJK_FONTS):
        if families and not wanted:
            break
        if family in installed:
            families.append(family)
            wanted -= {chr(c) for c in font_manager.get_font(installed[family]).get_charmap()}
    return families, "".join(sorted(wanted))
