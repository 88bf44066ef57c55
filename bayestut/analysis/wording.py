"""The report's sentences: a decision from three probabilities, in words, with the names.

Every sentence is derived from the three probabilities alone, given here in the number
line's internal (left, rope, right) = (b better, equivalent, a better) order, and names the outcomes in the order a reader sees everywhere: a better, equivalent, b better
(:data:`bayestut.methods.decisions.SHOWN`):

- one probability above the threshold: that outcome is declared;
- otherwise no decision: the sentence gives the three probabilities in that order, then
  which is the highest and that it falls short. Only when that outcome is a side (a better, or b better) do the posterior
  odds of the two sides follow, without the blog's grade of evidence (Stripling et al. 2018)
  and saying that they ignore the rope: "no decision" beside "strong evidence" would read as
  a contradiction, and the odds cannot overturn a decision that the rope withheld. The
  two-classifier verdict and its list of decisions leave them out of the sentence
  (``odds=False``) and give them in one of their own, said not to be a decision.

Monte Carlo estimates are rounded to the decimals their standard error supports.
"""

from __future__ import annotations

import numpy as np

from ..methods.decisions import (NO_DECISION, REGIONS, SHOWN, decide_regions, odds_grade,
                                 outcomes, posterior_odds, shown)
from ..methods.decisions import probability_text as number


def region_names(a: str, b: str) -> tuple[str, str, str]:
    """The outcomes' names in the number line's (left, rope, right) order, the order of the
    arrays the sentences below are computed from: (b better, equivalent, a better)."""
    a_better, equivalent, b_better = outcomes(a, b)
    return b_better, equivalent, a_better


def _odds(p) -> float:
    """P(a better) / P(b better) of number-line probabilities p."""
    return float(posterior_odds(shown(np.asarray(p, dtype=float))))


def equals(shown: str) -> str:
    """" = 0.41" after a name, or " > 0.999" for a bound (never "= > 0.999")."""
    return f" {shown}" if shown[:1] in "<>" else f" = {shown}"


def is_(shown: str) -> str:
    """"is 0.41" after a subject, or "is above 0.999" for a bound (never "is > 0.999")."""
    bound = {"<": "below", ">": "above"}.get(shown[:1])
    return f"is {bound} {shown[2:]}" if bound else f"is {shown}"


def claim(i: int, a: str, b: str, rope: float) -> str:
    """Outcome i of a - b as a clause."""
    return (f"{b} is practically better than {a}",
            f"{a} and {b} are practically equivalent (within ±{rope:g})",
            f"{a} is practically better than {b}")[i]


def phrase(i: int, a: str, b: str) -> str:
    """Outcome i of a - b as a noun phrase ("a practically better than b")."""
    return (f"{b} practically better than {a}", f"{a} and {b} practically equivalent",
            f"{a} practically better than {b}")[i]


def short(i: int, a: str, b: str) -> str:
    """Outcome i of a - b in two words ("a better"; better: by more than the rope)."""
    return region_names(a, b)[i]


IGNORE_ROPE = "odds weigh the two directions only and ignore the rope"


def odds_parts(p, a: str, b: str) -> tuple[str, str, str] | None:
    """(favoured, other, odds as printed) of number-line ``p``; None when they favour neither
    side. Odds beyond 1,000, or with the other side's probability 0, are "over 1,000"."""
    odds = _odds(p)
    if str(odds_grade(odds)) == "none":
        return None
    better, worse = (a, b) if odds > 1 else (b, a)
    strength = odds if odds > 1 else (np.inf if odds == 0 else 1.0 / odds)
    # an estimate of 0 on the other side (shown "< 0.001") gives odds "over 1,000" as any odds
    # beyond 1,000 do: one wording for one printed number, never "= 0" beside "< 0.001"
    return better, worse, _odds_number(strength)


