"""The randomized question's screen, as a respondent lives it against a real store.

What the screen shows after Spin is tapped -- its texts, which widgets show and where, its
pixels -- depends on the spinner's sector only, never on the true answer: with the same random
bytes, every true answer gives the same screens. The answer buttons wear the marks of the
wheel's sectors; Call the interviewer hides the question; a skip is confirmed on the screen.
"""
from __future__ import annotations

import re
import struct
import subprocess
import sys
import threading

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QWidget

from rrdesk.core.design import YES, Act
from rrdesk.gui import marks, wording
from rrdesk.gui.question import QuestionScreen
from rrdesk.gui.spinner.style import answer_style, contrast, ink_for, style
from rrdesk.gui.states import QuestionState
from tests.conftest import ROOT, SeededSource
from tests.fitcheck import problems
from tests.test_gui_fit import inside, offscreen_env
from tests.test_gui_support import (
    DEMO,
    answer_question,
    click,
    finish,
    hand_over,
    key,
    next_screen,
    open_window,
    recorded_answer,
    stored,
    visible_texts,
)

INTERVIEWS = 3  # why: with SEED, nine assisted spins bring up every sector of the forced and Warner wheels
SEED = 21  # why: one whose spins show a forced YES, a forced NO and both of Warner's statements (checked below)


def _assisted_demo(tmp_path):
    """The demo with every question it allows assisted (forced, Warner and k-ary; the unrelated
    question stays instructed)."""
    text = DEMO.read_text(encoding="utf-8").replace('answer_mode = "instructed"', 'answer_mode = "assisted"')
    text = text.replace('unrelated_prevalence = 0.25\nanswer_mode = "assisted"',
                        'unrelated_prevalence = 0.25\nanswer_mode = "instructed"')
    path = tmp_path / "assisted.toml"
    path.write_text(text.replace('id = "workplace-demo"', 'id = "workplace-assisted"'), encoding="utf-8")
    return path


class Counting:
    """A byte source that says how many bytes each call asked for."""

    def __init__(self, source) -> None:
        self.source, self.requests = source, []

    def __call__(self, n: int) -> bytes:
        self.requests.append(n)
        return self.source(n)


def _settle(root: QWidget) -> None:
    """Lay out now what changed (Qt would at the next turn of the event loop)."""
    for w in [root, *root.findChildren(QWidget)]:
        if w.layout() is not None:
            w.layout().activate()


def _seen(q: QuestionScreen, pixels: bool) -> tuple:
    """Everything the screen shows: texts, which widgets show and where, and its pixels."""
    _settle(q)
    widgets = tuple((type(w).__name__, w.objectName(), w.isVisible(), w.geometry().getRect() if w.isVisible()
                     else None) for w in q.findChildren(QWidget))
    image = q.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32) if pixels else None
    return tuple(visible_texts(q)), widgets, None if image is None else bytes(image.constBits())


def _walk(qtbot, tmp_path, settings, name: str, truth_of, *, reduced: bool):
    """INTERVIEWS interviews with ``truth_of(question)`` as every assisted true answer; returns
    what each assisted screen showed after the tap (state name -> what was seen, per question),
    the recorded answers, and the byte requests."""
    window = open_window(qtbot, tmp_path / name, settings, survey=_assisted_demo(tmp_path))
    window.prefs.reduced_motion = reduced
    source = Counting(SeededSource(SEED))
    window.station.source = source  # the spinner's bytes: the same in every walk
    screens, answers, sectors = [], [], set()

    def seen(view) -> None:
        q = window.flow.screen
        if isinstance(q, QuestionScreen) and q.assisted and view.state not in (
                QuestionState.READY, QuestionState.TRUTH_PICKED):
            key = view.state.name + ("" if view.position is None else "+position")
            shown = screens[-1]
            shown.setdefault(key, _seen(q, pixels=reduced))
            if view.state is QuestionState.SAVED:  # Next: the wheel stopped and the answer is durable
                assert not q.wheel.is_spinning() and q.next.isVisible()
                answers.append(recorded_answer(window, q.question.id))
                sectors.add((q.question.id, q.instruction.text()))

    window.controller.questionChanged.connect(seen)  # after the screen's own slot: what it shows then
    try:
        for _ in range(INTERVIEWS):
            hand_over(qtbot, window)
            previous = None
            for _ in range(4):
                q = next_screen(qtbot, window, "question", previous)
                if not q.assisted:
                    previous, _, _ = answer_question(qtbot, window, previous)
                    continue
                screens.append({})
                truth = truth_of(q.question)
                click(qtbot, next(b for b in q.truth_buttons if b.property("answer") == truth))
                click(qtbot, q.spin_button)
                qtbot.waitUntil(lambda: q.next.isVisible())
                click(qtbot, q.next)
                previous = q
            finish(qtbot, window)
    finally:
        window.close()
    return screens, answers, source.requests, sectors


