"""The chain of custody: the coordinator's keys, the laptop's exports, checking what arrived.

``rrdesk keygen``, ``export``, ``verify`` and ``extract`` (and the dashboard's Export) ask
here. The bytes are the store's (:mod:`rrdesk.store.keys`, :mod:`rrdesk.store.bundle`,
:mod:`rrdesk.store.verify`); this module is where a use case of the custody chain is put
together, so that the command line and the GUI do the same thing in the same words.
"""
from __future__ import annotations

from pathlib import Path

from rrdesk.store import age, bundle, keys, verify as checks
from rrdesk.store.verify import Report

__all__ = ["Report", "export", "extract", "keygen", "verify"]


def keygen(output: Path) -> str:
    """Write a new identity file at ``output`` (mode 0600, never overwritten); return its
    recipient (``age1…``), which goes into the survey's ``recipients``."""
    identity = age.Identity.generate()
    keys.write_identity(output, identity)
    return identity.recipient


def export(data: Path, survey_id: str, dest: Path) -> Path:
    """One verified bundle of ``survey_id``'s records in ``dest``; local data is never changed."""
    return bundle.export(data, survey_id, dest)


def verify(path: Path, identity: Path | None = None) -> Report:
    """Check a data folder, a log or a bundle; with ``identity`` also every tag and record."""
    return checks.verify(path, _identities(identity))


def extract(path: Path, to: Path, identity: Path | None = None) -> list[Path]:
    """Every intact record as its own ``.age`` file in ``to``."""
    return checks.extract(path, to, _identities(identity))


def _identities(path: Path | None) -> list[age.Identity] | None:
    return None if path is None else keys.load_identities(path)
