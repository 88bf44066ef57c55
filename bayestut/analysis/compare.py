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
import functools
import re
import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd

from . import wording, writeup
from ..methods.correlated import StudentPosterior, correlated_bayesian_ttest
from ..errors import InputError
from ..data import FRACTION, Differences, check_score_range, paired_differences, read_results
from ..methods.decisions import decide, outcome_names, probability_columns, shown
from ..methods.diagnostics import ESS_MIN_PER_CHAIN, RHAT_MAX, ConvergenceWarning, mcse_mean
from ..methods.hierarchical import (ADAPT_DELTA, ENGINE, ENGINES, NON_CENTRED,  # noqa: F401
                                    HierarchicalResult, hierarchical_test)
from ..methods.nonparametric import SimplexPosterior, sign_test, signed_rank_test
from .means import MIN_DATASETS, NOT_RUN, paired_means
from ..shapes import is_means_only
from ..methods.stan import check_environment
from ..simulation.planning import SIMS, check_counts, plan_differences

SIGNED_RANK_SAMPLES = 50_000
# The hierarchical test's defaults for a reader's results are hierarchical_test's own (the exact
# engine; for Stan every delta_i non-centred and adapt_delta 0.95): see methods/hierarchical.py.

SHARE = "share of draws"
# above this many data sets the reports count the per-data-set decisions in one sentence (the
# per-data-set table holds each): the verdict and the overall tables stay on the first screen
MANY_DATA_SETS = 10
MEAN = "mean probability"
EXPLANATIONS = (
    f"{SHARE}: the share of posterior draws in which the outcome is the most probable of the "
    "three (the papers' convention; the decision at the threshold is taken on it).",
    f"{MEAN}: the outcome's probability averaged over the posterior; for the hierarchical test, "
    "the probability that a new data set shows each outcome, in the columns' order.",
    "±: the Monte Carlo standard error (another seed moves the number by about this much); "
    "numbers are rounded to what it supports.")
EXACT_ERROR = (
    "hierarchical test: computed exactly, by numerical integration: its share of draws is the "
    "limit for infinitely many draws; its ±, the numerical error of the integration (its "
    "difference from a coarser grid), the same on every machine and for every seed.")


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
    """One multi-data-set test's (left, rope, right): shares of draws in which each is the
    most probable, and mean probabilities, each with its Monte Carlo standard error."""

    test: str
    shares: np.ndarray
    shares_se: np.ndarray
    means: np.ndarray
    means_se: np.ndarray


