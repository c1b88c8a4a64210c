"""The respondent's words: every text a respondent can see, by name, in the survey's languages.

Each text has a name and an English default (:mod:`rrdesk.core.wording._texts`). A language's
words come, in this order of precedence, from the survey file's ``[wording.LANG]`` table, from
the wording rrdesk ships for that language (``resources/translations/respondent_LANG.toml``,
the same table a survey holds), for a regional code such as ``pt-BR`` from its base language
``pt``, and only for English from the defaults. A survey language whose words are incomplete
is an error when the survey loads (:func:`check`): ``rrdesk check`` and the GUI both refuse it,
naming the language and the texts it lacks. ``rrdesk translate`` writes the template a
translator fills (:mod:`rrdesk.app.translate`).

A survey file gives them as (docs/TRANSLATING.md)::

    [wording.sw]
    spin = "Zungusha"
    practice_still.one = "… sekunde {seconds}."      # a text with plural forms: one per category
    practice_still.other = "… sekunde {seconds}."
"""
from __future__ import annotations

import string
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Mapping, TypeAlias

from rrdesk.core.design import Act
from rrdesk.core.errors import SurveyError
from rrdesk.core.fileio import read_text
from rrdesk.core.resources import RESOURCES
from rrdesk.core.survey import AUDIO_TYPES, Lines, Localized, Place, Survey, media_folder, show
from rrdesk.core.wording._texts import ENGLISH, NAMES, NEEDS, PLURAL, VOICED, WHERE

__all__ = ["ENGLISH", "NAMES", "PLURAL", "VOICED", "WHERE", "Words", "builtin_languages", "categories", "check",
           "needed", "parse", "parse_sounds", "plural_category", "words_for"]

#: One respondent text: a string, or a plural text's (category, form) pairs in CLDR order.
Text: TypeAlias = "str | tuple[tuple[str, str], ...]"
#: Where the shipped wordings are; one ``respondent_LANG.toml`` per language.
BUILT_IN = RESOURCES / "translations"
#: A shipped wording is a few kilobytes; the cap only keeps a broken install from reading a huge file.
_MAX_FILE = 1 << 20
#: How many missing names one error line lists before counting the rest (a line stays readable;
#: ``rrdesk translate`` lists them all).
_LISTED = 10

# -- plural categories (CLDR, https://cldr.unicode.org -- the rules ship in this table) -------


def _base(lang: str) -> str:
    return lang.split("-")[0]


def categories(lang: str) -> tuple[str, ...]:
    """The plural categories ``lang`` distinguishes, ``other`` last (CLDR)."""
    b = _base(lang)
    if b == "ar":
        return ("zero", "one", "two", "few", "many", "other")
    if b in ("ru", "uk", "pl"):
        return ("one", "few", "many", "other")
    if b in ("zh", "ja", "ko", "vi", "th", "id", "ms", "yo", "wo"):
        return ("other",)
    return ("one", "other")


def plural_category(lang: str, n: int) -> str:
    """The CLDR plural category of the whole number ``n`` in ``lang``."""
    b, n = _base(lang), abs(n)
    if b == "ar":
        rest = n % 100
        return ("zero" if n == 0 else "one" if n == 1 else "two" if n == 2 else
                "few" if 3 <= rest <= 10 else "many" if rest >= 11 else "other")
    if b in ("ru", "uk", "pl"):
        if n % 10 == 1 and n % 100 != 11:
            return "one" if b != "pl" or n == 1 else "many"
        return "few" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "many"
    if categories(lang) == ("other",):
        return "other"
    if b in ("fr", "hi", "bn", "am", "fa", "gu", "kn", "zu") or lang == "pt" or lang == "pt-BR":
        return "one" if n in (0, 1) else "other"
    return "one" if n == 1 else "other"


# -- one language's words -----------------------------------------------------------------------


