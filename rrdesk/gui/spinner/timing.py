"""The spinner's clock: one spin's frames and its end, after a fixed duration.

Every spin lasts :data:`rrdesk.gui.spinner.path.DURATION_MS` (read when the spin
starts), whatever the outcome (threat model point 2): the clock is never told
where the wheel will stop, and it never ends a spin early.
"""
from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, QObject, Qt, QTimer, Signal, Slot

from rrdesk.gui.spinner import path as spin_path

#: Repaint period while spinning (about 60 frames a second).
FRAME_MS = 16


class SpinClock(QObject):
    """Times one spin at a time.

    Signals
    -------
    tick
        Every :data:`FRAME_MS` while a spin runs: time to repaint.
    ended
        The spin's full duration has passed (emitted once per :meth:`start`, unless stopped).
    """

    tick = Signal()
    ended = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.duration = spin_path.DURATION_MS  # of the current (or last) spin, in milliseconds
        self._clock = QElapsedTimer()
        self._frame = QTimer(self)
        self._frame.setTimerType(Qt.TimerType.PreciseTimer)
        self._frame.setInterval(FRAME_MS)
        self._frame.timeout.connect(self.tick)
        self._end = QTimer(self)
        self._end.setSingleShot(True)
        self._end.setTimerType(Qt.TimerType.PreciseTimer)
        self._end.timeout.connect(self._on_end)

    def start(self) -> None:
        """Start a spin of :data:`rrdesk.gui.spinner.path.DURATION_MS`."""
        self.duration = spin_path.DURATION_MS
        self._clock.start()
        self._end.start(self.duration)
        self._frame.start()

    def stop(self) -> None:
        """Stop the spin without ending it (no :attr:`ended`)."""
        self._end.stop()
        self._frame.stop()
        self._clock.invalidate()

    def elapsed_ms(self) -> float:
        """Milliseconds into the spin, at most its duration."""
        return min(self._clock.nsecsElapsed() / 1e6, self.duration)

    @Slot()
    def _on_end(self) -> None:
        # a timer may wake a little early on some platforms: never finish before the duration
        remaining = self.duration - self._clock.elapsed()
        if remaining > 0:
            self._end.start(remaining)
            return
        self._frame.stop()
        self.ended.emit()
