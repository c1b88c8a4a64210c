"""Screenshots of the spinner, to look at it as a respondent would.

Renders :class:`rrdesk.gui.spinner.SpinnerWidget` offscreen at 600×600 and saves
PNGs (``QWidget.grab``) to ``/tmp/rrdesk-shots/`` (or ``--out``):

* the demo's forced-response wheel ("Answer truthfully", "Say YES", "Say NO"):
  idle, mid-spin, finished, and as a practice wheel (idle and finished);
* the demo's k-ary wheel (3 answers) and a ``kary(4)`` wheel, finished;
* Warner's and the unrelated-question wheels, idle;
* the forced wheel at the minimum size (320×320) and waiting in reduced motion;
* ``greyscale-contact-sheet.png``: every wheel kind, idle, side by side in greyscale (what a
  respondent sees on a monochrome or washed-out screen: the sectors told apart by pattern and
  luminance alone; ``tests/test_gui_spinner.py`` checks the ratios).

Usage::

    QT_QPA_PLATFORM=offscreen python tests/benchmarks/gui_spinner_shots.py [--out DIR]
"""
from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QElapsedTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from rrdesk.core import design  # noqa: E402
from rrdesk.gui.spinner import path as spin_path  # noqa: E402
from rrdesk.gui.spinner.widget import SpinnerWidget  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gui_spinner import keep_none_alive  # noqa: E402  (the same guard as the frame-time benchmark)

FORCED = ["Answer truthfully", "Say YES", "Say NO"]


def wait_until(widget: SpinnerWidget, ms: float) -> None:
    clock = QElapsedTimer()
    clock.start()
    while clock.elapsed() < ms:
        QTest.qWait(5)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/rrdesk-shots"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    keep_none_alive()
    app = QApplication.instance() or QApplication(sys.argv)  # noqa: F841
    saved = []

    def shot(widget: SpinnerWidget, name: str) -> None:
        path = args.out / f"{name}.png"
        widget.grab().save(str(path))
        saved.append(path)

    w = SpinnerWidget()
    w.resize(600, 600)
    w.show()
    forced = design.forced(epsilon=math.log(3))
    w.set_wheel(forced, FORCED)
    shot(w, "forced-idle")
    w.spin_to(0.30)  # inside "Answer truthfully" (the first half of the wheel)
    wait_until(w, spin_path.DURATION_MS * 0.35)
    shot(w, "forced-mid-spin")
    while w.is_spinning():
        QTest.qWait(20)
    shot(w, "forced-finished")
    w.set_wheel(forced, FORCED, practice=True)
    shot(w, "forced-practice-idle")
    w.spin_to(0.62)  # "Say YES"
    while w.is_spinning():
        QTest.qWait(20)
    shot(w, "forced-practice-finished")

    w.set_wheel(design.kary(3, epsilon=1.5), ["Answer truthfully", "Say “Never”", "Say “Once”",
                                               "Say “More than once”"])
    w.spin_to(0.9)
    while w.is_spinning():
        QTest.qWait(20)
    shot(w, "kary3-finished")
    w.set_wheel(design.kary(4, epsilon=1.5), ["Answer truthfully", "Say “Office”",
                                               "Say “Factory or workshop”", "Say “Warehouse or delivery”",
                                               "Say “Shop or sales”"])
    shot(w, "kary4-idle")
    w.spin_to(0.75)
    while w.is_spinning():
        QTest.qWait(20)
    shot(w, "kary4-finished")
    w.set_wheel(design.warner(p=0.75), ["Answer the statement", "Answer the opposite"])
    shot(w, "warner-idle")
    w.set_wheel(design.unrelated(p=0.5, prevalence=0.25),
                ["Answer the question about work", "Answer the question about your birthday"])
    shot(w, "unrelated-idle")

    small = SpinnerWidget()
    small.resize(320, 320)
    small.show()
    small.set_wheel(forced, ["Répondez honnêtement", "Dites OUI", "Dites NON"])
    small.reduced_motion = True
    small.spin_to(0.1)
    QTest.qWait(50)
    shot(small, "forced-small-reduced-motion-waiting")
    small.reset()
    small.setFocus()
    shot(small, "forced-small-idle-focus")

    sheet(args.out / "greyscale-contact-sheet.png")
    saved.append(args.out / "greyscale-contact-sheet.png")
    for path in saved:
        print(path)
    return 0


def sheet(path: Path) -> None:
    """Every wheel kind, idle, in one greyscale picture (the opposite sector too: a forced wheel
    that says "Answer the opposite")."""
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QImage, QPainter

    kinds = [(design.forced(epsilon=math.log(3)), FORCED),
             (design.kary(3, epsilon=1.5), ["Answer truthfully", "Say “Never”", "Say “Once”", "Say “More”"]),
             (design.kary(4, epsilon=1.5), ["Answer truthfully", "Say “A”", "Say “B”", "Say “C”", "Say “D”"]),
             (design.warner(p=0.75), ["Answer the statement", "Answer the opposite"]),
             (design.unrelated(p=0.5, prevalence=0.25), ["Answer the first question", "Answer the other question"])]
    side = 360
    out = QImage(side * len(kinds), side, QImage.Format.Format_RGB32)
    out.fill(0xFFFFFF)
    painter = QPainter(out)
    for n, (wheel, labels) in enumerate(kinds):
        w = SpinnerWidget()
        w.resize(side, side)
        w.show()
        w.set_wheel(wheel, labels)
        QTest.qWait(20)
        painter.drawImage(QPoint(n * side, 0), w.grab().toImage().scaled(side, side))
        w.close()
    painter.end()
    out.convertToFormat(QImage.Format.Format_Grayscale8).save(str(path))


if __name__ == "__main__":
    sys.exit(main())
