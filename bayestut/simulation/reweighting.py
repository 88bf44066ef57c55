"""The posterior after m more data sets without a refit: the present posterior's grid,
reweighted by the new data sets' likelihoods (the planner's fast path).

The exact engine holds the posterior of (delta0, sigma0, nu) on a grid: the prior times, per
data set, its likelihood integrated over its own delta_i and sigma_i given (delta0, sigma0,
nu) (:mod:`bayestut.methods.exact_likelihood`). Adding data sets multiplies it by their own
integrals, so on the same grid the posterior after m more is the present one reweighted, and
a simulated study costs the integrals of its m new data sets, not a fit of n + m.

The grid was placed for the present posterior; the reweighted one can outgrow it. Each
reweighting is checked, and a study that fails a check is refitted in full
(:func:`shares_after` says which):

- the shares on the fine grid and on the coarser check grid differ by at most TOLERANCE (the
  engine's own estimate of its numerical error);
- the reweighted fine grid still spreads its mass over MIN_POINTS points or more (its
  effective number of points, 1 / sum of squared normalised weights);
- at most EDGE_MASS of it sits on an end of a range that the pilot chose (not a prior's
  bound): mass there means the posterior has moved past the grid.

What the shortcut leaves out: a refit would rescale by the mean spread of all n + m data sets
and set the priors' bounds from them (delta0 within the largest absolute difference, sigma_i
and sigma0 below 1000 times the scale); the shortcut keeps the present bounds. Those bounds
lie far outside the posterior, and the benchmark that compares the two
(benchmarks/plan_speed.py, tests/test_plan.py) finds the shares within the grids' numerical
error of a refit's.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from ..methods import exact_grid, exact_likelihood, hierarchical_exact, hierarchical_ropes

TOLERANCE = 0.005       # fine and check grid's shares may differ by this much (a refit's own
                        # numerical error on the planner's grids is 0.001 in the median)
MIN_POINTS = 8.0        # effective number of grid points the reweighted mass must keep
                        # (10 present data sets + 20 new keep 12-30 on the fine grid, its
                        # shares within 0.0022 of the check grid's)
EDGE_MASS = 1e-3        # mass allowed on an end of a range the pilot chose


@dataclass(frozen=True)
class Present:
    """The present posterior on two grids (fine, check), what its data were scaled by, and
    what every reweighting of a grid shares: its prior weights and its rule for the shares."""

    model: exact_grid.Model
    grids: tuple             # (fine, check) exact_grid.Grid, the present data sets' log-likelihood
    priors: tuple            # per grid, the prior weight of every point (u, t, delta0)
    rules: tuple             # per grid, its hierarchical_exact.EdgeRule
    std_x: float             # the present data's scale (differences are divided by it)
    rho: float


def present(result, sizes) -> Present:
    """The present posterior on two grids, ready to be reweighted.

    Parameters
    ----------
    result : bayestut.methods.hierarchical.ExactHierarchicalResult
        The present data's exact-engine fit (its model and preparation are reused).
    sizes : tuple
        The fine and the check grid's points in (u, t, delta0).

    Returns
    -------
    Present
        The same model on both grids, placed by a fresh pilot.
    """
    m = result.model
    pilot = exact_grid.explore(m)
    grids = tuple(exact_grid.solve(m, pilot, s, moments=False) for s in sizes)
    priors = tuple(g.rows()[..., None] * (g.d.h[:, None] * g.d.jacobian)[:, None, :]
                   for g in grids)
    return Present(model=m, grids=grids, priors=priors,
                   rules=tuple(hierarchical_exact.edge_rule(g) for g in grids),
                   std_x=result.prepared.std_x, rho=float(result.prepared.stan_data["rho"]))


def new_likelihood(p: Present, x, rng: np.random.Generator) -> exact_likelihood.Likelihood:
    """New data sets' likelihood in the present model's units and bounds.

    A data set whose differences are all equal gets the preparation's noise (uniform within
    the rope, added to its first half of folds and taken from its second; mean unchanged),
    as a refit would give it.

    Parameters
    ----------
    p : Present
        The present posterior.
    x : numpy.ndarray
        The new data sets' differences, (data sets, runs * folds), original units.
    rng : numpy.random.Generator
        For the noise of constant data sets.

    Returns
    -------
    bayestut.methods.exact_likelihood.Likelihood
    """
    x = np.array(x, dtype=float) / p.std_x
    half = x.shape[1] // 2
    for i in np.flatnonzero(np.ptp(x, axis=1) == 0):
        noise = rng.uniform(-p.model.rope, p.model.rope, half)
        x[i, :half] += noise
        x[i, half:2 * half] -= noise
    xbar = x.mean(axis=1)
    lik = p.model.lik
    return dataclasses.replace(lik, xbar=xbar,
                               a=((x - xbar[:, None]) ** 2).sum(axis=1) / (2 * (1 - p.rho)),
                               log_const=np.full(len(xbar), lik.log_const[0]))


def log_integrals(p: Present, grid, lik) -> np.ndarray:
    """Each new data set's log-likelihood at every grid point, (len u, len t, len delta0,
    data sets)."""
    m, shape = p.model, grid.logp.shape
    out = exact_likelihood.delta_integrals(
        lik, np.broadcast_to(grid.d.x[:, None, :], shape),
        np.broadcast_to(m.sigma0(grid.u.x)[:, None, None], shape),
        np.broadcast_to(m.nu(grid.t.x)[None, :, None], shape), m.rope)
    return out.reshape(shape + (-1,))


def _edge_mass(grid, w: np.ndarray) -> float:
    """The normalised weight ``w`` on the ends of the ranges the pilot chose: delta0's, each
    row; sigma0's upper end; nu's where they are not T_LOW and T_HIGH."""
    ends = [w[..., 0].sum(), w[..., -1].sum(), w[-1].sum()]
    if len(grid.t.x) > 1:
        t = grid.t.x
        if t[0] > exact_grid.T_LOW + 1e-9:
            ends.append(w[:, 0].sum())
        if t[-1] < exact_grid.T_HIGH - 1e-9:
            ends.append(w[:, -1].sum())
    return float(max(ends))


def reweighted(p: Present, which: int, extra: np.ndarray, of: str = "shares"):
    """Grid ``which`` (0 fine, 1 check) with the log-likelihood ``extra`` (same shape) added:
    the next data set's shares (``of="shares"``) or δ₀'s probabilities
    (``of="delta0_probabilities"``), the effective number of points and the mass on the
    pilot's ends."""
    grid = p.grids[which]
    logp = grid.logp + extra
    f = np.exp(logp - logp.max())
    w = p.priors[which] * f
    w /= w.sum()
    if of == "delta0_probabilities":      # integrated as the fit integrates them
        return (hierarchical_ropes.delta0_regions(dataclasses.replace(grid, logp=logp),
                                                  [p.model.rope])[0],
                1.0 / float((w * w).sum()), _edge_mass(grid, w))
    shares = hierarchical_exact.next_shares(grid, f * grid.d.jacobian[:, None, :],
                                            p.rules[which])
    shares = np.clip(shares, 0.0, None)       # as integrate() does: quadrature noise
    return shares / shares.sum(), 1.0 / float((w * w).sum()), _edge_mass(grid, w)


