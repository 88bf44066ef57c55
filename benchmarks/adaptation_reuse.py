"""Does reusing one repetition's adapted step size and metric make the simulation cheaper
without changing the posterior? (issue 12, item 4)

For Figure 3's setting (Cauchy population, delta0 = 0.005) at q = 50 and q = 10, with each
repetition's data made exactly as ``runner.run_repetition`` makes them (same seeds, same
simulator, same Stan data, initial values and sampler seed as ``hierarchical_test``), sampled
through cmdstanpy (PyStan cannot be given a metric):

0. repetition 0 with the runner's sampling (2 chains, 500 warm-up iterations with adaptation,
   1,000 iterations thinned by 2); its per-chain adapted step size and diagonal inverse metric
   are kept;
1. repetitions 1..reps, each four times:
   (a) the runner's sampling, adapting afresh;
   (b) full reuse: no adaptation (``adapt_engaged=False``), chain c runs with chain c's step
       size and metric from repetition 0 after 150 warm-up iterations that only move the
       chains from their initial values; then the same 1,000 iterations thinned by 2;
   (c) the metric reused, the step size tuned afresh by dual averaging in the 150 warm-up
       iterations;
   (d) the control: nothing reused, 150 warm-up iterations with Stan's usual adaptation.

Printed per fit and per variant: wall seconds; CPU seconds of the CmdStan processes
(``getrusage(RUSAGE_CHILDREN)`` deltas, the fairer measure on a machine others load); mean
leapfrog steps per kept iteration; divergences; worst R-hat over the model's variables; the
step sizes; P(delta0 < -rope), P(|delta0| <= rope), P(delta0 > rope) with z, the largest of
|P - P of (a)| / sqrt(mcse^2 + mcse of (a)^2) over the three, about |N(0, 1)| when both fits
sample the posterior well; and the spread of (a)'s adapted step sizes over a setting's
repetitions. Any fixed step size and metric leave the posterior invariant; what reuse can
break is mixing, and that is what the divergences, R-hat and z show.

Run: CMDSTAN=/its/folder python benchmarks/adaptation_reuse.py [reps, default 10]
(CMDSTAN defaults to ~/.cache/bayestut/cmdstan-2.35.0, where ``make test-cmdstan`` builds it.)

Result (2026-11-22, 30 repetitions, CmdStan 2.35, 2 cores shared with other jobs: load average
4.8 rising to 10.7, so wall times are inflated and the CPU seconds are the comparison). Means
per fit; "R-hat > 1.05" counts fits (2 chains of 500 kept draws, so 1.01 would flag noise):

                         CPU s  wall s  leapfrog/it  fits diverging  R-hat > 1.05  z > 3
                                                         (total)         (worst)       (max z)
    q = 50 (a) runner     2.11   4.33     36.1        12 (211)         2 (1.064)
           (b) full reuse 0.69   1.43     18.2         4 (238)        14 (1.347)    0 (2.1)
           (c) metric     0.92   1.93     25.5         0 (0)          12 (1.513)    0 (2.3)
           (d) short w-u  1.49   3.02     24.4         1 (2)           5 (1.099)    0 (2.0)
    q = 10 (a) runner     0.46   1.17     17.4         4 (99)          0 (1.044)
           (b) full reuse 0.23   0.62     13.4        14 (2299)        7 (1.532)    2 (7.7)
           (c) metric     0.36   0.97     21.7         6 (6)           0 (1.025)    0 (3.0)
           (d) short w-u  0.40   1.05     19.5         6 (13)          0 (1.042)    1 (3.3)

Adapted step sizes of (a) over repetitions 0..30, both chains: 0.021 to 0.366 (median 0.156)
at q = 50, 0.070 to 0.387 (median 0.282) at q = 10; repetition 0's were 0.27/0.31 and
0.28/0.35: above most repetitions' at q = 50, near the median and above it at q = 10.

So reuse saves time (CPU per fit: (b) a third of (a) at q = 50, a half at q = 10) but does
not keep the fits sound. Full reuse (b) fails at q = 10: 14 of 30 fits diverge, up to 524 of
1,000 draws, and two give delta0 probabilities 6.4 and 7.7 Monte Carlo standard errors from
(a)'s. At q = 50 both reuse variants leave sigma0 and one or two delta_raw[i] unmixed (R-hat
up to 1.5). Looked at on repetitions 8, 25 and 27: those delta_raw[i] belong to the
repetition's most outlying data sets (x̄_i 4.5 to 18 robust sds from the median), which the
Cauchy population puts at other indices in every repetition, so a per-index metric cannot
carry over; and sigma0's (unconstrained) inverse metric, 0.09-0.14 on repetition 0, was
0.16-0.53 there. (c) is sound only at q = 10, where it saves 22% of the CPU, little more
than the shorter warm-up alone (d, 13%). Averaged over the repetitions, every variant's
P(|delta0| <= rope) agrees with (a)'s (mean differences -0.005 to +0.002, each within 1.2 of
its standard error), but a simulation that keeps every fit cannot rely on fits with R-hat at
1.5. Keep the runner's adaptation.
Note also that (a) itself diverges in 12 of 30 fits at q = 50 (up to 53 of 1,000 draws).

"""

