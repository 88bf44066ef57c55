"""README step 1 installs what step 6 (`python -m bayestut notebook`) runs with, and the
notebook command without it names that one install line."""

import re
import sys
from pathlib import Path

import pandas as pd
import pytest

from bayestut.analysis.cli import main

ROOT = Path(__file__).resolve().parents[1]
STEP_ONE = "pip install '.[notebooks]'"


def test_step_one_installs_the_notebooks_extra_and_it_holds_what_step_six_imports():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    step_one = readme[readme.index("**1. Install**"):readme.index("**2.")]
    assert f"`{STEP_ONE}`" in step_one
    tomllib = pytest.importorskip("tomllib")                 # Python 3.11+
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]["notebooks"]
    names = {re.split(r"[<>=!~;\[ ]", requirement)[0] for requirement in extra}
    assert {"papermill", "ipykernel", "nbconvert"} <= names


@pytest.mark.parametrize("module", ["papermill", "nbconvert", "ipykernel"])
def test_the_notebook_command_without_the_extra_says_the_install_line(module, tmp_path,
                                                                      monkeypatch, capsys):
    results = tmp_path / "mine.csv"
    pd.DataFrame({"dataset": ["d1", "d1", "d2", "d2"], "classifier": ["a", "b"] * 2,
                  "score": [0.8, 0.7, 0.9, 0.85]}).to_csv(results, index=False)
    monkeypatch.setitem(sys.modules, module, None)      # import raises ImportError
    assert main(["notebook", str(results), "--out", str(tmp_path / "out")]) == 2
    error = capsys.readouterr().err
    assert module in error and STEP_ONE in error and "Traceback" not in error
