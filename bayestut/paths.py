"""Where the project's folders are: the package sits one level below the repository root."""

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "data"
FIGURES = REPO / "figures"
NOTEBOOKS = REPO / "notebooks"
SCORECARDS = NOTEBOOKS / "scorecards"
