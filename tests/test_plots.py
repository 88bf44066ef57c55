import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from bayestut import plots  # noqa: E402
from bayestut.correlated import correlated_bayesian_ttest  # noqa: E402


@pytest.fixture
def post():
    return correlated_bayesian_ttest(np.random.default_rng(0).normal(-0.02, 0.03, (3, 100)), 0.1)


def rope_lines(ax):
    return sorted(line.get_xdata()[0] for line in ax.lines if line.get_color() == plots.ROPE_COLOUR)


def test_density_marks_the_rope():
    ax = plots.differences_density(np.random.default_rng(1).normal(0, 0.01, 50), rope=0.02)
    assert rope_lines(ax) == [-0.02, 0.02]
    plt.close("all")


def test_posterior_prints_the_three_probabilities(post):
    ax = plots.posterior(post[0], 0.01, labels=("a ≪ b", "a = b", "a ≫ b"))
    text = ax.texts[0].get_text()
    for name, p in zip(("a ≪ b", "a = b", "a ≫ b"), post[0].rope(0.01)):
        assert f"P({name}) = {p:.3f}" in text
    assert rope_lines(ax) == [-0.01, 0.01]
    assert len(ax.collections) == 1          # the shaded rope
    plt.close("all")


def test_point_mass_posterior_is_drawn():
    point = correlated_bayesian_ttest(np.zeros(10), 0.1)
    ax = plots.posterior(point, 0.01)
    assert "P(rope) = 1.000" in ax.texts[0].get_text()
    plt.close("all")


def test_hdis_drawn_for_each_mass(post):
    masses = (0.5, 0.9, 0.99)
    ax = plots.posterior_hdis(post[0], masses)
    bars = [line for line in ax.lines if line.get_linewidth() == 3]
    widths = [np.ptp(line.get_xdata()) for line in bars]
    assert len(bars) == 3 and widths == sorted(widths)
    np.testing.assert_allclose(widths[-1], np.ptp(post[0].hdi(0.99)))
    plt.close("all")


def test_grid_has_one_panel_per_dataset(post):
    fig = plots.posterior_grid(post, ["x", "y", "z"], ncols=2)
    titled = [ax for ax in fig.axes if ax.get_title()]
    assert [ax.get_title() for ax in titled] == ["x", "y", "z"]
    plt.close("all")


def test_save_writes_a_png(tmp_path, monkeypatch):
    monkeypatch.setenv("BAYESTUT_OUTPUT_DIR", str(tmp_path))
    fig, _ = plt.subplots()
    plots.save(fig, "fig_test")
    assert (tmp_path / "figures" / "fig_test.png").read_bytes()[:4] == b"\x89PNG"
    plt.close("all")


def test_grid_panels_share_one_labelled_legible_scale():
    # data sets on very different scales: one shared x-range lets a reader compare them
    rng = np.random.default_rng(1)
    x = np.vstack([rng.normal(0.0, 0.01, 50), rng.normal(0.08, 0.02, 50), rng.normal(-0.03, 0.005, 50)])
    fig = plots.posterior_grid(correlated_bayesian_ttest(x, 0.1), ["x", "y", "z"], ncols=2,
                               xlabel="mean difference a − b", fontsize=9)
    panels = [ax for ax in fig.axes if ax.get_title()]
    assert len({ax.get_xlim() for ax in panels}) == 1
    assert panels[0].get_xlim()[1] > 0.08 and panels[0].get_xlim()[0] < -0.03
    # the lowest panel of each column carries the label; tick labels at 9 pt, shown on all
    assert [ax.get_xlabel() for ax in panels] == ["", "mean difference a − b", "mean difference a − b"]
    fig.canvas.draw()
    for ax in panels:
        labels = [t for t in ax.get_xticklabels() if t.get_text()]
        assert labels and all(t.get_fontsize() >= 9 for t in labels)
    plt.close("all")


def test_font_fallback_reports_what_no_font_can_draw():
    families, missing = plots.font_families("knn 随机森林 \ue000")
    assert families[0] == plt.rcParams["font.sans-serif"][0]
    assert "\ue000" in missing and "k" not in missing       # a private-use character: no font
    cjk = [f for f in families if f in plots.CJK_FONTS]
    assert ("随" in missing) == (not cjk)                    # drawn whenever a CJK font exists
