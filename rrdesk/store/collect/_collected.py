"""What :func:`rrdesk.store.collect._collect.collect` returns: each survey's usable records, as columns.

One row of small integers per record (never a plaintext), so 200,000 answers take a few MB;
the methods count, split by subgroup and list them for the report and ``answers.csv``. The
rows are 32-bit (:func:`row_dtype`: 64-bit only for a survey with a number question whose
range needs it), and an interview is an index into :attr:`SurveyData.numbers` rather than its
12-digit number, so a record costs about 4 bytes a column: what the aggregator's memory grows
by per record.
"""
from __future__ import annotations

import datetime as dt
import mmap
import sys
from dataclasses import dataclass, field
from typing import Iterator, Mapping, Sequence

import numpy as np

import rrdesk.store.collect._opening as opening
from rrdesk.core.problems import Problem
from rrdesk.core.survey import SKIPPED_GROUP, Question, Survey
from rrdesk.store.collect._opening import (
    ABANDONED,
    ANSWER,
    ANSWERED,
    DAY,
    DURATION,
    FIXED,
    INTERVIEW,
    KIND,
    QUESTION,
    REFUSED,
    SEQ,
    SKIPPED,
    SPUN,
    START,
    SYNTHETIC,
    VERSION,
    WHO,
)
from rrdesk.store.collect._versions import VersionTrust
from rrdesk.store.ledger import Ledger

# columns of SurveyData.table: where a record came from, then opening's row
BUNDLE, DEVICE, LOG = range(3)
ROW = 3  # opening's columns start here
_MAPPED = sys.platform.startswith("linux") and hasattr(mmap, "MAP_ANONYMOUS")
# why Linux only: its mremap grows a private anonymous mapping in place; elsewhere mmap.resize
# of such a mapping is missing or copies, and ndarray.resize does as well
_SLICE = 1 << 18
# why: the rows a per-interview count reads at a time; its temporaries (a sort, masks) are then a
# few MB whatever the number of records, and the numpy calls per slice stay few
_NARROW = 2**31 - 3  # why: a direct column holds units above the minimum, or -1 / SKIPPED (-2)


def row_dtype(survey: Survey) -> type[np.signedinteger]:
    """The integer type of a survey's table: 32-bit, unless a number question's range (in its
    units) does not fit in it. Every other column fits 32 bits whatever the records say: small
    indexes (bundle, laptop, log, kind, question, answer, names, interview), a record's place in
    a log (a log is at most 2 GiB, a frame over 48 bytes), a day's ordinal (at most 3,652,059),
    minutes (at most 999, ``records``)."""
    wide = any(q.number is not None and q.number.high - q.number.low > _NARROW for q in survey.direct)
    return np.int64 if wide else np.int32


def interview_ids(rows: np.ndarray, device: int, ids: dict[int, int]) -> np.ndarray:
    """Each row's interview (``rows``: a job's, :mod:`~rrdesk.store.collect._opening`'s columns)
    as an index: its laptop ``device`` and interview number, numbered as first met in ``ids``,
    which grows (the table keeps the index, :attr:`SurveyData.numbers` the number: an interview
    number may need more than 32 bits, the index never does). Why one int as the key, laptop
    times ``MAX_INTERVIEW`` plus number, not a pair: a third less memory per interview."""
    numbers, inverse = np.unique(rows[:, INTERVIEW], return_inverse=True)
    base = device * opening.MAX_INTERVIEW  # numbers are below it (_opening._content)
    given = np.array([ids.setdefault(base + n, len(ids)) for n in numbers.tolist()], dtype=np.int64)
    return given[inverse.reshape(-1)]


def numbers_of(ids: dict[int, int]) -> np.ndarray:
    """:attr:`SurveyData.numbers` from the ids :func:`interview_ids` gave."""
    numbers = np.empty(len(ids), dtype=np.int64)
    numbers[np.fromiter(ids.values(), dtype=np.int64, count=len(ids))] = \
        np.fromiter(ids.keys(), dtype=np.int64, count=len(ids)) % opening.MAX_INTERVIEW
    return numbers


@dataclass(frozen=True)
class Answer:
    """One recorded (randomized) answer, as ``answers.csv`` lists it: with the day it was
    recorded, the interviewer who held the laptop and the survey version ("" before
    ``rrdesk-record/3``)."""

    device: str
    log: str
    seq: int
    interview: int
    question: str
    answer: str
    day: str = ""
    interviewer: str = ""
    version: str = ""


