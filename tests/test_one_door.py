"""One door for input (issue 39 item 1) and the fourth careless-input set's input failures
(issue 40 item 3): a table is read and checked once, every setting once by one rule, and each
failure of the set is fixed here with a test that fails if it comes back."""

import dataclasses
from unittest import mock

import numpy as np
import pytest

import bayestut as bt
from bayestut import checks, data
from bayestut.analysis import cli, compare as compare_module, many
from bayestut.analysis.compare import compare
from bayestut.analysis.many import compare_all
from bayestut.analysis.plan import plan
from bayestut.errors import InputError
from conftest import make_table

FAST = dict(signed_rank_samples=1000)


def table(classifiers=("a", "b", "c", "d"), datasets=4, folds=5, shift=0.004, seed=1):
    """Tidy per-fold scores (conftest.py's factory): each classifier ``shift`` above the
    previous one, with noise."""
    return make_table([f"set{i}" for i in range(datasets)], 1, folds, classifiers=classifiers,
                      gaps={name: j * shift for j, name in enumerate(classifiers)}, seed=seed)


# --- one door: read and checked once ----------------------------------------------------------

def test_compare_all_reads_and_checks_its_input_once():
    calls = {}
    wrapped = {"validate": (data, "validate"), "to_tidy": (data, "to_tidy"),
               "_tidy": (data, "_tidy"),      # read_table's checks, after the one read
               "paired_differences": (compare_module, "paired_differences"),
               "check_all": (many, "check_all"),
               "compare's check_all": (compare_module, "check_all")}
    patches = [mock.patch.object(module, name, wraps=getattr(module, name))
               for module, name in wrapped.values()]
    mocks = [p.start() for p in patches]
    try:
        result = compare_all(table(), rope=0.01, ranking=False, n_jobs=1, progress=False,
                             **FAST)
    finally:
        for p in patches:
            p.stop()
    calls = {label: m.call_count for label, m in zip(wrapped, mocks)}
    assert len(result.pairs) == 6
    assert calls == {"validate": 1, "to_tidy": 1, "_tidy": 1,
                     "paired_differences": 6,        # once per pair, not twice
                     "check_all": 1, "compare's check_all": 0}, calls


def test_the_command_line_reads_the_file_once(tmp_path, capsys):
    path = tmp_path / "r.csv"
    table(("a", "b", "c")).to_csv(path, index=False)
    with mock.patch.object(data, "read_csv", wraps=data.read_csv) as read:
        status = cli.main(["compare", str(path), "--no-ranking", "--out", str(tmp_path / "o")])
    assert status == 0, capsys.readouterr().err
    assert read.call_count == 1


def test_results_is_frozen_and_trusted():
    door = bt.open_results(table(), classifiers=iter(["a", "b"]))
    assert door.classifiers == ("a", "b") and door.folds == 5 and door.runs == 1
    assert not door.means_only and door.resolution is None and door.lower_is_better is False
    with pytest.raises(dataclasses.FrozenInstanceError):
        door.metric = "other"
    with mock.patch.object(data, "validate", wraps=data.validate) as validate:
        compare(door, "a", "b", **FAST)
    assert validate.call_count == 0
    # an option that contradicts how the table was read would be ignored: refused instead
    with pytest.raises(InputError, match="read already with percent=False"):
        compare(door, "a", "b", percent=True)


def test_a_refusal_on_the_folds_comes_before_the_signed_rank_sampling():
    df = table(("a", "b"), datasets=3)
    df.loc[df.classifier == "a", "score"] = df.loc[df.classifier == "b", "score"].to_numpy()
    steps = np.repeat([0.02, 0.03, 0.05], 5)
    df.loc[df.classifier == "a", "score"] += steps        # constant per data set, not equal
    with mock.patch.object(compare_module, "signed_rank_test") as sampled:
        with pytest.raises(InputError, match="same on every fold"):
            compare(df, "a", "b", **FAST)
    assert sampled.call_count == 0


# --- every scalar setting by one rule ---------------------------------------------------------

@pytest.mark.parametrize("n_jobs", [1, np.int64(1), -1])
def test_n_jobs_takes_any_whole_number(n_jobs):
    assert checks.check("n_jobs", n_jobs) == int(n_jobs)


@pytest.mark.parametrize("n_jobs", [0, True, 1.0, "2"])
def test_n_jobs_refuses_what_is_not_a_worker_count(n_jobs):
    with pytest.raises(InputError, match="n_jobs must be a whole number"):
        checks.check("n_jobs", n_jobs)


def test_an_unknown_backend_is_an_input_error_everywhere():
    for call in (lambda: compare_all(table(), backend="nonsense", n_jobs=1),
                 lambda: plan(table(), "a", "b", backend="nonsense", n_jobs=1)):
        with pytest.raises(InputError, match="unknown joblib backend 'nonsense'"):
            call()


