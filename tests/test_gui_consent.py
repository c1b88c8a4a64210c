"""The consent screen (a survey with [consent]), as the respondent lives it, against a real store:
Yes starts the interview, No ends it with a refusal that holds nothing the respondent said, and
an app killed on the consent screen leaves nothing behind."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys

from PySide6.QtCore import Qt

from rrdesk.gui.states import Step
from tests.conftest import DEMO, ROOT
from tests.test_gui_support import (
    alone,
    button_named,
    click,
    explain,
    open_window,
    practise,
    stored,
    visible_texts,
    wait_for,
)

CONSENT_EN = "This survey asks about your work. You may stop at any time. Do you agree to take part?"
CONSENT_FR = "Cette enquête porte sur votre travail. Vous pouvez arrêter à tout moment. Acceptez-vous d'y participer ?"
CHILD = ROOT / "tests" / "gui_child.py"


def consent_survey(folder):
    path = folder / "consent.toml"
    path.write_text(DEMO.read_text(encoding="utf-8") + f'\n[consent]\ntext.en = "{CONSENT_EN}"\n'
                    f'text.fr = "{CONSENT_FR}"\n', encoding="utf-8")
    return path


def _to_consent(qtbot, window, language="English"):
    click(qtbot, window.dashboard.start)
    direct = wait_for(qtbot, window, "direct")
    click(qtbot, button_named(direct, "Office"))
    click(qtbot, direct.next)
    click(qtbot, wait_for(qtbot, window, "handover").start)
    click(qtbot, button_named(wait_for(qtbot, window, "language"), language))
    return wait_for(qtbot, window, "consent")


def test_yes_starts_the_interview_only_then(qtbot, tmp_path, settings, fast_spin):
    data = tmp_path / "data"
    window = open_window(qtbot, data, settings, survey=consent_survey(tmp_path))
    consent = _to_consent(qtbot, window)
    assert CONSENT_EN in visible_texts(consent)
    assert stored(data) == []  # nothing is on disk before the respondent consents
    click(qtbot, consent.yes)
    explain(qtbot, window)
    practise(qtbot, window, spins=0)
    alone(qtbot, window)
    got = stored(data)
    assert [r.kind for r in got] == ["start"] and got[0].direct == {"department": "office"}
    assert got[0].interviewer == "t1"
    window.close()


def test_no_ends_the_interview_with_a_refusal_and_nothing_said(qtbot, tmp_path, settings, fast_spin):
    data = tmp_path / "data"
    window = open_window(qtbot, data, settings, survey=consent_survey(tmp_path))
    consent = _to_consent(qtbot, window, "Français")
    assert CONSENT_FR in visible_texts(consent)  # in the respondent's language
    click(qtbot, consent.no)
    refused = wait_for(qtbot, window, "refused")
    assert "Rien à votre sujet n’a été enregistré" in " ".join(visible_texts(refused))
    click(qtbot, refused.back)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.dashboard)
    assert window.dashboard.status.text() == "Interview 1: the respondent did not consent; the refusal is saved."
    got = stored(data)
    assert got[0].kind == "refused" and got[0].direct == {} and got[0].interviewer == "t1"
    assert {r.kind for r in got[1:]} == {"unspun", "abandoned"}
    assert window.dashboard.resume_panel.isHidden() and window.dashboard.start.isEnabled()
    window.close()


def test_arabic_consent_is_right_to_left(qtbot, tmp_path, settings, fast_spin):
    path = tmp_path / "ar.toml"
    text = DEMO.read_text(encoding="utf-8")
    text = text.replace('languages = ["en", "fr"]', 'languages = ["en", "ar"]')
    text = re.sub(r'(\w+)\.fr = ', r'\1.ar = ', text)
    path.write_text(text + '\n[consent]\ntext.en = "Do you agree?"\ntext.ar = "هل توافق على المشاركة؟"\n',
                    encoding="utf-8")
    window = open_window(qtbot, tmp_path / "data", settings, survey=path)
    consent = _to_consent(qtbot, window, "العربية")
    assert consent.layoutDirection() == Qt.LayoutDirection.RightToLeft
    assert "نعم، أوافق على المشاركة" in visible_texts(consent)
    window.close()


def test_an_app_killed_on_the_consent_screen_leaves_no_interview(qtbot, tmp_path, settings, fast_spin):
    data = tmp_path / "data"
    settings.setValue("survey/path", str(consent_survey(tmp_path)))
    settings.sync()
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, str(CHILD), str(data), settings.fileName(), "consent"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        line = child.stdout.readline()
        assert line == "shown consent\n", child.stderr.read()[-3000:] if not line else line
    finally:
        child.send_signal(signal.SIGKILL)
        child.communicate()
    assert stored(data, "workplace-demo") == []  # no record, no direct answer
    window = open_window(qtbot, data, settings)
    assert window.dashboard.resume_panel.isHidden()  # nothing interrupted to continue
    assert window.dashboard.total_count.text() == "0"
    consent = _to_consent(qtbot, window)  # the next interview asks consent again, as number 1
    assert window.controller.step is Step.CONSENT and window.controller.number == 1
    click(qtbot, consent.yes)
    wait_for(qtbot, window, "explanation")
    assert [r.interview for r in stored(data)] == [1]
    window.close()


def test_a_stray_enter_on_the_consent_screen_agrees_to_nothing(qtbot):
    """The page takes the focus, not "Yes, I agree": Enter does nothing until Tab reaches a button."""
    from PySide6.QtWidgets import QApplication

    from rrdesk.gui.consent import ConsentScreen

    screen = ConsentScreen("We ask about your work.", "en")
    qtbot.addWidget(screen)
    screen.show()
    screen.activateWindow()
    screen.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is screen)
    assert screen.accessibleName() == "Before we start"
    heard = []
    screen.agreed.connect(lambda: heard.append("yes"))
    screen.refused.connect(lambda: heard.append("no"))
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert heard == []
    qtbot.keyClick(screen, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is screen.yes
