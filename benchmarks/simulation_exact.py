"""How long `make simulations` takes on the exact engine: the paper's grid, 14,000 repetitions.

One repetition = simulate q data sets x 100 folds, integrate the hierarchical posterior
(``runner.ExactOptions()``: no sampling), run the signed-rank test. For q in 5 ... 50 (Figure
3's population), runs REPETITIONS repetitions with ``runner.run`` as `make simulations` does
(all cores, joblib's loky processes) into a scratch cache, and takes the wall time per
repetition. Projects the whole grid of ``runner.paper_grid()`` at 500 repetitions per setting
(interpolated linearly in q), and the Figure 4 reruns at 2,000 (the issue's target: the grid
in at most 30 minutes on 2 cores). Print the machine's load with it: every time grows with it.

Run: .venv/bin/python benchmarks/simulation_exact.py [repetitions per q, default 40]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

import numpy as np

from bayestut.simulation import populations, runner

Q = (5, 10, 20, 30, 40, 50)


def main(repetitions: int) -> None:
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    options = runner.ExactOptions()
    population = populations.Cauchy(0.005, runner.CAUCHY_SCALE)
    with tempfile.TemporaryDirectory() as cache:        # start the worker processes
        runner.run([runner.Setting(population, 5)], 2, options=options, progress=False,
                   cache_dir=cache)
    seconds = {}
    for q in Q:
        with tempfile.TemporaryDirectory() as cache:
            start = time.perf_counter()
            runner.run([runner.Setting(population, q)], repetitions, options=options,
                       progress=False, cache_dir=cache)
            seconds[q] = (time.perf_counter() - start) / repetitions
        print(f"q = {q:2d}: {seconds[q]:.3f} s per repetition (wall, all workers)", flush=True)
    per = lambda q: float(np.interp(q, list(seconds), list(seconds.values())))
    grid = [s for settings in runner.paper_grid().values() for s in settings]
    minutes = sum(500 * per(s.q) for s in grid) / 60
    fig4 = sum(2000 * per(s.q) for s in runner.paper_grid()["fig4 (q = 50)"]
               + runner.variants()["fig4 truncated"]) / 60
    print(f"the paper's grid, {len(grid)} settings x 500: {minutes:.0f} minutes (target: 30); "
          f"Figure 4's reruns and the variant at 2,000: {fig4:.0f} minutes")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
