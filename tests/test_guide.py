"""The guide's sweeps over the rope, its decision ranges, its settings list and its figures."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from bayestut.analysis import guide
from bayestut.figures import guide as guide_plots  # noqa: E402
from bayestut.analysis.compare import compare  # noqa: E402
from bayestut.errors import InputError  # noqa: E402
from bayestut.methods.correlated import correlated_bayesian_ttest  # noqa: E402
from bayestut.methods.decisions import probability_columns  # noqa: E402
from bayestut.methods.nonparametric import signed_rank_test  # noqa: E402
from bayestut.figures.style import OUTCOME_COLOURS  # noqa: E402
from test_compare_cli import results  # noqa: E402  (the same made-up scores)


@pytest.fixture
def x():
    return np.random.default_rng(3).normal(-0.015, 0.02, 100)


def test_correlated_sweep_is_the_posterior_at_every_rope(x):
    ropes = [0.0, 0.005, 0.02]
    sweep = guide.correlated_sweep(x, 1 / 9, ropes, a="mine", b="base")
    assert list(sweep.columns) == ["P(mine better)", "P(equivalent)", "P(base better)"]
    post = correlated_bayesian_ttest(x, 1 / 9)
    for r in ropes:
        np.testing.assert_allclose(sweep.loc[r].to_numpy(), post.probabilities(r).to_numpy())
    assert sweep.loc[0.0, "P(equivalent)"] == 0.0
    np.testing.assert_allclose(sweep.sum(axis=1), 1.0)
    # a wider rope can only take mass from both sides
    full = guide.correlated_sweep(x, 0.1)
    assert full.index[0] == 0.0 and full.index[-1] == pytest.approx(0.03)
    assert np.all(np.diff(full["P(equivalent)"]) >= 0)
    assert np.all(np.diff(full["P(b better)"]) <= 0)


def test_correlated_sweep_refuses_several_data_sets(x):
    with pytest.raises(ValueError, match="one data set"):
        guide.correlated_sweep(np.vstack([x, x]), 0.1)


def test_signed_rank_sweep_reuses_the_weights_at_every_rope():
    z = np.random.default_rng(1).normal(-0.01, 0.02, 30)
    ropes = [0.0, 0.01]
    sweep = guide.signed_rank_sweep(z, ropes, n_samples=3000, seed=5)
    for r in ropes:
        alone = signed_rank_test(z, rope=r, n_samples=3000, seed=5).probabilities
        np.testing.assert_array_equal(sweep.loc[r].to_numpy(), alone.to_numpy())
    assert list(sweep.columns) == [f"P({name})" for name in alone.index]
    assert sweep.loc[0.0, "P(equivalent)"] == 0.0          # no rope: two outcomes only


def test_decision_ranges_follow_the_runs_of_equal_decisions():
    sweep = pd.DataFrame([[0.0, 0.03, 0.97], [0.0, 0.04, 0.96], [0.0, 0.4, 0.6],
                          [0.0, 0.98, 0.02]], columns=probability_columns("mine", "base"),
                         index=pd.Index([0.0, 0.01, 0.02, 0.03], name="r"))
    ranges = guide.decision_ranges(sweep, 0.95)
    assert ranges["decision"].tolist() == ["base better", "no decision", "equivalent"]
    assert ranges["from r"].tolist() == [0.0, 0.02, 0.03]
    assert ranges["to r"].tolist() == [0.01, 0.02, 0.03]
    assert guide.decision_ranges(sweep, 0.965)["decision"].tolist() == [
        "base better", "no decision", "equivalent"]
    assert guide.decision_ranges(sweep, 0.99)["decision"].tolist() == ["no decision"]
    sweep.iloc[0] = [0.97, 0.03, 0.0]
    assert guide.decision_ranges(sweep, 0.95)["decision"].tolist()[0] == "mine better"


def test_settings_of_one_data_set_say_the_other_tests_were_not_run():
    result = compare(results([0.03], runs=2), "mine", "base", rope=0.02, seed=7)
    told = guide.settings(result, rope=0.02, seed=7)
    assert "1 data set, 2 runs of 5-fold" in told["data"]
    assert told["rope"].startswith("±0.02")
    assert told["ρ"].startswith("1/5")
    assert told["multi-data-set tests"].startswith("not run")
    assert "prior, hierarchical test" not in told


def test_settings_name_the_priors_draws_seed_and_diagnostics():
    result = compare(results([0.03, 0.02, 0.04], runs=2), "mine", "base", seed=11, chains=2,
                     warmup=200, draws=200, signed_rank_samples=2000, engine="stan")
    told = guide.settings(result, seed=11, chains=2, warmup=200, draws=200,
                          signed_rank_samples=2000, engine="stan")
    assert told["draws, signed-rank test"] == "2,000 Monte Carlo samples, seed 11"
    assert "s = 0.5" in told["prior, signed-rank test"]
    assert told["draws, hierarchical test"].startswith("2 chains x 200 draws after 200 warm-up")
    assert "adapt_delta 0.95" in told["draws, hierarchical test"]      # compare's default
    assert "seed 11" in told["draws, hierarchical test"]
    assert "α ~ U(1, 2)" in told["prior, hierarchical test"]          # the MLJ hyperprior
    assert f"{result.hierarchical.diagnostics.divergences} divergent" in \
        told["diagnostics, hierarchical test"]


def test_settings_of_the_exact_engine_name_its_numerical_error():
    result = compare(results([0.03, 0.02, 0.04], runs=2), "mine", "base", seed=11,
                     signed_rank_samples=2000)
    told = guide.settings(result, seed=11, signed_rank_samples=2000)
    assert told["computation, hierarchical test"].startswith("exact")
    assert "4,000 independent draws" in told["computation, hierarchical test"]
    assert "numerical error" in told["diagnostics, hierarchical test"]


def test_settings_refuse_what_compare_does_not_take():
    result = compare(results([0.03], runs=2), "mine", "base")
    with pytest.raises(InputError, match="rho.*pass the keyword arguments"):
        guide.settings(result, rho=0.1)


def test_diagram_names_the_four_tests_and_their_functions():
    fig = guide_plots.choosing_diagram()
    text = " ".join(t.get_text() for t in fig.axes[0].texts)
    for name in ("correlated t-test", "Hierarchical model", "signed-rank test", "sign test",
                 "bt.sign_test", "bt.hierarchical_test", "bt.correlated_bayesian_ttest"):
        assert name in text
    # the sign test's arrow still asks the rope to mean the same on every data set
    assert 'no, but ±$r$ still means\n"no real difference" on each' in text
    arrows = [t for t in fig.axes[0].texts if getattr(t, "arrow_patch", None) is not None]
    assert len(arrows) == len(guide_plots.ARROWS)
    plt.close("all")


def test_sensitivity_figure_colours_each_outcome(x):
    sweep = guide.correlated_sweep(x, 0.1, [0.0, 0.01, 0.02])
    labels = ("a better", "equivalent", "b better")
    fig = guide_plots.sensitivity_figure(
        [("one", "posterior probability", {"-": (sweep, "ρ = 1/10"), "--": (sweep, "ρ = 1/9")}),
         ("two", "posterior probability", {"-": (sweep, None)})], labels)
    left, right = fig.axes
    assert [line.get_color() for line in right.lines[:3]] == [OUTCOME_COLOURS[r] for r in
                                                              ("left", "rope", "right")]
    # each outcome's curve is its own column: b better (left, blue) is P(b better)
    np.testing.assert_array_equal(right.lines[0].get_ydata(), sweep["P(b better)"])
    assert len(left.lines) == 2 * 3 + 2           # two line styles, threshold, chosen rope
    names = [t.get_text() for t in fig.legends[0].get_texts()]
    assert names[:3] == ["a better", "equivalent", "b better"]
    assert "ρ = 1/9" in names and "ρ = 1/10" in names
    plt.close("all")
