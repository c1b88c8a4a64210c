"""Every log header is signed by its laptop (issue #12, Deliver 2; FORMAT.md §1.11).

A station signs each log's exact header bytes with the laptop's key as it begins the log, before
the first record; a crash in between, or a log from before headers were signed, is mended the
next time a station opens the folder. An export carries the signatures; ``verify`` and
``aggregate`` check each one against the laptop that signed the bundle. The attack: a log copied
from another laptop's folder into this one's, then exported and signed by this laptop.
"""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from rrdesk.app.interviews import Station
from rrdesk.core import survey as surveys
from rrdesk.core.errors import StoreError
from rrdesk.core.fileio import OsOps
from rrdesk.store import minisign
from rrdesk.store.laptop import LAPTOP_KEY, laptop_key
from rrdesk.store.log import _frames
from rrdesk.store.log import _sign as _log_sign
from rrdesk.store.verify import verify
from tests.cli_runs import export, rrdesk, simulate
from tests.conftest import DEMO, ROOT

KEY = ROOT / "resources" / "demo-identity.txt"
SID = "workplace-demo"
PER = 9  # records per demo interview
MINISIGN = shutil.which("minisign")








def logs_of(data: Path) -> list[Path]:
    return sorted((data / SID).glob("*.rrlog"))


def header_of(log: Path) -> tuple[_frames.Header, bytes]:
    data = log.read_bytes()
    header, length = _frames.parse_header(data)
    return header, data[:length]


@pytest.fixture(scope="module")
def two_laptops(tmp_path_factory) -> dict[str, Path]:
    """Laptop A (enrolled) and laptop B (enrolled too), each with its own interviews."""
    base = tmp_path_factory.mktemp("headers")
    simulate(base / "a", 3, 1)
    simulate(base / "b", 2, 2)
    listed = base / "coordinator.laptops"
    for name in ("a", "b"):
        (base / f"stick-{name}").mkdir()
        code, out, err = rrdesk("enrollment", "--data", base / name, "--to", base / f"stick-{name}")
        assert code == 0, err
        shown = err.split("key id is ", 1)[1].split(":", 1)[0]  # what the laptop shows
        assert rrdesk("enroll", out.strip().splitlines()[0], "--laptops", listed, "--key-id", shown)[0] == 0
    return {"base": base, "laptops": listed}


