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
import sys
from pathlib import Path

from rrdesk.cli import qtcheck
from rrdesk.core.errors import RRDeskError

_BEFORE_QT = ("rrdesk.app.trust", "rrdesk.core.survey", "rrdesk.core.wording")
# why: once PySide is imported it reads the source of every module imported after it (its
# __feature__ check: a tenth of the time to the first window), so the Qt-free modules the first
# window needs (the survey, its words, its custody) are imported before it -- and told apart
# (_no_feature_checks): PySide reads a module's source too when an import statement after it
# names the module, and the GUI's modules name these


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
        import PySide6.QtCore  # noqa: F401 - why first: the modules imported so far are marked before the GUI's name them

        _no_feature_checks()
        from rrdesk.gui import app  # why: Qt only for this command
    except ImportError:
        _stop_if_qt_cannot_start(probe)  # Qt's own libraries may be what is missing (libEGL, libGL, …)
        raise
    _stop_if_qt_cannot_start(probe)
    return app


def _no_feature_checks() -> None:
    """Tell PySide that the modules imported so far do not use its ``__feature__`` switches.
    Why: PySide decides it per module by reading the module's whole source (``inspect.getsource``,
    looking for "PySide6") the first time an import statement names it after PySide loaded; the
    GUI's modules name the survey, its words, pathlib, typing, datetime …: 47 sources read, 4.5 ms
    of the first window. Every module imported before PySide is Qt-free (rrdesk's core and app,
    the standard library) and uses no ``__feature__``; -1 is what PySide records for such a
    module. Where PySide keeps its table differently, nothing is marked and it reads them."""
    feature = sys.modules.get("PySide6.support.feature")  # shibokensupport.feature, published by PySide's loader
    known = getattr(feature, "pyside_feature_dict", None)
    if isinstance(known, dict):
        for name in list(sys.modules):
            if not name.startswith(("PySide6", "shiboken")):  # PySide's own: as it decides
                known.setdefault(name, -1)


def _stop_if_qt_cannot_start(probe: qtcheck.Probe | None) -> None:
    problem = probe.problem() if probe else None
    if problem:
        raise RRDeskError(problem)  # main() prints it as the one `rrdesk: error: …` line, exit 2
