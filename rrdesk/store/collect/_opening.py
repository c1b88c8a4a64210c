"""Opening a run of sealed records in a worker process: decrypt, parse, check, reduce to numbers.

The costly part of aggregating is one X25519 exchange and a few AEAD and HMAC steps per record
(:class:`rrdesk.store.age.Opener`; a job's records go through each step together,
:meth:`~rrdesk.store.age.Opener.open_many`, then are parsed, then checked and counted: each
step's code stays hot in the processor's caches), so :mod:`rrdesk.store.collect._collect` hands runs of
consecutive frames of one log to worker processes -- by place, not by value: a worker reads the
sealed records itself from the bundle file (:class:`rrdesk.store.bundle._index.Bundles`), and
indexes whole bundles too (:func:`index_in_worker`). A worker does exactly :func:`rrdesk.store.verify.verify`'s per-record
checks (:func:`~rrdesk.store.log.open_record`, :func:`~rrdesk.store.log.record_problems`)
plus the checks only an aggregator needs (the answer is one of the question's answers, the
start record answers every direct question: a number in its range, "" exactly where a relevant
condition skips it), and sends back one row of small integers per
usable record -- never the plaintext, so memory stays flat however many records there are.
Records of ``rrdesk-record/1`` and ``/2`` logs give the same rows; a ``spun`` or ``unspun``
row only says that a question's slot began (the estimates use ``answer`` rows alone).
"""
from __future__ import annotations

import datetime as dt
from array import array
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Sequence, cast

import numpy as np

from rrdesk.core.errors import BundleError
from rrdesk.core.hardening import no_core_dumps
from rrdesk.core.heap import steady_from_now
from rrdesk.core.survey import Question, Survey, answers_problem
from rrdesk.store import age, records
from rrdesk.store import log as checks
from rrdesk.store.age import Opener
from rrdesk.store.bundle import BundleIndex, Bundles, Verdicts, index_bundle
from rrdesk.store.log import Header

#: Columns of a row, in order; the direct questions' answers follow ``VERSION``. ``DAY`` is the
#: record's day (its proleptic Gregorian ordinal); ``WHO`` and ``VERSION`` index the job's
#: :attr:`Opened.names` (the interviewer and the survey version; "" in records before /3);
#: ``SYNTHETIC`` is 1 for a record ``rrdesk simulate`` made, else 0; ``SEALED`` indexes the names
#: too: the kinds of the record's age stanzas, sorted and joined by commas (whom it is sealed to);
#: ``DURATION`` is the interview's length in whole minutes, on its last record when the station
#: recorded it (FORMAT.md §3), else -1.
SEQ, INTERVIEW, KIND, QUESTION, ANSWER, DAY, WHO, VERSION, SYNTHETIC, SEALED, DURATION = range(11)
FIXED = 11
KINDS = records.KINDS  # start, answer, declined, abandoned, spun, unspun
START, ANSWERED, ABANDONED, SPUN, REFUSED = (KINDS.index(kind) for kind in ("start", "answer", "abandoned", "spun",
                                                                            "refused"))
MAX_INTERVIEW = 1 << 40
SKIPPED = -2  # why -2: a direct column holds -1 where the start record is missing (unknown)
# why: Station numbers interviews from 1 up, so 2**40 (10**12) is never reached by a real laptop,
# and a bigger number is hostile input; the count's table keeps an index per interview instead
# (_collected.interview_ids), and packs (log, seq) into one int64 key with it as the multiplier

_WORKER: list[tuple[Opener, Bundles, Callable[[BundleIndex], Verdicts] | None]] = []
# a worker's opener, open bundles and judge of signatures (init_worker)


@dataclass(frozen=True)
class Job:
    """Frames ``first``, ``first + 1``… of one log of the bundle ``file`` (whose age header
    and nonce hash to ``digest``): their blobs lie at ``offsets`` with ``lengths`` in its
    plaintext. ``prev`` places the blob of frame ``first - 1`` (None for frame 0), opened only
    so the first record's order is checked."""

    file: str
    digest: bytes
    header: Header
    survey: Survey
    first: int
    offsets: array
    lengths: array
    prev: tuple[int, int] | None
    member: str = ""  # the log's name in the bundle ``file``

    @property
    def count(self) -> int:
        return len(self.offsets)