@pytest.mark.parametrize("reduced", [True, False], ids=["still wheel", "turning wheel"])
def test_what_an_assisted_screen_shows_after_the_tap_does_not_depend_on_the_true_answer(
        qtbot, tmp_path, settings, fast_spin, reduced):
    walks = [_walk(qtbot, tmp_path, settings, f"truth{t}", lambda q, t=t: t % q.design.categories, reduced=reduced)
             for t in range(3)]  # YES/NO questions: 0, 1, 0; the three-answer one: 0, 1, 2
    (first, answers, requests, sectors), others = walks[0], walks[1:]
    assert len(first) == 3 * INTERVIEWS
    assert {("unhappy", "✓\u00a0Say YES"), ("unhappy", "✗\u00a0Say NO"), ("unhappy", "Answer truthfully"),
            ("afraid_to_speak", "Answer the statement"), ("afraid_to_speak", "Answer the opposite statement"),
            ("bullied", "Answer truthfully")} <= sectors  # the walks saw every kind of sector
    for screens, other_answers, other_requests, _ in others:
        assert other_requests == requests  # the randomizer drew the same bytes whatever the truth
        assert other_answers != answers  # Warner's recorded answer always follows the truth
        for mine, theirs in zip(first, screens, strict=True):
            for state in ("SPINNING", "SPINNING+position", "SAVED"):
                assert state in mine and state in theirs
            for state in mine.keys() & theirs.keys():  # SAVING or RECORDED: as the disk was quick or not
                texts, widgets, pixels = mine[state]
                assert theirs[state][0] == texts, state
                assert theirs[state][1] == widgets, state
                assert theirs[state][2] == pixels, state  # the same pixels (None: the wheel is turning)


def test_the_true_answer_is_cleared_at_the_tap_before_the_outcome_comes(qtbot, window, data):
    hand_over(qtbot, window)
    answer_question(qtbot, window, None)
    q = next_screen(qtbot, window, "question", window.flow.screen)
    assert q.assisted
    gate = threading.Event()
    interview = window.controller.interview
    real_spin = interview.spin
    interview.spin = lambda *a, **k: gate.wait(10) and real_spin(*a, **k)  # the store is slow to answer
    click(qtbot, q.truth_buttons[0])
    click(qtbot, q.spin_button)
    assert not any(b.isChecked() or b.isVisible() for b in q.truth_buttons)  # at the tap, not at the outcome
    assert not q.spin_button.isEnabled() and not q.decline.isVisible()
    assert QApplication.focusWidget() is q  # no button took the focus Spin had: Enter does nothing
    assert "The spinner is turning…" in visible_texts(q)
    assert not q.wheel.is_aimed()  # the outcome has not come yet
    gate.set()
    qtbot.waitUntil(lambda: q.next.isVisible())
    texts = visible_texts(q)
    assert not [t for t in texts if "YES" in t or "NO" in t.split()]  # never the saved answer
    assert any(t.startswith("Your answer is saved.") for t in texts)
    interview.spin = real_spin


def _steer(design, act: Act, value: int = 0):
    """A byte source whose first word falls at the start of the sector saying ``act`` / ``value``."""
    index = next(i for i, s in enumerate(design.sectors) if s.instruction.act is act
                 and (act is not Act.SAY or s.instruction.value == value))
    start = sum(s.weight for s in design.sectors[:index])
    return lambda n: struct.pack("<I", start) + bytes(n - 4)


