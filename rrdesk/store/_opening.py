"""Opening a run of sealed records in a worker process: decrypt, parse, check, reduce to numbers.

The costly part of aggregating is one X25519 exchange and a few AEAD and HMAC steps per record
(``age.decrypt``), so :mod:`rrdesk.store.aggregate` hands runs of consecutive frames of one log
to worker processes. A worker does exactly :func:`rrdesk.store.verify.verify`'s per-record
checks (:func:`~rrdesk.store.verify.open_record`, :func:`~rrdesk.store.verify.record_problems`)
plus the checks only an aggregator needs (the answer is one of the question's answers, the
start record answers every direct question), and sends back one row of small integers per
usable record -- never the plaintext, so memory stays flat however many records there are.
Records of ``rrdesk-record/1`` and ``/2`` logs give the same rows; a ``spun`` or ``unspun``
row only says that a question's slot began (the estimates use ``answer`` rows alone).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from rrdesk.core.survey import Survey
from rrdesk.store import age, records, verify
from rrdesk.store._frames import Header

#: Columns of a row, in order; the direct questions' answers follow ``ANSWER``.
SEQ, INTERVIEW, KIND, QUESTION, ANSWER = range(5)
FIXED = 5
KINDS = records.KINDS  # start, answer, declined, abandoned, spun, unspun
START, ANSWERED, ABANDONED, SPUN = (KINDS.index(kind) for kind in ("start", "answer", "abandoned", "spun"))
MAX_INTERVIEW = 1 << 40
# why: rows pack (device, interview) into one int64 key; Station numbers interviews from 1 up,
# so 2**40 (10**12) is never reached by a real laptop, and a bigger number is hostile input

_IDENTITIES: list[age.Identity] = []


@dataclass(frozen=True)
class Job:
    """Frames ``first``, ``first + 1``… of one log; ``prev`` is the blob of frame
    ``first - 1`` (None for frame 0), opened only so the first record's order is checked."""

    file: str
    header: Header
    survey: Survey
    first: int
    blobs: tuple[bytes, ...]
    prev: bytes | None
    member: str = ""  # the log's name in the bundle ``file``


@dataclass(frozen=True, eq=False)
class Opened:
    """What a job gave: one row per usable record, problems as (seq, what), the seqs no
    identity could open."""

    rows: np.ndarray
    problems: list[tuple[int, str]]
    unmatched: list[int]


def labels(survey: Survey, question_id: str) -> tuple[str, ...]:
    """A question's answers in count order: ``("no", "yes")`` or its choices."""
    return survey.question(question_id).answer_ids


def init_worker(identities: Sequence[str]) -> None:
    """Worker start-up: parse the coordinator's identities once."""
    _IDENTITIES[:] = [age.Identity.from_string(text) for text in identities]


def open_in_worker(job: Job) -> Opened:
    return open_job(job, _IDENTITIES)


def open_job(job: Job, identities: Sequence[age.Identity]) -> Opened:
    """Decrypt, parse and check every record of ``job``."""
    survey = job.survey
    index = {q.id: i for i, q in enumerate(survey.questions)}
    answers = {q.id: {a: j for j, a in enumerate(labels(survey, q.id))} for q in survey.questions}
    direct = [q.id for q in survey.direct]
    width = FIXED + len(direct)
    rows: list[list[int]] = []
    problems: list[tuple[int, str]] = []
    unmatched: list[int] = []
    prev = None
    if job.prev is not None:
        before = verify.open_record(job.prev, identities)
        if isinstance(before, records.Record):
            prev = (job.first - 1, before)
    for seq, blob in enumerate(job.blobs, start=job.first):
        record = verify.open_record(blob, identities)
        if record is None:
            unmatched.append(seq)
            continue
        if isinstance(record, str):
            problems.append((seq, record))
            continue
        found = [p.what for p in verify.record_problems(job.file, job.header, seq, record, prev, survey)]
        prev = (seq, record)
        row = [seq, record.interview, KINDS.index(record.kind), -1, -1] + [-1] * len(direct)
        what = found[0] if found else _content(record, row, index, answers, direct)
        if what:
            problems.append((seq, what))  # why: a record with any problem is left out of the estimates
        else:
            rows.append(row)
    table = np.array(rows, dtype=np.int64).reshape(len(rows), width)
    return Opened(table, problems, unmatched)


def _content(record: records.Record, row: list[int], index: dict[str, int],
             answers: dict[str, dict[str, int]], direct: list[str]) -> str:
    """Fill ``row`` from what the record says; or say why it cannot be counted (never the answer)."""
    if record.interview >= MAX_INTERVIEW:
        return f"interview number {record.interview} is out of range"
    if record.kind == "start":
        if set(record.direct) != set(direct) or record.question or record.answer:
            return "the start record does not answer exactly the survey's direct questions"
        for j, qid in enumerate(direct):
            choice = answers[qid].get(record.direct[qid])
            if choice is None:
                return f'the start record\'s answer to "{qid}" is not one of its answers'
            row[FIXED + j] = choice
        return ""
    if record.direct:
        return f"a {record.kind} record carries direct answers"
    if record.question not in index:
        return f'question "{record.question}" is not in the survey'
    row[QUESTION] = index[record.question]
    if record.kind != "answer":
        return f"a {record.kind} record carries an answer" if record.answer else ""
    choice = answers[record.question].get(record.answer)
    if choice is None:
        return f'the recorded answer is not one of question "{record.question}"\'s answers'
    row[ANSWER] = choice
    return ""
