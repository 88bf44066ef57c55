"""Cross-validation results in one tidy format, and the paired differences the tests use.

Tidy format: one row per data set x classifier x run x fold, columns
``dataset, classifier, run, fold, score`` with the score a fraction. The bundled UCI results
keep an extra ``dataset_id`` column, because two different data sets are both called ``credit``.
"""

from __future__ import annotations

import difflib

import os
import warnings
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pandas as pd

from .checks import FRACTION, check, check_score_range, metric_direction
from .csv_file import read_csv
from .errors import InputError  # re-exported: `from bayestut.data import InputError` works
from .paths import DATA
from .shapes import (LINE, ROW, check_means, is_means_only, lookalikes, nfc, refuse_ranks,
                     rows_cited, score_column, to_tidy)

COLUMNS = ["dataset", "classifier", "run", "fold", "score"]
UCI_CLASSIFIERS = ("nbc", "aode", "hnb", "j48", "j48gr")
ZERO_RESIDUE = 1e-12   # far below any score's precision, far above float rounding


def as_numbers(values, what: str) -> np.ndarray:
    """``values`` as a float array, or an InputError naming ``what`` was not numbers."""
    try:
        return np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        shown = repr(values)
        raise InputError(f"{what} must be numbers, got {shown[:80]}"
                         f"{'...' if len(shown) > 80 else ''}") from None


def load_uci(path: Path | str | None = None) -> pd.DataFrame:
    """The 54-data-set, 5-classifier results of both papers, as fractions in tidy format.

    Parameters
    ----------
    path : str or Path, optional
        Another copy of ``data/uci_cv_accuracy.csv`` (accuracies in percent); by default the
        bundled one.

    Returns
    -------
    pandas.DataFrame
        One row per data set, classifier (nbc, aode, hnb, j48, j48gr), run (10) and fold (10):
        ``dataset_id, dataset, classifier, run, fold, score``, the score a fraction. Two data
        sets are both called ``credit``: ``dataset_id`` tells them apart.
    """
    path = Path(path) if path else DATA / "uci_cv_accuracy.csv"
    raw = pd.read_csv(path)
    tidy = raw.rename(columns={"accuracy_percent": "score"})
    tidy["score"] = tidy["score"] / 100.0
    return validate(tidy[["dataset_id", *COLUMNS]])


def accuracy_table(df: pd.DataFrame, classifiers, datasets=None) -> pd.DataFrame:
    """Scores in percent, one row per (data set, classifier), one column per fold (JMLR Table 1)."""
    key = _key(df)
    rows = df[df["classifier"].isin(classifiers)]
    if datasets is not None:
        rows = rows[rows[key].isin(datasets)]
    wide = rows.assign(col=rows["run"].astype(str) + "." + rows["fold"].astype(str),
                       percent=rows["score"] * 100)
    table = wide.pivot_table(index=[key, "dataset", "classifier"], columns="col", values="percent",
                             sort=False)
    return table[list(dict.fromkeys(wide["col"]))].droplevel(0)


