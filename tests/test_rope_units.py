"""A rope that may be in the wrong units (0.5 typed for half a point of accuracy in fractions)
is said in every report, never refused: ``PairResult.wide_rope`` holds the rule,
``verdict_notes.rope_units`` the sentence."""

from __future__ import annotations

import contextlib
import io
import re

import pytest

import bayestut as bt
from bayestut.analysis import verdict_notes
from bayestut.analysis.cli import main
from bayestut.analysis.report import html_report
from conftest import make_table

FAST = dict(signed_rank_samples=5_000)
# the sentence's facts: the rope, its share of the range, the range, and the fix
FIX = "if you meant 0.5 percentage points, give --rope 0.005 (rope=0.005 in Python)"


@pytest.fixture(scope="module")
def fractions():
    """Accuracies in [0, 1], mine about 2 points better: every mean difference far inside ±0.5."""
    return make_table(datasets=5, runs=2, folds=5, gaps=0.02, seed=1)


@pytest.fixture(scope="module")
def wide(fractions):
    return bt.compare(fractions, "mine", "baseline", rope=0.5, **FAST)


def test_a_rope_of_half_the_range_is_said_with_the_largest_difference_and_the_fix(wide):
    means = wide.differences.means().abs()
    name, largest = wide.wide_rope
    assert name == means.idxmax() and largest == pytest.approx(means.max())
    sentence = verdict_notes.rope_units(wide)
    assert f"(the largest in absolute value: {largest:.3g}, on {name})" in sentence
    assert "The rope ±0.5 is 50% of the score's range [0, 1]" in sentence and FIX in sentence
    assert "percentages" not in sentence        # these scores were not divided by 100
    assert sentence.endswith(f"{FIX}; the papers' rope is ±0.01.")   # the other slip (reader 29)
    assert wide.decision == "equivalent"        # said, never refused: the verdict stands


def test_every_report_carries_it(wide):
    sentence = verdict_notes.rope_units(wide)
    assert sentence in wide.summary()
    assert wide.summary().index(sentence) < wide.summary().index("Over all data sets")
    assert sentence in html_report(wide).replace("&#39;", "'")
    assert sentence in wide.results_text()          # the .md and .tex paragraph


def test_the_papers_rope_on_close_classifiers_says_nothing():
    close = make_table(datasets=5, runs=2, folds=5, gaps=0.001, noise=0.001, seed=1)
    c = bt.compare(close, "mine", "baseline", rope=0.01, **FAST)
    assert c.differences.means().abs().max() < 0.005        # all inside the rope
    assert c.wide_rope is None and verdict_notes.rope_units(c) == ""
    assert "percentage points" not in c.summary() + c.results_text()


def test_a_wide_rope_that_some_difference_exceeds_says_nothing():
    gaps = [0.001, 0.002, 0.1, 0.001, 0.003]          # one data set's difference beyond ±0.05
    c = bt.compare(make_table(datasets=5, runs=2, folds=5, gaps=gaps, seed=2), "mine",
                   "baseline", rope=0.05, **FAST)
    assert c.wide_rope is None and verdict_notes.rope_units(c) == ""


def test_a_wide_rope_on_mean_scores_only_is_said_too(fractions):
    means = fractions.groupby(["dataset", "classifier"], as_index=False)["score"].mean()
    c = bt.compare(means, "mine", "baseline", rope=0.5, **FAST)
    assert c.per_dataset is None and FIX in verdict_notes.rope_units(c)


def test_percent_scores_on_the_command_line(fractions, tmp_path, capsys):
    csv = tmp_path / "percent.csv"
    fractions.assign(score=fractions["score"] * 100).to_csv(csv, index=False)
    status = main(["compare", str(csv), "mine", "baseline", "--percent", "--rope", "0.5",
                   "--out", str(tmp_path / "out")])
    assert status == 0
    said = capsys.readouterr().out
    assert "[0, 1] (the percentages divided by 100)" in said and FIX in said
    paper = (tmp_path / "out" / "compare_mine_vs_baseline.md").read_text(encoding="utf-8")
    assert "\\[0, 1\\] (the percentages divided by 100)" in paper and FIX in paper


@pytest.mark.parametrize("names, verdict", [(("mine", "baseline"), "Verdict:"),
                                            ((), "3 classifiers, 3 pairs")])
def test_the_command_line_warns_before_the_verdict(fractions, tmp_path, names, verdict):
    # a reader's finding: the note came lines after a confident verdict
    csv = tmp_path / "fractions.csv"
    table = fractions if names else make_table(datasets=5, runs=2, folds=5, seed=3,
                                               classifiers=("mine", "baseline", "other"))
    table.to_csv(csv, index=False)
    both = io.StringIO()            # stdout and stderr as a terminal shows them, in order
    with contextlib.redirect_stdout(both), contextlib.redirect_stderr(both):
        status = main(["compare", str(csv), *names, "--rope", "0.5", "--no-ranking",
                       "--out", str(tmp_path / "out")])
    said = both.getvalue()
    assert status == 0
    warning = said.index("warning: The rope ±0.5 is 50% of the score's range [0, 1]")
    assert FIX in said[warning:].splitlines()[0]
    assert warning < said.index(verdict) and said.count(FIX) == 2       # and in the report
    narrow = io.StringIO()
    with contextlib.redirect_stdout(narrow), contextlib.redirect_stderr(narrow):
        main(["compare", str(csv), *names, "--no-ranking", "--out", str(tmp_path / "narrow")])
    assert "warning:" not in narrow.getvalue() and verdict in narrow.getvalue()


def test_the_k_classifier_report_says_it_once(fractions):
    table = make_table(datasets=5, runs=2, folds=5, classifiers=("mine", "baseline", "other"),
                       gaps={"mine": 0.02, "other": 0.01}, seed=3)
    many = bt.compare_all(table, rope=0.5, ranking=False, n_jobs=1, progress=False, **FAST)
    assert set(many.wide_rope) == set(many.pairs)
    (a, b), (name, largest) = max(many.wide_rope.items(), key=lambda item: item[1][1])
    sentence = verdict_notes.rope_units(many)
    assert " in every pair " in sentence and f"on {a} against {b} on {name})" in sentence
    assert FIX in sentence
    said = many.summary()
    assert said.count("percentage points") == 1 and sentence in said
    assert sentence in many.results_text()
    assert len(re.findall("percentage points", html_report(many))) == 1
    narrow = bt.compare_all(table, rope=0.01, ranking=False, n_jobs=1, progress=False, **FAST)
    assert narrow.wide_rope == {} and verdict_notes.rope_units(narrow) == ""


def test_an_unbounded_score_range_leaves_the_units_unjudged(fractions):
    # log-loss in [0, inf): no share of the range to weigh the rope against, so no sentence
    c = bt.compare(fractions, "mine", "baseline", rope=0.5, score_range=(0, float("inf")),
                   lower_is_better=True, **FAST)
    assert c.score_range == (0.0, float("inf"))
    assert c.wide_rope is None and verdict_notes.rope_units(c) == ""
