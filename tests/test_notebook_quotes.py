"""What notebook 10's exercise solutions quote from a verdict is what the package prints.

The solutions run on other settings than the notebook (another pair, another rope), so no
output of the notebook holds their numbers (tests/test_teaching.py leaves <details> alone).
Here each quotation ("…") of a solution is looked up in the headline it quotes, recomputed.
"""

import json
import re
from pathlib import Path

import pytest

import bayestut as bt
from bayestut.analysis.compare import compare

REPO = Path(__file__).resolve().parents[1]
NOTEBOOK = REPO / "notebooks" / "10_choosing_and_reporting.ipynb"
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
# the verdict's wording before it came in three lines, which readers found quoted in the notebooks
RETIRED = ("for the mean difference δ₀ there is no decision", "the highest is", "(negative:",
           "(positive:")


def markdown(notebook: Path) -> str:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def solution(text: str, number: int) -> str:
    """The <details> block of exercise ``number`` in ``text``'s Exercises section."""
    exercises = text.split("## Exercises", 1)[-1]
    found = re.search(rf"^{number}\. (?:(?!<details>).)*?<details>(.*?)</details>", exercises,
                      re.S | re.M)
    assert found, f"exercise {number} has no solution"
    return found.group(1)


def quotations(text: str) -> list[str]:
    """Every "…" in ``text`` outside code, its line breaks and indentation as one space."""
    prose = re.sub(r"`[^`]*`", "CODE", text)
    return [" ".join(q.split()) for q in re.findall(r'"([^"]+)"', prose)]


def unquoted(text: str, printed: str) -> list[str]:
    printed = " ".join(printed.split())
    return [q for q in quotations(text) if q not in printed]


def test_the_quotation_check_can_fail():
    printed = "Verdict: a is better (weak: 0.590).\nOn a new data set: P(a better) = 0.590."
    assert unquoted('says "a is better (weak: 0.590)", then "On a new\n   data set: P(a better) '
                    '= 0.590"', printed) == []
    assert unquoted('says "a is better; for δ₀ there is no decision"', printed) == \
        ["a is better; for δ₀ there is no decision"]
    assert quotations('run `compare(a, about="delta0")`: "a is better"') == ["a is better"]


def _uci(a: str, b: str, **settings) -> str:
    return compare(bt.load_uci(), a, b, threshold=0.95, seed=0, signed_rank_samples=50_000,
                   **settings).headline()


@pytest.mark.parametrize("number, pair, rope", [(1, ("nbc", "aode"), 0.02),
                                                (2, ("hnb", "nbc"), 0.01)])
def test_notebook_10s_solutions_quote_the_headline_as_printed(number, pair, rope):
    said = solution(markdown(NOTEBOOK), number)
    assert quotations(said), f"exercise {number}'s solution quotes no headline"
    missing = unquoted(said, _uci(*pair, rope=rope))
    assert not missing, (f"exercise {number}'s solution quotes what the headline no longer "
                         "prints:\n" + "\n".join(missing))


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_notebook_quotes_the_retired_verdict(notebook):
    text = markdown(notebook)
    assert not [r for r in RETIRED if r in text]


def test_notebook_10s_method_paper_sentence_is_filled_from_the_verdict_on_delta0():
    """The sentence a method paper writes is printed by a cell from `on_delta0`, no number
    typed in: run on the papers' data, it says what the δ₀ verdict's headline says."""
    import contextlib
    import io

    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    source = "".join(next(c for c in cells if c.get("id") == "method-paper-sentence")["source"])
    assert not re.search(r"(?<![\w.+])\d\.\d", source), "a number typed into the sentence's cell"
    settings = dict(a="nbc", b="aode", rope=0.01, threshold=0.95)
    on_delta0 = compare(bt.load_uci(), settings["a"], settings["b"], rope=0.01, threshold=0.95,
                        seed=0, signed_rank_samples=5_000, about="delta0")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(source, {**settings, "on_delta0": on_delta0})
    said, headline = printed.getvalue(), on_delta0.headline()
    assert said.startswith("For the mean difference δ₀ = nbc − aode over 54 data sets")
    quoted = re.findall(r"[−+]?\d\.\d{3}", said)
    assert len(quoted) == 6 and all(number in headline for number in quoted), (said, headline)
