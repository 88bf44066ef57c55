"""No output of the command line overwrites its input: a results file standing where a report,
a paper's file or the executed notebook goes is refused before any work (issue 34 item 5)."""

import os

import pytest

from bayestut.analysis.cli import main
from conftest import make_table


def results(path, classifiers=("mine", "baseline")):
    make_table(datasets=4, runs=1, folds=3, classifiers=classifiers).to_csv(path, index=False)
    return path.read_bytes()


@pytest.mark.parametrize("suffix", [".html", ".md", ".tex", ".bib"])
def test_a_results_file_named_like_a_report_file_is_kept(suffix, tmp_path, capsys):
    csv = tmp_path / f"compare_mine_vs_baseline{suffix}"
    before = results(csv)
    assert main(["compare", str(csv), "mine", "baseline", "--out", str(tmp_path)]) == 2
    assert "would be overwritten" in capsys.readouterr().err
    assert csv.read_bytes() == before


def test_every_pairs_report_keeps_its_input(tmp_path, capsys):
    csv = tmp_path / "compare_3_classifiers.tex"
    before = results(csv, ("a", "b", "c"))
    assert main(["compare", str(csv), "--out", str(tmp_path)]) == 2
    assert "would be overwritten" in capsys.readouterr().err
    assert csv.read_bytes() == before


def test_a_link_to_the_input_at_a_reports_name_is_refused(tmp_path, capsys):
    csv = tmp_path / "results.csv"
    before = results(csv)
    out = tmp_path / "out"
    out.mkdir()
    (out / "compare_mine_vs_baseline.md").symlink_to(csv)
    os.link(csv, out / "compare_mine_vs_baseline.bib")          # a hard link, too
    assert main(["compare", str(csv), "mine", "baseline", "--out", str(out)]) == 2
    assert csv.read_bytes() == before
    (out / "compare_mine_vs_baseline.md").unlink()
    assert main(["compare", str(csv), "mine", "baseline", "--out", str(out)]) == 2
    assert "compare_mine_vs_baseline.bib" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["your_results.ipynb", "your_results.html"])
def test_the_notebook_keeps_its_input(name, tmp_path, capsys):
    csv = tmp_path / name
    before = results(csv)
    assert main(["notebook", str(csv), "--out", str(tmp_path)]) == 2
    assert "would be overwritten" in capsys.readouterr().err
    assert csv.read_bytes() == before


@pytest.mark.parametrize("command", ["compare", "notebook"])
def test_a_file_name_given_as_out_is_refused(command, tmp_path, capsys):
    csv = tmp_path / "results.csv"
    results(csv)
    out = tmp_path / "compare_mine_vs_baseline.html"
    assert main([command, str(csv), "mine", "baseline", "--out", str(out)]) == 2
    assert "looks like a file name" in capsys.readouterr().err and not out.exists()
