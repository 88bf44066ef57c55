"""The K-classifier comparison as one self-contained HTML page (no figures to fetch).

Verdict first; then each test's decision matrix as a colour grid (row against column, the
probabilities in the cells); the ranking; then every pair, collapsed, with its own tables.
"""

from __future__ import annotations

import html

from .. import __version__
from . import wording
from .compare import MEAN, SHARE
from .many import ManyComparison

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


def grid(many: ManyComparison, test: str) -> str:
    """One test's decision matrix: each cell coloured by the decision of row against column,
    with P(row ≫ column) and P(rope) as both kinds of probability, with their Monte Carlo
    errors."""
    decision = many.matrix(test, "decision")
    e = html.escape
    rows = ["<table class='grid'><tr><th>row \\ column</th>"
            + "".join(f"<th>{e(c)}</th>" for c in many.classifiers) + "</tr>"]
    for r in many.classifiers:
        cells = []
        for c in many.classifiers:
            if r == c:
                cells.append("<td class='self'></td>")
                continue
            o = many.overall(test, r, c)
            kinds = "".join(f"<br><small>{name}</small><br>≫ {wording.number(p[2], se[2])}"
                            f"<br>rope {wording.number(p[1], se[1])}"
                            for name, p, se in ((SHARE, o.shares, o.shares_se),
                                                (MEAN, o.means, o.means_se)))
            short = e(wording.verdict(o.shares, r, c, many.threshold))
            cells.append(f"<td style='background:{COLOURS[decision.loc[r, c]]}' title='{e(r)} "
                         f"against {e(c)}: {short}'><b>{short}</b>{kinds}</td>")
        rows.append(f"<tr><th>{e(r)}</th>{''.join(cells)}</tr>")
    return "".join(rows) + "</table>"


def ranking_html(many: ManyComparison) -> str:
    """The ranking table, with the decimals its Monte Carlo error supports: two for the
    probabilities of ranking first (error about 0.001), one for the expected ranks (up to
    0.005) and for P(largest weight) (up to 0.01)."""
    table = many.ranking.table()
    coarse = [c for c in table if "rank" in c or "largest" in c]
    formats = {c: (lambda v: f"{v:.1f}") if c in coarse else (lambda v: f"{v:.2f}") for c in table}
    return table.to_html(formatters=formats, border=0, index_names=False)


def html_report(many: ManyComparison) -> str:
    e = html.escape
    first = next(iter(many.pairs.values()))
    fmt = lambda v: f"{v:.3f}"  # noqa: E731
    title = f"{len(many.classifiers)} classifiers compared"
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{e(title)}</title>"
             f"<style>{STYLE}</style></head><body><h1>{e(title)}: "
             f"{e(', '.join(many.classifiers))}</h1>",
             "<h2>Verdict</h2><ul class='verdict'>"]
    parts += [f"<li>{e(v)}</li>" for v in many.verdict()]
    parts += ["</ul>", f"<p>{e(first.settings())}. Metric {e(first.metric)!s}: "
              + ("lower scores are better" if first.lower_is_better else "higher scores are better")
              + "; '≫' always means practically better.</p>"]
    if getattr(first, "not_run", None):      # means only (analysis.means)
        parts.append(f"<p class='note'><strong>Not run.</strong> {e(first.not_run)}</p>")
    if not many.refused:
        parts += ["<h2>Decisions, row against column</h2>",
                  f"<p class='note'>Each cell: the decision at the threshold {many.threshold:g}, "
                  f"taken on the {SHARE}, then P(row ≫ column) (≫) and P(rope) as both kinds "
                  "of probability. Pairwise decisions are not adjusted for the number of pairs "
                  "(see JMLR §5).</p><ul class='note'>"
                  + "".join(f"<li>{e(x)}</li>" for x in first.explanations()) + "</ul><p class='key'>"
                  + "".join(f"<span style='background:{COLOURS[d]}'>{WORDS[d]}</span>"
                            for d in COLOURS) + "</p>"]
        for test in many.tests[::-1]:
            name = TEST_TITLES[test]
            parts += [f"<h3>{name}</h3>", grid(many, test)]
    if many.ranking is not None:
        parts += ["<h2>Ranking (Plackett-Luce)</h2>",
                  "<p class='note'>P(first): the probability that a classifier ranks first on a "
                  "new data set; expected rank on a new data set; both with 95% credible "
                  "intervals. The model sees only each data set's ranking of the mean scores: it "
                  "ignores the size of the differences (no rope) and the fold-to-fold "
                  "variance.</p>",
                  ranking_html(many)]
    parts.append("<h2>Pair by pair</h2>")
    for (a, b), c in many.pairs.items():
        parts.append(f"<details><summary><b>{e(a)} against {e(b)}</b>: {e(c.headline())}"
                     f"</summary><p>{e(c.orientation())}</p><ul>"
                     + "".join(f"<li>{e(s)}</li>" for s in c.sentences()) + "</ul>")
        if c.overall():
            parts.append(c.overall_table().to_html(border=0))
        parts += [c.per_dataset_table().to_html(float_format=fmt, border=0), "</details>"]
    problems = many.diagnostics()
    if problems:
        parts += ["<h2>Sampler warnings</h2><ul>"] + [f"<li>{e(p)}</li>" for p in problems]
        parts.append("</ul>")
    parts.append(f"<p class='note'>Made by bayestut {__version__}: Benavoli et al., JMLR 18(77), "
                 "2017; Corani et al., Machine Learning 106, 2017; Calvo, Ceberio and Lozano, "
                 "GECCO 2018.</p></body></html>")
    return "\n".join(parts)
