"""Small made-up result tables for worked examples, in the package's tidy format."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..data import COLUMNS


def uniform_scores(good: tuple[float, float] = (0.9, 1.0), bad: tuple[float, float] = (0.6, 0.9),
                   datasets: int = 3, runs: int = 30, folds: int = 5,
                   seed: int = 413) -> pd.DataFrame:
    """The example of ICMC TR 413 (Pisani and de Carvalho 2016): on every fold, classifier
    "good" scores ~ U(good) and "bad" ~ U(bad), independently; 3 data sets, 30 runs of
    5-fold cross-validation. R's random numbers cannot be replayed, so ``seed`` draws others.
    """
    rng = np.random.default_rng(seed)
    rows = []
    for d in range(1, datasets + 1):
        # the report draws all of a data set's good scores, then all its bad ones
        scores = {"good": rng.uniform(*good, runs * folds), "bad": rng.uniform(*bad, runs * folds)}
        for name, values in scores.items():
            for i, value in enumerate(values):
                rows.append((f"data set {d}", name, i // folds + 1, i % folds + 1, value))
    return pd.DataFrame(rows, columns=COLUMNS)
