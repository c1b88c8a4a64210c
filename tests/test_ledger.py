"""The coordinator's ledger (rrdesk/store/ledger.py): a later bundle showing less is a problem.

The views here are built from hash chains of made-up checks; what each case models is said
in its name: deleted, truncated, rolled back and recorded over, an old export seen late.
"""
from __future__ import annotations

import hashlib
from dataclasses import replace

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
    assert ledger.observe(bundle("b1", {"L1": chain(5)})).problems == []
    assert ledger.observe(bundle("b2", {"L1": chain(9)}, "2026-11-02T10:00:00Z")).problems == []
    assert ledger.logs[("demo", DEVICE, "L1")] == (9, chain(9)[-1].hex())


def test_deleted_log_is_missing():
    ledger = Ledger()
    ledger.observe(bundle("b1", {"L1": chain(5), "L2": chain(3, "b")}))
    problems = ledger.observe(bundle("b2", {"L2": chain(4, "b")}, "2026-11-02T10:00:00Z")).problems
    assert len(problems) == 1 and "missing" in problems[0].what and problems[0].member == "L1"
    assert problems[0].file == "b2"


def test_truncated_log_is_shorter():
    ledger = Ledger()
    ledger.observe(bundle("b1", {"L1": chain(8)}))
    seen = ledger.observe(bundle("b2", {"L1": chain(5)}, "2026-11-02T10:00:00Z"))
    assert [p.what.split(";")[0] for p in seen.problems] == ["has 5 records"] and seen.refused == {"L1"}
    assert ledger.logs[("demo", DEVICE, "L1")][0] == 8  # the longer state stays the reference


def test_rolled_back_and_recorded_over_diverges():
    ledger = Ledger()
    ledger.observe(bundle("b1", {"L1": chain(8)}))
    restored = chain(4) + chain(6, "x")  # 4 genuine records, then new ones written over the old copy
    seen = ledger.observe(bundle("b2", {"L1": restored}, "2026-11-02T10:00:00Z"))
    assert len(seen.problems) == 1 and seen.problems[0].record == 7 and "recorded over" in seen.problems[0].what
    assert seen.refused == {"L1"}  # its records are left out: what follows a restore cannot be told from forgery


def test_old_export_seen_late_and_recount_is_harmless():
    ledger = Ledger()
    first, second = bundle("b1", {"L1": chain(4)}), bundle("b2", {"L1": chain(8)}, "2026-11-02T10:00:00Z")
    assert ledger.observe(first).problems == [] and ledger.observe(second).problems == []
    assert ledger.observe(first).problems == []  # counted before: not compared again
    late = bundle("b0", {"L1": chain(2)}, "2026-10-30T10:00:00Z")
    seen = ledger.observe(late)
    assert [p.what.split(";")[0].split(",")[0] for p in seen.problems] == ["exported at 2026-10-30T10:00:00Z",
                                                                           "has 2 records"]
    assert "before a bundle of this laptop" in seen.problems[0].what and seen.refused == {"L1"}  # still compared


def test_an_export_dated_ahead_of_the_clock_is_a_problem_and_switches_nothing_off():
    ledger = Ledger()
    ledger.observe(bundle("b1", {"L1": chain(4)}))
    future = ledger.observe(bundle("b2", {"L1": chain(6)}, "2099-01-01T00:00:00Z"), now="2026-11-29T00:00:00Z")
    assert [p.what for p in future.problems] == [
        "exported at 2099-01-01T00:00:00Z, later than this computer's clock allows (2026-11-29T00:00:00Z, a day "
        "ahead): the laptop's clock is ahead, or the time was forged"]
    assert ledger.latest[("demo", DEVICE)] == "2026-11-01T10:00:00Z"  # a later rollback is still seen
    cut = ledger.observe(bundle("b3", {"L1": chain(3)}, "2026-11-03T10:00:00Z"), now="2026-11-29T00:00:00Z")
    assert cut.refused == {"L1"}


