"""A bundle's signatures judged where it is indexed (a worker process): the one step of the
custody checks that verifies anything, so that :func:`rrdesk.store.collect.decide` need not."""
from __future__ import annotations

from typing import Callable, Mapping

from rrdesk.core import survey as surveys
from rrdesk.core.errors import RRDeskError
from rrdesk.store import minisign
from rrdesk.store.bundle import SURVEY_FILE, VERSIONS_DIR, BundleIndex, Verdicts, signatures

__all__ = ["CopySigned", "judge"]

#: whether a signature is the signing key's signature of a survey copy for a survey id
CopySigned = Callable[[bytes, "bytes | None", minisign.PublicKey, str], bool]

_COPY_SUFFIX, _SIGNATURE_SUFFIX = ".toml", ".minisig"


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
