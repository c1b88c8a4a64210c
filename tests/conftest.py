"""Shared test set-up: the offscreen Qt platform, deterministic byte sources, and the
fixtures of the GUI tests (a main window on a temporary data folder and settings file).

Qt and the GUI are imported inside the GUI fixtures only, so the other tests never load them."""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "surveys" / "demo.toml"


class WordSource:
    """A byte source that hands out the given 32-bit words, little-endian, in order,
    and counts what it was asked for."""

    def __init__(self, words) -> None:
        self.data = np.asarray(words, dtype="<u4").tobytes()
        self.offset = 0
        self.requests: list[int] = []

    def __call__(self, n: int) -> bytes:
        self.requests.append(n)
        chunk = self.data[self.offset:self.offset + n]
        if len(chunk) != n:
            raise AssertionError("the test source ran out of bytes")
        self.offset += n
        return chunk


class SeededSource:
    """A deterministic pseudo-random byte source (numpy PCG64), for exact, repeatable
    statistical tests."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def __call__(self, n: int) -> bytes:
        return self.rng.bytes(n)


@pytest.fixture
def demo_path() -> Path:
    return DEMO


# -- the GUI tests' fixtures (the helpers that act as a person are in tests/test_gui_support.py) --


@pytest.fixture
def fast_spin(monkeypatch):
    """A short animation: every spin still lasts the same time, just not 3.2 s."""
    from rrdesk.gui import spin_path

    monkeypatch.setattr(spin_path, "DURATION_MS", 30)


@pytest.fixture
def settings(tmp_path):
    """A settings file of the test's own, in English whatever the machine's locale."""
    from PySide6.QtCore import QSettings

    s = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    s.setValue("interface/language", "en")
    s.sync()
    return s


@pytest.fixture
def data(tmp_path) -> Path:
    return tmp_path / "data"


def open_window(qtbot, data: Path, settings, survey: Path | None = None, *, ops=None):
    """The app's main window on ``data``, shown, once its store is open (or could not be);
    ``ops`` is the store's file-system seam (for fault injection)."""
    from rrdesk.gui import app as gui_app

    gui_app.application()
    window = gui_app.make_window(survey=survey, data=data, settings=settings, ops=ops)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.station is not None or window.dashboard.status.property("role") == "error")
    return window


@pytest.fixture
def window(qtbot, data, settings, fast_spin):
    w = open_window(qtbot, data, settings)
    yield w
    w.close()
