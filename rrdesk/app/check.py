"""Check and plan: a survey's privacy and precision, before it goes to the field.

``rrdesk check`` (and, later, the authoring tools) ask here: the survey file is validated
with the messages of :mod:`rrdesk.core.survey`, and the figures -- each spinner's sectors,
the exact ε, the truth probability, the margin of error at the planned number of
respondents, the respondents needed for a target margin -- are the ``check --json``
contract of :mod:`rrdesk.core.results.contracts`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from rrdesk.core import survey as surveys
from rrdesk.core.results.contracts import check_json

__all__ = ["check"]


def check(path: Path, margin: float | None = None) -> tuple[surveys.Survey, dict[str, Any]]:
    """The survey at ``path`` and its ``check --json`` object (with ``margin``: ``needed_n`` too).

    Raises
    ------
    SurveyError
        The file is malformed or breaks a rule of the survey format (one located line).
    """
    s = surveys.load(path)
    return s, check_json(s, margin)
