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
from ..data import COLUMNS, as_numbers


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


def _whole(value) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def check_arguments(datasets, classifiers, runs, folds, metric, seed) -> None:
    """cross_validate's arguments, checked before any model is fit."""
    for name, value, least in (("runs", runs, 1), ("folds", folds, 2), ("seed", seed, 0)):
        if not _whole(value) or value < least:
            raise InputError(f"{name} must be a whole number >= {least}, got {value!r}")
    for name, value, example in (("datasets", datasets, "{'iris': (X, y)}"),
                                 ("classifiers", classifiers,
                                  "{'logreg': LogisticRegression()}")):
        if not isinstance(value, dict) or not value:
            raise InputError(f"give {name} as a dict of name -> value, e.g. {example}, "
                             f"got {type(value).__name__}"
                             + (" (give each a name: {'name': ...})"
                                if isinstance(value, (list, tuple)) else ""))
    for name, pair in datasets.items():
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise InputError(f"data set {name!r}: give (X, y), got {type(pair).__name__}")
        X, y = (np.asarray(v) for v in pair)
        if X.ndim != 2 or y.ndim != 1 or len(X) != len(y):
            raise InputError(f"data set {name!r}: give X as a table (instances x features) and "
                             f"y with one label per instance; got X of shape {X.shape} and y "
                             f"of shape {y.shape}")
    for name, model in classifiers.items():
        if not hasattr(model, "fit") or not (hasattr(model, "predict_proba")
                                             or hasattr(model, "decision_function")):
            raise InputError(f"classifier {name!r} is a {type(model).__name__}: give an "
                             "unfitted model with fit(X, y) and predict_proba(X) or "
                             "decision_function(X), e.g. LogisticRegression()")
    if not callable(metric):
        raise InputError(f"metric must be a function metric(y_true, y_score), got {metric!r}: "
                         "e.g. sklearn.metrics.roc_auc_score")


def _scored(metric, y_true, y_score) -> float:
    """``metric`` on one test fold: a number, or an InputError saying the metric gets each
    instance's score (a probability), not a predicted class."""
    try:
        value = metric(y_true, y_score)
        return float(value)
    except (TypeError, ValueError) as problem:
        name = getattr(metric, "__name__", repr(metric))
        raise InputError(f"metric {name} failed on a test fold ({problem}): the metric gets "
                         "(y_true, y_score) with y_score each instance's score for the "
                         "positive class (a probability), not a predicted class; for "
                         "accuracy give e.g. lambda y, s: accuracy_score(y, s > 0.5), or use "
                         "a metric of scores such as roc_auc_score") from None


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
    check_arguments(datasets, classifiers, runs, folds, metric, seed)
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
                    score = _scored(metric, positive[test], _positive_scores(fitted, X[test]))
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
        table = from_sklearn(results)

    ``folds``: the k of the k-fold splitter (repeated splitters list run 1's k splits, then run
    2's, ...). With ``return_indices=True`` it is read from the splits (each run's test folds
    partition the data), and checked if given; without the splits it must be given, since 50
    splits may be 10 runs of 5 folds or 5 of 10, and the tests' correlation is 1/k.
    ``scoring``: the key of the scores, e.g. "test_roc_auc" after
    ``scoring=["roc_auc", ...]``; training scores ("train_...") are refused. Every classifier
    of a data set must have the same test folds. scikit-learn's "neg_..." scorers give
    negative numbers (higher is better): compare them with ``score_range=(-inf, 0)``.
    """
    if not isinstance(results, dict):
        raise InputError("give {data set: {classifier: cross_validate(...) output}}, "
                         f"got a {type(results).__name__}")
    if not results:
        raise InputError("the results are an empty dict: give {data set: {classifier: "
                         "cross_validate(...) output}}, at least one data set")
    if not isinstance(scoring, str) or scoring.startswith("train_"):
        raise InputError(f"scoring={scoring!r}: give the key of a test score, e.g. "
                         "'test_score' or 'test_roc_auc'; training scores (return_train_score) "
                         "are measured on the data each model was fit on and cannot be "
                         "compared as test results")
    rows = []
    for dataset, by_classifier in results.items():
        if not isinstance(by_classifier, dict) or len(by_classifier) < 1:
            raise InputError(f"data set {dataset!r}: give {{classifier: cross_validate(...) "
                             "output}, at least one classifier")
        for classifier, cv in by_classifier.items():
            _check_output(dataset, classifier, cv, scoring)
        k = _runs_of(dataset, by_classifier, folds, scoring)
        for classifier, cv in by_classifier.items():
            scores = as_numbers(cv[scoring], f"{classifier!r} on {dataset!r}: {scoring}")
            rows += [(str(dataset), str(classifier), i // k + 1, i % k + 1, s)
                     for i, s in enumerate(np.ravel(scores))]
    return pd.DataFrame(rows, columns=COLUMNS)


def _check_output(dataset, classifier, cv, scoring: str) -> None:
    """One classifier's cross_validate output: a dict holding ``scoring``."""
    if not isinstance(cv, dict):
        plain = (" (cross_val_score's array of scores, say)"
                 if isinstance(cv, (np.ndarray, list, tuple)) else "")
        raise InputError(f"{classifier!r} on {dataset!r} is a {type(cv).__name__}{plain}, not "
                         "cross_validate's dict: run sklearn.model_selection.cross_validate("
                         "model, X, y, cv=cv, return_indices=True) instead, which keeps the "
                         "folds (or pass {'test_score': scores} with folds=k)")
    if scoring not in cv:
        keys = [k for k in cv if str(k).startswith("test_")]
        if keys:
            raise InputError(f"{classifier!r} on {dataset!r} has no {scoring!r}; its test "
                             f"scores are {keys}: pass scoring=one of them (training scores "
                             "cannot be compared)")
        search = any(str(k).startswith("split0_test_") for k in cv)   # GridSearchCV's
        shown = list(cv)[:6]
        raise InputError(f"{classifier!r} on {dataset!r} has no {scoring!r} and no test "
                         f"scores of cross_validate at all (no key test_...; its keys are {shown}"
                         f"{', ...' if len(cv) > 6 else ''})"
                         + (": that is a search's cv_results_, one row per candidate setting, "
                            "not one model's folds; run cross_validate(search, X, y, cv=cv, "
                            "return_indices=True) with the search itself as the model (the "
                            "tuning repeated inside each fold), the same cv for every "
                            "classifier" if search else
                            ": give sklearn.model_selection.cross_validate's output"))


