"""Bayesian sign and signed-rank tests: exact moments, brute force, prior placement, baycomp,
ties with the rope's edges whatever form the scores came in."""

import itertools
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from bayestut.data import COLUMNS, paired_differences
from bayestut.methods import nonparametric as nonpar, ties
from bayestut.errors import InputError

# Values that are exact in binary, so sums land exactly on the rope's edges (rope 1/16 -> ±1/8).
TINY = np.array([-0.25, -0.0625, 0.0625, 0.125, 0.5])
EDGE = 0.0625


def pair_region(total, rope):
    """Where one pairwise sum counts: (left, rope, right); a sum on ±2r half in the rope and
    half outside (the authors' rule), and with no rope a sum of 0 split in half (values here
    are exact in binary: no tolerance needed)."""
    if total < -2 * rope:
        return np.array([1.0, 0, 0])
    if total > 2 * rope:
        return np.array([0, 0, 1.0])
    if rope == 0:                                  # total == 0: the two outcomes share it
        return np.array([0.5, 0, 0.5])
    if total == 2 * rope:
        return np.array([0, 0.5, 0.5])
    if total == -2 * rope:
        return np.array([0.5, 0.5, 0])
    return np.array([0, 1.0, 0])


def brute_force_masses(values, weights, rope):
    """JMLR eq. 11 as the literal double loop over all ordered pairs, i = j included."""
    w = weights / weights.sum()
    return sum(w[i] * w[j] * pair_region(values[i] + values[j], rope)
               for i, j in itertools.product(range(len(values)), repeat=2))


def exact_mean_masses(values, alpha, rope):
    """E[theta] under Dirichlet(alpha) weights: E[w_i w_j] summed over the same pairs."""
    a0 = alpha.sum()
    second = np.outer(alpha, alpha) / (a0 * (a0 + 1))
    second[np.diag_indices_from(second)] = alpha * (alpha + 1) / (a0 * (a0 + 1))
    return sum(second[i, j] * pair_region(values[i] + values[j], rope)
               for i, j in itertools.product(range(len(values)), repeat=2))


@pytest.mark.parametrize("rope", [0.0, EDGE, 2 * EDGE])
@pytest.mark.parametrize("z0", [0.0, EDGE, np.inf, -np.inf])
def test_region_masses_match_the_double_sum(rope, z0):
    rng = np.random.default_rng(3)
    values = np.concatenate([[z0], TINY])
    weights = rng.dirichlet([0.5, 1, 1, 1, 1, 1], size=20)
    fast = nonpar.region_masses(values, weights, rope)
    slow = np.array([brute_force_masses(values, w, rope) for w in weights])
    np.testing.assert_allclose(fast, slow, atol=1e-12)


