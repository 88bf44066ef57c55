"""Figures of one hierarchical fit (notebook 05): the voting picture of MLJ Figure 1, ArviZ rank
plots of the chains, a posterior predictive check of the data sets' mean differences, and δ₀'s
posterior with its three regions (the report's figure of a method paper's claim).

Outcomes are coloured as everywhere else (:mod:`bayestut.figures.style`); curves and draws that belong
to no outcome are drawn in its neutral colour.
"""

from __future__ import annotations

import warnings
from contextlib import contextmanager

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy import stats

from ..methods import hierarchical_exact
from ..methods.decisions import outcomes, probability_text, shown
from ..methods.hierarchical import HierarchicalResult, replicated_means
from .style import (OUTCOME_COLOURS, POSTERIOR_COLOUR, REGIONS, fill_by_outcome,
                    outcome_handles, rope_handle, rope_lines)

SYMBOLS = {"delta0": r"$\delta_0$", "sigma0": r"$\sigma_0$", "nu": r"$\nu$", "delta": r"$\delta_i$"}


def arviz():
    """ArviZ, imported on first use: it takes seconds to import, and the command line's
    ``--help`` should not wait for it. Its once-a-day notice of a coming refactor is muted."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        import arviz as az
    return az


@contextmanager
def _arviz_quietly():
    """ArviZ 0.23 calls a matplotlib helper deprecated in 3.11: its warning says nothing to a
    reader of these figures."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", matplotlib.MatplotlibDeprecationWarning)
        yield


def typical_draws(draws) -> list[int]:
    """Three posterior draws for the voting picture: the one surest of the rope, the most
    hesitant one (smallest largest mass) and the one surest of the side with more votes.

    Parameters
    ----------
    draws : pandas.DataFrame or array_like
        A result's :attr:`~bayestut.methods.hierarchical.HierarchicalResult.new_data_set_draws`
        (columns the outcomes in the reading order), or an (n, 3) array of masses in the
        number line's order (b better, equivalent, a better).

    Returns
    -------
    list of int
        The three draws' positions (for ``new_data_set_draws``, its index).
    """
    if isinstance(draws, pd.DataFrame):            # reading order: back to the number line's
        draws = draws.to_numpy()[:, ::-1]
    masses = np.asarray(draws, dtype=float)
    votes = np.bincount(masses.argmax(axis=1), minlength=3)
    side = 0 if votes[0] >= votes[2] else 2
    return [int(masses[:, 1].argmax()), int(masses.max(axis=1).argmin()),
            int(masses[:, side].argmax())]


def voting_picture(result: HierarchicalResult, draws=None):
    """MLJ Figure 1 from a real fit: for a few posterior draws of (delta0, sigma0, nu), the next
    data set's t(delta; delta0, sigma0, nu) with its mass below, inside and above the rope,
    and the region that draw votes for; last, the posterior probability of each outcome, the
    share of all draws' votes (the papers' "probability", Table 12). ``draws``: indices of pooled draws (default :func:`typical_draws`)."""
    draws = typical_draws(result.new_data_set_draws) if draws is None else list(draws)
    labels = result.labels[::-1]        # in the number line's order, as the masses
    rope = result.rope
    # one x-axis for the posteriors, wide enough for the widest, so that widths compare
    half = max(max(abs(result.delta0[s]) + 5 * result.sigma0[s] for s in draws), 3 * rope)
    grid = np.linspace(-half, half, 801)
    fig, axes = plt.subplots(1, len(draws) + 1, figsize=(3.4 * (len(draws) + 1), 3.4),
                             gridspec_kw={"width_ratios": [1] * len(draws) + [0.8]})
    for ax, s in zip(axes, draws):
        density = stats.t.pdf(grid, df=result.nu[s], loc=result.delta0[s], scale=result.sigma0[s])
        fill_by_outcome(ax, grid, density, rope, alpha=0.7)
        ax.plot(grid, density, color=POSTERIOR_COLOUR, lw=1)
        rope_lines(ax, rope, label=False)
        m = result._masses[s]
        ax.set_title(f"draw {s}: masses {' · '.join(f'{v:.2f}' for v in shown(m))}\n"
                     f"votes for {labels[int(m.argmax())]}", fontsize=9)
        ax.set(xlabel=fr"$\delta$ on the next data set ({result.a} − {result.b})", yticks=[],
               xlim=(-half, half))
        ax.xaxis.set_major_locator(plt.MaxNLocator(5))
    shares = result._probabilities
    ax = axes[-1]
    ax.bar(range(3), shown(shares), color=shown([OUTCOME_COLOURS[r] for r in REGIONS]))
    for i, p in enumerate(shown(shares)):
        ax.text(i, p + 0.02, f"{p:.3f}", ha="center", fontsize=9)
    ax.set(xticks=range(3), xticklabels=shown(labels), ylim=(0, 1.1),
           ylabel="posterior probability")
    ax.set_title(f"votes of all {len(result._masses):,} draws", fontsize=9)
    ax.tick_params(axis="x", labelsize=8)
    # in the reading order, as the panels' masses and the bars of the votes
    fig.legend(handles=outcome_handles([f"{labels[0]} (δ below −{rope:g})",
                                        f"{labels[1]} (inside the rope ±{rope:g})",
                                        f"{labels[2]} (δ above {rope:g})"]),
               loc="lower center", ncol=3, frameon=False, fontsize=9)
    fig.suptitle(f"{result.a} − {result.b}: each posterior draw votes for the region where the "
                 "next data set's δ has the largest mass")
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    return fig


