"""The K-classifier report's core to paste (writeup.core_text) and what its ranking says it
ranks: every number read off the result."""

import re

import numpy as np
import pandas as pd
import pytest

import bayestut as bt
from bayestut.analysis import many_text, wording, writeup
from bayestut.methods.ranking import ranking_data

from conftest import make_table

K = ("mine", "baseline", "other")


def decided_first(many):
    return next(iter(many.pairs.values()))


@pytest.fixture(scope="module")
def many():
    # mine is declared better than both; baseline against other has no decision at ±0.01
    # and a decision at ±0.008 (tests/test_rope_sensitivity.py)
    t = make_table(datasets=6, runs=2, folds=5, classifiers=K,
                   gaps={"mine": 0.04, "other": 0.014}, noise=0.01, seed=1)
    return bt.compare_all(t, rope=0.01, n_jobs=1, progress=False)


def test_the_k_core_names_the_estimand_the_decided_pairs_the_undecided_count_caveats_last(
        many, tmp_path):
    core = writeup.core_text(many)
    q = writeup.quoted
    assert core.startswith("The Bayesian hierarchical test (Corani et al. 2017) compared the 3 "
                           f"classifiers pair by pair (rope {writeup.units(decided_first(many))}). "
                           "An outcome was declared, not adjusted for the number of pairs, when "
                           "its posterior probability of being the likeliest on a new data set "
                           "exceeded 0.95. It declared: ")
    decided = [c for c in many.pairs.values() if c.decision != "no decision"]
    undecided = [c for c in many.pairs.values() if c.decision == "no decision"]
    assert [(c.a, c.b) for c in decided] == [("mine", "baseline"), ("mine", "other")]
    assert [(c.a, c.b) for c in undecided] == [("baseline", "other")]
    for c in decided:       # its probability as the result holds it, rounded as printed
        o = c.overall()[-1]
        i = int(np.argmax(o.shares))
        p = wording.number(o.shares[i], o.shares_se[i], c.threshold)
        assert f"“{c.b}” practically better than “{c.a}” (posterior probability {p})" in core \
            or f"“{c.a}” practically better than “{c.b}” (posterior probability {p})" in core
    assert "The other pair reached no decision." in core
    which = f"{q('mine')} is not declared worse than any other classifier; "
    assert which in core and many.undominated() == ["mine"]
    # the caveat, last: the decision the rope's check finds at the ropes where it differs
    check = many.pairs[("baseline", "other")].rope_check
    other = [f"±{r:g}" for r, d in check["decision"].items() if d != "no decision"]
    assert other and check.loc[0.01, "decision"] == "no decision"
    said = re.search(r"For “baseline” against “other” the decision depends on the rope: (.*) \(the rope's check\)\.$", core)
    assert said, core       # pasted alone: no "below"
    assert re.findall(r"±[\d.]+", said[1]) == other
    assert core.index(which) < core.index("For “baseline”")
    for sentence in re.split(r"(?<=\.) (?=[A-Z“])", core):
        assert len(re.sub(r"[<>] (?=\d)", "<", sentence).split()) <= 35, sentence
    # in the .md, under its heading; in the .tex, between its markers
    md, tex = (p.read_text(encoding="utf-8") for p in writeup.write_files(
        many, tmp_path / "k.html")[:2])
    assert (f"### {writeup.CORE}\n\n{writeup.markdown_escape(core)}\n\n### The full results"
            in md)
    tex = tex.split(f"% --- {writeup.CORE}: ---\n")[1].split("\n% --- end of the core")[0]
    assert tex.startswith("The Bayesian hierarchical test") and "(the rope's check)." in tex