def test_the_rope_has_one_rule_and_one_message():
    d = data.paired_differences(table(("a", "b")), "a", "b")
    messages = set()
    for call in (lambda: compare(table(), "a", "b", rope=-0.1),
                 lambda: bt.hierarchical_test(d, rope=-0.1),
                 lambda: bt.signed_rank_test(d, rope=-0.1),
                 lambda: plan(table(), "a", "b", rope=-0.1)):
        with pytest.raises(InputError) as refused:
            call()
        messages.add(str(refused.value).split(",")[0])
    assert len(messages) <= 2, messages        # "a positive number" or "at least 0" (sign tests)
    assert all(m.startswith("the rope must be a") for m in messages)


def test_differences_beyond_one_are_refused_in_one_words():
    x = np.full((3, 5), 2.0) + np.arange(5) * 0.01
    messages = set()
    for call in (lambda: bt.signed_rank_test(x.mean(axis=1)),
                 lambda: bt.correlated_bayesian_ttest(x, 0.2),
                 lambda: bt.hierarchical_test(x, folds=5)):
        with pytest.raises(InputError) as refused:
            call()
        messages.add(str(refused.value).split(" in the metric")[1])
    assert len(messages) == 1, messages


# --- issue 40's careless inputs -------------------------------------------------------------

@pytest.mark.parametrize("names", [("fold", "run"), ("dataset", "score"), ("dataset_id", "run")])
def test_classifiers_named_like_key_columns_are_compared(names):
    df = table(names)
    assert compare(df, *names, **FAST).a == names[0]
    assert set(compare_all(df, ranking=False, n_jobs=1, progress=False, **FAST).pairs) == {names}


def test_a_classifier_named_fold_can_be_planned():
    found = plan(table(("fold", "run"), shift=0.0), "fold", "run", add=[2], sims=2, n_jobs=1)
    assert found.a == "fold"


def test_classifiers_given_as_a_generator_are_read_once():
    names = (c for c in ["a", "b", "c"])
    result = compare_all(table(), names, ranking=False, n_jobs=1, progress=False, **FAST)
    assert result.classifiers == ("a", "b", "c")


def test_plan_takes_every_reading_option_compare_takes(tmp_path):
    df = table(("a", "b"), datasets=3).assign(error=lambda t: (1 - t["score"]) * 100)
    df = df.drop(columns="score")
    kwargs = dict(score="error", percent=True, lower_is_better=True, add=[2], sims=2,
                  n_jobs=np.int64(1))
    assert plan(df, "a", "b", **kwargs).a == "a"
    # and the command line's plan takes the same options as compare
    path = tmp_path / "e.csv"
    df.to_csv(path, index=False)
    args = cli.parser().parse_args(["plan", str(path), "a", "b", "--score", "error",
                                    "--percent", "--lower-is-better", "--score-range", "0",
                                    "1", "--higher-is-better"][:-1])
    assert args.percent and args.lower_is_better and args.score_range == [0.0, 1.0]
    assert cli.parser().parse_args(["plan", str(path), "a", "b",
                                    "--higher-is-better"]).lower_is_better is False


def test_plan_score_range_lets_negative_scores_through():
    df = table(("a", "b"), datasets=3).assign(score=lambda t: np.log(t["score"]))
    with pytest.raises(InputError, match=r"score_range=\(-inf, 0\)"):
        plan(df, "a", "b", add=[2], sims=2, n_jobs=1)
    assert plan(df, "a", "b", add=[2], sims=2, n_jobs=1, score_range=(-np.inf, 0)).a == "a"


def test_scores_of_both_signs_are_not_advised_a_range_from_zero():
    df = table(("a", "b")).assign(score=lambda t: (t["score"] - 0.8) * 10)
    with pytest.raises(InputError) as refused:
        compare(df, "a", "b")
    assert "(0, inf)" not in str(refused.value) and "-inf inf" in str(refused.value)


def test_percent_error_rates_below_one_are_believed():
    # 0.5 % and 0.8 % error: the verdict is read on 0.005 and 0.008, as the user said
    df = table(("a", "b"), shift=0.3).assign(error=lambda t: t["score"] - 0.3)
    df = df.drop(columns="score")
    with pytest.warns(UserWarning, match="If they are fractions already, drop percent=True"):
        told = compare(df, "a", "b", score="error", percent=True, lower_is_better=True, **FAST)
    assert np.abs(told.differences.x).max() < 0.01


def test_percent_on_fractions_where_higher_is_better_is_refused():
    # accuracies of 0.7-0.9 with --percent: no classifier scores 0.9 % accuracy, so the only
    # reading is fractions given with a wrong flag (the rope would mean 100 times more)
    df = table(("a", "b"), shift=0.01)
    assert df["score"].between(0, 1).all()
    with pytest.raises(InputError) as refused:
        compare(df, "a", "b", percent=True, **FAST)
    said = str(refused.value)
    assert "every score lies in [0, 1]" in said and "Drop percent=True (--percent)" in said
    with pytest.raises(InputError, match="Drop percent=True"):
        compare(df, "a", "b", percent=True, lower_is_better=False, **FAST)


