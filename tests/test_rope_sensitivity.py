"""When the verdict's decision hangs on the rope's width, the report says so (issue 38):
Comparison.rope_check (0.8, 0.9, 1.1, 1.2 times the rope, on the exact fit's grids) and
verdict_notes.rope_sensitivity's one sentence, in the console, the HTML and the .md; with a
data set whose differences are all equal (its noise redrawn at each width); and for every
pair of compare_all (many_text.rope_sensitivity)."""

import markupsafe
import numpy as np
import pytest

import bayestut as bt
from bayestut.analysis import many_text, report, rope_limit, verdict_notes, wording, writeup
from bayestut.methods.decisions import shown
from bayestut.methods.hierarchical_ropes import Widths, on_grids, share_bounds

from conftest import make_table

LABELS = ["mine better", "equivalent", "baseline better"]


def _table(gap: float, datasets: int = 6):
    return make_table(datasets=datasets, runs=2, folds=5, gaps=gap, noise=0.01, seed=1)


@pytest.fixture(scope="module")
def flips():
    """mine better at ±0.01, no decision from ±0.011."""
    return bt.compare(_table(0.014), "mine", "baseline")


def _number(c, r: float) -> str:
    """The number printed for rope r, from the table's numbers: the declared outcome's, or
    under "no decision" the highest (shown() of the reading order is the number line's)."""
    row = c.rope_check.loc[r]
    p = np.array(shown(row[LABELS].to_numpy(dtype=float)))
    se = np.array(shown(row[[f"± {k}" for k in LABELS]].to_numpy(dtype=float)))
    decision = row["decision"]
    i = int(p.argmax()) if decision == "no decision" else shown(LABELS).index(decision)
    return wording.number(p[i], se[i], c.threshold)


def test_a_decision_that_changes_within_a_fifth_of_the_rope_is_said_with_its_numbers(flips):
    c = flips
    check = c.rope_check
    assert c.decision == "mine better"
    assert list(check.columns) == [*LABELS, *(f"± {k}" for k in LABELS), "decision"]
    assert list(check.index) == [0.008, 0.009, 0.01, 0.011, 0.012]
    assert list(check["decision"]) == ["mine better"] * 3 + ["no decision"] * 2
    assert not check.isna().any().any()       # a sentence prints: every width integrated
    sentence = c.rope_sensitivity()
    # every width, its decision and the number it is taken on there
    n = {r: _number(c, r) for r in check.index}
    assert sentence == ("The decision depends on the rope's width (posterior probabilities in "
                        f"parentheses): mine better at ±0.008 ({n[0.008]}), ±0.009 ({n[0.009]}) "
                        f"and ±0.01 ({n[0.01]}); no decision at ±0.011 ({n[0.011]}) and ±0.012 "
                        f"({n[0.012]}), the highest being mine better. Report the rope, whether "
                        "you chose it before or after seeing the results, and this sensitivity.")
    assert n[0.01] == wording.number(c.probabilities.loc["hierarchical test: posterior "
                                                         "probability", "mine better"],
                                     c.hierarchical.probabilities_mcse["mine better"], 0.95)
    # the widths' decisions are those of a fit at that rope
    for r in (0.009, 0.011):
        other = bt.compare(_table(0.014), "mine", "baseline", rope=r)
        assert other.decision == check.loc[r, "decision"]
        row = check.loc[r, LABELS].to_numpy(dtype=float)
        fitted = other.hierarchical.probabilities.to_numpy()
        error = np.maximum(check.loc[r, [f"± {k}" for k in LABELS]].to_numpy(dtype=float),
                           other.hierarchical.probabilities_mcse.to_numpy())
        assert np.all(np.abs(row - fitted) <= 2 * error + 2e-4), (r, row, fitted)


def test_the_sentence_follows_the_verdict_in_the_console_and_html_and_is_in_the_md(
        flips, tmp_path):
    c, sentence = flips, flips.rope_sensitivity()
    lines = c.summary().splitlines()
    verdict = next(i for i, line in enumerate(lines) if line.startswith("Verdict: "))
    assert lines[verdict + 4] == sentence          # after the verdict's three lines
    page, escaped = report.html_report(c), str(markupsafe.escape(sentence))
    assert page.index("<strong>Verdict.</strong>") < page.index(escaped)
    assert page.index(escaped) < page.index("<h2>Decisions</h2>")
    # for a paper: the same finding, without the advice to the reader
    paper = sentence.removesuffix(verdict_notes.REPORT_ROPE)
    paper = paper.replace("mine better", "“mine” better")      # its names quoted
    assert paper != sentence and paper in writeup.results_text(c)
    assert "Report the rope" not in writeup.results_text(c)
    md = writeup.write_files(c, tmp_path / "r.html")[0].read_text()
    assert "The decision depends on the rope" in md and "no decision at ±0.011 (" in md