def test_boundary_sums_count_half_to_the_rope_within_the_inputs_precision():
    # one value 0.25 with rope 0.25: its own pair sums to 0.5 = 2r exactly
    for value, h in ((0.25, 0.0), (0.25 + 4e-7, 5e-7), (0.25 - 4e-7, 5e-7)):
        np.testing.assert_allclose(nonpar.region_masses([value], [[1.0]], 0.25, h),
                                   [[0, 0.5, 0.5]])
        np.testing.assert_allclose(nonpar.region_masses([-value], [[1.0]], 0.25, h),
                                   [[0.5, 0.5, 0]])
    # a sum past the edge, or short of it, by more than its values' half-widths is on its side
    np.testing.assert_allclose(nonpar.region_masses([0.25 + 6e-7], [[1.0]], 0.25, 5e-7),
                               [[0, 0, 1]])
    np.testing.assert_allclose(nonpar.region_masses([0.25 - 6e-7], [[1.0]], 0.25, 5e-7),
                               [[0, 1, 0]])
    # exact values: a millionth of a millionth off the edge is off it, whatever the rope
    np.testing.assert_allclose(nonpar.region_masses([0.25 + 1e-12], [[1.0]], 0.25), [[0, 0, 1]])
    np.testing.assert_allclose(nonpar.region_masses([1e-4 + 1e-9], [[1.0]], 1e-4), [[0, 0, 1]])
    # no rope: a sum of 0 (or within its precision of 0) is a tie between the two outcomes
    for value, h in ((0.0, 0.0), (4e-7, 5e-7)):
        np.testing.assert_allclose(nonpar.region_masses([value], [[1.0]], 0.0, h),
                                   [[0.5, 0, 0.5]], atol=1e-15)
    np.testing.assert_allclose(nonpar.region_masses([4e-7], [[1.0]], 0.0), [[0, 0, 1]])
    # the sign test: on ±r in the rope, past it outside; with no rope a zero counts half
    shares = nonpar.region_shares([0.01 + 1e-7, -0.01 - 1e-7, 0.0101, -0.0101], 0.01, 1e-6)
    np.testing.assert_array_equal(shares, [[0, 1, 0], [0, 1, 0], [0, 0, 1], [1, 0, 0]])
    np.testing.assert_array_equal(nonpar.region_shares([0.01 + 1e-7], 0.01), [[0, 0, 1]])
    np.testing.assert_array_equal(nonpar.region_shares([1e-7, 0.001], 0.0, 1e-6),
                                  [[0.5, 0, 0.5], [0, 0, 1]])


@pytest.mark.parametrize("rope", [0.0, EDGE, 2 * EDGE])
def test_ties_can_be_counted_every_way_the_precision_allows(rope):
    """``ties`` moves the sums on an edge, and only those: with the values exact in binary the
    double sum with each edge's ties all in or all out is the literal count."""
    values = np.concatenate([[0.0], TINY])
    weights = np.random.default_rng(3).dirichlet([0.5, 1, 1, 1, 1, 1], size=10)
    ways = [(0.0, 1.0), (1.0, 0.0)] if rope == 0 else [(0, 0), (0, 1), (1, 0), (1, 1)]
    for lower_in, upper_in in ways:
        def region(total, lower_in=lower_in, upper_in=upper_in):
            if rope == 0 and total == 0:        # the one edge: its ties left or right
                return np.array([1 - lower_in, 0, 1 - upper_in])
            if total == -2 * rope:
                return np.array([1 - lower_in, lower_in, 0])
            if total == 2 * rope:
                return np.array([0, upper_in, 1 - upper_in])
            return pair_region(total, rope)
        slow = np.array([sum(w[i] * w[j] * region(values[i] + values[j])
                             for i, j in itertools.product(range(len(values)), repeat=2))
                         for w in weights])
        fast = nonpar.region_masses(values, weights, rope, ties=(lower_in, upper_in))
        np.testing.assert_allclose(fast, slow, atol=1e-12)


@pytest.mark.parametrize("z0", [0.0, 0.15, np.inf, -np.inf])
def test_signed_rank_mean_matches_exact_expectation(z0):
    rope, s, n = EDGE, 0.5, 60_000
    post = nonpar.signed_rank_test(TINY, rope=rope, s=s, z0=z0, n_samples=n, seed=11)
    values = np.concatenate([[z0], TINY])
    alpha = np.array([s, *np.ones(len(TINY))])
    exact = exact_mean_masses(values, alpha, rope)
    se = post._samples.std(axis=0) / np.sqrt(n)
    assert np.all(np.abs(post._samples.mean(axis=0) - exact) <= 5 * se + 1e-12)


def test_sign_test_matches_dirichlet_moments():
    z = np.array([-0.05, -0.03, -0.02, 0.0, 0.005, 0.03])   # counts: 3 left, 2 rope, 1 right
    n = 200_000
    post = nonpar.sign_test(z, rope=0.01, s=0.5, z0=0.0, n_samples=n, seed=5)
    alpha = np.array([3, 2 + 0.5, 1])
    a0 = alpha.sum()
    mean = alpha / a0
    var = alpha * (a0 - alpha) / (a0**2 * (a0 + 1))
    assert np.all(np.abs(post._samples.mean(axis=0) - mean) <= 5 * np.sqrt(var / n))
    np.testing.assert_allclose(post._samples.var(axis=0), var, rtol=0.02)


