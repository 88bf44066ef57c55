"""Figures of the simulation study (Corani et al., MLJ 2017, Figures 1-4 and Table 1)."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy import stats

from ..style import OUTCOME_COLOURS, REGIONS
from .summary import ALPHA, THRESHOLD

REGION_COLOURS = tuple(OUTCOME_COLOURS[r] for r in REGIONS)


def inference_schema(result, draws, rope: float = 0.01):
    """Figure 1: the next data set's posterior t(delta; delta0, sigma0, nu) for a few posterior
    draws, each with its left/rope/right areas and the region it votes for, then the votes of
    every draw (P(left), P(rope), P(right))."""
    fig, axes = plt.subplots(1, len(draws) + 1, figsize=(3.2 * (len(draws) + 1), 3))
    counts = np.zeros(3, dtype=int)
    for ax, s in zip(axes, draws):
        d0, s0, nu = result.delta0[s], result.sigma0[s], result.nu[s]
        half = max(4 * s0, 2 * rope) + abs(d0)
        grid = np.linspace(d0 - half, d0 + half, 400)
        density = stats.t.pdf(grid, df=nu, loc=d0, scale=s0)
        masses = result.masses[s]
        for region, colour, inside in zip(REGIONS, REGION_COLOURS,
                                          (grid < -rope, np.abs(grid) <= rope, grid > rope)):
            ax.fill_between(grid, density, where=inside, color=colour, alpha=0.6, lw=0)
        ax.plot(grid, density, color="black", lw=1)
        winner = int(masses.argmax())
        counts[winner] += 1
        ax.set_title(f"draw {s}: ({masses[0]:.2f}, {masses[1]:.2f}, {masses[2]:.2f})\n"
                     f"vote: {REGIONS[winner]}", fontsize=9)
        ax.set(xlabel="delta on the next data set", yticks=[])
    votes = np.bincount(result.masses.argmax(axis=1), minlength=3)
    ax = axes[-1]
    ax.bar(REGIONS, votes / votes.sum(), color=REGION_COLOURS)
    ax.set(title=f"votes of all {votes.sum()} draws", ylabel="P(region)", ylim=(0, 1))
    fig.tight_layout()
    return fig, counts


def mse_by_q(table: pd.DataFrame, sigma_n2: float, title: str, ax=None):
    """Table 1 as a figure: MSE of the MLE and of the shrinkage estimator against q, with
    Proposition 2's sigma_n^2."""
    ax = ax or plt.subplots(figsize=(4.5, 3.2))[1]
    ax.plot(table["q"], table["mse_mle"], "o-", label="MLE x̄_i")
    ax.plot(table["q"], table["mse_shrinkage"], "s-", label="shrinkage (hierarchical)")
    ax.axhline(sigma_n2, color="grey", ls=":", label="σ_n² (Prop. 2)")
    # shared y axes keep the last call's limits: never cut off a point drawn earlier
    top = max(ax.get_ylim()[1], 1.05 * table[["mse_mle", "mse_shrinkage"]].to_numpy().max())
    ax.set(xlabel="number of data sets q", ylabel="MSE", title=title, ylim=(0, top))
    ax.legend(fontsize=8)
    return ax


def _boxes(ax, per_rep: pd.DataFrame, column: str, positions) -> None:
    groups = [d[column].to_numpy() for _, d in per_rep.groupby("q")]
    ax.boxplot(groups, positions=positions, widths=4, showfliers=False)


def behaviour_vs_q(per_rep: pd.DataFrame, title: str, signed_rank: bool = True,
                   estimand: str = "delta0"):
    """Figures 2-3: against q, the signed-rank p-values and rejections (upper), and the
    hierarchical P(rope) and the share of repetitions with P(rope) > 0.95 (lower), on
    ``estimand`` ("delta0" or "next", see :mod:`bayestut.simulation.summary`)."""
    rope, left, right = (f"{estimand}_{r}" for r in ("rope", "left", "right"))
    qs = sorted(per_rep["q"].unique())
    by_q = per_rep.groupby("q")
    rows = 2 if signed_rank else 1
    fig, axes = plt.subplots(rows, 2, figsize=(9, 3.2 * rows), squeeze=False)
    if signed_rank:
        ax = axes[0, 0]
        _boxes(ax, per_rep, "p_signed_rank", qs)
        ax.axhline(ALPHA, color="red", ls=":", lw=1)
        ax.set(xlabel="q", ylabel="p-value", title="signed-rank p-value")
        ax = axes[0, 1]
        ax.plot(qs, by_q["p_signed_rank"].apply(lambda p: np.mean(p < ALPHA)), "o-")
        ax.set(xlabel="q", ylabel="share p < 0.05", ylim=(0, 1), title="signed-rank rejections")
    ax = axes[-1, 0]
    _boxes(ax, per_rep, rope, qs)
    ax.plot(qs, by_q[rope].mean(), "d", color=ROPE_COLOUR, label="mean")
    ax.set(xlabel="q", ylabel="P(rope)", ylim=(0, 1.02), title="hierarchical P(rope)")
    ax.legend(fontsize=8)
    ax = axes[-1, 1]
    ax.plot(qs, by_q[rope].apply(lambda p: np.mean(p > THRESHOLD)), "o-", color=ROPE_COLOUR,
            label="P(rope) > 0.95")
    wrong = by_q.apply(lambda d: np.mean((d[left] > THRESHOLD) | (d[right] > THRESHOLD)))
    ax.plot(qs, wrong, "x--", color="red", label="P(left) or P(right) > 0.95")
    ax.set(xlabel="q", ylabel="share of repetitions", ylim=(0, 1),
           title="hierarchical decisions")
    ax.legend(fontsize=8)
    fig.suptitle(title)
    fig.tight_layout()
    return fig


def power_vs_delta0(decisions: pd.DataFrame, delta0s):
    """Figure 4: power of the signed-rank test (p < 0.05) and of the hierarchical test
    (P(right) > 0.95) against delta0, at q = 50."""
    fig, ax = plt.subplots(figsize=(4.8, 3.4))
    ax.plot(delta0s, decisions["signed-rank rejections"], "o-", label="signed-rank: p < 0.05")
    ax.plot(delta0s, decisions["share P(right) > 0.95"], "s-", color="tab:green",
            label="hierarchical: P(right) > 0.95")
    ax.set(xlabel="delta0", ylabel="power", ylim=(0, 1.02), xticks=list(delta0s),
           title="practically different classifiers, q = 50")
    ax.legend(fontsize=8)
    return fig