def test_a_decision_the_same_at_every_width_is_said_with_its_margin_at_the_ends():
    c = bt.compare(_table(0.03), "mine", "baseline")
    assert c.decision == "mine better"
    check = c.rope_check
    assert set(check["decision"]) == {"mine better"}
    # the ends are integrated for their numbers: the margin a reader sees
    ends = check.loc[[0.008, 0.012]]
    assert not ends.isna().any().any()
    # how far it holds (rope_limit, tests/test_rope_limit.py), then the margin at the ends
    stable = (rope_limit.sentence(c) + " At ropes 20% narrower and 20% wider (±0.008 and "
              f"±0.012), its posterior probability {wording.is_(_number(c, 0.008))} and "
              f"{wording.is_(_number(c, 0.012))[3:]}.")
    assert stable.startswith("The decision (mine better) holds for every rope up to ±")
    assert c.rope_sensitivity() == stable
    assert verdict_notes.rope_sensitivity(c, paper=True) == stable
    lines = c.summary().splitlines()
    assert stable in lines and markupsafe.escape(stable) in report.html_report(c)
    assert stable.replace("mine better", "“mine” better") in writeup.results_text(c)
    # the numbers at the ends are a fit's at that rope, within the grids' errors
    for r in (0.008, 0.012):
        other = bt.compare(_table(0.03), "mine", "baseline", rope=r)
        assert other.decision == "mine better"
        assert abs(check.loc[r, "mine better"]
                   - other.hierarchical.probabilities["mine better"]) < 2e-3


def test_a_stable_decision_close_to_the_threshold_shows_how_close():
    # the decision holds from ±0.008 to ±0.012 and flips just past, at ±0.014: the old
    # report said nothing; the number at the widest rope checked shows how near it is
    c = bt.compare(_table(0.016), "mine", "baseline")
    check = c.rope_check
    assert set(check["decision"]) == {"mine better"} == {c.decision}
    assert _number(c, 0.012).startswith("0.96")
    said = c.rope_sensitivity()
    assert said.endswith(f"its posterior probability is {_number(c, 0.008)} and "
                         f"{_number(c, 0.012)}.")
    assert "holds for every rope up to ±0.012 and not at ±0.013" in said
    assert bt.compare(_table(0.016), "mine", "baseline", rope=0.014).decision == "no decision"


def test_about_delta0_checks_the_decision_on_delta0():
    c = bt.compare(_table(0.016, datasets=10), "mine", "baseline", about="delta0")
    check = c.rope_check
    np.testing.assert_array_equal(check.loc[0.01, LABELS].to_numpy(dtype=float),
                                  c.hierarchical.delta0_probabilities.to_numpy())
    assert c.decision == "mine better" and check.loc[0.012, "decision"] == "no decision"
    sentence = c.rope_sensitivity()
    assert sentence.startswith("The decision on δ₀ depends on the rope's width (probabilities "
                               "for δ₀ in parentheses): mine better at ±0.008 (")
    assert f"±0.012 ({_number(c, 0.012)}), the highest being mine better." in sentence
    other = bt.compare(_table(0.016, datasets=10), "mine", "baseline", about="delta0",
                       rope=0.012)
    assert other.decision == "no decision"


def _equal_on(t, names=("d0",)):
    """The table with baseline scoring as mine on every fold of the data sets ``names``."""
    t = t.copy()
    same = t["dataset"].isin(names)
    t.loc[same & (t["classifier"] == "baseline"), "score"] = \
        t.loc[same & (t["classifier"] == "mine"), "score"].to_numpy()
    return t


@pytest.fixture(scope="module")
def equal_flips():
    """d0's differences all 0 (noised within the rope); no decision at ±0.01, mine better at
    ±0.009 and below."""
    t = _equal_on(_table(0.018, datasets=8))
    return t, bt.compare(t, "mine", "baseline")


