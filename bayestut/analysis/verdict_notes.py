"""The notes after a two-classifier verdict: whether it hangs on the rope's width, whether
the rope looks like it is in the wrong units, and what to do next after "no decision" (the
card, and the ``plan`` command with the settings the verdict was computed with).

Like :mod:`~bayestut.analysis.comparison_text`, plain functions taking a result and returning
text; :func:`rope_units` takes a K-classifier result too.
"""

from __future__ import annotations

import shlex

import numpy as np

from . import wording
from ..checks import metric_direction
from ..errors import InputError
from ..methods.decisions import NO_DECISION, shown
from ..methods.hierarchical import DELTA0, POSTERIOR

# the card's command, not its repository path: a reader who installed the wheel has no docs/
CARD = ('Next step: read the card Reading your verdict, section "No decision" '
        '(python -m bayestut card --section "No decision")')
PLACEHOLDER = "RESULTS.csv"        # the plan command's file when the table came from memory


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


def rope_sensitivity(c, stable: bool = False) -> str:
    """When the verdict's decision differs at a rope around the chosen one
    (:attr:`~bayestut.analysis.comparison.Comparison.rope_check`): one sentence naming, on
    each side of the chosen rope, the nearest width where it differs and the decision there.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    stable : bool
        For a paper (the ``.md``/``.tex``): say it when the decision is the same at every
        rope checked (a paper states its sensitivity check either way), and leave out the
        advice to the reader; otherwise say nothing when it is the same.

    Returns
    -------
    str
        The sentence, or empty (no change and not ``stable``, or not checked).
    """
    check = getattr(c, "rope_check", None)
    if check is None:
        return ""
    ropes = check.index.to_numpy()
    differ = ropes[(check["decision"] != c.decision).to_numpy()]
    which = "The decision on δ₀" if c.about == "delta0" else "The decision"
    if not differ.size:     # said as a check: it does not claim a change beyond these ropes
        return (f"{which} is the same at every rope checked, from ±{ropes[0]:g} to "
                f"±{ropes[-1]:g}." if stable else "")
    name = DELTA0 if c.about == "delta0" else POSTERIOR
    errors = [f"± {label}" for label in c.labels]
    parts = []
    for r in [*differ[differ < c.rope][-1:], *differ[differ > c.rope][:1]]:
        row = check.loc[r]          # shown() of the reading order is the number line's order
        p, se = (np.array(shown(row[k].to_numpy(dtype=float))) for k in (list(c.labels), errors))
        said = wording.listing(p, c.a, c.b, c.threshold, se, name=name)
        parts.append(f"at ±{r:g} there would be {said}" if said.startswith(NO_DECISION) else
                     f"at ±{r:g} it would be {said}")
    return (f"{which} depends on the rope's width: " + "; ".join(parts) + "."
            + ("" if stable else " Report the rope you chose beforehand and this sensitivity."))


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
            f"give --rope {fix} (rope={fix} in Python).")


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

