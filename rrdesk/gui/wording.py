"""What the spinner's sectors and the answer buttons say, in the respondent's language.

The respondent's words are named texts (:mod:`rrdesk.core.wording`: rrdesk's own for the
language, or the survey's ``[wording.LANG]``), never the interviewer's Qt translation; survey
texts (the statement, its negation, the other question, choice labels) come from the survey
file in the language the respondent picked. Every function takes the respondent's
:class:`~rrdesk.core.wording.Words` (or a language code: rrdesk's own words for it). Numbers
are written the language's way (:func:`number`, Qt's locale). Nothing here keeps state: a label is computed when a
screen is built and dies with the screen. What a sector says about a fixed answer ("Say YES",
"Tap NO, whatever…") starts with that answer's sign (:mod:`rrdesk.gui.marks`), the sign its
button wears.
"""
from __future__ import annotations

from PySide6.QtCore import QLocale, Qt

from rrdesk.core import wording as words_
from rrdesk.core.design import YES, Act, Design, Instruction
from rrdesk.core.survey import Question
from rrdesk.core.wording import Words


def design_of(question: Question) -> Design:
    """The spinner of a randomized ``question`` (the only kind a wheel, a chip or a spin is
    made for); ValueError for a direct question, which has none."""
    if question.design is None:
        raise ValueError(f'question "{question.id}" is a direct question: it has no spinner')
    return question.design


def words_of(lang: str | Words) -> Words:
    """The respondent's words: as given, or rrdesk's own for a language code."""
    return lang if isinstance(lang, Words) else words_.words_for(None, lang)


def locale(lang: str | Words) -> QLocale:
    """Qt's locale of the respondent's language (digits, direction)."""
    return QLocale(words_of(lang).lang.replace("-", "_"))


def direction(lang: str | Words) -> Qt.LayoutDirection:
    """Right to left for Arabic, Persian, Urdu, Hebrew…; left to right otherwise."""
    return locale(lang).textDirection()


def number(lang: str | Words, n: int) -> str:
    """``n`` written the language's way (Arabic-Indic digits for ``ar``, Latin for ``ar-MA``…)."""
    return locale(lang).toString(n)


def numbers(lang: str | Words, **values: int) -> dict[str, str]:
    return {key: number(lang, value) for key, value in values.items()}


def yes(lang: str | Words = "en") -> str:
    return words_of(lang)("yes")


def no(lang: str | Words = "en") -> str:
    return words_of(lang)("no")


def answers(question: Question, lang: str | Words) -> list[tuple[int, str]]:
    """The answer buttons, in the order shown: (answer index, label); YES before NO."""
    w = words_of(lang)
    labels = question.choice_labels(w.lang)
    if labels:
        return list(enumerate(labels))
    return [(YES, w("yes")), (0, w("no"))]


def answer_label(question: Question, answer: int, lang: str | Words) -> str:
    return dict(answers(question, lang))[answer]


def _names(question: Question, instruction: Instruction) -> tuple[str, str]:
    """The names of two respondent texts (:mod:`rrdesk.core.wording`) for a sector: the words
    written on it, and what the respondent is told to do once the wheel stops on it."""
    act = instruction.act
    if question.kind == "warner":
        return (("sector_statement", "do_statement") if act is Act.TRUTH
                else ("sector_opposite_statement", "do_opposite_statement"))
    if question.other_question and act is Act.TRUTH:  # two questions on screen: say which, quoted
        return "sector_first_question", "do_first_question"
    if act is Act.TRUTH:
        return "sector_truth", "do_truth"
    if act is Act.OPPOSITE:
        return "sector_opposite", "do_opposite"
    if act is Act.OTHER:
        return "sector_other_question", "do_other_question"
    if question.choices:
        return "sector_say_choice", "do_tap_choice"
    return ("sector_say_yes", "do_tap_yes") if instruction.value == YES else ("sector_say_no", "do_tap_no")


def sector_name(question: Question, instruction: Instruction) -> str:
    """The name of the respondent's text written on a sector."""
    return _names(question, instruction)[0]


def sector_label(question: Question, instruction: Instruction, lang: str | Words) -> str:
    """The short words written on a sector of the wheel."""
    w = words_of(lang)
    name = sector_name(question, instruction)
    if instruction.act is not Act.SAY or question.kind == "warner":
        return w(name)
    if question.choices:
        return _signed(question, instruction.value, w(name, answer=question.choice_labels(w.lang)[instruction.value]))
    return _signed(question, instruction.value, w(name))


def wheel_labels(question: Question, lang: str | Words) -> list[str]:
    """One label per sector of the question's spinner, in the design's order."""
    assert question.design is not None
    return [sector_label(question, s.instruction, lang) for s in question.design.sectors]


def instruction_name(question: Question, instruction: Instruction) -> str:
    """The name of the respondent's text that says what to do once the wheel stops."""
    return _names(question, instruction)[1]


def instruction_text(question: Question, instruction: Instruction, lang: str | Words) -> str:
    """What the respondent is told to do once the wheel stops (instructed mode)."""
    w = words_of(lang)
    name = instruction_name(question, instruction)
    if name in ("do_statement", "do_first_question"):
        return w(name, text=question.text_in(w.lang))
    if name == "do_opposite_statement":
        return w(name, text=question.negation_in(w.lang))
    if name == "do_other_question":
        return w(name, text=question.unrelated_in(w.lang))
    if instruction.act is not Act.SAY:
        return w(name)
    if question.choices:
        return _signed(question, instruction.value, w(name, answer=question.choice_labels(w.lang)[instruction.value]))
    return _signed(question, instruction.value, w(name))


def reminder_name(question: Question, instruction: Instruction) -> str | None:
    """The name of the reminder under a sector that says a fixed answer; None for any other."""
    if instruction.act is not Act.SAY:
        return None
    if question.choices:
        return "says_nothing_choice"
    return "says_nothing_yes" if instruction.value == YES else "says_nothing_no"


def forced_reminder(question: Question, instruction: Instruction, lang: str | Words = "en") -> str:
    """For a sector that says a fixed answer, a reminder that this answer says nothing about
    the respondent (the spinner chose it); empty for any other sector."""
    name = reminder_name(question, instruction)
    return "" if name is None else words_of(lang)(name)


def _signed(question: Question, value: int, text: str) -> str:
    """``text`` after the answer's sign (:func:`rrdesk.gui.marks.signed`)."""
    # why here: marks (and the spinner's style) name QPainter, QPixmap and QPainterPath, whose enums
    # Qt makes when first named: about 2 ms of the first window, which shows no sign
    from rrdesk.gui import marks

    return marks.signed(question, value, text)
