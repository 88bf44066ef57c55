"""The simulation study: the cross-validation simulator, the delta_i populations, §4's
propositions, the runner and its summaries."""

import json
import os
import signal

import numpy as np
import pytest
from scipy import stats

import pandas as pd

from bayestut.errors import InputError
from bayestut.simulation import crossval
from bayestut.simulation import figures, populations, shrinkage, summary
from bayestut.simulation import runner


# --- the simulator --------------------------------------------------------------------------

def _data(theta, n, rng):
    y = (rng.random((1, n)) < 0.5).astype(np.int8)
    feature = (y ^ (rng.random((1, n)) >= theta)).astype(np.int8)
    return y, feature


@pytest.mark.parametrize("theta", [0.9, 0.75, 0.6])
def test_naive_bayes_on_one_feature_is_right_with_probability_theta(theta):
    rng = np.random.default_rng(1)
    y, feature = _data(theta, 20_000, rng)
    fold = crossval.stratified_fold_labels(y, 2, 10, rng)
    accuracy = crossval.naive_bayes_accuracy(feature, y, fold, 10)
    assert accuracy.shape == (1, 2, 10)
    assert accuracy.mean() == pytest.approx(theta, abs=0.01)


def test_expected_difference_is_delta():
    rng = np.random.default_rng(2)
    deltas = np.array([0.0, 0.02, 0.05, -0.03])
    x = crossval.simulate_differences(np.repeat(deltas, 50), rng, n_instances=2000, runs=2)
    means = x.mean(axis=1).reshape(4, 50).mean(axis=1)
    assert means == pytest.approx(deltas, abs=0.004)


def test_folds_are_stratified_and_of_equal_size():
    rng = np.random.default_rng(3)
    y = (rng.random((5, 503)) < 0.3).astype(np.int8)
    fold = crossval.stratified_fold_labels(y, 4, 10, rng)
    for i in range(5):
        for r in range(4):
            sizes = np.bincount(fold[i, r], minlength=10)
            ones = np.bincount(fold[i, r][y[i] == 1], minlength=10)
            assert sizes.max() - sizes.min() <= 1
            assert ones.max() - ones.min() <= 1
    # runs are different shuffles
    assert not np.array_equal(fold[0, 0], fold[0, 1])


def test_both_classifiers_are_scored_on_the_same_folds():
    # identical features on identical folds: every paired difference is exactly zero
    rng = np.random.default_rng(4)
    y, feature = _data(0.8, 500, rng)
    fold = crossval.stratified_fold_labels(y, 10, 10, rng)
    a = crossval.naive_bayes_accuracy(feature, y, fold, 10)
    b = crossval.naive_bayes_accuracy(feature.copy(), y, fold, 10)
    np.testing.assert_array_equal(a - b, 0)


def test_simulator_is_seeded_and_shaped():
    a = crossval.simulate_differences([0.01, 0.02], np.random.default_rng(5))
    b = crossval.simulate_differences([0.01, 0.02], np.random.default_rng(5))
    assert a.shape == (2, 100)
    np.testing.assert_array_equal(a, b)
    # differences are multiples of 1 / 50 (50 test instances per fold)
    np.testing.assert_allclose(a * 50, np.round(a * 50), atol=1e-9)


@pytest.mark.parametrize("deltas, message", [
    ([np.nan], "finite"),
    ([[0.1]], "1-d"),
])
def test_bad_deltas_are_refused(deltas, message):
    with pytest.raises(InputError, match=message):
        crossval.simulate_differences(deltas, np.random.default_rng(0))


