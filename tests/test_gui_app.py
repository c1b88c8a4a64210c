"""The desktop app around the interviews: surveys, the dashboard, export, settings, privacy."""
from __future__ import annotations

import argparse
import datetime as dt
import os
import subprocess
import sys
from collections import namedtuple
from pathlib import Path

import pytest
from PySide6.QtCore import QDate, QLocale, Qt, QTime
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QFileDialog, QLabel, QMessageBox, QPushButton, QWidget

from rrdesk import cli
from rrdesk.app.interviews import Station
from rrdesk.cli import gui as gui_cli
from rrdesk.core import survey as surveys
from rrdesk.core.errors import SurveyError
from rrdesk.gui import dashboard as dashboard_module
from rrdesk.gui import exporting, wording
from rrdesk.gui import settings as settings_module
from rrdesk.gui.states import QuestionState
from rrdesk.store import age, keys
from tests.fitcheck import problems
from tests.test_gui_support import (
    DEMO,
    DEMO_KEY,
    ROOT,
    answer_question,
    click,
    finish,
    hand_over,
    next_screen,
    open_window,
    stored,
    wait_for,
)


def _another_survey(tmp_path, *, survey_id: str = "other-survey"):
    """A valid survey sealed to a fresh (non-demo) key."""
    recipient = age.Identity.generate().recipient
    text = DEMO.read_text(encoding="utf-8")
    text = text.replace('id = "workplace-demo"', f'id = "{survey_id}"')
    text = text.replace('title = "Workplace wellbeing (demo)"', 'title = "Field test"')
    text = text.replace("age1af476ty2zc0c9qf8a4uqfvp4xxj8zyrdekf7rfz3rqlsxueazsqqwyjxv8", recipient)
    path = tmp_path / f"{survey_id}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _bad_survey(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('[survey]\nid = "x"\ntitle = "Broken"\nlanguages = ["en"]\n', encoding="utf-8")
    return path


# -- the survey ------------------------------------------------------------------------------


def test_with_nothing_configured_the_demo_survey_opens_with_its_warning(window, data):
    assert window.survey.id == "workplace-demo"
    assert window.banner.isVisible()
    assert window.banner.text().startswith("DEMO — readable with the public demo key")
    d = window.dashboard
    assert d.title.text() == "Workplace wellbeing (demo)"
    assert "ε per respondent: 5.31" in d.details.text()
    assert d.start.isEnabled() and not d.resume_panel.isVisible()
    assert d.folder.text().replace("\u200b", "") == d.folder.toolTip() == str(data)  # it may wrap at a /
    assert d.last_saved.text() == "nothing saved yet"
    assert window.windowTitle() == "rrdesk — Workplace wellbeing (demo)"


def test_a_bad_survey_file_is_refused_with_the_message_of_rrdesk_check(qtbot, window, tmp_path, capsys):
    bad = _bad_survey(tmp_path)
    assert cli.main(["check", str(bad)]) == 2
    line = capsys.readouterr().err.strip()
    assert not window.open_survey(bad)
    box = window.message
    assert box is not None and box.isVisible()
    assert f"rrdesk: error: {box.informativeText()}" == line
    assert window.survey.id == "workplace-demo"  # the survey in use stays
    assert window.prefs.survey_path is None


def test_an_opened_survey_is_remembered_and_reopened_next_time(qtbot, data, settings, tmp_path, fast_spin):
    other = _another_survey(tmp_path)
    window = open_window(qtbot, data, settings)
    monkey = pytest.MonkeyPatch()
    monkey.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(other), "")))
    window.open_action.trigger()  # File ▸ Open survey…
    monkey.undo()
    qtbot.waitUntil(lambda: window.station is not None and window.station.survey.id == "other-survey")
    assert not window.banner.isVisible()  # not sealed to the public demo key
    assert window.dashboard.title.text() == "Field test"
    window.close()
    again = open_window(qtbot, data, settings)
    assert again.survey.id == "other-survey"
    again.close()


