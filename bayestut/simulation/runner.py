"""Simulation studies of Corani et al. (MLJ 2017, §5): a grid of settings x repetitions.

One repetition of a setting draws q true deltas from the population (untruncated, as the
authors did), cross-validates the two simulated classifiers on each data set
(:mod:`bayestut.simulation.crossval`), fits the hierarchical model and runs the signed-rank
test on the q mean differences (R's ``wilcox.test(exact = FALSE)``). It records, per data set,
the true delta_i, the MLE x̄_i and the shrunk posterior mean of delta_i; per repetition, the
signed-rank p-value, both estimands of the hierarchical test (the posterior probabilities of
delta0 left of / in / right of the rope, which the authors' §5 recorded, and the next-data-set
shares and mean masses of MLJ §3.1), delta0's posterior mean and the fit's diagnostics
(divergences, tree-depth hits, worst R-hat, worst bulk ESS).

- Seeds: repetition r of a setting uses ``SeedSequence(root_seed, spawn_key=(setting, r))``,
  the r-th child that ``SeedSequence.spawn`` would give, so a result depends on neither the
  number of workers nor the order in which they finish.
- Parallel: repetitions run through joblib, on all cores by default, with any joblib backend.
  The default is ``"threading"``: PyStan already samples in its own worker processes, and it
  starts them by forking, which deadlocks inside joblib's ``"loky"`` worker processes. With
  cmdstanpy any backend works; ``"dask"`` runs on a Dask cluster (see docs/simulations.md).
- Cache: each finished repetition is appended as one JSON line to
  ``data/simulations/<setting>__seed<root>__<version>.jsonl``, where the version hashes the
  Stan program, the simulator and the fit settings. A run resumes where it stopped and a
  finished repetition is never recomputed; a changed model gets a new file.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sys
import time
import warnings
from dataclasses import asdict, dataclass
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from ..methods import exact_grid, exact_likelihood, hierarchical, stan
from ..methods.hierarchical import start_stan
from ..methods.diagnostics import ConvergenceWarning
from ..methods.frequentist import wilcoxon_signed_rank
from ..paths import REPO
from . import crossval, populations

CACHE = REPO / "data" / "simulations"     # repository-only: not shipped in the wheel
ROPE = 0.01
ROOT_SEED = 2017
SIMULATOR_VERSION = 2      # bump when crossval, populations or the recorded fields change


@dataclass(frozen=True)
class FitOptions:
    """How each repetition's hierarchical model is sampled (the papers: 4 chains, 4,000 draws).
    Two chains, so that R-hat means something, and 1,000 kept draws, so that a share near 0.95
    is not decided by Monte Carlo noise (its standard error is then 0.007 for independent draws,
    about 0.013 at an effective sample size of 300)."""

    chains: int = 2
    warmup: int = 500
    draws: int = 1000
    thin: int = 2          # 500 kept per chain: saving a draw costs PyStan more than making it
    hyperprior: str = "mlj"
    # every delta_i non-centred: in these simulations sigma0 is at most the size of the
    # standard error of x̄_i, where the centred form makes a funnel and divergences
    non_centred: bool = True


@dataclass(frozen=True)
class ExactOptions:
    """Each repetition's posterior by integration instead (``engine="exact"``, no sampling,
    the same digits on every machine). Grids coarser than ``compare``'s default: at these
    sizes the numerical error, recorded per repetition, is 0.001 in the median (at most 0.018
    over the paper's grid), far below the sampling error of any summary over repetitions, and
    a repetition of q = 50 takes 0.17 s of wall time with two workers on two cores."""

    hyperprior: str = "mlj"
    fine: tuple = (13, 11, 13)
    check: tuple = (11, 9, 11)
    engine = "exact"


@dataclass(frozen=True)
class Setting:
    """One cell of a simulation grid: q data sets drawn from ``population``."""

    population: populations.Population
    q: int
    n_instances: int = crossval.N_INSTANCES
    theta_star: float = crossval.THETA_STAR

    @property
    def key(self) -> str:
        extra = "" if self.n_instances == crossval.N_INSTANCES else f"-N{self.n_instances}"
        return f"{self.population.key}-q{self.q}{extra}"


# bump when hierarchical_exact changes what it computes (2: a pilot's range can grow back, and
# nu's prior tails are added only beyond T_LOW and T_HIGH; 3: the pilot zooms in again after;
# 4: a grid end that misses T_LOW or T_HIGH by a rounding error still gets the tails)
EXACT_VERSION = 4


def version(options) -> str:
    """Hash of everything a cached repetition depends on besides its setting and seed: the
    Stan program and the sampler's settings, or the exact engine's version and grids."""
    model: list | str
    if isinstance(options, ExactOptions):
        model = ["exact", EXACT_VERSION, exact_likelihood.GAUSS, exact_grid.PILOT,
                 exact_grid.PILOT_ROUNDS, exact_grid.PILOT_ROUNDS_MAX, exact_grid.SETTLE]
    else:
        model = stan.program_text(hierarchical.PROGRAM)
    text = json.dumps([model, SIMULATOR_VERSION, asdict(options), ROPE, crossval.RUNS,
                       crossval.FOLDS])
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def _setting_number(setting: Setting) -> int:
    return int(hashlib.sha256(setting.key.encode()).hexdigest()[:15], 16)


def seed_sequence(setting: Setting, rep: int, root_seed: int) -> np.random.SeedSequence:
    return np.random.SeedSequence(root_seed, spawn_key=(_setting_number(setting), rep))


def _rounded(values) -> list:
    """Seven significant digits: far below the Monte Carlo error, a third of the file size."""
    return [float(f"{v:.7g}") for v in np.atleast_1d(values)]


def run_repetition(setting: Setting, rep: int, root_seed: int,
                   options: FitOptions | ExactOptions) -> dict:
    """One repetition of ``setting``: simulate, fit, test; a JSON-ready record."""
    seeds = seed_sequence(setting, rep, root_seed)
    rng = np.random.default_rng(seeds)
    start = time.perf_counter()
    deltas = setting.population.sample(rng, setting.q)
    x = crossval.simulate_differences(deltas, rng, n_instances=setting.n_instances,
                                      theta_star=setting.theta_star)
    seed = int(seeds.generate_state(1)[0] % 2**31)
    xbar = x.mean(axis=1)
    common = dict(rep=rep, delta=_rounded(deltas), xbar=_rounded(xbar),
                  p_signed_rank=_rounded(wilcoxon_signed_rank(xbar))[0])
    if isinstance(options, ExactOptions):
        fit = hierarchical.exact_fit(x, crossval.FOLDS, rope=ROPE, hyperprior=options.hyperprior,
                                     seed=seed, grids=(options.fine, options.check))
        return dict(
            common, shrunk=_rounded(fit.per_dataset()["posterior mean delta_i"]),
            P_delta0=_rounded(fit._delta0_probabilities), P_next=_rounded(fit._probabilities),
            mean_masses=_rounded(fit._new_data_set), delta0_mean=_rounded(fit.delta0_mean)[0],
            numerical_error=_rounded(fit.diagnostics.error)[0],
            seconds=round(time.perf_counter() - start, 3))
    sampled = hierarchical.hierarchical_test(
        x, folds=crossval.FOLDS, rope=ROPE, hyperprior=options.hyperprior, seed=seed,
        chains=options.chains, warmup=options.warmup, draws=options.draws, thin=options.thin,
        non_centred=options.non_centred, adapt_delta=0.8, progress=False, engine="stan")
    diag = sampled.diagnostics
    return dict(
        common, shrunk=_rounded(sampled.delta.mean(axis=0)),
        P_delta0=_rounded(sampled._delta0_probabilities),
        P_next=_rounded(sampled._probabilities), mean_masses=_rounded(sampled._new_data_set),
        delta0_mean=_rounded(sampled.delta0.mean())[0],
        divergences=int(diag.divergences), treedepth_hits=int(diag.max_treedepth_hits),
        max_rhat=_rounded(diag.max_rhat)[0], min_ess_bulk=_rounded(diag.min_ess_bulk)[0],
        seconds=round(time.perf_counter() - start, 3))


# --- the cache ------------------------------------------------------------------------------

def cache_path(setting: Setting, root_seed: int, options: FitOptions | ExactOptions,
               cache_dir: Path = CACHE) -> Path:
    return Path(cache_dir) / f"{setting.key}__seed{root_seed}__{version(options)}.jsonl"


def read_cache(path: Path) -> dict:
    """Finished repetitions by number. A last line cut short by an interruption is ignored
    (it is recomputed)."""
    done = {}
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            done[record["rep"]] = record
    return done


def _append(path: Path, record: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+b") as handle:
        # after an interruption mid-line, start a fresh line rather than extend the torn one
        torn = False
        if handle.seek(0, 2) > 0:
            handle.seek(-1, 2)
            torn = handle.read(1) != b"\n"
        handle.write((b"\n" if torn else b"") + json.dumps(record, separators=(",", ":")).encode()
                     + b"\n")


# --- the runner -----------------------------------------------------------------------------

def run(settings, repetitions: int, *, root_seed: int = ROOT_SEED,
        options: FitOptions | ExactOptions = FitOptions(), n_jobs: int = -1,
        backend: str | None = None, cache_dir: Path = CACHE, progress: bool = True,
        stop_at: float | None = None) -> dict:
    """Run every setting to ``repetitions`` repetitions, reusing the cache; returns
    {setting key: [records in repetition order]}.

    ``stop_at`` (a ``time.time()``): no repetition starts after it, the ones running finish and
    are cached, and the records returned are those held, possibly fewer than asked. The cache is
    then whole, ready to commit, which killing the run does not guarantee.

    ``backend``: joblib's; by default "threading" for Stan (started first, from this thread:
    see :func:`start_stan`) and "loky" (processes) for the exact engine, which is pure NumPy.
    """
    exact = isinstance(options, ExactOptions)
    backend = backend or ("loky" if exact else "threading")
    settings = list(settings)
    paths = {s.key: cache_path(s, root_seed, options, cache_dir) for s in settings}
    done = {s.key: read_cache(paths[s.key]) for s in settings}
    todo = [(s, r) for s in settings for r in range(repetitions) if r not in done[s.key]]
    if todo and not _past(stop_at):
        if not exact:
            start_stan(min(joblib.effective_n_jobs(n_jobs), os.cpu_count() or 1))
        jobs = (joblib.delayed(_keyed)(s, r, root_seed, options, stop_at) for s, r in todo)
        bar = tqdm(total=len(todo), disable=not progress, unit="rep", smoothing=0.05,
                   desc=f"{len(todo)} repetitions to run")
        # warning filters are process-wide, so set them here, not in the worker threads:
        # convergence problems are recorded per repetition instead
        with warnings.catch_warnings(), joblib.parallel_config(backend=backend, n_jobs=n_jobs):
            warnings.simplefilter("ignore", ConvergenceWarning)
            warnings.simplefilter("ignore", UserWarning)
            for key, record in joblib.Parallel(return_as="generator_unordered")(jobs):
                if record is None:                  # not started: past stop_at
                    continue
                _append(paths[key], record)
                done[key][record["rep"]] = record
                bar.update()
        bar.close()
    return {s.key: [done[s.key][r] for r in range(repetitions) if r in done[s.key]]
            for s in settings}


def _past(stop_at: float | None) -> bool:
    return stop_at is not None and time.time() >= stop_at



def load(settings, repetitions: int, *, root_seed: int = ROOT_SEED,
         options: FitOptions = FitOptions(), cache_dir: Path = CACHE,
         partial: bool = False) -> dict:
    """Repetitions 0 .. ``repetitions`` - 1 of each setting from the cache, computing nothing.
    An error names any setting that has fewer and the command that runs them; with
    ``partial=True`` whatever the cache holds of them is returned instead (maybe nothing)."""
    results, short = {}, []
    for s in settings:
        done = read_cache(cache_path(s, root_seed, options, cache_dir))
        results[s.key] = [done[r] for r in range(repetitions) if r in done]
        if len(results[s.key]) < repetitions:
            short.append(f"{s.key} ({len(results[s.key])})")
    if short and not partial:
        raise FileNotFoundError(
            f"the cache in {cache_dir} holds fewer than {repetitions} repetitions of: "
            + ", ".join(short) + ". Run them with `python -m bayestut.simulation.runner "
            f"{repetitions}` (or `make simulations`)")
    return results


def _keyed(setting: Setting, rep: int, root_seed: int, options: FitOptions,
           stop_at: float | None = None):
    if _past(stop_at):
        return setting.key, None
    return setting.key, run_repetition(setting, rep, root_seed, options)


# --- tidy tables ----------------------------------------------------------------------------

def per_dataset(results: dict) -> pd.DataFrame:
    """One row per (setting, repetition, data set): true delta_i, x̄_i, shrunk estimate."""
    rows = [pd.DataFrame({"setting": key, "rep": rec["rep"], "dataset": np.arange(len(rec["delta"])),
                          "delta": rec["delta"], "xbar": rec["xbar"], "shrunk": rec["shrunk"]})
            for key, records in results.items() for rec in records]
    return pd.concat(rows, ignore_index=True)


REGIONS = ("left", "rope", "right")
DIAGNOSTICS = ("divergences", "treedepth_hits", "max_rhat", "min_ess_bulk", "numerical_error")


def per_repetition(results: dict) -> pd.DataFrame:
    """One row per (setting, repetition): signed-rank p-value; the means of the true delta_i
    and of the x̄_i; delta0's probabilities
    ``delta0_left/rope/right`` and posterior mean; the next-data-set shares
    ``next_left/rope/right`` and mean masses ``mass_left/rope/right``; the squared errors of
    the MLE and of the shrinkage estimator (mean over data sets); how many delta_i fell
    outside the simulator's range; the sampler's diagnostics or the exact engine's numerical
    error (NaN where the engine has none)."""
    rows = []
    for key, records in results.items():
        for rec in records:
            delta, xbar, shrunk = (np.asarray(rec[k]) for k in ("delta", "xbar", "shrunk"))
            row = dict(setting=key, rep=rec["rep"], q=len(delta),
                       p_signed_rank=rec["p_signed_rank"], delta0_mean=rec["delta0_mean"],
                       mean_delta=delta.mean(), mean_xbar=xbar.mean())
            for name, values in (("delta0", rec["P_delta0"]), ("next", rec["P_next"]),
                                 ("mass", rec["mean_masses"])):
                row.update({f"{name}_{r}": v for r, v in zip(REGIONS, values)})
            row.update(
                mse_mle=np.mean((xbar - delta) ** 2), mse_shrinkage=np.mean((shrunk - delta) ** 2),
                outside=int(crossval.outside_range(delta).sum()), seconds=rec["seconds"])
            # the sampler's diagnostics, or the exact engine's numerical error
            row.update({k: rec.get(k, np.nan) for k in DIAGNOSTICS})
            rows.append(row)
    return pd.DataFrame(rows)


# --- the paper's grid -----------------------------------------------------------------------

MIXTURE = populations.Mixture(sd=0.01)           # the authors' R code
MIXTURE_TEXT = populations.Mixture(sd=0.001)     # the paper's text
CAUCHY_SCALE = ROPE * 2 / 6                      # "1/6 of the rope length"
Q_TABLE_1 = (5, 10, 20, 30, 40, 50)
Q_TEXT = (10, 20, 30, 40, 50)


def paper_grid() -> dict:
    """Every setting of Corani et al. §5, by experiment, the most-cited first."""
    return {
        "fig2 (delta0 = 0)": [Setting(populations.Cauchy(0.0, CAUCHY_SCALE), q) for q in Q_TEXT],
        "fig3 (delta0 = 0.005)": [Setting(populations.Cauchy(0.005, CAUCHY_SCALE), q)
                                  for q in Q_TEXT],
        "fig4 (q = 50)": [Setting(populations.Cauchy(d, 0.01), 50) for d in (0.01, 0.02, 0.03)],
        "table1 mixture": [Setting(MIXTURE, q) for q in Q_TABLE_1],
        "table1 gaussian": [Setting(populations.matched_gaussian(MIXTURE), q) for q in Q_TABLE_1],
        # the text's component sd, at the q values Table 1 prints
        "table1 mixture, sd of the text": [Setting(MIXTURE_TEXT, q) for q in (5, 10, 50)],
    }


def variants() -> dict:
    """Settings outside the paper's grid that test its §5.4 medians (notebook 07): Figure 4's
    delta0 = 0.01 with the delta_i kept where the simulator realises them (theta_2 in
    [0.5, 1]: delta_i in [-0.1, 0.4]), drawn again outside."""
    return {"fig4 truncated": [Setting(populations.Truncated(populations.Cauchy(0.01, 0.01),
                                                             -0.1, 0.4), 50)]}


def schedule() -> list:
    """The grid in the order to run it: first the settings the scorecards read (Figures 2-3 at
    every q, Figure 4 at delta0 = 0.01, Table 1 at the printed q), then the rest."""
    grid = paper_grid()
    first = (grid["fig2 (delta0 = 0)"] + grid["fig3 (delta0 = 0.005)"] + grid["fig4 (q = 50)"][:1]
             + [s for name in ("table1 mixture", "table1 gaussian") for s in grid[name]
                if s.q in (5, 10, 50)])
    rest = [s for settings in grid.values() for s in settings if s not in first]
    return first + rest


RUN_LOG = "runs.jsonl"      # beside the cache: one line per run of main(), what it added


def experiments() -> dict:
    """The paper's grid and the variants, by experiment."""
    return {**paper_grid(), **variants()}


