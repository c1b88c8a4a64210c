"""The spinner's geometry, built once per size and wheel: where the wheel, its
sectors, their labels, the pointer and the PRACTICE banner go, and the label pixmaps.

Labels stay upright and as large as their sector allows: each sits in the largest
circle inside its sector, so it fits whatever the rotation. Nothing here knows the
outcome; the finished wheel's callout is drawn on demand by :func:`callout_pixmap`.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap

from rrdesk.core.design import Design
from rrdesk.gui.spinner.style import INK, YELLOW, fill, ink_for, style

MIN_PX = 11  # why: the least a label is drawn at while it fits (11 px reads at arm's length at 100 %)
SMALLEST_PX = 8  # why: on a small wheel, smaller type before a cut word; 8 px is 16 device px at 200 %


@dataclass
class Sector:
    path: QPainterPath  # in wheel coordinates: origin at the hub, 12 o'clock is -y
    colour: QColor
    fill: QBrush  # colour and texture
    label: QPixmap  # upright label on its own backing, device-pixel sized
    mid: float  # wheel angle of the label's centre (degrees clockwise from 12 o'clock)
    distance: float  # from the hub to the label's centre


@dataclass
class Layout:
    size: QSize
    centre: QPointF
    radius: float
    hub: float
    sectors: list[Sector]
    pointer: QPainterPath
    banner: QPixmap | None  # PRACTICE, under the wheel
    banner_at: QPointF
    callout: tuple[int, QPixmap] | None = None  # the finished wheel's outcome label; until reset


def build_layout(size: QSize, design: Design, angles: Sequence[tuple[float, float]], labels: Sequence[str],
                 font: QFont, dpr: float, banner_text: str | None) -> Layout:
    """The layout of ``design``'s wheel in a widget of ``size``; ``banner_text`` (the
    translated PRACTICE, or ``None``) makes it a practice wheel."""
    width, height = size.width(), size.height()
    # a practice wheel gives up a band at the bottom to its PRACTICE banner, which
    # so never covers a label, whatever the rotation
    band = min(width, height) * 0.13 if banner_text is not None else 0.0
    side = min(width, height - band)
    margin = max(8.0, side * 0.03)
    pointer_h = side * 0.12
    radius = side / 2 - margin - pointer_h * 0.35
    centre = QPointF(width / 2, (height - band) / 2 + pointer_h * 0.2)
    hub = radius * 0.13
    texture_px = max(10, round(radius / 13))
    sectors = []
    for i, ((start, span), text) in enumerate(zip(angles, labels)):
        colour, kind = style(design, i)
        ink = ink_for(colour)
        distance, room = label_circle(span, radius, hub)
        label = _label_pixmap(font, text, room, radius, colour, ink, dpr)
        sectors.append(Sector(path=pie(start, span, radius), colour=colour,
                              fill=fill(colour, kind, texture_px, ink), label=label,
                              mid=start + span / 2, distance=distance))
    pointer = QPainterPath(QPointF(centre.x() - pointer_h * 0.45, centre.y() - radius - pointer_h * 0.35))
    pointer.lineTo(centre.x() + pointer_h * 0.45, centre.y() - radius - pointer_h * 0.35)
    pointer.lineTo(centre.x(), centre.y() - radius + pointer_h * 0.65)
    pointer.closeSubpath()
    banner, banner_at = None, QPointF()
    if banner_text is not None:
        banner = text_pixmap(font, banner_text, lambda w, h: w <= 0.9 * width and h <= band,
                             0.9 * width, int(band * 0.6), QColor(YELLOW), INK, dpr,
                             border=max(2.0, band / 20))
        bw, bh = banner.width() / dpr, banner.height() / dpr
        banner_at = QPointF(round((width - bw) / 2), round(height - band / 2 - bh / 2))
    return Layout(size=size, centre=centre, radius=radius, hub=hub,
                  sectors=sectors, pointer=pointer, banner=banner, banner_at=banner_at)


def _label_pixmap(font: QFont, text: str, room: float, radius: float, colour: QColor, ink: QColor,
                  dpr: float) -> QPixmap:
    """A sector's label, as large as fits in a circle of radius ``room``, on a solid backing."""
    return text_pixmap(font, text, lambda w, h: math.hypot(w, h) <= 2 * room, 2 * room,
                       int(radius * 0.13), colour, ink, dpr, border=0.0)


def callout_pixmap(font: QFont, text: str, index: int, layout: Layout, dpr: float) -> QPixmap:
    """The chosen sector's label (``text``), large, for the finished wheel."""
    sector, r = layout.sectors[index], layout.radius
    return text_pixmap(font, text, lambda w, h: w <= 1.3 * r and h <= 0.5 * r, 1.3 * r,
                       int(r * 0.16), sector.colour, ink_for(sector.colour), dpr, border=max(3.0, r / 60))


