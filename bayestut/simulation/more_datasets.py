"""What more data sets do to the hierarchical test's decision (notebook 10, *Which estimand*).

One study grows: data sets are drawn from a known population (the δᵢ populations of MLJ §5),
cross-validated by the simulator of :mod:`bayestut.simulation.crossval`, and the hierarchical
test (its default exact engine) is run on the first q of them for each q. The decision is taken
on the posterior probability that an outcome is the likeliest for a new data set; that
probability goes to 0 or 1 as q grows, unless two outcomes hold nearly equal shares of the
population. The probability of each outcome on a new data set does not: it settles at the
population's own shares (its spread), which is why a decision can be strong and still weak
about the next data set.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..errors import InputError
from ..methods.hierarchical import NEW_DATA_SET, POSTERIOR, hierarchical_test
from . import crossval

# the outcomes as a reader sees them; the simulator's differences are classifier A - B
NAMES = ("A better", "equivalent", "B better")
NO_DECISION = "no decision"


def _reading_order(values: pd.Series) -> np.ndarray:
    """A result's labelled probabilities (already in the reading order) as numbers."""
    return values.to_numpy(dtype=float)


def true_shares(population, rope: float = 0.01, size: int = 1_000_000,
                seed: int = 0) -> np.ndarray:
    """The population's own share of data sets in each outcome, reading order.

    Parameters
    ----------
    population
        A δᵢ population of :mod:`bayestut.simulation.populations` (anything with ``sample``).
    rope
        The rope's half-width.
    size
        How many δᵢ to draw: the shares' Monte Carlo error is at most 0.5/√size.
    seed
        The seed of the draws.

    Returns
    -------
    numpy.ndarray
        P(A better), P(equivalent), P(B better) of the difference the simulator realises.
    """
    delta = crossval.realised_delta(population.sample(np.random.default_rng(seed), size))
    return np.array([np.mean(delta > rope), np.mean(np.abs(delta) <= rope),
                     np.mean(delta < -rope)])


def growing_study(population, counts=(10, 50, 200), *, rope: float = 0.01,
                  threshold: float = 0.95, seed: int = 0) -> pd.DataFrame:
    """The hierarchical test on the first q data sets of one simulated study, for each q.

    Parameters
    ----------
    population
        The population the data sets' true differences δᵢ are drawn from, e.g.
        ``populations.Cauchy(0, 0.02 / 6)`` (MLJ Figure 2's).
    counts
        The numbers of data sets q, increasing; the study holds ``max(counts)`` data sets and
        each q uses its first q (10 runs of 10-fold cross-validation each). The exact engine
        takes about 10 s at q = 200.
    rope, threshold
        The rope's half-width and the decision threshold.
    seed
        The seed of the study's data sets.

    Returns
    -------
    pandas.DataFrame
        One row per q: the decision, the posterior probability that each outcome is the
        likeliest ("posterior probability: ...", the number the decision is taken on) and each
        outcome's "probability on a new data set: ...", in the order A better,
        equivalent, B better.
    """
    counts = [int(q) for q in counts]
    if not counts or min(counts) < 2 or counts != sorted(set(counts)):
        raise InputError(f"counts={counts}: give increasing numbers of data sets, each at "
                         "least 2, e.g. counts=(10, 50, 200)")
    rng = np.random.default_rng(seed)
    x = crossval.simulate_differences(population.sample(rng, max(counts)), rng)
    rows = {}
    for q in counts:
        fit = hierarchical_test(x[:q], folds=crossval.FOLDS, rope=rope, seed=seed)
        posterior = _reading_order(fit.probabilities)
        new = _reading_order(fit.new_data_set_probabilities)
        best = int(np.argmax(posterior))
        row = {"decision": NAMES[best] if posterior[best] > threshold else NO_DECISION}
        row.update({f"{POSTERIOR}: {n}": p for n, p in zip(NAMES, posterior)})
        row.update({f"{NEW_DATA_SET}: {n}": p for n, p in zip(NAMES, new)})
        rows[q] = row
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "data sets"
    return table
