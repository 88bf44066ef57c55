"""Where outputs go: only `make reproduce` writes into the repository; every other run (a
learner's Jupyter session, papermill with -p, an installed wheel) writes to a scratch folder."""

import os

import pytest

from bayestut import paths
from bayestut.reproduction import reproduce


@pytest.fixture
def no_output_variable(monkeypatch):
    monkeypatch.delenv(paths.OUTPUT_ENV, raising=False)
    monkeypatch.setattr(paths, "_told", False)


def test_without_the_variable_outputs_go_to_scratch_and_it_says_so_once(no_output_variable,
                                                                       capsys):
    assert paths.output_root() == paths.SCRATCH
    assert paths.REPO not in paths.SCRATCH.resolve().parents
    assert paths.figures_dir() == paths.SCRATCH / "figures"
    assert paths.scorecards_dir() == paths.SCRATCH / "scorecards"
    assert not paths.publishing()
    said = capsys.readouterr().out
    assert said.count(str(paths.SCRATCH)) == 1 and "make reproduce" in said


def test_a_chosen_folder_is_used_and_is_not_publishing(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv(paths.OUTPUT_ENV, str(tmp_path))         # make test, nbval
    assert paths.figures_dir() == tmp_path / "figures"
    assert paths.scorecards_dir() == tmp_path / "scorecards"
    assert not paths.publishing() and capsys.readouterr().out == ""


def test_only_the_repository_itself_is_publishing(monkeypatch):
    monkeypatch.setenv(paths.OUTPUT_ENV, str(paths.REPO))
    assert paths.publishing()
    assert paths.figures_dir() == paths.REPO / "figures"
    assert paths.scorecards_dir() == paths.COMMITTED_SCORECARDS


def test_make_reproduce_publishes(monkeypatch):
    """reproduce.main points the kernels it starts at the repository (and only it does)."""
    monkeypatch.setattr(os, "environ", {k: v for k, v in os.environ.items()
                                        if k != paths.OUTPUT_ENV})
    ran = []
    monkeypatch.setattr(reproduce, "execute", lambda *args: ran.append(os.environ.copy()))
    monkeypatch.setattr(reproduce.scorecard, "gather", lambda: __import__("pandas").DataFrame(
        {"verdict": ["match"]}))
    reproduce.main(["01"])
    assert len(ran) == 1 and ran[0][paths.OUTPUT_ENV] == str(paths.REPO)
    assert paths.publishing()