@dataclass(frozen=True, eq=False)      # eq=False: two tables compare by identity, not cells
class Results:
    """A results table read and checked once (:func:`open_results`), with what was said about
    it: every analysis accepts it and trusts it, checking nothing again. Treat ``table`` as
    read-only.

    Attributes
    ----------
    table : pandas.DataFrame
        Tidy per fold (``dataset, classifier, run, fold, score``) or, with means only,
        ``dataset, classifier, score``; scores in the metric's units (fractions when the
        scores were percent and divided).
    metric : str
        The score column's name as the reader gave it.
    lower_is_better : bool
        The metric's direction.
    percent : bool
        Whether the scores were given in percent (and divided by 100).
    score_range : tuple of float
        The values the metric can take, in the analysis's units (fractions with percent).
    means_only : bool
        One mean score per data set and classifier (no folds).
    classifiers : tuple of str
        The classifiers to compare, in the order given (all of the table's when none were
        named).
    runs : int or None
        The number of runs in the table (None with means only).
    folds : int or None
        The number of fold numbers in the table (None with means only).
    resolution : float or None
        The precision the scores are given to (not yet filled in).
    source : str or None
        The CSV's path when the table was read from a file (the commands a report suggests
        name it); None for a table given in memory.
    only_score_column : bool
        The metric's column was not named (no column "score"): it is the table's only column
        besides the keys and the classifier (:func:`~bayestut.shapes.score_column`).
    """

    table: pd.DataFrame
    metric: str
    lower_is_better: bool
    percent: bool
    score_range: tuple
    means_only: bool
    classifiers: tuple
    runs: int | None
    folds: int | None
    resolution: float | None = None
    source: str | None = None
    only_score_column: bool = False

    def same_reading(self, score: str, percent: bool, score_range, lower_is_better) -> None:
        """Refuse reading options that contradict how this table was read: the analysis
        trusts the table, so a different option would be silently ignored."""
        asked = {"score": (score, "score"), "percent": (percent, False),
                 "score_range": (tuple(score_range), FRACTION),
                 "lower_is_better": (lower_is_better, None)}
        had = {"score": self.metric, "percent": self.percent,      # a found column: agreed
               "score_range": self.score_range, "lower_is_better": self.lower_is_better}
        differ = [name for name, (value, default) in asked.items()
                  if value != default and value != had[name]]
        if differ:
            read = ", ".join(f"{n}={had[n]!r}" for n in differ)
            given = ", ".join(f"{n}={asked[n][0]!r}" for n in differ)
            raise InputError(f"the results were read already with {read}; the analysis got "
                             f"{given}. Give these options to bt.open_results, or pass the "
                             "raw table")


def open_results(source, *, score: str = "score", percent: bool = False,
                 score_range=FRACTION, classifiers=None,
                 lower_is_better: bool | None = None) -> Results:
    """The one door for results: read, check and describe a table once.

    Parameters
    ----------
    source : pandas.DataFrame, str, Path or Results
        The table in any of the four shapes of :mod:`bayestut.shapes`, or the path of a CSV;
        a :class:`Results` is returned as it is (its reading options must agree).
    score : str
        The column holding the metric (tidy tables). Without a column "score", the only column
        besides the keys and the classifier (the reports say so); with several, name it.
    percent : bool
        The scores are percentages: they are divided by 100.
    score_range : pair of numbers
        The values the metric can take, in fractions when ``percent`` (±inf for no bound).
    classifiers : iterable of str, optional
        The classifiers to compare, in order (any iterable, read once); in a wide table, the
        columns holding classifiers' scores.
    lower_is_better : bool or None
        The metric's direction; None: higher is better unless the column is named like a loss.

    Returns
    -------
    Results
        The checked table and what was said about it.
    """
    if isinstance(source, Results):
        source.same_reading(score, percent, score_range, lower_is_better)
        if classifiers is not None:
            named = tuple(nfc(c) for c in _names_list(classifiers))
            return replace(source, classifiers=named)
        return source
    frame = _frame(source)
    given = score
    if isinstance(score, str):          # not text: _tidy says so
        score = score_column(frame, score)
    lower_is_better = metric_direction(score, lower_is_better)
    low, high = check_score_range(score_range)
    chosen = None if classifiers is None else [nfc(c) for c in _names_list(classifiers)]
    # percent and score are checked by _tidy, once
    table = _tidy(frame, score=score, percent=percent, score_range=(low, high),
                  classifiers=chosen, lower_is_better=lower_is_better)
    means = is_means_only(table)
    known = tuple(dict.fromkeys(table["classifier"]))
    return Results(table=table, metric=score, lower_is_better=lower_is_better,
                   percent=bool(percent), score_range=(low, high),
                   means_only=means, classifiers=tuple(chosen) if chosen else known,
                   runs=None if means else int(table["run"].nunique()),
                   folds=None if means else int(table["fold"].nunique()),
                   source=str(source) if isinstance(source, (str, os.PathLike)) else None,
                   only_score_column=score != given)


