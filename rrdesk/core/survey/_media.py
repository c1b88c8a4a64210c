"""Pictures and sound files a survey shows or plays beside its texts (ODK's ``media::image`` and
``media::audio``), per language, listed with their SHA-256 so the survey's signature covers them.

In the survey file (docs/survey-format.md, "Pictures and sound")::

    [media]                                   # every file the survey uses, beside the survey file
    "stole-en.png" = "sha256:9f86d081…"       # its SHA-256: a changed file is refused
    "stole-sw.png" = "sha256:60303ae2…"

    [[question]]
    image.en = "stole-en.png"                 # beside the question's text (Warner: the statement)
    image.sw = "stole-sw.png"
    audio.en = "stole-en.ogg"                 # the question read aloud
    choice_audio.en = ["never-en.ogg", "", "often-en.ogg"]   # kary: each answer read aloud ("" none)
    negation_image.en = "…"                   # warner: beside the opposite statement
    negation_audio.en = "…"                   # warner: the opposite statement read aloud
    unrelated_image.en = "…"                  # unrelated (and unrelated_unknown): beside the other question

A language may have no file (nothing is shown for it). :func:`verify` checks the files
themselves: present beside the survey file, within :data:`MAX_IMAGE` / :data:`MAX_AUDIO`, of
the kind their name says (PNG or JPEG; Ogg, WAV, MP3 or M4A, by their first bytes) and with
the SHA-256 listed.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from rrdesk.core.errors import SurveyError
from rrdesk.core.survey._model import Localized, Survey
from rrdesk.core.survey._rules import Place, show

#: A question's media keys, and the designs that may use each. ``choice_audio.LANG`` is a list, one
#: file name per choice ("" for none); it is kept as one key per answer, ``choice_audio.INDEX``.
KEYS = {"image": None, "audio": None, "negation_image": "warner", "negation_audio": "warner",
        "unrelated_image": "unrelated", "unrelated_audio": "unrelated", "choice_audio": "kary"}
#: What a file's name may end in, per kind of file.
IMAGE_TYPES = (".png", ".jpg", ".jpeg")
AUDIO_TYPES = (".ogg", ".opus", ".wav", ".mp3", ".m4a")
#: Size caps: a picture for a small screen, a question read aloud (a few seconds).
MAX_IMAGE = 2 << 20
MAX_AUDIO = 8 << 20
MAX_FILES = 1000
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
_DIGEST = re.compile(r"sha256:([0-9a-f]{64})")


def table(top: Place, data: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """The ``[media]`` table: (file name, SHA-256 in hex) in file order."""
    raw = data.get("media")
    if raw is None:
        return ()
    place = top.at(top.lines.table("media"), "[media]")
    if not isinstance(raw, dict):
        top.fail("media", f'media must be a table of file names ("x.png" = "sha256:…"), not {show(raw)}',
                 line=top.lines.top_level("media"))
    if len(raw) > MAX_FILES:
        place.fail(None, f"at most {MAX_FILES} media files, not {len(raw)}")
    out = []
    for name, digest in raw.items():
        if not _NAME.fullmatch(name) or ".." in name:
            place.fail(name, f"{show(name)} is not a plain file name (letters, digits, . _ -; no folder)")
        if not name.lower().endswith(IMAGE_TYPES + AUDIO_TYPES):
            place.fail(name, f"{show(name)}: a picture ends in {', '.join(IMAGE_TYPES)} and a sound in "
                             f"{', '.join(AUDIO_TYPES)}")
        m = _DIGEST.fullmatch(digest) if isinstance(digest, str) else None
        if m is None:
            place.fail(name, f'{show(name)} must be "sha256:" and 64 lower-case hex digits (sha256sum FILE '
                             f"prints them), not {show(digest)}")
        out.append((name, m[1]))
    return tuple(out)


def of_question(place: Place, table_: dict[str, Any], kind: str, languages: tuple[str, ...],
                listed: tuple[tuple[str, str], ...]) -> tuple[tuple[str, Localized[str]], ...]:
    """A question's media keys: (key, file name per language), each file listed in ``[media]``."""
    names = dict(listed)
    out = []
    for key, design in KEYS.items():
        if key not in table_:
            continue
        if design is not None and kind.removesuffix("_unknown") != design:  # unrelated_unknown: as unrelated
            place.fail(key, f"{key} is only for design {design}")
        value = table_[key]
        if not isinstance(value, dict):
            place.fail(key, f'{key} must be a table by language ({key}.{languages[0]} = "file"), not {show(value)}')
        if key == "choice_audio":
            out += _per_choice(place, value, languages, len(table_.get("choices") or ()), names)
            continue
        pairs = []
        for lang, name in value.items():
            where = f"{key}.{lang}"
            if lang not in languages:
                place.fail(where, f"{show(lang)} is not one of the survey's languages ({', '.join(languages)})")
            if not isinstance(name, str) or name not in names:
                place.fail(where, f"{where}: {show(name)} is not listed in [media]")
            sound = key.endswith("audio")
            wanted = AUDIO_TYPES if sound else IMAGE_TYPES
            if not name.lower().endswith(wanted):
                place.fail(where, f"{where}: {show(name)} is not {'a sound' if sound else 'a picture'} "
                                  f"({', '.join(wanted)})")
            pairs.append((lang, name))
        order = {lang: i for i, lang in enumerate(languages)}
        out.append((key, Localized(sorted(pairs, key=lambda pair: order[pair[0]]))))
    return tuple(out)


