import numpy as np
import pytest

from bayestut.errors import InputError
from bayestut.methods.decisions import odds_grade, posterior_odds
from bayestut.analysis.wording import odds_phrase


def test_odds_are_a_better_over_b_better():
    p = np.array([[0.6, 0.2, 0.2], [0.1, 0.5, 0.4]])         # (a better, equivalent, b better)
    np.testing.assert_allclose(posterior_odds(p), [3.0, 0.25])


def test_grades_follow_the_blog_table():
    odds = np.array([1.5, 3.0, 3.5, 20.0, 21.0, 1 / 2.5, 1 / 10, 1 / 40])
    assert odds_grade(odds).tolist() == ["weak", "weak", "positive", "positive", "strong",
                                         "weak", "positive", "strong"]


def test_no_grade_without_a_favoured_side():
    p = np.array([[0.3, 0.4, 0.3], [0.0, 1.0, 0.0]])
    assert odds_grade(posterior_odds(p)).tolist() == ["none", "none"]


def test_zero_on_one_side_is_strong():
    assert odds_grade(posterior_odds([0.0, 0.2, 0.8])).item() == "strong"
    # P(ada better) shows "< 0.001" in every table: the odds read "over 1,000", as any odds
    # beyond 1,000 do, never "= 0" or "no finite estimate" (one printed number, one wording)
    text = odds_phrase([0.0, 0.2, 0.8], "knn", "ada")
    assert "odds of knn better against ada better are over 1,000" in text
    assert "= 0" not in text and "finite" not in text and "infinite" not in text
    assert odds_phrase([0.0, 0.2, 0.8], "knn", "ada") == odds_phrase([0.0002, 0.2, 0.7998],
                                                                     "knn", "ada")


def test_words_name_the_better_classifier():
    # left is ada better
    text = odds_phrase([0.8, 0.1, 0.1], "knn", "ada")
    assert "odds of ada better against knn better are 8 (odds weigh the two directions only" in text
    assert "evidence" not in text
    assert "neither" in odds_phrase([0.2, 0.6, 0.2], "knn", "ada")


def test_bad_probabilities_are_refused():
    with pytest.raises(InputError, match="sum to 1"):
        posterior_odds([0.5, 0.5, 0.5])
