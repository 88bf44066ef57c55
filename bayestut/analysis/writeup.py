"""The paragraphs for a paper, from a comparison's result: methods, results, citations, table.

Everything is read from the result object (:class:`~bayestut.analysis.compare.Comparison` for two
classifiers, :class:`~bayestut.analysis.many_comparison.ManyComparison` for K), so the text names
only the tests that were run and the settings that were used: the rope, rho, the priors, the
threshold, the numbers of draws, the seed, the software's versions and what the sampler's
diagnostics said.
The results paragraph is made of the report's own verdict sentences. The overall table comes as
LaTeX (``booktabs``) and as Markdown; the citations as BibTeX.
"""

from __future__ import annotations

import platform
import re
from importlib import metadata
from pathlib import Path

import numpy as np

from .. import __version__
from ..paths import DATA
from . import comparison_text, many_text, wording
from .comparison_text import EXPECTED, counted
from .escape import latex_escape, markdown_escape
from ..methods.decisions import NO_DECISION, REGIONS, decide, decide_regions, outcomes
from ..methods.hierarchical import DELTA0, HYPERPRIORS, NEW_DATA_SET, POSTERIOR, SIGMA_FACTOR
from ..methods.nonparametric import PRIOR_STRENGTH
from ..methods.ranking import PRIOR as RANKING_PRIOR

# The citations, from data/references.bib, the one BibTeX file (the book's references too).
BIBTEX = {m["key"]: m[0] for m in re.finditer(r"^@\w+\{(?P<key>[^,]+),.*?^\}$",
                                              (DATA / "references.bib").read_text("utf-8"),
                                              flags=re.M | re.S)}

# --- what was run -----------------------------------------------------------------------------

def _pairs(result) -> list:
    """The two-classifier comparisons inside a result (one for compare, all for compare_all)."""
    return list(result.pairs.values()) if hasattr(result, "pairs") else [result]


def _many(result) -> bool:
    return hasattr(result, "pairs")


def _fits(result) -> list:
    """Every MCMC fit: the hierarchical models sampled by Stan, then the ranking."""
    fits = [c.hierarchical.fit for c in _pairs(result)
            if c.hierarchical is not None and c.hierarchical.fit is not None]
    if _many(result) and result.ranking is not None:
        fits.append(result.ranking.fit)
    return fits


def _version(package: str) -> str | None:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def software(result) -> str:
    """The versions of what computed the result."""
    parts = [f"bayestut {__version__}", f"Python {platform.python_version()}",
             f"NumPy {np.__version__}", f"SciPy {_version('scipy')}"]
    backends = sorted({fit.backend for fit in _fits(result)})
    for backend in (b for b in backends if b in ("pystan", "cmdstanpy")):
        package = {"pystan": "pystan", "cmdstanpy": "cmdstanpy"}.get(backend, backend)
        version = _version(package)
        parts.append(f"{'PyStan' if backend == 'pystan' else 'CmdStanPy'}"
                     + (f" {version}" if version else ""))
    return ", ".join(parts)


# --- words ------------------------------------------------------------------------------------

def quoted(name) -> str:
    """A classifier's or data set's name in quotation marks: a comma in a name must not read
    as two names."""
    return f"“{name}”"


def listed(names, conjunction: str = "and") -> str:
    names = [quoted(n) for n in names]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {conjunction} {names[-1]}"


def _units(c) -> str:
    """The rope in the metric's units and, for scores given in percent, in the reader's. A
    metric named only by its column's default name ("score") is not a unit: it is left out."""
    text = f"±{c.rope:g}" if str(c.metric) == "score" else f"±{c.rope:g} of {c.metric}"
    if c.options.get("percent"):
        points = 100 * c.rope
        text += (f", i.e. ±{points:g} percentage point{'' if points == 1 else 's'} of the "
                 "scores as given")
    return text


# --- methods ----------------------------------------------------------------------------------

def _fit_name(result, fit) -> str:
    for c in _pairs(result):
        if c.hierarchical is not None and c.hierarchical.fit is fit:
            return ("the hierarchical test's fit" if not _many(result) else
                    f"the hierarchical fit of {quoted(c.a)} against {quoted(c.b)}")
    return "the Plackett-Luce ranking's fit"


