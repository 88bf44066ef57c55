"""The one-call comparison and its command line, on small CSVs in a temporary folder."""

import re
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest
from conftest import make_table

from bayestut.analysis.cli import main, parser
from bayestut.analysis.compare import compare
from bayestut.errors import InputError

PNG = "data:image/png;base64,"


def results(gaps=(0.05, 0.04, 0.06), runs=3, folds=5, seed=0) -> pd.DataFrame:
    """Scores of 'base' (a fold's base score) and 'mine' (base + gaps[i] + noise) on
    len(gaps) data sets set0, set1, ...: mine is better by gaps[i]."""
    return make_table([f"set{i}" for i in range(len(gaps))], runs, folds,
                      classifiers=("base", "mine"), gaps={"mine": gaps}, seed=seed,
                      level=(0.7, 0.8), noise={"mine": 0.01})


def run_cli(tmp_path, capsys, df, *args):
    csv = tmp_path / "results.csv"
    df.to_csv(csv, index=False)
    status = main(["compare", str(csv), *args, "--out", str(tmp_path / "out")])
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_writes_a_self_contained_report(tmp_path, capsys):
    # Stan: its sampled numbers carry their ± (the exact engine's errors round to 0 here)
    status, out, err = run_cli(tmp_path, capsys, results(), "mine", "base", "--engine", "stan",
                               "--explain")
    assert status == 0, err
    page = (tmp_path / "out" / "compare_mine_vs_base.html").read_text()
    for text in (out, page):
        assert "3 data sets, 3 runs of 5-fold cross-validation" in text
        assert "higher scores are better" in text and "always means mine is" in text
        assert "hierarchical test: mine is practically better than base" in text
        assert "signed-rank test on the means" in text
    # the verdict comes first, in words, with the names
    assert out.split("\n")[2].startswith("Verdict: Hierarchical test over 3 data sets: mine is "
                                          "practically better than base")
    body = page.split("<body>")[1]
    assert body.index('class="verdict"') < body.index("<h2>")
    # both kinds of probability, named apart and explained; sampled numbers carry their ±
    for text in (out, page):
        assert "hierarchical test: posterior probability" in text
        assert "hierarchical test: probability on a new data set" in text
        assert "hierarchical test: probability for δ₀" in text
        # defined without itself: a newcomer looks the term up here
        assert "posterior probability: how sure the posterior is that the outcome is the " \
               "likeliest" in text
        assert "the probability that a new data set shows each outcome" in text
        assert re.search(r"0\.\d+ ± 0\.\d+", text)
    assert page.count(PNG) == 5      # per data set, signed-rank, hierarchical, δ₀, model check
    assert "<th>P(mine better)</th>" in page and "<th>P(base better)</th>" in page
    assert "http" not in page.split("<body>")[1].split("Made by")[0]  # nothing fetched
    assert f"report written to {tmp_path / 'out' / 'compare_mine_vs_base.html'}" in out


def test_lower_is_better_is_oriented_so_that_a_better_reads_the_same(tmp_path, capsys):
    df = results(gaps=(0.05, 0.0, -0.05))
    errors = df.assign(error=1 - df["score"]).drop(columns="score")
    by_score = compare(df, "mine", "base", warmup=300, draws=300, chains=2)
    by_error = compare(errors, "mine", "base", score="error", lower_is_better=True,
                       warmup=300, draws=300, chains=2)
    np.testing.assert_allclose(by_error.per_dataset._rope(0.01), by_score.per_dataset._rope(0.01))
    np.testing.assert_allclose(by_error.hierarchical.probabilities,
                               by_score.hierarchical.probabilities)
    assert "lower scores are better, so the differences are score(base) - score(mine)" \
        in by_error.orientation()
    status, out, _ = run_cli(tmp_path, capsys, errors, "mine", "base", "--lower-is-better",
                             "--score", "error")
    assert status == 0 and "lower scores are better" in out