def test_the_k_core_with_no_pair_decided_says_so_and_that_none_is_worse():
    t = make_table(datasets=6, runs=2, folds=5, classifiers=K, gaps={"mine": 0.014},
                   noise=0.01, seed=1)
    none = bt.compare_all(t, rope=0.01, n_jobs=1, progress=False, ranking=False)
    assert {c.decision for c in none.pairs.values()} == {"no decision"}
    core = writeup.core_text(none)
    assert "It declared" not in core and "No pair reached a decision." in core
    assert "No classifier is declared worse than another." in core
    # both pairs that decide at another rope, each with what it would find there; ropes with
    # the same decision in one clause
    assert "For “mine” against “baseline” the decision depends on the rope: at ±0.008 it would find “mine” practically better " \
           "than “baseline” (the rope's check)." in core
    check = none.pairs[("baseline", "other")].rope_check["decision"]
    assert check[0.011] == check[0.012] == "equivalent"
    assert core.endswith("For “baseline” against “other” the decision depends on the rope: at ±0.011 and ±0.012 it would find "
                         "“baseline” and “other” practically equivalent (the rope's check).")
    pair = writeup.core_text(none.pairs[("baseline", "other")])     # two classifiers' core too
    assert pair.endswith("The decision depends on the rope: at ±0.011 and ±0.012 it would find “baseline” and “other” practically "
                         "equivalent (the rope's check).")


def test_the_ranking_says_it_ranks_each_data_set_s_order_of_the_mean_scores(many):
    line = next(v for v in many.verdict() if v.startswith("Plackett-Luce ranking"))
    assert line.startswith(f"Plackett-Luce ranking (fitted to {many_text.RANKS}): ")
    assert (f"The Plackett-Luce model (Calvo et al. 2018) ranks the classifiers by "
            f"{many_text.RANKS}. It gives") in many.results_text()
    # what it says is true: the ranking sees only each data set's order, so differences
    # shrunk far inside the rope give the same data; only an exact tie changes them
    means = pd.DataFrame({"a": [0.80, 0.70], "b": [0.79, 0.75], "c": [0.60, 0.74]})
    shrunk = means.sub(means.mean(axis=1), axis=0) * 1e-4 + 0.5
    for key, value in ranking_data(means).items():
        np.testing.assert_array_equal(value, ranking_data(shrunk)[key])
    tied = means.assign(b=[0.80, 0.75])
    assert not np.array_equal(ranking_data(tied)["weight"], ranking_data(means)["weight"])


def test_the_cores_name_a_weak_decision_with_its_probability_on_a_new_data_set(
        many, monkeypatch):
    """A decision pasted alone would oversell one whose outcome a new data set shows with a
    modest probability (the verdict says so; the core said nothing). Every decision is made
    weak here by raising the bar to 1."""
    assert "Weak decisions" not in writeup.core_text(many)        # none below 0.8 here
    monkeypatch.setattr(wording, "MODEST", 1.0)
    core = writeup.core_text(many)
    said = re.search(r"Weak decisions, their outcome's probability on a new data set below 1: "
                     r"(.*?)\.(?: |$)", core)
    assert said, core
    decided = [c for c in many.pairs.values() if c.decision != "no decision"]
    for c in decided:
        o = c.overall()[-1]
        i = int(np.argmax(o.shares))
        shown = wording.number(o.means[i], o.means_se[i], 1.0)
        assert f"“{c.a}” against “{c.b}” ({shown})" in said[1], said[1]
    pair = decided[0]
    assert "It is a weak decision: on a new data set" in writeup.core_text(pair)


def test_the_k_core_says_when_every_pair_is_decided():
    """Reader 40: with every pair decided the core said nothing of the undecided count."""
    t = make_table(datasets=6, runs=2, folds=5, classifiers=K,
                   gaps={"mine": 0.08, "other": -0.08}, noise=0.005, seed=1)
    every = bt.compare_all(t, rope=0.01, n_jobs=1, progress=False, ranking=False)
    assert "no decision" not in {c.decision for c in every.pairs.values()}
    core = writeup.core_text(every)
    assert "Every pair reached a decision." in core and "reached no decision" not in core
