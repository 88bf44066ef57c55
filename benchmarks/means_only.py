"""How long does a means-only table of 50 data sets x 10 classifiers take? (issue 21: <= 10 s)

A published-style table (one mean score per data set and classifier, wide) through
``compare_all``: the sign and signed-rank tests on all 45 pairs (50,000 Monte Carlo samples
each, the default) and the Plackett-Luce ranking (4 chains of 1,000 draws). The Stan program
is compiled before the clock starts (once per machine). Prints the wall time of the pairs and
of the whole call.

Run: python benchmarks/means_only.py
"""

import time

import numpy as np
import pandas as pd

from bayestut.analysis.many import compare_all
from bayestut.methods.ranking import plackett_luce


def table(datasets=50, classifiers=10, seed=0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    level = rng.uniform(0.6, 0.9, (datasets, 1))
    skill = np.linspace(0.0, 0.03, classifiers)[None, :]
    scores = np.clip(level + skill + rng.normal(0, 0.02, (datasets, classifiers)), 0, 1)
    wide = pd.DataFrame(scores, columns=[f"clf{k}" for k in range(classifiers)])
    return wide.assign(dataset=[f"set{i}" for i in range(datasets)])


if __name__ == "__main__":
    wide = table()
    plackett_luce(wide.drop(columns="dataset").iloc[:3], chains=1, warmup=20, draws=20)  # compile
    start = time.perf_counter()
    pairs_only = compare_all(wide, ranking=False, progress=False)
    middle = time.perf_counter()
    everything = compare_all(wide, progress=False)
    end = time.perf_counter()
    print(f"50 data sets x 10 classifiers, means only: {len(pairs_only.pairs)} pairs in "
          f"{middle - start:.1f} s; with the ranking {end - middle:.1f} s (goal: <= 10 s)")
    print(everything.verdict()[0])
