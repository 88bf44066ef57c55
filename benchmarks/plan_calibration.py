"""Can the planner be trusted? Its predicted probability of a decision against the truth.

For a population whose truth is known, pilot studies of Q data sets are drawn from it, and
only the undecided ones kept (the planner sits under a "no decision"; a decided pilot is
drawn again, and the share drawn again is reported). On each pilot the planner
(:func:`bayestut.simulation.planning.plan_differences`, SIMS simulated studies) predicts the
probability that adding M data sets gives the hierarchical test a decision. Then M data sets
are drawn from the *true* population, EXTENSIONS times, and the test is rerun on pilot + new:
the share of those that decide is the pilot's observed frequency. Averaged over pilots, a
calibrated prediction equals the observed frequency; the table gives both with standard
errors over pilots, and their difference with its own.

Truths (rope 0.01, threshold 0.95; folds from MLJ §5's simulator, 10 runs x 10 folds):
- SBC-style, the truth drawn from a proper prior close to the engine's for every pilot:
  delta0 ~ U(-0.04, 0.04), sigma0 ~ U(0, 0.03), nu = 1 + Gamma(alpha, beta) with MLJ's
  alpha ~ U(1, 2), beta ~ U(0.01, 0.1); each data set's spread that of a bundled nbc - aode
  data set drawn at random (the planner's own rule). Where the truth is drawn as the model
  says, the prediction should be calibrated;
- fixed populations, the same for every pilot: MLJ §5 Figure 3's Cauchy(0.005, 0.0033) (heavy
  tails, near the rope's edge), and an easy one, 0.02 + 0.005 t_50 (beyond the rope).

Each finished pilot is appended to a cache outside the repository (resumable; delete it to
start again), and the table is written to benchmarks/plan_calibration.csv.

The committed table was measured when the planner drew its populations independently from the
posterior; it now draws them systematically (planning.pick_populations). Each draw is still
equally likely, so a prediction's expectation is unchanged; it was not measured again.

Run: .venv/bin/python benchmarks/plan_calibration.py [pilots per truth, default 24]
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
from bayestut.analysis.compare import oriented_differences
from bayestut.data import Differences
from bayestut.methods import hierarchical
from bayestut.methods.decisions import NO_DECISION, decide
from bayestut.simulation import crossval, planning, populations, runner

Q, M, SIMS, EXTENSIONS = 10, 20, 20, 3
ROPE, THRESHOLD = 0.01, 0.95
ATTEMPTS = 50                 # draws of a pilot until an undecided one
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "bayestut" / \
    f"plan_calibration_v3_q{Q}_m{M}_s{SIMS}_e{EXTENSIONS}.jsonl"
OUT = Path(__file__).with_name("plan_calibration.csv")
SBC = "SBC: truth from a proper prior close to the engine's"
HEAVY = "MLJ §5 Fig. 3: Cauchy(0.005, 0.0033), heavy tails"
EASY = "easy: 0.02 + 0.005 t_50"


def truths() -> dict:
    """Each truth as a function rng -> a function (rng, count) -> differences (count, 100):
    the outer call draws the population (the SBC row's prior), the inner its data sets."""
    sds = oriented_differences(bt.load_uci(), "nbc", "aode", False).x.std(axis=1, ddof=1)
    cauchy = populations.Cauchy(0.005, runner.CAUCHY_SCALE)

    def prior(rng):
        delta0, sigma0 = rng.uniform(-0.04, 0.04), rng.uniform(0.0, 0.03)
        nu = 1.0 + rng.gamma(rng.uniform(1.0, 2.0), 1.0 / rng.uniform(0.01, 0.1))
        return lambda r, n: planning.new_datasets(r, delta0, sigma0, nu, n, sds, 10, 10)

    return {
        SBC: prior,
        HEAVY: lambda rng: lambda r, n: crossval.simulate_differences(cauchy.sample(r, n), r),
        EASY: lambda rng: lambda r, n: crossval.simulate_differences(
            0.02 + 0.005 * r.standard_t(50, n), r),
    }


def decided(x) -> bool:
    fit = hierarchical.exact_fit(x, 10, rope=ROPE, draws=10, grids=planning.GRIDS)
    return decide(fit.probabilities, THRESHOLD) != NO_DECISION


def pilot(name: str, truth, number: int) -> dict:
    rng = np.random.default_rng([number, sum(map(ord, name))])
    for attempt in range(1, ATTEMPTS + 1):  # noqa: B007 (the count is reported)
        draw = truth(rng)
        x = draw(rng, Q)
        if not decided(x):
            break
    else:
        raise RuntimeError(f"{name}: no undecided pilot in {ATTEMPTS} draws")
    d = Differences(x=x, datasets=tuple(range(Q)), ids=tuple(range(Q)), a="a", b="b", folds=10)
    found = planning.plan_differences(d, (M,), rope=ROPE, threshold=THRESHOLD, sims=SIMS,
                                      seed=number, n_jobs=1, progress=False)
    observed = [decided(np.vstack([x, draw(rng, M)])) for _ in range(EXTENSIONS)]
    return dict(truth=name, pilot=number, attempts=attempt, refits=found.refits,
                predicted=float(found.decision.iloc[0]), observed=float(np.mean(observed)))


def main(pilots: int) -> None:
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; cache {CACHE}")
    known = truths()
    done = ([json.loads(line) for line in CACHE.read_text().splitlines() if line.strip()]
            if CACHE.exists() else [])
    held = {(r["truth"], r["pilot"]) for r in done}
    todo = [(n, p) for p in range(pilots) for n in known if (n, p) not in held]
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    jobs = (joblib.delayed(pilot)(n, known[n], p) for n, p in todo)
    with open(CACHE, "a") as cache:
        for record in joblib.Parallel(n_jobs=2, return_as="generator_unordered")(jobs):
            cache.write(json.dumps(record) + "\n")
            cache.flush()
            done.append(record)
    print(f"{len(todo)} pilots in {(time.perf_counter() - start) / 60:.1f} min")
    frame = pd.DataFrame([r for r in done if r["pilot"] < pilots])
    frame["difference"] = frame["predicted"] - frame["observed"]
    by = frame.groupby("truth", sort=False)
    table = by.agg(pilots=("pilot", "size"), redrawn=("attempts", lambda a: 1 - len(a) / a.sum()),
                   predicted=("predicted", "mean"), observed=("observed", "mean"),
                   difference=("difference", "mean"))
    # standard errors over pilots (each pilot's observed frequency is noisy too: its
    # EXTENSIONS extensions; the prediction's own SIMS studies)
    table.insert(3, "predicted se", by["predicted"].sem())
    table.insert(5, "observed se", by["observed"].sem())
    table["difference se"] = by["difference"].sem()
    table = table.loc[[n for n in known if n in table.index]]
    pd.set_option("display.width", 200)
    print(f"\nQ = {Q} undecided pilot data sets, +M = {M}; {SIMS} simulated studies per "
          f"prediction, {EXTENSIONS} true extensions per pilot\n")
    print(table.round(3).to_string())
    table.round(3).to_csv(OUT)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 24)
