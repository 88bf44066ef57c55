"""One call for a reader's own results: every analysis of the tutorial for two classifiers.

:func:`compare` reads a tidy table (or a CSV) of cross-validation results, checks it, orients
the differences so that "a better" always means *a is practically better* (also for a metric where lower is
better), and runs

- the Bayesian correlated t-test on each data set (JMLR §3),
- the Bayesian signed-rank test on the data sets' mean differences (JMLR §4.2),
- the hierarchical test, whose next-data-set probabilities are drawn on the simplex
  (Corani et al. 2017; the test of the blog and of ICMC TR 413),

then decides at the threshold (0.95). The report leads with one verdict in words (the
hierarchical test's; with one data set, that data set's); every sentence comes from the three
probabilities (:mod:`bayestut.analysis.wording`). The multi-data-set tests need at least two data
sets; with one, only the first test is run and the report says so. Two classifiers with
identical scores on every fold are practically equivalent with probability 1: no sampling.

A table of mean scores only (one per data set and classifier) gets the sign and signed-rank
tests (:class:`MeansComparison`, :mod:`bayestut.analysis.means`): the other two need every fold.
"""

from __future__ import annotations

import dataclasses
import os
import re
import warnings

import numpy as np
import pandas as pd

from ..errors import InputError
from ..data import FRACTION, Differences, check_score_range, paired_differences, read_results
from ..methods.correlated import correlated_bayesian_ttest
from ..methods.decisions import NO_DECISION, decide
from ..methods.diagnostics import ConvergenceWarning
from ..methods.hierarchical import (ADAPT_DELTA, ENGINE, ENGINES, NON_CENTRED,  # noqa: F401
                                    hierarchical_test)
from ..methods.nonparametric import sign_test, signed_rank_test
from ..methods.ties import means_resolution
from .comparison import (ABOUT, DELTA0, EXACT_ERROR, EXPECTED, EXPLANATIONS,  # noqa: F401
                         MANY_DATA_SETS, MEAN, SHARE, Comparison, MeansComparison, Overall,
                         caution, failed_checks, simplex_overall)
from .means import MIN_DATASETS, paired_means
from ..shapes import is_means_only
from ..methods.stan import check_environment
from ..simulation.planning import SIMS, check_counts, plan_differences

SIGNED_RANK_SAMPLES = 50_000
# The hierarchical test's defaults for a reader's results are hierarchical_test's own (the exact
# engine; for Stan every delta_i non-centred and adapt_delta 0.95): see methods/hierarchical.py.


def refusal(datasets) -> str:
    """Why the multi-data-set tests are not run, and what still applies."""
    names = ", ".join(repr(d) for d in datasets)
    return (f"the signed-rank and hierarchical tests compare classifiers over several data "
            f"sets and need at least {MIN_DATASETS}; these results hold {len(datasets)} "
            f"({names}). The Bayesian correlated t-test of that data set still applies: "
            "its posterior is in the per-data-set table and figure. Add data sets to compare "
            "over a population.")


def _is_number(value) -> bool:
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool)


def check_rope(rope, score_range=FRACTION) -> float:
    """The rope half-width: positive and narrower than the metric's range."""
    low, high = check_score_range(score_range)
    if not _is_number(rope) or not np.isfinite(rope) or rope <= 0:
        raise InputError(f"the rope must be a positive number in the metric's units "
                         f"(e.g. rope=0.01, --rope 0.01: one point of accuracy or AUC), "
                         f"got {rope!r}")
    if rope >= high - low:
        raise InputError(f"the rope ±{rope:g} is as wide as the metric's whole range "
                         f"[{low:g}, {high:g}]: every difference would count as equivalent. "
                         "Give the rope as a fraction (0.01, not 1) or declare the metric's range")
    return float(rope)


def _whole(name: str, value, low: int, high: int, flag: str) -> int:
    whole = isinstance(value, (int, np.integer)) and not isinstance(value, bool)
    if not whole or not low <= value <= high:
        raise InputError(f"{name} must be a whole number from {low} to {high} ({flag}), "
                         f"got {value!r}")
    return int(value)


def check_settings(threshold, seed, chains, warmup, draws, adapt_delta, non_centred,
                   signed_rank_samples) -> None:
    """Every sampler setting of compare(), checked before any work is done."""
    if not _is_number(threshold) or not 0.5 <= threshold < 1.0:
        raise InputError(f"the decision threshold must be a number in [0.5, 1) "
                         f"(threshold=0.95, --threshold 0.95), got {threshold!r}")
    _whole("seed", seed, 0, 2**31 - 1, "--seed")
    _whole("chains", chains, 1, 64, "--chains")
    _whole("warmup", warmup, 20, 10**6, "--warmup")
    _whole("draws", draws, 20, 10**6, "--draws")
    _whole("signed_rank_samples", signed_rank_samples, 1000, 10**8, "Python only")
    if not _is_number(adapt_delta) or not 0.5 <= adapt_delta < 1.0:
        raise InputError(f"adapt_delta must be a number in [0.5, 1), e.g. 0.95 "
                         f"(--adapt-delta 0.95), got {adapt_delta!r}")
    if not (non_centred in ("auto", "moments") if isinstance(non_centred, str)
            else isinstance(non_centred, bool)):
        raise InputError(f"non_centred must be 'moments', 'auto', True or False (--non-centred "
                         f"moments/auto/all/none), got {non_centred!r}")


