"""Every problem of a survey file, as far as one does not hide the next (``rrdesk check``).

Part of :mod:`rrdesk.core.survey`. The loader stops at its first problem. When that problem is
inside a ``[[question]]`` table, the table is blanked out (its lines kept as empty lines, so
that every later message keeps its line number) and the file is loaded again, up to
:data:`MAX_PROBLEMS` times. A later message that names a question already taken out, or that
has no line (no randomized question left), would only follow from an earlier one: it is left
out. A problem in the ``[survey]`` table (a template's empty ``recipients``) is reported and the
table replaced, on its own line, by a stand-in with the same languages (:func:`stand_in_survey`),
so that the questions are still checked; any other problem (TOML syntax, ``[weight]``) ends
the search.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Callable

from rrdesk.core.errors import SurveyError, SurveyProblems
from rrdesk.core.survey._rules import LANGUAGE

#: At most this many problems in one run.
MAX_PROBLEMS = 30


def every_problem(text: str, path: str | Path, first: SurveyError,
                  loads: Callable[[str, str | Path], object]) -> SurveyError:
    """``first`` and the problems after it in ``text`` (loaded with ``loads``): a
    :class:`SurveyProblems` when there are several, else ``first`` itself."""
    lines = text.split("\n")
    found: list[SurveyError] = [first]
    dropped: set[str] = set()
    error = first
    stood_in = False
    while len(found) < MAX_PROBLEMS:
        block = _block(error, lines)
        if block is None:
            replaced = None if stood_in or not in_survey_table(error.where, lines) else stand_in_survey(lines)
            if replaced is None:
                break
            lines, stood_in = replaced, True
        else:
            start, end = block
            dropped.update(m[1] for line in lines[start:end] if (m := re.match(r'\s*id\s*=\s*"([^"]*)"', line)))
            lines[start:end] = [""] * (end - start)
        try:
            loads("\n".join(lines), path)
            break
        except SurveyError as later:
            error = later
        if not re.match(r"line \d+", error.where):
            break  # why: a problem of the whole file (no question left): it follows from the others
        if not any(f'"{d}"' in error.what or f"${{{d}}}" in error.what or f'question "{d}"' in error.where
                   for d in dropped):
            found.append(error)
    return SurveyProblems(found) if len(found) > 1 else first


def _block(error: SurveyError, lines: list[str]) -> tuple[int, int] | None:
    """The 0-based [start, end) of the ``[[question]]`` table holding the error's line."""
    m = re.match(r"line (\d+)", error.where)
    if m is None:
        return None
    at = min(int(m[1]) - 1, len(lines) - 1)
    start = next((i for i in range(at, -1, -1) if lines[i].lstrip().startswith("[")), None)
    if start is None or lines[start].strip().replace(" ", "") != "[[question]]":
        return None
    end = next((i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("[")), len(lines))
    return start, end


#: The stand-in's recipient: age's own example key (nothing is ever sealed to it).
_STAND_IN_RECIPIENT = "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p"


def _survey_span(lines: list[str]) -> tuple[int, int] | None:
    start = next((i for i, line in enumerate(lines) if line.strip().replace(" ", "") == "[survey]"), None)
    if start is None or any(line.lstrip().startswith("[") for line in lines[:start]):
        return None  # why: the stand-in is a top-level key, which must come before every table
    end = next((i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("[")), len(lines))
    return start, end


def in_survey_table(where: str, lines: list[str]) -> bool:
    """Whether a message's place (``line N, …``) is inside the ``[survey]`` table of ``lines``."""
    m = re.match(r"line (\d+)", where)
    span = _survey_span(lines)
    return m is not None and span is not None and span[0] < int(m[1]) <= span[1]


def stand_in_survey(lines: list[str]) -> list[str] | None:
    """``lines`` with the ``[survey]`` table replaced by a valid one of the same languages, on
    the header's line (the table's other lines left empty, so that every line keeps its
    number); None when that cannot be done (no such table first, languages not valid)."""
    span = _survey_span(lines)
    if span is None:
        return None
    try:
        languages = tomllib.loads("\n".join(lines))["survey"]["languages"]
    except (tomllib.TOMLDecodeError, KeyError, TypeError, RecursionError, ValueError):
        return None
    if not (isinstance(languages, list) and languages
            and all(isinstance(lang, str) and LANGUAGE.fullmatch(lang) for lang in languages)):
        return None
    listed = ", ".join(f'"{lang}"' for lang in languages)
    start, end = span
    return [*lines[:start],
            f'survey = {{ id = "stand-in", title = "stand-in", languages = [{listed}], recipients = '
            f'["{_STAND_IN_RECIPIENT}"], max_epsilon = 1e9, planned_respondents = 1 }}',
            *([""] * (end - start - 1)), *lines[end:]]
