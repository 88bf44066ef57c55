"""The hierarchical correlated t-test without MCMC: its posterior by numerical integration.

The model is the one of ``stan/hierarchical.stan`` (see :mod:`.hierarchical`), on the same
prepared data (rescaling by std_x, the zero-variance noise, the same bounds). Its posterior
is only three-dimensional once the data sets' own parameters are integrated out:

- sigma_i, flat on (0, S), integrates analytically. With k = (n - 1) / 2 and
  A_i(delta) = ss_i / (2 (1 - rho)) + n (xbar_i - delta)^2 / (2 (1 + (n - 1) rho)),
  int_0^S sigma^-n exp(-A / sigma^2) dsigma = Gamma(k) Q(k, A / S^2) / (2 A^k),
  Q the regularised upper incomplete gamma function: the data set's likelihood in delta_i
  is (1 + (delta_i - xbar_i)^2 / c_i)^-k times a factor that is 1 unless S is tiny.
- Given (delta0, sigma0, nu) the delta_i are independent: each data set contributes a
  one-dimensional integral of that likelihood against the Student t(nu, delta0, sigma0)
  density, done here by Gauss-Legendre on pieces graded around both the data set's mean
  and delta0 (the product can be narrow at either, and has two bumps for an outlier).
- alpha, beta integrate into a prior on nu (:func:`nu_prior_density`).

The posterior of (delta0, sigma0, nu) is then integrated on a grid: u = asinh(sigma0 / kappa)
(linear near sigma0 = 0, where the funnel is, logarithmic above), t = log(nu - 1), and
delta0 on a range adapted to every sigma0 (the conditional of delta0 narrows with sigma0).
Coarse passes find the ranges where the posterior lives (a range cut short by a coarse pass
grows back where its end still holds mass); the final grid's trapezoid sums
converge fast for smooth integrands. The next-data-set shares integrate an indicator (which
region has the largest mass); its edges in delta0, +-b(sigma0, nu), are found by Newton's method
and integrated exactly on each row; across sigma0, where the rope stops winning at all (b
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

import concurrent.futures
import dataclasses
import functools
import os
import threading
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import interpolate, special, stats


# The delta_i quadrature, in y = asinh((delta - delta0) / sigma0): breakpoints at the top-level
# law's quantiles KERNEL (both sides), at xbar_i +- s_i DATA (s_i the width of the data set's
# likelihood) and, where an indicator of the rope is integrated, at +-rope; GAUSS
# Gauss-Legendre nodes per piece (3 moves the probabilities by up to 2e-4, 5 by less than 1e-5;
# tests/test_hierarchical_exact.py checks the integrals)
KERNEL = (0.5, 0.75, 0.9, 0.98, 0.999, 1 - 1e-5, 1 - 1e-8)
DATA = (0.0, 1.5, 4.0, 8.0, 16.0, 40.0)
GAUSS = 4
# ranges of t = log(nu - 1): outside them the likelihood no longer changes with nu
T_LOW, T_HIGH = np.log(1e-6), np.log(1e5)
# a grid's edges are put where the posterior mass beyond them is below this (on a coarse grid)
MASS_LEFT = 1e-6
UNDERFLOW = 750.0          # exp(-UNDERFLOW) is exactly 0 in double precision
CHUNK = 200_000            # quadrature nodes per block of work: about a processor cache
                           # (memory and speed, not results)


# --- the data sets' likelihood with sigma_i integrated out -----------------------------------

@dataclass(frozen=True)
class Likelihood:
    """Everything :func:`log_likelihood` needs about the prepared (rescaled) data sets."""

    xbar: np.ndarray
    a: np.ndarray          # ss_i / (2 (1 - rho)): A_i at delta = xbar_i
    m: float               # Var(xbar_i) = sigma_i^2 m; m = (1 + (n - 1) rho) / n
    n: int
    sigma_max: float       # the upper bound S of the flat prior on sigma_i
    log_const: np.ndarray  # per data set, everything that does not depend on delta

    def q_from(self, k: float) -> float:
        """x above which Q(k, x) differs from 1 in double precision."""
        return float(special.gammaincinv(k, 1e-17))

    @property
    def k(self) -> float:
        return 0.5 * (self.n - 1)

    @property
    def width(self) -> np.ndarray:
        """The likelihood's standard deviation in delta_i (normal approximation)."""
        return np.sqrt(2 * self.m * self.a / (self.n - 1))

    def big_a(self, delta, i=slice(None)):
        return self.a[i] + (delta - self.xbar[i]) ** 2 / (2 * self.m)