def test_a_forced_yes_says_it_says_nothing_about_the_respondent(qtbot, window):
    hand_over(qtbot, window)
    q = next_screen(qtbot, window, "question", None)  # instructed, forced response
    window.station.source = _steer(q.question.design, Act.SAY, YES)
    click(qtbot, q.spin_button)
    qtbot.waitUntil(lambda: q.answer_buttons[0].isVisible())
    assert q.instruction.text() == f"{marks.YES_SIGN}\u00a0Tap YES, whatever your true answer is."
    assert q.reminder.isVisible() and q.reminder.text() == "This YES says nothing about you: the spinner chose it."


def test_an_instruction_to_answer_truthfully_has_no_reminder(qtbot, window):
    hand_over(qtbot, window)
    q = next_screen(qtbot, window, "question", None)
    window.station.source = _steer(q.question.design, Act.TRUTH)
    click(qtbot, q.spin_button)
    qtbot.waitUntil(lambda: q.answer_buttons[0].isVisible())
    assert q.instruction.text() == "Answer the question truthfully."
    assert not q.reminder.isVisible()


def test_with_reduced_motion_the_screen_says_the_wheel_will_not_move(qtbot, data, settings, fast_spin):
    window = open_window(qtbot, data, settings)
    window.prefs.reduced_motion = True
    hand_over(qtbot, window)
    q = next_screen(qtbot, window, "question", None)
    click(qtbot, q.spin_button)
    texts = visible_texts(q)
    assert any(t.startswith("The spinner does not move (reduced motion); its result appears in") for t in texts)
    assert "The spinner is turning…" not in texts
    window.close()


# -- reading without reading: marks -------------------------------------------------------------


def test_each_answer_button_wears_the_mark_of_the_sector_that_says_its_answer(
        qtbot, tmp_path, settings, fast_spin):
    window = open_window(qtbot, tmp_path / "data", settings, survey=_assisted_demo(tmp_path))
    hand_over(qtbot, window)
    previous, checked = None, 0
    for _ in range(4):
        q = next_screen(qtbot, window, "question", previous)
        design, buttons = q.question.design, q.truth_buttons or q.answer_buttons
        labels = wording.wheel_labels(q.question, "en")
        for b in buttons:
            mark = marks.of_answer(q.question, b.property("answer"))
            size = QSize(marks.SWATCH, marks.SWATCH)
            assert b.icon().pixmap(size).toImage() == marks.icon(mark).pixmap(size).toImage()
            for i, sector in enumerate(design.sectors):
                if sector.instruction.act is Act.SAY and sector.instruction.value == b.property("answer"):
                    assert style(design, i) == (mark.colour, mark.texture)  # the sector's colour and texture
                    assert labels[i].startswith(mark.sign + "\u00a0")  # and its sign, on the wheel
                    checked += 1
        assert len({marks.sign(q.question, b.property("answer")) for b in buttons}) == len(buttons)
        previous, _, _ = answer_question(qtbot, window, previous)
    assert checked == 2 + 3  # the forced wheel's YES and NO, the k-ary wheel's three answers
    window.close()


@pytest.mark.parametrize("categories, value", [(False, 0), (False, 1), *((True, j) for j in range(8))])
def test_a_sign_reads_on_its_swatch(categories, value):
    colour, _ = answer_style(categories, value)
    assert contrast(ink_for(colour), colour) >= 4.5


def test_the_words_on_an_answer_button_read_checked_or_not(qtbot, window):
    hand_over(qtbot, window)
    answer_question(qtbot, window, None)
    q = next_screen(qtbot, window, "question", window.flow.screen)
    for checked in (False, True):
        if checked:
            click(qtbot, q.truth_buttons[1])
            q.setFocus()  # the focus ring is not the text
        for b in q.truth_buttons:
            image = b.grab().toImage()
            dpr = image.devicePixelRatio()
            left = round((marks.SWATCH + 30) * dpr)  # past the swatch: the words and their background
            pixels = [image.pixelColor(x, y) for x in range(left, image.width() - round(8 * dpr))
                      for y in range(round(8 * dpr), image.height() - round(8 * dpr))]
            names = [p.name() for p in pixels]
            background = QColor(max(set(names), key=names.count))
            ink = max(pixels, key=lambda p: contrast(p, background))
            assert contrast(ink, background) >= 4.5, (b.text(), checked, background.name(), ink.name())


