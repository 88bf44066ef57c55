"""The two-classifier console report and the Python result's text: δ₀'s decision cell marked
as not the verdict, the verdict with its rope check in both, the definitions behind
--explain, the default rope said to be one, and what to quote after "no decision"."""

import re

import matplotlib
import pytest
from markupsafe import escape

matplotlib.use("Agg")

import bayestut as bt  # noqa: E402
from bayestut.analysis import comparison_text, delta0_size, verdict_notes  # noqa: E402
from bayestut.analysis.cli import main  # noqa: E402
from bayestut.analysis.report import html_report  # noqa: E402
from bayestut.paths import DATA  # noqa: E402

UCI = dict(score="accuracy_percent", percent=True, progress=False)
UCI_FLAGS = ["--score", "accuracy_percent", "--percent"]


@pytest.fixture(scope="module")
def undecided():
    """nbc against aode: no decision on a new data set, none for δ₀ either."""
    return bt.compare(DATA / "uci_cv_accuracy.csv", "nbc", "aode", **UCI)


@pytest.fixture(scope="module")
def differs():
    """hnb against nbc: hnb better on a new data set, no decision for δ₀."""
    return bt.compare(DATA / "uci_cv_accuracy.csv", "hnb", "nbc", rope=0.01, **UCI)


@pytest.fixture(scope="module")
def decided():
    """knn against adaboost: adaboost better, on a new data set and for δ₀."""
    return bt.compare(DATA / "blog_study_auc.csv", "knn", "adaboost", progress=False)


def console(tmp_path, capsys, *args):
    status = main(["compare", *map(str, args), "--out", str(tmp_path / "out")])
    out, err = capsys.readouterr()
    assert status == 0, err
    return out


def delta0_row(table):
    return next(v for k, v in table.iterrows() if str(k).endswith("probability for δ₀"))


def test_the_delta0_cell_is_marked_as_not_the_verdict(undecided, decided):
    cell = delta0_row(decided.overall_table(formatted=True))["decision"]
    assert cell == "(if δ₀ were the claim: adaboost better)"
    assert delta0_row(decided.overall_table())["decision"] == cell      # numbers, the same
    assert delta0_row(undecided.overall_table(formatted=True))["decision"] == \
        "(if δ₀ were the claim: no decision; highest: equivalent)"
    for text in (decided.summary(), html_report(decided)):
        assert cell in text
    # the verdict's own row keeps its decision, unmarked
    posterior = decided.overall_table(formatted=True).loc["hierarchical test: posterior probability"]
    assert posterior["decision"] == "adaboost better"


def test_with_about_delta0_its_cell_is_the_verdicts(undecided):
    on_delta0 = bt.compare(DATA / "uci_cv_accuracy.csv", "nbc", "aode", about="delta0", **UCI)
    cell = delta0_row(on_delta0.overall_table(formatted=True))["decision"]
    assert cell == "no decision (highest: equivalent)"
    assert "if δ₀ were the claim" not in on_delta0.summary()


def test_the_verdict_carries_its_rope_check_as_print_shows_it(differs):
    lines = differs.verdict()
    check = differs.rope_sensitivity()
    assert check and check in lines
    assert lines == comparison_text.verdict(differs)
    shown = str(differs).split("\n\n")
    # print(): the verdict's lines, then each further line of verdict() right under it
    assert shown[1] == "Verdict: " + differs.headline()
    assert shown[2:2 + len(lines) - 3] == lines[3:]


def test_the_definitions_come_with_explain_only(decided):
    short, long = decided.summary(), decided.summary(explain=True)
    definitions = decided.explanations()
    assert definitions and not any(d in short for d in definitions)
    assert all(d in long for d in definitions)
    assert decided.per_dataset_note in long and decided.per_dataset_note not in short
    pointer = comparison_text.DEFINITIONS.format("print(result.summary(explain=True))")
    assert short.count(pointer) == 1 and "What each number means" not in long
    # the HTML keeps them: its reader has no flag
    assert all(str(d).split(":")[0] in html_report(decided) for d in definitions)


def test_the_console_names_explain(tmp_path, capsys):
    csv = DATA / "blog_study_auc.csv"
    short = console(tmp_path, capsys, csv)
    assert comparison_text.DEFINITIONS.format("rerun with --explain") in short
    assert "posterior probability: how sure the posterior is" not in short
    long = console(tmp_path, capsys, csv, "--explain")
    assert "posterior probability: how sure the posterior is" in long
    assert "What each number means" not in long
    assert len(short.splitlines()) < len(long.splitlines())


