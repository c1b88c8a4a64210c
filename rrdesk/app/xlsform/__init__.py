"""XLSForm in and out: a survey authored as a spreadsheet, as ODK, Kobo and SurveyCTO users do.

``rrdesk import-xlsform FORM.xlsx -o SURVEY.toml`` and ``rrdesk export-xlsform SURVEY.toml -o
FORM.xlsx`` ask here (docs/survey-format.md, "XLSForm", says which sheets and columns). Import
reads the workbook with caps (:mod:`rrdesk.app.xlsform._read`), builds the survey file's text
(:mod:`rrdesk.app.xlsform._import`), checks it with the survey format's own rules and writes it
only if they pass, so every survey that comes out of a spreadsheet is one ``rrdesk check``
accepts. Export writes a survey file back as a workbook (:mod:`rrdesk.app.xlsform._write`);
importing that workbook gives the same survey (the same questions, texts and spinners; comments
are not kept).
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

import rrdesk.app.xlsform._import as _xlsform_import
from rrdesk.app.xlsform._cells import MAX_PROBLEMS, Built
from rrdesk.app.xlsform._columns import SHEETS
from rrdesk.app.xlsform._read import MAX_COLUMNS, MAX_ROWS, read_workbook
from rrdesk.app.xlsform._write import sheets, workbook_bytes
from rrdesk.core import survey as surveys
from rrdesk.core.errors import InputError, SurveyError, SurveyProblems, os_reason
from rrdesk.core.fileio import read_capped, write_atomic

#: Bytes of a media file copied, at most: a sound's cap, the larger (rrdesk.core.survey's media rules).
_MEDIA_CAP = 8 << 20

__all__ = ["MAX_COLUMNS", "MAX_PROBLEMS", "MAX_ROWS", "Imported", "import_xlsform", "export_xlsform", "read_xlsform",
           "survey_from_xlsform", "xlsform_from_survey"]

#: The first words of a survey file import-xlsform made: such a file is replaced by the next
#: import without --force (re-importing a corrected form is the usual loop); any other is kept.
MADE_BY = "# Made by `rrdesk import-xlsform`"


@dataclass(frozen=True)
class Imported:
    """A form read: the survey file's text, its survey, and what was read and left out (ODK
    metadata, notes, groups' labels, hints), one line each, said once."""

    text: str
    survey: surveys.Survey
    notes: tuple[str, ...]


def read_xlsform(form: Path) -> Imported:
    """The survey made from the XLSForm at ``form``.

    Raises
    ------
    SurveyProblems
        Every problem found (up to a cap), each ``FORM: sheet 'survey', row 7, column 'epsilon':
        what``: the sheets' own, then the survey rules' on the rows that had none.
    SurveyError
        The file is not a readable workbook.
    """
    built = _xlsform_import.build(str(form), read_workbook(form, SHEETS))
    survey, problems = _survey_rules(form, built)
    if problems or survey is None:
        raise SurveyProblems(problems or [SurveyError(str(form), "", "no question could be read")])
    try:  # the pictures and sounds beside the form: their size and kind, as rrdesk check sees them
        surveys.verify_media(survey)
    except SurveyError as error:
        named = re.fullmatch(r'media "(.*)"', error.where)
        sheet, row, column = built.media.get(named[1], ("survey", 1, "")) if named else ("survey", 1, "")
        raise SurveyProblems([SurveyError(str(form), f"sheet '{sheet}', row {row}, column '{column}'",
                                          f"{named[1] if named else ''}: {error.what}")]) from None
    notes = tuple(f"{form}: {_rows(rows)}: {what}" for what, rows in built.notes.items())
    header = (f"{MADE_BY} from {form.name}. Check it with `rrdesk check`;\n"
              "# docs/survey-format.md describes every key.\n"
              + "".join(f"# Left out: {what}\n" for what in built.notes) + "\n")
    return Imported(header + built.text, survey, notes)


def survey_from_xlsform(form: Path) -> tuple[str, surveys.Survey]:
    """The survey file's text made from the XLSForm at ``form``, and the survey it holds
    (:func:`read_xlsform`, without its notes)."""
    made = read_xlsform(form)
    return made.text, made.survey


def _rows(rows: list[int]) -> str:
    shown = ", ".join(str(r) for r in rows[:8]) + (", …" if len(rows) > 8 else "")
    return f"row {shown}" if len(rows) == 1 else f"rows {shown}"


