"""The Bayesian hierarchical correlated t-test (Corani et al., MLJ 2017; JMLR 2017 §4.3.1).

One call, :func:`hierarchical_test`, takes the fold-by-fold differences of two classifiers on
several data sets and returns the posterior of the model in ``stan/hierarchical.stan``:
the next-data-set probabilities (JMLR §4.3.2, MLJ §3.1), the population mean delta0, and
every data set's shrunk delta_i with its rope probabilities, all on the original scale.

Data preparation follows the authors' code, as documented in the project's method notes:
1. divide differences and rope by std_x, the mean over data sets of the sample standard
   deviations (so the uniform bounds below are scale-free);
2. a data set whose differences are all equal gets uniform(-rope, rope) noise added to its
   first half of folds and subtracted from its second half (its mean is unchanged; a zero
   variance would put sigma_i at the boundary);
3. bounds: delta0 ~ U(-max|x|, max|x|), sigma_i ~ U(0, 1000 * mean sd),
   sigma0 ~ U(0, 1000 * sd of the means); nu = 1 + Gamma(alpha, beta).
"""

from __future__ import annotations

import time
import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats

from ..checks import check, check_rope
from ..data import Differences, paired_differences
from ..errors import InputError
from . import hierarchical_exact
from . import stan
from .diagnostics import ConvergenceWarning
from .frequentist import check_differences
from .hierarchical_result import (DELTA0, NEW_DATA_SET, POSTERIOR, WARN_ERROR,  # noqa: F401
                                  ExactDiagnostics, ExactHierarchicalResult,
                                  HierarchicalResult, sigma_mle)

# Bounds (alpha_low, alpha_high, beta_low, beta_high) of the uniform hyperpriors of the Gamma
# prior on nu - 1. They differ between the two papers' texts (and the authors' R and Python code).
HYPERPRIORS = {
    "jmlr": (0.5, 5.0, 0.05, 0.15),   # JMLR §4.3.1; the authors' R code
    "mlj": (1.0, 2.0, 0.01, 0.1),     # MLJ §3; the authors' Python code and baycomp
}
# Priors on nu - 1: the hierarchical one (bounds above), two fixed Gammas (shape, rate), or none
# (a Gaussian top level). Stan codes: 1 hierarchical, 2 fixed, 0 Gaussian.
NU_PRIORS = {
    "hierarchical": None,
    "kruschke": (1.0, 0.0345),        # Kruschke (2013), the shifted exponential as a Gamma
    "juarez-steel": (2.0, 0.1),       # Juárez and Steel (2010)
    "gaussian": None,
}
ENGINES = ("stan", "exact")          # MCMC, or numerical integration (hierarchical_exact)
# The defaults of hierarchical_test, compare and compare_all alike. "exact" integrates the
# posterior: no compile, no divergences, the same digits on every machine; Stan agrees within
# its Monte Carlo error (benchmarks/hierarchical_exact_agreement.py). For Stan
# (benchmarks/non_centred_default.py): every delta_i non-centred, since choosing the centred
# form per data set (the "auto" and "moments" rules) biased scmamp's vignette example (the
# data sets' standard errors below the means' spread, but not below sigma0, whose posterior
# median is 0.014 against a spread of 0.046) by -0.015 in the rope's share, mean of 4 seeds of
# 4 x 5,000 draws, with 0-8 divergences (silent), all non-centred by -0.001. No form is safe
# everywhere: on 3 well-separated data sets all non-centred is the biased one (a share of 0.000
# and 0.006 for 0.020), but there with 61-78 divergences, which the report warns of; a mixed
# form (the data sets whose standard error exceeds sigma0's posterior median non-centred) did
# worse on scmamp's example (297 divergences). And adapt_delta 0.95, since with few data sets 0.8
# left 23-214 divergences in 4,000 and biased the shares by ~0.01 (0.95: 9-39, for about 1.5
# times the sampling time). The reproductions of the papers ask for "auto" and 0.8 explicitly.
ENGINE = "exact"
NON_CENTRED = True
ADAPT_DELTA = 0.95
SIGMA_FACTOR = 1000.0                 # "1000 times" the scale, for both uniform bounds
PROGRAM = "hierarchical"

