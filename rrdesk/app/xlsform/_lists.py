"""The sheets ``choices`` (the answers of ``select_one LIST`` questions) and ``wording`` (the
survey's [wording.LANG] tables) of an XLSForm, read and written into the survey file's text.

Part of :mod:`rrdesk.app.xlsform`, beside :mod:`rrdesk.app.xlsform._import` (the sheets
``survey`` and ``settings``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import rrdesk.app.xlsform._toml_text as toml
from rrdesk.app.xlsform._cells import Built, Cell, fail, number, text, value
from rrdesk.app.xlsform._columns import YES_NO_CHOICES, language_of, media_column
from rrdesk.app.xlsform._read import Sheet
from rrdesk.core.errors import SurveyError
from rrdesk.core.survey import CHOICE_ID, ident_ok, show

# -- choices sheet ---------------------------------------------------------------------------


@dataclass
class Lists:
    """The sheet ``choices``: each list's answers in order; :meth:`emit` writes one question's."""

    rows: dict[str, list[tuple[int, str, dict[str, Any]]]]  # list → (row, name, labels by language)
    columns: dict[tuple[str, str], int]  # ("label", language) → column number
    names: tuple[str, ...]
    used: set[str] = field(default_factory=set)  # the lists a question takes
    taken: dict[str, str] = field(default_factory=dict)  # question id → its list
    weights: dict[int, Any] = field(default_factory=dict)  # row → its cell in the column 'weight'
    broken: bool = False  # the sheet lacks list_name or name: its problem is reported once
    damaged: set[str] = field(default_factory=set)  # lists with a row reported: their questions wait
    audio: dict[str, int] = field(default_factory=dict)  # language → column number of media::audio::LANG
    sounds: dict[int, dict[str, Any]] = field(default_factory=dict)  # row → its sound file per language

    def is_yes_no(self, name: str) -> bool:
        """Whether list ``name`` holds exactly the choices yes and no: rrdesk's YES/NO."""
        return sorted(e[1] for e in self.rows[name]) == sorted(YES_NO_CHOICES)

    def voiced(self, name: str) -> int | None:
        """The first row of list ``name`` with a sound (media::audio::LANG), None if none has."""
        return next((row for row, _, _ in self.rows[name] if row in self.sounds), None)

    def emit(self, out: Built, name: str, languages: list[str]) -> None:
        self.used.add(name)
        entries = self.rows[name]
        first = entries[0][0]
        out.add(f"choices = {toml.value([e[1] for e in entries])}", ("choices", first, "name"))
        self._sounds(out, name, languages)
        if not any(labels for _, _, labels in entries):
            return
        for lang in languages:
            for row, _, labels in entries:
                if labels.get(lang) is None:
                    fail(out.file, ("choices", row, self._name(lang)),
                         f"label is empty: every choice of list {show(name)} needs one in every language")
            texts = [text(out.file, ("choices", row, self._name(lang)), labels[lang])
                     for row, _, labels in entries]
            out.add(f"choice_text.{toml.key(lang)} = {toml.value(texts)}", ("choices", first, self._name(lang)))

    def _sounds(self, out: Built, name: str, languages: list[str]) -> None:
        """``choice_audio.LANG``: each answer's sound in the column media::audio::LANG, one file per
        choice row ("" for a row left empty), for each language with a sound in this list."""
        entries = self.rows[name]
        for lang in languages:
            if lang not in self.audio or not any(self.sounds.get(row, {}).get(lang) is not None
                                                 for row, _, _ in entries):
                continue
            column = self.names[self.audio[lang]]
            files = []
            for row, _, _ in entries:
                cell = self.sounds.get(row, {}).get(lang)
                file = "" if cell is None else text(out.file, ("choices", row, column), cell).strip()
                if file:
                    out.media.setdefault(file, ("choices", row, column))
                files.append(file)
            out.add(f"choice_audio.{toml.key(lang)} = {toml.value(files)}", ("choices", entries[0][0], column))

    def _name(self, lang: str) -> str:
        i = self.columns.get(("label", lang))
        return self.names[i] if i is not None else f"label::{lang}"


