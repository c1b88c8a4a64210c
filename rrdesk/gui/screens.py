"""The simple screens of an interview: hand-over, language, explanation,
"nobody can see this screen", thanks. Each is built when it is shown (so it speaks the language in force then) and
deleted when it is left. The spinner screens are in :mod:`rrdesk.gui.question`, the direct
questions in :mod:`rrdesk.gui.direct`.
"""
from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QVBoxLayout,
    QWidget,
)

from rrdesk.core.survey import Question
from rrdesk.core.wording import Words
from rrdesk.gui import explain, wording
from rrdesk.gui.i18n import language_name
from rrdesk.gui.widgets import button, focus_on_page, label, tab_order


def _page(parent: QWidget) -> QVBoxLayout:
    outer = QVBoxLayout(parent)
    outer.setContentsMargins(48, 32, 48, 32)
    outer.setSpacing(20)
    return outer


class HandoverScreen(QWidget):
    """"Please hand the laptop to the respondent"; the interviewer may stop the interview
    here, after confirming on the screen itself (stopping cannot be undone)."""

    ready = Signal()
    stopped = Signal()

    def __init__(self, number: int, start: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handover")
        outer = _page(self)
        outer.addStretch(1)
        outer.addWidget(label(self.tr("Please hand the laptop to the respondent."), "headline", center=True))
        outer.addWidget(label(self.tr("Interview {number}").format(number=number), "hint", center=True))
        outer.addStretch(1)
        self.start = button(start or self.tr("I am the respondent: start"))  # the respondent's words, if known
        outer.addWidget(self.start, 0, Qt.AlignmentFlag.AlignHCenter)
        outer.addStretch(1)
        row = QHBoxLayout()
        self.stop = button(self.tr("Stop this interview"), "quiet")
        row.addWidget(self.stop)
        row.addStretch(1)
        outer.addLayout(row)
        self.confirm = QFrame()
        self.confirm.setObjectName("confirm-stop")
        panel = QVBoxLayout(self.confirm)
        panel.setContentsMargins(0, 0, 0, 0)
        panel.addWidget(label(self.tr("Stop interview {number}? The questions not asked are marked not asked.")
                              .format(number=number), "subtitle"))
        choices = QHBoxLayout()
        self.confirm_stop = button(self.tr("Yes, stop it"), "quiet")
        self.go_back = button(self.tr("Go back"))
        choices.addWidget(self.confirm_stop)
        choices.addStretch(1)
        choices.addWidget(self.go_back)
        panel.addLayout(choices)
        self.confirm.hide()
        outer.addWidget(self.confirm)
        self.start.clicked.connect(self.ready)
        self.stop.clicked.connect(self._ask)
        self.go_back.clicked.connect(self._back)
        self.confirm_stop.clicked.connect(self._confirmed)
        tab_order([self.start, self.stop, self.go_back, self.confirm_stop])
        self.setFocusProxy(self.start)

    @Slot()
    def _ask(self) -> None:
        self.stop.hide()
        self.confirm.show()
        self.go_back.setFocus()  # why: Enter on the first focus must not stop the interview

    @Slot()
    def _back(self) -> None:
        self.confirm.hide()
        self.stop.show()
        self.stop.setFocus()

    @Slot()
    def _confirmed(self) -> None:
        self.confirm_stop.setEnabled(False)  # why: a second tap does not ask to close it twice
        self.go_back.setEnabled(False)
        self.stopped.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() == Qt.Key.Key_Escape and self.confirm.isVisible():
            self._back()
            event.accept()
            return
        super().keyPressEvent(event)


class LanguageScreen(QWidget):
    """The respondent picks a language, each shown by its own name, under "Choose your
    language" in each of the survey's languages (nobody knows yet which one they read)."""

    chosen = Signal(str)

    def __init__(self, languages: Sequence[str], words: Sequence[Words] = (),
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("language")
        outer = _page(self)
        outer.addStretch(1)
        titles = [w("choose_language") for w in (words or [wording.words_of(code) for code in languages])]
        for title in dict.fromkeys(titles):
            outer.addWidget(label(title, "headline", center=True))
        self.buttons = []
        for code in languages:
            b = button(language_name(code), "choice")
            b.setMinimumWidth(360)
            b.clicked.connect(lambda _=False, c=code: self.chosen.emit(c))
            outer.addWidget(b, 0, Qt.AlignmentFlag.AlignHCenter)
            self.buttons.append(b)
        outer.addStretch(2)
        focus_on_page(self, " / ".join(dict.fromkeys(titles)))


class ExplanationScreen(QWidget):
    """How the wheel protects the respondent: three short lines, then one picture per wheel
    kind the survey uses (:mod:`rrdesk.gui.explain`)."""

    next = Signal()

    def __init__(self, questions: Sequence[Question], lang: str | Words, assisted: bool,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words = wording.words_of(lang)
        self.setLayoutDirection(wording.direction(self.words))  # before its widgets: their text lays out in it
        self.setObjectName("explanation")
        outer = _page(self)
        outer.addWidget(label(self.words("how_it_works"), "title"))
        column = QVBoxLayout()
        column.setSpacing(10)
        lines = [self.words("wheel_decides"),
                 self.words("yes_not_admission"),
                 self.words("only_after_spin")]
        if assisted:
            lines.append(self.words("true_answer_not_saved"))
        for text in lines:
            column.addWidget(label(text, "subtitle"))
        self.cards = explain.kind_cards(questions, self.words)
        for card in self.cards:
            column.addWidget(card)
        outer.addLayout(column)
        outer.addStretch(1)  # why no scroll area of its own: the window scrolls a screen taller than it
        row = QHBoxLayout()
        row.addStretch(1)
        self.go = button(self.words("try_practice"))
        row.addWidget(self.go)
        outer.addLayout(row)
        self.go.clicked.connect(self.next)
        focus_on_page(self, self.words("how_it_works"))  # why: its button is below the pictures, often out of view


class PrivacyScreen(QWidget):
    """Before the first question (and before the next one of a continued interview): the
    interviewer steps away, and the respondent says they are alone."""

    alone = Signal()

    def __init__(self, words: Words | str = "en", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words = wording.words_of(words)
        self.setLayoutDirection(wording.direction(self.words))  # before its widgets: their text lays out in it
        self.setObjectName("privacy")
        outer = _page(self)
        outer.addStretch(1)
        outer.addWidget(label(self.words("interviewer_steps_away"), "headline", center=True))
        outer.addWidget(label(self.words("nobody_sees"), "explain", center=True))
        outer.addStretch(1)
        self.go = button(self.words("alone_continue"), "start")
        outer.addWidget(self.go, 0, Qt.AlignmentFlag.AlignHCenter)
        outer.addStretch(1)
        self.go.clicked.connect(self._go)
        self.setFocusProxy(self.go)

    @Slot()
    def _go(self) -> None:
        self.go.setEnabled(False)  # why: a double tap must not skip the first question's screen
        self.alone.emit()


class ThanksScreen(QWidget):
    """The end: the respondent hands the laptop back. It shows no answer."""

    done = Signal()

    def __init__(self, words: Words | str = "en", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words = wording.words_of(words)
        self.setLayoutDirection(wording.direction(self.words))  # before its widgets: their text lays out in it
        self.setObjectName("thanks")
        outer = _page(self)
        outer.addStretch(1)
        outer.addWidget(label(self.words("thanks"), "headline", center=True))
        outer.addWidget(label(self.words("thanks_hand_back"),
                              "explain", center=True))
        outer.addStretch(1)
        self.back = button(self.words("done_interviewer"), "quiet")
        outer.addWidget(self.back, 0, Qt.AlignmentFlag.AlignHCenter)
        outer.addStretch(1)
        self.back.clicked.connect(self.done)
        focus_on_page(self, self.words("thanks"))
