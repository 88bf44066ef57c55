"""How the verdict's decision depends on the prior on ν (bayestut.analysis.prior_check):
Comparison.prior_check refits the exact engine under the papers' other priors, and one sentence
says whether the decision changes, in the console, the HTML and the .md when asked
(compare(prior_check=True), --prior-check)."""

import dataclasses
import types

import markupsafe
import numpy as np
import pytest

import bayestut as bt
from bayestut.analysis import cli, prior_check, report, wording, writeup
from bayestut.analysis.prior_check import PRIORS, VERDICTS
from bayestut.errors import InputError

from conftest import make_table

LABELS = ["mine better", "equivalent", "baseline better"]
KRUSCHKE = "Kruschke's Gamma(1, 0.0345) on ν − 1"


def _near(gap: float = 0.0125):
    """8 data sets near the threshold, one far out: how heavy the top level's tails may be
    (the prior on ν) decides how much it pulls."""
    return make_table(datasets=8, runs=2, folds=5, gaps=[gap] * 7 + [0.1], noise=0.01, seed=1)


@pytest.fixture(scope="module")
def flips():
    """mine better (0.953) under the verdict's prior, no decision (0.949) under Kruschke's."""
    return bt.compare(_near(), "mine", "baseline", prior_check=True)


@pytest.fixture(scope="module")
def stable():
    return bt.compare(make_table(datasets=6, runs=2, folds=5, gaps=0.03, noise=0.01, seed=1),
                      "mine", "baseline", prior_check=True)


def test_the_verdicts_prior_is_the_verdicts_fit_and_the_default(flips):
    c, check = flips, flips.prior_check
    assert list(check.index) == list(PRIORS) and check.index[0] == VERDICTS
    assert list(check.columns) == [*LABELS, "decision", "outcome", "probability",
                                   "± probability", "changed"]
    row = check.loc[VERDICTS]
    assert row["decision"] == c.decision and not row["changed"]
    np.testing.assert_array_equal(row[LABELS].to_numpy(dtype=float),
                                  c.hierarchical.probabilities.to_numpy())
    # the name is the default's: a refit with PRIORS' keywords gives the verdict's numbers
    hyperprior, nu_prior = PRIORS[VERDICTS]
    again = bt.hierarchical_test(c.differences, rope=c.rope, seed=0, hyperprior=hyperprior,
                                 nu_prior=nu_prior)
    np.testing.assert_array_equal(again.probabilities.to_numpy(),
                                  c.hierarchical.probabilities.to_numpy())


def test_each_prior_is_applied(flips):
    check = flips.prior_check
    p = check[LABELS].to_numpy(dtype=float)
    assert len({tuple(np.round(row, 6)) for row in p}) == len(PRIORS)   # four different fits
    fit = bt.hierarchical_test(flips.differences, rope=0.01, nu_prior="kruschke")
    np.testing.assert_array_equal(check.loc[KRUSCHKE, LABELS].to_numpy(dtype=float),
                                  fit.probabilities.to_numpy())


def test_a_prior_that_changes_the_decision_is_named_with_the_decision_under_it(flips):
    c, check = flips, flips.prior_check
    assert c.decision == "mine better"
    assert list(check["changed"]) == [False, False, True, False]
    assert check.loc[KRUSCHKE, "decision"] == "no decision"
    # farther from the threshold than four times each integral's numerical error
    margin = (check["probability"] - c.threshold).abs()
    assert (margin > 4 * check["± probability"]).all(), check
    assert prior_check.sentence(c) == (
        "The decision depends on the prior on ν: under Kruschke's Gamma(1, 0.0345) on ν − 1 "
        "there would be no decision (highest posterior probability: 0.949, for mine "
        "practically better than baseline; 0.95 needed); under the 2 other priors checked "
        "(JMLR's hyperprior bounds, Juárez and Steel's Gamma(2, 0.1) on ν − 1) it is the "
        "same.")


