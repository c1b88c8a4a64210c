"""Simulate: synthetic, compliant respondents through the real randomizer and store.

Each synthetic respondent goes through :class:`rrdesk.app.interviews.Station` exactly as
the GUI drives it: start (direct answers), then per randomized question one spin with the
respondent's true answer (its ``spun`` record) and the record of what a compliant respondent
reports (its ``answer`` record): 1 + 2R records per respondent.
"""
from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

import numpy as np

from rrdesk.app.interviews import Station
from rrdesk.core import survey as surveys
from rrdesk.core.errors import InputError

__all__ = ["simulate", "truth_shares"]


def truth_shares(s: surveys.Survey, specs: list[str]) -> dict[str, np.ndarray]:
    """The true answer distribution per question (index order: NO, YES or the choices)."""
    shares: dict[str, np.ndarray] = {}
    for q in s.questions:
        k = len(q.choices) or 2
        shares[q.id] = np.full(k, 1 / k)
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


def simulate(s: surveys.Survey, data: Path, n: int, shares: dict[str, np.ndarray],
             seed: int | None = None) -> dict[str, Any]:
    """Record ``n`` respondents; returns what was simulated and what was recorded."""
    rng = np.random.default_rng(seed)
    source = np.random.default_rng([seed, 1]).bytes if seed is not None else os.urandom
    truths = {q.id: rng.choice(len(shares[q.id]), size=n, p=shares[q.id]) for q in s.questions}
    reported = {q.id: np.zeros(len(shares[q.id]), dtype=np.int64) for q in s.questions}
    with Station(s, data, source=source) as station:
        if station.interrupted() is not None:  # an interview left open by the GUI: close it, keep its answers
            station.resume().abandon()
        for i in range(n):
            direct = {q.id: q.answer_ids[int(truths[q.id][i])] for q in s.direct}
            interview = station.start(direct)
            for q in s.randomized:
                spin = interview.spin(q.id, int(truths[q.id][i]))
                interview.record(q.id, spin.answer)  # a compliant respondent reports what the spinner says
                reported[q.id][int(spin.answer[0])] += 1  # a simulation's tally, not a respondent's path
        for q in s.questions:
            if q.design is None:
                reported[q.id] = np.bincount(truths[q.id], minlength=len(shares[q.id]))
        begun = station.interviews_begun
    return {"survey": s.id, "data": str(data), "respondents": n, "interviews_in_folder": begun,
            "records": n * (1 + 2 * len(s.randomized)),  # a start, then spun + answer per question
            "questions": [{"id": q.id, "design": q.kind,
                           "truth": dict(zip(q.choices or ("no", "yes"), (np.bincount(truths[q.id], minlength=len(shares[q.id]))
                                                            / n).tolist())),
                           "reported": dict(zip(q.choices or ("no", "yes"), reported[q.id].tolist()))}
                          for q in s.questions]}
