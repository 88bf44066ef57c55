"""The result of :func:`~bayestut.analysis.compare.compare`: every analysis of two
classifiers, its numbers labelled by outcome in the one reading order (a better · equivalent ·
b better), and their report (verdict, sentences, tables, figures).

:class:`Comparison` holds the three tests' results (with mean scores only,
:class:`~bayestut.analysis.means_comparison.MeansComparison`, the sign and signed-rank tests). The number-line arrays of each multi-data-set test are
kept internal, in :class:`Overall`.
"""

from __future__ import annotations

import dataclasses
import functools
import shlex
from dataclasses import dataclass

import numpy as np
import pandas as pd

from . import wording, writeup
from ..checks import metric_direction
from ..data import Differences
from ..errors import InputError
from ..methods.correlated import StudentPosterior
from ..methods.decisions import NO_DECISION, decide, labelled, outcomes, probability_columns, shown
from ..methods.diagnostics import ESS_MIN_PER_CHAIN, RHAT_MAX, mcse_mean
from ..methods.hierarchical import DELTA0, NEW_DATA_SET, POSTERIOR, HierarchicalResult
from ..methods.nonparametric import SimplexPosterior

# What the verdict decides on: a new data set (the papers' rule, the default) or δ₀.
NEW, DELTA0_ABOUT = "new data set", "delta0"
ABOUT = (NEW, DELTA0_ABOUT)
# The one name of each kind of number (docs/glossary.md).
SHARE = POSTERIOR                  # what the 0.95 rule reads
EXPECTED = "expected probability"  # sign and signed-rank tests: the posterior mean of theta
# above this many data sets the reports count the per-data-set decisions in one sentence (the
# per-data-set table holds each): the verdict and the overall tables stay on the first screen
MANY_DATA_SETS = 10
MEAN = NEW_DATA_SET
# What each kind of number means, by its name; a report explains the kinds its tables show.
KINDS = {
    SHARE: ("", "the posterior probability that the outcome is the likeliest of the three (the "
                "papers' convention; the decision at the threshold is taken on it)."),
    MEAN: ("hierarchical test", "the probability that a new data set shows each outcome: how "
                                "often the practitioner's next data set goes each way."),
    DELTA0: ("hierarchical test", "how probable each outcome is for the mean difference δ₀ "
                                  "over the population of data sets (δ₀ below, inside or above "
                                  "the rope): the claim a method paper makes."),
    EXPECTED: ("sign and signed-rank tests", "the posterior mean of each outcome's "
                                             "probability."),
}
PLUS_MINUS = ("±: the Monte Carlo standard error (another seed moves the number by about this "
              "much); numbers are rounded to what it supports.")
EXPLANATIONS = (*(f"{kind}{f' ({where})' if where else ''}: {text}"
                  for kind, (where, text) in KINDS.items()), PLUS_MINUS)
EXACT_ERROR = (
    "hierarchical test: computed exactly, by numerical integration: its posterior probability "
    "is the limit for infinitely many draws; its ±, the numerical error of the integration "
    "(its difference from a coarser grid), the same on every machine and for every seed.")


def failed_checks(hierarchical) -> list[str]:
    """The convergence checks a hierarchical fit failed that make its numbers unreliable
    (divergences, R-hat, bulk ESS; hitting the tree depth only slows sampling). The exact
    engine samples nothing: its numerical error is reported beside each number instead."""
    if hierarchical is None or getattr(hierarchical, "engine", "stan") == "exact":
        return []
    d = hierarchical.diagnostics
    out = []
    if d.divergences:
        out.append(f"{d.divergences} divergent transitions")
    if d.max_rhat > RHAT_MAX:
        out.append(f"R-hat up to {d.max_rhat:.3g} (above {RHAT_MAX:g})")
    if d.min_ess_bulk < ESS_MIN_PER_CHAIN * d.chains:
        out.append(f"bulk ESS down to {d.min_ess_bulk:.0f} (below {ESS_MIN_PER_CHAIN * d.chains})")
    return out