def _diagnostics_sentence(result) -> str:
    """Each MCMC fit's diagnostics, named after the fit they belong to."""
    fits = _fits(result)
    if not fits:
        return ""
    each = []
    for fit in fits:
        x = fit.diagnostics
        text = (f"{_fit_name(result, fit)}: largest R-hat {x.max_rhat:.3f}, smallest bulk "
                f"ESS {x.min_ess_bulk:,.0f}")
        if fit.backend in ("pystan", "cmdstanpy"):      # a Gibbs sampler has no divergences
            text += (f", {x.divergences:,} of {x.chains * x.draws:,} post-warm-up transitions "
                     "divergent")
        each.append(text)
    text = ("Diagnostics (rank-normalised split R-hat and bulk effective sample size, Vehtari "
            "et al. 2021) of " + "; of ".join(each) + ".")
    problems = result.diagnostics()
    if problems:
        text += (" The sampler's warnings (" + "; ".join(problems) + ") apply to the "
                 "probabilities reported.")
    else:
        text += (" No fit crossed the thresholds R-hat > 1.01, bulk ESS < 100 per chain, or "
                 "any divergence.")
    return text


def methods_text(result) -> str:
    """The methods paragraph: what was run, with which settings and software."""
    pairs = _pairs(result)
    c = pairs[0]
    s = c.options
    d = c.differences
    names = result.classifiers if _many(result) else (c.a, c.b)
    means_only = c.per_dataset is None
    orientation = ("lower scores are better, so differences were taken as the second minus the "
                   "first classifier's score" if c.lower_is_better else
                   "higher scores are better")
    if means_only:
        data = (f"{counted(len(d.datasets), 'data set')}, with one mean score per data set "
                "and classifier")
    else:
        runs = d.x.shape[1] // d.folds
        data = (f"{counted(len(d.datasets), 'data set')} with {counted(runs, 'run')} of "
                f"{d.folds}-fold cross-validation, the same folds for every classifier")
    sentences = [f"We compared {counted(len(names), 'classifier')}, {listed(names)}, on {data} "
                 f"(metric {c.metric!r}; {orientation}), with the Bayesian tests of Benavoli et "
                 "al. (2017)" + ("" if means_only or c.hierarchical is None else
                                 " and Corani et al. (2017)")
                 + (", for every pair" if _many(result) else "") + "."]
    if s.get("percent"):
        sentences.append("The scores were given in percent and divided by 100 before the "
                         "analysis, so every difference and the rope are fractions.")
    sentences.append(f"Differences within {_units(c)} (the region of practical equivalence, "
                     "rope) were deemed of no practical consequence.")
    if not means_only:
        sentences.append(f"On each data set, the Bayesian correlated t-test (under its matching "
                         f"prior, with the correlation between folds set to ρ = 1/{d.folds} "
                         f"= {d.rho:.3g}, Nadeau and Bengio's heuristic) gave closed-form "
                         "posterior probabilities.")
    tests = []
    if getattr(c, "sign", None) is not None:
        tests.append("the Bayesian sign test")
    if c.signed_rank is not None:
        tests.append("the Bayesian signed-rank test")
    if tests:
        sentences.append(
            f"Over the data sets, {' and '.join(tests)} on the mean differences used a "
            f"Dirichlet process prior of strength s = {PRIOR_STRENGTH:g} centred on 0, with "
            f"{s['signed_rank_samples']:,} Monte Carlo samples (seed {s['seed']}).")
    exact = c.integrated("hierarchical")
    if c.hierarchical is not None:
        alpha_low, alpha_high, beta_low, beta_high = HYPERPRIORS["mlj"]
        if exact:
            error = max(p.hierarchical.diagnostics.error for p in pairs
                        if p.hierarchical is not None)
            computed = ("integrated numerically on adaptive grids, without sampling "
                        "(bayestut's exact engine; largest numerical error of a probability "
                        f"{error:.1g})")
        else:
            fit = c.hierarchical.fit.diagnostics
            computed = (f"sampled with Stan's NUTS, {counted(fit.chains, 'chain')} of "
                        f"{s['warmup']:,} warm-up and {fit.draws:,} kept iterations (target "
                        f"acceptance rate {s['adapt_delta']:g}, seed {s['seed']})")
        sentences.append(
            "The hierarchical test modelled each data set's mean difference as drawn from a "
            "Student t population (mean δ₀, scale σ₀, ν degrees of freedom) and the "
            "differences on its folds as correlated normals (correlation ρ), with "
            f"ν - 1 ~ Gamma(α, β), α ~ U({alpha_low:g}, {alpha_high:g}), "
            f"β ~ U({beta_low:g}, {beta_high:g}) (the bounds of Corani et al. 2017) and "
            "uniform priors on δ₀ and on the scales (up to "
            f"{SIGMA_FACTOR:g} times the observed standard deviations); "
            + ("each pair's posterior" if _many(result) else "its posterior") + " was "
            + computed + ".")
    if _many(result) and result.ranking is not None:
        r = result.ranking.fit.diagnostics
        sentences.append(
            "The classifiers were ranked jointly with the Bayesian Plackett-Luce model of Calvo "
            "et al. (2018) on each data set's ranking of the mean scores, with a "
            f"Dirichlet({RANKING_PRIOR:g}, ..., {RANKING_PRIOR:g}) prior on the weights "
            f"({counted(r.chains, 'chain')} of {r.draws:,} draws, seed {s['seed']}"
            + ("; a Gibbs sampler with latent gamma variables, Caron and Doucet 2012"
               if result.ranking.fit.backend not in ("pystan", "cmdstanpy") else "") + ").")
    on = []
    if tests:
        on.append(f"for {' and '.join(t.replace('Bayesian ', '') for t in tests)}, the "
                  "posterior probability that the outcome is the likeliest of the three, "
                  "estimated as the share of posterior samples in which it is")
    if c.hierarchical is not None and _about_delta0(result):
        on.append("for the hierarchical test, the posterior probability of the outcome for the "
                  "mean difference δ₀ over data sets (the claim of a method paper, chosen "
                  "instead of the papers' rule on a new data set), "
                  + ("integrated numerically" if exact else
                     "estimated as the share of posterior draws of δ₀ in the outcome's region"))
    elif c.hierarchical is not None:
        on.append("for the hierarchical test, the posterior probability that the outcome is "
                  "the likeliest on a new data set, "
                  + ("integrated numerically" if exact else
                     "estimated as the share of posterior draws in which it is"))
    if not means_only:
        on.append("for the correlated t-test, its exact posterior probability")
    sentences.append("An outcome (one classifier practically better, or practical equivalence) "
                     f"was declared when its probability exceeded {c.threshold:g}: "
                     + "; ".join(on)
                     + ("; pairwise decisions were not adjusted for the number of pairs"
                        if _many(result) else "") + ".")
    sentences.append("Probabilities estimated from samples are given with their Monte Carlo "
                     "standard errors" + ("; the hierarchical test's, which are integrals, "
                                          "with their numerical errors." if exact else "."))
    diagnostics = _diagnostics_sentence(result)
    if diagnostics:
        sentences.append(diagnostics)
    if means_only:
        sentences.append(c.not_run)
    sentences.append(f"Software: {software(result)}.")
    return " ".join(sentences)


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


