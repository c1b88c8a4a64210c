"""age v1 (age-encryption.org/v1) with X25519 and post-quantum hybrid (MLKEM768-X25519)
recipients, on pyca/cryptography; binary age files, and ASCII-armored ones to open.

The one age implementation, as the age tool has one: :class:`Sealer` seals (:func:`encrypt` is
a whole plaintext through it; the export streams its bundle through it), to recipients given as
strings or as :class:`Recipients` parsed once (a station's survey: no decoding per record) and :class:`Opener`
opens (:func:`decrypt` is a whole file through it; the aggregator opens every record with one);
both open an ASCII-armored file as the age tool does (:func:`is_armored`: it starts with the
armor's begin line after whitespace), and :func:`unarmor` decodes armor strictly on its own;
:class:`SealedFile` reads a large file's plaintext chunk by chunk through the same opener.
Identities and recipients, and the HMAC-SHA-256 the record log's key chain shares with age's
HKDF (:func:`hmac_sha256` and its pads). Every record rrdesk stores is an age file the ``age``
tool opens. Errors are ``rrdesk.core.errors.AgeError`` and its subclasses.
"""
from __future__ import annotations

from rrdesk.store.age._age import (
    CHUNK_SIZE,
    FILE_KEY_SIZE,
    PAYLOAD_NONCE_SIZE,
    Identity,
    Opener,
    Recipients,
    Sealer,
    decrypt,
    encrypt,
    identity_file_text,
    is_post_quantum,
    parse_recipient,
    read_identities,
    recipient_type,
    sealed_size,
    stanza_types,
)
from rrdesk.store.age._armor import decode as unarmor
from rrdesk.store.age._armor import is_armored
from rrdesk.store.age._hmac import (
    INNER32,
    IPAD,
    OPAD,
    OUTER32,
    hmac_sha256,
)
from rrdesk.store.age._sealed_file import SealedFile

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
    "Recipients",
    "SealedFile",
    "Sealer",
    "decrypt",
    "encrypt",
    "hmac_sha256",
    "identity_file_text",
    "is_armored",
    "is_post_quantum",
    "parse_recipient",
    "read_identities",
    "recipient_type",
    "sealed_size",
    "stanza_types",
    "unarmor",
]
