"""A screen reader hears what the respondent sees, read through Qt's accessibility interface
(``QAccessible.queryAccessibleInterface``: what Qt's AT-SPI bridge hands a screen reader; the
end-to-end check with AT-SPI itself is ``tests/test_gui_atspi.py``).

Whole interviews in a Spanish and an Arabic survey (every wheel kind, instructed and assisted):
on every screen each visible label's accessible name is its visible text (a generic name such
as "Spinner result" would hide the text), each picture of a wheel says what it shows, the wheel's
value after a spin is the sector it stopped on, and every announcement is made of texts the
screen shows at that moment: never the recorded answer of an assisted question.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractButton, QLabel

from rrdesk.gui.explain import WheelPicture
from rrdesk.gui.spinner.widget import SpinnerWidget
from rrdesk.gui.widgets import ANNOUNCER, shown
from tests.test_gui_languages import SURVEYS, walk
from tests.test_gui_support import open_window


def _name(widget) -> str:
    return QAccessible.queryAccessibleInterface(widget).text(QAccessible.Text.Name)


def _same(spoken: str, text: str) -> bool:
    """The same words: a right-to-left label's rich text turns a no-break space into a space."""
    return spoken.replace("\u00a0", " ") == text.replace("\u00a0", " ")


class Listener:
    """Reads each screen's accessibility as :func:`walk` goes, and every announcement as it is made."""

    def __init__(self, window, direction) -> None:
        self.window, self.direction = window, direction
        self.wrong: list[str] = []
        self.english: list[str] = []  # walk() adds the hand-over button's English here (test_gui_languages checks it)
        self.screens = 0
        self.wheel_values: list[tuple[str, str]] = []  # (what the wheel's value says, its sectors' words...)
        self.announced: list[str] = []
        ANNOUNCER.said.connect(self.heard)

    def visible_texts(self) -> list[str]:
        root = self.window.flow.screen
        return [w.text() for w in root.findChildren(QLabel) if w.isVisible() and w.text()]

    def heard(self, text: str) -> None:
        """An announcement is the screen's own texts, one after another: nothing else is left."""
        self.announced.append(text)
        rest = text
        for shown_text in sorted(self.visible_texts(), key=len, reverse=True):
            rest = rest.replace(shown_text, "", 1)
        if rest.strip():
            self.wrong.append(f"announced {text!r}, of which {rest.strip()!r} is not on screen")

    def read(self, where: str, root=None) -> list[str]:
        root = root or self.window.flow.screen
        self.screens += 1
        for w in root.findChildren(QLabel):
            if w.isVisible() and w.text() and not _same(_name(w), w.text()):
                self.wrong.append(f"{where}: label {w.text()!r} is spoken as {_name(w)!r}")
        for b in root.findChildren(QAbstractButton):
            if b.isVisible() and b.text() and not _same(_name(b), shown(b.text())):
                self.wrong.append(f"{where}: button {b.text()!r} is spoken as {_name(b)!r}")
        for picture in root.findChildren(WheelPicture):
            if not picture.accessibleDescription():
                self.wrong.append(f"{where}: a picture of a wheel says nothing of what it shows")
        for wheel in root.findChildren(SpinnerWidget):
            value = QAccessible.queryAccessibleInterface(wheel).text(QAccessible.Text.Value)
            if value:
                self.wheel_values.append((value, wheel.painted_texts()))
        return []


@pytest.mark.parametrize(("name", "department", "direction"), [
    ("spanish", "Oficina", Qt.LayoutDirection.LeftToRight),
    ("arabic", "المكتب", Qt.LayoutDirection.RightToLeft),
])
def test_every_respondent_screen_speaks_its_visible_texts(qtbot, data, settings, fast_spin, name, department,
                                                          direction):
    window = open_window(qtbot, data, settings, SURVEYS / f"{name}.toml")
    listener = Listener(window, direction)
    try:
        walk(qtbot, window, listener, department)
    finally:
        ANNOUNCER.said.disconnect(listener.heard)
    assert listener.screens >= 20
    assert listener.wrong == []
    # after each spin (4 practice wheels, 4 questions) the wheel's value names a sector it shows
    assert len(listener.wheel_values) >= 8
    assert all(value in painted for value, painted in listener.wheel_values)
    # each practice outcome and each question's outcome was announced, and the saved lines
    assert len(listener.announced) >= 4 + 4 * 2


def test_the_explanation_pictures_say_what_they_show(qtbot):
    from rrdesk.core import survey as surveys
    from rrdesk.gui.explain import KindCard

    survey = surveys.load(SURVEYS / "spanish.toml")
    for q in survey.randomized:
        card = KindCard(q, "es")
        qtbot.addWidget(card)
        assert _name(card.picture) == card.words("wheel_picture")
        face = QAccessible.queryAccessibleInterface(card.picture)
        assert face.text(QAccessible.Text.Description) == "; ".join(card.says)
        assert all(words in face.text(QAccessible.Text.Description) for words in card.says)


def test_each_explanation_page_is_heard_from_its_focused_next(qtbot, fast_spin):
    """Next has the focus on every page: a screen reader reads its name, then what the page says;
    turning a page announces the new page's words, all of them on screen."""
    from rrdesk.core import survey as surveys
    from rrdesk.gui.screens import ExplanationScreen

    survey = surveys.load(SURVEYS / "spanish.toml")
    screen = ExplanationScreen([q for q in survey.randomized], "es", assisted=False)
    qtbot.addWidget(screen)
    screen.show()
    heard: list[str] = []
    ANNOUNCER.said.connect(heard.append)
    try:
        for page in range(screen.pages.count()):
            qtbot.waitUntil(lambda: screen.page == page and screen.settled)
            face = QAccessible.queryAccessibleInterface(screen.go)
            assert _name(screen.go) == shown(screen.go.text())
            said = face.text(QAccessible.Text.Description)
            texts = [lab.text() for lab in screen.pages.currentWidget().findChildren(QLabel)]
            assert said and all(text in said for text in texts if text)  # every line of the page
            if page:
                assert heard[-1] == said
            screen.go.click()
    finally:
        ANNOUNCER.said.disconnect(heard.append)
