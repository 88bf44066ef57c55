"""Every bad input a reader can give ends in an InputError that says what to fix."""

import os
import threading

import numpy as np
import pandas as pd
import pytest

from bayestut.errors import InputError
from bayestut.data import paired_differences, read_results
from conftest import make_table


def table(datasets=("d0", "d1"), runs=2, folds=3, seed=0) -> pd.DataFrame:
    """The shared results table (conftest.py), each classifier's rows together."""
    df = make_table(datasets, runs, folds, classifiers=("a", "b"), seed=seed)
    return df.sort_values(["dataset", "classifier"], kind="stable", ignore_index=True)


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
                                         "only one of 'a', 'b' \\('a', not 'b'\\); "
                                         "every .* needs both"):
        paired_differences(read_results(df), "a", "b")


def test_data_sets_with_different_numbers_of_folds():
    df = pd.concat([table(("d0",), folds=3), table(("d1",), folds=5)])
    with pytest.raises(InputError, match=r"unequal numbers of folds across data sets: d1 has "
                                         r"10 folds \(adds run 1 fold 4, run 1 fold 5, run 2 "
                                         r"fold 4 and 1 more\), and d0 has 6; give every data "
                                         "set the same"):
        paired_differences(read_results(df), "a", "b")


def test_unequal_folds_name_only_the_odd_data_sets_and_what_they_lack():
    # 30 data sets, one short of two folds: the message names that one, not all 30
    df = table([f"ds{i:02d}" for i in range(30)], folds=5)
    df = df[~((df.dataset == "ds03") & (df.run == 2) & (df.fold >= 4))]
    with pytest.raises(InputError) as refused:
        paired_differences(read_results(df), "a", "b")
    assert str(refused.value) == (
        "unequal numbers of folds across data sets: ds03 has 8 folds (lacks run 2 fold 4, run 2 "
        "fold 5), and the other 29 have 10; give every data set the same runs x folds")


def test_a_data_set_missing_for_one_classifier_is_named_as_such():
    df = table(("d0", "d1", "d2"))
    df = df[~((df.dataset == "d1") & (df.classifier == "b"))]
    with pytest.raises(InputError, match=r"no results for 'b' on 'd1' \(of 3 data sets\)\. "
                                         "Both classifiers must be compared on the same data "
                                         "sets: run the missing classifiers there, or leave "
                                         "out those data sets$"):
        paired_differences(read_results(df), "a", "b")


def write(tmp_path, text, encoding="utf-8"):
    path = tmp_path / "results.csv"
    path.write_bytes(text.encode(encoding))
    return path


def test_empty_file(tmp_path):
    with pytest.raises(InputError, match="is empty: it needs a header line"):
        read_results(write(tmp_path, ""))


def test_file_that_is_not_utf8(tmp_path):
    text = "dataset,classifier,run,fold,score\nCrème,a,1,1,0.8\n"
    with pytest.raises(InputError, match="is not UTF-8 text .* save it as 'CSV UTF-8'"):
        read_results(write(tmp_path, text, encoding="latin-1"))


@pytest.mark.parametrize("start, kind", [(b"PK\x03\x04", "an Excel workbook"),
                                         (b"\xd0\xcf\x11\xe0", "an old Excel workbook")])
def test_a_spreadsheet_given_for_a_csv_is_named_as_such(tmp_path, start, kind):
    workbook = tmp_path / "results.xlsx"
    workbook.write_bytes(start + bytes(range(256)))
    with pytest.raises(InputError, match=f"is {kind}.*not a CSV file: save it as 'CSV UTF-8'"):
        read_results(workbook)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_pipe_is_read_once(tmp_path):
    pipe, csv = tmp_path / "pipe", tmp_path / "results.csv"
    table().to_csv(csv, index=False)
    os.mkfifo(pipe)
    read = {}       # a reader that opened the pipe twice would wait for a writer for ever
    reader = threading.Thread(target=lambda: read.update(df=read_results(pipe)), daemon=True)
    reader.start()
    pipe.write_bytes(csv.read_bytes())
    reader.join(timeout=30)
    assert len(read["df"]) == len(table())


def test_a_long_table_of_several_metrics_names_the_column_to_filter_on():
    both = pd.concat([table().assign(metric="accuracy"), table().assign(metric="f1")])
    with pytest.raises(InputError, match="repeated .* differ in column 'metric' "
                                         r"\(accuracy, f1\): keep the rows of one metric"):
        read_results(both)
    with pytest.raises(InputError, match="keep one score per classifier and fold$"):
        read_results(pd.concat([table(), table().iloc[:2]]))         # plain repeats


def test_a_wide_table_may_have_a_classifier_called_score():
    wide = table().pivot_table(index=["dataset", "run", "fold"], columns="classifier",
                               values="score").reset_index().rename(columns={"a": "score"})
    tidy = read_results(wide)
    assert sorted(tidy["classifier"].unique()) == ["b", "score"]
    assert len(tidy) == len(table())


