"""The coordinator's signing key a laptop trusts, and its history: ``DATA/coordinator.trust`` (FORMAT.md §3).

One file per installation, beside ``device-id`` and ``laptop.minisign.key`` (laptop-wide, not per
survey folder): text, one line per event, oldest first; the last line's key is the one in force::

    # rrdesk: the coordinator's signing key this laptop trusts; the last line is in force
    2026-11-28 survey 43BF037FE9157D50 RWQ…
    2026-12-02 replaced 0A1B2C3D4E5F6071 RWQ…

``how`` says how the key came: ``survey`` (the signer of the first signed survey, confirmed),
``enrollment`` (installed from the coordinator's public key file, its id typed), ``restored`` (the
file was missing, and the survey folders' signed copies named one signer), ``replaced`` (a
deliberate, confirmed replacement of the key in force). An export carries the history in its
manifest once it holds more than the first install (``trusted_keys``, FORMAT.md §2.4), so the
coordinator sees a replacement. Whoever holds the laptop as root can still edit this file like
any other: it stops a swapped survey file, not a laptop's owner (ARCHITECTURE.md, threat model).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rrdesk.core.errors import SignatureError, StoreError
from rrdesk.core.fileio import FileOps, OsOps, mapped, read_if_present, replace_file

if TYPE_CHECKING:
    from rrdesk.store import minisign

# why minisign is imported where a key is read: it loads pyca/cryptography, and the desktop
# app's first window asks only whether this file exists

__all__ = ["DAMAGED", "HOW", "TRUST_FILE", "Event", "append", "manifest_entries", "read"]

TRUST_FILE = "coordinator.trust"
HOW = ("survey", "enrollment", "restored", "replaced")
DAMAGED = "damaged"  # why: only in a manifest, for a trust file that cannot be read when exporting
_HEAD = "# rrdesk: the coordinator's signing key this laptop trusts; the last line is in force"
_LINE = re.compile(r"(\d{4}-\d{2}-\d{2}) (survey|enrollment|restored|replaced) ([0-9A-F]{16}) (RW[A-Za-z0-9+/]{54})")
MAX_EVENTS = 1000
# why: a line per install or replacement: a laptop sees a handful in its life; more is not this file


@dataclass(frozen=True)
class Event:
    """One line: the day (``YYYY-MM-DD``), how the key came (:data:`HOW`) and the key."""

    day: str
    how: str
    key: minisign.PublicKey

    def line(self) -> str:
        return f"{self.day} {self.how} {self.key.fingerprint} {self.key.base64()}"


def read(data: Path) -> list[Event] | None:
    """The history in ``DATA/coordinator.trust``, oldest first; None when there is no file.

    Raises
    ------
    StoreError
        The file holds anything else (edited or damaged): never silently replaced.
    """
    path = Path(data) / TRUST_FILE
    with mapped(path, "cannot be read"):
        raw = read_if_present(path)
    if raw is None:
        return None
    from rrdesk.store import minisign

    events: list[Event] = []
    for number, line in enumerate(raw.decode("ascii", "replace").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        found = _LINE.fullmatch(line.strip())
        key = None
        if found is not None:
            try:
                key = minisign.read_public(found[4], f"{path}: line {number}")
            except SignatureError:
                key = None
        if found is None or key is None or key.fingerprint != found[3] or len(events) >= MAX_EVENTS:
            raise StoreError(path, f"line {number}", "damaged: not a day, how, key id and key; the coordinator's "
                             "key this laptop trusts cannot be read (install it again: rrdesk trust … --replace)")
        events.append(Event(found[1], found[2], key))
    if not events:
        raise StoreError(path, "", "damaged: it names no key (install the coordinator's key again: "
                         "rrdesk trust … --replace)")
    return events


def append(data: Path, events: list[Event], event: Event, ops: FileOps | None = None) -> None:
    """Write ``events`` then ``event`` as the whole file, durably (whole or not at all)."""
    path = Path(data) / TRUST_FILE
    text = "\n".join([_HEAD, *(e.line() for e in [*events, event])]) + "\n"
    with mapped(path, "could not be written"):
        replace_file(path, text.encode("ascii"), ops or OsOps())


def manifest_entries(data: Path, today: str) -> list[dict[str, Any]] | None:
    """The manifest's ``trusted_keys`` (FORMAT.md §2.4): the history, each ``day``, ``how`` and
    ``key`` (its key id); None (the field left out) while the laptop trusts its first key only,
    or none. A damaged file is one entry ``damaged`` (``key`` null): an export still goes."""
    try:
        events = read(data)
    except StoreError:
        return [{"day": today, "how": DAMAGED, "key": None}]
    if not events or len(events) == 1 and events[0].how in ("survey", "enrollment"):
        return None
    return [{"day": e.day, "how": e.how, "key": e.key.fingerprint} for e in events]
