"""X25519 public keys that no one should seal to: the points of small order (RFC 7748 §7).

An X25519 exchange with a point of small order (the all-zero key is one; there are a few
more, and each has other encodings: plus p, or with the top bit set) gives the all-zero shared
secret whatever the private key: a file key wrapped for such a "recipient" is readable by
anyone, and pyca/cryptography, like the ``age`` tool, refuses the exchange, so a laptop given
one would fail at its first interview. :func:`small_order` tells them apart exactly, with no
list to trust: a point's order divides 8 (the curve's cofactor; its twist's is 4) exactly when
three doublings reach the point at infinity. The survey loader refuses such a recipient in
``rrdesk check``; the store's recipient parser refuses it too.
"""
from __future__ import annotations

__all__ = ["small_order"]

_P = 2**255 - 19
_A = 486662  # curve25519: y² = x³ + 486662 x² + x


def small_order(key: bytes) -> bool:
    """Whether the 32-byte X25519 public key ``key`` (RFC 7748's little-endian u-coordinate,
    top bit ignored, any value mod p) is a point whose order divides 8."""
    x = (int.from_bytes(key, "little") & ((1 << 255) - 1)) % _P
    z = 1
    for _ in range(3):  # x-only doubling in projective (X : Z); Z = 0 is the point at infinity
        xx, zz, xz = x * x % _P, z * z % _P, x * z % _P
        x, z = (xx - zz) ** 2 % _P, 4 * xz * (xx + _A * xz + zz) % _P
    return z == 0
