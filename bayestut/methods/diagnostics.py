"""Convergence checks run after every MCMC fit: divergences, R-hat and bulk effective sample size.

R-hat and bulk ESS follow Vehtari, Gelman, Simpson, Carpenter and Bürkner (2021),
"Rank-normalization, folding, and localization: an improved R-hat", Bayesian Analysis 16(2):
chains are split in halves and the draws replaced by normal scores of their ranks, so both
work for heavy-tailed posteriors too. Draws come as arrays shaped (chains, draws, ...).

The numbers are ArviZ's (the ecosystem's standard; ``tests/test_diagnostics.py`` checks them
against ``arviz.rhat`` and ``arviz.ess`` to 1e-9), computed here for every parameter at once:
ArviZ loops over parameters in Python, about 8 ms each, which for the 150 parameters of a
50-data-set fit would add a second to each of the simulation study's 14,000 fits. This module
adds the project's thresholds and its :class:`ConvergenceWarning`, which names the parameter to
blame and the setting to change.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy import stats

RHAT_MAX = 1.01            # Vehtari et al. (2021) recommend 1.01
ESS_MIN_PER_CHAIN = 100    # ... and a bulk ESS of at least 100 per chain


class ConvergenceWarning(UserWarning):
    """The sampler's output is not trustworthy as it stands; the message says why."""


def _flat(draws: np.ndarray) -> np.ndarray:
    """(chains, draws, ...) -> (chains, draws, parameters)."""
    draws = np.asarray(draws, dtype=float)
    return draws.reshape(draws.shape[0], draws.shape[1], -1)


def _split_chains(x: np.ndarray) -> np.ndarray:
    half = x.shape[1] // 2
    return np.concatenate([x[:, :half], x[:, x.shape[1] - half:]], axis=0)


def _rank_normalise(x: np.ndarray) -> np.ndarray:
    """Normal scores of the ranks over all chains, per parameter."""
    m, n, k = x.shape
    ranks = stats.rankdata(x.reshape(m * n, k), axis=0).reshape(m, n, k)
    return stats.norm.ppf((ranks - 0.375) / (m * n + 0.25))


