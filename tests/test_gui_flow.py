"""The interview flow, as the interviewer and the respondent live it, against a real store."""
from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton, QWidget

from rrdesk.app.interviews import Station
from rrdesk.core import survey as surveys
from rrdesk.core.fileio import OsOps
from tests.test_gui_support import (
    DEMO,
    alone,
    answer_question,
    button_named,
    click,
    finish,
    hand_over,
    key,
    next_screen,
    open_window,
    screen,
    settle_writes,
    stop_at_hand_over,
    stored,
    survey_in_mode,
    visible_texts,
    wait_for,
)

DEMO_SURVEY = surveys.load(DEMO)


def outcomes(records):
    """The records that start an interview or end a question: the record that marks a
    question spun (or not spun) before its outcome is left out."""
    return [r for r in records if r.kind not in ("spun", "unspun")]


def test_a_whole_demo_interview_in_both_answer_modes_leaves_exactly_its_records(qtbot, window, data):
    modes = {q.id: q.answer_mode for q in DEMO_SURVEY.randomized}
    assert set(modes.values()) == {"instructed", "assisted"}  # the demo mixes both modes
    hand_over(qtbot, window, department="Factory or workshop")
    previous, expected = None, {}
    for pick in (0, 1, 1, 2):
        previous, qid, answer = answer_question(qtbot, window, previous, pick=pick)
        expected[qid] = answer
    assert finish(qtbot, window) == "Interview 1 saved."
    got = outcomes(stored(data))
    assert [r.kind for r in got] == ["start", "answer", "answer", "answer", "answer"]
    assert got[0].direct == {"department": "factory"}
    assert {r.interview for r in got} == {1}
    assert {r.question: r.answer for r in got[1:]} == expected
    assert [r.question for r in got[1:]] == [q.id for q in DEMO_SURVEY.randomized]
    assert expected["unhappy"] == "yes" and expected["took_from_work"] == "no"  # what was tapped
    assert window.dashboard.session_count.text() == "1"
    assert window.dashboard.total_count.text() == "1"


@pytest.mark.parametrize("mode", ["instructed", "assisted"])
def test_every_question_in_one_answer_mode(qtbot, tmp_path, settings, fast_spin, mode):
    path = survey_in_mode(tmp_path, mode)
    data = tmp_path / "data"
    window = open_window(qtbot, data, settings, survey=path)
    hand_over(qtbot, window)
    previous, expected = None, {}
    for _ in range(4):
        previous, qid, answer = answer_question(qtbot, window, previous, pick=0)
        assert previous.assisted == (mode == "assisted" and qid != "took_from_work")
        expected[qid] = answer
    assert finish(qtbot, window) == "Interview 1 saved."
    got = outcomes(stored(data, f"workplace-{mode}"))
    assert [r.kind for r in got] == ["start"] + ["answer"] * 4
    assert {r.question: r.answer for r in got[1:]} == expected
    window.close()


def test_a_question_is_spun_once_a_second_tap_does_nothing_and_there_is_no_back(qtbot, window, data):
    hand_over(qtbot, window)
    q = next_screen(qtbot, window, "question", None)
    calls = []
    interview = window.controller.interview
    real_spin = interview.spin
    interview.spin = lambda *a, **k: calls.append(a) or real_spin(*a, **k)
    with qtbot.waitSignal(window.controller.spun):  # the outcome is drawn on the store's thread
        click(qtbot, q.spin_button)
    assert len(calls) == 1
    assert not q.spin_button.isEnabled()
    qtbot.mouseClick(q.wheel, Qt.MouseButton.LeftButton, pos=q.wheel.rect().center())  # tap the wheel
    q.wheel.setFocus()
    qtbot.keyClick(q.wheel, Qt.Key.Key_Space)
    q.spinRequested.emit()  # even a direct second request is refused
    assert len(calls) == 1
    assert not [b for b in q.findChildren(QPushButton) if b.isVisible() and "back" in b.text().lower()]
    assert not q.decline.isVisible()  # no way out once spun, but the answer
    qtbot.waitUntil(lambda: q.answer_buttons[0].isVisible())
    interview.spin = real_spin


