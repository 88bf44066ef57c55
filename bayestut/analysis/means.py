"""Mean scores only: the paired mean differences, and what the reports say is missing.

A table with one score per data set and classifier (the layout of most papers' result tables,
of Demšar 2006 and of autorank) holds what the Bayesian sign and signed-rank tests need (JMLR
§4.2) and nothing more: the correlated t-test and the hierarchical test model each fold, and
are not run. :class:`~bayestut.analysis.compare.MeansComparison` reports the two tests; every
report says which tests were left out, why, and what to collect to get them (:data:`NOT_RUN`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..data import Differences, check_complete, known_name
from ..errors import InputError

MIN_DATASETS = 2          # the tests compare over data sets

NOT_RUN = ("The Bayesian correlated t-test and the hierarchical test were not run: they need "
           "the score of every fold, and these results hold one mean score per data set and "
           "classifier; to get them, keep each classifier's score on every fold of every "
           "cross-validation run (the same folds for all classifiers) and give that table "
           "instead (tidy or wide per fold).")


def paired_means(table: pd.DataFrame, a: str, b: str, lower_is_better: bool) -> Differences:
    """mean score(a) - mean score(b) per data set (negated when lower is better), as
    Differences with one column; ``folds`` is 1 and means nothing here."""
    a, b = (known_name(name, table["classifier"].unique()) for name in (a, b))
    if a == b:
        raise InputError(f"both classifiers are {a!r}: name two different classifiers")
    check_complete(table, [a, b])
    key = "dataset_id" if "dataset_id" in table.columns else "dataset"
    wide = table.pivot_table(index=key, columns="classifier", values="score", aggfunc="first",
                             sort=False)[[a, b]]
    if len(wide) < MIN_DATASETS:
        raise InputError(f"mean scores on {len(wide)} data set: the sign and signed-rank tests "
                         f"compare over several data sets and need at least {MIN_DATASETS}; "
                         "with one data set, give every fold's score for the correlated t-test")
    x = (wide[a] - wide[b]).to_numpy()[:, None]
    if lower_is_better:
        x = -x
    if np.abs(x).max() > 1.0:
        raise InputError(f"differences up to {np.abs(x).max():g} in the metric's units: the "
                         "tests expect differences within ±1. Express the metric in larger "
                         "units (divide the scores and the rope by the same power of ten)")
    names = table.drop_duplicates(key).set_index(key, drop=False)["dataset"].reindex(wide.index)
    return Differences(x=x, datasets=tuple(names), ids=tuple(wide.index), a=a, b=b, folds=1)