def _about_delta0(result) -> bool:
    """Whether the verdict decides on δ₀ (``about="delta0"``; K classifiers: never)."""
    return getattr(result, "about", None) == "delta0"


def finding(p, se, c, kind: str, new_data_set: bool = False, delta0: bool = False) -> str:
    """One test's result as a clause after the test's name: what it finds, on which
    probability, against the threshold. ``kind``: 'draws' (shares of MCMC draws), 'integrated'
    (the same integrated numerically), 'samples' (shares of Monte Carlo samples), 'exact' (a
    closed-form probability)."""
    p, se = np.asarray(p, dtype=float), np.asarray(se, dtype=float)
    v = [wording.number(p[i], se[i], c.threshold) for i in range(3)]
    where = " for a new data set" if new_data_set else ""
    how = " (integrated numerically)" if kind == "integrated" else ""
    def evidence(v: str) -> str:
        if kind == "exact":
            return f"posterior probability {v}"
        if delta0:
            return f"probability for δ₀ {v}{how}"
        return (f"the posterior probability that this is the likeliest outcome{where} "
                f"{wording.is_(v)}{how}")
    choice = str(decide_regions(p, c.threshold))
    if choice != NO_DECISION:
        i = REGIONS.index(choice)
        text = (f"finds {_outcome(i, c.a, c.b)} (rope {_units(c)}): {evidence(v[i])}, above "
                f"the threshold {c.threshold:g}")
        if p[i] - 2 * se[i] <= c.threshold < p[i]:
            text += " (within its error of the threshold: confirm with more draws)"
        return text
    a, b = quoted(c.a), quoted(c.b)
    if delta0:
        spread = (f"the probabilities for δ₀ are {v[2]} that {a} is practically better, "
                  f"{v[1]} of equivalence and {v[0]} that {b} is practically better{how}")
    elif kind == "exact":
        spread = (f"the posterior probabilities are {v[2]} that {a} is practically better, "
                  f"{v[1]} of equivalence and {v[0]} that {b} is practically better")
    else:
        spread = (f"the posterior probabilities that each outcome is the likeliest{where} are "
                  f"{v[2]} for {a} practically better, {v[1]} for equivalence and {v[0]} for "
                  f"{b} practically better{how}")
    return (f"reaches no decision (rope {_units(c)}): {spread}, none above the threshold "
            f"{c.threshold:g}")


