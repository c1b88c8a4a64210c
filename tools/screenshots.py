"""Drive the app through every screen offscreen and save a picture of each, as it looks on a
given screen: its physical size, its display scale, in a given language.

    python tools/screenshots.py [--size 1024x600] [--scale 2] [--lang fr] [--survey FILE] [--out DIR]
    QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1024x600x24" python tools/screenshots.py --x11 --scale 2 …

The screen is Qt's offscreen platform set to ``--size`` physical pixels at ``--scale`` (so
1024x600 at 2 is a 512x300 window, pictured at 1024x600). ``--lang`` is the respondent's language
(and the interviewer's, when rrdesk has it); ``--survey`` another survey than the demo (its
direct questions are answered with their first choices). ``--x11`` uses the real display
(Xvfb) as it is, at ``--scale``. Pictures go to ``--out`` (``/tmp/rrdesk-shots/``), one per state a
person acts in, named ``NN-screen[-question]-K.png`` (the order, the screen's object name, the
question's id, and the K-th picture of that screen); then the confirmations and the Results
window. The README's pictures (``resources/screenshots/``) are picked from these by hand, at
1920x1080 and scale 2 unless their names say otherwise.

The walk is the GUI tests' own (tests/test_gui_support.py: it follows the screens as the
tests do, whatever step is added), on the demo survey, in a temporary data folder with
temporary settings: nothing real is touched. A developer tool, not part of the package.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # why: run from a checkout, installed or not

from tests.test_gui_support import QtTestBot  # noqa: E402 - after the path

SHORT_SPIN_MS = 200  # why: long enough to be seen turning, short enough for a quick tour


def use_screen(width: int, height: int, scale: float, folder: Path) -> None:
    """Make Qt's offscreen platform one screen of ``width``×``height`` physical pixels at
    ``scale`` (before the QApplication exists)."""
    config = folder / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "shots", "x": 0, "y": 0, "width": width, "height": height,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}), encoding="utf-8")
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"
    os.environ["QT_SCALE_FACTOR"] = f"{scale:g}"  # why: Qt's own scaling gives the windows that pixel ratio


class Shooter(QtTestBot):
    """The test walkers' stand-in for ``qtbot``, with a picture before each tap."""

    def __init__(self, window, out: Path) -> None:
        self.window, self.out = window, out
        self.count = 0
        self.per_screen: dict[str, int] = {}
        out.mkdir(parents=True, exist_ok=True)

    def shot(self, widget, name: str) -> Path:
        from PySide6.QtCore import QCoreApplication, QEvent
        from PySide6.QtGui import QPixmap
        from PySide6.QtTest import QTest

        QTest.qWait(30)
        for _ in range(3):  # the layouts asked for are done first, as before any paint
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            QCoreApplication.processEvents()
        self.count += 1
        path = self.out / f"{self.count:02d}-{name}.png"
        scale = widget.devicePixelRatioF()  # why: the picture has the screen's physical pixels
        picture = QPixmap(round(widget.width() * scale), round(widget.height() * scale))
        picture.setDevicePixelRatio(scale)
        widget.render(picture)
        picture.save(str(path))
        print(path)
        return path

    def screen_name(self) -> str:
        w = self.window
        if not w.interviewing():
            return "dashboard"
        screen = w.flow.screen
        name = screen.objectName() if screen is not None else "screen"
        question = getattr(screen, "question", None)
        return f"{name}-{question.id}" if name == "question" and question is not None else name

    # -- qtbot's calls ---------------------------------------------------------------------------

    def mouseClick(self, widget, button=None, pos=None) -> None:  # noqa: N802 - qtbot's name
        name = self.screen_name()
        self.per_screen[name] = self.per_screen.get(name, 0) + 1
        self.shot(self.window, f"{name}-{self.per_screen[name]}")
        super().mouseClick(widget, button, pos)


