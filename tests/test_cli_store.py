"""The store commands end to end: simulate, export to a stick, verify, extract."""
from __future__ import annotations

import json

import pytest

from rrdesk import cli
from tests.conftest import ROOT

DEMO = str(ROOT / "resources" / "surveys" / "demo.toml")
DEMO_KEY = str(ROOT / "resources" / "demo-identity.txt")
PER = 9  # records per demo interview: a start, then spun + answer for each of four questions


@pytest.fixture
def recorded(tmp_path, capsys):
    data = tmp_path / "data"
    assert cli.main(["simulate", DEMO, "--data", str(data), "-n", "6", "--seed", "1"]) == 0
    capsys.readouterr()
    return data


def test_an_export_verifies_clean_with_every_record(recorded, tmp_path, capsys):
    stick = tmp_path / "stick"
    stick.mkdir()
    assert cli.main(["export", "--data", str(recorded), "--survey-id", "workplace-demo", "--to", str(stick)]) == 0
    path = capsys.readouterr().out.strip()
    assert path.endswith(".tar.age") and path.startswith(str(stick))
    assert cli.main(["verify", path, "-i", DEMO_KEY, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["records"] == 6 * PER and report["problems"] == []


def test_verify_finds_a_damaged_record_and_exits_1(recorded, capsys):
    log = next((recorded / "workplace-demo").glob("*.rrlog"))
    data = bytearray(log.read_bytes())
    data[-200] ^= 0x01  # inside the last record
    log.write_bytes(bytes(data))
    assert cli.main(["verify", str(recorded), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["records"] == 6 * PER - 1
    assert report["problems"] and report["problems"][0]["record"] == 6 * PER - 1
    assert report["problems"][0]["file"].endswith(log.name)


def test_extract_writes_one_age_file_per_record(recorded, tmp_path, capsys):
    out = tmp_path / "out"
    assert cli.main(["extract", str(recorded), "--to", str(out)]) == 0
    assert len(list(out.glob("*.age"))) == 6 * PER


def test_a_bundle_without_an_identity_is_one_line_and_exit_2(recorded, tmp_path, capsys):
    assert cli.main(["export", "--data", str(recorded), "--survey-id", "workplace-demo", "--to", str(tmp_path)]) == 0
    path = capsys.readouterr().out.strip()
    assert cli.main(["verify", path]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rrdesk: error: ") and "give -i IDENTITY" in err and err.count("\n") == 1


def test_an_export_to_a_missing_stick_is_one_line_and_exit_2(recorded, tmp_path, capsys):
    assert cli.main(["export", "--data", str(recorded), "--survey-id", "workplace-demo",
                     "--to", str(tmp_path / "unplugged")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rrdesk: error: ") and err.count("\n") == 1
