"""The two-classifier verdict in three short lines (issue 38: one ~130-word paragraph was hard
to read): the decision with its threshold, the probabilities on a new data set, δ₀'s
probabilities and size with P(δ₀ > 0); δ₀'s line second with --about delta0. What an interval
excluding 0 supports, said where the rope decides nothing on δ₀. The docs quote the real
output."""

import re
from pathlib import Path

import markupsafe
import pytest

import bayestut as bt
from bayestut.analysis import comparison_text, delta0_size, report, wording
from conftest import make_table

ROOT = Path(__file__).resolve().parents[1]
UCI = ROOT / "data" / "uci_cv_accuracy.csv"


def _uci(a: str, b: str, **kw):
    """As `python -m bayestut compare data/uci_cv_accuracy.csv a b --score accuracy_percent
    --percent` computes it."""
    return bt.compare(str(UCI), a, b, score="accuracy_percent", percent=True, **kw)


@pytest.fixture(scope="module")
def weak():
    """hnb against nbc: decided (0.997) yet weak (0.590); δ₀ undecided, its interval above 0."""
    return _uci("hnb", "nbc")


@pytest.fixture(scope="module")
def undecided():
    """nbc against aode: no decision; δ₀ undecided, its interval below 0 (aode better)."""
    return _uci("nbc", "aode")


SUPPORTED = ("You may write that hnb scores better on average than nbc (δ₀'s 95% interval "
             "excludes 0), not that it is practically better on average (by more than the rope "
             "±0.01).")


def test_the_verdict_is_three_short_lines_the_first_readable_alone(weak):
    first, new, delta0 = comparison_text.verdict_lines(weak)
    # (i) the decision, its threshold and the weak-decision note; nothing about δ₀
    assert first == ("Hierarchical test over 54 data sets: hnb is practically better than nbc: "
                     "the posterior probability that this is the likeliest outcome on a new data "
                     "set is 0.997, above the threshold 0.95 (a weak decision: on a new data set "
                     "hnb is better with probability only 0.590).")
    # (ii) the new data set's probabilities, in the reading order
    assert new == ("On a new data set: P(hnb better) = 0.590, P(equivalent) = 0.236, "
                   "P(nbc better) = 0.175.")
    # (iii) δ₀ in short sentences: its probabilities; whether it decides, in the .md's words;
    # its size; P(δ₀ > 0); what to write (one ~80-word sentence was hard to read)
    assert _sentences(delta0) == [
        "For the mean difference δ₀ (a method paper's claim): P(hnb better) = 0.889, "
        "P(equivalent) = 0.111, P(nbc better) < 0.001.",
        "There is no decision for δ₀: its highest probability, 0.889 for hnb better, is short "
        "of 0.95.",
        "δ₀ = +0.015, 95% credible interval +0.007 to +0.024 (in percentage points: +1.5, +0.7 "
        "to +2.4).",
        "P(δ₀ > 0), that hnb scores better on average, is above 0.999.",
        SUPPORTED]
    assert max(len(line.split()) for line in (first, new)) < 50


def _sentences(line: str) -> list[str]:
    """A verdict line's sentences (a full stop, then a space and a capital or δ)."""
    return re.split(r"(?<=\.) (?=[A-ZδP])", line)


@pytest.mark.parametrize("pair", [("hnb", "nbc"), ("nbc", "aode"), ("aode", "hnb"),
                                  ("j48", "j48gr")])
def test_every_sentence_of_the_delta0_line_is_short(pair):
    for about in ("new data set", "delta0"):
        c = _uci(*pair, about=about)
        line = comparison_text.verdict_lines(c)[1 if about == "delta0" else 2]
        assert "none passes" not in line
        assert max(len(s.split()) for s in _sentences(line)) <= 35, line


def test_no_decision_for_delta0_is_said_as_the_md_says_it(weak, undecided):
    for c in (weak, undecided):
        h = c.overall()[-1]
        clause = wording.delta0_decision(h.shares, h.delta0, c.a, c.b, c.threshold, h.delta0_se)
        assert clause.startswith("there is no decision for δ₀")
        said = comparison_text.capital(clause) + "."
        assert said in comparison_text.verdict_lines(c)[2]
        assert said.replace(c.a, f"“{c.a}”").replace(c.b, f"“{c.b}”") in c.results_text()


