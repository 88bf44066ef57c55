"""Time the hierarchical test's exact engine against Stan, on one machine in one run.

1. One pair of the 54 bundled data sets x 100 folds (nbc vs aode): hierarchical_test with
   engine="exact", and with Stan (4 chains x 1,000 draws after 1,000 warm-up, the papers'
   4,000; compiled beforehand, so the compile is not counted), best of REPEATS each.
2. All 10 pairs of the 5 bundled classifiers: compare_all (every test, the ranking skipped)
   with each engine.
3. 12 classifiers x 20 data sets x 10 runs of 10-fold cross-validation (simulated scores),
   all 66 pairs and the HTML report: compare_all with the exact engine (Stan with --stan-12).
4. Many data sets, one pair, exact engine: 300 and 2,000 simulated data sets x 10 folds.

The machine's cores and load are printed: every time grows with the load.

Run: .venv/bin/python benchmarks/hierarchical_exact.py [--stan-12]
"""

from __future__ import annotations

import argparse
import os
import time
import warnings

import numpy as np
import pandas as pd

from bayestut.analysis.many import compare_all
from bayestut.analysis.report import html_report
from bayestut.data import load_uci
from bayestut.methods import hierarchical, stan

REPEATS = 3


def timed(fn, repeats=1):
    best, value = np.inf, None
    for _ in range(repeats):
        start = time.perf_counter()
        value = fn()
        best = min(best, time.perf_counter() - start)
    return value, best


def simulated(classifiers=12, datasets=20, runs=10, folds=10, seed=0) -> pd.DataFrame:
    """Accuracies: a classifier effect, a data-set effect, their interaction and fold noise."""
    rng = np.random.default_rng(seed)
    skill = rng.normal(0, 0.02, classifiers)
    level = rng.uniform(0.6, 0.95, datasets)
    inter = rng.normal(0, 0.01, (datasets, classifiers))
    rows = []
    for d in range(datasets):
        for c in range(classifiers):
            scores = np.clip(level[d] + skill[c] + inter[d, c]
                             + rng.normal(0, 0.03, runs * folds), 0, 1)
            rows += [(f"d{d + 1}", f"c{c + 1}", i // folds + 1, i % folds + 1, s)
                     for i, s in enumerate(scores)]
    return pd.DataFrame(rows, columns=["dataset", "classifier", "run", "fold", "score"])


def main(stan_12: bool) -> None:
    warnings.simplefilter("ignore")
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, Stan backend "
          f"{stan.choose_backend()}")
    table = load_uci()
    hierarchical.compile_model()
    hierarchical.hierarchical_test(table, "nbc", "aode", warmup=5, draws=5, progress=False,
                                   engine="stan")

    exact, t_exact = timed(lambda: hierarchical.hierarchical_test(table, "nbc", "aode",
                                                                   engine="exact"), REPEATS)
    mcmc, t_stan = timed(lambda: hierarchical.hierarchical_test(   # as measured: Stan at 0.8
        table, "nbc", "aode", progress=False, engine="stan", adapt_delta=0.8, non_centred="auto"),
        REPEATS)
    print(f"1. nbc vs aode, 54 x 100, best of {REPEATS}: exact {t_exact:.2f} s, Stan "
          f"{t_stan:.2f} s ({t_stan / t_exact:.1f} times); shares exact "
          f"{np.round(exact._probabilities, 4)} ± {np.round(exact._probabilities_mcse, 4)}, Stan "
          f"{np.round(mcmc._probabilities, 4)} ± {np.round(mcmc._probabilities_mcse, 4)}")

    for engine in ("exact", "stan"):
        _, seconds = timed(lambda: compare_all(table, engine=engine, ranking=False,
                                               progress=False))
        print(f"2. 10 pairs of 5 classifiers, 54 x 100, compare_all (engine={engine}): "
              f"{seconds:.1f} s")

    twelve = simulated()
    for engine in ("exact", "stan") if stan_12 else ("exact",):
        start = time.perf_counter()
        many = compare_all(twelve, engine=engine, ranking=False, progress=False)
        analysed = time.perf_counter()
        html_report(many)
        done = time.perf_counter()
        print(f"3. 12 classifiers x 20 data sets x 100, 66 pairs (engine={engine}): analysis "
              f"{analysed - start:.1f} s, report {done - analysed:.1f} s, total "
              f"{done - start:.1f} s")

    for q in (300, 2000):
        rng = np.random.default_rng(q)
        x = rng.normal(5e-4, 1e-3, (q, 10)) + rng.normal(0, 5e-4, (q, 1))
        _, seconds = timed(lambda: hierarchical.hierarchical_test(x, folds=10, rope=5e-4,
                                                                   engine="exact"))
        print(f"4. {q} data sets x 10 folds, one pair (engine=exact): {seconds:.1f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stan-12", action="store_true",
                        help="also time Stan on the 66 pairs (minutes)")
    main(parser.parse_args().stan_12)
