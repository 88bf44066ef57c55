"""The HTML reports' templates: Jinja2 with autoescaping, so that every name, sentence and
table cell is text by construction (a name holding ``<script>`` shows as those characters).

The pages are self-contained (one stylesheet, inline; figures as base64 PNG). The data come
from :func:`bayestut.analysis.report.html_report`, for two classifiers and for K.
"""

from __future__ import annotations

import jinja2
import pandas as pd

from .dataset_text import decimals
from .wording import number

# The one stylesheet of both reports. Tables keep their numbers on one line and scroll inside
# the page when wide; row labels, the last column (the decision, in words) and the decision
# grids' cells wrap.
STYLE = """body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:1em 0;display:block;overflow-x:auto;max-width:100%}
td,th{border:1px solid #ccc;padding:.3em .6em;text-align:right;white-space:nowrap}
td.decision{white-space:normal;text-align:left;min-width:12em}th.decision{text-align:left}
tbody th{white-space:normal;min-width:9em}th{background:#f3f3f3}img{max-width:100%}
thead th{white-space:normal;vertical-align:bottom;min-width:5em}
.note{color:#555}.check{border-left:4px solid #999;padding:.2em .8em;background:#f6f6f6}
.verdict{font-size:1.2em;border-left:6px solid #2a6;padding:.5em 1em;background:#f4fbf6}
.verdict p{margin:.4em 0}
.grid td,.grid td:last-child{text-align:center;min-width:7em;font-size:.9em;white-space:normal}
.grid td.self{background:#eee}.grid small{color:#555}
details{margin:.4em 0;border:1px solid #ddd;padding:.3em .6em}summary{cursor:pointer}
.key span{display:inline-block;padding:.1em .5em;margin-right:.5em;border:1px solid #bbb}"""

ENVIRONMENT = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined,
                                 trim_blocks=True, lstrip_blocks=True)

