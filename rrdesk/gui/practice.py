"""The practice spin: the respondent tries the wheel once (or more) before the questions.

Marked PRACTICE (on the screen and on the wheel) and never recorded: the outcome comes from
:func:`rrdesk.core.randomizer.spin` with the OS CSPRNG, on the first randomized question's
design, and is never given to the store.
"""
from __future__ import annotations

import os

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QWidget

from rrdesk.core import randomizer
from rrdesk.core.survey import Question
from rrdesk.gui import wording
from rrdesk.gui.widgets import button, columns, label, make_wheel, restyle


class PracticeScreen(QWidget):
    """A practice spin on the first randomized question's wheel: marked PRACTICE, drawn
    with the OS CSPRNG by :func:`randomizer.spin` directly, never given to the store."""

    next = Signal()

    def __init__(self, question: Question, lang: str, *, reduced_motion: bool,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("practice")
        self.question, self.lang, self._spun = question, lang, False
        self._sector: int | None = None
        left, right = columns(self)
        left.addWidget(label(self.tr("PRACTICE"), "practice"))
        left.addWidget(label(self.tr("This is only a practice. Nothing is saved."), "subtitle"))
        left.addWidget(label(self.tr("Tap Spin (or the wheel) and watch where it stops. "
                                     "The words under the pointer tell you what to do."), "explain"))
        self.result = label("", "instruction")
        self.result.setAccessibleName(self.tr("Spinner result"))
        self.result.hide()
        left.addWidget(self.result)
        left.addStretch(1)
        row = QHBoxLayout()
        self.again = button(self.tr("Practice again"), "quiet")
        self.again.hide()
        self.go = button(self.tr("Start the questions"), "quiet")
        row.addWidget(self.again)
        row.addStretch(1)
        row.addWidget(self.go)
        left.addLayout(row)
        self.wheel = make_wheel(question, lang, reduced_motion, practice=True)
        right.addWidget(self.wheel, 1)
        self.spin_button = button(self.tr("Spin"), "spin")
        right.addWidget(self.spin_button)
        self.spin_button.clicked.connect(self._spin)
        self.wheel.spinRequested.connect(self._spin)
        self.wheel.finished.connect(self._stopped)
        self.again.clicked.connect(self._reset)
        self.go.clicked.connect(self.next)
        self.setFocusProxy(self.spin_button)

    @Slot()
    def _spin(self) -> None:
        if self._spun:
            return
        self._spun = True
        self.spin_button.setEnabled(False)
        spin = randomizer.spin(self.question.design, None, os.urandom)
        self._sector = spin.sector
        self.wheel.spin_to(spin.position)

    @Slot()
    def _stopped(self) -> None:
        if not self._spun or self._sector is None:
            return
        instruction = self.question.design.sectors[self._sector].instruction
        self._sector = None
        self.result.setText(self.tr("The spinner says: {what}").format(
            what=wording.sector_label(self.question, instruction, self.lang)))
        self.result.show()
        self.again.show()
        self.go.setProperty("role", "primary")
        restyle(self.go)
        self.go.setFocus()

    @Slot()
    def _reset(self) -> None:
        self.result.setText("")
        self.result.hide()
        self.again.hide()
        self.wheel.set_wheel(self.question.design, wording.wheel_labels(self.question, self.lang), practice=True)
        self._spun = False
        self.spin_button.setEnabled(True)
        self.spin_button.setFocus()