def test_many_data_sets_decisions_are_counted_and_each_folds_out(tmp_path, capsys):
    gaps = (0.05,) * 6 + (0.0,) * 4 + (-0.05,) * 2       # 12 data sets
    status, out, _ = run_cli(tmp_path, capsys, results(gaps=gaps), "mine", "base")
    assert status == 0
    report = compare(results(gaps=gaps), "mine", "base")
    decided = report.per_dataset_table()["decision"].map(
        lambda d: d if d in ("mine better", "equivalent", "base better") else "none")
    n = decided.value_counts().get
    tally = (f"On each of the 12 data sets (Bayesian correlated t-test, threshold 0.95): "
             f"mine better on {n('mine better', 0)}, equivalent on {n('equivalent', 0)}, "
             f"base better on {n('base better', 0)}, no decision on {n('none', 0)}.")
    assert n("mine better", 0) >= 5 and n("base better", 0) >= 1
    assert f"- {tally}" in out and "- On set0:" not in out
    page = (tmp_path / "out" / "compare_mine_vs_base.html").read_text()
    folded = page.split("<details>")[1].split("</details>")[0]
    assert folded.count("<li>On set") == 12
    # the tests' sentences (and the odds' own, after a no decision) come first in both lists
    assert report.sentences(each=False)[-1] == tally
    assert len(report.sentences()) == len(report.sentences(each=False)) - 1 + 12
    few = compare(results(), "mine", "base")                # 3 data sets: each in the list
    assert few.sentences(each=False) == few.sentences()
    assert "On each of" not in few.summary(explain=True)
    assert "- On each of the 3 data sets" in few.summary()     # counted: the table gives each


def test_no_decision_reports_the_odds_without_a_grade():
    report = compare(results(gaps=(0.012, 0.02, 0.004)), "mine", "base", warmup=300,
                     draws=300, chains=2)
    text = report.summary(explain=True)        # the data sets' sentences, one with odds
    assert "no decision. The posterior probability that each outcome is the likeliest" in text
    assert "ignore the rope" in text and "posterior odds" in text and "evidence" not in text


def test_single_data_set_runs_the_correlated_test_and_refuses_the_rest(tmp_path, capsys):
    status, out, _ = run_cli(tmp_path, capsys, results(gaps=(0.05,)), "mine", "base")
    assert status == 0
    assert ("need at least 2; these results hold 1 ('set0'). The Bayesian correlated t-test "
            "of that data set still applies") in out
    assert "On set0 (probability on this data set): mine is practically better than base" in out
    assert "Verdict: On set0 (the only data set; Bayesian correlated t-test): mine is " \
           "practically better than base" in out
    page = (tmp_path / "out" / "compare_mine_vs_base.html").read_text()
    assert page.count(PNG) == 1 and "still applies" in page
    # the posterior's figure comes after the sentence that points to it
    assert "reported above" not in out and "in the per-data-set table and figure" in out


def test_help_explains_every_option():
    done = subprocess.run([sys.executable, "-m", "bayestut", "compare", "--help"],
                          capture_output=True, text=True, check=True)
    for option in ("--rope", "--lower-is-better", "--score", "--score-range", "--percent",
                   "--threshold", "--seed", "--out", "RESULTS.csv"):
        assert option in done.stdout


# --- bad input: exit status 2 and a message that says what to fix ----------------------------

def broken(kind):
    df = results()
    if kind == "missing column":
        return df.drop(columns="run"), r"missing column\(s\) \['run'\]"
    if kind == "nan":
        df.loc[7, "score"] = np.nan
        return df, r"NaN in column\(s\) \['score'\]"
    if kind == "folds differ across data sets":
        return df[~((df.dataset == "set1") & (df.run == 3))], (
            r"unequal numbers of folds across data sets: set1 has 10 folds \(lacks run 3 fold "
            r"1, run 3 fold 2, run 3 fold 3 and 2 more\), and the other 2 have 15")
    if kind == "folds differ across classifiers":
        return df[~((df.classifier == "mine") & (df.fold == 5))], (
            r"\(dataset, run, fold\) = \(set0, 1, 5\) has a score for only one of 'mine', "
            r"'base' \('base', not 'mine'\)")
    if kind == "unpaired run":
        df.loc[(df.classifier == "base") & (df.run == 2), "run"] = 4
        return df, r"\(dataset, run, fold\) = \(set0, 4, 1\) has a score for only one"
    if kind == "out of range":
        df.loc[3, "score"] = 1.2
        return df, r"1 score\(s\) outside the metric's range \[0, 1\], e.g. 1.2 for 'mine'"
    raise ValueError(kind)


@pytest.mark.parametrize("kind", ["missing column", "nan", "folds differ across data sets",
                                  "folds differ across classifiers", "unpaired run",
                                  "out of range"])
