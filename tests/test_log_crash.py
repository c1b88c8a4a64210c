"""The record log under faults: a full or failing disk, a killed writer, a second writer.

Every acknowledged record survives; a failed append is never acknowledged and poisons the
writer; the next open recovers a clean log (FORMAT.md §1.7-1.9).
"""
from __future__ import annotations

import errno
import os
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from rrdesk.core.errors import LogLocked, StoreError
from rrdesk.core.fileio import OsOps
from rrdesk.store.log import LogWriter, _frames, check_tags, key_path, scan
from tests.conftest import ROOT
from tests.log_child import Killer, blob_for, check_after_kill
from tests.test_log import FAST, K0, LOG_ID, build_log, key_at, write_key_file


class FaultyOps(OsOps):
    """Real files without fsync; records every write-path call, fails the one numbered ``fail_at``.

    With ``partial``, the failing call is a write that writes half its bytes and returns the
    short count, and the next write fails: what a disk that fills up mid-frame does.
    ``max_write`` makes every write short (at most that many bytes).
    """

    def __init__(self, fail_at: int | None = None, code: int = errno.ENOSPC, *,
                 partial: bool = False, max_write: int | None = None) -> None:
        self.fail_at, self.code, self.partial, self.max_write = fail_at, code, partial, max_write
        self.calls: list[tuple[str, object]] = []
        self.threads: list[str] = []  # the thread of each call, by name
        self._fail_next_write = False

    def _step(self, name: str, target: object) -> None:
        self.calls.append((name, target))
        self.threads.append(threading.current_thread().name)
        if self._fail_next_write and name in ("write", "pwrite"):
            raise OSError(self.code, os.strerror(self.code))
        if len(self.calls) - 1 == self.fail_at and not self.partial:
            raise OSError(self.code, os.strerror(self.code))

    def _cut(self, data: memoryview) -> memoryview:
        if self.partial and len(self.calls) - 1 == self.fail_at:
            self._fail_next_write = True
            return data[:max(1, len(data) // 2)]
        return data[:self.max_write] if self.max_write else data

    def open(self, path, flags, mode=0o600):
        self._step("open", Path(path).name)
        return super().open(path, flags, mode)

    def write(self, fd, data):
        self._step("write", fd)
        return super().write(fd, self._cut(data))

    def pwrite(self, fd, data, offset):
        self._step("pwrite", fd)
        return super().pwrite(fd, self._cut(data), offset)

    def fsync(self, fd):
        self._step("fsync", fd)  # recorded, not done: these tests are about order, not the disk

    def fsync_dir(self, path):
        self._step("fsync_dir", Path(path).name)

    def ftruncate(self, fd, length):
        self._step("ftruncate", fd)
        super().ftruncate(fd, length)

    def replace(self, source, target):
        self._step("replace", Path(target).name)
        super().replace(source, target)

    def steps(self) -> list[str]:
        return [name for name, _ in self.calls]


def _append_calls(tmp_path: Path) -> tuple[list[tuple[str, object]], list[str]]:
    build_log(tmp_path / "probe.rrlog", 1)
    ops = FaultyOps()
    with LogWriter.open(tmp_path / "probe.rrlog", ops=ops) as writer:
        first = len(ops.calls)
        writer.append(b"probe")
    return ops.calls[first:], ops.threads[first:]  # close waited for the key's flush


def test_append_writes_and_fsyncs_the_frame_then_overwrites_and_fsyncs_the_key(tmp_path):
    calls, threads = _append_calls(tmp_path)
    assert [name for name, _ in calls] == ["write", "fsync", "pwrite", "fsync"]
    (_, log_fd), (_, log_fd2), (_, key_fd), (_, key_fd2) = calls
    assert log_fd == log_fd2 and key_fd == key_fd2 and log_fd != key_fd
    assert threads[:3] == [threading.current_thread().name] * 3  # the key's flush: the tests below


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO])
@pytest.mark.parametrize("step", range(3))
def test_a_failed_append_is_never_acknowledged_poisons_the_writer_and_recovers_on_open(tmp_path, step, code):
    """Decided: the failed record is kept after recovery exactly when every byte of its frame
    reached the file, i.e. the failure came at the log's fsync or later (steps 1-2); a failure
    of the frame's write (step 0) leaves exactly the acknowledged records. (Step 3, the key's
    flush, comes after the acknowledgement: the next test.)"""
    path = tmp_path / "a.rrlog"
    records = build_log(path, 3)
    ops = FaultyOps()
    writer = LogWriter.open(path, ops=ops)
    ops.fail_at, ops.code = len(ops.calls) + step, code
    with pytest.raises(StoreError) as caught:
        writer.append(b"the failed record")
    assert str(caught.value) == f"{path}: record 3: could not be saved: {os.strerror(code)}"
    assert writer.count == 3
    calls = len(ops.calls)
    with pytest.raises(StoreError, match="record 3: not saved: an earlier write failed"):
        writer.append(b"another record")
    assert len(ops.calls) == calls  # refused without touching the disk
    writer.close()
    _reopened_keeps(path, records + ([b"the failed record"] if step >= 1 else []))


