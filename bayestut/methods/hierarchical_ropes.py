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
from .exact_grid import integral_up_to
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


def on_grids(fit: ExactHierarchicalResult, ropes, of: str = "shares", errors: bool = True
             ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`rope_sweep` on the grids ``fit`` integrated (no data set noised): no fit; each
    width costs two integrals (δ₀'s alone, far less), one without ``errors``.

    Parameters
    ----------
    fit : bayestut.methods.hierarchical_result.ExactHierarchicalResult
        The exact fit, with its grids and no noised data set.
    ropes : sequence of float
        Positive rope half-widths, in the metric's units.
    of : str
        "shares" or "delta0_probabilities".
    errors : bool
        Whether to integrate on the check grid too, for the errors (else they are NaN).

    Returns
    -------
    probabilities, errors : numpy.ndarray
        As :func:`rope_sweep`'s.
    """
    assert fit.grids is not None and not fit.prepared.noised
    scaled = np.asarray(ropes, dtype=float) / fit.prepared.std_x
    out = np.full((2, len(scaled), 3), np.nan)
    for j, grid in enumerate(fit.grids[:2 if errors else 1]):
        if of == "delta0_probabilities":
            out[j] = delta0_regions(grid, scaled)
            continue
        for i, r in enumerate(scaled):
            at = dataclasses.replace(grid, model=dataclasses.replace(grid.model, rope=float(r)))
            out[j, i] = getattr(hierarchical_exact.integrate(at), of)
    return out[0], np.abs(out[0] - out[1])


def delta0_regions(grid, ropes) -> np.ndarray:
    """P(δ₀ < -r), P(|δ₀| < r), P(δ₀ > r) on one grid for every r (rescaled units), as
    :func:`~bayestut.methods.hierarchical_exact.integrate` computes them, without the next
    data set's shares (their edges cost most of an integral).

    Parameters
    ----------
    grid : bayestut.methods.exact_grid.Grid
        The grid.
    ropes : sequence of float
        Rope half-widths, rescaled (divided by the fit's std_x); 0 gives P(δ₀ < 0), 0, P(δ₀ > 0).

    Returns
    -------
    numpy.ndarray
        (len(ropes), 3), the number line's order.
    """
    f = np.exp(grid.logp - grid.logp.max()) * grid.d.jacobian[:, None, :]
    start, step, rows = grid.d.v[:, :1], grid.d.h[:, None], grid.rows()
    total = (rows * step * f.sum(axis=-1)).sum()
    def below(x: float) -> float:
        return float((rows * integral_up_to(f, start, step, grid.d.v_of(x)[:, None])).sum())
    out = np.array([[below(-r), below(r) - below(-r), total - below(r)] for r in ropes])
    # the two integrals differ in their last digits: a side can come out a hair below 0, and
    # clipping it alone would leave a sum above 1 (which the decision rule refuses)
    out = np.clip(out / total, 0.0, None)
    return out / out.sum(axis=1, keepdims=True)


# how far the shares may stray, numerically, from δ₀'s bounds on them (the two are integrated
# differently; each carries an error up to TARGET, 0.001)
MARGIN = 0.005


def share_bounds(fit: ExactHierarchicalResult, ropes) -> tuple[np.ndarray, np.ndarray]:
    """Bounds on the posterior probabilities that each outcome is the likeliest, from δ₀'s
    alone (no edge integrals): the next data set's b better region has the largest mass
    exactly when δ₀ < -e, and a better when δ₀ > e, for an edge 0 <= e(σ₀, ν) <= r
    (:func:`~bayestut.methods.hierarchical_exact.rope_edge`); the rope otherwise. So
    P(δ₀ < -r) <= share(left) <= P(δ₀ < 0), share(rope) <= P(|δ₀| < r), and likewise on
    the right. And e grows with r, so the sides' shares fall and the rope's rises with the
    rope's width: the fit's own shares at its rope bound them on either side. Each bound is
    widened by :data:`MARGIN`.

    Parameters
    ----------
    fit : bayestut.methods.hierarchical_result.ExactHierarchicalResult
        The exact fit, with its grids and no noised data set.
    ropes : sequence of float
        Positive rope half-widths, in the metric's units.

    Returns
    -------
    lower, upper : numpy.ndarray
        (len(ropes), 3) each, the number line's order.
    """
    assert fit.grids is not None and not fit.prepared.noised
    grid = fit.grids[0]
    p = delta0_regions(grid, np.asarray(ropes, dtype=float) / fit.prepared.std_x)
    half = delta0_regions(grid, [0.0])
    lower = np.column_stack([p[:, 0], np.zeros(len(p)), p[:, 2]])
    upper = np.column_stack([np.repeat(half[:, 0], len(p)), p[:, 1],
                             np.repeat(half[:, 2], len(p))])
    wider = (np.asarray(ropes, dtype=float) >= fit.rope)[:, None]
    side = np.array([True, False, True])
    at = np.broadcast_to(fit._probabilities, p.shape)
    lower = np.where(wider != side, np.maximum(lower, at), lower)   # wider: the rope's
    upper = np.where(wider == side, np.minimum(upper, at), upper)   # wider: the sides'
    return lower - MARGIN, upper + MARGIN
