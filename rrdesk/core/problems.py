"""What a check found wrong, and exactly where: the one shape every checker reports.

A :class:`Problem` is produced by the store's checks (``rrdesk verify``, the aggregator,
a log being reopened) and shown by every front-end: the command line prints ``str(p)``,
the JSON contracts carry ``p.as_json()``, the HTML report and the Results view lay out
``p.file``, ``p.member`` and ``p.record`` as they like. The location is kept in fields,
never glued into one string that a reader would have to parse back.

Messages say which file, which record and what is wrong -- never an answer, a truth or
a sector.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Problem"]


@dataclass(frozen=True)
class Problem:
    """What is wrong, and where.

    Attributes
    ----------
    file : str
        The file as the user named it: a log, a key file, a survey copy, or a bundle.
    record : int or None
        The record's number in its log (the frame's seq); None for the file as a whole.
    what : str
        What is wrong, in plain words.
    member : str
        Inside a bundle: the name of the log, key file or survey copy ("" otherwise).
    warning : bool
        Something implausible, not damage (record days that jump): said, never counted as
        damage (``verify`` exits 0 for warnings alone).
    """

    file: str
    record: int | None
    what: str
    member: str = ""
    warning: bool = False

    @property
    def location(self) -> str:
        """``FILE``, or ``BUNDLE:MEMBER`` for a file inside a bundle (the contracts' ``file``)."""
        return f"{self.file}:{self.member}" if self.member else self.file

    @property
    def where(self) -> str:
        return "" if self.record is None else f"record {self.record}"

    def as_json(self) -> dict[str, Any]:
        """``{file, record, what}`` as the ``verify --json`` and ``aggregate --json`` contracts have it."""
        return {"file": self.location, "record": self.record, "what": self.what}

    def __str__(self) -> str:
        return ": ".join(part for part in (self.location, self.where, self.what) if part)
