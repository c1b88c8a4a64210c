"""The frozen program's entry point (packaging/rrdesk.spec builds the executables from it).

``rrdesk`` is a console program: every command, and the desktop app when started with no
command (``rrdesk`` alone, or ``rrdesk --survey FILE``), exactly like the ``rrdesk`` of a
Python install. ``rrdesk-gui`` always runs ``rrdesk gui``: on Windows and macOS it is the same
program built without a console window (the one a Start-menu shortcut or the Dock starts); on
Linux, where the two would be identical, it is a symbolic link to ``rrdesk``, so the name it
was started as (``sys.argv[0]``) decides. A windowed program has no stderr, so an error that
would have been printed (a survey file given on the command line that cannot be used) is
shown in a message box.

rrdesk is imported only after ``multiprocessing.freeze_support()``, so a worker process of
``rrdesk aggregate`` does not load Qt or parse the command line.
"""
from __future__ import annotations

import io
import os
import sys

GUI_NAME = "rrdesk-gui"


def _show_error(text: str) -> None:
    from PySide6.QtWidgets import QApplication, QMessageBox

    app = QApplication.instance() or QApplication(sys.argv[:1])  # noqa: F841
    QMessageBox.critical(None, "rrdesk", text)


def _name(path: str) -> str:
    """``C:\\rrdesk\\rrdesk-gui.exe`` and ``/opt/rrdesk/rrdesk-gui`` → ``rrdesk-gui``."""
    return path.replace("\\", "/").rsplit("/", 1)[-1].lower().removesuffix(".exe")


def is_gui(argv0: str, executable: str) -> bool:
    return GUI_NAME in (_name(argv0), _name(executable))


#: The sound check's child (rrdesk.app.check.DECODER), as `python -m` would run it.
DECODER = ["-m", "rrdesk.gui.audio"]


def run(argv: list[str], *, gui: bool) -> int:
    if argv[:2] == DECODER:  # why: a frozen program has no -m; rrdesk check runs itself this way
        from rrdesk.gui import audio

        return audio.main(argv[2:])
    from rrdesk.cli import main

    if not gui:
        return main(argv)
    if sys.stdout is None:  # windowed: print() is a no-op then, but writes are not
        sys.stdout = open(os.devnull, "w", encoding="utf-8")
    captured = None
    if sys.stderr is None:
        sys.stderr = captured = io.StringIO()
    try:
        code = main(["gui", *argv])
    except SystemExit as stop:  # argparse exits on bad usage
        code = stop.code if isinstance(stop.code, int) else 2
    if captured is not None and code != 0 and captured.getvalue().strip():
        _show_error(captured.getvalue().strip())
    return code


if __name__ == "__main__":
    import multiprocessing

    # why: `rrdesk aggregate` decrypts in worker processes started with "spawn"; a frozen
    # program starts them by running itself again, and this turns that run into the worker
    # (it returns at once in the parent). It must come before anything else.
    multiprocessing.freeze_support()
    sys.exit(run(sys.argv[1:], gui=is_gui(sys.argv[0], sys.executable)))
