"""The aggregator's custody facts of one bundle, read off its index: who wrote it (its laptop's
signature against the enrolled laptops, FORMAT.md §2.8), each log's header signature (§1.11)
and what it shows of each log for the ledger (§4).

:func:`judge` (and :func:`signatures`) run where the bundle is indexed, in a worker process: the
one step of the custody checks that verifies anything, so that :func:`rrdesk.store.collect.decide`
need not; :func:`ledger_view` is pure: ``decide`` compares it with the ledger.
"""
from __future__ import annotations

import hashlib
from typing import Callable, Container, Mapping

from rrdesk.core import survey as surveys
from rrdesk.core.errors import RRDeskError
from rrdesk.core.problems import Problem
from rrdesk.store import minisign
from rrdesk.store.bundle._index import BundleIndex, Verdicts
from rrdesk.store.bundle._open import SURVEY_FILE, VERSIONS_DIR
from rrdesk.store.laptop import problem as signed_by
from rrdesk.store.ledger import BundleView, LogView
from rrdesk.store.log import bundle_problems

__all__ = ["CopySigned", "header_problems", "judge", "ledger_view", "signatures"]

#: whether a signature is the signing key's signature of a survey copy for a survey id
CopySigned = Callable[[bytes, "bytes | None", minisign.PublicKey, str], bool]

_COPY_SUFFIX, _SIGNATURE_SUFFIX = ".toml", ".minisig"


def signatures(index: BundleIndex, laptops: Mapping[str, minisign.PublicKey] | None) -> tuple[str | None,
                                                                                             dict[str, Problem]]:
    """Why the bundle's origin is not proven (None: proven, or ``laptops`` None: not checked),
    and each log whose header signature fails, by member name."""
    if laptops is None or index.manifest is None:
        return None, {}
    return (signed_by(index.manifest, index.manifest_bytes, index.signature, laptops),
            header_problems(index, laptops))


def judge(index: BundleIndex, laptops: Mapping[str, minisign.PublicKey] | None,
          signer: minisign.PublicKey | None, copy_signed: CopySigned | None) -> Verdicts:
    """The verdicts on ``index``'s signatures: its origin and each log's header against
    ``laptops``, and its survey copies against ``signer`` (``copy_signed`` checks one)."""
    origin, headers = signatures(index, laptops)
    if signer is None or copy_signed is None or index.manifest is None:
        return Verdicts(origin, headers)
    held = [(SURVEY_FILE, index.survey_text, index.survey_signature)]
    held += [(VERSIONS_DIR + name, text, index.versions.get(name + _SIGNATURE_SUFFIX))
             for name, text in index.versions.items() if name.endswith(_COPY_SUFFIX)]
    signed = set()
    for member, text, signature in held:
        try:
            own = surveys.loads(text.decode("utf-8-sig"), f"{index.file}:{member}").id
        except (RRDeskError, UnicodeDecodeError):
            continue
        if copy_signed(text, signature, signer, own):
            signed.add(member)
    return Verdicts(origin, headers, copy_signed(index.survey_text, index.survey_signature, signer,
                                                 index.manifest["survey"]), frozenset(signed))


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