# -- Call the interviewer ---------------------------------------------------------------------


def test_calling_the_interviewer_hides_the_question_and_changes_nothing(qtbot, window, data):
    hand_over(qtbot, window)
    q = next_screen(qtbot, window, "question", None)
    assert q.call.isVisible() and q.call.height() >= 48
    secret = [q.question.text_in("en"), q.question.unrelated_in("en") if q.question.kind == "unrelated" else ""]
    with qtbot.waitSignal(window.controller.spun):
        click(qtbot, q.spin_button)
    assert q.wheel.is_spinning()
    records = len(stored(data))
    click(qtbot, q.call)
    texts = visible_texts(window)
    assert "The interviewer is coming." in texts and "Back to the question" in texts
    assert not [t for t in texts for s in secret if s and s in t]
    assert not q.wheel.isVisible() and not q.instruction.isVisible()
    assert QApplication.focusWidget() is q.cover.back
    with qtbot.waitSignal(q.wheel.finished, timeout=3000):  # the wheel keeps its time behind the cover
        pass
    assert q.state is QuestionState.SHOWN and not q.instruction.isVisible()
    assert not [b for b in q.answer_buttons if b.isVisible()]
    key(qtbot, Qt.Key.Key_Y)  # to the focused "Back" button: no answer
    assert len(stored(data)) == records  # nothing answered, nothing written while hidden
    key(qtbot, Qt.Key.Key_Return)  # Back to the question
    assert q.instruction.isVisible() and q.answer_buttons[0].isVisible()
    assert QApplication.focusWidget() is q  # not an answer: Enter must not answer anything
    key(qtbot, Qt.Key.Key_Return)
    assert len(stored(data)) == records and q.state is QuestionState.SHOWN
    key(qtbot, Qt.Key.Key_N)
    next_screen(qtbot, window, "question", q)
    assert [r.answer for r in stored(data) if r.kind == "answer"] == ["no"]


def test_the_call_button_is_there_in_every_state(qtbot, window):
    hand_over(qtbot, window)
    answer_question(qtbot, window, None)
    q = next_screen(qtbot, window, "question", window.flow.screen)  # assisted
    seen = [q.call.isVisible() and q.call.isEnabled()]
    click(qtbot, q.truth_buttons[0])
    seen.append(q.call.isVisible())
    click(qtbot, q.spin_button)
    seen.append(q.call.isVisible())
    qtbot.waitUntil(lambda: q.next.isVisible())
    seen.append(q.call.isVisible() and q.call.isEnabled())
    click(qtbot, q.call)
    assert "Your answer is saved." not in " ".join(visible_texts(window))
    click(qtbot, q.cover.back)
    assert QApplication.focusWidget() is q.next
    assert seen == [True] * 4


# -- the keyboard ------------------------------------------------------------------------------


def test_number_keys_pick_a_category_and_enter_on_a_focused_answer_picks_only_that_one(qtbot, window, data):
    hand_over(qtbot, window)
    previous = None
    for _ in range(3):
        previous, _, _ = answer_question(qtbot, window, previous)
    q = next_screen(qtbot, window, "question", previous)  # bullied: assisted, three answers
    assert q.question.choices and q.assisted
    q.setFocus()
    key(qtbot, Qt.Key.Key_3)
    assert [b.isChecked() for b in q.truth_buttons] == [False, False, True]
    assert QApplication.focusWidget() is q.spin_button
    key(qtbot, Qt.Key.Key_Backtab)  # back to the answers: Enter picks the focused one, nothing more
    assert QApplication.focusWidget() is q.truth_buttons[2]
    key(qtbot, Qt.Key.Key_Return)
    assert q.state is QuestionState.TRUTH_PICKED and not q.wheel.is_aimed()
    assert QApplication.focusWidget() is q.spin_button
    key(qtbot, Qt.Key.Key_Return)  # Spin
    qtbot.waitUntil(lambda: QApplication.focusWidget() is q.next)
    key(qtbot, Qt.Key.Key_Return)
    finish(qtbot, window)


