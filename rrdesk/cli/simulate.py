"""`rrdesk simulate`: synthetic, compliant respondents through the real randomizer and store.

Each synthetic respondent goes through :class:`rrdesk.store.interviews.Station` exactly as
the GUI drives it: start (direct answers), then per randomized question one spin with the
respondent's true answer and the record of what a compliant respondent reports.
"""
from __future__ import annotations

import argparse
import json
import math
import os
from pathlib import Path
from typing import Any

import numpy as np

from rrdesk.cli.common import EXIT_OK
from rrdesk.core import survey as surveys
from rrdesk.core.errors import InputError
from rrdesk.store.interviews import Station


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="record N synthetic respondents through the real randomizer and store",
                       description="Record N synthetic, compliant respondents: true answers drawn from --truth "
                                   "(default: 50 %% YES, or every choice equally likely), randomized by the "
                                   "spinner and sealed into the data folder, as the desktop app records them.")
    p.add_argument("survey", metavar="SURVEY", type=Path, help="the survey file (TOML)")
    p.add_argument("--data", metavar="DIR", type=Path, required=True, help="the data folder")
    p.add_argument("-n", metavar="N", type=int, required=True, help="number of respondents")
    p.add_argument("--truth", metavar="SPEC", action="extend", nargs="+", default=[],
                   help="QID=P (share of true YES) or QID=CHOICE:P,CHOICE:P,… (shares summing to 1)")
    p.add_argument("--seed", metavar="S", type=int,
                   help="reproducible run: true answers AND the spinner come from a seeded generator "
                        "(never for real data: the spinner is then not the OS CSPRNG)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


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
            direct = {q.id: _label(q, truths[q.id][i]) for q in s.questions if q.design is None}
            interview = station.start(direct)
            for q in s.randomized:
                spin = interview.spin(q.id, int(truths[q.id][i]))
                interview.record(q.id, spin.answer)  # a compliant respondent reports what the spinner says
                reported[q.id][spin.answer] += 1
        for q in s.questions:
            if q.design is None:
                reported[q.id] = np.bincount(truths[q.id], minlength=len(shares[q.id]))
        begun = station.interviews_begun
    return {"survey": s.id, "data": str(data), "respondents": n, "interviews_in_folder": begun,
            "records": n * (1 + len(s.randomized)),
            "questions": [{"id": q.id, "design": q.kind,
                           "truth": dict(zip(_labels(q), (np.bincount(truths[q.id], minlength=len(shares[q.id]))
                                                          / n).tolist())),
                           "reported": dict(zip(_labels(q), reported[q.id].tolist()))} for q in s.questions]}


def _labels(q: surveys.Question) -> tuple[str, ...]:
    return q.choices or ("no", "yes")


def _label(q: surveys.Question, index: int) -> str:
    return _labels(q)[int(index)]


def run(args: argparse.Namespace) -> int:
    s = surveys.load(args.survey)
    if args.n < 1:
        raise InputError("command line", "-n", "the number of respondents must be at least 1")
    result = simulate(s, args.data, args.n, truth_shares(s, args.truth), args.seed)
    if args.json:
        print(json.dumps(result, indent=2))
        return EXIT_OK
    print(f"{args.n} synthetic respondents recorded in {args.data} ({result['records']} sealed records; "
          f"{result['interviews_in_folder']} interviews of {s.id} on this device in all)")
    for q in result["questions"]:
        truth = ", ".join(f"{k} {v:.1%}" for k, v in q["truth"].items())
        reported = ", ".join(f"{k} {v}" for k, v in q["reported"].items())
        print(f"  {q['id']:<20} true: {truth:<40} recorded: {reported}")
    return EXIT_OK
