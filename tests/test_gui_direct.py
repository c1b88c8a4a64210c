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
