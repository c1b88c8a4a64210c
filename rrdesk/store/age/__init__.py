"""age v1 (age-encryption.org/v1) with X25519 recipients, on pyca/cryptography.

The one age implementation: encrypt and decrypt whole files, identities and recipients, the
record opener the aggregator uses per record (:class:`Opener`), a large file's plaintext read
in chunks (:class:`SealedFile`) and the STREAM sealer the export writes with (:class:`Sealer`).
Every record rrdesk stores is an age file the ``age`` tool opens. Errors are
``rrdesk.core.errors.AgeError`` and its subclasses.
"""
from __future__ import annotations

from rrdesk.store.age._age import (
    CHUNK_SIZE,
    FILE_KEY_SIZE,
    PAYLOAD_NONCE_SIZE,
    Identity,
    decrypt,
    encrypt,
    identity_file_text,
    parse_recipient,
    read_identities,
)
from rrdesk.store.age._hmac import (
    INNER32,
    IPAD,
    OPAD,
    OUTER32,
    hmac_sha256,
)
from rrdesk.store.age._open import Opener, SealedFile, Sealer

__all__ = [
    "CHUNK_SIZE",
    "FILE_KEY_SIZE",
    "INNER32",
    "IPAD",
    "Identity",
    "OPAD",
    "OUTER32",
    "Opener",
    "PAYLOAD_NONCE_SIZE",
    "SealedFile",
    "Sealer",
    "decrypt",
    "encrypt",
    "hmac_sha256",
    "identity_file_text",
    "parse_recipient",
    "read_identities",
]
