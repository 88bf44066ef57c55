"""One simulation repetition through PyStan and through CmdStan: time and results.

The simulation runner samples through whichever backend ``bayestut.methods.stan`` chooses. Both run
Stan 2.35's NUTS from the same seed, data and initial values, so on one machine they should
walk the same chains; CmdStan writes its draws as text with 6 significant digits, so the
records can agree only to about that. This measures, for ``reps`` repetitions of Figure 3's
setting (delta0 = 0.005) at q = 10 and q = 50 (``runner.run_repetition``, one at a time, after
compilation):

- the wall seconds per repetition through each backend;
- the largest difference between the two backends' records over every recorded field
  (probabilities, posterior means, diagnostics), relative to the field's largest magnitude.

Run: CMDSTAN=/its/folder python benchmarks/stan_backends.py [reps, default 10]
(CMDSTAN defaults to ~/.cache/bayestut/cmdstan-2.35.0, where ``make test-cmdstan`` builds it.)

Result (2026-11-23, 10 repetitions each, 2 cores, the simulation runner at nice 19 beside it):

    q = 10: s per repetition: PyStan 0.83, CmdStan 0.41 (2.0 x);
            records differ by at most 4.2e-05 of the field's scale (max_rhat)
    q = 50: s per repetition: PyStan 2.76, CmdStan 1.45 (1.9 x);
            records differ by at most 1.7e-04 of the field's scale (max_rhat)

The differences are of the size that CmdStan's rounding of each draw to 6 significant digits
(it writes draws as text) makes: on this machine the two walk the same chains. The largest is
in R-hat, whose rank normalisation sees the ties that rounding makes. (Another compiler may
round differently and part the chains; the posterior is the same.)
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from pathlib import Path

import numpy as np

from bayestut.methods.diagnostics import ConvergenceWarning
from bayestut.simulation import populations, runner

os.environ.setdefault("CMDSTAN", str(Path.home() / ".cache/bayestut/cmdstan-2.35.0"))


def _worst(a: dict, b: dict) -> tuple[float, str]:
    """The largest difference between two records, relative to the largest magnitude in its
    field (a posterior mean near 0 has no meaningful relative error), and that field."""
    return max((float(np.max(np.abs(x - y)) / max(np.max(np.abs(x)), 1e-12)), key)
               for key in a if key not in ("rep", "seconds")
               for x, y in [(np.atleast_1d(np.asarray(a[key], dtype=float)),
                             np.atleast_1d(np.asarray(b[key], dtype=float)))])


def main(reps: int) -> None:
    warnings.simplefilter("ignore", ConvergenceWarning)
    population = populations.Cauchy(0.005, runner.CAUCHY_SCALE)
    options = runner.FitOptions()
    for backend in ("pystan", "cmdstanpy"):      # compile and start each once, untimed
        os.environ["BAYESTUT_STAN_BACKEND"] = backend
        runner.run_repetition(runner.Setting(population, 5), 0, 1, options)
    for q in (10, 50):
        setting = runner.Setting(population, q)
        seconds, records = {}, {}
        for backend in ("pystan", "cmdstanpy"):
            os.environ["BAYESTUT_STAN_BACKEND"] = backend
            start = time.perf_counter()
            records[backend] = [runner.run_repetition(setting, r, runner.ROOT_SEED, options)
                                for r in range(reps)]
            seconds[backend] = (time.perf_counter() - start) / reps
        worst, field = max(_worst(x, y) for x, y in zip(records["pystan"], records["cmdstanpy"]))
        print(f"q = {q:2d}: s per repetition: PyStan {seconds['pystan']:.2f}, CmdStan "
              f"{seconds['cmdstanpy']:.2f} ({seconds['pystan'] / seconds['cmdstanpy']:.1f} x);\n"
              f"        records differ by at most {worst:.1e} of the field's scale ({field})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
