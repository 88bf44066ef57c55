"""What one repetition of the simulation study costs, before and after issue 12.

One repetition = simulate q data sets x 100 folds, fit the hierarchical model, run the
signed-rank test. Times it, after compilation, for q = 10 and q = 50 (Figure 3's setting,
delta0 = 0.005), with

1. the papers' sampling (4 chains x (1,000 warm-up + 1,000 draws) = 4,000 draws);
2. before: one chain, 500 warm-up, 1,000 iterations, every second kept (500 draws);
3. after (``runner.FitOptions()``): two chains sampled in one call, 500 warm-up, 1,000
   iterations each, every second kept (1,000 draws), so that R-hat can be computed;
4. the same with 2 worker threads (``runner.run``'s default on 2 cores),

and prints the projected time of the whole grid of ``runner.paper_grid()`` at 500 repetitions
per setting from the measured per-repetition costs (interpolated linearly in q).

Run: .venv/bin/python benchmarks/simulation_cost.py [repetitions per measurement, default 20]

Reusing the step size and metric adapted on a setting's first repetition, with a 150-iteration
warm-up, was measured in ``benchmarks/adaptation_reuse.py`` (cmdstanpy, 30 repetitions of
Figure 3's setting, 2026-11-22): it cuts the CmdStan CPU time per fit to a third at q = 50 and
a half at q = 10, but the fits are not sound (at q = 10, 14 of 30 diverge and two give
delta0 probabilities 6-8 Monte Carlo standard errors off; at q = 50 R-hat reaches 1.35-1.5 in
sigma0 and the outlying data sets' delta_raw[i]). Reusing only the metric is sound at q = 10
alone and saves 22% there. The runner keeps its own adaptation.
"""

from __future__ import annotations

import sys
import tempfile
import time
import warnings

from bayestut.methods.diagnostics import ConvergenceWarning
from bayestut.simulation import populations, runner

PAPER = runner.FitOptions(chains=4, warmup=1000, draws=1000, thin=1)
BEFORE = runner.FitOptions(chains=1)
AFTER = runner.FitOptions()


def per_repetition(setting, options, reps, n_jobs, root_seed) -> float:
    """Wall seconds per repetition. Each measurement has its own root seed: httpstan would
    hand back a stored fit for a repeated one."""
    with tempfile.TemporaryDirectory() as cache:
        start = time.perf_counter()
        runner.run([setting], reps, options=options, n_jobs=n_jobs, cache_dir=cache,
                   progress=False, root_seed=root_seed)
        return (time.perf_counter() - start) / reps


def main(reps: int) -> None:
    warnings.simplefilter("ignore", ConvergenceWarning)
    population = populations.Cauchy(0.005, runner.CAUCHY_SCALE)
    runner.run([runner.Setting(population, 5)], 2, n_jobs=1, progress=False,
               cache_dir=tempfile.mkdtemp())                 # compile and start Stan first
    costs = {}
    print(f"seconds per repetition ({reps} repetitions each)")
    for q in (10, 50):
        setting = runner.Setting(population, q)
        paper = per_repetition(setting, PAPER, max(reps // 4, 3), 1, root_seed=1)
        before = per_repetition(setting, BEFORE, reps, 1, root_seed=2)
        after = per_repetition(setting, AFTER, reps, 1, root_seed=3)
        two = per_repetition(setting, AFTER, reps, 2, root_seed=4)
        costs[q] = two
        print(f"q = {q:2d}: papers' 4 x 1,000 draws {paper:5.2f} s | before (1 chain, 500 draws) "
              f"{before:5.2f} s | after (2 chains, 1,000 draws) {after:5.2f} s "
              f"| after, 2 threads {two:5.2f} s")
    slope = (costs[50] - costs[10]) / 40
    total = sum(500 * (costs[10] + slope * (s.q - 10))
                for settings in runner.paper_grid().values() for s in settings)
    print(f"projected paper-scale study (500 repetitions per setting, 2 threads): "
          f"{total / 3600:.1f} h")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
