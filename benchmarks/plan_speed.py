"""How long `bt.plan` takes, and the Monte Carlo error its default number of studies buys.

The bundled results, nbc against aode (54 data sets, 10 runs x 10 folds), with the default
counts (5, 10, 20): STUDIES simulated studies in this process (n_jobs=1), timed in CPU
seconds (all threads) as well as wall seconds, since the machine is shared and its load
inflates the wall time. One simulated study = 3 hierarchical fits (exact engine) on 58, 63
and 73 data sets and 3 signed-rank tests. On 2 idle cores, `plan` runs 2 studies at a time,
so its wall time is about CPU seconds per study x sims / 2, plus the present fit and the
worker processes' start (a few seconds).

The default ``SIMS`` is the largest round number that keeps that under 2 minutes; a
probability's Monte Carlo standard error is then at most 0.5 / sqrt(SIMS).

Run: .venv/bin/python benchmarks/plan_speed.py [studies, default 10]
"""

from __future__ import annotations

import os
import sys
import time

import numpy as np

import bayestut as bt
from bayestut.simulation import planning
from bayestut.analysis.compare import oriented_differences
from bayestut.methods import hierarchical


def main(studies: int) -> None:
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    d = oriented_differences(bt.load_uci(), "nbc", "aode", False)
    start, cpu = time.perf_counter(), time.process_time()
    now = hierarchical.hierarchical_test(d, rope=0.01, seed=0, engine="exact")
    print(f"the present fit: {time.perf_counter() - start:.1f} s wall, "
          f"{time.process_time() - cpu:.1f} s CPU")
    draws = np.column_stack([now.delta0, now.sigma0, now.nu])
    start, cpu = time.perf_counter(), time.process_time()
    for s in range(studies):
        planning.simulate_study(s, 0, d.x, d.folds, draws, planning.ADD, 0.01, 0.95)
    wall = (time.perf_counter() - start) / studies
    per = (time.process_time() - cpu) / studies
    print(f"one simulated study (m = {planning.ADD}): {wall:.2f} s wall, {per:.2f} s CPU")
    for sims in (100, planning.SIMS, 500):
        print(f"sims = {sims}: about {per * sims / 2 / 60:.1f} min on 2 idle cores; "
              f"Monte Carlo error at most {0.5 / np.sqrt(sims):.3f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
