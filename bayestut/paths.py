"""Where the project's files are, in a repository checkout and in an installed wheel.

Read-only resources (the Stan programs, the bundled results) come from the package itself when
it is installed from its wheel (``pyproject.toml`` maps ``stan/`` and ``data/`` into
``bayestut/_stan`` and ``bayestut/_data`` at build time), else from the repository's top-level
``stan/`` and ``data/``, their single source.

Outputs (figures, scorecards) go into the repository, or into ``$BAYESTUT_OUTPUT_DIR`` when
it is set: the tests run the notebooks with it pointing at a temporary folder, so that only
``make reproduce`` changes committed files. The committed scorecards are always read from the
repository: they are what a re-run is checked against.
"""

import os
from pathlib import Path

from .errors import InputError

PACKAGE = Path(__file__).resolve().parent
REPO = PACKAGE.parent
OUTPUT_ENV = "BAYESTUT_OUTPUT_DIR"


def _resource(packaged: str, top_level: str) -> Path:
    inside = PACKAGE / packaged
    return inside if inside.is_dir() else REPO / top_level


STAN_DIR = _resource("_stan", "stan")
DATA = _resource("_data", "data")
NOTEBOOKS = REPO / "notebooks"
# the own-results notebook travels in the wheel too (`python -m bayestut notebook`)
YOUR_RESULTS_NOTEBOOK = _resource("_notebooks", "notebooks") / "your_results.ipynb"
COMMITTED_SCORECARDS = NOTEBOOKS / "scorecards"


def in_repository() -> bool:
    """True in a checkout of the repository, False when bayestut runs from an installed wheel."""
    return NOTEBOOKS.is_dir() and (REPO / "pyproject.toml").is_file()


def output_root() -> Path:
    """The folder holding figures/ and scorecards/: $BAYESTUT_OUTPUT_DIR, else the repository."""
    chosen = os.environ.get(OUTPUT_ENV)
    if chosen:
        return Path(chosen)
    if not in_repository():
        raise InputError(
            "bayestut is running from an installed package, where there is no repository to write "
            f"figures and scorecards into; set {OUTPUT_ENV} to a folder of your choice, or run "
            "from a clone of the repository")
    return REPO


def figures_dir() -> Path:
    return output_root() / "figures"


def scorecards_dir() -> Path:
    """Where a run writes its scorecards: the committed folder unless $BAYESTUT_OUTPUT_DIR is set."""
    return COMMITTED_SCORECARDS if not os.environ.get(OUTPUT_ENV) else output_root() / "scorecards"
