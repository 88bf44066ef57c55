"""What a method paper and a practitioner each need (issue 38): δ₀ beside the new data set in
every report, a choice of which the verdict decides on, a weak decision called weak, the next
step after "no decision", and why pooled data sets decide when no single one does."""

import numpy as np
import pandas as pd
import pytest

from bayestut.analysis import wording
from bayestut.analysis.cli import main
from bayestut.analysis.compare import compare
from bayestut.errors import InputError
from test_compare_cli import results

FAST = dict(signed_rank_samples=5_000)


def noisy(gaps, folds=10, noise=0.03, seed=0) -> pd.DataFrame:
    """One run of ``folds`` folds per data set, with fold-to-fold noise ``noise``."""
    rng = np.random.default_rng(seed)
    rows = []
    for i, gap in enumerate(gaps):
        for f in range(1, folds + 1):
            base = rng.uniform(0.7, 0.8)
            rows.append((f"set{i}", "base", 1, f, base))
            rows.append((f"set{i}", "mine", 1, f, base + gap + rng.normal(0, noise)))
    return pd.DataFrame(rows, columns=["dataset", "classifier", "run", "fold", "score"])


@pytest.fixture(scope="module")
def clear():
    return compare(results(), "mine", "base", **FAST)


def test_every_report_carries_delta0_beside_the_new_data_set(clear):
    h = clear.hierarchical
    assert "For the mean difference δ₀ (a method paper's claim): P(mine better)" in clear.headline()
    assert "hierarchical test: probability for δ₀" in clear.overall_table().index
    assert clear.probabilities.loc["hierarchical test: probability for δ₀", "mine better"] == \
        pytest.approx(h.delta0_probabilities["mine better"])
    md, tex = clear.to_markdown(), clear.to_latex()
    assert "| hierarchical test: probability for δ₀ |" in md
    assert r"hierarchical test: probability for $\delta_0$ &" in tex
    # in a paper's words: the tutorial's asides ("a method paper's claim") stay in the console
    assert ". For the mean difference δ₀ over data sets like these, the probabilities for δ₀ are" \
        in clear.results_text()
    assert "method paper's claim" not in clear.results_text()
    assert "(the practitioner's question)" not in clear.results_text()


def test_the_verdict_can_decide_on_delta0(clear):
    on_delta0 = compare(results(), "mine", "base", about="delta0", **FAST)
    assert on_delta0.headline().startswith("Hierarchical test over 3 data sets, for the mean "
                                           "difference δ₀ (a method paper's claim): ")
    # the papers' rule named with its number, not a table cell ("the papers' rule on it: …"
    # beside the new data set's probabilities read as if it applied to them)
    # (the verdict's last line, after the new data set's probabilities)
    last = on_delta0.headline().splitlines()[2]
    assert last.startswith("On a new data set: P(mine better) = ")
    assert ("; by the papers' rule (the posterior probability that an outcome is the likeliest "
            "on a new data set): mine practically better than base (posterior probability") \
        in last
    # the decisions list starts with the one the verdict is based on, δ₀'s, in outcome names
    first, *rest = on_delta0.sentences()
    assert first.startswith("hierarchical test, for the mean difference δ₀ (the verdict's "
                            "claim): ") and "P(mine better)" in first
    assert not any("δ₀" in s for s in rest) and not any("δ₀" in s for s in clear.sentences())
    assert on_delta0.sentences()[1:] == clear.sentences()
    p = on_delta0.hierarchical.delta0_probabilities
    assert on_delta0.decision == ("mine better" if p["mine better"] > 0.95 else "no decision")
    assert clear.decision == "mine better" and clear.about == "new data set"


@pytest.mark.parametrize("about", ["delta", "δ₀", None])
def test_an_unknown_about_is_refused(about):
    with pytest.raises(InputError,
                       match="about must be .new data set., .new-data-set. or .delta0."):
        compare(results(), "mine", "base", about=about)


def test_delta0_needs_every_fold_and_several_data_sets():
    means = results().groupby(["dataset", "classifier"], as_index=False)["score"].mean()
    with pytest.raises(InputError, match="needs the score of every fold"):
        compare(means, "mine", "base", about="delta0")
    with pytest.raises(InputError, match="needs at least 2"):
        compare(results(gaps=(0.05,)), "mine", "base", about="delta0")


