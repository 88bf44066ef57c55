"""The Stan programs: the reduced likelihood is the full equicorrelated normal density."""

import warnings

import numpy as np
import pytest
from scipy import stats

from bayestut.methods import stan
from bayestut.methods.hierarchical import equicorrelated_loglik


def _full_mvn(x, delta, sigma, rho):
    n = len(x)
    cov = sigma**2 * ((1 - rho) * np.eye(n) + rho * np.ones((n, n)))
    return stats.multivariate_normal(mean=np.full(n, delta), cov=cov).logpdf(x)


def test_reduced_likelihood_equals_full_mvn_for_random_inputs():
    rng = np.random.default_rng(2017)
    for _ in range(200):
        n = int(rng.integers(2, 120))
        rho = rng.uniform(0.0, 0.6)
        x = rng.normal(rng.normal(0, 0.1), rng.uniform(0.001, 0.2), n)
        delta, sigma = rng.normal(0, 0.1), rng.uniform(0.001, 0.3)
        ss = ((x - x.mean()) ** 2).sum()
        reduced = equicorrelated_loglik(x.mean(), ss, n, delta, sigma, rho)
        assert reduced == pytest.approx(_full_mvn(x, delta, sigma, rho), rel=1e-8)


# --- Stan's own log density agrees with the formula (compiles once per machine) --------------

Q, N, RHO = 3, 10, 0.1
X = np.random.default_rng(0).normal(0.0, 1.0, (Q, N))
POINT = dict(delta0=0.1, sigma0=0.5, delta_raw=[0.1, 0.2, -0.3], sigma=[1.0, 1.2, 0.8])
BOUNDS = dict(rho=RHO, delta0_bound=3.0, sigma_max=1000.0, sigma0_max=1000.0,
              alpha_low=0.5, alpha_high=5.0, beta_low=0.05, beta_high=0.15)


def _reduced_data(nu_prior, non_centred=0):
    xbar = X.mean(axis=1)
    return dict(q=Q, n=N, xbar=xbar, ss=((X - xbar[:, None]) ** 2).sum(axis=1), nu_prior=nu_prior,
                nu_shape=2.0, nu_rate=0.1, non_centred=[non_centred] * Q, **BOUNDS)


def _expected(top_level):
    delta = np.array(POINT["delta_raw"])
    lik = sum(_full_mvn(X[i], delta[i], POINT["sigma"][i], RHO) for i in range(Q))
    return lik + top_level(delta).sum()


@pytest.mark.parametrize("nu_prior", [0, 1, 2])
def test_stan_log_density_is_the_model(nu_prior):
    values = dict(POINT, nu_minus_one=[3.0] if nu_prior else [],
                  alpha=[1.0] if nu_prior == 1 else [], beta=[0.1] if nu_prior == 1 else [])
    got = stan.log_density("hierarchical", _reduced_data(nu_prior), values)
    loc, scale = POINT["delta0"], POINT["sigma0"]
    if nu_prior == 0:
        want = _expected(lambda d: stats.norm.logpdf(d, loc, scale))
    else:
        shape, rate = (1.0, 0.1) if nu_prior == 1 else (2.0, 0.1)
        want = _expected(lambda d: stats.t.logpdf(d, 4.0, loc, scale)) \
            + stats.gamma.logpdf(3.0, shape, scale=1 / rate)
    assert got == pytest.approx(want, rel=1e-8)


def test_non_centred_delta_is_the_same_model():
    z = (np.array(POINT["delta_raw"]) - POINT["delta0"]) / POINT["sigma0"]
    extra = dict(nu_minus_one=[3.0], alpha=[1.0], beta=[0.1])
    centred = stan.log_density("hierarchical", _reduced_data(1, 0), dict(POINT, **extra))
    non_centred = stan.log_density("hierarchical", _reduced_data(1, 1),
                                   dict(POINT, delta_raw=z, **extra))
    # sampling z instead of delta drops the Jacobian |d delta / d z| = sigma0 per data set
    assert non_centred == pytest.approx(centred + Q * np.log(POINT["sigma0"]), rel=1e-10)


def test_full_mvn_program_equals_reduced_program():
    values = dict(POINT, nu_minus_one=[3.0], alpha=[1.0], beta=[0.1])
    reduced = stan.log_density("hierarchical", _reduced_data(1), values)
    full_values = dict(delta0=0.1, sigma0=0.5, delta=POINT["delta_raw"], sigma=POINT["sigma"],
                       nu_minus_one=3.0, alpha=1.0, beta=0.1)
    full = stan.log_density("hierarchical_full_mvn", dict(q=Q, n=N, x=X, **BOUNDS), full_values)
    assert full == pytest.approx(reduced, rel=1e-10)


def test_full_mvn_program_samples():
    """The authors' formulation, kept for the benchmark, runs on the active backend too."""
    data = dict(q=Q, n=N, x=X, **BOUNDS)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")      # short chains: diagnostics are not the point
        fit = stan.sample("hierarchical_full_mvn", data, seed=1, chains=2, warmup=150, draws=100,
                          progress=False)
    assert fit.draws["delta"].shape == (2, 100, Q)
    assert fit.draws["delta0"].shape == (2, 100)

