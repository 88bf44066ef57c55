"""The posterior predictive check of the hierarchical fit: its shares are what they say, a
population that fits is not flagged (calibrated on data drawn from the model), an outlying
data set is, by name and direction, and so is a population with two humps, by the count
inside the rope alone."""

from types import SimpleNamespace

import numpy as np
import pytest
from scipy import stats

from bayestut.analysis.model_check import EXTREME, OUTWARD, STATISTICS, model_check, sentence
from bayestut.methods.hierarchical import hierarchical_test, replicated_means


def _fit(means, noise=0.02, seed=0):
    """The exact engine on 10 folds per data set around the given means."""
    rng = np.random.default_rng(seed)
    x = np.asarray(means)[:, None] + rng.normal(0, noise, (len(means), 10))
    return hierarchical_test(x, a="mine", b="base", folds=10, rope=0.01, progress=False)


def _fit_folds(x, folds):
    """The exact engine on an array of differences (a helper, so that the tests calling it are
    not taken for Stan's: hierarchical_test's own source names Stan)."""
    return hierarchical_test(x, a="mine", b="base", folds=folds, rope=0.01, progress=False)


def _from_the_model(means, sigma, folds, rng):
    """Folds as the model has them: equicorrelated normal, correlation 1/folds, around each
    data set's mean, with its own standard deviation."""
    rho, q = 1 / folds, len(means)
    noise = (np.sqrt(rho) * rng.standard_normal((q, 1))
             + np.sqrt(1 - rho) * rng.standard_normal((q, folds)))
    return np.asarray(means)[:, None] + np.asarray(sigma)[:, None] * noise


def _known_population(xbar, delta0, sigma0, nu, sigma, n, rope, draws=4000):
    """A result whose posterior is one point, the true population: the check's shares are then
    (mid-)p-values of the statistics' sampling distribution, which average 1/2 exactly."""
    q = len(xbar)
    return SimpleNamespace(
        xbar=np.asarray(xbar), rope=rope, datasets=tuple(f"d{i}" for i in range(q)),
        delta0=np.full(draws, delta0), sigma0=np.full(draws, sigma0), nu=np.full(draws, nu),
        delta=np.zeros((draws, q)), sigma=np.broadcast_to(sigma, (draws, q)),
        prepared=SimpleNamespace(stan_data={"n": n, "rho": 1 / n}))


@pytest.fixture(scope="module")
def typical():
    return _fit(np.random.default_rng(1).normal(0.02, 0.01, 15))


def test_shares_are_the_replicated_sets_at_least_the_observed(typical):
    check = model_check(typical, seed=3)
    replicated = replicated_means(typical, seed=3, new_datasets=True)
    for name, statistic in STATISTICS.items():
        observed = statistic(np.asarray(typical.xbar), typical.rope)
        assert check.observed[name] == pytest.approx(observed)
        values = statistic(replicated, typical.rope)
        further = OUTWARD[name] * values > OUTWARD[name] * observed
        assert check.shares[name] == pytest.approx(np.mean(further)
                                                   + 0.5 * np.mean(values == observed))
        assert len(check.replicated[name]) == len(replicated)
    inside = np.abs(np.asarray(typical.xbar)) <= typical.rope
    assert 0 < check.observed["inside the rope"] == inside.sum() < len(inside)


def test_a_rope_no_data_set_reaches_is_not_flagged():
    # every replicated set, like the observed one, has none inside a tiny rope: all ties,
    # which counted on one side would read as a share of 1 and flag a population that fits
    rng = np.random.default_rng(4)
    sigma = np.full(10, 0.02)
    xbar = 0.05 + 0.01 * rng.standard_normal(10)
    check = model_check(_known_population(xbar, 0.05, 0.01, np.inf, sigma, 10, rope=1e-9))
    assert check.observed["inside the rope"] == 0
    assert np.all(check.replicated["inside the rope"] == 0)
    assert check.shares["inside the rope"] == 0.5 and check.flagged == []


def test_the_shares_are_calibrated_on_data_drawn_from_the_population():
    # R sets of 10 data sets from a known Student t population, each checked against the true
    # population: every share is then a mid-p-value, of mean exactly 1/2, flagged at most
    # 2 * EXTREME of the time (the count, discrete, less). Tolerances: 4 standard errors of the
    # mean over R, and the binomial 0.9999 quantile of the flags.
    rng = np.random.default_rng(7)
    repeats, q, n, rope = 300, 10, 10, 0.01
    delta0, sigma0, nu = 0.01, 0.015, 4.0
    shares = {k: [] for k in STATISTICS}
    flags = {k: 0 for k in STATISTICS}
    for r in range(repeats):
        sigma = rng.uniform(0.01, 0.03, q)
        delta = delta0 + sigma0 * rng.standard_t(nu, q)
        xbar = delta + sigma * np.sqrt((1 + (n - 1) / n) / n) * rng.standard_normal(q)
        check = model_check(_known_population(xbar, delta0, sigma0, nu, sigma, n, rope), seed=r)
        for k in STATISTICS:
            shares[k].append(check.shares[k])
            flags[k] += k in check.flagged
    most = stats.binom.ppf(0.9999, repeats, 2 * EXTREME)
    for k in STATISTICS:
        s = np.asarray(shares[k])
        assert abs(s.mean() - 0.5) < 4 * s.std() / np.sqrt(repeats), k
        assert flags[k] <= most, k


