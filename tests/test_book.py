"""The built book (`make book`, build/book/) loaded page by page in headless Chromium.

Each page, opened from file:// as a reader opens it, must: typeset its math (MathJax's output
present, no raw TeX left), load every image, link only to pages, files and anchors that exist,
log no console error and request nothing outside file:// (no CDN, no font service).

Chromium is driven through its DevTools protocol over --remote-debugging-pipe with the standard
library only: no driver binary to match, no browser download, no extra Python package. Skipped
(with the reason) where Debian's chromium or the built book is missing, unless
BAYESTUT_REQUIRE_BOOK_TEST is set (`make book-test`, CI), where that fails instead.
`python tests/test_book.py DIR` saves screenshots of a few pages into DIR for a look.
"""

import base64
import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "build" / "book"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-pipe", "about:blank"]
PAGES = sorted(p.relative_to(BOOK).as_posix() for p in BOOK.rglob("*.html")
               if p.relative_to(BOOK).parts[0] not in ("_static", "_sources", "_downloads"))
LOCAL = re.compile(r"^(file|data|blob|about):|^https?://(localhost|127\.0\.0\.1)[:/]")

# Run in the page once MathJax has finished: what the checks need, as JSON.
INSPECT = r"""(async () => {
  if (window.MathJax && MathJax.startup) await MathJax.startup.promise;
  for (const img of document.images) { img.loading = "eager"; await img.decode().catch(() => {}); }
  const prose = document.querySelector("main, [role=main], body").cloneNode(true);
  prose.querySelectorAll("pre, code, script, style, textarea, mjx-container, .highlight")
       .forEach(e => e.remove());
  return JSON.stringify({
    typeset: document.querySelectorAll("mjx-container").length,
    mathNodes: document.querySelectorAll(".math").length,
    rawTex: (prose.textContent.match(/\\\(|\\\[|\\begin\{|\$\$|\$[^$\s][^$]*\\[a-zA-Z]+[^$]*\$/g) || []),
    brokenImages: [...document.images].filter(i => !i.complete || i.naturalWidth === 0)
                                      .map(i => i.src),
    links: [...document.querySelectorAll("a[href]")].map(a => a.href),
  });
})()"""


class Chromium:
    """A headless Chromium spoken to through the DevTools protocol on fds 3 and 4."""

    def __init__(self):
        to_browser, self._in = os.pipe()
        self._out, from_browser = os.pipe()
        self._profile = tempfile.mkdtemp(prefix="book-chromium-")

        def fds():      # the pipe's ends become the child's fds 3 (commands) and 4 (replies)
            high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_browser, from_browser)]
            os.dup2(high[0], 3), os.dup2(high[1], 4)

        self.process = subprocess.Popen(
            [CHROMIUM, *FLAGS[:-1], f"--user-data-dir={self._profile}", FLAGS[-1]],
            preexec_fn=fds, pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser), os.close(from_browser)
        self._reader = os.fdopen(self._out, "rb")
        self._id, self._buffer, self.events = 0, b"", []

    def send(self, method, session=None, **params):
        self._id += 1
        message = {"id": self._id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._in, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._next()
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]
            self.events.append(reply)

    def wait_for(self, method, session):
        while not any(e.get("method") == method and e.get("sessionId") == session
                      for e in self.events):
            self.events.append(self._next())

    def _next(self):
        while b"\0" not in self._buffer:
            chunk = os.read(self._out, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed its DevTools pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def open(self, url, width=1280, height=900):
        """A new tab on url, its load and MathJax awaited; returns (session, page facts)."""
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.send(f"{domain}.enable", session)
        self.send("Emulation.setDeviceMetricsOverride", session, width=width, height=height,
                  deviceScaleFactor=1, mobile=width < 600)
        self.send("Page.navigate", session, url=url)
        self.wait_for("Page.loadEventFired", session)
        facts = self.send("Runtime.evaluate", session, expression=INSPECT, awaitPromise=True,
                          returnByValue=True, timeout=60000)
        return target, session, json.loads(facts["result"]["value"])

    def problems(self, session):
        """Console errors, uncaught exceptions and requests off this machine, for a tab."""
        found = []
        for event in (e for e in self.events if e.get("sessionId") == session):
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params["type"] in ("error", "assert"):
                found.append("console: " + " ".join(str(a.get("value", a.get("description")))
                                                    for a in params["args"]))
            elif method == "Runtime.exceptionThrown":
                found.append("exception: " + params["exceptionDetails"].get("text", ""))
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                found.append("log: " + params["entry"]["text"])
            elif method == "Network.requestWillBeSent" \
                    and not LOCAL.match(params["request"]["url"]):
                found.append("network request: " + params["request"]["url"])
        return found

    def close_tab(self, target):
        self.send("Target.closeTarget", targetId=target)

    def quit(self):
        try:
            self.send("Browser.close")
        except RuntimeError:
            pass
        self.process.wait(timeout=30)
        os.close(self._in)
        self._reader.close()
        shutil.rmtree(self._profile, ignore_errors=True)


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
    _require_fresh_book()
    chromium = Chromium()
    yield chromium
    chromium.quit()


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


@pytest.mark.parametrize("page", PAGES or ["(no book built)"])
def test_page_loads_offline_with_math_images_and_links(browser, page):
    target, session, facts = browser.open((BOOK / page).as_uri())
    problems = browser.problems(session)
    browser.close_tab(target)
    assert not problems, problems
    assert not facts["rawTex"], f"raw TeX left on the page: {facts['rawTex'][:5]}"
    if facts["mathNodes"]:
        assert facts["typeset"] > 0, "math on the page but MathJax typeset none"
    assert not facts["brokenImages"], facts["brokenImages"]
    broken = {link: why for link in facts["links"] if (why := _broken(link, _IDS))}
    assert not broken, broken


def test_notebook_05_shows_typeset_math(browser):
    """The issue's bar: notebook 05's page typesets its math and leaves no raw TeX."""
    target, _, facts = browser.open((BOOK / "notebooks/05_hierarchical.html").as_uri())
    browser.close_tab(target)
    assert facts["typeset"] >= 10 and not facts["rawTex"]


def test_every_notebook_has_a_page_with_glossary_links():
    _require_fresh_book()
    notebooks = sorted(ROOT.glob("notebooks/*.ipynb"))
    for notebook in notebooks:
        html = (BOOK / "notebooks" / (notebook.stem + ".html")).read_text("utf-8")
        assert "docs/glossary.html#term-" in html, f"{notebook.name}: no glossary link"
        assert f"{notebook.name}" in html and "_downloads/" in html, notebook.name


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
    chromium = Chromium()
    shots = [("index.html", 1280), ("notebooks/05_hierarchical.html", 1280),
             ("docs/glossary.html", 1280), ("docs/api.html", 1280),
             ("notebooks/02_bayesian_correlated_ttest.html", 390)]
    for page, width in shots:
        target, session, _ = chromium.open((BOOK / page).as_uri(), width=width)
        png = chromium.send("Page.captureScreenshot", session, format="png")["data"]
        name = f"{page.replace('/', '_')}-{width}.png"
        (folder / name).write_bytes(base64.b64decode(png))
        chromium.close_tab(target)
    chromium.quit()


if __name__ == "__main__":
    screenshots(sys.argv[1])
