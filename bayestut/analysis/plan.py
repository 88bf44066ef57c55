"""How many more data sets? ``bt.plan``: the probability that the hierarchical test, rerun on
the present data plus m new data sets like them, reaches a decision (issue 35): on a new data
set (the papers' rule) or, with ``about="delta0"``, on δ₀ (issue 38).

The input is read through the one door (:func:`bayestut.data.open_results`) and its settings
checked by the one rule (:mod:`bayestut.checks`), as ``compare`` does; the simulation itself
(a population from the present posterior, new data sets from MLJ §5's simulator, the test
rerun) is :mod:`bayestut.simulation.planning`.
"""

from __future__ import annotations

import re

from ..checks import FRACTION, check, check_all, check_backend, check_rope
from ..data import Results, open_results
from ..errors import InputError
from ..simulation.planning import ADD, SIMS, Plan, check_counts, plan_differences

__all__ = ["ADD", "SIMS", "Plan", "plan"]


def plan(results, a, b, add=ADD, *, rope: float = 0.01, threshold: float = 0.95,
         sims: int = SIMS, seed: int = 0, lower_is_better: bool | None = None,
         score: str = "score", score_range=FRACTION, percent: bool = False, n_jobs: int = -1,
         backend: str | None = None, progress: bool | None = None,
         about: str = "new data set") -> Plan:
    """How likely is a decision if m more data sets like the present ones are added?

    Parameters
    ----------
    results : pandas.DataFrame, str, Path or Results
        A per-fold results table, as for :func:`~bayestut.analysis.compare.compare`.
    a, b : str
        The two classifiers.
    add : int or sequence of int
        The counts m of new data sets.
    rope, threshold, seed, lower_is_better, score, score_range, percent
        As for :func:`~bayestut.analysis.compare.compare`.
    sims : int
        Simulated studies (each: one population from the present posterior, new data sets
        from it, the hierarchical test rerun; see :mod:`bayestut.simulation.planning`).
    n_jobs : int
        joblib's workers (-1: every core); the result depends on ``seed`` only.
    backend : str, optional
        joblib's backend: "loky" by default, or "dask" on a Dask cluster.
    progress : bool or None
        An estimate up front and a progress bar on standard error (None, the default: when
        the work is estimated to take over 10 seconds).
    about : str
        The decision planned, as for :func:`~bayestut.analysis.compare.compare`: "new data
        set" (the papers' rule, the default) or "delta0" (the decision on δ₀, the
        population's mean difference: a method paper's claim).

    Returns
    -------
    Plan
        The probability of each outcome, and of a decision, per count; ``print`` it for the
        answer, its details and the tables, as the ``plan`` command prints them.
    """
    counts, sims = check_counts(add), check("sims", sims)
    about = check("about", about).replace("-", " ")      # one spelling inside
    settings = check_all(threshold=threshold, seed=seed, n_jobs=n_jobs)
    if progress is not None:        # None: an estimate and progress when the work is long
        progress = check("progress", progress)
    check_backend(backend)
    rope = check_rope(rope, results.score_range if isinstance(results, Results) else score_range)
    data = open_results(results, score=score, percent=percent, score_range=score_range,
                        classifiers=[a, b], lower_is_better=lower_is_better)
    if data.means_only:
        raise InputError("the table holds one mean score per data set: the planner reruns the "
                         "hierarchical test, which needs every fold's score. Collect the scores "
                         "of every cross-validation fold (dataset, classifier, run, fold, score)")
    from .compare import oriented_differences

    d = oriented_differences(data.table, str(a), str(b), data.lower_is_better)
    if len(d.datasets) < 2:
        raise InputError("the hierarchical test needs at least 2 data sets: with one, collect "
                         "results on a second data set before planning")
    try:
        return plan_differences(d, counts, rope=rope, sims=sims, backend=backend,
                                progress=progress, about=about, **settings)
    except InputError as problem:
        text = str(problem)
        if "engine" not in text:
            raise
        # the exact engine's refusals advise Stan, which the planner does not run
        reason = re.split(r":? use the Stan engine|; use engine='stan'", text)[0]
        raise InputError(f"{reason}: the planner reruns the hierarchical test with the exact "
                         "engine only, so it cannot plan these results (compare(..., "
                         "engine='stan') still compares them)") from None
