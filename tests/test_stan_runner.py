"""The Stan runner: backend choice, compile-once caching, draws, diagnostics."""

import warnings

import numpy as np
import pytest

from bayestut.methods import diagnostics, stan


# --- which backend ----------------------------------------------------------------------------

@pytest.fixture
def no_env(monkeypatch):
    monkeypatch.delenv(stan.ENV_BACKEND, raising=False)
    return monkeypatch


def test_cmdstanpy_is_chosen_when_cmdstan_is_installed(no_env):
    import cmdstanpy
    no_env.setattr(cmdstanpy, "cmdstan_path", lambda: "/opt/cmdstan-2.36.0")
    assert stan.choose_backend() == "cmdstanpy"


def test_pystan_is_the_fallback_without_cmdstan(no_env):
    import cmdstanpy

    def missing():
        raise ValueError("no CmdStan installation found")
    no_env.setattr(cmdstanpy, "cmdstan_path", missing)
    assert stan.choose_backend() == "pystan"


def test_argument_and_environment_override_the_choice(no_env):
    no_env.setattr(stan, "_cmdstan_found", lambda: True)
    no_env.setattr(stan, "_pystan_found", lambda: True)
    assert stan.choose_backend("pystan") == "pystan"
    no_env.setenv(stan.ENV_BACKEND, "pystan")
    assert stan.choose_backend() == "pystan"
    assert stan.choose_backend("cmdstanpy") == "cmdstanpy"   # the argument wins over the env


def test_unknown_or_missing_backends_are_errors(no_env):
    with pytest.raises(ValueError, match="unknown Stan backend"):
        stan.choose_backend("rstan")
    no_env.setattr(stan, "_cmdstan_found", lambda: False)
    with pytest.raises(RuntimeError, match="no CmdStan installation"):
        stan.choose_backend("cmdstanpy")
    no_env.setattr(stan, "_pystan_found", lambda: False)
    with pytest.raises(RuntimeError, match="no Stan backend"):
        stan.choose_backend()


def test_cmdstan_executables_live_in_the_user_cache(no_env, tmp_path):
    no_env.setenv("BAYESTUT_CACHE", str(tmp_path))
    assert stan.user_cache_dir() == tmp_path


# --- diagnostics ------------------------------------------------------------------------------

def test_rhat_and_ess_of_independent_chains():
    draws = np.random.default_rng(1).normal(size=(4, 1000))
    assert diagnostics.rhat(draws) == pytest.approx(1.0, abs=0.01)
    assert diagnostics.ess_bulk(draws) == pytest.approx(4000, rel=0.15)


def test_ess_of_autocorrelated_chains():
    rng = np.random.default_rng(2)
    phi, draws = 0.8, np.zeros((4, 5000))
    for t in range(1, draws.shape[1]):
        draws[:, t] = phi * draws[:, t - 1] + rng.normal(size=4)
    expected = draws.size * (1 - phi) / (1 + phi)
    assert diagnostics.ess_bulk(draws) == pytest.approx(expected, rel=0.2)


def test_disagreeing_chains_are_flagged():
    draws = np.random.default_rng(3).normal(size=(4, 500)) + np.array([0, 0, 0, 3.0])[:, None]
    d = diagnostics.diagnose({"mu": draws}, np.zeros((4, 500)), np.zeros((4, 500)))
    assert d.rhat["mu"] > 1.2
    assert any("R-hat" in p and "mu" in p for p in d.problems)
    with pytest.warns(diagnostics.ConvergenceWarning, match="mu"):
        d.warn()


# --- a small fit end to end, on whichever backend is present --------------------------------

def _small_data():
    x = np.random.default_rng(5).normal(0.02, 0.05, (3, 20))
    xbar = x.mean(axis=1)
    return dict(q=3, n=20, xbar=xbar, ss=((x - xbar[:, None]) ** 2).sum(axis=1), rho=0.1,
                delta0_bound=0.2, sigma_max=50.0, sigma0_max=5.0, nu_prior=1, alpha_low=0.5,
                alpha_high=5.0, beta_low=0.05, beta_high=0.15, nu_shape=1.0, nu_rate=1.0,
                non_centred=[1, 1, 1])


def _run(seed):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", diagnostics.ConvergenceWarning)  # short chains
        return stan.sample("hierarchical", _small_data(), seed=seed, chains=2, warmup=150,
                           draws=100, progress=False)


def test_small_fit_returns_named_draws_and_diagnostics(capsys):
    fit = _run(seed=11)
    capsys.readouterr()          # on a fresh machine the first call compiles and says so
    assert fit.draws["delta0"].shape == (2, 100)
    assert fit.draws["delta"].shape == (2, 100, 3)
    assert fit["delta"].shape == (200, 3)
    assert np.all(fit["sigma"] > 0)
    assert set(fit.diagnostics.rhat) >= {"delta0", "sigma0"}
    assert fit.sampler["divergent__"].shape == (2, 100)
    # compiled once per machine: the second call finds the program in the cache
    again = _run(seed=11)
    assert "Compiling" not in capsys.readouterr().err
    np.testing.assert_array_equal(again["delta0"], fit["delta0"])   # the seed decides


