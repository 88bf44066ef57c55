"""``python -m bayestut compare RESULTS.csv A B``: the one-call comparison as an HTML report.

The report is one self-contained HTML file (tables, decisions in plain words, figures as
embedded PNG): it can be mailed or archived as it is. The text summary is printed too.
Bad input ends with a message saying what to fix, and exit status 2.
"""

from __future__ import annotations

import argparse
import base64
import html
import io
import sys
from pathlib import Path

from . import __version__
from .compare import compare
from .data import InputError

DESCRIPTION = """\
Compare classifiers on your own cross-validation results with the Bayesian tests of
Benavoli et al. (JMLR 2017) and Corani et al. (MLJ 2017): the correlated t-test on each data
set, the signed-rank test on the data sets' means and the hierarchical test, with a decision
at 0.95 and, where none is reached, the posterior odds graded weak (1-3), positive (3-20) or
strong (> 20). Name two classifiers for one comparison; name none (all of them) or three or
more for every pair, in one report with a decision matrix and a Plackett-Luce ranking.

RESULTS.csv holds one row per data set x classifier x run x fold, with columns
dataset, classifier, run, fold and the score (see --score). Both classifiers must be scored
on the very same folds."""

EPILOG = """\
example:
  python -m bayestut compare results.csv mine baseline --rope 0.01 --out report/
  python -m bayestut compare errors.csv mine baseline --lower-is-better --score error
  python -m bayestut compare results.csv --out report/    (every pair, and a ranking)"""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bayestut", description=DESCRIPTION, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"bayestut {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="compare")
    c = sub.add_parser("compare", description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       help="compare classifiers A and B, or every pair; write an HTML report")
    c.add_argument("results", metavar="RESULTS.csv", help="tidy CSV of cross-validation results")
    c.add_argument("names", nargs="*", metavar="NAME",
                   help="two classifiers A B (their names in the classifier column); none or "
                        "three or more compare every pair of them (none: all classifiers) "
                        "and rank them")
    c.add_argument("--rope", type=float, default=0.01,
                   help="half-width of the region of practical equivalence, in the metric's "
                        "units: differences within ±ROPE count as no real difference "
                        "(default 0.01, one point of accuracy or AUC)")
    c.add_argument("--lower-is-better", action="store_true",
                   help="the metric is an error or a loss: lower scores are better. The "
                        "differences are then oriented so that 'A ≫ B' still means A is better")
    c.add_argument("--score", default="score", metavar="COLUMN",
                   help="the column holding the metric (default: score)")
    c.add_argument("--score-range", nargs=2, type=float, default=(0.0, 1.0),
                   metavar=("LOW", "HIGH"),
                   help="the values the metric can take (default 0 1); use inf for no bound, "
                        "e.g. --score-range 0 inf for log-loss. Scores outside are refused")
    c.add_argument("--percent", action="store_true",
                   help="the scores are percentages: divide them by 100 (the rope stays a "
                        "fraction)")
    c.add_argument("--threshold", type=float, default=0.95,
                   help="probability needed to declare a decision (default 0.95)")
    c.add_argument("--seed", type=int, default=0,
                   help="seed of the Monte Carlo and MCMC samplers (default 0): the same seed "
                        "gives the same report")
    c.add_argument("--out", type=Path, default=Path("."), metavar="DIR",
                   help="folder for the report, created if needed (default: the current "
                        "folder); the file is named compare_A_vs_B.html")
    return p


def _png(fig) -> str:
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


FIGURE_CAPTIONS = {
    "per_dataset": "Posterior of the mean difference on each data set (Bayesian correlated "
                   "t-test); the rope is shaded.",
    "signed_rank": "Bayesian signed-rank test: posterior samples of the three probabilities. "
                   "Each corner is certainty of one outcome; the numbers are the share of "
                   "samples in each region.",
    "hierarchical": "Hierarchical test: for each posterior draw, the probabilities that the "
                    "difference on a next data set falls left of, inside or right of the rope.",
}

