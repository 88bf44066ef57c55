"""The hierarchical test's posterior probabilities over a range of ropes, from one exact fit.

The posterior of (delta0, sigma0, nu) does not depend on the rope: the rope only says which
regions its integrals are taken over. So the exact engine's grids, those its fit integrated, give
the probabilities for every rope width by integrating again: a sweep costs one fit and about a
fifth of a second per width, where refitting costs one to three seconds per width
(12 data sets; tests/test_hierarchical_ropes.py checks the two agree). The numerical error
at each width is, as for a fit, the difference from a coarser grid.

One preparation is not the same at every width: a data set whose differences are all equal
gets noise uniform within the rope (:func:`bayestut.methods.hierarchical.prepare`); with such
a data set each width is fitted on its own.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from . import hierarchical, hierarchical_exact
from .hierarchical_result import ExactHierarchicalResult
from ..errors import InputError


def rope_sweep(d, ropes, *, seed: int = 0, fit=None,
               of: str = "shares") -> tuple[np.ndarray, np.ndarray]:
    """The hierarchical test's posterior probabilities that each outcome is the likeliest
    (the number its decision is taken on), or δ₀'s probabilities, for every rope half-width.

    Parameters
    ----------
    d : bayestut.data.Differences
        The paired differences a - b (data sets x runs*folds) and their folds.
    ropes : sequence of float
        Rope half-widths, in the metric's units, each positive.
    seed : int
        As for :func:`~bayestut.methods.hierarchical.hierarchical_test` (it only matters for
        data sets whose differences are all equal).
    fit : bayestut.methods.hierarchical_result.ExactHierarchicalResult, optional
        The exact engine's fit of ``d`` at any rope (``compare``'s), whose grids are reused;
        by default (or for a Stan fit) the test is fitted here.
    of : str
        "shares" (the posterior probabilities) or "delta0_probabilities".

    Returns
    -------
    probabilities : numpy.ndarray
        (len(ropes), 3), in the number line's (left, rope, right) order, the arrays' internal
        order.
    errors : numpy.ndarray
        (len(ropes), 3): each probability's numerical error, its difference from a coarser
        grid.
    """
    ropes = np.asarray(ropes, dtype=float)
    if ropes.ndim != 1 or ropes.size == 0 or not np.all(np.isfinite(ropes) & (ropes > 0)):
        raise InputError(f"the ropes of a sweep must be positive numbers in the metric's units "
                         f"(e.g. [0.005, 0.01, 0.02]), got {np.atleast_1d(ropes).tolist()}")
    def refit(r) -> ExactHierarchicalResult:
        result = hierarchical.hierarchical_test(d, rope=float(r), seed=seed, engine="exact",
                                                progress=False)
        assert isinstance(result, ExactHierarchicalResult)   # engine="exact" gives one
        return result

    first = fit if isinstance(fit, ExactHierarchicalResult) else None
    if first is None or first.prepared.noised or first.grids is None:
        first = refit(ropes[0])
    if first.prepared.noised:          # the noise depends on the rope: fit every width
        fits = [first] + [refit(r) for r in ropes[1:]]
        return (np.array([getattr(f.exact, of) for f in fits]),
                np.array([np.abs(getattr(f.exact, of) - getattr(f.coarse, of)) for f in fits]))
    return on_grids(first, ropes, of)


def on_grids(fit: ExactHierarchicalResult, ropes, of: str = "shares"
             ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`rope_sweep` on the grids ``fit`` integrated (no data set noised): each width
    costs two integrals, no fit.

    Parameters
    ----------
    fit : bayestut.methods.hierarchical_result.ExactHierarchicalResult
        The exact fit, with its grids and no noised data set.
    ropes : sequence of float
        Positive rope half-widths, in the metric's units.
    of : str
        "shares" or "delta0_probabilities".

    Returns
    -------
    probabilities, errors : numpy.ndarray
        As :func:`rope_sweep`'s.
    """
    assert fit.grids is not None and not fit.prepared.noised
    out = np.empty((2, len(ropes), 3))
    for j, grid in enumerate(fit.grids):
        for i, r in enumerate(ropes):
            rope = float(r) / fit.prepared.std_x
            at = dataclasses.replace(grid, model=dataclasses.replace(grid.model, rope=rope))
            out[j, i] = getattr(hierarchical_exact.integrate(at), of)
    return out[0], np.abs(out[0] - out[1])
