"""The dashboard's Export: choose the folder, check it, confirm the laptop's own disk, export.

Export only reads the data folder (:func:`rrdesk.app.custody.export`), so it needs no open
station and runs on a runner of its own: a slow USB stick never holds up the store, and a
data folder that cannot be opened for interviews (a full disk, a damaged side file) still
exports -- on a full disk it is the very way to free space. The folder is checked first
(:func:`rrdesk.app.custody.destination_problem`); a folder on the laptop's own disk is
exported to only once the interviewer confirms, in a box that does not block the store;
"Choose another folder" there opens the folder dialog again.

The folder dialog is Qt's own (the same on every system, touch-sized by style.qss) and opens
where a USB stick is: the one stick mounted, or the folder the system mounts them in, else
the home folder (:func:`start_folder`). A finished export says how many interviews the bundle
holds and that the stick may be removed; the dashboard shows when the last export was.
"""
from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from rrdesk.gui.frame import confirm
from rrdesk.gui.tasks import TaskRunner

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    from rrdesk.gui.dashboard import Dashboard
    from rrdesk.gui.operations import Destination, Exported


class ExportFlow(QObject):
    """One export at a time, from the folder dialog to the line on the dashboard.

    Signals
    -------
    finished(str, bool)
        The export ended: the line shown, and whether it succeeded.
    """

    finished = Signal(str, bool)

    def __init__(self, window: QWidget, dashboard: Dashboard) -> None:
        # why: the window is reached as the parent, never kept in an attribute: a cycle of
        # Python references would keep a closed window (and its translators) alive
        super().__init__(window)
        self.dashboard = dashboard  # the window's: it makes another when the language changes
        self.runner = TaskRunner(self)
        self.confirmation: QMessageBox | None = None  # "export to the laptop's own disk?", while asked
        self.interviews: int | None = None  # how many interviews the data folder holds (None: not known)
        self.last: dt.datetime | None = None  # when an export last succeeded, this session

    def _window(self) -> QWidget:
        return cast(QWidget, self.parent())  # why a cast: Qt types the parent as a QObject

    def ask(self, data: Path, survey_id: str, *, interviews: int | None = None) -> None:
        """Ask for the folder (the USB stick), then export there (``interviews``: how many the
        data folder holds, said at the end)."""
        from PySide6.QtWidgets import QFileDialog  # why here: the first window does not need it

        dest = QFileDialog.getExistingDirectory(
            self._window(), self.tr("Export to… (choose the USB stick)"), str(start_folder()),
            QFileDialog.Option.ShowDirsOnly | QFileDialog.Option.DontUseNativeDialog)  # ours: touch-sized rows
        if dest:
            self.to(data, survey_id, Path(dest), interviews=interviews)

    def to(self, data: Path, survey_id: str, dest: Path, *, interviews: int | None = None) -> None:
        """Check ``dest``, then write a verified bundle of ``survey_id`` there, off the GUI thread."""
        from rrdesk.gui import operations  # why here: the first window does not need it

        self.interviews = interviews
        self.dashboard.export_running()
        operations.destination(data, dest).run(
            self.runner, lambda found: self._checked(found, data, survey_id, dest), self._failed)

    def _checked(self, found: Destination, data: Path, survey_id: str, dest: Path) -> None:
        if found.problem is None:
            self._write(data, survey_id, dest, same_disk=False)
        elif not found.confirmable:
            self._failed(found.problem)
        else:
            self.confirmation = confirm(
                self._window(), self.tr("Export to the laptop's own disk?"), found.problem,
                self.tr("Export here anyway"), self.tr("Choose another folder"),
                lambda yes: self._confirmed(yes, data, survey_id, dest))

    def _confirmed(self, yes: bool, data: Path, survey_id: str, dest: Path) -> None:
        self.confirmation = None
        if yes:
            self._write(data, survey_id, dest, same_disk=True)
        else:  # "Choose another folder": the folder dialog again, nothing said in success green
            self.dashboard.export_cancelled()
            self.finished.emit("", False)
            self.ask(data, survey_id, interviews=self.interviews)

    def _write(self, data: Path, survey_id: str, dest: Path, *, same_disk: bool) -> None:
        from rrdesk.gui import operations

        operations.export(data, survey_id, dest, same_disk=same_disk).run(
            self.runner, lambda exported: self._exported(exported, same_disk), self._failed)

    def _exported(self, exported: Exported, same_disk: bool) -> None:
        # why the device too: the interviewer sees that the bundle is on the stick, not on the laptop
        parts = [self.tr("Exported and checked on {device}: {path}").format(device=exported.where, path=exported.path)]
        if self.interviews is not None:
            parts.append(self.tr("It holds %n interview(s).", "", self.interviews))
        if not same_disk:  # why safe: the bundle and its folder were synced to the stick and read back
            parts.append(self.tr("You may remove the USB stick now."))
        line = " ".join(parts)
        self.last = dt.datetime.now()
        self.dashboard.export_done(line, error=False)
        self.dashboard.show_last_export(self.last)
        self.finished.emit(line, True)

    def _failed(self, error: str) -> None:
        line = self.tr("Export failed: {error}").format(error=error)
        self.dashboard.export_done(line, error=True)
        self.finished.emit(line, False)

    def finish(self) -> None:
        """At shutdown: the export under way ends first (its bundle is complete or absent)."""
        self.runner.finish()


#: Where systems mount USB sticks: Linux (udisks: /media/USER, /run/media/USER), macOS.
_STICK_PARENTS = ("/media/", "/run/media/", "/Volumes/")


def start_folder() -> Path:
    """Where the export's folder dialog opens: the one USB stick mounted (or, with several,
    the folder they are mounted in), else the home folder -- never the working directory."""
    from PySide6.QtCore import QStorageInfo

    sticks = []
    system = Path(os.environ.get("SystemDrive", "C:") + "\\").anchor.upper() if os.name == "nt" else ""
    for volume in QStorageInfo.mountedVolumes():
        root = volume.rootPath()
        if not volume.isValid() or not volume.isReady() or volume.isReadOnly():
            continue
        if root.startswith(_STICK_PARENTS) or (os.name == "nt" and Path(root).anchor.upper() != system):
            sticks.append(Path(root))
    if len(sticks) == 1:
        return sticks[0]
    if sticks and len({stick.parent for stick in sticks}) == 1:
        return sticks[0].parent
    return Path.home()
