"""A two-classifier result and its rendering (issues 38 and 39): one overall table with one set
of row labels in every output, the planner started from the comparison's own posterior, and the
next step naming the reader's own file."""

import dataclasses
import html
import re
import shlex

import matplotlib
import pandas as pd
import pytest

matplotlib.use("Agg")

import bayestut as bt  # noqa: E402
from bayestut.analysis import comparison_text, writeup, writeup_tables  # noqa: E402
from bayestut.analysis.escape import latex_escape, markdown_escape  # noqa: E402
from bayestut.analysis.report import html_report  # noqa: E402
from conftest import make_table  # noqa: E402

FAST = dict(signed_rank_samples=5_000)
# five data sets, the first classifier 0.005 better: the hierarchical test is undecided
UNDECIDED = dict(datasets=5, runs=2, folds=5, gaps=0.005, seed=0)


@pytest.fixture(scope="module")
def per_fold():
    return bt.compare(make_table(**UNDECIDED), "mine", "baseline", **FAST)


@pytest.fixture(scope="module")
def means_only():
    means = make_table(**UNDECIDED).groupby(["dataset", "classifier"], as_index=False)["score"]
    return bt.compare(means.mean(), "mine", "baseline", **FAST)


def console_labels(result) -> list[str]:
    """The overall table's row labels as the console report prints them."""
    block = result.summary().split("Over all data sets:\n", 1)[1].split("\n\n", 1)[0]
    return [re.split(r"\s{2,}", line)[0] for line in block.splitlines()[1:]]


def markdown_labels(result) -> list[str]:
    rows = [line for line in result.to_markdown().splitlines() if line.startswith("| ")][1:]
    return [line[2:].split(" | ", 1)[0] for line in rows]


def latex_labels(result) -> list[str]:
    tex = result.to_latex()
    body = tex.split("\\midrule\n", 1)[1].split("\\bottomrule", 1)[0]
    return [re.split(r"(?<!\\) & ", line)[0] for line in body.splitlines()]


def html_labels(result) -> list[str]:
    section = html_report(result).split("<h2>Over all data sets</h2>", 1)[1]
    table = section.split("</table>", 1)[0]
    return [html.unescape(x) for x in re.findall(r"<tr><th>(.*?)</th><td>", table)]


@pytest.mark.parametrize("kind", ["per_fold", "means_only"])
def test_every_output_prints_the_same_rows_with_the_same_labels(kind, request):
    result = request.getfixturevalue(kind)
    labels = [row["test"] for row in comparison_text.overall_rows(result)]
    assert len(labels) == (5 if kind == "per_fold" else 4)        # every kind of number
    assert console_labels(result) == labels
    assert list(result.overall_table().index) == labels
    assert list(result.probabilities.index) == labels
    assert html_labels(result) == labels
    assert markdown_labels(result) == [markdown_escape(x) for x in labels]
    assert latex_labels(result) == [latex_escape(x) for x in labels]
    # and the same cells: the paper tables' rows are the console's
    cells = [list(r.values())[1:] for r in writeup.overall_rows(result)]
    assert cells == result.overall_table(formatted=True).values.tolist()


def test_with_about_delta0_its_row_leads_the_hierarchical_rows_in_every_output(per_fold):
    # the verdict decides on δ₀: its row came last, after the two it does not decide on
    on_delta0 = dataclasses.replace(per_fold, about="delta0")
    labels = [row["test"] for row in comparison_text.overall_rows(on_delta0)]
    hierarchical = [label for label in labels if label.startswith("hierarchical")]
    assert hierarchical == ["hierarchical test: probability for δ₀",
                            "hierarchical test: posterior probability",
                            "hierarchical test: probability on a new data set"]
    assert labels[:2] == [row["test"] for row in comparison_text.overall_rows(per_fold)][:2]
    assert list(on_delta0.overall_table().index) == labels == console_labels(on_delta0)
    assert html_labels(on_delta0) == labels
    assert markdown_labels(on_delta0) == [markdown_escape(x) for x in labels]
    assert latex_labels(on_delta0) == [latex_escape(x) for x in labels]


