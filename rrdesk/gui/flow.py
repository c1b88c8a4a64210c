"""One interview on screen: a QStackedWidget that holds only the current screen.

It shows the step of its :class:`InterviewController` (:mod:`rrdesk.gui.interview`) and
sends what the person did back to it; it never calls the store. Each screen is built when
it is shown (so it speaks the language in force then) and deleted when it is left, so no
widget keeps the previous question's answer or sector.
"""
from __future__ import annotations

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QStackedWidget, QVBoxLayout, QWidget

from rrdesk.gui.interview import InterviewController
from rrdesk.gui.states import QuestionView, Step
from rrdesk.gui.practice import PracticeScreen
from rrdesk.gui.question import QuestionScreen
from rrdesk.gui.explain import one_per_kind
from rrdesk.gui.screens import (
    DirectScreen, ExplanationScreen, HandoverScreen, LanguageScreen, PrivacyScreen, ThanksScreen,
)


class InterviewFlow(QWidget):
    """The screens of the interview its controller drives."""

    def __init__(self, controller: InterviewController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("flow")
        self.controller = controller
        self.stack = QStackedWidget(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)
        controller.stepChanged.connect(self._step)
        controller.questionChanged.connect(self._question_changed)

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
        """Delete the last screen (once the window shows the dashboard again)."""
        while self.stack.count():
            old = self.stack.widget(0)
            self.stack.removeWidget(old)
            old.deleteLater()

    @Slot(object)
    def _step(self, step: Step) -> None:
        c = self.controller
        if step is Step.ENDED:
            return  # the last screen stays until the window shows the dashboard
        if step is Step.DIRECT:
            screen = DirectScreen(c.survey.direct, c.survey_lang(c.ui_lang))
            screen.submitted.connect(c.submit_direct)
            screen.cancelled.connect(c.cancel)
        elif step is Step.HANDOVER:
            screen = HandoverScreen(c.number)
            screen.ready.connect(c.respondent_ready)
            screen.stopped.connect(c.stop)
        elif step is Step.LANGUAGE:
            screen = LanguageScreen(c.survey.languages)
            screen.chosen.connect(c.choose_language)
        elif step is Step.EXPLANATION:
            screen = ExplanationScreen(one_per_kind(c.survey), c.lang,
                                       any(q.answer_mode == "assisted" for q in c.survey.randomized))
            screen.next.connect(c.practise)
        elif step is Step.PRACTICE:
            screen = PracticeScreen(one_per_kind(c.survey), c.lang, reduced_motion=c.reduced_motion)
            screen.next.connect(c.practised)
        elif step is Step.PRIVACY:
            screen = PrivacyScreen()
            screen.alone.connect(c.next_question)
        elif step is Step.QUESTION:
            screen = self._question_screen()
        else:
            screen = ThanksScreen()
            screen.done.connect(c.finish)
        self._show(screen)

    def _question_screen(self) -> QuestionScreen:
        c = self.controller
        number, total = c.question_number
        screen = QuestionScreen(c.question, c.lang, number=number, total=total, reduced_motion=c.reduced_motion)
        screen.truthPicked.connect(c.pick_truth)
        screen.spinRequested.connect(c.request_spin)
        screen.wheelStopped.connect(c.wheel_stopped)
        screen.answerGiven.connect(c.give_answer)
        screen.declineRequested.connect(c.decline)
        screen.nextRequested.connect(c.next_question)
        screen.stopRequested.connect(c.stop_after_failure)
        return screen

    @Slot(object)
    def _question_changed(self, view: QuestionView) -> None:
        screen = self.screen
        if isinstance(screen, QuestionScreen):
            screen.show_state(view)