def test_data_drawn_from_the_model_are_not_flagged():
    # the fitted population this time, on one study of 12 data sets drawn from the model (a
    # fit costs seconds: the calibration over many studies is the test above; a posterior
    # predictive p-value is conservative, flagged rarer than 2 * EXTREME per statistic)
    rng = np.random.default_rng(0)
    means = 0.01 + 0.02 * rng.standard_t(5, 12)
    x = _from_the_model(means, rng.uniform(0.01, 0.03, 12), 5, rng)
    check = model_check(_fit_folds(x, 5))
    assert check.flagged == [], check.shares
    assert all(0.05 < share < 0.95 for share in check.shares.values()), check.shares


def test_two_humps_are_flagged_by_the_count_inside_the_rope_alone():
    # half the data sets near -0.03, half near +0.03, none inside the rope: one Student t hump
    # fitted between them matches their spread and extremes, but puts data sets in the gap
    rng = np.random.default_rng(5)
    means = np.r_[-0.03 + rng.normal(0, 0.005, 12), 0.03 + rng.normal(0, 0.005, 12)]
    x = _from_the_model(means, np.full(24, 0.01), 10, np.random.default_rng(0))
    check = model_check(_fit_folds(x, 10))
    assert check.observed["inside the rope"] == 0
    assert check.flagged == ["inside the rope"] and check.shares["inside the rope"] < EXTREME
    for k in ("spread", "smallest", "largest"):
        assert 0.1 < check.shares[k] < 0.95, (k, check.shares[k])
    text = sentence(check, "mine", "base")
    median = np.median(check.replicated["inside the rope"])
    assert median >= 3
    assert (f"0 of 24 mean differences lie inside the rope, fewer than the fitted population "
            f"predicts (a median of {median:g} in the new sets): the data sets may form two "
            "groups, one on each side of the rope") in text
    assert "reproduces" not in text


def test_a_population_that_fits_is_not_flagged(typical):
    check = model_check(typical)
    assert check.flagged == []
    assert ("None is below 0.01 or above 0.99: the check flags no misfit on these four "
            "statistics.") in sentence(check, "mine", "base")


def test_an_outlying_data_set_is_named_with_its_direction():
    # precisely measured data sets and one far below them: the Student t's heavy tails absorb
    # a single outlier among noisy data sets (then nothing is flagged), not this one
    means = np.r_[np.random.default_rng(2).normal(0.02, 0.002, 14), -0.5]
    check = model_check(_fit(means, noise=0.002))
    assert "smallest" in check.flagged and check.shares["smallest"] < EXTREME
    text = sentence(check, "mine", "base")
    outlier = check.datasets[int(np.argmin(check.xbar))]
    assert f"the smallest mean difference, on {outlier} (\u22120.5" in text
    assert "base scores better), is further out than the fitted population predicts" in text
    assert "reproduces" not in text


def test_the_figure_shows_each_observed_value_and_its_share(typical):
    import matplotlib

    matplotlib.use("Agg")
    from bayestut.figures.model_check import model_check_figure

    check = model_check(typical)
    fig = model_check_figure(check, "mine", "base")
    assert len(fig.axes) == len(STATISTICS) == 4
    for ax, name in zip(fig.axes, STATISTICS):
        lo, hi = ax.get_xlim()
        assert lo < check.observed[name] < hi
        assert f"share as far out {check.shares[name]:.3f}" in ax.get_title()
    assert fig.axes[3].get_title().startswith("inside the rope")
    assert fig.axes[3].get_xlabel() == "data sets with |mine − base| ≤ 0.01"


def test_every_report_carries_the_check(tmp_path):
    from bayestut import compare
    from bayestut.analysis.model_check import note
    from bayestut.analysis.report import html_report
    from bayestut.analysis.writeup import results_text
    from bayestut.paths import DATA

    c = compare(DATA / "blog_study_auc.csv", "knn", "adaboost")
    said = note(c, where="")
    assert said.startswith("Model check (posterior predictive p-values): 4000 new sets of 5 data sets")
    assert said.split(": look at")[0] in str(c)
    assert "model_check" in c.figures()
    page = html_report(c)
    assert "Model check of the hierarchical test" in page and "look at this figure" not in page
    # the paper's Results say it in a paper's voice (writeup_checks), not the console's
    assert "Posterior predictive p-values (4,000 replicated sets of 5 data sets)" in \
        results_text(c) and said not in results_text(c)


