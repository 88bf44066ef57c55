"""A results CSV file read as text, before any checking of its table: its encoding, an Excel
workbook given instead of a CSV, the separator (comma, semicolon or tab, and Excel's ``sep=``
line), decimal commas, the markers of a missing number, a header without duplicates, and each
row's line number in the file (for messages that cite it). :mod:`bayestut.data` checks the table."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import numpy as np
import pandas as pd

from .errors import InputError
from .shapes import LINE, nfc

SEPARATORS = (",", ";", "\t")
# the first bytes of spreadsheet files, which a reader may give instead of a CSV export
WORKBOOKS = {b"PK\x03\x04": "an Excel workbook (.xlsx) or another zip archive",
             b"\xd0\xcf\x11\xe0": "an old Excel workbook (.xls)"}
EXCEL_SEP = re.compile(r"sep=([,;\t|])[ \t]*\r?\n")
NAMES = ("dataset", "classifier")
# what marks a missing number; names are text, so a classifier called None, NA or null is found
MISSING = ("", "NA", "N/A", "n/a", "NaN", "nan", "-nan", "null", "NULL", "None", "#N/A", "<NA>")


def _missing_markers(columns) -> dict:
    """Per column, the text read as missing: only the empty string in a name column."""
    return {c: [""] if str(c).strip() in NAMES else list(MISSING) for c in columns}


def read_csv(path: Path) -> pd.DataFrame:
    """A results CSV separated by commas, semicolons (Excel in many locales) or tabs; spaces
    around the values and names are dropped. InputError for what cannot be read."""
    if not path.exists() or path.is_dir():         # a pipe such as <(cat f) is read too
        folder = ": it is a folder" if path.is_dir() else ""
        raise InputError(f"no results file {str(path)!r}{folder}")
    try:
        data = path.read_bytes()            # once: a pipe cannot be read twice
        if data[:4] in WORKBOOKS:
            raise InputError(f"{str(path)!r} is {WORKBOOKS[data[:4]]}, not a CSV file: save "
                             "it as 'CSV UTF-8' in Excel (File, Save As), or read it with "
                             "pandas.read_excel and pass the DataFrame")
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as problem:
        raise InputError(f"{str(path)!r} is not UTF-8 text (byte {problem.start} cannot be "
                         "read): save it as 'CSV UTF-8' (Excel) or re-encode it as UTF-8") from None
    except OSError as problem:
        raise InputError(f"cannot read {str(path)!r} ({problem.strerror}): check its permissions") from None
    if not text.strip():
        raise InputError(f"{str(path)!r} is empty: it needs a header line "
                         "(dataset,classifier,run,fold,score) and one line per data set x classifier x "
                         "run x fold")
    excel = EXCEL_SEP.match(text)           # Excel's "sep=;" line names the separator
    if excel:
        text = text[excel.end():]
    header = text.splitlines()[0] if text.strip() else ""
    sep = excel.group(1) if excel else max(SEPARATORS, key=header.count)
    # semicolon files from Excel write decimal commas (0,85) as well; dot decimals in such a
    # file stay text here and become numbers in numeric_scores
    decimal = "," if sep == ";" else "."
    check_header(path, header, sep)
    try:
        columns = pd.read_csv(io.StringIO(header), sep=sep, skipinitialspace=True).columns
        df = pd.read_csv(io.StringIO(text), sep=sep, decimal=decimal, skipinitialspace=True,
                         dtype={c: str for c in columns if str(c).strip() in NAMES},
                         keep_default_na=False, na_values=_missing_markers(columns))
    except (pd.errors.ParserError, pd.errors.EmptyDataError) as problem:
        raise InputError(f"{str(path)!r} is not a well-formed CSV table "
                         f"(separator {sep!r}): {problem}") from None
    df.columns = [str(c).strip() for c in df.columns]
    # each row's line in the file, for messages (pandas skips blank lines; the header is 1)
    lines = [i + 1 + bool(excel) for i, line in enumerate(text.splitlines()) if line.strip()]
    df[LINE] = lines[1:] if len(lines) == len(df) + 1 else np.arange(len(df)) + 2 + bool(excel)
    return df


def check_header(path: Path, header: str, sep: str) -> None:
    """Refuse a header naming a column twice: pandas would rename the second "A" to "A.1",
    which a wide table then reads as one more classifier (and a tidy table as another score)."""
    names = [n.strip() for n in next(csv.reader([header], delimiter=sep))]
    repeated = sorted({nfc(n) for n in names if n and [nfc(m) for m in names].count(nfc(n)) > 1})
    if repeated:
        raise InputError(f"{str(path)!r} names column(s) {repeated} more than once in its "
                         "header: give each column one name (one column per classifier in a "
                         "wide table, one score column in a tidy one), or drop the repeat")
