from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from rrdesk.core.survey import Question
from rrdesk.gui import wording
from rrdesk.gui.states import QuestionState, QuestionView
from rrdesk.gui.widgets import button, columns, label, make_wheel, restyle, tab_order


class QuestionScreen(QWidget):
    """One randomized question: text, wheel, Spin, instruction, answer; built for one
    question and deleted once its answer is durable.

    Signals
    -------
    truthPicked(int)
        Assisted: the respondent tapped their true answer.
    spinRequested()
        Spin (or the wheel) was tapped.
    wheelStopped()
        The wheel stopped on the outcome.
    answerGiven(int)
        Instructed: the respondent tapped the answer the spinner asked for.
    declineRequested()
        "I prefer not to answer".
    nextRequested()
        Assisted: Next, once the saved answer is shown.
    stopRequested()
        The answer could not be saved and the interviewer chose to stop.
    """

    truthPicked = Signal(int)
    spinRequested = Signal()
    wheelStopped = Signal()
    answerGiven = Signal(int)
    declineRequested = Signal()
    nextRequested = Signal()
    stopRequested = Signal()

    def __init__(self, question: Question, lang: str, *, number: int, total: int, reduced_motion: bool,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("question")
        self.question, self.lang = question, lang
        self.assisted = question.answer_mode == "assisted"
        self.state = QuestionState.READY
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
        self.truth_buttons = self._answer_row(left, self.truthPicked.emit, checkable=True) if self.assisted else []
        self.instruction = label("", "instruction")
        self.instruction.setAccessibleName(self.tr("Spinner result"))
        self.instruction.hide()
        left.addWidget(self.instruction)
        self.answer_buttons = [] if self.assisted else self._answer_row(left, self.answerGiven.emit)
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
        self.spin_button.clicked.connect(self.spinRequested)
        self.wheel.spinRequested.connect(self.spinRequested)
        self.wheel.finished.connect(self.wheelStopped)
        self.decline.clicked.connect(self.declineRequested)
        self.stop.clicked.connect(self.stopRequested)
        self.next.clicked.connect(self.nextRequested)
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

    # -- what the controller says -------------------------------------------------------------

    @Slot(object)
    def show_state(self, view: QuestionView) -> None:
        """Show the question's new state (and the one value it brings)."""
        self.state = state = view.state
        if state is QuestionState.TRUTH_PICKED or (state is QuestionState.READY and view.error):
            for b in self.truth_buttons:
                b.setChecked(b.property("answer") == view.truth)
            if view.error:  # the spin could not be drawn; nothing changed
                self._show_error(self.tr("The spinner could not be used: {error}. Please call the interviewer.")
                                 .format(error=view.error))
                return
            self.spin_button.setEnabled(True)
            self.hint.setText(self.tr("Now tap Spin."))
            self.spin_button.setFocus()
        elif state is QuestionState.SPINNING:
            if view.position is not None:  # the outcome is drawn: the wheel turns to it
                self._spinning(view.position)
        elif state is QuestionState.RECORDED:
            self.status.hide()
        elif state is QuestionState.DECLINING:
            self.decline.setEnabled(False)
            self.spin_button.setEnabled(False)
        elif state is QuestionState.FAILED:
            self._show_outcome(view.instruction)
            self._failed(view.error)
        else:  # SHOWN, SAVING, SAVED
            self._show_outcome(view.instruction)
            if state is QuestionState.SAVING:
                self._saving()
            elif state is QuestionState.SAVED:
                self.status.hide()
                self._show_saved(view.answer)

    def _spinning(self, position: float) -> None:
        if self.assisted:
            for b in self.truth_buttons:  # never leave a truth on screen next to an outcome
                b.setChecked(False)
                b.hide()
        self.spin_button.setEnabled(False)
        self.decline.hide()
        self.hint.setText(self.tr("The spinner is turning…"))
        self.wheel.spin_to(position)
        if self.assisted:
            self._saving()

    def _show_outcome(self, instruction: object) -> None:
        """The wheel stopped: what the spinner chose (assisted) or asks (instructed)."""
        if instruction is None:
            return
        if self.assisted:
            self.hint.setText(self.tr("The spinner chose:"))
            self.instruction.setText(wording.sector_label(self.question, instruction, self.lang))
            self.instruction.show()
            return
        self.hint.setText(self.tr("The spinner says:"))
        self.instruction.setText(wording.instruction_text(self.question, instruction, self.lang))
        self.instruction.show()
        for b in self.answer_buttons:
            b.show()
        self._focus_self()  # why: a focused YES would make Enter answer YES, whatever was asked

    def _saving(self) -> None:
        for b in self.answer_buttons:
            b.setEnabled(False)
        self.status.setText(self.tr("Saving…"))
        self.status.setProperty("role", "hint")
        restyle(self.status)
        self.status.show()

    def _show_error(self, text: str) -> None:
        self.status.setText(text)
        self.status.setProperty("role", "error")
        restyle(self.status)
        self.status.show()

    def _failed(self, line: str) -> None:
        """Do not move on: say what happened and let the interviewer stop; the dashboard
        opens the store again and offers to continue this interview."""
        self._show_error(self.tr("The answer could not be saved: {error}. Please call the interviewer.")
                         .format(error=line))
        for b in (*self.answer_buttons, self.decline, self.spin_button):
            b.setEnabled(False)
        self.stop.show()
        self.stop.setFocus()

    def _show_saved(self, answer: int | None) -> None:
        """Assisted mode: once the wheel stopped and the record is durable, show what was
        saved and let the respondent go on."""
        if answer is None:
            return
        answer_text = wording.answer_label(self.question, answer, self.lang)
        if self.question.kind == "warner":
            text = self.tr("Saved answer to the chosen statement: {answer}").format(answer=answer_text)
        else:
            text = self.tr("Saved answer: {answer}").format(answer=answer_text)
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
        ready = self.state in (QuestionState.READY, QuestionState.TRUTH_PICKED)
        buttons = self.truth_buttons if self.assisted and ready else (
            self.answer_buttons if self.state is QuestionState.SHOWN else [])
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