def inference_data(result: HierarchicalResult, seed: int = 0, new_datasets: bool = True):
    """The fit as an ArviZ InferenceData: delta0, sigma0, nu and every delta_i by chain, the
    observed means x̄_i, and replicated ones (:func:`bayestut.methods.hierarchical.replicated_means`)."""
    az = arviz()
    chains = result.diagnostics.chains
    by_chain = lambda v: np.asarray(v).reshape(chains, -1, *np.shape(v)[1:])
    replicated = replicated_means(result, seed=seed, new_datasets=new_datasets)
    dims = {"delta": ["data set"], "xbar": ["data set"]}
    # data sets by position: two UCI data sets share the name "credit"
    return az.from_dict(
        posterior={"delta0": by_chain(result.delta0), "sigma0": by_chain(result.sigma0),
                   "nu": by_chain(result.nu), "delta": by_chain(result.delta)},
        posterior_predictive={"xbar": by_chain(replicated)},
        observed_data={"xbar": result.xbar},
        coords={"data set": np.arange(len(result.datasets))}, dims=dims)


def rank_plots(result: HierarchicalResult, datasets=()):
    """ArviZ rank plots of delta0, sigma0, nu and the delta_i of ``datasets``: the ranks of each
    chain's draws among all draws. Chains that sample the same posterior give flat histograms;
    a chain stuck elsewhere piles its ranks at one end."""
    az = arviz()
    idata = inference_data(result)
    names = ["delta0", "sigma0", "nu"] + ["delta"] * len(datasets)
    fig, axes = plt.subplots(1, len(names), figsize=(2.9 * len(names), 3.0), squeeze=False)
    for ax, name, where in zip(axes[0], names, [None] * 3 + list(datasets)):
        coords = {"data set": [list(result.datasets).index(where)]} if where else None
        with _arviz_quietly():
            az.plot_rank(idata, var_names=[name], coords=coords, colors=POSTERIOR_COLOUR,
                         ax=np.array([ax]))
        ax.set_title(SYMBOLS[name] + (f" ({where})" if where else ""), fontsize=10)
        ax.set_xlabel("rank among all draws", fontsize=8)
        ax.set_ylabel("chain" if ax is axes[0, 0] else "", fontsize=8)
    fig.suptitle(f"{result.a} − {result.b}: rank plots of the {result.diagnostics.chains} chains")
    fig.tight_layout()
    return fig


