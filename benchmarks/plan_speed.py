"""How long `bt.plan` takes, before (every simulated study refitted) and after (the present
grid reweighted), and whether the two agree.

1. Time. The bundled results, nbc against aode (54 data sets, 10 runs x 10 folds), default
   counts (5, 10, 20): STUDIES simulated studies in this process (n_jobs=1) each way, in CPU
   seconds (the machine is shared: its load inflates wall time). On 2 idle cores, `plan` runs
   2 studies at a time, so its wall time is about the present fit plus CPU seconds per study
   x sims / 2 (and a few seconds for the workers' start). Then the same for 1,000 data sets
   (drawn like the bundled ones from their posterior medians), after only: the present fit
   and grids grow with the data sets, a study does not.
2. Agreement. For AGREE studies, the shortcut's next-data-set shares against a full refit at
   the exact engine's default grids (whose own numerical error is about 0.001), on the 54
   data sets and on a pilot of their first 10: the largest difference, and the decisions
   (threshold 0.95) that differ. Written to benchmarks/plan_agreement.csv (the printed
   output of a run is kept in benchmarks/plan_speed.txt).

Run: .venv/bin/python benchmarks/plan_speed.py [studies, default 10] [agreement studies, 20]
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

import bayestut as bt
from bayestut.analysis.compare import oriented_differences
from bayestut.data import Differences
from bayestut.methods import hierarchical
from bayestut.methods import hierarchical_exact as he
from bayestut.methods.decisions import decide
from bayestut.simulation import planning, reweighting

ROPE, THRESHOLD = 0.01, 0.95
OUT = Path(__file__).with_name("plan_agreement.csv")


def cpu(f):
    start = time.process_time()
    out = f()
    return out, time.process_time() - start


def per_study(d, studies: int, reweight: bool) -> tuple[float, float, int]:
    """The present fit's CPU seconds (with the grids), one study's, and the refits."""
    now, fit = cpu(lambda: hierarchical.hierarchical_test(d, rope=ROPE, seed=0, engine="exact"))
    present, grids = cpu(lambda: reweighting.present(now, planning.GRIDS) if reweight else None)
    refits = 0
    start = time.process_time()
    for s in range(studies):
        draw = (now.delta0[s], now.sigma0[s], now.nu[s])
        refits += planning.simulate_study(s, s, 0, d.x, d.folds, draw, planning.ADD, ROPE,
                                          THRESHOLD, present)[3]
    return fit + grids, (time.process_time() - start) / studies, refits


def timing(studies: int) -> None:
    d = oriented_differences(bt.load_uci(), "nbc", "aode", False)
    for label, reweight in (("before: every study refitted", False),
                            ("after: the present grid reweighted", True)):
        fit, per, refits = per_study(d, studies if reweight else max(2, studies // 3), reweight)
        total = fit + per * planning.SIMS / 2
        print(f"54 data sets, {label}: present {fit:.1f} s CPU, one study (m = "
              f"{planning.ADD}) {per:.2f} s CPU ({refits} counts refitted); "
              f"sims = {planning.SIMS}: about {total:.0f} s on 2 idle cores")
    # 1,000 data sets like the bundled ones
    now = hierarchical.hierarchical_test(d, rope=ROPE, seed=0, engine="exact")
    top = [float(np.median(v)) for v in (now.delta0, now.sigma0, now.nu)]
    x = planning.new_datasets(np.random.default_rng(0), *top, 1000, d.x.std(axis=1, ddof=1),
                              10, 10)
    big = Differences(x=x, datasets=tuple(range(1000)), ids=tuple(range(1000)), a="a", b="b",
                      folds=10)
    fit, per, refits = per_study(big, max(2, studies // 2), True)
    print(f"1,000 data sets, after: present {fit:.1f} s CPU, one study {per:.2f} s CPU "
          f"({refits} counts refitted); sims = {planning.SIMS}: about "
          f"{(fit + per * planning.SIMS / 2) / 60:.1f} min on 2 idle cores "
          f"(before: 35 s + 71 s per study, about 70 min, issue 40's audit)")


def agreement(studies: int) -> pd.DataFrame:
    table = bt.load_uci()
    rows = []
    for q in (54, 10):
        part = table[table["dataset"].isin(table["dataset"].unique()[:q])]
        d = oriented_differences(part, "nbc", "aode", False)
        now = hierarchical.hierarchical_test(d, rope=ROPE, seed=0, engine="exact")
        present = reweighting.present(now, planning.GRIDS)
        for s in range(studies):
            rng = np.random.default_rng(s)
            i = rng.integers(len(now.delta0))
            extra = planning.new_datasets(rng, now.delta0[i], now.sigma0[i], now.nu[i],
                                          max(planning.ADD), d.x.std(axis=1, ddof=1), 10, 10)
            fast = reweighting.shares_after(present, extra, planning.ADD, rng)
            for m, f in zip(planning.ADD, fast):
                full = hierarchical.exact_fit(np.vstack([d.x, extra[:m]]), 10, rope=ROPE,
                                              draws=10, grids=(he.FINE, he.CHECK))._probabilities
                rows.append(dict(q=q, study=s, m=m, refit=f is None,
                                 difference=np.nan if f is None else np.abs(f - full).max(),
                                 same_decision=f is None or
                                 decide(f, THRESHOLD) == decide(full, THRESHOLD)))
    frame = pd.DataFrame(rows)
    summary = frame.groupby(["q", "m"]).agg(
        studies=("study", "size"), checks_failed=("refit", "sum"),
        largest_difference=("difference", "max"), median_difference=("difference", "median"),
        decisions_differing=("same_decision", lambda s: int((~s).sum())))
    return summary


def main(studies: int, agree: int) -> None:
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    timing(studies)
    summary = agreement(agree)
    print("\nthe shortcut against a full refit (default grids), per present data sets q and "
          "count m:\n" + summary.to_string())
    summary.to_csv(OUT)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10,
         int(sys.argv[2]) if len(sys.argv) > 2 else 20)
