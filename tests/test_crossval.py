"""Cross-validation through scikit-learn: the same folds for every classifier, scikit-learn's own
numbers, careless arguments refused before any fit, a failing model named by its fold."""

import re
import sys

import numpy as np
import pytest

pytest.importorskip("sklearn")

from sklearn.base import BaseEstimator, ClassifierMixin  # noqa: E402
from sklearn.dummy import DummyClassifier  # noqa: E402
from sklearn.model_selection import RepeatedStratifiedKFold  # noqa: E402
from sklearn.model_selection import cross_validate as sk_cross_validate  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402

from bayestut.analysis.crossval import cross_validate  # noqa: E402
from bayestut.data import paired_differences, read_results  # noqa: E402
from bayestut.errors import InputError  # noqa: E402


def coin():
    """Scores at random, with its own seed: a model with a random_state."""
    return DummyClassifier(strategy="uniform")


class Fails(ClassifierMixin, BaseEstimator):
    """A model whose fit fails on the second fold it sees."""

    def fit(self, X, y):
        if len(X) % 2:
            raise ValueError("odd training set")
        self.classes_ = np.unique(y)
        return self

    def predict_proba(self, X):
        return np.full((len(X), 2), 0.5)


def toy(n=60, seed=0):
    rng = np.random.default_rng(seed)
    y = np.repeat(["no", "yes"], [n - n // 3, n // 3])
    X = rng.normal(size=(n, 2)) + (y == "yes")[:, None] * 1.5
    return X, y


def test_tidy_table_with_shared_folds_and_seeded_models():
    data = {"toy": toy(), "other": toy(seed=1)}
    models = {"nb": GaussianNB(), "coin": coin()}
    df = cross_validate(data, models, runs=2, folds=3, seed=7)
    assert len(df) == 2 * 2 * 2 * 3
    results = read_results(df)                  # in the package's format, and it validates
    d = paired_differences(results, "nb", "coin")
    assert d.x.shape == (2, 6) and d.folds == 3
    assert df.query("classifier == 'nb'")["score"].mean() > 0.75
    again = cross_validate(data, models, runs=2, folds=3, seed=7)
    np.testing.assert_array_equal(df["score"], again["score"])
    other = cross_validate(data, models, runs=2, folds=3, seed=8)
    assert not np.array_equal(df["score"], other["score"])


def test_the_scores_are_scikit_learns_own():
    X, y = toy()
    table = cross_validate({"toy": (X, y)}, {"nb": GaussianNB()}, runs=2, folds=3, seed=5,
                           metric="accuracy")
    theirs = sk_cross_validate(GaussianNB(), X, y, scoring="accuracy",
                               cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2,
                                                          random_state=5))
    np.testing.assert_allclose(table["score"], theirs["test_score"])
    assert table["run"].tolist() == [1, 1, 1, 2, 2, 2] and table["fold"].max() == 3


def test_adding_a_classifier_keeps_the_folds():
    data = {"toy": toy()}
    one = cross_validate(data, {"nb": GaussianNB()}, runs=2, folds=3)
    two = cross_validate(data, {"coin": coin(), "nb": GaussianNB()}, runs=2, folds=3)
    np.testing.assert_array_equal(one["score"], two.query("classifier == 'nb'")["score"])


def test_leaving_out_a_data_set_keeps_the_others_folds():
    both = cross_validate({"toy": toy(), "other": toy(seed=1)}, {"c": GaussianNB()}, runs=2,
                          folds=3)
    alone = cross_validate({"other": toy(seed=1)}, {"c": GaussianNB()}, runs=2, folds=3)
    np.testing.assert_array_equal(both.query("dataset == 'other'")["score"], alone["score"])


def test_a_failing_model_says_which_fold_of_which_run_of_which_data_set():
    X, y = toy(n=61)                     # 3 folds of 61: training sets of 40 and 41 rows
    with pytest.raises(InputError, match=r"classifier 'bad' on data set 'toy', run 1, fold \d "
                                         r"failed: ValueError: odd training set") as raised:
        cross_validate({"toy": (X, y)}, {"nb": GaussianNB(), "bad": Fails()}, runs=1, folds=3)
    assert isinstance(raised.value.__cause__, ValueError)


def test_the_progress_bar_counts_the_folds(capsys):
    cross_validate({"toy": toy()}, {"nb": GaussianNB()}, runs=2, folds=3, progress=True)
    assert "6/6" in capsys.readouterr().err


def test_too_small_a_class_is_refused():
    X, y = toy()
    with pytest.raises(InputError, match="class 'no' has 3 instance.*fewer than the 5 folds"):
        cross_validate({"toy": (X[:23], y[-23:])}, {"nb": GaussianNB()}, runs=1, folds=5)


@pytest.mark.parametrize("change, message", [
    (dict(runs=1.5), "runs must be a whole number >= 1, got 1.5"),
    (dict(folds="10"), "folds must be a whole number >= 2"),
    (dict(runs=True), "runs must be a whole number"),
    (dict(datasets=[None]), r"give datasets as a dict.*give each a name"),
    (dict(classifiers=[GaussianNB()]), r"give classifiers as a dict.*give each a name"),
    (dict(datasets={"toy": None}), r"data set 'toy': give \(X, y\)"),
    (dict(datasets={"toy": (np.zeros((10, 2)), np.arange(12) % 2)}),
     r"X of shape \(10, 2\) and y"),
    (dict(datasets={"toy": (np.zeros((10, 2)), np.ones(10))}), "one class only"),
    (dict(classifiers={"c": object()}), "give an unfitted scikit-learn estimator"),
    (dict(metric="acuracy"), "metric 'acuracy' for classifier 'c'"),
    (dict(metric=3), "metric must be a scikit-learn scorer name"),
])
def test_careless_arguments_are_refused_before_any_fit(change, message):
    arguments = dict(datasets={"toy": toy()}, classifiers={"c": GaussianNB()}, runs=1, folds=3)
    with pytest.raises(InputError, match=message):
        cross_validate(**{**arguments, **change})


@pytest.mark.parametrize("in_repository, fix", [
    (True, "in the bayestut folder run pip install '.[study]'"),
    (False, "run pip install 'bayestut[study]'")])
def test_without_scikit_learn_the_error_names_the_study_extras_install(monkeypatch,
                                                                         in_repository, fix):
    for module in ("sklearn.base", "sklearn.metrics", "sklearn.model_selection"):
        monkeypatch.setitem(sys.modules, module, None)      # as if not installed
    monkeypatch.setattr("bayestut.paths.in_repository", lambda: in_repository)
    with pytest.raises(InputError, match=r"scikit-learn, which is not installed: it is in the "
                                         r"study extra; " + re.escape(fix)):
        cross_validate({"toy": toy()}, {"nb": GaussianNB()}, runs=1, folds=3)
