"""What a validated survey is: :class:`Survey`, its :class:`Question` objects, and
:class:`Localized` texts. Built only by :func:`rrdesk.core.survey.loads` (which re-exports
these names); frozen, so nothing can change a survey after it was checked.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from rrdesk.core.design import Design

if TYPE_CHECKING:
    from rrdesk.core.survey._direct import NumberRange
    from rrdesk.core.survey._relevant import Condition

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


#: A two-group question's recorded answers (cheating detection, the unrelated question with an
#: unknown prevalence): NO and YES in group A, then in group B.
CDM_ANSWERS = ("no-a", "yes-a", "no-b", "yes-b")


@dataclass(frozen=True)
class Question:
    """One question of a survey.

    Attributes
    ----------
    id : str
        Unique within the survey.
    kind : str
        ``"forced"``, ``"warner"``, ``"unrelated"``, ``"kary"``, ``"cdm"``, ``"unrelated_unknown"``
        or ``"direct"``.
    design : Design or None
        The calibrated spinner; ``None`` for a direct question (asked in the clear). A two-group
        question's is group A's (:attr:`group_spinners` gives both).
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
    unrelated_between : (float, float) or None
        The range the innocuous question's unknown YES share is assumed to lie in
        (``unrelated_unknown`` only; its ε is the worst case over it: :mod:`rrdesk.core.uqt`).
    group_b : Design or None
        Group B's spinner of an ``unrelated_unknown`` question (cdm derives its own from group A's).
    line : int or None
        Line of the question's ``[[question]]`` header in the file.
    number : NumberRange or None
        A direct number question's type, range, decimals and bins
        (:mod:`rrdesk.core.survey._direct`); ``None`` otherwise.
    relevant_text, relevant
        A direct question's skip condition as written and parsed (:mod:`rrdesk.core.survey._relevant`);
        ``None`` when it is always asked.
    heading : Localized of str
        The heading of the section the question is in (XLSForm's group label), one line per
        language; empty when it is in none. Questions next to each other with the same heading
        form one section: a screen shows the heading once, above the first.
    media : tuple of (str, Localized of str)
        Pictures and sound per language (:mod:`rrdesk.core.survey._media`): ``image`` beside the
        text, ``audio`` the text read aloud, ``negation_image`` / ``unrelated_image`` beside
        Warner's opposite statement / the other question; :meth:`media_in` reads one.
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
    number: NumberRange | None = None
    relevant_text: str | None = None
    relevant: Condition | None = field(default=None, compare=False)  # why not compared: relevant_text is
    media: tuple[tuple[str, Localized[str]], ...] = ()  # (image|audio|negation_image|unrelated_image, file per language)
    heading: Localized[str] = Localized()
    unrelated_between: tuple[float, float] | None = None
    group_b: Design | None = None

    @property
    def two_groups(self) -> bool:
        """Whether each respondent is drawn into spinner group A or B (recorded with the answer)."""
        return self.kind in ("cdm", "unrelated_unknown")

    @property
    def other_question(self) -> bool:
        """Whether the wheel says "answer the other question" (an innocuous one on screen)."""
        return self.kind in ("unrelated", "unrelated_unknown")

    @property
    def group_spinners(self) -> tuple[Design, Design]:
        """A two-group question's spinners, group A then B; ``ValueError`` for any other."""
        if self.kind == "unrelated_unknown" and self.group_b is not None:
            return (self.spinner, self.group_b)
        if self.kind == "cdm":
            from rrdesk.core import cdm  # why here: it needs numpy, which a survey's loading does not

            return cdm.of_design(self.spinner).groups
        raise ValueError(f"question {self.id!r} has one spinner, not two groups")

    @property
    def spinner(self) -> Design:
        """The calibrated spinner of a randomized question (what :attr:`Survey.randomized` holds);
        ``ValueError`` for a direct question, which has none."""
        if self.design is None:
            raise ValueError(f"question {self.id!r} is asked directly: it has no spinner")
        return self.design

    @property
    def epsilon(self) -> float:
        """ε of one recorded answer: the spinner's, or the larger of a two-group question's
        (cdm's are equal by build; an unrelated_unknown question's, the worst case over its range)."""
        if self.group_b is not None:
            return max(self.spinner.epsilon, self.group_b.epsilon)
        return self.spinner.epsilon

    @property
    def answer_ids(self) -> tuple[str, ...]:
        """The answers in index order, as records, counts and estimates have them: ``("no",
        "yes")`` for a yes/no question (index 1 is YES), else the choice ids; for a
        cheating-detection question :data:`CDM_ANSWERS` (the group drawn is recorded with it)."""
        if self.two_groups:  # the group is part of the recorded answer: answer + 2 × group
            return CDM_ANSWERS
        return self.choices or ("no", "yes")

    @property
    def groups(self) -> tuple[str, ...]:
        """What ``--by`` splits on: the answers, or a number question's bins."""
        return self.number.labels if self.number is not None else self.answer_ids

    def accepts(self, answer: str) -> bool:
        """Whether ``answer`` is a recordable answer of this direct question when asked: one of
        its answers, or a number in range written canonically."""
        if self.number is not None:
            return self.number.units(answer) is not None
        return answer in self.answer_ids

    def widest_answer(self) -> str:
        """The longest text an answer of this question can be (the record's padded size)."""
        return self.number.widest() if self.number is not None else max(self.answer_ids, key=len)

    def media_in(self, key: str, lang: str) -> str | None:
        """The file name of media ``key`` ("image", "audio", "negation_image", "unrelated_image")
        in ``lang``, or None (the survey gives none for that language)."""
        return dict(self.media).get(key, Localized()).get(lang)

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
        The coordinator's age recipients, X25519 (``age1…``) or post-quantum hybrid
        (``age1pq1…``); records are sealed to all.
    max_epsilon : float
        Cap on :attr:`epsilon_per_respondent`, already checked.
    planned_respondents : int
        For planning figures (``rrdesk check``).
    questions : tuple of Question
        In file order.
    wording : Localized of tuple
        The respondent's words the file gives (``[wording.LANG]``): per language, (name, text)
        pairs, a plural text as (category, text) pairs; :mod:`rrdesk.core.wording` adds
        rrdesk's own and finds what is missing.
    weight_question, weights
        The optional ``[weight]`` table: a direct question and each of its answers' survey
        weight (:mod:`rrdesk.core.survey._weight`); ``None`` and ``()`` without one.
    strata, clusters, population
        The optional ``[sample]`` table (:mod:`rrdesk.core.survey._sample`): the direct question
        telling the stratum, the one telling the cluster (or ``"interviewer"``), and each
        stratum's population count of clusters; ``None``, ``None`` and ``()`` without one.
    version, interviewers, consent, record_duration
        The study settings (:mod:`rrdesk.core.survey._study`): the version recorded with every
        interview ("1" when the file gives none), the interviewer ids to choose from (empty:
        typed), the consent text per language (empty: no consent screen), whether each
        interview's duration is sealed with its records (FORMAT.md §3; on when the file is silent).
    media : tuple of (str, str)
        The ``[media]`` table: each picture or sound file beside the survey file, with its SHA-256
        (:func:`rrdesk.core.survey.verify_media` checks the files).
    wording_audio : Localized of tuple
        The respondent's words the survey voices (``[wording_audio.LANG]``): per language,
        (text name, sound file of ``media``) pairs; :meth:`rrdesk.core.wording.Words.sound` reads one.
    """

    path: Path
    id: str
    title: str
    languages: tuple[str, ...]
    recipients: tuple[str, ...]
    max_epsilon: float
    planned_respondents: int
    questions: tuple[Question, ...]
    wording: Localized[tuple] = Localized()
    weight_question: str | None = None  # [weight]: the direct question whose answer gives the weight
    weights: tuple[float, ...] = ()  # one per answer of weight_question, in its order
    strata: str | None = None  # [sample]: the direct question whose answer is the stratum
    clusters: str | None = None  # [sample]: the direct question whose answer is the cluster, or "interviewer"
    population: tuple[float, ...] = ()  # [sample]: clusters in each stratum's population (fpc), or ()
    version: str = "1"  # _survey_study.DEFAULT_VERSION
    interviewers: tuple[str, ...] = ()
    record_duration: bool = True  # _study.DEFAULT_RECORD_DURATION
    consent: Localized[str] = Localized()
    media: tuple[tuple[str, str], ...] = ()  # [media]: (file name beside the survey, SHA-256 hex)
    wording_audio: Localized[tuple] = Localized()  # [wording_audio.LANG]: (text name, sound file)

    @property
    def default_language(self) -> str:
        return self.languages[0]

    @property
    def direct(self) -> tuple[Question, ...]:
        """The questions asked in the clear (no spinner), in file order."""
        return tuple(q for q in self.questions if q.design is None)

    @cached_property
    def randomized(self) -> tuple[Question, ...]:
        """The questions answered through a spinner (every design but ``direct``); kept once
        asked (a record's place is checked against it, once per record aggregated)."""
        return tuple(q for q in self.questions if q.design is not None)

    @property
    def epsilon_per_respondent(self) -> float:
        """ε of one respondent's whole interview: by basic composition (Dwork & Roth
        2014, Thm. 3.16) the sum of the questions' ε (a two-group question's: its larger group's)."""
        return math.fsum(q.epsilon for q in self.randomized)

    @property
    def fingerprint(self) -> tuple:
        """What must not change while a survey collects data, and must agree for records to
        be counted together: its questions, their kinds, choices and spinners (not texts)."""
        return tuple((q.id, q.kind, q.choices, q.design, q.number, q.relevant_text, q.group_b)
                     for q in self.questions)

    @property
    def content(self) -> tuple:
        """What one version of the survey says and means: its languages, questions (texts,
        choices, spinners, conditions, pictures and sounds; not their line numbers), consent,
        respondent wording and its sounds, and the media files' SHA-256 (in any order: [media] is a set of files, and a survey
        imported from its XLSForm lists them in the order its questions name them). Two files of one id and
        version must agree on it (the title, recipients, interviewers, record_duration, planning figures, weights
        and sample design may change freely)."""
        questions = tuple(replace(q, line=None) for q in self.questions)
        return (self.languages, questions, self.consent, self.wording, tuple(sorted(self.media)),
                self.wording_audio)

    def question(self, qid: str) -> Question:
        """The question with id ``qid``; ``KeyError`` if there is none."""
        for q in self.questions:
            if q.id == qid:
                return q
        raise KeyError(qid)
