"""``python -m bayestut notebook RESULTS.csv --out DIR``: the own-results notebook, executed.

Runs ``notebooks/your_results.ipynb`` with papermill on the reader's file (its parameters cell
takes the file, the classifiers, the metric's column, percent, the score range,
lower-is-better, the rope, the threshold and the seed) and keeps the executed notebook and an
HTML copy in DIR. The table is read and checked before a kernel starts, so bad input ends with
the usual message and exit status 2, and no output may stand where the input is.
The notebook travels in the wheel too (``bayestut/_notebooks``), so the command works from an
installed package.
"""

from __future__ import annotations

import argparse
import errno
import os
import re
from pathlib import Path

from ..errors import InputError
from .notebook_runner import execute, scratch_folder
from ..paths import YOUR_RESULTS_NOTEBOOK as TEMPLATE
from .options import DECIDING, READING, add_options, reading
from .report_file import protect_input, write_report


# the notebook runs the default (exact) engine; advice naming --engine points to compare
ENGINE_ADVICE = (" (the notebook command runs the exact engine and has no --engine: run "
                 "python -m bayestut compare RESULTS.csv A B --engine stan for the Stan one)")
# a folder that cannot take the notebook: full, over quota, read-only, file too large
FULL = (errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EFBIG)
# nbconvert's lab template wraps output lines anywhere, even mid-word (pre-wrap, break-all).
# Prose (a verdict, a note) wraps at spaces instead, never inside a word (nor after a hyphen
# or slash in one: "--section", a file's path); a line laid out in columns (a console table, a
# BibTeX entry) is kept whole, the output scrolling sideways, since wrapping it at all breaks
# its columns apart (the book's choice too: docs/_static/book.css)
READABLE_OUTPUT = (
    "<style>.jp-OutputArea-output pre { white-space: pre-wrap; word-break: normal; "
    "overflow-wrap: normal; overflow-x: auto; }\n"
    ".jp-OutputArea-output pre .whole { white-space: pre; }</style>")
# an output's text in the page: nbconvert's one <pre> in each output's <div>
OUTPUT_TEXT = re.compile(r'(<div class="[^"]*\bjp-OutputArea-output\b[^"]*"[^>]*>\s*<pre>)'
                         r"(.*?)(</pre>)", re.DOTALL)
# a line in columns: two spaces or more before or between words (prose has one)
COLUMNS = re.compile(r"(?: {2,}|.*\S {2,})\S")
# a word a browser would break inside: at a hyphen, a dash, a minus or a slash
BREAKABLE = re.compile(r"[^\s<]*[-/\u2013\u2014\u2212][^\s<]*")


def whole(text: str) -> str:
    """``text`` in a span that the page keeps on one line."""
    return f'<span class="whole">{text}</span>'


def readable_text(text: str) -> str:
    """One output's text, as HTML inside its ``<pre>``, each line marked by
    :func:`readable_line` (the book's pages mark theirs so too: docs/_ext/book_extras.py).

    Parameters
    ----------
    text : str
        The ``<pre>``'s HTML; an empty ``<span></span>`` first (Pygments') is kept.

    Returns
    -------
    str
        The same text, its lines in columns and its breakable words in ``<span class="whole">``.
    """
    start = "<span></span>" if text.startswith("<span></span>") else ""
    return start + "\n".join(map(readable_line, text[len(start):].split("\n")))


def readable_line(line: str) -> str:
    """One line of an output's HTML: a line in columns kept whole, else each word in it that
    a browser would break kept whole; a line holding markup (an ANSI colour's span, which may
    close on another line) as it is."""
    if "<" in line or not line.strip():
        return line
    if COLUMNS.match(line):
        return whole(line)
    return BREAKABLE.sub(lambda word: whole(word[0]), line)


def readable_output(page: str) -> str:
    """``page``, an nbconvert HTML page, with its outputs' prose wrapped at spaces and their
    lines in columns kept whole (scrolled sideways).

    Parameters
    ----------
    page : str
        The page as nbconvert's HTMLExporter writes it.

    Returns
    -------
    str
        The page with its outputs' text marked by :func:`readable_text` and
        :data:`READABLE_OUTPUT` last in its head, after the template's styles.
    """
    page = OUTPUT_TEXT.sub(lambda out: out[1] + readable_text(out[2]) + out[3], page)
    return page.replace("</head>", READABLE_OUTPUT + "\n</head>", 1)


