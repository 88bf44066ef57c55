"""The exact engine of the hierarchical test: its pieces against direct numerical integration
and sampling, its determinism, and its agreement with Stan's posterior (z-scores over Stan's
Monte Carlo error)."""

import dataclasses
import os
import threading
import warnings
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest
from scipy import integrate, stats

from bayestut.data import load_uci
from bayestut.errors import InputError
from bayestut.methods import diagnostics, exact_grid as eg, exact_likelihood as lk
from bayestut.methods import hierarchical_exact as he
from bayestut.methods.diagnostics import ConvergenceWarning
from bayestut.methods.hierarchical import (HYPERPRIORS, WARN_ERROR, _differences,
                                           equicorrelated_loglik, hierarchical_test,
                                           next_dataset_masses, prepare)
from bayestut.reproduction.examples import uniform_scores


def _prepared(n=10, seed=1):
    rng = np.random.default_rng(seed)
    x = (rng.normal(0, 1, (6, n)) * np.array([1, 1, 0.2, 3, 1, 1])[:, None]
         + np.array([0, 0.5, 0.1, 5, -2, 0.2])[:, None])
    return prepare(x, 10, 0.1, HYPERPRIORS["mlj"], "hierarchical", "auto", rng)


def test_sigma_integrates_out_analytically():
    p = _prepared()
    lik = lk.likelihood(p)
    d = p.stan_data
    for i, delta in [(0, 0.3), (3, 2.0), (4, -2.5), (2, 0.0)]:
        f = lambda s: np.exp(equicorrelated_loglik(d["xbar"][i], d["ss"][i], d["n"], delta, s,
                                                   d["rho"])) / d["sigma_max"]
        width = np.sqrt(d["ss"][i] / d["n"])
        direct = sum(integrate.quad(f, lo, hi, epsabs=0, epsrel=1e-12, limit=200)[0] for lo, hi in
                     [(0, 0.2 * width), (0.2 * width, 5 * width), (5 * width, 100 * width),
                      (100 * width, d["sigma_max"])])
        assert lk.log_likelihood(lik, np.array([delta]), [i])[0] == pytest.approx(
            np.log(direct), abs=1e-9)


def _direct_delta_integral(lik, i, delta0, sigma0, nu):
    top = stats.norm(delta0, sigma0) if np.isinf(nu) else stats.t(nu, delta0, sigma0)
    f = lambda d: np.exp(lk.log_likelihood(lik, np.array([d]), [i])[0] + top.logpdf(d))
    # split at both bumps and far out on a log scale: quad then resolves every piece
    xbar, w = lik.xbar[i], lik.width[i]
    steps = (0, 1, 3, 10, 30, 100, 1e3)
    points = sorted({delta0 + sigma0 * s * side for s in steps for side in (-1, 1)}
                    | {xbar + w * s * side for s in steps[:5] for side in (-1, 1)})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", integrate.IntegrationWarning)
        value = sum(integrate.quad(f, lo, hi, epsabs=0, epsrel=1e-12, limit=200)[0]
                    for lo, hi in zip(points[:-1], points[1:]))
        value += integrate.quad(f, -np.inf, points[0], epsabs=0, epsrel=1e-10)[0]
        value += integrate.quad(f, points[-1], np.inf, epsabs=0, epsrel=1e-10)[0]
    return np.log(value)


@pytest.mark.parametrize("n", [10, 100])
@pytest.mark.parametrize("delta0, sigma0, nu", [
    (0.0, 1.0, 5.0), (0.1, 1e-3, 3.0), (0.1, 1e-5, 1.2),    # wide; narrow (the funnel)
    (3.0, 0.01, 1.05), (5.0, 0.3, 2.5),                     # outliers under heavy tails
    (0.0, 30.0, 2.0), (1.0, 0.3, np.inf), (-1.0, 0.05, 30.0), (0.4, 0.1, 10.0)])
