"""A new reader's findings on the reports (issue 38, third reader): the K-classifier Results
paragraph and the verdict share one tie rule; the verdict lists every pair's decision; the
plan's posterior probability of favouring an outcome is compare's; the Methods name the
model's parameters as the Results do; no -0.000; the plan's answer comes first."""

import types

import matplotlib
import numpy as np
import pandas as pd
import pytest

matplotlib.use("Agg")

import bayestut as bt  # noqa: E402
from bayestut.analysis import comparison_text, dataset_text, many_text, verdict_notes, writeup  # noqa: E402
from bayestut.analysis.many import compare_all  # noqa: E402
from bayestut.analysis.pages import table  # noqa: E402
from bayestut.analysis.report import html_report  # noqa: E402
from bayestut.simulation import planning  # noqa: E402
from conftest import make_table  # noqa: E402


@pytest.fixture(scope="module")
def twins():
    """rf and xgb score alike (their expected ranks print the same), svm and knn lower; a
    narrow rope leaves rf against xgb undecided."""
    df = make_table(8, 2, 5, classifiers=("rf", "xgb", "svm", "knn"),
                    gaps={"rf": 0.03, "xgb": 0.03, "svm": 0.0, "knn": -0.03}, noise=0.01,
                    seed=4, level=(0.6, 0.8))
    return compare_all(df, rope=0.003, engine="exact", n_jobs=1, progress=False)


@pytest.fixture(scope="module")
def held_out():
    """Ten data sets of the bundled results, nbc against aode undecided."""
    table = bt.load_uci()
    return table[table["dataset"].isin(table["dataset"].unique()[:10])]


def test_the_results_paragraph_names_the_tie_the_verdict_names(twins):
    ranks = twins.ranking.table()["expected rank"].map("{:.1f}".format)
    best = ranks.iloc[0]
    tied = list(ranks.index[ranks == best])
    assert len(tied) >= 2, "the fixture must tie the best expected rank as printed"
    ranking = next(v for v in twins.verdict() if v.startswith("Plackett-Luce"))
    sentence = writeup.results_text(twins).split("The Plackett-Luce model", 1)[1]
    sentence = sentence.split(" of ranking first", 1)[0].split(" each ranking first", 1)[0]
    for name in tied:
        assert name in ranking and writeup.quoted(name) in sentence
    assert f"best expected rank ({best})" in sentence
    assert many_text.best_ranked(twins) == (tied, best)      # the one rule both call


def test_the_verdict_lists_every_pairs_decision_by_the_leading_test(twins):
    line = next(v for v in twins.verdict() if v.startswith("hierarchical test"))
    assert line.startswith("hierarchical test, pair by pair (a decision: ")
    decision = twins.matrix("hierarchical", "decision")
    for a, b in twins.pairs:
        said = {"equivalent": f"{a} and {b} equivalent", f"{a} better": f"{a} better than {b}",
                f"{b} better": f"{b} better than {a}"}.get(decision.loc[a, b])
        assert (said or f"{a} and {b}") in line
    assert "no decision: rf and xgb" in line           # the undecided pair, by name
    assert line in twins.summary() and line in html_report(twins)


def test_the_k_console_prints_each_pair_as_the_two_classifier_table(twins):
    for (a, b), c in twins.pairs.items():
        labels = [row["test"] for row in comparison_text.overall_rows(c)]
        assert list(twins.pair_table(a, b).index) == labels
        assert twins.pair_table(a, b).equals(c.overall_table())
        assert labels[0].startswith("signed-rank test") and any(
            "expected probability" in x for x in labels)


def test_the_plans_posterior_probability_is_compares(held_out):
    found = bt.plan(held_out, "nbc", "aode", add=(2,), sims=4, seed=3, n_jobs=1)
    h = bt.compare(held_out, "nbc", "aode", seed=3).hierarchical
    column = found.split.loc[2, planning.POSTERIOR_COLUMN]
    assert list(column.index) == list(h.probabilities.index)
    assert 0.01 < h.probabilities.min() and h.probabilities.max() < 0.99, "an undecided pair"
    # both integrate the same posterior: equal within the numerical error (a draws' count of
    # 4,000 would be off by its Monte Carlo error, about 0.008 here)
    error = np.maximum(3 * h.probabilities_mcse.to_numpy(), 1e-4)
    assert np.all(np.abs(column.to_numpy() - h.probabilities.to_numpy()) <= error)


def test_the_plan_prints_its_answer_first_and_suggests_larger_counts(held_out):
    found = bt.plan(held_out, "nbc", "aode", add=(1,), sims=2, seed=0, n_jobs=1)
    assert found.smallest() is None, "one more data set must not decide this pair"
    printed = " ".join(str(found).split())          # the console wraps its text
    # first what the plan answers and the verdict to report meanwhile, then the answer
    from bayestut.simulation import plan_text
    assert printed.startswith(plan_text.opening(found))
    answer = found.headline().split(". ", 1)[1]
    assert printed.index(answer) < printed.index("P(decision)")
    assert "No count listed reaches a decision with probability 0.8" in found.headline()
    # one form each: the command line's for the command line, Python's for Python
    assert "--add 2 4" in found.headline(command_line=True) and "add=(" not in \
        found.headline(command_line=True)
    assert "add=(2, 4)" in found.headline() and "--add" not in found.headline()


def test_the_methods_name_the_models_parameters_as_the_results_do(twins):
    text = writeup.methods_text(twins)
    assert "mean δ₀, scale σ₀, ν degrees of freedom" in text and "ρ = 1/5" in text
    assert not any(word in text for word in ("delta0", "sigma0", "rho =", "nu - 1"))
    tex = writeup.latex_document_body(twins)
    assert r"mean $\delta_0$, scale $\sigma_0$, $\nu$ degrees" in tex


def test_a_negative_number_rounding_to_zero_prints_as_zero():
    frame = pd.DataFrame({"shrunk (hierarchical)": [-0.0001, -0.0012, 0.0]}, index=["d0", "d1",
                                                                                 "d2"])
    cells = [row[1][0] for row in table(frame)["rows"]]
    assert cells == ["0.000", "-0.001", "0.000"]
    result = types.SimpleNamespace(a="mine", b="base", threshold=0.95, rope=0.01,
                                   per_dataset_table=lambda: frame)
    text = dataset_text.per_dataset_text(result)
    assert "-0.000" not in text and "-0.001" in text


def test_the_next_step_after_a_delta0_verdict_plans_the_decision_on_delta0():
    # a reader's finding: plan had no --about, and answered "decided already" under a δ₀
    # "no decision"; the planner now plans the decision on δ₀, and the report asks for it
    table = make_table(8, 2, 5, gaps=0.004, seed=3)
    c = bt.compare(table, "mine", "baseline", rope=0.003, about="delta0", engine="exact",
                   progress=False)
    assert c.decision == "no decision", "the fixture must leave δ₀ undecided"
    step = verdict_notes.next_step(c)
    assert "plan" in step and "--about delta0" in step
    plain = bt.compare(table, "mine", "baseline", rope=0.003, engine="exact", progress=False)
    assert "δ₀" not in verdict_notes.next_step(plain)
    assert "--about" not in verdict_notes.next_step(plain)


def test_the_card_states_the_weak_decision_cut_off_the_code_uses():
    from pathlib import Path

    from bayestut.analysis.wording import MODEST
    card = (Path(__file__).parents[1] / "docs" / "reading-your-verdict.md").read_text()
    assert f"below {MODEST:g}, the verdict says so" in card
