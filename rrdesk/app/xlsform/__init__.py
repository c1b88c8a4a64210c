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

import tomllib
from pathlib import Path

import rrdesk.app.xlsform._import as _xlsform_import
from rrdesk.app.xlsform._columns import SHEETS
from rrdesk.app.xlsform._read import MAX_COLUMNS, MAX_ROWS, read_workbook
from rrdesk.app.xlsform._write import sheets, workbook_bytes
from rrdesk.core import survey as surveys
from rrdesk.core.errors import InputError, SurveyError
from rrdesk.core.fileio import read_capped, write_atomic

__all__ = ["MAX_COLUMNS", "MAX_ROWS", "import_xlsform", "export_xlsform", "survey_from_xlsform", "xlsform_from_survey"]

#: The first words of a survey file import-xlsform made: such a file is replaced by the next
#: import without --force (re-importing a corrected form is the usual loop); any other is kept.
MADE_BY = "# Made by `rrdesk import-xlsform`"


def survey_from_xlsform(form: Path) -> tuple[str, surveys.Survey]:
    """The survey file's text made from the XLSForm at ``form``, and the survey it holds.

    Raises
    ------
    SurveyError
        ``FORM: sheet 'survey', row 7, column 'epsilon': what`` for the first thing wrong.
    """
    built = _xlsform_import.build(str(form), read_workbook(form, SHEETS))
    try:
        survey = surveys.loads(built.text, form)
    except SurveyError as error:
        raise _xlsform_import.locate(error, built) from None
    header = (f"{MADE_BY} from {form.name}. Check it with `rrdesk check`;\n"
              "# docs/survey-format.md describes every key.\n\n")
    return header + built.text, survey


def import_xlsform(form: Path, out: Path, *, force: bool = False) -> surveys.Survey:
    """Write the survey made from ``form`` to ``out`` (atomically). A file at ``out`` is replaced
    only if an earlier import made it, or with ``force`` (a hand-written survey file keeps
    comments a spreadsheet cannot)."""
    text, survey = survey_from_xlsform(form)
    _refuse_existing(out, force or _made_by_import(out))
    write_atomic(out, text.encode("utf-8"))
    return survey


def xlsform_from_survey(path: Path) -> tuple[surveys.Survey, bytes]:
    """The survey file at ``path`` (checked first) and its ``.xlsx`` bytes."""
    survey = surveys.load(path)
    raw = tomllib.loads(Path(path).read_text(encoding="utf-8-sig"))  # already read and checked
    return survey, workbook_bytes(sheets(survey, raw))


def export_xlsform(path: Path, out: Path, *, force: bool = False) -> surveys.Survey:
    """Write the survey file at ``path`` as an XLSForm workbook ``out`` (atomically)."""
    _refuse_existing(out, force)
    survey, data = xlsform_from_survey(path)
    write_atomic(out, data)
    return survey


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
