"""The age v1 header, byte by byte (c2sp.org/age, "Header" and its ABNF): a strict
parser and the matching encoder. No cryptography and no I/O here; ``age.py`` turns
:class:`Malformed` into its ``HeaderError`` and checks the MAC.

The parser accepts exactly what the ABNF allows, so the bytes the MAC covers are the
bytes we parsed: there is no second, re-encoded form an attacker could play against
the first. Every rejection has a vector in the age test kit.

    header    = v1-line 1*stanza end
    v1-line   = "age-encryption.org/v1" LF
    stanza    = arg-line *full-line final-line
    arg-line  = "-> " argument *(SP argument) LF        ; argument = 1*VCHAR
    full-line = 64base64char LF
    final-line = *63base64char LF
    end       = "--- " 43base64char LF
"""
from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

VERSION_LINE = b"age-encryption.org/v1\n"
# why: anything that starts like an age file but names another version is reported as
# "unsupported version" rather than "not an age file" -- a clearer message, same rejection.
_VERSION_PREFIX = b"age-encryption.org/"
_STANZA_PREFIX = b"-> "
_END_MARK = b"---"

COLUMNS = 64
# why: the spec wraps stanza bodies at exactly 64 base64 columns (48 bytes); a line of
# any other length ends the body, so a body has one and only one encoding.

MAC_SIZE = 32
# why: HMAC-SHA-256 output; the ABNF's "43base64char" is exactly 32 bytes, unpadded.

MAX_LINE = 4096
# why: the longest header line any native recipient type writes is the hybrid
# post-quantum argument line (~1.5 KB); 4 KiB reads those (we must parse, then ignore,
# stanzas of other types) while bounding what a hostile file can make us scan per line.

MAX_STANZAS = 1024
# why: rrdesk seals to a handful of coordinators; 1024 is far above any real file and
# bounds the X25519 work (one scalar multiplication per stanza and identity) a hostile
# header can demand.

MAX_HEADER = 1 << 20
# why: 1 MiB bounds the bytes we scan for a header (stanza bodies can span many lines);
# real headers are a few hundred bytes per recipient.

_BASE64 = re.compile(rb"[A-Za-z0-9+/]*")
_VCHAR = re.compile(rb"[\x21-\x7e]+")


class Malformed(ValueError):
    """The bytes are not a well-formed age v1 header (short reason, no secrets)."""


@dataclass(frozen=True, slots=True)
class Stanza:
    """One recipient stanza: its arguments (the first names the type) and its body."""

    args: tuple[str, ...]
    body: bytes

    @property
    def type(self) -> str:
        return self.args[0]


@dataclass(frozen=True, slots=True)
class Header:
    """A parsed header: the stanzas, the MAC, and the exact bytes the MAC covers."""

    stanzas: tuple[Stanza, ...]
    mac: bytes
    mac_input: bytes  # everything up to and including "---" (not the space after it)


def b64encode(raw: bytes) -> bytes:
    """Canonical unpadded standard base64 (RFC 4648 section 4, no ``=``)."""
    return base64.b64encode(raw).rstrip(b"=")


def b64decode(text: bytes) -> bytes:
    """Decode unpadded base64, rejecting padding, stray characters and non-canonical
    encodings (non-zero trailing bits), as the spec requires of decoders."""
    if not _BASE64.fullmatch(text) or len(text) % 4 == 1:
        raise Malformed("invalid base64")
    try:
        raw = base64.b64decode(text + b"=" * (-len(text) % 4), validate=True)
    except binascii.Error:
        raise Malformed("invalid base64") from None
    if b64encode(raw) != text:
        raise Malformed("non-canonical base64")
    return raw