def likelihood(p) -> Likelihood:
    """From :func:`~bayestut.methods.hierarchical.prepare`'s output."""
    d = p.stan_data
    n, rho, q = d["n"], d["rho"], d["q"]
    k = 0.5 * (n - 1)
    const = (-0.5 * n * np.log(2 * np.pi) - 0.5 * (n - 1) * np.log1p(-rho)
             - 0.5 * np.log1p((n - 1) * rho) + np.log(0.5) + special.gammaln(k)
             - np.log(d["sigma_max"]))
    return Likelihood(xbar=np.asarray(d["xbar"], float), a=d["ss"] / (2 * (1 - rho)),
                      m=(1 + (n - 1) * rho) / n, n=n, sigma_max=d["sigma_max"],
                      log_const=np.full(q, const))


def _log_q(k, x, q_from):
    """log Q(k, x), evaluated only where it differs from 0 (x above q_from)."""
    out = np.zeros(np.shape(x))
    far = x > q_from
    if far.any():
        with np.errstate(divide="ignore"):
            out[far] = np.log(special.gammaincc(k, x[far]))
    return out


def log_likelihood(lik: Likelihood, delta, i=slice(None)):
    """log p(x_i | delta_i) with sigma_i integrated out against its flat prior (all constants
    kept). ``delta`` broadcasts against the data sets selected by ``i`` on its last axis."""
    big_a = lik.big_a(delta, i)
    return (lik.log_const[i] - lik.k * np.log(big_a)
            + _log_q(lik.k, big_a / lik.sigma_max**2, lik.q_from(lik.k)))


def sigma_mean_given_a(lik: Likelihood, big_a, weight=None):
    """E[sigma_i | delta_i, data] from A_i(delta_i) = ``big_a``, overwritten with the result (the
    arrays are large): sqrt(A) Gamma(k - 1/2) Q(k - 1/2, .) / (Gamma(k) Q(k, .)). Where a
    quadrature ``weight`` is given and exactly 0 the Q's (slow) are left out: no weight."""
    out, k = big_a, lik.k
    # the Q's differ from 1 only far out (or where the bound S is tiny)
    far = out > min(lik.q_from(k - 0.5), lik.q_from(k)) * lik.sigma_max**2
    if weight is not None:
        far &= weight > 0
    x = out[far] / lik.sigma_max**2
    np.sqrt(out, out=out)
    out *= np.exp(special.gammaln(k - 0.5) - special.gammaln(k))
    if far.any():
        with np.errstate(invalid="ignore"):
            ratio = out[far] * np.exp(_log_q(k - 0.5, x, lik.q_from(k - 0.5))
                                      - _log_q(k, x, lik.q_from(k)))
        # where both tails underflow the likelihood is 0 too: the value has no weight
        out[far] = np.where(np.isfinite(ratio), ratio, 0.0)
    return out


# --- the top level ----------------------------------------------------------------------------

def top_cdf(z, nu):
    """Distribution function of the standard top-level law: Student t(nu), normal at inf."""
    z, nu = np.broadcast_arrays(np.asarray(z, float), np.asarray(nu, float))
    return np.where(np.isinf(nu), special.ndtr(z), special.stdtr(np.where(np.isinf(nu), 1, nu), z))


# --- the prior on nu --------------------------------------------------------------------------

_legendre = functools.cache(np.polynomial.legendre.leggauss)
_A_NODES, _A_WEIGHTS = _legendre(48)