def equicorrelated_loglik(xbar, ss, n: int, delta, sigma, rho: float):
    """log MVN(x | delta 1, Sigma) with Sigma = sigma^2 ((1 - rho) I + rho 1 1'), through the
    data set's mean ``xbar`` and sum of squared deviations ``ss`` only (the Stan likelihood).

    Sigma^-1 = [I - rho/(1 + (n-1) rho) 1 1'] / (sigma^2 (1 - rho)) and
    det Sigma = sigma^(2n) (1 - rho)^(n-1) (1 + (n-1) rho); splitting x - delta 1 into
    (x - xbar 1) + (xbar - delta) 1, whose cross term vanishes, gives the formula below.
    """
    xbar, ss, delta, sigma = (np.asarray(v, dtype=float) for v in (xbar, ss, delta, sigma))
    spread = 1.0 + (n - 1) * rho
    return (-0.5 * n * np.log(2 * np.pi) - n * np.log(sigma)
            - 0.5 * (n - 1) * np.log1p(-rho) - 0.5 * np.log(spread)
            - ss / (2 * sigma**2 * (1 - rho))
            - n * (xbar - delta) ** 2 / (2 * sigma**2 * spread))


# --- input ----------------------------------------------------------------------------------

def _differences(data, a, b, folds) -> Differences:
    """Any accepted input as Differences: a Differences, a tidy table, or an array."""
    if isinstance(data, Differences):
        if folds is not None and folds != data.folds:
            raise InputError(f"folds={folds} contradicts the {data.folds} folds of the differences")
        return data
    if isinstance(data, pd.DataFrame):
        if a is None or b is None:
            raise InputError("name the two classifiers to compare: a=..., b=...")
        d = paired_differences(data, a, b)
        if folds is not None and folds != d.folds:
            raise InputError(f"folds={folds} contradicts the {d.folds} folds in the table")
        return d
    rows = [np.asarray(r, dtype=float) for r in data] if not isinstance(data, np.ndarray) else None
    if rows is not None and len({r.shape for r in rows}) > 1:
        raise InputError("data sets with different numbers of differences: "
                         + ", ".join(str(r.size) for r in rows))
    x = np.asarray(data if rows is None else np.vstack(rows), dtype=float)
    if folds is None:
        raise InputError("give the number of cross-validation folds k (rho = 1/k): folds=...")
    if np.ndim(folds) > 0:
        k = set(np.asarray(folds).ravel().tolist())
        if len(k) > 1:
            raise InputError(f"the data sets were cross-validated with different numbers of "
                             f"folds {sorted(k)}; the model needs one k (rho = 1/k) for all")
        folds = k.pop()
    if isinstance(folds, (float, np.floating)) and float(folds).is_integer():
        folds = int(folds)
    q = x.shape[0] if x.ndim == 2 else 1
    return Differences(x=x, datasets=tuple(f"data set {i + 1}" for i in range(q)),
                       ids=tuple(range(1, q + 1)), a=a or "a", b=b or "b", folds=folds)


def _check(d: Differences, rope: float, hyperprior, nu_prior: str):
    check_rope(rope)
    x = check_differences(d.x)
    if x.ndim == 1 or x.shape[0] < 2:
        raise InputError("the hierarchical model needs at least 2 data sets; for one data set "
                         "use the Bayesian correlated t-test")
    if not isinstance(d.folds, (int, np.integer)) or d.folds < 2:
        raise InputError(f"folds must be an integer k >= 2 (rho = 1/k), got {d.folds!r}")
    n = x.shape[1]
    if n % d.folds:
        raise InputError(f"{n} differences per data set is not a whole number of "
                         f"{d.folds}-fold cross-validation runs")
    if np.all(np.ptp(x, axis=1) == 0):
        raise InputError("every data set's differences are constant: there is no variability "
                         "to model")
    if nu_prior not in NU_PRIORS:
        raise InputError(f"unknown nu_prior {nu_prior!r}; choose one of {list(NU_PRIORS)}")
    bounds = HYPERPRIORS.get(hyperprior) if isinstance(hyperprior, str) else hyperprior
    if bounds is None:
        raise InputError(f"unknown hyperprior {hyperprior!r}; choose one of {list(HYPERPRIORS)} "
                         "or give (alpha_low, alpha_high, beta_low, beta_high)")
    bounds = tuple(float(v) for v in bounds)
    if len(bounds) != 4 or not (0 < bounds[0] < bounds[1] and 0 < bounds[2] < bounds[3]):
        raise InputError(f"hyperprior bounds must be 0 < alpha_low < alpha_high and "
                         f"0 < beta_low < beta_high, got {bounds}")
    return x, bounds


