"""What an install brings. README step 1 installs what step 6 (`python -m bayestut notebook`)
runs with, and the notebook command without it names that one install line. `pip install .`
brings no Stan: the default engine runs without it, and asking for Stan names the extra.
environment.yml lists the packages pyproject.toml does."""

import os
import re
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pandas as pd
import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from bayestut.analysis.cli import main, run
from bayestut.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
STEP_ONE = "pip install '.[notebooks]'"


def test_step_one_installs_the_notebooks_extra_and_it_holds_what_step_six_imports():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    step_one = readme[readme.index("**1. Install**"):readme.index("**2.")]
    assert "python3 -m venv .venv" in step_one and f".venv/bin/{STEP_ONE}" in step_one
    tomllib = pytest.importorskip("tomllib")                 # Python 3.11+
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]["notebooks"]
    names = {re.split(r"[<>=!~;\[ ]", requirement)[0] for requirement in extra}
    assert {"papermill", "ipykernel", "nbconvert"} <= names


def test_step_two_names_the_install_of_the_extra_that_brings_scikit_learn():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    step_two = readme[readme.index("**2. Lay out"):readme.index("**3.")]
    assert "crossval.cross_validate" in step_two
    assert ".venv/bin/pip install '.[study]'" in step_two
    tomllib = pytest.importorskip("tomllib")
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]["study"]
    assert any(requirement.startswith("scikit-learn") for requirement in extra)


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


# --- a lean install: what `pip install .` brings, and the same packages for conda --------------

# the extras `make test` and `make reproduce` install, which environment.yml lists too
MAKE_EXTRAS = ("stan", "pystan", "notebooks", "test", "study")
STAN_PACKAGES = {"pystan", "httpstan", "cmdstanpy", "nest-asyncio"}
CONDA_NAMES: dict[str, str] = {}   # conda-forge name -> PyPI name, where they differ


def _pyproject() -> dict:
    tomllib = pytest.importorskip("tomllib")                 # Python 3.11+
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _requirements(lines) -> dict:
    """{normalised name: specifier set} of requirement strings (markers left out)."""
    found = {}
    for line in lines:
        requirement = Requirement(line)
        name = canonicalize_name(CONDA_NAMES.get(requirement.name, requirement.name))
        found[name] = requirement.specifier
    return found


def _environment_yml() -> dict:
    """environment.yml's packages, conda's and pip's, as requirements (python, pip and the
    package itself left out). Its lines are plain `- name spec  # comment`."""
    text = (ROOT / "environment.yml").read_text()
    lines = []
    for line in text[text.index("\ndependencies:"):].splitlines():
        item = re.match(r"^\s+- (?!pip:)([^#]+?)\s*(#.*)?$", line)
        if item and not re.match(r"^(python|pip)\b(?!-)|^-e ", item.group(1)):
            lines.append(re.sub(r"^([\w.-]+)=(?!=)", r"\1==", item.group(1)))
    return _requirements(lines)


def test_environment_yml_lists_the_packages_pyproject_does():
    project = _pyproject()
    extras = project["optional-dependencies"]
    pip = _requirements([*project["dependencies"],
                         *(line for extra in MAKE_EXTRAS for line in extras[extra])])
    conda = _environment_yml()
    assert set(conda) == set(pip), (f"only in environment.yml: {sorted(set(conda) - set(pip))}; "
                                    f"only in pyproject.toml: {sorted(set(pip) - set(conda))}")
    differ = {name: (str(conda[name]), str(pip[name])) for name in pip if conda[name] != pip[name]}
    assert not differ, f"versions differ (environment.yml, pyproject.toml): {differ}"


def test_the_base_install_brings_no_stan_and_no_seaborn():
    project = _pyproject()
    base = set(_requirements(project["dependencies"]))
    assert not base & (STAN_PACKAGES | {"seaborn"}), base & (STAN_PACKAGES | {"seaborn"})
    extras = project["optional-dependencies"]
    assert "cmdstanpy" in _requirements(extras["stan"])
    assert {"pystan", "nest-asyncio"} <= set(_requirements(extras["pystan"]))
    seaborn = [p for p in (ROOT / "bayestut").rglob("*.py") if "seaborn" in p.read_text()]
    assert not seaborn, f"seaborn is not a dependency, but imported in {seaborn}"


def test_the_console_command_is_the_command_line():
    entry = _pyproject()["scripts"]["bayestut"]
    module, _, function = entry.partition(":")
    assert getattr(import_module(module), function) is run


# run with Stan's packages hidden, as after `pip install .`: the default engine needs none, and
# asking for Stan names the line that installs it
WITHOUT_STAN = """
import sys
for name in ("stan", "httpstan", "cmdstanpy", "nest_asyncio"):
    sys.modules[name] = None                    # import raises ImportError
from bayestut.analysis.cli import main
raise SystemExit(main(sys.argv[1:]))
"""


def _without_stan(tmp_path, results_table, *args):
    csv = tmp_path / "results.csv"
    results_table(datasets=4, runs=2, folds=3, gaps=0.02).to_csv(csv, index=False)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BAYESTUT_STAN_BACKEND": ""}
    return subprocess.run([sys.executable, "-c", WITHOUT_STAN, "compare", str(csv), "mine",
                           "baseline", "--out", str(tmp_path / "out"), *args],
                          capture_output=True, text=True, env=env, timeout=600, cwd=tmp_path)


def test_the_default_engine_runs_without_stan_installed(tmp_path, results_table):
    done = _without_stan(tmp_path, results_table)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "compare_mine_vs_baseline.html").is_file()


def test_asking_for_stan_without_it_names_the_install_line(tmp_path, results_table):
    done = _without_stan(tmp_path, results_table, "--engine", "stan")
    assert done.returncode == 2, done.stderr
    # from this clone, the line that works here (a wheel's says 'bayestut[stan]')
    assert "pip install '.[stan]'" in done.stderr, done.stderr
    assert "cmdstanpy.install_cmdstan" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("backend, line", [("cmdstanpy", "pip install '.[stan]'"),
                                           ("pystan", "pip install '.[pystan]'")])
def test_a_backend_asked_for_and_missing_names_its_extra(backend, line, monkeypatch):
    from bayestut.methods import stan
    for name in ("stan", "cmdstanpy"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(InputError, match=re.escape(line)):
        stan.choose_backend(backend)
