"""Every bundle proves which enrolled laptop wrote it (issue #12, Deliver 2; FORMAT.md §2.8).

The attacks are real: anyone holding the survey file (its recipients are public) can run
``rrdesk simulate`` and ``rrdesk export`` on another machine, or append invented interviews to a
laptop's real log and export it with a key of their own. Each is caught by ``verify -i`` and
``aggregate`` against the coordinator's list of enrolled laptops, and its records are left out
of the estimates unless ``--accept-unverified``. The signatures verify with the real
``minisign -V`` (Debian's package; CI installs it).
"""
from __future__ import annotations

import io
import json
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from rrdesk.core import survey as surveys
from rrdesk.store import age, bundle, keys, minisign
from rrdesk.store import laptop as _bundle_sign
from tests.cli_runs import export, rrdesk, simulate
from tests.conftest import ROOT

KEY = ROOT / "resources" / "demo-identity.txt"
SID = "workplace-demo"
PER = 9  # records per demo interview
MINISIGN = shutil.which("minisign")








def enroll(data: Path, listed: Path, stick: Path, *name: str) -> None:
    stick.mkdir(exist_ok=True)
    code, out, err = rrdesk("enrollment", "--data", data, "--to", stick)
    assert code == 0, err
    shown = err.split("key id is ", 1)[1].split(":", 1)[0]  # what the laptop shows
    named = ("--name", *name) if name else ()
    code, _, err = rrdesk("enroll", out.strip().splitlines()[0], "--laptops", listed, "--key-id", shown, *named)
    assert code == 0, err


def aggregate(listed: Path, *argv: object) -> tuple[int, dict]:
    code, out, err = rrdesk("aggregate", *argv, "-i", KEY, "--laptops", listed, "--json")
    assert err == "", err
    return code, json.loads(out)


@pytest.fixture(scope="module")
def field(tmp_path_factory) -> dict[str, Path]:
    """One enrolled laptop's bundle (nobody unhappy), and the coordinator's list holding it alone."""
    base = tmp_path_factory.mktemp("custody")
    simulate(base / "laptop", 6, 1, "unhappy=0")
    listed = base / "coordinator.laptops"
    enroll(base / "laptop", listed, base / "stick-enroll")
    return {"base": base, "laptops": listed, "genuine": export(base / "laptop", base / "stick")}


