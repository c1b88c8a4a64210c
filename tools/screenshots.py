"""Drive the app through every screen offscreen and save a picture of each.

    QT_QPA_PLATFORM=offscreen python tools/screenshots.py [--size 1366x768] [--out DIR]

Pictures go to ``/tmp/rrdesk-shots/`` (every screen) and, with ``--keep``, a few key ones
to ``resources/screenshots/``. The data folder and settings are temporary; the demo survey
is used, so nothing real is touched. For people reviewing the layout, not for users: a
developer tool, not part of the package (nor of the bundled app).
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # why: run from a checkout, installed or not

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QPushButton, QWidget  # noqa: E402

from rrdesk.gui import app as gui_app  # noqa: E402
from rrdesk.gui import spin_path  # noqa: E402
from rrdesk.gui.resources import RESOURCES  # noqa: E402

KEY_SHOTS = {"01-dashboard", "05-explanation", "08-question-wheel", "09-question-instruction",
             "12-assisted-saved", "16-thanks"}


def _wait(condition, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError("the screen did not come")
        QTest.qWait(10)


class Shooter:
    def __init__(self, out: Path, keep: Path | None, suffix: str) -> None:
        self.out, self.keep, self.suffix = out, keep, suffix
        out.mkdir(parents=True, exist_ok=True)
        if keep:
            keep.mkdir(parents=True, exist_ok=True)

    def shot(self, widget: QWidget, name: str) -> None:
        QTest.qWait(30)
        QApplication.processEvents()
        path = self.out / f"{name}{self.suffix}.png"
        widget.grab().save(str(path))
        if self.keep and name in KEY_SHOTS:
            shutil.copy(path, self.keep / path.name)
        print(path)


def _screen(window, name: str, previous=None):
    _wait(lambda: window.flow.screen is not None and window.flow.screen is not previous
          and window.flow.screen.objectName() == name)
    return window.flow.screen


def _choice(direct: QWidget, n: int) -> QPushButton:
    """The ``n``-th answer of the direct questions' screen, as a person sees them."""
    return [b for b in direct.findChildren(QPushButton) if b.isCheckable()][n]


def _open(data: Path, settings: QSettings, width: int, height: int):
    """The app's window on ``data``, shown at the given size, once its store is open."""
    window = gui_app.make_window(data=data, settings=settings)
    window.resize(width, height)
    window.show()
    _wait(lambda: window.station is not None)
    return window


def tour(width: int, height: int, out: Path, keep: Path | None, language: str = "English") -> None:
    spin_path.DURATION_MS = 200
    gui_app.application()
    tmp = Path(tempfile.mkdtemp(prefix="rrdesk-shots-"))
    settings = QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("interface/language", "en")
    suffix = "" if (width, height) == (1366, 768) else f"-{width}x{height}"
    suffix += "" if language == "English" else "-" + language[:2].lower()
    s = Shooter(out, keep if not suffix else None, suffix)
    window = _open(tmp / "data", settings, width, height)
    s.shot(window, "01-dashboard")

    window.dashboard.start.click()
    direct = _screen(window, "direct")
    s.shot(window, "02-direct")
    _choice(direct, 1).click()
    s.shot(window, "02b-direct-chosen")
    direct.next.click()
    handover = _screen(window, "handover")
    s.shot(window, "03-handover")
    handover.start.click()
    chooser = _screen(window, "language")
    s.shot(window, "04-language")
    next(b for b in chooser.buttons if b.text() == language).click()
    explanation = _screen(window, "explanation")
    s.shot(window, "05-explanation")
    explanation.go.click()
    practice = _screen(window, "practice")
    s.shot(window, "06-practice")
    practice.spin_button.click()
    QTest.qWait(60)
    s.shot(window, "06b-practice-spinning")
    _wait(lambda: practice.again.isVisible())
    s.shot(window, "07-practice-result")
    practice.go.click()

    q = _screen(window, "question")  # forced response, instructed
    s.shot(window, "08-question-wheel")
    q.spin_button.click()
    _wait(lambda: q.answer_buttons[0].isVisible())
    s.shot(window, "09-question-instruction")
    q.answer_buttons[0].click()

    q2 = _screen(window, "question", q)  # Warner, assisted
    s.shot(window, "10-assisted-truth")
    q2.truth_buttons[0].click()
    s.shot(window, "11-assisted-truth-picked")
    q2.spin_button.click()
    _wait(lambda: q2.next.isVisible())
    s.shot(window, "12-assisted-saved")
    q2.next.click()

    q3 = _screen(window, "question", q2)  # unrelated question, instructed
    s.shot(window, "13-unrelated")
    q3.spin_button.click()
    _wait(lambda: q3.answer_buttons[0].isVisible())
    s.shot(window, "13b-unrelated-instruction")
    q3.answer_buttons[1].click()

    q4 = _screen(window, "question", q3)  # k-ary, assisted
    s.shot(window, "14-kary")
    q4.truth_buttons[2].click()
    q4.spin_button.click()
    _wait(lambda: q4.next.isVisible())
    s.shot(window, "15-kary-saved")
    q4.next.click()

    thanks = _screen(window, "thanks")
    s.shot(window, "16-thanks")
    thanks.back.click()
    _wait(lambda: window.stack.currentWidget() is window.dashboard)
    s.shot(window, "17-dashboard-saved")

    window.dashboard.start.click()  # an interview left half-way, then the app "restarts"
    direct = _screen(window, "direct")
    _choice(direct, 0).click()
    direct.next.click()
    _screen(window, "handover")
    window.close()
    window = _open(tmp / "data", settings, width, height)
    s.shot(window, "18-resume")
    window.dashboard.close_it.click()
    _wait(lambda: window.dashboard.start.isEnabled())
    usb = tmp / "usb"
    usb.mkdir()
    window.export_to(usb)
    s.shot(window, "19-exporting")
    _wait(lambda: window.dashboard.progress.isHidden())
    s.shot(window, "20-exported")

    bad = tmp / "bad.toml"
    bad.write_text('[survey]\nid = "x"\ntitle = "Broken"\nlanguages = ["en"]\n', encoding="utf-8")
    window.open_survey(bad)
    _wait(lambda: window.message is not None and window.message.isVisible())
    s.shot(window.message, "21-bad-survey")
    window.message.close()
    window.close()
    shutil.rmtree(tmp, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--size", default="1366x768")
    p.add_argument("--out", type=Path, default=Path("/tmp/rrdesk-shots"))
    p.add_argument("--keep", action="store_true", help="also copy the key screens to resources/screenshots/")
    p.add_argument("--language", default="English", help="the respondent's language, by its own name")
    args = p.parse_args(argv)
    width, height = (int(n) for n in args.size.lower().split("x"))
    tour(width, height, args.out, RESOURCES / "screenshots" if args.keep else None, args.language)
    return 0


if __name__ == "__main__":
    sys.exit(main())