def shares_after(p: Present, x, counts, rng: np.random.Generator,
                 of: str = "shares") -> list:
    """The next data set's shares (or, with ``of="delta0_probabilities"``, δ₀'s
    probabilities) after adding the first m new data sets, for each m.

    Parameters
    ----------
    p : Present
        The present posterior.
    x : numpy.ndarray
        New data sets' differences, (data sets, runs * folds), original units; at least
        ``max(counts)`` rows.
    counts : sequence of int
        The counts m (nested: the first m rows).
    rng : numpy.random.Generator
        For the noise of constant data sets.
    of : str
        "shares" (the papers' rule) or "delta0_probabilities"; the fine and check grids'
        agreement is checked on these.

    Returns
    -------
    list
        Per count, the (left, rope, right) probabilities, or None where a check fails (the
        caller refits those).
    """
    lik = new_likelihood(p, x[:max(counts)], rng)
    out = []
    # a new data set far from every grid point has likelihood 0 there: the checks catch it
    with np.errstate(divide="ignore", invalid="ignore"):
        cumulative = [np.cumsum(log_integrals(p, g, lik), axis=-1) for g in p.grids]
        for m in counts:
            (fine, points, edge), (check, _, _) = (reweighted(p, j, c[..., m - 1], of)
                                                   for j, c in enumerate(cumulative))
            good = (np.all(np.isfinite(fine)) and np.abs(fine - check).max() <= TOLERANCE
                    and points >= MIN_POINTS and edge <= EDGE_MASS)
            out.append(fine if good else None)
    return out
