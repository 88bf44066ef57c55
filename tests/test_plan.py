"""The planner (bayestut.analysis.plan): how likely a decision is with m more data sets."""

import re

import numpy as np
import pandas as pd
import pytest

import bayestut as bt
from bayestut.analysis import cli
from bayestut.simulation import plan_text, planning
from bayestut.errors import InputError
from bayestut.methods import hierarchical_exact as he
from bayestut.methods.decisions import NO_DECISION, decide_regions, outcomes
from conftest import make_table


@pytest.fixture(scope="module")
def held_out():
    """Ten data sets of the bundled results: a table the planner was not tuned on."""
    table = bt.load_uci()
    return table[table["dataset"].isin(table["dataset"].unique()[:10])]


@pytest.fixture(scope="module")
def undecided(held_out):
    return bt.plan(held_out, "nbc", "aode", add=(2, 20), sims=8, seed=3, n_jobs=1)


def test_an_undecided_pairs_rows_are_probabilities_that_sum_to_one(undecided):
    table = undecided.table
    outcomes = ["nbc better", "equivalent", "aode better", "no decision"]
    assert list(table.columns[:4]) == outcomes
    assert list(table.index) == [2, 20]
    assert np.allclose(table[outcomes].sum(axis=1), 1.0)
    assert ((table[outcomes] >= 0) & (table[outcomes] <= 1)).all().all()
    assert np.allclose(table["P(decision)"], 1 - table["no decision"])
    assert (table["MC error"] > 0).all()
    assert undecided.headline().startswith("nbc against aode: no decision yet")
    assert "8 simulated studies" in undecided.line(20)


def test_the_same_seed_gives_the_same_plan_whatever_the_workers(held_out, undecided):
    # outcomes vary between the simulated studies here, so a seed that did not fix them shows
    assert 0 < undecided.table.loc[20, "P(decision)"] < 1
    again = bt.plan(held_out, "nbc", "aode", add=(2, 20), sims=8, seed=3, n_jobs=2)
    pd.testing.assert_frame_equal(again.table, undecided.table)


def test_a_decided_pair_stays_decided(held_out):
    # j48 and j48gr are equivalent on these data sets with probability 1
    found = bt.plan(held_out, "j48", "j48gr", add=(1, 5), sims=5, seed=0, n_jobs=1)
    assert (found.table["P(decision)"] >= 0.9).all()
    assert found.smallest() == 1
    assert "decided already (equivalent)" in found.headline()


def test_new_data_sets_are_untruncated_and_stay_within_plus_minus_one():
    # nu = 1 (Cauchy) puts some deltas far beyond ±1, as the model has them: not drawn again,
    # their folds at the bound of a difference of two scores
    x = planning.new_datasets(np.random.default_rng(1), 0.0, 0.5, 1.0, 300, np.array([0.05]),
                              runs=1, folds=10)
    assert np.abs(x).max() <= 1.0
    at_bound = (np.abs(x.mean(axis=1)) == 1.0).mean()
    # P(|Cauchy(0, 0.5)| > 1) = 0.295; the simulator's noise pushes a little more to the bound
    assert 0.2 < at_bound < 0.45


def test_new_data_sets_have_the_population_mean_and_a_present_spread():
    rng = np.random.default_rng(0)
    sds = np.array([0.01, 0.03])
    x = planning.new_datasets(rng, 0.02, 0.001, np.inf, 400, sds, runs=2, folds=5)
    assert x.shape == (400, 10)
    assert abs(x.mean() - 0.02) < 0.003
    spread = x.std(axis=1, ddof=1)
    assert np.all(np.isclose(spread, 0.01) | np.isclose(spread, 0.03))


@pytest.mark.parametrize("add", [0, -3, (5, 0), 2.5, "5", (True,), ()])
def test_careless_counts_are_refused(held_out, add):
    with pytest.raises(InputError, match="whole numbers of at least 1"):
        bt.plan(held_out, "nbc", "aode", add=add, sims=2)


@pytest.mark.parametrize("sims", [0, -1, 2.5, None])
def test_careless_sims_are_refused(held_out, sims):
    with pytest.raises(InputError, match="sims"):
        bt.plan(held_out, "nbc", "aode", sims=sims)


def test_no_workers_is_refused(held_out):
    with pytest.raises(InputError, match="n_jobs"):
        bt.plan(held_out, "nbc", "aode", sims=2, n_jobs=0)


