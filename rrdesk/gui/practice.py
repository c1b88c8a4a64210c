"""The practice: one practice wheel per wheel kind the survey uses, before the questions.

The respondent may spin each practice wheel as often as they like, and sees a tally of
what it showed, a line per thing it says ("Answer truthfully: 7", "Say YES: 2", …), so
someone who distrusts the laptop can see that the wheel is fair. Marked PRACTICE (on the screen and on the wheel)
and never recorded: each outcome comes from :func:`rrdesk.core.randomizer.spin` with the OS
CSPRNG (a test may hand in its own byte source) and is never given to the store.
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QWidget

from rrdesk.core.survey import Question
from rrdesk.core.wording import Words
from rrdesk.gui import audio, wording
from rrdesk.gui.explain import sector_kinds
from rrdesk.gui.spinner import path as spin_path
from rrdesk.gui.widgets import announce, button, columns, label, make_wheel, restyle, spoken, tab_order

if TYPE_CHECKING:
    from rrdesk.core.randomizer import ByteSource


class PracticeScreen(QWidget):
    """The practice wheels, one after the other (``questions``: one question per wheel kind,
    whose wheel is used), drawn by :func:`randomizer.spin` directly, never given to the store.

    Signals
    -------
    next
        The respondent is ready for the questions (after the last practice wheel).
    """

    next = Signal()

    def __init__(self, questions: Sequence[Question], lang: str | Words, *, reduced_motion: bool,
                 source: ByteSource = os.urandom, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if not questions:
            raise ValueError("the practice needs at least one wheel")
        self.setObjectName("practice")
        self.words = wording.words_of(lang)  # the respondent's words; their language's code is .lang
        self.setLayoutDirection(wording.direction(self.words))  # before its widgets: their text lays out in it
        self.questions, self.lang, self._source = list(questions), self.words.lang, source
        self.page = 0
        self._sector: int | None = None  # the practice outcome, until the wheel shows it
        self._counts: list[int] = []  # practice spins per sector of the wheel shown
        self._labels: list[str] = []  # the words on each sector of the wheel shown
        left, right = columns(self)
        left.addWidget(label(self.words("practice"), "practice"))
        self.progress = label("", "hint")
        left.addWidget(self.progress)
        left.addWidget(audio.voiced(label(self.words("practice_nothing_saved"), "subtitle"), self.words,
                                    "practice_nothing_saved"))
        self.how = label(self._how(reduced_motion), "body")
        left.addWidget(audio.voiced(self.how, self.words, "practice_how") if not reduced_motion else self.how)
        self.keys = label(self.words("keys_hint"), "hint")  # Space, an answer's letter or number: on every question
        left.addWidget(self.keys)
        self.result = spoken(label("", "instruction"), self.words("spinner_result"))
        self.result.hide()
        self.result_speaker = audio.follower(self.words)  # what the wheel says, if the survey voices it
        audio.add_beside(left, self.result, self.result_speaker)
        self.tally = spoken(label("", "figure"), self.words("practice_tally"))
        left.addWidget(self.tally)
        left.addStretch(1)
        row = QHBoxLayout()
        row.addStretch(1)
        self.go = button("", "quiet")
        row.addWidget(self.go)
        left.addLayout(row)
        self.wheel = make_wheel(self.questions[0], self.words, reduced_motion, practice=True)
        right.addWidget(self.wheel, 1)
        self.spin_button = button(self.words("spin"), "spin")
        right.addWidget(self.spin_button)
        right.addStretch(0)  # why: when the texts' column is the taller, Spin keeps its height (the wheel grows first)
        self.spin_button.clicked.connect(self._spin)
        self.wheel.spinRequested.connect(self._spin)
        self.wheel.finished.connect(self._stopped)
        self.go.clicked.connect(self._go_on)
        tab_order([self.spin_button, self.go])
        self.setFocusProxy(self.spin_button)
        self._show_page(0)

    @property
    def question(self) -> Question:
        """The question whose wheel is practised now."""
        return self.questions[self.page]

    def _how(self, reduced_motion: bool) -> str:
        if not reduced_motion:
            return self.words("practice_how")
        seconds = max(1, round(spin_path.DURATION_MS / 1000))
        return self.words.plural("practice_still", seconds, seconds=wording.number(self.words, seconds))

    def _show_page(self, page: int) -> None:
        self.page, self._sector = page, None
        q = self.question
        self._labels = wording.wheel_labels(q, self.words)  # the survey's words: its own language too
        design = wording.design_of(q)
        self.wheel.set_wheel(design, self._labels, practice=True)
        self._counts = [0] * len(design.sectors)
        last = page == len(self.questions) - 1
        self.progress.setText(self.words("practice_progress",
                                         **wording.numbers(self.words, number=page + 1, total=len(self.questions))))
        self.go.setText(self.words("ready") if last else self.words("next_wheel"))
        self.go.setProperty("role", "quiet")
        restyle(self.go)
        self.result.setText("")
        self.result.hide()
        audio.follow(self.result_speaker, self.words, None)
        self.spin_button.setText(self.words("spin"))
        self.spin_button.setEnabled(True)
        self._show_tally()

    def _show_tally(self) -> None:
        parts = []
        for _, words in sector_kinds(self.question, self.words):
            count = sum(n for n, text in zip(self._counts, self._labels) if text == words)
            parts.append(self.words("tally_item", what=words, count=wording.number(self.words, count)))
        self.tally.setText("\n".join(parts))  # why one a line: a count never wraps away from its words

    @Slot()
    def _spin(self) -> None:
        if self._sector is not None or self.wheel.is_spinning():
            return  # one practice spin at a time
        self.spin_button.setEnabled(False)
        self.go.setEnabled(False)  # why: the outcome on its way is shown before the wheel changes
        self.result.hide()
        audio.follow(self.result_speaker, self.words, None)
        from rrdesk.core import randomizer  # why: numpy loads at the first spin, not with the first window

        spin = randomizer.spin(wording.design_of(self.question), None, self._source)  # never given to the store
        self._sector = spin.sector
        self.wheel.reset()  # the last practice outcome goes; the wheel may turn again
        self.wheel.spin_to(spin.position)

    @Slot()
    def _stopped(self) -> None:
        if self._sector is None:
            return
        sector, self._sector = self._sector, None
        self._counts[sector] += 1
        self.result.setText(self.words("practice_says", what=self._labels[sector]))
        self.result.show()
        said = wording.sector_name(self.question, wording.design_of(self.question).sectors[sector].instruction)
        audio.follow(self.result_speaker, self.words, said, self._labels[sector])
        self._show_tally()
        announce(self, self.result.text())
        self.spin_button.setText(self.words("spin_again"))
        self.spin_button.setEnabled(True)
        self.go.setEnabled(True)
        self.go.setProperty("role", "primary")
        restyle(self.go)
        self.go.setFocus()

    @Slot()
    def _go_on(self) -> None:
        if self._sector is not None:
            return  # a practice spin is under way
        if self.page + 1 < len(self.questions):
            self._show_page(self.page + 1)
            self.spin_button.setFocus()
            return
        self.go.setEnabled(False)  # why: a double tap must not skip the next screen
        self.next.emit()
