import json

import pandas as pd
import pytest

from bayestut.reproduction import paper, scorecard
from bayestut.reproduction.paper import Published
from bayestut.reproduction.scorecard import Scorecard, verdict


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


@pytest.fixture
def outputs(tmp_path, monkeypatch):
    """Cards written under a temporary output folder, committed cards read from another."""
    monkeypatch.setenv("BAYESTUT_OUTPUT_DIR", str(tmp_path))
    monkeypatch.delenv(scorecard.ACCEPT_ENV, raising=False)
    committed = tmp_path / "committed"
    committed.mkdir()
    monkeypatch.setattr(scorecard, "COMMITTED_SCORECARDS", committed)
    return tmp_path


def test_scorecard_round_trip(outputs):
    tmp_path = outputs
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


def _mcmc_card(value, error=0.005):
    card = Scorecard("99_mcmc")
    card.add(paper.ANNEAL_T, -3.52)
    card.add_estimate(paper.TABLE_12.get("nbc-aode", "right"), value, error, tolerance=0.04)
    return card


def test_mcmc_rows_are_never_a_match_and_carry_their_error():
    card = _mcmc_card(0.72)          # the printed value exactly: still "within tolerance"
    row = card.frame().iloc[1]
    assert (row["verdict"], row["numerical_error"]) == ("within tolerance", 0.005)
    assert _mcmc_card(0.80).frame()["verdict"].iloc[1] == "differs"


def test_an_mcmc_row_needs_a_tolerance():
    with pytest.raises(ValueError, match="tolerance > 0"):
        Scorecard("x").add_estimate(paper.TABLE_12.get("nbc-aode", "rope"), 0.28, 0.0, tolerance=0.0)


def test_a_rerun_within_monte_carlo_error_passes(outputs):
    _mcmc_card(0.716).save()
    (outputs / "scorecards" / "99_mcmc.csv").rename(outputs / "committed" / "99_mcmc.csv")
    _mcmc_card(0.716 + 0.02).save()   # 2.8 combined errors away: Monte Carlo noise
    saved = pd.read_csv(outputs / "scorecards" / "99_mcmc.csv")
    assert saved["reproduced"].iloc[1] == pytest.approx(0.736)     # saved, not refused


def test_a_number_moved_beyond_its_error_fails(outputs):
    """The check can fail: edit one committed reproduced number beyond its tolerance."""
    _mcmc_card(0.716).save()
    committed = outputs / "committed" / "99_mcmc.csv"
    (outputs / "scorecards" / "99_mcmc.csv").rename(committed)
    edited = pd.read_csv(committed, dtype={"published": str})
    edited.loc[1, "reproduced"] = 0.716 - 0.1
    edited.to_csv(committed, index=False)
    with pytest.raises(scorecard.ScorecardChanged, match="more than the"):
        _mcmc_card(0.716).save()


def test_a_deterministic_number_must_not_move_at_all(outputs):
    _mcmc_card(0.716).save()
    committed = outputs / "committed" / "99_mcmc.csv"
    (outputs / "scorecards" / "99_mcmc.csv").rename(committed)
    edited = pd.read_csv(committed, dtype={"published": str})
    edited.loc[0, "reproduced"] = -3.5201
    edited.to_csv(committed, index=False)
    with pytest.raises(scorecard.ScorecardChanged, match="Anneal|anneal|became"):
        _mcmc_card(0.716).save()


def test_a_changed_verdict_or_missing_row_fails_unless_accepted(outputs, monkeypatch):
    _mcmc_card(0.716).save()
    (outputs / "scorecards" / "99_mcmc.csv").rename(outputs / "committed" / "99_mcmc.csv")
    with pytest.raises(scorecard.ScorecardChanged, match="verdict 'within tolerance' became 'differs'"):
        _mcmc_card(0.716 - 0.05).save()
    lonely = Scorecard("99_mcmc")
    lonely.add(paper.ANNEAL_T, -3.52)
    with pytest.raises(scorecard.ScorecardChanged, match="is missing"):
        lonely.save()
    monkeypatch.setenv(scorecard.ACCEPT_ENV, "1")
    lonely.save()                     # accepted: written without the comparison


def test_a_verdict_next_to_its_threshold_cannot_become_the_reference(outputs, monkeypatch):
    """0.755 is 0.035 from the printed 0.72, 0.005 inside the 0.04 tolerance: with a Monte
    Carlo error of 0.005 another machine could call it 'differs'."""
    with pytest.raises(scorecard.ScorecardChanged, match="edge of its tolerance"):
        _mcmc_card(0.755).save()              # no committed card: this run would be the reference
    monkeypatch.setenv(scorecard.ACCEPT_ENV, "1")
    with pytest.raises(scorecard.ScorecardChanged, match="edge of its tolerance"):
        _mcmc_card(0.755).save()              # nor when accepted as the new reference


def test_mcmc_tolerance_from_nominal_draws():
    # half a unit of 0.01 plus three combined sds at p = 0.5, 16,000 and 4,000 draws each worth
    # a quarter of an independent draw
    assert scorecard.mcmc_tolerance(2, 16000, 4000) == pytest.approx(
        0.005 + 3 * 0.5 * (1 / 4000 + 1 / 1000) ** 0.5)


