"""The checks of one log: framing, sequence, chain, survey, name and key file for anyone, and
with the coordinator's identity the first key, the tags, the key file's key and every record
(``rrdesk/store/FORMAT.md`` §1.6, §1.7; ``rrdesk verify``).

:func:`open_record`, :func:`record_problems` and :func:`unmatched_problems` are also the
per-record checks of an aggregator that decrypts the records itself (:mod:`rrdesk.store.collect._opening`);
all three are re-exported by :mod:`rrdesk.store.verify._verify`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any, Callable, Iterable, Mapping, Sequence

from rrdesk.core.errors import AgeError, NoMatchError
from rrdesk.core.problems import Problem
from rrdesk.core.survey import Survey
from rrdesk.store import age, records
from rrdesk.store.age import Opener
from rrdesk.store.log._frames import KEY_SIZE, TAG_FAILED, Header, LogStream, evolve, parse_key_file

__all__ = ["Days", "FoundLog", "check_found_log", "check_records", "first_key", "open_record", "out_of_order", "record_problems", "structure_problems", "unmatched_problems"]


@dataclass(frozen=True)
class FoundLog:
    """One log to check, wherever it came from; ``survey_id`` is the survey it must belong to."""

    file: str
    member: str  # inside a bundle: the log's name ("" for a log on disk)
    name: str
    data: bytes
    key: bytes | None
    key_file: str
    key_member: str
    survey_id: str | None
    survey: Survey | None
    streamed: Any = None  # a log of a bundle read as a stream (_bundle_verify.Streamed): ``data`` is empty

    def problem(self, record: int | None, what: str) -> Problem:
        return Problem(self.file, record, what, self.member)

    def key_problem(self, what: str) -> Problem:
        return Problem(self.key_file, None, what, self.key_member)


# why: Station names a log after the device and log ids in its header (FORMAT.md §1.1); a
# name that disagrees means the file was renamed or replaced, which a de-duplicating
# aggregator keyed on names would get wrong.
_STATION_NAME = re.compile(r"([0-9a-f]{32})-([0-9a-f]{32})\.rrlog\Z")


def check_found_log(item: FoundLog, identities: Sequence[age.Identity] | None) -> tuple[int, list[Problem]]:
    """Every check of one log (``verify``): its intact records' count and the problems.

    The log is read once by :class:`~rrdesk.store.log.LogStream`, as an aggregator's index reads
    it: framing, sequence, chain and, with ``identities``, each frame's tag as it passes (runs of
    same-size frames checked together); then the records are opened a batch at a time."""
    key_of: Callable[[Header], bytes | None] | None = None
    if identities:
        def key_of(header: Header) -> bytes | None:
            key = first_key(header, identities)
            return key if isinstance(key, bytes) else None

    reader = LogStream(item.file, item.member, key_of, index=bool(identities))
    reader.feed(item.data)
    found = reader.finish()
    bad = found.bad_tags or ()
    problems = structure_problems(item, found.header, found.count, found.problems, identities,
                                  lambda key: [item.problem(seq, TAG_FAILED) for seq in bad], found.keys)
    if identities and found.header is not None:
        data, places = item.data, list(zip(found.offsets, found.lengths))
        batches = ([(first + n, data[at:at + size]) for n, (at, size) in enumerate(places[first:first + OPEN_BATCH])]
                   for first in range(0, found.count, OPEN_BATCH))
        problems.extend(check_records(item, found.header, batches, found.count, identities))
    return found.count, problems


def structure_problems(item: FoundLog, header: Header | None, frames: int, scanned: Sequence[Problem],
                       identities: Sequence[age.Identity] | None,
                       tags: Callable[[bytes], Sequence[Problem]], known: Mapping[int, bytes] | None = None) -> list[Problem]:
    """:func:`_check_structure` on a log already scanned (``frames`` intact frames, ``scanned``
    what the scan found; ``tags(k_0)`` checks the tags), for a reader that streams the log.
    ``known`` gives keys k_i the reader already computed from this log's k_0, by i (a stream's
    last two: the key file's key is then checked without evolving k_0 again)."""
    problems = list(scanned)
    if header is None:
        return problems
    if item.survey_id is not None and header.survey_id != item.survey_id:
        problems.append(item.problem(None, f'is a log of survey "{header.survey_id}", not of "{item.survey_id}"'))
    named = _STATION_NAME.match(item.name)
    if named and (named[1], named[2]) != (header.device_id.hex(), header.log_id.hex()):
        problems.append(item.problem(None, "its name does not match the device and log id in "
                                           "its header (renamed or replaced)"))
    index, key = _check_key_file(item, header, frames, problems)
    if identities:
        _check_sealed(item, header, frames, index, key, identities, problems, tags, known or {})
    return problems


