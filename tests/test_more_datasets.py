"""More data sets decide: the hierarchical test on a growing simulated study (notebook 10)."""

import numpy as np
import pytest

from bayestut.errors import InputError
from bayestut.simulation import more_datasets, populations

FIG2 = populations.Cauchy(0.0, 0.02 / 6)       # MLJ Figure 2's population


def test_true_shares_are_the_cauchy_masses():
    shares = more_datasets.true_shares(FIG2, size=200_000)
    inside = 2 / np.pi * np.arctan(0.01 / (0.02 / 6))          # about 0.795
    # the simulator caps the far tails, not the rope's neighbourhood; 4 binomial errors
    assert shares[1] == pytest.approx(inside, abs=4 * np.sqrt(0.25 / 200_000))
    assert shares.sum() == pytest.approx(1.0)
    assert shares[0] == pytest.approx(shares[2], abs=0.005)     # a symmetric population


def test_two_hundred_data_sets_decide_equivalent():
    table = more_datasets.growing_study(FIG2, counts=(10, 200))
    assert table.loc[10, "decision"] == more_datasets.NO_DECISION
    assert table.loc[200, "decision"] == "equivalent"
    # the decision's probability went to 1 (the exact engine: no Monte Carlo error) ...
    assert table.loc[200, "posterior probability: equivalent"] > 0.999
    # ... while a new data set keeps the population's spread (its true share is about 0.8)
    assert 0.5 < table.loc[200, "probability on a new data set: equivalent"] < 0.9
    assert table.loc[200, ["probability on a new data set: A better", "probability on a new data set: B better"]].min() > 0.05
    posterior = table.filter(like="posterior probability:").to_numpy()
    assert posterior.sum(axis=1) == pytest.approx(1.0, abs=1e-6)


@pytest.mark.parametrize("counts", [(), (50, 10), (1, 10), (10, 10)])
def test_counts_are_checked(counts):
    with pytest.raises(InputError, match="increasing"):
        more_datasets.growing_study(FIG2, counts=counts)