@pytest.mark.parametrize("step", range(3))
def test_a_failed_append_framed_ahead_is_never_acknowledged_and_poisons_the_writer(tmp_path, step):
    path = tmp_path / "a.rrlog"
    records = build_log(path, 3)
    ops = FaultyOps()
    writer = LogWriter.open(path, ops=ops)
    ahead = writer.encode_ahead([b"the failed record"])
    first = len(ops.calls)
    ops.fail_at = first + step
    with pytest.raises(StoreError, match=f"record 3: could not be saved: {os.strerror(errno.ENOSPC)}"):
        writer.append_ahead(ahead.frames[0], ahead)
    assert [name for name, _ in ops.calls[first:]] == ["write", "fsync", "pwrite"][:step + 1]
    assert writer.count == 3
    with pytest.raises(StoreError, match="record 3: not saved: an earlier write failed"):
        writer.append_ahead(ahead.frames[0], ahead)
    writer.close()
    _reopened_keeps(path, records + ([b"the failed record"] if step >= 1 else []))


def _reopened_keeps(path: Path, kept: list[bytes]) -> None:
    """Open ``path`` again: exactly ``kept`` are there, and the log goes on, tags and key right."""
    with LogWriter.open(path) as reopened:
        assert reopened.count == len(kept)
        assert reopened.append(b"after recovery") == len(kept)
    found = scan(path.read_bytes(), "a")
    assert found.problems == () and [f.blob for f in found.frames] == kept + [b"after recovery"]
    assert check_tags(found, K0) == ()
    state = _frames.parse_key_file(key_path(path).read_bytes())
    assert (state.index, state.key) == (len(kept) + 1, key_at(len(kept) + 1))
    assert not list(path.parent.glob("*.torn-*"))


def _key_flush_fails(path: Path, code: int) -> tuple[LogWriter, FaultyOps]:
    """A writer on ``path`` (3 records) whose next key flush, on its own thread, fails."""
    ops = FaultyOps()
    writer = LogWriter.open(path, ops=ops)
    ops.fail_at, ops.code = len(ops.calls) + 3, code  # write, fsync, pwrite, then the key's fsync
    return writer, ops


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO])
def test_a_key_flush_that_fails_after_the_acknowledgement_stops_the_next_append_and_the_record_is_kept(
        tmp_path, code):
    """The record was acknowledged once its frame was on disk; its key's flush fails on the
    writer's thread: the next append raises before it writes anything, every later one is
    refused, and recovery keeps the acknowledged record (FORMAT.md §1.8)."""
    path = tmp_path / "a.rrlog"
    records = build_log(path, 3)
    writer, ops = _key_flush_fails(path, code)
    assert writer.append(b"acknowledged") == 3
    with pytest.raises(StoreError) as caught:
        writer.append(b"never written")
    assert str(caught.value) == (f"{path}: record 4: could not be saved: {os.strerror(code)} "
                                 "(the key file after record 3)")
    assert ops.steps()[-4:] == ["write", "fsync", "pwrite", "fsync"]  # nothing of record 4
    with pytest.raises(StoreError, match="record 4: not saved: an earlier write failed"):
        writer.append(b"never written")
    writer.close()  # said once, by the append: close is quiet
    _reopened_keeps(path, records + [b"acknowledged"])


def test_a_key_flush_failure_no_append_said_is_raised_by_close_once_everything_is_released(tmp_path):
    path = tmp_path / "a.rrlog"
    records = build_log(path, 3)
    writer, _ = _key_flush_fails(path, errno.EIO)
    assert writer.append(b"acknowledged") == 3
    with pytest.raises(StoreError) as caught:
        writer.close()
    assert str(caught.value) == (f"{path}: record 3: its key file could not be saved: Input/output error "
                                 "(the record itself is in the log; opening the log again recovers it)")
    writer.close()  # safe twice, and quiet
    _reopened_keeps(path, records + [b"acknowledged"])  # the lock was released


