"""Careless input never changes a verdict (issue 22): what cannot be analysed as meant is
refused with an InputError before any analysis; the report is written safely; Ctrl-C stops
cleanly. Most cases use one data set, so that nothing reaches Stan."""

import dataclasses
import decimal
import os
import resource
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import types
import warnings

import numpy as np
import pandas as pd
import pytest
from conftest import make_table

from bayestut import InputError
from bayestut.analysis import cli, many
from bayestut.analysis.cli import main
from bayestut.analysis.compare import caution, compare
from bayestut.analysis.many import check_parallel, compare_all
from bayestut.analysis.report_file import report_name, write_report
from bayestut.data import paired_differences, read_results
from bayestut.methods.diagnostics import Diagnostics


def scores(datasets=("d0",), gap=0.03, folds=5, classifiers=("mine", "base"), seed=0):
    """One run of ``folds`` folds on each data set: the first classifier (mine) scores ``gap``
    above a fold's base score, with fold noise; the others 0.001, 0.002, ... below it, exactly
    (so that no two are identical)."""
    offsets = {c: gap if i == 0 else -0.001 * i for i, c in enumerate(classifiers)}
    return make_table(list(datasets), runs=1, folds=folds, classifiers=classifiers,
                      gaps=offsets, seed=seed, level=(0.7, 0.8), noise={classifiers[0]: 0.01})


def cli_run(tmp_path, capsys, df, *args, out="out"):
    csv = tmp_path / "results.csv"
    df.to_csv(csv, index=False)
    status = main(["compare", str(csv), *args, "--out", str(tmp_path / out)])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# --- silent wrong verdicts ------------------------------------------------------------------

def test_percent_is_believed_for_scores_below_one():
    # error rates of 0.5 % are 0.5 in percent: scores all below 1 may be either unit where
    # lower is better, so percent=True is believed (issue 40), and the scores become 100 times
    # smaller (where higher is better they are refused: test_one_door)
    with pytest.warns(UserWarning, match="reads two ways"):
        told = compare(scores(), "mine", "base", percent=True, lower_is_better=True)
    plain = compare(scores(), "mine", "base", lower_is_better=True)
    assert np.allclose(told.differences.x * 100, plain.differences.x)
    with pytest.raises(InputError, match="percentages lie in 0-100"):
        compare(scores().assign(score=lambda t: t["score"] - 1), "mine", "base",
                percent=True, score_range=(-1, 1))


def test_percentages_declared_as_a_0_100_range_are_refused():
    df = scores().assign(score=lambda t: t["score"] * 100)
    with pytest.raises(InputError, match="percentages.*percent=True"):
        compare(df, "mine", "base", score_range=(0, 100))
    # the fix it names works: the same verdict as the fractions give
    fixed = compare(df, "mine", "base", percent=True).headline()
    assert "mine is practically better than base" in fixed
    assert fixed == compare(scores(), "mine", "base").headline()


@pytest.mark.parametrize("flag", [dict(percent="no"), dict(lower_is_better="False"),
                                  dict(progress="yes"), dict(lower_is_better=1)])
def test_yes_no_options_take_only_true_or_false(flag):
    with pytest.raises(InputError, match="must be True or False"):
        compare(scores(), "mine", "base", **flag)


@pytest.mark.parametrize("flag", [dict(percent="no"), dict(lower_is_better="False"),
                                  dict(ranking="no"), dict(progress="no")])
def test_yes_no_options_of_compare_all_take_only_true_or_false(flag):
    with pytest.raises(InputError, match="must be True or False"):
        compare_all(scores(classifiers=("a", "b", "c")), **flag)


@pytest.mark.parametrize("column", ["error", "logloss", "val_loss", "RMSE", "mean_squared_error",
                                    "valLoss"])
def test_a_loss_named_score_needs_its_direction_said(column):
    df = scores().rename(columns={"score": column})
    with pytest.raises(InputError, match="named like an error or a loss"):
        compare(df, "mine", "base", score=column)
    said = compare(df, "mine", "base", score=column, lower_is_better=True)
    assert "base is practically better" in said.headline()


def test_neg_log_loss_and_an_explicit_higher_is_better_pass():
    df = scores().assign(score=lambda t: -t["score"]).rename(columns={"score": "neg_log_loss"})
    negated = compare(df, "mine", "base", score="neg_log_loss", score_range=(-np.inf, 0))
    assert "base is practically better" in negated.headline()
    err = scores().rename(columns={"score": "error"})
    assert "mine is practically better" in compare(err, "mine", "base", score="error",
                                                   lower_is_better=False).headline()


