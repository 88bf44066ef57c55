"""The K-classifier report in words: plain functions taking a
:class:`~bayestut.analysis.many_comparison.ManyComparison` and returning text.

The result holds the numbers (the pairs, the ranking, the matrices, the undominated set);
everything a reader reads of it (the verdict, the settings line, each pair's table, the ranking
table and its legend, the console report) is written here, as
:mod:`~bayestut.analysis.comparison_text` writes the two-classifier report. Its paragraphs for a
paper are :mod:`~bayestut.analysis.writeup`'s, which says the decisions in the verdict's words
(:func:`decisions_in_words`).
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from . import comparison_text, dataset_text, delta0_size, model_check, verdict_notes, wording
# comparison.SHARE, from where it is defined: comparison imports writeup, which imports this
from ..methods.hierarchical import POSTERIOR as SHARE
from .comparison_text import failed_checks
from .many_rope_text import TITLE as ROPE_TITLE, rope_rows, rope_sensitivity, rope_table_note
from ..methods.decisions import NO_DECISION, decide_regions

# P(largest weight) is not called a "posterior probability": the glossary keeps that name for
# the number the 0.95 rule reads, and a reader would quote 0.86 as the chance of ranking first
RANKING_LEGEND = ("P(first): the probability that the classifier ranks first on a new data set; "
                  "expected rank: its mean rank there; P(largest weight): how sure the model "
                  "is that the classifier's weight is the largest of all, not the chance of "
                  "ranking first on a new data set, which is P(first).")
# what the ranking ranks (methods.ranking.ranking_data): each data set's order of the mean
# scores, a tie only where they are equal; not the pairwise decisions, and no rope
RANKS = ("each data set's order of the mean scores, in which any difference counts, however "
         "small: it has no rope and does not use the pairwise decisions")


def verdict(many) -> list[str]:
    """The answer first, in words: per test, who is declared practically better than whom
    (:func:`decisions_in_words`); every pair's decision by the leading test; then the
    ranking's favourite.

    Parameters
    ----------
    many : ManyComparison
        The result.

    Returns
    -------
    list of str
        The leading test's decisions pair by pair (:func:`decided_pairs`), then one sentence
        per other multi-data-set test (none of these when the tests did not run), the pairs
        whose decision hangs on the rope's width, then the ranking's (when it ran).
    """
    out = []
    if not many.refused:        # each test's decisions once: the leading test's pair by pair
        out.append(decided_pairs(many) + caution(many))
        best = which_to_use(many)
        out += [f"Which to use ({many.tests[-1]} test): {best}"] if best else []
        out += [f"{test} test: {decisions_in_words(many._relations(test))}"
                for test in many.tests[-2::-1]]
        out += [text for text in [rope_sensitivity(many)] if text]
    if many.ranking is not None:
        t = many.ranking.table()
        tied, best = best_ranked(many)
        chances = ", ".join(
            f"{c} {t.loc[c, 'P(first)']:.2f} (95% credible interval "
            f"{t.loc[c, 'P(first) lower']:.2f} to {t.loc[c, 'P(first) upper']:.2f})"
            for c in tied)
        if len(tied) == 1:
            out.append(f"Plackett-Luce ranking (fitted to {RANKS}): {tied[0]} has the best expected "
                       f"rank ({best}) "
                       f"and ranks first on a new data set with probability {chances.split(' ', 1)[1]}")
        else:
            out.append(f"Plackett-Luce ranking (fitted to {RANKS}): {_listed(tied, 'and')} share the "
                       f"best expected rank ({best}); each ranks first on a new data set with probability "
                       f"{chances}")
    notes = [verdict_notes.percent_fractions(many),
             verdict_notes.rope_units(many) if many.wide_rope else "", many.ceiling_note()]
    return out + [note for note in notes if note]


def which_to_use(many, quote: Callable[[str], str] = str) -> str:
    """The leading test's answer to "which to use" (:func:`~bayestut.analysis.wording.
    undominated`): the classifiers not declared worse than any other, the others with those
    declared practically better than each, and the undecided pairs among the first.

    Parameters
    ----------
    many : ManyComparison
        The result.
    quote : callable
        How a classifier's name is written (quoted, in a paper).

    Returns
    -------
    str
        The sentences without the last full stop, or empty when no classifier is declared
        worse than another.
    """
    which, relations = many.which_to_use(), many._relations()
    beaten = {c: [o for o in many.classifiers if relations.loc[c, o] == "worse"]
              for c in many.classifiers if c not in which.best}
    return wording.undominated(which.best, many.classifiers, quote, which.undecided, beaten)


def decisions_in_words(decision: pd.DataFrame, quote: Callable[[str], str] = str) -> str:
    """A decision matrix said plainly: who is declared practically better than whom, who
    practically equivalent, and which pairs have no decision; each clause true of the matrix.

    The verdict and the results paragraph (:mod:`~bayestut.analysis.writeup`) both say it
    with this function, the paragraph with its names in quotation marks.

    Parameters
    ----------
    decision : pandas.DataFrame
        K x K, row against column: "better", "worse", "equivalent" or "no decision"
        (``ManyComparison._relations``).
    quote : callable
        How a classifier's name is written (``str``: as it is).

    Returns
    -------
    str
        Whole clauses joined by "; ", "declared" said once: "rf and gbm are each declared
        practically better than both svm and knn; rf and gbm are practically equivalent, as
        are svm and knn"; "rf is declared practically better than gbm; gbm is practically
        better than svm; no decision on the other 4 pairs".
    """
    names = list(decision.index)
    clauses: list[str] = []
    beats: dict[tuple, list[str]] = {}          # the same losers: one clause for their winners
    for w in names:
        losers = tuple(x for x in names if decision.loc[w, x] == "better")
        if losers:
            beats.setdefault(losers, []).append(w)
    for losers, winners in sorted(beats.items(),
                                  key=lambda g: (-len(g[0]), names.index(g[1][0]))):
        whom = ("every other classifier" if len(losers) == len(names) - 1 > 1
                else _each(list(losers), quote))
        # whole clauses, a verb in each ("rf and logreg than svm" read as a fragment); several
        # winners named together ("rf is better than knn, and so are svm and mlp" read as rf
        # beating svm and mlp too)
        who = (f"{quote(winners[0])} is" if len(winners) == 1 else
               f"{_listed(winners, 'and', quote)} are each")
        clauses.append(f"{who} {'' if clauses else 'declared '}practically better than {whom}")
    groups = _cliques(names, lambda a, b: decision.loc[a, b] == "equivalent")
    if groups:          # one clause: "a and b are practically equivalent, as are c and d"
        clauses.append(f"{_listed(groups[0], 'and', quote)} are "
                       f"{'' if clauses else 'declared '}practically equivalent"
                       + (" to one another" if len(groups[0]) > 2 else "")
                       + "".join(f", as are {_listed(g, 'and', quote)}" for g in groups[1:]))
    # the undecided pairs are counted, not named: the decided-pairs line and the tables name
    # them, and a clause per group of them made the verdict unreadable
    undecided = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
                 if decision.loc[a, b] == NO_DECISION]
    if len(undecided) == 1:
        clauses.append(f"no decision between {_listed(list(undecided[0]), 'and', quote)}")
    elif undecided:
        clauses.append(f"no decision on the other {len(undecided)} pairs" if clauses else
                       f"no decision on any of the {len(undecided)} pairs")
    return "; ".join(clauses)


def _cliques(names: list[str], linked: Callable[[str, str], bool]) -> list[list[str]]:
    """Groups whose every two members are linked, covering every linked pair (greedily, in
    the given order): one clause per group instead of one per pair."""
    covered: set[tuple[str, str]] = set()
    groups = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if linked(a, b) and (a, b) not in covered:
                group = [a, b]
                for c in names:
                    if c not in group and all(linked(c, g) for g in group):
                        group.append(c)
                group.sort(key=names.index)
                covered |= {(x, y) for x in group for y in group}
                groups.append(group)
    return groups


def _each(names: list[str], quote: Callable[[str], str]) -> str:
    """One name, "both a and b", or "each of a, b and c": every one of them, not together."""
    if len(names) == 1:
        return quote(names[0])
    return ("both " if len(names) == 2 else "each of ") + _listed(names, "and", quote)


def best_ranked(many) -> tuple[list[str], str]:
    """The classifiers with the best expected rank as printed, and that rank: every report's
    one tie rule ("rf has the best" would pick a side by a digit the reader cannot see).

    Parameters
    ----------
    many : ManyComparison
        The result, with its ranking.

    Returns
    -------
    tuple of (list of str, str)
        The classifiers whose expected rank prints as the best (one decimal), best first;
        that rank as printed.
    """
    if many.ranking is None:
        raise ValueError("compare_all ran with ranking=False: there is no ranking")
    t = many.ranking.table()
    best = f"{t['expected rank'].iloc[0]:.1f}"
    return [c for c in t.index if f"{t.loc[c, 'expected rank']:.1f}" == best], best


def decided_pairs(many) -> str:
    """Every pair's decision by the leading test, in the reading order, in one line: what a
    decision is, before the list (after it, it read as said of the last pair); the decided
    pairs, then those without a decision, by name.

    Parameters
    ----------
    many : ManyComparison
        The result (its multi-data-set tests run).

    Returns
    -------
    str
        "hierarchical test, pair by pair (a decision: an outcome whose posterior probability
        of being the likeliest is above 0.95): rf and xgb equivalent; svm better than knn; no
        decision: ...".
    """
    test = many.tests[-1]
    decision = many._relations(test)
    decided, undecided = [], []
    for (a, b), pair in many.pairs.items():
        word = decision.loc[a, b]
        o = pair.overall()[-1]
        shown = (wording.weak(o.shares, o.means, many.threshold, o.means_se)
                 if test == "hierarchical" else "")      # a new data set: hierarchical only
        note = f" (a weak decision: only {shown} on a new data set)" if shown else ""
        if word == "equivalent":
            decided.append(f"{a} and {b} equivalent{note}")
        elif word in ("better", "worse"):
            winner, loser = (a, b) if word == "better" else (b, a)
            decided.append(f"{winner} better than {loser}{note}")
        else:
            undecided.append(f"{a} and {b}")
    declared = (f"(a decision: an outcome whose posterior probability of being the likeliest "
                f"is above {many.threshold:g})")
    text = f"{test} test, pair by pair {declared}: " + ("; ".join(decided) if decided else
                                                          "no pair decided")
    return text + (f"; no decision: {'; '.join(undecided)}" if undecided else "")


def each_pair(many, test: str, quote: Callable[[str], str] = str) -> list[str]:
    """Every pair's decision by one test, a sentence each, for the ``.md``/``.tex`` Results.

    Parameters
    ----------
    many : ManyComparison
        The result (its multi-data-set tests run).
    test : str
        One of ``many.tests``.
    quote : callable
        How a classifier's name is written (``str``: as it is).

    Returns
    -------
    list of str
        One sentence per pair, in the reading order, with the probability its decision rests
        on; for a weak decision of the hierarchical test, its outcome's probability on a new
        data set. Whether δ₀ decides alike is said once for all pairs
        (:func:`delta0_agreement`), not per pair.
    """
    each = []
    for (a, b), pair in many.pairs.items():
        o = pair.overall()[-1]
        qa, qb = quote(a), quote(b)
        weak = wording.weak_side(o.shares, o.means, qa, qb, pair.threshold, o.means_se)
        note = f"a weak decision: {weak}" if weak and test == "hierarchical" else ""
        each.append(f"{qa} against {qb}: " + wording.listing(
            o.shares, qa, qb, pair.threshold, o.shares_se, note=note) + ".")
    return each


def delta0_agreement(many, quote: Callable[[str], str] = str) -> str:
    """Whether δ₀'s probabilities reach the same decision as the hierarchical test's
    posterior probability, said once for every pair: the pairs where they differ named, each
    with :func:`~bayestut.analysis.wording.delta0_decision`'s clause (every report's).

    Parameters
    ----------
    many : ManyComparison
        The result.
    quote : callable
        How a classifier's name is written (``str``: as it is).

    Returns
    -------
    str
        "For every pair, the mean difference δ₀ reaches the same decision at 0.95 as the
        posterior probability (no decision where it has none), except “nbc” against “hnb”
        (there is no decision for δ₀: …)."; empty without the hierarchical test's δ₀.
    """
    if many.refused or many.tests[-1] != "hierarchical":
        return ""
    found = [(pair, pair.overall()[-1]) for pair in many.pairs.values()]
    if any(o.delta0 is None for _, o in found):
        return ""
    differ = [f"{quote(c.a)} against {quote(c.b)} ("
              + wording.delta0_decision(o.shares, o.delta0, quote(c.a), quote(c.b),
                                        c.threshold, o.delta0_se) + ")"
              for c, o in found
              if str(decide_regions(o.delta0, c.threshold))
              != str(decide_regions(o.shares, c.threshold))]
    same = (f"the same decision at {many.threshold:g} as the posterior probability (no "
            "decision where it has none)")
    if len(found) == 1:
        return (f"For {differ[0]}, the mean difference δ₀ does not reach {same}." if differ
                else f"The mean difference δ₀ reaches {same}.")
    if len(differ) == len(found):
        return f"For no pair does the mean difference δ₀ reach {same}: {'; '.join(differ)}."
    return (f"For every pair, the mean difference δ₀ reaches {same}"
            + (f", except {_listed(differ, 'and')}" if differ else "") + ".")


def decision_grid(many, test: str) -> pd.DataFrame:
    """One test's decision matrix as the reports print it: each cell names its outcome ("hnb
    better", "equivalent", "no decision"), never "better"/"worse" relative to the row.

    Parameters
    ----------
    many : ManyComparison
        The result.
    test : str
        One of ``many.tests``.

    Returns
    -------
    pandas.DataFrame
        K x K, row against column, the diagonal blank.
    """
    return many.matrix(test, "decision")


def caution(many) -> str:
    """For the verdict: the pairs whose hierarchical fit failed its checks.

    Parameters
    ----------
    many : ManyComparison
        The result.

    Returns
    -------
    str
        A clause to append to the hierarchical test's sentence; empty if every fit passed.
    """
    failed = [f"{a} vs {b}" for (a, b), c in many.pairs.items()
              if failed_checks(c.hierarchical)]
    if not failed:
        return ""
    return (f". Caution: the hierarchical fits of {_listed(failed, 'and')} failed their "
            "checks (see the sampler warnings), so their decisions may not be reliable: rerun "
            "as the warnings advise before quoting them")


def settings(many) -> str:
    """The line stating the data and the settings, as the two-classifier report has it.

    Parameters
    ----------
    many : ManyComparison
        The result.

    Returns
    -------
    str
        Data sets, runs and folds, rope and threshold; the metric, its direction and what
        "better" means.
    """
    first = next(iter(many.pairs.values()))
    direction = ("lower scores are better" if first.lower_is_better
                 else "higher scores are better")
    return (f"{first.settings()}. Metric {comparison_text.metric_named(first)}: {direction}; "
            "'better' always "
            f"means practically better, by more than the rope ±{many.rope:g}.")


def pair_table(many, a: str, b: str) -> pd.DataFrame:
    """One pair's probabilities as every report prints them: the two-classifier overall table
    (:func:`~bayestut.analysis.comparison_text.overall_table`), the same rows in the same
    order as the two-classifier console, the HTML report and the ``.md``/``.tex``.

    Parameters
    ----------
    many : ManyComparison
        The result.
    a, b : str
        A pair, in the order it was compared (a before b in ``many.classifiers``).

    Returns
    -------
    pandas.DataFrame
        One row per test and kind of number; columns "P(<a> better)",
        "P(equivalent)", "P(<b> better)" (text, rounded to their Monte Carlo or numerical
        error, never 1 or 0: "> 0.999", "< 0.001") and the decision. Empty when the
        multi-data-set tests did not run.
    """
    c = many.pairs[(a, b)]
    return c.overall_table(formatted=True) if c.overall() else pd.DataFrame()


def dataset_table(many, a: str, b: str) -> tuple[str, pd.DataFrame]:
    """One pair's per-data-set table with the line above it, its probability columns named so
    that they cannot be mixed with the overall table's beside them: "P(<a> better) on this
    data set", the correlated t-test's probability of the outcome on that data set alone.

    Parameters
    ----------
    many : ManyComparison
        The result.
    a, b : str
        A pair, in the order it was compared.

    Returns
    -------
    tuple of (str, pandas.DataFrame)
        The line, as the two-classifier report says it
        (:func:`dataset_text.per_dataset_note`); one row per data set: the mean
        difference, the three probabilities, the decision and (when the hierarchical test
        ran) the shrunk estimate.
    """
    c = many.pairs[(a, b)]
    table = c.per_dataset_table()
    return f"Per data set: {dataset_text.per_dataset_note(c)}.", table


def rope_frame(rows: list[dict]) -> pd.DataFrame:
    """The rows of :func:`~bayestut.analysis.many_rope_text.rope_rows` as a table, a row per
    pair (the console's and the HTML report's)."""
    return pd.DataFrame(rows).set_index("pair")


def ranking_table(many) -> pd.DataFrame:
    """The ranking table as the reports print it, one row per classifier, best expected
    rank first.

    Parameters
    ----------
    many : ManyComparison
        The result, with its ranking.

    Returns
    -------
    pandas.DataFrame
        Text: P(first) and its 95% credible interval with two decimals (Monte Carlo error
        about 0.001; "< 0.01" and "> 0.99" where they round to 0 or 1), the expected rank
        and its interval with one (up to 0.005), and P(largest weight) rounded to its
        Monte Carlo error by
        :func:`~bayestut.analysis.wording.number`, never 1 or 0 ("> 0.999", "< 0.001").
    """
    ranking = many.ranking
    if ranking is None:
        raise ValueError("compare_all ran with ranking=False: there is no ranking table")
    t = ranking.table()
    se = pd.Series(ranking.p_largest_mcse, index=list(ranking.classifiers))
    out = t.apply(lambda column: column.map(
        (lambda v: f"{v:.1f}") if "rank" in column.name else _two_decimals))
    out["P(largest weight)"] = [wording.number(t.loc[c, "P(largest weight)"], se[c])
                                for c in t.index]
    return out


def next_steps(many) -> list[str]:
    """After pairs without a decision (by the leading test), what to do next: the card, and
    for each such pair the ``plan`` command; empty when every pair is decided.

    Parameters
    ----------
    many : ManyComparison
        The result.

    Returns
    -------
    list of str
        The sentence, then one command per undecided pair.
    """
    undecided = [c for c in many.pairs.values()
                 if not c.identical and c.decision == NO_DECISION]
    if not undecided:
        return []
    if any(dataset_text.means_only(c) for c in undecided):
        return [verdict_notes.next_step(undecided[0])]
    lines = [f"{verdict_notes.CARD}. For the {len(undecided)} pair"
             f"{'s' if len(undecided) > 1 else ''} without a decision, estimate how likely 5, "
             "10 or 20 more data sets are to decide:"]
    lines += [verdict_notes.plan_command(c) for c in undecided]
    if undecided[0].options.get("results") is None:
        lines[0] += verdict_notes.PLACEHOLDER_NOTE
    return lines


def summary(many) -> str:
    """The compact text report: verdict, settings, decision matrices, each pair's
    probabilities, ranking, warnings.

    Parameters
    ----------
    many : ManyComparison
        The result.

    Returns
    -------
    str
        The report, as the console prints it.
    """
    lines = [f"{len(many.classifiers)} classifiers, "
             f"{comparison_text.counted(len(many.pairs), 'pair')}", ""]
    lines += [f"- {v}" for v in verdict(many)] + ["", settings(many), ""]
    if not many.refused:
        for test in many.tests[::-1]:
            lines += [f"{test} test, decision of row against column:",
                      decision_grid(many, test).to_string(), ""]
        rows = rope_rows(many)          # the verdict's rope bullet points to it
        if rows:
            lines += [f"{ROPE_TITLE}:", rope_frame(rows).to_string(), rope_table_note(many), ""]
        lines += ["Each pair's probabilities (the decision at the threshold "
                  f"{many.threshold:g} is taken on the {SHARE}):", ""]
        for (a, b), c in many.pairs.items():
            size = delta0_size.clause(c)      # "by how much?", as the pair's own report says it
            lines += [f"{a} against {b}:", pair_table(many, a, b).to_string(),
                      *([size + "."] if size else []), ""]
        checked = model_check.pairs_sentence(many)     # each pair's, as its own report's
        lines += [checked, ""] if checked else []
        steps = next_steps(many)
        if steps:
            lines += [steps[0]] + [f"  {command}" for command in steps[1:]] + [""]
    if many.ranking is not None:
        lines += ["Plackett-Luce ranking (95% credible intervals):",
                  ranking_table(many).to_string(), RANKING_LEGEND, ""]
    problems = many.diagnostics()
    if problems:
        lines += ["Sampler warnings:"] + [f"- {p}" for p in problems]
    not_run = getattr(next(iter(many.pairs.values())), "not_run", None)
    if not_run:
        lines += [not_run]
    return "\n".join(lines)


def _listed(names, conjunction: str = "or", quote: Callable[[str], str] = str) -> str:
    names = [quote(n) for n in names]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {conjunction} {names[-1]}"


def _two_decimals(p: float) -> str:
    """A probability with two decimals, a bound where it rounds to 0 or 1 (never certain)."""
    shown = f"{p:.2f}"
    return "< 0.01" if float(shown) <= 0 else "> 0.99" if float(shown) >= 1 else shown
