"""The mark of an answer: what a "Say YES" / "Say NO" / "Say <category>" sector of the wheel
and the button for that answer share, so a respondent who reads poorly can match the button
to the sector the spinner stopped on without reading.

A mark is the sector's colour and texture (:mod:`rrdesk.gui.spinner.style`) and a sign: a tick
for YES, a cross for NO, a shape per category. On the wheel the sector is the swatch and its
label starts with the sign (:func:`rrdesk.gui.wording.sector_label`); on a button the mark is
a painted swatch of that colour and texture with the same sign on it, in the ink that reads
best on the colour. A mark depends on the answer only, never on an outcome.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QIcon, QPainter, QPainterPath, QPen, QPixmap

from rrdesk.core.design import YES
from rrdesk.core.survey import Question
from rrdesk.gui.spinner.style import INK, PAPER, answer_style, fill, ink_for

# Signs from Unicode blocks every desktop font stack covers (Dingbats' plain tick and
# cross, Geometric Shapes, Miscellaneous Symbols' star), none with an emoji presentation,
# so they are drawn as text in the label's own ink, never as a colour picture.
YES_SIGN, NO_SIGN = "\u2713", "\u2717"  # ✓ ✗
CATEGORY_SIGNS = ("\u25cf", "\u25b2", "\u25a0", "\u25c6", "\u2605", "\u25bc")  # ● ▲ ■ ◆ ★ ▼

#: Side of a button's swatch, in pixels: large enough to see the texture and the sign, small
#: enough to leave the words room on a 64 px answer button.
SWATCH = 40

# why a no-break space: the sign never ends up alone on a line of a wrapped label
_JOIN = "\u00a0"


@dataclass(frozen=True)
class Mark:
    """The colour, texture and sign of one answer."""

    colour: QColor
    texture: str
    sign: str


def sign(question: Question, value: int) -> str:
    """The sign of answer ``value`` of ``question`` (YES = 1 / NO = 0, or a choice index)."""
    if question.choices:
        return CATEGORY_SIGNS[value % len(CATEGORY_SIGNS)]
    return YES_SIGN if value == YES else NO_SIGN


def of_answer(question: Question, value: int) -> Mark:
    """The mark of answer ``value``: the look of the sector that says it."""
    colour, texture = answer_style(bool(question.choices), value)
    return Mark(colour, texture, sign(question, value))


def signed(question: Question, value: int, text: str) -> str:
    """``text`` (words about answer ``value``) led by the answer's sign."""
    return sign(question, value) + _JOIN + text


def pixmap(mark: Mark, side: int = SWATCH, dpr: float | None = None) -> QPixmap:
    """The mark as a swatch: the colour and texture in a rounded square with a dark rim,
    the sign in the middle, in the ink that reads on the colour, with a halo of the other
    ink so it reads on the texture too."""
    if dpr is None:
        screen = QGuiApplication.primaryScreen()
        dpr = screen.devicePixelRatio() if screen is not None else 1.0
    out = QPixmap(round(side * dpr), round(side * dpr))
    out.setDevicePixelRatio(dpr)
    out.fill(Qt.GlobalColor.transparent)
    ink = ink_for(mark.colour)
    p = QPainter(out)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    rim = max(2.0, side / 16)
    box = QRectF(rim / 2, rim / 2, side - rim, side - rim)
    p.setPen(QPen(INK, rim))
    p.setBrush(fill(mark.colour, mark.texture, max(6, side // 4), ink))
    p.drawRoundedRect(box, side / 6, side / 6)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(round(side * 0.62))
    path = QPainterPath()
    path.addText(QPointF(0, 0), font, mark.sign)
    bounds = path.boundingRect()
    path.translate(side / 2 - bounds.center().x(), side / 2 - bounds.center().y())
    halo = PAPER if ink == INK else INK
    p.strokePath(path, QPen(halo, max(2.0, side / 10), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                            Qt.PenJoinStyle.RoundJoin))
    p.fillPath(path, ink)
    p.end()
    return out


def icon(mark: Mark, side: int = SWATCH) -> QIcon:
    """The mark as a button icon (the same picture enabled, checked or not)."""
    return QIcon(pixmap(mark, side))