@dataclass(frozen=True, eq=False)
class Opened:
    """What a job gave: one row per usable record, problems as (seq, what), the seqs no
    identity could open, and the interviewer ids and versions the rows' ``WHO`` and ``VERSION``
    columns index."""

    rows: np.ndarray
    problems: list[tuple[int, str]]
    unmatched: list[int]
    names: tuple[str, ...] = ()


def direct_code(q: Question, text: str, codes: dict[str, int]) -> int:
    """A checked direct answer's column value: the answer's index; a number's units above its
    minimum; :data:`SKIPPED` for a question its relevant condition skipped."""
    if text == "":
        return SKIPPED
    if q.number is not None:
        return q.number.units(text) - q.number.low  # type: ignore[operator]
    return codes[text]


def direct_text(q: Question, code: int) -> str:
    """The recorded text of a direct answer's column value ("" when skipped)."""
    if code == SKIPPED:
        return ""
    return q.number.text(code + q.number.low) if q.number is not None else q.answer_ids[code]


def labels(survey: Survey, question_id: str) -> tuple[str, ...]:
    """A question's answers in count order: ``("no", "yes")`` or its choices."""
    return survey.question(question_id).answer_ids


def init_worker(identities: Sequence[str], judge: Callable[[BundleIndex], Verdicts] | None = None) -> None:
    """Worker start-up: no core dump (as the main process); parse the coordinator's identities
    once; keep the bundles' pieces in the heap."""
    no_core_dumps()  # first: this process is about to hold the identity and decrypted records
    steady_from_now()  # why: a worker lives for one aggregation (rrdesk.core.heap)
    parsed = [age.Identity.from_string(text) for text in identities]
    _WORKER[:] = [(Opener(parsed), Bundles(parsed), judge)]


def open_in_worker(job: Job) -> Opened:
    opener, bundles, _ = _WORKER[0]
    return open_job(job, opener, bundles)


def sealed_shape(recipients: Sequence[str]) -> str:
    """What a record sealed to ``recipients`` holds in its ``SEALED`` column's name."""
    return ",".join(sorted(age.recipient_type(r) for r in recipients))


def index_in_worker(path: str) -> BundleIndex:
    opener, _, judge = _WORKER[0]
    index = index_bundle(Path(path), opener.identities, judge)
    # why bytes, one field at a time: pickling a bytearray makes a bytes copy the pickler keeps
    # until the whole index is sent (+40 MB at a 500 MB bundle's peak); converted here, each
    # copy replaces its bytearray before the next is made
    logs, index = list(index.logs), replace(index, logs=())
    for i, log in enumerate(logs):
        del log
        logs[i] = replace(logs[i], checks=bytes(logs[i].checks))
    return replace(index, logs=tuple(logs))


def open_job(job: Job, opener: Opener, bundles: Bundles) -> Opened:
    """Read the records of ``job`` from its bundle, then :func:`open_blobs`."""
    try:
        blobs = bundles.blobs(job.file, job.digest, job.offsets, job.lengths)
        before = bundles.blobs(job.file, job.digest, job.prev[:1], job.prev[1:]) if job.prev else [None]
    except BundleError as error:
        width = FIXED + len(job.survey.direct)
        # why one line: the whole run failed for one reason; a line per record said it again and again
        last = job.first + job.count - 1
        what = error.what if job.count == 1 else f"{error.what} (records {job.first} to {last} were not read)"
        return Opened(np.empty((0, width), dtype=np.int64), [(job.first, what)], [])
    return open_blobs(job.file, job.header, job.survey, job.first, blobs, before[0], opener)


