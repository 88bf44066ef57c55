"""The paragraphs for a paper, from a comparison's result: methods, results, citations, table.

Everything is read from the result object (:class:`~bayestut.analysis.compare.Comparison` for two
classifiers, :class:`~bayestut.analysis.many_comparison.ManyComparison` for K), so the text names
only the tests that were run and the settings that were used: the rope, rho, the priors, the
threshold, the numbers of draws, the seed, the software's versions and what the sampler's
diagnostics said.
The results paragraph is made of the report's own verdict sentences (the checks of the fit in a
paper's words: :mod:`~bayestut.analysis.writeup_checks`). The tables come as LaTeX
(``booktabs``) and as Markdown; the citations as BibTeX.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .. import __version__
from . import (delta0_size, many_text, verdict_notes, wording, writeup_caveats, writeup_checks,
               writeup_methods, writeup_tables)
from .comparison_text import counted
from .citations import BIBTEX, CITED, cited, latex_citations  # noqa: F401
from .escape import PARAGRAPH, by_paragraph, latex_escape, markdown_escape
from .prior_check import note as prior_note
from .writeup_methods import listed, methods_text, quoted, software  # noqa: F401
from .writeup_tables import (about_delta0, compact_latex, compact_markdown, datasets_latex,
                             datasets_markdown, is_many, rope_latex, rope_markdown, units,
                             overall_rows, to_latex, to_markdown)  # noqa: F401
from ..methods.decisions import NO_DECISION, REGIONS, decide, decide_regions, outcomes, shown

# --- results ----------------------------------------------------------------------------------

TEST_NAMES = {"hierarchical": "the Bayesian hierarchical test (Corani et al. 2017)",
              "signed-rank": "the Bayesian signed-rank test on the data sets' mean differences "
                             "(Benavoli et al. 2017)",
              "sign": "the Bayesian sign test on the data sets' mean differences (Benavoli et "
                      "al. 2017)"}


def _outcome(i: int, a: str, b: str) -> str:
    """Outcome i of the arrays' (left, rope, right) as a phrase after 'finds'."""
    return (f"{quoted(b)} practically better than {quoted(a)}",
            f"{quoted(a)} and {quoted(b)} practically equivalent",
            f"{quoted(a)} practically better than {quoted(b)}")[i]


def finding(p, se, c, kind: str, new_data_set: bool = False, delta0: bool = False,
            rope: bool = True) -> str:
    """One test's result after the test's name, in two short sentences: what it finds (with
    the rope unless ``rope=False``, for a check that uses the same), then on which probability,
    against the threshold; the caller ends the second. ``kind``: 'draws' (shares of MCMC
    draws), 'integrated' (the same integrated numerically), 'samples' (shares of Monte Carlo
    samples), 'exact' (a closed-form probability)."""
    p, se = np.asarray(p, dtype=float), np.asarray(se, dtype=float)
    v = [wording.number(p[i], se[i], c.threshold) for i in range(3)]
    where = " for a new data set" if new_data_set else ""
    how = "; integrated numerically" if kind == "integrated" else ""
    within = f" (rope {units(c)}{how})" if rope else ""
    choice = str(decide_regions(p, c.threshold))
    if choice != NO_DECISION:
        i = REGIONS.index(choice)
        if kind == "exact":
            evidence = f"Its posterior probability is {v[i]}"
        elif delta0:
            evidence = f"Its probability for δ₀ is {v[i]}"
        else:
            evidence = (f"The posterior probability that this is the likeliest outcome{where} "
                        f"{wording.is_(v[i])}")
        text = (f"finds {_outcome(i, c.a, c.b)}{within}. {evidence}, above the threshold "
                f"{c.threshold:g}")
        if p[i] - 2 * se[i] <= c.threshold < p[i]:
            text += " (within its error of the threshold: confirm with more draws)"
        return text
    a, b = quoted(c.a), quoted(c.b)
    if delta0:
        spread = (f"The probabilities for δ₀ are {v[2]} that {a} is practically better, "
                  f"{v[1]} of equivalence and {v[0]} that {b} is practically better")
    elif kind == "exact":
        spread = (f"The posterior probabilities are {v[2]} that {a} is practically better, "
                  f"{v[1]} of equivalence and {v[0]} that {b} is practically better")
    else:
        spread = (f"The posterior probabilities that each outcome is the likeliest{where} are "
                  f"{v[2]} for {a} practically better, {v[1]} for equivalence and {v[0]} for "
                  f"{b} practically better")
    return f"reaches no decision{within}. {spread}, none above the threshold {c.threshold:g}"


