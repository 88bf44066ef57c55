"""Ties with the rope's edges by the input's precision (bayestut.methods.ties): the scores'
decimals read right; the same table per fold, as means and as 6-decimal means gives the same
verdict through bt.compare; a near miss is not a tie; the package's counting is the exact
rational rule's on 1,000 random realistic tables; tie_range says when ties decide a verdict."""

import itertools
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import bayestut as bt
from bayestut.data import Differences
from bayestut.methods import nonparametric as nonpar, ties
from bayestut.methods.decisions import decide_regions as decide

sys.path.insert(0, str(Path(__file__).parent))
from test_nonparametric import tie_rich_table


def test_decimals_are_read_from_the_values_as_given():
    assert ties.decimals([0.95, 0.9, 1.0]) == 2
    assert ties.decimals([0.866667, 0.5]) == 6
    assert ties.decimals(np.array([86.6667, 90.0]) / 100) == 6       # percent, converted
    assert ties.decimals([94.444 / 100, 0.1 + 0.2]) == 5
    assert ties.decimals([13 / 15, 0.5]) is None                      # full precision
    assert ties.decimals(np.round([13 / 15, 0.5], 10)) == 10
    assert ties.rounding([0.866667]) == 5e-7
    assert ties.rounding([13 / 15]) == 0.0
    assert ties.means_resolution([0.866667, 0.8]) == 1e-6
    # a per-fold Differences is exact; one of means (one column) is rounded means' difference
    per_fold = Differences(x=np.array([[0.1, 0.2], [0.3, 0.1]]), datasets=("p", "q"),
                           ids=("p", "q"), a="a", b="b", folds=2)
    assert ties.resolution(per_fold) == 0.0
    means = Differences(x=np.array([[0.012], [-0.0031]]), datasets=("p", "q"), ids=("p", "q"),
                        a="a", b="b", folds=1)
    assert ties.resolution(means) == 1e-4
    # a means table's decimals are the whole column's (a CSV drops b's trailing zeros)
    assert ties.means_resolution([0.81, 0.8, 0.9123, 0.9]) == pytest.approx(1e-4)


def means_tables(table: pd.DataFrame) -> dict:
    """The per-fold table, its means as a means-only table, and those rounded to 6 decimals."""
    means = table.groupby(["dataset", "classifier"], sort=False)["score"].mean().reset_index()
    return {"folds": table, "means": means, "6 decimals": means.assign(score=means.score.round(6))}


@pytest.mark.parametrize("rope", [0.01, 0.001, 0.0005])
def test_folds_means_and_six_decimals_give_one_verdict_through_compare(rope):
    table, _ = tie_rich_table()
    forms = means_tables(table)
    got = {name: bt.compare(form, "a", "b", rope=rope, seed=5, signed_rank_samples=20_000)
           for name, form in forms.items()}
    # the 6-decimal means as percentages with 4 decimals: the decimals are read after converting
    percent = forms["means"].assign(score=(forms["means"].score * 100).round(4))
    got["percent, 4 decimals"] = bt.compare(percent, "a", "b", rope=rope, seed=5, percent=True,
                                            signed_rank_samples=20_000)
    shares = {name: c.signed_rank._shares for name, c in got.items()}
    for name in got:
        np.testing.assert_allclose(shares[name], shares["folds"], atol=1e-12, err_msg=name)
        assert decide(shares[name]) == decide(shares["folds"]), name
    np.testing.assert_allclose(got["6 decimals"].sign._samples.mean(axis=0),
                               got["means"].sign._samples.mean(axis=0), atol=1e-12)
    # and the 6-decimal table has ties: counted bit for bit, its shares would move
    d = got["6 decimals"].differences
    exact = nonpar.signed_rank_test(d, rope=rope, seed=5, n_samples=20_000, resolution=0)
    assert np.abs(exact._samples.mean(axis=0) - got["6 decimals"].signed_rank._samples.mean(
        axis=0)).max() > 1e-3


