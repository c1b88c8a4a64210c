"""The checks of a data folder's side files (FORMAT.md §3), for ``rrdesk verify DATA``.

The logs and their key files are checked by :mod:`rrdesk.store.log._checks`, the survey copy
when it is read (:mod:`rrdesk.store.verify._sources`); here are the files beside them that a
station reads at every start: ``device-id`` and each survey folder's ``current`` pointer
(either may be missing: a station creates them). A station works around each of
these (it rebuilds a damaged pointer from the logs), but the damage still means someone or
something changed the folder, so it is reported, naming the file. The patterns of both files
are defined here, once, and used by the station that writes them (``rrdesk.app``).
"""
from __future__ import annotations

import errno
import re
from pathlib import Path

from rrdesk.core.errors import os_reason
from rrdesk.core.fileio import read_capped_if_present
from rrdesk.core.problems import Problem
from rrdesk.store.records import FORMAT, FORMAT_V2

__all__ = ["CURRENT", "DESKTOP_MARK", "DEVICE_FILE", "DEVICE_ID", "OLD_POINTER", "POINTER", "SURVEY_COPY", "VERSIONS",
           "folder_problems", "foreign_logs", "is_desktop", "mark_desktop", "survey_folders"]

DEVICE_FILE = "device-id"
DESKTOP_MARK = "desktop-app"  # why: the desktop app's own data folder, where respondents answer (§3)
SURVEY_COPY = "survey.toml"
VERSIONS = "versions"  # why: DATA/<id>/versions/<version>.toml: the copies of earlier versions recorded with (§3)
CURRENT = "current"
SIDE_FILE_READ = 4096  # why: the pointer and the device id are under 200 bytes; more is damage
DEVICE_ID = re.compile(rb"\s*([0-9a-f]{32})\s*\Z")
# why: what a station writes (blanks around it forgiven, as export reads it); anything else was
# edited or damaged, and is never silently replaced by a new id (FORMAT.md §3)
POINTER = re.compile(r"([0-9a-f]{32}-[0-9a-f]{32}\.rrlog)\n(" + re.escape(FORMAT) + "|" + re.escape(FORMAT_V2)
                     + r")\n([0-9]{1,12})\n\Z")
# why: the pointer names the log, says that log was begun with rrdesk-record/3 (or, written by
# an older rrdesk, /2: the same shape, so its interviews are counted exactly) records, and
# holds the interviews begun in this device's earlier logs (FORMAT.md §3). A pointer without the
# format line was written before /2: its log holds /1 interviews (1 + R records) and must never
# receive /2 records, since the laptop cannot read which kind a log holds. At most 12 digits:
# interview numbers stay below the aggregator's bound (2**40, over 10**12).
OLD_POINTER = re.compile(r"([0-9a-f]{32}-[0-9a-f]{32}\.rrlog)\n(\Z|rrdesk-record/(?![23]\n)[0-9]+\n)")
# why: the one-line pointer written before rrdesk-record/2 (its log holds /1 records), or one
# of another record format (a newer rrdesk's): that log must never receive /2 records


def mark_desktop(data: Path) -> None:
    """Mark ``data`` as the desktop app's data folder (``rrdesk simulate`` then refuses it):
    an empty file, made once; a folder that cannot be written is the station's to report."""
    try:
        data.mkdir(parents=True, exist_ok=True)
        (data / DESKTOP_MARK).touch(exist_ok=True)
    except OSError:
        pass


def is_desktop(data: Path) -> bool:
    """Whether the desktop app has recorded (or may record) interviews in ``data``."""
    return (data / DESKTOP_MARK).exists()


def _read(path: Path, problems: list[Problem]) -> bytes | None:
    """The bytes of the side file ``path``; None when it is missing or cannot be read (the
    latter is a problem)."""
    try:
        return read_capped_if_present(path, SIDE_FILE_READ)
    except OSError as error:
        if error.errno == errno.EFBIG:  # both files are under 200 bytes: more is damage
            problems.append(Problem(str(path), None, "damaged: far larger than it can be"))
            return None
        problems.append(Problem(str(path), None, f"cannot be read: {os_reason(error)}"))
        return None


def _survey_folder_problems(folder: Path, problems: list[Problem]) -> None:
    pointer = folder / CURRENT
    raw = _read(pointer, problems)
    if raw is None:  # missing is no damage: a station writes it with its first log
        return
    text = raw.decode("ascii", "replace")
    named = POINTER.match(text) or OLD_POINTER.match(text)
    if named is None:
        problems.append(Problem(str(pointer), None, "damaged: not a log name, rrdesk-record/2 and a count "
                                                     "(a station rebuilds it from the logs)"))
    elif not (folder / named[1]).exists():
        problems.append(Problem(str(pointer), None, f"names {named[1]}, which is not in the folder"))


def survey_folders(data: Path) -> list[Path]:
    """The survey folders of the data folder ``data`` (those holding a survey copy or a log)."""
    return [d for d in sorted(Path(data).iterdir())
            if d.is_dir() and ((d / SURVEY_COPY).exists() or any(d.glob("*.rrlog")))]


def foreign_logs(folders: list[Path], own: str | None) -> tuple[Path, str] | None:
    """(survey folder, the device id its logs name) for the first survey folder whose logs are
    all another device's than ``own`` (None: any device), else None. Logs are named after the
    id of the laptop that writes them (FORMAT.md §1.1), so a valid id that names none of them
    was changed (or copied from another laptop): the laptop would take its own logs for
    another's and become a new, unenrolled device."""
    for folder in folders:
        names = sorted(p.name for p in folder.glob("*.rrlog"))
        if names and (own is None or not any(name.startswith(own + "-") for name in names)):
            return folder, names[0][:32]
    return None


def _other_device(device: Path, own: str, folders: list[Path], problems: list[Problem]) -> None:
    """A problem when the logs here were written by another device than ``device`` names
    (:func:`foreign_logs`)."""
    if (found := foreign_logs(folders, own)) is not None:
        folder, other = found
        problems.append(Problem(str(device), None, f"names device {own[:8]}, but the logs in {folder.name} were "
                                f"written by {other[:8]}: it was changed or copied from another laptop; "
                                "restore it (the first 32 hex digits of a log's name)"))


def folder_problems(path: Path) -> list[Problem]:
    """The problems of the side files under ``path``: a data folder (its ``device-id`` and
    every survey folder's) or one survey folder; nothing for a log or a bundle."""
    path = Path(path)
    if not path.is_dir():
        return []
    problems: list[Problem] = []
    if (path / SURVEY_COPY).exists() or any(path.glob("*.rrlog")):
        _survey_folder_problems(path, problems)  # a survey folder given directly
        return problems
    folders = survey_folders(path)
    device = path / DEVICE_FILE
    raw = _read(device, problems)
    if raw is not None and DEVICE_ID.match(raw) is None:
        problems.append(Problem(str(device), None, "not a device id (32 hex digits); it was edited or damaged"))
    elif raw is not None:
        _other_device(device, raw.decode("ascii").strip(), folders, problems)
    for folder in folders:
        _survey_folder_problems(folder, problems)
    return problems
