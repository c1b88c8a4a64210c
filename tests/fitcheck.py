"""Does every visible control fit? A checker any GUI test can run on any widget.

Usage::

    from tests.fitcheck import problems

    assert problems(window) == []          # the whole window, as it is on screen now
    assert problems(message_box) == []     # a dialog is its own window: check it on its own

``problems(root)`` looks at every visible QPushButton, QLabel (with text), QCheckBox and
QComboBox in ``root``'s window that is ``root`` or inside it, and returns one line per problem
(empty when all is well):

- **outside**: not wholly inside the window;
- **clipped**: cut by a parent. A widget inside a QScrollArea counts as reachable when
  scrolling can bring it wholly into view (it lies inside the scrolled widget and is no
  larger than the viewport); the scroll area itself must then fit its own parents;
- **text**: cut by its own text. A label (or a wrapping button: ``hasHeightForWidth()``)
  whose ``heightForWidth(width)`` is more than its height, or whose minimum width (its longest
  word) is more than its width; a button whose text is wider or taller than its contents
  box; a check box or combo box smaller than its minimum size hint;
- **overlap**: two checked widgets cover each other (neither holds the other). Widgets in
  different scroll areas are compared by what is seen of them;
- **small**: a button, check box or combo box under ``touch`` (48) pixels in either
  dimension -- the touch-target minimum;
- **unsettled**: the layouts still move after :data:`ROUNDS` rounds of pending layout
  requests (a layout that never settles flickers on screen).

Before looking, ``problems`` lets the pending layout requests run until no widget moves
(:func:`settle`), as happens before a screen is painted.

Sizes are logical pixels (what Qt lays out; at a display scale of 2 each is two physical
pixels). The lines name a widget by class, object name and the start of its text; they are
for a test's failure message, never for a log.
"""
from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QCheckBox,
    QComboBox,
    QLabel,
    QPushButton,
    QStyle,
    QStyleOptionButton,
    QWidget,
)

TOUCH = 48  # why: the touch-target minimum of the Android, Apple and WCAG 2.5.5 guidelines
SLACK = 1  # why: layouts round fractional sizes; one pixel is rounding, two are a cut
ROUNDS = 20  # why: a height-for-width layout settles in a few rounds (width, then height); 20 is a loop

_CHECKED = (QPushButton, QLabel, QCheckBox, QComboBox)
_TARGETS = (QPushButton, QCheckBox, QComboBox)


def settle(root: QWidget) -> bool:
    """Run the pending layout requests until no widget of ``root``'s window moves; False if
    they still move after :data:`ROUNDS` rounds."""
    from PySide6.QtCore import QCoreApplication, QEvent

    window = root.window()
    before = None
    for _ in range(ROUNDS):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QCoreApplication.processEvents()
        now = [(w.isVisible(), w.geometry().getRect()) for w in [window, *window.findChildren(QWidget)]]
        if now == before:
            return True
        before = now
    return False


def problems(root: QWidget, *, touch: int = TOUCH) -> list[str]:
    """One line per visible control of ``root`` that does not fit (see the module docstring)."""
    settled = settle(root)
    window = root.window()
    found = [w for w in [root, *root.findChildren(QWidget)]
             if isinstance(w, _CHECKED) and w.isVisible() and w.window() is window and _shows_something(w)]
    out: list[str] = [] if settled else [f"unsettled: {describe(window)} still moves after {ROUNDS} rounds"]
    seen: list[tuple[QWidget, QRect, QRect, QWidget | None]] = []
    for w in found:
        name = describe(w)
        full = QRect(w.mapTo(window, QPoint(0, 0)), w.size())
        if not window.rect().contains(full) and _viewport(w) is None:
            out.append(f"outside: {name} at {_r(full)} in a window of {window.width()}x{window.height()}")
        cut = _clipped(w)
        if cut:
            out.append(f"clipped: {name} {cut}")
        text = _text_problem(w)
        if text:
            out.append(f"text: {name} {text}")
        if isinstance(w, _TARGETS) and (w.width() < touch or w.height() < touch):
            out.append(f"small: {name} is {w.width()}x{w.height()}, under {touch} px")
        seen.append((w, full, _visible_rect(w, window), _viewport(w)))
    for i, (a, full_a, vis_a, port_a) in enumerate(seen):
        for b, full_b, vis_b, port_b in seen[i + 1:]:
            if a.isAncestorOf(b) or b.isAncestorOf(a):
                continue
            ra, rb = (full_a, full_b) if port_a is port_b else (vis_a, vis_b)
            common = ra.intersected(rb)
            if common.width() > SLACK and common.height() > SLACK:
                out.append(f"overlap: {describe(a)} and {describe(b)} share {_r(common)}")
    return out


