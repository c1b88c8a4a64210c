"""The interviewer's direct questions in the app (issue 14, point 5): a number typed on the
keyboard or tapped on the keypad, refused out of its range with a message, and questions a
relevant condition skips hidden -- and what the start record then holds."""
from __future__ import annotations

from PySide6.QtCore import Qt

from tests.test_gui_support import click, open_window, stop_at_hand_over, stored, wait_for
from tests.test_survey_numbers import SURVEY


def _window(qtbot, tmp_path, data, settings):
    path = tmp_path / "numbers.toml"
    path.write_text(SURVEY, encoding="utf-8")
    window = open_window(qtbot, data, settings, survey=path)
    click(qtbot, window.dashboard.start)
    return window, wait_for(qtbot, window, "direct")


def _tap(qtbot, field, text: str) -> None:
    for char in text:
        click(qtbot, next(b for b in field.keys if b.text() == char))


def test_a_number_on_the_keypad_and_a_skipped_question(qtbot, tmp_path, data, settings, fast_spin):
    window, direct = _window(qtbot, tmp_path, data, settings)
    age, hours = direct._numbers["age"], direct._numbers["hours"]
    assert all(b.height() >= 48 for b in age.keys) and age.edit.height() >= 48
    assert not direct.next.isEnabled()
    _tap(qtbot, age, "17")
    assert not direct._blocks["year"].isVisible()  # relevant: ${age} >= 18 ...
    assert direct._blocks["hours"].isVisible()      # ... or ${age} < 20
    assert not direct.next.isEnabled()
    _tap(qtbot, hours, "1.5")
    assert direct.answers() == {"age": "17", "hours": "1.50"}
    click(qtbot, direct.next)
    stop_at_hand_over(qtbot, window)
    start = [r for r in stored(data, "numbers-2026") if r.kind == "start"]
    assert [r.direct for r in start] == [{"age": "17", "year": "", "hours": "1.50"}]


def test_the_keyboard_works_and_out_of_range_is_said(qtbot, tmp_path, data, settings, fast_spin):
    window, direct = _window(qtbot, tmp_path, data, settings)
    age = direct._numbers["age"]
    qtbot.waitUntil(lambda: age.edit.hasFocus())  # the first answer has the focus
    qtbot.keyClicks(age.edit, "150")
    assert age.message.text() == "Not accepted: enter a whole number from 15 to 99."
    assert age.message.property("role") == "error" and not direct.next.isEnabled()
    age.edit.clear()
    age.edit.insert("٣٠")  # Arabic-Indic digits, as an Arabic keyboard's input method commits them
    assert age.answer() == "30" and age.message.property("role") == "hint"
    assert direct._blocks["year"].isVisible() and not direct._blocks["hours"].isVisible()
    qtbot.keyClick(age.edit, Qt.Key.Key_Tab)  # Tab goes on to the year's answers; Space picks one
    qtbot.keyClick(direct._groups["year"][0][1], Qt.Key.Key_Space)
    assert direct.answers() == {"age": "30", "year": "2"}
    click(qtbot, direct._groups["year"][0][0])
    assert direct._blocks["hours"].isVisible() and direct.answers() is None  # year 1: hours asked
    _tap(qtbot, direct._numbers["hours"], "24.5")  # over the range: the keypad takes it, the field refuses it
    assert direct._numbers["hours"].problem == "Not accepted: enter a number from 0.00 to 24.00, 2 digits after the point at most."
    click(qtbot, next(b for b in direct._numbers["hours"].keys if b.text() == "⌫"))
    click(qtbot, next(b for b in direct._numbers["hours"].keys if b.text() == "⌫"))
    click(qtbot, direct.next)
    stop_at_hand_over(qtbot, window)
    assert [r.direct for r in stored(data, "numbers-2026") if r.kind == "start"] == [
        {"age": "30", "year": "1", "hours": "24.00"}]


def test_the_results_view_splits_by_bins_and_names_the_skipped(qtbot, tmp_path):
    from rrdesk.app.aggregate import compute
    from rrdesk.gui.results import EstimatesModel
    from tests.test_aggregate import KEY, export, simulate

    path = tmp_path / "numbers.toml"
    path.write_text(SURVEY, encoding="utf-8")
    simulate(tmp_path / "data", 60, 3, survey=path)
    bundle = export(tmp_path / "data", tmp_path / "stick", "numbers-2026")
    model = EstimatesModel()
    found = compute([bundle], KEY, "numbers-2026", "year", include_synthetic=True)
    model.show(found.results, "en")
    hours = [line for line in model.lines if line.result.question.id == "hours"]
    assert [line.answer for line in hours if line.group is None] == ["[0.00,2.00)", "[2.00,4.50)", "[4.50,24.00]"]
    assert "(skipped)" in {line.group_label for line in hours if line.group is not None}  # age under 18
    model.show(compute([bundle], KEY, "numbers-2026", "age", include_synthetic=True).results, "en")
    groups = {line.group_label for line in model.lines if line.group is not None}
    assert groups and groups <= {"15-19", "20-39", "40-59", "60-79", "80-99"}


def test_the_range_is_said_in_the_interviewers_language(qtbot, tmp_path, data, settings, fast_spin):
    path = tmp_path / "numbers.toml"
    path.write_text(SURVEY, encoding="utf-8")
    window = open_window(qtbot, data, settings, survey=path)
    window.set_language("fr")  # the app's translators are global: English again at the end, whatever happens
    try:
        click(qtbot, window.dashboard.start)
        direct = wait_for(qtbot, window, "direct")
        age = direct._numbers["age"]
        assert age.message.text() == "un nombre entier de 15 à 99"
        age.edit.setText("7")
        assert age.message.text() == "Non accepté\u00a0: saisissez un nombre entier de 15 à 99."
        assert direct.next.text() == "Continuer" and not direct.next.isEnabled()
        click(qtbot, direct.cancel)
    finally:
        window.translators.use("en")