def test_delta_integral_against_direct_integration(n, delta0, sigma0, nu):
    p = _prepared(n)
    lik = lk.likelihood(p)
    exact = lk.delta_integrals(lik, delta0, sigma0, nu, p.rope)[0]
    direct = [_direct_delta_integral(lik, i, delta0, sigma0, nu) for i in range(len(lik.xbar))]
    assert np.abs(exact - direct).max() < 3e-4


def test_every_node_that_weighs_keeps_the_factor_of_sigma_is_bound():
    # a bound S on sigma_i tight enough to lower nodes in the integrand's mass; the slow
    # incomplete gamma is skipped only at nodes that weigh exactly 0 (UNDERFLOW below the rest)
    lik = lk.likelihood(_prepared(100))
    tight = dataclasses.replace(lik, sigma_max=16 * float(lik.width.max()))
    delta0, sigma0, nu = np.array([0.0, 0.5]), np.array([1.0, 0.05]), np.array([1.05, 3.0])
    nodes = lk.integrand(tight, delta0, sigma0, nu, None, 4)
    q = len(lik.xbar)
    i, nu_ = np.tile(np.arange(q), len(delta0)), np.repeat(nu, q)
    big_a = tight.big_a(nodes.delta(np.repeat(delta0, q), np.repeat(sigma0, q)), i)
    bound = -lk._log_q(tight.k, big_a / tight.sigma_max**2, tight.q_from(tight.k))
    expected = (0.5 * np.log1p(nodes.z**2) - 0.5 * (nu_ + 1) * np.log1p(nodes.z**2 / nu_)
                - tight.k * np.log(big_a) - bound)
    weighs = nodes.log_g > nodes.log_g.max(axis=(0, 1)) - 700
    assert bound[weighs].max() > 100                   # the bound matters where nodes weigh
    np.testing.assert_allclose(nodes.log_g[weighs], expected[weighs], rtol=1e-12, atol=1e-9)


def test_delta_integrals_do_not_depend_on_how_the_work_is_cut(monkeypatch):
    # every point's integrals are computed alone, whatever block it lands in: the same bits
    p = _prepared(100)
    lik = lk.likelihood(p)
    rng = np.random.default_rng(2)
    points = (rng.normal(0, 1, 300), np.exp(rng.normal(-1, 2, 300)),
              np.where(rng.random(300) < 0.2, np.inf, 1 + np.exp(rng.normal(0, 2, 300))))
    whole = lk.delta_integrals(lik, *points, p.rope, moments=True)
    monkeypatch.setattr(lk, "CHUNK", 5_000)
    cut = lk.delta_integrals(lik, *points, p.rope, moments=True)
    assert all(np.array_equal(a, b) for a, b in zip(whole, cut))
    # ... nor on how many threads share the blocks
    monkeypatch.setattr(lk, "_threads", lambda: 1)
    alone = lk.delta_integrals(lik, *points, p.rope, moments=True)
    assert all(np.array_equal(a, b) for a, b in zip(cut, alone))


_ON_OTHER_PATHS = """
import sys
import numpy as np
from bayestut.methods.hierarchical import exact_fit
x = np.random.default_rng(5).normal(0.01, 0.03, (4, 30)) + [[0.0], [0.02], [-0.01], [0.03]]
r = exact_fit(x, 10)
print(repr([*r.probabilities, *r.delta0_probabilities, *r.new_data_set_probabilities]))
"""


def test_numpys_processor_paths_move_only_the_last_digits():
    # another machine, as far as one machine can show it: NumPy's vectorised functions
    # switched to their older-processor paths in a child process
    import subprocess
    import sys

    from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__

    switched = [f for f in __cpu_dispatch__ if __cpu_features__.get(f)]
    if not switched:
        pytest.skip("NumPy has no faster paths to switch off on this processor")
    env = dict(os.environ, NPY_DISABLE_CPU_FEATURES=" ".join(switched))
    run = lambda env: eval(subprocess.run([sys.executable, "-c", _ON_OTHER_PATHS], env=env,
                                          capture_output=True, text=True, check=True).stdout)
    here, there = np.array(run(dict(os.environ))), np.array(run(env))
    assert np.abs(here - there).max() < 1e-10
    assert list(np.round(here, 4)) == list(np.round(there, 4))


