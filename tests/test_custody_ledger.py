"""The ledger across bundles (issue #12, Deliver 3; FORMAT.md §4): a log deleted, cut short, rolled
back or rolled back and recorded over between two exports that the coordinator aggregates one
after the other (the same ledger, two runs of ``rrdesk aggregate``) is a problem naming the
laptop, the log and what changed. Every bundle here is genuine: signed by its enrolled laptop,
so only the ledger can tell.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rrdesk.store.ledger import Ledger
from rrdesk.store.log import scan
from tests.test_custody import KEY, PER, SID, enroll, export, rrdesk, simulate


@pytest.fixture
def coordinator(tmp_path) -> dict[str, Path]:
    return {"laptops": tmp_path / "coordinator.laptops", "ledger": tmp_path / "coordinator.ledger",
            "base": tmp_path}


def laptop(coordinator, name: str, n: int, seed: int) -> Path:
    data = coordinator["base"] / name
    simulate(data, n, seed)
    enroll(data, coordinator["laptops"], coordinator["base"] / f"stick-enroll-{name}")
    return data


def aggregate(coordinator, *bundles: Path) -> tuple[int, dict]:
    code, out, err = rrdesk("aggregate", *bundles, "-i", KEY, "--laptops", coordinator["laptops"],
                            "--ledger", coordinator["ledger"], "--json")
    assert err == "", err
    return code, json.loads(out)


def first_then(coordinator, data: Path, change) -> tuple[Path, Path, dict]:
    """Export, aggregate; ``change`` the data folder; export again, aggregate again (a later run
    with the same ledger). Returns both bundles and the second run's output."""
    one = export(data, coordinator["base"] / "stick-1")
    code, got = aggregate(coordinator, one)
    assert code == 0 and got["problems"] == []
    change(data)
    two = export(data, coordinator["base"] / "stick-2")
    code, got = aggregate(coordinator, two)
    assert code == 1
    return one, two, got


def logs(data: Path) -> list[Path]:
    return sorted((data / SID).glob("*.rrlog"))


def device(data: Path) -> str:
    return (data / "device-id").read_text().strip()[:8]


def two_logs(coordinator, name: str) -> Path:
    """A laptop with two logs: its pointer as an rrdesk of record format /1 left it, so the
    station never continues that log and begins another, numbered after it."""
    data = laptop(coordinator, name, 3, 11)
    [first] = logs(data)
    (data / SID / "current").write_text(first.name + "\n")
    simulate(data, 2, 12)
    assert len(logs(data)) == 2
    return data


def test_a_deleted_log_is_named_with_its_laptop_and_what_it_held(coordinator):
    data = two_logs(coordinator, "deleted")
    gone = logs(data)[0]
    held = len(scan(gone.read_bytes(), gone.name).frames)
    assert held in (2 * PER, 3 * PER)
    _, two, got = first_then(coordinator, data, lambda d: gone.unlink())
    [problem] = got["problems"]
    assert problem["file"].startswith(str(two)) and gone.name in problem["file"] + problem["what"]
    assert f"log {gone.name} of laptop {device(data)} is missing" in problem["what"]
    assert f"an earlier bundle held it with {held} records" in problem["what"]


def test_all_logs_deleted_and_recording_again_is_named(coordinator):
    data = laptop(coordinator, "wiped", 3, 21)
    [old] = logs(data)

    def wipe(d: Path) -> None:
        for path in (d / SID).glob("*.rrlog*"):
            path.unlink()
        simulate(d, 1, 22)  # a fresh log, so that there is something to export
    _, two, got = first_then(coordinator, data, wipe)
    [problem] = got["problems"]
    assert problem["file"].startswith(str(two))
    assert f"log {old.name} of laptop {device(data)} is missing" in problem["what"]
    assert got["records"] == 1 * PER  # the new log's records are genuine, and used


def test_an_old_copy_restored_is_a_shorter_log(coordinator):
    data = laptop(coordinator, "restored", 2, 31)
    old = shutil.copytree(data, coordinator["base"] / "restored-backup")
    simulate(data, 3, 32)  # five interviews now: the first bundle holds them

    def restore(d: Path) -> None:
        shutil.rmtree(d)
        shutil.copytree(old, d)
    _, two, got = first_then(coordinator, data, restore)
    [log] = logs(data)
    [problem] = got["problems"]
    assert problem["file"] == f"{two}:{log.name}"
    assert f"has {2 * PER} records; an earlier bundle held {5 * PER}" in problem["what"]


def test_an_old_copy_restored_then_recorded_over_diverges(coordinator):
    data = laptop(coordinator, "overwritten", 2, 41)
    old = shutil.copytree(data, coordinator["base"] / "overwritten-backup")
    simulate(data, 2, 42)

    def restore_and_record(d: Path) -> None:
        shutil.rmtree(d)
        shutil.copytree(old, d)
        simulate(d, 3, 43)  # longer than before, and other records where the old ones were
    _, two, got = first_then(coordinator, data, restore_and_record)
    [log] = logs(data)
    [problem] = got["problems"]
    assert problem["file"] == f"{two}:{log.name}" and problem["record"] == 4 * PER - 1
    assert "an old copy was restored and recorded over" in problem["what"]


def test_a_log_that_only_grew_and_the_same_bundles_again_are_no_problem(coordinator):
    data = laptop(coordinator, "honest", 2, 51)
    one = export(data, coordinator["base"] / "stick-1")
    assert aggregate(coordinator, one)[0] == 0
    simulate(data, 2, 52)
    two = export(data, coordinator["base"] / "stick-2")
    code, got = aggregate(coordinator, one, two)
    assert code == 0 and got["problems"] == [] and got["records"] == 4 * PER
    assert aggregate(coordinator, two, one)[0] == 0  # counted before: never compared twice
    [(key, (records, head))] = Ledger.load(coordinator["ledger"]).logs.items()
    assert key[0] == SID and records == 4 * PER and len(head) == 64


def test_a_bundle_not_proven_never_advances_the_ledger(coordinator, tmp_path):
    data = laptop(coordinator, "proven", 2, 61)
    simulate(tmp_path / "stranger", 3, 62)  # not enrolled
    stranger = export(tmp_path / "stranger", tmp_path / "stick-stranger")
    code, _ = aggregate(coordinator, export(data, tmp_path / "stick-proven"), stranger)
    assert code == 1
    ledger = Ledger.load(coordinator["ledger"])
    assert {device for _, device, _ in ledger.logs} == {(data / "device-id").read_text().strip()}
