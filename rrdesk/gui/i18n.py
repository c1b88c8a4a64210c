"""Interface languages: Qt translators for rrdesk's own strings and Qt's standard dialogs.

The interviewer's screens use the interviewer's language (a setting, else the system
locale): the interface strings come from ``resources/translations/rrdesk_<lang>.qm``, and
numbers and dates from that language's QLocale. English is the source language and needs no
file. A language without a translation file keeps English interface strings. The
respondent's screens never use these: they speak the respondent's words
(:mod:`rrdesk.gui.wording`), so the interviewer's dialogs stay in the interviewer's language
while the respondent holds the laptop.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from rrdesk.gui.resources import TRANSLATIONS

SOURCE = "en"

# why: QLocale("en").nativeLanguageName() is "American English" and "es" is "español de
# España"; a respondent picking a language should see the plain name of the language.
_NAMES = {
    "en": "English", "fr": "Français", "es": "Español", "pt": "Português", "de": "Deutsch",
    "it": "Italiano", "nl": "Nederlands", "ar": "العربية", "sw": "Kiswahili", "ru": "Русский",
    "zh": "中文", "hi": "हिन्दी", "bn": "বাংলা", "ur": "اردو", "tr": "Türkçe", "pl": "Polski",
    "uk": "Українська", "fa": "فارسی", "am": "አማርኛ", "ha": "Hausa", "yo": "Yorùbá", "wo": "Wolof",
}


def base(code: str) -> str:
    """``pt-BR`` → ``pt``."""
    return code.replace("_", "-").split("-")[0].lower()


def language_name(code: str) -> str:
    """A language as its own speakers name it (``fr`` → ``Français``)."""
    locale = QLocale(code.replace("-", "_"))
    name = _NAMES.get(base(code))
    if name is None:
        native = locale.nativeLanguageName()
        name = native[:1].upper() + native[1:] if native and locale.language() != QLocale.Language.C else code
    if "-" in code or "_" in code:
        territory = locale.nativeTerritoryName()
        if territory:
            name = f"{name} ({territory})"
    return name


def available() -> tuple[str, ...]:
    """Interface languages: English and every language with a compiled translation."""
    found = sorted(p.stem.split("_", 1)[1] for p in TRANSLATIONS.glob("rrdesk_*.qm"))
    return (SOURCE, *[code for code in found if code != SOURCE])


def system_language() -> str:
    """The system locale's language if rrdesk speaks it, else English."""
    code = base(QLocale.system().name())
    return code if code in available() else SOURCE


_ENGLISH: list[QTranslator] = []  # the one English plural-forms translator, once installed


def english_plurals() -> None:
    """Install English's plural forms (``"%n laptop(s)"``: 1 laptop, 2 laptops) once, under
    every other translator: Qt asks the last installed first, so they answer only for English."""
    if _ENGLISH:
        return
    english = QTranslator()
    if english.load(str(TRANSLATIONS / f"rrdesk_{SOURCE}.qm")):
        _application().installTranslator(english)
        _ENGLISH.append(english)


def _application() -> QCoreApplication:
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("translators are installed in the application: make it first (rrdesk.gui.app)")
    return app


_INSTALLED: list[QTranslator] = []
# why one list for the process, not one per Translators: the application has one interface
# language; a translator installed through an earlier Translators (a window closed and made
# again) must go too, whether or not that object has been garbage-collected yet


class Translators:
    """The translators installed in the application; :meth:`use` swaps them."""

    def __init__(self) -> None:
        self.current = SOURCE

    def use(self, code: str) -> str:
        """Show the interface in ``code`` (or the nearest language rrdesk has); returns it."""
        app = _application()
        for translator in _INSTALLED:
            app.removeTranslator(translator)
        _INSTALLED.clear()
        lang = base(code)
        english_plurals()
        self.current = SOURCE
        if lang != SOURCE and lang in available():
            ours = QTranslator()
            if ours.load(str(TRANSLATIONS / f"rrdesk_{lang}.qm")):
                _INSTALLED.append(ours)
                self.current = lang
            qt = QTranslator()  # Qt's own dialogs (file chooser, message boxes)
            if qt.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
                _INSTALLED.append(qt)
        for translator in _INSTALLED:
            app.installTranslator(translator)
        # numbers and dates the interviewer's way: the system's own locale when it speaks that
        # language (en_GB's day/month order), else the language's (QLocale() everywhere after this)
        system = QLocale.system()
        QLocale.setDefault(system if base(system.name()) == self.current else QLocale(self.current))
        return self.current
