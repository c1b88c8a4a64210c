"""The key file's flush after each append, on a thread of its own (FORMAT.md §1.8).

``LogWriter.append`` acknowledges a record once its frame is durable and the next key is
written to the key file; the key file's fsync then runs here, off the interviewer's wait. The
next append (or ``close``) settles it before it writes anything, so the order on disk stays
frame, key, next frame. One thread per writer, started by its first flush and ended by
``close``; the thread holds the ops and the key file's descriptor, never the writer.
"""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from rrdesk.core.fileio import FileOps

THREAD_NAME = "rrdesk-key-flush"  # why: names the thread in a debugger or a test, nothing else


class KeyFlush:
    """One writer's pending key flush: ``start`` it, ``settle`` it before the next write."""

    def __init__(self, ops: FileOps, fd: int) -> None:
        self._ops, self._fd = ops, fd
        self._thread: ThreadPoolExecutor | None = None
        self._pending: Future | None = None

    def start(self) -> None:
        """Start the key file's fsync on the thread; here when no thread can take work.

        Raises OSError only from a flush done here (the interpreter is shutting down)."""
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix=THREAD_NAME)
        try:
            self._pending = self._thread.submit(self._ops.fsync, self._fd)
        except RuntimeError:  # the interpreter is shutting down: no new work for threads
            self._ops.fsync(self._fd)

    def settle(self) -> OSError | None:
        """Return once the started flush is over: its error, or None."""
        pending, self._pending = self._pending, None
        if pending is None:
            return None
        if pending.cancel():  # why: its thread has not begun it: flush here rather than wait for it
            try:
                self._ops.fsync(self._fd)
            except OSError as error:
                return error
            return None
        failed = pending.exception()
        if failed is not None and not isinstance(failed, OSError):
            raise failed  # a bug, not the disk: never reworded as a disk's failure
        return failed

    def close(self) -> OSError | None:
        """Settle the last flush and end the thread; the flush's error, or None."""
        try:
            return self.settle()
        finally:
            if self._thread is not None:
                self._thread.shutdown(wait=True)
                self._thread = None
