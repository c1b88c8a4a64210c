"""The states of an interview on screen, shared by its controller and its screens.

:class:`Step` is the screen an interview is on; :class:`QuestionState` where one randomized
question stands (one state instead of flags); :class:`QuestionView` what a question screen is
told after a change. The transitions are made by
:class:`~rrdesk.gui.interview.InterviewController` alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rrdesk.core.design import Instruction


class Step(Enum):
    """The screen an interview is on."""

    DIRECT = auto()  # the interviewer answers the direct questions
    HANDOVER = auto()  # "hand the laptop to the respondent"
    LANGUAGE = auto()  # the respondent picks a language
    CONSENT = auto()  # the survey's consent text, Yes / No (a survey with [consent])
    REFUSED = auto()  # after a No: nothing was saved about the respondent, hand the laptop back
    EXPLANATION = auto()  # how the spinner protects them
    PRACTICE = auto()  # a practice wheel per wheel kind, never recorded
    PRIVACY = auto()  # "the interviewer steps away": before the first question asked on this hand-over
    QUESTION = auto()  # one randomized question (its own state: QuestionState)
    THANKS = auto()  # "hand the laptop back"
    ENDED = auto()  # saved, closed or not started: back to the dashboard


#: The screens in the respondent's own words and direction (the language screen comes before
#: anyone knows which language that is).
IN_RESPONDENT_WORDS = frozenset({Step.CONSENT, Step.REFUSED, Step.EXPLANATION, Step.PRACTICE, Step.PRIVACY,
                                 Step.QUESTION, Step.THANKS})


class QuestionState(Enum):
    """Where one randomized question stands."""

    READY = auto()  # nothing done yet (assisted: waiting for the true answer)
    TRUTH_PICKED = auto()  # assisted: a true answer is picked, Spin is enabled
    SPINNING = auto()  # Spin was tapped: the outcome is drawn, the wheel turns (assisted: its record is written)
    RECORDED = auto()  # assisted: the record is durable, the wheel still turns
    SHOWN = auto()  # instructed: the wheel stopped, the instruction is shown, waiting for the answer
    SAVING = auto()  # the outcome is shown, its answer is being written
    SAVED = auto()  # the answer is durable (assisted: the wheel stopped too; Next is offered)
    FAILED = auto()  # the answer could not be written: the interviewer may stop
    DECLINING = auto()  # "I prefer not to answer" is being written


@dataclass(frozen=True, slots=True, repr=False)
class QuestionView:
    """What a question screen shows after a change: the state, and the one value the
    change brings (the truth picked, where the wheel stops, the outcome's instruction).
    Never an error line: a path or an OS message is for the interviewer's dashboard, not the
    respondent's screen. Sensitive: passed to the screen, never kept. The recorded answer of an
    assisted question is never in it: beside the sector, it would tell the true answer
    (Warner's mirrored question always, the others often)."""

    state: QuestionState
    truth: int | None = None
    position: float | None = None
    instruction: Instruction | None = None

    def __repr__(self) -> str:
        return f"QuestionView({self.state.name})"