def test_a_bundle_is_signed_by_its_laptop_and_the_minisign_tool_agrees(field, tmp_path):
    if MINISIGN is None:
        pytest.skip("the minisign tool is not installed (CI installs it)")
    plain = age.decrypt(field["genuine"].read_bytes(), keys.load_identities(KEY))
    with tarfile.open(fileobj=io.BytesIO(plain)) as tar:
        # why the test: Python 3.11 before 3.11.4 has no extraction filters (our own bundle, read here)
        tar.extractall(tmp_path, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    key = keys.load_signing_key(field["base"] / "laptop" / _bundle_sign.LAPTOP_KEY).public()
    assert manifest["format"] == "rrdesk-bundle/2" and manifest["signer"] == key.fingerprint
    done = subprocess.run([MINISIGN, "-Vm", str(tmp_path / "manifest.json"), "-P", key.base64()],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert f"rrdesk-bundle/2 survey {SID} device {manifest['device']} manifest-sha256" in done.stdout
    (tmp_path / "manifest.json").write_text(json.dumps({**manifest, "exported": "2020-01-01T00:00:00Z"}))
    done = subprocess.run([MINISIGN, "-Vm", str(tmp_path / "manifest.json"), "-P", key.base64()],
                          capture_output=True, text=True)
    assert done.returncode != 0  # the tool, too, refuses a manifest changed after signing


def test_a_genuine_enrolled_bundle_passes_verify_and_aggregate(field):
    code, out, _ = rrdesk("verify", "-i", KEY, "--laptops", field["laptops"], field["genuine"])
    assert code == 0 and "0 problem(s)" in out
    code, got = aggregate(field["laptops"], field["genuine"])
    assert code == 0 and got["problems"] == [] and got["records"] == 6 * PER


def test_a_bundle_made_on_another_machine_from_the_survey_file_is_reported_and_left_out(field):
    base = field["base"]
    simulate(base / "forger", 20, 2, "unhappy=1")  # the attacker's invented interviews: everyone unhappy
    forged = export(base / "forger", base / "stick-forger")
    code, out, _ = rrdesk("verify", "-i", KEY, "--laptops", field["laptops"], forged)
    assert code == 1 and "which is not enrolled" in out
    alone_code, alone = aggregate(field["laptops"], field["genuine"])
    code, got = aggregate(field["laptops"], field["genuine"], forged)
    assert code == 1 and got["records"] == 6 * PER and got["bundles"] == [str(field["genuine"])]
    [problem] = got["problems"]
    assert problem["file"] == str(forged) and "not enrolled" in problem["what"]
    assert "none of its records was used" in problem["what"]
    assert got["questions"] == alone["questions"]  # the estimate does not move
    code, let_in = aggregate(field["laptops"], field["genuine"], forged, "--accept-unverified")
    assert code == 1 and let_in["records"] == 26 * PER  # the coordinator said so: used, and still reported
    [problem] = let_in["problems"]
    assert "its records were used (--accept-unverified)" in problem["what"]
    assert let_in["questions"] != alone["questions"]


def test_interviews_appended_to_a_real_log_and_exported_with_another_key_are_reported(field):
    base = field["base"]
    stolen = Path(shutil.copytree(base / "laptop", base / "stolen"))
    # the attacker copies the data, but not the laptop's key: they bring a key of their own (rrdesk
    # never makes one where the logs were signed with another)
    (stolen / _bundle_sign.LAPTOP_KEY).write_text(minisign.generate().text("attacker"))
    simulate(stolen, 5, 3, "unhappy=1")  # appended to the laptop's real log (same device id)
    forged = export(stolen, base / "stick-stolen")
    code, out, _ = rrdesk("verify", "-i", KEY, "--laptops", field["laptops"], forged)
    assert code == 1 and "is enrolled with key" in out
    code, got = aggregate(field["laptops"], field["genuine"], forged)
    assert code == 1 and got["records"] == 6 * PER
    assert [p["file"] for p in got["problems"]] == [str(forged)]
    assert "not made by that laptop" in got["problems"][0]["what"]


def repack(original: Path, to: Path, change, identity: Path = KEY) -> Path:
    """``original``'s members, ``change``d in place (a dict name → bytes), sealed again to the
    recipients of its survey copy (as anyone holding them can)."""
    plain = age.decrypt(original.read_bytes(), keys.load_identities(identity))
    with tarfile.open(fileobj=io.BytesIO(plain)) as tar:
        members = {m.name: tar.extractfile(m).read() for m in tar}
    change(members)
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name, blob in sorted(members.items()):
            info = tarfile.TarInfo(name)
            info.size = len(blob)
            tar.addfile(info, io.BytesIO(blob))
    survey = surveys.loads(members[bundle.SURVEY_FILE].decode("utf-8"))
    to.write_bytes(age.encrypt(buffer.getvalue(), survey.recipients))
    return to


def test_an_old_unsigned_bundle_still_opens_and_is_reported_as_unsigned(field, tmp_path):
    def to_v1(members):
        del members[_bundle_sign.SIGNATURE]
        manifest = json.loads(members[bundle.MANIFEST])
        del manifest["signer"], manifest["survey_signature"]
        members[bundle.MANIFEST] = json.dumps({**manifest, "format": "rrdesk-bundle/1"}).encode()
    old = repack(field["genuine"], tmp_path / "old.tar.age", to_v1)
    assert bundle.open_bundle(old, keys.load_identities(KEY)).manifest["format"] == "rrdesk-bundle/1"
    code, got = aggregate(field["laptops"], old)
    assert code == 1 and got["records"] == 0 and "unsigned (rrdesk-bundle/1" in got["problems"][0]["what"]
    code, got = aggregate(field["laptops"], old, "--accept-unverified")
    assert code == 1 and got["records"] == 6 * PER


def test_a_signature_that_fails_or_is_missing_is_reported(field, tmp_path):
    def later(members):  # the manifest edited after signing (its export time)
        manifest = json.loads(members[bundle.MANIFEST])
        members[bundle.MANIFEST] = json.dumps({**manifest, "exported": "2030-01-01T00:00:00Z"}).encode()

    def unsigned(members):  # the signature dropped from a /2 bundle: not a bundle at all
        del members[_bundle_sign.SIGNATURE]
    changed = repack(field["genuine"], tmp_path / "changed.tar.age", later)
    code, out, _ = rrdesk("verify", "-i", KEY, "--laptops", field["laptops"], changed)
    assert code == 1 and "does not verify" in out and "changed after laptop" in out
    code, got = aggregate(field["laptops"], changed)
    assert code == 1 and got["records"] == 0
    stripped = repack(field["genuine"], tmp_path / "stripped.tar.age", unsigned)
    code, out, _ = rrdesk("verify", "-i", KEY, "--laptops", field["laptops"], stripped)
    assert code == 1 and "rrdesk-bundle/2 without manifest.json.minisig" in out


def test_nothing_enrolled_means_every_bundle_is_reported(field, tmp_path):
    code, got = aggregate(tmp_path / "none.laptops", field["genuine"])
    assert code == 1 and got["records"] == 0 and "not enrolled" in got["problems"][0]["what"]
