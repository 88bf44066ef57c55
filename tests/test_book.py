"""The built book (`make book`, build/book/) loaded page by page in headless Chromium.

Each page, opened from file:// as a reader opens it, must: typeset its math (MathJax's output
present, no raw TeX left), load every image, link only to pages, files and anchors that exist,
log no console error and request nothing outside file:// (no CDN, no font service).

Chromium is Debian's (`apt-get install chromium`), driven by Playwright from PyPI (the `book`
extra); Playwright's own browser download is never used. Every wait has a timeout. Skipped
(with the reason) where chromium, Playwright or the built book is missing, unless
BAYESTUT_REQUIRE_BOOK_TEST is set (`make book-test`, CI), where that fails instead.
`python tests/test_book.py DIR` saves screenshots of a few pages into DIR for a look.
"""

import os
import re
import shutil
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "build" / "book"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 60_000          # for the browser's start, each page's load and its inspection
PAGES = sorted(p.relative_to(BOOK).as_posix() for p in BOOK.rglob("*.html")
               if p.relative_to(BOOK).parts[0] not in ("_static", "_sources", "_downloads"))
LOCAL = re.compile(r"^(file|data|blob|about):|^https?://(localhost|127\.0\.0\.1)[:/]")

# Run in the page once MathJax has finished: what the checks need (with a time limit).
INSPECT = r"""async (limit) => {
  const inspect = async () => {
    if (window.MathJax && MathJax.startup) await MathJax.startup.promise;
    for (const img of document.images) { img.loading = "eager"; await img.decode().catch(() => {}); }
    const prose = document.querySelector("main, [role=main], body").cloneNode(true);
    prose.querySelectorAll("pre, code, script, style, textarea, mjx-container, .highlight")
         .forEach(e => e.remove());
    return {
      typeset: document.querySelectorAll("mjx-container").length,
      mathNodes: document.querySelectorAll(".math").length,
      rawTex: (prose.textContent.match(/\\\(|\\\[|\\begin\{|\$\$|\$[^$\s][^$]*\\[a-zA-Z]+[^$]*\$/g) || []),
      brokenImages: [...document.images].filter(i => !i.complete || i.naturalWidth === 0)
                                        .map(i => i.src),
      links: [...document.querySelectorAll("a[href]")].map(a => a.href),
      // preformatted blocks whose lines may wrap (or break mid-word) instead of scrolling;
      // a notebook output's prose wraps at spaces, its lines in columns kept whole
      wrappedPre: [...document.querySelectorAll("pre")].filter(e => {
        const s = getComputedStyle(e), output = e.closest(".cell_output");
        const whole = [...e.querySelectorAll(".whole")].every(
          w => getComputedStyle(w).whiteSpace === "pre");
        return s.whiteSpace !== (output ? "pre-wrap" : "pre") || !whole ||
               s.wordBreak === "break-all" ||
               s.overflowWrap !== "normal" || !["auto", "scroll"].includes(s.overflowX);
      }).map(e => e.textContent.slice(0, 60)),
    };
  };
  const late = new Promise((_, fail) => setTimeout(() => fail(new Error("timed out")), limit));
  return Promise.race([inspect(), late]);
}"""


class Book:
    """Debian's chromium under Playwright; each page opened in a tab of its own."""

    def __init__(self):
        from playwright.sync_api import sync_playwright

        self._playwright = sync_playwright().start()
        try:
            self._browser = self._playwright.chromium.launch(
                executable_path=CHROMIUM, args=FLAGS, headless=True, timeout=TIMEOUT_MS)
        except BaseException:
            self._playwright.stop()
            raise

    def open(self, url, width=1280, height=900):
        """A new tab on url, its load and MathJax awaited; returns (page, facts, problems):
        console errors, uncaught exceptions, failed loads and requests off this machine."""
        context = self._browser.new_context(viewport={"width": width, "height": height},
                                            is_mobile=width < 600)
        context.set_default_timeout(TIMEOUT_MS)
        page = context.new_page()
        problems = []
        page.on("console", lambda m: problems.append(f"console: {m.text}")
                if m.type in ("error", "assert") else None)
        page.on("pageerror", lambda e: problems.append(f"exception: {e}"))
        page.on("requestfailed", lambda r: problems.append(f"failed load: {r.url}"))
        page.on("request", lambda r: None if LOCAL.match(r.url)
                else problems.append(f"network request: {r.url}"))
        page.goto(url, wait_until="load", timeout=TIMEOUT_MS)
        facts = page.evaluate(INSPECT, TIMEOUT_MS)
        return page, facts, problems

    def close(self):
        self._browser.close()
        self._playwright.stop()


def _skip_or_fail(reason):
    if os.environ.get("BAYESTUT_REQUIRE_BOOK_TEST"):
        pytest.fail(reason)
    pytest.skip(reason)


