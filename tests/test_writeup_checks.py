"""The paper's write-up as a method paper's reader asked for it: the Methods describe the model
check and the prior check (cited, the priors' values from the model's constants), the model
check's Results sentence in a paper's voice, the Supplementary paragraph with --about delta0,
each data set's mean scores as a table, and the author's reason for the rope."""

import dataclasses
import re
import shutil
import subprocess
import types

import numpy as np
import pytest
from conftest import make_table

from bayestut.analysis import writeup, writeup_checks, writeup_tables
from bayestut.analysis.cli import main
from bayestut.analysis.compare import compare
from bayestut.errors import InputError
from bayestut.methods import hierarchical

A, B = "knn_5 & more", "ada%boost #2"


def table(lower: bool = False):
    """Six data sets, A 0.03 better (with lower_is_better: its scores are errors, A's lower)."""
    df = make_table(datasets=6, runs=2, folds=5, classifiers=(A, B), gaps={A: 0.03},
                    noise=0.01, seed=1)
    if lower:
        df["score"] = 1 - df["score"]
    return df


@pytest.fixture(scope="module")
def checked():
    return compare(table(), A, B, prior_check=True, about="delta0")


@pytest.fixture(scope="module")
def plain():
    return compare(table(), A, B)


@pytest.fixture(scope="module")
def files(checked, tmp_path_factory):
    md, tex, bib = writeup.write_files(checked, tmp_path_factory.mktemp("w") / "r.html")
    return md.read_text("utf-8"), tex.read_text("utf-8"), bib.read_text("utf-8")


# --- 1, 2: the Methods describe both checks, cited, with the priors' values ---------------------

def test_the_methods_describe_the_model_check_with_its_citation(plain, files):
    text = plain.methods_text()
    assert ("The hierarchical fit was checked with posterior predictive p-values (Gelman et al. "
            "1996): for each posterior draw, a new set of 6 data sets was drawn") in text
    assert "the spread, smallest and largest of the data sets' mean differences" in text
    assert "below 0.01 or above 0.99" in text
    md, tex, bib = files
    assert r"posterior predictive p-values \citep{gelman1996posterior}" in tex
    assert "Gelman, Andrew and Meng, Xiao-Li and Stern, Hal" in bib and "733--807" in bib
    assert "Statistica Sinica" in bib
    # the prior check was not run here: not in the Methods, not in the .bib
    assert "refitting" not in text and "kruschke2013bayesian" not in writeup.bibtex(plain)


def test_the_methods_name_each_prior_checked_with_its_values_and_source(checked, files):
    text = checked.methods_text()
    assert ("JMLR's hyperprior bounds, α ∼ U(0.5, 5) and β ∼ U(0.05, 0.15) (Benavoli et al. "
            "2017)") in text
    assert "Kruschke's Gamma(1, 0.0345) on ν − 1 (Kruschke 2013)" in text
    assert "Juárez and Steel's Gamma(2, 0.1) on ν − 1 (Juárez and Steel 2010)" in text
    md, tex, bib = files
    for key, pages in (("kruschke2013bayesian", "573--603"), ("juarez2010model", "52--66")):
        assert rf"\citep{{{key}}}" in tex and f"@article{{{key}," in bib and pages in bib
    assert r"Ju\'{a}rez and Steel's" in tex          # the name escaped, the citation a \citep
    cites = set(re.findall(r"\\cite[tp]\{(\w+)\}", tex))
    assert cites == set(re.findall(r"@\w+\{(\w+),", bib))   # every citation has its entry


def test_the_bounds_are_formatted_from_the_constants(checked, monkeypatch):
    monkeypatch.setitem(hierarchical.HYPERPRIORS, "jmlr", (0.25, 7.0, 0.5, 1.5))
    assert "α ∼ U(0.25, 7) and β ∼ U(0.5, 1.5)" in writeup_checks.prior_check_methods(checked)


# --- 3: the model check's Results sentence in a paper's voice ----------------------------------

def test_the_model_check_reads_as_a_papers_results(plain):
    text = plain.results_text()
    shares = [f"{p:.2f}" for p in plain.model_check.shares.values()]
    assert all(0.05 <= p <= 0.95 for p in plain.model_check.shares.values())
    assert ("Posterior predictive p-values (4,000 replicated sets of 6 data sets) for the "
            "spread, smallest and largest mean difference and the count inside the rope were "
            f"{shares[0]}, {shares[1]}, {shares[2]} and {shares[3]}: no misfit is "
            "flagged.") in text
    assert "and the number of data sets inside the rope were compared" in plain.methods_text()
    assert "new sets of" not in text and "were drawn" not in text    # the console's voice


