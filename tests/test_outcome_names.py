"""Outcomes are named, not placed: no "left" or "right" for an outcome in the teaching.

The papers name the three outcomes of a pair by their place: *left* (the first classifier
better), *rope*, *right*. Readers see the outcomes' names instead, in one order: "a better ·
equivalent · b better" (issue 38). This test reads every markdown cell of the notebooks, their
Reproduction notes included (the scorecards, code outputs, keep the papers' names), the README
and every docs page. It flags each whole-word "left" or "right" that no allowed use below explains:
a place in a figure or on an axis, another sense of the word, or the papers' names translated
beside them, once per text.
"""

import re
from pathlib import Path

import pytest

from test_teaching import NOTEBOOKS, cells, source

REPO = Path(__file__).resolve().parents[1]
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
SIDE = re.compile(r"\b(left|right)\b", re.I)

# Uses of the words that name no outcome, each with its reason.
ALLOWED = {
    "a place in a figure or on an axis": re.compile(
        r"\b(bottom|top|upper|lower)[ -](left|right)\b"
        r"|\b(on|to) the (left|right)\b"
        r"|\b(left|right)(-hand)? (panels?|tails?|columns?|corners?|sides?|half|ends?|edges?)\b"
        r"|\bleft to right\b|\b(left|right) of\b", re.I),
    "LaTeX's \\left( and \\right)": re.compile(r"\\(left|right)\b"),
    "'left', from 'to leave'": re.compile(
        r"\bleft (it |them )?(out|at|in|open|over|alone|\$|\[)|\b(is|are|was|were|been|time|what is) left\b",
        re.I),
    "'right', meaning correct": re.compile(
        r"\b(the|in the) right (test|proportions?|answer|question|way|choice|region)\b"
        r"|\b(is|are|was|were|be|sits)( always)? right\b|\bget\b[^.;]{0,20}\bright\b", re.I),
    "the title of the authors' notebook, quoted": re.compile(r'"Notebook6 … left rope right"'),
}
# The papers' names, explained once beside the outcomes they stand for (their scorecards keep
# them): *left* (…better), *rope* and *right*.
TRANSLATION = re.compile(r"\*left\*[^;]{0,80}?better[^;]{0,40}?\*rope\*"
                         r"[^;]{0,40}?\*right\*"
                         r"|the paper['’]s P\(rope\) / P\(right\)"
                         r"|print \"left\" for \*Classif\. 1 better\*")


def outcome_uses(text: str) -> list[str]:
    """Each "left" or "right" in ``text`` that names an outcome (no allowed use covers it),
    with its context; a second translation of the papers' names counts too."""
    text = " ".join(text.split())            # a phrase may break across lines
    covered = [m.span() for pattern in ALLOWED.values() for m in pattern.finditer(text)]
    translations = [m.span() for m in TRANSLATION.finditer(text)]
    found = [f"…{text[max(0, m.start() - 50):m.end() + 30]}…"
             for m in SIDE.finditer(text)
             if not any(a <= m.start() and m.end() <= b for a, b in covered + translations[:1])]
    return found


def texts() -> list[tuple[str, str]]:
    """(name, text) of every text a learner reads: each notebook's markdown cells as one text,
    the README, each docs page."""
    out = [(nb.stem, "\n\n".join(source(c) for c in cells(nb) if c["cell_type"] == "markdown"))
           for nb in NOTEBOOKS]
    return out + [(str(p.relative_to(REPO)), p.read_text(encoding="utf-8")) for p in PAGES]


def test_the_check_can_fail():
    slips = ["P(left) = 0.72, so nbc is worse",
             "the probabilities left, rope and right of the signed-rank test",
             "'left' means that aode is better",
             "the papers' *left*, *rope*, *right*",                    # no translation beside
             "the right outcome has posterior probability 0.28"]
    for slip in slips:
        assert outcome_uses(slip), slip
    twice = ("The papers name the columns *left* (a better), *rope* and *right*. Later: the "
             "papers' *left* (a better), *rope*, *right* again.")
    assert len(outcome_uses(twice)) == 2         # the second's left and right
    fine = ["The corners are certainty: bottom left \"aode better\", top \"equivalent\".",
            "aode's corner is on the left and nbc's on the right.",
            r"$\left(\tfrac1n + \tfrac{\rho}{1-\rho}\right)$",
            "the keyword arguments (those left out are its defaults)",
            "The right test is the correlated t-test; it is right on average.",
            "The papers name the same columns *left* (Classif. 1, our a, practically better), "
            "*rope* and *right*; the scorecard keeps their names.",
            "the share of δ₀'s draws left of, in and right of the rope",
            "feature 2 perfect (classifier B is always right)",
            'its notebook ("Notebook6 … left rope right") prints Table 9',
            'Tables 9 and 12 print "left" for *Classif. 1 better*: for the pair (a, b)']
    for text in fine:
        assert outcome_uses(text) == [], text


@pytest.mark.parametrize("name, text", texts(), ids=[name for name, _ in texts()])
def test_outcomes_are_named_not_placed(name, text):
    found = outcome_uses(text)
    assert not found, ("name the outcome (\"<a> better\", \"equivalent\", \"<b> better\"), or, "
                       "for a place or another sense of the word, extend ALLOWED with its "
                       "reason:\n" + "\n".join(found))
