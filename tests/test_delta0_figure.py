"""δ₀'s posterior in pictures (issue 38, item 3): the report's figure of a method paper's claim.
Its regions are named by outcome, each with the result's own probability for δ₀, placed on the
side of the axis that outcome means, for either order of the classifiers and for losses."""

import html

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

import bayestut as bt  # noqa: E402
from bayestut.analysis.report import html_report  # noqa: E402
from bayestut.figures.hierarchical import delta0_density  # noqa: E402
from bayestut.methods.decisions import probability_text  # noqa: E402

from conftest import make_table  # noqa: E402


@pytest.fixture(scope="module")
def table():
    # mine is better by about the rope: δ₀'s mass is split between two regions, the third small
    return make_table(datasets=6, runs=2, folds=5, gaps=0.012, noise=0.01, seed=3)


def losses(table):
    """The same results as an error rate (lower is better): mine is still the better one."""
    return table.assign(score=1.0 - table["score"])


def regions(ax) -> list[tuple[float, str, str]]:
    """The region labels as drawn: (x in data units, outcome, probability text), left to right."""
    out = []
    for text in ax.texts:
        if str(text.get_gid()).startswith("region"):
            name, p = text.get_text().split("\n")
            out.append((text.get_position()[0], name, p))
    return sorted(out)


@pytest.mark.parametrize("case", ["mine first", "baseline first", "lower is better"])
def test_regions_are_named_by_outcome_on_their_side_with_the_results_probabilities(table,
                                                                                   case):
    a, b = ("baseline", "mine") if case == "baseline first" else ("mine", "baseline")
    data = losses(table) if case == "lower is better" else table
    c = bt.compare(data, a, b, lower_is_better=case == "lower is better")
    ax = c.figures()["delta0"].axes[0]
    drawn = regions(ax)
    h = c.hierarchical
    # on the axis (positive: a better): b better, equivalent, a better from left to right
    assert [name for _, name, _ in drawn] == [f"{b} better", "equivalent", f"{a} better"]
    x = [position for position, _, _ in drawn]
    assert x[0] < -c.rope < x[1] < c.rope < x[2] or x[1] == 0.0
    for _, name, p in drawn:
        expected = probability_text(h.delta0_probabilities[name])
        assert p.replace("P = ", "").replace("P ", "") == expected, (name, p)
    # named over their regions only: a legend of outcomes beside them would read in the other
    # order than they lie (b better first on the axis); the legend has the rope and interval
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert len(legend) == 2 and not set(legend) & set(c.labels)
    assert legend[0].startswith("rope") and "95% credible interval" in legend[1]
    # the interval's digits and signs as the verdict prints them (reader 18 saw [−0.000, 0.006]
    # beside "−0.0003 to +0.0063"), and on the axis's side, whichever the direction
    from bayestut.analysis import delta0_size
    assert legend[1] == f"95% credible interval {delta0_size.cells(c)[1]}"
    ends = [float(v.replace("−", "-")) for v in delta0_size.cells(c)[1].split(" to ")]
    np.testing.assert_allclose(ends, h.delta0_interval(), atol=c.rope / 10)
    bar = next(line for line in ax.lines if line.get_gid() == "credible interval")
    np.testing.assert_allclose(bar.get_xdata(), h.delta0_interval())
    # mine is the better one, whichever order and direction: the curve drawn leans to its side
    assert h.delta0_probabilities["mine better"] > h.delta0_probabilities["baseline better"]
    curve = ax.lines[0]
    x, y = curve.get_xdata(), curve.get_ydata()
    assert (np.trapezoid(x * y, x) > 0) == (a == "mine")
    plt.close("all")


def test_the_exact_density_is_delta0s_posterior_integrated_on_its_grid(table):
    # the density is the grid's distribution function differentiated: integrated back over
    # each region it gives the result's probabilities for δ₀ (a density from elsewhere would not)
    c = bt.compare(table, "mine", "baseline")
    x, f = delta0_density(c.hierarchical)
    inside = lambda lo, hi: np.trapezoid(np.where((x >= lo) & (x <= hi), f, 0.0), x)
    mass = [inside(-np.inf, -c.rope), inside(-c.rope, c.rope), inside(c.rope, np.inf)]
    np.testing.assert_allclose(np.sum(mass), 1.0, atol=2e-3)
    np.testing.assert_allclose(mass, c.hierarchical._delta0_probabilities, atol=5e-3)
    assert x[0] <= -2 * c.rope and x[-1] >= 2 * c.rope and {-c.rope, c.rope} <= set(x)