def test_bad_table_is_refused_with_what_to_fix(tmp_path, capsys, kind):
    df, message = broken(kind)
    status, out, err = run_cli(tmp_path, capsys, df, "mine", "base")
    assert status == 2 and out == ""
    assert err.startswith("error: ")
    assert re.search(message, err), err
    assert "Traceback" not in err
    with pytest.raises(InputError, match=message):
        compare(df, "mine", "base")


def test_rope_wider_than_the_score_range(tmp_path, capsys):
    status, _, err = run_cli(tmp_path, capsys, results(), "mine", "base", "--rope", "1")
    assert status == 2
    assert "the rope ±1 is at least as wide as the metric's whole range [0, 1]" in err
    assert "If you meant 1 percentage point, give rope=0.01 (--rope 0.01)" in err
    with pytest.raises(InputError, match="must be a positive number"):
        compare(results(), "mine", "base", rope=0)


@pytest.mark.parametrize("args, said", [
    # each message echoes what was typed, never another number ("0.01, not 1" for --rope 2)
    (("--rope", "2"), "the rope ±2 is at least as wide as the metric's whole range [0, 1]: "
                      "every difference would count as equivalent. If you meant 2 percentage "
                      "points, give rope=0.02 (--rope 0.02)"),
    (("--rope", "150"), "the rope ±150 is at least as wide as the metric's whole range [0, 1]: "
                        "every difference would count as equivalent. Give a narrower rope"),
    (("--rope", "1%"), "'1%': give the rope in the metric's units, without %: for 1 percentage "
                       "point of accuracy or AUC (fractions, with --percent too), --rope 0.01"),
    (("--rope", "1abc%"), "'1abc%' is not a number"),
    (("--rope=-0.01",), "the rope must be a positive number in the metric's units (e.g. "
                        "rope=0.01, --rope 0.01: one point of accuracy or AUC), got -0.01"),
    (("--rope", "abc"), "'abc' is not a number: give the rope's half-width"),
    (("--threshold", "95"), "'95': give the threshold as a probability, a number in [0.5, 1), "
                            "not a percentage: --threshold 0.95"),
    (("--threshold", "1"), "'1': the threshold must be a probability, a number in [0.5, 1)"),
    (("--threshold", "0.3"), "'0.3': the threshold must be a probability"),
    (("--threshold", "abc"), "'abc' is not a number: give the threshold as a probability")])
def test_a_mistyped_rope_or_threshold_is_refused_echoing_what_was_typed(tmp_path, capsys,
                                                                        args, said):
    try:        # argparse refuses an option's value itself, exiting with 2
        status, out, err = run_cli(tmp_path, capsys, results(), "mine", "base", *args)
    except SystemExit as stop:
        (out, err), status = capsys.readouterr(), stop.code
    assert status == 2 and out == "" and "Traceback" not in err
    assert said in err, err


@pytest.mark.parametrize("low", ["-inf", "-1e3", "-Infinity"])
def test_a_negative_bound_of_the_score_range_is_a_value_not_an_option(low):
    # scikit-learn's neg_log_loss lies in (-inf, 0]; argparse alone took "-inf" for an option
    from bayestut.analysis.cli import _bounds_as_values
    for option in ("--score-range", "--score-r"):
        argv = _bounds_as_values(["compare", "r.csv", "a", "b", option, low, "0"])
        assert parser().parse_args(argv).score_range == [float(low), 0.0]


def test_negative_log_loss_runs_with_its_range(tmp_path, capsys):
    df = results()
    df["score"] = np.log(df["score"])            # a log-likelihood: higher is better, <= 0
    status, out, err = run_cli(tmp_path, capsys, df, "mine", "base", "--score-range", "-inf",
                               "0", "--rope", "0.01")
    assert status == 0, err
    assert "mine is practically better than base" in out


def test_unknown_classifier_names_the_known_ones(tmp_path, capsys):
    status, _, err = run_cli(tmp_path, capsys, results(), "mine", "theirs")
    assert status == 2 and "unknown classifier 'theirs'; known: ['base', 'mine']" in err


def test_missing_score_column_suggests_the_option(tmp_path, capsys):
    status, _, err = run_cli(tmp_path, capsys, results(), "mine", "base", "--score", "auc")
    assert status == 2 and "no score column 'auc'; the columns are" in err


def test_unbounded_metric_with_large_differences_asks_for_a_rescale():
    df = results()
    df["score"] *= 30                                   # e.g. an RMSE in large units
    with pytest.raises(InputError, match="differences within ±1. Express the metric in larger"):
        compare(df, "mine", "base", score_range=(0, np.inf), lower_is_better=True, rope=0.3)