def test_a_weak_decision_says_so():
    # the case: decided at 0.982, only 0.67 on a new data set, δ₀ undecided (0.928);
    # number-line order: (b better, equivalent, a better)
    clause = wording.weak_side([0.0, 0.018, 0.982], [0.1, 0.23, 0.67], "svm", "xgb", 0.95)
    assert clause == "on a new data set svm is better with probability only 0.670"
    strong = wording.weak_side([0.0, 0.01, 0.99], [0.05, 0.1, 0.85], "svm", "xgb", 0.95)
    undecided = wording.weak_side([0.2, 0.1, 0.7], [0.2, 0.2, 0.6], "svm", "xgb", 0.95)
    assert strong == undecided == ""


def test_whether_delta0_decides_is_said_in_one_clause():
    # number-line order (b better, equivalent, a better); the verdict decides "svm better"
    shares = [0.0, 0.01, 0.99]
    same = wording.delta0_decision(shares, [0.0, 0.02, 0.98], "svm", "xgb", 0.95)
    other = wording.delta0_decision(shares, [0.0, 0.97, 0.03], "svm", "xgb", 0.95)
    none = wording.delta0_decision(shares, [0.0, 0.3, 0.7], "svm", "xgb", 0.95)
    assert same == "the decision for δ₀ is the same, svm better: its probability is above 0.95"
    assert other == "the decision for δ₀ differs, equivalent: its probability is above 0.95"
    assert none == ("there is no decision for δ₀: its highest probability, 0.700 for svm "
                    "better, is short of 0.95")


def test_a_no_decision_report_ends_with_the_next_step(tmp_path, capsys):
    csv = tmp_path / "my results.csv"
    noisy([0.01, 0.012, 0.008]).to_csv(csv, index=False)
    assert main(["compare", str(csv), "mine", "base", "--rope", "0.02", "--out",
                 str(tmp_path)]) == 0
    out = capsys.readouterr().out
    summary = out.split("\nreport written to")[0].rstrip()
    assert "Verdict: Hierarchical test over 3 data sets: no decision" in summary
    last = summary.splitlines()[-1]
    assert last.startswith('Next step: read the card Reading your verdict, section "No '
                           'decision" (python -m bayestut card --section "No decision")')
    assert last.endswith(f"python -m bayestut plan '{csv}' mine base --rope 0.02 "
                         "--add 5 10 20")
    page = (tmp_path / "compare_mine_vs_base.html").read_text()
    assert "Next step: read the card Reading your verdict" in page


def test_a_decided_report_has_no_next_step(clear):
    assert clear.next_step() == "" and "Next step" not in clear.summary()


def test_pooled_data_sets_decide_when_none_alone_does():
    c = compare(noisy([0.0] * 30), "mine", "base", **FAST)
    assert c.decision == "equivalent"                            # the case itself
    assert (c.per_dataset_table()["decision"].str.startswith("no decision")).all()
    # why both are true (reader 19): each data set's few folds, the population pinned down by
    # all of them; true of every data set's posterior: the decision rule itself, not a width
    # (a side can reach 0.95 with a 95% HDI wider than the rope)
    assert c.pooled() == ("No single data set is decided, yet the hierarchical test decides: "
                          "both are true. On each data set alone, its 10 paired differences "
                          "leave the correlated t-test's largest probability below 0.95. The "
                          "hierarchical test's claim, about a new data set, rests on the "
                          "population of data sets, which all 30 together pin down.")
    assert "equivalent on 0, " in c.summary() and c.pooled() in c.summary()
    on_delta0 = compare(noisy([0.0] * 30), "mine", "base", about="delta0", **FAST)
    assert "about the mean difference δ₀, rests" in on_delta0.pooled()
    # not said when a data set decides, nor beside "no decision"
    some = compare(noisy([0.0] * 29 + [0.15], noise=0.005), "mine", "base", **FAST)
    assert some.decision == "equivalent"
    assert (some.per_dataset_table()["decision"] == "mine better").any()
    assert some.pooled() == "" and "both are true" not in some.summary()
    few = compare(noisy([0.0] * 3), "mine", "base", **FAST)
    assert few.decision == "no decision" and few.pooled() == ""


def test_the_command_lines_spelling_of_about_is_the_pythons_too():
    # --about new-data-set copied into Python was refused
    assert compare(results(), "mine", "base", about="new-data-set").about == "new data set"