def test_the_k_console_and_html_print_each_pair_with_the_same_rows_in_the_same_order():
    # a reader's finding: the K console put the hierarchical rows first and dropped the
    # signed-rank test's expected probability
    table = make_table(**{**UNDECIDED, "gaps": {"mine": 0.005, "other": 0.03}},
                       classifiers=("mine", "baseline", "other"))
    many = bt.compare_all(table, ranking=False, n_jobs=1, progress=False, **FAST)
    pair = many.pairs[("mine", "baseline")]
    labels = [row["test"] for row in comparison_text.overall_rows(pair)]
    assert len(labels) == 5 and labels == console_labels(pair)
    block = many.summary().split("mine against baseline:\n", 1)[1].split("\n\n", 1)[0]
    *rows, size = block.splitlines()[1:]                  # the table, then δ₀'s size
    assert [re.split(r"\s{2,}", line)[0] for line in rows] == labels
    assert size.startswith("δ₀ = ")
    section = html_report(many).split("<b>mine against baseline</b>", 1)[1]
    section = section.split("</table>", 1)[0]              # the pair's first table
    assert [html.unescape(x) for x in re.findall(r"<tr><th>(.*?)</th><td>", section)] == labels
    assert [r["test"] for r in writeup.overall_rows(many)
            if (r["a"], r["b"]) == ("mine", "baseline")] == labels


def test_the_signed_rank_tests_expected_probability_is_in_the_paper_tables(per_fold):
    assert "signed-rank test on the means: expected probability" in per_fold.to_markdown()
    assert "hierarchical test: posterior probability" in per_fold.to_markdown()


def test_the_label_check_would_catch_a_table_of_its_own(per_fold, monkeypatch):
    original = writeup_tables.overall_rows      # the paper's tables are built there

    def drifted(result):
        rows = original(result)
        return [dict(r, test=r["test"].split(": ")[0]) for r in rows]     # the old .md labels

    monkeypatch.setattr(writeup_tables, "overall_rows", drifted)
    assert markdown_labels(per_fold) != [markdown_escape(x) for x in console_labels(per_fold)]


def test_a_means_only_result_holds_only_what_means_have(means_only):
    from bayestut.analysis.means_comparison import MeansComparison

    fields = {f.name for f in dataclasses.fields(MeansComparison)}
    assert not {"per_dataset", "hierarchical", "refused", "plan"} & fields
    assert {"sign", "signed_rank", "not_run"} <= fields
    assert means_only.headline().startswith("Signed-rank test over 5 data sets (mean scores")
    assert list(means_only.figures()) == ["signed_rank", "sign"]


def test_compare_plans_from_its_own_posterior(monkeypatch):
    from bayestut.analysis import compare as compare_module
    from bayestut.methods import hierarchical

    fits = []
    real = hierarchical.hierarchical_test

    def counted(*args, **kwargs):
        fits.append(kwargs.get("engine"))
        return real(*args, **kwargs)

    monkeypatch.setattr(compare_module, "hierarchical_test", counted)     # compare's fit
    monkeypatch.setattr(hierarchical, "hierarchical_test", counted)       # the planner's
    monkeypatch.setattr(compare_module, "SIMS", 4)
    table = make_table(**UNDECIDED)
    c = bt.compare(table, "mine", "baseline", plan=2)
    assert c.decision == "no decision" and c.plan is not None          # the case itself
    assert fits == ["exact"]                                           # one fit, not two
    fits.clear()
    alone = bt.plan(table, "mine", "baseline", add=2, sims=4, seed=0, n_jobs=1)
    assert fits == ["exact"]                        # the planner alone fits it: the count works
    pd.testing.assert_frame_equal(c.plan.table, alone.table)
    pd.testing.assert_frame_equal(c.plan.split, alone.split)


def test_the_next_step_names_the_readers_file(tmp_path):
    path = tmp_path / "my results.csv"
    make_table(**UNDECIDED).to_csv(path, index=False)
    command = f"python -m bayestut plan {shlex.quote(str(path))} mine baseline --add 5 10 20"
    for source in (path, str(path), bt.open_results(path)):
        step = bt.compare(source, "mine", "baseline", **FAST).next_step()
        assert step.endswith(command), step
        assert "RESULTS.csv" not in step


def test_a_table_in_memory_gets_a_placeholder_said_to_be_one(per_fold):
    step = per_fold.next_step()
    assert "python -m bayestut plan RESULTS.csv mine baseline --add 5 10 20" in step
    assert step.endswith("(RESULTS.csv stands for your results file: these results were given "
                         "as a table, not read from a file)")
    assert bt.open_results(make_table()).source is None


def test_the_html_decision_cells_wrap_wherever_the_column_stands():
    # a long decision cell scrolled out of view at 1280 px
    # once the shrunk estimate became the per-data-set table's last column
    c = bt.compare(make_table(5, 2, 5, gaps=0.004, seed=3), "mine", "baseline", rope=0.003,
                   engine="exact", progress=False)
    page = html_report(c)
    assert "td.decision{white-space:normal" in page
    decisions = re.findall(r'<td class="decision">([^<]*)</td>', page)
    assert len(decisions) >= len(c.per_dataset_table()) + 2     # per data set and over all
    assert "<p class=\"note\">The probabilities and the decision" in page
