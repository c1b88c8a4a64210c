"""Loading a survey file the window was pointed at: a regular file, or one line saying why not.

The path may come from the settings (remembered from an earlier run) or from a file
dialog, and may no longer be what it was: a FIFO there would block a reader until someone
writes to it, a device may never end, a folder cannot be read. The window checks with
``os.stat`` -- which never opens the file, so never blocks -- before reading anything, and
says in one line what is there instead; the app then opens the demo survey rather than hang.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from rrdesk.core import survey as surveys
from rrdesk.core.errors import SurveyError, os_reason
from rrdesk.core.survey import Survey

# why: the person is told what is there in words they know, never a mode number
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def load(path: str | Path) -> Survey:
    """The survey at ``path``, read only when it is a regular file.

    Raises
    ------
    SurveyError
        ``FILE: cannot read: …`` when it cannot be looked at (``not a usable path`` for a path
        holding a NUL byte), ``FILE: not a survey file: it is
        a folder`` (a FIFO, a device, a socket) when it is not a regular file, and whatever
        :func:`rrdesk.core.survey.load` finds wrong in a file, and a picture or sound file of the
        survey that is missing, too large or changed (:func:`rrdesk.core.survey.verify_media`).
    """
    try:
        mode = os.stat(path).st_mode
    except OSError as error:
        raise SurveyError(path, "", f"cannot read: {os_reason(error)}") from None
    except ValueError:  # a NUL byte (a damaged settings file): no path can hold one
        raise SurveyError(str(path).replace("\0", "\\0"), "", "not a usable path: it holds a NUL byte") from None
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
        raise SurveyError(path, "", f"not a survey file: it is {kind}")
    survey = surveys.load(path)
    surveys.verify_media(survey)
    return survey
