"""What :func:`~bayestut.analysis.many.compare_all` returns: every pair of K classifiers and
their ranking, numbers only.

:class:`ManyComparison` holds each pair's two-classifier result, the ranking, the K x K
matrices and the undominated set, labelled by outcome in the reading order; its report in words
is written by :mod:`bayestut.analysis.many_text` and its paragraphs for a paper by
:mod:`bayestut.analysis.writeup`, as one-line delegations (the paragraphs' through
:class:`~bayestut.analysis.paper_output.PaperOutput`, as
:class:`~bayestut.analysis.comparison.Comparison` has them).
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import pandas as pd

from . import many_text
from .model_check import listed
from .comparison import SHARE, Overall
from .dataset_text import THIS_DATA_SET
from .paper_output import PaperOutput
from ..checks import CEILING_NAMED, ceiling_note
from ..errors import InputError
from ..data import known_name
from ..methods.decisions import NO_DECISION, decide_regions, labelled
from ..methods.ranking import Ranking


class WhichToUse(NamedTuple):
    """The K report's answer to "which to use" (:meth:`ManyComparison.which_to_use`)."""

    best: list        # the classifiers no other is declared practically better than
    undecided: list   # the pairs among them with no decision: undominated is not as good


class Pairs(dict):
    """``{(a, b): Comparison}``, a before b in the order compared. A key not among them, the
    other order of a pair too, is an InputError naming the key to use (a bare KeyError before)."""

    def __missing__(self, key):
        if isinstance(key, tuple) and len(key) == 2 and (key[1], key[0]) in self:
            raise InputError(f"pairs holds {(key[1], key[0])!r}, in the order compared, not "
                             f"{key!r}; use pairs[{(key[1], key[0])!r}], or "
                             f"probabilities(test, {key[0]!r}, {key[1]!r}) for your order")
        raise InputError(f"no pair {key!r}: pairs holds {list(self)}")