def test_the_density_has_no_spikes_where_points_all_but_coincide():
    # the blog study's δ₀: the axis's two sets of points met within 1e-17, and the
    # differentiated distribution function drew a spike at each such pair
    c = bt.compare(bt.paths.DATA / "blog_study_auc.csv", "knn", "adaboost")
    x, f = delta0_density(c.hierarchical)
    assert np.diff(x).min() > 1e-7 * np.ptp(x)
    assert {-c.rope, c.rope} <= set(x)
    assert np.abs(np.diff(f)).max() < 0.2 * f.max()     # a smooth curve, not a comb


def test_the_html_report_shows_delta0_first_when_it_is_the_claim(table):
    for about, first in (("delta0", True), ("new data set", False)):
        c = bt.compare(table, "mine", "baseline", about=about)
        assert (list(c.figures())[0] == "delta0") is first
        plt.close("all")
        page = html_report(c)
        caption = page.index("the posterior density of δ₀")
        simplex = page.index("for each posterior draw, the probability of each outcome")
        assert (caption < simplex) is first
        assert "mine better on the right" in page[caption:caption + 600]


def test_with_about_delta0_the_figures_name_the_probabilities_decided_on(table):
    # a reader's finding: the simplex's "posterior probability 0.997" read as the verdict's
    for about in ("delta0", "new data set"):
        c = bt.compare(table, "mine", "baseline", about=about)
        o = c.overall()[-1]
        named = bt.analysis.wording.listed(o.delta0, "mine", "baseline", o.delta0_se)
        figures = c.figures()
        simplex = figures["hierarchical"].axes[0].get_title()
        delta0 = figures["delta0"].axes[0].get_title()
        plt.close("all")
        page = html_report(c)
        caption = page[page.index("for each posterior draw, the probability of each outcome"):]
        caption = html.unescape(caption[:caption.index("</figcaption>")])
        decided = about == "delta0"
        assert ("not the verdict's" in simplex and named in simplex) is decided
        assert ("the verdict decides on these probabilities" in delta0) is decided
        assert ("the verdict decides on δ₀'s probabilities" in caption) is decided
        assert (named in caption) is decided
        assert named.startswith("P(mine better)")       # the reading order


def test_without_a_grid_the_density_is_the_draws_and_the_figure_still_reads_the_result(table):
    # Stan's results (and an exact one whose grid was not kept) have only draws: a kernel
    # density of them, whose regions hold the draws' shares up to its smoothing
    import dataclasses

    c = bt.compare(table, "mine", "baseline")
    drawn = dataclasses.replace(c.hierarchical, grids=None)
    x, f = delta0_density(drawn)
    inside = lambda lo, hi: np.trapezoid(np.where((x >= lo) & (x <= hi), f, 0.0), x)
    mass = [inside(-np.inf, -c.rope), inside(-c.rope, c.rope), inside(c.rope, np.inf)]
    shares = [np.mean(drawn.delta0 < -c.rope), np.mean(np.abs(drawn.delta0) <= c.rope),
              np.mean(drawn.delta0 > c.rope)]
    np.testing.assert_allclose(mass, shares, atol=0.05)
    from bayestut.figures.hierarchical import delta0_posterior

    ax = delta0_posterior(drawn)
    assert [name for _, name, _ in regions(ax)] == ["baseline better", "equivalent",
                                                    "mine better"]
    plt.close("all")


def test_no_spike_where_the_grid_starts():
    """The grid's distribution function steps at its first point (the prior's bound on a wide
    posterior): the figure's density must not show it as a spike there."""
    import pandas as pd
    from bayestut.paths import DATA
    table = pd.read_csv(DATA / "blog_study_auc.csv")
    h = bt.compare(table, "knn", "adaboost").hierarchical
    x, density = delta0_density(h)
    bound = h.prepared.stan_data["delta0_bound"] * h.prepared.std_x
    assert x.min() < -bound                     # the axis reaches past the prior's bound
    near = np.abs(np.abs(x) - bound) < 0.01 * bound
    assert density[near].max() < 0.01 * density.max()
