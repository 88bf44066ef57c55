"""How many more data sets? Simulated extensions of a study, from its posterior (the planner's
engine; :func:`bayestut.analysis.plan.plan` is its public face).

Kruschke's recipe (*Doing Bayesian Data Analysis*, 2nd ed., ch. 13) on the hierarchical test:
draw a population (delta0, sigma0, nu) from the present posterior, simulate the data sets an
extended study would add, rerun the test on the present data plus the new, and count how
often each outcome is declared. MLJ §5 drew power curves for fixed populations with the same
machinery (:mod:`bayestut.simulation`); here the population is what the present data say.

Two levels: populations (delta0, sigma0, nu) taken from the present posterior's independent
draws (systematically, :func:`pick_populations`, so that each favoured outcome gets its
posterior probability's part of them), and several simulated studies per population. One
study:

- ``max(add)`` new true differences delta_i from its population's Student t, as the model
  has them (untruncated); the first m are the m new data sets (the counts are nested, so
  their curves share the noise);
- each new data set's folds from MLJ §5's cross-validation simulator
  (:func:`bayestut.simulation.crossval.simulate_differences`, the same runs x folds as the
  present data): its folds are correlated as cross-validation correlates them. The
  simulator's noise is then rescaled around delta_i so that the data set's fold-level spread
  (the sample sd of its differences) is that of a present data set drawn at random. Why not
  sigma_i from the model: it gives each data set its own sigma_i with a flat prior up to 1000
  times the average spread and no population for them, so a new data set's sigma_i from the
  model would be that flat prior (typically hundreds of times the present spreads). The
  present data sets are the only description of how noisy a new one is;
- the hierarchical test on the present data plus the first m new data sets, by reweighting
  the present posterior's grid with the new data sets' likelihoods
  (:mod:`bayestut.simulation.reweighting`; a full refit where its checks fail), decided at
  the threshold; and the signed-rank test on the same data sets' means, for comparison.

What the number is: the probability of a decision averaged over the populations the present
data leave plausible. Each population "favours" the outcome that a study of infinitely many
of its data sets would declare (the region holding the largest share of its delta_i); the
plan shows the chance of a decision per favoured outcome, and how the chance spreads over
populations, since an average of 0.5 can be half near-certain and half hopeless populations.

The decision planned is the papers' (``about="new data set"``: the posterior probability that
an outcome is the likeliest on a new data set) or the one on δ₀ (``about="delta0"``: its
probability of lying in each region, integrated on the same grids; a population then favours
the region holding its delta0, which infinitely many of its data sets pin down).
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats

from ..errors import InputError
from ..methods import hierarchical
from ..methods.decisions import NO_DECISION, REGIONS, decide_regions, outcomes, shown
from ..methods.hierarchical_result import DELTA0
from ..methods.hierarchical_exact import rope_edge
from ..methods.nonparametric import signed_rank_test
from . import crossval, plan_text, reweighting
from .plan_text import DRAWN_COLUMN, LONG, MOST, POSTERIOR_COLUMN, SPREAD, SPREAD_COLUMNS
from .runner import ExactOptions

ADD = (5, 10, 20)
# benchmarks/plan_speed.py: one simulated study of the bundled 54 data sets with the counts
# (5, 10, 20) takes 0.19-0.26 CPU seconds by reweighting (2.7-3.3 by refitting), so 200 take
# about 21 s on 2 idle cores (benchmarks/plan_speed.txt). Two studies per population: the
# fewest that separate the populations' spread from each population's own noise, and the
# most populations (100) for the average, whose Monte Carlo error is then at most 0.05
# however much populations differ
SIMS = 200
PER_POPULATION = 2
TARGET = 0.8                  # the probability of a decision that a plan aims for
SIGNED_RANK_SAMPLES = 2_000   # per simulated study: a share's Monte Carlo error ~ 0.005 (the
                              # comparison column; a fifth of a study's time at 5,000)
GRIDS = (ExactOptions.fine, ExactOptions.check)
ATTEMPTS = 5                  # draws of one simulated study before its failure is reported
NEW, ABOUT_DELTA0 = "new data set", "delta0"     # what the planned decision is about
# the number each decision is taken on: the name of the split table's first column
KIND = {NEW: POSTERIOR_COLUMN, ABOUT_DELTA0: DELTA0}
OF = {NEW: "shares", ABOUT_DELTA0: "delta0_probabilities"}     # the fit's field of that number


def check_counts(add, option: str = "add=(5, 10, 20), --add 5 10 20") -> tuple[int, ...]:
    counts = np.atleast_1d(np.asarray(add, dtype=object))
    good = [isinstance(m, (int, np.integer)) and not isinstance(m, bool) and m >= 1
            for m in counts]
    if counts.size == 0 or not all(good):
        raise InputError(f"the numbers of data sets to add must be whole numbers of at least 1 "
                         f"({option}), got {list(counts)}")
    if max(counts) > MOST:
        raise InputError(f"adding {max(counts)} data sets is beyond what the planner simulates "
                         f"(at most {MOST})")
    return tuple(sorted({int(m) for m in counts}))


def check_sims(sims) -> int:
    if not isinstance(sims, (int, np.integer)) or isinstance(sims, bool) or sims < 1:
        raise InputError(f"sims, the number of simulated studies, must be a whole number of at "
                         f"least 1 (sims={SIMS}, --sims {SIMS}), got {sims!r}")
    return int(sims)


def _rng(seed: int, *key) -> np.random.Generator:
    # one stream per population and per study, whatever the workers or the order they finish in
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=key))


def new_datasets(rng, delta0, sigma0, nu, count: int, sds, runs: int, folds: int) -> np.ndarray:
    """New data sets' differences from one population draw.

    Parameters
    ----------
    rng : numpy.random.Generator
    delta0, sigma0, nu : float
        The population: the data sets' true mean differences are Student t (normal for an
        infinite nu), untruncated.
    count : int
        How many data sets.
    sds : numpy.ndarray
        The present data sets' fold-level spreads; each new one takes one at random.
    runs, folds : int
        The design of cross-validation.

    Returns
    -------
    numpy.ndarray
        (count, runs * folds) differences, within [-1, 1].
    """
    deltas = delta0 + sigma0 * (rng.standard_t(nu, count) if np.isfinite(nu)
                                else rng.standard_normal(count))
    x = crossval.simulate_differences(deltas, rng, runs=runs, folds=folds)
    noise = x - crossval.realised_delta(deltas)[:, None]
    spread = np.maximum(x.std(axis=1, ddof=1), 1e-12)
    target = rng.choice(sds, count)
    # a difference of two scores in [0, 1] lies in [-1, 1]: a far-tail delta_i beyond it (the
    # Student population allows it, rarely) gives folds at the bound
    return np.clip(deltas[:, None] + noise * (target / spread)[:, None], -1.0, 1.0)


def favoured(delta0, sigma0, nu, rope: float, about: str = NEW) -> np.ndarray:
    """The outcome each population favours: the one a study of ever more of its data sets
    declares. On a new data set, the region holding the largest share of its delta_i; on
    δ₀, the region holding its delta0.

    Parameters
    ----------
    delta0, sigma0, nu : array_like
        Populations (broadcast together).
    rope : float
        The rope's half-width, in the same units as delta0 and sigma0.
    about : str
        "new data set" or "delta0": the decision planned.

    Returns
    -------
    numpy.ndarray
        0 (left), 1 (rope) or 2 (right) per population.
    """
    delta0 = np.asarray(delta0, float)
    if about == ABOUT_DELTA0:        # the rope is closed, as in the fit's integral
        return np.where(delta0 < -rope, 0, np.where(delta0 > rope, 2, 1))
    b = rope_edge(sigma0, nu, rope)
    return np.where(np.abs(delta0) < b, 1, np.where(delta0 < 0, 0, 2))


def pick_populations(favour: np.ndarray, delta0: np.ndarray, k: int,
                     rng: np.random.Generator) -> np.ndarray:
    """k of the present posterior's draws, taken systematically.

    The draws are ordered by the outcome they favour (then by delta0) and every (N/k)-th is
    taken from a random start. Each draw is as likely to be taken as with k independent
    picks, so the plan's average is the same posterior average; but each favoured outcome
    gets its posterior probability's part of the k populations to within one, where
    independent picks of a few (20 for 40 studies) can miss it by several: the split by
    favoured outcome then tells the same story as the posterior.

    Parameters
    ----------
    favour : numpy.ndarray
        Per draw, the outcome it favours (:func:`favoured`).
    delta0 : numpy.ndarray
        Per draw, the population mean.
    k : int
        How many populations.
    rng : numpy.random.Generator
        The random start.

    Returns
    -------
    numpy.ndarray
        k indices into the draws.
    """
    order = np.lexsort((delta0, favour))
    n = len(order)
    positions = np.floor((rng.random() + np.arange(k)) * n / k).astype(int)
    return order[np.minimum(positions, n - 1)]


def decided_on(fit, about: str) -> np.ndarray:
    """The probabilities a fit's decision ``about`` is taken on.

    Parameters
    ----------
    fit : ExactHierarchicalResult
        An exact-engine fit.
    about : str
        "new data set" (its posterior probabilities) or "delta0" (δ₀'s).

    Returns
    -------
    numpy.ndarray
        (left, rope, right), the number line's order.
    """
    return np.asarray(fit._delta0_probabilities if about == ABOUT_DELTA0
                      else fit._probabilities, float)


def simulate_study(sim: int, population: int, seed: int, x, folds: int, draw, counts,
                   rope: float, threshold: float, present: reweighting.Present | None,
                   about: str = NEW) -> tuple[int, list[int], list[int], int]:
    """One simulated extension from the population ``draw`` = (delta0, sigma0, nu): for each
    count m, the hierarchical test's outcome (its decision ``about`` a new data set or δ₀)
    and the signed-rank test's (0 left, 1 rope, 2 right, 3 no decision), and how many counts
    needed a full refit. The hierarchical test reweights ``present`` (None: refit every
    count). A study on which the exact engine's integration fails (an extreme new data set,
    rare) is drawn again, from the next stream of the seed."""
    for attempt in range(ATTEMPTS):
        rng = _rng(seed, population, sim, attempt)
        delta0, sigma0, nu = draw
        extra = new_datasets(rng, delta0, sigma0, nu, max(counts), x.std(axis=1, ddof=1),
                             x.shape[1] // folds, folds)
        reweighted = (reweighting.shares_after(present, extra, counts, rng, OF[about])
                      if present is not None else [None] * len(counts))
        refits = sum(f is None for f in reweighted)
        fits = [f if f is not None else
                decided_on(hierarchical.exact_fit(np.vstack([x, extra[:m]]), folds, rope=rope,
                                                  seed=sim, draws=10, grids=GRIDS), about)
                for m, f in zip(counts, reweighted)]
        if np.all(np.isfinite(fits)):
            break
    else:
        raise InputError(f"the exact engine's integration failed on {ATTEMPTS} simulated "
                         f"studies in a row (study {sim}); plan with another seed")
    code = {o: i for i, o in enumerate((*REGIONS, NO_DECISION))}
    fitted, ranked = [], []
    for m, p in zip(counts, fits):
        fitted.append(code[str(decide_regions(p, threshold))])
        shares = signed_rank_test(np.vstack([x, extra[:m]]).mean(axis=1), rope=rope,
                                  n_samples=SIGNED_RANK_SAMPLES,
                                  seed=rng.integers(2**31))._shares
        ranked.append(code[str(decide_regions(shares, threshold))])
    return sim, fitted, ranked, refits


def _shown(shares: np.ndarray) -> np.ndarray:
    """(..., 4) in (left, rope, right, none) order to the order readers see."""
    return shares[..., [*shown(range(3)), 3]]


def _cluster_se(hits: np.ndarray, population: np.ndarray) -> np.ndarray:
    """Standard error of the share of ``hits`` (studies, ...) with studies grouped by
    ``population`` (studies of one population are alike): between-populations, and never
    below the binomial error at (count + 1/2) / (studies + 1), so that an outcome never seen
    does not claim an error of 0."""
    n = len(hits)
    seen = (hits.sum(axis=0) + 0.5) / (n + 1)
    binomial = np.sqrt(seen * (1 - seen) / n)
    groups = np.unique(population)
    if len(groups) < 2:
        return binomial
    totals = np.stack([hits[population == g].sum(axis=0) for g in groups])
    sizes = np.array([(population == g).sum() for g in groups])
    sizes = sizes.reshape((-1,) + (1,) * (hits.ndim - 1))
    mean = hits.mean(axis=0)
    k = len(groups)
    cluster = np.sqrt(k / (k - 1) * ((totals - sizes * mean) ** 2).sum(axis=0)) / n
    return np.maximum(cluster, binomial)


def chance_spread(decided: np.ndarray, population: np.ndarray, levels=SPREAD) -> np.ndarray:
    """Quantiles of the chance of a decision across populations.

    A Beta distribution with the chances' mean and their variance between populations (the
    variance of the populations' shares less its binomial part); a variance as large as it
    can be means chances of 0 and 1 only.

    Parameters
    ----------
    decided : numpy.ndarray
        Per simulated study, whether it decided.
    population : numpy.ndarray
        Per simulated study, its population's number.
    levels : sequence of float
        The quantiles' levels.

    Returns
    -------
    numpy.ndarray
        One quantile per level; NaN with fewer than 2 populations, a population of one study,
        or a spread that the studies' Monte Carlo noise hides (between-population variance
        estimated at 0 or below: printing the mean at every level would claim that every
        population has the same chance).
    """
    groups = np.unique(population)
    sizes = np.array([(population == g).sum() for g in groups])
    if len(groups) < 2 or sizes.min() < 2:
        return np.full(len(levels), np.nan)
    p = np.array([decided[population == g].mean() for g in groups])
    mean = p.mean()
    between = p.var(ddof=1) - np.mean(p * (1 - p) / (sizes - 1))
    if mean in (0.0, 1.0):
        return np.full(len(levels), mean)
    if between <= 0:        # not told apart from the studies' noise: no quantile to print
        return np.full(len(levels), np.nan)
    k = mean * (1 - mean) / between - 1
    if k <= 0:
        return np.array([0.0 if q < 1 - mean else 1.0 for q in levels])
    return stats.beta.ppf(levels, mean * k, (1 - mean) * k)


@dataclass(frozen=True)
class Plan:
    """The planner's answer: per count m of new data sets, the probability of each outcome of
    the hierarchical test rerun on the present data plus m new data sets like them, averaged
    over the populations the present posterior leaves plausible; how the chance of a decision
    spreads over those populations; and the chance per outcome the populations favour.

    Attributes
    ----------
    table : pandas.DataFrame
        Per m: the outcomes' probabilities (a better, equivalent, b better, no decision),
        P(decision), its Monte Carlo error ("MC error"), the chance's 10th and 90th
        percentiles over populations, and the signed-rank test's P(decision).
    split : pandas.DataFrame
        Per m and outcome the populations favour: the present posterior probability that a
        population favours it, how many of the populations drawn do, the studies simulated
        under them, P(decision) and P(that decision). The studies' P(decision), weighted by
        their number, is the table's.
    refits : int
        (study, count) pairs refitted in full where the reweighting's checks failed.
    about : str
        The decision planned: "new data set" (the papers' rule) or "delta0".
    signed_rank_now : str
        The signed-rank test's decision on the present data, as the simulated studies run
        it: an outcome's name, or "no decision".
    """

    a: str
    b: str
    rope: float
    threshold: float
    sims: int
    populations: int
    seed: int
    present: np.ndarray        # the present hierarchical test's (left, rope, right) shares
    table: pd.DataFrame        # one row per m: outcomes, P(decision), its error, its spread
    split: pd.DataFrame        # (m, favoured outcome): posterior probability, drawn, ...
    refits: int                # (study, count) pairs refitted in full (reweighting's checks)
    seconds: float
    about: str = NEW           # the decision planned: on a new data set, or on δ₀
    signed_rank_now: str = NO_DECISION   # the signed-rank test's decision on the present data

    @property
    def kind(self) -> str:
        """The name of the number the planned decision is taken on (the split's first
        column): "posterior probability", or "probability for δ₀"."""
        return KIND[self.about]

    @property
    def decision(self) -> pd.Series:
        """The probability of a decision (any of the three) per m."""
        return self.table["P(decision)"]

    def smallest(self, target: float = TARGET) -> int | None:
        """The smallest m listed whose probability of a decision reaches ``target``, or None."""
        hits = self.decision.index[self.decision >= target]
        return int(hits.min()) if len(hits) else None

    def likeliest(self, m: int) -> tuple[str, float]:
        """The likeliest decision with m more data sets and its probability."""
        names = list(outcomes(self.a, self.b))
        row = self.table.loc[m, names]
        return str(row.idxmax()), float(row.max())

    def line(self, m: int | None = None) -> str:
        """One sentence: with m more data sets (the largest listed), the likeliest decision,
        the chance of any, and how to read it (:func:`plan_text.line`)."""
        return plan_text.line(self, m)

    def headline(self, command_line: bool = False) -> str:
        """The answer in at most two sentences (:func:`plan_text.headline`).

        Parameters
        ----------
        command_line : bool
            Name larger counts to try as the command line takes them (``--add 20 40``);
            False, as the Python call does (``add=(20, 40)``).

        Returns
        -------
        str
            The headline.
        """
        return plan_text.headline(self, TARGET, command_line)

    def summary(self, command_line: bool = False, details: bool = True) -> str:
        """The plan as the command line prints it: what it answers and the current verdict
        to report meanwhile, the answer and a long run's time, the outcomes' table and its
        notes; with ``details``, the method notes and the split by favoured outcome.

        Parameters
        ----------
        command_line : bool
            Name larger counts to try as the command line takes them (``--add 20 40``);
            False, as the Python call does (``add=(20, 40)``).
        details : bool
            Add the method notes, one fact per bullet, and the split table (the command
            line prints them with ``--details``; ``print(plan)`` always).

        Returns
        -------
        str
            The text.
        """
        return plan_text.summary(self, TARGET, command_line, details)

    def __str__(self) -> str:
        return self.summary()


def _table(a: str, b: str, counts, fitted, ranked, population, favour) -> tuple:
    """The plan's table and its split by favoured outcome, from the studies' codes."""
    names = list(outcomes(a, b))
    hits = np.stack([fitted == c for c in range(4)], axis=-1).astype(float)   # (sims, m, 4)
    frame = pd.DataFrame(_shown(hits.mean(axis=0)), columns=[*names, "no decision"],
                         index=pd.Index(counts, name="m"))
    decided = fitted < 3
    # counted, not 1 - P(no decision): the same share prints the same wherever it is quoted
    frame["P(decision)"] = decided.mean(axis=0)
    frame["MC error"] = _shown(_cluster_se(hits, population)).max(axis=-1)
    for j, column in enumerate(SPREAD_COLUMNS):
        frame[column] = [
            chance_spread(decided[:, i], population)[j] for i in range(len(counts))]
    frame["signed-rank: P(decision)"] = (ranked < 3).mean(axis=0)
    rows = []
    for i, m in enumerate(counts):
        for code, name in zip(shown(range(3)), names):
            mine = favour == code
            rows.append({"m": m, "populations favour": name,
                         "studies": int(mine.sum()),
                         "P(decision)": decided[mine, i].mean() if mine.any() else np.nan,
                         "P(that decision)": (fitted[mine, i] == code).mean() if mine.any()
                         else np.nan})
    return frame, pd.DataFrame(rows).set_index(["m", "populations favour"])


def plan_differences(d, counts, *, rope: float, threshold: float, sims: int, seed: int,
                     n_jobs: int = -1, backend: str | None = None,
                     progress: bool | None = None, reweight: bool = True,
                     posterior=None, about: str = NEW) -> Plan:
    """:func:`bayestut.analysis.plan.plan` on checked input.

    Parameters
    ----------
    d : bayestut.data.Differences
        The present differences, a - b (a better when positive).
    counts : tuple of int
        Checked counts m of new data sets.
    rope, threshold, sims, seed
        As for :func:`bayestut.analysis.plan.plan`.
    n_jobs, backend
        joblib's workers and backend ("loky" by default).
    progress : bool or None
        Show the estimate up front and a progress bar on standard error; None: when the
        work is estimated to take longer than LONG seconds.
    reweight : bool
        Reweight the present posterior's grid (the default); False refits every study in
        full (the slow reference the benchmarks compare with).
    posterior : ExactHierarchicalResult, optional
        The present data's exact-engine fit, when already computed (``compare(plan=m)``
        passes its own): used as it is, not fitted again; None fits it here.
    about : str
        The decision planned: "new data set" (the papers' rule) or "delta0" (checked).

    Returns
    -------
    Plan
    """
    import joblib
    from tqdm.std import tqdm

    start = time.perf_counter()
    now = posterior if posterior is not None else hierarchical.hierarchical_test(
        d, rope=rope, seed=seed, engine="exact")
    present = reweighting.present(now, GRIDS) if reweight else None
    favour_all = favoured(now.delta0, now.sigma0, now.nu, rope, about)
    k = max(1, sims // PER_POPULATION)
    population = np.arange(sims) % k            # studies dealt to populations in turn
    pick = pick_populations(favour_all, now.delta0, k, _rng(seed))
    draws = [(now.delta0[i], now.sigma0[i], now.nu[i]) for i in pick]
    args = lambda s: (s, int(population[s]), seed, d.x, d.folds, draws[population[s]], counts,
                      rope, threshold, present, about)
    fitted = np.empty((sims, len(counts)), int)
    ranked = np.empty_like(fitted)
    refits = 0
    # the first study in this process: its time gives the estimate said up front
    first = time.perf_counter()
    _, fitted[0], ranked[0], refits = simulate_study(*args(0))
    took = time.perf_counter() - first
    workers = max(1, min(joblib.effective_n_jobs(n_jobs), sims - 1))
    estimate = took * (sims - 1) / workers
    show = estimate > LONG if progress is None else progress
    if show:
        # an estimate for idle cores: under other load the workers share them (readers saw 3x)
        print(f"planning {d.a} against {d.b}: {sims} simulated studies, about "
              f"{_duration(estimate)} more if {workers} core{'s are' if workers > 1 else ' is'} "
              f"free, longer on a busy machine (the first study took {took:.1f} s)",
              file=sys.stderr, flush=True)
    with joblib.parallel_config(backend=backend or "loky", n_jobs=n_jobs):
        runs = joblib.Parallel(return_as="generator_unordered")(
            joblib.delayed(simulate_study)(*args(s)) for s in range(1, sims))
        for s, f, r, n in tqdm(runs, total=sims - 1, disable=not show, unit="study",
                               desc="simulated studies", file=sys.stderr,
                               mininterval=1.0 if sys.stderr.isatty() else 15.0):
            fitted[s], ranked[s] = f, r
            refits += n
    table, split = _table(d.a, d.b, counts, fitted, ranked, population,
                          favour_all[pick][population])
    # the integrated posterior probability that each outcome is the likeliest on a new data
    # set, or δ₀'s (what "favouring" it means, and compare's number), not a count over draws
    present_p = decided_on(now, about)
    drawn = shown(np.bincount(favour_all[pick], minlength=3))
    split.insert(0, KIND[about], np.tile(shown(present_p), len(counts)))
    split.insert(1, DRAWN_COLUMN, np.tile(drawn, len(counts)))
    # the signed-rank test on the present means, as each study runs it (its row's m = 0)
    ranked_now = signed_rank_test(d.x.mean(axis=1), rope=rope, n_samples=SIGNED_RANK_SAMPLES,
                                  seed=seed)._shares
    names = dict(zip(REGIONS, reversed(outcomes(d.a, d.b))))
    now_decided = str(decide_regions(ranked_now, threshold))
    return Plan(a=d.a, b=d.b, rope=rope, threshold=threshold, sims=sims, populations=k,
                seed=seed, present=present_p, table=table, split=split, refits=refits,
                seconds=time.perf_counter() - start, about=about,
                signed_rank_now=names.get(now_decided, NO_DECISION))


def _duration(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} min"
