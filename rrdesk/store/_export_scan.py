"""An export's scan of a large log, in a helper process (FORMAT.md §2.5 step 4).

The export (``_bundle_write``) seals and writes a log while a helper process reads the same
first ``size`` bytes again and scans them (:class:`rrdesk.store._log_stream.LogStream`: the record
count and the problems the manifest states); the CRC-32 of each MiB of both reads tells whether
they got the same bytes. This module is all the helper imports (with ``_log_stream`` and, for
its scan, numpy): a process that starts from nothing pays for every module it loads before it
scans a byte, and the helper's time is the export's when the log is large.
"""
from __future__ import annotations

import os
import sys
import zlib
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from rrdesk.core.fileio import open_capped
from rrdesk.store._log_stream import LogStream

__all__ = ["PIECE", "Sums", "scan_apart", "scan_fd"]

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


def scan_apart(path: str, size: int, name: str) -> dict[str, Any] | None:
    """A log's record count and problems, and the CRC-32 of each MiB, from its first ``size``
    bytes read again (in a helper process); None when they are no longer there."""
    if "numpy" not in sys.modules:  # the helper's first scan: numpy is not loaded yet
        # why: the scan uses numpy for comparisons only; OpenBLAS would start a thread per core
        # that spins for a while after loading, taking CPU from the export on a small laptop
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    fd = open_capped(path, _MAX_LOG)
    try:
        return scan_fd(fd, size, name)
    finally:
        os.close(fd)


def scan_fd(fd: int, size: int, name: str) -> dict[str, Any] | None:
    """As :func:`scan_apart`, from the open ``fd``: the CRC-32s on a thread (zlib lets go of the
    GIL), beside the scan; at most one piece waits for it."""
    scan, sums, at = LogStream(name, "", index=False), Sums(), 0
    summing: Future | None = None
    with ThreadPoolExecutor(1, thread_name_prefix="rrdesk-export-crc") as crc:
        while at < size:
            piece = os.pread(fd, min(PIECE, size - at), at)
            if not piece:
                return None
            at += len(piece)
            if summing is not None:
                summing.result()
            summing = crc.submit(sums.feed, piece)
            scan.feed(piece)
        if summing is not None:
            summing.result()
    found = scan.finish()
    return {"records": found.count, "problems": [str(p) for p in found.problems], "crcs": sums.finish()}
