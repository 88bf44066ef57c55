"""The notebooks teach: their reading path holds no forensics, and the numbers it quotes are
the numbers the notebook prints.

A notebook's *teaching cells* are its markdown cells before its "Reproduction notes" heading
(all of them in a notebook without one). History ("earlier versions"), the test machinery
(nbval), the authors' notebook or code and the papers' typos belong under *Reproduction
notes* or in docs/disagreements.md, linked from where they were.
"""

import json
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
NOTES = re.compile(r"^#+\s*Reproduction notes", re.MULTILINE)

FORENSICS = {
    "history of this project": re.compile(
        r"\b(earlier|previous|older|former) (versions?|runs?) of (this|the) (notebook|project)"
        r"|\bearlier versions?\b", re.IGNORECASE),
    "the test machinery": re.compile(r"\bnbval\b", re.IGNORECASE),
    "the authors' notebook or code": re.compile(
        r"\bauthors['’]?\s+(own\s+)?(\w+\s+)?(notebook|code|script|R code|Stan program)s?\b",
        re.IGNORECASE),
    "a typo": re.compile(r"\btypo(s|graphical)?\b|\bmisprint|\bmisspel", re.IGNORECASE),
    # a reader learning the method needs the result, not where our digits part from the print
    "our digits against the paper's": re.compile(
        r"\bwhere (the paper|JMLR|MLJ|the report) prints\b|\bthan its own table\b", re.IGNORECASE),
    # the paper's hand-made lists, or its statistic, set against ours (notebooks 02 and 04)
    "the paper's readings against ours": re.compile(
        r"\bby eye\b|\bthe paper (reports|lists)\b", re.IGNORECASE),
}