def test_the_console_and_html_give_the_lines_apart(weak):
    lines = comparison_text.verdict_lines(weak)
    summary = weak.summary().splitlines()
    i = summary.index("Verdict: " + lines[0])
    assert summary[i + 1:i + 3] == lines[1:]
    assert weak.headline() == "\n".join(lines)
    page = report.html_report(weak)
    block = page.split('<div class="verdict">', 1)[1].split("</div>", 1)[0]
    paragraphs = re.findall(r"<p>(.*?)</p>", block, flags=re.S)
    assert paragraphs == [f"<strong>Verdict.</strong> {markupsafe.escape(lines[0])}",
                          *(str(markupsafe.escape(line)) for line in lines[1:])]


def test_about_delta0_puts_delta0s_line_second(weak):
    c = _uci("hnb", "nbc", about="delta0")
    first, delta0, new = comparison_text.verdict_lines(c)
    assert first == ("Hierarchical test over 54 data sets, for the mean difference δ₀ (a "
                     "method paper's claim): no decision. P(hnb better) = 0.889, P(equivalent) "
                     "= 0.111, P(nbc better) < 0.001. The highest, for hnb better, is short of "
                     "the 0.95 needed.")
    # δ₀'s probabilities said once: the line above gave them (it listed 0.889 twice)
    assert delta0.startswith("δ₀ = +0.015, ") and "0.889" not in delta0
    assert delta0.endswith(SUPPORTED)
    assert new.startswith("On a new data set: P(hnb better) = 0.590, ") and \
        "by the papers' rule" in new


def test_what_an_interval_excluding_zero_supports_names_the_favoured_classifier(undecided):
    # the first classifier, nbc, is the worse one: P(δ₀ > 0) is nbc's, the sentence aode's
    c = undecided
    assert c.decision == "no decision"
    delta0 = comparison_text.verdict_lines(c)[2]
    assert "P(δ₀ > 0), that nbc scores better on average, is below 0.001." in delta0
    assert delta0.endswith("You may write that aode scores better on average than nbc (δ₀'s "
                           "95% interval excludes 0), not that it is practically better on "
                           "average (by more than the rope ±0.01).")
    # a paper states the finding, in its own quotes, without the advice
    assert ("“aode” scores better on average than “nbc” (δ₀'s 95% credible interval excludes "
            "0), but it is not shown to be practically better on average (by more than the rope "
            "±0.01).") in c.results_text()
    assert "You may write" not in c.results_text()


def test_nothing_is_said_of_an_interval_across_zero_or_a_decided_delta0():
    across = _uci("j48", "nbc")                   # δ₀'s interval −0.007 to +0.017
    low, high = across.hierarchical.delta0_interval(0.95)
    assert low < 0 < high and delta0_size.supported(across) == ""
    assert "You may write" not in across.headline()
    p, se = delta0_size.above_zero(across)
    assert f"P(δ₀ > 0), that j48 scores better on average, is {wording.number(p, se)}." in \
        across.headline()
    equivalent = _uci("aode", "hnb")              # δ₀ decided: equivalent
    assert delta0_size.supported(equivalent) == ""
    clause = "the decision for δ₀ is the same, equivalent: its probability is above 0.95"
    assert f". The {clause[4:]}. δ₀ = " in comparison_text.verdict_lines(equivalent)[2]
    assert f"{clause[0].upper()}{clause[1:]}." in equivalent.results_text()    # the .md too


def test_the_md_says_whether_delta0_decides_as_the_verdict_does(weak, undecided):
    # the .md listed δ₀'s probabilities and never said whether δ₀ decides; beside "no
    # decision", δ₀ deciding alone is writeup_caveats' sentence (a claim only if chosen)
    assert ("There is no decision for δ₀: its highest probability, 0.889 for “hnb” better, is "
            "short of 0.95.") in weak.results_text()
    # beside "no decision" (0.723, aode better), after δ₀'s three numbers: "short of 0.95"
    # said once, δ₀'s highest named since it is another outcome (issue 38, one voice)
    assert ("There is no decision for δ₀ either, and its highest probability is for "
            "equivalent.") in undecided.results_text()
    assert undecided.headline().count("short of") == 1


def test_no_decision_twice_with_nearly_the_same_probability_is_said_once():
    # the posterior probability 0.731 and δ₀'s 0.729, both for mine better: the δ₀ line
    # repeated "its highest probability, 0.729 for mine better, is short of 0.95"
    t = make_table(datasets=12, runs=2, folds=5, classifiers=("mine", "baseline", "twin"),
                   gaps={"mine": 0.011, "twin": 0.0}, noise=0.01, seed=4)
    c = bt.compare(t, "mine", "baseline", signed_rank_samples=2000)
    h = c.overall()[-1]
    assert c.decision == "no decision" and h.shares.argmax() == h.delta0.argmax() == 2
    assert abs(h.shares[2] - h.delta0[2]) < 0.05
    line = comparison_text.verdict_lines(c)[2]
    assert "There is no decision for δ₀ either. δ₀ = " in line
    assert c.headline().count("short of") == 1
    assert "There is no decision for δ₀ either." in c.results_text()


