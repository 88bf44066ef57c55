"""The paragraphs for a paper, from a comparison's result: methods, results, citations, table.

Everything is read from the result object (:class:`~bayestut.analysis.compare.Comparison` for two
classifiers, :class:`~bayestut.analysis.many.ManyComparison` for K), so the text names only the
tests that were run and the settings that were used: the rope, rho, the priors, the threshold,
the numbers of draws, the seed, the software's versions and what the sampler's diagnostics said.
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
from . import wording
from ..methods.hierarchical import HYPERPRIORS, SIGMA_FACTOR
from ..methods.nonparametric import PRIOR_STRENGTH
from ..methods.ranking import PRIOR as RANKING_PRIOR

# The citations, from data/references.bib, the one BibTeX file (the book's references too).
BIBTEX = {m["key"]: m[0] for m in re.finditer(r"^@\w+\{(?P<key>[^,]+),.*?^\}$",
                                              (DATA / "references.bib").read_text("utf-8"),
                                              flags=re.M | re.S)}

LATEX_SPECIALS = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
                  "_": r"\_", "{": r"\{", "}": r"\}", "~": r"$\sim$",
                  "^": r"\textasciicircum{}", "≫": r"$\gg$", "≪": r"$\ll$", "±": r"$\pm$"}


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


def _diagnostics_sentence(result) -> str:
    fits = _fits(result)
    if not fits:
        return ""
    d = [fit.diagnostics for fit in fits]
    divergences = sum(x.divergences for x in d)
    transitions = sum(x.chains * x.draws for x in d)
    rhat = max(x.max_rhat for x in d)
    ess = min(x.min_ess_bulk for x in d)
    what = "the fit" if len(fits) == 1 else f"the {len(fits)} fits"
    text = (f"Over {what}, the largest rank-normalised split R-hat was {rhat:.3f} and the "
            f"smallest bulk effective sample size {ess:,.0f} (Vehtari et al. 2021); "
            f"{divergences} of {transitions:,} post-warm-up transitions diverged.")
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
        data = (f"{len(d.datasets)} data sets, with one mean score ({c.metric!r}) per data set "
                "and classifier")
    else:
        runs = d.x.shape[1] // d.folds
        data = (f"{len(d.datasets)} data set(s) (metric {c.metric!r}), {runs} run(s) of "
                f"{d.folds}-fold cross-validation with the same folds for every classifier")
    sentences = [f"We compared {len(names)} classifiers ({', '.join(names)}) on {data} "
                 f"({orientation}), with the Bayesian tests of Benavoli et al. (2017)"
                 + ("" if means_only or c.hierarchical is None else
                    " and Corani et al. (2017)")
                 + (", for every pair" if _many(result) else "") + "."]
    sentences.append(f"Differences within ±{c.rope:g} (the region of practical equivalence, "
                     "rope) were deemed of no practical consequence.")
    if not means_only:
        sentences.append(f"On each data set, the Bayesian correlated t-test (under its matching "
                         f"prior, with the correlation between folds set to rho = 1/{d.folds} "
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
    exact = c.hierarchical is not None and c.hierarchical.engine == "exact"
    if c.hierarchical is not None:
        alpha_low, alpha_high, beta_low, beta_high = HYPERPRIORS["mlj"]
        if exact:
            error = max(p.hierarchical.diagnostics.error for p in pairs
                        if p.hierarchical is not None)
            computed = ("computed without sampling, by numerical integration on adaptive "
                        "grids (bayestut's exact engine; largest numerical error of a "
                        f"probability {error:.1g})")
        else:
            fit = c.hierarchical.fit.diagnostics
            computed = (f"sampled with Stan's NUTS, {fit.chains} chains of {s['warmup']:,} "
                        f"warm-up and {fit.draws:,} kept iterations (target acceptance rate "
                        f"{s['adapt_delta']:g}, seed {s['seed']})")
        sentences.append(
            "The hierarchical test modelled each data set's mean difference as drawn from a "
            "Student t population (mean delta0, scale sigma0, nu degrees of freedom) and the "
            "differences on its folds as correlated normals (correlation rho), with "
            f"nu - 1 ~ Gamma(alpha, beta), alpha ~ U({alpha_low:g}, {alpha_high:g}), "
            f"beta ~ U({beta_low:g}, {beta_high:g}) (the bounds of Corani et al. 2017) and "
            "uniform priors on delta0 and on the scales (up to "
            f"{SIGMA_FACTOR:g} times the observed standard deviations); "
            + ("each pair's posterior" if _many(result) else "its posterior") + " was "
            + computed + ".")
    if _many(result) and result.ranking is not None:
        r = result.ranking.fit.diagnostics
        sentences.append(
            "The classifiers were ranked jointly with the Bayesian Plackett-Luce model of Calvo "
            "et al. (2018) on each data set's ranking of the mean scores, with a "
            f"Dirichlet({RANKING_PRIOR:g}, ..., {RANKING_PRIOR:g}) prior on the weights "
            f"({r.chains} chains of {r.draws:,} draws, seed {s['seed']}"
            + ("; a Gibbs sampler with latent gamma variables, Caron and Doucet 2012"
               if result.ranking.fit.backend not in ("pystan", "cmdstanpy") else "") + ").")
    kinds = ("the share of posterior samples in which it is the most probable of the three "
             "outcomes")
    sentences.append(f"An outcome (one classifier practically better, or practical equivalence) "
                     f"was declared when {kinds}"
                     + ("" if means_only else " (for the correlated t-test, its exact "
                        "posterior probability)")
                     + f" exceeded {c.threshold:g}"
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


def results_text(result) -> str:
    """The results paragraph: the verdict sentences of the report."""
    if _many(result):
        return " ".join(v[0].upper() + v[1:] + "." for v in result.verdict())
    c = result
    lines = [c.headline()]
    # the headline says the leading (last) test; then the others
    lines += [c.sentence(o.test[0].upper() + o.test[1:], o.shares, o.shares_se, share=True)
              for o in c.overall()[:-1]]
    if c.per_dataset is not None and len(c.differences.datasets) > 1:
        verdicts = [c.verdict(p) for p in c.per_dataset.rope(c.rope)]
        counts = {v: verdicts.count(v) for v in dict.fromkeys(verdicts)}
        lines.append("On the individual data sets, the correlated t-test gives: "
                     + "; ".join(f"{v} on {n}" for v, n in counts.items()) + ".")
    return " ".join(lines)


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
    """One row per pair and multi-data-set test: the shares of draws (on which the decision is
    taken) with their Monte Carlo errors, and the decision."""
    rows = []
    for c in _pairs(result):
        for o in c.overall():
            row = {"comparison": f"{c.a} vs {c.b}", "test": o.test}
            for label, p, se in zip(("P(first worse)", "P(equivalent)", "P(first better)"),
                                    o.shares, o.shares_se):
                row[label] = wording.number(p, se)
            row["decision"] = c.verdict(o.shares)
            rows.append(row)
    return rows


def latex_escape(text: str) -> str:
    return "".join(LATEX_SPECIALS.get(ch, ch) for ch in str(text))


def to_latex(result) -> str:
    """The overall table as a LaTeX ``table`` with ``booktabs`` rules (needs
    ``\\usepackage{booktabs}``)."""
    rows = overall_rows(result)
    if not rows:
        return ""
    columns = list(rows[0])
    c = _pairs(result)[0]
    lines = [r"\begin{table}[ht]", r"\centering",
             r"\begin{tabular}{ll" + "r" * 3 + "l}", r"\toprule",
             " & ".join(latex_escape(h) for h in columns) + r" \\", r"\midrule"]
    lines += [" & ".join(latex_escape(row[h]) for h in columns) + r" \\" for row in rows]
    lines += [r"\bottomrule", r"\end{tabular}",
              r"\caption{" + latex_escape(_caption(c)) + "}", r"\end{table}"]
    return "\n".join(lines) + "\n"


def to_markdown(result) -> str:
    """The overall table as a Markdown (GitHub) table, with its caption below."""
    rows = overall_rows(result)
    if not rows:
        return ""
    columns = list(rows[0])
    cell = lambda v: str(v).replace("|", r"\|")  # noqa: E731
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(cell(row[h]) for h in columns) + " |" for row in rows]
    return "\n".join(lines) + "\n\n" + _caption(_pairs(result)[0]) + "\n"


def _caption(c) -> str:
    error = ("Monte Carlo standard error (the hierarchical test's, integrated, ± its numerical "
             "error)" if c.integrated("hierarchical") else "Monte Carlo standard error")
    return (f"Probabilities that the first classifier of each pair is practically worse, "
            f"equivalent (rope ±{c.rope:g}) or practically better, as shares of posterior "
            f"samples ± {error}; a decision is declared above {c.threshold:g}.")


# --- files beside the HTML report -------------------------------------------------------------

def latex_document_body(result) -> str:
    """The methods and results paragraphs and the table, as LaTeX to ``\\input`` (the
    preamble needs ``booktabs``)."""
    return ("% bayestut " + __version__ + ": methods, results and the overall table\n"
            "\\paragraph{Methods.} " + latex_escape(methods_text(result)) + "\n\n"
            "\\paragraph{Results.} " + latex_escape(results_text(result)) + "\n\n"
            + to_latex(result))


def write_files(result, html_path) -> list:
    """Beside the HTML report ``name.html``: ``name.md`` (methods, results, table),
    ``name.tex`` (the same in LaTeX) and ``name.bib`` (the citations)."""
    from .report_file import write_report

    html_path = Path(html_path)
    stem = html_path.parent / html_path.name.removesuffix(".html")   # names may hold dots
    markdown = (f"## Methods\n\n{methods_text(result)}\n\n## Results\n\n"
                f"{results_text(result)}\n\n{to_markdown(result)}")
    written = []
    for suffix, text in ((".md", markdown), (".tex", latex_document_body(result)),
                         (".bib", bibtex(result))):
        path = stem.parent / (stem.name + suffix)
        write_report(path, text)            # as the report: a planted link is not followed
        written.append(path)
    return written


class WriteUp:
    """The paragraphs for a paper as methods of a result (Comparison, ManyComparison)."""

    def methods_text(self) -> str:
        return methods_text(self)

    def results_text(self) -> str:
        return results_text(self)

    def bibtex(self) -> str:
        return bibtex(self)

    def to_latex(self) -> str:
        return to_latex(self)

    def to_markdown(self) -> str:
        return to_markdown(self)
