"""What the book adds at build time, leaving the notebooks and the README as they are.

- the table of contents, in the README's reading order, appended to the landing page;
- on every notebook page, how to run it (into a scratch copy: nothing committed changes) and a
  download link for its .ipynb;
- the glossary, written for GitHub (a heading per term), read as a {glossary} directive, and
  the docs pages' links to its headings (glossary.md#rope) as links to its terms;
- readable anchors for the glossary terms Sphinx would number (δ₀, ρ: #term-delta0, not #term-0);
- on every notebook page, links to its own sections in Jupyter's form resolved, and the first use of each glossary term linked to the glossary;
- MathJax from a local copy (the files of the sphinx-mathjax-offline package), so that the
  built site loads nothing from the network; index.html beside README.html;
- notebook outputs whose prose wraps at spaces while their lines in columns stay whole.
"""

import re
import shutil
import unicodedata
from importlib import metadata
from pathlib import Path

from docutils import nodes
from myst_parser.slugs import github_slugify
from sphinx import addnodes

# The README's reading order (README "The notebooks, in reading order"), then the rest.
TOC = {
    "The reading path": ["notebooks/01_frequentist_pitfalls", "notebooks/02_bayesian_correlated_ttest",
                         "notebooks/04_sign_and_signed_rank", "notebooks/05_hierarchical",
                         "notebooks/08_compare_your_own", "notebooks/09_many_classifiers",
                         "notebooks/10_choosing_and_reporting"],
    "Deeper": ["notebooks/03_all_pairs", "notebooks/06_shrinkage", "notebooks/07_power"],
    "Your own results": ["docs/first-report", "docs/reading-your-verdict", "notebooks/your_results", "docs/your-results"],
    "Reproduction": ["REPRODUCTION", "docs/reproduction", "docs/disagreements",
                     "docs/simulations", "data/README", "data/blog_study"],
    "Reference": ["docs/glossary", "docs/api", "docs/references", "ARCHITECTURE"],
}

# Each glossary term (docs/glossary.md) and the words that name it in a notebook's prose.
TERMS = {
    "posterior probability": r"\bposterior probabilit(?:y|ies)\b",
    "expected probability": r"\bexpected probabilit(?:y|ies)\b",
    "probability on a new data set": r"(?:probabilit(?:y|ies) (?:on|for) )?a new data set",
    "δ₀": r"δ₀|δ0",
    "rope": r"\brope\b",
    "ρ": r"ρ",
    "threshold": r"\bthreshold\b",
    "no decision": r"\bno decision\b",
    "posterior odds": r"\bposterior odds\b",
    "correlated t-test": r"\bcorrelated t-test\b",
    "sign test": r"\bsign test\b",
    "signed-rank test": r"\bsigned-rank test\b",
    "hierarchical test": r"\bhierarchical (?:test|model)\b",
    "Plackett–Luce model": r"\bPlackett[–-]Luce\b",
    "P(largest weight)": r"P\(largest weight\)",
    "shrinkage": r"\bshrink(?:age|s|ing)?\b",
    "R-hat and ESS": r"\bR-hat\b|\bESS\b",
    "Monte Carlo error": r"\bMonte Carlo error\b",
    "numerical error": r"\bnumerical error\b",
}
PATTERN = re.compile("|".join(f"(?P<t{i}>{p})" for i, p in enumerate(TERMS.values())), re.I)
NAMES = list(TERMS)

# Text inside these is never linked: code, math, links, headings, the notebooks' outputs.
SKIP = (nodes.literal, nodes.literal_block, nodes.math, nodes.math_block, nodes.raw,
        nodes.reference, addnodes.pending_xref, nodes.title, nodes.FixedTextElement,
        nodes.term, nodes.rubric)


def _is_notebook(env, docname):
    return env.doc2path(docname).suffix == ".ipynb"


def add_toc(app, docname, source):
    """Append the book's table of contents (hidden: the sidebar shows it) to the landing page."""
    if docname != app.config.root_doc:
        return
    found = set(app.env.found_docs)
    listed = {d for docs in TOC.values() for d in docs} | {docname}
    toc = ""
    for caption, docs in [*TOC.items(), ("More", sorted(found - listed))]:
        entries = "\n".join(f"/{d}" for d in docs if d in found)
        if not entries:
            continue
        toc += f"\n\n```{{toctree}}\n:hidden:\n:caption: {caption}\n\n{entries}\n```\n"
    source[0] += toc