# --- hostile input, from the command line and from Python -----------------------------------

def cli_error(tmp_path, capsys, *args, csv=None):
    """Run the command line on a good table (or ``csv``); return the error message."""
    if csv is None:
        csv = tmp_path / "results.csv"
        results().to_csv(csv, index=False)
    status = main(["compare", str(csv), *args])
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and "Traceback" not in err, (status, err)
    assert err.startswith("error: ")
    return err


def test_empty_and_non_utf8_files_are_user_errors(tmp_path, capsys):
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    assert "is empty" in cli_error(tmp_path, capsys, "a", "b", csv=empty)
    latin = tmp_path / "latin.csv"
    latin.write_bytes("dataset,classifier,run,fold,score\nCrème,a,1,1,0.8\n".encode("latin-1"))
    assert "is not UTF-8 text" in cli_error(tmp_path, capsys, "a", "b", csv=latin)


def test_out_onto_a_file_or_an_impossible_folder_is_refused_before_the_analysis(
        tmp_path, capsys, monkeypatch):
    import bayestut.analysis.compare

    def no_analysis(*args, **kwargs):
        raise AssertionError("the analysis ran before the output folder was checked")

    monkeypatch.setattr(bayestut.analysis.compare, "compare", no_analysis)
    existing = tmp_path / "report.html"
    existing.write_text("")
    err = cli_error(tmp_path, capsys, "mine", "base", "--out", str(existing))
    assert f"--out {existing} is a file: give a folder" in err
    err = cli_error(tmp_path, capsys, "mine", "base", "--out", str(existing / "sub"))
    assert "cannot write the report into" in err and "with --out" in err
    err = cli_error(tmp_path, capsys, "mine", "base", "--out", "/proc/no-such-folder")
    assert "cannot write the report into /proc/no-such-folder" in err


@pytest.mark.parametrize("seed", ["-1", "2147483648"])
def test_seed_out_of_range(tmp_path, capsys, seed):
    err = cli_error(tmp_path, capsys, "mine", "base", "--seed", seed,
                    "--out", str(tmp_path / "out"))
    assert f"seed must be a whole number from 0 to 2147483647 (--seed), got {seed}" in err


@pytest.mark.parametrize("option, value, message", [
    ("rope", "0.01", "the rope must be a positive number in the metric's units"),
    ("rope", None, "the rope must be a positive number in the metric's units"),
    ("chains", 0, "chains must be a whole number from 1"),
    ("draws", 0, "draws must be a whole number from 20"),
    ("seed", 1.0, "seed must be a whole number from 0 to 2147483647"),
    ("adapt_delta", 1.0, "adapt_delta must be a number in \\[0.5, 1\\)"),
    ("non_centred", "yes", "non_centred must be 'moments', 'auto', True or False"),
])
def test_bad_options_from_python(option, value, message):
    with pytest.raises(InputError, match=message):
        compare(results(), "mine", "base", **{option: value})


def test_a_list_or_an_array_instead_of_a_table():
    for wrong in (results().to_numpy(), results().to_numpy().tolist()):
        with pytest.raises(InputError, match="give the results as a pandas DataFrame"):
            compare(wrong, "mine", "base")


def test_compare_with_one_name_or_none_of_three_points_to_compare_all():
    with pytest.raises(InputError, match="name both.*compare_all"):
        compare(results(), "mine")
    three = pd.concat([results(), results().replace({"classifier": {"base": "other"}})
                       .query("classifier == 'other'")])
    with pytest.raises(InputError, match="hold 3 classifiers.*'base', 'mine', 'other'.*"
                                         "compare_all"):
        compare(three)


def test_two_classifiers_none_named_are_one_pair_in_the_files_order(tmp_path, capsys):
    # the file's order: base first (results() writes base's rows first)
    unnamed = compare(results(), engine="exact")
    named = compare(results(), "base", "mine", engine="exact")
    swapped = compare(results(), "mine", "base", engine="exact")
    assert (unnamed.a, unnamed.b) == ("base", "mine")
    assert unnamed.decision == named.decision == "mine better" == swapped.decision
    line = ("Compared in the file's order: base vs mine; name them to choose which comes "
            "first (the verdict does not depend on it).")
    assert line in unnamed.summary() and line not in named.summary()
    status, out, err = run_cli(tmp_path, capsys, results())
    assert status == 0, err
    assert out.startswith("base against mine\n") and line in out
    assert "pairs" not in out and "Plackett-Luce" not in out      # not the K report
    assert (tmp_path / "out" / "compare_base_vs_mine.html").exists()
    assert "file&#39;s order: base vs mine" in (tmp_path / "out" /
                                                "compare_base_vs_mine.html").read_text()