def test_outside_the_range_the_simulator_runs_as_the_authors_did():
    # theta_2 = 0.9 - delta: 1.2 (a perfect feature), 0.3 and -0.2 (inverted features, read
    # backwards by naive Bayes), 0.6 (inside): B's accuracy is 1, 0.7, 1 and 0.6
    deltas = np.array([-0.3, 0.6, 1.1, 0.3])
    realised = crossval.realised_delta(deltas)
    np.testing.assert_allclose(realised, [-0.1, 0.2, -0.1, 0.3])
    assert crossval.outside_range(deltas).tolist() == [True, True, True, False]
    x = crossval.simulate_differences(np.repeat(deltas, 100), np.random.default_rng(9),
                                   n_instances=2000, runs=2)
    means = x.mean(axis=1).reshape(4, 100).mean(axis=1)
    # standard error at most sqrt(0.33 / 2000 / 100) = 0.0013
    assert means == pytest.approx(realised, abs=0.005)
    # inside the range nothing changes
    np.testing.assert_allclose(crossval.realised_delta([-0.1, 0.0, 0.03]), [-0.1, 0.0, 0.03])


def test_the_mles_mse_is_the_instance_level_variance():
    # at delta = 0 it is 0.18 / 500; over the mixture it is larger, and the simulator agrees
    assert crossval.mle_mse(0.0, 0.0) == pytest.approx(0.18 / 500)
    mixture = populations.Mixture(sd=0.01)
    theory = crossval.mle_mse(mixture.mean, mixture.variance)
    rng = np.random.default_rng(10)
    deltas = mixture.sample(rng, 6000)
    x = crossval.simulate_differences(deltas, rng, runs=1)
    mse = np.mean((x.mean(axis=1) - deltas) ** 2)
    # Monte Carlo standard error about sqrt(2) * mse / sqrt(6000) = 7e-6
    assert mse == pytest.approx(theory, abs=2.2e-5)
    assert theory == pytest.approx(0.1896875 / 500) and theory > 0.00037


# --- populations ----------------------------------------------------------------------------

def test_matched_gaussian_has_the_mixtures_moments():
    mixture = populations.Mixture(sd=0.01)
    gauss = populations.matched_gaussian(mixture)
    # the method notes' formula
    sd = np.sqrt(0.01**2 + 0.005**2 / 2 + 0.02**2 / 2 - ((0.005 + 0.02) / 2) ** 2)
    assert gauss.mean == pytest.approx(0.0125) and gauss.sd == pytest.approx(sd)
    draws = mixture.sample(np.random.default_rng(6), 400_000)
    assert draws.mean() == pytest.approx(mixture.mean, abs=1e-4)
    assert draws.var() == pytest.approx(mixture.variance, rel=0.01)


def test_populations_are_not_truncated():
    rng = np.random.default_rng(7)
    deltas = populations.Cauchy(0.0, 0.05).sample(rng, 20_000)
    share = np.mean(crossval.outside_range(deltas))
    # the Cauchy's own mass outside [-0.1, 0.4]
    cdf = stats.cauchy(0.0, 0.05).cdf
    assert share == pytest.approx(cdf(-0.1) + 1 - cdf(0.4), abs=0.01)


# --- §4 -------------------------------------------------------------------------------------

def test_propositions_2_and_3_by_monte_carlo():
    rng = np.random.default_rng(8)
    sigma, rho, n, sigma0 = 0.05, 0.1, 100, 0.01
    deltas = rng.standard_t(3, 200_000) * sigma0 / np.sqrt(3)     # not Gaussian
    x = shrinkage.equicorrelated_sample(deltas, sigma, rho, n, rng)
    xbar = x.mean(axis=1)
    sn2 = shrinkage.sigma_n2(sigma, rho, n)
    assert np.mean((xbar - deltas) ** 2) == pytest.approx(sn2, rel=0.02)
    s02 = deltas.var()
    for w in (0.2, shrinkage.optimal_weight(s02, sn2), 0.9):
        shrunk = w * xbar + (1 - w) * deltas.mean()
        assert np.mean((shrunk - deltas) ** 2) == pytest.approx(
            shrinkage.mse_shrinkage(w, s02, sn2), rel=0.02)
    best = shrinkage.mse_shrinkage(shrinkage.optimal_weight(s02, sn2), s02, sn2)
    assert best == pytest.approx(s02 * sn2 / (s02 + sn2)) and best < sn2


# --- the runner -----------------------------------------------------------------------------

