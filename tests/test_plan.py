"""The planner (bayestut.analysis.plan): how likely a decision is with m more data sets."""

import numpy as np
import pandas as pd
import pytest

import bayestut as bt
from bayestut.analysis import cli
from bayestut.simulation import planning
from bayestut.errors import InputError


@pytest.fixture(scope="module")
def held_out():
    """Ten data sets of the bundled results: a table the planner was not tuned on."""
    table = bt.load_uci()
    return table[table["dataset"].isin(table["dataset"].unique()[:10])]


@pytest.fixture(scope="module")
def undecided(held_out):
    return bt.plan(held_out, "nbc", "aode", add=(2, 20), sims=8, seed=3, n_jobs=1)


def test_an_undecided_pairs_rows_are_probabilities_that_sum_to_one(undecided):
    table = undecided.table
    outcomes = ["nbc better", "equivalent", "aode better", "no decision"]
    assert list(table.columns[:4]) == outcomes
    assert list(table.index) == [2, 20]
    assert np.allclose(table[outcomes].sum(axis=1), 1.0)
    assert ((table[outcomes] >= 0) & (table[outcomes] <= 1)).all().all()
    assert np.allclose(table["P(decision)"], 1 - table["no decision"])
    assert (table["MC error"] > 0).all()
    assert undecided.headline().startswith("nbc against aode: no decision yet")
    assert "8 simulated studies" in undecided.line(20)


def test_the_same_seed_gives_the_same_plan_whatever_the_workers(held_out, undecided):
    # outcomes vary between the simulated studies here, so a seed that did not fix them shows
    assert 0 < undecided.table.loc[20, "P(decision)"] < 1
    again = bt.plan(held_out, "nbc", "aode", add=(2, 20), sims=8, seed=3, n_jobs=2)
    pd.testing.assert_frame_equal(again.table, undecided.table)


def test_a_decided_pair_stays_decided(held_out):
    # j48 and j48gr are equivalent on these data sets with probability 1
    found = bt.plan(held_out, "j48", "j48gr", add=(1, 5), sims=5, seed=0, n_jobs=1)
    assert (found.table["P(decision)"] >= 0.9).all()
    assert found.smallest() == 1
    assert "decided already: equivalent" in found.headline()


def test_new_data_sets_stay_within_plus_minus_one():
    # nu = 1 (Cauchy) puts some deltas far beyond ±1: they are drawn again, the folds clipped
    x = planning.new_datasets(np.random.default_rng(1), 0.0, 0.5, 1.0, 300, np.array([0.05]),
                              runs=1, folds=10)
    assert np.abs(x).max() <= 1.0 and np.abs(x.mean(axis=1)).max() < 1.0


def test_new_data_sets_have_the_population_mean_and_a_present_spread():
    rng = np.random.default_rng(0)
    sds = np.array([0.01, 0.03])
    x = planning.new_datasets(rng, 0.02, 0.001, np.inf, 400, sds, runs=2, folds=5)
    assert x.shape == (400, 10)
    assert abs(x.mean() - 0.02) < 0.003
    spread = x.std(axis=1, ddof=1)
    assert np.all(np.isclose(spread, 0.01) | np.isclose(spread, 0.03))


@pytest.mark.parametrize("add", [0, -3, (5, 0), 2.5, "5", (True,), ()])
def test_careless_counts_are_refused(held_out, add):
    with pytest.raises(InputError, match="whole numbers of at least 1"):
        bt.plan(held_out, "nbc", "aode", add=add, sims=2)


@pytest.mark.parametrize("sims", [0, -1, 2.5, None])
def test_careless_sims_are_refused(held_out, sims):
    with pytest.raises(InputError, match="sims"):
        bt.plan(held_out, "nbc", "aode", sims=sims)


def test_no_workers_is_refused(held_out):
    with pytest.raises(InputError, match="n_jobs"):
        bt.plan(held_out, "nbc", "aode", sims=2, n_jobs=0)


def test_a_pair_not_in_the_table_is_refused(held_out):
    with pytest.raises(InputError, match="unknown classifier 'svm'"):
        bt.plan(held_out, "nbc", "svm", sims=2)


def test_means_only_input_says_what_to_collect(held_out):
    means = held_out.groupby(["dataset", "classifier"], as_index=False)["score"].mean()
    with pytest.raises(InputError, match="every cross-validation fold"):
        bt.plan(means, "nbc", "aode", sims=2)


def test_the_command_exists_and_refuses_with_status_2(tmp_path, held_out, capsys):
    path = tmp_path / "results.csv"
    held_out.to_csv(path, index=False)
    assert cli.main(["plan", str(path), "nbc", "aode", "--add", "0"]) == 2
    assert "whole numbers of at least 1" in capsys.readouterr().err
    assert cli.main(["plan", str(path), "nbc", "aode", "--add", "1", "--sims", "2",
                     "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "nbc better" in out and "no decision" in out


def test_the_command_line_default_is_the_python_default():
    args = cli.parser().parse_args(["plan", "r.csv", "a", "b"])
    assert args.sims == planning.SIMS and tuple(args.add) == planning.ADD


def test_compare_adds_one_line_under_no_decision_when_asked(held_out, monkeypatch):
    monkeypatch.setattr("bayestut.analysis.compare.SIMS", 4)
    found = bt.compare(held_out, "nbc", "aode", plan=2)
    assert found.plan is not None and list(found.plan.table.index) == [2]
    assert "With 2 more data sets like these, a decision would be reached with probability" \
        in found.headline()
    decided = bt.compare(held_out, "j48", "j48gr", plan=2)
    assert decided.plan is None and "more data sets" not in decided.headline()
    with pytest.raises(InputError, match="--plan 10"):
        bt.compare(held_out, "nbc", "aode", plan=0)


def test_a_wide_table_with_an_extra_column_is_read_as_compare_reads_it():
    # naming the pair is enough, as in compare: a seed column is not taken for a classifier
    rng = np.random.default_rng(0)
    wide = pd.DataFrame([dict(dataset=f"d{d}", run=r, fold=f, A=0.8 + rng.normal(0, 0.02),
                              B=0.79 + rng.normal(0, 0.02), seed=7)
                         for d in range(4) for r in (1, 2) for f in range(1, 6)])
    found = bt.plan(wide, "A", "B", add=(2,), sims=2, n_jobs=1)
    assert np.allclose(found.table.iloc[:, :4].sum(axis=1), 1.0)