def nu_prior_density(tau, nu_prior: str, bounds, shape=None, rate=None):
    """Prior density of tau = nu - 1. The hierarchical prior Gamma(alpha, beta) with alpha, beta
    uniform: the beta integral is closed, alpha_int tau^-2 [P(a+1, b_hi tau) - P(a+1, b_lo tau)],
    P the regularised lower incomplete gamma; alpha by Gauss-Legendre (the integrand is smooth)."""
    tau = np.asarray(tau, float)
    if nu_prior != "hierarchical":
        return stats.gamma.pdf(tau, shape, scale=1.0 / rate)
    a_lo, a_hi, b_lo, b_hi = bounds
    alpha = 0.5 * (a_hi + a_lo) + 0.5 * (a_hi - a_lo) * _A_NODES
    t, al = tau[..., None], alpha
    lo, hi = b_lo * t, b_hi * t
    # the difference of P's, or of Q's where both P's are close to 1
    upper = lo > al + 1
    diff = np.where(upper, special.gammaincc(al + 1, lo) - special.gammaincc(al + 1, hi),
                    special.gammainc(al + 1, hi) - special.gammainc(al + 1, lo))
    inner = al * diff / np.where(t > 0, t * t, 1.0)
    return 0.5 * (inner * _A_WEIGHTS).sum(axis=-1) / (b_hi - b_lo)


def nu_prior_tails(t_low, t_high, nu_prior: str, bounds, shape=None, rate=None):
    """Prior mass of t = log(nu - 1) below t_low and above t_high (Gauss-Legendre in t: the
    density decays exponentially below and like a Gamma tail above)."""
    if nu_prior != "hierarchical":
        law = stats.gamma(shape, scale=1.0 / rate)
        return float(law.cdf(np.exp(t_low))), float(law.sf(np.exp(t_high)))
    x, w = _legendre(96)
    density = lambda s: nu_prior_density(np.exp(s), nu_prior, bounds) * np.exp(s)
    below = 30.0 * (x + 1) + t_low - 60.0
    above = 8.0 * (x + 1) + t_high
    return float(30.0 * (w * density(below)).sum()), float(8.0 * (w * density(above)).sum())


# --- the delta_i integral ---------------------------------------------------------------------

_KERNEL = np.array([1 - v for v in KERNEL[:0:-1]] + list(KERNEL))
_DATA = np.array([-v for v in DATA[:0:-1]] + list(DATA))


def _gauss(n: int):
    """Gauss-Legendre nodes and weights on (0, 1)."""
    x, w = _legendre(n)
    return 0.5 * (x + 1), 0.5 * w


def _top_quantiles(nu):
    """Quantiles of the top-level law at the levels KERNEL, both sides, (points, levels)."""
    nu = np.asarray(nu, float)[:, None]
    gauss = np.isinf(nu)
    z = np.where(gauss, special.ndtri(_KERNEL), special.stdtrit(np.where(gauss, 1.0, nu), _KERNEL))
    return z


def _top_breaks(nu):
    """asinh of the top-level law's quantiles at the levels KERNEL, (points, levels); computed
    once per distinct nu (a grid has few)."""
    values, index = np.unique(nu, return_inverse=True)
    return np.arcsinh(_top_quantiles(values))[index]


_scratch_space = threading.local()


def _scratch(name: str, shape) -> np.ndarray:
    """An array of this shape kept for this thread and reused: fresh memory for every block
    would cost page faults (the allocator hands large blocks back to the system at once)."""
    size = int(np.prod(shape))
    store = _scratch_space.__dict__
    if name not in store or store[name].size < size:
        store[name] = np.empty(size)
    return store[name][:size].reshape(shape)


@dataclass(frozen=True)
class Nodes:
    """The delta_i quadrature for a block of (point, data set) pairs, flattened to N pairs.
    Arrays are (gauss nodes, pieces, N): each elementwise step then runs over long contiguous
    rows, which is what makes it fast. ``z`` = (delta - delta0) / sigma0 at the nodes, ``log_g``
    the log of likelihood * top-level density * d delta / dy (constants left out; weights
    apart), ``length`` the pieces' lengths in y (pieces, N), ``weights`` Gauss-Legendre's.
    ``z``, ``log_g`` and ``big_a`` (A_i at the nodes, kept only where asked for) live in the
    thread's scratch space: valid until its next block."""

    z: np.ndarray
    log_g: np.ndarray
    length: np.ndarray
    weights: np.ndarray
    big_a: np.ndarray = None

    def delta(self, delta0, sigma0):
        return delta0 + sigma0 * self.z