def read_results(source: pd.DataFrame | Path | str, score: str = "score",
                 percent: bool = False, score_range=FRACTION, classifiers=None) -> pd.DataFrame:
    """A reader's own results (a DataFrame or a CSV path) in the tidy format, checked, to look
    at; for the analyses, :func:`open_results` reads them once with the metric's direction.

    The score column keeps its name (``score``): an analysis given this table is told again
    which metric it holds, so that a loss is never compared as if higher were better.

    Parameters
    ----------
    source : pandas.DataFrame, str or Path
        The table, or the path of a CSV file.
    score : str
        The column holding the metric; ``percent=True`` divides it by 100. Without a column
        "score", a tidy table's only column besides the keys and the classifier.
    percent : bool
        The scores are percentages.
    score_range : pair of numbers
        (low, high), the range the metric can take (±inf for no bound, e.g. (0, inf) for
        log-loss; fractions when ``percent``); every score must lie in it.
    classifiers : iterable of str, optional
        In a wide table, the columns that hold classifiers' scores (the others are left
        out); needed when the table has other numeric columns. Names are text, compared after
        Unicode normalisation (NFC), so that classifiers called 1 and 2 are found by the
        names "1" and "2".

    Returns
    -------
    pandas.DataFrame
        The tidy table (``dataset, classifier, run, fold`` and the score column; means-only
        tables without run and fold), scores in the metric's units (fractions for percent).
    """
    if isinstance(source, Results):
        table = read_table(source, score=score, percent=percent, score_range=score_range)
        return table.rename(columns={"score": score})
    frame = _frame(source)
    if isinstance(score, str):          # not text: _tidy says so
        score = score_column(frame, score)
    table = _tidy(frame, score, percent, score_range, classifiers)
    return table.rename(columns={"score": score})


def read_table(source: pd.DataFrame | Path | str, score: str = "score",
               percent: bool = False, score_range=FRACTION, classifiers=None,
               lower_is_better: bool | None = None) -> pd.DataFrame:
    """Internal: a reader's own results (a DataFrame or a CSV path) in the tidy format,
    checked, the metric in a column named "score" (what the analyses read).

    The table may come in any of the four shapes of :mod:`bayestut.shapes` (tidy or wide, per
    fold or means only); per-fold tables come back tidy per fold, means-only tables as
    ``dataset, classifier, score``. :func:`open_results` returns it with what was said about
    it, for the analyses.

    Parameters and checks as :func:`read_results`, which returns this table with the score
    column under its own name; ``lower_is_better``, the metric's direction when known
    (:func:`open_results`), settles how scores in [0, 1] given as percent are read
    (:func:`check_percent`).
    """
    if isinstance(source, Results):
        return open_results(source, score=score, percent=percent,
                            score_range=score_range).table
    return _tidy(_frame(source), score, percent, score_range, classifiers, lower_is_better)


def _frame(source) -> pd.DataFrame:
    """The table as given: a copy of a DataFrame, or a CSV read (:mod:`~bayestut.csv_file`),
    its header's names as stripped text."""
    if isinstance(source, pd.DataFrame):
        df = check_frame(source)
    elif isinstance(source, (str, Path)):
        df = read_csv(Path(source))
    elif isinstance(source, pd.Series):
        raise InputError(series_advice(source))
    elif hasattr(source, "to_pandas"):      # polars, pyarrow, ...
        raise InputError(f"a {type(source).__module__.split('.')[0]} "
                         f"{type(source).__name__} is not a pandas DataFrame: pass "
                         "source.to_pandas()")
    else:
        raise InputError(f"give the results as a pandas DataFrame or the path of a CSV file, "
                         f"not a {type(source).__name__}; e.g. pd.DataFrame(rows, columns="
                         f"{COLUMNS})")
    return df


def series_advice(series: pd.Series) -> str:
    """What to pass instead of a Series: with the keys in its index, the table
    ``reset_index`` makes (the values named ``score``); else the whole DataFrame."""
    keys = [n for n in series.index.names if n is not None and str(n) in
            ("dataset", "dataset_id", "classifier", "run", "fold")]
    if keys:
        name = series.name if series.name is not None else "score"
        return (f"a pandas Series is one column, with {', '.join(map(str, keys))} in its index: "
                f"pass series.reset_index(name={name!r}), a DataFrame with those columns")
    return ("a pandas Series is one column, not a results table: pass the whole DataFrame "
            "(e.g. df, not df['score']), one row per data set x classifier x run x fold")


