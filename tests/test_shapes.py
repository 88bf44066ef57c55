"""The four shapes of a results table, and means-only tables through compare, compare_all and
the command line."""

import numpy as np
import pandas as pd
import pytest

from bayestut import shapes
from bayestut.analysis.cli import main
from bayestut.analysis.compare import compare
from bayestut.analysis.many import compare_all
from bayestut.data import read_results
from bayestut.errors import InputError

CLASSIFIERS = ("mine", "base", "old")
FAST = dict(chains=2, warmup=300, draws=300)       # the hierarchical fits are not under test


def per_fold(datasets=6, runs=2, folds=5, seed=0) -> pd.DataFrame:
    """Tidy per-fold scores: mine ahead of base by about 0.02, old behind by about 0.03."""
    rng = np.random.default_rng(seed)
    shift = {"mine": 0.02, "base": 0.0, "old": -0.03}
    rows = []
    for d in range(datasets):
        level = rng.uniform(0.7, 0.85)
        for r in range(1, runs + 1):
            for f in range(1, folds + 1):
                for c in CLASSIFIERS:
                    rows.append((f"set{d}", c, r, f,
                                 level + shift[c] + rng.normal(0, 0.01) * (d + 1) / 3))
    return pd.DataFrame(rows, columns=["dataset", "classifier", "run", "fold", "score"])


def wide_per_fold(tidy):
    wide = tidy.pivot_table(index=["dataset", "run", "fold"], columns="classifier",
                            values="score", sort=False).reset_index()
    wide.columns.name = None
    return wide[["dataset", "run", "fold", *CLASSIFIERS]]


def tidy_means(tidy):
    return tidy.groupby(["dataset", "classifier"], sort=False, as_index=False)["score"].mean()


def wide_means(tidy):
    wide = tidy_means(tidy).pivot(index="dataset", columns="classifier", values="score")
    return wide.reset_index()[["dataset", *CLASSIFIERS]].rename_axis(columns=None)


def _sorted(df):
    keys = [c for c in ("dataset", "classifier", "run", "fold") if c in df.columns]
    return df[[*keys, "score"]].sort_values(keys).reset_index(drop=True)


def test_each_shape_is_recognised_from_its_header():
    tidy = per_fold()
    assert shapes.detect_shape(tidy.columns) == shapes.TIDY
    assert shapes.detect_shape(wide_per_fold(tidy).columns) == shapes.WIDE
    assert shapes.detect_shape(tidy_means(tidy).columns) == shapes.TIDY_MEANS
    assert shapes.detect_shape(wide_means(tidy).columns) == shapes.WIDE_MEANS


def test_wide_tables_become_the_same_tidy_tables():
    tidy = per_fold()
    pd.testing.assert_frame_equal(_sorted(read_results(wide_per_fold(tidy))),
                                  _sorted(read_results(tidy)), check_dtype=False)
    means = read_results(wide_means(tidy))
    assert shapes.is_means_only(means) and list(means.columns) == ["dataset", "classifier", "score"]
    pd.testing.assert_frame_equal(_sorted(means), _sorted(read_results(tidy_means(tidy))))


def test_a_csv_in_each_shape_reads_back(tmp_path):
    tidy = per_fold()
    for name, table in (("wide.csv", wide_per_fold(tidy)), ("means.csv", wide_means(tidy))):
        table.to_csv(tmp_path / name, index=False)
        assert read_results(tmp_path / name)["classifier"].nunique() == 3


@pytest.mark.parametrize("mutate, message", [
    (lambda t: t.drop(columns="dataset"), "no 'dataset' column"),
    (lambda t: t[["dataset", "mine"]], "at least two"),
    (lambda t: t.assign(mine=["x"] * len(t)), "column 'mine' is not numeric"),
    (lambda t: t.assign(run=1), r"missing column\(s\) \['fold'\]"),
])
def test_a_table_fitting_no_shape_is_refused_with_the_accepted_shapes(mutate, message):
    with pytest.raises(InputError, match=message) as problem:
        read_results(mutate(wide_means(per_fold())))
    if "numeric" not in message:
        assert "The accepted shapes" in str(problem.value)
        assert "dataset,classifier,run,fold,score" in str(problem.value)
        assert "dataset,mine,baseline" in str(problem.value)


