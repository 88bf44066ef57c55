"""The card Reading your verdict travels with the package: ``python -m bayestut card`` prints
it (the installed wheel's is tested in test_wheel.py), from its one source in docs/, and the
"no decision" report's next step names that command, not a repository path."""

from __future__ import annotations

import shlex
from pathlib import Path

from bayestut import paths
from bayestut.analysis.cli import card_text, main
from bayestut.analysis.verdict_notes import CARD

DOCS_CARD = Path(__file__).resolve().parents[1] / "docs" / "reading-your-verdict.md"


def test_the_package_card_is_the_docs_card_itself():
    assert paths.CARD.resolve() == DOCS_CARD         # a link, not a copy that can drift
    assert card_text() == DOCS_CARD.read_text(encoding="utf-8")


def test_the_next_steps_command_prints_the_no_decision_section(capsys):
    command = shlex.split(CARD[CARD.index("(") + 1:CARD.rindex(")")])
    assert command[:3] == ["python", "-m", "bayestut"]
    assert main(command[3:]) == 0
    said = capsys.readouterr().out
    assert said.startswith("**No decision** means that no outcome reaches the threshold")
    assert "python -m bayestut plan" in said           # the section's next step
    assert "**δ₀" not in said and "**The threshold**" not in said      # that section only


def test_a_section_is_found_by_the_start_of_its_title_in_any_spelling():
    assert card_text("no-decision") == card_text("No decision")
    assert card_text("the rope").startswith("**The rope**")


def test_an_unknown_section_is_an_input_error_naming_them(capsys):
    assert main(["card", "--section", "Odds"]) == 2
    message = capsys.readouterr().err
    assert "no section 'Odds'" in message and '"No decision"' in message
    assert "or no --section for the whole card" in message


def test_the_posterior_probabilitys_line_says_whose_verdict_it_is_by_default():
    # with --about delta0 the verdict is on δ₀: the card said the posterior probability was
    # the verdict's, whatever the option
    line = next(x for x in card_text().splitlines() if x.startswith("| **posterior probability"))
    assert "by default the decision is taken on it" in line
    assert "With `--about delta0` the decision is taken on δ₀'s probabilities instead" in line


def test_the_card_counts_its_kinds_of_number_as_its_table_lists_them():
    # the card said "Four kinds of number" above a table of four, then "a fifth kind" below it
    import re

    text = card_text()
    words = {"Three": 3, "Four": 4, "Five": 5, "Six": 6}
    said = re.search(r"\*\*(\w+) kinds of number", text)
    assert said and said.group(1) in words, "the card no longer counts its kinds of number"
    table = text.split(said.group(0), 1)[1].split("\n\n", 2)[1]
    rows = [line for line in table.splitlines() if line.startswith("| **")]
    assert len(rows) == words[said.group(1)]
    assert not re.search(r"\b(fifth|sixth) kind\b", text, re.I)


def test_the_cards_three_draws_give_the_share_and_the_average_it_says():
    # the worked example of "the posterior probability that an outcome is the likeliest"
    import re

    import numpy as np

    text = " ".join(DOCS_CARD.read_text(encoding="utf-8").split())
    example = text.split('**"The likeliest", counted** (made-up numbers).', 1)[1].split("**", 1)[0]
    draws = np.array([[float(x) for x in d.split(" · ")] for d in re.findall(
        r"\b(0\.\d · 0\.\d · 0\.\d)\b", example)][:3])
    outcomes = ["mine better", "equivalent", "baseline better"]
    likeliest = [outcomes[i] for i in draws.argmax(axis=1)]
    assert likeliest == ["mine better", "equivalent", "mine better"]
    assert "*mine better* is the likeliest in the first and third draws" in example
    assert f"that share, {likeliest.count('mine better')} of 3" in example
    average = " · ".join(f"{p:.1f}" for p in draws.mean(axis=0))
    assert f"The draws' average, {average}, is the probability on a new data set" in example


def test_kruschkes_rule_is_as_strict_as_the_card_and_glossary_say():
    # a normal posterior: the 95% HDI is mean ± 1.96 sd
    from scipy.stats import norm

    rope, sd = 0.01, 0.002
    edge = rope - norm.ppf(0.975) * sd            # HDI's upper end on the rope's edge
    assert abs(norm.sf(rope, edge, sd) - 0.025) < 1e-9          # 2.5% across that edge
    nearer = rope - norm.ppf(0.955) * sd          # 4.5% across one edge: the 0.95 rule decides
    inside = norm.cdf(rope, nearer, sd) - norm.cdf(-rope, nearer, sd)
    assert inside > 0.95 and nearer + norm.ppf(0.975) * sd > rope   # the HDI crosses the edge
    said = "leaves at most 2.5% across each rope edge"
    for page in (DOCS_CARD, DOCS_CARD.parent / "glossary.md"):
        text = " ".join(page.read_text(encoding="utf-8").split())
        assert said in text and "Kruschke" in text and "highest-density interval" in text
