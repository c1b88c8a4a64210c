"""Small building blocks shared by the screens: big buttons, plain-text labels, the spinner
screens' two columns (the window's frame, its scrolling and confirmations: :mod:`rrdesk.gui.frame`).

Every button is at least :data:`TOUCH` pixels high (a fingertip on a touch screen), takes
keyboard focus with Tab and is pressed with Space or Enter, and wraps its words when the
window is narrow (a French answer never runs off its button). Every label shows plain text:
survey texts come from a file someone else wrote, and must never be read as HTML.

Fitting every screen (1024×600 at 200 % is a 512×300 window): texts wrap, never clip; a
screen taller than the window scrolls as a whole (:func:`rrdesk.gui.frame.scrolling`); the spinner screens'
two columns stack when the window is narrow (:func:`columns`) and the wheel gives up its room
first (down to :data:`rrdesk.gui.spinner.MIN_SIDE`).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt, Signal
from PySide6.QtGui import QFontMetrics, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QSizePolicy,
    QStyle,
    QStyleOptionButton,
    QVBoxLayout,
    QWidget,
)

from rrdesk.core.survey import Question
from rrdesk.core.wording import Words
from rrdesk.gui import wording

if TYPE_CHECKING:
    from PySide6.QtGui import QIcon, QPixmap

    from rrdesk.gui.spinner.widget import SpinnerWidget

TOUCH = 56  # why: well above the 48 px minimum of touch guidelines, for tired or shaky hands
STACK_BELOW = 480  # why: under this width two columns leave the question under 260 px: stack them
# (a row that stacks below a width must be narrower than that side by side, or it never would)
_SLACK = 4  # why: at 200 % a glyph's advance rounds up, and the focus border is 2 px thicker a side
_REMEMBERED = 64  # why: sizes a button keeps (a few widths while a layout settles, in one or two texts)
COMPACT_BELOW = QSize(900, 620)  # why: a smaller window (a netbook, or 200 % scaling) gets tighter margins


def shown(text: str) -> str:
    """A button's text as drawn: a single & marks the shortcut letter and is not drawn."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def wrap_text(text: str, metrics: QFontMetrics, width: int) -> str:
    """``text`` with its words wrapped (newlines) to lines of at most ``width`` pixels; a word
    longer than that keeps its own line."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if line and metrics.horizontalAdvance(shown(trial)) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return "\n".join(lines)


class WrapButton(QPushButton):
    """A push button whose words wrap when it is narrower than its text: its minimum width
    is its longest word, its height follows its width (``heightForWidth``). ``text()`` stays
    the text it was given."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        self._sizes: dict[tuple[Any, ...], Any] = {}  # measured sizes (see _measured); before Qt may ask for one
        super().__init__(parent)  # why not (text, parent): PySide would make QIcon's class to rule out (icon, text)
        self.setText(text)
        self.setSizePolicy(QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum))

    def setSizePolicy(self, *args: Any) -> None:  # noqa: N802 - Qt's name
        """Keep height-for-width and a height that never grows past the text's (the Spin button
        under a wheel must not take the room the wheel leaves), whatever policy a screen sets."""
        policy = args[0] if len(args) == 1 else QSizePolicy(*args)
        horizontal = policy.horizontalPolicy()
        if horizontal in (QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Minimum):
            horizontal = QSizePolicy.Policy.Preferred  # why: it may get narrower than its text, and wrap
        policy = QSizePolicy(horizontal, QSizePolicy.Policy.Fixed, policy.controlType())
        policy.setHeightForWidth(True)
        super().setSizePolicy(policy)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        old = event.oldSize().width()
        if old != event.size().width() and self.heightForWidth(old) != self.heightForWidth(self.width()):
            self.updateGeometry()  # its height (sizeHint) follows its width: lay out again

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        self.forget_sizes()  # a font, style, state, direction or parent changed: it may measure otherwise
        super().changeEvent(event)

    def forget_sizes(self) -> None:
        """Measure again when next asked (the style sheet was applied again: :func:`restyle`)."""
        self._sizes.clear()

    def setIcon(self, icon: QIcon | QPixmap) -> None:  # noqa: N802 - Qt's name
        self.forget_sizes()  # the icon is in what is measured
        super().setIcon(icon)

    def setIconSize(self, size: QSize) -> None:  # noqa: N802 - Qt's name
        self.forget_sizes()
        super().setIconSize(size)

    def _measured(self, what: Any, measure: Callable[[], Any]) -> Any:
        """``measure()``, remembered for ``what`` and the button's text, role and checked state.
        Why: a layout asks each button for its height at a width a dozen times while it settles
        (the first window's buttons ~110 times, each a style sheet lookup and a word wrap: a
        twentieth of its start); what else the size depends on comes with a change event (font,
        style, enabled, direction, parent, language) or a call here (its icon), which forget
        them all, as :func:`restyle` and :func:`fit_type` do. (Hover and pressed: style.qss gives
        them colours only, and the focus border is left out of the measure.)"""
        key = (what, self.text(), self.property("role"), self.isChecked())
        found = self._sizes.get(key)
        if found is None:
            if len(self._sizes) >= _REMEMBERED:  # a window resized by hand asks at every width
                self._sizes.clear()
            found = self._sizes[key] = measure()
        return found

    def _option(self) -> QStyleOptionButton:
        """The button's style option without keyboard focus: the thicker focus border must not
        change the size asked for (the layout does not run again when the focus moves)."""
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.state &= ~QStyle.StateFlag.State_HasFocus
        return option

    def _padding(self) -> QSize:
        """Border and padding around the text (the style sheet's box)."""
        width, height = self._measured("padding", self._measure_padding)
        return QSize(width, height)

    def _measure_padding(self) -> tuple[int, int]:
        option = self._option()
        option.rect = QRect(0, 0, 1000, 1000)
        box = self.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, option, self)
        return 1000 - box.width(), 1000 - box.height()

    def _wrapped(self, width: int) -> str:
        return wrap_text(self.text(), self.fontMetrics(), width - self._padding().width())

    def _one_line(self) -> QSize:
        """The text on one line (with a little slack: at 200 % a glyph's width rounds up)."""
        width, height = self._measured("line", self._measure_line)
        return QSize(width, height)

    def _measure_line(self) -> tuple[int, int]:
        text = self.fontMetrics().size(Qt.TextFlag.TextShowMnemonic, self.text()) + QSize(_SLACK, 0)
        size = self.style().sizeFromContents(QStyle.ContentsType.CT_PushButton, self._option(), text, self)
        size = size.expandedTo(QSize(TOUCH, TOUCH))
        return size.width(), size.height()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        """As wide as the text on one line; as high as the text needs at the width it has
        (a layout reads the height from here: the policy's height is fixed)."""
        size = self._one_line()
        if self.testAttribute(Qt.WidgetAttribute.WA_Resized) and 0 < self.width() < size.width():
            size.setHeight(self.heightForWidth(self.width()))
        return size

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        metrics = self.fontMetrics()
        longest = max((metrics.horizontalAdvance(w) for w in shown(self.text()).split()), default=0)
        width = max(longest + self._padding().width() + _SLACK, self.minimumWidth(), 2 * TOUCH)
        return QSize(width, self._one_line().height())

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        """One line's height (the style sheet's), and a line more for each wrapped line."""
        return max(self._measured(width, lambda: self._measure_height(width)), self.minimumHeight())

    def _measure_height(self, width: int) -> int:
        lines = self._wrapped(width).count("\n") + 1
        more = (lines - 1) * self.fontMetrics().lineSpacing() + (_SLACK if lines > 1 else 0)
        return self._one_line().height() + more

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        from PySide6.QtWidgets import QStylePainter  # why here: Qt makes QPainter's enums when it is first named

        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = self._wrapped(self.width())
        painter = QStylePainter(self)
        # why: a painter starts left to right whatever the widget's direction, and the style draws the
        # text in the painter's: "10 أيام أو أكثر" on an Arabic screen would put its 10 on the wrong side
        painter.setLayoutDirection(option.direction)
        painter.drawControl(QStyle.ControlElement.CE_PushButton, option)
        painter.end()