def test_a_remembered_survey_that_is_gone_falls_back_to_the_demo_and_says_why(qtbot, data, settings, tmp_path,
                                                                               fast_spin):
    settings.setValue("survey/path", str(tmp_path / "moved.toml"))
    window = open_window(qtbot, data, settings)
    assert window.survey.id == "workplace-demo"
    assert "moved.toml: cannot read" in window.message.informativeText()
    window.close()


def test_a_data_folder_in_use_by_another_window_is_said_plainly(qtbot, data, settings, fast_spin):
    with Station(surveys.load(DEMO), data):
        window = open_window(qtbot, data, settings)
        d = window.dashboard
        assert window.station is None
        assert "in use by another rrdesk window" in d.status.text()
        assert not d.start.isEnabled()
        window.close()


# -- the dashboard ---------------------------------------------------------------------------


def test_low_disk_space_is_warned_about(qtbot, window, monkeypatch):
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(dashboard_module.shutil, "disk_usage", lambda path: usage(10**9, 10**9 - 5 * 10**7, 5 * 10**7))
    window.dashboard.refresh_disk(window.data)
    assert window.dashboard.disk.text() == "50 MB"
    assert window.dashboard.disk_warning.isVisible()


def test_counts_and_last_save_follow_the_interviews(qtbot, window):
    hand_over(qtbot, window)
    previous = None
    for _ in range(4):
        previous, _, _ = answer_question(qtbot, window, previous)
    assert finish(qtbot, window) == "Interview 1 saved."
    d = window.dashboard
    assert (d.session_count.text(), d.total_count.text()) == ("1", "1")
    assert d.last_saved.text() != "nothing saved yet"


def test_the_checked_reduce_motion_box_shows_a_tick(qtbot, window):
    box = window.dashboard.reduced_motion

    def whites_in_the_box() -> int:
        from PySide6.QtWidgets import QStyle, QStyleOptionButton

        option = QStyleOptionButton()
        box.initStyleOption(option)
        rect = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, box)
        image = box.grab().toImage()
        ratio = image.devicePixelRatio()
        inner = rect.adjusted(5, 5, -5, -5)  # inside its 3-px border
        return sum(image.pixelColor(round(x * ratio), round(y * ratio)).lightness() > 200
                   for x in range(inner.left(), inner.right()) for y in range(inner.top(), inner.bottom()))

    box.setChecked(False)
    empty = whites_in_the_box()  # an empty box is white inside
    box.setChecked(True)
    ticked = whites_in_the_box()  # filled blue, with a white tick
    assert 0 < ticked < empty / 2
    box.setChecked(False)


def test_reduced_motion_is_a_remembered_preference_that_reaches_the_wheel(qtbot, window, settings):
    click(qtbot, window.dashboard.reduced_motion)
    assert settings.value("spinner/reduced_motion") in (True, "true")
    hand_over(qtbot, window)
    q = next_screen(qtbot, window, "question", None)
    assert q.wheel.reduced_motion is True


def test_the_interviewer_can_switch_the_interface_to_french(qtbot, window, settings):
    combo = window.dashboard.language
    combo.setCurrentIndex(combo.findData("fr"))
    qtbot.waitUntil(lambda: window.dashboard.start.text() == "Commencer un entretien")
    assert settings.value("interface/language") == "fr"
    assert window.banner.text().startswith("DÉMO")
    assert window.dashboard.title.text() == "Workplace wellbeing (demo)"


# -- export ----------------------------------------------------------------------------------


def test_export_runs_in_the_background_and_ends_with_a_verified_bundle(qtbot, window, tmp_path, monkeypatch):
    from rrdesk.store import bundle

    hand_over(qtbot, window)
    previous = None
    for _ in range(4):
        previous, _, _ = answer_question(qtbot, window, previous)
    finish(qtbot, window)
    usb = tmp_path / "usb"
    usb.mkdir()
    asked = []
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: asked.append(a) or str(usb)))
    d = window.dashboard
    assert d.last_export.text() == "not yet"
    with qtbot.waitSignal(window.exportFinished, timeout=20000) as done:
        click(qtbot, d.export)
        assert d.progress.isVisible() and not d.export.isEnabled()  # busy while it works
    line, ok = done.args
    assert ok, line
    made = list(usb.glob("*.tar.age"))
    assert len(made) == 1 and not list(usb.glob("*.part"))
    assert line.startswith("Exported and checked on ")
    assert line.endswith(f": {made[0]} It holds 1 interview. You may remove the USB stick now.")
    assert d.last_export.text().startswith("today at ")
    (_, _, start, options), = asked  # Qt's own dialog (touch-sized by the style sheet), opened where sticks are
    assert start == str(exporting.start_folder()) and options & QFileDialog.Option.DontUseNativeDialog
    assert d.export_result.text().replace("\u200b", "") == line and not d.progress.isVisible() and d.export.isEnabled()
    opened = bundle.open_bundle(made[0], keys.load_identities(DEMO_KEY))
    assert opened is not None


