"""The Methods for a paper, from a comparison's result, in two parts: the essential Methods
(about 120 words: the data, the tests and their citations, the rope with its reason, the
threshold and what it is taken on, the hierarchical model's prior and engine) and the
Supplementary methods (each test's settings, the model in full, the rules per test, the
model, prior and rope checks, δ₀'s size, the errors, the diagnostics, the software).

Everything is read from the result object, so the text names only the tests that were run and
the settings that were used.
"""

from __future__ import annotations

import platform
from importlib import metadata

import numpy as np

from .. import __version__
from . import delta0_size, rope_limit, wording, writeup_caveats, writeup_checks
from .comparison_text import counted
from .writeup_tables import about_delta0, is_many, pairs, units
from ..methods.hierarchical import HYPERPRIORS, SIGMA_FACTOR
from ..methods.nonparametric import PRIOR_STRENGTH
from ..methods.ranking import PRIOR as RANKING_PRIOR

# --- what was run -----------------------------------------------------------------------------

def _version(package: str) -> str | None:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def software(result) -> str:
    """The versions of what computed the result."""
    parts = [f"bayestut {__version__}", f"Python {platform.python_version()}",
             f"NumPy {np.__version__}", f"SciPy {_version('scipy')}"]
    backends = sorted({fit.backend for fit in writeup_checks.fits(result)})
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


# --- methods ----------------------------------------------------------------------------------

def _delta0_prior(result) -> str:
    """δ₀'s prior, as the model has it (:func:`~bayestut.methods.hierarchical.prepare`):
    uniform between ± the largest absolute difference on any fold, in the metric's units."""
    text = ("a uniform prior on δ₀ between minus and plus the largest absolute difference on "
            "any fold")
    if is_many(result):
        return text + " of the pair"
    h = result.hierarchical
    bound = h.prepared.stan_data["delta0_bound"] * h.prepared.std_x
    return text + f" (±{bound:.3g})"


def methods_text(result) -> str:
    """The Methods: the essential paragraph, then the Supplementary methods' (:func:`parts`).

    Parameters
    ----------
    result : Comparison, MeansComparison or ManyComparison
        The result.

    Returns
    -------
    str
        Two paragraphs, apart by a blank line.
    """
    return "\n\n".join(filter(None, parts(result)))


def _decided_on(c, result) -> str:
    """The essential Methods' sentence: the primary test and the probability its decision is
    taken on, at the threshold (each test's rule in the Supplementary methods)."""
    pairs_ = " for each pair" if is_many(result) else ""
    if c.hierarchical is None:
        return (f"An outcome (one classifier practically better, or practical equivalence) was "
                f"declared{pairs_} when the posterior probability that it is the likeliest "
                f"exceeded {c.threshold:g}.")
    if about_delta0(result):
        return delta0_rule(c)
    return (f"The hierarchical test is primary: an outcome was declared{pairs_} when the "
            "posterior probability that it is the likeliest on a new data set exceeded "
            f"{c.threshold:g}.")


def delta0_rule(c) -> str:
    """The decision rule on δ₀ in standard notation, δ₀ defined once: "we declared “a”
    practically better when P(δ₀ > r | data) > 0.95", the other side and equivalence likewise.

    Parameters
    ----------
    c : Comparison
        The result (``about="delta0"``).

    Returns
    -------
    str
        Two sentences.
    """
    a, b, t = quoted(c.a), quoted(c.b), f"{c.threshold:g}"
    first, second = (b, a) if c.lower_is_better else (a, b)     # positive: a better
    return (f"Let δ₀ be the mean difference {first} − {second} over the population of data "
            f"sets (positive when {a} scores better) and r = {c.rope:g} the rope's half-width. The "
            f"hierarchical test is primary: we declared {a} practically better when "
            f"P(δ₀ > r | data) > {t}, {b} practically better when P(δ₀ < −r | data) > {t}, "
            f"and practical equivalence when P(|δ₀| ≤ r | data) > {t}.")


