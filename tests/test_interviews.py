"""Interviews: what the GUI and `simulate` record, and how a stopped interview comes back."""
from __future__ import annotations

import datetime as dt
import json

import pytest

from rrdesk import cli
from rrdesk.app.interviews import Station
from rrdesk.core import survey as surveys
from rrdesk.core.errors import InterviewError, LogLocked, NoMatchError, StoreError
from rrdesk.store import age, keys, log, records
from rrdesk.store.verify import verify
from tests.conftest import DEMO, ROOT, SeededSource, record_v1_interviews

DEMO_KEY = ROOT / "resources" / "demo-identity.txt"


@pytest.fixture
def demo():
    return surveys.load(ROOT / "resources" / "surveys" / "demo.toml")


def _records(station: Station) -> list[records.Record]:
    identities = keys.load_identities(DEMO_KEY)
    scan = log.scan(station.writer.path.read_bytes(), str(station.writer.path))
    assert scan.problems == ()
    return [records.parse(age.decrypt(f.blob, identities)) for f in scan.frames]


def _answer_all(interview, truth=1):
    while (q := interview.next_question) is not None:
        spin = interview.spin(q.id, truth if q.design.categories == 2 else 0)
        interview.record(q.id, spin.answer)


def test_a_whole_interview_leaves_a_start_and_a_spun_and_an_answer_per_question(demo, tmp_path):
    day = dt.date(2026, 11, 22)
    with Station(demo, tmp_path, source=SeededSource(1), today=lambda: day) as station:
        interview = station.start({"department": "factory"}, interviewer="t1")
        _answer_all(interview)
        assert interview.complete
        got = _records(station)
    assert [r.kind for r in got] == ["start"] + ["spun", "answer"] * len(demo.randomized)
    assert [r.position for r in got] == list(range(1 + 2 * len(demo.randomized)))
    assert {r.interview for r in got} == {1}
    assert {r.format for r in got} == {records.FORMAT} == {"rrdesk-record/3"}
    assert {(r.interviewer, r.version) for r in got} == {("t1", demo.version)}  # every record names them
    assert got[0].direct == {"department": "factory"}
    assert [r.question for r in got[1:]] == [q.id for q in demo.randomized for _ in range(2)]
    for r, q in zip(got[2::2], demo.randomized):
        assert r.answer in (q.choices or ("no", "yes"))
    assert {r.answer for r in got[1::2]} == {""}  # a spun record says nothing of the outcome
    assert {r.day for r in got} == {"2026-11-22"}
    assert {r.survey for r in got} == {demo.id}


def test_a_record_holds_no_truth_and_no_sector(demo, tmp_path):
    with Station(demo, tmp_path) as station:
        _answer_all(station.start({"department": "office"}, interviewer="t1"))
        plaintexts = [age.decrypt(f.blob, keys.load_identities(DEMO_KEY))
                      for f in log.scan(station.writer.path.read_bytes(), "log").frames]
    for i, text in enumerate(plaintexts):
        fields = json.loads(text)
        # the interview's last record holds its duration (whole minutes), no other record does
        last = {"duration_minutes"} if i == len(plaintexts) - 1 else set()
        assert set(fields) == {"format", "survey", "device", "log", "interview", "position", "kind",
                               "question", "answer", "day", "interviewer", "version", "direct"} | last
        assert b"sector" not in text and b"truth" not in text


def test_every_sealed_record_of_a_survey_has_the_same_length(demo, tmp_path):
    with Station(demo, tmp_path, source=SeededSource(5)) as station:
        for truth in (0, 1):
            for _ in range(10):
                _answer_all(station.start({"department": "sales"}, interviewer="t1"), truth)
        interview = station.start({"department": "warehouse"}, interviewer="t1")
        interview.decline(interview.next_question.id)
        interview.abandon()
        frames = log.scan(station.writer.path.read_bytes(), "log").frames
    assert len({len(f.blob) for f in frames}) == 1


def test_a_question_cannot_be_spun_twice(demo, tmp_path):
    with Station(demo, tmp_path) as station:
        interview = station.start({"department": "office"}, interviewer="t1")
        q = interview.next_question
        interview.spin(q.id, 1)
        with pytest.raises(InterviewError, match="cannot be spun again"):
            interview.spin(q.id, 0)


