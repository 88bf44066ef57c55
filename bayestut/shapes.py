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

import difflib
import re
import unicodedata
from typing import TYPE_CHECKING

from .errors import InputError

if TYPE_CHECKING:
    import pandas as pd

TIDY, WIDE, TIDY_MEANS, WIDE_MEANS = ("tidy per fold", "wide per fold", "means only, tidy",
                                      "means only, wide")
FOLD_COLUMNS = ("run", "fold")
REQUIRED = ("dataset", "classifier", *FOLD_COLUMNS)  # a tidy per-fold table's key columns
# where each row came from, for messages: the file's line, or the DataFrame's index label
LINE, ROW = "_bayestut_line", "_bayestut_row"
KEYS = ("dataset_id", "dataset", "run", "fold", LINE, ROW)   # never a classifier's column
# columns of a wide table that hold something else than a classifier's scores: a pandas index
# saved with the table, a seed, a count, a time
NOT_SCORES = re.compile(r"(unnamed: ?\d+|index|seed|random_state|id|n|size|time|.*_time|"
                        r"time_.*|n_.*|num_.*|.*_count|count_.*|.*_size|fit_time|score_time)",
                        re.IGNORECASE)

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


def _plain(name) -> str:
    """A column's name without case, underscores, hyphens or spaces: Data_Set is dataset."""
    return re.sub(r"[\s_-]+", "", str(name)).casefold()


def misnamed(columns) -> dict:
    """{column: the required column it names}: a header that lacks dataset, classifier, run
    or fold but has it in another case or with underscores, hyphens or spaces (data_set)."""
    lacking = [k for k in REQUIRED if k not in columns]
    return {c: k for c in columns if c not in KEYS for k in lacking if _plain(c) == k}


def refuse_misnamed(columns, also: str = "") -> None:
    """InputError naming every misnamed required column at once (:func:`misnamed`), with the
    rename that fixes them; ``also``: the header's other problem, said in the same message."""
    renames = misnamed(columns)
    if renames:
        named = ", ".join(f"{c!r} for {k!r}" for c, k in renames.items())
        raise InputError(f"required column(s) named otherwise: {named}. Rename "
                         f"{'it' if len(renames) == 1 else 'them'} in the header, or pass "
                         f"df.rename(columns={renames})" + also)


def close_column(name: str, columns) -> str:
    """The rest of a "no column" message: a column named nearly so ('datasets'), if any."""
    plain = {_plain(c): c for c in columns if c not in KEYS}
    close = difflib.get_close_matches(name, list(plain), n=1, cutoff=0.75)
    return f" (is {plain[close[0]]!r} it? then rename it {name!r})" if close else ""


def detect_shape(columns, score: str = "score") -> str:
    """Which of the four shapes a header describes; InputError when it fits none."""
    columns = [c for c in columns if c not in (LINE, ROW)]
    refuse_misnamed(columns)
    folds = [c for c in FOLD_COLUMNS if c in columns]
    if "dataset" not in columns:
        also = (f"; nor a score column {score!r}" if "classifier" in columns
                and score not in columns else "")
        raise InputError(f"no 'dataset' column{close_column('dataset', columns)}{also}; the "
                         f"columns are {columns}. " + accepted_shapes())
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


def score_column(df: pd.DataFrame, score: str = "score") -> str:
    """The score column of a tidy table: ``score`` when the header has it; without a column
    "score" (the default's), the only column besides the keys and the classifier; several such
    columns are never guessed among (InputError listing those that hold numbers). Misnamed
    required columns (:func:`misnamed`) are refused first, with the score column's problem.

    Parameters
    ----------
    df : pandas.DataFrame
        The table as read.
    score : str
        The column named by the reader (score=..., --score), or the default "score".

    Returns
    -------
    str
        The score column's name; ``score`` unchanged for a wide table or a header that has it.
    """
    columns = [c for c in df.columns if c not in (LINE, ROW)]
    renames = misnamed(columns)
    others = [c for c in columns if c not in KEYS and c != "classifier" and c not in renames]
    tidy = "classifier" in columns or "classifier" in renames.values()
    problem = ""
    if tidy and score not in columns:
        problem = (f"no score column {score!r}" if score != "score" or not others
                   else metric_candidates(df, others) if len(others) > 1 else "")
    refuse_misnamed(columns, also=f"; and {problem}" if problem else "")
    if score in columns or score != "score" or not tidy:
        return score
    if len(others) == 1:
        return others[0]
    if others:
        lacking = "dataset" not in columns       # said now too, not after the score is named
        raise InputError(problem + (f"; and no 'dataset' column{close_column('dataset', columns)}"
                                    if lacking else ""))
    return score            # none at all: detect_shape says so


