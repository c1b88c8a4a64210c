"""Checking what was stored, and taking records out as plain age files.

:func:`verify` is ``rrdesk verify``: it reads a data folder, one log, or an export bundle, and
reports every intact record and every problem it finds -- framing, sequence and chain for
anyone (FORMAT.md §1.6); with the coordinator's identity also the forward-secure tags, the key
file's key, and every record's content. Damage never raises: it becomes a :class:`Problem`
naming the file, the record and what is wrong (never an answer). :func:`extract` is
``rrdesk extract``: each intact record as its own ``.age`` file, for the standard ``age`` tool.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from rrdesk.core import survey as surveys
from rrdesk.core.errors import InputError, RRDeskError
from rrdesk.core.fileio import OsOps, mapped, write_file
from rrdesk.core.results.contracts import verify_json
from rrdesk.core.survey import Survey
from rrdesk.store import age, records
from rrdesk.store._frames import KEY_SIZE, Header, Scan, evolve, parse_key_file
from rrdesk.store.bundle import SUFFIX, SURVEY_FILE, BundleError, open_bundle
from rrdesk.store.log import Problem, StoreError, check_tags, key_path, os_reason, scan

__all__ = ["CheckedLog", "Report", "check_bundle", "extract", "open_record", "record_problems",
           "unmatched_problems", "verify"]

# why: Station names a log after the device and log ids in its header (FORMAT.md §1.1); a
# name that disagrees means the file was renamed or replaced, which a de-duplicating
# aggregator keyed on names would get wrong.
_STATION_NAME = re.compile(r"([0-9a-f]{32})-([0-9a-f]{32})\.rrlog\Z")


@dataclass(frozen=True)
class Report:
    """What :func:`verify` found: intact records, problems, and how many logs it read."""

    records: int
    problems: tuple[Problem, ...]
    files: int

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_json(self) -> dict[str, Any]:
        """The ``verify --json`` object (:func:`rrdesk.core.results.contracts.verify_json`)."""
        return verify_json(self.records, self.files, self.problems)


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

    def problem(self, record: int | None, what: str) -> Problem:
        return Problem(self.file, record, what, self.member)

    def key_problem(self, what: str) -> Problem:
        return Problem(self.key_file, None, what, self.key_member)


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


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
            data, key = path.read_bytes(), _read(key_path(path))
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
                 problems: list[Problem]) -> list[_Log]:
    if not identities:
        raise InputError(path, "", "a bundle is encrypted: give -i IDENTITY")
    try:
        bundle = open_bundle(path, identities)
    except BundleError as error:
        problems.append(Problem(str(path), None, error.what))
        return []
    survey_id = bundle.manifest["survey"]
    try:
        survey = surveys.loads(bundle.survey_text.decode("utf-8-sig"), f"{path}:{SURVEY_FILE}")
    except (RRDeskError, UnicodeDecodeError) as error:
        problems.append(Problem(str(path), None, f"the survey copy cannot be read ({error})", SURVEY_FILE))
        survey = None
    if survey is not None and survey.id != survey_id:
        problems.append(Problem(str(path), None, f'is survey "{survey.id}", the manifest says "{survey_id}"',
                                SURVEY_FILE))
    found = []
    for entry in bundle.manifest["logs"]:
        name = entry["name"]
        data = bundle.logs[name]
        found.append(_Log(str(path), name, name, data, bundle.keys.get(name + ".key"),
                          str(path), name + ".key", survey_id, survey))
        counted = len(scan(data, name).frames)
        if entry["records"] != counted:
            problems.append(Problem(str(path), None, f"the manifest says {entry['records']} "
                                                     f"records, the log holds {counted}", name))
    return found


def _gather(path: Path, identities: Sequence[age.Identity] | None) -> tuple[list[_Log], list[Problem]]:
    """Every log under ``path``, and the problems met on the way; InputError if unusable."""
    path = Path(path)
    problems: list[Problem] = []
    if not os.path.lexists(path):
        raise InputError(path, "", "no such file or folder")
    if path.is_dir():
        folders = _survey_folders(path)
        if not folders:
            raise InputError(path, "", "not an rrdesk data folder (no survey folder with logs)")
        return [log for folder in folders for log in _folder_logs(folder, problems)], problems
    if path.name.endswith(".rrlog"):
        try:
            data, key = path.read_bytes(), _read(key_path(path))
        except OSError as error:
            raise InputError(path, "", f"cannot be read: {os_reason(error)}") from None
        folder = path.parent
        survey = _folder_survey(folder, problems)
        # why: only a log inside a survey folder (one with its survey copy) has a survey to match
        expected = folder.name if (folder / SURVEY_FILE).exists() else None
        return [_Log(str(path), "", path.name, data, key, str(key_path(path)), "", expected,
                     survey if survey and survey.id == expected else None)], problems
    if path.name.endswith(SUFFIX):
        return _bundle_logs(path, identities, problems), problems
    raise InputError(path, "", f"not a data folder, an .rrlog log or a {SUFFIX} bundle")


def verify(path: Path, identities: Sequence[age.Identity] | None = None) -> Report:
    """Check a data folder, a log or a bundle; report intact records and every problem.

    Parameters
    ----------
    path : Path
        A data folder (every survey folder in it), a survey folder, one ``.rrlog``, or a
        ``.tar.age`` bundle (which needs ``identities``).
    identities : sequence of age.Identity, optional
        The coordinator's identities: with them the tags (Schneier & Kelsey 1998), the key
        file's key and every record's content are checked too.

    Raises
    ------
    InputError
        ``path`` is missing or not one of the kinds above, or a bundle without identities.
    """
    logs, problems = _gather(path, identities)
    total = 0
    for item in logs:
        count, found = _check_log(item, identities or None)
        total += count
        problems.extend(found)
    return Report(records=total, problems=tuple(problems), files=len(logs))


def _check_log(item: _Log, identities: Sequence[age.Identity] | None) -> tuple[int, list[Problem]]:
    found, problems = _check_structure(item, identities)
    if identities and found.header is not None:
        problems.extend(_check_records(item, found, identities))
    return len(found.frames), problems


def _check_structure(item: _Log, identities: Sequence[age.Identity] | None) -> tuple[Scan, list[Problem]]:
    """Every check of a log but its records' content: framing, sequence, chain, survey, name,
    key file; with ``identities`` also the first key, the tags and the key file's key."""
    found = scan(item.data, item.file, item.member)
    problems = list(found.problems)
    header = found.header
    if header is None:
        return found, problems
    if item.survey_id is not None and header.survey_id != item.survey_id:
        problems.append(item.problem(None, f'is a log of survey "{header.survey_id}", not of "{item.survey_id}"'))
    named = _STATION_NAME.match(item.name)
    if named and (named[1], named[2]) != (header.device_id.hex(), header.log_id.hex()):
        problems.append(item.problem(None, "its name does not match the device and log id in "
                                           "its header (renamed or replaced)"))
    index, key = _check_key_file(item, header, len(found.frames), problems)
    if identities:
        _check_sealed(item, found, index, key, identities, problems)
    return found, problems


