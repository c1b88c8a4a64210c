"""The coordinator's ledger (rrdesk/store/ledger.py): a later bundle showing less is a problem.

The views here are built from hash chains of made-up checks; what each case models is said
in its name: deleted, truncated, rolled back and recorded over, an old export seen late.
"""
from __future__ import annotations

import hashlib

import pytest

from rrdesk.core.errors import InputError
from rrdesk.store.ledger import BundleView, Ledger, LogView

DEVICE = "ab" * 16
OTHER = "cd" * 16


def chain(n: int, seed: str = "a") -> list[bytes]:
    checks, prev = [], seed.encode()
    for i in range(n):
        prev = hashlib.sha256(prev + i.to_bytes(8, "little")).digest()
        checks.append(prev)
    return checks


def view(checks: list[bytes]) -> LogView:
    return LogView(len(checks), checks.__getitem__)


def bundle(name: str, logs: dict[str, list[bytes]], exported: str = "2026-11-01T10:00:00Z",
           device: str = DEVICE) -> BundleView:
    digest = hashlib.sha256(repr((name, sorted((k, len(v)) for k, v in logs.items()), exported)).encode()).hexdigest()
    return BundleView(name, digest, "demo", device, exported, {k: view(v) for k, v in logs.items()})


def test_growth_is_quiet_and_remembered():
    ledger = Ledger()
    assert ledger.observe(bundle("b1", {"L1": chain(5)})) == []
    assert ledger.observe(bundle("b2", {"L1": chain(9)}, "2026-11-02T10:00:00Z")) == []
    assert ledger.logs[("demo", DEVICE, "L1")] == (9, chain(9)[-1].hex())


def test_deleted_log_is_missing():
    ledger = Ledger()
    ledger.observe(bundle("b1", {"L1": chain(5), "L2": chain(3, "b")}))
    problems = ledger.observe(bundle("b2", {"L2": chain(4, "b")}, "2026-11-02T10:00:00Z"))
    assert len(problems) == 1 and "missing" in problems[0].what and problems[0].member == "L1"
    assert problems[0].file == "b2"


def test_truncated_log_is_shorter():
    ledger = Ledger()
    ledger.observe(bundle("b1", {"L1": chain(8)}))
    problems = ledger.observe(bundle("b2", {"L1": chain(5)}, "2026-11-02T10:00:00Z"))
    assert [p.what.split(";")[0] for p in problems] == ["has 5 records"]
    assert ledger.logs[("demo", DEVICE, "L1")][0] == 8  # the longer state stays the reference


def test_rolled_back_and_recorded_over_diverges():
    ledger = Ledger()
    ledger.observe(bundle("b1", {"L1": chain(8)}))
    restored = chain(4) + chain(6, "x")  # 4 genuine records, then new ones written over the old copy
    problems = ledger.observe(bundle("b2", {"L1": restored}, "2026-11-02T10:00:00Z"))
    assert len(problems) == 1 and problems[0].record == 7 and "recorded over" in problems[0].what


def test_old_export_seen_late_and_recount_is_harmless():
    ledger = Ledger()
    first, second = bundle("b1", {"L1": chain(4)}), bundle("b2", {"L1": chain(8)}, "2026-11-02T10:00:00Z")
    assert ledger.observe(first) == [] and ledger.observe(second) == []
    assert ledger.observe(first) == []  # counted before: not compared again
    late = bundle("b0", {"L1": chain(2)}, "2026-10-30T10:00:00Z")
    problems = ledger.observe(late)
    assert len(problems) == 1 and "before a bundle of this laptop" in problems[0].what


def test_laptops_are_separate():
    ledger = Ledger()
    ledger.observe(bundle("b1", {"L1": chain(4)}))
    assert ledger.observe(bundle("c1", {"M1": chain(2, "m")}, device=OTHER)) == []


def test_file_round_trip(tmp_path):
    ledger = Ledger()
    ledger.observe(bundle("b1", {"L1": chain(4), "L0": []}))
    path = tmp_path / "coordinator.ledger"
    ledger.save(path)
    again = Ledger.load(path)
    assert again == ledger
    assert Ledger.load(tmp_path / "none") == Ledger()
    problems = again.observe(bundle("b2", {"L1": chain(2)}, "2026-11-02T10:00:00Z"))
    assert sorted(p.member for p in problems) == ["L0", "L1"]  # L0 missing, L1 shorter


@pytest.mark.parametrize("text", ["", "{}", "[1]", '{"format": "rrdesk-ledger/1"}',
                                  '{"format": "rrdesk-ledger/1", "logs": [{"survey": "d", "device": "zz", '
                                  '"log": "L", "records": 1, "head": ""}], "laptops": [], "bundles": []}',
                                  '{"format": "rrdesk-ledger/1", "logs": [], "laptops": [], "bundles": [3]}'])
def test_damaged_ledger_is_one_line(tmp_path, text):
    path = tmp_path / "l"
    path.write_text(text)
    with pytest.raises(InputError, match="not a usable ledger"):
        Ledger.load(path)


def test_ledger_that_is_a_fifo_is_refused(tmp_path):
    import os
    os.mkfifo(tmp_path / "f")
    with pytest.raises(InputError, match="cannot read the ledger"):
        Ledger.load(tmp_path / "f")