def held(root_seed: int = ROOT_SEED, options: FitOptions | ExactOptions = FitOptions(),
         cache_dir: Path = CACHE) -> int:
    """Repetitions of the paper's grid and the variants that the cache holds."""
    return sum(len(read_cache(cache_path(s, root_seed, options, cache_dir)))
               for settings in experiments().values() for s in settings)


def log_run(entry: dict, cache_dir: Path = CACHE) -> None:
    path = Path(cache_dir) / RUN_LOG
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as handle:
        handle.write(json.dumps(entry, ensure_ascii=False) + "\n")


MANIFEST_TEXT = (
    "Each repetition: the population untruncated as the authors drew it (but for the variant "
    "named `in-0.1_0.4`, which draws again outside that range), the simulator run on where "
    "theta_2 leaves [0.5, 1], the signed-rank test with R's `wilcox.test(exact = FALSE)` conventions, both "
    "estimands of the hierarchical test (delta0's probabilities, and the next-data-set shares and "
    "mean masses), delta0's posterior mean, every delta_i's MLE and posterior mean, and the "
    "fit's diagnostics (Stan) or numerical error (exact engine). `python -m "
    "bayestut.simulation.runner 500 [--engine exact]` adds what is missing, resuming where the "
    "last run stopped; it writes this file and the run log `runs.jsonl`.")


