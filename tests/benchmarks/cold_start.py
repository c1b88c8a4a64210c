"""Cold start of the desktop app against a bare PySide6 window, and of ``rrdesk --version``/``check``.

What is measured
----------------
Each run is a new interpreter on the offscreen platform (the OS file cache warm after the
first), timed from launch to the line a process prints once its first window is shown:

* *bare*: ``QApplication`` + an empty ``QWidget`` shown -- the floor any PySide6 app pays;
* *rrdesk*: ``rrdesk gui`` with a fresh HOME and data folder (the demo survey's store made as on
  a new laptop), as ``tests/benchmarks/gui.py`` launches it (``RRDESK_GUI_QUIT_AFTER_SHOW=1``).

Both run as installed code does: from compiled bytecode. A checkout run with
``PYTHONDONTWRITEBYTECODE`` (as CI and the engineers' shells do) would otherwise compile every
rrdesk module from source on every start -- a cost no installed app pays (pip and the desktop
bundle ship ``.pyc`` files) and the bare window does not pay either; so the children keep their
bytecode under ``PYCACHE`` (``PYTHONPYCACHEPREFIX``, outside the checkout) and a first
untimed start of each fills it.

Rounds alternate the two (``--runs``, default 7; 3 with ``--short``); medians. Also timed, as
whole processes: ``rrdesk --version`` against ``python -c pass`` + ``import numpy``, and
``rrdesk check`` on a 40-question survey with twelve 12-choice questions.

Targets: rrdesk's first window <= 2 x the bare window; ``check`` <= 0.6 s.

Usage
-----
``python tests/benchmarks/cold_start.py [--short] [--runs N]``. Exit 0 when both targets are met.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from gui import LAUNCH  # noqa: E402

RATIO_TARGET, CHECK_TARGET_S = 2.0, 0.6
PYCACHE = Path(tempfile.gettempdir()) / "rrdesk-bench-pycache"  # why: compiled once, outside the checkout
BARE = ("import sys\nfrom PySide6.QtCore import QTimer\nfrom PySide6.QtWidgets import QApplication, QWidget\n"
        "app = QApplication(sys.argv[:1]); w = QWidget(); w.resize(640, 480); w.show()\n"
        "QTimer.singleShot(0, lambda: (print('shown', flush=True), app.quit())); app.exec()\n")


def _until_shown(argv: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    child = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = child.stdout.readline()
    shown = time.perf_counter() - started
    child.wait(timeout=60)
    if child.returncode != 0 or not line.startswith("shown"):
        raise SystemExit(f"{argv[-1]!r} did not show a window: exit {child.returncode}, said {line!r}")
    return shown


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return dict(env, PYTHONPYCACHEPREFIX=str(PYCACHE), QT_QPA_PLATFORM="offscreen", **extra)


def bare() -> float:
    return _until_shown([sys.executable, "-c", BARE], _env())


def rrdesk_gui() -> float:
    with tempfile.TemporaryDirectory(prefix="rrdesk-bench-") as home:
        env = _env(RRDESK_GUI_QUIT_AFTER_SHOW="1", HOME=home, XDG_CONFIG_HOME=f"{home}/config",
                   XDG_DATA_HOME=f"{home}/share")
        return _until_shown([sys.executable, "-c", LAUNCH, "gui", "--data", f"{home}/data"], env)


def _process(argv: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, env=_env(), check=True, capture_output=True)
    return time.perf_counter() - started


def big_survey(folder: Path) -> Path:
    """40 questions: twelve k-ary with 12 choices, 24 yes/no (forced response), 4 direct."""
    lines = ['[survey]\nid = "bench-40"\ntitle = "Forty questions"\nlanguages = ["en"]\n'
             'recipients = ["age1af476ty2zc0c9qf8a4uqfvp4xxj8zyrdekf7rfz3rqlsxueazsqqwyjxv8"]\n'
             "max_epsilon = 200.0\nplanned_respondents = 1000\n"]
    for i in range(40):
        if i < 12:
            choices = ", ".join(f'"c{j}"' for j in range(12))
            texts = ", ".join(f'"Choice {j}"' for j in range(12))
            lines.append(f'[[question]]\nid = "k{i}"\ndesign = "kary"\nepsilon = 2.0\nchoices = [{choices}]\n'
                         f'text.en = "Question {i}?"\nchoice_text.en = [{texts}]\n')
        elif i < 36:
            design = "forced"
            lines.append(f'[[question]]\nid = "y{i}"\ndesign = "{design}"\nepsilon = 1.0\ntext.en = "Question {i}?"\n')
        else:
            lines.append(f'[[question]]\nid = "d{i}"\ndesign = "direct"\nchoices = ["a", "b"]\n'
                         f'text.en = "Question {i}?"\nchoice_text.en = ["A", "B"]\n')
    path = folder / "bench-40.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--short", action="store_true")
    p.add_argument("--runs", type=int)
    args = p.parse_args()
    runs = args.runs or (3 if args.short else 7)
    ours, theirs = [], []
    bare()
    rrdesk_gui()  # warm the file cache for both, and compile the bytecode
    for r in range(runs):
        if r % 2:
            ours.append(rrdesk_gui())
            theirs.append(bare())
        else:
            theirs.append(bare())
            ours.append(rrdesk_gui())
    gui, floor = statistics.median(ours), statistics.median(theirs)
    exe = [sys.executable]
    cli = exe + ["-c", "import sys; from rrdesk.cli import main; sys.exit(main())"]  # what the rrdesk script runs
    version = statistics.median(_process(cli + ["--version"]) for _ in range(runs))
    python = statistics.median(_process(exe + ["-c", "import numpy"]) for _ in range(runs))
    with tempfile.TemporaryDirectory() as tmp:
        survey = big_survey(Path(tmp))
        check = statistics.median(_process(cli + ["check", str(survey)]) for _ in range(runs))
    print(f"cold start, median of {runs} interleaved runs:")
    print(f"   bare PySide6 window : {floor:6.3f} s")
    print(f"   rrdesk gui          : {gui:6.3f} s = {gui / floor:.2f}x (target <= {RATIO_TARGET}x)")
    print(f"   rrdesk --version    : {version:6.3f} s (python + import numpy alone: {python:.3f} s)")
    print(f"   rrdesk check, 40 questions, twelve with 12 choices: {check:6.3f} s (target <= {CHECK_TARGET_S} s)")
    ok = gui / floor <= RATIO_TARGET and check <= CHECK_TARGET_S
    print("all targets met" if ok else "some target NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
