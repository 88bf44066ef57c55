"""The paragraphs for a paper: methods and results text, BibTeX, LaTeX and Markdown tables."""

import re
import shutil
import subprocess

import numpy as np
import pandas as pd
import pytest

import bayestut as bt
from bayestut.analysis import wording, writeup, writeup_methods, writeup_tables
from bayestut.analysis.compare import compare
from bayestut.analysis.many import compare_all
from conftest import make_table

# names with LaTeX's special characters, which the table must escape
A, B, C = "knn_5 & more", "ada%boost", "tree#1"
FAST = dict(chains=2, warmup=300, draws=400)


def results(runs=2, folds=5, seed=0) -> pd.DataFrame:
    """Five data sets: A 0.03 better than B, C 0.02 worse, each fold's scores around 0.79."""
    return make_table([f"set{d}" for d in range(5)], runs=runs, folds=folds,
                      classifiers=(A, B, C), gaps={A: 0.03, C: -0.02}, seed=seed,
                      level=(0.75, 0.83))


@pytest.fixture(scope="module")
def two():
    return compare(results(), A, B, rope=0.015, threshold=0.9, seed=11, engine="stan", **FAST)


@pytest.fixture(scope="module")
def many():
    return compare_all(results(), rope=0.02, seed=4, progress=False, n_jobs=1, **FAST)


def test_methods_text_names_the_settings_actually_used(two):
    text = two.methods_text()
    assert "±0.015" in text and "ρ = 1/5 = 0.2" in text
    assert "exceeded 0.9" in text
    assert "2 chains of 300 warm-up and 400 kept iterations" in text
    assert "seed 11" in text and "50,000 Monte Carlo samples" in text
    assert "α ∼ U(1, 2) and β ∼ U(0.01, 0.1), the bounds of Corani et al. (2017)" in text
    # the diagnostics say which fit they belong to
    assert re.search(r"of the hierarchical test's fit: largest R-hat 1\.\d{3}, smallest bulk "
                     r"ESS [\d,]+, \d+ of 800 post-warm-up transitions divergent", text)
    assert "bayestut 0.1.0" in text and ("PyStan" in text or "CmdStanPy" in text)
    assert "Plackett-Luce" not in text and "sign test" not in text     # not run, not named
    # sampled: the decision rests on shares of draws
    assert "estimated as the share of posterior draws" in text and "integrated" not in text


def test_methods_text_of_the_exact_engine(many):
    text = many.methods_text()
    assert "integrated numerically on adaptive grids, without sampling" in text
    assert "largest numerical error" in text
    assert ("for the hierarchical test, the posterior probability that the outcome is the "
            "likeliest on a new data set, integrated numerically") in text
    assert "most probable" not in text        # the likeliest: one name, as the glossary has it
    assert "Stan" not in text and "PyStan" not in text and "CmdStanPy" not in text
    assert "Gibbs sampler with the latent gamma variables of Caron and Doucet (2012)" in text
    assert "with their numerical errors" in text
    # the K form's only MCMC fit is the ranking's, and the diagnostics say so
    assert re.search(r"of the Plackett-Luce ranking's fit: largest R-hat 1\.\d{3}", text)
    assert "transitions divergent" not in text           # a Gibbs sampler has no divergences


def test_methods_plurals_units_and_quoted_names():
    one = results(runs=1)
    one["score"] *= 100                                   # in percent
    names = ("SVM, rbf", 'kNN "k=5"')
    one["classifier"] = one["classifier"].map({A: names[0], B: names[1], C: "c"})
    c = compare(one, *names, percent=True, rope=0.02)
    text = c.methods_text()
    assert "(s)" not in text
    assert "2 classifiers, “SVM, rbf” and “kNN \"k=5\"”, on 5 data sets with 1 run of 5-fold" in text
    assert "given in percent and divided by 100" in text
    assert "±0.02, i.e. ±2 percentage points of the scores as given" in text
    assert "±0.02, i.e. ±2 percentage points" in c.results_text()
    assert "score," not in text and "score)" not in c.results_text()   # a column is no unit
    accuracy = compare(results().rename(columns={"score": "accuracy"}), A, B, score="accuracy")
    assert "rope ±0.01 of accuracy" in accuracy.results_text()
    assert "percent" not in two_plain_methods()


def two_plain_methods() -> str:
    return compare(results(), A, B).methods_text()


