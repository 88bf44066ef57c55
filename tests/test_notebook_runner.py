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


def test_the_kernel_is_not_interrupted_at_shutdown(monkeypatch):
    """jupyter_client interrupts a kernel before shutting it down, and ipykernel logs
    "KeyboardInterrupt caught in kernel" on the console of a run that succeeded (reader 31);
    an interrupt while the run is going on still reaches the kernel."""
    import asyncio

    from jupyter_client.manager import AsyncKernelManager

    from bayestut.analysis.notebook_runner import this_python

    sent = []

    async def interrupt(self):
        sent.append(self.shutting_down)

    monkeypatch.setattr(AsyncKernelManager, "_async_interrupt_kernel", interrupt)
    manager = this_python()()
    for shutting_down in (False, True):
        manager.shutting_down = shutting_down
        asyncio.run(manager._async_interrupt_kernel())
    assert sent == [False]