def _tidy(df: pd.DataFrame, score: str = "score", percent: bool = False,
          score_range=FRACTION, classifiers=None,
          lower_is_better: bool | None = None) -> pd.DataFrame:
    """:func:`read_table` on a table already read (:func:`_frame`)."""
    percent = check("percent", percent)     # "False" is truthy: scores / 100
    if not isinstance(score, str):
        raise InputError(f"score names the score column, as text, got {score!r}")
    if classifiers is not None:
        classifiers = [nfc(c) for c in _names_list(classifiers)]
    # any of the four shapes (bayestut.shapes), score in "score"
    df = to_tidy(df, score, classifiers)
    for column in ("dataset", "classifier"):
        if column in df.columns:
            df[column] = df[column].astype(str).str.strip().map(
                lambda v: nfc(v) if isinstance(v, str) else v)
    if pd.api.types.is_bool_dtype(df["score"]):
        raise InputError("the scores are True/False: give each fold's metric as a number "
                         "(e.g. the fold's accuracy), not whether a prediction was right")
    df["score"] = numeric_scores(df["score"])
    if pd.api.types.is_numeric_dtype(df["score"]):
        check_not_ranks(df)
        check_percent(df["score"], percent, score_range, lower_is_better)
        warn_if_correctness(df["score"])
        if percent:
            df["score"] = df["score"] / 100.0
    if is_means_only(df):       # one score per data set and classifier: checked as one fold
        check_means(df)
        return validate(df.assign(run=1, fold=1), score_range).drop(columns=["run", "fold"])
    return validate(df, score_range)


def known_name(name, known) -> str:
    """``name`` (after NFC) if it is one of the ``known`` classifiers; else an InputError that
    lists them and says how a look-alike known name differs (its code points)."""
    name, known = nfc(name), sorted({str(k) for k in known})
    if name in known:
        return name
    raise InputError(f"unknown classifier {name!r}; known: {known}" + suggestion(name, known))


def suggestion(name: str, known) -> str:
    """The rest of an "unknown classifier" message: a look-alike (:func:`lookalikes`), else
    the closest known name ("; did you mean 'nbc'?"), else nothing."""
    alike = lookalikes(name, known)
    close = difflib.get_close_matches(name, list(known), n=1) if not alike else []
    return alike + (f"; did you mean {close[0]!r}?" if close else "")


def _names_list(names) -> list:
    if isinstance(names, str) or not hasattr(names, "__iter__"):
        raise InputError(f"give the classifiers as a list of names, got {names!r}")
    return list(names)


def check_frame(source: pd.DataFrame) -> pd.DataFrame:
    """A copy of a reader's DataFrame with its column names as stripped text; InputError for
    repeated column names and for the names kept in the index instead of columns."""
    df = source.copy()
    df.columns = [str(c).strip() for c in df.columns]
    repeated = sorted({c for c in df.columns if list(df.columns).count(c) > 1})
    if repeated:
        raise InputError(f"column name(s) {repeated} appear more than once: give each column "
                         "one name (one column per classifier in a wide table, one score "
                         "column in a tidy one)")
    in_index = [n for n in df.index.names if n is not None and str(n).strip() in
                ("dataset", "classifier", "run", "fold", "dataset_id")]
    if in_index and "dataset" not in df.columns:
        raise InputError(f"{', '.join(map(str, in_index))} is in the DataFrame's index, not "
                         "in its columns: pass df.reset_index()")
    df[ROW] = df.index      # each row's label, for messages citing rows
    return df


def check_not_ranks(df: pd.DataFrame) -> None:
    """Refuse ranks given instead of scores (:func:`bayestut.shapes.refuse_ranks`), in a tidy
    table: one row per data set (and fold), one column per classifier."""
    if "classifier" not in df.columns or df["score"].isna().any():
        return
    groups = [c for c in (_key(df), "run", "fold") if c in df.columns]
    table = df.pivot_table(index=groups, columns="classifier", values="score",
                           aggfunc="first")
    refuse_ranks(table.to_numpy(dtype=float))


def numeric_scores(scores: pd.Series) -> pd.Series:
    """Scores held as text or Python objects ("0.81", Decimal("0.81"), a semicolon file with
    decimal points) as floats, when every one of them is a number; else unchanged, for
    :func:`validate` to name the first that is not."""
    if pd.api.types.is_numeric_dtype(scores) or pd.api.types.is_bool_dtype(scores):
        return scores
    converted = pd.to_numeric(scores.map(lambda v: v.strip() if isinstance(v, str) else v),
                              errors="coerce")
    if converted.isna().sum() > scores.isna().sum():
        return scores
    return converted.astype(float)


