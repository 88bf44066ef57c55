"""The package travels: its wheel, installed outside the repository, carries the Stan programs,
the bundled results and the card Reading your verdict, and runs a hierarchical comparison from
there."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

# run inside the installed package, from a folder that is not the repository
SCRIPT = """
import os, sys, warnings
import bayestut, bayestut.paths as paths, bayestut.methods.stan as stan
from bayestut.data import load_uci
assert bayestut.__file__.startswith(sys.argv[1]), bayestut.__file__
import bayestut as bt
assert callable(bt.compare) and callable(bt.compare_all) and callable(bt.read_results)
assert issubclass(bt.InputError, ValueError) and bt.__version__
assert not paths.in_repository()
assert "delta0" in stan.program_text("hierarchical")
assert paths.YOUR_RESULTS_NOTEBOOK.is_file(), paths.YOUR_RESULTS_NOTEBOOK
# typed (PEP 561), and the `bayestut` console command declared
from importlib.metadata import distribution
from pathlib import Path
assert (Path(bayestut.__file__).parent / "py.typed").is_file()
wheel = distribution("bayestut")            # the installed wheel's, first on the path
assert str(wheel.locate_file("")).startswith(sys.argv[1]), wheel.locate_file("")
(command,) = [e for e in wheel.entry_points if e.group == "console_scripts"]
assert (command.name, command.value) == ("bayestut", "bayestut.analysis.cli:run"), command
uci = load_uci()
assert uci["dataset_id"].nunique() == 54, uci.shape
six = [name for name in uci["dataset"].unique() if name != "credit"][:6]   # two are called credit
pair = uci[uci["classifier"].isin(["nbc", "hnb"]) & uci["dataset"].isin(six)]
pair.drop(columns="dataset_id").to_csv("results.csv", index=False)
# outputs of an installed package go to the scratch folder, never beside the package
assert paths.figures_dir().parent.parent == paths.SCRATCH, paths.figures_dir()   # this run's folder
assert not paths.publishing() and sys.argv[1] not in str(paths.scorecards_dir())
# the committed scorecards' settings travel too: a notebook rerun with a changed parameter gets
# the note, not counts of 'differs' (readers 37, 38)
from bayestut.reproduction.scorecard import published_settings
assert str(paths.COMMITTED_SCORECARDS).startswith(sys.argv[1]), paths.COMMITTED_SCORECARDS
assert published_settings()["02_bayesian_correlated_ttest"]["rope"] == 0.01
print("installed package ok")
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The wheel built from this checkout, installed (without dependencies, which the test
    environment has) into a folder of its own."""
    source = tmp_path_factory.mktemp("source")    # a clean copy: no stale build/ of the checkout
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy(REPO / name, source / name)
    (source / "docs").mkdir()           # the card's one source, copied into the wheel at build
    shutil.copy(REPO / "docs" / "reading-your-verdict.md", source / "docs")
    skip = shutil.ignore_patterns("__pycache__", "simulations")
    for name in ("bayestut", "stan", "data"):
        shutil.copytree(REPO / name, source / name, ignore=skip)
    (source / "notebooks").mkdir()      # only the own-results notebook travels in the wheel
    shutil.copy(REPO / "notebooks" / "your_results.ipynb", source / "notebooks")
    shutil.copytree(REPO / "notebooks" / "scorecards", source / "notebooks" / "scorecards")
    build = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(build),
                    str(source)], check=True, capture_output=True)
    wheel = next(build.glob("bayestut-*.whl"))
    site = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target",
                    str(site), str(wheel)], check=True, capture_output=True)
    return site


def _run(args, site, cwd):
    env = {k: v for k, v in os.environ.items() if k != "BAYESTUT_OUTPUT_DIR"}
    env["PYTHONPATH"] = str(site)      # ahead of the test environment's editable install
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True)


def test_the_wheel_carries_programs_and_data(installed, tmp_path):
    done = _run(["-c", SCRIPT, str(installed)], installed, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "installed package ok" in done.stdout


def test_the_installed_command_line_runs_a_hierarchical_comparison(installed, tmp_path):
    assert _run(["-c", SCRIPT, str(installed)], installed, tmp_path).returncode == 0
    done = _run(["-m", "bayestut", "compare", "results.csv", "nbc", "hnb", "--out", "report"],
                installed, tmp_path)
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "report" / "compare_nbc_vs_hnb.html").read_text(encoding="utf-8")
    assert "hierarchical" in page.lower()


def test_the_installed_command_prints_the_card(installed, tmp_path):
    # a reader who installed the wheel has no docs/: the "no decision" next step's command
    done = _run(["-m", "bayestut", "card", "--section", "No decision"], installed, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("**No decision** means that no outcome reaches the threshold")
    whole = _run(["-m", "bayestut", "card"], installed, tmp_path).stdout
    assert whole == (REPO / "docs" / "reading-your-verdict.md").read_text(encoding="utf-8") + "\n"


def test_the_installed_notebook_command_runs_the_own_results_notebook(installed, tmp_path):
    assert _run(["-c", SCRIPT, str(installed)], installed, tmp_path).returncode == 0
    done = _run(["-m", "bayestut", "notebook", "results.csv", "nbc", "hnb", "--out", "nb"],
                installed, tmp_path)
    assert done.returncode == 0, done.stderr
    executed = (tmp_path / "nb" / "your_results.ipynb").read_text(encoding="utf-8")
    assert '"output_type": "error"' not in executed


def test_the_repository_tracks_no_symlink():
    # a checkout without symlinks (Windows, some archives) would turn one into a one-line text file
    listed = subprocess.run(["git", "ls-files", "-s"], cwd=REPO, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    links = [line.split("\t")[1] for line in listed.stdout.splitlines() if line.startswith("120000")]
    assert links == []
