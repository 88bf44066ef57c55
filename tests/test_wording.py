"""Every sentence of the report follows from the three probabilities (no sampling here)."""

import re
import numpy as np

from bayestut.analysis.wording import decision, number, verdict

A, B, ROPE, T = "logreg", "forest", 0.01, 0.95


def test_rope_most_probable_never_headlines_odds():
    # the case: signed-rank shares (forest better, equivalent, logreg better)
    # = (0.159, 0.841, 0.000), in the arrays' order
    text = decision([0.159, 0.841, 0.0], A, B, ROPE, T, share=True)
    assert text.startswith("no decision. The posterior probability that each outcome is the "
                           "likeliest is below 0.001 for logreg better, 0.841 for equivalent "
                           "and 0.159 for forest better. The highest, for equivalent, is "
                           "short of the 0.95 needed")
    assert "odds" not in text and "evidence" not in text and "infinite" not in text
    # one outcome is "the likeliest" per sentence: the others' numbers are named by outcome
    assert text.count("the likeliest") == 1
    assert verdict([0.159, 0.841, 0.0], A, B, T) == "no decision (highest: equivalent)"


def test_per_data_set_rope_is_not_called_evidence_for_a_side():
    # P(rope) = 0.809 on one data set was reported as "strong evidence that logreg is better"
    text = decision([0.0, 0.809, 0.191], A, B, ROPE, T)
    assert text == ("no decision. P(logreg better) = 0.191, P(equivalent) = 0.809, "
                    "P(forest better) < 0.001. The highest, for equivalent, is short of the "
                    "0.95 needed")
    assert "evidence" not in text


def test_odds_follow_only_when_a_side_is_most_probable():
    text = decision([0.7, 0.25, 0.05], A, B, ROPE, T)
    assert "The highest, for forest better, is short of the 0.95 needed; " in text
    assert "posterior odds of forest better against logreg better are 14" in text
    # the odds stay in the sentence: beside "no decision" in a table cell they read as evidence
    assert verdict([0.7, 0.25, 0.05], A, B, T) == "no decision (highest: forest better)"


def test_no_decision_never_grades_the_odds_and_says_they_ignore_the_rope():
    # "no decision ... (strong evidence for that direction)" read as a contradiction
    for p, share in (([0.7, 0.25, 0.05], False), ([0.7, 0.3, 0.0], True), ([0.6, 0.39, 0.01], True)):
        text = decision(p, A, B, ROPE, T, share=share)
        assert text.startswith("no decision") and "odds" in text
        assert "ignore the rope" in text.split("odds", 1)[1]
        for grade in ("evidence", "weak", "positive", "strong"):
            assert grade not in text and grade not in verdict(p, A, B, T)


def test_decision_names_the_winner_and_the_kind_of_probability():
    assert decision([0.0, 0.01, 0.99], A, B, ROPE, T) == \
        "logreg is practically better than forest: P(logreg better) = 0.990, above the " \
        "threshold 0.95"
    shares = decision([0.0, 0.01, 0.99], A, B, ROPE, T, se=[0, 0.002, 0.002], share=True)
    # the number is the probability that the outcome is the likeliest, said so in one clause
    assert ("the posterior probability that this is the likeliest outcome is 0.990 ± 0.002"
            in shares)
    assert "likeliest outcome with posterior probability" not in shares


def test_a_decision_within_monte_carlo_error_of_the_threshold_says_so():
    close = decision([0.0, 0.04, 0.96], A, B, ROPE, T, se=[0, 0.01, 0.01], share=True)
    assert "within Monte Carlo error of the threshold" in close
    clear = decision([0.0, 0.01, 0.99], A, B, ROPE, T, se=[0, 0.001, 0.001], share=True)
    assert "within Monte Carlo error" not in clear


def test_numbers_are_rounded_to_their_monte_carlo_error():
    assert number(0.4071, 0.016) == "0.41 ± 0.02"
    assert number(0.4071, 0.08) == "0.4 ± 0.1"
    assert number(0.4071, 0.0) == "0.407"            # exact: three decimals
    assert number(0.4071, 0.0001) == "0.407"         # error below the last digit shown
    assert number(np.float64(0.5), 0.002) == "0.500 ± 0.002"


