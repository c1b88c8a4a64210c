"""Check and plan: a survey's privacy and precision, before it goes to the field.

``rrdesk check`` (and, later, the authoring tools) ask here: the survey file is validated
with the messages of :mod:`rrdesk.core.survey`, and the figures -- each spinner's sectors,
the exact ε, the truth probability, the margin of error at the planned number of
respondents, the respondents needed for a target margin -- are the ``check --json``
contract of :mod:`rrdesk.core.results.contracts`.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from rrdesk.app import trust
from rrdesk.core import survey as surveys
from rrdesk.core.errors import InputError, SurveyError
from rrdesk.core.results.contracts import check_json

__all__ = ["check", "sounds"]

#: The child process that tries each sound with Qt's decoder (rrdesk/gui/audio.py; the frozen
#: program's entry runs the same module for these arguments).
DECODER = ["-m", "rrdesk.gui.audio"]
EXIT_UNAVAILABLE = 3  # the child's status when Qt Multimedia is not installed
#: The child's time per sound (it gives each 20 s) and to start: a hang ends there.
DECODE_TIMEOUT_EACH, DECODE_TIMEOUT_START = 25, 15
NO_MULTIMEDIA = "not tried: Qt Multimedia is not installed (pip install 'rrdesk[audio]')"


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
        picture or sound file it lists is missing, too large, not what its name says or changed,
        or a sound does not play (Qt's decoder cannot read it to its end).
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
    heard = sounds(s)  # after the media's digests: only the files the survey lists, unchanged
    report = check_json(s, margin, by=by, difference=difference, deff=deff)
    if heard is not None:
        report["sounds"] = heard
    signed = trust.survey_signature(s)  # a signature that does not verify is an error, not "unsigned"
    report["signature"] = ({"signed": False, "signer": None} if signed is None else
                           {"signed": True, "signer": signed.signer.fingerprint})
    return s, report


def sounds(s: surveys.Survey) -> dict[str, Any] | None:
    """Whether each sound file of ``s`` plays: None when it has none, else ``{"files": N,
    "played": True}`` or ``{"files": N, "played": False, "note": why they were not tried}``.

    Each file is decoded to its end by Qt's decoder in a child process (:data:`DECODER`): a
    hostile file that crashes or hangs it costs the child only, and this module stays Qt-free.

    Raises
    ------
    SurveyError
        A sound does not play (naming the file and Qt's reason), or the decoder died on it.
    """
    folder = surveys.media_folder(s)
    names = [name for name, _ in s.media if name.lower().endswith(surveys.AUDIO_TYPES)]
    if not names:
        return None
    problems = _decode([folder / name for name in names], s.path)
    if problems is None:
        return {"files": len(names), "played": False, "note": NO_MULTIMEDIA}
    for name in names:
        if problems.get(str(folder / name)):
            raise SurveyError(str(s.path), f'media "{name}"', problems[str(folder / name)])
    return {"files": len(names), "played": True}


def _decode(paths: list[Path], survey: Path) -> dict[str, str] | None:
    """The child's answer for ``paths`` (file -> "" or its problem); None without Qt Multimedia.
    A child that dies (a signal) or hangs is asked again file by file, to name the file it dies on;
    one that fails with a Python error is that error."""
    env = {**os.environ, "QT_LOGGING_RULES": "qt.multimedia*=false"}
    try:
        done = subprocess.run([sys.executable, *DECODER, *map(str, paths)], capture_output=True, text=True,
                              timeout=DECODE_TIMEOUT_START + DECODE_TIMEOUT_EACH * len(paths), env=env,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        done = None
    except OSError as e:
        raise SurveyError(str(survey), "media", f"cannot start the sound check: {e.strerror}") from None
    if done is not None and done.returncode == EXIT_UNAVAILABLE:
        return None
    if done is not None and done.returncode == 0:
        try:
            answer = json.loads(done.stdout)
        except ValueError:
            answer = None
        if isinstance(answer, dict):
            return {str(k): str(v) for k, v in answer.items()}
    if done is not None and done.returncode > 0:  # a Python error, not a file's fault (a crash is a signal)
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise SurveyError(str(survey), "media", f"the sound check could not run: {last}")
    if len(paths) == 1:
        why = "hung" if done is None else f"stopped (status {done.returncode})"
        raise SurveyError(str(survey), f'media "{paths[0].name}"', f"does not play: the sound decoder {why} on it")
    out: dict[str, str] = {}
    for path in paths:
        one = _decode([path], survey)
        if one is None:
            return None
        out.update(one)
    return out