def test_the_docs_quote_the_bundled_report():
    import re
    from pathlib import Path

    from bayestut import compare
    from bayestut.analysis.model_check import note
    from bayestut.paths import DATA

    doc = (Path(__file__).parents[1] / "docs" / "your-results.md").read_text(encoding="utf-8")
    quote = doc.split("## Checking the model", 1)[1].split("\n> ", 1)[1].split("\n\n", 1)[0]
    quote = re.sub(r"\s*\n>\s*", " ", quote)
    c = compare(DATA / "uci_cv_accuracy.csv", "hnb", "nbc", score="accuracy_percent",
                percent=True)
    assert quote == note(c)


def test_the_results_come_in_paragraphs_in_md_and_tex(tmp_path):
    from bayestut import compare
    from bayestut.paths import DATA

    from bayestut.analysis.writeup import latex_document_body, write_files

    c = compare(DATA / "blog_study_auc.csv", "knn", "adaboost")
    write_files(c, tmp_path / "r.html")
    results = (tmp_path / "r.md").read_text(encoding="utf-8").split("### The full results\n\n")[1]
    parts = results.split("\n\n")
    assert parts[0].startswith("Over 5 data sets") and parts[1].startswith("Posterior predictive")
    assert parts[2].startswith("As a check, the Bayesian signed-rank test")
    assert "\n\nPosterior predictive p-values (4,000 replicated" in latex_document_body(c)


def test_the_k_report_names_the_pairs_whose_check_flags():
    import dataclasses

    from bayestut.analysis.model_check import pairs_sentence

    rng = np.random.default_rng(8)
    xbar = 0.02 + 0.01 * rng.standard_normal(10)
    fits = model_check(_known_population(xbar, 0.02, 0.01, np.inf, np.full(10, 0.01), 10, 0.01))
    assert fits.flagged == []
    humps = dataclasses.replace(fits, shares={**fits.shares, "inside the rope": 0.004})
    both = dataclasses.replace(humps, shares={**humps.shares, "largest": 0.999})
    pair = lambda check: SimpleNamespace(model_check=check)
    many = SimpleNamespace(pairs={("x", "y"): pair(fits), ("x", "z"): pair(humps),
                                  ("y", "z"): pair(both), ("z", "w"): pair(None)})
    text = pairs_sentence(many)
    assert text.startswith("Model check (posterior predictive p-values: each pair's data sets "
                           "against 4000 new sets drawn from its fitted population, on the "
                           "spread, smallest, largest and count inside the rope of the mean "
                           "differences): flagged, a share below 0.01 or above 0.99, for x against "
                           "z (count inside the rope) and y against z (largest and count inside "
                           "the rope). The fitted population does not describe those pairs'")
    assert "x against y" not in text and "z against w" not in text
    many.pairs = {("x", "y"): pair(fits), ("z", "w"): pair(None)}
    assert pairs_sentence(many).endswith("): no pair is flagged; every share lies between 0.01 "
                                         "and 0.99.")
    many.pairs = {("z", "w"): pair(None)}
    assert pairs_sentence(many) == ""


def test_the_k_console_report_carries_every_pairs_check():
    from bayestut import compare_all
    from bayestut.paths import DATA

    many = compare_all(DATA / "blog_study_auc.csv", n_jobs=1, ranking=False)
    assert "\nModel check (posterior predictive p-values" in str(many)
    assert "): no pair is flagged; every share lies between 0.01 and 0.99." in str(many)
    from bayestut.analysis.report import html_report
    assert "): no pair is flagged; every share lies between 0.01 and 0.99." in html_report(many)
    assert all(c.model_check.flagged == [] for c in many.pairs.values())


def test_the_html_report_says_the_check_beside_the_decisions():
    # a reader's finding: the check's sentence sat at the page's foot, under the last figure
    from bayestut import compare
    from bayestut.analysis.report import html_report, model_check_line
    from bayestut.paths import DATA

    shares = {"spread": 0.28, "smallest": 0.41, "largest": 0.2, "inside the rope": 0.005}
    flagged = SimpleNamespace(model_check=SimpleNamespace(shares=shares,
                                                          flagged=["inside the rope"]))
    line = model_check_line(flagged)
    assert line.startswith("Model check: flagged. The fitted population does not reproduce "
                           "the count inside the rope (posterior predictive p-values 0.28, "
                           "0.41, 0.20 and 0.005)")
    assert "reproduces" not in line and "details under its figure below" in line
    passed = SimpleNamespace(model_check=SimpleNamespace(shares={**shares, "inside the rope": 0.8},
                                                         flagged=[]))
    assert "no misfit flagged" in model_check_line(passed)
    assert model_check_line(SimpleNamespace(model_check=None)) == ""
    page = html_report(compare(DATA / "blog_study_auc.csv", "knn", "adaboost"))
    short, details = page.index("Model check: no misfit flagged"), page.index("Model check (posterior")
    assert page.index("<h2>Decisions</h2>") < short < page.index("Over all data sets") < details
