"""Input that could be read more than one way is refused with the fix, never guessed at:
repeated headers, columns that are not classifiers, ranks, look-alike names (issue 34)."""

import re
import unicodedata

import numpy as np
import pandas as pd
import pytest

from bayestut.analysis.cli import main
from bayestut.analysis.compare import compare
from bayestut.analysis.many import check_classifiers
from bayestut.data import paired_differences, read_results
from bayestut.errors import InputError
from conftest import make_table

FAST = dict(chains=2, warmup=200, draws=200)


def wide_means(datasets=8, seed=0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    level = rng.uniform(0.7, 0.9, datasets)
    return pd.DataFrame({"dataset": [f"d{i}" for i in range(datasets)],
                         "mine": level + 0.02, "baseline": level,
                         "old": level - rng.uniform(0, 0.03, datasets)})


def tidy(datasets=4, runs=2, folds=3, seed=0, names=("mine", "baseline")) -> pd.DataFrame:
    return make_table(datasets, runs, folds, classifiers=names, seed=seed)   # conftest.py


def test_a_repeated_classifier_header_is_refused_not_renamed(tmp_path):
    csv = tmp_path / "r.csv"
    csv.write_text("dataset,mine,baseline,mine\nd1,0.8,0.7,0.81\nd2,0.9,0.85,0.88\n")
    with pytest.raises(InputError, match=r"names column\(s\) \['mine'\] more than once"):
        read_results(csv)


def test_a_tidy_table_with_two_score_columns_is_refused(tmp_path):
    csv = tmp_path / "r.csv"
    tidy().assign(again=lambda t: t["score"]).rename(columns={"again": "score"}).to_csv(
        csv, index=False)
    with pytest.raises(InputError, match=r"\['score'\] more than once"):
        read_results(csv)


def test_a_dataframe_with_repeated_column_names_is_refused():
    df = wide_means()
    df.columns = ["dataset", "mine", "mine", "old"]
    with pytest.raises(InputError, match=r"column name\(s\) \['mine'\] appear more than once"):
        compare(df, "mine", "old")


@pytest.mark.parametrize("extra, why", [
    ("n_features", "named like"), ("seed", "named like"), ("instances", "whole numbers")])
def test_extra_numeric_columns_of_a_wide_table_are_named(extra, why):
    df = wide_means().assign(**{extra: np.arange(8) * 7 + 4})
    with pytest.raises(InputError, match=rf"'{extra}' \({why}.*classifiers=\[\.\.\.\]"):
        read_results(df)
    table = read_results(df, classifiers=["mine", "baseline", "old"])
    assert set(table["classifier"]) == {"mine", "baseline", "old"}


def test_a_saved_pandas_index_is_not_a_classifier(tmp_path, capsys):
    csv = tmp_path / "r.csv"
    wide_means().to_csv(csv)                    # the index saved as a column "Unnamed: 0"
    assert main([str(csv), "--out", str(tmp_path)][:0] + ["compare", str(csv), "--out",
                                                          str(tmp_path)]) == 2
    message = capsys.readouterr().err
    assert "'Unnamed: 0'" in message and "RESULTS.csv mine baseline" in message
    # naming the classifiers is enough: the other columns are left out
    assert set(read_results(csv, classifiers=["mine", "old"])["classifier"]) == {"mine", "old"}


def test_naming_two_classifiers_of_a_wide_table_leaves_the_other_columns_out():
    df = wide_means().assign(seed=0)
    result = compare(df, "mine", "baseline")
    assert result.differences.x.shape == (8, 1)


def ranks(datasets=8, k=3, seed=0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    rows = [rng.permutation(k) + 1 for _ in range(datasets)]
    return pd.DataFrame(rows, columns=["mine", "baseline", "old"][:k]).assign(
        dataset=[f"d{i}" for i in range(datasets)])


@pytest.mark.parametrize("percent", [False, True])
def test_ranks_are_refused_and_percent_is_not_advised(percent):
    with pytest.raises(InputError, match="look like ranks") as refused:
        read_results(ranks(), percent=percent)
    assert "--percent" not in str(refused.value) and "percent=True" not in str(refused.value)


def test_ranks_are_refused_when_two_of_the_classifiers_are_named(tmp_path, capsys):
    with pytest.raises(InputError, match="look like ranks"):
        compare(ranks(), "mine", "old")
    tidy_ranks = ranks().melt(id_vars="dataset", var_name="classifier", value_name="score")
    with pytest.raises(InputError, match="look like ranks"):
        read_results(tidy_ranks)
    csv = tmp_path / "ranks.csv"
    ranks().to_csv(csv, index=False)
    assert main(["compare", str(csv), "mine", "old", "--out", str(tmp_path)]) == 2
    assert "--percent" not in capsys.readouterr().err


def test_tied_ranks_are_ranks_too():
    df = pd.DataFrame({"dataset": ["a", "b", "c"], "x": [1.5, 1, 3], "y": [1.5, 3, 1],
                       "z": [3, 2, 2]})
    with pytest.raises(InputError, match="look like ranks"):
        read_results(df)


NFC, NFD = (unicodedata.normalize(form, "naïve") for form in ("NFC", "NFD"))


@pytest.mark.parametrize("table_form, typed", [(NFC, NFD), (NFD, NFC)])
def test_names_match_in_either_unicode_form(table_form, typed):
    df = tidy(names=(table_form, "svm"))
    assert paired_differences(read_results(df), typed, "svm").a == NFC
    assert check_classifiers(read_results(df), [typed, "svm"]) == (NFC, "svm")
    wide = wide_means().rename(columns={"mine": table_form})
    assert compare(wide, typed, "baseline").differences.x.shape == (8, 1)


def test_look_alike_names_are_told_apart():
    df = read_results(tidy(names=("svm", "nаive")))      # a Cyrillic а (U+0430)
    with pytest.raises(InputError, match="U\\+0430") as refused:
        paired_differences(df, "naive", "svm")
    assert "may look alike" in str(refused.value)
    with pytest.raises(InputError, match="U\\+0430"):
        check_classifiers(df, ["naive", "svm"])


def test_a_name_typed_in_another_case_is_named_as_a_typo(tmp_path, capsys):
    # a reader's finding: "Ours" for "ours" was answered with code points, as a look-alike
    df = read_results(tidy(names=("ours", "baseline")))
    for refuse in (lambda: paired_differences(df, "Ours", "baseline"),
                   lambda: check_classifiers(df, ["Ours", "baseline"])):
        with pytest.raises(InputError, match="'Ours' differs only in case: did you mean "
                                             "'ours'\\?") as refused:
            refuse()
        assert "U+" not in str(refused.value) and "look alike" not in str(refused.value)
    wide = wide_means().rename(columns={"mine": "Ours"})
    with pytest.raises(InputError, match="did you mean 'Ours'"):
        compare(wide, "ours", "baseline")
    csv = tmp_path / "r.csv"
    tidy(names=("ours", "baseline")).to_csv(csv, index=False)
    assert main(["compare", str(csv), "OURS", "baseline", "--out", str(tmp_path)]) == 2
    said = capsys.readouterr().err
    assert said.startswith("error: ") and "'OURS' differs only in case: did you mean 'ours'?" in said


def test_a_missing_score_cites_the_files_line(tmp_path):
    csv = tmp_path / "r.csv"
    csv.write_text("dataset,mine,baseline\nd1,0.8,0.7\nd2,0.9,0.85\n\nd3,,0.8\nd4,0.7,0.6\n")
    with pytest.raises(InputError, match=r"lines \[5\] of the file"):
        read_results(csv)


def test_an_empty_unrelated_column_is_named(tmp_path):
    csv = tmp_path / "r.csv"
    csv.write_text("dataset,mine,baseline,notes\nd1,0.8,0.7,\nd2,0.9,0.85,\n")
    with pytest.raises(InputError, match=r"'notes' \(empty\)"):
        read_results(csv)


def test_neg_log_loss_is_told_its_range():
    df = tidy().assign(score=lambda t: -t["score"])
    with pytest.raises(InputError, match=r"score_range=\(-inf, 0\).*--score-range -inf 0"):
        read_results(df)
    assert read_results(df, score_range=(-np.inf, 0))["score"].max() < 0


def test_a_polars_frame_is_told_to_pandas():
    frame = type("DataFrame", (), {"to_pandas": lambda self: None,
                                   "__module__": "polars.dataframe.frame"})()
    with pytest.raises(InputError, match=r"polars DataFrame is not a pandas.*to_pandas\(\)"):
        read_results(frame)


def test_data_sets_in_the_index_are_told_to_reset_it():
    with pytest.raises(InputError, match=r"reset_index\(\)"):
        read_results(wide_means().set_index("dataset"))
    with pytest.raises(InputError, match=r"reset_index\(\)"):
        read_results(tidy().set_index(["dataset", "classifier"]))


@pytest.mark.parametrize("name, column", [(None, "score"), ("log_loss", "log_loss")])
def test_a_series_with_the_keys_in_its_index_is_told_to_reset_it(name, column):
    series = tidy().set_index(["dataset", "classifier", "run", "fold"])["score"].rename(name)
    fix = f"series.reset_index(name={column!r})"
    with pytest.raises(InputError, match=r"a pandas Series is one column, with dataset, "
                                         r"classifier, run, fold in its index: pass "
                                         + re.escape(fix)):
        read_results(series)
    # the fix works, and keeps a loss's name (its direction is then asked for, not assumed)
    assert list(read_results(series.reset_index(name=column)).columns)[-1] == column


def test_a_series_of_scores_alone_is_told_to_pass_the_whole_table():
    with pytest.raises(InputError, match=r"pass the whole DataFrame \(e.g. df, not "
                                         r"df\['score'\]\)"):
        read_results(tidy()["score"])


def test_the_exact_engines_refusal_names_the_command_lines_option(tmp_path, capsys):
    csv = tmp_path / "two_folds.csv"
    tidy(datasets=6, runs=1, folds=2).to_csv(csv, index=False)
    assert main(["compare", str(csv), "mine", "baseline", "--out", str(tmp_path)]) == 2
    assert "--engine stan" in capsys.readouterr().err
    with pytest.raises(InputError, match='engine="stan"'):
        compare(csv, "mine", "baseline")


def test_misnamed_required_columns_are_all_named_with_the_rename_and_the_score_column_too():
    df = tidy().rename(columns={"dataset": "data_set", "fold": "Fold", "score": "acc"})
    with pytest.raises(InputError) as refused:
        read_results(df.assign(auc=0.8, notes="ok"))
    assert str(refused.value) == (
        "required column(s) named otherwise: 'data_set' for 'dataset', 'Fold' for 'fold'. "
        "Rename them in the header, or pass df.rename(columns={'data_set': 'dataset', 'Fold': "
        "'fold'}); and no score column 'score', and 2 columns could hold the metric: ['acc', "
        "'auc'] ('notes' holds text). Name the metric's column with score=... (on the command "
        "line --score NAME)")
    # the rename it names is the fix: the only other column, acc, is then the metric
    fixed = read_results(df.rename(columns={"data_set": "dataset", "Fold": "fold"}))
    assert fixed["acc"].tolist() == tidy()["score"].tolist()


def test_a_text_column_is_never_offered_as_the_metric_and_a_missing_dataset_is_said_at_once():
    df = tidy().rename(columns={"dataset": "dataset_name", "score": "acc"})
    with pytest.raises(InputError) as refused:
        read_results(df)
    assert str(refused.value) == (
        "no score column 'score', and of the other columns only 'acc' holds numbers "
        "('dataset_name' holds text): name it with score='acc' (on the command line --score "
        "acc); and no 'dataset' column (is 'dataset_name' it? then rename it 'dataset')")


def test_a_table_with_a_text_column_and_one_score_column_named_is_read():
    df = tidy().rename(columns={"score": "acc"}).assign(notes="ok")
    assert read_results(df, score="acc")["acc"].tolist() == tidy()["score"].tolist()