def _integrals_in_child(queue, lik, points, rope):
    queue.put(lk.delta_integrals(lik, *points, rope))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")
def test_a_forked_child_can_still_integrate(monkeypatch):
    # the parent's thread pool is copied into a forked child without its threads: a child
    # that used it would wait for ever
    import multiprocessing

    monkeypatch.setattr(lk, "_threads", lambda: 2)
    p = _prepared(100)
    lik = lk.likelihood(p)
    points = (np.zeros(400), np.ones(400), np.full(400, 5.0))
    here = lk.delta_integrals(lik, *points, p.rope)       # the pool now exists
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_integrals_in_child, args=(queue, lik, points, p.rope))
    child.start()
    child.join(30)
    alive = child.is_alive()
    if alive:
        child.kill()
    assert not alive and np.array_equal(queue.get(timeout=5), here)


def test_the_quadrature_uses_every_core_only_when_nothing_else_runs_in_parallel(monkeypatch):
    monkeypatch.setattr(lk.os, "cpu_count", lambda: 4)
    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    assert lk._threads() == 4
    monkeypatch.setenv("OMP_NUM_THREADS", "1")          # as joblib sets it in its workers
    assert lk._threads() == 1
    monkeypatch.setenv("OMP_NUM_THREADS", "not a number")
    assert lk._threads() == 4
    monkeypatch.delenv("OMP_NUM_THREADS")
    seen = []
    worker = threading.Thread(target=lambda: seen.append(lk._threads()))  # compare_all's pairs
    worker.start()
    worker.join()
    assert seen == [1]


@pytest.mark.parametrize("hyperprior", ["mlj", "jmlr"])
def test_nu_prior_is_the_gamma_mixed_over_uniform_alpha_and_beta(hyperprior):
    bounds = HYPERPRIORS[hyperprior]
    rng = np.random.default_rng(5)
    size = 200_000
    tau = rng.gamma(rng.uniform(*bounds[:2], size), 1.0 / rng.uniform(*bounds[2:], size))
    density = lambda x: lk.nu_prior_density(np.array([x]), "hierarchical", bounds)[0]
    total = integrate.quad(density, 0, np.inf, limit=200)[0]
    assert total == pytest.approx(1.0, abs=1e-6)
    for x in (1.0, 5.0, 20.0, 60.0):
        cdf = integrate.quad(density, 0, x, limit=200)[0]
        empirical = np.mean(tau <= x)
        assert abs(cdf - empirical) < 4 * np.sqrt(cdf * (1 - cdf) / size)
    below, above = lk.nu_prior_tails(np.log(1.0), np.log(60.0), "hierarchical", bounds)
    assert below == pytest.approx(integrate.quad(density, 0, 1.0)[0], rel=1e-6)
    assert above == pytest.approx(1 - integrate.quad(density, 0, 60.0, limit=200)[0], abs=1e-8)


def test_a_grid_over_nus_whole_range_holds_the_priors_whole_mass():
    # the grid's ends go through sinh(asinh(.)) and miss T_LOW or T_HIGH by a rounding error
    # about a third of the time: the prior's tails beyond them must still be counted
    p = prepare(np.random.default_rng(0).normal(0, 1, (6, 10)), 10, 0.1, HYPERPRIORS["jmlr"],
                "hierarchical", "auto", np.random.default_rng(0))
    m = eg.model(p, "hierarchical")
    missed = 0
    for centre, scale in np.random.default_rng(1).uniform((-5, 0.1), (5, 5), (40, 2)):
        t = eg.Axis.spanning(centre, scale, eg.T_LOW, eg.T_HIGH, 201)
        missed += t.x[0] > eg.T_LOW
        assert eg._trapezoid(t, m.prior_t, m.tails_t(t.x[0], t.x[-1])).sum() == \
            pytest.approx(1.0, abs=1e-7)
    assert missed > 0