def test_the_keyboard_alone_runs_a_question_space_spins_and_y_answers(qtbot, window, data):
    hand_over(qtbot, window)
    q = next_screen(qtbot, window, "question", None)
    window.activateWindow()
    q.spin_button.setFocus()
    qtbot.waitUntil(lambda: q.spin_button.hasFocus())
    key(qtbot, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: q.answer_buttons[0].isVisible())
    key(qtbot, Qt.Key.Key_Y)
    nxt = next_screen(qtbot, window, "question", q)
    assert nxt.assisted  # afraid_to_speak: the true answer first, by key
    key(qtbot, Qt.Key.Key_N)
    assert nxt.truth_buttons[1].isChecked() and nxt.spin_button.hasFocus()
    key(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: nxt.next.isVisible())
    assert not any(b.isVisible() for b in nxt.truth_buttons)  # no truth left beside the outcome
    got = outcomes(stored(data))
    assert got[1].question == "unhappy" and got[1].answer == "yes"
    assert got[2].question == "afraid_to_speak"


def test_each_question_screen_starts_clean(qtbot, window):
    hand_over(qtbot, window)
    first, _, _ = answer_question(qtbot, window, None, pick=0)
    shown_before = set(visible_texts(window))
    second = next_screen(qtbot, window, "question", first)
    assert second is not first
    qtbot.waitUntil(lambda: not isinstance(first, QWidget) or _deleted(first))
    texts = visible_texts(window)
    assert not any(t.startswith("The spinner says") for t in texts)
    assert not any(t.startswith("Tap YES") or t.startswith("Tap NO") or "truthfully" in t.lower()
                   for t in texts if t not in shown_before or t.startswith("Answer"))
    assert not second.instruction.isVisible() and not second.instruction.text()
    assert not second.recorded.text()
    assert not second.wheel.is_spinning()


def _deleted(widget) -> bool:
    import shiboken6
    return not shiboken6.isValid(widget)


def test_french_respondent_sees_the_survey_and_the_interface_in_french(qtbot, window, data):
    hand_over(qtbot, window, language="Français")
    q = next_screen(qtbot, window, "question", None)
    assert DEMO_SURVEY.question("unhappy").text_in("fr") in visible_texts(q)
    assert q.spin_button.text() == "Tourner"
    click(qtbot, q.spin_button)
    qtbot.waitUntil(lambda: q.answer_buttons[0].isVisible())
    assert [b.text() for b in q.answer_buttons] == ["OUI", "NON"]
    key(qtbot, Qt.Key.Key_O)  # Oui
    nxt = next_screen(qtbot, window, "question", q)
    assert nxt.question.id == "afraid_to_speak"
    assert outcomes(stored(data))[1].answer == "yes"


def test_an_interrupted_interview_is_offered_and_continues_with_the_next_question_only(
        qtbot, data, settings, fast_spin):
    with Station(DEMO_SURVEY, data) as station:  # a crash after the first answer
        interview = station.start({"department": "sales"}, interviewer="t1")
        spin = interview.spin("unhappy")
        interview.record("unhappy", 0)
        del spin
    window = open_window(qtbot, data, settings)
    d = window.dashboard
    assert d.resume_panel.isVisible()
    assert re.match(r"Interview 1 stopped (today|yesterday) at about \d?\d:\d[05]\W*(AM|PM)? after question 1 of 4\. Its direct answers "
                    r"are saved \(1\); they are not asked again\.", d.resume_text.text()), d.resume_text.text()
    assert d.start.isEnabled()  # Start offers to close it first (test_gui_app)
    click(qtbot, d.resume)
    click(qtbot, wait_for(qtbot, window, "handover").start)
    click(qtbot, button_named(wait_for(qtbot, window, "language"), "English"))
    privacy = wait_for(qtbot, window, "privacy")  # no explanation, no practice required: offered
    assert privacy.practice.isVisible()
    alone(qtbot, window)
    previous, asked = None, []
    for _ in range(3):
        previous, qid, _ = answer_question(qtbot, window, previous)
        asked.append(qid)
    assert asked == ["afraid_to_speak", "took_from_work", "bullied"]
    assert finish(qtbot, window) == "Interview 1 saved."
    got = outcomes(stored(data))
    assert [(r.interview, r.kind, r.question) for r in got] == [
        (1, "start", ""), (1, "answer", "unhappy"), (1, "answer", "afraid_to_speak"),
        (1, "answer", "took_from_work"), (1, "answer", "bullied")]
    assert not d.resume_panel.isVisible() and d.start.isEnabled()
    window.close()