def check_flag(name: str, value, flag: str) -> bool:
    """A yes/no option: True or False only. A string such as "no" or "False" is truthy in
    Python and would silently reverse (lower_is_better) or erase (percent) the verdict."""
    if not isinstance(value, (bool, np.bool_)):
        raise InputError(f"{name} must be True or False ({flag}), got {value!r}")
    return bool(value)


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


def metric_direction(score: str, lower_is_better) -> bool:
    """lower_is_better as given (True or False), or, when it is None, False unless the score
    column's name says loss or error: then the direction must be stated."""
    camel = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", str(score))        # valLoss: val Loss
    words = set(re.split(r"[^a-z0-9]+", camel.lower())) - {""}
    if lower_is_better is None:
        if words & LOSS_WORDS and "neg" not in words:
            raise InputError(f"the score column {score!r} is named like an error or a loss, "
                             "where lower scores are better: say which direction is better "
                             "with lower_is_better=True (--lower-is-better), or "
                             "lower_is_better=False (--higher-is-better) if higher is better")
        return False
    lower = check_flag("lower_is_better", lower_is_better, "--lower-is-better")
    if lower and words & GAIN_WORDS and not words & LOSS_WORDS:
        raise InputError(f"lower_is_better=True (--lower-is-better), but the score column "
                         f"{score!r} is named like a metric where higher is better: drop "
                         "--lower-is-better, or rename the column if it holds an error")
    return lower


def oriented_differences(results: pd.DataFrame, a: str, b: str,
                         lower_is_better: bool) -> Differences:
    """score(a) - score(b), negated when lower scores are better: positive means a is better."""
    d = paired_differences(results, a, b)
    if lower_is_better:
        d = dataclasses.replace(d, x=-d.x)
    largest = np.abs(d.x).max()
    if largest > 1.0:
        raise InputError(f"differences up to {largest:g} in the metric's units: the tests expect "
                         "differences within ±1. Express the metric in larger units (divide the "
                         "scores and the rope by the same power of ten): no probability changes")
    return d


def check_variation(d: Differences) -> None:
    """Every data set's differences constant, but not all equal: the hierarchical model has
    no fold-to-fold variation to learn the data sets' noise from, and no exact answer exists."""
    constant = np.ptp(d.x, axis=1) == 0
    if constant.all() and np.ptp(d.x) > 0:
        shown = ", ".join(f"{n}: {v:g}" for n, v in zip(d.datasets[:4], d.x[:4, 0]))
        more = ", ..." if len(d.datasets) > 4 else ""
        raise InputError(f"on every data set the difference {d.a} - {d.b} is the same on every "
                         f"fold ({shown}{more}): these look like "
                         "one score per data set copied to every fold. Give each fold's own "
                         "score; the hierarchical test needs the folds' variation")


def compare_means(table: pd.DataFrame, a: str, b: str, *, rope: float, lower_is_better: bool,
                  metric: str, threshold: float, seed: int, signed_rank_samples: int,
                  options: dict) -> MeansComparison:
    """The sign and signed-rank tests of a against b on a checked means-only table
    (:mod:`bayestut.analysis.means`)."""
    d = paired_means(table, a, b, lower_is_better)
    return MeansComparison(
        a=d.a, b=d.b, metric=metric, rope=rope, threshold=threshold,
        lower_is_better=lower_is_better, differences=d, per_dataset=None,
        signed_rank=signed_rank_test(d, rope=rope, n_samples=signed_rank_samples, seed=seed,
                                     resolution=means_resolution(table["score"])),
        hierarchical=None, refused=None, options=options,
        sign=sign_test(d, rope=rope, n_samples=signed_rank_samples, seed=seed,
                       resolution=means_resolution(table["score"])))


def check_about(about) -> None:
    if about not in ABOUT:
        raise InputError(f"about must be one of {', '.join(map(repr, ABOUT))} (what the verdict "
                         f"decides on; --about delta0), got {about!r}")


def check_engine(engine) -> None:
    if engine not in ENGINES:
        raise InputError(f"engine must be one of {', '.join(ENGINES)} (--engine exact), "
                         f"got {engine!r}")


