"""The paper's paragraphs for an author: which test is primary and what to write when the
tests disagree, δ₀ alone beside "no decision", δ₀ beside the plain mean, the per-data-set
counts as a description, the labels with about="delta0", and the placeholders to fill."""

from types import SimpleNamespace

import numpy as np
import pytest

import bayestut as bt
from bayestut.analysis import delta0_size, writeup, writeup_caveats
from bayestut.analysis.comparison import Overall
from bayestut.paths import DATA
from conftest import make_table
from test_writeup import check_latex

ZERO = np.zeros(3)
# number-line (b better, equivalent, a better) probabilities that decide each way, or not
A_BETTER, EQUIVALENT, UNDECIDED = (np.array(p) for p in
                                   ([0.0, 0.02, 0.98], [0.01, 0.98, 0.01], [0.1, 0.3, 0.6]))


def stub(hierarchical, signed_rank, delta0=UNDECIDED, about="new data set"):
    """A two-classifier result holding only what the decisions read."""
    tests = [Overall(test="signed-rank test", shares=signed_rank, shares_se=ZERO, means=ZERO,
                     means_se=ZERO),
             Overall(test="hierarchical test", shares=hierarchical, shares_se=ZERO,
                     means=ZERO, means_se=ZERO, delta0=delta0, delta0_se=ZERO)]
    return SimpleNamespace(a="mine", b="base", threshold=0.95, about=about, refused=None,
                           tests=("signed-rank", "hierarchical"), overall=lambda: tests)


def test_a_disagreement_is_stated_with_the_primary_result_named():
    # the hierarchical test decides and the signed-rank test does not
    text = writeup_caveats.disagreement(stub(A_BETTER, UNDECIDED), writeup.quoted)
    assert text.startswith("The tests disagree: the hierarchical test finds “mine” practically "
                           "better than “base”, while the signed-rank test reaches no decision. ")
    assert text.endswith("The primary result is that of the hierarchical test, as stated in the "
                         "Methods.")
    # they decide differently
    text = writeup_caveats.disagreement(stub(EQUIVALENT, A_BETTER))
    assert ("the hierarchical test finds mine and base practically equivalent, while the "
            "signed-rank test finds mine practically better than base") in text
    # on δ₀: the signed-rank test's decision against δ₀'s only; the papers' rule on a new
    # data set is set against δ₀ in the Supplementary paragraph (papers_rule_aside)
    text = writeup_caveats.disagreement(stub(A_BETTER, A_BETTER, about="delta0"))
    assert text.startswith("The tests disagree: the hierarchical test on δ₀ reaches no decision, "
                           "while the signed-rank test finds mine practically better than base.")
    assert "on a new data set" not in text
    assert writeup_caveats.disagreement(stub(A_BETTER, UNDECIDED, about="delta0")) == ""
    # agreement, decided or not, says nothing
    assert writeup_caveats.disagreement(stub(A_BETTER, A_BETTER)) == ""
    assert writeup_caveats.disagreement(stub(UNDECIDED, UNDECIDED)) == ""


def test_the_methods_name_the_primary_result():
    same = make_table(4, 2, 5, gaps=0.0, noise={"mine": 0.0, "baseline": 0.0}, seed=1)
    identical = bt.compare(same, "mine", "baseline", engine="exact")
    assert "primary result" not in identical.methods_text()    # no test to prefer
    assert writeup_caveats.primary(stub(A_BETTER, A_BETTER)) == (
        "The primary result is the decision of the hierarchical test; the signed-rank test is "
        "reported as a check.")
    assert writeup_caveats.primary(stub(A_BETTER, A_BETTER, about="delta0")) == (
        "The primary result is the decision of the hierarchical test on δ₀; the hierarchical "
        "test on a new data set and the signed-rank test are reported as checks.")


@pytest.fixture(scope="module")
def hnb():
    """The papers' hnb against nbc: the papers' rule decides, δ₀ does not (0.889)."""
    uci = bt.load_uci()
    return {about: bt.compare(uci, "hnb", "nbc", engine="exact", about=about)
            for about in ("new data set", "delta0")}


