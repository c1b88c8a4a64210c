"""Simulate: synthetic respondents through the real randomizer and store.

Each synthetic respondent goes through :class:`rrdesk.app.interviews.Station` exactly as
the GUI drives it: start (direct answers), then per randomized question one spin with the
respondent's true answer (its ``spun`` record) and the record of what the respondent
reports (its ``answer`` record): 1 + 2R records per respondent.

A compliant respondent reports what the spinner says. A *noncompliant* one (``noncompliance``,
the share of respondents who are, each drawn independently) spins like everyone else and then
says NO whatever the spinner says, on every randomized question -- the "just say NO" of a
coached or frightened respondent (John et al. 2018), or of answers typed without spinning: a
yes/no question records ``no`` (a cdm question ``no`` with its group), a k-ary question its
*first* choice (the survey lists the least sensitive answer first, as ``never``, ``once``,
``several``). Direct questions are answered truthfully by everyone. Who is noncompliant comes
from a stream of its own, so the spinner's bytes, the truths and every compliant respondent's
records are those of the same seed without noncompliance.

Each interview lasts a plausible time on the station's clock (:class:`_Clock`): a lognormal
around 3 minutes for the explanation and practice plus 1.5 per randomized question (spread
35 %), so its last record holds a duration as the desktop app's would (when the survey records
durations). Drawn from a seeded stream of its own too.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np

from rrdesk.app import trust
from rrdesk.app.interviews import Station
from rrdesk.core import survey as surveys
from rrdesk.core.entropy import system_bytes
from rrdesk.core.errors import InputError
from rrdesk.core.survey import IDENT_RULE, is_ident
from rrdesk.store import folder

__all__ = ["NONCOMPLIANT_ANSWER", "noncompliance_share", "refusal", "simulate", "team", "truth_shares"]

#: What a noncompliant respondent records on a randomized question: NO, or a k-ary question's
#: first choice (its least sensitive answer); a cdm question's NO is recorded with its group
NONCOMPLIANT_ANSWER = 0


def truth_shares(s: surveys.Survey, specs: list[str]) -> dict[str, np.ndarray]:
    """The true answer distribution per question (index order: NO, YES or the choices; a
    number question's lowest and highest value in units, drawn uniformly between them)."""
    shares: dict[str, np.ndarray] = {}
    for q in s.questions:
        k = len(q.choices) or 2
        # a number question: [low, high] units, drawn uniformly (``--truth QID=MIN..MAX``)
        shares[q.id] = np.array([q.number.low, q.number.high]) if q.number is not None else np.full(k, 1 / k)
    for spec in specs:
        qid, sep, value = spec.partition("=")
        where = f"--truth {spec}"
        try:
            q = s.question(qid)
        except KeyError:
            raise InputError("command line", where, f'no question "{qid}" in {s.path}') from None
        if not sep or not value:
            raise InputError("command line", where, "expected QID=P or QID=CHOICE:P,…")
        shares[q.id] = _parse_share(q, value, where)
    return shares


def _number(text: str, where: str) -> float:
    try:
        p = float(text)
    except ValueError:
        raise InputError("command line", where, f"{text!r} is not a number") from None
    if not 0 <= p <= 1:
        raise InputError("command line", where, f"{text} is not a share between 0 and 1")
    return p


def _parse_share(q: surveys.Question, value: str, where: str) -> np.ndarray:
    if q.number is not None:
        low, dots, high = value.partition("..")
        least, most = q.number.read(low), q.number.read(high)
        if not dots or least is None or most is None or least > most:
            raise InputError("command line", where, f"expected MIN..MAX, two numbers from {q.number.text(q.number.low)} "
                                                    f"to {q.number.text(q.number.high)}, the first not above the second")
        return np.array([least, most])
    if not q.choices:
        p = _number(value, where)
        return np.array([1 - p, p])
    result = np.zeros(len(q.choices))
    for part in value.split(","):
        choice, colon, share = part.partition(":")
        if not colon or choice not in q.choices:
            raise InputError("command line", where, f"expected CHOICE:P with CHOICE one of {', '.join(q.choices)}")
        result[q.choices.index(choice)] = _number(share, where)
    if not math.isclose(result.sum(), 1.0, abs_tol=1e-9):
        raise InputError("command line", where, f"the shares add up to {result.sum():g}, not 1")
    return result
#: The interviewer id of simulated interviews when the survey lists none (why a word: answers.csv
#: and the report then say plainly that these interviews were simulated)
SIMULATED = "simulated"


def noncompliance_share(text: str) -> float:
    """``--noncompliance SHARE``: the share of respondents who say NO whatever the spinner says."""
    return _number(text, f"--noncompliance {text}")


def team(s: surveys.Survey, interviewer: str | None = None) -> tuple[str, ...]:
    """The interviewer ids the simulated interviews are recorded with, in turn: ``interviewer``
    alone when given (one of the survey's ``interviewers`` when it lists any, as the dashboard
    offers them), else the survey's interviewers, else one simulated one."""
    if interviewer is None:
        return s.interviewers or (SIMULATED,)
    where = f"--interviewer {interviewer}"
    if not is_ident(interviewer):
        raise InputError("command line", where, f"the interviewer id {IDENT_RULE}")
    if s.interviewers and interviewer not in s.interviewers:
        raise InputError("command line", where, f"not one of the survey's interviewers ({', '.join(s.interviewers)})")
    return (interviewer,)


def refusal(s: surveys.Survey, data: Path) -> str | None:
    """Why ``simulate`` must not write into ``data`` under ``s`` without ``--force``: the desktop
    app's own data folder (where respondents answer), or a survey a coordinator signed (one
    that goes to the field). None: a practice or test folder."""
    if folder.is_desktop(data):
        return (f"{data} is the desktop app's data folder, where respondents' interviews are recorded: synthetic "
                "ones would be exported beside them (give another --data, or --force)")
    if trust.survey_signature(s) is not None:
        return (f"{s.path} is signed by a coordinator: it is a survey for the field, and synthetic interviews "
                "under it would travel with real ones (simulate with an unsigned copy, or give --force)")
    return None


class _Clock:
    """The station's clock in a simulation: it reads what the simulation last set."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


#: A simulated interview's median length: minutes for the explanation and practice, then per
#: randomized question; and the spread (the lognormal's sigma)
MINUTES_BASE, MINUTES_PER_QUESTION, MINUTES_SPREAD = 3.0, 1.5, 0.35


def simulate(s: surveys.Survey, data: Path, n: int, shares: dict[str, np.ndarray],
             seed: int | None = None, *, interviewer: str | None = None,
             noncompliance: float = 0.0) -> dict[str, Any]:
    """Record ``n`` respondents; returns what was simulated and what was recorded. Every record
    carries the sealed synthetic mark (aggregate leaves them out unless told to count them).
    ``interviewer`` records every interview with that id (:func:`team`); ``noncompliance`` is the
    share of respondents who say NO whatever the spinner says (the module's docstring)."""
    if not 0 <= noncompliance <= 1:
        raise InputError("command line", "--noncompliance", f"{noncompliance} is not a share between 0 and 1")
    team_ids = team(s, interviewer)
    rng = np.random.default_rng(seed)
    source = np.random.default_rng([seed, 1]).bytes if seed is not None else system_bytes
    # why a stream of its own: with noncompliance 0 nothing else changes (the goldens hold), and
    # the compliant respondents' records are those of the same seed without noncompliance
    noncompliant = np.random.default_rng(None if seed is None else [seed, 2]).random(n) < noncompliance
    median = MINUTES_BASE + MINUTES_PER_QUESTION * len(s.randomized)
    seconds = 60 * np.random.default_rng(None if seed is None else [seed, 3]).lognormal(
        math.log(median), MINUTES_SPREAD, size=n)
    clock = _Clock()
    truths = {q.id: (rng.integers(shares[q.id][0], shares[q.id][1], size=n, endpoint=True) if q.number is not None
                     else rng.choice(len(shares[q.id]), size=n, p=shares[q.id])) for q in s.questions}
    reported = {q.id: np.zeros(len(shares[q.id]), dtype=np.int64) for q in s.randomized}
    given: dict[str, list[str]] = {q.id: [] for q in s.direct}  # the direct answers recorded ("" when skipped)
    # the survey's interviewers in turn (answers.csv then has several), else one simulated one
    with Station(s, data, source=source, synthetic=True, clock=clock) as station:
        if station.interrupted() is not None:  # an interview left open by the GUI: close it, keep its answers
            station.resume(interviewer=team_ids[0]).abandon()
        for i in range(n):
            direct = _direct_answers(s, {q.id: int(truths[q.id][i]) for q in s.direct})
            clock.now += 60.0  # a minute between interviews
            interview = station.start(direct, interviewer=team_ids[i % len(team_ids)])
            began = clock.now
            for qid, text in direct.items():
                given[qid].append(text)
            for j, q in enumerate(s.randomized):
                if j == len(s.randomized) - 1:  # the last record: the interview's duration is read now
                    clock.now = began + float(seconds[i])
                # everyone spins (the same bytes drawn whoever complies), then reports
                answer = interview.spin(q.id, int(truths[q.id][i])).answer
                assert answer is not None  # why: a spin given the truth carries the answer to record
                # a compliant respondent reports what the spinner says, a noncompliant one NO; why
                # int: Interview.record takes one, and a simulation has no respondent whose answer a
                # timing could reveal
                recorded = NONCOMPLIANT_ANSWER if noncompliant[i] else int(answer[0])
                interview.record(q.id, recorded)
                reported[q.id][recorded] += 1  # a simulation's tally, not a respondent's path
        begun = station.interviews_begun
    questions = [_randomized_result(q, truths[q.id], reported[q.id], n) if q.design is not None
                 else _direct_result(q, given[q.id]) for q in s.questions]
    return {"survey": s.id, "data": str(data), "respondents": n, "interviews_in_folder": begun,
            "records": n * (1 + 2 * len(s.randomized)),  # a start, then spun + answer per question
            "interviewers": list(team_ids), "noncompliance": noncompliance,
            "noncompliant": int(noncompliant.sum()), "questions": questions}


def _direct_answers(s: surveys.Survey, truth: dict[str, int]) -> dict[str, str]:
    """One respondent's direct answers as the interviewer enters them: each question's text,
    "" where its relevant condition skips it (as the GUI skips it)."""
    texts = {q.id: q.number.text(truth[q.id]) if q.number is not None else q.answer_ids[truth[q.id]]
             for q in s.direct}
    shown = surveys.asked(s.direct, texts)
    return {qid: text if shown[qid] else "" for qid, text in texts.items()}


def _randomized_result(q: surveys.Question, truth: np.ndarray, reported: np.ndarray, n: int) -> dict[str, Any]:
    labels = q.choices or ("no", "yes")
    return {"id": q.id, "design": q.kind,
            "truth": dict(zip(labels, (np.bincount(truth, minlength=len(labels)) / n).tolist())),
            "reported": dict(zip(labels, reported.tolist()))}


def _direct_result(q: surveys.Question, given: list[str]) -> dict[str, Any]:
    """A direct question's answers (a number's per bin) as shares of the respondents asked,
    and how many were skipped; what is recorded is what is true."""
    asked = [text for text in given if text]
    codes = []
    for text in asked:
        if q.number is None:
            codes.append(q.answer_ids.index(text))
            continue
        units = q.number.units(text)
        assert units is not None  # why: every text here was written by number.text
        codes.append(q.number.bin_of(units))
    counts = np.bincount(np.asarray(codes, dtype=np.int64), minlength=len(q.groups))
    labels = q.groups if q.number is not None or q.choices else ("no", "yes")
    found: dict[str, Any] = {"id": q.id, "design": q.kind, "truth": dict(zip(labels, (counts / max(1, len(asked))).tolist())),
             "reported": dict(zip(labels, counts.tolist()))}
    if q.relevant is not None:  # why only then: a question always asked is never skipped
        found["skipped"] = len(given) - len(asked)
    return found
