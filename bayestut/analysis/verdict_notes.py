"""The notes after a two-classifier verdict: its decision at ropes 20% narrower and wider (the
margin when it holds, each width's decision when it changes; and at the papers' ±0.01 when
another rope was chosen), whether the rope looks like it is in the wrong units, a weak
decision (the papers' decision only: the rule reads a new data set's probability), the posterior odds said apart from
"no decision", why a decision stands when no single data set decides, and what to do next after "no decision" (the card, and the ``plan`` command
with the settings the verdict was computed with).

Like :mod:`~bayestut.analysis.comparison_text`, plain functions taking a result and returning
text; :func:`rope_units` takes a K-classifier result too.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable

import numpy as np

from . import delta0_size, rope_limit, wording
from ..checks import metric_direction
from ..errors import InputError
from .comparison_checks import PAPERS_ROPE
from ..methods.decisions import NO_DECISION, REGIONS, decide, decide_regions, shown
from ..methods.hierarchical import DELTA0, POSTERIOR

# the card's command, not its repository path: a reader who installed the wheel has no docs/
CARD = ('Next step: read the card Reading your verdict, section "No decision" '
        '(python -m bayestut card --section "No decision")')
# the sensitivity is reported whenever the rope was chosen (--rope-chosen): before or after
REPORT_ROPE = (" Report the rope, whether you chose it before or after seeing the results, "
               "and this sensitivity.")
PLACEHOLDER = "RESULTS.csv"
ABOUT_DELTA0 = 'about="delta0"'     # the --about delta0 of Python        # the plan command's file when the table came from memory


def option(c, flag: str, keyword: str) -> str:
    """An option as its reader gives it: the command line's ``flag`` when the command line
    made ``c`` (it sets ``options["command_line"]``), else Python's ``keyword``.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    flag, keyword : str
        The option's two forms, e.g. "--about delta0" and 'about="delta0"'.

    Returns
    -------
    str
        One of them.
    """
    return flag if c.options.get("command_line") else keyword


def for_the_paper(c) -> str:
    """After "no decision", what a paper quotes: that no decision was reached, and the three
    outcomes' numbers the verdict was taken on, each named; with ``about="delta0"``, when δ₀'s
    interval excludes 0, the claim a paper may still write (the verdict's own sentence,
    :func:`~bayestut.analysis.delta0_size.supported`). Empty after a decision.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        "For the paper: quote that no decision was reached at the threshold 0.95. Quote the
        posterior probability that each outcome is the likeliest on a new data set: below
        0.001 for “a better”, 0.277 for “equivalent” and 0.723 for “b better”.", or empty.
    """
    if c.identical or c.decision != NO_DECISION:
        return ""
    fallback = ""
    if c.per_dataset is None:           # mean scores only: the signed-rank test decides
        o = c.overall()[-1]
        p, se = o.shares, o.shares_se
        what = "the signed-rank test's posterior probability that each outcome is the likeliest"
    elif c.refused:                     # one data set: its correlated t-test
        p, se = c.per_dataset._rope(c.rope)[0], np.zeros(3)
        what = f"the probability of each outcome on {c.differences.datasets[0]}"
    elif c.about == "delta0":
        h = c.overall()[-1]
        p, se = h.delta0, h.delta0_se
        what = "the probability for δ₀ of each outcome"
        fallback = delta0_size.supported(c)       # the verdict's sentence, not a second wording
    else:
        h = c.overall()[-1]
        p, se = h.shares, h.shares_se
        what = "the posterior probability that each outcome is the likeliest on a new data set"
    names = wording.region_names(c.a, c.b)
    said = [f"{wording.is_(wording.number(p[i], se[i], c.threshold))[3:]} for “{names[i]}”"
            for i in shown(range(3))]
    return " ".join(filter(None, [
        f"For the paper: quote that no decision was reached at the threshold "
        f"{c.threshold:g}. Quote {what}: {said[0]}, {said[1]} and {said[2]}.", fallback]))


def method_paper(c) -> str:
    """With the verdict on a new data set, when δ₀'s decision differs from it: a line telling
    a method paper's author that the option ``about="delta0"`` (``--about delta0``) decides
    on δ₀. Empty otherwise, and where the verdict's δ₀ line says it already (δ₀ alone passes
    the threshold beside "no decision").

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        The line, or empty.
    """
    h = c.overall()[-1] if c.overall() else None
    if c.about == "delta0" or h is None or h.delta0 is None or c.identical:
        return ""
    papers, delta0 = (str(decide_regions(p, c.threshold)) for p in (h.shares, h.delta0))
    if papers == delta0 or papers == NO_DECISION:
        return ""
    said = ("no decision" if delta0 == NO_DECISION else
            wording.short(REGIONS.index(delta0), c.a, c.b))
    about = option(c, "--about delta0", ABOUT_DELTA0)
    return (f"For a method paper, whose claim is δ₀: δ₀'s decision ({said}) differs from this "
            f"verdict on a new data set. {about} decides on δ₀; choose it only if δ₀ was your "
            "claim before you looked.")


def next_step(c) -> str:
    """After "no decision", a sentence saying what to do next, with the command to run on the
    reader's own file (a placeholder, said to be one, for a table given in memory); an empty
    string otherwise.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        The sentence, or empty.
    """
    if c.identical or c.decision != NO_DECISION:
        return ""
    if c.per_dataset is None:        # mean scores only: the planner needs every fold
        return CARD + ", and collect more data sets, with every fold's score if you can."
    text = (CARD + ", then estimate how likely 5, 10 or 20 more data sets are to decide: "
            + plan_command(c))
    if c.options.get("results") is None:
        text += PLACEHOLDER_NOTE
    return text


PLACEHOLDER_NOTE = (f" ({PLACEHOLDER} stands for your results file: these results were given "
                    "as a table, not read from a file)")


def plan_command(c) -> str:
    """The ``plan`` command that asks how likely more data sets are to decide ``c``'s pair,
    with the settings ``c`` was computed with (the file's path when it was read from one).

    Parameters
    ----------
    c : Comparison
        The result, per fold.

    Returns
    -------
    str
        The command line, shell-quoted.
    """
    source = c.options.get("results")
    command = ["python", "-m", "bayestut", "plan", source or PLACEHOLDER, c.a, c.b]
    if c.rope != 0.01:
        command += ["--rope", f"{c.rope:g}"]
    if c.threshold != 0.95:
        command += ["--threshold", f"{c.threshold:g}"]
    if c.metric != "score":
        command += ["--score", str(c.metric)]
    if c.options.get("percent"):
        command.append("--percent")
    try:            # the direction said where plan would not infer it as compare did
        inferred = metric_direction(c.metric, None)
    except InputError:
        inferred = None
    if c.lower_is_better != inferred:
        command.append("--lower-is-better" if c.lower_is_better else "--higher-is-better")
    if c.about == "delta0":      # the plan is for the decision taken
        command += ["--about", "delta0"]
    command += ["--add", "5", "10", "20"]
    return " ".join(shlex.quote(part) for part in command)


def weak_side(c, decided) -> str:
    """"on a new data set a is better with probability only 0.59" for a decision on
    ``decided`` whose outcome a new data set shows with a probability below
    :data:`~bayestut.analysis.wording.MODEST`. Said of the papers' decision only, never of
    δ₀'s: the rule reads a new data set's probability, the other claim's number.

    Parameters
    ----------
    c : Comparison
        The result, with a hierarchical test.
    decided : array_like
        The number-line probabilities decided on (the posterior probability).

    Returns
    -------
    str
        The clause, or empty (no decision, or a strong one).
    """
    h = c.overall()[-1]
    return wording.weak_side(decided, h.means, c.a, c.b, c.threshold, h.means_se)


def weak_note(c, decided) -> str:
    """:func:`weak_side` in parentheses, after the verdict's decision.

    Parameters
    ----------
    c : Comparison
        The result, with a hierarchical test.
    decided : array_like
        As for :func:`weak_side`.

    Returns
    -------
    str
        " (a weak decision: …)", or empty.
    """
    weak = weak_side(c, decided)
    return f" (a weak decision: {weak})" if weak else ""


def papers_rule(c) -> str:
    """With ``about="delta0"``, after the papers' rule's decision: one short sentence when it
    differs from δ₀'s, or is weak (:func:`weak_side`'s rule, which reads a new data set's
    probabilities: it is said of this decision, never of δ₀'s).

    Parameters
    ----------
    c : Comparison
        The result, with a hierarchical test.

    Returns
    -------
    str
        The sentence after a space, or empty.
    """
    h = c.overall()[-1]
    papers, delta0 = (str(decide_regions(p, c.threshold)) for p in (h.shares, h.delta0))
    weak = weak_side(c, h.shares)
    if papers == delta0:
        return f" It is a weak decision: {weak}." if weak else ""
    return " This differs from the decision on δ₀ above" + (
        f" and is a weak one: {weak}." if weak else ".")


def odds_sentence(c) -> str:
    """The posterior odds of the two directions of every test over all data sets that reaches
    no decision with a side likeliest (the verdict's and the decisions' sentences leave them
    out: beside "no decision", a reader of p-values takes them for one), in one sentence that
    says they are not a decision.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        The sentence, or empty.
    """
    numbers = [(o.test, o.shares) for o in c.overall()]
    h = c.overall()[-1] if c.overall() else None
    if c.about == "delta0" and h is not None and h.delta0 is not None:
        numbers.insert(0, (f"{h.test}, for δ₀", h.delta0))
    parts = []
    for test, p in numbers:
        found = wording.odds_parts(p, c.a, c.b) if wording.with_odds(p, c.threshold) else None
        if found:
            better, worse, odds = found
            parts.append(f"{test}, {better} better against {worse} better {odds}")
    if not parts:
        return ""
    return (f"Posterior odds, not a decision (they weigh the two directions only and ignore "
            f"the rope): {'; '.join(parts)}.")


def rope_sensitivity(c, paper: bool = False, name: Callable[[str], str] = str) -> str:
    """The verdict's decision at the ropes around the chosen one
    (:attr:`~bayestut.analysis.comparison.Comparison.rope_check`). A decision the same at every
    rope checked: how far it holds (:func:`~bayestut.analysis.rope_limit.sentence`), then, in a
    second sentence, the probability it is taken on at the narrowest and the widest rope checked
    (the margin: how near the threshold a slightly other rope would bring it); "no decision"
    the same at every rope: that, with the highest probability at both. When the decision
    changes: every width checked, with the decision and its number there.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    paper : bool
        For a paper (the ``.md``/``.tex``): leave out the advice to the reader.
    name : callable
        How a classifier's name is written (quoted, in a paper).

    Returns
    -------
    str
        The sentence; with the Stan engine, that the rope was not checked (never silently:
        the docs promise the check); empty where there is nothing to check (one data set, a
        constant difference, mean scores only).
    """
    check = getattr(c, "rope_check", None)
    if check is None:
        h = getattr(c, "hierarchical", None)
        stan = h is not None and getattr(h, "engine", "") == "stan"
        return (("The decision's dependence on the rope was not checked: it needs the exact "
                 "engine's grids (the default: --engine exact, engine=\"exact\" in Python).")
                if stan and not paper else "")
    ropes = check.index.to_numpy()
    which = "The decision on δ₀" if c.about == "delta0" else "The decision"
    number = DELTA0 if c.about == "delta0" else POSTERIOR
    a, b = name(c.a), name(c.b)
    decisions = list(check["decision"])
    if set(decisions) == {c.decision}:      # the margin, at the ends
        (low, p_low, i_low), (high, p_high, i_high) = (_at(c, check, r) for r in
                                                       (ropes[0], ropes[-1]))
        limit = rope_limit.sentence(c, name)        # a decision: how far it holds, then
        if limit:                                   # its margin, in two different sentences
            narrower, wider = (f"{abs(1 - r / c.rope):.0%}" for r in (low, high))
            second = wording.is_(p_high)[3:]        # "above 0.999", never "> 0.999"
            return (f"{limit} At ropes {narrower} narrower and {wider} wider (±{low:g} and "
                    f"±{high:g}), its {number} {wording.is_(p_low)} and {second}."
                    + _papers_rope(c, a, b, paper))
        if c.decision == NO_DECISION:
            said = (f"no decision, with the highest {number} {p_low} "
                    f"({wording.short(i_low, a, b)}) at ±{low:g} and {p_high} "
                    f"({wording.short(i_high, a, b)}) at ±{high:g}")
        else:
            said = (f"{wording.short(i_low, a, b)}, with {number} {p_low} at ±{low:g} and "
                    f"{p_high} at ±{high:g}")
        return (f"{which} is the same at every rope checked, from ±{low:g} to ±{high:g}: "
                f"{said}." + _papers_rope(c, a, b, paper))
    groups: list[tuple[str, list[float]]] = []      # consecutive widths, one decision
    for r, decision in zip(ropes, decisions):
        if groups and groups[-1][0] == decision:
            groups[-1][1].append(r)
        else:
            groups.append((decision, [r]))
    parts = []
    for decision, widths in groups:
        at = [_at(c, check, r) for r in widths]
        highest = {wording.short(i, a, b) for _, _, i in at}
        if decision != NO_DECISION:
            parts.append(f"{highest.pop()} at " + _and([f"±{r:g} ({p})" for r, p, _ in at]))
        elif len(highest) == 1:
            parts.append("no decision at " + _and([f"±{r:g} ({p})" for r, p, _ in at])
                         + f", the highest being {highest.pop()}")
        else:
            parts.append("no decision at " + _and([f"±{r:g} ({p}, {wording.short(i, a, b)})"
                                                   for r, p, i in at]))
    plural = "probabilities for δ₀" if c.about == "delta0" else "posterior probabilities"
    return (f"{which} depends on the rope's width ({plural} in parentheses): "
            + "; ".join(parts) + "." + _papers_rope(c, a, b, paper)
            + ("" if paper else REPORT_ROPE))


def _papers_rope(c, a: str, b: str, paper: bool = False) -> str:
    """" At the papers' rope, ±0.01, the decision would be a better (posterior probability
    0.97)." when the verdict's rope is another
    (:attr:`~bayestut.analysis.comparison.Comparison.papers_rope`); empty otherwise."""
    table = getattr(c, "papers_rope", None)
    if table is None:
        return ""
    rope, p, i = _at(c, table, table.index[0])
    number = DELTA0 if c.about == "delta0" else POSTERIOR
    if table["decision"].iloc[0] == NO_DECISION:
        said = f"there would be no decision (highest {number}: {p}, {wording.short(i, a, b)})"
    else:
        said = f"the decision would be {wording.short(i, a, b)} ({number} {p})"
    keep = ("" if paper or table["decision"].iloc[0] == c.decision else
            " Keep the rope you chose: one taken afterwards because it decides is a forking path "
            "(notebook 10, Choosing the rope).")
    return f" At the papers' rope, ±{rope:g}, {said}." + keep


def _at(c, check, rope: float) -> tuple[float, str, int]:
    """(rope, the number the decision at ``rope`` is taken on as printed, its outcome's
    number-line index): the declared outcome's, or the highest's under "no decision"."""
    row = check.loc[rope]       # shown() of the reading order is the number line's order
    p, se = (np.array(shown(row[k].to_numpy(dtype=float))) for k in
             (list(c.labels), [f"± {label}" for label in c.labels]))
    decision = row["decision"]
    i = int(p.argmax()) if decision == NO_DECISION else shown(list(c.labels)).index(decision)
    return rope, wording.number(p[i], 0.0 if np.isnan(se[i]) else se[i], c.threshold), i


def _and(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def rope_units(result) -> str:
    """When the rope may be in the wrong units (``result.wide_rope``): one sentence naming
    the largest absolute mean difference and its data set, the score's range, and the rope
    meant in percentage points (or percent of the range) with its fix; said, never refused,
    since a wide rope can be meant.

    Parameters
    ----------
    result : Comparison, MeansComparison or ManyComparison
        The result; for K classifiers, one sentence for all the pairs.

    Returns
    -------
    str
        The sentence, or empty.
    """
    wide = result.wide_rope
    if not wide:
        return ""
    pairs = getattr(result, "pairs", None)
    if pairs is None:       # two classifiers: (data set, largest)
        c, where, (name, largest) = result, "", wide
    else:                   # K classifiers: {(a, b): (data set, largest)}
        (a, b), (name, largest) = max(wide.items(), key=lambda item: item[1][1])
        c = pairs[(a, b)]
        where = (" in every pair" if len(wide) == len(pairs) else
                 f" in {len(wide)} of the {len(pairs)} pairs ("
                 + ", ".join(f"{x} against {y}" for x, y in wide) + ")")
        name = f"{a} against {b} on {name}"
    low, high = c.score_range
    width = high - low
    shown = next((t for t in (f"{largest:.{k}g}" for k in range(3, 18)) if float(t) < c.rope),
                 repr(largest))        # never printed as wide as the rope it lies within
    meant = (f"{c.rope:g} percentage points" if (low, high) == (0.0, 1.0) else
             f"{c.rope:g}% of that range")
    fix = f"{c.rope * width / 100:.6g}"
    divided = " (the percentages divided by 100)" if c.options.get("percent") else ""
    return (f"The rope ±{c.rope:g} is {c.rope / width:.0%} of the score's range "
            f"[{low:g}, {high:g}]{divided} and holds every data set's mean difference{where} "
            f"(the largest in absolute value: {shown}, on {name}): if you meant {meant}, "
            f"give --rope {fix} (rope={fix} in Python)"
            + (f"; the papers' rope is ±{PAPERS_ROPE:g}." if (low, high) == (0.0, 1.0)
               and float(fix) != PAPERS_ROPE else "."))


def percent_fractions(result) -> str:
    """When ``percent`` divided scores that were all at most 1 (fractions, perhaps: every
    difference would then be a hundred times too small, and "equivalent" follows): one
    sentence in every report, beside the warning given when the file was read. Believed, never
    refused: error rates of 0.5% are written 0.5.

    Parameters
    ----------
    result : Comparison, MeansComparison or ManyComparison
        The result; for K classifiers, one sentence for the table.

    Returns
    -------
    str
        The sentence, or empty.
    """
    pairs = getattr(result, "pairs", None)
    c = next(iter(pairs.values())) if pairs is not None else result
    largest = c.options.get("percent_largest")
    if largest is None or largest > 1.0:
        return ""
    return (f"Every score given is at most 1 (the largest is {largest:g}), yet --percent "
            f"(percent=True) read them as percentages and divided them by 100. If they are "
            f"fractions already, every difference here is a hundred times too small: run "
            f"again without --percent.")


def pooled(c) -> str:
    """Why the verdict decides when no single data set does (empty otherwise): each data set
    alone has few folds; the verdict's claim rests on all of them together.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        Three short sentences, or empty.
    """
    if c.refused or c.per_dataset is None or c.hierarchical is None:
        return ""
    h = c.overall()[-1]
    on_delta0 = c.about == "delta0"
    verdict = decide_regions(h.delta0 if on_delta0 else h.shares, c.threshold)
    each = decide(c.per_dataset.probabilities(c.rope), c.threshold)
    if str(verdict) == NO_DECISION or (each != NO_DECISION).any():
        return ""
    d = c.differences
    claim = "the mean difference δ₀" if on_delta0 else "a new data set"
    return (f"No single data set is decided, yet the hierarchical test decides: both are true. "
            f"On each data set alone, its {d.x.shape[1]} paired differences leave the "
            f"correlated t-test's largest probability below {c.threshold:g}. The hierarchical "
            f"test's claim, about {claim}, rests on the population of data sets, which all "
            f"{len(d.datasets)} together pin down.")
