"""Does the hierarchical model's population reproduce the data sets it was fitted to? A
posterior predictive check for the two-classifier reports, which a reviewer may ask for.

For each posterior draw, a new set of as many data sets is drawn from that draw's Student t
population and measured as noisily as ours (:func:`~bayestut.methods.hierarchical.
replicated_means` with ``new_datasets=True``); four statistics of the observed mean
differences, their spread, smallest, largest and how many lie inside the rope, are compared
with the replicated sets' (Gelman et al., *Bayesian Data Analysis*, 3rd ed., ch. 6). The check
describes the fit; it changes no decision.

The count inside the rope sees what the other three cannot: a population with two humps, one
on each side of the rope, fitted by one Student t hump centred between them. Its spread and
extremes match the fit's, but the fit puts data sets in the gap and the data have none, so
"further out" for the count is fewer inside the rope.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..methods.hierarchical import replicated_means

# statistics of the data sets' mean differences x (last axis) given the rope, by name
STATISTICS = {"spread": lambda x, rope: np.std(x, axis=-1, ddof=1),
              "smallest": lambda x, rope: np.min(x, axis=-1),
              "largest": lambda x, rope: np.max(x, axis=-1),
              # the rope closed, as in the correlated t-test
              "inside the rope": lambda x, rope: np.sum(np.abs(x) <= rope, axis=-1)}
# which way is "further out" for each: a wider spread, a lower smallest, a higher largest,
# fewer inside the rope (two humps leave the rope empty)
OUTWARD = {"spread": 1, "smallest": -1, "largest": 1, "inside the rope": -1}
EXTREME = 0.01            # a share of replicated sets below this, or above 1 - this, is flagged:
                          # with four statistics, at most about 8% of well-fitted pairs by chance
NEAR = 3                  # a p-value within this factor of the flag (0.01 to 0.03, 0.97 to
                          # 0.99) is named, not read as a clean pass: a reader used to 0.05
                          # would call it significant, yet a well-fitted pair shows one about
                          # once in six (four statistics, 0.04 each), too often to flag it
# each statistic named in a sentence
NAMES = {"spread": "the spread of the mean differences", "smallest": "the smallest mean "
         "difference", "largest": "the largest mean difference",
         "inside the rope": "the count inside the rope"}


def share_further_out(replicated: np.ndarray, observed: float, outward: int) -> float:
    """The share of replicated values further out than the observed one, a tie counted half
    (the mid-p value: a count, unlike the other statistics, ties often, and counting ties
    fully on one side would flag a rope no data set reaches, where every set ties at 0).

    Parameters
    ----------
    replicated : numpy.ndarray
        The statistic in each replicated set.
    observed : float
        The statistic of the observed mean differences.
    outward : int
        1 if larger values are further out, -1 if smaller ones are.

    Returns
    -------
    float
        The posterior predictive p-value, in [0, 1].
    """
    further = outward * replicated > outward * observed
    return float(np.mean(further) + 0.5 * np.mean(replicated == observed))


@dataclass(frozen=True)
class ModelCheck:
    """The posterior predictive check of one hierarchical fit.

    Attributes
    ----------
    shares : dict
        For each statistic ("spread", "smallest", "largest", "inside the rope"), the share of
        replicated sets at least as far out as the observed, a tie counted half (as wide a
        spread, as low a smallest, as high a largest mean difference, as few inside the
        rope): a posterior predictive p-value.
    observed : dict
        Each statistic's observed value: the first three in the metric's units on the axis
        a − b, the last a number of data sets.
    replicated : dict
        Each statistic's values in the replicated sets (one set per posterior draw).
    datasets : tuple
        The data sets' names, in the order of the observed mean differences.
    xbar : numpy.ndarray
        The observed mean differences, a − b.
    rope : float
        The rope's half-width, in the metric's units.
    """

    shares: dict
    observed: dict
    replicated: dict
    datasets: tuple
    xbar: np.ndarray
    rope: float

    @property
    def flagged(self) -> list[str]:
        """The statistics whose observed value is extreme among the replicated sets'."""
        return [k for k, p in self.shares.items() if min(p, 1 - p) < EXTREME]


