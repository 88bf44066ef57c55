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
import warnings

import numpy as np
import pandas as pd

from ..checks import (FRACTION, GAIN_WORDS, LOSS_WORDS, check, check_all,  # noqa: F401
                      check_within_one, check_rope, metric_direction)
from ..errors import InputError
from ..data import Differences, Results, open_results, paired_differences
from ..methods.correlated import correlated_bayesian_ttest
from ..methods.decisions import NO_DECISION, decide
from ..methods.diagnostics import ConvergenceWarning
from ..methods.hierarchical import (ADAPT_DELTA, ENGINE, ENGINES, NON_CENTRED,  # noqa: F401
                                    hierarchical_test)
from ..methods.nonparametric import sign_test, signed_rank_test
from ..methods.ties import means_resolution
from .comparison import (ABOUT, DELTA0, EXPECTED, MEAN, SHARE,  # noqa: F401 (test_many reads them)
                         Comparison, PairResult)
from .comparison_text import EXACT_ERROR, caution  # noqa: F401 (tests read them here)
from .means_comparison import MeansComparison
from .options import DEFAULT_ROPE, rope_defaulted
from .means import MIN_DATASETS, NOT_RUN, paired_means
from .writeup_caveats import metric_name_checked, rope_chosen_checked, rope_reason_checked
from .writeup_tables import mean_scores
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


def oriented_differences(results: pd.DataFrame, a: str, b: str,
                         lower_is_better: bool) -> Differences:
    """score(a) - score(b), negated when lower scores are better: positive means a is better.

    Parameters
    ----------
    results : pandas.DataFrame
        A checked tidy per-fold table (:attr:`bayestut.data.Results.table`).
    a, b : str
        The two classifiers.
    lower_is_better : bool
        The metric's direction.

    Returns
    -------
    Differences
        One row per data set, one column per fold.
    """
    d = paired_differences(results, a, b)
    if lower_is_better:
        d = dataclasses.replace(d, x=-d.x)
    check_within_one(d.x)
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
                  options: dict, not_run: str = NOT_RUN) -> MeansComparison:
    """The sign and signed-rank tests of a against b on a checked means-only table
    (:mod:`bayestut.analysis.means`).

    Parameters
    ----------
    table : pandas.DataFrame
        A checked means-only table (``dataset, classifier, score``).
    a, b : str
        The two classifiers.
    rope, lower_is_better, metric, threshold, seed, signed_rank_samples
        Checked settings, as for :func:`compare`.
    options : dict
        The settings the report states.
    not_run : str
        The sentence saying which tests did not run, and why.

    Returns
    -------
    MeansComparison
        Both tests' posteriors.
    """
    d = paired_means(table, a, b, lower_is_better)
    return MeansComparison(
        a=d.a, b=d.b, metric=metric, rope=rope, threshold=threshold,
        lower_is_better=lower_is_better, differences=d,
        signed_rank=signed_rank_test(d, rope=rope, n_samples=signed_rank_samples, seed=seed,
                                     resolution=means_resolution(table["score"])),
        options=options, not_run=not_run,
        sign=sign_test(d, rope=rope, n_samples=signed_rank_samples, seed=seed,
                       resolution=means_resolution(table["score"])))


