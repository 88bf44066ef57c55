"""The per-data-set table as a DataFrame of the text's strings: what notebooks/your_results.ipynb
displays, so that Jupyter renders it as a table and not as printed text (reader 19)."""

import json
from pathlib import Path

import pytest

import bayestut as bt
from bayestut.analysis.dataset_text import per_dataset_frame, per_dataset_text
from conftest import make_table

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "your_results.ipynb"
UNDECIDED = dict(datasets=5, runs=2, folds=5, gaps=0.005, seed=0)


@pytest.fixture(scope="module", params=["per fold", "means only"])
def result(request):
    table = make_table(**UNDECIDED)
    if request.param == "means only":
        table = table.groupby(["dataset", "classifier"], as_index=False)["score"].mean()
    return bt.compare(table, "mine", "baseline", signed_rank_samples=5_000)


def test_the_frame_holds_the_texts_strings(result):
    frame = per_dataset_frame(result)
    assert list(frame.columns) == list(result.per_dataset_table().columns)
    assert not [c for c in frame.columns if frame[c].dtype.kind == "f"]   # written as printed
    assert frame.to_string() == per_dataset_text(result)


def test_your_results_displays_the_frame():
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert "display(per_dataset_frame(result))" in code
    assert "print(per_dataset_text(" not in code
