"""Where the project's files are, in a repository checkout and in an installed wheel.

Read-only resources (the Stan programs, the bundled results) come from the package itself when
it is installed from its wheel (``pyproject.toml`` maps ``stan/`` and ``data/`` into
``bayestut/_stan`` and ``bayestut/_data`` at build time), else from the repository's top-level
``stan/`` and ``data/``, their single source.

Outputs (figures, scorecards) go into ``$BAYESTUT_OUTPUT_DIR`` when it is set, else into a
scratch folder outside the repository, a new one for each run (said once, where the first output
is written), so that two runs never overwrite each other's figures. Only
``make reproduce`` sets the variable to the repository itself, so that a learner's run (in
Jupyter, with papermill's ``-p``, on their own file, or from an installed wheel) never changes a
committed file; the tests set it to a temporary folder. The committed scorecards are always
read from the repository (from a wheel, its packaged copy): they are what a re-run is checked
against.
"""

import os
import tempfile
import time
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
REPO = PACKAGE.parent
OUTPUT_ENV = "BAYESTUT_OUTPUT_DIR"
# one per user, and in it one folder per run (a kernel, a script: a process), named by its start
SCRATCH = Path(tempfile.gettempdir()) / (
    f"bayestut-scratch-{os.getuid()}" if hasattr(os, "getuid") else "bayestut-scratch")
_run_folder: Path | None = None


def scratch_run() -> Path:
    """This run's own scratch folder, inside :data:`SCRATCH`: chosen once per process."""
    global _run_folder
    if _run_folder is None:
        _run_folder = SCRATCH / f"run-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}"
    return _run_folder


def _resource(packaged: str, top_level: str) -> Path:
    inside = PACKAGE / packaged
    return inside if inside.is_dir() else REPO / top_level


STAN_DIR = _resource("_stan", "stan")
DATA = _resource("_data", "data")
NOTEBOOKS = REPO / "notebooks"
# the own-results notebook travels in the wheel too (`python -m bayestut notebook`)
YOUR_RESULTS_NOTEBOOK = _resource("_notebooks", "notebooks") / "your_results.ipynb"
# in a wheel (a clone installed without -e too) the copy the build puts in the package: a rerun
# of a notebook still finds the settings its scorecard was made at (readers 37, 38)
COMMITTED_SCORECARDS = _resource("_scorecards", "notebooks/scorecards")
# the card Reading your verdict (`python -m bayestut card`): docs/reading-your-verdict.md, its one
# source, in the repository; in a wheel the copy setup.py's build step puts beside the modules
CARD = (PACKAGE / "reading-your-verdict.md" if (PACKAGE / "reading-your-verdict.md").is_file()
        else REPO / "docs" / "reading-your-verdict.md")


def in_repository() -> bool:
    """True in a checkout of the repository, False when bayestut runs from an installed wheel."""
    return NOTEBOOKS.is_dir() and (REPO / "pyproject.toml").is_file()


def install_command(extra: str) -> str:
    """How to install an extra where bayestut runs: from the clone's folder, or for a wheel."""
    if in_repository():
        return f"in the bayestut folder run pip install '.[{extra}]' (README step 1)"
    return (f"run pip install 'bayestut[{extra}]' (from a wheel file: pip install "
            f"'bayestut-<version>-py3-none-any.whl[{extra}]')")


def output_root() -> Path:
    """The folder holding figures/ and scorecards/: $BAYESTUT_OUTPUT_DIR, else this run's
    scratch folder."""
    chosen = os.environ.get(OUTPUT_ENV)
    if chosen:
        return Path(chosen)
    _say_where_once()
    return scratch_run()


def shown_path(written: Path) -> str:
    """How to name a file a run wrote, for the reader: relative to the chosen output folder
    (the same text in every run of `make reproduce` and the tests, so that committed outputs
    compare), else the scratch file's full path, which the reader can open."""
    return str(Path(written).relative_to(output_root()) if os.environ.get(OUTPUT_ENV)
               else written)


def publishing() -> bool:
    """True when outputs go into the repository itself: ``make reproduce``, which sets
    $BAYESTUT_OUTPUT_DIR to it."""
    chosen = os.environ.get(OUTPUT_ENV)
    if not chosen:
        return False
    return in_repository() and Path(chosen).resolve() == REPO


def figures_dir() -> Path:
    return output_root() / "figures"


def scorecards_dir() -> Path:
    """Where a run writes its scorecards: the committed folder only when publishing."""
    return COMMITTED_SCORECARDS if publishing() else output_root() / "scorecards"


_told = False


def _say_where_once() -> None:
    global _told
    if not _told:
        _told = True
        print(f"This run writes its figures and scorecard to the scratch folder {scratch_run()}, "
              "outside the repository (a new folder for each run): only `make reproduce` "
              "rewrites the committed ones.")
