"""Frame time of painting the spinner (:class:`rrdesk.gui.spinner.SpinnerWidget`).

What is measured
----------------
The time of painting one animation frame at 800×800 logical pixels into a
``QImage`` (ARGB32 premultiplied, the raster engine the widget paints with),
``QPainter`` begin and end included, as wall time and as the thread's CPU time,
each the least of ``--repeats`` paints of the same frame (default 3) so that
other processes taking the two cores do not count as painting time: the widget's own paint routine
(``SpinnerWidget._paint``) with the wheel turned to ``spin_path.rotation_at(t, p)``
for ``--frames`` times ``t`` evenly spread over one spin (default 240, i.e. one
3.2 s spin at 75 frames a second), for several stopping points ``p``. The
layout (sector paths, textures, label pixmaps) is built once per size and wheel,
as in the widget, by one warm-up frame that is not counted. Also timed: the
practice wheel, and the finished frame (dimmed sectors and the large outcome
label), which is painted once, not animated, and so is not held to the target.

Wheels: the demo's forced-response design (3 sectors) and ``kary(4, ε = 1.5)``
(5 sectors, the most labels). Timings use ``time.perf_counter_ns`` with the
garbage collector disabled.

With ``--pacing`` it measures instead how the frames of real spins follow the display: a
wheel in a shown window (``--size``) spins ``--spins`` times (default 4) through its own
clock (frames paced by the window's update requests, ``rrdesk.gui.spinner.timing``), and
each paint's start is noted: per spin, the frames, the median gap between frame starts, and
the frames dropped (a gap of more than 1.5 refresh intervals counts as the frames it
skipped). Target: 0 dropped on every spin (the layout is pre-warmed when the idle wheel is
first painted), judged only on a quiet machine (wall time), else "not judged: load …".

Target
------
p95 ≤ 16 ms (one frame at 60 Hz) for every animated wheel, judged on the thread's CPU time
(what another process on the cores inflates little); the wall-time p95 is judged only on a
quiet machine, else "not judged: load …" (``_judge.py``). Exit status 0 when met, 1 otherwise.

Usage
-----
    QT_QPA_PLATFORM=offscreen python tests/benchmarks/gui_spinner.py [--frames N] [--size PX] [--repeats R]
    python tests/benchmarks/gui_spinner.py --pacing [--spins N] [--size PX]   (or under xvfb-run, QT_QPA_PLATFORM=xcb)
"""
from __future__ import annotations

import argparse
import gc
import math
import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QColor, QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import _judge  # noqa: E402 - the shared verdicts (tests/benchmarks/_judge.py)

from rrdesk.core import design  # noqa: E402
from rrdesk.gui.spinner import path as spin_path  # noqa: E402
from rrdesk.gui.spinner.widget import SpinnerWidget  # noqa: E402

TARGET_P95_MS = 16.0


def keep_none_alive() -> None:
    """PySide6 6.12.0 on CPython 3.11 drops a reference to None on every call of a
    method returning void (6.11.3 does not; CPython >= 3.12 has an immortal None), and
    the interpreter aborts after a few thousand: refuse to run on it."""
    colour, before = QColor(), sys.getrefcount(None)
    for _ in range(100):
        colour.setAlpha(1)
    if sys.getrefcount(None) < before - 50:
        raise SystemExit("this PySide6 build drops a reference to None per void call (6.12.0 on "
                         "CPython 3.11): install the version pyproject.toml asks for")


def paint_ms(widget: SpinnerWidget, image: QImage, rotation: float, repeats: int = 1) -> tuple[float, float]:
    """(wall, CPU) milliseconds of painting one frame: the least of ``repeats`` paints,
    so that another process taking the core does not count as painting time."""
    wall = cpu = math.inf
    for _ in range(repeats):
        start, start_cpu = time.perf_counter_ns(), time.thread_time_ns()
        painter = QPainter(image)
        widget._paint(painter, rotation)
        painter.end()
        wall = min(wall, (time.perf_counter_ns() - start) / 1e6)
        cpu = min(cpu, (time.thread_time_ns() - start_cpu) / 1e6)
    return wall, cpu


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def measure(widget: SpinnerWidget, frames: int, size: int, repeats: int) -> list[tuple[float, float]]:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    paint_ms(widget, image, 0.0)  # warm-up: builds the layout
    times = []
    for position in (0.0, 0.3, 0.62, 0.91):
        for i in range(frames):
            t = spin_path.DURATION_MS * i / (frames - 1)
            times.append(paint_ms(widget, image, spin_path.rotation_at(t, position), repeats))
    return times


