"""The checks of a two-classifier verdict, computed on first use: its decision at ropes around
the chosen one and at the papers' rope (the exact fit's grids integrated again, no fit), under
the papers' other priors on ν (refits), and the hierarchical fit's posterior predictive check.
Each function takes the :class:`~bayestut.analysis.comparison.Comparison`, which keeps its
result as an attribute computed on first use.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from . import model_check as predictive
from .model_check import ModelCheck
from .prior_check import check as check_priors
from ..checks import FRACTION
from ..methods.decisions import NO_DECISION, decide, labelled
from ..methods.hierarchical_result import ExactHierarchicalResult
from ..methods.hierarchical_ropes import Widths

DELTA0_ABOUT = "delta0"    # a verdict on δ₀ (compare(about="delta0")), not on a new data set

# The ropes, as multiples of the chosen one, at which the verdict's decision is checked
# (Comparison.rope_check): ±20% spans the widths a reader would call the same choice (0.008 to
# 0.012 for 0.01); steps of 10% place a change of decision within a tenth of the rope.
ROPE_FACTORS = (0.8, 0.9, 1.1, 1.2)
# The papers' rope, one point of accuracy (JMLR §3.1, MLJ §2): a verdict at another rope on a
# metric in fractions says its decision there too (Comparison.papers_rope), for a reviewer.
PAPERS_ROPE = 0.01


def rope_check(c) -> pd.DataFrame | None:
    """The verdict's decision at ropes around the chosen one (:data:`ROPE_FACTORS` times
    it), on the exact engine's grids: no fit (but for a width whose posterior leaves them,
    with a data set's noise redrawn). Computed on first use.

    Every probability the decision reads is monotone in the rope's width (the two sides'
    fall, the rope's rises), so where the decision is the same at both ends it is the
    same at every width between. The ends are integrated
    (:meth:`~bayestut.methods.hierarchical_ropes.Widths.integrals`), with their errors:
    the report prints their numbers, the margin of a decision that holds; when an end's
    decision differs from the verdict's, every width is integrated. A data set whose differences are all equal
    gets noise drawn within the rope, so the posterior changes with the width and is
    not monotone in it: then every width is settled or integrated, on the grids with
    that noise's likelihood redrawn at the width
    (:class:`~bayestut.methods.hierarchical_ropes.Widths`), each settled where the
    coarser check grid's shares lie far from the threshold
    (:meth:`~bayestut.methods.hierarchical_ropes.Widths.bounds`), else integrated.

    Returns
    -------
    pandas.DataFrame or None
        One row per rope, the chosen one among them (index "rope", ascending): the
        probabilities the verdict is taken on (δ₀'s with ``about="delta0"``), labelled by
        outcome in the reading order, and each one's numerical error ("± <a> better",
        ...), NaN where the decision was settled without them (never at the narrowest
        and widest rope, whose numbers the sentence prints, nor anywhere when the
        decision differs somewhere); and the "decision". None
        when not checked: one data set, a constant difference or the Stan engine (it
        would need a fit per width).
    """
    h, widths = c.hierarchical, c._widths
    if h is None or widths is None:
        return None
    of = "delta0_probabilities" if c.about == DELTA0_ABOUT else "shares"
    se = h._probabilities_mcse if of == "shares" else h._delta0_probabilities_mcse
    exact = {c.rope: (c._decided_on(), se)}
    ropes = [float(f"{k * c.rope:.12g}") for k in ROPE_FACTORS]
    settled = {}                # the decisions bounds settle, without the fine integral
    if of == "shares":
        for r, low, high in zip(ropes, *widths.bounds(ropes)):
            if low.max() > c.threshold:
                settled[r] = labelled(low, c.a, c.b).idxmax()
            elif high.max() <= c.threshold:
                settled[r] = NO_DECISION

    def integrate(at, errors: bool) -> None:    # errors: for the numbers printed
        at = [r for r in at if r not in exact or (errors and np.isnan(exact[r][1]).any())]
        if at:
            exact.update(zip(at, zip(*widths.integrals(at, of, errors))))

    def decision(r: float) -> str:
        if r in exact:
            return decide(labelled(exact[r][0], c.a, c.b), c.threshold)
        return settled[r]

    # the ends' numbers are printed, a stable decision's margin: integrated, with errors;
    # monotone in the width, the decision is settled at the ends; noised, at every width
    integrate([ropes[0], ropes[-1]], errors=True)
    ends = ropes if h.prepared.noised else [ropes[0], ropes[-1]]
    integrate([r for r in ends if r not in settled], errors=False)
    if {decision(r) for r in ends} == {c.decision}:
        settled.update((r, c.decision) for r in ropes
                       if r not in settled and r not in exact)
    else:                       # a sentence will print: every width's numbers
        integrate(ropes, errors=True)
    ropes = sorted([c.rope, *ropes])
    missing = (np.full(3, np.nan),) * 2
    p, error = (np.array([exact.get(r, missing)[k] for r in ropes]) for k in (0, 1))
    table = pd.concat([labelled(p, c.a, c.b),
                       labelled(error, c.a, c.b).add_prefix("± ")], axis=1)
    table.index = pd.Index(ropes, name="rope")
    table["decision"] = [decision(r) for r in ropes]
    return table


def widths(c) -> Widths | None:
    """The exact fit's grids at other ropes (:class:`Widths`), shared by
    :func:`rope_check` and :func:`papers_rope`; None where they do not apply (one data
    set, a constant difference, the Stan engine)."""
    h = c.hierarchical
    if c.refused or not isinstance(h, ExactHierarchicalResult) or h.grids is None:
        return None
    return Widths(h, c.differences)


def papers_rope(c) -> pd.DataFrame | None:
    """The verdict's decision at the papers' rope, ±:data:`PAPERS_ROPE`, when another
    was chosen on a metric in fractions: the exact fit's grids integrated once more (no
    fit). Computed on first use.

    Returns
    -------
    pandas.DataFrame or None
        One row (index "rope"), as :func:`rope_check`'s: the probabilities the verdict is
        taken on, their numerical errors and the "decision". None at the papers' rope, on
        a metric not in fractions, or where :func:`rope_check` is None.
    """
    widths = c._widths
    if widths is None or c.rope == PAPERS_ROPE or c.score_range != FRACTION:
        return None
    of = "delta0_probabilities" if c.about == DELTA0_ABOUT else "shares"
    p, error = widths.integrals([PAPERS_ROPE], of, errors=True)
    table = pd.concat([labelled(p, c.a, c.b),
                       labelled(error, c.a, c.b).add_prefix("± ")], axis=1)
    table.index = pd.Index([PAPERS_ROPE], name="rope")
    table["decision"] = [decide(labelled(p[0], c.a, c.b), c.threshold)]
    return table


def prior_check(c) -> pd.DataFrame | None:
    """The verdict's decision under the other priors on ν the papers propose, each a refit
    of the exact engine (:func:`~bayestut.analysis.prior_check.check`). Computed on first
    use (about three times the hierarchical fit's time); the reports carry its sentence
    with ``compare(prior_check=True)`` (``--prior-check``)."""
    return check_priors(c)


def model_check(c) -> ModelCheck | None:
    """The hierarchical fit's posterior predictive check
    (:func:`~bayestut.analysis.model_check.model_check`); None without a hierarchical
    posterior, or when every difference is one number (nothing to replicate)."""
    h = c.hierarchical
    return None if h is None or c.constant else predictive.model_check(h)