# --- data preparation -----------------------------------------------------------------------

@dataclass(frozen=True)
class Prepared:
    """The rescaled data and everything Stan is given, kept for inspection."""

    x: np.ndarray          # rescaled differences (after the zero-variance noise)
    std_x: float           # the scale: mean of the per-data-set sample sds
    rope: float            # the rope on the rescaled scale
    noised: tuple          # indices of zero-variance data sets that got noise
    stan_data: dict


def prepare(x, folds: int, rope: float, bounds, nu_prior: str, non_centred,
            rng: np.random.Generator) -> Prepared:
    x = np.array(x, dtype=float)
    std_x = x.std(axis=1, ddof=1).mean()
    x, rope_s = x / std_x, rope / std_x
    n = x.shape[1]
    half = n // 2
    constant = np.flatnonzero(np.ptp(x, axis=1) == 0)
    for i in constant:
        noise = rng.uniform(-rope_s, rope_s, size=half)
        x[i, :half] += noise
        x[i, half:2 * half] -= noise
    xbar = x.mean(axis=1)
    sds = x.std(axis=1, ddof=1)
    means_sd = xbar.std(ddof=1)
    alpha_low, alpha_high, beta_low, beta_high = bounds
    nu_shape, nu_rate = NU_PRIORS[nu_prior] or (1.0, 1.0)   # read only by the fixed-Gamma variant
    data = dict(
        q=x.shape[0], n=n, xbar=xbar, ss=((x - xbar[:, None]) ** 2).sum(axis=1), rho=1.0 / folds,
        delta0_bound=np.abs(x).max(), sigma_max=SIGMA_FACTOR * sds.mean(),
        # all means equal would leave sigma0 no room: fall back on the within-data-set scale
        sigma0_max=SIGMA_FACTOR * (means_sd if means_sd > 0 else sds.mean()),
        nu_prior={"gaussian": 0, "hierarchical": 1}.get(nu_prior, 2),
        alpha_low=alpha_low, alpha_high=alpha_high, beta_low=beta_low, beta_high=beta_high,
        nu_shape=nu_shape, nu_rate=nu_rate,
        non_centred=_non_centred(non_centred, xbar, sds, n, 1.0 / folds))
    return Prepared(x=x, std_x=float(std_x), rope=float(rope_s), noised=tuple(constant.tolist()),
                    stan_data=data)


def _non_centred(choice, xbar, sds, n: int, rho: float) -> np.ndarray:
    """Which delta_i to sample non-centred: all (True), none (False), or those whose standard
    error exceeds the spread of the data sets' delta_i: there the population, not the data
    set's own folds, pins delta_i down, and the centred form would make a funnel.

    "auto" takes the spread of the means, which keeps the published reproductions (notebooks
    03-05) as they are. "moments" estimates the spread of the true delta_i: the means'
    variance less their average noise variance. When the classifiers are close the means'
    spread is mostly noise, and "auto" left the noisiest data sets centred: 32-65 divergences
    in 4,000 against 0-2 (benchmarks/non_centred_default.py). Neither is safe: sigma0 can sit
    far below the means' spread (a Student top level, one outlying data set), and where the
    data sets' standard errors exceed sigma0 the centred form is biased without a warning
    (scmamp's vignette example, see NON_CENTRED); hence the default True."""
    if isinstance(choice, str):
        if choice not in ("auto", "moments"):
            raise InputError(f"non_centred must be True, False, 'auto' or 'moments', got {choice!r}")
        se = sds * np.sqrt((1 + (n - 1) * rho) / n)
        spread = (xbar.std(ddof=1) if choice == "auto"
                  else np.sqrt(max(xbar.var(ddof=1) - np.mean(se**2), 0.0)))
        return (se > spread).astype(int)
    return np.full(len(xbar), int(bool(choice)))


