"""Survey files: the strict parser and validator of the TOML a coordinator writes.

A survey file has one ``[survey]`` table and one ``[[question]]`` table per question
(DESIGN.md, "The survey file"). :func:`load` turns it into a :class:`Survey` whose
randomized questions already hold their calibrated spinners (:mod:`rrdesk.core.design`),
or raises :class:`~rrdesk.core.errors.SurveyError` -- ``FILE: where: what`` on one
line -- for the first thing that is wrong: every MUST of the format is a check, so a
typo can never turn into a silently different design or a weaker privacy guarantee.

Examples
--------
>>> s = load("resources/surveys/demo.toml")              # doctest: +SKIP
>>> s.question("unhappy").design.epsilon                  # doctest: +SKIP
1.0986122886681098
"""
from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from rrdesk.core import design as designs
from rrdesk.core._survey_rules import (
    ANSWER_MODES, DESIGNS, LANGUAGE, MAX_BYTES, MAX_CHOICES, MAX_LANGUAGES, MAX_QUESTIONS,
    MAX_RECIPIENTS, PROBABILITIES, QUESTION_ID, QUESTION_KEYS, SURVEY_ID, SURVEY_KEYS, Lines, Place,
    allowed_keys, ident_ok, one_line, show,
)
from rrdesk.core.bech32 import is_age_recipient
from rrdesk.core.design import Design
from rrdesk.core.errors import DesignError, SurveyError

__all__ = ["Localized", "Question", "Survey", "load", "loads", "MAX_BYTES"]

_T = TypeVar("_T")


class Localized(Mapping[str, _T], Generic[_T]):
    """An immutable, hashable mapping language → value, in the survey's language order
    (the first is the default language)."""

    __slots__ = ("_pairs",)

    def __init__(self, pairs: Iterable[tuple[str, _T]] = ()) -> None:
        self._pairs: tuple[tuple[str, _T], ...] = tuple(pairs)

    def __getitem__(self, lang: str) -> _T:
        for key, value in self._pairs:
            if key == lang:
                return value
        raise KeyError(lang)

    def __iter__(self) -> Iterator[str]:
        return (key for key, _ in self._pairs)

    def __len__(self) -> int:
        return len(self._pairs)

    def __hash__(self) -> int:
        return hash(self._pairs)

    def __repr__(self) -> str:
        return f"Localized({dict(self._pairs)!r})"

    def pick(self, lang: str) -> _T:
        """The value in ``lang``, or in the default language when ``lang`` is not one
        of the survey's (a GUI in another language still shows something)."""
        if not self._pairs:
            raise KeyError(lang)
        return self.get(lang, self._pairs[0][1])


@dataclass(frozen=True)
class Question:
    """One question of a survey.

    Attributes
    ----------
    id : str
        Unique within the survey.
    kind : str
        ``"forced"``, ``"warner"``, ``"unrelated"``, ``"kary"`` or ``"direct"``.
    design : Design or None
        The calibrated spinner; ``None`` for a direct question (asked in the clear).
    answer_mode : str or None
        ``"instructed"`` or ``"assisted"``; ``None`` for a direct question.
    text, negation, unrelated : Localized of str
        The statement, Warner's negated statement, the innocuous question
        (the last two empty unless the design uses them).
    choices : tuple of str
        Answer ids of a k-ary or multiple-choice direct question; ``()`` for yes/no.
    choice_text : Localized of tuple of str
        One label per choice and language; empty when a direct question gives none.
    unrelated_prevalence : float or None
        Known share of YES to the innocuous question (``unrelated`` only).
    line : int or None
        Line of the question's ``[[question]]`` header in the file.
    """

    id: str
    kind: str
    design: Design | None
    answer_mode: str | None
    text: Localized[str]
    negation: Localized[str] = Localized()
    unrelated: Localized[str] = Localized()
    choices: tuple[str, ...] = ()
    choice_text: Localized[tuple[str, ...]] = Localized()
    unrelated_prevalence: float | None = None
    line: int | None = None

    @property
    def answer_ids(self) -> tuple[str, ...]:
        """The answers in index order, as records, counts and estimates have them: ``("no",
        "yes")`` for a yes/no question (index 1 is YES), else the choice ids."""
        return self.choices or ("no", "yes")

    def text_in(self, lang: str) -> str:
        """The question's text in ``lang`` (the default language if it has none)."""
        return self.text.pick(lang)

    def negation_in(self, lang: str) -> str:
        """Warner's negated statement; ``KeyError`` for other designs."""
        return self.negation.pick(lang)

    def unrelated_in(self, lang: str) -> str:
        """The innocuous question of an unrelated design; ``KeyError`` for other designs."""
        return self.unrelated.pick(lang)

    def choice_labels(self, lang: str) -> tuple[str, ...]:
        """One label per choice (the choice ids when no ``choice_text`` was given);
        ``()`` for a yes/no question."""
        if not self.choices:
            return ()
        return self.choice_text.pick(lang) if self.choice_text else self.choices


