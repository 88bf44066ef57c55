"""`make reproduce`: run every notebook headlessly, in order, then gather the scorecards."""

from __future__ import annotations

import os
import sys

from . import scorecard
from ..analysis.notebook_runner import execute
from ..paths import NOTEBOOKS, OUTPUT_ENV, REPO


def main(names: list[str]) -> None:
    # the committed notebooks run at their published settings: anything else is an error here
    os.environ.setdefault(scorecard.STRICT_ENV, "1")
    # the one run that writes the committed figures and scorecards: everywhere else they go to
    # a scratch folder (see bayestut.paths); the kernels inherit this environment
    os.environ.setdefault(OUTPUT_ENV, str(REPO))
    # the numbered reproductions in order, then the own-results notebook on its example
    notebooks = [*sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")), NOTEBOOKS / "your_results.ipynb"]
    unknown = [n for n in names if not any(nb.name.startswith(n) for nb in notebooks)]
    if unknown:     # a typo or a flag must not gather the scorecards as if all had run
        print(f"error: no notebook starts with {', '.join(map(repr, unknown))}; give the "
              "numbers of the notebooks to run (e.g. 02 08 your), or nothing for all",
              file=sys.stderr)
        sys.exit(2)
    if names:
        notebooks = [nb for nb in notebooks if any(nb.name.startswith(n) for n in names)]
    for nb in notebooks:
        print(f"running {nb.name}", flush=True)
        # stored back in place: the committed notebook is the executed tutorial
        execute(nb, nb, NOTEBOOKS)
    cards = scorecard.gather()
    print(cards["verdict"].value_counts().to_string())


if __name__ == "__main__":
    main(sys.argv[1:])
