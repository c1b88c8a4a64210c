"""Writing a bundle as a stream: the logs go into the sealed tar as they are read (FORMAT.md §2.5).

An export holds at most a piece of a log (1 MiB), one age chunk and the small files, however
large the logs: each log is read from a descriptor opened at its snapshot (step 2), straight
into the tar, through the age STREAM sealer (:class:`rrdesk.store.age.Sealer`) and onto
the ``.part`` file, while the same bytes are hashed for the manifest and scanned
(:class:`rrdesk.store.log.LogStream`) for its record count and problems. This works in
one pass because the tar is in sorted name order and a laptop's logs are named by hex digits,
which sort before ``manifest.json``: by the time the manifest is written, every log it
describes has gone by. A log whose name sorts after it (any other name the §2.3 pattern
allows) is read once more beforehand, for its entry.

The SHA-256 for the manifest runs on a thread and the writes on another (both let go of the
GIL), and a log of :data:`SCAN_APART` bytes or more is scanned by a helper process reading the
same bytes (both reads compute the CRC-32 of the log's last frame's worth, the only bytes a
writer may change between them, :class:`rrdesk.store.bundle._export_scan.TailSum`; the SHA-256 is made
once, here): on two cores the sealing, the scan and the disk overlap. The sealed chunks go to
the disk as the sealer makes them, joined once per MiB (and every 16 MiB the pages written are
sent on to the device, :data:`_WRITE_OUT`), and the scan checks runs of same-size
frames together (the log reader's ``_bulk``).

A log only grows (a writer appends), so its first ``size`` bytes, fixed at the snapshot, stay
what they were -- except when a writer opening the log cuts off a torn tail (§1.7 step 4): then
the read comes up short, or (read twice) sums otherwise, and the export starts over
(:class:`Changed`).
"""
from __future__ import annotations

import hashlib
import io
import multiprocessing
import os
import tarfile
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from rrdesk.core.entropy import system_bytes
from rrdesk.core.fileio import FileOps, write_all
from rrdesk.core.hardening import no_core_dumps
from rrdesk.core.heap import steady_buffers
from rrdesk.store.age import Sealer
from rrdesk.store.bundle._export_scan import PIECE, Sums, TailSum, scan_apart, scan_fd
from rrdesk.store.bundle._open import MANIFEST
from rrdesk.store.log import LogStream

__all__ = ["Changed", "Member", "Unreadable", "write_tar"]

SCAN_APART = 64 << 20
# why: scanning a log (a SHA-256 per record, in Python) costs about as much as sealing and writing
# it; from 64 MiB (~80,000 records) a helper process scans it beside the sealing, which pays for the
# ~0.2 s the helper takes to start; smaller logs are scanned here
_WRITE_OUT = 16 << 20
# why: every 16 MiB written, the pages so far are sent to the stick (see _Out._write): often enough
# that the fsync at the end waits for little, rarely enough that the calls cost nothing
_TAR_BLOCK, _TAR_RECORD = 512, 20 * 512  # why: tar's block and record sizes (what tarfile pads to)


class Changed(Exception):
    """A log read back shorter, or other, than at its snapshot: the export starts over."""


class Unreadable(Exception):
    """Reading a file of the data folder failed (``error``), naming ``path``."""

    def __init__(self, path: Path, error: OSError) -> None:
        super().__init__(str(path))
        self.path, self.error = path, error


@dataclass
class Member:
    """One file of the bundle: ``data`` in memory, or ``size`` bytes of the open ``fd`` (a log
    as snapshotted). ``log`` members get an ``entry`` (manifest) filled as they are read."""

    name: str
    data: bytes | None = None
    fd: int | None = None
    size: int = 0
    path: Path | None = None
    log: bool = False
    entry: dict[str, Any] = field(default_factory=dict)
    make: Callable[[list["Member"]], bytes] | None = None  # data made from the members before it (a signature)

    @property
    def length(self) -> int:
        return len(self.data) if self.data is not None else self.size

    def opened(self) -> tuple[int, Path]:
        """The descriptor and path of a member read from its snapshot (a log)."""
        if self.fd is None or self.path is None:
            raise ValueError(f"{self.name} is held in memory, not read from a file")
        return self.fd, self.path


