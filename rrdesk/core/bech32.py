"""Bech32 (BIP 173), as age uses it for ``age1…`` recipients and ``AGE-SECRET-KEY-1…``
identities. Pure functions, no I/O; the store's age module builds on these.

age uses the original Bech32 checksum constant (1), not Bech32m, and lifts BIP 173's
90-character limit (age's plugin recipients are longer, and a post-quantum ``age1pq1…``
recipient is 1959 characters); we keep a limit of 2048 characters so a hostile file cannot
make us work hard.
"""
from __future__ import annotations

CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
_GENERATOR = (0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)
_MAX_LENGTH = 2048  # why: above any key age writes (74 chars; 1959 for age1pq1…), bounds the work
HYBRID_KEY_SIZE = 1216
# why: an ML-KEM-768 encapsulation key (1184 bytes, FIPS 203) and an X25519 key (32), the
# MLKEM768-X25519 public key age's age1pq1… recipients carry (c2sp.org/age)
_MLKEM_T, _Q = 1152, 3329  # why: ML-KEM-768's encoded vector t (3 x 384 bytes) and its modulus q (FIPS 203)


class Bech32Error(ValueError):
    """Not a valid Bech32 string (one opaque reason, in plain words)."""


def _polymod(values: list[int]) -> int:
    chk = 1
    for v in values:
        top = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ v
        for i in range(5):
            chk ^= _GENERATOR[i] if (top >> i) & 1 else 0
    return chk


def _expand(hrp: str) -> list[int]:
    return [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]


def _convert(data: list[int] | bytes, frombits: int, tobits: int, pad: bool) -> list[int]:
    acc = bits = 0
    out = []
    maxv = (1 << tobits) - 1
    for value in data:
        acc = (acc << frombits) | value
        bits += frombits
        while bits >= tobits:
            bits -= tobits
            out.append((acc >> bits) & maxv)
    if pad:
        if bits:
            out.append((acc << (tobits - bits)) & maxv)
    elif bits >= frombits or (acc << (tobits - bits)) & maxv:
        raise Bech32Error("non-zero padding")
    return out


def encode(hrp: str, data: bytes) -> str:
    """Encode ``data`` under the human-readable part ``hrp`` (returned lower-case)."""
    hrp = hrp.lower()
    five = _convert(data, 8, 5, True)
    checksum = _polymod(_expand(hrp) + five + [0] * 6) ^ 1
    five += [(checksum >> 5 * (5 - i)) & 31 for i in range(6)]
    return hrp + "1" + "".join(CHARSET[d] for d in five)


def decode(text: str) -> tuple[str, bytes]:
    """Decode a Bech32 string to ``(hrp, data)``; the hrp comes back lower-case.

    Raises
    ------
    Bech32Error
        Mixed case, a character outside the alphabet, a bad checksum or padding.
    """
    if len(text) > _MAX_LENGTH:
        raise Bech32Error("too long")
    if any(ord(c) < 33 or ord(c) > 126 for c in text):
        raise Bech32Error("invalid character")
    if text.lower() != text and text.upper() != text:
        raise Bech32Error("mixed case")
    text = text.lower()
    pos = text.rfind("1")
    if pos < 1 or pos + 7 > len(text):
        raise Bech32Error("missing separator or checksum")
    hrp, rest = text[:pos], text[pos + 1:]
    if any(c not in CHARSET for c in rest):
        raise Bech32Error("invalid character")
    five = [CHARSET.find(c) for c in rest]
    if _polymod(_expand(hrp) + five) != 1:
        raise Bech32Error("bad checksum")
    return hrp, bytes(_convert(five[:-6], 5, 8, False))


def is_age_recipient(text: str) -> bool:
    """True for a valid age X25519 recipient: lower-case ``age1…`` with a 32-byte key."""
    key = _age_key(text)
    return key is not None and key[0] == "age" and len(key[1]) == 32


def is_age_hybrid_recipient(text: str) -> bool:
    """True for a valid age post-quantum recipient: lower-case ``age1pq1…`` with a 1216-byte
    MLKEM768-X25519 key whose ML-KEM half passes FIPS 203's modulus check (so a survey naming a
    damaged key is refused when it is read, not at its first record)."""
    key = _age_key(text)
    if key is None or key[0] != "age1pq" or len(key[1]) != HYBRID_KEY_SIZE:
        return False
    t = key[1][:_MLKEM_T]
    # FIPS 203 ByteDecode_12: two 12-bit coefficients in every 3 bytes, each one must be < q
    low = t[0::3]
    mid = t[1::3]
    high = t[2::3]
    return all(a | (b & 15) << 8 < _Q and b >> 4 | c << 4 < _Q for a, b, c in zip(low, mid, high))


def _age_key(text: str) -> tuple[str, bytes] | None:
    if not isinstance(text, str) or text != text.lower():
        return None
    try:
        return decode(text)
    except Bech32Error:
        return None
