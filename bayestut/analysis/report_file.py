"""Where the command line's report goes, checked before any analysis, and how it is written.

The file name is made from the classifiers' names, kept to letters, digits, '-', '_' and
'.'; when a name had to be changed (or shortened to fit the file system), a short hash of the
exact names is added, so that 'a/b' and 'a_b' get different files. The report is written to
a temporary file inside the output folder and renamed into place: a full disk leaves no
truncated report, and a symbolic link planted at the report's name is replaced, not followed
(so nothing outside the folder is written). From Python,
:func:`~bayestut.analysis.save.save_report` writes a result's report the same way.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from ..errors import InputError

NAME_MAX = 255          # bytes in a file name on most file systems, when the system won't say
NAME_PART = 60          # characters kept of each classifier's name in a shortened file name


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)


def _name_max(folder: Path) -> int:
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (AttributeError, OSError, ValueError):     # Windows, or a system that won't say
        return NAME_MAX


def report_name(a: str, b: str, folder: Path | None = None) -> str:
    """compare_A_vs_B.html, unique to the exact names and short enough for ``folder``."""
    name = f"compare_{_safe(a)}_vs_{_safe(b)}.html"
    limit = _name_max(folder) if folder is not None else NAME_MAX
    if _safe(a) == a and _safe(b) == b and len(name.encode()) <= limit:
        return name
    digest = hashlib.sha256(f"{a}\0{b}".encode()).hexdigest()[:10]
    name = f"compare_{_safe(a)}_vs_{_safe(b)}_{digest}.html"
    if len(name.encode()) > limit:
        name = f"compare_{_safe(a)[:NAME_PART]}_vs_{_safe(b)[:NAME_PART]}_{digest}.html"
    return name


def writable_folder(out: Path) -> Path:
    """Create the report's folder and check a file can be written there, before any analysis."""
    if out.exists() and not out.is_dir():
        raise InputError(f"--out {out} is a file: give a folder for the report (it is created "
                         "if needed); the report is named compare_A_vs_B.html inside it")
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as problem:
        raise InputError(f"cannot write the report into {out} ({problem.strerror}): give a "
                         "folder you can write to with --out") from None
    return out


def report_target(out: Path, name: str) -> Path:
    """The report's path in a writable ``out``, checked before the analysis: nothing but a
    file (or a link, which is replaced) may stand at that name."""
    path = writable_folder(out) / name
    if path.is_dir() and not path.is_symlink():
        raise InputError(f"a folder named {name} is in the way of the report in {out}: move or "
                         "rename it, or give another folder with --out")
    if len(name.encode()) > _name_max(out):
        raise InputError(f"the report's file name is too long for {out} ({len(name.encode())} "
                         "bytes): give shorter classifier names")
    return path


def protect_input(results, outputs) -> None:
    """Refuse, before any work, outputs that would overwrite the results file: the same path,
    or the same file through a symbolic or a hard link."""
    source = Path(results)
    for path in outputs:
        try:
            same = os.path.samefile(source, path)
        except OSError:             # one of them does not exist (yet)
            same = source.resolve() == path.resolve()
        if same:
            raise InputError(f"the results file {results} is where an output goes ({path}), "
                             "and would be overwritten: move or rename it, or give another "
                             "folder with --out")


def write_report(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` through a temporary file in the same folder, renamed into
    place; True when it replaced an earlier report. Nothing is left behind on failure."""
    replaced = path.exists() or path.is_symlink()
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".bayestut-", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())           # a full disk shows here, not after the rename
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException as problem:            # also Ctrl-C: no half-written file remains
        Path(temporary).unlink(missing_ok=True)
        if isinstance(problem, OSError):
            raise InputError(f"cannot write the report {path} ({problem.strerror or problem}); "
                             "nothing was written: free some space or give another folder "
                             "(--out, or another path)") from None
        raise
    return replaced


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
