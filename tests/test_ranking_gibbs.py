"""The NumPy Gibbs sampler of the Plackett-Luce ranking against Stan's posterior."""

import warnings

import numpy as np
import pytest

from bayestut.analysis.many import mean_scores
from bayestut.data import UCI_CLASSIFIERS, load_uci
from bayestut.methods.diagnostics import ConvergenceWarning, mcse_mean
from bayestut.methods.ranking import plackett_luce
from bayestut.methods.ranking_gibbs import plackett_luce_gibbs


def _z(gibbs, stan):
    se = np.hypot(gibbs.p_first_mcse, stan.p_first_mcse)
    return np.abs(gibbs.w.mean(axis=0) - stan.w.mean(axis=0)) / se


@pytest.mark.parametrize("ties", [False, True])
def test_gibbs_gives_stans_plackett_luce_posterior(ties):
    means = mean_scores(load_uci(), UCI_CLASSIFIERS, False)
    if ties:                                     # tie-breaks enter as weighted rankings
        means.iloc[:10, 1] = means.iloc[:10, 0]
    gibbs = plackett_luce_gibbs(means, draws=5000, seed=3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        stan = plackett_luce(means, draws=5000, seed=3)
    assert gibbs.diagnostics.problems == []
    assert np.all(_z(gibbs, stan) <= 4)
    lower, upper = np.quantile(gibbs.w, [0.025, 0.975], axis=0)
    ref = np.quantile(stan.w, [0.025, 0.975], axis=0)
    assert np.abs(lower - ref[0]).max() < 0.005 and np.abs(upper - ref[1]).max() < 0.005


def test_gibbs_is_seeded():
    means = mean_scores(load_uci(), UCI_CLASSIFIERS, False)
    first, second = (plackett_luce_gibbs(means, draws=200, seed=5) for _ in range(2))
    assert np.array_equal(first.w, second.w)
    assert not np.array_equal(first.w, plackett_luce_gibbs(means, draws=200, seed=6).w)


def test_the_monte_carlo_error_of_p_first_is_taken_chain_by_chain():
    from bayestut.methods.ranking import ranking_data
    from bayestut.methods.ranking_gibbs import gibbs_draws
    means = mean_scores(load_uci(), UCI_CLASSIFIERS, False)
    ranking = plackett_luce_gibbs(means, chains=3, draws=300, warmup=100, seed=2)
    data = ranking_data(means)
    by_chain = gibbs_draws(data["order"] - 1, data["weight"], data["prior"], 3, 300, 100,
                           np.random.default_rng(2))          # (chains, draws, K)
    np.testing.assert_allclose(ranking.p_first_mcse, mcse_mean(by_chain))
