"""The tables for a paper, in LaTeX (``booktabs``) and Markdown, each under its caption.

Two tables: the compact one a paper prints (the kind of probability the verdict decides on,
its three values headed by outcome, the decision, δ₀'s size, the rope and the number of data
sets: one row, or one per pair) and the overall one every report prints
(:func:`comparison_text.overall_rows`: every test and kind of number), which the K-classifier
``.md`` and ``.tex`` print after the compact one. Each caption
names every number once, by the names of ``docs/glossary.md``.
"""

from __future__ import annotations

from . import comparison_text, delta0_size, many_rope_text, wording
from .comparison_text import EXPECTED
from .escape import latex_escape, markdown_escape
from .rope_digits import beside_rope, edge_note, rope_decimals
from ..methods.decisions import (NO_DECISION, decide_regions, outcomes, probability_columns,
                                 shown)
from ..methods.hierarchical import DELTA0, NEW_DATA_SET, POSTERIOR


def pairs(result) -> list:
    """The two-classifier comparisons inside a result (one for compare, all for compare_all)."""
    return list(result.pairs.values()) if hasattr(result, "pairs") else [result]


def is_many(result) -> bool:
    """Whether ``result`` compares K classifiers (``compare_all``)."""
    return hasattr(result, "pairs")


def about_delta0(result) -> bool:
    """Whether the verdict decides on δ₀ (``about="delta0"``; K classifiers: never)."""
    return getattr(result, "about", None) == "delta0"


# Column names that name no metric: a paper's text asks for the metric's name instead.
GENERIC_METRICS = {"score", "scores", "test_score", "value", "values", "metric", "result",
                   "results", "performance", "y"}


def generic_metric(c) -> bool:
    """Whether the metric has no name: none given (``metric_name``) and the score column's
    names none ("score", "value", ...)."""
    return (not c.options.get("metric_name")
            and str(c.metric).strip().lower() in GENERIC_METRICS)


def metric_name(c) -> str:
    """The metric as the write-ups name it: ``metric_name`` when given, else the column's."""
    return c.options.get("metric_name") or str(c.metric)


def units(c) -> str:
    """The rope in the metric's units and, for scores given in percent, in the reader's. A
    column's name that names no metric (:data:`GENERIC_METRICS`) is not a unit: it is left
    out."""
    text = f"±{c.rope:g}" if generic_metric(c) else f"±{c.rope:g} of {metric_name(c)}"
    if c.options.get("percent"):
        points = 100 * c.rope
        text += (f", i.e. ±{points:g} percentage point{'' if points == 1 else 's'} of the "
                 "scores as given")
    return text


# --- the overall table: every test and kind of number -----------------------------------------

def overall_rows(result) -> list[dict]:
    """The overall table's rows, as every report prints them
    (:func:`~bayestut.analysis.comparison_text.overall_rows`): one per multi-data-set test and
    kind of number. With K classifiers, one per pair too: columns a and b name each row's pair,
    and the probability columns say "a" and "b".

    Parameters
    ----------
    result : Comparison, MeansComparison or ManyComparison
        The result.

    Returns
    -------
    list of dict
        Each row's cells as text, in the columns' order.
    """
    if not is_many(result):
        return comparison_text.overall_rows(result)
    return [{"a": c.a, "b": c.b, **row} for c in pairs(result)
            for row in comparison_text.overall_rows(c, "a", "b")]


def _caption(c, many: bool) -> str:
    """The overall table's caption: what P(...) means, each kind of number its rows name,
    and ±."""
    exact = c.integrated("hierarchical")
    error = ("Monte Carlo standard error (for the hierarchical test, integrated: its numerical "
             "error)" if exact else "Monte Carlo standard error")
    meaning = {
        POSTERIOR: "the posterior probability, that the outcome is the likeliest ("
                   + ("for the hierarchical test, integrated numerically; for the others, "
                      if exact else "") + "the share of posterior samples in which it is), on "
                   f"which a decision is taken above {c.threshold:g}",
        EXPECTED: "the expected probability, the posterior mean of the outcome's probability",
        NEW_DATA_SET: "the probability of the outcome on a new data set",
        DELTA0: "the probability for δ₀, the mean difference over data sets, whose decision "
                f"is read at {c.threshold:g} too"}
    kinds = {kind for o in c.overall() for kind, _, _ in o.rows()}
    who = ("a and b: each row's pair; " if many else "")
    return (f"{who}P(x better): the probability that x is practically better, by more than the "
            f"rope {units(c)}; P(equivalent): that the difference is within the rope. Each row "
            "names its kind of number: " + "; ".join(text for kind, text in meaning.items()
                                                     if kind in kinds)
            + f". A number followed by ± carries its {error}; one without ± has an error "
            "below its last digit.")