def test_rope_edge_is_where_the_rope_stops_winning():
    sigma0 = np.array([0.001, 0.01, 0.02, 0.005, 1.0])
    nu = np.array([3.0, np.inf, 5.0, 1.5, 2.0])
    b = he.rope_edge(sigma0, nu, 0.01)
    assert b[-1] == 0.0                       # a wide top level: the rope never wins
    for s, v, edge in zip(sigma0[:-1], nu[:-1], b[:-1]):
        masses = [next_dataset_masses(np.array([d]), np.array([s]), np.array([v]), 0.01)[0]
                  for d in (edge - 1e-7, edge + 1e-7)]
        assert [m.argmax() for m in masses] == [1, 2]
    # the funnel's bottom: the next data set is delta0 itself, the rope wins up to its edge
    assert he.rope_edge(np.array([1e-12, 1e-9]), np.array([1.5, np.inf]), 0.01) == \
        pytest.approx(0.01, abs=1e-12)


def test_sigma0_edge_is_where_the_rope_edge_reaches_zero():
    nu = np.array([1.5, 3.0, 30.0, np.inf])
    edge = he.sigma0_edge(nu, 0.01)
    assert (he.rope_edge(edge * (1 - 1e-6), nu, 0.01) > 0).all()
    assert (he.rope_edge(edge * (1 + 1e-6), nu, 0.01) == 0).all()


@pytest.mark.parametrize("start", [10, 30])
def test_few_data_sets_shares_converge_across_the_rope_edge(start):
    # with four data sets sigma0's posterior is wide and crosses sigma0_edge, where the rope's
    # share of a row ends like a square root: integrated on the grid alone, the shares were
    # off by up to 0.006 at the default grid (start = 10)
    table = load_uci()
    keep = table["dataset"].isin(table["dataset"].unique()[start:start + 4])
    d = hierarchical_test.__globals__["_differences"](table[keep], "nbc", "aode", None)
    _, default, reference = _default_and_reference(d.x, d.folds)
    assert np.abs(default.shares - reference.shares).max() < 5e-4


def _default_and_reference(x, folds, grid=(41, 37, 41), pilot_for_reference=lambda p: p):
    """The pilot, and the posterior on the default grid and on a finer one (over the pilot's
    ranges, or over those ``pilot_for_reference`` makes of them)."""
    p = prepare(x, folds, 0.01, HYPERPRIORS["mlj"], "hierarchical", "auto",
                np.random.default_rng(0))
    m = eg.model(p, "hierarchical")
    pilot = eg.explore(m)
    default = he.integrate(eg.solve(m, pilot, eg.FINE, moments=False))
    reference = he.integrate(eg.solve(m, pilot_for_reference(pilot), grid, moments=False))
    return pilot, default, reference


def test_a_coarse_pilot_range_grows_back_where_its_end_holds_mass():
    values = np.linspace(0.0, 6.0, 7)
    (_, _, low, high), grew = eg._summary(values, np.array([0, 0, 1, 4, 9, 9, 8.0]), (-9, 9))
    assert grew and low == 1.0 and high == 9.0          # half the width further, within bounds
    (_, _, low, high), grew = eg._summary(values, np.array([0, 1, 4, 9, 4, 1, 0.0]), (-9, 9))
    assert not grew and (low, high) == (0.0, 6.0)


def test_nus_range_is_not_cut_where_the_posterior_goes_on():
    # hnb against j48: the first pilot's delta0 grid (9 points over the whole prior range) is
    # too coarse and favours heavy tails, and its nu range ended at nu = 22 while the posterior
    # goes on to nu ~ 1000: P(rope) of delta0 came out 0.5406, 0.014 off
    d = hierarchical_test.__globals__["_differences"](load_uci(), "hnb", "j48", None)
    wide = lambda pilot: dataclasses.replace(pilot, t=(0.0, 100.0, eg.T_LOW, 9.0))  # ~uniform
    pilot, default, reference = _default_and_reference(d.x, d.folds, (33, 81, 33), wide)
    assert pilot.t[3] > 6.5
    assert np.abs(default.delta0_probabilities - reference.delta0_probabilities).max() < 5e-4


