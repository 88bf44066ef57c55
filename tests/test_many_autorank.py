"""All-pairs signed-rank results against autorank's Bayesian mode (autorank 1.3, via baycomp).

Conventions that differ, none of which changes a probability:
- autorank sorts the classifiers by mean (or median) score, best first, and fills only the
  upper triangle: entry (i, j), i before j in its order, is baycomp's SignedRankTest(x=i, y=j),
  which works on y - x. Its tuple is therefore (P(i ≫ j), P(rope), P(j ≫ i)), the reverse of
  ours for the pair (i, j), whose differences are i - j: (P(i ≪ j), P(rope), P(i ≫ j)).
- autorank names the decision after its tuple: "smaller" when P(i ≫ j) >= 1 - alpha, "larger"
  when P(j ≫ i) >= 1 - alpha; it decides at >= 1 - alpha, we at > threshold (the same unless a share is exactly
  0.95).
Both use the prior of JMLR §4.2 (strength 0.5 on a pseudo-observation at 0), count a pairwise
sum on the rope's boundary one half to each side, and report the share of Monte Carlo samples
in which each outcome is the most probable; only the random draws differ.
"""

import itertools

import numpy as np
import pytest

from bayestut.data import UCI_CLASSIFIERS, load_uci
from bayestut.analysis.many import compare_all, mean_scores

autorank = pytest.importorskip("autorank")
SAMPLES = 20_000
TOLERANCE = 0.02       # two independent shares of 20,000 samples: standard error <= 0.005


def test_signed_rank_matrix_agrees_with_autorank():
    table = load_uci()
    ours = compare_all(table, rope=0.01, signed_rank_samples=SAMPLES, chains=1, warmup=100,
                       draws=100, ranking=False, progress=False)
    theirs = autorank.autorank(mean_scores(table, UCI_CLASSIFIERS, False), alpha=0.05,
                               approach="bayesian", rope=0.01, rope_mode="absolute",
                               nsamples=SAMPLES, random_state=1)
    order = list(theirs.posterior_matrix.index)
    assert sorted(order) == sorted(UCI_CLASSIFIERS)
    decisions = ours.matrix("signed-rank", "decision")
    for i, j in itertools.combinations(order, 2):
        words = {f"{i} better": "smaller", "equivalent": "equal", f"{j} better": "larger"}
        first, rope, second = theirs.posterior_matrix.loc[i, j]
        mine = ours.probabilities("signed-rank", i, j)      # i better, equivalent, j better
        np.testing.assert_allclose(mine, [first, rope, second], atol=TOLERANCE,
                                   err_msg=f"{i} against {j}")
        assert words.get(decisions.loc[i, j], "inconclusive") == theirs.decision_matrix.loc[i, j]
