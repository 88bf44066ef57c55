"""R-hat, bulk ESS and Monte Carlo errors through ArviZ: the same numbers as the hand-written
versions they replaced, the properties that make them useful, and no slow import at start-up."""

import subprocess
import sys

import numpy as np
import pytest

from bayestut import diagnostics


def _two_parameters():
    """Four chains of a normal and of a Student t(2) whose fourth chain is three times wider."""
    rng = np.random.default_rng(20)
    x = rng.normal(size=(4, 500, 2))
    x[..., 1] = rng.standard_t(2, size=(4, 500)) * np.array([1, 1, 1, 3.0])[:, None]
    return x


# Computed by the hand-written implementation this module had before ArviZ (Vehtari et al.
# 2021, NumPy and SciPy only), on _two_parameters().
OLD_RHAT = [0.999269939987, 1.0799263869]
OLD_ESS_BULK = [2025.930249087352, 2089.764845845561]
OLD_MCSE_MEAN = [0.022039315621, 0.31312279455]


def test_rhat_is_the_rank_normalised_split_rhat_computed_before():
    np.testing.assert_allclose(diagnostics.rhat(_two_parameters()), OLD_RHAT, rtol=1e-9)


def test_ess_and_mcse_agree_with_the_earlier_estimates():
    # ArviZ, like Stan, also counts the last positive even-lag autocorrelation, which the old
    # code dropped: a difference of a few per cent at most
    np.testing.assert_allclose(diagnostics.ess_bulk(_two_parameters()), OLD_ESS_BULK, rtol=0.03)
    np.testing.assert_allclose(diagnostics.mcse_mean(_two_parameters()), OLD_MCSE_MEAN, rtol=0.01)


def test_chains_with_different_means_have_a_large_rhat_and_few_effective_draws():
    rng = np.random.default_rng(3)
    draws = rng.normal(size=(4, 1000)) + np.array([0.0, 0.0, 0.0, 2.0])[:, None]
    assert diagnostics.rhat(draws)[0] > 1.3
    assert diagnostics.ess_bulk(draws)[0] < 100          # of 4,000 draws


def test_chains_with_different_spreads_are_caught_by_the_folded_rhat():
    # same centre, so the bulk R-hat stays near 1; the tail (folded) R-hat sees the wide chain
    rng = np.random.default_rng(20)
    draws = rng.normal(size=(4, 1000)) * np.array([1.0, 1.0, 1.0, 3.0])[:, None]
    assert diagnostics.rhat(draws)[0] > 1.1


def test_a_parameter_that_never_moves_has_no_rhat_or_ess_and_no_monte_carlo_error():
    draws = np.random.default_rng(4).normal(size=(2, 100, 2))
    draws[..., 0] = 0.5
    assert np.isnan(diagnostics.rhat(draws)[0]) and np.isfinite(diagnostics.rhat(draws)[1])
    assert np.isnan(diagnostics.ess_bulk(draws)[0])
    assert diagnostics.mcse_mean(draws)[0] == 0.0
    assert diagnostics.mcse_mean(draws).shape == (2,)


def test_diagnose_names_the_worst_element_of_a_vector_parameter():
    rng = np.random.default_rng(5)
    draws = rng.normal(size=(4, 500, 3))
    draws[3, :, 2] += 3.0                                 # element 2's fourth chain is elsewhere
    d = diagnostics.diagnose({"delta": draws}, np.zeros((4, 500)), np.zeros((4, 500)))
    assert list(d.rhat) == ["delta[2]"] and d.max_rhat > 1.2
    assert any("R-hat above 1.01 for delta[2]" in p for p in d.problems)


def test_importing_the_package_does_not_import_arviz():
    """ArviZ takes seconds to import; ``python -m bayestut --help`` must not wait for it."""
    code = ("import sys, bayestut.cli, bayestut.hierarchical, bayestut.compare; "
            "print('arviz' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
