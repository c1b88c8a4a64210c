"""One hostile file never stops a whole run (issue #16): a record, a bundle, an identity or a
log that is made to hurt the reader becomes one problem on that file (or one error line, exit
2, when it is the only input), and every genuine record beside it is still used.

The hostile inputs are real: sealed to the public demo recipient with a valid chain and tags
(anyone who has the recipient can make them), a FIFO, a symlink to /dev/zero, a bundle whose
survey copy was edited and resealed.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import re
import tarfile
import tempfile
import threading
import time
from pathlib import Path

import pytest

from rrdesk.core import survey as surveys
from rrdesk.store import age, bundle, keys, log
from rrdesk.store import laptop as _bundle_sign
from tests.cli_runs import export, rrdesk, simulate
from tests.conftest import DEMO, ROOT

KEY = ROOT / "resources" / "demo-identity.txt"
SID = "workplace-demo"
PER = 9  # records per demo interview: the start, then spun + answer for four randomized questions
GENUINE = 6  # interviews in the genuine bundle
QUICK = 1.0  # seconds: "well under a second" for refusing a FIFO or a device




def timed(*argv: object, limit: float = 20.0) -> tuple[int, str, str, float]:
    """rrdesk in a thread that this test never waits on longer than ``limit`` (a hang fails)."""
    box: list = []
    start = time.monotonic()
    thread = threading.Thread(target=lambda: box.append(rrdesk(*argv)), daemon=True)
    thread.start()
    thread.join(limit)
    assert not thread.is_alive(), f"rrdesk {argv} still running after {limit} s"
    return (*box[0], time.monotonic() - start)


def one_line_error(code: int, out: str, err: str) -> None:
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("rrdesk: error: "), (code, out, err)
    assert "Traceback" not in err and "internal error" not in err






def aggregate_json(*bundles: object) -> tuple[int, dict | None, str]:
    code, out, err = rrdesk("aggregate", *bundles, "-i", KEY, "--json")
    return code, (json.loads(out) if out else None), err


@pytest.fixture(scope="module")
def scratch():
    shm = Path("/dev/shm")
    base = shm if shm.is_dir() and os.access(shm, os.W_OK) else None
    with tempfile.TemporaryDirectory(dir=base, prefix="rrdesk-hostile-") as folder:
        yield Path(folder)


@pytest.fixture(scope="module")
def genuine(scratch) -> Path:
    simulate(scratch / "genuine", GENUINE, 7)
    return export(scratch / "genuine", scratch / "stick-genuine")


@pytest.fixture(scope="module")
def nested(scratch) -> tuple[Path, Path, int]:
    """A data folder with one interview and then a record whose plaintext is 10,000 ``[``,
    appended by the real log writer (valid frame, chain and tag); its bundle; that record's seq."""
    data = scratch / "nested"
    simulate(data, 1, 8)
    (path,) = (data / SID).glob("*.rrlog")
    recipients = surveys.load(DEMO).recipients
    with log.LogWriter.open(path) as writer:
        seq = writer.append(age.encrypt(b"[" * 10_000, recipients))
    return data, export(data, scratch / "stick-nested"), seq


def test_a_deeply_nested_record_is_a_problem_on_that_record_in_verify(nested):
    data, hostile, seq = nested
    for target in (data, hostile):
        code, out, err = rrdesk("verify", "-i", KEY, target)
        assert code == 1 and err == "" and "Traceback" not in out and "internal error" not in out
        assert f"record {seq}: not an rrdesk record (not a JSON record)" in out
        assert out.endswith(f"{PER + 1} intact records in 1 file(s) (framing, sequence, chain, tags and every "
                            "record decrypted); 1 problem(s)\n")  # that record alone is named


def test_a_deeply_nested_record_beside_a_genuine_bundle_costs_only_itself(nested, genuine):
    _, hostile, seq = nested
    code, got, err = aggregate_json(genuine, hostile)
    assert code == 1 and err == ""
    assert got["records"] == (GENUINE + 1) * PER  # every genuine record, of both bundles
    assert [(p["file"].split(":")[0], p["record"]) for p in got["problems"]] == [(str(hostile), seq)]


def test_a_symlink_to_dev_zero_in_a_data_folder_is_one_problem(scratch):
    data = scratch / "zero"
    simulate(data, 2, 9)
    (data / SID / "zero.rrlog").symlink_to("/dev/zero")
    code, out, err, took = timed("verify", data)
    assert code == 1 and err == "" and took < 10 * QUICK
    assert f"{data / SID / 'zero.rrlog'}: cannot be read: not a regular file (a character device)" in out
    assert f"{2 * PER} intact records" in out
    code, out, err, _ = timed("verify", data / SID / "zero.rrlog")
    one_line_error(code, out, err)


@pytest.mark.parametrize("role", ["identity", "bundle"])
@pytest.mark.parametrize("command", ["verify", "aggregate"])
def test_a_fifo_is_refused_at_once_in_one_line(tmp_path, genuine, role, command):
    fifo = tmp_path / ("key.txt" if role == "identity" else "fifo.tar.age")
    os.mkfifo(fifo)
    identity, target = (fifo, genuine) if role == "identity" else (KEY, fifo)
    code, out, err, took = timed(command, target, "-i", identity)
    one_line_error(code, out, err)
    assert str(fifo) in err and "not a regular file (a FIFO)" in err and took < QUICK


def reseal(original: Path, to: Path, edit, laptop: Path | None = None) -> Path:
    """``original``'s contents with its survey copy edited by ``edit``, manifest updated,
    sealed to the demo recipient again (as anyone with the public recipient can); with
    ``laptop`` (its data folder) signed again by that laptop's key, as a laptop whose own copy
    was edited signs it: then only the survey choice can catch it."""
    plain = age.decrypt(original.read_bytes(), keys.load_identities(KEY))
    with tarfile.open(fileobj=io.BytesIO(plain)) as tar:
        members = {m.name: tar.extractfile(m).read() for m in tar}
    survey = edit(members[bundle.SURVEY_FILE].decode("utf-8")).encode("utf-8")
    manifest = json.loads(members[bundle.MANIFEST])
    manifest["survey_file"] = {"name": bundle.SURVEY_FILE, "size": len(survey),
                               "sha256": hashlib.sha256(survey).hexdigest()}
    members[bundle.SURVEY_FILE] = survey
    members[bundle.MANIFEST] = json.dumps(manifest).encode("utf-8")
    if laptop is not None:
        members[_bundle_sign.SIGNATURE] = _bundle_sign.sign_manifest(
            _bundle_sign.laptop_key(laptop), members[bundle.MANIFEST], manifest["survey"], manifest["device"])
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name, blob in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(blob)
            tar.addfile(info, io.BytesIO(blob))
    to.write_bytes(age.encrypt(buffer.getvalue(), surveys.load(DEMO).recipients))
    return to


def _renamed(text: str) -> str:  # a question renamed: none of the records fits this copy
    return re.sub(r'id = "unhappy"', 'id = "content"', text, count=1)


def _respun(text: str) -> str:  # another spinner: every record fits, the estimates would not
    return text.replace("epsilon = 1.0986122886681098", "epsilon = 0.5", 1)


@pytest.mark.parametrize("edit", [_renamed, _respun])
def test_an_edited_survey_copy_never_removes_a_genuine_bundles_records(genuine, scratch, edit):
    edited = reseal(genuine, scratch / f"edited-{edit.__name__}.tar.age", edit, scratch / "genuine")
    assert surveys.loads(edit(DEMO.read_text(encoding="utf-8"))).fingerprint != surveys.load(DEMO).fingerprint
    twice = scratch / "genuine-again.tar.age"
    twice.write_bytes(genuine.read_bytes())
    orders = [(edited, genuine, twice), (genuine, edited, twice), (twice, edited, genuine)]
    if edit is _renamed:  # one against one: the copy the records fit decides
        orders += [(edited, genuine), (genuine, edited)]
    for order in orders:
        code, got, err = aggregate_json(*order)
        assert code == 1 and err == "", order
        assert got["records"] == GENUINE * PER, order
        assert got["bundles"] == [str(b) for b in order if b != edited], order
        named = [p for p in got["problems"] if p["file"] == str(edited)]
        assert len(named) == 1 and "other questions or spinners" in named[0]["what"], got["problems"]
        epsilon = {q["id"]: q["epsilon"] for q in got["questions"]}
        assert epsilon["unhappy"] == pytest.approx(1.0986122886681098, abs=1e-9), order


def test_a_survey_file_given_decides_over_every_copy(genuine, scratch):
    from rrdesk.app import aggregate as use_case
    edited = reseal(genuine, scratch / "edited-given.tar.age", _respun, scratch / "genuine")
    found = use_case.run([edited, genuine], KEY, survey=surveys.load(DEMO), workers=1, include_synthetic=True)
    assert found.data.records == GENUINE * PER and found.data.bundles == (str(genuine),)
    assert [p.file for p in found.problems] == [str(edited)]


def test_copies_that_nothing_tells_apart_are_a_problem_that_asks_for_the_survey_file(genuine, scratch):
    edited = reseal(genuine, scratch / "edited-tie.tar.age", _respun, scratch / "genuine")  # every record fits both
    code, got, err = aggregate_json(genuine, edited)
    assert code == 1 and err == "" and got["records"] == GENUINE * PER
    first, *rest = got["problems"]
    assert first["file"] == str(genuine) and "give the survey file to decide" in first["what"]
    assert [p["file"] for p in rest] == [str(edited)]


@pytest.mark.parametrize("role", ["survey", "identity", "bundle"])
def test_a_symlink_to_dev_zero_given_as_a_file_is_one_line_at_once(tmp_path, genuine, role):
    zero = tmp_path / ("zero.tar.age" if role == "bundle" else "zero.txt")
    zero.symlink_to("/dev/zero")
    argv = {"survey": ("check", zero), "identity": ("verify", "-i", zero, genuine),
            "bundle": ("aggregate", zero, "-i", KEY)}[role]
    code, out, err, took = timed(*argv)
    one_line_error(code, out, err)
    assert str(zero) in err and "not a regular file (a character device)" in err and took < QUICK


@pytest.mark.parametrize("side_file", ["device-id", f"{SID}/current"])
def test_a_fifo_or_dev_zero_as_a_data_folders_side_file_is_a_problem_at_once(scratch, side_file):
    """verify reads a data folder's pointer and device id like any hostile input: a FIFO in
    their place is named at once (it used to hang verify), /dev/zero never fills memory."""
    for kind in ("fifo", "zero"):
        data = scratch / f"side-{kind}-{side_file.replace('/', '-')}"
        simulate(data, 2, 9)
        target = data / side_file
        target.unlink()
        os.mkfifo(target) if kind == "fifo" else target.symlink_to("/dev/zero")
        code, out, err, took = timed("verify", data)
        assert code == 1 and err == "" and took < 10 * QUICK, (code, err)
        assert str(target) in out, out


def test_the_survey_file_given_on_the_command_line_settles_a_tie(genuine, scratch):
    edited = reseal(genuine, scratch / "edited-cli.tar.age", _respun)  # every record fits both copies
    code, got, err = aggregate_json(genuine, edited, "--survey", DEMO)
    assert code == 1 and err == "" and got["records"] == GENUINE * PER and got["bundles"] == [str(genuine)]
    assert [p["file"] for p in got["problems"]] == [str(edited)]  # no "give the survey file" any more
    code, out, err = rrdesk("aggregate", genuine, "-i", KEY, "--survey", scratch / "missing.toml")
    one_line_error(code, out, err)


def test_a_station_never_reads_a_dev_zero_log_into_memory(scratch):
    """A symlink to /dev/zero named like one of this laptop's logs: starting the station again
    is one line naming it (it used to read /dev/zero until memory ran out)."""
    data = scratch / "station-zero"
    simulate(data, 1, 3)
    device = (data / "device-id").read_text().strip()
    zero = data / SID / f"{device}-{'0' * 32}.rrlog"
    zero.symlink_to("/dev/zero")
    code, out, err, took = timed("simulate", DEMO, "--data", data, "-n", "1", "--seed", "4")
    assert took < 10 * QUICK and "Traceback" not in err and "internal error" not in err, err
    if code != 0:  # either it goes on in a log it can trust, or it names the file in one line
        one_line_error(code, out, err)
        assert str(zero) in err