def test_the_paper_text_of_a_real_disagreement(hnb):
    delta0 = hnb["delta0"]
    text = delta0.results_text()
    # the signed-rank paragraph sets the signed-rank test against δ₀; the Supplementary
    # paragraph, where the papers' rule is introduced, sets that rule against δ₀
    checks, supplementary = text.split("As a separate check")[1].split(writeup.SUPPLEMENTARY)
    assert ("The tests disagree: the hierarchical test on δ₀ reaches no decision, while the "
            "signed-rank test finds “hnb” practically better than “nbc”.") in checks
    assert "on a new data set" not in checks
    assert ("That rule decides, but this study does not take its decision: it decides on δ₀, as "
            "its Methods state, and δ₀ reaches no decision.") in supplementary
    assert "The primary result is the decision of the hierarchical test on δ₀" in \
        delta0.methods_text()
    assert "disagree" not in hnb["new data set"].results_text()      # both decide alike


def test_with_about_delta0_the_other_numbers_are_labelled(hnb):
    text = hnb["delta0"].results_text()
    o = hnb["delta0"].overall()[-1]
    papers = writeup.wording.number(o.shares[2], o.shares_se[2])
    new = writeup.wording.number(o.means[2], o.means_se[2])
    # what the papers' rule is, said where it is first named in the Results (mpaper4)
    assert ("For comparison, the papers' rule is the hierarchical test's decision on a new data "
            "set: an outcome whose posterior probability of being the likeliest there exceeds "
            f"0.95. That probability is {papers} for “hnb”") in text
    assert (f"For a practitioner choosing for the next data set, “hnb” would be practically "
            f"better on it with probability {new}") in text
    # δ₀'s claim, its size and its rope check come before the numbers for comparison
    assert text.index("The mean difference over the population") < text.index("For comparison")
    assert "For comparison" not in hnb["new data set"].results_text()


def test_delta0_beside_the_plain_mean_says_why(hnb):
    c = hnb["new data set"]
    mean, low, high = delta0_size.estimate(c)
    d = delta0_size.digits(c.rope, low, high)
    plain = c.differences.x.mean(axis=1).mean()
    assert abs(mean - plain) > 0.005                     # the case itself: 0.015 against 0.023
    assert (f"δ₀'s posterior mean, {delta0_size.signed(mean, d)}, differs from the plain mean of "
            f"the data sets' mean differences, {delta0_size.signed(plain, d)}. The hierarchical "
            "model weights each data set by the precision of its estimate") in c.results_text()
    # the same gap on every data set, little noise: the two agree, and nothing is said
    even = bt.compare(make_table(8, 2, 5, gaps=0.03, noise=0.002, seed=1), "mine", "baseline",
                      engine="exact")
    assert "plain mean" not in even.results_text()


def test_the_counts_describe_these_data_sets(hnb):
    text = hnb["new data set"].results_text()
    assert ("For these data sets alone (a description, not an inference about others), the "
            "correlated t-test finds “hnb” practically better on ") in text
    assert "on the individual data sets" not in text


def test_delta0_alone_beside_no_decision_is_not_claimed():
    # test_reader4's close pair: no decision on a new data set, δ₀ equivalent above 0.95
    df = make_table(14, 3, 5, classifiers=("rf", "xgb"), gaps={"rf": 0.0}, noise=0.02, seed=3)
    c = bt.compare(df, "rf", "xgb", rope=0.01, engine="exact")
    assert c.decision == "no decision"
    p = c.probabilities.loc["hierarchical test: probability for δ₀", "equivalent"]
    shown = writeup.wording.number(p, 0, 0.95)
    assert (f"For δ₀ alone, equivalence passes 0.95 ({shown}); it is not claimed, because the "
            "decision was declared on a new data set (see the Methods), not on δ₀.") in \
        c.results_text()
    # the signed-rank test decides where the verdict's does not: stated, not resolved
    assert ("The tests disagree: the hierarchical test reaches no decision, while the signed-rank "
            "test finds “rf” and “xgb” practically equivalent.") in c.results_text()
    on_delta0 = bt.compare(df, "rf", "xgb", rope=0.01, engine="exact", about="delta0")
    assert "For δ₀ alone" not in on_delta0.results_text()       # there it is the decision