def test_sync_waits_for_the_key_flush_and_says_when_it_failed(tmp_path):
    path = tmp_path / "a.rrlog"
    records = build_log(path, 3)
    writer, ops = _key_flush_fails(path, errno.ENOSPC)
    writer.append(b"acknowledged")
    with pytest.raises(StoreError, match=r"record 3: its key file could not be saved: No space left on device \("):
        writer.sync()
    writer.sync()  # said once
    with pytest.raises(StoreError, match="record 4: not saved: an earlier write failed"):
        writer.append(b"refused")
    writer.close()
    _reopened_keeps(path, records + [b"acknowledged"])
    held = HeldKeyFlush()
    with LogWriter.open(path, ops=held) as writer:
        writer.append(b"held")
        syncing = _in_a_thread(writer.sync)
        assert syncing.is_alive()  # the key of record 5 is not on disk yet
        held.gate.release()
        syncing.join(timeout=60)
        assert not syncing.is_alive() and held.steps()[-1] == "fsync"


def test_leaving_a_with_block_on_an_error_never_hides_it_behind_the_key_flush_failure(tmp_path):
    path = tmp_path / "a.rrlog"
    build_log(path, 3)
    writer, _ = _key_flush_fails(path, errno.EIO)
    with pytest.raises(KeyError, match="the caller's own error"):
        with writer:
            writer.append(b"acknowledged")
            raise KeyError("the caller's own error")
    assert writer.count == 4
    LogWriter.open(path, ops=FAST).close()  # closed all the same


