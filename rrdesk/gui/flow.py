"""One interview, screen after screen: a QStackedWidget that holds only the current screen.

Interviewer: direct questions → (start record, durable) → "hand the laptop over".
Respondent: language → explanation → practice spin → one screen per randomized question
(``interview.next_question``, so a restarted interview asks only what is not recorded) →
"thank you, hand the laptop back". Interviewer: back to the dashboard, which shows only
"Interview N saved".

Each screen is built when it is shown and deleted when it is left, so no widget keeps
the previous question's answer or sector. Store calls run on the :class:`TaskRunner`; the
flow moves on only when they return.
"""
from __future__ import annotations

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QStackedWidget, QVBoxLayout, QWidget

from rrdesk.core.survey import Survey
from rrdesk.gui.i18n import Translators
from rrdesk.gui.practice import PracticeScreen
from rrdesk.gui.question import QuestionScreen
from rrdesk.gui.screens import DirectScreen, ExplanationScreen, HandoverScreen, LanguageScreen, ThanksScreen
from rrdesk.gui.tasks import TaskRunner
from rrdesk.app.interviews import Interview, Station


class InterviewFlow(QWidget):
    """Drives one interview through its screens.

    Signals
    -------
    ended(str, bool)
        The interview is over (saved, closed or not started): a line for the dashboard, and
        whether the interview was completed.
    """

    ended = Signal(str, bool)

    def __init__(self, runner: TaskRunner, translators: Translators, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("flow")
        self.runner, self.translators = runner, translators
        self.stack = QStackedWidget(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)
        self.station: Station | None = None
        self.interview: Interview | None = None
        self.ui_lang = self.lang = "en"
        self.reduced_motion = False
        self.wrote = False  # something was saved during this flow (for "last answer saved")
        self.broken = False  # a write failed: the store must be opened again

    @property
    def survey(self) -> Survey:
        assert self.station is not None
        return self.station.survey

    @property
    def screen(self) -> QWidget | None:
        """The screen shown now (tests and screenshots look at it)."""
        return self.stack.currentWidget()

    def _show(self, screen: QWidget) -> None:
        old = self.stack.currentWidget()
        self.stack.addWidget(screen)
        self.stack.setCurrentWidget(screen)
        if old is not None:
            self.stack.removeWidget(old)
            old.hide()
            old.deleteLater()  # why: a left screen must not keep an answer, a sector or a wheel
        screen.setFocus()

    def clear(self) -> None:
        while self.stack.count():
            old = self.stack.widget(0)
            self.stack.removeWidget(old)
            old.deleteLater()
        self.interview = None

    def _survey_lang(self, lang: str) -> str:
        return lang if lang in self.survey.languages else self.survey.default_language

    # -- the interviewer's part --------------------------------------------------------------

    def begin(self, station: Station, ui_lang: str, *, reduced_motion: bool) -> None:
        """A new interview: the direct questions, then the hand-over."""
        self.station, self.ui_lang, self.reduced_motion = station, ui_lang, reduced_motion
        self.wrote = self.broken = False
        direct = [q for q in self.survey.questions if q.design is None]
        if not direct:
            self._start({})
            return
        screen = DirectScreen(direct, self._survey_lang(ui_lang))
        screen.submitted.connect(self._start)
        screen.cancelled.connect(lambda: self._end(self.tr("No interview was started.")))
        self._show(screen)

    def resume(self, station: Station, interview: Interview, ui_lang: str, *, reduced_motion: bool) -> None:
        """Continue an interrupted interview: hand over, and ask only what is not recorded."""
        self.station, self.ui_lang, self.reduced_motion = station, ui_lang, reduced_motion
        self.wrote = self.broken = False
        self._hand_over(interview)

    @Slot(dict)
    def _start(self, direct: dict) -> None:
        station, answers = self.station, dict(direct)
        self.runner.submit(lambda: station.start(answers), self._started, self._start_failed)

    def _started(self, interview: Interview) -> None:
        self.wrote = True  # the start record, with the direct answers, is durable
        self._hand_over(interview)

    def _start_failed(self, line: str) -> None:
        self.broken = True
        self._end(self.tr("The interview could not be started: {error}").format(error=line))

    def _hand_over(self, interview: Interview) -> None:
        self.interview = interview
        screen = HandoverScreen(interview.number)
        screen.ready.connect(self._choose_language)
        screen.stopped.connect(self._stop)
        self._show(screen)

    @Slot()
    def _stop(self) -> None:
        interview = self.interview
        number = interview.number

        def closed(_: object) -> None:
            self.wrote = True
            self._end(self.tr("Interview {number} was closed before the end.").format(number=number))

        def failed(line: str) -> None:
            self.broken = True
            self._end(self.tr("Interview {number} could not be closed: {error}").format(number=number, error=line))

        self.runner.submit(interview.abandon, closed, failed)

    # -- the respondent's part ---------------------------------------------------------------

    @Slot()
    def _choose_language(self) -> None:
        if len(self.survey.languages) == 1:
            self._language(self.survey.languages[0])
            return
        screen = LanguageScreen(self.survey.languages)
        screen.chosen.connect(self._language)
        self._show(screen)

    @Slot(str)
    def _language(self, code: str) -> None:
        self.lang = code
        self.translators.use(code)  # the next screens are built in the respondent's language
        assisted = any(q.answer_mode == "assisted" for q in self.survey.randomized)
        screen = ExplanationScreen(assisted)
        screen.next.connect(self._practice)
        self._show(screen)

    @Slot()
    def _practice(self) -> None:
        screen = PracticeScreen(self.survey.randomized[0], self.lang, reduced_motion=self.reduced_motion)
        screen.next.connect(self._next_question)
        self._show(screen)

    @Slot()
    def _next_question(self) -> None:
        if isinstance(self.screen, QuestionScreen):
            self.wrote = True  # it emits done only once its answer is durable
        question = self.interview.next_question
        if question is None:
            screen = ThanksScreen()
            screen.done.connect(self._finished)
            self._show(screen)
            return
        randomized = self.survey.randomized
        number = next(i for i, q in enumerate(randomized) if q.id == question.id) + 1
        screen = QuestionScreen(self.interview, question, self.lang, self.runner, number=number,
                                total=len(randomized), reduced_motion=self.reduced_motion)
        screen.done.connect(self._next_question)
        screen.failed.connect(self._write_failed)
        self._show(screen)

    @Slot(str)
    def _write_failed(self, line: str) -> None:
        self.broken = True
        self._end(self.tr("Interview {number} stopped: {error}. Fix the cause (free some disk space), then "
                          "continue it from here.").format(number=self.interview.number, error=line))

    @Slot()
    def _finished(self) -> None:
        number = self.interview.number
        self.translators.use(self.ui_lang)  # the interviewer's language again
        self._end(self.tr("Interview {number} saved.").format(number=number), completed=True)

    def _end(self, line: str, *, completed: bool = False) -> None:
        if self.translators.current != self.ui_lang:
            self.translators.use(self.ui_lang)
        self.clear()
        self.ended.emit(line, completed)