def test_the_export_dialog_opens_on_the_usb_stick_else_home(monkeypatch, tmp_path):
    from PySide6.QtCore import QStorageInfo

    class Volume:
        def __init__(self, root: str, read_only: bool = False) -> None:
            self.root, self.read_only = root, read_only

        def rootPath(self) -> str:  # noqa: N802 - Qt's name
            return self.root

        def isValid(self) -> bool:  # noqa: N802 - Qt's name
            return True

        def isReady(self) -> bool:  # noqa: N802 - Qt's name
            return True

        def isReadOnly(self) -> bool:  # noqa: N802 - Qt's name
            return self.read_only

    def mounted(*roots: str, cdrom: str = "") -> None:
        volumes = [Volume("/"), Volume("/boot"), *map(Volume, roots)] + ([Volume(cdrom, True)] if cdrom else [])
        monkeypatch.setattr(QStorageInfo, "mountedVolumes", staticmethod(lambda: volumes))

    monkeypatch.setenv("HOME", str(tmp_path))
    mounted("/media/ana/STICK", cdrom="/media/ana/CDROM")  # a read-only disc is no destination
    assert exporting.start_folder() == Path("/media/ana/STICK")
    mounted("/run/media/ana/A", "/run/media/ana/B")
    assert exporting.start_folder() == Path("/run/media/ana")
    mounted()
    assert exporting.start_folder() == tmp_path  # the home folder, never the working directory


def test_an_export_that_fails_says_why_in_one_line(qtbot, window, tmp_path):
    with qtbot.waitSignal(window.exportFinished, timeout=20000) as done:
        window.export_to(tmp_path / "no-stick-here")
    line, ok = done.args
    assert not ok
    assert line.startswith("Export failed: ") and "\n" not in line
    assert window.dashboard.export_result.text().replace("\u200b", "") == line


# -- privacy of the surroundings -------------------------------------------------------------


def test_settings_hold_only_paths_and_preferences_after_an_interview(qtbot, window, settings, tmp_path):
    hand_over(qtbot, window, department="Factory or workshop")
    previous, answers = None, []
    for pick in (0, 1, 0, 2):
        previous, qid, answer = answer_question(qtbot, window, previous, pick=pick)
        answers.append(answer)
    finish(qtbot, window)
    settings.sync()
    assert set(settings.allKeys()) <= set(settings_module.KEYS)
    text = (tmp_path / "settings.ini").read_text(encoding="utf-8").lower()
    for secret in ("factory", "unhappy", "afraid", "bullied", "took_from_work", "spin", "sector", "answer"):
        assert secret not in text.replace("spinner/reduced_motion", "")
    for value in (settings.value(k) for k in settings.allKeys()):
        assert str(value).lower() not in {a.lower() for a in answers} | {"yes", "no", "1", "0"}


def _said_beyond_the_screen(root: QWidget, outcome: list[str]) -> list[str]:
    """What a screen reader, a tooltip or a title bar says of an outcome that the screen does not
    show right there: a label may be spoken as its own visible text, and the wheel's value and
    description may name the sector under its pointer (painted there); nothing else."""
    from rrdesk.gui.spinner.widget import SpinnerWidget

    out = []
    for w in [root, *root.findChildren(QWidget)]:
        said = [w.windowTitle(), w.accessibleName(), w.accessibleDescription(), w.toolTip(), w.statusTip()]
        iface = QAccessible.queryAccessibleInterface(w)
        if iface is not None and iface.isValid():
            said += [iface.text(QAccessible.Text.Name), iface.text(QAccessible.Text.Description),
                     iface.text(QAccessible.Text.Value)]
        shown = {w.text()} if isinstance(w, QLabel) and w.isVisible() else set()
        if isinstance(w, SpinnerWidget) and w.isVisible() and w.spoken_value():
            shown = {w.spoken_value(), w.accessibleDescription()}
        out += [n for n in said if n and n not in shown and any(o in n for o in outcome)]
    return out