@dataclass(frozen=True)
class Comparison(writeup.WriteUp):
    """Every analysis of a against b; ``x`` > 0 (and "a better") always means a is better."""

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

    tests = ("signed-rank", "hierarchical")    # in the order of overall(); the last leads
    per_dataset_note = "Bayesian correlated t-test; exact probabilities"

    @property
    def labels(self) -> tuple[str, str, str]:
        """The outcomes' names in the arrays' (left, rope, right) order: (b better, equivalent,
        a better); tables and sentences show them in the order of ``decisions.shown``."""
        return outcome_names(self.a, self.b)

    @property
    def identical(self) -> bool:
        """Both classifiers scored the same on every fold of every data set."""
        return not np.any(self.differences.x)

    @property
    def constant(self) -> bool:
        """The difference is one number c on every fold of every data set: a point mass."""
        return bool(np.ptp(self.differences.x) == 0)

    def exact_outcome(self) -> int:
        """With a constant difference c: the outcome holding c (0 left, 1 rope, 2 right). The
        rope is closed, as in the correlated t-test: c = ±rope is in it."""
        c = self.differences.x.flat[0]
        return 0 if c < -self.rope else 2 if c > self.rope else 1

    def orientation(self) -> str:
        direction = ("lower scores are better, so the differences are "
                     f"score({self.b}) - score({self.a})" if self.lower_is_better else
                     f"higher scores are better, so the differences are "
                     f"score({self.a}) - score({self.b})")
        return (f"Metric {self.metric!r}: {direction}; '{self.a} better' always means {self.a} is "
                f"practically better (by more than the rope ±{self.rope:g}), and likewise "
                f"'{self.b} better'.")

    def verdict(self, p) -> str:
        """A short decision for one (left, rope, right) at the threshold, for a table cell."""
        return wording.verdict(p, self.a, self.b, self.threshold)

    def explanations(self) -> list[str]:
        """What the overall table's kinds of probability and ± mean, for this result."""
        return [*EXPLANATIONS, *([EXACT_ERROR] if self.integrated("hierarchical") else [])]

    def integrated(self, test: str) -> bool:
        """Whether ``test``'s probabilities were integrated (the exact engine), not sampled."""
        h = self.hierarchical
        return test.startswith("hierarchical") and getattr(h, "engine", "stan") == "exact"

    def sentence(self, test: str, p, se=(0.0, 0.0, 0.0), share: bool = False) -> str:
        """The decision of one test in plain words."""
        return f"{test}: " + wording.decision(p, self.a, self.b, self.rope, self.threshold,
                                               se=se, share=share,
                                               integrated=self.integrated(test)) + "."

    def per_dataset_table(self) -> pd.DataFrame:
        """One row per data set: mean difference, rope probabilities, decision."""
        p = self.per_dataset.rope(self.rope)
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
                               certain, zero))
        else:
            out.append(Overall("hierarchical test", h.probabilities, h.probabilities_mcse,
                               h.mean_masses, h.mean_masses_mcse))
        return tuple(out)

    def overall_table(self) -> pd.DataFrame:
        """Both kinds of probability of each multi-data-set test, rounded to their Monte Carlo
        error; the decision stands beside the shares, on which it is taken."""
        rows = {}
        for o in self.overall():
            for kind, p, se in ((SHARE, o.shares, o.shares_se), (MEAN, o.means, o.means_se)):
                beside = self.threshold if kind == SHARE else None     # the decision's side
                row = {column: wording.number(p[j], se[j], beside)
                       for column, j in zip(probability_columns(self.a, self.b), shown(range(3)))}
                row["decision"] = self.verdict(p) if kind == SHARE else ""
                rows[f"{o.test}: {kind}"] = row
        return pd.DataFrame.from_dict(rows, orient="index")

    def headline(self) -> str:
        """The verdict, first and in words: the hierarchical test's, or the one data set's."""
        d = self.differences
        if self.identical:
            return (f"{self.a} and {self.b} are practically equivalent: their scores are "
                    f"identical on every fold, so every test gives P({self.labels[1]}) = 1.")
        if self.constant and not self.refused:
            i, c = self.exact_outcome(), d.x.flat[0]
            better, worse = (self.a, self.b) if c > 0 else (self.b, self.a)
            return (f"Exactly: {wording.claim(i, self.a, self.b, self.rope)}: {better} scores "
                    f"exactly {abs(c):g} better than {worse} on every fold of every data set, "
                    "a point mass with nothing to sample, so the hierarchical test and the "
                    f"correlated t-test on each data set give P({self.labels[i]}) = 1.")
        if self.refused:
            p = self.per_dataset.rope(self.rope)[0]
            return (f"On {d.datasets[0]} (the only data set; Bayesian correlated t-test): "
                    + wording.decision(p, self.a, self.b, self.rope, self.threshold) + ".")
        h = self.overall()[1]
        text = wording.decision(h.shares, self.a, self.b, self.rope, self.threshold,
                                se=h.shares_se, share=True, integrated=self.integrated(h.test))
        means = ", ".join(f"{column} = {wording.number(h.means[j], h.means_se[j])}"
                          for column, j in zip(probability_columns(self.a, self.b), shown(range(3))))
        planned = f" {self.plan.line()}." if self.plan is not None else ""
        return (f"Hierarchical test over {len(d.datasets)} data sets: {text}. On a new data "
                f"set: {means}.{caution(self.hierarchical)}{planned}")

    def sentences(self, each: bool = True) -> list[str]:
        """The decisions in plain words: the multi-data-set tests, then each data set; with
        ``each=False`` and more than MANY_DATA_SETS data sets, one sentence counting theirs."""
        out = [self.sentence(o.test, o.shares, o.shares_se, share=True) for o in self.overall()]
        if self.refused:
            out.append("Multi-data-set tests not run: " + self.refused)
        if not each and self.many_data_sets:
            return out + [self.tally()]
        p = self.per_dataset.rope(self.rope)
        out += [self.sentence(f"On {name}", row) for name, row in zip(self.differences.datasets, p)]
        return out

    @property
    def many_data_sets(self) -> bool:
        return len(self.differences.datasets) > MANY_DATA_SETS

    def tally(self) -> str:
        """How many data sets the correlated t-test decides each way, in one sentence."""
        chosen = list(wording.decide(self.per_dataset.rope(self.rope), self.threshold))
        counts = [f"{wording.short(i, self.a, self.b)} on {chosen.count(outcome)}"
                  for i, outcome in reversed(list(enumerate(wording.OUTCOMES)))]
        return (f"On each of the {len(chosen)} data sets (Bayesian correlated t-test, threshold "
                f"{self.threshold:g}): {', '.join(counts)}, no decision on "
                f"{chosen.count('none')}.")

    def diagnostics(self) -> list[str]:
        """Sampling problems of the hierarchical fit (empty when none)."""
        return list(self.hierarchical.diagnostics.problems) if self.hierarchical else []

    def settings(self) -> str:
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
        """The compact text report, verdict first."""
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
        problems = self.diagnostics()
        if problems:
            lines += ["", "Hierarchical sampler warnings:"] + [f"- {p}" for p in problems]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def figures(self) -> dict:
        """{name: matplotlib Figure}: the per-data-set posteriors and the two simplices.

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
            vertices = (self.b, "rope", self.a)
            simplices = [("signed_rank", self.signed_rank,
                          "Bayesian signed-rank test on the data sets' means"),
                         ("hierarchical", self.hierarchical,
                          "Hierarchical test: one point per posterior draw,\n"
                          "its probabilities for a new data set")]
            for name, result, title in simplices:
                if result is None or self.constant:      # a single point: nothing to see
                    continue
                samples = result.samples if name == "signed_rank" else result.masses
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


# --- mean scores only (analysis.means): the sign and signed-rank tests ------------------------

@dataclasses.dataclass(frozen=True)
class MeansComparison(Comparison):
    """Sign and signed-rank tests of a against b on the data sets' mean scores."""

    sign: SimplexPosterior | None = None
    not_run: str = NOT_RUN
    tests = ("sign", "signed-rank")               # in the order of overall(); the last leads

    @functools.cached_property
    def _overall(self) -> tuple[Overall, ...]:
        return (simplex_overall("sign test on the means", self.sign),
                simplex_overall("signed-rank test on the means", self.signed_rank))

    def per_dataset_table(self) -> pd.DataFrame:
        return pd.DataFrame({"mean difference": self.differences.means().to_numpy()},
                            index=pd.Index(self.differences.datasets, name="data set"))

    per_dataset_note = "mean differences only: the correlated t-test needs every fold"

    def headline(self) -> str:
        if self.identical:
            return super().headline()
        o = self.overall()[-1]
        text = wording.decision(o.shares, self.a, self.b, self.rope, self.threshold,
                                se=o.shares_se, share=True)
        return (f"Signed-rank test over {len(self.differences.datasets)} data sets (mean "
                f"scores only): {text}.")

    def sentences(self, each: bool = True) -> list[str]:
        return [self.sentence(o.test, o.shares, o.shares_se, share=True)
                for o in self.overall()] + [self.not_run]

    many_data_sets = False          # no data set has a sentence of its own

    def settings(self) -> str:
        return (f"{len(self.differences.datasets)} data sets, one mean score per data set and "
                f"classifier (no folds); rope ±{self.rope:g}; decision threshold "
                f"{self.threshold:g}")

    def figures(self) -> dict:
        """{name: matplotlib Figure}: the two tests' simplices."""
        import matplotlib.pyplot as plt

        from ..figures.posteriors import font_families
        from ..figures.simplex import simplex_plot

        figures = {}
        if self.identical:                    # a single point: nothing to see
            return figures
        names = [self.a, self.b, *map(str, self.differences.datasets)]
        with plt.rc_context({"font.family": font_families(" ".join(names))[0],
                             "text.parse_math": False}):
            for name, result, title in (
                    ("signed_rank", self.signed_rank,
                     "Bayesian signed-rank test on the data sets' means"),
                    ("sign", self.sign, "Bayesian sign test on the data sets' means")):
                fig, ax = plt.subplots(figsize=(6, 5))
                simplex_plot(result.samples, (self.b, "rope", self.a), ax=ax)
                ax.set_title(f"{title}\n{self.a} against {self.b}")
                figures[name] = fig
        return figures