from __future__ import annotations

import os
import resource
import sys
import time
from pathlib import Path

import numpy as np

os.environ.setdefault("CMDSTAN", str(Path.home() / ".cache" / "bayestut" / "cmdstan-2.35.0"))

from bayestut.methods import hierarchical, stan  # noqa: E402
from bayestut.methods.diagnostics import mcse_mean, rhat  # noqa: E402
from bayestut.simulation import crossval, populations, runner  # noqa: E402

OPTIONS = runner.FitOptions()
SHORT_WARMUP = 150


def stan_input(setting, rep):
    """Stan data, initial values and sampler seed of ``run_repetition(setting, rep)``."""
    seeds = runner.seed_sequence(setting, rep, runner.ROOT_SEED)
    rng = np.random.default_rng(seeds)
    deltas = setting.population.sample(rng, setting.q)
    x = crossval.simulate_differences(deltas, rng, n_instances=setting.n_instances,
                                      theta_star=setting.theta_star)
    seed = int(seeds.generate_state(1)[0] % 2**31)
    rng = np.random.default_rng(seed)            # as hierarchical_test does
    prepared = hierarchical.prepare(x, crossval.FOLDS, runner.ROPE,
                                    hierarchical.HYPERPRIORS[OPTIONS.hyperprior], "hierarchical",
                                    OPTIONS.non_centred, rng)
    inits = hierarchical.initial_values(prepared, OPTIONS.chains, rng)
    return prepared, inits, stan.shifted_seed(seed)


def fit(model, prepared, inits, seed, **adaptation) -> dict:
    chains = OPTIONS.chains
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    f = model.sample(data=stan._plain(prepared.stan_data), seed=seed, chains=chains,
                     parallel_chains=chains, iter_sampling=OPTIONS.draws, thin=OPTIONS.thin,
                     inits=[stan._plain(i) for i in inits], max_treedepth=stan.MAX_TREEDEPTH,
                     show_progress=False, show_console=False, **adaptation)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    draws = np.moveaxis(f.draws(), 1, 0)          # (chains, kept, columns)
    column = {name: i for i, name in enumerate(f.column_names)}
    params = [i for name, i in column.items() if not name.endswith("__")]
    delta0 = draws[:, :, column["delta0"]]
    regions = np.stack([delta0 < -prepared.rope, np.abs(delta0) <= prepared.rope,
                        delta0 > prepared.rope], axis=-1)
    return dict(wall=wall, cpu=after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime,
                leapfrog=draws[:, :, column["n_leapfrog__"]].mean(),
                divergences=int(draws[:, :, column["divergent__"]].sum()),
                rhat=float(np.nanmax(rhat(draws[:, :, params]))),
                P=regions.mean(axis=(0, 1)), mcse=mcse_mean(regions.astype(float)),
                step_size=f.step_size, inv_metric=f.inv_metric)


