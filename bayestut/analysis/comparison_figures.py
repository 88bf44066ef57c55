"""The two-classifier report's figures: plain functions taking a result
(:class:`~bayestut.analysis.comparison.Comparison` or
:class:`~bayestut.analysis.means_comparison.MeansComparison`) and drawing it with
:mod:`bayestut.figures`. Matplotlib is imported only when a figure is drawn."""

from __future__ import annotations

from . import delta0_size, model_check, wording
from .writeup_tables import metric_name

TITLES = {"signed_rank": "Bayesian signed-rank test on the data sets' means",
          "sign": "Bayesian sign test on the data sets' means",
          "hierarchical": "Hierarchical test: one point per posterior draw,\n"
                          "its probabilities for a new data set",
          "delta0": "Hierarchical test: the posterior of δ₀, the mean difference of the "
                    "population of data sets",
          "model_check": "Model check: the data sets' mean differences against sets of new "
                         "data sets drawn from the fitted population"}


def names(c) -> list[str]:
    """Every name a figure may print: the classifiers' and the data sets'."""
    return [c.a, c.b, *map(str, c.differences.datasets)]


def figures(c) -> dict:
    """The result's figures, by name.

    Parameters
    ----------
    c : Comparison or MeansComparison
        The result.

    Returns
    -------
    dict
        matplotlib Figures: "per_dataset" (each data set's posterior; not with mean scores
        only), then the multi-data-set tests' simplices, "signed_rank" and "hierarchical" (or
        "sign" with mean scores only), then "delta0", δ₀'s posterior (first of all with
        ``about="delta0"``: it is the verdict's claim), and "model_check", the hierarchical
        fit's posterior predictive check (:mod:`~bayestut.analysis.model_check`); none but
        "per_dataset" with one data set, nor any when the difference is one number everywhere. The figures stay open
        (and so show in a notebook) until closed.
    """
    import matplotlib.pyplot as plt

    from ..figures.hierarchical import delta0_posterior
    from ..figures.model_check import model_check_figure
    from ..figures.posteriors import font_families, forest
    from ..figures.simplex import simplex_plot

    out = {}
    # a point mass when every difference is one number; with mean scores only, the two tests'
    # Dirichlet spread is still there unless the scores are identical
    single = c.identical if c.per_dataset is None else c.constant
    # names are the user's: a '$' in one must not start mathtext (or fail to parse)
    with plt.rc_context({"font.family": font_families(" ".join(names(c)))[0],
                         "text.parse_math": False}):
        if c.per_dataset is not None:
            ax = forest(c.per_dataset, list(c.differences.datasets), c.rope, a=c.a, b=c.b,
                        threshold=c.threshold, metric=repr(metric_name(c)),
                        title=f"Posterior of the mean difference {c.a} − {c.b} on each "
                              "data set")
            out["per_dataset"] = ax.figure
        simplices = [("signed_rank", c.signed_rank), ("hierarchical", c.hierarchical),
                     ("sign", getattr(c, "sign", None))]
        for name, result in simplices:
            if result is None or single:         # a single point: nothing to see
                continue
            samples = result._masses if name == "hierarchical" else result._samples
            # integrated shares at the corners, as in the tables (the dots are draws)
            exact = c.overall()[-1].shares if c.integrated(name) else None
            fig, ax = plt.subplots(figsize=(6, 5))
            simplex_plot(samples, wording.region_names(c.a, c.b), ax=ax, shares=exact)
            ax.set_title(f"{TITLES[name]}\n{c.a} against {c.b}"
                         + (f"\n{DELTA0_DECIDES}:\n{delta0_probabilities(c)}"
                            if name == "hierarchical" and about_delta0(c) else ""),
                         fontsize=10 if name == "hierarchical" and about_delta0(c) else None)
            out[name] = fig
        h = getattr(c, "hierarchical", None)
        if h is not None and not single:
            cells = delta0_size.cells(c)        # the interval as the verdict prints it
            ax = delta0_posterior(h, xlabel=delta0_axis(c), interval=cells and cells[1])
            ax.set_title(f"{TITLES['delta0']}\n{c.a} against {c.b}"
                         + (f": the verdict decides on these probabilities (threshold "
                            f"{c.threshold:g})" if about_delta0(c) else ""), fontsize=10)
            out["delta0"] = ax.figure
            first, second = (c.b, c.a) if c.lower_is_better else (c.a, c.b)
            fig = model_check_figure(c.model_check, first, second, model_check.p_value)
            fig.suptitle(f"{TITLES['model_check']}\n{c.a} against {c.b}", fontsize=10)
            fig.tight_layout()
            out["model_check"] = fig
            if about_delta0(c):     # the verdict's claim comes first
                out = {"delta0": out.pop("delta0"), **out}
    return out


# the papers' rule's simplex under a verdict on δ₀ (about="delta0"): not the verdict's numbers
DELTA0_DECIDES = "the papers' rule, not the verdict's, which decides on δ₀'s probabilities"


def about_delta0(c) -> bool:
    """Whether the verdict decides on δ₀'s probabilities (``about="delta0"``)."""
    return getattr(c, "about", None) == "delta0" and getattr(c, "hierarchical", None) is not None


def delta0_probabilities(c) -> str:
    """δ₀'s probabilities in the reading order, as the verdict prints them.

    Parameters
    ----------
    c : Comparison
        The result, with a hierarchical posterior.

    Returns
    -------
    str
        "P(a better) = 0.889, P(equivalent) = 0.111, P(b better) < 0.001".
    """
    o = c.overall()[-1]
    return wording.listed(o.delta0, c.a, c.b, o.delta0_se)


def delta0_axis(c) -> str:
    """The δ₀ figure's axis: the differences as the result takes them, and whose side is
    whose (for a lower-is-better metric the differences are score(b) − score(a)).

    Parameters
    ----------
    c : Comparison
        The result.

    Returns
    -------
    str
        The axis label, two lines.
    """
    first, second = (c.b, c.a) if c.lower_is_better else (c.a, c.b)
    score = c.options.get("metric_name") or "score"      # --metric-name names the axis too
    return (f"δ₀: mean of {score}({first}) − {score}({second}) over the population of data sets"
            f"\n(positive: {c.a} scores better; negative: {c.b} scores better)")


def missing_glyphs(c) -> str:
    """Characters of the names that no installed font can draw in the figures."""
    from ..figures.posteriors import font_families

    return font_families(" ".join(names(c)))[1]