def _on_a_new_data_set(c, o) -> str:
    """The hierarchical test's probability of each outcome on a new data set, in the order
    shown, as a sentence."""
    v = [wording.number(o.means[i], o.means_se[i]) for i in range(3)]
    return (f"On a new data set, {quoted(c.a)} would be practically better with probability "
            f"{v[2]}, equivalent with {v[1]} and {quoted(c.b)} practically better with {v[0]}.")


def _other_numbers(c, o, delta0: bool) -> list[str]:
    """The hierarchical test's numbers beside those the verdict is taken on, one sentence
    each, in the order shown: with the verdict on the papers' rule, the probabilities on a new
    data set and for δ₀; with it on δ₀ (``delta0``), the papers' posterior probability, for
    comparison, and the probabilities on a new data set, the practitioner's question."""
    a, b = quoted(c.a), quoted(c.b)
    if delta0:
        s = [wording.number(o.shares[i], o.shares_se[i]) for i in range(3)]
        v = [wording.number(o.means[i], o.means_se[i]) for i in range(3)]
        return [f"For comparison, the papers' rule is the hierarchical test's decision on a "
                "new data set: an outcome whose posterior probability of being the likeliest "
                f"there exceeds {c.threshold:g}.",
                f"That probability is {s[2]} for {a} better, {s[1]} for equivalence and {s[0]} "
                f"for {b} better.{writeup_caveats.papers_rule_aside(c)}",
                f"For a practitioner choosing for the next data set, {a} would be practically "
                f"better on it with probability {v[2]}, equivalent with {v[1]} and {b} "
                f"practically better with {v[0]}."]
    d = [wording.number(o.delta0[i], o.delta0_se[i]) for i in range(3)]
    decides = wording.delta0_decision(o.shares, o.delta0, a, b, c.threshold, o.delta0_se)
    alone = NO_DECISION == c.decision != str(decide_regions(o.delta0, c.threshold))
    return [_on_a_new_data_set(c, o),      # δ₀ alone deciding: writeup_caveats.delta0_alone
            f"For the mean difference δ₀ over data sets like these, the probabilities for δ₀ "
            f"are {d[2]} that {a} is practically better, {d[1]} of equivalence and {d[0]} that "
            f"{b} is.", "" if alone else f"{decides[0].upper()}{decides[1:]}."]


def _tally(c) -> str:
    """The correlated t-test's decisions on the data sets, counted by outcome: a description
    of these data sets, not an inference about others (as notebook 10 says)."""
    chosen = list(decide(c.per_dataset.probabilities(c.rope), c.threshold))
    better_a, equivalent, better_b = outcomes(c.a, c.b)
    counts = [f"{quoted(c.a)} practically better on {chosen.count(better_a)}",
              f"practical equivalence on {chosen.count(equivalent)}",
              f"{quoted(c.b)} practically better on {chosen.count(better_b)}",
              f"no decision on {chosen.count(NO_DECISION)}"]
    return ("For these data sets alone (a description, not an inference about others), the "
            f"correlated t-test finds {', '.join(counts[:-1])} and {counts[-1]}.")


def _setting(c) -> str:
    d = c.differences
    if c.per_dataset is None:
        return f"Over {counted(len(d.datasets), 'data set')} (mean scores only)"
    runs = d.x.shape[1] // d.folds
    return (f"Over {counted(len(d.datasets), 'data set')} ({counted(runs, 'run')} of "
            f"{d.folds}-fold cross-validation)")


