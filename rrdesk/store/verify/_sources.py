"""Where the logs to verify come from: a data folder, a survey folder, one log, or a bundle.

:func:`gather` reads every log under a path given to ``rrdesk verify`` or ``rrdesk extract``
(with its key file, and the survey it must follow) and lists the problems met on the way;
:mod:`rrdesk.store.verify._verify` checks each log (:mod:`rrdesk.store.log._checks`).
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Mapping, Sequence

from rrdesk.core import survey as surveys
from rrdesk.core.errors import InputError, RRDeskError, os_reason
from rrdesk.core.fileio import read_capped, read_capped_if_present
from rrdesk.core.problems import Problem
from rrdesk.core.survey import Survey
from rrdesk.store import age, minisign
from rrdesk.store.bundle import SUFFIX, SURVEY_FILE
from rrdesk.store.log import MAX_LOG, FoundLog, key_path

MAX_KEY_FILE = 1 << 20  # why: a key file is under 200 bytes (FORMAT.md §1.9); 1 MiB is far above it


def _not_regular(path: Path) -> str:
    """What ``path`` is if neither a folder nor a regular file ("a FIFO"), else "" (followed
    through symlinks; never opened, so a FIFO cannot block)."""
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        return ""  # reading it reports why
    if stat.S_ISDIR(mode) or stat.S_ISREG(mode):
        return ""
    return next((name for test, name in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                                          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))
                 if test(mode)), "an unknown kind")


def _read_log(path: Path) -> tuple[bytes, bytes | None]:
    """A log and its key file (None if missing): regular files only, bounded (OSError otherwise)."""
    return read_capped(path, MAX_LOG), read_capped_if_present(key_path(path), MAX_KEY_FILE)



def _folder_survey(folder: Path, problems: list[Problem]) -> Survey | None:
    """The survey copy kept in a survey folder, if it is there and readable."""
    copy = folder / SURVEY_FILE
    if not copy.exists():
        return None
    try:
        return surveys.load(copy)
    except RRDeskError as error:
        where = " ".join(filter(None, (getattr(error, "where", ""), getattr(error, "what", str(error)))))
        problems.append(Problem(str(copy), None, f"the survey copy cannot be read ({where})"))
        return None


def _folder_logs(folder: Path, problems: list[Problem]) -> list[FoundLog]:
    survey = _folder_survey(folder, problems)
    found = []
    for path in sorted(folder.glob("*.rrlog")):
        try:
            data, key = _read_log(path)
        except OSError as error:
            problems.append(Problem(str(path), None, f"cannot be read: {os_reason(error)}"))
            continue
        found.append(FoundLog(str(path), "", path.name, data, key, str(key_path(path)), "", folder.name, survey))
    return found


def _survey_folders(data: Path) -> list[Path]:
    if (data / SURVEY_FILE).exists() or any(data.glob("*.rrlog")):
        return [data]  # a survey folder given directly
    return [d for d in sorted(data.iterdir())
            if d.is_dir() and ((d / SURVEY_FILE).exists() or any(d.glob("*.rrlog")))]


def _bundle_logs(path: Path, identities: Sequence[age.Identity] | None,
                 problems: list[Problem], laptops: Mapping[str, minisign.PublicKey] | None = None) -> list[FoundLog]:
    if not identities:
        raise InputError(path, "", "a bundle is encrypted: give -i IDENTITY")
    from rrdesk.store.verify._bundle import bundle_logs  # why here: it reads logs through this module

    return bundle_logs(path, identities, problems, laptops)  # as a stream: never the whole bundle in memory


def gather(path: Path, identities: Sequence[age.Identity] | None,
            laptops: Mapping[str, minisign.PublicKey] | None = None) -> tuple[list[FoundLog], list[Problem]]:
    """Every log under ``path``, and the problems met on the way; InputError if unusable."""
    path = Path(path)
    problems: list[Problem] = []
    if not os.path.lexists(path):
        raise InputError(path, "", "no such file or folder")
    kind = _not_regular(path)
    if kind:
        raise InputError(path, "", f"cannot be read: not a regular file ({kind})")
    if path.is_dir():
        folders = _survey_folders(path)
        if not folders:
            raise InputError(path, "", "not an rrdesk data folder (no survey folder with logs)")
        return [log for folder in folders for log in _folder_logs(folder, problems)], problems
    if path.name.endswith(".rrlog"):
        try:
            data, key = _read_log(path)
        except OSError as error:
            raise InputError(path, "", f"cannot be read: {os_reason(error)}") from None
        folder = path.parent
        survey = _folder_survey(folder, problems)
        # why: only a log inside a survey folder (one with its survey copy) has a survey to match
        expected = folder.name if (folder / SURVEY_FILE).exists() else None
        return [FoundLog(str(path), "", path.name, data, key, str(key_path(path)), "", expected,
                     survey if survey and survey.id == expected else None)], problems
    if path.name.endswith(SUFFIX):
        return _bundle_logs(path, identities, problems, laptops), problems
    raise InputError(path, "", f"not a data folder, an .rrlog log or a {SUFFIX} bundle")