def test_the_author_must_fill_the_metric_and_the_ropes_reason(tmp_path):
    blog = bt.compare(DATA / "blog_study_auc.csv", "knn", "adaboost", engine="exact")
    text = blog.methods_text()
    assert ("(metric: [TO FILL: the metric's name, e.g. accuracy or AUC; the results file calls "
            "it 'score']; higher scores are better)") in text
    assert ("were deemed of no practical consequence [TO FILL: why ±0.01 is of no practical "
            "consequence for this metric: give your reason].") in text
    md, tex, _ = (p.read_text() for p in writeup.write_files(blog, tmp_path / "r.html"))
    assert md.count("**\\[TO FILL: ") == 2 and "\\]**" in md
    assert tex.count(r"\textbf{{[}TO FILL: ") == 2
    assert tex.startswith("% TODO: fill in every bold [TO FILL: ...]")
    assert tex.count("TODO") == 1           # the claim's note below it is a NOTE
    check_latex(tex)
    # a column that names its metric is named; the rope's reason is still asked for
    accuracy = bt.compare(make_table(5, 2, 5, gaps=0.02, seed=2).rename(
        columns={"score": "accuracy"}), "mine", "baseline", score="accuracy", engine="exact")
    text = accuracy.methods_text()
    assert "metric 'accuracy'" in text and "the metric's name" not in text
    assert "[TO FILL: why ±0.01 is of no practical consequence" in text


def test_the_metric_is_named_as_the_author_says(tmp_path, capsys):
    from bayestut.analysis.cli import main

    table = make_table(5, 2, 5, gaps=0.02, seed=2).rename(columns={"score": "bacc"})
    named = bt.compare(table, "mine", "baseline", score="bacc", engine="exact",
                       metric_name="  balanced   accuracy ")
    text = named.methods_text() + named.results_text()
    assert "metric: balanced accuracy;" in text and "±0.01 of balanced accuracy" in text
    assert "bacc" not in text and "the metric's name" not in text
    # the console's and HTML's orientation and δ₀'s figure name it too (reader 29: 'score' there)
    from bayestut.analysis.comparison_figures import delta0_axis
    assert "Metric 'balanced accuracy' (column 'bacc'): " in named.orientation()
    assert delta0_axis(named).startswith("δ₀: mean of balanced accuracy(mine) − balanced accuracy")
    # a generic column ("score") named too: no placeholder for it is left
    generic = bt.compare(table.rename(columns={"bacc": "score"}), "mine", "baseline",
                         engine="exact", metric_name="balanced accuracy")
    assert "[TO FILL: the metric's name" not in generic.methods_text()
    for empty in ("", "   ", 3):
        with pytest.raises(bt.InputError, match="metric_name"):
            bt.compare(table, "mine", "baseline", score="bacc", metric_name=empty)
    csv = tmp_path / "bacc.csv"
    table.to_csv(csv, index=False)
    assert main(["compare", str(csv), "mine", "baseline", "--score", "bacc", "--metric-name",
                 " ", "--out", str(tmp_path)]) == 2
    assert "--metric-name" in capsys.readouterr().err


def test_compare_all_names_the_metric_and_the_ropes_reason_for_every_pair():
    # the K form takes the write-ups' words in Python too (it raised a TypeError)
    table = make_table(4, 2, 5, classifiers=("a", "b", "c"), gaps={"a": 0.02}, seed=4)
    many = bt.compare_all(table.rename(columns={"score": "bacc"}), score="bacc", engine="exact",
                          ranking=False, n_jobs=1, progress=False,
                          metric_name="balanced accuracy", rope_reason="a clinic's margin")
    text = many.methods_text()
    assert "balanced accuracy" in text and "a clinic's margin" in text and "bacc" not in text
    assert "Metric 'balanced accuracy' (column 'bacc'): " in many.summary()
    with pytest.raises(bt.InputError, match="metric_name"):
        bt.compare_all(table, metric_name=" ", n_jobs=1, progress=False)


def test_the_cards_numbers_for_delta0_beside_the_plain_mean(hnb):
    # docs/reading-your-verdict.md quotes hnb against nbc: its numbers must be the package's
    from pathlib import Path

    card = (Path(__file__).parents[1] / "docs" / "reading-your-verdict.md").read_text("utf-8")
    c = hnb["new data set"]
    means = c.differences.x.mean(axis=1)
    quoted = (f"for hnb against nbc, {delta0_size.signed(delta0_size.estimate(c)[0], 3)} "
              f"against {delta0_size.signed(means.mean(), 3)}.")
    assert quoted in " ".join(card.split())
    assert "hnb's two gains of about 0.25" in " ".join(card.split())
    assert sorted(np.round(means, 2))[-2:] == [0.25, 0.26] and (means > 0.2).sum() == 2


