"""How many more data sets? Simulated extensions of a study, from its posterior (the planner's
engine; :func:`bayestut.analysis.plan.plan` is its public face).

Kruschke's recipe (*Doing Bayesian Data Analysis*, 2nd ed., ch. 13) on the hierarchical test:
draw the population (delta0, sigma0, nu) from the present posterior, simulate the data sets
an extended study would add, rerun the test on the present data plus the new, and count how
often each outcome is declared. MLJ §5 drew power curves for fixed populations with the same
machinery (:mod:`bayestut.simulation`); here the population is what the present data say.

One simulation:

- one posterior draw of (delta0, sigma0, nu) (the exact engine's independent draws);
- ``max(add)`` new true differences delta_i from that draw's Student t (drawn again beyond
  the present data's largest fold difference, the bound of delta0's prior); the first m of
  them are the m new data sets (the counts are nested, so their curves share the noise);
- each new data set's folds from MLJ §5's cross-validation simulator
  (:func:`bayestut.simulation.crossval.simulate_differences`, the same runs x folds as the
  present data): its folds are correlated as cross-validation correlates them. The
  simulator's noise is then rescaled around delta_i so that the data set's fold-level spread
  (the sample sd of its differences) is that of a present data set drawn at random. Why that
  way: the model gives each data set its own sigma_i with a flat prior, and no population
  for them, so the present data sets are the only description of how noisy a new one is
  (with every fold observed, each one's sd is well pinned down);
- the hierarchical test (exact engine, the simulation runner's grids) on the present data
  plus the first m new data sets, decided at the threshold; and the signed-rank test on the
  same data sets' means, for comparison.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..errors import InputError
from ..methods import hierarchical
from ..methods.decisions import NO_DECISION, REGIONS, decide_regions, outcomes, shown
from ..methods.nonparametric import signed_rank_test
from . import crossval
from .runner import ExactOptions

ADD = (5, 10, 20)
# benchmarks/plan_speed.py: one simulated study of the bundled 54 data sets with the counts
# (5, 10, 20) takes 1.9 CPU seconds, so 120 take about 2 minutes on 2 cores; a probability's
# Monte Carlo error is then at most 0.5 / sqrt(120) = 0.046
SIMS = 120
TARGET = 0.8                  # the probability of a decision that a plan aims for
SIGNED_RANK_SAMPLES = 5_000   # per simulated study: a share's Monte Carlo error ~ 0.003
GRIDS = (ExactOptions.fine, ExactOptions.check)
ATTEMPTS = 5                  # draws of one simulated study before its failure is reported


def check_counts(add, option: str = "add=(5, 10, 20), --add 5 10 20") -> tuple[int, ...]:
    counts = np.atleast_1d(np.asarray(add, dtype=object))
    good = [isinstance(m, (int, np.integer)) and not isinstance(m, bool) and m >= 1
            for m in counts]
    if counts.size == 0 or not all(good):
        raise InputError(f"the numbers of data sets to add must be whole numbers of at least 1 "
                         f"({option}), got {list(counts)}")
    if max(counts) > 500:
        raise InputError(f"adding {max(counts)} data sets is beyond what the planner simulates "
                         "(at most 500)")
    return tuple(sorted({int(m) for m in counts}))


def check_sims(sims) -> int:
    if not isinstance(sims, (int, np.integer)) or isinstance(sims, bool) or sims < 1:
        raise InputError(f"sims, the number of simulated studies, must be a whole number of at "
                         f"least 1 (sims=120, --sims 120), got {sims!r}")
    return int(sims)


def _study_rng(seed: int, sim: int, attempt: int = 0) -> np.random.Generator:
    # one stream per simulation, whatever the number of workers or the order they finish in
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(sim, attempt)))


def new_datasets(rng, delta0, sigma0, nu, count: int, sds, runs: int, folds: int,
                 bound: float = 1.0) -> np.ndarray:
    """``count`` new data sets' differences (count, runs * folds) from one population draw,
    their true mean differences within ±``bound``."""
    def draw(size):
        return delta0 + sigma0 * (rng.standard_t(nu, size) if np.isfinite(nu)
                                  else rng.standard_normal(size))

    # the far tails of a Student population with few degrees of freedom are drawn again:
    # beyond ±1 no difference of two scores in [0, 1] lies (and the folds are clipped there)
    deltas = draw(count)
    while (outside := np.abs(deltas) >= bound).any():
        deltas[outside] = draw(int(outside.sum()))
    x = crossval.simulate_differences(deltas, rng, runs=runs, folds=folds)
    noise = x - crossval.realised_delta(deltas)[:, None]
    spread = np.maximum(x.std(axis=1, ddof=1), 1e-12)
    target = rng.choice(sds, count)
    return np.clip(deltas[:, None] + noise * (target / spread)[:, None], -1.0, 1.0)


def simulate_study(sim: int, seed: int, x, folds: int, draws, counts, rope: float,
                   threshold: float) -> tuple[int, list[int], list[int]]:
    """One simulated extension: for each count m, the hierarchical and the signed-rank test's
    outcome (0 left, 1 rope, 2 right, 3 no decision).

    New data sets' true mean differences stay within the largest fold difference of the
    present data (the bound of delta0's prior in the model). A study on which the exact
    engine's integration fails (an extreme new data set, rare) is drawn again, from the next
    stream of the same seed."""
    for attempt in range(ATTEMPTS):
        rng = _study_rng(seed, sim, attempt)
        delta0, sigma0, nu = draws[rng.integers(len(draws))]
        extra = new_datasets(rng, delta0, sigma0, nu, max(counts), x.std(axis=1, ddof=1),
                             x.shape[1] // folds, folds, bound=np.abs(x).max())
        fits = [hierarchical.exact_fit(np.vstack([x, extra[:m]]), folds, rope=rope, seed=sim,
                                       draws=10, grids=GRIDS)._probabilities for m in counts]
        if np.all(np.isfinite(fits)):
            break
    else:
        raise InputError(f"the exact engine's integration failed on {ATTEMPTS} simulated "
                         f"studies in a row (study {sim}); plan with another seed")
    code = {o: i for i, o in enumerate((*REGIONS, NO_DECISION))}
    fitted, ranked = [], []
    for m, p in zip(counts, fits):
        both = np.vstack([x, extra[:m]])
        fitted.append(code[str(decide_regions(p, threshold))])
        shares = signed_rank_test(both.mean(axis=1), rope=rope, n_samples=SIGNED_RANK_SAMPLES,
                                  seed=rng.integers(2**31))._shares
        ranked.append(code[str(decide_regions(shares, threshold))])
    return sim, fitted, ranked


def _names(a: str, b: str) -> list[str]:
    """The table's outcome columns in the order readers see: a better, equivalent, b better,
    then no decision."""
    return [*outcomes(a, b), "no decision"]


def _shares(codes: np.ndarray) -> np.ndarray:
    """(sims, counts) outcome codes to (counts, 4) shares in the order readers see."""
    counts = np.stack([(codes == c).mean(axis=0) for c in range(4)], axis=1)
    return counts[:, [*shown(range(3)), 3]]


@dataclass(frozen=True)
class Plan:
    """The planner's answer: per count m of new data sets, the probability of each outcome of
    the hierarchical test rerun on the present data plus m new data sets like them."""

    a: str
    b: str
    rope: float
    threshold: float
    sims: int
    seed: int
    present: np.ndarray        # the present hierarchical test's (left, rope, right) shares
    table: pd.DataFrame        # one row per m; outcomes, the decision, its Monte Carlo error

    @property
    def decision(self) -> pd.Series:
        """The probability of a decision (any of the three) per m."""
        return self.table["P(decision)"]

    def smallest(self, target: float = TARGET) -> int | None:
        """The smallest m listed whose probability of a decision reaches ``target``, or None."""
        hits = self.decision.index[self.decision >= target]
        return int(hits.min()) if len(hits) else None

    def line(self, m: int | None = None) -> str:
        """One sentence: with m more data sets (the largest listed), the chance of a decision."""
        m = max(self.table.index) if m is None else m
        row = self.table.loc[m]
        sets = "data set" if m == 1 else "data sets"
        return (f"With {m} more {sets} like these, a decision would be reached with "
                f"probability {row['P(decision)']:.2f} (± {row['MC error']:.2f}, "
                f"{self.sims} simulated studies)")

    def headline(self) -> str:
        counts = list(self.table.index)
        now = decide_regions(self.present, self.threshold)
        state = ("no decision yet" if now == NO_DECISION else
                 f"decided already: {dict(zip(REGIONS, reversed(outcomes(self.a, self.b))))[str(now)]}")
        probs = " / ".join(f"{v:.2f}" for v in self.decision)
        best = self.smallest()
        goal = (f"the smallest count listed that reaches a decision with probability "
                f"{TARGET:g} is {best}" if best is not None else
                f"no count listed reaches a decision with probability {TARGET:g}")
        return (f"{self.a} against {self.b}: {state}. With "
                f"{' / '.join(map(str, counts))} more {'data set' if counts == [1] else 'data sets'}"
                " like these, the hierarchical "
                f"test (threshold {self.threshold:g}, rope ±{self.rope:g}) would reach a "
                f"decision with probability {probs} (Monte Carlo error at most "
                f"{self.table['MC error'].max():.2f}, {self.sims} simulated studies); {goal}.")


def plan_differences(d, counts, *, rope: float, threshold: float, sims: int, seed: int,
                     n_jobs: int = -1, backend: str | None = None,
                     progress: bool = False) -> Plan:
    """:func:`bayestut.analysis.plan.plan` on checked input: a :class:`~bayestut.data.Differences` (a - b, a
    better when positive) and checked counts."""
    import joblib
    from tqdm.auto import tqdm

    now = hierarchical.hierarchical_test(d, rope=rope, seed=seed, engine="exact")
    draws = np.column_stack([now.delta0, now.sigma0, now.nu])
    jobs = (joblib.delayed(simulate_study)(s, seed, d.x, d.folds, draws, counts, rope, threshold)
            for s in range(sims))
    fitted = np.empty((sims, len(counts)), int)
    ranked = np.empty_like(fitted)
    with joblib.parallel_config(backend=backend or "loky", n_jobs=n_jobs):
        runs = joblib.Parallel(return_as="generator_unordered")(jobs)
        for s, f, r in tqdm(runs, total=sims, disable=not progress, unit="study",
                            desc=f"{sims} simulated studies"):
            fitted[s], ranked[s] = f, r
    shares = _shares(fitted)
    frame = pd.DataFrame(shares, columns=_names(d.a, d.b), index=pd.Index(counts, name="m"))
    frame["P(decision)"] = 1.0 - frame["no decision"]
    # the largest of the four probabilities' binomial standard errors, each taken at
    # (count + 1/2) / (sims + 1) so that an outcome never seen does not claim an error of 0
    seen = (shares * sims + 0.5) / (sims + 1)
    frame["MC error"] = np.sqrt(seen * (1 - seen) / sims).max(axis=1)
    frame["signed-rank: P(decision)"] = 1.0 - _shares(ranked)[:, 3]
    return Plan(a=d.a, b=d.b, rope=rope, threshold=threshold, sims=sims, seed=seed,
                present=now._probabilities, table=frame)
