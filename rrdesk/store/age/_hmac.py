"""HMAC-SHA-256 (RFC 2104) for the many short messages of reading records and logs.

The same value as ``hmac.digest(key, msg, "sha256")`` (``tests/test_log_stream.py`` checks it
on every key length around the block size), built from two SHA-256 calls with the key pads made
by ``bytes.translate``: about half the cost of OpenSSL's HMAC for the ~50-byte messages that
HKDF, the header MAC and the log's key chain hash (the context set-up dominates those).
"""
from __future__ import annotations

from hashlib import sha256

__all__ = ["hmac_padded", "hmac_sha256", "keyed"]

_BLOCK = 64  # why: SHA-256's block size; RFC 2104 pads (or first hashes) the key to it
IPAD = bytes(b ^ 0x36 for b in range(256))  # why: RFC 2104's inner pad byte, as a translate table
OPAD = bytes(b ^ 0x5C for b in range(256))  # why: RFC 2104's outer pad byte, as a translate table
INNER, OUTER = b"\x36" * _BLOCK, b"\x5c" * _BLOCK  # a zero key byte XOR each pad
INNER32, OUTER32 = INNER[:32], OUTER[:32]  # why: the pads' tail after a 32-byte key (every key of a log's chain)


def hmac_sha256(key: bytes, msg: bytes) -> bytes:
    if len(key) > _BLOCK:
        key = sha256(key).digest()
    pad = _BLOCK - len(key)
    # why one expression: each Python call costs about what a SHA-256 block does; copying a
    # short message into the inner block is cheaper than a separate update()
    return sha256(key.translate(OPAD) + OUTER[:pad] + sha256(key.translate(IPAD) + INNER[:pad] + msg).digest()).digest()


def keyed(key: bytes) -> tuple[bytes, bytes]:
    """The inner and outer padded key of a key used many times (:func:`hmac_padded`)."""
    if len(key) > _BLOCK:
        key = sha256(key).digest()
    pad = _BLOCK - len(key)
    return key.translate(IPAD) + INNER[:pad], key.translate(OPAD) + OUTER[:pad]


def hmac_padded(inner: bytes, outer: bytes, msg: bytes) -> bytes:
    """HMAC-SHA-256 with the pads of :func:`keyed`: the same value as :func:`hmac_sha256`."""
    return sha256(outer + sha256(inner + msg).digest()).digest()
