"""The append-only record log: every acknowledged record survives a crash, any change is seen.

``rrdesk/store/FORMAT.md`` §1 is the spec: the bytes, the torn-tail rule, recovery, the fsync
discipline and why each constant is safe. ``_frames`` does the bytes (pure); this module does
the I/O, through an ``ops`` object (``rrdesk.core.fileio.OsOps``, re-exported here) so that
tests can make any write or fsync fail.

A record is an opaque blob (a sealed age file made by the layer above); nothing here reads it,
and no message ever includes one.

Use::

    with LogWriter.create(path, survey_id="workplace-2026", device_id=device, log_id=log,
                          created="2026-05-01", first_key=k0, sealed_first_key=sealed) as writer:
        writer.append(blob)          # returns 0 once the record is durable
    found = scan(path.read_bytes(), str(path))            # anyone: framing, sequence, chain
    problems = found.problems + check_tags(found, k0)    # the coordinator: the tags too
"""
from __future__ import annotations

import errno
import os
import sys
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Sequence

from rrdesk.core.errors import LogDamaged, LogLocked, StoreError, os_reason
from rrdesk.core.fileio import (
    FileOps,
    OsOps,
    check_regular,
    mapped,
    read_all,
    remove_quietly,
    write_all,
    write_file,
)
from rrdesk.core.problems import Problem
from rrdesk.store.log._frames import (
    DIGEST_SIZE,
    FRAME_PREFIX,
    KEY_SIZE,
    MAX_BLOB,
    Header,
    encode_frame,
    encode_header,
    encode_key_file,
    evolve,
    parse_key_file,
    scan,
)
from rrdesk.store.log._key_flush import KeyFlush

MAX_LOG = 2 << 30
# why: the same bound as a bundle (MAX_BUNDLE): a log is a few MB, so 2 GiB is far above any
# real one and stops a symlink to /dev/zero or a disk image from filling memory

__all__ = ["MAX_LOG", "Ahead", "LogWriter", "key_path", "log_path", "torn_name"]
MAX_TORN_PER_DAY = 10_000
# why: a torn tail is what one crash mid-record leaves, and each open cuts at most one; ten
# thousand names a day is far beyond any laptop, and bounds the search for a free name