def closest(check: ModelCheck) -> tuple[str, float] | None:
    """The statistic nearest the flag when no statistic is flagged but one is within
    :data:`NEAR` times of it (a p-value below 0.03 or above 0.97).

    Parameters
    ----------
    check : ModelCheck
        The check.

    Returns
    -------
    tuple of (str, float) or None
        The statistic's name and its p-value; None when one is flagged or none is near.
    """
    if check.flagged:
        return None
    k = min(check.shares, key=lambda k: min(check.shares[k], 1 - check.shares[k]))
    p = check.shares[k]
    return (k, p) if min(p, 1 - p) < NEAR * EXTREME else None


def near_miss(check: ModelCheck) -> str:
    """The clause naming the statistic nearest an unraised flag (:func:`closest`).

    Parameters
    ----------
    check : ModelCheck
        The check.

    Returns
    -------
    str
        "; the closest, the largest mean difference, has p = 0.986 (flagged above 0.99)",
        or empty when none is near (or one is flagged).
    """
    found = closest(check)
    if found is None:
        return ""
    k, p = found
    bound = f"below {EXTREME:g}" if p < 0.5 else f"above {1 - EXTREME:g}"
    return f"; the closest, {NAMES[k]}, has p = {p_value(p)} (flagged {bound})"


def model_check(result, seed: int = 0) -> ModelCheck:
    """Check the hierarchical fit ``result`` against replicated sets of new data sets.

    Parameters
    ----------
    result : HierarchicalResult
        The hierarchical test's result (either engine).
    seed : int
        Seed of the replicated sets.

    Returns
    -------
    ModelCheck
        Each statistic's share of replicated sets at least as far out as observed.
    """
    xbar = np.asarray(result.xbar, dtype=float)
    replicated = replicated_means(result, seed=seed, new_datasets=True)
    observed = {k: float(f(xbar, result.rope)) for k, f in STATISTICS.items()}
    values = {k: f(replicated, result.rope) for k, f in STATISTICS.items()}
    shares = {k: share_further_out(values[k], observed[k], OUTWARD[k]) for k in STATISTICS}
    return ModelCheck(shares, observed, values, tuple(result.datasets), xbar,
                      float(result.rope))


def p_value(p: float) -> str:
    """A posterior predictive p-value as every report prints it: two decimals (4,000
    replicated sets: a Monte Carlo error near 0.01), three near the ends, where the flags
    are, and a bound beyond 0.001 or 0.999.

    Parameters
    ----------
    p : float
        The share of replicated sets further out.

    Returns
    -------
    str
        The text.
    """
    if p < 0.001 or p > 0.999:
        return "< 0.001" if p < 0.001 else "> 0.999"
    return f"{p:.2f}" if 0.05 <= p <= 0.95 else f"{p:.3f}"


def signed(x: float) -> str:
    """'+0.012' or '−0.300', with the minus sign the reports print."""
    return f"{x:+.3f}".replace("-", "\u2212")


