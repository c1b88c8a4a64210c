"""Bech32 (BIP 173), as age uses it for ``age1…`` recipients and ``AGE-SECRET-KEY-1…``
identities. Pure functions, no I/O; the store's age module builds on these.

age uses the original Bech32 checksum constant (1), not Bech32m, and lifts BIP 173's
90-character limit (age's plugin recipients are longer); we keep a generous limit of
1023 characters so a hostile file cannot make us work hard.
"""
from __future__ import annotations

CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
_GENERATOR = (0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)
_MAX_LENGTH = 1023  # why: far above any key age writes (74 or 74+ chars), bounds the work


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
    if not isinstance(text, str) or text != text.lower():
        return False
    try:
        hrp, data = decode(text)
    except Bech32Error:
        return False
    return hrp == "age" and len(data) == 32