def test_a_section_heading_stands_above_its_questions_while_one_is_asked(qtbot):
    """XLSForm's group label, the survey's ``heading``: shown once above the questions of its
    section, hidden when the conditions skip every one of them."""
    from rrdesk.core import survey as surveys
    from rrdesk.gui.direct import DirectScreen
    from tests.test_survey_numbers import AGE, HEAD, HOURS, UNHAPPY, YEAR

    studies = 'heading.en = "Your studies"\n'
    text = HEAD + AGE + YEAR.replace("text.en", studies + "text.en") + HOURS.replace("text.en", studies + "text.en") \
        + UNHAPPY
    screen = DirectScreen(surveys.loads(text, "s.toml").direct, "en")
    qtbot.addWidget(screen)
    screen.show()
    [(heading, ids)] = screen._headings
    assert heading.text() == "Your studies" and ids == ["year", "hours"] and heading.property("role") == "section"
    form = heading.parentWidget().layout()
    assert form.indexOf(heading) == form.indexOf(screen._blocks["year"]) - 1  # above the first, once
    screen._numbers["age"].edit.setText("95")  # year and hours both skipped: no heading over nothing
    assert not screen._blocks["year"].isVisible() and not screen._blocks["hours"].isVisible()
    assert not heading.isVisible()
    screen._numbers["age"].edit.setText("19")
    assert heading.isVisible() and screen._blocks["year"].isVisible()


# -- issue 29, item 6: a question an answer brings up is seen; a tap on a half-shown button picks it --


def _in_view(window, widget) -> bool:
    from PySide6.QtCore import QRect

    viewport = window.scroll.viewport()
    return viewport.rect().contains(QRect(widget.mapTo(viewport, widget.rect().topLeft()), widget.size()))


def _short(qtbot, window, height: int = 420) -> None:
    """A window too short for the whole screen (as on a small laptop at 200 %): it scrolls."""
    window.showNormal()
    window.resize(900, height)
    qtbot.waitUntil(lambda: window.scroll.viewport().height() <= height and window.scroll.verticalScrollBar().maximum() > 0)


def test_a_question_an_answer_brings_up_is_scrolled_into_view_and_marked(qtbot, tmp_path, data, settings, fast_spin):
    from rrdesk.gui.widgets import ANNOUNCER

    window, direct = _window(qtbot, tmp_path, data, settings)
    _short(qtbot, window)
    age, year, hours = direct._numbers["age"], direct._blocks["year"], direct._blocks["hours"]
    assert not year.isVisible() and not hours.isVisible() and year.property("revealed") is None
    said: list[str] = []
    ANNOUNCER.said.connect(said.append)
    _tap(qtbot, age, "3")  # 3 is out of range: nothing comes up
    assert not year.isVisible() and window.scroll.verticalScrollBar().value() == 0
    _tap(qtbot, age, "0")  # 30: the year of study is asked now, below the keypad, out of view
    qtbot.waitUntil(lambda: year.isVisible() and _in_view(window, year))
    assert window.scroll.verticalScrollBar().value() > 0  # it was scrolled to
    assert year.property("revealed") is True and said[-1] == "Year of study"
    assert not hours.isVisible()
    click(qtbot, direct._groups["year"][0][0])  # year 1: the hours are asked too
    assert year.property("revealed") is False  # answered: no longer marked
    qtbot.waitUntil(lambda: hours.isVisible() and window.scroll.verticalScrollBar().value() > 0)
    # the hours' block is taller than the view: its top is brought to the top
    viewport = window.scroll.viewport()
    qtbot.waitUntil(lambda: 0 <= hours.mapTo(viewport, hours.rect().topLeft()).y() <= 20)
    assert hours.height() > viewport.height() and hours.property("revealed") is True
    assert said[-1] == "Hours of sleep lost"
    _tap(qtbot, direct._numbers["hours"], "7")
    assert hours.property("revealed") is False and direct.answers() == {"age": "30", "year": "1", "hours": "7.00"}


def test_a_tap_on_a_half_shown_button_picks_it_and_brings_it_into_view(qtbot, tmp_path, data, settings, fast_spin):
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest

    window, direct = _window(qtbot, tmp_path, data, settings)
    _tap(qtbot, direct._numbers["age"], "30")  # the year of study comes up
    _short(qtbot, window)
    qtbot.wait(20)  # why: a person reads before tapping (a new screen's first focus never scrolls it)
    third = direct._groups["year"][0][2]
    qtbot.waitUntil(lambda: third.isVisible() and third.height() >= 48)
    bar, viewport = window.scroll.verticalScrollBar(), window.scroll.viewport()
    # scroll so that only the top half of "3" shows at the bottom of the view
    bar.setValue(third.mapTo(direct, third.rect().topLeft()).y() - viewport.height() + third.height() // 2)
    qtbot.waitUntil(lambda: not _in_view(window, third) and third.mapTo(viewport, third.rect().topLeft()).y()
                    < viewport.height() - third.height() // 3)
    finger = third.mapToGlobal(QPoint(third.width() // 2, third.height() // 4))  # on its visible half
    QTest.mousePress(third, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, third.mapFromGlobal(finger))
    qtbot.wait(50)  # what the press set off (the focus, any scrolling) happens before the finger lifts
    # the finger lifts where it went down, on the screen: wherever the button is now
    QTest.mouseRelease(third, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, third.mapFromGlobal(finger))
    assert third.isChecked() and direct._chosen["year"] == 2
    qtbot.waitUntil(lambda: _in_view(window, third))  # and then it is brought into view