@dataclass(frozen=True, repr=False)
class ManyComparison(PaperOutput):
    """Every pair of K classifiers, and their joint ranking, as :func:`~bayestut.compare_all`
    returns it.

    Print it (or call :meth:`summary`) for the report. A pair's probabilities are read in
    either order with :meth:`probabilities`, labelled "<a> better", "equivalent", "<b> better";
    :meth:`matrix` gives them as a K x K table and :meth:`undominated` the classifiers no other
    is declared practically better than; :meth:`pair_table` one pair's probabilities, and
    :meth:`ranking_table` the ranking's: numbers, or the reports' text with ``formatted=True``.

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

    def __post_init__(self) -> None:
        object.__setattr__(self, "pairs", Pairs(self.pairs))    # frozen: set once, here

    @property
    def tests(self) -> tuple:
        """The multi-data-set tests run on every pair, the leading one last."""
        return next(iter(self.pairs.values())).tests

    @property
    def refused(self) -> str | None:
        """Why the multi-data-set tests were not run (None when they were); every pair has
        the same data sets."""
        return next(iter(self.pairs.values())).refused

    @property
    def wide_rope(self) -> dict:
        """The pairs whose rope may be in the wrong units
        (:attr:`~bayestut.analysis.comparison.PairResult.wide_rope`: a sizeable share of the
        score's range, and wider than every data set's mean difference).

        Returns
        -------
        dict
            ``{(a, b): (data set, largest absolute mean difference)}``, in the pairs' order;
            empty when no pair's rope is.
        """
        return {pair: wide for pair, c in self.pairs.items()
                if (wide := c.wide_rope) is not None}

    @property
    def ceiling(self) -> dict:
        """The pairs with data sets where both classifiers' mean scores lie within the rope
        of the metric's best bound (:attr:`Comparison.ceiling
        <bayestut.analysis.comparison.PairResult.ceiling>`).

        Returns
        -------
        dict
            ``{(a, b): [data set, ...]}``, in the pairs' order; empty when no pair has any.
        """
        return {pair: near for pair, c in self.pairs.items() if (near := c.ceiling)}

    def ceiling_note(self) -> str:
        """The report's note on :attr:`ceiling`, one for all the pairs
        (:func:`~bayestut.checks.ceiling_note`).

        Returns
        -------
        str
            One sentence naming those data sets and, on each, the classifiers there, or
            empty.
        """
        near = self.ceiling
        if not near:
            return ""
        at: dict = {}     # data set -> the classifiers within the rope of the best score there
        for pair, names in near.items():
            for d in names:
                at.setdefault(d, {}).update(dict.fromkeys(pair))
        groups: dict = {}     # the same classifiers there: one clause for those data sets
        for d, there in at.items():
            groups.setdefault(tuple(c for c in self.classifiers if c in there), []).append(d)
        where = "; ".join(
            f"on {listed([str(d) for d in ds[:CEILING_NAMED]])}"
            + (f" and {len(ds) - CEILING_NAMED} more" if len(ds) > CEILING_NAMED else "")
            + (" the mean scores of " if i == 0 else " those of ")
            + listed([str(c) for c in there]) + (" lie within the rope of it" if i == 0 else "")
            for i, (there, ds) in enumerate(groups.items()))
        first = self.pairs[next(iter(near))]
        best = first.score_range[1 - int(first.lower_is_better)]
        return ceiling_note(list(at),
                            best * (100 if first.options.get("percent") else 1), where)

    def overall(self, test: str, a: str, b: str) -> Overall:
        """Internal: one multi-data-set test of a against b, for either order of the pair: its
        number-line arrays (b better, equivalent, a better) with their Monte Carlo errors."""
        test = test.replace("_", "-") if isinstance(test, str) else test   # figures' keys
        if test not in self.tests:
            raise InputError(f"unknown test {test!r}; choose one of {self.tests}")
        a, b = (known_name(name, self.classifiers) for name in (a, b))    # "RF" for "rf"
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
        """K x K, row against column: the posterior probability of "row better" ("better") or
        of "equivalent" ("equivalent"), or the decision at the threshold taken on them
        ("decision"), named by its outcome: "<row> better", "<column> better", "equivalent"
        or "no decision"."""
        if what not in ("better", "equivalent", "decision"):
            raise InputError(f"what must be 'better', 'equivalent' or 'decision', got {what!r}")
        if what != "decision":
            return self._grid(test, what)
        named = self._grid(test, "decision")
        for r, c in itertools.permutations(self.classifiers, 2):
            word = named.loc[r, c]
            named.loc[r, c] = (f"{r} better" if word == "better" else
                               f"{c} better" if word == "worse" else word)
        return named

    def _relations(self, test: str | None = None) -> pd.DataFrame:
        """Internal: the decisions as row against column, "better", "worse", "equivalent" or
        "no decision" (the reports' sentences read them so)."""
        return self._grid(test, "decision")

    def _grid(self, test: str | None, what: str) -> pd.DataFrame:
        test = test or self.tests[-1]
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

    def which_to_use(self, test: str | None = None) -> WhichToUse:
        """The answer to "which to use": the classifiers no other is declared practically
        better than at the threshold, and the pairs among them left undecided (computed once
        per test, then kept).

        Parameters
        ----------
        test : str, optional
            One of :attr:`tests`; the leading test (the verdict's) by default.

        Returns
        -------
        WhichToUse
            A named tuple ``(best, undecided)``: ``best``, the undominated classifiers in the
            order of :attr:`classifiers`; ``undecided``, the pairs ``(a, b)`` among them, in
            the order compared, with no decision (being undominated is not being as good).
        """
        test = test or self.tests[-1]
        kept = self.__dict__.setdefault("_which_to_use", {})    # frozen: a cache, not a field
        if test not in kept:
            relations = self._relations(test)
            best = [c for c in self.classifiers if not (relations.loc[c] == "worse").any()]
            kept[test] = WhichToUse(best, [(a, b) for a, b in self.pairs if a in best
                                           and b in best and relations.loc[a, b] == NO_DECISION])
        return kept[test]

    def undominated(self, test: str | None = None) -> list[str]:
        """The classifiers that no other is practically better than, at the threshold.

        Parameters
        ----------
        test : str, optional
            One of :attr:`tests`; the leading test by default.

        Returns
        -------
        list of str
            ``which_to_use(test).best`` (:meth:`which_to_use` adds the undecided pairs).
        """
        return self.which_to_use(test).best

    def table(self) -> pd.DataFrame:
        """The tidy long table: one row per pair x test x kind of probability (x data set for
        the correlated t-test, whose probabilities are exact).

        Returns
        -------
        pandas.DataFrame
            Columns a, b, test, dataset, kind ("probability on this data set" for the
            correlated t-test; "posterior probability", "probability on a new
            data set", "probability for δ₀" or "expected probability", as in
            ``Comparison.overall_table``), then "P(a better)", "P(equivalent)", "P(b better)"
            (a and b: the row's pair) and their errors "± P(...)" (Monte Carlo, or numerical
            for the exact engine), and the decision beside the probabilities it is taken on.
        """
        rows = []
        for (a, b), c in self.pairs.items():
            per = c.per_dataset._rope(c.rope) if c.per_dataset is not None else []
            for name, p in zip(c.differences.datasets, per):
                rows.append(_row(a, b, "correlated t-test", name, THIS_DATA_SET, p, np.zeros(3),
                                 c._cell(p)))
            for test, o in zip(c.tests, c.overall()):
                for kind, p, se in o.rows():
                    rows.append(_row(a, b, test, None, kind, p, se,
                                     c._cell(p) if kind == SHARE else ""))
        return pd.DataFrame(rows)

    def rope_check(self) -> dict:
        """Each pair's decision at ropes around the chosen one, 0.8 to 1.2 times it
        (:attr:`Comparison.rope_check <bayestut.analysis.comparison.Comparison.rope_check>`,
        computed on first use and kept by the pair: no fit, about a tenth to half a second
        a pair).

        Returns
        -------
        dict
            ``{(a, b): pandas.DataFrame or None}``, in the order of :attr:`pairs`: the pair's
            table (one row per rope: the probabilities its decision is taken on, their
            errors, the decision), or None where it is not checked (one data set, a constant
            difference, the Stan engine).
        """
        return {pair: getattr(c, "rope_check", None) for pair, c in self.pairs.items()}

    def diagnostics(self) -> list[str]:
        """Sampling problems, named by pair (empty when none)."""
        out = [f"{a} vs {b}: {p}" for (a, b), c in self.pairs.items() for p in c.diagnostics()]
        if self.ranking is not None:
            out += [f"ranking: {p}" for p in self.ranking.diagnostics.problems]
        return out

    # --- the report, in many_text: one-line delegations (the paragraphs: PaperOutput) -------

    def verdict(self) -> list[str]:
        """The answer first, in words (:func:`many_text.verdict`).

        Returns
        -------
        list of str
            The leading test's decisions pair by pair, "which to use" (:meth:`which_to_use`),
            the other tests' decisions, the ranking's line and the notes. The command-line
            options they name have Python forms: the table "The report says → in Python" in
            docs/api.md (each pair's ``plan`` command: ``pairs[(a, b)].plan_more()``).
        """
        return many_text.verdict(self)

    def caution(self) -> str:
        """The pairs whose hierarchical fit failed its checks (:func:`many_text.caution`)."""
        return many_text.caution(self)

    def settings(self) -> str:
        """The line stating the data and the settings (:func:`many_text.settings`)."""
        return many_text.settings(self)

    def pair_table(self, a: str, b: str, formatted: bool = False) -> pd.DataFrame:
        """One pair's overall table, as :meth:`Comparison.overall_table
        <bayestut.analysis.comparison.PairResult.overall_table>` gives it.

        Parameters
        ----------
        a, b : str
            A pair, in the order it was compared (a before b in :attr:`classifiers`).
        formatted : bool
            False (the default): numbers, with their errors. True: the text the reports
            print (:func:`many_text.pair_table`).

        Returns
        -------
        pandas.DataFrame
            One row per test and kind of number; empty when the multi-data-set tests did not
            run.
        """
        if formatted:
            return many_text.pair_table(self, a, b)
        c = self.pairs[(a, b)]
        return c.overall_table() if c.overall() else pd.DataFrame()

    def ranking_table(self, formatted: bool = False) -> pd.DataFrame:
        """The Plackett-Luce ranking, one row per classifier, best expected rank first.

        Parameters
        ----------
        formatted : bool
            False (the default): numbers (:meth:`Ranking.table
            <bayestut.methods.ranking.Ranking.table>`). True: the text the reports print,
            rounded to the Monte Carlo error (:func:`many_text.ranking_table`).

        Returns
        -------
        pandas.DataFrame
            P(first), the expected rank and P(largest weight), with their 95% credible
            intervals.
        """
        if formatted:
            return many_text.ranking_table(self)
        if self.ranking is None:
            raise InputError("compare_all ran with ranking=False: there is no ranking table; "
                             "run it with ranking=True")
        return self.ranking.table()

    def figures(self) -> dict:
        """The figures by name, as :meth:`Comparison.figures
        <bayestut.analysis.comparison.PairResult.figures>` gives a pair's
        (:mod:`~bayestut.analysis.many_figures`).

        Returns
        -------
        dict
            matplotlib Figures: "pairs" (each pair's posterior probabilities by test, a
            stacked bar each) and "matrices" (each test's probability of "row better than
            column", decisions framed); empty with one data set (no multi-data-set test ran).
            The figures stay open (and so show in a notebook) until closed.
        """
        from .many_figures import matrices_figure, pairs_figure

        if self.refused:
            return {}
        return {"pairs": pairs_figure(self), "matrices": matrices_figure(self)}

    def summary(self) -> str:
        """The compact text report (:func:`many_text.summary`)."""
        return many_text.summary(self)

    def __str__(self) -> str:
        return many_text.summary(self)

    def __repr__(self) -> str:
        # a line, not every pair's arrays
        return (f"<ManyComparison of {len(self.classifiers)} classifiers "
                f"({', '.join(self.classifiers)}), {len(self.pairs)} "
                f"pair{'' if len(self.pairs) == 1 else 's'}; print() it for the report>")


def _row(a, b, test, dataset, kind, p, se, decision) -> dict:
    p, se = np.asarray(p, dtype=float), np.asarray(se, dtype=float)
    columns = ("P(a better)", "P(equivalent)", "P(b better)")       # reading order
    return {"a": a, "b": b, "test": test, "dataset": dataset, "kind": kind,
            **dict(zip(columns, p[::-1])), **{f"± {c}": v for c, v in zip(columns, se[::-1])},
            "decision": decision}