def add_parser(sub) -> None:
    n = sub.add_parser(
        "notebook", formatter_class=argparse.RawDescriptionHelpFormatter,
        help="run the own-results notebook on RESULTS.csv; keep it executed, and as HTML",
        description=__doc__.split("\n\n")[1])
    n.add_argument("results", metavar="RESULTS.csv", help="your results, in any of the four "
                                                          "shapes of `compare --help`")
    n.add_argument("names", nargs="*", metavar="NAME",
                   help="the classifiers to compare (two, several; none: all)")
    add_options(n, [*READING, *DECIDING, "plan", "out"],
                out=dict(help="folder for your_results.ipynb and your_results.html "
                              "(default: here)"))
    n.add_argument("--about", choices=("new-data-set", "delta0"), default="new-data-set",
                   help="two classifiers: what the verdict and its rope sweep decide on, as "
                        "compare --about")


def run(args, out: Path) -> Path:
    """Execute the notebook on the reader's file into the folder ``out`` (checked writable);
    return the executed notebook's path."""
    from ..checks import check_all, check_rope
    from ..data import open_results

    results = Path(args.results).resolve()
    executed = out / "your_results.ipynb"
    protect_input(args.results, [executed, executed.with_suffix(".html")])
    # bad input: exit 2 before any kernel starts (the kernel, another process, reads the
    # file again through the same door)
    open_results(results, classifiers=args.names or None, **reading(args))
    check_rope(args.rope, tuple(args.score_range))
    check_all(threshold=args.threshold, seed=args.seed)
    if args.plan is not None:
        from ..simulation.planning import check_counts

        check_counts(args.plan, "--plan 10")
        if len(args.names) != 2:
            raise InputError("--plan plans one pair: name the two classifiers after the file")
    if args.about != "new-data-set" and len(args.names) != 2:
        raise InputError("--about chooses one pair's verdict: name the two classifiers after "
                         "the file (the K-classifier report decides on a new data set)")
    try:
        import ipykernel  # noqa: F401  (the kernel papermill starts)
        import nbconvert
        import papermill
    except ImportError as missing:
        from ..paths import install_command

        raise InputError(f"{missing.name} is not installed: the notebook command needs the "
                         f"notebooks extra; {install_command('notebooks')}") from None
    parameters = dict(results=str(results), classifiers=list(args.names) or None,
                      score=args.score, percent=args.percent,
                      score_range=list(args.score_range),
                      lower_is_better=args.lower_is_better, rope=args.rope,
                      threshold=args.threshold, seed=args.seed, plan=args.plan,
                      about=args.about.replace("-", " "))
    # run in a scratch folder inside `out`, then renamed into place (as the report is): an
    # interrupted run leaves no half-written notebook, and a link planted at either name is
    # replaced, not followed out of the folder
    with scratch_folder(dir=out, prefix=".bayestut-") as scratch:
        partial = Path(scratch) / executed.name
        try:
            execute(TEMPLATE, partial, out, parameters)
            # the HTML copy reads as a report, verdict first: the code stays in the .ipynb
            page, _ = nbconvert.HTMLExporter(
                exclude_input=True, exclude_input_prompt=True,
                exclude_output_prompt=True).from_filename(str(partial))
            page = readable_output(page)
        except papermill.PapermillExecutionError as problem:
            if problem.ename == "InputError":        # the analysis refused an option: exit 2
                raise InputError(problem.evalue + (ENGINE_ADVICE if "--engine" in problem.evalue
                                                   else "")) from None
            raise
        except OSError as problem:
            if problem.errno not in FULL:
                raise
            raise InputError(f"cannot write the notebook into {out} ({problem.strerror}); "
                             "nothing was written: free some space or give another folder "
                             "with --out") from None
        write_report(executed.with_suffix(".html"), page)
        os.replace(partial, executed)
    print(f"executed notebook: {executed}\nHTML copy: {executed.with_suffix('.html')}")
    return executed