def test_no_outcome_reaches_the_window_title_or_accessible_names(qtbot, window):
    """A screen reader hears the outcome the screen shows (the instruction, the wheel's sector),
    nothing beyond it: never in the window title, a tooltip, or a name of anything else."""
    hand_over(qtbot, window)
    title = window.windowTitle()
    q = next_screen(qtbot, window, "question", None)  # instructed
    click(qtbot, q.spin_button)
    qtbot.waitUntil(lambda: q.answer_buttons[0].isVisible())
    outcome = [q.instruction.text(), *wording.wheel_labels(q.question, "en")]
    assert _said_beyond_the_screen(window, outcome) == []
    assert window.windowTitle() == title
    click(qtbot, q.answer_buttons[0])
    q2 = next_screen(qtbot, window, "question", q)  # assisted
    click(qtbot, q2.truth_buttons[0])
    click(qtbot, q2.spin_button)
    qtbot.waitUntil(lambda: q2.next.isVisible())
    outcome = [q2.instruction.text(), q2.recorded.text(), *wording.wheel_labels(q2.question, "en")]
    assert _said_beyond_the_screen(window, outcome) == []
    assert window.windowTitle() == title


def test_the_spin_is_forgotten_once_its_answer_is_recorded(qtbot, window):
    hand_over(qtbot, window)
    q = next_screen(qtbot, window, "question", None)
    click(qtbot, q.spin_button)
    qtbot.waitUntil(lambda: q.answer_buttons[0].isVisible())
    interview = window.controller.interview
    assert q.state is QuestionState.SHOWN and interview.spun
    click(qtbot, q.answer_buttons[1])
    next_screen(qtbot, window, "question", q)
    assert interview.spun is None  # the store dropped it; the screen that knew the sector is gone


# -- the command line ------------------------------------------------------------------------


def _gui_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="rrdesk")
    gui_cli.add_parser(p.add_subparsers(dest="command"))
    return p


def test_rrdesk_gui_checks_a_given_survey_before_starting(tmp_path):
    args = _gui_parser().parse_args(["gui", "--survey", str(_bad_survey(tmp_path)), "--data", str(tmp_path)])
    with pytest.raises(SurveyError, match="recipients is missing"):
        args.run(args)
    import gc

    assert gc.isenabled()  # off only while the app starts: a start that fails gives it back


