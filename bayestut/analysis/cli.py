"""``python -m bayestut compare RESULTS.csv A B``: the one-call comparison as an HTML report.

The report is one self-contained HTML file (the verdict first, tables, decisions in plain
words, figures as embedded PNG): it can be mailed or archived as it is. The text summary is
printed too. Bad input ends with a message saying what to fix, and exit status 2; the output
folder and the report's name are checked before the analysis starts (bayestut.analysis.report_file
writes it); Ctrl-C ends the run at once, with status 130. numpy, pandas, Stan and matplotlib are imported
only once there is something to compute, so that ``--help`` answers at once.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import warnings
from pathlib import Path

from .. import __version__
from ..shapes import EXAMPLES
from . import own_notebook
from .options import DECIDING, READING, SAMPLING, add_options, reading, sampler

DESCRIPTION = """\
Compare classifiers on your own cross-validation results with the Bayesian tests of
Benavoli et al. (JMLR 2017) and Corani et al. (MLJ 2017): the correlated t-test on each data
set, the signed-rank test on the data sets' means and the hierarchical test, with a decision
at 0.95 and, where none is reached, the outcome with the highest probability (and, when that
is one classifier being better, the posterior odds of the two directions, listed apart:
they ignore the rope and are not a decision).
Name two classifiers for one comparison; name none (all of them) or three or more for every
pair, in one report with a decision matrix and a Plackett-Luce ranking. A file of exactly two
classifiers, none named, is one comparison, in the order they first appear in the file.

