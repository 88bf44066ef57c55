"""The plan in words (:class:`bayestut.simulation.planning.Plan`): what it answers and the
current verdict to report meanwhile; the answer, in at most two sentences, and a long run's
time; the outcomes' table under a one-line legend, its notes after it; then, on demand, the
method notes (one fact per bullet) and the split by favoured outcome. Plain functions of a
plan: every number is read from it, none computed again.
"""

from __future__ import annotations

import re
import textwrap
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ..methods.decisions import NO_DECISION, REGIONS, decide_regions, outcomes, probability_text

if TYPE_CHECKING:
    from .planning import Plan

MOST = 500                    # the largest count the planner simulates
LONG = 10.0                   # seconds: longer work says so up front, its progress and run time
WIDTH = 110                   # the console's text (not its tables) wraps here
SPREAD = (0.1, 0.9)           # the populations' chances shown: these percentiles
SPREAD_COLUMNS = tuple(f"P(decision), {q * 100:.0f}th percentile of populations" for q in SPREAD)
POSTERIOR_COLUMN = "posterior probability"
DRAWN_COLUMN = "populations drawn"
OUTCOMES_LEGEND = ("Per count m of new data sets, the hierarchical test's outcomes (last row: "
                   "signed-rank's; blank: not estimable):")
SPLIT_LEGEND = ("Per m and favoured outcome: its posterior probability; P(decision): any "
                "decision, P(that decision): that outcome's:")

number = probability_text      # the tables' rule; a test holds it to wording.number


def _estimate(p: float, error: float) -> str:
    """A simulated share with its Monte Carlo error, rounded to what the error supports
    ("< 0.01 ± 0.02" after 40 studies, never "< 0.001" beside an error of 0.017), and never
    to fewer than 2 decimals: a share of 10 in 40 studies shows 0.25, as counted, not 0.2.
    A bound stands alone ("> 0.99", not "> 0.99 ± 0.02": reader 38), its digits already
    the error's."""
    shown = number(p, error, fewest=2)
    return shown.split(" ± ")[0] if shown[:1] in "<>" else shown


def _share(p: float, error: float) -> str:
    """A simulated share without its error, to the decimals :func:`_estimate` gives it."""
    return _estimate(p, error).split(" ± ")[0]


def _on(plan: Plan) -> str:
    """' on δ₀' when the plan is for the decision on δ₀, else nothing (the papers' rule)."""
    return " on δ₀" if plan.about == "delta0" else ""


NEAR_TIE = 0.2      # the two likeliest outcomes' gap below which the plan calls them nearly tied


def more(m: int) -> str:
    """'1 more data set', '5 more data sets'."""
    return f"{m} more data set{'' if m == 1 else 's'}"


def _larger(counts) -> list[int]:
    """Counts to try when none listed decides: twice and four times the largest, within MOST."""
    top = max(counts)
    return [m for m in (2 * top, 4 * top) if m <= MOST] or ([MOST] if top < MOST else [])


def headline(plan: Plan, target: float, command_line: bool = False) -> str:
    """The answer in at most two sentences: the fewest new data sets listed that reach a
    decision with probability ``target``, or that none does and which counts to try.

    Parameters
    ----------
    plan : Plan
        The plan.
    target : float
        The probability of a decision a plan aims for.
    command_line : bool
        Name the larger counts as the command line takes them (``--add 20 40``); else as the
        Python call does (``add=(20, 40)``).

    Returns
    -------
    str
        The headline.
    """
    return " ".join(_headline(plan, target, command_line))


def _headline(plan: Plan, target: float, command_line: bool) -> tuple[str, str]:
    """The headline's two sentences: the present state, then the answer."""
    now = decide_regions(plan.present, plan.threshold)
    names = dict(zip(REGIONS, reversed(outcomes(plan.a, plan.b))))
    state = "no decision yet" if now == NO_DECISION else f"decided already ({names[str(now)]})"
    state = f"{plan.a} against {plan.b}{_on(plan)}: {state}."
    best = plan.smallest(target)
    if best is not None:
        p, error = plan.table.loc[best, ["P(decision)", "MC error"]]
        return state, (f"With {more(best)} like these (the fewest listed reaching {target:g}), "
                       f"P(decision) is {_estimate(p, error)}.")
    top = plan.decision.idxmax()
    answer = (f"No count listed reaches a decision with probability {target:g} (the highest: "
              f"{_share(plan.decision[top], plan.table.loc[top, 'MC error'])}, with {top} more)")
    larger = _larger(plan.table.index)
    if now != NO_DECISION or not larger:
        return state, f"{answer}."
    option = (f"--add {' '.join(map(str, larger))}" if command_line else
              f"add=({', '.join(map(str, larger))}{',' if len(larger) == 1 else ''})")
    return state, f"{answer}: plan larger counts, {option}." + _near_tie(plan)


