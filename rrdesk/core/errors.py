"""One exception tree for rrdesk; the command line and the GUI show ``str(error)``.

Messages say which file and which place, and what is wrong -- never an answer, a
truth or a sector.
"""
from __future__ import annotations

from pathlib import Path


class RRDeskError(Exception):
    """Base of every error rrdesk reports to a person (one line, no traceback)."""


class DesignError(RRDeskError, ValueError):
    """A design's parameters are impossible (probabilities, ε, categories)."""


class InputError(RRDeskError):
    """Bad input in a named file: ``FILE: where: what``.

    Parameters
    ----------
    file : str or Path
        The file as the user named it.
    where : str
        The place inside it ("line 12, question 'unhappy', key 'epsilon'"), or "".
    what : str
        What is wrong, in plain words.
    """

    def __init__(self, file: str | Path, where: str, what: str) -> None:
        self.file, self.where, self.what = str(file), where, what
        super().__init__(": ".join(part for part in (self.file, where, what) if part))


class SurveyError(InputError):
    """A survey file is malformed or breaks a rule of the survey format."""
