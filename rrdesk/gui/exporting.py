"""The dashboard's Export: choose the folder, check it, confirm the laptop's own disk, export.

Export only reads the data folder (:func:`rrdesk.app.custody.export`), so it needs no open
station and runs on a runner of its own: a slow USB stick never holds up the store, and a
data folder that cannot be opened for interviews (a full disk, a damaged side file) still
exports -- on a full disk it is the very way to free space. The folder is checked first
(:func:`rrdesk.app.custody.destination_problem`); a folder on the laptop's own disk is
exported to only once the interviewer confirms, in a box that does not block the store.
"""
from __future__ import annotations

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

    def _window(self) -> QWidget:
        return cast(QWidget, self.parent())  # why a cast: Qt types the parent as a QObject

    def ask(self, data: Path, survey_id: str) -> None:
        """Ask for the folder (the USB stick), then export there."""
        from PySide6.QtWidgets import QFileDialog  # why here: the first window does not need it

        dest = QFileDialog.getExistingDirectory(self._window(), self.tr("Export to… (choose the USB stick)"))
        if dest:
            self.to(data, survey_id, Path(dest))

    def to(self, data: Path, survey_id: str, dest: Path) -> None:
        """Check ``dest``, then write a verified bundle of ``survey_id`` there, off the GUI thread."""
        from rrdesk.gui import operations  # why here: the first window does not need it

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
        else:
            line = self.tr("Nothing was exported: choose the USB stick.")
            self.dashboard.export_done(line, error=False)
            self.finished.emit(line, False)

    def _write(self, data: Path, survey_id: str, dest: Path, *, same_disk: bool) -> None:
        from rrdesk.gui import operations

        operations.export(data, survey_id, dest, same_disk=same_disk).run(self.runner, self._exported, self._failed)

    def _exported(self, exported: Exported) -> None:
        # why the device too: the interviewer sees that the bundle is on the stick, not on the laptop
        line = self.tr("Exported and checked on {device}: {path}").format(device=exported.where, path=exported.path)
        self.dashboard.export_done(line, error=False)
        self.finished.emit(line, True)

    def _failed(self, error: str) -> None:
        line = self.tr("Export failed: {error}").format(error=error)
        self.dashboard.export_done(line, error=True)
        self.finished.emit(line, False)

    def finish(self) -> None:
        """At shutdown: the export under way ends first (its bundle is complete or absent)."""
        self.runner.finish()
