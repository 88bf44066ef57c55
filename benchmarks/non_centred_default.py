"""Which parametrisation of delta_i should compare() use by default? Divergences, R-hat, ESS, time.

Cases: the 10 pairs of the 54 UCI data sets, the blog study (kNN vs AdaBoost, 5 data sets) and
near-identical classifiers (decision trees of depth 4 and 5 on eight scikit-learn data sets,
10 x 10-fold CV, AUC), each fitted with non_centred = "auto", True and False at seeds 0-1.

Run: .venv/bin/python benchmarks/non_centred_default.py [seeds]
"""

from __future__ import annotations

import itertools
import sys
import time
import warnings

import numpy as np

from bayestut import hierarchical as h
from bayestut.blog_study import load_results
from bayestut.data import UCI_CLASSIFIERS, load_uci, paired_differences
from bayestut.diagnostics import ConvergenceWarning

SETTINGS = ("auto", True, False)


def near_identical():
    """Trees of depth 4 and 5: most folds give (nearly) the same AUC."""
    from sklearn import datasets as sk
    from sklearn.tree import DecisionTreeClassifier

    from bayestut.crossval import cross_validate

    data = {"breast-cancer": sk.load_breast_cancer(return_X_y=True)}
    X, y = sk.load_wine(return_X_y=True)
    data["wine"] = (X, y == 0)
    X, y = sk.load_iris(return_X_y=True)
    data["iris"] = (X, y == 1)
    X, y = sk.load_digits(return_X_y=True)
    data["digits"] = (X, y < 5)
    for i in range(4):
        data[f"synthetic-{i}"] = sk.make_classification(400, 10, n_informative=4 + i, random_state=i)
    trees = {f"tree{d}": DecisionTreeClassifier(max_depth=d) for d in (4, 5)}
    return paired_differences(cross_validate(data, trees, seed=0), "tree4", "tree5")


def cases():
    uci = load_uci()
    for a, b in itertools.combinations(UCI_CLASSIFIERS, 2):
        yield f"uci {a}-{b}", paired_differences(uci, a, b)
    yield "blog knn-adaboost", paired_differences(load_results(), "knn", "adaboost")
    yield "trees depth 4-5", near_identical()


def main(seeds) -> None:
    warnings.simplefilter("ignore", ConvergenceWarning)
    print(f"{'case':<22}{'non_centred':>12}{'seed':>5}{'div':>6}{'R-hat':>7}{'ESS':>6}"
          f"{'depth':>6}{'s':>6}  P(left, rope, right)", flush=True)
    for name, d in cases():
        for setting, seed in itertools.product(SETTINGS, seeds):
            start = time.perf_counter()
            r = h.hierarchical_test(d, seed=seed, non_centred=setting, progress=False)
            g = r.diagnostics
            print(f"{name:<22}{setting!s:>12}{seed:>5}{g.divergences:>6}{g.max_rhat:>7.3f}"
                  f"{g.min_ess_bulk:>6.0f}{r.fit.sampler['treedepth__'].mean():>6.2f}"
                  f"{time.perf_counter() - start:>6.1f}  {np.round(r.probabilities, 3)}",
                  flush=True)


if __name__ == "__main__":
    main([int(s) for s in sys.argv[1:]] or [0, 1])
