"""Repeated stratified k-fold cross-validation, the same folds for every classifier, through
scikit-learn: its splitter (``RepeatedStratifiedKFold``), scorers (``check_scoring``) and
``clone``, with a progress bar. The tests compare classifiers fold by fold, so every classifier
is trained and tested on the very same splits. The result is the package's tidy table: one row
per data set x classifier x run x fold. Needs the ``study`` extra (scikit-learn).

Results already computed with scikit-learn's own ``cross_validate`` become that table through
:func:`from_sklearn`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from ..errors import InputError
from ..data import COLUMNS, as_numbers
from ..paths import install_command


def _sklearn():
    """scikit-learn's pieces, or an InputError naming the extra that brings it."""
    try:
        from sklearn.base import clone
        from sklearn.metrics import check_scoring
        from sklearn.model_selection import RepeatedStratifiedKFold
    except ImportError:
        raise InputError("cross-validation runs through scikit-learn, which is not installed: "
                         f"it is in the study extra; {install_command('study')}") from None
    return clone, check_scoring, RepeatedStratifiedKFold


def _whole(value) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def check_arguments(datasets, classifiers, runs, folds, seed) -> None:
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
        classes, counts = np.unique(y, return_counts=True)
        if len(classes) < 2:
            raise InputError(f"data set {name!r}: y has one class only; a classifier needs two")
        if counts.min() < folds:
            raise InputError(f"data set {name!r}: class {classes[counts.argmin()].item()!r} has "
                             f"{counts.min()} instance(s), fewer than the {folds} folds: every "
                             "test fold needs every class; give fewer folds")
    for name, model in classifiers.items():
        if not hasattr(model, "fit") or not hasattr(model, "get_params"):
            raise InputError(f"classifier {name!r} is a {type(model).__name__}: give an "
                             "unfitted scikit-learn estimator (fit, get_params), e.g. "
                             "LogisticRegression()")


def _scorers(classifiers: dict, metric, check_scoring) -> dict:
    """Each classifier's scorer for ``metric``, refused with the reason before any fit."""
    if not isinstance(metric, str) and not callable(metric):
        raise InputError(f"metric must be a scikit-learn scorer name such as 'roc_auc' or "
                         f"'accuracy' (or a scorer from make_scorer), got {metric!r}")
    scorers = {}
    for name, model in classifiers.items():
        try:
            scorers[name] = check_scoring(model, scoring=metric)
        except (ValueError, TypeError) as problem:
            raise InputError(f"metric {metric!r} for classifier {name!r}: {problem}") from None
    return scorers


def cross_validate(datasets: dict, classifiers: dict, runs: int = 10, folds: int = 10,
                   metric="roc_auc", seed: int = 0, progress: bool = False) -> pd.DataFrame:
    """Every classifier on every data set, ``runs`` x stratified ``folds``-fold, the same folds
    for all classifiers.

    Parameters
    ----------
    datasets : dict
        {name: (X, y)}: a table of features and one class label per instance.
    classifiers : dict
        {name: unfitted scikit-learn estimator}; each fold fits a ``clone``, whose
        ``random_state`` (if it has one) is set to ``seed`` + the run's index.
    runs, folds : int
        ``RepeatedStratifiedKFold(n_splits=folds, n_repeats=runs, random_state=seed)``: a data
        set's folds depend on ``seed`` and its labels only, so adding or leaving out data sets or
        classifiers leaves the others' folds unchanged.
    metric : str or callable
        A scikit-learn scorer name ("roc_auc", "accuracy", "balanced_accuracy", ...) or a
        scorer made by ``sklearn.metrics.make_scorer``; higher is better.
    seed : int
        The splitter's random state.
    progress : bool
        Show a progress bar of the folds.

    Returns
    -------
    pandas.DataFrame
        The tidy table: dataset, classifier, run, fold, score (runs and folds from 1).
    """
    clone, check_scoring, RepeatedStratifiedKFold = _sklearn()
    check_arguments(datasets, classifiers, runs, folds, seed)
    scorers = _scorers(classifiers, metric, check_scoring)
    splitter = RepeatedStratifiedKFold(n_splits=folds, n_repeats=runs, random_state=seed)
    rows = []
    with tqdm(total=len(datasets) * runs * folds, disable=not progress, unit="fold") as bar:
        for name, (X, y) in datasets.items():
            X, y = np.asarray(X), np.asarray(y)
            bar.set_description(str(name))
            for i, (train, test) in enumerate(splitter.split(X, y)):
                run, fold = divmod(i, folds)
                for clf_name, model in classifiers.items():
                    where = f"classifier {clf_name!r} on data set {name!r}, run {run + 1}, " \
                            f"fold {fold + 1}"
                    score = _fold_score(clone(model), scorers[clf_name], X, y, train, test,
                                        seed + run, where)
                    rows.append((name, clf_name, run + 1, fold + 1, score))
                bar.update()
    return pd.DataFrame(rows, columns=COLUMNS)


