"""The data folder's side files (FORMAT.md §3): the device id and the ``current`` pointer.

:func:`device_id` reads this installation's id, or creates it exactly once however many
processes start together (the first to link its file wins; every other reads the winner's).
:func:`read_pointer` reads ``current`` without ever raising for what it holds, and
:func:`newest_logs` lists this device's logs, newest first, for a station that rebuilds a
missing or damaged pointer from the logs themselves (the log is the truth).
"""
from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from rrdesk.core.entropy import system_bytes
from rrdesk.core.errors import LaptopLost, StoreError
from rrdesk.core.fileio import (
    FileOps,
    OsOps,
    create_once,
    folder_lock,
    mapped,
    read_capped,
    read_if_present,
    replace_file,
)
from rrdesk.store import log
from rrdesk.store.folder import (
    CURRENT,
    DEVICE_FILE,
    DEVICE_ID,
    OLD_POINTER,
    POINTER,
    foreign_logs,
    survey_folders,
)
from rrdesk.store.laptop import START_OVER
from rrdesk.store.log import MAX_LOG
from rrdesk.store.records import FORMAT


def device_id(data: Path, ops: FileOps | None = None) -> bytes:
    """This installation's random id, created on first use (16 bytes from the OS CSPRNG).

    Created exclusively: of processes starting together on a fresh folder one creates it and
    every other reads that one, so all their logs carry the same id. A missing or damaged id
    is taken back from the logs when the survey folders' pointers all name logs of one device
    (FORMAT.md §3): a new id would make this laptop take its own logs for another's.

    Raises
    ------
    StoreError
        The file holds something else and the pointers do not say whose logs these are
        (never silently replaced), or it, or the folder, could not be read or written.
    """
    ops, data = ops or OsOps(), Path(data)
    path = data / DEVICE_FILE
    for _ in range(2):  # why: a second read finds the file another process has just linked
        with mapped(path, "cannot be read"):
            raw = read_if_present(path)
        found = None if raw is None else DEVICE_ID.match(raw)
        if found is not None:
            own = found[1].decode("ascii")
            if (foreign := _foreign(data, own)) is not None:
                folder, other = foreign
                raise LaptopLost(path, "", f"names laptop {own[:8]}, but the logs in {folder.name} were written by "
                                 f"laptop {other[:8]}: it was changed or swapped; restore it (it held {other}), "
                                 f"or start this laptop over: {START_OVER}")
            return bytes.fromhex(own)
        pointed = _pointed_device(data)
        if raw is not None:  # damaged: repaired from the logs, or refused
            if pointed is None:
                raise StoreError(path, "", "not a device id (32 hex digits); it was edited or damaged")
            with mapped(path, "could not be written"):
                replace_file(path, pointed.hex().encode("ascii") + b"\n", ops)
            return pointed
        if pointed is None and (foreign := _foreign(data, None)) is not None:
            # why: a new id beside logs would make this laptop a new, unenrolled device that
            # takes its own logs for another's (FORMAT.md §3)
            folder, other = foreign
            raise LaptopLost(path, "", f"missing, but the logs in {folder.name} were written by laptop {other[:8]}: "
                             f"restore it (if they are this laptop's, it held {other}), or start this laptop "
                             f"over: {START_OVER}")
        with mapped(data, "cannot be created"):
            data.mkdir(parents=True, exist_ok=True)
        new = pointed or system_bytes(16)
        with ExitStack() as held:  # why: create_once is exclusive by itself only where links exist
            with mapped(data, "cannot be opened"):
                held.enter_context(folder_lock(data))
            with mapped(path, "could not be written"):
                if create_once(path, new.hex().encode("ascii") + b"\n", ops):
                    return new
    raise StoreError(path, "", "cannot be read: it disappeared while it was being created")


def _foreign(data: Path, own: str | None) -> tuple[Path, str] | None:
    """``folder.foreign_logs`` of ``data``'s survey folders; None when they cannot be listed
    (the station then says what it cannot read)."""
    try:
        return foreign_logs(survey_folders(data), own)
    except OSError:
        return None


def _pointed_device(data: Path) -> bytes | None:
    """The one device whose existing logs the survey folders' pointers name (only this laptop
    writes its pointers), or None when they name none or several."""
    devices = set()
    try:
        folders = [d for d in data.iterdir() if d.is_dir()]
    except OSError:
        return None
    for folder in folders:
        raw = _read_quietly(folder / CURRENT)
        text = (raw or b"").decode("ascii", "replace")
        named = POINTER.match(text) or OLD_POINTER.match(text)
        if named is not None and (folder / named[1]).exists():
            devices.add(named[1][:32])
    return bytes.fromhex(devices.pop()) if len(devices) == 1 else None


def _read_quietly(path: Path) -> bytes | None:
    """``path``'s bytes, or None when it is missing or cannot be read (a hint, not a need)."""
    try:
        return read_if_present(path)
    except OSError:
        return None


@dataclass(frozen=True)
class Pointer:
    """What ``current`` says: ``kind`` is "marked" (a /3 pointer of this device: ``name`` and
    ``base``), "previous" (a /2 pointer of this device: its log keeps /2 records, so a new log
    follows it, numbered after its interviews), "old" (a one-line /1 pointer, one of another
    record format, or a pointer of another device: its log is never continued) or "lost"
    (missing or damaged: rebuilt from the logs)."""

    kind: str
    name: str = ""
    base: int = 0


def read_pointer(folder: Path, device: bytes) -> Pointer:
    """Read ``folder/current``; damage is never an error here, only a pointer to rebuild."""
    path = folder / CURRENT
    with mapped(path, "cannot be read"):
        raw = read_if_present(path)
    text = (raw or b"").decode("ascii", "replace")
    mine = device.hex() + "-"
    if (marked := POINTER.match(text)) is not None:
        if not marked[1].startswith(mine):
            return Pointer("old")
        return Pointer("marked" if marked[2] == FORMAT else "previous", marked[1], int(marked[3]))
    if OLD_POINTER.match(text) is not None:
        return Pointer("old")
    return Pointer("lost")


def pointer_bytes(name: str, base: int) -> bytes:
    """The bytes of a marked pointer (FORMAT.md §3)."""
    return f"{name}\n{FORMAT}\n{base}\n".encode("ascii")


def newest_logs(folder: Path, device: bytes) -> list[Path]:
    """This device's logs in ``folder``, the most recently written first (a log is written
    only while it is the one being appended to, so the newest is the one last in use)."""
    def written(path: Path) -> float:
        with mapped(path, "cannot be read"):
            return path.stat().st_mtime

    return sorted(folder.glob(f"{device.hex()}-*.rrlog"), key=lambda path: (written(path), path.name), reverse=True)


def interviews_in(path: Path, per_interview: int) -> int:
    """Interviews begun in the log ``path`` if each takes ``per_interview`` records."""
    with mapped(path, "cannot be read"):  # why capped: a symlink to /dev/zero named like a log
        frames = len(log.scan(read_capped(path, MAX_LOG), str(path)).frames)
    return -(-frames // per_interview)


__all__ = [ "Pointer", "device_id", "interviews_in", "newest_logs",
           "pointer_bytes", "read_pointer"]