def _check_key_file(item: FoundLog, header: Header, frames: int,
                    problems: list[Problem]) -> tuple[int | None, bytes | None]:
    """The key file's index and key, after checking them against the log (FORMAT.md §1.7)."""
    if item.key is None:
        problems.append(item.key_problem("key file is missing: whether the last records were removed "
                                         "cannot be checked"))
        return None, None
    state = parse_key_file(item.key)
    if isinstance(state, str):
        problems.append(item.key_problem(f"key file is damaged: {state}"))
        return None, None
    if state.log_id != header.log_id:
        problems.append(item.key_problem("key file belongs to another log"))
        return None, None
    if state.index > frames:
        problems.append(item.problem(frames, f"missing: the key file says {state.index} records "
                                             f"were saved, {frames} are intact"))
    elif state.index < frames - 1:
        problems.append(item.key_problem(f"key file is {frames - state.index} records behind "
                                         "the log (restored from a copy, or replaced)"))
    return state.index, state.key


def first_key(header: Header, identities: Sequence[age.Identity]) -> bytes | str:
    """The log's k_0, decrypted from its header; or what is wrong (a problem's words)."""
    try:
        key = age.decrypt(header.sealed_first_key, identities)
    except AgeError as error:
        why = "" if isinstance(error, NoMatchError) else f" ({error})"
        return f"first key cannot be decrypted with this identity{why}"
    if len(key) != KEY_SIZE:
        return f"the sealed first key is not {KEY_SIZE} bytes"
    return key


def _check_sealed(item: FoundLog, header: Header, frames: int, index: int | None, key: bytes | None,
                  identities: Sequence[age.Identity], problems: list[Problem],
                  tags: Callable[[bytes], Sequence[Problem]], known: Mapping[int, bytes]) -> None:
    """With the coordinator's identity: the first key, the tags, the key file's key."""
    first = first_key(header, identities)
    if isinstance(first, str):
        problems.append(item.problem(None, first))
        return
    problems.extend(tags(first))
    # why: only k_0 evolved `index` times fits; a tail cut off together with a key file made
    # up to match would need an earlier key, which the laptop no longer holds (§1.4)
    if index is not None and index <= frames + 1:
        start = max((i for i in known if i <= index), default=0)  # a key already computed from this k_0
        expected = known.get(start, first)
        for _ in range(index - start):
            expected = evolve(expected)
        if expected != key:
            problems.append(item.key_problem(f"the key file's key is not this log's key "
                                             f"number {index} (replaced or altered)"))


def check_records(item: FoundLog, header: Header, batches: Iterable[Sequence[tuple[int, bytes]]], count: int,
                   identities: Sequence[age.Identity]) -> list[Problem]:
    """Decrypt and parse every record of a log (``batches`` of (seq, blob), in order, ``count``
    in all), wherever it lies (a data folder, a bundle); check each belongs to its log and
    stands in order, and that its days are plausible (:class:`Days`)."""
    problems: list[Problem] = []
    unmatched: list[int] = []
    prev: tuple[int, records.Record] | None = None
    # why: the aggregator's opener (each identity's X25519 work prepared once), a batch at a time
    # (open_records: each step over the batch keeps its code hot): a hostile log of thousands of
    # tiny records costs about the X25519 exchange per record, no more
    opener = Opener(identities)
    days = Days(header)
    # why: a record naming its own log's survey, device and log (all but hostile ones) needs only
    # the order check; record_problems words the rest (as the aggregator's open_blobs)
    own = (header.survey_id, _hex(header.device_id), _hex(header.log_id))
    ordered = item.survey if item.survey is not None and item.survey.id == header.survey_id else None
    for batch in batches:
        for (seq, _), opened in zip(batch, open_records([blob for _, blob in batch], opener)):
            if opened is None:
                unmatched.append(seq)
            elif isinstance(opened, str):
                problems.append(item.problem(seq, opened))
            else:
                if (opened.survey, opened.device, opened.log) == own:
                    what = out_of_order(seq, opened, prev, ordered)
                    if what:
                        problems.append(item.problem(seq, what))
                else:
                    problems.extend(record_problems(item.file, header, seq, opened, prev, item.survey,
                                                    member=item.member))
                days.feed(seq, opened)
                prev = (seq, opened)
    return (problems + unmatched_problems(item.file, unmatched, count, member=item.member)
            + days.warnings(item.file, item.member))