def _check_key_file(item: _Log, header: Header, frames: int,
                    problems: list[Problem]) -> tuple[int | None, bytes | None]:
    """The key file's index and key, after checking them against the log (FORMAT.md §1.7)."""
    if item.key is None:
        problems.append(item.key_problem("key file is missing: whether the last records were removed "
                                         "cannot be checked"))
        return None, None
    state = parse_key_file(item.key)
    if isinstance(state, str):
        problems.append(item.key_problem(f"key file is damaged: {state}"))
        return None, None
    if state.log_id != header.log_id:
        problems.append(item.key_problem("key file belongs to another log"))
        return None, None
    if state.index > frames:
        problems.append(item.problem(frames, f"missing: the key file says {state.index} records "
                                             f"were saved, {frames} are intact"))
    elif state.index < frames - 1:
        problems.append(item.key_problem(f"key file is {frames - state.index} records behind "
                                         "the log (restored from a copy, or replaced)"))
    return state.index, state.key


def _check_sealed(item: _Log, found: Scan, index: int | None, key: bytes | None,
                  identities: Sequence[age.Identity], problems: list[Problem]) -> None:
    """With the coordinator's identity: the first key, the tags, the key file, every record."""
    try:
        first_key = age.decrypt(found.header.sealed_first_key, identities)
    except age.AgeError as error:
        why = "" if isinstance(error, age.NoMatchError) else f" ({error})"
        problems.append(item.problem(None, f"first key cannot be decrypted with this identity{why}"))
        first_key = None
    if first_key is not None and len(first_key) != KEY_SIZE:
        problems.append(item.problem(None, f"the sealed first key is not {KEY_SIZE} bytes"))
        first_key = None
    if first_key is not None:
        problems.extend(check_tags(found, first_key))
        # why: only k_0 evolved `index` times fits; a tail cut off together with a key file made
        # up to match would need an earlier key, which the laptop no longer holds (§1.4)
        if index is not None and index <= len(found.frames) + 1:
            expected = first_key
            for _ in range(index):
                expected = evolve(expected)
            if expected != key:
                problems.append(item.key_problem(f"the key file's key is not this log's key "
                                                 f"number {index} (replaced or altered)"))


