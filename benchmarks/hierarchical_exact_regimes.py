"""Why the exact engine's delta_i quadrature is not ten times cheaper: the regimes of its pairs.

Each delta_i integral is a data set's likelihood (a bump of width s_i around its mean) against
the top-level Student t (width sigma0 around delta0). Two cheap fixed rules exist, each for one
regime: nodes fixed to the data set (the likelihood computed once, only the t density per
point) where the t is much wider than the likelihood (sigma0 >= 3 s_i), and nodes fixed to the
t (only the likelihood per point) where the likelihood is much wider and holds delta0
(sigma0 <= s_i / 3 and |delta0 - mean_i| <= 3 s_i). Everything else needs both bumps resolved,
as the engine's graded pieces do. This prints, for the fine grid of each of the 10 pairs of the
54 bundled data sets, the share of (grid point, data set) pairs in each regime: where half or
more are in neither, the fixed rules cannot cut the work by much.

Run: .venv/bin/python benchmarks/hierarchical_exact_regimes.py
"""

from __future__ import annotations

import itertools
import warnings

import numpy as np

from bayestut.data import UCI_CLASSIFIERS, load_uci
from bayestut.methods import exact_grid as eg
from bayestut.methods.hierarchical import HYPERPRIORS, _differences, prepare

WIDER = 3.0      # how much wider one bump must be for a fixed rule on the other


def shares(x) -> tuple[float, float, float]:
    p = prepare(x, 10, 0.01, HYPERPRIORS["mlj"], "hierarchical", "auto",
                np.random.default_rng(0))
    m = eg.model(p, "hierarchical")
    grid = eg.solve(m, eg.explore(m), eg.FINE, moments=False)
    sigma0 = m.sigma0(grid.u.x)[:, None, None, None]
    delta0 = grid.d.x[:, None, :, None]
    s, mean = m.lik.width, m.lik.xbar
    shape = (len(grid.u.x), len(grid.t.x), grid.d.x.shape[1], len(s))
    data_fixed = np.broadcast_to(sigma0 >= WIDER * s, shape).mean()
    t_fixed = np.broadcast_to((sigma0 <= s / WIDER) & (np.abs(delta0 - mean) <= WIDER * s),
                              shape).mean()
    return data_fixed, t_fixed, 1 - data_fixed - t_fixed


def main() -> None:
    warnings.simplefilter("ignore")
    table = load_uci()
    print(f"{'pair':<14} {'data-set nodes':>14} {'t nodes':>8} {'neither':>8}")
    for a, b in itertools.combinations(UCI_CLASSIFIERS, 2):
        data_fixed, t_fixed, neither = shares(_differences(table, a, b, None).x)
        print(f"{a + ' - ' + b:<14} {data_fixed:>14.2f} {t_fixed:>8.2f} {neither:>8.2f}")


if __name__ == "__main__":
    main()