def metric_candidates(df: pd.DataFrame, columns) -> str:
    """The columns that could hold the metric, those that hold numbers only, as a message
    asking to name one; a lone such column is offered by name."""
    import pandas as pd

    def numeric(column) -> bool:
        values = df[column].dropna()
        values = values.str.strip() if values.dtype == object else values
        return bool(pd.to_numeric(values, errors="coerce").notna().all())

    numbers = [c for c in columns if numeric(c)]
    text = [c for c in columns if c not in numbers]
    besides = (f" ({', '.join(map(repr, text))} hold{'s' if len(text) == 1 else ''} text)"
               if text else "")
    if len(numbers) == 1:
        return (f"no score column 'score', and of the other columns only {numbers[0]!r} holds "
                f"numbers{besides}: name it with score={numbers[0]!r} (on the command line "
                f"--score {numbers[0]})")
    return (f"no score column 'score', and {len(numbers)} columns could hold the metric: "
            f"{numbers}{besides}. Name the metric's column with score=... (on the command "
            "line --score NAME)")


def to_tidy(df: pd.DataFrame, score: str = "score", chosen=None) -> pd.DataFrame:
    """Any accepted shape as the tidy per-fold table or the tidy means table; the score in
    column ``score`` (a wide table's score column is called ``score``). ``chosen``: the
    classifiers' columns of a wide table, when it holds other columns too."""
    import pandas as pd     # here, not on top: the CLI's --help reads EXAMPLES without pandas

    shape = detect_shape(df.columns, score)
    if shape in (TIDY, TIDY_MEANS):
        if score != "score":
            df = df.drop(columns=["score"], errors="ignore").rename(columns={score: "score"})
        return df
    keys = [k for k in KEYS if k in df.columns]
    classifiers = wide_classifiers(df, chosen)
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


def wide_classifiers(df: pd.DataFrame, chosen=None) -> list:
    """The columns of a wide table that hold classifiers' scores: ``chosen`` (checked), or
    every column besides the keys, refusing columns that hold something else."""
    import pandas as pd

    columns = [c for c in df.columns if c not in KEYS]
    refuse_ranks(df[columns].apply(pd.to_numeric, errors="coerce"))
    if chosen is not None:
        by_form = {nfc(c): c for c in columns}
        unknown = [c for c in chosen if c not in by_form]
        if unknown:
            raise InputError(f"unknown classifier(s) {unknown}: the wide table's columns are "
                             f"{list(by_form)}" + "".join(lookalikes(c, by_form) for c in unknown))
        return [by_form[c] for c in dict.fromkeys(chosen)]
    values = {c: pd.to_numeric(df[c], errors="coerce") for c in columns}
    whole = {c: bool(v.notna().any() and (v.dropna() % 1 == 0).all() and v.max() > 1)
             for c, v in values.items()}
    fractions = any(v.notna().any() and v.between(0, 1).all() and not whole[c]
                    for c, v in values.items())
    others = {}
    for c in values:
        if df[c].isna().all():
            others[c] = "empty"
        elif NOT_SCORES.fullmatch(str(c).strip()):
            others[c] = "named like an index, a seed, a count or a time"
        elif whole[c] and fractions:
            others[c] = "whole numbers above 1, beside scores between 0 and 1"
    if others:
        listed = "; ".join(f"{c!r} ({why})" for c, why in others.items())
        noun, verb = ("columns", "do") if len(others) > 1 else ("column", "does")
        raise InputError(f"the wide table's {noun} {listed} {verb} not look like classifiers' "
                         "scores, yet a wide table reads every column besides "
                         f"{', '.join(k for k in KEYS[:4] if k in df.columns)} as a classifier. "
                         "Say which columns are classifiers (in Python classifiers=[...]; on "
                         "the command line name them after the file: RESULTS.csv mine baseline "
                         "...) or drop the other columns")
    return columns


def nfc(name) -> str:
    """A name in Unicode's composed form: "naïve" typed as i + combining diaeresis (NFD, as
    macOS file systems write it) is the same name as with the one character ï (NFC)."""
    return unicodedata.normalize("NFC", str(name))


