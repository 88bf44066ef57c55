"""The Plackett-Luce ranking: tie-breaks, the expected-rank formula, known orders, ties."""

import math

import numpy as np
import pandas as pd
import pytest

from bayestut.errors import InputError
from bayestut.methods.ranking import Ranking, plackett_luce, ranking_data, tie_breaks

FAST = dict(chains=2, warmup=500, draws=1000)


def test_no_tie_is_one_ranking_best_first():
    assert tie_breaks([0.7, 0.9, 0.8]) == [((1, 2, 0), 1.0)]


def test_ties_enter_as_every_tie_break_with_equal_weights():
    rows = tie_breaks([0.8, 0.9, 0.8, 0.7, 0.7])        # 2 and 2 tied: 2! * 2! orderings
    assert sorted(r for r, _ in rows) == [(1, 0, 2, 3, 4), (1, 0, 2, 4, 3),
                                          (1, 2, 0, 3, 4), (1, 2, 0, 4, 3)]
    assert [w for _, w in rows] == [0.25] * 4
    assert len(tie_breaks([0.5] * 5)) == math.factorial(5)
    assert tie_breaks([0.1 + 0.2, 0.3, 0.0])[0][1] == 0.5    # float residue is a tie


def test_too_many_tie_breaks_are_refused():
    with pytest.raises(InputError, match="orderings of tied scores"):
        tie_breaks([0.5] * 8)


def test_stan_data_are_one_based_and_weighted():
    means = pd.DataFrame({"a": [0.9, 0.5], "b": [0.8, 0.5], "c": [0.7, 0.6]})
    data = ranking_data(means)
    assert data["N"] == 3 and data["K"] == 3
    np.testing.assert_array_equal(data["order"], [[1, 2, 3], [3, 1, 2], [3, 2, 1]])
    np.testing.assert_allclose(data["weight"], [1.0, 0.5, 0.5])
    with pytest.raises(InputError, match="missing mean scores"):
        ranking_data(means.assign(c=[0.7, np.nan]))


def test_expected_rank_formula_matches_simulated_rankings():
    w = np.array([0.5, 0.3, 0.15, 0.05])
    rng = np.random.default_rng(0)
    # Plackett-Luce rankings: order by log w + Gumbel noise
    keys = np.log(w) + rng.gumbel(size=(200_000, 4))
    ranks = (-keys).argsort(axis=1).argsort(axis=1) + 1
    r = Ranking(classifiers=tuple("abcd"), w=w[None, :], n_datasets=0, fit=None)
    np.testing.assert_allclose(r.expected_ranks()[0], ranks.mean(axis=0), atol=0.01)
    np.testing.assert_allclose((ranks == 1).mean(axis=0), w, atol=0.005)


def simulated_means(w, n, seed=1) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    return pd.DataFrame(np.log(w) + rng.gumbel(size=(n, len(w))), columns=list("abcd")[:len(w)])


def test_recovers_a_known_order():
    w = np.array([0.5, 0.3, 0.15, 0.05])
    r = plackett_luce(simulated_means(w, 100), **FAST)
    t = r.table()
    assert list(t.index) == ["a", "b", "c", "d"]
    assert ((t["P(first) lower"] < w) & (w < t["P(first) upper"])).loc[list("abcd")].all()
    assert t["P(first)"].sum() == pytest.approx(1.0)
    assert (t["expected rank lower"] <= t["expected rank"]).all()
    assert not r.diagnostics.problems


def test_classifiers_always_tied_get_the_same_weight():
    # a and b tie on every data set; c is always last
    means = pd.DataFrame({"a": [0.9] * 30, "b": [0.9] * 30, "c": [0.5] * 30})
    t = plackett_luce(means, **FAST).table()
    assert t.loc["a", "P(first)"] == pytest.approx(t.loc["b", "P(first)"], abs=0.03)
    assert t.loc["c", "P(first)"] < 0.05
    assert t.index[-1] == "c"
