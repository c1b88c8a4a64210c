"""An export's scan of a large log, in a helper process (FORMAT.md §2.5 step 4).

The export (``_bundle_write``) seals and writes a log while a helper process reads the same
first ``size`` bytes again and scans them (:class:`rrdesk.store.log.LogStream`: the record
count and the problems the manifest states); :class:`TailSum` tells whether both reads got the
same bytes. Only a log's last :data:`rrdesk.store.log.MAX_FRAME` bytes can differ between
them (FORMAT.md §2.5 step 4): the one writer that changes bytes a log already holds is recovery
cutting a torn tail off, and a torn tail is shorter than a frame.

This module is all the helper imports (with the log reader and, for its scan, numpy): a process
that starts from nothing pays for every module it loads before it scans a byte, and the helper's
time is the export's when the log is large.
"""
from __future__ import annotations

import os
import sys
import zlib
from typing import Any

from rrdesk.core.fileio import open_capped
from rrdesk.core.heap import steady_buffers
from rrdesk.store.log import MAX_FRAME, LogStream

__all__ = ["PIECE", "Sums", "TailSum", "scan_apart", "scan_fd"]

PIECE = 1 << 20  # why: 1 MiB per read and per write: few system calls, little memory
_MAX_LOG = 2 << 30  # why: a log larger than a bundle may be is refused before it gets here


class Sums:
    """The CRC-32 of each :data:`PIECE` of a stream fed in pieces of any size (none copied)."""

    def __init__(self) -> None:
        self.sums: list[int] = []
        self._crc = self._filled = 0

    def feed(self, data: bytes) -> None:
        view, at = memoryview(data), 0
        while at < len(view):
            part = view[at:at + PIECE - self._filled]
            self._crc = zlib.crc32(part, self._crc)
            self._filled += len(part)
            at += len(part)
            if self._filled == PIECE:
                self.sums.append(self._crc)
                self._crc = self._filled = 0

    def finish(self) -> list[int]:
        if self._filled:
            self.sums.append(self._crc)
            self._crc = self._filled = 0
        return self.sums


class TailSum:
    """The CRC-32 of a log's last :data:`MAX_FRAME` bytes up to ``size`` (where a snapshot ends),
    and how many bytes came, fed in order in pieces of any size: what two reads of one snapshot
    must agree on. Why only the tail: bytes of a log before its last frame's worth are never
    changed while it grows (a writer appends; recovery cuts only a torn tail, an incomplete
    frame, shorter than ``MAX_FRAME``, §1.6-1.7), so two reads can differ only there -- when
    recovery cut a torn tail off between them and the log grew again."""

    def __init__(self, size: int) -> None:
        self.start, self.at, self.crc = max(0, size - MAX_FRAME), 0, 0

    def feed(self, data: bytes) -> None:
        end = self.at + len(data)
        if end > self.start:
            self.crc = zlib.crc32(memoryview(data)[max(0, self.start - self.at):], self.crc)
        self.at = end

    def finish(self) -> list[int]:
        return [self.crc, self.at]


def scan_apart(path: str, size: int, name: str, identity: tuple[int, int] | None = None) -> dict[str, Any] | None:
    """A log's record count and problems, and its :class:`TailSum`, from its first ``size``
    bytes read again (in a helper process); None when they are no longer there, or when
    ``path`` is no longer the file of that ``identity`` (device, inode)."""
    if "numpy" not in sys.modules:  # the helper's first scan: numpy is not loaded yet
        # why: the scan uses numpy for comparisons only; OpenBLAS would start a thread per core
        # that spins for a while after loading, taking CPU from the export on a small laptop
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    fd = open_capped(path, _MAX_LOG)
    try:
        st = os.fstat(fd)
        if identity is not None and (st.st_dev, st.st_ino) != tuple(identity):
            return None
        with steady_buffers():
            return scan_fd(fd, size, name)
    finally:
        os.close(fd)


def scan_fd(fd: int, size: int, name: str) -> dict[str, Any] | None:
    """As :func:`scan_apart`, from the open ``fd``."""
    scan, tail, at = LogStream(name, "", index=False), TailSum(size), 0
    while at < size:
        piece = os.pread(fd, min(PIECE, size - at), at)
        if not piece:
            return None
        at += len(piece)
        tail.feed(piece)
        scan.feed(piece)
    found = scan.finish()
    return {"records": found.count, "problems": [str(p) for p in found.problems], "crcs": tail.finish()}
