"""δ₀'s size in every two-classifier report: read off the result, signed so that positive
favours the first classifier (whichever way the metric points), the favoured classifier named,
in percentage points too with --percent, and to a tenth of the rope."""

import re

import numpy as np
import pandas as pd
import pytest

from bayestut.analysis import delta0_size, wording, writeup, writeup_tables
from bayestut.analysis.compare import compare
from conftest import make_table

MINUS = delta0_size.MINUS


def _compare(gap: float, **kw):
    table = make_table(8, runs=2, folds=5, gaps=gap, seed=5)
    if kw.pop("percent", False):
        table["score"] *= 100
        kw["percent"] = True
    return compare(table, "mine", "baseline", **kw)


def _shown(c) -> tuple[str, str, str]:
    """δ₀'s mean and interval as the reports must print them, from the result itself."""
    h = c.hierarchical
    low, high = h.delta0_interval(0.95)
    d = delta0_size.digits(c.rope, low, high)
    return tuple(delta0_size.signed(x, d) for x in (h.delta0_mean, low, high))


# (gap of mine, lower_is_better, the classifier δ₀ must favour, its sign)
CASES = [(0.03, False, "mine", "+"), (-0.03, False, "baseline", MINUS),
         (0.03, True, "baseline", MINUS), (-0.03, True, "mine", "+")]


@pytest.mark.parametrize("gap, lower, favoured, sign", CASES)
def test_the_sign_and_the_favoured_classifier_follow_the_direction(gap, lower, favoured, sign):
    c = _compare(gap, lower_is_better=lower)
    mean, low, high = _shown(c)
    assert mean.startswith(sign) and low.startswith(sign) and high.startswith(sign)
    # P(δ₀ > 0) is always the first classifier's: near 1 when it is favoured, near 0 if not
    above = "is above 0.999" if favoured == "mine" else "is below 0.001"
    clause = (f"δ₀ = {mean}, 95% credible interval {low} to {high}; P(δ₀ > 0), that mine "
              f"scores better on average, {above}")
    said = clause.replace("; P(δ₀", ". P(δ₀")      # the verdict: in two sentences
    assert said in c.headline()                         # the console and the HTML's verdict
    assert said in c.summary()
    assert "positive:" not in c.headline() and "negative:" not in c.headline()
    quoted = said.replace(". P(δ₀ > 0), that mine scores",
                          ". The probability that δ₀ > 0, that “mine” scores")
    assert f"The mean difference over the population of data sets is {quoted}." \
        in c.results_text()                             # a paper's: two sentences too
    row = writeup_tables.compact_rows(c)[0]
    assert (row["δ₀"], row["δ₀ 95% credible interval"]) == (mean, f"{low} to {high}")


def test_lower_is_better_flips_nothing_but_the_direction():
    higher, lower = _compare(0.03), _compare(0.03, lower_is_better=True)
    assert higher.hierarchical.delta0_mean > 0 > lower.hierarchical.delta0_mean
    assert _shown(higher)[0][1:] == _shown(lower)[0][1:]        # the same size, either way


def test_percent_gives_the_same_fraction_and_its_percentage_points():
    plain, percent = _compare(0.03), _compare(0.03, percent=True)
    assert _shown(plain) == _shown(percent)
    mean = percent.hierarchical.delta0_mean
    assert f"(in percentage points: +{100 * mean:.1f}, " in percent.headline()
    assert "percentage points" not in plain.headline()


def test_digits_follow_the_rope():
    assert delta0_size.digits(0.01, -0.02, 0.03) == 3
    assert delta0_size.digits(0.003, -0.02, 0.03) == 4
    assert delta0_size.digits(1.0, -5.0, 5.0) == 1
    assert delta0_size.digits(0.01, 0.0101, 0.0102) == 5       # a narrow interval: its own
    assert delta0_size.signed(-0.0004, 3) == "0.000"            # no sign for what rounds to 0
    c = _compare(0.03, rope=0.003)
    assert re.search(r"δ₀ = \+0\.\d{4}, ", c.headline())


