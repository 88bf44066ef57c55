"""The posterior predictive check's figure: for each statistic of the data sets' mean
differences (spread, smallest, largest, how many inside the rope), the histogram of its values
in the replicated sets, with the observed value marked and the share of replicated values at
least as far out (as wide, as low, as high, as few) written over the panel
(:mod:`bayestut.analysis.model_check` computes them)."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import MaxNLocator

from .style import POSTERIOR_COLOUR

SHOWN = (0.005, 0.995)    # the axis spans these quantiles of the replicated values (and the
                          # observed one): a Student t population with few degrees of freedom
                          # replicates a few values far out, which would squeeze the rest
TITLES = {"spread": "spread (standard deviation)", "smallest": "smallest", "largest": "largest",
          "inside the rope": "inside the rope"}


def model_check_figure(check, a: str, b: str, p_value=lambda p: f"{p:.3f}"):
    """Four panels, one per statistic: the replicated values' histogram and the observed one.

    Parameters
    ----------
    check : bayestut.analysis.model_check.ModelCheck
        The check.
    a, b : str
        The classifiers (the axis is a − b, or for the count inside the rope a number of data
        sets). The axis spans the middle 99% of the replicated values and the observed one.
    p_value : callable
        How a share is printed (the reports': ``analysis.model_check.p_value``).

    Returns
    -------
    matplotlib.figure.Figure
    """
    fig, axes = plt.subplots(1, len(check.shares), figsize=(13, 2.8))
    for ax, (name, share) in zip(axes, check.shares.items()):
        values, observed = check.replicated[name], check.observed[name]
        lo, hi = np.quantile(values, SHOWN)
        lo, hi = min(lo, observed), max(hi, observed)
        counted = name == "inside the rope"
        if counted:                 # whole numbers: a bar per count, the axis half a bar wider
            lo, hi = np.floor(lo) - 0.5, np.ceil(hi) + 0.5
        bins = np.arange(lo, hi + 1) if counted else np.linspace(lo, hi, 41)
        ax.hist(values, bins=bins, color="#bbbbbb")
        ax.axvline(observed, color=POSTERIOR_COLOUR, lw=2)
        ax.set_xlim(lo - 0.02 * (hi - lo), hi + 0.02 * (hi - lo))
        ax.set_title(f"{TITLES[name]}: share as far out {p_value(share)}", fontsize=9)
        ax.set_yticks([])
        ax.tick_params(labelsize=8)
        ax.xaxis.set_major_locator(MaxNLocator(4))     # a quarter of the panel per label
        ax.set_xlabel(f"data sets with |{a} − {b}| ≤ {check.rope:g}" if counted
                      else f"of the mean differences {a} − {b}", fontsize=8)
    axes[0].legend(handles=[plt.Rectangle((0, 0), 1, 1, color="#bbbbbb",
                                          label="replicated sets of new data sets"),
                            plt.Line2D([], [], color=POSTERIOR_COLOUR, lw=2,
                                       label="observed")], fontsize=7, loc="upper right")
    fig.tight_layout()
    return fig