def cells(notebook: Path) -> list[dict]:
    return json.loads(notebook.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def teaching_cells(notebook: Path) -> list[tuple[int, str]]:
    """(index, text) of the markdown cells before the Reproduction notes heading."""
    found = []
    for i, cell in enumerate(cells(notebook)):
        text = source(cell)
        if cell["cell_type"] == "markdown" and NOTES.search(text):
            head = NOTES.split(text)[0]
            if head.strip():
                found.append((i, head))
            break
        if cell["cell_type"] == "markdown":
            found.append((i, text))
    return found


def test_teaching_cells_are_found():
    nb = REPO / "notebooks" / "07_power.ipynb"
    taught = teaching_cells(nb)
    assert 5 < len(taught) < len([c for c in cells(nb) if c["cell_type"] == "markdown"])


@pytest.mark.parametrize("what", sorted(FORENSICS))
def test_the_checks_can_fail(what):
    examples = {"history of this project": "the gap earlier versions of this notebook reported",
                "the test machinery": "the cell's nbval tag",
                "the authors' notebook or code": "Table 9 against the authors' notebook",
                "a typo": "the paper's typo",
                "our digits against the paper's": "our Table 9 gives the rope 0.124 where the paper "
                                                  "prints 0.103",
                "the paper's readings against ours": "After Figure 8 the paper lists such data "
                                                     "sets by eye: 12 and 6"}
    assert FORENSICS[what].search(examples[what])


def test_the_checks_catch_what_moved_to_the_reproduction_notes():
    """The sentences notebooks 02 and 04 once taught, now under their Reproduction notes."""
    moved = {"the paper's readings against ours": [
                 "(After Figure 8 the paper lists such data sets by eye: 12 and 6.)",
                 "For nbc − aode the paper reports $t = 162$, $w = -4.8$ and $p = 10^{-6}$"],
             "a typo": ["the paper's names, some misspelt, are kept as printed"]}
    for what, sentences in moved.items():
        for sentence in sentences:
            assert FORENSICS[what].search(sentence), sentence


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_forensics_on_the_reading_path(notebook):
    found = [f"cell {i}: {what}: …{text[max(0, m.start() - 60):m.end() + 40]}…"
             for i, text in teaching_cells(notebook)
             for what, pattern in FORENSICS.items() for m in pattern.finditer(text)]
    assert not found, ("move these under the notebook's Reproduction notes (or into "
                       "docs/disagreements.md) and link them from where they were:\n"
                       + "\n".join(found))


# --- the numbers the prose quotes are the numbers the notebook prints ---------------------------

# a decimal number as prose writes it; not a section (§3.1), a version or a path
QUOTED = re.compile(r"(?<![\w.§/^_{\\])[−-]?(\d+\.\d+)(?![\d.]*\d)(?!\.\d)(\s*%)?")
PRINTED = re.compile(r"\d+\.\d+(?:e[-+]?\d+)?|\d+(?:\.\d+)?e[-+]?\d+")
PAPER = REPO / "bayestut" / "reproduction" / "paper.py"

# Numbers the prose may quote although no output prints them, per notebook, each with its reason
# (a constant the text defines or derives, or a number another file holds and the text names).
ALLOWED = {
    "04_sign_and_signed_rank": {
        "0.954": "anneal's P(aode better), quoted from notebook 02 (which prints it)"},
    "05_hierarchical": {
        "0.109": "(1 + 99 × 0.1) / 100, derived in the text",
        "2.2": "benchmarks/hierarchical_exact.py's Stan time per pair (PyStan), named in the text",
        "1.3": "benchmarks/hierarchical_exact.py's Stan time per pair (CmdStan), named in the text",
        "6.6": "benchmarks/hierarchical_exact.py's speed-up, named in the text"},
    "06_shrinkage": {"0.109": "(1 + 99 × 0.1) / 100, derived in the text"},
    "08_compare_your_own": {
        "0.0282": "0.9782 − 0.95, derived in the text",
        "0.871": "an illustrative row of the file format's example table",
        "0.853": "an illustrative row of the file format's example table"},
    "09_many_classifiers": {"0.99": "the lower end of the printed shares' range (0.99–1.00)"},
    "10_choosing_and_reporting": {
        "0.109": "notebook 05's factor of σ², quoted in the text (0.9 times this one's 0.12)",
        "0.044": "aode–j48gr's prior range, quoted from notebook 04 (which prints it)",
        "0.85": "squash-unstored's P(aode better) at r = 0, read off the rope-sweep figure",
        "0.19": "benchmarks/plan_speed.txt's CPU seconds per study (checked against it below)"},
}
# Notebooks whose outputs hold Stan's draws, which differ from machine to machine (Stan promises
# the same draws only on the same machine and compiler): a number the prose quotes from them
# matches a printed one within this margin, about two Monte Carlo errors of their shares.
SAMPLED = {"05_hierarchical": 0.01, "08_compare_your_own": 0.01}


def _printed_forms(text: str) -> set[str]:
    """Every number in ``text``, and each rounded to fewer decimals: prose may round."""
    forms = set()
    for found in PRINTED.findall(text):
        mantissa = found.split("e")[0]
        decimals = len(mantissa.split(".")[1]) if "." in mantissa else 0
        # 1.63e-06 may be quoted as 1.6·10⁻⁶ or as 0.0000016
        values = [(float(found), 8 if "e" in found else decimals)]
        if "e" in found:
            values.append((float(mantissa), decimals))
        for x, most in values:
            forms.update(f"{round(abs(x), d):.{d}f}" for d in range(most + 1))
    return forms


def outputs(notebook: Path) -> str:
    """What the notebook's code cells say: their source (the settings) and every text output."""
    said = []
    for cell in cells(notebook):
        if cell["cell_type"] == "code":
            said.append(source(cell))
            for out in cell.get("outputs", []):
                said.append("".join(out.get("text", "")))
                said += ["".join(v) for k, v in out.get("data", {}).items() if k.startswith("text/")]
    return "\n".join(said)


def _near(number: str, printed: set[str], margin: float) -> bool:
    return margin > 0 and any(abs(float(number) - float(p)) <= margin for p in printed)


def unexplained_numbers(notebook: Path, text: str, printed: set[str]) -> list[str]:
    allowed = ALLOWED.get(notebook.stem, {})
    margin = SAMPLED.get(notebook.stem, 0)
    text = re.sub(r"<details>.*?</details>", "", text, flags=re.S)   # exercises: other settings
    missing = []
    for match in QUOTED.finditer(text):
        number = match.group(1)
        forms = {number}
        if match.group(2):                                   # 6.4% is the output's 0.064
            forms.add(f"{float(number) / 100:.{len(number.split('.')[1]) + 2}f}")
        if not forms & printed and number not in allowed and not _near(number, printed, margin):
            missing.append(f"{number}: …{text[max(0, match.start() - 50):match.end() + 10]}…")
    return missing


def test_the_number_check_can_fail():
    """Notebook 10's slip: 'about 0.000002' beside a printed 4.6e-06."""
    nb = REPO / "notebooks" / "10_choosing_and_reporting.ipynb"
    printed = _printed_forms("posterior probability 4.6e-06; odds 1.6e+05; share 0.723")
    flagged = unexplained_numbers(nb, "the share is about 0.000002, the odds 1.6e5", printed)
    assert len(flagged) == 1 and flagged[0].startswith("0.000002")
    assert unexplained_numbers(nb, "in about 0.72 of the draws (72.3%)", printed) == []
    assert unexplained_numbers(nb, "odds of 0.0000046 against it", printed) == []


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_quoted_numbers_are_printed(notebook):
    printed = _printed_forms(outputs(notebook) + PAPER.read_text(encoding="utf-8"))
    missing = [f"cell {i}: {m}" for i, text in teaching_cells(notebook)
               for m in unexplained_numbers(notebook, text, printed)]
    assert not missing, ("numbers the prose quotes but no output prints: generate them from "
                         "outputs, or add them to ALLOWED with the reason:\n" + "\n".join(missing))


def test_notebook_01s_solution_names_the_range_of_the_mean():
    """Solution 2 once wrote the range's ends as the first and last value ("from ... to ...")."""
    from bayestut import data
    from bayestut.methods import frequentist

    diffs = data.paired_differences(data.load_uci(), "nbc", "aode")
    hepatitis = diffs.row("hepatitis")
    means = {m: round(frequentist.correlated_ttest(hepatitis[:m], diffs.rho).mean, 4)
             for m in range(10, 101, 10)}
    text = "".join(source(c) for c in cells(REPO / "notebooks" / "01_frequentist_pitfalls.ipynb"))
    said = re.search(r"between −(\d\.\d+) and −(\d\.\d+) \(−(\d\.\d+) at 10 folds,\s+−(\d\.\d+) at 100",
                     text)
    assert said, "solution 2's sentence on the mean difference changed: update this test"
    low, high, first, last = (-float(x) for x in said.groups())
    assert (low, high) == (min(means.values()), max(means.values()))
    assert (first, last) == (means[10], means[100])


# --- running times ----------------------------------------------------------------------------

RUNNING_TIME = re.compile(r"\*\*Running time:\*\*\s+(about |under )?(\d+)(?:\s+to\s+(\d+))?\s+"
                          r"(seconds|minutes?)")
LOAD = 4      # a shared 2-core machine moves a run's time by up to this factor (notebook 10's
              # planning cell took 33 s in one committed run and 178 s in the next)


def committed_seconds(notebook: Path) -> float:
    """The sum of the cells' times papermill recorded in the committed run."""
    return sum((c.get("metadata", {}).get("papermill", {}).get("duration") or 0)
               for c in cells(notebook))


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_stated_running_time_is_the_committed_runs(notebook):
    text = "".join(source(c) for c in cells(notebook) if c["cell_type"] == "markdown")
    stated = RUNNING_TIME.search(text)
    if stated is None:
        pytest.skip("states no running time")
    high = float(stated.group(3) or stated.group(2))
    low = 0 if stated.group(1) == "under " else float(stated.group(2))
    unit = 60 if stated.group(4).startswith("minute") else 1
    took = committed_seconds(notebook)
    assert low * unit / LOAD <= took <= high * unit * LOAD, \
        f"states {stated.group(0)!r}, the committed run took {took:.0f} s"


def test_the_readmes_make_test_time_covers_the_notebooks():
    """`make test` reruns every notebook (nbval): it cannot take less than their committed runs."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    stated = re.search(r"`make test` takes (?:about )?(?:\d+ to )?(\d+) minutes", readme)
    assert stated, "README no longer states how long `make test` takes: update this test"
    notebooks = sum(committed_seconds(nb) for nb in NOTEBOOKS) / 60
    assert float(stated.group(1)) >= notebooks, \
        f"README: {stated.group(0)!r}, but the notebooks alone took {notebooks:.0f} minutes"


# --- a notebook run on a reader's file -----------------------------------------------------------

# Cells whose numbers do not come from the results file, so they stay true on a reader's file.
FILE_FREE = {
    "10_choosing_and_reporting": {
        "4f5773c3": "the method's constants (ρ's factors) and notebook 04's reproduction",
        "more-datasets-read": "the growing simulated study, the same whatever the file",
        "c6eef381": "the rope sweep's range, 0 to 0.03, the same whatever the file"},
    "your_results": {"7b4e8cfc": "the exact engine's warning level, 0.02, a setting"},
}


def _runs_on_a_readers_file(notebook: Path) -> bool:
    return any("parameters" in c.get("metadata", {}).get("tags", []) and
               re.search(r"^results\s*=", source(c), re.M) for c in cells(notebook))


@pytest.mark.parametrize("notebook", [nb for nb in NOTEBOOKS if _runs_on_a_readers_file(nb)],
                         ids=lambda p: p.stem)
def test_prose_quoting_the_papers_data_says_so(notebook):
    """Run on a reader's file the outputs are theirs: prose quoting the papers' numbers must say
    whose numbers they are ("on the papers' data"), or be generated from the outputs."""
    every = cells(notebook)
    settings = "\n".join(source(c) for c in every if c["cell_type"] == "code")
    printed = _printed_forms(outputs(notebook)) - set(PRINTED.findall(settings))
    free = FILE_FREE.get(notebook.stem, {})
    ids = [c.get("id") for c in every]
    start = next(i for i, c in enumerate(every) if "parameters" in c["metadata"].get("tags", []))
    unmarked = []
    for i, text in teaching_cells(notebook):
        if i < start or ids[i] in free or "papers' data" in text:
            continue
        body = re.sub(r"<details>.*?</details>", "", text, flags=re.S)
        # two decimals and more, not in the code: a result, not a setting
        quoted = [m.group(1) for m in QUOTED.finditer(body)
                  if m.group(1) in printed and len(m.group(1).split(".")[1]) >= 2]
        if quoted:
            unmarked.append(f"cell {i} ({ids[i]}): {quoted[:5]}")
    assert not unmarked, ("prose quoting numbers from the papers' data without saying so:\n"
                          + "\n".join(unmarked))


# --- the reading path reads well: one idea per sentence ----------------------------------------

READING_PATH = [REPO / "README.md", REPO / "docs" / "reading-your-verdict.md",
                REPO / "docs" / "glossary.md", REPO / "docs" / "your-results.md",
                REPO / "docs" / "first-report.md",
                *(REPO / "notebooks" / f"{nb}.ipynb" for nb in (
                    "01_frequentist_pitfalls", "02_bayesian_correlated_ttest",
                    "04_sign_and_signed_rank", "05_hierarchical", "08_compare_your_own",
                    "09_many_classifiers",
                    "10_choosing_and_reporting"))]
MOST_WORDS = 35          # a longer sentence packs several ideas: split it (a new reader's finding)
ABBREVIATION = re.compile(r"\b(e\.g|i\.e|et al|vs|cf|Fig|Eq|etc)\.", re.IGNORECASE)
SENTENCE_END = re.compile(r"(?<=[.!?])[*_)\"”]*\s+(?=[\"“(*_]*[A-Za-z0-9δσρν])")


def sentences(markdown: str) -> list[str]:
    """The prose sentences of ``markdown``: code, math, tables, headings and quotations of the
    package's output ("…") left out; list items and paragraphs never run into each other."""
    text = markdown
    for pattern, by in ((r"```.*?```", ""), (r"<[^>]+>", " "), (r"\$\$.*?\$\$", " MATH "),
                        (r"\$[^$]+\$", "MATH"), (r"`[^`]*`", "CODE"),
                        (r"!?\[([^\]]*)\]\([^)]*\)", r"\1"), (r"\"[^\"\n]*(?:\n[^\"\n]*)*?\"", "QUOTE")):
        text = re.sub(pattern, by, text, flags=re.S)
    lines = [line for line in text.splitlines() if not line.lstrip().startswith(("|", "#"))]
    found = []
    for block in re.split(r"\n\s*\n|\n\s*(?:[-*>]|\d+\.)\s+", "\n" + "\n".join(lines)):
        block = ABBREVIATION.sub(lambda m: m.group(1) + "\0", " ".join(block.split()))
        found += [s.replace("\0", ".") for s in SENTENCE_END.split(block) if s.strip()]
    return found


def reading_texts(path: Path) -> list[str]:
    if path.suffix == ".ipynb":
        return [text for _, text in teaching_cells(path)]
    return [path.read_text(encoding="utf-8")]


def test_the_sentence_check_can_fail():
    dense = ("The posterior probability (that an outcome is the likeliest for a new data set, the "
             "papers' rule) is above 0.95; otherwise no decision, and the report ends with the "
             "next step (the plan command), which estimates how many data sets a decision needs.")
    assert [len(s.split()) for s in sentences(dense)] == [43]
    split = "A decision is taken above 0.95. Otherwise: no decision, e.g. on *anneal*. ρ = 1/k."
    assert len(sentences(split)) == 3
    assert sentences('The headline: "a long quotation of the output, however long it is".') == \
        ["The headline: QUOTE."]


@pytest.mark.parametrize("path", READING_PATH, ids=lambda p: p.stem)
def test_the_reading_path_has_no_overlong_sentence(path):
    long = [f"{len(s.split())} words: {s[:120]}…" for text in reading_texts(path)
            for s in sentences(text) if len(s.split()) > MOST_WORDS]
    assert not long, (f"sentences over {MOST_WORDS} words: one idea per sentence, parentheses only "
                      "for short asides:\n" + "\n".join(long))
# --- "share" is not a second name of the posterior probability ---------------------------------

# The number the decision is taken on is the "posterior probability" (docs/glossary.md); a
# region's part of a distribution is its "mass". "A share of 0.90" or "shares 0.000 / 0.989"
# named it a second way. A share of repetitions (a frequency, notebook 07) keeps its name.
SHARE_AS_PROBABILITY = re.compile(
    r"\bshares?\s+(?:of\s+)?(?:about\s+|≈\s*)?\d?\.\d+(?![^.;\n]*\brepetitions\b)", re.I)


def test_the_share_check_can_fail():
    for slip in ("the signed-rank test gives aode a share of 0.90",
                 "nearly every draw votes for the rope (shares 0.000 / 0.989 / 0.011)",
                 "in every draw (a share of 1.000)"):
        assert SHARE_AS_PROBABILITY.search(slip), slip
    for fine in ("the 95% interval of a share of 0.05 from 500 repetitions",
                 "folds that share training data", "the share of posterior draws in which"):
        assert not SHARE_AS_PROBABILITY.search(fine), fine


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_share_names_no_probability(notebook):
    found = [f"cell {i}: …{text[max(0, m.start() - 50):m.end() + 20]}…"
             for i, text in teaching_cells(notebook) for m in SHARE_AS_PROBABILITY.finditer(text)]
    assert not found, ("write 'posterior probability' (or 'mass' for a region's part of a "
                       "distribution):\n" + "\n".join(found))


# --- the prose says what the 0.95 rule says ----------------------------------------------------

# The rule gives three outcomes or "no decision"; "clear cases" and "almost surely" grade a
# posterior probability in words the rule does not give (notebook 05 once called pairs at 0.72
# and 0.92 "clear cases", and a posterior probability of 0.01 "almost surely not equivalent").
OVERSTATED = re.compile(r"\bclear(ly)? cases?\b|\balmost (surely|certainly)\b", re.I)


def test_the_overstatement_check_can_fail():
    assert OVERSTATED.search("the two tests agree on the clear cases")
    assert OVERSTATED.search("the two are almost surely not equivalent")
    assert not OVERSTATED.search("no decision: the posterior probability is 0.72")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_prose_grades_no_probability_beyond_the_rule(notebook):
    found = [f"cell {i}: …{text[max(0, m.start() - 60):m.end() + 30]}…"
             for i, text in teaching_cells(notebook) for m in OVERSTATED.finditer(text)]
    assert not found, ("say what the 0.95 rule says (decided: which outcome; else no "
                       "decision, and the probability):\n" + "\n".join(found))


# --- an integrated number is no fraction of draws ----------------------------------------------

# The exact engine (compare's default) draws nothing: its numbers are posterior probabilities,
# not "0.72 of the posterior draws" (notebooks 08 and 10 once said so). A number may be called a
# fraction of draws only where the passage is about a sampled run: Stan's, the signed-rank and
# sign tests' Monte Carlo samples, or the ranking's Gibbs sampler.
OF_THE_DRAWS = re.compile(r"\d?\.\d+(?:\s*±\s*\d?\.\d+)?\s+of\s+(?:the|its|our)\s+(?:[\d,]+\s+)?"
                          r"(?:posterior\s+)?draws\b", re.I)
SAMPLED_RUN = re.compile(r"\bStan\b|engine\s*=\s*\"stan\"|--engine stan|\bMCMC\b|Monte Carlo"
                         r"|\bsign(?:ed-rank)? test|\branking\b|\bGibbs\b", re.I)
# notebooks that sample the hierarchical model with Stan throughout, each with its reason
STAN_RUNS = {"05_hierarchical": "samples every hierarchical fit with Stan (its opening box)"}


def passages(text: str) -> list[str]:
    """A cell's exercise solutions (<details> blocks) and its other paragraphs, one by one."""
    solutions = re.findall(r"<details>.*?</details>", text, flags=re.S)
    rest = re.sub(r"<details>.*?</details>", "\n\n", text, flags=re.S)
    return solutions + [p for p in re.split(r"\n\s*\n", rest) if p.strip()]


def integrated_numbers_as_draws(notebook_stem: str, text: str) -> list[str]:
    if notebook_stem in STAN_RUNS:
        return []
    return [" ".join(p[max(0, m.start() - 60):m.end()].split())
            for p in passages(text) if not SAMPLED_RUN.search(p)
            for m in OF_THE_DRAWS.finditer(p)]


def test_the_draws_check_can_fail():
    slips = ["The likeliest outcome is aode practically better, in about 0.72 of the posterior "
             "draws.",
             "<details><summary>Solution</summary>\n\nAdaBoost practically better in 0.965 of "
             "the draws (0.989 with five).\n</details>"]
    for slip in slips:
        assert integrated_numbers_as_draws("10_choosing_and_reporting", slip), slip
    fine = ["<details><summary>Solution</summary>\n\n`compare(t, engine=\"stan\")`: good "
            "better in 0.986 ± 0.003 of the draws.\n</details>",
            "The signed-rank test agrees (equivalent, in 0.958 of its draws).",
            "aode's region is the largest in 0.721 of the draws",
            "the likeliest outcome, with posterior probability 0.997"]
    assert integrated_numbers_as_draws("05_hierarchical", fine[2]) == []
    for text in (fine[0], fine[1], fine[3]):
        assert integrated_numbers_as_draws("10_choosing_and_reporting", text) == [], text


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_integrated_numbers_are_not_called_draws(notebook):
    found = [f"cell {i}: …{said}…" for i, text in teaching_cells(notebook)
             for said in integrated_numbers_as_draws(notebook.stem, text)]
    assert not found, ("the exact engine draws nothing: write 'with posterior probability "
                       "0.723', as the report does:\n" + "\n".join(found))


# --- notebook 05's Stan internals are off the main path -----------------------------------------

# A newcomer who uses `compare` (the exact engine, no MCMC) learns the method without R-hat, ESS
# and rank plots; notebook 05 keeps them in its appendix, after the takeaways (issue 38).
STAN_CHECKS = re.compile(r"rank_plots|\.arviz\(|az\.summary"
                         r"|^#+ .*(R-hat|rank plots|[Cc]onvergence)", re.M)


def stan_checks_before_takeaways(notebook_cells: list[dict]) -> list[str]:
    """The cells before the "Takeaways" heading that show Stan's convergence checks."""
    found = []
    for i, cell in enumerate(notebook_cells):
        text = source(cell)
        if cell["cell_type"] == "markdown" and re.search(r"^#+\s*Takeaways", text, re.M):
            return found
        if STAN_CHECKS.search(text):
            found.append(f"cell {i}: {text[:80]!r}")
    raise AssertionError("no Takeaways heading")


def test_the_stan_checks_check_can_fail():
    moved_back = [{"cell_type": "markdown", "source": ["## Can the fit be trusted? R-hat"]},
                  {"cell_type": "code", "source": ["fig = hierarchical_plots.rank_plots(result)"]},
                  {"cell_type": "markdown", "source": ["## Takeaways"]}]
    assert len(stan_checks_before_takeaways(moved_back)) == 2


def test_notebook_05s_stan_checks_are_in_its_appendix():
    every = cells(REPO / "notebooks" / "05_hierarchical.ipynb")
    assert stan_checks_before_takeaways(every) == [], "move them to the appendix"
    headings = [source(c) for c in every if c["cell_type"] == "markdown"]
    appendix = next(i for i, text in enumerate(headings) if "## Appendix: how it works" in text)
    assert any(re.search(r"^###\s+Can the Stan fit be trusted", text, re.M)
               for text in headings[appendix:])


# --- the number the decision is taken on, read as the reports write it ---------------------------

# Over many data sets the decision is taken on the posterior probability that an outcome is the
# *likeliest*. "aode is practically better, with posterior probability 0.977" reads as
# P(aode better) = 0.977; the reports now write "the posterior probability that this is the
# likeliest outcome is 0.977", and "no decision (highest: aode better)" in a table cell.
# "Most probable" stays right only for one data set's probabilities (notebooks 01–03) and δ₀'s.
RETIRED_READINGS = {
    "an outcome 'with posterior probability X'": re.compile(
        r"\b(likeliest|better|equivalent)\b[^.;:()]{0,40}\bwith\s+(a\s+)?\**posterior\s+probability\**"
        r"\s+(of\s+)?(only\s+)?[<>]?\s*\d?\.\d", re.I),
    "a report cell's retired 'no decision (most probable: …)'": re.compile(
        r"no decision \(most probable", re.I),
    "'most probable' for a posterior probability over many data sets": re.compile(
        r"\bmost probable\b", re.I),
}
ONE_DATA_SET = ("01_", "02_", "03_")      # the correlated t-test's own probabilities


def retired_readings(notebook_stem: str, text: str) -> list[str]:
    return [f"{what}: …{text[max(0, m.start() - 40):m.end() + 20]}…"
            for what, pattern in RETIRED_READINGS.items()
            if not (what.startswith("'most probable'") and notebook_stem.startswith(ONE_DATA_SET))
            for m in pattern.finditer(text)]


def test_the_retired_readings_check_can_fail():
    slips = ["The report's conclusion holds: good is practically better, with posterior "
             "probability 0.977 (TR 413's: 0.9782).",
             '"good practically better" is the likeliest outcome for the next data set with '
             "**posterior probability** 0.9782",
             "the test declares *equivalent*, with\nposterior probability 0.994 and then 1.000",
             "the table reads no decision (most probable: aode better; odds 12:1)",
             "the most probable outcome over the 54 data sets is aode better"]
    for slip in slips:
        assert retired_readings("08_compare_your_own", slip), slip
    fine = ["the posterior probability that this is the likeliest outcome is 0.977",
            "aode's weight is the largest with posterior probability 0.500",
            "no decision (highest: aode better)"]
    for text in fine:
        assert retired_readings("08_compare_your_own", text) == [], text
    assert retired_readings("02_bayesian_correlated_ttest", "the most probable outcome") == []


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_prose_reads_the_posterior_probability_as_the_reports_do(notebook):
    found = [f"cell {i}: {said}" for i, text in teaching_cells(notebook)
             for said in retired_readings(notebook.stem, text)]
    assert not found, ("write 'the posterior probability that <outcome> is the likeliest outcome "
                       "is X' (docs/glossary.md):\n" + "\n".join(found))


def test_the_readme_marks_notebook_05s_appendix_optional_with_its_time():
    """The README's reading order names notebook 05's appendix as optional, with a running time
    that covers its cells in the committed run (from its heading to the Reproduction notes)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    said = re.search(r"\*Appendix: how it works\*[^;]*\bis optional, off the main reading path; "
                     r"its cells run in under (a|\d+) minutes?", readme)
    assert said, "README no longer marks notebook 05's appendix as optional: update this test"
    minutes = 1 if said.group(1) == "a" else int(said.group(1))
    every = cells(REPO / "notebooks" / "05_hierarchical.ipynb")
    start = next(i for i, c in enumerate(every) if source(c).startswith("## Appendix: how it works"))
    end = next(i for i, c in enumerate(every) if NOTES.search(source(c)))
    took = sum((c.get("metadata", {}).get("papermill", {}).get("duration") or 0)
               for c in every[start:end])
    assert took <= minutes * 60, f"the appendix took {took:.0f} s in the committed run"


# --- what the 0.95 rule reads, said where the one-data-set notebooks end -------------------------

def test_notebook_02_ends_by_saying_what_the_rule_reads_over_many_data_sets():
    """Notebook 02 taught the rule on the probability on one data set and stopped there; a
    reader carried it to many data sets, where it reads another number (readers 22, 25)."""
    taught = [text for _, text in teaching_cells(REPO / "notebooks" /
                                                 "02_bayesian_correlated_ttest.ipynb")]
    takeaways = next(text for text in taught if re.search(r"^## Takeaways", text, re.M))
    before_exercises = takeaways.split("## Exercises", 1)[0]
    said = " ".join(before_exercises.replace(">", " ").split())
    assert "Over many data sets the 0.95 rule reads another number" in said
    assert "**posterior probability** that an outcome is the *likeliest*" in said
    assert "Notebook 04" in said and "glossary.md" in said


# --- a probability that prints as 0.000 is no fraction of the draws -----------------------------

# "in a fraction 0.000 of the draws" (notebook 05): write "in none of the draws" when none is,
# else "in fewer than 0.001 of them"
ZERO_FRACTION = re.compile(r"\b(?:fraction|share|proportion)\s+(?:of\s+)?0\.0+(?!\d*[1-9])"
                           r"|\bin\s+0\.0+(?!\d*[1-9])\s+of\b", re.I)


def test_the_zero_fraction_check_can_fail():
    assert ZERO_FRACTION.search("nbc's region is the largest in a fraction\n0.000 of the draws")
    assert ZERO_FRACTION.search("the rope's in 0.0000 of the draws")
    assert not ZERO_FRACTION.search("in fewer than 0.001 of the draws, printed as 0.000")
    assert not ZERO_FRACTION.search("in a fraction 0.004 of the draws")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_probability_is_read_as_a_fraction_zero(notebook):
    found = [f"cell {i}: …{text[max(0, m.start() - 50):m.end() + 20]}…"
             for i, text in teaching_cells(notebook) for m in ZERO_FRACTION.finditer(text)]
    assert not found, ("write 'in none of the draws' if none is, else 'in fewer than 0.001 of "
                       "them':\n" + "\n".join(found))


def test_notebook_10_quotes_the_plans_time_as_its_benchmark_measured_it():
    """Notebook 10 said `plan` takes "about half a minute", a figure no file measured."""
    bench = (REPO / "benchmarks" / "plan_speed.txt").read_text(encoding="utf-8")
    measured = re.search(r"^54 data sets, after:.*one study \(m = \(5, 10, 20\)\) (\S+) s CPU.*"
                         r"sims = 200: about (\d+) s on 2 idle cores", bench, re.M)
    assert measured, "benchmarks/plan_speed.txt changed its line: update this test"
    taught = " ".join(" ".join(text.split()) for _, text in teaching_cells(
        REPO / "notebooks" / "10_choosing_and_reporting.ipynb"))
    said = re.search(r"For 54 data sets and counts 5, 10 and 20, `benchmarks/plan_speed.txt` "
                     r"measured (\S+) CPU s per study: about (\d+) s on two idle cores", taught)
    assert said and said.groups() == measured.groups()
    assert "depends on the data and the counts" in taught and "--sims 40" in taught
    assert "half a minute" not in taught


def test_the_readmes_method_paper_command_parses_and_says_what_each_option_adds():
    """README step 3: a method paper's full command, in one place; each option it gives exists
    (the parser takes the command as written) and the sentences below it say what it adds."""
    import shlex

    from bayestut.analysis.cli import parser

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = readme.split("A method paper's full command:\n\n```bash\n", 1)[1].split("```", 1)[0]
    words = shlex.split(block.replace("\\\n", " "))
    assert words[:3] == ["python", "-m", "bayestut"]
    given = parser().parse_args(words[3:])
    assert (given.about, given.metric_name, given.rope_chosen, given.prior_check) == (
        "delta0", "AUC", "before", True)
    said = readme.split(block, 1)[1].split("\n\n", 2)[1]
    for option in {w for w in words if w.startswith("--")} - {"--rope", "--out"}:
        assert f"`{option}" in said, option


def test_the_glossary_reads_on_github_a_heading_per_term_and_links_that_resolve():
    """docs/glossary.md is plain Markdown, which GitHub renders (a MyST {glossary} directive
    showed there as one block of source); the book reads its headings as glossary terms
    (docs/_ext/book_extras.py). Each link to a term names a heading's GitHub anchor."""
    import unicodedata

    def anchor(heading):      # GitHub's, as book_extras.github_anchor
        kept = "".join(c for c in heading.strip().lower()
                       if c in " -_" or unicodedata.category(c)[0] in "LMN")
        return kept.replace(" ", "-")

    text = (REPO / "docs" / "glossary.md").read_text(encoding="utf-8")
    assert not re.search(r"\{(glossary|term|cite)", text), "MyST syntax GitHub shows raw"
    terms = re.findall(r"^## (.+)$", text, flags=re.MULTILINE)
    assert {"posterior probability", "δ₀", "ρ", "Plackett–Luce model"} <= set(terms)
    anchors = {anchor(term) for term in terms}
    assert anchor("Plackett–Luce model") == "plackettluce-model" and anchor("δ₀") == "δ₀"
    links = re.findall(r"\]\(#([^)]+)\)", text)
    assert len(links) > 20 and set(links) <= anchors, sorted(set(links) - anchors)
    extras = (REPO / "docs" / "_ext" / "book_extras.py").read_text(encoding="utf-8")
    assert 'app.connect("source-read", glossary_directive)' in extras
