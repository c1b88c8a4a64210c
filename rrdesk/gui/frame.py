"""The main windows' frame: where a window opens, full screen for an interview, a screen taller
than the window scrolling as a whole (and following the keyboard focus), and the confirmation
of an irreversible action.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QFrame,
    QLineEdit,
    QMainWindow,
    QScrollArea,
    QStackedWidget,
    QWidget,
)

from rrdesk.gui.widgets import button

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

PREFERRED = QSize(1366, 860)  # why: the dashboard and a question side by side with room to spare
ROOMY = QSize(1440, 900)  # why: on a smaller screen (logical pixels) every pixel counts: maximized
FOCUS_MARGIN = 16  # why: a focused button scrolled into view keeps its focus ring and a little air


def scrolling(widget: QWidget) -> QScrollArea:
    """``widget`` in a frameless scroll area that gives it the whole width and at least the
    whole height, and scrolls (vertically) when it needs more: nothing is ever squeezed."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # why: Tab goes from control to control, not to the frame
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    area.setWidget(widget)
    if isinstance(widget, CurrentStack):
        widget.area = area
    _FollowFocus(area)
    return area


class _FollowFocus(QObject):
    """Scrolls a button that takes the keyboard focus into view (Next after an assisted spin,
    Tab to a button below the fold) -- but not while a new screen is being shown: each screen is
    read from its top, and its first focus (Spin) would otherwise scroll its question away. A
    button focused the moment it is shown has no place yet: it is followed until it settles.
    A button focused by a press (a tap on a half-shown button) is scrolled once released: moved
    under the finger before, the release would fall outside it and the tap would select nothing.
    A part of a screen just shown (:func:`reveal`) is followed the same way, focused or not."""

    def __init__(self, area: QScrollArea) -> None:
        super().__init__(area)
        self.area, self.settling = area, False
        self.followed: QWidget | None = None  # a button, or a number field (rrdesk.gui.direct)
        self.revealing = False  # whether the followed widget was revealed, not focused
        app = QApplication.instance()
        assert isinstance(app, QApplication), "widgets live in a QApplication"  # Qt types it as the core one
        app.focusChanged.connect(self._focused)

    def screen_changed(self) -> None:
        self._follow(None)
        self.settling = True
        QTimer.singleShot(0, self._settled)

    def _settled(self) -> None:
        self.settling = False

    def _focused(self, _old: QWidget | None, new: QWidget | None) -> None:
        try:
            content = self.area.widget()
        except RuntimeError:  # why: the window is being deleted, and its last focus change comes after
            return
        if (self.settling or not isinstance(new, (QAbstractButton, QLineEdit)) or content is None
                or not content.isAncestorOf(new)):
            self._follow(None)
            return
        self._follow(new)
        self._into_view()

    def _follow(self, button: QWidget | None, *, revealing: bool = False) -> None:
        if self.followed is not None:
            try:
                self.followed.removeEventFilter(self)
            except RuntimeError:  # why: the screen it was on was deleted meanwhile
                pass
        self.followed, self.revealing = button, revealing
        if button is not None:
            button.installEventFilter(self)

    def reveal(self, widget: QWidget) -> None:
        self._follow(widget, revealing=True)
        QTimer.singleShot(0, self._into_view)  # why: once the layout asked for has given it its place

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if watched is self.followed and kind in (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.MouseButtonRelease):
            QTimer.singleShot(0, self._into_view)  # why: after the scroll area has its new size (or the tap) too
        return False

    def _into_view(self) -> None:
        widget = self.followed
        if widget is None or not widget.isVisible() or not (self.revealing or widget.hasFocus()):
            return
        if QApplication.mouseButtons() != Qt.MouseButton.NoButton:
            return  # why: a finger still down; its release scrolls (a tap must land where it began)
        room = self.area.viewport().height() - 2 * FOCUS_MARGIN
        content = self.area.widget()
        if self.revealing and widget.height() > room and content is not None:  # too tall: its top, at the top
            top = widget.mapTo(content, widget.rect().topLeft()).y()
            self.area.verticalScrollBar().setValue(top - FOCUS_MARGIN)
        else:
            self.area.ensureWidgetVisible(widget, FOCUS_MARGIN, FOCUS_MARGIN)


class _AfterPaint(QObject):
    def __init__(self, widget: QWidget, then: Callable[[], None]) -> None:
        super().__init__(widget)
        self.then = then
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self.then)  # once this paint is done
            self.deleteLater()
        return False


def after_first_paint(window: QWidget, then: Callable[[], None]) -> None:
    """``then()`` once ``window`` has been painted the first time: on a real display that is
    when the window is exposed, which may come well after it is shown."""
    _AfterPaint(window, then)


def reveal(widget: QWidget) -> None:
    """Scroll ``widget``, a part of a screen just shown (a question its condition now asks), into
    the view of the scroll area that holds it, once it has its place (its top, if it is taller
    than the view); nothing when no scroll area holds it."""
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QScrollArea):
        parent = parent.parentWidget()
    follower = parent.findChild(_FollowFocus) if parent is not None else None
    if follower is not None:
        follower.reveal(widget)


