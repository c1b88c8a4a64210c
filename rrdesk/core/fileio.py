"""File I/O that survives a crash or a full disk, and the one wording of its failures.

Every layer reads and writes files through here: :func:`mapped` turns an ``OSError`` into a
:class:`~rrdesk.core.errors.StoreError` naming the file (``with mapped(path, "cannot be
created"): path.mkdir()``), :func:`write_atomic` writes a file whole or not at all. Core
stays pure otherwise: nothing here knows a survey, a record or a key.

The durable write path (``rrdesk/store/FORMAT.md`` §1.8): :class:`OsOps` is the seam of its
operating-system calls, which tests replace to make any write or fsync fail; :func:`write_all`
writes every byte, :func:`write_file` a whole new file, :func:`replace_file` a file through
this process's own ``<name>.<pid>.<random>.new`` and a rename, :func:`create_once` a file
that must be created exactly once however many processes race (a link, never a replace),
:func:`folder_lock` a folder held for a few steps; :func:`flush` is what "fsync" means there
(``F_FULLFSYNC`` on macOS, ``fdatasync`` where available), :func:`fsync_dir` the one fsync of
a folder.
:func:`read_text` reads a small text file whole, refusing one over its size cap;
:func:`read_if_present` a file that may be missing, :func:`read_all` an open one.
"""
from __future__ import annotations

import errno
import os
import stat
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, Protocol

from rrdesk.core.entropy import system_bytes
from rrdesk.core.errors import LocatedError, StoreError, os_reason

__all__ = ["SIDE_FILE_LIMIT", "FileOps", "OsOps", "check_regular", "create_once", "flush", "folder_lock", "fsync_dir", "mapped", "read_all", "read_capped",
           "read_capped_if_present", "read_if_present",
           "read_text", "remove_quietly", "replace_file", "temp_name", "write_all", "write_atomic", "write_atomic_by",
           "write_file"]

_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no newline translation

if os.name == "nt":  # pragma: no cover - not run on the Linux CI
    _FULLFSYNC = None
else:
    import fcntl

    # why: on macOS fsync() leaves data in the drive's cache; only F_FULLFSYNC flushes it.
    _FULLFSYNC = getattr(fcntl, "F_FULLFSYNC", None)


@contextmanager
def mapped(path: str | Path, doing: str, *, where: str = "") -> Iterator[None]:
    """Turn an ``OSError`` raised inside the block into ``StoreError(path, where, "DOING: reason")``.

    ``FileExistsError`` where a folder is wanted reads "… : File exists", a full disk "…: No
    space left on device": the operating system's words, after what was being done.
    """
    try:
        yield
    except OSError as error:
        raise StoreError(path, where, f"{doing}: {os_reason(error)}") from None


def flush(fd: int) -> None:
    """Flush ``fd``'s data to the disk itself (FORMAT.md §1.8: what "fsync" means)."""
    if _FULLFSYNC is not None:
        try:
            fcntl.fcntl(fd, _FULLFSYNC)
            return
        except OSError as error:  # some filesystems (SMB, FAT) do not support it
            if error.errno not in (errno.ENOTSUP, errno.EINVAL, errno.ENOTTY):
                raise
    # why: fdatasync flushes the data and the file size, all a later reader needs.
    (getattr(os, "fdatasync", None) or os.fsync)(fd)


def fsync_dir(path: str | Path) -> None:
    """Make the entries created or renamed in the folder ``path`` durable."""
    if os.name != "posix":  # pragma: no cover - a folder cannot be opened; NTFS journals renames
        return
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        flush(fd)
    finally:
        os.close(fd)


class FileOps(Protocol):
    """The seam of the write path: the operating-system calls a writer makes. :class:`OsOps`
    makes them; tests hand in one that fails a chosen call (a full disk, a torn write, a power
    cut) to show that nothing acknowledged is lost."""

    def open(self, path: Path, flags: int, mode: int = 0o600) -> int: ...

    def write(self, fd: int, data: memoryview) -> int: ...

    def pwrite(self, fd: int, data: memoryview, offset: int) -> int: ...

    def fsync(self, fd: int) -> None: ...

    def ftruncate(self, fd: int, length: int) -> None: ...

    def replace(self, source: Path, target: Path) -> None: ...

    def fsync_dir(self, path: Path) -> None: ...

    def close(self, fd: int) -> None: ...

    def link(self, source: Path, target: Path) -> None: ...


