"""Simplex pictures: corners in the right places, one shaded layer, clear errors."""

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


def test_simplex_plot_labels_corners_with_their_shares():
    ax = simplex.simplex_plot(SAMPLES, ("aode", "rope", "nbc"))
    texts = [t.get_text() for t in ax.texts]
    shares = np.bincount(SAMPLES.argmax(axis=1), minlength=3) / len(SAMPLES)
    assert texts == [f"{n}\n{p:.3f}" for n, p in zip(("aode", "rope", "nbc"), shares)]
    assert len(ax.collections) == 1          # the samples are one density layer, not 2,000 dots
    # each corner's name and region in its outcome's colour, as in every figure of the suite
    assert [t.get_color() for t in ax.texts] == [OUTCOME_COLOURS[r] for r in REGIONS]
    tints = [matplotlib.colors.to_hex(p.get_facecolor(), keep_alpha=False) for p in ax.patches]
    assert tints == [OUTCOME_COLOURS[r].lower() for r in REGIONS]
    plt.close("all")


def test_figure_has_two_marginals_and_the_simplex():
    fig = simplex.simplex_figure(SAMPLES, ("aode", "rope", "nbc"), title="t")
    labelled = [(ax.get_xlabel(), ax.get_ylabel()) for ax in fig.axes if ax.get_xlabel()]
    assert ("P(aode)", "P(rope)") in labelled and ("P(nbc)", "P(rope)") in labelled
    plt.close("all")


@pytest.mark.parametrize("samples, labels", [
    (np.ones((4, 2)), ("a", "rope", "b")),
    (np.ones((0, 3)), ("a", "rope", "b")),
    (SAMPLES, ("a", "b")),
])
def test_bad_samples_or_labels_raise(samples, labels):
    with pytest.raises(InputError):
        simplex.simplex_plot(samples, labels)