TINY = runner.FitOptions(chains=2, warmup=100, draws=200, thin=2)
GRID = [runner.Setting(populations.Cauchy(0.0, 0.003), 4),
        runner.Setting(populations.Mixture(0.01), 3)]


@pytest.mark.stan
def test_results_do_not_depend_on_the_number_of_workers(tmp_path):
    # httpstan hands back its stored fit when data, seed and inits repeat exactly; a run that
    # seeded differently would give different data and really sample, so the test still bites
    one = runner.run(GRID, 3, n_jobs=1, options=TINY, cache_dir=tmp_path / "one", progress=False)
    two = runner.run(GRID, 3, n_jobs=2, options=TINY, cache_dir=tmp_path / "two", progress=False)
    assert runner.per_dataset(one).equals(runner.per_dataset(two))
    drop = ["seconds"]
    assert runner.per_repetition(one).drop(columns=drop).equals(
        runner.per_repetition(two).drop(columns=drop))
    table = runner.per_repetition(one)
    assert list(table["q"]) == [4, 4, 4, 3, 3, 3]
    for estimand in ("delta0", "next", "mass"):
        columns = [f"{estimand}_{r}" for r in ("left", "rope", "right")]
        assert table[columns].sum(axis=1).round(6).eq(1).all()
    assert (table["min_ess_bulk"] > 0).all() and (table["max_rhat"] > 0.9).all()
    means = [np.mean(r["xbar"]) for records in one.values() for r in records]
    assert table["mean_xbar"].to_numpy() == pytest.approx(means)


@pytest.mark.stan
def test_resume_recomputes_nothing_finished(tmp_path, monkeypatch):
    setting = GRID[1]
    runner.run([setting], 2, n_jobs=1, options=TINY, cache_dir=tmp_path, progress=False)
    path = runner.cache_path(setting, runner.ROOT_SEED, TINY, tmp_path)
    # an interruption in the middle of writing repetition 2
    with open(path, "a") as handle:
        handle.write('{"rep":2,"delta":[0.01')
    calls = []
    real = runner.run_repetition
    monkeypatch.setattr(runner, "run_repetition",
                        lambda s, r, *a: calls.append(r) or real(s, r, *a))
    results = runner.run([setting], 4, n_jobs=1, options=TINY, cache_dir=tmp_path,
                           progress=False)
    assert sorted(calls) == [2, 3]
    assert [r["rep"] for r in results[setting.key]] == [0, 1, 2, 3]
    calls.clear()
    runner.run([setting], 4, n_jobs=1, options=TINY, cache_dir=tmp_path, progress=False)
    assert calls == []
    # the torn line stays on its own line, and nothing else is out of place
    lines = path.read_text().splitlines()
    assert len(lines) == 5 and lines[2].startswith('{"rep":2,"delta":[0.01') and "}" not in lines[2]


class _Clock:
    """time.time() for the runner, moved on by hand."""

    def __init__(self):
        self.now = 0.0

    def time(self):
        return self.now


def test_a_run_with_a_deadline_starts_nothing_after_it_and_leaves_the_cache_whole(
        tmp_path, monkeypatch):
    clock, calls = _Clock(), []

    def fake_repetition(setting, rep, *args):
        calls.append(rep)
        clock.now = 10.0 if len(calls) == 3 else clock.now   # the deadline passes mid-run
        return {"rep": rep}

    monkeypatch.setattr(runner, "time", clock)
    monkeypatch.setattr(runner, "start_stan", lambda workers: None)
    monkeypatch.setattr(runner, "run_repetition", fake_repetition)
    setting = GRID[1]
    results = runner.run([setting], 6, n_jobs=1, options=TINY, cache_dir=tmp_path,
                         progress=False, stop_at=5.0)
    assert calls == [0, 1, 2] and [r["rep"] for r in results[setting.key]] == [0, 1, 2]
    lines = runner.cache_path(setting, runner.ROOT_SEED, TINY, tmp_path).read_text()
    assert [json.loads(line)["rep"] for line in lines.splitlines()] == [0, 1, 2]
    # past the deadline from the start: Stan is not even started
    monkeypatch.setattr(runner, "start_stan", lambda workers: pytest.fail("Stan started"))
    again = runner.run([setting], 6, n_jobs=1, options=TINY, cache_dir=tmp_path,
                       progress=False, stop_at=5.0)
    assert calls == [0, 1, 2] and again == results