if sys.platform == "win32":  # pragma: no cover - not run on the Linux CI
    import msvcrt

    # why: Windows locks are mandatory; a lock inside the file would block readers too, so the
    # writer locks one byte far beyond the end of any log.
    _LOCK_AT = 0x7FFFFFF0

    def _lock(fd: int) -> bool:
        here = os.lseek(fd, 0, os.SEEK_CUR)
        os.lseek(fd, _LOCK_AT, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        finally:
            os.lseek(fd, here, os.SEEK_SET)
        return True
else:
    import fcntl

    def _lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                return False
            raise
        return True


def key_path(path: str | Path) -> Path:
    """The key file next to the log ``path``."""
    path = Path(path)
    return path.with_name(path.name + ".key")


def log_path(folder: str | Path, survey_id: str, device_id: bytes, log_id: bytes) -> Path:
    """``folder/<survey id>/<device id hex>-<log id hex>.rrlog`` (FORMAT.md §1.1)."""
    return Path(folder) / survey_id / f"{device_id.hex()}-{log_id.hex()}.rrlog"


def _close_quietly(fd: int) -> None:
    try:
        os.close(fd)
    except OSError:
        pass


@dataclass(frozen=True, slots=True, repr=False)
class Ahead:
    """The next append encoded before it comes (:meth:`LogWriter.encode_ahead`): one frame per
    record it may hold, all of one length, and the key file that follows any of them. Made on
    another thread between answers, so the interviewer's wait is the write and the flush (issue
    33); used by :meth:`LogWriter.append_ahead` for the append it was made for, or not at all."""

    seq: int  # the append it was made for
    prefix: bytes  # every frame's first FRAME_PREFIX bytes: magic, seq, length, prev
    size: int  # every frame's length
    frames: tuple[bytes, ...]
    next_key: bytes  # k_{seq+1}: what the writer holds once frame seq is written
    key_file: bytes  # the key file holding it (index seq + 1)

    def __repr__(self) -> str:  # why: it holds a key; never in a log or a traceback
        return f"Ahead(seq={self.seq}, <{len(self.frames)} frames>)"


class LogWriter:
    """The one writer of a log: appends records durably, chained and forward-securely tagged.

    Make one with ``create`` or ``open``, never directly. Not thread-safe: one thread at a time
    appends and closes (any thread, one after another); :meth:`encode_ahead` alone may run on
    another thread meanwhile. The key file's flush runs on the writer's own thread (FORMAT.md
    §1.8), which ``close`` waits for and ends.
    """

    def __init__(self, *, path: Path, fd: int, key_fd: int, header: Header, count: int,
                 key: bytes, prev: bytes, ops: FileOps) -> None:
        self._path, self._fd, self._key_fd, self._header = path, fd, key_fd, header
        # why one tuple: encode_ahead, on another thread, reads the three at one moment
        self._state = (count, key, prev)  # the next seq, k_seq, the check it chains to
        self._ops = ops
        self._poisoned = False
        self._flush = KeyFlush(ops, key_fd)  # the last append's key flush, until settled

    @property
    def path(self) -> Path:
        return self._path

    @property
    def header(self) -> Header:
        return self._header

    @property
    def count(self) -> int:
        """The number of records in the log; the next record's seq."""
        return self._state[0]

    @classmethod
    def create(cls, path: str | Path, *, survey_id: str, device_id: bytes, log_id: bytes,
               created: str, first_key: bytes, sealed_first_key: bytes,
               ops: FileOps | None = None) -> LogWriter:
        """Create a new, empty log and its key file, durably, and open it (FORMAT.md §1.8).

        Parameters
        ----------
        path : str or Path
            The log file (see ``log_path``); its folder must exist; the log must not.
        survey_id, device_id, log_id, created
            Header fields (FORMAT.md §1.2); ``log_id`` must be fresh random bytes.
        first_key : bytes
            k_0, 32 bytes from the OS CSPRNG; kept only in the key file, then evolved.
        sealed_first_key : bytes
            k_0 already sealed (age) to the coordinator, stored in the header.

        Raises
        ------
        ValueError
            A field the header cannot hold.
        StoreError
            The log exists already, or could not be written (nothing is left behind).
        """
        ops = ops or OsOps()
        path = Path(path)
        header = encode_header(survey_id=survey_id, device_id=device_id, log_id=log_id,
                               created=created, sealed_first_key=sealed_first_key)
        if not isinstance(first_key, bytes) or len(first_key) != KEY_SIZE:
            raise ValueError(f"first key must be {KEY_SIZE} bytes")
        if os.path.lexists(path):
            raise StoreError(path, "", "already exists")
        keys = key_path(path)
        new_log, new_key = path.with_name(path.name + ".new"), keys.with_name(keys.name + ".new")
        placed: list[Path] = []
        with mapped(path, "could not be created"):
            try:
                write_file(ops, new_log, header)
                write_file(ops, new_key, encode_key_file(log_id, 0, first_key))
                ops.replace(new_key, keys)
                placed.append(keys)
                ops.replace(new_log, path)  # the commit point: now there is a complete log
                placed.append(path)
                ops.fsync_dir(path.parent)
            except OSError:
                for made in (new_log, new_key, *placed):
                    remove_quietly(made)
                raise
        return cls.open(path, ops=ops)

    @classmethod
    def open(cls, path: str | Path, *, ops: FileOps | None = None) -> LogWriter:
        """Open a log to append to it, recovering from a crash first (FORMAT.md §1.7).

        A torn tail is copied aside to ``<log>.torn-<UTC day>-<counter>-<offset>`` (:func:`torn_name`)
        and cut off; a key
        file one step behind (stopped between a frame's fsync and the key update) is evolved.

        Raises
        ------
        LogLocked
            Another writer holds the log.
        LogDamaged
            Damage before the tail, or a missing, damaged or mismatched key file, or fewer
            intact records than were acknowledged. Nothing is changed; start a new log.
        StoreError
            The log does not exist, or could not be read or repaired.
        """
        ops = ops or OsOps()
        path = Path(path)
        try:
            # why: O_NONBLOCK: a FIFO in a log's place never blocks the open (no effect on a file)
            fd = ops.open(path, os.O_RDWR | os.O_APPEND | getattr(os, "O_NONBLOCK", 0))
        except FileNotFoundError:
            raise StoreError(path, "", "no such log") from None
        except OSError as error:
            raise StoreError(path, "", f"could not be opened: {os_reason(error)}") from error
        try:
            check_regular(fd, MAX_LOG)  # a FIFO, a device, a giant file: refused before any read
        except OSError as error:
            _close_quietly(fd)
            raise StoreError(path, "", f"cannot be read: {os_reason(error)}") from None
        key_fd = None
        with mapped(path, "could not be recovered"):
            try:
                if not _lock(fd):
                    raise LogLocked(path, "", "in use by another rrdesk window or process")
                data = read_all(fd)
                found = scan(data, str(path))
                if found.header is None or (found.problems and not found.torn_tail):
                    raise LogDamaged(found.problems)
                key_fd, index, key = _read_key(ops, path, found.header)
                have = len(found.frames)
                if index > have:
                    raise LogDamaged([Problem(str(path), have, f"missing: the key file says {index} "
                                                               f"records were saved, {have} are intact")])
                if index < have - 1:
                    raise LogDamaged([Problem(str(key_path(path)), None, f"key file is {have - index} "
                                              "records behind the log (restored from a copy, or replaced)")])
                if found.torn_tail:
                    _cut_torn_tail(ops, fd, path, data[found.valid_length:], found.valid_length)
                if index == have - 1:
                    key = evolve(key)
                    write_all(ops, key_fd, encode_key_file(found.header.log_id, have, key), 0)
                    ops.fsync(key_fd)
            except BaseException:
                for open_fd in (fd, key_fd):
                    if open_fd is not None:
                        _close_quietly(open_fd)
                raise
        prev = found.frames[-1].check if found.frames else found.header.check
        return cls(path=path, fd=fd, key_fd=key_fd, header=found.header, count=len(found.frames),
                   key=key, prev=prev, ops=ops)

    def append(self, blob: bytes) -> int:
        """Append one record; return its seq once its frame is on disk (FORMAT.md §1.8).

        The frame is written and flushed, the key file overwritten with the next key, and its
        flush started on the writer's own thread; the next append (or ``close``) waits for that
        flush before it writes anything.

        Raises
        ------
        ValueError
            ``blob`` is not 1..65536 bytes.
        StoreError
            The log is closed, or the record could not be saved (a full disk, an I/O error),
            or the key file's flush after the previous record failed (then nothing of this
            record was written). After such an error the writer refuses every append; ``open``
            the log again. The failed record may still be found there after recovery, and an
            acknowledged one always is (FORMAT.md §1.8).
        """
        if self._fd is None:
            raise StoreError(self._path, "", "the log is closed")
        if not isinstance(blob, (bytes, bytearray)) or not 1 <= len(blob) <= MAX_BLOB:
            size = len(blob) if isinstance(blob, (bytes, bytearray)) else type(blob).__name__
            raise ValueError(f"a record must be 1..{MAX_BLOB} bytes, not {size}")
        seq = self._settled()
        _, key, prev = self._state
        next_key = evolve(key)
        return self._write(seq, encode_frame(seq, bytes(blob), prev, key), next_key,
                           encode_key_file(self._header.log_id, seq + 1, next_key))

    def encode_ahead(self, blobs: Sequence[bytes]) -> Ahead:
        """The next append encoded now, once for each of ``blobs`` (records of one length, of
        which that append will hold one): its frames and the key file after it. Safe on another
        thread while this one appends (it reads the writer's state at one moment, and writes
        nothing); made for the append after the last one it saw.

        Raises
        ------
        ValueError
            No blob, a blob that is not 1..65536 bytes, or blobs of different lengths.
        """
        seq, key, prev = self._state
        if not blobs or len({len(blob) for blob in blobs}) != 1:
            raise ValueError("the records of one append ahead must be one or more, all of one length")
        frames = tuple(encode_frame(seq, bytes(blob), prev, key) for blob in blobs)
        next_key = evolve(key)
        return Ahead(seq=seq, prefix=frames[0][:FRAME_PREFIX], size=len(frames[0]), frames=frames,
                     next_key=next_key, key_file=encode_key_file(self._header.log_id, seq + 1, next_key))

    def append_ahead(self, frame: bytes, ahead: Ahead) -> int:
        """Append ``frame``, one of ``ahead``'s frames (picked without a branch on which:
        :func:`rrdesk.store.records.select` over their rows), as :meth:`append` would append
        its record; return its seq once it is on disk. If the log has moved on since ``ahead``
        was made (another record appended meanwhile), the frame's record is encoded anew
        here, as :meth:`append` does: the frames made ahead are used only for the append they
        were made for.

        Raises
        ------
        ValueError
            ``frame`` is not of ``ahead``'s length or does not begin as its frames do (not one
            of them).
        StoreError
            As :meth:`append`.
        """
        if len(frame) != ahead.size or frame[:FRAME_PREFIX] != ahead.prefix:
            raise ValueError("not a frame made ahead for this append")
        if self._fd is None:
            raise StoreError(self._path, "", "the log is closed")
        seq = self._settled()
        if ahead.seq != seq or ahead.prefix[FRAME_PREFIX - DIGEST_SIZE:] != self._state[2]:
            _, key, prev = self._state  # made for an earlier append: its record framed anew
            blob = bytes(frame[FRAME_PREFIX:len(frame) - 2 * DIGEST_SIZE])
            next_key = evolve(key)
            return self._write(seq, encode_frame(seq, blob, prev, key), next_key,
                               encode_key_file(self._header.log_id, seq + 1, next_key))
        return self._write(seq, bytes(frame), ahead.next_key, ahead.key_file)

    def _settled(self) -> int:
        """The next seq, once the writer may write it: not poisoned, the previous key on disk."""
        seq = self._state[0]
        if self._poisoned:
            raise StoreError(self._path, f"record {seq}",
                             "not saved: an earlier write failed; open the log again")
        failed = self._flush.settle()  # the previous key on disk before this frame is written
        if failed is not None:
            self._poisoned = True
            raise StoreError(self._path, f"record {seq}", f"could not be saved: {os_reason(failed)} "
                                                          f"(the key file after record {seq - 1})") from failed
        return seq

    def _write(self, seq: int, frame: bytes, next_key: bytes, key_file: bytes) -> int:
        """Frame ``seq`` written and flushed, the key file overwritten with ``key_file``
        (``next_key``, index seq + 1) and its flush started (FORMAT.md §1.8)."""
        try:
            _write_whole(self._ops, self._fd, frame)
            self._ops.fsync(self._fd)
            _write_whole(self._ops, self._key_fd, key_file, 0)
            self._flush.start()
        except OSError as error:
            # why: never retry an fsync and then acknowledge (PostgreSQL "fsyncgate", 2018)
            self._poisoned = True
            raise StoreError(self._path, f"record {seq}", f"could not be saved: {os_reason(error)}") from error
        self._state = (seq + 1, next_key, frame[-DIGEST_SIZE:])
        return seq

    def close(self) -> None:
        """Wait for the last key flush, end the writer's thread, release the log and its lock.

        Safe to call twice. Raises ``StoreError`` (once everything is released) when that
        flush failed and no append has said so yet; the record before it is in the log, and
        the next ``open`` keeps it (FORMAT.md §1.8).
        """
        try:
            failed = self._flush.close()
        finally:
            for name in ("_key_fd", "_fd"):  # why: the log's fd, which holds the lock, last
                fd = getattr(self, name)
                if fd is not None:
                    setattr(self, name, None)
                    self._ops.close(fd)
        if failed is not None:
            raise self._key_not_saved(failed) from failed

    def sync(self) -> None:
        """Return once the last record's key is on disk: its forward security in force now.

        ``append`` does not wait for that (FORMAT.md §1.8); the next append and ``close`` do.

        Raises
        ------
        StoreError
            That flush failed; the writer then refuses every append, as after a failed append
            (the record itself is in the log, and the next ``open`` keeps it).
        """
        failed = self._flush.settle()
        if failed is not None:
            self._poisoned = True
            raise self._key_not_saved(failed) from failed

    def _key_not_saved(self, failed: OSError) -> StoreError:
        return StoreError(self._path, f"record {self._state[0] - 1}",
                          f"its key file could not be saved: {os_reason(failed)} (the record itself "
                          "is in the log; opening the log again recovers it)")

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, kind: object, *exc: object) -> None:
        try:
            self.close()
        except StoreError:
            if kind is None:
                raise  # why: never hide the error already on its way out


