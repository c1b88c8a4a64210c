"""Crash two children and see which leaves a core file: one bare, one after rrdesk's hardening.

Run by ``conftest.pytest_configure`` before any test: tests call ``rrdesk.cli.main`` in the
test process, which lowers RLIMIT_CORE's hard limit to 0 for good, and every child started
after that inherits it, so a crash test run later would prove nothing.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile

CRASH = ("import os, resource, signal, sys\n"
         "soft, hard = resource.getrlimit(resource.RLIMIT_CORE)\n"
         "resource.setrlimit(resource.RLIMIT_CORE, (hard, hard))  # as after `ulimit -c unlimited`\n"
         "if sys.argv[1] == 'rrdesk':\n"
         "    from rrdesk.core.hardening import no_core_dumps\n"
         "    no_core_dumps()\n"
         "secret = b'TRUE-ANSWER-' * 1000\n"
         "os.kill(os.getpid(), signal.SIGSEGV)\n")


def probe() -> dict[str, object]:
    """{"bare": files left, "rrdesk": files left, "signals": (the children's return codes)}."""
    found: dict[str, object] = {}
    codes = []
    with tempfile.TemporaryDirectory() as root:
        for mode in ("bare", "rrdesk"):
            folder = os.path.join(root, mode)
            os.mkdir(folder)
            done = subprocess.run([sys.executable, "-c", CRASH, mode], cwd=folder, capture_output=True, timeout=60)
            codes.append(done.returncode)
            found[mode] = sorted(os.listdir(folder))
    found["signals"] = tuple(codes)
    found["expected"] = -signal.SIGSEGV
    return found
