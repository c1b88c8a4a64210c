"""The consent screen of a survey with ``[consent]``, and the screen after a refusal.

Shown to the respondent after the language and before the explanation, in their words and
direction: the survey's consent text, then two big buttons, Yes and No. Yes writes the
interview's ``start`` record (its direct answers, held in memory until then); No writes a
``refused`` record that holds nothing the respondent said (``Station.refuse``) and shows
:class:`RefusedScreen`. Until one of them is tapped nothing of the interview is on disk, so a
kill here leaves no interview behind (and no direct answer).
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal, SignalInstance, Slot
from PySide6.QtWidgets import QVBoxLayout, QWidget

from rrdesk.core.wording import Words
from rrdesk.gui import wording
from rrdesk.gui.audio import voiced
from rrdesk.gui.widgets import button, focus_on_page, label


def _page(parent: QWidget) -> QVBoxLayout:
    outer = QVBoxLayout(parent)
    outer.setContentsMargins(48, 32, 48, 32)
    outer.setSpacing(20)
    return outer


class ConsentScreen(QWidget):
    """The survey's consent text and Yes / No; each answer is given once."""

    agreed = Signal()
    refused = Signal()

    def __init__(self, text: str, words: Words | str = "en", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words = wording.words_of(words)
        self.setLayoutDirection(wording.direction(self.words))  # before its widgets: their text lays out in it
        self.setObjectName("consent")
        outer = _page(self)
        outer.addWidget(voiced(label(self.words("consent_title"), "headline", center=True), self.words, "consent_title"))
        self.text = label(text, "explain")
        outer.addWidget(self.text)
        outer.addStretch(1)
        self.yes = button(self.words("consent_yes"), "start")
        self.no = button(self.words("consent_no"), "start")
        for b, name in ((self.yes, "consent_yes"), (self.no, "consent_no")):
            outer.addWidget(voiced(b, self.words, name))
        outer.addStretch(1)
        self.yes.clicked.connect(lambda: self._answer(self.agreed))
        self.no.clicked.connect(lambda: self._answer(self.refused))
        focus_on_page(self, self.words("consent_title"))  # why: a stray Enter must not agree

    def _answer(self, signal: SignalInstance) -> None:
        # why both off: a double tap, or Yes then No, must not write two records
        self.yes.setEnabled(False)
        self.no.setEnabled(False)
        signal.emit()


class RefusedScreen(QWidget):
    """After a No: thanks, nothing was saved about the respondent, hand the laptop back."""

    done = Signal()

    def __init__(self, words: Words | str = "en", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words = wording.words_of(words)
        self.setLayoutDirection(wording.direction(self.words))
        self.setObjectName("refused")
        outer = _page(self)
        outer.addStretch(1)
        outer.addWidget(voiced(label(self.words("refused_thanks"), "headline", center=True), self.words,
                               "refused_thanks"))
        outer.addStretch(1)
        self.back = button(self.words("done_interviewer"), "quiet")
        outer.addWidget(self.back, 0, Qt.AlignmentFlag.AlignHCenter)
        outer.addStretch(1)
        self.back.clicked.connect(self._done)
        focus_on_page(self, self.words("refused_thanks"))

    @Slot()
    def _done(self) -> None:
        self.back.setEnabled(False)
        self.done.emit()