def test_a_stable_decision_gives_its_range_over_the_priors(stable):
    c, check = stable, stable.prior_check
    assert c.decision == "mine better" and not check["changed"].any()
    sentence = prior_check.sentence(c)
    assert sentence.startswith(
        "The decision (mine practically better than baseline) is the same under the 3 other "
        "priors checked (JMLR's hyperprior bounds, Kruschke's Gamma(1, 0.0345) on ν − 1, "
        "Juárez and Steel's Gamma(2, 0.1) on ν − 1): the posterior probability of mine "
        "practically better than baseline ")
    # one number when the four round alike (reader 17: "ranges from 0.998 to 0.998")
    low, high = (wording.number(p, e, c.threshold) for p, e in
                 (check.loc[check["probability"].idxmin(), ["probability", "± probability"]],
                  check.loc[check["probability"].idxmax(), ["probability", "± probability"]]))
    assert sentence.endswith(f"{wording.is_(low)} under all 4 priors." if low == high else
                             f"ranges from {low} to {high} over the 4 priors.")


def test_the_sentence_names_the_outcome_whichever_classifier_is_first():
    """The same data read the other way round: the decided outcome is still mine's."""
    c = bt.compare(_near(0.013), "baseline", "mine", prior_check=True)
    assert c.decision == "mine better"
    assert c.prior_check["outcome"].eq("mine better").all()
    sentence = prior_check.sentence(c)
    assert "(mine practically better than baseline) is the same" in sentence
    assert "of mine practically better than baseline " in sentence
    assert "baseline practically better than mine" not in sentence


def test_about_delta0_checks_the_decision_on_delta0():
    c = bt.compare(_near(), "mine", "baseline", about="delta0", prior_check=True)
    check = c.prior_check
    np.testing.assert_array_equal(check.loc[VERDICTS, LABELS].to_numpy(dtype=float),
                                  c.hierarchical.delta0_probabilities.to_numpy())
    assert c.decision == "no decision" and not check["changed"].any()
    assert prior_check.sentence(c).startswith("There is no decision on δ₀ under the 3 other")
    assert "the probability for δ₀ of mine practically better than baseline" in \
        prior_check.sentence(c)


def test_the_reports_carry_it_when_asked_and_only_then(flips, tmp_path):
    sentence = prior_check.sentence(flips)
    lines = flips.summary().splitlines()
    assert sentence in lines
    assert str(markupsafe.escape(sentence)) in report.html_report(flips)
    quoted = prior_check.sentence(flips, quote=lambda n: f"“{n}”")    # a paper quotes names
    assert quoted in writeup.results_text(flips) and sentence not in writeup.results_text(flips)
    quiet = bt.compare(_near(), "mine", "baseline")
    for text in (quiet.summary(), writeup.results_text(quiet)):
        assert "prior on ν" not in text and "other priors" not in text
    assert "prior_check" not in vars(quiet)         # not computed unless asked


def test_not_checked_where_it_cannot_be():
    one = bt.compare(_near()[lambda t: t["dataset"] == "d1"], "mine", "baseline",
                     prior_check=True)
    assert one.prior_check is None and prior_check.note(one) == ""
    c = bt.compare(_near(), "mine", "baseline", prior_check=True)
    stan = dataclasses.replace(c, hierarchical=types.SimpleNamespace(engine="stan"))
    assert stan.prior_check is None
    assert prior_check.note(stan) == prior_check.NOT_CHECKED


def test_the_option_is_checked_and_the_command_line_passes_it():
    with pytest.raises(InputError, match="prior_check must be True or False"):
        bt.compare(_near(), "mine", "baseline", prior_check="yes")
    args = cli.parser().parse_args(["compare", "r.csv", "a", "b", "--prior-check"])
    assert args.prior_check is True
    assert cli.main(["compare", "r.csv", "a", "b", "c", "--prior-check"]) == 2
