"""The record log through a power cut at every moment of its appends (FORMAT.md §1.8).

A SIGKILL (``test_log_crash.py``, the soak) leaves the kernel's page cache behind, so it never
shows what an fsync is for. Here a model disk keeps, beside the real files, what each file
held at its last fsync; a power cut leaves each file as it was then, plus any part of what was
written since (any prefix of the bytes appended to the log, with zeros where blocks never
reached the disk; the old or the new key file, whose 102 bytes sit in one sector). Every such
disk is recovered by ``LogWriter.open``, which must never refuse it and never lose an
acknowledged record. The moments include the one the key file's background flush opens:
after a record is acknowledged (its frame on disk), before its key is.
"""
from __future__ import annotations

import threading
from collections import Counter
from pathlib import Path

import pytest

from rrdesk.core.errors import LogDamaged
from rrdesk.core.fileio import OsOps
from rrdesk.store.log import LogWriter, _frames, check_tags, key_path, scan
from tests.test_log import FAST, K0, blobs, build_log


class PowerCutDisk(OsOps):
    """Real files, and what a power cut would leave of them: each file's bytes as of its last
    fsync. Once ``held``, every flush of the key file (by the writer's own thread, or by the next
    append when that thread had not begun it) waits for ``gate``; every other call first records
    what a power cut right then would leave (``moments``)."""

    def __init__(self, files: list[Path]) -> None:
        self.paths: dict[int, Path] = {}
        self.durable = {path: path.read_bytes() for path in files}  # built with real fsync
        self.gate = threading.Semaphore(0)
        self.held = False
        self.acked = 0
        self.moments: list[tuple[str, int, dict[Path, bytes], dict[Path, bytes]]] = []
        self._lock = threading.Lock()

    def moment(self, what: str) -> None:
        with self._lock:
            now = {path: path.read_bytes() for path in self.durable}
            self.moments.append((what, self.acked, dict(self.durable), now))

    def open(self, path, flags, mode=0o600):
        fd = super().open(path, flags, mode)
        self.paths[fd] = Path(path)
        return fd

    def write(self, fd, data):
        self.moment("before the frame's write")
        return super().write(fd, data)

    def pwrite(self, fd, data, offset):
        self.moment("before the key's write")
        return super().pwrite(fd, data, offset)

    def fsync(self, fd):
        if self.held and self.paths[fd].name.endswith(".key"):
            self.gate.acquire()  # the moments before it: the acknowledgement's, and the next write's
        else:
            self.moment("before the frame's fsync")
        super().fsync(fd)  # the real one: the files are real
        with self._lock:
            self.durable[self.paths[fd]] = self.paths[fd].read_bytes()


def what_a_power_cut_leaves(durable: bytes, now: bytes, *, appended: bool) -> set[bytes]:
    """The file's possible contents after a power cut: the durable bytes, the current ones, and
    for an appended-to log a few prefixes of what was appended, bare or zero-filled."""
    if not appended:
        return {durable, now}  # one sector, overwritten in place: old or new
    assert now.startswith(durable), "a log only grows between two fsyncs"
    fresh = now[len(durable):]
    out = set()
    for size in {min(n, len(fresh)) for n in (0, 1, len(fresh) // 2, len(fresh) - 1, len(fresh))}:
        out.add(durable + fresh[:size])
        out.add(durable + fresh[:size] + bytes(len(fresh) - size))  # unwritten blocks read as zeros
    return out


@pytest.mark.parametrize("start", [0, 2])
def test_a_power_cut_at_any_moment_of_an_append_loses_no_acknowledged_record(tmp_path, start):
    path = tmp_path / "a.rrlog"
    records = build_log(path, start, ops=OsOps()) + blobs(5, seed=9)
    keys = key_path(path)
    disk = PowerCutDisk([path, keys])
    disk.acked = start
    with LogWriter.open(path, ops=disk) as writer:
        disk.held = True
        for seq in range(start, len(records)):
            assert writer.append(records[seq]) == seq
            disk.acked = seq + 1
            disk.moment("acknowledged, the key's flush not yet done")
            disk.gate.release()

    seen, outcomes = set(), Counter()
    for what, acked, durable, now in disk.moments:
        for log_bytes in what_a_power_cut_leaves(durable[path], now[path], appended=True):
            for key_bytes in what_a_power_cut_leaves(durable[keys], now[keys], appended=False):
                if (log_bytes, key_bytes) in seen:
                    continue
                seen.add((log_bytes, key_bytes))
                outcomes[_recovers(tmp_path / f"cut{len(seen)}", log_bytes, key_bytes, acked, records, what)] += 1
                outcomes[what] += 1
    assert outcomes["recovered"] > 40  # a real walk through the moments, not a handful
    assert outcomes["acknowledged, the key's flush not yet done"] >= 5  # the new window, each append


def _recovers(folder: Path, log_bytes: bytes, key_bytes: bytes, acked: int, records: list[bytes],
              what: str) -> str:
    folder.mkdir()
    path = folder / "a.rrlog"
    path.write_bytes(log_bytes)
    key_path(path).write_bytes(key_bytes)
    found = scan(log_bytes, "a")
    index = _frames.parse_key_file(key_bytes).index
    where = f"{what}: acked {acked}, key {index}, frames {len(found.frames)}"
    # FORMAT.md §1.8: acknowledged ≤ key index + 1, key index ≤ frames on disk ≤ key index + 1
    assert acked <= len(found.frames) and index <= len(found.frames) <= index + 1, where
    try:
        writer = LogWriter.open(path, ops=FAST)
    except LogDamaged:
        # FORMAT.md §1.6, deliberately conservative: a complete-length last frame with blocks
        # that never reached the disk is damage, not a torn tail; the log is kept as it is
        # (a new one is started) and every acknowledged record is in it
        tail = log_bytes[found.valid_length:]
        assert not found.torn_tail and len(tail) == _frames.FRAME_OVERHEAD + int.from_bytes(tail[12:16], "big")
        assert tail.endswith(b"\x00") and path.read_bytes() == log_bytes, where
        return "kept as damage"
    with writer:
        assert writer.count == len(found.frames), where
        writer.append(b"after the power came back")
    after = scan(path.read_bytes(), "a")
    assert after.problems == () and check_tags(after, K0) == (), where
    assert [f.blob for f in after.frames] == records[:len(found.frames)] + [b"after the power came back"], where
    assert _frames.parse_key_file(key_path(path).read_bytes()).index == len(found.frames) + 1, where
    return "recovered"
