"""No re-spin, ever: a question is spent the moment its outcome is drawn.

``Interview.spin`` makes the question's ``spun`` record durable before it returns the outcome,
so whatever happens next -- a SIGKILL, a closed window, a failing disk -- the laptop sees from
its frame count alone that the slot is half done, names the question, and records it
``abandoned`` before the interview goes on or is closed (FORMAT.md §3, "Records in a log").
The crash tests kill a real child process (tests/respin_child.py) right after ``spin`` returned.
"""
from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from rrdesk.app.interviews import Interrupted, Station
from rrdesk.core import survey as surveys
from rrdesk.core.errors import InterviewError, StoreError
from rrdesk.store import age, log, records
from rrdesk.store.verify import verify
from tests.conftest import (
    DEMO,
    ROOT,
    NoSync,
    SeededSource,
    answer_all,
    demo_identities,
    record_interviews,
    record_v1_interviews,
)
from tests.test_aggregate import KEY, aggregate_json, export, rrdesk

CHILD = ROOT / "tests" / "respin_child.py"
SURVEY = surveys.load(DEMO)
QUESTIONS = [q.id for q in SURVEY.randomized]
PER = 1 + 2 * len(QUESTIONS)  # a start, then two records per randomized question (test_aggregate's PER too)


def stored(data: Path) -> list[records.Record]:
    """Every record of the demo survey in ``data``, decrypted, log by log."""
    out = []
    for path in sorted((data / SURVEY.id).glob("*.rrlog")):
        found = log.scan(path.read_bytes(), str(path))
        assert found.problems == ()
        out += [records.parse(age.decrypt(f.blob, demo_identities())) for f in found.frames]
    return out


def kinds(data: Path, interview: int | None = None) -> list[tuple[str, str]]:
    return [(r.kind, r.question) for r in stored(data) if interview in (None, r.interview)]


def station(data: Path, ops=None) -> Station:
    return Station(SURVEY, data, source=SeededSource(3), ops=ops or NoSync())


class FailingDisk(NoSync):
    """Real files; once armed, the ``step`` call (``fsync`` or ``write``) that follows
    ``spare`` good ones fails, as a dying disk does (a log append is one write, then fsyncs)."""

    def __init__(self, step: str, spare: int = 0) -> None:
        self.step, self.spare, self.armed = step, spare, False

    def _fail(self, step: str) -> None:
        if self.armed and step == self.step:
            if not self.spare:
                raise OSError(errno.EIO, os.strerror(errno.EIO))
            self.spare -= 1

    def fsync(self, fd: int) -> None:
        self._fail("fsync")

    def write(self, fd: int, data: memoryview) -> int:
        self._fail("write")
        return super().write(fd, data)


# -- the spin is on disk before its outcome exists anywhere else ---------------------------


def test_after_spin_returns_a_reader_of_the_log_already_sees_the_question_spent(tmp_path):
    with station(tmp_path) as s:
        interview = s.start({"department": "office"}, interviewer="t1")
        interview.spin(QUESTIONS[0], 1)
        assert kinds(tmp_path) == [("start", ""), ("spun", QUESTIONS[0])]
        assert s.interrupted().spun_unanswered == QUESTIONS[0]  # what a crash right now would leave


@pytest.mark.parametrize("step, spent", [("fsync", True), ("write", False)])
def test_a_spin_whose_record_cannot_be_saved_returns_no_outcome(tmp_path, step, spent):
    disk = FailingDisk(step)
    with station(tmp_path, disk) as s:
        interview = s.start({"department": "office"}, interviewer="t1")
        disk.armed = True
        with pytest.raises(StoreError, match="record 1: could not be saved"):
            interview.spin(QUESTIONS[0], 1)
        assert interview.spun is None  # no outcome was handed out, none is kept
    with station(tmp_path) as s:
        stopped = s.interrupted()
        # the frame reached the file before its fsync failed: recovery keeps it, and the
        # question is spent; a frame never written left the question untouched (nobody saw it)
        assert stopped.spun_unanswered == (QUESTIONS[0] if spent else None)
        assert stopped.next_question == QUESTIONS[1 if spent else 0]


def test_a_spin_whose_key_flush_fails_after_it_returned_is_spent_and_the_callers_error_comes_out(tmp_path):
    """The spin's frame is durable, so spin() returns its outcome; the key file's flush after it
    fails on the writer's own thread (FORMAT.md §1.8). Leaving the station on an error of the
    caller's own shows that error, not the flush's; recovery keeps the spin: the question is spent."""
    disk = FailingDisk("fsync", spare=1)  # the frame's fsync passes, the key's fails
    with pytest.raises(KeyError, match="the caller's own error"):
        with station(tmp_path, disk) as s:
            interview = s.start({"department": "office"}, interviewer="t1")
            disk.armed = True
            assert interview.spin(QUESTIONS[0], 1) is not None
            raise KeyError("the caller's own error")
    with station(tmp_path) as s:
        assert s.interrupted().spun_unanswered == QUESTIONS[0]