def _hierarchical_results(c, o) -> list[str]:
    """The hierarchical test's Results sentences: the decision the verdict is about (the
    papers' rule, or δ₀'s with ``about="delta0"``) and its probabilities, the other numbers
    (with ``about="delta0"``: in the Supplementary paragraph, :func:`_pair_results`), δ₀'s
    size, the rope's sensitivity, the prior and model checks and any caution."""
    name = TEST_NAMES["hierarchical"]
    kind = "integrated" if c.integrated("hierarchical") else "draws"
    clause = delta0_size.size(c)            # its size, then P(δ₀ > 0): two short sentences
    above = delta0_size.above_zero_clause(c, quoted, paper=True)
    size = [f"The mean difference over the population of data sets is {clause}.",
            f"{above[0].upper()}{above[1:]}.",
            delta0_size.supported(c, quoted, advice=False),
            writeup_caveats.plain_mean(c)] if clause else []
    if about_delta0(c) and o.delta0 is not None:     # δ₀'s claim together, then the others
        sentences = [f"{_setting(c)}, we compared {quoted(c.a)} and {quoted(c.b)} with {name}, "
                     "deciding on the mean difference δ₀ over data sets like these.",   # ≤ 35
                     f"The test {finding(o.delta0, o.delta0_se, c, kind, delta0=True)}.",
                     *size, verdict_notes.rope_sensitivity(c, True, quoted), c.ceiling_note()]
    else:
        sentences = [f"{_setting(c)}, {name} {finding(o.shares, o.shares_se, c, kind, True)}."]
        weak = wording.weak(o.shares, o.means, c.threshold, o.means_se)
        if weak:        # as the verdict says it: the paragraph must not oversell it
            sentences.append(f"The decision is a weak one: the declared outcome's probability "
                             f"on a new data set is only {weak}, below {wording.MODEST:g}.")
        sentences += [*_other_numbers(c, o, delta0=False),
                      writeup_caveats.delta0_alone(c, quoted), *size,
                      verdict_notes.rope_sensitivity(c, True, quoted), c.ceiling_note()]
    sentences += [PARAGRAPH, prior_note(c, quoted), writeup_checks.model_check_results(c, quoted)]
    if c.diagnostics():
        sentences.append("Caution: the hierarchical sampler reported problems (see the "
                         "Methods), so these probabilities may not be reliable: rerun as the "
                         "report's sampler warnings advise before quoting them.")
    return [s for s in sentences if s]


def _pair_results(c) -> list[str]:
    """The Results sentences of one comparison of two classifiers: the leading test's (the one
    the verdict is about), then the others as checks, any disagreement between them, and the
    data sets' tally (a description of these data sets)."""
    d = c.differences
    if c.identical:
        return [f"{quoted(c.a)} and {quoted(c.b)} scored identically on every fold of every "
                "data set, so every test finds them practically equivalent with probability 1."]
    if c.per_dataset is not None and c.constant and not c.refused:
        i, x = c.exact_outcome(), d.x.flat[0]
        better, worse = (c.a, c.b) if x > 0 else (c.b, c.a)
        exact = [f"{quoted(better)} scored exactly {abs(x):g} better than {quoted(worse)} "
                     "on every fold of every data set: with nothing to sample, the hierarchical "
                     "test and the correlated t-test on each data set find "
                     f"{_outcome(i, c.a, c.b)} (rope {units(c)}) with probability 1."]
        for test, o in zip(c.tests, c.overall()):    # the signed-rank test has a prior to weigh
            if test != "hierarchical":
                exact.append(f"As a check, {TEST_NAMES[test]} "
                             f"{finding(o.shares, o.shares_se, c, 'samples', rope=False)}.")
        return exact
    if c.refused:
        p = c.per_dataset._rope(c.rope)[0]
        return [f"On the only data set, {quoted(d.datasets[0])}, the Bayesian correlated "
                f"t-test (Benavoli et al. 2017) " + finding(p, (0, 0, 0), c, "exact") + "."]
    sentences: list[str] = []
    for test, o in zip(c.tests[::-1], c.overall()[::-1]):     # the leading test first
        name = TEST_NAMES[test]
        if test == "hierarchical":
            sentences += _hierarchical_results(c, o)
        elif sentences:
            if PARAGRAPH not in sentences[-1:]:
                sentences.append(PARAGRAPH)
            # on δ₀ the signed-rank test answers another question: a check apart from δ₀'s
            opening = "As a separate check, not on δ₀," if about_delta0(c) else "As a check,"
            sentences.append(f"{opening} {name} "
                             f"{finding(o.shares, o.shares_se, c, 'samples', rope=False)}.")
        else:
            sentences.append(f"{_setting(c)}, {name} "
                             f"{finding(o.shares, o.shares_se, c, 'samples')}.")
    sentences.append(writeup_caveats.disagreement(c, quoted))
    if c.per_dataset is not None and len(d.datasets) > 1:
        sentences.append(_tally(c))
    o = c.overall()[-1] if c.hierarchical is not None and about_delta0(c) else None
    if o is not None and o.delta0 is not None:     # δ₀'s claim alone above: the others last
        first, *rest = _other_numbers(c, o, delta0=True)
        sentences += [PARAGRAPH, f"{SUPPLEMENTARY} {first}", *rest]
    return sentences


