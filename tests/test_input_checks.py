"""Every bad input a reader can give ends in an InputError that says what to fix."""

import numpy as np
import pandas as pd
import pytest

from bayestut.data import InputError, paired_differences, read_results


def table(datasets=("d0", "d1"), runs=2, folds=3, seed=0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    rows = [(d, c, r, f, rng.uniform(0.7, 0.9))
            for d in datasets for c in ("a", "b") for r in range(1, runs + 1)
            for f in range(1, folds + 1)]
    return pd.DataFrame(rows, columns=["dataset", "classifier", "run", "fold", "score"])


def test_missing_column():
    with pytest.raises(InputError, match=r"missing column\(s\) \['fold'\]"):
        read_results(table().drop(columns="fold"))


def test_missing_score_column_names_the_columns():
    with pytest.raises(InputError, match="no score column 'auc'; the columns are"):
        read_results(table(), score="auc")


def test_nan_scores():
    df = table()
    df.loc[4, "score"] = np.nan
    with pytest.raises(InputError, match=r"NaN in column\(s\) \['score'\] \(first rows: \[4\]\)"):
        read_results(df)


def test_missing_file():
    with pytest.raises(InputError, match="no results file 'nowhere.csv'"):
        read_results("nowhere.csv")


def test_score_outside_the_declared_range():
    df = table()
    df.loc[5, "score"] = -0.2
    with pytest.raises(InputError, match=r"1 score\(s\) outside the metric's range \[0, 1\], "
                                         r"e.g. -0.2 for 'a' on 'd0'"):
        read_results(df)


def test_unbounded_metric_accepts_large_scores_once_declared():
    df = table()
    df["score"] *= 3                                   # a log-loss, say
    with pytest.raises(InputError, match="percentages"):
        read_results(df)
    assert read_results(df, score_range=(0, np.inf))["score"].max() > 1


def test_bad_score_range():
    with pytest.raises(InputError, match="low < high"):
        read_results(table(), score_range=(1, 0))


def test_unpaired_fold_says_what_to_fix():
    df = table()
    df = df.drop(df.index[(df.classifier == "b") & (df.run == 2) & (df.fold == 3)
                          & (df.dataset == "d1")])
    with pytest.raises(InputError, match=r"\(dataset, run, fold\) = \(d1, 2, 3\) has a score for "
                                         "only one of 'a', 'b'; "
                                         "every .* needs both"):
        paired_differences(read_results(df), "a", "b")


def test_data_sets_with_different_numbers_of_folds():
    df = pd.concat([table(("d0",), folds=3), table(("d1",), folds=5)])
    with pytest.raises(InputError, match="unequal numbers of folds across data sets: d0: 6, "
                                         "d1: 10; give every data set the same"):
        paired_differences(read_results(df), "a", "b")
