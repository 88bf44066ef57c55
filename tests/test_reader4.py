"""A fourth reader's findings (issue 38): the decision cells name no odds and no "most
probable"; a weak decision is said in the paragraph a paper copies, as in the verdict; the
report's figures say which side is whose; the card defines the posterior probability for
every test, not only the hierarchical one."""

from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")

import bayestut as bt  # noqa: E402
from bayestut.analysis.report import html_report  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def weak():
    """The bundled results' hnb against nbc: decided (0.997), yet only 0.590 on a new data set."""
    return bt.compare(bt.load_uci(), "hnb", "nbc", rope=0.01, engine="exact")


def test_decision_cells_carry_no_odds_and_name_the_row_highest(weak):
    cells = list(weak.overall_table()["decision"]) + list(weak.per_dataset_table()["decision"])
    undecided = [c for c in cells if c.startswith("no decision")]
    assert undecided, "the case must have undecided cells"
    for cell in undecided:
        assert "odds" not in cell and "most probable" not in cell
        assert cell.startswith("no decision (highest: ")


def test_the_paragraph_for_a_paper_says_a_decision_is_weak(weak):
    assert "a weak decision" in weak.headline()
    text = weak.results_text()
    assert ("The decision is a weak one: the declared outcome's probability on a new data set "
            "is only 0.590, below 0.8.") in text


def test_the_report_figures_say_which_side_is_whose(weak):
    page = html_report(weak)
    assert "The axis is hnb − nbc: nbc better on the left, hnb better on the right." in page
    assert page.count("nbc better is the bottom-left corner and hnb better the bottom-right") == 2


def test_the_card_defines_the_posterior_probability_for_every_test():
    card = (ROOT / "docs" / "reading-your-verdict.md").read_text(encoding="utf-8")
    row = next(line for line in card.splitlines() if line.startswith("| **posterior probability**"))
    assert "over all data sets" in row and "hierarchical test" in row
    # the correlated t-test's number has its own name, its columns' (reader 16)
    own = next(line for line in card.splitlines()
               if line.startswith("| **probability on this data set**"))
    assert "correlated t-test" in own and "correlated t-test" not in row


def test_the_k_decision_matrix_names_each_cells_outcome():
    # the console and your_results printed "better"/"worse", a fourth word beside the one
    # order "<a> better · equivalent · <b> better"
    from conftest import make_table
    from bayestut.analysis import many_text
    df = make_table(6, 2, 5, classifiers=("rf", "svm", "knn"),
                    gaps={"rf": 0.04, "svm": 0.04, "knn": -0.04}, noise=0.005, seed=2)
    many = bt.compare_all(df, rope=0.01, engine="exact", n_jobs=1, progress=False)
    grid = many_text.decision_grid(many, many.tests[-1])
    cells = {v for v in grid.to_numpy().ravel() if v}
    assert cells and not cells & {"better", "worse"}
    assert {"rf better", "svm better"} & cells          # the case decides against knn
    assert grid.to_string() in many.summary()
    page = html_report(many)
    assert "row better" not in page.split('<table class="grid">')[1]


def test_no_decision_beside_a_decided_delta0_says_which_claim_that_is():
    # a close pair: the verdict "no decision" while the δ₀ row says "equivalent"; the reader
    # asked which to write
    from conftest import make_table
    df = make_table(14, 3, 5, classifiers=("rf", "xgb"), gaps={"rf": 0.0}, noise=0.02, seed=3)
    c = bt.compare(df, "rf", "xgb", rope=0.01, engine="exact")
    assert c.decision == "no decision"
    assert c.probabilities.loc["hierarchical test: probability for δ₀", "equivalent"] > 0.95
    assert ("For δ₀ alone, equivalent passes 0.95 (" in c.headline()
            and 'only if δ₀ was your estimand before you looked (about="delta0").' in c.headline())
    c.options["command_line"] = True        # as the command line marks its result
    assert "only if δ₀ was your estimand before you looked (--about delta0)." in c.headline()
    decided = bt.compare(bt.load_uci(), "j48", "j48gr", rope=0.01, engine="exact")
    assert "For δ₀ alone" not in decided.headline()          # only beside "no decision"