@dataclass(frozen=True, eq=False)
class Interviews:
    """One entry per interview (laptop, number) of a :class:`SurveyData`, for the fieldwork table:
    counts and where each came from, never an answer. ``slots`` holds, per interview and
    randomized question (in survey order), 0 (no outcome), 1 (answered), 2 (declined) or 3
    (abandoned)."""

    device: np.ndarray      # index into SurveyData.device_ids
    number: np.ndarray      # the interview's number on its laptop
    interviewer: tuple[str, ...]
    version: tuple[str, ...]
    day: tuple[str, ...]    # ISO date of the interview's first record
    synthetic: np.ndarray   # bool: made by rrdesk simulate (counted with --include-synthetic)
    records: np.ndarray
    refused: np.ndarray     # bool: consent refused
    slots: np.ndarray       # int8, (interviews, randomized questions)
    minutes: np.ndarray     # the recorded duration in whole minutes; -1 where none was recorded


@dataclass(frozen=True, eq=False)
class SurveyData:
    """One survey's usable records, one row each in :attr:`table` (integer columns of
    :func:`row_dtype`: bundle, device, log index, seq, interview (an index into
    :attr:`numbers`: one per laptop and interview number), kind, question index, answer index,
    then the direct questions' answers on start rows (an answer's index; a number's units above
    its minimum; :data:`~rrdesk.store.collect._opening.SKIPPED` where a relevant condition
    skipped it); -1 where a column does not apply)."""

    survey: Survey
    bundles: tuple[str, ...]
    device_ids: tuple[str, ...]
    log_ids: tuple[str, ...]
    table: np.ndarray
    problems: tuple[Problem, ...]
    names: tuple[str, ...] = ()  # the interviewer ids and versions the WHO and VERSION columns index
    trust: VersionTrust | None = None  # which copy reads each version's records, as the plan decided
    synthetic: Mapping[str, int] = field(default_factory=dict)  # laptop → interviews rrdesk simulate made
    numbers: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))  # interview index → its number

    @property
    def records(self) -> int:
        return int(self.table.shape[0])

    @property
    def devices(self) -> int:
        return int(np.unique(self.table[:, DEVICE]).size)

    @property
    def interviews(self) -> int:
        return int(np.unique(self._interview_keys()).size)

    @property
    def refused(self) -> int:
        """Interviews whose respondent said No to the consent (non-response)."""
        return int((self.table[:, ROW + KIND] == REFUSED).sum())

    def _interview_keys(self) -> np.ndarray:
        return self.table[:, ROW + INTERVIEW]

    def interview_summary(self) -> Interviews:
        """Per interview: its laptop, interviewer, version, day, marks and how each randomized
        question ended (:class:`Interviews`)."""
        t = self.table
        keys = self._interview_keys()
        # why per interview index, not np.unique's inverse: the index is dense (0 to the number
        # of interviews met), so every count goes into an array of one entry per interview, and
        # the rows are read a slice at a time: nothing of a record's size is made (np.unique with
        # its inverse made about 33 bytes a record, the Results view's peak on a million records)
        size = max(self.numbers.size, int(keys.max()) + 1 if keys.size else 0)
        records = np.zeros(size, dtype=np.int64)
        first = np.full(size, -1, dtype=np.int64)  # each interview's first row
        refused = np.zeros(size, dtype=bool)
        minutes = np.full(size, -1, dtype=np.int64)
        randomized = [self.survey.questions.index(q) for q in self.survey.randomized]
        slots = np.zeros((size, len(randomized)), dtype=np.int8)
        column = np.full(len(self.survey.questions), -1, dtype=np.int64)
        column[randomized] = np.arange(len(randomized))
        for start in range(0, keys.size, _SLICE):
            part, rows = keys[start:start + _SLICE], t[start:start + _SLICE]
            records += np.bincount(part, minlength=size)
            seen, at = np.unique(part, return_index=True)
            new = first[seen] < 0
            first[seen[new]] = at[new] + start
            kind = rows[:, ROW + KIND]
            refused[part[kind == REFUSED]] = True
            for code, name in ((1, "answer"), (2, "declined"), (3, "abandoned")):
                hit = kind == opening.KINDS.index(name)
                where = column[rows[hit, ROW + QUESTION]]
                ok = where >= 0
                at_slot = (part[hit][ok], where[ok])
                slots[at_slot] = np.maximum(slots[at_slot], code)  # why: abandoned over declined over answered
            np.maximum.at(minutes, part, rows[:, ROW + DURATION])  # on the interview's last record only
        unique = np.flatnonzero(records)
        # why: interviews by laptop, then number (their index is the order they were met in)
        order = np.lexsort((self.numbers[unique], t[first[unique], DEVICE]))
        unique = unique[order]
        first = first[unique]
        ordinal = t[first, ROW + DAY].tolist()
        days = {d: dt.date.fromordinal(d).isoformat() for d in set(ordinal)}
        return Interviews(device=t[first, DEVICE].astype(np.int64), number=self.numbers[unique], interviewer=tuple(self.names[w] for w in t[first, ROW + WHO].tolist()),
                          version=tuple(self.names[v] for v in t[first, ROW + VERSION].tolist()),
                          day=tuple(days[d] for d in ordinal), synthetic=t[first, ROW + SYNTHETIC] == 1,
                          records=records[unique], refused=refused[unique], slots=slots[unique],
                          minutes=minutes[unique])

    def labels(self, question_id: str) -> tuple[str, ...]:
        """A question's answers in count order: ``("no", "yes")`` or its choices; a number
        question's bins."""
        return self.survey.question(question_id).groups

    def _binned(self, question_id: str, values: np.ndarray) -> np.ndarray:
        """A direct column's values as group indices: a number's bin (negative values kept)."""
        number = self.survey.question(question_id).number
        if number is None:
            return values
        edges = np.asarray(number.edges[1:], dtype=np.int64) - number.low
        return np.where(values >= 0, np.searchsorted(edges, values, side="right"), values)

    def _direct_column(self, question_id: str) -> int:
        direct = [q.id for q in self.survey.direct]
        return ROW + FIXED + direct.index(question_id)

    def counts(self, question_id: str, *, by: str | None = None) -> dict[str | None, tuple[int, ...]]:
        """Recorded answers per category (a direct question: its answers on start records).

        Without ``by``: ``{None: counts}``. With ``by`` (a direct question's id): one entry
        per answer (a number: per bin) of ``by``, plus ``None`` for answers whose interview's
        start record is missing and :data:`SKIPPED_GROUP` for those whose ``by`` was skipped,
        when there are any. A direct question counts its answers (a number: per bin) and leaves
        out interviews that skipped it.
        """
        q = self.survey.question(question_id)
        k = len(self.labels(question_id))
        t = self.table
        if q.design is None:
            rows = t[t[:, ROW + KIND] == START]
            values = self._binned(question_id, rows[:, self._direct_column(question_id)])
            rows, values = rows[values >= 0], values[values >= 0]
        else:
            rows = t[(t[:, ROW + KIND] == ANSWERED) & (t[:, ROW + QUESTION] == self.survey.questions.index(q))]
            values = rows[:, ROW + ANSWER]
        if by is None:
            return {None: tuple(int(c) for c in np.bincount(values, minlength=k))}
        groups = self._groups(rows, by)
        result: dict[str | None, tuple[int, ...]] = {}
        for g, name in enumerate(self.labels(by)):
            result[name] = tuple(int(c) for c in np.bincount(values[groups == g], minlength=k))
        if (groups == SKIPPED).any():
            result[SKIPPED_GROUP] = tuple(int(c) for c in np.bincount(values[groups == SKIPPED], minlength=k))
        if (groups == -1).any():
            result[None] = tuple(int(c) for c in np.bincount(values[groups == -1], minlength=k))
        return result

    def per_interviewer(self, question_id: str, *, by: str | None = None) -> dict[str | None, dict[str, tuple[int, ...]]]:
        """As :meth:`counts`, split by the interviewer each answer was recorded by: group (None
        without ``by``, and for answers whose ``by`` is unknown) → interviewer → counts. The
        fieldwork checks read these; counts only, never an interview's answer."""
        q = self.survey.question(question_id)
        k = len(self.labels(question_id))
        rows, values = self._rows_values(q)
        who = rows[:, ROW + WHO]
        groups = self._groups(rows, by) if by is not None else np.full(rows.shape[0], -1, dtype=np.int64)
        names = [None, SKIPPED_GROUP, *self.labels(by)] if by is not None else [None]
        result: dict[str | None, dict[str, tuple[int, ...]]] = {}
        for g in np.unique(groups).tolist():
            name = names[0] if g == -1 else SKIPPED_GROUP if g == SKIPPED else self.labels(by or "")[g]
            inside = groups == g
            result[name] = {self.names[w]: tuple(int(c) for c in np.bincount(values[inside & (who == w)], minlength=k))
                            for w in np.unique(who[inside]).tolist()}
        return result

    def number_values(self, question_id: str) -> dict[str, np.ndarray]:
        """A direct number question's recorded values in units (not binned; skipped left out),
        per interviewer."""
        q = self.survey.question(question_id)
        assert q.number is not None
        t = self.table
        rows = t[t[:, ROW + KIND] == START]
        values = rows[:, self._direct_column(question_id)]
        rows, values = rows[values >= 0], values[values >= 0] + q.number.low
        who = rows[:, ROW + WHO]
        return {self.names[w]: values[who == w] for w in np.unique(who).tolist()}

    def _rows_values(self, q: Question) -> tuple[np.ndarray, np.ndarray]:
        """The rows a question's counts come from, and each row's answer (a number: its bin)."""
        t = self.table
        if q.design is None:
            rows = t[t[:, ROW + KIND] == START]
            values = self._binned(q.id, rows[:, self._direct_column(q.id)])
            return rows[values >= 0], values[values >= 0]
        rows = t[(t[:, ROW + KIND] == ANSWERED) & (t[:, ROW + QUESTION] == self.survey.questions.index(q))]
        return rows, rows[:, ROW + ANSWER]

    def _groups(self, rows: np.ndarray, by: str) -> np.ndarray:
        return self._binned(by, self._column(rows, by))

    def _column(self, rows: np.ndarray, by: str) -> np.ndarray:
        """The answer of ``by`` in each row's interview, a number's bin (-1: no start record
        for it; SKIPPED: skipped)."""
        starts = self.table[self.table[:, ROW + KIND] == START]
        if starts.shape[0] == 0:
            return np.full(rows.shape[0], -1, dtype=np.int64)
        keys = starts[:, ROW + INTERVIEW]
        order = np.argsort(keys, kind="stable")
        keys, group = keys[order], starts[order, self._direct_column(by)]
        wanted = rows[:, ROW + INTERVIEW]
        at = np.minimum(np.searchsorted(keys, wanted), keys.size - 1)
        return np.where(keys[at] == wanted, group[at], -1)

    def not_answered(self, question_id: str) -> dict[str, int]:
        """How many respondents declined the question (``declined``), how many interviews
        ended before it was spun (``abandoned``: not reached), and how many ended after its
        spin and before its answer (``abandoned_after_spin``: a possible bias, if respondents
        stop after a forced YES). The three never overlap; ``rrdesk-record/1`` logs hold no
        spins, so their abandoned questions all count as not reached."""
        t = self.table
        mine = t[:, ROW + QUESTION] == self.survey.questions.index(self.survey.question(question_id))
        kind = t[:, ROW + KIND]
        after_spin = self._after_spin()
        abandoned = mine & (kind == ABANDONED)
        return {"declined": int((mine & (kind == opening.KINDS.index("declined"))).sum()),
                "abandoned": int((abandoned & ~after_spin).sum()),
                "abandoned_after_spin": int((abandoned & after_spin).sum())}

    def _after_spin(self) -> np.ndarray:
        """Per row: the record just before it in its log (seq - 1) is a usable ``spun``
        record of the same interview and question (the table is sorted by log, then seq)."""
        t = self.table
        result = np.zeros(t.shape[0], dtype=bool)
        if t.shape[0] > 1:
            before, here = t[:-1], t[1:]
            result[1:] = ((before[:, ROW + KIND] == SPUN) & (before[:, LOG] == here[:, LOG])
                          & (before[:, ROW + SEQ] + 1 == here[:, ROW + SEQ])
                          & (before[:, ROW + INTERVIEW] == here[:, ROW + INTERVIEW])
                          & (before[:, ROW + QUESTION] == here[:, ROW + QUESTION]))
        return result

    def direct_answers(self) -> dict[tuple[str, int], dict[str, str]]:
        """The direct answers of every interview with a start record: (device, number) → answers."""
        direct = self.survey.direct
        result = {}
        numbers = self.numbers.tolist()
        for row in self.table[self.table[:, ROW + KIND] == START].tolist():  # why: lists iterate ~10× faster
            result[(self.device_ids[row[DEVICE]], numbers[row[ROW + INTERVIEW]])] = {
                q.id: opening.direct_text(q, row[ROW + FIXED + j]) for j, q in enumerate(direct)}
        return result

    def respondents(self, question_id: str, directs: Sequence[str] = ()) -> tuple[np.ndarray, np.ndarray]:
        """Per recorded answer of a randomized question, as compact int64 arrays (regression,
        weights): its answer index, and the direct column of each of ``directs`` in the same
        interview (an answer's index, a number's units above its minimum; -1 when its start
        record is missing, SKIPPED when skipped), shape ``(answers, len(directs))``."""
        t = self.table
        index = self.survey.questions.index(self.survey.question(question_id))
        rows = t[(t[:, ROW + KIND] == ANSWERED) & (t[:, ROW + QUESTION] == index)]
        given = [self._column(rows, d) for d in directs]
        return rows[:, ROW + ANSWER].copy(), (np.stack(given, axis=1) if given
                                              else np.zeros((rows.shape[0], 0), dtype=np.int64))

    def answers(self, question_id: str | None = None) -> Iterator[Answer]:
        """Every recorded answer (of one question), by device, log and seq."""
        t = self.table
        rows = t[t[:, ROW + KIND] == ANSWERED]
        if question_id is not None:
            rows = rows[rows[:, ROW + QUESTION] == self.survey.questions.index(self.survey.question(question_id))]
        questions = [(q.id, self.labels(q.id)) for q in self.survey.questions]
        days: dict[int, str] = {}
        numbers = self.numbers.tolist()
        for row in rows.tolist():
            qid, labels = questions[row[ROW + QUESTION]]
            day = days.get(row[ROW + DAY]) or days.setdefault(row[ROW + DAY], dt.date.fromordinal(row[ROW + DAY]).isoformat())
            yield Answer(self.device_ids[row[DEVICE]], self.log_ids[row[LOG]], row[ROW + SEQ],
                         numbers[row[ROW + INTERVIEW]], qid, labels[row[ROW + ANSWER]], day, self.names[row[ROW + WHO]],
                         self.names[row[ROW + VERSION]])


