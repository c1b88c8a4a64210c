"""Core dumps off (rrdesk/core/hardening.py): the real `rrdesk` command, in its own process."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "surveys" / "demo.toml"

CHILD = """
import sys
from rrdesk import cli
from rrdesk.core.hardening import dump_state
code = cli.main(["check", sys.argv[1]])
print("STATE", *dump_state(), file=sys.stderr)
"""


def test_the_command_turns_core_dumps_off():
    done = subprocess.run([sys.executable, "-c", CHILD, str(DEMO)], capture_output=True, text=True, timeout=120)
    state = [line for line in done.stderr.splitlines() if line.startswith("STATE")]
    limit, dumpable = state[0].split()[1:]
    assert limit == "0"
    if sys.platform.startswith("linux"):
        assert dumpable == "0"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="core files as Linux writes them")
def test_a_crash_leaves_no_core_file(request):
    from tests.conftest import CORE_PROBE
    found = request.config.stash[CORE_PROBE]  # crashed before any test lowered this process's limits
    assert found["signals"] == (found["expected"], found["expected"])
    if not found["bare"]:
        pytest.skip("this system writes core files elsewhere (core_pattern); the limits are checked above")
    assert found["rrdesk"] == []


# -- worker processes: a spawned process is a new program, dumpable again until it says otherwise --

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_GET_DUMPABLE is Linux's")


@linux_only
def test_the_aggregators_workers_turn_core_dumps_off_as_the_main_process_does():
    """Each worker holds the coordinator's identity and decrypted records: it runs the same
    hardening first (before: the kernel had made it dumpable again at its exec)."""
    import os

    from rrdesk.store.collect import Engine
    from tests.conftest import demo_identities

    with Engine(demo_identities(), workers=2) as engine:
        engine.start_pool()
        assert engine.pool is not None
        pid, state = engine.pool.submit(_pid_and_state).result(timeout=120)
    assert pid != os.getpid()
    assert state == (0, 0)


@linux_only
def test_the_exports_scanning_helper_turns_core_dumps_off_too(tmp_path, monkeypatch):
    from concurrent.futures import ProcessPoolExecutor

    from rrdesk.store.bundle import _write as _bundle_write
    from rrdesk.store.bundle import export
    from tests.conftest import NOW, record_interviews

    seen = []

    class Probed(ProcessPoolExecutor):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            seen.append(self.submit(_pid_and_state).result(timeout=120))

    data = tmp_path / "data"
    record_interviews(DEMO, data, 1)
    monkeypatch.setattr(_bundle_write, "SCAN_APART", 0)  # every log scanned by the helper
    monkeypatch.setattr(_bundle_write, "ProcessPoolExecutor", Probed)
    export(data, "workplace-demo", tmp_path, now=NOW)
    assert [state for _, state in seen] == [(0, 0)]


def _pid_and_state() -> tuple[int, tuple[int | None, int | None]]:
    import os

    from rrdesk.core.hardening import dump_state
    return os.getpid(), dump_state()
