"""A respondent reads only their own language: whole interviews in a Spanish-only and an Arabic
survey, every screen's visible words (labels, buttons, the wheel's painted words, what a screen
reader says) compared with rrdesk's English; Arabic lays out right to left; a survey's own
Swahili is shown; the interviewer's dialogs keep the interviewer's language.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

from rrdesk.core import wording
from rrdesk.gui.spinner.widget import SpinnerWidget
from tests.conftest import ROOT
from tests.test_gui_support import (
    button_named,
    click,
    explain,
    next_screen,
    open_window,
    practise,
    wait_for,
)

SURVEYS = ROOT / "tests" / "surveys"
#: Words that are English and in none of the survey languages tested here (not "no": Spanish).
ENGLISH_WORDS = re.compile(r"\b(the|you|your|tap|spin|wheel|answer|question|interviewer|next|yes|please|"
                           r"saved|practice|statement|truthfully|thank|done|stop|call|skip)\b", re.IGNORECASE)


def _english_sources() -> list[str]:
    """Every English text the app can show: the respondent's named texts and every interface
    string of the interviewer's screens (from the translation source file)."""
    sources = list(wording.ENGLISH.values())
    sources += [form for forms in wording.PLURAL.values() for form in forms.values()]
    ts = ET.parse(ROOT / "resources" / "translations" / "rrdesk_fr.ts")
    sources += [m.findtext("source") for m in ts.getroot().iter("message")]
    return sources


def _pattern(source: str) -> re.Pattern[str]:
    parts = re.split(r"\{[a-z_]+\}", source.replace("&", ""))
    return re.compile(".+?".join(re.escape(p) for p in parts), re.DOTALL)


def _words(source: str) -> list[str]:
    """The English words of a source, placeholders left out."""
    return re.findall(r"[A-Za-z]+", re.sub(r"\{[a-z_]+\}", " ", source))


# why only sources with words: "{what}: {count}" says nothing about a language
PATTERNS = [(s, _pattern(s)) for s in _english_sources() if _words(s)]


def english_in(text: str) -> list[str]:
    """The English sources ``text`` is, or holds (a sentence of two words or more)."""
    found = [s for s, p in PATTERNS if p.fullmatch(text) or (len(_words(s)) > 1 and p.search(text))]
    if ENGLISH_WORDS.search(text):
        found.append(f"the English word {ENGLISH_WORDS.search(text)[0]!r}")
    return found


def shown(root: QWidget) -> list[str]:
    """What a respondent sees or hears on ``root``: visible labels and buttons, the words painted
    on a wheel, and the names and descriptions a screen reader speaks."""
    out = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisible():
            continue
        if isinstance(w, (QLabel, QAbstractButton)) and w.text():
            out.append(w.text())
        if isinstance(w, SpinnerWidget):
            out += w.painted_texts()
        out += [t for t in (w.accessibleName(), w.accessibleDescription()) if t]
    return out


#: Words spelt the same in English and in the language (Spanish "NO" is the Spanish word).
SAME_AS_ENGLISH = {"es": {"NO"}}


class Reader:
    """Reads every respondent screen of an interview, and remembers any English."""

    def __init__(self, window, direction: Qt.LayoutDirection, lang: str = "") -> None:
        self.window, self.direction, self.english, self.screens = window, direction, [], 0
        self.same = SAME_AS_ENGLISH.get(lang, set())

    def read(self, where: str, root: QWidget | None = None) -> list[str]:
        root = root or self.window.flow.screen
        assert root.layoutDirection() == self.direction, f"{where}: laid out {root.layoutDirection()}"
        texts = shown(root) + ([self.window.banner.text()] if self.window.banner.isVisible() else [])
        for text in set(texts) - self.same:
            self.english += [f"{where}: {text!r} is {what!r}" for what in english_in(text)]
        self.screens += 1
        return texts


