"""A record writer to be killed: the crash tests and the soak run it as a subprocess.

``python tests/log_child.py serve`` reads commands on stdin, one per line: ``run LOG`` forks a
worker that opens LOG (recovering it), prints ``pid N``, then appends records forever and
prints each acknowledged seq on its own line the moment ``append`` returns. ``run LOG slow``
does the same on a slow disk: every write call writes at most 64 bytes and takes a millisecond,
so that kills land in the middle of a record too (a small write to the page cache is otherwise
over in microseconds, and a kill almost never tears it). The parent kills the worker with
SIGKILL whenever it likes; this server then prints ``exit STATUS``. Forking from one warm
process makes a kill cycle cost milliseconds instead of a Python start-up. Imports only the
standard library and ``rrdesk.store.log._writer``.

Each record's blob is ``blob_for(seq)``, so the parent can check every record it finds.
"""
from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from rrdesk.core.fileio import OsOps
from rrdesk.store.log import LogWriter, check_tags, scan


class SlowDisk(OsOps):
    """Short, slow writes: at most 64 bytes a call, a millisecond each."""

    def write(self, fd: int, data: memoryview) -> int:
        time.sleep(0.001)
        return super().write(fd, data[:64])


def blob_for(seq: int) -> bytes:
    """The record a worker writes at ``seq``: 40..200 bytes, different for every seq."""
    return hashlib.shake_256(b"rrdesk crash test %d" % seq).digest(40 + seq * 37 % 161)


def _say(text: str) -> None:
    os.write(1, text.encode() + b"\n")  # one write per line: lines never interleave


def _work(path: str, slow: bool) -> None:
    try:
        _say(f"pid {os.getpid()}")
        writer = LogWriter.open(path, ops=SlowDisk() if slow else None)
        while True:
            _say(str(writer.append(blob_for(writer.count))))
    except BaseException as error:  # report, never hang: the parent fails the test on this line
        _say(f"error {type(error).__name__}: {error}")
    finally:
        os._exit(1)


def serve() -> None:
    for line in sys.stdin:
        command, path, *how = line.split()
        if command != "run":
            break
        pid = os.fork()
        if pid == 0:
            _work(path, how == ["slow"])
        _, status = os.waitpid(pid, 0)
        _say(f"exit {status}")


class Killer:
    """The parent's side: runs workers in a ``serve`` subprocess and SIGKILLs them."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, __file__, "serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE)

    def _line(self) -> str:
        line = self.proc.stdout.readline().decode().strip()
        if not line or line.startswith("error"):
            raise AssertionError(f"the writer failed: {line or 'no output'}")
        return line

    def run_and_kill(self, path: Path, delay: float, *, slow: bool = False) -> list[int]:
        """Start a worker on ``path``, SIGKILL it ``delay`` seconds after it started, and
        return the seqs it acknowledged."""
        self.proc.stdin.write(f"run {path}{' slow' if slow else ''}\n".encode())
        self.proc.stdin.flush()
        pid = int(self._line().removeprefix("pid "))
        time.sleep(delay)
        os.kill(pid, signal.SIGKILL)
        acked = []
        while not (line := self._line()).startswith("exit"):
            acked.append(int(line))
        if line != f"exit {signal.SIGKILL}":
            raise AssertionError(f"the writer ended by itself: {line}")
        return acked

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def check_after_kill(path: Path, first_key: bytes, acked: int, started: int, *, recover: bool,
                     tags: bool) -> tuple[int, int]:
    """Assert that the log at ``path`` lost nothing acknowledged; return (records, torn bytes).

    ``acked`` is the number of records acknowledged so far (seqs 0..acked-1), ``started`` the
    number of records the killed worker found. Without ``recover`` only the bytes are read (the
    next worker recovers); with it the log is opened, which recovers, and must then scan clean;
    with ``tags`` every tag is checked against k_0.
    """
    before = scan(path.read_bytes(), str(path))
    assert before.problems == () or before.torn_tail, before.problems
    # at most one acknowledged but not yet printed, and one in flight (complete, key not updated)
    assert acked <= len(before.frames) <= max(acked, started) + 2, (acked, started, len(before.frames))
    for frame in before.frames:
        assert frame.blob == blob_for(frame.seq), frame.seq
    if recover:
        with LogWriter.open(path) as writer:
            assert writer.count == len(before.frames)
        after = scan(path.read_bytes(), str(path))
        assert after.problems == () and after.frames == before.frames
    if tags:
        assert check_tags(before, first_key) == ()
    return len(before.frames), before.torn_tail


if __name__ == "__main__":
    serve()
