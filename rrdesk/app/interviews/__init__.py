"""Interviews: the one service that records answers, used by `simulate` and by the GUI.

A :class:`Station` is one survey in one data folder on one laptop. An interview's records
always have the same shape, in the survey's order: a ``start`` record (with the direct
questions' answers), then exactly two records per randomized question, its *slot*:

- the first is ``spun``, appended (durably) the moment the spinner's outcome is drawn and
  before :meth:`Interview.spin` returns it -- from then on the question is spent, whatever
  happens to the process -- or ``unspun``, appended with a decline or an abandon of a question
  that was never spun;
- the second is the outcome: ``answer`` (after ``spun``), ``declined`` (after ``unspun``) or
  ``abandoned`` (after either: after ``spun`` it is "abandoned after its spin").

So an interview is 1 + 2R records whatever happened, and the laptop -- which cannot decrypt
its own records -- knows from the number of frames in its log alone which interview is open,
which question comes next, and whether a question's slot is half done (spun and never
answered, after a crash): that question is recorded ``abandoned`` before anything else
happens (:meth:`Station.resume`), so it is never offered again and nobody can re-spin it.
There is no second file to keep in step with the log, so no crash can make them disagree.

Data folder (FORMAT.md §3)::

    DATA/device-id                      this installation's random id (32 hex digits)
    DATA/coordinator.trust              the coordinator's signing key this laptop trusts (app/trust.py)
    DATA/<survey id>/survey.toml        the survey the records follow (export reads its recipients)
    DATA/<survey id>/current            the log being appended to, its record format, and the
                                        interviews begun in this device's earlier logs
    DATA/<survey id>/<device>-<log>.rrlog (+ .key, .torn-…)

A station picks its log holding a lock on the survey folder (two starting together never both
make one); a missing or damaged ``current`` is rebuilt from this device's newest log that can
be continued, its interrupted interview included (:mod:`rrdesk.app.interviews._data_folder`).
"""
from __future__ import annotations

import datetime as dt
import time
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from rrdesk.app.interviews._data_folder import (
    device_id,
    interviews_in,
    newest_logs,
    pointer_bytes,
    read_pointer,
)
from rrdesk.app.interviews._interview import Interview
from rrdesk.app.interviews._sealers import Sealers
from rrdesk.app.interviews._survey_copy import keep_copy
from rrdesk.core.entropy import system_bytes
from rrdesk.core.errors import (
    InterviewError,  # noqa: F401 - re-exported
    LogDamaged,
)
from rrdesk.core.fileio import FileOps, OsOps, folder_lock, mapped, replace_file
from rrdesk.core.problems import Problem
from rrdesk.core.survey import IDENT_RULE, Survey, asked, is_ident
from rrdesk.store import age, log
from rrdesk.store.folder import CURRENT
from rrdesk.store.laptop import laptop_key
from rrdesk.store.log import sign_own_logs, write_signature
from rrdesk.store.records import MAX_DURATION, Record, answer_rows, pad, record_size, select

if TYPE_CHECKING:  # why: the randomizer (and numpy) load at the first spin, not with the first window
    from rrdesk.core.randomizer import ByteSource, Drawn
    from rrdesk.core.survey import Question

@dataclass(frozen=True)
class Interrupted:
    """An interview that stopped part-way.

    ``recorded`` are the questions it has spent, in order -- answered, declined, or spun --
    none of which is offered again. ``spun_unanswered`` is the last of them when its slot is
    half done: spun (its outcome perhaps seen) and never answered; continuing or closing the
    interview first records it ``abandoned``. (A crash in the middle of a decline leaves the
    same half slot: the laptop cannot tell the two apart and closes both alike.) None when no
    slot is half done. ``next_question`` is the question that will really be asked next; None
    when the half-done question was the last one.
    """

    number: int
    recorded: tuple[str, ...]
    next_question: str | None
    spun_unanswered: str | None = None


