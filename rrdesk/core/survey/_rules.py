"""The rules of the survey file, and the helpers that enforce them one key at a time.

:mod:`rrdesk.core.survey` walks the parsed TOML; this module knows which keys exist,
what each must hold, and how to say what is wrong: one line, ``FILE: where: what``,
where ``where`` carries a line number found by scanning the text (``tomllib`` keeps
none; :mod:`rrdesk.core.survey._lines` does the scanning), the question and the key.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Any, Callable, NoReturn

import rrdesk.core.survey._chars as chars  # which characters a shown text may hold
from rrdesk.core.errors import SurveyError
from rrdesk.core.survey._lines import Lines  # where tables and keys start in the text

#: Survey files are a few kilobytes; anything over this is refused unread (hostile input).
MAX_BYTES = 1 << 20
#: Why caps at all: every randomized question calibrates a spinner (milliseconds each,
#: a k-ary one costs about k³), so a hostile file must not make loading take minutes;
#: both caps are far above what a respondent holding a laptop can be asked.
MAX_QUESTIONS = 100
MAX_CHOICES = 12
MAX_LANGUAGES = 20
MAX_RECIPIENTS = 20
MAX_ID = 64
#: A count past this is a typo, and would overflow the float maths of planning.
MAX_RESPONDENTS = 10**9

SURVEY_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
QUESTION_ID = re.compile(r"[a-z][a-z0-9_-]*")
#: Answer ids may also start with a digit ("1".."5": year of study); a question id may not (an
#: XLSForm name, an R and Stata column of answers.csv, must start with a letter).
CHOICE_ID = re.compile(r"[a-z0-9][a-z0-9_-]*")
LANGUAGE = re.compile(r"[a-z]{2,3}(?:-[A-Z]{2})?")

SURVEY_KEYS = ("id", "title", "languages", "recipients", "max_epsilon", "planned_respondents",
               "version", "interviewers", "record_duration")  # the last three: rrdesk/core/survey/_study.py
DESIGNS = ("forced", "warner", "unrelated", "kary", "cdm", "unrelated_unknown", "direct")
ANSWER_MODES = ("instructed", "assisted")
#: Designs whose respondents are drawn into one of two spinner groups, recorded with the answer.
TWO_GROUPS = ("cdm", "unrelated_unknown")
#: The probabilities that may replace ``epsilon``, per design (their order is the
#: order the design constructors and the messages use).
PROBABILITIES = {"forced": ("truth", "yes", "no"), "warner": ("p",), "unrelated": ("p",),
                 "kary": ("truth",), "cdm": ("truth", "yes", "no"), "unrelated_unknown": ("p",), "direct": ()}
_EXTRA = {"forced": (), "cdm": (), "warner": ("negation",), "unrelated": ("unrelated", "unrelated_prevalence"),
          "unrelated_unknown": ("unrelated", "unrelated_prevalence_between"),
          "kary": ("choices", "choice_text"),
          # direct: choices, or a number (type, min, max, decimals, bins); a skip condition (relevant)
          "direct": ("choices", "choice_text", "type", "min", "max", "decimals", "bins", "relevant")}


def allowed_keys(kind: str) -> tuple[str, ...]:
    """Every key a question of design ``kind`` may hold."""
    common: tuple[str, ...] = ("id", "design", "text", "heading")
    if kind != "direct":
        # cdm: its two groups are set by truth, yes and no (group B swaps yes and no), never by ε;
        # unrelated_unknown: by p = [group A, group B]
        common += ("answer_mode",) if kind in TWO_GROUPS else ("epsilon", "answer_mode")
    return common + PROBABILITIES[kind] + _EXTRA[kind]


#: Keys some design knows: anything else is "unknown", these are "not allowed for design X".
QUESTION_KEYS = frozenset(k for kind in DESIGNS for k in allowed_keys(kind))

_ID_RULE = 'must start with a lower-case letter and hold only a-z, 0-9, "_" and "-" (at most 64)'
CHOICE_RULE = 'must start with a lower-case letter or a digit and hold only a-z, 0-9, "_" and "-" (at most 64)'


# -- showing values in one line ---------------------------------------------------------


def show(value: Any) -> str:
    """A short, one-line rendering of a TOML value for a message (never a whole table)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        digits = str(value) if abs(value) < 10**20 else f"{str(value)[:12]}… ({len(str(value))} digits)"
        return digits
    if isinstance(value, float):
        return f"{value:.10g}"
    if isinstance(value, str):
        # why escape: a message is one line, and a value may hold newlines or controls
        body = "".join(_escape(c) for c in value[:40])
        return f'"{body}…"' if len(value) > 40 else f'"{body}"'
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return "a date or time"