def test_an_all_equal_data_set_is_checked_each_width_as_a_fit_at_it_would_decide(equal_flips):
    t, c = equal_flips
    assert c.hierarchical.prepared.noised == (0,)      # its noise is drawn within the rope
    check = c.rope_check
    assert c.decision == "no decision"
    assert list(check["decision"]) == ["mine better"] * 2 + ["no decision"] * 3
    sentence = c.rope_sensitivity()
    n = {r: _number(c, r) for r in check.index}
    assert sentence == ("The decision depends on the rope's width (posterior probabilities in "
                        f"parentheses): mine better at ±0.008 ({n[0.008]}) and ±0.009 "
                        f"({n[0.009]}); no decision at ±0.01 ({n[0.01]}), ±0.011 ({n[0.011]}) "
                        f"and ±0.012 ({n[0.012]}), the highest being mine better."
                        + verdict_notes.REPORT_ROPE)
    assert n[0.009].startswith("0.96")
    # every width: the decision and the numbers of a fit at that rope (the same seed: its
    # noise the fit's, scaled), within the grids' numerical errors
    for r in (0.008, 0.009, 0.011, 0.012):
        other = bt.compare(t, "mine", "baseline", rope=r)
        assert other.decision == check.loc[r, "decision"], r
        row = check.loc[r, LABELS].to_numpy(dtype=float)
        fitted = other.hierarchical.probabilities.to_numpy()
        error = np.maximum(check.loc[r, [f"± {k}" for k in LABELS]].to_numpy(dtype=float),
                           other.hierarchical.probabilities_mcse.to_numpy())
        assert np.all(np.abs(row - fitted) <= 2 * error + 2e-4), (r, row, fitted)


def test_an_all_equal_data_set_with_a_stable_decision_gives_its_margin():
    c = bt.compare(_equal_on(_table(0.03)), "mine", "baseline")
    assert c.hierarchical.prepared.noised and c.decision == "mine better"
    assert set(c.rope_check["decision"]) == {"mine better"}
    stable = (f"{rope_limit.sentence(c)} At ropes 20% narrower and 20% wider (±0.008 and "
              f"±0.012), its posterior probability {wording.is_(_number(c, 0.008))} and "
              f"{wording.is_(_number(c, 0.012))[3:]}.")
    assert "holds at every rope searched up to" in stable      # noised: each step checked
    assert c.rope_sensitivity() == stable and stable in c.summary()
    assert stable.replace("mine better", "“mine” better") in writeup.results_text(c)


def test_a_width_whose_posterior_leaves_the_grids_is_fitted(equal_flips, monkeypatch):
    t, c = equal_flips
    widths = Widths(c.hierarchical, c.differences)
    # at the fit's own rope, its own grids hold it; nearby too
    assert not any(widths.outgrown(r, j) for r in (0.008, 0.01, 0.012) for j in (0, 1))
    monkeypatch.setattr(Widths, "outgrown", lambda self, rope, which: True)
    p, error = Widths(c.hierarchical, c.differences).integrals([0.009], errors=True)
    fit = bt.compare(t, "mine", "baseline", rope=0.009).hierarchical
    np.testing.assert_array_equal(p[0], fit._probabilities)
    np.testing.assert_array_equal(error[0], fit._probabilities_mcse)
    # and no bounds from a grid that does not hold the posterior: nothing settled by them
    low, high = Widths(c.hierarchical, c.differences).bounds([0.009])
    assert low.max() <= 0 and high.min() >= 1


def test_one_data_set_is_not_checked():
    one = bt.compare(_table(0.014)[lambda t: t["dataset"] == "d1"], "mine", "baseline")
    assert one.rope_check is None and one.rope_sensitivity() == ""


@pytest.mark.parametrize("gap", [0.006, 0.012, 0.014, 0.03])
def test_delta0s_bounds_hold_the_shares_they_settle_decisions_with(gap):
    c = bt.compare(_table(gap, datasets=10), "mine", "baseline")
    ropes = [0.005, 0.008, 0.01, 0.012, 0.02]
    shares, _ = on_grids(c.hierarchical, ropes)
    low, high = share_bounds(c.hierarchical, ropes)
    assert np.all(low <= shares) and np.all(shares <= high), (low, shares, high)