def test_pseudo_observation_at_infinity_moves_mass_to_that_side():
    z = np.array([-0.03, -0.01, 0.004, 0.02, 0.05])
    kw = dict(rope=0.01, n_samples=5_000, seed=2)
    centre = nonpar.signed_rank_test(z, z0=0.0, **kw)._samples
    plus = nonpar.signed_rank_test(z, z0=np.inf, **kw)._samples
    minus = nonpar.signed_rank_test(z, z0=-np.inf, **kw)._samples
    # same seed, same weights: sample by sample the pseudo-observation's pairs change side
    assert np.all(plus[:, 2] >= centre[:, 2] - 1e-12) and np.all(plus[:, 0] <= centre[:, 0] + 1e-12)
    assert np.all(minus[:, 0] >= centre[:, 0] - 1e-12) and np.all(minus[:, 2] <= centre[:, 2] + 1e-12)
    assert plus[:, 2].mean() > centre[:, 2].mean() + 0.01
    assert minus[:, 0].mean() > centre[:, 0].mean() + 0.01


def test_sign_test_places_prior_in_region_of_z0():
    z = np.array([-0.05, 0.0, 0.05])
    for z0, k in [(-np.inf, 0), (-0.5, 0), (0.0, 1), (0.01, 1), (0.3, 2), (np.inf, 2)]:
        mean = nonpar.sign_test(z, z0=z0, s=3.0, n_samples=100_000, seed=1)._samples.mean(axis=0)
        expected = np.ones(3)
        expected[k] += 3.0
        np.testing.assert_allclose(mean, expected / 6.0, atol=0.01)


def test_rope_zero_leaves_two_outcomes():
    z = np.array([-0.04, -0.02, 0.0, 0.01, 0.03])        # a zero: ties are split, not roped
    post = nonpar.signed_rank_test(z, rope=0.0, n_samples=2_000, seed=4)
    np.testing.assert_allclose(post._samples[:, 1], 0.0, atol=1e-12)
    np.testing.assert_allclose(post._samples[:, 0] + post._samples[:, 2], 1.0)
    # the sign test with no zeros and z0 off the rope is Beta(n_left, n_right + s)
    z = np.array([-0.04, -0.02, -0.01, 0.01, 0.03])
    sign = nonpar.sign_test(z, rope=0.0, z0=np.inf, s=0.5, n_samples=100_000, seed=4)._samples
    assert np.all(sign[:, 1] == 0.0)
    assert abs(sign[:, 0].mean() - 3 / 5.5) < 0.003


def test_same_seed_same_numbers_and_generators_accepted():
    z = np.linspace(-0.03, 0.02, 9)
    one = nonpar.signed_rank_test(z, n_samples=1_000, seed=7)._samples
    two = nonpar.signed_rank_test(z, n_samples=1_000, seed=7)._samples
    other = nonpar.signed_rank_test(z, n_samples=1_000, seed=8)._samples
    np.testing.assert_array_equal(one, two)
    assert not np.array_equal(one, other)
    gen = nonpar.signed_rank_test(z, n_samples=1_000, seed=np.random.default_rng(7))._samples
    np.testing.assert_array_equal(one, gen)
    np.testing.assert_array_equal(nonpar.sign_test(z, seed=3, n_samples=50)._samples,
                                  nonpar.sign_test(z, seed=3, n_samples=50)._samples)