def _escape(char: str) -> str:
    if char in '"\\':
        return "\\" + char
    return char if char.isprintable() else repr(char)[1:-1]


def one_line(text: str) -> str:
    """``text`` with anything that could break a one-line message escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def as_float(value: int | float) -> float:
    """A TOML number as a float; an integer too large for a float becomes ``inf``."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def is_number(value: Any) -> bool:
    # why exclude bool: in Python True is an int, in TOML it is not a number
    return isinstance(value, (int, float)) and not isinstance(value, bool)


# -- one table at a time -------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """A table being checked: the file, its header line and its name in messages
    (``question "unhappy"``, ``question 3`` or nothing for [survey]).

    Every check raises :class:`SurveyError` naming the file, the line, this table
    and the key; each returns the value it checked.
    """

    file: str
    lines: Lines
    header: int | None = None
    label: str = ""

    def at(self, header: int | None, label: str = "") -> Place:
        """Another table of the same file, its header on line ``header``."""
        return replace(self, header=header, label=label)

    def named(self, label: str) -> Place:
        return replace(self, label=label)

    def fail(self, key: str | None, what: str, line: int | None = None) -> NoReturn:
        if line is None:
            line = self.lines.key(self.header, key) if key else self.header
        parts = (f"line {line}" if line else "", self.label, f"key {show(key)}" if key else "")
        raise SurveyError(self.file, ", ".join(p for p in parts if p), one_line(what))

    def only(self, table: dict, allowed: tuple[str, ...], what: str) -> None:
        for key in table:
            if key not in allowed:
                self.fail(key, what)

    def require(self, table: dict, key: str) -> Any:
        if key not in table:
            self.fail(key, f"{key} is missing")
        return table[key]

    def string(self, table: dict, key: str, choices: tuple[str, ...] = ()) -> str:
        value = self.require(table, key)
        if not isinstance(value, str):
            self.fail(key, f"{key} must be a string, not {show(value)}")
        if not value.strip():
            self.fail(key, f"{key} must not be empty")
        if choices and value not in choices:
            self.fail(key, f"{key} must be one of {', '.join(choices)}, not {show(value)}")
        return value

    def ident(self, table: dict, key: str, pattern: re.Pattern[str], rule: str = _ID_RULE) -> str:
        value = self.string(table, key)
        if not ident_ok(value, pattern):
            self.fail(key, f"{key} {rule}, not {show(value)}")
        return value

    def positive(self, table: dict, key: str) -> float:
        value = self.require(table, key)
        if not is_number(value):
            self.fail(key, f"{key} must be a number, not {show(value)}")
        number = as_float(value)
        if not (math.isfinite(number) and number > 0):
            self.fail(key, f"{key} must be a positive number, not {show(value)}")
        return number

    def count(self, table: dict, key: str) -> int:
        value = self.require(table, key)
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(key, f"{key} must be a whole number, not {show(value)}")
        if not 0 < value <= MAX_RESPONDENTS:
            self.fail(key, f"{key} must be between 1 and {MAX_RESPONDENTS}, not {show(value)}")
        return value

    def probability(self, table: dict, key: str, strict: bool = False) -> float:
        value = self.require(table, key)
        if not is_number(value):
            self.fail(key, f"{key} must be a number, not {show(value)}")
        number = as_float(value)
        if strict and not 0 < number < 1:
            self.fail(key, f"{key} must be a probability strictly between 0 and 1, not {show(value)}")
        if not 0 <= number <= 1:
            self.fail(key, f"{key} must be a probability between 0 and 1, not {show(value)}")
        return number

    def probabilities(self, table: dict, key: str, count: int) -> tuple[float, ...]:
        """A list of ``count`` probabilities strictly between 0 and 1."""
        value = self.require(table, key)
        if not isinstance(value, list) or len(value) != count:
            self.fail(key, f"{key} must be a list of {count} probabilities, not {show(value)}")
        for i, x in enumerate(value):
            if not is_number(x) or not 0 < as_float(x) < 1:
                self.fail(key, f"{key}[{i}] must be a probability strictly between 0 and 1, not {show(x)}")
        return tuple(as_float(x) for x in value)

    def strings(self, table: dict, key: str, pattern: re.Pattern[str] | None = None,
                rule: str = _ID_RULE, least: int = 1, most: int | None = None) -> tuple[str, ...]:
        """A list of unique, non-empty strings (each matching ``pattern`` if given)."""
        value = self.require(table, key)
        if not isinstance(value, list):
            self.fail(key, f"{key} must be a list of strings, not {show(value)}")
        if len(value) < least:
            self.fail(key, f"{key} needs at least {least} {'entry' if least == 1 else 'entries'}")
        if most is not None and len(value) > most:
            self.fail(key, f"{key} may hold at most {most} entries, not {len(value)}")
        seen: set[str] = set()
        for i, item in enumerate(value):
            if not isinstance(item, str) or not item.strip():
                self.fail(key, f"{key}[{i}] must be a non-empty string, not {show(item)}")
            if pattern is not None and not ident_ok(item, pattern):
                self.fail(key, f"{key}[{i}] {rule}, not {show(item)}")
            if item in seen:
                self.fail(key, f"{key}[{i}] repeats {show(item)}")
            seen.add(item)
        return tuple(value)

    def shown(self, key: str, value: str, *, paragraph: bool = True) -> str:
        """``value`` (the text at ``key``) if it holds only characters a respondent may be shown
        (:mod:`rrdesk.core.survey._chars`); ``paragraph``: a tab and a new line are allowed."""
        what = chars.problem(value, paragraph=paragraph)
        if what is not None:  # a label's key (choice_text.fr[2]) is found by its list's (choice_text.fr)
            self.fail(key, f"{key}: {what}", line=self.lines.key(self.header, key.split("[", 1)[0]))
        return value

    def texts(self, table: dict, key: str, languages: tuple[str, ...], *,
              paragraph: bool = True) -> tuple[tuple[str, str], ...]:
        """``key.LANG = "…"`` for exactly the survey's languages, none empty (``paragraph``:
        a tab and a new line are allowed)."""
        return self._by_language(table, key, languages, '"…"',
                                 lambda where, item: self._text(where, item, paragraph))

    def labels(self, table: dict, key: str, languages: tuple[str, ...],
               size: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """``key.LANG = ["…", …]``, one label per choice, for exactly the survey's languages."""
        return self._by_language(table, key, languages, '["…", …]',
                                 lambda where, item: self._labels(where, item, size))

    def _by_language(self, table: dict, key: str, languages: tuple[str, ...], example: str,
                     check: Callable[[str, Any], Any]) -> tuple[tuple[str, Any], ...]:
        value = self.require(table, key)
        if not isinstance(value, dict):
            self.fail(key, f"{key} must be a table by language ({key}.{languages[0]} = {example}), "
                           f"not {show(value)}")
        for lang in value:
            if lang not in languages:
                self.fail(f"{key}.{lang}", f"{show(lang)} is not one of the survey's languages "
                                           f"({', '.join(languages)})")
        out = []
        for lang in languages:
            where = f"{key}.{lang}"
            if lang not in value:
                self.fail(where, f"{where} is missing (every language of the survey needs one)")
            out.append((lang, check(where, value[lang])))
        return tuple(out)

    def _text(self, where: str, item: Any, paragraph: bool = True) -> str:
        if not isinstance(item, str):
            self.fail(where, f"{where} must be a string, not {show(item)}")
        if not item.strip():
            self.fail(where, f"{where} must not be empty")
        return self.shown(where, item, paragraph=paragraph)

    def _labels(self, where: str, item: Any, size: int) -> tuple[str, ...]:
        if not isinstance(item, list):
            self.fail(where, f"{where} must be a list of labels, not {show(item)}")
        if len(item) != size:
            self.fail(where, f"{where} has {len(item)} labels but choices has {size}")
        for i, label in enumerate(item):
            if not isinstance(label, str) or not label.strip():
                self.fail(where, f"{where}[{i}] must be a non-empty string, not {show(label)}")
            self.shown(f"{where}[{i}]", label, paragraph=False)
        return tuple(item)


def ident_ok(value: str, pattern: re.Pattern[str]) -> bool:
    return len(value) <= MAX_ID and pattern.fullmatch(value) is not None
