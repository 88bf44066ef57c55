"""Each data set's part of the two-classifier report: the Bayesian correlated t-test on each
data set alone. Its table as text (the numbers written as the reports print them), the note
that says what the table holds, and, with many data sets, the one sentence counting their
decisions. Plain functions taking a result, like :mod:`~bayestut.analysis.comparison_text`,
which prints them.
"""

from __future__ import annotations

import pandas as pd

from . import wording
from .rope_digits import beside_rope, edge_note
from ..methods.decisions import NO_DECISION, decide

SHRUNK = "shrunk (hierarchical)"     # the per-data-set table's hierarchical estimate column
# above this many data sets the reports count the per-data-set decisions in one sentence (the
# per-data-set table holds each): the verdict and the overall tables stay on the first screen
MANY_DATA_SETS = 10

THIS_DATA_SET = "probability on this data set"    # the correlated t-test's, per data set


def decimals(value: float) -> str:
    """A number with three decimals, a negative that rounds to zero as 0.000 (not -0.000,
    which reads as a direction the number does not have).

    Parameters
    ----------
    value : float
        The number.

    Returns
    -------
    str
        The text.
    """
    text = f"{value:.3f}"
    return "0.000" if text == "-0.000" else text


def means_only(c) -> bool:
    """Whether ``c`` holds mean scores only (no fold: no per-data-set test)."""
    return c.per_dataset is None


def many_data_sets(c) -> bool:
    """Whether there are more data sets than the reports give a sentence each (never with
    mean scores only: no data set has a sentence of its own).

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    bool
        True above MANY_DATA_SETS data sets, per fold.
    """
    return not means_only(c) and len(c.differences.datasets) > MANY_DATA_SETS


def tally(c) -> str:
    """How many data sets the correlated t-test decides each way, in one sentence.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        The sentence.
    """
    chosen = list(decide(c.per_dataset.probabilities(c.rope), c.threshold))
    counts = [f"{name} on {chosen.count(name)}" for name in c.labels]
    return (f"On each of the {len(chosen)} data sets (Bayesian correlated t-test, threshold "
            f"{c.threshold:g}): {', '.join(counts)}, no decision on "
            f"{chosen.count(NO_DECISION)}.")


def per_dataset_note(c) -> str:
    """What the per-data-set table holds.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        The note, for the table's title.
    """
    note = ("mean differences only: the correlated t-test needs every fold" if means_only(c)
            else "the probabilities and the decision: the Bayesian correlated t-test on each data "
            "set alone, exact; its probability on this data set is of each outcome itself, not "
            "that it is the likeliest" + ("; " + SHRUNK + ": the hierarchical test's estimate of the "
                                  "mean difference, drawn towards the other data sets'"
                                  if c.hierarchical is not None else ""))
    edge = edge_clause(c)
    return note + (f"; {edge}" if edge else "")      # 0.0101 beside 0.008: why digits differ


def edge_clause(c) -> str:
    """Why some differences in the per-data-set table have more digits than others, when some
    do (:func:`~bayestut.analysis.rope_digits.edge_note`); else empty.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        The clause.
    """
    table = c.per_dataset_table()
    return edge_note([v for k in table.columns if table[k].dtype.kind == "f"
                      and not str(k).startswith("P(") for v in table[k]], c.rope)


def per_dataset_frame(c) -> pd.DataFrame:
    """The per-data-set table with its numbers written as the text prints them (a notebook
    renders it as a table), its probabilities never rounded across the threshold beside
    their decision (0.9497 shows 0.949, not 0.950).

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    pandas.DataFrame
        One row per data set, every number a string.
    """
    table = c.per_dataset_table()
    return table.assign(**{str(k): table[k].map(
        (lambda v: wording.number(v, 0.0, c.threshold)) if str(k).startswith("P(") else
        (lambda v: beside_rope(v, c.rope, minus="-")))      # differences: never onto the rope's edge
        for k in table.columns if table[k].dtype.kind == "f"})


def per_dataset_text(c) -> str:
    """:func:`per_dataset_frame` as text.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        The table as text.
    """
    return per_dataset_frame(c).to_string()
