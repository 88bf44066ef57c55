"""``bt.save_report``: a result's HTML report written from Python, as the command line
writes it (:mod:`~bayestut.analysis.report_file`: through a temporary file renamed into place,
a symbolic link replaced, never followed, the results file never overwritten), to a path
checked first: an existing file that is not a bayestut report is refused, not overwritten.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

from .report_file import protect_input, write_report
from ..errors import InputError

REPORT_MARK = b"Made by bayestut "       # in every report's last line (pages.BASE)


def save_report(result, path) -> Path:
    """Write a result's HTML report (the command line's) to ``path``, as the command line
    does: through a temporary file renamed into place, a symbolic link at ``path`` replaced,
    never followed. Refused, before the report is drawn: a path not ending in .html, a
    folder, the results file itself, and an existing file that is not a bayestut report.

    Parameters
    ----------
    result : Comparison, MeansComparison or ManyComparison
        What ``bt.compare`` or ``bt.compare_all`` returned.
    path : str or Path
        The report's file, e.g. "reports/mine_vs_base.html"; its folder is created if needed.

    Returns
    -------
    Path
        The path written.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise InputError(f"the report's path must be a file name such as 'report.html', got "
                         f"{type(path).__name__}")
    path = Path(path)
    if path.is_dir() and not path.is_symlink():
        raise InputError(f"{path} is a folder: give a file name inside it, such as "
                         f"{path / 'report.html'}")
    if path.suffix.lower() not in (".html", ".htm"):
        raise InputError(f"the report is an HTML page: give a path ending in .html, not {path}")
    if path.is_file() and not path.is_symlink() and REPORT_MARK not in path.read_bytes():
        raise InputError(f"{path} exists and is not a bayestut report: it would be overwritten."
                         " Give another path, or move that file away first")
    pairs = getattr(result, "pairs", None)
    options = next(iter(pairs.values())).options if pairs else getattr(result, "options", {})
    if options.get("results") is not None:
        protect_input(options["results"], [path])
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as problem:
        raise InputError(f"cannot create the folder {path.parent} ({problem.strerror}): give "
                         "a path in a folder you can write to") from None
    from .report import html_report

    with warnings.catch_warnings():     # the report names the characters no font can draw
        warnings.filterwarnings("ignore", "Glyph .* missing from font", UserWarning)
        page = html_report(result)
    write_report(path, page)
    return path
