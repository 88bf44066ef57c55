"""The Python API as an ML engineer uses it (reader 21): a result's verdict() as lines for two
classifiers as for K, the plan command's Python form, figures and the HTML report saved from
Python, the note on data sets at the metric's best bound."""

import contextlib
from pathlib import Path
import io

import markupsafe
import matplotlib
import numpy as np
import pandas as pd
import pytest

import bayestut as bt
from bayestut.analysis import comparison_text
from bayestut.analysis.cli import main
from bayestut.checks import at_ceiling, ceiling_note
from bayestut.errors import InputError
from conftest import make_table

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def undecided(tmp_path_factory):
    """A 'no decision' pair read from a file: 4 data sets, a gap of the rope's size."""
    path = tmp_path_factory.mktemp("undecided") / "results.csv"
    make_table(datasets=4, runs=2, folds=5, gaps=0.01, seed=1, noise=0.02).to_csv(path,
                                                                                   index=False)
    return path, bt.compare(path, "mine", "baseline", progress=False)


@pytest.fixture(scope="module")
def three():
    df = make_table(datasets=4, runs=2, folds=5, classifiers=("a", "b", "c"),
                    gaps={"a": 0.05, "c": -0.05}, seed=2, noise=0.01)
    return bt.compare_all(df, n_jobs=1, progress=False)


def test_verdict_is_the_lines_for_two_classifiers_as_for_k(undecided, three):
    _, r = undecided
    lines = r.verdict()
    assert isinstance(lines, list) and all(isinstance(line, str) for line in lines)
    first = comparison_text.verdict_lines(r)
    assert lines == comparison_text.verdict(r) and "\n".join(first) == r.headline()
    assert lines[:len(first)] == first and r.rope_sensitivity() in lines[len(first):]
    assert lines[0].startswith("Hierarchical test") and "no decision" in lines[0]
    assert isinstance(three.verdict(), list)
    pair = three.pairs[("a", "b")]
    assert pair.verdict() == comparison_text.verdict(pair)
    with pytest.raises(TypeError):      # the table cell's helper is no longer public
        r.verdict(np.array([0.0, 0.0, 1.0]))


def test_plan_more_gives_the_plan_commands_answer(undecided):
    path, r = undecided
    assert r.decision == "no decision"
    assert f"plan {path} mine baseline" in r.next_step()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(["plan", str(path), "mine", "baseline", "--add", "5", "--sims", "4",
                     "--jobs", "1"]) == 0
    planned = r.plan_more(add=5, sims=4, n_jobs=1)
    assert planned.summary(command_line=True, details=False) == printed.getvalue().rstrip("\n")
    pd.testing.assert_frame_equal(planned.table, bt.plan(path, "mine", "baseline", add=5,
                                                         sims=4, n_jobs=1).table)
    with pytest.raises(InputError, match="sims must be"):
        r.plan_more(sims=0)


def test_many_figures_by_name(three):
    figures = three.figures()
    assert list(figures) == ["pairs", "matrices"]
    assert all(isinstance(f, matplotlib.figure.Figure) for f in figures.values())
    for f in figures.values():
        matplotlib.pyplot.close(f)


def test_save_report_writes_the_commands_page_and_refuses_what_is_not_a_report(
        undecided, three, tmp_path):
    path, r = undecided
    written = bt.save_report(three, tmp_path / "new" / "three.html")
    page = written.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "3 classifiers compared" in page
    assert bt.save_report(three, written) == written         # a report is replaced
    two = bt.save_report(r, tmp_path / "two.html").read_text(encoding="utf-8")
    assert "mine against baseline" in two
    notes = tmp_path / "notes.html"
    notes.write_text("<p>my notes</p>")
    outside = tmp_path / "outside.txt"
    outside.write_text("keep")
    link = tmp_path / "link.html"
    link.symlink_to(outside)
    bt.save_report(r, link)                      # a link is replaced, never followed
    assert outside.read_text() == "keep" and not link.is_symlink()
    for bad, said in [(notes, "not a bayestut report"), (tmp_path / "r.csv", "ending in .html"),
                      (tmp_path / "new", "is a folder"), (3, "file name")]:
        with pytest.raises(InputError, match=said):
            bt.save_report(r, bad)
    assert notes.read_text() == "<p>my notes</p>"


