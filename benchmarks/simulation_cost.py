"""What one repetition of the simulation study costs, and why the study samples as it does.

One repetition = simulate q data sets x 100 folds, fit the hierarchical model, run the
signed-rank test. Times it, after compilation, for q = 10 and q = 50 (Figure 3's setting,
delta0 = 0.005), with

1. the papers' sampling (4 chains x (1,000 warm-up + 1,000 draws) = 4,000 draws), one at a time;
2. the study's sampling (``simstudy.FitOptions``: 1 chain, 500 warm-up, 1,000 iterations, every
   second kept), one at a time;
3. the study's sampling with 2 worker threads (``simstudy.run``'s default on 2 cores),

and prints the projected time of the whole grid of ``simstudy.paper_grid()`` at 500 repetitions
per setting from the measured per-repetition costs (interpolated linearly in q).

Run: .venv/bin/python benchmarks/simulation_cost.py [repetitions per measurement, default 20]
"""

from __future__ import annotations

import sys
import tempfile
import time
import warnings


from bayestut import populations, simstudy
from bayestut.diagnostics import ConvergenceWarning

PAPER = simstudy.FitOptions(chains=4, warmup=1000, draws=1000, thin=1)
STUDY = simstudy.FitOptions()


def per_repetition(setting, options, reps, n_jobs, root_seed) -> float:
    """Wall seconds per repetition. Each measurement has its own root seed: httpstan would
    hand back a stored fit for a repeated one."""
    with tempfile.TemporaryDirectory() as cache:
        start = time.perf_counter()
        simstudy.run([setting], reps, options=options, n_jobs=n_jobs, cache_dir=cache,
                     progress=False, root_seed=root_seed)
        return (time.perf_counter() - start) / reps


def main(reps: int) -> None:
    warnings.simplefilter("ignore", ConvergenceWarning)
    population = populations.Cauchy(0.005, simstudy.CAUCHY_SCALE)
    simstudy.run([simstudy.Setting(population, 5)], 2, n_jobs=1, progress=False,
                 cache_dir=tempfile.mkdtemp())                 # compile and start Stan first
    costs = {}
    print(f"seconds per repetition ({reps} repetitions each)")
    for q in (10, 50):
        setting = simstudy.Setting(population, q)
        paper = per_repetition(setting, PAPER, max(reps // 4, 3), 1, root_seed=1)
        one = per_repetition(setting, STUDY, reps, 1, root_seed=2)
        two = per_repetition(setting, STUDY, reps, 2, root_seed=3)
        costs[q] = two
        print(f"q = {q:2d}: papers' 4 x 1,000 draws {paper:5.2f} s | study's sampling {one:5.2f} s "
              f"| with 2 threads {two:5.2f} s")
    slope = (costs[50] - costs[10]) / 40
    total = sum(500 * (costs[10] + slope * (s.q - 10))
                for settings in simstudy.paper_grid().values() for s in settings)
    print(f"projected paper-scale study (500 repetitions per setting, 2 threads): "
          f"{total / 3600:.1f} h")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