def test_results_text_is_prose_for_a_paper(two):
    text = two.results_text()
    assert text.startswith("Over 5 data sets (2 runs of 5-fold cross-validation), the Bayesian "
                           "hierarchical test (Corani et al. 2017) ")
    assert re.search(r"\. (The posterior probability that this is the likeliest outcome for a new "
                     r"data set is (above )?[\d.]+( ± [\d.]+)?, above|The posterior probabilities "
                     r"that each outcome is the likeliest for a new data set are [^;]*, none "
                     r"above) the threshold 0\.9", text)
    assert ". On a new data set, “knn_5 & more” would be practically better with probability" \
        in text
    # the other tests as checks open the Results' last paragraph
    assert ".\n\nAs a check, the Bayesian signed-rank test on the data sets' mean differences " \
           "(Benavoli" in text
    for console in ("≫", "≪", "P(", "odds", "Hierarchical test over"):
        assert console not in text


def test_results_text_of_the_exact_engine_says_integrated():
    c = compare(results(), A, B)
    assert ". The posterior probability that this is the likeliest outcome" in c.results_text()
    assert "; integrated numerically)." in c.results_text()


def test_results_text_without_a_decision_is_honest():
    df = results()
    df.loc[df.classifier == A, "score"] -= 0.02            # A 0.01 above B: on the rope's edge
    c = compare(df, A, B, rope=0.01)
    h = c.overall()[-1]
    assert h.shares.max() < 0.95                            # the case itself
    text = c.results_text()
    assert "hierarchical test (Corani et al. 2017) reaches no decision (rope ±0.01; integrated " \
           "numerically). The posterior probabilities that each outcome is the likeliest for a " \
           "new data set are " in text
    assert "practically better, none above the threshold 0.95" in text


def test_results_text_of_means_only_and_of_one_data_set():
    means = results().groupby(["dataset", "classifier"], as_index=False)["score"].mean()
    text = compare(means, A, B).results_text()
    assert text.startswith("Over 5 data sets (mean scores only), the Bayesian signed-rank test")
    assert ".\n\nAs a check, the Bayesian sign test on the data sets' mean differences" in text
    assert ". The posterior probability that this is the likeliest outcome is" in text
    assert "correlated" not in text
    one = compare(results()[lambda d: d.dataset == "set0"], A, B).results_text()
    assert one.startswith("On the only data set, “set0”, the Bayesian correlated t-test")
    assert "posterior probabilit" in one and "draws" not in one


def test_the_tally_has_one_entry_per_outcome():
    rng = np.random.default_rng(3)
    df = results()
    df["score"] += np.where(df.classifier == A, rng.normal(0, 0.03, len(df)), 0)
    c = compare(df, A, B)
    verdicts = {c._cell(p) for p in c.per_dataset._rope(c.rope)}
    assert sum(v.startswith("no decision") for v in verdicts) >= 2      # differing odds
    tally = re.findall(r"For these data sets alone \(.*?\.$", c.results_text())
    assert re.fullmatch(r"For these data sets alone \(a description, not an inference about "
                        r"others\), the correlated t-test finds “knn_5 & more” "
                        r"practically better on (\d), practical equivalence on (\d), "
                        r"“ada%boost” practically better on (\d) and no decision on (\d)\.",
                        tally[0])
    counts = re.findall(r"on (\d)", tally[0])
    assert sum(map(int, counts)) == 5


def test_bibtex_cites_what_was_run(two, many):
    keys = lambda bib: re.findall(r"@\w+\{(\w+),", bib)  # noqa: E731
    assert keys(two.bibtex()) == ["benavoli2017time", "corani2017statistical",
                                  "nadeau2003inference", "vehtari2021rank",
                                  "gelman1996posterior", "bayestut"]      # the model check
    assert keys(many.bibtex()) == ["benavoli2017time", "corani2017statistical",
                                   "nadeau2003inference", "calvo2018bayesian",
                                   "caron2012efficient", "vehtari2021rank",
                                   "gelman1996posterior", "bayestut"]    # each pair's check
    assert two.bibtex().count("{") == two.bibtex().count("}")