def _skeleton(name: str) -> str:
    """What a name looks like: compatibility forms, case, invisible characters, spaces alike."""
    text = unicodedata.normalize("NFKC", name).casefold()
    return "".join(ch for ch in text if unicodedata.category(ch) not in ("Cf", "Mn", "Zs"))


def _swapped_letters(one: str, other: str) -> bool:
    """Two names of one length differing only where one has a non-ASCII character: a Cyrillic
    а or е in place of a Latin a or e, which no normal form maps to each other."""
    return len(one) == len(other) and one != other and all(
        x == y or not (x.isascii() and y.isascii()) for x, y in zip(one, other))


def lookalikes(name: str, known) -> str:
    """The rest of an "unknown" message when a known name looks like ``name``: one that differs
    only in case named as the likely meaning (a typo, not a look-alike); the others spelt in
    code points, so that two names that print alike are told apart."""
    cased = [k for k in known if k != name and nfc(k).casefold() == nfc(name).casefold()]
    if cased:
        return (f"; {name!r} differs only in case: did you mean "
                + " or ".join(repr(k) for k in cased) + "?")
    alike = [k for k in known if _skeleton(k) == _skeleton(name) or _swapped_letters(k, name)]
    if not alike:
        return ""
    spelt = lambda text: " ".join(f"U+{ord(ch):04X}" for ch in text)  # noqa: E731
    return "".join(f"; {name!r} is not the known {k!r}, though they may look alike: their "
                   f"characters differ (yours {spelt(name)}; the table's {spelt(k)})"
                   for k in alike)


def refuse_ranks(values) -> None:
    """Refuse ranks given instead of scores: a row per data set (and fold), a column per
    classifier, and every row holding 1..K (ties averaged, e.g. 1.5). Rank 1 is the best, so
    read as scores they reverse the verdict, and a difference of ranks is no metric's."""
    import numpy as np

    values = np.asarray(values, dtype=float)
    if values.ndim != 2 or values.shape[0] < 2 or values.shape[1] < 2:
        return
    k = values.shape[1]
    if (np.isnan(values).any() or values.min() < 1 or values.max() > k or values.max() <= 1
            or ((values * 2) % 1 != 0).any()):
        return
    if np.allclose(values.sum(axis=1), k * (k + 1) / 2):
        raise InputError(f"the scores look like ranks: on every data set the {k} classifiers' "
                         f"values are 1 to {k}, each once. The tests compare differences of a "
                         "metric (an accuracy, an AUC) against the rope; ranks cannot be "
                         "compared this way (rank 1 is the best, and the gap between two ranks "
                         "is no metric's difference). Give each classifier's scores instead")


def rows_cited(df: pd.DataFrame, mask) -> str:
    """The first rows where ``mask`` holds, as the reader knows them: the file's line numbers
    (the header is line 1) or the DataFrame's index labels."""
    import numpy as np

    mask = np.asarray(mask, dtype=bool)
    if LINE in df.columns:
        return f"lines {[int(v) for v in df[LINE][mask][:5]]} of the file"
    labels = df[ROW][mask] if ROW in df.columns else df.index[mask]
    return f"first rows: {[v.item() if hasattr(v, 'item') else v for v in labels[:5]]}"


def is_means_only(table: pd.DataFrame) -> bool:
    """A tidy means table (one score per data set and classifier), not a per-fold one."""
    return not any(c in table.columns for c in FOLD_COLUMNS)


def check_means(df: pd.DataFrame) -> None:
    """What only a means table can get wrong: missing values and repeated (data set,
    classifier) pairs. The scores are checked as any table's (data.validate)."""
    key = "dataset_id" if "dataset_id" in df.columns else "dataset"
    missing = [c for c in (key, "classifier", "score") if df[c].isna().any()]
    if missing:
        rows = rows_cited(df, df[missing].isna().any(axis=1))
        raise InputError(f"empty or missing values in column(s) {missing} ({rows}): "
                         "every data set needs a mean score for every classifier; fill them "
                         "in, or drop those data sets")
    dup = df.duplicated([key, "classifier"])
    if dup.any():
        first = df.loc[dup, [key, "classifier"]].iloc[0]
        raise InputError(f"{int(dup.sum())} repeated ({key}, classifier) row(s), e.g. "
                         f"({first[key]}, {first['classifier']}): a means-only table holds one "
                         "score per data set and classifier (per-fold results need run and "
                         "fold columns)")
