"""What the model check (`Comparison.model_check`, bayestut.analysis.model_check) costs on
first use, and where: the exact engine draws every data set's delta_i and sigma_i on first use
(they serve only some plots and this check, whose replicated means need each draw's sigma_i);
the check itself then draws 4000 new sets of data sets and counts.

Two fits of the exact engine, each timed REPEATS times in CPU seconds (the machine is shared:
its load inflates wall time; run in one thread):
- the bundled results, hnb against nbc (54 data sets, 10 runs x 10 folds, accuracy);
- the blog's study, knn against adaboost (5 data sets, AUC).
For each, the median of: the data sets' draws (the first read of ``result.sigma``, cleared
before each repeat), the check given them, and both (first use). The printed output of a run
is kept in benchmarks/model_check_cost.txt.

Run: OMP_NUM_THREADS=1 .venv/bin/python benchmarks/model_check_cost.py [repeats, default 5]
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

from bayestut.analysis.compare import compare
from bayestut.analysis.model_check import model_check

DATA = Path(__file__).resolve().parents[1] / "data"
CASES = {
    "bundled, hnb against nbc (54 data sets)": (DATA / "uci_cv_accuracy.csv", "hnb", "nbc",
                                                dict(score="accuracy_percent", percent=True)),
    "blog's study, knn against adaboost (5 data sets)": (DATA / "blog_study_auc.csv", "knn",
                                                          "adaboost", {}),
}


def seconds(f) -> float:
    """CPU seconds of one call of f."""
    start = time.process_time()
    f()
    return time.process_time() - start


def forget_draws(h) -> None:
    """Clear the exact result's data-set draws, so that the next read draws them again (the
    same seed: the same numbers)."""
    h.__dict__["delta"] = h.__dict__["sigma"] = None


def main(repeats: int) -> None:
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; "
          f"median of {repeats} runs, CPU seconds, one thread")
    for name, (path, a, b, options) in CASES.items():
        h = compare(path, a, b, **options).hierarchical
        draws, check, first = [], [], []
        for _ in range(repeats):
            forget_draws(h)
            draws.append(seconds(lambda: h.sigma))
            check.append(seconds(lambda: model_check(h)))
            forget_draws(h)
            first.append(seconds(lambda: model_check(h)))
        shares = ", ".join(f"{k} {v:.3f}" for k, v in model_check(h).shares.items())
        print(f"{name}: first use {statistics.median(first):.2f} s = the data sets' draws "
              f"{statistics.median(draws):.2f} s + the check {statistics.median(check):.3f} s; "
              f"shares: {shares}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