def github_anchor(heading):
    """GitHub's anchor of a Markdown heading: lower case, punctuation and symbols dropped,
    spaces to hyphens (ρ stays ρ; Plackett–Luce model: plackettluce-model)."""
    kept = "".join(c for c in heading.strip().lower()
                   if c in " -_" or unicodedata.category(c)[0] in "LMN")
    return kept.replace(" ", "-")


def term_links(markdown, terms, page=""):
    """Markdown links to a glossary heading (`[text](page#anchor)`) as {term} roles: the book
    reads the glossary's headings as a {glossary} directive, which has no heading anchors."""
    def role(link):
        text, term = link[1], terms.get(link[2])
        if term is None:
            return link[0]
        return f"{{term}}`{text}`" if " ".join(text.split()) == term else f"{{term}}`{text} <{term}>`"
    return re.sub(r"\[([^\]]+)\]\(" + re.escape(page) + r"#([^)\s]+)\)", role, markdown)


def glossary_terms(glossary):
    """Each glossary term by its GitHub anchor, from docs/glossary.md's `## term` headings."""
    return {github_anchor(name): name.strip() for name in re.findall(r"^## (.+)$", glossary, re.M)}


def glossary_directive(app, docname, source):
    """docs/glossary.md is written for GitHub: a `## term` heading per term, its meaning the
    paragraphs under it, its links to other terms `[text](#anchor)`. The book reads the terms
    as a {glossary} directive instead, for the anchors (#term-...) that the notebooks' links
    need, and those links as {term} roles; the other docs pages' links to a term
    (`glossary.md#rope`) too."""
    if docname.startswith("docs/") and docname != "docs/glossary":
        glossary = Path(app.srcdir, "docs", "glossary.md").read_text(encoding="utf-8")
        source[0] = term_links(source[0], glossary_terms(glossary), "glossary.md")
    if docname != "docs/glossary":
        return
    head, *entries = re.split(r"^## ", source[0], flags=re.MULTILINE)
    terms = glossary_terms(source[0])
    items = []
    for entry in entries:
        name, _, meaning = entry.partition("\n")
        meaning = term_links(meaning.strip(), terms)
        items.append(name.strip() + "\n" + "\n".join(f"  {line}" if line.strip() else ""
                                                     for line in meaning.splitlines()))
    source[0] = head + "```{glossary}\n" + "\n\n".join(items) + "\n```\n"


def _skipped(node):
    parent = node.parent
    while parent is not None:
        if isinstance(parent, SKIP) or "cell_output" in parent.get("classes", []) \
                or "book-run" in parent.get("classes", []):
            return True
        parent = parent.parent
    return False


def link_glossary(doctree, docname):
    """Link the first use of each glossary term on a notebook page to its entry."""
    linked = set()
    for text in list(doctree.findall(nodes.Text)):
        if len(linked) == len(NAMES) or _skipped(text):
            continue
        pieces, start = [], 0
        for match in PATTERN.finditer(text.astext()):
            term = NAMES[int(match.lastgroup[1:])]
            if term in linked:
                continue
            linked.add(term)
            pieces.append(nodes.Text(text.astext()[start:match.start()]))
            ref = addnodes.pending_xref("", refdomain="std", reftype="term", reftarget=term,
                                        refexplicit=True, refwarn=True, refdoc=docname)
            ref += nodes.inline(match[0], match[0], classes=["xref", "std", "std-term"])
            pieces.append(ref)
            start = match.end()
        if pieces:
            pieces.append(nodes.Text(text.astext()[start:]))
            text.parent.replace(text, pieces)


def run_note(docname):
    """How to run this notebook, and its .ipynb to download."""
    name = Path(docname).name + ".ipynb"
    if name == "your_results.ipynb":
        how = ("On your own results, one command runs it and keeps the executed notebook and an "
               "HTML copy: ")
        command = "python -m bayestut notebook results.csv --out analysis/"
    else:
        how = ("This page is the committed notebook with its outputs. To run it: open it in "
               "Jupyter from a clone (after ")
        command = None
    para = nodes.paragraph()
    para += nodes.Text(how)
    if command:
        para += nodes.literal(command, command)
    else:
        para += nodes.literal("make .venv/.installed", "make .venv/.installed")
        para += nodes.Text("), or run it headlessly into a copy of your own, which leaves every "
                           "committed file as it is (its figures go to a scratch folder): ")
        command = f"python -m papermill notebooks/{name} /tmp/{name}"
        para += nodes.literal(command, command)
    para += nodes.Text(". Download it: ")
    download = addnodes.download_reference("", "", reftarget=f"/notebooks/{name}",
                                           refdoc=docname, refexplicit=True)
    download += nodes.literal(name, name)
    para += download
    return nodes.admonition("", nodes.title("", "Run this notebook"), para,
                            classes=["tip", "book-run"])


