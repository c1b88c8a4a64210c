"""After a key rotation the coordinator aggregates with ``-i new.key -i old.key`` (README, "Several
keys"): the laptops' list, the ledger and the signing key beside *every* identity are read and
merged (rrdesk/app/aggregate/_custody.py), a conflict between them is named in one line, and the
merged ledger is saved beside the first identity. Before, only the first identity's side files
were looked at: with the new key first, every laptop was "not enrolled" and nothing counted."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rrdesk.app import aggregate, enrollment
from rrdesk.store.laptop import laptop_key
from rrdesk.store.ledger import Ledger
from tests.cli_runs import SID, export, rrdesk
from tests.conftest import DEMO

N = 4  # interviews


@pytest.fixture
def rotated(tmp_path, monkeypatch) -> dict[str, Path]:
    """old.key made the survey (sealed to it, signed with old.minisign.key), enrolled the laptop
    and aggregated once (old.ledger); then ``rrdesk keygen -o new.key`` (its own signing key,
    never used), with no list or ledger beside it yet."""
    monkeypatch.delenv(enrollment.LAPTOPS_ENV, raising=False)  # the coordinator's files, not the test suite's
    monkeypatch.delenv(aggregate.LEDGER_ENV, raising=False)
    files = {name: tmp_path / f"{name}.key" for name in ("old", "new")}
    recipients = {}
    for name, key in files.items():
        code, out, err = rrdesk("keygen", "-o", key)
        assert code == 0, err
        recipients[name] = next(w for w in out.split() if w.startswith("age1"))
    survey = tmp_path / "survey.toml"
    demo = DEMO.read_text(encoding="utf-8")
    old_line = next(line for line in demo.splitlines() if line.startswith("recipients"))
    survey.write_text(demo.replace(old_line, f'recipients = ["{recipients["old"]}"]'), encoding="utf-8")
    assert rrdesk("sign", survey, "-k", files["old"])[0] == 0
    data = tmp_path / "laptop"
    code, _, err = rrdesk("simulate", survey, "--data", data, "-n", N, "--seed", 3, "--force")  # signed: a test
    assert code == 0, err
    stick = tmp_path / "stick"
    stick.mkdir()
    code, out, err = rrdesk("enrollment", "--data", data, "--to", stick)
    assert code == 0, err
    shown = err.split("key id is ", 1)[1].split(":", 1)[0]  # what the laptop shows
    assert rrdesk("enroll", out.strip().splitlines()[0], "-i", files["old"], "--key-id", shown)[0] == 0
    first = export(data, tmp_path / "stick-1")
    code, got = run(first, files["old"])
    assert code == 0 and got["interviews"] == N, got
    return {**files, "data": data, "first": first, "base": tmp_path}


def run(bundle: Path, *identities: Path) -> tuple[int, dict]:
    code, out, err = rrdesk("aggregate", bundle, *(a for i in identities for a in ("-i", i)), "--json",
                            "--include-synthetic")  # the interviews here are simulated
    assert err == "", err
    return code, json.loads(out)


def test_the_new_key_first_finds_the_old_keys_laptops_ledger_and_signing_key(rotated):
    code, got = run(rotated["first"], rotated["new"], rotated["old"])
    assert code == 0 and got["problems"] == [] and got["interviews"] == N, got
    old, new = (Ledger.load(rotated["base"] / f"{n}.ledger") for n in ("old", "new"))
    assert new.logs == old.logs and new.bundles == old.bundles  # merged, saved beside the first


def test_the_merged_ledger_still_catches_a_log_cut_short_since_the_old_keys_run(rotated):
    (log,) = (rotated["data"] / SID).glob("*.rrlog")
    short = log.read_bytes()
    code, _, err = rrdesk("simulate", rotated["base"] / "survey.toml", "--data", rotated["data"], "-n", 1, "--seed", 4,
                          "--force")
    assert code == 0, err
    assert run(export(rotated["data"], rotated["base"] / "stick-2"), rotated["old"])[0] == 0  # old.ledger grew
    log.write_bytes(short)  # an old copy restored
    code, got = run(export(rotated["data"], rotated["base"] / "stick-3"), rotated["new"], rotated["old"])
    assert code == 1 and any("shorter" in p["what"] or "earlier bundle" in p["what"] for p in got["problems"]), got


def test_a_laptop_enrolled_with_two_keys_in_two_lists_is_one_line(rotated, tmp_path):
    other = tmp_path / "other-laptop"
    laptop_key(other)  # another installation's key, under this laptop's device id
    device = enrollment.this_laptop(rotated["data"]).device
    listed = enrollment.Laptops.load(rotated["base"] / "new.laptops")
    listed.add(enrollment.Laptop(device, laptop_key(other).public()), __import__("datetime").date(2026, 1, 2))
    listed.save()
    code, out, err = rrdesk("aggregate", rotated["first"], "-i", rotated["new"], "-i", rotated["old"])
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(f"rrdesk: error: {rotated['base'] / 'old.laptops'}: laptop {device[:8]}: enrolled here "
                          f"with key {laptop_key(rotated['data']).public().fingerprint} but in "
                          f"{rotated['base'] / 'new.laptops'} with key {laptop_key(other).public().fingerprint}"), err


def test_two_ledgers_that_saw_two_histories_of_a_log_are_one_line(rotated):
    old = rotated["base"] / "old.ledger"
    text = json.loads(old.read_text())
    entry = text["logs"][0]
    entry["head"] = "0" * 64 if entry["head"] != "0" * 64 else "1" * 64
    other = Ledger.load(old)  # the same log with another head, saved as rrdesk saves a ledger
    other.logs[(entry["survey"], entry["device"], entry["log"])] = (entry["records"], entry["head"])
    other.save(rotated["base"] / "new.ledger")
    shutil.copy(old, rotated["base"] / "old.ledger.bak")
    code, out, err = rrdesk("aggregate", rotated["first"], "-i", rotated["new"], "-i", rotated["old"])
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(f"rrdesk: error: {old}: survey {entry['survey']}, laptop {entry['device'][:8]}, "
                          f"log {entry['log']}: this ledger and {rotated['base'] / 'new.ledger'} both saw "
                          f"{entry['records']} records of this log, but not the same ones"), err
    assert old.read_bytes() == (rotated["base"] / "old.ledger.bak").read_bytes()  # nothing saved
