"""The data folder's side files under faults: a damaged pointer, a full disk or a read-only
folder while setting up, and stations of several processes starting together (FORMAT.md §3)."""
from __future__ import annotations

import errno
import json
import multiprocessing
import os
import subprocess
import uuid
from pathlib import Path

import pytest

from rrdesk.app.interviews import Station, device_id
from rrdesk.core import survey as surveys
from rrdesk.core.errors import LogLocked, describe
from rrdesk.core.fileio import OsOps
from rrdesk.store import log
from rrdesk.store.log import open_record
from rrdesk.store.verify import verify
from tests.conftest import DEMO, SeededSource, answer_all, demo_identities
from tests.test_errors import PREFIX, rrdesk_cli

DIRECT = {"department": "office"}
RACERS = 50  # why: the brief's count of stations started together on one fresh folder
ROUNDS = 50  # why: the brief's count of two-process races on a new survey


#: what the fork server imports once, so that each racer forked from it starts at once
PRELOAD = ["rrdesk.app.interviews", "rrdesk.core.survey", "rrdesk.store.laptop", "tests.test_enrollment",
           "tests.test_folder_faults"]

def _pointer(data: Path) -> Path:
    return data / "workplace-demo" / "current"


def _numbers(data: Path) -> list[int]:
    """The interview number of every start record in the data folder's logs, log by log."""
    identities = demo_identities()
    found = []
    for path in sorted((data / "workplace-demo").glob("*.rrlog")):
        for frame in log.scan(path.read_bytes(), str(path)).frames:
            record = open_record(frame.blob, identities)
            if record.kind == "start":
                found.append(record.interview)
    return found


# -- a damaged pointer ------------------------------------------------------------------------


def test_a_garbage_pointer_is_reported_by_verify_and_simulate_goes_on_numbering(tmp_path):
    data = tmp_path / "D"
    assert rrdesk_cli("simulate", DEMO, "--data", data, "-n", 2)[0] == 0
    _pointer(data).write_bytes(b"\xff\xfe\n")
    code, out, _ = rrdesk_cli("verify", data)
    assert code == 1 and f"{_pointer(data)}" in out and "damaged" in out
    code, out, err = rrdesk_cli("simulate", DEMO, "--data", data, "-n", 2, "--json")
    assert (code, err) == (0, "") and json.loads(out)["interviews_in_folder"] == 4
    assert _numbers(data) == [1, 2, 3, 4]  # one log, numbering went on, nothing repeated
    assert len(list((data / "workplace-demo").glob("*.rrlog"))) == 1
    assert rrdesk_cli("verify", data)[0] == 0  # the pointer was written again


def test_an_interrupted_interview_survives_a_garbage_pointer_and_is_never_re_offered(tmp_path):
    demo = surveys.load(DEMO)
    with Station(demo, tmp_path, source=SeededSource(3)) as station:
        answer_all(station.start(DIRECT, interviewer="t1"))
        interview = station.start(DIRECT, interviewer="t1")
        interview.spin(demo.randomized[0].id, 1)  # spun, its outcome seen, never answered
    _pointer(tmp_path).write_bytes(b"garbage")
    with Station(demo, tmp_path) as station:
        stopped = station.interrupted()
        assert stopped is not None and stopped.number == 2
        assert stopped.spun_unanswered == demo.randomized[0].id
        resumed = station.resume(interviewer="t1")
        assert resumed.next_question.id == demo.randomized[1].id  # the spun one is never offered again
        resumed.abandon()
        assert station.start(DIRECT, interviewer="t1").number == 3
    assert verify(tmp_path, demo_identities()).problems == ()


@pytest.mark.parametrize("damage", [b"not an id\n", b"\xff" * 33, None])
def test_a_damaged_or_lost_device_id_is_taken_back_from_the_logs(tmp_path, damage):
    data = tmp_path / "D"
    assert rrdesk_cli("simulate", DEMO, "--data", data, "-n", 2)[0] == 0
    device = (data / "device-id").read_bytes()
    if damage is None:
        (data / "device-id").unlink()
    else:
        (data / "device-id").write_bytes(damage)
        code, out, _ = rrdesk_cli("verify", data)
        assert code == 1 and f"{data / 'device-id'}" in out
    assert rrdesk_cli("simulate", DEMO, "--data", data, "-n", 1)[:3:2] == (0, "")
    assert (data / "device-id").read_bytes() == device
    assert _numbers(data) == [1, 2, 3]  # the same laptop's log went on
    assert rrdesk_cli("verify", data)[0] == 0


def test_a_damaged_device_id_the_logs_cannot_replace_is_one_line(tmp_path):
    data = tmp_path / "D"
    assert rrdesk_cli("simulate", DEMO, "--data", data, "-n", 1)[0] == 0
    _pointer(data).unlink()  # nothing says which laptop's logs these are
    (data / "device-id").write_bytes(b"not an id\n")
    code, _, err = rrdesk_cli("simulate", DEMO, "--data", data, "-n", 1)
    assert (code, err) == (2, f"{PREFIX}{data / 'device-id'}: not a device id (32 hex digits); "
                              "it was edited or damaged\n")