SUPPLEMENTARY = "Supplementary."      # the label of the Results' last paragraph with --about delta0
CORE = "Core result (paste this)"    # the .md's heading and the .tex's marker of core_text
REGION = ("P(δ₀ < −r | data)", "P(|δ₀| ≤ r | data)", "P(δ₀ > r | data)")   # (left, rope, right)


def core_text(result) -> str:
    """The Results' core, a paper can paste alone: the leading test's decision (or that it
    reaches none, and its highest probability), the probability it rests on, and δ₀, in two
    sentences of at most 35 words for names of a word or two.

    Parameters
    ----------
    result : Comparison, MeansComparison or ManyComparison
        The result.

    Returns
    -------
    str
        The sentences (K classifiers: :func:`_many_core`'s); empty for one data set, and
        scores equal or constant on every fold (the Results say it whole).
    """
    c = result
    if is_many(c):
        return _many_core(c)
    if c.identical or c.refused or not c.overall() or (
            c.per_dataset is not None and c.constant):
        return ""
    o, test = c.overall()[-1], c.tests[-1]
    name = TEST_NAMES[test].split(" on the data sets'")[0]       # the citation comes below
    name = f"The {name[4:]}" + ("" if test == "hierarchical" else " (Benavoli et al. 2017)")
    delta0 = about_delta0(c) and o.delta0 is not None
    p, se = (o.delta0, o.delta0_se) if delta0 else (o.shares, o.shares_se)
    choice = str(decide_regions(p, c.threshold))
    on = " on average" if delta0 else ""
    new = " on a new data set" if test == "hierarchical" else ""       # the estimand, named
    decided = choice != NO_DECISION
    i = REGIONS.index(choice) if decided else int(np.argmax(p))
    v = wording.number(p[i], se[i], c.threshold)
    # δ₀, decided or not: the Methods' notation, "P(δ₀ > r | data) = 0.941"
    stated = f"{REGION[i]} {'' if v[:1] in '<>' else '= '}{v}"      # not "= > 0.999"
    if decided:
        first = (f"{name} finds {_outcome(i, c.a, c.b)}{on}: {stated}, above "
                 f"the threshold {c.threshold:g} (rope r = {c.rope:g})." if delta0 else
                 f"{name} finds {_outcome(i, c.a, c.b)} (rope ±{c.rope:g}), with posterior "
                 f"probability {v} that this is the likeliest outcome{new} (threshold "
                 f"{c.threshold:g}).")
    elif delta0:
        first = (f"{name} reaches no decision on the mean difference δ₀ (rope r = "
                 f"{c.rope:g}). The highest, {stated} for {_outcome(i, c.a, c.b)}{on}, is "
                 f"short of the threshold {c.threshold:g}.")
    else:
        first = (f"{name} reaches no decision{new} (rope ±{c.rope:g}): no outcome's posterior "
                 f"probability of being the likeliest exceeds {c.threshold:g}. The highest, "
                 f"{v}, is for {_outcome(i, c.a, c.b)}.")
    caveats = _core_caveats(c)
    found = delta0_size.cells(c)
    if found is None:
        return " ".join([first, *caveats])
    a, b = quoted(c.a), quoted(c.b)
    pair = f"{b} − {a}" if c.lower_is_better else f"{a} − {b}"
    second = (f"The mean difference {pair} over data sets is δ₀ = {found[0]} "
              f"({delta0_size.LEVEL:.0%} credible interval {found[1]})")
    above = delta0_size.above_zero(c) if writeup_tables.delta0_undecided(c) else None
    if above is not None:                      # the number a reader then reaches for
        second += (f"; the probability that {a} scores better on average "
                   f"{wording.is_(wording.number(*above))}")
    return " ".join([first, f"{second}.", *caveats])


