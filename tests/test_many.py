"""All pairs of K classifiers: order and labels, K = 2 equals compare, K >= 3, identical
classifiers, numeric names, issue 13's wording and input checks, bad input."""

import itertools
import re

import numpy as np
import pandas as pd
import pytest
from markupsafe import escape

from bayestut.analysis import many_text, wording
from bayestut.analysis.writeup import quoted
from bayestut.methods.decisions import decide_regions
from bayestut.analysis.compare import DELTA0, EXPECTED, MEAN, SHARE, compare
from bayestut.errors import InputError
from bayestut.analysis.many import (GIBBS_DRAWS, RANKING_LEGEND, check_classifiers, compare_all,
                                    mean_scores)
from bayestut.analysis.report import html_report
from conftest import make_table

FAST = dict(chains=2, warmup=300, draws=300, signed_rank_samples=20_000, progress=False)


def results(offsets, datasets=6, runs=2, folds=5, seed=0) -> pd.DataFrame:
    """conftest's table: classifier c scores each fold's base + offsets[c] + noise."""
    return make_table([f"set{i}" for i in range(datasets)], runs, folds,
                      classifiers=tuple(offsets), gaps=dict(offsets), seed=seed,
                      level=(0.6, 0.8), noise=0.005)


@pytest.fixture(scope="module")
def four():
    """best and twin are equivalent, both practically better than base, base better than bad."""
    df = results({"best": 0.06, "base": 0.0, "twin": 0.06, "bad": -0.06})
    return compare_all(df, n_jobs=2, **FAST)


def test_pairs_follow_the_given_order_and_the_matrices_are_labelled(four):
    names = ("best", "base", "twin", "bad")
    assert four.classifiers == names
    assert list(four.pairs) == list(itertools.combinations(names, 2))
    for (a, b), c in four.pairs.items():
        assert (c.a, c.b) == (a, b)
    better, rope = four.matrix("hierarchical", "better"), four.matrix("hierarchical", "equivalent")
    assert list(better.index) == list(better.columns) == list(names)
    assert np.isnan(np.diag(better.to_numpy(dtype=float))).all()
    for r, c in itertools.permutations(names, 2):    # the three outcomes of each pair
        assert better.loc[r, c] + rope.loc[r, c] + better.loc[c, r] == pytest.approx(1.0)
        assert rope.loc[r, c] == rope.loc[c, r]


def test_decisions_of_a_clear_case(four):
    for test in ("signed-rank", "hierarchical"):
        d = four.matrix(test, "decision")        # named by outcome, never better/worse
        assert d.loc["best", "base"] == d.loc["base", "best"] == "best better"
        assert d.loc["base", "bad"] == "base better" and d.loc["bad", "twin"] == "twin better"
        assert d.loc["best", "twin"] == d.loc["twin", "best"] == "equivalent"
        assert four.undominated(test) == ["best", "twin"]


def test_the_verdict_and_the_results_paragraph_say_the_decisions_in_the_same_words(four):
    plain = ("best and twin are each declared practically better than both base and bad; "
             "base is practically better than bad; best and twin are practically equivalent")
    quoted = ("“best” and “twin” are each declared practically better than both “base” and "
              "“bad”; “base” is practically better than “bad”; “best” and “twin” are "
              "practically equivalent")
    verdict, paragraph = four.verdict(), four.results_text()
    # the leading test's decisions once, pair by pair; the signed-rank test's in words
    # what a decision is, before the list: after it, it read as said of the last pair
    assert verdict[0].startswith("hierarchical test, pair by pair (a decision: an outcome whose "
                                 "posterior probability of being the likeliest is above "
                                 "0.95): ")
    assert verdict[0].count("(a decision: ") == 1 and not verdict[0].endswith(")")
    assert not any(line.startswith("hierarchical test: ") for line in verdict)
    assert paragraph.count(f"finds: {quoted}") == 1
    assert paragraph.count("gives, pair by pair") == 1 and "Pair by pair" not in paragraph
    for a, b in four.pairs:         # each pair's hierarchical decision once in the paragraph
        assert paragraph.count(f"“{a}” against “{b}”: ") == 1
    assert not any("worse than at least one" in text for text in [*verdict, paragraph])
    assert " ".join(verdict).count("not declared worse than any") == 1   # "which to use" only
    assert verdict[1:3] == ["Which to use (hierarchical test): best and twin are not declared "
                            "worse than any other classifier; base and bad are (base "
                            "practically worse than best and twin; bad practically worse than "
                            "best, base and twin)", f"signed-rank test: {plain}"]


