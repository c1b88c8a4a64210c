"""The respondent's path around the questions, for someone who reads poorly and distrusts the
laptop: a picture per wheel kind, a practice wheel per kind with a tally, "nobody can see
this screen" before the questions, and a confirmed stop at the hand-over."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QLabel

from rrdesk.app.interviews import Station
from rrdesk.core import survey as surveys
from rrdesk.gui import wording
from rrdesk.gui.explain import KindCard, WheelPicture, one_per_kind
from rrdesk.gui.practice import PracticeScreen
from rrdesk.gui.screens import ExplanationScreen
from rrdesk.gui.spinner import path as spin_path
from rrdesk.gui.spinner.style import SKY
from rrdesk.gui.states import Step
from rrdesk.store import log
from tests.conftest import WordSource, tiny_survey
from tests.test_gui_support import (
    DEMO,
    alone,
    button_named,
    click,
    explain,
    key,
    next_screen,
    open_window,
    practise,
    respondent_part,
    stop_at_hand_over,
    stored,
    wait_for,
)

DEMO_SURVEY = surveys.load(DEMO)
DEMO_RECIPIENT = DEMO_SURVEY.recipients[0]


def _to_explanation(qtbot, window, language: str = "English"):
    click(qtbot, window.dashboard.start)
    direct = wait_for(qtbot, window, "direct")
    click(qtbot, button_named(direct, "Office"))
    click(qtbot, direct.next)
    click(qtbot, wait_for(qtbot, window, "handover").start)
    click(qtbot, button_named(wait_for(qtbot, window, "language"), language))
    return wait_for(qtbot, window, "explanation")


def _frames(data: Path, survey_id: str = "workplace-demo") -> int:
    return sum(len(log.scan(p.read_bytes(), str(p)).frames) for p in (data / survey_id).glob("*.rrlog"))


def _words_for(design, sectors: list[int]) -> WordSource:
    """A byte source that makes the practice wheel stop in ``sectors``, one spin each (the
    first word picks the sector, the others -- the other question, the stopping point -- are 0)."""
    starts, total = [], 0
    for s in design.sectors:
        starts.append(total)
        total += s.weight
    words = []
    for i in sectors:
        words += [starts[i]] + [0] * (design.draw_bytes // 4)
    return WordSource(words)


def _practice(qtbot, questions, *, source=None, reduced_motion=False) -> PracticeScreen:
    kwargs = {} if source is None else {"source": source}
    screen = PracticeScreen(questions, "en", reduced_motion=reduced_motion, **kwargs)
    qtbot.addWidget(screen)
    screen.show()
    return screen


def _spin(qtbot, screen: PracticeScreen) -> str:
    click(qtbot, screen.spin_button)
    qtbot.waitUntil(lambda: screen.result.isVisible() and screen.spin_button.isEnabled())
    return screen.result.text()


# -- 1. a picture per wheel kind ----------------------------------------------------------------


def test_the_explanation_shows_one_picture_per_wheel_kind_in_the_order_the_questions_use_them(qtbot, window):
    explanation = _to_explanation(qtbot, window)
    assert [card.kind for card in explanation.cards] == ["forced", "warner", "unrelated", "kary"]
    forced = explanation.cards[0]
    assert forced.says == wording.wheel_labels(DEMO_SURVEY.question("unhappy"), "en")  # the wheel's own words
    assert len(forced.says) == 3
    assert all(len(card.sentences.text().split(". ")) <= 2 for card in explanation.cards)


def test_the_explanation_is_a_page_per_wheel_kind_with_next_focused_and_go_back(qtbot, window):
    explanation = _to_explanation(qtbot, window)
    assert explanation.pages.count() == 1 + len(explanation.cards)  # the three lines, then a page per kind
    qtbot.waitUntil(lambda: QApplication.focusWidget() is explanation.go)  # a visible control, not the page
    assert explanation.go.text() == "Next" and not explanation.back.isVisible()
    assert explanation.dots.accessibleName() == "1 / 5"
    qtbot.waitUntil(lambda: explanation.settled)
    click(qtbot, explanation.go)
    assert explanation.page == 1 and explanation.pages.currentWidget() is explanation.cards[0]
    assert explanation.back.isVisible() and QApplication.focusWidget() is explanation.go
    qtbot.waitUntil(lambda: explanation.settled)
    click(qtbot, explanation.back)
    assert explanation.page == 0
    for page in range(explanation.pages.count() - 1):
        qtbot.waitUntil(lambda: explanation.settled)
        click(qtbot, explanation.go)
    assert explanation.pages.currentWidget() is explanation.cards[-1]
    assert explanation.go.text() == "Try the wheel (practice)"
    assert window.controller.step is Step.EXPLANATION  # still here until that button
    qtbot.waitUntil(lambda: explanation.settled)
    click(qtbot, explanation.go)
    wait_for(qtbot, window, "practice")


def test_enter_pressed_twice_turns_no_page_while_it_settles(qtbot, window, monkeypatch):
    monkeypatch.setattr(ExplanationScreen, "SETTLE_MS", 60_000)  # a page that has just appeared
    explanation = _to_explanation(qtbot, window)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is explanation.go)
    key(qtbot, Qt.Key.Key_Return)
    key(qtbot, Qt.Key.Key_Return)
    click(qtbot, explanation.go)  # a double tap neither
    assert explanation.page == 0 and window.controller.step is Step.EXPLANATION


def test_a_kind_picture_is_painted_in_the_wheels_own_colours(qtbot):
    forced = DEMO_SURVEY.question("unhappy")
    card = KindCard(forced, "en")
    qtbot.addWidget(card)
    picture: WheelPicture = card.picture
    image = picture.grab().toImage()
    # the forced wheel's first half (12 to 6 o'clock, clockwise) is "answer truthfully": plain sky blue
    right_middle = image.pixelColor(round(picture.width() * 0.8), round(picture.height() * 0.58))
    assert right_middle == QColor(SKY)
    assert card.says == [wording.sector_label(forced, s.instruction, "en") for s in forced.design.sectors]


def test_a_survey_with_fewer_kinds_explains_and_practises_only_those(qtbot, tmp_path, settings, fast_spin):
    path = tiny_survey(tmp_path, [DEMO_RECIPIENT])  # forced, then kary
    window = open_window(qtbot, tmp_path / "data", settings, survey=path)
    click(qtbot, window.dashboard.start)
    direct = wait_for(qtbot, window, "direct")
    click(qtbot, button_named(direct, "north"))
    click(qtbot, direct.next)
    click(qtbot, wait_for(qtbot, window, "handover").start)
    explanation = wait_for(qtbot, window, "explanation")  # one language: no language screen
    assert [card.kind for card in explanation.cards] == ["forced", "kary"]
    explain(qtbot, window)
    practice = wait_for(qtbot, window, "practice")
    assert [q.kind for q in practice.questions] == ["forced", "kary"]
    window.close()


def test_one_wheel_per_kind_is_the_first_question_of_that_kind():
    # the demo with its Warner question made a second forced one: three kinds, forced first
    text = DEMO.read_text(encoding="utf-8").replace('design = "warner"\np = 0.75',
                                                    'design = "forced"\nepsilon = 1.0', 1)
    text = "\n".join(line for line in text.splitlines() if not line.startswith("negation."))
    text = text.replace("max_epsilon = 6.0", "max_epsilon = 9.0")
    survey = surveys.loads(text, "two-forced.toml")
    assert [q.kind for q in survey.randomized] == ["forced", "forced", "unrelated", "kary"]
    assert [q.id for q in one_per_kind(survey)] == ["unhappy", "took_from_work", "bullied"]


# -- 2. a practice wheel per kind, with a tally -------------------------------------------------


def test_every_kind_the_survey_uses_gets_its_own_practice_wheel_in_question_order(qtbot, window):
    _to_explanation(qtbot, window)
    explain(qtbot, window)
    practice = wait_for(qtbot, window, "practice")
    wheels = []
    for page in range(len(practice.questions)):
        wheels.append((practice.question.kind, practice.wheel.sector_angles()))
        assert practice.progress.text() == f"Practice wheel {page + 1} of 4"
        assert "PRACTICE" in [lab.text() for lab in practice.findChildren(QLabel) if lab.isVisible()]
        click(qtbot, practice.go)  # going on without spinning is allowed
    expected = [(q.kind, spin_path.sector_angles(q.design)) for q in one_per_kind(DEMO_SURVEY)]
    assert wheels == expected
    assert [kind for kind, _ in wheels] == ["forced", "warner", "unrelated", "kary"]
    wait_for(qtbot, window, "privacy")


def test_the_practice_hints_the_keys_the_questions_take(qtbot, window):
    _to_explanation(qtbot, window, "Français")
    explain(qtbot, window)
    practice = wait_for(qtbot, window, "practice")
    assert practice.keys.isVisible()
    assert practice.keys.text() == wording.words_of("fr")("keys_hint") and "Espace" in practice.keys.text()
    key(qtbot, Qt.Key.Key_Space)  # what it says works: Space spins the practice wheel (Spin has the focus)
    qtbot.waitUntil(lambda: practice.result.isVisible())


def test_the_tally_counts_what_the_wheel_showed(qtbot, fast_spin):
    forced = DEMO_SURVEY.question("unhappy")
    outcomes = [0, 0, 1, 2, 0, 1, 0]  # truth, truth, YES, NO, truth, YES, truth
    source = _words_for(forced.design, outcomes)
    screen = _practice(qtbot, [forced], source=source)
    truth, yes, no = wording.wheel_labels(forced, "en")
    assert screen.tally.text() == f"{truth}: 0\n{yes}: 0\n{no}: 0"
    shown = [_spin(qtbot, screen) for _ in outcomes]
    labels = wording.wheel_labels(forced, "en")
    assert shown == [f"The spinner says: {labels[i]}" for i in outcomes]
    assert screen.tally.text() == f"{truth}: 4\n{yes}: 2\n{no}: 1"
    assert source.requests == [8] * len(outcomes)  # one randomizer.spin per practice spin, nothing more
    assert screen.spin_button.text() == "Spin again"


def test_each_practice_wheel_has_its_own_tally(qtbot, fast_spin):
    forced, unrelated = DEMO_SURVEY.question("unhappy"), DEMO_SURVEY.question("took_from_work")
    words = _words_for(forced.design, [1]).data + _words_for(unrelated.design, [1, 1, 0]).data
    source = WordSource([])
    source.data = words
    screen = _practice(qtbot, [forced, unrelated], source=source)
    truth, yes, no = wording.wheel_labels(forced, "en")
    first, other = wording.wheel_labels(unrelated, "en")
    _spin(qtbot, screen)
    assert screen.tally.text() == f"{truth}: 0\n{yes}: 1\n{no}: 0"
    assert screen.go.text() == "Next wheel"
    click(qtbot, screen.go)
    assert screen.tally.text() == f"{first}: 0\n{other}: 0"
    assert screen.go.text() == "I am ready"
    for _ in range(3):
        _spin(qtbot, screen)
    assert screen.tally.text() == f"{first}: 1\n{other}: 2"
    assert source.requests == [8, 12, 12, 12]  # the unrelated wheel also draws the other answer
    with qtbot.waitSignal(screen.next):
        click(qtbot, screen.go)


def test_a_language_only_the_survey_supplies_gets_its_own_practice_wheel_and_tally(qtbot, fast_spin):
    """Swahili comes from the survey's [wording.sw] alone: the practice wheel, its result and
    its tally use those words, and the tally counts (it once stayed at 0 on English labels)."""
    from rrdesk.core.wording import words_for

    survey = surveys.load(Path(__file__).parent / "surveys" / "swahili.toml")
    words = words_for(survey, "sw")
    forced = survey.question("unhappy")
    outcomes = [0, 1, 2, 0, 0]  # truth, YES, NO, truth, truth
    screen = PracticeScreen([forced], words, reduced_motion=False, source=_words_for(forced.design, outcomes))
    qtbot.addWidget(screen)
    screen.show()
    assert screen.wheel.painted_texts()[:3] == ("Jibu kwa ukweli", "\u2713\u00a0Sema NDIYO", "\u2717\u00a0Sema HAPANA")
    shown = [_spin(qtbot, screen) for _ in outcomes]
    assert shown[1] == "Gurudumu linasema: \u2713\u00a0Sema NDIYO"
    assert screen.tally.text() == "Jibu kwa ukweli: 3\n\u2713\u00a0Sema NDIYO: 1\n\u2717\u00a0Sema HAPANA: 1"


def test_with_reduced_motion_the_practice_says_what_will_happen(qtbot):
    forced = DEMO_SURVEY.question("unhappy")
    still = _practice(qtbot, [forced], reduced_motion=True)
    assert still.wheel.reduced_motion
    seconds = round(spin_path.DURATION_MS / 1000)
    assert seconds == 3  # the spin's fixed duration, 3.2 s
    assert f"The wheel will not move; its result appears after {seconds} seconds." in still.how.text()
    moving = _practice(qtbot, [forced], reduced_motion=False)
    assert "will not move" not in moving.how.text()


def test_no_practice_spin_ever_reaches_the_store(qtbot, window, data):
    _to_explanation(qtbot, window)
    explain(qtbot, window)
    wait_for(qtbot, window, "practice")
    interview = window.controller.interview
    calls = []
    real_spin = interview.spin
    interview.spin = lambda *a, **k: calls.append(a) or real_spin(*a, **k)
    before = _frames(data)
    assert before == 1  # the start record
    tallies = practise(qtbot, window, spins=3)
    assert all(sum(int(part.rsplit(": ", 1)[1]) for part in t.splitlines()) == 3 for t in tallies)
    assert _frames(data) == before and calls == []
    assert [r.kind for r in stored(data)] == ["start"]
    interview.spin = real_spin


# -- 3. nobody can see this screen --------------------------------------------------------------


def test_the_privacy_step_comes_after_the_practice_and_before_the_first_question(qtbot, window, data):
    _to_explanation(qtbot, window)
    explain(qtbot, window)
    practise(qtbot, window)
    privacy = wait_for(qtbot, window, "privacy")
    assert window.controller.step is Step.PRIVACY
    texts = [lab.text() for lab in privacy.findChildren(QLabel)]
    assert "The interviewer steps away now." in texts
    assert "Nobody can see your answers on this screen." in texts
    assert privacy.go.text() == "I am alone, continue" and privacy.go.height() >= 48
    alone(qtbot, window)
    q = next_screen(qtbot, window, "question", privacy)
    assert q.question.id == "unhappy"


def test_the_questions_cannot_be_reached_around_the_privacy_step(qtbot, window):
    _to_explanation(qtbot, window)
    explain(qtbot, window)
    practice = wait_for(qtbot, window, "practice")
    window.controller.next_question()  # even a direct call is refused before "I am alone"
    assert window.controller.step is Step.PRACTICE and window.flow.screen is practice


def test_a_continued_interview_passes_the_privacy_step_before_its_next_question(qtbot, data, settings, fast_spin):
    with Station(DEMO_SURVEY, data) as station:  # a crash after the first answer
        interview = station.start({"department": "sales"}, interviewer="t1")
        interview.spin("unhappy")
        interview.record("unhappy", 0)
    window = open_window(qtbot, data, settings)
    click(qtbot, window.dashboard.resume)
    click(qtbot, wait_for(qtbot, window, "handover").start)
    click(qtbot, button_named(wait_for(qtbot, window, "language"), "English"))
    privacy = wait_for(qtbot, window, "privacy")  # straight there: the explanation was seen at the start
    assert privacy.practice.isVisible() and privacy.practice.text() == "Try the wheel (practice)"
    before = stored(data)
    click(qtbot, privacy.practice)  # offered, not required
    practise(qtbot, window)
    privacy = alone(qtbot, window)
    q = next_screen(qtbot, window, "question", privacy)
    assert q.question.id == "afraid_to_speak"
    assert len(stored(data)) == len(before)  # the practice recorded nothing
    window.close()


# -- 4. stopping at the hand-over is confirmed ----------------------------------------------------


def _closed(data: Path) -> bool:
    """The interview was closed at the hand-over: its start, then every question abandoned
    (with the marker of a question never spun, where the record shape has one)."""
    kinds = [r.kind for r in stored(data)]
    return [k for k in kinds if k != "unspun"] == ["start"] + ["abandoned"] * 4


def _at_hand_over(qtbot, window):
    click(qtbot, window.dashboard.start)
    direct = wait_for(qtbot, window, "direct")
    click(qtbot, button_named(direct, "Office"))
    click(qtbot, direct.next)
    return wait_for(qtbot, window, "handover")


def test_stop_asks_first_and_go_back_leaves_the_interview_open(qtbot, window, data):
    handover = _at_hand_over(qtbot, window)
    assert not handover.confirm.isVisible()
    click(qtbot, handover.stop)
    assert handover.confirm.isVisible() and not handover.stop.isVisible()
    texts = [lab.text() for lab in handover.confirm.findChildren(QLabel)]
    assert "Stop interview 1? The questions not asked are marked not asked." in texts
    for b in (handover.confirm_stop, handover.go_back):
        assert b.width() >= 48 and b.height() >= 48
    assert handover.go_back.hasFocus()  # Enter right away does not stop anything
    click(qtbot, handover.go_back)
    assert not handover.confirm.isVisible() and handover.stop.isVisible()
    assert window.controller.step is Step.HANDOVER
    assert [r.kind for r in stored(data)] == ["start"]
    respondent_part(qtbot, window)  # the interview goes on as before
    next_screen(qtbot, window, "question", None)


def test_the_keyboard_reaches_the_stop_confirmation_and_escape_goes_back(qtbot, window, data):
    handover = _at_hand_over(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(lambda: handover.start.hasFocus())
    key(qtbot, Qt.Key.Key_Tab)
    assert handover.stop.hasFocus()
    key(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: handover.go_back.hasFocus())
    key(qtbot, Qt.Key.Key_Escape)
    assert not handover.confirm.isVisible() and handover.stop.hasFocus()
    key(qtbot, Qt.Key.Key_Return)
    key(qtbot, Qt.Key.Key_Tab)
    assert handover.confirm_stop.hasFocus()
    key(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.dashboard)
    assert window.dashboard.status.text() == "Interview 1 was closed before the end."
    assert _closed(data)


def test_yes_stop_it_closes_the_interview(qtbot, window, data):
    _at_hand_over(qtbot, window)
    stop_at_hand_over(qtbot, window)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.dashboard)
    assert window.dashboard.status.text() == "Interview 1 was closed before the end."
    assert _closed(data)



# -- small screens ------------------------------------------------------------------------------


SMALL = QSize(683, 384)  # why: logical pixels of a 1366x768 laptop at a display scale of 2


def _fit(window) -> list[str]:
    """fitcheck's problems once the layouts have taken the last change in (they are posted)."""
    from tests.fitcheck import problems

    window.showNormal()  # the interview's full screen is the offscreen platform's 800x800 one
    window.resize(SMALL)
    QApplication.sendPostedEvents()
    QApplication.processEvents()
    assert window.size() == SMALL, window.size()
    return problems(window)


def test_every_screen_of_the_path_fits_a_small_window(qtbot, window):
    window.controller.reduced_motion = True  # the longest practice text
    found = {}
    handover = _at_hand_over(qtbot, window)
    found["handover"] = _fit(window)
    click(qtbot, handover.stop)
    found["handover, confirm"] = _fit(window)
    click(qtbot, handover.go_back)
    click(qtbot, handover.start)
    click(qtbot, button_named(wait_for(qtbot, window, "language"), "English"))
    explanation = wait_for(qtbot, window, "explanation")
    for page in range(explanation.pages.count()):  # each page with its Next in view
        qtbot.waitUntil(lambda: explanation.page == page and explanation.settled)
        found[f"explanation {page + 1}"] = _fit(window)
        click(qtbot, explanation.go)
    practice = wait_for(qtbot, window, "practice")
    for page in range(len(practice.questions)):
        _spin(qtbot, practice)
        found[f"practice {page + 1}"] = _fit(window)
        click(qtbot, practice.go)
    wait_for(qtbot, window, "privacy")
    found["privacy"] = _fit(window)
    assert {name: lines for name, lines in found.items() if lines} == {}