def _would_be(c, decision: str) -> str:
    """"there would be no decision", or the decision as the Results phrase it ("“a” and
    “b” practically equivalent")."""
    if decision == NO_DECISION:
        return "there would be no decision"
    i = shown(list(c.labels)).index(decision)       # the number line's index, as _outcome's
    return f"it would find {_outcome(i, c.a, c.b)}"


def _other_ropes(c) -> str:
    """Where the rope's check decides otherwise, what it would decide, one clause per
    decision ("at ±0.008 and ±0.009 it would find “a” practically better than “b”; at ..."),
    or empty: the ropes checked, then the papers' ±0.01 when another was chosen."""
    check, papers = getattr(c, "rope_check", None), getattr(c, "papers_rope", None)
    other = ([(f"±{r:g}", d) for r, d in zip(check.index, check["decision"]) if d != c.decision]
             if check is not None else [])
    if papers is not None and papers["decision"].iloc[0] != c.decision:
        other.append((f"the papers' ±{papers.index[0]:g}", papers["decision"].iloc[0]))
    where: dict[str, list[str]] = {}            # decision -> its ropes, in the check's order
    for rope, decision in other:
        where.setdefault(decision, []).append(rope)
    return "; ".join(f"at {wording.and_(ropes)} {_would_be(c, d)}"
                     for d, ropes in where.items())


def _core_caveats(c) -> list[str]:
    """What the core must not lose when pasted alone (readers 29, 30): the ropes checked at
    which the decision differs, and the data sets at the metric's best score."""
    out = []
    o = c.overall()[-1] if c.overall() else None
    if o is not None and c.tests[-1] == "hierarchical" and not about_delta0(c):
        weak = wording.weak_side(o.shares, o.means, quoted(c.a), quoted(c.b), c.threshold,
                                 o.means_se)
        if weak:   # a paper quoting the decision alone would oversell it
            out.append(f"It is a weak decision: {weak}.")
    said = _other_ropes(c)
    if said:       # what it would be, not only that it differs (reader 31)
        # a caveat, not a finding: never a rope that decides reported alone (reader 39)
        out.append(f"The decision depends on the rope: {said} (the rope's check).")
    ceiling = getattr(c, "ceiling", [])
    if ceiling:
        out.append(f"On {counted(len(ceiling), 'data set')} both mean scores lie "
                   "within the rope of the best score possible, which pulls the result towards "
                   "equivalent.")
    return out


