import numpy as np
import pytest

from bayestut.analysis.crossval import auc, cross_validate, stratified_folds
from bayestut.errors import InputError
from bayestut.data import paired_differences, read_results


class Centroid:
    """A tiny classifier: the score is the distance to the negatives' mean minus the positives'."""

    def fit(self, X, y):
        self.pos, self.neg = X[y].mean(axis=0), X[~y].mean(axis=0)
        return self

    def decision_function(self, X):
        return np.linalg.norm(X - self.neg, axis=1) - np.linalg.norm(X - self.pos, axis=1)


class Coin:
    """Scores at random, with its own seed: a model with a random_state."""

    def __init__(self, random_state=None):
        self.random_state = random_state

    def get_params(self):
        return {"random_state": self.random_state}

    def set_params(self, **params):
        self.__dict__.update(params)
        return self

    def fit(self, X, y):
        return self

    def predict_proba(self, X):
        p = np.random.default_rng(self.random_state).uniform(size=len(X))
        return np.column_stack([1 - p, p])


def toy(n=60, seed=0):
    rng = np.random.default_rng(seed)
    y = np.repeat(["no", "yes"], [n - n // 3, n // 3])
    X = rng.normal(size=(n, 2)) + (y == "yes")[:, None] * 1.5
    return X, y


def test_auc_counts_pairs_and_halves_ties():
    assert auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]) == 0.75
    assert auc([0, 1], [0.5, 0.5]) == 0.5
    with pytest.raises(InputError, match="both classes"):
        auc([1, 1], [0.2, 0.3])


def test_auc_matches_scikit_learn():
    metrics = pytest.importorskip("sklearn.metrics")
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 200)
    s = np.round(rng.normal(size=200) + y, 1)          # rounded: plenty of ties
    assert auc(y, s) == pytest.approx(metrics.roc_auc_score(y, s))


def test_folds_are_stratified_and_cover_every_instance_once():
    y = np.array([0] * 37 + [1] * 13)
    labels = stratified_folds(y, 5, np.random.default_rng(0))
    for f in range(5):
        assert np.bincount(y[labels == f], minlength=2).tolist() in ([7, 3], [8, 2], [7, 2],
                                                                    [8, 3])
    assert np.bincount(labels).sum() == 50 and set(labels) == set(range(5))


def test_too_small_a_class_is_refused():
    with pytest.raises(InputError, match="class 1 has 3 instance"):
        stratified_folds(np.array([0] * 20 + [1] * 3), 5, np.random.default_rng(0))


def test_tidy_table_with_shared_folds_and_seeded_models():
    data = {"toy": toy(), "other": toy(seed=1)}
    models = {"centroid": Centroid(), "coin": Coin()}
    df = cross_validate(data, models, runs=2, folds=3, seed=7)
    assert len(df) == 2 * 2 * 2 * 3
    results = read_results(df)                  # in the package's format, and it validates
    d = paired_differences(results, "centroid", "coin")
    assert d.x.shape == (2, 6) and d.folds == 3
    assert df.query("classifier == 'centroid'")["score"].mean() > 0.75
    again = cross_validate(data, models, runs=2, folds=3, seed=7)
    np.testing.assert_array_equal(df["score"], again["score"])
    other = cross_validate(data, models, runs=2, folds=3, seed=8)
    assert not np.array_equal(df["score"], other["score"])


def test_adding_a_classifier_keeps_the_folds():
    data = {"toy": toy()}
    one = cross_validate(data, {"centroid": Centroid()}, runs=2, folds=3)
    two = cross_validate(data, {"coin": Coin(), "centroid": Centroid()}, runs=2, folds=3)
    np.testing.assert_array_equal(one["score"],
                                  two.query("classifier == 'centroid'")["score"])


def test_non_binary_target_is_refused():
    X, _ = toy()
    with pytest.raises(InputError, match="exactly two classes, got 3"):
        cross_validate({"three": (X, np.arange(60) % 3)}, {"c": Centroid()}, runs=1, folds=3)


def test_leaving_out_a_data_set_keeps_the_others_folds():
    both = cross_validate({"toy": toy(), "other": toy(seed=1)}, {"c": Centroid()}, runs=2, folds=3)
    alone = cross_validate({"other": toy(seed=1)}, {"c": Centroid()}, runs=2, folds=3)
    np.testing.assert_array_equal(both.query("dataset == 'other'")["score"], alone["score"])


@pytest.mark.parametrize("change, message", [
    (dict(runs=1.5), "runs must be a whole number >= 1, got 1.5"),
    (dict(folds="10"), "folds must be a whole number >= 2"),
    (dict(runs=True), "runs must be a whole number"),
    (dict(datasets=[None]), r"give datasets as a dict.*give each a name"),
    (dict(classifiers=[Centroid()]), r"give classifiers as a dict.*give each a name"),
    (dict(datasets={"toy": None}), r"data set 'toy': give \(X, y\)"),
    (dict(metric="accuracy"), "metric must be a function"),
])
def test_careless_arguments_are_refused_before_any_fit(change, message):
    arguments = dict(datasets={"toy": toy()}, classifiers={"c": Centroid()}, runs=1, folds=3)
    with pytest.raises(InputError, match=message):
        cross_validate(**{**arguments, **change})


def test_a_metric_of_predicted_classes_is_told_it_gets_scores():
    from sklearn.metrics import accuracy_score
    with pytest.raises(InputError, match=r"accuracy_score failed.*s > 0.5"):
        cross_validate({"toy": toy()}, {"c": Centroid()}, runs=1, folds=3,
                       metric=accuracy_score)
