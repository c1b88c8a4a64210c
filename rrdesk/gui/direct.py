"""The interviewer's direct questions, before the hand-over: answers as buttons, numbers typed
or tapped on a keypad, and questions a ``relevant`` condition skips hidden as the answers change;
a section's heading (the survey's ``heading``, XLSForm's group label) above its questions.

Nothing here is sensitive (these questions are asked in the clear); the screen only shows and
emits. What is recordable is decided by the survey (:meth:`Question.accepts`,
:func:`rrdesk.core.survey.asked`); :meth:`rrdesk.app.interviews.Station.start` checks it again.
"""
from __future__ import annotations

import unicodedata
from typing import Sequence

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from rrdesk.core.survey import Question, asked
from rrdesk.gui import wording
from rrdesk.gui.frame import reveal
from rrdesk.gui.widgets import TOUCH, announce, button, label, restyle, tab_order

#: The erase key's sign, and the minus sign a negative range gets (typed "-" is the same).
_ERASE, _MINUS = "⌫", "−"
#: The hint's and the error's font sizes in resources/style.qss (QLabel[role="hint"], [role="error"]).
_HINT_FONT, _ERROR_FONT = 18, 20
#: A question's margins (left, top, right, bottom): room at its start for the bar that marks it
#: while it is new (style.qss: QFrame[revealed="true"], a border 8 px wide).
_BLOCK_MARGINS = (20, 6, 8, 6)


def typed(text: str) -> str:
    """What was typed, as ASCII: any script's digits (Arabic-Indic ٣ is 3), the Arabic decimal
    separator and the minus sign read as the survey reads numbers (a point, ``-``)."""
    out = []
    for char in text:
        if char.isdigit():
            out.append(str(unicodedata.digit(char, 0)))
        elif char in "٫,":
            out.append(".")
        elif char in (_MINUS, "\u2012", "\u2013"):
            out.append("-")
        else:
            out.append(char)
    return "".join(out)