def caution(hierarchical) -> str:
    """A sentence for the verdict itself when its fit failed the checks; empty otherwise.
    Chains that disagree or too few effective draws make the numbers unreliable; divergences
    alone may bias them."""
    failed = failed_checks(hierarchical)
    if not failed:
        return ""
    if len(failed) == 1 and "divergent" in failed[0]:
        return (f" Caution: the hierarchical sampler had {failed[0]}, so these numbers may be "
                "biased: see the sampler warnings.")
    return (" Caution: the hierarchical sampler failed its checks (" + ", ".join(failed)
            + "), so these numbers are not reliable: see the sampler warnings and rerun as "
            "they advise before quoting this verdict.")


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
        return out + ([(DELTA0, self.delta0, self.delta0_se)] if self.delta0 is not None else [])


@dataclass(frozen=True)
class Comparison(writeup.WriteUp):
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
    per_dataset : StudentPosterior or None
        The Bayesian correlated t-test on each data set; None with mean scores only.
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
        The settings :func:`~bayestut.compare` ran with (seed, sampler settings, engine, ...).
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

    a: str
    b: str
    metric: str
    rope: float
    threshold: float
    lower_is_better: bool
    differences: Differences
    per_dataset: StudentPosterior | None       # None with mean scores only (analysis.means)
    signed_rank: SimplexPosterior | None       # None with fewer than 2 data sets
    hierarchical: HierarchicalResult | None    # None with fewer than 2, or identical scores
    refused: str | None                        # why the multi-data-set tests are missing
    options: dict = dataclasses.field(default_factory=dict)    # compare()'s sampler settings
    plan: object = None        # under "no decision", when asked: simulation.planning.Plan
    about: str = NEW           # what the verdict decides on: a new data set, or δ₀ ("delta0")

    tests = ("signed-rank", "hierarchical")    # in the order of overall(); the last leads
    per_dataset_note = "Bayesian correlated t-test; exact probabilities"

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
            One row per test and kind ("hierarchical test: posterior probability", "...:
            probability on a new data set", "...: probability for δ₀", and the signed-rank
            test's), one column per outcome; empty with one data set.
        """
        rows = {f"{o.test}: {kind}": labelled(p, self.a, self.b)
                for o in self.overall() for kind, p, _ in o.rows()}
        return pd.DataFrame(rows).T.reindex(columns=list(self.labels))

    @property
    def decision(self) -> str:
        """The verdict, "<a> better", "equivalent", "<b> better" or "no decision" (the
        hierarchical test's, or the signed-rank test's with mean scores only, or the one data
        set's)."""
        return decide(labelled(self._decided_on(), self.a, self.b), self.threshold)

    def _decided_on(self) -> np.ndarray:
        """Internal: the number-line probabilities the verdict is taken on."""
        if self.refused:
            return self.per_dataset._rope(self.rope)[0]
        o = self.overall()[-1]
        return o.delta0 if self.about == DELTA0_ABOUT and o.delta0 is not None else o.shares

    @property
    def identical(self) -> bool:
        """Both classifiers scored the same on every fold of every data set."""
        return not np.any(self.differences.x)

    @property
    def constant(self) -> bool:
        """The difference is one number c on every fold of every data set (a point mass)."""
        return bool(np.ptp(self.differences.x) == 0)

    def exact_outcome(self) -> int:
        """With a constant difference c: the number line's region holding c (0 left, 1 rope,
        2 right). The rope is closed, as in the correlated t-test: c = ±rope is in it."""
        c = self.differences.x.flat[0]
        return 0 if c < -self.rope else 2 if c > self.rope else 1

    def orientation(self) -> str:
        """A sentence saying which way the differences point and what "<a> better" means."""
        direction = ("lower scores are better, so the differences are "
                     f"score({self.b}) - score({self.a})" if self.lower_is_better else
                     f"higher scores are better, so the differences are "
                     f"score({self.a}) - score({self.b})")
        return (f"Metric {self.metric!r}: {direction}; '{self.a} better' always means {self.a} is "
                f"practically better (by more than the rope ±{self.rope:g}), and likewise "
                f"'{self.b} better'.")

    def verdict(self, p: np.ndarray) -> str:
        """A short decision for one (left, rope, right) at the threshold, for a table cell."""
        return wording.verdict(p, self.a, self.b, self.threshold)

    def explanations(self) -> list[str]:
        """What the overall table's kinds of probability and ± mean: those it shows."""
        shown = {kind for o in self.overall() for kind, _, _ in o.rows()}
        table = self.overall_table().to_numpy().ravel() if shown else []
        return [line for kind, line in zip(KINDS, EXPLANATIONS) if kind in shown] \
            + ([PLUS_MINUS] if any("±" in str(v) for v in table) else []) \
            + ([EXACT_ERROR] if self.integrated("hierarchical") else [])

    def integrated(self, test: str) -> bool:
        """Whether ``test``'s probabilities were integrated (the exact engine), not sampled."""
        h = self.hierarchical
        return test.startswith("hierarchical") and getattr(h, "engine", "stan") == "exact"

    def sentence(self, test: str, p: np.ndarray, se=(0.0, 0.0, 0.0),
                 share: bool = False) -> str:
        """The decision of one test in plain words."""
        return f"{test}: " + wording.decision(p, self.a, self.b, self.rope, self.threshold,
                                               se=se, share=share,
                                               integrated=self.integrated(test)) + "."

    def per_dataset_table(self) -> pd.DataFrame:
        """A table with one row per data set: the mean difference, the hierarchical test's
        shrunk estimate (when it ran), the correlated t-test's posterior probability of each
        outcome and its decision."""
        p = self.per_dataset._rope(self.rope)
        table = pd.DataFrame({"mean difference": self.differences.means().to_numpy()},
                             index=pd.Index(self.differences.datasets, name="data set"))
        if self.hierarchical is not None:
            shrunk = self.hierarchical.per_dataset()["posterior mean delta_i"]
            table["shrunk (hierarchical)"] = shrunk.to_numpy()
        for column, j in zip(probability_columns(self.a, self.b), shown(range(3))):
            table[column] = p[:, j]
        table["decision"] = [self.verdict(row) for row in p]
        return table

    def overall(self) -> list[Overall]:
        """The multi-data-set tests (empty with one data set)."""
        return list(self._overall)

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

    def overall_table(self) -> pd.DataFrame:
        """A table of every multi-data-set test's probabilities, as text rounded to its Monte
        Carlo error, one row per test and kind of number, with the decision beside the
        posterior probability (on which it is taken)."""
        rows = {}
        for o in self.overall():
            for kind, p, se in o.rows():
                beside = self.threshold if kind == SHARE else None     # the decision's side
                row = {column: wording.number(p[j], se[j], beside)
                       for column, j in zip(probability_columns(self.a, self.b), shown(range(3)))}
                # the decision on the posterior probability, and δ₀'s claim at the threshold
                row["decision"] = self.verdict(p) if kind in (SHARE, DELTA0) else ""
                rows[f"{o.test}: {kind}"] = row
        return pd.DataFrame.from_dict(rows, orient="index")

    def headline(self) -> str:
        """The verdict in one paragraph of words (str): the hierarchical test's, or the one
        data set's."""
        d = self.differences
        if self.identical:
            return (f"{self.a} and {self.b} are practically equivalent: their scores are "
                    f"identical on every fold, so every test gives P(equivalent) = 1.")
        if self.constant and not self.refused:
            i, c = self.exact_outcome(), d.x.flat[0]
            better, worse = (self.a, self.b) if c > 0 else (self.b, self.a)
            return (f"Exactly: {wording.claim(i, self.a, self.b, self.rope)}: {better} scores "
                    f"exactly {abs(c):g} better than {worse} on every fold of every data set, "
                    "a point mass with nothing to sample, so the hierarchical test and the "
                    f"correlated t-test on each data set give "
                    f"P({wording.region_names(self.a, self.b)[i]}) = 1.")
        if self.refused:
            p = self.per_dataset._rope(self.rope)[0]
            return (f"On {d.datasets[0]} (the only data set; Bayesian correlated t-test): "
                    + wording.decision(p, self.a, self.b, self.rope, self.threshold) + ".")
        h, a, b = self.overall()[1], self.a, self.b
        new = wording.listed(h.means, a, b, h.means_se)
        delta0 = wording.listed(h.delta0, a, b, h.delta0_se)
        planned = f" {self.plan.line()}." if self.plan is not None else ""
        lead = f"Hierarchical test over {len(d.datasets)} data sets"
        if self.about == DELTA0_ABOUT:
            text = wording.decision(h.delta0, a, b, self.rope, self.threshold, se=h.delta0_se,
                                    integrated=self.integrated(h.test))
            papers = wording.verdict(h.shares, a, b, self.threshold)
            return (f"{lead}, for the mean difference δ₀ (a method paper's claim): {text}. On a "
                    f"new data set: {new}; the papers' rule on it: {papers}."
                    f"{caution(self.hierarchical)}{planned}")
        text = wording.decision(h.shares, a, b, self.rope, self.threshold, se=h.shares_se,
                                share=True, integrated=self.integrated(h.test))
        weak = wording.strength(h.shares, h.means, h.delta0, a, b, self.threshold, h.means_se,
                                h.delta0_se)
        return (f"{lead}: {text}{weak}. On a new data set: {new}. For the mean difference δ₀ "
                f"(a method paper's claim): {delta0}.{caution(self.hierarchical)}{planned}")

    def next_step(self) -> str:
        """After "no decision", a sentence saying what to do next, with the command to run
        (an empty string otherwise)."""
        if self.identical or self.decision != NO_DECISION:
            return ""
        card = ("Next step: read the card Reading your verdict (docs/reading-your-verdict.md, "
                "'No decision')")
        if self.per_dataset is None:        # mean scores only: the planner needs every fold
            return card + ", and collect more data sets, with every fold's score if you can."
        source = self.options.get("results") or "RESULTS.csv"
        command = ["python", "-m", "bayestut", "plan", str(source), self.a, self.b]
        if self.rope != 0.01:
            command += ["--rope", f"{self.rope:g}"]
        if self.threshold != 0.95:
            command += ["--threshold", f"{self.threshold:g}"]
        if self.metric != "score":
            command += ["--score", str(self.metric)]
        if self.options.get("percent"):
            command.append("--percent")
        try:            # the direction said where plan would not infer it as compare did
            inferred = metric_direction(self.metric, None)
        except InputError:
            inferred = None
        if self.lower_is_better != inferred:
            command.append("--lower-is-better" if self.lower_is_better else "--higher-is-better")
        command += ["--add", "5", "10", "20"]
        return (card + ", then estimate how likely 5, 10 or 20 more data sets are to decide: "
                + " ".join(shlex.quote(part) for part in command))

    def pooled(self) -> str:
        """Why the verdict decides when no single data set does (empty otherwise)."""
        if self.refused or self.per_dataset is None or self.hierarchical is None:
            return ""
        each = decide(self.per_dataset.probabilities(self.rope), self.threshold)
        if self.decision == NO_DECISION or (each != NO_DECISION).any():
            return ""
        hdi = self.per_dataset.hdi(0.95)
        wide = int(np.sum(hdi[:, 1] - hdi[:, 0] > 2 * self.rope))
        return (f"No single data set is decided, yet the verdict is: on {wide} of the "
                f"{len(hdi)} data sets the posterior's 95% HDI is wider than the rope itself "
                f"(±{self.rope:g}), so no outcome of one data set reaches {self.threshold:g}; "
                "the hierarchical test pools all the data sets.")

    def sentences(self, each: bool = True) -> list[str]:
        """The decisions in plain words: the multi-data-set tests, then each data set; with
        ``each=False`` and more than MANY_DATA_SETS data sets, one sentence counting theirs."""
        out = [self.sentence(o.test, o.shares, o.shares_se, share=True) for o in self.overall()]
        if self.refused:
            out.append("Multi-data-set tests not run: " + self.refused)
        if not each and self.many_data_sets:
            return out + [self.tally()]
        p = self.per_dataset._rope(self.rope)
        out += [self.sentence(f"On {name}", row) for name, row in zip(self.differences.datasets, p)]
        return out

    @property
    def many_data_sets(self) -> bool:
        """Whether there are more data sets than the reports give a sentence each."""
        return len(self.differences.datasets) > MANY_DATA_SETS

    def tally(self) -> str:
        """How many data sets the correlated t-test decides each way, in one sentence."""
        chosen = list(decide(self.per_dataset.probabilities(self.rope), self.threshold))
        counts = [f"{name} on {chosen.count(name)}" for name in self.labels]
        return (f"On each of the {len(chosen)} data sets (Bayesian correlated t-test, threshold "
                f"{self.threshold:g}): {', '.join(counts)}, no decision on "
                f"{chosen.count(NO_DECISION)}.")

    def diagnostics(self) -> list[str]:
        """Sampling problems of the hierarchical fit (empty when none)."""
        return list(self.hierarchical.diagnostics.problems) if self.hierarchical else []

    def settings(self) -> str:
        """A line stating the data: data sets, runs and folds, rope and threshold."""
        d = self.differences
        runs = d.x.shape[1] // d.folds
        return (f"{writeup.counted(len(d.datasets), 'data set')}, {writeup.counted(runs, 'run')} "
                f"of {d.folds}-fold cross-validation "
                f"({d.x.shape[1]} paired differences each, rho = 1/{d.folds}); "
                f"rope ±{self.rope:g}; decision threshold {self.threshold:g}")

    def _per_dataset_text(self) -> str:
        """The per-data-set table as text, its probabilities never rounded across the
        threshold beside their decision (0.9497 shows 0.949, not 0.950)."""
        table = self.per_dataset_table()
        columns = set(probability_columns(self.a, self.b))
        return table.to_string(formatters={
            c: (lambda v: wording.number(v, 0.0, self.threshold)) if c in columns else
            (lambda v: f"{v:.3f}") for c in table.columns if table[c].dtype.kind == "f"})

    def summary(self) -> str:
        """The text report (str), verdict first: what ``print(result)`` shows."""
        lines = [f"{self.a} against {self.b}", "", "Verdict: " + self.headline(), "",
                 self.settings(), self.orientation(), ""]
        if self.overall():
            lines += ["Over all data sets:", self.overall_table().to_string(), "",
                      *self.explanations(), ""]
        lines += [f"Per data set ({self.per_dataset_note}):",
                  self._per_dataset_text(), ""]
        lines += ["Decisions:"] + [f"- {s}" for s in self.sentences(each=False)]
        if self.many_data_sets:
            lines.append("(each data set's decision is in the table above; its sentence, in "
                         "the HTML report and in sentences())")
        if self.pooled():
            lines += ["", self.pooled()]
        problems = self.diagnostics()
        if problems:
            lines += ["", "Hierarchical sampler warnings:"] + [f"- {p}" for p in problems]
        if self.next_step():
            lines += ["", self.next_step()]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def figures(self) -> dict:
        """A dict of matplotlib Figures by name: "per_dataset" (each data set's posterior),
        "signed_rank" and "hierarchical" (their simplices; absent with one data set, or when
        the difference is one number everywhere).

        The figures stay open (and so show in a notebook) until closed."""
        import matplotlib.pyplot as plt

        from ..figures.posteriors import font_families, forest
        from ..figures.simplex import simplex_plot

        d = self.differences
        names = [self.a, self.b, *map(str, d.datasets)]
        # names are the user's: a '$' in one must not start mathtext (or fail to parse)
        with plt.rc_context({"font.family": font_families(" ".join(names))[0],
                             "text.parse_math": False}):
            ax = forest(self.per_dataset, list(d.datasets), self.rope, a=self.a, b=self.b,
                        threshold=self.threshold, metric=repr(self.metric),
                        title=f"Posterior of the mean difference {self.a} − {self.b} on each "
                              "data set")
            figures = {"per_dataset": ax.figure}
            vertices = wording.region_names(self.a, self.b)      # the samples' columns
            simplices = [("signed_rank", self.signed_rank,
                          "Bayesian signed-rank test on the data sets' means"),
                         ("hierarchical", self.hierarchical,
                          "Hierarchical test: one point per posterior draw,\n"
                          "its probabilities for a new data set")]
            for name, result, title in simplices:
                if result is None or self.constant:      # a single point: nothing to see
                    continue
                samples = result._samples if name == "signed_rank" else result._masses
                # integrated shares at the corners, as in the tables (the dots are draws)
                exact = self.overall()[1].shares if self.integrated(name) else None
                fig, ax = plt.subplots(figsize=(6, 5))
                simplex_plot(samples, vertices, ax=ax, shares=exact)
                ax.set_title(f"{title}\n{self.a} against {self.b}")
                figures[name] = fig
        return figures

    def missing_glyphs(self) -> str:
        """Characters of the names that no installed font can draw in the figures."""
        from ..figures.posteriors import font_families

        d = self.differences
        return font_families(" ".join([self.a, self.b, *map(str, d.datasets)]))[1]



def simplex_overall(test: str, posterior: SimplexPosterior) -> Overall:
    """Both kinds of probability of a sign or signed-rank test, with their Monte Carlo errors
    (its samples are independent: one chain)."""
    samples = posterior._samples[None]
    wins = np.eye(3)[samples[0].argmax(axis=1)][None]
    return Overall(test, posterior._shares, mcse_mean(wins),
                   samples[0].mean(axis=0), mcse_mean(samples), EXPECTED)
