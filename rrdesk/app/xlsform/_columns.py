"""The XLSForm vocabulary rrdesk reads and writes: sheets, columns, types, and what it refuses.

Part of :mod:`rrdesk.app.xlsform` (docs/survey-format.md, "XLSForm"). The rule is one line:
every question key of the survey file is a column of the ``survey`` sheet with the same name,
except that ``id`` is XLSForm's ``name``, ``text`` is its ``label``, a text in a language is
``KEY::LANG`` (``label::fr`` or XLSForm's ``label::Français (fr)``), and ``choices`` /
``choice_text`` come from the ``choices`` sheet.
"""
from __future__ import annotations

import re

from rrdesk.core.survey import LANGUAGE, QUESTION_KEYS, SURVEY_KEYS

#: The sheets rrdesk reads; any other sheet (an ODK "external_choices", notes) is ignored.
#: ``wording`` is rrdesk's own: the survey file's [wording.LANG] tables (docs/TRANSLATING.md).
SHEETS = ("survey", "choices", "settings", "wording")

#: Question keys that hold one text per language: the column's name before ``::LANG``.
TEXT_COLUMNS = {"label": "text", "negation": "negation", "unrelated": "unrelated"}
#: Question keys that are not one cell of their own (named, texts, or from the choices sheet).
_NOT_SCALAR = {"id", "text", "negation", "unrelated", "choices", "choice_text",
               "heading",  # a group's label (begin group … end group), on each of its questions
               # a number question's type is XLSForm's type, its range XLSForm's constraint and its
               # bins a list in one cell (NUMBER_COLUMNS); decimals and relevant are plain cells
               "type", "min", "max", "bins"}
_ORDER = ("design", "epsilon", "truth", "yes", "no", "p", "unrelated_prevalence", "unrelated_prevalence_between",
          "answer_mode")
#: Every other question key, in the survey format's order: one cell, a number or a word (a key
#: a later design adds comes after, in alphabetical order).
SCALAR_COLUMNS = tuple([k for k in _ORDER if k in QUESTION_KEYS]
                       + sorted(QUESTION_KEYS - _NOT_SCALAR - set(_ORDER)))
#: Scalar keys that may hold a list of numbers (``unrelated_unknown``'s ``p = [0.75, 0.25]`` and its
#: range): one cell, the numbers separated by spaces (``0.75 0.25``), as ``bins`` are.
LIST_COLUMNS = frozenset({"p", "unrelated_prevalence_between"})
#: Scalar keys whose value is a word, never a number (a cell "1" there stays "1").
WORD_COLUMNS = frozenset({"design", "answer_mode", "relevant"})
#: A number question's other columns: XLSForm's ``constraint`` (its range, ``. >= MIN and . <= MAX``)
#: and rrdesk's own ``bins`` (the cut points, separated by spaces).
NUMBER_COLUMNS = ("constraint", "bins")
NUMBER_TYPES = ("integer", "decimal")

#: settings sheet column → [survey] key (rrdesk's own columns keep the survey file's names).
SETTINGS = {"form_id": "id", "form_title": "title", "recipients": "recipients",
            "max_epsilon": "max_epsilon", "planned_respondents": "planned_respondents",
            # XLSForm's own version; rrdesk's interviewers (ids separated by commas or new lines)
            "version": "version", "interviewers": "interviewers",
            # rrdesk's own: whether interviews record their duration (true, false; true when absent)
            "record_duration": "record_duration"}
assert set(SETTINGS.values()) | {"languages"} == set(SURVEY_KEYS), "a [survey] key has no column"

#: XLSForm types rrdesk's question types stand for: one answer from a list of the choices sheet.
#: A YES/NO question (every randomized yes/no design, and a direct yes/no question) is written
#: the ODK way, ``select_one yes_no`` over a list ``yes_no`` holding the choices ``yes`` and
#: ``no`` (labels: rrdesk's own YES and NO in each language), so that ODK's converter takes
#: the form; the bare type ``yes_no`` of rrdesk's first dialect is still read.
YES_NO = "yes_no"
SELECT_ONE = "select_one"
#: The choice names of a YES/NO list, in the order written.
YES_NO_CHOICES = ("yes", "no")

