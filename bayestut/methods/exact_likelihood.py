"""The hierarchical model's data sets, one at a time: each one's likelihood with sigma_i
integrated out analytically, the prior on nu, and the one-dimensional delta_i integral given
the top level (delta0, sigma0, nu). The exact engine (:mod:`.hierarchical_exact`) sums these
integrals over data sets on a grid of the top level (:mod:`.exact_grid`).

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
"""

from __future__ import annotations

import concurrent.futures
import functools
import os
import threading
from dataclasses import dataclass

import numpy as np
from scipy import special, stats

# The delta_i quadrature, in y = asinh((delta - delta0) / sigma0): breakpoints at the top-level
# law's quantiles KERNEL (both sides), at xbar_i +- s_i DATA (s_i the width of the data set's
# likelihood) and, where an indicator of the rope is integrated, at +-rope; GAUSS
# Gauss-Legendre nodes per piece (3 moves the probabilities by up to 2e-4, 5 by less than 1e-5;
# tests/test_hierarchical_exact.py checks the integrals)
KERNEL = (0.5, 0.75, 0.9, 0.98, 0.999, 1 - 1e-5, 1 - 1e-8)
DATA = (0.0, 1.5, 4.0, 8.0, 16.0, 40.0)
GAUSS = 4
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

KERNEL_LEVELS = np.array([1 - v for v in KERNEL[:0:-1]] + list(KERNEL))
DATA_WIDTHS = np.array([-v for v in DATA[:0:-1]] + list(DATA))


def gauss_legendre(n: int):
    """Gauss-Legendre nodes and weights on (0, 1)."""
    x, w = _legendre(n)
    return 0.5 * (x + 1), 0.5 * w


def _top_quantiles(nu):
    """Quantiles of the top-level law at the levels KERNEL, both sides, (points, levels)."""
    nu = np.asarray(nu, float)[:, None]
    gauss = np.isinf(nu)
    z = np.where(gauss, special.ndtri(KERNEL_LEVELS),
                 special.stdtrit(np.where(gauss, 1.0, nu), KERNEL_LEVELS))
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
    big_a: np.ndarray | None = None

    def delta(self, delta0, sigma0):
        return delta0 + sigma0 * self.z


def breakpoints(lik: Likelihood, delta0, sigma0, nu, rope: float | None = None) -> np.ndarray:
    """The pieces' ends in y for the pairs of every point with every data set, points-major,
    sorted (pairs, breakpoints): see :func:`integrand`."""
    n_pts, q = len(delta0), len(lik.xbar)
    n_k, n_d = len(KERNEL_LEVELS), len(DATA_WIDTHS)
    n_r = 0 if rope is None else 2
    breaks = np.empty((n_pts, q, n_k + n_d + n_r))
    breaks[..., :n_k] = _top_breaks(nu)[:, None, :]
    breaks[..., n_k:n_k + n_d] = np.arcsinh(
        (lik.xbar[:, None] + lik.width[:, None] * DATA_WIDTHS - delta0[:, None, None])
        / sigma0[:, None, None])
    if rope is not None:
        breaks[..., n_k + n_d:] = np.arcsinh((np.array([-rope, rope]) - delta0[:, None])
                                             / sigma0[:, None])[:, None, :]
    pairs = breaks.reshape(n_pts * q, -1)
    pairs.sort(axis=-1)
    return pairs


def integrand(lik: Likelihood, delta0, sigma0, nu, rope: float | None, gauss: int,
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
    g_nodes, g_weights = gauss_legendre(gauss)
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
    big_a = None
    if keep_a:
        big_a = _scratch("big_a", work.shape)
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
    step = max(1, CHUNK // (q * (len(KERNEL_LEVELS) + len(DATA_WIDTHS) + 1) * gauss))
    log_i = np.empty((len(delta0), q))
    extra = np.empty((4, len(delta0), q)) if moments else None
    const = _top_constant(nu)[:, None] + lik.log_const

    def block(start):
        part = slice(start, start + step)
        nodes = integrand(lik, delta0[part], sigma0[part], nu[part],
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
        if extra is not None:                           # moments asked for
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



def top_pdf(z, nu):
    """Density of the standard top-level law: Student t(nu), normal at inf."""
    z, nu = np.broadcast_arrays(np.asarray(z, float), np.asarray(nu, float))
    finite = np.where(np.isinf(nu), 1.0, nu)
    log_kernel = np.where(np.isinf(nu), -0.5 * z * z,
                          -0.5 * (finite + 1) * np.log1p(z * z / finite))
    return np.exp(_top_constant(nu) + log_kernel)