# --- the compact table: the claim decided, with δ₀'s size -------------------------------------

ABOVE_ZERO = "P(δ₀ > 0)"     # the compact table's column when δ₀ decides nothing


def delta0_undecided(c) -> bool:
    """Whether δ₀ has a posterior but no outcome for it passes the threshold.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result (two classifiers).

    Returns
    -------
    bool
        True when δ₀'s three probabilities reach no decision.
    """
    o = c.overall()[-1] if getattr(c, "hierarchical", None) is not None else None
    return (o is not None and o.delta0 is not None
            and str(decide_regions(o.delta0, c.threshold)) == NO_DECISION)


def compact_rows(result) -> list[dict]:
    """The compact table's rows: per pair, the kind of probability the verdict decides on
    (the papers' posterior probability, or the probability for δ₀ with ``about="delta0"``),
    its three values headed by outcome in the reading order (not "P(...)": the papers' number
    is not the chance of the outcome), the decision, δ₀'s posterior mean and credible
    interval, when δ₀ decides nothing P(δ₀ > 0) (that a scores better on average; with K
    classifiers, blank for a pair whose δ₀ decides), the rope and the number of data sets.

    Parameters
    ----------
    result : Comparison, MeansComparison or ManyComparison
        The result.

    Returns
    -------
    list of dict
        Each row's cells as text, in the columns' order; empty when a pair has no
        hierarchical posterior (mean scores only, one data set: the overall table is the
        paper's then).
    """
    rows = []
    many = is_many(result)
    undecided = any(delta0_undecided(c) for c in pairs(result))
    for c in pairs(result):
        size = delta0_size.cells(c)       # as the pair's own report rounds it
        if size is None or not c.overall():
            return []
        o = c.overall()[-1]
        p, se = (o.delta0, o.delta0_se) if about_delta0(c) else (o.shares, o.shares_se)
        row = {"a": c.a, "b": c.b} if many else {}
        row["probability"] = DELTA0 if about_delta0(c) else POSTERIOR
        columns = outcomes("a" if many else c.a, "b" if many else c.b)
        row.update({column: wording.number(p[j], se[j], c.threshold)
                    for column, j in zip(columns, shown(range(3)))})
        row["decision"] = wording.verdict(p, c.a, c.b, c.threshold)
        row["δ₀"], row[f"δ₀ {delta0_size.LEVEL:.0%} credible interval"] = size
        if undecided:       # the number a reader reaches for when δ₀ decides nothing
            above = delta0_size.above_zero(c) if delta0_undecided(c) else None
            row[ABOVE_ZERO] = wording.number(*above) if above is not None else ""
        row["rope"] = f"±{c.rope:g}"
        row["data sets"] = f"{len(c.differences.datasets):,}"
        rows.append(row)
    return rows