def test_numeric_classifier_names_from_the_command_line(tmp_path, capsys):
    df = results(gaps=(0.05,)).replace({"classifier": {"mine": 1, "base": 2}})
    status, out, err = run_cli(tmp_path, capsys, df, "1", "2")
    assert status == 0, err
    assert "1 is practically better than 2" in out


def test_identical_classifiers_are_practically_equivalent(tmp_path, capsys):
    df = results()
    twin = df[df.classifier == "base"].assign(classifier="twin")
    status, out, err = run_cli(tmp_path, capsys, pd.concat([df, twin]), "twin", "base")
    assert status == 0, err
    assert "Verdict: twin and base are practically equivalent: their scores are identical" in out
    report = compare(pd.concat([df, twin]), "twin", "base")
    for o in report.overall():
        np.testing.assert_array_equal(o.shares, [0, 1, 0])
        np.testing.assert_array_equal(o.means, [0, 1, 0])
    np.testing.assert_array_equal(report.per_dataset._rope(0.01)[:, 1], 1.0)


def test_sampler_options_reach_the_hierarchical_model(tmp_path, capsys, monkeypatch):
    import bayestut.analysis.compare
    import bayestut.methods.hierarchical

    seen = {}

    def spy(d, **kwargs):
        seen.update(kwargs)
        raise InputError("stop here")

    monkeypatch.setattr(bayestut.analysis.compare, "hierarchical_test", spy)
    err = cli_error(tmp_path, capsys, "mine", "base", "--chains", "2", "--warmup", "200",
                    "--draws", "300", "--adapt-delta", "0.95", "--non-centred", "all",
                    "--seed", "7", "--out", str(tmp_path / "out"))
    assert "stop here" in err
    assert {k: seen[k] for k in ("chains", "warmup", "draws", "adapt_delta", "non_centred",
                                 "seed")} == dict(chains=2, warmup=200, draws=300,
                                                  adapt_delta=0.95, non_centred=True, seed=7)
    # the command line's defaults are compare()'s (the CLI does not import it to parse)
    defaults = parser().parse_args(["compare", "r.csv", "a", "b"])
    for name in ("adapt_delta", "chains", "warmup", "draws", "seed"):
        assert getattr(defaults, name) == bayestut.analysis.compare.compare.__kwdefaults__[name]
    assert defaults.adapt_delta == 0.95