def _new_data_set(c, o) -> str:
    """The hierarchical test's probabilities for a new data set and for δ₀, in the order
    shown (in a paper's words: the tutorial's asides on whose question each answers stay in
    the console and the HTML report)."""
    v = [wording.number(o.means[i], o.means_se[i]) for i in range(3)]
    d = [wording.number(o.delta0[i], o.delta0_se[i]) for i in range(3)]
    return (f"on a new data set {quoted(c.a)} would be practically better with probability "
            f"{v[2]}, equivalent with {v[1]} and {quoted(c.b)} practically better with {v[0]}; "
            f"for the mean difference δ₀ over data sets like these, the probabilities for δ₀ "
            f"are {d[2]} that "
            f"{quoted(c.a)} is practically better, {d[1]} of equivalence and {d[0]} that "
            f"{quoted(c.b)} is")


def _papers_rule(c, o) -> str:
    """With the verdict on δ₀: the papers' posterior probability and the probability on a new
    data set, in the order shown."""
    s = [wording.number(o.shares[i], o.shares_se[i]) for i in range(3)]
    v = [wording.number(o.means[i], o.means_se[i]) for i in range(3)]
    return (f"by the papers' rule, the posterior probability that each outcome is the likeliest "
            f"on a new data set is {s[2]} for {quoted(c.a)} practically better, {s[1]} for "
            f"equivalence and {s[0]} for {quoted(c.b)} practically better, and on a new data "
            f"set {quoted(c.a)} "
            f"would be practically better with probability {v[2]}, equivalent with {v[1]} and "
            f"{quoted(c.b)} practically better with {v[0]}")


def _tally(c) -> str:
    """The correlated t-test's decisions on the data sets, counted by outcome."""
    chosen = list(decide(c.per_dataset.probabilities(c.rope), c.threshold))
    better_a, equivalent, better_b = outcomes(c.a, c.b)
    counts = [f"{quoted(c.a)} practically better on {chosen.count(better_a)}",
              f"practical equivalence on {chosen.count(equivalent)}",
              f"{quoted(c.b)} practically better on {chosen.count(better_b)}",
              f"no decision on {chosen.count(NO_DECISION)}"]
    return ("On the individual data sets, the Bayesian correlated t-test (threshold "
            f"{c.threshold:g}) finds {', '.join(counts[:-1])} and {counts[-1]}.")


def _setting(c) -> str:
    d = c.differences
    if c.per_dataset is None:
        return f"Over {counted(len(d.datasets), 'data set')} (mean scores only)"
    runs = d.x.shape[1] // d.folds
    return (f"Over {counted(len(d.datasets), 'data set')} ({counted(runs, 'run')} of "
            f"{d.folds}-fold cross-validation)")