def _check_records(item: _Log, found: Scan, identities: Sequence[age.Identity]) -> list[Problem]:
    """Decrypt and parse every record; check it belongs to its log and stands in order."""
    problems: list[Problem] = []
    unmatched: list[int] = []
    prev: tuple[int, records.Record] | None = None
    for frame in found.frames:
        opened = open_record(frame.blob, identities)
        if opened is None:
            unmatched.append(frame.seq)
        elif isinstance(opened, str):
            problems.append(item.problem(frame.seq, opened))
        else:
            problems.extend(record_problems(item.file, found.header, frame.seq, opened, prev, item.survey,
                                            member=item.member))
            prev = (frame.seq, opened)
    return problems + unmatched_problems(item.file, unmatched, len(found.frames), member=item.member)


# -- for callers that decrypt the records themselves (aggregate, in worker processes) ------


@dataclass(frozen=True)
class CheckedLog:
    """One log of a bundle after every check but its records' content (:func:`check_bundle`).

    ``file`` is the bundle and ``member`` the log's name in it; ``survey`` is the bundle's
    survey copy (None when it cannot be read); ``problems`` are framing, sequence, chain,
    key file, first key and tags.
    """

    file: str
    member: str
    scan: Scan
    survey: Survey | None
    problems: tuple[Problem, ...]


def check_bundle(path: Path, identities: Sequence[age.Identity]) -> tuple[list[CheckedLog], list[Problem]]:
    """Open a bundle and check each log as :func:`verify` does, except its records' content.

    The caller decrypts the records (:func:`open_record`) and checks each one
    (:func:`record_problems`, :func:`unmatched_problems`), which together with this is
    exactly what :func:`verify` checks. Returns the logs and the bundle's own problems
    (one that cannot be opened, a survey copy that cannot be read, a manifest that
    miscounts); never raises for a bad bundle.
    """
    problems: list[Problem] = []
    logs = _bundle_logs(Path(path), identities, problems)
    checked = []
    for item in logs:
        found, found_problems = _check_structure(item, identities)
        checked.append(CheckedLog(item.file, item.member, found, item.survey, tuple(found_problems)))
    return checked, problems


def open_record(blob: bytes, identities: Sequence[age.Identity]) -> records.Record | str | None:
    """The record sealed in ``blob``; None when no identity matches it; else what is wrong."""
    try:
        return records.parse(age.decrypt(blob, identities))
    except age.NoMatchError:
        return None
    except age.AgeError as error:
        return f"cannot be decrypted ({error})"
    except records.RecordError as error:
        return f"not an rrdesk record ({error})"


