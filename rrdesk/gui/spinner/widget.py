"""The respondent's spinner: a wheel with one sector per instruction and a fixed pointer.

The widget only shows a spin; it never decides one. The caller draws the outcome
with :func:`rrdesk.core.randomizer.spin` *before* the animation starts and hands
the stopping point to :meth:`SpinnerWidget.spin_to`. The animation follows
:mod:`rrdesk.gui.spinner.path`: the same duration, easing and number of turns for
every outcome (threat model point 2). Nothing about the outcome reaches the
accessible name, tooltip, window title or any setting; the stopping point lives
in memory only until :meth:`SpinnerWidget.reset`. A screen reader hears what the
screen shows, no more: while the wheel turns its accessible value and description say
that it turns; once it stopped, the words of the sector under the pointer (painted
there too), until :meth:`SpinnerWidget.reset`.

Legibility for respondents who may never have used a computer: labels stay
upright and as large as their sector allows, colours come from the Okabe & Ito
palette (distinguishable with the common colour-vision deficiencies), each
sector also has its own texture, and the pointer is a large dark arrow at
12 o'clock.

The widget's parts: its colours and textures are in :mod:`rrdesk.gui.spinner.style`,
its geometry and label pixmaps in :mod:`rrdesk.gui.spinner.layout`, the painting of a
frame in :mod:`rrdesk.gui.spinner.paint`, and the clock of a spin, its frames paced by the
display, in :mod:`rrdesk.gui.spinner.timing`.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Property, QEvent, QObject, QSize, Qt, Signal, Slot
from PySide6.QtGui import (
    QAccessible,
    QAccessibleInterface,
    QAccessibleValueChangeEvent,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
)
from PySide6.QtWidgets import QAccessibleWidget, QSizePolicy, QWidget

from rrdesk.core.design import Design
from rrdesk.core.wording import ENGLISH
from rrdesk.gui.spinner import paint as wheel_paint
from rrdesk.gui.spinner import path as spin_path
from rrdesk.gui.spinner.layout import Layout, build_layout, callout_pixmap
from rrdesk.gui.spinner.timing import SpinClock

_IDLE, _SPINNING, _DONE = "idle", "spinning", "done"
PREFERRED_SIDE = 600  # why: on a laptop screen the wheel is the biggest thing the respondent sees
MIN_SIDE = 200  # why: the smallest wheel whose sector labels still read (11 px and up) in a 512x300 window

# what changes the labels' fonts, colours or pixels: rebuild the cached layout
_RELAYOUT = {QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange, QEvent.Type.PaletteChange,
             QEvent.Type.StyleChange, QEvent.Type.LanguageChange, QEvent.Type.DevicePixelRatioChange}


class SpinnerWidget(QWidget):
    """A wheel of fortune for randomized response, worked by the respondent.

    Signals
    -------
    spinRequested
        The respondent tapped the wheel, or pressed Space or Enter while it had
        focus, and the wheel is ready to spin (a wheel is set and it has not spun).
    finished
        The animation ended: the pointer shows the outcome.
    """

    spinRequested = Signal()
    finished = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._design: Design | None = None
        self._labels: tuple[str, ...] = ()
        self._angles: list[tuple[float, float]] = []
        self._practice = False
        self._banner = ENGLISH["practice"]  # set_words gives the respondent's word for it
        self._help, self._turning, self._says = ENGLISH["wheel_help"], ENGLISH["turning"], ENGLISH["spinner_says"]
        self._reduced_motion = False
        self._state = _IDLE
        self._position: float | None = None  # the outcome: memory only, cleared by reset()
        self._layout: Layout | None = None
        self._pressed = False
        self._clock = SpinClock(self)
        self._clock.tick.connect(self._on_frame)
        self._clock.ended.connect(self._on_end)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setSizePolicy(QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding))
        self._set_accessible_texts()

    def _set_accessible_texts(self) -> None:
        self.set_words(ENGLISH["wheel_name"], ENGLISH["wheel_help"], ENGLISH["practice"])

    def set_words(self, name: str, help_: str, banner: str, turning: str = ENGLISH["turning"],
                  says: str = ENGLISH["spinner_says"]) -> None:
        """The wheel's words in the respondent's language: its spoken name and help, the
        PRACTICE banner, what it says while it turns ("The spinner is turning…") and the words
        before the sector it stopped on ("The spinner says:")."""
        self.setAccessibleName(name)
        self._help, self._turning, self._says = help_, turning, says
        self._banner = banner
        self._layout = None
        self._spoken_changed()

    def spoken_value(self) -> str:
        """What a screen reader reads as the wheel's value: nothing while it waits, that it
        turns while it turns, and the words of the sector under the pointer once it stopped
        (what the screen shows there)."""
        if self._state == _SPINNING:
            return self._turning
        if self._state == _DONE and self._position is not None:
            return self._labels[spin_path.sector_at(self._angles, 360.0 * self._position)]
        return ""

    def _spoken_changed(self) -> None:
        """The value changed: the description says it (a screen reader that reads no value reads
        that), and assistive technologies hear the value change."""
        value = self.spoken_value()
        description = self._help if not value else value if self._state == _SPINNING else f"{self._says} {value}"
        if self.accessibleDescription() != description:
            self.setAccessibleDescription(description)
        if QAccessible.isActive():
            QAccessible.updateAccessibility(QAccessibleValueChangeEvent(self, value))

    # -- API ---------------------------------------------------------------------------

    def set_wheel(self, design: Design, labels: Sequence[str], *, practice: bool = False) -> None:
        """Show ``design``'s sectors, each with its label (the instruction in the
        respondent's language); ``practice`` adds a PRACTICE banner under the wheel. Clears any spin."""
        labels = tuple(labels)
        if len(labels) != len(design.sectors) or not all(isinstance(t, str) for t in labels):
            raise ValueError("set_wheel needs one text label per sector of the design")
        self.reset()
        self._design, self._labels, self._practice = design, labels, bool(practice)
        self._angles = spin_path.sector_angles(design)
        self._layout = None
        self._update_cursor()
        self.update()

    def painted_texts(self) -> tuple[str, ...]:
        """Every text painted on the wheel: its sectors' words, and the PRACTICE banner."""
        return self._labels + ((self._banner,) if self._practice else ())

    @Slot(float)
    def spin_to(self, position: float) -> None:
        """Start the fixed-duration spin that stops with the pointer at ``position``
        (a fraction of a turn, clockwise from 12 o'clock). Ignored while spinning and
        after a spin, until :meth:`reset` or :meth:`set_wheel`: no re-spin."""
        if self._design is None:
            raise RuntimeError("spin_to needs a wheel: call set_wheel first")
        spin_path.final_offset(position)  # validates, without echoing the value
        if self._state != _IDLE:
            return
        self._position = float(position)
        self._state = _SPINNING
        self._clock.start()
        self._update_cursor()
        self._spoken_changed()
        self.update()

    @Slot()
    def reset(self) -> None:
        """Back to the idle wheel; forget the last stopping point."""
        self._clock.stop()
        self._state = _IDLE
        self._position = None
        if self._layout is not None:
            self._layout.callout = None
        self._update_cursor()
        self._spoken_changed()
        self.update()

    def is_spinning(self) -> bool:
        return self._state == _SPINNING

    def is_aimed(self) -> bool:
        """Whether the wheel holds a stopping point (from :meth:`spin_to` until
        :meth:`reset`); never which one."""
        return self._position is not None

    def _get_reduced_motion(self) -> bool:
        return self._reduced_motion

    def _set_reduced_motion(self, value: bool) -> None:
        self._reduced_motion = bool(value)
        self.update()

    #: No motion: the wheel stays still and the result appears after the same DURATION_MS.
    reduced_motion = Property(bool, _get_reduced_motion, _set_reduced_motion)

    def rotation(self) -> float:
        """The wheel's clockwise rotation in degrees, as painted now."""
        position = self._position  # set while it spins and once it stopped (None when idle)
        if position is None:
            return 0.0
        if self._state == _SPINNING and not self._reduced_motion:
            return spin_path.rotation_at(self._clock.elapsed_ms(), position, self._clock.duration)
        if self._state == _DONE:
            return spin_path.total_rotation(position)
        return 0.0

    def sector_angles(self) -> list[tuple[float, float]]:
        """The exact ``(start, span)`` angles drawn, degrees clockwise from 12 o'clock."""
        return list(self._angles)

    # -- timing --------------------------------------------------------------------------

    @Slot()
    def _on_frame(self) -> None:
        if not self._reduced_motion:
            self.update()

    @Slot()
    def _on_end(self) -> None:
        self._state = _DONE
        self._update_cursor()
        self.repaint()  # the outcome is on screen before anyone hears `finished`
        self._spoken_changed()
        self.finished.emit()

    # -- input ---------------------------------------------------------------------------

    def _ready(self) -> bool:
        return self._design is not None and self._state == _IDLE

    def _update_cursor(self) -> None:
        if self._ready():
            self.setCursor(Qt.CursorShape.PointingHandCursor)
        else:
            self.unsetCursor()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._pressed = event.button() == Qt.MouseButton.LeftButton and self._ready()
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        tapped = self._pressed and event.button() == Qt.MouseButton.LeftButton
        self._pressed = False
        event.accept()
        if tapped and self.rect().contains(event.position().toPoint()) and self._ready():
            self.spinRequested.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()
            if not event.isAutoRepeat() and self._ready():
                self.spinRequested.emit()
            return
        super().keyPressEvent(event)

    # -- size ----------------------------------------------------------------------------

    # The wheel is what gives up room first when the window is small. It paints the largest
    # circle that fits, so it takes any size from MIN_SIDE up (Expanding: all the room a screen
    # has left). It asks for its width, but for no more height than MIN_SIDE: a screen's
    # preferred height (what a scroll area makes it at least) never counts a big wheel, so a
    # short window shrinks the wheel before anything scrolls. No height-for-width either.

    def sizeHint(self) -> QSize:
        return QSize(PREFERRED_SIDE, MIN_SIDE)

    def minimumSizeHint(self) -> QSize:
        return QSize(MIN_SIDE, MIN_SIDE)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._layout = None
        # never taller than wide: spare height in a tall column goes under the Spin button,
        # not into a wheel drawn in the middle of a tall empty box (out of view when it scrolls)
        if self.maximumHeight() != max(MIN_SIDE, self.width()):
            self.setMaximumHeight(max(MIN_SIDE, self.width()))
        super().resizeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in _RELAYOUT:
            self._layout = None
        if event.type() == QEvent.Type.LanguageChange:
            self._set_accessible_texts()
        super().changeEvent(event)

    # -- painting ------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            self._paint(painter, self.rotation())
        finally:
            painter.end()

    def _paint(self, p: QPainter, rotation: float) -> None:
        """Paint one frame with the wheel turned by ``rotation`` degrees."""
        p.fillRect(self.rect(), self.palette().color(QPalette.ColorRole.Window))
        if self._design is None:
            return
        layout = self._ensure_layout()
        chosen = None
        if self._state == _DONE and self._position is not None:  # done: its outcome is set
            chosen = spin_path.sector_at(self._angles, 360.0 * self._position)
            if layout.callout is None or layout.callout[0] != chosen:
                layout.callout = (chosen, callout_pixmap(self.font(), self._labels[chosen], chosen, layout,
                                                         self.devicePixelRatioF()))
        focus = self.palette().color(QPalette.ColorRole.Highlight) if self.hasFocus() else None
        hub = None
        if self._state == _IDLE:
            hub = wheel_paint.TURN
        elif self._state == _SPINNING and self._reduced_motion:
            hub = wheel_paint.WAIT
        wheel_paint.paint_frame(p, layout, self._angles, rotation, chosen, focus, hub)

    def _ensure_layout(self) -> Layout:
        """The layout, built once per size and wheel (and again when fonts, colours or
        pixels change)."""
        if self._layout is not None and self._layout.size == self.size():
            return self._layout
        assert self._design is not None, "a wheel is laid out once it has one"
        banner = self._banner if self._practice else None
        self._layout = build_layout(self.size(), self._design, self._angles, self._labels, self.font(),
                                    self.devicePixelRatioF(), banner)
        self._prewarm(self._layout)
        return self._layout

    def _prewarm(self, layout: Layout) -> None:
        """Paint one turned frame off screen as soon as a layout is built (the idle wheel is
        painted before any spin): what a spinning frame needs beyond the idle one (rotated
        label pixmaps, glyphs, brushes) is made then, not in the first frames of a spin,
        which would come late (issue 33: 3-5 frames dropped on the first spin)."""
        ratio = self.devicePixelRatioF()
        image = QImage(max(1, round(self.width() * ratio)), max(1, round(self.height() * ratio)),
                       QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(ratio)
        painter = QPainter(image)
        try:
            wheel_paint.paint_frame(painter, layout, self._angles, 7.0, None, None, None)
        finally:
            painter.end()


# -- what a screen reader reads ------------------------------------------------------------------


class _WheelAccessible(QAccessibleWidget):
    """The wheel as assistive technologies see it: an animation whose value is
    :meth:`SpinnerWidget.spoken_value` (Qt's widgets have no value for a painted wheel)."""

    def __init__(self, wheel: SpinnerWidget) -> None:
        super().__init__(wheel, QAccessible.Role.Animation)

    def text(self, t: QAccessible.Text) -> str:
        wheel = self.object()
        if t == QAccessible.Text.Value and isinstance(wheel, SpinnerWidget):
            return wheel.spoken_value()
        return super().text(t)


def _accessible(key: str, obj: QObject) -> QAccessibleInterface | None:
    return _WheelAccessible(obj) if key == "SpinnerWidget" and isinstance(obj, SpinnerWidget) else None


QAccessible.installFactory(_accessible)