def test_an_interval_across_zero_gives_p_delta0_above_zero_between():
    c = _compare(0.0)
    mean, low, high = _shown(c)
    assert low.startswith(MINUS) and high.startswith("+")       # the case itself
    p, se = delta0_size.above_zero(c)
    assert 0.05 < p < 0.95
    shown = wording.number(p, se)
    assert (f"95% credible interval {low} to {high}. P(δ₀ > 0), that mine scores better on "
            f"average, is {shown}.") in c.headline()
    # no sign claimed for a mean whose interval holds 0 (it once said "negative: baseline
    # scores better on average" of δ₀ = 0.0000), nor what may be written
    assert "scores better on average than" not in c.headline()
    assert delta0_size.supported(c) == ""


def test_p_delta0_above_zero_is_the_posteriors():
    # the exact engine's integral against its independent draws (binomial error) and the
    # check grid's integral; Stan's share of draws is tested where Stan runs
    c = _compare(0.004, rope=0.01)
    p, se = delta0_size.above_zero(c)
    draws = c.hierarchical.delta0
    share = float(np.mean(draws > 0))
    assert 0.01 < p < 0.99                                      # the case itself
    assert abs(p - share) <= 4 * np.sqrt(p * (1 - p) / draws.size) + 2 * se
    assert se < 0.01
    # the rope plays no part: P(δ₀ > 0) lies between the first's two regions' probabilities
    d0 = c.hierarchical.delta0_probabilities
    assert d0["mine better"] <= p <= d0["mine better"] + d0["equivalent"]


def test_about_delta0_and_the_compact_table():
    c = _compare(0.03, about="delta0")
    mean, low, high = _shown(c)
    assert f"95% credible interval {low} to {high}" in c.headline()
    row = writeup_tables.compact_rows(c)[0]
    assert row["probability"] == "probability for δ₀" and row["decision"] == "mine better"
    assert list(row) == ["probability", "mine better", "equivalent", "baseline better",
                         "decision", "δ₀", "δ₀ 95% credible interval", "rope", "data sets"]
    assert row["data sets"] == "8" and row["rope"] == "±0.01"
    caption = writeup_tables.compact_markdown(c)
    for retired in ("share of draws", "mean probability", "left", "right"):
        assert retired not in caption


def _means_only():
    means = make_table(8, runs=2, folds=5, gaps=0.03).groupby(
        ["dataset", "classifier"], as_index=False)["score"].mean()
    return compare(means, "mine", "baseline")


def test_no_hierarchical_posterior_no_size():
    c = _means_only()
    assert delta0_size.clause(c) == "" and "δ₀ =" not in c.headline()
    assert writeup_tables.compact_rows(c) == []
    assert "test &" in writeup.latex_document_body(c)        # the overall table instead


def _three():
    from bayestut.analysis.many import compare_all

    table = make_table(6, runs=2, folds=5, classifiers=("a1", "b1", "c1"),
                       gaps={"a1": 0.03, "c1": -0.01}, seed=2)
    return compare_all(table, n_jobs=1, progress=False, ranking=False)


def test_k_classifiers_give_each_pairs_size_in_the_text_and_the_table():
    many = _three()
    text = many.results_text()
    rows = writeup_tables.compact_rows(many)
    assert [(r["a"], r["b"]) for r in rows] == list(many.pairs)
    for (a, b), pair in many.pairs.items():
        mean, interval = delta0_size.cells(pair)
        assert f"“{a}” against “{b}” {mean} ({interval})" in text
    assert rows[0]["δ₀"].startswith("+")                  # a1, 0.03 better than b1


def test_the_k_console_gives_each_pairs_size_under_its_table():
    from bayestut import compare_all
    table = make_table(6, runs=2, folds=5, classifiers=("a", "b", "c"),
                       gaps={"a": 0.03, "b": 0.0, "c": -0.02}, seed=2)
    many = compare_all(table, n_jobs=1)
    text = many.summary()
    for (a, b), c in many.pairs.items():
        block = text.split(f"{a} against {b}:\n", 1)[1].split("\n\n", 1)[0]
        assert block.endswith(delta0_size.clause(c) + ".")
        assert "δ₀ = " in block and "Δ" not in block


