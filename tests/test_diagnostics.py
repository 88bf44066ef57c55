"""R-hat, bulk ESS and Monte Carlo errors: ArviZ's numbers, computed for every parameter at
once; the properties that make them useful; and no slow import at start-up."""

import subprocess
import sys
import warnings

import numpy as np
import pytest

from bayestut.methods import diagnostics


def _arviz(statistic: str, x: np.ndarray, method: str) -> np.ndarray:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import arviz as az
        return np.asarray(getattr(az, statistic)(az.convert_to_dataset({"x": x}), method=method)["x"])


def _two_parameters():
    """Four chains of a normal and of a Student t(2) whose fourth chain is three times wider."""
    rng = np.random.default_rng(20)
    x = rng.normal(size=(4, 500, 2))
    x[..., 1] = rng.standard_t(2, size=(4, 500)) * np.array([1, 1, 1, 3.0])[:, None]
    return x


def _autoregressive(rng, chains: int, draws: int, phi) -> np.ndarray:
    """AR(1) chains, positively and negatively autocorrelated, with chain offsets: every branch
    of Geyer's truncation gets exercised."""
    phi = np.asarray(phi)
    noise = rng.standard_normal((chains, draws, len(phi)))
    x = np.zeros_like(noise)
    for t in range(1, draws):
        x[:, t] = phi * x[:, t - 1] + noise[:, t]
    return x + 0.3 * rng.normal(size=(chains, 1, len(phi)))


def test_rhat_ess_and_mcse_are_arviz_numbers():
    x = _two_parameters()
    np.testing.assert_allclose(diagnostics.rhat(x), _arviz("rhat", x, "rank"), rtol=1e-9)
    np.testing.assert_allclose(diagnostics.ess_bulk(x), _arviz("ess", x, "bulk"), rtol=1e-9)
    sd = x.reshape(-1, 2).std(axis=0, ddof=1)
    np.testing.assert_allclose(diagnostics.mcse_mean(x), sd / np.sqrt(_arviz("ess", x, "identity")),
                               rtol=1e-9)


@pytest.mark.parametrize("chains,draws", [(1, 50), (2, 501), (4, 1000), (3, 23), (2, 4), (2, 5),
                                          (2, 6), (1, 7), (4, 9)])
def test_ess_truncates_as_arviz_does_for_any_autocorrelation(chains, draws):
    x = _autoregressive(np.random.default_rng(chains * draws), chains, draws,
                        [-0.6, -0.1, 0.0, 0.5, 0.95])
    np.testing.assert_allclose(diagnostics.ess_bulk(x), _arviz("ess", x, "bulk"), rtol=1e-9)
    np.testing.assert_allclose(diagnostics._ess(x), _arviz("ess", x, "identity"), rtol=1e-9)


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
    code = ("import sys, bayestut.analysis.cli, bayestut.methods.hierarchical, bayestut.analysis.compare; "
            "print('arviz' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