def _many_core(many) -> str:
    """The K-classifier core, a paragraph a paper can paste alone: the leading test and its
    estimand, each decided pair with the probability it rests on (three to a sentence), the
    undecided pairs counted, the classifiers not declared worse than any other; caveats last:
    the pairs the rope's check decides otherwise, the data sets at the metric's best score.
    Empty when the tests did not run."""
    if many.refused:
        return ""
    test = many.tests[-1]
    name = TEST_NAMES[test].split(" on the data sets'")[0]
    name = f"The {name[4:]}" + ("" if test == "hierarchical" else " (Benavoli et al. 2017)")
    on = " on a new data set" if test == "hierarchical" else ""        # the estimand, named
    out = [f"{name} compared the {len(many.classifiers)} classifiers pair by pair (rope "
           f"{units(next(iter(many.pairs.values())))}).",
           "An outcome was declared, not adjusted for the number of pairs, when its posterior "
           f"probability of being the likeliest{on} exceeded {many.threshold:g}."]
    decided = [wording.listing(o.shares, quoted(c.a), quoted(c.b), c.threshold, o.shares_se)
               for c in many.pairs.values() if not c.identical and c.decision != NO_DECISION
               for o in [c.overall()[-1]]]
    for i in range(0, len(decided), 3):
        out.append(f"It {'also ' if i else ''}declared: {'; '.join(decided[i:i + 3])}.")
    undecided = len(many.pairs) - len(decided)
    out.append("No pair reached a decision." if not decided else
               f"The other {counted(undecided, 'pair')} reached no decision." if undecided > 1
               else "The other pair reached no decision." if undecided
               else "Every pair reached a decision.")     # said, not left out (reader 40)
    best = wording.undominated(many.undominated(test), many.classifiers, quoted)
    out.append(f"{best}." if best else "No classifier is declared worse than another.")
    weak = [f"{quoted(c.a)} against {quoted(c.b)} ({w})" for c in many.pairs.values()
            if not c.identical and test == "hierarchical"
            for o in [c.overall()[-1]]
            for w in [wording.weak(o.shares, o.means, many.threshold, o.means_se)] if w]
    if weak:       # caveats last: weak decisions, the rope's check, the ceiling
        out.append("Weak decisions, their outcome's probability on a new data set below "
                   f"{wording.MODEST:g}: {'; '.join(weak)}.")
    for c in many.pairs.values():
        said = _other_ropes(c)
        if said:
            out.append(f"For {quoted(c.a)} against {quoted(c.b)} the decision depends on the "
                       f"rope: {said} (the rope's check).")
    ceiling = {d for names in many.ceiling.values() for d in names}
    if ceiling:
        out.append(f"On {counted(len(ceiling), 'data set')} some classifiers' mean scores lie "
                   "within the rope of the best score possible, which pulls their pairs towards "
                   "equivalent.")
    return " ".join(filter(None, out))


def _many_results(many) -> list[str]:
    """The Results sentences of K classifiers, each test's decisions said once, in four
    paragraphs: the leading test's decisions, a sentence per pair with the probability it
    rests on, then once whether δ₀ decides alike; the other tests' as the verdict says them
    (:func:`many_text.decisions_in_words`) and the ranking's favourite; δ₀ per pair, rounded
    as in the pair's own report, and the rope's check; every pair's model check. Any caution
    last."""
    c = next(iter(many.pairs.values()))
    sentences: list[str] = []
    for test in ([] if many.refused else many.tests[::-1]):     # each test's decisions once
        name = TEST_NAMES[test]
        if sentences:
            text = many_text.decisions_in_words(many._relations(test), quoted)
            sentences.append(f"{name[0].upper()}{name[1:]} finds: {text}.")
        else:           # the leading test's pair by pair, with the probabilities
            sentences += [f"{_setting(c)}, {name} gives, pair by pair (rope {units(c)}, "
                          f"threshold {many.threshold:g}; pairwise decisions not adjusted for "
                          "the number of pairs), the following decisions.",
                          *many_text.each_pair(many, test, quoted),
                          many_text.delta0_agreement(many, quoted)]
            best = many_text.which_to_use(many, quoted)
            sentences += [f"{best[0].upper()}{best[1:]}." if best else "", PARAGRAPH]
    if many.ranking is not None:         # the verdict's tie rule (many_text.best_ranked)
        t = many.ranking.table()
        tied, best = many_text.best_ranked(many)
        chances = [f"{t.loc[x, 'P(first)']:.2f} (95% credible interval "
                   f"{t.loc[x, 'P(first) lower']:.2f} to {t.loc[x, 'P(first) upper']:.2f})"
                   for x in tied]
        sentences.append(
            f"The Plackett-Luce model (Calvo et al. 2018) ranks the classifiers by "
            f"{many_text.RANKS}. It gives {listed(tied)} the best "
            f"expected rank ({best})" + (
                f" and the probability {chances[0]} of ranking first on a new data set."
                if len(tied) == 1 else ", each ranking first on a new data set with probability "
                + "; ".join(f"{quoted(x)} {v}" for x, v in zip(tied, chances)) + "."))
    if not many.refused:
        sentences.append(PARAGRAPH)
        if many.tests[-1] == "hierarchical":
            # each pair as its own report rounds it: a tenth of the rope, or of its interval
            sizes = [f"{quoted(c.a)} against {quoted(c.b)} {mean} ({interval})"
                     for c in many.pairs.values()
                     for mean, interval in [delta0_size.cells(c) or ("", "")] if mean]
            sentences.append(
                "The mean difference δ₀ over data sets, its posterior mean and "
                f"{delta0_size.LEVEL:.0%} credible interval, positive when the first of the "
                "pair scores better on average: " + "; ".join(sizes) + ". Each pair's "
                "probabilities on a new data set and for δ₀ are in the overall table, after "
                "the compact one.")
        sentences += [text for text in [many_text.rope_sensitivity(many, True, quoted),
                                        many.ceiling_note()] if text]
        sentences += [PARAGRAPH, writeup_checks.many_model_check_results(many, quoted)]
    troubled = [p for (a, b), c in many.pairs.items() for p in c.diagnostics()]
    ranking = many.ranking is not None and many.ranking.diagnostics.problems
    if troubled:
        sentences.append("Caution: the sampler reported problems for some pairs' fits (see the "
                         "Methods): rerun as the report's sampler warnings advise before "
                         "quoting their decisions.")
    if ranking:          # the pairs' decisions do not rest on the ranking's sampler
        sentences.append("Caution: the ranking's sampler reported problems (see the Methods): "
                         "rerun as its warnings advise before quoting the ranking; the pairs' "
                         "decisions do not depend on it.")
    return sentences


