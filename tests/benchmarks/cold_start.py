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

The two alternate in interleaved pairs (``--runs``, default 7, at least 5; the order swapped
every pair). Each start is timed on the wall clock and on the child's **CPU time** (user +
system, all its threads, from its start to the moment it prints that its window has shown: not
what rrdesk does after, opening its store once the window is painted): the ratio
rrdesk / bare of each pair is printed as min / median / max (``_judge.py``). Also timed, as
whole processes: ``rrdesk --version`` against ``python -c pass`` + ``import numpy``, and
``rrdesk check`` on a 40-question survey with twelve 12-choice questions and on one of 100
12-choice questions (the most of both a survey may hold).

Targets: rrdesk's first window <= 2 x the bare window (the median of the pairs' CPU-time
ratios; on a busy machine judged only when every pair agrees, ``_judge.pairs_verdict``; the
wall-time ratio is judged only on a quiet machine, else "not judged: load …"); ``check`` <= 0.6 s of CPU time (40 questions) and <= 0.5 s (100
12-choice questions: issue 33).

Usage
-----
``python tests/benchmarks/cold_start.py [--short] [--runs N]`` (``--short``: 5 pairs). Exit 0 when both targets are met.
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

import _judge  # noqa: E402 - the shared verdicts (tests/benchmarks/_judge.py)
from gui import LAUNCH  # noqa: E402

RATIO_TARGET, CHECK_TARGET_S, CHECK_100_TARGET_S = 2.0, 0.6, 0.5
PYCACHE = Path(tempfile.gettempdir()) / "rrdesk-bench-pycache"  # why: compiled once, outside the checkout
#: Each child's "shown" line ends with the CPU seconds it had spent when it printed it (all its
#: threads): the first window's cost, not what the app does after it (rrdesk opens its store
#: once the window is painted, and quits only then).
_NOTE_CPU = ("import sys, time\n"
             "class _Noted:\n"
             "    def __init__(self, out): self.out = out\n"
             "    def write(self, text):\n"
             "        if text.startswith('shown'): text = text.rstrip('\\n') + f' cpu={time.process_time():.4f}\\n'\n"
             "        return self.out.write(text)\n"
             "    def flush(self): self.out.flush()\n"
             "sys.stdout = _Noted(sys.stdout)\n")
BARE = _NOTE_CPU + ("from PySide6.QtCore import QTimer\nfrom PySide6.QtWidgets import QApplication, QWidget\n"
                    "app = QApplication(sys.argv[:1]); w = QWidget(); w.resize(640, 480); w.show()\n"
                    "QTimer.singleShot(0, lambda: (print('shown', flush=True), app.quit())); app.exec()\n")