def check_percent(scores: pd.Series, percent: bool, score_range,
                  lower_is_better: bool | None = None) -> None:
    """Refuse a percent flag that contradicts the scores. Scores all in [0, 1] given as
    percent read two ways: fractions (the flag a mistake, the rope's meaning a hundredfold
    off) or percentages below 1, real only where lower is better (an error rate of 0.8 %).
    Refused where higher is better (``lower_is_better=False``); otherwise (lower, or unknown:
    :func:`read_results`) a warning names both readings."""
    if percent and (scores.min() < 0.0 or scores.max() > 100.0):
        raise InputError(f"percent=True (--percent) divides the scores by 100, but percentages "
                         f"lie in 0-100 and these run from {scores.min():g} to "
                         f"{scores.max():g}: drop percent=True (--percent) and declare the "
                         "metric's range " + range_advice(scores))
    if percent and scores.max() <= 1.0 and lower_is_better is False:
        raise InputError(f"percent=True (--percent), but every score lies in [0, 1] (largest "
                         f"{scores.max():g}) and higher scores are better: as percentages, no "
                         "classifier would score above 1 % of the best possible, so these are "
                         "fractions already, and dividing them by 100 would make the rope "
                         "mean a hundred times more. Drop percent=True (--percent); if they "
                         "are an error rate in percent, say lower_is_better=True "
                         "(--lower-is-better)")
    if percent and scores.max() <= 1.0:
        # an error rate of 0.8 % is written 0.8: believed, but never silently
        warnings.warn(f"percent=True (--percent): every score lies in [0, 1] (largest "
                      f"{scores.max():g}), which reads two ways. As percentages, as you said "
                      f"(e.g. an error rate of {scores.max():g} %), {scores.max():g} means "
                      f"{scores.max() / 100:g} and the analysis runs on that. As fractions, "
                      "the differences are a hundred times larger than analysed and the "
                      "verdict is wrong. If they are fractions already, drop percent=True "
                      "(--percent)", UserWarning, stacklevel=3)
    low, high = check_score_range(score_range)
    if not percent and high == 100.0 and low >= 0.0 and scores.max() > 1.0:
        raise InputError(f"the scores run up to {scores.max():g} on a 0-100 scale: they are "
                         "percentages, but the rope and the tests work on fractions. Pass "
                         "percent=True (--percent) instead of the score range 0-100")


def warn_if_correctness(scores: pd.Series) -> None:
    """Scores that are all 0 or 1 are likely per-instance right/wrong, not a fold's metric."""
    if len(scores) and scores.isin([0, 1]).all():
        warnings.warn("every score is 0 or 1: these look like per-instance correctness "
                      "(right/wrong), not each fold's metric. Give one score per classifier "
                      "and fold, e.g. the fold's accuracy", UserWarning, stacklevel=3)


def _what_repeats(df: pd.DataFrame, keys: list) -> str:
    """A column telling the repeated rows apart (a long table of several metrics, say), as
    the rest of the message."""
    repeated = df[df.duplicated(keys, keep=False)]
    for column in (c for c in df.columns if c not in (*keys, "score", LINE, ROW)):
        if repeated.groupby(keys)[column].nunique().gt(1).any():
            values = pd.unique(repeated[column])
            listed = ", ".join(str(v) for v in values[:4]) + (", ..." if len(values) > 4 else "")
            return (f"; the repeats differ in column {column!r} ({listed}): keep the rows "
                    f"of one {column} value and compare one at a time")
    return ""


