"""Reading a written bundle back from the device, to compare it with what was written (FORMAT.md §2.5 step 5).

The point of the read-back is to catch a stick that lies -- one that claims more space than it
has and wraps around or drops what goes past it, one that drops writes, one with bit errors --
so the bytes must come from the stick, not from the laptop's own memory. Where the filesystem
allows it (ext4, vfat, exfat, ntfs3, btrfs… on Linux), the file is read with ``O_DIRECT``: the
stick puts the bytes straight into our buffer and the page cache is never consulted. That is
also cheaper than a read through the page cache: no 500 MB of cache to fill and copy out of.
Elsewhere (a filesystem that refuses ``O_DIRECT``, another OS) the cached pages are dropped
first with ``posix_fadvise(DONTNEED)`` -- clean pages after the fsync, so dropped where the OS
allows -- and the file is read as usual.

A direct read keeps :data:`AHEAD` requests in flight on threads (a read lets go of the GIL)
while the caller sums the piece before, so the stick is never idle waiting for us.
"""
from __future__ import annotations

import errno
import mmap
import os
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Generator, Iterator

__all__ = ["read_back"]

READ = 4 << 20
# why: 4 MiB per request: a multiple of any block size O_DIRECT asks alignment to (512 B to 4 KiB)
# and large enough that a USB stick or a disk streams; measured here (500 MB): 1 MiB requests
# took about 1.3x as long as 4 MiB ones, 16 MiB no quicker
AHEAD = 2  # why: two requests in flight keep the device busy while the piece before is summed
_BUFFERED = 1 << 20  # why: 1 MiB per read where the page cache is used: few system calls, little memory
_NO_DIRECT = (errno.EINVAL, errno.EOPNOTSUPP, errno.ENOTSUP)  # why: what Linux says when a filesystem has no O_DIRECT


def read_back(path: Path) -> Iterator[bytes]:
    """The bytes of ``path`` in pieces, read from the device itself where the OS allows it."""
    direct = getattr(os, "O_DIRECT", 0)
    fd = None
    if direct:
        try:
            fd = os.open(path, os.O_RDONLY | direct)
        except OSError as error:
            if error.errno not in _NO_DIRECT:
                raise
    if fd is None:
        yield from _cached(path, 0)
        return
    try:
        done = yield from _direct(fd)
    finally:
        os.close(fd)
    if done is not None:  # the filesystem opened it but refused the first direct read
        yield from _cached(path, done)


def _direct(fd: int) -> Generator[bytes, None, int | None]:
    """Read ``fd`` (opened ``O_DIRECT``) to its end; return None, or the offset where the
    filesystem refused a direct read (everything before it was given, nothing after)."""
    size = os.fstat(fd).st_size
    buffers = [mmap.mmap(-1, READ) for _ in range(AHEAD)]  # why mmap: page-aligned, as O_DIRECT needs
    pool = ThreadPoolExecutor(AHEAD, thread_name_prefix="rrdesk-export-read")
    coming: deque[tuple[int, Future[int]]] = deque()

    def read(at: int, buffer: mmap.mmap) -> int:
        return os.preadv(fd, [buffer], at)

    try:
        at = 0
        for n in range(min(AHEAD, -(-size // READ))):
            coming.append((n * READ, pool.submit(read, n * READ, buffers[n])))
        nxt = len(coming) * READ
        while coming:
            at, future = coming.popleft()
            try:
                got = future.result()
            except OSError as error:
                if error.errno in _NO_DIRECT:
                    return at
                raise
            buffer = buffers[(at // READ) % AHEAD]
            piece = bytes(memoryview(buffer)[:got])  # why a copy: the buffer is read into again
            if got < min(READ, size - at):  # the file is shorter than it was: the compare says so
                size = at + got
            if nxt < size:
                coming.append((nxt, pool.submit(read, nxt, buffer)))
                nxt += READ
            if piece:
                yield piece
        return None
    finally:
        for _, future in coming:
            future.cancel()
        pool.shutdown(wait=True)
        for buffer in buffers:
            buffer.close()


def _cached(path: Path, start: int) -> Iterator[bytes]:
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    try:
        if hasattr(os, "posix_fadvise"):
            # why: after the fsync the cached pages are clean; dropping them makes the read
            # come from the stick itself where the OS allows it, so a stick that lies is caught.
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        at = start
        while piece := os.pread(fd, _BUFFERED, at):
            at += len(piece)
            yield piece
    finally:
        os.close(fd)