def compare(results, a=None, b=None, *, rope: float = DEFAULT_ROPE, lower_is_better: bool | None = None,
            score: str = "score", score_range=FRACTION, percent: bool = False,
            threshold: float = 0.95, seed: int = 0, signed_rank_samples: int = SIGNED_RANK_SAMPLES,
            chains: int = 4, warmup: int = 1000, draws: int = 1000,
            adapt_delta: float = ADAPT_DELTA, non_centred=NON_CENTRED, engine: str = ENGINE,
            progress: bool = False, plan: int | None = None,
            about: str = "new data set", prior_check: bool = False,
            rope_reason: str | None = None, metric_name: str | None = None,
            rope_chosen: str | None = None) -> PairResult:
    """Compare classifiers ``a`` and ``b`` on a reader's cross-validation results.

    Parameters
    ----------
    results : pandas.DataFrame, str, Path or Results
        The table in any of the shapes of :mod:`bayestut.shapes` (tidy: ``dataset,
        classifier, run, fold`` and the metric in column ``score``; or wide, one column per
        classifier; per fold or means only), the path of such a CSV, or a table read once
        by :func:`bayestut.data.open_results` (then trusted as it is). With means only, the
        sign and signed-rank tests run (:mod:`bayestut.analysis.means`): the correlated
        t-test and the hierarchical test need every fold.
    a, b : str, optional
        The two classifiers, matched as text. Name none when the results hold exactly two:
        they are compared in the order they first appear (the report says so; the verdict
        does not depend on the order). With more than two, name two, or call
        :func:`bayestut.compare_all` for every pair (an InputError says so).
    rope : float
        Half-width of the region of practical equivalence, in the metric's units (default:
        the papers' 0.01, which the reports then say is the default).
    lower_is_better : bool or None
        True for error rates and losses (a score column named like one, e.g. "error" or
        "logloss", needs True or False said).
    score : str
        The column holding the metric.
    score_range : pair of numbers
        The values the metric can take, e.g. (0, inf) for log-loss.
    percent : bool
        The scores are in percent (divided by 100; the rope stays a fraction).
    threshold : float
        The probability a decision needs, in [0.5, 1).
    seed : int
        Seed of the samplers and of the signed-rank test's Monte Carlo.
    signed_rank_samples : int
        Monte Carlo draws of the signed-rank (and sign) test.
    chains, warmup, draws, adapt_delta, non_centred
        Stan's sampler (``engine="stan"`` only): chains, warm-up and kept draws per chain,
        NUTS's target acceptance rate, and the parametrisation of each delta_i (True: all
        non-centred; False; "moments" or "auto": chosen per data set).
    engine : str
        "exact" (the default: the hierarchical posterior by numerical integration) or
        "stan" (MCMC).
    progress : bool
        Show Stan's progress.
    plan : int, optional
        Under a "no decision" verdict, add the probability that this many more data sets
        like these would give one (:mod:`bayestut.simulation.planning`; about half a
        minute for 50 data sets).
    about : str
        What the verdict decides on: "new data set" (the papers' rule, the default) or
        "delta0" (the mean difference δ₀ over data sets, a method paper's claim); every report
        shows both.
    prior_check : bool
        Whether the reports say how the decision depends on the prior on ν
        (:mod:`~bayestut.analysis.prior_check`: a refit per prior, about three times the
        hierarchical fit's time; ``result.prior_check`` computes it on demand either way).
    rope_reason : str, optional
        Why the rope is of no practical consequence, as the paper's Methods continue "Differences
        within ±rope ... were deemed of no practical consequence" (e.g. "because it is below the
        spread of accuracies between runs"); without it, the Methods hold a placeholder.
    metric_name : str, optional
        The metric's name in the paragraphs for a paper and the figures (e.g. "balanced
        accuracy"); default: the score column's name.
    rope_chosen : {"before", "after"}, optional
        When the rope was chosen: "after" the results were seen makes the paper's Methods say
        so and point to the rope's check; default: the Methods say nothing of when.

    Returns
    -------
    Comparison or MeansComparison
        Every analysis of a against b (:class:`MeansComparison` with means only; both are
        :class:`~bayestut.analysis.comparison.PairResult`), whatever the number of
        classifiers in the results: K classifiers are :func:`bayestut.compare_all`'s, which
        returns a :class:`~bayestut.analysis.many_comparison.ManyComparison`.
    """
    if (a is None) != (b is None):
        raise InputError("compare() compares two classifiers: name both, e.g. "
                         "compare(results, 'mine', 'baseline'), or none when the results hold "
                         "exactly two; for every pair of more classifiers call "
                         "bayestut.compare_all(results)")
    settings = check_all(threshold=threshold, seed=seed, chains=chains, warmup=warmup,
                         draws=draws, signed_rank_samples=signed_rank_samples,
                         adapt_delta=adapt_delta, non_centred=non_centred, engine=engine,
                         progress=progress, prior_check=prior_check)
    defaulted = rope_defaulted(rope)
    rope = check_rope(rope, results.score_range if isinstance(results, Results) else score_range)
    check_environment()
    counts = None if plan is None else check_counts(plan, "plan=10, --plan 10")
    about = check("about", about).replace("-", " ")      # one spelling inside
    rope_reason = rope_reason_checked(rope_reason)
    rope_chosen = rope_chosen_checked(rope_chosen)
    metric_name = metric_name_checked(metric_name)
    if metric_name and lower_is_better is not None:   # --metric-name AUC --lower-is-better
        metric_direction(metric_name, lower_is_better, "the metric's name (metric_name)")
    data = open_results(results, score=score, percent=percent, score_range=score_range,
                        classifiers=None if a is None else [a, b],
                        lower_is_better=lower_is_better)
    unnamed = a is None
    if unnamed:
        a, b = file_order(data)
    found = compare_checked(data, str(a), str(b), rope=rope, plan=counts, about=about,
                            **settings)
    if defaulted:       # the settings line says so (comparison_text.settings)
        found.options["rope_default"] = True
    if unnamed:         # the report says so in one line (comparison_text.orientation)
        found.options["file_order"] = True
    if rope_reason:     # the paper's Methods (writeup)
        found.options["rope_reason"] = rope_reason
    if rope_chosen:     # when, in the paper's Methods
        found.options["rope_chosen"] = rope_chosen
    if metric_name:     # the metric as the write-ups and figures name it
        found.options["metric_name"] = metric_name
    if data.only_score_column:      # not named: the orientation line says which was read
        found.options["only_score_column"] = True
    return found