def validate(df: pd.DataFrame, score_range=FRACTION) -> pd.DataFrame:
    """Check the tidy format and return it; raise InputError naming the problem.

    ``score_range`` = (low, high): the values the metric can take; scores outside are refused.
    """
    missing = [c for c in COLUMNS if c not in df.columns]
    if missing:
        raise InputError(f"missing column(s) {missing}; expected {COLUMNS}")
    if df.empty:
        raise InputError("the results table is empty")
    nan_cols = [c for c in COLUMNS if df[c].isna().any()]
    if nan_cols:
        rows = rows_cited(df, df[nan_cols].isna().any(axis=1))
        raise InputError(f"empty or missing values: NaN in column(s) {nan_cols} ({rows}): "
                         f"every row needs a {', '.join(COLUMNS)}; fill them in, or "
                         "drop those folds' rows for both classifiers")
    df = df.assign(score=numeric_scores(df["score"]))
    if not pd.api.types.is_numeric_dtype(df["score"]):
        bad = df["score"][pd.to_numeric(df["score"], errors="coerce").isna()].iloc[0]
        raise InputError(f"the score column is not numeric, e.g. {bad!r}: give each score as "
                         "a number (with a decimal point)")
    infinite = ~np.isfinite(df["score"])
    if infinite.any():
        first = df.loc[infinite].iloc[0]
        raise InputError(f"{int(infinite.sum())} infinite score(s), e.g. {first['score']} for "
                         f"{first['classifier']!r} on {first['dataset']!r}: the tests need finite "
                         "scores; fix or drop that fold's result (for both classifiers)")
    low, high = check_score_range(score_range)
    # most scores above 1 (but none above 100) is a table in percent, not a few bad values
    if ((low, high) == FRACTION and df["score"].median() > 1.0 and df["score"].min() >= 0.0
            and df["score"].max() <= 100.0):
        raise InputError("scores above 1 look like percentages: give fractions "
                         "(divide by 100, or pass percent=True; on the command line --percent)"
                         + (COUNTS if _whole_numbers(df["score"]) else ""))
    outside = (df["score"] < low) | (df["score"] > high)
    if outside.any():
        first = df.loc[outside].iloc[0]
        raise InputError(f"{int(outside.sum())} score(s) outside the metric's range "
                         f"[{low:g}, {high:g}], e.g. {first['score']:g} for "
                         f"{first['classifier']!r} on {first['dataset']!r}; fix them or declare "
                         "the metric's true range " + range_advice(df["score"]))
    key = _key(df)
    keys = [key, "classifier", "run", "fold"]
    dup = df.duplicated(keys)
    if dup.any():
        first = ", ".join(str(v) for v in df.loc[dup, keys].iloc[0])
        raise InputError(f"{int(dup.sum())} repeated ({key}, classifier, run, fold) row(s), "
                         f"e.g. ({first}): keep one score per classifier and fold"
                         + _what_repeats(df, keys))
    return df.drop(columns=[c for c in (LINE, ROW) if c in df.columns]).reset_index(drop=True)


COUNTS = ("; if they are counts of correct predictions, divide each by its fold's number of "
          "test examples instead, which gives the fold's accuracy")


def _whole_numbers(scores: pd.Series) -> bool:
    return bool((scores % 1 == 0).all() and scores.max() > 1)


def range_advice(scores: pd.Series) -> str:
    """The score range to declare, for scores outside [0, 1]: scikit-learn's neg_ scorers
    (neg_log_loss, neg_mean_squared_error) give numbers up to 0, losses numbers from 0 up;
    counts of correct predictions are divided by the test folds' sizes instead."""
    if scores.min() >= 0 and _whole_numbers(scores):
        return ("(whole numbers from 0 up: if they are counts of correct predictions, divide "
                "each by its fold's number of test examples to get the fold's accuracy; if "
                "the metric is a count with no upper bound, score_range=(0, inf); on the "
                "command line --score-range 0 inf)")
    if scores.max() <= 0:
        return ("(all scores are at most 0, as scikit-learn's neg_ scorers give, e.g. "
                "neg_log_loss: score_range=(-inf, 0); on the command line --score-range -inf 0)")
    if scores.min() >= 0:
        return "(score_range=(0, inf) for log-loss; on the command line --score-range 0 inf)"
    return ("(the scores take both signs: give the metric's bounds, or score_range=(-inf, inf) "
            "for a metric with none; on the command line --score-range -inf inf)")


def _key(df: pd.DataFrame) -> str:
    return "dataset_id" if "dataset_id" in df.columns else "dataset"