def test_the_k_report_rounds_each_pairs_delta0_as_the_pairs_own_report():
    # a reader found −0.0022 in a pair's own report and −0.002 in the K report: the K table
    # had rounded every pair to the coarsest pair's decimals. Here b and its near twin c have
    # an interval a hundred times narrower than the others', so they need more decimals.
    from bayestut import compare_all
    table = make_table(6, runs=2, folds=5, classifiers=("a", "b"), gaps={"a": 0.03}, seed=2)
    twin = table[table.classifier == "b"].assign(classifier="c")
    twin["score"] += np.random.default_rng(0).normal(0, 1e-4, len(twin))
    many = compare_all(pd.concat([table, twin]), n_jobs=1, progress=False, ranking=False)
    own = {p: delta0_size.digits(c.rope, *c.hierarchical.delta0_interval(0.95))
           for p, c in many.pairs.items()}
    assert own[("b", "c")] > own[("a", "b")], "the fixture must need more digits for b, c"
    decimals = lambda x: len(x.split(".")[1])
    rows = writeup_tables.compact_rows(many)
    text, console = many.results_text(), many.summary()
    for row in rows:
        pair = many.pairs[(row["a"], row["b"])]
        mean, interval = delta0_size.cells(pair)
        # the pair's own report, as compare() prints and writes it, says the same numbers
        assert mean in pair.summary() and interval in pair.summary()
        assert (row["δ₀"], row["δ₀ 95% credible interval"]) == (mean, interval)
        assert f"“{row['a']}” against “{row['b']}” {mean} ({interval})" in text
        assert {decimals(x) for x in [mean, *interval.split(" to ")]} == {own[(row["a"], row["b"])]}
        block = console.split(f"{row['a']} against {row['b']}:\n", 1)[1].split("\n\n", 1)[0]
        assert block.splitlines()[-1] == delta0_size.clause(pair) + "."
    # the rounding rule is the Methods' business, not a note to the author in the Results
    assert "to a tenth of the rope, or of its interval" not in text
    assert many.summary().startswith("3 classifiers, 3 pairs\n")


def test_two_classifiers_through_compare_all_are_one_pair():
    from bayestut import compare_all
    table = make_table(4, runs=2, folds=5, gaps=0.03, seed=2)
    many = compare_all(table, n_jobs=1, progress=False, ranking=False)
    assert many.summary().startswith("2 classifiers, 1 pair\n")


def test_with_stan_p_delta0_above_zero_is_the_draws_share_with_its_error():
    c = _compare(0.004, engine="stan", chains=2, warmup=500, draws=500)
    p, se = delta0_size.above_zero(c)
    draws = c.hierarchical.delta0
    assert p == float(np.mean(draws > 0)) and 0 < se < 0.1
    assert delta0_size.above_zero_clause(c) in c.headline()
    # the same posterior as the exact engine's, within both errors
    exact, error = delta0_size.above_zero(_compare(0.004))
    assert abs(p - exact) <= 4 * se + 2 * error


def test_equivalent_on_average_yet_one_side_of_zero_says_what_may_be_written():
    # δ₀ practically equivalent with its interval above 0: the verdict said nothing of the
    # sign, which a reader then did not dare write (reader 25)
    c = compare(make_table(30, runs=2, folds=5, gaps=0.004, seed=0, noise=0.004), "mine",
                "baseline", engine="exact", progress=False)
    assert str(c.decision) == "equivalent" and c.hierarchical.delta0_interval()[0] > 0
    said = ("You may write that mine scores better on average than baseline (δ₀'s 95% "
            "interval excludes 0), by less than the rope: the two are practically equivalent "
            "on average.")
    assert delta0_size.supported(c) == said and said in c.headline()
    assert ("“mine” scores better on average than “baseline” (δ₀'s 95% credible interval "
            "excludes 0), by less than the rope ±0.01.") in c.results_text()


def test_an_interval_end_that_rounds_to_zero_keeps_its_sign():
    # "0.0000 to +0.0045" beside P(δ₀ > 0) = 0.97 read as an interval starting at 0 (reader 30)
    from bayestut.analysis.delta0_size import end
    assert end(-0.000036, 4) == "−0.00004" and end(0.000036, 4) == "+0.00004"
    assert end(0.0, 4) == "0.0000" and end(-0.0123, 4) == "−0.0123"
