"""Core dumps off (rrdesk/app/hardening.py): the real `rrdesk` command, in its own process."""
from __future__ import annotations

import os
import signal
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


CRASH = ("import os, resource, signal, sys\n"
         "soft, hard = resource.getrlimit(resource.RLIMIT_CORE)\n"
         "resource.setrlimit(resource.RLIMIT_CORE, (hard, hard))  # as after `ulimit -c unlimited`\n"
         "if sys.argv[1] == 'rrdesk':\n"
         "    from rrdesk.app.hardening import no_core_dumps\n"
         "    no_core_dumps()\n"
         "secret = b'TRUE-ANSWER-' * 1000\n"
         "os.kill(os.getpid(), signal.SIGSEGV)\n")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="core files as Linux writes them")
def test_a_crash_leaves_no_core_file(tmp_path):
    control, hardened = tmp_path / "control", tmp_path / "hardened"
    control.mkdir()
    hardened.mkdir()
    for folder, mode in ((control, "bare"), (hardened, "rrdesk")):
        done = subprocess.run([sys.executable, "-c", CRASH, mode], cwd=folder, capture_output=True, timeout=60)
        assert done.returncode == -signal.SIGSEGV
    if not os.listdir(control):
        pytest.skip("this system writes core files elsewhere (core_pattern); the limits are checked above")
    assert os.listdir(hardened) == []