def walk(qtbot, window, reader: Reader, department: str) -> None:
    """A whole interview: every respondent screen read, the question's cover and skip
    confirmation too, every practice wheel spun, every question answered."""
    click(qtbot, window.dashboard.start)
    direct = wait_for(qtbot, window, "direct")
    click(qtbot, button_named(direct, department))
    click(qtbot, direct.next)
    start = wait_for(qtbot, window, "handover").start  # the interviewer's screen; its button is the respondent's
    reader.english += [f"hand-over: {start.text()!r} is {what!r}" for what in english_in(start.text())]
    click(qtbot, start)
    explanation = wait_for(qtbot, window, "explanation")
    for page in range(explanation.pages.count()):  # each page read, Next and Go back too
        qtbot.waitUntil(lambda: explanation.page == page and explanation.settled)
        reader.read(f"explanation {page + 1}", explanation)
        click(qtbot, explanation.go)
    practice = wait_for(qtbot, window, "practice")
    for page in range(len(practice.questions)):
        reader.read(f"practice {page + 1}")
        click(qtbot, practice.spin_button)
        qtbot.waitUntil(lambda: practice.result.isVisible() and practice.spin_button.isEnabled())
        reader.read(f"practice {page + 1}, spun")
        click(qtbot, practice.go)
    reader.read("privacy", wait_for(qtbot, window, "privacy"))
    click(qtbot, window.flow.screen.go)
    q = None
    for number in range(len(window.station.survey.randomized)):
        q = next_screen(qtbot, window, "question", q)
        where = f"question {q.question.id}"
        reader.read(where)
        if number == 0:
            click(qtbot, q.decline)
            reader.read(f"{where}, skip?")
            click(qtbot, q.confirm.back)
            click(qtbot, q.call)
            reader.read(f"{where}, covered")
            click(qtbot, q.cover.back)
        if q.assisted:
            click(qtbot, q.truth_buttons[0])
            reader.read(f"{where}, true answer tapped")
            click(qtbot, q.spin_button)
            qtbot.waitUntil(lambda: q.next.isVisible())
            reader.read(f"{where}, saved")
            click(qtbot, q.next)
        else:
            click(qtbot, q.spin_button)
            qtbot.waitUntil(lambda: q.answer_buttons[0].isVisible())
            reader.read(f"{where}, spun")
            click(qtbot, q.answer_buttons[0])
    reader.read("thanks", wait_for(qtbot, window, "thanks"))


@pytest.mark.parametrize(("name", "lang", "department", "direction"), [
    ("spanish", "es", "Oficina", Qt.LayoutDirection.LeftToRight),
    ("arabic", "ar", "المكتب", Qt.LayoutDirection.RightToLeft),
])
def test_a_whole_interview_shows_no_english_to_the_respondent(qtbot, data, settings, fast_spin, name, lang,
                                                                 department, direction):
    window = open_window(qtbot, data, settings, SURVEYS / f"{name}.toml")
    reader = Reader(window, direction, lang)
    walk(qtbot, window, reader, department)
    assert reader.screens >= 20
    assert reader.english == []
    click(qtbot, window.flow.screen.back)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.dashboard)
    assert window.layoutDirection() == Qt.LayoutDirection.LeftToRight  # the interviewer's again


def test_the_english_detector_catches_english(qtbot):
    assert english_in("Spin") == ["Spin", "the English word 'Spin'"]
    assert english_in("Question ٢ of ٥")
    assert english_in("Pregunta 2 de 5") == []
    assert english_in("Tap NO, whatever your true answer is.")