def test_a_new_log_has_its_header_signed_and_the_minisign_tool_agrees(two_laptops, tmp_path):
    data = two_laptops["base"] / "a"
    [log] = logs_of(data)
    header, raw = header_of(log)
    signature = _log_sign.signature_path(log)
    key = laptop_key(data).public()
    assert _log_sign.header_problem(header, signature.read_bytes(), key) is None
    if MINISIGN is None:
        pytest.skip("the minisign tool is not installed (CI installs it)")
    (tmp_path / "header").write_bytes(raw)
    shutil.copy(signature, tmp_path / "header.minisig")
    done = subprocess.run([MINISIGN, "-Vm", str(tmp_path / "header"), "-P", key.base64()],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert (f"rrdesk-log/1 survey {SID} device {header.device_id.hex()} log {header.log_id.hex()} "
            f"header-sha256 {_log_sign.hashlib.sha256(raw).hexdigest()}") in done.stdout
    (tmp_path / "header").write_bytes(raw[:-1] + bytes([raw[-1] ^ 1]))
    done = subprocess.run([MINISIGN, "-Vm", str(tmp_path / "header"), "-P", key.base64()],
                          capture_output=True, text=True)
    assert done.returncode != 0  # the tool, too, refuses another header


class _NoSignature(OsOps):
    """The power fails as the header's signature is put in place: the log is there, unsigned."""

    def link(self, source: Path, target: Path) -> None:
        if target.name.endswith(".rrlog.minisig"):
            raise OSError(5, "Input/output error")
        super().link(source, target)


def test_a_crash_between_header_and_signature_is_mended_when_a_station_opens(tmp_path):
    survey, data = surveys.load(DEMO), tmp_path / "data"
    with pytest.raises(StoreError, match="could not be written"):
        Station(survey, data, ops=_NoSignature())
    [log] = logs_of(data)
    assert not _log_sign.signature_path(log).exists() and log.stat().st_size == len(header_of(log)[1])
    Station(survey, data).writer.close()  # the next start signs it, before any record
    assert [p.name for p in logs_of(data)] == [log.name]
    assert _log_sign.header_problem(header_of(log)[0], _log_sign.signature_path(log).read_bytes(),
                                    laptop_key(data).public()) is None
    assert verify(data).problems == ()


def test_a_log_from_before_headers_were_signed_gets_its_signature_but_a_foreign_one_does_not(two_laptops, tmp_path):
    data = Path(shutil.copytree(two_laptops["base"] / "a", tmp_path / "a"))
    [own] = logs_of(data)
    _log_sign.signature_path(own).unlink()  # as an older rrdesk left it
    [foreign] = logs_of(two_laptops["base"] / "b")
    for path in (foreign, foreign.with_name(foreign.name + ".key")):  # without B's signature
        shutil.copy(path, data / SID / path.name)
    assert [p.what for p in verify(data).problems] == [
        f"{name}.minisig is missing: nothing proves laptop {name[:8]} began this log"
        for name in sorted((own.name, foreign.name))]
    Station(surveys.load(DEMO), data).writer.close()
    assert _log_sign.signature_path(own).exists()
    assert not _log_sign.signature_path(data / SID / foreign.name).exists()  # never another laptop's
    assert [p.file for p in verify(data).problems] == [str(data / SID / foreign.name)]


def test_a_log_transplanted_from_another_laptop_is_reported_and_left_out(two_laptops, tmp_path):
    base, listed = two_laptops["base"], two_laptops["laptops"]
    data = Path(shutil.copytree(base / "a", tmp_path / "a"))
    [foreign] = logs_of(base / "b")
    for path in (foreign, _log_sign.signature_path(foreign), foreign.with_name(foreign.name + ".key")):
        shutil.copy(path, data / SID / path.name)  # B's log, its key file and B's header signature
    made = export(data, tmp_path / "stick")  # signed by laptop A, whose key is enrolled
    b_key = laptop_key(base / "b").public().fingerprint
    code, out, _ = rrdesk("verify", "-i", KEY, "--laptops", listed, made)
    assert code == 1
    [line] = [line for line in out.splitlines() if foreign.name in line]
    assert f"made by key {b_key}, not by {laptop_key(data).public().fingerprint}" in line
    assert "not begun by the laptop that exported it" in line
    assert [p.file for p in verify(data).problems] == [str(data / SID / foreign.name)]  # the folder too

    def aggregate(*extra: object) -> tuple[int, dict]:
        code, out, err = rrdesk("aggregate", made, "-i", KEY, "--laptops", listed, "--ledger",
                                tmp_path / "ledger", "--json", *extra)
        assert err == "", err
        return code, json.loads(out)

    code, got = aggregate()
    assert code == 1 and got["records"] == 3 * PER  # A's own records only
    [problem] = got["problems"]
    assert problem["file"] == f"{made}:{foreign.name}" and "none of its records was used" in problem["what"]
    ledger = (tmp_path / "ledger").read_text()
    assert foreign.name[33:65] not in ledger and logs_of(base / "a")[0].name[33:65] in ledger  # nor the ledger
    code, let_in = aggregate("--accept-unverified")
    assert code == 1 and let_in["records"] == 5 * PER
    assert "its records were used (--accept-unverified)" in let_in["problems"][0]["what"]


def test_a_header_signature_is_bound_to_its_key_and_its_log(two_laptops):
    data = two_laptops["base"] / "a"
    [log] = logs_of(data)
    header, raw = header_of(log)
    key = laptop_key(data)
    good = _log_sign.sign_header(key, header)
    assert _log_sign.header_problem(header, good, key.public()) is None
    assert "is missing" in _log_sign.header_problem(header, None, key.public())
    other = minisign.generate()
    assert "not begun by the laptop" in _log_sign.header_problem(header, good, other.public())
    moved = minisign.sign(key, minisign.file_hash([raw]), _log_sign.trusted_comment(header).replace(
        header.log_id.hex(), "0" * 32)).encode()
    assert "signs another log header" in _log_sign.header_problem(header, moved, key.public())
    assert (data / LAPTOP_KEY).stat().st_mode & 0o777 == 0o600


def test_a_bundle_holds_header_signatures_by_exactly_their_name_and_size(two_laptops, tmp_path):
    from rrdesk.store.bundle import _open as _bundle_open

    name = logs_of(two_laptops["base"] / "a")[0].name
    assert _bundle_open._expected(name + ".minisig")
    for other in (name + ".minisig2", name + ".sig", "x.minisig", ".hidden.rrlog.minisig", name + ".minisig/x"):
        assert not _bundle_open._expected(other)
    signed = _log_sign.signature_path(logs_of(two_laptops["base"] / "a")[0]).read_bytes()
    assert len(signed) < 1024  # about 400 bytes: far under the 16 KiB a bundle allows


def test_a_damaged_laptop_key_is_a_problem_of_verify_not_the_end_of_it(two_laptops, tmp_path):
    data = Path(shutil.copytree(two_laptops["base"] / "a", tmp_path / "a"))
    (data / LAPTOP_KEY).write_text("not a key\n")
    [problem] = verify(data).problems
    assert problem.file == str(data / LAPTOP_KEY) and "damaged" in problem.what
