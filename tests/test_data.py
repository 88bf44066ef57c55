import numpy as np
import pandas as pd
import pytest

from bayestut.errors import InputError
from bayestut.data import (UCI_CLASSIFIERS, accuracy_table, load_uci, paired_differences, read_results)


@pytest.fixture(scope="module")
def uci():
    return load_uci()


def tiny(n_datasets=2, runs=2, folds=3, classifiers=("a", "b"), seed=0):
    rng = np.random.default_rng(seed)
    rows = [(f"d{d}", c, r, f, rng.uniform(0.6, 0.9))
            for d in range(n_datasets) for c in classifiers
            for r in range(1, runs + 1) for f in range(1, folds + 1)]
    return pd.DataFrame(rows, columns=["dataset", "classifier", "run", "fold", "score"])


def test_bundled_data_shape_and_scale(uci):
    assert len(uci) == 27_000
    assert set(uci["classifier"]) == set(UCI_CLASSIFIERS)
    assert uci["dataset_id"].nunique() == 54
    assert uci["score"].between(0, 1).all()


def test_two_datasets_named_credit_stay_apart(uci):
    d = paired_differences(uci, "nbc", "aode")
    assert d.x.shape == (54, 100)
    assert d.datasets.count("credit") == 2
    assert not np.allclose(d.row(6), d.row(48))
    with pytest.raises(InputError, match="several data sets"):
        d.row("credit")


def test_anneal_differences_match_the_papers_summary(uci):
    x = paired_differences(uci, "nbc", "aode").row("anneal")
    assert x.mean() == pytest.approx(-0.0194, abs=5e-5)
    assert x.std(ddof=1) == pytest.approx(0.01583, abs=5e-6)


def test_differences_are_paired_fold_by_fold():
    df = tiny()
    d = paired_differences(df, "a", "b")
    a = df[(df.dataset == "d1") & (df.classifier == "a")].sort_values(["run", "fold"]).score.to_numpy()
    b = df[(df.dataset == "d1") & (df.classifier == "b")].sort_values(["run", "fold"]).score.to_numpy()
    np.testing.assert_allclose(d.row("d1"), a - b)
    assert d.folds == 3 and d.rho == pytest.approx(1 / 3)


def test_row_order_of_the_input_does_not_matter():
    df = tiny()
    shuffled = df.sample(frac=1, random_state=1)
    mixed, ordered = paired_differences(shuffled, "a", "b"), paired_differences(df, "a", "b")
    for name in ("d0", "d1"):
        np.testing.assert_allclose(mixed.row(name), ordered.row(name))


def test_accuracy_table_is_in_percent(uci):
    t = accuracy_table(uci, ["nbc", "aode"], datasets=[1])
    assert t.shape == (2, 100)
    assert t.iloc[0, 0] == pytest.approx(94.444)


def test_read_results_keeps_the_score_columns_name_and_converts_percent(tmp_path):
    df = tiny().rename(columns={"score": "auc"})
    df["auc"] *= 100
    path = tmp_path / "r.csv"
    df.to_csv(path, index=False)
    out = read_results(path, score="auc", percent=True)
    assert out["auc"].between(0, 1).all() and "score" not in out.columns


def test_a_loss_read_first_is_never_compared_as_if_higher_were_better():
    # read_results renamed "error" to "score", and compare then took higher as better: the
    # verdict came out reversed, with no word (reader 18)
    from bayestut import compare

    df = tiny().rename(columns={"score": "error"})
    t = read_results(df, score="error")
    # its only score column is read, and its name still asks for the direction (mpaper4)
    with pytest.raises(InputError, match="'error' is named like an error or a loss"):
        compare(t, *t["classifier"].unique()[:2])
    with pytest.raises(InputError, match="named like an error or a loss"):
        compare(t, *t["classifier"].unique()[:2], score="error")


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.drop(columns="fold"), "missing column"),
    (lambda d: d.assign(score=d.score.where(d.index != 3)), "NaN"),
    (lambda d: d.assign(score=d.score * 100), "percent"),
    (lambda d: pd.concat([d, d.iloc[[0]]]), "repeated"),
    (lambda d: d.iloc[0:0], "empty"),
])
def test_bad_tables_are_refused_with_the_reason(mutate, message):
    with pytest.raises(InputError, match=message):
        read_results(mutate(tiny()))


def test_unknown_classifier_is_named():
    with pytest.raises(InputError, match="unknown classifier 'c'"):
        paired_differences(tiny(), "a", "c")


def test_unequal_fold_counts_are_refused():
    df = tiny()
    df = df[~((df.dataset == "d1") & (df.run == 2))]
    with pytest.raises(InputError, match="unequal numbers of folds"):
        paired_differences(df, "a", "b")


def test_unpaired_results_are_refused():
    df = tiny()
    df = df.drop(df[(df.classifier == "b") & (df.run == 1) & (df.fold == 1) & (df.dataset == "d0")].index)
    with pytest.raises(InputError, match="unpaired"):
        paired_differences(df, "a", "b")


def test_a_single_fold_is_refused():
    with pytest.raises(InputError, match="at least 2"):
        paired_differences(tiny(runs=1, folds=1), "a", "b")



def test_means_snap_float_residue_to_zero(uci):
    # j48 and j48gr have equal mean accuracy on eucalyptus; the float mean is -1e-18
    d = paired_differences(uci, "j48", "j48gr")
    raw = d.row("eucalyptus").mean()
    assert raw != 0 and abs(raw) < 1e-15
    assert d.means()["eucalyptus"] == 0.0
    assert (d.means() != 0).sum() == (np.abs(d.x.mean(axis=1)) > 1e-12).sum()
