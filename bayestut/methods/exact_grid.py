"""The exact engine's grid over the top level (delta0, sigma0, nu): the model in the grid's
coordinates, a pilot of coarse grids that finds where the posterior lives, and the final grid
with the data sets' summed log-likelihood (:mod:`.exact_likelihood`) on it.

The coordinates are u = asinh(sigma0 / kappa) (linear near sigma0 = 0, where the funnel is,
logarithmic above), t = log(nu - 1), and delta0 on a range adapted to every sigma0 (the
conditional of delta0 narrows with sigma0). Coarse passes find the ranges where the posterior
lives (a range cut short by a coarse pass grows back where its end still holds mass); the
final grid's trapezoid sums converge fast for smooth integrands.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import special

from .exact_likelihood import (
    Likelihood,
    delta_integrals,
    likelihood,
    nu_prior_density,
    nu_prior_tails,
)

# ranges of t = log(nu - 1): outside them the likelihood no longer changes with nu
T_LOW, T_HIGH = np.log(1e-6), np.log(1e5)
# a grid's edges are put where the posterior mass beyond them is below this (on a coarse grid)
MASS_LEFT = 1e-6


# --- integrating over a uniform grid ----------------------------------------------------------
# A smooth function that is negligible at both ends of a uniform grid is integrated to
# spectral accuracy by the trapezoid rule; its integral up to any point x, by integrating
# its sinc interpolant: int_-inf^x sinc((s - s_j) / h) ds = h (1/2 + Si(pi (x - s_j) / h) / pi).

def up_to_weights(n: int, start, step, x) -> np.ndarray:
    """The weights K with int from -inf to x of the sinc interpolant of f sampled at
    start + step * j equal to step * sum_j K_j f_j. They do not depend on f: a rule that
    integrates many functions on one grid computes them once.

    Parameters
    ----------
    n : int
        The number of samples.
    start, step, x : array_like
        The first sample's position, the step, the upper limit (broadcast together).

    Returns
    -------
    numpy.ndarray
        (..., n) weights.
    """
    start, step, x = (np.asarray(v, float)[..., None] for v in (start, step, x))
    si, _ = special.sici(np.pi * (x - (start + step * np.arange(n))) / step)
    # beyond the grid's ends the function is 0: there the integral is exactly 0 or the total
    return np.where(x <= start, 0.0, np.where(x >= start + (n - 1) * step, 1.0,
                                              0.5 + si / np.pi))


def integral_up_to(f, start, step, x):
    """int from -inf to x of the sinc interpolant of f (..., N) sampled at start + step * j;
    ``start``, ``step`` and ``x`` broadcast against f's leading shape."""
    return np.asarray(step, float) * (f * up_to_weights(f.shape[-1], start, step, x)).sum(axis=-1)


# --- the grid ---------------------------------------------------------------------------------
# Each axis is a uniform grid in v with x = centre + scale sinh(v): points about `scale`
# apart where the posterior is and ever sparser in its tails, and the trapezoid rule in v
# keeps its fast convergence. A pilot (rounds of coarse grids that zoom in) finds the
# centres, scales and ranges: u and t globally, delta0 for every sigma0.

PILOT = (9, 7, 9)          # pilot points in u, t, delta0
PILOT_ROUNDS = 4
PILOT_ROUNDS_MAX = 8
SETTLE = 2                 # rounds of zooming in after a range last grew (its new end is coarse)
PILOT_GAUSS = 2            # the pilot only needs the posterior's rough shape
FINE = (17, 15, 17)        # final points in u, t, delta0
CHECK = (13, 11, 13)       # a coarser grid: the difference bounds the numerical error
TARGET = 1e-3              # the numerical error a probability should carry at most, and
REFINE = ((25, 21, 25), (33, 29, 33))   # the finer grids tried in turn while it is larger