def file_order(data: Results) -> tuple[str, str]:
    """The two classifiers of results that hold exactly two, none named: in the order they
    first appear (the verdict does not depend on it; only which comes first in the report).

    Parameters
    ----------
    data : Results
        The table, read with no classifiers named.

    Returns
    -------
    tuple of str
        The first classifier and the second.
    """
    names = data.classifiers
    if len(names) != 2:
        shown = ", ".join(repr(str(n)) for n in names)
        raise InputError(f"these results hold {len(names)} classifiers ({shown}): name the two "
                         "to compare, e.g. compare(results, 'mine', 'baseline'), or call "
                         "bayestut.compare_all(results) for every pair and a ranking")
    return str(names[0]), str(names[1])


def compare_checked(data: Results, a: str, b: str, d: Differences | None = None, *,
                    rope: float, threshold: float, seed: int, signed_rank_samples: int,
                    chains: int, warmup: int, draws: int, adapt_delta: float, non_centred,
                    engine: str, progress: bool, plan: tuple | None = None,
                    about: str = "new data set", prior_check: bool = False) -> PairResult:
    """:func:`compare` on checked input, checking nothing again (compare_all calls it for
    every pair).

    Parameters
    ----------
    data : Results
        The table, read through :func:`bayestut.data.open_results`.
    a, b : str
        The two classifiers.
    d : Differences, optional
        Their oriented differences, when already computed.
    rope, threshold, seed, signed_rank_samples, chains, warmup, draws, adapt_delta, \
non_centred, engine, progress, plan, about, prior_check
        Checked settings, as for :func:`compare`.

    Returns
    -------
    Comparison or MeansComparison
        As :func:`compare`.
    """
    options = dict(seed=seed, signed_rank_samples=signed_rank_samples, chains=chains,
                   warmup=warmup, draws=draws, adapt_delta=adapt_delta, non_centred=non_centred,
                   engine=engine, percent=data.percent, score_range=data.score_range,
                   results=data.source, prior_check=prior_check,
                   # the largest score as given: at most 1 with percent, the scores may have
                   # been fractions, every difference 100 times too small (verdict_notes)
                   percent_largest=float(data.table["score"].max()) * 100 if data.percent
                   else None)
    if about != ABOUT[0] and data.means_only:
        raise InputError("about='delta0' (--about delta0) decides on the hierarchical test's "
                         "mean difference δ₀, which needs the score of every fold; these results "
                         "hold mean scores only: give every fold's score, or drop the option")
    if data.means_only:
        not_run = NOT_RUN + (PLAN_NOT_RUN if plan else "")
        return compare_means(data.table, a, b, rope=rope, lower_is_better=data.lower_is_better,
                             metric=data.metric, threshold=threshold, seed=seed,
                             signed_rank_samples=signed_rank_samples, options=options,
                             not_run=not_run)
    d = d if d is not None else oriented_differences(data.table, a, b, data.lower_is_better)
    options["mean_scores"] = mean_scores(data.table, d)     # the paper's per-data-set table
    per_dataset = correlated_bayesian_ttest(d.x, d.rho, d.a, d.b)
    signed_rank = hierarchical = refused = None
    if len(d.datasets) < MIN_DATASETS:
        refused = refusal(d.datasets) + (PLAN_NOT_RUN if plan else "")
        if about != ABOUT[0]:
            raise InputError("about='delta0' (--about delta0) decides on the mean difference δ₀ "
                             f"over data sets, which needs at least {MIN_DATASETS}: "
                             + refusal(d.datasets))
    else:
        check_variation(d)          # before any sampling: a refusal comes at once
        signed_rank = signed_rank_test(d, rope=rope, n_samples=signed_rank_samples, seed=seed)
        if np.ptp(d.x) > 0:     # one constant difference everywhere is a point mass: exact
            with warnings.catch_warnings():
                # the report lists every sampling problem itself (Comparison.diagnostics)
                warnings.simplefilter("ignore", ConvergenceWarning)
                hierarchical = hierarchical_test(
                    d, rope=rope, seed=seed, chains=chains, warmup=warmup, draws=draws,
                    adapt_delta=adapt_delta, non_centred=non_centred, progress=progress,
                    engine=engine)
    planned = None
    undecided = hierarchical is not None and decide(
        hierarchical.delta0_probabilities if about == ABOUT[1] else hierarchical.probabilities,
        threshold) == NO_DECISION
    if plan and undecided:
        # the planner starts from this posterior when the exact engine computed it (Stan's
        # draws have no grid to reweight: then the planner integrates its own)
        planned = plan_differences(d, plan, rope=rope, threshold=threshold, sims=SIMS, seed=seed,
                                   progress=True if progress else None,   # None: when long
                                   posterior=hierarchical if engine == "exact" else None,
                                   about=about)
    return Comparison(a=d.a, b=d.b, metric=data.metric, rope=rope, threshold=threshold,
                      lower_is_better=data.lower_is_better, differences=d,
                      per_dataset=per_dataset, signed_rank=signed_rank,
                      hierarchical=hierarchical, refused=refused, options=options, plan=planned,
                      about=about)


# said where the verdict's tests are listed, when plan=m was asked but cannot run
PLAN_NOT_RUN = (" The planner (plan=m, --plan M) was not run either: it reruns the "
                "hierarchical test, which needs every fold's score on at least "
                f"{MIN_DATASETS} data sets.")