def _survey_rules(form: Path, built: Built) -> tuple[surveys.Survey | None, list[SurveyError]]:
    """The survey rules applied to the rows that had no problem of their own. A question the
    rules refuse is reported and taken out, and the rules run again on the rest, so that one
    question's mistake does not hide the next; a message about a row already reported (its id
    named) is left out as a repeat. Sorted by sheet and row."""
    problems = list(built.problems)
    lines, cells = list(built.lines), dict(built.cells)
    survey, stood_in = None, False
    while len(problems) < MAX_PROBLEMS and not built.unchecked:
        view = Built(built.file, lines, cells)
        try:
            survey = surveys.loads(view.text, form)
            break
        except SurveyError as error:
            located = _xlsform_import.locate(error, view)
            cascade = built.skipped and located.what.startswith("no questions")
            if not cascade and not _mentions(located, built.skipped):
                problems.append(located)
            block = _question_block(error, lines)
            if block is None:  # the [survey] table (settings): a stand-in, so the questions are checked
                replaced = None if stood_in or not surveys.in_survey_table(error.where, lines) \
                    else surveys.stand_in_survey(lines)
                if replaced is None:
                    break
                lines, stood_in = replaced, True
                continue
            start, end = block
            del lines[start:end]
            cells = {(n if n <= start else n - (end - start)): c for n, c in cells.items()
                     if not start < n <= end}
            built.skipped.update(_ids(view.lines[start:end]))
    order = {name: i for i, name in enumerate(SHEETS)}
    problems.sort(key=lambda e: _place(e, order))
    return (survey if not problems and not stood_in else None), problems


def _mentions(error: SurveyError, names: set[str]) -> bool:
    """Whether the message names one of ``names`` as the rules name a question: "id", ${id}."""
    return any(f'"{n}"' in error.what or f"${{{n}}}" in error.what for n in names)


def _ids(lines: list[str]) -> list[str]:
    return [m[1] for line in lines if (m := re.match(r'id = "(.*)"\Z', line))]


def _question_block(error: SurveyError, lines: list[str]) -> tuple[int, int] | None:
    """The 0-based [start, end) of the [[question]] table holding the error's line, if any."""
    m = re.match(r"line (\d+)", error.where)
    if m is None:
        return None
    at = int(m[1]) - 1
    start = next((i for i in range(min(at, len(lines) - 1), -1, -1) if lines[i].startswith("[")), None)
    if start is None or lines[start] != "[[question]]":
        return None
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("[")), len(lines))
    return start, end


def _place(error: SurveyError, order: dict[str, int]) -> tuple[int, int]:
    m = re.match(r"sheet '(\w+)', row (\d+)", error.where)
    return (order.get(m[1], len(order)), int(m[2])) if m else (-1, 0)


def import_xlsform(form: Path, out: Path, *, force: bool = False) -> Imported:
    """Write the survey made from ``form`` to ``out`` (atomically). A file at ``out`` is replaced
    only if an earlier import made it, or with ``force`` (a hand-written survey file keeps
    comments a spreadsheet cannot)."""
    made = read_xlsform(form)
    _refuse_existing(out, force or _made_by_import(out))
    copied = _copy_media(made.survey, Path(form).parent, Path(out).parent)
    write_atomic(out, made.text.encode("utf-8"))
    if copied:
        made = replace(made, notes=(*made.notes, f"{form}: its pictures and sounds were copied beside {out} "
                                                 f"(where a survey's media files go): {', '.join(copied)}"))
    return made


def xlsform_from_survey(path: Path) -> tuple[surveys.Survey, bytes]:
    """The survey file at ``path`` (checked first) and its ``.xlsx`` bytes."""
    survey = surveys.load(path)
    raw = tomllib.loads(Path(path).read_text(encoding="utf-8-sig"))  # already read and checked
    return survey, workbook_bytes(sheets(survey, raw))


def export_xlsform(path: Path, out: Path, *, force: bool = False) -> surveys.Survey:
    """Write the survey file at ``path`` as an XLSForm workbook ``out`` (atomically)."""
    _refuse_existing(out, force)
    survey, data = xlsform_from_survey(path)
    if survey.media:
        surveys.verify_media(survey)  # why first: a form is never written beside a changed picture
        _copy_media(survey, surveys.media_folder(survey), Path(out).parent)
    write_atomic(out, data)
    return survey


def _copy_media(survey: surveys.Survey, source: Path, target: Path) -> list[str]:
    """The survey's media files copied from the folder ``source`` into ``target`` (a form's and
    its survey file's media sit beside them); the names copied. A file of the same name already
    there is kept when its bytes are the same and refused otherwise (never replaced)."""
    import hashlib

    if source.resolve() == target.resolve():
        return []
    copied = []
    for name, digest in survey.media:
        there = target / name
        try:
            if there.exists():
                if hashlib.sha256(read_capped(there, _MEDIA_CAP)).hexdigest() == digest:
                    continue
                raise InputError(there, "", "already exists and is not the survey's file of that name: move it "
                                            "away, or write to another folder")
            data = read_capped(source / name, _MEDIA_CAP)
        except OSError as error:
            raise InputError(source / name, "", f"cannot be copied: {os_reason(error)}") from None
        write_atomic(there, data)
        copied.append(name)
    return copied


def _made_by_import(out: Path) -> bool:
    try:  # regular files only: a FIFO at ``out`` never hangs the command
        return read_capped(out, surveys.MAX_BYTES).startswith(MADE_BY.encode())
    except OSError:
        return False


def _refuse_existing(out: Path, force: bool) -> None:
    if out.is_dir():
        raise InputError(out, "", "is a folder; give the file to write")
    if out.exists() and not force:
        raise InputError(out, "", "already exists; give another name, or --force to replace it")
