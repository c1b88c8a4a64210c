"""Pictures that explain the wheels before the questions: one card per wheel kind.

A respondent who reads poorly learns from a picture: each card shows a small wheel painted
from the question's own sectors (the colours and textures of :mod:`rrdesk.gui.spinner.style`,
the angles of :mod:`rrdesk.gui.spinner.path`, the pointer at 12 o'clock), then, for each
thing the wheel can say, a chip of that sector's colour, an arrow, and the words written on
the wheel; then at most two short sentences. The wheel drawn is the one the questions use,
so what is explained is what will be seen. Nothing here knows an outcome.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from rrdesk.core.design import Design
from rrdesk.core.survey import Question, Survey
from rrdesk.core.wording import Words
from rrdesk.gui import audio, wording
from rrdesk.gui.spinner import path as spin_path
from rrdesk.gui.spinner.layout import pie
from rrdesk.gui.spinner.style import INK, PAPER, fill, ink_for, style
from rrdesk.gui.widgets import label

#: Side of a card's small wheel, in pixels: big enough to see each sector's texture,
#: small enough that a card beside its text fits a 683 px wide window.
PICTURE = 112
#: Its side on an explanation page of a window that is not small: a page per kind has the room.
LARGE_PICTURE = 200
#: Side of a colour chip in front of what a sector says: a fingertip's size, so the chip
#: reads as "this colour" without a legend.
CHIP = 40


def one_per_kind(survey: Survey) -> list[Question]:
    """The first question of each wheel kind the survey uses, in the order the questions use
    them (its wheel stands for the kind in the explanation and in the practice)."""
    seen: dict[str, Question] = {}
    for q in survey.randomized:
        # an unrelated question whose innocuous prevalence is unknown spins the same two-question
        # wheel as one whose prevalence is known: one page explains both
        seen.setdefault("unrelated" if q.other_question else q.kind, q)
    return list(seen.values())


def sector_kinds(question: Question, lang: str | Words) -> list[tuple[int, str]]:
    """(first sector index, words on the wheel) for each different thing the wheel says, in
    the wheel's order (two sectors that say the same words count as one)."""
    out: dict[str, int] = {}
    for i, text in enumerate(wording.wheel_labels(question, lang)):
        out.setdefault(text, i)
    return [(i, text) for text, i in out.items()]


class WheelPicture(QWidget):
    """A small still wheel: the design's sectors in their colours and textures, and the pointer."""

    def __init__(self, design: Design, name: str, side: int = PICTURE, parent: QWidget | None = None, *,
                 shows: Sequence[str] = ()) -> None:
        super().__init__(parent)
        self.design = design
        self._angles = spin_path.sector_angles(design)
        self.setFixedSize(side, side)
        self.setAccessibleName(name)  # "Picture of the wheel", in the respondent's language
        self.setAccessibleDescription("; ".join(shows))  # what it shows: the words of each kind of sector

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        side = min(self.width(), self.height())
        pointer = side * 0.16
        radius = (side - pointer) / 2 - 2
        centre = QPointF(self.width() / 2, pointer + radius - 1)
        p.translate(centre)
        for i, (start, span) in enumerate(self._angles):
            colour, texture = style(self.design, i)
            p.fillPath(pie(start, span, radius), fill(colour, texture, max(6, round(radius / 6)), ink_for(colour)))
        p.setPen(QPen(INK, 2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        for start, span in self._angles:
            p.drawPath(pie(start, span, radius))
        p.setBrush(PAPER)
        p.drawEllipse(QPointF(0, 0), radius * 0.14, radius * 0.14)
        arrow = QPainterPath(QPointF(-pointer * 0.5, -radius - pointer * 0.9))
        arrow.lineTo(pointer * 0.5, -radius - pointer * 0.9)
        arrow.lineTo(0, -radius + pointer * 0.4)
        arrow.closeSubpath()
        p.fillPath(arrow, INK)
        p.end()


class Chip(QWidget):
    """A chip of one sector's colour and texture and an arrow: "this colour → do this" (the
    arrow points from the chip to the words: leftwards in a right-to-left language)."""

    def __init__(self, design: Design, index: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.colour, self.texture = style(design, index)
        self.setFixedSize(QSize(CHIP * 2, CHIP))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.layoutDirection() == Qt.LayoutDirection.RightToLeft:  # the chip on the right, the words left
            p.translate(self.width(), 0)
            p.scale(-1, 1)
        box = QRectF(2, 2, CHIP - 4, CHIP - 4)
        p.setPen(QPen(INK, 2))
        p.setBrush(fill(self.colour, self.texture, 10, ink_for(self.colour)))
        p.drawRoundedRect(box, 6, 6)
        y = CHIP / 2
        p.setPen(QPen(INK, 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawLine(QPointF(CHIP + 6, y), QPointF(2 * CHIP - 10, y))
        head = QPainterPath(QPointF(2 * CHIP - 2, y))
        head.lineTo(2 * CHIP - 14, y - 8)
        head.lineTo(2 * CHIP - 14, y + 8)
        head.closeSubpath()
        p.fillPath(head, INK)
        p.end()


class KindCard(QWidget):
    """One wheel kind: its small wheel, what each colour says, and one or two sentences."""

    def __init__(self, question: Question, lang: str | Words, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words = wording.words_of(lang)
        self.setLayoutDirection(wording.direction(self.words))  # before its widgets: their text lays out in it
        self.setObjectName(f"kind-{question.kind}")
        self.kind = question.kind
        self.other_question = question.other_question  # unrelated, unrelated_unknown: a two-question wheel
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)  # why: a page of the explanation: the screen has the margins
        row.setSpacing(16)
        design = wording.design_of(question)
        kinds = sector_kinds(question, self.words)
        self.picture = WheelPicture(design, self.words("wheel_picture"), shows=[words for _, words in kinds])
        row.addWidget(self.picture, 0, Qt.AlignmentFlag.AlignTop)
        text = QVBoxLayout()
        text.setSpacing(6)
        self.says: list[str] = []
        for index, words in kinds:
            line = QHBoxLayout()
            line.setSpacing(8)
            line.addWidget(Chip(design, index), 0, Qt.AlignmentFlag.AlignVCenter)
            line.addWidget(label(words, "subtitle"), 1, Qt.AlignmentFlag.AlignVCenter)
            speaker = audio.voice(self.words, wording.sector_name(question, design.sectors[index].instruction))
            if speaker is not None:  # what this colour says, read aloud
                line.addWidget(speaker, 0, Qt.AlignmentFlag.AlignVCenter)
            text.addLayout(line)
            self.says.append(words)
        self.sentences = label(self.words(self._sentences()), "body")
        text.addWidget(audio.voiced(self.sentences, self.words, self._sentences()))
        text.addStretch(1)  # why: on a tall page the rows stay together at the top, not spread over it
        row.addLayout(text, 1)

    def _sentences(self) -> str:
        """The name of at most two short sentences: what the wheel asks, and why that protects you."""
        if self.kind == "warner":
            return "explain_warner"
        if self.other_question:
            return "explain_unrelated"
        if self.kind == "kary":
            return "explain_kary"
        return "explain_forced"


def kind_cards(questions: Sequence[Question], lang: str | Words) -> list[KindCard]:
    """One card per question given (one per wheel kind: see :func:`one_per_kind`)."""
    return [KindCard(q, lang) for q in questions]
