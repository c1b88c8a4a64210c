"""`rrdesk gui [--survey FILE] [--data DIR]`: the desktop app.

With no survey given it opens the survey it remembers, or else the demo survey. A survey
given here is checked first, so a bad file is one ``rrdesk: error: …`` line, as for
``rrdesk check``. Qt is imported only when the app starts, so the other commands stay
quick and work without a display.

Qt aborts the process (a core dump, and a hint that names the wrong library) when its platform
plugin cannot start, so before the QApplication is made :mod:`rrdesk.cli.qtcheck` asks which
system libraries the xcb plugin lacks, and whether there is a display at all: either is one
``rrdesk: error: …`` line naming the packages to install, and exit 2.
"""
from __future__ import annotations

import argparse
import gc
import importlib
from pathlib import Path

from rrdesk.cli import qtcheck
from rrdesk.core.errors import RRDeskError

_BEFORE_QT = ("rrdesk.app.trust", "rrdesk.core.survey", "rrdesk.core.wording")
# why: once PySide is imported it reads the source of every module imported after it (its
# __feature__ check: a tenth of the time to the first window), so the Qt-free modules the first
# window needs (the survey, its words, its custody) are imported before it


def add_parser(sub: argparse._SubParsersAction) -> None:
    g = sub.add_parser("gui", help="the desktop app (opens the demo survey when none is configured)",
                       description="Start the desktop app. With no --survey it opens the survey it remembers "
                                   "from last time, or the demo survey.")
    g.add_argument("--survey", metavar="FILE", type=Path,
                   help="the survey file to use (default: the last one opened, else the demo survey)")
    g.add_argument("--data", metavar="DIR", type=Path,
                   help="the data folder (default: the user's application data folder)")
    g.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # why: start-up makes some 50,000 long-lived objects (Qt's enums, classes, modules) and the
    # cyclic garbage collector would traverse them again and again while they are made (a tenth
    # of the time to the first window) to find almost nothing; the app collects again, with
    # those objects frozen, once its window shows (rrdesk.gui.app.run)
    gc.disable()
    try:
        app = _start(args)
    except BaseException:
        gc.enable()  # nothing starts: a caller that goes on (a test) keeps its collector
        raise
    return app.run(survey=args.survey, data=args.data)


def _start(args: argparse.Namespace):
    """The survey given checked, Qt able to start: the app module, ready to run."""
    for name in _BEFORE_QT:
        importlib.import_module(name)
    if args.survey is not None:
        from rrdesk.core import survey as surveys

        surveys.load(args.survey)  # a SurveyError becomes the usual one-line error
    probe = qtcheck.Probe.start()  # ldd runs while Qt is imported: a healthy start waits for nothing
    try:
        from rrdesk.gui import app  # why: Qt only for this command
    except ImportError:
        _stop_if_qt_cannot_start(probe)  # Qt's own libraries may be what is missing (libEGL, libGL, …)
        raise
    _stop_if_qt_cannot_start(probe)
    return app


def _stop_if_qt_cannot_start(probe: qtcheck.Probe | None) -> None:
    problem = probe.problem() if probe else None
    if problem:
        raise RRDeskError(problem)  # main() prints it as the one `rrdesk: error: …` line, exit 2
