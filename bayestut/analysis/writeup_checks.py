"""The hierarchical fit's checks in a paper's words, for :mod:`bayestut.analysis.writeup`: a
Methods sentence for the model check (posterior predictive p-values, Gelman, Meng and Stern
1996) and, when it was run, one for the prior check (the papers' other priors on ν, their
values formatted from the model's constants), and the model check's Results sentence.

The console's sentences (:mod:`~bayestut.analysis.model_check`) address a reader of the report
("look at the figure"); these say what was done and found, as a paper's Methods and Results do.
"""

from __future__ import annotations

from . import model_check, prior_check
from .writeup_tables import is_many, pairs
from ..methods.hierarchical import HYPERPRIORS, NU_PRIORS

# each statistic of model_check.STATISTICS as a paper names it (another: its key, spelled out)
NAMES = {"spread": "spread", "smallest": "smallest", "largest": "largest"}
INSIDE = "inside the rope"      # a count of data sets, named apart from the three above
# where each prior the prior check refits comes from, cited as "(Authors year)"
SOURCES = {"jmlr": "(Benavoli et al. 2017)", "mlj": "(Corani et al. 2017)",
           "kruschke": "(Kruschke 2013)", "juarez-steel": "(Juárez and Steel 2010)"}


# --- the samplers' diagnostics ------------------------------------------------------------------

def fits(result) -> list:
    """Every MCMC fit: the hierarchical models sampled by Stan, then the ranking."""
    fits = [c.hierarchical.fit for c in pairs(result)
            if c.hierarchical is not None and c.hierarchical.fit is not None]
    if is_many(result) and result.ranking is not None:
        fits.append(result.ranking.fit)
    return fits


def _fit_name(result, fit, name) -> str:
    for c in pairs(result):
        if c.hierarchical is not None and c.hierarchical.fit is fit:
            return ("the hierarchical test's fit" if not is_many(result) else
                    f"the hierarchical fit of {name(c.a)} against {name(c.b)}")
    return "the Plackett-Luce ranking's fit"


def diagnostics_sentence(result, name=str) -> str:
    """Each MCMC fit's diagnostics, named after the fit they belong to.

    Parameters
    ----------
    result : Comparison, MeansComparison or ManyComparison
        The result.
    name : callable
        How a classifier's name is written (quoted, in a paper).

    Returns
    -------
    str
        One or two sentences; empty without an MCMC fit.
    """
    sampled = fits(result)
    if not sampled:
        return ""
    each = []
    for fit in sampled:
        x = fit.diagnostics
        text = (f"{_fit_name(result, fit, name)}: largest R-hat {x.max_rhat:.3f}, smallest bulk "
                f"ESS {x.min_ess_bulk:,.0f}")
        if fit.backend in ("pystan", "cmdstanpy"):      # a Gibbs sampler has no divergences
            text += (f", {x.divergences:,} of {x.chains * x.draws:,} post-warm-up transitions "
                     "divergent")
        each.append(text)
    text = ("Diagnostics, the rank-normalised split R-hat and bulk effective sample size of "
            "Vehtari et al. (2021), of " + "; of ".join(each) + ".")
    problems = result.diagnostics()
    if problems:
        text += (" The sampler's warnings (" + "; ".join(problems) + ") apply to the "
                 "probabilities reported.")
    else:
        text += (" No fit crossed the thresholds R-hat > 1.01, bulk ESS < 100 per chain, or "
                 "any divergence.")
    return text


# --- the model check and the prior check ----------------------------------------------------------

def _statistics(check, of: str = " of the data sets' mean differences") -> str:
    """"the spread, smallest and largest of the data sets' mean differences and the number of
    data sets inside the rope"."""
    named = [NAMES.get(k, k.replace('_', ' ')) for k in check.shares if k != INSIDE]
    counted = ("" if INSIDE not in check.shares else " and the count inside the rope"
               if of == " mean difference" else " and the number of data sets inside the rope")
    return f"the {model_check.listed(named)}{of}{counted}"


def model_check_methods(c, each_pair: bool = False) -> str:
    """The Methods' sentence saying how the hierarchical fit was checked.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result (with K classifiers: any pair's, they share the data sets).
    each_pair : bool
        Said of every pair's fit (K classifiers).

    Returns
    -------
    str
        One sentence citing Gelman et al. (1996); empty without a check (no hierarchical
        posterior, or one number everywhere).
    """
    check = getattr(c, "model_check", None)
    if check is None:
        return ""
    whose = "Each pair's hierarchical fit" if each_pair else "The hierarchical fit"
    return (f"{whose} was checked with posterior predictive p-values (Gelman et al. "
            f"1996): for each posterior draw, a new set of {len(check.datasets):,} data sets "
            "was drawn from the fitted Student t population, measured as noisily as ours, and "
            f"{_statistics(check)} were compared with the observed ones; a p-value below "
            f"{model_check.EXTREME:g} or above {1 - model_check.EXTREME:g} would flag a feature "
            "of the data that the model does not reproduce.")


def _prior(name: str, hyperprior: str, nu_prior: str) -> str:
    """One refitted prior as the Methods name it: the Results' name, its values, its source."""
    if NU_PRIORS[nu_prior] is None:           # the papers' hierarchical prior, other bounds
        a_low, a_high, b_low, b_high = HYPERPRIORS[hyperprior]
        return (f"{name}, α ∼ U({a_low:g}, {a_high:g}) and β ∼ U({b_low:g}, {b_high:g}) "
                f"{SOURCES[hyperprior]}")
    return f"{name} {SOURCES[nu_prior]}"       # its name gives the Gamma's values


