"""How many more data sets? ``bt.plan``: the probability that the hierarchical test, rerun on
the present data plus m new data sets like them, reaches a decision (issue 35).

The input is checked and read here as ``compare`` reads it; the simulation itself (a
population from the present posterior, new data sets from MLJ §5's simulator, the test
rerun) is :mod:`bayestut.simulation.planning`.
"""

from __future__ import annotations

from ..errors import InputError
from ..simulation.planning import ADD, SIMS, Plan, check_counts, check_sims, plan_differences

__all__ = ["ADD", "SIMS", "Plan", "plan"]


def plan(results, a, b, add=ADD, *, rope: float = 0.01, threshold: float = 0.95,
         sims: int = SIMS, seed: int = 0, lower_is_better: bool | None = None,
         score: str = "score", percent: bool = False, n_jobs: int = -1,
         backend: str | None = None, progress: bool | None = None) -> Plan:
    """How likely is a decision if m more data sets like the present ones are added?

    ``results``: a per-fold results table (DataFrame or CSV path, as for
    :func:`~bayestut.analysis.compare.compare`); ``a``, ``b``: the classifiers. ``add``: the
    counts m of new data sets. ``sims`` simulated studies (each: one population from the
    present posterior, new data sets from it, the hierarchical test rerun; see
    :mod:`bayestut.simulation.planning`), in parallel with joblib (``n_jobs``, ``backend``: "loky" by default, or
    "dask" on a Dask cluster); the result depends on ``seed`` only, not on the workers.
    ``progress``: an estimate up front and a progress bar on standard error (None, the
    default: when the work is estimated to take over 10 seconds).
    """
    from ..data import read_results
    from ..shapes import is_means_only
    from .compare import (check_flag, check_rope, check_settings, metric_direction,
                          oriented_differences)

    counts, sims = check_counts(add), check_sims(sims)
    rope = check_rope(rope)
    check_settings(threshold, seed, 4, 1000, 1000, 0.95, "moments", 50_000)
    if progress is not None:        # None: an estimate and progress when the work is long
        progress = check_flag("progress", progress, "Python only")
    if not isinstance(n_jobs, int) or isinstance(n_jobs, bool) or n_jobs == 0:
        raise InputError(f"n_jobs must be a whole number of workers, or -1 for every core "
                         f"(--jobs), got {n_jobs!r}")
    lower_is_better = metric_direction(score, lower_is_better)
    table = read_results(results, score=score, percent=percent, classifiers=[a, b])
    if is_means_only(table):
        raise InputError("the table holds one mean score per data set: the planner reruns the "
                         "hierarchical test, which needs every fold's score. Collect the scores "
                         "of every cross-validation fold (dataset, classifier, run, fold, score)")
    d = oriented_differences(table, str(a), str(b), lower_is_better)
    if len(d.datasets) < 2:
        raise InputError("the hierarchical test needs at least 2 data sets: with one, collect "
                         "results on a second data set before planning")
    return plan_differences(d, counts, rope=rope, threshold=threshold, sims=sims, seed=seed,
                            n_jobs=n_jobs, backend=backend, progress=progress)

