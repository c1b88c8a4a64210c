"""What the spinner's sectors and the answer buttons say, in the respondent's language.

Interface words come from the Qt translator (context ``Wording``); survey texts (the
statement, its negation, the other question, choice labels) come from the survey file in
the language the respondent picked. Nothing here keeps state: a label is computed when a
screen is built and dies with the screen. What a sector says about a fixed answer ("Say YES",
"Tap NO, whatever…") starts with that answer's sign (:mod:`rrdesk.gui.marks`), the sign its
button wears.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from rrdesk.core.design import YES, Act, Instruction
from rrdesk.core.survey import Question
from rrdesk.gui import marks


def yes() -> str:
    return QCoreApplication.translate("Wording", "YES")


def no() -> str:
    return QCoreApplication.translate("Wording", "NO")


def answers(question: Question, lang: str) -> list[tuple[int, str]]:
    """The answer buttons, in the order shown: (answer index, label); YES before NO."""
    labels = question.choice_labels(lang)
    if labels:
        return list(enumerate(labels))
    return [(YES, yes()), (0, no())]


def answer_label(question: Question, answer: int, lang: str) -> str:
    return dict(answers(question, lang))[answer]


def sector_label(question: Question, instruction: Instruction, lang: str) -> str:
    """The short words written on a sector of the wheel."""
    translate = QCoreApplication.translate
    act = instruction.act
    if question.kind == "warner" and act is Act.TRUTH:
        return translate("Wording", "Answer the statement")
    if question.kind == "warner" and act is Act.OPPOSITE:
        return translate("Wording", "Answer the opposite statement")
    if question.kind == "unrelated" and act is Act.TRUTH:
        return translate("Wording", "Answer the first question")
    if act is Act.TRUTH:
        return translate("Wording", "Answer truthfully")
    if act is Act.OPPOSITE:
        return translate("Wording", "Answer the opposite")
    if act is Act.OTHER:
        return translate("Wording", "Answer the other question")
    if question.choices:
        choice = question.choice_labels(lang)[instruction.value]
        text = translate("Wording", "Say “{answer}”").format(answer=choice)
    else:
        text = translate("Wording", "Say YES") if instruction.value == YES else translate("Wording", "Say NO")
    return marks.signed(question, instruction.value, text)


def wheel_labels(question: Question, lang: str) -> list[str]:
    """One label per sector of the question's spinner, in the design's order."""
    assert question.design is not None
    return [sector_label(question, s.instruction, lang) for s in question.design.sectors]


def instruction_text(question: Question, instruction: Instruction, lang: str) -> str:
    """What the respondent is told to do once the wheel stops (instructed mode)."""
    translate = QCoreApplication.translate
    act = instruction.act
    if question.kind == "warner" and act is Act.TRUTH:
        text = translate("Wording", "Answer this statement truthfully:\n“{text}”")
        return text.format(text=question.text_in(lang))
    if question.kind == "warner":
        text = translate("Wording", "Answer this opposite statement truthfully:\n“{text}”")
        return text.format(text=question.negation_in(lang))
    if act is Act.TRUTH:
        return translate("Wording", "Answer the question truthfully.")
    if act is Act.OTHER:
        text = translate("Wording", "Answer the other question truthfully:\n“{text}”")
        return text.format(text=question.unrelated_in(lang))
    if act is Act.OPPOSITE:
        return translate("Wording", "Give the opposite of your true answer.")
    if question.choices:
        text = translate("Wording", "Tap “{answer}”, whatever your true answer is.")
        text = text.format(answer=question.choice_labels(lang)[instruction.value])
    elif instruction.value == YES:
        text = translate("Wording", "Tap YES, whatever your true answer is.")
    else:
        text = translate("Wording", "Tap NO, whatever your true answer is.")
    return marks.signed(question, instruction.value, text)


def forced_reminder(question: Question, instruction: Instruction) -> str:
    """For a sector that says a fixed answer, a reminder that this answer says nothing about
    the respondent (the spinner chose it); empty for any other sector."""
    if instruction.act is not Act.SAY:
        return ""
    translate = QCoreApplication.translate
    if question.choices:
        return translate("Wording", "This answer says nothing about you: the spinner chose it.")
    if instruction.value == YES:
        return translate("Wording", "This YES says nothing about you: the spinner chose it.")
    return translate("Wording", "This NO says nothing about you: the spinner chose it.")
