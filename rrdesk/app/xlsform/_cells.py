"""The cells of an XLSForm as survey-file TOML: where each line came from, and each value.

Part of :mod:`rrdesk.app.xlsform` (shared by :mod:`rrdesk.app.xlsform._import` and
:mod:`rrdesk.app.xlsform._lists`): :class:`Built` is the survey file's text being written, each
line remembering its cell; :func:`fail` is the one way a spreadsheet mistake is said (sheet,
row, column); :func:`value` turns a cell into TOML.
"""
from __future__ import annotations

import datetime as dt
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator, NoReturn

import rrdesk.app.xlsform._toml_text as toml
from rrdesk.core.errors import SurveyError
from rrdesk.core.survey import show

Cell = tuple[str, int, str]  # (sheet, row, column) as a person finds it in the spreadsheet

#: Problems reported in one run, at most: a form that is not an XLSForm at all (every row
#: wrong) gets a screenful, not two thousand lines.
MAX_PROBLEMS = 30


class Quiet(SurveyError):
    """A row that cannot be read because of a problem already reported (a choices sheet without
    its column 'name'): left out without a second message."""


class TooMany(Exception):
    """:data:`MAX_PROBLEMS` problems found: reading stops and they are reported."""


@dataclass
class Built:
    """The survey file's text, the cell behind each line (1-based), and every problem found.

    A row (or a column of the settings) is read inside :meth:`part`: a problem in it is kept
    in ``problems`` and the row's lines are taken back out, so that the next row is read and
    the survey rules later check a text made of the rows that had none. ``skipped`` holds the
    question ids and settings that had a problem (a later message about them would repeat it);
    ``notes`` what was read and left out (said once each)."""

    file: str
    lines: list[str] = field(default_factory=list)
    cells: dict[int, Cell] = field(default_factory=dict)
    problems: list[SurveyError] = field(default_factory=list)
    skipped: set[str] = field(default_factory=set)
    notes: dict[str, list[int]] = field(default_factory=dict)
    unchecked: bool = False  # no settings: the survey rules are not run (they would repeat it)
    media: dict[str, Cell] = field(default_factory=dict)  # a picture's or sound's file name → where first named

    def add(self, line: str, cell: Cell | None = None) -> None:
        self.lines.append(line)
        if cell is not None:
            self.cells[len(self.lines)] = cell

    def note(self, what: str, row: int) -> None:
        """Remember that ``what`` was read and left out on ``row``."""
        rows = self.notes.setdefault(what, [])
        if row not in rows:
            rows.append(row)

    def report(self, problem: SurveyError) -> None:
        if not isinstance(problem, Quiet):
            self.problems.append(problem)
        if len(self.problems) >= MAX_PROBLEMS:
            raise TooMany

    @contextmanager
    def part(self, *names: str) -> Iterator[None]:
        """Read one row or cell: a problem is kept (``names`` marked skipped), its lines undone."""
        mark = len(self.lines)
        try:
            yield
        except SurveyError as problem:
            del self.lines[mark:]
            for line in [n for n in self.cells if n > mark]:
                del self.cells[line]
            self.skipped.update(n for n in names if n)
            self.report(problem)

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def fail(file: str, cell: tuple[str, int, str | None] | tuple[str, int], what: str) -> NoReturn:
    sheet, row, *rest = cell
    where = f"sheet '{sheet}', row {row}" + (f", column '{rest[0]}'" if rest and rest[0] else "")
    raise SurveyError(file, where, what)


def number(item: Any, file: str, where: Cell) -> Any:
    """A number typed as text ("0.75") read as a number; a decimal comma ("1,5", as a French or
    German spreadsheet shows it) refused with what to write."""
    if isinstance(item, str) and re.fullmatch(r"[-+]?\d+,\d+", item):
        fail(file, where, f"{show(item)} is text: write {item.replace(',', '.')} with a point, or type "
                          "it as a number in a cell formatted as a number")
    if isinstance(item, str):
        try:
            return int(item)
        except ValueError:
            pass
        try:
            return float(item)
        except ValueError:
            return item
    if isinstance(item, float) and item.is_integer() and abs(item) < 2**53:
        return int(item)  # why: a count typed in a spreadsheet is stored as 400.0 by some tools
    return item


def text(file: str, where: Cell, item: Any) -> str:
    """The cell ``item`` as text (a number typed in a label cell is its text)."""
    if isinstance(item, (dt.date, dt.time, dt.timedelta)):
        fail(file, where, "a date or time, not a text")
    return item if isinstance(item, str) else str(item)


def value(file: str, where: Cell, item: Any, as_text: bool) -> str:
    """The cell ``item`` as a TOML value: a string when ``as_text``, else as it was typed."""
    if as_text:
        return toml.value(text(file, where, item))
    if isinstance(item, (dt.date, dt.time, dt.timedelta)):
        fail(file, where, "a date or time, not a number")
    return toml.value(item)
