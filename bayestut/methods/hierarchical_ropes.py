"""The hierarchical test's posterior probabilities over a range of ropes, from one exact fit.

The posterior of (delta0, sigma0, nu) does not depend on the rope: the rope only says which
regions its integrals are taken over. So the exact engine's grids, those its fit integrated, give
the probabilities for every rope width by integrating again: a sweep costs one fit and about a
fifth of a second per width, where refitting costs one to three seconds per width
(12 data sets; tests/test_hierarchical_ropes.py checks the two agree). The numerical error
at each width is, as for a fit, the difference from a coarser grid.

One preparation is not the same at every width: a data set whose differences are all equal
gets noise uniform within the rope (:func:`bayestut.methods.hierarchical.prepare`), so the
posterior itself changes with the width. A sweep fits each width on its own. Near the fit's
rope (the report's check, 0.8-1.2 times it) the fit's grids serve again with those data sets'
likelihoods recomputed for their new noise (:class:`Widths`): a tenth of a second or so per
width where a fit takes one to three. On the bundled pairs with such data sets (six of the
ten on the 54 data sets, one on the first 10) and four synthetic tables, at 0.8, 0.9, 1.1 and
1.2 times the rope, the probabilities agreed with a fit's at that width within 4e-5 and every
decision was the fit's (tests/test_rope_sensitivity.py checks a table whose decision
changes). A width whose posterior leaves the grids is fitted.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from . import hierarchical, hierarchical_exact
from .exact_grid import T_HIGH, T_LOW, Grid, integral_up_to
from .exact_likelihood import delta_integrals
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
    def fit_at(r) -> ExactHierarchicalResult:
        result = hierarchical.hierarchical_test(d, rope=float(r), seed=seed, engine="exact",
                                                progress=False)
        assert isinstance(result, ExactHierarchicalResult)   # engine="exact" gives one
        return result

    first = fit if isinstance(fit, ExactHierarchicalResult) else None
    if first is None or first.prepared.noised or first.grids is None:
        first = fit_at(ropes[0])
    if first.prepared.noised:          # the noise depends on the rope: fit every width
        fits = [first] + [fit_at(r) for r in ropes[1:]]
        return (np.array([getattr(f.exact, of) for f in fits]),
                np.array([np.abs(getattr(f.exact, of) - getattr(f.coarse, of)) for f in fits]))
    return on_grids(first, ropes, of)


def on_grids(fit: ExactHierarchicalResult, ropes, of: str = "shares", errors: bool = True,
             d=None) -> tuple[np.ndarray, np.ndarray]:
    """:func:`rope_sweep` on the grids ``fit`` integrated (:class:`Widths`): no fit, except
    for a width whose posterior, with a data set's noise redrawn, outgrows them. Each width
    costs two integrals (δ₀'s alone, far less), one without ``errors``.

    Parameters
    ----------
    fit : bayestut.methods.hierarchical_result.ExactHierarchicalResult
        The exact fit, with its grids.
    ropes : sequence of float
        Positive rope half-widths, in the metric's units.
    of : str
        "shares" or "delta0_probabilities".
    errors : bool
        Whether to integrate on the check grid too, for the errors (else they are NaN).
    d : bayestut.data.Differences, optional
        The differences ``fit`` was fitted on: needed (to fit a width its grids do not hold)
        when a data set's differences are all equal.

    Returns
    -------
    probabilities, errors : numpy.ndarray
        As :func:`rope_sweep`'s.
    """
    return Widths(fit, d).integrals(ropes, of, errors)


# the share of a grid's posterior mass allowed on an end of a range its pilot chose, or twice
# what the fit's own posterior puts there if more: beyond, the posterior has moved past the grid
EDGE_MASS = 1e-3
# how far the check grid's shares may lie from the fine grid's, for a decision settled on the
# check grid alone: ten times the engine's target for their difference (TARGET, 0.001, which
# a fit refines its grids to meet at its own rope); at 0.8-1.2 times the rope the difference
# was at most 0.0004 in the measurements of the module's docstring
COARSE = 0.01


class Widths:
    """One exact fit's posterior at other rope half-widths, on the (fine, check) grids the
    fit integrated, each width's grid built once (:meth:`grid`): the probabilities
    (:meth:`integrals`) and bounds that settle a decision without the fine grid's
    (:meth:`bounds`).

    Parameters
    ----------
    fit : bayestut.methods.hierarchical_result.ExactHierarchicalResult
        The exact fit, with its grids.
    d : bayestut.data.Differences, optional
        The differences ``fit`` was fitted on: needed, when a data set's differences are all
        equal, to fit a width whose posterior the grids no longer hold.
    """

    def __init__(self, fit: ExactHierarchicalResult, d=None) -> None:
        assert fit.grids is not None
        self.fit, self.d = fit, d
        self.noised = list(fit.prepared.noised)
        self._grids: dict[tuple[float, int], Grid] = {}
        self._then: dict[int, np.ndarray] = {}   # per grid, the noised data sets' log-lik.

    def grid(self, rope: float, which: int) -> Grid:
        """Grid ``which`` (0 fine, 1 check) at another rope half-width.

        The rope of the model it carries is the new one. A data set whose differences are all
        equal was given noise uniform within the rope
        (:func:`~bayestut.methods.hierarchical.prepare`), and numpy's uniform(-r, r) is
        r (2u - 1): with the same seed, a fit at the new width gives it the fit's noise times
        ``rope / fit.rope``, its mean unchanged and its sum of squares times that factor
        squared. Only those data sets' likelihoods change: recomputed at every grid point and
        swapped into the summed log-likelihood. The model's other settings (the priors'
        bounds, the grid's coordinates) stay the fit's: the bounds lie far outside the
        posterior (as for the planner's reweighting, :mod:`bayestut.simulation.reweighting`).

        Parameters
        ----------
        rope : float
            A positive rope half-width, in the metric's units.
        which : int
            0: the fine grid; 1: the check grid.

        Returns
        -------
        bayestut.methods.exact_grid.Grid
        """
        key = (float(rope), which)
        if key not in self._grids:
            assert self.fit.grids is not None
            grid, prepared = self.fit.grids[which], self.fit.prepared
            scaled = rope / prepared.std_x
            lik, logp = grid.model.lik, grid.logp
            if self.noised:
                factor = (scaled / prepared.rope) ** 2
                then = dataclasses.replace(lik, xbar=lik.xbar[self.noised],
                                           a=lik.a[self.noised],
                                           log_const=lik.log_const[self.noised])
                if which not in self._then:
                    self._then[which] = _log_likelihood(grid, then)
                now = dataclasses.replace(then, a=then.a * factor)
                logp = logp + _log_likelihood(grid, now) - self._then[which]
                a = lik.a.copy()
                a[self.noised] *= factor
                lik = dataclasses.replace(lik, a=a)
            model = dataclasses.replace(grid.model, rope=float(scaled), lik=lik)
            self._grids[key] = dataclasses.replace(grid, model=model, logp=logp)
        return self._grids[key]

    def outgrown(self, rope: float, which: int) -> bool:
        """Whether the posterior at ``rope`` has moved past grid ``which`` (0 fine, 1 check):
        a range's end holds more than :data:`EDGE_MASS` of it, and more than twice what the
        fit's own posterior puts there.

        Parameters
        ----------
        rope : float
            A positive rope half-width, in the metric's units.
        which : int
            0: the fine grid; 1: the check grid.

        Returns
        -------
        bool
        """
        assert self.fit.grids is not None
        allowed = np.maximum(EDGE_MASS, 2 * end_masses(self.fit.grids[which]))
        return bool(np.any(end_masses(self.grid(rope, which)) > allowed))

    def integrals(self, ropes, of: str = "shares", errors: bool = True
                  ) -> tuple[np.ndarray, np.ndarray]:
        """The probabilities at each rope, as :func:`on_grids` says.

        Parameters
        ----------
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
        out = np.full((2, len(ropes), 3), np.nan)
        for i, r in enumerate(ropes):
            if self.noised and self.outgrown(r, 0):
                assert self.d is not None, "a noised fit's widths need its differences"
                again = refit(self.d, r, self.fit)
                out[:, i] = getattr(again.exact, of), getattr(again.coarse, of)
                continue
            for j in range(2 if errors else 1):
                grid = self.grid(r, j)
                out[j, i] = (delta0_regions(grid, [grid.model.rope])[0]
                             if of == "delta0_probabilities" else
                             hierarchical_exact.integrate(grid).shares)
        return out[0], np.abs(out[0] - out[1])

    def bounds(self, ropes) -> tuple[np.ndarray, np.ndarray]:
        """Bounds on the posterior probabilities that each outcome is the likeliest: δ₀'s
        (:func:`share_bounds`); with a noised data set, whose posterior changes with the
        width, the check grid's shares :data:`COARSE` either side (no bounds where that
        grid no longer holds the posterior).

        Parameters
        ----------
        ropes : sequence of float
            Positive rope half-widths, in the metric's units.

        Returns
        -------
        lower, upper : numpy.ndarray
            (len(ropes), 3) each, the number line's order.
        """
        if not self.noised:
            return share_bounds(self.fit, ropes)
        lower, upper = np.zeros((len(ropes), 3)), np.ones((len(ropes), 3))
        for i, r in enumerate(ropes):
            if not self.outgrown(r, 1):
                shares = hierarchical_exact.integrate(self.grid(r, 1)).shares
                lower[i], upper[i] = shares - COARSE, shares + COARSE
        return lower, upper


def _log_likelihood(grid: Grid, lik) -> np.ndarray:
    """The data sets of ``lik``'s summed log-likelihood at every point of ``grid``."""
    shape, m = grid.logp.shape, grid.model
    at = (np.broadcast_to(grid.d.x[:, None, :], shape),
          np.broadcast_to(m.sigma0(grid.u.x)[:, None, None], shape),
          np.broadcast_to(m.nu(grid.t.x)[None, :, None], shape))
    return delta_integrals(lik, *at, m.rope).sum(axis=1).reshape(shape)


def end_masses(grid: Grid) -> np.ndarray:
    """The share of the grid's posterior on each end of a range the pilot chose: δ₀'s lower
    and upper ends (summed over the σ₀ rows), σ₀'s upper end, ν's lower and upper ends where
    they are not its prior's range's (σ₀'s lower end, 0, is the prior's bound); 0 otherwise.

    Parameters
    ----------
    grid : bayestut.methods.exact_grid.Grid
        The grid, with its log-likelihood.

    Returns
    -------
    numpy.ndarray
        (5,).
    """
    w = grid.weights()
    w = w / w.sum()
    t = grid.t.x
    chosen = len(t) > 1
    return np.array([w[..., 0].sum(), w[..., -1].sum(), w[-1].sum(),
                     w[:, 0].sum() if chosen and t[0] > T_LOW + 1e-9 else 0.0,
                     w[:, -1].sum() if chosen and t[-1] < T_HIGH - 1e-9 else 0.0])


def refit(d, rope: float, fit: ExactHierarchicalResult) -> ExactHierarchicalResult:
    """The exact engine's fit of ``d`` at ``rope`` with ``fit``'s seed and priors.

    Parameters
    ----------
    d : bayestut.data.Differences
        The differences ``fit`` was fitted on.
    rope : float
        A positive rope half-width, in the metric's units.
    fit : bayestut.methods.hierarchical_result.ExactHierarchicalResult
        The fit whose settings are kept.

    Returns
    -------
    bayestut.methods.hierarchical_result.ExactHierarchicalResult
    """
    result = hierarchical.hierarchical_test(d, rope=float(rope), seed=fit.seed,
                                            hyperprior=fit.model.bounds,
                                            nu_prior=fit.model.nu_prior, engine="exact",
                                            progress=False)
    assert isinstance(result, ExactHierarchicalResult)   # engine="exact" gives one
    return result


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


# where the rope's limit is searched: at k tenths of the chosen rope, k = 1, ..., LIMIT_STEPS
# (a tenth of it to three times it); the limit is said to a tenth of the rope, as rope_check's
# steps place a change of decision
LIMIT_STEPS = 30


@dataclasses.dataclass(frozen=True)
class Limit:
    """The rope up to which a decision holds (a side's) or down to which (equivalence's).

    Attributes
    ----------
    rope : float
        The widest rope checked at which the decision holds (``wider=False``: a side), or the
        narrowest (``wider=True``: equivalence).
    step : float
        The search's step, a tenth of the chosen rope.
    low, high : float
        The range searched, ``step`` to :data:`LIMIT_STEPS` times it.
    wider : bool
        Whether the decision holds at wider ropes (equivalence) rather than narrower (a side).
    edge : bool
        It holds at the range's end: the true limit lies beyond the range checked.
    monotone : bool
        The probabilities are monotone in the width, so the decision holds at every width
        between the chosen rope and ``rope``, not only at the steps (False with a data set
        whose differences are all equal: each step was checked).
    """

    rope: float
    step: float
    low: float
    high: float
    wider: bool
    edge: bool
    monotone: bool


def decision_limit(widths: Widths, rope: float, holds, of: str, wider: bool) -> Limit:
    """The limit of a decision's rope, on the grids of the fit that took it (no fit but for a
    width whose posterior leaves them): a side's probability falls and the rope's rises with
    the width (:func:`share_bounds`, δ₀'s alike), so the limit is bisected on the steps, one
    integral each (about five); with a data set whose differences are all equal (noised, not
    monotone) each step is integrated outwards until the decision fails.

    Parameters
    ----------
    widths : Widths
        The fit's grids at other widths.
    rope : float
        The rope the decision was taken at.
    holds : callable
        Whether the decision holds, given the number-line probabilities at a width.
    of : str
        "shares" or "delta0_probabilities": the probabilities the decision is taken on.
    wider : bool
        True for equivalence (it holds at wider ropes), False for a side.

    Returns
    -------
    Limit
    """
    step = rope / 10

    def at(k: int) -> float:
        return float(f"{k * step:.12g}")

    def ok(k: int) -> bool:
        return bool(holds(widths.integrals([at(k)], of, errors=False)[0][0]))

    end = 1 if wider else LIMIT_STEPS
    toward = -1 if wider else 1
    if widths.noised:               # not monotone: step outwards, each width checked
        k = 10
        while k != end and ok(k + toward):
            k += toward
        return Limit(at(k), step, at(1), at(LIMIT_STEPS), wider, k == end, False)
    if ok(end):
        return Limit(at(end), step, at(1), at(LIMIT_STEPS), wider, True, True)
    good, bad = 10, end             # holds at good (the fit's own), fails at bad
    while abs(bad - good) > 1:
        middle = (good + bad) // 2
        good, bad = (middle, bad) if ok(middle) else (good, middle)
    return Limit(at(good), step, at(1), at(LIMIT_STEPS), wider, False, True)