@dataclass(frozen=True)
class Differences:
    """Paired differences score(a) - score(b): one row per data set, one column per fold.

    Attributes
    ----------
    x : numpy.ndarray
        The differences, shape (data sets, runs × folds); positive means a scored higher
        (oriented: a better, when lower scores are better).
    datasets : tuple
        The data sets' names, in row order.
    ids : tuple
        Their keys, in row order (``dataset_id`` for the bundled results, else the names).
    a : str
        The first classifier.
    b : str
        The second classifier.
    folds : int
        k, the number of folds per cross-validation run: the correlation heuristic of
        Nadeau and Bengio is rho = 1/k (:attr:`rho`).
    """

    x: np.ndarray          # (data sets, runs * folds)
    datasets: tuple        # names, in row order
    ids: tuple             # keys in row order (dataset_id for the bundled data)
    a: str
    b: str
    folds: int

    @property
    def rho(self) -> float:
        return 1.0 / self.folds

    def row(self, dataset) -> np.ndarray:
        """The differences of one data set, by id or by (unambiguous) name."""
        if dataset in self.ids:
            return self.x[self.ids.index(dataset)]
        hits = [i for i, name in enumerate(self.datasets) if name == dataset]
        if not hits:
            raise InputError(f"unknown data set {dataset!r}")
        if len(hits) > 1:
            ids = [self.ids[i] for i in hits]
            raise InputError(f"{dataset!r} names several data sets (ids {ids}); pick one by id")
        return self.x[hits[0]]

    def means(self) -> pd.Series:
        """Mean difference per data set. Differences that cancel exactly can leave a float
        residue of ~1e-18; it is snapped to the zero it is, so rank tests drop it as a zero.
        A data set whose differences are all equal has that value as its mean, exactly (the
        float mean of ten 0.01s is 0.009999999999999998, inside a rope of 0.01)."""
        constant = np.ptp(self.x, axis=1) == 0
        m = np.where(constant, self.x[:, 0], self.x.mean(axis=1))
        m = np.where(np.abs(m) < ZERO_RESIDUE, 0.0, m)
        return pd.Series(m, index=list(self.datasets), name=f"{self.a}-{self.b}")


def settle_constant_rows(x: np.ndarray) -> np.ndarray:
    """Rows of differences equal up to float residue (0.81 - 0.71 and 0.91 - 0.81 differ by
    1e-16) set to one value, rounded to 12 decimals: the decimal difference the scores meant
    (0.81 - 0.80 = 0.010000000000000009 becomes 0.01, on the rope's edge as written). A
    constant row is then a point mass, not a spread of 1e-16 that a model would try to fit."""
    x = np.array(x, dtype=float)
    constant = np.ptp(x, axis=1) < ZERO_RESIDUE
    x[constant] = np.round(x[constant].mean(axis=1), 12)[:, None]
    return x


def check_complete(table: pd.DataFrame, names, many: bool = False) -> None:
    """Every classifier of ``names`` must have results on every data set that any of them has
    (``many``: K classifiers, which may also be left out)."""
    key = _key(table)
    rows = table[table["classifier"].astype(str).isin(names)]
    everywhere = list(dict.fromkeys(rows[key]))
    problems = []
    for name in names:
        have = set(rows.loc[rows["classifier"].astype(str) == name, key])
        lacking = [d for d in everywhere if d not in have]
        if lacking:
            problems.append(f"{name!r} on {listed(lacking)}")
    if problems:
        raise InputError("no results for " + "; ".join(problems) + f" (of {len(everywhere)} data "
                         "sets). " + ("All pairs" if many else "Both classifiers")
                         + " must be compared on the same data sets: run the missing "
                         "classifiers there, or leave out those data sets"
                         + (" or those classifiers (name the others)" if many else ""))


SHOWN = 5           # data sets named in a message before "and N more"


def listed(names, shown: int = SHOWN) -> str:
    """Names quoted and joined, the first ``shown`` of them and how many more."""
    more = f" and {len(names) - shown} more" if len(names) > shown else ""
    return ", ".join(repr(n) for n in names[:shown]) + more