RESULTS.csv comes in one of four shapes, told apart by its header (--score names the score
column of a tidy table; in a wide table each classifier's column holds its scores):

""" + EXAMPLES + """

Per fold: every classifier scored on the very same folds. Means only (one score per data set
and classifier, as papers print them): the sign and signed-rank tests and the ranking run;
the correlated t-test and the hierarchical test need every fold and are not run.

Beside the HTML report go the paragraphs for a paper: NAME.md (methods, results, table),
NAME.tex (the same in LaTeX, booktabs) and NAME.bib (the citations)."""

EPILOG = """\
example:
  python -m bayestut compare results.csv mine baseline --rope 0.01 --out report/
  python -m bayestut compare errors.csv mine baseline --lower-is-better --score error
  python -m bayestut compare results.csv --out report/    (every pair, and a ranking)

exit status: 0 report written, 2 a problem with the input or the options (the message says
what to fix), 130 stopped with Ctrl-C."""


class _Parser(argparse.ArgumentParser):
    """argparse, with a hint when an unknown option is really a name starting with '-'."""

    def error(self, message):
        unknown = message.split("unrecognized arguments: ", 1)[1:]
        if unknown and any(t.startswith("--") for t in unknown[0].split()):
            message += ("; that command has no such option: its --help lists those it has "
                        "(e.g. python -m bayestut plan --help)")
        elif unknown and any(t.startswith("-") for t in unknown[0].split()):
            message += ("; if that is a classifier's name, give the options first and the "
                        "names after '--': compare [options] RESULTS.csv -- -name other")
        super().error(message)


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m bayestut", description=DESCRIPTION, epilog=EPILOG,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"bayestut {__version__}")
    sub = p.add_subparsers(dest="command", required=True,
                           metavar="{compare,notebook,plan,card}")
    c = sub.add_parser("compare", description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       help="compare classifiers A and B, or every pair; write an HTML report")
    c.add_argument("results", metavar="RESULTS.csv", help="CSV of results in one of the four shapes above")
    c.add_argument("names", nargs="*", metavar="NAME",
                   help="two classifiers A B (their names in the classifier column); none or "
                        "three or more compare every pair of them (none: all classifiers) "
                        "and rank them; none, in a file of exactly two: those two, in the "
                        "file's order")
    add_options(c, [*READING, *DECIDING, *SAMPLING, "plan", "out"],
                out=dict(help="folder for the report, created if needed (default: the current "
                              "folder); the file is named compare_A_vs_B.html"))
    c.add_argument("--no-ranking", dest="ranking", action="store_false",
                   help="with three or more classifiers, skip the Plackett-Luce ranking")
    c.add_argument("--about", choices=("new-data-set", "delta0"), default="new-data-set",
                   help="what the verdict decides on (two classifiers): a new data set (the "
                        "papers' rule, the default) or delta0, the mean difference over data "
                        "sets (a method paper's claim); the report shows both")
    c.add_argument("--explain", action="store_true",
                   help="two classifiers: print, below the tables, what each kind of number "
                        "means (the HTML report always has it; so does the card "
                        "docs/reading-your-verdict.md, python -m bayestut card)")
    c.add_argument("--prior-check", action="store_true",
                   help="say whether the decision (two classifiers) is the same under the other "
                        "priors on nu the papers name (a refit each: about three times the "
                        "hierarchical fit's time; exact engine only)")
    c.add_argument("--rope-reason", metavar="TEXT", default=None,
                   help="why the rope is of no practical consequence, written into the .md/.tex "
                        "Methods after 'were deemed of no practical consequence', e.g. "
                        "--rope-reason 'because a gain of less than one point would not change which classifier a user deploys' "
                        "(default: a placeholder to fill in)")
    c.add_argument("--rope-chosen", choices=("before", "after"), default=None,
                   help="when you chose the rope: 'after' you saw the results makes the .md/.tex "
                        "Methods say so and point to the rope's check (default: they say "
                        "nothing of when)")
    c.add_argument("--metric-name", metavar="TEXT", default=None,
                   help="the metric's name as the .md/.tex and the figures say it, e.g. "
                        "--metric-name 'balanced accuracy' (default: the score column's name)")
    own_notebook.add_parser(sub)
    plan_parser(sub)
    card_parser(sub)
    return p


def card_parser(sub) -> None:
    """`card`: the card Reading your verdict, printed (from an installed wheel too)."""
    k = sub.add_parser("card", help="print the card Reading your verdict",
                       description="Print the one-page card Reading your verdict, which "
                       "explains every number of a report (docs/reading-your-verdict.md in "
                       "the repository; the book renders it).")
    k.add_argument("--section", metavar="TITLE",
                   help='only the section whose title starts with TITLE, e.g. "No decision"')
    k.set_defaults(run=lambda args: print(card_text(args.section)))


def card_text(section: str | None = None) -> str:
    """The card Reading your verdict as Markdown, whole or one section.

    Parameters
    ----------
    section : str, optional
        The start of a section's title, in any case ("No decision", "no-decision"): a
        section is a paragraph opening with a bold title and the paragraphs up to the next.

    Returns
    -------
    str
        The card, or the section.
    """
    import re

    from ..errors import InputError
    from ..paths import CARD

    text = CARD.read_text(encoding="utf-8")
    if section is None:
        return text
    sections: dict[str, list[str]] = {}
    title = None
    for paragraph in text.strip().split("\n\n"):
        opened = re.match(r"\*\*(.+?)\*\*", paragraph)
        if opened:
            title = opened.group(1).rstrip(".")
            sections[title] = []
        if title is not None:
            sections[title].append(paragraph)
    wanted = " ".join(section.replace("-", " ").split()).lower()
    found = [t for t in sections if wanted and t.lower().startswith(wanted)]
    if not found:
        raise InputError(f"the card has no section {section!r}: give the start of one of "
                         + ", ".join(f'"{t}"' for t in sections)
                         + ", or no --section for the whole card")
    return "\n\n".join(sections[found[0]])


def plan_parser(sub) -> None:
    """`plan`: how likely a decision is with m more data sets (analysis.plan)."""
    n = sub.add_parser("plan", help="the probability of a decision with more data sets",
                       description="How likely is the hierarchical test to reach a decision "
                       "if m more data sets like the present ones are added? (simulated from "
                       "the present posterior; see bayestut.analysis.plan)")
    n.add_argument("results", metavar="RESULTS.csv", help="per-fold results (compare --help)")
    n.add_argument("names", nargs=2, metavar="NAME", help="the two classifiers A B")
    n.add_argument("--add", nargs="+", type=int, default=[5, 10, 20], metavar="M",
                   help="numbers of data sets to add (default 5 10 20)")
    n.add_argument("--sims", type=int, default=200,
                   help="simulated studies (default 200: about 21 s on 2 idle cores for "
                        "54 data sets and three counts, benchmarks/plan_speed.txt; Monte Carlo "
                        "error at most 0.05)")
    add_options(n, [*READING, *DECIDING, "jobs"])
    n.add_argument("--about", choices=("new-data-set", "delta0"), default="new-data-set",
                   help="the decision planned: on a new data set (the papers' rule, the "
                        "default) or on delta0, the mean difference over data sets (a method "
                        "paper's claim), as compare --about")
    n.add_argument("--details", action="store_true",
                   help="after the table, the method notes and the split by the outcome each "
                        "plausible population favours")
    n.set_defaults(run=run_plan)


def run_plan(args) -> None:
    from .plan import plan

    a, b = args.names       # argparse's nargs=2: exactly two
    found = plan(args.results, a, b, add=args.add, rope=args.rope, sims=args.sims,
                 threshold=args.threshold, seed=args.seed, n_jobs=args.jobs,
                 progress=None, about=args.about, **reading(args))
    print(found.summary(command_line=True, details=args.details))  # the answer, then the table


def save(path: Path, page: str, summary: str) -> None:
    """Write the report first, then print the summary: output piped into `head` must not cost
    the report."""
    from .report_file import write_report

    replaced = write_report(path, page)
    print(summary)
    print(f"\nreport written to {path}" + (" (it replaced the earlier one)" if replaced else ""))


def run_compare(args) -> Path:
    data = None
    if not args.names:          # none named: a file of exactly two is one pair, in its order
        from ..data import open_results

        data = open_results(args.results, **reading(args))
        if len(data.classifiers) == 2:
            args.names = list(data.classifiers)
    if len(args.names) != 2:
        return run_many(args, data)
    args.a, args.b = args.names
    import matplotlib

    matplotlib.use("Agg")            # a command line draws to files, never to a window
    from .compare import compare
    from .report import html_report
    from .report_file import protect_input, report_name, report_target

    name = report_name(args.a, args.b, args.out if args.out.is_dir() else None)
    path = report_target(args.out, name)        # checked before the analysis
    protect_input(args.results, report_files(path))
    named = (args.a, args.b) if data is None else (None, None)     # None: the file's order
    report = compare(args.results if data is None else data, a=named[0], b=named[1],
                     rope=args.rope,
                     threshold=args.threshold,
                     seed=args.seed, progress=on_terminal(), plan=args.plan,
                     about=args.about.replace("-", " "), prior_check=args.prior_check,
                     rope_reason=args.rope_reason, metric_name=args.metric_name,
                     rope_chosen=args.rope_chosen, **reading(args), **sampler(args))
    report.options["command_line"] = True      # its text names the options as flags
    with warnings.catch_warnings():
        # the report itself names the characters no font can draw (Comparison.missing_glyphs)
        warnings.filterwarnings("ignore", "Glyph .* missing from font", UserWarning)
        page = html_report(report)
    warn_rope_units(report)
    save(path, page, report.summary(explain=args.explain))
    paper_files(report, path)
    return path


def warn_rope_units(report) -> None:
    """A rope that looks like the wrong units, said on stderr before the verdict it may
    overturn (as a --percent that looks wrong is, when the file is read); the reports keep it.

    Parameters
    ----------
    report : Comparison, MeansComparison or ManyComparison
        The result (:func:`~bayestut.analysis.verdict_notes.rope_units` writes the sentence).

    Returns
    -------
    None
        "warning: ..." printed on stderr, or nothing.
    """
    from .verdict_notes import rope_units

    note = rope_units(report)
    if note:
        print(f"warning: {note}", file=sys.stderr, flush=True)


def on_terminal() -> bool:
    """Progress is shown on a terminal only, never into a log file or a pipe."""
    return sys.stderr.isatty()


def run_many(args, data=None) -> Path:
    """No names (more than two classifiers), or three or more: every pair and the ranking,
    in one report; ``data``: the results, when read already."""
    import matplotlib

    matplotlib.use("Agg")
    from ..data import open_results
    from ..errors import InputError
    from .many import check_classifiers, compare_all
    from .report import html_report as many_html

    if len(args.names) == 1:
        raise InputError(f"one classifier named ({args.names[0]!r}): name two to compare them, "
                         "or three or more to compare every pair, or none for all of the file's "
                         "classifiers (with two, that pair)")
    if args.plan is not None:
        raise InputError("--plan plans one pair: name two classifiers (or use the plan command)")
    if args.about != "new-data-set":
        raise InputError("--about chooses one pair's verdict: name two classifiers (the "
                         "K-classifier report decides on a new data set, as the papers do)")
    if args.prior_check:
        raise InputError("--prior-check checks one pair's verdict: name two classifiers")
    if args.explain:
        raise InputError("--explain defines the numbers of one pair's console report: name two "
                         "classifiers (the K-classifier HTML report explains its own)")
    from .report_file import protect_input, report_target, writable_folder
    from .writeup_caveats import metric_name_checked, rope_reason_checked

    reason = rope_reason_checked(args.rope_reason)      # before any fit
    metric_name = metric_name_checked(args.metric_name)
    writable_folder(args.out)
    # read once, here, so that the report's name (it counts the classifiers) is checked
    # before any fit; compare_all trusts the table read
    if data is None:
        data = open_results(args.results, classifiers=args.names or None, **reading(args))
    names = check_classifiers(data.table, data.classifiers)
    path = report_target(args.out, f"compare_{len(names)}_classifiers.html")
    protect_input(args.results, report_files(path))
    report = compare_all(data, names, rope=args.rope, threshold=args.threshold,
                         seed=args.seed, ranking=args.ranking, progress=on_terminal(),
                         rope_reason=reason, metric_name=metric_name,
                         rope_chosen=args.rope_chosen, **sampler(args))
    for pair in report.pairs.values():      # their text names the options as flags
        pair.options["command_line"] = True
    warn_rope_units(report)
    save(path, many_html(report), report.summary())
    paper_files(report, path)
    return path


def report_files(html_path: Path) -> list[Path]:
    """The report and the paper's files beside it (analysis.writeup.write_files)."""
    stem = html_path.name.removesuffix(".html")
    return [html_path.parent / (stem + suffix) for suffix in (".html", ".md", ".tex", ".bib")]


def paper_files(report, html_path: Path) -> None:
    """The paragraphs for a paper beside the report: .md, .tex (booktabs) and .bib."""
    from .writeup import write_files

    written = write_files(report, html_path)
    print("for the paper: " + ", ".join(str(p) for p in written))


def run_notebook(args) -> Path:
    """`notebook`: the own-results notebook executed on the file (analysis.own_notebook)."""
    from .report_file import writable_folder

    return own_notebook.run(args, writable_folder(args.out))


def main(argv=None) -> int:
    """Exit status 0: report written; 2: an InputError, in one line; 130: Ctrl-C, in one line."""
    try:
        args = parser().parse_args(_bounds_as_values(sys.argv[1:] if argv is None else argv))
        global _stopped
        _stopped = STOPPED[args.command]
        quiet_resource_tracker()
        from ..errors import InputError

        warnings.formatwarning = _one_line
        try:
            if getattr(args, "out", None) is not None:
                check_out(args.out)
            run = run_notebook if args.command == "notebook" else run_compare
            getattr(args, "run", run)(args)
            sys.stdout.flush()          # a closed pipe shows here, not at the exit
        except InputError as problem:
            print(f"error: {problem}", file=sys.stderr)
            return 2
    except KeyboardInterrupt:
        print(f"interrupted: {_stopped}", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:         # the output piped into `head` or a closed pager
        sys.stdout = open(os.devnull, "w")      # so that the exit's flush stays silent
        return 0
    return 0


REPORT_SUFFIXES = (".html", ".htm", ".md", ".tex", ".bib", ".pdf", ".ipynb")


def check_out(out: Path) -> None:
    """--out names a folder (created if needed): a new name ending like a report's file is
    a file name given by mistake, which would become a folder of that name."""
    from ..errors import InputError

    if not out.exists() and not out.is_symlink() and out.suffix.lower() in REPORT_SUFFIXES:
        raise InputError(f"--out {out} looks like a file name, but --out is the folder the "
                         "outputs go to (created if needed), each named after the "
                         "classifiers: give a folder, e.g. --out "
                         f"{out.parent / out.stem if out.stem else 'report'}")


INTERRUPTED = 130     # the shell's code for a process ended by Ctrl-C (128 + SIGINT)
# what Ctrl-C leaves undone, per command (plan writes no file at all)
STOPPED = {"compare": "no report written", "notebook": "no notebook written",
           "plan": "planning stopped (the plan command writes no file)",
           "card": "nothing written"}
_stopped = "nothing written"


def quiet_resource_tracker() -> None:
    """joblib's loky workers register semaphores with a tracker process, which warns of
    "leaked semaphore objects" when Ctrl-C ends the run before they are released, and then
    releases them itself: the warning is noise to a reader. The tracker is started later,
    with this environment, so the filter reaches it."""
    quiet = "ignore:resource_tracker:UserWarning"
    given = os.environ.get("PYTHONWARNINGS", "")
    if quiet not in given:
        os.environ["PYTHONWARNINGS"] = f"{given},{quiet}" if given else quiet


def _bounds_as_values(argv) -> list[str]:
    """argparse takes a value after --score-range that starts with "-" and is not a plain
    number (-inf, -1e3) for an option, and stops with "expected 2 arguments": a leading space
    keeps it a value (float() ignores it). Abbreviations of the option count too."""
    argv = list(argv)
    for i, token in enumerate(argv):
        if len(token) > len("--score-") and "--score-range".startswith(token):
            for j in range(i + 1, min(i + 3, len(argv))):
                if argv[j].startswith("-") and _is_number(argv[j]):
                    argv[j] = " " + argv[j]
    return argv


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _one_line(message, category, *_args, **_kwargs) -> str:
    return f"warning: {message}\n"


def exit_now(status: int) -> None:
    """Leave at once, ending this process's own children: PyStan's sampling processes ignore
    Ctrl-C and keep sampling, and an ordinary exit would wait for them to finish."""
    import multiprocessing

    if "bayestut.analysis.notebook_runner" in sys.modules:    # the notebook's kernel and scratch
        sys.modules["bayestut.analysis.notebook_runner"].abandon()
    children = multiprocessing.active_children()
    for child in children:
        child.terminate()
    for child in children:
        child.join(timeout=1)       # reaped here, not left as zombies
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        if stream is not None:      # sys.__stdout__ is None without a console (pythonw)
            with contextlib.suppress(Exception):
                stream.flush()
    os._exit(status)


def _interrupted(signum, frame) -> None:
    # the real stderr: while PyStan samples, sys.stderr is a sink (methods.stan._silenced)
    print(f"\ninterrupted: {_stopped}", file=sys.__stderr__)
    exit_now(INTERRUPTED)


def run() -> None:
    """The command line's entry point. Ctrl-C ends it at once, in one line: a fit running in a
    worker thread (the K form) cannot be interrupted, and waiting for it could take minutes."""
    import signal

    signal.signal(signal.SIGINT, _interrupted)
    status = main()
    if status == INTERRUPTED:
        exit_now(status)
    raise SystemExit(status)


if __name__ == "__main__":
    run()