def test_closing_an_interrupted_interview_marks_the_rest_abandoned(qtbot, data, settings, fast_spin):
    with Station(DEMO_SURVEY, data) as station:
        station.start({"department": "office"}, interviewer="t1")
    window = open_window(qtbot, data, settings)
    assert re.match(r"Interview 1 stopped (today|yesterday) at about .* before its first question\.",
                    window.dashboard.resume_text.text())
    click(qtbot, window.dashboard.close_it)
    qtbot.waitUntil(lambda: window.confirmation is not None and window.confirmation.isVisible())
    yes = next(b for b in window.confirmation.buttons()
               if window.confirmation.buttonRole(b) == QMessageBox.ButtonRole.AcceptRole)
    click(qtbot, yes)  # it cannot be undone: the window asks first (test_gui_app)
    qtbot.waitUntil(lambda: window.dashboard.resume_panel.isHidden())
    assert [r.kind for r in outcomes(stored(data))] == ["start"] + ["abandoned"] * 4
    assert not window.dashboard.resume_panel.isVisible()
    window.close()


def test_stopping_at_the_hand_over_closes_the_interview(qtbot, window, data):
    click(qtbot, window.dashboard.start)
    direct = wait_for(qtbot, window, "direct")
    click(qtbot, button_named(direct, "Office"))
    click(qtbot, direct.next)
    stop_at_hand_over(qtbot, window)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.dashboard)
    assert window.dashboard.status.text() == "Interview 1 was closed before the end."
    assert [r.kind for r in outcomes(stored(data))] == ["start"] + ["abandoned"] * 4


def test_declining_a_question_asks_to_confirm_on_the_same_screen_and_go_back_undoes_it(qtbot, window, data):
    hand_over(qtbot, window)
    q = next_screen(qtbot, window, "question", None)
    click(qtbot, q.decline)
    assert screen(window) is q and not QApplication.activeModalWidget()  # no dialog box
    assert "Skip this question?" in visible_texts(q)
    assert q.confirm.back.hasFocus()  # Enter on what is focused first does not skip
    assert not q.spin_button.isEnabled()
    key(qtbot, Qt.Key.Key_Return)  # "Go back"
    assert not q.confirm.isVisible() and q.decline.isVisible() and q.spin_button.isEnabled()
    assert [r.kind for r in stored(data)] == ["start"]  # nothing written by asking
    click(qtbot, q.decline)
    key(qtbot, Qt.Key.Key_Escape)  # Escape goes back too
    assert not q.confirm.isVisible() and QApplication.focusWidget() is q.decline
    click(qtbot, q.decline)
    click(qtbot, q.confirm.skip)
    next_screen(qtbot, window, "question", q)
    assert [r.kind for r in outcomes(stored(data))][:2] == ["start", "declined"]


def test_the_skip_buttons_are_large_and_reached_by_tab(qtbot, window):
    hand_over(qtbot, window)
    q = next_screen(qtbot, window, "question", None)
    click(qtbot, q.decline)
    for b in (q.confirm.skip, q.confirm.back):
        assert b.height() >= 48 and b.width() >= 48
    key(qtbot, Qt.Key.Key_Backtab)
    assert QApplication.focusWidget() is q.confirm.skip
    key(qtbot, Qt.Key.Key_Space)
    next_screen(qtbot, window, "question", q)


class _FullDisk(OsOps):
    full = False  # the disk fills up when the test says so

    def fsync(self, fd: int) -> None:
        if self.full:
            raise OSError(28, "No space left on device")
        super().fsync(fd)


def test_a_failed_save_is_said_plainly_and_the_screen_does_not_move_on(qtbot, data, settings, fast_spin):
    disk = _FullDisk()
    window = open_window(qtbot, data, settings, ops=disk)  # the store's own fault-injection seam
    hand_over(qtbot, window)
    q = next_screen(qtbot, window, "question", None)
    with qtbot.waitSignal(window.controller.spun):
        click(qtbot, q.spin_button)
    settle_writes(window)
    disk.full = True  # after the spin's own record: the answer's record fails
    qtbot.waitUntil(lambda: q.answer_buttons[0].isVisible())
    click(qtbot, q.answer_buttons[0])
    qtbot.waitUntil(lambda: q.stop.isVisible())
    assert screen(window) is q
    assert q.status.text() == "The answer could not be saved. Please call the interviewer."  # no path, no OS words
    assert not any(b.isEnabled() for b in q.answer_buttons)
    disk.full = False  # the interviewer frees some space
    click(qtbot, q.stop)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.dashboard)
    qtbot.waitUntil(lambda: window.station is not None)  # the store is opened again
    assert window.dashboard.status.text().startswith("Interview 1 stopped:")
    assert "No space left on device" in window.dashboard.status.text()  # the interviewer is told what happened
    assert window.dashboard.resume_panel.isVisible()  # and can be continued
    window.close()