@dataclass(frozen=True)
class Model:
    """The prepared data and priors, in the coordinates the grid uses."""

    lik: Likelihood
    rope: float
    delta0_bound: float
    sigma0_max: float
    kappa: float           # sigma0 = kappa sinh(u): linear below kappa, logarithmic above
    nu_prior: str
    bounds: tuple
    shape: float
    rate: float

    @property
    def gaussian(self) -> bool:
        return self.nu_prior == "gaussian"

    @property
    def u_max(self) -> float:
        return float(np.arcsinh(self.sigma0_max / self.kappa))

    def sigma0(self, u):
        # sigma0 = 0 is the common-delta limit; a tiny positive value gives the same integrals
        return self.kappa * np.maximum(np.sinh(u), 1e-9)

    def nu(self, t):
        return np.full(np.shape(t), np.inf) if self.gaussian else 1.0 + np.exp(t)

    def prior_u(self, u):
        return self.kappa * np.cosh(u) / self.sigma0_max

    def prior_t(self, t):
        if self.gaussian:
            return np.ones(np.shape(t))
        return nu_prior_density(np.exp(t), self.nu_prior, self.bounds, self.shape,
                                self.rate) * np.exp(t)

    def tails_t(self, t_low, t_high):
        """Prior mass of t beyond the grid's ends where they are T_LOW and T_HIGH, beyond which
        the likelihood no longer changes (elsewhere the grid ends where the posterior is
        negligible: nothing to add). An end computed through sinh(asinh(.)) can miss T_LOW or
        T_HIGH by a rounding error: it counts as there."""
        if self.gaussian:
            return 0.0, 0.0
        low, high = nu_prior_tails(T_LOW, T_HIGH, self.nu_prior, self.bounds, self.shape,
                                   self.rate)
        at = lambda end, limit: np.isclose(end, limit, rtol=1e-9, atol=0.0)
        return (low if t_low <= T_LOW or at(t_low, T_LOW) else 0.0,
                high if t_high >= T_HIGH or at(t_high, T_HIGH) else 0.0)

    def log_likelihood(self, u, t, d, moments=False, gauss=None):
        """sum_i log I_i on the grid (u, t, delta0 per u): (len u, len t, points)."""
        nu_, nt, nd = len(u), len(t), d.shape[1]
        shape = (nu_, nt, nd)
        out = delta_integrals(self.lik, np.broadcast_to(d[:, None, :], shape),
                              np.broadcast_to(self.sigma0(u)[:, None, None], shape),
                              np.broadcast_to(self.nu(t)[None, :, None], shape),
                              self.rope, moments, gauss)
        if moments:
            log_i, extra = out
            return log_i.sum(axis=1).reshape(shape), extra.reshape((4,) + shape + (-1,))
        return out.sum(axis=1).reshape(shape)


def model(p, nu_prior: str) -> Model:
    d = p.stan_data
    lik = likelihood(p)
    return Model(lik=lik, rope=p.rope, delta0_bound=float(d["delta0_bound"]),
                 sigma0_max=float(d["sigma0_max"]), kappa=0.05 * float(lik.width.min()),
                 nu_prior=nu_prior, bounds=(d["alpha_low"], d["alpha_high"], d["beta_low"],
                                            d["beta_high"]),
                 shape=float(d["nu_shape"]), rate=float(d["nu_rate"]))


@dataclass(frozen=True)
class Axis:
    """x = centre + scale sinh(v), v uniform from v[0] with step h; rows broadcast."""

    centre: np.ndarray
    scale: np.ndarray
    v: np.ndarray

    @classmethod
    def spanning(cls, centre, scale, low, high, n: int):
        centre, scale, low, high = (np.asarray(a, float)[..., None] for a in
                                    (centre, scale, low, high))
        ends = np.arcsinh((low - centre) / scale), np.arcsinh((high - centre) / scale)
        v = ends[0] + (ends[1] - ends[0]) * np.linspace(0.0, 1.0, n)
        return cls(centre, scale, v)

    @property
    def x(self):
        return self.centre + self.scale * np.sinh(self.v)

    @property
    def jacobian(self):
        return self.scale * np.cosh(self.v)

    @property
    def h(self):
        return self.v[..., 1] - self.v[..., 0]

    def v_of(self, x):
        return np.arcsinh((x - self.centre[..., 0]) / self.scale[..., 0])

    def cells(self):
        """Each point's cell in v, (left ends, right ends): halfway to its neighbours, within
        the grid."""
        half = 0.5 * self.h[..., None]
        return (np.maximum(self.v - half, self.v[..., :1]),
                np.minimum(self.v + half, self.v[..., -1:]))