#: XLSForm features rrdesk refuses, by type, with what to do instead.
_TYPE_HINTS = {
    "begin repeat": "repeats", "end repeat": "repeats", "begin_repeat": "repeats", "end_repeat": "repeats",
    "calculate": "calculations", "select_multiple": "several answers to one question (ask one "
    "yes/no question per answer instead)", "select_multiple_from_file": "choices from a file",
    "select_one_from_file": "choices from a file", "rank": "ranking", "range": "ranges",
    "text": "free text (an answer typed in the clear could name the respondent)",
    "acknowledge": "acknowledgements", "trigger": "triggers",
    "hidden": "hidden questions", "xml-external": "external data", "csv-external": "external data",
}
_MEDIA = ("image", "audio", "video", "file", "barcode", "geopoint", "geotrace", "geoshape",
          "background-audio", "date", "time", "datetime")
#: Metadata an ODK form often starts with: rows rrdesk skips (said once), as it records none of
#: it beside an answer.
METADATA = ("start", "end", "today", "deviceid", "phonenumber", "username", "email",
            "audit", "simserial", "subscriberid", "start-geopoint")
#: A group's rows: the group is flattened (its questions kept in order), its label is the
#: ``heading`` of each question in it (the innermost labelled group's). A note is not shown
#: (rrdesk shows only questions).
BEGIN_GROUP = ("begin group", "begin_group")
END_GROUP = ("end group", "end_group")
GROUPS = BEGIN_GROUP + END_GROUP
NOTE = "note"

#: A question's pictures and sound per language (docs/survey-format.md, "Pictures and sound"):
#: XLSForm column (ODK's ``media::image::LANG``, its short ``image::LANG``; rrdesk's own
#: ``negation_image::LANG``, ``negation_audio::LANG``, ``unrelated_image::LANG`` and
#: ``unrelated_audio::LANG``) → the survey file's key. On the sheet choices, ODK's
#: ``media::audio::LANG`` (or ``audio::LANG``) is each answer's sound: ``choice_audio.LANG``.
MEDIA_COLUMNS = {"media::image": "image", "image": "image", "media::audio": "audio", "audio": "audio",
                 "negation_image": "negation_image", "negation_audio": "negation_audio",
                 "unrelated_image": "unrelated_image", "unrelated_audio": "unrelated_audio"}


def media_column(name: str, default: str) -> tuple[str, str] | str | None:
    """``(survey key, language)`` of a picture or sound column (``media::image::English (en)``),
    a message why its language is not known, or None when ``name`` is no such column."""
    lower = name.lower()
    prefix = "media::" if lower.startswith("media::") else ""
    parsed = language_of(name[len(prefix):], default)
    if isinstance(parsed, str):
        base = name[len(prefix):].partition("::")[0].partition(":")[0].strip().lower()
        return parsed if prefix + base in MEDIA_COLUMNS else None
    key = MEDIA_COLUMNS.get(prefix + parsed[0])
    return None if key is None else (key, parsed[1])


#: Columns of XLSForm rrdesk reads and leaves out of the survey (said once when filled): a hint
#: (put what the respondent must read in the label) and the interviewer's guidance.
IGNORED_COLUMNS = ("hint", "guidance_hint")