class Rows:
    """A survey's rows as the workers send them, in one table grown in place.

    Not a list of pieces joined at the end: joining holds the pieces and the table at once
    (twice the rows' memory, the aggregator's peak on a large bundle). :meth:`reserve` sizes
    the table for the rows promised (else :meth:`add` grows it by half); :meth:`take` trims it.
    On Linux the table lies in a private anonymous mapping grown by ``mremap``: its pages are
    the kernel's zeros, in memory only once a row is written, so room reserved for records not
    opened yet costs nothing (``ndarray.resize`` fills it with zeros at once: the rows of every
    bundle planned were in memory while the next bundle's index was received, about 60 bytes a
    record at the aggregator's peak). Elsewhere, ``ndarray.resize`` (large blocks are remapped,
    not copied).
    """

    _GROWTH = 1.5  # why: amortised O(1) appends; at most half the table unused before the trim
    _FIRST = 4096  # why: a job's rows (up to 2048) fit twice before the first growth

    def __init__(self, width: int, dtype: type[np.signedinteger] = np.int64) -> None:
        self.width, self.count, self._promised, self.dtype = width, 0, 0, dtype
        self._table = np.empty((0, width), dtype=dtype)
        self._map: mmap.mmap | None = None

    def reserve(self, n: int) -> None:
        """Room for ``n`` more rows than are promised so far (the records of the jobs just
        handed out: each gives at most one row), so the table is sized once, not grown by half."""
        self._promised = max(self._promised, self.count) + n
        if self._promised > self._table.shape[0]:
            self._grow(self._promised)

    def add(self, n: int) -> np.ndarray:
        """The next ``n`` rows, to fill now (the view is invalid after the next :meth:`add`)."""
        need = self.count + n
        if need > self._table.shape[0]:
            self._grow(max(need, int(self._table.shape[0] * self._GROWTH), self._FIRST))
        view = self._table[self.count:need]
        self.count = need
        return view

    def _grow(self, rows: int) -> None:
        if not _MAPPED:
            self._table.resize((rows, self.width), refcheck=False)  # why: no other view of it is kept (add's contract)
            return
        size = rows * self.width * np.dtype(self.dtype).itemsize
        old, self._table = self._table, np.empty((0, self.width), dtype=self.dtype)
        try:
            if self._map is None:
                raise BufferError
            del old  # why: a mapping with a view of it alive cannot be resized
            self._map.resize(size)
        except (BufferError, OSError, ValueError, SystemError):  # why: a view still alive, or no mremap: copied
            grown = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
            if self.count:
                fresh = np.frombuffer(grown, dtype=self.dtype).reshape(-1, self.width)
                fresh[:self.count] = self._rows(self.count)
                del fresh
            self._map = grown
        self._table = np.frombuffer(self._map, dtype=self.dtype).reshape(-1, self.width)

    def _rows(self, count: int) -> np.ndarray:
        assert self._map is not None
        return np.frombuffer(self._map, dtype=self.dtype, count=count * self.width).reshape(-1, self.width)

    def take(self) -> np.ndarray:
        """The rows added, as one table (this object is empty afterwards)."""
        table, self._table = self._table, np.empty((0, self.width), dtype=self.dtype)
        if self._map is None:
            table.resize((self.count, self.width), refcheck=False)
        else:
            del table
            try:
                self._map.resize(max(self.count * self.width * np.dtype(self.dtype).itemsize, mmap.PAGESIZE))
            except (BufferError, OSError, ValueError, SystemError):
                pass  # why harmless: the pages past the rows were never written, so never in memory
            table = self._rows(self.count)
        self.count = self._promised = 0
        self._map = None
        return table


