"""The aggregator's custody facts of one bundle, read off its index: who wrote it (its laptop's
signature against the enrolled laptops, FORMAT.md §2.8), each log's header signature (§1.11)
and what it shows of each log for the ledger (§4).

:func:`signatures` runs where the bundle is indexed (it verifies signatures);
:func:`ledger_view` is pure: :func:`rrdesk.store.collect.decide` compares it with the ledger.
"""
from __future__ import annotations

import hashlib
from typing import Container, Mapping

from rrdesk.core.problems import Problem
from rrdesk.store import minisign
from rrdesk.store.bundle._index import BundleIndex
from rrdesk.store.laptop import problem as signed_by
from rrdesk.store.ledger import BundleView, LogView
from rrdesk.store.log import bundle_problems

__all__ = ["header_problems", "ledger_view", "signatures"]


def signatures(index: BundleIndex, laptops: Mapping[str, minisign.PublicKey] | None) -> tuple[str | None,
                                                                                             dict[str, Problem]]:
    """Why the bundle's origin is not proven (None: proven, or ``laptops`` None: not checked),
    and each log whose header signature fails, by member name."""
    if laptops is None or index.manifest is None:
        return None, {}
    return (signed_by(index.manifest, index.manifest_bytes, index.signature, laptops),
            header_problems(index, laptops))


def header_problems(index: BundleIndex, laptops: Mapping[str, minisign.PublicKey] | None) -> dict[str, Problem]:
    """Each log of a signed bundle whose header signature is missing or fails (FORMAT.md §1.11),
    by member name: one verification per log, never per record."""
    return bundle_problems(index.manifest, index.manifest_bytes, index.signature, index.logs,
                           index.log_signatures or {}, laptops, index.file)


def ledger_view(index: BundleIndex, skip: Container[str] = ()) -> BundleView | None:
    """What the bundle shows the ledger: each log's verified prefix (up to its first damaged
    record) and its checks; the logs named in ``skip`` (a header signature that fails) left out."""
    if index.manifest is None:
        return None
    logs = {}
    for log in index.logs:
        if log.member in skip:
            continue
        named = [p.record for p in log.problems if p.record is not None]
        logs[log.member] = LogView(min([log.count, *named]), log.check_at)
    return BundleView(index.file, hashlib.sha256(index.digest).hexdigest(), index.manifest["survey"],
                      index.manifest["device"], index.manifest["exported"], logs)
