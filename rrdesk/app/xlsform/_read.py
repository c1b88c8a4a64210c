"""Reading an XLSForm workbook that may be hostile: its sheets as rows of cell values.

Part of :mod:`rrdesk.app.xlsform`. A ``.xlsx`` file is a ZIP archive of XML parts that openpyxl
parses; what this module adds is the bounds. The file is read once, capped, into memory (so
what is checked is what is parsed); the archive's declared sizes are checked before openpyxl
sees it (Python's ``zipfile`` never inflates a member past its declared size, so a zip bomb is
refused by its directory alone); openpyxl then reads in its read-only mode, which streams each
sheet's rows, and we stop after :data:`MAX_ROWS` rows and :data:`MAX_COLUMNS` columns whatever
the sheet's (possibly false) ``dimension`` says. XML entity expansion is bounded by expat itself
(billion-laughs protection since expat 2.4).
"""
from __future__ import annotations

import io
import pyexpat
import warnings
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Protocol

from rrdesk.core.errors import SurveyError
from rrdesk.core.fileio import read_capped

#: A form of 100 questions in 20 languages is under 200 KiB; anything over this is not a form.
MAX_FORM_BYTES = 8 << 20
#: Sum of the members' declared (inflated) sizes: a real form inflates to a few MiB at most,
#: and openpyxl holds the shared strings in memory.
MAX_INFLATED = 64 << 20
#: A workbook has a dozen parts; thousands of members are a crafted archive.
MAX_MEMBERS = 500
#: Rows read per sheet: 100 questions of 12 choices is 1,200 choice rows (survey rules' caps).
MAX_ROWS = 2000
#: Columns read per sheet: 20 languages × a few text columns, and rrdesk's own.
MAX_COLUMNS = 200
#: A label longer than this is not a question anyone reads on a laptop.
MAX_CELL = 4000

#: Expat bounds entity expansion (the "billion laughs") from 2.4 on; openpyxl parses with it.
_SAFE_EXPAT = (2, 4, 0)
_OLE = b"\xd0\xcf\x11\xe0"  # why: the magic of the old binary .xls (and of encrypted .xlsx)


@dataclass(frozen=True)
class Sheet:
    """One sheet: its header (column names, stripped) on row ``header_row``, and its data rows as
    (row number, values), empty rows left out."""

    name: str
    header: tuple[str, ...]
    rows: tuple[tuple[int, tuple[Any, ...]], ...]
    header_row: int = 1


def read_workbook(path: Path, wanted: tuple[str, ...]) -> dict[str, Sheet]:
    """The sheets named in ``wanted`` that the workbook at ``path`` has (names compared without
    case), each capped.

    Raises
    ------
    SurveyError
        Not a readable ``.xlsx`` file, too large, a crafted archive, or a sheet too big.
    """
    name = str(path)
    if pyexpat.version_info < _SAFE_EXPAT:
        raise SurveyError(name, "", "this Python's XML parser (expat {}.{}.{}) does not limit entity "
                                    "expansion, so a workbook could exhaust memory; use a Python with expat "
                                    "2.4 or later".format(*pyexpat.version_info))
    try:
        data = read_capped(path, MAX_FORM_BYTES)
    except OSError as problem:
        raise SurveyError(name, "", f"cannot read: {problem.strerror or problem}") from None
    _check_archive(name, data)
    import openpyxl  # why here: openpyxl is only needed by the XLSForm commands

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns about extensions it skips (validation, …)
            book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as problem:  # why broad: any parser error on hostile input is "unreadable"
        raise SurveyError(name, "", f"not a readable .xlsx workbook ({_reason(problem)})") from None
    try:
        sheets = {}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # read-only mode parses as it goes, and warns as it goes
            for title in book.sheetnames:
                if title.strip().lower() in wanted:
                    sheets[title.strip().lower()] = _sheet(name, book[title], title.strip().lower())
        return sheets
    except SurveyError:
        raise
    except Exception as problem:
        raise SurveyError(name, "", f"not a readable .xlsx workbook ({_reason(problem)})") from None
    finally:
        book.close()


