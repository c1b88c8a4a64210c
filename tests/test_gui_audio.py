"""Sound from the survey (issue 29, deliver 2): a speaker beside a question's text plays its
recording when tapped, never by itself, only where the survey has a sound in the respondent's
language; ``rrdesk check`` decodes every sound with Qt's decoder (in a child process) and refuses
one that does not play, and says in one line that it could not try them when Qt Multimedia is not
installed. Qt Multimedia (PySide6-Addons) is in the test extra: these tests run in CI. No sound
card is needed: Qt's player plays to nowhere and stops at the end, as on a laptop with one.
"""
from __future__ import annotations

import math
import struct

import pytest
from PySide6.QtCore import QUrl

from rrdesk.core import survey as surveys
from rrdesk.core.errors import SurveyError
from tests import test_survey_media as media
from tests.test_gui_support import (
    answer_question,
    click,
    finish,
    next_screen,
    open_window,
    respondent_part,
    stored,
    wait_for,
)


def _tone(seconds: float = 0.3, rate: int = 8000) -> bytes:
    """A 440 Hz tone, 8 kHz mono 8-bit PCM WAV."""
    data = bytes(int(128 + 100 * math.sin(2 * math.pi * 440 * i / rate)) for i in range(int(rate * seconds)))
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate, 1, 8)
    return (b"RIFF" + struct.pack("<I", 4 + 8 + len(fmt) + 8 + len(data)) + b"WAVE"
            + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", len(data)) + data)


#: A WAV by its first bytes (so the survey's kind check passes) that no decoder can read.
BROKEN = b"RIFF\x00\x00\x00\x00WAVE" + b"junk" * 200


@pytest.fixture
def two_languages(tmp_path, monkeypatch):
    """tests/test_survey_media.py's survey (pictures in English and French) with the statement's
    sound in both languages: a tone in French, a short silence in English."""
    monkeypatch.setitem(media.FILES, "stmt-fr.wav", _tone())
    return media._survey(tmp_path, extra='audio.fr = "stmt-fr.wav"')


def test_check_plays_every_sound(two_languages):
    from rrdesk.app.check import check

    _, report = check(two_languages)
    assert report["sounds"] == {"files": 2, "played": True}


def test_check_refuses_a_sound_that_does_not_play(tmp_path, monkeypatch):
    from rrdesk.app.check import check

    monkeypatch.setitem(media.FILES, "stmt-en.wav", BROKEN)  # listed with its own SHA-256: only decoding finds it
    path = media._survey(tmp_path)
    with pytest.raises(SurveyError) as e:
        check(path)
    assert str(e.value).startswith(f'{path}: media "stmt-en.wav": does not play: ')


def test_a_survey_without_sound_is_not_decoded(tmp_path, monkeypatch):
    from rrdesk.app.check import check

    monkeypatch.delitem(media.FILES, "stmt-en.wav")
    path = media._survey(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace('audio.en = "stmt-en.wav"\n', ""), encoding="utf-8")
    _, report = check(path)
    assert "sounds" not in report


def test_without_qt_multimedia_check_says_so_in_one_line_and_checks_the_rest(tmp_path, monkeypatch, capsys):
    from rrdesk.cli import main

    blocker = tmp_path / "blocker"
    blocker.mkdir()
    (blocker / "sitecustomize.py").write_text('import sys\nsys.modules["PySide6.QtMultimedia"] = None\n')
    monkeypatch.setenv("PYTHONPATH", f"{blocker}")  # the decoder's child finds no Qt Multimedia
    folder = tmp_path / "survey"
    folder.mkdir()
    path = media._survey(folder)
    assert main(["check", str(path)]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("sounds:")]
    assert lines == ["sounds: 1 file(s), not tried: Qt Multimedia is not installed (pip install 'rrdesk[audio]')"]
    (folder / "neg-en.png").unlink()  # the other media checks are still made
    assert main(["check", str(path)]) == 2
    assert 'media "neg-en.png"' in capsys.readouterr().err


def test_a_changed_sound_fails_the_survey_and_its_signature(two_languages):
    from rrdesk.app.check import check

    (two_languages.parent / "stmt-fr.wav").write_bytes(_tone(0.31))
    with pytest.raises(SurveyError) as e:
        check(two_languages)
    assert "changed since the survey listed it" in str(e.value)


@pytest.mark.parametrize("lang, heard", [("en", "I have taken things from work."),
                                         ("fr", "J'ai pris des choses au travail.")])
def test_the_speaker_plays_the_question_when_tapped_and_never_before(qtbot, two_languages, lang, heard):
    from rrdesk.core.wording import words_for
    from rrdesk.gui.question import QuestionScreen

    s = surveys.load(two_languages)
    screens = {}
    for q in s.randomized:
        screens[q.id] = QuestionScreen(q, words_for(s, lang), number=1, total=2, reduced_motion=True,
                                       media=surveys.media_folder(s))
        qtbot.addWidget(screens[q.id])
    assert screens["sick"].speaker is None  # no sound for it in any language: no speaker
    speaker = screens["stole"].speaker
    assert speaker is not None and speaker.player is None and not speaker.isChecked()  # nothing plays by itself
    assert speaker.accessibleName() == f"{'Listen' if lang == 'en' else 'Écouter'}: {heard}"
    assert speaker.height() >= 48 and speaker.width() >= 48
    screens["stole"].show()
    click(qtbot, speaker)
    assert speaker.player.source() == QUrl.fromLocalFile(str(two_languages.parent / f"stmt-{lang}.wav"))
    qtbot.waitUntil(lambda: speaker.isChecked(), timeout=5000)  # playing
    qtbot.waitUntil(lambda: not speaker.isChecked(), timeout=5000)  # and stopped at its end
    click(qtbot, speaker)  # again, from the start
    qtbot.waitUntil(lambda: speaker.isChecked(), timeout=5000)
    click(qtbot, speaker)  # a tap while it plays stops it
    assert not speaker.isChecked()


def test_a_language_without_the_sound_shows_no_speaker(qtbot, tmp_path):
    from rrdesk.core.wording import words_for
    from rrdesk.gui.question import QuestionScreen

    s = surveys.load(media._survey(tmp_path))  # stmt-en.wav only
    stole = s.question("stole")
    for lang, has in (("en", True), ("fr", False)):
        screen = QuestionScreen(stole, words_for(s, lang), number=1, total=1, reduced_motion=True,
                                media=surveys.media_folder(s))
        qtbot.addWidget(screen)
        assert (screen.speaker is not None) is has


@pytest.mark.parametrize("language", ["English", "Français"])
def test_a_survey_with_sound_and_pictures_in_two_languages_walks_end_to_end(qtbot, tmp_path, settings, fast_spin,
                                                                            two_languages, language):
    data = tmp_path / "data"
    window = open_window(qtbot, data, settings, survey=two_languages)
    click(qtbot, window.dashboard.start)
    wait_for(qtbot, window, "handover")
    respondent_part(qtbot, window, language=language)
    lang = "en" if language == "English" else "fr"
    previous, seen = None, {}
    for _ in window.survey.randomized:
        q = next_screen(qtbot, window, "question", previous)
        seen[q.question.id] = ({p.objectName() for p in q.pictures}, q.speaker is not None)
        if q.speaker is not None:
            click(qtbot, q.speaker)
            qtbot.waitUntil(lambda q=q: q.speaker.isChecked(), timeout=5000)
            click(qtbot, q.call)  # covering the question stops its sound
            assert not q.speaker.isChecked()
            click(qtbot, q.cover.back)
        previous, _, _ = answer_question(qtbot, window, previous)
    finish(qtbot, window)
    pictures = {"en": {"stole": {"picture-image", "picture-negation_image"}, "sick": set()},
                "fr": {"stole": {"picture-image"}, "sick": {"picture-unrelated_image"}}}[lang]
    assert seen == {qid: (pictures[qid], qid == "stole") for qid in ("stole", "sick")}
    records = stored(data, "pictures-2026")
    assert sorted(r.kind for r in records) == ["answer", "answer", "spun", "spun", "start"]  # both recorded


# -- each answer read aloud: choice_audio.LANG, one sound per choice ("" for none) --------------

KARY = """\
[survey]
id = "answers-2026"
title = "Answers aloud"
languages = ["en", "fr"]
recipients = ["{recipient}"]
max_epsilon = 5.0
planned_respondents = 10

[[question]]
id = "bullied"
design = "kary"
epsilon = 1.5
answer_mode = "{mode}"
choices = ["never", "once", "often"]
text.en = "How often were you bullied?"
text.fr = "Combien de fois avez-vous été harcelé ?"
choice_text.en = ["Never", "Once", "Often"]
choice_text.fr = ["Jamais", "Une fois", "Souvent"]
{choice_audio}

[media]
{listed}
"""


def _kary(folder, *, mode: str = "assisted",
          choice_audio: str = 'choice_audio.en = ["never-en.wav", "", "often-en.wav"]\\n'
                              'choice_audio.fr = ["", "once-fr.wav", ""]'):
    import hashlib

    files = {"never-en.wav": _tone(0.1), "often-en.wav": _tone(0.2), "once-fr.wav": _tone(0.15)}
    for name, data in files.items():
        (folder / name).write_bytes(data)
    listed = "\n".join(f'"{n}" = "sha256:{hashlib.sha256(d).hexdigest()}"' for n, d in files.items())
    path = folder / "answers.toml"
    path.write_text(KARY.format(recipient=media.DEMO_RECIPIENT, mode=mode, choice_audio=choice_audio.replace("\\n", "\n"),
                                listed=listed), encoding="utf-8")
    return path


def test_each_answer_may_have_its_sound_per_language(tmp_path):
    from rrdesk.app.check import check

    path = _kary(tmp_path)
    q = surveys.load(path).question("bullied")
    assert [q.media_in(f"choice_audio.{i}", "en") for i in range(3)] == ["never-en.wav", None, "often-en.wav"]
    assert [q.media_in(f"choice_audio.{i}", "fr") for i in range(3)] == [None, "once-fr.wav", None]
    _, report = check(path)
    assert report["sounds"] == {"files": 3, "played": True}


@pytest.mark.parametrize("choice_audio, message", [
    ('choice_audio.en = ["never-en.wav", ""]', 'choice_audio.en must be a list of 3 file names, one per choice'),
    ('choice_audio.en = ["never-en.wav", "", "nowhere.wav"]', '"nowhere.wav" is not listed in [media]'),
    ('choice_audio.de = ["", "", ""]', '"de" is not one of the survey\'s languages (en, fr)'),
])
def test_a_wrong_choice_audio_is_one_located_line(tmp_path, choice_audio, message):
    with pytest.raises(SurveyError) as e:
        surveys.load(_kary(tmp_path, choice_audio=choice_audio))
    assert message in str(e.value) and ": line 19, question 1, key \"choice_audio." in str(e.value)


def test_choice_audio_is_only_for_several_answers(tmp_path):
    path = media._survey(tmp_path, extra='choice_audio.en = ["stmt-en.wav", ""]')
    with pytest.raises(SurveyError) as e:
        surveys.load(path)
    assert "choice_audio is only for design kary" in str(e.value)


@pytest.mark.parametrize("lang, sounded", [("en", {0: "Never", 2: "Often"}), ("fr", {1: "Une fois"})])
def test_an_answer_with_its_sound_has_a_speaker_beside_it(qtbot, tmp_path, lang, sounded):
    from rrdesk.core.wording import words_for
    from rrdesk.gui.question import QuestionScreen
    from rrdesk.gui.states import QuestionState, QuestionView

    s = surveys.load(_kary(tmp_path))
    screen = QuestionScreen(s.question("bullied"), words_for(s, lang), number=1, total=1, reduced_motion=True,
                            media=surveys.media_folder(s))
    qtbot.addWidget(screen)
    screen.show()
    speakers = {b.property("answer"): sp for b, sp in screen.answer_speakers.items()}
    listen = "Listen" if lang == "en" else "Écouter"
    assert {i: sp.accessibleName() for i, sp in speakers.items()} == {i: f"{listen}: {t}" for i, t in sounded.items()}
    assert all(sp.isVisible() and sp.player is None for sp in speakers.values())  # shown, silent until tapped
    first = next(iter(speakers.values()))
    click(qtbot, first)
    qtbot.waitUntil(lambda: first.isChecked(), timeout=5000)
    truth = screen.truth_buttons[0]
    click(qtbot, truth)  # the true answer: its speaker stays, nothing else changes
    screen.show_state(QuestionView(QuestionState.TRUTH_PICKED, truth=0))
    screen.show_state(QuestionView(QuestionState.SPINNING))  # the tap on Spin: the answers go, with their sounds
    assert not any(sp.isVisible() or sp.isChecked() for sp in speakers.values())
    assert not any(b.isVisible() for b in screen.truth_buttons)


def test_an_instructed_answer_shows_its_speaker_only_with_the_answers(qtbot, tmp_path):
    from rrdesk.core.wording import words_for
    from rrdesk.gui.question import QuestionScreen

    s = surveys.load(_kary(tmp_path, mode="instructed"))
    screen = QuestionScreen(s.question("bullied"), words_for(s, "en"), number=1, total=1, reduced_motion=True,
                            media=surveys.media_folder(s))
    qtbot.addWidget(screen)
    screen.show()
    assert len(screen.answer_speakers) == 2
    assert not any(sp.isVisible() for sp in screen.answer_speakers.values())  # before the spin: no answers yet
    for b in screen.answer_buttons:
        screen._show_answer(b, True)  # what the wheel's outcome does (QuestionScreen._show_outcome)
    assert all(sp.isVisible() for sp in screen.answer_speakers.values())


def test_warners_opposite_statement_may_be_read_aloud_too(qtbot, tmp_path):
    from rrdesk.core.wording import words_for
    from rrdesk.gui.question import QuestionScreen

    s = surveys.load(media._survey(tmp_path, extra='negation_audio.en = "stmt-en.wav"'))
    screen = QuestionScreen(s.question("stole"), words_for(s, "en"), number=1, total=2, reduced_motion=True,
                            media=surveys.media_folder(s))
    qtbot.addWidget(screen)
    assert {k: sp.accessibleName() for k, sp in screen.text_speakers.items()} == {
        "audio": "Listen: I have taken things from work.",
        "negation_audio": "Listen: I have never taken things from work."}
    with pytest.raises(SurveyError) as e:
        surveys.load(media._survey(tmp_path, extra='unrelated_audio.en = "stmt-en.wav"'))
    assert "unrelated_audio is only for design unrelated" in str(e.value)


def test_a_sound_check_that_cannot_run_says_why_and_blames_no_file(tmp_path, monkeypatch):
    from rrdesk.app import check as checking

    monkeypatch.setattr(checking, "DECODER", ["-c", "raise SystemExit('no decoder here')"])
    with pytest.raises(SurveyError) as e:
        checking.check(media._survey(tmp_path))
    assert str(e.value).endswith('media: the sound check could not run: no decoder here')


def test_a_decoder_that_dies_on_a_file_is_named(tmp_path, monkeypatch):
    from rrdesk.app import check as checking

    # a child killed by a signal on every file: each file is tried alone, and the first is named
    monkeypatch.setattr(checking, "DECODER", ["-c", "import os, signal; os.kill(os.getpid(), signal.SIGKILL)"])
    monkeypatch.setitem(media.FILES, "stmt-fr.wav", _tone())
    path = media._survey(tmp_path, extra='audio.fr = "stmt-fr.wav"')
    with pytest.raises(SurveyError) as e:
        checking.check(path)
    assert str(e.value).endswith('media "stmt-en.wav": does not play: the sound decoder stopped (status -9) on it')
