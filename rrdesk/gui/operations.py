"""The GUI's long work, by name: every call into a :class:`Station` or an :class:`Interview`.

Each function here returns an :class:`Operation`: a named piece of work that
:meth:`Operation.run` hands to a :class:`TaskRunner`, which runs it on its single worker
thread and reports back on the GUI thread (``on_done(result)`` or ``on_failed(line)``).
Because the window runs every store operation on the same runner, one :class:`Interview`
(and its :class:`Station` and log writer) is only ever touched by one thread, one call at
a time, in the order the calls were made. Widgets never call the store: they ask for an
operation and show its result.

An operation's result is what the GUI shows next, read on the worker right after the
work: the next question after a record, where the station stands after a write.
"""
from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

from rrdesk.core.errors import RRDeskError, describe
from rrdesk.core.fileio import FileOps

if TYPE_CHECKING:
    import numpy as np

    from rrdesk.app.interviews import Interrupted, Interview, Station
    from rrdesk.core.survey import Question, Survey
    from rrdesk.gui.tasks import TaskRunner


def _ignore(_: object) -> None:
    pass


class Operation:
    """One named piece of long work for a :class:`TaskRunner` (what it holds is dropped
    by the runner as soon as it ran)."""

    __slots__ = ("name", "work")

    def __init__(self, name: str, work: Callable[[], Any]) -> None:
        self.name = name
        self.work: Callable[[], Any] | None = work  # None once it ran

    def run(self, runner: TaskRunner, on_done: Callable[[Any], None] = _ignore,
            on_failed: Callable[[str], None] = _ignore) -> None:
        """Run on ``runner``'s worker thread; then ``on_done(result)`` or ``on_failed(line)``
        on the GUI thread (by default, neither is needed: closing a store)."""
        work, self.work = self.work, None  # why: an operation runs once and keeps nothing
        assert work is not None, f"{self!r} ran twice"
        runner.submit(work, on_done, on_failed)

    def __repr__(self) -> str:  # never an answer or a spin in a log or a traceback
        return f"Operation({self.name})"


@dataclass(frozen=True)
class Standing:
    """Where the station stands: what the dashboard shows (counts and times, no answer)."""

    begun: int
    interrupted: Interrupted | None
    last_saved: dt.datetime | None


@dataclass(frozen=True)
class Opened:
    """A station opened, where it stands, and whether it found a damaged log (kept for
    ``rrdesk verify``; a new log was started)."""

    station: Station
    standing: Standing
    damaged: bool


@dataclass(frozen=True)
class Begun:
    """An interview started or continued, and the question to ask first (None: none left)."""

    interview: Interview
    next_question: Question | None
    wrote: bool = False  # a record was written on the way (a question spun and never answered, now abandoned)


@dataclass(frozen=True)
class Refused:
    """The data folder could not be opened for interviews: the line that says why (naming
    the file), the plain words when the disk is full (None otherwise), and whether the folder
    holds this survey's data all the same (then Export still works: it only reads)."""

    line: str
    full: str | None
    exportable: bool


@dataclass(frozen=True)
class Destination:
    """What is wrong with an export's folder (None: nothing), and whether the person may
    confirm it and export anyway (the laptop's own disk: a copy there is lost with it)."""

    problem: str | None
    confirmable: bool


@dataclass(frozen=True)
class Exported:
    """A verified bundle, and the device it was checked to be on, in words."""

    path: Path
    where: str


def has_data(data: Path, survey_id: str) -> bool:
    """Whether ``data`` holds records of ``survey_id`` to export (a log of it, whatever its state)."""
    try:
        return any(Path(data, survey_id).glob("*.rrlog"))
    except OSError:
        return False


def _standing(station: Station) -> Standing:
    return Standing(station.interviews_begun, station.interrupted(), station.last_saved)