def odds_phrase(p, a: str, b: str) -> str:
    """The posterior odds of the favoured side against the other (:func:`odds_parts`),
    ungraded, with the reminder that they ignore the rope."""
    parts = odds_parts(p, a, b)
    if parts is None:
        return f"the posterior odds favour neither {a} nor {b}"
    better, worse, odds = parts
    return f"the posterior odds of {better} better against {worse} better are {odds} ({IGNORE_ROPE})"


def with_odds(p, threshold: float) -> bool:
    """Whether a no-decision sentence on number-line ``p`` gives the odds: no outcome passes
    ``threshold`` and a side, not the rope, has the highest probability."""
    p = np.asarray(p, dtype=float)
    return str(decide_regions(p, threshold)) == NO_DECISION and int(p.argmax()) != 1


def decision(p, a: str, b: str, rope: float, threshold: float, se=(0.0, 0.0, 0.0),
             share: bool = False, integrated: bool = False, where: str = "",
             odds: bool = True) -> str:
    """The decision of one test in words.

    A decision names its outcome and the probability that passed the threshold. "No decision"
    gives the three probabilities in the reading order (a better, equivalent, b better), then
    the highest, short of the threshold, and after a side's the posterior odds.

    Parameters
    ----------
    p, se : array-like
        The three probabilities in the number line's (b better, equivalent, a better) order,
        and their errors (rounding).
    a, b : str
        The classifiers' names.
    rope, threshold : float
        The rope's half-width and the decision threshold.
    share : bool
        Whether p are the posterior probabilities that each outcome is the likeliest (the
        papers' decision quantity for the multi-data-set tests), named so.
    integrated : bool
        Whether p were integrated, not sampled (``se``: the integration's numerical error).
    where : str
        The estimand after "the likeliest" (" on a new data set" for the hierarchical
        test), so that a sentence quoted alone still names it.
    odds : bool
        Whether the posterior odds follow "no decision" (the verdict and its report's
        decisions give them apart, in a sentence of their own: :func:`with_odds`).

    Returns
    -------
    str
        The text, without a final full stop: "a is practically better than b: …, above the
        threshold 0.95" or "no decision. The posterior probability that each outcome is the
        likeliest is 0.300 for a better, 0.650 for equivalent and 0.050 for b better. The
        highest, for equivalent, is short of the 0.95 needed".
    """
    p, se = np.asarray(p, dtype=float), np.asarray(se, dtype=float)
    labels = region_names(a, b)
    v = [number(p[i], se[i], threshold) for i in range(3)]
    choice = str(decide_regions(p, threshold))
    if choice != NO_DECISION:
        i = REGIONS.index(choice)
        evidence = (f"the posterior probability that this is the likeliest outcome{where} "
                    f"{is_(v[i])}" if share else f"P({labels[i]}){equals(v[i])}")
        text = f"{claim(i, a, b, rope)}: {evidence}, above the threshold {threshold:g}"
        if p[i] - 2 * se[i] <= threshold:
            text += (" (within the integration's numerical error of the threshold: too close "
                     "to call at this precision)" if integrated else
                     " (within Monte Carlo error of the threshold: confirm with more draws "
                     "or another seed)")
        return text
    # no decision: the three numbers in the reading order, then the highest, short of the
    # threshold; the posterior odds after it when a side (not the rope) is the highest
    m = int(p.argmax())
    if share:       # "below 0.001", not "is < 0.001"
        said = [f"{is_(v[i])[3:]} for {labels[i]}" for i in SHOWN]
        each = f"{said[0]}, {said[1]} and {said[2]}"
        text = (f"no decision. The posterior probability that each outcome is the likeliest"
                f"{where} is {each}")
    else:
        text = "no decision. " + ", ".join(f"P({labels[i]}){equals(v[i])}" for i in SHOWN)
    text += f". The highest, for {short(m, a, b)}, is short of the {threshold:g} needed"
    return text + ("; " + odds_phrase(p, a, b) if odds and m != 1 else "")


def _odds_number(strength: float) -> str:
    if strength > 1000:         # infinite too: the other side's probability shows "< 0.001"
        return "over 1,000"
    return f"{strength:.2g}" if strength < 10 else f"{strength:.0f}"