def test_laptops_are_separate():
    ledger = Ledger()
    ledger.observe(bundle("b1", {"L1": chain(4)}))
    assert ledger.observe(bundle("c1", {"M1": chain(2, "m")}, device=OTHER)).problems == []


def test_file_round_trip(tmp_path):
    ledger = Ledger()
    ledger.observe(bundle("b1", {"L1": chain(4), "L0": []}))
    path = tmp_path / "coordinator.ledger"
    ledger.save(path)
    again = Ledger.load(path)
    assert again == ledger
    assert Ledger.load(tmp_path / "none") == Ledger()
    problems = again.observe(bundle("b2", {"L1": chain(2)}, "2026-11-02T10:00:00Z")).problems
    assert sorted(p.member for p in problems) == ["L0", "L1"]  # L0 missing, L1 shorter


@pytest.mark.parametrize("text", ["", "{}", "[1]", '{"format": "rrdesk-ledger/1"}',
                                  '{"format": "rrdesk-ledger/1", "logs": [{"survey": "d", "device": "zz", '
                                  '"log": "L", "records": 1, "head": ""}], "laptops": [], "bundles": []}',
                                  '{"format": "rrdesk-ledger/1", "logs": [], "laptops": [], "bundles": [3]}'])
def test_damaged_ledger_is_one_line(tmp_path, text):
    path = tmp_path / "l"
    path.write_text(text)
    with pytest.raises(InputError, match="ledger damaged") as caught:
        Ledger.load(path)
    assert str(caught.value).startswith(f"{path}: ") and "\n" not in str(caught.value)


def test_ledger_that_is_a_fifo_is_refused(tmp_path):
    import os
    os.mkfifo(tmp_path / "f")
    with pytest.raises(InputError, match="cannot read the ledger"):
        Ledger.load(tmp_path / "f")


def _ledger_of_a_study() -> tuple[Ledger, dict[str, dict[str, list[bytes]]]]:
    """A ledger after a first round of bundles from three laptops, and the logs each laptop shows
    at its next, honest export (every log grown)."""
    ledger = Ledger()
    later = {}
    for device, logs in ((DEVICE, {"L1": 12, "L2": 30}), (OTHER, {"M1": 7}), ("ef" * 16, {"N1": 120, "N2": 0})):
        ledger.observe(bundle(f"first-{device[:4]}", {g: chain(n, g) for g, n in logs.items()}, device=device))
        later[device] = {g: chain(n + 5, g) for g, n in logs.items()}
    return ledger, later


def _mutant(data: bytes, rng) -> bytes:
    """One random change of the kind a disk, a copy cut short or an edit by mistake makes."""
    at = rng.randrange(len(data))
    kind = rng.randrange(6)
    if kind == 0:  # a bit flipped
        return data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1:]
    if kind == 1:  # a byte lost
        return data[:at] + data[at + 1:]
    if kind == 2:  # a byte added
        return data[:at] + bytes([rng.choice(b'0123456789abcdef",:{}[] \n')]) + data[at:]
    if kind == 3:  # cut short
        return data[:at]
    if kind == 4:  # a digit changed (a count, a head, a time)
        digits = [i for i, c in enumerate(data) if chr(c) in "0123456789"]
        i = rng.choice(digits)
        return data[:i] + str((int(chr(data[i])) + 1 + rng.randrange(9)) % 10).encode() + data[i + 1:]
    lines = data.split(b"\n")  # a line lost or repeated
    i = rng.randrange(len(lines))
    return b"\n".join(lines[:i] + ([lines[i]] * 2 if rng.randrange(2) else []) + lines[i + 1:])


