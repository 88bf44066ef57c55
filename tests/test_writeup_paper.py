"""What a method paper pastes: the compact table's P(δ₀ > 0), differences beside the rope,
the model check's near miss, the rope's timing, the Results' core, the K means table."""

import re

import pandas as pd
import pytest

from bayestut.analysis import comparison_text, report, wording, writeup, writeup_tables
from bayestut.analysis.compare import compare
from bayestut.analysis.rope_digits import beside_rope, decimals_beside
from conftest import make_table

UNDECIDED = [0.02, -0.005, 0.012, 0.0, 0.015]     # δ₀ ≈ +0.012, its interval across the rope
DECIDED = [0.03, 0.02, 0.025, 0.03, 0.02]         # δ₀ ≈ +0.027: mine better


def _compare(gaps, **options):
    return compare(make_table(5, runs=2, folds=5, gaps=gaps, seed=1), "mine", "baseline",
                   about="delta0", **options)


@pytest.fixture(scope="module")
def undecided():
    return _compare(UNDECIDED)


@pytest.fixture(scope="module")
def decided():
    return _compare(DECIDED)


def test_the_compact_table_gives_p_delta0_above_0_when_delta0_decides_nothing(undecided):
    assert writeup_tables.delta0_undecided(undecided)
    row = writeup_tables.compact_rows(undecided)[0]
    p, _ = writeup.delta0_size.above_zero(undecided)
    assert row["P(δ₀ > 0)"] == f"{p:.3f}" and 0.5 < p < 0.99
    text = writeup_tables.compact_markdown(undecided)
    assert "| P(δ₀ > 0) |" in text and "the probability that mine scores better on average" in text
    assert r"95\% CI & P($\delta_0$ \textgreater{} 0) \\" in writeup_tables.compact_latex(undecided)


def test_the_compact_table_has_no_p_delta0_above_0_when_delta0_decides(decided):
    assert not writeup_tables.delta0_undecided(decided)
    assert "P(δ₀ > 0)" not in writeup_tables.compact_rows(decided)[0]
    assert "P(δ₀ > 0)" not in writeup_tables.compact_markdown(decided)


@pytest.mark.parametrize("x, rope, shown", [
    (0.0101, 0.01, "0.0101"), (-0.0101, 0.01, "−0.0101"), (0.0099, 0.01, "0.0099"),
    (0.0104999, 0.01, "0.0105"), (0.169, 0.01, "0.169"), (0.01, 0.01, "0.010"),
    (0.0151, 0.015, "0.0151"), (1.01, 1, "1.01"), (-0.00001, 0.01, "0.000")])
def test_a_difference_never_rounds_onto_or_across_the_ropes_edge(x, rope, shown):
    assert beside_rope(x, rope) == shown
    assert decimals_beside(x, rope) >= 3 if rope == 0.01 else True


def test_the_reports_per_data_set_tables_show_0_0101_outside_a_rope_of_0_01(tmp_path):
    rows = [(name, c, 1, f, 0.8 + (gap + 0.002 * (f - 2) if c == "mine" else 0))
            for name, gap in (("near", 0.0101), ("far", 0.05)) for f in (1, 2, 3)
            for c in ("mine", "baseline")]
    table = pd.DataFrame(rows, columns=["dataset", "classifier", "run", "fold", "score"])
    c = compare(table, "mine", "baseline")
    console = comparison_text.per_dataset_text(c)
    assert re.search(r"near\s+0\.0101\b", console), console
    assert re.search(r"<th>near</th>\s*<td>0\.0101</td>", report.html_report(c))
    md = writeup_tables.datasets_markdown(c)
    assert "| near |" in md and "+0.0101" in md


def _check(smallest: float):
    """A model check whose smallest mean difference has p-value ``smallest``."""
    import numpy as np
    from bayestut.analysis.model_check import ModelCheck
    shares = {"spread": 0.65, "smallest": smallest, "largest": 0.56, "inside the rope": 0.43}
    replicated = {k: np.zeros(4000) for k in shares}
    return ModelCheck(shares, {k: 0.0 for k in shares}, replicated, ("d0", "d1", "d2"),
                      np.array([0.01, 0.02, 0.03]), 0.01)


@pytest.mark.parametrize("p", [0.014, 0.986])
def test_a_p_value_near_the_flag_is_named_in_every_report(p):
    from types import SimpleNamespace
    from bayestut.analysis import model_check, writeup_checks
    check = _check(p)
    bound = "below 0.01" if p < 0.5 else "above 0.99"
    said = f"the smallest mean difference, has p = {p:.3f} (flagged {bound})"
    console = model_check.sentence(check, "mine", "baseline")
    assert "flags no misfit" in console and said in console
    c = SimpleNamespace(model_check=check, a="mine", b="baseline")
    assert said in report.model_check_line(c)
    paper = writeup_checks.model_check_results(c)
    assert ("no misfit is flagged. The closest to a flag is the smallest mean difference, with "
            f"p = {p:.3f} (flagged {bound}).") in paper
    assert all(len(s.split()) <= 35 for s in paper.split(". "))


