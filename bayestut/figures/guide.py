"""The guide's figures (notebook 10): which test for which data, and how the three
probabilities move with the rope's half-width."""

from __future__ import annotations

import matplotlib.pyplot as plt
from matplotlib.lines import Line2D

from ..methods.decisions import shown
from .style import OUTCOME_COLOURS, REGIONS, outcome_handles

QUESTION = dict(boxstyle="round,pad=0.5", facecolor="#EEEEEE", edgecolor="#555555")
TEST = dict(boxstyle="square,pad=0.5", facecolor="white", edgecolor="#222222", lw=1.5)
LINE = 0.026        # the height of a line of text, in axes units

# name: (x, y, text, style, the function that runs it), and the arrows (from, to, label)
BOXES = {
    "start": (0.5, 0.95, "Your cross-validation results:\nscore(a) − score(b), fold by fold",
              QUESTION, None),
    "how many": (0.5, 0.77, "How many data sets?", QUESTION, None),
    "one": (0.15, 0.55, "Bayesian correlated t-test\non that data set, ρ = 1/k", TEST,
            "bt.correlated_bayesian_ttest"),
    "scales": (0.64, 0.55, "Is a difference of any size worth the same\non every data set "
                           "(comparable scales)?", QUESTION, None),
    "folds": (0.4, 0.31, "Fold-level results of every data set,\nand few enough pairs "
                         "for MCMC?", QUESTION, None),
    "sign": (0.86, 0.31, "Bayesian sign test\non the data sets' means", TEST,
             "bt.sign_test"),
    "hierarchical": (0.17, 0.07, "Hierarchical model\non every fold of every data set", TEST,
                     "bt.hierarchical_test\n(bt.compare runs it)"),
    "signed-rank": (0.64, 0.07, "Bayesian signed-rank test\non the data sets' means", TEST,
                    "bt.signed_rank_test"),
}
ARROWS = [("start", "how many", ""), ("how many", "one", "one"),
          ("how many", "scales", "several"), ("scales", "folds", "yes"),
          ("scales", "sign", "no, but ±$r$ still means\n\"no real difference\" on each"),
          ("folds", "hierarchical", "yes"),
          ("folds", "signed-rank", "no: only the means,\nor very many comparisons")]


def _half_height(name: str) -> float:
    return (BOXES[name][2].count("\n") + 1) * LINE / 2 + 0.02     # text plus the box's pad


def choosing_diagram():
    """A decision diagram: which of the four tests fits the results at hand, and the
    function of the package that runs it (under each test's box, as ``import bayestut as bt``).
    Every test across data sets needs the rope to mean "no real difference" on each; only the
    sign test does without differences of other sizes being comparable."""
    fig, ax = plt.subplots(figsize=(10, 7.5))
    ax.set(xlim=(0, 1), ylim=(-0.06, 1.03))
    ax.axis("off")
    for name, (x, y, text, style, function) in BOXES.items():
        ax.text(x, y, text, ha="center", va="center", fontsize=10, bbox=style,
                fontweight="bold" if style is TEST else "normal")
        if function:
            ax.text(x, y - _half_height(name) - 0.012, function, ha="center", va="top",
                    fontsize=8.5, family="monospace", color="#333333")
    for start, end, label in ARROWS:
        (x0, y0), (x1, y1) = BOXES[start][:2], BOXES[end][:2]
        top, bottom = y1 + _half_height(end), y0 - _half_height(start)
        ax.annotate("", xy=(x1, top), xytext=(x0, bottom),
                    arrowprops=dict(arrowstyle="-|>", color="#333333", lw=1.3,
                                    shrinkA=0, shrinkB=0))
        if label:       # beside the arrow's middle, on its outer side
            right = x1 >= x0
            ax.text((x0 + x1) / 2 + (0.02 if right else -0.02), (bottom + top) / 2, label,
                    ha="left" if right else "right", va="bottom", fontsize=9, style="italic",
                    color="#333333")
    fig.tight_layout()
    return fig


def _curves(ax, sweep, labels, linestyle="-"):
    """The three probabilities of ``sweep`` (index r; columns P(a better), P(equivalent),
    P(b better)) against r, in the outcome colours."""
    for region, label, column in zip(REGIONS, labels, shown(list(sweep.columns))):
        ax.plot(sweep.index, sweep[column], color=OUTCOME_COLOURS[region], ls=linestyle, lw=2,
                label=label)


def _kind(sweeps) -> str:
    """The kind of probability a panel's sweeps hold, from their ``attrs``: one name, or
    "probability" when they are of several kinds or unnamed."""
    kinds = {sweep.attrs.get("kind") for sweep, _ in sweeps.values()}
    return str(kinds.pop()) if len(kinds) == 1 and None not in kinds else "probability"


def sensitivity_figure(panels, labels, rope=0.01, threshold=0.95):
    """One panel per entry of ``panels``: (title, y label, {line style: (sweep, name or None)}),
    the outcomes named by ``labels`` (in the reading order, e.g. ``decisions.outcomes(a, b)``)
    in a legend shared by all panels; the threshold is a dotted line, the chosen rope a thin
    grey one. A y label of None is the kind of probability the panel's sweeps name
    (``attrs["kind"]`` of :func:`bayestut.analysis.guide.hierarchical_sweep`: the posterior
    probability, or the probability for δ₀)."""
    labels = list(labels)[::-1]         # the number line's order, as the colours'
    fig, axes = plt.subplots(1, len(panels), figsize=(4.3 * len(panels), 3.8), squeeze=False)
    axes = axes[0]                 # one panel or several alike
    styles = {}
    for ax, (title, ylabel, sweeps) in zip(axes, panels):
        for linestyle, (sweep, name) in sweeps.items():
            _curves(ax, sweep, labels, linestyle)
            if name:              # a line style that needs a name in the legend
                styles[linestyle] = name
        ax.axhline(threshold, color="#333333", lw=0.8, ls=":")
        ax.axvline(rope, color="#999999", lw=0.8)
        ax.set(xlim=(sweep.index.min(), sweep.index.max()), ylim=(-0.02, 1.02),
               xlabel="rope half-width $r$ (the rope is $[-r, r]$)",
               ylabel=ylabel if ylabel is not None else _kind(sweeps))
        ax.set_title(title, fontsize=10)
    handles = outcome_handles(labels)
    handles += [Line2D([], [], color="#333333", ls=ls, label=name) for ls, name in styles.items()]
    handles += [Line2D([], [], color="#333333", lw=0.8, ls=":", label=f"threshold {threshold:g}"),
                Line2D([], [], color="#999999", lw=0.8, label=f"chosen $r$ = {rope:g}")]
    fig.legend(handles=handles, loc="lower center", ncol=len(handles), frameon=False,
               bbox_to_anchor=(0.5, 1.0))
    fig.tight_layout()
    return fig
