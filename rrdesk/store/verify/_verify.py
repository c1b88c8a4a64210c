"""Checking what was stored, and taking records out as plain age files.

:func:`verify` is ``rrdesk verify``: it reads a data folder, one log, or an export bundle, and
reports every intact record and every problem it finds -- framing, sequence and chain for
anyone (FORMAT.md §1.6); with the coordinator's identity also the forward-secure tags, the key
file's key, and every record's content. Damage never raises: it becomes a :class:`Problem`
naming the file, the record and what is wrong (never an answer). :func:`extract` is
``rrdesk extract``: each intact record as its own ``.age`` file, for the standard ``age`` tool.

Finding the logs under a path is :mod:`rrdesk.store.verify._sources`; the checks of one log and
of each record are :mod:`rrdesk.store.log._checks` (re-exported here).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

import rrdesk.store.verify._bundle as streamed
from rrdesk.core.errors import BundleError, InputError, StoreError, os_reason
from rrdesk.core.fileio import OsOps, mapped, write_file
from rrdesk.core.problems import Problem
from rrdesk.core.results.contracts import verify_json
from rrdesk.store import age, minisign
from rrdesk.store.bundle import Bundles
from rrdesk.store.folder import folder_problems
from rrdesk.store.log import (
    FoundLog,
    check_found_log,
    scan,
)
from rrdesk.store.log import folder_problems as header_signature_problems
from rrdesk.store.verify._sources import gather

__all__ = ["Report", "extract", "verify"]


@dataclass(frozen=True)
class Report:
    """What :func:`verify` found: intact records, problems, and how many logs it read."""

    records: int
    problems: tuple[Problem, ...]
    files: int

    @property
    def ok(self) -> bool:
        """No damage (warnings, ``Problem.warning``, do not count)."""
        return not self.damage

    @property
    def damage(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if not p.warning)

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.warning)

    def as_json(self) -> dict[str, Any]:
        """The ``verify --json`` object (:func:`rrdesk.core.results.contracts.verify_json`)."""
        return verify_json(self.records, self.files, self.damage, self.warnings)


def verify(path: Path, identities: Sequence[age.Identity] | None = None,
           laptops: Mapping[str, minisign.PublicKey] | None = None) -> Report:
    """Check a data folder, a log or a bundle; report intact records and every problem.

    Parameters
    ----------
    path : Path
        A data folder (every survey folder in it), a survey folder, one ``.rrlog``, or a
        ``.tar.age`` bundle (which needs ``identities``).
    identities : sequence of age.Identity, optional
        The coordinator's identities: with them the tags (Schneier & Kelsey 1998), the key
        file's key and every record's content are checked too.
    laptops : mapping of device id to minisign.PublicKey, optional
        The coordinator's enrolled laptops: a bundle not signed by the enrolled laptop it names
        is a problem (FORMAT.md §2.8).

    Raises
    ------
    InputError
        ``path`` is missing or not one of the kinds above, or a bundle without identities.
    """
    logs, problems = gather(path, identities, laptops)
    problems.extend(folder_problems(path))  # the side files: device-id, current (FORMAT.md §3)
    problems.extend(header_signature_problems([item for item in logs if item.streamed is None]))  # §1.11
    total = 0
    bundles = Bundles(identities or ())  # a bundle's records are read from it in batches
    try:
        for item in logs:
            count, found = (streamed.check_log(item, identities, bundles) if item.streamed is not None
                            else check_found_log(item, identities or None))
            total += count
            problems.extend(found)
    finally:
        bundles.close()
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
    logs, problems = gather(path, identities)
    if not logs and problems:
        raise InputError(path, "", problems[0].what)
    to = Path(to)

    def target(item: FoundLog, seq: int) -> Path:
        return to / f"{item.name.removesuffix('.rrlog')}-{seq:06d}.age"

    held = {id(item): scan(item.data, item.file, item.member).frames for item in logs if item.streamed is None}

    def seqs(item: FoundLog) -> Sequence[int]:
        return range(item.streamed.log.count) if item.streamed is not None else [f.seq for f in held[id(item)]]

    def blobs(item: FoundLog) -> Iterator[tuple[int, bytes]]:  # a bundle's: read from it in batches
        return streamed.blobs(item, bundles) if item.streamed is not None else ((f.seq, f.blob) for f in held[id(item)])

    for item in logs:  # why first: nothing is written when any name is taken
        for seq in seqs(item):
            if os.path.lexists(path := target(item, seq)):
                raise StoreError(path, "", "already exists; refusing to overwrite (nothing was extracted)")
    with mapped(to, "cannot be created"):
        to.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    bundles = Bundles(identities or ())
    try:
        for item in logs:
            for seq, blob in blobs(item):
                path = target(item, seq)
                try:
                    write_file(ops, path, blob, exclusive=True)
                except OSError as error:
                    raise StoreError(path, "", f"could not be written: {os_reason(error)} "
                                               f"({len(written)} records were extracted before it)") from None
                written.append(path)
    except BundleError as error:
        raise StoreError(error.file, "", f"{error.what} ({len(written)} records were extracted before it)") from None
    finally:
        bundles.close()
    if written:
        with mapped(to, "could not be flushed"):
            ops.fsync_dir(to)
    return written