def _basic_rhat(x: np.ndarray) -> np.ndarray:
    n = x.shape[1]
    within = x.var(axis=1, ddof=1).mean(axis=0)
    between = n * x.mean(axis=1).var(axis=0, ddof=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.sqrt(((n - 1) / n * within + between / n) / within)


def rhat(draws) -> np.ndarray:
    """Rank-normalised split R-hat, the larger of its bulk and tail (folded) versions.

    NaN for a parameter that never moves (all draws equal).
    """
    x = _split_chains(_flat(draws))
    folded = np.abs(x - np.median(x, axis=(0, 1)))
    value = np.fmax(_basic_rhat(_rank_normalise(x)), _basic_rhat(_rank_normalise(folded)))
    return np.where(_constant(x), np.nan, value)


def _constant(x: np.ndarray) -> np.ndarray:
    return np.ptp(x.reshape(-1, x.shape[-1]), axis=0) == 0


def _ess(x: np.ndarray) -> np.ndarray:
    """ESS of (chains, draws, parameters) with Geyer's initial monotone sequence, truncated as
    Stan and ArviZ do: sum pairs of autocorrelations while they stay positive (at most up to lag
    draws - 3), then add the first lag of the pair that ended the run if it is positive."""
    m, n, k = x.shape
    centred = x - x.mean(axis=1, keepdims=True)
    size = 2 ** int(np.ceil(np.log2(2 * n)))
    spectrum = np.fft.rfft(centred, n=size, axis=1)
    acov = np.fft.irfft(spectrum * np.conj(spectrum), n=size, axis=1)[:, :n] / n
    mean_var = acov[:, 0].mean(axis=0) * n / (n - 1)
    var_plus = mean_var * (n - 1) / n
    if m > 1:
        var_plus = var_plus + x.mean(axis=1).var(axis=0, ddof=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        rho = 1.0 - (mean_var - acov.mean(axis=0)) / var_plus          # (n, k)
    rho[0] = 1.0
    last = max((n - 3) // 2, 0)            # the last pair Stan reads (none below 5 draws)
    width = 2 * last + 2
    if n < width:                          # one draw per chain: P_0 needs two lags
        rho = np.vstack([rho, np.zeros((width - n, k))])
    pairs = rho[:width].reshape(last + 1, 2, k).sum(axis=1)            # P_0 .. P_last
    ended = pairs[1:] <= 0
    stop = (np.where(ended.any(axis=0), ended.argmax(axis=0) + 1, last) if last
            else np.zeros(k, dtype=int))                                # first P_j <= 0
    kept = np.arange(last + 1)[:, None] < stop
    monotone = np.where(kept, np.minimum.accumulate(pairs, axis=0), 0.0)
    columns = np.arange(k)
    even = rho[2 * stop, columns]
    tail = np.where(pairs[stop, columns] < 0, np.maximum(even, 0.0), even)
    tau = -1.0 + 2.0 * monotone.sum(axis=0) + tail
    tau = np.maximum(tau, 1.0 / np.log10(m * n))   # Stan's cap against antithetic overestimates
    return m * n / tau


def ess_bulk(draws) -> np.ndarray:
    """Bulk effective sample size: ESS of the rank-normalised split chains."""
    x = _split_chains(_flat(draws))
    return np.where(_constant(x), np.nan, _ess(_rank_normalise(x)))


def mcse_mean(draws) -> np.ndarray:
    """Monte Carlo standard error of the posterior mean of each parameter of (chains, draws,
    ...): sd / sqrt(ESS), with the ESS of the draws themselves (not rank-normalised, since the
    mean is the estimand). 0 for a parameter that never moves. For a share of draws, pass the
    0/1 indicators."""
    x = _flat(draws)
    sd = x.reshape(-1, x.shape[-1]).std(axis=0, ddof=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = sd / np.sqrt(_ess(x))
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
                       % (RHAT_MAX, _worst(bad_rhat, reverse=True, digits=3)))
        need = ESS_MIN_PER_CHAIN * self.chains
        low_ess = {k: v for k, v in self.ess_bulk.items() if v < need}
        if low_ess:
            out.append("bulk ESS below %d for %s: too few effective draws; run longer (more "
                       "draws, e.g. draws=4000, --draws 4000)"
                       % (need, _worst(low_ess, reverse=False, digits=0)))
        return out

    def warn(self, what: str = "the fit") -> None:
        for problem in self.problems:
            warnings.warn(f"{what}: {problem}", ConvergenceWarning, stacklevel=3)


def _worst(values: dict, reverse: bool, digits: int) -> str:
    # R-hat with 3 decimals, so that 1.014 shows above the threshold 1.01; ESS as a count
    ordered = sorted(values.items(), key=lambda kv: kv[1], reverse=reverse)
    shown = ", ".join(f"{k} ({v:.{digits}f})" for k, v in ordered[:3])
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


# --- agreement with Stan's posterior ----------------------------------------------------------

# what is compared: (name, the attribute holding the value); "<attribute>_mcse" holds Stan's
# Monte Carlo error and the exact engine's numerical error
AGREEMENT = (("posterior probability", "probabilities"),
             ("probability on a new data set", "new_data_set_probabilities"),
             ("probability for δ₀", "delta0_probabilities"))


def agreement(exact, stan, draws: int | None = None) -> pd.DataFrame:
    """The exact engine's probabilities beside Stan's, for the same data: one row per quantity
    (the posterior probability, the probability on a new data set, the probability for δ₀)
    and outcome, with the
    exact value, its numerical error, Stan's value, its Monte Carlo error and
    z = (exact - Stan) / Stan's Monte Carlo error.

    ``stan`` is a Stan result (or anything with its ``probabilities``,
    ``new_data_set_probabilities``,
    ``delta0_probabilities`` and their ``*_mcse``); ``draws`` its number of draws (default:
    ``len(stan.delta0)``). Where Stan's error is 0 (all its draws agree: a share of 0 or 1),
    the binomial error of a share of ``draws`` independent draws at the exact value stands in
    for it; if that is 0 too, z is 0 for equal values and infinite otherwise."""
    draws = len(stan.delta0) if draws is None else draws
    labels = getattr(stan, "labels", ("a better", "equivalent", "b better"))
    rows = []
    for name, value in AGREEMENT:
        p_exact = np.asarray(getattr(exact, value), dtype=float)
        p_stan = np.asarray(getattr(stan, value), dtype=float)
        se = np.asarray(getattr(stan, f"{value}_mcse"), dtype=float)
        p = np.clip(p_exact, 0.0, 1.0)
        se = np.where(se > 0, se, np.sqrt(p * (1 - p) / draws))
        diff = p_exact - p_stan
        with np.errstate(divide="ignore", invalid="ignore"):
            z = np.where(se > 0, diff / se, np.where(diff == 0, 0.0, np.copysign(np.inf, diff)))
        for k in range(3):
            rows.append({"quantity": name, "outcome": labels[k], "exact": p_exact[k],
                         "numerical error": float(np.asarray(getattr(exact, f"{value}_mcse"))[k]),
                         "Stan": p_stan[k], "Stan MC error": se[k], "z": z[k]})
    return pd.DataFrame(rows).set_index(["quantity", "outcome"])
