"""Simplex pictures: each side's corner on its side, one shaded layer kept inside the triangle,
corners named by outcome with their posterior probabilities, one colour bar per figure, clear errors."""

import matplotlib
import matplotlib.colors

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from bayestut.figures import simplex  # noqa: E402
from bayestut.errors import InputError  # noqa: E402
from bayestut.figures.style import OUTCOME_COLOURS, REGIONS  # noqa: E402

SAMPLES = np.random.default_rng(0).dirichlet([5, 2, 1], size=2_000)   # the number line's order
NAMES = ("aode better", "equivalent", "nbc better")                     # of nbc - aode


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


def test_simplex_plot_names_corners_and_their_posterior_probabilities():
    ax = simplex.simplex_plot(SAMPLES, NAMES)
    texts = [t.get_text() for t in ax.texts]
    shares = np.bincount(SAMPLES.argmax(axis=1), minlength=3) / len(SAMPLES)
    assert texts == [f"{n}\nposterior probability {p:.3f}" for n, p in zip(NAMES, shares)]
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
    ax = simplex.simplex_plot(SAMPLES, NAMES)
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
    fig = simplex.simplex_figure(SAMPLES, NAMES, title="t")
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
    (SAMPLES, None),
])
def test_bad_samples_or_labels_raise(samples, labels):
    """An array needs its corners' names; a result's labelled samples carry them."""
    with pytest.raises(InputError):
        simplex.simplex_plot(samples, labels)


def test_a_results_labelled_samples_name_the_corners_themselves():
    # a result's samples: columns in the reading order, "nbc better" first
    frame = pd.DataFrame(SAMPLES[:, ::-1], columns=["nbc better", "equivalent", "aode better"])
    texts = [t.get_text().split("\n")[0] for t in simplex.simplex_plot(frame).texts]
    assert texts == list(NAMES)           # drawn on the number line: aode's corner on the left
    plt.close("all")


def test_a_corner_never_prints_a_certainty():
    # the TR 413 figure printed "posterior probability 0.000" beside tables saying "< 0.001"
    fig, ax = plt.subplots()
    simplex.simplex_plot(SAMPLES, NAMES, ax=ax, colorbar=False, shares=np.array([0.0, 0.0, 1.0]))
    texts = [t.get_text() for t in ax.texts]
    plt.close(fig)
    assert any("< 0.001" in t for t in texts) and any("> 0.999" in t for t in texts)
    assert not any(t.endswith(("0.000", "1.000")) for t in texts)