class Station:
    """Records one survey's interviews in a data folder, durably and sealed.

    Parameters
    ----------
    survey : Survey
        The validated survey; its designs must match any data already in the folder.
    data : Path
        The data folder (created if needed).
    source : callable
        Random bytes for the spinner (the OS CSPRNG unless a test passes another).
    today : callable
        Today's date, for the ``day`` of each record.
    clock : callable
        Seconds on a clock that only moves forward (``time.monotonic``: turning the laptop's
        clock changes nothing), for each interview's duration (FORMAT.md §3).
    """

    def __init__(self, survey: Survey, data: str | Path, *, source: ByteSource = system_bytes,
                 today: Callable[[], dt.date] = dt.date.today, ops: FileOps | None = None,
                 synthetic: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        self.survey, self.data, self.source, self.today = survey, Path(data), source, today
        self.clock = clock
        self.synthetic = synthetic  # every record carries the sealed synthetic mark (rrdesk simulate)
        self.ops = ops or OsOps()
        self.folder = self.data / survey.id
        self.device = device_id(self.data, self.ops)
        self._laptop = laptop_key(self.data)  # why: made now, so an export only reads the data folder (it signs with it)
        self._size = record_size(survey)
        self._recipients = age.Recipients(survey.recipients)  # parsed once: every record is sealed to them
        self._per_interview = 1 + 2 * len(survey.randomized)  # a start, then two records per slot
        self.problems: list[Problem] = []
        self._base = 0  # interviews begun in this device's earlier logs (set with the log)
        with mapped(self.folder, "cannot be created"):
            self.folder.mkdir(parents=True, exist_ok=True)
        with ExitStack() as held:  # why: two stations starting together must not both pick a log
            with mapped(self.folder, "cannot be opened"):
                held.enter_context(folder_lock(self.folder))
            self._keep_copy()
            # a log left unsigned (a crash between header and signature, or from before headers
            # were signed) gets its header signature now, before anything is appended to it
            sign_own_logs(self.folder, self.device, self._laptop, self.ops)
            self.writer = self._open_current()
        # why: the next record's age header made between answers, off the interviewer's wait
        self._sealers = Sealers(self._recipients)
        self._sealers.prepare()
        self._last: tuple[int, str, float | None] | None = None  # the last record's interview, interviewer, began

    # -- the folder ----------------------------------------------------------------------

    def _keep_copy(self) -> None:
        """The folder's survey copy and its signature, checked against the laptop's trusted key (app/_survey_copy.py)."""
        self.signer = keep_copy(self.folder, self.survey, self.ops, self.problems)

    def _open_current(self) -> log.LogWriter:
        pointer = read_pointer(self.folder, self.device)
        if pointer.kind == "lost":  # missing or damaged: the logs say where this laptop stands
            return self._rebuilt()
        if pointer.kind == "old":
            # a pointer of rrdesk-record/1 or another laptop's: never append to the log it names;
            # a new log, numbered after every log of this device
            return self._new_log(self._earlier_interviews())
        path, base = self.folder / pointer.name, pointer.base
        if not path.exists():
            return self._new_log(base)
        if pointer.kind == "previous":  # a /2 log: same shape, never given /3 records
            return self._new_log(base + interviews_in(path, self._per_interview))
        try:
            writer = log.LogWriter.open(path, ops=self.ops)
        except LogDamaged as damaged:  # keep it for the verifier, go on in a new one
            self.problems.extend(damaged.problems)
            return self._new_log(base + interviews_in(path, self._per_interview))
        self._base = base
        return writer

    def _rebuilt(self) -> log.LogWriter:
        """Continue this device's newest log that can be continued, its interrupted interview
        included, and write its pointer again (FORMAT.md §3); a new log if none can be."""
        logs = newest_logs(self.folder, self.device)
        for path in logs:
            try:
                writer = log.LogWriter.open(path, ops=self.ops)
            except LogDamaged:
                continue  # kept for the verifier, which reports it
            try:
                self._base = self._earlier_interviews(besides=path)
                self._point_at(path, self._base)
            except BaseException:
                writer.close()
                raise
            return writer
        return self._new_log(self._earlier_interviews())

    def _new_log(self, base: int) -> log.LogWriter:
        log_id, first_key = system_bytes(16), system_bytes(32)
        path = log.log_path(self.data, self.survey.id, self.device, log_id)
        writer = log.LogWriter.create(path, survey_id=self.survey.id, device_id=self.device, log_id=log_id,
                                      created=self.today().isoformat(), first_key=first_key,
                                      sealed_first_key=age.encrypt(first_key, self._recipients, random=system_bytes),
                                      ops=self.ops)
        try:
            write_signature(path, writer.header, self._laptop, self.ops)  # durable before the first record
            self._point_at(path, base)
        except BaseException:
            writer.close()
            raise
        self._base = base
        return writer

    def _point_at(self, path: Path, base: int) -> None:
        with mapped(self.folder / CURRENT, "could not be written"):
            replace_file(self.folder / CURRENT, pointer_bytes(path.name, base), self.ops)

    def _earlier_interviews(self, besides: Path | None = None) -> int:
        """Interviews this device began in its logs of this survey (but ``besides``), counted as
        rrdesk-record/1 logs (1 + R records each). Every log not named by a marked pointer was
        begun with /1 records -- or is a /2 log whose pointer was lost, for which this counts
        too many, so interview numbers skip some values but never repeat one."""
        return sum(interviews_in(path, 1 + len(self.survey.randomized))
                   for path in sorted(self.folder.glob(f"{self.device.hex()}-*.rrlog")) if path != besides)

    # -- where the log stands --------------------------------------------------------------

    @property
    def interviews_begun(self) -> int:
        """Interviews begun on this laptop for this survey (finished or not)."""
        return self._base + -(-self.writer.count // self._per_interview)

    @property
    def last_saved(self) -> dt.datetime | None:
        """When this laptop last saved a record of this survey (the log's modification
        time, local); None before the first record or when the log cannot be read."""
        if not self.writer.count:
            return None
        try:
            return dt.datetime.fromtimestamp(self.writer.path.stat().st_mtime)
        except OSError:
            return None

    def open_slot(self) -> tuple[int, bool] | None:
        """Where the open interview stands: its current slot (the index of the randomized
        question it is at) and whether that slot's first record (``spun`` or ``unspun``) is
        written; None when no interview is open. Read from the log's frame count alone."""
        done = self.writer.count % self._per_interview
        if done == 0:
            return None
        slot, half = divmod(done - 1, 2)
        return slot, bool(half)

    def interrupted(self) -> Interrupted | None:
        """The interview that stopped part-way in the current log, if any."""
        standing = self.open_slot()
        if standing is None:
            return None
        slot, half = standing
        randomized = [q.id for q in self.survey.randomized]
        spent = slot + half
        return Interrupted(number=self.interviews_begun, recorded=tuple(randomized[:spent]),
                           next_question=randomized[spent] if spent < len(randomized) else None,
                           spun_unanswered=randomized[slot] if half else None)

    def start(self, direct: Mapping[str, str], *, interviewer: str) -> Interview:
        """Begin an interview: its ``start`` record, with the direct questions' answers and
        the ``interviewer``'s id, is durable when this returns. With a survey that asks consent
        the front-end calls this only after the respondent said Yes (:meth:`refuse` otherwise)."""
        self._check_interviewer(interviewer)
        if self.interrupted() is not None:
            raise InterviewError("an interrupted interview must be continued or closed first")
        answers: dict[str, str] = {}
        questions = self.survey.direct
        for q in questions:
            if not asked(questions, answers)[q.id]:  # relevant: a skipped question is recorded ""
                if direct.get(q.id, ""):
                    raise InterviewError(f'question "{q.id}" is skipped (its relevant condition does not hold)')
                answers[q.id] = ""
            elif q.id not in direct or not q.accepts(direct[q.id]):
                needs = (f"a number from {q.number.text(q.number.low)} to {q.number.text(q.number.high)}"
                         if q.number is not None else "one of its answers")
                raise InterviewError(f'question "{q.id}" needs {needs}')
            else:
                answers[q.id] = direct[q.id]
        if set(direct) - set(answers):
            raise InterviewError("answers given for questions that are not direct questions of this survey")
        number = self.interviews_begun + 1
        began = self.clock()  # why here: the duration runs from the start record to the last one
        self.add_record(number, "start", interviewer, direct=answers)
        return Interview(self, number, interviewer, began=began)

    def refuse(self, *, interviewer: str) -> int:
        """The respondent said No on the consent screen: a ``refused`` record (holding nothing
        the respondent said: no direct answer), then every question closed as not asked
        (``unspun``, ``abandoned``), so the interview keeps its 1 + 2R records; durable when this
        returns. Returns the interview's number."""
        self._check_interviewer(interviewer)
        if self.interrupted() is not None:
            raise InterviewError("an interrupted interview must be continued or closed first")
        number = self.interviews_begun + 1
        self.add_record(number, "refused", interviewer)
        Interview(self, number, interviewer).abandon()
        return number

    def _check_interviewer(self, interviewer: str) -> None:
        if not is_ident(interviewer):
            raise InterviewError(f"the interviewer id {IDENT_RULE}")
        if self.survey.interviewers and interviewer not in self.survey.interviewers:
            raise InterviewError(f'"{interviewer}" is not one of the survey\'s interviewers')

    def resume(self, *, interviewer: str) -> Interview:
        """Continue the interrupted interview where it stopped, the ``interviewer`` now holding
        the laptop (its later records name them). A question spun and never answered is first
        recorded ``abandoned`` (durable when this returns): its outcome may have been seen, so
        it is never offered, nor spun, again."""
        self._check_interviewer(interviewer)
        stopped = self.interrupted()
        if stopped is None:
            raise InterviewError("no interview was interrupted")
        if stopped.spun_unanswered is not None:
            self.add_record(stopped.number, "abandoned", interviewer, stopped.spun_unanswered)
        return Interview(self, stopped.number, interviewer)

    def _record(self, interview: int, kind: str, interviewer: str, question: str = "",
                direct: Mapping[str, str] | None = None, began: float | None = None) -> Record:
        position = self.writer.count % self._per_interview
        return Record(survey=self.survey.id, device=self.device.hex(), log=self.writer.header.log_id.hex(),
                      interview=interview, position=position, kind=kind,
                      question=question, day=self.today().isoformat(), direct=direct or {},
                      interviewer=interviewer, version=self.survey.version, synthetic=self.synthetic,
                      duration_minutes=self._minutes(position, began))

    def _minutes(self, position: int, began: float | None) -> int | None:
        """The interview's duration for its last record: whole minutes since ``began`` (rounded
        down, at most MAX_DURATION); None for any other record, when the survey records no
        durations, or when this station did not see the interview begin (it was continued)."""
        if began is None or position != self._per_interview - 1 or not self.survey.record_duration:
            return None
        return min(MAX_DURATION, max(0, int((self.clock() - began) // 60)))

    def add_record(self, interview: int, kind: str, interviewer: str, question: str = "", *,
                   direct: Mapping[str, str] | None = None, began: float | None = None) -> int:
        """Seal a record of ``kind`` (``start``, ``refused``, ``spun``, ``unspun``, ``declined``
        or ``abandoned``) for ``interview``, about ``question`` (none for ``start`` and
        ``refused``; ``direct``: a ``start``'s answers), and append it to the log: durable when
        this returns. Returns its sequence number in the log. ``began``: the clock's reading
        when the interview began, for the duration its last record holds (:meth:`_minutes`).

        It records what it is given: the interview (:class:`Interview`) keeps the shape of the
        records -- which kind comes next, and each slot's two records -- so only it and this
        station call this."""
        self._last = (interview, interviewer, began)
        if not direct:  # sealed and framed ahead on the sealer thread (a spun record), if it is this one
            ahead = self._sealers.take("record", self._guess_key(interview, kind, interviewer, question, began))
            if ahead is not None:
                return self._appended(self.writer.append_ahead(ahead.frames[0], ahead))
        record = self._record(interview, kind, interviewer, question, direct, began)
        return self._append(pad(record, self._size))

    def add_answer(self, interview: int, interviewer: str, question: str, labels: Sequence[str],
                   index: Any, *, began: float | None = None) -> int:
        """Seal and append the ``answer`` record of ``question`` for ``interview``, its answer
        ``labels[index]``, built without a branch or a lookup on ``index`` (a one-element
        fixed-width integer array: :func:`rrdesk.store.records.select`); durable when this
        returns. Returns its sequence number in the log."""
        labels = tuple(labels)
        self._last = (interview, interviewer, began)
        key = (self._guess_key(interview, "answer", interviewer, question, began), labels)
        made = self._sealers.take("record", key)  # every answer's record, sealed and framed ahead after the spin
        if made is not None:
            rows, ahead = made
            return self._appended(self.writer.append_ahead(select(rows, index), ahead))
        record = self._record(interview, "answer", interviewer, question, began=began)
        return self._append(select(answer_rows(record, labels, self._size), index))

    def _guess_key(self, interview: int, kind: str, interviewer: str, question: str,
                   began: float | None) -> tuple[Any, ...]:
        """What a record made now would hold beside what this station holds for every record
        (its survey, device, log, version, mark) -- without making it: what a record made
        ahead is taken by (:meth:`_guessed`)."""
        position = self.writer.count % self._per_interview
        return (interview, kind, interviewer, question, position, self.today().isoformat(),
                self._minutes(position, began))

    @staticmethod
    def _guessed(record: Record) -> tuple[Any, ...]:
        """:meth:`_guess_key` of a record made ahead (without direct answers)."""
        return (record.interview, record.kind, record.interviewer, record.question, record.position, record.day,
                record.duration_minutes)

    def _append(self, plaintext: bytes) -> int:
        """Seal ``plaintext`` (with the header made ahead) and append it: durable when this
        returns; then start making what comes next (:meth:`_next_plaintext`)."""
        return self._append_sealed(self._sealers.seal(plaintext))

    def _append_sealed(self, sealed: bytes) -> int:
        return self._appended(self.writer.append(sealed))

    def _appended(self, seq: int) -> int:
        """After an append: start making what comes next on the sealer thread."""
        self._sealers.prepare()
        self._sealers.make_ahead(self._next_plaintext)
        return seq

    def _next_plaintext(self) -> dict[str, tuple[Any, Any]]:
        """What comes next, made on the sealer thread between answers, by kind: (what it is for,
        it). After a ``spun`` record, the ``answer`` record with each answer in turn, each sealed
        with a header of its own and framed for the log's next append (rows of frames of equal
        length: :func:`rrdesk.store.records.select` picks one on the wait, without a branch; the
        others are dropped, unwritten); else the next question's ``spun`` record, sealed and
        framed, and its spin drawn (with the OS CSPRNG only: a deterministic source -- a test,
        ``simulate`` -- is drawn from in order, on the wait). A frame is written only for the
        append it was framed for (:meth:`rrdesk.store.log.LogWriter.append_ahead`).
        Only guesses: :meth:`add_record`, :meth:`add_answer` and :meth:`drawn` use them when
        they are what they would make (every field that varies: :meth:`_guess_key`). A file key is never used twice: the
        header made ahead for the wait (:class:`Sealers`) stays for a record no guess made."""
        standing = self.open_slot()
        if standing is None or self._last is None:
            return {}
        slot, half = standing
        interview, interviewer, began = self._last
        question = self.survey.randomized[slot]
        if half:
            record = self._record(interview, "answer", interviewer, question.id, began=began)
            labels = tuple(question.answer_ids)
            sealed = [self._sealers.seal_fresh(bytes(row)) for row in answer_rows(record, labels, self._size)]
            if len({len(one) for one in sealed}) != 1:  # a select needs rows of one length (one age header form)
                return {}
            import numpy as np

            ahead = self.writer.encode_ahead(sealed)  # framed for the next append (used only for it)
            rows = np.frombuffer(b"".join(ahead.frames), np.uint8).reshape(len(sealed), -1)
            return {"record": ((self._guessed(record), labels), (rows, ahead))}
        at = self.writer.count
        record = self._record(interview, "spun", interviewer, question.id, began=began)
        spun = self._sealers.seal_fresh(pad(record, self._size))
        made: dict[str, tuple[Any, Any]] = {"record": (self._guessed(record), self.writer.encode_ahead([spun]))}
        if self.source is system_bytes and not question.two_groups and question.design is not None:
            from rrdesk.core import randomizer

            made["draw"] = ((interview, question.id, at, self.source), randomizer.draw(question.design, self.source))
        return made

    def drawn(self, interview: int, question: Question) -> Drawn | None:
        """The spin of ``question`` in ``interview`` drawn ahead on the sealer thread (its
        answer not yet made: :func:`rrdesk.core.randomizer.settle`), or None. Handed out once,
        and only for the slot it was drawn for, from the source the station has now: a question
        declined meanwhile drops it, and so does another source (a test's steered one)."""
        drawn = self._sealers.take("draw", (interview, question.id, self.writer.count, self.source))
        return drawn if drawn is not None and drawn.design is question.design else None

    def close(self) -> None:
        try:
            self.writer.close()
        finally:
            self._sealers.close()

    def __enter__(self) -> Station:
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.writer.__exit__(*exc)  # why: the writer's close never hides an error on its way out
        finally:
            self._sealers.close()


__all__ = [ "Station", "Interview", "Interrupted",
           "device_id"]