def read_lists(out: Built, sheet: Sheet | None, default: str) -> Lists | None:
    if sheet is None:
        return None
    file = out.file
    lists = Lists({}, {}, sheet.header)
    index: dict[str, int] = {}
    header_row = sheet.header_row
    for i, name in enumerate(sheet.header):
        with out.part():
            where = ("choices", header_row, name)
            pictured = media_column(name, default)
            if isinstance(pictured, str):
                fail(file, where, pictured)
            if pictured is not None and pictured[0] == "audio":  # ODK's media::audio::LANG: each answer read aloud
                if pictured[1] in lists.audio:
                    fail(file, where, f"a second media::audio column in language {pictured[1]}")
                lists.audio[pictured[1]] = i
                continue
            parsed = language_of(name, default) if pictured is None else (name, "")
            if isinstance(parsed, str):
                fail(file, where, parsed)
            base, lang = parsed
            if base == "label":
                lists.columns[("label", lang)] = i
            elif base in ("list_name", "list name", "name", "weight") and "::" not in name:
                index["list_name" if base == "list name" else base] = i
            elif name:  # why not refused: ODK takes any other column (a choice_filter's, a picture)
                out.note(f"the column {show(name)} of the sheet choices is not read", header_row)
    for need in ("list_name", "name"):
        if need not in index:
            lists.broken = True
            out.report(SurveyError(file, f"sheet 'choices', row {header_row}", f"no column '{need}'"))
    if lists.broken:
        return lists
    for row, values in sheet.rows:
        before = len(out.problems)
        with out.part():
            _choice(out, lists, index, row, values)
        if len(out.problems) > before:
            listed = values[index["list_name"]] if index["list_name"] < len(values) else None
            lists.damaged.add(str(listed))
    return lists


def _choice(out: Built, lists: Lists, index: dict[str, int], row: int, values: tuple[Any, ...]) -> None:
    file = out.file
    listed, given = (values[index[k]] if index[k] < len(values) else None for k in ("list_name", "name"))
    if listed is None or given is None:
        fail(file, ("choices", row, "list_name" if listed is None else "name"), "empty")
    if isinstance(given, float) and given.is_integer():
        given = int(given)  # why: a digit typed in a cell is a number to a spreadsheet: 1, not "1"
    name = str(given)
    if name != name.lower() and ident_ok(name.lower(), CHOICE_ID):
        out.note("choice names are kept in lower case (Yes is yes)", row)
        name = name.lower()
    if not ident_ok(name, CHOICE_ID):
        fail(file, ("choices", row, "name"), f"{show(name)}: a choice name must start with a letter or a "
                                             'digit and hold only a-z, 0-9, "_" and "-" (at most 64)')
    entries = lists.rows.setdefault(str(listed), [])
    if any(e[1] == name for e in entries):
        fail(file, ("choices", row, "name"), f"{show(name)} is already in list {show(str(listed))}")
    labels = {lang: values[i] for (_, lang), i in lists.columns.items()
              if i < len(values) and values[i] is not None}
    entries.append((row, name, labels))
    sounds = {lang: values[i] for lang, i in lists.audio.items() if i < len(values) and values[i] is not None}
    if sounds:
        lists.sounds[row] = sounds
    if "weight" in index and index["weight"] < len(values) and values[index["weight"]] is not None:
        lists.weights[row] = values[index["weight"]]


def weight_table(out: Built, setting: tuple[Any, Cell] | None, lists: Lists | None) -> None:
    """The ``[weight]`` table: the question named in settings' ``weight_question``, and the
    column ``weight`` of its list in the sheet ``choices``."""
    weighed = sorted(lists.weights) if lists else []
    if setting is None or setting[0] is None:
        if weighed:
            fail(out.file, ("choices", weighed[0], "weight"), "a weight, but no weight_question in the "
                 "sheet 'settings' names the question whose answers carry the weights")
        return
    cell, where = setting
    qid = text(out.file, where, cell)
    out.add("")
    out.add("[weight]", where)
    out.add(f"question = {toml.value(qid)}", where)
    listed = lists.taken.get(qid) if lists else None
    if lists is None or listed is None:
        return  # the survey rules say that this question is not one asked directly with choices
    entries = lists.rows[listed]
    rows = {row for row, _, _ in entries}
    for row in weighed:
        if row not in rows:
            fail(out.file, ("choices", row, "weight"), f"a weight in a list other than {show(listed)}, the "
                                                       f"list of the weight question {show(qid)}")
    given = [(row, name) for row, name, _ in entries if row in lists.weights]
    if not given:
        out.add("values = {}", ("choices", entries[0][0], "weight"))
    for row, name in given:
        where_w = ("choices", row, "weight")
        out.add(f"values.{name} = {value(out.file, where_w, number(lists.weights[row], out.file, where_w), False)}",
                where_w)


# -- wording sheet --------------------------------------------------------------------------

_TEXT_NAME = re.compile(r"[a-z][a-z0-9_]*(?:\.[a-z]+)?")  # a respondent text, or NAME.CATEGORY


