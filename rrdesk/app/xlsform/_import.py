"""An XLSForm's sheets turned into survey-file TOML, each line remembering the cell it came from.

Part of :mod:`rrdesk.app.xlsform`. This module checks what only the spreadsheet knows (sheets,
columns, types, lists, languages, cells left empty) and says where, by sheet, row and column;
everything else is the survey format's own rules, applied by :func:`rrdesk.core.survey.loads` to
the text built here, whose messages :func:`locate` moves from a TOML line back to the cell.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rrdesk.app.xlsform._toml_text as toml
from rrdesk.app.xlsform._cells import Built, Cell, Quiet, TooMany, fail, number, value
from rrdesk.app.xlsform._columns import (
    BEGIN_GROUP,
    END_GROUP,
    IGNORED_COLUMNS,
    LIST_COLUMNS,
    METADATA,
    NOTE,
    NUMBER_COLUMNS,
    NUMBER_TYPES,
    SCALAR_COLUMNS,
    SELECT_ONE,
    SETTINGS,
    TEXT_COLUMNS,
    WORD_COLUMNS,
    YES_NO,
    language_of,
    media_column,
    type_name,
    type_problem,
    unsupported_column,
)
from rrdesk.app.xlsform._lists import Lists, read_lists, weight_table, wording_sounds, wording_tables
from rrdesk.app.xlsform._numbers import number_keys
from rrdesk.app.xlsform._read import Sheet
from rrdesk.core.errors import SurveyError, os_reason
from rrdesk.core.fileio import read_capped
from rrdesk.core.survey import SURVEY_ID, show

_YES_NO_DESIGNS = ("forced", "warner", "unrelated", "cdm", "unrelated_unknown")  # why: these answer YES or NO, no list
_NOT_REQUIRED = (None, False, 0, "no", "false", "false()")  # a `required` cell that asks nothing


def build(file: str, sheets: dict[str, Sheet]) -> Built:
    """The TOML of the survey the sheets describe (not yet checked by the survey rules), and in
    ``problems`` every mistake found in the sheets (up to :data:`MAX_PROBLEMS`)."""
    out = Built(file)
    try:
        _build(out, sheets)
    except TooMany:
        pass
    return out


def _build(out: Built, sheets: dict[str, Sheet]) -> None:
    file = out.file
    if "survey" not in sheets or not sheets["survey"].rows:
        out.report(SurveyError(file, "", "no sheet 'survey' with questions (an XLSForm has sheets "
                                         "'survey', 'choices' and 'settings')"))
    if "settings" not in sheets or not sheets["settings"].rows:
        out.report(SurveyError(file, "", "no sheet 'settings' with a row of values: rrdesk needs form_id, "
                                         "form_title, recipients, max_epsilon and planned_respondents there"))
        out.unchecked = True  # why: the survey rules would only say again that [survey] is empty
    if "survey" not in sheets or not sheets["survey"].rows:
        return
    settings, default = _settings(out, sheets["settings"]) if not out.unchecked else ({}, "en")
    survey = sheets["survey"]
    columns = _survey_columns(out, survey, default)
    lists = read_lists(out, sheets.get("choices"), default)
    if columns is None:
        return
    languages = [default]
    for _, lang in [*columns.texts, *(lists.columns if lists else ())]:
        if lang not in languages:
            languages.append(lang)
    _survey_table(out, settings, languages, survey)
    groups: list[tuple[int, _Heading | None]] = []  # the groups open: their row, their label's lines
    for row, values in survey.rows:
        name = values[columns.index["name"]] if columns.index["name"] < len(values) else None
        kind = _lower_type(columns, values)
        if kind in BEGIN_GROUP:
            groups.append((row, None))  # why first: its end group matches it even when its label is refused
            with out.part():
                groups[-1] = (row, _group(out, columns, languages, row, values))
            continue
        if kind in END_GROUP:
            with out.part():
                if not groups:
                    fail(out.file, ("survey", row, "type"), "end group closes no group (no begin group above it)")
                groups.pop()
            continue
        heading = next((lines for _, lines in reversed(groups) if lines), None)
        with out.part(str(name) if name is not None else ""):
            _question(out, columns, lists, languages, row, values, heading)
    for row, _ in groups:
        with out.part():
            fail(out.file, ("survey", row, "type"), "begin group has no end group below it")
    # the wording's sounds are named before [media] is written (its table lists every file)
    sounds = wording_sounds(out, sheets["wording"], default, languages) if "wording" in sheets else []
    _media_table(out)
    with out.part("weight"):
        weight_table(out, settings.get("weight_question"), lists)
    with out.part("consent"):
        _consent(out, settings, default)
    if "wording" in sheets:
        wording_tables(out, sheets["wording"], default, languages, sounds)


#: Bytes of a media file read, at most: a sound's cap (a picture's is smaller; the survey's own
#: check, :func:`rrdesk.core.survey.verify_media`, then applies each kind's).
_MEDIA_CAP = 8 << 20
_PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")


def _media_table(out: Built) -> None:
    """``[media]``: each picture and sound the questions name, read beside the form (where ODK
    keeps a form's media files), with its SHA-256. A name that is not a plain file name is left
    to the survey rules, which say so."""
    import hashlib

    if not out.media:
        return
    folder = Path(out.file).parent
    lines: list[tuple[str, Cell]] = []
    for name, where in out.media.items():
        if not _PLAIN_NAME.fullmatch(name) or ".." in name:
            lines.append((f"{toml.value(name)} = \"sha256:{'0' * 64}\"", where))
            continue
        data = b""
        with out.part():  # why the line all the same: the questions naming it are not refused again
            try:
                data = read_capped(folder / name, _MEDIA_CAP)
            except FileNotFoundError:
                fail(out.file, where, f"{show(name)} is not beside the form: put the form's pictures and sounds "
                                      f"in its folder ({folder}), as for ODK")
            except OSError as error:
                fail(out.file, where, f"{show(name)} cannot be read beside the form: {os_reason(error)}")
        lines.append((f"{toml.value(name)} = \"sha256:{hashlib.sha256(data).hexdigest()}\"", where))
    out.add("")
    out.add("[media]", lines[0][1] if lines else None)
    for line, where in lines:
        out.add(line, where)


# -- settings --------------------------------------------------------------------------------


def _consent(out: Built, settings: dict[str, tuple[Any, Cell]], default: str) -> None:
    """The settings' ``consent::LANG`` cells (``consent`` alone: the default language) as the
    ``[consent]`` table; none filled: no consent screen."""
    texts = [(key.partition("::")[2] or default, cell, where) for key, (cell, where) in settings.items()
             if key.startswith("consent::") and cell is not None]
    if texts:
        out.add("[consent]", texts[0][2])
        for lang, cell, where in texts:
            out.add(f"text.{lang} = {value(out.file, where, cell, True)}", where)


def _settings(out: Built, sheet: Sheet) -> tuple[dict[str, tuple[Any, Cell]], str]:
    file = out.file
    row, values = sheet.rows[0]
    found: dict[str, tuple[Any, Cell]] = {}
    default = "en"
    for name, cell in zip(sheet.header, values):
        base = name.lower()
        where = ("settings", row, name)
        with out.part(SETTINGS.get(base, base)):
            if base in SETTINGS:
                found[SETTINGS[base]] = (cell, where)
            elif base == "weight_question":  # rrdesk's own: the survey file's [weight] question
                found["weight_question"] = (cell, where)
            elif base.split("::")[0].strip() == "consent":  # rrdesk's own: [consent] text.LANG
                parsed = language_of(name, "")
                if isinstance(parsed, str):
                    fail(file, where, parsed)
                found[f"consent::{parsed[1]}"] = (cell, where)
            elif base == "default_language":
                if cell is not None:
                    parsed = language_of(f"default_language::{cell}", "")
                    if isinstance(parsed, str):
                        fail(file, where, parsed.replace("default_language::", ""))
                    default = parsed[1]
            elif (why := unsupported_column(base, "settings")) is not None:
                if cell is not None:
                    fail(file, where, why)
            elif name or cell is not None:
                fail(file, where, "unknown column (settings takes form_id, form_title, default_language, "
                                  "recipients, max_epsilon, planned_respondents, version, interviewers, "
                                  "record_duration, "
                                  "weight_question, consent::LANG)")
    for extra, values in sheet.rows[1:2]:
        with out.part():
            fail(file, ("settings", extra), "settings has one row of values, under its header")
    return found, default


def _survey_table(out: Built, settings: dict[str, tuple[Any, Cell]], languages: list[str],
                  survey: Sheet) -> None:
    first = next(iter(settings.values()), (None, ("settings", 2, "")))[1]
    out.add("[survey]", (first[0], first[1], ""))
    for key in ("id", "title", "languages", "recipients", "max_epsilon", "planned_respondents", "version",
                "interviewers", "record_duration"):
        if key == "languages":
            out.add(f"languages = {toml.value(languages)}", ("survey", 1, "label"))
            continue
        if key not in settings or settings[key][0] is None:
            continue
        cell, where = settings[key]
        if key == "id" and isinstance(cell, str) and not SURVEY_ID.fullmatch(cell):  # ODK's form_id: Drug_Use_2024
            dashed = "-".join(part for part in re.split(r"[_\s-]+", cell.lower()) if part)
            if SURVEY_ID.fullmatch(dashed):
                out.note(f"form_id {show(cell)} is the survey id {show(dashed)} (rrdesk's ids are lower case, "
                         "words joined by -)", where[1])
                cell = dashed
        if key in ("recipients", "interviewers"):
            cell = [r for r in re.split(r"[\s,;]+", str(cell)) if r]
        elif key == "record_duration":  # a spreadsheet's TRUE/FALSE, or the word
            words = {"true": True, "false": False, "yes": True, "no": False}
            found = cell if isinstance(cell, bool) else words.get(str(cell).strip().lower())
            if found is None:
                fail(out.file, where, f"record_duration is true or false, not {show(cell)}")
            cell = found
        elif key == "version":  # a version typed as a number (20260115) stays its digits
            cell = str(int(cell)) if isinstance(cell, (int, float)) and float(cell).is_integer() else str(cell)
        elif key not in ("id", "title"):
            cell = number(cell, out.file, where)
        out.add(f"{key} = {value(out.file, where, cell, key in ('id', 'title'))}", where)


# -- survey sheet ----------------------------------------------------------------------------


@dataclass
class _Columns:
    header_row: int
    index: dict[str, int]  # type, name, required and the scalar keys → column number
    texts: dict[tuple[str, str], int]  # (key, language) → column number
    names: tuple[str, ...]  # the header as written
    refused: dict[int, str]  # column number → why a filled cell is refused ("": said at the header)
    ignored: dict[int, str] = field(default_factory=dict)  # column number → a column read, left out
    media: dict[tuple[str, str], int] = field(default_factory=dict)  # (image|audio|…, language) → column number


def _survey_columns(out: Built, sheet: Sheet, default: str) -> _Columns | None:
    """The survey sheet's columns, or None (a problem reported) without a column type or name."""
    file = out.file
    header_row = sheet.header_row
    cols = _Columns(header_row, {}, {}, sheet.header, {})
    for i, name in enumerate(sheet.header):
        where = ("survey", header_row, name)
        with out.part():
            pictured = media_column(name, default)
            if isinstance(pictured, str):
                cols.refused[i] = ""
                fail(file, where, pictured)
            if pictured is not None:
                if pictured in cols.media:
                    cols.refused[i] = ""
                    fail(file, where, f"a second {pictured[0]} column in language {pictured[1]}")
                cols.media[pictured] = i
                continue
            parsed = language_of(name, default)
            if isinstance(parsed, str):
                if name.split("::")[0].split(":")[0].lower() in TEXT_COLUMNS:
                    cols.refused[i] = ""  # why: reported once here, not again on every row
                    fail(file, where, parsed)
                parsed = (name.lower(), "")
            base, lang = parsed
            if base in TEXT_COLUMNS:
                if (TEXT_COLUMNS[base], lang) in cols.texts:
                    cols.refused[i] = ""
                    fail(file, where, f"a second {base} column in language {lang}")
                cols.texts[(TEXT_COLUMNS[base], lang)] = i
            elif "::" not in name and base in ("type", "name", "required", *SCALAR_COLUMNS, *NUMBER_COLUMNS):
                cols.index[base] = i
            elif base.split("::")[0] in IGNORED_COLUMNS:
                cols.ignored[i] = base.split("::")[0]
            elif (why := unsupported_column(name, "survey")) is not None:
                cols.refused[i] = why
            elif name:
                cols.refused[i] = ""
                fail(file, where, "unknown column (the survey sheet takes type, name, label::LANG, "
                                  f"{', '.join(SCALAR_COLUMNS)}, {', '.join(NUMBER_COLUMNS)}, negation::LANG, "
                                  "unrelated::LANG, hint, required; docs/survey-format.md, XLSForm)")
    missing = [need for need in ("type", "name") if need not in cols.index]
    for need in missing:
        out.report(SurveyError(file, f"sheet 'survey', row {header_row}", f"no column '{need}'"))
    return None if missing else cols


_Heading = list[tuple[str, Cell]]  # a group's label as the TOML lines heading.LANG = "…", each with its cell


def _lower_type(cols: _Columns, values: tuple[Any, ...]) -> str:
    """The row's type in today's spelling, lower case (``select one from L`` is ``select_one l``)."""
    i = cols.index["type"]
    return type_name(" ".join(str(values[i] if i < len(values) and values[i] is not None else "").split()).lower())


def _group(out: Built, cols: _Columns, languages: list[str], row: int, values: tuple[Any, ...]) -> _Heading | None:
    """A ``begin group`` row: its label in every language as the heading of the questions in it
    (None: a group without a label); its condition is refused (rrdesk keeps no group)."""
    i = cols.index.get("relevant")
    if i is not None and i < len(values) and values[i] is not None:
        fail(out.file, ("survey", row, "relevant"), "a group's relevant is not supported: the group is "
                                                    "flattened, so write the condition on each of its questions")
    cells = {lang: (values[i] if i < len(values) else None, cols.names[i])
             for (key, lang), i in cols.texts.items() if key == "text"}
    given = [lang for lang in languages if cells.get(lang, (None,))[0] is not None]
    out.note("groups are flattened: their questions are asked in order, the group's label shown as a "
             "heading above them", row)
    if not given:
        return None
    lines: _Heading = []
    for lang in languages:
        item, name = cells.get(lang, (None, f"label::{lang}"))
        if item is None:
            fail(out.file, ("survey", row, name), f"label is empty: a group's label is the heading of its "
                                                  f"questions, and every language of the survey needs one "
                                                  f"(the column '{cells[given[0]][1]}' has one)")
        where = ("survey", row, name)
        lines.append((f"heading.{toml.key(lang)} = {value(out.file, where, item, True)}", where))
    return lines


def _question(out: Built, cols: _Columns, lists: Lists | None, languages: list[str], row: int,
              values: tuple[Any, ...], heading: _Heading | None = None) -> None:
    file = out.file

    def cell(column: str) -> Any:
        i = cols.index.get(column)
        return values[i] if i is not None and i < len(values) else None

    written = " ".join(str(cell("type") or "").split())
    kind = type_name(written.lower())  # select one from L: select_one L
    if kind.startswith(f"{SELECT_ONE} ") and len(kind.split()) == 2:
        kind = f"{SELECT_ONE} {written.split()[-1]}"  # why: a list's name keeps its case, as in ODK
    lower = kind.lower()
    if lower == NOTE or lower in METADATA:
        _skipped_row(out, lower, row)
        return
    if kind and (problem := type_problem(lower)) is not None:  # first: the row's biggest problem
        fail(file, ("survey", row, "type"), problem)
    for i, why in cols.refused.items():
        if why and i < len(values) and values[i] is not None:
            fail(file, ("survey", row, cols.names[i]), why)
    for i, item in enumerate(values):
        if item is not None and (i >= len(cols.names) or not cols.names[i]):
            fail(file, ("survey", row), f"a value in column {i + 1}, which has no name in the header")
    for i, base in cols.ignored.items():
        if i < len(values) and values[i] is not None:
            out.note(f"the column {base} is not shown (put what the respondent must read in the label)", row)
    if cell("required") not in _NOT_REQUIRED and str(cell("required")).lower() not in _NOT_REQUIRED:
        out.note("required is not kept: a respondent may always skip a question (the skip is confirmed)", row)
    if not kind:
        fail(file, ("survey", row, "type"), "type is empty (select_one yes_no, select_one LIST, integer or decimal)")
    design = str(cell("design") or "direct").strip()
    qid = cell("name")
    out.add("")
    out.add("[[question]]", ("survey", row, ""))  # a missing key: its column, from the message
    out.add(f"id = {value(file, ('survey', row, 'name'), qid, True)}", ("survey", row, "name"))
    if cell("design") is None:
        out.add('design = "direct"', ("survey", row, "design"))
    for key in SCALAR_COLUMNS:
        if key in LIST_COLUMNS and isinstance(cell(key), str) and len(cell(key).split()) > 1:
            where = ("survey", row, key)  # numbers separated by spaces (a comma may be a decimal one)
            items = [number(x, file, where) for x in cell(key).split()]
            out.add(f"{key} = [{', '.join(value(file, where, x, False) for x in items)}]", where)
        elif cell(key) is not None:
            item = cell(key) if key in WORD_COLUMNS else number(cell(key), file, ("survey", row, key))
            out.add(f"{key} = {value(file, ('survey', row, key), item, key in WORD_COLUMNS)}",
                    ("survey", row, key))
    for key in ("text", "negation", "unrelated"):
        _texts(out, cols, key, languages, row, values)
    for line, where in heading or ():
        out.add(line, where)
    for (key, lang), i in cols.media.items():  # a picture or a sound: its file, beside the form
        if i < len(values) and values[i] is not None:
            where = ("survey", row, cols.names[i])
            name = value(file, where, values[i], True)
            out.add(f"{key}.{toml.key(lang)} = {name}", where)
            out.media.setdefault(str(values[i]).strip() if isinstance(values[i], str) else str(values[i]), where)
    words = kind.split()
    if lower in NUMBER_TYPES or any(cell(c) is not None for c in NUMBER_COLUMNS):
        number_keys(out, row, lower, design, cell)  # type, its range and bins
    elif lower == YES_NO:  # rrdesk's first dialect: a bare type yes_no
        if design == "kary":
            fail(file, ("survey", row, "type"), "design kary needs a list of answers: type select_one LIST")
    else:
        if len(words) != 2:
            fail(file, ("survey", row, "type"), f'write "{SELECT_ONE} LIST" with one list name, not {show(kind)}')
        listed = words[1]
        if lists is None or listed not in lists.rows:
            if lists is not None and lists.broken:
                raise Quiet(file, "", "")  # why: the sheet choices' own problem is reported
            fail(file, ("survey", row, "type"), f"no list {show(listed)} in the sheet 'choices'")
        if listed in lists.damaged:
            raise Quiet(file, "", "")  # why: the list's own problem is reported; its question waits
        yes_no = lists.is_yes_no(listed)
        voiced = lists.voiced(listed)
        if voiced is not None and design != "kary":  # why: the survey has no key for these sounds
            fail(file, ("survey", row, "type"), f"list {show(listed)} has answers read aloud (media::audio on the "
                                                f"sheet 'choices', row {voiced}), but design {design} does not "
                                                "play them: only a kary question's answers are read aloud (give "
                                                "this question a list without sounds)")
        if design in _YES_NO_DESIGNS and not yes_no:
            fail(file, ("survey", row, "type"), f"design {design} is answered YES or NO: write type "
                                                f"{SELECT_ONE} {YES_NO}, a list of the choices yes and no "
                                                f"(list {show(listed)} holds others)")
        if yes_no and (design in _YES_NO_DESIGNS or listed == YES_NO):
            lists.used.add(listed)  # rrdesk's own YES and NO: the list's labels are not kept
        else:
            lists.emit(out, listed, languages)
            lists.taken[str(qid)] = listed


def _skipped_row(out: Built, kind: str, row: int) -> None:
    """A note or ODK metadata: read, no question made, said once."""
    if kind == NOTE:
        out.note("notes are not shown (rrdesk shows only questions)", row)
    else:
        out.note("ODK's metadata (start, end, today, deviceid, …) is not recorded: rrdesk records no time, "
                 "device or person data beside an answer", row)


def _texts(out: Built, cols: _Columns, key: str, languages: list[str], row: int,
           values: tuple[Any, ...]) -> None:
    column = next(name for name, k in TEXT_COLUMNS.items() if k == key)
    cells = {lang: values[i] if i < len(values) else None
             for (k, lang), i in cols.texts.items() if k == key}
    given = [lang for lang in languages if cells.get(lang) is not None]
    if not given and key != "text":
        return
    for lang in languages:
        if cells.get(lang) is None:
            name = cols.names[cols.texts[(key, lang)]] if (key, lang) in cols.texts else f"{column}::{lang}"
            also = f" (the column '{column}::{given[0]}' has one)" if given else ""
            fail(out.file, ("survey", row, name), f"{column} is empty: every language of the survey "
                                                  f"needs one{also}")
        name = cols.names[cols.texts[(key, lang)]]
        out.add(f"{key}.{toml.key(lang)} = {value(out.file, ('survey', row, name), cells[lang], True)}",
                ("survey", row, name))


_TRANSLATE = re.compile(r"; rrdesk translate (\S+) --survey .* writes them to fill in\Z")


def locate(error: SurveyError, built: Built) -> SurveyError:
    """The survey rules' message about the built text, moved to the cell its line came from (and
    a wording gap's advice given for the spreadsheet: the texts go in the sheet 'wording')."""
    what = _TRANSLATE.sub(lambda m: f"; rrdesk translate {m[1]} -o wording-{m[1]}.csv lists them: put "
                                    f"its names and translations in a sheet 'wording', columns name and "
                                    f"label::{m[1]}", error.what)
    error = SurveyError(error.file, error.where, what)
    m = re.match(r"line (\d+)", error.where)
    cell = built.cells.get(int(m[1])) if m else None
    if cell is None:
        return SurveyError(built.file, "", error.what)
    key = re.search(r'key "([^"]+)"', error.where)
    sheet, row, column = cell
    if key and not column:
        name = key[1]
        column = next((c for c, k in SETTINGS.items() if k == name), name)
    return SurveyError(built.file, f"sheet '{sheet}', row {row}" + (f", column '{column}'" if column else ""),
                       error.what)