def _narrow_caption(c) -> str:
    """The one-column LaTeX table's caption (:func:`_narrow_latex`): its short headers, the
    rope and the number of data sets, then each number as the compact caption names it."""
    kind = DELTA0 if about_delta0(c) else POSTERIOR
    meaning = ("the probability of each outcome for the mean difference δ₀ over the "
               "population of data sets" if about_delta0(c) else
               "the papers' rule, the posterior probability that each outcome is the likeliest "
               "on a new data set (not the chance of that outcome)")
    exact = c.integrated("hierarchical")
    return (f"The Bayesian hierarchical test (Corani et al. 2017) on "
            f"{len(c.differences.datasets):,} data sets, with the rope (the region of practical "
            f"equivalence) {units(c)}. “{kind}”: {meaning}. Under it, {c.a}: {c.a} practically "
            f"better, by more than the rope; {EQUIVALENT_SHORT}: the difference within the "
            f"rope; {c.b} likewise. The decision is taken when a probability "
            f"exceeds {c.threshold:g}. δ₀: the posterior mean of the mean difference over the "
            f"population of data sets, positive when {c.a} scores better on average. "
            f"{delta0_size.LEVEL:.0%} CI: its {delta0_size.LEVEL:.0%} equal-tailed credible "
            "interval, in the rope's units" + (" (fractions: the scores were given in percent "
                                               "and divided by 100)"
                                               if c.options.get("percent") else "")
            + (f". {ABOVE_ZERO}: the probability that {c.a} scores better on average (δ₀ "
               "above 0, by any margin, the rope ignored), given where no outcome for δ₀ "
               "passes the threshold" if delta0_undecided(c) else "")
            + ". Each probability is rounded to what its "
            + ("numerical error (integrated, not sampled)" if exact else
               "Monte Carlo standard error") + " supports, and followed by that error after ± "
            "where it shows.")


def _compact_caption(result, said: dict | None = None) -> str:
    """The compact table's caption: one name per number, each said once; ``said``: the
    columns left out of the LaTeX table for holding one value in every row
    (:func:`_wide_latex`), each value given here instead."""
    latex, said = said is not None, said or {}
    c = pairs(result)[0]
    many = is_many(result)
    a, b = ("a", "b") if many else (c.a, c.b)
    claims = {about_delta0(p) for p in pairs(result)}
    kinds = []
    if False in claims:
        kinds.append(f"“{POSTERIOR}”: the papers' rule, the posterior probability that each "
                    "outcome is the likeliest on a new data set (not the chance of that "
                    "outcome)")
    if True in claims:
        kinds.append(f"“{DELTA0}”: the probability of each outcome for the mean difference δ₀ "
                    "over the population of data sets")
    exact = c.integrated("hierarchical")
    better_a, equivalent, better_b = outcomes(a, b)
    return (("a and b: each row's pair. " if many else "")
            + "The Bayesian hierarchical test (Corani et al. 2017). "
            + ("The three outcome columns hold " if "probability" in said else
               "Probability: the kind of number in the row's three outcome columns; ")
            + "; ".join(kinds)
            + f". {better_a}: {a} practically better, by more than the rope; {equivalent}: the "
            f"difference within the rope; {better_b} likewise. The "
            f"decision is taken when a probability exceeds {c.threshold:g}. δ₀: the posterior "
            f"mean of the mean difference over the population of data sets, positive when {a} "
            f"scores better on average, with its {delta0_size.LEVEL:.0%} equal-tailed credible "
            "interval" + (f" ({INTERVAL_SHORT})" if latex else "") + ", in the rope's units"
            + (" (fractions: the scores were given in percent and divided by 100)"
               if c.options.get("percent") else "")
            + (f". {ABOVE_ZERO}: the probability that {a} scores better on average (δ₀ above "
               "0, by any margin, the rope ignored), given only where no outcome for δ₀ passes "
               "the threshold" if any(delta0_undecided(p) for p in pairs(result)) else "")
            + (f". In every row, the rope (the region of practical equivalence) is {units(c)}"
               if "rope" in said else f". Rope: the region of practical equivalence ({units(c)})")
            + (f". In every row, {said['data sets']} data sets were compared. "
               if "data sets" in said else ". Data sets: how many were compared. ")
            + "Each probability is rounded to what its "
            + ("numerical error (integrated, not sampled)" if exact else
               "Monte Carlo standard error") + " supports, and followed by that error after ± "
            "where it shows.")


# --- the tables as LaTeX and Markdown ---------------------------------------------------------

# A wrapped column's words never hyphenated ("no de-cision", "equiva-lent"): ragged right
# (the array package), hyphenation forbidden; \relax ends the number before a cell's digits
RAGGED = r">{\raggedright\arraybackslash\hyphenpenalty=10000\relax}"


def wrapped(em: float) -> str:
    """A LaTeX column ``em`` wide whose words wrap, ragged right, unhyphenated."""
    return f"{RAGGED}p{{{em:g}em}}"


