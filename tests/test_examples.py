import numpy as np

from bayestut.data import paired_differences, read_results
from bayestut.reproduction.examples import uniform_scores


def test_tr413_example_layout_and_ranges():
    df = read_results(uniform_scores())
    assert len(df) == 3 * 2 * 30 * 5
    good, bad = (df.query(f"classifier == '{c}'")["score"] for c in ("good", "bad"))
    assert good.between(0.9, 1.0).all() and bad.between(0.6, 0.9).all()
    d = paired_differences(df, "good", "bad")
    assert d.x.shape == (3, 150) and d.folds == 5
    np.testing.assert_array_equal(uniform_scores(seed=1)["score"], uniform_scores(seed=1)["score"])
