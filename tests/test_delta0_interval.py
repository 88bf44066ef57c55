"""δ₀'s credible interval: the exact engine integrates it; it agrees with its own independent
draws within their Monte Carlo error, points the way the differences do, and refuses a level
that is not a probability."""

import numpy as np
import pytest

from bayestut.errors import InputError
from bayestut.methods.hierarchical import exact_fit


def _fit(shift: float):
    rng = np.random.default_rng(3)
    x = shift + rng.normal(0.0, 0.004, size=(12, 1)) + rng.normal(0.0, 0.02, size=(12, 30))
    return exact_fit(x, folds=10, rope=0.01, draws=4000, seed=1)


@pytest.mark.parametrize("shift", [0.015, -0.02])
def test_the_integrated_interval_agrees_with_the_draws(shift):
    h = _fit(shift)
    low, high = h.delta0_interval()
    assert low < h.delta0_mean < high
    assert np.sign(h.delta0_mean) == np.sign(shift)
    # a 2.5% quantile of 4000 independent draws: its standard error is about
    # sqrt(q (1 - q) / n) / density; 4 such errors, in the draws' own spread
    draws = np.quantile(h.delta0, [0.025, 0.975])
    tolerance = 4 * np.sqrt(0.025 * 0.975 / len(h.delta0)) / 0.05 * h.delta0.std()
    assert abs(low - draws[0]) < tolerance and abs(high - draws[1]) < tolerance
    # a narrower level gives a narrower interval inside it
    inner = h.delta0_interval(0.5)
    assert low < inner[0] < inner[1] < high


@pytest.mark.parametrize("level", [0.0, 1.0, 1.5, True, "0.95", None])
def test_a_level_that_is_not_a_probability_is_refused(level):
    with pytest.raises(InputError, match="level"):
        _fit(0.015).delta0_interval(level)