def _until_shown(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds to the window, the child's CPU seconds until its window showed)."""
    started = time.perf_counter()
    child = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = child.stdout.readline()
    shown = time.perf_counter() - started
    _, err = child.communicate(timeout=60)  # why read: a child that fails says why on stderr
    if child.returncode != 0 or not line.startswith("shown") or " cpu=" not in line:
        raise SystemExit(f"{argv[-1][:60]!r}... did not show a window: exit {child.returncode}, said {line!r}; "
                         f"stderr: {err.strip()[-600:]!r}")
    return shown, float(line.rsplit(" cpu=", 1)[1])


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return dict(env, PYTHONPYCACHEPREFIX=str(PYCACHE), QT_QPA_PLATFORM="offscreen", **extra)


def bare() -> tuple[float, float]:
    return _until_shown([sys.executable, "-c", BARE], _env())


def rrdesk_gui() -> tuple[float, float]:
    with tempfile.TemporaryDirectory(prefix="rrdesk-bench-") as home:
        env = _env(RRDESK_GUI_QUIT_AFTER_SHOW="1", HOME=home, XDG_CONFIG_HOME=f"{home}/config",
                   XDG_DATA_HOME=f"{home}/share")
        return _until_shown([sys.executable, "-c", _NOTE_CPU + LAUNCH, "gui", "--data", f"{home}/data"], env)


def _process(argv: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of a whole process."""
    cpu = _judge.cpu_children()
    started = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, env=_env(), check=True, capture_output=True)
    return time.perf_counter() - started, _judge.cpu_children() - cpu


def _medians(times: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)


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


def twelve_choice_survey(folder: Path) -> Path:
    """100 k-ary questions of 12 choices each: the most choices on the most questions (issue 33)."""
    lines = ['[survey]\nid = "bench-100"\ntitle = "A hundred questions"\nlanguages = ["en"]\n'
             'recipients = ["age1af476ty2zc0c9qf8a4uqfvp4xxj8zyrdekf7rfz3rqlsxueazsqqwyjxv8"]\n'
             "max_epsilon = 300.0\nplanned_respondents = 1000\n"]
    choices = ", ".join(f'"c{j}"' for j in range(12))
    texts = ", ".join(f'"Choice {j}"' for j in range(12))
    for i in range(100):
        lines.append(f'[[question]]\nid = "k{i}"\ndesign = "kary"\nepsilon = 2.0\nchoices = [{choices}]\n'
                     f'text.en = "Question {i}?"\nchoice_text.en = [{texts}]\n')
    path = folder / "bench-100.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--short", action="store_true")
    p.add_argument("--runs", type=int)
    args = p.parse_args()
    runs = args.runs or (5 if args.short else 7)
    if runs < 5:
        p.error("--runs must be at least 5 (interleaved pairs)")
    why_not = _judge.busy()
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
    cpu_ratios = [o[1] / t[1] for o, t in zip(ours, theirs)]
    wall_ratios = [o[0] / t[0] for o, t in zip(ours, theirs)]
    (gui, gui_cpu), (floor, floor_cpu) = _medians(ours), _medians(theirs)
    exe = [sys.executable]
    cli = exe + ["-c", "import sys; from rrdesk.cli import main; sys.exit(main())"]  # what the rrdesk script runs
    version, version_cpu = _medians([_process(cli + ["--version"]) for _ in range(runs)])
    python, python_cpu = _medians([_process(exe + ["-c", "import numpy"]) for _ in range(runs)])
    with tempfile.TemporaryDirectory() as tmp:
        survey = big_survey(Path(tmp))
        check, check_cpu = _medians([_process(cli + ["check", str(survey)]) for _ in range(runs)])
        check100, check100_cpu = _medians([_process(cli + ["check", str(twelve_choice_survey(Path(tmp)))])
                                           for _ in range(runs)])
    why_not = _judge.still_quiet(why_not)
    window_ok = _judge.pairs_ok(cpu_ratios, RATIO_TARGET, why_not)
    check_ok = check_cpu <= CHECK_TARGET_S
    check100_ok = check100_cpu <= CHECK_100_TARGET_S
    print(f"cold start, {runs} interleaved pairs (medians); {_judge.load_note(why_not)}")
    print(f"   bare PySide6 window : {floor:6.3f} s wall, {floor_cpu:6.3f} s CPU")
    print(f"   rrdesk gui          : {gui:6.3f} s wall, {gui_cpu:6.3f} s CPU")
    print(f"      rrdesk / bare, CPU time : {_judge.spread(cpu_ratios)} (target median <= {RATIO_TARGET}x): "
          f"{_judge.pairs_verdict(cpu_ratios, RATIO_TARGET, why_not)}")
    print(f"      rrdesk / bare, wall time: {_judge.spread(wall_ratios)}: "
          f"{_judge.verdict(_judge.median(wall_ratios) <= RATIO_TARGET, why_not)}")
    print(f"   rrdesk --version    : {version:6.3f} s wall, {version_cpu:6.3f} s CPU (python + import numpy alone: "
          f"{python:.3f} s wall, {python_cpu:.3f} s CPU)")
    print(f"   rrdesk check, 40 questions, twelve with 12 choices: {check:6.3f} s wall, {check_cpu:6.3f} s CPU "
          f"(target <= {CHECK_TARGET_S} s CPU): {_judge.verdict(check_ok)}")
    print(f"   rrdesk check, 100 questions with 12 choices: {check100:6.3f} s wall, {check100_cpu:6.3f} s CPU "
          f"(target <= {CHECK_100_TARGET_S} s CPU): {_judge.verdict(check100_ok)}")
    ok = window_ok and check_ok and check100_ok
    print("all targets met" if ok else "some target NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
