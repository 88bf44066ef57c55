"""What the eighth and ninth readers found (issue 38): the K grid's colours are the figures',
the growing study's labels use the one names, a rope given in percent and a misspelt
classifier are told apart from other mistakes, and the your_results template's prose is true
for any number of classifiers."""

import json
from pathlib import Path

import pytest

import bayestut as bt
from bayestut.analysis import report
from bayestut.analysis.cli import main
from bayestut.errors import InputError
from bayestut.figures.style import OUTCOME_COLOURS
from conftest import make_table

ROOT = Path(__file__).parents[1]


def _rgb(colour: str) -> tuple[int, ...]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def test_the_k_grids_cells_take_the_figures_outcome_colours():
    # row better is the first classifier's side (a better, right of the rope), column better
    # the second's, equivalent the rope's: each cell a light tint of that figure colour
    for cell, region in (("better", "right"), ("worse", "left"), ("equivalent", "rope")):
        tint, full = _rgb(report.COLOURS[cell]), _rgb(OUTCOME_COLOURS[region])
        ranks = lambda rgb: sorted(range(3), key=lambda i: rgb[i])      # noqa: E731
        assert ranks(tint) == ranks(full), cell          # the same hue, lighter
        assert min(tint) > max(full) * 0.6               # light enough to read text on
    many = bt.compare_all(make_table(5, runs=2, folds=5, classifiers=("a", "b", "c"),
                                     gaps={"a": 0.05, "b": 0.0, "c": 0.0}, seed=1), n_jobs=1)
    assert report.COLOURS["better"] in report.html_report(many)      # a's row, a better


@pytest.mark.parametrize("rope, meant", [("1%", "--rope 0.01"), ("0.5%", "--rope 0.005")])
def test_a_rope_given_in_percent_names_the_number_it_means(tmp_path, capsys, rope, meant):
    csv = tmp_path / "r.csv"
    make_table(3, runs=1, folds=5).to_csv(csv, index=False)
    with pytest.raises(SystemExit) as stop:
        main(["compare", str(csv), "mine", "baseline", "--rope", rope, "--out", str(tmp_path)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert meant in err and "percentage point" in err


def test_a_misspelt_classifier_is_given_the_likely_name():
    table = make_table(3, runs=1, folds=5)
    with pytest.raises(InputError, match="did you mean 'baseline'"):
        bt.compare(table, "mine", "baselin")
    with pytest.raises(InputError) as unknown:
        bt.compare(table, "mine", "zzz")
    assert "did you mean" not in str(unknown.value)


def test_your_results_prose_holds_for_any_number_of_classifiers():
    cells = json.loads((ROOT / "notebooks" / "your_results.ipynb").read_text(encoding="utf-8"))
    prose = "\n".join("".join(c["source"]) for c in cells["cells"] if c["cell_type"] == "markdown")
    assert "As committed" not in prose          # the reader's own copy runs on their file
    figures = prose.split("## The figures", 1)[1].split("##", 1)[0]
    assert "For two classifiers" in figures and "three or more classifiers" in figures


def test_percent_on_fractions_is_said_in_every_report():
    # scores all at most 1 given with percent=True for a loss: believed (error rates of 0.5%
    # are 0.5), but every report says so, the paper's paragraph too: never only a warning on
    # stderr (where higher is better they are refused: test_percent_check_*)
    table = make_table(4, runs=2, folds=5, gaps=0.03, seed=3)
    with pytest.warns(UserWarning, match="reads two ways"):
        c = bt.compare(table, "mine", "baseline", percent=True, lower_is_better=True)
    largest = table["score"].max()
    sentence = (f"Every score given is at most 1 (the largest is {largest * 100 / 100:g}), yet "
                "--percent (percent=True) read them as percentages")
    for text in (c.summary(), report.html_report(c), c.results_text()):
        assert sentence in text.replace("&#39;", "'")
    with pytest.warns(UserWarning):
        many = bt.compare_all(make_table(4, runs=2, folds=5, classifiers=("a", "b", "c"),
                                         seed=3), percent=True, lower_is_better=True, n_jobs=1)
    assert any(line.startswith("Every score given is at most 1") for line in many.verdict())
    # real percentages: nothing said
    table["score"] *= 100
    assert "at most 1" not in bt.compare(table, "mine", "baseline", percent=True).summary()
