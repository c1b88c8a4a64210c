"""The simple screens of an interview: hand-over, language, explanation,
"nobody can see this screen", thanks. Each is built when it is shown (so it speaks the language in force then) and
deleted when it is left. The spinner screens are in :mod:`rrdesk.gui.question`, the direct
questions in :mod:`rrdesk.gui.direct`.
"""
from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QPointF, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QKeyEvent, QPainter, QPaintEvent, QPen, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from rrdesk.core.survey import Question
from rrdesk.core.wording import Words
from rrdesk.gui import explain, wording
from rrdesk.gui.audio import voiced
from rrdesk.gui.frame import CurrentStack, screen_changed, scrolling
from rrdesk.gui.i18n import language_name
from rrdesk.gui.spinner.style import INK, PAPER
from rrdesk.gui.widgets import COMPACT_BELOW, announce, button, focus_on_page, label, margins, on_width, tab_order


def _page(parent: QWidget) -> QVBoxLayout:
    outer = QVBoxLayout(parent)
    outer.setContentsMargins(48, 32, 48, 32)
    outer.setSpacing(20)
    return outer


def _margins(width: int) -> tuple[int, int, int, int]:
    """A page's margins for its ``width``: tighter on a small window."""
    side, top = margins(width)
    return side, top, side, top


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


class PageDots(QWidget):
    """Where a paged screen stands, drawn: a dot per page, the current one filled and larger
    (no words to translate); a screen reader hears "2 / 5"."""

    def __init__(self, count: int, words: Words, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count, self.current, self.words = count, 0, words
        self.setFixedSize(count * 28, 28)
        self.set_current(0)

    def set_current(self, page: int) -> None:
        self.current = page
        number = wording.numbers(self.words, number=page + 1, total=self.count)
        self.setAccessibleName(f"{number['number']} / {number['total']}")
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(INK, 2))
        rtl = self.layoutDirection() == Qt.LayoutDirection.RightToLeft
        for i in range(self.count):
            x = 14 + 28 * (self.count - 1 - i if rtl else i)  # the first page on the reading side
            p.setBrush(INK if i == self.current else PAPER)
            r = 9 if i == self.current else 6
            p.drawEllipse(QPointF(x, 14), r, r)
        p.end()


class ExplanationScreen(QWidget):
    """How the wheel protects the respondent, a page at a time: the three short lines, then one
    page per wheel kind the survey uses (its picture: :mod:`rrdesk.gui.explain`). Each page fits
    a small window (1024×600 at 200 %) with its "Next" in view and focused; "Go back" returns a
    page; the last page's button starts the practice.

    A page's Next answers only once the page has been on screen :data:`SETTLE_MS`: an Enter
    pressed twice, a key held down or a double tap turns one page, never the whole explanation.
    """

    next = Signal()

    #: How long a new page ignores Next (a test may set it to 0).
    SETTLE_MS = 600

    def __init__(self, questions: Sequence[Question], lang: str | Words, assisted: bool,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words = wording.words_of(lang)
        self.setLayoutDirection(wording.direction(self.words))  # before its widgets: their text lays out in it
        self.setObjectName("explanation")
        outer = _page(self)
        self.pages = CurrentStack()
        intro = QWidget()
        column = QVBoxLayout(intro)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(10)
        column.addWidget(voiced(label(self.words("how_it_works"), "title"), self.words, "how_it_works"))
        names = ["wheel_decides", "yes_not_admission", "only_after_spin"]
        if assisted:
            names.append("true_answer_not_saved")
        self.lines = [label(self.words(name), "explain") for name in names]
        for name, line in zip(names, self.lines):
            column.addWidget(voiced(line, self.words, name))
        column.addStretch(1)
        self.pages.addWidget(intro)
        self.cards = explain.kind_cards(questions, self.words)
        for card in self.cards:  # one page per wheel kind
            self.pages.addWidget(card)
        on_width(self, lambda width: self._fit(outer, width))
        # why a scroll area of its own: Next stays in view under a page taller than a small window
        self.area = scrolling(self.pages)
        self.area.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)  # the room that is left
        outer.addWidget(self.area, 1)
        row = QHBoxLayout()
        self.back = button(self.words("go_back"), "quiet")
        row.addWidget(self.back)
        row.addStretch(1)
        self.dots = PageDots(self.pages.count(), self.words)
        row.addWidget(self.dots, 0, Qt.AlignmentFlag.AlignVCenter)
        row.addStretch(1)
        self.go = button(self.words("next"))
        row.addWidget(self.go)
        outer.addLayout(row)
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self.back.clicked.connect(lambda: self._turn(-1))
        self.go.clicked.connect(lambda: self._turn(+1))
        tab_order([self.go, self.back])
        self.setFocusProxy(self.go)  # a visible control: the settle time keeps a stray Enter from turning pages
        self.setAccessibleName(self.words("how_it_works"))
        self._show_page(0)

    @property
    def page(self) -> int:
        return self.pages.currentIndex()

    @property
    def settled(self) -> bool:
        """Whether Next and Go back answer now (the page has been on screen long enough)."""
        return not self._settle.isActive()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._settle.start(self.SETTLE_MS)  # from when the first page is seen

    def _fit(self, outer: QVBoxLayout, width: int) -> None:
        compact = width < COMPACT_BELOW.width()
        outer.setContentsMargins(*_margins(width))
        outer.setSpacing(8 if compact else 20)
        side = explain.PICTURE if compact else explain.LARGE_PICTURE  # a page has the room for a larger wheel
        for card in self.cards:
            card.picture.setFixedSize(side, side)

    def _turn(self, step: int) -> None:
        if not self.settled:
            return  # a second Enter or tap on the heels of the first
        page = self.page + step
        if page >= self.pages.count():
            self.go.setEnabled(False)  # why: a double tap must not skip the practice's first screen
            self.next.emit()
            return
        if page >= 0:
            self._show_page(page)

    def _show_page(self, page: int) -> None:
        self.pages.setCurrentIndex(page)
        screen_changed(self.area)  # each page is read from its top
        self.dots.set_current(page)
        self.back.setVisible(page > 0)
        last = page == self.pages.count() - 1
        self.go.setText(self.words("try_practice") if last else self.words("next"))
        self._settle.start(self.SETTLE_MS)
        # why a description: Next has the focus, and a screen reader reads what the page says after its name
        self.go.setAccessibleDescription(self._spoken(page))
        self.go.setFocus()
        if page:  # a screen reader hears the new page (the first is the screen's own title)
            announce(self, self._spoken(page))

    def _spoken(self, page: int) -> str:
        """What page ``page`` says, as one text for a screen reader."""
        if page == 0:
            return " ".join([self.words("how_it_works"), *(line.text() for line in self.lines)])
        card = self.cards[page - 1]
        return " ".join([*card.says, card.sentences.text()])