def test_arabic_numbers_and_wheel_read_right_to_left(qtbot, data, settings, fast_spin):
    window = open_window(qtbot, data, settings, SURVEYS / "arabic.toml")
    click(qtbot, window.dashboard.start)
    direct = wait_for(qtbot, window, "direct")
    assert direct.layoutDirection() == Qt.LayoutDirection.LeftToRight  # the interviewer's screen
    click(qtbot, button_named(direct, "المكتب"))
    click(qtbot, direct.next)
    click(qtbot, wait_for(qtbot, window, "handover").start)
    explanation = wait_for(qtbot, window, "explanation")
    chip = explanation.cards[0].findChildren(QWidget)[0]
    assert chip.layoutDirection() == Qt.LayoutDirection.RightToLeft  # its arrow points to the words, leftwards
    explain(qtbot, window)
    practise(qtbot, window)
    click(qtbot, wait_for(qtbot, window, "privacy").go)
    q = next_screen(qtbot, window, "question", None)
    assert "السؤال ١ من ٤" in shown(q)  # Arabic-Indic digits, the sentence in Arabic order
    assert q.spin_button.text() == "دوّر"
    # the call button and the counter sit at opposite ends, the counter on the right
    counter = next(w for w in q.findChildren(QLabel) if w.text() == "السؤال ١ من ٤")
    assert counter.mapTo(q, counter.rect().topLeft()).x() > q.call.mapTo(q, q.call.rect().topRight()).x()


def test_leaving_is_asked_in_the_words_of_whoever_reads_the_screen(qtbot, data, settings, fast_spin):
    window = open_window(qtbot, data, settings, SURVEYS / "arabic.toml")
    click(qtbot, window.dashboard.start)
    direct = wait_for(qtbot, window, "direct")
    click(qtbot, button_named(direct, "المكتب"))
    click(qtbot, direct.next)
    handover = wait_for(qtbot, window, "handover")
    window.close()  # over the interviewer's hand-over: the interviewer's language
    qtbot.waitUntil(lambda: window.confirmation is not None and window.confirmation.isVisible())
    assert window.confirmation.text() == "Leave the interview?"
    assert window.confirmation.layoutDirection() == Qt.LayoutDirection.LeftToRight
    window.confirmation.reject()
    qtbot.waitUntil(lambda: window.confirmation is None)
    click(qtbot, handover.start)
    wait_for(qtbot, window, "explanation")
    window.close()  # over the respondent's screen: the respondent's language and side
    qtbot.waitUntil(lambda: window.confirmation is not None and window.confirmation.isVisible())
    box = window.confirmation
    assert box.text() == "الخروج من المقابلة؟" and english_in(box.informativeText()) == []
    assert sorted(b.text() for b in box.buttons()) == sorted(["خروج", "البقاء"])
    assert box.layoutDirection() == Qt.LayoutDirection.RightToLeft


def test_a_survey_with_its_own_swahili_shows_it(qtbot, data, settings, fast_spin):
    window = open_window(qtbot, data, settings, SURVEYS / "swahili.toml")
    assert window.station is not None
    reader = Reader(window, Qt.LayoutDirection.LeftToRight)
    click(qtbot, window.dashboard.start)
    click(qtbot, wait_for(qtbot, window, "handover").start)
    assert "Jinsi hii inavyofanya kazi" in reader.read("explanation", wait_for(qtbot, window, "explanation"))
    explain(qtbot, window)
    practise(qtbot, window)
    click(qtbot, wait_for(qtbot, window, "privacy").go)
    next_screen(qtbot, window, "question", None)
    texts = reader.read("question")
    assert "Zungusha" in texts and "Swali 1 kati ya 2" in texts and "Napendelea kutojibu" in texts
    assert reader.english == []


def test_the_gui_refuses_a_survey_language_without_wording(qtbot, data, settings, fast_spin, tmp_path):
    path = tmp_path / "s.toml"
    path.write_text((SURVEYS / "swahili.toml").read_text(encoding="utf-8").split("[wording.sw]")[0],
                    encoding="utf-8")
    window = open_window(qtbot, data, settings)
    assert not window.open_survey(path)  # the demo survey stays open
    assert window.message.informativeText().startswith(
        f'{path}: line 8: language "sw" has no respondent wording')
    assert window.station.survey.id == "workplace-demo"