def test_percent_on_scores_below_one_of_unknown_direction_names_both_readings():
    df = table(("a", "b"), shift=0.3).assign(error=lambda t: t["score"] - 0.3)
    with pytest.warns(UserWarning) as warned:
        bt.read_results(df.drop(columns="score"), score="error", percent=True)
    said = " ".join(str(w.message) for w in warned)
    assert "As percentages" in said and "As fractions" in said


def test_counts_of_correct_predictions_are_advised_the_test_set_size():
    df = table(("a", "b")).assign(score=lambda t: np.round(t["score"] * 50))
    with pytest.raises(InputError) as refused:
        compare(df, "a", "b")
    assert "number of test examples" in str(refused.value)
    df = table(("a", "b")).assign(score=lambda t: np.round(t["score"] * 500))
    with pytest.raises(InputError) as refused:
        compare(df, "a", "b")
    assert "number of test examples" in str(refused.value)


def test_plan_is_said_not_run_when_the_hierarchical_test_cannot_run():
    one = table(("a", "b"), datasets=1, shift=0.0)
    report = compare(one, "a", "b", plan=5, **FAST)
    assert "planner (plan=m, --plan M) was not run" in report.summary()
    means = table(("a", "b"), shift=0.0).groupby(["dataset", "classifier"], as_index=False)[
        "score"].mean()
    report = compare(means, "a", "b", plan=5, **FAST)
    assert "planner (plan=m, --plan M) was not run" in report.summary()


def test_grid_search_results_are_advised_nested_cross_validation():
    from bayestut.analysis.crossval import from_sklearn

    search = {"mean_test_score": [0.8, 0.9], "split0_test_score": [0.8, 0.9],
              "params": [{"C": 1}, {"C": 2}]}
    with pytest.raises(InputError) as refused:
        from_sklearn({"iris": {"svm": search, "knn": search}}, folds=2)
    assert "are []" not in str(refused.value) and "cross_validate(search" in str(refused.value)


def test_ctrl_c_in_plan_does_not_speak_of_a_report(tmp_path, capsys, monkeypatch):
    def stopped(args):
        raise KeyboardInterrupt
    monkeypatch.setattr(cli, "run_plan", stopped)
    monkeypatch.setenv("PYTHONWARNINGS", "")
    parsed = cli.parser().parse_args(["plan", "r.csv", "a", "b"])
    parsed.run = stopped
    with mock.patch.object(cli, "parser") as parser:
        parser.return_value.parse_args.return_value = parsed
        status = cli.main(["plan", "r.csv", "a", "b"])
    err = capsys.readouterr().err
    assert status == cli.INTERRUPTED and "report" not in err and "planning stopped" in err
    import os
    assert "ignore:resource_tracker" in os.environ["PYTHONWARNINGS"]


def test_the_notebook_command_takes_the_options_its_advice_names():
    args = cli.parser().parse_args(["notebook", "r.csv", "--score-range", "0", "inf",
                                    "--percent", "--higher-is-better", "--plan", "5"])
    assert args.score_range == [0.0, np.inf] and args.percent and args.lower_is_better is False


def test_compare_all_refuses_copied_means_before_any_pair_is_sampled():
    df = table(("a", "b", "c"), datasets=3)
    steps = np.repeat([0.02, 0.03, 0.05], 5)
    df.loc[df.classifier == "c", "score"] = df.loc[df.classifier == "a", "score"].to_numpy() + steps
    with mock.patch.object(compare_module, "signed_rank_test") as sampled:
        with pytest.raises(InputError, match="same on every fold"):
            compare_all(df, ranking=False, n_jobs=1, progress=False, **FAST)
    assert sampled.call_count == 0


def test_the_notebook_command_does_not_advise_an_option_it_lacks(tmp_path, monkeypatch, capsys):
    papermill = pytest.importorskip("papermill")
    from bayestut.analysis import own_notebook

    def refused(*args, **kwargs):
        raise papermill.PapermillExecutionError(
            0, 1, "bt.compare(...)", "InputError", "the exact engine needs at least 3 "
            "differences per data set, these have 2: use the Stan engine (on the command line "
            "--engine stan; in Python engine=\"stan\")", [])
    monkeypatch.setattr(own_notebook, "execute", refused)
    path = tmp_path / "r.csv"
    table(("a", "b")).to_csv(path, index=False)
    status = cli.main(["notebook", str(path), "a", "b", "--out", str(tmp_path / "o")])
    err = capsys.readouterr().err
    assert status == 2 and "has no --engine" in err
    assert "compare RESULTS.csv A B --engine stan" in err
