"""The cross-validation simulator of Corani et al. (MLJ 2017, §5), after Corani and Benavoli (2015).

One synthetic data set has N instances with a balanced binary class and two binary features.
Feature j equals the class, flipped with probability 1 - theta_j, so naive Bayes on feature j
alone predicts "class = feature" and its expected accuracy is theta_j. Classifier A uses
feature 1 (theta_1 = theta*), classifier B feature 2 (theta_2 = theta* - delta_i): their
expected difference of accuracy is delta_i. Both are assessed by m runs of stratified k-fold
cross-validation on the same folds, and the simulator returns the n = m k differences
accuracy(A) - accuracy(B), fold by fold.

Everything is vectorised over data sets, runs and folds: naive Bayes on one binary feature
is a 2 x 2 table of counts per training set, computed for all folds at once.
"""

from __future__ import annotations

import numpy as np

from ..errors import InputError

N_INSTANCES = 500          # the authors' code's default
THETA_STAR = 0.9
RUNS, FOLDS = 10, 10


def stratified_fold_labels(y: np.ndarray, runs: int, folds: int,
                           rng: np.random.Generator) -> np.ndarray:
    """Fold labels (data sets, runs, N): per run, shuffle, order by class, deal 0..k-1 in turn
    (the authors' stratification), so every fold holds the same share of each class, +-1."""
    q, n = y.shape
    keys = rng.random((q, runs, n))
    # a stable sort on the class after a random order: shuffled within each class
    order = np.argsort(keys, axis=-1)
    order = np.take_along_axis(order, np.argsort(
        np.take_along_axis(np.broadcast_to(y[:, None, :], keys.shape), order, -1),
        axis=-1, kind="stable"), -1)
    labels = np.empty((q, runs, n), dtype=np.int8)
    np.put_along_axis(labels, order, (np.arange(n) % folds).astype(np.int8), -1)
    return labels


def naive_bayes_accuracy(feature: np.ndarray, y: np.ndarray, fold: np.ndarray,
                         folds: int) -> np.ndarray:
    """Test accuracy (data sets, runs, folds) of naive Bayes on one binary feature, trained on
    the other k - 1 folds: P(c) = (n_c + 1) / (N + 2), P(f | c) = (n_cf + 1) / (n_c + 2)."""
    in_test = np.arange(folds)[:, None] == fold[..., None, :]            # (q, runs, k, N)
    cell = 2 * y + feature                                               # (class, feature) as 0..3
    in_cell = cell[None, :, None, None, :] == np.arange(4)[:, None, None, None, None]
    test = (in_cell & in_test).sum(axis=-1)                              # (4, q, runs, k)
    train = in_cell.sum(axis=-1) - test                                  # the other folds
    n_class = np.stack([train[0] + train[1], train[2] + train[3]])       # (2, q, runs, k)
    correct = np.zeros(test.shape[1:])
    for f in (0, 1):
        # P(c) P(f | c) up to the common 1 / (N + 2); a tie goes to class 0
        score0 = (n_class[0] + 1) * (train[f] + 1) / (n_class[0] + 2)
        score1 = (n_class[1] + 1) * (train[2 + f] + 1) / (n_class[1] + 2)
        # test instances with feature value f are right when their class is the prediction
        correct += np.where(score1 > score0, test[2 + f], test[f])
    return correct / in_test.sum(axis=-1)


def check_deltas(deltas) -> np.ndarray:
    deltas = np.asarray(deltas, dtype=float)
    if deltas.ndim != 1 or deltas.size == 0:
        raise InputError(f"give one delta_i per data set as a 1-d array, got shape {deltas.shape}")
    if not np.all(np.isfinite(deltas)):
        raise InputError("delta_i must be finite numbers")
    return deltas


def realised_delta(deltas, theta_star: float = THETA_STAR) -> np.ndarray:
    """The expected difference of accuracy the simulator realises for each true delta_i.

    Inside [theta* - 1, theta* - 0.5] it is delta_i. Outside, as in the authors' simulator,
    theta_2 = theta* - delta_i is used as drawn: feature 2 is flipped with probability
    1 - theta_2 clipped to [0, 1], so theta_2 > 1 gives a perfect feature (accuracy 1) and
    theta_2 < 0.5 an inverted one, which naive Bayes learns to read backwards (accuracy
    1 - theta_2, at most 1).
    """
    theta2 = np.clip(theta_star - np.asarray(deltas, dtype=float), 0.0, 1.0)
    return theta_star - np.maximum(theta2, 1.0 - theta2)


def outside_range(deltas, theta_star: float = THETA_STAR) -> np.ndarray:
    """Where theta_2 = theta* - delta_i leaves [0.5, 1], so the realised difference is not delta_i."""
    deltas = np.asarray(deltas, dtype=float)
    return (deltas < theta_star - 1.0) | (deltas > theta_star - 0.5)


def mle_mse(mean: float, variance: float, theta_star: float = THETA_STAR,
            n_instances: int = N_INSTANCES) -> float:
    """Expected squared error of x̄_i when delta_i has this mean and variance (inside the
    simulator's range). x̄_i is the mean over the N instances of a_j - b_j, where a_j, b_j
    (instance j classified right by A, by B) are independent Bernoulli(theta*), Bernoulli(
    theta_2): each instance is tested once per run, and naive Bayes on one informative feature
    always predicts "class = feature", so the 10 runs repeat the same a_j - b_j. Hence
    Var(x̄_i | delta_i) = (theta*(1 - theta*) + theta_2 (1 - theta_2)) / N, whose mean over
    delta_i is below. At delta_i = 0 it is 0.18 / 500 = 0.00036."""
    # E[theta_2 (1 - theta_2)] with theta_2 = theta* - delta: a quadratic in delta
    second = theta_star * (1 - theta_star) + (2 * theta_star - 1) * mean - (variance + mean**2)
    return (theta_star * (1 - theta_star) + second) / n_instances


def simulate_differences(deltas, rng: np.random.Generator, *, n_instances: int = N_INSTANCES,
                         theta_star: float = THETA_STAR, runs: int = RUNS,
                         folds: int = FOLDS) -> np.ndarray:
    """Differences accuracy(A) - accuracy(B), shaped (data sets, runs * folds), run by run.

    ``deltas``: the true delta_i of each data set, any real numbers: where theta_2 = theta* -
    delta_i leaves [0.5, 1] the simulator runs as the authors' did (see :func:`realised_delta`).
    A data set whose differences are all zero (no information) is drawn again.
    """
    deltas = check_deltas(deltas)
    if n_instances < 2 * folds:
        raise InputError(f"{n_instances} instances are too few for {folds}-fold cross-validation")
    x = np.empty((deltas.size, runs * folds))
    todo = np.arange(deltas.size)
    while todo.size:
        q = todo.size
        y = (rng.random((q, n_instances)) < 0.5).astype(np.int8)
        theta = np.stack([np.full(q, theta_star), theta_star - deltas[todo]])   # (2, q)
        # a theta_2 above 1 never flips, one below 0 always does
        flips = rng.random((2, q, n_instances)) >= theta[..., None]
        features = (y[None] ^ flips).astype(np.int8)
        fold = stratified_fold_labels(y, runs, folds, rng)
        acc_a = naive_bayes_accuracy(features[0], y, fold, folds)
        acc_b = naive_bayes_accuracy(features[1], y, fold, folds)
        x[todo] = (acc_a - acc_b).reshape(q, runs * folds)
        todo = todo[np.all(x[todo] == 0, axis=1)]
    return x
