"""Blocking work (opening a store, a durable record, an export) off the GUI thread.

A :class:`TaskRunner` runs one task at a time on its own worker thread, in the order
given, and reports back on the GUI thread: ``on_done(result)`` or ``on_failed(line)``.
One at a time matters: the log writer is not thread-safe (``LogWriter``: "one thread
appends"), and a record must be durable before the screen moves on.

Errors become one line (``str(error)`` for rrdesk's own errors, which never hold an
answer); anything else becomes "internal error (TypeName)" so that no traceback, with
whatever it holds, reaches the screen.
"""
from __future__ import annotations

import itertools
from typing import Any, Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRunnable, QThreadPool, Signal, Slot

from rrdesk.core.errors import describe


def error_line(error: BaseException) -> str:
    """What a person is shown for ``error``: one line, no traceback, no data -- the same
    words as the command line's ``rrdesk: error: …`` (:func:`rrdesk.core.errors.describe`)."""
    return describe(error)


class _Relay(QObject):
    """Carries one task's outcome from the worker thread to the GUI thread (it lives there,
    so its queued signals are delivered by the GUI's event loop)."""

    done = Signal(int, object)
    failed = Signal(int, str)


class _Task(QRunnable):
    def __init__(self, job: int, work: Callable[[], Any], relay: _Relay) -> None:
        super().__init__()
        self.job, self.relay = job, relay
        self.work: Callable[[], Any] | None = work  # None once it ran

    def run(self) -> None:  # on the worker thread
        try:
            assert self.work is not None, "a task runs once"
            result = self.work()
        except BaseException as error:  # noqa: BLE001 - every failure is reported, none escapes
            self.relay.failed.emit(self.job, error_line(error))
        else:
            self.relay.done.emit(self.job, result)
        finally:
            self.work = None  # drop the closure (and what it captured) as soon as it ran


class TaskRunner(QObject):
    """Runs tasks one after another on a private worker thread.

    Signals
    -------
    busyChanged(bool)
        True while a task is queued or running.
    """

    busyChanged = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._pool.setExpiryTimeout(-1)  # keep the thread: a record should not wait for one
        self._relay = _Relay(self)
        self._relay.done.connect(self._finished)
        self._relay.failed.connect(self._failed)
        self._jobs: dict[int, tuple[Callable[[Any], None], Callable[[str], None]]] = {}
        self._ids = itertools.count(1)

    @property
    def busy(self) -> bool:
        return bool(self._jobs)

    def submit(self, work: Callable[[], Any], on_done: Callable[[Any], None],
               on_failed: Callable[[str], None]) -> None:
        """Run ``work()`` off the GUI thread; then call ``on_done`` or ``on_failed`` on it."""
        job = next(self._ids)
        was_busy = self.busy
        self._jobs[job] = (on_done, on_failed)
        if not was_busy:
            self.busyChanged.emit(True)
        self._pool.start(_Task(job, work, self._relay))

    def wait(self, msecs: int = -1) -> bool:
        """Block until every task ran (at shutdown); True when none is left."""
        return self._pool.waitForDone(msecs)

    def finish(self) -> None:
        """At shutdown: let every task run, then deliver their outcomes now (so that, say,
        a store opened in the background is handed over and can be closed)."""
        self._pool.waitForDone()
        QCoreApplication.sendPostedEvents(self._relay, QEvent.Type.MetaCall)

    @Slot(int, object)
    def _finished(self, job: int, result: object) -> None:
        on_done, _ = self._jobs.pop(job)
        try:
            on_done(result)
        finally:
            self._settle()

    @Slot(int, str)
    def _failed(self, job: int, line: str) -> None:
        _, on_failed = self._jobs.pop(job)
        try:
            on_failed(line)
        finally:
            self._settle()

    def _settle(self) -> None:
        if not self._jobs:
            self.busyChanged.emit(False)
