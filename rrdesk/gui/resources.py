"""Where the app's files are: resources/ sits next to the package (docs/ARCHITECTURE.md, Architecture),
in a checkout and in the desktop bundle alike (packaging/rrdesk.spec puts it beside the
frozen package, in the bundle's ``_internal/``)."""
from __future__ import annotations

import sys
from pathlib import Path

import rrdesk


def _resources() -> Path:
    # why: in a PyInstaller bundle sys._MEIPASS is the folder holding the frozen package and
    # its data files; the path is then independent of where the bundle was unpacked or copied.
    if getattr(sys, "frozen", False) and hasattr(sys, "_MEIPASS"):
        return Path(sys._MEIPASS) / "resources"
    return Path(rrdesk.__file__).resolve().parents[1] / "resources"


RESOURCES = _resources()
DEMO_SURVEY = RESOURCES / "surveys" / "demo.toml"
DEMO_IDENTITY = RESOURCES / "demo-identity.txt"
TRANSLATIONS = RESOURCES / "translations"
STYLE = RESOURCES / "style.qss"
ICON = RESOURCES / "icons" / "rrdesk.svg"


def demo_recipient() -> str | None:
    """The public demo key's recipient (``age1…``), read from the comment line of the demo
    identity file; a survey sealed to it can be read by anyone who has rrdesk."""
    try:
        text = DEMO_IDENTITY.read_text(encoding="utf-8")
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("# public key: "):
            return line.split(":", 1)[1].strip()
    return None


def style_sheet() -> str:
    """The high-contrast style sheet, or "" when it is missing (the app still works)."""
    try:
        return STYLE.read_text(encoding="utf-8")
    except OSError:
        return ""
