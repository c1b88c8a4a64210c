"""HMAC-SHA-256 (RFC 2104) and HKDF-SHA-256 (RFC 5869): the one implementation of both.

age derives every key with HKDF and authenticates its header with HMAC; the record log's key
chain and tags are HMACs too (``rrdesk.store.log`` imports these names through the age face).
Each is built from two SHA-256 calls with the key pads made by ``bytes.translate``: the same
values as ``hmac.digest`` and pyca's ``HKDF`` (``tests/test_age.py`` and
``tests/test_log_stream.py`` check both, on every key length around the block size), at about
half the cost of OpenSSL's for the ~50-byte messages these hash, where the context set-up
dominates. A key used for many messages is padded once (:func:`keyed`, then :func:`hkdf_keyed`).
"""
from __future__ import annotations

from hashlib import sha256

__all__ = ["INNER32", "IPAD", "OPAD", "OUTER32", "hkdf", "hkdf_keyed", "hmac_sha256", "keyed"]

_BLOCK = 64  # why: SHA-256's block size; RFC 2104 pads (or first hashes) the key to it
IPAD = bytes(b ^ 0x36 for b in range(256))  # why: RFC 2104's inner pad byte, as a translate table
OPAD = bytes(b ^ 0x5C for b in range(256))  # why: RFC 2104's outer pad byte, as a translate table
INNER, OUTER = b"\x36" * _BLOCK, b"\x5c" * _BLOCK  # why: a zero key byte XOR each pad (RFC 2104's zero padding)
INNER32, OUTER32 = INNER[:32], OUTER[:32]  # why: the pads' tail after a 32-byte key (every HKDF output)
_T1 = b"\x01"  # why: RFC 5869's counter of the first output block; 32 bytes is exactly one block


def hmac_sha256(key: bytes, msg: bytes) -> bytes:
    """HMAC-SHA-256 of ``msg`` under ``key`` (any length)."""
    if len(key) > _BLOCK:
        key = sha256(key).digest()
    pad = _BLOCK - len(key)
    # why one expression: each Python call costs about what a SHA-256 block does; copying a
    # short message into the inner block is cheaper than a separate update()
    return sha256(key.translate(OPAD) + OUTER[:pad] + sha256(key.translate(IPAD) + INNER[:pad] + msg).digest()).digest()


def keyed(key: bytes) -> tuple[bytes, bytes]:
    """The inner and outer padded key of a key used many times (:func:`hkdf_keyed`)."""
    if len(key) > _BLOCK:
        key = sha256(key).digest()
    pad = _BLOCK - len(key)
    return key.translate(IPAD) + INNER[:pad], key.translate(OPAD) + OUTER[:pad]



def hkdf(ikm: bytes, salt: bytes, info: bytes) -> bytes:
    """HKDF-SHA-256 with a 32-byte output. An empty ``salt`` is the RFC's absent one (HashLen
    zero bytes): HMAC pads a key with zeros, so both give the same pads."""
    if len(salt) > _BLOCK:
        salt = sha256(salt).digest()
    pad = _BLOCK - len(salt)  # why not keyed(): a call and a tuple less, for every record's payload key
    return hkdf_keyed(salt.translate(IPAD) + INNER[:pad], salt.translate(OPAD) + OUTER[:pad], ikm, info)


def hkdf_keyed(inner: bytes, outer: bytes, ikm: bytes, info: bytes) -> bytes:
    """:func:`hkdf` with the salt's pads from :func:`keyed`: one HMAC to extract, one to expand."""
    prk = sha256(outer + sha256(inner + ikm).digest()).digest()
    return sha256(prk.translate(OPAD) + OUTER32 + sha256(prk.translate(IPAD) + INNER32 + info + _T1).digest()).digest()
