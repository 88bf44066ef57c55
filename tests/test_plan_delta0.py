"""The planner for the decision on δ₀ (bt.plan(..., about="delta0"), plan --about delta0;
issue 38 item 3): each simulated study's decision is taken on δ₀'s probabilities, reweighted
as a refit would integrate them."""

import numpy as np
import pytest

import bayestut as bt
from bayestut.analysis import cli
from bayestut.analysis.compare import oriented_differences
from bayestut.errors import InputError
from bayestut.methods import hierarchical
from bayestut.methods import hierarchical_exact as he
from bayestut.simulation import planning, reweighting


@pytest.fixture(scope="module")
def held_out():
    table = bt.load_uci()
    return table[table["dataset"].isin(table["dataset"].unique()[:10])]


@pytest.fixture(scope="module")
def planned(held_out):
    return bt.plan(held_out, "nbc", "aode", add=(2, 20), sims=6, seed=3, n_jobs=1,
                   about="delta0")


def test_the_plan_starts_from_delta0s_probabilities_and_says_so(held_out, planned):
    c = bt.compare(held_out, "nbc", "aode", about="delta0")
    assert planned.about == "delta0" and planned.kind == "probability for δ₀"
    np.testing.assert_allclose(planned.present, c.hierarchical._delta0_probabilities)
    # the split's first column is δ₀'s probability of each outcome, in the reading order
    first = planned.split.loc[20, "probability for δ₀"]
    np.testing.assert_allclose(first.to_numpy(), c.hierarchical.delta0_probabilities.to_numpy())
    outcomes = ["nbc better", "equivalent", "aode better", "no decision"]
    assert np.allclose(planned.table[outcomes].sum(axis=1), 1.0)
    text = planned.summary()
    assert text.startswith("How likely is the hierarchical test on nbc against aode to "
                           "reach a decision on δ₀ if ")
    assert "Meanwhile, report the current verdict: " in " ".join(text.split())
    assert "decision on δ₀" in text and "(probability for δ₀ " in text
    assert "the likeliest decision on δ₀" in planned.line()


def test_populations_favour_the_region_holding_their_delta0():
    delta0 = np.array([-0.02, -0.01, 0.0, 0.01, 0.03])
    # σ₀ so wide that on a new data set no region but a side could be the likeliest
    favour = planning.favoured(delta0, 1.0, np.inf, 0.01, "delta0")
    assert favour.tolist() == [0, 1, 1, 1, 2]
    assert planning.favoured(delta0, 1.0, np.inf, 0.01).tolist() != favour.tolist()


def test_the_shortcut_gives_delta0s_probabilities_of_a_full_refit(held_out):
    d = oriented_differences(held_out, "nbc", "aode", False)
    now = hierarchical.hierarchical_test(d, rope=0.01, seed=0, engine="exact")
    present = reweighting.present(now, planning.GRIDS)
    checked = 0
    for s in range(2):
        rng = np.random.default_rng(s)
        i = rng.integers(len(now.delta0))
        extra = planning.new_datasets(rng, now.delta0[i], now.sigma0[i], now.nu[i], 8,
                                      d.x.std(axis=1, ddof=1), 10, 10)
        fast = reweighting.shares_after(present, extra, (3, 8), rng, "delta0_probabilities")
        for m, p in zip((3, 8), fast):
            if p is None:             # a check failed: the planner refits this one
                continue
            full = hierarchical.exact_fit(np.vstack([d.x, extra[:m]]), 10, rope=0.01, draws=10,
                                          grids=(he.FINE, he.CHECK))
            assert np.abs(p - full._delta0_probabilities).max() < 0.003, (s, m, p)
            # and not the papers' number: the two differ by far more here
            assert np.abs(p - full._probabilities).max() > 0.01
            checked += 1
    assert checked >= 3


def test_the_command_line_plans_delta0(tmp_path, held_out, capsys):
    path = tmp_path / "results.csv"
    held_out.to_csv(path, index=False)
    assert cli.main(["plan", str(path), "nbc", "aode", "--add", "1", "--sims", "2",
                     "--jobs", "1", "--about", "delta0"]) == 0
    assert "on nbc against aode to reach a decision on δ₀ if 1 more data set like these is " \
        "added?" in " ".join(capsys.readouterr().out.split())
    args = cli.parser().parse_args(["plan", "r.csv", "a", "b"])
    assert args.about == "new-data-set"


def test_an_unknown_about_is_refused(held_out):
    with pytest.raises(InputError, match="'new data set'.*'delta0'"):
        bt.plan(held_out, "nbc", "aode", add=(1,), sims=2, n_jobs=1, about="mean")


def test_the_compare_report_plans_the_decision_it_took(held_out, monkeypatch):
    monkeypatch.setattr("bayestut.analysis.compare.SIMS", 4)
    c = bt.compare(held_out, "nbc", "aode", about="delta0", plan=2)
    assert c.decision == "no decision"
    assert c.plan is not None and c.plan.about == "delta0"
    np.testing.assert_allclose(c.plan.present, c.hierarchical._delta0_probabilities)
    assert "decision on δ₀" in c.plan.line() and c.plan.line() in c.headline()
    step = c.next_step()
    assert "plan" in step and "--about delta0 --add 5 10 20" in step
    assert "papers' rule" not in step
    papers = bt.compare(held_out, "nbc", "aode")
    assert "--about" not in papers.next_step()