def test_lower_is_better_on_an_accuracy_column_is_refused():
    df = scores().rename(columns={"score": "accuracy"})
    with pytest.raises(InputError, match="named like a metric where higher is better"):
        compare(df, "mine", "base", score="accuracy", lower_is_better=True)



def test_lower_is_better_beside_a_metric_named_like_a_gain_is_refused():
    """Reader 39: a column called 'score', --metric-name AUC and --lower-is-better by mistake
    flipped the verdict silently; the metric's name is checked as the column's is."""
    with pytest.raises(InputError, match="the metric's name .metric_name. 'AUC' is named like a "
                                         "metric where higher is better"):
        compare(scores(), "mine", "base", metric_name="AUC", lower_is_better=True)
    assert compare(scores(), "mine", "base", metric_name="log-loss", lower_is_better=True)


def test_loss_named_column_on_the_command_line(tmp_path, capsys):
    df = scores().rename(columns={"score": "error"})
    status, out, err = cli_run(tmp_path, capsys, df, "mine", "base", "--score", "error")
    assert status == 2 and "--lower-is-better" in err and "--higher-is-better" in err
    assert "Verdict" not in out
    status, out, err = cli_run(tmp_path, capsys, df, "mine", "base", "--score", "error",
                               "--higher-is-better")
    assert status == 0, err


def constant_gap(gap_text: str, datasets=("d0", "d1", "d2")) -> pd.DataFrame:
    """mine = base + gap on every fold, both written with two decimals, as a user types them."""
    rows = []
    for d in datasets:
        for f, base in enumerate(["0.71", "0.74", "0.76", "0.79", "0.80"], start=1):
            mine = str(decimal.Decimal(base) + decimal.Decimal(gap_text))
            rows += [(d, "mine", 1, f, float(mine)), (d, "base", 1, f, float(base))]
    return pd.DataFrame(rows, columns=["dataset", "classifier", "run", "fold", "score"])


def test_a_constant_difference_is_answered_exactly(monkeypatch):
    def no_fit(*args, **kwargs):
        raise AssertionError("a constant difference needs no MCMC")

    monkeypatch.setattr("bayestut.analysis.compare.hierarchical_test", no_fit)
    c = compare(constant_gap("0.1"), "mine", "base")
    assert c.hierarchical is None
    assert c.headline().startswith("Exactly: mine is practically better than base: mine scores "
                                   "exactly 0.1 better than base on every fold")
    hierarchical = c.overall()[1]
    assert list(hierarchical.shares) == [0, 0, 1] and not hierarchical.shares_se.any()
    assert (c.per_dataset._rope(0.01)[:, 2] == 1).all()


def test_a_difference_on_the_rope_edge_counts_as_in_the_rope():
    # 0.81 - 0.80 = 0.010000000000000009 in floating point; the rope [-0.01, 0.01] is closed
    one = compare(constant_gap("0.01", datasets=("d0",)), "mine", "base")
    assert one.per_dataset._rope(0.01)[0, 1] == 1.0
    assert "practically equivalent" in one.headline()
    three = compare(constant_gap("0.01"), "mine", "base")
    assert "Exactly: mine and base are practically equivalent" in three.headline()
    d = paired_differences(read_results(constant_gap("0.01")), "mine", "base")
    assert (d.means() == 0.01).all()          # the float mean of 0.01s is 0.009999999999999998


def test_a_verdict_from_a_failed_fit_says_so_in_the_verdict():
    bad = Diagnostics(chains=4, draws=100, divergences=0, max_treedepth_hits=0,
                      rhat={"delta0": 6e15}, ess_bulk={"delta0": 4.2})
    assert caution(types.SimpleNamespace(diagnostics=bad)).startswith(
        " Caution: the hierarchical sampler failed its checks (R-hat up to 6e+15")
    good = dataclasses.replace(bad, rhat={"delta0": 1.001}, ess_bulk={"delta0": 3000.0})
    assert caution(types.SimpleNamespace(diagnostics=good)) == ""
    diverged = dataclasses.replace(good, divergences=3)
    assert "had 3 divergent transitions, so these numbers may be biased" in caution(
        types.SimpleNamespace(diagnostics=diverged))
    # in the headline itself
    c = compare(scores(datasets=("d0", "d1")), "mine", "base", draws=20, warmup=20, chains=2,
                engine="stan")
    failed = dataclasses.replace(c.hierarchical.fit.diagnostics, rhat={"delta0": 6e15})
    fit = dataclasses.replace(c.hierarchical.fit, diagnostics=failed)
    c = dataclasses.replace(c, hierarchical=dataclasses.replace(c.hierarchical, fit=fit))
    assert "Caution: the hierarchical sampler failed its checks" in c.headline()


