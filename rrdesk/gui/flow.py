"""One interview on screen: a QStackedWidget that holds only the current screen.

It shows the step of its :class:`InterviewController` (:mod:`rrdesk.gui.interview`) and
sends what the person did back to it; it never calls the store. The respondent's screens
speak the respondent's words (the controller's :class:`~rrdesk.core.wording.Words`) and lay
out in their language's direction (right to left for Arabic); the interviewer's screens
(direct questions, hand-over) keep the interviewer's. Each screen is built when
it is shown (so it speaks the language in force then) and deleted when it is left, so no
widget keeps the previous question's answer or sector.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import QStackedWidget, QVBoxLayout, QWidget

from rrdesk.core.survey import media_folder
from rrdesk.core.wording import words_for
from rrdesk.gui import wording
from rrdesk.gui.interview import InterviewController
from rrdesk.gui.states import IN_RESPONDENT_WORDS, QuestionView, Step

if TYPE_CHECKING:
    from rrdesk.gui.question import QuestionScreen


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
    def screen(self) -> QWidget | None:  # type: ignore[override]  # why: hides QWidget.screen(), on purpose
        """The screen shown now (tests and screenshots look at it, by this name; the flow's
        monitor, QWidget.screen, is its window's)."""
        return self.stack.currentWidget()

    def _show(self, screen: QWidget, direction: Qt.LayoutDirection | None = None) -> None:
        if direction is not None:
            screen.setLayoutDirection(direction)
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
        while (old := self.stack.widget(0)) is not None:  # None once the stack is empty
            self.stack.removeWidget(old)
            old.deleteLater()

    @Slot(object)
    def _step(self, step: Step) -> None:
        # why here: the screens are loaded with the first interview, not before the first window
        from rrdesk.gui.consent import ConsentScreen, RefusedScreen
        from rrdesk.gui.direct import DirectScreen
        from rrdesk.gui.explain import one_per_kind
        from rrdesk.gui.practice import PracticeScreen
        from rrdesk.gui.screens import (
            ExplanationScreen,
            HandoverScreen,
            LanguageScreen,
            PrivacyScreen,
            ThanksScreen,
        )

        c = self.controller
        if step is Step.ENDED:
            return  # the last screen stays until the window shows the dashboard
        # why per screen: the interviewer's screens keep the app's direction
        direction = wording.direction(c.words) if step in IN_RESPONDENT_WORDS else self.layoutDirection()
        screen: QWidget  # each branch wires its own screen's signals before it is shown
        if step is Step.DIRECT:
            screen = direct = DirectScreen(c.survey.direct, c.survey_lang(c.ui_lang))
            direct.submitted.connect(c.submit_direct)
            direct.cancelled.connect(c.cancel)
        elif step is Step.HANDOVER:
            # the respondent's button in the respondent's words: each of the survey's languages (nobody
            # knows yet which one the respondent reads, as on the language screen), never the interviewer's
            start = " / ".join(dict.fromkeys(words_for(c.survey, code)("respondent_start")
                                             for code in c.survey.languages))
            screen = handover = HandoverScreen(c.number, start)
            handover.ready.connect(c.respondent_ready)
            handover.stopped.connect(c.stop)
        elif step is Step.LANGUAGE:
            screen = language = LanguageScreen(c.survey.languages,
                                               [words_for(c.survey, code) for code in c.survey.languages])
            language.chosen.connect(c.choose_language)
        elif step is Step.CONSENT:
            assert c.survey.consent is not None  # the controller asks consent only of a survey that has it
            screen = consent = ConsentScreen(c.survey.consent.pick(c.lang), c.words)
            consent.agreed.connect(c.consent_given)
            consent.refused.connect(c.consent_refused)
        elif step is Step.REFUSED:
            screen = refused = RefusedScreen(c.words)
            refused.done.connect(c.finish)
        elif step is Step.EXPLANATION:
            screen = explanation = ExplanationScreen(one_per_kind(c.survey), c.words,
                                                     any(q.answer_mode == "assisted" for q in c.survey.randomized))
            explanation.next.connect(c.practise)
        elif step is Step.PRACTICE:
            screen = practice = PracticeScreen(one_per_kind(c.survey), c.words, reduced_motion=c.reduced_motion)
            practice.next.connect(c.practised)
        elif step is Step.PRIVACY:
            screen = privacy = PrivacyScreen(c.words, practice=c.resumed)  # continued: the practice offered
            privacy.alone.connect(c.next_question)
            privacy.practise.connect(c.practise)
        elif step is Step.QUESTION:
            screen = self._question_screen()
        else:
            screen = thanks = ThanksScreen(c.words)
            thanks.done.connect(c.finish)
        self._show(screen, direction)

    def _question_screen(self) -> QuestionScreen:
        from rrdesk.gui.question import QuestionScreen

        c = self.controller
        number, total = c.question_number
        assert c.question is not None  # the controller shows this step with its question
        screen = QuestionScreen(c.question, c.words, number=number, total=total, reduced_motion=c.reduced_motion,
                                media=media_folder(c.survey))
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
        from rrdesk.gui.question import QuestionScreen

        screen = self.screen
        if isinstance(screen, QuestionScreen):
            screen.show_state(view)