def _align(columns: list, numbers: set, widths: dict) -> str:
    """The columns' alignment: numbers right, ``widths`` (name: em) wrapped, the others left."""
    return "".join("r" if h in numbers else wrapped(widths[h]) if h in widths else "l"
                   for h in columns)


def _latex(rows: list[dict], caption: str, align: str, wide: bool = False) -> str:
    """Rows as a ``booktabs`` table with the columns' alignment ``align``.

    ``wide``: a ``table*``, which spans both columns of a two-column paper (and is an ordinary
    float in a one-column one), in ``\\footnotesize`` with narrower gaps and none outside.
    """
    columns = list(rows[0])
    env, where = ("table*", "t") if wide else ("table", "ht")   # a table* floats to a top only
    lines = [rf"\begin{{{env}}}[{where}]", r"\centering"]
    if wide:                            # local to the float; no gap outside the table
        lines += [r"\footnotesize", r"\setlength{\tabcolsep}{3pt}"]
        align = "@{}" + align + "@{}"
    lines += [r"\begin{tabular}{" + align + "}",
             r"\toprule", " & ".join(latex_escape(h) for h in columns) + r" \\", r"\midrule"]
    lines += [" & ".join(latex_escape(row[h]) for h in columns) + r" \\" for row in rows]
    lines += [r"\bottomrule", r"\end{tabular}", r"\caption{" + latex_escape(caption) + "}",
              rf"\end{{{env}}}"]
    return "\n".join(lines) + "\n"


def _longtable(rows: list[dict], caption: str, align: str, small: bool = False) -> str:
    """Rows as a ``longtable`` (it may run over pages; needs ``\\usepackage{longtable}`` and
    ``booktabs``), its caption above and its header repeated on every page; ``small``: in
    ``\\footnotesize`` with narrower gaps and none outside."""
    columns = list(rows[0])
    header = " & ".join(latex_escape(h) for h in columns) + r" \\"
    lines = [r"{\footnotesize\setlength{\tabcolsep}{3pt}"] if small else []
    lines += [r"\begin{longtable}{" + (f"@{{}}{align}@{{}}" if small else align) + "}",
              r"\caption{" + latex_escape(caption) + r"}\\",
              r"\toprule", header, r"\midrule", r"\endfirsthead",
              r"\toprule", header, r"\midrule", r"\endhead", r"\bottomrule", r"\endlastfoot"]
    lines += [" & ".join(latex_escape(row[h]) for h in columns) + r" \\" for row in rows]
    lines += [r"\end{longtable}"] + (["}"] if small else [])
    return "\n".join(lines) + "\n"