@pytest.mark.parametrize("pair", [("hnb", "nbc"), ("nbc", "j48")])
def test_about_delta0_reports_on_the_bundled_pairs_at_the_default_rope(pair):
    # δ₀'s probabilities at the checked ropes once summed to 1 + 8e-6, and the report refused
    # them as bad input (exit code 2, no report written)
    import bayestut as bt
    c = bt.compare(bt.load_uci(), *pair, rope=0.01, about="delta0", engine="exact")
    for text in (c.summary(), c.results_text()):
        assert "δ₀" in text
    check = c.rope_check
    assert check is not None        # nbc and j48 score alike on every fold of two data sets
    p = check[list(c.labels)].dropna().to_numpy(dtype=float)
    assert np.allclose(p.sum(axis=1), 1.0, atol=1e-9) and (p >= 0).all()


K = ("mine", "baseline", "other")


def test_every_pair_of_k_is_checked_and_the_pairs_that_change_are_named_in_reading_order(
        tmp_path):
    t = make_table(datasets=6, runs=2, folds=5, classifiers=K, gaps={"mine": 0.014},
                   noise=0.01, seed=1)
    many = bt.compare_all(t, rope=0.01, n_jobs=1, progress=False, ranking=False)
    checks = many.rope_check()
    assert list(checks) == list(many.pairs)
    for pair, check in checks.items():      # each pair's own check, not a copy of one
        assert check is many.pairs[pair].rope_check
    decisions = {pair: list(check["decision"]) for pair, check in checks.items()}
    assert decisions[("mine", "baseline")] == ["mine better"] + ["no decision"] * 4
    assert decisions[("baseline", "other")] == ["no decision"] * 3 + ["equivalent"] * 2
    assert set(decisions[("mine", "other")]) == {"no decision"}
    sentence = many_text.rope_sensitivity(many)
    # a short sentence naming the pairs that change, the table giving every decision
    assert sentence == ("The hierarchical test's decision depends on the rope's width for mine "
                        "against baseline and baseline against other: see each pair's decision "
                        "at each rope checked in the table below." + verdict_notes.REPORT_ROPE)
    rows = many_text.rope_rows(many)
    ropes = [f"±{r:g}" for r in checks[("mine", "baseline")].index]
    assert ropes == ["±0.008", "±0.009", "±0.01", "±0.011", "±0.012"]
    assert [row["pair"] for row in rows] == [f"{a} against {b}" for a, b in many.pairs]
    for row, pair in zip(rows, checks):     # each cell the check's decision
        assert [row[r] for r in ropes] == decisions[pair] and list(row) == ["pair", *ropes]
    # under the table, how "which to use" would change: at ±0.01 no classifier is declared
    # worse than another; at ±0.008 mine better than baseline (above), none other decided
    which = ("Which to use would change: at ±0.008, baseline would be declared worse than "
             "another classifier, leaving mine and other not declared worse than any other.")
    note = many_text.rope_table_note(many)
    assert note == ("Each pair's decision by the hierarchical test at ropes from ±0.008 to "
                    f"±0.012, the chosen one, ±0.01, among them. {which}")
    assert many.undominated() == list(K)
    assert sentence in many.verdict() and sentence in many.summary()
    table = many_text.rope_frame(rows).to_string()
    assert f"{many_text.ROPE_TITLE}:\n{table}\n{note}" in many.summary()
    html = report.html_report(many)
    assert markupsafe.escape(sentence) in html and markupsafe.escape(note) in html
    for row in rows:
        cells = [markupsafe.escape(v) for v in row.values()]
        assert f"<tr><th>{cells[0]}</th><td>" + "</td><td>".join(cells[1:]) in html
    # for a paper: the names quoted, without the advice; the table among the paper's tables,
    # its note (with "which to use") below it
    paper = ("The hierarchical test's decision depends on the rope's width for “mine” against "
             "“baseline” and “baseline” against “other”: see each pair's decision at each rope "
             "checked in the table after the overall one.")
    assert paper in many.results_text() and "Report the rope" not in many.results_text()
    md = writeup.rope_markdown(many)
    assert md.startswith("| pair | ±0.008 | ±0.009 | ±0.01 | ±0.011 | ±0.012 |\n")
    assert "| mine against baseline | mine better | no decision | no decision | no decision | " \
           "no decision |" in md and md.endswith(f"\n\n{note}\n")
    assert "mine against baseline & mine better & no decision" in writeup.rope_latex(many)
    written = writeup.write_files(many, tmp_path / "k.html")
    assert md in written[0].read_text(encoding="utf-8")
    assert writeup.rope_latex(many) in written[1].read_text(encoding="utf-8")