def _fold_score(model, scorer, X, y, train, test, seed: int, where: str) -> float:
    """One fold's test score; a model that fails says where, with its own error as the cause."""
    if "random_state" in model.get_params():
        model.set_params(random_state=seed)
    try:
        model.fit(X[train], y[train])
        return float(scorer(model, X[test], y[test]))
    except Exception as problem:
        raise InputError(f"{where} failed: {type(problem).__name__}: {problem} (the "
                         "estimator's own error is shown above)") from problem


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
    recorded = _same_splits(dataset, by_classifier)
    if folds is not None and (not _whole(folds) or folds < 2):
        raise InputError(f"folds must be a whole number >= 2 (the splitter's n_splits), "
                         f"got {folds!r}")
    if recorded is None:
        if folds is None:
            raise InputError(f"the {splits} splits on {dataset!r} do not say how many runs of "
                             "how many folds they are (the tests' correlation is 1/k): pass "
                             "folds=k, the splitter's n_splits, or run cross_validate with "
                             "return_indices=True so that the runs are read from the folds")
        k = folds
    else:
        k = _folds_from_splits(dataset, recorded)
        if folds is not None and folds != k:
            raise InputError(f"folds={folds}, but on {dataset!r} every {k} test folds "
                             f"partition the data (runs of {k} folds): drop folds=, or give "
                             f"folds={k}")
    if splits % k:
        raise InputError(f"{splits} splits on {dataset!r} are not whole runs of folds={k}: "
                         "give the splitter's n_splits as folds")
    return int(k)


def _folds_from_splits(dataset, splits: list) -> int:
    """The k such that each run's k test folds partition the data, every training set being
    the rest of the data: scikit-learn's repeated k-fold splitters give run 1's folds, then run
    2's, ...; InputError if no k does."""
    rows = set(np.asarray(splits[0][0]).tolist()) | set(np.asarray(splits[0][1]).tolist())
    for i, (train, test) in enumerate(splits):
        train, test = set(np.asarray(train).tolist()), set(np.asarray(test).tolist())
        if train & test or train | test != rows:
            raise InputError(f"split {i + 1} on {dataset!r} trains on other rows than the rest "
                             "of the data (as TimeSeriesSplit or a grouped or sampled splitter "
                             "does): the tests' correlation 1/k needs k-fold cross-validation, "
                             "each model trained on all the data but its test fold; use a "
                             "(repeated) k-fold splitter such as RepeatedStratifiedKFold")
    tests = [np.asarray(test) for _, test in splits]
    seen: set = set()
    k = None
    for i, test in enumerate(tests):
        fold = set(test.tolist())
        if seen & fold:
            break
        seen |= fold
        if seen == rows:
            k = i + 1
            break
    runs_ok = k is not None and k >= 2 and len(tests) % k == 0 and all(
        sorted(np.concatenate(tests[r:r + k]).tolist()) == sorted(rows)
        for r in range(0, len(tests), k))
    if k is None or not runs_ok:
        raise InputError(f"the test folds on {dataset!r} do not form runs of k-fold "
                         "cross-validation (each run's test folds partitioning the data), as "
                         "from ShuffleSplit or a leave-p-out splitter: the tests' correlation "
                         "1/k needs a (repeated) k-fold splitter such as "
                         "RepeatedStratifiedKFold")
    return k


def _row_lists(value) -> bool:
    return isinstance(value, (list, tuple)) and all(
        np.asarray(v).ndim == 1 and np.issubdtype(np.asarray(v).dtype, np.integer) for v in value)


def _same_splits(dataset, by_classifier: dict) -> list | None:
    """The (train, test) row numbers of a data set's splits (None when no classifier recorded
    them), after checking that the classifiers' splits are the same wherever recorded."""
    recorded = [(name, cv["indices"]) for name, cv in by_classifier.items()
                if isinstance(cv.get("indices"), dict) and "test" in cv["indices"]]
    if not recorded:
        return None
    for name, indices in recorded:
        for part in ("test", "train"):
            if not _row_lists(indices.get(part)) or len(indices[part]) != len(indices["test"]):
                raise InputError(f"{name!r} on {dataset!r}: indices[{part!r}] is not "
                                 f"cross_validate's list of {part} folds (arrays of row "
                                 "numbers); pass cross_validate's output as it is")
    first_name, reference = recorded[0]
    for name, indices in recorded[1:]:
        same = len(indices["test"]) == len(reference["test"]) and all(
            np.array_equal(a, b) for a, b in zip(indices["test"], reference["test"]))
        if not same:
            raise InputError(f"on {dataset!r}, {name!r} was tested on other folds than "
                             f"{first_name!r}: the tests compare fold by fold, so pass the "
                             "same splitter with a fixed random_state to every cross_validate")
    return list(zip(reference["train"], reference["test"]))
