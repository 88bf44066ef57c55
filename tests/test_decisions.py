import numpy as np
import pandas as pd
import pytest

from bayestut.errors import InputError
from bayestut.methods.decisions import (LOSS_JMLR, NO_DECISION, decide, decide_by_loss,
                                        decide_regions, labelled, nhst_versus_bayes, outcomes,
                                        posterior_odds, probability_columns, shown)


def test_outcomes_are_named_after_the_classifiers_a_better_first():
    assert outcomes("nbc", "aode") == ("nbc better", "equivalent", "aode better")
    assert shown(["left", "rope", "right"]) == ["right", "rope", "left"]
    assert probability_columns("nbc", "aode") == ["P(nbc better)", "P(equivalent)",
                                                  "P(aode better)"]


def test_labelled_turns_the_number_line_into_the_reading_order():
    # (left, rope, right) = (b better, equivalent, a better)
    s = labelled([0.1, 0.2, 0.7], "svm", "xgb", "posterior probability")
    assert list(s.index) == ["svm better", "equivalent", "xgb better"]
    assert s["svm better"] == 0.7 and s["xgb better"] == 0.1
    assert s.name == "posterior probability"
    frame = labelled([[0.1, 0.2, 0.7], [0.6, 0.3, 0.1]], "svm", "xgb")
    assert list(frame.columns) == ["svm better", "equivalent", "xgb better"]
    assert frame["xgb better"].tolist() == [0.1, 0.6]


def test_threshold_rule_answers_with_names_in_the_reading_order():
    p = np.array([[0.96, 0.03, 0.01], [0.2, 0.79, 0.01], [0.0, 0.04, 0.96], [0.95, 0.05, 0.0]])
    assert decide(p).tolist() == ["a better", NO_DECISION, "b better", NO_DECISION]
    assert decide(p, 0.75).tolist() == ["a better", "equivalent", "b better", "a better"]
    assert decide(p[0], a="svm", b="xgb") == "svm better"


def test_decide_reads_a_results_labels():
    s = labelled([0.01, 0.02, 0.97], "svm", "xgb")         # svm better on the number line's right
    assert decide(s) == "svm better"
    frame = labelled([[0.97, 0.02, 0.01], [0.3, 0.4, 0.3]], "svm", "xgb")
    frame.index = ["d1", "d2"]
    chosen = decide(frame)
    assert isinstance(chosen, pd.Series) and chosen.to_dict() == {"d1": "xgb better",
                                                                 "d2": NO_DECISION}


def test_decide_regions_is_the_same_rule_on_the_number_line():
    rng = np.random.default_rng(2)
    p = rng.dirichlet([0.3, 0.3, 0.3], size=2_000)
    names = {"left": "b better", "rope": "equivalent", "right": "a better",
             NO_DECISION: NO_DECISION}
    assert [names[c] for c in decide_regions(p)] == decide(p[:, ::-1]).tolist()


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
    assert decide_by_loss(np.array([0.95, 0.05, 0.0])) == NO_DECISION


def test_odds_are_a_better_against_b_better():
    assert posterior_odds(labelled([0.1, 0.5, 0.4], "a", "b")) == pytest.approx(4.0)
    assert posterior_odds([0.4, 0.5, 0.1]) == pytest.approx(4.0)


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
    dec = np.array(["a better", NO_DECISION, "equivalent", "equivalent"])
    raw = nhst_versus_bayes(p, dec)
    assert raw[("rejected", "data sets")] == 2 and raw[("rejected", "difference")] == 1
    assert raw[("not rejected", "no decision")] == 1 and raw[("not rejected", "equivalent")] == 1
    printed = nhst_versus_bayes(p, dec, p_decimals=3)
    assert printed[("rejected", "data sets")] == 3