def _how(options) -> str:
    if isinstance(options, ExactOptions):
        return (f"the posterior integrated (engine exact, version {EXACT_VERSION}): grids "
                f"{options.fine} and {options.check} in (sigma0, nu, delta0); no draws.")
    return (f"{options.chains} chains x {options.draws} iterations after {options.warmup} "
            f"warm-up, thinned by {options.thin}: "
            f"{options.chains * -(-options.draws // options.thin)} draws per repetition.")


def manifest_name(options) -> str:
    return "MANIFEST-exact.md" if isinstance(options, ExactOptions) else "MANIFEST.md"


def write_manifest(*, root_seed: int = ROOT_SEED,
                   options: FitOptions | ExactOptions = FitOptions(),
                   cache_dir: Path = CACHE) -> Path:
    """``MANIFEST.md`` (``MANIFEST-exact.md`` for the exact engine) beside the cache: the runs
    that made it (from ``runs.jsonl``), how each repetition was computed and what the cache
    holds, per setting."""
    log = Path(cache_dir) / RUN_LOG
    engine = getattr(options, "engine", "stan")
    runs = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    runs = [r for r in runs if r.get("engine", "stan") == engine]
    lines = ["# Simulation cache" + (" (exact engine)" if engine == "exact" else ""), "",
             MANIFEST_TEXT, "",
             f"Root seed {root_seed}; model version {version(options)}; options "
             f"{asdict(options)}: {_how(options)}", "",
             "## Runs", "",
             "| started (UTC) | minutes | repetitions added | backend | workers | machine "
             "| note |", "|---|---|---|---|---|---|---|"]
    lines += [f"| {r['started']} | {r['minutes']:.0f} | {r['added']:,} | {r['backend']} "
              f"| {r['workers']} | {r['machine']} | {r.get('note', '')} |" for r in runs]
    lines += ["", f"## What it holds: {held(root_seed, options, cache_dir):,} repetitions", "",
              "| experiment | setting | repetitions | mean s per repetition (per worker) |",
              "|---|---|---|---|"]
    for name, settings in experiments().items():
        for s in settings:
            done = read_cache(cache_path(s, root_seed, options, cache_dir))
            seconds = np.mean([r["seconds"] for r in done.values()]) if done else float("nan")
            lines.append(f"| {name} | {s.key} | {len(done)} | {seconds:.2f} |")
    path = Path(cache_dir) / manifest_name(options)
    path.write_text("\n".join(lines) + "\n")
    return path