def test_a_probability_shown_below_0_001_is_worded_one_way_everywhere():
    # a side's probability 0 (no draw favours it) and 0.0002 both show "< 0.001": the table
    # cell, the no-decision sentence (either kind of probability) and the odds say the same
    for p in ([0.0, 0.3, 0.7], [0.0002, 0.3, 0.6998]):
        assert verdict(p, A, B, T) == "no decision (highest: logreg better)"
        for share in (False, True):
            text = decision(p, A, B, 0.01, T, share=share)
            assert "are over 1,000" in text, text
            assert not re.search(r"(= |is |probability )0\b(?!\.)", text), text
    assert number(0.0) == number(0.0002) == "< 0.001"


def test_near_the_threshold_an_integrated_answer_is_not_sent_back_for_more_draws():
    from bayestut.analysis.wording import decision
    p, se = [0.049, 0.0, 0.951], [0.001, 0.0, 0.001]
    sampled = decision(p, "a", "b", 0.01, 0.95, se=se, share=True)
    integrated = decision(p, "a", "b", 0.01, 0.95, se=se, share=True, integrated=True)
    assert "confirm with more draws" in sampled
    assert "more draws" not in integrated and "numerical error" in integrated


def test_rounding_never_carries_a_probability_across_the_threshold():
    assert number(0.94975, 0.0, 0.95) == "0.949"        # short of it: rounded down
    assert number(0.95004, 0.0, 0.95) == "0.951"        # above it: rounded up
    assert number(0.9496, 0.004, 0.95) == "0.949 ± 0.004"
    assert number(0.95, 0.0, 0.95) == "0.950"           # on it: as it is
    assert number(0.9996, 0.0) == "> 0.999" and number(1.0, 0.0) == "> 0.999"   # never 1.000
    assert number(0.9996, 0.0, 0.95) == "> 0.999" and number(0.999, 0.02) == "> 0.99 ± 0.02"
    assert number(0.0004, 0.0) == "< 0.001" and number(0.0, 0.0) == "< 0.001"
    assert number(0.94975, 0.0) == "0.950"              # no threshold beside it: plain rounding
    assert number(0.93, 0.0, 0.95) == "0.930"
    text = decision([0.02, 0.03025, 0.94975], "a", "b", 0.01, 0.95)
    assert "P(a better) = 0.949" in text and "0.950" not in text


def test_the_decision_quantity_has_one_name_sampled_or_integrated():
    # "posterior probability", whether counted over draws or integrated: one name per number
    for p in ([0.0, 0.277, 0.723], [0.0, 0.02, 0.98], [0.2, 0.6, 0.2]):
        for integrated in (True, False):
            text = decision(p, "a", "b", 0.01, 0.95, share=True, integrated=integrated)
            assert "draws" not in text and "posterior probability" in text, text


def test_a_weak_decisions_probability_is_never_printed_as_the_cut_off():
    # 0.79978 printed "only 0.800" beside a rule that says below 0.8 (reader 21)
    from bayestut.analysis import wording

    shares, new = [0.0, 0.001, 0.999], [0.05, 0.15022, 0.79978]     # number line: right
    assert wording.weak(shares, new, 0.95) == "0.799"
    assert wording.weak(shares, [0.05, 0.15, 0.8], 0.95) == ""


def test_no_decision_lists_the_three_outcomes_in_the_reading_order():
    # the rope the highest: the sentence named it first, then "a better", then "b better"
    for p in ([0.1, 0.6, 0.3], [0.6, 0.3, 0.1], [0.3, 0.1, 0.6]):      # number line: b, eq, a
        for share in (True, False):
            text = decision(p, "mine", "base", 0.01, 0.95, share=share)
            where = [text.index(name) for name in ("mine better", "equivalent", "base better")]
            assert where == sorted(where), text
            highest = ("base better", "equivalent", "mine better")[int(np.argmax(p))]
            assert f"The highest, for {highest}, is short of the 0.95 needed" in text