def test_questions_are_recorded_in_order_and_only_after_a_spin(demo, tmp_path):
    with Station(demo, tmp_path) as station:
        interview = station.start({"department": "office"}, interviewer="t1")
        first, second = demo.randomized[:2]
        with pytest.raises(InterviewError, match="must be spun"):
            interview.record(first.id, 1)
        with pytest.raises(InterviewError, match="not the one to record now"):
            interview.spin(second.id, 1)


def test_direct_answers_must_be_the_questions_choices(demo, tmp_path):
    with Station(demo, tmp_path) as station:
        with pytest.raises(InterviewError, match="department"):
            station.start({"department": "moon"}, interviewer="t1")
        with pytest.raises(InterviewError, match="department"):
            station.start({}, interviewer="t1")


def test_an_interview_stopped_midway_comes_back_after_a_restart(demo, tmp_path):
    with Station(demo, tmp_path) as station:
        interview = station.start({"department": "office"}, interviewer="t1")
        q = interview.next_question
        interview.record(q.id, interview.spin(q.id, 1).answer)
        # the window closes (or the laptop dies) here
    with Station(demo, tmp_path) as station:
        stopped = station.interrupted()
        assert stopped.number == 1
        assert stopped.recorded == (demo.randomized[0].id,)
        assert stopped.next_question == demo.randomized[1].id
        assert stopped.spun_unanswered is None
        with pytest.raises(InterviewError, match="interrupted"):
            station.start({"department": "office"}, interviewer="t1")
        interview = station.resume(interviewer="t1")
        assert interview.next_question.id == demo.randomized[1].id  # the recorded one is never offered again
        _answer_all(interview)
        assert station.interrupted() is None
        assert [r.interview for r in _records(station)] == [1] * (1 + 2 * len(demo.randomized))


def test_closing_a_stopped_interview_keeps_its_answers_and_marks_the_rest(demo, tmp_path):
    with Station(demo, tmp_path) as station:
        interview = station.start({"department": "office"}, interviewer="t1")
        q = interview.next_question
        interview.record(q.id, interview.spin(q.id, 1).answer)
    with Station(demo, tmp_path) as station:
        station.resume(interviewer="t1").abandon()
        kinds = [r.kind for r in _records(station)]
        assert kinds == ["start", "spun", "answer"] + ["unspun", "abandoned"] * (len(demo.randomized) - 1)
        assert station.start({"department": "sales"}, interviewer="t1").number == 2


def test_interview_numbers_go_on_across_restarts(demo, tmp_path):
    for expected in (1, 2, 3):
        with Station(demo, tmp_path) as station:
            interview = station.start({"department": "office"}, interviewer="t1")
            assert interview.number == expected
            _answer_all(interview)
            assert station.interviews_begun == expected


def test_a_second_window_on_the_same_data_is_refused(demo, tmp_path):
    with Station(demo, tmp_path):
        with pytest.raises(LogLocked):
            Station(demo, tmp_path)


def test_a_changed_spinner_under_the_same_survey_id_is_refused(demo, tmp_path):
    with Station(demo, tmp_path):
        pass
    changed = tmp_path / "changed.toml"
    changed.write_text(demo.path.read_text(encoding="utf-8").replace("epsilon = 1.5", "epsilon = 1.4"),
                       encoding="utf-8")
    with pytest.raises(StoreError, match="give the changed survey a new id"):
        Station(surveys.load(changed), tmp_path)


def test_a_text_correction_under_the_same_survey_id_is_accepted(demo, tmp_path):
    with Station(demo, tmp_path):
        pass
    fixed = tmp_path / "fixed.toml"
    fixed.write_text(demo.path.read_text(encoding="utf-8").replace("I am unhappy at work.", "I am not happy at work."),
                     encoding="utf-8")
    with Station(surveys.load(fixed), tmp_path):
        pass
    assert "I am not happy at work." in (tmp_path / demo.id / "survey.toml").read_text(encoding="utf-8")