def _near_tie(plan: Plan) -> str:
    """When the two likeliest outcomes are nearly tied now and no count listed is likely to
    decide: that more data sets resolve such a tie slowly, and what to report meanwhile
    (readers 29, 30: "plan larger counts" alone sent them after a decision that may not come
    within any study they could run)."""
    order = np.argsort(plan.present)[::-1]
    first, second = (float(plan.present[i]) for i in order[:2])
    if first - second >= NEAR_TIE or plan.decision.max() >= 0.5:
        return ""
    names = list(reversed(outcomes(plan.a, plan.b)))       # the number line's order, as present
    return (f" The two likeliest outcomes are nearly tied now ({names[order[0]]} {number(first)}, "
            f"{names[order[1]]} {number(second)}): more data sets resolve such a tie slowly. "
            "Meanwhile, report the result as it stands, with δ₀'s size and interval.")


def spread(plan: Plan, m: int) -> str:
    """How the chance of a decision with m more data sets spreads over the populations, as the
    table's percentile columns give it."""
    low, high = plan.table.loc[m, list(SPREAD_COLUMNS)]
    if not np.isfinite(low):
        return ("its spread between populations is not estimable: the Monte Carlo noise of "
                "too few studies per population hides it")
    if high - low < 0.005:
        return "no spread between populations"
    return (f"populations' {SPREAD[0] * 100:.0f}th–{SPREAD[1] * 100:.0f}th percentile: "
            f"{number(low)} to {number(high)}")


def line(plan: Plan, m: int | None = None) -> str:
    """One sentence: with m more data sets (the largest listed), the likeliest decision, the
    chance of any, and how to read it (``compare --plan M`` prints it under its verdict).

    Parameters
    ----------
    plan : Plan
        The plan.
    m : int, optional
        A count listed; the largest by default.

    Returns
    -------
    str
        The sentence, without its full stop.
    """
    m = max(plan.table.index) if m is None else m
    row = plan.table.loc[m]
    name, p = plan.likeliest(m)
    likeliest = (f"the likeliest decision{_on(plan)} is \"{name}\" (probability "
                 f"{_share(p, row['MC error'])}); some "
                 f"decision, with probability" if p > 0 else
                 f"no simulated study reached a decision{_on(plan)}: probability")
    return (f"With {more(m)} like these, {likeliest} "
            f"{_estimate(row['P(decision)'], row['MC error'])}; {spread(plan, m)}. "
            f"That is an average over the populations the present data leave plausible "
            f"({plan.sims} simulated studies): a forecast for studies like this one, "
            f"which for the one true population can be too high or too low")


def by_favour(plan: Plan, m: int) -> list[str]:
    """With m more data sets, per outcome the populations favour: how many of the populations
    drawn favour it and how many of their studies decided, in counts that add up to the
    table's P(decision); one line each, and one for all."""
    part = plan.split.loc[m]
    decided = np.rint(part["studies"] * part["P(decision)"].fillna(0)).astype(int)
    lines = []
    for name, p, n, s, d in zip(part.index, part[plan.kind], part[DRAWN_COLUMN],
                                part["studies"], decided):
        drawn = (f"{n} of the {_populations(plan.populations)} drawn" if n > 0 else
                 "none of the populations drawn")
        studies = f"; {d} of their {s} studies decided" if n > 0 else ""
        lines.append(f"{name}: {drawn} ({plan.kind} {number(p)}){studies}")
    p = plan.table.loc[m, "P(decision)"]
    lines.append(f"in all: {int(round(p * plan.sims))} of {plan.sims} studies decided, "
                 f"P(decision) {_share(p, plan.table.loc[m, 'MC error'])}")
    return lines


