import numpy as np
import pytest
from scipy import stats

from bayestut.errors import InputError
from bayestut.data import load_uci, paired_differences
from bayestut.methods.frequentist import correlated_ttest, wilcoxon_signed_rank


@pytest.fixture(scope="module")
def nbc_aode():
    return paired_differences(load_uci(), "nbc", "aode")


def test_anneal_example_of_jmlr_section_2(nbc_aode):
    r = correlated_ttest(nbc_aode.row("anneal"), 0.1)
    assert r.t == pytest.approx(-3.52, abs=0.005)
    assert r.p == pytest.approx(0.00065, abs=5e-6)


def test_rho_zero_is_the_ordinary_t_test():
    x = np.random.default_rng(1).normal(0.01, 0.02, 30)
    assert correlated_ttest(x, 0.0).p == pytest.approx(stats.ttest_1samp(x, 0).pvalue)


def test_correlation_widens_the_test():
    x = np.random.default_rng(2).normal(0.01, 0.02, 100)
    assert correlated_ttest(x, 0.1).p > correlated_ttest(x, 0.0).p


def test_vectorised_rows_equal_one_at_a_time(nbc_aode):
    together = correlated_ttest(nbc_aode.x, 0.1).p
    alone = [correlated_ttest(row, 0.1).p for row in nbc_aode.x]
    np.testing.assert_allclose(together, alone)


def test_constant_differences_are_exact_not_nan():
    assert correlated_ttest(np.zeros(10), 0.1).p == 1.0
    assert correlated_ttest(np.full(10, 0.02), 0.1).p == 0.0


def test_hayes_roth_and_labor_print_as_one(nbc_aode):
    p = correlated_ttest(nbc_aode.x, 0.1).p
    assert p[nbc_aode.ids.index(14)] == 1.0 and p[nbc_aode.ids.index(22)] == 1.0


@pytest.mark.parametrize("x, rho, message", [
    (np.array([0.01, np.nan, 0.02]), 0.1, "NaN"),
    (np.array([1.5, 2.0, -3.0]), 0.1, "percentages"),
    (np.zeros((2, 3, 4)), 0.1, "shape"),
    (np.array([0.01]), 0.1, "at least 2"),
    (np.array([0.01, 0.02]), 1.0, "rho"),
])
def test_bad_input_names_the_problem(x, rho, message):
    with pytest.raises(InputError, match=message):
        correlated_ttest(x, rho)


def test_wilcoxon_follows_r_conventions():
    # Hand computation: zeros dropped; |z| ranks 1,2,3,4 (no ties); W+ = 3+4 = 7, n = 4.
    z = np.array([0.0, -0.1, -0.2, 0.3, 0.4])
    n, w = 4, 7.0
    mean, var = n * (n + 1) / 4, n * (n + 1) * (2 * n + 1) / 24
    expected = 2 * stats.norm.sf((abs(w - mean) - 0.5) / np.sqrt(var))
    assert wilcoxon_signed_rank(z) == pytest.approx(expected)


def test_wilcoxon_refuses_too_few_data_sets():
    with pytest.raises(InputError, match="fewer than 2"):
        wilcoxon_signed_rank(np.array([0.0, 0.0, 0.1]))


def test_wilcoxon_with_ties_uses_rs_tie_corrected_variance():
    # R: wilcox.test(c(1, 2, 2, 3, -1, 0, 4), exact = FALSE), by hand: the zero dropped, n = 6;
    # ranks of |z|: 1.5, 3.5, 3.5, 5, 1.5, 6; V = 19.5; ties (2, 2) take (2^3 - 2) / 48 each
    # from the variance 6 * 7 * 13 / 24; z = (19.5 - 10.5 - 0.5) / sqrt(22.5)
    z = np.array([1, 2, 2, 3, -1, 0, 4]) / 100
    expected = 2 * stats.norm.sf(8.5 / np.sqrt(22.5))
    assert expected == pytest.approx(0.07314, abs=1e-5)
    assert wilcoxon_signed_rank(z) == pytest.approx(expected, rel=1e-9)
    # scipy's default (no continuity correction) would differ
    assert stats.wilcoxon(z).pvalue != pytest.approx(expected, rel=1e-3)