def test_the_manifest_lists_the_runs_and_what_the_cache_holds(tmp_path):
    setting = runner.paper_grid()["table1 mixture"][0]
    path = runner.cache_path(setting, runner.ROOT_SEED, runner.FitOptions(), tmp_path)
    path.write_text("".join(json.dumps({"rep": r, "seconds": 2.0 * r}) + "\n" for r in range(3)))
    runner.log_run(dict(started="2026-11-23 00:17", minutes=61.4, added=3, backend="cmdstanpy",
                        workers=2, machine="2 cores, x86_64", note="a test"), tmp_path)
    text = runner.write_manifest(cache_dir=tmp_path).read_text()
    assert "| 2026-11-23 00:17 | 61 | 3 | cmdstanpy | 2 | 2 cores, x86_64 | a test |" in text
    assert "What it holds: 3 repetitions" in text
    assert f"| table1 mixture | {setting.key} | 3 | 2.00 |" in text


def test_cache_is_keyed_by_setting_seed_and_model_version(tmp_path):
    a = runner.cache_path(GRID[0], 1, TINY, tmp_path)
    assert a != runner.cache_path(GRID[1], 1, TINY, tmp_path)
    assert a != runner.cache_path(GRID[0], 2, TINY, tmp_path)
    assert a != runner.cache_path(GRID[0], 1, runner.FitOptions(), tmp_path)


@pytest.mark.stan
def test_a_tiny_grid_on_a_local_dask_cluster(tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster):
        on_dask = runner.run(GRID[:1], 2, backend="dask", options=TINY,
                               cache_dir=tmp_path / "dask", progress=False)
    local = runner.run(GRID[:1], 2, n_jobs=1, options=TINY, cache_dir=tmp_path / "local",
                         progress=False)
    assert runner.per_dataset(on_dask).equals(runner.per_dataset(local))
    record = json.loads(runner.cache_path(GRID[0], runner.ROOT_SEED, TINY,
                                            tmp_path / "dask").read_text().splitlines()[0])
    assert record["rep"] in (0, 1)


@pytest.mark.stan
def test_the_delta0_estimand_is_the_share_of_delta0_draws_in_each_region(tmp_path, monkeypatch):
    # a record's delta0 probabilities are those of the fit; check them against the draws
    from bayestut.methods import hierarchical
    fits = []
    real = hierarchical.hierarchical_test
    monkeypatch.setattr(hierarchical, "hierarchical_test",
                        lambda *a, **k: fits.append(real(*a, **k)) or fits[-1])
    record = runner.run_repetition(GRID[0], 0, runner.ROOT_SEED, TINY)
    fit = fits[-1]
    d0 = fit.delta0
    expected = [np.mean(d0 < -0.01), np.mean(np.abs(d0) <= 0.01), np.mean(d0 > 0.01)]
    assert record["P_delta0"] == pytest.approx(expected, abs=1e-6)
    assert record["P_next"] == pytest.approx(fit._probabilities.tolist(), abs=1e-6)
    assert record["delta0_mean"] == pytest.approx(d0.mean(), rel=1e-6)
    assert len(d0) == TINY.chains * TINY.draws // TINY.thin


def test_table_1_statistic_both_ways():
    per_rep = pd.DataFrame({"setting": "s", "q": 2, "mse_mle": [1.0, 4.0],
                            "mse_shrinkage": [0.25, 0.25]})
    table = summary.mse_table(per_rep)
    assert table.at["s", "mse_mle"] == 2.5 and table.at["s", "rmse2_mle"] == 2.25
    assert table.at["s", "rmse2_shrinkage"] == 0.25 and table.at["s", "reduction"] == 0.9
    # the Monte Carlo standard error of the mean over repetitions: sd 2.12 over sqrt(2)
    assert table.at["s", "se_mse_mle"] == pytest.approx(1.5)
    assert table.at["s", "se_mse_shrinkage"] == 0.0


