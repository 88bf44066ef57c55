import pandas as pd
import pytest

from bayestut import paper, scorecard
from bayestut.paper import Published
from bayestut.scorecard import Scorecard, verdict


def test_precision_comes_from_the_printed_text():
    assert paper.FIG1_P_15_FOLDS.decimals == 3
    assert paper.ANNEAL_P.decimals == 5
    assert paper.TABLE_2_SIGNIFICANT.decimals == 0


@pytest.mark.parametrize("reproduced, tolerance, expected", [
    (0.0774, 0.0, "match"),
    (0.0764, 0.0, "differs"),
    (0.0764, 0.002, "within tolerance"),
    (0.0800, 0.002, "differs"),
])
def test_verdicts(reproduced, tolerance, expected):
    assert verdict(Published("P", "T", "r", "c", "0.077"), reproduced, tolerance) == expected


def test_table_cells_keep_their_source():
    cell = paper.TABLE_5.get("j48-j48gr", "P(rope) > .95")
    assert (cell.item, cell.row, cell.text) == ("Table 5", "j48-j48gr", "40")
    assert paper.TABLE_2.column("p-value").shape == (54,)


def test_scorecard_round_trip(tmp_path, monkeypatch):
    monkeypatch.setattr(scorecard, "SCORECARDS", tmp_path / "cards")
    card = Scorecard("99_test")
    card.add(paper.ANNEAL_T, -3.5200)
    card.add(paper.FIG1_P_15_FOLDS, 0.055, tolerance=0.005)
    card.save()
    allrows = scorecard.gather(out_dir=tmp_path)
    assert list(allrows.columns) == scorecard.FIELDS
    assert allrows["verdict"].tolist() == ["match", "differs"]
    md = (tmp_path / "REPRODUCTION.md").read_text()
    assert "| match | 1 |" in md and "99_test" in md
    assert pd.read_csv(tmp_path / "reproduction.csv", dtype={"published": str})["published"].tolist() == ["-3.52", "0.077"]


def test_missing_reproduced_value_is_an_error():
    with pytest.raises(ValueError, match="no reproduced value"):
        Scorecard("x").add(paper.ANNEAL_T, float("nan"))
