"""The K-classifier verdict said plainly (issue 38): who is declared practically better than
whom, read back from the words into a decision matrix that must be the one they came from."""

import itertools
import re

import numpy as np
import pandas as pd
import pytest

from bayestut.analysis.many_text import RANKING_LEGEND, decisions_in_words
from bayestut.analysis.writeup import quoted

NAMES = ["rf", "gbm", "svm", "knn"]


def matrix(names, better=(), equivalent=()) -> pd.DataFrame:
    """A decision matrix, row against column, as ManyComparison.matrix gives it: every pair
    not named has no decision."""
    m = pd.DataFrame("no decision", index=names, columns=names, dtype=object)
    for a in names:
        m.loc[a, a] = ""
    for a, b in better:
        m.loc[a, b], m.loc[b, a] = "better", "worse"
    for a, b in equivalent:
        m.loc[a, b] = m.loc[b, a] = "equivalent"
    return m


def names_in(text: str) -> list[str]:
    return [n for n in re.split(r", | and ", text.replace("“", "").replace("”", "")) if n]


def read_back(text: str, names: list[str]) -> pd.DataFrame:
    """The decision matrix the words state; a pair stated twice must be stated alike."""
    said = pd.DataFrame("", index=names, columns=names, dtype=object)

    def state(a, b, word, opposite):
        assert said.loc[a, b] in ("", word), f"{a}, {b} said twice, differently: {text}"
        said.loc[a, b], said.loc[b, a] = word, opposite

    assert text.count("declared") <= 1, f"'declared' said more than once: {text}"
    for clause in text.split("; "):
        # a whole clause each, with its verb: "rf and gbm are each practically better than
        # svm" (never the fragment "rf and gbm than svm")
        better = re.fullmatch(r"(\S+) is (?:declared )?practically better than (.+)"
                              r"|(.+?) are each (?:declared )?practically better than (.+)",
                              clause)
        equivalent = re.fullmatch(r"(.+?) are (?:declared )?practically equivalent"
                                  r"( to one another)?((?:, as are .+)*)", clause)
        if better:
            winners = [better[1].strip("“”")] if better[1] else names_in(better[3])
            losers = re.sub(r"^(both|each of) ", "", better[2] or better[4])
            losers = ([n for n in names if n not in winners] if losers == "every other classifier"
                      else names_in(losers))
            for w, x in itertools.product(winners, losers):
                state(w, x, "better", "worse")
        elif equivalent:
            group = names_in(equivalent[1])
            assert (len(group) > 2) == bool(equivalent[2]), clause
            groups = [group] + [names_in(g) for g in equivalent[3].split(", as are ")[1:]]
            for group in groups:
                for a, b in itertools.combinations(group, 2):
                    state(a, b, "equivalent", "equivalent")
        elif clause.startswith("no decision between "):
            a, b = names_in(clause.removeprefix("no decision between "))
            state(a, b, "no decision", "no decision")
        else:           # the rest, counted: every pair not stated above, and only those
            counted = re.fullmatch(r"no decision on (?:the other|any of the) (\d+) pairs", clause)
            assert counted, clause
            rest = [(a, b) for a, b in itertools.combinations(names, 2) if said.loc[a, b] == ""]
            assert len(rest) == int(counted[1]), clause
            for a, b in rest:
                state(a, b, "no decision", "no decision")
    return said


CASES = {
    "the issue's: three ahead of knn": matrix(NAMES, [("rf", "knn"), ("gbm", "knn"),
                                                      ("svm", "knn")]),
    "one dominant winner": matrix(NAMES, [("rf", x) for x in NAMES[1:]]),
    "a chain": matrix(NAMES, [("rf", "gbm"), ("gbm", "svm"), ("svm", "knn")]),
    "all undecided": matrix(NAMES),
    "all equivalent": matrix(NAMES, equivalent=list(itertools.combinations(NAMES, 2))),
    "one pair decided, against the given order": matrix(NAMES, [("svm", "gbm")]),
    "two winners, two equivalent pairs": matrix(
        NAMES, [("rf", "svm"), ("rf", "knn"), ("gbm", "svm"), ("gbm", "knn")],
        [("rf", "gbm"), ("svm", "knn")]),
    "two classifiers": matrix(["a", "b"], [("b", "a")]),
}


