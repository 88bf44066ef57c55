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
import base64
import contextlib
import io
import os
import sys
import warnings
from pathlib import Path

from .. import __version__
from ..shapes import EXAMPLES
from . import own_notebook

DESCRIPTION = """\
Compare classifiers on your own cross-validation results with the Bayesian tests of
Benavoli et al. (JMLR 2017) and Corani et al. (MLJ 2017): the correlated t-test on each data
set, the signed-rank test on the data sets' means and the hierarchical test, with a decision
at 0.95 and, where none is reached, the most probable outcome (and, when that is one
classifier being better, the posterior odds of the two directions, which ignore the rope).
Name two classifiers for one comparison; name none (all of them) or three or more for every
pair, in one report with a decision matrix and a Plackett-Luce ranking.

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
        if "unrecognized arguments: -" in message:
            message += ("; if that is a classifier's name, give the options first and the "
                        "names after '--': compare [options] RESULTS.csv -- -name other")
        super().error(message)


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m bayestut", description=DESCRIPTION, epilog=EPILOG,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"bayestut {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="{compare,notebook,plan}")
    c = sub.add_parser("compare", description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       help="compare classifiers A and B, or every pair; write an HTML report")
    c.add_argument("results", metavar="RESULTS.csv", help="CSV of results in one of the four shapes above")
    c.add_argument("names", nargs="*", metavar="NAME",
                   help="two classifiers A B (their names in the classifier column); none or "
                        "three or more compare every pair of them (none: all classifiers) "
                        "and rank them")
    c.add_argument("--rope", type=float, default=0.01,
                   help="half-width of the region of practical equivalence, in the metric's "
                        "units: differences within ±ROPE count as no real difference "
                        "(default 0.01, one point of accuracy or AUC)")
    direction = c.add_mutually_exclusive_group()
    direction.add_argument("--lower-is-better", action="store_const", const=True, default=None,
                           help="the metric is an error or a loss: lower scores are better. The "
                                "differences are then oriented so that 'A better' still means A is "
                                "better. A score column named like a loss (error, loss, rmse, "
                                "...) needs this or --higher-is-better")
    direction.add_argument("--higher-is-better", action="store_const", const=False,
                           dest="lower_is_better",
                           help="higher scores are better (the default, unless the score "
                                "column is named like an error or a loss)")
    c.add_argument("--score", default="score", metavar="COLUMN",
                   help="the column holding the metric (default: score)")
    c.add_argument("--score-range", nargs=2, type=float, default=(0.0, 1.0),
                   metavar=("LOW", "HIGH"),
                   help="the values the metric can take (default 0 1); use inf for no bound, "
                        "e.g. --score-range 0 inf for log-loss, -inf 0 for scikit-learn's "
                        "neg_log_loss. Scores outside are refused")
    c.add_argument("--percent", action="store_true",
                   help="the scores are percentages: divide them by 100 (the rope stays a "
                        "fraction)")
    c.add_argument("--no-ranking", dest="ranking", action="store_false",
                   help="with three or more classifiers, skip the Plackett-Luce ranking")
    c.add_argument("--threshold", type=float, default=0.95,
                   help="probability needed to declare a decision (default 0.95)")
    c.add_argument("--seed", type=int, default=0,
                   help="seed of the Monte Carlo and MCMC samplers, 0 to 2147483647 (default "
                        "0): the same seed gives the same report")
    c.add_argument("--chains", type=int, default=4,
                   help="MCMC chains of the hierarchical model (default 4)")
    c.add_argument("--warmup", type=int, default=1000,
                   help="warm-up iterations per chain (default 1000)")
    c.add_argument("--draws", type=int, default=1000,
                   help="kept draws per chain (default 1000); more draws, smaller Monte Carlo "
                        "error")
    c.add_argument("--adapt-delta", type=float, default=0.95, metavar="DELTA",
                   help="target acceptance rate of the sampler, in [0.5, 1) (default 0.95); "
                        "raise it (0.99) if the report warns of divergent transitions")
    c.add_argument("--non-centred", choices=("moments", "auto", "all", "none"), default=None,
                   help="parametrisation of each data set's mean difference in Stan's "
                        "hierarchical model: all non-centred (the default), none, or chosen "
                        "per data set (moments; auto, the reproductions' rule)")
    c.add_argument("--engine", choices=("exact", "stan"), default="exact",
                   help="how the hierarchical test's posterior is computed: exact, by "
                        "numerical integration (the default: no compile, the same numbers on "
                        "every machine; the sampler options are then unused), or stan, by "
                        "MCMC as in the papers")
    c.add_argument("--plan", type=int, default=None, metavar="M",
                   help="under a 'no decision' verdict (two classifiers), add the probability "
                        "that M more data sets like these would give a decision (about half "
                        "a minute for 50 data sets; see the plan command)")
    c.add_argument("--out", type=Path, default=Path("."), metavar="DIR",
                   help="folder for the report, created if needed (default: the current "
                        "folder); the file is named compare_A_vs_B.html")
    own_notebook.add_parser(sub)
    plan_parser(sub)
    return p


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
                   help="simulated studies (default 200: about half a minute on 2 cores for "
                        "50 data sets and three counts; Monte Carlo error at most 0.05)")
    n.add_argument("--jobs", type=int, default=-1, help="parallel workers (default: all cores)")
    for flag, kind, default in (("--rope", float, 0.01), ("--threshold", float, 0.95),
                                ("--seed", int, 0), ("--score", str, "score")):
        n.add_argument(flag, type=kind, default=default, help=f"as for compare (default {default})")
    n.add_argument("--lower-is-better", action="store_const", const=True, default=None,
                   help="the metric is an error or a loss")
    n.set_defaults(run=run_plan)


def run_plan(args) -> None:
    from .plan import plan

    found = plan(args.results, *args.names, add=args.add, rope=args.rope, sims=args.sims,
                 threshold=args.threshold, seed=args.seed, score=args.score,
                 lower_is_better=args.lower_is_better, n_jobs=args.jobs, progress=None)
    print(found.table.round(3).to_string())
    print(found.split.round(3).to_string())
    print(found.headline())


def _png(fig) -> str:
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


FIGURE_CAPTIONS = {
    "per_dataset": "Posterior of the mean difference on each data set (Bayesian correlated "
                   "t-test), all on one scale: the posterior mean (dot) and 95% HDI (line), "
                   "coloured by the data set's decision; the rope is shaded.",
    "signed_rank": "Bayesian signed-rank test: posterior samples of the three probabilities. "
                   "Each corner is certainty of one outcome; the numbers are the share of "
                   "samples in each region.",
    "sign": "Bayesian sign test: posterior samples of the three probabilities (Dirichlet). "
            "The numbers are the share of samples in each region.",
    "hierarchical": "Hierarchical test: for each posterior draw, the probability of each "
                    "outcome on a new data set. The numbers are the share of draws in which "
                    "each outcome is the likeliest.",
}

STYLE = """body{font-family:sans-serif;max-width:1000px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;
text-align:right;white-space:nowrap}td:last-child{white-space:normal;text-align:left;
min-width:12em}th:last-child{text-align:left}tbody th{white-space:normal;min-width:9em}
table{display:block;overflow-x:auto;max-width:100%}
th{background:#f3f3f3}img{max-width:100%}.note{color:#555}
.verdict{font-size:1.25em;border-left:6px solid #2a6;padding:.5em 1em;background:#f4fbf6}"""


def html_report(report) -> str:
    """The whole report as one HTML page, verdict first, figures embedded as base64 PNG; every
    text escaped by the template (analysis.pages)."""
    from .pages import render, table

    decisions = report.sentences(each=False)
    each = report.sentences()[len(decisions) - 1:] if report.many_data_sets else []
    figures = [{"name": name, "png": _png(fig), "caption": FIGURE_CAPTIONS[name]}
               for name, fig in report.figures().items()]
    return render(
        "two", title=f"{report.a} against {report.b}", style=STYLE, a=report.a, b=report.b,
        headline=report.headline(), settings=report.settings(),
        orientation=report.orientation(),
        decisions=decisions[:-1] if each else decisions,
        tally=decisions[-1] if each else "", each=each,
        overall=table(report.overall_table()) if report.overall() else None,
        explanations=report.explanations(), per_dataset_note=report.per_dataset_note,
        per_dataset=table(report.per_dataset_table(), threshold=report.threshold),
        problems=report.diagnostics(),
        missing=report.missing_glyphs(), figures=figures, version=__version__,
        credits="Benavoli et al., JMLR 18(77), 2017; Corani et al., Machine Learning 106, 2017")


def save(path: Path, page: str, summary: str) -> None:
    """Write the report first, then print the summary: output piped into `head` must not cost
    the report."""
    from .report_file import write_report

    replaced = write_report(path, page)
    print(summary)
    print(f"\nreport written to {path}" + (" (it replaced the earlier one)" if replaced else ""))


def run_compare(args) -> Path:
    if len(args.names) != 2:
        return run_many(args)
    args.a, args.b = args.names
    import matplotlib

    matplotlib.use("Agg")            # a command line draws to files, never to a window
    from .compare import compare
    from .report_file import protect_input, report_name, report_target

    name = report_name(args.a, args.b, args.out if args.out.is_dir() else None)
    path = report_target(args.out, name)        # checked before the analysis
    protect_input(args.results, report_files(path))
    options = sampler_options(args)
    report = compare(args.results, args.a, args.b, rope=args.rope,
                     lower_is_better=args.lower_is_better, score=args.score,
                     score_range=tuple(args.score_range), percent=args.percent,
                     threshold=args.threshold, seed=args.seed, progress=on_terminal(),
                     plan=args.plan, **options)
    with warnings.catch_warnings():
        # the report itself names the characters no font can draw (Comparison.missing_glyphs)
        warnings.filterwarnings("ignore", "Glyph .* missing from font", UserWarning)
        page = html_report(report)
    save(path, page, report.summary())
    paper_files(report, path)
    return path


def on_terminal() -> bool:
    """Progress is shown on a terminal only, never into a log file or a pipe."""
    return sys.stderr.isatty()


def sampler_options(args) -> dict:
    """The hierarchical model's sampler settings given on the command line."""
    options = dict(chains=args.chains, warmup=args.warmup, draws=args.draws,
                   adapt_delta=args.adapt_delta, engine=args.engine)
    non_centred = {"all": True, "none": False}.get(args.non_centred, args.non_centred)
    return options if non_centred is None else {**options, "non_centred": non_centred}


def run_many(args) -> Path:
    """No names, or three or more: every pair and the ranking, in one report."""
    import matplotlib

    matplotlib.use("Agg")
    from ..data import read_results
    from ..errors import InputError
    from .compare import metric_direction
    from .many import check_classifiers, compare_all
    from .report import html_report as many_html

    if len(args.names) == 1:
        raise InputError(f"one classifier named ({args.names[0]!r}): name two to compare them, "
                         "or none or three or more to compare every pair")
    if args.plan is not None:
        raise InputError("--plan plans one pair: name two classifiers (or use the plan command)")
    from .report_file import protect_input, report_target, writable_folder

    writable_folder(args.out)
    # read here, so that the report's name (it counts the classifiers) is checked before any fit
    lower_is_better = metric_direction(args.score, args.lower_is_better)
    table = read_results(args.results, score=args.score, percent=args.percent,
                         score_range=tuple(args.score_range), classifiers=args.names or None)
    names = check_classifiers(table, args.names or None)
    path = report_target(args.out, f"compare_{len(names)}_classifiers.html")
    protect_input(args.results, report_files(path))
    # the file again, not the table read above: the write-up names the metric and percent
    report = compare_all(args.results, names, rope=args.rope, lower_is_better=lower_is_better,
                         score=args.score, percent=args.percent,
                         score_range=tuple(args.score_range), threshold=args.threshold,
                         seed=args.seed, ranking=args.ranking, progress=on_terminal(),
                         **sampler_options(args))
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
        print("interrupted: no report written", file=sys.stderr)
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

    if "bayestut.notebook_runner" in sys.modules:    # the notebook's kernel and scratch
        sys.modules["bayestut.notebook_runner"].abandon()
    children = multiprocessing.active_children()
    for child in children:
        child.terminate()
    for child in children:
        child.join(timeout=1)       # reaped here, not left as zombies
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(status)


def _interrupted(signum, frame) -> None:
    # the real stderr: while PyStan samples, sys.stderr is a sink (methods.stan._silenced)
    print("\ninterrupted: no report written", file=sys.__stderr__)
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
