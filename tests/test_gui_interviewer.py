"""The dashboard's interviewer id: required before an interview starts, typed or chosen from the
survey's list, remembered on the laptop (ODK Collect's username), recorded with the interview."""
from __future__ import annotations

from PySide6.QtCore import QSettings

from tests.conftest import DEMO
from tests.test_gui_support import button_named, click, open_window, stored, wait_for


def _fresh_settings(tmp_path) -> QSettings:
    s = QSettings(str(tmp_path / "fresh.ini"), QSettings.Format.IniFormat)
    s.setValue("interface/language", "en")
    s.sync()
    return s


def test_start_waits_for_a_typed_interviewer_id_which_the_laptop_remembers(qtbot, tmp_path, fast_spin):
    settings = _fresh_settings(tmp_path)
    window = open_window(qtbot, tmp_path / "data", settings)
    chooser = window.dashboard.interviewer
    assert chooser.typed.isVisible() and not chooser.choices.isVisible()  # the demo lists none
    assert not window.dashboard.start.isEnabled()  # nobody has said who they are
    qtbot.keyClicks(chooser.typed, "a b/")  # what an id cannot hold is not taken
    assert chooser.typed.text() == "ab" and window.dashboard.start.isEnabled()
    chooser.typed.clear()
    assert not window.dashboard.start.isEnabled()
    qtbot.keyClicks(chooser.typed, "k-07")
    assert window.dashboard.start.isEnabled() and settings.value("interview/interviewer") == "k-07"
    window.close()
    again = open_window(qtbot, tmp_path / "data", settings)  # the next day: already filled in
    assert again.dashboard.interviewer.current == "k-07" and again.dashboard.start.isEnabled()
    again.close()


def test_a_survey_list_is_offered_and_the_choice_is_recorded(qtbot, tmp_path, fast_spin):
    path = tmp_path / "team.toml"
    path.write_text(DEMO.read_text(encoding="utf-8").replace(
        "planned_respondents =", 'interviewers = ["amina", "k-07"]\nplanned_respondents =', 1), encoding="utf-8")
    settings = _fresh_settings(tmp_path)
    window = open_window(qtbot, tmp_path / "data", settings, survey=path)
    chooser = window.dashboard.interviewer
    assert chooser.choices.isVisible() and not chooser.typed.isVisible()
    assert [chooser.choices.itemText(i) for i in range(chooser.choices.count())] == ["Choose…", "amina", "k-07"]
    assert not window.dashboard.start.isEnabled()
    chooser.choices.setCurrentIndex(2)
    assert window.dashboard.start.isEnabled()
    click(qtbot, window.dashboard.start)
    direct = wait_for(qtbot, window, "direct")
    click(qtbot, button_named(direct, "Office"))
    click(qtbot, direct.next)
    wait_for(qtbot, window, "handover")
    assert [(r.kind, r.interviewer) for r in stored(tmp_path / "data")] == [("start", "k-07")]
    window.close()


def _tab_chain(window) -> list:
    """The widgets Tab goes through, in order (visible ones that take focus by Tab, enabled or not)."""
    from PySide6.QtCore import Qt

    chain, widget = [], window.nextInFocusChain()
    while widget is not window and len(chain) < 500:
        if widget.isVisible() and widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            chain.append(widget)
        widget = widget.nextInFocusChain()
    return chain


def test_the_list_made_for_a_later_survey_takes_the_typed_ids_place_in_the_tab_order(qtbot, tmp_path):
    path = tmp_path / "team.toml"
    path.write_text(DEMO.read_text(encoding="utf-8").replace(
        "planned_respondents =", 'interviewers = ["amina", "k-07"]\nplanned_respondents =', 1), encoding="utf-8")
    window = open_window(qtbot, tmp_path / "data", _fresh_settings(tmp_path))
    chooser = window.dashboard.interviewer
    before = _tab_chain(window)
    assert chooser._choices is None  # the demo lists nobody: no list is made for it
    assert window.open_survey(path, remember=False)
    after = _tab_chain(window)
    assert chooser.choices.isVisible() and not chooser.typed.isVisible()
    assert after == [chooser.choices if w is chooser.typed else w for w in before]
    window.close()


def test_the_panels_made_when_first_shown_take_their_places_in_the_tab_order(qtbot, tmp_path):
    """The dashboard makes its fault panel (Try again) and its interrupted interview's panel
    (Continue, Close it) when first shown: Tab still reaches them where they are on the screen,
    after Open survey and before the interviewer's id, the fault's first."""
    window = open_window(qtbot, tmp_path / "data", _fresh_settings(tmp_path))
    d = window.dashboard
    assert d._fault is None and d._resume is None  # a healthy start shows neither: neither is made
    d.resume_panel.show()  # the interrupted interview first, then a fault: made in the other order
    d.fault_panel.show()
    chain = _tab_chain(window)
    assert chain.index(d.open) < chain.index(d.retry) < chain.index(d.resume) < chain.index(d.close_it) \
        < chain.index(d.interviewer.typed) < chain.index(d.start)
    window.close()