def test_a_near_miss_given_to_seven_decimals_is_not_a_tie():
    """Mean differences whose pairwise sums miss the rope's edge 2r = 0.02 by a few millionths;
    the means are given to 7 decimals (±5e-8, a sum ±2e-7): no sum is on the edge."""
    table = pd.DataFrame({"dataset": ["p", "p", "q", "q", "s", "s"],
                          "classifier": ["a", "b"] * 3,
                          "score": [0.8123456, 0.8023471, 0.7000005, 0.6900000, 0.91, 0.905]})
    c = bt.compare(table, "a", "b", rope=0.01, seed=1, signed_rank_samples=5_000)
    z = c.differences.means().to_numpy()
    # the sums near the edge 0.02: 3e-6 and 1e-6 inside, 1e-6 outside
    assert 0.02 - 2 * z[0] == pytest.approx(3e-6, abs=1e-12)
    assert 0.02 - (z[0] + z[1]) == pytest.approx(1e-6, abs=1e-12)
    assert 2 * z[1] - 0.02 == pytest.approx(1e-6, abs=1e-12)
    # no way of counting ties changes anything: there are none
    kw = dict(rope=0.01, seed=1, n_samples=5_000,
              resolution=ties.means_resolution(table["score"]))
    assert kw["resolution"] == pytest.approx(1e-7)
    inside = nonpar.signed_rank_test(c.differences, ties=(1, 1), **kw)._samples
    outside = nonpar.signed_rank_test(c.differences, ties=(0, 0), **kw)._samples
    np.testing.assert_array_equal(inside, outside)
    np.testing.assert_array_equal(c.signed_rank._samples, inside)
    # the old rule (1e-5 around the edge at this rope) counted them half outside
    old = nonpar.region_masses(z[:1], [[1.0]], 0.01, 0.5e-5)
    np.testing.assert_allclose(old, [[0, 0.5, 0.5]])
    np.testing.assert_allclose(nonpar.region_masses(z[:1], [[1.0]], 0.01, 1e-7), [[0, 1, 0]])


def realistic_table(rng):
    """10 runs of 10-fold accuracies k/n of two classifiers on q data sets, each with its own
    test-fold size n (common and small in half the tables: exact ties; assorted in the others:
    near misses). Returns the counts of correct predictions and n."""
    q, folds = int(rng.integers(10, 40)), 100
    if rng.random() < 0.5:
        n = np.full(q, int(rng.choice([20, 30, 50])))
    else:
        n = rng.integers(20, 400, q)
    p = rng.uniform(0.7, 0.9, q)
    delta = rng.normal(0.006, 0.01, q)
    k_a = rng.binomial(n[:, None], np.clip(p + delta / 2, 0, 1)[:, None], (q, folds))
    k_b = rng.binomial(n[:, None], np.clip(p - delta / 2, 0, 1)[:, None], (q, folds))
    return k_a, k_b, n


def exact_regions(k_a, k_b, n, rope: Fraction):
    """(left, rope, right) share of every ordered pair of (z0 = 0, z_1..z_q), counted exactly:
    z_i = N_i / m_i with integers (N_i the sum of k_a - k_b, m_i = folds x n_i), so z_i + z_j
    against ±2r is a comparison of integers. A sum on ±2r counts half in the rope and half
    outside (the authors' rule). Also returns how many sums are exactly on an edge and how
    many miss one by less than 1e-5."""
    numbers = np.concatenate([[0], (k_a - k_b).sum(axis=1)])
    m = np.concatenate([[1], n * k_a.shape[1]])
    sums = np.outer(numbers, m) + np.outer(m, numbers)        # (z_i + z_j) m_i m_j
    edge = 2 * rope.numerator * np.outer(m, m)                 # 2r m_i m_j rope.denominator
    sums = sums * rope.denominator
    below, above = sums < -edge, sums > edge
    on_low, on_high = sums == -edge, sums == edge
    regions = np.stack([below + 0.5 * on_low, ~(below | above) - 0.5 * (on_low | on_high),
                        above + 0.5 * on_high], axis=-1)
    # |sum -/+ 2r| < 1e-5, i.e. |difference| * 1e5 < m_i m_j rope.denominator
    gap = np.minimum(np.abs(sums - edge), np.abs(sums + edge))
    near = (gap > 0) & (gap * 100_000 < np.outer(m, m) * rope.denominator)
    return regions, int((on_low | on_high).sum()), int(near.sum()), numbers, m


def test_exact_regions_are_the_fractions_rule():
    rng = np.random.default_rng(1)
    for _ in range(5):
        k_a, k_b, n = realistic_table(rng)
        rope = Fraction(1, 100)
        regions, *_, numbers, m = exact_regions(k_a, k_b, n, rope)
        z = [Fraction(int(a), int(b)) for a, b in zip(numbers, m)]
        for i, j in itertools.product(range(len(z)), repeat=2):
            total = z[i] + z[j]
            expected = ((1, 0, 0) if total < -2 * rope else (0, 0, 1) if total > 2 * rope else
                        (0.5, 0.5, 0) if total == -2 * rope else
                        (0, 0.5, 0.5) if total == 2 * rope else (0, 1, 0))
            assert tuple(regions[i, j]) == expected


