"""What Corani et al. (MLJ 2017, §5) report from each simulation setting, computed from the
runner's per-repetition table (:func:`bayestut.simstudy.per_repetition`).

- Table 1: MSE of the MLE x̄_i and of the shrinkage estimator (the hierarchical posterior
  mean of delta_i), averaged over repetitions and data sets.
- Figures 2-4 and §5.2-5.4: per setting, the signed-rank test's rejections (p < 0.05) and
  median p-value; the hierarchical test's mean and median P(left), P(rope), P(right), and the
  share of repetitions in which each exceeds 0.95 (its "power" for that decision).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

ALPHA = 0.05
THRESHOLD = 0.95


def mse_table(per_rep: pd.DataFrame) -> pd.DataFrame:
    """MSE of both estimators per setting, with the shrinkage's reduction and the repetitions.
    Each repetition has q data sets, so the mean of per-repetition MSEs is the overall MSE."""
    g = per_rep.groupby("setting", sort=False)
    table = g[["mse_mle", "mse_shrinkage"]].mean()
    table["reduction"] = 1.0 - table["mse_shrinkage"] / table["mse_mle"]
    table["repetitions"] = g.size()
    table["q"] = g["q"].first()
    return table


def decision_table(per_rep: pd.DataFrame) -> pd.DataFrame:
    """Per setting: what the signed-rank test and the hierarchical test conclude."""
    def summarise(d: pd.DataFrame) -> pd.Series:
        return pd.Series({
            "q": d["q"].iloc[0],
            "repetitions": len(d),
            "signed-rank rejections": np.mean(d["p_signed_rank"] < ALPHA),
            "signed-rank median p": d["p_signed_rank"].median(),
            "mean P(rope)": d["p_rope"].mean(),
            "median P(rope)": d["p_rope"].median(),
            "median P(right)": d["p_right"].median(),
            "median P(left)": d["p_left"].median(),
            "share P(rope) > 0.95": np.mean(d["p_rope"] > THRESHOLD),
            "share P(right) > 0.95": np.mean(d["p_right"] > THRESHOLD),
            "share P(left) > 0.95": np.mean(d["p_left"] > THRESHOLD),
            "repetitions with divergences": np.mean(d["divergences"] > 0),
        })
    return pd.DataFrame({k: summarise(d) for k, d in per_rep.groupby("setting", sort=False)}).T


def share_interval(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a share of n repetitions: how far Monte Carlo noise alone
    moves a reproduced rejection rate."""
    centre = (share + z**2 / (2 * n)) / (1 + z**2 / n)
    half = z * np.sqrt(share * (1 - share) / n + z**2 / (4 * n**2)) / (1 + z**2 / n)
    return centre - half, centre + half
