"""The app through faults: a full disk mid-interview, a data folder that cannot be opened for
interviews, an export to the laptop's own disk, a survey path that is not a file.

The disk fills through the store's own fault-injection seam (``OsOps``, handed to the window
as ``ops``); everything else is a real data folder, a real bundle, a real FIFO.
"""
from __future__ import annotations

import os

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from rrdesk.app import custody
from rrdesk.app.interviews import Station
from rrdesk.core import survey as surveys
from rrdesk.core.fileio import OsOps
from rrdesk.store import bundle, keys
from tests.test_gui_support import (
    DEMO,
    DEMO_KEY,
    answer_question,
    click,
    finish,
    hand_over,
    next_screen,
    open_window,
    respondent_part,
    screen,
    settle_writes,
    stored,
    visible_texts,
)


class FullDisk(OsOps):
    """The store's file-system calls, with a disk that fills up (and empties) when the test says so."""

    full = False

    def fsync(self, fd: int) -> None:
        if self.full:
            raise OSError(28, "No space left on device")
        super().fsync(fd)


def _export_through_the_dialog(qtbot, window, monkeypatch, usb):
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(usb)))
    with qtbot.waitSignal(window.exportFinished, timeout=20000) as done:
        click(qtbot, window.dashboard.export)
    return done.args


def _accept(qtbot, box: QMessageBox) -> None:
    click(qtbot, next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.AcceptRole))


def test_a_full_disk_mid_interview_tells_the_respondent_no_path_exports_and_recovers_without_a_restart(
        qtbot, data, settings, fast_spin, tmp_path, monkeypatch):
    disk = FullDisk()
    window = open_window(qtbot, data, settings, ops=disk)
    d = window.dashboard
    hand_over(qtbot, window)
    q = next_screen(qtbot, window, "question", None)
    with qtbot.waitSignal(window.controller.spun):
        click(qtbot, q.spin_button)
    settle_writes(window)
    disk.full = True  # the spin's own record is durable; the answer's is not
    qtbot.waitUntil(lambda: q.answer_buttons[0].isVisible())
    click(qtbot, q.answer_buttons[0])
    qtbot.waitUntil(lambda: q.stop.isVisible())
    # the respondent: plain words, no file, no folder, no system message
    assert q.status.text() == "The answer could not be saved. Please call the interviewer."
    shown = " ".join(visible_texts(screen(window)))
    assert "/" not in shown and str(data) not in shown and "No space" not in shown

    click(qtbot, q.stop)  # the interviewer takes the laptop back; the disk is still full
    qtbot.waitUntil(lambda: d.fault_panel.isVisible())
    assert window.station is None and not d.start.isEnabled()
    stopped = d.fault.text().replace("\u200b", "")  # the failed interview's line stays in the fault panel
    assert stopped.startswith("Interview 1 stopped: ") and ".rrlog: " in stopped  # the full line, naming the file
    assert "No space left on device" in stopped and "free some disk space" in stopped
    assert d.status.text().startswith("The data folder cannot be used: ")  # why it cannot be opened now
    assert d.fault_hint.text() == custody.DISK_FULL  # the plain words
    assert d.export.isEnabled() and window.export_action.isEnabled() and d.retry.isVisible()

    usb = tmp_path / "usb"
    usb.mkdir()
    line, ok = _export_through_the_dialog(qtbot, window, monkeypatch, usb)  # the way to free space
    assert ok, line
    (made,) = usb.glob("*.tar.age")
    assert bundle.open_bundle(made, keys.load_identities(DEMO_KEY)) is not None
    assert d.fault.text().replace("\u200b", "") == stopped and d.fault_panel.isVisible()  # nothing covered it, nor the hint

    disk.full = False  # space comes back
    click(qtbot, d.retry)
    qtbot.waitUntil(lambda: window.station is not None)
    assert not d.fault_panel.isVisible() and d.status.text().replace("\u200b", "") == stopped
    assert d.resume_panel.isVisible() and d.resume.isVisible()
    click(qtbot, d.resume)
    respondent_part(qtbot, window)
    previous, asked = None, []
    for _ in range(3):
        previous, qid, _ = answer_question(qtbot, window, previous)
        asked.append(qid)
    assert asked == ["afraid_to_speak", "took_from_work", "bullied"]  # the spun question is never offered again
    assert finish(qtbot, window) == "Interview 1 saved."
    got = [(r.kind, r.question) for r in stored(data) if r.kind not in ("spun", "unspun")]
    assert got[0] == ("start", "") and got[2:] == [("answer", "afraid_to_speak"), ("answer", "took_from_work"),
                                                    ("answer", "bullied")]
    # its record reached the log before the fsync failed, or it is closed as not answered: the
    # store knows which, and either way the spun question was asked once
    assert got[1] in (("answer", "unhappy"), ("abandoned", "unhappy"))
    assert not d.fault_panel.isVisible() and d.start.isEnabled()
    window.close()