def test_a_grown_range_is_zoomed_in_on_again():
    # Figure 4's delta0 = 0.01, repetition 467 (Cauchy data sets): nu's range grew to nu ~ 1500
    # and the pilot stopped there, though the posterior ends at nu ~ 40: the default grid, its
    # points spread over the empty part, was 0.0016 off in the shares
    from bayestut.simulation import crossval, runner
    setting = runner.paper_grid()["fig4 (q = 50)"][0]
    rng = np.random.default_rng(runner.seed_sequence(setting, 467, runner.ROOT_SEED))
    x = crossval.simulate_differences(setting.population.sample(rng, setting.q), rng)
    _, default, reference = _default_and_reference(x, 10)
    assert np.abs(default.shares - reference.shares).max() < 5e-4


def test_shares_stay_right_where_delta0s_grid_starts_at_zero():
    # Figure 4's delta0 = 0.03, repetition 100: at sigma0 near the rope's edge the rows of
    # delta0 start at 0, where the clamped integral jumps; differenced there over a tiny b it
    # once gave shares of 0.54 / 0.00 / 0.46 instead of 0 / 0 / 1 (coarse grids)
    from bayestut.methods.hierarchical import exact_fit
    from bayestut.simulation import crossval, runner
    setting = runner.paper_grid()["fig4 (q = 50)"][2]
    seeds = runner.seed_sequence(setting, 100, runner.ROOT_SEED)
    rng = np.random.default_rng(seeds)
    x = crossval.simulate_differences(setting.population.sample(rng, setting.q), rng)
    for grids in (((13, 11, 13), (11, 9, 11)), (eg.FINE, eg.CHECK)):
        fit = exact_fit(x, 10, grids=grids)
        assert fit.probabilities["a better"] > 0.999 and fit.diagnostics.error < 1e-3


def test_shares_stay_right_where_delta0s_posterior_is_narrow():
    # j48 against j48gr under the Gaussian top level: delta0's posterior is far narrower than
    # the rope, so a row's rope share drops from 1 to 0 almost as a step in sigma0; spline
    # interpolation of share / b across it once gave P(rope) 0.85 and 0.95 instead of 1
    fit = hierarchical_test(load_uci(), "j48", "j48gr", engine="exact", nu_prior="gaussian")
    assert fit.probabilities["equivalent"] > 0.9999 and fit.diagnostics.error < 1e-4


def test_integral_up_to_any_point_of_a_grid():
    x = np.linspace(-9, 9, 31)
    f = stats.norm.pdf(x)[None, :]
    points = np.array([[-1.7], [0.31], [2.5]])
    got = eg.integral_up_to(np.repeat(f, 3, axis=0), -9.0, x[1] - x[0], points[:, 0])
    assert got == pytest.approx(stats.norm.cdf(points[:, 0]), abs=1e-7)


def _uci_pair(a="nbc", b="aode", datasets=12):
    table = load_uci()
    keep = table["dataset"].isin(table["dataset"].unique()[:datasets])
    return table[keep], a, b


def test_the_same_inputs_give_the_same_digits():
    table, a, b = _uci_pair()
    first = hierarchical_test(table, a, b, engine="exact", seed=3)
    second = hierarchical_test(table, a, b, engine="exact", seed=3)
    for name in ("probabilities", "probabilities_mcse", "new_data_set_probabilities",
                 "delta0_probabilities"):
        assert np.array_equal(getattr(first, name), getattr(second, name))
    for name in ("delta0", "sigma0", "nu", "delta", "sigma", "_masses"):
        assert np.array_equal(getattr(first, name), getattr(second, name))
    pd.testing.assert_frame_equal(first.per_dataset(), second.per_dataset())
    # another seed draws other plot draws, but integrates the same posterior to the same digits
    # (no data set here has zero variance, where the seed sets the added noise)
    third = hierarchical_test(table, a, b, engine="exact", seed=4)
    assert not np.array_equal(first.delta0, third.delta0)
    for name in ("probabilities", "new_data_set_probabilities", "delta0_probabilities"):
        assert np.array_equal(getattr(first, name), getattr(third, name))


