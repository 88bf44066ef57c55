"""The card Reading your verdict into the wheel (`python -m bayestut card`).

Its one source is docs/reading-your-verdict.md, which the book renders. A symlink in the package
would break on a checkout without symlinks (Windows), so the build copies the file in instead;
everything else about the build is declared in pyproject.toml.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

CARD = Path("docs") / "reading-your-verdict.md"


class BuildWithCard(build_py):
    """setuptools' build_py, then the card copied beside the package's modules."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):   # pip install -e: read from docs/ in place
            return
        if not CARD.is_file():
            raise SystemExit(f"{CARD} is missing: build the wheel from a full checkout")
        shutil.copyfile(CARD, Path(self.build_lib) / "bayestut" / CARD.name)


setup(cmdclass={"build_py": BuildWithCard})
