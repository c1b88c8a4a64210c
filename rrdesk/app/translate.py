"""A translator's template of the respondent's words (``rrdesk translate``), and back.

The template lists every text a respondent can see (every text a given survey can show, with
``--survey``), each with its name, where it is shown and its English, and the words the
language already has (rrdesk's own or the survey's) filled in for review. Two forms:

- ``.toml``: a ``[wording.LANG]`` table to fill in a text editor and paste at the end of the
  survey file as it is (docs/TRANSLATING.md);
- ``.csv``: the same texts as rows (name, where, English, translation) for a spreadsheet;
  ``rrdesk translate LANG --from FILLED.csv -o wording.toml`` turns the filled sheet into the
  table to paste, checking every text on the way.
"""
from __future__ import annotations

import csv
import io
import json
import tomllib
from pathlib import Path

from rrdesk.core import survey as surveys
from rrdesk.core import wording
from rrdesk.core.errors import InputError
from rrdesk.core.fileio import read_text, write_atomic
from rrdesk.core.survey import LANGUAGE, Lines, Place

__all__ = ["from_sheet", "template", "write"]

#: A filled sheet is a few dozen kilobytes; the cap only refuses a wrong file unread.
_MAX_SHEET = 1 << 20
#: Header of the spreadsheet form; the last column is the one a translator fills.
COLUMNS = ("name", "where", "english", "translation")

_HOW = """\
# The words a respondent sees in rrdesk, in {lang}{survey}.
#
# How to fill it in: for each text, read the comment (where it is shown and its English) and
# write the translation between the quotes. Keep every {{placeholder}} exactly as in the
# English (the app puts a number, an answer or the question there). \\n is a line break; write
# \\" for a quotation mark inside the text. A text left "" is an error: translate it or delete
# its line (rrdesk's own words, when it has them, are then used).
# A text with plural forms has one line per form of the language ({forms}): the form
# used for 1, 2, 5... follows the language's rules.
#
# Then paste everything from [wording.{lang}] down at the end of the survey file and run
#   rrdesk check SURVEY
# which names any text still missing or wrong.
"""


def _rows(lang: str, survey: surveys.Survey | None) -> list[tuple[str, str, str, str]]:
    """(key, where, English, words already there) for each text, plural forms one per row."""
    have = wording.words_for(survey, lang) if _has_words(lang, survey) else None
    rows = []
    for name in wording.needed(survey):
        where = wording.WHERE[name]
        if name in wording.PLURAL:
            english = wording.PLURAL[name]
            for category in wording.categories(lang):
                known = ""
                if have is not None:
                    known = have.plural_form(name, category)
                rows.append((f"{name}.{category}", f"{where} (plural form '{category}')",
                             english.get(category, english["other"]), known))
        else:
            rows.append((name, where, wording.ENGLISH[name], have(name) if have is not None else ""))
    return rows


def _has_words(lang: str, survey: surveys.Survey | None) -> bool:
    return (lang.split("-")[0] in wording.builtin_languages() or lang in wording.builtin_languages()
            or (survey is not None and lang in survey.wording))


def _quote(text: str) -> str:
    # why JSON: its string escapes (\n, \", \\, \uXXXX) are all valid TOML basic-string escapes
    return json.dumps(text, ensure_ascii=False)


def template(lang: str, survey: surveys.Survey | None = None, form: str = "toml") -> str:
    """The template for ``lang`` (``form`` ``"toml"`` or ``"csv"``)."""
    rows = _rows(lang, survey)
    if form == "csv":
        out = io.StringIO()
        sheet = csv.writer(out, lineterminator="\r\n")
        sheet.writerow(COLUMNS)
        sheet.writerows(rows)
        return out.getvalue()
    about = f', for the survey "{survey.id}"' if survey is not None else ""
    lines = [_HOW.format(lang=lang, survey=about, forms=", ".join(wording.categories(lang))),
             f"[wording.{lang}]"]
    for key, where, english, known in rows:
        lines += ["", f"# {where}", f"# English: {_quote(english)[1:-1]}", f"{key} = {_quote(known)}"]
    return "\n".join(lines) + "\n"


def from_sheet(lang: str, sheet: Path) -> str:
    """The ``[wording.LANG]`` table of a filled spreadsheet (its rows with a translation),
    checked as ``rrdesk check`` would check it in a survey."""
    text = read_text(sheet, _MAX_SHEET, error=InputError, unreadable="cannot read",
                     too_large="larger than 1 MiB, far too big for a wording sheet",
                     bad_byte=("", "not UTF-8 text (line {line}); save the sheet as CSV UTF-8"),
                     encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    if not rows or [c.strip().lower() for c in rows[0][:4]] != list(COLUMNS):
        raise InputError(str(sheet), "line 1", f"the first row must be the columns {', '.join(COLUMNS)} "
                                               "(as rrdesk translate wrote them)")
    lines = [f"[wording.{lang}]"]
    for number, row in enumerate(rows[1:], 2):
        if len(row) < 4 or not row[3].strip():
            continue  # not translated: rrdesk's own words stay, or check names it
        if not row[0].replace(".", "").replace("_", "").isalnum() or row[0].count(".") > 1:  # NAME or NAME.PLURAL
            raise InputError(str(sheet), f"line {number}", f"{row[0]!r} is not a text name")
        lines.append(f"{row[0]} = {_quote(row[3])}")
    table = "\n".join(lines) + "\n"
    wording.parse(Place(str(sheet), Lines(table)), tomllib.loads(table).get("wording"), (lang,))
    return table


def write(lang: str, out: Path, *, survey: Path | None = None, sheet: Path | None = None) -> int:
    """Write the template (or, with ``sheet``, the table of a filled sheet) to ``out``; returns
    how many texts it holds."""
    if not LANGUAGE.fullmatch(lang):
        raise InputError("command line", "LANG", f'{lang!r} is not a language code like "sw", "fra" or "pt-BR"')
    if sheet is not None:
        text = from_sheet(lang, sheet)
        count = text.count("\n") - 1
    else:
        form = "csv" if out.suffix.lower() == ".csv" else "toml"
        loaded = surveys.load(survey, complete=False) if survey is not None else None
        if loaded is not None and lang not in loaded.languages:
            raise InputError(str(survey), "languages", f'"{lang}" is not one of the survey\'s languages '
                                                       f"({', '.join(loaded.languages)}); add it there first")
        text = template(lang, loaded, form)
        count = len(_rows(lang, loaded))
        if form == "csv":
            text = "\ufeff" + text  # why: a spreadsheet opens a CSV as UTF-8 only when it starts with a BOM
    write_atomic(out, text.encode("utf-8"))
    return count