@pytest.mark.parametrize("case", CASES)
def test_the_words_state_exactly_the_decision_matrix(case):
    m = CASES[case]
    for quote in (str, quoted):
        text = decisions_in_words(m, quote)
        said = read_back(text, list(m.index))
        for a, b in itertools.permutations(m.index, 2):
            assert said.loc[a, b] == m.loc[a, b], (case, a, b, text)


def test_random_matrices_are_said_exactly():
    rng = np.random.default_rng(1)
    names = [f"c{i}" for i in range(6)]
    for _ in range(200):
        better, equivalent = [], []
        for a, b in itertools.combinations(names, 2):
            kind = rng.integers(4)
            if kind < 2:
                better.append((a, b) if kind == 0 else (b, a))
            elif kind == 2:
                equivalent.append((a, b))
        m = matrix(names, better, equivalent)
        said = read_back(decisions_in_words(m), names)
        assert (said == m).all().all(), decisions_in_words(m)


def test_the_issues_case_is_said_plainly_with_no_double_negative():
    text = decisions_in_words(CASES["the issue's: three ahead of knn"])
    assert text == ("rf, gbm and svm are each declared practically better than knn; "
                    "no decision on the other 3 pairs")
    assert decisions_in_words(CASES["one dominant winner"]).startswith(
        "rf is declared practically better than every other classifier; ")
    assert decisions_in_words(CASES["all undecided"]) == "no decision on any of the 6 pairs"
    assert decisions_in_words(CASES["all equivalent"]) == (
        "rf, gbm, svm and knn are declared practically equivalent to one another")
    assert decisions_in_words(CASES["two classifiers"], quoted) == (
        "“b” is declared practically better than “a”")


def test_declared_is_said_once_however_many_decisions():
    # the bundled results' signed-rank verdict once read "hnb is declared practically better
    # than ...; aode and hnb are declared practically equivalent; j48 and j48gr are declared
    # practically equivalent"
    m = matrix(["nbc", "aode", "hnb", "j48", "j48gr"], [("hnb", "nbc"), ("hnb", "j48")],
               [("aode", "hnb"), ("j48", "j48gr")])
    assert decisions_in_words(m) == (
        "hnb is declared practically better than both nbc and j48; aode and hnb are "
        "practically equivalent, as are j48 and j48gr; no decision on the other 6 pairs")
    assert decisions_in_words(CASES["a chain"]) == (
        "rf is declared practically better than gbm; gbm is practically better than svm; svm "
        "is practically better than knn; no decision on the other 3 pairs")
    # several classifiers better than one, after the first clause: whole clauses still
    assert decisions_in_words(matrix(NAMES, [("rf", "gbm"), ("rf", "svm"), ("gbm", "knn"),
                                             ("svm", "knn")])) == (
        "rf is declared practically better than both gbm and svm; gbm and svm are each "
        "practically better than knn; no decision on the other 2 pairs")
    assert decisions_in_words(matrix(NAMES, equivalent=[("rf", "gbm"), ("svm", "knn")])) == (
        "rf and gbm are declared practically equivalent, as are svm and knn; no decision on "
        "the other 4 pairs")


def test_the_ranking_legend_does_not_call_p_largest_weight_a_posterior_probability():
    # the glossary keeps "posterior probability" for the number the 0.95 rule reads
    assert "posterior probability" not in RANKING_LEGEND
    largest = RANKING_LEGEND.split("P(largest weight):")[1]
    assert "not the chance of ranking first on a new data set, which is P(first)" in largest