def prior_check_methods(c) -> str:
    """The Methods' sentence saying which priors on ν the prior check refitted, when the
    reports carry it (``compare(prior_check=True)``, ``--prior-check``).

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    str
        One sentence citing each prior's source; empty when the check was not asked for or
        could not run (the Results say why).
    """
    if not prior_check.asked(c) or getattr(c, "prior_check", None) is None:
        return ""
    others = [_prior(name, *how) for name, how in prior_check.PRIORS.items()
              if name != prior_check.VERDICTS]
    return ("Whether the decision depends on the prior on ν, to which the papers found the "
            "model sensitive, was checked by refitting the hierarchical model, with the same "
            "seed and rope, under the other priors the papers name: " + "; ".join(others[:-1])
            + ("; and " if len(others) > 1 else "") + others[-1] + ".")


def _p_value(p: float) -> str:
    """As :func:`model_check.p_value`, which every report shares."""
    return model_check.p_value(p)


def _flag(check, k: str, name) -> str:
    """What a flagged statistic says about the data, in a paper's words."""
    beyond = check.shares[k] < 0.5            # few replicated sets as far out as observed
    if k == "spread":
        return (f"the mean differences are {'more' if beyond else 'less'} spread out than the "
                "model predicts")
    if k in ("smallest", "largest"):
        i = int(check.xbar.argmax() if k == "largest" else check.xbar.argmin())
        return (f"the {k} mean difference, {model_check.signed(check.xbar[i])} on "
                f"{name(check.datasets[i])}, is {'further out' if beyond else 'less far out'} "
                "than the model predicts")
    if k == INSIDE:         # too few inside: two groups, one on each side of the rope
        inside = int(check.observed[k])
        return (f"{inside} data set{' lies' if inside == 1 else 's lie'} inside the rope, "
                f"{'fewer' if beyond else 'more'} than the model predicts"
                + (" (the data sets may form two groups, one on each side of the rope)"
                   if beyond else ""))
    return f"the {NAMES.get(k, k.replace('_', ' '))} lies outside what the model predicts"


def many_model_check_results(many, name=str) -> str:
    """Every pair's model check in the K-classifier Results, in a paper's voice: which pairs'
    p-values fall outside the Methods' bounds, or that none does.

    Parameters
    ----------
    many : ManyComparison
        The result.
    name : callable
        How a classifier's name is written (quoted, in a paper).

    Returns
    -------
    str
        One sentence (two when a pair is flagged); empty without a check.
    """
    checks = {pair: c.model_check for pair, c in many.pairs.items()
              if getattr(c, "model_check", None) is not None}
    if not checks:
        return ""
    sets = len(next(iter(checks.values())).replicated["spread"])
    low, high = model_check.EXTREME, 1 - model_check.EXTREME
    flagged = [f"{name(a)} against {name(b)} "
               f"({model_check.listed([_named(k) for k in check.flagged])})"
               for (a, b), check in checks.items() if check.flagged]
    text = f"Posterior predictive p-values ({sets:,} replicated sets per pair) "
    if not flagged:
        return text + f"lie between {low:g} and {high:g} for every pair."
    one = len(flagged) == 1 and len(next(c for c in checks.values() if c.flagged).flagged) == 1
    return (text + f"fall outside {low:g} to {high:g} for {model_check.listed(flagged)}: "
            "the model does not "
            f"reproduce {'that feature' if one else 'these features'} of the data. Each "
            "flagged pair's own report names the data set.")


def _named(k: str) -> str:
    """A statistic's name in a paper: "largest mean difference", "spread of the mean
    differences" (not "spread mean difference"), "count inside the rope"."""
    if k == "spread":
        return "spread of the mean differences"
    return "count inside the rope" if k == INSIDE else f"{NAMES.get(k, k)} mean difference"


def model_check_results(c, name=str) -> str:
    """The model check in the Results: the p-values and what they say, in a paper's voice.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.
    name : callable
        How a data set's name is written (quoted, in a paper).

    Returns
    -------
    str
        One sentence (two when a p-value is below or above the Methods' bounds, or within
        :data:`~bayestut.analysis.model_check.NEAR` times of them: the closest named), each
        under 35 words for three statistics; empty without a check.
    """
    check = getattr(c, "model_check", None)
    if check is None:
        return ""
    sets = len(next(iter(check.replicated.values())))
    text = (f"Posterior predictive p-values ({sets:,} replicated sets of "
            f"{len(check.datasets):,} data sets) for {_statistics(check, ' mean difference')} "
            "were " + model_check.listed([_p_value(p) for p in check.shares.values()]))
    flagged = check.flagged
    low, high = model_check.EXTREME, 1 - model_check.EXTREME
    if not flagged:         # the Methods give the flags' bounds: one sentence of ~30 words
        near = model_check.closest(check)       # named apart: a sentence under 35 words
        return text + ": no misfit is flagged." + (
            f" The closest to a flag is {model_check.NAMES[near[0]]}, with p = "
            f"{_p_value(near[1])} (flagged {'below' if near[1] < 0.5 else 'above'} "
            f"{model_check.EXTREME if near[1] < 0.5 else 1 - model_check.EXTREME:g})."
            if near else "")
    what = "this feature" if len(flagged) == 1 else "these features"
    return (text + f". Outside {low:g} to {high:g}, "
            + "; ".join(_flag(check, k, name) for k in flagged)
            + f": the model does not reproduce {what} of the data.")
