"""All pairs of K classifiers: order and labels, K = 2 equals compare, K >= 3, bad input."""

import itertools

import numpy as np
import pandas as pd
import pytest

from bayestut.compare import compare
from bayestut.data import InputError
from bayestut.many import check_classifiers, compare_all, mean_scores

FAST = dict(chains=2, warmup=300, draws=300, signed_rank_samples=20_000, progress=False)


def results(offsets, datasets=6, runs=2, folds=5, seed=0) -> pd.DataFrame:
    """Classifier c scores base + offsets[c] + noise on every fold of every data set."""
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(datasets):
        level = rng.uniform(0.6, 0.8)
        for r in range(1, runs + 1):
            for f in range(1, folds + 1):
                base = level + rng.normal(0, 0.02)
                for name, offset in offsets.items():
                    rows.append((f"set{i}", name, r, f, base + offset + rng.normal(0, 0.005)))
    return pd.DataFrame(rows, columns=["dataset", "classifier", "run", "fold", "score"])


@pytest.fixture(scope="module")
def four():
    """best and twin are equivalent, both practically better than base, base better than bad."""
    df = results({"best": 0.06, "base": 0.0, "twin": 0.06, "bad": -0.06})
    return compare_all(df, n_jobs=2, **FAST)


def test_pairs_follow_the_given_order_and_the_matrices_are_labelled(four):
    names = ("best", "base", "twin", "bad")
    assert four.classifiers == names
    assert list(four.pairs) == list(itertools.combinations(names, 2))
    for (a, b), c in four.pairs.items():
        assert (c.a, c.b) == (a, b)
    better, rope = four.matrix("hierarchical", "better"), four.matrix("hierarchical", "rope")
    assert list(better.index) == list(better.columns) == list(names)
    assert np.isnan(np.diag(better.to_numpy(dtype=float))).all()
    for r, c in itertools.permutations(names, 2):    # the three outcomes of each pair
        assert better.loc[r, c] + rope.loc[r, c] + better.loc[c, r] == pytest.approx(1.0)
        assert rope.loc[r, c] == rope.loc[c, r]


def test_decisions_of_a_clear_case(four):
    for test in ("signed-rank", "hierarchical"):
        d = four.matrix(test, "decision")
        assert d.loc["best", "base"] == "better" and d.loc["base", "best"] == "worse"
        assert d.loc["base", "bad"] == "better" and d.loc["bad", "twin"] == "worse"
        assert d.loc["best", "twin"] == d.loc["twin", "best"] == "equivalent"
        assert four.undominated(test) == ["best", "twin"]


def test_tidy_table_has_every_pair_test_and_data_set(four):
    t = four.table()
    assert len(t) == 6 * (6 + 2)                     # pairs x (data sets + two tests)
    assert set(t["test"]) == {"correlated t-test", "signed-rank", "hierarchical"}
    p = t[["p_b_better", "p_rope", "p_a_better"]].to_numpy()
    np.testing.assert_allclose(p.sum(axis=1), 1.0)
    row = t[(t.a == "best") & (t.b == "bad") & (t.test == "hierarchical")].iloc[0]
    assert row["decision"] == "best better"


def test_ranking_puts_the_two_best_first(four):
    table = four.ranking.table()
    assert set(table.index[:2]) == {"best", "twin"} and table.index[-1] == "bad"


def test_two_classifiers_equal_the_two_name_compare():
    df = results({"mine": 0.02, "base": 0.0, "other": 0.01}, datasets=4)
    many = compare_all(df, ["mine", "base"], ranking=False, n_jobs=1, **FAST)
    options = {k: v for k, v in FAST.items() if k != "progress"}
    one = compare(df, "mine", "base", **options)
    pair = many.pairs[("mine", "base")]
    np.testing.assert_array_equal(pair.signed_rank.samples, one.signed_rank.samples)
    np.testing.assert_array_equal(pair.hierarchical.masses, one.hierarchical.masses)
    np.testing.assert_array_equal(pair.per_dataset.rope(0.01), one.per_dataset.rope(0.01))
    assert list(many.pairs) == [("mine", "base")]