def test_pystan_fits_are_removed_by_the_call_that_read_them(no_env):
    """PyStan caches every seeded fit, one file per chain; each call deletes exactly its own."""
    no_env.setenv("BAYESTUT_STAN_BACKEND", "pystan")
    import httpstan.cache
    deleted = []
    real = httpstan.cache.delete_fit
    no_env.setattr(httpstan.cache, "delete_fit", lambda name: (deleted.append(name), real(name)))
    _run(seed=12)
    assert len(deleted) == 2 and all("/fits/" in name for name in deleted)   # two chains
    assert not any(httpstan.cache.fit_path(name).exists() for name in deleted)


def test_other_seed_other_draws():
    assert not np.array_equal(_run(seed=1)["delta0"], _run(seed=2)["delta0"])


def test_bad_seed_and_unknown_program():
    with pytest.raises(ValueError, match="seed"):
        stan.sample("hierarchical", _small_data(), seed=-1)
    with pytest.raises(ValueError, match="no Stan program"):
        stan.program_text("nonexistent")


# --- the cmdstanpy path, against a stand-in with cmdstanpy's documented output shapes ----------

class _FakeVariable:
    def __init__(self, dimensions):
        self.dimensions = dimensions


class _FakeCmdStanFit:
    """stan_variable: (chains * draws, *dims), chains one after another;
    method_variables: (draws, chains). Every value encodes its chain number."""

    def __init__(self, chains, draws):
        self.chains, self.draws = chains, draws
        # as real CmdStan: a zero-size variable (here nu) has no column, so no entry at all
        self.metadata = type("Meta", (), {"stan_vars": {
            "delta0": _FakeVariable(()), "delta": _FakeVariable((3,))}})()

    def stan_variable(self, name):
        dims = self.metadata.stan_vars[name].dimensions
        chain = np.repeat(np.arange(self.chains), self.draws).astype(float)
        return np.broadcast_to(chain.reshape(-1, *[1] * len(dims)), (chain.size, *dims)).copy()

    def method_variables(self):
        zeros = np.zeros((self.draws, self.chains))
        return {"stepsize__": zeros + 0.5, "treedepth__": zeros + 3, "n_leapfrog__": zeros + 7,
                "divergent__": zeros, "lp__": zeros}


class _FakeCmdStanModel:
    def __init__(self):
        self.calls = []

    def sample(self, **kwargs):
        self.calls.append(kwargs)
        return _FakeCmdStanFit(kwargs["chains"], kwargs["iter_sampling"])

    def src_info(self):    # stanc --info, as cmdstanpy returns it
        return {"parameters": {"delta0": {"type": "real", "dimensions": 0},
                               "delta": {"type": "vector", "dimensions": 1},
                               "nu": {"type": "vector", "dimensions": 1}},
                "generated quantities": {}}


def test_cmdstanpy_draws_are_split_by_chain(no_env):
    fake = _FakeCmdStanModel()
    no_env.setattr(stan, "_cmdstan_found", lambda: True)
    no_env.setattr(stan, "_cmdstan_model", lambda program: fake)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", diagnostics.ConvergenceWarning)
        fit = stan.sample("hierarchical", _small_data(), seed=3, chains=3, warmup=10, draws=50,
                          progress=False)
    assert fit.backend == "cmdstanpy"
    assert fit.draws["delta0"].shape == (3, 50)
    assert fit.draws["delta"].shape == (3, 50, 3)
    assert fit.draws["nu"].shape == (3, 50, 0)
    np.testing.assert_array_equal(fit.draws["delta"][:, 0, 0], [0, 1, 2])   # chain c holds c
    assert fit.sampler["n_leapfrog__"].shape == (3, 50)
    call = fake.calls[0]
    assert (call["seed"], call["chains"], call["iter_warmup"], call["iter_sampling"]) == \
        (stan.shifted_seed(3), 3, 10, 50)


def test_the_seed_shift_moves_every_seed_and_wraps(no_env):
    no_env.delenv(stan.ENV_SEED_SHIFT, raising=False)
    assert stan.shifted_seed(3) == 3
    no_env.setenv(stan.ENV_SEED_SHIFT, "7919")
    assert stan.shifted_seed(3) == 7922
    assert stan.shifted_seed(2**31 - 1) == 7918
    no_env.setenv(stan.ENV_SEED_SHIFT, "seven")
    with pytest.raises(ValueError, match="whole number"):
        stan.shifted_seed(3)


def test_pystan_runs_inside_a_running_event_loop():
    """Jupyter runs an event loop; PyStan's asyncio.run must still work there."""
    import asyncio

    async def inside():
        return _run(seed=11)

    fit = asyncio.run(inside())
    np.testing.assert_array_equal(fit["delta0"], _run(seed=11)["delta0"])



def test_mcse_of_shares_from_independent_and_from_sticky_chains():
    # the report's ± on a share of draws: sqrt(p (1 - p) / n) for independent draws
    rng = np.random.default_rng(3)
    wins = np.eye(3)[rng.choice(3, p=[0.2, 0.4, 0.4], size=8000)].reshape(4, 2000, 3)
    wins[..., 0] = 0.0                                    # one outcome never wins
    se = diagnostics.mcse_mean(wins)
    assert se[0] == 0.0
    p = wins[..., 1].mean()
    assert se[1] == pytest.approx(np.sqrt(p * (1 - p) / 8000), rel=0.15)
    # a sticky chain (each value repeated 10 times) has about 10 times fewer effective draws
    sticky = np.repeat(rng.normal(size=(4, 200, 1)), 10, axis=1)
    assert diagnostics.mcse_mean(sticky)[0] == pytest.approx(np.sqrt(10 / 8000), rel=0.3)