class HeldKeyFlush(FaultyOps):
    """Every flush of the key file waits until the test lets one go (``gate.release``): the
    moments between an acknowledgement and the key on disk, held open as long as a test needs,
    whichever thread flushes (the writer's own, or the next caller when that one had not begun)."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Semaphore(0)
        self.key_fds: set[int] = set()

    def open(self, path, flags, mode=0o600):
        fd = super().open(path, flags, mode)
        if Path(path).name.endswith(".key"):
            self.key_fds.add(fd)
        return fd

    def fsync(self, fd):
        if fd in self.key_fds:
            self.gate.acquire()
        super().fsync(fd)


def _in_a_thread(work) -> threading.Thread:
    """``work()`` on a thread of its own, given 0.3 s: still alive then means it is waiting."""
    thread = threading.Thread(target=work)
    thread.start()
    thread.join(timeout=0.3)
    return thread


def _flush_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("rrdesk-key-flush")]


def test_append_returns_before_the_key_is_flushed_and_the_next_frame_waits_for_it(tmp_path):
    path = tmp_path / "a.rrlog"
    build_log(path, 1)
    ops = HeldKeyFlush()
    with LogWriter.open(path, ops=ops) as writer:
        first = _in_a_thread(lambda: writer.append(b"one"))
        first.join(timeout=60)  # a flush on the caller's thread would hold it until the gate opens
        assert not first.is_alive() and writer.count == 2  # acknowledged while its key's flush is held
        assert ops.steps()[-3:] == ["write", "fsync", "pwrite"]
        assert _frames.parse_key_file(key_path(path).read_bytes()).index == 2  # written, not flushed
        second = _in_a_thread(lambda: writer.append(b"two"))
        assert second.is_alive() and ops.steps()[-1] == "pwrite"  # record 2 waits for key 2 on disk
        ops.gate.release()
        second.join(timeout=60)
        assert ops.steps()[-4:] == ["fsync", "write", "fsync", "pwrite"]
        ops.gate.release()
    assert scan(path.read_bytes(), "a").frames[-1].blob == b"two"


def test_close_waits_for_the_key_flush_and_no_thread_outlives_the_writer(tmp_path):
    path = tmp_path / "a.rrlog"
    build_log(path, 1)
    before = set(_flush_threads())  # other tests' writers, if any are still being collected
    ops = HeldKeyFlush()
    writer = LogWriter.open(path, ops=ops)
    assert set(_flush_threads()) <= before  # a writer that never appends starts no thread
    writer.append(b"one")
    (mine,) = set(_flush_threads()) - before
    closer = _in_a_thread(writer.close)
    assert closer.is_alive()  # close is waiting for the held flush
    with pytest.raises(LogLocked):
        LogWriter.open(path, ops=FAST)  # and still holds the log meanwhile
    ops.gate.release()
    closer.join(timeout=60)
    assert not closer.is_alive() and ops.steps()[-1] == "fsync"
    assert not mine.is_alive()  # ended by close, not left to the garbage collector
    LogWriter.open(path, ops=FAST).close()


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO])
def test_a_disk_that_fills_up_mid_record_leaves_a_torn_tail_that_open_sets_aside(tmp_path, code):
    path = tmp_path / "a.rrlog"
    records = build_log(path, 3)
    ops = FaultyOps()
    writer = LogWriter.open(path, ops=ops)
    ops.fail_at, ops.code, ops.partial = len(ops.calls), code, True
    with pytest.raises(StoreError, match="record 3: could not be saved"):
        writer.append(b"x" * 150)
    writer.close()
    size = path.stat().st_size
    with LogWriter.open(path) as reopened:
        assert reopened.count == 3
    (torn,) = tmp_path.glob("a.rrlog.torn-*")
    assert len(torn.read_bytes()) == (_frames.FRAME_OVERHEAD + 150) // 2
    assert path.stat().st_size == size - len(torn.read_bytes())
    found = scan(path.read_bytes(), "a")
    assert found.problems == () and [f.blob for f in found.frames] == records


def test_short_writes_are_continued_until_the_whole_record_is_written(tmp_path):
    path = tmp_path / "a.rrlog"
    ops = FaultyOps(max_write=7)
    build_log(path, 4, ops=ops)
    assert ops.steps().count("write") > 100
    found = scan(path.read_bytes(), "a")
    assert found.problems == () and len(found.frames) == 4 and check_tags(found, K0) == ()


def test_a_write_that_writes_nothing_fails_rather_than_loops(tmp_path):
    class Stuck(OsOps):
        def write(self, fd, data):
            return 0

    build_log(tmp_path / "a.rrlog", 1)
    with LogWriter.open(tmp_path / "a.rrlog", ops=Stuck()) as writer:
        with pytest.raises(StoreError, match="record 1: could not be saved: Input/output error"):
            writer.append(b"x")


def _create(path: Path, ops: OsOps) -> LogWriter:
    return LogWriter.create(path, survey_id="s", device_id=bytes(16), log_id=LOG_ID,
                            created="2026-05-01", first_key=K0, sealed_first_key=b"sealed", ops=ops)


def test_create_writes_both_files_durably_before_the_log_appears(tmp_path):
    ops = FaultyOps()
    _create(tmp_path / "a.rrlog", ops).close()
    assert ops.calls[:9] == [
        ("open", "a.rrlog.new"), ("write", ops.calls[1][1]), ("fsync", ops.calls[1][1]),
        ("open", "a.rrlog.key.new"), ("write", ops.calls[4][1]), ("fsync", ops.calls[4][1]),
        ("replace", "a.rrlog.key"), ("replace", "a.rrlog"), ("fsync_dir", tmp_path.name)]
    assert ops.steps()[9:] == ["open", "open"]  # then opened like any log: the log, its key


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO])
@pytest.mark.parametrize("step", range(9))
def test_a_failed_create_raises_and_leaves_nothing_behind(tmp_path, step, code):
    path = tmp_path / "a.rrlog"
    with pytest.raises(StoreError, match=f"a.rrlog: could not be created: {os.strerror(code)}"):
        _create(path, FaultyOps(fail_at=step, code=code))
    assert list(tmp_path.iterdir()) == []
    _create(path, FAST).close()  # and the same name can be created afterwards


def _torn_and_behind(tmp_path: Path) -> tuple[Path, bytes]:
    """A 3-record log whose key file is one behind, with half of a fourth record after it."""
    path = tmp_path / "a.rrlog"
    build_log(path, 3)
    write_key_file(path, 2)
    clean = path.read_bytes()
    frame = _frames.encode_frame(3, b"y" * 90, scan(clean, "a").frames[-1].check, key_at(3))
    path.write_bytes(clean + frame[:100])
    return path, clean


def test_recovery_copies_the_torn_tail_aside_durably_before_cutting_it(tmp_path):
    path, clean = _torn_and_behind(tmp_path)
    ops = FaultyOps()
    LogWriter.open(path, ops=ops).close()
    assert ops.steps() == ["open", "open", "open", "write", "fsync", "fsync_dir", "ftruncate",
                           "fsync", "pwrite", "fsync"]
    assert path.read_bytes() == clean
    assert _frames.parse_key_file(key_path(path).read_bytes()).index == 3


@pytest.mark.parametrize("step", range(10))
def test_a_failed_recovery_raises_and_the_next_open_finishes_it(tmp_path, step):
    path, clean = _torn_and_behind(tmp_path)
    tail = path.read_bytes()[len(clean):]
    with pytest.raises(StoreError, match="a.rrlog: could not be (opened|recovered): Input/output error"):
        LogWriter.open(path, ops=FaultyOps(fail_at=step, code=errno.EIO))
    with LogWriter.open(path) as writer:
        assert writer.count == 3
        assert writer.append(b"z") == 3
    found = scan(path.read_bytes(), "a")
    assert found.problems == () and check_tags(found, K0) == ()
    copies = [torn.read_bytes() for torn in tmp_path.glob("a.rrlog.torn-*")]
    assert copies and all(copy == tail for copy in copies)  # a failed copy is removed


# -- one writer at a time ---------------------------------------------------------------

def test_a_second_writer_in_the_same_process_is_refused_until_the_first_closes(tmp_path):
    path = tmp_path / "a.rrlog"
    build_log(path, 1)
    with LogWriter.open(path, ops=FAST):
        with pytest.raises(LogLocked, match=f"^{path}: in use by another rrdesk window or process$"):
            LogWriter.open(path, ops=FAST)
    LogWriter.open(path, ops=FAST).close()


_OTHER = """
import sys
from rrdesk.store.log._writer import LogWriter, LogLocked
try:
    writer = LogWriter.open(sys.argv[1])
