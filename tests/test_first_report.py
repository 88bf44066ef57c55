"""docs/first-report.md walks one real report line by line: every console line it pastes is in
the report that `python -m bayestut compare` prints today, and every number in its prose is read
off that report."""

import contextlib
import io
import os
import re

import pytest

from bayestut.analysis.cli import main
from bayestut.paths import REPO

PAGE = REPO / "docs" / "first-report.md"
CODE = re.compile(r"```(\w*)\n(.*?)```", re.S)
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """The page's command, run from the repository as the page shows it (its next step names
    the file as given)."""
    out, printed, here = tmp_path_factory.mktemp("first-report"), io.StringIO(), os.getcwd()
    try:
        os.chdir(REPO)
        with contextlib.redirect_stdout(printed):
            assert main(["compare", "data/uci_cv_accuracy.csv", "nbc", "aode", "--score",
                         "accuracy_percent", "--percent", "--out", str(out)]) == 0
    finally:
        os.chdir(here)
    return printed.getvalue()


def pasted(page: str) -> list[str]:
    """The console lines the page quotes: its code blocks other than the shell commands."""
    return [line.strip() for lang, block in CODE.findall(page) if lang != "bash"
            for line in block.splitlines() if line.strip()]


def prose_numbers(page: str) -> set[str]:
    """The numbers in the page's prose: code, inline code and link targets left out."""
    text = re.sub(r"`[^`]*`", " ", CODE.sub(" ", page))
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return set(NUMBER.findall(text))


def test_every_pasted_line_is_in_the_report(report):
    lines = pasted(PAGE.read_text(encoding="utf-8"))
    assert len(lines) >= 12
    lines_printed = [line.strip() for line in report.splitlines()]
    missing = [line for line in lines if line not in lines_printed]
    assert not missing, f"lines the page pastes that the report no longer prints: {missing}"


def test_every_number_in_the_prose_is_in_the_report(report):
    numbers = prose_numbers(PAGE.read_text(encoding="utf-8"))
    assert {"0.723", "54", "0.95"} <= numbers
    missing = sorted(n for n in numbers if n not in report)
    assert not missing, f"numbers in the page's prose not in the report: {missing}"


def test_the_checks_can_fail(report):
    assert "0.724" not in report
    assert prose_numbers("P is 0.724 (see [x](glossary.md#δ₀) and `0.5`)") == {"0.724"}
    assert pasted("```bash\nrun\n```\n\n```\nVerdict: x\n```\n") == ["Verdict: x"]