def _pair_results(c) -> list[str]:
    """The Results sentences of one comparison of two classifiers."""
    d = c.differences
    if c.identical:
        return [f"{quoted(c.a)} and {quoted(c.b)} scored identically on every fold of every "
                "data set, so every test finds them practically equivalent with probability 1."]
    if c.per_dataset is not None and c.constant and not c.refused:
        i, x = c.exact_outcome(), d.x.flat[0]
        better, worse = (c.a, c.b) if x > 0 else (c.b, c.a)
        sentences = [f"{quoted(better)} scored exactly {abs(x):g} better than {quoted(worse)} "
                     "on every fold of every data set: with nothing to sample, the hierarchical "
                     "test and the correlated t-test on each data set find "
                     f"{_outcome(i, c.a, c.b)} (rope {_units(c)}) with probability 1."]
        for test, o in zip(c.tests, c.overall()):    # the signed-rank test has a prior to weigh
            if test != "hierarchical":
                name = TEST_NAMES[test]
                sentences.append(f"{name[0].upper() + name[1:]} "
                                 f"{finding(o.shares, o.shares_se, c, 'samples')}.")
        return sentences
    if c.refused:
        p = c.per_dataset._rope(c.rope)[0]
        return [f"On the only data set, {quoted(d.datasets[0])}, the Bayesian correlated "
                f"t-test (Benavoli et al. 2017) " + finding(p, (0, 0, 0), c, "exact") + "."]
    sentences = []
    overall = c.overall()
    for test, o in zip(c.tests[::-1], overall[::-1]):     # the leading test first
        name = TEST_NAMES[test]
        if test == "hierarchical":
            kind = "integrated" if c.integrated(test) else "draws"
            if _about_delta0(c) and o.delta0 is not None:
                text = (f"{_setting(c)}, {name}, deciding on the mean difference δ₀ over data "
                        f"sets like these, "
                        f"{finding(o.delta0, o.delta0_se, c, kind, delta0=True)}; "
                        f"{_papers_rule(c, o)}.")
            else:
                text = (f"{_setting(c)}, {name} "
                        f"{finding(o.shares, o.shares_se, c, kind, True)}; {_new_data_set(c, o)}.")
                weak = wording.weak(o.shares, o.means, c.threshold, o.means_se)
                if weak:        # as the verdict says it: the paragraph must not oversell it
                    text += (f" The decision is a weak one: the declared outcome's probability "
                             f"on a new data set is only {weak}, below {wording.MODEST:g}.")
            text = " ".join(filter(None, [text, comparison_text.rope_sensitivity(c, True)]))
            if c.diagnostics():
                text += (" Caution: the hierarchical sampler reported problems (see the "
                         "Methods), so these probabilities may not be reliable: rerun as the "
                         "report's sampler warnings advise before quoting them.")
        else:
            text = f"{name[0].upper() + name[1:]} {finding(o.shares, o.shares_se, c, 'samples')}."
            if not sentences:
                text = f"{_setting(c)}, {name} {finding(o.shares, o.shares_se, c, 'samples')}."
        sentences.append(text)
    if c.per_dataset is not None and len(d.datasets) > 1:
        sentences.append(_tally(c))
    return sentences