def test_the_draws_follow_the_integrated_posterior():
    table, a, b = _uci_pair()
    r = hierarchical_test(table, a, b, engine="exact", draws=2000)
    assert len(r.delta0) == 8000 and r.diagnostics.problems == []
    assert r.diagnostics.error < WARN_ERROR
    shares = np.bincount(r._masses.argmax(axis=1), minlength=3) / len(r._masses)
    se = np.sqrt(r._probabilities * (1 - r._probabilities) / len(r._masses))
    assert np.all(np.abs(shares - r._probabilities) <= 4 * se + 1e-3)
    assert np.all(np.abs(r._masses.mean(axis=0) - r._new_data_set) < 0.01)
    table_ = r.per_dataset()
    assert np.abs(r.delta.mean(axis=0) - table_["posterior mean delta_i"]).max() < 2e-3
    assert np.abs(r.sigma.mean(axis=0) / table_["posterior mean sigma_i"] - 1).max() < 0.02


def test_engine_is_checked_and_the_exact_engine_needs_three_differences():
    table, a, b = _uci_pair()
    with pytest.raises(InputError, match="engine"):
        hierarchical_test(table, a, b, engine="gibbs")
    with pytest.raises(InputError, match="at least 3"):
        hierarchical_test(np.array([[0.01, 0.02], [0.0, 0.01], [0.03, -0.01]]), folds=2,
                          engine="exact")


def test_compare_reports_the_numerical_error_of_the_exact_engine():
    from bayestut.analysis.compare import EXACT_ERROR, compare

    table, a, b = _uci_pair()
    c = compare(table, a, b, engine="exact")
    assert c.hierarchical.engine == "exact"
    assert EXACT_ERROR in c.summary(explain=True)
    with pytest.raises(InputError, match="engine"):
        compare(table, a, b, engine="nuts")


# --- agreement with Stan ------------------------------------------------------------------------

# Long chains. With a few data sets compare()'s sampler settings (non-centring by moments,
# adapt_delta 0.95) are biased on TR 413's example (P(left) 0.010 +- 0.002 against 0.023 from
# the integral, and from Stan centred at adapt_delta 0.99): there the reference is centred.
STAN = dict(chains=4, warmup=1000, draws=2500, non_centred="moments", adapt_delta=0.95,
            progress=False, engine="stan")
FEW = dict(STAN, non_centred=False, adapt_delta=0.99)


