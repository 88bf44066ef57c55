"""Simplex pictures: each side's corner on its side, one shaded layer kept inside the triangle,
shares of draws named as such, one colour bar per figure, clear errors."""

import matplotlib
import matplotlib.colors

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from bayestut.figures import simplex  # noqa: E402
from bayestut.errors import InputError  # noqa: E402
from bayestut.figures.style import OUTCOME_COLOURS, REGIONS  # noqa: E402

SAMPLES = np.random.default_rng(0).dirichlet([5, 2, 1], size=2_000)


def test_barycentric_puts_certainty_on_the_corners():
    corners = simplex.barycentric(np.eye(3))
    np.testing.assert_allclose(corners, simplex.CORNERS)
    centre = simplex.barycentric([[1 / 3, 1 / 3, 1 / 3]])[0]
    np.testing.assert_allclose(centre, simplex.CORNERS.mean(axis=0))


def test_each_sides_corner_is_on_its_side():
    # for a - b the left outcome (b better) is certainty at the bottom-left corner, as the
    # negative half of the axis of a - b is on the left in every other figure
    left, rope, right = simplex.CORNERS
    assert left[0] < rope[0] < right[0] and left[1] == right[1] < rope[1]


def test_simplex_plot_names_corners_and_their_shares_of_draws():
    ax = simplex.simplex_plot(SAMPLES, ("aode", "rope", "nbc"))
    texts = [t.get_text() for t in ax.texts]
    shares = np.bincount(SAMPLES.argmax(axis=1), minlength=3) / len(SAMPLES)
    names = ("aode better", "equivalent", "nbc better")
    assert texts == [f"{n}\nshare of draws {p:.3f}" for n, p in zip(names, shares)]
    # each name is written at its own corner: aode's left of the rope's, nbc's right of it
    xs = [t.get_position()[0] for t in ax.texts]
    assert xs[0] < xs[1] < xs[2]
    assert len(ax.collections) == 1          # the samples are one density layer, not 2,000 dots
    # each corner's name and region in its outcome's colour, as in every figure of the suite
    assert [t.get_color() for t in ax.texts] == [OUTCOME_COLOURS[r] for r in REGIONS]
    tints = [matplotlib.colors.to_hex(p.get_facecolor(), keep_alpha=False) for p in ax.patches[:3]]
    assert tints == [OUTCOME_COLOURS[r].lower() for r in REGIONS]
    plt.close("all")


def test_density_is_clipped_to_the_triangle_and_boundaries_lie_over_it():
    ax = simplex.simplex_plot(SAMPLES, ("aode", "rope", "nbc"))
    density = ax.collections[0]
    clip = density.get_clip_path()
    assert clip is not None
    triangle = clip.get_fully_transformed_path().vertices
    corners = ax.transData.transform(simplex.CORNERS)
    assert all(np.min(np.linalg.norm(triangle - c, axis=1)) < 1e-6 for c in corners)
    boundaries = [line for line in ax.lines if line.get_linestyle() != "None"]
    assert len(boundaries) == 3 and all(b.get_zorder() > density.get_zorder() for b in boundaries)
    plt.close("all")


def test_figure_has_two_marginals_the_simplex_and_one_colour_bar():
    fig = simplex.simplex_figure(SAMPLES, ("aode", "rope", "nbc"), title="t")
    labelled = [(ax.get_xlabel(), ax.get_ylabel()) for ax in fig.axes if ax.get_xlabel()]
    assert labelled[:2] == [("P(aode better), in one draw", "P(equivalent), in one draw"),
                            ("P(nbc better), in one draw", "P(equivalent), in one draw")]
    colour_bars = [ax for ax in fig.axes if ax.get_label() == "<colorbar>"]
    assert len(colour_bars) == 1
    # the three densities share that one scale
    norms = {id(ax.collections[0].norm) for ax in fig.axes[:3]}
    assert len(norms) == 1
    plt.close("all")


@pytest.mark.parametrize("samples, labels", [
    (np.ones((4, 2)), ("a", "rope", "b")),
    (np.ones((0, 3)), ("a", "rope", "b")),
    (SAMPLES, ("a", "b")),
])
def test_bad_samples_or_labels_raise(samples, labels):
    with pytest.raises(InputError):
        simplex.simplex_plot(samples, labels)