def screen_changed(area: QScrollArea) -> None:
    """A new screen is shown in ``area``: from its top, and its first focus does not scroll it."""
    area.verticalScrollBar().setValue(0)
    area.horizontalScrollBar().setValue(0)
    follower = area.findChild(_FollowFocus)
    if follower is not None:
        follower.screen_changed()


class CurrentStack(QStackedWidget):
    """A stacked widget as large as the page it shows (Qt's is as large as its largest page):
    in a scroll area, the dashboard never makes an interview's screen scroll, nor the reverse."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.area: QScrollArea | None = None  # the scroll area it is shown in (scrolling())
        self.currentChanged.connect(self._changed)

    def _changed(self) -> None:
        self.updateGeometry()
        self._remeasure()

    def event(self, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        done = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest:  # a page grew or shrank (a text, a button shown)
            self._remeasure()
        return done

    def _remeasure(self) -> None:
        """Have the scroll area it is in size it again. Why: Qt tells the viewport, which has no
        layout, and a scroll area does not hear of it; the page would be squeezed into the view.
        Why the area is remembered, not found as its viewport's parent: PySide meets the viewport
        (made by Qt) there first, and to learn its class makes every widget class's enums (72 of
        them, several milliseconds of the first window)."""
        if self.area is not None:
            QCoreApplication.postEvent(self.area, QEvent(QEvent.Type.LayoutRequest))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        page = self.currentWidget()
        return page.sizeHint() if page is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        page = self.currentWidget()
        return page.minimumSizeHint() if page is not None else super().minimumSizeHint()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        page = self.currentWidget()
        return page is not None and page.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        page = self.currentWidget()
        return page.heightForWidth(width) if page is not None else -1


def opening_geometry(available: QRect) -> QRect | None:
    """Where a window opens on a screen whose free area (without taskbars) is ``available``:
    ``None`` to open maximized (a small screen), else a rectangle centred in it."""
    if available.width() < ROOMY.width() or available.height() < ROOMY.height():
        return None
    size = PREFERRED.boundedTo(available.size())
    rect = QRect(0, 0, size.width(), size.height())
    rect.moveCenter(available.center())
    return rect


def place(window: QWidget) -> None:
    """Size ``window`` for the screen it will open on (before it is shown)."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    rect = opening_geometry(screen.availableGeometry()) if screen is not None else None
    if rect is None:
        if screen is not None:  # why: the size it has where no window manager maximizes it (a kiosk, Xvfb)
            window.setGeometry(screen.availableGeometry())
        window.setWindowState(Qt.WindowState.WindowMaximized)
    else:
        window.setGeometry(rect)


def full_screen(window: QMainWindow, on: bool) -> None:
    """Show ``window`` full-screen without its menu bar (``on``), or as it was before."""
    if on:
        window.setProperty("state_before_full_screen", window.windowState() & ~Qt.WindowState.WindowFullScreen)
        window.setProperty("geometry_before_full_screen", window.geometry())
        window.menuBar().hide()
        screen = window.screen()
        if screen is not None:  # why: the whole screen even where no window manager obliges
            window.setGeometry(screen.geometry())
        window.showFullScreen()
        return
    window.menuBar().show()
    if window.isFullScreen():
        window.setWindowState(window.property("state_before_full_screen") or Qt.WindowState.WindowNoState)
        before = window.property("geometry_before_full_screen")
        if before is not None:
            window.setGeometry(before)
        window.show()


def confirm(parent: QWidget, question: str, detail: str, yes: str, no: str,
            answered: Callable[[bool], None]) -> QMessageBox:
    """Ask ``question`` in a window-modal box that does not block the event loop (the store
    goes on); ``answered(True)`` once ``yes`` is tapped, ``answered(False)`` for ``no``, Escape
    or the box's ✕. ``no`` is the default: Enter never does the irreversible thing."""
    from PySide6.QtWidgets import QMessageBox  # why here: Qt makes a class's enums when it is first named

    box = QMessageBox(QMessageBox.Icon.Question, question, question, QMessageBox.StandardButton.NoButton, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setInformativeText(detail)
    # ours: touch-sized, their words wrap; made with the box as parent, so that Qt, not Python, owns them
    yes_button, no_button = button(yes, "quiet", box), button(no, "primary", box)
    box.addButton(yes_button, QMessageBox.ButtonRole.AcceptRole)
    box.addButton(no_button, QMessageBox.ButtonRole.RejectRole)
    for b in (yes_button, no_button):  # why: a message box fixes its size once; its buttons' words never wrap
        b.ensurePolished()
        b.setMinimumWidth(b.sizeHint().width())
    box.setDefaultButton(no_button)
    box.setEscapeButton(no_button)
    box.setObjectName("confirm")
    box.finished.connect(lambda _: answered(box.clickedButton() is yes_button))
    box.open()
    return box