def test_help_imports_nothing_heavy_and_answers_fast():
    code = ("import sys, time; t = time.perf_counter(); from bayestut.analysis import cli; "
            "cli.parser().format_help(); print(time.perf_counter() - t); "
            "print(sorted(m for m in ('numpy', 'pandas', 'matplotlib', 'scipy', 'stan') "
            "if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    seconds, heavy = done.stdout.splitlines()
    assert heavy == "[]"
    assert float(seconds) < 0.5


def test_the_exact_engine_is_the_default_and_stan_one_flag_away(tmp_path, capsys):
    status, out, err = run_cli(tmp_path, capsys, results(), "mine", "base", "--explain")
    assert status == 0, err
    assert "the numerical error of the integration" in out
    with pytest.raises(SystemExit) as stop:
        run_cli(tmp_path, capsys, results(), "mine", "base", "--engine", "gibbs")
    assert stop.value.code == 2 and "invalid choice: 'gibbs'" in capsys.readouterr().err


def test_default_sampler_settings_keep_divergences_rare_with_few_data_sets():
    # 3 data sets: at adapt_delta 0.8 this fit had 110 divergences in 4,000 (seed 0) and
    # 214 (seed 1); compare's default 0.95 had 39 and 25 (benchmarks/non_centred_default.py)
    report = compare(results(), "mine", "base", engine="stan")
    assert report.hierarchical.diagnostics.divergences < 80
    problems = " ".join(report.diagnostics())
    assert "more warm-up" not in problems


def test_names_no_font_can_draw_are_flagged_in_the_report(tmp_path, capsys):
    # a private-use character: no font has it, so the figures would show an empty box
    df = results(gaps=(0.05,)).replace({"classifier": {"mine": "mine\ue000"}})
    status, _, err = run_cli(tmp_path, capsys, df, "mine\ue000", "base")
    assert status == 0 and "Glyph" not in err, err
    page = next((tmp_path / "out").glob("*.html")).read_text()
    assert "No font installed here can draw \ue000" in page
    status, _, _ = run_cli(tmp_path, capsys, results(gaps=(0.05,)), "mine", "base")
    assert "No font installed" not in (tmp_path / "out" / "compare_mine_vs_base.html").read_text()


def test_the_per_dataset_figure_is_a_forest_coloured_by_each_data_sets_decision():
    import matplotlib.pyplot as plt

    from bayestut.figures.style import OUTCOME_COLOURS

    df = results(gaps=(0.05, 0.0, -0.05), runs=10, folds=10)
    report = compare(df, "mine", "base", threshold=0.9)
    ax = report.figures()["per_dataset"].axes[0]
    # a row per data set, the largest mean difference on top
    assert [t.get_text() for t in ax.get_yticklabels()] == ["set2", "set1", "set0"]
    dots = {int(line.get_ydata()[0]): line.get_color() for line in ax.lines
            if line.get_marker() == "o"}
    assert dots == {0: OUTCOME_COLOURS["left"], 1: OUTCOME_COLOURS["rope"],
                    2: OUTCOME_COLOURS["right"]}
    assert "P > 0.9" in ax.get_legend().get_title().get_text()
    assert [t.get_text() for t in ax.texts] == ["← base better", "mine better →"]
    plt.close("all")


def test_names_with_dollars_and_backslashes_are_drawn_as_written(tmp_path, capsys):
    # mathtext would read '$\x$' as an unknown symbol and fail while drawing the figures
    df = results(gaps=(0.05, 0.03)).replace({"classifier": {"mine": r"$\x$", "base": "a$b"}})
    status, _, err = run_cli(tmp_path, capsys, df, r"$\x$", "a$b")
    assert status == 0, err
    report = compare(df, r"$\x$", "a$b")
    ax = report.figures()["per_dataset"].axes[0]
    ax.figure.canvas.draw()
    assert ax.get_xlabel() == r"mean difference of 'score' μ ($\x$ − a$b)"
    import matplotlib.pyplot as plt
    plt.close("all")


# --- one score column besides the keys: read without --score (mpaper4) -----------------------

def test_the_only_score_column_is_read_and_named_in_the_orientation_line(tmp_path, capsys):
    df = results().rename(columns={"score": "auc"})
    status, out, err = run_cli(tmp_path, capsys, df, "mine", "base")
    assert status == 0, err
    assert "Metric 'auc' (the only score column): higher scores are better" in out
    named = compare(df, "mine", "base", score="auc")
    assert "the only score column" not in named.summary()     # named: nothing to say
    found = compare(df, "mine", "base")
    assert "Metric 'auc' (the only score column): higher" in found.summary()
    pd.testing.assert_frame_equal(found.probabilities, named.probabilities)
    # with a name for the write-ups, the column and how it was found
    titled = compare(df, "mine", "base", metric_name="AUC")
    assert "Metric 'AUC' (column 'auc', the only score column):" in titled.summary()
    # the same for K classifiers, and for a loss its direction is still asked
    from bayestut.analysis.many import compare_all
    many = compare_all(df, engine="exact", n_jobs=1, progress=False, ranking=False)
    assert "Metric 'auc' (the only score column):" in many.summary()
    with pytest.raises(InputError, match="'log_loss' is named like an error or a loss"):
        compare(results().rename(columns={"score": "log_loss"}), "mine", "base")


def test_several_score_columns_are_never_guessed_among(tmp_path, capsys):
    df = results().rename(columns={"score": "auc"}).assign(accuracy=0.9, fit_time=1.5)
    status, _, err = run_cli(tmp_path, capsys, df, "mine", "base")
    said = ("no score column 'score', and 3 columns could hold the metric: ['auc', 'accuracy', "
            "'fit_time']. Name the metric's column with score=... (on the command line --score "
            "NAME)")
    assert status == 2 and said in err
    with pytest.raises(InputError, match=r"3 columns could hold the metric: \['auc'"):
        compare(df, "mine", "base")
    assert compare(df, "mine", "base", score="auc").metric == "auc"