GREGORY = np.array([3 / 8, 7 / 6, 23 / 24])   # end weights of Gregory's rule (order h^4)


def _trapezoid(axis: Axis, density, tails):
    """Weights in v for a prior density given in x: the trapezoid rule with Gregory's end
    corrections (where a grid ends at a hard bound, sigma0 = 0 or nu's range, the integrand
    need not vanish), and the prior's mass ``tails`` beyond each end lumped onto it."""
    w = axis.h * axis.jacobian * density(axis.x)
    w[:3] *= GREGORY
    w[-3:] *= GREGORY[::-1]
    w[0] += tails[0]
    w[-1] += tails[1]
    return w


def _summary(values, mass, bounds):
    """Centre, spread and the range holding all but MASS_LEFT of a coarse marginal (widened by
    one point each side), and whether it grew: where an end point itself holds more than
    MASS_LEFT the posterior goes on beyond it, and the range reaches half its width further
    (within ``bounds``). A coarse grid can misjudge the tails (a too coarse delta0 grid favours
    heavy-tailed top levels): a range must be able to grow back."""
    p = mass / mass.sum()
    mean = (p * values).sum()
    sd = np.sqrt((p * (values - mean) ** 2).sum())
    cumulative = np.cumsum(p)
    idx = np.flatnonzero((cumulative > MASS_LEFT) & (cumulative - p < 1 - MASS_LEFT))
    low, high = values[max(idx[0] - 1, 0)], values[min(idx[-1] + 1, len(values) - 1)]
    reach = 0.5 * (values[-1] - values[0])
    grew = False
    if p[0] > MASS_LEFT and values[0] > bounds[0]:
        low, grew = max(bounds[0], values[0] - reach), True
    if p[-1] > MASS_LEFT and values[-1] < bounds[1]:
        high, grew = min(bounds[1], values[-1] + reach), True
    step = values[1] - values[0]
    return (mean, max(sd, 0.25 * step), low, high), grew


def _row_mass(w, logp, prior_t):
    """A u row's marginal in delta0 from its posterior weights ``w`` (t, delta0). A row far
    below the posterior's mode holds none in double precision (with hundreds of data sets
    the log posterior spans thousands): its delta0 range then comes from its own
    conditional, scaled by its own largest value."""
    mass = w.sum(axis=0)
    if mass.sum() > 0:
        return mass
    return (np.exp(logp - logp.max()) * prior_t[:, None]).sum(axis=0)


@dataclass(frozen=True)
class Pilot:
    u: tuple[float, float, float, float]     # centre, scale, low, high
    t: tuple[float, float, float, float]
    rows_u: np.ndarray         # the last pilot's u values
    rows_d: np.ndarray         # (rows, 4): delta0's centre, scale, low, high per u row


