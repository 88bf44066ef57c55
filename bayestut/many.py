"""Many classifiers at once: every pair through :func:`bayestut.compare.compare`, and a ranking.

:func:`compare_all` runs the two-classifier comparison (correlated t-test per data set,
signed-rank test, hierarchical test) on every pair of K classifiers, in parallel over pairs
with joblib, and fits the Plackett-Luce ranking (:mod:`bayestut.ranking`) to the data sets'
mean scores. Pair (a, b) is taken in the order the classifiers are given (a before b), and
each pair uses the same seed as a two-name comparison, so K = 2 gives exactly ``compare``.

The probabilities in the matrices are those of the papers' tables: the share of posterior
samples in which an outcome is the most probable; the decision is taken on them at the
threshold, as in ``compare``.
"""

from __future__ import annotations

import itertools
import os
import warnings
from dataclasses import dataclass

import joblib
import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from .compare import SIGNED_RANK_SAMPLES, Comparison, check_rope, compare
from .data import FRACTION, InputError, read_results
from .decisions import decide
from .diagnostics import ConvergenceWarning
from .ranking import Ranking, plackett_luce
from .simulation.runner import start_stan

TESTS = ("signed-rank", "hierarchical")
MISSING_SHOWN = 5           # data sets named in a "missing results" message


def check_classifiers(table: pd.DataFrame, classifiers) -> tuple[str, ...]:
    """The classifiers to compare, in the given order (all of the table's when None)."""
    known = list(dict.fromkeys(table["classifier"].astype(str)))
    if classifiers is None:
        names = known
    elif isinstance(classifiers, str):
        raise InputError(f"give a list of classifier names, not one string {classifiers!r}")
    else:
        names = [str(c) for c in classifiers]
    unknown = [c for c in names if c not in known]
    if unknown:
        raise InputError(f"unknown classifier(s) {unknown}; known: {known}")
    repeated = sorted({c for c in names if names.count(c) > 1})
    if repeated:
        raise InputError(f"classifier(s) named twice: {repeated}; name each once")
    if len(names) < 2:
        raise InputError(f"at least 2 classifiers are needed to compare, got {names}")
    return tuple(names)


def check_complete(table: pd.DataFrame, names) -> None:
    """Every classifier must have results on every data set that any of them has."""
    key = "dataset_id" if "dataset_id" in table.columns else "dataset"
    rows = table[table["classifier"].astype(str).isin(names)]
    everywhere = list(dict.fromkeys(rows[key]))
    problems = []
    for name in names:
        have = set(rows.loc[rows["classifier"].astype(str) == name, key])
        lacking = [d for d in everywhere if d not in have]
        if lacking:
            shown = ", ".join(repr(d) for d in lacking[:MISSING_SHOWN])
            more = f" and {len(lacking) - MISSING_SHOWN} more" if len(lacking) > MISSING_SHOWN else ""
            problems.append(f"{name!r} on {shown}{more}")
    if problems:
        raise InputError("no results for " + "; ".join(problems) + f" (of {len(everywhere)} data "
                         "sets). All pairs must be compared on the same data sets: run the "
                         "missing classifiers there, or leave out those data sets or those "
                         "classifiers (name the others)")


def mean_scores(table: pd.DataFrame, names, lower_is_better: bool) -> pd.DataFrame:
    """Mean score per data set (rows) and classifier (columns), negated for a loss so that
    higher is always better."""
    key = "dataset_id" if "dataset_id" in table.columns else "dataset"
    rows = table[table["classifier"].astype(str).isin(names)]
    means = rows.groupby([key, rows["classifier"].astype(str)], sort=False)["score"].mean()
    wide = means.unstack()[list(names)]
    return -wide if lower_is_better else wide


