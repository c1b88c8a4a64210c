"""The app's remembered preferences: only paths and preferences, never anything sensitive.

Everything the app keeps in QSettings goes through :class:`Preferences`, whose keys are a
fixed list (:data:`KEYS`): the last survey file, the interviewer's language, the
reduced-motion choice and the interviewer's id (as ODK Collect keeps its username). No answer, spin, sector, interview number or time is ever written
here (threat model 1: settings live in plain text on the laptop).
"""
from __future__ import annotations

from PySide6.QtCore import QSettings

SURVEY = "survey/path"
LANGUAGE = "interface/language"
REDUCED_MOTION = "spinner/reduced_motion"
INTERVIEWER = "interview/interviewer"  # an interviewer's id: who holds the laptop, never a respondent
KEYS = (SURVEY, LANGUAGE, REDUCED_MOTION, INTERVIEWER)


def default_settings() -> QSettings:
    """The per-user settings store of the installed app."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "rrdesk", "rrdesk")


class Preferences:
    """Typed access to the few keys the app remembers (tests hand in a QSettings on a
    temporary file)."""

    def __init__(self, settings: QSettings | None = None) -> None:
        self.settings = settings if settings is not None else default_settings()

    def _set(self, key: str, value: object) -> None:
        assert key in KEYS, key  # why: a new key must be added to the list, and reviewed
        self.settings.setValue(key, value)
        self.settings.sync()

    @property
    def survey_path(self) -> str | None:
        value = self.settings.value(SURVEY, "")
        return str(value) if value else None

    @survey_path.setter
    def survey_path(self, path: str | None) -> None:
        self._set(SURVEY, path or "")

    @property
    def language(self) -> str | None:
        """The interviewer's interface language; None: follow the system."""
        value = self.settings.value(LANGUAGE, "")
        return str(value) if value else None

    @language.setter
    def language(self, code: str | None) -> None:
        self._set(LANGUAGE, code or "")

    @property
    def reduced_motion(self) -> bool:
        value = self.settings.value(REDUCED_MOTION, False)
        return value in (True, "true", "1", 1)

    @reduced_motion.setter
    def reduced_motion(self, on: bool) -> None:
        self._set(REDUCED_MOTION, bool(on))

    @property
    def interviewer(self) -> str | None:
        """The interviewer id last chosen or typed on this laptop; None: none yet."""
        value = self.settings.value(INTERVIEWER, "")
        return str(value) if value else None

    @interviewer.setter
    def interviewer(self, value: str | None) -> None:
        self._set(INTERVIEWER, value or "")