def sentence(check: ModelCheck, a: str, b: str, where: str = "the model-check figure") -> str:
    """The check in words for a report: the four shares, and what a flagged one means.

    Parameters
    ----------
    check : ModelCheck
        The check.
    a, b : str
        The classifiers, in the comparison's order (positive differences: a scores better).
    where : str
        Where the reader sees the replicated values (a flagged check says to look there), or
        empty for a text without the figure (a paper's Results).

    Returns
    -------
    str
        Two to four sentences.
    """
    drawn = len(check.replicated["spread"])
    shares = [p_value(check.shares[k]) for k in STATISTICS]
    text = (f"Model check (posterior predictive p-values): {drawn} new sets of "
            f"{len(check.datasets)} data sets were drawn from the fitted population. The "
            "shares of sets at least as far out as observed, a tie counted half (as wide a "
            "spread of the mean differences, as low a smallest, as high a largest, as few "
            f"inside the rope), are {', '.join(shares[:-1])} and {shares[-1]}.")
    flagged = check.flagged
    if not flagged:
        return text + (f" None is below {EXTREME:g} or above {1 - EXTREME:g}: the check flags no "
                       f"misfit on these four statistics{near_miss(check)}.")
    parts = []
    for k in flagged:
        if k == "inside the rope":
            fewer = check.shares[k] < 0.5          # few replicated sets with as few inside
            median = np.median(check.replicated[k])
            parts.append(f"{int(check.observed[k])} of {len(check.xbar)} mean differences lie "
                         f"inside the rope, {'fewer' if fewer else 'more'} than the fitted "
                         f"population predicts (a median of {median:g} in the new sets)"
                         + (": the data sets may form two groups, one on each side of the "
                            "rope" if fewer else ""))
        elif k == "spread":
            wider = check.shares[k] < 0.5          # few replicated sets as wide
            parts.append("the mean differences are "
                         f"{'more' if wider else 'less'} spread out than the fitted population "
                         "predicts")
        else:
            i = int(np.argmax(check.xbar) if k == "largest" else np.argmin(check.xbar))
            favours = a if check.xbar[i] > 0 else b
            beyond = check.shares[k] < 0.5         # few replicated sets as far out
            parts.append(f"the {k} mean difference, on {check.datasets[i]} "
                         f"({signed(check.xbar[i])}, {favours} scores better), is "
                         f"{'further out' if beyond else 'less far out'} than the fitted "
                         "population predicts")
    look = f": look at {where} and at those data sets" if where else ""
    return text + (f" Outside {EXTREME:g} to {1 - EXTREME:g}: " + "; ".join(parts) + ". The "
                   f"fitted population does not reproduce this{look}.")


def note(c, where: str = "the model-check figure") -> str:
    """The sentence for a two-classifier result's reports, or empty without a check
    (``c.model_check`` is None: no hierarchical posterior, or one number everywhere).

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    where : str
        As for :func:`sentence`.

    Returns
    -------
    str
        The sentence, or empty.
    """
    check = getattr(c, "model_check", None)
    return sentence(check, c.a, c.b, where) if check is not None else ""


def pairs_sentence(many) -> str:
    """Every pair's model check in one sentence for the K-classifier report: the pairs whose
    check flags a statistic, or that none does. Each pair's check is its two-classifier
    result's (:attr:`Comparison.model_check`, computed on first use and kept: about a second
    a pair on 54 data sets with the exact engine, mostly its data sets' draws), so that
    ``compare`` on a flagged pair says the same, and names the data set and direction.

    Parameters
    ----------
    many : ManyComparison
        The result.

    Returns
    -------
    str
        The sentence, or empty when no pair has a hierarchical fit to check.
    """
    found = {pair: getattr(c, "model_check", None) for pair, c in many.pairs.items()}
    checks: dict[tuple, ModelCheck] = {p: check for p, check in found.items() if check is not None}
    if not checks:
        return ""
    named = {"inside the rope": "count inside the rope"}
    flagged = [f"{a} against {b} ({listed([named.get(k, k) for k in check.flagged])})"
               for (a, b), check in checks.items() if check.flagged]
    drawn = len(next(iter(checks.values())).replicated["spread"])
    checked = (f"Model check (posterior predictive p-values: each pair's data sets against "
               f"{drawn} new sets drawn from its fitted population, on the spread, smallest, "
               "largest and count inside the rope of the mean differences)")
    if not flagged:
        return (f"{checked}: no pair is flagged; every share lies between {EXTREME:g} and "
                f"{1 - EXTREME:g}.")
    return (f"{checked}: flagged, a share below {EXTREME:g} or above {1 - EXTREME:g}, for "
            f"{listed(flagged)}. The fitted population does not describe "
            + ("that pair's data sets well; its" if len(flagged) == 1 else
               "those pairs' data sets well; each one's")
            + " two-classifier report (compare) names the data set and which way.")


def listed(items: list[str]) -> str:
    """"a", "a and b", "a, b and c": the reports' lists of statistics and pairs."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
