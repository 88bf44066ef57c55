"""The exact engine on hundreds of data sets: its actual error, and its agreement with Stan.

With hundreds of data sets the log posterior spans thousands across the pilot's coarse grid
(where the engine used to stop). Simulated data sets of 10 folds with data-set effects:

1. 150, 300 and 800 data sets x 3 seeds x (MLJ's and JMLR's hyperprior, a Gaussian top
   level, Kruschke's prior on nu): each probability, as compare computes it (finer grids
   tried while the reported error exceeds 0.001), against a grid more than twice as fine,
   (41, 37, 41) points: the largest actual error, and where it exceeds 0.0005 the reported
   numerical error beside it; and the range of the next data set's P(rope) met.
2. With --stan, 200 and 600 data sets against Stan (4 chains x 4,000 draws): the z-scores of
   ``diagnostics.agreement``.

Run: .venv/bin/python benchmarks/hierarchical_exact_many.py [--stan]
"""

from __future__ import annotations

import argparse
import warnings

import numpy as np

from bayestut.methods import diagnostics
from bayestut.methods import hierarchical_exact as he
from bayestut.methods.hierarchical import HYPERPRIORS, hierarchical_test, prepare

ROPE = 5e-4
SETTINGS = (("mlj", "hierarchical"), ("jmlr", "hierarchical"), ("mlj", "gaussian"),
            ("mlj", "kruschke"))
NAMES = ("shares", "mean_masses", "delta0_probabilities")


def data_sets(q: int, seed: int, tails: bool = True) -> np.ndarray:
    """Differences whose mean lies near the rope's edge (no outcome a foregone conclusion),
    the data-set effects heavy-tailed (Student t, 3) or normal."""
    rng = np.random.default_rng(seed)
    x = rng.normal(rng.uniform(0.0, 1e-3) if tails else 5e-4, 1e-3, (q, 10))
    return x + (rng.standard_t(3, (q, 1)) if tails else rng.normal(0, 1, (q, 1))) * 5e-4


def actual_errors() -> None:
    for q in (150, 300, 800):
        worst, ropes = 0.0, []
        for seed in range(3):
            x = data_sets(q, seed)
            for hyperprior, nu_prior in SETTINGS:
                prepared = lambda: prepare(x, 10, ROPE, HYPERPRIORS[hyperprior], nu_prior,
                                           "auto", np.random.default_rng(0))
                _, _, fine, coarse = he.posterior(prepared(), nu_prior)
                ropes.append(fine.mean_masses[1])
                _, _, reference, _ = he.posterior(prepared(), nu_prior, (41, 37, 41),
                                                  (17, 15, 17), refine=())
                for name in NAMES:
                    got, ref = getattr(fine, name), getattr(reference, name)
                    actual = float(np.abs(got - ref).max())
                    reported = float(np.abs(got - getattr(coarse, name)).max())
                    worst = max(worst, actual)
                    if actual > 5e-4:
                        print(f"   {q} data sets, seed {seed}, {hyperprior}/{nu_prior}, {name}: "
                              f"actual {actual:.5f}, reported {reported:.5f}")
        print(f"1. {q} data sets: largest actual error {worst:.5f}; P(rope) on a new data "
              f"set from {min(ropes):.3f} to {max(ropes):.3f}")


def against_stan() -> None:
    for q in (200, 600):
        x = data_sets(q, 0, tails=False)
        exact = hierarchical_test(x, folds=10, rope=ROPE, engine="exact")
        stan = hierarchical_test(x, folds=10, rope=ROPE, draws=4000, progress=False,
                                 engine="stan", adapt_delta=0.8, non_centred="auto")  # as measured
        z = diagnostics.agreement(exact, stan)["z"].abs().max()
        print(f"2. {q} data sets: largest |z| {z:.2f}; shares exact "
              f"{np.round(exact._probabilities, 4)}, Stan {np.round(stan._probabilities, 4)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stan", action="store_true", help="also compare with Stan (minutes)")
    stan = parser.parse_args().stan
    warnings.simplefilter("ignore")
    actual_errors()
    if stan:
        against_stan()