def test_a_data_folder_that_cannot_be_opened_for_interviews_still_exports(
        qtbot, data, settings, fast_spin, tmp_path, monkeypatch):
    with Station(surveys.load(DEMO), data) as holder:  # another process holds the log
        interview = holder.start({"department": "office"}, interviewer="t1")
        interview.abandon()
        window = open_window(qtbot, data, settings)
        d = window.dashboard
        assert window.station is None and d.fault_panel.isVisible() and not d.start.isEnabled()
        assert d.export.isEnabled()
        usb = tmp_path / "usb"
        usb.mkdir()
        line, ok = _export_through_the_dialog(qtbot, window, monkeypatch, usb)
        assert ok, line
        (made,) = usb.glob("*.tar.age")
        assert line.startswith("Exported and checked on ") and f": {made} " in line and "\n" not in line
        assert line.endswith("You may remove the USB stick now.")  # no count: the folder is not open
        window.close()


def test_try_again_tapped_twice_opens_the_store_once(qtbot, data, settings, fast_spin):
    with Station(surveys.load(DEMO), data):  # another window holds the folder
        window = open_window(qtbot, data, settings)
    d = window.dashboard
    assert d.fault_panel.isVisible()
    click(qtbot, d.retry)
    window.try_again()  # a second tap before the first one is answered
    qtbot.waitUntil(lambda: window.station is not None and not window.runner.busy)
    assert not d.fault_panel.isVisible() and d.start.isEnabled() and not d.status.isVisible()
    window.close()


def test_an_empty_data_folder_that_cannot_be_opened_offers_no_export(qtbot, tmp_path, settings, fast_spin):
    data = tmp_path / "data"
    data.write_text("a file where the data folder should be")
    window = open_window(qtbot, data, settings)
    d = window.dashboard
    assert window.station is None and d.fault_panel.isVisible()
    assert not d.export.isEnabled() and not window.export_action.isEnabled()
    window.close()


@pytest.mark.parametrize("yes", [True, False], ids=["export-anyway", "choose-another"])
def test_an_export_to_the_laptops_own_disk_is_confirmed_first(qtbot, window, tmp_path, monkeypatch, yes):
    monkeypatch.delenv(custody.SAME_DISK_ENV)
    here = tmp_path / "on-the-laptop"
    here.mkdir()
    asked = []  # "Choose another folder" opens the folder dialog again (cancelled here)
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: asked.append(a) or ""))
    with qtbot.waitSignal(window.exportFinished, timeout=20000) as done:
        window.export_to(here)
        qtbot.waitUntil(lambda: window.export_flow.confirmation is not None)
        box = window.export_flow.confirmation
        assert "laptop's own disk" in box.informativeText() and box.isVisible()
        if yes:
            _accept(qtbot, box)
        else:
            box.reject()
    line, ok = done.args
    assert ok is yes and len(list(here.glob("*.tar.age"))) == (1 if yes else 0)
    d = window.dashboard
    assert d.export.isEnabled() and not d.progress.isVisible()
    if yes:  # on the laptop's own disk: nothing to remove
        assert "You may remove the USB stick" not in line
    else:  # no line in success green: the folder dialog again
        assert line == "" and d.export_result.isHidden() and len(asked) == 1


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_remembered_survey_path_that_is_not_a_file_opens_the_demo_with_one_line(
        qtbot, data, settings, fast_spin, tmp_path, kind):
    path = tmp_path / "survey.toml"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
    settings.setValue("survey/path", str(path))
    window = open_window(qtbot, data, settings)  # never blocks on the FIFO
    assert window.survey.id == "workplace-demo" and window.station is not None
    said = window.message.informativeText()
    what = "a named pipe (FIFO)" if kind == "fifo" else "a folder"
    assert said == f"{path}: not a survey file: it is {what}; forgotten (settings file {settings.fileName()})"
    assert "\n" not in said
    assert settings.value("survey/path", "") == ""  # the next start opens the demo without a word
    window.close()


def test_a_remembered_survey_path_with_a_nul_byte_opens_the_demo_with_one_line(qtbot, data, settings, fast_spin):
    settings.setValue("survey/path", "/tmp/survey\0.toml")
    window = open_window(qtbot, data, settings)
    assert window.survey.id == "workplace-demo" and window.station is not None
    said = window.message.informativeText()
    assert said == ("/tmp/survey\\0.toml: not a usable path: it holds a NUL byte; forgotten (settings file "
                    f"{settings.fileName()})") and "\n" not in said
    assert settings.value("survey/path", "") == ""
    window.close()