class PrivacyScreen(QWidget):
    """Before the first question (and before the next one of a continued interview): the
    interviewer steps away, and the respondent says they are alone. A continued interview's
    screen also offers the practice (``practice``), which is not required: the respondent saw
    the explanation and the wheels when the interview began."""

    alone = Signal()
    practise = Signal()

    def __init__(self, words: Words | str = "en", parent: QWidget | None = None, *, practice: bool = False) -> None:
        super().__init__(parent)
        self.words = wording.words_of(words)
        self.setLayoutDirection(wording.direction(self.words))  # before its widgets: their text lays out in it
        self.setObjectName("privacy")
        outer = _page(self)
        on_width(self, lambda width: outer.setContentsMargins(*_margins(width)))
        outer.addStretch(1)
        for name, role in (("interviewer_steps_away", "headline"), ("nobody_sees", "explain")):
            outer.addWidget(voiced(label(self.words(name), role, center=True), self.words, name))
        outer.addStretch(1)
        self.go = button(self.words("alone_continue"), "start")
        outer.addWidget(self.go, 0, Qt.AlignmentFlag.AlignHCenter)
        self.practice = button(self.words("try_practice"), "quiet")
        self.practice.setVisible(practice)
        outer.addWidget(self.practice, 0, Qt.AlignmentFlag.AlignHCenter)
        outer.addStretch(1)
        self.go.clicked.connect(self._go)
        self.practice.clicked.connect(self._practise)
        tab_order([self.go, self.practice])
        self.setFocusProxy(self.go)

    @Slot()
    def _go(self) -> None:
        self.go.setEnabled(False)  # why: a double tap must not skip the first question's screen
        self.practice.setEnabled(False)
        self.alone.emit()

    @Slot()
    def _practise(self) -> None:
        self.go.setEnabled(False)
        self.practice.setEnabled(False)
        self.practise.emit()


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
        for name, role in (("thanks", "headline"), ("thanks_hand_back", "explain")):
            outer.addWidget(voiced(label(self.words(name), role, center=True), self.words, name))
        outer.addStretch(1)
        self.back = button(self.words("done_interviewer"), "quiet")
        outer.addWidget(self.back, 0, Qt.AlignmentFlag.AlignHCenter)
        outer.addStretch(1)
        self.back.clicked.connect(self.done)
        focus_on_page(self, self.words("thanks"))