def _many_results(many) -> list[str]:
    """The Results sentences of K classifiers: per test, who is declared practically better
    than whom (the verdict's words, :func:`many_text.decisions_in_words`); the ranking's
    favourite; then every pair's decision by the leading test."""
    c = next(iter(many.pairs.values()))
    sentences: list[str] = []
    for test in ([] if many.refused else many.tests[::-1]):
        name = TEST_NAMES[test]
        lead = (f"{_setting(c)}, {name} finds:" if not sentences else
                f"{name[0].upper()}{name[1:]} finds:")
        text = many_text.decisions_in_words(many.matrix(test, "decision"), quoted)
        sentences.append(f"{lead} {text}" + ("." if sentences else
                         f" (rope {_units(c)}, threshold {many.threshold:g}; pairwise "
                         "decisions not adjusted for the number of pairs)."))
    if many.ranking is not None:         # the verdict's tie rule (many_text.best_ranked)
        t = many.ranking.table()
        tied, best = many_text.best_ranked(many)
        chances = [f"{t.loc[x, 'P(first)']:.2f} (95% credible interval "
                   f"{t.loc[x, 'P(first) lower']:.2f} to {t.loc[x, 'P(first) upper']:.2f})"
                   for x in tied]
        sentences.append(
            f"The Plackett-Luce model (Calvo et al. 2018) gives {listed(tied)} the best "
            f"expected rank ({best})" + (
                f" and the probability {chances[0]} of ranking first on a new data set."
                if len(tied) == 1 else ", each ranking first on a new data set with probability "
                + "; ".join(f"{quoted(x)} {v}" for x, v in zip(tied, chances)) + "."))
    if not many.refused:
        test = many.tests[-1]
        each = []
        for (a, b), pair in many.pairs.items():
            o = pair.overall()[-1]
            qa, qb = quoted(a), quoted(b)
            weak = (wording.strength(o.shares, o.means, o.delta0, qa, qb, pair.threshold,
                                     o.means_se, o.delta0_se) if test == "hierarchical" else "")
            each.append(f"{qa} against {qb}: " + wording.listing(
                o.shares, qa, qb, pair.threshold, o.shares_se, note=weak))
        sentences.append(f"Pair by pair, {TEST_NAMES[test].split(' (')[0]} gives: "
                         + "; ".join(each) + ".")
        if test == "hierarchical":
            sentences.append("The table gives each pair's probabilities on a new data set and "
                             "for the mean difference δ₀ over data sets beside them.")
        sentences += [text for text in [many_text.rope_sensitivity(many, True, quoted)] if text]
    pairs = [p for (a, b), c in many.pairs.items() for p in c.diagnostics()]
    ranking = many.ranking is not None and many.ranking.diagnostics.problems
    if pairs:
        sentences.append("Caution: the sampler reported problems for some pairs' fits (see the "
                         "Methods): rerun as the report's sampler warnings advise before "
                         "quoting their decisions.")
    if ranking:          # the pairs' decisions do not rest on the ranking's sampler
        sentences.append("Caution: the ranking's sampler reported problems (see the Methods): "
                         "rerun as its warnings advise before quoting the ranking; the pairs' "
                         "decisions do not depend on it.")
    return sentences


def results_text(result) -> str:
    """The results paragraph, as prose for a paper: each test's finding, with the probability
    it rests on and the threshold; then the data sets' decisions counted by outcome."""
    sentences = _many_results(result) if _many(result) else _pair_results(result)
    return " ".join(filter(None, [*sentences, comparison_text.rope_units(result)]))


def bibtex(result) -> str:
    """BibTeX entries of the methods that were run, and of this package."""
    keys = ["benavoli2017time"]
    if any(c.hierarchical is not None for c in _pairs(result)):
        keys.append("corani2017statistical")
    if _many(result) and result.ranking is not None:
        keys.append("calvo2018bayesian")
    keys.append("bayestut")
    return "\n\n".join(BIBTEX[k] for k in keys) + "\n"


# --- the overall table ------------------------------------------------------------------------

def overall_rows(result) -> list[dict]:
    """The overall table's rows, as every report prints them
    (:func:`~bayestut.analysis.comparison_text.overall_rows`): one per multi-data-set test and
    kind of number. With K classifiers, one per pair too: columns a and b name each row's pair,
    and the probability columns say "a" and "b".

    Parameters
    ----------
    result : Comparison, MeansComparison or ManyComparison
        The result.

    Returns
    -------
    list of dict
        Each row's cells as text, in the columns' order.
    """
    if not _many(result):
        return comparison_text.overall_rows(result)
    return [{"a": c.a, "b": c.b, **row} for c in _pairs(result)
            for row in comparison_text.overall_rows(c, "a", "b")]


