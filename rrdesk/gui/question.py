"""The screen of one randomized question (the practice spin is in :mod:`rrdesk.gui.practice`).

Privacy rules this module keeps (DESIGN.md threat model 1 and 2):

* the outcome is drawn (``interview.spin``) at the tap, before the animation starts, and
  the wheel is then only told where to stop (``spin_to``);
* a question is spun once: a second tap does nothing, and there is no Back after a spin;
* in assisted mode the true answer is taken before the spin and the truth buttons are
  hidden and cleared at the spin, so the screen never shows a truth next to an outcome;
  the record is written at the spin, during the animation, so no crash between seeing
  the outcome and saving it can lead to a second spin;
* the :class:`Spin` is a local variable only; the screen keeps the sector index until the
  answer is recorded and the whole screen (with its wheel) is deleted right after;
* no outcome goes into a window title, an accessible name, a setting or a log.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from rrdesk.core.errors import RRDeskError
from rrdesk.core.survey import Question
from rrdesk.gui import wording
from rrdesk.gui.tasks import TaskRunner, error_line
from rrdesk.gui.widgets import button, columns, label, make_wheel, restyle, tab_order
from rrdesk.app.interviews import Interview


class QuestionScreen(QWidget):
    """One randomized question: text, wheel, Spin, instruction, answer; built for one
    question and deleted once its answer is durable.

    Signals
    -------
    done()
        The answer (or the decline) is durable: the interview may move on.
    failed(str)
        The answer could not be saved and the interviewer chose to stop; the store must be
        opened again before the interview can go on (a log writer refuses every append
        after a failed one).
    """

    done = Signal()
    failed = Signal(str)

    def __init__(self, interview: Interview, question: Question, lang: str, runner: TaskRunner, *,
                 number: int, total: int, reduced_motion: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("question")
        self.interview, self.question, self.lang, self.runner = interview, question, lang, runner
        self.assisted = question.answer_mode == "assisted"
        self._truth: int | None = None
        self._sector: int | None = None
        self._answer: int | None = None  # assisted: the recorded answer, to show it
        self._spun = self._stopped_spinning = self._saved = False
        self._error = ""
        left, right = columns(self)
        left.addWidget(label(self.tr("Question {number} of {total}").format(number=number, total=total), "hint"))
        self._add_texts(left)
        if not self.assisted:
            hint = self.tr("Tap Spin. Then do what the spinner says.")
        elif question.kind == "warner":
            hint = self.tr("First tap your true answer to the first statement. It is not saved: "
                           "the spinner decides what is saved.")
        else:
            hint = self.tr("First tap your true answer. It is not saved: the spinner decides what is saved.")
        self.hint = label(hint, "hint")
        left.addWidget(self.hint)
        self.truth_buttons = self._answer_row(left, self._pick_truth, checkable=True) if self.assisted else []
        self.instruction = label("", "instruction")
        self.instruction.setAccessibleName(self.tr("Spinner result"))
        self.instruction.hide()
        left.addWidget(self.instruction)
        self.answer_buttons = [] if self.assisted else self._answer_row(left, self._give_answer)
        for b in self.answer_buttons:
            b.hide()
        self.recorded = label("", "recorded")
        self.recorded.setAccessibleName(self.tr("Saved answer"))
        self.recorded.hide()
        left.addWidget(self.recorded)
        self.status = label("", "error")
        self.status.hide()
        left.addWidget(self.status)
        left.addStretch(1)
        row = QHBoxLayout()
        self.decline = button(self.tr("I prefer not to answer"), "quiet")
        self.stop = button(self.tr("Stop the interview (interviewer)"))
        self.stop.hide()
        self.next = button(self.tr("Next"))
        self.next.hide()
        row.addWidget(self.decline)
        row.addStretch(1)
        row.addWidget(self.stop)
        row.addWidget(self.next)
        left.addLayout(row)
        self.wheel = make_wheel(question, lang, reduced_motion, practice=False)
        right.addWidget(self.wheel, 1)
        self.spin_button = button(self.tr("Spin"), "spin")
        self.spin_button.setEnabled(not self.assisted)
        right.addWidget(self.spin_button)
        self.spin_button.clicked.connect(self._spin)
        self.wheel.spinRequested.connect(self._spin)
        self.wheel.finished.connect(self._wheel_stopped)
        self.decline.clicked.connect(self._decline)
        self.stop.clicked.connect(lambda: self.failed.emit(self._error))
        self.next.clicked.connect(self.done)
        tab_order([*self.truth_buttons, self.spin_button, *self.answer_buttons, self.decline, self.stop, self.next])
        if self.assisted:  # no answer is pre-selected, not even by the keyboard focus
            self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        else:
            self.setFocusProxy(self.spin_button)

    # -- building ------------------------------------------------------------------------

    def _add_texts(self, layout: QVBoxLayout) -> None:
        q, lang = self.question, self.lang
        if q.kind == "warner":
            layout.addWidget(label(self.tr("Statement:"), "hint"))
            layout.addWidget(label(q.text_in(lang), "question"))
            layout.addWidget(label(self.tr("Opposite statement:"), "hint"))
            layout.addWidget(label(q.negation_in(lang), "question"))
        elif q.kind == "unrelated":
            layout.addWidget(label(self.tr("First question:"), "hint"))
            layout.addWidget(label(q.text_in(lang), "question"))
            layout.addWidget(label(self.tr("Other question:"), "hint"))
            layout.addWidget(label(q.unrelated_in(lang), "question"))
        else:
            layout.addWidget(label(q.text_in(lang), "question"))

    def _answer_row(self, layout: QVBoxLayout, slot, *, checkable: bool = False) -> list[QPushButton]:
        """YES and NO side by side; choices one under the other (labels may be long), in two
        columns when there are many."""
        answers = wording.answers(self.question, self.lang)
        grid = QGridLayout()
        grid.setSpacing(14)
        columns = 2 if not self.question.choices or len(answers) > 4 else 1
        buttons = []
        for n, (index, text) in enumerate(answers):
            b = button(text, "answer", checkable=checkable)
            b.setProperty("answer", index)
            b.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            b.clicked.connect(lambda _=False, i=index: slot(i))
            grid.addWidget(b, n // columns, n % columns)
            buttons.append(b)
        layout.addLayout(grid)
        return buttons

    # -- the respondent's actions ----------------------------------------------------------

    def _pick_truth(self, truth: int) -> None:
        if self._spun:
            return
        self._truth = truth
        for b in self.truth_buttons:
            b.setChecked(b.property("answer") == truth)
        self.spin_button.setEnabled(True)
        self.hint.setText(self.tr("Now tap Spin."))
        self.spin_button.setFocus()

    @Slot()
    def _spin(self) -> None:
        if self._spun or (self.assisted and self._truth is None):
            return  # one spin per question; assisted needs the true answer first
        try:
            spin = self.interview.spin(self.question.id, self._truth if self.assisted else None)
        except RRDeskError as error:  # an interview driven out of order: say so, never crash
            self._show_error(self.tr("The spinner could not be used: {error}. Please call the interviewer.")
                             .format(error=error_line(error)))
            return
        self._spun = True
        self._sector = spin.sector
        if self.assisted:
            self._answer = spin.answer
            self._truth = None  # the true answer is not needed any more
            for b in self.truth_buttons:  # never leave a truth on screen next to an outcome
                b.setChecked(False)
                b.hide()
        self.spin_button.setEnabled(False)
        self.decline.hide()
        self.hint.setText(self.tr("The spinner is turning…"))
        self.wheel.spin_to(spin.position)
        del spin  # only the sector index (and, assisted, the answer) stay, until the screen goes
        if self.assisted:
            self._save()

    @Slot()
    def _wheel_stopped(self) -> None:
        if not self._spun or self._stopped_spinning:
            return
        self._stopped_spinning = True
        instruction = self.question.design.sectors[self._sector].instruction
        if self._saved:
            self._sector = None  # recorded already: the sector is not needed any more
        if self.assisted:
            self.hint.setText(self.tr("The spinner chose:"))
            self.instruction.setText(wording.sector_label(self.question, instruction, self.lang))
            self.instruction.show()
            self._show_saved()
            return
        self.hint.setText(self.tr("The spinner says:"))
        self.instruction.setText(wording.instruction_text(self.question, instruction, self.lang))
        self.instruction.show()
        for b in self.answer_buttons:
            b.show()
        self._focus_self()  # why: a focused YES would make Enter answer YES, whatever was asked

    def _give_answer(self, answer: int) -> None:
        if not self._stopped_spinning or self._answer is not None:
            return
        self._answer = answer
        for b in self.answer_buttons:
            b.setEnabled(False)
        self._save()

    @Slot()
    def _decline(self) -> None:
        if self._spun:
            return
        self._spun = True
        self.decline.setEnabled(False)
        self.spin_button.setEnabled(False)
        qid, interview = self.question.id, self.interview
        self.runner.submit(lambda: interview.decline(qid), lambda _: self.done.emit(), self._save_failed)

    # -- saving ------------------------------------------------------------------------------

    @Slot()
    def _save(self) -> None:
        self.status.setText(self.tr("Saving…"))
        self.status.setProperty("role", "hint")
        restyle(self.status)
        self.status.show()
        qid, answer, interview = self.question.id, self._answer, self.interview
        self.runner.submit(lambda: interview.record(qid, answer), self._saved_ok, self._save_failed)

    def _saved_ok(self, _seq: object) -> None:
        self._saved = True
        if self._stopped_spinning:
            self._sector = None  # recorded and shown: the sector is not needed any more
        self.status.hide()
        if not self.assisted:
            self.done.emit()
        else:
            self._show_saved()

    def _show_error(self, text: str) -> None:
        self.status.setText(text)
        self.status.setProperty("role", "error")
        restyle(self.status)
        self.status.show()

    def _save_failed(self, line: str) -> None:
        """Do not move on: say what happened and let the interviewer stop; the dashboard
        opens the store again and offers to continue this interview."""
        self._error = line
        self._show_error(self.tr("The answer could not be saved: {error}. Please call the interviewer.")
                         .format(error=line))
        for b in (*self.answer_buttons, self.decline, self.spin_button):
            b.setEnabled(False)
        self.stop.show()
        self.stop.setFocus()

    def _show_saved(self) -> None:
        """Assisted mode: once the wheel stopped and the record is durable, show what was
        saved and let the respondent go on."""
        if not (self._stopped_spinning and self._saved):
            return
        answer = wording.answer_label(self.question, self._answer, self.lang)
        if self.question.kind == "warner":
            text = self.tr("Saved answer to the chosen statement: {answer}").format(answer=answer)
        else:
            text = self.tr("Saved answer: {answer}").format(answer=answer)
        self.recorded.setText(text)
        self.recorded.show()
        self.next.show()
        self.next.setFocus()

    def _focus_self(self) -> None:
        self.setFocusProxy(None)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFocus()

    # -- keyboard: Y / N (and the translated initials), 1..k for choices ----------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        buttons = self.truth_buttons if self.assisted and not self._spun else (
            self.answer_buttons if self._stopped_spinning and self._answer is None else [])
        target = self._key_target(event, buttons)
        if target is not None and target.isVisible() and target.isEnabled():
            target.click()
            event.accept()
            return
        super().keyPressEvent(event)

    def _key_target(self, event: QKeyEvent, buttons: list[QPushButton]) -> QPushButton | None:
        if not buttons:
            return None
        text = event.text().upper()
        if self.question.choices:
            if text.isdigit() and 1 <= int(text) <= len(buttons):
                return buttons[int(text) - 1]
            return None
        yes_keys = {"Y", wording.yes()[:1].upper()}
        no_keys = {"N", wording.no()[:1].upper()}
        by_answer = {b.property("answer"): b for b in buttons}
        if text and text in yes_keys and text not in no_keys:
            return by_answer.get(1)
        if text and text in no_keys and text not in yes_keys:
            return by_answer.get(0)
        return None