def _rope_chosen(c, result) -> str:
    """The essential Methods' sentence on when the rope was chosen (``rope_chosen``): nothing
    unless the author said; after the results, a pointer to the rope's check."""
    when = c.options.get("rope_chosen")
    if when == "before":
        return "The rope was chosen before the results were seen."
    if when != "after":
        return ""
    checked = all(getattr(p, "rope_check", None) is not None for p in pairs(result))
    limit = None if is_many(result) else rope_limit.stated(c)     # only what the Results state
    reach = ("" if limit is None else " and the rope's limit, where the decision changes,"
             if not limit.edge else " and that it holds at every rope searched, "
             + ("down to a tenth of the rope," if limit.wider else "up to three times it,"))
    where = ("the decision at 0.8 to 1.2 times the rope" + reach
             + " in the Results" if checked else writeup_caveats.placeholder(
                 "how the decision depends on the rope: the exact engine (the default) "
                 "reports it"))
    return ("The rope was chosen after the results were seen, so we report how the decision "
            f"depends on it: {where}.")


# a reason that continues "… were deemed of no practical consequence" as a clause; any other is
# joined with a colon ("… consequence: a gain below 0.01 AUC …", reader 29)
CONNECTIVES = {"because", "as", "since", "given", "for", "in", "due", "owing", "following",
               "by", "which", "after", "being", "per", "under"}


def _model_in_short(c) -> str:
    """The essential Methods' sentence on the hierarchical model's prior and engine."""
    if c.hierarchical is None:
        return f"Computed with bayestut {__version__}."
    low, high, b_low, b_high = HYPERPRIORS["mlj"]
    engine = ("integrated numerically, without sampling" if c.integrated("hierarchical") else
              "sampled with Stan's NUTS")
    return ("The hierarchical model draws each data set's mean difference from a Student t "
            "population with mean δ₀, scale σ₀ and ν degrees of freedom. Its prior on ν was "
            f"ν − 1 ∼ Gamma(α, β), α ∼ U({low:g}, {high:g}), β ∼ U({b_low:g}, {b_high:g}); its "
            f"posterior was {engine} (bayestut {__version__}).")


def rope_check_methods(c) -> str:
    """The Supplementary methods' sentence on the rope's checks (the 0.8-1.2 times check and
    the limit, :mod:`~bayestut.analysis.rope_limit`), where the exact engine ran them."""
    if getattr(c, "_widths", None) is None:
        return ""
    checked = ("The decision's dependence on the rope was checked on the same posterior (the "
               "rope only sets the regions integrated over), at 0.8, 0.9, 1.1 and 1.2 times the "
               "rope")
    if rope_limit.stated(c) is None:        # no limit in the Results: no search described
        return checked + "."
    return (checked + "; the widest rope at which a decision of one classifier practically "
            "better holds, or the narrowest at which equivalence does, was searched between a "
            "tenth of the rope and three times it, in steps of a tenth.")


