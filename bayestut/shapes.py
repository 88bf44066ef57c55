"""The four shapes a table of results comes in, told apart by its header, and reshaped to tidy.

A researcher's table is one of:

- tidy per fold: ``dataset, classifier, run, fold, score`` (one row per fold);
- wide per fold: ``dataset, run, fold`` and one column of scores per classifier;
- means only, tidy: ``dataset, classifier, score`` (one mean score per data set and classifier);
- means only, wide: ``dataset`` and one column per classifier, as papers print their tables.

Per-fold tables become the tidy per-fold table; means-only tables become the tidy means table
``dataset, classifier, score``, which has no run or fold column: that absence is what tells the
analyses (:func:`is_means_only`) that only the tests on the data sets' means can run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import InputError

if TYPE_CHECKING:
    import pandas as pd

TIDY, WIDE, TIDY_MEANS, WIDE_MEANS = ("tidy per fold", "wide per fold", "means only, tidy",
                                      "means only, wide")
FOLD_COLUMNS = ("run", "fold")
KEYS = ("dataset_id", "dataset", "run", "fold")     # never a classifier's column in a wide table

# Four-line examples of each shape: the same text in --help, the README and the errors.
EXAMPLES = """\
tidy per fold:                         wide per fold:
  dataset,classifier,run,fold,score      dataset,run,fold,mine,baseline
  iris,mine,1,1,0.95                     iris,1,1,0.95,0.93
  iris,baseline,1,1,0.93                 iris,1,2,0.96,0.91
  iris,mine,1,2,0.96                     wine,1,1,0.98,0.97
means only, tidy:                      means only, wide:
  dataset,classifier,score               dataset,mine,baseline
  iris,mine,0.955                        iris,0.955,0.920
  iris,baseline,0.920                    wine,0.981,0.975
  wine,mine,0.981                        glass,0.712,0.690"""


def accepted_shapes() -> str:
    """The accepted shapes, for an error message."""
    return ("The accepted shapes (columns in any order; --score names the score column of a "
            "tidy table):\n" + EXAMPLES)


def detect_shape(columns, score: str = "score") -> str:
    """Which of the four shapes a header describes; InputError when it fits none."""
    columns = list(columns)
    folds = [c for c in FOLD_COLUMNS if c in columns]
    if "dataset" not in columns:
        raise InputError(f"no 'dataset' column; the columns are {columns}. "
                         + accepted_shapes())
    if len(folds) == 1:
        lacking = [c for c in FOLD_COLUMNS if c not in folds]
        raise InputError(f"missing column(s) {lacking}: per-fold results need both run and "
                         "fold (each run numbers its folds 1..k), means only need neither. "
                         + accepted_shapes())
    if "classifier" in columns:
        if score not in columns:
            raise InputError(f"no score column {score!r}; the columns are {columns} "
                             "(name the metric's column with score=... or --score)")
        return TIDY if folds else TIDY_MEANS
    classifiers = [c for c in columns if c not in KEYS]
    if len(classifiers) < 2:
        raise InputError(f"no 'classifier' column, and {len(classifiers)} column(s) besides "
                         f"{', '.join(k for k in KEYS if k in columns)}: a wide table needs "
                         "one column of scores per classifier, at least two. "
                         + accepted_shapes())
    return WIDE if folds else WIDE_MEANS


def to_tidy(df: pd.DataFrame, score: str = "score") -> pd.DataFrame:
    """Any accepted shape as the tidy per-fold table or the tidy means table; the score in
    column ``score`` (a wide table's score column is called ``score``)."""
    import pandas as pd     # here, not on top: the CLI's --help reads EXAMPLES without pandas

    shape = detect_shape(df.columns, score)
    if shape in (TIDY, TIDY_MEANS):
        if score != "score":
            df = df.drop(columns=["score"], errors="ignore").rename(columns={score: "score"})
        return df
    keys = [k for k in KEYS if k in df.columns]
    classifiers = [c for c in df.columns if c not in KEYS]
    for name in classifiers:
        numbers = pd.to_numeric(df[name], errors="coerce")
        if (numbers.isna() & df[name].notna()).any():
            bad = df[name][numbers.isna() & df[name].notna()].iloc[0]
            raise InputError(f"column {name!r} is not numeric (e.g. {bad!r}): in a wide table "
                             f"every column besides {', '.join(keys)} holds one classifier's "
                             "scores; drop other columns, or give the scores as numbers")
        df = df.assign(**{name: numbers})
    # classifier by classifier, each listing the data sets in the wide table's order; the
    # columns numbered meanwhile, so that a classifier may be called "score" too
    names = dict(enumerate(classifiers))
    tidy = df.rename(columns={c: i for i, c in names.items()}).melt(
        id_vars=keys, value_vars=list(names), var_name="classifier", value_name="score")
    tidy["classifier"] = tidy["classifier"].map(names)
    return tidy


def is_means_only(table: pd.DataFrame) -> bool:
    """A tidy means table (one score per data set and classifier), not a per-fold one."""
    return not any(c in table.columns for c in FOLD_COLUMNS)


def check_means(df: pd.DataFrame) -> None:
    """What only a means table can get wrong: missing values and repeated (data set,
    classifier) pairs. The scores are checked as any table's (data.validate)."""
    key = "dataset_id" if "dataset_id" in df.columns else "dataset"
    missing = [c for c in (key, "classifier", "score") if df[c].isna().any()]
    if missing:
        rows = df.index[df[missing].isna().any(axis=1)][:5].tolist()
        raise InputError(f"empty or missing values in column(s) {missing} (first rows: {rows}): "
                         "every data set needs a mean score for every classifier; fill them "
                         "in, or drop those data sets")
    dup = df.duplicated([key, "classifier"])
    if dup.any():
        first = df.loc[dup, [key, "classifier"]].iloc[0]
        raise InputError(f"{int(dup.sum())} repeated ({key}, classifier) row(s), e.g. "
                         f"({first[key]}, {first['classifier']}): a means-only table holds one "
                         "score per data set and classifier (per-fold results need run and "
                         "fold columns)")