STYLE = """body{font-family:sans-serif;max-width:1000px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;
text-align:right}th{background:#f3f3f3}img{max-width:100%}.note{color:#555}"""


def html_report(report) -> str:
    """The whole report as one HTML page, figures embedded as base64 PNG."""
    e = html.escape
    fmt = lambda v: f"{v:.3f}"  # noqa: E731
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'>"
             f"<title>{e(report.a)} against {e(report.b)}</title><style>{STYLE}</style></head><body>",
             f"<h1>{e(report.a)} against {e(report.b)}</h1>",
             f"<p>{e(report.settings())}.</p>",
             f"<p><strong>Orientation.</strong> {e(report.orientation())}</p>",
             "<h2>Decisions</h2><ul>"]
    parts += [f"<li>{e(s)}</li>" for s in report.sentences()]
    parts.append("</ul>")
    if report.hierarchical is not None:
        parts += ["<h2>Over all data sets</h2>",
                  "<p class='note'>Share of posterior samples in which each outcome is the most "
                  "probable (as the papers report).</p>",
                  report.overall_table().to_html(float_format=fmt, border=0)]
    parts += ["<h2>Per data set</h2>",
              report.per_dataset_table().to_html(float_format=fmt, border=0)]
    problems = report.diagnostics()
    if problems:
        parts += ["<h2>Sampler warnings</h2><ul>"] + [f"<li>{e(p)}</li>" for p in problems]
        parts.append("</ul>")
    parts.append("<h2>Figures</h2>")
    for name, fig in report.figures().items():
        parts.append(f"<figure><img alt='{name}' src='data:image/png;base64,{_png(fig)}'>"
                     f"<figcaption>{e(FIGURE_CAPTIONS[name])}</figcaption></figure>")
    parts.append("<p class='note'>Made by bayestut "
                 f"{__version__}: Benavoli et al., JMLR 18(77), 2017; Corani et al., Machine "
                 "Learning 106, 2017.</p></body></html>")
    return "\n".join(parts)


def report_name(a: str, b: str) -> str:
    safe = lambda s: "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in s)  # noqa: E731
    return f"compare_{safe(a)}_vs_{safe(b)}.html"


def run_compare(args) -> Path:
    if len(args.names) != 2:
        return run_many(args)
    args.a, args.b = args.names
    report = compare(args.results, args.a, args.b, rope=args.rope,
                     lower_is_better=args.lower_is_better, score=args.score,
                     score_range=tuple(args.score_range), percent=args.percent,
                     threshold=args.threshold, seed=args.seed)
    print(report.summary())
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / report_name(args.a, args.b)
    path.write_text(html_report(report), encoding="utf-8")
    print(f"\nreport written to {path}")
    return path


def run_many(args) -> Path:
    """No names, or three or more: every pair and the ranking, in one report."""
    from .many import compare_all
    from .many_report import html_report as many_html

    if len(args.names) == 1:
        raise InputError(f"one classifier named ({args.names[0]!r}): name two to compare them, "
                         "or none or three or more to compare every pair")
    try:        # before the analysis, which takes a while: a bad folder must not waste it
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as problem:
        raise InputError(f"cannot use {str(args.out)!r} as the report folder ({problem.strerror}): "
                         "give --out a folder that can be created or written to")
    report = compare_all(args.results, args.names or None, rope=args.rope,
                         lower_is_better=args.lower_is_better, score=args.score,
                         score_range=tuple(args.score_range), percent=args.percent,
                         threshold=args.threshold, seed=args.seed)
    print(report.summary())
    path = args.out / f"compare_{len(report.classifiers)}_classifiers.html"
    path.write_text(many_html(report), encoding="utf-8")
    print(f"\nreport written to {path}")
    return path


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    try:
        run_compare(args)
    except InputError as problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    return 0