def test_a_flagged_check_names_the_feature_and_the_data_set(plain):
    check = dataclasses.replace(plain.model_check,
                                shares={"spread": 0.4, "smallest": 0.5, "largest": 0.004})
    c = types.SimpleNamespace(model_check=check)
    text = writeup_checks.model_check_results(c, lambda n: f"“{n}”")
    i = int(np.argmax(check.xbar))
    assert "were 0.40, 0.50 and 0.004. Outside 0.01 to 0.99, the largest mean difference" in text
    assert f"on “{check.datasets[i]}”, is further out than the model predicts" in text
    assert text.endswith("the model does not reproduce this feature of the data.")
    two_humps = dataclasses.replace(plain.model_check,
                                    shares={**plain.model_check.shares, "inside the rope": 0.003})
    text = writeup_checks.model_check_results(types.SimpleNamespace(model_check=two_humps))
    inside = int(two_humps.observed["inside the rope"])
    assert (f"Outside 0.01 to 0.99, {inside} data set{' lies' if inside == 1 else 's lie'} inside "
            "the rope, fewer than the model predicts (the data sets may form two groups") in text
    assert writeup_checks._p_value(0.0) == "< 0.001" and writeup_checks._p_value(1.0) == "> 0.999"


# --- 4: with --about delta0, the other numbers in a last Supplementary paragraph ---------------

def test_about_delta0_puts_the_other_numbers_in_a_supplementary_paragraph(checked, plain, files):
    *main_part, last = checked.results_text().split("\n\n")
    assert last.startswith("Supplementary. For comparison, the papers' rule is the "
                           "hierarchical test's decision on a new data set: an outcome whose "
                           "posterior probability of being the likeliest there exceeds 0.95.")
    assert "For a practitioner choosing for the next data set" in last
    assert not any("For comparison" in p or "practitioner" in p for p in main_part)
    assert main_part[0].startswith("Over 6 data sets") and "deciding on the mean difference" \
        in main_part[0]
    md, tex, _ = files
    assert "\n\n**Supplementary.** For comparison" in md
    assert "\n\n\\textbf{Supplementary.} For comparison" in tex
    assert "Supplementary" not in plain.results_text()      # the papers' rule: nothing moved


# --- 5: each data set's mean scores -------------------------------------------------------------

def test_the_table_of_mean_scores_holds_each_classifiers_means(plain):
    df = table()
    means = df.groupby(["dataset", "classifier"])["score"].mean()
    rows = writeup_tables.dataset_rows(plain)
    assert [r["data set"] for r in rows] == list(plain.differences.datasets)
    for r in rows:
        a, b = means[r["data set"], A], means[r["data set"], B]
        assert float(r[A]) == pytest.approx(a, abs=5e-5)              # rope 0.01: 4 decimals
        assert float(r[B]) == pytest.approx(b, abs=5e-5)
        assert float(r[f"{A} − {B}"].replace("−", "-")) == pytest.approx(a - b, abs=5e-5)


def test_the_table_follows_percent_and_the_direction():
    df = table(lower=True)
    df["score"] *= 100
    c = compare(df, A, B, percent=True, lower_is_better=True)
    rows = writeup_tables.dataset_rows(c)
    means = df.groupby(["dataset", "classifier"])["score"].mean()
    first = rows[0]
    assert float(first[A]) == pytest.approx(means[first["data set"], A], abs=0.005)
    assert list(first) == ["data set", A, B, f"{B} − {A}"]            # positive: A better
    assert all(r[f"{B} − {A}"].startswith("+") for r in rows)         # A's errors are lower
    caption = writeup_tables._datasets_caption(c)
    assert "in percent, as the scores were given" in caption
    assert f"positive when {A} scores better" in caption


def test_the_table_is_in_the_md_and_a_longtable_in_the_tex(plain, files):
    md, tex, _ = files
    assert md.index("| data set |") > md.index("| probability |")       # after the main table
    assert re.search(r"(?m)^\| data set \| knn\\_5 & more \| ada%boost #2 \| ", md)
    body = tex.split(r"\begin{longtable}")[1].split(r"\end{longtable}")[0]
    rows = re.findall(r"(?m)^(.*)\\\\$", body)
    assert len(rows) == 2 + 6 + 1                 # the header twice, the rows, the caption
    for row in rows[1:]:
        assert re.sub(r"\\&", "", row).count("&") == 3, row
    assert r"knn\_5 \& more & ada\%boost \#2" in body
    assert "mean over every run and fold" in body
    assert r"\usepackage{longtable}" in tex.split(r"\paragraph")[0]
    assert "| data set |" not in writeup_tables.datasets_markdown(
        compare(make_table(datasets=6, classifiers=(A, B), seed=2).groupby(
            ["dataset", "classifier"], as_index=False)["score"].mean(), A, B))   # means only


# --- 6: the rope's reason -------------------------------------------------------------------------

def test_the_rope_reason_fills_the_placeholder_escaped(tmp_path):
    named = table().rename(columns={"score": "accuracy"})        # no placeholder for the metric
    c = compare(named, A, B, score="accuracy", rope_reason="  because 1% & less is noise. ")
    text = c.methods_text()
    assert "were deemed of no practical consequence because 1% & less is noise." in text
    assert "TO FILL" not in text
    md, tex, _ = (p.read_text("utf-8") for p in writeup.write_files(c, tmp_path / "r.html"))
    assert r"no practical consequence because 1\% \& less is noise." in tex
    # nothing left to fill: a grep for TODO finds nothing (the claim's note is a NOTE)
    assert "TODO" not in tex and "% NOTE: This text decides" in tex and "TO FILL" not in md
    # a reason that is not a clause ("because …") is joined with a colon, not run on (reader 29)
    bare = compare(named, A, B, score="accuracy", rope_reason="a gain of 1% changes nothing")
    assert "no practical consequence: a gain of 1% changes nothing." in bare.methods_text()


