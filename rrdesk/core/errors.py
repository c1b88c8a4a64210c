"""One exception tree for rrdesk; the command line and the GUI show :func:`describe` of it.

Every exception rrdesk raises for a person to read is defined here (the way httpx keeps
``_exceptions.py``); other modules import it from here (and some re-export it where it
was defined before, so old imports keep working)::

    RRDeskError                  anything rrdesk reports to a person: one line, no traceback
    ├── DesignError              a design's parameters are impossible (also a ValueError)
    ├── LocatedError             "FILE: where: what" -- bad input or a failed file, and where
    │   ├── InputError           bad input in a named file (or on the command line)
    │   │   ├── SurveyError      a survey file is malformed or breaks a rule of the format
    │   │   │   └── SurveyProblems  several of them, all reported in one run (.errors)
    │   │   ├── BundleError      an export bundle cannot be used
    │   │   │   └── BundleUnreadable  it could not be read (an I/O error: the disk, not the bundle)
    │   │   ├── SignatureError   a key or signature file is malformed, or a signature fails
    │   │   └── IdentityFileError  an identity file holds no usable age identity (also an AgeError)
    │   └── StoreError           a store file could not be read or written (a full disk, EIO, …)
    │       ├── LogDamaged       a log or its key file cannot be continued safely (has .problems)
    │       ├── LaptopLost       the laptop's signing key or device id is lost beside logs it wrote
    │       └── LogLocked        another window or process holds the log
    ├── AgeError                 an age file, recipient or identity could not be used
    │   ├── ArmorError           an ASCII-armored age file's armor is not strict PEM
    │   ├── HeaderError          the header is malformed
    │   ├── NoMatchError         no identity unwraps any stanza: not for these keys
    │   ├── HMACError            the header MAC does not authenticate
    │   ├── PayloadError         the payload does not authenticate to its end
    │   └── IdentityFileError    (see above)
    ├── RecordError              a decrypted record is not a canonical rrdesk record
    ├── RandomFailed             the operating system's random number generator failed
    └── InterviewError           an interview was driven out of order (a caller's bug)

Two private ``ValueError`` subclasses stay inside the parsers that raise and catch them
(``bech32.Bech32Error``, ``_age_format.Malformed``): they never reach a person; the caller
turns them into one of the errors above.

Messages say which file and which place, and what is wrong -- never an answer, a truth or a
sector. :func:`os_reason` is the one wording of an operating-system error. Every error pickles
back as itself: one raised in a worker process reaches its caller unchanged.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:
    from rrdesk.core.problems import Problem

__all__ = ["AgeError", "ArmorError", "BundleError", "BundleUnreadable", "Cancelled", "DesignError", "HMACError", "HeaderError", "IdentityFileError",
           "InputError", "InterviewError", "LaptopLost", "LocatedError", "LogDamaged", "LogLocked", "NoMatchError",
           "PayloadError", "RRDeskError", "RandomFailed", "RecordError", "SignatureError", "StoreError", "SurveyError", "SurveyProblems",
           "CLOCK_OUT_OF_RANGE", "clock_out_of_range", "describe", "describe_all", "os_reason"]


class RRDeskError(Exception):
    """Base of every error rrdesk reports to a person (one line, no traceback)."""


class Cancelled(RRDeskError):
    """The person stopped a long task (the Results view's Cancel): nothing was written."""


class DesignError(RRDeskError, ValueError):
    """A design's parameters are impossible (probabilities, ε, categories)."""


class LocatedError(RRDeskError):
    """Something wrong at a named place: ``FILE: where: what`` (empty parts left out).

    Parameters
    ----------
    file : str or Path
        The file as the user named it (or "command line").
    where : str
        The place inside it ("line 12, question 'unhappy', key 'epsilon'", "record 7"), or "".
    what : str
        What is wrong, in plain words.
    """

    def __init__(self, file: str | Path, where: str, what: str) -> None:
        self.file, self.where, self.what = str(file), where, what
        super().__init__(": ".join(part for part in (self.file, where, what) if part))

    def __reduce__(self) -> tuple[Any, ...]:
        # why: pickle remakes an exception as ``type(*args)``, and args is the one joined line;
        # an error a worker process raises (collect, export) must come back as itself
        return type(self), (self.file, self.where, self.what), self.__dict__


class InputError(LocatedError):
    """Bad input in a named file (or on the command line)."""


class SurveyError(InputError):
    """A survey file is malformed or breaks a rule of the survey format."""


class SurveyProblems(SurveyError):
    """Several problems of one survey or form, found in one run: ``errors``, each a
    :class:`SurveyError` the command line prints on its own line (:func:`describe_all`)."""

    def __init__(self, errors: Sequence[SurveyError]) -> None:
        self.errors = tuple(errors)
        first = self.errors[0]
        more = f" (and {len(self.errors) - 1} more)" if len(self.errors) > 1 else ""
        super().__init__(first.file, first.where, first.what + more)

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.errors,), self.__dict__


