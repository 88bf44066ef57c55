"""Notebooks run headlessly with their kernel on private Unix sockets, not localhost TCP."""

import json

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("papermill")

from bayestut.analysis.notebook_runner import execute  # noqa: E402


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


def test_the_kernel_is_this_python_even_if_a_stale_kernelspec_is_found(tmp_path, monkeypatch):
    """A python3 kernelspec left by a removed environment (its Python missing) would fail to
    start with a traceback: the notebook runs on the Python that runs bayestut instead."""
    import sys

    stale = tmp_path / "jupyter" / "kernels" / "python3"
    stale.mkdir(parents=True)
    (stale / "kernel.json").write_text(json.dumps(
        {"argv": [str(tmp_path / "gone" / "python"), "-m", "ipykernel_launcher", "-f",
                  "{connection_file}"], "display_name": "Python 3", "language": "python"}))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    source, target = tmp_path / "in.ipynb", tmp_path / "out.ipynb"
    cell = nbformat.v4.new_code_cell("import sys\nprint(sys.executable)")
    nb = nbformat.v4.new_notebook(cells=[cell])
    nb.metadata["kernelspec"] = {"name": "python3", "language": "python",
                                 "display_name": "Python 3"}
    nbformat.write(nb, source)
    execute(source, target, tmp_path)
    printed = json.loads(target.read_text())["cells"][0]["outputs"][0]["text"]
    assert "".join(printed).strip() == sys.executable