def results_text(result) -> str:
    """The results, as prose for a paper, in up to four paragraphs: the leading test's
    finding, with the probability it rests on and the threshold, δ₀'s size and the rope's
    sensitivity; the prior and model checks; the other tests as checks and the data sets'
    decisions counted by outcome; with ``about="delta0"``, a last paragraph labelled
    Supplementary, the papers' rule's and a new data set's probabilities. With K
    classifiers: the leading test, a sentence per pair; the other tests and the ranking; δ₀
    per pair and the rope's check; the pairs' model checks."""
    sentences = _many_results(result) if is_many(result) else _pair_results(result)
    text = " ".join(filter(None, [verdict_notes.percent_fractions(result), *sentences,
                                  verdict_notes.rope_units(result)]))
    paragraphs = (p.strip() for p in text.split(PARAGRAPH))
    return PARAGRAPH.join(p for p in paragraphs if p)


# --- citations --------------------------------------------------------------------------------

def bibtex(result) -> str:
    """The ``.bib``: every work the paragraphs and the paper's table cite.

    Parameters
    ----------
    result : Comparison, MeansComparison or ManyComparison
        The result.

    Returns
    -------
    str
        BibTeX entries from ``data/references.bib``: the works cited, then this package.
    """
    keys = cited(methods_text(result) + results_text(result) + compact_markdown(result))
    return "\n\n".join(BIBTEX[k] for k in [*keys, "bayestut"]) + "\n"


# --- files beside the HTML report -------------------------------------------------------------

def _tables(result, compact, overall, datasets, rope, between: str = "") -> str:
    """The paper's tables in one format: the compact one; with K classifiers, the overall one
    after it too (the Results name it for each pair's other numbers), then each pair's
    decision at each rope checked when one changes (``rope``); without a hierarchical
    posterior, the overall one alone. The data sets' mean scores last (K classifiers: each
    one's, as columns)."""
    first = compact(result)
    main = (overall(result) if not first else
            first + (between + overall(result) if is_many(result) else ""))
    main += between + rope(result) if rope(result) else ""
    each = datasets(result)         # K classifiers: each one's mean scores, as columns
    return main + (between + each if each else "")


def _core_markdown(result) -> str:
    """The Results' core (:func:`core_text`) under its heading, the rest under its own."""
    core = core_text(result)
    return (f"### {CORE}\n\n{markdown_escape(core)}\n\n### The full results\n\n"
            if core else "")


def _core_latex(result) -> str:
    """The Results' core (:func:`core_text`) between comment markers, a paragraph of its
    own."""
    core = core_text(result)
    return (f"% --- {CORE}: ---\n{latex_escape(core)}\n% --- end of the core result ---\n\n"
            if core else "")


def _labelled(text: str, bold) -> str:
    """The Results' Supplementary paragraph with its label in bold (``bold``: the format's)."""
    return text.replace(PARAGRAPH + SUPPLEMENTARY, PARAGRAPH + bold(SUPPLEMENTARY))