def test_250_ledger_mutants_accuse_no_laptop_and_none_is_accepted_silently(tmp_path):
    """Deliver 1 (issue #32): every damaged ledger is "ledger damaged" in one line before any
    bundle is compared with it; a mutant that loads is one whose content is unchanged, and then
    the laptops' honest next bundles raise no problem."""
    import random

    ledger, later = _ledger_of_a_study()
    path = tmp_path / "coordinator.ledger"
    ledger.save(path)
    original = path.read_bytes()
    rng = random.Random(32)
    refused = accusations = silent = unchanged = 0
    for n in range(250):
        path.write_bytes(_mutant(original, rng))
        try:
            loaded = Ledger.load(path)
        except InputError as error:
            assert "ledger damaged" in str(error) and "\n" not in str(error), str(error)
            refused += 1
            continue
        if loaded != ledger:
            silent += 1
            continue
        unchanged += 1
        for device, logs in later.items():
            accusations += len(loaded.observe(bundle(f"next-{n}-{device[:4]}", logs, "2026-11-02T10:00:00Z",
                                                     device=device)).problems)
    assert (accusations, silent) == (0, 0)
    assert refused + unchanged == 250 and refused >= 240, (refused, unchanged)


def test_an_old_ledger_without_a_checksum_loads_and_is_saved_with_one(tmp_path):
    ledger, _ = _ledger_of_a_study()
    path = tmp_path / "coordinator.ledger"
    ledger.save(path)
    text = path.read_text()
    body = text[:text.rindex(' "sha256"')]
    old = body.replace('"rrdesk-ledger/2"', '"rrdesk-ledger/1"').rstrip(",\n") + "}\n"
    path.write_text(old)  # what rrdesk wrote before the checksum
    assert Ledger.load(path) == ledger
    Ledger.load(path).save(path)
    assert path.read_text() == text  # upgraded at the next save


@pytest.mark.parametrize("text", [
    '{"format": "rrdesk-ledger/2", "logs": [], "laptops": [], "bundles": []}',  # /2 without its checksum
    '{"format": "rrdesk-ledger/1", "logs": [], "laptops": [], "bundles": [], "sha256": "00"}',
    '{"format": "rrdesk-ledger/1", "logs": [], "laptops": [], "bundles": [], "extra": 1}',
])
def test_a_ledger_that_claims_a_checksum_must_hold_one(tmp_path, text):
    path = tmp_path / "l"
    path.write_text(text)
    with pytest.raises(InputError, match="ledger damaged"):
        Ledger.load(path)


def test_what_a_run_did_is_counted_and_never_saved(tmp_path):
    ledger = Ledger()
    ledger.observe(bundle("b1", {"L1": chain(5), "L2": chain(3, "b")}))
    ledger.observe(bundle("b1", {"L1": chain(5), "L2": chain(3, "b")}))  # the same bundle again
    ledger.observe(bundle("b2", {"L1": chain(9), "L2": chain(3, "b"), "L3": chain(2, "c")}, "2026-11-02T10:00:00Z"))
    ledger.observe(bundle("b3", {"L1": chain(4), "L3": chain(2, "c")}, "2026-11-03T10:00:00Z"))  # L1 cut, L2 gone
    assert ledger.done == {"bundles compared": 3, "bundles seen before": 1, "logs new": 3, "logs grown": 1,
                           "logs unchanged": 2, "logs refused": 1, "logs missing": 1}
    ledger.save(tmp_path / "l")
    again = Ledger.load(tmp_path / "l")
    assert again == ledger and set(again.done.values()) == {0}  # the file keeps the entries, not the counts


def test_aggregate_says_what_it_did_with_the_ledger(tmp_path):
    from rrdesk.app.aggregate import LedgerRun

    run = LedgerRun("c.ledger", (("bundles compared", 2), ("bundles seen before", 1), ("logs new", 1),
                                 ("logs grown", 1), ("logs unchanged", 0), ("logs refused", 1), ("logs missing", 0)),
                    saved=True)
    assert run.line(4) == ("ledger c.ledger: 2 of 4 bundle(s) compared, 1 counted in an earlier run (not compared "
                           "again), 1 not compared (origin not proven: such a bundle never advances it); logs: 1 new, "
                           "1 grown, 1 refused; saved")
    assert replace(run, saved=False).line(3).endswith("NOT saved (see the problems)")
