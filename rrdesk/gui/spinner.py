"""The respondent's spinner: a wheel with one sector per instruction and a fixed pointer.

The widget only shows a spin; it never decides one. The caller draws the outcome
with :func:`rrdesk.core.randomizer.spin` *before* the animation starts and hands
the stopping point to :meth:`SpinnerWidget.spin_to`. The animation follows
:mod:`rrdesk.gui.spin_path`: the same duration, easing and number of turns for
every outcome (threat model point 2). Nothing about the outcome reaches the
accessible name, tooltip, window title or any setting; the stopping point lives
in memory only until :meth:`SpinnerWidget.reset`.

Legibility for respondents who may never have used a computer: labels stay
upright and as large as their sector allows, colours come from the Okabe & Ito
palette (distinguishable with the common colour-vision deficiencies), each
sector also has its own texture, and the pointer is a large dark arrow at
12 o'clock.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import (Property, QElapsedTimer, QEvent, QLineF, QPointF, QRectF, QSize, Qt,
                            QTimer, Signal, Slot)
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetricsF, QKeyEvent, QMouseEvent, QPainter,
                           QPainterPath, QPaintEvent, QPalette, QPen, QPixmap)
from PySide6.QtWidgets import QSizePolicy, QWidget

from rrdesk.core.design import YES, Act, Design
from rrdesk.gui import spin_path

_IDLE, _SPINNING, _DONE = "idle", "spinning", "done"

#: Repaint period while spinning (about 60 frames a second).
FRAME_MS = 16

# what changes the labels' fonts, colours or pixels: rebuild the cached layout
_RELAYOUT = {QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange, QEvent.Type.PaletteChange,
             QEvent.Type.StyleChange, QEvent.Type.LanguageChange, QEvent.Type.DevicePixelRatioChange}

# Okabe & Ito (2008), "Color Universal Design": distinguishable under protanopia,
# deuteranopia and tritanopia. Fixed colours per instruction, so "say YES" looks the
# same on every question of a survey.
_SKY, _ORANGE, _BLUE, _GREEN = "#56B4E9", "#E69F00", "#0072B2", "#009E73"
_YELLOW, _VERMILLION, _PURPLE = "#F0E442", "#D55E00", "#CC79A7"
_INK, _PAPER = QColor("#141414"), QColor("#FFFFFF")
_KARY = [(_ORANGE, "stripes"), (_BLUE, "dots"), (_GREEN, "grid"), (_YELLOW, "backstripes"),
         (_PURPLE, "rings"), (_VERMILLION, "stripes")]


def _style(design: Design, index: int) -> tuple[QColor, str]:
    """Base colour and texture of sector ``index``."""
    instruction = design.sectors[index].instruction
    if instruction.act is Act.TRUTH:
        return QColor(_SKY), "plain"
    if instruction.act is Act.OPPOSITE:
        return QColor(_VERMILLION), "grid"
    if instruction.act is Act.OTHER:
        return QColor(_GREEN), "dots"
    if design.kind == "kary":
        colour, texture = _KARY[instruction.value % len(_KARY)]
        return QColor(colour), texture
    return (QColor(_ORANGE), "stripes") if instruction.value == YES else (QColor(_BLUE), "dots")


def _luminance(c: QColor) -> float:
    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF())


def _ink_for(background: QColor) -> QColor:
    """Black or white text, whichever has the higher WCAG contrast ratio."""
    lum = _luminance(background)
    return _INK if (lum + 0.05) / (_luminance(_INK) + 0.05) >= 1.05 / (lum + 0.05) else _PAPER


def _fill(colour: QColor, kind: str, size: int, ink: QColor) -> QBrush:
    """The sector's colour with a tileable texture over it, so colour is never the only
    cue; one brush, so a frame fills each sector once."""
    if kind == "plain":
        return QBrush(colour)
    tile = QPixmap(size, size)
    tile.fill(colour)
    p = QPainter(tile)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = QColor(ink)
    colour.setAlpha(95)
    p.setPen(QPen(colour, max(2.0, size / 6), Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
    p.setBrush(colour)
    if kind in ("stripes", "backstripes"):
        for x0 in (-size, 0, size):
            if kind == "stripes":
                p.drawLine(QLineF(x0, size, x0 + size, 0))
            else:
                p.drawLine(QLineF(x0, 0, x0 + size, size))
    elif kind == "grid":
        p.drawLine(QLineF(size / 2, 0, size / 2, size))
        p.drawLine(QLineF(0, size / 2, size, size / 2))
    elif kind == "dots":  # staggered: a dot in the middle and a quarter in each corner
        p.setPen(Qt.PenStyle.NoPen)
        for x, y in ((size / 2, size / 2), (0, 0), (size, 0), (0, size), (size, size)):
            p.drawEllipse(QPointF(x, y), size * 0.16, size * 0.16)
    else:  # rings
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(size / 2, size / 2), size * 0.28, size * 0.28)
    p.end()
    return QBrush(tile)


@dataclass
class _Sector:
    path: QPainterPath  # in wheel coordinates: origin at the hub, 12 o'clock is -y
    colour: QColor
    fill: QBrush  # colour and texture
    label: QPixmap  # upright label on its own backing, device-pixel sized
    mid: float  # wheel angle of the label's centre (degrees clockwise from 12 o'clock)
    distance: float  # from the hub to the label's centre


@dataclass
class _Layout:
    size: QSize
    centre: QPointF
    radius: float
    hub: float
    sectors: list[_Sector]
    pointer: QPainterPath
    banner: QPixmap | None  # PRACTICE, under the wheel
    banner_at: QPointF
    callout: tuple[int, QPixmap] | None = None  # the finished wheel's outcome label; until reset


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
        self._reduced_motion = False
        self._state = _IDLE
        self._position: float | None = None  # the outcome: memory only, cleared by reset()
        self._duration = spin_path.DURATION_MS
        self._clock = QElapsedTimer()
        self._layout: _Layout | None = None
        self._pressed = False
        self._frame = QTimer(self)
        self._frame.setTimerType(Qt.TimerType.PreciseTimer)
        self._frame.setInterval(FRAME_MS)
        self._frame.timeout.connect(self._on_frame)
        self._end = QTimer(self)
        self._end.setSingleShot(True)
        self._end.setTimerType(Qt.TimerType.PreciseTimer)
        self._end.timeout.connect(self._on_end)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self._set_accessible_texts()

    def _set_accessible_texts(self) -> None:
        # constant texts: they must never depend on the outcome or the sector
        self.setAccessibleName(self.tr("Spinner wheel"))
        self.setAccessibleDescription(self.tr("Tap the wheel, or press Space, to spin it"))

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
        self._duration = spin_path.DURATION_MS
        self._state = _SPINNING
        self._clock.start()
        self._end.start(self._duration)
        self._frame.start()
        self._update_cursor()
        self.update()

    @Slot()
    def reset(self) -> None:
        """Back to the idle wheel; forget the last stopping point."""
        self._end.stop()
        self._frame.stop()
        self._clock.invalidate()
        self._state = _IDLE
        self._position = None
        if self._layout is not None:
            self._layout.callout = None
        self._update_cursor()
        self.update()

    def is_spinning(self) -> bool:
        return self._state == _SPINNING

    def _get_reduced_motion(self) -> bool:
        return self._reduced_motion

    def _set_reduced_motion(self, value: bool) -> None:
        self._reduced_motion = bool(value)
        self.update()

    #: No motion: the wheel stays still and the result appears after the same DURATION_MS.
    reduced_motion = Property(bool, _get_reduced_motion, _set_reduced_motion)

    def rotation(self) -> float:
        """The wheel's clockwise rotation in degrees, as painted now."""
        if self._state == _SPINNING and not self._reduced_motion:
            elapsed = min(self._clock.nsecsElapsed() / 1e6, self._duration)
            return spin_path.rotation_at(elapsed, self._position, self._duration)
        if self._state == _DONE:
            return spin_path.total_rotation(self._position)
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
        # a timer may wake a little early on some platforms: never finish before the duration
        remaining = self._duration - self._clock.elapsed()
        if remaining > 0:
            self._end.start(remaining)
            return
        self._frame.stop()
        self._state = _DONE
        self._update_cursor()
        self.repaint()  # the outcome is on screen before anyone hears `finished`
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

    def sizeHint(self) -> QSize:
        return QSize(600, 600)

    def minimumSizeHint(self) -> QSize:
        return QSize(320, 320)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return width

    def resizeEvent(self, event: QEvent) -> None:
        self._layout = None
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
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        chosen = None
        if self._state == _DONE:
            chosen = spin_path.sector_at(self._angles, 360.0 * self._position)
        ink = QPen(_INK, max(2.0, layout.radius / 80))
        ink.setJoinStyle(Qt.PenJoinStyle.RoundJoin)

        p.save()
        p.translate(layout.centre)
        p.rotate(rotation)  # clockwise on screen, as the wheel turns
        for i, sector in enumerate(layout.sectors):
            p.fillPath(sector.path, sector.fill)
            if chosen is not None and i != chosen:
                p.fillPath(sector.path, QColor(255, 255, 255, 170))
        p.setPen(ink)
        p.setBrush(Qt.BrushStyle.NoBrush)
        if len(layout.sectors) > 1:
            for start, _ in self._angles:
                p.drawLine(_radial(start, layout.radius))
        p.drawEllipse(QPointF(0, 0), layout.radius, layout.radius)
        if chosen is not None:
            p.strokePath(layout.sectors[chosen].path, QPen(_INK, max(4.0, layout.radius / 40)))
        p.restore()

        if layout.banner is not None:
            p.drawPixmap(layout.banner_at, layout.banner)

        # once the wheel has stopped only the outcome is labelled (large, in the callout below):
        # faded neighbours' labels could sit under the callout and blur which one was chosen
        for sector in layout.sectors if chosen is None else ():
            theta = math.radians(sector.mid + rotation)
            _draw_centred(p, sector.label, layout.centre + QPointF(sector.distance * math.sin(theta),
                                                                   -sector.distance * math.cos(theta)))
        if chosen is not None:  # the outcome, large, just under the pointer
            if layout.callout is None or layout.callout[0] != chosen:
                layout.callout = (chosen, self._callout_pixmap(chosen, layout))
            _draw_centred(p, layout.callout[1], layout.centre - QPointF(0, 0.5 * layout.radius))

        if self.hasFocus():
            ring = QPen(self.palette().color(QPalette.ColorRole.Highlight), 3, Qt.PenStyle.DashLine)
            p.setPen(ring)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(layout.centre, layout.radius + 6, layout.radius + 6)
        self._paint_hub(p, layout)
        p.fillPath(layout.pointer, _INK)
        p.strokePath(layout.pointer, QPen(_PAPER, max(2.0, layout.radius / 70)))

    def _paint_hub(self, p: QPainter, layout: _Layout) -> None:
        c, h = layout.centre, layout.hub
        p.setPen(QPen(_INK, max(2.0, h / 12)))
        p.setBrush(_PAPER)
        p.drawEllipse(c, h, h)
        if self._state == _IDLE:  # a circular arrow: "turn me"
            r = h * 0.55
            pen = QPen(_INK, max(2.0, h / 7), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawArc(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), 100 * 16, -290 * 16)
            tip = QPointF(c.x() + r * math.cos(math.radians(100)), c.y() - r * math.sin(math.radians(100)))
            head = QPainterPath(tip + QPointF(-h * 0.32, -h * 0.18))
            head.lineTo(tip + QPointF(h * 0.12, 0))
            head.lineTo(tip + QPointF(-h * 0.28, h * 0.26))
            head.closeSubpath()
            p.fillPath(head, _INK)
        elif self._state == _SPINNING and self._reduced_motion:  # still "wait" dots
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(_INK)
            for dx in (-0.45, 0.0, 0.45):
                p.drawEllipse(QPointF(c.x() + dx * h, c.y()), h * 0.13, h * 0.13)

    # -- layout (once per size and wheel) -------------------------------------------------

    def _ensure_layout(self) -> _Layout:
        if self._layout is not None and self._layout.size == self.size():
            return self._layout
        # a practice wheel gives up a band at the bottom to its PRACTICE banner, which
        # so never covers a label, whatever the rotation
        band = min(self.width(), self.height()) * 0.13 if self._practice else 0.0
        side = min(self.width(), self.height() - band)
        margin = max(8.0, side * 0.03)
        pointer_h = side * 0.12
        radius = side / 2 - margin - pointer_h * 0.35
        centre = QPointF(self.width() / 2, (self.height() - band) / 2 + pointer_h * 0.2)
        hub = radius * 0.13
        dpr = self.devicePixelRatioF()
        texture_px = max(10, round(radius / 13))
        sectors = []
        for i, ((start, span), text) in enumerate(zip(self._angles, self._labels)):
            colour, kind = _style(self._design, i)
            ink = _ink_for(colour)
            distance, room = _label_circle(span, radius, hub)
            label = self._label_pixmap(text, room, radius, colour, ink, dpr)
            sectors.append(_Sector(path=_pie(start, span, radius), colour=colour,
                                   fill=_fill(colour, kind, texture_px, ink), label=label,
                                   mid=start + span / 2, distance=distance))
        pointer = QPainterPath(QPointF(centre.x() - pointer_h * 0.45, centre.y() - radius - pointer_h * 0.35))
        pointer.lineTo(centre.x() + pointer_h * 0.45, centre.y() - radius - pointer_h * 0.35)
        pointer.lineTo(centre.x(), centre.y() - radius + pointer_h * 0.65)
        pointer.closeSubpath()
        banner, banner_at = None, QPointF()
        if self._practice:
            banner = self._text_pixmap(self.tr("PRACTICE"), lambda w, h: w <= 0.9 * self.width() and h <= band,
                                       0.9 * self.width(), int(band * 0.6), QColor(_YELLOW), _INK, dpr,
                                       border=max(2.0, band / 20))
            bw, bh = banner.width() / dpr, banner.height() / dpr
            banner_at = QPointF(round((self.width() - bw) / 2), round(self.height() - band / 2 - bh / 2))
        self._layout = _Layout(size=self.size(), centre=centre, radius=radius, hub=hub,
                               sectors=sectors, pointer=pointer, banner=banner, banner_at=banner_at)
        return self._layout

    def _label_pixmap(self, text: str, room: float, radius: float, colour: QColor, ink: QColor,
                      dpr: float) -> QPixmap:
        """A sector's label, as large as fits in a circle of radius ``room``, on a solid backing."""
        return self._text_pixmap(text, lambda w, h: math.hypot(w, h) <= 2 * room, 2 * room,
                                 int(radius * 0.13), colour, ink, dpr, border=0.0)

    def _callout_pixmap(self, index: int, layout: _Layout) -> QPixmap:
        """The chosen sector's label, large, for the finished wheel."""
        sector, r = layout.sectors[index], layout.radius
        return self._text_pixmap(self._labels[index], lambda w, h: w <= 1.3 * r and h <= 0.5 * r, 1.3 * r,
                                 int(r * 0.16), sector.colour, _ink_for(sector.colour),
                                 self.devicePixelRatioF(), border=max(3.0, r / 60))

    def _text_pixmap(self, text: str, fits, width: float, max_px: int, colour: QColor, ink: QColor,
                     dpr: float, *, border: float) -> QPixmap:
        """``text`` word-wrapped at the largest pixel size (11 to ``max_px``) whose padded
        box satisfies ``fits(w, h)``, drawn on a rounded backing of ``colour``."""
        font = QFont(self.font())
        font.setBold(True)
        flags = int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap)
        best = None  # (score, pixel size, width, height, wrap width)
        for fraction in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4):
            lo, hi = 11, max(12, max_px)
            while lo <= hi:  # largest pixel size whose wrapped text fits
                px = (lo + hi) // 2
                font.setPixelSize(px)
                metrics = QFontMetricsF(font)
                box = metrics.boundingRect(QRectF(0, 0, width * fraction, 1e6), flags, text)
                pad = px * 0.35 + border
                if fits(box.width() + 2 * pad, box.height() + 2 * pad):
                    # a word per line reads badly: each line past two costs 5 % of the size
                    lines = round(box.height() / metrics.lineSpacing())
                    score = px * (1 - 0.05 * max(0, lines - 2))
                    if best is None or score > best[0]:
                        best = (score, px, box.width(), box.height(), width * fraction)
                    lo = px + 1
                else:
                    hi = px - 1
        if best is None:  # a very thin sector: the smallest size, elided to the room there is
            font.setPixelSize(11)
            text = QFontMetricsF(font).elidedText(text, Qt.TextElideMode.ElideRight, max(12.0, 0.8 * width))
            box = QFontMetricsF(font).boundingRect(QRectF(0, 0, 1e6, 1e6), flags, text)
            best = (0, 11, box.width(), box.height(), box.width() + 1)
        _, px, w, h, wrap = best
        font.setPixelSize(px)
        pad = px * 0.35 + border
        pixmap = QPixmap(math.ceil((w + 2 * pad) * dpr), math.ceil((h + 2 * pad) * dpr))
        pixmap.setDevicePixelRatio(dpr)
        pixmap.fill(Qt.GlobalColor.transparent)
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(_INK, border) if border else Qt.PenStyle.NoPen)
        p.setBrush(colour)
        half = border / 2
        p.drawRoundedRect(QRectF(half, half, w + 2 * pad - border, h + 2 * pad - border), pad, pad)
        p.setPen(ink)
        p.setFont(font)
        p.drawText(QRectF(pad + (w - wrap) / 2, pad, wrap, h), flags, text)
        p.end()
        return pixmap


