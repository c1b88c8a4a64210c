"""Survey files: the strict parser and validator of the TOML a coordinator writes.

A survey file has one ``[survey]`` table and one ``[[question]]`` table per question
(docs/ARCHITECTURE.md, "The survey file"). :func:`load` turns it into a :class:`Survey` whose
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

import dataclasses
import re
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import rrdesk.core.survey._media as media
from rrdesk.core import design as designs
from rrdesk.core.bech32 import decode, is_age_hybrid_recipient, is_age_recipient
from rrdesk.core.curve25519 import small_order
from rrdesk.core.design import Design
from rrdesk.core.errors import DesignError, SurveyError
from rrdesk.core.fileio import read_text
from rrdesk.core.nesting import too_deep
from rrdesk.core.survey._direct import (  # numbers, relevant
    SKIPPED_GROUP,
    answers_problem,
    asked,
    conditions,
    direct_keys,
    holds,
)
from rrdesk.core.survey._every import every_problem as _every_problem
from rrdesk.core.survey._every import in_survey_table, stand_in_survey
from rrdesk.core.survey._model import Localized, Question, Survey
from rrdesk.core.survey._rules import (
    ANSWER_MODES,
    CHOICE_ID,
    CHOICE_RULE,
    DESIGNS,
    LANGUAGE,
    MAX_BYTES,
    MAX_CHOICES,
    MAX_LANGUAGES,
    MAX_QUESTIONS,
    MAX_RECIPIENTS,
    PROBABILITIES,
    QUESTION_ID,
    QUESTION_KEYS,
    SURVEY_ID,
    SURVEY_KEYS,
    Lines,
    Place,
    allowed_keys,
    ident_ok,
    one_line,
    show,
)
from rrdesk.core.survey._sample import INTERVIEWER, sample_table  # the optional [sample] table
from rrdesk.core.survey._study import (  # version, interviewers, [consent]
    IDENT_RULE,
    consent_table,
    interviewers_of,
    is_ident,
    record_duration_of,
    version_of,
)
from rrdesk.core.survey._weight import weight_table  # the optional [weight] table

__all__ = ["IDENT_RULE", "INTERVIEWER", "every_problem", "in_survey_table", "stand_in_survey", "holds", "is_ident",
           "Localized", "Question", "Survey", "load", "loads", "MAX_BYTES", "SKIPPED_GROUP", "asked", "answers_problem",
           "media_folder", "verify_media", "AUDIO_TYPES"]

#: Where a survey's pictures and sounds are (beside the survey file), and the check of those
#: files against the SHA-256 the survey lists (:mod:`rrdesk.core.survey._media`); what a sound
#: file's name ends in.
media_folder = media.folder
verify_media = media.verify
AUDIO_TYPES = media.AUDIO_TYPES

#: How many questions' ε a total over the cap lists before counting the rest (the line stays
#: readable; the coordinator sees which questions to lower).
_LISTED = 6

# -- reading --------------------------------------------------------------------------


def load(path: str | Path, *, complete: bool = True) -> Survey:
    """Read and validate the survey file at ``path``.

    With ``complete=False`` a language may lack respondent wording (``rrdesk translate`` reads
    such a survey to write what it lacks); everything else is checked all the same.

    The file must be UTF-8 (a leading byte-order mark, as some Windows editors write,
    is accepted) and at most :data:`MAX_BYTES` long; a larger file is refused unread.

    Raises
    ------
    SurveyError
        For anything wrong, from an unreadable file to a total ε over ``max_epsilon``.
    """
    text = read_text(path, MAX_BYTES, error=SurveyError, unreadable="cannot read",  # regular files only, capped
                     too_large="larger than 1 MiB, far too big for a survey file",
                     bad_byte=("", "not UTF-8 text (first bad byte on line {line}); save the file as UTF-8"),
                     encoding="utf-8-sig")
    return loads(text, path, complete=complete)


def every_problem(path: str | Path, first: SurveyError) -> SurveyError:
    """``first`` (what :func:`load` raised for ``path``) and the problems it hid: the file is
    read again and each refused ``[[question]]`` table left out in turn (``rrdesk check``
    reports them all in one run). ``first`` itself when the file cannot be read again or
    holds nothing more."""
    try:
        text = read_text(path, MAX_BYTES, error=SurveyError, unreadable="cannot read", too_large="too large",
                         bad_byte=("", "not UTF-8"), encoding="utf-8-sig")
    except SurveyError:
        return first
    return _every_problem(text, path, first, loads)


def loads(text: str, path: str | Path = "<string>", *, complete: bool = True) -> Survey:
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
        if key not in ("survey", "question", "wording", "wording_audio", "weight", "sample", "consent", "media"):
            place.fail(key, "unknown table or key (a survey file has only [survey], [[question]], "
                            "[wording.LANG], [wording_audio.LANG], [weight], [sample], [consent] and [media])",
                       line=place.lines.top_level(key))
    head = _survey_table(place, data)
    languages = head["languages"]
    files = media.table(place, data)
    questions = _questions(place, data, languages, files)
    weight_question, weights = weight_table(place, data, questions)
    strata, clusters, population = sample_table(place, data, questions)
    result = Survey(path=Path(path), questions=questions,
                    wording=_wording().parse(place, data.get("wording"), languages), **head,
                    weight_question=weight_question, weights=weights,
                    strata=strata, clusters=clusters, population=population,
                    consent=consent_table(place, data, languages), media=files,
                    wording_audio=_wording().parse_sounds(place, data.get("wording_audio"), languages,
                                                          (name for name, _ in files)))
    if not result.randomized:
        raise SurveyError(name, "", "no randomized question: at least one question needs a design "
                                    "other than direct")
    total = result.epsilon_per_respondent
    if total > result.max_epsilon:
        survey = place.at(place.lines.table("survey"))
        shares = [f"{q.id} {q.epsilon:.4f}" for q in result.randomized]
        listed = ", ".join(shares[:_LISTED]) + (f" and {len(shares) - _LISTED} more" if len(shares) > _LISTED else "")
        survey.fail("max_epsilon", f"the randomized questions add up to ε = {total:.4f} per respondent, "
                                   f"above max_epsilon = {show(result.max_epsilon)} ({listed}): lower a "
                                   "question's epsilon or raise max_epsilon")
    if complete:
        _wording().check(place, result)  # why last: what a language needs depends on the questions
    return result


def _toml(text: str, name: str) -> dict[str, Any]:
    if (deep := too_deep(text, toml=True)) is not None:  # before tomllib recurses (rrdesk.core.nesting)
        raise SurveyError(name, deep[0], f"not valid TOML: {deep[1]}")
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
    place.shown("title", place.string(table, "title"), paragraph=False)
    languages = place.strings(table, "languages", LANGUAGE, 'must be a language code like "en", "fra" '
                                                            'or "pt-BR"', most=MAX_LANGUAGES)
    recipients = place.strings(table, "recipients", most=MAX_RECIPIENTS)
    for i, recipient in enumerate(recipients):
        if not (is_age_recipient(recipient) or is_age_hybrid_recipient(recipient)):
            place.fail("recipients", f"recipients[{i}]: not a valid age recipient (age1… or age1pq1…)")
        if small_order(decode(recipient)[1][-32:]):  # an age1… key, or an age1pq1… key's X25519 half
            place.fail("recipients", f"recipients[{i}]: not a usable X25519 key (a low-order point, such as "
                                     "all zeros: nothing can be sealed to it safely); copy the coordinator's "
                                     "recipient again from what rrdesk keygen printed")
    return {"id": table["id"], "title": table["title"], "languages": languages,
            "recipients": recipients, "max_epsilon": place.positive(table, "max_epsilon"),
            "planned_respondents": place.count(table, "planned_respondents"),
            "version": version_of(place, table), "interviewers": interviewers_of(place, table),
            "record_duration": record_duration_of(place, table)}


# -- [[question]] ----------------------------------------------------------------------


def _questions(top: Place, data: dict[str, Any], languages: tuple[str, ...],
               listed: tuple[tuple[str, str], ...] = ()) -> tuple[Question, ...]:
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
        if any(key in table for key in media.KEYS):
            q = dataclasses.replace(q, media=media.of_question(place, table, q.kind, languages, listed))
        if q.id in numbers:
            place.named(f'question "{q.id}"').fail(
                "id", f'id "{q.id}" is already used by question {numbers[q.id]}')
        numbers[q.id] = n + 1
        questions.append(q)
    return conditions(tuple(questions), lambda n: top.at(top.lines.table("question", n, array=True),
                                                          f'question "{questions[n].id}"'))


def _question(place: Place, table: object, languages: tuple[str, ...]) -> Question:
    if not isinstance(table, dict):
        place.fail(None, f"each question must be a table, not {show(table)}")
    given = table.get("id")
    if isinstance(given, str) and ident_ok(given, QUESTION_ID):
        place = place.named(f'question "{given}"')  # why: an id a person can search for beats a number
    qid = place.ident(table, "id", QUESTION_ID)
    kind = place.string(table, "design", DESIGNS)
    allowed = allowed_keys(kind)
    for key in table:
        if key in media.KEYS:
            continue  # read by media.of_question
        if key not in QUESTION_KEYS:
            place.fail(key, f"unknown key (design {kind} takes {', '.join(allowed)})")
        if key not in allowed:
            place.fail(key, f"{key} is not allowed for design {kind}")
    text = Localized(place.texts(table, "text", languages))
    # a section's heading (XLSForm's group label), one line; the same on each of its questions
    heading = Localized(place.texts(table, "heading", languages, paragraph=False)) if "heading" in table \
        else Localized()
    choices: tuple[str, ...] = ()
    if kind == "kary" or "choices" in table:
        choices = place.strings(table, "choices", CHOICE_ID, CHOICE_RULE, least=2, most=MAX_CHOICES)
    if "choice_text" in table and not choices:
        place.fail("choice_text", "choice_text needs choices")
    labels: Localized[tuple[str, ...]] = Localized()
    if kind == "kary" or "choice_text" in table:
        labels = Localized(place.labels(table, "choice_text", languages, len(choices)))
    line = place.header
    if kind == "direct":
        relevant = place.string(table, "relevant") if "relevant" in table else None  # parsed by conditions()
        return Question(qid, kind, None, None, text, choices=choices, choice_text=labels, line=line,
                        number=direct_keys(place, table, choices), relevant_text=relevant, heading=heading)

    mode = "instructed"
    if "answer_mode" in table:
        mode = place.string(table, "answer_mode", ANSWER_MODES)
    if kind in ("unrelated", "unrelated_unknown") and mode != "instructed":
        # why: the point of the innocuous question is that the respondent answers it;
        # if the software had to invent that answer it would be forced response in disguise
        place.fail("answer_mode",
                   f'answer_mode must be "instructed" for design {kind}, not {show(mode)}')
    negation: Localized[str] = Localized()
    unrelated: Localized[str] = Localized()
    prevalence = None
    if kind == "warner":
        negation = Localized(place.texts(table, "negation", languages))
    if kind in ("unrelated", "unrelated_unknown"):
        unrelated = Localized(place.texts(table, "unrelated", languages))
    if kind == "unrelated":
        prevalence = place.probability(table, "unrelated_prevalence", strict=True)
    if kind == "unrelated_unknown":
        return _unknown_prevalence(place, table, Question(qid, kind, None, mode, text, unrelated=unrelated,
                                                          line=line, heading=heading))
    spinner = _design(place, table, kind, len(choices), prevalence)
    return Question(qid, kind, spinner, mode, text, negation, unrelated, choices, labels,
                    prevalence, line, heading=heading)


def _unknown_prevalence(place: Place, table: dict[str, Any], question: Question) -> Question:
    """An unrelated question whose innocuous prevalence is unknown: its assumed range and the two
    groups' spinners (:mod:`rrdesk.core.uqt`), from ``p = [group A, group B]``."""
    from rrdesk.core import uqt  # why here: it needs numpy, which a survey's loading does not

    key = "unrelated_prevalence_between"
    low, high = place.probabilities(table, key, 2)
    try:
        uqt.worst_prevalence((low, high))
    except DesignError as e:
        place.fail(key, str(e))
    if "p" not in table:
        place.fail("p", "p is missing (unrelated_unknown needs p = [group A, group B]: each group's chance of "
                        "answering the question)")
    p = place.probabilities(table, "p", 2)
    try:
        pair = uqt.uqt(p=p, between=(low, high))
    except DesignError as e:
        place.fail("p", str(e))
    return dataclasses.replace(question, design=pair.groups[0], group_b=pair.groups[1],
                               unrelated_between=(low, high))


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
    elif kind == "cdm":
        place.fail("truth", f"truth is missing (cdm needs all of {listed})")
    else:
        place.fail("epsilon", f"epsilon is missing (or give {listed} instead)")
    try:
        if kind == "forced":
            return designs.forced(**params)
        if kind == "warner":
            return designs.warner(**params)
        if kind == "unrelated":
            assert prevalence is not None  # why: _question reads it for every unrelated question
            return designs.unrelated(prevalence=prevalence, **params)
        if kind == "cdm":  # the question holds group A's spinner; rrdesk.core.cdm derives group B's
            from rrdesk.core import cdm  # why here: it needs numpy, which a survey's loading does not
            return cdm.cdm(**params).groups[0]
        return designs.kary(k, **params)
    except DesignError as e:
        place.fail(blame, str(e))
    except ArithmeticError:  # math.exp of a huge target ε overflows inside the calibration
        place.fail(blame, f"{blame} {show(params[blame])} is too large for a 2**32-sector spinner")


def _wording() -> ModuleType:
    # why a function: the respondent's words read the survey's types and places
    # (rrdesk.core.wording imports this package), and a survey's [wording.LANG] tables are
    # parsed and checked by them: the one import cycle in core, broken here at call time
    from rrdesk.core import wording

    return wording
