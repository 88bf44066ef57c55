"""The HTML reports' templates: Jinja2 with autoescaping, so that every name, sentence and
table cell is text by construction (a name holding ``<script>`` shows as those characters).

The pages are self-contained (styles inline, figures as base64 PNG). The data come from
:func:`bayestut.analysis.cli.html_report` (two classifiers) and
:func:`bayestut.analysis.report.html_report` (K classifiers).
"""

from __future__ import annotations

import jinja2
import pandas as pd

ENVIRONMENT = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined,
                                 trim_blocks=True, lstrip_blocks=True)

BASE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{{ title }}</title><style>{{ style }}</style></head>
<body>
{% macro table(t, cls="") %}
<table{% if cls %} class="{{ cls }}"{% endif %}><thead><tr><th>{{ t.index_name }}</th>
{% for c in t.columns %}<th>{{ c }}</th>{% endfor %}</tr></thead><tbody>
{% for name, cells in t.rows %}<tr><th>{{ name }}</th>{% for v in cells %}<td>{{ v }}</td>{% endfor %}</tr>
{% endfor %}</tbody></table>
{% endmacro %}
{% block body %}{% endblock %}
<p class="note">Made by bayestut {{ version }}: {{ credits }}.</p>
</body></html>
"""

TWO = """{% extends "base" %}{% block body %}
<h1>{{ a }} against {{ b }}</h1>
<p class="verdict"><strong>Verdict.</strong> {{ headline }}</p>
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
{% if overall %}
<h2>Over all data sets</h2>
{{ table(overall) }}
<ul class="note">{% for x in explanations %}<li>{{ x }}</li>{% endfor %}</ul>
{% endif %}
<h2>Per data set</h2>
<p class="note">{{ per_dataset_note }}.</p>
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
{% for name, better, equivalent in cell.kinds %}<br><small>{{ name }}</small><br>row better {{ better }}<br>equivalent {{ equivalent }}{% endfor %}</td>{% endif %}
{% endfor %}</tr>
{% endfor %}</table>
{% endfor %}
{% endif %}
{% if ranking %}
<h2>Ranking (Plackett-Luce)</h2>
<p class="note">{{ ranking_note }}</p>
{{ table(ranking) }}
{% endif %}
<h2>Pair by pair</h2>
{% for p in pairs %}<details><summary><b>{{ p.a }} against {{ p.b }}</b>: {{ p.headline }}</summary>
<p>{{ p.orientation }}</p><ul>{% for s in p.sentences %}<li>{{ s }}</li>{% endfor %}</ul>
{% if p.overall %}{{ table(p.overall) }}{% endif %}
{{ table(p.per_dataset) }}</details>
{% endfor %}
{% if problems %}<h2>Sampler warnings</h2><ul>{% for p in problems %}<li>{{ p }}</li>{% endfor %}</ul>{% endif %}
{% endblock %}"""

ENVIRONMENT.loader = jinja2.DictLoader({"base": BASE, "two": TWO, "many": MANY})


def table(frame: pd.DataFrame, formats=None) -> dict:
    """A DataFrame as the template's table: header, then rows of text (formatted by column
    with ``formats`` {column: function}, floats with three decimals otherwise)."""
    formats = formats or {}

    def text(column, value):
        if column in formats:
            return formats[column](value)
        return f"{value:.3f}" if isinstance(value, float) else str(value)

    return {"index_name": frame.index.name or "",
            "columns": [str(c) for c in frame.columns],
            "rows": [(str(name), [text(c, v) for c, v in zip(frame.columns, row)])
                     for name, row in zip(frame.index, frame.itertuples(index=False))]}


def render(template: str, **values) -> str:
    """The page ``template`` ("two" or "many") filled with ``values``, every one escaped."""
    return ENVIRONMENT.get_template(template).render(**values)
