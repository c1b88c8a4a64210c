"""The laptop's side of trust: the coordinator's key confirmed by its id, a replacement confirmed,
the laptop's enrollment file written (:mod:`rrdesk.app.trust`, :mod:`rrdesk.app.enrollment`).

Each asks in a window-modal box that does not block the event loop (``open``), and shows a key
id large, in groups of four (``43BF-037F-E915-7D50``), to compare with the id the coordinator
gave (first key, replacement) or to read to the coordinator (enrollment).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import QWidget

from rrdesk.app import trust
from rrdesk.core.errors import RRDeskError, describe
from rrdesk.core.survey import Survey

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

# why QMessageBox and QFileDialog are imported where a box opens: Qt makes a class's enums when it
# is first named, and the first window shows neither

KEY_STYLE = "font-size: 26pt; font-weight: bold; font-family: monospace; letter-spacing: 2px"


def escape(text: str) -> str:
    """``text`` safe inside the boxes' rich text (html.escape)."""
    import html  # why here: html.entities is 1.5 ms of the first window, which opens no box

    return html.escape(text)


def big(text: str) -> str:
    """A key id as the boxes show it: large, monospace, alone on its line."""
    return f"<p style='{KEY_STYLE}'>{escape(text)}</p>"


class TrustFlow(QObject):
    """The trust dialogs of one window and data folder.

    Signals
    -------
    decided(bool)
        A confirmation ended: whether a key was installed (the survey is opened again).
    """

    decided = Signal(bool)

    def __init__(self, window: QWidget, data: Path) -> None:
        super().__init__(window)
        self.window, self.data = window, Path(data)
        self.box: QMessageBox | None = None

    def _box(self, title: str, text: str, detail: str, yes: str, no: str | None) -> QMessageBox:
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(self.window)
        box.setIcon(QMessageBox.Icon.Question if no else QMessageBox.Icon.Information)
        box.setWindowTitle(title)
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(text)
        box.setInformativeText(detail)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        self.yes = box.addButton(yes, QMessageBox.ButtonRole.AcceptRole)
        if no is not None:
            box.setDefaultButton(box.addButton(no, QMessageBox.ButtonRole.RejectRole))
        self.box = box
        return box

    def ask_first(self, survey: Survey) -> QMessageBox:
        """No key is trusted yet and ``survey`` is signed: trust its signer once its id is confirmed."""
        signed = trust.survey_signature(survey)
        assert signed is not None, "only a signed survey asks"
        code = trust.key_code(signed.signer.fingerprint)
        box = self._box(self.tr("Confirm the coordinator's key"),
                        escape(self.tr("This survey is signed by the key:")) + big(code),
                        self.tr("Is this exactly the key id your coordinator gave you? If it is, this laptop will "
                                "trust this key from now on: surveys signed by any other key are refused. If it "
                                "is not, or you do not know, choose Not now and call the coordinator."),
                        self.tr("Yes, trust this key"), self.tr("Not now"))
        box.finished.connect(lambda _: self._answered(box, signed.signer, replace=False))
        box.open()
        return box

    def ask_replace(self, survey: Survey) -> QMessageBox | None:
        """``survey`` is signed by another key than the one trusted: replace it, once confirmed."""
        signed, known = trust.survey_signature(survey), trust.current_key(self.data)
        if signed is None or known is None:
            return None
        code = trust.key_code(signed.signer.fingerprint)
        box = self._box(self.tr("Replace the coordinator's key?"),
                        escape(self.tr("This laptop trusts the coordinator's key {old}. This survey is signed "
                                            "by the key:").format(old=known.code)) + big(code),
                        self.tr("Replace the key only if the coordinator told you their key changed and gave you "
                                "exactly this key id. From then on surveys signed by {old} are refused. The next "
                                "export tells the coordinator that the key was replaced.").format(old=known.code),
                        self.tr("Replace the key"), self.tr("Cancel"))
        box.finished.connect(lambda _: self._answered(box, signed.signer, replace=True))
        box.open()
        return box

    def _answered(self, box: QMessageBox, key: object, *, replace: bool) -> None:
        if box.clickedButton() is not self.yes:
            self.decided.emit(False)
            return
        try:
            trust.install(self.data, key, "replaced" if replace else "survey", replace=replace)  # type: ignore[arg-type]
        except RRDeskError as error:
            self._box(self.tr("The key was not changed"), escape(describe(error)), "", self.tr("OK"), None).open()
            self.decided.emit(False)
            return
        self.decided.emit(True)

    @Slot()
    def ask_enrollment(self) -> None:
        """File ▸ Write enrollment file…: choose the folder (a USB stick), then write it."""
        from PySide6.QtWidgets import QFileDialog

        dest = QFileDialog.getExistingDirectory(self.window, self.tr("Write the enrollment file to"))
        if dest:
            self.write_enrollment(Path(dest))

    def write_enrollment(self, dest: Path) -> QMessageBox:
        """Write this laptop's enrollment file into ``dest`` and show its key id large, to read
        to the coordinator (who types it into rrdesk enroll --key-id, or Enroll this laptop…)."""
        from rrdesk.app import enrollment

        try:
            path, laptop = enrollment.write_enrollment(self.data, dest)
        except RRDeskError as error:
            box = self._box(self.tr("The enrollment file was not written"), escape(describe(error)), "",
                            self.tr("OK"), None)
        else:
            box = self._box(self.tr("Enrollment file written"),
                            escape(self.tr("This laptop's key id:")) + big(laptop.code),
                            self.tr("Written: {file}. Give the file to the coordinator and read this key id to "
                                    "them (or let them read it on this screen): they type it when they enroll the "
                                    "laptop, and a file swapped on the way is refused.").format(file=path),
                            self.tr("OK"), None)
        box.open()
        return box