def test_rrdesk_gui_starts_shows_its_window_and_quits_on_request(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RRDESK_GUI_QUIT_AFTER_SHOW="1", HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "share"))
    code = ("import argparse, sys\nfrom rrdesk.cli import gui\n"
            "p = argparse.ArgumentParser(); gui.add_parser(p.add_subparsers())\n"
            "a = p.parse_args(sys.argv[1:]); sys.exit(a.run(a))\n")
    done = subprocess.run([sys.executable, "-c", code, "gui", "--data", str(tmp_path / "data")], env=env,
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("shown ")
    assert (tmp_path / "data" / "workplace-demo").is_dir()  # the demo survey's store was opened



def test_pyside_reads_no_qt_free_modules_source_as_the_app_starts(tmp_path):
    """PySide reads a module's whole source (its __feature__ check) the first time an import
    statement names it after PySide loaded; ``rrdesk gui`` tells it the modules imported before
    Qt (the survey, its words, the standard library) need no look, so it reads only the GUI's."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RRDESK_GUI_QUIT_AFTER_SHOW="1", HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "share"))
    code = ("import argparse, os, sys\nfrom rrdesk.cli import gui\nread = []\nmark = gui._no_feature_checks\n"
            "def marked():\n"
            "    mark()\n"
            "    feature = sys.modules['PySide6.support.feature']\n"
            "    check = feature._mod_uses_pyside\n"
            "    feature._mod_uses_pyside = lambda m: (read.append(m.__name__), check(m))[1]\n"
            "gui._no_feature_checks = marked\n"
            "class Out:\n"
            "    def write(self, text):\n"
            "        if text.startswith('shown'):\n"
            "            sys.__stdout__.write(repr(read) + '\\n'); sys.__stdout__.flush(); os._exit(0)\n"
            "    def flush(self): pass\n"
            "sys.stdout = Out()\n"
            "p = argparse.ArgumentParser(); gui.add_parser(p.add_subparsers())\n"
            "a = p.parse_args(sys.argv[1:]); sys.exit(a.run(a))\n")
    done = subprocess.run([sys.executable, "-c", code, "gui", "--data", str(tmp_path / "data")], env=env,
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    import ast

    read = ast.literal_eval(done.stdout.strip().splitlines()[-1])  # the names the child printed
    assert "rrdesk.gui.window" in read  # the check is there, and sees the GUI's modules
    assert not {"rrdesk.core.survey", "rrdesk.core.wording", "rrdesk.app.trust", "typing", "pathlib",
                "datetime", "dataclasses"} & set(read), read


def test_the_first_window_loads_only_what_it_shows(tmp_path):
    """The dashboard is built and shown without the store, cryptography, numpy, the interview's
    controller and screens, the Help dialog or the Results view: they load once the event loop
    runs (the store), at the first interview (warmed half a second after the window shows) or
    when asked for. Nor the answers' signs and the spinner's style, hashlib (a survey's media
    hashes) or html (the trust boxes): what Qt classes they name costs Qt's making their enums.
    Nor the skip conditions' parser, which the demo survey (no condition) does not need."""
    code = ("import sys\nfrom pathlib import Path\nfrom rrdesk.gui import app\napp.application()\n"
            "w = app.make_window(data=Path(sys.argv[1])); w.show()\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'cryptography') or m in sys.argv[2:]))\n")
    later = ["rrdesk.store.log", "rrdesk.store.minisign", "rrdesk.app.interviews", "rrdesk.core.randomizer",
             "rrdesk.gui.operations", "rrdesk.gui.interview", "rrdesk.gui.flow", "rrdesk.gui.states", "rrdesk.gui.help",
             "rrdesk.gui.results", "rrdesk.gui.spinner.widget", "rrdesk.gui.screens", "rrdesk.store.folder",
             "rrdesk.store.records", "rrdesk.gui.marks", "rrdesk.gui.spinner.style", "hashlib", "html",
             "rrdesk.core.survey._relevant"]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "data"), *later], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_once_the_window_shows_the_garbage_collector_is_back_on_and_skips_what_start_up_made():
    import gc

    from rrdesk.gui import app as gui_app

    gc.disable()  # as `rrdesk gui` starts
    try:
        gui_app._settled()
        assert gc.isenabled() and gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.enable()

# -- the window on its screen, full-screen interviews, deliberate leaving ------------------------
# (every screen's fit, at three screen sizes at 200 %: tests/test_gui_fit.py)


def test_the_window_opens_maximized_on_a_small_screen_and_centred_on_a_large_one():
    from PySide6.QtCore import QRect

    from rrdesk.gui.frame import PREFERRED, opening_geometry

    for small in (QRect(0, 0, 512, 300), QRect(0, 0, 1366, 728), QRect(0, 0, 1280, 720)):
        assert opening_geometry(small) is None  # every pixel counts: maximized
    big = QRect(1920, 0, 2560, 1400)  # a second screen, to the right of the first
    rect = opening_geometry(big)
    assert rect.size() == PREFERRED and big.contains(rect) and rect.center() == big.center()


def test_the_interview_is_full_screen_without_a_menu_and_the_dashboard_comes_back_as_it_was(qtbot, window):
    assert window.isMaximized()  # the test screen (800x800) is small
    hand_over(qtbot, window)
    assert window.isFullScreen() and window.menuBar().isHidden()
    previous = None
    for _ in range(4):
        previous, _, _ = answer_question(qtbot, window, previous)
    assert window.isFullScreen()
    assert finish(qtbot, window) == "Interview 1 saved."
    assert not window.isFullScreen() and window.isMaximized() and window.menuBar().isVisible()