def _wording_columns(out: Built, sheet: Sheet, default: str, languages: list[str],
                     ) -> tuple[int | None, list[tuple[str, int, str]], list[tuple[str, int, str]]]:
    """The sheet ``wording``'s columns: ``name``'s number, and (language, number, header) of each
    ``label::LANG`` and each ``media::audio::LANG``; each wrong header reported once."""
    file, header_row = out.file, sheet.header_row
    name_column, labels, sounds = None, [], []
    for i, column in enumerate(sheet.header):
        with out.part():
            where = ("wording", header_row, column)
            sound = media_column(column, default) if column else None
            if isinstance(sound, str):
                fail(file, where, sound)
            if sound is not None:
                if sound[0] != "audio":
                    fail(file, where, "the wording sheet takes name, label::LANG and media::audio::LANG (a text's "
                                      "sound), not pictures")
                if sound[1] not in languages:
                    fail(file, where, f"{show(sound[1])} is not one of the survey's languages ({', '.join(languages)})")
                sounds.append((sound[1], i, column))
                continue
            parsed = language_of(column, default)
            if isinstance(parsed, str):
                fail(file, where, parsed)
            if parsed[0] == "name" and "::" not in column:
                name_column = i
            elif parsed[0] == "label":
                if parsed[1] not in languages:
                    fail(file, where, f"{show(parsed[1])} is not one of the survey's languages "
                                      f"({', '.join(languages)})")
                labels.append((parsed[1], i, column))
            elif column:
                fail(file, where, "unknown column (the wording sheet takes name, label::LANG, media::audio::LANG)")
    return name_column, labels, sounds


#: A language's sounds of the sheet ``wording``: (text name, file name, its cell) per row.
Sounds = list[tuple[str, list[tuple[Any, str, Cell]]]]


def wording_sounds(out: Built, sheet: Sheet, default: str, languages: list[str]) -> Sounds:
    """The sheet ``wording``'s ``media::audio::LANG`` columns: per language, (name, file, cell) of each
    text's sound for its [wording_audio.LANG] table (:func:`wording_tables` writes them); each
    file is named for [media] now, before that table is written."""
    name_column, _, sounds = _wording_columns(Built(out.file), sheet, default, languages)  # why a scratch Built:
    if name_column is None:  # the headers' problems are reported once, by wording_tables
        return []
    tables = []
    for lang, i, column in sorted(sounds, key=lambda c: languages.index(c[0])):
        lines = []
        for row, values in sheet.rows:
            name, file = values[name_column], values[i] if i < len(values) else None
            if file is None or (isinstance(file, str) and not file.strip()):
                continue
            where = ("wording", row, column)
            out.media.setdefault(str(file).strip(), where)
            lines.append((name, str(file).strip(), where))
        tables.append((lang, lines))
    return tables


def wording_tables(out: Built, sheet: Sheet, default: str, languages: list[str], sounds: Sounds | None = None) -> None:
    """The sheet ``wording`` (columns ``name``, ``label::LANG`` and ``media::audio::LANG``) as
    [wording.LANG] and [wording_audio.LANG] tables (``sounds``: from :func:`wording_sounds`)."""
    file, header_row = out.file, sheet.header_row
    name_column, columns, _ = _wording_columns(out, sheet, default, languages)
    if name_column is None:
        out.report(SurveyError(file, f"sheet 'wording', row {header_row}", "no column 'name'"))
        return
    for lang, i, column in sorted(columns, key=lambda c: languages.index(c[0])):
        out.add("")
        out.add(f"[wording.{toml.key(lang)}]", ("wording", header_row, column))
        for row, values in sheet.rows:
            name, text = values[name_column], values[i] if i < len(values) else None
            if text is None:
                continue
            with out.part():
                if name is None or not _TEXT_NAME.fullmatch(str(name)):
                    fail(file, ("wording", row, "name"), f"{show(name)}: the name of one of rrdesk's respondent "
                                                         "texts (rrdesk translate LANG -o FILE.csv lists them)")
                out.add(f"{name} = {value(file, ('wording', row, column), text, True)}",
                        ("wording", row, column))
    for lang, rows in sounds or ():
        out.add("")
        out.add(f"[wording_audio.{toml.key(lang)}]", rows[0][2] if rows else None)
        for name, sound, where in rows:
            with out.part():
                if name is None or not _TEXT_NAME.fullmatch(str(name)) or "." in str(name):
                    fail(file, ("wording", where[1], "name"), f"{show(name)}: the name of one of rrdesk's "
                                                              "respondent texts that a survey may voice")
                out.add(f"{name} = {value(file, where, sound, True)}", where)
