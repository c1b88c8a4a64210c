"""Small building blocks shared by the screens: big buttons and plain-text labels.

Every button is at least :data:`TOUCH` pixels high (a fingertip on a touch screen), takes
keyboard focus with Tab and is pressed with Space or Enter. Every label shows plain text:
survey texts come from a file someone else wrote, and must never be read as HTML.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLayout, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from rrdesk.core.survey import Question
from rrdesk.gui import wording
from rrdesk.gui.spinner import SpinnerWidget

TOUCH = 56  # why: well above the 48 px minimum of touch guidelines, for tired or shaky hands


def button(text: str, role: str = "primary", parent: QWidget | None = None, *,
           checkable: bool = False) -> QPushButton:
    """A large push button; ``role`` picks its look in style.qss (primary, answer, quiet)."""
    b = QPushButton(text, parent)
    b.setProperty("role", role)
    b.setAutoDefault(True)  # why: outside a dialog Enter would not press a focused button
    b.setCheckable(checkable)
    b.setMinimumHeight(TOUCH)
    b.setMinimumWidth(TOUCH * 2)
    b.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    b.setCursor(Qt.CursorShape.PointingHandCursor)
    b.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
    return b


def label(text: str = "", role: str = "body", parent: QWidget | None = None, *,
          center: bool = False) -> QLabel:
    """A word-wrapped plain-text label; ``role`` picks its size in style.qss."""
    lab = QLabel(parent)
    lab.setTextFormat(Qt.TextFormat.PlainText)
    lab.setText(text)
    lab.setWordWrap(True)
    lab.setProperty("role", role)
    if center:
        lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
    return lab


def clear_layout(layout: QLayout) -> None:
    """Remove and delete every widget of ``layout`` (a screen that is left leaves nothing)."""
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget()
        if widget is not None:
            widget.hide()
            widget.deleteLater()
        elif item.layout() is not None:
            clear_layout(item.layout())


def tab_order(widgets: list[QWidget]) -> None:
    """Tab goes through ``widgets`` in this order. Why explicit: widgets put in a layout
    before the layout has a parent can be left out of Qt's Tab chain."""
    for first, second in zip(widgets, widgets[1:]):
        QWidget.setTabOrder(first, second)


def restyle(widget: QWidget) -> None:
    """Apply the style sheet again after a ``role`` property changed."""
    widget.style().unpolish(widget)
    widget.style().polish(widget)


def columns(parent: QWidget) -> tuple[QVBoxLayout, QVBoxLayout]:
    """The spinner screens' layout: text and answers on the left, the wheel on the right."""
    row = QHBoxLayout(parent)
    row.setContentsMargins(40, 24, 40, 24)
    row.setSpacing(32)
    left, right = QVBoxLayout(), QVBoxLayout()
    left.setSpacing(14)
    right.setSpacing(14)
    row.addLayout(left, 5)
    row.addLayout(right, 4)
    return left, right


def make_wheel(question: Question, lang: str, reduced_motion: bool, practice: bool) -> SpinnerWidget:
    """A spinner showing ``question``'s sectors, labelled in ``lang``."""
    wheel = SpinnerWidget()
    wheel.reduced_motion = reduced_motion
    wheel.set_wheel(question.design, wording.wheel_labels(question, lang), practice=practice)
    wheel.setMinimumSize(320, 320)
    return wheel