def open_blobs(file: str, header: Header, survey: Survey, first: int, blobs: Sequence[bytes],
               before: bytes | None, opener: Opener) -> Opened:
    """Decrypt, parse and check the records ``blobs`` (seq ``first`` on) of a log of ``file``;
    ``before`` is the blob just before them (None at seq 0), for the first one's order. Each
    row says whom its record is sealed to (``SEALED``): the count compares it with the
    recipients of the survey copies it trusts."""
    index = {q.id: i for i, q in enumerate(survey.questions)}
    answers = {q.id: {a: j for j, a in enumerate(labels(survey, q.id))} for q in survey.questions}
    direct = survey.direct
    width = FIXED + len(direct)
    rows = array("q")  # why: the rows one after another, flat; one numpy table at the end
    problems: list[tuple[int, str]] = []
    unmatched: list[int] = []
    names: dict[str, int] = {}  # interviewer ids and versions, numbered as first met
    days: dict[str, int] = {}  # a day's text → its ordinal (a log's records share a few days)
    prev = None
    identities, decrypt, open_record, record_problems = opener.identities, opener.decrypt, checks.open_record, checks.record_problems
    if before is not None:
        opened = open_record(before, identities, decrypt=decrypt)
        if isinstance(opened, records.Record):
            prev = (first - 1, opened)
    kinds = {kind: i for i, kind in enumerate(KINDS)}
    blank = [-1] * len(direct)
    # why: a record naming its own log's survey, device and log (all but hostile ones) needs only
    # the order check; record_problems words the rest
    own = (header.survey_id, header.device_id.hex(), header.log_id.hex())
    ordered = survey if survey.id == header.survey_id else None
    out_of_order, Record = checks.out_of_order, records.Record
    shapes: dict[tuple[str, ...] | None, str] = {}
    # why all the records first, then the checks and rows: each step run over the whole batch
    # keeps its code hot (Opener.open_many), the checks' too
    sealed: list[tuple[str, ...] | None] = []  # each blob's stanza types, read as it is opened
    opened_all = checks.open_records(blobs, opener, sealed)
    for seq, stanzas, record in zip(range(first, first + len(blobs)), sealed, opened_all):
        shape = shapes.get(stanzas)
        if shape is None:  # why remembered: a log's records are sealed alike
            shape = shapes[stanzas] = ",".join(sorted(stanzas or ()))
        if record is None:
            unmatched.append(seq)
            continue
        if not isinstance(record, Record):
            problems.append((seq, record))
            continue
        if (record.survey, record.device, record.log) == own:
            what = out_of_order(seq, record, prev, ordered)
        else:
            found = record_problems(file, header, seq, record, prev, survey)
            what = found[0].what if found else ""
        prev = (seq, record)
        row = [seq, record.interview, kinds[record.kind], -1, -1, _day(record.day, days),
               names.setdefault(record.interviewer, len(names)), names.setdefault(record.version, len(names)),
               1 if record.synthetic else 0, names.setdefault(shape, len(names)),
               -1 if record.duration_minutes is None else record.duration_minutes, *blank]
        what = what or _content(record, row, index, answers, direct)
        if what:
            problems.append((seq, what))  # why: a record with any problem is left out of the estimates
        else:
            rows.extend(row)
    table = np.frombuffer(rows, dtype=np.int64).reshape(len(rows) // width, width) if rows else \
        np.empty((0, width), dtype=np.int64)
    return Opened(table, problems, unmatched, tuple(names))


def _day(text: str, days: dict[str, int]) -> int:
    """The ordinal of the day ``text`` (-1 when it is no calendar date: a problem, _content)."""
    if text not in days:
        try:
            days[text] = dt.date.fromisoformat(text).toordinal()
        except ValueError:
            days[text] = -1
    return days[text]


def _content(record: records.Record, row: list[int], index: dict[str, int],
             answers: dict[str, dict[str, int]], direct: tuple[Question, ...]) -> str:
    """Fill ``row`` from what the record says; or say why it cannot be counted (never the answer)."""
    if record.interview >= MAX_INTERVIEW:
        return f"interview number {record.interview} is out of range"
    if row[DAY] < 0:
        return f"the day {record.day} is not a calendar date"
    if record.kind == "refused":  # the consent was refused: nothing the respondent said
        return "the refused record carries an answer" if record.question or record.answer or record.direct else ""
    if record.kind == "start":
        if record.question or record.answer:
            return "the start record does not answer exactly the survey's direct questions"
        # numbers in range, skips as relevant says; why the cast: it only reads the answers
        what = answers_problem(direct, cast("dict[str, str]", record.direct))
        if what:
            return what
        for j, q in enumerate(direct):
            row[FIXED + j] = direct_code(q, record.direct[q.id], answers[q.id])
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
