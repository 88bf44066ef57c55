"""The HTML reports, one self-contained page each (no figures to fetch): the numbers come
from the result objects, the templates and the stylesheet from :mod:`bayestut.analysis.pages`.

Two classifiers: the verdict first (its lines as short paragraphs), the settings, the decisions in words, the tables, the
figures as embedded PNG. K classifiers: the verdict first; then each test's decision matrix as
a colour grid (row against column, the probabilities in the cells); the ranking; then every
pair, collapsed, with its own tables.
"""

from __future__ import annotations

import base64
import io

from .. import __version__
from . import comparison_text, many_text, model_check, wording
from .comparison import SHARE
from .comparison_figures import about_delta0, delta0_probabilities
from .model_check import note as model_note
from .prior_check import note as prior_note
from .verdict_notes import for_the_paper, method_paper, percent_fractions, rope_units
from .many_comparison import ManyComparison
from .many_text import RANKING_LEGEND
from .pages import render, table
from .rope_digits import beside_rope
from ..figures.style import OUTCOME_COLOURS

FIGURE_CAPTIONS = {
    "per_dataset": "Posterior of the mean difference on each data set (Bayesian correlated "
                   "t-test), all on one scale: the posterior mean (dot) and 95% HDI (line), "
                   "coloured by the data set's decision; the rope is shaded. The data sets are "
                   "sorted by their posterior mean, the largest on top (the per-data-set table "
                   "keeps the file's order).",
    "signed_rank": "Bayesian signed-rank test: posterior samples of the three outcomes' "
                   "probabilities. Each corner is certainty of one outcome; its number is the "
                   "posterior probability that the outcome is the likeliest (the share of "
                   "samples in its region).",
    "sign": "Bayesian sign test: posterior samples of the three outcomes' probabilities "
            "(Dirichlet). Each corner's number is the posterior probability that its outcome "
            "is the likeliest (the share of samples in its region).",
    "hierarchical": "Hierarchical test: for each posterior draw, the probability of each "
                    "outcome on a new data set. Each corner's number is the posterior "
                    "probability that its outcome is the likeliest.",
    "delta0": "Hierarchical test: the posterior density of δ₀, the mean difference of the "
              "population of data sets (a method paper's claim). Each region's number is the "
              "probability for δ₀ (the probability that δ₀ lies there); the bar under "
              "the curve is δ₀'s 95% credible interval.",
    "model_check": "Model check of the hierarchical test: for each posterior draw, a new set of "
                   "as many data sets drawn from the fitted population and measured as noisily "
                   "as yours; each panel is one statistic of their mean differences (grey: the "
                   "replicated sets; black: yours).",
}


def orientation(name: str, a: str, b: str, report=None) -> str:
    """The figure's left and right, said once: figures follow the number line of a − b, so
    a's side is on the right, where the tables put it first; for the model check, its
    sentence (:func:`~bayestut.analysis.model_check.note`) instead."""
    if name == "per_dataset":
        return f" The axis is {a} − {b}: {b} better on the left, {a} better on the right."
    if name == "model_check":
        return " " + model_note(report, where="this figure")
    if name == "delta0":
        return (f" δ₀ is positive when {a} is better: {b} better on the left, {a} better "
                "on the right." + (f" The verdict decides on these probabilities (threshold "
                                   f"{report.threshold:g})." if about_delta0(report) else ""))
    if name == "hierarchical" and about_delta0(report):
        return (f" As on the axis of {a} − {b}, {b} better is the bottom-left corner and {a} "
                "better the bottom-right one. These are the papers' rule's numbers, not the "
                "verdict's: the verdict decides on δ₀'s probabilities (the δ₀ figure), "
                f"{delta0_probabilities(report)}.")
    return (f" As on the axis of {a} − {b}, {b} better is the bottom-left corner and {a} "
            "better the bottom-right one.")