def test_no_verdict_changes_against_the_exact_rational_rule_on_1000_tables():
    """The package's counting, on float scores k/n as a reader's table holds them, is the exact
    rational rule's: on the same Dirichlet weights (same seed, one chunk), sample by sample the
    masses agree to float rounding, so no decision differs. The tables are rich in exact ties
    and in near misses (sums within 1e-5 of an edge that are not on it), which the former rule
    (a tolerance of min(1e-5, r/1000)) counted as ties."""
    rng = np.random.default_rng(2026)
    n_samples, s = 300, 0.5
    with_ties = with_near_misses = changed = 0
    for t in range(1000):
        rope = [0.01, 0.005, 0.001][t % 3]
        k_a, k_b, n = realistic_table(rng)
        regions, on_edge, near, _, _ = exact_regions(k_a, k_b, n,
                                                     Fraction(rope).limit_denominator(1000))
        with_ties += on_edge > 0
        with_near_misses += near > 0
        # the scores as floats, differences fold by fold, as paired_differences makes them
        x = k_a / n[:, None] - k_b / n[:, None]
        d = Differences(x=x, datasets=tuple(range(len(n))), ids=tuple(range(len(n))), a="a",
                        b="b", folds=10)
        ours = nonpar.signed_rank_test(d, rope=rope, s=s, n_samples=n_samples, seed=t)._samples
        w = dirichlet_weights(t, n_samples, len(regions), s)
        w /= w.sum(axis=1, keepdims=True)
        exact = np.einsum("si,ijk,sj->sk", w, regions, w)
        np.testing.assert_allclose(ours, exact, atol=1e-9, err_msg=f"table {t}")
        changed += decide(shares(ours)) != decide(shares(exact))
    assert changed == 0
    assert with_ties > 300 and with_near_misses > 50, (with_ties, with_near_misses)


def dirichlet_weights(seed, n_samples: int, size: int, s: float) -> np.ndarray:
    """The weights signed_rank_test draws with this seed (one chunk): exponentials, the
    pseudo-observation's a gamma of shape s."""
    rng = np.random.default_rng(seed)
    weights = rng.standard_exponential((n_samples, size))
    weights[:, 0] = rng.standard_gamma(s, n_samples)
    return weights


def shares(samples: np.ndarray) -> np.ndarray:
    return np.bincount(samples.argmax(axis=1), minlength=3) / len(samples)


def test_tie_range_says_when_ties_decide_the_verdict():
    # every data set 0.01 better at rope 0.01: each pair of data sets sums to 2r exactly, so
    # the verdict is whatever the ties are: equivalent if inside, a better if outside
    z = np.full(8, 0.01)
    got = nonpar.tie_range(nonpar.signed_rank_test, z, rope=0.01, seed=1, n_samples=4_000)
    assert got.crosses
    assert "rope" in got.decisions and "right" in got.decisions
    assert got.low[1] < 0.05 and got.high[1] > 0.95
    np.testing.assert_allclose(got.shares, nonpar.signed_rank_test(
        z, rope=0.01, seed=1, n_samples=4_000)._shares)
    # the same values well off the edges: no ties, one decision, nothing resampled
    far = nonpar.tie_range(nonpar.signed_rank_test, np.full(8, 0.003), rope=0.01, seed=1,
                           n_samples=4_000)
    assert not far.crosses and far.decisions == ("rope",)
    np.testing.assert_array_equal(far.low, far.high)
    # the sign test: differences on the edge decide between the closed rope and outside
    sign = nonpar.tie_range(nonpar.sign_test, np.full(8, 0.01), rope=0.01, seed=1,
                            n_samples=4_000)
    assert sign.crosses and sign.decisions[0] == "rope"
    # no rope: zeros are ties between the two sides
    zero = nonpar.tie_range(nonpar.signed_rank_test, [0.0, 0.0, 0.0, 0.001], rope=0.0, seed=1,
                            n_samples=4_000)
    assert len(zero.decisions) == 3 and zero.high[1] == 0


def test_tie_range_with_rounded_means_only():
    """A 6-decimal mean difference within the rounding of the edge is a possible tie (and one
    counted bit for bit would not be); given exact, the same number is not."""
    z = np.array([0.020001, 0.005, 0.007, -0.002])
    rounded = nonpar.tie_range(nonpar.sign_test, z, rope=0.02, seed=0, n_samples=2_000)
    assert ties.resolution(z) == 1e-6
    assert rounded.crosses and rounded.high[1] > rounded.low[1]
    exact = nonpar.tie_range(nonpar.sign_test, z, rope=0.02, seed=0, n_samples=2_000,
                             resolution=0)
    assert not exact.crosses and len(exact.decisions) == 1      # no ties: not resampled