class Words:
    """The respondent's words in one language, complete (English where a text has no other).

    ``words("spin")`` is a text; ``words("question_progress", number="2", total="5")`` fills its
    placeholders (numbers already written the language's way); ``words.plural("still_turning",
    3, seconds="3")`` picks the plural form for 3. ``words.sound("do_truth")`` is the survey's
    recording of a text in this language (``[wording_audio.LANG]``), or None.
    """

    def __init__(self, lang: str, texts: Mapping[str, Text] | None = None,
                 sounds: Mapping[str, Path] | None = None) -> None:
        self.lang = lang
        self._texts: dict[str, Text] = dict(texts or {})
        self._sounds: dict[str, Path] = dict(sounds or {})

    def __call__(self, name: str, **fields: str) -> str:
        text = self._texts.get(name, ENGLISH[name])
        if isinstance(text, tuple):
            text = dict(text)["other"]
        return text.format(**fields) if fields else text

    def plural(self, name: str, n: int, **fields: str) -> str:
        given = self._texts.get(name)
        forms = tuple(PLURAL[name].items()) if given is None else given
        category = plural_category("en" if given is None else self.lang, n)
        table = dict(forms) if isinstance(forms, tuple) else {"other": forms}
        return table.get(category, table["other"]).format(**fields)

    def plural_form(self, name: str, category: str) -> str:
        """The form of plural text ``name`` for ``category`` (its ``other`` form if it has none)."""
        forms = self._texts.get(name, tuple(PLURAL[name].items()))
        table = dict(forms) if isinstance(forms, tuple) else {"other": forms}
        return table.get(category, table["other"])

    def sound(self, name: str) -> Path | None:
        """The file that reads text ``name`` aloud in this language, if the survey voices it."""
        return self._sounds.get(name)

    @property
    def voiced(self) -> bool:
        """Whether the survey voices any of these texts."""
        return bool(self._sounds)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Words) and ((self.lang, self._texts, self._sounds) ==
                                             (other.lang, other._texts, other._sounds))

    # why the ignore: typeshed types object.__hash__ as a method, and None is how Python says unhashable
    __hash__ = None  # type: ignore[assignment]


def builtin_languages() -> tuple[str, ...]:
    """The languages rrdesk ships complete respondent wording for (English first)."""
    found = sorted(p.stem.split("_", 1)[1] for p in BUILT_IN.glob("respondent_*.toml"))
    return ("en", *[lang for lang in found if lang != "en"])


@lru_cache(maxsize=None)
def _builtin(lang: str) -> tuple[tuple[str, Text], ...]:
    path = BUILT_IN / f"respondent_{lang}.toml"
    if not path.is_file():
        return ()
    text = read_text(path, _MAX_FILE, error=SurveyError, unreadable="cannot read",
                     too_large="too large for a wording file", bad_byte=("", "not UTF-8 text (line {line})"))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise SurveyError(str(path), "", f"not valid TOML: {e}") from None
    found = parse(Place(str(path), Lines(text)), data.get("wording"), (lang,))
    return found.get(lang, ())


def _shipped(lang: str) -> dict[str, Text]:
    """What rrdesk ships for ``lang``: English for English, the base language's file for a
    regional code, then the code's own file over it."""
    texts: dict[str, Text] = {}
    if _base(lang) == "en":
        texts.update(ENGLISH)
        texts.update((name, tuple(forms.items())) for name, forms in PLURAL.items())
    for code in dict.fromkeys((_base(lang), lang)):
        texts.update(_builtin(code))
    return texts


def words_for(survey: Survey | None, lang: str) -> Words:
    """The respondent's words in ``lang`` for ``survey`` (its own wording over rrdesk's)."""
    texts = _shipped(lang)
    if survey is None:
        return Words(lang, texts)
    if lang in survey.wording:
        texts.update(survey.wording[lang])
    folder = media_folder(survey)
    sounds = {name: folder / file for name, file in survey.wording_audio.get(lang, ())}
    return Words(lang, texts, sounds)


# -- what a survey needs, and the [wording] table ---------------------------------------------


