"""What an author must not miss in the paragraphs for a paper, plain functions of a result:
the placeholders to fill in (the rope's reason; the metric's name when its column names
none), which test is primary and what to say when the tests disagree, δ₀'s probabilities
passing the threshold beside "no decision" (the console's caveat,
:func:`comparison_text._delta0_alone`, in a paper's words), why δ₀ differs from the
plain mean of the data sets' mean differences, which claim the text decides on (a new data
set's or δ₀'s: a note atop the ``.md`` and ``.tex``), and, with the verdict on δ₀, that the
papers' rule's differing decision is not the study's.

A disagreement is stated, never resolved by quoting the test that decides: the primary test
is the verdict's, named in the Methods, and the others are checks.
"""

from __future__ import annotations

import re
import textwrap

import numpy as np

from . import delta0_size, wording
from .comparison_text import _delta0_alone
from .escape import markdown_escape
from ..errors import InputError
from .writeup_tables import about_delta0, generic_metric
from ..methods.decisions import NO_DECISION, REGIONS, decide_regions

# A placeholder for what only the author knows, bold in the .md and the .tex so that it is never
# pasted by mistake. Its text is the package's own, so that no name can end it early.
PLACEHOLDER_MD = re.compile(r"\\\[TO FILL: [^\]]*?\\\]")
PLACEHOLDER_TEX = re.compile(r"\{\[\}TO FILL: .*?\{\]\}")


def placeholder(text: str) -> str:
    """What the author must write in.

    Parameters
    ----------
    text : str
        What to write, in the package's own words (no name: a bracket in it would end it).

    Returns
    -------
    str
        "[TO FILL: text]", which the .md and the .tex set in bold.
    """
    return f"[TO FILL: {text}]"


def rope_reason_checked(reason) -> str | None:
    """The author's reason for the rope (``compare(rope_reason=...)``, ``--rope-reason``),
    checked at the door: it replaces the Methods' placeholder, so it must be text.

    Parameters
    ----------
    reason : str or None
        The reason, continuing "... were deemed of no practical consequence".

    Returns
    -------
    str or None
        The reason stripped, without a final full stop (the sentence adds its own); None when
        not given.
    """
    if reason is None:
        return None
    if not isinstance(reason, str):
        raise InputError(f"rope_reason must be text, not {type(reason).__name__} {reason!r}: "
                         "give the reason as a string, e.g. rope_reason=\"because a gain of "
                         "less than one point would not change which classifier a user "
                         "deploys\", or leave it out for a placeholder")
    stripped = " ".join(reason.split()).rstrip(".").strip()
    if not stripped:
        raise InputError("rope_reason (--rope-reason) is empty: give the reason the rope is of "
                         "no practical consequence, e.g. --rope-reason \"because a gain of le"
                         "ss than one point would not change which classifier a user deploys\", or leave the option out for a placeholder")
    return stripped


ROPE_CHOSEN = ("before", "after")     # when the rope was chosen: before or after the results


def rope_chosen_checked(when) -> str | None:
    """When the author chose the rope (``compare(rope_chosen=...)``, ``--rope-chosen``),
    checked at the door. Unsaid (None), the Methods say nothing of it: the tool cannot know.

    Parameters
    ----------
    when : str or None
        "before" or "after" the results were seen.

    Returns
    -------
    str or None
        The value; None when not given.
    """
    if when is None or when in ROPE_CHOSEN:
        return when
    raise InputError(f"rope_chosen (--rope-chosen) must be 'before' or 'after', not {when!r}: "
                     "say whether the rope was chosen before or after the results were seen "
                     "(rope_chosen=\"after\", --rope-chosen after), or leave it out to say "
                     "nothing of it")


def metric_name_checked(name) -> str | None:
    """The metric's name for the write-ups (``compare(metric_name=...)``, ``--metric-name``),
    checked at the door: it replaces the score column's name in the text.

    Parameters
    ----------
    name : str or None
        The name, e.g. "balanced accuracy".

    Returns
    -------
    str or None
        The name with its spaces tidied; None when not given.
    """
    if name is None:
        return None
    if not isinstance(name, str):
        raise InputError(f"metric_name must be text, not {type(name).__name__} {name!r}: give "
                         "the metric's name as a string, e.g. metric_name=\"balanced accuracy\", "
                         "or leave it out for the score column's name")
    tidied = " ".join(name.split())
    if not tidied:
        raise InputError("metric_name (--metric-name) is empty: give the metric's name, e.g. "
                         "--metric-name \"balanced accuracy\", or leave the option out for the "
                         "score column's name")
    return tidied


