"""Where the app's files are: resources/ sits next to the package (docs/ARCHITECTURE.md), in a
checkout and in the desktop bundle alike (packaging/rrdesk.spec puts it beside the frozen
package, in the bundle's ``_internal/``). Qt-free, so the core can read the shipped wordings."""
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
