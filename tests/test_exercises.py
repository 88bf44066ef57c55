"""A learner's exercises are safe by construction, and every command we suggest works.

- papermill sees every parameter of every parameters cell (`papermill --help-notebook`);
- every `papermill ... -p NAME value` written in the README, the docs or a notebook names
  parameters the notebook has;
- run as a reader would (no BAYESTUT_OUTPUT_DIR, other parameters, their own file), a notebook
  leaves every committed output file as it was: its figures go to the scratch folder.
"""

import json
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import papermill
import pytest

from bayestut import data, paths
from bayestut.reproduction.scorecard import parameters_cell

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
COMMITTED_OUTPUTS = ["figures", "notebooks/scorecards", "REPRODUCTION.md", "reproduction.csv"]
# papermill <notebook> <output> followed by -p NAME VALUE pairs (a value may be quoted)
COMMAND = re.compile(r"papermill\s+(\S+\.ipynb)\s+(\S+\.ipynb)((?:\s+-p\s+\w+\s+(?:\"[^\"]*\"|[^\s`]+))+)")
OPTION = re.compile(r"-p\s+(\w+)\s+(\"[^\"]*\"|[^\s`]+)")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_papermill_sees_every_parameter(notebook, caplog):
    with caplog.at_level(logging.WARNING, logger="papermill"):
        seen = papermill.inspect_notebook(str(notebook))
    assert not [r.getMessage() for r in caplog.records], "papermill could not parse a line"
    assert set(seen) == set(parameters_cell(notebook)), \
        "write each parameter as `name = value  # help` with no '=' in the help"


def _written_commands():
    """(where, notebook, {name: value}) for every papermill command in the reader's pages."""
    pages = {p.relative_to(REPO): p.read_text(encoding="utf-8")
             for p in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]}
    for nb in NOTEBOOKS:
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        pages[nb.relative_to(REPO)] = "\n".join("".join(c["source"]) for c in cells)
    for where, text in pages.items():
        for match in COMMAND.finditer(text):
            notebook = REPO / "notebooks" / Path(match.group(1)).name
            yield str(where), notebook, dict(OPTION.findall(match.group(3)))


def test_the_written_commands_were_found():
    found = {(where, nb.stem) for where, nb, _ in _written_commands()}
    assert ("README.md", "10_choosing_and_reporting") in found
    assert len(found) >= 4, found


@pytest.mark.parametrize("where, notebook, options", list(_written_commands()),
                         ids=lambda x: x.stem if isinstance(x, Path) else None)
def test_every_written_command_names_real_parameters(where, notebook, options):
    assert notebook.is_file(), f"{where} runs {notebook.name}, which does not exist"
    unknown = set(options) - set(papermill.inspect_notebook(str(notebook)))
    assert not unknown, f"{where}: {notebook.name} has no parameter {sorted(unknown)}"


# --- a reader's run leaves the repository alone ---------------------------------------------

def _stamps():
    """Every committed output file with its size, modification time and bytes."""
    files = []
    for name in COMMITTED_OUTPUTS:
        path = REPO / name
        files += sorted(path.rglob("*")) if path.is_dir() else [path]
    return {str(f): (f.stat().st_mtime_ns, f.read_bytes()) for f in files if f.is_file()}


def _as_a_reader(args, tmp_path):
    """papermill from the command line, in the repository, with no variable of ours set; the
    system's temporary folder (and so the scratch folder) inside tmp_path."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("BAYESTUT_")}
    env["TMPDIR"] = str(tmp_path / "tmp")
    (tmp_path / "tmp").mkdir()
    before = _stamps()
    done = subprocess.run([sys.executable, "-m", "papermill", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    after = _stamps()
    changed = sorted(f for f in before.keys() | after.keys() if before.get(f) != after.get(f))
    assert not changed, f"a reader's run changed committed files: {changed}"
    for warning in ("Passed unknown parameter", "Unable to parse"):
        assert warning not in done.stderr, done.stderr
    runs = list((tmp_path / "tmp" / paths.SCRATCH.name).glob("run-*"))
    assert len(runs) == 1, f"one run, one scratch folder: {runs}"
    return runs[0]


def _readers_file(path):
    """Two classifiers, every fold, on eight of the bundled data sets, named as a reader's."""
    uci = data.load_uci()
    eight = uci["dataset_id"].drop_duplicates().iloc[:8]
    pair = uci[uci["dataset_id"].isin(eight) & uci["classifier"].isin(["nbc", "aode"])]
    pair = pair.assign(classifier=pair["classifier"].map({"nbc": "mine", "aode": "baseline"}),
                       score=pair["score"] / 100)
    pair.drop(columns="dataset_id").to_csv(path, index=False)


def test_the_readmes_notebook_command_leaves_the_repository_alone(tmp_path):
    """The README's notebook-10 command, as written there, on a reader's file."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    match = next(m for m in COMMAND.finditer(readme) if "10_" in m.group(1))
    options = OPTION.findall(match.group(3))
    results = dict(options)["results"]
    _readers_file(tmp_path / results)
    args = [match.group(1), str(tmp_path / "out.ipynb")]
    for name, value in options:
        args += ["-p", name, str(tmp_path / value) if name == "results" else value.strip('"')]
    scratch = _as_a_reader(args, tmp_path)
    assert (scratch / "figures" / "guide_rope_sensitivity.png").is_file()
    executed = (tmp_path / "out.ipynb").read_text(encoding="utf-8")
    assert str(scratch) in executed          # it says where its figures went


@pytest.mark.slow
@pytest.mark.parametrize("notebook, parameters", [
    ("02_bayesian_correlated_ttest", ["-p", "rope", "0.02"]),
    ("09_many_classifiers", ["-r", "results", "{file}"]),
])
def test_an_exercise_leaves_the_repository_alone(notebook, parameters, tmp_path):
    _readers_file(tmp_path / "mine.csv")
    parameters = [p.format(file=tmp_path / "mine.csv") for p in parameters]
    _as_a_reader([f"notebooks/{notebook}.ipynb", str(tmp_path / "out.ipynb"), *parameters],
                 tmp_path)
    cells = json.loads((tmp_path / "out.ipynb").read_text(encoding="utf-8"))["cells"]
    card = next(c for c in cells if "card.print_summary()" in "".join(c["source"]))
    said = "".join("".join(o.get("text", "")) for o in card["outputs"])
    assert "compares nothing" in said or "compares the papers' data only" in said, said
    assert not re.search(r"^(match|differs)\s+\d", said, re.M), "counts of a card that compares nothing"


def test_the_own_results_notebook_on_mean_scores_diagnoses_only_what_it_computed(tmp_path):
    """A means-only file has no hierarchical posterior: no "No sampler warnings." about it."""
    from bayestut.analysis.cli import main
    rows = [(f"set{d}", c, 0.8 + 0.01 * d + (0.02 if c == "mine" else 0.0))
            for d in range(6) for c in ("mine", "base")]
    path = tmp_path / "means.csv"
    import pandas as pd
    pd.DataFrame(rows, columns=["dataset", "classifier", "score"]).to_csv(path, index=False)
    assert main(["notebook", str(path), "mine", "base", "--out", str(tmp_path / "nb")]) == 0
    cells = json.loads((tmp_path / "nb" / "your_results.ipynb").read_text(encoding="utf-8"))["cells"]
    diagnosis = next(c for c in cells if "result.diagnostics()" in "".join(c["source"]))
    said = "".join("".join(o.get("text", "")) for o in diagnosis["outputs"])
    assert "No hierarchical posterior was computed" in said and "sampler" not in said, said
