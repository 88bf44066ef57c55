"""What Corani et al. (MLJ 2017, §5) report from each simulation setting, computed from the
runner's per-repetition table (:func:`bayestut.simulation.runner.per_repetition`).

- Table 1: the error of the MLE x̄_i and of the shrinkage estimator (the hierarchical
  posterior mean of delta_i) two ways: the mean squared error over repetitions and data sets,
  and the square of the mean over repetitions of each repetition's RMSE (what the authors'
  result file recorded; smaller, by Jensen's inequality, the more so the smaller q).
- Figures 2-4 and §5.2-5.4: per setting, the frequentist signed-rank (Wilcoxon) test's
  rejections (p < 0.05) and median p-value; the hierarchical test's mean and median P(left),
  P(rope), P(right), and the share of repetitions in which each exceeds 0.95 (its "power" for
  that decision), for either
  estimand: ``"delta0"`` (the population mean's posterior, what the authors recorded) or
  ``"next"`` (the posterior probability that each outcome is the likeliest on a new
  data set: the papers' rule, MLJ §3.1).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.special import gammaln

ALPHA = 0.05
THRESHOLD = 0.95
# each estimand's label in a table: what kind of probability its columns hold (the glossary's
# names), so that a reader never takes the papers' rule for a probability on a new data set
ESTIMANDS = {"delta0": "probability for δ₀ (the population mean)",
             "next": "posterior probability, new data set (the papers' rule, MLJ §3.1)"}


def mse_table(per_rep: pd.DataFrame) -> pd.DataFrame:
    """Per setting: MSE of both estimators (``mse_*``) and its Monte Carlo standard error over
    the repetitions (``se_mse_*``), the squared mean RMSE (``rmse2_*``), the shrinkage's
    reduction of the MSE, the repetitions and q. Each repetition has q data sets, so the mean of
    per-repetition MSEs is the overall MSE."""
    frame = per_rep.assign(rmse_mle=np.sqrt(per_rep["mse_mle"]),
                           rmse_shrinkage=np.sqrt(per_rep["mse_shrinkage"]))
    g = frame.groupby("setting", sort=False)
    table = g[["mse_mle", "mse_shrinkage"]].mean()
    for column in ("mse_mle", "mse_shrinkage"):
        table[f"se_{column}"] = g[column].std() / np.sqrt(g.size())
    table["rmse2_mle"] = g["rmse_mle"].mean() ** 2
    table["rmse2_shrinkage"] = g["rmse_shrinkage"].mean() ** 2
    table["reduction"] = 1.0 - table["mse_shrinkage"] / table["mse_mle"]
    table["repetitions"] = g.size()
    table["q"] = g["q"].first()
    return table


def squared_mean_rmse_factor(q: int) -> float:
    """E[RMSE]^2 / MSE when a repetition's q squared errors are those of independent normal
    errors with a common variance (the MLE's, nearly): RMSE = sigma sqrt(chi2_q / q), and
    E sqrt(chi2_q) = sqrt(2) Gamma((q + 1) / 2) / Gamma(q / 2)."""
    return 2.0 / q * np.exp(2 * (gammaln((q + 1) / 2) - gammaln(q / 2)))


def decision_table(per_rep: pd.DataFrame, estimand: str = "delta0") -> pd.DataFrame:
    """Per setting: what the signed-rank test and the hierarchical test conclude, the latter
    on ``estimand`` ("delta0" or "next")."""
    if estimand not in ESTIMANDS:
        raise ValueError(f"estimand must be one of {list(ESTIMANDS)}, got {estimand!r}")

    def summarise(d: pd.DataFrame) -> pd.Series:
        p = {r: d[f"{estimand}_{r}"] for r in ("left", "rope", "right")}
        return pd.Series({
            "q": d["q"].iloc[0],
            "repetitions": len(d),
            "signed-rank rejections": np.mean(d["p_signed_rank"] < ALPHA),
            "signed-rank median p": d["p_signed_rank"].median(),
            "mean P(rope)": p["rope"].mean(),
            "median P(rope)": p["rope"].median(),
            "median P(right)": p["right"].median(),
            "median P(left)": p["left"].median(),
            "share P(rope) > 0.95": np.mean(p["rope"] > THRESHOLD),
            "share P(right) > 0.95": np.mean(p["right"] > THRESHOLD),
            "share P(left) > 0.95": np.mean(p["left"] > THRESHOLD),
            "repetitions with divergences": np.mean(d["divergences"] > 0),
            "share of delta_i outside the simulator's range": d["outside"].sum() / d["q"].sum(),
        })
    return pd.DataFrame({k: summarise(d) for k, d in per_rep.groupby("setting", sort=False)}).T


def share_interval(share: float | np.ndarray, n: int | np.ndarray,
                   z: float = 1.96) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval of a share of n repetitions: how far Monte Carlo noise alone
    moves a reproduced rejection rate. Arrays element by element (a float gives NumPy floats)."""
    share, n = np.asarray(share, dtype=float), np.asarray(n)
    centre = (share + z**2 / (2 * n)) / (1 + z**2 / n)
    half = z * np.sqrt(share * (1 - share) / n + z**2 / (4 * n**2)) / (1 + z**2 / n)
    return centre - half, centre + half


def median_se(values, draws: int = 20_000, seed: int = 0) -> float:
    """Bootstrap standard error of the median of ``values`` (repetitions of one setting): how
    far Monte Carlo noise alone moves a reproduced median such as §5.4's."""
    values = np.asarray(values, dtype=float)
    rng = np.random.default_rng(seed)
    resampled = values[rng.integers(0, values.size, (draws, values.size))]
    return float(np.median(resampled, axis=1).std())


BATCH_COLUMNS = ("signed-rank rejections", "share P(rope) > 0.95", "batch-median P(rope)")


def batch_table(per_rep: pd.DataFrame, batch: int = 30) -> pd.DataFrame:
    """Per setting, summarised as the authors' result file did (MLJ §5.2-5.3): the repetitions
    cut, in order, into batches of ``batch`` (a last, shorter one dropped); per batch the share
    of signed-rank rejections, the share of P(rope) > 0.95 on delta0 and the median P(rope);
    each averaged over the batches, with its standard error (sd over batches / sqrt(batches))."""
    rows = {}
    for key in per_rep["setting"].unique():
        d = per_rep[per_rep["setting"] == key].sort_values("rep")
        n = len(d) // batch
        if n == 0:
            continue
        cut = d.iloc[:n * batch].assign(batch=np.repeat(np.arange(n), batch))
        per_batch = cut.groupby("batch").agg(**{
            BATCH_COLUMNS[0]: ("p_signed_rank", lambda p: (p < ALPHA).mean()),
            BATCH_COLUMNS[1]: ("delta0_rope", lambda p: (p > THRESHOLD).mean()),
            BATCH_COLUMNS[2]: ("delta0_rope", "median")})
        row: dict[str, float] = {"batches": n}
        for column in BATCH_COLUMNS:
            row[column] = per_batch[column].mean()
            row[f"se {column}"] = per_batch[column].std() / np.sqrt(n) if n > 1 else np.nan
        rows[key] = row
    return pd.DataFrame.from_dict(rows, orient="index")


def median_table(per_rep: pd.DataFrame, columns=("delta0_rope", "delta0_right")) -> pd.DataFrame:
    """Per setting: the repetitions, and for each column its median over them with the
    bootstrap standard error of that median (:func:`median_se`)."""
    rows = {}
    for key in per_rep["setting"].unique():
        d = per_rep[per_rep["setting"] == key]
        row: dict[str, float] = {"repetitions": len(d)}
        for column in columns:
            row[f"median {column}"] = d[column].median()
            row[f"se {column}"] = median_se(d[column])
        rows[key] = row
    return pd.DataFrame.from_dict(rows, orient="index")


def paired(stan: pd.DataFrame, exact: pd.DataFrame, column: str = "delta0_right") -> pd.DataFrame:
    """The repetitions both engines ran (same seeds, so the same simulated data), side by side
    (columns suffixed ``_stan`` and ``_exact``), with ``stan error``, Stan's Monte Carlo error
    of ``column``, and z = (exact - Stan) / that error. The error of a probability p is taken as
    sqrt(p (1 - p) / ESS), with ESS the fit's smallest bulk effective sample size (over all its
    parameters: an upper bound on the error, so |z| is if anything understated)."""
    d = stan.merge(exact, on=["setting", "rep"], suffixes=("_stan", "_exact"))
    p = d[f"{column}_exact"]
    d["stan error"] = np.sqrt(np.clip(p * (1 - p), 1e-6, None) / d["min_ess_bulk_stan"])
    d["z"] = (p - d[f"{column}_stan"]) / d["stan error"]
    return d


def engine_agreement(stan: pd.DataFrame, exact: pd.DataFrame, column: str = "delta0_right",
                     draws: int = 1000) -> pd.DataFrame:
    """Per setting, the repetitions both engines ran: how far the exact engine's ``column`` is
    from Stan's, in Stan's Monte Carlo errors (:func:`paired`); ``rms Stan error`` is its root
    mean square, to set beside the sd of the differences. A decision (p > 0.95) differs where
    the two sides of 0.95 are taken; the last column counts those where Stan's share is more
    than 3 errors from 0.95, the error taken as small as it can be (that of ``draws``
    independent draws: the fits' kept draws)."""
    both = paired(stan, exact, column)
    rows = {}
    for key in both["setting"].unique():
        d = both[both["setting"] == key]
        p_stan, p_exact = d[f"{column}_stan"], d[f"{column}_exact"]
        diff = p_exact - p_stan
        z = d["z"].abs()
        differ = (p_stan > THRESHOLD) != (p_exact > THRESHOLD)
        rows[key] = {"repetitions": len(d), "correlation": np.corrcoef(p_stan, p_exact)[0, 1],
                     "mean difference": diff.mean(), "sd of differences": diff.std(),
                     "rms Stan error": float(np.sqrt((d["stan error"] ** 2).mean())),
                     "largest |z|": z.max(), "share |z| > 3": (z > 3).mean(),
                     "decisions differ": int(differ.sum()),
                     "of them beyond 3 errors": int((differ & (np.abs(p_stan - THRESHOLD)
                                                    > 3 * np.sqrt(p_stan * (1 - p_stan) / draws))
                                                    ).sum())}
    return pd.DataFrame.from_dict(rows, orient="index")


def largest_disagreements(stan: pd.DataFrame, exact: pd.DataFrame, column: str = "delta0_right",
                          count: int = 5) -> pd.DataFrame:
    """The ``count`` repetitions where the engines' ``column`` differs most in Stan's Monte Carlo
    errors (:func:`paired`), with what each engine says of its own accuracy there: Stan's
    divergent transitions and smallest effective sample size, the exact engine's numerical
    error."""
    d = paired(stan, exact, column)
    top = d.loc[d["z"].abs().sort_values(ascending=False).index[:count]]
    return (top.rename(columns={f"{column}_stan": "Stan", f"{column}_exact": "exact",
                                "divergences_stan": "Stan divergences",
                                "min_ess_bulk_stan": "Stan smallest ESS",
                                "numerical_error_exact": "exact numerical error"})
            .set_index(["setting", "rep"])[["Stan", "exact", "z", "Stan divergences",
                                            "Stan smallest ESS", "exact numerical error"]])


def against_batches(ours: pd.DataFrame, theirs, labels: dict) -> pd.DataFrame:
    """:func:`batch_table`'s rows beside a published table of batch averages (``theirs``, with
    a "batches" column and :data:`BATCH_COLUMNS`, looked up by ``labels[setting]``): per
    setting and statistic, both values and the gap in standard errors of their difference.
    Theirs is taken to have our batches' spread: its standard error is ours times
    sqrt(our batches / their batches)."""
    rows = []
    for key, label in labels.items():
        if key not in ours.index:
            continue
        n_theirs = theirs.get(label, "batches").value
        for column in BATCH_COLUMNS:
            se = ours.at[key, f"se {column}"] * np.sqrt(1 + ours.at[key, "batches"] / n_theirs)
            published = theirs.get(label, column).value
            gap = ours.at[key, column] - published
            rows.append({"setting": label, "statistic": column, "authors' file": published,
                         "ours": ours.at[key, column], "se of the difference": se,
                         "gap / se": gap / se if se > 0 else (0.0 if gap == 0 else np.inf)})
    return pd.DataFrame(rows).set_index(["setting", "statistic"])