def test_an_arabic_interview_by_keyboard_alone(qtbot, data, settings, fast_spin):
    """Enter, Space, the first letters of نعم / لا and Arabic-Indic digits answer, as Y/N and 1…k do."""
    from PySide6.QtWidgets import QApplication

    from tests.test_gui_support import key, recorded_answer, stored

    def focused():
        return QApplication.focusWidget()

    def press(k):
        """A key, or a character an Arabic keyboard types (QTest types ASCII only)."""
        if not isinstance(k, str):
            return key(qtbot, k)
        from PySide6.QtCore import QEvent
        from PySide6.QtGui import QKeyEvent

        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(focused(), QKeyEvent(kind, ord(k), Qt.KeyboardModifier.NoModifier, k))

    window = open_window(qtbot, data, settings, SURVEYS / "arabic.toml")
    click(qtbot, window.dashboard.start)
    direct = wait_for(qtbot, window, "direct")
    click(qtbot, button_named(direct, "المكتب"))
    click(qtbot, direct.next)
    qtbot.waitUntil(lambda: window.flow.screen.objectName() == "handover" and focused() is window.flow.screen.start)
    key(qtbot, Qt.Key.Key_Return)
    explanation = wait_for(qtbot, window, "explanation")
    for page in range(explanation.pages.count()):
        qtbot.waitUntil(lambda: explanation.page == page and explanation.settled and focused() is explanation.go)
        key(qtbot, Qt.Key.Key_Return)
    practice = wait_for(qtbot, window, "practice")
    for page in range(len(practice.questions)):
        qtbot.waitUntil(lambda: practice.page == page and focused() is practice.spin_button)
        key(qtbot, Qt.Key.Key_Space)
        qtbot.waitUntil(lambda: focused() is practice.go)
        key(qtbot, Qt.Key.Key_Return)
    privacy = wait_for(qtbot, window, "privacy")
    qtbot.waitUntil(lambda: focused() is privacy.go)
    key(qtbot, Qt.Key.Key_Return)
    previous, answers = None, {}
    for first, then in ((Qt.Key.Key_Space, "ل"), ("ن", Qt.Key.Key_Return), (Qt.Key.Key_Space, "ن"),
                        ("٢", Qt.Key.Key_Return)):
        q = next_screen(qtbot, window, "question", previous)
        press(first)
        if q.assisted:
            qtbot.waitUntil(lambda: focused() is q.spin_button)
            press(then)  # Enter on Spin
            qtbot.waitUntil(lambda: focused() is q.next)
            answers[q.question.id] = recorded_answer(window, q.question.id)
            key(qtbot, Qt.Key.Key_Return)
        else:
            qtbot.waitUntil(lambda: q.answer_buttons[0].isVisible())
            press(then)
        previous = q
    thanks = wait_for(qtbot, window, "thanks")
    qtbot.waitUntil(lambda: focused() is thanks)
    assert set(answers) == {"afraid_to_speak", "bullied"}
    got = {r.question: r.answer for r in stored(data, "amal-ar") if r.kind == "answer"}
    assert (got["unhappy"], got["took_from_work"]) == ("no", "yes")  # لا and نعم, as tapped


def test_a_line_that_starts_with_a_latin_word_stays_right_to_left_on_an_arabic_screen(qtbot):
    """"tests/arabic.toml · اللغات: …" on a right-to-left screen: the paragraph is right to left
    (Qt would take the first letter's direction), and wrapped Arabic lines are not indented."""
    from rrdesk.gui.widgets import label

    holder = QWidget()
    qtbot.addWidget(holder)
    holder.setLayoutDirection(Qt.LayoutDirection.RightToLeft)
    lab = label("tests/arabic.toml · اللغات: العربية", "body", holder)
    assert lab.text() == "tests/arabic.toml · اللغات: العربية"  # the text given, whatever is shown
    assert QLabel.text(lab).startswith('<div dir="rtl">')
    holder.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
    assert QLabel.text(lab).startswith('<div dir="auto">')
    latin = label("Spin", "body", holder)
    assert QLabel.text(latin) == "Spin" and latin.textFormat() == Qt.TextFormat.PlainText