def details_lines(plan: Plan, target: float) -> list[str]:
    """The method notes, one fact per bullet, after the outcomes' table: the test rerun; per
    count, P(decision) with its Monte Carlo error and its spread over populations; the
    likeliest decision; the studies and populations; the split by the outcome the populations
    favour.

    Parameters
    ----------
    plan : Plan
        The plan.
    target : float
        The probability of a decision a plan aims for (its count is the one detailed).

    Returns
    -------
    list of str
        The bullets' lines, "- " first (the split's, indented "  - ").
    """
    focus = plan.smallest(target) or max(plan.table.index)
    what = ("the hierarchical test's decision on δ₀, the population's mean difference"
            if plan.about == "delta0" else "the hierarchical test")
    lines = [f"{what} (threshold {plan.threshold:g}, rope ±{plan.rope:g}) on the present data "
             "plus m more like them"]
    for m, row in plan.table.iterrows():
        lines.append(f"{more(int(m))}: P(decision) "
                     f"{_estimate(row['P(decision)'], row['MC error'])}; {spread(plan, int(m))}")
    name, p = plan.likeliest(focus)
    lines.append(f"with {focus} more, the likeliest decision{_on(plan)}: \"{name}\" "
                 f"(probability "
                 f"{_share(p, plan.table.loc[focus, 'MC error'])})" if p > 0 else
                 f"with {focus} more, no simulated study reached a decision")
    lines.append(f"{plan.sims} simulated studies, of {_populations(plan.populations)} drawn "
                 "from the present posterior")
    lines.append(f"with {focus} more, by the outcome each population favours:")
    return ([_wrap(f"- {text}", "  ") for text in lines]
            + [_wrap(f"  - {text}", "    ") for text in by_favour(plan, focus)])


def _populations(k: int) -> str:
    return f"{k} population{'' if k == 1 else 's'}"


def _wrap(text: str, indent: str) -> str:
    # a number stays whole: "< 0.001", "± 0.004" never broken across lines
    kept = re.sub(r"(?<=[<>±]) ", "\u00a0", text)
    return textwrap.fill(kept, WIDTH, subsequent_indent=indent,
                         break_on_hyphens=False).replace("\u00a0", " ")


def _formatted(frame: pd.DataFrame, counts: set[str]) -> pd.DataFrame:
    """A table's numbers as text: probabilities by the tables' rule, rounded to the decimals
    their row's Monte Carlo error supports where the table has one, counts whole, the Monte
    Carlo error to 3 decimals, nothing where a number is missing."""
    errors = frame["MC error"] if "MC error" in frame else pd.Series(0.0, index=frame.index)

    def cell(column: str, v, error: float) -> str:
        if pd.isna(v):
            return ""
        if column in counts:
            return str(int(v))
        return f"{v:.3f}" if column == "MC error" else _share(v, error)
    return pd.DataFrame({c: [cell(c, v, e) for v, e in zip(frame[c], errors)]
                         for c in frame.columns}, index=frame.index)


def notes(plan: Plan) -> list[str]:
    """Under the outcomes' table, one line each: what the signed-rank row is beside the
    signed-rank test's present decision; the percentiles' Monte Carlo noise (when printed).

    Parameters
    ----------
    plan : Plan
        The plan.

    Returns
    -------
    list of str
        The lines.
    """
    now = plan.signed_rank_now
    said = ["signed-rank: the signed-rank test on the same simulated studies' means, for "
            + (f"comparison; on the present data it has decided already (\"{now}\"), and the "
               "row is the chance that it still decides, on any outcome, with m more"
               if now != NO_DECISION else "comparison; on the present data it has no "
               "decision, and the row is the chance that it decides with m more")]
    if plan.table[list(SPREAD_COLUMNS)].notna().any().any():
        each = plan.sims / plan.populations
        said.append(f"Percentiles: a Beta fitted to how the chances of {plan.populations} "
                    f"populations ({each:.3g} simulated studies each) vary beyond their "
                    "studies' own noise; their Monte Carlo noise is not estimated and can "
                    "exceed the MC error row's (the average's): more simulated studies "
                    "sharpen them")
    return [_wrap(text, "  ") for text in said]


def opening(plan: Plan) -> str:
    """What the plan answers and what to report meanwhile, before any number of the plan:
    "How likely is the hierarchical test to reach a decision on a against b if 5, 10 or 20
    more data sets like these are added? Meanwhile, report the current verdict: …".

    Parameters
    ----------
    plan : Plan
        The plan.

    Returns
    -------
    str
        The two sentences; the current verdict from the present probabilities the plan holds.
    """
    counts = [str(int(m)) for m in plan.table.index]
    listed = counts[0] if len(counts) == 1 else f"{', '.join(counts[:-1])} or {counts[-1]}"
    names = dict(zip(REGIONS, reversed(outcomes(plan.a, plan.b))))
    p = np.asarray(plan.present, dtype=float)
    now = str(decide_regions(p, plan.threshold))
    if now == NO_DECISION:
        top = REGIONS[int(p.argmax())]
        verdict = (f"no decision (the highest {plan.kind}, {number(p.max())}, is for "
                   f"{names[top]}; {plan.threshold:g} needed)")
    else:
        verdict = f"{names[now]} ({plan.kind} {number(p[REGIONS.index(now)])})"
    added = ("1 more data set like these is" if counts == ["1"] else
             f"{listed} more data sets like these are")
    still = "" if now == NO_DECISION else "still "      # decided: the table counts any decision
    return (f"How likely is the hierarchical test on {plan.a} against {plan.b} {still}to reach "
            f"a decision{_on(plan)} if {added} added? Meanwhile, report the current verdict: "
            f"{verdict}.")


