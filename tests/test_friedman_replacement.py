"""docs/your-results.md, "Replacing a Friedman/Nemenyi table": its command, and the tables it
quotes as that command prints them (the `.md`'s compact table, the ranking's numbers)."""

import re
from pathlib import Path

import pytest

import bayestut as bt
from bayestut.analysis import writeup_tables

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "your-results.md"
COMMAND = ("python -m bayestut compare data/uci_cv_accuracy.csv hnb nbc aode "
           "--score accuracy_percent --percent --out report/")


@pytest.fixture(scope="module")
def section() -> str:
    text = PAGE.read_text(encoding="utf-8")
    return text.split("## Replacing a Friedman/Nemenyi table", 1)[1].split("\n## ", 1)[0]


@pytest.fixture(scope="module")
def many():
    """What the section's command computes."""
    return bt.compare_all(str(ROOT / "data" / "uci_cv_accuracy.csv"), ["hnb", "nbc", "aode"],
                          score="accuracy_percent", percent=True, n_jobs=1, progress=False)


def _tables(section: str) -> list[list[str]]:
    """The section's Markdown tables, each as its lines."""
    return [block.strip().splitlines() for block in re.findall(r"((?:^\|.*\n)+)", section, re.M)]


def test_the_section_gives_its_command(section):
    assert COMMAND in section


def test_the_compact_table_is_the_mds(section, many):
    compact = _tables(section)[0]
    printed = writeup_tables.compact_markdown(many).splitlines()
    assert compact == printed[:len(compact)]
    assert len(compact) == 2 + 3          # header, rule, the three pairs


def test_the_ranking_is_the_results(section, many):
    quoted = _tables(section)[1][2:]
    table = many.ranking.table()
    expected = [f"| {k} | {r['P(first)']:.2f} | {r['P(first) lower']:.2f} to "
                f"{r['P(first) upper']:.2f} | {r['expected rank']:.1f} | "
                f"{r['expected rank lower']:.1f} to {r['expected rank upper']:.1f} |"
                for k, r in table.iterrows()]
    assert quoted == expected


def test_the_reading_says_what_the_numbers_say(section, many):
    """The prose's claims, checked on the result: which pairs decide, δ₀'s interval below 0
    for nbc-aode, aode likeliest first with P(first) 0.50."""
    decisions = {pair: c.decision for pair, c in many.pairs.items()}
    assert decisions == {("hnb", "nbc"): "hnb better", ("hnb", "aode"): "equivalent",
                         ("nbc", "aode"): "no decision"}
    low, high = many.pairs["nbc", "aode"].hierarchical.delta0_interval(0.95)
    assert high < 0
    table = many.ranking.table()
    assert table.index[0] == "aode" and f"{table['P(first)'].iloc[0]:.2f}" == "0.50"
    assert "with probability 0.50 only" in section


def test_the_method_papers_claim_quotes_the_pairs_delta0(section, many):
    """hnb-nbc: the papers' rule decides, δ₀ does not (docs4: the section names both)."""
    from bayestut.methods.decisions import probability_text

    pair = many.pairs["hnb", "nbc"]
    delta0 = pair.hierarchical.delta0_probabilities
    assert pair.decision == "hnb better" and delta0.max() < many.threshold
    assert f"hnb better {probability_text(delta0['hnb better'])}, short" in section
    low, high = pair.hierarchical.delta0_interval(0.95)
    assert 0 < low and f"+{low:.3f} to +{high:.3f}, excludes 0" in section
    assert "--about delta0" in section and "by the papers' rule, on a new data set" in section