#: Columns of XLSForm that rrdesk does not support: refused in any row that fills them.
_UNSUPPORTED = {
    "constraint_message": "constraint messages are not supported (rrdesk says what range it takes, in the "
                          "interviewer's language)",
    "calculation": "calculations are not supported", "choice_filter": "choice filters are not supported",
    "repeat_count": "repeats are not supported", "appearance": "appearances are not supported",
    "default": "default answers are not supported (a respondent's answer is never preset)",
    "read_only": "read-only questions are not supported", "trigger": "triggers are not supported",
    "parameters": "parameters are not supported",
    "required_message": "required answers are not supported (a respondent may always skip)",
    "video": "video is not supported (pictures and sound are: media::image::LANG, media::audio::LANG)",
    "big-image": "a second, larger picture is not supported (media::image::LANG is)",
    "bind": "bind attributes are not supported",
    "instance": "instance attributes are not supported",
}
_SETTINGS_UNSUPPORTED = {
    "public_key": "rrdesk seals answers with age, not ODK's RSA key: put the coordinator's age1… "
                  "recipients in the column 'recipients'",
    "submission_url": "rrdesk sends nothing over a network (answers leave on a USB stick)",
    "instance_name": "instance names are not supported", "style": "form styles are not supported",
    "allow_choice_duplicates": "choice lists must not repeat a name",
    "auto_send": "rrdesk sends nothing over a network", "auto_delete": "rrdesk never deletes answers",
    "namespaces": "namespaces are not supported", "clean_text_values": "not supported",
}


#: XLSForm's older spellings of a type, as pyxform still reads them (lower case, one space).
_SPELLINGS = ((re.compile(r"select one from (\S+)"), r"select_one \1"), (re.compile(r"select one (\S+)"), r"select_one \1"),
              (re.compile(r"select all that apply from (.+)"), r"select_multiple \1"),
              (re.compile(r"select (?:all that apply|multiple) (.+)"), r"select_multiple \1"),
              (re.compile(r"begin loop.*"), "begin repeat"), (re.compile(r"end loop"), "end repeat"))
#: Types with no counterpart, beyond those of :data:`_TYPE_HINTS`, by their first word.
_MORE_HINTS = {"select_one_external": "choices from an external file", "osm": "OpenStreetMap questions",
               "include": "included forms", "phone": "free text (a phone number names the respondent)"}


def type_name(kind: str) -> str:
    """The type ``kind`` (lower case, spaces single) in today's spelling (``select one from L``
    is ``select_one L``)."""
    for pattern, spelled in _SPELLINGS:
        if pattern.fullmatch(kind):
            return pattern.sub(spelled, kind)
    return kind


def type_problem(kind: str) -> str | None:
    """Why the XLSForm type ``kind`` (lower case) is refused, or None if rrdesk takes it."""
    first = kind.split()[0] if kind.split() else kind
    if first in (SELECT_ONE, "select one") and kind.endswith(" or_other"):
        return (f'type "{kind}": or_other (an answer typed in for "Other") is not supported: add a choice '
                "other to the list instead")
    if first in _MORE_HINTS:
        return f'type "{kind}" is not supported: rrdesk has no {_MORE_HINTS[first]}'
    if (kind == YES_NO or first in (SELECT_ONE, "select one") or kind in NUMBER_TYPES
            or kind in GROUPS or kind == NOTE or kind in METADATA):
        return None
    for name, feature in _TYPE_HINTS.items():
        if kind == name or first == name:
            return f'type "{kind}" is not supported: rrdesk has no {feature}'
    if first in _MEDIA:
        return (f'type "{kind}" is not supported: rrdesk asks only select_one (yes_no or a list), integer and '
                "decimal questions")
    return (f'type "{kind}" is not an XLSForm type rrdesk knows (use select_one yes_no, select_one LIST, '
            "integer or decimal)")


def unsupported_column(name: str, sheet: str) -> str | None:
    """Why a filled cell of column ``name`` is refused, or None if the column is rrdesk's."""
    base = name.split("::")[0].lower()
    if sheet == "settings":
        return _SETTINGS_UNSUPPORTED.get(base)
    if base == "media":  # media::video::LANG and the like (media::image and media::audio are read)
        kind = name.split("::")[1].strip().lower() if "::" in name else ""
        return _UNSUPPORTED.get(kind, f"media::{kind} is not supported (media::image::LANG and "
                                      "media::audio::LANG are)")
    return _UNSUPPORTED.get(base)