def _write_whole(ops: FileOps, fd: int, data: bytes, offset: int | None = None) -> None:
    """``write_all``, with the one call a whole write takes made here (issue 33: a loop's
    Python on the interviewer's wait); a short write goes on in ``write_all``."""
    view = memoryview(data)
    done = ops.write(fd, view) if offset is None else ops.pwrite(fd, view, offset)
    if done != len(data):
        if done <= 0:  # why: as write_all, a write of nothing fails rather than loops
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        write_all(ops, fd, data[done:], None if offset is None else offset + done)


def _read_key(ops: FileOps, path: Path, header: Header) -> tuple[int, int, bytes]:
    """Open the key file and return (fd, index, key), or raise LogDamaged naming it."""
    keys = key_path(path)
    try:
        fd = ops.open(keys, os.O_RDWR)
    except FileNotFoundError:
        raise LogDamaged([Problem(str(keys), None, "key file is missing")]) from None
    try:
        state = parse_key_file(read_all(fd))
        if isinstance(state, str):
            raise LogDamaged([Problem(str(keys), None, f"key file is damaged: {state}")])
        if state.log_id != header.log_id:
            raise LogDamaged([Problem(str(keys), None, "key file belongs to another log")])
    except BaseException:
        _close_quietly(fd)
        raise
    return fd, state.index, state.key