def _require_fresh_book():
    if not PAGES:
        _skip_or_fail(f"the book is not built: run `make book` (it builds into {BOOK})")
    built = (BOOK / "index.html").stat().st_mtime
    sources = [*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("docs/*.md"), *ROOT.glob("*.md")]
    if any(source.stat().st_mtime > built for source in sources):
        _skip_or_fail("the book is older than its notebooks or pages: run `make book`")


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None:
        _skip_or_fail("no chromium on PATH (Debian: apt-get install -y chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _skip_or_fail("no Playwright: pip install -e '.[book]' (make book-test does)")
    _require_fresh_book()
    book = Book()
    yield book
    book.close()


class _Ids(HTMLParser):
    def __init__(self, text):
        super().__init__()
        self.ids = set()
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.ids.update(v for k, v in attrs if k in ("id", "name") and v)


def _broken(link, ids_of):
    """Why a link from the book is broken, or None: external links are not followed."""
    parts = urlsplit(link)
    if parts.scheme != "file":
        return None
    path = Path(unquote(parts.path))
    if not path.exists():
        return f"missing file {path}"
    if parts.fragment and path.suffix == ".html":
        if path not in ids_of:
            ids_of[path] = _Ids(path.read_text("utf-8")).ids
        if unquote(parts.fragment) not in ids_of[path]:
            return f"no anchor #{parts.fragment} in {path.name}"
    return None


_IDS = {}


@pytest.mark.browser
@pytest.mark.parametrize("page", PAGES or ["(no book built)"])
def test_page_loads_offline_with_math_images_and_links(browser, page):
    tab, facts, problems = browser.open((BOOK / page).as_uri())
    tab.context.close()
    assert not problems, problems
    assert not facts["rawTex"], f"raw TeX left on the page: {facts['rawTex'][:5]}"
    if facts["mathNodes"]:
        assert facts["typeset"] > 0, "math on the page but MathJax typeset none"
    assert not facts["brokenImages"], facts["brokenImages"]
    broken = {link: why for link in facts["links"] if (why := _broken(link, _IDS))}
    assert not broken, broken
    # console output keeps its lines whole and scrolls: a wrapped table comes apart
    assert not facts["wrappedPre"], f"preformatted lines that wrap: {facts['wrappedPre'][:3]}"


@pytest.mark.browser
def test_notebook_05_shows_typeset_math(browser):
    """The issue's bar: notebook 05's page typesets its math and leaves no raw TeX."""
    tab, facts, _ = browser.open((BOOK / "notebooks/05_hierarchical.html").as_uri())
    tab.context.close()
    assert facts["typeset"] >= 10 and not facts["rawTex"]


def test_every_notebook_has_a_page_with_glossary_links():
    _require_fresh_book()
    notebooks = sorted(ROOT.glob("notebooks/*.ipynb"))
    for notebook in notebooks:
        html = (BOOK / "notebooks" / (notebook.stem + ".html")).read_text("utf-8")
        assert "docs/glossary.html#term-" in html, f"{notebook.name}: no glossary link"
        download = rf'href="[^"]*_downloads/[^"/]+/{re.escape(notebook.name)}"'
        assert re.search(download, html), f"{notebook.name}: no link to download the notebook"
        linked = re.search(download, html).group(0)[len('href="'):-1]
        target = (BOOK / "notebooks" / unquote(linked)).resolve()
        assert target.is_file(), f"{notebook.name}: the download link {linked} leads nowhere"


def test_one_search_box_readable_glossary_anchors_and_a_safe_run_note():
    """The theme's sidebar search field doubled the header's; Sphinx numbered δ₀ and ρ's
    anchors (#term-0); the run note sent a newcomer to `make reproduce`, which rewrites
    committed files."""
    _require_fresh_book()
    glossary = (BOOK / "docs" / "glossary.html").read_text("utf-8")
    assert not re.findall(r'id="term-\d+"', glossary)
    assert 'id="term-delta0"' in glossary and 'id="term-rho"' in glossary
    page = (BOOK / "notebooks" / "05_hierarchical.html").read_text("utf-8")
    sidebar = page[page.index("bd-sidebar-primary"):page.index('id="main-content"')]
    assert "search" not in sidebar.lower()
    note = page[page.index("Run this notebook"):][:2000]
    assert "make reproduce" not in note and "papermill" in note


def test_the_api_page_documents_the_whole_public_face():
    import bayestut
    page = (ROOT / "docs" / "api.md").read_text("utf-8")
    missing = [name for name in bayestut.__all__
               if name != "__version__" and f":: bayestut.{name}\n" not in page]
    assert not missing, f"docs/api.md lacks {missing}"


def _documented_on_the_api_page() -> list:
    """(directive, dotted name) of every function and class docs/api.md renders."""
    page = (ROOT / "docs" / "api.md").read_text("utf-8")
    return re.findall(r"^\.\. auto(function|class|exception):: ([\w.]+)$", page, re.M)


def _section(doc: str, name: str) -> bool:
    """Whether a numpydoc docstring has the section ``name`` (its title, then dashes)."""
    return re.search(rf"^\s*{name}\n\s*-{{{len(name)}}}\s*$", doc or "", re.M) is not None


def _resolve(dotted: str):
    from importlib import import_module
    module, _, name = dotted.rpartition(".")
    return getattr(import_module(module), name)


def test_every_function_and_class_on_the_api_page_has_its_sections():
    """Functions: Parameters and Returns; classes (results): Attributes, what they hold."""
    missing = []
    for kind, dotted in _documented_on_the_api_page():
        doc = _resolve(dotted).__doc__
        wanted = {"function": ("Parameters", "Returns"), "class": ("Attributes",),
                  "exception": ()}[kind]
        lacks = [name for name in wanted if not _section(doc, name)]
        if lacks:
            missing.append(f"{dotted}: {' and '.join(lacks)}")
    assert not missing, ("numpydoc sections missing on the API page:\n  "
                         + "\n  ".join(missing))


def test_the_section_check_reads_numpydoc():
    good = """Summary.

    Parameters
    ----------
    x : int
        A number.

    Returns
    -------
    int
    """
    assert _section(good, "Parameters") and _section(good, "Returns")
    assert not _section("Summary. Parameters: x, a number; returns an int.", "Parameters")
    assert not _section(good, "Attributes")


def test_references_bib_is_the_reports_bib():
    """The report's .bib entries are data/references.bib's, this package's version current."""
    from bayestut import __version__
    from bayestut.analysis.writeup import BIBTEX
    bib = (ROOT / "data" / "references.bib").read_text("utf-8")
    assert {"benavoli2017time", "corani2017statistical", "calvo2018bayesian",
            "bayestut"} <= set(BIBTEX)
    assert all(entry in bib for entry in BIBTEX.values())
    assert f"version = {{{__version__}}}" in BIBTEX["bayestut"]


def screenshots(folder):
    """Screenshots of the landing page, notebook 05, the glossary and the API page (and the
    landing page 390 px wide, a phone's), full length, into folder."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    book = Book()
    shots = [("index.html", 1280), ("notebooks/05_hierarchical.html", 1280),
             ("docs/glossary.html", 1280), ("docs/api.html", 1280),
             ("notebooks/02_bayesian_correlated_ttest.html", 390)]
    try:
        for page, width in shots:
            tab, _, _ = book.open((BOOK / page).as_uri(), width=width)
            tab.screenshot(path=str(folder / f"{page.replace('/', '_')}-{width}.png"),
                           full_page=True, timeout=TIMEOUT_MS)
            tab.context.close()
    finally:
        book.close()


if __name__ == "__main__":
    screenshots(sys.argv[1])


def test_a_widget_output_loads_nothing_from_the_network(tmp_path):
    """A notebook whose output is a Jupyter widget (tqdm.auto's bar in Jupyter) builds, with the
    book's settings (docs/conf.py), into a page that loads no require.js or widget manager."""
    sphinx = pytest.importorskip("sphinx.application")
    nbformat = pytest.importorskip("nbformat")
    conf = {}
    exec(compile((ROOT / "docs" / "conf.py").read_text("utf-8"), "conf.py", "exec"),
         {"__file__": str(ROOT / "docs" / "conf.py")}, conf)
    settings = {k: conf[k] for k in ("nb_ipywidgets_js", "nb_mime_priority_overrides")}
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text("extensions = ['myst_nb']\nnb_execution_mode = 'off'\n"
                                    + "".join(f"{k} = {v!r}\n" for k, v in settings.items()))
    cell = nbformat.v4.new_code_cell("bar", outputs=[nbformat.v4.new_output(
        "display_data", data={"application/vnd.jupyter.widget-view+json":
                              {"model_id": "abc", "version_major": 2, "version_minor": 0},
                              "text/plain": "100%|##########| 3/3"})])
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Widget"), cell])
    notebook.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json":
                                    {"state": {}, "version_major": 2, "version_minor": 0}}
    nbformat.write(notebook, source / "index.ipynb")
    app = sphinx.Sphinx(str(source), str(source), str(tmp_path / "out"), str(tmp_path / "d"),
                        "html", status=None, warning=None)
    app.build()
    page = (tmp_path / "out" / "index.html").read_text("utf-8")
    assert "3/3" in page                                   # the text fallback is shown
    assert not re.search(r"require(\.min)?\.js|html-manager|embed-amd|cdn\.", page), page


def test_a_docs_pages_links_to_glossary_headings_become_term_links():
    """The book reads the glossary as a {glossary} directive, with no heading anchors: a link
    such as glossary.md#posterior-probability (docs/first-report.md) would lead nowhere."""
    pytest.importorskip("myst_parser")
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    import book_extras
    terms = book_extras.glossary_terms((ROOT / "docs" / "glossary.md").read_text("utf-8"))
    assert terms["probability-for-δ₀"] == "probability for δ₀"
    page = (ROOT / "docs" / "first-report.md").read_text("utf-8")
    linked = book_extras.term_links(page, terms, "glossary.md")
    assert "glossary.md#" in page and "glossary.md#" not in linked
    assert "{term}`posterior probability`" in linked and "{term}`shrunk <shrinkage>`" in linked