class BundleError(InputError):
    """A bundle cannot be used: ``FILE: what`` (not a bundle, wrong key, damaged, manifest)."""


class BundleUnreadable(BundleError):
    """A bundle could not be read: an I/O error (the disk or the stick), not damage in the
    bundle; ``verify`` exits 2 for it (could not be read), never 1 (damaged)."""


class SignatureError(InputError):
    """A signing key or signature is malformed, from another key, or does not verify."""


class StoreError(LocatedError):
    """A store file could not be read or written: ``FILE: where: what`` (where may be "")."""


class LaptopLost(StoreError):
    """The laptop's signing key (``laptop.minisign.key``) or its ``device-id`` is lost, damaged or
    changed beside logs it wrote: never made again silently; restored, or the laptop starts over
    (``rrdesk enrollment --start-over``) and is enrolled again."""


class LogDamaged(StoreError):
    """The log, or its key file, cannot be continued safely; ``problems`` says why.

    Nothing was changed on disk; the caller keeps the log for the verifier and starts a new one.
    """

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        first = self.problems[0]
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(first.location, first.where, first.what + more)

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.problems,), self.__dict__


class LogLocked(StoreError):
    """Another writer, in this process or another, holds the log."""


class AgeError(RRDeskError):
    """An age file, recipient or identity could not be used."""


class ArmorError(AgeError):
    """An ASCII-armored age file's armor is not the strict encoding age reads (test kit:
    armor failure)."""


class HeaderError(AgeError):
    """The header is malformed, or a stanza addressed to X25519 is (test kit: header failure)."""


class NoMatchError(AgeError):
    """No identity unwraps any stanza: the file is not for these keys (test kit: no match)."""


class HMACError(AgeError):
    """The header MAC does not authenticate: the header was altered (test kit: HMAC failure)."""


class PayloadError(AgeError):
    """The payload does not authenticate to its end: altered, truncated or extended
    (test kit: payload failure)."""


class IdentityFileError(InputError, AgeError):
    """An identity file holds something that is not an age X25519 identity."""


class RecordError(RRDeskError):
    """A decrypted record is not a canonical rrdesk record."""


class RandomFailed(RRDeskError):
    """The operating system's CSPRNG could not give bytes (``core.entropy.system_bytes``)."""


class InterviewError(RRDeskError):
    """An interview was driven out of order (a bug in the caller, or a second window)."""


def os_reason(error: OSError) -> str:
    """The operating system's words for ``error`` ("No space left on device")."""
    return error.strerror or str(error) or type(error).__name__


def describe(error: BaseException) -> str:
    """The one line a person is shown for ``error``, by the command line and the GUI alike.

    rrdesk's own errors say themselves (they never hold an answer); an operating-system
    error not mapped to a :class:`StoreError` names its file and the system's words;
    anything else is a bug: its type only, never its text, which could hold data.
    """
    if isinstance(error, RRDeskError):
        return str(error)
    if isinstance(error, OSError):
        where = f"{error.filename}: " if error.filename else ""
        return f"{where}{error.strerror or type(error).__name__}"
    if isinstance(error, OverflowError) and clock_out_of_range():
        return CLOCK_OUT_OF_RANGE
    return f"internal error ({type(error).__name__})"


CLOCK_OUT_OF_RANGE = ("this computer's clock is set past the year 2262, later than rrdesk (and Python) can read "
                      "a time: set the date and time right, then try again; nothing was written")


def clock_out_of_range() -> bool:
    """Whether the system clock is beyond what Python's clock can hold (past 2262: its time is
    64-bit nanoseconds), so that every reading of it raises OverflowError."""
    import time
    try:
        time.time()
    except OverflowError:
        return True
    return False


def describe_all(error: BaseException) -> list[str]:
    """One line per problem: :func:`describe` of each of a :class:`SurveyProblems`' errors, else
    the one line of ``error``."""
    if isinstance(error, SurveyProblems):
        return [describe(e) for e in error.errors]
    return [describe(error)]