def encode(stanzas: list[Stanza] | tuple[Stanza, ...]) -> bytes:
    """The header up to and including ``---``: the bytes the MAC is computed over.

    The caller appends ``b" " + b64encode(mac) + b"\\n"``.
    """
    out = [VERSION_LINE]
    for stanza in stanzas:
        for arg in stanza.args:
            if not _VCHAR.fullmatch(arg.encode("ascii")):
                raise ValueError("stanza arguments are non-empty printable ASCII")
        out.append(_STANZA_PREFIX + " ".join(stanza.args).encode("ascii") + b"\n")
        body = b64encode(stanza.body)
        lines = [body[i:i + COLUMNS] for i in range(0, len(body), COLUMNS)]
        if not lines or len(lines[-1]) == COLUMNS:
            lines.append(b"")  # a body always ends with a short (possibly empty) line
        out.extend(line + b"\n" for line in lines)
    out.append(_END_MARK)
    return b"".join(out)


class _Lines:
    """Reads LF-terminated lines from ``data`` with the header limits applied."""

    def __init__(self, data: bytes) -> None:
        self.data, self.pos, self.number = data, 0, 0

    def next(self) -> tuple[int, bytes]:
        """(offset where the line starts, the line without its LF)."""
        start = self.pos
        end = self.data.find(b"\n", start, start + MAX_LINE + 1)
        self.number += 1
        if end < 0:
            if len(self.data) - start > MAX_LINE:
                raise Malformed(f"line {self.number}: longer than {MAX_LINE} bytes")
            raise Malformed("the header ends early")
        if end >= MAX_HEADER:
            raise Malformed(f"the header is longer than {MAX_HEADER} bytes")
        self.pos = end + 1
        return start, self.data[start:end]


def parse(data: bytes) -> tuple[Header, int]:
    """Parse the header at the start of ``data``.

    Returns
    -------
    (Header, int)
        The header and the offset where the payload (its 16-byte nonce) starts.

    Raises
    ------
    Malformed
        Anything the ABNF does not allow, or a header over the limits above.
    """
    if not data.startswith(VERSION_LINE):
        if data.startswith(VERSION_LINE[:-1] + b"\r\n"):
            raise Malformed("line 1: ends in CR LF; an age header's lines end in LF")
        if data.startswith(_VERSION_PREFIX):
            raise Malformed("unsupported version (only age-encryption.org/v1)")
        raise Malformed("not an age file")
    lines = _Lines(data)
    lines.next()
    stanzas: list[Stanza] = []
    while True:
        start, line = lines.next()
        if line.startswith(_STANZA_PREFIX):
            if len(stanzas) == MAX_STANZAS:
                raise Malformed(f"more than {MAX_STANZAS} recipient stanzas")
            stanzas.append(_stanza(lines, line))
        elif line.startswith(_END_MARK):
            if not stanzas:
                raise Malformed("no recipient stanzas")
            return Header(tuple(stanzas), _mac(line, lines.number), data[:start + 3]), lines.pos
        else:
            raise Malformed(f"line {lines.number}: expected a stanza or the MAC line")


def _stanza(lines: _Lines, arg_line: bytes) -> Stanza:
    number = lines.number
    args = arg_line[len(_STANZA_PREFIX):].split(b" ")
    if not all(_VCHAR.fullmatch(arg) for arg in args):
        raise Malformed(f"line {number}: malformed stanza arguments")
    body = []
    while True:
        _, line = lines.next()
        if len(line) > COLUMNS:
            raise Malformed(f"line {lines.number}: stanza body line longer than {COLUMNS} columns")
        try:
            body.append(b64decode(line))
        except Malformed as error:
            raise Malformed(f"line {lines.number}: stanza body: {error}") from None
        if len(line) < COLUMNS:  # the short final line ends the body
            return Stanza(tuple(arg.decode("ascii") for arg in args), b"".join(body))


def _mac(line: bytes, number: int) -> bytes:
    mark, space, encoded = line.partition(b" ")
    if mark != _END_MARK or not space:
        raise Malformed(f"line {number}: malformed MAC line")
    try:
        mac = b64decode(encoded)
    except Malformed as error:
        raise Malformed(f"line {number}: MAC: {error}") from None
    if len(mac) != MAC_SIZE:
        raise Malformed(f"line {number}: MAC has the wrong length")
    return mac
