"""The real desktop app, as a process to be killed: tests/test_gui_respin.py runs it.

``python tests/gui_child.py DATA SETTINGS MODE`` starts the app's main window (the demo survey,
data folder DATA, settings file SETTINGS) on Qt's offscreen platform, walks an interview the way
a person does -- clicks on the real buttons -- up to the first question (instructed), taps Spin
and waits until the spinner's instruction is on screen. It then prints ``shown QUESTION`` and:

- MODE ``kill``: keeps the app running until the parent kills it (SIGKILL);
- MODE ``consent``: (the settings remember a survey with ``[consent]``) stops on the consent
  screen instead, prints ``shown consent`` and runs until the parent kills it;
- MODE ``close``: closes the window as an interviewer would (the ✕ or Ctrl+Q), confirms
  leaving the interview, prints ``closed`` and exits with the app's exit code.

The walk uses the GUI tests' own walkers (tests/test_gui_support.py) with their stand-in for
pytest-qt's ``qtbot`` built on QtTest (``QtTestBot``), so the child sees exactly the screens a test sees.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings  # noqa: E402

SHORT_SPIN_MS = 30  # why: the spin's length does not matter here; the test waits on its end


def main(data: str, settings_file: str, mode: str) -> int:
    from rrdesk.gui import app as gui_app
    from rrdesk.gui.spinner import path as spin_path
    from tests import test_gui_support as person

    spin_path.DURATION_MS = SHORT_SPIN_MS
    app = gui_app.application()
    settings = QSettings(settings_file, QSettings.Format.IniFormat)
    window = gui_app.make_window(data=Path(data), settings=settings)
    window.show()
    bot = person.QtTestBot()
    bot.waitUntil(lambda: window.station is not None)
    if mode == "consent":  # the remembered survey asks consent: stop on its screen, killed there
        person.click(bot, window.dashboard.start)
        direct = person.wait_for(bot, window, "direct")
        person.click(bot, person.button_named(direct, "Office"))
        person.click(bot, direct.next)
        person.click(bot, person.wait_for(bot, window, "handover").start)
        person.click(bot, person.button_named(person.wait_for(bot, window, "language"), "English"))
        person.wait_for(bot, window, "consent")
        print("shown consent", flush=True)
        while True:  # the app runs on until SIGKILL
            app.processEvents()
            time.sleep(0.01)
    person.hand_over(bot, window)
    question = person.next_screen(bot, window, "question", None)
    assert question.question.answer_mode == "instructed"
    person.click(bot, question.spin_button)
    bot.waitUntil(lambda: question.answer_buttons[0].isVisible())
    print("shown", question.question.id, flush=True)
    if mode == "kill":
        while True:  # the app runs on until SIGKILL
            app.processEvents()
            time.sleep(0.01)
    person.leave_interview(bot, window)
    bot.waitUntil(lambda: not window.isVisible())
    print("closed", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
