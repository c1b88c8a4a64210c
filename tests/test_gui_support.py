"""Shared helpers for the GUI tests (this module holds no tests of its own; the fixtures
``window``, ``data``, ``settings`` and ``fast_spin`` are in tests/conftest.py).

The app runs on Qt's offscreen platform against real temporary data folders: nothing of
the store is mocked. A test acts as the interviewer and the respondent would, with clicks
and keys, and reads back what was stored with the demo survey's public identity.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from rrdesk.store import age, keys, log, records
from tests.conftest import ROOT, open_window  # noqa: F401 - for the test modules

DEMO_KEY = ROOT / "resources" / "demo-identity.txt"
DEMO = ROOT / "resources" / "surveys" / "demo.toml"


# -- acting as a person ----------------------------------------------------------------------


def click(qtbot, widget: QWidget) -> None:
    assert widget.isVisible(), f"{widget.objectName() or widget} is not visible"
    assert widget.isEnabled(), f"{widget.objectName() or widget} is not enabled"
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())


def screen(window) -> QWidget:
    return window.flow.screen


def wait_for(qtbot, window, name: str, timeout: int = 5000) -> QWidget:
    qtbot.waitUntil(lambda: screen(window) is not None and screen(window).objectName() == name
                    and window.stack.currentWidget() is window.flow, timeout=timeout)
    return screen(window)


def button_named(parent: QWidget, text: str) -> QPushButton:
    found = [b for b in parent.findChildren(QPushButton) if b.text() == text and b.isVisible()]
    assert len(found) == 1, f"{len(found)} visible buttons say {text!r}"
    return found[0]


def key(qtbot, k) -> None:
    """Press a key on whatever has the keyboard focus, as a keyboard would."""
    target = QApplication.focusWidget()
    assert target is not None, "nothing has the keyboard focus"
    qtbot.keyClick(target, k)


def visible_texts(root: QWidget) -> list[str]:
    from PySide6.QtWidgets import QAbstractButton, QLabel
    out = []
    for w in root.findChildren(QWidget):
        if isinstance(w, (QLabel, QAbstractButton)) and w.isVisible() and w.text():
            out.append(w.text())
    return out


class QtTestBot:
    """The few ``qtbot`` calls the walkers make, on QtTest: for a process that is not a pytest
    test (the app killed by tests/test_gui_respin.py, tools/screenshots.py)."""

    def waitUntil(self, condition, timeout: int = 10000) -> None:  # noqa: N802 - qtbot's name
        import time

        from PySide6.QtTest import QTest

        deadline = time.monotonic() + timeout / 1000
        while True:
            result = condition()
            if result is None or result:
                return
            if time.monotonic() > deadline:
                raise TimeoutError("the app did not reach the expected state")
            QTest.qWait(10)

    def mouseClick(self, widget, button=None, pos=None) -> None:  # noqa: N802 - qtbot's name
        from PySide6.QtTest import QTest

        QTest.mouseClick(widget, button or Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)

    def keyClick(self, widget, key) -> None:  # noqa: N802 - qtbot's name
        from PySide6.QtTest import QTest

        QTest.keyClick(widget, key)

    def wait(self, ms: int) -> None:
        from PySide6.QtTest import QTest

        QTest.qWait(ms)


def survey_in_mode(tmp_path: Path, mode: str) -> Path:
    """The demo survey with every question in answer ``mode`` (its own id, so data never mix)."""
    text = DEMO.read_text(encoding="utf-8")
    for old in ('answer_mode = "instructed"', 'answer_mode = "assisted"'):
        text = text.replace(old, f'answer_mode = "{mode}"')
    # the unrelated design is instructed only (its other answer must come from the respondent)
    text = text.replace('unrelated_prevalence = 0.25\nanswer_mode = "assisted"',
                        'unrelated_prevalence = 0.25\nanswer_mode = "instructed"')
    path = tmp_path / f"{mode}.toml"
    path.write_text(text.replace('id = "workplace-demo"', f'id = "workplace-{mode}"'), encoding="utf-8")
    return path


# -- a whole interview, step by step ----------------------------------------------------------


def settle_writes(window) -> None:
    """Return once the station's last record is wholly on disk, its key file's flush included.

    Why: that flush runs on the writer's own thread after the record is acknowledged (FORMAT.md
    §1.8); a test that fills the disk "after the spin's record" waits for it, or the flush, not
    the next record, meets the full disk."""
    window.station.writer.sync()


def next_screen(qtbot, window, name: str, previous: QWidget | None) -> QWidget:
    qtbot.waitUntil(lambda: screen(window) is not None and screen(window) is not previous
                    and screen(window).objectName() == name, timeout=5000)
    return screen(window)


def hand_over(qtbot, window, *, department: str = "Office", language: str = "English"):
    """Interviewer: the direct question, hand over; respondent: language, explanation, practice,
    "I am alone"."""
    click(qtbot, window.dashboard.start)
    direct = wait_for(qtbot, window, "direct")
    click(qtbot, button_named(direct, department))
    click(qtbot, direct.next)
    respondent_part(qtbot, window, language=language)


def respondent_part(qtbot, window, *, language: str = "English", practice: bool = True):
    """From the hand-over to the first question: language, explanation, every practice
    wheel (one spin each; with ``practice=False`` none is spun), and "I am alone, continue"
    (a continued interview: language and "I am alone" only). A survey in one language asks none."""
    handover = wait_for(qtbot, window, "handover")
    click(qtbot, handover.start)
    if len(window.station.survey.languages) > 1:
        choose = wait_for(qtbot, window, "language")
        click(qtbot, button_named(choose, language))
    # a survey with [consent] asks it of a new interview (never of a continued one): Yes; a continued
    # one goes straight to the privacy screen (the practice offered there, not required)
    qtbot.waitUntil(lambda: screen(window) is not None
                    and screen(window).objectName() in ("consent", "explanation", "privacy"), timeout=5000)
    if screen(window).objectName() == "consent":
        click(qtbot, screen(window).yes)
    if screen(window).objectName() != "privacy":
        explain(qtbot, window)
        practise(qtbot, window, spins=1 if practice else 0)
    alone(qtbot, window)


def explain(qtbot, window) -> QWidget:
    """Read the explanation: Next on each of its pages (each once it answers), then the
    practice's button on the last; returns the explanation screen."""
    explanation = wait_for(qtbot, window, "explanation")
    for page in range(explanation.pages.count()):
        qtbot.waitUntil(lambda: explanation.page == page and explanation.settled)
        click(qtbot, explanation.go)
    return explanation


