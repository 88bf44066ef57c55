"""The own-results notebook, run by the `notebook` command on a reader's per-fold file."""

import json
import re

import numpy as np
import pandas as pd
import pytest

pytest.importorskip("papermill")
pytest.importorskip("nbconvert")

from bayestut.analysis.cli import main  # noqa: E402


def per_fold(tmp_path):
    rng = np.random.default_rng(1)
    rows = [(f"set{d}", c, 1, f, 0.8 + 0.01 * d + {"a": 0.02, "b": 0.0, "c": -0.02}[c]
             + rng.normal(0, 0.01))
            for d in range(4) for f in range(1, 6) for c in ("a", "b", "c")]
    path = tmp_path / "mine.csv"
    pd.DataFrame(rows, columns=["dataset", "classifier", "run", "fold", "score"]).to_csv(
        path, index=False)
    return path


def test_the_notebook_command_writes_an_executed_notebook_and_html(tmp_path, capsys):
    status = main(["notebook", str(per_fold(tmp_path)), "--out", str(tmp_path / "analysis"),
                   "--rope", "0.015", "--seed", "3"])
    assert status == 0, capsys.readouterr().err
    executed = json.loads((tmp_path / "analysis" / "your_results.ipynb").read_text())
    outputs = [o for c in executed["cells"] if c["cell_type"] == "code" for o in c["outputs"]]
    assert not [o for o in outputs if o["output_type"] == "error"]
    text = json.dumps(outputs)
    assert "mine.csv: 4 data sets, classifiers ['a', 'b', 'c']" in text
    assert "Plackett-Luce ranking" in text and "rope" in text and "benavoli2017time" in text
    # the K table holds the exact engine's rows only: no Monte Carlo line under it (reader 25)
    assert "hierarchical test: computed exactly" in text
    assert "±: the Monte Carlo standard error" not in text
    # the rope sweep is the verdict's test's (the hierarchical one), the signed-rank beside it
    assert re.search(r"a vs b\s+hierarchical test\s+0 ", text), "no hierarchical rope sweep"
    html = (tmp_path / "analysis" / "your_results.html").read_text()
    assert "<html" in html and "Methods." in html
    assert "import warnings" not in html           # a report: the code is in the .ipynb
    assert not re.search(r'class="[^"]*jp-(In|Out)putPrompt', html)   # nor In[ ]/Out[ ]
    # a line in columns kept whole (a BibTeX entry's), a hyphenated word too
    assert '<span class="whole">  journal = {Journal of Machine Learning Research},' in html
    assert '<span class="whole">Plackett-Luce</span>' in html


def test_bad_input_ends_with_exit_2_before_a_kernel_starts(tmp_path, capsys):
    bad = tmp_path / "bad.csv"
    pd.DataFrame({"name": ["x"], "v": [1]}).to_csv(bad, index=False)
    assert main(["notebook", str(bad), "--out", str(tmp_path)]) == 2
    assert "The accepted shapes" in capsys.readouterr().err
    assert not (tmp_path / "your_results.ipynb").exists()


def test_a_link_planted_at_the_notebook_is_replaced_not_followed(tmp_path, capsys):
    out, outside = tmp_path / "analysis", tmp_path / "outside.txt"
    out.mkdir()
    outside.write_text("keep me")
    (out / "your_results.ipynb").symlink_to(outside)
    (out / "your_results.html").symlink_to(outside)
    assert main(["notebook", str(per_fold(tmp_path)), "a", "b", "--out", str(out)]) == 0, \
        capsys.readouterr().err
    assert outside.read_text() == "keep me"
    assert not (out / "your_results.ipynb").is_symlink()
    assert json.loads((out / "your_results.ipynb").read_text())["cells"]
    assert not [p for p in out.iterdir() if p.name.startswith(".bayestut-")]   # no scratch left