def odd_folds(wide: pd.DataFrame, counts: pd.Series) -> str:
    """The data sets whose number of (run, fold) scores differs from the most common one, and
    the (run, fold) pairs each lacks or adds against a data set of that number."""
    usual = counts.value_counts(sort=False).idxmax()     # ties: the first data set's
    odd = counts[counts != usual]
    pairs = {d: set(wide.loc[d].index) for d in counts.index}
    typical = pairs[counts.index[counts == usual][0]]
    said = []
    for name, n in list(odd.items())[:SHOWN]:
        gaps = [f"lacks {_run_folds(typical - pairs[name])}" if typical - pairs[name] else "",
                f"adds {_run_folds(pairs[name] - typical)}" if pairs[name] - typical else ""]
        why = ", ".join(g for g in gaps if g)
        said.append(f"{name} has {n} folds" + (f" ({why})" if why else ""))
    more = f" and {len(odd) - SHOWN} more" if len(odd) > SHOWN else ""
    others = counts.index[counts == usual]
    rest = f"{others[0]} has" if len(others) == 1 else f"the other {len(others)} have"
    return ", ".join(said) + more + f", and {rest} {usual}"


def _run_folds(pairs: set, shown: int = 3) -> str:
    try:
        ordered = sorted(pairs)
    except TypeError:               # runs or folds of mixed types
        ordered = sorted(pairs, key=lambda p: tuple(str(v) for v in p))
    text = ", ".join(f"run {r} fold {f}" for r, f in ordered[:shown])
    return text + (f" and {len(ordered) - shown} more" if len(ordered) > shown else "")


def paired_differences(df: pd.DataFrame, a: str, b: str) -> Differences:
    """Fold-by-fold differences score(a) - score(b) for every data set, in the table's order."""
    a, b = (known_name(name, df["classifier"].unique()) for name in (a, b))
    if a == b:
        raise InputError(f"both classifiers are {a!r}: name two different classifiers")
    key = _key(df)
    two = df[df["classifier"].isin([a, b])]
    wide = two.pivot_table(index=[key, "run", "fold"], columns="classifier",
                           values="score", aggfunc="first", sort=False)
    check_complete(two, [a, b])
    unpaired = wide[[a, b]].isna().any(axis=1)
    if unpaired.any():
        first = ", ".join(str(v) for v in wide.index[unpaired][0])
        has, lacks = (a, b) if pd.isna(wide[b][unpaired].iloc[0]) else (b, a)
        raise InputError(f"unpaired results: ({key}, run, fold) = ({first}) has a score for "
                         f"only one of {a!r}, {b!r} ({has!r}, not {lacks!r}); "
                         "every (dataset, run, fold) needs both classifiers' scores, measured "
                         "on the same test fold")
    wide = wide.sort_index(level=[1, 2], sort_remaining=False)
    order = list(two[key].unique())          # in order of appearance
    counts = wide.groupby(level=0, sort=False).size().reindex(order)
    if counts.nunique() != 1:
        raise InputError("unequal numbers of folds across data sets: " + odd_folds(wide, counts)
                         + "; give every data set the same runs x folds")
    # from the index's levels, not reset_index: a classifier may be called run, fold, dataset
    levels = wide.index.to_frame(index=False, name=["_key", "_run", "_fold"])
    folds_per_run = levels.groupby(["_key", "_run"], sort=False)["_fold"].nunique()
    k = folds_per_run.groupby(level=0, sort=False).agg(lambda v: sorted(set(v))).reindex(order)
    if folds_per_run.nunique() != 1:
        raise InputError("runs with different numbers of folds k: "
                         + ", ".join(f"{d}: k = {'/'.join(map(str, v))}" for d, v in k.items())
                         + "; every run of every data set must use the same k (rho = 1/k)")
    if folds_per_run.iloc[0] < 2:
        raise InputError("each run has only 1 fold: k-fold cross-validation needs at least 2 "
                         "folds per run (the fold column numbers the folds within a run)")
    diff = (wide[a] - wide[b]).groupby(level=0, sort=False)
    x = settle_constant_rows(np.vstack([diff.get_group(k).to_numpy() for k in order]))
    names = two.drop_duplicates(key).set_index(key, drop=False)["dataset"].reindex(order)
    return Differences(x=x, datasets=tuple(names), ids=tuple(order), a=a, b=b,
                       folds=int(folds_per_run.iloc[0]))