def test_names_none_na_null_are_names(tmp_path):
    csv = tmp_path / "r.csv"
    scores(classifiers=("None", "NA")).to_csv(csv, index=False)
    table = read_results(csv)
    assert set(table["classifier"]) == {"None", "NA"}
    assert "None is practically better than NA" in compare(csv, "None", "NA").headline()
    (tmp_path / "blank.csv").write_text("dataset,classifier,run,fold,score\nd,,1,1,0.5\n")
    with pytest.raises(InputError, match=r"NaN in column\(s\) \['classifier'\]"):
        read_results(tmp_path / "blank.csv")


def test_zero_one_scores_are_warned_about():
    df = scores().assign(score=lambda t: (t["score"] > 0.75).astype(int))
    with pytest.warns(UserWarning, match="per-instance correctness"):
        read_results(df)


# --- tracebacks -----------------------------------------------------------------------------

@pytest.mark.parametrize("convert", [lambda v: f" {v!r} ", lambda v: decimal.Decimal(repr(v)),
                                     lambda v: v], ids=["text", "Decimal", "object float"])
def test_scores_as_text_decimal_or_objects_are_read_as_numbers(convert):
    df = scores()
    df["score"] = pd.Series([convert(v) for v in df["score"]], dtype=object)
    assert read_results(df)["score"].dtype == float
    assert "mine is practically better" in compare(df, "mine", "base").headline()


def test_bad_text_scores_are_named_not_a_traceback():
    df = scores().astype({"score": object})
    df.loc[3, "score"] = "n.a."
    with pytest.raises(InputError, match="not numeric, e.g. 'n.a.'"):
        read_results(df)


def test_semicolons_with_decimal_points(tmp_path):
    csv = tmp_path / "r.csv"
    scores().to_csv(csv, index=False, sep=";")
    assert read_results(csv)["score"].dtype == float


def test_bad_environment_variables_are_input_errors(monkeypatch):
    monkeypatch.setenv("BAYESTUT_SEED_SHIFT", "abc")
    with pytest.raises(InputError, match="BAYESTUT_SEED_SHIFT must be a whole number"):
        compare(scores(), "mine", "base")
    monkeypatch.setenv("BAYESTUT_SEED_SHIFT", "7")
    monkeypatch.setenv("BAYESTUT_STAN_BACKEND", "cmdstan")
    with pytest.raises(InputError, match="unknown Stan backend 'cmdstan'"):
        compare(scores(), "mine", "base")


@pytest.mark.parametrize("backend", ["loky", "multiprocessing"])
def test_process_backends_are_refused(backend):
    with pytest.raises(InputError, match="other processes"):
        check_parallel(2, backend)
    check_parallel(2, "threading")
    check_parallel(1, "sequential")


def test_ctrl_c_ends_the_command_in_one_line(tmp_path, capsys, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("bayestut.data.read_csv", interrupted)      # Ctrl-C while reading
    status, out, err = cli_run(tmp_path, capsys, scores(), "mine", "base")
    assert status == cli.INTERRUPTED == 130
    assert err.strip().splitlines()[-1] == "interrupted: no report written"
    assert "Traceback" not in err


def test_ctrl_c_ends_the_command_line_process_at_once(tmp_path):
    """A results 'file' that is a pipe nobody writes to: the command waits in the read until
    Ctrl-C, which must end the process in one line with status 130."""
    fifo = tmp_path / "results.csv"
    os.mkfifo(fifo)
    process = subprocess.Popen([sys.executable, "-m", "bayestut", "compare", str(fifo), "a", "b",
                                "--out", str(tmp_path / "out")], stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "PYTHONPATH": os.getcwd()})
    try:
        threading.Event().wait(3)                 # imported and waiting in the read
        process.send_signal(signal.SIGINT)
        status = process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    err = process.stderr.read()
    assert status == 130 and err.strip() == "interrupted: no report written", err