def _quote(path: Path, after: str) -> list[str]:
    """The blockquote after ``after`` in ``path``, one string per paragraph."""
    text = path.read_text(encoding="utf-8").split(after, 1)[1]
    lines = []
    for line in text.splitlines()[1:]:
        if line.startswith(">"):
            lines.append(line[1:].strip())
        elif lines:
            break
    return [" ".join(p.split("\n")) for p in "\n".join(lines).split("\n\n")]


@pytest.mark.parametrize("path, after", [
    (ROOT / "README.md", "**4. Read the verdict**"),
    (ROOT / "docs" / "reading-your-verdict.md", "prints this verdict:")])
def test_the_docs_quote_the_verdict_as_printed(weak, path, after):
    assert _quote(path, after) == comparison_text.verdict_lines(weak)


def test_your_results_quotes_the_no_decision_verdict_as_printed(undecided):
    path = ROOT / "docs" / "your-results.md"
    assert "compare data/uci_cv_accuracy.csv nbc aode --score accuracy_percent --percent" in \
        path.read_text(encoding="utf-8")
    assert _quote(path, "The HTML report opens with") == \
        comparison_text.verdict_lines(undecided)


def test_the_odds_leave_the_verdict_for_one_decision_bullet_that_says_they_are_none(undecided):
    # beside "no decision", "odds over 1,000" read as a decision to a reader of p-values
    c = undecided
    first = comparison_text.verdict_lines(c)[0]
    assert first.startswith("Hierarchical test over 54 data sets: no decision. ")
    assert "odds" not in first and "odds" not in comparison_text.headline(c)
    said = c.sentences(each=False)
    with_odds = [s for s in said if "odds" in s]
    assert with_odds == [
        "Posterior odds, not a decision (they weigh the two directions only and ignore the "
        "rope): signed-rank test on the means, aode better against nbc better over 1,000; "
        "hierarchical test, aode better against nbc better over 1,000."]
    summary = c.summary()
    assert f"- {with_odds[0]}" in summary.split("Decisions:", 1)[1]
    assert summary.count("odds") == 1
    page = report.html_report(c)
    assert str(markupsafe.escape(with_odds[0])) in page
    block = page.split('<div class="verdict">', 1)[1].split("</div>", 1)[0]
    assert "odds" not in block
    # the HTML's per-data-set sentences still start where sentences() has them
    assert c.sentences()[:len(said) - 1] == said[:-1]


def test_about_delta0_gives_delta0s_odds_apart_too():
    c = _uci("hnb", "nbc", about="delta0")
    assert "odds" not in comparison_text.headline(c)
    assert [s for s in c.sentences(each=False) if "odds" in s] == [
        "Posterior odds, not a decision (they weigh the two directions only and ignore the "
        "rope): hierarchical test, for δ₀, hnb better against nbc better over 1,000."]


def test_about_delta0_says_when_the_papers_rule_differs_and_is_weak():
    c = _uci("hnb", "nbc", about="delta0")    # δ₀: no decision; papers' rule: hnb (0.590)
    first, _, new = comparison_text.verdict_lines(c)
    assert "weak" not in first                 # δ₀ decided nothing: nothing to call weak
    assert new.endswith("(posterior probability 0.997). This differs from the decision on δ₀ "
                        "above and is a weak one: on a new data set hnb is better with "
                        "probability only 0.590.")


def test_about_delta0_says_weak_only_of_the_new_data_sets_decision():
    # δ₀ equivalent (> 0.999), a new data set 0.774: the weak rule reads a new data set's
    # probability, so it is said of the papers' rule's decision, never of δ₀'s (reader 17)
    c = _uci("aode", "hnb", about="delta0")
    first, _, new = comparison_text.verdict_lines(c)
    assert first.endswith("above the threshold 0.95.") and "weak" not in first
    assert new.endswith("aode and hnb practically equivalent (posterior probability > 0.999). "
                        "It is a weak decision: on a new data set aode and hnb are equivalent "
                        "with probability only 0.774.")
    # the default mode's note, for the same numbers, in the same words
    default = comparison_text.verdict_lines(_uci("aode", "hnb"))[0]
    assert default.endswith("(a weak decision: on a new data set aode and hnb are equivalent "
                            "with probability only 0.774).")