def practise(qtbot, window, spins: int = 1) -> list[str]:
    """Spin every practice wheel ``spins`` times, then go on; returns each wheel's tally."""
    practice = wait_for(qtbot, window, "practice")
    tallies = []
    for page in range(len(practice.questions)):
        assert practice.page == page
        for _ in range(spins):
            click(qtbot, practice.spin_button)
            qtbot.waitUntil(lambda: practice.result.isVisible() and practice.spin_button.isEnabled())
        tallies.append(practice.tally.text())
        click(qtbot, practice.go)
    return tallies


def alone(qtbot, window) -> QWidget:
    """The respondent says nobody else can see the screen."""
    privacy = wait_for(qtbot, window, "privacy")
    click(qtbot, privacy.go)
    return privacy


def stop_at_hand_over(qtbot, window) -> None:
    """The interviewer stops the interview at the hand-over, and confirms."""
    handover = wait_for(qtbot, window, "handover")
    click(qtbot, handover.stop)
    click(qtbot, handover.confirm_stop)


def answer_question(qtbot, window, previous, *, pick: int = 0) -> tuple[QWidget, str, str]:
    """Answer the question on screen; returns (screen, question id, the answer id stored).

    Instructed: spin, then tap answer button ``pick`` (what a respondent taps is what is
    stored). Assisted: tap true answer ``pick``, spin, wait for Next (the screen never shows
    what was saved: the store says it)."""
    q = next_screen(qtbot, window, "question", previous)
    qid = q.question.id
    if q.assisted:
        assert not q.spin_button.isEnabled()  # the true answer comes first
        click(qtbot, q.truth_buttons[pick])
        click(qtbot, q.spin_button)
        qtbot.waitUntil(lambda: q.next.isVisible())
        stored_id = recorded_answer(window, qid)
        click(qtbot, q.next)
    else:
        click(qtbot, q.spin_button)
        qtbot.waitUntil(lambda: q.answer_buttons[0].isVisible())
        button = q.answer_buttons[pick]
        stored_id = _answer_id(q, button.property("answer"))
        click(qtbot, button)
    return q, qid, stored_id


def decline_question(qtbot, window, previous) -> tuple[QWidget, str]:
    """"I prefer not to answer", then "Yes, skip it"; returns (screen, question id)."""
    q = next_screen(qtbot, window, "question", previous)
    click(qtbot, q.decline)
    click(qtbot, q.confirm.skip)
    return q, q.question.id


def recorded_answer(window, question_id: str) -> str:
    """The answer id the store holds for ``question_id`` in the open interview (read back
    with the demo identity, as the coordinator would)."""
    got = [r for r in stored(window.data, window.station.survey.id)
           if r.interview == window.controller.number and r.question == question_id and r.kind == "answer"]
    assert len(got) == 1, f"{len(got)} answers recorded for {question_id}"
    return got[0].answer


def _answer_id(q, index: int) -> str:
    return (q.question.choices or ("no", "yes"))[index]


def finish(qtbot, window) -> str:
    thanks = wait_for(qtbot, window, "thanks")
    click(qtbot, thanks.back)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.dashboard)
    return window.dashboard.status.text()


# -- reading the store back --------------------------------------------------------------------


def stored(data: Path, survey_id: str = "workplace-demo") -> list[records.Record]:
    """Every record of ``survey_id`` in ``data``, decrypted with the public demo identity."""
    identities = keys.load_identities(DEMO_KEY)
    out = []
    for path in sorted((data / survey_id).glob("*.rrlog")):
        scan = log.scan(path.read_bytes(), str(path))
        assert scan.problems == ()
        out += [records.parse(age.decrypt(f.blob, identities)) for f in scan.frames]
    return out


def answer_confirmation(qtbot, window, *, yes: bool) -> None:
    """Tap "yes" (leave, close it) or "no" (stay, keep it) in the window's open confirmation."""
    from PySide6.QtWidgets import QMessageBox

    qtbot.waitUntil(lambda: window.confirmation is not None and window.confirmation.isVisible())
    box = window.confirmation
    role = QMessageBox.ButtonRole.AcceptRole if yes else QMessageBox.ButtonRole.RejectRole
    click(qtbot, next(b for b in box.buttons() if box.buttonRole(b) == role))


def leave_interview(qtbot, window) -> None:
    """The interviewer closes the window during an interview (its ✕) and confirms leaving:
    the interview stays interrupted, the window closes."""
    window.close()
    answer_confirmation(qtbot, window, yes=True)
    qtbot.waitUntil(lambda: not window.isVisible())