def test_pystan_swallowing_ctrl_c_is_passed_on(monkeypatch):
    stan_model = pytest.importorskip("stan.model")
    from bayestut.methods import stan

    monkeypatch.setattr(stan_model.Model, "sample", lambda self, **kwargs: None)
    args, kwargs = _tiny_hierarchical()
    with pytest.raises(KeyboardInterrupt):
        stan._sample_pystan(*args, **kwargs)


def _tiny_hierarchical():
    """Arguments of one short PyStan run of the hierarchical model."""
    from bayestut.methods import hierarchical

    d = paired_differences(read_results(scores(datasets=("d0", "d1"))), "mine", "base")
    prepared = hierarchical.prepare(d.x, d.folds, 0.01, hierarchical.HYPERPRIORS["mlj"],
                                    "hierarchical", "moments", np.random.default_rng(0))
    kwargs = dict(seed=1, chains=1, warmup=10, draws=10, thin=1, init=None, adapt_delta=0.9,
                  progress=False)
    return (hierarchical.PROGRAM, prepared.stan_data), kwargs


def test_exit_now_ends_children_that_ignore_ctrl_c():
    script = textwrap.dedent("""
        import multiprocessing, signal, time
        from bayestut.analysis.cli import exit_now
        def stubborn():
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            time.sleep(60)
        if __name__ == "__main__":
            child = multiprocessing.get_context("fork").Process(target=stubborn)
            child.start()
            print(child.pid, flush=True)
            exit_now(130)
        """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=30, env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert run.returncode == 130, run.stderr
    child = int(run.stdout.split()[0])
    for _ in range(50):
        try:
            os.waitpid(child, os.WNOHANG)
        except ChildProcessError:
            pass
        if not os.path.exists(f"/proc/{child}") or "Z" in _state(child):
            break
        threading.Event().wait(0.1)
    assert not os.path.exists(f"/proc/{child}") or "Z" in _state(child)


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2]
    except OSError:
        return "Z"


# --- writing the report ---------------------------------------------------------------------

def test_long_names_get_a_file_name_the_system_takes(tmp_path, capsys):
    long_a, long_b = "a" * 200, "b" * 200
    name = report_name(long_a, long_b, tmp_path)
    assert len(name.encode()) <= 255 and name != report_name("a" * 199, long_b, tmp_path)
    df = scores(classifiers=(long_a, long_b))
    status, out, err = cli_run(tmp_path, capsys, df, long_a, long_b)
    assert status == 0, err
    assert (tmp_path / "out" / name).is_file()


def test_a_folder_in_the_way_is_found_before_the_analysis(tmp_path, capsys):
    (tmp_path / "out" / "compare_mine_vs_base.html").mkdir(parents=True)
    status, out, err = cli_run(tmp_path, capsys, scores(), "mine", "base")
    assert status == 2 and "a folder named compare_mine_vs_base.html is in the way" in err
    assert "Verdict" not in out


def test_a_planted_symlink_is_replaced_not_followed(tmp_path, capsys):
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "compare_mine_vs_base.html").symlink_to(outside)
    status, out, err = cli_run(tmp_path, capsys, scores(), "mine", "base")
    assert status == 0, err
    assert outside.read_text() == "keep me"
    report = tmp_path / "out" / "compare_mine_vs_base.html"
    assert not report.is_symlink() and "Verdict" in report.read_text()


def test_names_that_differ_only_in_unsafe_characters_get_different_files(tmp_path, capsys):
    assert report_name("a/b", "c") != report_name("a_b", "c")
    assert report_name("mine", "base") == "compare_mine_vs_base.html"
    df = scores(classifiers=("a/b", "a_b"))
    for pair in (("a/b", "a_b"), ("a_b", "a/b")):
        assert cli_run(tmp_path, capsys, df, *pair)[0] == 0
    assert len(list((tmp_path / "out").glob("compare_*.html"))) == 2
    status, out, err = cli_run(tmp_path, capsys, df, "a/b", "a_b")
    assert "it replaced the earlier one" in out


def test_a_full_disk_leaves_no_truncated_report(tmp_path, capsys):
    """RLIMIT_FSIZE makes the report's write fail as a full disk does (EFBIG for ENOSPC)."""
    csv = tmp_path / "results.csv"
    scores().to_csv(csv, index=False)

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))

    run = subprocess.run([sys.executable, "-m", "bayestut", "compare", str(csv), "mine", "base",
                          "--out", str(tmp_path / "out")], capture_output=True, text=True,
                         preexec_fn=small_files, timeout=300,
                         env={**os.environ, "PYTHONPATH": os.getcwd(),
                              "PYTHONDONTWRITEBYTECODE": "1"})
    assert run.returncode == 2, run.stderr
    assert "cannot write the report" in run.stderr and "Traceback" not in run.stderr
    assert list((tmp_path / "out").iterdir()) == []


