"""The notebooks teach: their reading path holds no forensics, and the numbers it quotes are
the numbers the notebook prints.

A notebook's *teaching cells* are its markdown cells before its "Reproduction notes" heading
(all of them in a notebook without one). History ("earlier versions"), the test machinery
(nbval), the authors' notebook or code and the papers' typos belong under *Reproduction
notes* or in docs/disagreements.md, linked from where they were.
"""

import json
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
NOTES = re.compile(r"^#+\s*Reproduction notes", re.MULTILINE)

FORENSICS = {
    "history of this project": re.compile(
        r"\b(earlier|previous|older|former) (versions?|runs?) of (this|the) (notebook|project)"
        r"|\bearlier versions?\b", re.IGNORECASE),
    "the test machinery": re.compile(r"\bnbval\b", re.IGNORECASE),
    "the authors' notebook or code": re.compile(
        r"\bauthors['’]?\s+(own\s+)?(\w+\s+)?(notebook|code|script|R code|Stan program)s?\b",
        re.IGNORECASE),
    "a typo": re.compile(r"\btypo(s|graphical)?\b|\bmisprint", re.IGNORECASE),
}


def cells(notebook: Path) -> list[dict]:
    return json.loads(notebook.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def teaching_cells(notebook: Path) -> list[tuple[int, str]]:
    """(index, text) of the markdown cells before the Reproduction notes heading."""
    found = []
    for i, cell in enumerate(cells(notebook)):
        text = source(cell)
        if cell["cell_type"] == "markdown" and NOTES.search(text):
            head = NOTES.split(text)[0]
            if head.strip():
                found.append((i, head))
            break
        if cell["cell_type"] == "markdown":
            found.append((i, text))
    return found


def test_teaching_cells_are_found():
    nb = REPO / "notebooks" / "07_power.ipynb"
    taught = teaching_cells(nb)
    assert 5 < len(taught) < len([c for c in cells(nb) if c["cell_type"] == "markdown"])


@pytest.mark.parametrize("what", sorted(FORENSICS))
def test_the_checks_can_fail(what):
    examples = {"history of this project": "the gap earlier versions of this notebook reported",
                "the test machinery": "the cell's nbval tag",
                "the authors' notebook or code": "Table 9 against the authors' notebook",
                "a typo": "the paper's typo"}
    assert FORENSICS[what].search(examples[what])


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_forensics_on_the_reading_path(notebook):
    found = [f"cell {i}: {what}: …{text[max(0, m.start() - 60):m.end() + 40]}…"
             for i, text in teaching_cells(notebook)
             for what, pattern in FORENSICS.items() for m in pattern.finditer(text)]
    assert not found, ("move these under the notebook's Reproduction notes (or into "
                       "docs/disagreements.md) and link them from where they were:\n"
                       + "\n".join(found))