def test_a_pointer_naming_a_missing_log_is_reported_by_verify(tmp_path):
    data = tmp_path / "D"
    assert rrdesk_cli("simulate", DEMO, "--data", data, "-n", 1)[0] == 0
    _pointer(data).write_text(f"{'a' * 32}-{'b' * 32}.rrlog\nrrdesk-record/2\n0\n", encoding="ascii")
    code, out, _ = rrdesk_cli("verify", data)
    assert code == 1 and f"{_pointer(data)}" in out and "not in the folder" in out


# -- setting up a data folder: one line naming the file ------------------------------------------


@pytest.mark.parametrize("name", ["device-id", "survey.toml", "current"])
def test_a_full_disk_while_setting_up_is_one_line_naming_the_file(tmp_path, monkeypatch, name):
    data = tmp_path / "D"
    real_open = OsOps.open

    def full_at(self, path, flags, mode=0o600):
        if Path(path).name.startswith(name + "."):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_open(self, path, flags, mode)

    monkeypatch.setattr(OsOps, "open", full_at)
    code, out, err = rrdesk_cli("simulate", DEMO, "--data", data, "-n", 1)
    target = data / name if name == "device-id" else data / "workplace-demo" / name
    assert (code, out, err) == (2, "", f"{PREFIX}{target}: could not be written: No space left on device\n")
    assert not list(data.rglob("*.new")), "no temporary file is left behind"