def pacing(app: QApplication, spins: int, size: int) -> int:
    """Real spins in a shown window: the gaps between frame starts, and the frames dropped."""
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    starts: list[float] = []

    class Noted(SpinnerWidget):
        def paintEvent(self, event) -> None:  # noqa: ANN001 - Qt's signature
            if self.is_spinning():
                starts.append(time.perf_counter())
            super().paintEvent(event)

    why_not = _judge.busy()
    window = QWidget()
    box = QVBoxLayout(window)
    wheel = Noted()
    box.addWidget(wheel)
    window.resize(size, size)
    d = design.kary(4, epsilon=1.5)
    wheel.set_wheel(d, ["Answer truthfully", "Say “Office”", "Say “Factory”", "Say “Warehouse”", "Say “Shop”"])
    window.show()
    deadline = time.perf_counter() + 1.0
    while time.perf_counter() < deadline:  # shown, the idle wheel painted (the layout built, pre-warmed)
        app.processEvents()
    clock = wheel._clock  # an older checkout (--against-like runs) had no interval: 60 Hz
    interval = clock.interval_ms() if hasattr(clock, "interval_ms") else 1000 / 60
    rows, dropped_total = [], 0
    for i in range(spins):
        starts.clear()
        wheel.spin_to((0.13 + 0.29 * i) % 1.0)
        while wheel.is_spinning():
            app.processEvents()
            time.sleep(0.0005)
        gaps = [1000 * (b - a) for a, b in zip(starts, starts[1:])]
        dropped = sum(max(0, round(g / interval) - 1) for g in gaps if g > 1.5 * interval)
        dropped_total += dropped
        rows.append((i + 1, len(starts), statistics.median(gaps) if gaps else math.nan, max(gaps, default=math.nan),
                     dropped))
        wheel.reset()
        app.processEvents()
    why_not = _judge.still_quiet(why_not)
    print(f"spinner pacing: {spins} spins of {spin_path.DURATION_MS} ms at {size}x{size}, screen refresh "
          f"{1000 / interval:.0f} Hz ({interval:.1f} ms), platform {app.platformName()}; {_judge.load_note(why_not)}")
    print(f"{'spin':>4} {'frames':>7} {'fps':>6} {'median gap ms':>14} {'max gap ms':>11} {'dropped':>8}")
    for n, frames, median, worst, dropped in rows:
        print(f"{n:>4} {frames:>7} {1000 * frames / spin_path.DURATION_MS:>6.1f} {median:>14.2f} {worst:>11.2f} "
              f"{dropped:>8}")
    ok = dropped_total == 0
    print(f"frames dropped: {dropped_total} (target 0): {_judge.verdict(ok, why_not)}")
    return 0 if ok or why_not is not None else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=240, help="frames per spin (default 240)")
    parser.add_argument("--size", type=int, default=800, help="widget side in pixels (default 800)")
    parser.add_argument("--repeats", type=int, default=3,
                        help="paints per frame, the least counted (default 3)")
    parser.add_argument("--pacing", action="store_true", help="real spins in a window: frames paced and dropped")
    parser.add_argument("--spins", type=int, default=4, help="with --pacing: spins (default 4)")
    args = parser.parse_args()
    keep_none_alive()
    if args.pacing:
        return pacing(QApplication.instance() or QApplication(sys.argv), args.spins, args.size)
    why_not = _judge.busy()
    app = QApplication.instance() or QApplication(sys.argv)

    wheels = {
        "forced (3 sectors)": (design.forced(epsilon=math.log(3)), ["Answer truthfully", "Say YES", "Say NO"]),
        "kary(4) (5 sectors)": (design.kary(4, epsilon=1.5),
                                ["Answer truthfully", "Say “Office”", "Say “Factory or workshop”",
                                 "Say “Warehouse or delivery”", "Say “Shop or sales”"]),
    }
    results = []  # (name, [(wall, cpu)], counts towards the target)
    gc.disable()
    try:
        for name, (d, labels) in wheels.items():
            widget = SpinnerWidget()
            widget.resize(args.size, args.size)
            widget.set_wheel(d, labels)
            results.append((f"{name}, spinning", measure(widget, args.frames, args.size, args.repeats), True))
            widget.set_wheel(d, labels, practice=True)
            results.append((f"{name}, practice, spinning",
                            measure(widget, args.frames, args.size, args.repeats), True))
            widget.set_wheel(d, labels)
            duration = spin_path.DURATION_MS
            spin_path.DURATION_MS = 1  # finish at once: the finished frame is timed below
            widget.spin_to(0.62)
            spin_path.DURATION_MS = duration
            while widget.is_spinning():
                app.processEvents()
            image = QImage(args.size, args.size, QImage.Format.Format_ARGB32_Premultiplied)
            paint_ms(widget, image, widget.rotation())  # warm-up: builds the outcome label
            finished = [paint_ms(widget, image, widget.rotation(), args.repeats) for _ in range(args.frames)]
            results.append((f"{name}, finished (painted once)", finished, False))
    finally:
        gc.enable()

    why_not = _judge.still_quiet(why_not)
    print(f"spinner frame paint at {args.size}x{args.size} (offscreen raster), least of {args.repeats} "
          f"paints per frame; target: animation frames p95 <= {TARGET_P95_MS} ms (CPU; wall when quiet); "
          f"{_judge.load_note(why_not)}")
    print(f"{'frame':46s} {'n':>5s} {'wall p50':>9s} {'wall p95':>9s} {'wall max':>9s} "
          f"{'cpu p50':>8s} {'cpu p95':>8s}")
    ok = wall_ok = True
    for name, times, counts in results:
        wall = [w for w, _ in times]
        cpu = [c for _, c in times]
        if counts:
            ok &= percentile(cpu, 0.95) <= TARGET_P95_MS
            wall_ok &= percentile(wall, 0.95) <= TARGET_P95_MS
        print(f"{name:46s} {len(times):5d} {statistics.median(wall):9.2f} {percentile(wall, 0.95):9.2f} "
              f"{max(wall):9.2f} {statistics.median(cpu):8.2f} {percentile(cpu, 0.95):8.2f}")
    print(f"CPU p95: {_judge.verdict(ok)}; wall p95: {_judge.verdict(wall_ok, why_not)}")
    ok &= wall_ok or why_not is not None
    print("target met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
