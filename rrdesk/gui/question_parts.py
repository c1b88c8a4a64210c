"""Two small parts of the question screen (:mod:`rrdesk.gui.question`) that show nothing of
the question: the neutral page shown while the interviewer is called, and the inline "skip
this question?" confirmation (on the screen itself: no dialog box for the respondent).
"""
from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from rrdesk.core.wording import Words
from rrdesk.gui.audio import voiced
from rrdesk.gui.widgets import button, label


class CoverPage(QWidget):
    """What hides a question while the interviewer comes: neutral words (nothing about the
    question, its wheel or its outcome) and one button back to the question."""

    def __init__(self, words: Words, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words = words
        self.setObjectName("cover")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(40, 24, 40, 24)
        layout.setSpacing(20)
        layout.addStretch(1)
        layout.addWidget(voiced(label(self.words("interviewer_coming"), "title", center=True), words, "interviewer_coming"))
        layout.addWidget(voiced(label(self.words("question_hidden"), "body", center=True), words, "question_hidden"))
        row = QHBoxLayout()
        row.addStretch(1)
        self.back = button(self.words("back_to_question"))
        row.addWidget(self.back)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(1)


class SkipConfirm(QWidget):
    """"Skip this question?" with [Yes, skip it] and [Go back]; only the first one skips."""

    def __init__(self, words: Words, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words = words
        self.setObjectName("skip-confirm")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10)
        layout.addWidget(voiced(label(self.words("skip_question"), "subtitle"), words, "skip_question"))
        row = QHBoxLayout()
        row.setSpacing(14)
        self.skip = button(self.words("skip_yes"), "quiet")
        self.back = button(self.words("go_back"))
        row.addWidget(self.skip)
        row.addWidget(self.back)
        row.addStretch(1)
        layout.addLayout(row)
