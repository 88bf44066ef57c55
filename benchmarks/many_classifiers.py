"""Time the whole many-classifier analysis: 5 classifiers x 54 data sets x 100 folds, report
included, after compilation.

`compare_all` on the bundled results (10 pairs, each with the correlated t-test per data set,
the signed-rank test with 50,000 samples and the hierarchical test with 4 chains x 1,000 draws
after 1,000 warm-up; pairs in parallel on all cores with joblib's threading backend), then the
Plackett-Luce ranking, then the HTML report. The issue's target: within 60 s on 2 cores.
The machine's load is printed too: the sampling time grows with it.

Run: .venv/bin/python benchmarks/many_classifiers.py
"""

from __future__ import annotations

import os
import time
import warnings

from bayestut.methods import hierarchical, ranking, stan
from bayestut.data import UCI_CLASSIFIERS, load_uci
from bayestut.analysis.many import compare_all, mean_scores
from bayestut.analysis.report import html_report


def main() -> None:
    table = load_uci()
    with warnings.catch_warnings():                 # compile both programs before timing
        warnings.simplefilter("ignore")
        hierarchical.compile_model()
        stan.compile(ranking.PROGRAM, ranking.ranking_data(mean_scores(table, UCI_CLASSIFIERS, False)))
    start = time.perf_counter()
    many = compare_all(table, progress=False)
    analysed = time.perf_counter()
    page = html_report(many)
    done = time.perf_counter()
    sampling = sum(c.hierarchical.fit.seconds["sample"] for c in many.pairs.values())
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, "
          f"Stan backend {stan.choose_backend()}")
    print(f"5 classifiers x 54 data sets, 10 pairs: analysis {analysed - start:.1f} s "
          f"(hierarchical sampling {sampling:.1f} s summed over pairs; ranking "
          f"{many.ranking.fit.seconds['sample']:.1f} s), report {done - analysed:.1f} s "
          f"({len(page) / 1e3:.0f} kB); total {done - start:.1f} s (target 60 s)")


if __name__ == "__main__":
    main()