def latex_document_body(result) -> str:
    """The essential Methods and the Results paragraphs, the paper's tables and the
    Supplementary methods last, as LaTeX to ``\\input``, the
    Methods' placeholders for the author in bold (a ``% TODO`` line above names them, when any
    is left): the compact table (:func:`~bayestut.analysis.writeup_tables.compact_rows`), with
    K classifiers followed by the overall one, or without a hierarchical posterior the overall
    one alone; the data sets' mean scores last (K classifiers: each one's), in a ``longtable``.
    Every test and kind of number stay in the HTML report, and in ``result.to_latex()``.

    Parameters
    ----------
    result : Comparison, MeansComparison or ManyComparison
        The result.

    Returns
    -------
    str
        The LaTeX; its preamble needs ``booktabs``, ``longtable`` (with every fold) and
        ``natbib`` (the citations are
        ``\\citet``/``\\citep`` of the ``.bib`` that :func:`bibtex` writes).
    """
    methods, supplementary = (
        writeup_caveats.PLACEHOLDER_TEX.sub(lambda m: r"\textbf{" + m[0] + "}", latex_escape(part))
        for part in writeup_methods.parts(result))
    results = _labelled(by_paragraph(results_text(result), latex_escape),
                        lambda label: r"\textbf{" + label + "}")
    body = ("\\paragraph{Methods.} " + methods + "\n\n"
            "\\paragraph{Results.}\n" + _core_latex(result) + results + "\n\n"
            + _tables(result, compact_latex, to_latex, datasets_latex, rope_latex, "\n")
            + "\n\\paragraph{Supplementary methods.} " + supplementary + "\n")
    todo = writeup_caveats.PLACEHOLDER_TEX.search(methods)
    return (("% TODO: fill in every bold [TO FILL: ...] in the Methods before submitting.\n"
             if todo else "")
            + "% bayestut " + __version__ + ": methods, results and the tables. The preamble\n"
            "% needs \\usepackage{booktabs}"
            + (", \\usepackage{longtable}" if "{longtable}" in body else "")
            + (", \\usepackage{array}" if writeup_tables.RAGGED in body else "")
            + " and \\usepackage{natbib}, and \\bibliography{} the\n"
            "% .bib beside this file. For pdflatex's default fonts, a character they lack\n"
            "% shows as its code point, e.g. \\texttt{[U+0416]}; the .md beside this file has\n"
            "% the names as given.\n"
            + ("% A longtable cannot stand in two columns: in a two-column paper, put the\n"
               "% longtables (the data sets' scores; with K classifiers, the overall table)\n"
               "% in a one-column appendix, after \\onecolumn.\n"
               if "{longtable}" in body else "")
            + writeup_caveats.about_latex(result)
            + latex_citations(body))


def write_files(result, html_path) -> list:
    """Beside the HTML report ``name.html``: ``name.md`` (the essential Methods, results, the
    paper's tables, then the Supplementary methods, :func:`~bayestut.analysis.writeup_methods.
    parts`;
    the Methods' placeholders for the author in bold, the Results' Supplementary label too),
    ``name.tex`` (the same in LaTeX) and ``name.bib`` (the citations)."""
    from .report_file import write_report

    html_path = Path(html_path)
    stem = html_path.parent / html_path.name.removesuffix(".html")   # names may hold dots
    methods, supplementary = (
        writeup_caveats.PLACEHOLDER_MD.sub(lambda m: f"**{m[0]}**", markdown_escape(part))
        for part in writeup_methods.parts(result))
    results = _labelled(by_paragraph(results_text(result), markdown_escape),
                        lambda label: f"**{label}**")
    markdown = (f"{writeup_caveats.about_markdown(result)}## Methods\n\n{methods}\n\n"
                f"## Results\n\n{_core_markdown(result)}{results}\n\n"
                + _tables(result, compact_markdown, to_markdown, datasets_markdown, rope_markdown,
                           "\n")
                + f"\n## Supplementary methods\n\n{supplementary}\n")
    written = []
    for suffix, text in ((".md", markdown), (".tex", latex_document_body(result)),
                         (".bib", bibtex(result))):
        path = stem.parent / (stem.name + suffix)
        write_report(path, text)            # as the report: a planted link is not followed
        written.append(path)
    return written

