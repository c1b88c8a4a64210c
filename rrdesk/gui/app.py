"""Starting the desktop app: the QApplication, its style, languages and the main window.

``RRDESK_GUI_QUIT_AFTER_SHOW=1`` makes the app print how long it took to show its first
window (and the peak memory) and quit once its store has opened (which begins when the
window has been painted): ``tests/benchmarks/gui.py`` measures a cold start with it.
"""
from __future__ import annotations

import gc
import importlib
import os
import sys
import time
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

from rrdesk.core.fileio import FileOps
from rrdesk.gui import i18n
from rrdesk.gui.frame import after_first_paint
from rrdesk.gui.resources import ICON, style_sheet
from rrdesk.gui.settings import Preferences
from rrdesk.gui.window import MainWindow

QUIT_AFTER_SHOW = "RRDESK_GUI_QUIT_AFTER_SHOW"


def application(argv: list[str] | None = None) -> QApplication:
    """The QApplication (made once), with rrdesk's names, font and style sheet."""
    made = QApplication.instance()  # why isinstance: Qt types it as the core application
    app = made if isinstance(made, QApplication) else QApplication(argv if argv is not None else sys.argv[:1])
    app.setOrganizationName("rrdesk")
    app.setApplicationName("rrdesk")
    app.setApplicationDisplayName("rrdesk")
    font = QFont(app.font())
    font.setPointSize(max(font.pointSize(), 13))
    app.setFont(font)
    app.setStyleSheet(style_sheet())
    i18n.english_plurals()
    return app


def window_icon(app: QApplication) -> None:
    """rrdesk's icon on its windows (from :func:`run` once the first window has been painted:
    the icon and the SVG it is drawn from are no part of the first window)."""
    from PySide6.QtGui import QIcon

    if ICON.exists():
        app.setWindowIcon(QIcon(str(ICON)))


def default_data() -> Path:
    """The per-user data folder (QStandardPaths.AppDataLocation)."""
    return Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))


def make_window(*, survey: Path | None = None, data: Path | None = None,
                settings: QSettings | None = None, ops: FileOps | None = None) -> MainWindow:
    """The main window with its survey opened (the given one, the remembered one, or the
    demo). Needs a QApplication; :func:`application` makes one. ``ops`` (tests only) is the
    file-system seam of the store (``rrdesk.core.fileio.OsOps`` unless given)."""
    prefs = Preferences(settings)
    translators = i18n.Translators()
    translators.use(prefs.language or i18n.system_language())
    window = MainWindow(data=data or default_data(), prefs=prefs, translators=translators, ops=ops)  # placed on its screen
    window.open_startup(survey)
    return window


def run(*, survey: Path | None = None, data: Path | None = None) -> int:
    """Run the app until its window is closed; returns the exit code."""
    started = time.perf_counter()
    app = application()
    window = make_window(survey=survey, data=data)
    window.show()
    after_first_paint(window, lambda: window_icon(app))
    QTimer.singleShot(0, _settled)  # once the event loop runs: the window has shown
    if os.environ.get(QUIT_AFTER_SHOW):
        QTimer.singleShot(0, lambda: _report_and_quit(app, window, started))
    else:
        QTimer.singleShot(_WARM_AFTER_MS, _warm)
    return app.exec()


_WARM_AFTER_MS = 500
# why: the randomizer (and numpy) and the interview's screens are left out of the first
# window's imports; half a second after it shows, while the interviewer reads the dashboard,
# they load, so the first interview and its first spin never wait for them
_WARM = ("rrdesk.core.randomizer", "rrdesk.gui.operations", "rrdesk.gui.interview", "rrdesk.gui.flow",
         "rrdesk.gui.screens", "rrdesk.gui.explain", "rrdesk.gui.practice", "rrdesk.gui.question")


def _settled() -> None:
    """Start-up is over: what it made lives as long as the app (modules, classes, Qt's enums, the
    window), so the garbage collector, off while it was made (rrdesk.cli.gui), ignores it from
    now on and comes back on. Why no collection first: it would find a few hundred objects
    (a few kilobytes that stay) and take tens of milliseconds; frozen, they are never traversed
    again, so later collections (during a spin, too) stay short."""
    gc.freeze()
    gc.enable()


def _warm() -> None:
    for name in _WARM:  # loaded ahead of the first interview
        importlib.import_module(name)


def _report_and_quit(app: QApplication, window: MainWindow, started: float) -> None:
    import resource

    shown = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    print(f"shown {shown:.3f} s after run(); peak rss {peak / 1024:.1f} MiB", flush=True)

    def done() -> None:
        window.close()
        app.quit()
    window.storeReady.connect(done)  # the store opens once the window is painted: the run ends once it has