def breakpoints(lik: Likelihood, delta0, sigma0, nu, rope: float | None = None) -> np.ndarray:
    """The pieces' ends in y for the pairs of every point with every data set, points-major,
    sorted (pairs, breakpoints): see :func:`_integrand`."""
    n_pts, q = len(delta0), len(lik.xbar)
    n_k, n_d = len(_KERNEL), len(_DATA)
    n_r = 0 if rope is None else 2
    breaks = np.empty((n_pts, q, n_k + n_d + n_r))
    breaks[..., :n_k] = _top_breaks(nu)[:, None, :]
    breaks[..., n_k:n_k + n_d] = np.arcsinh(
        (lik.xbar[:, None] + lik.width[:, None] * _DATA - delta0[:, None, None])
        / sigma0[:, None, None])
    if n_r:
        breaks[..., n_k + n_d:] = np.arcsinh((np.array([-rope, rope]) - delta0[:, None])
                                             / sigma0[:, None])[:, None, :]
    breaks = breaks.reshape(n_pts * q, -1)
    breaks.sort(axis=-1)
    return breaks


def _integrand(lik: Likelihood, delta0, sigma0, nu, rope: float | None, gauss: int,
               keep_a: bool = False) -> Nodes:
    """The quadrature nodes and the integrand there for the pairs of every point (delta0,
    sigma0, nu) with every data set, points-major. The nodes are Gauss-Legendre on pieces of
    y = asinh((delta - delta0) / sigma0), between breakpoints at the top-level law's
    quantiles, around the data set's mean and at +-rope: in y the top-level density is a
    smooth bump with exponential tails for any nu > 1, and the likelihood's bump, wherever it
    lies, has its own pieces (an outlier makes the integrand two-humped). Breakpoints at
    +-``rope`` only where an indicator of the rope is integrated (``rope`` not None)."""
    n_pts, q = len(delta0), len(lik.xbar)
    d0, s0 = np.repeat(delta0, q), np.repeat(sigma0, q)   # per point -> per pair
    breaks = breakpoints(lik, delta0, sigma0, nu, rope)
    low = np.ascontiguousarray(breaks[:, :-1].T)
    length = np.ascontiguousarray(np.diff(breaks, axis=-1).T)
    g_nodes, g_weights = _gauss(gauss)
    z = _scratch("z", (gauss,) + length.shape)
    for j in range(gauss):
        np.multiply(length, g_nodes[j], out=z[j])
        z[j] += low
    np.sinh(z, out=z)
    work = np.multiply(z, z, out=_scratch("work", z.shape))
    log_g = np.log1p(work, out=_scratch("log_g", z.shape))
    log_g *= 0.5                                        # log(d delta / dy) - log sigma0
    normal = np.isinf(nu)
    if normal.all():
        work *= 0.5
    else:
        nu_ = np.repeat(np.where(normal, 1e300, nu), q)
        work /= nu_
        np.log1p(work, out=work)
        work *= 0.5 * (nu_ + 1)
    log_g -= work
    # the likelihood: -k log A, A = a + ((delta0 - xbar) + sigma0 z)^2 / (2 m)
    np.multiply(z, s0, out=work)
    work += d0 - np.tile(lik.xbar, n_pts)
    work *= work
    work *= 1 / (2 * lik.m)
    work += np.tile(lik.a, n_pts)
    big_a = _scratch("big_a", work.shape) if keep_a else None
    if keep_a:
        np.copyto(big_a, work)
    q_from = lik.q_from(lik.k)
    far = None
    if work.max() > q_from * lik.sigma_max**2:   # the bound S on sigma_i matters (tiny S, or
        far = work > q_from * lik.sigma_max**2                                # far out)
        x_far = work[far] / lik.sigma_max**2
    np.log(work, out=work)
    work *= lik.k
    log_g -= work
    if far is not None:
        # log Q <= 0 only lowers a node: one already UNDERFLOW below the best node where S does
        # not matter weighs exactly 0 either way, so Q (slow) is computed only for the others
        near_best = log_g.max(axis=(0, 1), where=~far, initial=-np.inf)
        keep = log_g[far] > np.broadcast_to(near_best, log_g.shape)[far] - UNDERFLOW
        index = np.flatnonzero(far)[keep]
        log_g.ravel()[index] += _log_q(lik.k, x_far[keep], q_from)
    return Nodes(z, log_g, length, g_weights, big_a)