class _Source:
    """Reads a log member for tarfile, hashing and scanning what goes by. The SHA-256 runs on a
    thread of its own (hashlib lets go of the GIL for large pieces), beside the scan; at most
    one piece waits for it. For a log the helper process scans, the tail's CRC-32 (a few KiB)
    is summed here, to compare the two reads."""

    _hasher = ThreadPoolExecutor(1, thread_name_prefix="rrdesk-export-sha")

    def __init__(self, member: Member, apart: Future[dict[str, Any] | None] | None = None) -> None:
        self.member, self.at = member, 0
        self.fd, self.path = member.opened()
        self.digest = hashlib.sha256()
        # scanned here, or by the helper process (its result, and the tail's sum to compare)
        self.scan: LogStream | tuple[Future[dict[str, Any] | None], TailSum] = (
            LogStream(member.name, "", index=False) if apart is None else (apart, TailSum(member.size)))
        self._hashing: Future[None] | None = None

    def _hash(self, piece: bytes) -> None:
        self.digest.update(piece)

    def read(self, n: int = -1) -> bytes:
        n = min(self.member.size - self.at, PIECE if n is None or n < 0 else n)
        if n <= 0:
            return b""
        try:
            piece = os.pread(self.fd, n, self.at)
        except OSError as error:
            raise Unreadable(self.path, error) from None
        if len(piece) != n:
            raise Changed(self.member.name)
        self.at += n
        if self._hashing is not None:
            self._hashing.result()
        self._hashing = self._hasher.submit(self._hash, piece)
        if isinstance(self.scan, LogStream):
            self.scan.feed(piece)
        else:
            self.scan[1].feed(piece)
        return piece

    def entry(self) -> dict[str, Any]:
        if self._hashing is not None:
            self._hashing.result()
        if isinstance(self.scan, LogStream):
            found = self.scan.finish()
            records, problems = found.count, [str(p) for p in found.problems]
        else:  # scanned by the helper process: the same bytes, or start over
            apart, tail = self.scan
            try:
                scanned = apart.result()
            except BrokenProcessPool:  # why: a helper that cannot start (or was killed) costs time, never the export
                scanned = scan_fd(self.fd, self.member.size, self.member.name)
            # why a CRC-32 of the tail: it only has to tell whether both reads got the same bytes
            # (a torn tail cut and the log grown again between them), as the read-back does (FORMAT.md §2.7)
            if scanned is None or scanned["crcs"] != tail.finish():
                raise Changed(self.member.name)
            records, problems = scanned["records"], scanned["problems"]
        return {"name": self.member.name, "size": self.member.size, "sha256": self.digest.hexdigest(),
                "records": records, "problems": problems}


def log_entry(member: Member) -> dict[str, Any]:
    """A log's manifest entry, read through once (for a log named after ``manifest.json``)."""
    source = _Source(member)
    while source.read(PIECE):
        pass
    return source.entry()


class _Out:
    """tarfile's output: sealed by age and written to ``fd`` as it comes; ``sums`` holds the
    CRC-32 of each MiB written, to compare the read-back with. The sealed chunks are joined
    once into a piece of about a MiB and written on a thread of their own (a write lets go of
    the GIL), beside the sealing and the scan; at most one piece waits for it, and its error
    comes up at the next piece or at the end."""

    _writer = ThreadPoolExecutor(1, thread_name_prefix="rrdesk-export-write")

    def __init__(self, ops: FileOps, fd: int, sealer: Sealer) -> None:
        self.ops, self.fd, self.sealer = ops, fd, sealer
        self.sums = Sums()
        self._pending: list[bytes] = []
        self._size = 0
        self._writing: Future[None] | None = None
        self.written = 0
        # bytes written to fd; where the last write-out began, and the one before (its pages,
        # written out by now, are dropped with the next range's)
        self._on_disk = self._started = self._dropped = 0

    def tell(self) -> int:
        return self.written

    def write(self, plain: bytes) -> int:
        self.written += len(plain)
        self._send(self.sealer.pieces(plain))
        return len(plain)

    # why: tarfile's writer only writes and tells; a sealed stream cannot be read or sought,
    # and it is ended by finish (tarfile never closes a file object it was given)
    def read(self, size: int, /) -> bytes:
        raise io.UnsupportedOperation("a bundle being sealed cannot be read")

    def seek(self, pos: int, /) -> int:
        raise io.UnsupportedOperation("a bundle being sealed cannot be sought")

    def close(self) -> None:
        pass

    def finish(self) -> list[int]:
        self._send(self.sealer.finish_pieces(), flush=True)
        self._wait()
        return self.sums.finish()

    def _wait(self) -> None:
        if self._writing is not None:
            writing, self._writing = self._writing, None
            writing.result()

    def _send(self, sealed: list[bytes], flush: bool = False) -> None:
        self._pending += sealed
        self._size += sum(map(len, sealed))
        if self._size < PIECE and not (flush and self._pending):
            return
        data, self._pending, self._size = b"".join(self._pending), [], 0
        self._wait()
        self._writing = self._writer.submit(self._write, data)

    def _write(self, data: bytes) -> None:
        self.sums.feed(data)
        write_all(self.ops, self.fd, data)
        self._on_disk += len(data)
        if self._on_disk - self._started >= _WRITE_OUT and hasattr(os, "posix_fadvise"):
            # why: on Linux, DONTNEED starts the write-out of the dirty pages of a range (without
            # waiting) and drops those already written: the stick writes while later pieces are
            # sealed (the fsync at the end has little left to do), and a large bundle does not
            # fill the laptop's memory with its cache. Durability is still the fsync's.
            try:
                os.posix_fadvise(self.fd, self._dropped, self._on_disk - self._dropped, os.POSIX_FADV_DONTNEED)
            except OSError:
                pass  # why: a hint the filesystem may refuse; the fsync still makes it durable
            self._dropped, self._started = self._started, self._on_disk