def test_means_only_tables_are_checked():
    means = tidy_means(per_fold())
    with pytest.raises(InputError, match="repeated"):
        read_results(pd.concat([means, means.iloc[[0]]]))
    with pytest.raises(InputError, match="percent"):
        read_results(means.assign(score=means["score"] * 100))
    with pytest.raises(InputError, match="at least 2"):
        compare(means[means["dataset"] == "set0"], "mine", "base")


def test_means_only_runs_the_sign_and_signed_rank_tests_and_says_what_is_missing():
    c = compare(wide_means(per_fold()), "mine", "old", seed=3)
    assert c.tests == ("sign", "signed-rank") and c.hierarchical is None
    assert [o.test for o in c.overall()] == ["sign test on the means",
                                             "signed-rank test on the means"]
    assert c.headline().startswith("Signed-rank test over 6 data sets (mean scores only): "
                                   "mine is practically better than old")
    text = c.summary()
    assert "not run: they need the score of every fold" in text
    assert "keep each classifier's score on every fold" in text
    assert "sign test on the means: expected probability" in text     # both kinds, as always
    assert "P(mine better)" not in c.per_dataset_table().columns


def test_means_only_signed_rank_shares_equal_those_from_the_folds():
    """The held-out check: compare on the per-fold table, and on the means averaged from it."""
    tidy = per_fold()
    means = compare_all(wide_means(tidy), seed=5, progress=False, n_jobs=1)
    for a, b in means.pairs:
        from_folds = compare(tidy, a, b, seed=5, **FAST).overall()[0]
        from_means = means.overall("signed-rank", a, b)
        se = np.hypot(from_folds.shares_se, from_means.shares_se)
        assert np.all(np.abs(from_folds.shares - from_means.shares) <= 4 * se + 1e-12)


@pytest.mark.parametrize("shape", [tidy_means, wide_means])
def test_cli_on_means_only_writes_a_report_naming_every_pair(shape, tmp_path, capsys):
    csv = tmp_path / "means.csv"
    shape(per_fold()).to_csv(csv, index=False)
    status = main(["compare", str(csv), "--out", str(tmp_path / "out"), "--seed", "2"])
    out, err = capsys.readouterr()
    assert status == 0, err
    page = (tmp_path / "out" / "compare_3_classifiers.html").read_text()
    for a, b in (("mine", "base"), ("mine", "old"), ("base", "old")):
        assert f"<b>{a} against {b}</b>" in page
    assert "Sign test on the data sets&#39; means" in page and "Ranking (Plackett-Luce)" in page
    assert "need the score of every fold" in page and "need the score of every fold" in out
    assert "Hierarchical test" not in page
    for suffix in (".md", ".tex", ".bib"):
        assert (tmp_path / "out" / f"compare_3_classifiers{suffix}").is_file()


def test_cli_refuses_a_table_of_no_shape_with_exit_2(tmp_path, capsys):
    csv = tmp_path / "bad.csv"
    pd.DataFrame({"name": ["a"], "x": [0.5]}).to_csv(csv, index=False)
    assert main(["compare", str(csv)]) == 2
    assert "The accepted shapes" in capsys.readouterr().err


def test_cli_on_two_classifiers_of_a_means_table(tmp_path, capsys):
    csv = tmp_path / "means.csv"
    wide_means(per_fold()).to_csv(csv, index=False)
    status = main(["compare", str(csv), "mine", "old", "--out", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 0, err
    page = (tmp_path / "compare_mine_vs_old.html").read_text()
    assert "Verdict.</strong> Signed-rank test over 6 data sets (mean scores only)" in page
    assert 'alt="sign"' in page and 'alt="signed_rank"' in page and 'alt="per_dataset"' not in page
    assert "Mean differences only: the correlated t-test needs every fold" in page
    methods = (tmp_path / "compare_mine_vs_old.md").read_text()
    assert "sign test and the Bayesian signed-rank test" in methods and "rho" not in methods