except LogLocked as error:
    print("LogLocked:", error, flush=True)
    raise SystemExit(3)
print("holding", flush=True)
sys.stdin.read()
writer.close()
"""


def _other_process(path: Path) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", _OTHER, str(path)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env)


def test_a_second_writer_in_another_process_is_refused_both_ways(tmp_path):
    path = tmp_path / "a.rrlog"
    build_log(path, 1)
    with LogWriter.open(path, ops=FAST):
        other = _other_process(path)
        out, _ = other.communicate(timeout=60)
        assert other.returncode == 3
        assert out.strip() == f"LogLocked: {path}: in use by another rrdesk window or process"
    other = _other_process(path)
    assert other.stdout.readline().strip() == "holding"
    with pytest.raises(LogLocked):
        LogWriter.open(path, ops=FAST)
    other.communicate("", timeout=60)
    assert other.returncode == 0
    LogWriter.open(path, ops=FAST).close()


# -- SIGKILL --------------------------------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "fork"), reason="the killed writer is forked")
def test_a_writer_killed_at_random_moments_never_loses_an_acknowledged_record(tmp_path):
    """220 SIGKILLs of a real writer (real fsync) at random moments, the same log growing
    across kills; half the writers write slowly in 64-byte pieces, so kills tear records too.
    After every kill: every acknowledged record is there, intact, and nothing but a torn tail
    follows it. Every other kill the parent recovers the log itself; otherwise the next writer
    recovers it, and may itself be killed while recovering."""
    rng = random.Random(20260501)
    path = tmp_path / "a.rrlog"
    with LogWriter.create(path, survey_id="crash", device_id=bytes(16), log_id=LOG_ID,
                          created="2026-05-01", first_key=K0, sealed_first_key=b"sealed"):
        pass
    killer = Killer()
    acked = records = torn_tails = 0
    try:
        for kill in range(220):
            seqs = killer.run_and_kill(path, rng.uniform(0, 0.03), slow=kill % 4 >= 2)
            if seqs:  # consecutive from where the worker found the log
                assert seqs == list(range(records, records + len(seqs)))
                acked = seqs[-1] + 1
            records, torn = check_after_kill(path, K0, acked, records, recover=kill % 2 == 0,
                                             tags=kill % 20 == 19)
            torn_tails += bool(torn)
    finally:
        killer.close()
    with LogWriter.open(path) as writer:
        count = writer.count
    found = scan(path.read_bytes(), "a")
    assert found.problems == () and check_tags(found, K0) == ()
    assert [f.blob for f in found.frames] == [blob_for(seq) for seq in range(count)]
    assert acked > 50 and count >= acked  # a real workout, even on a loaded machine (~1000 idle)
    assert torn_tails > 0  # half the writers have a slow disk: some kills tear a record