def metric(c) -> str:
    """The metric as the Methods name it.

    Parameters
    ----------
    c : Comparison, MeansComparison or one pair of ManyComparison
        The result.

    Returns
    -------
    str
        "metric: balanced accuracy" when named (``metric_name``), else "metric
        'accuracy'", or a placeholder for the metric's name when the column's name names none ("score", :data:`~bayestut.analysis.writeup_tables.GENERIC_METRICS`).
    """
    if c.options.get("metric_name"):
        return f"metric: {c.options['metric_name']}"
    if generic_metric(c):
        return ("metric: " + placeholder("the metric's name, e.g. accuracy or AUC; the results "
                                         f"file calls it {str(c.metric)!r}"))
    return f"metric {c.metric!r}"


SHORT_NAMES = {"hierarchical": "the hierarchical test", "signed-rank": "the signed-rank test",
               "sign": "the sign test"}


def decisions(c) -> list[tuple[str, str]]:
    """Every decision over the data sets, the primary (the verdict's) first.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result, with at least two data sets.

    Returns
    -------
    list of (str, str)
        Each test's short name (the hierarchical test's twice with ``about="delta0"``: on δ₀,
        then on a new data set, the papers' rule) and its decision, a number-line region or
        "no decision".
    """
    found = []
    for test, o in zip(c.tests[::-1], c.overall()[::-1]):      # the leading test first
        name = SHORT_NAMES[test]
        if test == "hierarchical" and about_delta0(c) and o.delta0 is not None:
            found.append((f"{name} on δ₀", str(decide_regions(o.delta0, c.threshold))))
            name = f"{name} on a new data set"        # the papers' rule, named by its estimand
        found.append((name, str(decide_regions(o.shares, c.threshold))))
    return found


def primary(c) -> str:
    """The Methods' sentence naming the primary result and the checks (empty with fewer than
    two decisions, as with one data set, or with identical scores, where every test finds
    equivalence with probability 1).

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        E.g. "The primary result is the decision of the hierarchical test; the signed-rank
        test is reported as a check."
    """
    if c.refused or len(c.overall()) == 0 or getattr(c, "identical", False):
        return ""
    names = [name for name, _ in decisions(c)]
    if len(names) < 2:
        return ""
    checks = names[1:]
    return (f"The primary result is the decision of {names[0]}; "
            + " and ".join(checks) + (" are reported as checks." if len(checks) > 1 else
                                      " is reported as a check."))


def _finds(choice: str, c, name, many: bool = False) -> str:
    """A decision after a test's name: "finds “a” practically better than “b”", "reaches no
    decision" (``many``: the plural verb)."""
    if choice == NO_DECISION:
        return "reach no decision" if many else "reaches no decision"
    verb = "find" if many else "finds"
    a, b = name(c.a), name(c.b)
    return {0: f"{verb} {b} practically better than {a}",
            1: f"{verb} {a} and {b} practically equivalent",
            2: f"{verb} {a} practically better than {b}"}[REGIONS.index(choice)]


def disagreement(c, name=str) -> str:
    """When the tests' decisions differ (one decides and another does not, or they decide
    differently): the disagreement stated, and which result stands; empty when they agree.
    With ``about="delta0"``, the signed-rank test's against δ₀'s only: the papers' rule on a
    new data set is set against δ₀ where the Supplementary paragraph names it
    (:func:`papers_rule_aside`).

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result, with at least two data sets.
    name : callable
        How a classifier's name is written (quoted, in a paper).

    Returns
    -------
    str
        Two sentences, or empty.
    """
    found = decisions(c)
    papers = f"{SHORT_NAMES['hierarchical']} on a new data set"      # only with about="delta0"
    (lead, mine), others = found[0], [(t, choice) for t, choice in found[1:] if t != papers]
    groups: dict[str, list[str]] = {}
    for test, choice in others:
        if choice != mine:
            groups.setdefault(choice, []).append(test)
    if not groups:
        return ""
    parts = [f"{' and '.join(tests)} {_finds(choice, c, name, len(tests) > 1)}"
             for choice, tests in groups.items()]
    # in the paper's voice: the author is told (docs) not to quote the test that decides
    return (f"The tests disagree: {lead} {_finds(mine, c, name)}, while {'; '.join(parts)}. "
            f"The primary result is that of {lead.split(' (')[0]}, as stated in the "
            "Methods.")      # "of the hierarchical test on δ₀", not "on δ₀'s"


def delta0_alone(c, name=str) -> str:
    """Beside "no decision" on a new data set, when δ₀'s probabilities alone pass the
    threshold: the console's caveat (:func:`comparison_text._delta0_alone`) in a paper's words.

    Parameters
    ----------
    c : Comparison
        The result.
    name : callable
        How a classifier's name is written.

    Returns
    -------
    str
        The sentence, or empty.
    """
    if not _delta0_alone(c):
        return ""
    o = c.overall()[-1]
    i = REGIONS.index(str(decide_regions(o.delta0, c.threshold)))
    shown = wording.number(o.delta0[i], o.delta0_se[i], c.threshold)
    outcome = {0: f"{name(c.b)} practically better", 1: "equivalence",
               2: f"{name(c.a)} practically better"}[i]
    return (f"For δ₀ alone, {outcome} passes {c.threshold:g} ({shown}); it is not claimed, "
            "because the decision was declared on a new data set (see the Methods), not on δ₀.")