def compare(results, a=None, b=None, *, rope: float = 0.01, lower_is_better: bool | None = None,
            score: str = "score", score_range=FRACTION, percent: bool = False,
            threshold: float = 0.95, seed: int = 0, signed_rank_samples: int = SIGNED_RANK_SAMPLES,
            chains: int = 4, warmup: int = 1000, draws: int = 1000,
            adapt_delta: float = ADAPT_DELTA, non_centred=NON_CENTRED, engine: str = ENGINE,
            progress: bool = False, plan: int | None = None,
            about: str = "new data set") -> Comparison:
    """Compare classifiers ``a`` and ``b`` on a reader's cross-validation results.

    ``results``: a DataFrame or the path of a CSV in any of the shapes of
    :mod:`bayestut.shapes`: tidy (``dataset, classifier, run, fold`` and the metric in column
    ``score``) or wide (one column per classifier), per fold or means only; classifier names
    are matched as text. With means only, the sign and signed-rank tests run
    (:mod:`bayestut.analysis.means`): the correlated t-test and the hierarchical test need
    every fold. ``score_range``: the values the metric can take, e.g. (0, inf) for
    log-loss; ``percent=True`` for scores in percent. ``rope`` is in the metric's units.
    ``lower_is_better=True`` for error rates and losses (a score column named like one,
    e.g. "error" or "logloss", needs True or False said). The hierarchical model's sampler:
    ``chains``, ``warmup``, ``draws`` (per chain), ``adapt_delta`` (NUTS's target acceptance
    rate; default 0.95), ``non_centred`` (True, the default: every data set's delta_i sampled
    non-centred; False; or "moments" or "auto", chosen per data set) and ``seed`` (also of
    the signed-rank test's Monte Carlo). ``engine``: "exact"
    (the default: the hierarchical posterior by numerical integration; the sampler settings
    are then unused) or "stan" (MCMC). ``plan=m``: under a "no decision" verdict, add the
    probability that m more data sets like these would give one (bayestut.simulation.planning;
    about a minute). ``about``: what the verdict decides on, "new data set" (the papers' rule,
    the default) or "delta0" (the mean difference δ₀, a method paper's claim); every report
    shows both.
    """
    if a is None or b is None:      # the command line's compare with no names is compare_all
        raise InputError("compare() compares two classifiers: name both, e.g. "
                         "compare(results, 'mine', 'baseline'); for every pair of the table's "
                         "classifiers call bayestut.compare_all(results)")
    rope = check_rope(rope, score_range)
    check_engine(engine)
    check_settings(threshold, seed, chains, warmup, draws, adapt_delta, non_centred,
                   signed_rank_samples)
    lower_is_better = metric_direction(score, lower_is_better)
    percent = check_flag("percent", percent, "--percent")
    progress = check_flag("progress", progress, "Python only")
    check_environment()
    plan = None if plan is None else check_counts(plan, "plan=10, --plan 10")
    check_about(about)
    table = read_results(results, score=score, percent=percent, score_range=score_range,
                         classifiers=[a, b])
    options = dict(seed=seed, signed_rank_samples=signed_rank_samples, chains=chains,
                   warmup=warmup, draws=draws, adapt_delta=adapt_delta, non_centred=non_centred,
                   engine=engine, percent=percent,
                   results=str(results) if isinstance(results, (str, os.PathLike)) else None)
    if about != ABOUT[0] and is_means_only(table):
        raise InputError("about='delta0' (--about delta0) decides on the hierarchical test's "
                         "mean difference δ₀, which needs the score of every fold; these results "
                         "hold mean scores only: give every fold's score, or drop the option")
    if is_means_only(table):
        return compare_means(table, str(a), str(b), rope=rope, lower_is_better=lower_is_better,
                             metric=score, threshold=threshold, seed=seed,
                             signed_rank_samples=signed_rank_samples, options=options)
    d = oriented_differences(table, str(a), str(b), lower_is_better)
    per_dataset = correlated_bayesian_ttest(d.x, d.rho, d.a, d.b)
    signed_rank = hierarchical = refused = None
    if len(d.datasets) < MIN_DATASETS:
        refused = refusal(d.datasets)
        if about != ABOUT[0]:
            raise InputError("about='delta0' (--about delta0) decides on the mean difference δ₀ "
                             f"over data sets, which needs at least {MIN_DATASETS}: " + refused)
    else:
        signed_rank = signed_rank_test(d, rope=rope, n_samples=signed_rank_samples, seed=seed)
        check_variation(d)
        if np.ptp(d.x) > 0:     # one constant difference everywhere is a point mass: exact
            with warnings.catch_warnings():
                # the report lists every sampling problem itself (Comparison.diagnostics)
                warnings.simplefilter("ignore", ConvergenceWarning)
                hierarchical = hierarchical_test(
                    d, rope=rope, seed=seed, chains=chains, warmup=warmup, draws=draws,
                    adapt_delta=adapt_delta, non_centred=non_centred, progress=progress,
                    engine=engine)
    planned = None
    if plan and hierarchical is not None and decide(hierarchical.probabilities, threshold) == NO_DECISION:
        planned = plan_differences(d, plan, rope=rope, threshold=threshold, sims=SIMS, seed=seed,
                                   progress=progress)
    return Comparison(a=d.a, b=d.b, metric=score, rope=rope, threshold=threshold,
                      lower_is_better=lower_is_better, differences=d, per_dataset=per_dataset,
                      signed_rank=signed_rank, hierarchical=hierarchical, refused=refused,
                      options=options, plan=planned, about=about)