def test_a_folder_without_hard_links_still_gets_one_device_id(tmp_path):
    class NoLinks(OsOps):  # FAT: link() says "Operation not permitted"
        def link(self, source, target):
            raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    first = device_id(tmp_path, NoLinks())
    assert device_id(tmp_path, NoLinks()) == first == device_id(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["device-id"]


def test_a_survey_folder_that_is_a_file_is_one_line(tmp_path):
    data = tmp_path / "D"
    data.mkdir()
    (data / "workplace-demo").write_text("in the way")
    code, _, err = rrdesk_cli("simulate", DEMO, "--data", data, "-n", 1)
    assert (code, err) == (2, f"{PREFIX}{data / 'workplace-demo'}: cannot be created: File exists\n")


def _mount(*args: str) -> bool:
    return subprocess.run(["mount", *args], capture_output=True).returncode == 0


@pytest.fixture
def read_only(tmp_path):
    """A folder nobody may write to: a read-only bind mount when root (root writes through
    file modes), else mode 0555; skipped where neither can be had."""
    source, target = tmp_path / "source", tmp_path / "ro"
    source.mkdir()
    target.mkdir()
    if os.geteuid() == 0:
        if not _mount("--bind", str(source), str(target)):
            pytest.skip("cannot bind-mount here")
        if not _mount("-o", "remount,ro,bind", str(target)):
            subprocess.run(["umount", str(target)], check=False)
            pytest.skip("cannot remount read-only here")
        yield source, target, "Read-only file system"
        subprocess.run(["umount", str(target)], check=False)
    else:
        yield source, target, "Permission denied"
        target.chmod(0o755)


def _make_read_only(source: Path, target: Path) -> None:
    if os.geteuid() != 0:
        target.chmod(0o555)


def test_a_read_only_fresh_data_folder_is_one_line(read_only):
    source, target, reason = read_only
    _make_read_only(source, target)
    code, _, err = rrdesk_cli("simulate", DEMO, "--data", target, "-n", 1)
    assert (code, err) == (2, f"{PREFIX}{target / 'device-id'}: could not be written: {reason}\n")


def test_a_read_only_data_folder_with_logs_is_one_line(read_only):
    source, target, reason = read_only
    assert rrdesk_cli("simulate", DEMO, "--data", source, "-n", 1)[0] == 0
    if os.geteuid() != 0:
        for folder in (target, target / "workplace-demo"):
            (folder).chmod(0o555)
        pytest.skip("file modes leave the log itself writable")
    code, _, err = rrdesk_cli("simulate", DEMO, "--data", target, "-n", 1)
    logs = list((target / "workplace-demo").glob("*.rrlog"))
    assert (code, err) == (2, f"{PREFIX}{logs[0]}: could not be opened: {reason}\n")


# -- stations started together -------------------------------------------------------------


def _station_step(data: str, gate, results) -> None:
    """One racer: start a station, take the open interview one question further (or begin
    one), and stop there as if killed -- leaving it for whoever comes next."""
    gate.wait()
    try:
        demo = surveys.load(DEMO)
        with Station(demo, data) as station:
            interview = station.resume(interviewer="t1") if station.interrupted() else station.start(DIRECT, interviewer="t1")
            question = interview.next_question
            if question is not None:
                interview.spin(question.id, 1)
        results.put(("ok", ""))
    except LogLocked as error:
        results.put(("locked", describe(error)))
    except BaseException as error:  # the test fails on it, naming it
        results.put(("failed", describe(error)))


def _race(target, args_list: list[tuple]) -> list[tuple[str, str]]:
    context = multiprocessing.get_context("forkserver")  # why: see test_enrollment (a fork copies held locks)
    context.set_forkserver_preload(PRELOAD)
    gate, results = context.Barrier(len(args_list)), context.Queue()
    racers = [context.Process(target=target, args=(*args, gate, results)) for args in args_list]
    for racer in racers:
        racer.start()
    outcomes = [results.get(timeout=60) for _ in racers]
    for racer in racers:
        racer.join(timeout=60)
    return outcomes


def test_fifty_stations_started_together_on_a_fresh_folder_share_one_device_and_one_log(tmp_path):
    data = tmp_path / "D"
    outcomes = _race(_station_step, [(str(data),)] * RACERS)
    assert not [o for o in outcomes if o[0] == "failed"], outcomes
    assert all(line.endswith(": in use by another rrdesk window or process") for kind, line in outcomes
               if kind == "locked")
    device = (data / "device-id").read_text(encoding="ascii").strip()
    logs = list((data / "workplace-demo").glob("*.rrlog"))
    assert [p.name.split("-")[0] for p in logs] == [device]  # one log, of the one device
    assert not list(data.rglob("*.new"))
    assert any(kind == "ok" for kind, _ in outcomes)
    numbers = _numbers(data)
    assert numbers == list(range(1, len(numbers) + 1))  # numbered in turn, none repeated
    with Station(surveys.load(DEMO), data) as station:  # the interview the racers left is offered
        assert station.writer.path == logs[0] and station.interviews_begun == len(numbers)
        if station.interrupted() is not None:
            station.resume(interviewer="t1").abandon()
        assert station.start(DIRECT, interviewer="t1").number == len(numbers) + 1
    assert verify(data, demo_identities()).problems == ()


def _survey_start(data: str, survey: str, gate, results) -> None:
    gate.wait()
    try:
        with Station(surveys.load(survey), data) as station:
            answer_all(station.start(DIRECT, interviewer="t1"))
        results.put(("ok", ""))
    except LogLocked as error:
        results.put(("locked", describe(error)))
    except BaseException as error:
        results.put(("failed", describe(error)))


def test_two_stations_starting_a_new_survey_together_never_fail_on_the_folder(tmp_path):
    data = tmp_path / "D"
    with Station(surveys.load(DEMO), data):
        pass  # the device id exists; each round races on a survey new to the folder
    text = DEMO.read_text(encoding="utf-8")
    held = 0
    for round_ in range(ROUNDS):
        survey = tmp_path / f"s{round_}.toml"
        sid = f"race-{uuid.UUID(int=round_).hex[-6:]}"
        survey.write_text(text.replace('id = "workplace-demo"', f'id = "{sid}"', 1), encoding="utf-8")
        outcomes = _race(_survey_start, [(str(data), str(survey))] * 2)
        assert not [o for o in outcomes if o[0] == "failed"], (round_, outcomes)
        assert (data / sid / "survey.toml").read_bytes() == survey.read_bytes()
        assert len(list((data / sid).glob("*.rrlog"))) == 1
        held += 1
    assert held == ROUNDS
    assert not list(data.rglob("*.new"))
    assert verify(data).problems == ()


def test_a_damaged_survey_copy_is_set_aside_and_interviews_go_on(tmp_path):
    """A survey copy that no longer reads (a flipped byte) never stops interviews: it is kept
    aside as survey.toml.damaged-<time>, named in the station's problems, replaced by the survey
    file, and numbering goes on; verify then checks the folder against the new copy."""
    from rrdesk import cli
    from rrdesk.app.interviews import Station
    from rrdesk.core import survey as surveys
    from tests.conftest import DEMO, answer_all

    data = tmp_path / "data"
    demo = surveys.load(DEMO)
    with Station(demo, data) as station:
        answer_all(station.start({"department": "office"}, interviewer="t1"))
    copy = data / demo.id / "survey.toml"
    copy.write_bytes(b"\xff\xfe" + copy.read_bytes()[2:])
    with Station(demo, data) as station:
        assert [p.file for p in station.problems] == [str(copy)]
        assert "replaced by the survey file" in station.problems[0].what
        interview = station.start({"department": "office"}, interviewer="t1")
        assert interview.number == 2
        answer_all(interview)
    aside = sorted((data / demo.id).glob("survey.toml.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"\xff\xfe")
    assert copy.read_bytes() == DEMO.read_bytes()
    assert cli.main(["verify", str(data), "-i", str(DEMO.parent.parent / "demo-identity.txt")]) == 0
