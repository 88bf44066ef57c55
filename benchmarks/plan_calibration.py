"""Can the planner be trusted? Its predicted probability of a decision against the truth.

For a population whose truth is known, many pilot studies of Q data sets are drawn from it.
On each pilot, the planner (:func:`bayestut.analysis.plan.plan_differences`, SIMS simulated
studies) predicts the probability that adding M data sets gives the hierarchical test a
decision. Then M data sets are drawn from the *true* population, EXTENSIONS times, and the
test is rerun on pilot + new: the share of those that decide is the pilot's observed
frequency. Calibrated means: averaged over pilots, predicted = observed (and likewise within
bins of the prediction).

Populations (rope 0.01, threshold 0.95):
- MLJ §5 Figures 2 and 3's: delta_i ~ Cauchy(0 or 0.005, 0.02/6), folds from the authors'
  simulator (500 instances, 10 runs x 10 folds);
- the bundled nbc - aode results' posterior taken as truth: (delta0, sigma0, nu) at their
  posterior medians over the 54 data sets, new data sets as the planner makes them (MLJ §5's
  simulator, spread of a bundled data set drawn at random).

Each finished pilot is appended to a cache outside the repository (resumable; delete it to
start again), and the table is written to benchmarks/plan_calibration.csv.

Run: .venv/bin/python benchmarks/plan_calibration.py [pilots per population, default 8]
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import joblib
import numpy as np
import pandas as pd

import bayestut as bt
from bayestut.simulation import planning
from bayestut.analysis.compare import oriented_differences
from bayestut.data import Differences
from bayestut.methods import hierarchical
from bayestut.methods.decisions import NO_DECISION, decide
from bayestut.simulation import crossval, populations, runner

Q, M, SIMS, EXTENSIONS = 10, 20, 10, 3
ROPE, THRESHOLD = 0.01, 0.95
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "bayestut" / \
    f"plan_calibration_v2_q{Q}_m{M}_s{SIMS}_e{EXTENSIONS}.jsonl"
OUT = Path(__file__).with_name("plan_calibration.csv")


def truths() -> dict:
    """Each population as a function (rng, count) -> differences (count, 100)."""
    cauchy = populations.Cauchy(0.005, runner.CAUCHY_SCALE)
    null = populations.Cauchy(0.0, runner.CAUCHY_SCALE)
    uci = oriented_differences(bt.load_uci(), "nbc", "aode", False)
    fit = hierarchical.hierarchical_test(uci, rope=ROPE, engine="exact")
    top = [float(np.median(v)) for v in (fit.delta0, fit.sigma0, fit.nu)]
    sds, bound = uci.x.std(axis=1, ddof=1), np.abs(uci.x).max()
    return {
        "MLJ §5 Fig. 2: Cauchy(0, 0.0033)":
            lambda rng, n: crossval.simulate_differences(null.sample(rng, n), rng),
        "MLJ §5 Fig. 3: Cauchy(0.005, 0.0033)":
            lambda rng, n: crossval.simulate_differences(cauchy.sample(rng, n), rng),
        "nbc - aode posterior (54 data sets), medians "
        f"delta0 {top[0]:.4f}, sigma0 {top[1]:.4f}, nu {top[2]:.1f}":
            lambda rng, n: planning.new_datasets(rng, *top, n, sds, 10, 10, bound),
    }


def decided(x) -> bool:
    fit = hierarchical.exact_fit(x, 10, rope=ROPE, draws=10, grids=planning.GRIDS)
    return decide(fit.probabilities, THRESHOLD) != NO_DECISION


def pilot(name: str, draw, number: int) -> dict:
    rng = np.random.default_rng([number, sum(map(ord, name))])
    x = draw(rng, Q)
    d = Differences(x=x, datasets=tuple(range(Q)), ids=tuple(range(Q)), a="a", b="b", folds=10)
    found = planning.plan_differences(d, (M,), rope=ROPE, threshold=THRESHOLD, sims=SIMS,
                                      seed=number, n_jobs=1)
    observed = [decided(np.vstack([x, draw(rng, M)])) for _ in range(EXTENSIONS)]
    return dict(population=name, pilot=number, predicted=float(found.decision.iloc[0]),
                observed=float(np.mean(observed)), now=bool(decided(x)))


def main(pilots: int) -> None:
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; cache {CACHE}")
    populations_ = truths()
    done = ([json.loads(line) for line in CACHE.read_text().splitlines() if line.strip()]
            if CACHE.exists() else [])
    held = {(r["population"], r["pilot"]) for r in done}
    todo = [(n, p) for p in range(pilots) for n in populations_ if (n, p) not in held]
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    jobs = (joblib.delayed(pilot)(n, populations_[n], p) for n, p in todo)
    with open(CACHE, "a") as cache:
        for record in joblib.Parallel(n_jobs=-1, return_as="generator_unordered")(jobs):
            cache.write(json.dumps(record) + "\n")
            cache.flush()
            done.append(record)
    print(f"{len(todo)} pilots in {(time.perf_counter() - start) / 60:.1f} min")
    frame = pd.DataFrame([r for r in done if r["pilot"] < pilots])
    table = frame.groupby("population").agg(
        pilots=("pilot", "size"), decided_now=("now", "mean"),
        predicted=("predicted", "mean"), observed=("observed", "mean"))
    # the observed mean's standard error over pilots (each pilot's own frequency is noisy too)
    table["observed ± se"] = frame.groupby("population")["observed"].sem()
    table["predicted ± se"] = frame.groupby("population")["predicted"].sem()
    frame["bin"] = pd.cut(frame["predicted"], [-0.01, 0.2, 0.5, 0.8, 1.0])
    bins = frame.groupby(["population", "bin"], observed=True).agg(
        pilots=("pilot", "size"), predicted=("predicted", "mean"), observed=("observed", "mean"))
    pd.set_option("display.width", 200)
    print(f"\nQ = {Q} pilot data sets, +M = {M}; {SIMS} simulated studies per prediction, "
          f"{EXTENSIONS} true extensions per pilot\n")
    print(table.round(3).to_string())
    print("\nby predicted probability:\n" + bins.round(3).to_string())
    table.round(3).to_csv(OUT)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 8)
