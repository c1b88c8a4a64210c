"""Desktop app start-up: time from launching `rrdesk gui` to its first window, and peak memory.

    python tests/benchmarks/gui.py [-n RUNS]

Each run is a new process (a cold start of the interpreter, Qt and rrdesk; the OS file
cache stays warm after the first) on the offscreen platform with a fresh HOME and data
folder, so the demo survey's store is created as on a new laptop. The app prints when
its window is shown (RRDESK_GUI_QUIT_AFTER_SHOW=1) and quits; we time launch → that line.
Target: ≤ 1.5 s to the first window, judged on the child's CPU time (user + system, to its
exit just after the window is shown: what another process on the cores inflates little); the
wall time is judged only on a quiet machine, else "not judged: load …" (``_judge.py``). Peak
memory is the child's ru_maxrss at that moment.
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

import _judge  # noqa: E402 - the shared verdicts (tests/benchmarks/_judge.py)

TARGET_S = 1.5

# `rrdesk gui` through the gui subcommand's own parser: works whether or not the main
# command line already lists it.
LAUNCH = ("import argparse, sys\nfrom rrdesk.cli import gui\n"
          "p = argparse.ArgumentParser(prog='rrdesk'); gui.add_parser(p.add_subparsers())\n"
          "a = p.parse_args(sys.argv[1:]); sys.exit(a.run(a))\n")


def one_run() -> tuple[float, float, float, float]:
    """(seconds to the first window, seconds inside run(), peak RSS in MiB, the child's CPU seconds)."""
    with tempfile.TemporaryDirectory(prefix="rrdesk-bench-") as home:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RRDESK_GUI_QUIT_AFTER_SHOW="1", HOME=home,
                   XDG_CONFIG_HOME=f"{home}/config", XDG_DATA_HOME=f"{home}/share")
        cpu = _judge.cpu_children()
        started = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-c", LAUNCH, "gui", "--data", f"{home}/data"], cwd=ROOT,
                                 env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = child.stdout.readline()
        shown = time.perf_counter() - started
        child.wait(timeout=60)
        m = re.match(r"shown ([\d.]+) s after run\(\); peak rss ([\d.]+) MiB", line)
        if child.returncode != 0 or not m:
            raise SystemExit(f"the app did not start: exit {child.returncode}, said {line!r}")
        return shown, float(m[1]), float(m[2]), _judge.cpu_children() - cpu


def main() -> int:
    p = argparse.ArgumentParser(description="rrdesk gui start-up time and peak memory")
    p.add_argument("-n", "--runs", type=int, default=5)
    args = p.parse_args()
    why_not = _judge.busy()
    runs = [one_run() for _ in range(args.runs)]
    why_not = _judge.still_quiet(why_not)
    cpu = [r[3] for r in runs]
    shown = [r[0] for r in runs]
    inside = [r[1] for r in runs]
    rss = [r[2] for r in runs]
    print(f"first window shown: median {statistics.median(shown):.3f} s, min {min(shown):.3f} s, "
          f"max {max(shown):.3f} s over {len(runs)} runs (target ≤ {TARGET_S} s): "
          f"{_judge.verdict(statistics.median(shown) <= TARGET_S, why_not)}")
    print(f"  CPU time of the process: median {statistics.median(cpu):.3f} s, min {min(cpu):.3f} s, "
          f"max {max(cpu):.3f} s (target ≤ {TARGET_S} s): {_judge.verdict(statistics.median(cpu) <= TARGET_S)}; "
          f"{_judge.load_note(why_not)}")
    print(f"  of which inside rrdesk.gui.app.run (QApplication, window, survey): "
          f"median {statistics.median(inside):.3f} s; the rest is the interpreter and imports")
    print(f"peak memory (ru_maxrss): median {statistics.median(rss):.1f} MiB, max {max(rss):.1f} MiB")
    ok = statistics.median(cpu) <= TARGET_S and (why_not is not None or statistics.median(shown) <= TARGET_S)
    print("within target" if ok else "OVER TARGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
