"""Which copy reads the records of each survey version: decided with the plan, from the indexes.

Every record names the survey version it was made with, and a laptop keeps the copy of each
earlier version it recorded with, which its bundles carry (``versions/<version>.toml``, FORMAT.md
§2.3, §3). The copies of one survey id always have the same questions and spinners (a laptop
refuses other ones under the same id), so records of every version decrypt and count alike; what
a new version may change is the texts. Which copy of a version is trusted follows the rule for
the copy that decides (:mod:`rrdesk.store.collect._plan`):

- the version of the deciding copy is that copy; the survey file given (``--survey``) is trusted
  for its own version;
- with the coordinator's signing key, a copy (a used bundle's ``survey.toml`` or
  ``versions/<version>.toml``) whose signature verifies with it (judged where the bundle was
  indexed);
- without one, the copy most of the used bundles hold (a tie: the first met).

A version with no trusted copy (unsigned, or no bundle holds one), or whose copy has other
questions or spinners, is not trusted: its records are left out, unless ``accept_unverified``,
when they are read with the best copy there is (or the deciding copy's texts when none fits).
Which versions the records name is known only once they are opened; :meth:`VersionTrust.of`
answers for any version, from what the plan gathered (pure: a test builds it by hand).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from rrdesk.core import survey as surveys
from rrdesk.core.errors import RRDeskError
from rrdesk.core.survey import Survey
from rrdesk.store.bundle import SURVEY_FILE, VERSIONS_DIR, BundleIndex

__all__ = ["VersionTrust"]

_COPY_SUFFIX = ".toml"

_Copy = tuple[Survey, bool]  # a version's copy as a bundle holds it: parsed, and whether the signing key signed it


@dataclass
class VersionTrust:
    """The copies of a survey's versions that the used bundles hold, and the rule that picks one:
    ``current`` the copy that decides, ``given`` the survey file given, ``signing`` whether a
    signing key was given, ``accept`` whether an untrusted version's records are used anyway."""

    current: Survey
    given: Survey | None = None
    signing: bool = False
    accept: bool = False
    # (bundle file, member, its text, the version its name says (None: survey.toml), signed)
    held: list[tuple[str, str, bytes, str | None, bool]] = field(default_factory=list)
    _found: dict[str, list[_Copy]] | None = field(default=None, repr=False)

    def add(self, index: BundleIndex) -> None:
        """A used bundle's copies: its survey.toml and its kept earlier versions."""
        signed = index.verdicts.signed_copies
        self.held.append((index.file, SURVEY_FILE, index.survey_text, None, SURVEY_FILE in signed))
        for name, text in index.versions.items():
            if name.endswith(_COPY_SUFFIX):
                member = VERSIONS_DIR + name
                self.held.append((index.file, member, text, name[:-len(_COPY_SUFFIX)], member in signed))
        self._found = None

    def of(self, version: str) -> tuple[Survey | None, str | None]:
        """The copy that reads ``version``'s records (None: they are left out), and why it is
        not trusted (None: it is)."""
        copies = self._copies().get(version, [])
        copy, why = _trusted(version, self.current, self.given, self.signing, copies)
        if why is None or not self.accept:
            return copy, why
        return _best(copies, self.current) or replace(self.current, version=version), why

    def recipients(self) -> list[tuple[str, ...]]:
        """The recipient lists a record may be sealed to: the deciding copy's and the file
        given's, and -- when the coordinator signs the survey -- those of every copy the signing
        key signed (a key rotation: the copies of its phases name other recipients). An
        unsigned copy never widens them: anyone may write one."""
        found = [self.current.recipients] + ([self.given.recipients] if self.given is not None else [])
        if self.signing:
            found += [c.recipients for copies in self._copies().values() for c, signed in copies if signed]
        return list(dict.fromkeys(tuple(r) for r in found))

    def _copies(self) -> dict[str, list[_Copy]]:
        """Every copy of every version, in the order the bundles were given, parsed once (a copy
        that does not read as this survey is skipped)."""
        if self._found is None:
            self._found = {}
            for file, member, text, named, signed in self.held:
                try:
                    copy = surveys.loads(text.decode("utf-8-sig"), f"{file}:{member}")
                except (RRDeskError, UnicodeDecodeError):
                    continue
                if copy.id == self.current.id and named in (None, copy.version):
                    self._found.setdefault(copy.version, []).append((copy, signed))
        return self._found


def reading(survey: Survey) -> tuple:
    """What a respondent reads of the randomized questions: two versions with the same reading
    are pooled (:mod:`rrdesk.app.aggregate`)."""
    return tuple((q.id, q.design, dict(q.text), dict(q.negation), dict(q.unrelated), dict(q.choice_text))
                 for q in survey.randomized)


def _key(survey: Survey) -> str:
    return repr(reading(survey))  # why: Localized texts compare as mappings; their repr is stable and hashable


def _trusted(version: str, current: Survey, given: Survey | None, signing: bool,
             copies: list[_Copy]) -> tuple[Survey | None, str | None]:
    """The trusted copy of ``version``, or why there is none."""
    if version == current.version:
        return current, None
    if given is not None and given.version == version:
        return _same(given, current)
    if signing:
        signed = [c for c, ok in copies if ok]
        if not signed:
            return None, ("no bundle holds a copy signed by your signing key" if copies
                          else "no bundle holds its survey copy")
        return _same(signed[0], current)
    best = _best(copies, None)
    return (None, "no bundle holds its survey copy") if best is None else _same(best, current)


def _best(copies: list[_Copy], current: Survey | None) -> Survey | None:
    """The copy most bundles hold (a tie: the first met); with ``current``, only one with its
    questions and spinners."""
    fit = [c for c, _ in copies if current is None or c.fingerprint == current.fingerprint]
    if not fit:
        return None
    held = Counter(_key(c) + repr(c.content) for c in fit)
    return max(fit, key=lambda c: held[_key(c) + repr(c.content)])  # max keeps the first of a tie


def _same(copy: Survey, current: Survey) -> tuple[Survey | None, str | None]:
    if copy.fingerprint != current.fingerprint:
        return None, "its survey copy has other questions or spinners than the one that decides"
    return copy, None