def test_ceiling_note_names_the_data_sets_at_the_best_bound(tmp_path):
    easy = make_table(["easy"], runs=2, folds=5, gaps=0.002, seed=3, noise=0.0005,
                      level=(0.993, 0.996))
    hard = make_table(["hard1", "hard2", "hard3"], runs=2, folds=5, gaps=0.03, seed=4,
                      noise=0.01, level=(0.7, 0.8))
    r = bt.compare(pd.concat([easy, hard]), "mine", "baseline", progress=False)
    assert r.ceiling == ["easy"]
    note = r.ceiling_note()
    assert note.startswith("Near the best score possible (1): on easy both")
    assert note in str(r)
    page = bt.save_report(r, tmp_path / "r.html").read_text(encoding="utf-8")
    assert f"<p>{markupsafe.escape(note)}</p>" in page        # its own paragraph (reader 30)
    # the lines a reader forwards and the paper's paragraph carry it too (reader 24)
    assert r.verdict()[-1] == note and note in r.results_text()
    clear = bt.compare(hard, "mine", "baseline", progress=False)
    assert clear.ceiling == [] and clear.ceiling_note() == ""
    assert "Near the best score possible" not in str(clear)
    assert "Near the best score possible" not in " ".join(clear.verdict())
    assert "Near the best score possible" not in clear.results_text()


def test_compare_all_suggests_the_closest_name_as_compare_does():
    table = make_table(["d1", "d2"], runs=2, folds=5, classifiers=("svm", "rf", "gbm"), seed=1)
    for call in (lambda: bt.compare_all(table, ["svm", "rf", "svn"]),
                 lambda: bt.compare(table, "svn", "rf")):
        with pytest.raises(InputError, match="did you mean 'svm'"):
            call()


def test_at_ceiling_reads_the_best_bound_of_either_direction():
    means = [(0.995, 0.999), (0.995, 0.98), (0.004, 0.0)]
    assert at_ceiling(means, (0, 1), 0.01, False).tolist() == [True, False, False]
    assert at_ceiling(means, (0, 1), 0.01, True).tolist() == [False, False, True]
    assert not at_ceiling(means, (0, np.inf), 0.01, False).any()
    assert ceiling_note([], 1.0) == ""
    many = ceiling_note([f"d{i}" for i in range(7)], 100)
    assert "(100)" in many and "d4 and 2 more" in many and "these data sets pull" in many


def test_what_to_tell_a_decision_maker_quotes_the_real_output():
    import re
    from pathlib import Path

    from bayestut.paths import DATA

    page = (Path(__file__).parents[1] / "docs" / "your-results.md").read_text(encoding="utf-8")
    section = page.split("## What to tell a decision-maker", 1)[1].split("\n## ", 1)[0]
    section = section.split("**No decision, leaning equivalent.**", 1)[0]   # its own test
    assert 'bt.compare("data/blog_study_auc.csv", "adaboost", "knn")' in section
    quote = " ".join(line[2:] for line in section.splitlines() if line.startswith("> "))
    r = bt.compare(DATA / "blog_study_auc.csv", "adaboost", "knn", progress=False)
    decision, new, delta0 = r.verdict()[:3]
    assert r.decision == "adaboost better" and "adaboost is practically better than knn" in quote
    share = re.search(r"is (0\.\d+), above the threshold", decision).group(1)
    better = re.search(r"P\(adaboost better\) = (0\.\d+)", new).group(1)
    worse = re.search(r"P\(knn better\) = (0\.\d+)", new).group(1)
    size = re.search(r"δ₀ = \+(\S+), 95% credible interval \+(\S+) to \+(\S+)\.", delta0)
    expected = [str(len(r.differences.datasets)), f"{r.rope:g}", share, f"{r.threshold:g}",
                better, worse, size.group(1), "95", *size.groups()[1:]]
    assert re.findall(r"\d+(?:\.\d+)?", quote) == expected


