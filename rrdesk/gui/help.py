"""Help → Survey file format… (the main window's menu): the survey file's reference
(docs/survey-format.md), readable offline in the app.

The coordinator who writes a survey on the same laptop finds every key, its rules and an
example per design here, without the repository or the internet. The document ships beside
resources/ (in a checkout: the repository's docs/; in the desktop bundle: ``_internal/docs/``,
packaging/rrdesk.spec) and is shown as it is, Markdown rendered by Qt.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMainWindow, QTextBrowser, QVBoxLayout

from rrdesk.gui.resources import RESOURCES

# why: docs/ sits beside resources/, in a checkout and in the bundle alike
SURVEY_FORMAT = RESOURCES.parent / "docs" / "survey-format.md"
# why: the document is ~25 KiB; the cap only keeps a broken install from loading a huge file
_MAX_BYTES = 1 << 20


class FormatDialog(QDialog):
    """The survey format's reference in a scrolling text view, beside the main window."""

    def __init__(self, parent: QMainWindow) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # why: each opening makes a new one
        self.setObjectName("survey-format")
        self.setWindowTitle(self.tr("The survey file"))
        self.browser = QTextBrowser(self)
        self.browser.setOpenLinks(False)  # why: links name other files of the repository; stay here
        self.browser.anchorClicked.connect(self._follow)
        try:
            with open(SURVEY_FORMAT, "rb") as f:  # a regular file of the installation, capped
                text = f.read(_MAX_BYTES).decode("utf-8", errors="replace")
            self.browser.setMarkdown(text)
        except OSError:
            self.browser.setPlainText(self.tr("The survey file's reference is missing from this "
                                              "installation ({path}).").format(path=SURVEY_FORMAT))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, parent=self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)
        screen = parent.screen().availableGeometry() if parent.screen() else None
        if screen is not None:  # why: most of a small screen, never more than it
            self.resize(min(900, screen.width() * 9 // 10), min(800, screen.height() * 9 // 10))

    def _follow(self, url: QUrl) -> None:
        if url.hasFragment() and not url.path():
            self.browser.scrollToAnchor(url.fragment())