def test_k_classifiers_get_the_ranking_and_every_pair(many):
    text = many.methods_text()
    assert "3 classifiers" in text and "Calvo et al. (2018)" in text
    assert "not adjusted for the number of pairs" in text and "±0.02" in text
    assert f"3 classifiers, “{A}”, “{B}” and “{C}”" in text
    results_ = many.results_text()
    assert results_.startswith("Over 5 data sets (2 runs of 5-fold cross-validation), the "
                               "Bayesian hierarchical test (Corani et al. 2017) gives, pair by "
                               "pair (")
    # each test's decisions once: the hierarchical test's pair by pair, the signed-rank's in words
    assert results_.count("finds:") == 1 and "Pair by pair" not in results_
    md = many.to_markdown()
    # A is first in two pairs, each with 5 rows: the signed-rank test's 2, the hierarchical's 3
    assert len([line for line in md.splitlines() if line.startswith(f"| {writeup.markdown_escape(A)} | ")]) == 10
    assert md.startswith("| a | b | test | P(a better) | P(equivalent) | P(b better) | decision |")


def test_tables_name_the_classifiers_in_the_order_shown(two):
    header = two.to_markdown().splitlines()[0]
    assert header == (f"| test | P({A} better) | P(equivalent) | P({B} better) | decision |"
                      .replace("_", "\\_"))            # "&" before a space is text
    o = two.overall()[-1]
    row = [r for r in writeup.overall_rows(two)
           if r["test"] == f"{o.test}: posterior probability"][0]
    kinds = [r["test"] for r in writeup.overall_rows(two)]
    assert f"{o.test}: probability on a new data set" in kinds
    assert f"{o.test}: probability for δ₀" in kinds
    # the columns in the reading order: A's share is the number line's last (a - b > rope)
    assert [row[f"P({A} better)"], row[f"P({B} better)"]] == [
        wording.number(o.shares[i], o.shares_se[i], two.threshold) for i in (2, 0)]
    assert o.shares[2] != o.shares[0]                     # the case itself: the order shows
    assert "first" not in two.to_latex() and "first" not in two.to_markdown()


def check_latex(tex: str) -> None:
    """A parse of what pdflatex would choke on: environments, braces, math and the specials."""
    stack = []
    for kind, name in re.findall(r"\\(begin|end)\{(\w+)\}", tex):
        if kind == "begin":
            stack.append(name)
        else:
            assert stack and stack.pop() == name, f"\\end{{{name}}} does not close"
    assert not stack, f"unclosed {stack}"
    plain = re.sub(r"(?m)^%.*$", "", tex)                 # whole-line comments
    plain = re.sub(r"\\[\\{}&%$#_]", "", plain)      # escaped characters
    assert plain.count("{") == plain.count("}")
    assert plain.count("$") % 2 == 0
    text_only = re.sub(r"\$[^$]*\$", "", plain)
    for special in "_%#":
        assert special not in text_only, f"unescaped {special}"
    tex = tex.replace(writeup_tables.RAGGED, "")      # wrapped columns, never hyphenated
    tables = re.findall(r"\\begin\{(tabular|longtable)\}\{((?:[lrc]|p\{[\d.]+em\}|@\{\})+)\}"
                        r"(.*?)\\end\{\1\}", tex, flags=re.S)
    assert tables and len(tables) == len(re.findall(r"\\begin\{(?:tabular|longtable)\}", tex))
    for _, columns, body in tables:         # each table's rows: as many cells as columns
        count = len(re.findall(r"[lrc]|p\{[\d.]+em\}", columns.replace("@{}", "")))
        for row in re.findall(r"^(?!\\caption)(.*)\\\\$", body, flags=re.M):
            cells = re.split(r"(?<!\\)&", row)      # a \multicolumn{n} cell spans n
            spans = [int(m[1]) if (m := re.match(r"\s*\\multicolumn\{(\d+)\}", x)) else 1
                     for x in cells]
            assert sum(spans) == count, row


def test_latex_table_parses_and_escapes_the_names(two, many):
    # two classifiers: the columns name them; all pairs: a and b, the rows naming the pair
    headers = {"two": r"P(knn\_5 \& more better) & P(equivalent) & P(ada\%boost better)",
               "many": r"P(a better) & P(equivalent) & P(b better)"}
    for kind, result in (("two", two), ("many", many)):
        tex = result.to_latex()
        check_latex(tex)
        assert r"\toprule" in tex and r"\midrule" in tex and r"\bottomrule" in tex
        assert r"knn\_5 \& more" in tex and r"ada\%boost" in tex
        assert headers[kind] in tex, kind
        check_latex(writeup.latex_document_body(result))


