"""Convergence checks run after every MCMC fit: divergences, R-hat and bulk effective sample size.

R-hat and the effective sample sizes come from ArviZ (the ecosystem's standard), with its
defaults: the rank-normalised split R-hat of Vehtari, Gelman, Simpson, Carpenter and Bürkner
(2021), "Rank-normalization, folding, and localization: an improved R-hat", Bayesian Analysis
16(2) (the larger of its bulk and folded-tail versions), and the bulk ESS of the same paper,
both robust to heavy-tailed posteriors. This module adds the project's thresholds and its
:class:`ConvergenceWarning`, which names the parameter to blame and the setting to change.
Draws come as arrays shaped (chains, draws, ...).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field

import numpy as np

RHAT_MAX = 1.01            # Vehtari et al. (2021) recommend 1.01
ESS_MIN_PER_CHAIN = 100    # ... and a bulk ESS of at least 100 per chain


class ConvergenceWarning(UserWarning):
    """The sampler's output is not trustworthy as it stands; the message says why."""


def arviz():
    """ArviZ, imported on first use: it takes seconds to import, and the command line's
    ``--help`` should not wait for it. Its once-a-day notice of a coming refactor is muted."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        import arviz as az
    return az


def _flat(draws) -> np.ndarray:
    """(chains, draws, ...) -> (chains, draws, parameters)."""
    draws = np.asarray(draws, dtype=float)
    return draws.reshape(draws.shape[0], draws.shape[1], -1)


def _constant(x: np.ndarray) -> np.ndarray:
    return np.ptp(x.reshape(-1, x.shape[-1]), axis=0) == 0


def _by_parameter(statistic: str, x: np.ndarray, **options) -> np.ndarray:
    """ArviZ's ``rhat`` or ``ess`` of every parameter of (chains, draws, parameters)."""
    az = arviz()
    with np.errstate(divide="ignore", invalid="ignore"):
        out = getattr(az, statistic)(az.convert_to_dataset({"x": x}), **options)["x"]
    return np.asarray(out, dtype=float).reshape(x.shape[-1])


def rhat(draws) -> np.ndarray:
    """Rank-normalised split R-hat per parameter (ArviZ's default, ``method="rank"``): the
    larger of its bulk and tail (folded) versions. NaN for a parameter that never moves."""
    x = _flat(draws)
    return np.where(_constant(x), np.nan, _by_parameter("rhat", x, method="rank"))


def ess_bulk(draws) -> np.ndarray:
    """Bulk effective sample size per parameter: the ESS of the rank-normalised split chains
    (ArviZ's default, ``method="bulk"``). NaN for a parameter that never moves."""
    x = _flat(draws)
    return np.where(_constant(x), np.nan, _by_parameter("ess", x, method="bulk"))


def mcse_mean(draws) -> np.ndarray:
    """Monte Carlo standard error of the posterior mean of each parameter of (chains, draws,
    ...): sd / sqrt(ESS), with the ESS of the draws themselves, not rank-normalised since the
    mean is the estimand (ArviZ's ``ess(method="identity")``). ArviZ's own ``mcse`` also splits
    each chain in two first: a slightly different estimate, within a few per cent of this one,
    which is the one the scorecards were recorded with. 0 for a parameter that never moves.
    For a share of draws, pass the 0/1 indicators."""
    x = _flat(draws)
    sd = x.reshape(-1, x.shape[-1]).std(axis=0, ddof=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = sd / np.sqrt(_by_parameter("ess", x, method="identity"))
    return np.where(_constant(x), 0.0, out).reshape(np.shape(draws)[2:])


@dataclass(frozen=True)
class Diagnostics:
    """What went wrong, if anything, in one fit; ``problems`` is empty when all is well."""

    chains: int
    draws: int
    divergences: int
    max_treedepth_hits: int
    rhat: dict = field(repr=False)        # parameter name -> worst (largest) R-hat
    ess_bulk: dict = field(repr=False)    # parameter name -> worst (smallest) bulk ESS

    @property
    def max_rhat(self) -> float:
        return float(np.nanmax(list(self.rhat.values()))) if self.rhat else float("nan")

    @property
    def min_ess_bulk(self) -> float:
        return float(np.nanmin(list(self.ess_bulk.values()))) if self.ess_bulk else float("nan")

    @property
    def problems(self) -> list[str]:
        out = []
        total = self.chains * self.draws
        if self.divergences:
            # measured in benchmarks/non_centred_default.py: a higher adapt_delta removes most
            # divergences; more warm-up does not
            out.append(f"{self.divergences} of {total} post-warm-up transitions diverged: "
                       "the posterior may be biased. Rerun with a higher adapt_delta, e.g. 0.99 "
                       "(on the command line --adapt-delta 0.99); if some remain, as they can "
                       "with few data sets, read the hierarchical probabilities with caution")
        if self.max_treedepth_hits:
            out.append(f"{self.max_treedepth_hits} transitions hit the maximum tree depth: "
                       "sampling is inefficient")
        bad_rhat = {k: v for k, v in self.rhat.items() if v > RHAT_MAX}
        if bad_rhat:
            out.append("R-hat above %.2f for %s: the chains disagree; run longer (more draws, "
                       "e.g. draws=4000, --draws 4000)"
                       % (RHAT_MAX, _worst(bad_rhat, reverse=True)))
        need = ESS_MIN_PER_CHAIN * self.chains
        low_ess = {k: v for k, v in self.ess_bulk.items() if v < need}
        if low_ess:
            out.append("bulk ESS below %d for %s: too few effective draws; run longer (more "
                       "draws, e.g. draws=4000, --draws 4000)"
                       % (need, _worst(low_ess, reverse=False)))
        return out

    def warn(self, what: str = "the fit") -> None:
        for problem in self.problems:
            warnings.warn(f"{what}: {problem}", ConvergenceWarning, stacklevel=3)


def _worst(values: dict, reverse: bool) -> str:
    ordered = sorted(values.items(), key=lambda kv: kv[1], reverse=reverse)
    shown = ", ".join(f"{k} ({v:.3g})" for k, v in ordered[:3])
    return shown + (f" and {len(ordered) - 3} more" if len(ordered) > 3 else "")


def diagnose(draws: dict, divergent, treedepth_hit) -> Diagnostics:
    """Diagnostics of named draws (each (chains, draws, ...)); per-element values are
    reduced to the worst one per name, labelled ``name[i]`` when an element is to blame."""
    rh, ess = {}, {}
    for name, value in draws.items():
        value = np.asarray(value)
        if value.size == 0:
            continue
        r, e = rhat(value), ess_bulk(value)
        if np.all(np.isnan(r)):
            continue
        label = name if value.ndim == 2 else f"{name}[{int(np.nanargmax(r))}]"
        rh[label] = float(np.nanmax(r))
        label = name if value.ndim == 2 else f"{name}[{int(np.nanargmin(e))}]"
        ess[label] = float(np.nanmin(e))
    divergent = np.asarray(divergent)
    return Diagnostics(chains=divergent.shape[0], draws=divergent.shape[1],
                       divergences=int(divergent.sum()), max_treedepth_hits=int(np.sum(treedepth_hit)),
                       rhat=rh, ess_bulk=ess)
