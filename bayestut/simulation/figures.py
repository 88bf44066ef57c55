"""Figures of the simulation study (Corani et al., MLJ 2017, Figures 2-4 and Table 1)."""

from __future__ import annotations

import matplotlib.pyplot as plt
from matplotlib.artist import Artist
import numpy as np
import pandas as pd

from ..figures.style import OUTCOME_COLOURS, POSTERIOR_COLOUR
from . import summary
from .summary import ALPHA, THRESHOLD


def _interval_bars(ax, x, low, high, colour) -> None:
    ax.vlines(x, low, high, color=colour, lw=1.2, alpha=0.7)


def mse_by_q(table: pd.DataFrame, sigma_n2: float, title: str, ax=None):
    """Table 1 as a figure: MSE of the MLE and of the shrinkage estimator against q, each with
    its 95% Monte Carlo interval (± 1.96 standard errors over the repetitions), and the MLE's
    theoretical MSE."""
    ax = ax or plt.subplots(figsize=(4.5, 3.2))[1]
    for column, marker, colour, label in (
            ("mse_mle", "o-", POSTERIOR_COLOUR, r"MLE $\bar x_i$"),
            ("mse_shrinkage", "s-", OUTCOME_COLOURS["left"], "shrinkage (hierarchical)")):
        ax.plot(table["q"], table[column], marker, color=colour, label=label)
        half = 1.96 * table[f"se_{column}"]
        _interval_bars(ax, table["q"], table[column] - half, table[column] + half, colour)
    ax.axhline(sigma_n2, color="grey", ls=":", label=r"MLE's MSE in theory")
    # shared y axes keep the last call's limits: never cut off a point drawn earlier
    top = max(ax.get_ylim()[1], 1.1 * table[["mse_mle", "mse_shrinkage"]].to_numpy().max())
    ax.set(xlabel="number of data sets $q$", ylabel="MSE", title=title, ylim=(0, top))
    ax.legend(fontsize=8)
    return ax


def _boxes(ax, per_rep: pd.DataFrame, column: str, positions) -> None:
    groups = [d[column].to_numpy() for _, d in per_rep.groupby("q")]
    ax.boxplot(groups, positions=positions, widths=4, showfliers=False,
               medianprops=dict(color=POSTERIOR_COLOUR))


def _share_with_interval(ax, x, hits: pd.Series, n: pd.Series, style: str, colour: str,
                         label: str) -> None:
    """A share of repetitions per x, with its 95% Wilson interval (binomial noise alone)."""
    share = hits / n
    low, high = summary.share_interval(share.to_numpy(), n.to_numpy())
    ax.plot(x, share, style, color=colour, label=label)
    _interval_bars(ax, x, low, high, colour)


def behaviour_vs_q(per_rep: pd.DataFrame, title: str, signed_rank: bool = True,
                   estimand: str = "delta0"):
    """Figures 2-3: against q, the frequentist signed-rank (Wilcoxon) p-values and rejections
    (upper), and the hierarchical P(rope) and the shares of repetitions with a decision (lower), on
    ``estimand`` ("delta0" or "next", see :mod:`bayestut.simulation.summary`). Shares carry
    95% binomial intervals."""
    rope, left, right = (f"{estimand}_{r}" for r in ("rope", "left", "right"))
    region = r"\delta_0" if estimand == "delta0" else r"\delta_\mathrm{next}"
    qs = sorted(per_rep["q"].unique())
    by_q = per_rep.groupby("q")
    n = by_q.size()
    rows = 2 if signed_rank else 1
    fig, axes = plt.subplots(rows, 2, figsize=(9, 3.2 * rows), squeeze=False)
    if signed_rank:
        ax = axes[0, 0]
        _boxes(ax, per_rep, "p_signed_rank", qs)
        ax.axhline(ALPHA, color="grey", ls=":", lw=1, label=r"$\alpha = 0.05$")
        ax.set(xlabel="$q$", ylabel="$p$-value", title="Wilcoxon signed-rank $p$-value")
        ax = axes[0, 1]
        hits = by_q["p_signed_rank"].apply(lambda p: np.sum(p < ALPHA))
        _share_with_interval(ax, qs, hits, n, "o-", POSTERIOR_COLOUR, "$p < 0.05$")
        ax.axhline(ALPHA, color="grey", ls="--", lw=1,
                   label="5%: a calibrated test at $\\delta_0 = 0$")
        # zoomed to the data, so that a few points around 5% can be told apart
        top = max(2.5 * ALPHA, 1.15 * summary.share_interval((hits / n).to_numpy(),
                                                             n.to_numpy())[1].max())
        ax.set(xlabel="$q$", ylabel="share of repetitions", ylim=(0, min(1.0, top)),
               title="Wilcoxon signed-rank rejections (zoomed)")
    ax = axes[-1, 0]
    _boxes(ax, per_rep, rope, qs)
    ax.plot(qs, by_q[rope].mean(), "d", color=OUTCOME_COLOURS["rope"],
            label="mean of P(equivalent)")
    ax.set(xlabel="$q$", ylabel=rf"$P({region} \in \mathrm{{rope}})$", ylim=(0, 1.02),
           title="hierarchical: probability of the rope")
    ax = axes[-1, 1]
    # the simulated difference is a - b: right is "a better"; named in every figure's order
    for column, style, outcome, name in ((right, "x--", "right", "a better"),
                                         (rope, "o-", "rope", "equivalent"),
                                         (left, "x--", "left", "b better")):
        _share_with_interval(ax, qs, by_q[column].apply(lambda p: np.sum(p > THRESHOLD)), n,
                             style, OUTCOME_COLOURS[outcome], f"P({name}) > 0.95")
    ax.set(xlabel="$q$", ylabel="share of repetitions", ylim=(0, 1),
           title="hierarchical decisions")
    # one legend below the panels: inside them it would cover the boxes
    handles: dict[str, Artist] = {}
    for ax in axes.flat:
        handles.update(zip(*reversed(ax.get_legend_handles_labels())))
    fig.suptitle(title)
    fig.legend(handles.values(), handles.keys(), loc="lower center", ncol=4, fontsize=8,
               frameon=False)
    fig.tight_layout(rect=(0, 0.1 if signed_rank else 0.16, 1, 1))
    return fig


def power_vs_delta0(decisions: pd.DataFrame, delta0s):
    """Figure 4: power of the Wilcoxon signed-rank test (p < 0.05) and of the hierarchical test
    (P(right) > 0.95) against delta0, at q = 50, with 95% binomial intervals."""
    fig, ax = plt.subplots(figsize=(4.8, 3.4))
    n = decisions["repetitions"].astype(float)
    _share_with_interval(ax, delta0s, decisions["signed-rank rejections"] * n, n, "o-",
                         POSTERIOR_COLOUR, "Wilcoxon signed-rank: $p < 0.05$")
    _share_with_interval(ax, delta0s, decisions["share P(right) > 0.95"] * n, n, "s-",
                         OUTCOME_COLOURS["right"], "hierarchical: P(a better) > 0.95")
    ax.set(xlabel=r"$\delta_0$", ylabel="power", ylim=(0, 1.02), xticks=list(delta0s),
           title="practically different classifiers, $q = 50$")
    ax.legend(fontsize=8)
    return fig
