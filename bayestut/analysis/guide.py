"""The guide's computations (notebook 10): how a result moves with the rope and with rho, and
the settings a report must state.

- :func:`correlated_sweep`, :func:`signed_rank_sweep` and :func:`hierarchical_sweep`:
  P(a better), P(equivalent), P(b better) for every rope half-width r on a grid, for one data
  set (Bayesian correlated t-test) or over data sets (Bayesian signed-rank test, hierarchical
  test);
- :func:`decision_ranges`: the stretches of r over which the 0.95 decision stays the same;
- :func:`settings`: what to state beside a :func:`~bayestut.analysis.compare.compare` result, read
  from the result itself.
"""

from __future__ import annotations

import inspect

import numpy as np
import pandas as pd

from . import compare as compare_module
from .writeup import counted
from ..methods.correlated import correlated_bayesian_ttest
from ..checks import check
from ..errors import InputError
from ..methods.decisions import SHOWN, decide, probability_columns
from ..methods.hierarchical_result import DELTA0, POSTERIOR
from ..methods.hierarchical_ropes import rope_sweep
from ..methods.nonparametric import signed_rank_test

ROPES = np.round(np.arange(301) * 1e-4, 4)        # r from 0 to 0.03 in steps of 0.0001


def _frame(p, ropes, a: str, b: str) -> pd.DataFrame:
    """(left, rope, right) rows as P(a better), P(equivalent), P(b better) columns."""
    return pd.DataFrame(np.asarray(p)[:, list(SHOWN)], columns=probability_columns(a, b),
                        index=pd.Index(np.asarray(ropes, dtype=float), name="r"))


def correlated_sweep(x, rho: float, ropes=ROPES, a: str = "a", b: str = "b") -> pd.DataFrame:
    """P(a better), P(equivalent), P(b better) of one data set's Bayesian correlated t-test
    (differences ``x`` = a - b, correlation ``rho``) for each rope half-width r: one row per
    r. Exact."""
    post = correlated_bayesian_ttest(np.asarray(x, dtype=float), rho)
    if np.ndim(post.loc) != 0:
        raise ValueError("give the differences of one data set (a 1-D array)")
    return _frame([post._rope(r) for r in ropes], ropes, a, b)


def signed_rank_sweep(z, ropes, n_samples: int = 50_000, seed: int = 0, a: str | None = None,
                      b: str | None = None) -> pd.DataFrame:
    """The Bayesian signed-rank test's posterior probabilities (the share of samples in which
    each outcome is the likeliest), for each rope half-width r, as :func:`correlated_sweep` names them (``a``, ``b``: by
    default the names of a ``Differences``, else "a" and "b"). Every r reuses the same seed,
    hence the same Dirichlet weights: the curves move with r only, not with Monte Carlo noise."""
    shares = [signed_rank_test(z, rope=r, n_samples=n_samples, seed=seed)._shares for r in ropes]
    return _frame(np.vstack(shares), ropes, a or str(getattr(z, "a", "a")),
                  b or str(getattr(z, "b", "b")))


def hierarchical_sweep(d, ropes, seed: int = 0, fit=None,
                       about: str = "new data set") -> pd.DataFrame:
    """The hierarchical test's probabilities that its decision is taken on, for each rope
    half-width r, named as :func:`correlated_sweep` names them; with a column "numerical
    error", the largest of the row's.

    Parameters
    ----------
    d : bayestut.data.Differences
        The paired differences a - b, every fold.
    ropes : sequence of float
        Positive rope half-widths (r = 0 leaves the test no rope to integrate over).
    seed : int
        As for compare.
    fit : optional
        The hierarchical test's exact fit of ``d`` (``result.hierarchical`` of compare), reused
        rather than fitted again.
    about : str
        What the decision is about, as for compare: "new data set" (the papers' rule: the
        posterior probability that an outcome is the likeliest on a new data set) or
        "delta0" (the probability for δ₀, the population's mean difference: a method
        paper's claim).

    Returns
    -------
    pandas.DataFrame
        One row per r. The exact engine's grid is placed once and integrated at every r
        (:func:`bayestut.methods.hierarchical_ropes.rope_sweep`): about a fifth of a second
        per r after one fit (δ₀'s, far less). ``attrs["kind"]`` names the probabilities
        ("posterior probability" or "probability for δ₀"), the y label of
        :func:`bayestut.figures.guide.sensitivity_figure`.
    """
    about = check("about", about).replace("-", " ")
    delta0 = about == "delta0"
    p, error = rope_sweep(d, ropes, seed=seed, fit=fit,
                          of="delta0_probabilities" if delta0 else "shares")
    sweep = _frame(p, ropes, d.a, d.b).assign(**{"numerical error": error.max(axis=1)})
    sweep.attrs["kind"] = DELTA0 if delta0 else POSTERIOR
    return sweep


def decision_ranges(sweep: pd.DataFrame, threshold: float = 0.95) -> pd.DataFrame:
    """The runs of consecutive r with the same decision at ``threshold`` of a sweep: one row
    per run, with its decision (an outcome named as in the sweep's columns, e.g. "a better",
    or "no decision") and its first and last r. Columns other than the probabilities (a
    numerical error) are not read."""
    sweep = sweep[[c for c in sweep.columns if str(c).startswith("P(")]]
    named = sweep.set_axis([str(c)[2:-1] for c in sweep.columns], axis=1)    # "P(x)" -> "x"
    choice = decide(named, threshold).to_numpy().astype(str)
    starts = np.flatnonzero(np.r_[True, choice[1:] != choice[:-1]])
    ends = np.r_[starts[1:], len(choice)] - 1
    r = sweep.index.to_numpy()
    return pd.DataFrame({"decision": choice[starts], "from r": r[starts], "to r": r[ends]})


