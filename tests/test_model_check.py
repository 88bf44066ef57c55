"""The posterior predictive check of the hierarchical fit: its shares are what they say, a
population that fits is not flagged, and an outlying data set is, by name and direction."""

import numpy as np
import pytest

from bayestut.analysis.model_check import EXTREME, OUTWARD, STATISTICS, model_check, sentence
from bayestut.methods.hierarchical import hierarchical_test, replicated_means


def _fit(means, noise=0.02, seed=0):
    """The exact engine on 10 folds per data set around the given means."""
    rng = np.random.default_rng(seed)
    x = np.asarray(means)[:, None] + rng.normal(0, noise, (len(means), 10))
    return hierarchical_test(x, a="mine", b="base", folds=10, rope=0.01, progress=False)


@pytest.fixture(scope="module")
def typical():
    return _fit(np.random.default_rng(1).normal(0.02, 0.01, 15))


def test_shares_are_the_replicated_sets_at_least_the_observed(typical):
    check = model_check(typical, seed=3)
    replicated = replicated_means(typical, seed=3, new_datasets=True)
    for name, statistic in STATISTICS.items():
        observed = statistic(np.asarray(typical.xbar))
        assert check.observed[name] == pytest.approx(observed)
        further = OUTWARD[name] * statistic(replicated) >= OUTWARD[name] * observed
        assert check.shares[name] == np.mean(further)
        assert len(check.replicated[name]) == len(replicated)


def test_a_population_that_fits_is_not_flagged(typical):
    check = model_check(typical)
    assert check.flagged == []
    assert "the fitted population reproduces these data sets" in sentence(check, "mine", "base")


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
    for ax, name in zip(fig.axes, STATISTICS):
        lo, hi = ax.get_xlim()
        assert lo < check.observed[name] < hi
        assert f"share as far out {check.shares[name]:.3f}" in ax.get_title()


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
    results = (tmp_path / "r.md").read_text(encoding="utf-8").split("## Results\n\n")[1]
    parts = results.split("\n\n")
    assert parts[0].startswith("Over 5 data sets") and parts[1].startswith("Posterior predictive")
    assert parts[2].startswith("As a check, the Bayesian signed-rank test")
    assert "\n\nPosterior predictive p-values (4,000 replicated" in latex_document_body(c)