#: Language names as ODK forms write them without a code (``label::English``, ``label::español``),
#: in English and in the language itself, lower case → the code. A name not here needs its code.
LANGUAGE_NAMES = {
    "english": "en", "french": "fr", "français": "fr", "francais": "fr", "spanish": "es",
    "español": "es", "espanol": "es", "portuguese": "pt", "português": "pt", "portugues": "pt",
    "arabic": "ar", "العربية": "ar", "swahili": "sw", "kiswahili": "sw", "german": "de",
    "deutsch": "de", "italian": "it", "italiano": "it", "dutch": "nl", "nederlands": "nl",
    "russian": "ru", "русский": "ru", "ukrainian": "uk", "українська": "uk", "polish": "pl",
    "polski": "pl", "turkish": "tr", "türkçe": "tr", "persian": "fa", "farsi": "fa", "فارسی": "fa",
    "dari": "prs", "pashto": "ps", "urdu": "ur", "اردو": "ur", "hindi": "hi", "हिन्दी": "hi",
    "bengali": "bn", "bangla": "bn", "বাংলা": "bn", "nepali": "ne", "chinese": "zh", "中文": "zh",
    "japanese": "ja", "日本語": "ja", "korean": "ko", "한국어": "ko", "vietnamese": "vi",
    "tiếng việt": "vi", "thai": "th", "indonesian": "id", "bahasa indonesia": "id", "malay": "ms",
    "tagalog": "tl", "filipino": "fil", "burmese": "my", "khmer": "km", "lao": "lo",
    "amharic": "am", "አማርኛ": "am", "tigrinya": "ti", "oromo": "om", "afaan oromoo": "om",
    "somali": "so", "soomaali": "so", "hausa": "ha", "yoruba": "yo", "igbo": "ig", "fulfulde": "ff",
    "wolof": "wo", "lingala": "ln", "kinyarwanda": "rw", "kirundi": "rn", "luganda": "lg",
    "chichewa": "ny", "nyanja": "ny", "shona": "sn", "zulu": "zu", "isizulu": "zu", "xhosa": "xh",
    "sesotho": "st", "setswana": "tn", "malagasy": "mg", "haitian creole": "ht", "kreyòl": "ht",
    "quechua": "qu", "aymara": "ay", "guarani": "gn", "greek": "el", "hebrew": "he", "romanian": "ro",
}


def language_column(code: str) -> str:
    """How ``code`` is written after ``label::``: ODK's ``English (en)`` for a language whose
    English name is known, else the code (``label::fr-CA``; ODK then shows the code)."""
    base = code.split("-")[0]
    name = next((n for n, c in LANGUAGE_NAMES.items() if c == base and n.isascii()), None)
    return f"{name.title()} ({code})" if name else code


def language_of(column: str, default: str) -> tuple[str, str] | str:
    """``(base, language)`` of a column ``base``, ``base::LANG`` or ``base:LANG``, or a message why not.

    The language is a code (``label::fr``), XLSForm's ``Name (code)`` (``label::Français (fr)``)
    or a language's name alone (``label::English``, ``label::español``: :data:`LANGUAGE_NAMES`);
    a column without a language is in the ``default`` language. One colon (``label:English``)
    is ODK's older spelling, read when it is not a namespace (``jr:``)."""
    base, sep, lang = column.partition("::")
    if not sep and ":" in column and not column.lower().startswith(("jr:", "odk:", "orx:")):
        base, sep, lang = column.partition(":")
    base = base.strip().lower()
    if not sep:
        return base, default
    lang = lang.strip()
    m = re.fullmatch(r".*\(\s*([^()]+?)\s*\)", lang)
    code = m[1] if m else LANGUAGE_NAMES.get(lang.lower(), lang)
    parts = re.fullmatch(r"([A-Za-z]{2,3})(?:[-_]([A-Za-z]{2}))?", code)
    if parts:  # EN, pt_br: a code in another case or with "_", as some forms write it
        code = parts[1].lower() + (f"-{parts[2].upper()}" if parts[2] else "")
    if LANGUAGE.fullmatch(code) is None:
        named = f"{lang} ({code})" if m else f"{lang} (CODE)"
        return (f'"{lang}" is not a language rrdesk can name with a code: write {base}::{named} as '
                f'ODK does, with its code (like "en", "fra" or "pt-BR"), or {base}::CODE')
    return base, code
