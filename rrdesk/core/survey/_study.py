"""The survey file's study settings: ``version``, ``interviewers`` and ``record_duration`` in
``[survey]``, and the optional ``[consent]`` table.

Part of :mod:`rrdesk.core.survey`::

    [survey]
    version = "2026-03"                  # or an integer; "1" when absent
    interviewers = ["amina", "k-07"]     # the ids an interviewer picks from; typed when absent
    record_duration = false              # no interview durations in the records; true when absent

    [consent]
    text.en = "This survey is about …  Do you agree to take part?"

``version`` is recorded with every interview (like XLSForm's settings ``version``): a file
that changes what a respondent reads or what the records mean must raise it before it is
loaded on a laptop that recorded with the old one (:meth:`Survey.content`,
:mod:`rrdesk.app._survey_versions`). An interviewer id is a code, not a name: it is recorded
with every interview and kept in the laptop's settings, so it must be plain.
"""
from __future__ import annotations

import re
from typing import Any

from rrdesk.core.survey._model import Localized
from rrdesk.core.survey._rules import Place, show

#: An interviewer id or a survey version: ASCII letters and digits, then also ".", "_", "-";
#: at most 32 (why: a code like ODK's username or XLSForm's version, that fits every record's
#: fixed size and its canonical pattern without escapes, and a file name: versions/<version>.toml)
IDENT = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}\Z")
IDENT_RULE = 'must be 1 to 32 letters, digits, ".", "_" or "-", beginning with a letter or digit'
#: A survey without ``version`` is version "1" (why: every record then names a version, and
#: the first explicit one a coordinator writes, "2", reads as the next)
DEFAULT_VERSION = "1"
#: Whether interviews record their duration when a survey does not say (why on: an interviewer who
#: taps through interviews alone shows in the durations from the first interview on, as in SurveyCTO,
#: whose forms record a ``duration`` by default; and ours is sealed, in whole minutes, capped, with
#: no time of day and nothing per question: FORMAT.md §3)
DEFAULT_RECORD_DURATION = True
MAX_INTERVIEWERS = 1000  # why: a study's field team is tens; more is a pasted list gone wrong
CONSENT_KEYS = ("text",)


def is_ident(text: str) -> bool:
    """Whether ``text`` is a valid interviewer id or survey version."""
    return isinstance(text, str) and IDENT.match(text) is not None


def version_of(place: Place, table: dict[str, Any]) -> str:
    """``[survey] version``: a string id or a non-negative integer (its decimal text)."""
    if "version" not in table:
        return DEFAULT_VERSION
    value = table["version"]
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**32:
        return str(value)
    if not isinstance(value, str) or not is_ident(value):
        place.fail("version", f"version {IDENT_RULE} (or be a whole number), not {show(value)}")
    return value


def interviewers_of(place: Place, table: dict[str, Any]) -> tuple[str, ...]:
    """``[survey] interviewers``: the ids an interviewer chooses from (empty: typed)."""
    if "interviewers" not in table:
        return ()
    names = place.strings(table, "interviewers", most=MAX_INTERVIEWERS)
    for i, name in enumerate(names):
        if not is_ident(name):
            place.fail("interviewers", f"interviewers[{i}] {IDENT_RULE}, not {show(name)}")
    return names


def record_duration_of(place: Place, table: dict[str, Any]) -> bool:
    """``[survey] record_duration``: whether each interview's duration is sealed with its records."""
    if "record_duration" not in table:
        return DEFAULT_RECORD_DURATION
    value = table["record_duration"]
    if not isinstance(value, bool):
        place.fail("record_duration", f"record_duration must be true or false, not {show(value)}")
    return value


def consent_table(top: Place, data: dict[str, Any], languages: tuple[str, ...]) -> Localized[str]:
    """The ``[consent]`` table's text per language; empty when the survey asks no consent."""
    if "consent" not in data:
        return Localized()
    table = data["consent"]
    if not isinstance(table, dict):
        top.fail("consent", f"consent must be a table ([consent]), not {show(table)}",
                 line=top.lines.top_level("consent"))
    place = top.at(top.lines.table("consent"), "[consent]")
    place.only(table, CONSENT_KEYS, f"unknown key in [consent] (allowed: {', '.join(CONSENT_KEYS)})")
    return Localized(place.texts(table, "text", languages))