def test_semicolons_and_decimal_commas_are_read(tmp_path):
    csv = tmp_path / "comma.csv"
    table().to_csv(csv, index=False)
    semicolon = csv.read_text().replace(",", ";").replace(".", ",")
    np.testing.assert_allclose(read_results(write(tmp_path, semicolon))["score"],
                               read_results(csv)["score"])


def test_spaces_after_the_commas_are_dropped(tmp_path):
    text = "dataset, classifier, run, fold, score\nd0, a, 1, 1, 0.8\nd0, b, 1, 1, 0.7\n"
    df = read_results(write(tmp_path, text))
    assert list(df.columns) == ["dataset", "classifier", "run", "fold", "score"]
    assert set(df["classifier"]) == {"a", "b"}


def test_classifier_names_that_look_like_numbers_are_text(tmp_path):
    df = table().replace({"classifier": {"a": 1, "b": 2}})
    csv = tmp_path / "numbers.csv"
    df.to_csv(csv, index=False)
    for source in (csv, df):
        d = paired_differences(read_results(source), "1", "2")
        assert (d.a, d.b) == ("1", "2")


def test_boolean_scores(tmp_path):
    df = table().assign(score=lambda t: t["score"] > 0.8)
    with pytest.raises(InputError, match="the scores are True/False"):
        read_results(df)


def test_a_table_that_is_not_a_table():
    for wrong in (np.zeros((4, 5)), [[1, 2, 3]]):
        with pytest.raises(InputError, match="give the results as a pandas DataFrame or the "
                                             "path of a CSV file, not a"):
            read_results(wrong)


def test_runs_with_different_k_name_the_data_sets():
    # d0: 2 runs of 3 folds, d1: 1 run of 6 folds: the same 6 differences each
    df = pd.concat([table(("d0",), runs=2, folds=3), table(("d1",), runs=1, folds=6)])
    with pytest.raises(InputError, match="runs with different numbers of folds k: d0: k = 3, "
                                         "d1: k = 6"):
        paired_differences(read_results(df), "a", "b")


def test_one_fold_per_run_asks_for_two():
    with pytest.raises(InputError, match="k-fold cross-validation needs at least 2 folds per run"):
        paired_differences(read_results(table(runs=5, folds=1)), "a", "b")


def test_infinite_score_is_named_not_rescaled():
    df = table()
    df.loc[2, "score"] = np.inf
    with pytest.raises(InputError, match="1 infinite score\\(s\\), e.g. inf for 'a' on 'd0'"):
        read_results(df, score_range=(0, np.inf))


def test_percent_advice_names_the_command_line_option():
    df = table().assign(score=lambda t: t["score"] * 100)
    with pytest.raises(InputError, match="percent=True; on the command line --percent"):
        read_results(df)


def test_duplicate_rows_print_plain_values():
    df = pd.concat([table(), table().iloc[[0]]])
    with pytest.raises(InputError, match=r"1 repeated \(dataset, classifier, run, fold\) row\(s\), "
                                         r"e.g. \(d0, a, 1, 1\)") as caught:
        read_results(df)
    assert "np." not in str(caught.value)


def test_the_same_classifier_twice_is_named():
    with pytest.raises(InputError, match="both classifiers are 'a': name two different"):
        paired_differences(read_results(table()), "a", "a")


@pytest.mark.parametrize("call", [
    lambda bt: bt.sign_test("abc"),
    lambda bt: bt.signed_rank_test(["0.01", "x"]),
    lambda bt: bt.correlated_bayesian_ttest(["a", "b", "c"], 0.1),
    lambda bt: bt.correlated_bayesian_ttest([0.01, 0.02, -0.01], "x"),
    lambda bt: bt.correlated_bayesian_ttest([0.01, 0.02, -0.01], True),
])
def test_the_public_tests_refuse_what_is_not_numbers(call):
    import bayestut as bt
    with pytest.raises(bt.InputError):
        call(bt)


def test_a_string_for_percent_is_refused_not_read_as_true():
    with pytest.raises(InputError, match="percent must be True or False"):
        read_results(table(), percent="False")


def test_a_data_set_missing_for_one_classifier_of_a_means_table_is_named_as_such():
    from bayestut.analysis.means import paired_means

    df = pd.DataFrame({"dataset": ["d0", "d0", "d1", "d2", "d2"],
                       "classifier": ["a", "b", "a", "a", "b"],
                       "score": [0.8, 0.7, 0.8, 0.9, 0.8]})
    with pytest.raises(InputError, match=r"no results for 'b' on 'd1' \(of 3 data sets\)"):
        paired_means(read_results(df), "a", "b", lower_is_better=False)