def test_chunks_give_any_number_of_valid_samples(monkeypatch):
    monkeypatch.setattr(nonpar, "CHUNK_ELEMENTS", 64)     # chunks of 6 rows for 10 values
    post = nonpar.signed_rank_test(np.linspace(-0.03, 0.02, 9), n_samples=1_003, seed=1)
    assert post._samples.shape == (1_003, 3)
    np.testing.assert_allclose(post._samples.sum(axis=1), 1.0)
    assert post._samples.min() > -1e-12


def test_summaries_are_labelled_after_the_classifiers():
    post = nonpar.SimplexPosterior(np.array([[0.6, 0.3, 0.1], [0.2, 0.5, 0.3], [0.7, 0.2, 0.1]]),
                                   a="nbc", b="aode")
    names = ["nbc better", "equivalent", "aode better"]
    assert list(post.probabilities.index) == names == list(post.labels)
    assert list(post.expected_probabilities.index) == names
    assert list(post.samples.columns) == names
    np.testing.assert_allclose(post.probabilities, [0, 1 / 3, 2 / 3])
    np.testing.assert_allclose(post._shares, [2 / 3, 1 / 3, 0])          # the number line's
    np.testing.assert_allclose(post.expected_probabilities, [1 / 6, 1 / 3, 0.5])
    np.testing.assert_allclose(post.samples["aode better"], [0.6, 0.2, 0.7])


@pytest.mark.parametrize("kwargs, message", [
    (dict(z=[0.1, np.nan]), "NaN"),
    (dict(z=[]), "no mean differences"),
    (dict(z=[[0.1, 0.2]]), "1-D"),
    (dict(z=[2.5, -1.0]), "percentages"),
    (dict(z=[0.1], rope=-0.01), "rope"),
    (dict(z=[0.1], s=0.0), "prior strength"),
    (dict(z=[0.1], s=-1.0), "prior strength"),
    (dict(z=[0.1], z0=np.nan), "z0"),
    (dict(z=[0.1], n_samples=0), "n_samples"),
])
@pytest.mark.parametrize("test", [nonpar.sign_test, nonpar.signed_rank_test])
def test_bad_input_raises_clear_errors(test, kwargs, message):
    with pytest.raises(InputError, match=message):
        test(**kwargs)


def test_signed_rank_statistic_worked_example():
    # JMLR §4.1: z = {-2, -1, 4, 5} gives t = 7 and {-1, 4, 5} gives t = 5
    assert nonpar.signed_rank_statistic([-2, -1, 4, 5]) == 7
    assert nonpar.signed_rank_statistic([-1, 4, 5]) == 5
    # without zeros and ties it is the sum of the positive ranks (scipy's statistic for 'greater')
    from scipy import stats
    z = np.random.default_rng(0).normal(size=25)
    expected = stats.wilcoxon(z, alternative="greater").statistic
    assert nonpar.signed_rank_statistic(z) == expected


def test_agrees_with_baycomp():
    """baycomp is an independent implementation; same probabilities within Monte Carlo error."""
    baycomp = pytest.importorskip("baycomp")
    z = np.random.default_rng(1).normal(-0.01, 0.02, size=15)
    n = 20_000
    theirs = baycomp.SignedRankTest.sample(np.zeros_like(z), z, rope=0.01, prior=0.5,
                                           nsamples=n, random_state=1)
    ours = nonpar.signed_rank_test(z, rope=0.01, s=0.5, z0=0.0, n_samples=n, seed=1)._samples
    # baycomp's sample columns are (left, rope, right) of y - x, as ours are of z
    np.testing.assert_allclose(ours.mean(axis=0), theirs.mean(axis=0),
                               atol=5 * np.sqrt(2 / n) * theirs.std(axis=0).max())
    wins = lambda s: np.bincount(s.argmax(axis=1), minlength=3) / len(s)
    np.testing.assert_allclose(wins(ours), wins(theirs), atol=5 * np.sqrt(2 * 0.25 / n))


