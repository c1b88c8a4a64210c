"""The study settings of issue 14: the interviewer and the survey version recorded with every
interview, and a refusal of consent recorded as non-response (never anything the respondent said).

Every data folder is made by the real Station (or `rrdesk simulate`, which drives it), exported
and aggregated by the command line, as a coordinator would.
"""
from __future__ import annotations

import csv
import datetime as dt
import errno
import io
import os

import pytest

from rrdesk.app.interviews import Station
from rrdesk.core import survey as surveys
from rrdesk.core.errors import InterviewError, StoreError
from rrdesk.core.fileio import OsOps
from rrdesk.store import age, keys, log, records
from rrdesk.store.verify import verify
from tests.conftest import DEMO
from tests.test_aggregate import KEY, aggregate_json, export, rrdesk

DAY = dt.date(2026, 11, 22)


def _survey(tmp_path, extra: str = "", survey_lines: str = "") -> surveys.Survey:
    text = DEMO.read_text(encoding="utf-8").replace("planned_respondents =", survey_lines + "planned_respondents =", 1)
    path = tmp_path / "study.toml"
    path.write_text(text + extra, encoding="utf-8")
    return surveys.load(path)


def _plaintexts(station: Station) -> list[records.Record]:
    identities = keys.load_identities(KEY)
    return [records.parse(age.decrypt(f.blob, identities))
            for f in log.scan(station.writer.path.read_bytes(), "log").frames]


class _DiskFullAfterOneFrame(OsOps):
    """The store's file system, full once one record's frame is written."""

    frames = 0

    def _frame(self, data) -> None:
        if bytes(data[:4]) == b"RRF1":
            self.frames += 1
            if self.frames > 1:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def write(self, fd, data):
        self._frame(data)
        return super().write(fd, data)

    def pwrite(self, fd, data, offset):
        self._frame(data)
        return super().pwrite(fd, data, offset)


def _answer_all(interview) -> None:
    while (q := interview.next_question) is not None:
        interview.record(q.id, interview.spin(q.id, 0).answer)  # assisted: the truth NO (or the first choice)


def test_every_record_names_the_interviewer_and_the_version(tmp_path):
    s = _survey(tmp_path, survey_lines='version = "2026-03"\ninterviewers = ["amina", "k-07"]\n')
    with Station(s, tmp_path / "data", today=lambda: DAY) as station:
        _answer_all(station.start({"department": "office"}, interviewer="k-07"))
        got = _plaintexts(station)
    assert {(r.interviewer, r.version, r.day) for r in got} == {("k-07", "2026-03", DAY.isoformat())}


@pytest.mark.parametrize("who, why", [("", "the interviewer id must be 1 to 32"), ("a b", "must be 1 to 32"),
                                      ("x" * 33, "must be 1 to 32"), ("pierre", "not one of the survey's")])
def test_an_interview_needs_an_interviewer_the_survey_accepts(tmp_path, who, why):
    s = _survey(tmp_path, survey_lines='interviewers = ["amina", "k-07"]\n')
    with Station(s, tmp_path / "data") as station:
        with pytest.raises(InterviewError, match=why):
            station.start({"department": "office"}, interviewer=who)
        with pytest.raises(InterviewError, match=why):
            station.refuse(interviewer=who)
        assert station.writer.count == 0  # nothing was written


def test_answers_csv_has_the_day_the_interviewer_and_the_version(tmp_path):
    s = _survey(tmp_path, survey_lines='version = 7\ninterviewers = ["amina", "k-07"]\n')
    code, out, err = rrdesk("simulate", s.path, "--data", tmp_path / "data", "-n", 6, "--seed", 3)
    assert code == 0, err
    bundle = export(tmp_path / "data", tmp_path / "stick")
    code, out, err = rrdesk("aggregate", bundle, "-i", KEY, "--survey", s.path, "--out", tmp_path / "out")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO((tmp_path / "out" / "answers.csv").read_text(encoding="utf-8"))))
    assert len(rows) == 6 * len(s.randomized)
    assert {r["version"] for r in rows} == {"7"}
    assert {r["day"] for r in rows} == {dt.date.today().isoformat()}
    by_respondent = {}
    for r in rows:  # simulate takes the survey's interviewers in turn; one per interview
        by_respondent.setdefault(r["respondent"], set()).add(r["interviewer"])
    assert sorted(by_respondent[f"{rows[0]['device']}-{n}"].pop() for n in range(1, 7)) == ["amina"] * 3 + ["k-07"] * 3
    codebook = (tmp_path / "out" / "codebook.md").read_text(encoding="utf-8")
    assert all(f"| {c} |" in codebook for c in ("day", "interviewer", "version"))
    r_script = (tmp_path / "out" / "analysis.R").read_text(encoding="utf-8")
    assert 'interviewer = "character"' in r_script and 'version = "character"' in r_script