def test_the_parser_catches_a_broken_table(two):
    with pytest.raises(AssertionError):
        check_latex(two.to_latex().replace(r"\&", "&", 1))
    with pytest.raises(AssertionError):
        check_latex(two.to_latex().replace(r"\end{tabular}", ""))


# what the .tex's header comment asks of the preamble (longtable: the data sets' table and the
# K-classifier overall one; array: the wrapped columns' ragged right)
PREAMBLE = ("\\usepackage{booktabs}\n\\usepackage{longtable}\n\\usepackage{array}\n"
            "\\usepackage{natbib}\n")


def overfull(tmp_path, body: str, options: str = "") -> tuple[list, str]:
    """``body`` compiled in an ``article`` (``options``: its class options), twice, as a
    longtable's columns settle on the second pass: the overfull boxes' widths (pt) and the
    log."""
    document = (f"\\documentclass[{options}]{{article}}\n" + PREAMBLE + "\\begin{document}\n"
                + body + "\\end{document}\n")
    (tmp_path / "paper.tex").write_text(document, encoding="utf-8")
    for _ in range(2):
        run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                              "paper.tex"], cwd=tmp_path, capture_output=True, text=True,
                             timeout=120)
        assert run.returncode == 0, run.stdout[-2000:]
    log = (tmp_path / "paper.log").read_text(errors="replace")
    return [float(pt) for pt in re.findall(r"Overfull \\hbox \(([\d.]+)pt too wide\)", log)], log


@pytest.fixture(scope="module")
def uci_four():
    """A reader's K classifiers: 4 of the bundled UCI results' on their first 20 data sets."""
    uci = bt.load_uci()
    uci = uci[uci["dataset"].isin(uci["dataset"].unique()[:20])]
    return compare_all(uci, ["nbc", "aode", "hnb", "j48"], progress=False, n_jobs=1)


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no pdflatex installed")
def test_the_k_tex_fits_a_one_column_page(tmp_path, uci_four):
    """A reader: the overall table ran 186 pt too wide, the rope and data sets columns cut off,
    its 30 rows one float 162 pt taller than the page."""
    tex = writeup.latex_document_body(uci_four)
    over, log = overfull(tmp_path, tex)
    assert "Float too large" not in log and max(over, default=0) < 3, log[-3000:]
    check_latex(tex)
    assert "\\usepackage{array}" in tex.split("\\paragraph")[0]       # the header asks for it
    overall = writeup_tables.to_latex(uci_four)
    assert overall.startswith(r"{\footnotesize") and r"\begin{longtable}" in overall
    assert "hierarchical: new data set" in overall and "“new data set”, the probability on a " \
        "new data set" in writeup.latex_escape(writeup_tables._short_caption(
            writeup_tables.overall_rows(uci_four))).replace("``", "“").replace("''", "”")
    # the compact table's constant columns in its caption, every number the compact row's
    compact = writeup_tables.compact_latex(uci_four)
    assert "& rope &" not in compact and "data sets \\\\" not in compact
    rows = writeup_tables.compact_rows(uci_four)
    assert f"In every row, {rows[0]['data sets']} data sets were compared." in compact
    assert "In every row, the rope (the region of practical equivalence) is $\\pm$0.01" in compact
    for row in rows:
        cells = [row[k] for k in row if k not in writeup_tables.CONSTANT]
        assert " & ".join(writeup.latex_escape(x) for x in cells) + r" \\" in compact


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no pdflatex installed")
def test_latex_compiles(tmp_path, many):
    document = ("\\documentclass{article}\n\\usepackage[utf8]{inputenc}\n" + PREAMBLE
                + "\\begin{document}\n"
                + writeup.latex_document_body(many) + "\\end{document}\n")
    (tmp_path / "paper.tex").write_text(document, encoding="utf-8")
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:]


def test_files_beside_the_report(tmp_path, two):
    written = writeup.write_files(two, tmp_path / "compare_a_vs_b.html")
    assert [p.name for p in written] == ["compare_a_vs_b.md", "compare_a_vs_b.tex",
                                         "compare_a_vs_b.bib"]
    md = written[0].read_text()
    assert md.startswith("> Note: This text decides on a new data set") and "\n\n## Methods" in md
    assert "## Results" in md and "| probability |" in md


