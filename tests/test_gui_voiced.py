"""The app's own words voiced by the survey (issue 29, deliver 2: "the app's words the survey
chooses to voice"): ``[wording_audio.LANG]`` names a sound per respondent text, listed in
``[media]`` so the signature covers it; each screen shows a speaker beside a voiced text — the
explanation, the practice, the privacy screen, a question's hint, what the wheel chose or asks,
the reminder under a forced answer, YES and NO, the skip confirmation and the cover, consent and
the last screens — that plays only when tapped, and follows texts that change. A language without
sounds shows no speaker; a wrong table is one located line; ``check`` plays every sound.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from rrdesk.core import survey as surveys
from rrdesk.core.errors import SurveyError
from rrdesk.core.wording import ENGLISH, NAMES, VOICED, needed, words_for
from tests.test_gui_audio import _tone
from tests.test_gui_support import answer_question, click, finish, hand_over, next_screen, open_window, stored

DEMO = Path(__file__).resolve().parents[1] / "resources" / "surveys" / "demo.toml"

CONSENT = """
[consent]
text.en = "Do you agree to take part?"
text.fr = "Acceptez-vous d'y participer ?"
"""


def _voiced_survey(folder: Path, names=None, *, lang: str = "en", table: str | None = None) -> Path:
    """The demo survey (forced, Warner, unrelated and k-ary wheels, both answer modes) with a
    consent screen and, in ``lang``, a distinct sound for each of ``names`` (every voiced text it
    shows by default), each listed in ``[media]``."""
    base = DEMO.read_text(encoding="utf-8") + CONSENT
    if names is None:
        names = sorted(VOICED & set(needed(surveys.loads(base + "\n", folder / "probe.toml", complete=False))))
    files = {f"{name}-{lang}.wav": _tone(0.05 + 0.001 * i) for i, name in enumerate(names)}
    for file, data in files.items():
        (folder / file).write_bytes(data)
    body = table if table is not None else f"[wording_audio.{lang}]\n" + "".join(
        f'{name} = "{name}-{lang}.wav"\n' for name in names)
    listed = "".join(f'"{f}" = "sha256:{hashlib.sha256(d).hexdigest()}"\n' for f, d in files.items())
    path = folder / "voiced.toml"
    path.write_text(f"{base}\n{body}\n[media]\n{listed}", encoding="utf-8")
    return path


def _heard(screen) -> set[str]:
    """The names of the texts whose speakers are on ``screen`` now (shown ones, by their file)."""
    from rrdesk.gui.audio import Speaker

    return {sp.path.name.rsplit("-", 1)[0] for sp in screen.findChildren(Speaker)
            if sp.path is not None and not sp.isHidden()}


def test_the_survey_names_a_sound_per_text_and_words_carry_it(tmp_path):
    path = _voiced_survey(tmp_path, ["do_truth", "yes"])
    s = surveys.load(path)
    assert dict(s.wording_audio["en"]) == {"do_truth": "do_truth-en.wav", "yes": "yes-en.wav"}
    en, fr = words_for(s, "en"), words_for(s, "fr")
    assert en.sound("do_truth") == tmp_path / "do_truth-en.wav" and en.voiced
    assert fr.sound("do_truth") is None and not fr.voiced
    assert "listen" in needed(s)  # a speaker needs its spoken name in every language


def test_changing_a_voiced_text_changes_the_version_content(tmp_path):
    a = surveys.load(_voiced_survey(tmp_path, ["do_truth", "yes"]))
    b = surveys.load(_voiced_survey(tmp_path, ["do_truth", "no"]))
    assert a.content != b.content  # a laptop refuses the change under the same version


@pytest.mark.parametrize("table, message", [
    ('[wording_audio.en]\nspinn = "x-en.wav"', '"spinn" is not a respondent text'),
    ('[wording_audio.en]\ndo_tap_choice = "x-en.wav"', "do_tap_choice cannot have a sound: its words change"),
    ('[wording_audio.en]\nwheel_name = "x-en.wav"', "wheel_name cannot have a sound: no respondent's screen shows it"),
    ('[wording_audio.en]\ndo_truth = "elsewhere.wav"', 'do_truth: "elsewhere.wav" is not listed in [media]'),
    ('[wording_audio.de]\ndo_truth = "x-en.wav"', '"de" is not one of the survey\'s languages (en, fr)'),
    ('[wording_audio]\nen = 3', "wording_audio.en must be a table of sounds by text name"),
])
def test_a_wrong_wording_audio_is_one_located_line(tmp_path, table, message):
    path = _voiced_survey(tmp_path, ["x"], table=table)
    with pytest.raises(SurveyError) as e:
        surveys.load(path)
    assert message in str(e.value) and "[wording_audio" in str(e.value) and "\n" not in str(e.value)


def test_a_picture_cannot_voice_a_text(tmp_path):
    from tests.test_survey_media import _png

    path = _voiced_survey(tmp_path, ["do_truth"])
    (tmp_path / "do_truth-en.png").write_bytes(png := _png((1, 2, 3)))
    text = path.read_text(encoding="utf-8").replace('do_truth = "do_truth-en.wav"', 'do_truth = "do_truth-en.png"')
    text += f'"do_truth-en.png" = "sha256:{hashlib.sha256(png).hexdigest()}"\n'
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SurveyError) as e:
        surveys.load(path)
    assert 'do_truth: "do_truth-en.png" is not a sound' in str(e.value)


def test_voiced_names_are_shown_texts_without_placeholders():
    assert VOICED <= set(NAMES)
    assert not [name for name in VOICED if "{" in ENGLISH[name]]


def test_check_plays_the_voiced_texts_and_a_changed_one_fails(tmp_path):
    from rrdesk.app.check import check

    path = _voiced_survey(tmp_path, ["do_truth", "yes", "no"])
    _, report = check(path)
    assert report["sounds"] == {"files": 3, "played": True}
    (tmp_path / "yes-en.wav").write_bytes(_tone(0.2))
    with pytest.raises(SurveyError) as e:
        check(path)
    assert 'media "yes-en.wav": changed since the survey listed it' in str(e.value)


def _question_names(qtbot, s, words, kept: list) -> set[str]:
    """Every voiced text heard on the survey's question screens, driven through each state and
    each sector the wheel may stop on."""
    from rrdesk.gui.question import QuestionScreen
    from rrdesk.gui.states import QuestionState, QuestionView

    heard: set[str] = set()
    for q in s.randomized:
        for n, sector in enumerate(q.design.sectors):
            screen = QuestionScreen(q, words, number=1, total=1, reduced_motion=False,
                                    media=surveys.media_folder(s))
            qtbot.addWidget(screen)
            kept.append(screen)  # why: until the test ends (tests/conftest.py collects them then, safely)
            heard |= _heard(screen) | _heard(screen.cover)
            screen.confirm.show()
            heard |= _heard(screen)
            screen.confirm.hide()
            if screen.assisted:
                screen.show_state(QuestionView(QuestionState.TRUTH_PICKED, truth=1))
                heard |= _heard(screen)
            screen.show_state(QuestionView(QuestionState.SPINNING))
            heard |= _heard(screen)
            screen.show_state(QuestionView(QuestionState.SHOWN, instruction=sector.instruction))
            heard |= _heard(screen)
            screen.show_state(QuestionView(QuestionState.SAVED, instruction=sector.instruction))
            heard |= _heard(screen)
            if n % 2:  # the wheel aimed: the answer was not saved; else the spinner itself failed
                screen.show_state(QuestionView(QuestionState.SPINNING, position=0.3))
            screen.show_state(QuestionView(QuestionState.FAILED, instruction=sector.instruction))
            heard |= _heard(screen)
    return heard


def test_every_voiced_text_the_survey_shows_has_its_speaker(qtbot, tmp_path):
    from rrdesk.gui.consent import ConsentScreen, RefusedScreen
    from rrdesk.gui.explain import one_per_kind
    from rrdesk.gui.practice import PracticeScreen
    from rrdesk.gui.screens import ExplanationScreen, PrivacyScreen, ThanksScreen

    path = _voiced_survey(tmp_path)
    s = surveys.load(path)
    wanted = VOICED & set(needed(s))
    heard: dict[str, set[str]] = {}
    kept: list = []
    for lang in ("en", "fr"):
        words = words_for(s, lang)
        screens = [ExplanationScreen(one_per_kind(s), words, True), PrivacyScreen(words), ThanksScreen(words),
                   ConsentScreen("Agree?", words), RefusedScreen(words)]
        practice = PracticeScreen(one_per_kind(s), words, reduced_motion=False, source=lambda n: bytes(n))
        for screen in (*screens, practice):
            qtbot.addWidget(screen)
        found = set().union(*(_heard(screen) for screen in screens), _heard(practice))
        heard[lang] = found | _question_names(qtbot, s, words, kept)
    assert heard["fr"] == set()  # no sound in French: no speaker anywhere
    assert wanted - heard["en"] == set()
    assert heard["en"] - wanted == set()


def test_a_speaker_follows_the_outcome_and_plays_only_when_tapped(qtbot, tmp_path):
    from rrdesk.gui.audio import Speaker
    from rrdesk.gui.question import QuestionScreen
    from rrdesk.gui.states import QuestionState, QuestionView

    s = surveys.load(_voiced_survey(tmp_path))
    q = s.question("unhappy")  # forced, instructed: truth, YES, NO
    words = words_for(s, "en")
    screen = QuestionScreen(q, words, number=1, total=1, reduced_motion=False, media=surveys.media_folder(s))
    qtbot.addWidget(screen)
    screen.show()
    assert _heard(screen) >= {"first_spin", "yes", "no"} - {"yes", "no"}  # YES/NO show after the spin
    assert screen.outcome_speaker is not None and screen.outcome_speaker.isHidden()
    for sector in q.design.sectors:
        screen.show_state(QuestionView(QuestionState.SHOWN, instruction=sector.instruction))
        speaker = screen.outcome_speaker
        name = speaker.path.name.rsplit("-", 1)[0]
        assert name in ("do_truth", "do_tap_yes", "do_tap_no") and speaker.isVisible()
        assert speaker.accessibleName() == f"Listen: {screen.instruction.text()}"  # what is heard, as shown
        assert speaker.player is None or not speaker.isChecked()  # never by itself
        screen._announced = False
    click(qtbot, screen.outcome_speaker)
    qtbot.waitUntil(lambda: screen.outcome_speaker.isChecked(), timeout=5000)
    screen.call_interviewer()  # covering the question stops every sound
    assert not any(sp.isChecked() for sp in screen.findChildren(Speaker))
    answers = {b.property("answer"): screen.answer_speakers.get(b) for b in screen.answer_buttons}
    assert {i: sp.path.name for i, sp in answers.items()} == {1: "yes-en.wav", 0: "no-en.wav"}
    assert all(sp.width() >= 48 and sp.height() >= 48 for sp in screen.findChildren(Speaker))


def test_the_practice_result_is_voiced_by_the_sector_it_names(qtbot, tmp_path):
    from rrdesk.gui.explain import one_per_kind
    from rrdesk.gui.practice import PracticeScreen

    s = surveys.load(_voiced_survey(tmp_path))
    practice = PracticeScreen(one_per_kind(s), words_for(s, "en"), reduced_motion=True, source=lambda n: bytes(n))
    qtbot.addWidget(practice)
    practice.show()
    assert practice.result_speaker is not None and practice.result_speaker.isHidden()
    click(qtbot, practice.spin_button)
    qtbot.waitUntil(lambda: practice.result.isVisible(), timeout=10000)
    speaker = practice.result_speaker
    assert speaker.isVisible() and speaker.path.name.startswith("sector_")
    assert speaker.accessibleName().startswith("Listen: ") and speaker.accessibleName()[8:] in practice.result.text()


def test_a_voiced_survey_walks_end_to_end(qtbot, tmp_path, settings, fast_spin):
    from rrdesk.gui.audio import Speaker

    data = tmp_path / "data"
    folder = tmp_path / "survey"
    folder.mkdir()
    window = open_window(qtbot, data, settings, survey=_voiced_survey(folder))
    hand_over(qtbot, window)  # consent, explanation, practice and privacy, each with its speakers
    previous = None
    for _ in window.survey.randomized:
        question = next_screen(qtbot, window, "question", previous)
        speakers = [sp for sp in question.findChildren(Speaker) if not sp.isHidden()]
        assert speakers and all(sp.player is None for sp in speakers)  # shown, silent until tapped
        previous, _, _ = answer_question(qtbot, window, previous)
    finish(qtbot, window)
    assert sum(r.kind == "answer" for r in stored(data)) == len(window.survey.randomized)


def test_the_voiced_texts_go_through_an_xlsform_and_back(tmp_path, capsys):
    import openpyxl

    from rrdesk.cli import main
    from tests.test_xlsform_odk import _xform

    source = tmp_path / "survey"
    source.mkdir()
    original = surveys.load(_voiced_survey(source, ["do_truth", "yes", "no"]))
    form = tmp_path / "form" / "voiced.xlsx"
    form.parent.mkdir()
    assert main(["export-xlsform", str(original.path), "-o", str(form)]) == 0, capsys.readouterr().err
    rows = [[c.value for c in row] for row in openpyxl.load_workbook(form)["wording"].iter_rows()]
    assert rows[0][0] == "name" and "media::audio::English (en)" in rows[0]
    column = rows[0].index("media::audio::English (en)")
    assert {row[0]: row[column] for row in rows[1:]} == {"do_truth": "do_truth-en.wav", "yes": "yes-en.wav",
                                                         "no": "no-en.wav"}
    assert (form.parent / "yes-en.wav").is_file()  # the sounds travel beside the form
    _xform(form)  # ODK's converter takes the form (its sheet 'wording' is rrdesk's own)
    out = tmp_path / "back" / "voiced.toml"
    out.parent.mkdir()
    assert main(["import-xlsform", str(form), "-o", str(out)]) == 0, capsys.readouterr().err
    back = surveys.load(out)
    surveys.verify_media(back)
    assert back.wording_audio == original.wording_audio and dict(back.media) == dict(original.media)


def test_a_wording_sheet_sound_column_with_a_picture_or_an_unknown_text_is_refused(tmp_path, capsys):
    from rrdesk.cli import main
    from tests.test_xlsform_odk import GROUP_CHOICES, GROUP_SETTINGS, _write

    (tmp_path / "a.wav").write_bytes(_tone(0.05))
    survey = [["type", "name", "label::en", "label::fr", "design", "epsilon"],
              ["select_one yes_no", "a", "A?", "A ?", "forced", 1]]
    wording = [["name", "media::audio::en"], ["do_truth", "a.wav"], ["spin_result", "a.wav"]]
    form = _write(tmp_path / "w.xlsx", {"survey": survey, "choices": GROUP_CHOICES, "settings": GROUP_SETTINGS,
                                        "wording": wording})
    assert main(["import-xlsform", str(form), "-o", str(tmp_path / "w.toml")]) == 2
    err = capsys.readouterr().err
    assert '"spin_result" is not a respondent text' in err and "sheet 'wording'" in err, err
    wording[0][1] = "media::image::en"
    form = _write(tmp_path / "p.xlsx", {"survey": survey, "choices": GROUP_CHOICES, "settings": GROUP_SETTINGS,
                                        "wording": wording})
    assert main(["import-xlsform", str(form), "-o", str(tmp_path / "p.toml")]) == 2
    assert "the wording sheet takes name, label::LANG and media::audio::LANG" in capsys.readouterr().err


def test_the_survey_format_lists_exactly_the_texts_a_survey_may_voice():
    import re

    doc = (Path(__file__).resolve().parents[1] / "docs" / "survey-format.md").read_text(encoding="utf-8")
    row = next(line for line in doc.splitlines() if line.startswith("| names | the texts a screen shows as words"))
    listed = set(re.findall(r"`([a-z_]+)`", row.split("Not a text")[0]))
    assert listed == VOICED