def text_pixmap(font: QFont, text: str, fits: Callable[[float, float], bool], width: float, max_px: int,
                colour: QColor, ink: QColor, dpr: float, *, border: float) -> QPixmap:
    """``text`` in a bold ``font``, word-wrapped at the largest pixel size (11 to ``max_px``)
    whose padded box satisfies ``fits(w, h)``, drawn on a rounded backing of ``colour``."""
    font = QFont(font)
    font.setBold(True)
    flags = int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap)
    text, (_, px, w, h, wrap) = fitted(font, text, fits, width, max_px, border)
    font.setPixelSize(px)
    pad = px * 0.35 + border
    pixmap = QPixmap(math.ceil((w + 2 * pad) * dpr), math.ceil((h + 2 * pad) * dpr))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(INK, border) if border else Qt.PenStyle.NoPen)
    p.setBrush(colour)
    half = border / 2
    p.drawRoundedRect(QRectF(half, half, w + 2 * pad - border, h + 2 * pad - border), pad, pad)
    p.setPen(ink)
    p.setFont(font)
    p.drawText(QRectF(pad + (w - wrap) / 2, pad, wrap, h), flags, text)
    p.end()
    return pixmap


def fitted(font: QFont, text: str, fits: Callable[[float, float], bool], width: float, max_px: int,
           border: float) -> tuple[str, tuple[float, int, float, float, float]]:
    """The text to draw (``text``, or on a thin sector its mark alone) and its (score, pixel
    size, width, height, wrap width): the largest that fits, never a word cut short."""
    flags = int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap)
    best = _largest_fit(font, text, fits, width, MIN_PX, max_px, flags, border)
    if best is None:  # a small wheel: smaller type, down to the least that still reads
        best = _largest_fit(font, text, fits, width, SMALLEST_PX, MIN_PX - 1, flags, border)
    if best is None and not text[:1].isalnum() and len(text.split(maxsplit=1)) == 2:  # a thin sector: its
        text = text.split(maxsplit=1)[0]  # mark alone (✓ ✗ ■ ▲ …), as on its answer button; never "Di…"
        best = _largest_fit(font, text, fits, width, SMALLEST_PX, max(SMALLEST_PX, max_px), flags,
                            border)
    if best is None:  # nothing fits: the words whole at the smallest size, over the sector's edge
        font.setPixelSize(SMALLEST_PX)
        metrics = QFontMetricsF(font)
        wrap = max([12.0, width] + [metrics.horizontalAdvance(word) for word in text.split(" ")])
        box = metrics.boundingRect(QRectF(0, 0, wrap, 1e6), flags, text)
        best = (0, SMALLEST_PX, box.width(), box.height(), wrap)
    return text, best


def _largest_fit(font: QFont, text: str, fits: Callable[[float, float], bool], width: float, lo_px: int,
                 hi_px: int, flags: int, border: float) -> tuple[float, int, float, float, float] | None:
    """(score, pixel size, width, height, wrap width) of the largest size in [lo_px, hi_px]
    whose word-wrapped ``text`` fits, or None; a word is never broken."""
    best = None
    for fraction in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4):
        lo, hi = lo_px, max(lo_px, hi_px)
        while lo <= hi:  # largest pixel size whose wrapped text fits
            px = (lo + hi) // 2
            font.setPixelSize(px)
            metrics = QFontMetricsF(font)
            box = metrics.boundingRect(QRectF(0, 0, width * fraction, 1e6), flags, text)
            pad = px * 0.35 + border
            if fits(box.width() + 2 * pad, box.height() + 2 * pad) and _whole_words(metrics, text, width * fraction):
                # a word per line reads badly: each line past two costs 5 % of the size
                lines = round(box.height() / metrics.lineSpacing())
                score = px * (1 - 0.05 * max(0, lines - 2))
                if best is None or score > best[0]:
                    best = (score, px, box.width(), box.height(), width * fraction)
                lo = px + 1
            else:
                hi = px - 1
    return best


def _whole_words(metrics: QFontMetricsF, text: str, width: float) -> bool:
    """Every unbreakable run fits the wrap width (Qt would otherwise break a word inside it);
    a no-break space (French « », a mark and its words) joins its neighbours."""
    return all(metrics.horizontalAdvance(word) <= width for word in text.replace("\n", " ").split(" "))


def pie(start: float, span: float, radius: float) -> QPainterPath:
    """A sector from the exact float angles (QPainter.drawPie would round them to 1/16°).

    Our angles run clockwise from 12 o'clock; QPainterPath.arcTo's run
    counter-clockwise from 3 o'clock, hence ``90 - start`` and a negative sweep."""
    path = QPainterPath(QPointF(0, 0))
    path.arcTo(QRectF(-radius, -radius, 2 * radius, 2 * radius), 90.0 - start, -span)
    path.closeSubpath()
    return path


def label_circle(span: float, radius: float, hub: float) -> tuple[float, float]:
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
