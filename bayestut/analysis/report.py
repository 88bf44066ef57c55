"""The K-classifier comparison as one self-contained HTML page (no figures to fetch).

Verdict first; then each test's decision matrix as a colour grid (row against column, the
probabilities in the cells); the ranking; then every pair, collapsed, with its own tables.
"""

from __future__ import annotations

from .. import __version__
from . import wording
from .compare import SHARE
from .many import ManyComparison
from .pages import render, table

TEST_TITLES = {"hierarchical": "Hierarchical test",
               "signed-rank": "Signed-rank test on the data sets' means",
               "sign": "Sign test on the data sets' means"}
COLOURS = {"better": "#b7e1b0", "worse": "#f4b6b0", "equivalent": "#c9d9f0", "undecided": "#ffffff"}
WORDS = {"better": "row better", "worse": "column better", "equivalent": "equivalent",
         "undecided": "no decision"}

STYLE = """body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:.3em .6em;
text-align:right}th{background:#f3f3f3}.grid td{text-align:center;min-width:7em}
.grid td.self{background:#eee}.grid small{color:#555}.note{color:#555}.verdict{font-size:1.1em}
details{margin:.4em 0;border:1px solid #ddd;padding:.3em .6em}summary{cursor:pointer}
.key span{display:inline-block;padding:.1em .5em;margin-right:.5em;border:1px solid #bbb}"""


def grid(many: ManyComparison, test: str) -> dict:
    """One test's decision matrix for the template: each cell coloured by the decision of row
    against column, with P(row better) and P(equivalent) as both kinds of probability, with
    their Monte Carlo errors."""
    decision = many.matrix(test, "decision")
    rows = []
    for r in many.classifiers:
        cells = []
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


def ranking_table(many: ManyComparison) -> dict:
    """The ranking table, with the decimals its Monte Carlo error supports: two for the
    probabilities of ranking first (error about 0.001), one for the expected ranks (up to
    0.005) and for P(largest weight) (up to 0.01)."""
    frame = many.ranking.table()
    coarse = [c for c in frame if "rank" in c or "largest" in c]
    formats = {c: (lambda v: f"{v:.1f}") if c in coarse else (lambda v: f"{v:.2f}") for c in frame}
    return table(frame, formats)


def html_report(many: ManyComparison) -> str:
    """The K-classifier report as one page; every text escaped by the template."""
    first = next(iter(many.pairs.values()))
    title = f"{len(many.classifiers)} classifiers compared"
    settings = (f"{first.settings()}. Metric {first.metric}: "
                + ("lower scores are better" if first.lower_is_better else
                   "higher scores are better")
                + "; 'better' always means practically better, by more than the rope.")
    grid_note = (f"Each cell: the decision at the threshold {many.threshold:g}, taken on the "
                 f"{SHARE}, then P(row better) and P(equivalent) as each kind of probability. "
                 "Pairwise decisions are not adjusted for the number of pairs (see JMLR §5).")
    ranking_note = ("P(first): the probability that a classifier ranks first on a new data "
                    "set; expected rank on a new data set; both with 95% credible intervals. "
                    "The model sees only each data set's ranking of the mean scores: it ignores "
                    "the size of the differences (no rope) and the fold-to-fold variance.")
    pairs = [{"a": a, "b": b, "headline": c.headline(), "orientation": c.orientation(),
              "sentences": c.sentences(),
              "overall": table(c.overall_table()) if c.overall() else None,
              "per_dataset": table(c.per_dataset_table(), threshold=c.threshold)}
             for (a, b), c in many.pairs.items()]
    return render(
        "many", title=title, style=STYLE, names=", ".join(many.classifiers),
        verdict=many.verdict(), settings=settings, not_run=getattr(first, "not_run", None),
        grids=[] if many.refused else [grid(many, t) for t in many.tests[::-1]],
        grid_note=grid_note, explanations=first.explanations(),
        key=[(COLOURS[d], WORDS[d]) for d in COLOURS],
        ranking=ranking_table(many) if many.ranking is not None else None,
        ranking_note=ranking_note, pairs=pairs, problems=many.diagnostics(),
        version=__version__,
        credits="Benavoli et al., JMLR 18(77), 2017; Corani et al., Machine Learning 106, "
                "2017; Calvo, Ceberio and Lozano, GECCO 2018")