def _jitter(rng: np.random.Generator, size=None):
    """Random factors within about ±20%, so that chains start apart."""
    return np.exp(rng.uniform(-0.2, 0.2, size))


def initial_values(p: Prepared, chains: int, rng: np.random.Generator) -> list[dict]:
    """Starting points near the data (means, sds), jittered per chain.

    Stan's default inits draw sigma_i uniformly on the logit scale of (0, 1000 sd), hundreds of
    times too large, and warm-up then spends its time walking back.
    """
    d = p.stan_data
    sds = np.sqrt(d["ss"] / (d["n"] - 1))
    delta0 = float(np.clip(np.median(d["xbar"]), -0.9 * d["delta0_bound"], 0.9 * d["delta0_bound"]))
    inits = []
    for _ in range(chains):
        sigma0 = float(min(np.std(d["xbar"]) * _jitter(rng) + 1e-3, 0.5 * d["sigma0_max"]))
        delta = d["xbar"] + rng.normal(0, 0.1, d["q"]) * sds / np.sqrt(d["n"])
        init = dict(delta0=delta0, sigma0=sigma0,
                    delta_raw=np.where(d["non_centred"], (delta - delta0) / sigma0, delta),
                    sigma=np.minimum(sds * _jitter(rng, d["q"]), 0.5 * d["sigma_max"]))
        if d["nu_prior"] > 0:
            init["nu_minus_one"] = [float(10.0 * _jitter(rng))]
        if d["nu_prior"] == 1:
            init["alpha"] = [0.5 * (d["alpha_low"] + d["alpha_high"])]
            init["beta"] = [0.5 * (d["beta_low"] + d["beta_high"])]
        inits.append(init)
    return inits


def next_dataset_masses(delta0, sigma0, nu, rope: float) -> np.ndarray:
    """(left, rope, right) mass of t(nu, delta0, sigma0) for every draw (normal when nu = inf)."""
    below = stats.t.cdf(-rope, df=nu, loc=delta0, scale=sigma0)
    above = stats.t.sf(rope, df=nu, loc=delta0, scale=sigma0)
    return np.stack([below, 1.0 - below - above, above], axis=1)


def replicated_means(result: HierarchicalResult, seed: int = 0,
                     new_datasets: bool = False) -> np.ndarray:
    """Posterior predictive draws of the data sets' mean differences x̄_i, (draws, data sets),
    on the original scale: one replicated x̄_i per posterior draw and data set.

    Under the equicorrelated likelihood x̄_i is normal around delta_i with variance
    sigma_i^2 (1 + (n - 1) rho) / n. ``new_datasets=False`` keeps each draw's delta_i (does the
    likelihood reproduce the observed means?); True draws a fresh delta_i from that draw's
    t(delta0, sigma0, nu) (would a new set of data sets, as noisy as ours, look like ours?),
    which checks the Student top level."""
    rng = np.random.default_rng(seed)
    prepared = result.prepared
    n, rho = prepared.stan_data["n"], prepared.stan_data["rho"]
    delta = np.asarray(result.delta, dtype=float)
    if new_datasets:
        # Student t as a normal over the root of chi-square / nu; nu = inf: the normal itself
        nu = np.asarray(result.nu, dtype=float)[:, None]
        df = np.where(np.isinf(nu), 1.0, nu)
        scale = np.where(np.isinf(nu), 1.0, rng.chisquare(df, delta.shape) / df)
        t = rng.standard_normal(delta.shape) / np.sqrt(scale)
        delta = result.delta0[:, None] + result.sigma0[:, None] * t
    return rng.normal(delta, result.sigma * np.sqrt((1 + (n - 1) * rho) / n))


def compile_model(backend: str | None = None) -> str:
    """Compile the Stan program once per machine (a minute or so; later calls find it cached)
    so that the first test does not pay for it. Returns the backend in use."""
    x = np.array([[0.01, 0.03, 0.02, 0.04], [0.0, -0.02, 0.01, -0.01]])
    p = prepare(x, 2, 0.01, HYPERPRIORS["mlj"], "hierarchical", "auto", np.random.default_rng(0))
    return stan.compile(PROGRAM, p.stan_data, backend)