def _markdown(rows: list[dict], caption: str) -> str:
    """Rows as a Markdown (GitHub) table, with its caption below."""
    columns = list(rows[0])
    lines = ["| " + " | ".join(markdown_escape(h) for h in columns) + " |",
             "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(markdown_escape(row[h]) for h in columns) + " |" for row in rows]
    return "\n".join(lines) + "\n\n" + markdown_escape(caption) + "\n"


def _numbers(result) -> set:
    """The probability columns' names (right-aligned)."""
    c = pairs(result)[0]
    return set(probability_columns("a", "b") if is_many(result) else
               probability_columns(c.a, c.b))


# the K-classifier overall table's tests and kinds of number, shortened in LaTeX (each
# defined in its caption, :func:`_short_caption`)
SHORT = {"signed-rank test on the means": "signed-rank", "sign test on the means": "sign",
         "hierarchical test": "hierarchical", POSTERIOR: "posterior", EXPECTED: "expected",
         NEW_DATA_SET: "new data set", DELTA0: "δ₀"}


def _short(test: str) -> str:
    """An overall row's "<test>: <kind of number>" with each part shortened (:data:`SHORT`)."""
    return ": ".join(SHORT.get(part, part) for part in test.split(": ", 1))


def _short_caption(rows: list[dict]) -> str:
    """The shortened labels the rows use (:data:`SHORT`), each with its full name."""
    used = {part for row in rows for part in row["test"].split(": ", 1)}
    return ("Test: its name, then the kind of number; "
            + "; ".join(f"“{short}”, the {full}" for full, short in SHORT.items() if full in used)
            + ".")


def to_latex(result) -> str:
    """The overall table in LaTeX with ``booktabs`` rules (needs ``\\usepackage{booktabs}``):
    two classifiers, a ``table``; K classifiers, a ``longtable`` (one row per pair, test and
    kind of number: it runs over pages; needs ``longtable`` and ``array``) in
    ``\\footnotesize``, its tests shortened (:data:`SHORT`) and its decisions wrapped, to fit
    a one-column page. Empty with one data set."""
    rows = overall_rows(result)
    if not rows:
        return ""
    caption = _caption(pairs(result)[0], is_many(result))
    if not is_many(result):
        return _latex(rows, caption, _align(list(rows[0]), _numbers(result), {}))
    short = [{**row, "test": _short(row["test"])} for row in rows]
    return _longtable(short, caption + " " + _short_caption(rows),
                      _align(list(rows[0]), _numbers(result), {"test": 5.5, "decision": 8}),
                      small=True)


def to_markdown(result) -> str:
    """The overall table as a Markdown (GitHub) table, with its caption below; empty with one
    data set."""
    rows = overall_rows(result)
    if not rows:
        return ""
    return _markdown(rows, _caption(pairs(result)[0], is_many(result)))


def rope_markdown(result) -> str:
    """With K classifiers, each pair's decision at each rope checked
    (:func:`~bayestut.analysis.many_rope_text.rope_rows`) as a Markdown table, its note
    (how "which to use" would change) below; empty for two classifiers, or when no pair's
    decision changes."""
    rows = many_rope_text.rope_rows(result) if is_many(result) else []
    return _markdown(rows, many_rope_text.rope_table_note(result)) if rows else ""


def rope_latex(result) -> str:
    """:func:`rope_markdown`'s table in LaTeX (``booktabs``), a ``table*``."""
    rows = many_rope_text.rope_rows(result) if is_many(result) else []
    return (_latex(rows, many_rope_text.rope_table_note(result),
                   _align(list(rows[0]), set(), {}), wide=True) if rows else "")   # 6 columns


def compact_latex(result) -> str:
    """The compact table (:func:`compact_rows`) in LaTeX.

    Parameters
    ----------
    result : Comparison, MeansComparison or ManyComparison
        The result.

    Returns
    -------
    str
        Two classifiers: a ``table`` that fits one column of a two-column paper
        (:func:`_narrow_latex`); K classifiers: a ``table*`` (:func:`_wide_latex`). With
        ``booktabs`` rules and a caption; empty without a hierarchical posterior.
    """
    rows = compact_rows(result)
    if not rows:
        return ""
    c = pairs(result)[0]
    if not is_many(result):
        return _narrow_latex(c, rows[0])
    return _wide_latex(result, rows)


# the K-classifier compact table's columns that may hold one value in every row: said once,
# in its LaTeX caption, instead
CONSTANT = ("probability", "rope", "data sets")


def _wide_latex(result, rows: list[dict]) -> str:
    """K classifiers' compact table in LaTeX: a ``table*`` in ``\\footnotesize`` that fits a
    one-column page too, its constant columns (:data:`CONSTANT`) in the caption, the interval's
    header short and the decision and the interval wrapped. The cells are the compact rows'."""
    said = {k: rows[0][k] for k in CONSTANT if len({row[k] for row in rows}) == 1}
    interval = f"δ₀ {delta0_size.LEVEL:.0%} credible interval"
    shown_rows = [{(INTERVAL_SHORT if k == interval else k): v for k, v in row.items()
                   if k not in said} for row in rows]
    numbers = set(outcomes("a", "b")) | {"δ₀", ABOVE_ZERO, "data sets"}
    align = _align(list(shown_rows[0]), numbers, {"decision": 5.5, INTERVAL_SHORT: 5})
    return _latex(shown_rows, _compact_caption(result, said), align, wide=True)


# the one-column table's short headers (:func:`_narrow_latex`), each defined in its caption
EQUIVALENT_SHORT, INTERVAL_SHORT = "equiv.", f"{delta0_size.LEVEL:.0%} CI"


def _narrow_latex(c, row: dict) -> str:
    """Two classifiers' compact table in one column of a two-column paper: its one row's
    constants (the kind of probability, the rope, the number of data sets) in a spanning
    header and the caption (:func:`_narrow_caption`), the other headers short,
    ``\\footnotesize`` (``\\small`` ran 16 pt past a 3.3-inch column), the interval wrapped. The numbers are the compact row's, as rounded there."""
    kind = row["probability"]
    cells = [*(row[k] for k in outcomes(c.a, c.b)), row["decision"], row["δ₀"],
             row[f"δ₀ {delta0_size.LEVEL:.0%} credible interval"]]
    heads = [c.a, EQUIVALENT_SHORT, c.b, "decision", "δ₀", INTERVAL_SHORT]
    # the decision and the interval wrapped, the decision as wide as "equivalent)"
    align = f"rrr{wrapped(4.85)}r{wrapped(3.2)}"
    if ABOVE_ZERO in row:
        cells.append(row[ABOVE_ZERO])
        heads.append(ABOVE_ZERO)
        align += "r"
    width = len(heads)
    lines = [r"\begin{table}[ht]", r"\centering", r"\footnotesize", r"\setlength{\tabcolsep}{2pt}",
             r"\begin{tabular}{@{}" + align + "@{}}", r"\toprule",
             rf"\multicolumn{{3}}{{c}}{{{latex_escape(kind)}}}" + " &" * (width - 3) + r" \\",
             r"\cmidrule(r){1-3}",
             " & ".join(latex_escape(h) for h in heads) + r" \\", r"\midrule",
             " & ".join(latex_escape(x) for x in cells) + r" \\", r"\bottomrule",
             r"\end{tabular}", r"\caption{" + latex_escape(_narrow_caption(c)) + "}",
             r"\end{table}"]
    return "\n".join(lines) + "\n"


def compact_markdown(result) -> str:
    """The compact table (:func:`compact_rows`) in Markdown.

    Parameters
    ----------
    result : Comparison, MeansComparison or ManyComparison
        The result.

    Returns
    -------
    str
        A GitHub table with its caption below; empty without a hierarchical posterior.
    """
    rows = compact_rows(result)
    return _markdown(rows, _compact_caption(result)) if rows else ""


# --- each data set's mean scores ------------------------------------------------------------

def mean_scores(table, d) -> tuple:
    """Each data set's mean score of both classifiers, for :func:`dataset_rows`.

    Parameters
    ----------
    table : pandas.DataFrame
        The tidy results (``Results.table``: fractions, with ``percent``).
    d : Differences
        The two classifiers' differences, whose data sets give the rows' order.

    Returns
    -------
    tuple of (float, float)
        Per data set, in ``d``'s order, the mean over runs and folds of a's and of b's score.
    """
    key = "dataset_id" if "dataset_id" in table.columns else "dataset"
    means = table.assign(classifier=table["classifier"].astype(str)).groupby(
        [key, "classifier"])["score"].mean()
    return tuple((float(means[i, d.a]), float(means[i, d.b])) for i in d.ids)


def _shown_as(c) -> tuple[int, int]:
    """The data sets' table's scale (100 with ``percent``: the scores as given) and its
    fewest decimals, a hundredth of the rope."""
    scale = 100 if c.options.get("percent") else 1
    return scale, rope_decimals(scale * c.rope) + 2


def dataset_rows(c) -> list[dict]:
    """One row per data set: both classifiers' mean scores and the mean difference, in the
    scores' units (percent, as given, with ``percent``), to a hundredth of the rope, the
    difference with more decimals where it needs them to show on its side of the rope's edge
    (:mod:`~bayestut.analysis.rope_digits`).

    Parameters
    ----------
    c : Comparison
        The result (two classifiers).

    Returns
    -------
    list of dict
        Each row's cells as text; empty without the means (mean scores only, K classifiers).
    """
    means = c.options.get("mean_scores") if not is_many(c) else None
    if not means:
        return []
    scale, digits = _shown_as(c)
    first, second = (c.b, c.a) if c.lower_is_better else (c.a, c.b)
    label = "data set" if "data set" not in (c.a, c.b) else "data set name"   # 4 columns
    rows = []
    for name, (a, b), x in zip(c.differences.datasets, means, c.differences.x.mean(axis=1)):
        rows.append({label: str(name), c.a: f"{scale * a:.{digits}f}",
                     c.b: f"{scale * b:.{digits}f}",
                     f"{first} − {second}": beside_rope(scale * x, scale * c.rope, digits,
                                                        sign=True)})
    return rows


def many_score_rows(many) -> list[dict]:
    """K classifiers: one row per data set, each classifier's mean score in its column, in
    the scores' units (percent, as given, with ``percent``), to 3 decimals, or one more than
    the rope has.

    Parameters
    ----------
    many : ManyComparison
        The result.

    Returns
    -------
    list of dict
        Each row's cells as text; empty with mean scores only (the file's own table).
    """
    each = pairs(many)
    if not all(c.options.get("mean_scores") for c in each):
        return []
    c = each[0]
    scores: dict = {}
    for p in each:              # every classifier's mean on every data set, from its pairs
        for key, (a, b) in zip(p.differences.ids, p.options["mean_scores"]):
            scores.setdefault(p.a, {})[key] = a
            scores.setdefault(p.b, {})[key] = b
    scale = 100 if c.options.get("percent") else 1
    digits = max(3, rope_decimals(scale * c.rope) + 1)     # as rope_digits: one past the rope
    label = "data set" if "data set" not in many.classifiers else "data set name"
    return [{label: str(name), **{str(k): f"{scale * scores[k][key]:.{digits}f}"
                                  for k in many.classifiers}}
            for name, key in zip(c.differences.datasets, c.differences.ids)]


def _many_scores_caption(many) -> str:
    c = pairs(many)[0]
    units_ = ("in percent, as the scores were given" if c.options.get("percent")
              else f"in the units of {metric_name(c)}")
    better = "lower" if c.lower_is_better else "higher"
    return (f"Each data set's mean score of each classifier, the mean over every run and fold "
            f"of cross-validation, {units_}; {better} scores are better.")


def _datasets_caption(c) -> str:
    first, second = (c.b, c.a) if c.lower_is_better else (c.a, c.b)
    units_ = ("in percent, as the scores were given (the difference in percentage points)"
              if c.options.get("percent") else f"in the units of {metric_name(c)}")
    scale, digits = _shown_as(c)                       # as dataset_rows shows them
    edge = edge_note(scale * c.differences.x.mean(axis=1), scale * c.rope, digits)
    return (f"Each data set's mean score of {c.a} and of {c.b}, the mean over every run and "
            f"fold of cross-validation, and the mean of the differences {first} − {second}, "
            f"positive when {c.a} scores better; {units_}."
            + (f" {edge[0].upper()}{edge[1:]}." if edge else ""))


def datasets_markdown(c) -> str:
    """The data sets' mean scores (:func:`dataset_rows`; K classifiers: :func:`many_score_rows`)
    as a Markdown table.

    Parameters
    ----------
    c : Comparison, MeansComparison or ManyComparison
        The result.

    Returns
    -------
    str
        A GitHub table with its caption below; empty without the means.
    """
    if is_many(c):
        rows = many_score_rows(c)
        return _markdown(rows, _many_scores_caption(c)) if rows else ""
    rows = dataset_rows(c)
    return _markdown(rows, _datasets_caption(c)) if rows else ""


def datasets_latex(c) -> str:
    """The data sets' mean scores (:func:`dataset_rows`; K classifiers: :func:`many_score_rows`)
    as a LaTeX ``longtable`` (it may run over pages; needs ``\\usepackage{longtable}`` and
    ``booktabs``).

    Parameters
    ----------
    c : Comparison, MeansComparison or ManyComparison
        The result.

    Returns
    -------
    str
        The longtable with its caption above, its header repeated on every page; empty
        without the means.
    """
    rows = many_score_rows(c) if is_many(c) else dataset_rows(c)
    if not rows:
        return ""
    caption = _many_scores_caption(c) if is_many(c) else _datasets_caption(c)
    return _longtable(rows, caption, "l" + "r" * (len(rows[0]) - 1))
