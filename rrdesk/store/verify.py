"""Checking what was stored, and taking records out as plain age files.

:func:`verify` is ``rrdesk verify``: it reads a data folder, one log, or an export bundle, and
reports every intact record and every problem it finds -- framing, sequence and chain for
anyone (FORMAT.md §1.6); with the coordinator's identity also the forward-secure tags, the key
file's key, and every record's content. Damage never raises: it becomes a :class:`Problem`
naming the file, the record and what is wrong (never an answer). :func:`extract` is
``rrdesk extract``: each intact record as its own ``.age`` file, for the standard ``age`` tool.

Finding the logs under a path is :mod:`rrdesk.store._log_sources`; the checks of one log and
of each record are :mod:`rrdesk.store._log_checks` (re-exported here).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from rrdesk.core.errors import InputError
from rrdesk.core.fileio import OsOps, mapped, write_file
from rrdesk.core.results.contracts import verify_json
from rrdesk.store import age
from rrdesk.store._folder_checks import folder_problems
from rrdesk.store._log_checks import (  # noqa: F401 - the per-record checks re-exported
    _check_log, open_record, record_problems, unmatched_problems,
)
from rrdesk.store._log_sources import _gather
from rrdesk.store.log import Problem, StoreError, os_reason, scan

__all__ = ["Report", "extract", "open_record", "record_problems",
           "unmatched_problems", "verify"]


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
    problems.extend(folder_problems(path))  # the side files: device-id, current (FORMAT.md §3)
    total = 0
    for item in logs:
        count, found = _check_log(item, identities or None)
        total += count
        problems.extend(found)
    return Report(records=total, problems=tuple(problems), files=len(logs))


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
