"""The hierarchical correlated t-test without MCMC: its posterior by numerical integration.

The model is the one of ``stan/hierarchical.stan`` (see :mod:`.hierarchical`), on the same
prepared data (rescaling by std_x, the zero-variance noise, the same bounds). Its posterior
is only three-dimensional once the data sets' own parameters are integrated out:

- sigma_i integrates analytically, and each data set's delta_i by a one-dimensional
  quadrature given (delta0, sigma0, nu): :mod:`.exact_likelihood`;
- alpha, beta integrate into a prior on nu (:func:`.exact_likelihood.nu_prior_density`).

The posterior of (delta0, sigma0, nu) is then integrated on a grid (:mod:`.exact_grid`: its
coordinates, the pilot that places it, the log-likelihood on it). This module integrates it:
the probabilities, the next data set's shares, independent draws.

The next-data-set shares integrate an indicator (which region has the largest mass); its
edges in delta0, +-b(sigma0, nu), are found by Newton's method and integrated exactly on each
row; across sigma0, where the rope stops winning at all (b
falls to 0 like a square root), they are integrated on nodes of their own that resolve that
edge (:func:`next_shares`).
Every probability carries a numerical error: its difference from the same computation on a
coarser grid (CHECK points instead of FINE), an estimate of the finer one's error; while it
exceeds TARGET, finer grids (REFINE) are tried in turn, each checked against the one before
(against a grid more than twice as fine over wider ranges, the error reported was at least the
actual one in 167 of 189 cases, and the actual error below 0.0006 in all:
benchmarks/hierarchical_exact_error.py).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np
from scipy import interpolate, special

from .exact_grid import (CHECK, FINE, REFINE, TARGET, Grid, Model, explore, integral_up_to,
                         model, solve, up_to_weights)
from .exact_likelihood import (CHUNK, DATA_WIDTHS, KERNEL_LEVELS, gauss_legendre, integrand,
                               top_cdf, top_pdf)

DRAW_GAUSS = 2             # nodes per piece when drawing delta_i


# --- the next data set's regions --------------------------------------------------------------

def rope_edge(sigma0, nu, rope: float):
    """b >= 0 such that the rope has the largest mass of the next data set's t(nu, delta0,
    sigma0) exactly when |delta0| < b (left wins below -b, right above b). In
    z = (rope - delta0) / sigma0, rope = right at f(z) = 2 F(z) - F(z - c) - 1 = 0, c = 2 rope /
    sigma0, with z in [0, c / 2] for delta0 in [0, rope]: there f is increasing and concave
    (F's density is symmetric and unimodal) and f(0) < 0, so Newton's method from z = 0 rises
    monotonically to the root; if f(c / 2) <= 0 the rope never wins (b = 0)."""
    sigma0, nu = np.broadcast_arrays(np.asarray(sigma0, float), np.asarray(nu, float))
    c = 2 * rope / sigma0
    f = lambda z: 2 * top_cdf(z, nu) - top_cdf(z - c, nu) - 1.0
    wins = f(0.5 * c) > 0
    z = np.zeros(sigma0.shape)
    for _ in range(100):
        with np.errstate(divide="ignore", over="ignore"):
            step = -f(z) / (2 * top_pdf(z, nu) - top_pdf(z - c, nu))
        z = np.minimum(z + step, 0.5 * c)
        if (~wins | (np.abs(step) * sigma0 <= 1e-14 * rope)).all():   # far below a share's
            break                                                          # resolution
    return np.where(wins, rope - sigma0 * z, 0.0)



@dataclass(frozen=True)
class Posterior:
    """The integrated posterior (rescaled units)."""

    shares: np.ndarray         # next data set: P(left, rope, right has the largest mass)
    mean_masses: np.ndarray
    delta0_probabilities: np.ndarray
    delta0_mean: float
    sigma0_mean: float
    per_dataset: np.ndarray    # (4, data sets): E delta_i, P(delta_i < -r), P(> r), E sigma_i


# --- the next data set's shares across the rope's edge ---------------------------------------
# The rope has the largest mass of the next data set where |delta0| < b(sigma0, nu), and b
# falls to 0 like a square root at sigma0* = rope / F_nu^-1(2/3) (there the rope's mass at
# delta0 = 0 is 1/3) and stays 0 above: as a function of sigma0 the share of a row is kinked
# there, or nearly a step where delta0's posterior is narrow, and the grid's rule in u
# converges slowly across it. So the shares are integrated in u on nodes of their own, split
# at sigma0* and dense where b -> 0, with b exact at every node; between the grid's rows, the
# u-marginal (its log) and each row's conditional distribution function of delta0 at the
# node's +-b are interpolated in u (cubic splines in v): both are smooth in sigma0.
EDGE_NODES = 48


def sigma0_edge(nu, rope: float):
    """sigma0 at and above which the rope never has the largest mass of the next data set."""
    nu = np.asarray(nu, float)
    gauss = np.isinf(nu)
    return rope / np.where(gauss, special.ndtri(2 / 3),
                           special.stdtrit(np.where(gauss, 1.0, nu), 2 / 3))


@dataclass(frozen=True)
class EdgeRule:
    """What :func:`next_shares` needs of a grid besides the posterior on it: per t row and
    side of the edge (below it, above it), the row's index, the spline from the u rows to the
    nodes (nodes, u rows), the nodes' weights in v, and the weights that integrate each u
    row's density in delta0 up to the nodes' -b and b (u rows, nodes, delta0 points). The
    planner reweights one grid many times: it computes the rule once."""

    wt: np.ndarray             # prior weights of the t rows
    prior: np.ndarray          # prior density of the u rows in v
    step: np.ndarray           # delta0's step in v per u row
    parts: tuple               # (k, spline, dv, below -b, below b) per t row and side


def edge_rule(g: Grid) -> EdgeRule:
    """The nodes and weights of :func:`next_shares` for one grid.

    Parameters
    ----------
    g : bayestut.methods.exact_grid.Grid
        The grid (its log-likelihood is not read).

    Returns
    -------
    EdgeRule
    """
    m, axis = g.model, g.u
    _, wt = g.axis_weights()
    nu = m.nu(g.t.x)
    v_edge = axis.v_of(np.arcsinh(sigma0_edge(nu, m.rope) / m.kappa))
    v0, v1 = axis.v[0], axis.v[-1]
    s, w = gauss_legendre(EDGE_NODES)
    prior = axis.jacobian * m.prior_u(axis.x)
    start, step = g.d.v[:, :1], g.d.h[:, None]
    # the nodes in v of every t row: below the edge (b > 0) dense towards it, above it (b = 0)
    # Gauss-Legendre; their b, all in one call
    edge = np.clip(v_edge, v0, v1)[:, None]
    v = np.stack([edge - (edge - v0) * s**2, edge + (v1 - edge) * s], axis=1)
    dv = np.stack([2 * (edge - v0) * s * w, (v1 - edge) * w], axis=1)
    b = rope_edge(m.sigma0(axis.centre[0] + axis.scale[0] * np.sinh(v)), nu[:, None, None],
                  m.rope)
    # cubic splines are linear in the values interpolated: the spline through the rows' values
    # at every node is one matrix, (t rows, sides, nodes, u rows)
    spline = interpolate.CubicSpline(axis.v, np.eye(len(axis.v)))(v)
    # each row's integral of the density up to x (1, nodes): weights (rows, nodes, points)
    below = lambda x: up_to_weights(g.d.v.shape[-1], start, step,
                                    np.arcsinh((x[None, :] - g.d.centre) / g.d.scale))
    parts = tuple((k, spline[k, side], dv[k, side], below(-b[k, side]), below(b[k, side]))
                  for k in range(len(nu)) for side in range(2) if dv[k, side].any())
    return EdgeRule(wt=wt, prior=prior, step=step[:, 0], parts=parts)


def _cdf_at_nodes(step, f_k, row_mass, rows_at, weights):
    """Each u row's distribution function of delta0 at the nodes' -b or b (``weights``),
    interpolated in u to the nodes. A row that holds no mass in double precision (far from
    the mode) has weight 0 there too: its value is left at 0."""
    up = step[:, None] * (f_k[:, None, :] * weights).sum(axis=-1)
    up = np.divide(up, row_mass[:, None], where=row_mass[:, None] > 0, out=np.zeros(up.shape))
    return np.clip((rows_at * up.T).sum(axis=1), 0.0, 1.0)


def next_shares(g: Grid, f, rule: EdgeRule | None = None) -> np.ndarray:
    """Posterior probabilities that the left region, the rope or the right region has the
    largest mass of the next data set.

    Parameters
    ----------
    g : bayestut.methods.exact_grid.Grid
        The grid.
    f : numpy.ndarray
        The posterior density in the delta0 axis's v, (u, t, delta0), as :func:`integrate`
        makes it (unnormalised).
    rule : EdgeRule, optional
        The grid's :func:`edge_rule`, computed here if not given.

    Returns
    -------
    numpy.ndarray
        (left, rope, right), summing to 1.
    """
    rule = edge_rule(g) if rule is None else rule
    masses = np.zeros(3)
    for k, rows_at, dv, below_low, below_high in rule.parts:
        f_k = f[:, k, :]
        row_mass = rule.step * f_k.sum(axis=-1)
        log_w = np.log(np.maximum(rule.prior * row_mass, 1e-300))
        low, high = (_cdf_at_nodes(rule.step, f_k, row_mass, rows_at, weights)
                     for weights in (below_low, below_high))
        weight = dv * np.exp(rows_at @ log_w)
        masses += rule.wt[k] * np.array([(weight * low).sum(), (weight * (high - low)).sum(),
                                         (weight * (1 - high)).sum()])
    return masses / masses.sum()


def integrate(g: Grid) -> Posterior:
    m = g.model
    weights = g.weights()
    total = weights.sum()
    rows = g.rows()
    f = np.exp(g.logp - g.logp.max()) * g.d.jacobian[:, None, :]          # density in v
    start, step = g.d.v[:, :1], g.d.h[:, None]
    up_to = lambda x: integral_up_to(f, start, step, g.d.v_of(x)[:, None] if np.ndim(x) == 0
                                     else np.arcsinh((x - g.d.centre) / g.d.scale))
    r = m.rope
    row_total = step * f.sum(axis=-1)
    regions = lambda lo, hi: np.array([(rows * lo).sum(), (rows * (hi - lo)).sum(),
                                       (rows * (row_total - hi)).sum()]) / total
    d0_probs = regions(up_to(-r), up_to(r))
    shares = next_shares(g, f)
    s0, nu = m.sigma0(g.u.x)[:, None], m.nu(g.t.x)[None, :]
    d0 = g.d.x[:, None, :]
    s0_, nu_ = s0[..., None], nu[..., None]
    low = top_cdf((-r - d0) / s0_, nu_)
    high = 1.0 - top_cdf((r - d0) / s0_, nu_)
    masses = np.array([(weights * low).sum(), (weights * (1 - low - high)).sum(),
                       (weights * high).sum()]) / total
    per = None if g.extra is None else np.einsum("utd,kutdi->ki", weights, g.extra) / total
    def clip(p):        # quadrature noise must not leave [0, 1]; the three sum to 1
        p = np.clip(p, 0.0, None)
        return p / p.sum()
    return Posterior(shares=clip(shares), mean_masses=clip(masses),
                     delta0_probabilities=clip(d0_probs),
                     delta0_mean=float((weights * d0).sum() / total),
                     sigma0_mean=float((weights * s0_).sum() / total), per_dataset=per)


def delta0_cdf(g: Grid, x) -> np.ndarray:
    """The posterior probability that delta0 <= x (rescaled units), for each x: each (u, t)
    row's density in delta0 integrated up to x, as :func:`integrate` does at the rope's
    edges."""
    f = np.exp(g.logp - g.logp.max()) * g.d.jacobian[:, None, :]
    rows = g.rows()
    x = np.atleast_1d(np.asarray(x, float))
    v = np.arcsinh((x[:, None, None] - g.d.centre[None]) / g.d.scale[None])   # (x, u, 1)
    up_to = integral_up_to(f[None], g.d.v[None, :, :1], g.d.h[None, :, None], v)
    total = (rows * g.d.h[:, None] * f.sum(axis=-1)).sum()
    return np.clip((rows[None] * up_to).sum(axis=(1, 2)) / total, 0.0, 1.0)


def delta0_quantiles(g: Grid, probabilities, tol: float = 1e-9) -> np.ndarray:
    """delta0's posterior quantiles (rescaled units), by bisection of :func:`delta0_cdf`
    between the grid's outermost delta0 points."""
    q = np.atleast_1d(np.asarray(probabilities, float))
    low, high = np.full(q.shape, g.d.x.min()), np.full(q.shape, g.d.x.max())
    while (high - low).max() > tol * (g.d.x.max() - g.d.x.min()):
        mid = 0.5 * (low + high)
        below = delta0_cdf(g, mid) < q
        low, high = np.where(below, mid, low), np.where(below, high, mid)
    return 0.5 * (low + high)


# --- independent draws ------------------------------------------------------------------------

def draw_top(g: Grid, count: int, rng: np.random.Generator):
    """Independent draws of (delta0, sigma0, nu), rescaled units: a grid cell by its posterior
    weight, then uniformly within the cell in v (exact up to the grid's resolution)."""
    m = g.model
    w = g.weights().ravel()
    cell = rng.choice(w.size, size=count, p=w / w.sum())
    iu, it, idd = np.unravel_index(cell, g.logp.shape)
    def within(axis, *i):
        left, right = axis.cells()
        v = left[i] + rng.random(count) * (right[i] - left[i])
        return axis.centre[i[:-1]][..., 0] + axis.scale[i[:-1]][..., 0] * np.sinh(v)

    u = within(g.u, iu)
    t = np.zeros(count) if m.gaussian else within(g.t, it)
    delta0 = within(g.d, iu, idd)
    return delta0, m.sigma0(u), m.nu(t)


def draw_data_sets(m: Model, delta0, sigma0, nu, rng: np.random.Generator):
    """delta_i and sigma_i for every draw of (delta0, sigma0, nu), rescaled units: delta_i by
    inverting its conditional distribution function on the quadrature nodes (linear between
    them), sigma_i given delta_i exactly (1 / sigma_i^2 is a Gamma truncated by the prior's
    bound)."""
    lik = m.lik
    count = len(delta0)
    delta = np.empty((count, len(lik.xbar)))
    pieces = len(KERNEL_LEVELS) + len(DATA_WIDTHS) + 1
    step = max(1, CHUNK // (len(lik.xbar) * pieces * DRAW_GAUSS))
    take = lambda a, j: np.take_along_axis(a, j[..., None], axis=-1)[..., 0]
    q = len(lik.xbar)
    # (points, data sets, nodes), the nodes in increasing order: piece by piece
    order = lambda a: a.transpose(2, 1, 0).reshape(-1, q, a.shape[0] * a.shape[1])
    for start in range(0, count, step):
        part = slice(start, start + step)
        quad = integrand(lik, delta0[part], sigma0[part], nu[part], None, DRAW_GAUSS)
        nodes = order(quad.delta(np.repeat(delta0[part], q), np.repeat(sigma0[part], q)))
        with np.errstate(divide="ignore"):           # a piece of length 0 has no weight
            log_f = order(quad.log_g + np.log(quad.length) + np.log(quad.weights)[:, None, None])
        f = np.exp(log_f - log_f.max(axis=-1, keepdims=True))
        cum = np.cumsum(f, axis=-1) - 0.5 * f
        target = rng.random(cum.shape[:-1]) * f.sum(axis=-1)
        k = np.clip((cum < target[..., None]).sum(axis=-1), 1, cum.shape[-1] - 1)
        c0, c1, x0, x1 = take(cum, k - 1), take(cum, k), take(nodes, k - 1), take(nodes, k)
        frac = np.clip((target - c0) / np.where(c1 > c0, c1 - c0, 1.0), 0.0, 1.0)
        delta[part] = x0 + frac * (x1 - x0)
    big_a = lik.big_a(delta)
    tail = special.gammaincc(lik.k, big_a / lik.sigma_max**2)
    sigma = np.sqrt(big_a / special.gammainccinv(lik.k, rng.random(delta.shape) * tail))
    return delta, sigma


def numerical_error(fine: Posterior, coarse: Posterior) -> float:
    """The largest difference between two grids' probabilities: the error reported."""
    return max(float(np.abs(getattr(fine, name) - getattr(coarse, name)).max())
               for name in ("shares", "mean_masses", "delta0_probabilities"))


def posterior(prepared, nu_prior: str, fine=FINE, check=CHECK, refine=REFINE):
    """:func:`posterior_grids` without the check grid: the model, the fine grid and the
    posterior on it and on the check grid."""
    m, (grid, _), fine_p, coarse = posterior_grids(prepared, nu_prior, fine, check, refine)
    return m, grid, fine_p, coarse


def posterior_grids(prepared, nu_prior: str, fine=FINE, check=CHECK, refine=REFINE):
    """The model, the (fine, check) grids (the check grid without the data sets' moments:
    another rope's probabilities need none) and the posterior on each, from
    :func:`~bayestut.methods.hierarchical.prepare`'s output. The data sets' summaries
    (E delta_i, its rope probabilities, E sigma_i) come from the check grid: they double the
    cost of a grid, and decide nothing. ``fine`` and ``check``: the two grids' points in
    (u, t, delta0). While the two differ by more than TARGET, the grids of ``refine`` are
    tried in turn, each checked against the one before (a skewed posterior, say, that the
    fine grid resolves coarsely near its mode)."""
    m = model(prepared, nu_prior)
    pilot = explore(m)
    grid = solve(m, pilot, fine, moments=False)
    checked = solve(m, pilot, check)
    coarse = integrate(checked)
    # the moments are dropped, as solve(moments=False) leaves them (Grid's annotation omits None)
    checked = dataclasses.replace(checked, extra=None)  # type: ignore[arg-type]
    fine = dataclasses.replace(integrate(grid), per_dataset=coarse.per_dataset)
    for finer in refine:
        if numerical_error(fine, coarse) <= TARGET:
            break
        checked, grid = grid, solve(m, pilot, finer, moments=False)
        coarse, fine = fine, dataclasses.replace(integrate(grid), per_dataset=fine.per_dataset)
    return m, (grid, checked), fine, coarse
