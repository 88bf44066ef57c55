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
    run = paths.output_root()
    assert run.parent == paths.SCRATCH and run.name.startswith("run-")
    assert paths.REPO not in paths.SCRATCH.resolve().parents
    assert paths.figures_dir() == run / "figures"
    assert paths.scorecards_dir() == run / "scorecards"
    assert not paths.publishing()
    said = capsys.readouterr().out
    assert said.count(str(run)) == 1 and "make reproduce" in said


def test_each_run_has_its_own_scratch_folder(no_output_variable, monkeypatch):
    first = paths.output_root()
    assert paths.output_root() == first                     # one folder for the whole run
    monkeypatch.setattr(paths, "_run_folder", None)        # as a new process starts
    monkeypatch.setattr(paths.os, "getpid", lambda: -1)
    assert paths.output_root() != first and paths.output_root().parent == paths.SCRATCH


def test_a_saved_figure_is_named_where_it_is(no_output_variable, monkeypatch, tmp_path):
    """A reader's run prints the scratch file's full path, not the committed figure's."""
    import matplotlib.pyplot as plt
    from bayestut.figures import posteriors

    monkeypatch.setattr(paths, "_run_folder", tmp_path / "run-x")
    fig = plt.figure()
    shown = posteriors.save(fig, "a_figure")
    plt.close(fig)
    assert shown == str(tmp_path / "run-x" / "figures" / "a_figure.png")
    assert (tmp_path / "run-x" / "figures" / "a_figure.png").is_file()
    monkeypatch.setenv(paths.OUTPUT_ENV, str(tmp_path))     # make reproduce, nbval: the same text
    assert paths.shown_path(tmp_path / "figures" / "a_figure.png") == "figures/a_figure.png"


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


def test_reproduce_refuses_a_name_no_notebook_starts_with(capsys):
    # `reproduce --help` or a typo once ran nothing and printed the scorecards as if all had run
    with pytest.raises(SystemExit) as stop:
        reproduce.main(["--help"])
    assert stop.value.code == 2
    assert "no notebook starts with '--help'" in capsys.readouterr().err
