"""What a compiled kernel would give the exact engine's delta_i quadrature (none is used).

The engine's quadrature runs in NumPy: each step is one vectorised pass over the nodes, the
transcendental functions through NumPy's SIMD loops. A compiled kernel would fuse the passes.
This times, on the fine grid of the 54 bundled data sets (nbc vs aode), the log integrals of
every (grid point, data set) pair three ways, on the same sorted breakpoints and nodes:

- NumPy, as the engine does it (``delta_integrals``, breakpoints included);
- C, compiled here by gcc with -O3 -ffast-math -march=native and OpenMP, its loops over the
  nodes vectorised through glibc's vector maths library (libmvec): the best a compiled kernel
  is likely to do on these machines (the engine's breakpoints, their time added);
- Numba, where it is installed (its PyPI build has no vector maths: scalar calls).

The C source is written to a temporary folder and deleted; it is not part of the package.
Run: .venv/bin/python benchmarks/hierarchical_exact_compiled.py
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import tempfile
import time
import warnings

import numpy as np

from bayestut.data import load_uci
from bayestut.methods import exact_grid as eg
from bayestut.methods import exact_likelihood as lk
from bayestut.methods.hierarchical import HYPERPRIORS, _differences, prepare

REPEATS = 5

KERNEL_C = r"""
#include <math.h>
/* per pair: log of the sum over its pieces (breakpoints sorted) of Gauss-Legendre's rule */
void integrals(long n, long nb, const double *br, const double *s0, const double *nu,
               const double *offset, const double *a, const double *gx, const double *gw,
               long g, double k, double inv2m, int threads, double *out) {
  #pragma omp parallel for schedule(static) num_threads(threads)
  for (long p = 0; p < n; p++) {
    double y[512], w[512], v[512];
    const double *b = br + p * nb;
    double c = 0.5 * (nu[p] + 1), inu = 1 / nu[p];
    long m = 0;
    for (long j = 0; j < nb - 1; j++)
      for (long i = 0; i < g; i++, m++) {
        y[m] = b[j] + (b[j + 1] - b[j]) * gx[i];
        w[m] = gw[i] * (b[j + 1] - b[j]);
      }
    #pragma omp simd
    for (long t = 0; t < m; t++) {
      double z = sinh(y[t]), z2 = z * z, x = offset[p] + s0[p] * z;
      v[t] = 0.5 * log1p(z2) - c * log1p(z2 * inu) - k * log(a[p] + x * x * inv2m);
    }
    double best = -INFINITY, total = 0;
    for (long t = 0; t < m; t++) best = v[t] > best ? v[t] : best;
    #pragma omp simd reduction(+:total)
    for (long t = 0; t < m; t++) total += w[t] * exp(v[t] - best);
    out[p] = log(total) + best;
  }
}
"""


def best_of(fn):
    best = np.inf
    for _ in range(REPEATS):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def fine_grid_pairs():
    """The fine grid's points for nbc vs aode (MLJ's hyperprior), and the model."""
    x = _differences(load_uci(), "nbc", "aode", None).x
    p = prepare(x, 10, 0.01, HYPERPRIORS["mlj"], "hierarchical", "auto",
                np.random.default_rng(0))
    m = eg.model(p, "hierarchical")
    g = eg.solve(m, eg.explore(m), eg.FINE, moments=False)
    shape = g.logp.shape
    delta0 = np.broadcast_to(g.d.x[:, None, :], shape).ravel()
    sigma0 = np.broadcast_to(m.sigma0(g.u.x)[:, None, None], shape).ravel()
    nu = np.broadcast_to(m.nu(g.t.x)[None, :, None], shape).ravel()
    return m, delta0, sigma0, nu


def compile_c(folder):
    if shutil.which("gcc") is None:
        return None
    source, library = os.path.join(folder, "k.c"), os.path.join(folder, "k.so")
    with open(source, "w") as f:
        f.write(KERNEL_C)
    built = subprocess.run(["gcc", "-O3", "-ffast-math", "-march=native", "-fopenmp",
                            "-fPIC", "-shared", source, "-o", library, "-lmvec", "-lm"],
                           capture_output=True, text=True)
    if built.returncode:
        print("gcc failed:", built.stderr.strip().splitlines()[-1:])
        return None
    if shutil.which("objdump"):
        code = subprocess.run(["objdump", "-d", library], capture_output=True, text=True).stdout
        print("C kernel's vector maths calls:",
              sorted({w.split("@")[0].strip("<>") for w in code.split() if "_ZGV" in w}) or
              "none (scalar calls)")
    return ctypes.CDLL(library)


def main() -> None:
    warnings.simplefilter("ignore")
    m, delta0, sigma0, nu = fine_grid_pairs()
    lik, q = m.lik, len(m.lik.xbar)
    nodes = len(delta0) * q * (len(lk.KERNEL_LEVELS) + len(lk.DATA_WIDTHS) - 1) * lk.GAUSS
    print(f"{len(delta0)} grid points x {q} data sets, {nodes / 1e6:.1f} M nodes; "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    per_node = lambda s: f"{s:.3f} s ({s / nodes * 1e9:.1f} ns a node)"
    reference = lk.delta_integrals(lik, delta0, sigma0, nu, m.rope)
    for threads in ("1", ""):
        os.environ["OMP_NUM_THREADS"] = threads        # read by the engine at every call
        seconds = best_of(lambda: lk.delta_integrals(lik, delta0, sigma0, nu, m.rope))
        print(f"NumPy, {threads or os.cpu_count()} thread(s): {per_node(seconds)}")
    os.environ.pop("OMP_NUM_THREADS")

    br = lk.breakpoints(lik, delta0, sigma0, nu)
    t_breaks = best_of(lambda: lk.breakpoints(lik, delta0, sigma0, nu))
    s0, nu_ = np.repeat(sigma0, q), np.repeat(nu, q)
    offset, a = np.repeat(delta0, q) - np.tile(lik.xbar, len(delta0)), np.tile(lik.a, len(delta0))
    gx, gw = lk.gauss_legendre(lk.GAUSS)
    const = (lk._top_constant(nu)[:, None] + lik.log_const).ravel()
    args = [np.ascontiguousarray(v, dtype=float) for v in (br, s0, nu_, offset, a, gx, gw)]
    out = np.empty(len(br))
    print(f"breakpoints (NumPy, counted in both below): {t_breaks:.3f} s")

    with tempfile.TemporaryDirectory() as folder:
        library = compile_c(folder)
        if library is not None:
            pointer = lambda v: v.ctypes.data_as(ctypes.POINTER(ctypes.c_double))
            for threads in (1, os.cpu_count()):
                run = lambda: library.integrals(
                    ctypes.c_long(br.shape[0]), ctypes.c_long(br.shape[1]),
                    *[pointer(v) for v in args], ctypes.c_long(lk.GAUSS),
                    ctypes.c_double(lik.k), ctypes.c_double(1 / (2 * lik.m)),
                    ctypes.c_int(threads), pointer(out))
                run()
                error = np.abs(out + const - reference.ravel()).max()
                print(f"C, {threads} thread(s): {per_node(best_of(run) + t_breaks)} "
                      f"(largest difference from NumPy's {error:.1e})")

    try:
        import numba
    except ImportError:
        print("Numba: not installed")
        return

    @numba.njit(fastmath=True, parallel=True)
    def integrals(br, s0, nu, offset, a, gx, gw, k, inv2m, out):
        g = len(gx)
        for p in numba.prange(br.shape[0]):
            v = np.empty((br.shape[1] - 1) * g)
            c, best = 0.5 * (nu[p] + 1), -np.inf
            for j in range(br.shape[1] - 1):
                for i in range(g):
                    z = np.sinh(br[p, j] + (br[p, j + 1] - br[p, j]) * gx[i])
                    x = offset[p] + s0[p] * z
                    v[j * g + i] = (0.5 * np.log1p(z * z) - c * np.log1p(z * z / nu[p])
                                    - k * np.log(a[p] + x * x * inv2m))
                    best = max(best, v[j * g + i])
            total = 0.0
            for j in range(br.shape[1] - 1):
                for i in range(g):
                    total += gw[i] * (br[p, j + 1] - br[p, j]) * np.exp(v[j * g + i] - best)
            out[p] = np.log(total) + best

    for threads in (1, os.cpu_count()):
        numba.set_num_threads(threads)
        run = lambda: integrals(*args, lik.k, 1 / (2 * lik.m), out)
        run()
        error = np.abs(out + const - reference.ravel()).max()
        print(f"Numba {numba.__version__}, {threads} thread(s): "
              f"{per_node(best_of(run) + t_breaks)} (largest difference {error:.1e})")


if __name__ == "__main__":
    main()