def open_station(survey: Survey, data: Path, *, ops: FileOps | None = None) -> Operation:
    """Open (or create) ``survey``'s store in the data folder ``data``; the result is
    :class:`Opened`, or :class:`Refused` when it cannot be opened for interviews (a full disk,
    a damaged side file, another window): the window still offers Export then."""
    def work() -> Opened | Refused:
        # why here, on the worker: the store (cryptography, the log) is not needed to show the
        # first window, only to open the data folder just after
        from rrdesk.app.interviews import Station
        from rrdesk.store import folder

        folder.mark_desktop(data)  # why: the desktop app records respondents here; rrdesk simulate then refuses it
        try:
            station = Station(survey, data, ops=ops)
        except (RRDeskError, OSError) as error:
            from rrdesk.app import custody  # why: imported when needed; start-up stays quick
            return Refused(describe(error), custody.disk_full(data, error), has_data(data, survey.id))
        return Opened(station, _standing(station), bool(station.problems))
    return Operation("open_station", work)


def standing(station: Station) -> Operation:
    """Where ``station`` stands now (after the writes queued before it)."""
    return Operation("standing", lambda: _standing(station))


def close_station(station: Station) -> Operation:
    return Operation("close_station", station.close)


def start_interview(station: Station, direct: Mapping[str, str], interviewer: str) -> Operation:
    """Begin an interview: its start record, with the direct answers, is durable when done."""
    answers = dict(direct)

    def work() -> Begun:
        interview = station.start(answers, interviewer=interviewer)
        return Begun(interview, interview.next_question)
    return Operation("start_interview", work)


def refuse(station: Station, interviewer: str) -> Operation:
    """The respondent said No to the consent: the refusal, durable when done (its number)."""
    return Operation("refuse", lambda: station.refuse(interviewer=interviewer))


def resume_interview(station: Station, interviewer: str) -> Operation:
    """Continue the interrupted interview where it stopped."""
    def work() -> Begun:
        before = station.writer.count
        interview = station.resume(interviewer=interviewer)
        return Begun(interview, interview.next_question, wrote=station.writer.count != before)
    return Operation("resume_interview", work)


def spin(interview: Interview, question_id: str, truth: int | None) -> Operation:
    """Draw the question's outcome, once (the result is a :class:`Spin`: keep it in memory only)."""
    return Operation("spin", lambda: interview.spin(question_id, truth))


def record_answer(interview: Interview, question_id: str, answer: int | np.ndarray) -> Operation:
    """Record the answer given after the spin, durably; the result is the next question."""
    def work() -> Question | None:
        interview.record(question_id, answer)
        return interview.next_question
    return Operation("record_answer", work)


def decline(interview: Interview, question_id: str) -> Operation:
    """Record that the respondent chose not to answer; the result is the next question."""
    def work() -> Question | None:
        interview.decline(question_id)
        return interview.next_question
    return Operation("decline", work)


def abandon(interview: Interview) -> Operation:
    """Close the interview now: what it did not reach is recorded as not asked."""
    return Operation("abandon", interview.abandon)


def close_interrupted(station: Station, interviewer: str) -> Operation:
    """Close the interview that stopped part-way; the result is where the station stands."""
    def work() -> Standing:
        station.resume(interviewer=interviewer).abandon()
        return _standing(station)
    return Operation("close_interrupted", work)


def destination(data: Path, dest: Path) -> Operation:
    """What is wrong with exporting ``data`` into ``dest`` (:class:`Destination`), before any
    byte is written: on the export runner, since a dying USB stick may take its time."""
    def work() -> Destination:
        from rrdesk.app import custody  # why: imported when needed; start-up stays quick
        problem = custody.destination_problem(data, dest)
        # why: the folder is there and writable, so what is left is the laptop's own disk
        confirmable = problem is not None and Path(dest).is_dir() and os.access(dest, os.W_OK)
        if confirmable and os.environ.get(custody.SAME_DISK_ENV) == "1":  # scripts and tests, on purpose
            problem, confirmable = None, False
        return Destination(problem, confirmable)
    return Operation("destination", work)


def export(data: Path, survey_id: str, dest: Path, *, same_disk: bool = False) -> Operation:
    """A verified export bundle of ``survey_id`` into ``dest`` (:class:`Exported`). It only
    reads the data folder: no open station is needed, and a full disk does not stop it."""
    def work() -> Exported:
        from rrdesk.app import custody  # why: imported when needed; start-up stays quick
        path = custody.export(data, survey_id, dest, same_disk=same_disk)
        return Exported(path, custody.where(path))
    return Operation("export", work)