class Days:
    """Whether the days a log's records carry are plausible, fed record by record in order: a
    record dated before its log was begun, before the record before it (the laptop's clock
    turned back), more than a year after it, or after the verifier's own clock (by more than a
    day). One warning per log, naming the first such record and how many there are (FORMAT.md §3,
    "Records in a log"): a warning, not damage -- a clock set right mid-survey does it too."""

    _YEAR = 366  # why: a log is written while one survey runs; a year between two records is a clock

    def __init__(self, header: Header, today: date | None = None) -> None:
        self.created, self.today = header.created, today or date.today()
        self.prev: str | None = None
        self._alone = ""  # what the last day met says alone (before the log, after the clock), or ""
        self.first: tuple[int, str] | None = None
        self.count = 0

    def feed(self, seq: int, record: records.Record) -> None:
        day, prev = record.day, self.prev
        self.prev = day
        if day == prev:  # why: a log's records come a day at a time; only the day's own checks apply
            odd = self._alone
        else:
            odd = self._alone = ""
            try:
                this = date.fromisoformat(day)
                alone = (f"dated {day}, before its log was begun ({self.created})" if day < self.created else
                         f"dated {day}, later than this computer's clock ({self.today.isoformat()})"
                         if (this - self.today).days > 1 else "")
                self._alone = alone
                if day < self.created or prev is None:
                    odd = alone
                elif day < prev:
                    odd = f"dated {day}, after a record dated {prev}: the laptop's clock was turned back"
                elif (this - date.fromisoformat(prev)).days > self._YEAR:
                    odd = f"dated {day}, more than a year after the record before it ({prev})"
                else:
                    odd = alone
            except ValueError:  # why: records.parse checked the shape; an impossible date is the parser's
                pass
        if odd:
            self.count += 1
            if self.first is None:
                self.first = (seq, odd)

    def warnings(self, file: str, member: str = "") -> list[Problem]:
        if self.first is None:
            return []
        seq, what = self.first
        more = f"; {self.count - 1} more record(s) of this log have days as implausible" if self.count > 1 else ""
        return [Problem(file, seq, f"warning: {what}{more} (its records are used as dated; check the laptop's "
                                   "clock)", member, warning=True)]


def open_record(blob: bytes, identities: Sequence[age.Identity], *,
                decrypt: Callable[[bytes], bytes] | None = None) -> records.Record | str | None:
    """The record sealed in ``blob``; None when no identity matches it; else what is wrong.
    ``decrypt`` (``age.Opener.decrypt``) opens it as ``age.decrypt`` with ``identities`` does."""
    try:
        return records.parse(decrypt(blob) if decrypt is not None else age.decrypt(blob, identities))
    except NoMatchError:
        return None
    except AgeError as error:
        return f"cannot be decrypted ({error})"
    except records.RecordError as error:
        return f"not an rrdesk record ({error})"


OPEN_BATCH = 2048  # why: records opened together (open_records); their plaintexts are a few hundred kB


def open_records(blobs: Sequence[bytes], opener: Opener,
                 types: list[tuple[str, ...] | None] | None = None) -> list[records.Record | str | None]:
    """:func:`open_record` of each of ``blobs`` with ``opener``'s identities, in a batch
    (:meth:`rrdesk.store.age.Opener.open_many`, then every record parsed): the same results;
    with ``types``, each blob's age stanza types are appended to it (``age.stanza_types``)."""
    out: list[records.Record | str | None] = []
    keep, parse = out.append, records.parse
    for plain in opener.open_many(blobs, types):
        if isinstance(plain, bytes):
            try:
                keep(parse(plain))
            except records.RecordError as error:
                keep(f"not an rrdesk record ({error})")
        elif isinstance(plain, NoMatchError):
            keep(None)
        else:
            keep(f"cannot be decrypted ({plain})")
    return out


def record_problems(file: str, header: Header, seq: int, record: records.Record,
                    prev: tuple[int, records.Record] | None, survey: Survey | None, *,
                    member: str = "") -> list[Problem]:
    """What is wrong with record ``seq`` of a log: a survey, device or log other than its
    log's, or a place out of order after ``prev`` (the last record read before it)."""
    problems = []
    device, log = _hex(header.device_id), _hex(header.log_id)
    if record.survey != header.survey_id or record.device != device or record.log != log:  # why: rare; per record
        for name, have, want in (("survey", record.survey, header.survey_id), ("device", record.device, device),
                                 ("log", record.log, log)):
            if have != want:
                problems.append(Problem(file, seq, f"the record's {name} is {have!r}, its log's is {want!r}", member))
    # why: a log of another survey is reported once (check_found_log), not once per record
    if survey is not None and survey.id != header.survey_id:
        survey = None
    what = out_of_order(seq, record, prev, survey)
    if what:
        problems.append(Problem(file, seq, what, member))
    return problems


def _hex(raw: bytes, _known: dict[bytes, str] = {}) -> str:  # noqa: B006 - a memo, on purpose
    """``raw.hex()``, remembered: a log's ids are compared with every one of its records."""
    text = _known.get(raw)
    if text is None:
        if len(_known) > 4096:  # why: bounded, whatever a hostile bundle names
            _known.clear()
        text = _known[raw] = raw.hex()
    return text


