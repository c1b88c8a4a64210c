"""One randomized question on screen (:class:`QuestionScreen`).

What an assisted screen shows after Spin is tapped depends on the spinner's sector only,
never on the true answer: the true answer is cleared at the tap, the recorded answer is
never shown (beside the sector it would tell the true answer), and Next appears once the
wheel has stopped and the record is durable, whatever was answered. Each answer button wears
the mark of the wheel's sector that says that answer (:mod:`rrdesk.gui.marks`), so it can be
matched without reading. "Call the interviewer" hides the question behind a neutral cover
(:mod:`rrdesk.gui.question_parts`) without changing the interview; "I prefer not to answer"
asks to confirm on the same screen.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal, Slot
from PySide6.QtGui import QKeyEvent, QPixmap
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStackedLayout,
    QVBoxLayout,
    QWidget,
)

from rrdesk.core.design import Instruction
from rrdesk.core.survey import Question
from rrdesk.core.wording import Words
from rrdesk.gui import audio, marks, wording
from rrdesk.gui.question_parts import CoverPage, SkipConfirm
from rrdesk.gui.spinner import path as spin_path
from rrdesk.gui.states import QuestionState, QuestionView
from rrdesk.gui.widgets import (
    COMPACT_BELOW,
    announce,
    button,
    columns,
    is_short,
    label,
    make_wheel,
    margins,
    on_width,
    restyle,
    spoken,
    tab_order,
)

#: The sound beside each picture's text: the question's, Warner's opposite statement, the other question.
_SOUND_OF = {"image": "audio", "negation_image": "negation_audio", "unrelated_image": "unrelated_audio"}
#: A survey picture's box beside its text, in pixels: a thumb's width on a small screen, big enough to
#: recognise (the picture keeps its proportions inside it).
PICTURE_SIDE = 96
#: A window at least this high shows three or four choices one under the other (why: at 1366x768
#: the fourth, 84 px high, went below the fold under the spinner's instruction; 960x540 hid Spin).
ONE_COLUMN_FROM = 800
#: A window at least this wide shows YES and NO side by side when each has a speaker (why: at 512
#: pixels, 1024x600 at 200 %, a speaker beside each left YES too narrow for its word and mark).
SPEAKERS_SIDE_BY_SIDE_FROM = 720


def _header_margins(width: int, short: bool) -> tuple[int, int, int, int]:
    """The header row's margins: the columns' side margins below it, and their top margin above."""
    side, top = margins(width, short)
    return side, top, side, 0


def answer_columns(question: Question, count: int, width: int, height: int, *, speakers: bool = False) -> int:
    """How many columns ``count`` answer buttons take on a question screen ``width`` pixels wide
    in a window ``height`` pixels high: YES and NO side by side, and many choices in two; three
    or four choices one under the other (a label may be long, and a scale reads down), but two
    a row in a window wide enough for two and under :data:`ONE_COLUMN_FROM` high, so that Spin
    and "I prefer not to answer" show as a question opens and every answer after the spin.
    YES and NO each with a speaker go one under the other in a narrow window (:data:`SPEAKERS_SIDE_BY_SIDE_FROM`)."""
    if not question.choices and speakers and width < SPEAKERS_SIDE_BY_SIDE_FROM:
        return 1
    if not question.choices or count > 4:
        return 2
    return 2 if count > 2 and width >= COMPACT_BELOW.width() and height < ONE_COLUMN_FROM else 1


def _place(grid: QGridLayout, buttons: list[QWidget], columns: int) -> None:
    """Put ``buttons`` (or their cells) in ``grid``, ``columns`` a row (again, when the count changed)."""
    if grid.property("columns") == columns:
        return
    grid.setProperty("columns", columns)
    for b in buttons:
        grid.removeWidget(b)
    for n, b in enumerate(buttons):
        grid.addWidget(b, n // columns, n % columns)
    for c in range(max(grid.columnCount(), columns)):  # a column left empty takes no room
        grid.setColumnStretch(c, 1 if c < columns else 0)


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
        "I prefer not to answer", confirmed with "Yes, skip it".
    nextRequested()
        Assisted: Next, once the wheel stopped and the answer is durable.
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

    def __init__(self, question: Question, lang: str | Words, *, number: int, total: int, reduced_motion: bool,
                 media: Path | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.media = media  # the folder of the survey's pictures (verified when the survey was opened)
        self.pictures: list[QLabel] = []
        self.text_speakers: dict[str, audio.Speaker] = {}  # by media key: audio, negation_audio, unrelated_audio
        self.answer_speakers: dict[QPushButton, audio.Speaker] = {}  # an answer's sound, if the survey has it
        self.setObjectName("question")
        self.words = wording.words_of(lang)  # the respondent's words, in their language (.lang)
        self.setLayoutDirection(wording.direction(self.words))  # before its widgets: their text lays out in it
        self.question, self.lang, self.reduced_motion = question, self.words.lang, reduced_motion
        self.assisted = question.answer_mode == "assisted"
        self.state = QuestionState.READY
        self._wanted: QWidget | None = None  # where the focus goes (back) when the question shows
        self._announced = False  # whether a screen reader was told the outcome
        self.page = QWidget(self)
        self.page.setObjectName("question-page")
        self.cover = CoverPage(self.words, self)
        self.stack = QStackedLayout(self)
        self.stack.addWidget(self.page)
        self.stack.addWidget(self.cover)
        outer = QVBoxLayout(self.page)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        header = QHBoxLayout()
        on_width(self.page, lambda width: header.setContentsMargins(*_header_margins(width, is_short(self.page))))
        header.addWidget(label(self.words("question_progress", **wording.numbers(self.words, number=number, total=total)),
                               "hint"), 1)
        self.call = button(self.words("call_interviewer"), "quiet")
        header.addWidget(self.call, 0, Qt.AlignmentFlag.AlignTop)
        outer.addLayout(header)
        body = QWidget(self.page)
        outer.addWidget(body, 1)
        left, right = columns(body)
        self._add_texts(left)
        # the respondent's texts that change, each with a speaker that follows them when the survey
        # voices them ([wording_audio.LANG]): the hint, what the wheel chose or asks, the reminder
        self.hint_speaker, self.outcome_speaker, self.reminder_speaker, self.status_speaker = (
            audio.follower(self.words) for _ in range(4))
        self.hint = label("", "hint")
        self._hint(self._first_hint())
        audio.add_beside(left, self.hint, self.hint_speaker)
        self.truth_buttons = self._answer_row(left, self.truthPicked.emit, checkable=True) if self.assisted else []
        self.instruction = spoken(label("", "instruction"), self.words("spinner_result"))
        self.instruction.hide()
        audio.add_beside(left, self.instruction, self.outcome_speaker)
        self.reminder = label("", "body")
        self.reminder.hide()
        audio.add_beside(left, self.reminder, self.reminder_speaker)
        self.answer_buttons = [] if self.assisted else self._answer_row(left, self.answerGiven.emit)
        for b in self.answer_buttons:
            self._show_answer(b, False)
        self.recorded = spoken(label("", "status"), self.words("saved_answer"))
        self.recorded.hide()
        self.recorded_speaker = audio.voice(self.words, "saved_mixed")
        if self.recorded_speaker is not None:
            self.recorded_speaker.hide()
        audio.add_beside(left, self.recorded, self.recorded_speaker)
        self.status = label("", "error")
        self.status.hide()
        audio.add_beside(left, self.status, self.status_speaker)
        left.addStretch(1)
        self.confirm = SkipConfirm(self.words, self.page)
        self.confirm.hide()
        left.addWidget(self.confirm)
        row = QHBoxLayout()
        self.decline = button(self.words("decline"), "quiet")
        self.stop = button(self.words("stop_interview"))
        self.stop.hide()
        self.next = button(self.words("next"))
        self.next.hide()
        row.addWidget(self.decline)
        row.addStretch(1)
        row.addWidget(self.stop)
        row.addWidget(self.next)
        left.addLayout(row)
        self.wheel = make_wheel(question, self.words, reduced_motion, practice=False)
        right.addWidget(self.wheel, 1)
        self.spin_button = button(self.words("spin"), "spin")
        self.spin_button.setEnabled(not self.assisted)
        right.addWidget(self.spin_button)
        self._connect()
        truths = [w for b in self.truth_buttons for w in (b, self.answer_speakers.get(b)) if w is not None]
        answers = [w for b in self.answer_buttons for w in (b, self.answer_speakers.get(b)) if w is not None]
        followers = [sp for sp in (self.hint_speaker, self.outcome_speaker, self.reminder_speaker) if sp is not None]
        tab_order([*self.text_speakers.values(), *followers[:1], *truths, self.spin_button, *followers[1:], *answers,
                   self.decline, self.confirm.skip, self.confirm.back, self.stop, self.next, self.call])
        if self.assisted:  # no answer is pre-selected, not even by the keyboard focus
            self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        else:
            self.setFocusProxy(self.spin_button)

    # -- building ------------------------------------------------------------------------

    def _connect(self) -> None:
        self.spin_button.clicked.connect(self._spin_tapped)
        self.wheel.spinRequested.connect(self._spin_tapped)
        self.wheel.finished.connect(self.wheelStopped)
        self.decline.clicked.connect(self._ask_to_skip)
        self.confirm.skip.clicked.connect(self._skip)
        self.confirm.back.clicked.connect(self._keep)
        self.stop.clicked.connect(self.stopRequested)
        self.next.clicked.connect(self.nextRequested)
        self.call.clicked.connect(self.call_interviewer)
        self.cover.back.clicked.connect(self.back_to_question)

    def _first_hint(self) -> str:
        """The name of the hint a question opens with."""
        if not self.assisted:
            return "first_spin"
        if self.question.kind == "warner":
            return "truth_first_statement"
        return "truth_first"

    def _hint(self, name: str | None, text: str = "") -> None:
        """Show the hint ``name`` (or ``text``, a plural form), with its speaker if voiced."""
        self.hint.setText(text or self.words(name or ""))
        audio.follow(self.hint_speaker, self.words, name, self.hint.text())

    def _add_texts(self, layout: QVBoxLayout) -> None:
        q, lang = self.question, self.lang
        if q.kind == "warner":
            layout.addWidget(label(self.words("label_statement"), "hint"))
            self._text(layout, q.text_in(lang), "image")
            layout.addWidget(label(self.words("label_opposite_statement"), "hint"))
            self._text(layout, q.negation_in(lang), "negation_image")
        elif q.other_question:  # unrelated, unrelated_unknown: the other question below
            layout.addWidget(label(self.words("label_first_question"), "hint"))
            self._text(layout, q.text_in(lang), "image")
            layout.addWidget(label(self.words("label_other_question"), "hint"))
            self._text(layout, q.unrelated_in(lang), "unrelated_image")
        else:
            self._text(layout, q.text_in(lang), "image")

    def _text(self, layout: QVBoxLayout, text: str, picture: str) -> None:
        """A survey text, with the survey's picture for it in this language beside it (at the start
        of the line: left, or right in a right-to-left language), if the survey has one; the
        text has a speaker at the line's end when the survey has its sound in this language (and Qt
        Multimedia is installed)."""
        name = self.question.media_in(picture, self.lang)
        sound = self.question.media_in(_SOUND_OF[picture], self.lang)
        words = label(text, "question")
        if self.media is None or (name is None and (sound is None or not audio.available())):
            layout.addWidget(words)
            return
        row = QHBoxLayout()
        row.setSpacing(12)
        if name is not None:
            image = QPixmap(str(self.media / name))
            shown = QLabel()
            shown.setObjectName(f"picture-{picture}")
            if not image.isNull():
                side = PICTURE_SIDE * self.devicePixelRatioF()
                image = image.scaled(round(side), round(side), Qt.AspectRatioMode.KeepAspectRatio,
                                     Qt.TransformationMode.SmoothTransformation)
                image.setDevicePixelRatio(self.devicePixelRatioF())
                shown.setPixmap(image)
            shown.setAccessibleName(text)  # a picture of the text beside it: a screen reader says which
            row.addWidget(shown, 0, Qt.AlignmentFlag.AlignTop)
            self.pictures.append(shown)
        row.addWidget(words, 1)
        if sound is not None and audio.available():
            speaker = audio.Speaker(self.media / sound, audio.listen_name(self.words, text))
            row.addWidget(speaker, 0, Qt.AlignmentFlag.AlignTop)
            self.text_speakers[_SOUND_OF[picture]] = speaker
        layout.addLayout(row)

    def _answer_row(self, layout: QVBoxLayout, slot: Callable[[int], object], *,
                    checkable: bool = False) -> list[QPushButton]:
        """YES and NO side by side; choices one under the other (labels may be long), in two
        columns when there are many or the window is short and wide (:func:`answer_columns`).
        Each wears its answer's mark, as its sector on the wheel."""
        grid = QGridLayout()
        grid.setSpacing(14)
        buttons: list[QPushButton] = []
        cells: list[QWidget] = []
        sounds = self._answer_sounds()
        for index, text in wording.answers(self.question, self.words):
            b = button(text, "answer", checkable=checkable)
            b.setProperty("answer", index)
            b.setIcon(marks.icon(marks.of_answer(self.question, index)))
            b.setIconSize(QSize(marks.SWATCH, marks.SWATCH))
            b.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            b.clicked.connect(lambda _=False, i=index: slot(i))
            buttons.append(b)
            cells.append(self._with_speaker(b, sounds.get(index), text) if sounds else b)
        layout.addLayout(grid)
        on_width(self.page, lambda width: _place(grid, cells, answer_columns(
            self.question, len(cells), width, self.page.window().height(), speakers=bool(sounds))))
        return buttons

    def _answer_sounds(self) -> dict[int, Path]:
        """The answers' sounds in this language, by answer index (none without Qt Multimedia):
        each choice's (``choice_audio``), or YES's and NO's from the survey's voiced words."""
        if not audio.available():
            return {}
        if not self.question.choices:
            voiced = {index: self.words.sound("yes" if index else "no") for index in (1, 0)}
            return {index: path for index, path in voiced.items() if path is not None}
        if self.media is None:
            return {}
        found = {i: self.question.media_in(f"choice_audio.{i}", self.lang) for i in range(len(self.question.choices))}
        return {i: self.media / name for i, name in found.items() if name is not None}

    def _with_speaker(self, answer: QPushButton, sound: Path | None, text: str) -> QWidget:
        """``answer`` in a cell of its own, with a speaker after it if it has a sound: hiding the
        cell hides both (:meth:`_show_answer`)."""
        cell = QWidget()
        cell.setObjectName("answer-cell")
        row = QHBoxLayout(cell)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(8)
        row.addWidget(answer, 1)
        if sound is not None:
            speaker = audio.Speaker(sound, audio.listen_name(self.words, text))
            row.addWidget(speaker, 0)
            self.answer_speakers[answer] = speaker
        return cell

    def _show_answer(self, answer: QPushButton, shown: bool) -> None:
        """Show or hide an answer button, with its speaker if it has one (their cell)."""
        speaker = self.answer_speakers.get(answer)
        if speaker is not None and not shown:
            speaker.stop()
        cell = answer.parentWidget()
        target = cell if cell is not None and cell.objectName() == "answer-cell" else answer
        target.setVisible(shown)

    # -- what the controller says -------------------------------------------------------------

    @Slot(object)
    def show_state(self, view: QuestionView) -> None:
        """Show the question's new state (and the one value it brings)."""
        self.state = state = view.state
        if state is QuestionState.TRUTH_PICKED:
            for b in self.truth_buttons:
                b.setChecked(b.property("answer") == view.truth)
            self.spin_button.setEnabled(True)
            self._hint("now_spin")
            self._focus(self.spin_button)
        elif state is QuestionState.SPINNING:
            if view.position is None:  # the tap: the outcome is being drawn and made durable
                self._tapped()
            else:  # the outcome is drawn: the wheel turns to it
                self.wheel.spin_to(view.position)
        elif state is QuestionState.DECLINING:
            for b in (self.decline, self.spin_button, self.confirm.skip, self.confirm.back, *self.truth_buttons):
                b.setEnabled(False)
        elif state is QuestionState.FAILED:
            self._show_outcome(view.instruction)
            self._failed()
        elif state is not QuestionState.RECORDED:  # SHOWN, SAVING, SAVED (RECORDED shows nothing new)
            self._show_outcome(view.instruction)
            if state is QuestionState.SAVING:
                self._saving()
            elif state is QuestionState.SAVED:
                self._show_saved()

    def _tapped(self) -> None:
        """Spin was tapped: nothing of the true answer stays, and the screen says what happens."""
        for b in self.truth_buttons:  # never leave a truth on screen, even before the outcome
            b.setChecked(False)
            self._show_answer(b, False)
        self.spin_button.setEnabled(False)
        self.decline.hide()
        self.confirm.hide()
        self._focus_self()  # why: Qt would pass the disabled Spin's focus on to the next button
        if self.reduced_motion:
            seconds = max(1, round(spin_path.DURATION_MS / 1000))
            self._hint(None, self.words.plural("still_turning", seconds, seconds=wording.number(self.words, seconds)))
        else:
            self._hint("turning")
        announce(self, self.hint.text())

    def _show_outcome(self, instruction: Instruction | None) -> None:
        """The wheel stopped: what the spinner chose (assisted) or asks (instructed), and,
        for a fixed answer, that it says nothing about the respondent."""
        if instruction is None:
            return
        if self.assisted:
            self._hint("spinner_chose")
            self.instruction.setText(wording.sector_label(self.question, instruction, self.words))
            said = wording.sector_name(self.question, instruction)
        else:
            self._hint("spinner_says")
            self.instruction.setText(wording.instruction_text(self.question, instruction, self.words))
            said = wording.instruction_name(self.question, instruction)
        self.instruction.show()
        audio.follow(self.outcome_speaker, self.words, said, self.instruction.text())
        reminder = wording.forced_reminder(self.question, instruction, self.words)
        self.reminder.setText(reminder)
        self.reminder.setVisible(bool(reminder))
        audio.follow(self.reminder_speaker, self.words, wording.reminder_name(self.question, instruction), reminder)
        if not self._announced:  # once: SAVING and SAVED show the same outcome again
            self._announced = True
            announce(self, " ".join(t for t in (self.hint.text(), self.instruction.text(), reminder) if t))
        if self.assisted:
            return
        for b in self.answer_buttons:
            self._show_answer(b, True)
        self._focus_self()  # why: a focused YES would make Enter answer YES, whatever was asked

    def _saving(self) -> None:
        for b in self.answer_buttons:
            b.setEnabled(False)
        self.status.setText(self.words("saving"))
        audio.follow(self.status_speaker, self.words, None)
        self.status.setProperty("role", "hint")
        restyle(self.status)
        self.status.show()

    def _show_error(self, name: str) -> None:
        self.status.setText(text := self.words(name))
        audio.follow(self.status_speaker, self.words, name, text)
        announce(self, text)
        self.status.setProperty("role", "error")
        restyle(self.status)
        self.status.show()

    def _failed(self) -> None:
        """Do not move on: say so plainly and let the interviewer stop; the dashboard says
        what happened (the file, the system's words: never for the respondent's eyes), opens
        the store again and offers to continue this interview."""
        if self.wheel.is_aimed():
            self._show_error("error_not_saved")
        else:  # the outcome itself could not be drawn or kept
            self._show_error("error_spinner")
        for b in (*self.answer_buttons, self.spin_button):
            b.setEnabled(False)
        self.decline.hide()
        self.confirm.hide()
        self.stop.show()
        self._focus(self.stop)

    def _show_saved(self) -> None:
        """Assisted mode: the wheel stopped and the record is durable. What was saved is
        never shown: beside the sector it would tell the true answer."""
        if not self.assisted:
            return
        self.status.hide()
        self.recorded.setText(self.words("saved_mixed"))  # never the answer saved: it is not on screen
        self.recorded.show()
        if self.recorded_speaker is not None:
            self.recorded_speaker.show()
        announce(self, self.recorded.text())
        self.next.show()
        self._focus(self.next)

    # -- focus, the cover and the skip confirmation ---------------------------------------------

    def _focus(self, widget: QWidget) -> None:
        """Give ``widget`` the focus now, or when the question shows again (never behind the cover)."""
        self._wanted = widget
        if self.stack.currentWidget() is self.page:
            widget.setFocus()

    def _focus_self(self) -> None:
        self.setFocusProxy(None)  # type: ignore[arg-type]  # why: PySide6's stub omits None (Qt: no proxy)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._focus(self)

    @property
    def speaker(self) -> audio.Speaker | None:
        """The speaker of the question's own text (Warner's statement), if it has one."""
        return self.text_speakers.get("audio")

    @property
    def covered(self) -> bool:
        return self.stack.currentWidget() is self.cover

    @Slot()
    def call_interviewer(self) -> None:
        """Hide the question (texts, wheel, outcome) behind a neutral page. The interview does
        not change; a wheel that turns goes on turning and stops on time behind the cover."""
        audio.stop_all(self)
        self.stack.setCurrentWidget(self.cover)
        self.cover.back.setFocus()

    @Slot()
    def back_to_question(self) -> None:
        self.stack.setCurrentWidget(self.page)
        (self._wanted or self).setFocus()

    @Slot()
    def _spin_tapped(self) -> None:
        if not self.covered and not self.confirm.isVisible():
            self.spinRequested.emit()

    @Slot()
    def _ask_to_skip(self) -> None:
        if self.state not in (QuestionState.READY, QuestionState.TRUTH_PICKED):
            return
        self.decline.hide()
        self.confirm.show()
        self.spin_button.setEnabled(False)
        for b in self.truth_buttons:
            b.setEnabled(False)
        self._focus(self.confirm.back)  # why: Enter on the first thing focused must not skip

    @Slot()
    def _keep(self) -> None:
        self.confirm.hide()
        self.decline.show()
        for b in self.truth_buttons:
            b.setEnabled(True)
        self.spin_button.setEnabled(not self.assisted or self.state is QuestionState.TRUTH_PICKED)
        self._focus(self.decline)

    @Slot()
    def _skip(self) -> None:
        if self.confirm.isVisible():
            self.declineRequested.emit()

    # -- keyboard: Y / N (and the translated initials), 1..k for choices; Escape ------------

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() == Qt.Key.Key_Escape and self.confirm.isVisible():
            self._keep()  # Escape never skips: it goes back to the question
            event.accept()
            return
        ready = self.state in (QuestionState.READY, QuestionState.TRUTH_PICKED)
        buttons = self.truth_buttons if self.assisted and ready else (
            self.answer_buttons if self.state is QuestionState.SHOWN else [])
        target = None if self.covered else self._key_target(event, buttons)
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
        yes_keys = {"Y", self.words("yes")[:1].upper()}
        no_keys = {"N", self.words("no")[:1].upper()}
        by_answer = {b.property("answer"): b for b in buttons}
        if text and text in yes_keys and text not in no_keys:
            return by_answer.get(1)
        if text and text in no_keys and text not in yes_keys:
            return by_answer.get(0)
        return None