def _top_constant(nu):
    """log of the top-level density's normalising constant (sigma0 = 1)."""
    nu = np.asarray(nu, float)
    finite = np.where(np.isinf(nu), 1.0, nu)
    return np.where(np.isinf(nu), -0.5 * np.log(2 * np.pi),
                    special.gammaln(0.5 * (finite + 1)) - special.gammaln(0.5 * finite)
                    - 0.5 * np.log(np.pi * finite))


def _gauss_sum(weights, values):
    """sum_j weights[j] * values[j], term by term in a fixed order (not through BLAS, whose
    kernels, chosen per processor, could move the last bits)."""
    out = weights[0] * values[0]
    for w, v in zip(weights[1:], values[1:]):
        out += w * v
    return out


def _threads() -> int:
    """Threads for the delta_i quadrature: one per core, but one inside somebody else's
    parallel work: a worker thread (compare_all's pairs), or a process whose OMP_NUM_THREADS
    says so (joblib sets it to 1 in the simulation runner's workers; a user may set it)."""
    if threading.current_thread() is not threading.main_thread():
        return 1
    cores = os.cpu_count() or 1
    limit = os.environ.get("OMP_NUM_THREADS", "").strip()
    return max(1, min(cores, int(limit))) if limit.isdigit() else cores


@functools.cache
def _pool(threads: int) -> concurrent.futures.ThreadPoolExecutor:
    # NumPy releases the GIL in its array loops, which are most of a block's time
    return concurrent.futures.ThreadPoolExecutor(max_workers=threads,
                                                 thread_name_prefix="bayestut-quadrature")


if hasattr(os, "register_at_fork"):     # a forked child has the pool but not its threads
    os.register_at_fork(after_in_child=_pool.cache_clear)