@pytest.mark.parametrize("bad, said", [(3, "must be text"), ("  \n ", "is empty"),
                                       (".", "is empty")])
def test_a_careless_rope_reason_is_refused_with_the_fix(bad, said):
    with pytest.raises(InputError, match=said) as e:
        compare(table(), A, B, rope_reason=bad)
    assert "leave" in str(e.value) and "e.g." in str(e.value)


def test_the_command_line_takes_the_rope_reason(tmp_path, capsys):
    csv = tmp_path / "r.csv"
    table().to_csv(csv, index=False)
    out = tmp_path / "out"
    assert main(["compare", str(csv), A, B, "--rope-reason", "", "--out", str(out)]) == 2
    assert "rope_reason (--rope-reason) is empty" in capsys.readouterr().err
    assert main(["compare", str(csv), A, B, "--out", str(out),
                 "--rope-reason", "because a gain of less than one point would not change "
                 "which classifier a user deploys"]) == 0
    md = next(out.glob("*.md")).read_text("utf-8")
    assert ("no practical consequence because a gain of less than one point would not change "
            "which classifier a user deploys.") in md


# --- 7: the .tex compiles, the new parts with it ---------------------------------------------------

@pytest.mark.skipif(shutil.which("pdflatex") is None or shutil.which("bibtex") is None,
                    reason="pdflatex and bibtex are not installed (Debian: texlive-latex-base, "
                           "texlive-latex-recommended, texlive-bibtex-extra)")
def test_the_tex_compiles_with_its_bib(tmp_path, checked):
    md, tex, bib = writeup.write_files(checked, tmp_path / "body.html")
    (tmp_path / "paper.tex").write_text(
        "\\documentclass{article}\n\\usepackage{booktabs}\n\\usepackage{longtable}\n"
        "\\usepackage{array}\n\\usepackage{natbib}\n\\begin{document}\n\\input{body}\n\\bibliographystyle{plainnat}\n"
        "\\bibliography{body}\n\\end{document}\n", encoding="utf-8")
    for command in (["pdflatex"], ["bibtex"], ["pdflatex"], ["pdflatex"]):
        run = subprocess.run([*command, *(["-interaction=nonstopmode", "-halt-on-error"]
                                          if command == ["pdflatex"] else []), "paper"],
                             cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stdout[-2000:]
    log = (tmp_path / "paper.log").read_text(errors="replace")
    assert "undefined" not in log and "Missing character" not in log, log[-2000:]


# --- K classifiers: every pair's check in the Methods and the Results ---------------------------

def test_the_k_write_up_says_every_pairs_model_check(plain):
    fits = plain.model_check
    humps = dataclasses.replace(fits, shares={**fits.shares, "inside the rope": 0.004,
                                              "largest": 0.995})
    pair = lambda check: types.SimpleNamespace(model_check=check)      # noqa: E731
    many = types.SimpleNamespace(pairs={("x", "y"): pair(fits), ("x", "z"): pair(humps)})
    text = writeup_checks.many_model_check_results(many, lambda n: f"“{n}”")
    assert text == ("Posterior predictive p-values (4,000 replicated sets per pair) fall outside "
                    "0.01 to 0.99 for “x” against “z” (largest mean difference and count inside "
                    "the rope): the model does not reproduce these features of the data. Each "
                    "flagged pair's own report names the data set.")
    # the spread named as a statistic of the mean differences, never "spread mean difference"
    spread = dataclasses.replace(fits, shares={**fits.shares, "spread": 0.002})
    many.pairs = {("x", "y"): pair(spread)}
    assert "“x” against “y” (spread of the mean differences)" in \
        writeup_checks.many_model_check_results(many, lambda n: f"“{n}”")
    many.pairs = {("x", "y"): pair(fits)}
    assert writeup_checks.many_model_check_results(many) == (
        "Posterior predictive p-values (4,000 replicated sets per pair) lie between 0.01 and "
        "0.99 for every pair.")
    assert writeup_checks.model_check_methods(plain, each_pair=True).startswith(
        "Each pair's hierarchical fit was checked with posterior predictive p-values (Gelman")


def test_the_k_md_carries_the_check_in_its_methods_and_results():
    from bayestut import compare_all
    from bayestut.paths import DATA

    many = compare_all(DATA / "blog_study_auc.csv", n_jobs=1, ranking=False)
    assert "Each pair's hierarchical fit was checked with posterior predictive p-values" \
        in writeup.methods_text(many)
    last = writeup.results_text(many).split("\n\n")[-1]
    assert last.startswith("Posterior predictive p-values (4,000 replicated sets per pair)")
    assert "@article{gelman1996posterior," in writeup.bibtex(many)