def test_simulation_figures_draw_shares_with_their_intervals():
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib.collections import LineCollection

    rng = np.random.default_rng(3)
    per_rep = pd.DataFrame({
        "setting": np.repeat(["a", "b"], 40), "q": np.repeat([10, 20], 40),
        "p_signed_rank": rng.uniform(size=80), "divergences": 0, "outside": 0,
        **{f"{e}_{r}": rng.uniform(size=80) for e in ("delta0", "next")
           for r in ("left", "rope", "right")}})
    fig = figures.behaviour_vs_q(per_rep, "test")
    decisions = fig.axes[3]
    intervals = [c for c in decisions.collections if isinstance(c, LineCollection)]
    assert len(intervals) == 3                      # rope, left, right: one bar per q each
    rejections = fig.axes[1]
    assert any(list(line.get_ydata()) == [0.05, 0.05] for line in rejections.get_lines())
    assert rejections.get_ylim()[1] < 0.5           # zoomed: shares near 5% stay visible
    assert all(ax.get_legend() is None for ax in fig.axes) and len(fig.legends) == 1
    low, high = summary.share_interval(np.array([0.5]), np.array([40]))
    assert low[0] < 0.5 < high[0]
    table = summary.mse_table(per_rep.assign(mse_mle=rng.uniform(size=80),
                                             mse_shrinkage=rng.uniform(size=80)))
    ax = figures.mse_by_q(table, 0.5, "test")
    assert len([c for c in ax.collections if isinstance(c, LineCollection)]) == 2
    decision = summary.decision_table(per_rep)
    figures.power_vs_delta0(decision, [0.01, 0.02])


def test_decisions_read_the_estimand_asked_for():
    per_rep = pd.DataFrame({"setting": "s", "q": 2, "p_signed_rank": [0.01, 0.5],
                            "delta0_left": 0.0, "delta0_rope": [0.97, 0.96], "delta0_right": 0.0,
                            "next_left": 0.0, "next_rope": [0.5, 0.99], "next_right": 0.0,
                            "divergences": 0, "outside": [1, 0]})
    assert summary.decision_table(per_rep, "delta0").at["s", "share P(rope) > 0.95"] == 1.0
    assert summary.decision_table(per_rep, "next").at["s", "share P(rope) > 0.95"] == 0.5
    assert summary.decision_table(per_rep).at["s", "share of delta_i outside the simulator's range"] == 0.25
    with pytest.raises(ValueError, match="estimand"):
        summary.decision_table(per_rep, "mean")


def test_the_estimands_labels_name_the_kind_of_probability():
    """Notebook 07's tables are headed by these labels: the papers' rule is a posterior
    probability about a new data set (the glossary's words), not a probability on it."""
    assert set(summary.ESTIMANDS) == {"delta0", "next"}
    assert summary.ESTIMANDS["next"].startswith("posterior probability, new data set")
    assert "papers' rule" in summary.ESTIMANDS["next"]
    assert summary.ESTIMANDS["delta0"].startswith("probability for δ₀")
    assert not any("next data set" in label for label in summary.ESTIMANDS.values())


def test_the_schedule_holds_every_setting_once_scorecard_settings_first():
    order = runner.schedule()
    grid = [s for settings in runner.paper_grid().values() for s in settings]
    assert sorted(s.key for s in order) == sorted(s.key for s in grid)
    assert order[4].q == 50 and order[4].population.delta0 == 0.0


def test_squared_mean_rmse_factor_by_monte_carlo():
    rng = np.random.default_rng(11)
    for q in (5, 10, 50):
        rmse = np.sqrt((rng.standard_normal((200_000, q)) ** 2).mean(axis=1))
        assert summary.squared_mean_rmse_factor(q) == pytest.approx(rmse.mean() ** 2, abs=2e-3)
    assert summary.squared_mean_rmse_factor(5) == pytest.approx(0.9054, abs=1e-4)