def predictive_check(result: HierarchicalResult, seed: int = 0, shown: int = 100):
    """Posterior predictive check of the data sets' mean differences, with ArviZ's plot_ppc:
    the density of the observed x̄_i beside the densities of ``shown`` replicated sets of them,
    keeping each draw's delta_i (left) and drawing new data sets from the population (right)."""
    az = arviz()
    observed = np.asarray(result.xbar)
    span = np.ptp(observed)
    xlim = (observed.min() - 0.3 * span, observed.max() + 0.3 * span)
    fig, axes = plt.subplots(1, 2, figsize=(11, 3.8), sharey=True)
    titles = ("the same data sets: each draw's $\\delta_i$",
              "new data sets: $\\delta_i \\sim t(\\delta_0, \\sigma_0, \\nu)$ for each draw")
    for ax, new, title in zip(axes, (False, True), titles):
        idata = inference_data(result, seed=seed, new_datasets=new)
        with _arviz_quietly():
            az.plot_ppc(idata, kind="kde", num_pp_samples=shown, random_seed=seed, ax=ax,
                        colors=["#999999", POSTERIOR_COLOUR, "#999999"], mean=False,
                        observed_rug=True, legend=False)
        rope_lines(ax, result.rope)
        ax.set_xlim(xlim)
        ax.set_title(title, fontsize=10)
        ax.set_xlabel(fr"mean difference $\bar x_i$ ({result.a} − {result.b}), one per data set",
                      fontsize=9)          # ArviZ's own label size is larger than the figure's
        ax.tick_params(labelsize=9)
    axes[0].set_ylabel("density", fontsize=9)
    handles = [plt.Line2D([], [], color=POSTERIOR_COLOUR, lw=2,
                          label=f"observed: the {observed.size} data sets"),
               plt.Line2D([], [], color="#999999", lw=1,
                          label=f"replicated, {shown} posterior draws"),
               rope_handle(result.rope)]
    axes[0].legend(handles=handles, fontsize=8, loc="upper left")
    fig.tight_layout()
    return fig


# --- δ₀'s posterior -----------------------------------------------------------------------------

SIDE_SHARE = 0.2          # each side region keeps at least this share of the axis's width, so
                          # that its name and probability fit over it
TAILS = 5e-4              # the densely drawn part of δ₀'s posterior: between these quantiles


def _exact_grid(result: HierarchicalResult):
    """The exact engine's fine grid, or None (Stan's draws, or a grid not kept)."""
    grids = getattr(result, "grids", None)
    return grids[0] if grids is not None else None


def _p_equals(p: float) -> str:
    """'P = 0.542', or 'P < 0.001' and 'P > 0.999' (the tables' rule)."""
    text = probability_text(p)
    return f"P {text}" if text[0] in "<>" else f"P = {text}"


def delta0_density(result: HierarchicalResult, points: int = 401) -> tuple[np.ndarray, np.ndarray]:
    """δ₀'s posterior density, for a figure: from the exact engine's grid where it has one
    (its distribution function differentiated: nothing sampled), else a kernel density of
    the draws.

    Parameters
    ----------
    result : HierarchicalResult
        The hierarchical test's result.
    points : int
        Points across the axis, and as many again across δ₀'s posterior (0.05% to 99.95%).

    Returns
    -------
    x, density : numpy.ndarray
        x in the metric's units on the axis of a - b (positive: a better), covering at least
        [-2 rope, 2 rope] and the rope's edges among its points; each region keeps at least
        SIDE_SHARE of the axis (its name is written over it).
    """
    rope, grid = result.rope, _exact_grid(result)
    scale = result.prepared.std_x
    if grid is not None:
        lo, hi = hierarchical_exact.delta0_quantiles(grid, [TAILS, 1 - TAILS]) * scale
    else:
        lo, hi = np.quantile(result.delta0, [TAILS, 1 - TAILS])
    # the widths left of and right of the rope, grown until each is SIDE_SHARE of the whole
    left = max(-rope - lo + 0.1 * (hi - lo), rope)
    right = max(hi - rope + 0.1 * (hi - lo), rope)
    for _ in range(50):         # a contraction (factor 2 SIDE_SHARE): converges
        width = left + right + 2 * rope
        left, right = max(left, SIDE_SHARE * width), max(right, SIDE_SHARE * width)
    x = np.r_[np.linspace(-rope - left, rope + right, points), np.linspace(lo, hi, points)]
    # points that all but coincide (two linspaces meeting, or beside the rope's edges) would
    # make the differentiated distribution function spike: keep one, and the edges exact
    tol = 1e-6 * (left + right + 2 * rope)
    x = np.union1d(x[np.abs(np.abs(x) - rope) > tol], [-rope, rope])
    x = x[np.r_[True, np.diff(x) > tol]]
    if grid is not None:
        # within the grid's δ₀ range only: its distribution function starts with a step at
        # the grid's first point (the prior's bound, say), which is no density
        inside = (x > grid.d.x.min() * scale) & (x < grid.d.x.max() * scale)
        density = np.zeros_like(x)
        if inside.sum() > 1:
            density[inside] = np.gradient(
                hierarchical_exact.delta0_cdf(grid, x[inside] / scale), x[inside])
    elif np.ptp(result.delta0) > 0:
        density = stats.gaussian_kde(result.delta0)(x)
    else:
        density = np.zeros_like(x)
    return x, np.maximum(density, 0.0)