def test_classifiers_missing_on_some_data_sets_are_refused():
    df = results({"a": 0.0, "b": 0.01, "c": 0.02})
    df = df[~((df.classifier == "c") & df.dataset.isin(["set1", "set4"]))]
    with pytest.raises(InputError, match=r"no results for 'c' on 'set1', 'set4' \(of 6 data sets\)"
                                         r".*leave out those data sets or those classifiers"):
        compare_all(df, **FAST)


@pytest.mark.parametrize("names, message", [
    (["a", "zz"], r"unknown classifier\(s\) \['zz'\]"),
    (["a", "b", "a"], r"named twice: \['a'\]"),
    (["a"], "at least 2 classifiers"),
    ("a", "a list of classifier names"),
])
def test_bad_classifier_lists_are_refused(names, message):
    df = results({"a": 0.0, "b": 0.01, "c": 0.02}, datasets=2)
    with pytest.raises(InputError, match=message):
        check_classifiers(df, names)


def test_mean_scores_are_oriented_for_losses():
    df = results({"a": 0.0, "b": 0.05}, datasets=3)
    higher = mean_scores(df, ["a", "b"], lower_is_better=False)
    lower = mean_scores(df, ["a", "b"], lower_is_better=True)
    assert list(higher.columns) == ["a", "b"] and len(higher) == 3
    assert (higher["b"] > higher["a"]).all() and (lower["b"] < lower["a"]).all()


def test_cli_with_no_names_compares_every_pair_in_one_report(tmp_path, capsys):
    from bayestut.cli import main

    csv = tmp_path / "results.csv"
    results({"best": 0.06, "base": 0.0, "bad": -0.06}, datasets=4).to_csv(csv, index=False)
    status = main(["compare", str(csv), "--out", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 0, err
    page = (tmp_path / "compare_3_classifiers.html").read_text()
    assert page.index("Verdict") < page.index("Decisions, row against column") < page.index(
        "Ranking (Plackett-Luce)") < page.index("Pair by pair")
    assert page.count("<details>") == 3 and page.count("<table class='grid'>") == 2
    assert "hierarchical test: best is practically better than, or equivalent to, every other" in out
    assert "http" not in page.split("<body>")[1].split("Made by")[0]     # nothing fetched


def test_cli_with_one_name_says_what_to_do(tmp_path, capsys):
    from bayestut.cli import main

    csv = tmp_path / "results.csv"
    results({"a": 0.0, "b": 0.01}, datasets=2).to_csv(csv, index=False)
    assert main(["compare", str(csv), "a", "--out", str(tmp_path)]) == 2
    assert "name two to compare them, or none or three or more" in capsys.readouterr().err


def test_figures_show_every_pair_and_both_matrices(four):
    import matplotlib.pyplot as plt

    from bayestut.many_plots import matrices_figure, pairs_figure

    fig = pairs_figure(four)
    assert len(fig.axes[0].patches) == 6 * 2 * 3          # pairs x tests x outcomes
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert labels[0] == "best vs base (signed-rank)" and len(labels) == 12
    fig2 = matrices_figure(four)
    assert [ax.get_title() for ax in fig2.axes] == ["signed-rank: P(row ≫ column)",
                                                    "hierarchical: P(row ≫ column)"]
    plt.close("all")


def test_cli_refuses_a_report_folder_that_is_a_file_before_the_analysis(tmp_path, capsys):
    from bayestut.cli import main

    csv = tmp_path / "results.csv"
    results({"a": 0.0, "b": 0.01, "c": 0.02}, datasets=2).to_csv(csv, index=False)
    assert main(["compare", str(csv), "--out", str(csv)]) == 2
    assert "is a file: give a folder" in capsys.readouterr().err