BASE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{{ title }}</title><style>{{ style }}</style></head>
<body>
{% macro table(t, cls="") %}
<table{% if cls %} class="{{ cls }}"{% endif %}><thead><tr><th>{{ t.index_name }}</th>
{% for c in t.columns %}<th{% if c == "decision" %} class="decision"{% endif %}>{{ c }}</th>{% endfor %}</tr></thead><tbody>
{% for name, cells in t.rows %}<tr><th>{{ name }}</th>{% for v in cells %}<td{% if t.columns[loop.index0] == "decision" %} class="decision"{% endif %}>{{ v }}</td>{% endfor %}</tr>
{% endfor %}</tbody></table>
{% endmacro %}
{% block body %}{% endblock %}
<p class="note">Made by bayestut {{ version }}: {{ credits }}.</p>
</body></html>
"""

TWO = """{% extends "base" %}{% block body %}
<h1>{{ a }} against {{ b }}</h1>
<div class="verdict"><p><strong>Verdict.</strong> {{ verdict[0] }}</p>
{% for line in verdict[1:] %}<p>{{ line }}</p>
{% endfor %}</div>
{% for note in notes if note %}<p>{{ note }}</p>{% endfor %}
<p>{{ settings }}.</p>
<p><strong>Orientation.</strong> {{ orientation }}</p>
<h2>Decisions</h2>
<ul>
{% for s in decisions %}<li>{{ s }}</li>
{% endfor %}
{% if each %}<li>{{ tally }}<details><summary>each data set's sentence</summary><ul>
{% for s in each %}<li>{{ s }}</li>
{% endfor %}</ul></details></li>{% endif %}
</ul>
{% if model_check %}<p class="check">{{ model_check }}</p>{% endif %}
{% if pooled %}<p>{{ pooled }}</p>{% endif %}
{% if next_step %}<p><strong>{{ next_step }}</strong></p>{% endif %}
{% if overall %}
<h2>Over all data sets</h2>
{{ table(overall) }}
<ul class="note">{% for x in explanations %}<li>{{ x }}</li>{% endfor %}</ul>
{% endif %}
<h2>Per data set</h2>
<p class="note">{{ per_dataset_note[:1]|upper }}{{ per_dataset_note[1:] }}.</p>
{{ table(per_dataset) }}
{% if problems %}<h2>Sampler warnings</h2><ul>{% for p in problems %}<li>{{ p }}</li>{% endfor %}</ul>{% endif %}
<h2>Figures</h2>
{% if missing %}<p class="note">No font installed here can draw {{ missing }}: those characters
show as empty boxes in the figures (the text above is unaffected). Install a font that has them,
e.g. Noto Sans CJK, and run again.</p>{% endif %}
{% for f in figures %}<figure><img alt="{{ f.name }}" src="data:image/png;base64,{{ f.png }}">
<figcaption>{{ f.caption }}</figcaption></figure>
{% endfor %}
{% endblock %}"""

MANY = """{% extends "base" %}{% block body %}
<h1>{{ title }}: {{ names }}</h1>
<h2>Verdict</h2><ul class="verdict">{% for v in verdict %}<li>{{ v }}</li>{% endfor %}</ul>
<p>{{ settings }}</p>
{% if not_run %}<p class="note"><strong>Not run.</strong> {{ not_run }}</p>{% endif %}
{% if grids %}
<h2>Decisions, row against column</h2>
<p class="note">{{ grid_note }}</p>
<ul class="note">{% for x in explanations %}<li>{{ x }}</li>{% endfor %}</ul>
<p class="key">{% for colour, word in key %}<span style="background:{{ colour }}">{{ word }}</span>{% endfor %}</p>
{% for g in grids %}
<h3>{{ g.title }}</h3>
<table class="grid"><tr><th>row \\ column</th>{% for c in g.classifiers %}<th>{{ c }}</th>{% endfor %}</tr>
{% for r, cells in g.rows %}<tr><th>{{ r }}</th>{% for cell in cells %}
{% if cell is none %}<td class="self"></td>{% else %}<td style="background:{{ cell.colour }}" title="{{ cell.title }}"><b>{{ cell.short }}</b>
{% for name, better, equivalent in cell.kinds %}<br><small>{{ name }}</small><br>{{ r }} better {{ better }}<br>equivalent {{ equivalent }}{% endfor %}</td>{% endif %}
{% endfor %}</tr>
{% endfor %}</table>
{% endfor %}
{% endif %}
{% if rope_table %}
<h3>{{ rope_title }}</h3>
{{ table(rope_table) }}
<p class="note">{{ rope_note }}</p>
{% endif %}
{% if model_check %}<p>{{ model_check }}</p>{% endif %}
{% if next_steps %}<p><strong>{{ next_steps[0] }}</strong></p>
<ul>{% for command in next_steps[1:] %}<li><code>{{ command }}</code></li>{% endfor %}</ul>{% endif %}
{% if ranking %}
<h2>Ranking (Plackett-Luce)</h2>
<p class="note">{{ ranking_note }}</p>
{{ table(ranking) }}
{% endif %}
<h2>Pair by pair</h2>
{% for p in pairs %}<details><summary><b>{{ p.a }} against {{ p.b }}</b>: {{ p.headline }}</summary>
<p>{{ p.orientation }}</p><ul>{% for s in p.sentences %}<li>{{ s }}</li>{% endfor %}</ul>
{% if p.overall %}<p class="note">Over all data sets.</p>{{ table(p.overall) }}{% endif %}
<p class="note">{{ p.per_dataset_note }}</p>
{{ table(p.per_dataset) }}</details>
{% endfor %}
{% if problems %}<h2>Sampler warnings</h2><ul>{% for p in problems %}<li>{{ p }}</li>{% endfor %}</ul>{% endif %}
{% endblock %}"""

ENVIRONMENT.loader = jinja2.DictLoader({"base": BASE, "two": TWO, "many": MANY})


def table(frame: pd.DataFrame, formats=None, threshold: float | None = None) -> dict:
    """A DataFrame as the template's table: header, then rows of text (formatted by column
    with ``formats`` {column: function}, floats with three decimals otherwise; beside a
    decision at ``threshold``, probabilities, columns "P(...)", are never rounded across it)."""
    formats = formats or {}

    def text(column, value):
        if column in formats:
            return formats[column](value)
        if isinstance(value, float) and str(column).startswith("P("):
            return number(value, 0.0, threshold)
        return decimals(value) if isinstance(value, float) else str(value)

    return {"index_name": frame.index.name or "",
            "columns": [str(c) for c in frame.columns],
            "rows": [(str(name), [text(c, v) for c, v in zip(frame.columns, row)])
                     for name, row in zip(frame.index, frame.itertuples(index=False))]}


def render(template: str, **values) -> str:
    """The page ``template`` ("two" or "many") filled with ``values``, every one escaped, in
    the one stylesheet."""
    return ENVIRONMENT.get_template(template).render(style=STYLE, **values)