def test_what_to_tell_a_decision_maker_when_leaning_equivalent_quotes_the_real_output():
    # readers asked for the common case: no decision on a new data set, leaning equivalent;
    # δ₀ and the signed-rank test equivalent
    import re
    from pathlib import Path

    from bayestut.paths import DATA

    page = (Path(__file__).parents[1] / "docs" / "your-results.md").read_text(encoding="utf-8")
    section = page.split("**No decision, leaning equivalent.**", 1)[1]
    section = section.split("**No decision, leaning one way.**", 1)[0]
    assert ('bt.compare("data/uci_cv_accuracy.csv", "j48", "nbc", score="accuracy_percent",\n'
            '                    percent=True, rope=0.025)') in section
    r = bt.compare(DATA / "uci_cv_accuracy.csv", "j48", "nbc", score="accuracy_percent",
                   percent=True, rope=0.025, progress=False)
    h, ranked = r.hierarchical, r.signed_rank.probabilities
    assert r.decision == "no decision" and h.probabilities.idxmax() == "equivalent"
    assert h.delta0_probabilities["equivalent"] > r.threshold < ranked["equivalent"]
    new_line, delta0 = r.verdict()[1:3]
    said = (f"leaning equivalent ({h.probabilities['equivalent']:.3f}, short of "
            f"{r.threshold:g})", f"equivalent passes {r.threshold:g} "
            f"({h.delta0_probabilities['equivalent']:.3f})",
            f"equivalent too ({ranked['equivalent']:.3f})")
    assert all(s in " ".join(section.split()) for s in said), said
    quote = " ".join(line[2:] for line in section.splitlines() if line.startswith("> "))
    points = re.search(r"in percentage points: \+(\S+), (\S+) to \+(\S+)\)", delta0).groups()
    new = [re.search(rf"P\({o}\) = (0\.\d+)", new_line).group(1)
           for o in ("equivalent", "j48 better", "nbc better")]
    rope = f"{100 * r.rope:g}"
    expected = [str(len(r.differences.datasets)), points[0], "95", *points[1:], rope, rope,
                new[0], new[1], new[2]]
    assert re.findall(r"(?<![\w.])−?\d+(?:\.\d+)?", quote) == expected
    assert f"second line gives that only {new[0]}." in " ".join(section.split())


def test_what_to_tell_a_decision_maker_when_leaning_one_way_quotes_the_real_output():
    # reader 36: no decision, one classifier ahead on average (P(δ₀ > 0) high), δ₀ undecided
    import re
    from pathlib import Path

    from bayestut.paths import DATA

    page = (Path(__file__).parents[1] / "docs" / "your-results.md").read_text(encoding="utf-8")
    section = page.split("**No decision, leaning one way.**", 1)[1]
    section = section.split("**Several classifiers.**", 1)[0]
    assert ('bt.compare("data/uci_cv_accuracy.csv", "aode", "nbc", score="accuracy_percent",\n'
            '                    percent=True)') in section
    r = bt.compare(DATA / "uci_cv_accuracy.csv", "aode", "nbc", score="accuracy_percent",
                   percent=True, progress=False)
    h = r.hierarchical
    assert r.decision == "no decision" and h.probabilities.idxmax() == "aode better"
    assert h.delta0_probabilities.max() < r.threshold
    new_line, delta0 = r.verdict()[1:3]
    assert "P(δ₀ > 0), that aode scores better on average, is above 0.999" in delta0
    assert (f"leaning aode better ({h.probabilities['aode better']:.3f}, short of "
            f"{r.threshold:g})") in " ".join(section.split())
    quote = " ".join(line[2:] for line in section.splitlines() if line.startswith("> "))
    points = re.search(r"in percentage points: \+(\S+), \+(\S+) to \+(\S+)\)", delta0).groups()
    new = [re.search(rf"P\({o}\) = (0\.\d+)", new_line).group(1)
           for o in ("aode better", "nbc better")]
    expected = [str(len(r.differences.datasets)), points[0], "95", *points[1:],
                f"{100 * r.rope:g}", *new]
    assert re.findall(r"(?<![\w.])−?\d+(?:\.\d+)?", quote) == expected


def test_the_k_report_names_the_data_sets_at_the_best_bound(three):
    names = ("a", "b", "c")
    easy = make_table(["easy"], runs=2, folds=5, classifiers=names, seed=5, noise=0.0005,
                      gaps={"a": 0.002, "c": -0.2}, level=(0.993, 0.996))
    hard = make_table(["hard1", "hard2", "hard3"], runs=2, folds=5, classifiers=names,
                      gaps={"a": 0.05, "c": -0.05}, seed=6, noise=0.01)
    many = bt.compare_all(pd.concat([easy, hard]), n_jobs=1, progress=False, ranking=False)
    assert many.ceiling == {("a", "b"): ["easy"]}
    note = many.ceiling_note()
    assert note.startswith("Near the best score possible (1): on easy the mean scores of a and "
                           "b lie within the rope of it. Between any two of them, the mean "
                           "difference there cannot leave the rope")
    assert note in many.verdict() and note in str(many)
    assert three.ceiling == {} and three.ceiling_note() == ""
    assert not any("best score possible" in line for line in three.verdict())


def test_a_pair_asked_in_the_other_order_names_the_key_to_use(three):
    # many.pairs[("b", "a")] was a bare KeyError (reader 24); probabilities() takes either order
    with pytest.raises(InputError, match=r"pairs holds \('a', 'b'\), in the order compared"):
        three.pairs[("b", "a")]
    with pytest.raises(InputError, match="no pair"):
        three.pairs[("a", "z")]
    assert three.pairs[("a", "b")].a == "a" and ("b", "a") not in three.pairs