def main(argv=None) -> None:
    """`python -m bayestut.simulation.runner [repetitions]`: run the paper's grid into the
    cache, in steps of repetitions (50, 100, 250, then all) so that every setting gets some early,
    the scorecards' settings first. Logs the run and rewrites the manifest at the end."""
    import argparse
    import platform
    from datetime import datetime, timezone

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("repetitions", type=int, nargs="?", default=500)
    parser.add_argument("--jobs", type=int, default=-1)
    parser.add_argument("--only", nargs="*", default=None,
                        help="experiments whose name starts with one of these (e.g. fig2 table1);"
                             " 'fig4 truncated' is a variant, run only when named")
    parser.add_argument("--engine", choices=("stan", "exact"), default="stan",
                        help="sample each posterior with Stan (the papers' method) or integrate "
                             "it (hierarchical_exact: 3-5 times faster, no Stan needed)")
    parser.add_argument("--q", nargs="*", type=int, default=None, help="only these q")
    parser.add_argument("--minutes", type=float, default=None,
                        help="start no repetition after this many minutes; the running ones "
                             "finish, so the cache is left whole (to commit, or to resume)")
    args = parser.parse_args(argv)
    options = ExactOptions() if args.engine == "exact" else FitOptions()
    chosen = [s for name, settings in experiments().items() for s in settings
              if (args.only and any(name.startswith(o) for o in args.only))
              or (not args.only and name in paper_grid())]
    order = schedule() + [s for settings in variants().values() for s in settings]
    settings = [s for s in order if s in chosen and (not args.q or s.q in args.q)]
    if args.repetitions < 1:   # nothing to run, yet a run would be logged as done
        parser.error(f"repetitions must be at least 1, not {args.repetitions}")
    if args.jobs == 0:
        parser.error("--jobs 0 runs nothing: give a number of workers, or -1 for every core")
    if args.minutes is not None and not args.minutes > 0:
        parser.error(f"--minutes must be more than 0, not {args.minutes:g}")
    if not settings:     # a mistyped --only or --q must not pass for a finished run
        parser.error(f"no setting matches --only {args.only} and --q {args.q}; experiments: "
                     + ", ".join(experiments()))
    started, before = datetime.now(timezone.utc), held(options=options)
    stop_at = None if args.minutes is None else time.time() + 60 * args.minutes
    # a kill stops the run as Ctrl-C does: what finished is in the cache, and the run is logged
    previous = signal.signal(signal.SIGTERM, _interrupt)
    interrupted = False
    try:
        for step in sorted({min(r, args.repetitions) for r in (50, 100, 250, args.repetitions)}):
            if _past(stop_at):
                print(f"stopped after {args.minutes:g} minutes; run again to continue", flush=True)
                break
            print(f"every setting to {step} repetitions", flush=True)
            run(settings, step, options=options, n_jobs=args.jobs, stop_at=stop_at)
    except KeyboardInterrupt:
        interrupted = True
        print("\ninterrupted: every finished repetition is in the cache; run again to continue",
              flush=True)
    finally:
        signal.signal(signal.SIGTERM, previous)
    minutes = (datetime.now(timezone.utc) - started).total_seconds() / 60
    log_run(dict(started=started.strftime("%Y-%m-%d %H:%M"), minutes=round(minutes, 1),
                 added=held(options=options) - before, engine=args.engine,
                 backend="numpy" if args.engine == "exact" else stan.choose_backend(),
                 workers=joblib.effective_n_jobs(args.jobs),
                 machine=f"{os.cpu_count()} cores, {platform.machine()}",
                 note=f"`runner {' '.join(sys.argv[1:] if argv is None else argv)}`"
                      + (" (interrupted)" if interrupted else "")))
    print(f"{'stopped' if interrupted else 'done'} in {minutes:.1f} min; "
          f"{write_manifest(options=options)}", flush=True)
    if interrupted:
        sys.exit(130)


def _interrupt(signum, frame):
    raise KeyboardInterrupt


if __name__ == "__main__":
    main()