def explore(m: Model) -> Pilot:
    """Rounds of coarse grids, each zooming in on the last: PILOT_ROUNDS, and more (up to
    PILOT_ROUNDS_MAX) until SETTLE rounds have passed since a range last grew."""
    n_u, n_t, n_d = PILOT
    if m.gaussian:
        n_t = 1
    u_rng, t_rng, d_bounds = (0.0, m.u_max), (T_LOW, T_HIGH), (-m.delta0_bound, m.delta0_bound)
    u = np.linspace(*u_rng, n_u)
    lo, hi = np.full(n_u, -m.delta0_bound), np.full(n_u, m.delta0_bound)
    last_growth = -SETTLE
    for round_ in range(PILOT_ROUNDS_MAX):
        t = np.linspace(*t_rng, n_t) if n_t > 1 else np.zeros(1)
        d = lo[:, None] + (hi - lo)[:, None] * np.linspace(0, 1, n_d)
        logp = m.log_likelihood(u, t, d, gauss=PILOT_GAUSS)
        w = (np.exp(logp - logp.max()) * (hi - lo)[:, None, None]
             * m.prior_u(u)[:, None, None] * m.prior_t(t)[None, :, None])
        su, grew_u = _summary(u, w.sum(axis=(1, 2)), (0.0, m.u_max))
        st, grew_t = (_summary(t, w.sum(axis=(0, 2)), (T_LOW, T_HIGH)) if n_t > 1 else
                      ((0.0, 1.0, 0.0, 0.0), False))
        summaries = [_summary(d[i], _row_mass(w[i], logp[i], m.prior_t(t)), d_bounds)
                     for i in range(n_u)]
        rows = np.array([r for r, _ in summaries])
        grew = grew_u or grew_t or any(g for _, g in summaries)
        rows_u = u
        u_rng, t_rng = su[2:], st[2:]
        last_growth = round_ if grew else last_growth
        if round_ + 1 >= PILOT_ROUNDS and round_ - last_growth >= SETTLE:
            break
        u_new = np.linspace(u_rng[0], u_rng[1], n_u)
        j = np.clip(np.searchsorted(u, u_new), 1, n_u - 1)
        lo = np.minimum(rows[j - 1, 2], rows[j, 2])
        hi = np.maximum(rows[j - 1, 3], rows[j, 3])
        u = u_new
    return Pilot(su, st, rows_u, rows)


@dataclass(frozen=True)
class Grid:
    """The final grid and the log-likelihood on it."""

    model: Model
    u: Axis
    t: Axis
    d: Axis                    # one row per u
    logp: np.ndarray           # (len u, len t, len delta0)
    extra: np.ndarray          # (4, len u, len t, len delta0, data sets), see delta_integrals

    def axis_weights(self) -> tuple[np.ndarray, np.ndarray]:
        """Prior weights of the u points and of the t points (one point of weight 1 when the
        top level is Gaussian)."""
        m = self.model
        wu = _trapezoid(self.u, m.prior_u, (0.0, 0.0))
        if m.gaussian:
            return wu, np.ones(1)
        return wu, _trapezoid(self.t, m.prior_t, m.tails_t(self.t.x[0], self.t.x[-1]))

    def rows(self) -> np.ndarray:
        """Prior weights of the (u, t) rows, (len u, len t)."""
        wu, wt = self.axis_weights()
        return wu[:, None] * wt[None, :]

    def weights(self) -> np.ndarray:
        """Unnormalised posterior weight of every grid point."""
        f = np.exp(self.logp - self.logp.max())
        return self.rows()[..., None] * (self.d.h[:, None] * self.d.jacobian)[:, None, :] * f


def solve(m: Model, pilot: Pilot, sizes, moments: bool = True) -> Grid:
    """The log-likelihood on a grid of ``sizes`` points in (u, t, delta0), over the pilot's
    ranges."""
    n_u, n_t, n_d = sizes
    u = Axis.spanning(*pilot.u, n_u)
    t = (Axis(np.zeros(1), np.ones(1), np.zeros(1)) if m.gaussian else
         Axis.spanning(*pilot.t, n_t))
    ux = u.x
    rows = np.array([np.interp(ux, pilot.rows_u, pilot.rows_d[:, k]) for k in range(2)])
    j = np.clip(np.searchsorted(pilot.rows_u, ux), 1, len(pilot.rows_u) - 1)
    low = np.minimum(pilot.rows_d[j - 1, 2], pilot.rows_d[j, 2])
    high = np.maximum(pilot.rows_d[j - 1, 3], pilot.rows_d[j, 3])
    d = Axis.spanning(rows[0], rows[1], low, high, n_d)
    if moments:
        logp, extra = m.log_likelihood(ux, t.x, d.x, moments=True)
    else:
        logp, extra = m.log_likelihood(ux, t.x, d.x), None
    return Grid(m, u, t, d, logp, extra)
