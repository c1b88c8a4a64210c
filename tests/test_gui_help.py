"""Help → Survey file format…: the coordinator reads docs/survey-format.md inside the app."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication, QTextBrowser

from rrdesk.gui import help as app_help


def _dialogs():
    return [w for w in QApplication.topLevelWidgets() if w.objectName() == "survey-format" and w.isVisible()]


def test_the_help_menu_opens_the_survey_format_document(qtbot, window):
    menus = [a.text() for a in window.menuBar().actions()]
    assert "&Help" in menus
    window.format_action.trigger()
    qtbot.waitUntil(lambda: bool(_dialogs()))
    dialog = _dialogs()[0]
    text = dialog.findChild(QTextBrowser).toPlainText()
    assert "The survey file" in text and "import-xlsform" in text and "max_epsilon" in text
    assert dialog.width() <= window.screen().availableGeometry().width()
    dialog.close()


def test_a_missing_document_is_said_plainly(qtbot, window, monkeypatch, tmp_path):
    monkeypatch.setattr(app_help, "SURVEY_FORMAT", tmp_path / "gone.md")
    window.format_action.trigger()
    qtbot.waitUntil(lambda: bool(_dialogs()))
    dialog = _dialogs()[0]
    assert "missing from this installation" in dialog.findChild(QTextBrowser).toPlainText()
    dialog.close()


def test_the_document_ships_where_the_app_looks_for_it():
    assert app_help.SURVEY_FORMAT.is_file()