def _defaults(function) -> dict:
    return {k: p.default for k, p in inspect.signature(function).parameters.items()
            if p.default is not inspect.Parameter.empty}


def settings(result, **call) -> pd.Series:
    """What a report states beside a :func:`~bayestut.analysis.compare.compare` result: data, rope,
    rho, threshold, priors, draws, seed and the sampler's diagnostics. ``call``: the keyword
    arguments given to compare (those left out are its defaults)."""
    unknown = set(call) - set(_defaults(compare_module.compare))
    if unknown:
        raise InputError(f"not arguments of compare(): {sorted(unknown)}; pass the keyword "
                         f"arguments you gave compare(), e.g. settings(result, seed=7)")
    used = {**_defaults(compare_module.compare), **call}
    if result.per_dataset is None:          # mean scores only: no folds, no rho
        return _means_settings(result, used)
    d = result.differences
    runs, n = d.x.shape[1] // d.folds, d.x.shape[1]
    out = {
        "data": f"{counted(len(d.datasets), 'data set')}, {counted(runs, 'run')} of {d.folds}-fold "
                f"cross-validation ({n} paired differences per data set)",
        "differences": result.orientation(),
        "rope": f"±{result.rope:g} in the metric's units",
        "ρ": f"1/{d.folds} (1/k, the Nadeau-Bengio heuristic; it cannot be estimated from "
             "the data)",
        "decision threshold": f"{result.threshold:g}: on the probability on each data set; "
                              "over data sets, on the posterior probability that an outcome "
                              "is the likeliest",
        "prior, correlated t-test": "matching prior (μ₀ = 0, k₀ → ∞, a₀ = −1/2, b₀ = 0): "
                                    "the posterior is the Student t of JMLR eq. 6",
    }
    if result.signed_rank is None:
        out["multi-data-set tests"] = "not run: " + result.refused
        return pd.Series(out, name="setting")
    sr = _defaults(signed_rank_test)
    out["prior, signed-rank test"] = (f"Dirichlet process, strength s = {sr['s']:g}, "
                                      f"pseudo-observation z₀ = {sr['z0']:g}")
    out["draws, signed-rank test"] = (f"{len(result.signed_rank._samples):,} Monte Carlo samples, "
                                      f"seed {used['seed']}")
    h = result.hierarchical
    if h is None:
        c = float(result.differences.x.flat[0])         # one constant difference everywhere
        out["hierarchical test"] = (f"not sampled: the difference is {c:g} on every fold, so "
                                    f"P({result.labels[::-1][result.exact_outcome()]}) = 1 exactly")
        return pd.Series(out, name="setting")
    s, scale, dg = h.prepared.stan_data, h.prepared.std_x, h.diagnostics
    out["prior, hierarchical test"] = (
        f"δ₀ ~ U(−{s['delta0_bound'] * scale:.3g}, {s['delta0_bound'] * scale:.3g}); "
        f"σᵢ ~ U(0, {s['sigma_max'] * scale:.3g}); σ₀ ~ U(0, {s['sigma0_max'] * scale:.3g}); "
        f"ν − 1 ~ Gamma(α, β), α ~ U({s['alpha_low']:g}, {s['alpha_high']:g}), "
        f"β ~ U({s['beta_low']:g}, {s['beta_high']:g})")
    if h.engine == "exact":
        out["computation, hierarchical test"] = (
            f"exact: the posterior integrated numerically (hierarchical_exact), the same on "
            f"every machine; {dg.draws:,} independent draws for the figures, seed {used['seed']}")
        out["diagnostics, hierarchical test"] = (
            f"largest numerical error of a probability {dg.error:.1g} (its difference from "
            "a coarser grid); " + ("; ".join(dg.problems) or "no warnings"))
        return pd.Series(out, name="setting")
    out["draws, hierarchical test"] = (
        f"{dg.chains} chains x {dg.draws:,} draws after {used['warmup']:,} warm-up "
        f"({dg.chains * dg.draws:,} in all); NUTS in Stan ({h.fit.backend}), adapt_delta "
        f"{used['adapt_delta']:g}, seed {used['seed']}")
    out["diagnostics, hierarchical test"] = (
        f"{dg.divergences} divergent transitions; largest R-hat {dg.max_rhat:.3f}; smallest "
        f"bulk ESS {dg.min_ess_bulk:,.0f}; " + ("; ".join(dg.problems) or "no warnings"))
    return pd.Series(out, name="setting")


def _means_settings(result, used: dict) -> pd.Series:
    """settings() of a means-only comparison: the sign and signed-rank tests."""
    sr = _defaults(signed_rank_test)
    return pd.Series({
        "data": f"{len(result.differences.datasets)} data sets, one mean score per data set "
                "and classifier",
        "differences": result.orientation(),
        "rope": f"±{result.rope:g} in the metric's units",
        "decision threshold": f"{result.threshold:g}, on the posterior probability that an "
                              "outcome is the likeliest",
        "prior, sign and signed-rank tests": f"Dirichlet process, strength s = {sr['s']:g}, "
                                             f"pseudo-observation z₀ = {sr['z0']:g}",
        "draws, sign and signed-rank tests": f"{len(result.signed_rank._samples):,} Monte Carlo "
                                             f"samples each, seed {used['seed']}",
        "tests not run": result.not_run,
    }, name="setting")