def test_a_pair_not_in_the_table_is_refused(held_out):
    with pytest.raises(InputError, match="unknown classifier 'svm'"):
        bt.plan(held_out, "nbc", "svm", sims=2)


def test_means_only_input_says_what_to_collect(held_out):
    means = held_out.groupby(["dataset", "classifier"], as_index=False)["score"].mean()
    with pytest.raises(InputError, match="every cross-validation fold"):
        bt.plan(means, "nbc", "aode", sims=2)


def test_the_command_exists_and_refuses_with_status_2(tmp_path, held_out, capsys):
    path = tmp_path / "results.csv"
    held_out.to_csv(path, index=False)
    assert cli.main(["plan", str(path), "nbc", "aode", "--add", "0"]) == 2
    assert "whole numbers of at least 1" in capsys.readouterr().err
    assert cli.main(["plan", str(path), "nbc", "aode", "--add", "1", "--sims", "2",
                     "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "nbc better" in out and "no decision" in out


def test_the_command_line_default_is_the_python_default():
    args = cli.parser().parse_args(["plan", "r.csv", "a", "b"])
    assert args.sims == planning.SIMS and tuple(args.add) == planning.ADD


def test_compare_adds_one_line_under_no_decision_when_asked(held_out, monkeypatch):
    monkeypatch.setattr("bayestut.analysis.compare.SIMS", 4)
    found = bt.compare(held_out, "nbc", "aode", plan=2)
    assert found.plan is not None and list(found.plan.table.index) == [2]
    assert "With 2 more data sets like these, " in found.headline()
    assert "average over the populations the present data leave plausible" in found.headline()
    decided = bt.compare(held_out, "j48", "j48gr", plan=2)
    assert decided.plan is None and "more data sets" not in decided.headline()
    with pytest.raises(InputError, match="--plan 10"):
        bt.compare(held_out, "nbc", "aode", plan=0)


def test_a_wide_table_with_an_extra_column_is_read_as_compare_reads_it():
    # naming the pair is enough, as in compare: a seed column is not taken for a classifier
    rng = np.random.default_rng(0)
    wide = pd.DataFrame([dict(dataset=f"d{d}", run=r, fold=f, A=0.8 + rng.normal(0, 0.02),
                              B=0.79 + rng.normal(0, 0.02), seed=7)
                         for d in range(4) for r in (1, 2) for f in range(1, 6)])
    found = bt.plan(wide, "A", "B", add=(2,), sims=2, n_jobs=1)
    assert np.allclose(found.table.iloc[:, :4].sum(axis=1), 1.0)


def test_the_shortcut_agrees_with_a_full_refit(held_out):
    # the present posterior's grid reweighted by m new data sets' likelihoods against the
    # exact engine refitted on present + m at its default grids (whose own error is ~0.001)
    from bayestut.analysis.compare import oriented_differences
    from bayestut.methods import hierarchical
    from bayestut.simulation import reweighting

    d = oriented_differences(held_out, "nbc", "aode", False)
    now = hierarchical.hierarchical_test(d, rope=0.01, seed=0, engine="exact")
    present = reweighting.present(now, planning.GRIDS)
    checked = 0
    for s in range(3):
        rng = np.random.default_rng(s)
        i = rng.integers(len(now.delta0))
        extra = planning.new_datasets(rng, now.delta0[i], now.sigma0[i], now.nu[i], 8,
                                      d.x.std(axis=1, ddof=1), 10, 10)
        for m, fast in zip((3, 8), reweighting.shares_after(present, extra, (3, 8), rng)):
            if fast is None:          # a check failed: the planner refits this one
                continue
            full = hierarchical.exact_fit(np.vstack([d.x, extra[:m]]), 10, rope=0.01,
                                          draws=10, grids=(he.FINE, he.CHECK))._probabilities
            assert np.abs(fast - full).max() < 0.003, (s, m, fast, full)
            checked += 1
    assert checked >= 4


def test_a_shortcut_that_fails_its_checks_is_refused(held_out):
    # new data sets far from the present posterior: the reweighted mass leaves the grid
    from bayestut.analysis.compare import oriented_differences
    from bayestut.methods import hierarchical
    from bayestut.simulation import reweighting

    d = oriented_differences(held_out, "nbc", "aode", False)
    now = hierarchical.hierarchical_test(d, rope=0.01, seed=0, engine="exact")
    present = reweighting.present(now, planning.GRIDS)
    far = np.random.default_rng(0).normal(0.3, 0.02, (40, 100))
    assert reweighting.shares_after(present, far, (40,), np.random.default_rng(1)) == [None]


def test_the_plan_shows_how_its_number_splits(undecided):
    table, split = undecided.table, undecided.split
    low, high = planning.SPREAD_COLUMNS
    assert list(table.columns[6:8]) == [low, high]
    shown = table[low].notna()          # not estimable where the noise hides it: both NaN
    assert (table[low].notna() == table[high].notna()).all()
    assert (table.loc[shown, low] <= table.loc[shown, high] + 1e-12).all()
    favour = ["nbc better", "equivalent", "aode better"]
    assert list(split.loc[20].index) == favour
    assert np.isclose(split.loc[20, planning.POSTERIOR_COLUMN].sum(), 1.0)
    assert split.loc[20, planning.DRAWN_COLUMN].sum() == undecided.populations
    # the split's chances, weighted by their studies, give the table's P(decision)
    for m in (2, 20):
        part = split.loc[m].dropna()
        assert part["studies"].sum() == undecided.sims
        assert np.isclose((part["studies"] * part["P(decision)"]).sum() / undecided.sims,
                          table.loc[m, "P(decision)"])
    assert undecided.populations == max(1, undecided.sims // planning.PER_POPULATION)


def test_the_chances_spread_is_told_apart_from_monte_carlo_noise():
    population = np.repeat(np.arange(200), 2)
    rng = np.random.default_rng(0)
    # every population's chance 0.5: the two studies' noise is not taken for a spread
    # (estimated as not estimable, or as a narrow band around 0.5; never a band that the
    # split by favoured outcome would contradict)
    same = planning.chance_spread(rng.random(400) < 0.5, population)
    assert np.isnan(same).all() or np.all(np.abs(same - 0.5) < 0.15)
    # half the populations always decide, half never: the spread is all of [0, 1]
    split = planning.chance_spread(population % 2 == 0, population)
    assert split[0] == 0.0 and split[1] == 1.0
    assert np.isnan(planning.chance_spread(np.ones(3, bool), np.zeros(3, int))).all()
    # a spread estimated at 0 or below is not printed as the mean at every percentile (that
    # read as "every population has the same chance" beside a split table that differs)
    hidden = planning.chance_spread(np.array([1, 0, 1, 0], bool), np.array([0, 0, 1, 1]))
    assert np.isnan(hidden).all()


def test_each_population_favours_the_outcome_of_infinitely_many_data_sets():
    found = planning.favoured([0.0, 0.05, -0.05, 0.009], [0.001, 0.001, 0.001, 0.02],
                              [np.inf, 3.0, 3.0, 3.0], 0.01)
    assert list(found) == [1, 2, 0, 2]      # the last: most of its data sets lie right


def test_plurals_and_the_likeliest_decision(held_out):
    assert plan_text.more(1) == "1 more data set" and plan_text.more(5) == "5 more data sets"
    found = bt.plan(held_out, "nbc", "aode", add=(1,), sims=2, n_jobs=1)
    line = found.line()
    assert line.startswith("With 1 more data set like these, ")
    # the likeliest decision is named where a study decided, and said missing where none did
    assert ("the likeliest decision is" in line) != (found.decision.loc[1] == 0)
    assert "left" not in found.line() and "right" not in found.line()


def test_long_work_says_how_long_up_front(held_out, capsys):
    bt.plan(held_out, "nbc", "aode", add=(1,), sims=3, n_jobs=1, progress=True)
    err = capsys.readouterr().err
    assert "planning nbc against aode: 3 simulated studies, about" in err
    assert "simulated studies" in err and "2/2" in err        # the progress bar, off a terminal


def test_the_split_adds_up_in_its_lines(undecided):
    # the counts the lines give add up to the table's P(decision): a reader can check it
    for m in (2, 20):
        said = "\n".join(plan_text.by_favour(undecided, m))
        decided = [int(n) for n in re.findall(r"(\d+) of their \d+ studies decided", said)]
        studies = [int(n) for n in re.findall(r"of their (\d+) studies", said)]
        assert sum(studies) == undecided.sims
        assert sum(decided) / undecided.sims == undecided.table.loc[m, "P(decision)"]
        assert f"in all: {sum(decided)} of {undecided.sims} studies decided" in said
    assert "share" not in " ".join(undecided.split.columns)   # a retired name of a probability


def test_populations_drawn_follow_the_posterior_to_within_one():
    # 0.65 / 0.29 / 0.06 of the draws favour each outcome: 20 independent picks often miss
    # the 0.29 by several (a split of 18 / 1 / 1 beside 65% / 29% / 6%); systematic ones never
    favour = np.repeat([2, 1, 0], [2600, 1160, 240])
    delta0 = np.random.default_rng(0).normal(size=favour.size)
    expected = np.bincount(favour, minlength=3) / favour.size * 20
    for seed in range(200):
        pick = planning.pick_populations(favour, delta0, 20, np.random.default_rng(seed))
        assert len(set(pick)) == 20
        assert np.all(np.abs(np.bincount(favour[pick], minlength=3) - expected) < 1)

    class Start:              # the random start on an even grid of [0, 1)
        def __init__(self, u):
            self.u = u

        def random(self):
            return self.u

    # every draw as likely to be taken as with independent picks: over the random start,
    # each is taken equally often (the draws are 200 apart, so 2,000 starts take each 10 times)
    taken = np.zeros(favour.size, int)
    for u in (np.arange(2000) + 0.5) / 2000:
        taken[planning.pick_populations(favour, delta0, 20, Start(u))] += 1
    assert np.all(taken == 10)


@pytest.mark.parametrize("low, high, said", [
    (0.0, 1.0, "percentile: < 0.001 to > 0.999"),
    (0.1471, 0.9969, "percentile: 0.147 to 0.997"),      # as the table rounds them
])
def test_the_spread_never_prints_an_impossible_probability(undecided, low, high, said):
    from dataclasses import replace
    table = undecided.table.copy()
    table.loc[20, list(planning.SPREAD_COLUMNS)] = [low, high]
    changed = replace(undecided, table=table)
    for text in (changed.line(20), changed.summary()):
        assert said in text
        assert not re.search(r"(?<![\d.])(0\.000|1\.000)\b", text)


def test_the_plans_probabilities_print_as_every_table_prints_them():
    # the planner and the simplex's corners print a probability as every table does
    from bayestut.analysis.wording import number
    from bayestut.methods.decisions import probability_text
    for p in [0.0, 0.0004, 0.0005, 0.012, 0.375, 0.9994, 0.9995, 1.0]:
        assert plan_text.number(p) == probability_text(p) == number(p), p


def _text_part(summary: str) -> list[str]:
    """The console's prose: above the outcomes' table, the question, the current verdict and
    the answer; after it, the details (before the split's table)."""
    head = summary.split(plan_text.OUTCOMES_LEGEND)[0]
    details = summary.split("\ndetails:\n", 1)[1].split(plan_text.SPLIT_LEGEND)[0]
    return (head + details).splitlines()


def test_the_answer_comes_first_in_at_most_two_sentences(undecided):
    headline = undecided.headline()
    sentences = re.split(r"(?<=[.])\s+(?=[A-Z])", headline)
    assert len(sentences) <= 2, sentences
    assert headline.startswith("nbc against aode: no decision yet.")
    # the console says first, in plain words, what the plan answers and what to report
    # meanwhile; then the answer; then the table; the method notes only after it
    summary = undecided.summary()
    question, answer = (" ".join(part.split()) for part in summary.split("\n\n")[:2])
    counts = list(undecided.table.index)
    assert question == plan_text.opening(undecided)
    assert question.startswith(
        f"How likely is the hierarchical test on nbc against aode to reach a decision if "
        f"{', '.join(map(str, counts[:-1]))} or {counts[-1]} more data sets like these are "
        "added? Meanwhile, report the current verdict: ")
    p = undecided.present
    assert str(decide_regions(p, undecided.threshold)) == NO_DECISION
    assert question.endswith(f"no decision (the highest posterior probability, "
                             f"{plan_text.number(p.max())}, is for aode better; 0.95 needed).")
    assert answer.startswith(headline.split(". ", 1)[1])
    assert summary.index(plan_text.OUTCOMES_LEGEND) < summary.index("\ndetails:\n- ")
    short = undecided.summary(details=False)
    assert "details:" not in short and plan_text.SPLIT_LEGEND not in short
    assert short.startswith(summary.split("\n\ndetails:\n")[0])
    assert short.endswith("by the outcome each population favours: "
                          "print(plan.summary(details=True)).")
    assert "average over the populations" in short and "not estimated" in short


def test_no_decision_says_what_to_report_if_no_more_data_sets_can_be_had(undecided):
    # reader 27: plan_more() gave counts only; with no more data sets to be had, what then?
    said = " ".join(undecided.summary(details=False).split())
    names = outcomes(undecided.a, undecided.b)
    each = ", ".join(f"{n} {plan_text.number(v)}" for n, v in zip(names, undecided.present[::-1]))
    assert ("If no more data sets can be had, report the result as it stands: no decision, with "
            f"its posterior probabilities ({each}) and the other kinds beside them") in said
    assert "(r.rope_limit)" in said and "compare's report states one" in " ".join(
        plan_text.no_more(undecided, command_line=True).split())
    # the runs' claim, from the correlated likelihood's variance 1/n + 1/(k - 1), n = runs x k
    variance = lambda runs, k: 1 / (runs * k) + 1 / (k - 1)
    floor = lambda k: 1 / (k - 1)
    assert all(1 - floor(k) / variance(1, k) < 0.5 for k in range(2, 50))
    assert 1 - floor(10) / variance(10, 10) < 0.1
    assert "under half after one run" in said and "under a tenth after 10 runs of 10 folds" in said


def test_the_text_stays_narrow_and_the_tables_have_a_legend_each(undecided):
    text = _text_part(undecided.summary())
    assert max(len(line) for line in text) <= 120, max(text, key=len)
    assert not [line for line in text if line.rstrip().endswith(("<", ">", "±"))]   # whole numbers
    summary = undecided.summary()
    for legend in (plan_text.OUTCOMES_LEGEND, plan_text.SPLIT_LEGEND):
        assert summary.count(legend) == 1 and len(legend) <= 120
    # the outcomes' table has one column per count: as narrow as the counts are few
    table = summary.split(plan_text.OUTCOMES_LEGEND + "\n")[1].split("\n\n")[0]
    assert max(len(line) for line in table.splitlines()) <= 120
    assert all(name in table for name in (*planning.SPREAD_COLUMNS, "P(decision)", "MC error"))


def test_every_count_has_its_line_with_the_plans_own_numbers(undecided):
    details = _text_part(undecided.summary())
    for m, row in undecided.table.iterrows():
        said = [line for line in details if line.startswith(f"- {plan_text.more(m)}: ")]
        assert len(said) == 1, (m, details)
        assert f"P(decision) {plan_text._estimate(row['P(decision)'], row['MC error'])}" in said[0]
    name, p = undecided.likeliest(20)
    error = undecided.table.loc[20, "MC error"]
    assert f'- with 20 more, the likeliest decision: "{name}" (probability ' \
           f'{plan_text.number(p, error, fewest=2).split(" ± ")[0]})' in details
    joined = " ".join(" ".join(details).split())     # a long bullet wraps
    assert "not a bound for the true one: see the percentiles" in " ".join(
        undecided.summary(details=False).split())          # after the table, always
    assert f"{undecided.sims} simulated studies, of {undecided.populations} populations" in joined
    # the outcomes in the one reading order, in the split's lines as in the tables
    order = [next(i for i, line in enumerate(details) if line.startswith(f"  - {o}:"))
             for o in ("nbc better", "equivalent", "aode better")]
    assert order == sorted(order)


def test_the_command_line_names_larger_counts_in_its_own_form(tmp_path, held_out, capsys):
    path = tmp_path / "results.csv"
    held_out.to_csv(path, index=False)
    assert cli.main(["plan", str(path), "nbc", "aode", "--add", "1", "--sims", "2",
                     "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "--add 2 4" in " ".join(out.split()) and "add=(" not in out
    assert out.rstrip().endswith("each population favours: --details.")
    assert "- 1 more data set: P(decision)" not in out        # the notes: behind --details
    assert cli.main(["plan", str(path), "nbc", "aode", "--add", "1", "--sims", "2",
                     "--jobs", "1", "--details"]) == 0
    assert "- 1 more data set: P(decision)" in capsys.readouterr().out


def test_larger_counts_suggested_stay_within_what_the_planner_simulates():
    assert plan_text._larger([5, 10]) == [20, 40]
    assert plan_text._larger([200]) == [400]
    assert plan_text._larger([300]) == [planning.MOST] == [500]
    assert plan_text._larger([500]) == []
    with pytest.raises(InputError, match="at most 500"):
        planning.check_counts([501])


def test_the_signed_rank_row_and_the_percentiles_are_explained_under_the_table(held_out,
                                                                               undecided):
    import dataclasses
    from bayestut.methods.nonparametric import signed_rank_test
    from bayestut.methods.decisions import decide_regions

    decided = bt.plan(held_out, "j48", "j48gr", add=(1, 5), sims=5, seed=0, n_jobs=1)
    # the signed-rank test has decided on the present data: its row is the chance it still does
    assert decided.signed_rank_now == "equivalent"
    table = decided.summary().split(plan_text.OUTCOMES_LEGEND + "\n")[1].split("\n\n")[0]
    assert ('on the present data it has decided already ("equivalent"), and the row is the '
            "chance that it still decides, on any outcome, with m more") in " ".join(table.split())
    # a pair decided already: the question asks whether it still decides, the verdict is it
    assert plan_text.opening(decided) == (
        "How likely is the hierarchical test on j48 against j48gr still to reach a decision if "
        "1 or 5 more data sets like these are added? Meanwhile, report the current verdict: "
        "equivalent (posterior probability > 0.999).")
    # undecided: the present decision is the simulation's own signed-rank test at m = 0
    x = bt.data.paired_differences(held_out, "nbc", "aode").x.mean(axis=1)
    now = decide_regions(signed_rank_test(x, rope=0.01, n_samples=planning.SIGNED_RANK_SAMPLES,
                                          seed=3)._shares, 0.95)
    assert (undecided.signed_rank_now == "no decision") == (str(now) == "no decision")
    # the percentiles' noise is said where they print, with the plan's own counts
    spread = undecided.table.copy()
    spread[list(planning.SPREAD_COLUMNS)] = [0.2, 0.7]
    printed = dataclasses.replace(undecided, table=spread)
    said = " ".join(" ".join(plan_text.notes(printed)).split())
    assert (f"how the chances of {undecided.populations} populations "
            f"({undecided.sims / undecided.populations:.3g} simulated studies each)") in said
    assert "their Monte Carlo noise is not estimated" in said
    blank = spread.assign(**{c: np.nan for c in planning.SPREAD_COLUMNS})
    assert len(plan_text.notes(dataclasses.replace(undecided, table=blank))) == 1


def test_a_near_tie_is_named_with_what_to_report_meanwhile():
    # δ₀ on the rope's edge: "plan larger counts" alone sent readers 29 and 30 after a decision
    # no study they could run would reach; the plan now says the tie resolves slowly
    from bayestut.simulation import plan_text
    tied = make_table(12, runs=2, folds=5, gaps=0.01, seed=5, noise=0.01)
    p = bt.plan(tied, "mine", "baseline", add=(5, 10), sims=20, seed=1, n_jobs=1,
                progress=False)
    said = plan_text.headline(p, 0.8, False)
    top = sorted(p.present)[-2:]
    assert top[1] - top[0] < plan_text.NEAR_TIE and p.decision.max() < 0.5
    assert "The two likeliest outcomes are nearly tied now (equivalent " in said
    assert said.endswith("report the result as it stands, with δ₀'s size and interval.")
    clear = make_table(12, runs=2, folds=5, gaps=0.004, seed=5, noise=0.02)
    far = bt.plan(clear, "mine", "baseline", add=(5,), sims=20, seed=1, n_jobs=1,
                  progress=False)
    assert ("nearly tied" in plan_text.headline(far, 0.8, False)) == (
        np.ptp(sorted(far.present)[-2:]) < plan_text.NEAR_TIE and far.decision.max() < 0.5)


def test_a_simulated_share_shows_no_more_digits_than_its_error(undecided):
    """Reader 32's [WRONG]: "P(decision) < 0.001" beside an MC error of 0.017. A share is
    rounded to what its row's error supports, in the sentences and in the table."""
    assert plan_text._estimate(0.0, 0.017) == "< 0.01"         # a bound, without ± (reader 38)
    assert plan_text._share(0.0, 0.017) == "< 0.01"
    # reader 34's [WRONG]: 10 of 40 studies printed "0.2" (0.25 to one decimal) beside 0.250
    assert plan_text._estimate(0.25, 0.077) == "0.25 ± 0.08"
    text = undecided.summary()
    for m, row in undecided.table.iterrows():
        shown = plan_text._share(row["P(decision)"], row["MC error"])
        digits = shown.split(".")[-1]
        assert len(digits) <= 3 and (row["MC error"] < 0.005 or len(digits) < 3), (m, shown)
    assert "< 0.001 ±" not in text and "> 0.99 ±" not in text