def _z_scores(data, stan_settings=STAN, **kwargs):
    """Largest |exact - Stan| / Stan's Monte Carlo error over the shares, mean masses and
    delta0's probabilities."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        stan = hierarchical_test(data, **kwargs, **stan_settings)
    exact = hierarchical_test(data, **kwargs, engine="exact")
    return diagnostics.agreement(exact, stan)["z"].abs().max()


def _summary(p, se, masses, masses_se, d0, d0_se):
    return SimpleNamespace(probabilities=np.array(p), probabilities_mcse=np.array(se),
                           new_data_set_probabilities=np.array(masses),
                           new_data_set_probabilities_mcse=np.array(masses_se),
                           delta0_probabilities=np.array(d0),
                           delta0_probabilities_mcse=np.array(d0_se))


def test_agreement_is_the_difference_over_stans_monte_carlo_error():
    exact = _summary([0.1, 0.9, 0.0], [1e-4, 1e-4, 0], [0.2, 0.7, 0.1], [0, 0, 0],
                     [0.3, 0.7, 0.0], [2e-4, 2e-4, 0])
    stan = _summary([0.12, 0.88, 0.0], [0.01, 0.01, 0.0], [0.2, 0.69, 0.11], [0.005] * 3,
                    [0.3, 0.6, 0.1], [0.0, 0.02, 0.0])
    t = diagnostics.agreement(exact, stan, draws=10_000)
    shares = t.loc["posterior probability"]
    assert list(shares.index) == ["a better", "equivalent", "b better"]
    assert shares["z"].to_numpy() == pytest.approx([-2.0, 2.0, 0.0])
    assert shares["numerical error"].to_numpy() == pytest.approx([1e-4, 1e-4, 0])
    assert t.loc["probability on a new data set", "z"].to_numpy() == pytest.approx([0, 2, -2])
    d0 = t.loc["probability for δ₀"]
    # Stan's error 0 with all its draws left of the rope: the binomial error at the exact 0.3
    assert d0["Stan MC error"].iloc[0] == pytest.approx(np.sqrt(0.3 * 0.7 / 10_000))
    assert d0["z"].iloc[0] == 0 and d0["z"].iloc[1] == pytest.approx(5.0)
    # exact 0 where Stan saw 0.1 without error: no error to divide by, an infinite z
    assert d0["z"].iloc[2] == -np.inf


@pytest.mark.stan
@pytest.mark.parametrize("hyperprior", ["mlj", "jmlr"])
def test_agrees_with_stan_on_tr413s_example(hyperprior):
    assert _z_scores(uniform_scores(), FEW, a="good", b="bad", hyperprior=hyperprior) <= 4


@pytest.mark.slow
@pytest.mark.stan
@pytest.mark.parametrize("hyperprior", ["mlj", "jmlr"])
@pytest.mark.parametrize("pair", [("nbc", "aode"), ("j48", "j48gr"), ("nbc", "j48")])
def test_agrees_with_stan_on_the_54_data_sets(pair, hyperprior):
    assert _z_scores(load_uci(), a=pair[0], b=pair[1], hyperprior=hyperprior) <= 4


@pytest.mark.slow
@pytest.mark.stan
@pytest.mark.parametrize("nu_prior", ["kruschke", "juarez-steel", "gaussian"])
def test_agrees_with_stan_under_every_nu_prior(nu_prior):
    table, a, b = _uci_pair(datasets=20)
    assert _z_scores(table, a=a, b=b, nu_prior=nu_prior) <= 4


@pytest.mark.slow
@pytest.mark.stan
def test_agrees_with_stan_on_three_data_sets_and_on_identical_but_one_fold():
    rng = np.random.default_rng(11)
    three = rng.normal([[0.02], [0.0], [0.01]], 0.03, size=(3, 50))
    assert _z_scores(three, FEW, folds=10) <= 4
    one_fold = np.zeros((6, 10))
    one_fold[0, 0] = 0.02          # identical classifiers but for one fold of one data set
    assert _z_scores(one_fold, FEW, folds=10) <= 4


def test_a_fine_grid_off_from_its_check_by_more_than_the_target_is_refined():
    # hnb - j48 under JMLR's hyperprior: the default grids differ by 0.005 (their actual
    # error is 0.0003: the check grid is the coarse one), and a finer grid settles it
    x = _differences(load_uci(), "hnb", "j48", None).x
    prepared = lambda: prepare(x, 10, 0.01, HYPERPRIORS["jmlr"], "hierarchical", "auto",
                               np.random.default_rng(0))
    _, grid, fine, coarse = he.posterior(prepared(), "hierarchical", refine=())
    unrefined = he.numerical_error(fine, coarse)
    assert unrefined > eg.TARGET and grid.logp.shape == eg.FINE
    _, grid, refined, check = he.posterior(prepared(), "hierarchical")
    assert he.numerical_error(refined, check) <= eg.TARGET
    assert grid.logp.shape in eg.REFINE
    assert np.abs(check.shares - fine.shares).max() == 0      # the fine grid became the check
    for name in ("shares", "mean_masses", "delta0_probabilities"):
        assert np.abs(getattr(refined, name) - getattr(fine, name)).max() <= unrefined
    np.testing.assert_array_equal(refined.per_dataset, fine.per_dataset)


def test_the_simulations_grids_are_never_refined(monkeypatch):
    from bayestut.methods.hierarchical import exact_fit
    sizes, solve = [], eg.solve
    monkeypatch.setattr(he, "solve", lambda m, pilot, n, **kw: sizes.append(tuple(n))
                        or solve(m, pilot, n, **kw))
    x = _differences(load_uci(), "hnb", "j48", None).x
    r = exact_fit(x, 10, hyperprior="jmlr", grids=((9, 7, 9), (7, 5, 7)))
    assert r.probabilities_mcse.max() > eg.TARGET       # it would have been, in compare
    assert sizes == [(9, 7, 9), (7, 5, 7)]


def _many_data_sets(q, seed=0):
    """q data sets of 10 folds with data-set effects: with hundreds, the log posterior spans
    thousands across sigma0's coarse range."""
    rng = np.random.default_rng(seed)
    return rng.normal(5e-4, 1e-3, (q, 10)) + rng.normal(0, 5e-4, (q, 1))