@dataclass(frozen=True)
class Survey:
    """A validated survey: the ``[survey]`` table and its questions, in file order.

    Attributes
    ----------
    path : Path
        The file it was read from (as given).
    id, title : str
        From ``[survey]``.
    languages : tuple of str
        Language codes; the first is the default.
    recipients : tuple of str
        The coordinator's age X25519 recipients (``age1…``); records are sealed to all.
    max_epsilon : float
        Cap on :attr:`epsilon_per_respondent`, already checked.
    planned_respondents : int
        For planning figures (``rrdesk check``).
    questions : tuple of Question
        In file order.
    """

    path: Path
    id: str
    title: str
    languages: tuple[str, ...]
    recipients: tuple[str, ...]
    max_epsilon: float
    planned_respondents: int
    questions: tuple[Question, ...]

    @property
    def default_language(self) -> str:
        return self.languages[0]

    @property
    def direct(self) -> tuple[Question, ...]:
        """The questions asked in the clear (no spinner), in file order."""
        return tuple(q for q in self.questions if q.design is None)

    @property
    def randomized(self) -> tuple[Question, ...]:
        """The questions answered through a spinner (every design but ``direct``)."""
        return tuple(q for q in self.questions if q.design is not None)

    @property
    def epsilon_per_respondent(self) -> float:
        """ε of one respondent's whole interview: by basic composition (Dwork & Roth
        2014, Thm. 3.16) the sum of the questions' ε."""
        return math.fsum(q.design.epsilon for q in self.randomized)  # type: ignore[union-attr]

    @property
    def fingerprint(self) -> tuple:
        """What must not change while a survey collects data, and must agree for records to
        be counted together: its questions, their kinds, choices and spinners (not texts)."""
        return tuple((q.id, q.kind, q.choices, q.design) for q in self.questions)

    def question(self, qid: str) -> Question:
        """The question with id ``qid``; ``KeyError`` if there is none."""
        for q in self.questions:
            if q.id == qid:
                return q
        raise KeyError(qid)


# -- reading --------------------------------------------------------------------------