class OsOps:
    """The operating-system calls of the write path; tests replace it to inject faults."""

    def open(self, path: Path, flags: int, mode: int = 0o600) -> int:
        return os.open(path, flags | _BINARY, mode)

    def write(self, fd: int, data: memoryview) -> int:
        return os.write(fd, data)

    def pwrite(self, fd: int, data: memoryview, offset: int) -> int:
        if hasattr(os, "pwrite"):
            return os.pwrite(fd, data, offset)
        os.lseek(fd, offset, os.SEEK_SET)  # pragma: no cover - Windows
        return os.write(fd, data)  # pragma: no cover

    def fsync(self, fd: int) -> None:
        flush(fd)

    def ftruncate(self, fd: int, length: int) -> None:
        os.ftruncate(fd, length)

    def replace(self, source: Path, target: Path) -> None:
        os.replace(source, target)

    def fsync_dir(self, path: Path) -> None:
        fsync_dir(path)

    def close(self, fd: int) -> None:
        os.close(fd)

    def link(self, source: Path, target: Path) -> None:
        os.link(source, target)


def write_all(ops: FileOps, fd: int, data: bytes, offset: int | None = None) -> None:
    """Write every byte: ``os.write`` may write fewer than asked (a full disk, a signal)."""
    view = memoryview(data)
    while view:
        done = ops.write(fd, view) if offset is None else ops.pwrite(fd, view, offset)
        if done <= 0:  # why: a write of nothing would loop forever
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        view = view[done:]
        if offset is not None:
            offset += done


def write_file(ops: FileOps, path: Path, data: bytes, *, exclusive: bool = False) -> None:
    """Create (or, unless ``exclusive``, replace) ``path`` with ``data``, fsynced, mode 0600."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_EXCL if exclusive else os.O_TRUNC)
    fd = ops.open(path, flags, 0o600)
    try:
        write_all(ops, fd, data)
        ops.fsync(fd)
    finally:
        ops.close(fd)


def replace_file(path: Path, data: bytes, ops: FileOps) -> None:
    """Write ``path`` whole or not at all: ``<name>.<pid>.<random>.new``, fsync, rename, fsync
    the folder.

    An ``OSError`` goes to the caller (the temporary file removed); an interrupted write leaves
    only a ``.new`` file (FORMAT.md §3). Two processes replacing the same file each use their
    own temporary file, so neither loses it to the other: the last rename wins, whole.
    """
    temp = temp_name(path)
    try:
        write_file(ops, temp, data)
        ops.replace(temp, path)
    except OSError:
        remove_quietly(temp)
        raise
    ops.fsync_dir(path.parent)


def write_atomic(path: Path, data: bytes) -> Path:
    """``path`` whole or not at all: a temporary file beside it, fsync, rename, fsync the folder.

    Raises
    ------
    StoreError
        The file could not be written (the temporary file is removed; ``path`` is untouched).
    """
    path = Path(path)
    import tempfile  # why here: only a durable replace needs it; start-up stays quick

    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        try:
            write_all(OsOps(), fd, data)
            flush(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
        fsync_dir(path.parent)
    except OSError as error:
        remove_quietly(temp)
        raise StoreError(path, "", f"could not be written: {os_reason(error)}") from None
    return path


def write_atomic_by(path: Path, fill: Callable[[Path], None]) -> Path:
    """:func:`write_atomic` for a library that writes to a path itself: ``fill`` writes a
    temporary file beside ``path`` (made empty, mode 0600), which is then fsynced and renamed.

    Raises
    ------
    StoreError
        The file could not be written (the temporary file is removed; ``path`` is untouched);
        whatever else ``fill`` raises goes to the caller, the temporary file removed.
    """
    path = Path(path)
    import tempfile

    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    os.close(fd)
    try:
        fill(Path(temp))
        fd = os.open(temp, os.O_RDWR)  # why not read-only: Windows' fsync needs a writable descriptor
        try:
            flush(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
        fsync_dir(path.parent)
    except OSError as error:
        remove_quietly(temp)
        raise StoreError(path, "", f"could not be written: {os_reason(error)}") from None
    except BaseException:
        remove_quietly(temp)
        raise
    return path


def remove_quietly(path: str | Path) -> None:
    """Remove ``path`` if it can be (cleanup after a failure: best effort)."""
    try:
        os.unlink(path)
    except OSError:
        pass


SIDE_FILE_LIMIT = 1 << 20  # why: the data folder's side files (pointer, device id, survey copy) are far
# smaller; a larger one is damage, and a symlink to /dev/zero must never fill memory


def read_if_present(path: str | Path, limit: int = SIDE_FILE_LIMIT) -> bytes | None:
    """The whole regular file at ``path`` (at most ``limit`` bytes), or None if it does not
    exist; a FIFO, a device or a larger file is an ``OSError`` (:func:`read_capped`)."""
    return read_capped_if_present(path, limit)


def read_all(fd: int) -> bytes:
    """Everything in the open file ``fd``, from its start."""
    os.lseek(fd, 0, os.SEEK_SET)
    chunks = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


def read_text(path: str | Path, limit: int, *, error: type[LocatedError], unreadable: str, too_large: str,
              bad_byte: tuple[str, str], missing: str | None = None, encoding: str = "utf-8") -> str:
    """The text of the small file ``path``, decoded; a file over ``limit`` bytes is refused unread.

    What differs between callers are its messages, each ``error(path, where, what)``:

    missing
        The file does not exist (without it: as ``unreadable``).
    unreadable
        It cannot be read: ``"UNREADABLE: reason"``.
    too_large
        It holds more than ``limit`` bytes.
    bad_byte
        (where, what) for a byte that is not ``encoding``; ``{line}`` in either is the line
        of the first such byte.
    """
    try:
        data = read_capped(path, limit)
    except OSError as problem:
        if missing is not None and isinstance(problem, FileNotFoundError):
            raise error(path, "", missing) from None
        if problem.errno == errno.EFBIG:
            raise error(path, "", too_large) from None
        raise error(path, "", f"{unreadable}: {problem.strerror or problem}") from None
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as problem:
        line = data.count(b"\n", 0, problem.start) + 1
        where, what = bad_byte
        raise error(path, where.format(line=line), what.format(line=line)) from None


# -- reading input that may be hostile: regular files only, never a hang, never unbounded --

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


def open_capped(path: str | Path, limit: int) -> int:
    """A descriptor open for reading on the regular file ``path`` of at most ``limit`` bytes
    (the caller closes it). Raises as :func:`read_capped`, before anything is read."""
    try:
        fd = os.open(path, _FLAGS)
    except ValueError:
        raise OSError(errno.EINVAL, "the path holds a NUL byte") from None
    try:
        check_regular(fd, limit)
    except BaseException:
        os.close(fd)
        raise
    return fd


def check_regular(fd: int, limit: int) -> None:
    """Raise as :func:`read_capped` unless ``fd`` is a regular file of at most ``limit`` bytes
    (``fstat`` only: nothing is read, so a FIFO or a device never blocks or floods)."""
    info = os.fstat(fd)
    if stat.S_ISDIR(info.st_mode):  # the system's own words, as reading a folder has always said
        raise OSError(errno.EISDIR, os.strerror(errno.EISDIR))
    if not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EINVAL, f"not a regular file ({_kind(info.st_mode)})")
    if info.st_size > limit:
        raise OSError(errno.EFBIG, f"larger than {_size_words(limit)}")


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
    fd = open_capped(path, limit)
    try:
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


# -- creation that two processes may race on -------------------------------------------------


_NO_LINKS = frozenset({errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK})
# why: what link() says on a filesystem without hard links (FAT, exFAT, some network shares)


def temp_name(path: Path) -> Path:
    """``<name>.<pid>.<8 random hex digits>.new`` beside ``path``: this process's own temporary
    file, so two writers of the same file never write, rename or remove each other's."""
    return path.with_name(f"{path.name}.{os.getpid()}.{system_bytes(4).hex()}.new")