def delta0_posterior(result: HierarchicalResult, xlabel: str | None = None, ax=None,
                     level: float = 0.95, interval: str | None = None):
    """δ₀'s posterior density, its area coloured by outcome (b better left of the rope,
    equivalent inside it, a better right of it), each region's name and probability for δ₀
    written over it (:attr:`~HierarchicalResult.delta0_probabilities`), and δ₀'s credible
    interval (:meth:`~HierarchicalResult.delta0_interval`) as a bar under the curve.

    Parameters
    ----------
    result : HierarchicalResult
        The hierarchical test's result (a - b, positive when a is better, for losses too).
    xlabel : str, optional
        The axis's label; by default δ₀ and which side is whose.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure by default.
    level : float
        The credible interval's probability.
    interval : str, optional
        The interval as the report prints it ("−0.0003 to +0.0063"), for the legend; by
        default its ends to a tenth of the rope.

    Returns
    -------
    matplotlib.axes.Axes
        The axes. Each outcome is named over its region, so the legend lists only the rope
        and the interval (a list of the outcomes beside the regions would read in the other
        order than they lie).
    """
    rope = result.rope
    ax = ax or plt.subplots(figsize=(6.5, 3.6))[1]
    x, density = delta0_density(result)
    top = density.max() if density.max() > 0 else 1.0
    fill_by_outcome(ax, x, density, rope, alpha=0.35)
    ax.plot(x, density, color=POSTERIOR_COLOUR, lw=1.2)
    rope_lines(ax, rope, label=False)
    low, high = result.delta0_interval(level)
    ax.plot([low, high], [-0.06 * top] * 2, color=POSTERIOR_COLOUR, lw=3,
            solid_capstyle="butt", gid="credible interval")
    ax.set(xlim=(x[0], x[-1]), ylim=(-0.12 * top, 1.6 * top), yticks=[],
           ylabel="posterior density")
    ax.set_xlabel(xlabel or f"δ₀, the population's mean difference ({result.a} − "
                            f"{result.b}: {result.a} scores better when positive)")
    # each region's name and probability over it; the rope's one row lower when it is narrow
    names = outcomes(result.a, result.b)[::-1]          # the number line's order, as x
    p = result.delta0_probabilities.to_numpy()[::-1]
    centres = [(x[0] - rope) / 2, 0.0, (rope + x[-1]) / 2]
    narrow = 2 * rope < SIDE_SHARE * (x[-1] - x[0])
    for k, (name, centre) in enumerate(zip(names, centres)):
        ax.text(centre, 0.8 if k == 1 and narrow else 0.97, f"{name}\n{_p_equals(p[k])}",
                transform=ax.get_xaxis_transform(), ha="center", va="top", fontsize=8.5,
                color=POSTERIOR_COLOUR, gid=f"region {REGIONS[k]}",
                bbox=dict(boxstyle="round,pad=0.25", facecolor="white",
                          edgecolor=OUTCOME_COLOURS[REGIONS[k]], alpha=0.9))
    # the interval to a tenth of the rope, as the reports print it
    d = max(0, int(np.ceil(-np.log10(rope / 10) - 1e-9))) if rope > 0 else 3
    shown = interval or f"[{low:.{d}f}, {high:.{d}f}]".replace("-", "−")
    bar = plt.Line2D([], [], color=POSTERIOR_COLOUR, lw=3,
                     label=f"{level:.0%} credible interval {shown}")
    ax.legend(handles=[rope_handle(rope), bar],
              loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8, frameon=False)
    return ax