def torn_name(log_name: str, day: str, counter: int, offset: int) -> str:
    """A torn-tail side file's name (FORMAT.md §1.7): ``<log>.torn-<UTC day>-<counter>-<offset>``.

    The day at most, never a time of day: the file travels in the bundle to the coordinator, and
    the moment a record was torn is the moment of an interview. The counter (1, 2, …) tells two
    tails cut on one day apart. Readers accept any ``torn-`` suffix, the older
    ``torn-<UTC time>-<offset>`` names included."""
    return f"{log_name}.torn-{day}-{counter}-{offset}"


def _cut_torn_tail(ops: FileOps, fd: int, path: Path, tail: bytes, offset: int) -> None:
    """Copy the torn tail aside (durably), then cut it off the log (durably)."""
    day = datetime.now(timezone.utc).strftime("%Y%m%d")
    for counter in range(1, MAX_TORN_PER_DAY + 1):
        side = path.with_name(torn_name(path.name, day, counter, offset))
        try:
            side_fd = ops.open(side, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            break
        except FileExistsError:
            continue
    else:
        raise StoreError(path, "", f"{MAX_TORN_PER_DAY} torn tails were already set aside today; "
                                   "export the data and start a new log")
    try:
        write_all(ops, side_fd, tail)
        ops.fsync(side_fd)
    except OSError:
        remove_quietly(side)  # why: an incomplete copy would look like the whole tail
        raise
    finally:
        ops.close(side_fd)
    ops.fsync_dir(path.parent)
    ops.ftruncate(fd, offset)
    ops.fsync(fd)