# names in several scripts and with every kind of markup: the outputs must keep them text
SCRIPTS = ("Наивный Байес", "λ-SVM σ=1", "決定木", "naïve Bayes −1", "forest 🌲", "Ærø ß Łódź",
           "a--b [x] ~^\\ {y} <z> |w| \"q\"", "Ελληνικά", "ℵ₀ ½ x²")
HOSTILE = ("<img src=x onerror=alert(1)>", "<script>alert(1)</script>",
           "[click](javascript:alert(1))", "a|b", "two\nlines", "*bold* _it_ `code`")


def named(names, engine="exact"):
    df = results()
    df["classifier"] = df["classifier"].map(dict(zip((A, B, C), names)))
    return compare_all(df, rope=0.02, progress=False, n_jobs=1, ranking=False, engine=engine)


@pytest.fixture(scope="module")
def scripts():
    return [named(SCRIPTS[i:i + 3]) for i in range(0, len(SCRIPTS), 3)]


@pytest.fixture(scope="module")
def hostile():
    return [named(HOSTILE[:3]), named(HOSTILE[3:])]


def test_latex_escapes_letters_the_default_fonts_lack():
    assert writeup.latex_escape("Жa") == r"\texttt{[U+0416]}a"
    assert writeup.latex_escape("naïve −1") == r"na\"{i}ve $-$1"
    assert writeup.latex_escape("σ") == r"$\sigma$"
    assert writeup.latex_escape("a--b [x]") == "a-{}-b {[}x{]}"
    assert writeup.latex_escape("two\nlines") == "two lines"


@pytest.mark.skipif(shutil.which("pdflatex") is None,
                    reason="pdflatex is not installed (Debian: texlive-latex-base and "
                           "texlive-latex-recommended for booktabs)")
def test_latex_compiles_for_names_in_any_script(tmp_path, scripts, hostile):
    for i, result in enumerate([*scripts, *hostile]):
        document = ("\\documentclass{article}\n" + PREAMBLE + "\\begin{document}\n"
                    + writeup.latex_document_body(result) + "\\end{document}\n")
        (tmp_path / f"paper{i}.tex").write_text(document, encoding="utf-8")
        run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                              f"paper{i}.tex"], cwd=tmp_path, capture_output=True, text=True,
                             timeout=120)
        assert run.returncode == 0, run.stdout[-2000:]
        assert "Missing character" not in (tmp_path / f"paper{i}.log").read_text(errors="replace")


def test_markdown_keeps_every_name_text(hostile):
    for result in hostile:
        md = "\n".join([writeup.markdown_escape(result.methods_text()),
                        writeup.markdown_escape(result.results_text()), result.to_markdown()])
        for raw in ("<img", "<script", "*bold*", "_it_", "`code`", "two\nlines"):
            assert not re.search(r"(?<!\\)" + re.escape(raw), md), raw     # only escaped
        assert not re.search(r"(?<!\\)\]\(javascript", md)     # [x](javascript:...) no link
        table = [line for line in result.to_markdown().splitlines() if line.startswith("|")]
        cells = {len(re.split(r"(?<!\\)\|", line)) for line in table}
        assert len(cells) == 1, table                   # no row broken by a | in a name


def test_html_reports_keep_every_name_text(hostile):
    from bayestut.analysis.report import html_report

    shown = (("&lt;img src=x onerror=alert(1)&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;"),
             ("a|b",))                 # each result's names, as text
    for result, names in zip(hostile, shown):
        page = html_report(result)
        for raw in ("<img", "<script", "\"javascript", "'javascript"):
            assert raw not in page, raw
        for name in names:
            assert name in page, name


def test_k_classifiers_state_the_metric_and_percent():
    df = results().rename(columns={"score": "accuracy"})
    df["accuracy"] *= 100
    many = compare_all(df, score="accuracy", percent=True, progress=False, n_jobs=1,
                       ranking=False)
    text = many.methods_text()
    assert "metric 'accuracy'" in text and "divided by 100" in text
    assert "±0.01 of accuracy, i.e. ±1 percentage point of the scores as given" in text


def test_html_tables_never_round_a_probability_across_the_threshold():
    from bayestut.analysis.pages import table

    frame = pd.DataFrame({"P(a better)": [0.94975], "decision": ["no decision"]})
    assert table(frame, threshold=0.95)["rows"][0][1] == ["0.949", "no decision"]


def test_command_line_k_form_writes_the_metric_and_percent(tmp_path, capsys):
    from bayestut.analysis.cli import main

    df = results().rename(columns={"score": "accuracy"})
    df["accuracy"] *= 100
    df.to_csv(tmp_path / "r.csv", index=False)
    assert main(["compare", str(tmp_path / "r.csv"), "--score", "accuracy", "--percent",
                 "--out", str(tmp_path)]) == 0, capsys.readouterr().err
    md = (tmp_path / "compare_3_classifiers.md").read_text()
    assert "metric 'accuracy'" in md and "divided by 100" in md and "(s)" not in md


def test_about_delta0_is_what_the_paper_text_says_it_decided_on():
    # a reader's finding: with about="delta0" the .md was byte-identical to the default run
    table = make_table(8, 2, 5, gaps=0.004, seed=3)
    kw = dict(rope=0.003, engine="exact", progress=False)
    new, delta0 = compare(table, "mine", "baseline", **kw), \
        compare(table, "mine", "baseline", about="delta0", **kw)
    assert "the outcome's probability for the mean difference δ₀, that δ₀ lies in its region " \
           "(δ₀ > r, |δ₀| ≤ r or δ₀ < −r: the claim of a method paper" in delta0.methods_text()
    assert "the claim of a method paper" not in new.methods_text()
    o = delta0.overall()[-1]
    first = delta0.results_text().split(";")[0]
    assert "deciding on the mean difference δ₀" in first
    assert wording.number(o.delta0[1], o.delta0_se[1]) in delta0.results_text()
    assert ". For comparison, the papers' rule is the hierarchical test's decision on a new " \
        "data set" in delta0.results_text()
    assert "deciding on the mean difference" not in new.results_text()


def test_the_k_classifier_results_point_to_the_other_two_numbers():
    # a reader's finding: each pair's sentence gave only the posterior probability
    table = make_table(6, 2, 3, classifiers=("a", "b", "c"), gaps={"a": 0.03}, seed=4)
    many = compare_all(table, engine="exact", n_jobs=1, progress=False)
    text = many.results_text()
    assert "probabilities on a new data set" in text and "δ₀" in text
    assert "probability for δ₀" in many.to_markdown()


def test_the_k_files_carry_the_overall_table_the_results_point_to(tmp_path):
    # a reader's finding: the paragraph pointed to "the report's overall table", not in the file
    table = make_table(6, 2, 3, classifiers=("a", "b", "c"), gaps={"a": 0.03}, seed=4)
    many = compare_all(table, engine="exact", n_jobs=1, progress=False, ranking=False)
    md, tex, _ = (p.read_text() for p in writeup.write_files(many, tmp_path / "k.html"))
    assert "are in the overall table, after the compact one." in many.results_text()
    assert "report's overall table" not in many.results_text()
    compact, overall = md.index("| a | b | probability |"), md.index("| a | b | test |")
    assert compact < overall
    assert md.index("| b | c | hierarchical test: probability for δ₀ |") > overall
    # the compact one a table*; the overall one, a row per pair and kind, a longtable
    assert tex.count(r"\begin{table*}") == 1 and tex.count(r"\begin{longtable}") == 2  # + scores
    check_latex(tex)
    assert tex.index(r"decision & $\delta_0$") < tex.index("test &")
    assert r"hierarchical: $\delta_0$ &" in tex


def test_the_results_paragraph_is_short_sentences_the_verdicts_test_first():
    # a reader's finding: one sentence of ~150 words joined three kinds of number
    table = make_table(8, 2, 5, gaps=0.004, seed=3)
    kw = dict(rope=0.003, engine="exact", progress=False)
    for about in ("new data set", "delta0"):
        c = compare(table, "mine", "baseline", about=about, **kw)
        text = c.results_text()
        sentences = re.split(r"(?<=\.)\s+(?=[A-Z])", text)     # within and across paragraphs
        # δ₀'s size (delta0_size's clause, with percentage points) is the one longer sentence
        assert max(len(s.split()) for s in sentences if "credible interval" not in s) <= 35
        first = sentences[0]
        assert ("deciding on the mean difference δ₀" in first) == (about == "delta0")
        assert "signed-rank" not in " ".join(sentences[:4])
        # on δ₀ the signed-rank test is a check apart, not of δ₀ (reader 23), nor an
        # alternative to it: "On the papers' rule instead" read as one (mpaper4)
        opening = "As a separate check, not on δ₀," if about == "delta0" else "As a check"
        checks = [s for s in sentences if s.startswith((opening, "For these data sets"))]
        assert [("signed-rank" in s, "correlated t-test" in s) for s in checks] == \
            [(True, False), (False, True)]
        assert text.index("The mean difference over the population") < text.index(opening)


def test_the_bib_uses_entry_types_bibtex_defines():
    from bayestut import __version__

    bib = writeup.bibtex(compare(results(), A, B))
    entry = re.search(r"@(\w+)\{bayestut,(.*?)\n\}", bib, flags=re.S)
    assert entry[1] == "misc" and "@software" not in bib      # plainnat knows no @software
    assert f"howpublished = {{Python package, version {__version__}," in entry[2]
    assert "author = {{The bayestut authors}}" in entry[2]


# --- the .tex cites with the .bib's keys; the Methods state δ₀'s prior and the weak cut-off ---

def _tex_and_bib(result) -> tuple[str, str]:
    return writeup.latex_document_body(result), writeup.bibtex(result)


def check_citations(tex: str, bib: str) -> None:
    """Every citation a natbib key of the .bib, every entry cited; no citation left as text."""
    cites = set(re.findall(r"\\cite[tp]\{(\w+)\}", tex))
    entries = set(re.findall(r"@\w+\{(\w+),", bib))
    assert cites == entries, (cites, entries)
    plain = re.sub(r"(?m)^%.*$", "", tex)
    for authors, _year in writeup.CITED.values():
        assert authors not in plain, authors                     # each one a \\cite
    assert "~" not in plain and "textasciitilde" not in plain   # "distributed as": $\\sim$


@pytest.fixture(scope="module")
def exact_two():
    return compare(results(), A, B, rope=0.015)


def test_the_tex_cites_with_the_keys_of_its_bib(exact_two):
    many = compare_all(results(), rope=0.02, seed=4, progress=False, n_jobs=1)
    for result in (exact_two, many):
        tex, bib = _tex_and_bib(result)
        check_latex(tex)
        check_citations(tex, bib)
    tex, bib = _tex_and_bib(exact_two)
    assert r"the heuristic of \citet{nadeau2003inference}" in tex
    assert r"hierarchical test \citep{corani2017statistical}" in tex
    assert r"$\nu$ $-$ 1 $\sim$ Gamma" in tex
    assert "Nadeau, Claude and Bengio, Yoshua" in bib and "239--281" in bib
    tex, bib = _tex_and_bib(many)
    assert r"latent gamma variables of \citet{caron2012efficient}" in tex
    assert r"model of \citet{calvo2018bayesian}" in tex


def test_the_citation_check_can_fail(exact_two):
    tex, bib = _tex_and_bib(exact_two)
    with pytest.raises(AssertionError):
        check_citations(tex.replace(r"\citet{nadeau2003inference}", "Nadeau and Bengio (2003)"),
                        bib)
    with pytest.raises(AssertionError):
        check_citations(tex, bib.replace("@article{nadeau2003inference", "@article{other"))


def test_the_methods_state_delta0s_prior_and_the_weak_cut_off(exact_two, monkeypatch):
    h = exact_two.hierarchical
    bound = abs(exact_two.differences.x).max()
    assert h.prepared.stan_data["delta0_bound"] * h.prepared.std_x == pytest.approx(bound)
    text = exact_two.methods_text()
    assert ("a uniform prior on δ₀ between minus and plus the largest absolute difference on "
            f"any fold (±{bound:.3g})") in text
    assert f"probability on a new data set was below {wording.MODEST:g}." in text
    monkeypatch.setattr(wording, "MODEST", 0.7)       # the constant, not a typed 0.8
    assert "probability on a new data set was below 0.7." in exact_two.methods_text()
    assert "95% equal-tailed credible interval" in text