def test_a_spin_whose_record_cannot_be_written_is_never_shown_and_the_interviewer_may_stop(
        qtbot, data, settings, fast_spin):
    disk = _FullDisk()
    window = open_window(qtbot, data, settings, ops=disk)
    hand_over(qtbot, window)
    q = next_screen(qtbot, window, "question", None)
    disk.full = True  # the spin's own record fails: its outcome is never returned
    click(qtbot, q.spin_button)
    qtbot.waitUntil(lambda: q.stop.isVisible())
    assert q.status.text() == "The spinner could not be used. Please call the interviewer."
    assert not q.wheel.is_aimed() and not q.instruction.isVisible()
    assert not q.spin_button.isEnabled() and not q.decline.isVisible()
    disk.full = False
    click(qtbot, q.stop)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.dashboard)
    qtbot.waitUntil(lambda: window.station is not None)  # the store is opened again
    assert window.dashboard.status.text().startswith("Interview 1 stopped:")
    assert window.dashboard.resume_panel.isVisible()
    window.close()


def test_a_whole_interview_by_keyboard_alone(qtbot, window, data):
    def focused():
        return QApplication.focusWidget()

    window.activateWindow()
    qtbot.waitUntil(lambda: focused() is window.dashboard.start)
    key(qtbot, Qt.Key.Key_Space)
    direct = wait_for(qtbot, window, "direct")
    qtbot.waitUntil(lambda: focused() is not None and focused().text() == "Office")
    key(qtbot, Qt.Key.Key_Tab)  # Tab reaches every answer, in reading order
    key(qtbot, Qt.Key.Key_Tab)
    assert focused().text() == "Warehouse or delivery"
    key(qtbot, Qt.Key.Key_Space)
    for _ in range(8):
        if focused() is direct.next:
            break
        key(qtbot, Qt.Key.Key_Tab)
    assert focused() is direct.next
    key(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: screen(window).objectName() == "handover" and focused() is screen(window).start)
    key(qtbot, Qt.Key.Key_Return)
    language = wait_for(qtbot, window, "language")
    qtbot.waitUntil(lambda: focused() is language)  # the page, not its first button
    key(qtbot, Qt.Key.Key_Return)  # a stray Enter picks nothing
    assert screen(window) is language
    key(qtbot, Qt.Key.Key_Tab)
    assert focused() is language.buttons[0]
    key(qtbot, Qt.Key.Key_Return)  # the first language, English
    explanation = wait_for(qtbot, window, "explanation")
    for page in range(explanation.pages.count()):  # Next, focused and in view, on each page
        qtbot.waitUntil(lambda: explanation.page == page and explanation.settled and focused() is explanation.go)
        key(qtbot, Qt.Key.Key_Return)
    practice = wait_for(qtbot, window, "practice")
    for page in range(len(practice.questions)):  # one practice wheel per wheel kind
        qtbot.waitUntil(lambda: practice.page == page and focused() is practice.spin_button)
        key(qtbot, Qt.Key.Key_Space)
        qtbot.waitUntil(lambda: focused() is practice.go)
        key(qtbot, Qt.Key.Key_Return)
    privacy = wait_for(qtbot, window, "privacy")
    qtbot.waitUntil(lambda: focused() is privacy.go)
    key(qtbot, Qt.Key.Key_Return)
    previous = None
    for keys in ([Qt.Key.Key_Space, Qt.Key.Key_N], [Qt.Key.Key_Y, Qt.Key.Key_Return],
                 [Qt.Key.Key_Space, Qt.Key.Key_Y], [Qt.Key.Key_2, Qt.Key.Key_Return]):
        q = next_screen(qtbot, window, "question", previous)
        key(qtbot, keys[0])
        if q.assisted:
            key(qtbot, keys[1])  # Enter on Spin
            qtbot.waitUntil(lambda: focused() is q.next)
            key(qtbot, Qt.Key.Key_Return)
        else:
            qtbot.waitUntil(lambda: q.answer_buttons[0].isVisible())
            key(qtbot, keys[1])
        previous = q
    thanks = wait_for(qtbot, window, "thanks")
    qtbot.waitUntil(lambda: focused() is thanks)
    key(qtbot, Qt.Key.Key_Return)  # the respondent's stray Enter does not end it
    assert screen(window) is thanks
    key(qtbot, Qt.Key.Key_Tab)
    assert focused() is thanks.back
    key(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.dashboard)
    got = outcomes(stored(data))
    assert got[0].direct == {"department": "warehouse"}
    assert [(r.question, r.kind) for r in got[1:]] == [(q.id, "answer") for q in DEMO_SURVEY.randomized]
    assert got[1].answer == "no" and got[3].answer == "yes"  # what was pressed, instructed mode
