"""Repeated stratified k-fold cross-validation with the same folds for every classifier.

The tests compare classifiers fold by fold, so each classifier must be trained and tested on
the very same split: the folds are drawn once per (data set, run) and shared. Classifiers are
any objects with scikit-learn's ``fit(X, y)`` and ``predict_proba(X)`` (or
``decision_function(X)``); a fresh copy is trained on every fold. The result is the package's
tidy table: one row per data set x classifier x run x fold.

Results already computed with scikit-learn's own ``cross_validate`` become that table through
:func:`from_sklearn`.
"""

from __future__ import annotations

import copy
import zlib

import numpy as np
import pandas as pd
from scipy import stats

from ..errors import InputError
from ..data import COLUMNS


def auc(y_true, y_score) -> float:
    """Area under the ROC curve: the probability that a random positive outscores a random
    negative, ties counting one half (the Mann-Whitney statistic over n_pos * n_neg)."""
    y_true = np.asarray(y_true, dtype=bool)
    n_pos, n_neg = int(y_true.sum()), int((~y_true).sum())
    if n_pos == 0 or n_neg == 0:
        raise InputError("AUC needs both classes in the test fold")
    ranks = stats.rankdata(y_score)          # average ranks handle the ties
    return float((ranks[y_true].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def stratified_folds(y, k: int, rng: np.random.Generator) -> np.ndarray:
    """A fold label 0..k-1 per instance, each class spread evenly over the folds.

    Shuffle, then order by class (stably) and deal the labels 0, 1, ..., k-1 in turn.
    """
    y = np.asarray(y)
    classes, counts = np.unique(y, return_counts=True)
    if counts.min() < k:
        raise InputError(f"class {classes[counts.argmin()].item()!r} has {counts.min()} instance(s), "
                         f"fewer than the {k} folds: every test fold needs both classes")
    shuffled = rng.permutation(len(y))
    dealt = shuffled[np.argsort(y[shuffled], kind="stable")]
    folds = np.empty(len(y), dtype=int)
    folds[dealt] = np.arange(len(y)) % k
    return folds


def _positive_scores(model, X) -> np.ndarray:
    if hasattr(model, "predict_proba"):
        return model.predict_proba(X)[:, 1]
    if hasattr(model, "decision_function"):
        return model.decision_function(X)
    raise InputError(f"{type(model).__name__} has neither predict_proba nor decision_function")


def _seeded(model, seed: int):
    """A fresh copy; its own randomness (if it has a random_state) fixed by ``seed``."""
    fresh = copy.deepcopy(model)
    if hasattr(fresh, "get_params") and "random_state" in fresh.get_params():
        fresh.set_params(random_state=seed)
    return fresh


def cross_validate(datasets: dict, classifiers: dict, runs: int = 10, folds: int = 10,
                   metric=auc, seed: int = 0, progress: bool = False) -> pd.DataFrame:
    """``runs`` x stratified ``folds``-fold cross-validation of every classifier on every data
    set, the same folds for all classifiers; the tidy table of ``metric(y_test, scores)``.

    ``datasets``: {name: (X, y)} with a binary y; ``classifiers``: {name: unfitted model}.
    The folds of a data set in run r come from ``seed``, the data set's name and r only, so
    adding or leaving out data sets or classifiers leaves the others' folds unchanged.
    """
    if runs < 1 or folds < 2:
        raise InputError(f"need runs >= 1 and folds >= 2, got runs={runs}, folds={folds}")
    rows = []
    for name, (X, y) in datasets.items():
        X, y = np.asarray(X), np.asarray(y)
        if len(np.unique(y)) != 2:
            raise InputError(f"data set {name!r}: y must have exactly two classes, "
                             f"got {len(np.unique(y))}")
        positive = y == np.unique(y)[1]
        for run in range(runs):
            stream = [seed, zlib.crc32(str(name).encode()), run]   # stable across processes
            labels = stratified_folds(y, folds, np.random.default_rng(stream))
            for fold in range(folds):
                test = labels == fold
                for clf_name, model in classifiers.items():
                    fitted = _seeded(model, seed + run).fit(X[~test], positive[~test])
                    score = metric(positive[test], _positive_scores(fitted, X[test]))
                    rows.append((name, clf_name, run + 1, fold + 1, score))
            if progress:
                print(f"{name}: run {run + 1}/{runs} done", flush=True)
    return pd.DataFrame(rows, columns=COLUMNS)


def from_sklearn(results: dict, folds: int | None = None,
                 scoring: str = "test_score") -> pd.DataFrame:
    """The tidy table from scikit-learn's own ``cross_validate``, run for several estimators
    on several data sets with the same splitter and seed.

    ``results``: {data set: {classifier: the dict ``sklearn.model_selection.cross_validate``
    returned}}, e.g.::

        cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=0)
        results = {name: {clf: cross_validate(model, X, y, cv=cv, scoring="roc_auc",
                                              return_indices=True)
                          for clf, model in models.items()}
                   for name, (X, y) in datasets.items()}
        table = from_sklearn(results, folds=10)

    ``folds``: the k of the k-fold splitter (repeated splitters list run 1's k splits, then run
    2's, ...); None treats all splits as one run. ``scoring``: the key of the scores, e.g.
    "test_roc_auc" after ``scoring=["roc_auc", ...]``. When the results hold the splits
    (``return_indices=True``), every classifier of a data set must have the same test folds.
    scikit-learn's "neg_..." scorers give negative numbers (higher is better): compare them
    with ``score_range=(-inf, 0)``.
    """
    rows = []
    if not isinstance(results, dict) or not results:
        raise InputError("give {data set: {classifier: cross_validate(...) output}}, "
                         f"got {type(results).__name__}")
    for dataset, by_classifier in results.items():
        if not isinstance(by_classifier, dict) or len(by_classifier) < 1:
            raise InputError(f"data set {dataset!r}: give {{classifier: cross_validate(...) "
                             "output}}")
        splits = _same_splits(dataset, by_classifier)
        for classifier, cv in by_classifier.items():
            if scoring not in cv:
                keys = [k for k in cv if k.startswith("test_")]
                raise InputError(f"{classifier!r} on {dataset!r} has no {scoring!r}; its scores "
                                 f"are {keys}: pass scoring=one of them")
            scores = np.asarray(cv[scoring], dtype=float)
            if len(scores) != splits:
                raise InputError(f"{classifier!r} on {dataset!r} has {len(scores)} splits, the "
                                 f"others {splits}: run every classifier with the same splitter")
            k = folds or len(scores)
            if k < 2 or len(scores) % k:
                raise InputError(f"{len(scores)} splits on {dataset!r} are not whole runs of "
                                 f"folds={k}: give the splitter's n_splits as folds")
            rows += [(str(dataset), str(classifier), i // k + 1, i % k + 1, s)
                     for i, s in enumerate(scores)]
    return pd.DataFrame(rows, columns=COLUMNS)


def _same_splits(dataset, by_classifier: dict) -> int:
    """The number of splits of a data set's results, after checking that the classifiers'
    test folds are the same wherever the results record them."""
    first_name, first = next(iter(by_classifier.items()))
    reference = first.get("indices")
    for name, cv in by_classifier.items():
        indices = cv.get("indices")
        if reference is None or indices is None:
            continue
        same = len(indices["test"]) == len(reference["test"]) and all(
            np.array_equal(a, b) for a, b in zip(indices["test"], reference["test"]))
        if not same:
            raise InputError(f"on {dataset!r}, {name!r} was tested on other folds than "
                             f"{first_name!r}: the tests compare fold by fold, so pass the "
                             "same splitter with a fixed random_state to every cross_validate")
    return len(next(v for k, v in first.items() if k.startswith("test_")))
