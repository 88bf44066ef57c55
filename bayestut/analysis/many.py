"""Many classifiers at once: every pair through :func:`bayestut.analysis.compare.compare`, and a ranking.

:func:`compare_all` runs the two-classifier comparison (correlated t-test per data set,
signed-rank test, hierarchical test) on every pair of K classifiers, in parallel over pairs
with joblib, and fits the Plackett-Luce ranking (:mod:`bayestut.methods.ranking`) to the data sets'
mean scores. Pair (a, b) is taken in the order the classifiers are given (a before b), and
each pair uses the same seed as a two-name comparison, so K = 2 gives exactly ``compare``.

Each pair's probabilities are read through :meth:`Comparison.overall`, so they are named
as in ``compare`` (docs/glossary.md): the posterior probability (the papers' tables, on which
the decision is taken at the threshold) and the others, each with its Monte Carlo error, all
labelled by outcome in the reading order.

It returns a :class:`~bayestut.analysis.many_comparison.ManyComparison` (numbers only; its
words are :mod:`bayestut.analysis.many_text`'s), also importable from here.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import warnings

import joblib
import pandas as pd
from tqdm.auto import tqdm

from .compare import (ADAPT_DELTA, ENGINE, NON_CENTRED, SIGNED_RANK_SAMPLES, check_variation,
                      compare_checked, oriented_differences)
from .many_comparison import ManyComparison
from .writeup_caveats import metric_name_checked, rope_chosen_checked, rope_reason_checked
from .many_text import RANKING_LEGEND  # noqa: F401 (tests and notebooks read it here)
from ..checks import FRACTION, check, check_all, check_backend, check_rope, metric_direction
from ..errors import InputError
from ..data import Results, check_complete, nfc, open_results, suggestion
from ..methods.diagnostics import ConvergenceWarning
from ..methods.ranking import plackett_luce, ranking_data
from ..methods.ranking_gibbs import plackett_luce_gibbs
from ..methods.hierarchical import start_stan
from ..methods.stan import check_environment

GIBBS_DRAWS = 4     # the Gibbs ranking's draws per chain, as a multiple of ``draws``


def check_classifiers(table: pd.DataFrame, classifiers) -> tuple[str, ...]:
    """The classifiers to compare, in the given order (all of the table's when None).

    Parameters
    ----------
    table : pandas.DataFrame
        A checked tidy table.
    classifiers : sequence of str or None
        The names, read once by :func:`bayestut.data.open_results`.

    Returns
    -------
    tuple of str
        The names, each known, none repeated, at least two.
    """
    check_listed(classifiers)
    known = list(dict.fromkeys(table["classifier"].astype(str)))
    names = known if classifiers is None else [nfc(c) for c in classifiers]
    unknown = [c for c in names if c not in known]
    if unknown:
        raise InputError(f"unknown classifier(s) {unknown}; known: {known}"
                         + "".join(suggestion(c, known) for c in unknown))
    repeated = sorted({c for c in names if names.count(c) > 1})
    if repeated:
        raise InputError(f"classifier(s) named twice: {repeated}; name each once")
    if len(names) < 2:
        raise InputError(f"at least 2 classifiers are needed to compare, got {names}")
    return tuple(names)


def check_listed(classifiers) -> None:
    """Classifiers given as a list (or any ordered iterable), or None: not one string, and not
    a set, whose order changes from run to run, and with it which side of each pair comes
    first."""
    if isinstance(classifiers, str):
        raise InputError(f"give a list of classifier names, not one string {classifiers!r}")
    if isinstance(classifiers, (set, frozenset, dict)):
        raise InputError(f"give the classifier names as a list, in the order to compare them, "
                         f"not a {type(classifiers).__name__} ({classifiers!r}): e.g. "
                         "sorted(names)")
    if classifiers is not None and not hasattr(classifiers, "__iter__"):
        raise InputError(f"give the classifier names as a list, got {classifiers!r}")


def check_parallel(n_jobs, backend) -> None:
    """joblib's settings, checked before any work is done: ``n_jobs`` by the one rule
    (:data:`bayestut.checks.CONSTRAINTS`); a backend that runs threads (PyStan forks its
    samplers and serves them from the calling process: in loky's worker processes that
    deadlocks, and multiprocessing's daemonic workers may not fork at all)."""
    check("n_jobs", n_jobs)
    check_backend(backend, threads_only=True)


def mean_scores(table: pd.DataFrame, names, lower_is_better: bool) -> pd.DataFrame:
    """Mean score per data set (rows) and classifier (columns), negated for a loss so that
    higher is always better."""
    key = "dataset_id" if "dataset_id" in table.columns else "dataset"
    rows = table[table["classifier"].astype(str).isin(names)]
    means = rows.groupby([key, rows["classifier"].astype(str)], sort=False)["score"].mean()
    wide = means.unstack()[list(names)]
    return -wide if lower_is_better else wide


def compare_all(results, classifiers=None, *, rope: float = 0.01,
                lower_is_better: bool | None = None,
                score: str = "score", score_range=FRACTION, percent: bool = False,
                threshold: float = 0.95, seed: int = 0,
                signed_rank_samples: int = SIGNED_RANK_SAMPLES, chains: int = 4,
                warmup: int = 1000, draws: int = 1000, adapt_delta: float = ADAPT_DELTA,
                non_centred=NON_CENTRED, engine: str = ENGINE, ranking: bool = True,
                n_jobs: int = -1, backend: str = "threading", progress: bool = True,
                rope_reason: str | None = None,
                metric_name: str | None = None,
                rope_chosen: str | None = None) -> ManyComparison:
    """Compare every pair of ``classifiers`` (all of the table's, in its order, when None).

    The table is read and checked once, and every setting once, before any fit.

    Parameters
    ----------
    results : pandas.DataFrame, str, Path or Results
        As for :func:`bayestut.analysis.compare.compare`.
    classifiers : iterable of str, optional
        The classifiers, in the order pairs are taken (a list, or any iterable read once);
        all of the table's when None.
    rope, lower_is_better, score, score_range, percent, threshold, seed, \
signed_rank_samples, chains, warmup, draws, adapt_delta, non_centred, engine
        As for :func:`bayestut.analysis.compare.compare`.
    ranking : bool
        Fit the Plackett-Luce ranking: with ``engine="exact"`` by
        :func:`~bayestut.methods.ranking_gibbs.plackett_luce_gibbs` (no Stan at all; it draws
        ``GIBBS_DRAWS`` (4) times ``draws`` per chain, 4,000 by default), with "stan" by Stan.
    n_jobs : int
        joblib's workers over pairs (-1: every core).
    backend : str
        joblib's backend: one that runs threads ("threading", the default, or
        "sequential"; PyStan forks, which deadlocks in "loky" workers).
    progress : bool
        A progress bar over the pairs.
    rope_reason, metric_name, rope_chosen : str, optional
        As for :func:`bayestut.analysis.compare.compare`: the write-ups' reason for the rope,
        name of the metric and when the rope was chosen, for every pair.

    Returns
    -------
    ManyComparison
        Every pair's comparison and the ranking.
    """
    settings = check_all(threshold=threshold, seed=seed, chains=chains, warmup=warmup,
                         draws=draws, signed_rank_samples=signed_rank_samples,
                         adapt_delta=adapt_delta, non_centred=non_centred, engine=engine)
    ranking, progress = check("ranking", ranking), check("progress", progress)
    rope = check_rope(rope, results.score_range if isinstance(results, Results) else score_range)
    check_parallel(n_jobs, backend)
    check_listed(classifiers)
    check_environment()
    written = {"rope_reason": rope_reason_checked(rope_reason),        # the write-ups' words
               "metric_name": metric_name_checked(metric_name),
               "rope_chosen": rope_chosen_checked(rope_chosen)}
    if written["metric_name"] and lower_is_better is not None:    # AUC, --lower-is-better
        metric_direction(written["metric_name"], lower_is_better, "the metric's name (metric_name)")
    data = open_results(results, score=score, percent=percent, score_range=score_range,
                        classifiers=classifiers, lower_is_better=lower_is_better)
    names = check_classifiers(data.table, data.classifiers)
    check_complete(data.table, names, many=True)
    data = dataclasses.replace(data, table=data.table[data.table["classifier"].isin(names)],
                               classifiers=names)
    pairs = list(itertools.combinations(names, 2))
    # unpaired or missing folds, found before any fit starts; each pair's differences once
    differences = {} if data.means_only else {
        (a, b): oriented_differences(data.table, a, b, data.lower_is_better) for a, b in pairs}
    if ranking:                 # ... ties the ranking cannot take
        ranking_data(mean_scores(data.table, names, data.lower_is_better))
    for d in differences.values():      # ... and folds with nothing to learn the noise from
        if len(d.datasets) > 1:
            check_variation(d)
    workers = min(joblib.effective_n_jobs(n_jobs), os.cpu_count() or 1, len(pairs))
    if (workers > 1 and data.table["dataset"].nunique() > 1 and not data.means_only
            and engine == "stan"):             # the hierarchical test will sample
        start_stan(workers)
    jobs = (joblib.delayed(compare_checked)(data, a, b, differences.get((a, b)), rope=rope,
                                            progress=False, **settings)
            for a, b in pairs)
    done = {}
    # warning filters are process-wide: set here, not in the worker threads; each pair's
    # Comparison lists its own sampling problems
    with warnings.catch_warnings(), joblib.parallel_config(backend=backend, n_jobs=workers):
        warnings.simplefilter("ignore", ConvergenceWarning)
        bar = tqdm(total=len(pairs), disable=not progress, unit="pair", desc="pairs")
        for c in joblib.Parallel(return_as="generator_unordered")(jobs):
            done[(c.a, c.b)] = c
            bar.update()
        bar.close()
        fitted = None
        if ranking:
            # without Stan (engine "exact") the ranking is sampled by the NumPy Gibbs sampler,
            # whose draws are more correlated than NUTS's: GIBBS_DRAWS times as many of them
            # (measured: at 1,000 a 4 x 12 table fell short of R-hat 1.01; 4,000 take 1 s)
            gibbs = engine == "exact"
            rank = plackett_luce_gibbs if gibbs else plackett_luce
            # the sampler settings reach the ranking too: its warnings advise more draws
            fitted = rank(mean_scores(data.table, names, data.lower_is_better), seed=seed,
                          chains=chains, warmup=warmup,
                          draws=draws * GIBBS_DRAWS if gibbs else draws)
    for c in done.values():
        c.options.update((k, v) for k, v in written.items() if v)
        if data.only_score_column:      # the orientation line says which column was read
            c.options["only_score_column"] = True
    return ManyComparison(classifiers=names, pairs={p: done[p] for p in pairs}, ranking=fitted,
                          threshold=threshold, rope=rope)