def button(text: str, role: str = "primary", parent: QWidget | None = None, *,
           checkable: bool = False) -> QPushButton:
    """A large push button; ``role`` picks its look in style.qss (primary, answer, quiet)."""
    b = WrapButton(text, parent)
    b.setProperty("role", role)
    b.setAutoDefault(True)  # why: outside a dialog Enter would not press a focused button
    b.setCheckable(checkable)
    b.setMinimumHeight(TOUCH)  # why no minimum width: it would override the longest word's (minimumSizeHint)
    b.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    b.setCursor(Qt.CursorShape.PointingHandCursor)
    return b


#: Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko… and Arabic's
#: presentation forms): a text holding one is laid out by Qt's rich-text engine.
_RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


class TextLabel(QLabel):
    """A plain-text label whose ``text()`` is the text given. Text in a right-to-left script
    is shown through Qt's rich-text layout: its plain-text layout puts a wrapped line's
    trailing space at the line's right end, so every wrapped line of Arabic starts indented
    and its last word is pushed past the label's left edge. On a right-to-left screen the
    paragraph is right to left even when it starts with a left-to-right word (a file's name,
    a number): Qt would otherwise take the first letter's direction for the whole line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._plain = ""
        self.setTextFormat(Qt.TextFormat.PlainText)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        self._plain = text
        self._show()

    def text(self) -> str:
        return self._plain

    def _show(self) -> None:
        text = self._plain
        if _RIGHT_TO_LEFT.search(text):
            import html  # why here: only a right-to-left text needs it (the first window need not load it)

            self.setTextFormat(Qt.TextFormat.RichText)
            way = "rtl" if self.layoutDirection() == Qt.LayoutDirection.RightToLeft else "auto"
            text = f'<div dir="{way}">{html.escape(text, quote=False).replace(chr(10), "<br>")}</div>'
        else:
            self.setTextFormat(Qt.TextFormat.PlainText)
        super().setText(text)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.LayoutDirectionChange:
            self._show()
        super().changeEvent(event)


def label(text: str = "", role: str = "body", parent: QWidget | None = None, *,
          center: bool = False) -> QLabel:
    """A word-wrapped plain-text label (:class:`TextLabel`); ``role`` picks its size in style.qss."""
    lab = TextLabel(parent)
    lab.setText(text)
    lab.setWordWrap(True)
    lab.setProperty("role", role)
    if center:
        lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
    return lab


def spoken(lab: QLabel, what: str) -> QLabel:
    """``lab`` keeps its visible text as its accessible name (a screen reader reads what the
    screen shows); ``what`` it is ("Spinner result") becomes its accessible description."""
    lab.setAccessibleDescription(what)
    return lab


class Announcer(QObject):
    """Where announcements go: to Qt's accessibility (a screen reader, when one listens) and to
    :attr:`said` (what a test watches)."""

    said = Signal(str)


ANNOUNCER = Announcer()


def announce(widget: QWidget, text: str) -> None:
    """Ask a screen reader to say ``text`` now, politely (after what it is saying): Qt's
    announcement event (Qt 6.8+), sent only while an assistive technology listens. Only what the
    screen shows is ever announced."""
    if not text:
        return
    # why here: Qt makes QAccessible's eight enums when it is first named (1.5 ms of the first
    # window, which announces nothing)
    from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

    if QAccessible.isActive():
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(widget, text))
    ANNOUNCER.said.emit(text)


def focus_on_page(screen: QWidget, title: str) -> None:
    """``screen`` takes the keyboard focus itself when it shows, not its first button: a stray
    Enter (or one pressed twice) must not agree, pick a language, skip the explanation or end the
    interview. Tab goes to the first button; a screen reader hears the page's ``title``."""
    screen.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    screen.setAccessibleName(title)