def compare_means(table: pd.DataFrame, a: str, b: str, *, rope: float, lower_is_better: bool,
                  metric: str, threshold: float, seed: int, signed_rank_samples: int,
                  options: dict) -> MeansComparison:
    """The sign and signed-rank tests of a against b on a checked means-only table
    (:mod:`bayestut.analysis.means`)."""
    d = paired_means(table, a, b, lower_is_better)
    return MeansComparison(
        a=d.a, b=d.b, metric=metric, rope=rope, threshold=threshold,
        lower_is_better=lower_is_better, differences=d, per_dataset=None,
        signed_rank=signed_rank_test(d, rope=rope, n_samples=signed_rank_samples, seed=seed),
        hierarchical=None, refused=None, options=options,
        sign=sign_test(d, rope=rope, n_samples=signed_rank_samples, seed=seed))


def simplex_overall(test: str, posterior: SimplexPosterior) -> Overall:
    """Both kinds of probability of a sign or signed-rank test, with their Monte Carlo errors
    (its samples are independent: one chain)."""
    samples = posterior.samples[None]
    wins = np.eye(3)[samples[0].argmax(axis=1)][None]
    return Overall(test, posterior.shares, mcse_mean(wins),
                   samples[0].mean(axis=0), mcse_mean(samples))


