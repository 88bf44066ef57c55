"""How large is the exact engine's numerical error, and does the error it reports bound it?

For each case the engine runs as ``compare`` runs it (the default grids, FINE and CHECK in
bayestut.methods.hierarchical_exact, and the finer REFINE grids in turn while the two differ by
more than TARGET, 0.001) and reports, per probability, the difference from the grid before as
its numerical error. Against a reference grid more than twice as fine in every direction (41 x 37
x 41 points) over ranges half as wide again on each side as the pilot's (within the priors'
bounds: a range the pilot cut short shows), this prints the largest reported error and the
largest actual error of the next data set's shares, the mean masses and delta0's
probabilities, for:

- the 10 pairs of the 5 bundled classifiers on all 54 data sets;
- the same pairs on four data sets (data sets 1-4, 11-14, ..., 41-44 of the bundled ones);
- TR 413's three-data-set example, the blog study's five data sets, and a table that is
  identical but for one fold;
- MLJ's and JMLR's hyperprior with a Student t top level (the hierarchical prior on nu), and
  MLJ's with a Gaussian one.

The issue's target: a numerical error of at most 0.001. Deterministic: the same digits on
every machine. ``--fine U T D`` puts another fine grid in the default's place, with no finer
grid tried: how much a smaller one would cost in accuracy (the check grid stays as it is).

Run: .venv/bin/python benchmarks/hierarchical_exact_error.py [--fine U T D]
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import warnings

import numpy as np
import pandas as pd

from bayestut.data import UCI_CLASSIFIERS, load_uci
from bayestut.methods import exact_grid as eg
from bayestut.methods import hierarchical_exact as he
from bayestut.methods.hierarchical import HYPERPRIORS, _differences, prepare
from bayestut.reproduction.blog_study import load_results
from bayestut.reproduction.examples import uniform_scores

REFERENCE = (41, 37, 41)
FIELDS = ("shares", "mean_masses", "delta0_probabilities")
SETTINGS = (("mlj", "hierarchical"), ("jmlr", "hierarchical"), ("mlj", "gaussian"))


def cases():
    table = load_uci()
    for a, b in itertools.combinations(UCI_CLASSIFIERS, 2):
        x = _differences(table, a, b, None).x
        yield f"{a} - {b}, 54 data sets", x, 10
        for start in range(0, 50, 10):
            yield f"{a} - {b}, data sets {start + 1}-{start + 4}", x[start:start + 4], 10
    yield "TR 413's example (3 data sets)", _differences(uniform_scores(), "good", "bad",
                                                         None).x, 5
    yield "blog study (5 data sets)", _differences(load_results(), "knn", "adaboost", None).x, 10
    one_fold = np.zeros((6, 10))
    one_fold[0, 0] = 0.02
    yield "identical but one fold (6 data sets)", one_fold, 10


def widened(m, pilot):
    """The pilot's ranges half as wide again on each side, within the priors' bounds."""
    def wider(low, high, bounds):
        reach = 0.5 * (high - low)
        return np.maximum(low - reach, bounds[0]), np.minimum(high + reach, bounds[1])
    u, t, rows = list(pilot.u), list(pilot.t), pilot.rows_d.copy()
    u[2:] = wider(u[2], u[3], (0.0, m.u_max))
    if not m.gaussian:
        t[2:] = wider(t[2], t[3], (eg.T_LOW, eg.T_HIGH))
    rows[:, 2], rows[:, 3] = wider(rows[:, 2], rows[:, 3], (-m.delta0_bound, m.delta0_bound))
    return dataclasses.replace(pilot, u=tuple(u), t=tuple(t), rows_d=rows)


def errors(x, folds: int, nu_prior: str, hyperprior: str, fine=eg.FINE,
           refine: bool = True) -> tuple[float, float, tuple]:
    p = prepare(x, folds, 0.01, HYPERPRIORS[hyperprior], nu_prior, "auto",
                np.random.default_rng(0))
    m, grid, result, check = he.posterior(p, nu_prior, fine, eg.CHECK,
                                          eg.REFINE if refine else ())
    reference = he.integrate(eg.solve(m, widened(m, eg.explore(m)), REFERENCE, moments=False))
    actual = max(np.abs(getattr(result, f) - getattr(reference, f)).max() for f in FIELDS)
    return he.numerical_error(result, check), actual, grid.logp.shape[::2]


def main(fine) -> None:
    warnings.simplefilter("ignore")
    print(f"fine grid {fine} points in (sigma0, nu, delta0), check grid {eg.CHECK}")
    rows = []
    refine = fine == eg.FINE            # another fine grid is measured alone
    for (name, x, folds), (hyperprior, nu_prior) in itertools.product(cases(), SETTINGS):
        reported, actual, points = errors(x, folds, nu_prior, hyperprior, fine, refine)
        rows.append({"case": name, "prior": f"{hyperprior}, {nu_prior}", "reported": reported,
                     "actual": actual, "grid (sigma0, delta0)": points,
                     "few": "data sets " in name or "(" in name})
    frame = pd.DataFrame(rows)
    pd.set_option("display.width", 160)
    for few, part in frame.groupby("few"):
        label = "3-6 data sets" if few else "54 data sets"
        print(f"{label}: {len(part)} cases; largest reported error {part['reported'].max():.5f}, "
              f"largest actual {part['actual'].max():.5f}; reported >= actual in "
              f"{(part['reported'] >= part['actual']).sum()} of {len(part)}; actual > 0.001 in "
              f"{(part['actual'] > 0.001).sum()}; finer grids in "
              f"{(part['grid (sigma0, delta0)'] != fine[::2]).sum()}")
    print(frame.sort_values("actual", ascending=False).head(8).round(5).to_string(index=False))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fine", type=int, nargs=3, default=eg.FINE, metavar=("U", "T", "D"),
                        help=f"the fine grid's points (default {eg.FINE})")
    main(tuple(parser.parse_args().fine))
