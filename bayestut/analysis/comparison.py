"""The result of :func:`~bayestut.analysis.compare.compare`: every analysis of two
classifiers, its numbers labelled by outcome in the one reading order (a better · equivalent ·
b better).

:class:`Comparison` holds the three tests' results (with mean scores only,
:class:`~bayestut.analysis.means_comparison.MeansComparison`, the sign and signed-rank tests);
both share :class:`PairResult`. The results hold numbers only: their report (verdict,
sentences, tables) is written by :mod:`bayestut.analysis.comparison_text`, their figures drawn
by :mod:`bayestut.analysis.comparison_figures`, their paragraphs for a paper by
:mod:`bayestut.analysis.writeup`; the results' methods of the same names are one-line
delegations to those functions (the paragraphs' five from
:class:`~bayestut.analysis.paper_output.PaperOutput`, shared with ``ManyComparison``).
The number-line arrays of each multi-data-set test are kept internal, in :class:`Overall`;
the verdict's checks (ropes, priors, the model) are functions of
:mod:`bayestut.analysis.comparison_checks`, kept as attributes computed on first use.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pandas as pd

from . import (comparison_checks, comparison_figures, comparison_text, dataset_text,
               rope_limit, verdict_notes, wording)
from .comparison_checks import DELTA0_ABOUT
from .comparison_text import EXPECTED
from .dataset_text import SHRUNK
from .model_check import ModelCheck
from .paper_output import PaperOutput
from ..checks import FRACTION, at_ceiling, ceiling_note, check, check_all, check_backend
from ..errors import InputError
from ..data import Differences
from ..methods.correlated import StudentPosterior
from ..methods.decisions import (decide, labelled, outcomes, probability_columns,
                                 shown)
from ..methods.diagnostics import mcse_mean
from ..methods.hierarchical import DELTA0, NEW_DATA_SET, POSTERIOR, HierarchicalResult
from ..methods.hierarchical_ropes import Limit, Widths
from ..methods.nonparametric import SimplexPosterior

# What the verdict decides on: a new data set (the papers' rule, the default) or δ₀.
NEW = "new data set"
ABOUT = (NEW, DELTA0_ABOUT)
# The one name of each kind of number (docs/glossary.md).
SHARE = POSTERIOR                  # what the 0.95 rule reads
MEAN = NEW_DATA_SET
# A rope this wide a fraction of the score's range, and wider than every data set's mean
# difference, gets a sentence (PairResult.wide_rope): 5 points of accuracy, five times the
# papers' 0.01, is wider than a reader usually means, and a rope typed in percentage points
# instead of fractions (0.1 for 0.1 points) is 10% or more. The papers' rope on close
# classifiers (±0.01, differences within ±0.005) stays far below it.
WIDE_ROPE = 0.05


@dataclass(frozen=True)
class Overall:
    """Internal: one multi-data-set test's number-line (left, rope, right) arrays, each with
    its Monte Carlo (or numerical) error: the posterior probability that each outcome is the
    likeliest (``shares``), the second kind named ``kind`` (``means``) and, for the hierarchical
    test, δ₀'s. Readers see them labelled, through :attr:`Comparison.probabilities`."""

    test: str
    shares: np.ndarray
    shares_se: np.ndarray
    means: np.ndarray
    means_se: np.ndarray
    kind: str = EXPECTED
    delta0: np.ndarray | None = None
    delta0_se: np.ndarray | None = None

    def rows(self) -> list[tuple[str, np.ndarray, np.ndarray]]:
        """(name, p, error) of each kind of probability this test has."""
        out = [(SHARE, self.shares, self.shares_se), (self.kind, self.means, self.means_se)]
        if self.delta0 is not None and self.delta0_se is not None:
            out.append((DELTA0, self.delta0, self.delta0_se))
        return out