def verdict(p, a: str, b: str, threshold: float) -> str:
    """A few words for a table cell: the decision, else which outcome has the row's highest
    probability ("no decision (highest: a better)"). No odds here: beside "no decision" they
    read as strong evidence; the verdict sentence gives them with what they ignore."""
    p = np.asarray(p, dtype=float)
    choice = str(decide_regions(p, threshold))
    if choice != NO_DECISION:
        return short(REGIONS.index(choice), a, b)
    return f"no decision (highest: {short(int(p.argmax()), a, b)})"


# --- the strength of a decision, and the other estimand ----------------------------------------

# Below this, a declared outcome's probability on a new data set is called modest: the decision
# stands (it is taken on the posterior probability), but the verdict says it is a weak one.
MODEST = 0.8


def listed(p, a: str, b: str, se=(0.0, 0.0, 0.0)) -> str:
    """Number-line probabilities as "P(a better) = …, P(equivalent) = …, P(b better) = …"."""
    p, se = np.asarray(p, dtype=float), np.asarray(se, dtype=float)
    names = region_names(a, b)
    return ", ".join(f"P({names[i]}){equals(number(p[i], se[i]))}" for i in SHOWN)


def delta0_decision(shares, delta0, a: str, b: str, threshold: float,
                    delta0_se=(0.0, 0.0, 0.0)) -> str:
    """Whether δ₀'s probabilities (number-line ``delta0``) decide, beside a decision on the
    posterior probability (``shares``): the one clause every report says it with (the
    two-classifier verdict's δ₀ line and ``.md``/``.tex``, the K report's pairs), lower-case,
    without parentheses (it may go inside a report's).

    Parameters
    ----------
    shares, delta0 : array-like
        The posterior probabilities that each outcome is the likeliest, and δ₀'s
        probabilities, both in the number line's (b better, equivalent, a better) order.
    a, b : str
        The classifiers' names, as the report writes them.
    threshold : float
        The decision threshold.
    delta0_se : array-like
        δ₀'s probabilities' errors, for rounding them.

    Returns
    -------
    str
        "the decision for δ₀ is the same, equivalent: its probability is above 0.95", "the
        decision for δ₀ differs, svm better: its probability is above 0.95" or "there is no
        decision for δ₀: its highest probability, 0.928 for svm better, is short of 0.95";
        beside "no decision" on the posterior probability, where δ₀'s three probabilities are
        listed just before: "there is no decision for δ₀ either" (", and its highest
        probability is for equivalent" when that is another outcome).
    """
    d, se = np.asarray(delta0, dtype=float), np.asarray(delta0_se, dtype=float)
    choice = str(decide_regions(d, threshold))
    if choice == NO_DECISION:
        m = int(d.argmax())
        if str(decide_regions(shares, threshold)) == NO_DECISION:
            # beside the posterior probability's "no decision", after δ₀'s three numbers:
            # "short of 0.95" once (two near numbers read as one said twice), the highest
            # outcome named only when it is another
            return "there is no decision for δ₀ either" + (
                "" if int(np.argmax(shares)) == m else
                f", and its highest probability is for {short(m, a, b)}")
        return (f"there is no decision for δ₀: its highest probability, "
                f"{number(d[m], se[m], threshold)} for {short(m, a, b)}, is short of "
                f"{threshold:g}")
    same = "is the same" if choice == str(decide_regions(shares, threshold)) else "differs"
    return (f"the decision for δ₀ {same}, {short(REGIONS.index(choice), a, b)}: its "
            f"probability is above {threshold:g}")


def weak(shares, new, threshold: float, new_se=(0.0, 0.0, 0.0)) -> str:
    """The declared outcome's probability on a new data set, as printed, when the decision on
    the posterior probability (number-line ``shares``) is a weak one (that probability below
    :data:`MODEST`); empty for no decision or a strong one."""
    choice = str(decide_regions(shares, threshold))
    if choice == NO_DECISION:
        return ""
    i = REGIONS.index(choice)       # rounded down, never to MODEST itself (0.79978: 0.799)
    return number(new[i], new_se[i], MODEST) if new[i] < MODEST else ""


