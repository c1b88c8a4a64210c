"""An interview's duration (issue 27, paradata): whole minutes, capped, on the interview's last
record only, sealed, switchable off per survey (FORMAT.md §3, "An interview's duration").

Each MUST of the spec is a test here: what the station writes (and when it writes nothing),
what the record parser accepts and refuses, the position the verifier and the aggregator
allow, records without it still read, and what `check` says it discloses.
"""
from __future__ import annotations

import json

import pytest

from rrdesk.app.interviews import Station, device_id
from rrdesk.core import disclosure
from rrdesk.core import survey as surveys
from rrdesk.core.errors import RecordError
from rrdesk.store import age, log, records
from rrdesk.store.verify import verify
from tests.conftest import DAY, DEMO, NoSync, SeededSource, answer_all, demo_identities, sealed_log
from tests.test_aggregate import aggregate_json, export, rrdesk


class Clock:
    """The station's clock, set by the test (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _survey(tmp_path, survey_lines: str = "", extra: str = "", name: str = "study") -> surveys.Survey:
    text = DEMO.read_text(encoding="utf-8").replace("planned_respondents =", survey_lines + "planned_respondents =", 1)
    path = tmp_path / f"{name}.toml"
    path.write_text(text + extra, encoding="utf-8")
    return surveys.load(path)


def _opened(station: Station) -> list[records.Record]:
    identities = demo_identities()
    return [records.parse(age.decrypt(f.blob, identities))
            for f in log.scan(station.writer.path.read_bytes(), "log").frames]


def _station(s: surveys.Survey, data, clock: Clock) -> Station:
    return Station(s, data, source=SeededSource(3), today=lambda: DAY, ops=NoSync(), clock=clock)


def _interview_lasting(station: Station, clock: Clock, seconds: float):
    """One interview whose last question is recorded ``seconds`` after its start record."""
    interview = station.start({"department": "office"}, interviewer="t1")
    *first, last = station.survey.randomized
    for q in first:
        interview.record(q.id, interview.spin(q.id, 0).answer)
    clock.now += seconds
    interview.record(last.id, interview.spin(last.id, 0).answer)


@pytest.mark.parametrize("seconds, minutes", [(0, 0), (59.9, 0), (60, 1), (125.9, 2), (179 * 60 + 59, 179),
                                              (180 * 60, 180), (10 * 3600, 180)])
def test_the_last_record_holds_the_whole_minutes_capped_at_180(tmp_path, seconds, minutes):
    clock = Clock()
    with _station(surveys.load(DEMO), tmp_path / "data", clock) as station:
        _interview_lasting(station, clock, seconds)
        got = _opened(station)
    assert [r.duration_minutes for r in got] == [None] * (len(got) - 1) + [minutes]
    assert got[-1].position == 2 * len(station.survey.randomized) and got[-1].kind == "answer"


def test_a_stopped_or_declined_interview_holds_its_duration_too(tmp_path):
    clock = Clock()
    s = surveys.load(DEMO)
    with _station(s, tmp_path / "data", clock) as station:
        interview = station.start({"department": "office"}, interviewer="t1")
        clock.now += 5 * 60
        interview.abandon()  # stopped by the interviewer: every question abandoned
        interview = station.start({"department": "sales"}, interviewer="t1")
        for q in s.randomized[:-1]:
            interview.record(q.id, interview.spin(q.id, 0).answer)
        clock.now += 7 * 60 + 30
        interview.decline(s.randomized[-1].id)
        got = _opened(station)
    last = [r for r in got if r.duration_minutes is not None]
    assert [(r.interview, r.kind, r.duration_minutes) for r in last] == [(1, "abandoned", 5), (2, "declined", 7)]


def test_no_duration_for_a_refusal_a_continued_interview_or_a_survey_that_turns_it_off(tmp_path):
    clock = Clock()
    s = _survey(tmp_path, extra='\n[consent]\ntext.en = "Agree?"\ntext.fr = "D\'accord ?"\n')
    with _station(s, tmp_path / "data", clock) as station:
        station.refuse(interviewer="t1")
        interview = station.start({"department": "office"}, interviewer="t1")
        first = s.randomized[0].id
        interview.spin(first, 0)  # then the laptop stops: the process is gone
    clock.now += 120
    with _station(s, tmp_path / "data", clock) as station:
        answer_all(station.resume(interviewer="t1"))  # its start was never seen by this station
        got = _opened(station)
    assert all(r.duration_minutes is None for r in got)
    off = _survey(tmp_path, survey_lines="record_duration = false\n", name="off")
    assert off.record_duration is False and surveys.load(DEMO).record_duration is True
    with _station(off, tmp_path / "off-data", clock) as station:
        _interview_lasting(station, clock, 600)
        assert all(r.duration_minutes is None for r in _opened(station))


def test_every_record_keeps_one_size_with_the_duration_in_it(tmp_path):
    clock = Clock()
    with _station(surveys.load(DEMO), tmp_path / "data", clock) as station:
        for seconds in (0, 61, 10 * 3600):
            _interview_lasting(station, clock, seconds)
        frames = log.scan(station.writer.path.read_bytes(), "log").frames
    assert len({len(f.blob) for f in frames}) == 1


# -- the record parser ------------------------------------------------------------------------

BASE = dict(survey="s", device="0" * 32, log="1" * 32, interview=1, day="2026-11-22", interviewer="t1",
            version="1")
#: a record as rrdesk wrote it before durations (and as it writes every record but an interview's last)
WITHOUT = (b'{"format":"rrdesk-record/3","survey":"s","device":"' + b"0" * 32 + b'","log":"' + b"1" * 32
           + b'","interview":1,"position":2,"kind":"answer","question":"q","answer":"yes","day":"2026-11-22",'
             b'"interviewer":"t1","version":"1","direct":{}}')


def test_a_record_written_before_durations_still_parses_with_none():
    for padding in (b"", b" " * 300):
        got = records.parse(WITHOUT + padding)
        assert got.duration_minutes is None and got.answer == "yes" and got.to_json() == WITHOUT


def test_the_duration_sits_after_the_synthetic_mark_before_direct_and_round_trips():
    made = records.Record(**BASE, position=2, kind="answer", question="q", answer="yes", synthetic=True,
                          duration_minutes=12)
    raw = made.to_json()
    assert raw.endswith(b'"version":"1","synthetic":true,"duration_minutes":12,"direct":{}}')
    for padding in (b"", b"    "):
        assert records.parse(raw + padding) == made
    assert records.parse(raw.replace(b"12", b"180")).duration_minutes == 180
    assert records.parse(raw.replace(b"12", b"0")).duration_minutes == 0


@pytest.mark.parametrize("value", [b"181", b"-1", b"7.0", b"1e1", b'"7"', b"true", b"null", b"007", b"1000"])
def test_a_duration_that_is_not_0_to_180_whole_minutes_is_refused(value):
    raw = WITHOUT.replace(b',"direct"', b',"duration_minutes":' + value + b',"direct"')
    with pytest.raises(RecordError):
        records.parse(raw)


@pytest.mark.parametrize("kind, question, answer", [("start", "", ""), ("spun", "q", ""), ("unspun", "q", ""),
                                                    ("refused", "", "")])
def test_only_a_slots_second_record_may_hold_a_duration(kind, question, answer):
    raw = records.Record(**BASE, position=0 if kind in records.OPENING else 1, kind=kind, question=question,
                         answer=answer, duration_minutes=3).to_json()
    with pytest.raises(RecordError, match=f"a {kind} record cannot hold the interview's duration"):
        records.parse(raw)


def test_an_older_format_cannot_hold_a_duration():
    raw = (b'{"format":"rrdesk-record/2","survey":"s","device":"' + b"0" * 32 + b'","log":"' + b"1" * 32
           + b'","interview":1,"position":2,"kind":"answer","question":"q","answer":"yes","day":"2026-11-22",'
             b'"duration_minutes":3,"direct":{}}')
    with pytest.raises(RecordError):
        records.parse(raw)


def test_the_record_size_has_room_for_the_longest_duration():
    s = surveys.load(DEMO)
    size = records.record_size(s)
    widest = records.Record(survey=s.id, device="0" * 32, log="1" * 32, day="2026-11-22", interview=10**12,
                            position=10**4, kind="abandoned", question=max((q.id for q in s.questions), key=len),
                            synthetic=True, duration_minutes=records.MAX_DURATION, interviewer="i" * 32,
                            version="v" * 32, direct={q.id: q.widest_answer() for q in s.direct})
    assert len(widest.to_json()) <= size


# -- the verifier and the aggregator: only the interview's last record ------------------------


def _log_with(tmp_path, durations: dict[int, int]):
    """Two complete demo interviews, crafted, with ``durations`` at those positions of each."""
    s = surveys.load(DEMO)
    data = tmp_path / "data"
    device, log_id = device_id(data), bytes(range(16, 32))
    base = dict(survey=s.id, device=device.hex(), log=log_id.hex(), day=DAY.isoformat(), interviewer="t1",
                version=s.version)
    made = []
    for number in (1, 2):
        made.append(records.Record(**base, interview=number, position=0, kind="start",
                                   direct={"department": "office"}))
        for j, q in enumerate(s.randomized):
            made.append(records.Record(**base, interview=number, position=2 * j + 1, kind="spun", question=q.id))
            made.append(records.Record(**base, interview=number, position=2 * j + 2, kind="answer", question=q.id,
                                       answer=q.answer_ids[0], duration_minutes=durations.get(2 * j + 2)))
    sealed_log(data, DEMO, made, device=device, log_id=log_id)
    return data


def test_a_duration_before_the_last_record_is_a_problem_and_the_rest_still_counts(tmp_path):
    data = _log_with(tmp_path, {2: 4})  # the first question's answer: not the interview's last record
    found = verify(data, demo_identities())
    whats = [p.what for p in found.problems]
    assert whats == ["interview 1, position 2: holds an interview's duration, which only its last record may hold",
                     "interview 2, position 2: holds an interview's duration, which only its last record may hold"]
    code, got, err = aggregate_json(export(data, tmp_path / "stick"))
    assert code == 1, err
    assert [p["what"] for p in got["problems"]][-2:] == whats
    assert got["questions"][1]["n"] == 0 and got["questions"][2]["n"] == 2  # only those records set aside


def test_records_with_and_without_durations_verify_and_aggregate_alike(tmp_path):
    last = 2 * len(surveys.load(DEMO).randomized)
    for name, durations in (("with", {last: 9}), ("without", {})):
        data = _log_with(tmp_path / name, durations)
        assert list(verify(data, demo_identities()).problems) == []
        code, got, err = aggregate_json(export(data, tmp_path / name / "stick"))
        assert code == 0 and got["problems"] == [], err
        assert [q["n"] for q in got["questions"]] == [2] * len(got["questions"])


# -- what check says -------------------------------------------------------------------------


def test_check_says_what_the_duration_discloses_or_that_none_is_recorded(tmp_path):
    code, out, _ = rrdesk("check", DEMO, "--json")
    assert code == 0 and json.loads(out)["outside_epsilon"]["duration"] == disclosure.DURATION
    assert "whole minutes" in disclosure.DURATION and "never a time of day" in disclosure.DURATION
    off = _survey(tmp_path, survey_lines="record_duration = false\n")
    code, out, _ = rrdesk("check", off.path)
    assert code == 0 and f"  {disclosure.DURATION_OFF}" in out and disclosure.DURATION not in out


@pytest.mark.parametrize("value", ['"no"', "0", "[]"])
def test_record_duration_is_true_or_false(tmp_path, value):
    path = tmp_path / "bad.toml"
    path.write_text(DEMO.read_text(encoding="utf-8").replace(
        "planned_respondents =", f"record_duration = {value}\nplanned_respondents =", 1), encoding="utf-8")
    code, out, err = rrdesk("check", path)
    assert code == 2 and 'key "record_duration": record_duration must be true or false' in err


# -- simulate --------------------------------------------------------------------------------


def test_simulate_writes_plausible_durations_the_same_for_the_same_seed(tmp_path):
    runs = []
    for name in ("one", "two"):
        code, _, err = rrdesk("simulate", DEMO, "--data", tmp_path / name, "-n", 40, "--seed", 8)
        assert code == 0, err
        (path,) = (tmp_path / name / "workplace-demo").glob("*.rrlog")
        got = [records.parse(age.decrypt(f.blob, demo_identities())) for f in log.scan(path.read_bytes(), "log").frames]
        runs.append([r.duration_minutes for r in got if r.position == 8])
        assert all(r.duration_minutes is None for r in got if r.position != 8)
    assert runs[0] == runs[1] and len(runs[0]) == 40
    # four randomized questions: about 9 minutes, rarely under 4 or over 20
    assert 6 <= sorted(runs[0])[20] <= 12 and min(runs[0]) >= 2 and max(runs[0]) <= 30


def test_a_survey_without_durations_keeps_it_through_an_xlsform(tmp_path):
    off = _survey(tmp_path, survey_lines="record_duration = false\n", name="off")
    for survey, expected in ((off, False), (surveys.load(DEMO), True)):
        form, back = tmp_path / f"{expected}.xlsx", tmp_path / f"{expected}-back.toml"
        assert rrdesk("export-xlsform", survey.path, "-o", form)[0] == 0
        code, _, err = rrdesk("import-xlsform", form, "-o", back)
        assert code == 0, err
        assert surveys.load(back).record_duration is expected


def test_the_aggregators_rows_carry_the_duration_on_the_last_record_only(tmp_path):
    from rrdesk.store.collect import _opening  # the rows' columns (a test reads the engine's table)

    last = 2 * len(surveys.load(DEMO).randomized)
    data = _log_with(tmp_path, {last: 9})
    [path] = (data / surveys.load(DEMO).id).glob("*.rrlog")
    found = log.scan(path.read_bytes(), str(path))
    s = surveys.load(DEMO)
    blobs = [frame.blob for frame in found.frames]
    opened = _opening.open_blobs(str(path), found.header, s, 0, blobs, None, age.Opener(demo_identities()))
    assert opened.problems == [] and opened.rows.shape[0] == len(blobs)
    minutes = opened.rows[:, _opening.DURATION].tolist()
    positions = [records.parse(age.decrypt(b, demo_identities())).position for b in blobs]
    assert minutes == [9 if p == last else -1 for p in positions]