def tags(survey: Survey) -> frozenset[str]:
    """What the survey's randomized questions use: their designs, ``yesno``, ``assisted``,
    ``opposite``, ``audio`` (a question's or a text's sound), and ``consent`` when it asks for consent (the words of
    :data:`rrdesk.core.wording._texts.NEEDS`)."""
    found: set[str] = {"consent"} if survey.consent else set()
    for q in survey.randomized:
        # cdm: each group's wheel is a forced one; unrelated_unknown: an unrelated one
        found.add(q.spinner.kind if q.two_groups else q.kind)
        if not q.choices:
            found.add("yesno")
        if q.answer_mode == "assisted":
            found.add("assisted")
        if q.kind != "warner" and any(s.instruction.act is Act.OPPOSITE for s in q.spinner.sectors):
            found.add("opposite")
        if any(key.endswith("audio") or key.startswith("choice_audio.") for key, _ in q.media):
            found.add("audio")
    if survey.wording_audio:
        found.add("audio")
    return frozenset(found)


def needed(survey: Survey | None) -> tuple[str, ...]:
    """The names of the texts ``survey`` can show (every name without a survey)."""
    if survey is None:
        return NAMES
    have = tags(survey)
    return tuple(name for name in NAMES if NEEDS[name] <= have)


def _fields(text: str) -> set[str] | None:
    try:
        return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}
    except ValueError:
        return None


def _text(place: Place, key: str, name: str, value: object) -> str:
    if not isinstance(value, str):
        place.fail(key, f"{key} must be a string, not {show(value)}")
    if not value.strip():
        place.fail(key, f"{key} must not be empty (translate it, or delete the line to keep rrdesk's own)")
    place.shown(key, value)  # no control, override or invisible character (rrdesk.core.survey._chars)
    english_ = PLURAL.get(name, {}).get("other", ENGLISH[name])
    want, got = _fields(english_), _fields(value)
    if got is None:
        place.fail(key, f'{key} has a "{{" or "}}" that is not a placeholder (write {{{{ or }}}} for a brace)')
    if got != want:
        names = ", ".join(f"{{{f}}}" for f in sorted(want or ())) or "no placeholder"
        place.fail(key, f"{key} must hold exactly the placeholders of the English ({names}), "
                        f"not {', '.join(f'{{{f}}}' for f in sorted(got)) or 'none'}")
    return value


def _one(place: Place, lang: str, name: str, value: object) -> Text:
    key = f"{name}"
    if name not in ENGLISH:
        place.fail(key, f"{show(name)} is not a respondent text (rrdesk translate {lang} -o FILE lists them)")
    if name not in PLURAL:
        return _text(place, key, name, value)
    if isinstance(value, str):
        value = {"other": value}
    if not isinstance(value, dict):
        place.fail(key, f"{key} must be a string or a table of plural forms, not {show(value)}")
    allowed = categories(lang)
    forms = []
    for category, form in value.items():
        if category not in allowed:
            place.fail(f"{key}.{category}", f"{key}.{category}: {lang} has the plural forms "
                                            f"{', '.join(allowed)}, not {show(category)}")
        forms.append((category, _text(place, f"{key}.{category}", name, form)))
    if "other" not in value:
        place.fail(key, f"{key}.other is missing (every plural text needs its 'other' form)")
    return tuple(sorted(forms, key=lambda pair: allowed.index(pair[0])))


def parse(top: Place, raw: object, languages: Iterable[str]) -> Localized[tuple[tuple[str, Text], ...]]:
    """The ``[wording.LANG]`` tables of a survey (or a shipped wording), checked one key at a time."""
    languages = tuple(languages)
    if raw is None:
        return Localized()
    if not isinstance(raw, dict):
        top.fail("wording", f"wording must be tables by language ([wording.{languages[0]}]), not {show(raw)}",
                 line=top.lines.top_level("wording"))
    out = []
    for lang, table in raw.items():
        place = top.at(top.lines.table(f"wording.{lang}") or top.lines.table("wording"), f"[wording.{lang}]")
        if lang not in languages:
            place.fail(None, f"{show(lang)} is not one of the survey's languages ({', '.join(languages)})")
        if not isinstance(table, dict):
            place.fail(None, f"wording.{lang} must be a table of texts by name, not {show(table)}")
        out.append((lang, tuple((name, _one(place, lang, name, value)) for name, value in table.items())))
    order = {lang: i for i, lang in enumerate(languages)}
    return Localized(sorted(out, key=lambda pair: order[pair[0]]))