def weak_side(shares, new, a: str, b: str, threshold: float, new_se=(0.0, 0.0, 0.0)) -> str:
    """For a decision on the posterior probability (number-line ``shares``) whose outcome a
    new data set shows with a modest probability (:func:`weak`): "on a new data set a is
    better with probability only 0.590", the one clause every report says it with; empty for
    no decision or a strong one.

    Parameters
    ----------
    shares, new : array-like
        The posterior probabilities that each outcome is the likeliest, and the probabilities
        on a new data set, both in the number line's (b better, equivalent, a better) order.
    a, b : str
        The classifiers' names, as the report writes them.
    threshold : float
        The decision threshold.
    new_se : array-like
        The probabilities on a new data set's errors, for rounding them.

    Returns
    -------
    str
        The clause, or empty.
    """
    shown = weak(shares, new, threshold, new_se)
    if not shown:
        return ""
    i = REGIONS.index(str(decide_regions(shares, threshold)))
    side = (f"{b} is better", f"{a} and {b} are equivalent", f"{a} is better")[i]
    return f"on a new data set {side} with probability only {shown}"


def listing(shares, a: str, b: str, threshold: float, se=(0.0, 0.0, 0.0),
            note: str = "", name: str = "posterior probability") -> str:
    """One pair's decision on the posterior probability (number-line ``shares``) in a list of
    pairs: "a practically better than b (posterior probability 0.997)", or "no decision
    (highest posterior probability: 0.723, for a practically better than b; 0.95 needed)";
    ``note`` (e.g. :func:`strength`'s) follows inside the parentheses; ``name``: the
    number's, when the decision is on another ("probability for δ₀")."""
    note = f"; {note}" if note else ""
    p, se = np.asarray(shares, dtype=float), np.asarray(se, dtype=float)
    choice = str(decide_regions(p, threshold))
    i = int(p.argmax()) if choice == NO_DECISION else REGIONS.index(choice)
    v = number(p[i], se[i], threshold)
    if choice != NO_DECISION:
        return f"{phrase(i, a, b)} ({name} {v}{note})"
    return (f"no decision (highest {name}: {v}, for {phrase(i, a, b)}; "
            f"{threshold:g} needed{note})")


def undominated(best: list[str], classifiers, name=str, undecided=(), beaten=None) -> str:
    """Which classifiers no other is declared practically better than, the K report's answer
    to "which to use", said plainly; empty when that is every classifier (nothing decided).

    Parameters
    ----------
    best : list of str
        The undominated classifiers (``ManyComparison.undominated``).
    classifiers : sequence of str
        All of them, in the report's order.
    name : callable
        How a classifier's name is written (quoted, in a paper).
    undecided : sequence of (str, str)
        The pairs among ``best`` with no decision: being undominated is not being as good.
    beaten : mapping of str to list of str, optional
        For each of the others, the classifiers declared practically better than it.

    Returns
    -------
    str
        E.g. "gbm and svm are not declared worse than any other classifier; logreg is
        (practically worse than gbm). Among them, no decision between gbm and svm", without
        the final full stop.
    """
    if not best or len(best) == len(classifiers):
        return ""
    beaten = beaten or {}
    rest = [c for c in classifiers if c not in best]
    why = "; ".join(f"{name(c) + ' ' if len(rest) > 1 else ''}practically worse than "
                    f"{and_(beaten[c], name)}" for c in rest if beaten.get(c))
    text = (f"{and_(best, name)} {'is' if len(best) == 1 else 'are'} not declared worse than "
            f"any other classifier; {and_(rest, name)} {'is' if len(rest) == 1 else 'are'}"
            + (f" ({why})" if why else ""))
    if undecided:
        text += (". Among them, no decision between "
                 + "; ".join(f"{name(a)} and {name(b)}" for a, b in undecided))
    return text


def and_(names, name=str) -> str:
    """"a", "a and b", "a, b and c": names listed, each written by ``name``."""
    names = [name(n) for n in names]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
