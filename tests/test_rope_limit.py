"""The rope's limit (a method paper's reader): the widest rope at which a side's decision
holds, or the narrowest at which equivalence does, as one number, from the fit already made;
checked by refitting at the limit and one step beyond it."""

import pytest

import bayestut as bt
from bayestut.analysis import rope_limit, writeup
from bayestut.analysis.report import html_report
from conftest import make_table

FAST = dict(signed_rank_samples=2000)


def table(gaps, noise, level=(0.7, 0.9)):
    return make_table(datasets=8, runs=2, folds=5, gaps=gaps, noise=noise, seed=3, level=level)


@pytest.mark.parametrize("gaps, noise, about, decision, wider", [
    (0.02, 0.01, "new data set", "mine better", False),
    (0.001, 0.003, "new data set", "equivalent", True),
    (0.02, 0.01, "delta0", "mine better", False)])
def test_the_limit_is_where_a_refit_changes_the_decision(gaps, noise, about, decision, wider):
    c = bt.compare(table(gaps, noise), "mine", "baseline", about=about, **FAST)
    assert c.decision == decision
    found = c.rope_limit
    assert found.wider is wider and not found.edge and found.step == pytest.approx(0.001)
    beyond = found.rope + (-found.step if wider else found.step)
    at, past = (bt.compare(table(gaps, noise), "mine", "baseline", rope=float(f"{r:.12g}"),
                           about=about, **FAST).decision for r in (found.rope, beyond))
    assert at == decision and past != decision, (found, at, past)
    said = rope_limit.sentence(c)
    way = "down to" if wider else "up to"
    assert (f"holds for every rope {way} ±{found.rope:g} and not at "
            f"±{float(f'{beyond:.12g}'):g} (searched in steps of 0.001 {way}") in said


def test_a_decision_that_holds_to_the_edge_says_so():
    c = bt.compare(table(0.1, 0.01, level=(0.5, 0.7)), "mine", "baseline", **FAST)
    assert c.decision == "mine better" and c.rope_limit.edge
    said = rope_limit.sentence(c)
    assert "up to ±0.03, the widest searched" in said and "its limit lies beyond" in said
    assert "and not at" not in said


def test_the_limit_is_in_every_report(tmp_path):
    c = bt.compare(table(0.02, 0.01), "mine", "baseline", **FAST)
    said = rope_limit.sentence(c)
    assert said and said in c.summary() and said in html_report(c).replace("&#39;", "'")
    # one sentence for the limit, then one for the margin: the rope check's "the same at every
    # rope checked" is not said beside it (the two read alike)
    assert "the same at every rope checked" not in c.summary()
    assert c.rope_sensitivity().startswith(said + " At ropes 20% narrower and 20% wider")
    quoted = rope_limit.sentence(c, writeup.quoted)
    assert "(“mine” better)" in quoted and quoted in writeup.results_text(c)


def test_no_decision_has_no_limit():
    c = bt.compare(table(0.012, 0.03), "mine", "baseline", rope=0.02, **FAST)
    assert c.decision == "no decision" and c.rope_limit is None
    assert rope_limit.sentence(c) == ""
    # nor do the Methods describe a search whose result the Results do not give (reader 26)
    assert "0.8, 0.9, 1.1 and 1.2 times the rope." in c.methods_text()
    assert "widest rope" not in c.methods_text()


def test_the_margin_after_the_limit_says_a_bound_in_words():
    # "its probability for δ₀ is 0.989 and > 0.999" read as a symbol in a sentence
    t = make_table(datasets=12, runs=2, folds=5, classifiers=("mine", "baseline", "twin"),
                   gaps={"mine": 0.011, "twin": 0.0}, noise=0.01, seed=4)
    c = bt.compare(t, "baseline", "twin", about="delta0", **FAST)
    assert c.decision == "equivalent" and c.rope_check.loc[0.012, "equivalent"] > 0.9995
    said = c.rope_sensitivity()
    assert said.startswith(rope_limit.sentence(c) + " At ropes 20% narrower and 20% wider")
    assert said.endswith(" and above 0.999.") and "is >" not in said and "and >" not in said


LIMIT = "and the rope's limit, where the decision changes,"


@pytest.mark.parametrize("gaps, level, promised", [
    # the decision the same from 0.8 to 1.2 times the rope: its limit in the Results
    ((0.02, (0.7, 0.9)), None, LIMIT),
    # ... beyond three times the rope: no limit, that it holds at every rope searched
    ((0.1, (0.5, 0.7)), "edge", "and that it holds at every rope searched, up to three times it,")])
def test_the_methods_promise_the_limit_the_results_state(gaps, level, promised):
    gap, levels = gaps
    c = bt.compare(table(gap, 0.01, level=levels), "mine", "baseline", rope_chosen="after",
                   **FAST)
    assert set(c.rope_check["decision"]) == {c.decision} == {"mine better"}
    assert bool(c.rope_limit.edge) == (level == "edge")
    methods, results = writeup.methods_text(c), writeup.results_text(c)
    assert (f"the decision at 0.8 to 1.2 times the rope {promised} in the Results.") in methods
    said = rope_limit.sentence(c, writeup.quoted)
    assert said and said in results
    assert ("its limit lies beyond" in said) == (level == "edge")
    assert "was searched between a tenth of the rope and three times it" in methods


def test_a_decision_that_changes_within_the_check_has_no_limit_promised():
    # mine better at ±0.01, no decision from ±0.011 (tests/test_rope_sensitivity.py): the
    # Results give each width's decision, not a limit, so the Methods promise none (mpaper4)
    t = make_table(datasets=6, runs=2, folds=5, gaps=0.014, noise=0.01, seed=1)
    c = bt.compare(t, "mine", "baseline", rope_chosen="after", **FAST)
    assert c.decision == "mine better" and c.rope_limit is not None
    assert set(c.rope_check["decision"]) == {"mine better", "no decision"}
    methods, results = writeup.methods_text(c), writeup.results_text(c)
    assert rope_limit.stated(c) is None and rope_limit.sentence(c) == ""
    assert ("so we report how the decision depends on it: the decision at 0.8 to 1.2 times the "
            "rope in the Results.") in methods
    assert "limit" not in methods and "widest rope" not in methods
    assert "holds for every rope" not in results
    assert "The decision depends on the rope's width" in results