def test_a_damaged_log_is_kept_and_recording_goes_on_in_a_new_one(demo, tmp_path):
    with Station(demo, tmp_path) as station:
        _answer_all(station.start({"department": "office"}, interviewer="t1"))
        first_log = station.writer.path
    data = bytearray(first_log.read_bytes())
    data[len(data) // 2] ^= 0xFF  # damage in the middle, not a torn tail
    first_log.write_bytes(bytes(data))
    with Station(demo, tmp_path) as station:
        assert station.problems, "the damage is reported"
        assert station.writer.path != first_log
        assert station.start({"department": "office"}, interviewer="t1").number == 2
    assert first_log.exists()


def test_simulate_records_every_respondent(tmp_path, capsys):
    data = tmp_path / "data"
    code = cli.main(["simulate", str(ROOT / "resources/surveys/demo.toml"), "--data", str(data), "-n", "12",
                     "--truth", "unhappy=0.2", "bullied=never:0.5,once:0.25,several:0.25", "--seed", "3", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["respondents"] == 12 and report["records"] == 12 * 9
    logs = list((data / "workplace-demo").glob("*.rrlog"))
    assert len(logs) == 1
    assert len(log.scan(logs[0].read_bytes(), "log").frames) == 12 * 9
    for q in report["questions"]:
        assert sum(q["reported"].values()) == 12


def test_simulate_with_a_seed_is_reproducible(tmp_path, capsys):
    outputs = []
    for folder in ("a", "b"):
        cli.main(["simulate", str(ROOT / "resources/surveys/demo.toml"), "--data", str(tmp_path / folder),
                  "-n", "20", "--seed", "9", "--json"])
        report = json.loads(capsys.readouterr().out)
        outputs.append([(q["truth"], q["reported"]) for q in report["questions"]])
    assert outputs[0] == outputs[1]


def test_simulate_refuses_a_bad_truth_in_one_line(tmp_path, capsys):
    code = cli.main(["simulate", str(ROOT / "resources/surveys/demo.toml"), "--data", str(tmp_path),
                     "-n", "1", "--truth", "bullied=never:0.5,once:0.2"])
    err = capsys.readouterr().err
    assert code == 2
    assert err == "rrdesk: error: command line: --truth bullied=never:0.5,once:0.2: the shares add up to 0.7, not 1\n"


def test_keygen_writes_an_identity_and_prints_its_recipient(tmp_path, capsys):
    path = tmp_path / "coordinator.txt"
    assert cli.main(["keygen", "-o", str(path)]) == 0
    recipient = capsys.readouterr().out.strip()
    assert keys.load_identities(path)[0].recipient == recipient
    assert path.stat().st_mode & 0o777 == 0o600
    assert cli.main(["keygen", "-o", str(path)]) == 2
    assert "refusing to overwrite" in capsys.readouterr().err


def test_records_refuse_anything_not_canonical():
    good = records.Record(survey="s", device="0" * 32, log="1" * 32, interview=1, position=0, kind="start",
                          day="2026-01-01", interviewer="amina", version="2")
    assert records.parse(records.pad(good, 512)) == good
    for bad in (b"{}", b"not json", good.to_json().replace(b'"start"', b'"other"'),
                good.to_json().replace(b",", b", ", 1), b"\xff" * 10,
                good.to_json().replace(b"rrdesk-record/3", b"rrdesk-record/4"),
                good.to_json().replace(b"rrdesk-record/3", b"rrdesk-record/2"),  # /2 has no interviewer
                good.to_json().replace(b'"amina"', b'""'), good.to_json().replace(b'"amina"', b'"a b"'),
                good.to_json().replace(b'"version":"2"', b'"version":"-2"')):
        with pytest.raises(records.RecordError):
            records.parse(bad)


def test_a_record_read_by_the_fast_path_is_the_record_written():
    """parse builds canonical records without the dataclass constructor: the same value, the
    same hash, as frozen, with every field (a direct answer included)."""
    import dataclasses

    good = records.Record(survey="s", device="0" * 32, log="1" * 32, interview=7, position=0, kind="start",
                          day="2026-01-01", direct={"a": "x", "b": "y"}, interviewer="k-07", version="3")
    read = records.parse(records.pad(good, 512))
    assert type(read) is records.Record and read == good
    assert read.__dict__ == good.__dict__ and [f.name for f in dataclasses.fields(read)] == list(read.__dict__)
    with pytest.raises(dataclasses.FrozenInstanceError):
        read.answer = "yes"


def test_records_of_both_formats_are_read_and_v1_has_no_slot_kinds():
    spun = records.Record(survey="s", device="0" * 32, log="1" * 32, interview=1, position=1, kind="spun",
                          question="q", day="2026-01-01", interviewer="t1", version="1")
    old = records.Record(survey="s", device="0" * 32, log="1" * 32, interview=1, position=1, kind="answer",
                         question="q", answer="yes", day="2026-01-01", format=records.FORMAT_V1)
    assert records.parse(records.pad(spun, 512)) == spun
    assert records.parse(records.pad(old, 512)).format == "rrdesk-record/1"
    for kind in ("spun", "unspun"):
        v1_slot = records.Record(**{**spun.__dict__, "kind": kind, "format": records.FORMAT_V1,
                                    "interviewer": "", "version": ""})
        with pytest.raises(records.RecordError, match="cannot be in format rrdesk-record/1"):
            records.parse(v1_slot.to_json())


def test_every_record_is_sealed_to_every_recipient_of_the_survey(tmp_path):
    coordinator, backup = age.Identity.generate(), age.Identity.generate()
    text = (ROOT / "resources" / "surveys" / "demo.toml").read_text(encoding="utf-8")
    demo_recipient = surveys.load(ROOT / "resources" / "surveys" / "demo.toml").recipients[0]
    path = tmp_path / "two-keys.toml"
    path.write_text(text.replace(f'recipients = ["{demo_recipient}"]',
                                 f'recipients = ["{coordinator.recipient}", "{backup.recipient}"]'), encoding="utf-8")
    with Station(surveys.load(path), tmp_path / "data") as station:
        _answer_all(station.start({"department": "office"}, interviewer="t1"))
        frames = log.scan(station.writer.path.read_bytes(), "log").frames
    for identity in (coordinator, backup):
        assert [records.parse(age.decrypt(f.blob, [identity])).kind for f in frames][0] == "start"
    with pytest.raises(NoMatchError):
        age.decrypt(frames[0].blob, keys.load_identities(DEMO_KEY))


def test_an_old_data_folder_goes_on_in_a_new_log_and_its_log_is_kept(demo, tmp_path):
    """A laptop that recorded with rrdesk-record/1 (1 + R records an interview, a pointer of
    one line) never gets /2 records in that log: a new log, numbered after it."""
    old = record_v1_interviews(DEMO, tmp_path, 3, open_last=2)  # the third interview was left open
    before = old.read_bytes()
    with Station(demo, tmp_path) as station:
        assert station.writer.path != old
        assert station.interviews_begun == 3 and station.interrupted() is None
        interview = station.start({"department": "office"}, interviewer="t1")
        assert interview.number == 4
        _answer_all(interview)
        pointer = (tmp_path / demo.id / "current").read_text(encoding="ascii")
        assert pointer == f"{station.writer.path.name}\nrrdesk-record/3\n3\n"
    assert old.read_bytes() == before
    with Station(demo, tmp_path) as station:  # the marked pointer is continued, numbers go on
        assert station.interviews_begun == 4 and station.start({"department": "office"}, interviewer="t1").number == 5
    assert len(list((tmp_path / demo.id).glob("*.rrlog"))) == 2
    assert verify(tmp_path, keys.load_identities(DEMO_KEY)).problems == ()


def test_a_new_log_after_a_damaged_one_goes_on_from_the_pointers_count(demo, tmp_path):
    with Station(demo, tmp_path) as station:
        for _ in range(2):
            _answer_all(station.start({"department": "office"}, interviewer="t1"))
        first_log = station.writer.path
    data = bytearray(first_log.read_bytes())
    data[-200] ^= 0xFF  # inside the last record: damage, not a torn tail
    first_log.write_bytes(bytes(data))
    with Station(demo, tmp_path) as station:
        # the intact prefix holds the first interview and most of the second: both counted
        assert station.problems and station.writer.path != first_log and station.interviews_begun == 2
        _answer_all(station.start({"department": "office"}, interviewer="t1"))
    with Station(demo, tmp_path) as station:
        assert station.start({"department": "office"}, interviewer="t1").number == 4


def test_a_lost_pointer_is_rebuilt_from_the_log_and_numbers_go_on(demo, tmp_path):
    """The log is the truth: without its pointer this device's newest log is continued, its
    interviews counted from its own records, and the pointer is written again."""
    with Station(demo, tmp_path) as station:
        for _ in range(2):
            _answer_all(station.start({"department": "office"}, interviewer="t1"))
        first_log = station.writer.path
    (tmp_path / demo.id / "current").unlink()
    with Station(demo, tmp_path) as station:
        assert station.writer.path == first_log and station.start({"department": "office"}, interviewer="t1").number == 3
    assert (tmp_path / demo.id / "current").read_text(encoding="ascii") == f"{first_log.name}\nrrdesk-record/3\n0\n"


@pytest.mark.parametrize("tail", ["rrdesk-record/3\n1234567890123\n", "rrdesk-record/3\n0\nmore\n",
                                  "rrdesk-record/3\n-1\n", "rrdesk-record/3\n0", "\xff\xfe"])
def test_a_pointer_not_exactly_as_written_is_rebuilt_from_the_logs(demo, tmp_path, tail):
    with Station(demo, tmp_path) as station:
        _answer_all(station.start({"department": "office"}, interviewer="t1"))
        first_log = station.writer.path
    (tmp_path / demo.id / "current").write_bytes(f"{first_log.name}\n{tail}".encode("latin-1"))
    with Station(demo, tmp_path) as station:
        assert station.writer.path == first_log and station.interviews_begun == 1
    assert (tmp_path / demo.id / "current").read_text(encoding="ascii") == f"{first_log.name}\nrrdesk-record/3\n0\n"


def test_a_pointer_of_another_record_format_is_never_continued(demo, tmp_path):
    with Station(demo, tmp_path) as station:
        _answer_all(station.start({"department": "office"}, interviewer="t1"))
        first_log = station.writer.path
    (tmp_path / demo.id / "current").write_text(f"{first_log.name}\nrrdesk-record/4\n0\n", encoding="ascii")
    with Station(demo, tmp_path) as station:
        assert station.writer.path != first_log and station.interviews_begun == 2  # counted as a /1 log
    assert first_log.exists()


def test_a_log_begun_with_record_format_2_is_followed_by_a_new_log_numbered_after_it(demo, tmp_path):
    """A laptop updated from rrdesk-record/2 (same shape, no interviewer or version): its log
    never gets /3 records, and the new log's numbers follow its interviews exactly."""
    with Station(demo, tmp_path) as station:
        for _ in range(2):
            _answer_all(station.start({"department": "office"}, interviewer="t1"))
        first_log = station.writer.path
    (tmp_path / demo.id / "current").write_text(f"{first_log.name}\nrrdesk-record/2\n5\n", encoding="ascii")
    with Station(demo, tmp_path) as station:
        assert station.writer.path != first_log and station.interviews_begun == 7  # 5 before it, 2 in it
        assert station.start({"department": "office"}, interviewer="t1").number == 8


def test_a_failing_read_of_the_kept_survey_copy_is_never_taken_for_damage(demo, tmp_path, monkeypatch):
    """Issue #32: one EIO or EMFILE while the station reads its survey copy used to set the
    intact copy aside as damaged and replace it; the copy is parsed from the bytes read once."""
    import errno

    import rrdesk.core.survey as survey_module
    with Station(demo, tmp_path):
        pass
    copy = tmp_path / demo.id / "survey.toml"
    kept = copy.read_bytes()

    def failing(*args, **kwargs):
        raise OSError(errno.EIO, "Input/output error")
    monkeypatch.setattr(survey_module, "read_text", failing)  # any second read of a survey file fails
    with Station(demo, tmp_path) as station:
        assert station.problems == []
    assert copy.read_bytes() == kept and not list(copy.parent.glob("survey.toml.damaged-*"))


def test_each_record_is_sealed_with_a_header_made_ahead_used_once(demo, tmp_path):
    # issue 33: the next record's age header is made on the station's sealer thread between
    # answers; every record must still open, and no file key or ephemeral share repeat
    import threading

    from rrdesk.app.interviews._sealers import THREAD_NAME

    def sealer_threads():  # why a set: other tests' stations may not have been closed
        return {t for t in threading.enumerate() if t.name.startswith(THREAD_NAME)}

    before = sealer_threads()
    with Station(demo, tmp_path, source=SeededSource(3)) as station:
        _answer_all(station.start({"department": "office"}, interviewer="t1"))
        _answer_all(station.start({"department": "factory"}, interviewer="t1"), truth=0)
        assert len(sealer_threads() - before) == 1  # this station's own
        got = _records(station)  # every record opens with the coordinator's identity
        blobs = [f.blob for f in log.scan(station.writer.path.read_bytes(), "log").frames]
    assert len(got) == 2 * (1 + 2 * len(demo.randomized))
    headers = [blob.split(b"\n---", 1)[0] for blob in blobs]
    assert len(set(headers)) == len(headers)  # a fresh ephemeral share (and file key) for each record
    assert not sealer_threads() - before  # ended by close


def _made_ahead(station: Station) -> None:
    """Wait (a few ms at most) until the sealer thread has made the next record's plaintext."""
    import time

    for _ in range(2000):
        if station._sealers._made and not station._sealers._making:
            return
        time.sleep(0.001)
    raise AssertionError("the sealer thread made nothing ahead")


def test_the_next_records_plaintext_is_made_ahead_and_used_only_when_it_is_that_record(demo, tmp_path,
                                                                                      monkeypatch):
    # issue 33: between answers the sealer thread makes the next spun record, and after a spin
    # the answer's rows (every answer, none chosen); the wait then only selects and seals. A
    # guess that is no longer the record (the day turned meanwhile) is made again, on the wait.
    # Each is framed ahead too (LogWriter.encode_ahead): the wait writes the frame picked.
    import threading

    import rrdesk.app.interviews as interviews

    made_here: list[str] = []  # what the interviewer's thread had to make itself
    for name in ("pad", "answer_rows"):
        real = getattr(interviews, name)

        def counted(*args, real=real, name=name):
            if threading.current_thread() is threading.main_thread():
                made_here.append(name)
            return real(*args)
        monkeypatch.setattr(interviews, name, counted)
    real_append = log.LogWriter.append  # a record framed on the wait (not ahead, by append_ahead)

    def append(writer, blob):
        if threading.current_thread() is threading.main_thread():
            made_here.append("frame")
        return real_append(writer, blob)
    monkeypatch.setattr(log.LogWriter, "append", append)
    day = [dt.date(2026, 11, 2)]
    with Station(demo, tmp_path, source=SeededSource(5), today=lambda: day[0]) as station:
        interview = station.start({"department": "office"}, interviewer="t1")
        made_here.clear()  # the start record: nothing was expected before it
        *first, last = demo.randomized
        said = []
        for q in first:
            _made_ahead(station)
            spin = interview.spin(q.id, 1)
            _made_ahead(station)
            interview.record(q.id, spin.answer)
            said.append(q.answer_ids[int(spin.answer[0])])
        assert made_here == []  # every spun record and every answer's rows were made ahead, and framed
        _made_ahead(station)
        spin = interview.spin(last.id, 0)
        _made_ahead(station)
        day[0] = dt.date(2026, 11, 3)  # midnight between the spin and the answer
        interview.record(last.id, spin.answer)
        said.append(last.answer_ids[int(spin.answer[0])])
        assert made_here == ["answer_rows", "frame"]  # the guess held yesterday's date: made again
        got = _records(station)
    assert [r.kind for r in got] == ["start"] + ["spun", "answer"] * len(demo.randomized)
    assert [r.answer for r in got if r.kind == "answer"] == said
    assert got[-1].day == "2026-11-03" and {r.day for r in got[:-1]} == {"2026-11-02"}


def test_a_spin_drawn_ahead_is_settled_once_for_its_own_question(demo, tmp_path, monkeypatch):
    # issue 33: with the OS CSPRNG the next question's spin is drawn between answers (all but
    # the answer, which its truth settles on the wait); a question declined drops its draw, and
    # a deterministic source is drawn from in order, on the wait
    import rrdesk.core.randomizer as randomizer

    on_wait: list[int] = []
    real = randomizer.spin

    def counted(design, truth=None, source=randomizer.system_bytes):
        on_wait.append(id(design))
        return real(design, truth, source)
    monkeypatch.setattr(randomizer, "spin", counted)
    first, second, third, *_ = demo.randomized
    with Station(demo, tmp_path / "laptop") as station:  # the OS CSPRNG
        interview = station.start({"department": "office"}, interviewer="t1")
        _made_ahead(station)
        drawn = station._sealers._made["draw"][1]
        spin = interview.spin(first.id, 1)
        assert on_wait == [] and (spin.sector, spin.position) == (drawn.sector, drawn.position)
        assert "draw" not in station._sealers._made  # taken: never settled twice
        _made_ahead(station)
        interview.record(first.id, spin.answer)
        _made_ahead(station)
        dropped = station._sealers._made["draw"][1]
        interview.decline(second.id)  # its draw is never settled, for it or another question
        _made_ahead(station)
        drawn = station._sealers._made["draw"][1]
        assert drawn is not dropped and drawn.design is third.design
        spin = interview.spin(third.id, 0)
        assert on_wait == [] and (spin.sector, spin.position) == (drawn.sector, drawn.position)
        assert spin.answer is not None and _records(station)[-1].kind == "spun"
    with Station(demo, tmp_path / "seeded", source=SeededSource(2)) as station:
        interview = station.start({"department": "office"}, interviewer="t1")
        _made_ahead(station)
        assert "draw" not in station._sealers._made
        interview.spin(first.id, 1)
        assert on_wait == [id(first.design)]