def breakable(text: str) -> str:
    """``text`` (a path, a file name) with a zero-width space after each separator, so a
    label can wrap a long name there instead of widening the window."""
    for mark in "/\\_-.":
        text = text.replace(mark, mark + "\u200b")
    return text


LONG_TOKEN = 24  # why: a word this long is a path, an id or a file name, never a word a person reads
_CHOP = 16  # why: a run of hex digits (a log's name) breaks every so many characters, not only at "-"


def wrappable(line: str) -> str:
    """``line`` (a message that may name a file) with zero-width spaces inside its long tokens
    only -- after separators, and every few characters of a long run -- so a label wraps a
    path instead of widening the window or cutting it off; ordinary words are left alone."""
    def soften(token: str) -> str:
        if len(token) < LONG_TOKEN:
            return token
        pieces = re.split(r"(?<=[/\\_.:-])", breakable(token))
        return "".join(re.sub(f"([^\u200b]{{{_CHOP}}})(?=[^\u200b])", "\\1\u200b", piece) for piece in pieces)
    return re.sub(r"\S+", lambda m: soften(m.group(0)), line)


def clear_layout(layout: QLayout) -> None:
    """Remove and delete every widget of ``layout`` (a screen that is left leaves nothing)."""
    while (item := layout.takeAt(0)) is not None:  # None once the layout is empty
        widget = item.widget()
        if widget is not None:
            widget.hide()
            widget.deleteLater()
        elif (inner := item.layout()) is not None:
            clear_layout(inner)


def tab_order(widgets: list[QWidget]) -> None:
    """Tab goes through ``widgets`` in this order. Why explicit: widgets put in a layout
    before the layout has a parent can be left out of Qt's Tab chain."""
    for first, second in zip(widgets, widgets[1:]):
        QWidget.setTabOrder(first, second)


def restyle(widget: QWidget) -> None:
    """Apply the style sheet again after a ``role`` property changed."""
    widget.style().unpolish(widget)
    widget.style().polish(widget)
    if isinstance(widget, WrapButton):
        widget.forget_sizes()


class _WidthWatch(QObject):
    """Calls a function with a widget's width each time the widget is resized."""

    def __init__(self, widget: QWidget, apply: Callable[[int], None]) -> None:
        super().__init__(widget)
        self.apply = apply
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Resize and isinstance(watched, QWidget):  # it watches a widget
            self.apply(watched.width())
        return False