def _reason(problem: Exception) -> str:
    text = " ".join(str(problem).split())[:120]
    return f"{type(problem).__name__}: {text}" if text else type(problem).__name__


def _check_archive(name: str, data: bytes) -> None:
    if data.startswith(_OLE):
        raise SurveyError(name, "", "not an .xlsx workbook: an old .xls file or a password-protected "
                                    "one; save it as an Excel Workbook (.xlsx) without a password")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError):
        raise SurveyError(name, "", "not an .xlsx workbook (not a ZIP archive); save the form as "
                                    "an Excel Workbook (.xlsx)") from None
    with archive:
        members = archive.infolist()
        if len(members) > MAX_MEMBERS:
            raise SurveyError(name, "", f"not an XLSForm: {len(members)} parts in the archive "
                                        f"(at most {MAX_MEMBERS})")
        inflated = sum(m.file_size for m in members)
        if inflated > MAX_INFLATED:
            raise SurveyError(name, "", f"not an XLSForm: it would inflate to {inflated >> 20} MiB "
                                        f"(at most {MAX_INFLATED >> 20} MiB); a zip bomb?")
        if not any(m.filename == "xl/workbook.xml" for m in members):
            raise SurveyError(name, "", "not an .xlsx workbook (a ZIP archive without "
                                        "xl/workbook.xml)")


class _Worksheet(Protocol):
    """What is read of an openpyxl worksheet (openpyxl ships no type hints)."""

    def iter_rows(self, min_row: int, max_row: int, max_col: int, values_only: bool) -> Iterable[tuple[Any, ...]]: ...


def _sheet(file: str, ws: _Worksheet, name: str) -> Sheet:
    # why explicit bounds: read-only mode trusts the sheet's own dimension, which a crafted
    # file can set to a million rows; one more than the cap tells "too many" apart.
    rows = ws.iter_rows(min_row=1, max_row=MAX_ROWS + 1, max_col=MAX_COLUMNS + 1, values_only=True)
    header: tuple[str, ...] = ()
    header_row = 1
    out: list[tuple[int, tuple[Any, ...]]] = []
    for number, values in enumerate(rows, 1):
        values = tuple(_clean(file, name, number, header, i, v) for i, v in enumerate(values))
        if not any(v is not None for v in values):
            continue
        if values[MAX_COLUMNS:] and values[MAX_COLUMNS] is not None:
            raise SurveyError(file, f"sheet '{name}', row {number}",
                              f"more than {MAX_COLUMNS} columns; an XLSForm needs far fewer")
        if number > MAX_ROWS:
            raise SurveyError(file, f"sheet '{name}'",
                              f"more than {MAX_ROWS} rows; a survey has at most 100 questions")
        if not header:
            header = tuple("" if v is None else str(v).strip() for v in values[:MAX_COLUMNS])
            header_row = number
            continue
        out.append((number, values[:MAX_COLUMNS]))
    if header:
        _check_header(file, name, header_row, header)
    return Sheet(name, header, tuple(out), header_row)


def _check_header(file: str, sheet: str, row: int, header: tuple[str, ...]) -> None:
    seen: dict[str, int] = {}
    for i, column in enumerate(header):
        if not column:
            continue
        key = column.lower()
        if key in seen:
            raise SurveyError(file, f"sheet '{sheet}', row {row}, column '{column}'",
                              "this column name appears twice")
        seen[key] = i


def _clean(file: str, sheet: str, row: int, header: tuple[str, ...], i: int, value: Any) -> Any:
    """A cell's value: None for empty, stripped text, or as openpyxl read it (number, date)."""
    if value is None:
        return None
    if isinstance(value, str):
        if len(value) > MAX_CELL:
            column = f", column '{header[i]}'" if i < len(header) and header[i] else ""
            raise SurveyError(file, f"sheet '{sheet}', row {row}{column}",
                              f"a cell holds {len(value)} characters (at most {MAX_CELL})")
        value = value.strip()
        return value or None
    return value
