"""What one sealed record says, before it is sealed: canonical JSON padded to one size.

A record holds the survey id, the device id, the log id, the interview number, the
record's position in the interview, its kind, the question id, the *recorded* answer and
the day -- never a true answer, never a sector, never a time of day (a time would help
link a record to a person seen being interviewed). An interview's last record may hold its
duration in whole minutes, capped (``duration_minutes``; FORMAT.md §3): how long, never when.

Every record of a survey is padded with spaces to the same length (:func:`record_size`,
from the survey alone), so the length of the sealed file says nothing about its kind or
its answer. JSON allows trailing whitespace, so ``age -d`` output is still plain JSON.

Kinds (FORMAT.md §3, "Records in a log"): ``start`` opens an interview; each randomized
question then takes a *slot* of two records. Its first record is ``spun`` (written the moment
the spinner's outcome is drawn, before anyone sees it: from then on the question is spent) or
``unspun`` (written with a decline, or an abandon, of a question that was never spun); its
second is the outcome: ``answer`` (after ``spun``), ``declined`` (after ``unspun``) or
``abandoned`` (after either; after ``spun`` it means "abandoned after its spin").

A ``refused`` record stands in an interview's first place instead of ``start`` when the
respondent said No on the consent screen: it holds no direct answer (nothing the respondent
said), and the interview's slots are then closed like an abandoned interview's
(``unspun`` + ``abandoned``), so the interview still has its 1 + 2R records.

Versions: this module writes ``rrdesk-record/3`` (the two-record slots of ``/2``, plus the
``interviewer`` and the survey ``version`` in every record, and the ``refused`` kind) and
still reads ``rrdesk-record/2`` and ``rrdesk-record/1``, whose interviews are a start and one
record per randomized question (``answer``, ``declined`` or ``abandoned``; no
``spun``/``unspun``). Each record names its own format, so a reader decides per log.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from rrdesk.core.errors import RecordError, RRDeskError  # noqa: F401 - RecordError re-exported
from rrdesk.core.nesting import too_deep
from rrdesk.core.survey import Survey
from rrdesk.core.survey import is_ident as _ident

if TYPE_CHECKING:  # why: numpy loads when a record is built, not when the first window opens
    import numpy as np
    from numpy.typing import NDArray

FORMAT = "rrdesk-record/3"
FORMAT_V1 = "rrdesk-record/1"  # why: logs written before the two-record slots are still read
FORMAT_V2 = "rrdesk-record/2"  # why: logs written before the interviewer and version fields are still read
FORMATS = (FORMAT_V1, FORMAT_V2, FORMAT)
SLOTTED = (FORMAT_V2, FORMAT)  # the formats whose questions take two records (a slot)
# why: new kinds go at the end, so a kind's index (a column of the aggregator's rows) never moves
KINDS = ("start", "answer", "declined", "abandoned", "spun", "unspun", "refused")
OPENING = ("start", "refused")  # an interview's first record (refused: rrdesk-record/3 only)
IDENT_MAX = 32  # why: the longest interviewer id or version (rrdesk.core.survey._study.IDENT)
SLOT_FIRST = ("spun", "unspun")  # a slot's first record (rrdesk-record/2 only)
SLOT_SECOND = ("answer", "declined", "abandoned")  # a slot's second record: the outcome
#: The longest interview duration a record holds, in whole minutes (why a cap: a day-long
#: interview, left open or resumed, is "long", and the exact figure would say more -- a lunch
#: break, a second visit -- than the checks need; FORMAT.md §3)
MAX_DURATION = 180
_HEX32 = re.compile(r"[0-9a-f]{32}\Z")
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")
# why: a JSON string that json.dumps(ensure_ascii=True) writes as it is (printable ASCII but '"'
# and '\\'); a record whose strings all look like this is checked for canonical form by this
# pattern alone, without decoding and re-encoding it (anything else takes the full path)
_PLAIN = rb'"([ !#-\[\]-~]*)"'
_CANONICAL = re.compile(rb'\{"format":"(rrdesk-record/[123])","survey":' + _PLAIN + rb',"device":"([0-9a-f]{32})",'
                        rb'"log":"([0-9a-f]{32})","interview":(0|[1-9][0-9]*),"position":(0|[1-9][0-9]*),'
                        rb'"kind":"([a-z]+)","question":' + _PLAIN + rb',"answer":' + _PLAIN
                        + rb',"day":"([0-9]{4}-[0-9]{2}-[0-9]{2})"(?:,"interviewer":' + _PLAIN + rb',"version":' + _PLAIN
                        + rb'(,"synthetic":true)?(?:,"duration_minutes":(0|[1-9][0-9]{0,2}))?)?,"direct":\{((?:' + _PLAIN + b":" + _PLAIN
                        + rb',)*(?:' + _PLAIN + b":" + _PLAIN + rb'))?\}\}\Z')
_PAIR = re.compile(_PLAIN + b":" + _PLAIN)
# the same patterns over text: on ASCII they match exactly what the bytes patterns match; the
# record's padding (spaces, pad) is matched too (cheaper than stripping it first)
_CANONICAL_PADDED = re.compile(_CANONICAL.pattern.decode("ascii").removesuffix(r"\Z") + r" *\Z")
_PAIR_TEXT = re.compile(_PAIR.pattern.decode("ascii"))
_PAD_STEP = 256  # why: sizes are rounded up so that small survey edits rarely change them
_MAX_BLOB = 65536  # why: a sealed record must fit a log frame's blob (FORMAT.md §1.3), age's header included


@dataclass(frozen=True)
class Record:
    """One record's content. ``answer`` is the recorded answer (``yes``/``no`` or a choice
    id) for kind ``answer`` and ``""`` otherwise; ``direct`` holds the direct questions'
    answers on the ``start`` record only. ``interviewer`` and ``version`` (the interviewer
    signed in on the laptop, the survey's version) are in every ``rrdesk-record/3`` record and
    in no older one; ``"synthetic": true`` is in every record ``rrdesk simulate`` makes (sealed
    with it, so no one can strip it from a log without breaking its chain), in no other.
    ``duration_minutes`` (rrdesk-record/3 only) is on an interview's last record, when the survey
    records durations and the station saw the interview begin: whole minutes, 0 to
    :data:`MAX_DURATION`; None on every other record."""

    survey: str
    device: str
    log: str
    interview: int
    position: int
    kind: str
    question: str = ""
    answer: str = ""
    day: str = ""
    direct: Mapping[str, str] = field(default_factory=dict)
    format: str = FORMAT
    interviewer: str = ""
    version: str = ""
    synthetic: bool = False  # made by ``rrdesk simulate``, never by a respondent (rrdesk-record/3 only)
    duration_minutes: int | None = None  # the interview's duration, on its last record only (/3 only)

    def to_json(self) -> bytes:
        body: dict[str, object] = {"format": self.format, "survey": self.survey, "device": self.device,
                                   "log": self.log, "interview": self.interview, "position": self.position,
                                   "kind": self.kind, "question": self.question, "answer": self.answer,
                                   "day": self.day}
        if self.format == FORMAT:
            body.update(interviewer=self.interviewer, version=self.version)
            if self.synthetic:  # why only then: a respondent's record is byte for byte what it always was
                body["synthetic"] = True
            if self.duration_minutes is not None:  # why only then: every record but an interview's last
                body["duration_minutes"] = self.duration_minutes
        body["direct"] = dict(sorted(self.direct.items()))
        return json.dumps(body, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def record_size(survey: Survey) -> int:
    """The padded plaintext size of every record of ``survey``: room for the largest
    record it can produce (the start record with the longest direct answers). Sealed to the
    survey's recipients every record is then one size too (:func:`age.sealed_size`): about 200
    bytes more with one X25519 recipient, about 1,660 with one post-quantum one."""
    direct = {q.id: q.widest_answer() for q in survey.direct}  # a number: its range's widest text
    longest_question = max((q.id for q in survey.questions), key=len)
    longest_answer = max((c for q in survey.questions for c in q.answer_ids), key=len)
    widest = Record(survey=survey.id, device="0" * 32, log="0" * 32, interview=10**12, position=10**4,
                    kind="abandoned", question=longest_question, answer=longest_answer,
                    day="2000-01-01", direct=direct, interviewer="i" * IDENT_MAX, version="v" * IDENT_MAX,
                    synthetic=True, duration_minutes=MAX_DURATION)
    size = -(-len(widest.to_json()) // _PAD_STEP) * _PAD_STEP
    from rrdesk.store import age  # why here: reading a data folder's side files needs no cryptography

    if age.sealed_size(size, survey.recipients) > _MAX_BLOB:
        raise RRDeskError(f"{survey.path}: the direct questions are too many or too long for one record"
                          + (" sealed to this many post-quantum recipients"
                             if any(map(age.is_post_quantum, survey.recipients)) else ""))
    return size


def pad(record: Record, size: int) -> bytes:
    """The record's JSON followed by spaces up to ``size`` bytes."""
    raw = record.to_json()
    if len(raw) > size:
        raise RecordError("a record is longer than the survey's record size")
    return raw + b" " * (size - len(raw))


def answer_rows(record: Record, answers: Sequence[str], size: int) -> NDArray[np.uint8]:
    """The padded plaintext of ``record`` with each of ``answers`` in turn: a ``(k, size)``
    ``uint8`` array. Every row is built whatever is recorded: the same work each time."""
    import numpy as np  # here, not at the top: the first window must not wait for numpy

    rows = np.zeros((len(answers), size), dtype=np.uint8)
    for i, answer in enumerate(answers):
        rows[i] = np.frombuffer(pad(replace(record, answer=answer), size), dtype=np.uint8)
    return rows


def select(rows: NDArray[np.uint8], index: NDArray[np.integer[Any]]) -> bytes:
    """Row ``index`` of :func:`answer_rows`, chosen without a branch or a lookup on it.

    ``index`` is a one-element fixed-width integer array (the recorded answer, from
    :func:`rrdesk.core.randomizer.respond_fixed`). Each row is multiplied by 0 or 1 --
    ``index == i`` as a byte -- and the rows are OR-ed together: every byte of every row is
    touched the same way for every answer, so the time to the record's plaintext says
    nothing about which answer it holds (``tests/benchmarks/constant_time.py``, path tests).
    """
    import numpy as np

    mask = np.equal(np.arange(rows.shape[0], dtype=np.int64), index).view(np.uint8)
    return np.bitwise_or.reduce(rows * mask[:, None], axis=0).tobytes()


def parse(plaintext: bytes) -> Record:
    """Read a decrypted record; strict: anything not written by :func:`pad` is refused.

    Raises
    ------
    RecordError
        Not ASCII JSON, unknown or missing fields, wrong types, or a non-canonical form.
    """
    if len(plaintext) > _MAX_BLOB:  # a record opened from a blob is shorter than it
        raise RecordError("longer than any record")
    try:  # why as text: one decode, not one per field (the pattern admits ASCII only), padding and all
        fast = _CANONICAL_PADDED.match(plaintext.decode("ascii"))
    except UnicodeDecodeError:
        fast = None
    if fast is not None:
        record = _from_match(fast)
        if record is not None:
            return record
    body = plaintext.rstrip(b" ")
    if not body.startswith(b'{"format":'):  # why: canonical JSON only; refuses deep nesting before json sees it
        raise RecordError("not a JSON record")
    if too_deep(body) is not None:  # why: before json recurses (rrdesk.core.nesting)
        raise RecordError("not a JSON record (nested too deep)")
    try:
        data = json.loads(body.decode("ascii"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: hostile nesting
        raise RecordError("not a JSON record") from None
    expected = {"format", "survey", "device", "log", "interview", "position", "kind", "question",
                "answer", "day", "direct"}
    if isinstance(data, dict) and data.get("format") == FORMAT:
        expected |= {"interviewer", "version"} | ({"synthetic", "duration_minutes"} & set(data))
    if not isinstance(data, dict) or set(data) != expected or data["format"] not in FORMATS:
        raise RecordError("not an rrdesk-record/1, /2 or /3 record")
    strings = ("survey", "device", "log", "kind", "question", "answer", "day") + tuple(expected & {"interviewer",
                                                                                              "version"})
    if (any(not isinstance(data[k], str) for k in strings)
            or any(type(data[k]) is not int or data[k] < 0 for k in ("interview", "position"))
            or not isinstance(data["direct"], dict)
            or any(not isinstance(v, str) for v in data["direct"].values())):
        raise RecordError("a field of the record has the wrong type")
    if data["format"] == FORMAT_V1 and data["kind"] in SLOT_FIRST:
        raise RecordError(f"a {data['kind']} record cannot be in format {FORMAT_V1}")
    if data["format"] != FORMAT and data["kind"] == "refused":
        raise RecordError(f"a refused record cannot be in format {data['format']}")
    if data["format"] == FORMAT and not (_ident(data["interviewer"]) and _ident(data["version"])):
        raise RecordError("the record's interviewer or version is not an id")
    if data.get("synthetic", True) is not True:
        raise RecordError("the record's synthetic mark is not true")
    if "duration_minutes" in data:
        minutes = data["duration_minutes"]
        if type(minutes) is not int or not 0 <= minutes <= MAX_DURATION:
            raise RecordError(f"the record's duration is not a whole number of minutes from 0 to {MAX_DURATION}")
        if data["kind"] not in SLOT_SECOND:
            raise RecordError(f"a {data['kind']} record cannot hold the interview's duration")
    if (data["kind"] not in KINDS or not _HEX32.match(data["device"]) or not _HEX32.match(data["log"])
            or not _DAY.match(data["day"])):
        raise RecordError("a field of the record has an impossible value")
    record = Record(**data)
    if record.to_json() != body:
        raise RecordError("the record is not in canonical form")
    return record


def _from_match(found: re.Match) -> Record | None:
    """The record of a canonical body matched by ``_CANONICAL_PADDED``, or None to take the full
    path (which then says what is wrong): the same checks as :func:`parse`, on the matched fields."""
    fmt, survey, device, log, interview, position, kind, question, answer, day, interviewer, version, synthetic, \
        minutes, direct = found.groups("")[:15]  # an absent group (the /3 fields of older formats) is ""
    if kind not in KINDS or fmt == FORMAT_V1 and kind in SLOT_FIRST:
        return None
    if (fmt == FORMAT) != (found.group(11) is not None) or fmt != FORMAT and kind == "refused":
        return None  # the fields of another format, or a kind it does not have
    if fmt == FORMAT and not (_known_ident(interviewer) and _known_ident(version)):
        return None
    if minutes and (kind not in SLOT_SECOND or int(minutes) > MAX_DURATION):
        return None
    pairs = {}
    if direct:
        keys = _PAIR_TEXT.findall(direct)
        if any(a[0] >= b[0] for a, b in zip(keys, keys[1:])):
            return None  # not sorted, or a key twice: not what to_json writes
        pairs = dict(keys)
    # why not Record(...): the frozen dataclass's __init__ sets each field with object.__setattr__
    # (1.5 µs of every record aggregated); this is the same object, every field named
    record = object.__new__(Record)
    record.__dict__.update(survey=survey, device=device, log=log, interview=int(interview), position=int(position),
                           kind=kind, question=question, answer=answer, day=day, direct=pairs, format=fmt,
                           interviewer=interviewer, version=version, synthetic=bool(synthetic),
                           duration_minutes=int(minutes) if minutes else None)
    return record


_IDENTS: dict[str, bool] = {}


def _known_ident(text: str) -> bool:
    """:func:`is_ident`, remembered: a log's records name the same interviewer and version."""
    ok = _IDENTS.get(text)
    if ok is None:
        if len(_IDENTS) > 4096:  # why: bounded, whatever a hostile bundle names
            _IDENTS.clear()
        ok = _IDENTS[text] = _ident(text)
    return ok
