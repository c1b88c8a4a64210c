"""The spinner's colours and textures: which sector looks how, and which ink reads on it.

Colours take the hues of the Okabe & Ito palette (distinguishable with the common
colour-vision deficiencies), each sector also has its own texture so colour is
never the only cue, and label text is black or white, whichever contrasts more.
Without colour at all (a greyscale screen, a monochrome print, low vision) sectors are told
apart by lightness or by a sign: "answer truthfully" is pale and every other sector dark
enough that the two differ by a luminance ratio of at least 3:1 as painted (texture
included; ``tests/test_gui_spinner.py`` measures it); two sectors that name answers differ by
their signs (✓ ✗ ● ▲ …, on the wheel and on the answer buttons).
"""
from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPixmap

from rrdesk.core.design import YES, Act, Design

# Okabe & Ito (2008), "Color Universal Design": distinguishable under protanopia,
# deuteranopia and tritanopia. Fixed colours per instruction, so "say YES" looks the
# same on every question of a survey. Lightness moved for greyscale: the sky of "answer
# truthfully" is paled (luminance 0.81), and orange, green, purple and the categories' gold
# (Okabe & Ito's yellow, darkened) are darkened to 0.23 or less as painted, so truth and any
# other sector differ by >= 3:1; each keeps >= 4.5:1 with its label's ink.
SKY, ORANGE, BLUE, GREEN = "#D0EDFB", "#C47A00", "#0072B2", "#00936B"
YELLOW, VERMILLION, PURPLE, GOLD = "#F0E442", "#D55E00", "#A0527F", "#968300"  # YELLOW: the PRACTICE banner
INK, PAPER = QColor("#141414"), QColor("#FFFFFF")
_KARY = [(ORANGE, "stripes"), (BLUE, "dots"), (GREEN, "grid"), (GOLD, "backstripes"),
         (PURPLE, "rings"), (VERMILLION, "stripes")]


def style(design: Design, index: int) -> tuple[QColor, str]:
    """Base colour and texture of sector ``index``."""
    instruction = design.sectors[index].instruction
    if instruction.act is Act.TRUTH:
        return QColor(SKY), "plain"
    if instruction.act is Act.OPPOSITE:
        return QColor(VERMILLION), "grid"
    if instruction.act is Act.OTHER:
        return QColor(GREEN), "dots"
    return answer_style(design.kind == "kary", instruction.value)


def answer_style(categories: bool, value: int) -> tuple[QColor, str]:
    """Colour and texture of the sector that says answer ``value`` (YES = 1 / NO = 0, or a
    category index when ``categories``): the answer buttons for ``value`` wear the same, so
    a button can be matched to the sector without reading (:mod:`rrdesk.gui.marks`)."""
    if categories:
        colour, texture = _KARY[value % len(_KARY)]
        return QColor(colour), texture
    return (QColor(ORANGE), "stripes") if value == YES else (QColor(BLUE), "dots")


def luminance(c: QColor) -> float:
    """The relative luminance of a colour (WCAG 2), from 0 (black) to 1 (white)."""
    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """The WCAG 2 contrast ratio of two colours, from 1 to 21."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def ink_for(background: QColor) -> QColor:
    """Black or white text, whichever has the higher WCAG contrast ratio."""
    return INK if contrast(INK, background) >= contrast(PAPER, background) else PAPER


def fill(colour: QColor, kind: str, size: int, ink: QColor) -> QBrush:
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