def model_check_line(c) -> str:
    """The model check in one short line beside the decisions it qualifies; its sentence in
    full stays with its figure, lower on the page.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        "Model check: ..." (passed, or which statistics it flags), or empty without a check.
    """
    check = getattr(c, "model_check", None)
    if check is None:
        return ""
    values = model_check.listed([model_check.p_value(p) for p in check.shares.values()])
    if not check.flagged:
        return (f"Model check: no misfit flagged (posterior "
                f"predictive p-values {values}, none below {model_check.EXTREME:g} or above "
                f"{1 - model_check.EXTREME:g}{model_check.near_miss(check)}); details under "
                "its figure below.")
    named = model_check.listed([f"count {k}" if k == "inside the rope" else f"{k} mean "
                                "difference" for k in check.flagged])
    what = "this feature" if len(check.flagged) == 1 else "these features"
    return (f"Model check: flagged. The fitted population does not reproduce the {named} "
            f"(posterior predictive p-values {values}): the decisions above rest on a model "
            f"that misses {what} of the data; details under its figure below.")


CREDITS = "Benavoli et al., JMLR 18(77), 2017; Corani et al., Machine Learning 106, 2017"


def differences(frame, rope: float) -> dict:
    """The formats of a per-data-set table's differences (its float columns other than
    "P(...)"): never rounded onto or across the rope's edge (:mod:`~bayestut.analysis.
    rope_digits`).

    Parameters
    ----------
    frame : pandas.DataFrame
        The per-data-set table.
    rope : float
        The rope's half-width.

    Returns
    -------
    dict
        {column: function}, for :func:`~bayestut.analysis.pages.table`.
    """
    return {k: (lambda v: beside_rope(v, rope, minus="-")) for k in frame.columns
            if frame[k].dtype.kind == "f" and not str(k).startswith("P(")}


def png(fig) -> str:
    """A matplotlib figure as base64 PNG, closed once drawn."""
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def html_report(result) -> str:
    """A result as one HTML page, verdict first; every text escaped by the template.

    Parameters
    ----------
    result : Comparison, MeansComparison or ManyComparison
        What ``compare`` or ``compare_all`` returned.

    Returns
    -------
    str
        The page, self-contained (figures embedded as base64 PNG).
    """
    if isinstance(result, ManyComparison):
        return many_page(result)
    return two_page(result)


def two_page(report) -> str:
    """The two-classifier page."""
    decisions = report.sentences(each=False)
    each = report.sentences()[len(decisions) - 1:] if report.many_data_sets else []
    figures = [{"name": name, "png": png(fig),
                "caption": FIGURE_CAPTIONS[name] + orientation(name, report.a, report.b, report)}
               for name, fig in report.figures().items()]
    return render(
        "two", title=f"{report.a} against {report.b}", a=report.a, b=report.b,
        verdict=comparison_text.verdict_lines(report),
        notes=[for_the_paper(report), method_paper(report), " ".join(filter(None, [percent_fractions(report), report.rope_sensitivity(),
                                      prior_note(report), rope_units(report)])),
               report.ceiling_note()],        # a paragraph of its own, as in the console
        settings=report.settings(),
        orientation=report.orientation(),
        decisions=decisions[:-1] if each else decisions,
        tally=decisions[-1] if each else "", each=each, model_check=model_check_line(report),
        overall=table(report.overall_table(formatted=True)) if report.overall() else None,
        explanations=report.explanations(), per_dataset_note=report.per_dataset_note,
        per_dataset=table(report.per_dataset_table(), differences(report.per_dataset_table(),
                                                                   report.rope),
                          threshold=report.threshold),
        problems=report.diagnostics(), pooled=report.pooled(), next_step=report.next_step(),
        missing=report.missing_glyphs(), figures=figures, version=__version__,
        credits=CREDITS)

TEST_TITLES = {"hierarchical": "Hierarchical test",
               "signed-rank": "Signed-rank test on the data sets' means",
               "sign": "Sign test on the data sets' means"}