def refused_aside(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``table`` without the slot records of interviews whose consent was refused (their
    ``refused`` rows stay: one per refusal), and the ``answer`` rows among those left out -- an
    answer in a refused interview is never counted (FORMAT.md §3: a problem)."""
    kind = table[:, ROW + KIND]
    refusing = table[kind == REFUSED]
    if refusing.shape[0] == 0:
        return table, table[:0]
    inside = np.isin(table[:, ROW + INTERVIEW], refusing[:, ROW + INTERVIEW]) & (kind != REFUSED)
    return table[~inside], table[inside & (kind == ANSWERED)]


def duplicate_starts(table: np.ndarray, numbers: np.ndarray) -> tuple[np.ndarray, list[tuple[int, list[int], list[int]]]]:
    """``table`` without every record of an interview begun in more than one log of its laptop
    (a second log numbering interviews again: neither copy is used, as ODK Central refuses a
    duplicate instance id), and per laptop and set of logs (device, logs, interview numbers;
    ``numbers`` as :attr:`SurveyData.numbers`), by laptop and logs."""
    kind = table[:, ROW + KIND]
    opening_rows = table[(kind == START) | (kind == REFUSED)]
    if opening_rows.shape[0] < 2:
        return table, []
    pairs = np.unique(opening_rows[:, [ROW + INTERVIEW, LOG]], axis=0)  # (interview, log) once each
    unique, counts = np.unique(pairs[:, 0], return_counts=True)
    twice = unique[counts > 1]
    if twice.size == 0:
        return table, []
    ids, first = np.unique(opening_rows[:, ROW + INTERVIEW], return_index=True)
    device_of = dict(zip(ids.tolist(), opening_rows[first, DEVICE].tolist()))
    groups: dict[tuple[int, tuple[int, ...]], list[int]] = {}
    for key in twice.tolist():
        logs = tuple(sorted(pairs[pairs[:, 0] == key, 1].tolist()))
        groups.setdefault((device_of[key], logs), []).append(int(numbers[key]))
    return (table[~np.isin(table[:, ROW + INTERVIEW], twice)],
            [(device, list(logs), sorted(found)) for (device, logs), found in sorted(groups.items())])


def synthetic_aside(table: np.ndarray, keep: bool) -> tuple[np.ndarray, dict[int, int]]:
    """``table`` without the records of interviews ``rrdesk simulate`` made (all of them kept
    when ``keep``), and how many such interviews each laptop (device index) holds."""
    marked = table[:, ROW + SYNTHETIC] == 1
    if not marked.any():
        return table, {}
    rows = table[marked]
    keys, first = np.unique(rows[:, ROW + INTERVIEW], return_index=True)
    devices, counts = np.unique(rows[first, DEVICE], return_counts=True)
    per_device = dict(zip(devices.tolist(), counts.tolist()))
    if keep:
        return table, per_device
    return table[~np.isin(table[:, ROW + INTERVIEW], keys)], per_device


@dataclass(frozen=True)
class Collection:
    """What ``collect`` found: each survey's data (in the order first met), the problems of
    bundles that could not be used at all (each survey's ``problems`` lists them too: they may
    have held its records), and the bundles left out because they hold another survey than
    the one asked for (file, survey id); the ledger as the plan used left it (None: not kept), to
    save; ``unsigned`` when nothing was opened because no bundle that may decide holds a survey
    copy the coordinator's signing key signed."""

    surveys: Mapping[str, SurveyData]
    problems: tuple[Problem, ...]
    skipped: tuple[tuple[str, str], ...] = ()
    ledger: Ledger | None = None
    unsigned: bool = False
