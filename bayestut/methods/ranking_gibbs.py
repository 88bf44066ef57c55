"""The Plackett-Luce ranking without Stan: a Gibbs sampler with latent gamma variables
(Caron and Doucet, "Efficient Bayesian inference for generalized Bradley-Terry models",
JCGS 2012), for the model of ``stan/plackett_luce.stan`` (see :mod:`.ranking`).

With unnormalised weights lambda_k ~ Gamma(prior_k, 1), w = lambda / sum(lambda) has the
Dirichlet(prior) prior, and the Plackett-Luce likelihood depends on w only. A ranking n of
weight c_n (ties: 1 / number of tie-breaks) contributes, at each stage j but the last,
(lambda_{order_nj} / sum_{m >= j} lambda_{order_nm})^c_n. Since
x^-c = int_0^inf z^(c-1) exp(-z x) dz / Gamma(c), a latent Z_nj ~ Gamma(c_n, rate = that sum)
makes every lambda_k conditionally Gamma: shape prior_k + sum of c_n over the stages where k
is chosen, rate 1 + sum of Z_nj over the stages where k is still in the running. Each sweep
draws Z given lambda, lambda given Z, then the total sum(lambda) afresh from its Gamma(sum(prior),
1) law (the likelihood does not see it), which keeps the chain from drifting in scale.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from .diagnostics import Diagnostics, diagnose
from .ranking import Ranking, ranking_data


def gibbs_draws(order: np.ndarray, weight: np.ndarray, prior: np.ndarray, chains: int,
                draws: int, warmup: int, rng: np.random.Generator) -> np.ndarray:
    """Draws (chains, draws, K) of w from the weighted Plackett-Luce posterior, the chains
    side by side; ``order`` (N, K) holds 0-based indices, best first."""
    n, k = order.shape
    stages = k - 1                                     # the last stage's factor is 1
    shape = prior.astype(float).copy()
    np.add.at(shape, order[:, :stages], np.broadcast_to(weight[:, None], (n, stages)))
    position = np.empty_like(order)
    position[np.arange(n)[:, None], order] = np.arange(k)
    # item k is still in the running at stages 0..min(position, K - 2)
    last_stage = np.broadcast_to(np.minimum(position, stages - 1), (chains, n, k))
    c_shape = np.broadcast_to(weight[:, None], (chains, n, stages))
    lam = rng.gamma(prior, size=(chains, k))
    out = np.empty((chains, draws, k))
    for i in range(warmup + draws):
        running = np.cumsum(lam[:, order][..., ::-1], axis=-1)[..., ::-1][..., :stages]
        seen = np.cumsum(rng.gamma(c_shape) / running, axis=-1)          # (chains, N, stages)
        rate = 1.0 + np.take_along_axis(seen, last_stage, axis=-1).sum(axis=1)
        lam = rng.gamma(shape, size=(chains, k)) / rate
        lam *= rng.gamma(prior.sum(), size=(chains, 1)) / lam.sum(axis=1, keepdims=True)
        if i >= warmup:
            out[:, i - warmup] = lam / lam.sum(axis=1, keepdims=True)
    return out


@dataclass(frozen=True)
class GibbsFit:
    """What :class:`~bayestut.methods.ranking.Ranking` reads of a fit."""

    diagnostics: Diagnostics
    backend: str = "NumPy Gibbs sampler (Caron and Doucet 2012)"


def plackett_luce_gibbs(means: pd.DataFrame, *, seed: int = 0, chains: int = 4,
                        warmup: int = 500, draws: int = 1000) -> Ranking:
    """The Plackett-Luce ranking of :func:`~bayestut.methods.ranking.plackett_luce`, sampled
    in NumPy (``chains`` chains of ``draws`` after ``warmup``, checked by R-hat and bulk ESS
    like Stan's): no Stan compile."""
    data = ranking_data(means)
    w = gibbs_draws(data["order"] - 1, data["weight"], data["prior"], chains, draws, warmup,
                    np.random.default_rng(seed))
    none = np.zeros((chains, draws), dtype=bool)
    return Ranking(classifiers=tuple(means.columns), w=w.reshape(-1, w.shape[-1]),
                   n_datasets=len(means), fit=GibbsFit(diagnose({"w": w}, none, none)))