# --- exercises: other settings than the published ones -----------------------------------------

@pytest.fixture
def published(outputs, monkeypatch):
    """A committed card for 99_mcmc made at rope = 0.01, seed = 1."""
    monkeypatch.delenv(scorecard.STRICT_ENV, raising=False)
    scorecard.record_settings("99_mcmc", {"rope": 0.01, "seed": 1, "q": (5, 10)})
    _mcmc_card(0.716).save()
    for name in ("99_mcmc.csv", scorecard.SETTINGS_FILE):
        (outputs / "scorecards" / name).rename(outputs / "committed" / name)
    return outputs


def _card_at(settings, value=0.716):
    card = Scorecard("99_mcmc", settings=settings)
    card.add(paper.ANNEAL_T, -3.52)
    card.add_estimate(paper.TABLE_12.get("nbc-aode", "right"), value, 0.005, tolerance=0.04)
    return card


def test_other_settings_give_a_note_not_an_error(published, capsys):
    card = _card_at({"rope": 0.02, "seed": 1, "q": [5, 10]}, value=0.5)   # would differ
    shown = card.save()
    note = capsys.readouterr().out
    assert "rope = 0.02 instead of the published 0.01" in note and "compares nothing" in note
    assert set(shown["verdict"]) == {scorecard.NOT_COMPARED}
    assert card.summary().to_dict() == {}                  # no "match 1 / differs 1"
    card.print_summary()
    assert capsys.readouterr().out == ""
    assert not (published / "scorecards" / "99_mcmc.csv").exists()     # nothing written


def test_a_run_at_other_settings_says_so_at_the_top_too(published, capsys):
    """Reader 39: after rope = 0.02 the prose beside the outputs still described the published
    run, and only the scorecard at the end said why; the card says it where it is made."""
    Scorecard("99_mcmc", settings={"rope": 0.02, "seed": 1, "q": [5, 10]})
    said = capsys.readouterr().out
    assert said.startswith("This run changes rope = 0.02 instead of the published 0.01: the "
                           "prose describes the published run"), said
    Scorecard("99_mcmc", settings={"rope": 0.01, "seed": 1, "q": [5, 10]})
    assert capsys.readouterr().out == ""


def test_the_published_settings_are_still_checked_strictly(published):
    _card_at({"rope": 0.01, "seed": 1, "q": (5, 10)}).save()          # tuples equal lists
    with pytest.raises(scorecard.ScorecardChanged, match="became 'differs'"):
        _card_at({"rope": 0.01, "seed": 1, "q": (5, 10)}, value=0.5).save()


def test_strict_runs_refuse_other_settings(published, monkeypatch):
    monkeypatch.setenv(scorecard.STRICT_ENV, "1")        # make reproduce, make test
    with pytest.raises(scorecard.ScorecardChanged, match="seed = 2 instead of the published 1"):
        _card_at({"rope": 0.01, "seed": 2, "q": (5, 10)}).save()


def test_an_accepted_run_at_new_settings_publishes_them(published, monkeypatch):
    monkeypatch.setenv(scorecard.ACCEPT_ENV, "1")
    _card_at({"rope": 0.02, "seed": 1, "q": (5, 10)}).save()
    written = json.loads((published / "scorecards" / scorecard.SETTINGS_FILE).read_text())
    assert written["99_mcmc"]["rope"] == 0.02        # beside the card: the committed folder
    assert scorecard.published_settings()["99_mcmc"]["rope"] == 0.01   # when make reproduce


def test_the_settings_come_from_the_notebook_namespace(published, monkeypatch, capsys):
    """Notebooks pass nothing: the card reads the parameters cell's names where it runs."""
    monkeypatch.setattr(scorecard, "_namespace", lambda names: {"rope": 0.03, "seed": 1})
    _card_at(None).save()
    assert "rope = 0.03 instead of the published 0.01" in capsys.readouterr().out


def test_the_recorded_settings_are_the_committed_notebooks_parameters():
    """notebooks/scorecards/settings.json must follow the parameters cells (make reproduce
    ACCEPT=1 rewrites it when a notebook's settings change on purpose)."""
    from bayestut.paths import NOTEBOOKS
    recorded = scorecard.published_settings()
    for nb in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        assert recorded[nb.stem] == scorecard._normal(scorecard.parameters_cell(nb)), nb.name


def test_a_card_under_the_columns_former_name_reads_as_numerical_error(tmp_path):
    """The column was `mc_error` while the exact engine's integrals (notebook 08) stood in it."""
    old = tmp_path / "old.csv"
    old.write_text("paper,item,row,column,published,reproduced,mc_error,tolerance,verdict,"
                   "notebook\n"
                   "ICMC TR 413,x,good - bad,P(good > bad),0.9782,0.976783,0.000204,0.0282,"
                   "within tolerance,08\n")
    card = scorecard.read(old)
    assert list(card.columns) == scorecard.FIELDS and card["numerical_error"].iloc[0] == 0.000204


def test_the_committed_cards_name_the_error_for_what_it_holds():
    committed = sorted(scorecard.COMMITTED_SCORECARDS.glob("*.csv"))
    assert committed
    for path in committed:
        assert pd.read_csv(path, nrows=0).columns.tolist() == scorecard.FIELDS, path.name
