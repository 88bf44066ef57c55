"""Run a notebook headlessly with papermill, its kernel on a private socket.

A kernel's default channels are TCP ports on localhost, which any local process can reach,
and ipykernel 7 warns about it at every start. Here the kernel talks over Unix sockets in a
private temporary folder instead (the transport that warning recommends), removed afterwards.
A Ctrl-C ends the command line at once (``os._exit``), which runs no ``finally`` block: the
scratch folders in use are listed here, so that :func:`abandon` ends the kernel and removes
them first.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile

SCRATCH: set = set()        # the scratch folders in use, removed by abandon()


@contextlib.contextmanager
def scratch_folder(**where):
    """tempfile.TemporaryDirectory(**where), listed for :func:`abandon` while in use."""
    with tempfile.TemporaryDirectory(**where) as folder:
        SCRATCH.add(folder)
        try:
            yield folder
        finally:
            SCRATCH.discard(folder)


def abandon() -> None:
    """On an immediate exit: end this process's children (the kernel), then remove the
    scratch folders in use."""
    try:
        import psutil
    except ImportError:                  # ipykernel needs psutil; without it, folders only
        psutil = None
    if psutil is not None and SCRATCH:
        children = psutil.Process().children(recursive=True)
        for child in children:
            with contextlib.suppress(psutil.Error):
                child.kill()
        psutil.wait_procs(children, timeout=2)
    for folder in list(SCRATCH):
        shutil.rmtree(folder, ignore_errors=True)


def this_python():
    """A kernel manager whose kernel is this very Python (the one that imported bayestut and
    checked the input), whatever kernel the notebook names: a kernelspec registered by an
    environment since removed would fail to start, with a traceback."""
    from jupyter_client.kernelspec import KernelSpec
    from jupyter_client.manager import AsyncKernelManager

    class ThisPython(AsyncKernelManager):
        @property
        def kernel_spec(self):
            return KernelSpec(argv=[sys.executable, "-m", "ipykernel_launcher", "-f",
                                    "{connection_file}"],
                              display_name="Python 3", language="python")

        async def _async_interrupt_kernel(self) -> None:
            # jupyter_client interrupts the kernel before every shutdown, and ipykernel then
            # logs "KeyboardInterrupt caught in kernel" on the reader's console after a run
            # that succeeded (reader 31); at shutdown the kernel is idle or about to be killed
            if not self.shutting_down:
                await super()._async_interrupt_kernel()

    return ThisPython


def execute(source, target, cwd, parameters: dict | None = None) -> None:
    """papermill's execute_notebook from ``source`` to ``target``, run in ``cwd`` by this
    Python."""
    import papermill
    from traitlets.config import Config

    with scratch_folder(prefix="bayestut-kernel-") as sockets:
        config = Config({"KernelManager": {"transport": "ipc",
                                           "ip": os.path.join(sockets, "kernel"),
                                           "connection_file": os.path.join(sockets,
                                                                           "kernel.json")}})
        papermill.execute_notebook(str(source), str(target), parameters=parameters or {},
                                   cwd=str(cwd), progress_bar=False, config=config,
                                   kernel_manager_class=this_python())
