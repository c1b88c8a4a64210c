"""The simple screens of an interview: direct questions, hand-over, language, explanation,
thanks. Each is built when it is shown (so it speaks the language in force then) and
deleted when it is left. The spinner screens are in :mod:`rrdesk.gui.question`.
"""
from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QFrame, QGridLayout, QHBoxLayout, QPushButton, QScrollArea, QSizePolicy, QVBoxLayout, QWidget,
)

from rrdesk.core.survey import Question
from rrdesk.gui import wording
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
            names = q.choice_labels(lang) or (wording.yes(), wording.no())
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
        form.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # why: Tab goes from answer to answer, not to the frame
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)
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
    """"Please hand the laptop to the respondent"."""

    ready = Signal()
    stopped = Signal()

    def __init__(self, number: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handover")
        outer = _page(self)
        outer.addStretch(1)
        outer.addWidget(label(self.tr("Please hand the laptop to the respondent."), "headline", center=True))
        outer.addWidget(label(self.tr("Interview {number}").format(number=number), "hint", center=True))
        outer.addStretch(1)
        self.start = button(self.tr("I am the respondent: start"))
        outer.addWidget(self.start, 0, Qt.AlignmentFlag.AlignHCenter)
        outer.addStretch(1)
        row = QHBoxLayout()
        self.stop = button(self.tr("Stop this interview"), "quiet")
        row.addWidget(self.stop)
        row.addStretch(1)
        outer.addLayout(row)
        self.start.clicked.connect(self.ready)
        self.stop.clicked.connect(self.stopped)
        self.setFocusProxy(self.start)


class LanguageScreen(QWidget):
    """The respondent picks a language, each shown by its own name."""

    chosen = Signal(str)

    def __init__(self, languages: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("language")
        outer = _page(self)
        outer.addStretch(1)
        outer.addWidget(label(self.tr("Choose your language"), "headline", center=True))
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
    """How the spinner protects the respondent, in plain words."""

    next = Signal()

    def __init__(self, assisted: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("explanation")
        outer = _page(self)
        outer.addWidget(label(self.tr("How this works"), "headline"))
        points = [
            self.tr("For each question you will spin a wheel. It stops by chance."),
            self.tr("The wheel tells you what to do: sometimes to answer truthfully, sometimes to give an "
                    "answer it chooses for you, whatever your true answer is."),
            self.tr("So a YES the spinner asked for is not an admission. Nobody, not even the interviewer, "
                    "can know your real answer."),
        ]
        if assisted:
            points.append(self.tr("For some questions you first tap your true answer. It is never saved: "
                                  "the spinner decides what is saved, and shows it to you."))
        points += [
            self.tr("Only the answer after the spin is saved, locked so that this laptop cannot read it."),
            self.tr("A spin cannot be repeated. First, try a practice spin: it is never saved."),
        ]
        for text in points:
            outer.addWidget(label("•  " + text, "explain"))
        outer.addStretch(1)
        row = QHBoxLayout()
        row.addStretch(1)
        self.go = button(self.tr("Try a practice spin"))
        row.addWidget(self.go)
        outer.addLayout(row)
        self.go.clicked.connect(self.next)
        self.setFocusProxy(self.go)


class ThanksScreen(QWidget):
    """The end: the respondent hands the laptop back. It shows no answer."""

    done = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("thanks")
        outer = _page(self)
        outer.addStretch(1)
        outer.addWidget(label(self.tr("Thank you!"), "headline", center=True))
        outer.addWidget(label(self.tr("Your answers are saved. Please hand the laptop back to the interviewer."),
                              "explain", center=True))
        outer.addStretch(1)
        self.back = button(self.tr("Done (interviewer)"), "quiet")
        outer.addWidget(self.back, 0, Qt.AlignmentFlag.AlignHCenter)
        outer.addStretch(1)
        self.back.clicked.connect(self.done)
        self.setFocusProxy(self.back)