def load(path: str | Path) -> Survey:
    """Read and validate the survey file at ``path``.

    The file must be UTF-8 (a leading byte-order mark, as some Windows editors write,
    is accepted) and at most :data:`MAX_BYTES` long; a larger file is refused unread.

    Raises
    ------
    SurveyError
        For anything wrong, from an unreadable file to a total ε over ``max_epsilon``.
    """
    name = str(path)
    try:
        with open(Path(path), "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except (OSError, ValueError) as e:  # ValueError: a NUL in the path
        raise SurveyError(name, "", f"cannot read: {getattr(e, 'strerror', None) or e}") from None
    if len(data) > MAX_BYTES:
        raise SurveyError(name, "", "larger than 1 MiB, far too big for a survey file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise SurveyError(name, "", f"not UTF-8 text (first bad byte on line {line}); "
                                    "save the file as UTF-8") from None
    return loads(text, path)


def loads(text: str, path: str | Path = "<string>") -> Survey:
    """Validate a survey given as text; ``path`` names it in messages and in
    :attr:`Survey.path`.

    Raises
    ------
    SurveyError
        As :func:`load`.
    """
    name = str(path)
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:  # lone surrogates: a str that no file could hold
        raise SurveyError(name, "", "not valid Unicode text") from None
    if size > MAX_BYTES:
        raise SurveyError(name, "", "larger than 1 MiB, far too big for a survey file")
    data = _toml(text, name)
    place = Place(name, Lines(text))
    for key in data:
        if key not in ("survey", "question"):
            place.fail(key, "unknown table or key (a survey file has only [survey] and [[question]])",
                       line=place.lines.top_level(key))
    head = _survey_table(place, data)
    languages = head["languages"]
    questions = _questions(place, data, languages)
    result = Survey(path=Path(path), questions=questions, **head)
    if not result.randomized:
        raise SurveyError(name, "", "no randomized question: at least one question needs a design "
                                    "other than direct")
    total = result.epsilon_per_respondent
    if total > result.max_epsilon:
        survey = place.at(place.lines.table("survey"))
        survey.fail("max_epsilon", f"the randomized questions add up to ε = {total:.4f} per respondent, "
                                   f"above max_epsilon = {show(result.max_epsilon)}")
    return result


def _toml(text: str, name: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        # tomllib keeps the position only in the message before Python 3.14
        message = str(e)
        where = ""
        m = re.search(r"\s*\(at line (\d+), column (\d+)\)\Z", message)
        if m:
            where, message = f"line {m[1]}, column {m[2]}", message[:m.start()]
        elif message.endswith("(at end of document)"):
            where, message = "end of file", message[: -len("(at end of document)")].rstrip()
        message = one_line(message[:1].lower() + message[1:])
        raise SurveyError(name, where, f"not valid TOML: {message}") from None
    except RecursionError:
        raise SurveyError(name, "", "not valid TOML: values nested too deeply") from None
    except ValueError as e:  # a huge integer: int() refuses more than 4300 digits
        raise SurveyError(name, "", f"not valid TOML: {str(e).split(':')[0].lower()}") from None


# -- [survey] --------------------------------------------------------------------------


def _survey_table(top: Place, data: dict[str, Any]) -> dict[str, Any]:
    if "survey" not in data:
        raise SurveyError(top.file, "", "the [survey] table is missing")
    table = data["survey"]
    if not isinstance(table, dict):
        top.fail("survey", f"survey must be a table ([survey]), not {show(table)}",
                 line=top.lines.top_level("survey"))
    place = top.at(top.lines.table("survey"))
    place.only(table, SURVEY_KEYS, f"unknown key in [survey] (allowed: {', '.join(SURVEY_KEYS)})")
    place.ident(table, "id", SURVEY_ID, 'must be lower-case letters and digits joined by single "-" '
                                        '(at most 64)')
    place.string(table, "title")
    languages = place.strings(table, "languages", LANGUAGE, 'must be a language code like "en", "fra" '
                                                            'or "pt-BR"', most=MAX_LANGUAGES)
    recipients = place.strings(table, "recipients", most=MAX_RECIPIENTS)
    for i, recipient in enumerate(recipients):
        if not is_age_recipient(recipient):
            place.fail("recipients", f"recipients[{i}]: not a valid age X25519 recipient (age1…)")
    return {"id": table["id"], "title": table["title"], "languages": languages,
            "recipients": recipients, "max_epsilon": place.positive(table, "max_epsilon"),
            "planned_respondents": place.count(table, "planned_respondents")}


# -- [[question]] ----------------------------------------------------------------------


def _questions(top: Place, data: dict[str, Any], languages: tuple[str, ...]) -> tuple[Question, ...]:
    raw = data.get("question", [])
    line = top.lines.top_level("question")
    if not isinstance(raw, list):
        top.fail("question", f"question must be an array of tables ([[question]]), not {show(raw)}",
                 line=line)
    if not raw:
        raise SurveyError(top.file, "", "no questions: add at least one [[question]] table")
    if len(raw) > MAX_QUESTIONS:
        top.fail("question", f"at most {MAX_QUESTIONS} questions, not {len(raw)}",
                 line=top.lines.table("question", MAX_QUESTIONS, array=True))
    questions: list[Question] = []
    numbers: dict[str, int] = {}
    for n, table in enumerate(raw):
        place = top.at(top.lines.table("question", n, array=True), f"question {n + 1}")
        q = _question(place, table, languages)
        if q.id in numbers:
            place.named(f'question "{q.id}"').fail(
                "id", f'id "{q.id}" is already used by question {numbers[q.id]}')
        numbers[q.id] = n + 1
        questions.append(q)
    return tuple(questions)


def _question(place: Place, table: Any, languages: tuple[str, ...]) -> Question:
    if not isinstance(table, dict):
        place.fail(None, f"each question must be a table, not {show(table)}")
    qid = table.get("id")
    if isinstance(qid, str) and ident_ok(qid, QUESTION_ID):
        place = place.named(f'question "{qid}"')  # why: an id a person can search for beats a number
    place.ident(table, "id", QUESTION_ID)
    kind = place.string(table, "design", DESIGNS)
    allowed = allowed_keys(kind)
    for key in table:
        if key not in QUESTION_KEYS:
            place.fail(key, f"unknown key (design {kind} takes {', '.join(allowed)})")
        if key not in allowed:
            place.fail(key, f"{key} is not allowed for design {kind}")
    text = Localized(place.texts(table, "text", languages))
    choices: tuple[str, ...] = ()
    if kind == "kary" or "choices" in table:
        choices = place.strings(table, "choices", QUESTION_ID, least=2, most=MAX_CHOICES)
    if "choice_text" in table and not choices:
        place.fail("choice_text", "choice_text needs choices")
    labels = Localized()
    if kind == "kary" or "choice_text" in table:
        labels = Localized(place.labels(table, "choice_text", languages, len(choices)))
    line = place.header
    if kind == "direct":
        return Question(qid, kind, None, None, text, choices=choices, choice_text=labels, line=line)

    mode = "instructed"
    if "answer_mode" in table:
        mode = place.string(table, "answer_mode", ANSWER_MODES)
    if kind == "unrelated" and mode != "instructed":
        # why: the point of the innocuous question is that the respondent answers it;
        # if the software had to invent that answer it would be forced response in disguise
        place.fail("answer_mode",
                   f'answer_mode must be "instructed" for design unrelated, not {show(mode)}')
    negation = unrelated = Localized()
    prevalence = None
    if kind == "warner":
        negation = Localized(place.texts(table, "negation", languages))
    if kind == "unrelated":
        unrelated = Localized(place.texts(table, "unrelated", languages))
        prevalence = place.probability(table, "unrelated_prevalence", strict=True)
    spinner = _design(place, table, kind, len(choices), prevalence)
    return Question(qid, kind, spinner, mode, text, negation, unrelated, choices, labels,
                    prevalence, line)


def _design(place: Place, table: dict[str, Any], kind: str, k: int, prevalence: float | None) -> Design:
    """Calibrate the spinner from ``epsilon`` or from the design's probabilities."""
    names = PROBABILITIES[kind]
    listed = ", ".join(names)
    given = [name for name in names if name in table]
    if "epsilon" in table and given:
        place.fail("epsilon", f"give either epsilon or {listed}, not both")
    if "epsilon" in table:
        params, blame = {"epsilon": place.positive(table, "epsilon")}, "epsilon"
    elif given:
        missing = [name for name in names if name not in table]
        if missing:
            place.fail(missing[0], f"{missing[0]} is missing ({kind} needs all of {listed}, or epsilon)")
        params, blame = {name: place.probability(table, name) for name in names}, names[0]
    else:
        place.fail("epsilon", f"epsilon is missing (or give {listed} instead)")
    try:
        if kind == "forced":
            return designs.forced(**params)
        if kind == "warner":
            return designs.warner(**params)
        if kind == "unrelated":
            return designs.unrelated(prevalence=prevalence, **params)  # type: ignore[arg-type]
        return designs.kary(k, **params)
    except DesignError as e:
        place.fail(blame, str(e))
    except ArithmeticError:  # math.exp of a huge target ε overflows inside the calibration
        place.fail(blame, f"{blame} {show(params[blame])} is too large for a 2**32-sector spinner")
