"""What the prior check (`compare --prior-check`, bayestut.analysis.prior_check) adds to
`compare`'s time, which decided that it runs on demand rather than by default (it would add
more than ~30%).

Two commands, each run in this process through the command line's own entry point, without
and with --prior-check, REPEATS times each, in CPU seconds (the machine is shared: its load
inflates wall time; the exact engine runs in one thread here):
- the bundled results, hnb against nbc (54 data sets, 10 runs x 10 folds, accuracy in percent);
- the blog's study, knn against adaboost (5 data sets, AUC).
The median of each is printed, with the extra CPU time and its share of compare's own; and the
check's decision under each prior. The printed output of a run is kept in
benchmarks/prior_check_cost.txt.

Run: OMP_NUM_THREADS=1 .venv/bin/python benchmarks/prior_check_cost.py [repeats, default 3]
"""

from __future__ import annotations

import contextlib
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

from bayestut.analysis import cli  # noqa: E402
from bayestut.analysis.compare import compare  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data"
COMMANDS = {
    "bundled, hnb against nbc": [str(DATA / "uci_cv_accuracy.csv"), "hnb", "nbc",
                                 "--score", "accuracy_percent", "--percent"],
    "blog's study, knn against adaboost": [str(DATA / "blog_study_auc.csv"), "knn", "adaboost"],
}


def cpu_seconds(argv: list[str]) -> float:
    """CPU seconds of one `python -m bayestut compare ...` run in this process."""
    with tempfile.TemporaryDirectory() as out, contextlib.redirect_stdout(io.StringIO()):
        start = time.process_time()
        status = cli.main(["compare", *argv, "--out", out])
        used = time.process_time() - start
    assert status in (0, None), status
    return used


def main(repeats: int) -> None:
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; "
          f"median of {repeats} runs, CPU seconds")
    for name, argv in COMMANDS.items():
        without = statistics.median(cpu_seconds(argv) for _ in range(repeats))
        with_check = statistics.median(cpu_seconds([*argv, "--prior-check"])
                                       for _ in range(repeats))
        extra = with_check - without
        print(f"{name}: compare {without:.1f} s, with --prior-check {with_check:.1f} s: "
              f"+{extra:.1f} s, +{extra / without:.0%}")
        a, b = argv[1], argv[2]
        options = dict(score="accuracy_percent", percent=True) if "--percent" in argv else {}
        c = compare(argv[0], a, b, prior_check=True, **options)
        print(c.prior_check[["decision", "probability", "± probability"]].to_string())
        print()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
