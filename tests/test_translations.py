"""Every interface string the GUI can show is translated, in its class's context.

A string that moves to another class (a reshaping of the GUI) changes its translation
context, and Qt then shows it in English to a French-speaking interviewer or respondent.
This runs Qt's own extractor (``pyside6-lupdate``) over ``rrdesk/gui`` into a copy of each
``.ts`` file and requires that nothing is new, unfinished or left behind.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.conftest import ROOT

TRANSLATIONS = ROOT / "resources" / "translations"
LUPDATE = Path(sys.executable).with_name("pyside6-lupdate")


@pytest.mark.skipif(not LUPDATE.exists(), reason="pyside6-lupdate is not installed beside this Python")
@pytest.mark.parametrize("ts", sorted(TRANSLATIONS.glob("rrdesk_*.ts")), ids=lambda p: p.stem)
def test_every_gui_string_has_a_finished_translation_in_its_context(ts, tmp_path):
    copy = tmp_path / ts.name
    shutil.copy(ts, copy)
    sources = sorted(str(p) for p in (ROOT / "rrdesk" / "gui").rglob("*.py"))
    done = subprocess.run([str(LUPDATE), *sources, "-ts", str(copy)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "(0 new and" in done.stdout, done.stdout
    missing = []
    for context in ET.parse(copy).getroot().iter("context"):
        for message in context.iter("message"):
            translation = message.find("translation")
            kind = translation.get("type") if translation is not None else "missing"
            if kind is not None or not (translation.text or "").strip():
                missing.append(f"{context.findtext('name')}: {message.findtext('source')!r} ({kind or 'empty'})")
    assert missing == []