class _Compact(QObject):
    """Sets the window's ``compact`` property (style.qss's smaller type) while it is small."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Resize and isinstance(watched, QWidget):  # it watches a window
            fit_type(watched)
        return False


def fit_type(window: QWidget) -> None:
    """Mark ``window`` compact (or not) for its size; its widgets already polished read the style
    sheet again, the others read it when they are."""
    size = window.size()
    small = size.width() < COMPACT_BELOW.width() or size.height() < COMPACT_BELOW.height()
    if bool(window.property("compact")) != small:
        window.setProperty("compact", small)
        for w in (window, *window.findChildren(QWidget)):
            if w.testAttribute(Qt.WidgetAttribute.WA_WState_Polished):
                restyle(w)


def compact_when_small(window: QWidget) -> None:
    """``window`` (and all it shows) uses style.qss's compact type sizes while it is smaller
    than :data:`COMPACT_BELOW`; screens built later pick it up when first shown. Called once the
    window has the size it opens with and before its screens are built, the style sheet is
    applied once (not once large, then again small when it shows)."""
    fit_type(window)
    window.installEventFilter(_Compact(window))


def on_width(widget: QWidget, apply: Callable[[int], None]) -> None:
    """``apply(width)`` now and whenever ``widget`` is resized (a layout that depends on the
    width: stacked columns, tighter margins)."""
    apply(widget.width() if widget.testAttribute(Qt.WidgetAttribute.WA_Resized) else STACK_BELOW)
    _WidthWatch(widget, apply)


def stack_if_narrow(row: QBoxLayout, width: int, below: int = STACK_BELOW) -> None:
    """``row`` left to right, or top to bottom when ``width`` is under ``below``."""
    direction = QBoxLayout.Direction.TopToBottom if width < below else QBoxLayout.Direction.LeftToRight
    if row.direction() != direction:
        row.setDirection(direction)


def margins(width: int, short: bool = False) -> tuple[int, int]:
    """A screen's (side, top) margins for its ``width``: tighter on a small window (narrow, or
    ``short``: see :func:`is_short`)."""
    return (12, 8) if short or width < COMPACT_BELOW.width() else (40, 24)


def is_short(widget: QWidget) -> bool:
    """Whether ``widget``'s window is shorter than :data:`COMPACT_BELOW` (1920x1080 at 200 % is
    960x540): its type is compact already, and a spinner screen keeps its margins tight too, so
    a question, its Spin and "I prefer not to answer" fit without scrolling."""
    return widget.window().height() < COMPACT_BELOW.height()


def arrange(row: QBoxLayout, width: int, short: bool = False) -> None:
    """Lay ``row`` (the two columns) out for a screen ``width`` pixels wide (in a ``short`` window)."""
    stack_if_narrow(row, width)
    side, top = margins(width, short)
    row.setContentsMargins(side, top, side, top)
    compact = short or width < COMPACT_BELOW.width()
    row.setSpacing(16 if compact else 32)
    if row.count() == 2:  # why: on a small window the text needs the room more than the wheel
        row.setStretch(0, 3 if compact else 5)
        row.setStretch(1, 2 if compact else 4)


def columns(parent: QWidget) -> tuple[QVBoxLayout, QVBoxLayout]:
    """The spinner screens' layout: text and answers on the left, the wheel on the right;
    on a narrow window the wheel's column goes under the text's."""
    row = QBoxLayout(QBoxLayout.Direction.LeftToRight, parent)
    left, right = QVBoxLayout(), QVBoxLayout()
    left.setSpacing(12)
    right.setSpacing(12)
    row.addLayout(left)
    row.addLayout(right)
    right.setAlignment(Qt.AlignmentFlag.AlignTop)  # the wheel and Spin stay together, at the top
    on_width(parent, lambda width: arrange(row, width, is_short(parent)))
    return left, right


def make_wheel(question: Question, words: Words, reduced_motion: bool, practice: bool) -> SpinnerWidget:
    """A spinner showing ``question``'s sectors, labelled in the respondent's ``words``; it
    shrinks first, down to the wheel's own minimum."""
    from rrdesk.gui.spinner.widget import MIN_SIDE, SpinnerWidget  # why here: the dashboard shows no wheel

    wheel = SpinnerWidget()
    wheel.reduced_motion = reduced_motion  # type: ignore[assignment]  # why: PySide6's stub has no descriptor Property
    wheel.set_words(words("wheel_name"), words("wheel_help"), words("practice"), words("turning"), words("spinner_says"))
    wheel.set_wheel(wording.design_of(question), wording.wheel_labels(question, words), practice=practice)
    wheel.setMinimumSize(MIN_SIDE, MIN_SIDE)
    return wheel
