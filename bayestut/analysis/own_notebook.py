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
from pathlib import Path

from ..errors import InputError
from ..notebook_runner import execute, scratch_folder
from ..paths import YOUR_RESULTS_NOTEBOOK as TEMPLATE
from .report_file import protect_input, write_report


# a folder that cannot take the notebook: full, over quota, read-only, file too large
FULL = (errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EFBIG)


def add_parser(sub) -> None:
    n = sub.add_parser(
        "notebook", formatter_class=argparse.RawDescriptionHelpFormatter,
        help="run the own-results notebook on RESULTS.csv; keep it executed, and as HTML",
        description=__doc__.split("\n\n")[1])
    n.add_argument("results", metavar="RESULTS.csv", help="your results, in any of the four "
                                                          "shapes of `compare --help`")
    n.add_argument("names", nargs="*", metavar="NAME",
                   help="the classifiers to compare (two, several; none: all)")
    n.add_argument("--score", default="score", metavar="COLUMN",
                   help="the column holding the metric in a tidy table (default: score)")
    n.add_argument("--score-range", nargs=2, type=float, default=(0.0, 1.0),
                   metavar=("LOW", "HIGH"),
                   help="the values the metric can take (default 0 1); inf for no bound, e.g. "
                        "--score-range 0 inf for log-loss, -inf 0 for scikit-learn's "
                        "neg_log_loss")
    n.add_argument("--percent", action="store_true",
                   help="the scores are percentages: divide them by 100")
    direction = n.add_mutually_exclusive_group()
    direction.add_argument("--lower-is-better", action="store_const", const=True, default=None,
                           help="the metric is an error or a loss (a column named like one "
                                "needs this or --higher-is-better)")
    direction.add_argument("--higher-is-better", action="store_const", const=False,
                           dest="lower_is_better", help="higher scores are better")
    n.add_argument("--rope", type=float, default=0.01, help="rope half-width (default 0.01)")
    n.add_argument("--threshold", type=float, default=0.95,
                   help="probability needed to declare a decision (default 0.95)")
    n.add_argument("--seed", type=int, default=0, help="Monte Carlo and MCMC seed (default 0)")
    n.add_argument("--plan", type=int, default=None, metavar="M",
                   help="two classifiers and no decision: add how likely a decision is with M "
                        "more data sets like these (about half a minute for 50 data sets; see "
                        "the plan command)")
    n.add_argument("--out", type=Path, default=Path("."), metavar="DIR",
                   help="folder for your_results.ipynb and your_results.html (default: here)")


def run(args, out: Path) -> Path:
    """Execute the notebook on the reader's file into the folder ``out`` (checked writable);
    return the executed notebook's path."""
    from ..data import read_results
    from .compare import metric_direction

    results = Path(args.results).resolve()
    executed = out / "your_results.ipynb"
    protect_input(args.results, [executed, executed.with_suffix(".html")])
    # bad input: exit 2 before any kernel starts
    metric_direction(args.score, args.lower_is_better)
    read_results(results, score=args.score, percent=args.percent,
                 score_range=tuple(args.score_range), classifiers=args.names or None)
    if args.plan is not None:
        from ..simulation.planning import check_counts

        check_counts(args.plan, "--plan 10")
        if len(args.names) != 2:
            raise InputError("--plan plans one pair: name the two classifiers after the file")
    try:
        import ipykernel  # noqa: F401  (the kernel papermill starts)
        import nbconvert
        import papermill
    except ImportError as missing:
        raise InputError(f"{missing.name} is not installed: the notebook command needs the "
                         f"notebooks extra; in the bayestut folder run pip install '.[notebooks]' "
                         f"(README step 1)")
    parameters = dict(results=str(results), classifiers=list(args.names) or None,
                      score=args.score, percent=args.percent,
                      score_range=list(args.score_range),
                      lower_is_better=args.lower_is_better, rope=args.rope,
                      threshold=args.threshold, seed=args.seed, plan=args.plan)
    # run in a scratch folder inside `out`, then renamed into place (as the report is): an
    # interrupted run leaves no half-written notebook, and a link planted at either name is
    # replaced, not followed out of the folder
    with scratch_folder(dir=out, prefix=".bayestut-") as scratch:
        partial = Path(scratch) / executed.name
        try:
            execute(TEMPLATE, partial, out, parameters)
            page, _ = nbconvert.HTMLExporter().from_filename(str(partial))
        except papermill.PapermillExecutionError as problem:
            if problem.ename == "InputError":        # the analysis refused an option: exit 2
                raise InputError(problem.evalue) from None
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
