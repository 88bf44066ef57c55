"""Many classifiers at once: every pair through :func:`bayestut.analysis.compare.compare`, and a ranking.

:func:`compare_all` runs the two-classifier comparison (correlated t-test per data set,
signed-rank test, hierarchical test) on every pair of K classifiers, in parallel over pairs
with joblib, and fits the Plackett-Luce ranking (:mod:`bayestut.methods.ranking`) to the data sets'
mean scores. Pair (a, b) is taken in the order the classifiers are given (a before b), and
each pair uses the same seed as a two-name comparison, so K = 2 gives exactly ``compare``.

Each pair's probabilities are read through :meth:`Comparison.overall`, so they are named
as in ``compare`` (docs/glossary.md): the posterior probability (the papers' tables, on which
the decision is taken at the threshold) and the others, each with its Monte Carlo error, all
labelled by outcome in the reading order; the sentences are
:mod:`bayestut.analysis.wording`'s.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import warnings
from dataclasses import dataclass

import joblib
import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from .compare import (ADAPT_DELTA, ENGINE, NON_CENTRED, SIGNED_RANK_SAMPLES, check_variation,
                      compare_checked, oriented_differences)
from .comparison import EXPECTED, SHARE, Overall, failed_checks
from . import wording, writeup
from ..checks import FRACTION, check, check_all, check_backend, check_rope
from ..errors import InputError
from ..data import Results, lookalikes, nfc, open_results
from ..methods.decisions import NO_DECISION, decide_regions, labelled
from ..methods.diagnostics import ConvergenceWarning
from ..methods.ranking import Ranking, plackett_luce, ranking_data
from ..methods.ranking_gibbs import plackett_luce_gibbs
from ..methods.hierarchical import start_stan
from ..methods.stan import check_environment

TESTS = ("signed-rank", "hierarchical")       # in the order of Comparison.overall()
                                              # (with means only: analysis.means's tests)
MISSING_SHOWN = 5           # data sets named in a "missing results" message

GIBBS_DRAWS = 4     # the Gibbs ranking's draws per chain, as a multiple of ``draws``
RANKING_LEGEND = ("P(first): the probability that the classifier ranks first on a new data set; "
                  "expected rank: its mean rank there; P(largest weight): the posterior "
                  "probability that its weight is the largest of all.")


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
                         + "".join(lookalikes(c, known) for c in unknown))
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
class ManyComparison(writeup.WriteUp):
    """Every pair of K classifiers, and their joint ranking, as :func:`~bayestut.compare_all`
    returns it.

    Print it (or call :meth:`summary`) for the report. A pair's probabilities are read in
    either order with :meth:`probabilities`, labelled "<a> better", "equivalent", "<b> better";
    :meth:`matrix` gives them as a K x K table and :meth:`undominated` the classifiers no other
    is declared practically better than; :meth:`pair_table` one pair's probabilities as the
    report prints them, and :meth:`ranking_table` the ranking's.

    Attributes
    ----------
    classifiers : tuple of str
        The classifiers' names, in the order given.
    pairs : dict
        ``{(a, b): Comparison}``, one per pair, ``a`` before ``b`` in that order: each pair's
        full two-classifier result.
    ranking : Ranking or None
        The Plackett-Luce ranking of the classifiers on the data sets' mean scores; None with
        ``ranking=False``.
    threshold : float
        The decision threshold (the papers' 0.95).
    rope : float
        The rope's half-width, in the metric's units.
    tests : tuple of str
        The multi-data-set tests run on every pair, the leading one last: ("signed-rank",
        "hierarchical"), or ("sign", "signed-rank") with mean scores only.
    refused : str or None
        Why the multi-data-set tests were not run (one data set); None when they were.
    """

    classifiers: tuple
    pairs: dict                 # {(a, b): Comparison}, a before b in the given order
    ranking: Ranking | None
    threshold: float
    rope: float

    @property
    def tests(self) -> tuple:
        """The multi-data-set tests run on every pair, the leading one last."""
        return next(iter(self.pairs.values())).tests

    @property
    def refused(self) -> str | None:
        """Why the multi-data-set tests were not run (None when they were); every pair has
        the same data sets."""
        return next(iter(self.pairs.values())).refused

    def overall(self, test: str, a: str, b: str) -> Overall:
        """Internal: one multi-data-set test of a against b, for either order of the pair: its
        number-line arrays (b better, equivalent, a better) with their Monte Carlo errors."""
        if test not in self.tests:
            raise InputError(f"unknown test {test!r}; choose one of {self.tests}")
        if self.refused:
            raise InputError("no " + test + " test: " + self.refused)
        if (a, b) in self.pairs:
            return self.pairs[(a, b)].overall()[self.tests.index(test)]
        o = self.pairs[(b, a)].overall()[self.tests.index(test)]
        flipped = {k: getattr(o, k)[::-1] for k in ("shares", "shares_se", "means", "means_se",
                                                     "delta0", "delta0_se")
                   if getattr(o, k) is not None}
        return dataclasses.replace(o, **flipped)

    def probabilities(self, test: str, a: str, b: str) -> pd.Series:
        """The posterior probabilities of one multi-data-set test, for either order of the pair.

        Parameters
        ----------
        test : str
            One of :attr:`tests` ("signed-rank", "hierarchical").
        a, b : str
            The pair, in the order to read it.

        Returns
        -------
        pandas.Series
            Labelled "<a> better", "equivalent", "<b> better" (the 0.95 rule reads them).
        """
        return labelled(self.overall(test, a, b).shares, a, b, SHARE)

    def matrix(self, test: str | None = None, what: str = "better") -> pd.DataFrame:
        """K x K: the posterior probability of "row better" ("better") or of "equivalent"
        ("equivalent"), or the decision at the threshold taken on them ("decision": "better",
        "worse", "equivalent" or "no decision", read as row against column)."""
        test = test or self.tests[-1]
        if what not in ("better", "equivalent", "decision"):
            raise InputError(f"what must be 'better', 'equivalent' or 'decision', got {what!r}")
        words = {"right": "better", "left": "worse", "rope": "equivalent",
                 NO_DECISION: NO_DECISION}
        names = list(self.classifiers)
        out = pd.DataFrame(np.nan if what != "decision" else "", index=names, columns=names,
                           dtype=object if what == "decision" else float)
        for r, c in itertools.permutations(names, 2):
            p = self.overall(test, r, c).shares          # number line: row better is last
            out.loc[r, c] = (p[2] if what == "better" else p[1] if what == "equivalent"
                             else words[str(decide_regions(p, self.threshold))])
        out.index.name, out.columns.name = "row", "column"
        return out

    def undominated(self, test: str | None = None) -> list[str]:
        """The classifiers that no other is practically better than, at the threshold (by the
        leading test unless ``test`` is named)."""
        worse = self.matrix(test, "decision") == "worse"
        return [c for c in self.classifiers if not worse.loc[c].any()]

    def table(self) -> pd.DataFrame:
        """The tidy long table: one row per pair x test x kind of probability (x data set for
        the correlated t-test, whose probabilities are exact).

        Returns
        -------
        pandas.DataFrame
            Columns a, b, test, dataset, kind ("posterior probability", "probability on a new
            data set", "probability for δ₀" or "expected probability", as in
            ``Comparison.overall_table``), then "P(a better)", "P(equivalent)", "P(b better)"
            (a and b: the row's pair) and their errors "± P(...)" (Monte Carlo, or numerical
            for the exact engine), and the decision beside the probabilities it is taken on.
        """
        rows = []
        for (a, b), c in self.pairs.items():
            per = c.per_dataset._rope(c.rope) if c.per_dataset is not None else []
            for name, p in zip(c.differences.datasets, per):
                rows.append(_row(a, b, "correlated t-test", name, SHARE, p, np.zeros(3),
                                 c.verdict(p)))
            for test, o in zip(c.tests, c.overall()):
                for kind, p, se in o.rows():
                    rows.append(_row(a, b, test, None, kind, p, se,
                                     c.verdict(p) if kind == SHARE else ""))
        return pd.DataFrame(rows)

    def verdict(self) -> list[str]:
        """The answer first, in words: per test, the classifiers that no other is practically
        better than; then the ranking's favourite."""
        out = []
        declared = (f"(declared: the likeliest outcome with posterior probability above "
                    f"{self.threshold:g})")
        if not self.refused:
            for test in self.tests[::-1]:
                top = self.undominated(test)
                others = [c for c in self.classifiers if c not in top]
                if len(top) == 1 and self.matrix(test, "decision").loc[top[0]].drop(
                        top[0]).isin(["better", "equivalent"]).all():
                    text = (f"{top[0]} is practically better than, or equivalent to, every "
                            f"other classifier {declared}")
                elif top:
                    text = (f"no classifier is declared practically better than "
                            f"{_listed(top)} {declared}")
                    if others:
                        text += (f"; {_listed(others, 'and')} "
                                 f"{'is' if len(others) == 1 else 'are'} declared practically "
                                 "worse than at least one other")
                else:
                    text = f"every classifier is declared practically worse than another {declared}"
                if test == "hierarchical":
                    text += self.caution()
                out.append(f"{test} test: {text}")
        if self.ranking is not None:
            t = self.ranking.table()
            first = t.index[0]
            best = f"{t.loc[first, 'expected rank']:.1f}"
            # a tie as printed is said as one: "rf has the best" would pick a side by a digit
            tied = [c for c in t.index if f"{t.loc[c, 'expected rank']:.1f}" == best]
            chances = ", ".join(
                f"{c} {t.loc[c, 'P(first)']:.2f} (95% credible interval "
                f"{t.loc[c, 'P(first) lower']:.2f} to {t.loc[c, 'P(first) upper']:.2f})"
                for c in tied)
            if len(tied) == 1:
                out.append(f"Plackett-Luce ranking: {first} has the best expected rank ({best}) "
                           f"and ranks first on a new data set with probability {chances.split(' ', 1)[1]}")
            else:
                out.append(f"Plackett-Luce ranking: {_listed(tied, 'and')} share the best expected "
                           f"rank ({best}); each ranks first on a new data set with probability "
                           f"{chances}")
        return out

    def caution(self) -> str:
        """For the verdict: the pairs whose hierarchical fit failed its checks (empty if none)."""
        failed = [f"{a} vs {b}" for (a, b), c in self.pairs.items()
                  if failed_checks(c.hierarchical)]
        if not failed:
            return ""
        return (f". Caution: the hierarchical fits of {_listed(failed, 'and')} failed their "
                "checks (see the sampler warnings), so their decisions may not be reliable: rerun "
                "as the warnings advise before quoting them")

    def settings(self) -> str:
        """The line stating the data and the settings, as the two-classifier report has it.

        Returns
        -------
        str
            Data sets, runs and folds, rope and threshold; the metric, its direction and what
            "better" means.
        """
        first = next(iter(self.pairs.values()))
        direction = ("lower scores are better" if first.lower_is_better
                     else "higher scores are better")
        return (f"{first.settings()}. Metric {first.metric!r}: {direction}; 'better' always "
                f"means practically better, by more than the rope ±{self.rope:g}.")

    def pair_table(self, a: str, b: str) -> pd.DataFrame:
        """One pair's probabilities as the report prints them: the leading test's (for the
        hierarchical test its posterior probability, probability on a new data set and
        probability for δ₀), then the other test's posterior probability.

        Parameters
        ----------
        a, b : str
            A pair, in the order it was compared (a before b in :attr:`classifiers`).

        Returns
        -------
        pandas.DataFrame
            One row per test and kind of probability; columns "P(<a> better)",
            "P(equivalent)", "P(<b> better)" (text, rounded to their Monte Carlo or numerical
            error, never 1 or 0: "> 0.999", "< 0.001") and the decision. Empty when the
            multi-data-set tests did not run.
        """
        c = self.pairs[(a, b)]
        if not c.overall():
            return pd.DataFrame()
        rows = [f"{o.test}: {kind}" for o in c.overall()[::-1] for kind, _, _ in o.rows()
                if kind != EXPECTED]
        return c.overall_table().loc[rows]

    def ranking_table(self) -> pd.DataFrame:
        """The ranking table as the reports print it, one row per classifier, best expected
        rank first.

        Returns
        -------
        pandas.DataFrame
            Text: P(first) and its 95% credible interval with two decimals (Monte Carlo error
            about 0.001; "< 0.01" and "> 0.99" where they round to 0 or 1), the expected rank
            and its interval with one (up to 0.005), and P(largest weight) rounded to its
            Monte Carlo error by
            :func:`~bayestut.analysis.wording.number`, never 1 or 0 ("> 0.999", "< 0.001").
        """
        ranking = self.ranking
        if ranking is None:
            raise ValueError("compare_all ran with ranking=False: there is no ranking table")
        t = ranking.table()
        se = pd.Series(ranking.p_largest_mcse, index=list(ranking.classifiers))
        out = t.apply(lambda column: column.map(
            (lambda v: f"{v:.1f}") if "rank" in column.name else _two_decimals))
        out["P(largest weight)"] = [wording.number(t.loc[c, "P(largest weight)"], se[c])
                                    for c in t.index]
        return out

    def summary(self) -> str:
        """The compact text report (str): verdict, settings, decision matrices, each pair's
        probabilities, ranking, warnings."""
        lines = [f"{len(self.classifiers)} classifiers, {len(self.pairs)} pairs", ""]
        lines += [f"- {v}" for v in self.verdict()] + ["", self.settings(), ""]
        if not self.refused:
            for test in self.tests[::-1]:
                lines += [f"{test} test, decision of row against column:",
                          self.matrix(test, "decision").to_string(), ""]
            lines += ["Each pair's probabilities (the decision at the threshold "
                      f"{self.threshold:g} is taken on the {SHARE}):", ""]
            for a, b in self.pairs:
                lines += [f"{a} against {b}:", self.pair_table(a, b).to_string(), ""]
        if self.ranking is not None:
            lines += ["Plackett-Luce ranking (95% credible intervals):",
                      self.ranking_table().to_string(), RANKING_LEGEND, ""]
        problems = self.diagnostics()
        if problems:
            lines += ["Sampler warnings:"] + [f"- {p}" for p in problems]
        not_run = getattr(next(iter(self.pairs.values())), "not_run", None)
        if not_run:
            lines += [not_run]
        return "\n".join(lines)

    def diagnostics(self) -> list[str]:
        """Sampling problems, named by pair (empty when none)."""
        out = [f"{a} vs {b}: {p}" for (a, b), c in self.pairs.items() for p in c.diagnostics()]
        if self.ranking is not None:
            out += [f"ranking: {p}" for p in self.ranking.diagnostics.problems]
        return out


def _listed(names, conjunction: str = "or") -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {conjunction} {names[-1]}"


def _two_decimals(p: float) -> str:
    """A probability with two decimals, a bound where it rounds to 0 or 1 (never certain)."""
    shown = f"{p:.2f}"
    return "< 0.01" if float(shown) <= 0 else "> 0.99" if float(shown) >= 1 else shown


def _row(a, b, test, dataset, kind, p, se, decision) -> dict:
    p, se = np.asarray(p, dtype=float), np.asarray(se, dtype=float)
    columns = ("P(a better)", "P(equivalent)", "P(b better)")       # reading order
    return {"a": a, "b": b, "test": test, "dataset": dataset, "kind": kind,
            **dict(zip(columns, p[::-1])), **{f"± {c}": v for c, v in zip(columns, se[::-1])},
            "decision": decision}


def compare_all(results, classifiers=None, *, rope: float = 0.01,
                lower_is_better: bool | None = None,
                score: str = "score", score_range=FRACTION, percent: bool = False,
                threshold: float = 0.95, seed: int = 0,
                signed_rank_samples: int = SIGNED_RANK_SAMPLES, chains: int = 4,
                warmup: int = 1000, draws: int = 1000, adapt_delta: float = ADAPT_DELTA,
                non_centred=NON_CENTRED, engine: str = ENGINE, ranking: bool = True,
                n_jobs: int = -1,
                backend: str = "threading", progress: bool = True) -> ManyComparison:
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
    data = open_results(results, score=score, percent=percent, score_range=score_range,
                        classifiers=classifiers, lower_is_better=lower_is_better)
    names = check_classifiers(data.table, data.classifiers)
    check_complete(data.table, names)
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
    return ManyComparison(classifiers=names, pairs={p: done[p] for p in pairs}, ranking=fitted,
                          threshold=threshold, rope=rope)