def test_a_tests_name_as_the_figures_spell_it_is_taken(three):
    # figures() says "signed_rank", the tests "signed-rank": matrix("signed_rank") was refused
    pd.testing.assert_frame_equal(three.matrix("signed_rank"), three.matrix("signed-rank"))
    with pytest.raises(InputError, match="unknown test 'signed rank'"):
        three.matrix("signed rank")


def test_what_to_tell_a_decision_maker_about_k_classifiers_quotes_the_real_output():
    # the K case (apiuse3): which to use, the declared pairs, undecided pairs read as leaning
    import re
    from pathlib import Path

    from bayestut.methods.decisions import probability_text
    from bayestut.paths import DATA

    page = (Path(__file__).parents[1] / "docs" / "your-results.md").read_text(encoding="utf-8")
    section = page.split("## What to tell a decision-maker", 1)[1].split("\n## ", 1)[0]
    section = section.split("**Several classifiers.**", 1)[1]
    assert ('bt.compare_all("data/uci_cv_accuracy.csv", score="accuracy_percent", '
            'percent=True,\n                      progress=False)') in section
    quote = " ".join(line[2:] for line in section.splitlines() if line.startswith("> "))
    many = bt.compare_all(DATA / "uci_cv_accuracy.csv", score="accuracy_percent", percent=True,
                          n_jobs=1, progress=False, ranking=False)
    which = many.which_to_use()
    assert f"`which.best` is `{which.best}`" in section
    assert "no classifier is practically better than aode, hnb, j48 or j48gr" in quote
    assert which.best == ["aode", "hnb", "j48", "j48gr"] and len(which.undecided) == 4
    assert "names four pairs" in section
    decided = many.matrix("hierarchical", "decision")
    assert decided.loc["hnb", "nbc"] == "hnb better"
    assert decided.loc["aode", "hnb"] == decided.loc["j48", "j48gr"] == "equivalent"
    assert {("aode", "j48"), ("hnb", "j48")} <= set(which.undecided)

    def p(a, b, outcome, kind="posterior probability"):
        row = many.pairs[(a, b)].probabilities.loc[f"hierarchical test: {kind}"]
        return probability_text(row[outcome])

    lean_hnb = many.probabilities("hierarchical", "hnb", "j48")
    lean_eq = many.probabilities("hierarchical", "aode", "j48")
    assert lean_hnb.idxmax() == "hnb better" and "leaning hnb better" in quote
    assert lean_eq.idxmax() == "equivalent" and "leaning equivalent" in quote
    new = "probability on a new data set"
    # δ₀ of nbc - hnb, in points: hnb ahead on average, yet no decision on δ₀ (docs4)
    hierarchical = many.pairs[("nbc", "hnb")].hierarchical
    assert hierarchical.delta0_probabilities.max() < many.threshold
    low, high = hierarchical.delta0_interval()
    ahead = [f"{-100 * x:.1f}" for x in (hierarchical.delta0_mean, high, low)]
    assert "not shown to exceed the 1-point rope" in quote
    expected = [str(len(many.pairs[("nbc", "hnb")].differences.datasets)),
                p("nbc", "hnb", "hnb better"), f"{many.threshold:g}", *ahead,
                f"{100 * many.rope:g}",
                p("nbc", "hnb", "hnb better", new), p("nbc", "hnb", "nbc better", new),
                f"{100 * many.rope:g}", p("aode", "hnb", "equivalent", new),
                probability_text(lean_hnb["hnb better"]), f"{many.threshold:g}",
                probability_text(lean_eq["equivalent"]),
                probability_text(lean_eq["aode better"])]
    assert re.findall(r"(?<![\w.])\d+(?:\.\d+)?", quote) == expected


API_DOC = Path(__file__).parents[1] / "docs" / "api.md"
# the modules whose sentences reach a reader (reports, notes, plans, errors), not the parsers
SENTENCE_MODULES = [p for p in (Path(bt.__file__).parent / "analysis").glob("*.py")
                    if p.stem not in ("cli", "options", "own_notebook", "notebook_runner")] + [
    Path(bt.__file__).parent / name for name in (
        "simulation/plan_text.py", "simulation/planning.py", "checks.py", "data.py",
        "methods/hierarchical.py", "methods/diagnostics.py", "methods/ranking.py")]


