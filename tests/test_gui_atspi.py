"""End to end with AT-SPI, the Linux accessibility bus a screen reader (Orca) listens on: a
practice screen in a language only the survey supplies runs under Xvfb with Qt's AT-SPI bridge,
spins once, and Debian's python3-pyatspi reads its tree (tests/atspi_child.py,
tests/atspi_reader.py). CI installs everything this needs (.ci/run); the test skips only on a
machine without Xvfb, D-Bus, at-spi2-core or python3-pyatspi.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")


def _missing() -> str:
    for tool in ("xvfb-run", "dbus-run-session"):
        if shutil.which(tool) is None:
            return tool
    if not LAUNCHER.exists():
        return str(LAUNCHER)
    try:
        subprocess.run(["/usr/bin/python3", "-c", "import pyatspi"], check=True, capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return "python3-pyatspi"
    return ""


@pytest.mark.skipif(bool(_missing()), reason=f"AT-SPI cannot start here: no {_missing()}")
def test_a_screen_reader_on_at_spi_hears_the_wheel_and_the_result_as_shown():
    env = {**os.environ, "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1", "QT_QPA_PLATFORM": "xcb"}
    script = f"{LAUNCHER} --launch-immediately & sleep 1; exec {sys.executable} {HERE / 'atspi_child.py'}"
    run = subprocess.run(["dbus-run-session", "--", "xvfb-run", "-a", "-s", "-screen 0 1024x768x24",
                          "sh", "-c", script], env=env, capture_output=True, text=True, timeout=120, check=False)
    nodes = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    assert nodes and "error" not in nodes[0], run.stdout + run.stderr[-2000:]
    by_role: dict[str, list[dict[str, str]]] = {}
    for node in nodes:
        by_role.setdefault(node["role"], []).append(node)
    # the wheel: its name, and as its description the sector it stopped on (all-zero bytes: the first)
    assert by_role["animation"] == [{"role": "animation", "name": "Gurudumu",
                                     "description": "Gurudumu linasema: Jibu kwa ukweli"}]
    labels = {n["name"]: n["description"] for n in by_role["label"]}
    # the result is read as its text, what it is as its description; the tally likewise
    assert labels["Gurudumu linasema: Jibu kwa ukweli"] == "Matokeo ya gurudumu"
    assert labels["Jibu kwa ukweli: 1\n✓\u00a0Sema NDIYO: 0\n✗\u00a0Sema HAPANA: 0"] == "Mizunguko ya mazoezi hadi sasa"
    assert "Zungusha tena" in [n["name"] for n in by_role["push button"]]
