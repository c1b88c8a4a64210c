"""The key file's flush after each append, on a thread of its own (FORMAT.md §1.8).

``LogWriter.append`` acknowledges a record once its frame is durable and the next key is
written to the key file; the key file's fsync then runs here, off the interviewer's wait. The
next append (or ``close``) settles it before it writes anything, so the order on disk stays
frame, key, next frame. One thread per writer, started by its first flush and ended by
``close``; the thread holds the ops and the key file's descriptor, never the writer.

The hand-off is two ``SimpleQueue`` s and a lock (C calls), not an executor's futures, whose
Python-level lock and condition cost tens of microseconds on the interviewer's wait when the
caches are cold after the pause between answers (issue 33). The thread is a daemon: a writer
never closed does not hold the process at exit (its last key is written, in the page cache, and
recovery evolves a key one step behind, FORMAT.md §1.7); ``close`` always waits for the flush.
"""
from __future__ import annotations

import sys
import threading
from queue import SimpleQueue

from rrdesk.core.fileio import FileOps

THREAD_NAME = "rrdesk-key-flush"  # why: names the thread in a debugger or a test, nothing else

_IDLE, _QUEUED, _RUNNING = "idle", "queued", "running"  # the pending flush: none, not begun, begun


class KeyFlush:
    """One writer's pending key flush: ``start`` it, ``settle`` it before the next write."""

    def __init__(self, ops: FileOps, fd: int) -> None:
        self._ops, self._fd = ops, fd
        self._thread: threading.Thread | None = None
        self._state = _IDLE  # why a lock for it: the thread's take (queued -> running) and settle's must not both win
        self._lock = threading.Lock()
        self._asks: SimpleQueue[bool] = SimpleQueue()  # True: a flush may be queued; False: end
        self._results: SimpleQueue[BaseException | None] = SimpleQueue()  # one per flush the thread ran

    def start(self) -> None:
        """Start the key file's fsync on the thread; here when no thread can take work.

        Raises OSError only from a flush done here (the interpreter is shutting down)."""
        self._state = _QUEUED  # why no lock: the last flush was settled (idle), and only this sets queued
        self._asks.put(True)  # why before a first thread starts: it finds the work as soon as it runs
        if self._thread is None:
            thread = threading.Thread(target=self._run, name=THREAD_NAME, daemon=True)
            try:
                if sys.is_finalizing():  # no thread can start, nor finish, now
                    raise RuntimeError("the interpreter is shutting down")
                thread.start()
            except RuntimeError:  # the interpreter is shutting down: no new threads
                self._state = _IDLE
                self._ops.fsync(self._fd)
                return
            self._thread = thread

    def _run(self) -> None:
        while self._asks.get():
            with self._lock:
                if self._state != _QUEUED:  # settle took it (done on its own thread), or nothing is pending
                    continue
                self._state = _RUNNING
            try:
                self._ops.fsync(self._fd)
            except BaseException as error:  # why every error: settle must hear of each flush, and re-raise a bug
                self._results.put(error)
            else:
                self._results.put(None)

    def settle(self) -> OSError | None:
        """Return once the started flush is over: its error, or None."""
        with self._lock:
            state, self._state = self._state, _IDLE
        if state == _IDLE:
            return None
        if state == _QUEUED:  # why: its thread has not begun it: flush here rather than wait for it
            try:
                self._ops.fsync(self._fd)
            except OSError as error:
                return error
            return None
        failed = self._results.get()
        if failed is not None and not isinstance(failed, OSError):
            raise failed  # a bug, not the disk: never reworded as a disk's failure
        return failed

    def close(self) -> OSError | None:
        """Settle the last flush and end the thread; the flush's error, or None."""
        try:
            return self.settle()
        finally:
            if self._thread is not None:
                self._asks.put(False)
                self._thread.join()
                self._thread = None
