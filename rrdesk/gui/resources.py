"""The app's files, under resources/ (found by :mod:`rrdesk.core.resources`)."""
from __future__ import annotations

from rrdesk.core.resources import RESOURCES

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