def test_ctrl_c_leaves_no_scratch_and_no_kernel_folder(tmp_path):
    """SIGINT once the run has its scratch folder: exit 130 in one line, no traceback, no
    .bayestut-* in --out, no bayestut-kernel-* in the temporary folder, no kernel left."""
    import os
    import signal
    import subprocess
    import sys
    import time

    out, scratch_tmp = tmp_path / "out", tmp_path / "tmp"
    scratch_tmp.mkdir()
    run = subprocess.Popen([sys.executable, "-m", "bayestut", "notebook",
                            str(per_fold(tmp_path)), "--out", str(out)],
                           env={**os.environ, "TMPDIR": str(scratch_tmp)},
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    started = time.monotonic()
    while not (list(scratch_tmp.glob("bayestut-kernel-*")) and out.is_dir()
               and list(out.glob(".bayestut-*"))):
        assert run.poll() is None and time.monotonic() - started < 120, "no scratch seen"
        time.sleep(0.05)
    time.sleep(1)                          # the kernel starting up
    run.send_signal(signal.SIGINT)
    _, err = run.communicate(timeout=60)
    assert run.returncode in (130, 2)
    assert err.decode().strip() == "interrupted: no notebook written"
    assert not list(out.glob(".bayestut-*")) and not list(scratch_tmp.iterdir())
    import psutil
    assert not [p for p in psutil.process_iter(["cmdline"])
                if str(scratch_tmp) in " ".join(p.info["cmdline"] or [])]


def test_the_notebook_takes_the_score_range_it_advises(tmp_path, capsys):
    """Scores of scikit-learn's neg_log_loss: refused with the advice --score-range -inf 0,
    which the notebook command takes and hands to the notebook."""
    table = pd.read_csv(per_fold(tmp_path))
    losses = tmp_path / "neg_log_loss.csv"
    table.assign(score=table["score"] - 1.0).to_csv(losses, index=False)
    out = tmp_path / "analysis"
    assert main(["notebook", str(losses), "a", "b", "--out", str(out)]) == 2
    assert "--score-range -inf 0" in capsys.readouterr().err
    assert main(["notebook", str(losses), "a", "b", "--score-range", "-inf", "0",
                 "--out", str(out)]) == 0, capsys.readouterr().err
    executed = json.loads((out / "your_results.ipynb").read_text())
    outputs = [o for c in executed["cells"] if c["cell_type"] == "code" for o in c["outputs"]]
    assert not [o for o in outputs if o["output_type"] == "error"]


def test_a_full_disk_is_told_and_leaves_nothing(tmp_path, capsys, monkeypatch):
    """As on a full tmpfs: papermill's write fails with ENOSPC (seen as a traceback before)."""
    import errno

    from bayestut.analysis import own_notebook

    def full(source, target, cwd, parameters):
        target.write_text("{")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(own_notebook, "execute", full)
    out = tmp_path / "analysis"
    assert main(["notebook", str(per_fold(tmp_path)), "--out", str(out)]) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert not list(out.iterdir())


@pytest.mark.parametrize("extra", [["a", "b", "c", "--plan", "10"], ["a", "b", "--plan", "0"]])
def test_plan_is_checked_at_the_door(tmp_path, capsys, extra):
    # --plan plans one pair, with at least one data set more: refused before a kernel starts
    status = main(["notebook", str(per_fold(tmp_path)), *extra, "--out", str(tmp_path / "x")])
    assert status == 2
    assert "--plan" in capsys.readouterr().err
    assert not (tmp_path / "x" / "your_results.ipynb").exists()


def test_about_delta0_reaches_the_verdict_and_its_rope_sweep(tmp_path, capsys):
    out = tmp_path / "d0"
    assert main(["notebook", str(per_fold(tmp_path)), "a", "b", "--about", "delta0",
                 "--out", str(out)]) == 0, capsys.readouterr().err
    cells = json.loads((out / "your_results.ipynb").read_text(encoding="utf-8"))["cells"]
    said = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                   for c in cells if c["cell_type"] == "code" for o in c.get("outputs", []))
    # the headline names δ₀ as the claim it decides (by default it names a new data set)
    assert re.search(r"Hierarchical test over \d+ data sets, for the mean difference δ₀", said)
    assert not [o for c in cells for o in c.get("outputs", []) if o["output_type"] == "error"]
    # several classifiers: the K-classifier verdict decides on a new data set; refused at the door
    assert main(["notebook", str(per_fold(tmp_path)), "--about", "delta0",
                 "--out", str(tmp_path / "x")]) == 2
    assert "--about" in capsys.readouterr().err