def test_the_k_results_come_in_four_paragraphs_a_sentence_per_pair(four):
    leading, others, delta0, checked = four.results_text().split("\n\n")
    assert leading.startswith("Over 6 data sets (2 runs of 5-fold cross-validation), the "
                              "Bayesian hierarchical test")
    sentences = leading.split(". “")[1:]         # after the opening sentence, one per pair
    assert [s.split(":", 1)[0] for s in sentences[:-1]] == [
        f"{a}” against “{b}”" for a, b in four.pairs]
    assert sentences[-1].startswith("best” and “twin” are not declared worse than any other")
    assert others.startswith("The Bayesian signed-rank test") and "Plackett-Luce" in others
    assert delta0.startswith("The mean difference δ₀ over data sets")
    assert "at every rope checked" in delta0 and "rope checked" not in leading + others
    assert checked.startswith("Posterior predictive p-values (600 replicated sets per pair)")


def test_whether_delta0_decides_too_is_one_clause_in_every_report(four):
    # the two-classifier console said "(equivalent passes 0.95 too)", its .md nothing, the K
    # .md "for the mean difference δ₀ the decision is the same"
    c = four.pairs[("best", "base")]
    o = c.overall()[-1]
    assert c.decision == "best better"
    assert o.delta0[2] > 0.95                        # δ₀ decides too: best better
    clause = "the decision for δ₀ is the same, {} better: its probability is above 0.95"
    assert ". T" + clause.format("best")[1:] + ". δ₀ = " in c.headline()      # console, HTML
    assert "T" + clause.format("“best”")[1:] + "." in c.results_text()    # its .md/.tex
    for text in (c.headline(), c.results_text(), four.results_text()):
        assert "passes 0.95 too" not in text and "the decision is the same:" not in text


def test_the_k_results_say_once_whether_delta0_decides_alike(four):
    # the K .md repeated "the decision for δ₀ is the same, …" after every decided pair
    leading = four.results_text().split("\n\n")[0]
    assert "the decision for δ₀ is the same" not in leading
    once = ("For every pair, the mean difference δ₀ reaches the same decision at 0.95 as the "
            "posterior probability (no decision where it has none)")
    assert leading.count("the same decision at 0.95") == 1
    differ = [(a, b) for (a, b), c in four.pairs.items()
              if str(decide_regions(c.overall()[-1].delta0, 0.95))
              != str(decide_regions(c.overall()[-1].shares, 0.95))]
    said = many_text.delta0_agreement(four, quoted)
    assert said in leading and said.startswith(once if len(differ) < len(four.pairs) else "For no")
    for a, b in four.pairs:          # a pair is named in it if, and only if, δ₀ decides otherwise
        assert (f"“{a}” against “{b}” (" in said) == ((a, b) in differ)
    assert said.endswith(".") and (said == once + ".") == (not differ)


