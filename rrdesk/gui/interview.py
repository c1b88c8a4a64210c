"""One interview as one controller: its steps, its questions' states, and its store calls.

Interviewer: direct questions → (start record, durable) → "hand the laptop over".
With a survey's ``[consent]`` the start record waits: the direct answers stay in memory through
the hand-over and the language, and the consent screen's Yes writes it (No writes a ``refused``
record and shows the refusal's screen instead of the rest).
Respondent: language → explanation → a practice wheel per wheel kind → "the interviewer
steps away" → one question after another
(the store says which is next, so a restarted interview asks only what is not recorded) →
"thank you, hand the laptop back". Interviewer: back to the dashboard, which shows only
"Interview N saved". An interrupted interview continued goes from the hand-over (and the
language) straight to "the interviewer steps away", which offers the practice again without
requiring it: the respondent has seen the explanation and the wheels once already.

The :class:`InterviewController` owns the :class:`Interview` and every call into it, each
a named operation (:mod:`rrdesk.gui.operations`) on the window's store runner, so one
interview is only ever touched by one thread. It moves on only when an operation returns.
Screens (:mod:`rrdesk.gui.flow` builds them) only show its state and emit what the person
did. The privacy rules of a question (:mod:`rrdesk.gui.question`) are kept here: the outcome
is drawn at the tap before the wheel turns, once; the assisted truth leaves with the spin
operation at the tap; the recorded answer of an assisted question goes to the store and never
to the screen; the sector is kept only until the answer is recorded.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal, Slot

from rrdesk.core.wording import Words, words_for
from rrdesk.gui import operations, wording
from rrdesk.gui.states import QuestionState, QuestionView, Step
from rrdesk.gui.tasks import TaskRunner

if TYPE_CHECKING:
    import numpy as np

    from rrdesk.app.interviews import Interview, Station
    from rrdesk.core.randomizer import Spin
    from rrdesk.core.survey import Question, Survey


class InterviewController(QObject):
    """Drives one interview at a time through its steps, over a :class:`Station`.

    Signals
    -------
    stepChanged(Step)
        Another screen is due (the screen's data is read from the controller).
    questionChanged(QuestionView)
        The question on screen changed state.
    spun()
        The outcome was drawn and the wheel is turning to it.
    ended(str, bool, bool, bool)
        The interview is over (saved, closed or not started): a line for the dashboard,
        whether it was completed, whether anything was saved, and whether a write failed
        (then the store must be opened again: a log writer refuses every append after a
        failed one).
    """

    stepChanged = Signal(object)
    questionChanged = Signal(object)
    spun = Signal()
    ended = Signal(str, bool, bool, bool)

    def __init__(self, runner: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.station: Station | None = None
        self.interview: Interview | None = None
        self.step = Step.ENDED
        self.ui_lang = self.lang = "en"
        # why not Qt's translator: the respondent's words are the survey's (any language), and the
        # interviewer's dialogs keep the interviewer's language while the respondent holds the laptop
        self.words = Words("en")
        self.reduced_motion = False
        self.interviewer = ""  # who holds the laptop between hand-overs (the dashboard's choice)
        self._direct: dict | None = None  # a survey with consent: the direct answers, until Yes or No
        self.resumed = False  # an interrupted interview continued: no explanation, the practice offered
        self._refused = 0  # the number of the interview just refused
        self.wrote = self.broken = False
        self.question: Question | None = None  # the question on screen
        self._next: Question | None = None  # the one the store says comes next
        self.state = QuestionState.READY
        self._truth: int | None = None  # assisted: until Spin is tapped
        self._sector: int | None = None  # until the answer is recorded
        self._failure = ""

    # -- what the screens read ----------------------------------------------------------------

    @property
    def survey(self) -> Survey:
        assert self.station is not None
        return self.station.survey

    @property
    def number(self) -> int:
        """The interview's number (before a consent is given: the number it will have)."""
        if self.interview is None:
            assert self.station is not None
            return self._refused or self.station.interviews_begun + 1
        return self.interview.number

    @property
    def question_number(self) -> tuple[int, int]:
        """The question asked now, as (its number in the survey, how many there are)."""
        randomized, asked = self.survey.randomized, self._asked()[1]
        return next(i for i, q in enumerate(randomized) if q.id == asked.id) + 1, len(randomized)

    @property
    def assisted(self) -> bool:
        return self.question is not None and self.question.answer_mode == "assisted"

    def _open(self) -> Station:
        """The station of the interview under way."""
        assert self.station is not None, "an interview runs on an open station"
        return self.station

    def _asked(self) -> tuple[Interview, Question]:
        """The interview and the question on screen (a question screen's taps come with both)."""
        assert self.interview is not None and self.question is not None, "no question is on screen"
        return self.interview, self.question

    def survey_lang(self, lang: str) -> str:
        return lang if lang in self.survey.languages else self.survey.default_language

    def _go(self, step: Step) -> None:
        self.step = step
        self.stepChanged.emit(step)

    # -- the interviewer's part --------------------------------------------------------------

    def begin(self, station: Station, ui_lang: str, *, reduced_motion: bool, interviewer: str) -> None:
        """A new interview: the direct questions, then the hand-over."""
        self._reset(station, ui_lang, reduced_motion, interviewer)
        if not self.survey.direct:
            self.submit_direct({})
            return
        self._go(Step.DIRECT)

    def resume(self, station: Station, ui_lang: str, *, reduced_motion: bool, interviewer: str) -> None:
        """Continue an interrupted interview: hand over, and ask only what is not recorded."""
        self._reset(station, ui_lang, reduced_motion, interviewer)
        self.resumed = True
        operations.resume_interview(station, interviewer).run(self.runner, self._begun, self._start_failed)

    def _reset(self, station: Station, ui_lang: str, reduced_motion: bool, interviewer: str) -> None:
        self.station, self.ui_lang, self.reduced_motion = station, ui_lang, reduced_motion
        self.interviewer, self._direct, self._refused = interviewer, None, 0
        self.resumed = False
        self.lang = self.survey.default_language
        self.words = words_for(self.survey, self.lang)
        self.wrote = self.broken = False

    @Slot(dict)
    def submit_direct(self, direct: dict) -> None:
        if self.survey.consent:  # nothing is written before the respondent consents
            self._direct = dict(direct)
            self._go(Step.HANDOVER)
            return
        operations.start_interview(self._open(), direct, self.interviewer).run(self.runner, self._started,
                                                                               self._start_failed)

    @Slot()
    def cancel(self) -> None:
        self._end(self.tr("No interview was started."))

    def _started(self, begun: operations.Begun) -> None:
        self.wrote = True  # the start record, with the direct answers, is durable
        self._begun(begun)

    def _begun(self, begun: operations.Begun) -> None:
        self.wrote = self.wrote or begun.wrote
        self.interview, self._next = begun.interview, begun.next_question
        self._go(Step.HANDOVER)

    def _start_failed(self, line: str) -> None:
        self.broken = True
        self._end(self.tr("The interview could not be started: {error}").format(error=line))

    @Slot()
    def stop(self) -> None:
        """The interviewer stops at the hand-over: what was not reached is recorded as not asked
        (before a consent: nothing was recorded, and the direct answers are forgotten)."""
        if self.step is not Step.HANDOVER:
            return
        if self.interview is None:
            self._end(self.tr("No interview was started."))
            return
        self.step, number = Step.ENDED, self.number  # why: a second tap does not close it twice

        def closed(_: object) -> None:
            self.wrote = True
            self._end(self.tr("Interview {number} was closed before the end.").format(number=number))

        def failed(line: str) -> None:
            self.broken = True
            self._end(self.tr("Interview {number} could not be closed: {error}").format(number=number, error=line))

        operations.abandon(self.interview).run(self.runner, closed, failed)

    # -- the respondent's part ---------------------------------------------------------------

    @Slot()
    def respondent_ready(self) -> None:
        if len(self.survey.languages) == 1:
            self.choose_language(self.survey.languages[0])
            return
        self._go(Step.LANGUAGE)

    @Slot(str)
    def choose_language(self, code: str) -> None:
        self.lang, self.words = code, words_for(self.survey, code)  # the next screens speak it
        self._go(Step.CONSENT if self._direct is not None else Step.PRIVACY if self.resumed else Step.EXPLANATION)

    @Slot()
    def consent_given(self) -> None:
        """Yes: the start record, with the direct answers, is written now."""
        if self.step is not Step.CONSENT or self._direct is None:
            return
        direct, self._direct = self._direct, None
        operations.start_interview(self._open(), direct, self.interviewer).run(self.runner, self._consented,
                                                                               self._start_failed)

    def _consented(self, begun: operations.Begun) -> None:
        self.wrote = True
        self.interview, self._next = begun.interview, begun.next_question
        self._go(Step.EXPLANATION)

    @Slot()
    def consent_refused(self) -> None:
        """No: a refused record (nothing the respondent said); the direct answers are forgotten."""
        if self.step is not Step.CONSENT or self._direct is None:
            return
        self._direct = None

        def refused(number: int) -> None:
            self.wrote, self._refused = True, number
            self._go(Step.REFUSED)

        operations.refuse(self._open(), self.interviewer).run(self.runner, refused, self._start_failed)

    @Slot()
    def practise(self) -> None:
        """The practice: after the explanation, or when a continued interview's respondent asks
        for it on the privacy screen."""
        if self.step is Step.EXPLANATION or (self.step is Step.PRIVACY and self.resumed):
            self._go(Step.PRACTICE)

    @Slot()
    def practised(self) -> None:
        """The practice is over: the interviewer steps away before the questions."""
        if self.step is Step.PRACTICE:
            self._go(Step.PRIVACY)

    @Slot()
    def next_question(self) -> None:
        """The question the store said is next, or the thanks when there is none (only once
        the respondent said they are alone, or after an answer is durable)."""
        if self.step not in (Step.PRIVACY, Step.QUESTION):
            return
        if self.step is Step.QUESTION and self.state not in (QuestionState.SAVED,):
            return
        self._truth = self._sector = None
        self._failure = ""
        self.question = self._next
        if self.question is None:
            self._go(Step.THANKS)
            return
        self.state = QuestionState.READY
        self._go(Step.QUESTION)

    @Slot()
    def finish(self) -> None:
        if self.step is Step.REFUSED:
            line = self.tr("Interview {number}: the respondent did not consent; the refusal is saved.")
            self._end(line.format(number=self.number))
            return
        if self.step is not Step.THANKS:
            return
        number = self.number
        self._end(self.tr("Interview {number} saved.").format(number=number), completed=True)

    def _end(self, line: str, *, completed: bool = False) -> None:
        self.interview = self.question = self._next = self._direct = None
        self._refused = 0
        self._truth = self._sector = None
        self._go(Step.ENDED)
        self.ended.emit(line, completed, self.wrote, self.broken)

    # -- one question ----------------------------------------------------------------------------

    def _set(self, state: QuestionState, **shown: Any) -> None:
        self.state = state
        self.questionChanged.emit(QuestionView(state, **shown))

    @Slot(int)
    def pick_truth(self, truth: int) -> None:
        """Assisted: the respondent's true answer, taken before the spin (never saved)."""
        if self.assisted and self.state in (QuestionState.READY, QuestionState.TRUTH_PICKED):
            self._truth = truth
            self._set(QuestionState.TRUTH_PICKED, truth=truth)

    @Slot()
    def request_spin(self) -> None:
        """Draw the outcome now, once; the wheel turns when it comes (a second tap does nothing).

        The screen is told at the tap (it clears the true answer then, before the store
        answers), and the true answer leaves the controller with the operation."""
        if self.state is not (QuestionState.TRUTH_PICKED if self.assisted else QuestionState.READY):
            return  # one spin per question; assisted needs the true answer first
        truth, self._truth = self._truth, None
        self._set(QuestionState.SPINNING)
        interview, question = self._asked()
        operations.spin(interview, question.id, truth).run(self.runner, self._spun, self._spin_failed)

    def _spun(self, spin: Spin) -> None:
        self.wrote = True  # Interview.spin returns once the spin's own record is durable
        self._sector = spin.sector
        self._set(QuestionState.SPINNING, position=spin.position)
        self.spun.emit()
        if self.assisted and spin.answer is not None:  # written during the animation: no crash can lead
            self._save(spin.answer)  # to a second spin; the answer goes to the store only, never to the screen
        del spin  # only the sector index stays, until the answer is recorded and shown

    def _spin_failed(self, line: str) -> None:
        """The outcome could not be drawn or kept (its record could not be written, or the
        interview was driven out of order): say so and let the interviewer stop; the
        dashboard opens the store again and offers to continue this interview."""
        self._failure = line  # for the dashboard: the respondent's screen is never given it
        self._set(QuestionState.FAILED)

    @Slot()
    def wheel_stopped(self) -> None:
        if self._sector is None or self.state not in (QuestionState.SPINNING, QuestionState.RECORDED,
                                                      QuestionState.FAILED):
            return
        instruction = wording.design_of(self._asked()[1]).sectors[self._sector].instruction
        if self.state is QuestionState.FAILED:
            self._set(QuestionState.FAILED, instruction=instruction)
        elif self.state is QuestionState.RECORDED:  # Next once the wheel stopped and the record is durable
            self._sector = None  # recorded and shown: the sector is not needed any more
            self._set(QuestionState.SAVED, instruction=instruction)
        else:
            self._set(QuestionState.SAVING if self.assisted else QuestionState.SHOWN, instruction=instruction)

    @Slot(int)
    def give_answer(self, answer: int) -> None:
        """Instructed: the answer the respondent gave after reading the instruction."""
        if self.assisted or self.state is not QuestionState.SHOWN:
            return
        self._set(QuestionState.SAVING)
        self._save(answer)

    @Slot()
    def decline(self) -> None:
        if self.state not in (QuestionState.READY, QuestionState.TRUTH_PICKED):
            return
        self._truth = None
        self._set(QuestionState.DECLINING)
        interview, question = self._asked()
        operations.decline(interview, question.id).run(self.runner, self._declined, self._save_failed)

    def _save(self, answer: int | np.ndarray) -> None:
        interview, question = self._asked()
        operations.record_answer(interview, question.id, answer).run(
            self.runner, self._saved, self._save_failed)

    def _saved(self, next_question: Question | None) -> None:
        self.wrote = True
        self._next = next_question  # asked when the respondent moves on
        if self.state is QuestionState.SPINNING:  # assisted, the wheel still turns
            self._set(QuestionState.RECORDED)
            return
        self._sector = None  # recorded and shown: the sector is not needed any more
        self._set(QuestionState.SAVED)
        if not self.assisted:  # instructed: nothing more to show on this screen
            self.next_question()

    def _declined(self, next_question: Question | None) -> None:
        self.wrote = True
        self._next = next_question
        self.state = QuestionState.SAVED
        self.next_question()

    def _save_failed(self, line: str) -> None:
        """Do not move on: the screen says what happened and the interviewer may stop; the
        dashboard opens the store again and offers to continue this interview."""
        self._failure = line  # for the dashboard: the respondent's screen is never given it
        self._set(QuestionState.FAILED)

    @Slot()
    def stop_after_failure(self) -> None:
        if self.state is not QuestionState.FAILED:
            return
        self.broken = True
        self._end(self.tr("Interview {number} stopped: {error}. Fix the cause (free some disk space), then "
                          "continue it from here.").format(number=self.number, error=self._failure))
