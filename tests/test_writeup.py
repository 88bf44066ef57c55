"""The paragraphs for a paper: methods and results text, BibTeX, LaTeX and Markdown tables."""

import re
import shutil
import subprocess

import numpy as np
import pandas as pd
import pytest

from bayestut.analysis import writeup
from bayestut.analysis.compare import compare
from bayestut.analysis.many import compare_all

# names with LaTeX's special characters, which the table must escape
A, B, C = "knn_5 & more", "ada%boost", "tree#1"
FAST = dict(chains=2, warmup=300, draws=400)


def results(runs=2, folds=5, seed=0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    shift = {A: 0.03, B: 0.0, C: -0.02}
    rows = [(f"set{d}", c, r, f, 0.75 + 0.02 * d + shift[c] + rng.normal(0, 0.01))
            for d in range(5) for r in range(1, runs + 1) for f in range(1, folds + 1)
            for c in (A, B, C)]
    return pd.DataFrame(rows, columns=["dataset", "classifier", "run", "fold", "score"])


@pytest.fixture(scope="module")
def two():
    return compare(results(), A, B, rope=0.015, threshold=0.9, seed=11, engine="stan", **FAST)


@pytest.fixture(scope="module")
def many():
    return compare_all(results(), rope=0.02, seed=4, progress=False, n_jobs=1, **FAST)


def test_methods_text_names_the_settings_actually_used(two):
    text = two.methods_text()
    assert "±0.015" in text and "rho = 1/5 = 0.2" in text
    assert "exceeded 0.9" in text
    assert "2 chains of 300 warm-up and 400 kept iterations" in text
    assert "seed 11" in text and "50,000 Monte Carlo samples" in text
    assert "alpha ~ U(1, 2), beta ~ U(0.01, 0.1)" in text
    assert re.search(r"largest rank-normalised split R-hat was 1\.\d{3}", text)
    assert "bayestut 0.1.0" in text and "PyStan" in text or "CmdStanPy" in text
    assert "Plackett-Luce" not in text and "sign test" not in text     # not run, not named


def test_methods_text_of_the_exact_engine(many):
    text = many.methods_text()
    assert "numerical integration" in text and "largest numerical error" in text
    assert "Stan" not in text and "PyStan" not in text and "CmdStanPy" not in text
    assert "Gibbs sampler with latent gamma variables" in text
    assert "with their numerical errors" in text


def test_results_text_is_the_reports_verdict(two):
    text = two.results_text()
    assert text.startswith(two.headline())
    assert "Signed-rank test on the means:" in text
    assert "On the individual data sets, the correlated t-test gives:" in text


def test_bibtex_cites_what_was_run(two, many):
    keys = lambda bib: re.findall(r"@\w+\{(\w+),", bib)  # noqa: E731
    assert keys(two.bibtex()) == ["benavoli2017time", "corani2017statistical", "bayestut"]
    assert keys(many.bibtex()) == ["benavoli2017time", "corani2017statistical",
                                   "calvo2018bayesian", "bayestut"]
    assert two.bibtex().count("{") == two.bibtex().count("}")


def test_k_classifiers_get_the_ranking_and_every_pair(many):
    text = many.methods_text()
    assert "3 classifiers" in text and "Calvo et al. (2018)" in text
    assert "not adjusted for the number of pairs" in text and "±0.02" in text
    assert many.results_text().startswith("Hierarchical test:")
    md = many.to_markdown()
    assert len([line for line in md.splitlines() if line.startswith(f"| {A} vs")]) == 4


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
    columns = re.search(r"\\begin\{tabular\}\{(\w+)\}", tex).group(1)
    for row in re.findall(r"^(.*)\\\\$", tex, flags=re.M):
        assert re.sub(r"\\&", "", row).count("&") == len(columns) - 1, row


def test_latex_table_parses_and_escapes_the_names(two, many):
    for result in (two, many):
        tex = result.to_latex()
        check_latex(tex)
        assert r"\toprule" in tex and r"\midrule" in tex and r"\bottomrule" in tex
        assert r"knn\_5 \& more" in tex and r"ada\%boost" in tex
        check_latex(writeup.latex_document_body(result))


def test_the_parser_catches_a_broken_table(two):
    with pytest.raises(AssertionError):
        check_latex(two.to_latex().replace(r"\&", "&", 1))
    with pytest.raises(AssertionError):
        check_latex(two.to_latex().replace(r"\end{tabular}", ""))


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no pdflatex installed")
def test_latex_compiles(tmp_path, many):
    document = ("\\documentclass{article}\n\\usepackage[utf8]{inputenc}\n"
                "\\usepackage{booktabs}\n\\begin{document}\n"
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
    assert md.startswith("## Methods") and "## Results" in md and "| comparison |" in md
