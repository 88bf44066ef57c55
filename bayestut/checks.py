"""Every scalar setting, checked once, by one rule, here (after scikit-learn's declared
parameter constraints).

:data:`CONSTRAINTS` declares each setting's kind and bounds, and how a reader gives it; one
function, :func:`check`, checks a value against it and raises an :class:`InputError` naming
the setting, what it must be and the option that sets it. ``compare``, ``compare_all``,
``plan`` and the methods call it, so that a rule and its message are written once. The few
rules that are more than a kind and bounds are here too: the rope (:func:`check_rope`), the
metric's range, its direction (:func:`metric_direction`), differences within ±1
(:func:`check_within_one`) and joblib's backend (:func:`check_backend`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np

from .errors import InputError

FRACTION = (0.0, 1.0)      # the range of accuracy, AUC, F1, ...: the default metric range


@dataclass(frozen=True)
class Whole:
    """A whole number (int or a NumPy integer, not a bool) from ``low`` to ``high``."""

    low: int
    high: int
    nonzero: bool = False

    def holds(self, value) -> bool:
        whole = isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))
        return whole and self.low <= value <= self.high and not (self.nonzero and value == 0)

    def __str__(self) -> str:
        return (f"a whole number from {self.low} to {self.high}"
                + (" other than 0" if self.nonzero else ""))


@dataclass(frozen=True)
class Real:
    """A finite real number (not a bool) in [low, high) or [low, high]."""

    low: float
    high: float
    high_closed: bool = False

    def holds(self, value) -> bool:
        number = (isinstance(value, (int, float, np.integer, np.floating))
                  and not isinstance(value, (bool, np.bool_)))
        return (number and math.isfinite(value) and self.low <= value
                and (value <= self.high if self.high_closed else value < self.high))

    def __str__(self) -> str:
        return f"a number in [{self.low:g}, {self.high:g}{']' if self.high_closed else ')'}"


@dataclass(frozen=True)
class Flag:
    """True or False only: a string such as "no" or "False" is truthy in Python and would
    silently reverse (lower_is_better) or erase (percent) a verdict."""

    def holds(self, value) -> bool:
        return isinstance(value, (bool, np.bool_))

    def __str__(self) -> str:
        return "True or False"


@dataclass(frozen=True)
class Choice:
    """One of a few names (or values)."""

    options: tuple

    def holds(self, value) -> bool:
        return any(value is o or (type(value) is type(o) and value == o) for o in self.options)

    def __str__(self) -> str:
        shown = [repr(o) for o in self.options]
        return ", ".join(shown[:-1]) + " or " + shown[-1]


Constraint = Whole | Real | Flag | Choice

# {setting: (constraint, how a reader gives it)}
CONSTRAINTS: dict[str, tuple[Constraint, str]] = {
    "threshold": (Real(0.5, 1.0), "threshold=0.95, --threshold 0.95"),
    "seed": (Whole(0, 2**31 - 1), "--seed"),
    "chains": (Whole(1, 64), "--chains"),
    "warmup": (Whole(20, 10**6), "--warmup"),
    "draws": (Whole(20, 10**6), "--draws"),
    "signed_rank_samples": (Whole(1000, 10**8), "Python only"),
    "adapt_delta": (Real(0.5, 1.0), "e.g. 0.95, --adapt-delta 0.95"),
    "non_centred": (Choice(("moments", "auto", True, False)),
                    "--non-centred all/none/auto/moments"),
    "engine": (Choice(("exact", "stan")), "--engine exact"),
    # the command line's spelling too: a reader copying --about new-data-set is not refused
    "about": (Choice(("new data set", "new-data-set", "delta0")),
              "what the verdict decides on; about='delta0', --about delta0"),
    "n_jobs": (Whole(-4096, 4096, nonzero=True),
               "1: one at a time, -1: as many at once as there are cores; --jobs"),
    "sims": (Whole(1, 10**6), "sims=120, --sims 120"),
    "percent": (Flag(), "--percent"),
    "lower_is_better": (Flag(), "--lower-is-better / --higher-is-better"),
    "ranking": (Flag(), "--no-ranking"),
    "progress": (Flag(), "Python only"),
    "prior_check": (Flag(), "prior_check=True, --prior-check"),
}


def check(name: str, value):
    """``value`` if it meets the constraint declared for ``name`` in :data:`CONSTRAINTS`.

    Parameters
    ----------
    name : str
        The setting's name, a key of :data:`CONSTRAINTS`.
    value
        What the reader gave.

    Returns
    -------
    int, float, bool or str
        The value as a plain Python number, bool or name.

    Raises
    ------
    InputError
        Naming the setting, what it must be and how to give it.
    """
    constraint, how = CONSTRAINTS[name]
    if not constraint.holds(value):
        raise InputError(f"{name} must be {constraint} ({how}), got {value!r}")
    if isinstance(constraint, Whole):
        return int(value)
    if isinstance(constraint, Flag):
        return bool(value)
    return float(value) if isinstance(constraint, Real) else value


def check_all(**settings) -> dict:
    """Every setting given by name checked with :func:`check`; the checked values, by name."""
    return {name: check(name, value) for name, value in settings.items()}


def check_score_range(score_range) -> tuple[float, float]:
    """The metric's range (low, high) as floats with low < high.

    Parameters
    ----------
    score_range : pair of numbers
        The values the metric can take; ±inf for no bound.

    Returns
    -------
    tuple of float
        (low, high).
    """
    try:
        low, high = (float(v) for v in score_range)
    except (TypeError, ValueError):
        raise InputError(f"give the score range as two numbers (low, high), got {score_range!r}") from None
    if not low < high:
        raise InputError(f"the score range needs low < high, got [{low:g}, {high:g}]")
    return low, high


def check_rope(rope, score_range=FRACTION, positive: bool = True) -> float:
    """The rope's half-width: a finite number narrower than the metric's range.

    Parameters
    ----------
    rope : float
        The half-width, in the metric's units.
    score_range : pair of numbers
        The metric's range (default: fractions, [0, 1]).
    positive : bool
        True for the analyses that decide equivalence (compare, compare_all, plan, the
        hierarchical test); False lets the sign and signed-rank tests take a rope of 0.

    Returns
    -------
    float
        The rope.
    """
    low, high = check_score_range(score_range)
    number = Real(0.0, math.inf).holds(rope)
    if not number or (positive and rope == 0):
        least = "a positive number" if positive else "a number of at least 0"
        raise InputError(f"the rope must be {least} in the metric's units (e.g. rope=0.01, "
                         f"--rope 0.01: one point of accuracy or AUC), got {rope!r}")
    if rope >= high - low:      # the fix echoes the rope given: ±2 meant as 2 points is 0.02
        width, unit = high - low, "percentage point" + ("" if rope == 1 else "s")
        meant = f"{rope:g} {unit}" if (low, high) == FRACTION else f"{rope:g}% of that range"
        fix = (f"If you meant {meant}, give rope={rope * width / 100:g} (--rope "
               f"{rope * width / 100:g}); otherwise give" if rope < 100 else "Give")
        raise InputError(f"the rope ±{rope:g} is at least as wide as the metric's whole range "
                         f"[{low:g}, {high:g}]: every difference would count as equivalent. "
                         f"{fix} a narrower rope, or declare the metric's range (--score-range)")
    return float(rope)


# the data sets a ceiling note names before "and N more"
CEILING_NAMED = 5


def at_ceiling(mean_scores, score_range, rope: float, lower_is_better: bool) -> np.ndarray:
    """Which data sets have both classifiers' mean scores within the rope of the metric's best
    bound (AUC or accuracy near 1, an error near 0): there the mean difference cannot leave
    the rope, whatever the classifiers' real difference.

    Parameters
    ----------
    mean_scores : sequence of (float, float)
        Each data set's mean score of both classifiers, in the analysis's units.
    score_range : pair of numbers
        The metric's range; an infinite best bound has no ceiling.
    rope : float
        The rope's half-width.
    lower_is_better : bool
        Whether the best bound is the lower one.

    Returns
    -------
    numpy.ndarray
        One bool per data set, in the given order.
    """
    best = float(score_range[0] if lower_is_better else score_range[1])
    means = np.asarray(mean_scores, dtype=float).reshape(-1, 2)
    if not math.isfinite(best):
        return np.zeros(len(means), dtype=bool)
    return np.asarray((np.abs(means - best) <= rope).all(axis=1))


def ceiling_note(datasets, best: float, where: str = "") -> str:
    """The report's note naming the data sets :func:`at_ceiling` found; empty when none.

    Parameters
    ----------
    datasets : sequence of str
        Their names.
    best : float
        The metric's best score, as the reader gives scores (100 with percent).
    where : str
        With K classifiers, which classifiers lie there on each data set ("on monks the mean
        scores of a, b and c lie within the rope of it; on iris those of b and c"), in place
        of the two classifiers' phrase; empty for two.

    Returns
    -------
    str
        Its sentences, or empty.
    """
    names = [str(n) for n in datasets]
    if not names:
        return ""
    shown = ", ".join(names[:CEILING_NAMED]) + (
        f" and {len(names) - CEILING_NAMED} more" if len(names) > CEILING_NAMED else "")
    pull = "this data set pulls" if len(names) == 1 else "these data sets pull"
    between = "Between any two of them, the" if where else "The"
    where = where or f"on {shown} both classifiers' mean scores lie within the rope of it"
    return (f"Near the best score possible ({best:g}): {where}. {between} mean difference "
            f"there cannot leave the rope, whatever their real difference; {pull} the verdict "
            "towards equivalent. A harder data set or a finer metric could tell them apart.")


def check_within_one(x) -> None:
    """Refuse differences beyond ±1: the tests' scales (the rope, the priors' bounds) assume a
    metric in fractions. One rule and one message for every test."""
    x = np.asarray(x, dtype=float)
    largest = np.nanmax(np.abs(x)) if x.size else 0.0
    if largest > 1.0:
        raise InputError(f"differences up to {largest:g} in the metric's units: the tests expect "
                         "differences within ±1. Express the metric in larger units (divide "
                         "the scores and the rope by the same power of ten): no probability "
                         "changes; if the scores are percentages, give fractions instead "
                         "(divide by 100, or percent=True; on the command line --percent)")


def check_backend(backend, threads_only: bool = False) -> None:
    """joblib's backend: None (joblib's default), a registered name or a backend object;
    an unknown one is an InputError, not joblib's ValueError. ``threads_only``: refuse the
    process backends, for work that may start PyStan (it forks, which deadlocks in them)."""
    import joblib

    if backend is None:
        return
    if isinstance(backend, str):
        known = sorted(joblib.parallel.BACKENDS)
        if backend not in known:
            raise InputError(f"unknown joblib backend {backend!r}: choose one of {known} "
                             "(or register yours with joblib.register_parallel_backend)")
        kind = joblib.parallel.BACKENDS[backend]
    elif isinstance(backend, joblib.parallel.ParallelBackendBase):
        kind = type(backend)
    else:
        raise InputError(f"backend must be a joblib backend's name, e.g. 'threading' or "
                         f"'loky', got {backend!r}")
    if threads_only and not getattr(kind, "uses_threads", False):
        raise InputError(f"backend {backend!r} runs the pairs in other processes, where PyStan "
                         "hangs or cannot start: use backend='threading' (the default; the "
                         "sampling itself runs in parallel processes) or 'sequential'")


# A score column named like a loss, without lower_is_better, is refused rather than read as
# higher-is-better with a warning: a forgotten flag would reverse the verdict, and a warning
# can be missed (it scrolls by, or a script discards it) while the reversed verdict is what
# gets quoted. Refusing costs one explicit flag: lower_is_better=True or False
# (--lower-is-better / --higher-is-better). Names are split into words at anything but
# letters and digits, and at camelCase; "neg" (scikit-learn's neg_log_loss, negated so that
# higher is better) clears it.
LOSS_WORDS = {"error", "errors", "err", "loss", "logloss", "mse", "rmse", "mae", "mape",
              "msle", "rmsle", "brier", "nll", "deviance", "cost", "risk", "regret",
              "misclassification", "hamming", "crossentropy", "entropy", "perplexity"}
GAIN_WORDS = {"accuracy", "acc", "auc", "f1", "kappa", "precision", "recall"}


def metric_direction(score: str, lower_is_better, what: str = "the score column") -> bool:
    """Whether lower scores are better.

    Parameters
    ----------
    score : str
        The score column's name.
    lower_is_better : bool or None
        As the reader gave it; None: False, unless the column's name says loss or error
        (then the direction must be said).
    what : str
        What ``score`` names, for the message (the metric's name given for the reports too).

    Returns
    -------
    bool
        True when lower scores are better.
    """
    camel = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", str(score))        # valLoss: val Loss
    words = set(re.split(r"[^a-z0-9]+", camel.lower())) - {""}
    if lower_is_better is None:
        if words & LOSS_WORDS and "neg" not in words:
            raise InputError(f"the score column {score!r} is named like an error or a loss, "
                             "where lower scores are better: say which direction is better "
                             "with lower_is_better=True (--lower-is-better), or "
                             "lower_is_better=False (--higher-is-better) if higher is better")
        return False
    lower = check("lower_is_better", lower_is_better)
    if lower and words & GAIN_WORDS and not words & LOSS_WORDS:
        raise InputError(f"lower_is_better=True (--lower-is-better), but {what} "
                         f"{score!r} is named like a metric where higher is better: drop "
                         "--lower-is-better, or rename it if it holds an error")
    return lower
