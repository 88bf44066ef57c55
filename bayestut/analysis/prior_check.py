"""How the verdict's decision depends on the hierarchical model's prior: the decision refitted
under the other priors the papers propose for the degrees of freedom ν of the Student top level
(:func:`check`, ``Comparison.prior_check``), and one sentence for the reports (:func:`sentence`).

The papers found the model "sensitive on the choice of p(ν)" (MLJ §3; JMLR §4.3.1) and chose a
Gamma(α, β) prior on ν − 1 with α and β uniform between bounds; a reviewer asks what a prior
they did not choose would decide. The priors checked, beside the verdict's (MLJ §3's bounds,
``hierarchical_test``'s default), are the three the papers name:

- JMLR §4.3.1's own bounds, α ∈ (0.5, 5), β ∈ (0.05, 0.15) (the authors' R code's; the project's
  method notes: the two texts' bounds differ);
- Kruschke (2013)'s shifted exponential, ν − 1 ~ Gamma(1, 0.0345) (JMLR §4.3.1, MLJ §3);
- Juárez and Steel (2010)'s ν − 1 ~ Gamma(2, 0.1), which favours large ν (JMLR §4.3.1, MLJ §3).

The Gaussian top level (ν = ∞) is left out: it is another model, not another prior on this
one; the papers use a Student so that an outlying data set does not decide (JMLR §4.3.1), and
notebook 05's sensitivity section shows it turning close pairs into confident claims.

Each prior is a full refit by the exact engine, about as long as the verdict's fit: on the 54
bundled data sets the three double ``compare``'s CPU time (+4.5 s to 4.3 s;
benchmarks/prior_check_cost.txt), so the check is computed on demand and the reports carry it
when asked: ``compare(prior_check=True)``, ``--prior-check`` on the command line. With Stan it is not
computed (a fit per prior, with Monte Carlo errors beside the decisions): the sentence says so.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from . import wording
from ..methods.decisions import NO_DECISION, decide, shown
from ..methods.hierarchical import DELTA0, POSTERIOR, hierarchical_test
from ..methods.hierarchical_result import ExactHierarchicalResult

# {name in the reports: hierarchical_test's (hyperprior, nu_prior)}; the verdict's own first
VERDICTS = "MLJ's hyperprior bounds"
PRIORS = {
    VERDICTS: ("mlj", "hierarchical"),
    "JMLR's hyperprior bounds": ("jmlr", "hierarchical"),
    "Kruschke's Gamma(1, 0.0345) on ν − 1": ("mlj", "kruschke"),
    "Juárez and Steel's Gamma(2, 0.1) on ν − 1": ("mlj", "juarez-steel"),
}
NOT_CHECKED = ("The decision's dependence on the prior was not checked: it needs a fit per "
               "prior, which only the exact engine gives without Monte Carlo error "
               "(the default: --engine exact, engine=\"exact\" in Python).")


def asked(c) -> bool:
    """Whether ``c``'s reports carry the prior check (``compare(prior_check=True)``,
    ``--prior-check``)."""
    return bool(getattr(c, "options", {}).get("prior_check"))


def check(c) -> pd.DataFrame | None:
    """The verdict's decision under each prior of :data:`PRIORS`, each a refit of the exact
    engine with the verdict's seed and rope (a data set whose differences are all equal gets the
    same noise).

    Parameters
    ----------
    c : Comparison
        The result whose decision is checked, at its ``about`` (a new data set, or δ₀).

    Returns
    -------
    pandas.DataFrame or None
        One row per prior (index "prior", the verdict's first, as fitted): the probabilities
        the verdict is taken on (δ₀'s with ``about="delta0"``), labelled by outcome in the
        reading order; "decision"; "outcome", the declared outcome (under "no decision", the
        likeliest) and its "probability" with its numerical error "± probability"; "changed",
        whether the decision differs from the verdict's. None when not checked: one data set,
        a constant difference, means only, or the Stan engine.
    """
    h = getattr(c, "hierarchical", None)
    if getattr(c, "refused", True) or not isinstance(h, ExactHierarchicalResult):
        return None
    delta0 = c.about == "delta0"
    rows = {}
    for name, (hyperprior, nu_prior) in PRIORS.items():
        fit = h if name == VERDICTS else hierarchical_test(
            c.differences, rope=c.rope, seed=h.seed, hyperprior=hyperprior, nu_prior=nu_prior,
            engine="exact", progress=False)
        p, se = (v.set_axis(list(c.labels)) for v in (
            (fit.delta0_probabilities, fit.delta0_probabilities_mcse) if delta0 else
            (fit.probabilities, fit.probabilities_mcse)))
        decision = decide(p, c.threshold)
        outcome = p.idxmax() if decision == NO_DECISION else decision
        rows[name] = {**p, "decision": decision, "outcome": outcome,
                      "probability": p[outcome], "± probability": se[outcome]}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "prior"
    table["changed"] = table["decision"] != table.loc[VERDICTS, "decision"]
    return table


def sentence(c, table: pd.DataFrame | None = None, quote=str) -> str:
    """The prior check in one sentence: when the decision is the same under every prior, that
    and the range of the declared (or likeliest) outcome's probability; when it changes, each
    prior under which it does and the decision there, with its probability.

    Parameters
    ----------
    c : Comparison
        The result.
    table : pandas.DataFrame, optional
        Its :func:`check` (default: ``c.prior_check``, computed on first use).
    quote : callable
        How a classifier's name is written (quoted, in a paper).

    Returns
    -------
    str
        The sentence; :data:`NOT_CHECKED` with the Stan engine; empty when there is nothing
        to check (one data set, a constant difference, means only).
    """
    if table is None:
        table = getattr(c, "prior_check", None)
    if table is None:
        h = getattr(c, "hierarchical", None)
        return NOT_CHECKED if h is not None and getattr(h, "engine", "") == "stan" else ""
    on, name = (" on δ₀", DELTA0) if c.about == "delta0" else ("", POSTERIOR)
    others = table.drop(index=VERDICTS)
    if not others["changed"].any():
        low, high = (wording.number(v, e, c.threshold) for v, e in
                     (table.loc[table["probability"].idxmin(), ["probability", "± probability"]],
                      table.loc[table["probability"].idxmax(), ["probability", "± probability"]]))
        outcomes = sorted(table["outcome"].unique(), key=list(c.labels).index)  # reading order
        what = (f"{name} of {_phrase(c, outcomes[0], quote)}" if len(outcomes) == 1 else
                f"highest {name} (for " + " or ".join(_phrase(c, o, quote) for o in outcomes)
                + ")")
        checked = f"{_counted(len(others))} checked ({', '.join(others.index)})"
        start = (f"There is no decision{on} under {checked} either" if c.decision == NO_DECISION
                 else f"The decision{on} ({_phrase(c, c.decision, quote)}) is the same under "
                 f"{checked}")
        spread = (f"{wording.is_(low)} under all {len(table)} priors" if low == high else
                  f"ranges from {low} to {high} over the {len(table)} priors")
        return f"{start}: the {what} {spread}."

    parts = []
    for prior, row in others[others["changed"]].iterrows():
        p = np.array(shown(row[list(c.labels)].to_numpy(dtype=float)))   # number-line order
        se = np.zeros(3)
        se[_line(c, row["outcome"])] = row["± probability"]
        said = wording.listing(p, quote(c.a), quote(c.b), c.threshold, se, name=name)
        parts.append(f"under {prior} there would be {said}" if row["decision"] == NO_DECISION
                     else f"under {prior} it would be {said}")
    same = others.index[~others["changed"]]
    if len(same):
        parts.append(f"under {_counted(len(same))} checked ({', '.join(same)}) it is the same")
    return f"The decision{on} depends on the prior on ν: " + "; ".join(parts) + "."


def note(c, quote=str) -> str:
    """:func:`sentence` when the reports were asked to carry it (:func:`asked`), else empty:
    the line the console, the HTML report and the ``.md``/``.tex`` Results add (these with
    the names quoted: ``quote``)."""
    return sentence(c, quote=quote) if asked(c) else ""


def _counted(n: int) -> str:
    return "the other prior" if n == 1 else f"the {n} other priors"


def _phrase(c, outcome: str, quote=str) -> str:
    """An outcome's name ("<a> better") as the sentences say it ("<a> practically better than
    <b>")."""
    return wording.phrase(_line(c, outcome), quote(c.a), quote(c.b))


def _line(c, outcome: str) -> int:
    """An outcome's index on the number line (left, rope, right), as wording counts them."""
    return shown(range(3))[list(c.labels).index(outcome)]