def hierarchical_test(data, a: str | None = None, b: str | None = None, *, folds: int | None = None,
                      rope: float = 0.01, hyperprior="mlj", nu_prior: str = "hierarchical",
                      seed: int = 0, chains: int = 4, warmup: int = 1000, draws: int = 1000,
                      thin: int = 1, non_centred=NON_CENTRED, adapt_delta: float = ADAPT_DELTA,
                      backend: str | None = None, progress: bool = True,
                      engine: str = ENGINE) -> HierarchicalResult:
    """The Bayesian hierarchical correlated t-test of classifiers a and b on several data sets
    (Corani et al., MLJ 2017).

    Parameters
    ----------
    data : DataFrame, Differences or array_like
        A tidy results table (with ``a`` and ``b`` naming the classifiers), a
        :class:`~bayestut.data.Differences`, or an array of differences a - b, one row per
        data set and one column per fold of every run (with ``folds``). At least 2 data sets.
    a, b : str, optional
        The classifiers' names: which two of a table's to compare; for an array, the names
        that label the outcomes ("a" and "b" when not given).
    folds : int, optional
        The number of cross-validation folds k (the correlation rho = 1/k); needed with an
        array, read from a table or a ``Differences``.
    rope : float
        The rope's half-width, in (0, 1), in the metric's units.
    hyperprior : str or tuple of float
        The bounds of the uniform hyperpriors on the Gamma prior of nu - 1: "mlj" (the
        default, which reproduces the published tables), "jmlr", or (alpha_low, alpha_high,
        beta_low, beta_high).
    nu_prior : str
        The prior on the degrees of freedom nu: "hierarchical" (the papers'), "kruschke",
        "juarez-steel" or "gaussian" (no Student top level).
    seed : int
        The random numbers' seed.
    chains, warmup, draws, thin : int
        Stan's sampler: ``draws`` per chain after ``warmup``, every ``thin``-th kept (the
        papers keep 4,000 in all). With the exact engine, ``chains * draws // thin``
        independent draws serve the plots.
    non_centred : bool or str
        Which delta_i Stan samples non-centred: True (the default: all), False, or "auto" or
        "moments" (chosen per data set; "auto" is the papers' reproductions' rule).
    adapt_delta : float
        NUTS's target acceptance rate (higher: smaller steps, fewer divergences, slower).
    backend : str, optional
        "cmdstanpy" or "pystan"; default whichever is installed
        (:mod:`bayestut.methods.stan`).
    progress : bool
        Show Stan's progress.
    engine : str
        "exact" (the default, as in :func:`~bayestut.compare`: the posterior by numerical
        integration, :mod:`bayestut.methods.hierarchical_exact`; no compile, the same digits
        on every machine, and the sampler's settings unused) or "stan" (MCMC, the papers'
        method; the notebooks that reproduce them pass engine="stan", adapt_delta=0.8,
        non_centred="auto").

    Returns
    -------
    HierarchicalResult
        The posterior, its differences on the original scale; its ``probabilities`` (the
        posterior probability), ``new_data_set_probabilities`` (the probability on a new data
        set) and ``delta0_probabilities`` (the probability for δ₀) are labelled "<a> better",
        "equivalent", "<b> better". The exact engine returns its subclass
        ``ExactHierarchicalResult``, each number with its numerical error.
    """
    check("engine", engine)
    d = _differences(data, a, b, folds)
    x, bounds = _check(d, rope, hyperprior, nu_prior)
    if engine == "exact":
        return exact_test(d, x, bounds, rope, nu_prior, seed, chains * draws // thin)
    rng = np.random.default_rng(seed)
    prepared = prepare(x, d.folds, rope, bounds, nu_prior, non_centred, rng)
    fit = stan.sample(PROGRAM, prepared.stan_data, seed=seed, chains=chains, warmup=warmup,
                      draws=draws, thin=thin, init=initial_values(prepared, chains, rng),
                      adapt_delta=adapt_delta, backend=backend,
                      progress=progress)
    scale = prepared.std_x
    nu = fit["nu"][:, 0] if fit["nu"].shape[1] else np.full(len(fit["delta0"]), np.inf)
    masses = next_dataset_masses(fit["delta0"], fit["sigma0"], nu, prepared.rope)
    return HierarchicalResult(
        a=d.a, b=d.b, datasets=d.datasets, rope=rope, xbar=x.mean(axis=1),
        delta0=fit["delta0"] * scale, sigma0=fit["sigma0"] * scale, nu=nu,
        delta=fit["delta"] * scale, sigma=fit["sigma"] * scale, _masses=masses,
        prepared=prepared, fit=fit)


def exact_test(d, x, bounds, rope: float, nu_prior: str, seed: int, count: int,
               grids=(hierarchical_exact.FINE, hierarchical_exact.CHECK),
               refine=hierarchical_exact.REFINE):
    """The exact engine of :func:`hierarchical_test`, on its checked input: the same
    preparation (and, for a given seed, the same zero-variance noise). ``grids``: the fine and
    the check grid's points, ``refine`` the finer ones tried while their probabilities differ
    by more than the target (see :func:`~bayestut.methods.hierarchical_exact.posterior`)."""
    start = time.perf_counter()
    if x.shape[1] < 3:
        raise InputError(f"the exact engine needs at least 3 differences per data set, these "
                         f"have {x.shape[1]}: use the Stan engine (on the command line "
                         "--engine stan; in Python engine=\"stan\")")
    rng = np.random.default_rng(seed)
    prepared = prepare(x, d.folds, rope, bounds, nu_prior, "auto", rng)
    # the delta_i quadrature takes each data set's likelihood for its own shape, which the
    # flat prior's bound on sigma_i (1000 times the average sd) leaves alone while it is at
    # least twice the data set's sd; only with over 500 data sets can one reach past that
    sds = prepared.x.std(axis=1, ddof=1)
    if sds.max() > 0.5 * prepared.stan_data["sigma_max"]:
        worst = int(np.argmax(sds))
        raise InputError(
            f"{d.datasets[worst]!r}: its differences vary {sds[worst] / sds.mean():.0f}"
            f" times as much as the average data set's, too close to the bound of sigma_i's "
            f"prior ({SIGMA_FACTOR:g} times that average) for the exact engine's integration; "
            "use engine='stan' (--engine stan), which samples the model as it is")
    fine_points, check_points = grids
    m, grids, fine, coarse = hierarchical_exact.posterior_grids(prepared, nu_prior,
                                                                fine_points, check_points, refine)
    grid = grids[0]
    delta0, sigma0, nu = hierarchical_exact.draw_top(grid, count, rng)
    scale = prepared.std_x
    masses = next_dataset_masses(delta0, sigma0, nu, prepared.rope)
    return ExactHierarchicalResult(
        a=d.a, b=d.b, datasets=d.datasets, rope=rope, xbar=x.mean(axis=1),
        # None: drawn on first use (_OnFirstUse), which the fields' annotations do not say
        delta0=delta0 * scale, sigma0=sigma0 * scale, nu=nu,
        delta=None, sigma=None,  # type: ignore[arg-type]
        _masses=masses, prepared=prepared, fit=None, exact=fine, seed=seed, model=m,
        coarse=coarse, grids=grids, seconds=time.perf_counter() - start)


def exact_fit(x, folds: int, *, rope: float = 0.01, hyperprior="mlj", seed: int = 0,
              draws: int = 1000, grids=(hierarchical_exact.FINE, hierarchical_exact.CHECK)
              ) -> "ExactHierarchicalResult":
    """:func:`hierarchical_test` with ``engine="exact"`` on an array of differences (data sets x
    runs*folds), with the integration grids chosen and none finer tried (the simulations use
    coarser ones than the default: their numerical error, recorded, is far below a median's
    sampling error)."""
    d = _differences(x, None, None, folds)
    x, bounds = _check(d, rope, hyperprior, "hierarchical")
    return exact_test(d, x, bounds, rope, "hierarchical", seed, draws, grids, refine=())


def start_stan(workers: int) -> None:
    """Compile the model if needed and sample a few draws with one chain per worker. PyStan
    forks its sampling processes when first needed; forking them now, from one thread, avoids
    doing it from several worker threads at once, which deadlocks."""
    x = np.random.default_rng(0).normal(0.0, 0.02, size=(2, 100))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        hierarchical_test(x, folds=10, chains=workers, warmup=5, draws=5, progress=False,
                          engine="stan")