def tie_rich_table(seed=0):
    """Accuracies on test folds of 30 instances, multiples of 1/30: the data sets' mean
    differences (multiples of 1/3000) often sum to exactly ±2r at ropes 0.01, 0.001, 0.0005,
    and their means rounded to 6 decimals miss those sums by up to 1.3e-6."""
    rng = np.random.default_rng(seed)
    targets = [0.01, 0.01, -0.01, 0.02, 0.0, 0.005, 0.015, -0.005, 0.03, 0.01, -0.02, 0.025,
               0.001, -0.001, 0.002, 0.001, 29 / 3000, 31 / 3000, -29 / 3000, 59 / 3000,
               1 / 3000, 2 / 3000, -1 / 3000, 4 / 3000, 5 / 3000, -5 / 3000]
    rows = []
    for i, z in enumerate(targets):
        steps = np.zeros(100, int)                  # a - b in instances, per fold
        k = round(abs(z) * 3000)
        steps[rng.choice(100, k // 2, replace=False)] = 2 * np.sign(z)
        steps[np.flatnonzero(steps == 0)[: k % 2]] = np.sign(z)
        base = rng.integers(18, 27, 100)            # correct out of 30
        base[0] += (1 - base.sum()) % 3             # b's mean is 1 mod 3 in 1/3000: rounded to
                                                    # 6 decimals, it and a's carry errors
        for f, (s, c) in enumerate(zip(steps, base)):
            run, fold = divmod(f, 10)
            rows += [(f"set{i}", "b", run + 1, fold + 1, c / 30),
                     (f"set{i}", "a", run + 1, fold + 1, (c + s) / 30)]
    return pd.DataFrame(rows, columns=COLUMNS), targets


@pytest.mark.parametrize("rope", [0.01, 0.001, 0.0005])
def test_folds_means_and_rounded_means_give_the_same_answer(rope):
    """Given per fold, as means, or as means rounded to 10 or 6 decimals, the last digits of
    the sums differ, and the answer must not: each form's precision decides its ties."""
    table, targets = tie_rich_table()
    folds = paired_differences(table, "a", "b")
    means = table.groupby(["dataset", "classifier"], sort=False)["score"].mean().unstack()
    forms = {"folds": (folds, None), "means": ((means["a"] - means["b"]).to_numpy(), None)}
    for decimals in (10, 6):
        rounded = means.round(decimals)
        forms[f"rounded to {decimals}"] = ((rounded["a"] - rounded["b"]).to_numpy(),
                                           ties.means_resolution(rounded))
    np.testing.assert_allclose(folds.means(), targets, atol=2e-6)
    assert ties.resolution(forms["means"][0]) == 0          # full precision: exact
    assert ties.resolution(forms["rounded to 6"][0]) == 1e-6

    def answers():
        kw = dict(rope=rope, n_samples=20_000, seed=3)
        return {name: (nonpar.signed_rank_test(z, resolution=res, **kw).probabilities.to_numpy(),
                       nonpar.sign_test(z, resolution=res, **kw).expected_probabilities.to_numpy())
                for name, (z, res) in forms.items()}

    got = answers()
    for name, (signed_rank, sign) in got.items():
        np.testing.assert_allclose(signed_rank, got["folds"][0], atol=1e-12, err_msg=name)
        np.testing.assert_allclose(sign, got["folds"][1], atol=1e-12, err_msg=name)
    # the example has ties that matter: sums exactly on an edge (in thirtieths) that the
    # rounded means miss by more than float rounding, so a bit-for-bit rule would miscount
    exact = [Fraction(round(t * 3000), 3000) for t in [0, *targets]]
    rounded = np.concatenate([[0], forms["rounded to 6"][0]])
    edge = Fraction(2 * rope).limit_denominator(10_000)
    missed = [(i, j) for i, j in itertools.product(range(len(exact)), repeat=2)
              if abs(exact[i] + exact[j]) == edge
              and abs(abs(rounded[i] + rounded[j]) - 2 * rope) > 1e-9]
    assert len(missed) >= 4, missed
