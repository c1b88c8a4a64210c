"""Painting one frame of the spinner from its :class:`~rrdesk.gui.spinner.layout.Layout`.

The wheel turns clockwise behind a fixed pointer, a large dark arrow at 12 o'clock;
labels stay upright whatever the rotation. Once the wheel has stopped, the chosen
sector is outlined, the others are faded, and only the outcome is labelled.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap

from rrdesk.gui.spinner.layout import Layout
from rrdesk.gui.spinner.style import INK, PAPER

#: What the hub shows: a circular arrow on an idle wheel ("turn me"), still dots
#: while a reduced-motion wheel waits, nothing otherwise.
TURN, WAIT = "turn", "wait"


def paint_frame(p: QPainter, layout: Layout, angles: Sequence[tuple[float, float]], rotation: float,
                chosen: int | None, focus: QColor | None, hub: str | None) -> None:
    """Paint the wheel turned by ``rotation`` degrees; ``chosen`` is the outcome's sector
    once the wheel has stopped (its callout already in ``layout``), ``focus`` the colour of
    the focus ring, ``hub`` :data:`TURN`, :data:`WAIT` or ``None``."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    ink = QPen(INK, max(2.0, layout.radius / 80))
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
        for start, _ in angles:
            p.drawLine(_radial(start, layout.radius))
    p.drawEllipse(QPointF(0, 0), layout.radius, layout.radius)
    if chosen is not None:
        p.strokePath(layout.sectors[chosen].path, QPen(INK, max(4.0, layout.radius / 40)))
    p.restore()

    if layout.banner is not None:
        p.drawPixmap(layout.banner_at, layout.banner)

    # once the wheel has stopped only the outcome is labelled (large, in the callout below):
    # faded neighbours' labels could sit under the callout and blur which one was chosen
    for sector in layout.sectors if chosen is None else ():
        theta = math.radians(sector.mid + rotation)
        draw_centred(p, sector.label, layout.centre + QPointF(sector.distance * math.sin(theta),
                                                              -sector.distance * math.cos(theta)))
    if chosen is not None:  # the outcome, large, just under the pointer
        assert layout.callout is not None, "the widget makes the outcome's callout with the outcome"
        draw_centred(p, layout.callout[1], layout.centre - QPointF(0, 0.5 * layout.radius))

    if focus is not None:
        p.setPen(QPen(focus, 3, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(layout.centre, layout.radius + 6, layout.radius + 6)
    _paint_hub(p, layout, hub)
    p.fillPath(layout.pointer, INK)
    p.strokePath(layout.pointer, QPen(PAPER, max(2.0, layout.radius / 70)))


def _paint_hub(p: QPainter, layout: Layout, sign: str | None) -> None:
    c, h = layout.centre, layout.hub
    p.setPen(QPen(INK, max(2.0, h / 12)))
    p.setBrush(PAPER)
    p.drawEllipse(c, h, h)
    if sign == TURN:  # a circular arrow: "turn me"
        r = h * 0.55
        pen = QPen(INK, max(2.0, h / 7), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawArc(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), 100 * 16, -290 * 16)
        tip = QPointF(c.x() + r * math.cos(math.radians(100)), c.y() - r * math.sin(math.radians(100)))
        head = QPainterPath(tip + QPointF(-h * 0.32, -h * 0.18))
        head.lineTo(tip + QPointF(h * 0.12, 0))
        head.lineTo(tip + QPointF(-h * 0.28, h * 0.26))
        head.closeSubpath()
        p.fillPath(head, INK)
    elif sign == WAIT:  # still "wait" dots
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(INK)
        for dx in (-0.45, 0.0, 0.45):
            p.drawEllipse(QPointF(c.x() + dx * h, c.y()), h * 0.13, h * 0.13)


def draw_centred(p: QPainter, pixmap: QPixmap, centre: QPointF) -> None:
    """Draw ``pixmap`` centred on ``centre``, on whole device pixels so text stays crisp."""
    dpr = pixmap.devicePixelRatio()
    x = centre.x() - pixmap.width() / dpr / 2
    y = centre.y() - pixmap.height() / dpr / 2
    p.drawPixmap(QPointF(round(x * dpr) / dpr, round(y * dpr) / dpr), pixmap)


def _radial(angle: float, radius: float) -> QLineF:
    a = math.radians(angle)
    return QLineF(0, 0, radius * math.sin(a), -radius * math.cos(a))