def test_median_se_by_the_asymptotic_formula():
    # the median of n standard normals has standard error sqrt(pi / 2) / sqrt(n)
    values = np.random.default_rng(3).normal(size=2000)
    assert summary.median_se(values, draws=4000) == pytest.approx(
        np.sqrt(np.pi / 2 / 2000), rel=0.15)


# --- the exact engine in the simulations, the truncated variant, the authors' batches --------

def test_the_truncated_population_redraws_outside_its_range():
    base = populations.Cauchy(0.01, 0.01)
    truncated = populations.Truncated(base, -0.1, 0.4)
    values = truncated.sample(np.random.default_rng(0), 20_000)
    assert values.min() >= -0.1 and values.max() <= 0.4
    # the same seed gives the same sample; the untruncated Cauchy does leave the range
    assert np.array_equal(values, truncated.sample(np.random.default_rng(0), 20_000))
    assert crossval.outside_range(base.sample(np.random.default_rng(0), 20_000)).any()
    assert not crossval.outside_range(values).any()
    assert truncated.key != base.key and "fig4 truncated" in runner.variants()


@pytest.mark.stan
def test_exact_repetitions_agree_with_stan_ones_on_the_same_data(tmp_path):
    setting = runner.Setting(populations.Cauchy(0.01, 0.01), 5)
    exact = runner.per_repetition(runner.run([setting], 2, n_jobs=1,
                                             options=runner.ExactOptions(),
                                             cache_dir=tmp_path, progress=False))
    stan = runner.per_repetition(runner.run([setting], 2, n_jobs=1, options=TINY,
                                            cache_dir=tmp_path, progress=False))
    # the same seeds give the same simulated data; the posteriors agree to Stan's noise
    assert exact["mean_xbar"].equals(stan["mean_xbar"])
    assert exact["p_signed_rank"].equals(stan["p_signed_rank"])
    for column in ("delta0_left", "delta0_rope", "delta0_right"):
        assert np.abs(exact[column] - stan[column]).max() < 0.1
    assert (exact["numerical_error"] < 0.02).all() and exact["divergences"].isna().all()
    assert stan["numerical_error"].isna().all()
    # a cache per engine, and a manifest per engine
    assert (runner.cache_path(setting, runner.ROOT_SEED, runner.ExactOptions(), tmp_path)
            != runner.cache_path(setting, runner.ROOT_SEED, TINY, tmp_path))
    assert runner.write_manifest(options=runner.ExactOptions(), cache_dir=tmp_path).name == \
        "MANIFEST-exact.md"


def test_exact_repetitions_give_the_same_digits_twice(tmp_path):
    setting = runner.Setting(populations.Mixture(0.01), 4)
    one = runner.run([setting], 2, n_jobs=1, options=runner.ExactOptions(),
                     cache_dir=tmp_path / "one", progress=False)
    two = runner.run([setting], 2, n_jobs=2, options=runner.ExactOptions(),
                     cache_dir=tmp_path / "two", progress=False)
    strip = lambda records: [{k: v for k, v in r.items() if k != "seconds"} for r in records]
    assert strip(one[setting.key]) == strip(two[setting.key])


def test_the_stan_cache_keeps_its_version():
    # the committed Stan cache's files are named by this hash: a change would orphan them
    assert runner.version(runner.FitOptions()) == "e569f77863"


def test_batch_table_averages_batch_statistics():
    p = np.r_[np.full(30, 0.01), np.full(30, 0.5), np.full(5, 0.01)]
    rope = np.r_[np.linspace(0.9, 1.0, 30), np.linspace(0.0, 0.1, 30), np.ones(5)]
    frame = pd.DataFrame({"setting": "s", "rep": np.arange(65), "p_signed_rank": p,
                          "delta0_rope": rope})
    row = summary.batch_table(frame).loc["s"]
    assert row["batches"] == 2                                 # the last 5 are dropped
    assert row["signed-rank rejections"] == pytest.approx(0.5)
    assert row["share P(rope) > 0.95"] == pytest.approx(15 / 30 / 2)   # 0.9 + k/290 > 0.95: k >= 15
    assert row["batch-median P(rope)"] == pytest.approx((0.95 + 0.05) / 2)
    assert row["se batch-median P(rope)"] == pytest.approx(0.9 / np.sqrt(2) / np.sqrt(2))