def no_more(plan: Plan, command_line: bool = False) -> str:
    """What to report when no more data sets can be had, after "no decision" (empty after a
    decision): the result as it stands, the rope's limit, and what more runs on the same data
    sets can do. The last is the correlated t-test's likelihood, which the planner's model
    shares: with k folds a data set's mean difference has variance σᵢ²(1/n + ρ/(1 − ρ)),
    ρ = 1/k, n = runs × k; runs shrink only 1/n, down to the floor 1/(k − 1), so from one
    run they remove at most 1/k of (1/k + 1/(k − 1)): under half; from 10 runs of 10 folds,
    under a tenth. They never narrow the spread between data sets (σ₀).

    Parameters
    ----------
    plan : Plan
        The plan.
    command_line : bool
        Name the rope's limit as the command line's report gives it, else as Python does.

    Returns
    -------
    str
        Two sentences, or empty.
    """
    p = np.asarray(plan.present, dtype=float)
    if str(decide_regions(p, plan.threshold)) != NO_DECISION:
        return ""
    each = ", ".join(f"{name} {number(v)}"      # the reading order: a better first
                     for name, v in zip(outcomes(plan.a, plan.b), p[::-1]))
    limit = ("the rope's limit when compare's report states one" if command_line else
             "the rope's limit when the comparison has one (r.rope_limit)")
    kinds = plan.kind.replace("probability", "probabilities")
    return (f"If no more data sets can be had, report the result as it stands: no decision"
            f"{_on(plan)}, with its {kinds} ({each}) and the other kinds beside them, as "
            f"compare's table gives them, and {limit}. More runs of cross-validation on the "
            "same data sets are not planned and help little: with k folds, a data set's mean "
            "difference keeps a variance of at least 1/(k − 1) of a fold's however many runs "
            "(the folds' correlation is 1/k), so more runs cut it by under half after one run "
            "and by under a tenth after 10 runs of 10 folds, and they never narrow the spread "
            "between data sets.")


def took(plan: Plan) -> str:
    """The plan's run time, when it was long enough to plan around (over ``LONG`` seconds,
    the planner's own threshold for announcing its estimate); else empty."""
    if plan.seconds <= LONG:
        return ""
    shown = (f"{plan.seconds:.0f} s" if plan.seconds < 90 else
             f"{plan.seconds / 60:.0f} min")
    return f"This plan took {shown} ({plan.sims} simulated studies)."


def summary(plan: Plan, target: float, command_line: bool = False,
            details: bool = True) -> str:
    """The plan as the command line prints it: what it answers and the current verdict to
    report meanwhile; the answer and, when long, the run time; the outcomes' table with its
    notes; after "no decision", what to report if no more data sets can be had
    (:func:`no_more`); with ``details``, the method notes (one fact per bullet) and the split
    by the outcome each population favours.

    Parameters
    ----------
    plan : Plan
        The plan.
    target : float
        The probability of a decision a plan aims for.
    command_line : bool
        Name larger counts, and the details' option, as the command line takes them.
    details : bool
        Add the method notes and the split table (the command line: ``--details``).

    Returns
    -------
    str
        The text.
    """
    answer = _wrap(" ".join(filter(None, [_headline(plan, target, command_line)[1],
                                          took(plan)])), "")
    outcomes_table = _formatted(plan.table, set()).T
    legend = OUTCOMES_LEGEND.replace("test's outcomes", f"test's outcomes{_on(plan)}")
    average = _wrap("P(decision) is an average over the populations the present data leave "
                    "plausible, not a bound for the true one: see the percentiles.", "")
    lines = [_wrap(opening(plan), ""), "", answer, "", legend, outcomes_table.to_string(),
             *notes(plan), average]
    if no_more(plan, command_line):
        lines += ["", _wrap(no_more(plan, command_line), "")]
    if not details:
        more_text = ("--details" if command_line else "print(plan.summary(details=True))")
        return "\n".join([*lines, "", _wrap(
            "The method notes and the split by the outcome each population favours: "
            f"{more_text}.", "")])
    split = _formatted(plan.split, {DRAWN_COLUMN, "studies"})
    return "\n".join([*lines, "", "details:", *details_lines(plan, target), "",
                      SPLIT_LEGEND.replace("posterior probability", plan.kind),
                      split.to_string()])
