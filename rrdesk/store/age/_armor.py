"""age's ASCII armor, read strictly: the c2sp.org/age "ASCII armor" section, as the reference
reader (filippo.io/age/armor, ``armor.go``) and the age tool apply it.

An armored age file is the strict PEM of RFC 7468, section 3 (figure 3) with the case-sensitive
label ``AGE ENCRYPTED FILE``: the begin line, the binary file as padded base64 in lines of
exactly 64 columns, the last line shorter or full, then the end line. The spec asks a reader to
refuse every other encoding of the same bytes (armor is otherwise malleable) except whitespace
before and after the block, and lets it accept LF or CRLF line ends. What this reader accepts is
what ``armor.go`` accepts:

- the input is armored when, after at most 1024 bytes of whitespace, it starts with the begin
  line (the age tool's detection); anything else is read as a binary age file;
- before the begin line only whitespace lines (1024 bytes at most); the begin line, every base64
  line and the end line exactly as written, each ending in LF or CRLF (the end line may end the
  input without one);
- no PEM headers, no empty line, no space in or around a line, no line over 64 columns, canonical
  padded base64 (the spare bits zero), every line but the last decoding to exactly 48 bytes, and
  a line that decodes to fewer bytes followed at once by the end line (``Header\\nFooter`` is
  allowed and decodes to nothing: then the age header is what fails);
- after the end line only whitespace, less than 1024 bytes of it.

"Whitespace" is Go's ``unicode.IsSpace``, as ``bytes.TrimSpace`` applies it: the six ASCII
spaces and, UTF-8 encoded, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F
and U+3000. One deliberate difference: Go's base64 decoder skips a CR left inside a line (a CR
before a CRLF); here that line is refused, as the spec's canonical encoding asks.

The whole file is decoded before any of it is decrypted: an armor failure is reported as such
(:class:`ArmorError`, the test kit's "armor failure") and no plaintext is released before it.
"""
from __future__ import annotations

import binascii
import re

from rrdesk.core.errors import ArmorError

__all__ = ["BEGIN", "END", "decode", "is_armored"]

BEGIN = b"-----BEGIN AGE ENCRYPTED FILE-----"  # why: RFC 7468 pre-encapsulation boundary, age's label
END = b"-----END AGE ENCRYPTED FILE-----"  # why: its post-encapsulation boundary
_COLUMNS = 64  # why: RFC 7468's strict line length, armor.go's ColumnsPerLine
_LINE_BYTES = _COLUMNS // 4 * 3  # why: the 48 bytes a full line carries; a line carrying fewer is the last
_MAX_WHITESPACE = 1024  # why: armor.go's bound on the whitespace read before and after the block
# why: Go's unicode.IsSpace, the whitespace armor.go trims around the block (bytes.TrimSpace)
_SPACE = rb"(?:[\t\n\x0b\x0c\r ]|\xc2[\x85\xa0]|\xe1\x9a\x80|\xe2\x80[\x80-\x8a\xa8\xa9\xaf]|\xe2\x81\x9f|\xe3\x80\x80)"
_LEADING_SPACE = re.compile(_SPACE + b"*")
_ALL_SPACE = re.compile(_SPACE + b"*\\Z")
# why: padded base64 (RFC 4648, section 4) whose length is a multiple of 4; canonical spare bits
# are checked by re-encoding
_BASE64 = re.compile(rb"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?\Z")


def is_armored(data: bytes) -> bool:
    """Whether ``data`` is to be read as armor: after at most 1024 bytes of whitespace, the begin
    line's text (the age tool's test; the rest is :func:`decode`'s to check)."""
    head = data[:_MAX_WHITESPACE + len(BEGIN)]
    return head.startswith(BEGIN, _LEADING_SPACE.match(head).end())  # type: ignore[union-attr]


def decode(data: bytes) -> bytes:
    """The binary age file armored in ``data``.

    Raises
    ------
    ArmorError
        Anything but the strict encoding described in the module's docstring: the message
        says which line and what is wrong with it.
    """
    lines = _Lines(data)
    skipped = 0
    while True:  # whitespace lines, then the begin line
        line = lines.next()
        if not _ALL_SPACE.match(line):
            break
        skipped += len(line) + 1
        if skipped > _MAX_WHITESPACE:
            raise ArmorError("invalid age armor: too much whitespace before the begin line")
    if line != BEGIN:
        raise ArmorError(f"invalid age armor: line {lines.number}: not the begin line {BEGIN.decode()}")
    out = []
    while True:
        line = lines.next()
        if line == END:
            break
        if not line:
            raise ArmorError(f"invalid age armor: line {lines.number}: an empty line")
        if len(line) > _COLUMNS:
            raise ArmorError(f"invalid age armor: line {lines.number}: longer than {_COLUMNS} columns")
        if not _BASE64.match(line):
            raise ArmorError(f"invalid age armor: line {lines.number}: not padded base64")
        chunk = binascii.a2b_base64(line)
        if binascii.b2a_base64(chunk, newline=False) != line:
            raise ArmorError(f"invalid age armor: line {lines.number}: not canonical base64")
        out.append(chunk)
        if len(chunk) < _LINE_BYTES:
            if lines.next() != END:
                raise ArmorError(f"invalid age armor: line {lines.number}: a short line is not followed "
                                 "by the end line")
            break
    rest = lines.rest()
    if len(rest) >= _MAX_WHITESPACE or not _ALL_SPACE.match(rest):
        raise ArmorError("invalid age armor: data after the end line")
    return b"".join(out)


class _Lines:
    """``data`` line by line as armor.go's reader cuts it: up to and without an LF, then
    without one CR; the input ending before a line starts is a failure."""

    __slots__ = ("_at", "_data", "number")

    def __init__(self, data: bytes) -> None:
        self._data, self._at, self.number = data, 0, 0

    def next(self) -> bytes:
        data, at = self._data, self._at
        if at >= len(data):
            raise ArmorError("invalid age armor: the input ends before the end line")
        end = data.find(b"\n", at)
        self._at = len(data) if end < 0 else end + 1
        self.number += 1
        line = data[at:len(data) if end < 0 else end]
        return line[:-1] if line.endswith(b"\r") else line

    def rest(self) -> bytes:
        return self._data[self._at:]