def parse_sounds(top: Place, raw: object, languages: Iterable[str],
                 listed: Iterable[str]) -> Localized[tuple[tuple[str, str], ...]]:
    """The ``[wording_audio.LANG]`` tables of a survey: per language, (text name, sound file)
    pairs. Each name is one of :data:`VOICED` (a text without a placeholder that a respondent's
    screen shows), each file a sound listed in ``[media]``."""
    languages, listed = tuple(languages), frozenset(listed)
    if raw is None:
        return Localized()
    if not isinstance(raw, dict):
        top.fail("wording_audio", "wording_audio must be tables by language "
                                  f'([wording_audio.{languages[0]}] with name = "file.ogg"), not {show(raw)}',
                 line=top.lines.top_level("wording_audio"))
    out = []
    for lang, table in raw.items():
        place = top.at(top.lines.table(f"wording_audio.{lang}") or top.lines.table("wording_audio"),
                       f"[wording_audio.{lang}]")
        if lang not in languages:
            place.fail(None, f"{show(lang)} is not one of the survey's languages ({', '.join(languages)})")
        if not isinstance(table, dict):
            place.fail(None, f'wording_audio.{lang} must be a table of sounds by text name (spin_result = "x.ogg"), '
                             f"not {show(table)}")
        pairs = []
        for name, file in table.items():
            if name not in ENGLISH:
                place.fail(name, f"{show(name)} is not a respondent text (rrdesk translate {lang} -o FILE lists them)")
            if name not in VOICED:
                why = ("its words change with the question or the answer (their own sounds voice them)"
                       if "{" in ENGLISH[name] or name in PLURAL else "no respondent's screen shows it as a text")
                place.fail(name, f"{name} cannot have a sound: {why}")
            if not isinstance(file, str) or file not in listed:
                place.fail(name, f"{name}: {show(file)} is not listed in [media]")
            if not file.lower().endswith(AUDIO_TYPES):
                place.fail(name, f"{name}: {show(file)} is not a sound ({', '.join(AUDIO_TYPES)})")
            pairs.append((name, file))
        out.append((lang, tuple(pairs)))
    order = {lang: i for i, lang in enumerate(languages)}
    return Localized(sorted(out, key=lambda pair: order[pair[0]]))


def missing(survey: Survey, lang: str) -> tuple[str, ...]:
    """The texts ``survey`` can show that have no words in ``lang`` (neither shipped nor its own)."""
    have = _shipped(lang)
    if lang in survey.wording:
        have.update(survey.wording[lang])
    return tuple(name for name in needed(survey) if name not in have)


def check(top: Place, survey: Survey) -> None:
    """Every language of ``survey`` has complete respondent wording, else :class:`SurveyError`
    naming the language and the texts it lacks."""
    for lang in survey.languages:
        lacking = missing(survey, lang)
        if not lacking:
            continue
        header = top.lines.table(f"wording.{lang}")
        if header is not None:
            place = top.at(header, f"[wording.{lang}]")
        else:
            place = top.at(top.lines.table("survey"))
            place = place.at(place.lines.key(place.header, "languages"))
        listed = ", ".join(lacking[:_LISTED]) + (f" and {len(lacking) - _LISTED} more" if len(lacking) > _LISTED else "")
        if len(lacking) == len(needed(survey)):
            what = (f'language "{lang}" has no respondent wording: rrdesk has none built in and the file has no '
                    f"[wording.{lang}] ({len(lacking)} texts: {listed})")
        else:
            what = (f'language "{lang}" lacks {len(lacking)} respondent '
                    f"{'text' if len(lacking) == 1 else 'texts'}: {listed}")
        place.fail(None, f"{what}; rrdesk translate {lang} --survey {top.file} -o wording-{lang}.toml "
                         "writes them to fill in")