def delta_integrals(lik: Likelihood, delta0, sigma0, nu, rope: float, moments: bool = False,
                    gauss: int | None = None):
    """log int p(x_i | delta) t(delta | delta0, sigma0, nu) d delta for every point and data set,
    (points, data sets); with ``moments`` also the conditional E[delta_i], P(delta_i < -rope),
    P(delta_i > rope) and E[sigma_i] given (delta0, sigma0, nu), (4, points, data sets)."""
    delta0, sigma0, nu = (np.asarray(v, float).ravel() for v in
                          np.broadcast_arrays(delta0, sigma0, nu))
    gauss = gauss or GAUSS
    q = len(lik.xbar)
    step = max(1, CHUNK // (q * (len(_KERNEL) + len(_DATA) + 1) * gauss))
    log_i = np.empty((len(delta0), q))
    extra = np.empty((4, len(delta0), q)) if moments else None
    const = _top_constant(nu)[:, None] + lik.log_const

    def block(start):
        part = slice(start, start + step)
        nodes = _integrand(lik, delta0[part], sigma0[part], nu[part],
                           rope if moments else None, gauss, keep_a=moments)
        f = nodes.log_g
        peak = f.max(axis=(0, 1))
        f -= peak
        np.exp(f, out=f)
        f *= nodes.length                               # f is now weight * integrand
        # sums over the nodes, each node's Gauss weight applied once
        sum_of = lambda values: _gauss_sum(nodes.weights, (values * f).sum(axis=1))
        total = _gauss_sum(nodes.weights, f.sum(axis=1))
        shape = (-1, q)
        log_i[part] = (np.log(total) + peak).reshape(shape) + const[part]
        if moments:
            d0, s0 = np.repeat(delta0[part], q), np.repeat(sigma0[part], q)
            extra[0, part] = (d0 + s0 * (sum_of(nodes.z) / total)).reshape(shape)  # E delta
            # +-rope are breakpoints: each piece lies on one side, as its first node does
            pieces = _gauss_sum(nodes.weights, f)
            first = d0 + s0 * nodes.z[0]                        # delta at the first nodes
            extra[1, part] = ((pieces * (first < -rope)).sum(axis=0) / total).reshape(shape)
            extra[2, part] = ((pieces * (first > rope)).sum(axis=0) / total).reshape(shape)
            extra[3, part] = (sum_of(sigma_mean_given_a(lik, nodes.big_a, f))
                              / total).reshape(shape)

    # blocks are independent (each writes its own rows): on all cores when nothing else is
    starts, threads = range(0, len(delta0), step), _threads()
    if threads > 1 and len(starts) > 1:
        list(_pool(threads).map(block, starts))
    else:
        for start in starts:
            block(start)
    if moments:
        return log_i, extra
    return log_i


# --- the next data set's regions --------------------------------------------------------------

def top_pdf(z, nu):
    """Density of the standard top-level law: Student t(nu), normal at inf."""
    z, nu = np.broadcast_arrays(np.asarray(z, float), np.asarray(nu, float))
    finite = np.where(np.isinf(nu), 1.0, nu)
    log_kernel = np.where(np.isinf(nu), -0.5 * z * z,
                          -0.5 * (finite + 1) * np.log1p(z * z / finite))
    return np.exp(_top_constant(nu) + log_kernel)


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


# --- integrating over a uniform grid ----------------------------------------------------------
# A smooth function that is negligible at both ends of a uniform grid is integrated to
# spectral accuracy by the trapezoid rule; its integral up to any point x, by integrating
# its sinc interpolant: int_-inf^x sinc((s - s_j) / h) ds = h (1/2 + Si(pi (x - s_j) / h) / pi).

def integral_up_to(f, start, step, x):
    """int from -inf to x of the sinc interpolant of f (..., N) sampled at start + step * j;
    ``start``, ``step`` and ``x`` broadcast against f's leading shape."""
    n = f.shape[-1]
    start, step, x = (np.asarray(v, float)[..., None] for v in (start, step, x))
    si, _ = special.sici(np.pi * (x - (start + step * np.arange(n))) / step)
    part = step[..., 0] * (f * (0.5 + si / np.pi)).sum(axis=-1)
    # beyond the grid's ends the function is 0: there the integral is exactly 0 or the total
    total = step[..., 0] * f.sum(axis=-1)
    return np.where(x[..., 0] <= start[..., 0], 0.0,
                    np.where(x[..., 0] >= start[..., 0] + (n - 1) * step[..., 0], total, part))


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
DRAW_GAUSS = 2             # nodes per piece when drawing delta_i
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
    u: tuple                   # centre, scale, low, high
    t: tuple
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
        u_new = np.linspace(*u_rng, n_u)
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


def next_shares(g: Grid, f) -> np.ndarray:
    """Posterior probabilities that the left region, the rope or the right region has the
    largest mass of the next data set; ``f`` the posterior density in the delta0 axis's v,
    (u, t, delta0), as :func:`integrate` makes it."""
    m, axis = g.model, g.u
    _, wt = g.axis_weights()
    nu = m.nu(g.t.x)
    v_edge = axis.v_of(np.arcsinh(sigma0_edge(nu, m.rope) / m.kappa))
    v0, v1 = axis.v[0], axis.v[-1]
    s, w = _gauss(EDGE_NODES)
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
    masses = np.zeros(3)
    for k in range(len(nu)):
        f_k = f[:, k, None, :]
        # each row's integral of the density up to x, x (1, points) or (rows, points)
        up_to = lambda x: integral_up_to(f_k, start, step,
                                         np.arcsinh((x - g.d.centre) / g.d.scale))
        row_mass = step[:, 0] * f_k[:, 0].sum(axis=-1)
        log_w = np.log(np.maximum(prior * row_mass, 1e-300))
        for side in range(2):
            if not dv[k, side].any():
                continue
            rows_at = spline[k, side]                     # (nodes, u rows)
            # each row's distribution function at every node's -b and b, interpolated in u
            at = lambda x: np.clip((rows_at * (up_to(x[None, :]) / row_mass[:, None]).T
                                    ).sum(axis=1), 0.0, 1.0)
            low, high = at(-b[k, side]), at(b[k, side])
            weight = dv[k, side] * np.exp(rows_at @ log_w)
            masses += wt[k] * np.array([(weight * low).sum(), (weight * (high - low)).sum(),
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
    step = max(1, CHUNK // (len(lik.xbar) * (len(_KERNEL) + len(_DATA) + 1) * DRAW_GAUSS))
    take = lambda a, j: np.take_along_axis(a, j[..., None], axis=-1)[..., 0]
    q = len(lik.xbar)
    # (points, data sets, nodes), the nodes in increasing order: piece by piece
    order = lambda a: a.transpose(2, 1, 0).reshape(-1, q, a.shape[0] * a.shape[1])
    for start in range(0, count, step):
        part = slice(start, start + step)
        quad = _integrand(lik, delta0[part], sigma0[part], nu[part], None, DRAW_GAUSS)
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
    """The model, the fine grid and the posterior on it and on the coarser check grid, from
    :func:`~bayestut.methods.hierarchical.prepare`'s output. The data sets' summaries
    (E delta_i, its rope probabilities, E sigma_i) come from the check grid: they double the
    cost of a grid, and decide nothing. ``fine`` and ``check``: the two grids' points in
    (u, t, delta0). While the two differ by more than TARGET, the grids of ``refine`` are
    tried in turn, each checked against the one before (a skewed posterior, say, that the
    fine grid resolves coarsely near its mode)."""
    m = model(prepared, nu_prior)
    pilot = explore(m)
    grid = solve(m, pilot, fine, moments=False)
    coarse = integrate(solve(m, pilot, check))
    fine = dataclasses.replace(integrate(grid), per_dataset=coarse.per_dataset)
    for finer in refine:
        if numerical_error(fine, coarse) <= TARGET:
            break
        grid = solve(m, pilot, finer, moments=False)
        coarse, fine = fine, dataclasses.replace(integrate(grid), per_dataset=fine.per_dataset)
    return m, grid, fine, coarse


# --- agreement with Stan's posterior ----------------------------------------------------------

# what is compared: (name, the attribute holding the value); "<attribute>_mcse" holds Stan's
# Monte Carlo error and the exact engine's numerical error
AGREEMENT = (("next data set (shares)", "probabilities"),
             ("next data set (mean masses)", "new_data_set_probabilities"),
             ("delta0", "delta0_probabilities"))


def agreement(exact, stan, draws: int | None = None) -> pd.DataFrame:
    """The exact engine's probabilities beside Stan's, for the same data: one row per quantity
    (the next data set's shares and mean masses, delta0's probabilities) and region, with the
    exact value, its numerical error, Stan's value, its Monte Carlo error and
    z = (exact - Stan) / Stan's Monte Carlo error.

    ``stan`` is a Stan result (or anything with its ``probabilities``, ``mean_masses``,
    ``delta0_probabilities`` and their ``*_mcse``); ``draws`` its number of draws (default:
    ``len(stan.delta0)``). Where Stan's error is 0 (all its draws agree: a share of 0 or 1),
    the binomial error of a share of ``draws`` independent draws at the exact value stands in
    for it; if that is 0 too, z is 0 for equal values and infinite otherwise."""
    draws = len(stan.delta0) if draws is None else draws
    labels = getattr(stan, "labels", ("left", "rope", "right"))
    rows = []
    for name, value in AGREEMENT:
        p_exact = np.asarray(getattr(exact, value), dtype=float)
        p_stan = np.asarray(getattr(stan, value), dtype=float)
        se = np.asarray(getattr(stan, f"{value}_mcse"), dtype=float)
        p = np.clip(p_exact, 0.0, 1.0)
        se = np.where(se > 0, se, np.sqrt(p * (1 - p) / draws))
        diff = p_exact - p_stan
        with np.errstate(divide="ignore", invalid="ignore"):
            z = np.where(se > 0, diff / se, np.where(diff == 0, 0.0, np.copysign(np.inf, diff)))
        for k in range(3):
            rows.append({"quantity": name, "region": labels[k], "exact": p_exact[k],
                         "numerical error": float(np.asarray(getattr(exact, f"{value}_mcse"))[k]),
                         "Stan": p_stan[k], "Stan MC error": se[k], "z": z[k]})
    return pd.DataFrame(rows).set_index(["quantity", "region"])