def parts(result) -> tuple[str, str]:
    """The Methods in two parts: the essential paragraph (about 120 words: the data, the tests
    and their citations, the rope with its reason, the decision rule, the hierarchical
    model's prior and engine) and the Supplementary methods (every setting and check).

    Parameters
    ----------
    result : Comparison, MeansComparison or ManyComparison
        The result.

    Returns
    -------
    essential, supplementary : str
        Each one paragraph.
    """
    each = pairs(result)
    c = each[0]
    s = c.options
    d = c.differences
    names = result.classifiers if is_many(result) else (c.a, c.b)
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
    essential = [f"We compared {counted(len(names), 'classifier')}, {listed(names)}, on {data} "
                 f"({writeup_caveats.metric(c)}; {orientation}), with the Bayesian tests of "
                 "Benavoli et al. (2017)" + ("" if means_only or c.hierarchical is None else
                                 " and Corani et al. (2017)")
                 + (", for every pair" if is_many(result) else "") + "."]
    if not means_only:      # reviewers ask what the folds' overlap was taken to be
        essential.append(f"The correlation between folds was set to ρ = 1/{d.folds}, as Nadeau "
                         "and Bengio (2003) propose.")
    if s.get("percent"):
        essential.append("The scores were given in percent and divided by 100 before the "
                         "analysis, so every difference and the rope are fractions.")
    reason = s.get("rope_reason") or writeup_caveats.placeholder(    # rope_reason: the author's
        f"why ±{c.rope:g} is of no practical consequence for this metric: give your reason")
    given = s.get("rope_reason")
    joined = ": " if given and given.split()[0].lower() not in CONNECTIVES else " "
    essential.append(f"Differences within {units(c)} (the region of practical equivalence, "
                     f"rope) were deemed of no practical consequence{joined}{reason}.")
    essential += [_rope_chosen(c, result), _decided_on(c, result), _model_in_short(c)]
    sentences: list[str] = []
    if not means_only:
        sentences.append(f"On each data set, the Bayesian correlated t-test (under its matching "
                         f"prior, with the correlation between folds set to ρ = 1/{d.folds} "
                         f"= {d.rho:.3g}, the heuristic of Nadeau and Bengio (2003)) gave each "
                         "outcome's probability on that data set in closed form.")
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
            error = max(p.hierarchical.diagnostics.error for p in each
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
            f"ν − 1 ∼ Gamma(α, β) (shape α, rate β), α ∼ U({alpha_low:g}, {alpha_high:g}) and "
            f"β ∼ U({beta_low:g}, {beta_high:g}), the bounds of Corani et al. (2017); "
            f"{_delta0_prior(result)}, and uniform priors on the scales (up to "
            f"{SIGMA_FACTOR:g} times the observed standard deviations); "
            + ("each pair's posterior" if is_many(result) else "its posterior") + " was "
            + computed + ".")
    if is_many(result) and result.ranking is not None:
        r = result.ranking.fit.diagnostics
        sentences.append(
            "The classifiers were ranked jointly with the Bayesian Plackett-Luce model of Calvo "
            "et al. (2018) on each data set's ranking of the mean scores, with a "
            f"Dirichlet({RANKING_PRIOR:g}, ..., {RANKING_PRIOR:g}) prior on the weights "
            f"({counted(r.chains, 'chain')} of {r.draws:,} draws, seed {s['seed']}"
            + ("; a Gibbs sampler with the latent gamma variables of Caron and Doucet (2012)"
               if result.ranking.fit.backend not in ("pystan", "cmdstanpy") else "") + ").")
    on = []
    if tests:
        on.append(f"for {' and '.join(t.replace('Bayesian ', '') for t in tests)}, the "
                  "posterior probability that the outcome is the likeliest of the three, "
                  "estimated as the share of posterior samples in which it is")
    if c.hierarchical is not None and about_delta0(result):
        on.append("for the hierarchical test, the outcome's probability for the mean difference "
                  "δ₀, that δ₀ lies in its region (δ₀ > r, |δ₀| ≤ r or δ₀ < −r: the claim of a "
                  "method paper, chosen instead of the papers' rule, the decision on a new data set), "
                  + ("integrated numerically" if exact else
                     "estimated as the share of posterior draws of δ₀ in the outcome's region"))
    elif c.hierarchical is not None:
        on.append("for the hierarchical test, the posterior probability that the outcome is "
                  "the likeliest on a new data set, "
                  + ("integrated numerically" if exact else
                     "estimated as the share of posterior draws in which it is"))
    if not means_only:
        on.append("for the correlated t-test, its exact probability of each outcome on the "
                  "data set")
    sentences.append("An outcome (one classifier practically better, or practical equivalence) "
                     f"was declared when its probability exceeded {c.threshold:g}: "
                     + "; ".join(on)
                     + ("; pairwise decisions were not adjusted for the number of pairs"
                        if is_many(result) else "") + ".")
    if not is_many(result):
        sentences.append(writeup_caveats.primary(c))
    if c.hierarchical is not None and not about_delta0(result):
        sentences.append(
            "A decision of the hierarchical test was called weak when the declared outcome's "
            f"probability on a new data set was below {wording.MODEST:g}.")
    if c.hierarchical is not None and not is_many(result):
        sentences.append("The size of the difference is given by δ₀'s posterior mean and its "
                         f"{delta0_size.LEVEL:.0%} equal-tailed credible interval. We also "
                         "report whether this interval excludes 0 (one classifier scoring "
                         "better on average, by any margin), which needs no rope.")
    if not is_many(result):
        sentences += [writeup_checks.model_check_methods(c), writeup_checks.prior_check_methods(c),
                      rope_check_methods(c)]
    elif not result.refused:
        sentences.append(writeup_checks.model_check_methods(c, each_pair=True))
    sentences.append("Probabilities estimated from samples are given with their Monte Carlo "
                     "standard errors" + ("; the hierarchical test's, which are integrals, "
                                          "with their numerical errors." if exact else "."))
    diagnostics = writeup_checks.diagnostics_sentence(result, quoted)
    if diagnostics:
        sentences.append(diagnostics)
    if means_only:
        sentences.append(c.not_run)
    sentences.append(f"Software: {software(result)}.")
    return " ".join(filter(None, essential)), " ".join(filter(None, sentences))