def z_score(a: dict, b: dict) -> float:
    """Largest |difference| of the three delta0 probabilities in Monte Carlo standard errors."""
    with np.errstate(invalid="ignore", divide="ignore"):   # 0/0 where no draw is in a region
        z = np.abs(b["P"] - a["P"]) / np.sqrt(a["mcse"] ** 2 + b["mcse"] ** 2)
    return float(np.max(np.nan_to_num(z)))


def study(model, setting, reps: int) -> None:
    first = fit(model, *stan_input(setting, 0), iter_warmup=OPTIONS.warmup)
    step = list(first["step_size"])
    metric = [{"inv_metric": m.tolist()} for m in first["inv_metric"]]
    variants = {
        "a": dict(iter_warmup=OPTIONS.warmup),
        "b": dict(iter_warmup=SHORT_WARMUP, adapt_engaged=False, step_size=step, inv_metric=metric),
        # the metric kept, the step size dual-averaged through the short warm-up: with all three
        # windows 0 no metric window ever closes (init_buffer = warm-up, window = 0 instead
        # closes an empty window at the last warm-up iteration and spoils the metric; CmdStan 2.35)
        "c": dict(iter_warmup=SHORT_WARMUP, step_size=step, inv_metric=metric,
                  adapt_init_phase=0, adapt_metric_window=0, adapt_step_size=0),
        # the control: nothing reused, the same short warm-up with Stan's usual adaptation
        "d": dict(iter_warmup=SHORT_WARMUP),
    }
    print(f"\n{setting.key}; repetition 0's step sizes {np.round(step, 3)}")
    print("rep | wall s | CPU s | leapfrog | div | R-hat | step sizes  | P(left, rope, right) | z")
    fits = {v: [] for v in variants}
    for rep in range(1, reps + 1):
        data = stan_input(setting, rep)
        for v, adaptation in variants.items():
            f = fit(model, *data, **adaptation)
            f["z"] = z_score(fits["a"][-1], f) if v != "a" else 0.0
            fits[v].append(f)
            print(f"{rep:2d}{v} | {f['wall']:6.2f} | {f['cpu']:5.2f} | {f['leapfrog']:8.1f} | "
                  f"{f['divergences']:3d} | {f['rhat']:5.3f} | {np.round(f['step_size'], 3)} | "
                  f"{np.round(f['P'], 3)} | {f['z']:.1f}")
    print("variant: mean wall s, mean CPU s, mean leapfrog | fits with divergences (total) | "
          "fits with R-hat > 1.05 (worst) | fits with z > 3 (largest z) | P(rope) minus (a)'s")
    for v, fs in fits.items():
        value = {k: np.array([f[k] for f in fs]) for k in ("wall", "cpu", "leapfrog",
                                                           "divergences", "rhat", "z")}
        shift = np.array([f["P"][1] - a["P"][1] for f, a in zip(fs, fits["a"])])
        print(f"({v}): {value['wall'].mean():5.2f} {value['cpu'].mean():5.2f} "
              f"{value['leapfrog'].mean():5.1f} | {np.sum(value['divergences'] > 0)} "
              f"({value['divergences'].sum()}) | {np.sum(value['rhat'] > 1.05)} "
              f"({value['rhat'].max():.3f}) | {np.sum(value['z'] > 3)} ({value['z'].max():.1f}) | "
              f"{shift.mean():+.4f} ± {shift.std(ddof=1) / np.sqrt(len(shift)):.4f}")
    adapted = np.array([first["step_size"]] + [f["step_size"] for f in fits["a"]])
    print(f"adapted step sizes over repetitions 0..{reps}, both chains: min {adapted.min():.3f}, "
          f"median {np.median(adapted):.3f}, max {adapted.max():.3f}")


def main(reps: int) -> None:
    model = stan._cmdstan_model(hierarchical.PROGRAM)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for q in (50, 10):
        study(model, runner.Setting(populations.Cauchy(0.005, runner.CAUCHY_SCALE), q), reps)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