class NumberField(QWidget):
    """A number question's answer: a large text field the keyboard types into, and a keypad
    of 56 px keys for a touch screen (:attr:`message`, its range or why an entry is refused,
    goes where the screen puts it). ``changed`` fires at every edit; :meth:`answer` is the
    canonical text of a number in range, or None (then :attr:`problem` says why, in the
    interviewer's language)."""

    changed = Signal()

    def __init__(self, question: Question, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        number = question.number
        assert number is not None
        self.number = number
        self.setObjectName(f"number-{question.id}")
        self.setMaximumWidth(480)  # why: a number is short; three keys of 150 px are easy to hit
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)  # why: never squeezed
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(8)
        self.edit = QLineEdit()
        self.edit.setObjectName("number")
        self.edit.setMinimumHeight(TOUCH)
        self.edit.setMaxLength(len(number.widest()) + 2)  # why: room for a typed sign or point, no more
        self.edit.setInputMethodHints(Qt.InputMethodHint.ImhFormattedNumbersOnly)  # an OS keyboard's digits
        self.edit.setPlaceholderText(self._range())
        self.edit.setAlignment(Qt.AlignmentFlag.AlignLeft)
        self.edit.setLayoutDirection(Qt.LayoutDirection.LeftToRight)  # why: a number reads left to right
        self.edit.textChanged.connect(self._edited)
        column.addWidget(self.edit)
        # why not in this widget's own column: a wrapping label's height is not passed up through
        # it, so a long message would squeeze the keypad; the screen puts it under the field
        self.message = label("", "hint")
        self.message.setObjectName("number-message")
        # why three lines kept free: the message changes at every key, and a page that grows while
        # the interviewer types would squeeze the keypad for a moment (the window scrolls it after)
        self.message.setMinimumHeight(3 * self.message.fontMetrics().lineSpacing() * _ERROR_FONT // _HINT_FONT)
        # a telephone's keypad: 1 2 3 / 4 5 6 / 7 8 9 / . 0 ⌫ (the point for a decimal question),
        # then a minus sign on a row of its own when the range goes below zero
        rows = ["123", "456", "789", [".", "0", _ERASE] if number.decimals else ["", "0", _ERASE]]
        if number.low < 0:
            rows.append([_MINUS])
        grid = QGridLayout()
        grid.setSpacing(8)
        self.keys: list[QPushButton] = []
        for r, row in enumerate(rows):
            for c, name in enumerate(row):
                if not name:
                    continue
                b = QPushButton(name)  # why not a wrapping button: one sign never wraps, and a
                b.setProperty("role", "choice")  # height for its width would squeeze the keypad
                b.setMinimumHeight(TOUCH)
                b.setCursor(Qt.CursorShape.PointingHandCursor)
                b.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
                b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # why: the keyboard types in the field; Tab skips the keys
                b.clicked.connect(lambda _=False, name=name: self._key(name))
                if name == _ERASE:
                    b.setAccessibleName(self.tr("Erase"))
                grid.addWidget(b, r, c)
                self.keys.append(b)
        column.addLayout(grid)
        self._show_problem()

    def _range(self) -> str:
        low, high = self.number.text(self.number.low), self.number.text(self.number.high)
        if self.number.decimals:
            return self.tr("a number from {low} to {high}, {decimals} digits after the point at most").format(
                low=low, high=high, decimals=self.number.decimals)
        return self.tr("a whole number from {low} to {high}").format(low=low, high=high)

    def answer(self) -> str | None:
        units = self.number.read(typed(self.edit.text()))
        return None if units is None else self.number.text(units)

    @property
    def problem(self) -> str:
        if not self.edit.text().strip() or self.answer() is not None:
            return ""
        return self.tr("Not accepted: enter {what}.").format(what=self._range())

    def _key(self, name: str) -> None:
        text = self.edit.text()
        if name == _ERASE:
            self.edit.setText(text[:-1])
        elif len(text) < self.edit.maxLength():
            self.edit.setText(text + ("-" if name == _MINUS else name))

    @Slot()
    def _edited(self) -> None:
        self._show_problem()
        self.changed.emit()

    def _show_problem(self) -> None:
        problem = self.problem
        self.message.setText(problem or self._range())
        self.message.setProperty("role", "error" if problem else "hint")
        restyle(self.message)


class DirectScreen(QWidget):
    """The interviewer answers the survey's direct questions (asked in the clear); a question
    its ``relevant`` condition skips is hidden, and recorded as skipped. A question an answer
    brings up is scrolled into view and marked (``revealed``: a tinted block with a thick bar at
    its start, style.qss) until it is answered; a screen reader hears its text."""

    submitted = Signal(dict)
    cancelled = Signal()

    def __init__(self, questions: Sequence[Question], lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("direct")
        self.questions = tuple(questions)
        # why no QButtonGroup: Qt then keeps only one button of the group in the Tab chain
        # (arrow keys move inside it); here Tab reaches every answer and Space picks it
        self._groups: dict[str, tuple[list[QPushButton], tuple[str, ...]]] = {}
        self._numbers: dict[str, NumberField] = {}
        self._chosen: dict[str, int] = {}
        self._blocks: dict[str, QFrame] = {}
        self._headings: list[tuple[QWidget, list[str]]] = []  # a section's heading, the questions under it
        self._texts: dict[str, str] = {}
        self._was_shown: dict[str, bool] | None = None  # which questions showed, once the screen is built
        outer = QVBoxLayout(self)
        outer.setContentsMargins(48, 32, 48, 32)
        outer.setSpacing(20)
        outer.addWidget(label(self.tr("New interview"), "title"))
        outer.addWidget(label(self.tr("Interviewer: fill in these answers before handing over the laptop."),
                              "hint"))
        body = QWidget()
        form = QVBoxLayout(body)
        form.setSpacing(12)
        form.setContentsMargins(0, 0, 0, 0)
        chain: list[QWidget] = []
        previous = None
        for q in self.questions:
            if q.heading and q.heading == previous:
                self._headings[-1][1].append(q.id)
            elif q.heading:  # a new section (XLSForm's group): its heading, shown while a question under it is
                heading = label(q.heading.pick(lang), "section")
                heading.setObjectName("section")
                self._headings.append((heading, [q.id]))
                form.addWidget(heading)
            previous = q.heading
            block = QFrame()
            block.setObjectName(f"question-{q.id}")
            rows = QVBoxLayout(block)
            rows.setContentsMargins(*_BLOCK_MARGINS)  # why always: a mark that comes and goes moves nothing
            rows.setSpacing(12)
            self._texts[q.id] = q.text_in(lang)
            rows.addWidget(label(self._texts[q.id], "subtitle"))
            if q.number is not None:
                field = NumberField(q)
                field.changed.connect(self._update)
                self._numbers[q.id] = field
                rows.addWidget(field)
                rows.addWidget(field.message)
                chain.append(field.edit)
            else:
                chain += self._choices(q, lang, rows)
            self._blocks[q.id] = block
            form.addWidget(block)
        outer.addWidget(body)  # why no scroll area of its own: the window scrolls a screen taller than it
        outer.addStretch(1)
        row = QHBoxLayout()
        self.cancel = button(self.tr("Cancel"), "quiet")
        self.next = button(self.tr("Continue"))
        row.addWidget(self.cancel)
        row.addStretch(1)
        row.addWidget(self.next)
        outer.addLayout(row)
        self.cancel.clicked.connect(self.cancelled)
        self.next.clicked.connect(self._submit)
        tab_order([*chain, self.cancel, self.next])
        self.setFocusProxy(chain[0] if chain else self.next)
        self._update()

    def _choices(self, q: Question, lang: str, rows: QVBoxLayout) -> list[QPushButton]:
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
        rows.addLayout(grid)
        return group

    def _given(self) -> dict[str, str]:
        """Every answer given so far, shown or not ("" where none is given yet)."""
        found = {qid: ids[self._chosen[qid]] for qid, (_, ids) in self._groups.items() if qid in self._chosen}
        found.update({qid: field.answer() or "" for qid, field in self._numbers.items()})
        return found

    def answers(self) -> dict[str, str] | None:
        """The answers to record, or None while a question shown is not answered: a skipped
        question is left out (recorded as skipped)."""
        given = self._given()
        shown = asked(self.questions, given)
        if any(shown[q.id] and not given.get(q.id) for q in self.questions):
            return None
        return {q.id: given[q.id] for q in self.questions if shown[q.id]}

    def _pick(self, qid: str, index: int) -> None:
        self._chosen[qid] = index
        for i, b in enumerate(self._groups[qid][0]):
            b.setChecked(i == index)
        self._update()

    @Slot()
    def _update(self) -> None:
        given = self._given()
        shown = asked(self.questions, given)
        was, self._was_shown = self._was_shown, dict(shown)  # None while the screen is built: nothing is brought up
        brought = [qid for qid in self._blocks if shown[qid] and was is not None and not was[qid]]
        for qid, block in self._blocks.items():
            block.setVisible(shown[qid])  # why: hidden, never disabled: the interviewer must not ask it
            self._mark(block, qid in brought or (bool(block.property("revealed")) and shown[qid]
                                                 and not given.get(qid)))
        for heading, ids in self._headings:
            heading.setVisible(any(shown[qid] for qid in ids))
        self.next.setEnabled(self.answers() is not None)
        self.updateGeometry()  # why: a message or a question shown makes the page taller: the window scrolls it
        if brought:
            reveal(self._blocks[brought[0]])  # why the first: a second one shows below it
            announce(self, " ".join(self._texts[qid] for qid in brought))

    @staticmethod
    def _mark(block: QFrame, revealed: bool) -> None:
        if bool(block.property("revealed")) != revealed:
            block.setProperty("revealed", revealed)
            for w in (block, *block.findChildren(QWidget)):
                restyle(w)

    @Slot()
    def _submit(self) -> None:
        answers = self.answers()
        if answers is not None:
            self.next.setEnabled(False)
            self.cancel.setEnabled(False)
            self.submitted.emit(answers)