def test_tidy_table_has_every_pair_test_kind_and_data_set(four):
    t = four.table()
    # pairs x (data sets + signed-rank's two kinds + the hierarchical test's three)
    assert len(t) == 6 * (6 + 2 + 3)
    assert set(t["test"]) == {"correlated t-test", "signed-rank", "hierarchical"}
    assert set(t["kind"]) == {"probability on this data set", SHARE, MEAN, EXPECTED, DELTA0}
    p = t[["P(a better)", "P(equivalent)", "P(b better)"]].to_numpy()
    np.testing.assert_allclose(p.sum(axis=1), 1.0)
    se = ["± P(a better)", "± P(equivalent)", "± P(b better)"]
    assert (t.loc[t.test == "correlated t-test", se] == 0).all().all()
    rows = t[(t.a == "best") & (t.b == "bad") & (t.test == "hierarchical")].set_index("kind")
    h = four.pairs[("best", "bad")].hierarchical
    np.testing.assert_array_equal(rows.loc[MEAN, se].to_numpy(dtype=float),
                                  h.new_data_set_probabilities_mcse.to_numpy())
    assert rows.loc[SHARE, "decision"] == "best better" and rows.loc[MEAN, "decision"] == ""
    assert rows.loc[MEAN, "P(a better)"] == pytest.approx(
        h.new_data_set_probabilities["best better"])
    assert rows.loc[DELTA0, "P(a better)"] == pytest.approx(h.delta0_probabilities["best better"])


def test_ranking_puts_the_two_best_first(four):
    table = four.ranking.table()
    assert set(table.index[:2]) == {"best", "twin"} and table.index[-1] == "bad"


def test_two_classifiers_equal_the_two_name_compare():
    df = results({"mine": 0.02, "base": 0.0, "other": 0.01}, datasets=4)
    many = compare_all(df, ["mine", "base"], ranking=False, n_jobs=1, **FAST)
    options = {k: v for k, v in FAST.items() if k != "progress"}
    one = compare(df, "mine", "base", **options)
    pair = many.pairs[("mine", "base")]
    pd.testing.assert_frame_equal(pair.signed_rank.samples, one.signed_rank.samples)
    np.testing.assert_array_equal(pair.hierarchical._masses, one.hierarchical._masses)
    pd.testing.assert_frame_equal(pair.per_dataset.probabilities(0.01),
                                  one.per_dataset.probabilities(0.01))
    assert list(many.pairs) == [("mine", "base")]


def test_classifiers_missing_on_some_data_sets_are_refused():
    df = results({"a": 0.0, "b": 0.01, "c": 0.02})
    df = df[~((df.classifier == "c") & df.dataset.isin(["set1", "set4"]))]
    with pytest.raises(InputError, match=r"no results for 'c' on 'set1', 'set4' \(of 6 data sets\)"
                                         r".*leave out those data sets or those classifiers"):
        compare_all(df, **FAST)


@pytest.mark.parametrize("names, message", [
    (["a", "zz"], r"unknown classifier\(s\) \['zz'\]"),
    (["a", "b", "a"], r"named twice: \['a'\]"),
    (["a"], "at least 2 classifiers"),
    ("a", "a list of classifier names"),
])
def test_bad_classifier_lists_are_refused(names, message):
    df = results({"a": 0.0, "b": 0.01, "c": 0.02}, datasets=2)
    with pytest.raises(InputError, match=message):
        check_classifiers(df, names)


def test_mean_scores_are_oriented_for_losses():
    df = results({"a": 0.0, "b": 0.05}, datasets=3)
    higher = mean_scores(df, ["a", "b"], lower_is_better=False)
    lower = mean_scores(df, ["a", "b"], lower_is_better=True)
    assert list(higher.columns) == ["a", "b"] and len(higher) == 3
    assert (higher["b"] > higher["a"]).all() and (lower["b"] < lower["a"]).all()