# -- a process killed right after spin() returned -------------------------------------------


def _spin_in_a_child_and_kill_it(data: Path) -> str:
    """Run the child on ``data`` until its spin returned, SIGKILL it; the question it spun."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, str(CHILD), str(data)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, env=env, cwd=ROOT)
    try:
        line = child.stdout.readline().decode().strip()
        assert line.startswith("spun "), f"the child did not spin: {line!r}"
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdin.close()
        child.stdout.close()
    return line.removeprefix("spun ")


def test_a_station_killed_after_a_spin_records_it_abandoned_on_resume_and_asks_the_next(tmp_path):
    assert _spin_in_a_child_and_kill_it(tmp_path) == QUESTIONS[0]
    assert kinds(tmp_path) == [("start", ""), ("spun", QUESTIONS[0])]
    with station(tmp_path) as s:
        assert s.interrupted() == Interrupted(number=1, recorded=(QUESTIONS[0],), next_question=QUESTIONS[1],
                                              spun_unanswered=QUESTIONS[0])
        interview = s.resume(interviewer="t1")
        assert kinds(tmp_path)[2] == ("abandoned", QUESTIONS[0])  # durable before resume returned
        assert interview.next_question.id == QUESTIONS[1]
        with pytest.raises(InterviewError, match="not the one"):
            interview.spin(QUESTIONS[0], 0)  # the spun question is never offered again
        answer_all(interview)
        assert s.interrupted() is None
    got = kinds(tmp_path)
    assert len(got) == PER
    assert got[1:3] == [("spun", QUESTIONS[0]), ("abandoned", QUESTIONS[0])]
    assert got[3:] == [(kind, q) for q in QUESTIONS[1:] for kind in ("spun", "answer")]


def test_a_station_killed_after_a_spin_records_it_abandoned_when_the_interview_is_closed(tmp_path):
    _spin_in_a_child_and_kill_it(tmp_path)
    with station(tmp_path) as s:
        s.resume(interviewer="t1").abandon()  # what the dashboard's "close it" does
        assert s.interrupted() is None and s.start({"department": "sales"}, interviewer="t1").number == 2
    assert kinds(tmp_path, 1) == [("start", ""), ("spun", QUESTIONS[0]), ("abandoned", QUESTIONS[0])] + [
        (kind, q) for q in QUESTIONS[1:] for kind in ("unspun", "abandoned")]


def test_killing_after_every_spin_never_spins_one_question_twice(tmp_path):
    """A respondent who kills the app whenever the wheel says YES cannot reroll: each run
    spins the next question, and each killed spin stays spent."""
    spun = [_spin_in_a_child_and_kill_it(tmp_path) for _ in QUESTIONS]
    assert spun == QUESTIONS
    with station(tmp_path) as s:
        stopped = s.interrupted()
        assert (stopped.spun_unanswered, stopped.next_question) == (QUESTIONS[-1], None)
        assert s.resume(interviewer="t1").complete  # the last spun question was closed: nothing is left to ask
        assert s.interrupted() is None
    assert kinds(tmp_path) == [("start", "")] + [(kind, q) for q in QUESTIONS for kind in ("spun", "abandoned")]


# -- whatever happens, an interview is 1 + 2R records ----------------------------------------


def _answered(s: Station) -> None:
    answer_all(s.start({"department": "office"}, interviewer="t1"))


def _declined(s: Station) -> None:
    interview = s.start({"department": "office"}, interviewer="t1")
    while (q := interview.next_question) is not None:
        interview.decline(q.id)


def _abandoned_before_any_spin(s: Station) -> None:
    s.start({"department": "office"}, interviewer="t1").abandon()


def _abandoned_after_a_spin(s: Station) -> None:
    interview = s.start({"department": "office"}, interviewer="t1")
    interview.spin(QUESTIONS[0], 1)
    interview.abandon()


def _mixed(s: Station) -> None:
    interview = s.start({"department": "office"}, interviewer="t1")
    interview.record(QUESTIONS[0], interview.spin(QUESTIONS[0], 0).answer)
    interview.decline(QUESTIONS[1])
    interview.spin(QUESTIONS[2], 1)
    interview.abandon()


def _crash_after_a_spin_then_continue(s: Station) -> Station:
    interview = s.start({"department": "office"}, interviewer="t1")
    interview.spin(QUESTIONS[0], 1)
    s.close()  # as far as the laptop can tell, a crash: the outcome in memory is gone
    s = station(s.data)
    answer_all(s.resume(interviewer="t1"))
    return s


def _crash_after_a_spin_then_close(s: Station) -> Station:
    s.start({"department": "office"}, interviewer="t1").spin(QUESTIONS[0], 1)
    s.close()
    s = station(s.data)
    s.resume(interviewer="t1").abandon()
    return s


def _decline_cut_short(s: Station) -> Station:
    """The disk fails between a decline's two records: the half slot is closed as abandoned."""
    s.close()
    disk = FailingDisk("write", spare=1)  # the unspun record is written, the declined one is not
    s = station(s.data, disk)
    interview = s.start({"department": "office"}, interviewer="t1")
    disk.armed = True
    with pytest.raises(StoreError, match="record 2: could not be saved"):
        interview.decline(QUESTIONS[0])
    s.close()
    s = station(s.data)
    assert s.interrupted().spun_unanswered == QUESTIONS[0]  # the laptop cannot tell it from a spin
    answer_all(s.resume(interviewer="t1"))
    return s