@pytest.mark.parametrize("p", [0.05, 0.5, 0.95])
def test_a_p_value_far_from_the_flag_is_a_clean_pass(p):
    from types import SimpleNamespace
    from bayestut.analysis import model_check, writeup_checks
    check = _check(p)
    c = SimpleNamespace(model_check=check, a="mine", b="baseline")
    for text in (model_check.sentence(check, "mine", "baseline"), report.model_check_line(c),
                 writeup_checks.model_check_results(c)):
        assert "closest" not in text and "no misfit" in text


def test_a_flagged_p_value_is_not_called_the_closest():
    from bayestut.analysis import model_check
    check = _check(0.004)
    assert check.flagged == ["smallest"] and model_check.closest(check) is None
    assert "closest" not in model_check.sentence(check, "mine", "baseline")


def test_the_delta0_methods_state_the_rule_in_standard_notation(undecided):
    essential = writeup.writeup_methods.parts(undecided)[0]
    assert ("Let δ₀ be the mean difference “mine” − “baseline” over the population of data sets "
            "(positive when “mine” scores better) and r = 0.01 the rope's half-width.") in essential
    assert ("we declared “mine” practically better when P(δ₀ > r | data) > 0.95, “baseline” "
            "practically better when P(δ₀ < −r | data) > 0.95, and practical equivalence when "
            "P(|δ₀| ≤ r | data) > 0.95.") in essential
    assert essential.count("Let δ₀ be") == 1


def test_the_delta0_rule_keeps_a_minus_b_positive_for_a_loss():
    table = make_table(5, runs=2, folds=5, gaps=-0.02, seed=1).rename(columns={"score": "error"})
    c = compare(table, "mine", "baseline", score="error", lower_is_better=True, about="delta0")
    assert "Let δ₀ be the mean difference “baseline” − “mine”" in writeup.methods_text(c)


def test_the_papers_methods_have_no_delta0_rule(decided):
    plain = compare(make_table(5, runs=2, folds=5, gaps=DECIDED, seed=1), "mine", "baseline")
    assert "P(δ₀ > r | data)" not in writeup.methods_text(plain)
    assert "likeliest on a new data set exceeded 0.95" in writeup.methods_text(plain)


def _results_section(c, tmp_path) -> str:
    md = writeup.write_files(c, tmp_path / "r.html")[0].read_text(encoding="utf-8")
    return md.split("## Results\n\n")[1].split("\n\n|")[0]


@pytest.mark.parametrize("gaps, about", [(UNDECIDED, "delta0"), (DECIDED, "delta0"),
                                         (UNDECIDED, "new data set"), (0.0, "delta0")])
def test_the_results_start_with_a_core_to_paste_and_keep_sentences_short(gaps, about, tmp_path):
    table = make_table(5, runs=2, folds=5, gaps=gaps, seed=1, noise=0.01 if gaps else 0.002)
    table["score"] *= 100
    c = compare(table, "mine", "baseline", about=about, percent=True)
    results = _results_section(c, tmp_path)
    assert results.startswith(f"### {writeup.CORE}\n\n")
    core, rest = results.split("### The full results\n\n")
    core = core.split("\n\n")[1]
    assert core == writeup.markdown_escape(writeup.core_text(c)) and rest.strip()
    rest = rest.replace("\n\n", " ").replace(f"**{writeup.SUPPLEMENTARY}** ", "")
    sentences = re.split(r"(?<=[.])\s+(?=[A-Z])", core + " " + rest)
    long = [s for s in sentences if len(re.sub(r"[<>] (?=\d)", "<", s).split()) > 35]  # "< 0.001": one
    assert not long, long
    assert "δ₀ = " in core and ("probability that “mine” scores better on average" in core) == \
        writeup_tables.delta0_undecided(c)
    decided = "no decision" not in core
    core = writeup.core_text(c)
    if about == "delta0":       # one notation, decided or not: the Methods' P(δ₀ … r | data)
        p = c.overall()[-1].delta0
        shown = wording.number(p.max(), c.overall()[-1].delta0_se[p.argmax()], c.threshold)
        said = re.search(r"P\((δ₀ [<>] −?r|\|δ₀\| ≤ r) \| data\) [=<>] ?([\d.]+)", core)
        assert said and said[2] == shown.lstrip("<> "), core
        assert decided != ("is short of the threshold 0.95" in core)
    else:
        assert decided == ("that this is the likeliest outcome" in core)
    tex = writeup.latex_document_body(c)
    assert f"% --- {writeup.CORE}: ---\n" in tex and "% --- end of the core result ---" in tex