def _tint(colour: str, share: float = 0.3) -> str:
    """A light tint of a figure's colour (``share`` of it, the rest white): a cell's
    background in the outcome's own colour."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(share * c + (1 - share) * 255):02x}" for c in rgb)


# the grid's cells in the figures' colours: row better is the first classifier's ("a better",
# right of the rope), column better the second's, equivalent the rope's
COLOURS = {"better": _tint(OUTCOME_COLOURS["right"]), "worse": _tint(OUTCOME_COLOURS["left"]),
           "equivalent": _tint(OUTCOME_COLOURS["rope"]), "no decision": "#ffffff"}
WORDS = {"better": "row better", "worse": "column better", "equivalent": "equivalent",
         "no decision": "no decision"}


def grid(many: ManyComparison, test: str) -> dict:
    """One test's decision matrix for the template: each cell coloured by the decision of row
    against column, with P(row better) and P(equivalent) as both kinds of probability, with
    their Monte Carlo errors."""
    decision = many._relations(test)         # the colours: row better, worse, ...
    rows = []
    for r in many.classifiers:
        cells: list[dict | None] = []
        for c in many.classifiers:
            if r == c:
                cells.append(None)
                continue
            o = many.overall(test, r, c)
            kinds = [(name, wording.number(p[2], se[2], beside),
                      wording.number(p[1], se[1], beside))
                     for name, p, se in o.rows()
                     for beside in [many.threshold if name == SHARE else None]]
            short = wording.verdict(o.shares, r, c, many.threshold)
            cells.append({"colour": COLOURS[decision.loc[r, c]], "short": short,
                          "title": f"{r} against {c}: {short}", "kinds": kinds})
        rows.append((r, cells))
    return {"title": TEST_TITLES[test], "classifiers": many.classifiers, "rows": rows}


def many_page(many: ManyComparison) -> str:
    """The K-classifier page."""
    first = next(iter(many.pairs.values()))
    title = f"{len(many.classifiers)} classifiers compared"
    grid_note = (f"Each cell: the decision at the threshold {many.threshold:g}, taken on the "
                 f"{SHARE}, then P(row better) and P(equivalent) as each kind of probability. "
                 "Pairwise decisions are not adjusted for the number of pairs (see JMLR §5).")
    ranking_note = (RANKING_LEGEND + " Intervals: 95% credible intervals. The model sees only "
                    "each data set's ranking of the mean scores: it ignores the size of the "
                    "differences (no rope) and the fold-to-fold variance.")
    pairs = [{"a": a, "b": b, "headline": c.headline(), "orientation": c.orientation(),
              "sentences": c.sentences(),
              "overall": table(c.overall_table(formatted=True)) if c.overall() else None,
              "per_dataset_note": note,
              "per_dataset": table(each, differences(each, c.rope), threshold=c.threshold)}
             for (a, b), c in many.pairs.items()
             for note, each in [many_text.dataset_table(many, a, b)]]
    rows = many_text.rope_rows(many)
    return render(
        "many", title=title, names=", ".join(many.classifiers),
        verdict=many.verdict(), settings=many.settings(), not_run=getattr(first, "not_run", None),
        grids=[] if many.refused else [grid(many, t) for t in many.tests[::-1]],
        grid_note=grid_note, explanations=first.explanations(),
        rope_title=many_text.ROPE_TITLE, rope_note=many_text.rope_table_note(many),
        rope_table=table(many_text.rope_frame(rows)) if rows else None,
        key=[(COLOURS[d], WORDS[d]) for d in COLOURS],
        ranking=table(many.ranking_table(formatted=True)) if many.ranking is not None else None,
        ranking_note=ranking_note, pairs=pairs, problems=many.diagnostics(),
        next_steps=many_text.next_steps(many),
        model_check="" if many.refused else model_check.pairs_sentence(many),
        version=__version__, credits=CREDITS + "; Calvo, Ceberio and Lozano, GECCO 2018")