def _confirmation(qtbot, window):
    qtbot.waitUntil(lambda: window.confirmation is not None and window.confirmation.isVisible())
    box = window.confirmation
    yes, no = box.buttons()[0], box.buttons()[1]
    if box.buttonRole(yes) != QMessageBox.ButtonRole.AcceptRole:
        yes, no = no, yes
    assert box.defaultButton() is no and box.escapeButton() is no  # Enter or Escape never does it
    assert problems(box) == []  # touch-sized, nothing cut
    return box, yes, no


def test_leaving_over_a_respondent_screen_asks_in_the_respondents_words(qtbot, data, settings, fast_spin):
    window = open_window(qtbot, data, settings)
    assert window.dashboard.start.text() == "Start interview"  # the interviewer's language: English
    click(qtbot, window.dashboard.start)
    direct = wait_for(qtbot, window, "direct")
    click(qtbot, next(b for b in direct.findChildren(QPushButton) if b.text() == "Office"))
    click(qtbot, direct.next)
    handover = wait_for(qtbot, window, "handover")
    # the respondent's button in each of the survey's languages, nobody knows yet which they read
    assert handover.start.text() == " / ".join([wording.words_of("en")("respondent_start"),
                                              wording.words_of("fr")("respondent_start")])
    window.close()  # over the interviewer's hand-over: the interviewer's words
    box, yes, no = _confirmation(qtbot, window)
    assert box.text() == "Leave the interview?" and "dashboard" in box.informativeText()
    click(qtbot, no)
    qtbot.waitUntil(lambda: window.confirmation is None)
    click(qtbot, handover.start)
    click(qtbot, next(b for b in wait_for(qtbot, window, "language").buttons if b.text() == "Français"))
    wait_for(qtbot, window, "explanation")
    window.close()  # over the respondent's screen: in French
    box, yes, no = _confirmation(qtbot, window)
    assert (box.text(), yes.text(), no.text()) == ("Quitter l'entretien\u00a0?", "Quitter", "Rester")
    click(qtbot, no)
    qtbot.waitUntil(lambda: window.confirmation is None)
    assert window.interviewing()
    window.close()
    click(qtbot, _confirmation(qtbot, window)[1])