def test_explain_with_k_classifiers_is_refused(tmp_path, capsys):
    status = main(["compare", str(DATA / "uci_cv_accuracy.csv"), "nbc", "aode", "hnb",
                   *UCI_FLAGS, "--explain", "--out", str(tmp_path / "out")])
    assert status == 2 and "--explain" in capsys.readouterr().err


def test_the_default_rope_is_said_to_be_the_default(undecided, differs, tmp_path, capsys):
    assert "rope ±0.01 (the default: the papers' choice; set it with rope=)" in \
        undecided.settings()
    assert "the default" not in differs.settings()        # rope=0.01 given
    csv = DATA / "blog_study_auc.csv"
    said = "rope ±0.01 (the default: the papers' choice; set it with --rope)"
    assert said in console(tmp_path, capsys, csv)
    assert said not in console(tmp_path, capsys, csv, "--rope", "0.01")


def test_for_the_paper_after_no_decision(undecided, decided):
    line = verdict_notes.for_the_paper(undecided)
    shares = re.findall(r"(below 0\.001|0\.\d+) for (\S+ better|equivalent)",
                        undecided.verdict()[0])
    quoted = re.findall(r"(below 0\.001|0\.\d+) for “(\S+ better|equivalent)”", line)
    assert quoted == shares and len(quoted) == 3
    assert "no decision was reached at the threshold 0.95" in line
    assert line in str(undecided)
    assert escape(line) in html_report(undecided)       # near the verdict in the HTML too
    assert "You may write" not in line                  # the verdict is on a new data set
    assert verdict_notes.for_the_paper(decided) == ""


def test_for_the_paper_on_delta0_gives_the_claim_a_paper_may_still_write():
    # no decision on δ₀, whose interval excludes 0: the verdict's own sentence, not a new one
    c = bt.compare(DATA / "uci_cv_accuracy.csv", "hnb", "nbc", about="delta0", **UCI)
    line, said = verdict_notes.for_the_paper(c), delta0_size.supported(c)
    assert said.startswith("You may write that hnb scores better on average than nbc")
    assert line.endswith(f"”. {said}") and said in c.verdict()[1]
    assert escape(line) in html_report(c) and line in str(c)


def test_a_method_paper_is_told_of_about_delta0(differs, decided, undecided, tmp_path,
                                                capsys):
    line = verdict_notes.method_paper(differs)
    assert 'about="delta0" decides on δ₀' in line and "(no decision)" in line
    assert line in str(differs)
    assert verdict_notes.method_paper(decided) == ""        # the same decision
    assert verdict_notes.method_paper(undecided) == ""      # both "no decision"
    out = console(tmp_path, capsys, DATA / "uci_cv_accuracy.csv", "hnb", "nbc",
                  *UCI_FLAGS)
    assert "--about delta0 decides on δ₀" in out and 'about="delta0"' not in out


def test_the_short_console_says_why_some_differences_have_more_digits():
    """Readers 34, 36: without --explain the per-data-set table mixed 0.0104 and 0.012 with no
    word on why; the clause the HTML gives now stands in the table's title."""
    from bayestut.analysis import dataset_text
    r = bt.compare(DATA / "uci_cv_accuracy.csv", "hnb", "nbc", score="accuracy_percent",
                   percent=True, progress=False)
    clause = dataset_text.edge_clause(r)
    assert clause.startswith("a difference near the rope's edge")
    title = next(line for line in r.summary().splitlines() if line.startswith("Per data set"))
    assert title.endswith(f"; {clause}):")


def test_a_means_only_verdict_keeps_the_odds_in_the_list_of_decisions():
    """Reader 39's [WRONG]: with mean scores only, the verdict's no decision carried the
    posterior odds, which the docs (and every other verdict) keep in the list of decisions."""
    import numpy as np
    import pandas as pd
    rng = np.random.default_rng(3)
    gaps = 0.015 + 0.01 * rng.standard_normal(12)     # no decision, mine better likeliest
    rows = [(f"d{i}", name, 0.8 + (g if name == "mine" else 0.0))
            for i, g in enumerate(gaps) for name in ("mine", "base")]
    means = pd.DataFrame(rows, columns=["dataset", "classifier", "score"])
    r = bt.compare(means, "mine", "base")
    verdict = r.verdict()[0]
    assert verdict.startswith("Signed-rank test over 12 data sets (mean scores only): no decision")
    assert "odds" not in " ".join(r.verdict())
    listed = r.summary().split("Decisions:", 1)[1]
    assert "Posterior odds, not a decision" in listed
