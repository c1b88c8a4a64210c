"""Where the logs to verify come from: a data folder, a survey folder, one log, or a bundle.

:func:`_gather` reads every log under a path given to ``rrdesk verify`` or ``rrdesk extract``
(with its key file, and the survey it must follow) and lists the problems met on the way;
:mod:`rrdesk.store.verify` checks each log (:mod:`rrdesk.store._log_checks`).
"""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from rrdesk.core import survey as surveys
from rrdesk.core.errors import InputError, RRDeskError
from rrdesk.core.fileio import read_capped, read_capped_if_present
from rrdesk.core.survey import Survey
from rrdesk.store import age, minisign
from rrdesk.store._bundle_open import SUFFIX, SURVEY_FILE
from rrdesk.store.log import MAX_LOG, Problem, key_path, os_reason

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


@dataclass(frozen=True)
class _Log:
    """One log to check, wherever it came from; ``survey_id`` is the survey it must belong to."""

    file: str
    member: str  # inside a bundle: the log's name ("" for a log on disk)
    name: str
    data: bytes
    key: bytes | None
    key_file: str
    key_member: str
    survey_id: str | None
    survey: Survey | None
    streamed: Any = None  # a log of a bundle read as a stream (_bundle_verify.Streamed): ``data`` is empty

    def problem(self, record: int | None, what: str) -> Problem:
        return Problem(self.file, record, what, self.member)

    def key_problem(self, what: str) -> Problem:
        return Problem(self.key_file, None, what, self.key_member)


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


def _folder_logs(folder: Path, problems: list[Problem]) -> list[_Log]:
    survey = _folder_survey(folder, problems)
    found = []
    for path in sorted(folder.glob("*.rrlog")):
        try:
            data, key = _read_log(path)
        except OSError as error:
            problems.append(Problem(str(path), None, f"cannot be read: {os_reason(error)}"))
            continue
        found.append(_Log(str(path), "", path.name, data, key, str(key_path(path)), "", folder.name, survey))
    return found


def _survey_folders(data: Path) -> list[Path]:
    if (data / SURVEY_FILE).exists() or any(data.glob("*.rrlog")):
        return [data]  # a survey folder given directly
    return [d for d in sorted(data.iterdir())
            if d.is_dir() and ((d / SURVEY_FILE).exists() or any(d.glob("*.rrlog")))]


def _bundle_logs(path: Path, identities: Sequence[age.Identity] | None,
                 problems: list[Problem], laptops: Mapping[str, minisign.PublicKey] | None = None) -> list[_Log]:
    if not identities:
        raise InputError(path, "", "a bundle is encrypted: give -i IDENTITY")
    from rrdesk.store._bundle_verify import bundle_logs  # why here: it reads logs through this module

    return bundle_logs(path, identities, problems, laptops)  # as a stream: never the whole bundle in memory


def bundle_survey(path: Path, text: bytes, survey_id: str, problems: list[Problem]) -> Survey | None:
    """A bundle's survey copy (None, and a problem, when it cannot be read), checked against
    the manifest's survey id."""
    try:
        survey = surveys.loads(text.decode("utf-8-sig"), f"{path}:{SURVEY_FILE}")
    except (RRDeskError, UnicodeDecodeError) as error:
        problems.append(Problem(str(path), None, f"the survey copy cannot be read ({error})", SURVEY_FILE))
        return None
    if survey.id != survey_id:
        problems.append(Problem(str(path), None, f'is survey "{survey.id}", the manifest says "{survey_id}"',
                                SURVEY_FILE))
    return survey


def miscounted(path: Path, entry: dict, counted: int) -> list[Problem]:
    """A problem when the manifest's record count for a log is not what the log holds."""
    if entry["records"] == counted:
        return []
    return [Problem(str(path), None, f"the manifest says {entry['records']} records, the log holds {counted}",
                    entry["name"])]


def _gather(path: Path, identities: Sequence[age.Identity] | None,
            laptops: Mapping[str, minisign.PublicKey] | None = None) -> tuple[list[_Log], list[Problem]]:
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
        return [_Log(str(path), "", path.name, data, key, str(key_path(path)), "", expected,
                     survey if survey and survey.id == expected else None)], problems
    if path.name.endswith(SUFFIX):
        return _bundle_logs(path, identities, problems, laptops), problems
    raise InputError(path, "", f"not a data folder, an .rrlog log or a {SUFFIX} bundle")