def test_the_methods_say_when_the_rope_was_chosen_only_when_told(decided):
    from bayestut.errors import InputError
    table = make_table(5, runs=2, folds=5, gaps=DECIDED, seed=1)
    assert "The rope was chosen" not in writeup.methods_text(decided)       # neutral default
    after = writeup.methods_text(compare(table, "mine", "baseline", rope_chosen="after"))
    assert ("The rope was chosen after the results were seen, so we report how the decision "
            "depends on it: the decision at 0.8 to 1.2 times the rope and the rope's limit, "
            "where the decision changes, in the Results.") in after
    before = writeup.methods_text(compare(table, "mine", "baseline", rope_chosen="before"))
    assert "The rope was chosen before the results were seen." in before
    with pytest.raises(InputError, match="'before' or 'after'"):
        compare(table, "mine", "baseline", rope_chosen="later")


def test_rope_chosen_on_the_command_line(tmp_path, capsys):
    from bayestut.analysis.cli import main
    path = tmp_path / "r.csv"
    make_table(5, runs=2, folds=5, gaps=DECIDED, seed=1).to_csv(path, index=False)
    main(["compare", str(path), "mine", "baseline", "--rope-chosen", "after",
          "--out", str(tmp_path)])
    md = next(tmp_path.glob("*.md")).read_text(encoding="utf-8")
    assert "The rope was chosen after the results were seen" in md
    with pytest.raises(SystemExit) as exit_:
        main(["compare", str(path), "--rope-chosen", "later", "--out", str(tmp_path)])
    assert exit_.value.code == 2


def test_the_k_md_gives_each_classifiers_mean_score_per_data_set(tmp_path):
    from bayestut.analysis.many import compare_all
    table = make_table(5, runs=2, folds=3, classifiers=("a", "b", "c"), gaps={"a": 0.03},
                       seed=4)
    many = compare_all(table, engine="exact", n_jobs=1, progress=False)
    md = writeup.write_files(many, tmp_path / "k.html")[0].read_text(encoding="utf-8")
    means = table.groupby(["dataset", "classifier"])["score"].mean()
    header = "| data set | a | b | c |"
    assert md.index("| a | b | probability |") < md.index("| a | b | test |") \
        < md.index(header) < md.index("## Supplementary methods")
    row = md[md.index("| d3 |"):].split("\n")[0]
    assert row == "| d3 | " + " | ".join(f"{means['d3', k]:.3f}" for k in "abc") + " |"
    assert "Each data set's mean score of each classifier" in md
    tex = writeup.latex_document_body(many)
    assert r"data set & a & b & c \\" in tex and r"\usepackage{longtable}" in tex


def test_the_core_names_its_estimand_and_keeps_its_caveats():
    # pasted alone, the core must not lose what the full Results qualify it with (readers 28-30):
    # the estimand ("on a new data set"), the ropes checked where the decision differs, and the
    # data sets at the metric's best score
    from bayestut.paths import DATA
    blog = DATA / "blog_study_auc.csv"
    plain = writeup.core_text(compare(blog, "knn", "adaboost"))
    assert "that this is the likeliest outcome on a new data set (threshold 0.95)" in plain
    assert "would differ" not in plain and "best score possible" not in plain
    wide = writeup.core_text(compare(blog, "knn", "adaboost", rope=0.1))
    assert "reaches no decision on a new data set (rope ±0.1)" in wide          # undecided there
    assert wide.endswith("The decision depends on the rope: at the papers' ±0.01 it would find "
                         "“adaboost” practically better than “knn” (the rope's check).")     # what, not only that; no "below"
    table = make_table(6, runs=2, folds=5, gaps=0.0, seed=3, level=(0.993, 0.995), noise=0.001)
    table["score"] = table["score"].clip(upper=1.0)
    top = compare(table, "mine", "baseline")
    assert top.ceiling and writeup.core_text(top).endswith(
        f"On {len(top.ceiling)} data sets both mean scores lie within the rope of the best score "
        "possible, which pulls the result towards equivalent.")


@pytest.mark.parametrize("about", ["new data set", "delta0"])
def test_the_tex_of_ascii_names_has_no_unknown_character(about):
    # "P(|δ₀| ≤ r | data)" printed "[U+2264]" in the paper's Methods (reader 32): every symbol
    # the package's own sentences use must have its LaTeX form
    from bayestut.paths import DATA
    c = compare(DATA / "uci_cv_accuracy.csv", "hnb", "nbc", score="accuracy_percent",
                percent=True, about=about, rope_chosen="after")
    text = [line for line in writeup.latex_document_body(c).splitlines()
            if not line.startswith("%")]          # the header's comment shows an example
    assert not [line for line in text if "[U+" in line]
