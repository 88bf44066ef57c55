"""The .md report reads as it renders (issue 38): "< 0.001" is not written "&lt; 0.001", and a
name holding Markdown or HTML (``a|b``, ``<script>``, ``*x*``) stays text and keeps the table
whole. Rendered with markdown-it-py (CommonMark with GitHub's tables and strikethrough) when it
is installed; the written text is checked either way."""

import pytest

from bayestut.analysis.escape import markdown_escape
from bayestut.analysis.many import compare_all
from bayestut.analysis.writeup import write_files
from conftest import make_table

NAMES = ("a|b", "<script>", "*x*")
HOSTILE = ("< 0.001", "> 0.999", "<script>alert(1)</script>", "<img src=x>", "a|b", "*x*",
           "_it_", "`code`", "[click](javascript:alert(1))", "![i](x.png)", "~~gone~~",
           "R&D &amp; &#60;", "a\\*b", "<https://example.org>", "<!-- c -->", "nu ~ Gamma")


def markdown_it():
    markdown = pytest.importorskip("markdown_it")
    return markdown.MarkdownIt("commonmark").enable(["table", "strikethrough"])


def inline_tokens(md, text: str) -> list:
    """The inline tokens of ``text`` rendered as a paragraph's text."""
    return [child for token in md.parse("x " + text) if token.type == "inline"
            for child in token.children]


@pytest.mark.parametrize("text", HOSTILE)
def test_each_text_renders_as_itself(text):
    tokens = inline_tokens(markdown_it(), markdown_escape(text))
    assert [t.type for t in tokens] == ["text"], tokens
    assert tokens[0].content == "x " + text


@pytest.mark.parametrize("text", ["# heading", "> 0.999", "- item", "+ item", "1. first",
                                  "2) second", "---", "==="])
def test_a_line_start_is_escaped_only_where_it_would_open_a_block(text):
    md = markdown_it()
    assert markdown_escape(text) == text                   # inside a line: nothing to escape
    tokens = md.parse(markdown_escape(text, line_start=True))
    assert [t.type for t in tokens] == ["paragraph_open", "inline", "paragraph_close"], text
    assert tokens[1].content.replace("\\", "") == text


def test_only_what_could_change_the_meaning_is_escaped():
    assert markdown_escape("< 0.001") == "< 0.001" and markdown_escape("> 0.999") == "> 0.999"
    assert markdown_escape("<3 and x<y") == "<3 and x\\<y"
    assert markdown_escape("nu - 1 ~ Gamma(alpha, beta), R&D") == (
        "nu - 1 ~ Gamma(alpha, beta), R&D")
    assert markdown_escape("a|b *x* <script>") == "a\\|b \\*x\\* \\<script>"
    assert markdown_escape("two\nlines") == "two␤lines"


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    table = make_table(datasets=4, runs=2, folds=3, classifiers=NAMES,
                       gaps={"a|b": 0.08, "*x*": -0.08}, noise=0.004)
    many = compare_all(table, n_jobs=1, progress=False, ranking=False,
                       signed_rank_samples=5_000)
    folder = tmp_path_factory.mktemp("md")
    write_files(many, folder / "report.html")
    return (folder / "report.md").read_text("utf-8")


def test_the_md_report_writes_probabilities_as_they_read(report):
    assert "< 0.001" in report and "&lt;" not in report and "&gt;" not in report
    table = [line for line in report.splitlines() if line.startswith("|")]
    assert any("| < 0.001 |" in line for line in table)


def rendered(token) -> str:
    """An inline token's text as rendered (escapes resolved)."""
    return "".join(child.content for child in token.children)


def test_the_md_report_renders_names_as_text_in_unbroken_tables(report):
    tokens = markdown_it().parse(report)
    kinds = {t.type for t in tokens} | {c.type for t in tokens for c in (t.children or [])}
    assert not kinds & {"html_inline", "html_block", "em_open", "s_open",
                        "link_open", "image", "code_inline", "blockquote_open"}, kinds
    # bold only for the author's placeholders (writeup_caveats), never from a name
    bold = [t.children[i + 1].content for t in tokens for i, c in enumerate(t.children or [])
            if c.type == "strong_open"]
    assert bold and all(text.startswith("[TO FILL: ") for text in bold), bold
    headings = [rendered(tokens[i + 1]) for i, t in enumerate(tokens) if t.type == "heading_open"]
    assert headings == ["Methods", "Results", "Supplementary methods"]
    tables, row = [], None
    for t in tokens:
        if t.type == "table_open":
            tables.append([])
        elif t.type == "tr_open":
            row = []
        elif t.type == "inline" and row is not None:
            row.append(rendered(t))
        elif t.type == "tr_close":
            tables[-1].append(row)
            row = None
    assert len(tables) == 3      # the compact table, the overall one, each classifier's means
    means = tables.pop()
    assert means[0] == ["data set", *NAMES] and len({len(r) for r in means}) == 1
    for rows in tables:
        header, *body = rows
        assert header[:2] == ["a", "b"] and len({len(r) for r in rows}) == 1  # no row broken
        assert {r[0] for r in body} | {r[1] for r in body} == set(NAMES)
        assert any(cell == "< 0.001" for r in body for cell in r)
    prose = " ".join(rendered(t) for t in tokens if t.type == "inline")
    for name in NAMES:
        assert f"“{name}”" in prose                          # the prose quotes them as given
