"""The versions a notebook ran with, printed in its last cell: Python, bayestut, NumPy and the
Stan backend that would run a Stan program here (whether or not the notebook runs one).

The output differs from machine to machine, so the cell that prints it carries the tag
``nbval-ignore-output``.
"""

from __future__ import annotations

import platform
from importlib import metadata

from .. import __version__
from ..methods.stan import choose_backend


def _installed(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def stan_backend() -> str:
    """The backend :func:`bayestut.methods.stan.sample` would choose, with its versions."""
    try:
        backend = choose_backend()
    except (RuntimeError, ValueError) as problem:     # none installed, or a bad override
        return f"none ({problem})"
    if backend == "cmdstanpy":
        import cmdstanpy
        cmdstan = ".".join(map(str, cmdstanpy.cmdstan_version() or ())) or "unknown"
        return f"cmdstanpy {_installed('cmdstanpy')} with CmdStan {cmdstan}"
    return f"pystan {_installed('pystan')} with httpstan {_installed('httpstan')}"


def versions() -> dict[str, str]:
    """{what: version} for Python, bayestut, NumPy and the Stan backend."""
    return {"Python": platform.python_version(), "bayestut": __version__,
            "NumPy": _installed("numpy"), "Stan backend": stan_backend()}


def print_versions() -> None:
    """Print :func:`versions`, one line each: the end of every notebook."""
    for what, version in versions().items():
        print(f"{what + ':':14}{version}")
