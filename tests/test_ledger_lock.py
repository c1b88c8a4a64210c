"""Two aggregations sharing a ledger never lose an update (issue #32, Deliver 1; FORMAT.md §4):
the ledger is held from load to save (``<ledger>.lock``), so the second run compares its
bundles with what the first saved. Real processes, started together by a barrier, many rounds:
every run exits 0 and the ledger holds both laptops' logs, every time.
"""
from __future__ import annotations

import contextlib
import io
import json
import multiprocessing
import time

import pytest

from rrdesk.store import ledger as ledgers
from rrdesk.store.ledger import Ledger, held
from tests.cli_runs import COUNT_SIMULATED, export, rrdesk, simulate
from tests.test_custody import KEY, enroll

ROUNDS = 50


@pytest.fixture(scope="module")
def two_laptops(tmp_path_factory) -> dict:
    base = tmp_path_factory.mktemp("race")
    listed = base / "coordinator.laptops"
    bundles = []
    for n, name in enumerate(("north", "south")):
        simulate(base / name, 2, 40 + n)
        enroll(base / name, listed, base / f"stick-enroll-{name}")
        bundles.append(export(base / name, base / f"stick-{name}"))
    devices = {(base / name / "device-id").read_text().strip() for name in ("north", "south")}
    return {"base": base, "laptops": listed, "bundles": bundles, "devices": devices}


def _racer(bundle: str, laptops: str, ledgers_: list[str], barrier, codes) -> None:
    """One coordinator's terminal: aggregate ``bundle`` with each ledger in turn, each round
    started together with the other racer."""
    from rrdesk import cli
    for ledger in ledgers_:
        barrier.wait()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
            code = cli.main(["aggregate", bundle, "-i", str(KEY), "--laptops", laptops, "--ledger", ledger,
                             "--json", COUNT_SIMULATED])
        codes.put((ledger, code, err.getvalue()))


def test_two_aggregations_started_together_never_lose_a_laptop(two_laptops, tmp_path):
    runs = [str(tmp_path / f"round-{i}.ledger") for i in range(ROUNDS)]
    context = multiprocessing.get_context("spawn")
    barrier, codes = context.Barrier(2), context.Queue()
    racers = [context.Process(target=_racer, args=(str(b), str(two_laptops["laptops"]), runs, barrier, codes))
              for b in two_laptops["bundles"]]
    for racer in racers:
        racer.start()
    got = [codes.get(timeout=120) for _ in range(2 * ROUNDS)]
    for racer in racers:
        racer.join(timeout=60)
        assert racer.exitcode == 0
    assert all(code == 0 and err == "" for _, code, err in got), [g for g in got if g[1] != 0][:3]
    for ledger in runs:
        kept = Ledger.load(ledger)
        assert {device for _, device in kept.latest} == two_laptops["devices"], ledger
        assert {device for _, device, _ in kept.logs} == two_laptops["devices"], ledger
        assert len(kept.bundles) == 2, ledger


def test_a_second_aggregation_waits_then_names_the_one_holding_the_ledger(two_laptops, tmp_path, monkeypatch):
    ledger = tmp_path / "coordinator.ledger"
    monkeypatch.setattr(ledgers, "LOCK_WAIT", 0.3)
    with held(ledger):
        started = time.monotonic()
        code, out, err = rrdesk("aggregate", two_laptops["bundles"][0], "-i", KEY, "--laptops",
                                two_laptops["laptops"], "--ledger", ledger)
        waited = time.monotonic() - started
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(f"rrdesk: error: {ledger}: another aggregation is using this ledger (process ")
    assert "did not finish within 0.3 seconds; try again when it has finished" in err
    assert waited >= 0.3
    assert not ledger.exists()  # nothing was compared or saved while another run held it
    code, out, _ = rrdesk("aggregate", two_laptops["bundles"][0], "-i", KEY, "--laptops", two_laptops["laptops"],
                          "--ledger", ledger, "--json")
    assert code == 0 and json.loads(out)["problems"] == [] and len(Ledger.load(ledger).bundles) == 1


def test_the_lock_is_released_when_an_aggregation_fails(two_laptops, tmp_path, monkeypatch):
    ledger = tmp_path / "coordinator.ledger"
    ledger.write_text("not json")
    monkeypatch.setattr(ledgers, "LOCK_WAIT", 0.0)
    code, _, err = rrdesk("aggregate", two_laptops["bundles"][0], "-i", KEY, "--laptops", two_laptops["laptops"],
                          "--ledger", ledger)
    assert code == 2 and "ledger damaged" in err
    with held(ledger, wait=0):  # free again: the failed run let go of it
        pass


def test_a_lock_that_cannot_be_made_is_one_line(two_laptops, tmp_path):
    ledger = tmp_path / "no-folder" / "coordinator.ledger"
    code, out, err = rrdesk("aggregate", two_laptops["bundles"][0], "-i", KEY, "--laptops", two_laptops["laptops"],
                            "--ledger", ledger)
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith(f"rrdesk: error: {ledger}.lock: cannot lock the ledger: No such file or directory")


def test_a_damaged_ledger_stops_the_aggregation_in_one_line_and_is_kept(two_laptops, tmp_path):
    """Deliver 1: a ledger whose checksum fails is "ledger damaged" (exit 2) before any bundle is
    judged: no laptop accused, and the file is left as it was (a second run says the same)."""
    ledger = tmp_path / "coordinator.ledger"
    args = ("aggregate", *two_laptops["bundles"], "-i", KEY, "--laptops", two_laptops["laptops"], "--ledger", ledger)
    assert rrdesk(*args)[0] == 0
    text = ledger.read_text()
    assert '"sha256": "' in text
    damaged = text.replace('"records": ', '"records": 1', 1)  # a count grown by a digit
    ledger.write_text(damaged)
    for _ in range(2):
        code, out, err = rrdesk(*args)
        assert code == 2 and out == "" and err.count("\n") == 1, err
        assert err.startswith(f"rrdesk: error: {ledger}: ledger damaged: its checksum does not match its content"), err
        assert "recorded over" not in err and "an earlier bundle" not in err  # no accusation
        assert ledger.read_text() == damaged