def test_the_files_carry_the_compact_table(tmp_path, exact_two):
    md, tex, _ = (p.read_text() for p in
                  writeup.write_files(exact_two, tmp_path / "compare_a_vs_b.html"))
    assert "| probability |" in md and "| test |" not in md     # every kind: the HTML's table
    a, b = (writeup.markdown_escape(x) for x in (exact_two.a, exact_two.b))
    assert f"| {a} better | equivalent | {b} better |" in md and "| P(" not in md
    # one column of a two-column paper (mpaper4): the row's constants in a spanning header
    # and the caption, short headers, the decision and the interval wrapped
    assert tex.count(r"\begin{table}") == 1 and r"\begin{table*}" not in tex
    table = tex.split(r"\begin{table}")[1]
    assert r"\multicolumn{3}{c}{posterior probability}" in table and "P(" not in table
    assert f"{writeup.latex_escape(exact_two.a)} & equiv. & " in table
    check_latex(tex)
    # the decision as wide as "equivalent)", its words never hyphenated ("no de-cision")
    assert r"\footnotesize" in tex and writeup_tables.wrapped(3.2) in tex
    assert writeup_tables.wrapped(4.85) in tex and r"\hyphenpenalty=10000" in tex
    assert r"\usepackage{array}" in tex.split(r"\paragraph")[0]
    assert "on 5 data sets, with the rope (the region of practical equivalence) ±0.015" in \
        writeup_tables._narrow_caption(exact_two)
    row = writeup_tables.compact_rows(exact_two)[0]
    assert row["probability"] == "posterior probability"
    assert "“posterior probability”: the papers' rule" in md
    assert f"| {row['δ₀']} | {row['δ₀ 95% credible interval']} | ±0.015 | 5 |" in md


def test_latex_math_side_by_side_is_one_piece_and_an_escaped_dollar_stays():
    assert writeup.latex_escape("δ₀ ± σ₀") == r"$\delta_0$ $\pm$ $\sigma_0$"
    assert writeup.latex_escape("a$±") == r"a\$$\pm$"
    assert writeup.latex_escape("$$") == r"\$\$"


def test_the_methods_are_short_and_the_rest_is_supplementary(tmp_path, exact_two):
    # a method paper's author: the Methods paragraph ran to 400 words; its essentials first
    essential, supplementary = writeup_methods.parts(exact_two)
    import re
    words = len(re.sub(r"\[TO FILL:[^\]]*\]", "", essential).split())
    assert 80 <= words <= 160, words    # about 150 once filled, the model defined (reader 29)
    assert "ρ = 1/5, as Nadeau and Bengio (2003) propose" in essential
    for needed in ("We compared 2 classifiers", "Benavoli et al. (2017)",
                   "Corani et al. (2017)", "(the region of practical equivalence, rope)",
                   "[TO FILL: why", "exceeded 0.95", "ν − 1 ∼ Gamma(α, β), α ∼ U(1, 2)",
                   "integrated numerically"):
        assert needed in essential, needed
    for detail in ("posterior predictive p-values (Gelman et al. 1996)",
                   "95% equal-tailed credible interval", "0.8, 0.9, 1.1 and 1.2 times the rope",
                   "Software: bayestut"):
        assert detail in supplementary and detail not in essential, detail
    assert exact_two.methods_text() == essential + "\n\n" + supplementary
    md, tex, _ = (p.read_text("utf-8") for p in
                  writeup.write_files(exact_two, tmp_path / "compare_a_vs_b.html"))
    assert md.index("## Methods") < md.index("## Results") < md.index("## Supplementary methods")
    assert "Gelman et al. 1996" in md.split("## Supplementary methods")[1]
    assert "Gelman" not in md.split("## Results")[0]
    assert tex.index(r"\paragraph{Methods.}") < tex.index(r"\paragraph{Supplementary methods.}")
    check_latex(tex)


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no pdflatex installed")
def test_the_split_methods_compile(tmp_path, exact_two):
    document = ("\\documentclass{article}\n" + PREAMBLE + "\\begin{document}\n"
                + writeup.latex_document_body(exact_two) + "\\end{document}\n")
    (tmp_path / "paper.tex").write_text(document, encoding="utf-8")
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:]


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no pdflatex installed")
def test_the_pairs_compact_table_fits_one_column_of_a_two_column_paper(tmp_path, exact_two):
    """A method paper's table for two classifiers goes in one column (reader 29: it ran 160 pt
    too wide; then 16 pt in \\small)."""
    document = ("\\documentclass[twocolumn]{article}\n" + PREAMBLE + "\\begin{document}\n"
                + writeup_tables.compact_latex(exact_two) + "\\end{document}\n")
    (tmp_path / "table.tex").write_text(document, encoding="utf-8")
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "table.tex"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:]
    log = (tmp_path / "table.log").read_text(errors="replace")
    over = [float(pt) for pt in re.findall(r"Overfull \\hbox \(([\d.]+)pt too wide\)", log)]
    assert "in alignment" not in log and max(over, default=0) < 3, log[-1500:]   # a caption's word