# what the browser shows of one output: the pre's style, how many lines each prose word and
# the table's line take, the lines the prose takes, whether the output scrolls sideways
LAYOUT = """() => {
  const pre = document.querySelector('.jp-OutputArea-output pre'), s = getComputedStyle(pre);
  const lines = node => new Set([...node.getClientRects()].map(r => Math.round(r.top))).size;
  const words = [], walk = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
  const table = [...pre.querySelectorAll('.whole')].find(e => e.textContent.includes('0.011'));
  let prose = new Set();
  while (walk.nextNode()) {
    const node = walk.currentNode;
    if (table && table.contains(node)) continue;
    for (const m of node.textContent.matchAll(/\\S+/g)) {
      const r = document.createRange();
      r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
      words.push([m[0], lines(r)]);
      [...r.getClientRects()].forEach(x => prose.add(Math.round(x.top)));
    }
  }
  return {style: [s.whiteSpace, s.wordBreak, s.overflowWrap],
          brokenWords: words.filter(w => w[1] > 1).map(w => w[0]),
          proseLines: prose.size, tableLines: table ? lines(table) : 0,
          scrolls: pre.scrollWidth > pre.clientWidth};
}"""


def test_the_html_copy_wraps_prose_at_spaces_and_keeps_a_table_line_whole(tmp_path):
    # nbconvert's lab template sets pre-wrap and break-all on outputs: words came apart
    # mid-word; then every line scrolled, and a verdict was clipped at the page's width.
    # Checked in Chromium, as a reader opens the page.
    import shutil

    import nbconvert
    import nbformat

    from bayestut.analysis.own_notebook import readable_output

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    playwright = pytest.importorskip("playwright.sync_api")
    if chromium is None:
        pytest.skip("no chromium to open the page with")
    prose = ("Next step: read the card Reading your verdict (python -m bayestut card --section "
             '"No decision"), then python -m bayestut plan /tmp/some-folder/mine.csv a b '
             "--rope 0.015 --add 5 10 20; δ₀ = +0.020, 95% credible interval −0.005 to "
             "+0.042. ") * 2
    table = "hierarchical test: posterior probability " + "   0.011" * 40
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "print()", outputs=[nbformat.v4.new_output("stream", name="stdout",
                                                   text=prose + "\n" + table + "\n")])])
    page, _ = nbconvert.HTMLExporter(exclude_input=True).from_notebook_node(nb)
    seen = {}
    for name, html in (("nbconvert", page), ("ours", readable_output(page))):
        path = tmp_path / f"{name}.html"
        path.write_text(html, encoding="utf-8")
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium,
                                        args=["--no-sandbox", "--disable-gpu"])
            tab = browser.new_page(viewport={"width": 800, "height": 600})
            tab.goto(path.as_uri())
            seen[name] = tab.evaluate(LAYOUT)
            browser.close()
    assert seen["nbconvert"]["style"][:2] == ["pre-wrap", "break-all"]   # what the fix is for
    assert seen["nbconvert"]["brokenWords"]
    ours = seen["ours"]
    assert ours["style"] == ["pre-wrap", "normal", "normal"]
    assert ours["proseLines"] >= 4 and ours["brokenWords"] == []   # wrapped, at spaces only
    assert ours["tableLines"] == 1 and ours["scrolls"]             # the table's line whole


def test_a_line_in_columns_is_kept_whole_and_prose_words_too():
    from bayestut.analysis.own_notebook import readable_line

    line = "set0    0.012   0.314"
    assert readable_line(line) == f'<span class="whole">{line}</span>'
    assert readable_line("   P(a better) P(b better)").startswith('<span class="whole">')
    assert readable_line("run --about delta0 on a/b.csv") == (
        'run <span class="whole">--about</span> delta0 on <span class="whole">a/b.csv</span>')
    assert readable_line("a plain sentence.") == "a plain sentence."
    assert readable_line('<span class="ansi-red">x  y') == '<span class="ansi-red">x  y'


@pytest.mark.parametrize("in_repository, fix", [
    (True, "in the bayestut folder run pip install '.[notebooks]'"),
    (False, "run pip install 'bayestut[notebooks]'")])
def test_a_missing_extra_names_the_install_that_fits_where_bayestut_runs(
        tmp_path, capsys, monkeypatch, in_repository, fix):
    # a wheel user has no bayestut folder to run pip install '.[...]' in
    monkeypatch.setitem(__import__("sys").modules, "ipykernel", None)
    monkeypatch.setattr("bayestut.paths.in_repository", lambda: in_repository)
    assert main(["notebook", str(per_fold(tmp_path)), "--out", str(tmp_path / "nb")]) == 2
    error = capsys.readouterr().err
    assert "ipykernel is not installed" in error and fix in error