def check_engine(engine) -> None:
    if engine not in ENGINES:
        raise InputError(f"engine must be one of {', '.join(ENGINES)} (--engine exact), "
                         f"got {engine!r}")


def compare(results, a=None, b=None, *, rope: float = 0.01, lower_is_better: bool | None = None,
            score: str = "score", score_range=FRACTION, percent: bool = False,
            threshold: float = 0.95, seed: int = 0, signed_rank_samples: int = SIGNED_RANK_SAMPLES,
            chains: int = 4, warmup: int = 1000, draws: int = 1000,
            adapt_delta: float = ADAPT_DELTA, non_centred=NON_CENTRED, engine: str = ENGINE,
            progress: bool = False, plan: int | None = None) -> Comparison:
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
    about half a minute for 50 data sets).
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
    table = read_results(results, score=score, percent=percent, score_range=score_range,
                         classifiers=[a, b])
    options = dict(seed=seed, signed_rank_samples=signed_rank_samples, chains=chains,
                   warmup=warmup, draws=draws, adapt_delta=adapt_delta, non_centred=non_centred,
                   engine=engine, percent=percent)
    if is_means_only(table):
        return compare_means(table, str(a), str(b), rope=rope, lower_is_better=lower_is_better,
                             metric=score, threshold=threshold, seed=seed,
                             signed_rank_samples=signed_rank_samples, options=options)
    d = oriented_differences(table, str(a), str(b), lower_is_better)
    per_dataset = correlated_bayesian_ttest(d.x, d.rho)
    signed_rank = hierarchical = refused = None
    if len(d.datasets) < MIN_DATASETS:
        refused = refusal(d.datasets)
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
    if plan and hierarchical is not None and decide(hierarchical.probabilities, threshold) == "none":
        planned = plan_differences(d, plan, rope=rope, threshold=threshold, sims=SIMS, seed=seed,
                                   progress=True if progress else None)   # None: when long
    return Comparison(a=d.a, b=d.b, metric=score, rope=rope, threshold=threshold,
                      lower_is_better=lower_is_better, differences=d, per_dataset=per_dataset,
                      signed_rank=signed_rank, hierarchical=hierarchical, refused=refused,
                      options=options, plan=planned)
