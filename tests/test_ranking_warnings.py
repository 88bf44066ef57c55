"""The ranking's sampler warnings name the classifier and show R-hat with three decimals
(issue 38): "R-hat above 1.01 for the weight of svm (1.024)", not "for w[2] (1.02)"."""

import re

import numpy as np

from bayestut.methods.diagnostics import Diagnostics, diagnose
from bayestut.methods.ranking import Ranking
from bayestut.methods.ranking_gibbs import GibbsFit


def ranking_with(rhat: dict, ess: dict) -> Ranking:
    d = Diagnostics(chains=4, draws=100, divergences=0, max_treedepth_hits=0, rhat=rhat,
                    ess_bulk=ess)
    return Ranking(classifiers=("rf", "svm", "xgb"), w=np.full((400, 3), 1 / 3), n_datasets=5,
                   fit=GibbsFit(d))


def test_a_warning_names_the_classifier_and_shows_three_decimals():
    r = ranking_with({"w[0]": 1.003, "w[1]": 1.0243}, {"w[2]": 364.4, "w[0]": 2500.0})
    problems = r.diagnostics.problems
    assert problems[0].startswith("R-hat above 1.01 for the weight of svm (1.024): ")
    assert problems[1].startswith("bulk ESS below 400 for the weight of xgb (364): ")
    assert not any(re.search(r"\bw\[\d\]", p) for p in problems)


def test_a_value_just_above_the_threshold_is_visibly_above_it():
    problems = ranking_with({"w[2]": 1.0104}, {}).diagnostics.problems
    assert "the weight of xgb (1.010)" in problems[0]
    assert float(re.search(r"\((1\.\d+)\)", problems[0])[1]) >= 1.01


def test_a_large_ess_is_a_count_not_a_power_of_ten():
    rng = np.random.default_rng(0)
    draws = rng.normal(size=(4, 2000, 2)) + np.array([0.0, 1.0])[None, None, :]
    draws[1, :, 1] += 0.5                    # one chain off: R-hat high, ESS fine
    d = diagnose({"w": draws}, np.zeros((4, 2000), bool), np.zeros((4, 2000), bool))
    named = Ranking(("a", "b"), draws.reshape(-1, 2), 5, GibbsFit(d)).diagnostics
    assert "the weight of b" in named.rhat and "w[1]" in d.rhat
    text = " ".join(Diagnostics(20, 10, 0, 0, {}, {"delta": 1234.0}).problems)    # below 2000
    assert "(1234)" in text and "e+" not in text
