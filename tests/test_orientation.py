"""One orientation for readers (issue 32): every public table, sentence and legend names the
classifiers, in the order "a better, equivalent, b better", never bare left/right or ≪/≫."""

import re

import pytest

from bayestut.analysis import guide
from bayestut.analysis.cli import main
from bayestut.analysis.compare import compare
from bayestut.analysis.many import compare_all
from test_compare_cli import results

# mine better than base on two data sets, equivalent on one; base first in the table
GAPS = (0.05, 0.04, 0.0)
ORDER = ["P(mine better)", "P(equivalent)", "P(base better)"]
OLD = re.compile(r"≪|≫|\bleft\b|\bright\b|\bP\(rope\)")


@pytest.fixture(scope="module")
def c():
    return compare(results(GAPS), "mine", "base", seed=0)


def probability_columns(labels) -> list[str]:
    return [str(x) for x in labels if str(x).startswith("P(")]


def in_order(text: str) -> bool:
    """The three probabilities, wherever more than one appears in a line, in ORDER."""
    for line in text.splitlines():
        found = [line.find(name) for name in ORDER]
        found = [f for f in found if f >= 0]
        if found != sorted(found):
            return False
    return True


def test_two_classifier_tables_name_the_outcomes_in_one_order(c):
    assert probability_columns(c.per_dataset_table().columns) == [
        f"{x} on this data set" for x in ORDER]     # another number than the overall table's
    assert probability_columns(c.overall_table().columns) == ORDER
    assert probability_columns(c.hierarchical.per_dataset().columns) == ORDER
    names = [n[2:-1] for n in ORDER]                   # "mine better", "equivalent", ...
    assert list(c.hierarchical.summary().columns[:3]) == names
    for p in (c.hierarchical.probabilities, c.hierarchical.new_data_set_probabilities,
              c.hierarchical.delta0_probabilities, c.signed_rank.probabilities,
              c.signed_rank.expected_probabilities):
        assert list(p.index) == names
    assert list(c.probabilities.columns) == names
    assert c.decision in names + ["no decision"]
    # the numbers follow their names: mine is better on set0, by 0.05
    assert c.per_dataset_table().loc["set0", "P(mine better) on this data set"] > 0.95


def test_mean_scores_only_name_the_outcomes_in_one_order():
    means = results((0.05, 0.04, 0.0, 0.03, 0.02, 0.01)).groupby(
        ["dataset", "classifier"], as_index=False)["score"].mean()
    m = compare(means, "mine", "base", seed=0)
    assert probability_columns(m.overall_table().columns) == ORDER
    assert not OLD.search(m.summary()) and in_order(m.summary())


def test_guide_sweeps_name_the_outcomes_in_one_order(c):
    d = c.differences
    assert list(guide.correlated_sweep(d.row("set0"), d.rho, [0.01], a="mine",
                                       b="base").columns) == ORDER
    assert list(guide.signed_rank_sweep(d, [0.01], n_samples=1000).columns) == ORDER


def test_the_many_classifier_table_lists_a_better_first():
    many = compare_all(results(GAPS), ["mine", "base"], seed=0, ranking=False, n_jobs=1,
                       progress=False)
    columns = [x for x in many.table().columns if "P(" in x]
    assert columns == ["P(a better)", "P(equivalent)", "P(b better)",
                       "± P(a better)", "± P(equivalent)", "± P(b better)"]
    assert list(many.probabilities("hierarchical", "mine", "base").index) == [
        "mine better", "equivalent", "base better"]
    assert list(many.probabilities("hierarchical", "base", "mine").index) == [
        "base better", "equivalent", "mine better"]


def test_sentences_and_the_console_summary_name_the_outcomes_in_one_order(c, tmp_path, capsys):
    headline = c.headline()
    assert "On a new data set: P(mine better) = " in headline
    assert headline.index("P(mine better)") < headline.index("P(equivalent)") \
        < headline.index("P(base better)")
    csv = tmp_path / "results.csv"
    results(GAPS).to_csv(csv, index=False)
    assert main(["compare", str(csv), "mine", "base", "--out", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    for text in (out, headline, *c.sentences()):
        assert not OLD.search(text), OLD.search(text)
        assert in_order(text)
    # both tables' headers
    assert len(re.findall(r"P\(mine better\) +P\(equivalent\) +P\(base better\)", out)) == 1
    assert len(re.findall(r"P\(mine better\) on this data set +P\(equivalent\) on this data "
                          r"set +P\(base better\) on this data set", out)) == 1


def test_in_order_can_fail():
    assert not in_order("P(base better) = 0.1, P(mine better) = 0.9")
    assert OLD.search("P(mine ≫ base)") and OLD.search("the left outcome")