def _section(title: str) -> str:
    return API_DOC.read_text(encoding="utf-8").split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_every_option_a_sentence_names_has_its_python_form_in_the_api_table():
    # the reports' sentences name command-line options; a Python user needs the keyword
    import inspect
    import re

    from bayestut.analysis.comparison import PairResult
    from bayestut.simulation.planning import Plan

    rows = [line.split(" | ", 1) for line in _section("The report says → in Python").splitlines()
            if line.startswith("| `")]
    said = {o for cli, _ in rows for o in re.findall(r"--[a-z][a-z0-9-]*", cli)}
    named = {o for p in SENTENCE_MODULES
             for o in re.findall(r"(?<![-\w])--[a-z][a-z0-9-]*", p.read_text(encoding="utf-8"))}
    assert len(named) > 20 and named <= said, sorted(named - said)
    keywords = {k for f in (bt.compare, bt.compare_all, bt.plan, PairResult.plan_more,
                            PairResult.summary, Plan.summary)
                for k in inspect.signature(f).parameters}
    used = {k for _, python in rows for k in re.findall(r"\b([a-z_]+)=", python)}
    assert used and used <= keywords, sorted(used - keywords)
    for name in ("Comparison", "ManyComparison"):     # each verdict() points to the table
        cls = (bt.analysis.comparison.Comparison if name == "Comparison"
               else bt.analysis.many_comparison.ManyComparison)
        assert "The report says → in Python" in inspect.getdoc(cls.verdict)


def test_the_api_doc_says_which_calls_draw_a_progress_bar_by_default():
    import inspect

    from bayestut.analysis.comparison import PairResult

    page = API_DOC.read_text(encoding="utf-8")
    default = {f: inspect.signature(f).parameters["progress"].default
               for f in (bt.compare, bt.compare_all, bt.plan, PairResult.plan_more)}
    assert list(default.values()) == [False, True, None, None]   # None: when the run is long
    assert "`bt.compare` draws none unless given `progress=True`" in page
    assert "bt.compare_all(results, progress=False)" in page
    assert "r.plan_more(progress=False)" in page


def test_the_api_docs_indexing_example_runs_and_lists_the_real_keys():
    import re

    section = _section("Indexing the probabilities")
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    call = 'bt.compare("data/blog_study_auc.csv", "adaboost", "knn")'
    assert call in code
    namespace = {"bt": bt, "DATA": _data()}
    exec(code.replace(call, call.replace('"data/', 'DATA / "').replace(
        ')', ', progress=False)')), namespace)
    r = namespace["r"]
    listed = re.findall(r"'([^']+)'", "".join(line for line in code.splitlines()
                                              if line.startswith("#")))
    assert listed == r.probabilities.index.tolist()
    assert namespace["low"] < namespace["high"]
    assert r.overall_table().filter(like="±").shape[1] == 3
    for column in ('"P(adaboost better)"', '"± P(adaboost better)"', '"decision"'):
        assert column.strip('"') in r.overall_table().columns and column in section


def _data():
    from bayestut.paths import DATA
    return DATA


def test_a_table_read_once_needs_no_reading_options_again(tmp_path):
    # docs/api.md: open_results carries the metric; read_results' DataFrame needs score= again
    path = tmp_path / "auc.csv"
    make_table(datasets=3, runs=2, folds=5, gaps=0.02, seed=4).rename(
        columns={"score": "auc"}).to_csv(path, index=False)
    assert 'bt.open_results("my.csv", score="auc")' in API_DOC.read_text(encoding="utf-8")
    opened = bt.compare(bt.open_results(path, score="auc"), "mine", "baseline", progress=False)
    read = bt.read_results(path, score="auc")
    again = bt.compare(read, "mine", "baseline", score="auc", progress=False)
    pd.testing.assert_frame_equal(opened.probabilities, again.probabilities)
    # its only score column: read without score=, and the report says which (mpaper4)
    found = bt.compare(read, "mine", "baseline", progress=False)
    pd.testing.assert_frame_equal(opened.probabilities, found.probabilities)
    assert "Metric 'auc' (the only score column): higher" in found.summary()


def test_the_api_doc_lists_the_test_column_and_the_row_keys_as_they_are(three):
    # docs/api.md, "Indexing the probabilities": many.table()'s test names beside r's row keys
    section = _section("Indexing the probabilities")
    table = three.table()
    for test, kinds in table.groupby("test")["kind"].unique().items():
        assert f"| `'{test}'` |" in section
        assert all(f"`'{kind}'`" in section for kind in kinds)
    keys = three.pairs[("a", "b")].probabilities.index
    assert all(f"`'{key}'`" in section for key in keys if key.endswith(": posterior probability"))
    assert 'bbox_inches="tight"' in API_DOC.read_text(encoding="utf-8")
