import matplotlib
import matplotlib.colors

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from bayestut.figures import posteriors as plots  # noqa: E402
from bayestut.methods.correlated import correlated_bayesian_ttest  # noqa: E402


@pytest.fixture
def post():
    return correlated_bayesian_ttest(np.random.default_rng(0).normal(-0.02, 0.03, (3, 100)), 0.1)


def rope_lines(ax):
    return sorted(line.get_xdata()[0] for line in ax.lines if line.get_color() == plots.ROPE_COLOUR)


def test_density_marks_the_rope():
    ax = plots.differences_density(np.random.default_rng(1).normal(0, 0.01, 50), rope=0.02)
    assert rope_lines(ax) == [-0.02, 0.02]
    plt.close("all")


def legend_texts(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


def left_to_right(ax, texts):
    """The legend entries among ``texts`` in the order of their positions, left to right."""
    ax.figure.canvas.draw()
    entries = {t.get_text(): t.get_window_extent().x0 for t in ax.get_legend().get_texts()}
    return sorted(texts, key=entries.__getitem__)


def overlaps_a_rope_line(ax, artist) -> bool:
    """True if the artist's box, in display space, crosses one of the rope lines inside the axes."""
    ax.figure.canvas.draw()
    box = artist.get_window_extent()
    axes_box = ax.get_window_extent()
    for v in rope_lines(ax):
        x = ax.transData.transform((v, 0))[0]
        if box.x0 < x < box.x1 and box.y0 < axes_box.y1 and box.y1 > axes_box.y0:
            return True
    return False


def test_posterior_prints_the_three_probabilities(post):
    ax = plots.posterior(post[0], 0.01, labels=("a better", "equivalent", "b better"))
    texts = legend_texts(ax)
    for name, p in zip(("b better", "equivalent", "a better"), post[0]._rope(0.01)):
        assert f"P({name}) = {p:.3f}" in texts
    # each side's over its side: b better (left of the rope) on the left, a better on the right
    sides = [t for t in texts if t.startswith(("P(a better)", "P(b better)"))]
    assert [t.split(" =")[0] for t in left_to_right(ax, sides)] == ["P(b better)", "P(a better)"]
    assert "rope [-0.01, 0.01]" in texts
    assert rope_lines(ax) == [-0.01, 0.01]
    # the area under the curve in the three outcomes' colours, one layer each
    fills = [tuple(c.get_facecolor()[0][:3]) for c in ax.collections]
    assert fills == [matplotlib.colors.to_rgb(plots.OUTCOME_COLOURS[r]) for r in plots.REGIONS]
    assert not overlaps_a_rope_line(ax, ax.get_legend())
    plt.close("all")


@pytest.mark.parametrize("centre", [-0.004, 0.0, 0.004, 0.03])
def test_probabilities_never_cover_the_rope_lines(centre):
    # the old text box sat in a top corner, over a rope line when the rope filled the plot
    x = np.random.default_rng(2).normal(centre, 0.003, (1, 100))
    ax = plots.posterior(correlated_bayesian_ttest(x, 0.1)[0], 0.01)
    assert not overlaps_a_rope_line(ax, ax.get_legend())
    plt.close("all")


def test_point_mass_posterior_is_drawn():
    point = correlated_bayesian_ttest(np.zeros(10), 0.1)
    ax = plots.posterior(point, 0.01)
    assert "P(equivalent) = 1.000" in legend_texts(ax)
    plt.close("all")


def test_hdis_drawn_for_each_mass_on_rows_that_do_not_overlap(post):
    masses = (0.5, 0.9, 0.99)
    ax, bars_ax = plots.posterior_hdis(post[0], masses)
    bars = [line for line in bars_ax.lines if line.get_linewidth() == 3]
    widths = [np.ptp(line.get_xdata()) for line in bars]
    assert len(bars) == 3 and widths == sorted(widths)
    np.testing.assert_allclose(widths[-1], np.ptp(post[0].hdi(0.99)))
    # each interval on its own row, named by a tick label, and the rope in the legend
    assert [t.get_text() for t in bars_ax.get_yticklabels()] == ["50%", "90%", "99%"]
    assert len({line.get_ydata()[0] for line in bars}) == 3
    assert bars_ax.get_xlim() == ax.get_xlim()
    assert "rope [-0.01, 0.01]" in legend_texts(ax)
    assert "$" in bars_ax.get_xlabel()          # a mathematical label, mu
    plt.close("all")


def test_forest_sorts_rows_by_mean_and_colours_them_by_decision():
    rng = np.random.default_rng(3)
    # a: clearly better, b: clearly better, equivalent, undecided
    x = np.vstack([rng.normal(0.05, 0.01, 100), rng.normal(-0.05, 0.01, 100),
                   rng.normal(0.0, 0.002, 100), rng.normal(0.01, 0.1, 100)])
    post = correlated_bayesian_ttest(x, 0.1)
    ax = plots.forest(post, ["up", "down", "same", "unsure"], 0.01, a="a", b="b")
    rows = [t.get_text() for t in ax.get_yticklabels()]
    # bottom to top by increasing mean: the largest mean on the top row
    assert rows == [n for _, n in sorted(zip(post.loc, ["up", "down", "same", "unsure"]))]
    colours = {line.get_ydata()[0]: line.get_color() for line in ax.lines if line.get_marker() == "o"}
    expected = {"up": plots.OUTCOME_COLOURS["right"], "down": plots.OUTCOME_COLOURS["left"],
                "same": plots.OUTCOME_COLOURS["rope"], "unsure": plots.NO_DECISION_COLOUR}
    assert {rows[int(y)]: c for y, c in colours.items()} == expected
    # one shared axis; the sides named after the classifiers; rope in the legend
    texts = [t.get_text() for t in ax.texts]
    assert "← b better" in texts and "a better →" in texts
    assert "rope [-0.01, 0.01]" in legend_texts(ax)
    assert "a practically better" in legend_texts(ax) and "no decision" in legend_texts(ax)
    plt.close("all")


def test_save_writes_a_png(tmp_path, monkeypatch):
    monkeypatch.setenv("BAYESTUT_OUTPUT_DIR", str(tmp_path))
    fig, _ = plt.subplots()
    plots.save(fig, "fig_test")
    assert (tmp_path / "figures" / "fig_test.png").read_bytes()[:4] == b"\x89PNG"
    plt.close("all")


def test_font_fallback_reports_what_no_font_can_draw():
    families, missing = plots.font_families("knn 随机森林 \ue000")
    assert families[0] == plt.rcParams["font.sans-serif"][0]
    assert "\ue000" in missing and "k" not in missing       # a private-use character: no font
    cjk = [f for f in families if f in plots.CJK_FONTS]
    assert ("随" in missing) == (not cjk)                    # drawn whenever a CJK font exists