def plain_mean(c) -> str:
    """When δ₀'s posterior mean and the plain mean of the data sets' mean differences differ
    by more than the rounding shown (its last digit, or the tenth of the rope it serves):
    both, and why (empty otherwise).

    Parameters
    ----------
    c : Comparison
        The result.

    Returns
    -------
    str
        Two sentences, or empty.
    """
    found = delta0_size.estimate(c)
    if found is None or c.per_dataset is None:
        return ""
    mean, low, high = found
    plain = float(np.mean(c.differences.x.mean(axis=1)))        # oriented: + favours a
    d = delta0_size.digits(c.rope, low, high)
    if abs(round(mean, d) - round(plain, d)) <= max(c.rope / 10, 10.0 ** -d) + 1e-12:
        return ""
    return (f"δ₀'s posterior mean, {delta0_size.signed(mean, d)}, differs from the plain mean "
            f"of the data sets' mean differences, {delta0_size.signed(plain, d)}. The "
            "hierarchical model weights each data set by the precision of its estimate, and "
            "the Student t's heavy tails down-weight outlying data sets.")


def about_note(c) -> str:
    """Which claim the text decides on, and how to get the other: a practitioner's (a new
    data set, the default) pasted into a method paper is the mistake of forgetting
    ``--about delta0``, and the converse.

    Parameters
    ----------
    c : Comparison, MeansComparison or ManyComparison
        The result.

    Returns
    -------
    str
        One sentence; empty without a hierarchical verdict (K classifiers, mean scores only,
        one data set, identical scores), where there is no such choice.
    """
    if getattr(c, "hierarchical", None) is None or getattr(c, "pairs", None) is not None:
        return ""
    if about_delta0(c):
        return ("This text decides on the mean difference δ₀ over data sets (a method paper's "
                "claim); for a claim about a new data set (a practitioner's), rerun without "
                "--about delta0 (about=\"new data set\" in Python).")
    return ("This text decides on a new data set (a practitioner's claim); for a claim about "
            "the average over data sets (a method paper's), rerun with --about delta0 "
            "(about=\"delta0\" in Python).")


def about_markdown(c) -> str:
    """:func:`about_note` as the ``.md``'s first lines.

    Parameters
    ----------
    c : Comparison, MeansComparison or ManyComparison
        The result.

    Returns
    -------
    str
        A Markdown quote ("> Note: ...") and a blank line, or empty.
    """
    note = about_note(c)
    return f"> Note: {markdown_escape(note)}\n\n" if note else ""


def about_latex(c) -> str:
    """:func:`about_note` as comment lines for the ``.tex``'s header.

    Parameters
    ----------
    c : Comparison, MeansComparison or ManyComparison
        The result.

    Returns
    -------
    str
        "% NOTE: ..." lines in ASCII (δ₀ written delta_0), or empty: a note, not a TODO,
        which only the Methods' "[TO FILL: ...]" leave.
    """
    note = about_note(c).replace("δ₀", "delta_0")       # a comment: plain ASCII reads best
    lines = textwrap.wrap(note, 86, break_on_hyphens=False)
    return "".join(f"% {'NOTE: ' if i == 0 else ''}{line}\n" for i, line in enumerate(lines))


def papers_rule_aside(c) -> str:
    """With the verdict on δ₀ (``about="delta0"``), after the papers' rule's probabilities
    given for comparison: when its decision differs from δ₀'s, a sentence saying which of
    the two this study takes (the one its Methods name), so that neither reads as the result.

    Parameters
    ----------
    c : Comparison
        The result.

    Returns
    -------
    str
        " ..." (a sentence, with its full stop) to follow the probabilities' sentence, or
        empty (the same decision, or not about δ₀).
    """
    o = c.overall()[-1] if about_delta0(c) else None
    if o is None or o.delta0 is None:
        return ""
    papers, on_delta0 = (str(decide_regions(p, c.threshold)) for p in (o.shares, o.delta0))
    if papers == on_delta0:
        return ""
    ours = "decides on δ₀, as its Methods state"
    if on_delta0 == NO_DECISION:
        return (f" That rule decides, but this study does not take its decision: it {ours}, "
                "and δ₀ reaches no decision.")
    if papers == NO_DECISION:
        return f" That rule reaches no decision; this study {ours}."
    return (f" That rule decides otherwise than δ₀, but this study does not take its "
            f"decision: it {ours}.")
