"""The spinner's clock: one spin's frames, paced by the display, and its end, after a fixed
duration.

Every spin lasts :data:`rrdesk.gui.spinner.path.DURATION_MS` (read when the spin
starts), whatever the outcome (threat model point 2): the clock is never told
where the wheel will stop, and it never ends a spin early.

Frames follow the display, not a timer of their own (issue 33: a 16 ms timer beside a
60 Hz display gave frame starts alternating 10.5 and 21 ms): the clock asks the wheel's
window for its next update (``QWindow.requestUpdate``: delivered in step with the display
where the platform can, else within a few milliseconds) and lets a frame through once a
refresh interval of the wheel's screen (``QScreen.refreshRate``) has passed since the last;
the window then paints it with the rest of what changed. A wheel in no window yet falls back
to a timer of one refresh interval.
"""
from __future__ import annotations

import time

from PySide6.QtCore import QElapsedTimer, QEvent, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QWindow
from PySide6.QtWidgets import QWidget

from rrdesk.gui.spinner import path as spin_path

#: The refresh rate assumed when the screen reports none (frames a second).
FALLBACK_HZ = 60.0
#: A frame is let through once this share of a refresh interval has passed since the last:
#: update requests that come a little early (a platform's timer, not its display) still make
#: one frame per refresh, never two.
_EARLY = 0.75


class SpinClock(QObject):
    """Times one spin at a time for ``widget`` (whose window paces the frames).

    Signals
    -------
    tick
        Time to repaint: once per display refresh while a spin runs. The slot marks the wheel
        for repainting (``update``); the window paints it at once, in the same update.
    ended
        The spin's full duration has passed (emitted once per :meth:`start`, unless stopped).
    """

    tick = Signal()
    ended = Signal()

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self._widget = widget
        self.duration = spin_path.DURATION_MS  # of the current (or last) spin, in milliseconds
        self._clock = QElapsedTimer()
        self._window: QWindow | None = None  # the window whose update requests pace the frames
        self._last = 0.0  # perf_counter of the last frame let through
        self.frames = 0  # frames of the current (or last) spin
        self._fallback = QTimer(self)  # a wheel in no window: one refresh interval
        self._fallback.setTimerType(Qt.TimerType.PreciseTimer)
        self._fallback.timeout.connect(self._frame)
        self._end = QTimer(self)
        self._end.setSingleShot(True)
        self._end.setTimerType(Qt.TimerType.PreciseTimer)
        self._end.timeout.connect(self._on_end)

    def interval_ms(self) -> float:
        """One refresh of the wheel's screen, in milliseconds."""
        screen = self._widget.screen()
        hz = screen.refreshRate() if screen is not None else 0.0
        return 1000.0 / (hz if hz and hz > 1.0 else FALLBACK_HZ)

    def start(self) -> None:
        """Start a spin of :data:`rrdesk.gui.spinner.path.DURATION_MS`."""
        self.duration = spin_path.DURATION_MS
        self.frames = 0
        self._clock.start()
        self._end.start(self.duration)
        self._last = 0.0
        window = self._widget.window().windowHandle()
        if window is None:
            self._fallback.start(round(self.interval_ms()))
            return
        self._window = window
        window.installEventFilter(self)
        window.requestUpdate()

    def stop(self) -> None:
        """Stop the spin without ending it (no :attr:`ended`)."""
        self._end.stop()
        self._stop_frames()
        self._clock.invalidate()

    def running(self) -> bool:
        return self._clock.isValid() and (self._window is not None or self._fallback.isActive())

    def elapsed_ms(self) -> float:
        """Milliseconds into the spin, at most its duration."""
        return min(self._clock.nsecsElapsed() / 1e6, self.duration)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() == QEvent.Type.UpdateRequest:
            now = time.perf_counter()
            if 1000.0 * (now - self._last) >= _EARLY * self.interval_ms():
                self._last = now
                self._frame()  # marks the wheel: this same update request paints it
            if self._window is not None:
                self._window.requestUpdate()  # the next refresh
        return False  # the window goes on to paint (QWidgetWindow handles the request)

    @Slot()
    def _frame(self) -> None:
        self.frames += 1
        self.tick.emit()

    def _stop_frames(self) -> None:
        self._fallback.stop()
        window, self._window = self._window, None
        if window is not None:
            try:
                window.removeEventFilter(self)
            except RuntimeError:  # the window went first (closed while the wheel turned)
                pass

    @Slot()
    def _on_end(self) -> None:
        # a timer may wake a little early on some platforms: never finish before the duration
        remaining = self.duration - self._clock.elapsed()
        if remaining > 0:
            self._end.start(remaining)
            return
        self._stop_frames()
        self.ended.emit()