def test_a_refusal_is_one_record_holding_nothing_the_respondent_said(tmp_path):
    s = surveys.load(DEMO)
    with Station(s, tmp_path / "data", today=lambda: DAY) as station:
        number = station.refuse(interviewer="amina")
        assert number == 1 and station.interrupted() is None  # the interview is closed at once
        _answer_all(station.start({"department": "office"}, interviewer="amina"))
        got = _plaintexts(station)
    refusal = got[:1 + 2 * len(s.randomized)]
    assert [r.kind for r in refusal] == ["refused"] + ["unspun", "abandoned"] * len(s.randomized)
    assert (refusal[0].direct, refusal[0].question, refusal[0].answer) == ({}, "", "")
    assert refusal[0].interviewer == "amina" and got[-1].interview == 2
    assert verify(tmp_path / "data", keys.load_identities(KEY)).problems == ()


def test_a_refusal_counts_as_non_response_not_as_abandoned_questions(tmp_path):
    s = surveys.load(DEMO)
    with Station(s, tmp_path / "data") as station:
        for _ in range(2):
            station.refuse(interviewer="amina")
        for _ in range(3):
            _answer_all(station.start({"department": "office"}, interviewer="amina"))
    code, found, err = aggregate_json(export(tmp_path / "data", tmp_path / "stick"))
    assert code == 0, err
    assert found["refused"] == 2 and found["interviews"] == 5
    assert found["response_rate"] == pytest.approx(3 / 5)
    for q in found["questions"]:
        assert (q["n"], q["abandoned"], q["declined"]) == (3, 0, 0)


def test_an_answer_in_a_refused_interview_is_set_aside_by_name(tmp_path):
    """A laptop killed between the refusal and its closing records, whose interview the
    interviewer then continued: the answers are never counted."""
    s = surveys.load(DEMO)
    station = Station(s, tmp_path / "data", ops=_DiskFullAfterOneFrame())
    with pytest.raises(StoreError):
        station.refuse(interviewer="amina")  # the refusal's first record only: then the disk is full
    station.close()
    with Station(s, tmp_path / "data") as station:
        assert station.interrupted() is not None  # the laptop cannot tell: it offers to continue
        _answer_all(station.resume(interviewer="amina"))
    report = verify(tmp_path / "data", keys.load_identities(KEY))
    assert [p.what for p in report.problems] == [
        "interview 1, position 1: a spun record cannot follow a refused record (it comes after it: unspun)"]
    code, found, err = aggregate_json(export(tmp_path / "data", tmp_path / "stick"))
    assert found["refused"] == 1 and all(q["n"] == 0 for q in found["questions"])


def _variant(tmp_path, name: str, old: str, new: str, version: str | None = None):
    text = DEMO.read_text(encoding="utf-8").replace(old, new)
    if version is not None:
        text = text.replace("planned_respondents =", f'version = "{version}"\nplanned_respondents =', 1)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return surveys.load(path)


def test_a_changed_wording_under_the_same_version_is_refused_once_recorded(tmp_path):
    data = tmp_path / "data"
    with Station(surveys.load(DEMO), data) as station:
        _answer_all(station.start({"department": "office"}, interviewer="amina"))
    reworded = _variant(tmp_path, "reworded.toml", "I am unhappy at work.", "I am not happy at work.")
    with pytest.raises(StoreError, match='version "1" with other texts .*raise version in the survey file'):
        Station(reworded, data)
    raised = _variant(tmp_path, "raised.toml", "I am unhappy at work.", "I am not happy at work.", version="2")
    with Station(raised, data) as station:  # the same questions and spinners: the same log goes on
        _answer_all(station.start({"department": "office"}, interviewer="amina"))
        assert [r.version for r in _plaintexts(station)][::9] == ["1", "2"]
    back = _variant(tmp_path, "back.toml", "I am unhappy at work.", "I am unhappy at work.", version="2")
    with pytest.raises(StoreError, match='version "2" with other texts'):
        Station(back, data)  # an old text under the new version is a change too


def test_what_respondents_do_not_read_may_change_without_a_new_version(tmp_path):
    data = tmp_path / "data"
    with Station(surveys.load(DEMO), data) as station:
        _answer_all(station.start({"department": "office"}, interviewer="amina"))
    retitled = _variant(tmp_path, "retitled.toml", 'title = "', 'title = "New title: ')
    with Station(retitled, data):
        pass
    assert "New title" in (data / retitled.id / "survey.toml").read_text(encoding="utf-8")
