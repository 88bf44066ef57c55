"""Figures of one hierarchical fit: the voting picture, rank plots, the predictive check."""

import matplotlib

matplotlib.use("Agg")
from types import SimpleNamespace  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from bayestut.methods import hierarchical
from bayestut.figures import hierarchical as hp  # noqa: E402
from bayestut.figures.style import OUTCOME_COLOURS  # noqa: E402


@pytest.fixture
def result():
    """A made-up posterior of 2 chains x 300 draws on 3 data sets (two share a name, as two
    UCI data sets do), with the next-data-set masses the model would give."""
    rng = np.random.default_rng(0)
    draws = 600
    delta0 = rng.normal(-0.01, 0.004, draws)
    sigma0 = rng.uniform(0.004, 0.02, draws)
    nu = 1 + rng.gamma(2.0, 2.0, draws)
    delta = delta0[:, None] + sigma0[:, None] * rng.standard_t(4, (draws, 3))
    return hierarchical.HierarchicalResult(
        a="nbc", b="aode", datasets=("credit", "ecoli", "credit"), rope=0.01,
        xbar=np.array([-0.02, 0.005, -0.01]), delta0=delta0, sigma0=sigma0, nu=nu, delta=delta,
        sigma=np.full((draws, 3), 0.03), _masses=hierarchical.next_dataset_masses(delta0, sigma0, nu, 0.01),
        prepared=SimpleNamespace(stan_data={"n": 100, "rho": 0.1}),
        fit=SimpleNamespace(diagnostics=SimpleNamespace(chains=2)))


def test_typical_draws_are_the_surest_of_the_rope_the_most_hesitant_and_the_surest_side():
    masses = np.array([[0.2, 0.7, 0.1], [0.4, 0.35, 0.25], [0.9, 0.1, 0.0], [0.6, 0.3, 0.1],
                       [0.0, 0.2, 0.8]])
    assert hp.typical_draws(masses) == [0, 1, 2]           # left has more votes than right
    assert hp.typical_draws(masses[:, ::-1]) == [0, 1, 2]  # mirrored: right has more votes


def test_voting_picture_shows_the_draws_and_the_shares_of_the_votes(result):
    fig = hp.voting_picture(result, draws=[3, 5])
    *posteriors, votes = fig.axes
    assert len(posteriors) == 2
    assert posteriors[0].get_title().startswith("draw 3: masses")
    heights = [bar.get_height() for bar in votes.patches]
    np.testing.assert_allclose(heights, result.probabilities.to_numpy())   # a better first
    assert [matplotlib.colors.to_hex(bar.get_facecolor()) for bar in votes.patches] == \
        [OUTCOME_COLOURS[r].lower() for r in ("right", "rope", "left")]
    assert [t.get_text() for t in votes.get_xticklabels()] == ["nbc better", "equivalent",
                                                              "aode better"]
    # the legend in the reading order, as the panels' masses and the bars beside it
    legend = [t.get_text().split(" (")[0] for t in fig.legends[0].get_texts()]
    assert legend == ["nbc better", "equivalent", "aode better"]
    plt.close(fig)


def test_inference_data_keeps_the_chains_apart(result):
    idata = hp.inference_data(result)
    delta0 = idata.posterior["delta0"].to_numpy()
    assert delta0.shape == (2, 300)
    np.testing.assert_array_equal(delta0[1], result.delta0[300:])    # chain 2 is the 2nd half
    assert idata.posterior["delta"].shape == (2, 300, 3)
    assert idata.posterior_predictive["xbar"].shape == (2, 300, 3)
    np.testing.assert_array_equal(idata.observed_data["xbar"], result.xbar)


def test_rank_plots_and_predictive_check_draw_one_panel_each(result):
    fig = hp.rank_plots(result, ["ecoli"])
    assert [ax.get_title() for ax in fig.axes] == [r"$\delta_0$", r"$\sigma_0$", r"$\nu$",
                                                   r"$\delta_i$ (ecoli)"]
    plt.close(fig)
    fig = hp.predictive_check(result, shown=20)
    assert len(fig.axes) == 2
    assert all(ax.get_xlim()[0] < -0.01 and ax.get_xlim()[1] > 0.01 for ax in fig.axes)
    plt.close(fig)