def record_problems(file: str, header: Header, seq: int, record: records.Record,
                    prev: tuple[int, records.Record] | None, survey: Survey | None, *,
                    member: str = "") -> list[Problem]:
    """What is wrong with record ``seq`` of a log: a survey, device or log other than its
    log's, or a place out of order after ``prev`` (the last record read before it)."""
    problems = []
    for name, have, want in (("survey", record.survey, header.survey_id),
                             ("device", record.device, header.device_id.hex()),
                             ("log", record.log, header.log_id.hex())):
        if have != want:
            problems.append(Problem(file, seq, f"the record's {name} is {have!r}, its log's is {want!r}", member))
    # why: a log of another survey is reported once (_check_log), not once per record
    if survey is not None and survey.id != header.survey_id:
        survey = None
    per = 1 + len(survey.randomized) if survey else None
    what = _out_of_order(seq, record, prev, per, survey)
    if what:
        problems.append(Problem(file, seq, what, member))
    return problems


def unmatched_problems(file: str, unmatched: Sequence[int], total: int, *, member: str = "") -> list[Problem]:
    """The problems for the records (seq numbers) no identity could open, of ``total`` read."""
    if unmatched and len(unmatched) == total:
        return [Problem(file, None, "no record can be decrypted with this identity", member)]
    return [Problem(file, seq, "cannot be decrypted with this identity", member) for seq in unmatched]


def _out_of_order(seq: int, record: records.Record, prev: tuple[int, records.Record] | None,
                  per: int | None, survey: Survey | None) -> str:
    """What is wrong with the record's place in its interview, or "".

    An interview is a start record (position 0) and then one record per randomized question
    (positions 1..R) in the survey's order; a log starts with an interview and interview
    numbers only grow (``interviews.Station``).
    """
    where = f"interview {record.interview}, position {record.position}"
    if (record.kind == "start") != (record.position == 0):
        return f"{where}: a {record.kind} record cannot stand at this position"
    if per is not None:
        if record.position != seq % per:
            return f"{where}: out of order (position {seq % per} belongs here)"
        if record.position and record.question != survey.randomized[record.position - 1].id:
            return f"{where}: not the question the survey asks at this position"
    elif seq == 0 and record.position != 0:
        return f"{where}: a log must begin with an interview's start"
    if prev is None:
        return ""
    last_seq, last = prev
    if record.interview < last.interview:
        return f"{where}: comes after interview {last.interview}"
    if last_seq != seq - 1:
        return ""  # the record before could not be read; the rest was checked above
    if record.position == 0 and record.interview == last.interview:
        return f"{where}: interview {record.interview} starts a second time"
    if record.position and (record.interview, record.position) != (last.interview, last.position + 1):
        return f"{where}: does not follow interview {last.interview}, position {last.position}"
    return ""


def extract(path: Path, to: Path, identities: Sequence[age.Identity] | None = None, *,
            ops: OsOps | None = None) -> list[Path]:
    """Write every intact record as its own age file ``to/<log name>-<seq:06d>.age``.

    ``to`` is created if needed; an existing file is never overwritten (nothing is written
    then). Each file is a record's sealed blob exactly, so ``age -d -i KEY FILE`` opens it.

    Raises
    ------
    InputError
        As :func:`verify`; also a bundle that cannot be opened.
    StoreError
        A file exists already, or could not be written.
    """
    ops = ops or OsOps()
    logs, problems = _gather(path, identities)
    if not logs and problems:
        raise InputError(path, "", problems[0].what)
    to = Path(to)
    planned = [(to / f"{item.name.removesuffix('.rrlog')}-{frame.seq:06d}.age", frame.blob)
               for item in logs for frame in scan(item.data, item.file, item.member).frames]
    for target, _ in planned:
        if os.path.lexists(target):
            raise StoreError(target, "", "already exists; refusing to overwrite (nothing was extracted)")
    with mapped(to, "cannot be created"):
        to.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for target, blob in planned:
        try:
            write_file(ops, target, blob, exclusive=True)
        except OSError as error:
            raise StoreError(target, "", f"could not be written: {os_reason(error)} "
                                         f"({len(written)} records were extracted before it)") from None
        written.append(target)
    if written:
        with mapped(to, "could not be flushed"):
            ops.fsync_dir(to)
    return written