def _caption(c, many: bool) -> str:
    """The table's caption: what P(...) means, each kind of number its rows name, and ±."""
    exact = c.integrated("hierarchical")
    error = ("Monte Carlo standard error (for the hierarchical test, integrated: its numerical "
             "error)" if exact else "Monte Carlo standard error")
    meaning = {
        POSTERIOR: "the posterior probability, that the outcome is the likeliest ("
                   + ("for the hierarchical test, integrated numerically; for the others, "
                      if exact else "") + "the share of posterior samples in which it is), on "
                   f"which a decision is taken above {c.threshold:g}",
        EXPECTED: "the expected probability, the posterior mean of the outcome's probability",
        NEW_DATA_SET: "the probability of the outcome on a new data set",
        DELTA0: "the probability for δ₀, the mean difference over data sets, whose decision "
                f"is read at {c.threshold:g} too"}
    kinds = {kind for o in c.overall() for kind, _, _ in o.rows()}
    who = ("a and b: each row's pair; " if many else "")
    return (f"{who}P(x better): the probability that x is practically better, by more than the "
            f"rope {_units(c)}; P(equivalent): that the difference is within the rope. Each row "
            "names its kind of number: " + "; ".join(text for kind, text in meaning.items()
                                                     if kind in kinds)
            + f". A number followed by ± carries its {error}; one without ± has an error "
            "below its last digit.")


def to_latex(result) -> str:
    """The overall table as a LaTeX ``table`` with ``booktabs`` rules (needs
    ``\\usepackage{booktabs}``)."""
    rows = overall_rows(result)
    if not rows:
        return ""
    columns = list(rows[0])
    c = _pairs(result)[0]
    left = len(columns) - 4                   # the names and the test, then 3 numbers, then words
    lines = [r"\begin{table}[ht]", r"\centering",
             r"\begin{tabular}{" + "l" * left + "r" * 3 + "l}", r"\toprule",
             " & ".join(latex_escape(h) for h in columns) + r" \\", r"\midrule"]
    lines += [" & ".join(latex_escape(row[h]) for h in columns) + r" \\" for row in rows]
    lines += [r"\bottomrule", r"\end{tabular}",
              r"\caption{" + latex_escape(_caption(c, _many(result))) + "}", r"\end{table}"]
    return "\n".join(lines) + "\n"


def to_markdown(result) -> str:
    """The overall table as a Markdown (GitHub) table, with its caption below."""
    rows = overall_rows(result)
    if not rows:
        return ""
    columns = list(rows[0])
    lines = ["| " + " | ".join(markdown_escape(h) for h in columns) + " |",
             "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(markdown_escape(row[h]) for h in columns) + " |" for row in rows]
    return ("\n".join(lines) + "\n\n"
            + markdown_escape(_caption(_pairs(result)[0], _many(result))) + "\n")


# --- files beside the HTML report -------------------------------------------------------------

def latex_document_body(result) -> str:
    """The methods and results paragraphs and the table, as LaTeX to ``\\input`` (the
    preamble needs ``booktabs``)."""
    return ("% bayestut " + __version__ + ": methods, results and the overall table. For\n"
            "% pdflatex's default fonts, a character they lack shows as its code point,\n"
            "% e.g. \\texttt{[U+0416]}; the .md beside this file has the names as given.\n"
            "\\paragraph{Methods.} " + latex_escape(methods_text(result)) + "\n\n"
            "\\paragraph{Results.} " + latex_escape(results_text(result)) + "\n\n"
            + to_latex(result))


def write_files(result, html_path) -> list:
    """Beside the HTML report ``name.html``: ``name.md`` (methods, results, table),
    ``name.tex`` (the same in LaTeX) and ``name.bib`` (the citations)."""
    from .report_file import write_report

    html_path = Path(html_path)
    stem = html_path.parent / html_path.name.removesuffix(".html")   # names may hold dots
    markdown = (f"## Methods\n\n{markdown_escape(methods_text(result))}\n\n## Results\n\n"
                f"{markdown_escape(results_text(result))}\n\n{to_markdown(result)}")
    written = []
    for suffix, text in ((".md", markdown), (".tex", latex_document_body(result)),
                         (".bib", bibtex(result))):
        path = stem.parent / (stem.name + suffix)
        write_report(path, text)            # as the report: a planted link is not followed
        written.append(path)
    return written

