"""scikit-learn's own cross_validate, for several estimators and data sets, into the tidy table."""

import numpy as np
import pytest

sklearn = pytest.importorskip("sklearn")

from sklearn.datasets import load_breast_cancer, load_iris  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.model_selection import (RepeatedStratifiedKFold, StratifiedKFold,  # noqa: E402
                                     cross_validate)
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402

from bayestut.analysis.compare import compare  # noqa: E402
from bayestut.analysis.crossval import from_sklearn  # noqa: E402
from bayestut.data import read_results  # noqa: E402
from bayestut.errors import InputError  # noqa: E402

MODELS = {"logreg": LogisticRegression(max_iter=2000), "nb": GaussianNB(),
          "tree": DecisionTreeClassifier(random_state=0)}


def datasets():
    iris = load_iris()
    X, y = load_breast_cancer(return_X_y=True)
    return {"iris versicolor": (iris.data, iris.target == 1), "cancer": (X[::3], y[::3])}


def run(cv, scoring="accuracy", **extra):
    return {name: {clf: cross_validate(model, X, y, cv=cv, scoring=scoring, **extra)
                   for clf, model in MODELS.items()}
            for name, (X, y) in datasets().items()}


@pytest.fixture(scope="module")
def results():
    return run(RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0),
               return_indices=True)


def test_cross_validate_output_becomes_the_tidy_table(results):
    table = read_results(from_sklearn(results, folds=3))
    assert len(table) == 2 * 3 * 2 * 3            # data sets x classifiers x runs x folds
    assert sorted(table["run"].unique()) == [1, 2] and sorted(table["fold"].unique()) == [1, 2, 3]
    first = table[(table.dataset == "cancer") & (table.classifier == "nb")]["score"].to_numpy()
    assert np.allclose(first, results["cancer"]["nb"]["test_score"])
    c = compare(table, "logreg", "tree", seed=0, chains=2, warmup=200, draws=200)
    assert c.differences.folds == 3 and c.differences.x.shape == (2, 6)


def test_multi_metric_results_name_their_scores():
    out = run(StratifiedKFold(3), scoring=["accuracy", "roc_auc"])
    table = from_sklearn(out, folds=3, scoring="test_roc_auc")
    assert len(table) == 2 * 3 * 3 and set(table["run"]) == {1}
    with pytest.raises(InputError, match="test_accuracy"):
        from_sklearn(out, folds=3)


def test_different_splits_are_refused(results):
    other = run(RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=1),
                return_indices=True)
    mixed = {name: {**by, "nb": other[name]["nb"]} for name, by in results.items()}
    with pytest.raises(InputError, match="other folds"):
        from_sklearn(mixed, folds=3)
    with pytest.raises(InputError, match=r"folds=4, but .*\(runs of 3 folds\)"):
        from_sklearn(results, folds=4)


def quick(cv, **extra):
    """cross_validate of two fast models on one small data set (for the checks of shapes)."""
    iris = load_iris()
    X, y = iris.data, iris.target == 1
    return {"iris": {clf: cross_validate(model, X, y, cv=cv, **extra)
                     for clf, model in (("nb", GaussianNB()),
                                        ("tree", DecisionTreeClassifier(random_state=0)))}}


def test_the_runs_are_read_from_the_splits():
    """10 x 5 repeated k-fold: each run's 5 test folds partition the data, so 10 runs of 5
    folds (rho = 1/5), not one run of 50 (rho = 1/50)."""
    out = quick(RepeatedStratifiedKFold(n_splits=5, n_repeats=10, random_state=0),
              return_indices=True)
    table = from_sklearn(out)
    assert table["run"].max() == 10 and table["fold"].max() == 5
    assert compare_rho(table) == pytest.approx(1 / 5)
    with pytest.raises(InputError, match="runs of 5 folds"):
        from_sklearn(out, folds=10)


def compare_rho(table):
    from bayestut.data import paired_differences
    return paired_differences(read_results(table), "nb", "tree").rho


def test_without_the_splits_the_runs_must_be_said():
    out = quick(RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0))
    with pytest.raises(InputError, match="pass folds=k.*return_indices=True"):
        from_sklearn(out)
    assert from_sklearn(out, folds=5)["run"].max() == 2


def test_splits_that_are_not_k_fold_runs_are_refused():
    from sklearn.model_selection import ShuffleSplit
    out = quick(ShuffleSplit(n_splits=4, test_size=0.3, random_state=0), return_indices=True)
    with pytest.raises(InputError, match="do not form runs of k-fold"):
        from_sklearn(out)


def test_training_scores_are_refused():
    out = quick(StratifiedKFold(3), return_train_score=True, return_indices=True)
    with pytest.raises(InputError, match="training scores"):
        from_sklearn(out, scoring="train_score")


@pytest.mark.parametrize("given, message", [
    ({}, "empty dict"),
    ({"d": {"a": np.array([0.8, 0.9, 0.85])}}, "cross_val_score's array"),
    ({"d": {"a": {}}}, "has no 'test_score'"),
    ([1, 2], "got a list"),
])
def test_what_is_not_cross_validate_output_is_refused(given, message):
    with pytest.raises(InputError, match=message):
        from_sklearn(given)


def test_indices_that_are_not_test_folds_are_refused():
    junk = {"d": {"a": {"test_score": [0.5, 0.6], "indices": {"test": 5}}}}
    with pytest.raises(InputError, match="not cross_validate's list of test folds"):
        from_sklearn(junk)


def test_a_splitter_whose_training_sets_are_not_the_rest_is_refused():
    """TimeSeriesSplit's test folds partition the later rows, but each model trains only on the
    rows before its fold: not k-fold cross-validation."""
    from sklearn.model_selection import TimeSeriesSplit
    out = quick(TimeSeriesSplit(n_splits=5), return_indices=True)
    with pytest.raises(InputError, match="trains on other rows than the rest of the data"):
        from_sklearn(out)