def tour(out: Path, lang: str, survey: Path | None = None) -> None:
    from PySide6.QtCore import QSettings

    from rrdesk.gui import app as gui_app
    from rrdesk.gui import i18n
    from rrdesk.gui.i18n import language_name
    from rrdesk.gui.spinner import path as spin_path
    from tests import test_gui_support as person

    spin_path.DURATION_MS = SHORT_SPIN_MS
    gui_app.application()
    tmp = Path(tempfile.mkdtemp(prefix="rrdesk-shots-"))
    try:
        settings = QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat)
        settings.setValue("interface/language", "en")  # the walkers' direct answer is in English
        window = gui_app.make_window(survey=survey, data=tmp / "data", settings=settings)
        window.show()
        bot = Shooter(window, out)
        bot.waitUntil(lambda: window.station is not None)
        bot.shot(window, "dashboard-no-interviewer")  # Start waits for the interviewer's id
        chooser = window.dashboard.interviewer
        if window.survey.interviewers:
            chooser.choices.setCurrentIndex(1)  # the survey's first interviewer
        else:
            chooser.typed.setText("amina")  # as an interviewer types their id
        _hand_over(bot, window, language_name(lang))
        previous = None
        for number, _ in enumerate(window.survey.randomized):
            if number == 0:  # its skip confirmation and its cover, pictured before the next tap
                first = person.next_screen(bot, window, "question", previous)
                person.click(bot, first.decline)
                person.click(bot, first.confirm.back)
                person.click(bot, first.call)
                person.click(bot, first.cover.back)
            previous, _, _ = person.answer_question(bot, window, previous, pick=0)
        person.finish(bot, window)
        if lang in i18n.available():
            window.set_language(lang)
        bot.shot(window, "dashboard-saved")
        _confirmations(bot, window)
        window.show_results()
        bot.waitUntil(lambda: window.results.isVisible())
        bot.shot(window.results, "results")
        window.results.close()
        leave(bot, window)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _hand_over(bot: Shooter, window, language: str) -> None:
    """The walkers' hand-over, answering each direct question with its last choice (any survey)."""
    from PySide6.QtWidgets import QPushButton

    from tests import test_gui_support as person

    person.click(bot, window.dashboard.start)
    bot.waitUntil(lambda: window.flow.screen is not None and window.flow.screen.objectName() in ("direct", "handover"))
    direct = window.flow.screen
    if direct.objectName() == "direct":
        for choice in [b for b in direct.findChildren(QPushButton) if b.isCheckable()]:
            person.click(bot, choice)
        person.click(bot, direct.next)
    if len(window.survey.languages) > 1:
        person.respondent_part(bot, window, language=language)
        return
    person.click(bot, person.wait_for(bot, window, "handover").start)
    person.explain(bot, window)
    person.practise(bot, window)
    person.alone(bot, window)


def _confirmations(bot: Shooter, window) -> None:
    """The interviewer's two confirmations: leaving an interview, closing an interrupted one."""
    window.dashboard.start.click()
    bot.waitUntil(lambda: window.interviewing())
    window.close()  # the ✕ during an interview asks first
    bot.waitUntil(lambda: window.confirmation is not None and window.confirmation.isVisible())
    bot.shot(window, "confirm-leave-window")
    bot.shot(window.confirmation, "confirm-leave")
    window.confirmation.reject()  # stay: the interview goes on
    bot.waitUntil(lambda: window.confirmation is None)


def leave(bot: Shooter, window) -> None:
    """Close the window; during an interview, confirm leaving it (it stays interrupted)."""
    from PySide6.QtWidgets import QMessageBox

    window.close()
    if window.isVisible():
        bot.waitUntil(lambda: window.confirmation is not None and window.confirmation.isVisible())
        box = window.confirmation
        box.buttons()[[box.buttonRole(b) for b in box.buttons()].index(QMessageBox.ButtonRole.AcceptRole)].click()
        bot.waitUntil(lambda: not window.isVisible())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--size", default="1366x768", help="the screen in physical pixels, WxH")
    p.add_argument("--scale", type=float, default=1.0, help="the display scale (2 is 200 %%)")
    p.add_argument("--lang", default="en", help="the interviewer's and respondent's language code")
    p.add_argument("--survey", type=Path, help="another survey than the demo")
    p.add_argument("--x11", action="store_true", help="the display as it is (e.g. Xvfb), at --scale")
    p.add_argument("--out", type=Path, default=Path("/tmp/rrdesk-shots"))
    args = p.parse_args(argv)
    width, height = (int(n) for n in args.size.lower().split("x"))
    folder = Path(tempfile.mkdtemp(prefix="rrdesk-screen-"))
    if args.x11:
        os.environ["QT_SCALE_FACTOR"] = f"{args.scale:g}"
    else:
        use_screen(width, height, args.scale, folder)
    tour(args.out, args.lang, args.survey)
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