def test_hundreds_of_data_sets_are_integrated():
    # the pilot's rows of sigma0 far from the mode hold no mass in double precision; each
    # then takes its delta0 range from its own conditional (it used to stop the engine)
    x = _many_data_sets(300)
    default = he.posterior(prepare(x, 10, 5e-4, HYPERPRIORS["mlj"], "hierarchical", "auto",
                                   np.random.default_rng(0)), "hierarchical")[2]
    finer = he.posterior(prepare(x, 10, 5e-4, HYPERPRIORS["mlj"], "hierarchical", "auto",
                                 np.random.default_rng(0)), "hierarchical",
                         (25, 21, 25), (17, 15, 17))[2]
    for name in ("shares", "mean_masses", "delta0_probabilities"):
        assert np.isfinite(getattr(default, name)).all()
        np.testing.assert_allclose(getattr(default, name), getattr(finer, name), atol=1e-3)
    assert 0.05 < default.shares[1] < 0.95          # not a degenerate case


def test_a_data_set_near_the_bound_of_sigma_is_prior_is_left_to_stan():
    # 1,499 data sets with tiny differences and one 10,000 times as variable: sigma_i's bound,
    # 1000 times the average sd, falls below twice that data set's sd, where the quadrature's
    # pieces no longer fit the likelihood (the probabilities came out wrong)
    rng = np.random.default_rng(0)
    x = rng.normal(2e-5, 1e-5, (1500, 10))
    x[0] = rng.normal(0, 0.1, 10)
    with pytest.raises(InputError, match="vary .* times as much.*engine='stan'"):
        hierarchical_test(x, folds=10, engine="exact", rope=1e-5)


@pytest.mark.slow
@pytest.mark.stan
def test_agrees_with_stan_on_hundreds_of_data_sets():
    assert _z_scores(_many_data_sets(300), folds=10, rope=5e-4) <= 4


def test_the_data_sets_draws_wait_until_read():
    table, a, b = _uci_pair()
    r = hierarchical_test(table, a, b, engine="exact")
    r.per_dataset(), r.summary(), r.probabilities
    assert "delta" not in r.__dict__ or r.__dict__["delta"] is None
    q = len(r.datasets)
    assert r.delta.shape == (4000, q) and r.sigma.shape == (4000, q)


def test_the_report_says_one_number_for_each_integrated_share():
    """The hierarchical simplex's corners print the integrated shares of the tables, and the
    report explains the ± of the exact engine as a numerical error."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from bayestut.analysis.compare import EXACT_ERROR, compare
    from test_compare_cli import results

    report = compare(results(), "mine", "base")
    shares = report.overall()[1].shares
    ax = report.figures()["hierarchical"].axes[0]
    corners = [t.get_text() for t in ax.texts if "posterior probability" in t.get_text()]
    # as the tables print them: "< 0.001" where a share rounds to 0
    from bayestut.methods.decisions import probability_text
    assert sorted(probability_text(s) for s in shares) == \
        sorted(t.split("posterior probability ")[-1] for t in corners)
    assert EXACT_ERROR in report.explanations() and EXACT_ERROR in report.summary(explain=True)
    plt.close("all")