def test_k_which_to_use_the_same_at_every_rope_is_said():
    # a pair flips at ±0.008 (baseline against other) while "which to use" does not move:
    # mine is declared better than both at every rope checked
    t = make_table(datasets=6, runs=2, folds=5, classifiers=K,
                   gaps={"mine": 0.04, "other": 0.014}, noise=0.01, seed=1)
    many = bt.compare_all(t, rope=0.01, n_jobs=1, progress=False, ranking=False)
    checks = many.rope_check()
    flips = [pair for pair, check in checks.items()
             if set(check["decision"]) != {many.pairs[pair].decision}]
    best = {tuple(c for c in K if not any(
        check.loc[r, "decision"] == f"{x} better" and c in pair and c != x
        for pair, check in checks.items() for x in pair)) for r in checks[flips[0]].index}
    assert flips and best == {tuple(many.undominated())}
    assert "Which to use is the same at every rope checked." in many_text.rope_table_note(many)


def test_k_pairs_whose_decisions_hold_add_no_sentence_but_the_paper_states_it():
    t = make_table(datasets=6, runs=2, folds=5, classifiers=K,
                   gaps={"mine": 0.03, "other": -0.03}, noise=0.01, seed=1)
    many = bt.compare_all(t, rope=0.01, n_jobs=1, progress=False, ranking=False)
    assert all(set(check["decision"]) == {many.pairs[pair].decision}
               for pair, check in many.rope_check().items())
    assert many_text.rope_sensitivity(many) == "" and many_text.rope_rows(many) == []
    assert many_text.ROPE_TITLE not in many.summary() and writeup.rope_markdown(many) == ""
    assert not any("rope's width" in line for line in many.verdict())
    assert ("Every pair's decision is the same at every rope checked, from ±0.008 to ±0.012."
            in many.results_text())


@pytest.mark.parametrize("rope, about", [(0.02, "new data set"), (0.005, "delta0")])
def test_another_rope_than_the_papers_says_the_decision_at_theirs_as_a_fit_there_gives(
        rope, about):
    # a reviewer sees both: the verdict's rope and the papers' ±0.01, from the same fit
    table = _table(0.014)
    c = bt.compare(table, "mine", "baseline", rope=rope, about=about)
    at_papers = bt.compare(table, "mine", "baseline", rope=0.01, about=about)
    assert at_papers.papers_rope is None and c.papers_rope is not None
    row = c.papers_rope.loc[0.01]
    decided = at_papers._decided_on()
    np.testing.assert_allclose(row[LABELS].to_numpy(dtype=float), shown(decided), atol=2e-3)
    assert row["decision"] == at_papers.decision
    i = int(np.argmax(decided)) if at_papers.decision == "no decision" else \
        LABELS[::-1].index(at_papers.decision)          # decided: the number line's order
    number = "probability for δ₀" if about == "delta0" else "posterior probability"
    p = wording.number(decided[i], 0.0, c.threshold)
    said = verdict_notes.rope_sensitivity(c)
    assert ". At the papers' rope, ±0.01, " in said, said
    assert max(len(s.split()) for s in said.split(". ")) <= 35
    if at_papers.decision == "no decision":
        assert f"there would be no decision (highest {number}: {p}," in said
    else:
        assert f"the decision would be {at_papers.decision} ({number} {p})" in said
    assert "papers' rope" not in verdict_notes.rope_sensitivity(at_papers)
    # where the papers' rope decides otherwise, a warning against switching to it (reader 28);
    # never in a paper's text
    assert ("forking path" in said) == (at_papers.decision != c.decision)
    assert "forking path" not in verdict_notes.rope_sensitivity(c, paper=True)


def test_the_stan_engine_says_the_rope_was_not_checked():
    # the rope check needs the exact engine's grids: with Stan it was skipped without a word,
    # while the README and the docs promise it in every two-classifier report (reader 20)
    from types import SimpleNamespace

    from bayestut.analysis import verdict_notes

    stan = SimpleNamespace(rope_check=None, hierarchical=SimpleNamespace(engine="stan"))
    said = verdict_notes.rope_sensitivity(stan)
    assert said.startswith("The decision's dependence on the rope was not checked")
    assert "--engine exact" in said
    assert verdict_notes.rope_sensitivity(SimpleNamespace(rope_check=None,
                                                          hierarchical=None)) == ""
