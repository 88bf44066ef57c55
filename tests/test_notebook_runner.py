"""Notebooks run headlessly with their kernel on private Unix sockets, not localhost TCP."""

import json

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("papermill")

from bayestut.notebook_runner import execute  # noqa: E402


def test_the_kernel_talks_over_private_sockets_and_leaves_none(tmp_path, capfd):
    source, target = tmp_path / "in.ipynb", tmp_path / "out.ipynb"
    cell = nbformat.v4.new_code_cell(
        "from ipykernel.kernelapp import IPKernelApp\n"
        "app = IPKernelApp.instance()\nprint(app.transport, app.ip)")
    cell.metadata["tags"] = []
    nb = nbformat.v4.new_notebook(cells=[cell])
    nb.metadata["kernelspec"] = {"name": "python3", "language": "python",
                                 "display_name": "Python 3"}
    nbformat.write(nb, source)
    execute(source, target, tmp_path)
    printed = json.loads(target.read_text())["cells"][0]["outputs"][0]["text"]
    transport, ip = "".join(printed).split()
    assert transport == "ipc" and "bayestut-kernel-" in ip
    assert "without encryption" not in capfd.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.ipynb", "out.ipynb"]
