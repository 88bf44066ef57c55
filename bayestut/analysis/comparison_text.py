"""The two-classifier report in words: plain functions taking a result
(:class:`~bayestut.analysis.comparison.Comparison` or
:class:`~bayestut.analysis.means_comparison.MeansComparison`) and returning text.

The result holds the numbers; everything a reader reads of it (verdict, sentences, the overall
table, the settings line, the console report) is written here; each data set's table, its note
and count, in :mod:`~bayestut.analysis.dataset_text`. The overall table's rows are
built once, by :func:`overall_rows`: the console, the HTML report and the ``.md``/``.tex``
files (:mod:`bayestut.analysis.writeup`) all print them.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from . import delta0_size, wording
from .dataset_text import (THIS_DATA_SET, edge_clause, many_data_sets, means_only, per_dataset_note, per_dataset_text,
                           tally)
from .model_check import note as model_note
from .prior_check import note as prior_note
from .verdict_notes import (ABOUT_DELTA0, for_the_paper, method_paper, next_step, odds_sentence,
                            option, papers_rule, percent_fractions, pooled, rope_sensitivity,
                            rope_units, weak_note)
from ..methods.decisions import (NO_DECISION, REGIONS, decide_regions,
                                 probability_columns, shown)
from ..methods.diagnostics import ESS_MIN_PER_CHAIN, RHAT_MAX
from ..methods.hierarchical import DELTA0, NEW_DATA_SET, POSTERIOR

EXPECTED = "expected probability"  # sign and signed-rank tests: the posterior mean of theta
# What each kind of number means, by its name; a report explains the kinds its tables show.
KINDS = {
    # not defined by itself: a newcomer looks the term up here
    # how it is computed follows, by engine (estimated): the exact engine draws nothing
    POSTERIOR: ("", "how sure the posterior is that the outcome is the likeliest of the three, "
                    "i.e. holds the most probability (the papers' convention; the decision at "
                    "the threshold is taken on it)."),
    NEW_DATA_SET: ("hierarchical test", "the probability that a new data set shows each "
                                        "outcome: how often the practitioner's next data set "
                                        "goes each way."),
    DELTA0: ("hierarchical test", "how probable each outcome is for the mean difference δ₀ "
                                  "over the population of data sets (δ₀ above, inside or below "
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


def counted(n: int, word: str, plural: str | None = None) -> str:
    """'1 data set', '8 data sets': the number with the word in the right number."""
    return f"{n:,} {word if n == 1 else plural or word + 's'}"


# --- the sampler's checks ---------------------------------------------------------------------

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


# --- the overall table ------------------------------------------------------------------------

def overall_rows(c, a: str | None = None, b: str | None = None) -> list[dict]:
    """The overall table, built once for every output: one row per multi-data-set test and
    kind of number, each probability as text rounded to its error.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    a, b : str, optional
        The names in the probability columns' headers (``c.a``, ``c.b`` by default; "a" and
        "b" in the K-classifier table, whose rows name their pair).

    Returns
    -------
    list of dict
        Keys "test" (the row's label, "<test>: <kind of number>"), "P(<a> better)",
        "P(equivalent)", "P(<b> better)" (text) and "decision" (:func:`decision_cell`:
        beside the posterior probability, and beside δ₀'s, marked as not the verdict unless
        the verdict is on δ₀; empty otherwise); with ``about="delta0"``, δ₀'s row first among the hierarchical
        test's (the verdict's claim). Empty with one data set.
    """
    columns = probability_columns(a or c.a, b or c.b)
    rows = []
    for o in c.overall():
        kinds = o.rows()
        if c.about == "delta0":          # the verdict's claim first among its test's rows
            kinds.sort(key=lambda row: row[0] != DELTA0)
        for kind, p, se in kinds:
            beside = c.threshold if kind in (POSTERIOR, DELTA0) else None   # never rounded
            row = {"test": f"{o.test}: {kind}"}                            # across it
            row.update({column: wording.number(p[j], se[j], beside)
                        for column, j in zip(columns, shown(range(3)))})
            row["decision"] = decision_cell(c, kind, p)
            rows.append(row)
    return rows


def decision_cell(c, kind: str, p) -> str:
    """The overall table's decision cell for one row: the decision beside the posterior
    probability; beside δ₀'s, the decision itself only when the verdict is on δ₀
    (``about="delta0"``), else, in parentheses, what δ₀'s numbers would decide, so that no one
    reads it as the verdict; empty beside the other kinds.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    kind : str
        The row's kind of number.
    p : array_like
        Its number-line (left, rope, right) probabilities.

    Returns
    -------
    str
        E.g. "aode better", "no decision (highest: equivalent)", "(if δ₀ were the claim:
        equivalent)" or "(if δ₀ were the claim: no decision; highest: equivalent)".
    """
    if kind not in (POSTERIOR, DELTA0):
        return ""
    if kind == POSTERIOR or getattr(c, "about", None) == "delta0":
        return wording.verdict(p, c.a, c.b, c.threshold)
    p = np.asarray(p, dtype=float)
    choice = str(decide_regions(p, c.threshold))
    said = (wording.short(REGIONS.index(choice), c.a, c.b) if choice != NO_DECISION else
            f"no decision; highest: {wording.short(int(p.argmax()), c.a, c.b)}")
    return f"(if δ₀ were the claim: {said})"


def overall_table(c) -> pd.DataFrame:
    """:func:`overall_rows` as a DataFrame indexed by the rows' labels (console and HTML).

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    pandas.DataFrame
        One row per test and kind of number; columns the three probabilities and the decision.
    """
    rows = {r["test"]: {k: v for k, v in r.items() if k != "test"} for r in overall_rows(c)}
    return pd.DataFrame.from_dict(rows, orient="index")


def explanations(c, tests=None) -> list[str]:
    """What the overall table's kinds of probability and ± mean: those it shows.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    tests : sequence of str, optional
        Only these tests' rows are shown (e.g. ``["hierarchical"]``); all when None.

    Returns
    -------
    list of str
        One line per kind of number the table shows, then what ± means
        (when a number carries one) and the exact engine's error (when it ran).
    """
    names = [t for t in c.tests if tests is None or t in tests]
    shown = [o for t, o in zip(c.tests, c.overall()) if t in names]
    kinds = {kind for o in shown for kind, _, _ in o.rows()}
    exact = c.integrated("hierarchical") and "hierarchical" in names
    # the Monte Carlo line only where a sampled number carries a ±: the exact engine's ± is
    # its integration error, which EXACT_ERROR explains (reader 25 read the two as one)
    sampled = [v for r in overall_rows(c) for v in r.values()
               if any(str(r["test"]).startswith(o.test + ":") for o in shown)
               and not (exact and str(r["test"]).startswith("hierarchical"))]
    return [line + (f" {estimated(c)}" if kind == POSTERIOR else "")
            for kind, line in zip(KINDS, EXPLANATIONS) if kind in kinds] \
        + ([PLUS_MINUS] if any("±" in str(v) for v in sampled) else []) \
        + ([EXACT_ERROR] if exact else [])


def estimated(c) -> str:
    """How the overall table's posterior probabilities were computed, by engine: a sampled
    test's as the share of its posterior samples, the exact engine's integrated.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        One sentence, e.g. "The signed-rank test on the means estimates it as the share of its
        posterior samples in which the outcome is the likeliest; the hierarchical test
        integrates it, sampling nothing."
    """
    tests = [o.test for o in c.overall()]
    sampled = [t for t in tests if not c.integrated(t)]
    exact = [t for t in tests if c.integrated(t)]
    said = []
    if sampled:
        said.append(f"the {' and the '.join(sampled)} "
                    f"{'estimates' if len(sampled) == 1 else 'estimate'} it as the share of "
                    f"{'its' if len(sampled) == 1 else 'their'} posterior samples in which the "
                    "outcome is the likeliest")
    if exact:
        said.append(f"the {' and the '.join(exact)} integrates it, sampling nothing")
    return capital("; ".join(said)) + "." if said else ""


# --- sentences --------------------------------------------------------------------------------

def metric_named(c) -> str:
    """The metric as the reports name it: ``metric_name`` when given (``--metric-name``), with
    the column it was read from; else the column's name.

    Parameters
    ----------
    c : Comparison, MeansComparison or a pair of ManyComparison
        The result.

    Returns
    -------
    str
        E.g. "'AUC' (column 'auc')" or "'accuracy_percent'"; a column read without being
        named (``only_score_column``): "'auc' (the only score column)".
    """
    name = c.options.get("metric_name")
    only = ", the only score column" if c.options.get("only_score_column") else ""
    if name and name != c.metric:
        return f"{name!r} (column {c.metric!r}{only})"
    return repr(str(c.metric)) + (" (the only score column)" if only else "")


def orientation(c) -> str:
    """A sentence saying which way the differences point and what "<a> better" means.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        The sentence.
    """
    direction = ("lower scores are better, so the differences are "
                 f"score({c.b}) - score({c.a})" if c.lower_is_better else
                 f"higher scores are better, so the differences are "
                 f"score({c.a}) - score({c.b})")
    order = (f"Compared in the file's order: {c.a} vs {c.b}; name them to choose which comes "
             "first (the verdict does not depend on it). " if c.options.get("file_order") else "")
    return (f"{order}Metric {metric_named(c)}: {direction}; '{c.a} better' always means {c.a} is "
            f"practically better (by more than the rope ±{c.rope:g}), and likewise "
            f"'{c.b} better'.")


def sentence(c, test: str, p: np.ndarray, se=(0.0, 0.0, 0.0), share: bool = False,
             multi: bool = False) -> str:
    """The decision of one test in plain words.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    test : str
        The test's name, the sentence's first words.
    p, se : array_like
        Its (left, rope, right) probabilities and their errors.
    share : bool
        Whether ``p`` is a posterior probability that an outcome is the likeliest.
    multi : bool
        A test over every data set, whose posterior odds after "no decision" the report
        gives apart (:func:`~bayestut.analysis.verdict_notes.odds_sentence`); a data set's
        sentence keeps its own.

    Returns
    -------
    str
        The sentence.
    """
    where = " on a new data set" if share and test.startswith("hierarchical") else ""
    return f"{test}: " + wording.decision(p, c.a, c.b, c.rope, c.threshold, se=se, share=share,
                                           integrated=c.integrated(test), where=where,
                                           odds=not multi) + "."


def headline(c) -> str:
    """The verdict: its lines (:func:`verdict_lines`) joined by line breaks.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        The verdict's lines, one per line.
    """
    return "\n".join(verdict_lines(c))


def verdict(c) -> list[str]:
    """The verdict as a reader copies it, and as ``print(result)`` shows it: its lines
    (:func:`verdict_lines`), then the rope's check
    (:func:`~bayestut.analysis.verdict_notes.rope_sensitivity`) and the note on data sets at
    the metric's best score, when there are any.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    list of str
        The lines, the decision first.
    """
    return verdict_lines(c) + [note for note in (rope_sensitivity(c), c.ceiling_note()) if note]


def verdict_lines(c) -> list[str]:
    """The verdict in short lines, each readable alone: the decision with its threshold (and
    whether it is weak, or the sampler's caution); the probabilities on a new data set; δ₀'s
    probabilities, size and P(δ₀ > 0). With ``about="delta0"`` δ₀'s line comes second. One
    line without a hierarchical posterior (mean scores only, one data set, identical or
    constant differences); the plan's line last when one was asked for.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    list of str
        The lines, the decision first.
    """
    d = c.differences
    if c.identical:
        return [f"{c.a} and {c.b} are practically equivalent: their scores are "
                f"identical on every fold, so every test gives P(equivalent) = 1."]
    if means_only(c):
        o = c.overall()[-1]
        # the odds, as everywhere, in the list of decisions, never in the verdict (reader 39)
        text = wording.decision(o.shares, c.a, c.b, c.rope, c.threshold, se=o.shares_se,
                                share=True, odds=False)
        return [f"Signed-rank test over {len(d.datasets)} data sets (mean scores only): {text}."]
    if c.constant and not c.refused:
        i, x = c.exact_outcome(), d.x.flat[0]
        better, worse = (c.a, c.b) if x > 0 else (c.b, c.a)
        return [f"Exactly: {wording.claim(i, c.a, c.b, c.rope)}: {better} scores "
                f"exactly {abs(x):g} better than {worse} on every fold of every data set, "
                "a point mass with nothing to sample, so the hierarchical test and the "
                f"correlated t-test on each data set give "
                f"P({wording.region_names(c.a, c.b)[i]}) = 1."]
    if c.refused:
        p = c.per_dataset._rope(c.rope)[0]
        return [f"On {d.datasets[0]} (the only data set; Bayesian correlated t-test): "
                + wording.decision(p, c.a, c.b, c.rope, c.threshold) + "."]
    h, a, b = c.overall()[1], c.a, c.b
    new = f"On a new data set: {wording.listed(h.means, a, b, h.means_se)}"
    lead = f"Hierarchical test over {len(d.datasets)} data sets"
    planned = [f"{c.plan.line()}."] if c.plan is not None else []
    if c.about == "delta0":
        text = wording.decision(h.delta0, a, b, c.rope, c.threshold, se=h.delta0_se,
                                integrated=c.integrated(h.test), odds=False)
        papers = wording.listing(h.shares, a, b, c.threshold, h.shares_se)
        # no "weak" on δ₀'s decision: the weak rule reads a new data set's probability, the
        # other claim's number; the papers' rule's line says it (papers_rule)
        return [f"{lead}, for the mean difference δ₀ (a method paper's claim): {text}."
                f"{caution(c.hierarchical)}", delta0_line(c),
                f"{new}; by the papers' rule (the posterior probability that an outcome is "
                f"the likeliest on a new data set): {papers}.{papers_rule(c)}", *planned]
    text = wording.decision(h.shares, a, b, c.rope, c.threshold, se=h.shares_se,
                            share=True, integrated=c.integrated(h.test),
                            where=" on a new data set", odds=False)
    return [f"{lead}: {text}{weak_note(c, h.shares)}.{caution(c.hierarchical)}", f"{new}.",
            delta0_line(c), *planned]


def delta0_line(c) -> str:
    """The verdict's line on δ₀, in short sentences: its probabilities (with
    ``about="delta0"`` only after a decision: the verdict's "no decision" gives them); beside a verdict on a
    new data set, whether δ₀ decides (:func:`~bayestut.analysis.wording.delta0_decision`, as
    the ``.md``/``.tex`` and the K report say it); its size
    (:func:`~bayestut.analysis.delta0_size.size`); P(δ₀ > 0)
    (:func:`~bayestut.analysis.delta0_size.above_zero_clause`); and what may be written of it
    (:func:`~bayestut.analysis.delta0_size.supported`).

    Parameters
    ----------
    c : Comparison
        The result, with a hierarchical test.

    Returns
    -------
    str
        The line.
    """
    h = c.overall()[-1]
    listed = wording.listed(h.delta0, c.a, c.b, h.delta0_se)
    if c.about == "delta0":         # the line above decided on δ₀; its "no decision" gave
        # the three probabilities already: said once
        said = [] if str(decide_regions(h.delta0, c.threshold)) == NO_DECISION else \
            [f"For δ₀: {listed}."]
    else:
        said = [f"For the mean difference δ₀ (a method paper's claim): {listed}.",
                _delta0_alone(c) or capital(wording.delta0_decision(
                    h.shares, h.delta0, c.a, c.b, c.threshold, h.delta0_se)) + "."]
    said += [f"{delta0_size.size(c)}.", f"{capital(delta0_size.above_zero_clause(c))}.",
             delta0_size.supported(c)]
    return " ".join(filter(None, said))


def capital(text: str) -> str:
    """``text`` with its first letter in capitals, to begin a sentence (a symbol stays)."""
    return text[:1].upper() + text[1:]


def _delta0_alone(c) -> str:
    """Beside "no decision", when δ₀'s probabilities alone pass the threshold: say so, and
    that it is a claim only for a reader who chose δ₀ beforehand (the tables' δ₀ row says
    "equivalent" beside a verdict of "no decision", and a reader asks which to write)."""
    h = c.overall()[-1]
    if c.decision != NO_DECISION or h.delta0 is None:
        return ""
    choice = str(decide_regions(h.delta0, c.threshold))
    if choice == NO_DECISION:
        return ""
    i = REGIONS.index(choice)
    shown = wording.number(h.delta0[i], h.delta0_se[i], c.threshold)
    return (f"For δ₀ alone, {wording.short(i, c.a, c.b)} passes {c.threshold:g} ({shown}): "
            "a claim to make only if δ₀ was your estimand before you looked "
            f"({option(c, '--about delta0', ABOUT_DELTA0)}).")


def sentences(c, each: bool = True, brief: bool = False) -> list[str]:
    """The decisions in plain words: with ``about="delta0"`` δ₀'s first (the verdict's), then
    the multi-data-set tests, then each data set; with ``each=False`` and more than
    MANY_DATA_SETS data sets, or ``brief``, one sentence counting theirs. With mean scores
    only: the two tests, then why the others did not run.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    each : bool
        One sentence per data set even when there are many.
    brief : bool
        One sentence counting the data sets' decisions however few (the console without
        ``--explain``, whose table beside it gives each).

    Returns
    -------
    list of str
        The sentences, the multi-data-set tests first.
    """
    out = [sentence(c, o.test, o.shares, o.shares_se, share=True, multi=True)
           for o in c.overall()]
    h = c.overall()[-1] if c.overall() else None
    if c.about == "delta0" and h is not None and h.delta0 is not None:   # the verdict's, as it says it
        out.insert(0, f"{h.test}, for the mean difference δ₀ (the verdict's claim): "
                   + wording.decision(h.delta0, c.a, c.b, c.rope, c.threshold, se=h.delta0_se,
                                      integrated=c.integrated(h.test), odds=False) + ".")
    out += [odds_sentence(c)] if odds_sentence(c) else []
    if means_only(c):
        return out + [c.not_run]
    if c.refused:
        out.append("Multi-data-set tests not run: " + c.refused)
    if not each and (many_data_sets(c) or (brief and not c.refused)):
        return out + [tally(c)]
    p = c.per_dataset._rope(c.rope)
    return out + [sentence(c, f"On {name} ({THIS_DATA_SET})", row)     # its kind named
                  for name, row in zip(c.differences.datasets, p)]


def settings(c) -> str:
    """A line stating the data: data sets, runs and folds (or mean scores only), rope (said to
    be the default when the reader gave none) and threshold.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        The line (no final full stop: the HTML report adds one).
    """
    d = c.differences
    rope = f"rope ±{c.rope:g}" + (f" (the default: the papers' choice; set it with "
                                  f"{option(c, '--rope', 'rope=')})"
                                  if c.options.get("rope_default") else "")
    if means_only(c):
        return (f"{len(d.datasets)} data sets, one mean score per data set and classifier (no "
                f"folds); {rope}; decision threshold {c.threshold:g}")
    runs = d.x.shape[1] // d.folds
    return (f"{counted(len(d.datasets), 'data set')}, {counted(runs, 'run')} "
            f"of {d.folds}-fold cross-validation "
            f"({d.x.shape[1]} paired differences each, ρ = 1/{d.folds}); "
            f"{rope}; decision threshold {c.threshold:g}")


def summary(c, explain: bool = False) -> str:
    """The text report, verdict first: what ``print(result)`` shows.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    explain : bool
        Whether what each kind of number means follows the tables (the console's
        ``--explain``); without it, one line says where those definitions are.

    Returns
    -------
    str
        The report's lines.
    """
    said, lines_of_verdict = verdict(c), len(verdict_lines(c))
    notes = [*said[lines_of_verdict:], for_the_paper(c), method_paper(c), percent_fractions(c),
             prior_note(c), rope_units(c)]
    lines = [f"{c.a} against {c.b}", "", "Verdict: " + "\n".join(said[:lines_of_verdict]), "",
             *[line for note in notes if note for line in (note, "")],
             settings(c), orientation(c), ""]
    if c.overall():
        lines += ["Over all data sets:", overall_table(c).to_string(), ""]
        lines += [*explanations(c), ""] if explain else []
    edge = edge_clause(c)       # mixed digits in the table, said beside it (readers 34, 36)
    note = (per_dataset_note(c) if explain or means_only(c) else
            "the Bayesian correlated t-test on each data set alone" + (f"; {edge}" if edge else ""))
    lines += [f"Per data set ({note}):", per_dataset_text(c), ""]
    if not explain:
        lines += [DEFINITIONS.format(option(c, "rerun with --explain",
                                            "print(result.summary(explain=True))")), ""]
    # without --explain the data sets' decisions are counted: the table above gives each
    lines += ["Decisions:"] + [f"- {s}" for s in sentences(c, each=False, brief=not explain)]
    if not means_only(c) and (many_data_sets(c) or not (explain or c.refused)):
        lines.append("(each data set's decision is in the table above; its sentence, in the "
                     + option(c, "HTML report)", "HTML report and in result.sentences())"))
    if pooled(c):
        lines += ["", pooled(c)]
    checked = model_note(c, where="the HTML report's model-check figure")
    if checked:
        lines += ["", checked]
    problems = c.diagnostics()
    if problems:
        lines += ["", "Hierarchical sampler warnings:"] + [f"- {p}" for p in problems]
    step = next_step(c)
    if step:
        lines += ["", step]
    return "\n".join(lines)


# where the definitions are, in the console's one line without --explain
DEFINITIONS = ("What each number means: {}, or read the card docs/reading-your-verdict.md "
               "(python -m bayestut card).")