@pytest.mark.parametrize("story", [_answered, _declined, _abandoned_before_any_spin, _abandoned_after_a_spin, _mixed,
                                   _crash_after_a_spin_then_continue, _crash_after_a_spin_then_close,
                                   _decline_cut_short])
def test_every_interview_is_one_start_and_two_records_per_question_whatever_happened(tmp_path, story):
    s = station(tmp_path)
    s = story(s) or s
    _answered(s)  # and the next interview starts where it should
    s.close()
    got = stored(tmp_path)
    assert len(got) == 2 * PER
    assert [r.interview for r in got] == [1] * PER + [2] * PER
    assert [r.position for r in got] == list(range(PER)) * 2
    report = verify(tmp_path, demo_identities())
    assert report.problems == ()


# -- what the coordinator sees: old logs, and questions stopped after their spin -------------


def test_an_old_laptops_records_give_the_same_estimates_as_new_ones(tmp_path):
    """rrdesk-record/1 logs (1 + R records an interview) still aggregate, to the same numbers
    as the same answers recorded with /2 (1 + 2R): the spun records are never counted."""
    record_v1_interviews(DEMO, tmp_path / "old-format", 30, seed=5)
    record_interviews(DEMO, tmp_path / "new-format", 30, seed=5)  # the same spins, in the same order
    old = aggregate_json(export(tmp_path / "old-format", tmp_path / "stick-old-format"))[1]
    new = aggregate_json(export(tmp_path / "new-format", tmp_path / "stick-new-format"))[1]
    assert (old["problems"], new["problems"]) == ([], [])
    assert (old["records"], new["records"], old["interviews"], new["interviews"]) == (30 * 5, 30 * PER, 30, 30)
    assert old["questions"] == new["questions"]


def test_a_laptop_that_went_on_after_an_update_aggregates_both_of_its_logs(tmp_path):
    data = tmp_path / "updated"
    record_v1_interviews(DEMO, data, 3, seed=6)
    record_interviews(DEMO, data, 2, seed=7)
    code, got, _ = aggregate_json(export(data, tmp_path / "stick-updated"))
    assert code == 0 and got["problems"] == []
    assert (got["records"], got["interviews"], got["devices"]) == (3 * 5 + 2 * PER, 5, 1)
    assert all(q["n"] == 5 for q in got["questions"])


def test_questions_stopped_after_their_spin_are_counted_apart_from_those_never_reached(tmp_path):
    demo, data = SURVEY, tmp_path / "stopped"
    first, second = demo.randomized[0].id, demo.randomized[1].id
    with Station(demo, data, source=SeededSource(8), ops=NoSync()) as station:
        answer_all(station.start({"department": "office"}, interviewer="t1"))
        station.start({"department": "office"}, interviewer="t1").decline(first)  # declined; the rest: never reached
        station.resume(interviewer="t1").abandon()
        interview = station.start({"department": "sales"}, interviewer="t1")
        interview.spin(first, 1)
        interview.abandon()  # stopped after the spin
        station.start({"department": "sales"}, interviewer="t1").spin(first, 1)  # then the app is killed
    with Station(demo, data, ops=NoSync()) as station:
        station.resume(interviewer="t1").abandon()  # closed from the dashboard: stopped after the spin too
    code, got, _ = aggregate_json(export(data, tmp_path / "stick-stopped"))
    assert code == 0 and got["interviews"] == 4 and got["records"] == 4 * PER
    by_id = {q["id"]: q for q in got["questions"]}
    assert {k: by_id[first][k] for k in ("n", "declined", "abandoned", "abandoned_after_spin")} == {
        "n": 1, "declined": 1, "abandoned": 0, "abandoned_after_spin": 2}
    assert {k: by_id[second][k] for k in ("n", "declined", "abandoned", "abandoned_after_spin")} == {
        "n": 1, "declined": 0, "abandoned": 3, "abandoned_after_spin": 0}
    out = tmp_path / "report"
    assert rrdesk("aggregate", export(data, tmp_path / "stick-stopped-2"), "-i", KEY, "--out", out)[0] == 0
    assert "1 declined, 0 not reached (interview ended early), 2 stopped after the spin" in \
        (out / "report.html").read_text(encoding="utf-8")
    assert f"| {first} | 1 | 0 | 2 |" in (out / "codebook.md").read_text(encoding="utf-8")