def write_tar(ops: FileOps, fd: int, recipients: tuple[str, ...], members: list[Member],
              manifest: dict[str, Any]) -> list[int]:
    """Write the sealed, deterministic tar of ``members`` (and the manifest, completed with
    the log entries read on the way) to ``fd``; return the CRC-32 of each :data:`PIECE` written."""
    out = _Out(ops, fd, Sealer(recipients, random=system_bytes))  # a failing CSPRNG: one line naming it
    try:
        with steady_buffers():
            return _write_tar(out, members, manifest)
    finally:
        try:
            out._wait()  # never leave a write running on a descriptor the caller closes
        except OSError:
            pass  # the error that stopped the tar is the one to report


def _write_tar(out: _Out, members: list[Member], manifest: dict[str, Any]) -> list[int]:
    large = [m for m in members if m.log and not m.entry and m.size >= SCAN_APART]
    if not large:
        return _write_members(out, members, manifest, {})
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),  # why: safe in a threaded GUI
                             initializer=no_core_dumps) as helper:  # as the main process (rrdesk.core.hardening)
        # why the file's identity: the helper opens the log by its name, and must read the file
        # this process snapshotted, not one put in its place since
        apart = {m.name: helper.submit(scan_apart, str(m.path), m.size, m.name, _identity(m)) for m in large}
        try:
            return _write_members(out, members, manifest, apart)
        finally:
            for future in apart.values():
                future.cancel()


def _identity(member: Member) -> tuple[int, int]:
    st = os.fstat(member.opened()[0])
    return st.st_dev, st.st_ino


def _write_members(out: _Out, members: list[Member], manifest: dict[str, Any],
                   apart: dict[str, Future[dict[str, Any] | None]]) -> list[int]:
    # why: PAX only adds a header for a name over 100 bytes (torn files); with an integer
    # mtime it never records a timestamp, so the archive reveals nothing about when or who.
    # why the class, not tarfile.open: the same writer ("w" is taropen), with copybufsize typed
    with tarfile.TarFile(None, "w", out, format=tarfile.PAX_FORMAT, copybufsize=PIECE) as tar:
        for member in sorted(members, key=lambda m: m.name):
            if member.name == MANIFEST:
                member.data = manifest_bytes(manifest, members)
            elif member.make is not None:
                member.data = member.make(members)
            info = tarfile.TarInfo(member.name)
            info.size, info.mtime, info.mode, info.type = member.length, 0, 0o644, tarfile.REGTYPE
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            if member.data is not None:
                tar.addfile(info, _Bytes(member.data))
                continue
            source = _Source(member, apart.get(member.name))
            tar.addfile(info, source)
            entry = source.entry()
            if member.entry and member.entry != entry:  # read beforehand, and now other bytes
                raise Changed(member.name)
            member.entry = entry
    return out.finish()


def manifest_bytes(manifest: dict[str, Any], members: list[Member]) -> bytes:
    import json

    logs = [m.entry for m in members if m.log]
    return (json.dumps({**manifest, "logs": logs}, indent=2, ensure_ascii=True) + "\n").encode("ascii")


def sealed_size(members: list[Member], manifest_size: int) -> int:
    """An upper bound of the bundle's size, to refuse one over 2 GiB before writing it."""
    plain = sum(3 * _TAR_BLOCK + m.length for m in members) + manifest_size + 3 * _TAR_BLOCK + 2 * _TAR_RECORD
    return plain + 16 * (plain // (64 << 10) + 1) + 4096 * 4


class _Bytes:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def read(self, n: int = -1) -> bytes:
        end = len(self.data) if n is None or n < 0 else self.at + n
        piece, self.at = self.data[self.at:end], min(end, len(self.data))
        return piece
