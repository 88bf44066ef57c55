import numpy as np
import pytest

from bayestut.errors import InputError
from bayestut.methods.decisions import (LOSS_JMLR, decide, decide_by_loss, nhst_versus_bayes,
                                        outcome_names, probability_columns, shown)


def test_outcomes_are_named_after_the_classifiers_a_better_first():
    assert outcome_names("nbc", "aode") == ("aode better", "equivalent", "nbc better")
    assert shown(["left", "rope", "right"]) == ["right", "rope", "left"]
    assert probability_columns("nbc", "aode") == ["P(nbc better)", "P(equivalent)",
                                                  "P(aode better)"]


def test_threshold_rule():
    p = np.array([[0.96, 0.03, 0.01], [0.2, 0.79, 0.01], [0.0, 0.04, 0.96], [0.95, 0.05, 0.0]])
    assert decide(p).tolist() == ["left", "none", "right", "none"]
    assert decide(p, 0.75).tolist() == ["left", "rope", "right", "left"]


def test_loss_matrix_of_eq_7_equals_the_095_rule():
    rng = np.random.default_rng(0)
    p = rng.dirichlet([0.3, 0.3, 0.3], size=20_000)   # many near-certain rows
    np.testing.assert_array_equal(decide_by_loss(p, LOSS_JMLR), decide(p, 0.95))


def test_loss_matrix_equals_rule_at_other_thresholds():
    # a wrong claim costing c: claim when P > 1 - 1/c
    rng = np.random.default_rng(1)
    p = rng.dirichlet([0.5, 0.5, 0.5], size=5_000)
    loss = np.vstack([10 * (1 - np.eye(3)), np.ones(3)])
    np.testing.assert_array_equal(decide_by_loss(p, loss), decide(p, 0.9))


def test_a_tie_makes_no_decision():
    assert decide_by_loss(np.array([0.95, 0.05, 0.0])) == "none"


@pytest.mark.parametrize("p, message", [
    (np.array([0.5, 0.5]), "last axis"),
    (np.array([0.5, 0.6, 0.1]), "sum to 1"),
    (np.array([np.nan, 0.5, 0.5]), "sum to 1"),
])
def test_bad_probabilities(p, message):
    with pytest.raises(InputError, match=message):
        decide(p)


def test_bad_loss_matrix_shape():
    with pytest.raises(InputError, match="4 x 3"):
        decide_by_loss(np.array([0.2, 0.3, 0.5]), np.ones((3, 3)))


def test_nhst_versus_bayes_counts_and_rounding():
    p = np.array([0.01, 0.0503, 0.2, 0.04])
    dec = np.array(["left", "none", "rope", "rope"])
    raw = nhst_versus_bayes(p, dec)
    assert raw[("rejected", "data sets")] == 2 and raw[("rejected", "difference")] == 1
    assert raw[("not rejected", "no decision")] == 1 and raw[("not rejected", "rope")] == 1
    printed = nhst_versus_bayes(p, dec, p_decimals=3)
    assert printed[("rejected", "data sets")] == 3
