import numpy as np
import pytest
from scipy import stats

from bayestut.methods.correlated import correlated_bayesian_ttest
from bayestut.errors import InputError


@pytest.fixture
def x():
    return np.random.default_rng(3).normal(-0.01, 0.03, 100)


def test_posterior_is_the_student_of_jmlr_eq_6(x):
    post = correlated_bayesian_ttest(x, 0.1)
    scale = np.sqrt((1 / 100 + 0.1 / 0.9) * x.var(ddof=1))
    ref = stats.t(99, loc=x.mean(), scale=scale)
    v = np.linspace(-0.05, 0.05, 11)
    np.testing.assert_allclose(post.cdf(v), ref.cdf(v))
    np.testing.assert_allclose(post.pdf(v), ref.pdf(v))
    assert post.prob_positive() == pytest.approx(ref.sf(0))


def test_rope_probabilities_partition_the_line(x):
    p = correlated_bayesian_ttest(x, 0.1)._rope(0.01)
    assert p.sum() == pytest.approx(1.0)
    ref = stats.t(99, loc=x.mean(), scale=np.sqrt((1 / 100 + 1 / 9) * x.var(ddof=1)))
    assert p[1] == pytest.approx(ref.cdf(0.01) - ref.cdf(-0.01))


def test_zero_rope_is_the_two_sided_split(x):
    post = correlated_bayesian_ttest(x, 0.1)
    left, rope, right = post._rope(0.0)
    assert rope == 0.0 and right == pytest.approx(post.prob_positive())


@pytest.mark.parametrize("mass", [0.5, 0.9, 0.95, 0.99])
def test_hdi_holds_its_mass_and_is_shortest(x, mass):
    post = correlated_bayesian_ttest(x, 0.1)
    lo, hi = post.hdi(mass)
    assert post.cdf(hi) - post.cdf(lo) == pytest.approx(mass)
    # any other interval with the same mass is longer
    for shift in (0.001, 0.01, 0.05):
        a = post._t().ppf(post.cdf(lo) + shift * (1 - mass))
        b = post._t().ppf(post.cdf(a) + mass)
        assert b - a > hi - lo


def test_degenerate_data_is_a_point_mass_not_nan():
    post = correlated_bayesian_ttest(np.full(20, 0.02), 0.1)
    np.testing.assert_array_equal(post._rope(0.01), [0.0, 0.0, 1.0])
    assert post.prob_positive() == 1.0
    np.testing.assert_array_equal(post.hdi(0.95), [0.02, 0.02])
    inside = correlated_bayesian_ttest(np.zeros(20), 0.1)
    np.testing.assert_array_equal(inside._rope(0.01), [0.0, 1.0, 0.0])
    assert inside.prob_positive() == 0.0


def test_point_mass_on_the_rope_edge_counts_as_rope():
    post = correlated_bayesian_ttest(np.full(20, 0.01), 0.1)
    np.testing.assert_array_equal(post._rope(0.01), [0.0, 1.0, 0.0])


def test_vectorised_over_data_sets(x):
    both = correlated_bayesian_ttest(np.vstack([x, np.zeros(100)]), 0.1)
    np.testing.assert_allclose(both[0]._rope(0.01), correlated_bayesian_ttest(x, 0.1)._rope(0.01))
    np.testing.assert_array_equal(both[1]._rope(0.01), [0, 1, 0])


@pytest.mark.parametrize("call, message", [
    (lambda p: p._rope(-0.01), "non-negative"),
    (lambda p: p.hdi(1.5), "mass"),
])
def test_bad_arguments(x, call, message):
    with pytest.raises(InputError, match=message):
        call(correlated_bayesian_ttest(x, 0.1))


def test_percent_input_is_refused():
    with pytest.raises(InputError, match="percentages"):
        correlated_bayesian_ttest(np.array([2.0, -1.0, 3.0]), 0.1)


def test_probabilities_are_labelled_in_the_reading_order():
    x = np.array([0.03, 0.02, 0.04, 0.03, 0.05, 0.02, 0.03, 0.04, 0.03, 0.04])
    post = correlated_bayesian_ttest(x, 0.1, a="svm", b="xgb")
    p = post.probabilities(0.01)
    assert list(p.index) == ["svm better", "equivalent", "xgb better"]
    assert p["svm better"] == pytest.approx(post._rope(0.01)[2])     # a - b > rope: svm
    assert p["svm better"] > 0.9
    both = correlated_bayesian_ttest(np.vstack([x, -x]), 0.1, a="svm", b="xgb")
    frame = both.probabilities(0.01)
    assert frame.loc[1, "xgb better"] == pytest.approx(p["svm better"])