# a method-paper reader's findings on `compare ... --out` (hnb against nbc, with and without
# --about delta0): the claim the text decides on, the papers' rule beside δ₀'s, the Methods

def test_the_files_say_which_claim_the_text_decides_on(hnb, tmp_path):
    new, delta0 = ((p.read_text() for p in writeup.write_files(hnb[about], tmp_path / f"{i}.html")
                    [:2]) for i, about in enumerate(("new data set", "delta0")))
    (md, tex), (md0, tex0) = new, delta0
    assert md.startswith("> Note: This text decides on a new data set (a practitioner's claim); "
                         "for a claim about the average over data sets (a method paper's), "
                         "rerun with --about delta0 (about=\"delta0\" in Python).\n\n## Methods")
    assert md0.startswith("> Note: This text decides on the mean difference δ₀ over data sets "
                          "(a method paper's claim); for a claim about a new data set (a "
                          "practitioner's), rerun without --about delta0")
    for text, first in ((tex, "% NOTE: This text decides on a new data set"),
                        (tex0, "% NOTE: This text decides on the mean difference delta_0")):
        header = text[:text.index("\\paragraph{Methods.}")]
        assert first in header and "rerun with" + "out" * (text is tex0) in " ".join(
            line.removeprefix("% ") for line in header.splitlines())
        assert all(line.startswith("% ") for line in header.splitlines())  # comments only
        assert header.isascii()
        check_latex(text)


def test_no_claim_to_choose_no_note(tmp_path):
    table = make_table(5, 2, 5, classifiers=("mine", "baseline", "other"), gaps=0.02, seed=2)
    means = table.groupby(["dataset", "classifier"], as_index=False)["score"].mean()
    for result in (bt.compare(means, "mine", "baseline"),          # no hierarchical test
                   bt.compare_all(table, ranking=False, n_jobs=1, progress=False)):
        assert writeup_caveats.about_note(result) == ""
        md, tex, _ = (p.read_text() for p in writeup.write_files(result, tmp_path / "r.html"))
        assert md.startswith("## Methods") and "This text decides" not in tex


def test_the_papers_rule_beside_delta0_is_not_the_studys_decision(hnb):
    text = hnb["delta0"].results_text()
    assert ("0.003 for equivalence and < 0.001 for “nbc” better. That rule decides, but this "
            "study does not take its decision: it decides on δ₀, as its Methods state, and δ₀ "
            "reaches no decision.") in text
    assert "this study" not in hnb["new data set"].results_text()
    on = lambda papers, delta0: writeup_caveats.papers_rule_aside(      # noqa: E731
        stub(papers, UNDECIDED, delta0=delta0, about="delta0"))
    assert on(UNDECIDED, A_BETTER) == (" That rule reaches no decision; this study decides on "
                                       "δ₀, as its Methods state.")
    assert on(A_BETTER, EQUIVALENT).startswith(" That rule decides otherwise than δ₀")
    assert on(A_BETTER, A_BETTER) == on(UNDECIDED, UNDECIDED) == ""      # nothing to tell apart
    assert writeup_caveats.papers_rule_aside(stub(A_BETTER, UNDECIDED)) == ""   # not on δ₀


def test_the_methods_announce_the_interval_criterion_the_results_use(hnb):
    sentence = ("We also report whether this interval excludes 0 (one classifier scoring better "
                "on average, by any margin), which needs no rope.")
    for c in hnb.values():
        assert "95% credible interval excludes 0" in c.results_text()
        methods = c.methods_text()
        assert ("its 95% equal-tailed credible interval. " + sentence) in methods
    means = bt.compare(make_table(5, 2, 5, gaps=0.02, seed=2).groupby(
        ["dataset", "classifier"], as_index=False)["score"].mean(), "mine", "baseline")
    assert "excludes 0" not in means.methods_text() + means.results_text()


def test_the_methods_name_the_delta0_number_as_the_glossary_does():
    # a reader's finding: "the posterior probability of the outcome for δ₀" gave the decision's
    # number the name the suite keeps for the likeliest outcome on a new data set
    from bayestut import compare
    from bayestut.paths import DATA

    c = compare(DATA / "blog_study_auc.csv", "knn", "adaboost", about="delta0")
    methods = c.methods_text()
    assert "the outcome's probability for the mean difference δ₀" in methods
    assert "posterior probability of the outcome for" not in methods