def test_cli_with_no_names_compares_every_pair_in_one_report(tmp_path, capsys):
    from bayestut.analysis.cli import main

    csv = tmp_path / "results.csv"
    results({"best": 0.06, "base": 0.0, "bad": -0.06}, datasets=4).to_csv(csv, index=False)
    status = main(["compare", str(csv), "--out", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 0, err
    page = (tmp_path / "compare_3_classifiers.html").read_text()
    assert page.index("Verdict") < page.index("Decisions, row against column") < page.index(
        "Ranking (Plackett-Luce)") < page.index("Pair by pair")
    assert page.count("<details>") == 3 and page.count('<table class="grid">') == 2
    assert ("signed-rank test: best is declared practically better than every other "
            "classifier; base is practically better than bad") in out
    assert "likeliest is above 0.95): best better than base" in out
    assert "http" not in page.split("<body>")[1].split("Made by")[0]     # nothing fetched


def test_cli_with_one_name_says_what_to_do(tmp_path, capsys):
    from bayestut.analysis.cli import main

    csv = tmp_path / "results.csv"
    results({"a": 0.0, "b": 0.01}, datasets=2).to_csv(csv, index=False)
    assert main(["compare", str(csv), "a", "--out", str(tmp_path)]) == 2
    assert ("name two to compare them, or three or more to compare every pair, or none for "
            "all of the file's classifiers (with two, that pair)") in capsys.readouterr().err


def test_figures_show_every_pair_and_both_matrices(four):
    import matplotlib.pyplot as plt

    from bayestut.analysis.many_figures import matrices_figure, pairs_figure

    fig = pairs_figure(four)
    assert len(fig.axes[0].patches) == 6 * 2 * 3          # pairs x tests x outcomes
    from matplotlib.colors import to_hex

    from bayestut.figures.style import OUTCOME_COLOURS
    assert {to_hex(p.get_facecolor()) for p in fig.axes[0].patches} == {
        c.lower() for c in OUTCOME_COLOURS.values()}              # the outcome colours only
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert legend[0].startswith("a better") and legend[2].startswith("b better")
    assert len(legend) == 4
    # the first segment of the first bar is P(a better), in a better's colour
    first = fig.axes[0].patches[0]
    assert to_hex(first.get_facecolor()) == OUTCOME_COLOURS["right"].lower()
    assert first.get_width() == pytest.approx(
        four.probabilities("signed-rank", "best", "base")["best better"])
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert labels[0] == "best vs base (signed-rank)" and len(labels) == 12
    fig2 = matrices_figure(four)
    assert [ax.get_title() for ax in fig2.axes[:2]] == [
        f"signed-rank: {SHARE} of 'row better than column'",
        f"hierarchical: {SHARE} of 'row better than column'"]
    # one colour bar; the number named as the decision's, never P(row better) (issue 38)
    assert fig2.axes[2].get_ylabel() == f"{SHARE} of 'row better than column'"
    assert "P(" not in fig2.get_supxlabel()
    rope = four.matrix("hierarchical", "equivalent")
    cells = {t.get_text() for t in fig2.axes[1].texts}
    assert {f"equivalent {rope.iloc[0, j]:.2f}" for j in range(1, len(rope))} <= cells
    plt.close("all")


def test_cli_refuses_a_report_folder_that_is_a_file_before_the_analysis(tmp_path, capsys):
    from bayestut.analysis.cli import main

    csv = tmp_path / "results.csv"
    results({"a": 0.0, "b": 0.01, "c": 0.02}, datasets=2).to_csv(csv, index=False)
    assert main(["compare", str(csv), "--out", str(csv)]) == 2
    assert "is a file: give a folder for the report" in capsys.readouterr().err


@pytest.fixture(scope="module")
def numeric():
    """Classifiers named 1, 2, 3: 3 scores exactly as 2 on every fold; 1 is 0.009 above them,
    inside the rope ±0.01 on most data sets, so that the rope is the signed-rank test's most
    probable outcome without reaching the threshold (the test is NumPy-seeded: deterministic)."""
    df = results({"1": 0.009, "2": 0.0}, datasets=5, seed=2)    # P(equivalent) 0.90
    df = pd.concat([df, df[df.classifier == "2"].assign(classifier="3")])
    many = compare_all(df, [1, 2, 3], n_jobs=2, **FAST)       # numbers, matched as text
    return many, html_report(many)


def test_numeric_names_are_matched_as_text(numeric):
    many, _ = numeric
    assert many.classifiers == ("1", "2", "3")
    assert list(many.pairs) == [("1", "2"), ("1", "3"), ("2", "3")]
    assert set(many.ranking.table().index) == {"1", "2", "3"}


def test_identical_classifiers_among_three_are_equivalent_with_probability_one(numeric):
    many, page = numeric
    for test in ("signed-rank", "hierarchical"):
        assert many.matrix(test, "equivalent").loc["3", "2"] == 1.0
        assert many.matrix(test, "decision").loc["2", "3"] == "equivalent"
        o = many.overall(test, "3", "2")
        np.testing.assert_array_equal(o.means, [0.0, 1.0, 0.0])
    t = many.table()
    twins = t[(t.a == "2") & (t.b == "3") & (t.test == "hierarchical")]
    assert list(twins["kind"]) == [SHARE, MEAN, DELTA0] and (twins["P(equivalent)"] == 1.0).all()
    assert not t[["P(a better)", "P(equivalent)", "P(b better)"]].isna().any().any()
    assert [v.split(" test")[0] for v in many.verdict()[:2]] == ["hierarchical", "signed-rank"]
    assert page.count('<table class="grid">') == 2
    assert "2 and 3 are practically equivalent: their scores are identical on every fold" in page


def test_a_rope_dominated_pair_is_worded_from_its_three_probabilities(numeric):
    many, page = numeric
    shares = many.probabilities("signed-rank", "1", "2")
    assert shares.idxmax() == "equivalent" and shares["equivalent"] < 0.95    # the case itself
    assert shares["2 better"] == 0
    cell = "<b>no decision (highest: equivalent)</b>"
    grid = page.split("<h3>Signed-rank test on the data sets&#39; means</h3>")[1]
    row = grid.split("<tr><th>1</th>")[1]
    assert row.split("</tr>")[0].count(cell) == 2                  # against 2 and against 3
    sentence = [s for s in many.pairs[("1", "2")].sentences() if s.startswith("signed-rank")][0]
    assert "for equivalent and below 0.001 for 2 better. The highest, for equivalent, is short" \
        in sentence
    assert "odds" not in sentence
    assert str(escape(sentence)) in page and "evidence for 1)" not in page
    t = many.table()
    row = t[(t.a == "1") & (t.b == "2") & (t.test == "signed-rank") & (t.kind == SHARE)]
    assert row["decision"].item() == "no decision (highest: equivalent)"


@pytest.mark.parametrize("bad", [dict(chains=0), dict(draws=0), dict(seed=-1), dict(seed=1.0),
                                 dict(seed=2**31), dict(rope="0.01"), dict(rope=None),
                                 dict(threshold=1.0), dict(adapt_delta=1.5),
                                 dict(non_centred="sometimes"), dict(signed_rank_samples=10)])
def test_bad_settings_get_the_same_input_error_as_compare(bad):
    df = results({"a": 0.0, "b": 0.01, "c": 0.02}, datasets=2)
    with pytest.raises(InputError) as two:
        compare(df, "a", "b", **bad)
    with pytest.raises(InputError) as many:
        compare_all(df, **bad, progress=False)
    assert str(many.value) == str(two.value)


@pytest.mark.parametrize("bad, message", [(dict(n_jobs=0), "n_jobs must be a whole number"),
                                          (dict(n_jobs=1.5), "n_jobs must be a whole number"),
                                          (dict(backend="nope"), "unknown joblib backend 'nope'")])
def test_bad_parallel_settings_are_input_errors(bad, message):
    df = results({"a": 0.0, "b": 0.01, "c": 0.02}, datasets=2)
    with pytest.raises(InputError, match=message):
        compare_all(df, **bad, progress=False)


def test_the_console_report_states_the_settings_and_each_pairs_probabilities(four):
    """A reader of the console report (issue 38) sees the settings line and, per pair, the
    hierarchical test's three kinds of probability and the signed-rank test's, outcomes in
    the reading order, with the decision; no probability printed as certain."""
    text = four.summary()
    assert str(four) == text                # print(many) prints the report, as for compare
    assert ("6 data sets, 2 runs of 5-fold cross-validation (10 paired differences each, ρ = "
            "1/5); rope ±0.01; decision threshold 0.95. Metric 'score': higher scores are "
            "better") in text
    assert text.index(four.settings()) < text.index("decision of row against column")
    for a, b in four.pairs:
        block = text.split(f"\n{a} against {b}:\n")[1].split("\n\n")[0]
        header, *rows, size = block.splitlines()
        assert size.startswith("δ₀ = ")             # δ₀'s size under the table
        assert header.split() == [f"P({a}", "better)", "P(equivalent)", f"P({b}", "better)",
                                  "decision"]
        # the two-classifier table's rows, in its order (issue 38, third reader)
        assert [r.split(":")[0] + ": " + r.split(":")[1].split("  ")[0].strip() for r in rows] == [
            f"signed-rank test on the means: {SHARE}", f"signed-rank test on the means: {EXPECTED}",
            f"hierarchical test: {SHARE}", f"hierarchical test: {MEAN}",
            f"hierarchical test: {DELTA0}"]
        assert rows[2].rstrip().endswith(four.pairs[(a, b)]._cell(
            four.overall("hierarchical", a, b).shares))
    table = four.pair_table("best", "base", formatted=True)
    h = four.pairs[("best", "base")].hierarchical
    assert table.loc[f"hierarchical test: {DELTA0}", "P(best better)"] == wording.number(
        h.delta0_probabilities["best better"], h.delta0_probabilities_mcse["best better"])
    assert not re.findall(r"(?<![\d.])[01]\.0+(?!\d)", text.split("Plackett-Luce ranking (")[0])
    assert EXPECTED in text.split("Each pair's")[1]


def test_the_ranking_never_prints_a_probability_as_certain(four):
    shown = four.ranking_table(formatted=True)
    raw = four.ranking.table()
    assert (raw["P(largest weight)"].isin([0.0, 1.0])).any()          # the case itself
    for column in ("P(first)", "P(largest weight)"):
        assert not shown[column].str.fullmatch(r"[01]\.0*").any(), shown[column]
    certain = raw.index[raw["P(largest weight)"] == 0.0]
    assert (shown.loc[certain, "P(largest weight)"] == "< 0.001").all()
    assert "P(largest weight)" in four.summary() and "> 0.999" not in shown["P(first)"].to_list()


def test_the_gibbs_ranking_draws_four_times_the_draws_and_the_report_explains_its_columns():
    # at 1,000 Gibbs draws a 4 x 12 table fell short of R-hat 1.01 by default (a reader's run)
    table = make_table(12, 2, 3, classifiers=("rf", "svm", "xgb", "knn"),
                       gaps={"rf": 0.0, "svm": 0.002, "xgb": 0.03, "knn": -0.02}, seed=1)
    many = compare_all(table, engine="exact", draws=250, n_jobs=1, progress=False)
    assert many.ranking.w.shape[0] == many.ranking.fit.diagnostics.chains * 250 * GIBBS_DRAWS
    assert RANKING_LEGEND in many.summary()
    for column in ("P(first)", "expected rank", "P(largest weight)"):
        assert column + ":" in RANKING_LEGEND


def test_pairs_without_a_decision_get_the_card_and_a_plan_command_each(tmp_path):
    # a reader's finding: the K-classifier report named no next step after "no decision"
    table = make_table(12, 2, 5, classifiers=("rf", "svm", "xgb"),
                       gaps={"rf": 0.0, "svm": 0.002, "xgb": 0.03}, noise=0.02, seed=1)
    path = tmp_path / "mine.csv"
    table.to_csv(path, index=False)
    many = compare_all(str(path), rope=0.003, engine="exact", ranking=False, n_jobs=1,
                       progress=False)
    undecided = [(a, b) for (a, b), c in many.pairs.items() if c.decision == "no decision"]
    assert undecided, "the fixture must leave a pair undecided"
    text = many.summary()
    assert 'python -m bayestut card --section "No decision"' in text
    for a, b in undecided:
        assert f"plan {path} {a} {b} --rope 0.003 --add 5 10 20" in text
    page = html_report(many)
    assert all(f"plan {path} {a} {b} --rope 0.003" in page for a, b in undecided)


def test_the_k_html_names_each_pairs_per_data_set_columns_apart_from_the_overall_ones(four):
    # a reader could not tell the per-data-set table's "P(best better)" (the correlated
    # t-test's probability of the outcome on one data set) from the overall table's beside it,
    # which had no line saying what it held
    page = html_report(four)
    details = page.split("<h2>Pair by pair</h2>", 1)[1].split("<details>")[1:]
    assert len(details) == len(four.pairs)
    for (a, _b), block in zip(four.pairs, details):
        overall, per_dataset = block.split("<p class=\"note\">Per data set: ", 1)
        assert "Over all data sets." in overall and f"<th>P({a} better)</th>" in overall
        assert "correlated t-test on each data set alone" in per_dataset.split("</p>")[0]
        assert f"<th>P({a} better) on this data set</th>" in per_dataset
        assert f"<th>P({a} better)</th>" not in per_dataset
    assert list(many_text.dataset_table(four, "best", "base")[1].columns[1:4]) == [
        "P(best better) on this data set", "P(equivalent) on this data set",
        "P(base better) on this data set"]


def test_the_k_verdict_names_the_classifiers_none_is_better_than(four):
    # the manager's question, "which to use?": many.undominated() was in no report (reader 18)
    assert four.undominated() == ["best", "twin"]
    said = ("best and twin are not declared worse than any other classifier; base and bad are "
            "(base practically worse than best and twin; bad practically worse than ")
    line = next(x for x in four.verdict() if x.startswith("Which to use (hierarchical test): "))
    assert line.startswith(f"Which to use (hierarchical test): {said}")
    # each of the others with every classifier declared practically better than it
    relations = four._relations()
    for worse in ("base", "bad"):
        better = [c for c in four.classifiers if relations.loc[worse, c] == "worse"]
        assert f"{worse} practically worse than {wording.and_(better)}" in line
    # said once: the console and the HTML report give "which to use" in one line (reader 16)
    from bayestut.analysis.report import html_report
    for text in (four.summary(), html_report(four)):
        assert text.count("not declared worse than any other classifier") == 1
        assert text.lower().count("which to use") == 1
    assert "“best” and “twin” are not declared worse than any other classifier; “base” and " \
           "“bad” are (“base” practically worse than “best” and “twin”" in four.results_text()
    # which to use, computed once for the report and the paragraph (apiuse3): the undominated
    # classifiers and the undecided pairs among them, a named tuple kept by the result
    which = four.which_to_use()
    assert which == (["best", "twin"], []) and which.best == four.undominated()
    assert four.which_to_use() is which and four.which_to_use("hierarchical") is which
    decided = four.matrix("hierarchical", "decision")
    assert all(decided.loc[a, b] == "no decision" for a, b in which.undecided)
    # undominated is not as good: a pair among them that is undecided is named (reader 24)
    assert wording.undominated(["a", "b", "c"], ["a", "b", "c", "d"], undecided=[("a", "c")],
                               beaten={"d": ["b"]}) \
        == ("a, b and c are not declared worse than any other classifier; d is (practically "
            "worse than b). Among them, no decision between a and c")
    # one sentence each, none over the reading path's 35 words (tests/test_teaching.py)
    for sentence in line.split(". "):
        assert len(sentence.split()) <= 35, sentence


def test_a_pairs_probabilities_check_the_names(four):
    # a case typo raised a bare KeyError: every other name mistake is an InputError (reader 21)
    with pytest.raises(InputError, match="differs only in case"):
        four.probabilities("hierarchical", "BEST", "base")


def test_results_show_as_one_line(four):
    # evaluating a result in a notebook printed tens of thousands of characters (reader 21)
    assert repr(four) == ("<ManyComparison of 4 classifiers (best, base, twin, bad), 6 pairs; "
                          "print() it for the report>")
    pair = four.pairs[("best", "base")]
    assert repr(pair) == ("<Comparison best against base: best better (rope ±0.01, threshold "
                          "0.95); print() it for the report>")