@dataclass(frozen=True, kw_only=True, repr=False)
class PairResult(PaperOutput):
    """What every two-classifier result holds, per fold or means only: the settings, the
    differences, the multi-data-set tests' probabilities and the verdict; and, as one-line
    delegations, its report (:mod:`~bayestut.analysis.comparison_text`), figures
    (:mod:`~bayestut.analysis.comparison_figures`) and paragraphs for a paper
    (:mod:`~bayestut.analysis.writeup`, through
    :class:`~bayestut.analysis.paper_output.PaperOutput`). A subclass sets ``tests`` and ``_overall``.
    """

    a: str
    b: str
    metric: str
    rope: float
    threshold: float
    lower_is_better: bool
    differences: Differences
    signed_rank: SimplexPosterior | None       # None with fewer than 2 data sets
    options: dict = dataclasses.field(default_factory=dict)    # compare()'s settings

    tests: ClassVar[tuple[str, ...]] = ()     # in the order of overall(); the last leads

    @property
    def labels(self) -> tuple[str, str, str]:
        """The outcomes' names in the reading order ("<a> better", "equivalent", "<b> better")."""
        return outcomes(self.a, self.b)

    @property
    def probabilities(self) -> pd.DataFrame:
        """Every multi-data-set test's probabilities, labelled by outcome in the reading order.

        Returns
        -------
        pandas.DataFrame
            One row per test and kind, labelled as in :meth:`overall_table` ("hierarchical
            test: posterior probability", "...: probability on a new data set", "...:
            probability for δ₀", and the signed-rank test's), one column per outcome; empty
            with one data set.
        """
        rows = {f"{o.test}: {kind}": labelled(p, self.a, self.b)
                for o in self.overall() for kind, p, _ in o.rows()}
        return pd.DataFrame(rows).T.reindex(columns=list(self.labels))

    @property
    def decision(self) -> str:
        """The verdict, "<a> better", "equivalent", "<b> better" or "no decision"."""
        return decide(labelled(self._decided_on(), self.a, self.b), self.threshold)

    def _decided_on(self) -> np.ndarray:
        """Internal: the number-line probabilities the verdict is taken on (the leading
        test's posterior probability)."""
        return self.overall()[-1].shares

    @property
    def score_range(self) -> tuple[float, float]:
        """The values the metric can take, in the analysis's units (fractions with percent)."""
        low, high = self.options.get("score_range", FRACTION)
        return float(low), float(high)

    @property
    def wide_rope(self) -> tuple[str, float] | None:
        """When the rope may be in the wrong units: it is at least :data:`WIDE_ROPE` of the
        score's (finite) range and wider than every data set's mean difference, so that every
        data set lies inside it (0.5 typed for half a point of accuracy in fractions).

        A wide rope can be meant, so it is said, never refused
        (:func:`~bayestut.analysis.verdict_notes.rope_units` writes the sentence). With an
        unbounded range the rope's units cannot be judged: None.

        Returns
        -------
        tuple of (str, float) or None
            The data set with the largest absolute mean difference, and that difference; None
            when the rope is narrower, or the scores are identical.
        """
        low, high = self.score_range
        means = self.differences.means().abs()
        if (self.identical or not np.isfinite(high - low)
                or self.rope < WIDE_ROPE * (high - low) or self.rope <= means.max()):
            return None
        return str(means.idxmax()), float(means.max())

    @property
    def ceiling(self) -> list[str]:
        """The data sets where both classifiers' mean scores lie within the rope of the
        metric's best bound (:func:`~bayestut.checks.at_ceiling`): their mean difference
        cannot leave the rope there.

        Returns
        -------
        list of str
            Their names, in the data sets' order; empty when none, or without each data
            set's mean scores (a means-only table).
        """
        means = self.options.get("mean_scores")
        if not means:
            return []
        near = at_ceiling(means, self.score_range, self.rope, self.lower_is_better)
        return [str(n) for n, hit in zip(self.differences.datasets, near) if hit]

    def ceiling_note(self) -> str:
        """The report's note on :attr:`ceiling` (:func:`~bayestut.checks.ceiling_note`).

        Returns
        -------
        str
            One sentence naming those data sets, or empty when there are none.
        """
        best = self.score_range[1 - int(self.lower_is_better)]
        return ceiling_note(self.ceiling, best * (100 if self.options.get("percent") else 1))

    @property
    def identical(self) -> bool:
        """Both classifiers scored the same on every fold of every data set."""
        return not np.any(self.differences.x)

    @property
    def constant(self) -> bool:
        """The difference is one number c on every fold of every data set (a point mass)."""
        return bool(np.ptp(self.differences.x) == 0)

    def overall(self) -> list[Overall]:
        """The multi-data-set tests (empty with one data set)."""
        return list(self._overall)

    @functools.cached_property
    def _overall(self) -> tuple[Overall, ...]:
        return ()

    def integrated(self, test: str) -> bool:
        """Whether ``test``'s probabilities were integrated (the exact engine), not sampled."""
        h = getattr(self, "hierarchical", None)
        return test.startswith("hierarchical") and getattr(h, "engine", "stan") == "exact"

    def diagnostics(self) -> list[str]:
        """Sampling problems of the hierarchical fit (empty when none)."""
        h = getattr(self, "hierarchical", None)
        return list(h.diagnostics.problems) if h is not None else []

    # --- the report, in comparison_text: one-line delegations (the paragraphs: PaperOutput) --

    def _cell(self, p: np.ndarray) -> str:
        """Internal: a table cell's short decision for one number-line (left, rope, right)."""
        return wording.verdict(p, self.a, self.b, self.threshold)

    def verdict(self) -> list[str]:
        """The verdict, in short lines each readable alone, as
        :meth:`ManyComparison.verdict <bayestut.analysis.many_comparison.ManyComparison.verdict>`
        gives it for K classifiers, and as ``print(result)`` shows it
        (:func:`comparison_text.verdict`).

        Returns
        -------
        list of str
            The decision with its threshold first, then the probabilities on a new data set
            and δ₀'s line; one line without a hierarchical posterior (mean scores only, one
            data set, identical or constant differences); the plan's line when asked for; the
            decision at other ropes (:meth:`rope_sensitivity`), when it was checked; the
            note on data sets at the metric's best score (:meth:`ceiling_note`) last, when
            there are any: whoever is handed these lines needs them. The command-line options
            they name (``--about delta0``, the ``plan`` command) have Python forms: the table
            "The report says → in Python" in docs/api.md (:meth:`plan_more` runs the plan).
        """
        return comparison_text.verdict(self)

    def headline(self) -> str:
        """The verdict, its lines joined by line breaks (:func:`comparison_text.headline`)."""
        return comparison_text.headline(self)

    def orientation(self) -> str:
        """Which way the differences point (:func:`comparison_text.orientation`)."""
        return comparison_text.orientation(self)

    def settings(self) -> str:
        """A line stating the data (:func:`comparison_text.settings`)."""
        return comparison_text.settings(self)

    def sentence(self, test: str, p: np.ndarray, se=(0.0, 0.0, 0.0), share: bool = False) -> str:
        """One test's decision in plain words (:func:`comparison_text.sentence`)."""
        return comparison_text.sentence(self, test, p, se, share)

    def sentences(self, each: bool = True) -> list[str]:
        """The decisions in plain words (:func:`comparison_text.sentences`)."""
        return comparison_text.sentences(self, each)

    def tally(self) -> str:
        """The per-data-set decisions counted (:func:`dataset_text.tally`)."""
        return dataset_text.tally(self)

    @property
    def many_data_sets(self) -> bool:
        """Whether the reports count the data sets' decisions in one sentence."""
        return dataset_text.many_data_sets(self)

    @property
    def per_dataset_note(self) -> str:
        """What the per-data-set table holds (:func:`dataset_text.per_dataset_note`)."""
        return dataset_text.per_dataset_note(self)

    def overall_table(self, formatted: bool = False) -> pd.DataFrame:
        """The overall table: every multi-data-set test's probabilities, a row per test and
        kind of number, in the reports' order (δ₀'s first among the hierarchical test's with
        ``about="delta0"``).

        Parameters
        ----------
        formatted : bool
            False (the default): numbers to compute with. True: the text the reports print,
            each probability rounded to its error (:func:`comparison_text.overall_table`).

        Returns
        -------
        pandas.DataFrame
            Indexed by "<test>: <kind of number>"; columns "P(<a> better)", "P(equivalent)",
            "P(<b> better)", then (numbers only) their Monte Carlo or numerical errors
            "± P(<a> better)", ..., and the "decision"
            (:func:`comparison_text.decision_cell`: beside δ₀'s probabilities, in parentheses
            unless the verdict is on δ₀; empty beside the kinds no decision is taken on).
            Empty with one data set.
        """
        if formatted:
            return comparison_text.overall_table(self)
        rows = {}
        for o in self.overall():
            kinds = sorted(o.rows(), key=lambda row: getattr(self, "about", NEW) == DELTA0_ABOUT
                           and row[0] != DELTA0)      # the verdict's claim first
            for kind, p, se in kinds:
                rows[f"{o.test}: {kind}"] = pd.concat([
                    labelled(p, self.a, self.b).set_axis(probability_columns(self.a, self.b)),
                    labelled(se, self.a, self.b).set_axis(
                        ["± " + c for c in probability_columns(self.a, self.b)]),
                    pd.Series({"decision": comparison_text.decision_cell(self, kind, p)})])
        return pd.DataFrame(rows).T.infer_objects()

    def explanations(self, tests=None) -> list[str]:
        """What the overall table's kinds and ± mean, of every test's rows or of ``tests``'
        only (:func:`comparison_text.explanations`)."""
        return comparison_text.explanations(self, tests)

    def pooled(self) -> str:
        """Why the verdict decides when no data set does (:func:`comparison_text.pooled`)."""
        return comparison_text.pooled(self)

    def plan_more(self, add=(5, 10, 20), *, sims: int = 200, seed: int = 0, n_jobs: int = -1,
                  backend: str | None = None, progress: bool | None = None):
        """How likely m more data sets like these are to decide: the Python form of the
        ``plan`` command that :meth:`next_step` prints after "no decision", run on this
        result's differences with its rope, threshold and claim (``about``). With the same
        ``add``, ``sims`` and ``seed`` it gives the command's numbers.

        Parameters
        ----------
        add : int or sequence of int
            The counts m of new data sets (the command's ``--add``).
        sims : int
            Simulated studies (``--sims``).
        seed : int
            The planner's seed (``--seed``; 0, as the command's default, whatever seed the
            comparison ran with).
        n_jobs : int
            joblib's workers (-1: every core); the result depends on ``seed`` only.
        backend : str, optional
            joblib's backend: "loky" by default, or "dask".
        progress : bool or None
            An estimate and a progress bar on standard error (None: when the work is long).

        Returns
        -------
        Plan
            As :func:`~bayestut.analysis.plan.plan` returns it: ``print`` it for the answer,
            ``.table`` for its numbers. Its text ends, after "no decision", with what to
            report if no more data sets can be had (:func:`~bayestut.simulation.plan_text.no_more`).
        """
        from ..simulation.planning import check_counts, plan_differences

        if getattr(self, "per_dataset", None) is None or len(self.differences.datasets) < 2:
            raise InputError("the planner reruns the hierarchical test, which needs every "
                             "fold's score on at least 2 data sets: collect those, then plan")
        counts = check_counts(add)
        settings = check_all(sims=sims, seed=seed, n_jobs=n_jobs)
        if progress is not None:
            progress = check("progress", progress)
        check_backend(backend)
        return plan_differences(self.differences, counts, rope=self.rope,
                                threshold=self.threshold, backend=backend, progress=progress,
                                about=getattr(self, "about", NEW), **settings)

    def next_step(self) -> str:
        """After "no decision", what to do next (:func:`verdict_notes.next_step`)."""
        return verdict_notes.next_step(self)

    def rope_sensitivity(self) -> str:
        """The decision at ropes around the chosen one (:func:`verdict_notes.rope_sensitivity`)."""
        return verdict_notes.rope_sensitivity(self)

    def summary(self, explain: bool = False) -> str:
        """The text report, verdict first (:func:`comparison_text.summary`); with ``explain``,
        what each kind of number means follows the tables."""
        return comparison_text.summary(self, explain)

    def __str__(self) -> str:
        return comparison_text.summary(self)

    def __repr__(self) -> str:
        # a line, not the arrays' tens of thousands of characters (reader 21)
        return (f"<{type(self).__name__} {self.a} against {self.b}: {self.decision} (rope "
                f"±{self.rope:g}, threshold {self.threshold:g}); print() it for the report>")

    def figures(self) -> dict:
        """The figures by name (:func:`comparison_figures.figures`)."""
        return comparison_figures.figures(self)

    def missing_glyphs(self) -> str:
        """Characters no font can draw (:func:`comparison_figures.missing_glyphs`)."""
        return comparison_figures.missing_glyphs(self)