def test_write_report_cleans_up_after_a_failed_write(tmp_path, monkeypatch):
    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(InputError, match="No space left on device"):
        write_report(tmp_path / "r.html", "x" * 1000)
    assert list(tmp_path.iterdir()) == []


# --- smaller --------------------------------------------------------------------------------

def test_excel_sep_line(tmp_path):
    csv = tmp_path / "r.csv"
    csv.write_text("sep=;\n" + scores().to_csv(index=False, sep=";").replace(".", ","))
    assert read_results(csv)["score"].between(0.7, 0.9).all()


def test_a_name_starting_with_a_dash_is_explained(tmp_path, capsys):
    csv = tmp_path / "r.csv"
    scores(classifiers=("-x", "base")).to_csv(csv, index=False)
    with pytest.raises(SystemExit) as stop:
        main(["compare", str(csv), "-x", "base"])
    assert stop.value.code == 2 and "the names after '--'" in capsys.readouterr().err
    assert main(["compare", "--out", str(tmp_path / "o"), str(csv), "--", "-x", "base"]) == 0
    # an option the command lacks (plan writes no report) is not taken for a name (reader 19)
    with pytest.raises(SystemExit) as stop:
        main(["plan", str(csv), "--out", str(tmp_path / "p"), "--", "-x", "base"])
    said = capsys.readouterr().err
    assert stop.value.code == 2 and "that command has no such option" in said
    assert "names after '--'" not in said


