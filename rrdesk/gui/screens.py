"""The simple screens of an interview: direct questions, hand-over, language, explanation,
"nobody can see this screen", thanks. Each is built when it is shown (so it speaks the language in force then) and
deleted when it is left. The spinner screens are in :mod:`rrdesk.gui.question`.
"""
from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QFrame, QGridLayout, QHBoxLayout, QPushButton, QSizePolicy, QVBoxLayout, QWidget,
)

from rrdesk.core.survey import Question
from rrdesk.core.wording import Words
from rrdesk.gui import explain, wording
from rrdesk.gui.i18n import language_name
from rrdesk.gui.widgets import button, label, tab_order


def _page(parent: QWidget) -> QVBoxLayout:
    outer = QVBoxLayout(parent)
    outer.setContentsMargins(48, 32, 48, 32)
    outer.setSpacing(20)
    return outer


class DirectScreen(QWidget):
    """The interviewer answers the survey's direct questions (asked in the clear)."""

    submitted = Signal(dict)
    cancelled = Signal()

    def __init__(self, questions: Sequence[Question], lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("direct")
        # why no QButtonGroup: Qt then keeps only one button of the group in the Tab chain
        # (arrow keys move inside it); here Tab reaches every answer and Space picks it
        self._groups: dict[str, tuple[list[QPushButton], tuple[str, ...]]] = {}
        self._chosen: dict[str, int] = {}
        outer = _page(self)
        outer.addWidget(label(self.tr("New interview"), "title"))
        outer.addWidget(label(self.tr("Interviewer: fill in these answers before handing over the laptop."),
                              "hint"))
        body = QWidget()
        form = QVBoxLayout(body)
        form.setSpacing(12)
        for q in questions:
            form.addWidget(label(q.text_in(lang), "subtitle"))
            ids = q.choices or ("yes", "no")  # why: on screen YES comes first (answer_ids is index order)
            names = q.choice_labels(lang) or (wording.yes(lang), wording.no(lang))
            group: list[QPushButton] = []
            grid = QGridLayout()
            grid.setSpacing(12)
            for i, name in enumerate(names):
                b = button(name, "choice", checkable=True)
                b.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
                b.clicked.connect(lambda _=False, qid=q.id, i=i: self._pick(qid, i))
                group.append(b)
                grid.addWidget(b, i // 2, i % 2)
            self._groups[q.id] = (group, ids)
            form.addLayout(grid)
        form.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(body)  # why no scroll area of its own: the window scrolls a screen taller than it
        outer.addStretch(1)
        row = QHBoxLayout()
        self.cancel = button(self.tr("Cancel"), "quiet")
        self.next = button(self.tr("Continue"))
        self.next.setEnabled(not self._groups)
        row.addWidget(self.cancel)
        row.addStretch(1)
        row.addWidget(self.next)
        outer.addLayout(row)
        self.cancel.clicked.connect(self.cancelled)
        self.next.clicked.connect(self._submit)
        chain = [b for group, _ in self._groups.values() for b in group]
        tab_order([*chain, self.cancel, self.next])
        self.setFocusProxy(chain[0] if chain else self.next)

    def answers(self) -> dict[str, str] | None:
        if len(self._chosen) < len(self._groups):
            return None
        return {qid: ids[self._chosen[qid]] for qid, (_, ids) in self._groups.items()}

    def _pick(self, qid: str, index: int) -> None:
        self._chosen[qid] = index
        for i, b in enumerate(self._groups[qid][0]):
            b.setChecked(i == index)
        self.next.setEnabled(self.answers() is not None)

    @Slot()
    def _submit(self) -> None:
        answers = self.answers()
        if answers is not None:
            self.next.setEnabled(False)
            self.cancel.setEnabled(False)
            self.submitted.emit(answers)


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
        if self.buttons:
            self.setFocusProxy(self.buttons[0])


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
        self.setFocusProxy(self.go)


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
        self.setFocusProxy(self.back)
