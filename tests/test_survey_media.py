"""Pictures and sound from the survey (ODK's media::image / media::audio), per language: the
``[media]`` table lists each file with its SHA-256, questions name them per language, ``check``
and the app refuse a missing, oversized, mislabelled or changed file, and a question shows its
pictures beside Warner's two statements and the unrelated design's two questions.
"""
from __future__ import annotations

import hashlib
import struct
import zlib
from pathlib import Path

import pytest

from rrdesk.core import survey as surveys
from rrdesk.core.errors import SurveyError

DEMO_RECIPIENT = "age1af476ty2zc0c9qf8a4uqfvp4xxj8zyrdekf7rfz3rqlsxueazsqqwyjxv8"  # any valid X25519 recipient


def _png(colour: tuple[int, int, int], side: int = 8) -> bytes:
    """A small solid PNG, written byte by byte (no image library needed)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + bytes(colour) * side for _ in range(side))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def _wav() -> bytes:
    """A tenth of a second of silence, 8 kHz mono 8-bit PCM."""
    data = b"\x80" * 800
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 8000, 1, 8)
    return (b"RIFF" + struct.pack("<I", 4 + 8 + len(fmt) + 8 + len(data)) + b"WAVE"
            + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", len(data)) + data)


FILES = {"stmt-en.png": _png((200, 30, 30)), "stmt-fr.png": _png((30, 200, 30)), "neg-en.png": _png((30, 30, 200)),
         "other-fr.png": _png((220, 220, 30)), "stmt-en.wav": _wav()}


def _survey(folder: Path, files: dict[str, bytes] | None = None, extra: str = "") -> Path:
    files = FILES if files is None else files
    for name, data in files.items():
        (folder / name).write_bytes(data)
    listed = "\n".join(f'"{n}" = "sha256:{hashlib.sha256(d).hexdigest()}"' for n, d in FILES.items())
    path = folder / "pictures.toml"
    path.write_text(f"""\
[survey]
id = "pictures-2026"
title = "Pictures"
languages = ["en", "fr"]
recipients = ["{DEMO_RECIPIENT}"]
max_epsilon = 5.0
planned_respondents = 10

[[question]]
id = "stole"
design = "warner"
p = 0.75
answer_mode = "instructed"
text.en = "I have taken things from work."
text.fr = "J'ai pris des choses au travail."
negation.en = "I have never taken things from work."
negation.fr = "Je n'ai jamais pris de choses au travail."
image.en = "stmt-en.png"
image.fr = "stmt-fr.png"
negation_image.en = "neg-en.png"
audio.en = "stmt-en.wav"
{extra}
[[question]]
id = "sick"
design = "unrelated"
p = 0.7
unrelated_prevalence = 0.25
text.en = "I called in sick when I was not."
text.fr = "Je me suis dit malade sans l'être."
unrelated.en = "I was born in spring."
unrelated.fr = "Je suis né au printemps."
unrelated_image.fr = "other-fr.png"

