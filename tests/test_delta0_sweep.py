"""The rope sweep of the decision on δ₀ (guide.hierarchical_sweep(..., about="delta0"), issue
38 item 3): the grid integrated at every width gives what a fit at each width gives."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

import bayestut as bt  # noqa: E402
from bayestut import data  # noqa: E402
from bayestut.analysis import guide  # noqa: E402
from bayestut.errors import InputError  # noqa: E402
from bayestut.figures.guide import sensitivity_figure  # noqa: E402
from bayestut.methods import hierarchical  # noqa: E402
from bayestut.methods.decisions import decide, outcomes, probability_columns  # noqa: E402

# on these 8 data sets δ₀'s decision is "no decision" at 0.01 and "equivalent" at 0.04, where
# the papers' rule still has none (0.93): a sweep of the wrong probabilities fails here
ROPES = [0.01, 0.04]


@pytest.fixture(scope="module")
def d():
    table = bt.load_uci()
    return data.paired_differences(table[table["dataset"].isin(table["dataset"].unique()[:8])],
                                   "nbc", "aode")


def test_the_delta0_sweep_decides_as_a_fit_at_each_rope(d):
    sweep = guide.hierarchical_sweep(d, ROPES, about="delta0")
    assert list(sweep.columns) == [*probability_columns("nbc", "aode"), "numerical error"]
    assert sweep.attrs["kind"] == "probability for δ₀"
    decisions = []
    for r, (_, row) in zip(ROPES, sweep.iterrows()):
        fit = hierarchical.hierarchical_test(d, rope=r, engine="exact", progress=False)
        p = fit.delta0_probabilities
        swept = row[probability_columns("nbc", "aode")].set_axis(p.index)
        bound = 2 * np.maximum(row["numerical error"], fit.delta0_probabilities_mcse) + 2e-4
        assert np.all(np.abs(swept - p) <= bound), (r, swept, p)
        assert decide(swept, 0.95) == decide(p, 0.95)
        decisions.append(decide(p, 0.95))
    assert decisions == ["no decision", "equivalent"]
    papers = guide.hierarchical_sweep(d, ROPES)
    assert papers.attrs["kind"] == "posterior probability"
    assert list(guide.decision_ranges(papers)["decision"]) == ["no decision"]
    assert list(guide.decision_ranges(sweep)["decision"]) == ["no decision", "equivalent"]


def test_the_sweeps_figure_names_its_kind_of_probability(d):
    sweep = guide.hierarchical_sweep(d, ROPES, about="delta0")
    fig = sensitivity_figure([("δ₀", None, {"-": (sweep, None)})], outcomes("nbc", "aode"))
    assert fig.axes[0].get_ylabel() == "probability for δ₀"
    plt.close(fig)


@pytest.mark.parametrize("about", ["delta", "population", "", None])
def test_an_unknown_about_is_refused_naming_the_choices(d, about):
    with pytest.raises(InputError, match="'new data set'.*'delta0'"):
        guide.hierarchical_sweep(d, ROPES, about=about)
