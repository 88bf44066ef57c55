"""The hierarchical posterior's per-draw view, public and labelled (issue 38): notebook 05
draws the simplex and the voting picture from it, not from the internal number-line masses;
and its summary shows no NaN."""

import matplotlib

matplotlib.use("Agg")
from types import SimpleNamespace  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from bayestut.figures import hierarchical as hp  # noqa: E402
from bayestut.figures import simplex  # noqa: E402
from bayestut.methods import hierarchical  # noqa: E402
from conftest import make_table  # noqa: E402


@pytest.fixture(scope="module")
def sampled():
    """A made-up posterior of 2 chains x 300 draws, shaped as Stan's result."""
    rng = np.random.default_rng(1)
    draws = 600
    delta0 = rng.normal(-0.012, 0.005, draws)
    sigma0 = rng.uniform(0.004, 0.02, draws)
    nu = 1 + rng.gamma(2.0, 2.0, draws)
    return hierarchical.HierarchicalResult(
        a="nbc", b="aode", datasets=("d0", "d1"), rope=0.01, xbar=np.zeros(2), delta0=delta0,
        sigma0=sigma0, nu=nu, delta=np.zeros((draws, 2)), sigma=np.ones((draws, 2)),
        _masses=hierarchical.next_dataset_masses(delta0, sigma0, nu, 0.01),
        prepared=SimpleNamespace(stan_data={"rho": 0.1}),
        fit=SimpleNamespace(diagnostics=SimpleNamespace(chains=2)))


@pytest.fixture(scope="module")
def exact():
    table = make_table(datasets=6, runs=2, folds=5, gaps=0.01, seed=0)
    return hierarchical.hierarchical_test(table, "mine", "baseline", engine="exact")


def test_each_draw_is_labelled_by_outcome_in_the_reading_order(sampled):
    draws = sampled.new_data_set_draws
    assert list(draws.columns) == list(sampled.labels) == ["nbc better", "equivalent",
                                                           "aode better"]
    assert draws.index.name == "draw" and len(draws) == len(sampled.delta0)
    np.testing.assert_allclose(draws.sum(axis=1), 1.0)
    # the reading order of the number line's masses: a better is the right tail
    np.testing.assert_array_equal(draws["nbc better"], sampled._masses[:, 2])
    # its average is the probability on a new data set; its vote, the posterior probability
    pd.testing.assert_series_equal(draws.mean(), sampled.new_data_set_probabilities,
                                   check_names=False)
    votes = draws.idxmax(axis=1).value_counts(normalize=True).reindex(sampled.labels,
                                                                       fill_value=0.0)
    pd.testing.assert_series_equal(votes, sampled.probabilities, check_names=False)


def test_the_exact_engines_draws_agree_with_its_integrals(exact):
    """Independent draws from the integrated posterior: their average and their vote match
    the integrals within 4 Monte Carlo errors of independent draws."""
    draws = exact.new_data_set_draws
    n = len(draws)
    mean_error = draws.std() / np.sqrt(n)
    assert (np.abs(draws.mean() - exact.new_data_set_probabilities)
            <= 4 * mean_error + exact.new_data_set_probabilities_mcse + 1e-9).all()
    votes = draws.idxmax(axis=1).value_counts(normalize=True).reindex(exact.labels,
                                                                       fill_value=0.0)
    p = exact.probabilities
    assert (np.abs(votes - p) <= 4 * np.sqrt(p * (1 - p) / n) + exact.probabilities_mcse
            + 1e-9).all()


def test_the_pictures_take_the_labelled_draws(sampled):
    draws = sampled.new_data_set_draws
    assert hp.typical_draws(draws) == hp.typical_draws(sampled._masses)
    labelled = simplex.simplex_figure(draws)
    internal = simplex.simplex_figure(sampled._masses, sampled.labels[::-1])
    texts = [[t.get_text() for t in fig.axes[2].texts] for fig in (labelled, internal)]
    assert texts[0] == texts[1] and "nbc better\nposterior probability" in texts[0][2]
    plt.close("all")


@pytest.mark.parametrize("which", ["sampled", "exact"])
def test_the_summary_has_no_nan_and_gives_each_probability_its_error(which, request):
    r = request.getfixturevalue(which)
    summary = r.summary()
    assert not summary.isna().any().any()
    assert list(summary.index) == ["posterior probability", "probability on a new data set",
                                   "probability for δ₀"]
    assert list(summary.columns) == [*r.labels, *(f"± {name}" for name in r.labels)]
    np.testing.assert_array_equal(summary.loc["probability for δ₀", list(r.labels)],
                                  r.delta0_probabilities)
    np.testing.assert_array_equal(summary.loc["probability on a new data set",
                                              [f"± {name}" for name in r.labels]],
                                  r.new_data_set_probabilities_mcse)


def test_notebook_05_reads_no_internal_attribute():
    import re
    from pathlib import Path

    import nbformat

    path = Path(__file__).resolve().parents[1] / "notebooks" / "05_hierarchical.ipynb"
    code = [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]
    internal = re.compile(r"[\w)\]]\._[a-z]\w*")            # result._masses, fit._draws, ...
    assert internal.search("simplex_figure(result._masses)")              # the check itself
    assert not [m.group(0) for source in code for m in internal.finditer(source)]