[media]
{listed}
""", encoding="utf-8")
    return path


def test_a_survey_names_its_pictures_and_sounds_per_language(tmp_path):
    s = surveys.load(_survey(tmp_path))
    surveys.verify_media(s)
    stole, sick = s.question("stole"), s.question("sick")
    assert stole.media_in("image", "en") == "stmt-en.png" and stole.media_in("image", "fr") == "stmt-fr.png"
    assert stole.media_in("negation_image", "en") == "neg-en.png" and stole.media_in("negation_image", "fr") is None
    assert stole.media_in("audio", "en") == "stmt-en.wav" and stole.media_in("audio", "fr") is None
    assert sick.media_in("unrelated_image", "fr") == "other-fr.png" and sick.media_in("image", "en") is None
    assert dict(s.media)["stmt-en.png"] == hashlib.sha256(FILES["stmt-en.png"]).hexdigest()
    assert surveys.media_folder(s) == tmp_path


def test_a_changed_picture_is_refused_even_though_the_survey_file_is_the_same(tmp_path):
    path = _survey(tmp_path)
    (tmp_path / "stmt-fr.png").write_bytes(_png((31, 200, 30)))  # one byte of colour
    with pytest.raises(SurveyError) as e:
        surveys.verify_media(surveys.load(path))
    assert str(e.value) == (f'{path}: media "stmt-fr.png": changed since the survey listed it (its SHA-256 '
                            "differs): a signed survey's media cannot change")


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: {k: v for k, v in d.items() if k != "neg-en.png"}, "is missing (a survey's media files go beside it)"),
    (lambda d: {**d, "stmt-en.wav": b"RIFF" + bytes(20)}, "its bytes are not the kind of file its name says"),
])
def test_check_refuses_a_missing_or_mislabelled_file(tmp_path, change, message):
    from rrdesk.app.check import check

    path = _survey(tmp_path, change(dict(FILES)))
    with pytest.raises(SurveyError) as e:
        check(path)
    assert message in str(e.value)


@pytest.mark.parametrize(("extra", "message"), [
    ('unrelated_image.en = "stmt-en.png"', 'key "unrelated_image": unrelated_image is only for design unrelated'),
    ('image.de = "stmt-en.png"', '"de" is not one of the survey\'s languages (en, fr)'),
])
def test_a_wrong_media_key_is_one_located_line(tmp_path, extra, message):
    path = _survey(tmp_path, extra=extra)
    with pytest.raises(SurveyError) as e:
        surveys.load(path)
    assert message in str(e.value)


@pytest.mark.parametrize(("media", "message"), [
    ('"stmt-en.png" = "9f86"', 'must be "sha256:" and 64 lower-case hex digits'),
    ('"../x.png" = "sha256:' + "0" * 64 + '"', "is not a plain file name"),
    ('"x.gif" = "sha256:' + "0" * 64 + '"', "a picture ends in .png, .jpg, .jpeg"),
])
def test_a_wrong_media_table_is_refused(tmp_path, media, message):
    path = _survey(tmp_path)
    text = path.read_text(encoding="utf-8").split("[media]")[0] + "[media]\n" + media + "\n"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SurveyError) as e:
        surveys.load(path)
    assert message in str(e.value)


def test_an_unlisted_or_wrong_kind_of_file_is_refused(tmp_path):
    path = _survey(tmp_path)
    text = path.read_text(encoding="utf-8")
    for old, new, message in [('audio.en = "stmt-en.wav"', 'audio.en = "stmt-en.png"', "is not a sound"),
                              ('image.fr = "stmt-fr.png"', 'image.fr = "nowhere.png"', "is not listed in [media]")]:
        path.write_text(text.replace(old, new), encoding="utf-8")
        with pytest.raises(SurveyError) as e:
            surveys.load(path)
        assert message in str(e.value)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_question_shows_its_pictures_beside_both_statements_in_each_language(qtbot, tmp_path, lang):
    from rrdesk.core.wording import words_for
    from rrdesk.gui.question import QuestionScreen

    s = surveys.load(_survey(tmp_path))
    shown = {}
    for q in s.randomized:
        screen = QuestionScreen(q, words_for(s, lang), number=1, total=2, reduced_motion=True,
                                media=surveys.media_folder(s))
        qtbot.addWidget(screen)
        shown[q.id] = {p.objectName(): (p.accessibleName(), p.pixmap().toImage().pixelColor(2, 2).name())
                       for p in screen.pictures}
    if lang == "en":
        assert shown == {"stole": {"picture-image": ("I have taken things from work.", "#c81e1e"),
                                   "picture-negation_image": ("I have never taken things from work.", "#1e1ec8")},
                         "sick": {}}
    else:
        assert shown == {"stole": {"picture-image": ("J'ai pris des choses au travail.", "#1ec81e")},
                         "sick": {"picture-unrelated_image": ("Je suis né au printemps.", "#dcdc1e")}}


def test_the_app_refuses_a_survey_whose_picture_changed(qtbot, tmp_path, settings, fast_spin):
    from tests.test_gui_support import open_window

    path = _survey(tmp_path)
    window = open_window(qtbot, tmp_path / "data", settings)
    assert window.open_survey(path)
    (tmp_path / "neg-en.png").write_bytes(_png((0, 0, 0)))
    assert not window.open_survey(path)
    assert "changed since the survey listed it" in window.message.informativeText()


def test_the_order_of_media_is_not_part_of_what_a_version_says(tmp_path):
    """[media] is a set of files: listed in another order (as an XLSForm import lists them, in the
    order its questions name them) it is the same version; a file's other digest is not."""
    path = _survey(tmp_path)
    text = path.read_text(encoding="utf-8")
    head, listed = text.split("[media]\n")
    lines = listed.strip().splitlines()
    again = tmp_path / "again.toml"
    again.write_text(head + "[media]\n" + "\n".join(reversed(lines)) + "\n", encoding="utf-8")
    first, second = surveys.load(path), surveys.load(again)
    assert first.media != second.media and first.content == second.content
    changed = tmp_path / "changed.toml"
    changed.write_text(text.replace(lines[0].split("sha256:")[1][:8], "00000000"), encoding="utf-8")
    assert surveys.load(changed).content != first.content