def create_once(path: Path, data: bytes, ops: FileOps) -> bool:
    """Create ``path`` holding ``data`` unless it exists: whole, durable, exclusive.

    The data goes to this process's own temporary file (fsynced) and is linked to ``path``
    with ``link``, which never replaces: of processes racing to create ``path`` exactly one
    wins and every other finds the winner's complete file. Returns True if this call created
    it, False if it was there already (the caller then reads it). An ``OSError`` goes to the
    caller; the temporary file is removed either way. A filesystem without hard links (FAT)
    gets a rename instead, exclusive only among callers holding :func:`folder_lock`.
    """
    temp = temp_name(path)
    try:
        write_file(ops, temp, data)
        try:
            ops.link(temp, path)
        except FileExistsError:
            return False
        except OSError as error:
            if error.errno not in _NO_LINKS:
                raise
            if os.path.lexists(path):
                return False
            ops.replace(temp, path)  # no hard links here: exclusive under the caller's folder_lock
        ops.fsync_dir(path.parent)
        return True
    finally:
        remove_quietly(temp)


@contextmanager
def folder_lock(path: str | Path) -> Iterator[None]:
    """Hold an exclusive lock on the folder ``path`` for the block (waiting for it).

    For the few steps that decide what a folder holds (which log a station appends to) and
    must not interleave with another process doing the same; nothing is written to the folder
    to take it. An ``OSError`` (the folder is missing or cannot be opened) goes to the caller.
    """
    if os.name != "posix":  # pragma: no cover - a folder cannot be opened on Windows
        yield
        return
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock
