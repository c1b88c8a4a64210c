"""A survey written as an XLSForm workbook: the sheets ``survey``, ``choices`` and ``settings``.

Part of :mod:`rrdesk.app.xlsform`. The parameters come from the survey file's own tables (an ε
stays an ε, ``p = 0.75`` stays ``p``), so that importing the workbook again gives the same survey,
spinner for spinner. A number is written as a number when Excel's 16 significant digits hold it
exactly (openpyxl writes ``%.16g``), else as text holding Python's shortest exact form, which
the import reads back as that number (ln 3 = 1.0986122886681098 needs 17 digits).
"""
from __future__ import annotations

import io
from typing import Any

from rrdesk.app.xlsform._columns import (
    NUMBER_COLUMNS,
    SCALAR_COLUMNS,
    SELECT_ONE,
    YES_NO,
    YES_NO_CHOICES,
    language_column,
)
from rrdesk.app.xlsform._numbers import number_cells
from rrdesk.core.errors import SurveyError
from rrdesk.core.survey import Survey
from rrdesk.core.wording import words_for

#: A question's media keys → their XLSForm column (before ``::LANG``); ``choice_audio`` is the
#: column ``media::audio::LANG`` of the sheet choices, one sound per choice row.
_MEDIA = {"image": "media::image", "audio": "media::audio", "negation_image": "negation_image",
          "negation_audio": "negation_audio", "unrelated_image": "unrelated_image",
          "unrelated_audio": "unrelated_audio"}
_CHOICE_AUDIO = "choice_audio."  # a kary question's answer read aloud: choice_audio.INDEX
#: Column widths in characters: names narrow, texts wide enough to read a sentence.
_WIDTHS = {"type": 22, "name": 18, "list_name": 18, "design": 11, "answer_mode": 12}
_TEXT_WIDTH = 48  # why: a question's label, negation or unrelated question is a sentence
_OTHER_WIDTH = 13  # why: numbers (epsilon, p, …) and short settings


def sheets(survey: Survey, raw: dict[str, Any]) -> dict[str, list[list[Any]]]:
    """The three sheets' rows (a header row first) for ``survey``, whose parsed TOML is ``raw``."""
    langs = survey.languages
    tables = {t.get("id"): t for t in raw.get("question", []) if isinstance(t, dict)}
    used = [k for k in SCALAR_COLUMNS if k != "design" and any(k in t for t in tables.values())]
    texts = [("label", "text")] + [(k, k) for k in ("negation", "unrelated")
                                    if any(getattr(q, k) for q in survey.questions)]
    numbers = {q.id: number_cells(q, tables.get(q.id, {})) for q in survey.questions}
    extra = [c for c in NUMBER_COLUMNS if any(c in cells for cells in numbers.values())]  # constraint, bins
    named = {lang: language_column(lang) for lang in langs}  # English (en), as ODK shows languages
    # pictures and sounds: ODK's media::image::LANG and media::audio::LANG, rrdesk's own
    # negation_image::LANG, negation_audio::LANG, unrelated_image::LANG and unrelated_audio::LANG;
    # each kind used gets a column in every language (pyxform warns about a language without one)
    _every_media_key_written(survey)
    media = [(key, lang) for key in _MEDIA if any(dict(q.media).get(key) for q in survey.questions) for lang in langs]
    # each answer read aloud: ODK's media::audio::LANG on the sheet choices, one file per choice row
    voiced = any(key.startswith(_CHOICE_AUDIO) for q in survey.questions for key, _ in q.media)
    head = ["type", "name", *(f"label::{named[lang]}" for lang in langs), "design", *used, *extra,
            *(f"{col}::{named[lang]}" for col, _ in texts[1:] for lang in langs),
            *(f"{_MEDIA[key]}::{named[lang]}" for key, lang in media)]
    rows: list[list[Any]] = [head]
    choices: list[list[Any]] = [["list_name", "name", *(f"label::{named[lang]}" for lang in langs),
                                 *(f"media::audio::{named[lang]}" for lang in langs if voiced)]]
    yes_no = False  # whether a question is answered YES or NO: the list yes_no is written
    ids = {q.id for q in survey.questions}
    sections = (f"section_{n}" for n in range(1, 10**6) if f"section_{n}" not in ids)  # the groups' names
    for i, q in enumerate(survey.questions):
        if q.heading != (survey.questions[i - 1].heading if i else None):  # a new section: its group
            if i and survey.questions[i - 1].heading:
                rows.append(["end group"])
            if q.heading:
                rows.append(["begin group", next(sections), *(q.heading[lang] for lang in langs)])
        table = tables.get(q.id, {})
        own = q.id if q.id != YES_NO else f"{q.id}_list"  # why: the list yes_no is rrdesk's YES/NO
        yes_no = yes_no or (q.number is None and not q.choices)
        kind = (q.number.type if q.number is not None else f"{SELECT_ONE} {own}" if q.choices
                else f"{SELECT_ONE} {YES_NO}")
        row: list[Any] = [kind, q.id, *(q.text[lang] for lang in langs), q.kind]
        row += [_number(table[k]) if k in table else None for k in used]
        row += [numbers[q.id].get(c) for c in extra]
        row += [getattr(q, attr)[lang] if getattr(q, attr) else None for _, attr in texts[1:] for lang in langs]
        row += [q.media_in(key, lang) for key, lang in media]
        rows.append(row)
        for j, choice in enumerate(q.choices):
            labels = [q.choice_text[lang][j] if q.choice_text else None for lang in langs]
            sounds = [q.media_in(f"{_CHOICE_AUDIO}{j}", lang) for lang in langs if voiced]
            choices.append([own, choice, *labels, *sounds])
    if survey.questions[-1].heading:
        rows.append(["end group"])
    if yes_no:  # rrdesk's own YES and NO, in each language's words, as ODK lists them
        words = [words_for(survey, lang) for lang in langs]
        choices += [[YES_NO, name, *(w(name) for w in words), *(None for _ in langs if voiced)]
                    for name in YES_NO_CHOICES]
    settings = [["form_id", "form_title", "default_language", "recipients", "max_epsilon",
                 "planned_respondents", "version"],
                [survey.id, survey.title, language_column(langs[0]), "\n".join(survey.recipients),
                 _number(raw["survey"]["max_epsilon"]), survey.planned_respondents, survey.version]]
    if not survey.record_duration:  # rrdesk's own column, written only when durations are off
        settings[0].append("record_duration")
        settings[1].append("false")
    if survey.interviewers:  # rrdesk's own column: one id per line
        settings[0].append("interviewers")
        settings[1].append("\n".join(survey.interviewers))
    for lang in survey.consent:  # rrdesk's own: [consent] text.LANG
        settings[0].append(f"consent::{language_column(lang)}")
        settings[1].append(survey.consent[lang])
    if survey.weight_question is not None:  # [weight]: the question, and a weight per answer
        settings[0].append("weight_question")
        settings[1].append(survey.weight_question)
        choices[0].append("weight")
        weight_list = survey.weight_question if survey.weight_question != YES_NO else f"{YES_NO}_list"
        weights = iter(survey.weights)
        for row in choices[1:]:
            row.append(next(weights) if row[0] == weight_list else None)
    out = {"survey": rows, "choices": choices, "settings": settings}
    if survey.wording or survey.wording_audio:
        out["wording"] = _wording(survey)
    return out


def _every_media_key_written(survey: Survey) -> None:
    """Every media key of every question has its column, and every file of ``[media]`` is named by
    a question (a form carries only those; its import lists them again): a key the survey format
    gains and this writer does not know, or a file listed for nothing, is an error here, never a
    picture or sound silently left out of the form."""
    named: set[str] = set()
    for q in survey.questions:
        for key, files in q.media:
            if key not in _MEDIA and not key.startswith(_CHOICE_AUDIO):
                raise SurveyError(str(survey.path), f'question "{q.id}"',
                                  f"{key} has no XLSForm column yet: export-xlsform would leave it out")
            named.update(files.values())
    for lang in survey.wording_audio:  # the wording's sounds: the sheet wording's media::audio::LANG
        named.update(file for _, file in survey.wording_audio[lang])
    for name, _ in survey.media:
        if name not in named:
            raise SurveyError(str(survey.path), f'media "{name}"',
                              "listed in [media] but no question names it (nor [wording_audio]): a form carries "
                              "only the files its questions and voiced texts name, so its import would drop it; name "
                              "it in a question or take it out of [media]")


def _wording(survey: Survey) -> list[list[Any]]:
    """The [wording.LANG] tables as the sheet ``wording``: a name per row (``NAME.CATEGORY``
    for a plural form), a ``label::LANG`` column per language that has a table, and a
    ``media::audio::LANG`` column per language whose texts the survey voices ([wording_audio.LANG])."""
    langs = list(survey.wording)
    voiced = list(survey.wording_audio)
    texts: dict[str, dict[str, str]] = {}
    for lang in langs:
        for name, value in survey.wording[lang]:
            forms = value if isinstance(value, tuple) else ((None, value),)
            for category, text in forms:
                texts.setdefault(name if category is None else f"{name}.{category}", {})[lang] = text
    sounds: dict[str, dict[str, str]] = {}
    for lang in voiced:
        for name, file in survey.wording_audio[lang]:
            sounds.setdefault(name, {})[lang] = file
            texts.setdefault(name, {})
    return [["name", *(f"label::{language_column(lang)}" for lang in langs),
             *(f"media::audio::{language_column(lang)}" for lang in voiced)],
            *([name, *(by_lang.get(lang) for lang in langs), *(sounds.get(name, {}).get(lang) for lang in voiced)]
              for name, by_lang in texts.items())]


#: First characters that make a spreadsheet read a cell as a formula when it is typed or pasted
#: (CSV injection's list): such a text is kept text, never a live formula.
_FORMULA_START = ("=", "+", "-", "@")


def _as_text(cell: Any) -> None:
    """A string cell stays a string: openpyxl would store a text starting with ``=`` as a formula
    (``=HYPERLINK(…)`` run by whoever opens the form); a text starting with ``= + - @`` is
    also marked quote-prefixed, so that editing it in Excel or LibreOffice keeps it text."""
    if isinstance(cell.value, str) and cell.value.startswith(_FORMULA_START):
        cell.data_type = "s"
        cell.quotePrefix = True


def _number(item: Any) -> Any:
    if isinstance(item, list):  # unrelated_unknown's p and range: one cell, numbers separated by spaces
        return " ".join(str(_number(x)) for x in item)
    if isinstance(item, float) and float("%.16g" % item) != item:
        return repr(item)  # why: see the module docstring; the import reads it back exactly
    return item


def workbook_bytes(content: dict[str, list[list[Any]]], extra: dict[str, list[list[Any]]] | None = None) -> bytes:
    """An ``.xlsx`` holding ``content``'s sheets (then ``extra``'s), headers bold and frozen."""
    import openpyxl  # why here: openpyxl is only needed by the XLSForm commands
    from openpyxl.styles import Alignment, Font
    from openpyxl.utils import get_column_letter

    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in {**content, **(extra or {})}.items():
        ws = book.create_sheet(name)
        for row in rows:
            ws.append(row)
            for cell in ws[ws.max_row]:
                _as_text(cell)
        for cell in ws[1]:
            cell.font = Font(bold=True)
        ws.freeze_panes = "A2"
        for i, title in enumerate(rows[0] if rows else (), 1):
            text = str(title).split("::")[0]
            wide = text in ("label", "negation", "unrelated", "form_title", "recipients", "what")
            ws.column_dimensions[get_column_letter(i)].width = _WIDTHS.get(
                text, _TEXT_WIDTH if wide else _OTHER_WIDTH)
        for row in ws.iter_rows(min_row=2):
            for cell in row:
                cell.alignment = Alignment(wrap_text=True, vertical="top")
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