# -- a small window ------------------------------------------------------------------------------


def test_every_state_of_the_question_fits_a_small_screen(tmp_path):
    env = offscreen_env(tmp_path, 683, 384, 1)  # a 1366x768 laptop at 200 %
    done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-p", "no:cacheprovider", "-k",
                           "test_walk_the_question_states", __file__], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=180)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert re.search(r"\b1 passed\b", done.stdout) and "skipped" not in done.stdout, done.stdout[-2000:]


@inside
def test_walk_the_question_states(qtbot, window):
    found = {}

    def check(where: str) -> None:
        for _ in range(3):  # the layouts asked for are done first, as before any paint
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            QCoreApplication.processEvents()
        assert window.size() == window.screen().size()  # the respondent's part is full screen
        found[where] = problems(window)

    hand_over(qtbot, window)
    q = next_screen(qtbot, window, "question", None)
    window.station.source = _steer(q.question.design, Act.SAY, YES)
    check("instructed, ready")
    click(qtbot, q.decline)
    check("skip this question?")
    click(qtbot, q.confirm.back)
    click(qtbot, q.spin_button)
    qtbot.waitUntil(lambda: q.answer_buttons[0].isVisible())
    check("instructed, a forced YES")
    click(qtbot, q.call)
    check("the interviewer is coming")
    click(qtbot, q.cover.back)
    click(qtbot, q.answer_buttons[0])
    q = next_screen(qtbot, window, "question", q)  # assisted, Warner
    click(qtbot, q.truth_buttons[0])
    check("assisted, a true answer picked")
    click(qtbot, q.spin_button)
    qtbot.waitUntil(lambda: q.next.isVisible())
    check("assisted, saved")
    assert {where: lines for where, lines in found.items() if lines} == {}


@pytest.mark.parametrize("lang", ["en", "es", "fr", "pt", "ar"])
def test_the_unrelated_designs_truthful_instruction_quotes_the_question_to_answer(lang):
    """Two questions are on screen: "Answer the question truthfully" would not say which one."""
    from rrdesk.core import survey as surveys
    from rrdesk.core.wording import words_for

    survey = surveys.load(ROOT / "tests" / "surveys" / "spanish.toml")
    q = next(q for q in survey.randomized if q.kind == "unrelated")
    words = words_for(survey, lang)
    truth = next(s.instruction for s in q.design.sectors if s.instruction.act is Act.TRUTH)
    other = next(s.instruction for s in q.design.sectors if s.instruction.act is Act.OTHER)
    said = wording.instruction_text(q, truth, words)
    assert q.text_in(lang) in said and q.unrelated_in(lang) not in said and said != words("do_truth")
    assert q.unrelated_in(lang) in wording.instruction_text(q, other, words)
    if lang == "en":
        assert said == f"Answer truthfully:\n“{q.text_in(lang)}”"


def test_an_arabic_answer_that_starts_with_a_number_reads_right_to_left_on_its_button(qtbot):
    """"10 أيام أو أكثر" ("10 days or more"): on a right-to-left screen the 10 comes first, at the
    right, as on the wheel and in a label. Found by painting it with "00" instead of "10": the
    pixels that change are the first digit's."""
    from rrdesk.gui.widgets import button

    def painted(text: str) -> QImage:
        holder = QWidget()
        holder.setLayoutDirection(Qt.LayoutDirection.RightToLeft)
        b = button(text, "answer", holder)
        b.resize(420, 64)
        qtbot.addWidget(holder)
        return b.grab().toImage()

    one, zero = painted("10 أيام أو أكثر"), painted("00 أيام أو أكثر")
    changed = [x for x in range(one.width()) for y in range(one.height()) if one.pixel(x, y) != zero.pixel(x, y)]
    assert changed, "the first digit was not painted"
    assert min(changed) > one.width() // 2  # the number is on the right: where a right-to-left line starts