def _per_choice(place: Place, value: dict[str, Any], languages: tuple[str, ...], count: int,
                names: dict[str, str]) -> list[tuple[str, Localized[str]]]:
    """``choice_audio``: per language a list of one sound per choice ("" for none), as one media
    key per answer, ``choice_audio.INDEX`` (file name per language)."""
    by_index: dict[int, list[tuple[str, str]]] = {}
    for lang, files in value.items():
        where = f"choice_audio.{lang}"
        if lang not in languages:
            place.fail(where, f"{show(lang)} is not one of the survey's languages ({', '.join(languages)})")
        if not isinstance(files, list) or len(files) != count or not all(isinstance(f, str) for f in files):
            place.fail(where, f'{where} must be a list of {count} file names, one per choice ("" for none), '
                              f"not {show(files)}")
        for index, name in enumerate(files):
            if not name:
                continue
            if name not in names:
                place.fail(where, f"{where}: {show(name)} is not listed in [media]")
            if not name.lower().endswith(AUDIO_TYPES):
                place.fail(where, f"{where}: {show(name)} is not a sound ({', '.join(AUDIO_TYPES)})")
            by_index.setdefault(index, []).append((lang, name))
    order = {lang: i for i, lang in enumerate(languages)}
    return [(f"choice_audio.{index}", Localized(sorted(pairs, key=lambda pair: order[pair[0]])))
            for index, pairs in sorted(by_index.items())]


def _kind_ok(name: str, head: bytes) -> bool:
    low = name.lower()
    if low.endswith(".png"):
        return head.startswith(b"\x89PNG\r\n\x1a\n")
    if low.endswith((".jpg", ".jpeg")):
        return head.startswith(b"\xff\xd8\xff")
    if low.endswith((".ogg", ".opus")):
        return head.startswith(b"OggS")
    if low.endswith(".wav"):
        return head[:4] == b"RIFF" and head[8:12] == b"WAVE"
    if low.endswith(".mp3"):
        return head.startswith(b"ID3") or (len(head) > 1 and head[0] == 0xFF and head[1] & 0xE0 == 0xE0)
    return head[4:8] == b"ftyp"  # .m4a


def folder(survey: Survey) -> Path:
    """Where the survey's media files are: beside the survey file."""
    return survey.path.parent


def verify(survey: Survey) -> None:
    """Every file of ``[media]`` is beside the survey file, within its size cap, of the kind its
    name says, and has the SHA-256 the survey lists; else :class:`SurveyError` naming it."""
    if not survey.media:
        return
    import hashlib  # why here: loading OpenSSL is 2.5 ms, and a survey without media (the demo's) needs none

    for name, digest in survey.media:
        path = folder(survey) / name
        where = f'media "{name}"'
        cap = MAX_AUDIO if name.lower().endswith(AUDIO_TYPES) else MAX_IMAGE
        try:
            if not path.is_file():
                raise SurveyError(str(survey.path), where, f"{path} is missing (a survey's media files go beside it)")
            size = path.stat().st_size
            if size > cap:
                raise SurveyError(str(survey.path), where, f"{size} bytes, over the cap of {cap} bytes")
            data = path.read_bytes()
        except OSError as e:
            raise SurveyError(str(survey.path), where, f"cannot read {path}: {e.strerror}") from None
        if not _kind_ok(name, data[:16]):
            raise SurveyError(str(survey.path), where, "its bytes are not the kind of file its name says")
        if hashlib.sha256(data).hexdigest() != digest:
            raise SurveyError(str(survey.path), where, "changed since the survey listed it (its SHA-256 differs): "
                                                       "a signed survey's media cannot change")