@dataclass(frozen=True)
class ManyComparison:
    """Every pair of K classifiers, and their joint ranking."""

    classifiers: tuple
    pairs: dict                 # {(a, b): Comparison}, a before b in the given order
    ranking: Ranking | None
    threshold: float
    rope: float

    def probabilities(self, test: str, a: str, b: str) -> np.ndarray:
        """(a ≪ b, a = b, a ≫ b) of one multi-data-set test, for either order of the pair."""
        if test not in TESTS:
            raise InputError(f"unknown test {test!r}; choose one of {TESTS}")
        c = self.pairs[(a, b)] if (a, b) in self.pairs else self.pairs[(b, a)]
        if c.hierarchical is None:
            return np.full(3, np.nan)
        p = (c.signed_rank.winning_shares().to_numpy() if test == "signed-rank"
             else c.hierarchical.probabilities)
        return p if (a, b) in self.pairs else p[::-1]

    def matrix(self, test: str = "hierarchical", what: str = "better") -> pd.DataFrame:
        """K x K: P(row ≫ column) ("better"), P(row = column) ("rope"), or the decision at the
        threshold ("decision": "better", "worse", "equivalent" or "undecided", read as row
        against column)."""
        if what not in ("better", "rope", "decision"):
            raise InputError(f"what must be 'better', 'rope' or 'decision', got {what!r}")
        words = {"right": "better", "left": "worse", "rope": "equivalent", "none": "undecided"}
        names = list(self.classifiers)
        out = pd.DataFrame(np.nan if what != "decision" else "", index=names, columns=names,
                           dtype=object if what == "decision" else float)
        for r, c in itertools.permutations(names, 2):
            p = self.probabilities(test, r, c)
            out.loc[r, c] = (p[2] if what == "better" else p[1] if what == "rope"
                             else words[str(decide(p, self.threshold))])
        out.index.name, out.columns.name = "row", "column"
        return out

    def undominated(self, test: str = "hierarchical") -> list[str]:
        """The classifiers that no other is practically better than, at the threshold."""
        worse = self.matrix(test, "decision") == "worse"
        return [c for c in self.classifiers if not worse.loc[c].any()]

    def table(self) -> pd.DataFrame:
        """The tidy long table: one row per pair x test (x data set for the per-data-set
        t-test). p_*: the probabilities of the decision (shares where most probable for the
        multi-data-set tests); mean_*: the posterior mean probabilities (for the hierarchical
        test, those of the next data set)."""
        rows = []
        for (a, b), c in self.pairs.items():
            per = c.per_dataset.rope(c.rope)
            for name, p in zip(c.differences.datasets, per):
                rows.append(_row(a, b, "correlated t-test", name, p, p, c))
            if c.hierarchical is not None:
                rows.append(_row(a, b, "signed-rank", None, c.signed_rank.winning_shares(),
                                 c.signed_rank.means(), c))
                rows.append(_row(a, b, "hierarchical", None, c.hierarchical.probabilities,
                                 c.hierarchical.mean_masses, c))
        return pd.DataFrame(rows)

    def verdict(self) -> list[str]:
        """The answer first, in words: per test, the classifiers that no other is practically
        better than; then the ranking's favourite."""
        out = []
        if all(c.hierarchical is not None for c in self.pairs.values()):
            for test in TESTS[::-1]:
                top = self.undominated(test)
                row = self.matrix(test, "decision").loc[top[0]].drop(top[0]) if top else None
                if len(top) == 1 and row.isin(["better", "equivalent"]).all():
                    out.append(f"{test} test: {top[0]} is practically better than, or equivalent "
                               f"to, every other classifier (probability > {self.threshold:g})")
                else:
                    out.append(f"{test} test: no classifier is practically better than any of "
                               f"{', '.join(top)} (probability > {self.threshold:g})")
        if self.ranking is not None:
            t = self.ranking.table()
            first = t.index[0]
            out.append(f"Plackett-Luce ranking: {first} has the best expected rank "
                       f"({t.loc[first, 'expected rank']:.1f}) and ranks first on a new data set "
                       f"with probability {t.loc[first, 'P(first)']:.2f} (95% credible interval "
                       f"{t.loc[first, 'P(first) lower']:.2f} to {t.loc[first, 'P(first) upper']:.2f})")
        return out

    def summary(self) -> str:
        """The compact text report: verdict, decision matrices, ranking."""
        lines = [f"{len(self.classifiers)} classifiers, {len(self.pairs)} pairs", ""]
        lines += [f"- {v}" for v in self.verdict()] + [""]
        if all(c.hierarchical is not None for c in self.pairs.values()):
            for test in TESTS[::-1]:
                lines += [f"{test} test, decision of row against column:",
                          self.matrix(test, "decision").to_string(), ""]
        if self.ranking is not None:
            t = self.ranking.table()     # decimals as in the HTML report (many_report.ranking_html)
            t = t.round(2).assign(**{c: t[c].round(1) for c in t if "rank" in c or "largest" in c})
            lines += ["Plackett-Luce ranking (95% credible intervals):", t.to_string(), ""]
        problems = self.diagnostics()
        if problems:
            lines += ["Sampler warnings:"] + [f"- {p}" for p in problems]
        return "\n".join(lines)

    def diagnostics(self) -> list[str]:
        """Sampling problems, named by pair (empty when none)."""
        out = [f"{a} vs {b}: {p}" for (a, b), c in self.pairs.items() for p in c.diagnostics()]
        if self.ranking is not None:
            out += [f"ranking: {p}" for p in self.ranking.diagnostics.problems]
        return out


