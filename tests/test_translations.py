"""Every interface string the GUI can show is translated, in its class's context; the
respondent's screens use none of them (they speak the respondent's named texts).

A string that moves to another class (a reshaping of the GUI) changes its translation
context, and Qt then shows it in English to a French-speaking interviewer. This runs Qt's own
extractor (``pyside6-lupdate``) over ``rrdesk/gui`` into a copy of each ``.ts`` file and
requires that nothing is new, unfinished or left behind. ``rrdesk_en.ts`` holds only English's
plural forms (``%n``): its other messages stay the source.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale

from tests.conftest import ROOT

TRANSLATIONS = ROOT / "resources" / "translations"
LUPDATE = Path(sys.executable).with_name("pyside6-lupdate")
#: Plural forms Qt expects per language (its numerus rules): Arabic has six.
FORMS = {"en": 2, "fr": 2, "es": 2, "pt": 2, "ar": 6}
#: The screens a respondent holds: their words are rrdesk/core/wording/__init__.py's named texts.
RESPONDENT = ("ExplanationScreen", "PracticeScreen", "PrivacyScreen", "QuestionScreen", "ThanksScreen",
              "LanguageScreen", "CoverPage", "SkipConfirm", "SpinnerWidget", "WheelPicture", "KindCard", "Wording")


def _extracted(ts: Path, tmp_path: Path) -> ET.ElementTree:
    copy = tmp_path / ts.name
    shutil.copy(ts, copy)
    sources = sorted(str(p) for p in (ROOT / "rrdesk" / "gui").rglob("*.py"))
    done = subprocess.run([str(LUPDATE), *sources, "-ts", str(copy)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "(0 new and" in done.stdout, done.stdout
    return ET.parse(copy)


@pytest.mark.skipif(not LUPDATE.exists(), reason="pyside6-lupdate is not installed beside this Python")
@pytest.mark.parametrize("ts", sorted(TRANSLATIONS.glob("rrdesk_*.ts")), ids=lambda p: p.stem)
def test_every_gui_string_has_a_finished_translation_in_its_context(ts, tmp_path):
    lang = ts.stem.split("_", 1)[1]
    missing = []
    for context in _extracted(ts, tmp_path).getroot().iter("context"):
        name = context.findtext("name")
        assert name not in RESPONDENT, f"{name} uses Qt's translation: a respondent's screen must use named texts"
        for message in context.iter("message"):
            plural = message.get("numerus") == "yes"
            if lang == "en" and not plural:
                continue  # English is the source; only its plural forms are translated
            translation = message.find("translation")
            kind = translation.get("type") if translation is not None else "missing"
            forms = [f.text or "" for f in translation.iter("numerusform")] if plural else []
            empty = not all(forms) if plural else not (translation.text or "").strip()
            if kind is not None or empty or (plural and len(forms) != FORMS[lang]):
                missing.append(f"{name}: {message.findtext('source')!r} ({kind or 'empty or wrong forms'})")
    assert missing == []


def test_english_plurals_come_from_the_english_plural_forms():
    from rrdesk.gui import app as gui_app
    from rrdesk.gui.i18n import Translators

    gui_app.application()
    translators = Translators()
    try:
        translators.use("en")
        say = QCoreApplication.translate
        assert say("ResultsWindow", "%n laptop(s)", "", 1) == "1 laptop"
        assert say("ResultsWindow", "%n laptop(s)", "", 3) == "3 laptops"
        translators.use("fr")
        assert say("ResultsWindow", "%n bundle(s)", "", 0) == "0 lot"  # French: 0 is singular
        assert QLocale().language() == QLocale.Language.French  # numbers and dates follow
    finally:
        translators.use("en")


def test_a_new_window_in_english_is_in_english_whatever_an_earlier_one_installed():
    # a window closed in Arabic (its Translators still alive, not yet collected) and a new one
    # made in English: the new one speaks English (the fit walks once saw Arabic in English)
    from rrdesk.gui import app as gui_app
    from rrdesk.gui.i18n import Translators

    gui_app.application()
    earlier, later = Translators(), Translators()
    say = QCoreApplication.translate
    try:
        earlier.use("ar")
        assert say("ResultsWindow", "%n laptop(s)", "", 3) != "3 laptops"
        later.use("en")
        assert say("ResultsWindow", "%n laptop(s)", "", 3) == "3 laptops"
    finally:
        later.use("en")


def test_no_respondent_screen_calls_qts_translation():
    """The respondent's screens and the wheel never reach for self.tr: a text there would be
    in the interviewer's language, not the respondent's."""
    found = []
    for name in ("practice.py", "question.py", "question_parts.py", "explain.py", "spinner/widget.py", "wording.py"):
        text = (ROOT / "rrdesk" / "gui" / name).read_text(encoding="utf-8")
        found += [f"{name}: {m[0]}" for m in re.finditer(r"self\.tr\(|QCoreApplication\.translate\(", text)]
    assert found == []
