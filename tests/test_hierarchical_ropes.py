"""The hierarchical test's rope sweep (bayestut.methods.hierarchical_ropes, guide's
hierarchical_sweep): one fit's grid integrated at every rope agrees with a fit at each."""

import dataclasses

import numpy as np
import pytest

import bayestut as bt
from bayestut import data
from bayestut.analysis import guide
from bayestut.errors import InputError
from bayestut.methods import hierarchical
from bayestut.methods.decisions import probability_columns
from bayestut.methods.hierarchical_ropes import rope_sweep


@pytest.fixture(scope="module")
def d():
    table = bt.load_uci()
    return data.paired_differences(table[table["dataset"].isin(table["dataset"].unique()[:8])],
                                   "nbc", "aode")


def test_one_grid_at_every_rope_is_a_fit_at_each(d):
    ropes = [0.004, 0.01, 0.025]
    p, error = rope_sweep(d, ropes)
    assert p.shape == error.shape == (3, 3)
    np.testing.assert_allclose(p.sum(axis=1), 1.0)
    assert np.all(error < 0.005)
    for r, row, err in zip(ropes, p, error):
        fit = hierarchical.hierarchical_test(d, rope=r, engine="exact", progress=False)
        # both are integrals of one posterior; they differ by the grids' numerical error only
        bound = 2 * np.maximum(err, fit._probabilities_mcse) + 2e-4
        assert np.all(np.abs(row - fit._probabilities) <= bound), (r, row, fit._probabilities)
    # the rope gains with its width (not a law of the test: true of this pair at these ropes,
    # so a sweep that ignored r would fail here)
    assert p[0, 1] < p[1, 1] < p[2, 1]


def test_the_guides_sweep_names_the_outcomes_and_its_ranges_read_only_probabilities(d):
    sweep = guide.hierarchical_sweep(d, [0.005, 0.01, 0.02, 0.04])
    assert list(sweep.columns) == [*probability_columns("nbc", "aode"), "numerical error"]
    ranges = guide.decision_ranges(sweep, 0.95)
    assert set(ranges["decision"]) <= {"nbc better", "equivalent", "aode better", "no decision"}
    assert ranges["from r"].iloc[0] == 0.005 and ranges["to r"].iloc[-1] == 0.04


def test_a_constant_data_set_is_fitted_at_every_rope(d):
    # its noise is drawn within the rope, so one grid cannot serve every width: each is a fit
    x = d.x.copy()
    x[0] = 0.01
    same = dataclasses.replace(d, x=x)
    ropes = [0.005, 0.02]
    p, _ = rope_sweep(same, ropes, seed=3)
    for r, row in zip(ropes, p):
        fit = hierarchical.hierarchical_test(same, rope=r, seed=3, engine="exact",
                                             progress=False)
        np.testing.assert_array_equal(row, fit._probabilities)


@pytest.mark.parametrize("ropes", [[0.0, 0.01], [-0.01], [], [np.nan]])
def test_ropes_that_leave_no_rope_are_refused(d, ropes):
    with pytest.raises(InputError, match="positive numbers"):
        rope_sweep(d, ropes)


def test_a_fit_given_is_reused_its_grids_giving_its_own_numbers_at_its_rope(d):
    fit = hierarchical.hierarchical_test(d, rope=0.02, engine="exact", progress=False)
    ropes = [0.005, 0.02]
    p, error = rope_sweep(d, ropes, fit=fit)
    # the grids the fit integrated: at its own rope, its own numbers and errors exactly
    np.testing.assert_array_equal(p[1], fit._probabilities)
    np.testing.assert_array_equal(error[1], fit._probabilities_mcse)
    # another fit's grids (each fit refines its grids for its own rope) agree within the error
    alone, alone_error = rope_sweep(d, ropes)
    assert np.all(np.abs(p - alone) <= 2 * np.maximum(error, alone_error) + 2e-4)
    delta0, _ = rope_sweep(d, ropes, fit=fit, of="delta0_probabilities")
    np.testing.assert_allclose(delta0[1], fit._delta0_probabilities, rtol=0, atol=1e-12)