def _runs_of(dataset, by_classifier: dict, folds, scoring: str) -> int:
    """k, the folds per run of a data set's results, read from the splits when recorded
    (and checked against ``folds``); the classifiers' test folds checked to be the same."""
    first_name, first = next(iter(by_classifier.items()))
    splits = len(np.ravel(first[scoring]))
    for name, cv in by_classifier.items():
        if len(np.ravel(cv[scoring])) != splits:
            raise InputError(f"{name!r} on {dataset!r} has {len(np.ravel(cv[scoring]))} "
                             f"splits, {first_name!r} {splits}: run every classifier with the "
                             "same splitter")
    tests = _same_splits(dataset, by_classifier)
    if folds is not None and (not _whole(folds) or folds < 2):
        raise InputError(f"folds must be a whole number >= 2 (the splitter's n_splits), "
                         f"got {folds!r}")
    if tests is None:
        if folds is None:
            raise InputError(f"the {splits} splits on {dataset!r} do not say how many runs of "
                             "how many folds they are (the tests' correlation is 1/k): pass "
                             "folds=k, the splitter's n_splits, or run cross_validate with "
                             "return_indices=True so that the runs are read from the folds")
        k = folds
    else:
        k = _folds_from_splits(dataset, tests)
        if folds is not None and folds != k:
            raise InputError(f"folds={folds}, but on {dataset!r} every {k} test folds "
                             f"partition the data (runs of {k} folds): drop folds=, or give "
                             f"folds={k}")
    if splits % k:
        raise InputError(f"{splits} splits on {dataset!r} are not whole runs of folds={k}: "
                         "give the splitter's n_splits as folds")
    return int(k)


def _folds_from_splits(dataset, tests: list) -> int:
    """The k such that each run's k test folds partition the data: scikit-learn's repeated
    splitters give run 1's folds, then run 2's, ...; InputError if no k does."""
    n = len(set(np.concatenate([np.asarray(t) for t in tests]).tolist()))
    seen, k = set(), None
    for i, test in enumerate(tests):
        test = set(np.asarray(test).tolist())
        if seen & test:
            break
        seen |= test
        if len(seen) == n:
            k = i + 1
            break
    runs_ok = k is not None and k >= 2 and len(tests) % k == 0 and all(
        sorted(np.concatenate([np.asarray(t) for t in tests[r:r + k]]).tolist()) == sorted(seen)
        for r in range(0, len(tests), k))
    if not runs_ok:
        raise InputError(f"the test folds on {dataset!r} do not form runs of k-fold "
                         "cross-validation (each run's test folds partitioning the data), as "
                         "from ShuffleSplit or a leave-p-out splitter: the tests' correlation "
                         "1/k needs a (repeated) k-fold splitter such as "
                         "RepeatedStratifiedKFold")
    return k


def _same_splits(dataset, by_classifier: dict) -> list | None:
    """The test folds of a data set's results (None when no classifier recorded them),
    after checking that the classifiers' test folds are the same wherever recorded."""
    recorded = [(name, cv["indices"]["test"]) for name, cv in by_classifier.items()
                if isinstance(cv.get("indices"), dict) and "test" in cv["indices"]]
    if not recorded:
        return None
    for name, tests in recorded:
        if not isinstance(tests, (list, tuple)) or not all(
                np.asarray(t).ndim == 1 and np.issubdtype(np.asarray(t).dtype, np.integer)
                for t in tests):
            raise InputError(f"{name!r} on {dataset!r}: indices['test'] is not "
                             "cross_validate's list of test folds (arrays of row numbers); "
                             "pass cross_validate's output as it is")
    first_name, reference = recorded[0]
    for name, tests in recorded[1:]:
        same = len(tests) == len(reference) and all(
            np.array_equal(a, b) for a, b in zip(tests, reference))
        if not same:
            raise InputError(f"on {dataset!r}, {name!r} was tested on other folds than "
                             f"{first_name!r}: the tests compare fold by fold, so pass the "
                             "same splitter with a fixed random_state to every cross_validate")
    return list(reference)
