"""Reading input files that may be hostile: regular files only, never a hang, never unbounded.

A path a person gives (an identity, a survey, a bundle, a log in a data folder) may name a
FIFO (``open`` would wait for a writer forever), a device or a symlink to ``/dev/zero``
(``read`` would fill memory), or a folder. :func:`read_capped` opens without blocking, checks
on the opened descriptor that it is a regular file, and reads at most ``limit`` bytes; every
refusal is an ``OSError`` whose ``strerror`` says why in plain words, so callers that already
map an ``OSError`` to "FILE: cannot be read: REASON" need nothing new.

These are the reading half of :mod:`rrdesk.core.fileio` (which holds the writing half); they
live here while that module is being changed by another hand, and belong there.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

__all__ = ["read_capped", "read_capped_if_present"]

_CHUNK = 1 << 20  # why: one MiB per read() keeps a large log's read to a few system calls
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
# why: O_NONBLOCK makes opening a FIFO return at once (with no writer) instead of waiting
# forever; on a regular file it changes nothing. O_NOCTTY: a terminal device never becomes ours.

_KINDS = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def _size_words(limit: int) -> str:
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if limit >= 1 << shift and limit % (1 << shift) == 0:
            return f"{limit >> shift} {unit}"
    return f"{limit} bytes"


def read_capped(path: str | Path, limit: int) -> bytes:
    """The whole regular file ``path``, at most ``limit`` bytes.

    Raises
    ------
    OSError
        As ``open`` and ``read`` raise it (``FileNotFoundError`` for a missing file); also
        ``EINVAL`` "not a regular file (a FIFO)" for anything but a regular file, and
        ``EFBIG`` "larger than N" for a file over ``limit`` (checked before and while
        reading, so a file that grows is still refused). ``ValueError`` (a NUL in the path)
        becomes ``EINVAL`` too.
    """
    try:
        fd = os.open(path, _FLAGS)
    except ValueError:
        raise OSError(errno.EINVAL, "the path holds a NUL byte") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):  # the system's own words, as reading a folder has always said
            raise OSError(errno.EISDIR, os.strerror(errno.EISDIR))
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, f"not a regular file ({_kind(info.st_mode)})")
        if info.st_size > limit:
            raise OSError(errno.EFBIG, f"larger than {_size_words(limit)}")
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise OSError(errno.EFBIG, f"larger than {_size_words(limit)}")
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_capped_if_present(path: str | Path, limit: int) -> bytes | None:
    """As :func:`read_capped`, or None if ``path`` does not exist."""
    try:
        return read_capped(path, limit)
    except FileNotFoundError:
        return None