def test_results_from_a_pipe(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    text = scores().to_csv(index=False)
    writer = threading.Thread(target=fifo.write_text, args=(text,), daemon=True)
    writer.start()
    try:
        assert len(read_results(fifo)) == len(scores())
    finally:
        if writer.is_alive():        # the pipe was not read: open it so that the writer ends
            with open(fifo, "rb") as f:
                f.read()
    writer.join(timeout=10)


def test_missing_folds_among_many_are_found_before_any_fit(monkeypatch):
    def no_fit(*args, **kwargs):
        raise AssertionError("a fit started")

    monkeypatch.setattr("bayestut.analysis.compare.hierarchical_test", no_fit)
    monkeypatch.setattr(many, "start_stan", no_fit)
    df = scores(datasets=("d0", "d1"), classifiers=("a", "b", "c"))
    df = df.drop(df.index[(df.classifier == "c") & (df.fold == 5) & (df.dataset == "d1")])
    with pytest.raises(InputError, match="unpaired results"):
        compare_all(df, n_jobs=1, progress=False)


def test_a_ranking_with_too_many_ties_names_the_data_set(monkeypatch):
    def no_fit(*args, **kwargs):
        raise AssertionError("a fit started")

    monkeypatch.setattr("bayestut.analysis.compare.hierarchical_test", no_fit)
    names = [f"c{i}" for i in range(8)]
    df = scores(datasets=("d0", "d1"), classifiers=names)
    df.loc[df.dataset == "d1", "score"] = 0.8            # all eight tie on d1
    with pytest.raises(InputError, match="data set 'd1': 40320 orderings.*ranking=False"):
        compare_all(df, n_jobs=1, progress=False)
    assert cli.parser().parse_args(["compare", "r.csv", "--no-ranking"]).ranking is False


def test_a_set_of_classifiers_is_refused():
    with pytest.raises(InputError, match="as a list.*not a set"):
        compare_all(scores(classifiers=("a", "b", "c")), classifiers={"a", "b", "c"})


def test_progress_only_on_a_terminal(tmp_path, capsys, monkeypatch):
    seen = []

    def spy(*args, **kwargs):
        seen.append(kwargs["progress"])
        raise InputError("stop here")

    monkeypatch.setattr("bayestut.analysis.compare.compare", spy)
    monkeypatch.setattr("bayestut.analysis.many.compare_all", spy)
    for terminal in (False, True):
        monkeypatch.setattr(sys.stderr, "isatty", lambda: terminal, raising=False)
        cli_run(tmp_path, capsys, scores(), "mine", "base")
        cli_run(tmp_path, capsys, scores(classifiers=("a", "b", "c")))
    assert seen == [False, False, True, True]


def test_sampling_leaves_no_socket_files(tmp_path, monkeypatch):
    pytest.importorskip("stan")
    from bayestut.methods import stan

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        args, kwargs = _tiny_hierarchical()
        stan._sample_pystan(*args, **kwargs)
    assert not list(tmp_path.glob("httpstan_*.sock"))


def test_stan_builds_outside_the_working_directory(tmp_path, monkeypatch):
    """httpstan's build_ext takes its folders from setuptools' config files, as here."""
    import setuptools
    import setuptools.command.build_ext as build_ext

    from bayestut.methods.stan import build_elsewhere

    monkeypatch.chdir(tmp_path)
    (tmp_path / "setup.cfg").write_text("[build]\nbuild_base = here\n")    # a user's project
    with build_elsewhere() as folder:
        dist = setuptools.Distribution()
        dist.parse_config_files(dist.find_config_files())
        command = build_ext.build_ext(dist)
        command.finalize_options()
        assert os.path.commonpath([command.build_temp, folder]) == str(folder)
    assert not folder.exists() and "DIST_EXTRA_CONFIG" not in os.environ


def test_a_first_compile_keeps_the_compilers_warnings_off_the_terminal(capfd):
    """The C++ compiler, a child process, writes to file descriptor 2 itself."""
    from bayestut.methods.stan import build_quietly

    with build_quietly():
        os.write(2, b"warning: unused variable 'lp_accum__'\n")
    assert "warning" not in capfd.readouterr().err
    # ... unless the build fails: then its last words are shown
    with pytest.raises(RuntimeError), build_quietly():
        os.write(2, b"error: expected ';'\n")
        raise RuntimeError("the build failed")
    err = capfd.readouterr().err
    assert "the compiler's last output" in err and "error: expected ';'" in err
    os.write(2, b"after\n")                    # and descriptor 2 is the terminal again
    assert capfd.readouterr().err == "after\n"


def test_constant_but_different_differences_per_data_set_are_refused_with_the_reason(monkeypatch):
    df = pd.concat([constant_gap("0.1", ("d0", "d1")), constant_gap("0.05", ("d2",))])
    with pytest.raises(InputError, match="the same on every fold .*d2: 0.05.*each fold's own"):
        compare(df, "mine", "base")


def test_the_paper_files_follow_no_planted_link_and_keep_dotted_names_apart(tmp_path, capsys):
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "compare_a.b_vs_base.md").symlink_to(outside)
    df = scores(classifiers=("a.b", "base", "a.c"))
    for name in ("a.b", "a.c"):
        status, out, err = cli_run(tmp_path, capsys, df, name, "base")
        assert status == 0, err
    assert outside.read_text() == "keep me"
    md = sorted(p.name for p in (tmp_path / "out").glob("*.md"))
    assert md == ["compare_a.b_vs_base.md", "compare_a.c_vs_base.md"]
    assert not (tmp_path / "out" / "compare_a.b_vs_base.md").is_symlink()


def test_the_notebook_command_needs_a_loss_named_columns_direction_too(tmp_path, capsys):
    csv = tmp_path / "r.csv"
    scores().rename(columns={"score": "logloss"}).to_csv(csv, index=False)
    status = main(["notebook", str(csv), "--score", "logloss", "--out", str(tmp_path / "nb")])
    assert status == 2 and "--lower-is-better" in capsys.readouterr().err


def test_the_many_classifier_verdict_names_pairs_whose_fits_failed():
    bad = Diagnostics(chains=4, draws=100, divergences=0, max_treedepth_hits=0,
                      rhat={"delta0": 1.2}, ess_bulk={"delta0": 40.0})
    good = dataclasses.replace(bad, rhat={"delta0": 1.0}, ess_bulk={"delta0": 4000.0})
    fit = lambda d: types.SimpleNamespace(hierarchical=types.SimpleNamespace(diagnostics=d))  # noqa: E731
    pairs = {("a", "b"): fit(good), ("a", "c"): fit(bad),
             ("b", "c"): types.SimpleNamespace(hierarchical=None)}      # a constant difference
    many_ = many.ManyComparison(classifiers=("a", "b", "c"), pairs=pairs, ranking=None,
                                threshold=0.95, rope=0.01)
    assert "the hierarchical fits of a vs c failed their checks" in many_.caution()
