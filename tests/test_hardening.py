"""Core dumps off (rrdesk/app/hardening.py): the real `rrdesk` command, in its own process."""
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
from rrdesk.app.hardening import dump_state
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