# Sphinx makes a glossary term's anchor from its ASCII letters and numbers the rest (#term-0)
READABLE_ANCHORS = {"δ₀": "term-delta0", "ρ": "term-rho"}


def readable_term_anchors(env, doctree, docname):
    """Give the glossary's Greek terms readable anchors, and point their cross-references there."""
    std = env.domains.standard_domain
    for term in doctree.findall(nodes.term):
        text = term.astext()
        anchor = READABLE_ANCHORS.get(text)
        if anchor is None or anchor in term["ids"]:
            continue
        old = term["ids"][0]
        term["ids"] = [anchor]
        doctree.ids.pop(old, None)
        doctree.ids[anchor] = term
        std.objects["term", text] = (docname, anchor)
        std._terms[text.lower()] = (docname, anchor)
        renamed = {old: anchor}
        for index in term.findall(addnodes.index):
            index["entries"] = [(*e[:2], renamed.get(e[2], e[2]), *e[3:]) for e in index["entries"]]
        # the general index collected the entries before this event: rename them there too
        entries = env.domains.index_domain.entries.get(docname, [])
        entries[:] = [(*e[:2], renamed.get(e[2], e[2]), *e[3:]) for e in entries]


def jupyter_anchors(env, doctree, docname):
    """A notebook's links to its own sections in Jupyter's form (#Reproduction-notes) point at
    MyST's anchor of that heading (#reproduction-notes)."""
    slugs = env.metadata[docname].get("myst_slugs", {})
    for ref in list(doctree.findall(addnodes.pending_xref)):
        target = ref.get("reftarget", "")
        slug = github_slugify(target.replace("-", " "))
        if ref["reftype"] == "myst" and target not in slugs and slug in slugs:
            link = nodes.reference("", "", refid=slugs[slug][1], internal=True)
            link += ref.children
            ref.replace_self(link)


def on_doctree_read(app, doctree):
    docname = app.env.docname
    if docname == "docs/glossary":
        readable_term_anchors(app.env, doctree, docname)
    if not _is_notebook(app.env, docname):
        return
    jupyter_anchors(app.env, doctree, docname)
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is not None:
        title = next(iter(section.findall(nodes.title)))
        title.parent.insert(title.parent.index(title) + 1, run_note(docname))
    link_glossary(doctree, docname)


def copy_mathjax(app, exception):
    """Copy MathJax into the site (conf.py's mathjax_path names its single-file SVG build: no
    fonts to load, so it works from file:// pages too), and index.html beside the landing."""
    if exception is not None or app.builder.format != "html":
        return
    # the whole folder, so that what MathJax's menu loads on demand (accessibility) is there
    # too; not latest.js (it would fetch MathJax from a CDN) nor node-main.js (for Node)
    source = metadata.distribution("sphinx-mathjax-offline").locate_file(
        "sphinx-mathjax-offline/static/mathjax")
    shutil.copytree(source, Path(app.outdir, "_static", "mathjax"), dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("latest.js", "node-main.js"))
    shutil.copyfile(Path(app.outdir, f"{app.config.root_doc}.html"),
                    Path(app.outdir, "index.html"))


# a notebook output's text on a page (myst-nb's: a <pre> in an "output" <div>)
OUTPUT_TEXT = re.compile(r'(<div class="output [^"]*"><div class="highlight"><pre>)(.*?)(</pre>)',
                         re.DOTALL)


def readable_outputs(app, pagename, templatename, context, doctree):
    """Outputs' prose wraps at spaces, their lines in columns stay whole (book.css), as in the
    notebook command's HTML copy (bayestut.analysis.own_notebook.readable_text)."""
    from bayestut.analysis.own_notebook import readable_text

    if "body" in context:
        context["body"] = OUTPUT_TEXT.sub(lambda out: out[1] + readable_text(out[2]) + out[3],
                                          context["body"])


def escape_bars(app, what, name, obj, options, lines):
    """The package's docstrings write |z| for an absolute value: not a reST substitution."""
    lines[:] = [line.replace("|", "\\|") for line in lines]


def setup(app):
    app.connect("autodoc-process-docstring", escape_bars)
    app.connect("source-read", add_toc)
    app.connect("source-read", glossary_directive)
    # before Sphinx's own collectors (priority 500) register the download link's file
    app.connect("doctree-read", on_doctree_read, priority=400)
    app.connect("build-finished", copy_mathjax)
    app.connect("html-page-context", readable_outputs)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
