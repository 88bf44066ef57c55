"""Run a notebook headlessly with papermill, its kernel on a private socket.

A kernel's default channels are TCP ports on localhost, which any local process can reach,
and ipykernel 7 warns about it at every start. Here the kernel talks over Unix sockets in a
private temporary folder instead (the transport that warning recommends), removed afterwards.
"""

from __future__ import annotations

import os
import tempfile


def execute(source, target, cwd, parameters: dict | None = None) -> None:
    """papermill's execute_notebook from ``source`` to ``target``, run in ``cwd``."""
    import papermill
    from traitlets.config import Config

    with tempfile.TemporaryDirectory(prefix="bayestut-kernel-") as sockets:
        config = Config({"KernelManager": {"transport": "ipc",
                                           "ip": os.path.join(sockets, "kernel")}})
        papermill.execute_notebook(str(source), str(target), parameters=parameters or {},
                                   cwd=str(cwd), progress_bar=False, config=config)
