"""The aggregator's custody checks of one bundle: who wrote it (its laptop's signature against the
enrolled laptops, FORMAT.md §2.8) and what it shows of each log against the ledger (§4).

:class:`Custody` is what the coordinator asked for; :func:`origin` and :func:`ledger_problems`
are called by :mod:`rrdesk.store.collect._collect` for each bundle as it is added.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Callable, Container, Mapping

from rrdesk.core.problems import Problem
from rrdesk.store import minisign
from rrdesk.store.bundle._index import BundleIndex, Bundles
from rrdesk.store.bundle._open import Read
from rrdesk.store.laptop import problem as signed_by
from rrdesk.store.ledger import BundleView, Ledger, LogView
from rrdesk.store.log import bundle_problems

__all__ = ["Custody", "header_problems", "ledger_problems", "origin", "unsigned_logs"]

_CHECK = 32  # why: a frame's check is its last 32 bytes, right after the 32-byte tag (FORMAT.md §1.3)


@dataclass
class Custody:
    """The coordinator's checks: ``laptops`` (device id → public key; None: not checked),
    ``accept_unverified`` (use the records of a bundle whose origin is not proven, still
    reported), ``ledger`` (None: not kept), ``copy_ok`` (None: any bundle's survey copy may be
    chosen to decide, :mod:`rrdesk.store.collect._survey_choice`)."""

    laptops: Mapping[str, minisign.PublicKey] | None = None
    accept_unverified: bool = False
    ledger: Ledger | None = None
    copy_ok: Callable[[Read], bool] | None = None  # which bundles' survey copies may decide (FORMAT.md §2.8)


def origin(custody: Custody, index: BundleIndex) -> tuple[Problem | None, bool]:
    """The bundle's origin problem (None: signed by the enrolled laptop it names, or not
    checked) and whether its records may be used."""
    if custody.laptops is None or index.manifest is None:
        return None, True
    why = signed_by(index.manifest, index.manifest_bytes, index.signature, custody.laptops)
    if why is None:
        return None, True
    if custody.accept_unverified:
        return Problem(index.file, None, f"{why}; its records were used (--accept-unverified)"), True
    return Problem(index.file, None, f"{why}; none of its records was used (--accept-unverified uses "
                                     "them)"), False


def header_problems(index: BundleIndex, laptops: Mapping[str, minisign.PublicKey] | None) -> dict[str, Problem]:
    """Each log of a signed bundle whose header signature is missing or fails (FORMAT.md §1.11),
    by member name: one verification per log, never per record."""
    return bundle_problems(index.manifest, index.manifest_bytes, index.signature, index.logs,
                           index.log_signatures or {}, laptops, index.file)


def unsigned_logs(custody: Custody, index: BundleIndex) -> tuple[dict[str, Problem], bool]:
    """The logs whose header signature fails, each with its problem, and whether their records
    may be used: the same rule and words as a bundle's own signature (§2.8)."""
    found = header_problems(index, custody.laptops)
    tail = ("its records were used (--accept-unverified)" if custody.accept_unverified
            else "none of its records was used (--accept-unverified uses them)")
    return ({name: Problem(p.file, p.record, f"{p.what}; {tail}", p.member) for name, p in found.items()},
            custody.accept_unverified)


def ledger_problems(custody: Custody, index: BundleIndex, bundles: Bundles,
                    skip: Container[str] = ()) -> list[Problem]:
    """Compare the bundle with the ledger and advance it (nothing without a ledger); the logs
    named in ``skip`` (a header signature that fails) are left out of it."""
    if custody.ledger is None or index.manifest is None:
        return []
    logs = {}
    for log in index.logs:
        if log.member in skip:
            continue
        named = [p.record for p in log.problems if p.record is not None]
        records = min([log.count, *named])  # the verified prefix: up to the first damaged record

        def check_at(i: int, log=log) -> bytes:
            at = log.offsets[i] + log.lengths[i] + _CHECK
            return bundles.blobs(index.file, index.digest, [at], [_CHECK])[0]
        logs[log.member] = LogView(records, check_at)
    view = BundleView(index.file, hashlib.sha256(index.digest).hexdigest(), index.manifest["survey"],
                      index.manifest["device"], index.manifest["exported"], logs)
    return custody.ledger.observe(view)