def unmatched_problems(file: str, unmatched: Sequence[int], total: int, *, member: str = "") -> list[Problem]:
    """The problems for the records (seq numbers) no identity could open, of ``total`` read."""
    if unmatched and len(unmatched) == total:
        return [Problem(file, None, "no record can be decrypted with this identity", member)]
    return [Problem(file, seq, "cannot be decrypted with this identity", member) for seq in unmatched]


# why: a slot's outcome must follow what its first record says happened (FORMAT.md §3): an
# answer only after a spin, a decline only without one, an abandon after either
_FOLLOWS = {"answer": ("spun",), "declined": ("unspun",), "abandoned": ("spun", "unspun")}


def out_of_order(seq: int, record: records.Record, prev: tuple[int, records.Record] | None,
                  survey: Survey | None) -> str:
    """What is wrong with the record's place in its interview, or "".

    An interview is a start record (position 0; ``rrdesk-record/3``: or ``refused``) and then,
    in the survey's order, per randomized question: with ``rrdesk-record/2`` and ``/3`` a slot
    of two records (``spun`` or ``unspun``, then ``answer``, ``declined`` or ``abandoned``:
    positions 1..2R), with ``rrdesk-record/1`` one record (positions 1..R). A refused
    interview's first slot begins ``unspun`` (the aggregator sets aside any answer in a refused
    interview). Only an interview's last record may hold its duration. A log holds one format, starts with an interview, and interview numbers only
    grow (``interviews.Station``).
    """
    slots = record.format in records.SLOTTED  # two records per question
    if prev is not None and prev[0] == seq - 1 and prev[1].format != record.format:
        place = f"interview {record.interview}, position {record.position}"
        return f"{place}: a {record.format} record after a {prev[1].format} record (a log holds one format)"
    where = _Where(record)
    if (record.kind in records.OPENING) != (record.position == 0):
        return f"{where}: {_a(record.kind)} record cannot stand at this position"
    first = slots and record.position % 2 == 1
    allowed = records.SLOT_FIRST if first else records.SLOT_SECOND
    if record.position and record.kind not in allowed:
        which = "first " if first else "second " if slots else ""
        return (f"{where}: {_a(record.kind)} record cannot stand at this position (a question's {which}record "
                f"is {_either(allowed)})")
    if survey is not None:
        randomized = survey.randomized
        per = 1 + (2 if slots else 1) * len(randomized)
        if record.position != seq % per:
            return f"{where}: out of order (position {seq % per} belongs here)"
        slot = (record.position - 1) // 2 if slots else record.position - 1
        if record.position and record.question != randomized[slot].id:
            return f"{where}: not the question the survey asks at this position"
        if record.duration_minutes is not None and record.position != per - 1:
            return f"{where}: holds an interview's duration, which only its last record may hold"
    elif seq == 0 and record.position != 0:
        return f"{where}: a log must begin with an interview's start"
    if prev is None:
        return ""
    last_seq, last = prev
    if record.interview < last.interview:
        return f"{where}: comes after interview {last.interview}"
    if last_seq != seq - 1:
        return ""  # the record before could not be read; the rest was checked above
    if record.position == 0 and record.interview == last.interview:
        return f"{where}: interview {record.interview} starts a second time"
    if record.position and (record.interview, record.position) != (last.interview, last.position + 1):
        return f"{where}: does not follow interview {last.interview}, position {last.position}"
    if last.kind == "refused" and record.kind != "unspun":
        return f"{where}: {_a(record.kind)} record cannot follow a refused record (it comes after it: unspun)"
    if slots and record.position and not first:
        if last.kind not in _FOLLOWS[record.kind]:
            return (f"{where}: {_a(record.kind)} record cannot follow {_a(last.kind)} record "
                    f"(it comes after {_either(_FOLLOWS[record.kind])})")
        if last.question != record.question:
            return (f'{where}: names question "{record.question}", but the first record of its slot '
                    f'names "{last.question}"')
    return ""


class _Where:
    """ "interview N, position P", formatted only when a message needs it (most records have none)."""

    __slots__ = ("record",)

    def __init__(self, record: records.Record) -> None:
        self.record = record

    def __format__(self, spec: str) -> str:
        return f"interview {self.record.interview}, position {self.record.position}"


def _a(word: str) -> str:
    return ("an " if word[:1] in ("a", "e", "i", "o", "u") else "a ") + word


def _either(words: Sequence[str]) -> str:
    return " or ".join(words) if len(words) < 3 else f"{', '.join(words[:-1])} or {words[-1]}"