def _draw_centred(p: QPainter, pixmap: QPixmap, centre: QPointF) -> None:
    """Draw ``pixmap`` centred on ``centre``, on whole device pixels so text stays crisp."""
    dpr = pixmap.devicePixelRatio()
    x = centre.x() - pixmap.width() / dpr / 2
    y = centre.y() - pixmap.height() / dpr / 2
    p.drawPixmap(QPointF(round(x * dpr) / dpr, round(y * dpr) / dpr), pixmap)


def _radial(angle: float, radius: float) -> QLineF:
    a = math.radians(angle)
    return QLineF(0, 0, radius * math.sin(a), -radius * math.cos(a))


def _pie(start: float, span: float, radius: float) -> QPainterPath:
    """A sector from the exact float angles (QPainter.drawPie would round them to 1/16°).

    Our angles run clockwise from 12 o'clock; QPainterPath.arcTo's run
    counter-clockwise from 3 o'clock, hence ``90 - start`` and a negative sweep."""
    path = QPainterPath(QPointF(0, 0))
    path.arcTo(QRectF(-radius, -radius, 2 * radius, 2 * radius), 90.0 - start, -span)
    path.closeSubpath()
    return path


def _label_circle(span: float, radius: float, hub: float) -> tuple[float, float]:
    """Centre distance and radius of the largest circle inside a sector of ``span``
    degrees, between the hub and the rim. Upright labels fit it whatever the rotation."""
    half = math.radians(min(span, 180.0) / 2)
    s = math.sin(half)
    room = radius * s / (1 + s)
    distance = radius - room
    if distance - room < hub:  # the hub is in the way: sit between hub and rim
        distance = (radius + hub) / 2
        room = min((radius - hub) / 2, distance * s)
    return distance, room * 0.94