@pytest.mark.parametrize("how", ["close", "ctrl+q"])
def test_leaving_an_interview_is_confirmed_and_leaves_it_interrupted(qtbot, data, settings, fast_spin, how):
    window = open_window(qtbot, data, settings)
    hand_over(qtbot, window)
    q = next_screen(qtbot, window, "question", None)
    if how == "close":
        window.close()  # the window's ✕
    else:
        qtbot.keyClick(q, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    box, yes, no = _confirmation(qtbot, window)
    assert window.isVisible() and window.station is not None  # nothing is closed while asking
    click(qtbot, no)  # stay
    qtbot.waitUntil(lambda: window.confirmation is None)
    assert window.isVisible() and window.flow.screen is q and window.station is not None
    window.close()
    box, yes, no = _confirmation(qtbot, window)
    click(qtbot, yes)  # leave
    qtbot.waitUntil(lambda: not window.isVisible())
    assert window.station is None  # the store was closed with the window: nothing half-closed
    again = open_window(qtbot, data, settings)
    assert again.dashboard.resume_panel.isVisible()  # offered with Continue
    assert again.dashboard.resume.isEnabled() and again.dashboard.start.isEnabled()  # Start asks to close it
    again.close()  # no interview on screen: no question asked
    assert not again.isVisible() and again.confirmation is None


def test_closing_an_interrupted_interview_is_confirmed_first(qtbot, data, settings, fast_spin):
    with Station(surveys.load(DEMO), data) as station:
        station.start({"department": "office"}, interviewer="t1")
    window = open_window(qtbot, data, settings)
    d = window.dashboard
    click(qtbot, d.close_it)
    box, yes, no = _confirmation(qtbot, window)
    assert "cannot be undone" in box.informativeText()
    click(qtbot, no)  # keep it: nothing is written
    qtbot.waitUntil(lambda: window.confirmation is None)
    assert d.resume_panel.isVisible()
    assert [r.kind for r in stored(data)] == ["start"]
    click(qtbot, d.close_it)
    box, yes, no = _confirmation(qtbot, window)
    click(qtbot, yes)
    qtbot.waitUntil(lambda: d.resume_panel.isHidden())
    assert not d.resume_panel.isVisible()
    assert len(stored(data)) > 1  # the unreached questions are marked (their records' shape: test_gui_flow)
    window.close()


def test_start_with_an_interview_interrupted_asks_to_close_it_then_starts(qtbot, data, settings, fast_spin):
    """As CSPro and ODK Collect with a partial case: Start is never dead; it asks first."""
    with Station(surveys.load(DEMO), data) as station:
        station.start({"department": "office"}, interviewer="t1")
    window = open_window(qtbot, data, settings)
    d = window.dashboard
    assert d.start.isEnabled() and d.resume_panel.isVisible()
    click(qtbot, d.start)
    box, yes, no = _confirmation(qtbot, window)
    assert box.text() == "Close interview 1 and start a new one?" and "cannot be undone" in box.informativeText()
    assert box.defaultButton() is no  # a stray Enter keeps it
    click(qtbot, no)
    qtbot.waitUntil(lambda: window.confirmation is None)
    assert not window.interviewing() and [r.kind for r in stored(data)] == ["start"]
    click(qtbot, d.start)
    box, yes, no = _confirmation(qtbot, window)
    assert yes.text() == "Close it and start"
    click(qtbot, yes)
    wait_for(qtbot, window, "direct")  # the new interview's first screen
    kinds = [r.kind for r in stored(data)]
    assert kinds.count("start") == 1 and kinds.count("abandoned") == 4  # every question closed as not asked
    window.close()


def test_the_interrupted_banner_says_roughly_when(qtbot, window):
    d = window.dashboard
    locale = QLocale()  # the interviewer's language's clock

    def clock(h: int, m: int) -> str:
        return locale.toString(QTime(h, m), QLocale.FormatType.ShortFormat)

    now = dt.datetime(2026, 11, 28, 20, 0)  # a Saturday
    assert d.roughly(dt.datetime(2026, 11, 28, 14, 8), now) == f"today at about {clock(14, 10)}"
    assert d.roughly(dt.datetime(2026, 11, 27, 23, 58), now) == f"yesterday at about {clock(0, 0)}"
    assert d.roughly(dt.datetime(2026, 11, 23, 9, 2), now) == f"on {locale.dayName(1)} at about {clock(9, 0)}"
    date = locale.toString(QDate(2026, 11, 3), QLocale.FormatType.LongFormat)
    assert d.roughly(dt.datetime(2026, 11, 3, 11, 22), now) == f"on {date} at about {clock(11, 20)}"
    assert d.roughly(None) == ""


def test_a_long_path_in_a_dashboard_line_wraps_instead_of_widening_the_window(qtbot, window):
    """A status naming a log (a 70-character file name) wrapped only at spaces would ask for
    850 px and scroll a 512-px-wide window sideways; its long tokens break, its words do not."""
    from rrdesk.gui.widgets import wrappable

    line = ("The data folder cannot be used: /tmp/pytest-of-root/data/workplace-demo/"
            "b83836b9f6da8fb76bbfcff2bcf02884-3c92032a43ce4339e1b5dca0ba261131.rrlog: in use by another window")
    assert wrappable(line).replace("\u200b", "") == line
    assert wrappable("Interview 1 was closed before the end.") == "Interview 1 was closed before the end."
    window.dashboard.set_status(line, error=True)
    assert window.dashboard.status.minimumSizeHint().width() < 400


def test_the_app_icon_is_set_once_the_window_shows(qapp):
    """The window icon (an SVG, and QIcon's class) is no part of the first window: run() sets it
    once the window has shown, with window_icon()."""
    from rrdesk.gui import app as gui_app

    gui_app.window_icon(qapp)
    assert not qapp.windowIcon().pixmap(32, 32).isNull()
