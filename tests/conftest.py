"""What the tests share: one synthetic results table, and the `stan` and `browser` markers."""

from __future__ import annotations

import inspect
import re
from collections.abc import Sequence

import numpy as np
import pandas as pd
import pytest

COLUMNS = ["dataset", "classifier", "run", "fold", "score"]


def make_table(datasets: int | Sequence[str] = 4, runs: int = 2, folds: int = 3,
               classifiers: Sequence[str] = ("mine", "baseline"),
               gaps: float | Sequence[float] | dict | None = None, seed: int = 0,
               level: tuple[float, float] = (0.7, 0.9),
               noise: float | dict = 0.01) -> pd.DataFrame:
    """A tidy results table: one row per data set x classifier x run x fold.

    Parameters
    ----------
    datasets
        How many data sets (named d0, d1, ...), or their names.
    runs, folds
        Runs of cross-validation, and folds per run.
    classifiers
        The classifiers' names.
    gaps
        None: every score drawn uniformly from ``level``, nothing in common between the
        classifiers. Otherwise each fold has one base score, uniform in ``level``, and classifier
        c scores base + its gap + normal(0, its noise): a number is the first classifier's gap
        (the others' 0), a sequence is the first classifier's gap on each data set, a dict is
        {classifier: gap}, each gap a number or one per data set (a classifier left out: 0).
    seed
        The random generator's seed.
    level
        The range of the scores (of a fold's base).
    noise
        The spread of a classifier's score around a fold's base (with ``gaps``): one for every
        classifier, or {classifier: spread} (a classifier left out: 0). A classifier of spread
        0 draws nothing: it scores the base plus its gap exactly.

    Returns
    -------
    pandas.DataFrame
        Columns dataset, classifier, run, fold, score.
    """
    rng = np.random.default_rng(seed)
    names = [f"d{i}" for i in range(datasets)] if isinstance(datasets, int) else list(datasets)
    rows = []
    for i, name in enumerate(names):
        for run in range(1, runs + 1):
            for fold in range(1, folds + 1):
                base = rng.uniform(*level)
                for c in classifiers:
                    if gaps is None:
                        score = rng.uniform(*level)
                    else:
                        spread = noise.get(c, 0.0) if isinstance(noise, dict) else noise
                        score = base + _gap(gaps, c, classifiers, i)
                        if spread:
                            score += rng.normal(0, spread)
                    rows.append((name, c, run, fold, score))
    return pd.DataFrame(rows, columns=COLUMNS)


def _gap(gaps, classifier: str, classifiers: Sequence[str], dataset: int) -> float:
    if isinstance(gaps, dict):
        gap = gaps.get(classifier, 0.0)
    elif classifier == classifiers[0]:
        gap = gaps
    else:
        return 0.0
    return float(gap) if np.ndim(gap) == 0 else float(gap[dataset])


@pytest.fixture(scope="session")
def results_table():
    """The factory :func:`make_table`: ``results_table(datasets=4, gaps=0.02)``."""
    return make_table


# --- markers: `stan` for tests that run Stan, `browser` for the book's (test_book.py) ---------

# modules all of whose tests run Stan
STAN_MODULES = {"test_stan_runner", "test_stan_model"}
# a test runs Stan when its code says so, or that of a fixture it uses or a function of its
# module it calls; under -m "not stan" a test that reaches Stan unmarked fails (pytest_configure)
RUNS_STAN = re.compile(r"""["']?engine["']?\s*[=:]\s*["']stan["']"""
                       r"""|["']--engine["'],\s*["']stan["']"""
                       r"""|backend\s*=\s*["'](pystan|cmdstanpy)["']"""
                       r"""|stan\.(sample|_sample_pystan|_sample_cmdstanpy|compile|log_density)\("""
                       r"""|plackett_luce\(""")


def _source(function) -> str:
    try:
        return inspect.getsource(getattr(function, "__wrapped__", function))
    except (OSError, TypeError):
        return ""


def _runs_stan(item) -> bool:
    own = _source(getattr(item, "function", None))
    module = vars(item.module) if item.module else {}
    named = [module.get(name) for name in
             [*getattr(item, "fixturenames", ()), *re.findall(r"\b(\w+)\(", own)]]
    return any(RUNS_STAN.search(source) for source in
               [own, *(_source(f) for f in named if inspect.isfunction(f)
                       or hasattr(f, "__wrapped__"))])


def pytest_collection_modifyitems(config, items):
    for item in items:
        module = item.module.__name__.rpartition(".")[2] if item.module else ""
        if module in STAN_MODULES or _runs_stan(item):
            item.add_marker(pytest.mark.stan)


def pytest_configure(config):
    """Under ``-m "not stan"``, a test that reaches Stan all the same fails, saying to mark it:
    the marker cannot silently go missing."""
    if "not stan" not in (config.option.markexpr or ""):
        return
    from bayestut.methods import stan

    def unmarked(*args, **kwargs):
        pytest.fail("this test runs Stan but is not marked stan: add @pytest.mark.stan",
                    pytrace=False)

    for name in ("_sample_pystan", "_sample_cmdstanpy", "_pystan_model", "_cmdstan_model"):
        setattr(stan, name, unmarked)