def _row(a, b, test, dataset, p, mean, c: Comparison) -> dict:
    p, mean = np.asarray(p, dtype=float), np.asarray(mean, dtype=float)
    return {"a": a, "b": b, "test": test, "dataset": dataset,
            "p_b_better": p[0], "p_rope": p[1], "p_a_better": p[2],
            "mean_b_better": mean[0], "mean_rope": mean[1], "mean_a_better": mean[2],
            "decision": c.verdict(p)}


def compare_all(results, classifiers=None, *, rope: float = 0.01, lower_is_better: bool = False,
                score: str = "score", score_range=FRACTION, percent: bool = False,
                threshold: float = 0.95, seed: int = 0,
                signed_rank_samples: int = SIGNED_RANK_SAMPLES, chains: int = 4,
                warmup: int = 1000, draws: int = 1000, adapt_delta: float | None = None,
                non_centred=None, ranking: bool = True, n_jobs: int = -1,
                backend: str = "threading", progress: bool = True) -> ManyComparison:
    """Compare every pair of ``classifiers`` (all of the table's, in its order, when None).

    The options are those of :func:`bayestut.compare.compare`; ``n_jobs`` and ``backend``
    are joblib's (PyStan needs "threading": it forks, which deadlocks in "loky" workers).
    ``ranking=False`` skips the Plackett-Luce model.
    """
    table = read_results(results, score=score, percent=percent, score_range=score_range)
    rope = check_rope(rope, score_range)
    if not 0.5 <= threshold < 1.0:
        raise InputError(f"the decision threshold must be in [0.5, 1), got {threshold}")
    names = check_classifiers(table, classifiers)
    check_complete(table, names)
    table = table[table["classifier"].astype(str).isin(names)]
    pairs = list(itertools.combinations(names, 2))
    options = dict(rope=rope, lower_is_better=lower_is_better, threshold=threshold, seed=seed,
                   signed_rank_samples=signed_rank_samples, chains=chains, warmup=warmup,
                   draws=draws)
    # None: compare()'s own defaults
    options.update({k: v for k, v in dict(adapt_delta=adapt_delta, non_centred=non_centred).items()
                    if v is not None})
    workers = min(joblib.effective_n_jobs(n_jobs), os.cpu_count() or 1, len(pairs))
    if workers > 1 and table["dataset"].nunique() > 1:     # the hierarchical test will run
        start_stan(workers)
    jobs = (joblib.delayed(compare)(table, a, b, **options) for a, b in pairs)
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
            fitted = plackett_luce(mean_scores(table, names, lower_is_better), seed=seed)
    return ManyComparison(classifiers=names, pairs={p: done[p] for p in pairs}, ranking=fitted,
                          threshold=threshold, rope=rope)
