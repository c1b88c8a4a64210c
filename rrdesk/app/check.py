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

from rrdesk.app import trust
from rrdesk.core import survey as surveys
from rrdesk.core.errors import InputError
from rrdesk.core.results.contracts import check_json

__all__ = ["check"]


def check(path: Path, margin: float | None = None, *, by: str | None = None,
          difference: float | None = None, deff: float | None = None) -> tuple[surveys.Survey, dict[str, Any]]:
    """The survey at ``path`` and its ``check --json`` object (with ``margin``: ``needed_n``
    too; with ``by`` as well, the respondents for that margin in every group of that direct
    question; with ``difference``: the power to detect it between two groups; with ``deff``: all
    of these for a sample with that design effect).

    Raises
    ------
    SurveyError
        The file is malformed or breaks a rule of the survey format (one located line), or a
        picture or sound file it lists is missing, too large, not what its name says or changed.
    SignatureError
        ``SURVEY.minisig`` is there but does not verify (the file changed after it was signed).
    InputError
        ``by`` is not a question asked directly with choices or a number (planned per bin), or
        is given without ``margin``.
    """
    s = surveys.load(path)
    surveys.verify_media(s)  # its pictures and sounds: beside it, within their caps, unchanged
    if by is not None:
        if margin is None:
            raise InputError("command line", "--by", "plans subgroups for a margin: give --margin M too")
        grouping = [q.id for q in s.direct if q.choices or q.number is not None]
        if by not in grouping:
            raise InputError("command line", "--by", f'"{by}" is not a question asked directly with choices or '
                                                      f"a number ({', '.join(grouping) or 'the survey has none'})")
    report = check_json(s, margin, by=by, difference=difference, deff=deff)
    signed = trust.survey_signature(s)  # a signature that does not verify is an error, not "unsigned"
    report["signature"] = ({"signed": False, "signer": None} if signed is None else
                           {"signed": True, "signer": signed.signer.fingerprint})
    return s, report