def test_engine_agreement_counts_only_decisions_away_from_the_threshold():
    stan = pd.DataFrame({"setting": "s", "rep": range(4), "delta0_right": [0.96, 0.99, 0.5, 0.2],
                         "min_ess_bulk": 400.0})
    exact = stan.assign(delta0_right=[0.94, 0.90, 0.5, 0.2])
    row = summary.engine_agreement(stan, exact).loc["s"]
    # 0.96 against 0.94 straddles 0.95 within Stan's error; 0.99 against 0.90 does not
    assert row["decisions differ"] == 2 and row["of them beyond 3 errors"] == 1
    assert row["largest |z|"] == pytest.approx(0.09 / np.sqrt(0.9 * 0.1 / 400))


def test_largest_disagreements_come_with_each_engines_own_accuracy():
    stan = pd.DataFrame({"setting": "s", "rep": range(4), "delta0_right": [0.5, 0.06, 0.3, 0.9],
                         "min_ess_bulk": [400.0, 40.0, 400.0, 400.0],
                         "divergences": [0, 78, 0, 0], "numerical_error": np.nan})
    # the exact engine's records have the same columns: no sampler, no divergences
    exact = stan.assign(delta0_right=[0.5, 0.004, 0.33, 0.9], min_ess_bulk=np.nan,
                        divergences=0, numerical_error=[0.001, 0.003, 0.002, 0.0])
    top = summary.largest_disagreements(stan, exact, count=2)
    assert list(top.index) == [("s", 1), ("s", 2)]
    assert top.loc[("s", 1), "z"] == pytest.approx(-0.056 / np.sqrt(0.004 * 0.996 / 40))
    assert top.loc[("s", 1), "Stan divergences"] == 78
    assert top.loc[("s", 1), "exact numerical error"] == 0.003


@pytest.mark.parametrize("argv", [["10", "--only", "fig5"], ["10", "--only", "fig4", "--q", "7"]])
def test_the_runner_refuses_a_selection_that_matches_no_setting(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        runner.main(argv)
    assert stop.value.code == 2 and "no setting matches" in capsys.readouterr().err


@pytest.mark.parametrize("argv, says", [(["-5"], "at least 1"), (["0"], "at least 1"),
                                        (["10", "--jobs", "0"], "--jobs 0"),
                                        (["10", "--minutes", "-1"], "more than 0"),
                                        (["10", "--minutes", "nan"], "more than 0")])
def test_the_runner_refuses_counts_that_run_nothing_before_logging_a_run(argv, says, capsys,
                                                                        monkeypatch):
    monkeypatch.setattr(runner, "log_run", lambda *a, **k: pytest.fail("a run was logged"))
    with pytest.raises(SystemExit) as stop:
        runner.main(argv + ["--engine", "exact", "--only", "fig4"])
    assert stop.value.code == 2 and says in capsys.readouterr().err


@pytest.mark.parametrize("how", ["ctrl-c", "kill"])
def test_an_interrupted_run_is_logged_as_interrupted(how, monkeypatch):
    def run(*args, **kwargs):
        if how == "kill":
            os.kill(os.getpid(), signal.SIGTERM)
        raise KeyboardInterrupt
    logged = []
    monkeypatch.setattr(runner, "run", run)
    monkeypatch.setattr(runner, "held", lambda **kwargs: 0)
    monkeypatch.setattr(runner, "log_run", logged.append)
    monkeypatch.setattr(runner, "write_manifest", lambda **kwargs: "the manifest")
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(SystemExit) as stop:
        runner.main(["10", "--engine", "exact", "--only", "fig4"])
    assert stop.value.code == 130 and logged[0]["note"].endswith("(interrupted)")
    assert signal.getsignal(signal.SIGTERM) is before