def describe(w: QWidget) -> str:
    """``Class#objectName 'start of its text'``: enough to find the widget."""
    text = w.text() if hasattr(w, "text") and callable(w.text) else ""
    if isinstance(w, QComboBox):
        text = w.currentText()
    short = " ".join(text.split())[:40]
    name = w.objectName()
    return f"{type(w).__name__}{'#' + name if name else ''} {short!r}"


def _shows_something(w: QWidget) -> bool:
    if isinstance(w, QLabel):
        return bool(w.text()) or w.pixmap() is not None and not w.pixmap().isNull()
    return True


def _r(rect: QRect) -> str:
    return f"({rect.x()},{rect.y()} {rect.width()}x{rect.height()})"


def _viewport(w: QWidget) -> QWidget | None:
    """The viewport of the nearest scroll area ``w`` is scrolled in, if any."""
    parent = w.parentWidget()
    while parent is not None:
        owner = parent.parentWidget()
        if isinstance(owner, QAbstractScrollArea) and owner.viewport() is parent:
            return parent
        parent = owner
    return None


def _clipped(w: QWidget) -> str:
    """How a parent cuts ``w`` (empty if none does)."""
    rect = QRect(QPoint(0, 0), w.size())
    child = w
    parent = w.parentWidget()
    while parent is not None and not child.isWindow():
        rect = rect.translated(child.pos())
        owner = parent.parentWidget()
        if isinstance(owner, QAbstractScrollArea) and owner.viewport() is parent:
            if w.width() > parent.width() + SLACK or w.height() > parent.height() + SLACK:
                view = f"{parent.width()}x{parent.height()}"
                return f"is {w.width()}x{w.height()}, larger than the scroll area's view {view}"
            # scrolling brings it into view; from here on the scroll area itself must fit
            child, parent = owner, owner.parentWidget()
            rect = QRect(QPoint(0, 0), owner.size())
            continue
        if parent.isWindow():
            break  # the window itself: "outside" says it
        inside = parent.rect().adjusted(-SLACK, -SLACK, SLACK, SLACK)
        if not inside.contains(rect):
            return f"at {_r(rect)} is cut by {describe(parent)} of {parent.width()}x{parent.height()}"
        child, parent = parent, parent.parentWidget()
    return ""


def _visible_rect(w: QWidget, window: QWidget) -> QRect:
    """What is seen of ``w``, in ``window``'s coordinates."""
    rect = QRect(w.mapTo(window, QPoint(0, 0)), w.size())
    parent = w.parentWidget()
    while parent is not None and parent is not window:
        rect = rect.intersected(QRect(parent.mapTo(window, QPoint(0, 0)), parent.size()))
        parent = parent.parentWidget()
    return rect


def _text_problem(w: QWidget) -> str:
    """How ``w``'s own text is cut (empty if it is not)."""
    if isinstance(w, QLabel) or (isinstance(w, QPushButton) and w.hasHeightForWidth()):
        if w.hasHeightForWidth() or (isinstance(w, QLabel) and w.wordWrap()):
            need = w.heightForWidth(w.width())
            if need > w.height() + SLACK:
                return f"needs {need} px of height at width {w.width()}, has {w.height()}"
            least = w.minimumSizeHint().width()
            if least > w.width() + SLACK:
                return f"needs {least} px of width (its longest word), has {w.width()}"
            return ""
        hint = w.sizeHint()
        if hint.width() > w.width() + SLACK or hint.height() > w.height() + SLACK:
            return f"needs {hint.width()}x{hint.height()}, has {w.width()}x{w.height()}"
        return ""
    if isinstance(w, QPushButton):
        option = QStyleOptionButton()
        w.initStyleOption(option)
        box = w.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, option, w)
        size = w.fontMetrics().size(Qt.TextFlag.TextShowMnemonic, w.text())
        if size.width() > box.width() + SLACK or size.height() > box.height() + SLACK:
            return f"text needs {size.width()}x{size.height()}, its contents box is {box.width()}x{box.height()}"
        return ""
    least = w.minimumSizeHint()
    if least.width() > w.width() + SLACK or least.height() > w.height() + SLACK:
        return f"needs at least {least.width()}x{least.height()}, has {w.width()}x{w.height()}"
    return ""