@dataclass(frozen=True, kw_only=True, repr=False)
class Comparison(PairResult):
    """Every analysis of a against b, as :func:`~bayestut.compare` returns it.

    A positive difference, and the outcome "<a> better", always mean that a is better, for
    losses too. Probabilities are labelled by outcome in the reading order: "<a> better",
    "equivalent", "<b> better". Print it (or call :meth:`summary`) for the report.

    Attributes
    ----------
    probabilities : pandas.DataFrame
        Every multi-data-set test's probabilities, one row per test and kind of number (the
        hierarchical test's posterior probability, probability on a new data set and
        probability for δ₀; the signed-rank test's posterior probability and expected
        probability), one column per outcome. Empty with one data set.
    decision : str
        The verdict: "<a> better", "equivalent", "<b> better" or "no decision", taken at
        ``threshold`` on the hierarchical test's posterior probability (on its probability for
        δ₀ with ``about="delta0"``; on the correlated t-test's with one data set).
    labels : tuple of str
        The outcomes' names in the reading order.
    a : str
        The first classifier's name: "<a> better" means it is practically better.
    b : str
        The second classifier's name.
    metric : str
        The score column's name.
    rope : float
        The rope's half-width, in the metric's units.
    threshold : float
        The decision threshold (the papers' 0.95).
    lower_is_better : bool
        Whether lower scores are better (the differences are then score(b) - score(a)).
    differences : Differences
        The paired differences a - b, oriented so that positive means a is better.
    per_dataset : StudentPosterior
        The Bayesian correlated t-test on each data set.
    signed_rank : SimplexPosterior or None
        The Bayesian signed-rank test on the data sets' mean differences; None with one data
        set.
    hierarchical : HierarchicalResult or None
        The hierarchical test; None with one data set, or when the difference is the same
        number on every fold of every data set (its answer is then exact:
        :attr:`probabilities` still has its rows).
    refused : str or None
        Why the multi-data-set tests were not run (one data set); None when they were.
    options : dict
        The settings :func:`~bayestut.compare` ran with (seed, sampler settings, engine,
        the results file's path, ...).
    plan : Plan or None
        With ``compare(plan=m)`` and a "no decision" verdict: how likely m more data sets are
        to decide.
    about : str
        What the verdict decides on: "new data set" (the papers' rule) or "delta0".
    identical : bool
        Whether the two classifiers score the same on every fold of every data set.
    constant : bool
        Whether the difference is one number on every fold of every data set.
    """

    per_dataset: StudentPosterior              # the correlated t-test on each data set
    hierarchical: HierarchicalResult | None    # None with fewer than 2, or identical scores
    refused: str | None                        # why the multi-data-set tests are missing
    plan: object = None        # under "no decision", when asked: simulation.planning.Plan
    about: str = NEW           # what the verdict decides on: a new data set, or δ₀ ("delta0")

    tests = ("signed-rank", "hierarchical")    # in the order of overall(); the last leads

    # --- the verdict's checks, each computed on first use (comparison_checks) ---------------

    @functools.cached_property
    def rope_check(self) -> pd.DataFrame | None:
        """The decision at ropes around the chosen one
        (:func:`~bayestut.analysis.comparison_checks.rope_check`)."""
        return comparison_checks.rope_check(self)

    @functools.cached_property
    def papers_rope(self) -> pd.DataFrame | None:
        """The decision at the papers' rope ±0.01 when another was chosen
        (:func:`~bayestut.analysis.comparison_checks.papers_rope`)."""
        return comparison_checks.papers_rope(self)

    @functools.cached_property
    def rope_limit(self) -> Limit | None:
        """The widest rope at which the verdict's side holds, or the narrowest at which its
        equivalence does (:func:`~bayestut.analysis.rope_limit.limit`)."""
        return rope_limit.limit(self)

    @functools.cached_property
    def prior_check(self) -> pd.DataFrame | None:
        """The decision under the papers' other priors on ν
        (:func:`~bayestut.analysis.comparison_checks.prior_check`)."""
        return comparison_checks.prior_check(self)

    @functools.cached_property
    def model_check(self) -> ModelCheck | None:
        """The hierarchical fit's posterior predictive check
        (:func:`~bayestut.analysis.comparison_checks.model_check`)."""
        return comparison_checks.model_check(self)

    @functools.cached_property
    def _widths(self) -> Widths | None:
        """Internal: the exact fit's grids at other ropes, shared by the rope checks."""
        return comparison_checks.widths(self)

    def _decided_on(self) -> np.ndarray:
        """Internal: the number-line probabilities the verdict is taken on."""
        if self.refused:
            return self.per_dataset._rope(self.rope)[0]
        o = self.overall()[-1]
        return o.delta0 if self.about == DELTA0_ABOUT and o.delta0 is not None else o.shares

    def exact_outcome(self) -> int:
        """With a constant difference c: the number line's region holding c (0 left, 1 rope,
        2 right). The rope is closed, as in the correlated t-test: c = ±rope is in it."""
        c = self.differences.x.flat[0]
        return 0 if c < -self.rope else 2 if c > self.rope else 1

    def per_dataset_table(self, formatted: bool = False) -> pd.DataFrame:
        """A table with one row per data set: the mean difference, the correlated t-test's
        probability on this data set of each outcome (glossary) and its decision, then
        (when it ran) the hierarchical test's shrunk estimate of the mean difference, last so
        that it is not read as the source of the probabilities beside the mean. The
        probabilities' columns say "on this data set" ("P(a better) on this data set"): the
        overall table's "P(a better)" is another number.

        Parameters
        ----------
        formatted : bool
            The numbers as the reports print them (strings), in place of floats.

        Returns
        -------
        pandas.DataFrame
            One row per data set.
        """
        if formatted:
            return dataset_text.per_dataset_frame(self)
        p = self.per_dataset._rope(self.rope)
        table = pd.DataFrame({"mean difference": self.differences.means().to_numpy()},
                             index=pd.Index(self.differences.datasets, name="data set"))
        for column, j in zip(probability_columns(self.a, self.b), shown(range(3))):
            table[f"{column} on this data set"] = p[:, j]
        table["decision"] = [self._cell(row) for row in p]
        if self.hierarchical is not None:
            shrunk = self.hierarchical.per_dataset()["posterior mean delta_i"]
            table[SHRUNK] = shrunk.to_numpy()
        return table

    @functools.cached_property
    def _overall(self) -> tuple[Overall, ...]:
        # computed once: the Monte Carlo errors of 50,000+ signed-rank draws take a while
        if self.signed_rank is None:
            return ()
        out = [simplex_overall("signed-rank test on the means", self.signed_rank)]
        h = self.hierarchical
        if h is None:       # a constant difference c: every next data set's difference is c
            certain, zero = np.eye(3)[self.exact_outcome()], np.zeros(3)
            out.append(Overall("hierarchical test (exact: nothing to sample)", certain, zero,
                               certain, zero, MEAN, certain, zero))
        else:
            out.append(Overall("hierarchical test", h._probabilities, h._probabilities_mcse,
                               h._new_data_set, h._new_data_set_mcse, MEAN,
                               h._delta0_probabilities, h._delta0_probabilities_mcse))
        return tuple(out)


def simplex_overall(test: str, posterior: SimplexPosterior) -> Overall:
    """Both kinds of probability of a sign or signed-rank test, with their Monte Carlo errors
    (its samples are independent: one chain)."""
    samples = posterior._samples[None]
    wins = np.eye(3)[samples[0].argmax(axis=1)][None]
    return Overall(test, posterior._shares, mcse_mean(wins),
                   samples[0].mean(axis=0), mcse_mean(samples), EXPECTED)
