"""age v1 files (c2sp.org/age) with X25519 recipients, on pyca/cryptography primitives.

Every record rrdesk stores is a complete age file sealed to the coordinator's
recipient(s), so the standard ``age`` tool can open it without rrdesk (docs/ARCHITECTURE.md,
"Records are age files"). This module holds only what that needs: X25519 recipients
and identities, the header MAC, and the STREAM payload. No passphrases (scrypt), no
ASCII armor, no plugins. No I/O: ``keys.py`` reads and writes key files.

Decryption is strict: every MUST of the spec is a check, and every check has a vector
in the age test kit (``tests/test_age_testkit.py``). Failures come in the test kit's
four kinds -- :class:`HeaderError`, :class:`NoMatchError`, :class:`HMACError`,
:class:`PayloadError` -- each with a short message that never includes plaintext.
:func:`decrypt` is all or nothing: it returns the whole plaintext or raises.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime

from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.hmac import HMAC
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

import rrdesk.store.age._format as fmt
from rrdesk.core import bech32
from rrdesk.core.errors import (  # noqa: F401 - re-exported: rrdesk.store.age._age.NoMatchError etc.
    AgeError,
    HeaderError,
    HMACError,
    IdentityFileError,
    NoMatchError,
    PayloadError,
)

ByteSource = Callable[[int], bytes]

FILE_KEY_SIZE = 16
# why: the spec's 128-bit file key, fresh from the CSPRNG per file; it only ever feeds
# HKDF, which stretches it to 256-bit keys, and 128 bits is beyond any brute force.
PAYLOAD_NONCE_SIZE = 16
# why: the spec's random per-file salt for the payload key, so that even a repeated
# file key (a broken random source) would not repeat the payload key.
CHUNK_SIZE = 64 * 1024
# why: the spec's fixed STREAM chunk; fixed sizes mean an attacker cannot move chunk
# boundaries, and each chunk is authenticated before any of it is released.
_TAG_SIZE = 16  # why: Poly1305 tag length, fixed by ChaCha20-Poly1305 (RFC 7539)
_SEALED_CHUNK = CHUNK_SIZE + _TAG_SIZE
_MAX_CHUNKS = 1 << 88
# why: the chunk counter is 11 bytes big-endian; a nonce must never repeat under one
# payload key, so we stop before the counter would wrap (unreachable in practice).
_KEY_SIZE = 32  # why: X25519 scalars and points, and every HKDF output, are 32 bytes
_ZERO_NONCE = bytes(12)
# why: each stanza's wrap key encrypts exactly one message (the file key), because a
# fresh ephemeral share goes into every stanza of every file, so a fixed nonce never
# repeats under one key (spec: "12 0x00 bytes").
_X25519_INFO = b"age-encryption.org/v1/X25519"  # why: spec label; binds the key to its use
_X25519_TYPE = "X25519"  # why: case-sensitive stanza type; "x25519" is another type, ignored
_SCRYPT_TYPE = "scrypt"
_RECIPIENT_HRP = "age"
_IDENTITY_HRP = "age-secret-key-"  # bech32 hrp, compared lower-case; printed upper-case


class Identity:
    """An age X25519 identity (secret key). ``str()`` gives ``AGE-SECRET-KEY-1…``;
    ``repr()`` shows only the recipient, so a secret never lands in a log by accident."""

    __slots__ = ("_key", "_public")

    def __init__(self, key: X25519PrivateKey) -> None:
        if not isinstance(key, X25519PrivateKey):
            raise TypeError("Identity wraps an X25519PrivateKey; use generate() or from_string()")
        self._key = key
        self._public = key.public_key().public_bytes_raw()

    @classmethod
    def generate(cls, *, random: ByteSource = os.urandom) -> Identity:
        """A new identity from 32 bytes of ``random`` (the OS CSPRNG by default)."""
        return cls(X25519PrivateKey.from_private_bytes(_draw(random, _KEY_SIZE)))

    @classmethod
    def from_string(cls, text: str) -> Identity:
        """Parse ``AGE-SECRET-KEY-1…`` (upper case, as age writes and requires it)."""
        if not isinstance(text, str) or text != text.upper():
            raise AgeError("not an age identity (AGE-SECRET-KEY-1…)")
        try:
            hrp, data = bech32.decode(text)
        except bech32.Bech32Error:
            raise AgeError("not an age identity (AGE-SECRET-KEY-1…)") from None
        if hrp != _IDENTITY_HRP or len(data) != _KEY_SIZE:
            raise AgeError("not an age identity (AGE-SECRET-KEY-1…)")
        return cls(X25519PrivateKey.from_private_bytes(data))

    @property
    def recipient(self) -> str:
        """The public key as ``age1…``: what a survey file lists to seal records to."""
        return bech32.encode(_RECIPIENT_HRP, self._public)

    def __str__(self) -> str:
        return bech32.encode(_IDENTITY_HRP, self._key.private_bytes_raw()).upper()

    def __repr__(self) -> str:
        return f"Identity(recipient={self.recipient!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Identity) and other._public == self._public

    def __hash__(self) -> int:
        return hash(self._public)


def parse_recipient(text: str) -> bytes:
    """The 32-byte X25519 public key of an ``age1…`` recipient (lower case).

    Raises
    ------
    AgeError
        Not a string, upper or mixed case, another kind of key, a bad checksum, or a
        key that is not 32 bytes.
    """
    if not bech32.is_age_recipient(text):
        raise AgeError("not an age X25519 recipient (age1…)")
    return bech32.decode(text)[1]


def encrypt(plaintext: bytes, recipients: Sequence[str], *, random: ByteSource = os.urandom) -> bytes:
    """Seal ``plaintext`` as a binary age file with one X25519 stanza per recipient.

    ``random(n)`` supplies every random byte (file key, one ephemeral secret per
    recipient, payload nonce, in that order); the default is the OS CSPRNG. A test may
    pass a deterministic source to get the same file twice -- never do that in
    production: the file key and ephemeral secrets must never repeat.
    """
    if isinstance(recipients, str):
        raise TypeError("recipients is a sequence of age1… strings, not one string")
    keys = [parse_recipient(r) for r in recipients]
    if not keys:
        raise AgeError("no recipients to seal to")
    file_key = _draw(random, FILE_KEY_SIZE)
    stanzas = [_wrap(file_key, key, random) for key in keys]
    header = fmt.encode(stanzas)
    mac = _header_mac(file_key, header).finalize()
    nonce = _draw(random, PAYLOAD_NONCE_SIZE)
    stream = ChaCha20Poly1305(_hkdf(file_key, nonce, b"payload"))
    view = memoryview(plaintext)
    count = max(1, -(-len(view) // CHUNK_SIZE))  # the empty plaintext is one empty chunk
    chunks = (stream.encrypt(_chunk_nonce(i, i == count - 1),
                             view[i * CHUNK_SIZE:(i + 1) * CHUNK_SIZE], None)
              for i in range(count))
    return b"".join([header, b" ", fmt.b64encode(mac), b"\n", nonce, *chunks])


def decrypt(data: bytes, identities: Sequence[Identity]) -> bytes:
    """Open an age file with any of ``identities``; the whole plaintext, or an error.

    Raises
    ------
    HeaderError, NoMatchError, HMACError, PayloadError
        In the order the file is checked: header syntax, unwrapping, header MAC,
        payload. Nothing of the plaintext is returned unless all of it authenticates.
    """
    return b"".join(_decrypt_chunks(data, identities))


def _decrypt_chunks(data: bytes, identities: Sequence[Identity]) -> Iterator[bytes]:
    """Check the header now; then yield the payload chunk by chunk, each authenticated,
    raising :class:`PayloadError` where the STREAM breaks. For the test kit, which
    checks what a streaming reader would have released before the failure."""
    if isinstance(identities, (Identity, str, bytes)):
        raise TypeError("identities is a sequence of age.Identity, not one")
    identities = list(identities)  # a generator would be used up by the check below
    if not all(isinstance(i, Identity) for i in identities):
        raise TypeError("identities is a sequence of age.Identity")
    data = bytes(data)
    try:
        header, offset = fmt.parse(data)
    except fmt.Malformed as error:
        raise HeaderError(f"invalid age header: {error}") from None
    wrapped = _x25519_stanzas(header.stanzas)
    file_key = _unwrap(wrapped, identities)
    try:
        _header_mac(file_key, header.mac_input).verify(header.mac)
    except InvalidSignature:
        raise HMACError("the header MAC does not match: the header was altered") from None
    nonce = data[offset:offset + PAYLOAD_NONCE_SIZE]
    if len(nonce) != PAYLOAD_NONCE_SIZE:
        raise HeaderError("invalid age file: it ends before the payload nonce")
    stream = ChaCha20Poly1305(_hkdf(file_key, nonce, b"payload"))
    return _open_stream(stream, memoryview(data)[offset + PAYLOAD_NONCE_SIZE:])


def _open_stream(stream: ChaCha20Poly1305, sealed: memoryview) -> Iterator[bytes]:
    # Chunks sit at fixed offsets. A short chunk can only be the final one; a full one
    # is final when it opens with the final-chunk nonce (a full last chunk is allowed);
    # nothing may follow the final chunk, and the file may not end without one.
    counter = 0
    while True:
        if counter == _MAX_CHUNKS:
            raise PayloadError("damaged age payload: too many chunks")
        chunk = sealed[counter * _SEALED_CHUNK:(counter + 1) * _SEALED_CHUNK]
        if len(chunk) == 0:
            raise PayloadError("damaged age payload: it ends before the final chunk")
        if len(chunk) == _TAG_SIZE and counter > 0:
            raise PayloadError("damaged age payload: empty final chunk")
        final = len(chunk) < _SEALED_CHUNK
        try:
            plain = stream.decrypt(_chunk_nonce(counter, final), chunk, None)
        except InvalidTag:
            if final:
                raise PayloadError("damaged age payload: a chunk does not authenticate") from None
            final = True
            try:
                plain = stream.decrypt(_chunk_nonce(counter, True), chunk, None)
            except InvalidTag:
                raise PayloadError("damaged age payload: a chunk does not authenticate") from None
        counter += 1
        yield plain
        if final:
            if len(sealed) > counter * _SEALED_CHUNK:
                raise PayloadError("damaged age payload: data after the final chunk")
            return


def read_identities(text: str, file: str) -> list[Identity]:
    """Identities from the text of an identity file, as ``age-keygen`` writes it.

    Lines starting with ``#`` and empty lines are skipped; every other line must be one
    ``AGE-SECRET-KEY-1…``. A line may end in CRLF. Errors name ``file`` and the line,
    never the line's content (it may be a damaged secret key).

    Raises
    ------
    IdentityFileError
        A line that is not an X25519 identity, or no identity at all.
    """
    identities = []
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.removesuffix("\r")
        if not line or line.startswith("#"):
            continue
        try:
            identities.append(Identity.from_string(line))
        except AgeError:
            what = "not an age identity (AGE-SECRET-KEY-1…)"
            if line.startswith(("AGE-SECRET-KEY-PQ-", "AGE-PLUGIN-")):
                what += "; post-quantum and plugin identities are not supported"
            raise IdentityFileError(file, f"line {number}", what) from None
    if not identities:
        raise IdentityFileError(file, "", "no age identity (AGE-SECRET-KEY-1…) in the file")
    return identities


def identity_file_text(identity: Identity, created: datetime) -> str:
    """The identity file exactly as ``age-keygen`` writes it; ``created`` must carry
    its time zone (printed as RFC 3339 to the second, ``Z`` for UTC)."""
    offset = created.utcoffset()
    if offset is None:
        raise ValueError("created must be a timezone-aware datetime")
    seconds = int(offset.total_seconds())
    sign, minutes = ("-" if seconds < 0 else "+"), abs(seconds) // 60
    zone = "Z" if seconds == 0 else f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"
    stamp = (f"{created.year:04d}-{created.month:02d}-{created.day:02d}"
             f"T{created.hour:02d}:{created.minute:02d}:{created.second:02d}{zone}")
    return f"# created: {stamp}\n# public key: {identity.recipient}\n{identity}\n"


def _draw(random: ByteSource, n: int) -> bytes:
    value = random(n)
    if not isinstance(value, bytes) or len(value) != n:
        raise ValueError(f"the random source must return exactly {n} bytes")
    return value


def _hkdf(ikm: bytes, salt: bytes, info: bytes) -> bytes:
    # An empty salt equals the RFC 5869 default (HashLen zeros): HMAC pads keys with zeros.
    return HKDF(algorithm=hashes.SHA256(), length=_KEY_SIZE, salt=salt, info=info).derive(ikm)


def _header_mac(file_key: bytes, header: bytes) -> HMAC:
    mac = HMAC(_hkdf(file_key, b"", b"header"), hashes.SHA256())
    mac.update(header)
    return mac


def _chunk_nonce(counter: int, final: bool) -> bytes:
    return counter.to_bytes(11, "big") + (b"\x01" if final else b"\x00")


def _wrap(file_key: bytes, recipient: bytes, random: ByteSource) -> fmt.Stanza:
    ephemeral = X25519PrivateKey.from_private_bytes(_draw(random, _KEY_SIZE))
    share = ephemeral.public_key().public_bytes_raw()
    try:
        shared = ephemeral.exchange(X25519PublicKey.from_public_bytes(recipient))
    except ValueError:  # pyca refuses the all-zero shared secret of a low-order point
        raise AgeError("an age1… recipient is not a usable X25519 key (low-order point)") from None
    wrap_key = _hkdf(shared, share + recipient, _X25519_INFO)
    body = ChaCha20Poly1305(wrap_key).encrypt(_ZERO_NONCE, file_key, None)
    return fmt.Stanza((_X25519_TYPE, fmt.b64encode(share).decode("ascii")), body)


def _x25519_stanzas(stanzas: tuple[fmt.Stanza, ...]) -> list[tuple[bytes, bytes]]:
    """(share, body) of each X25519 stanza, checked as the spec demands of any X25519
    identity -- up front, whatever identities we hold, so a malformed stanza is always a
    header failure. Stanzas of other types are ignored, except the scrypt rule."""
    wrapped = []
    for stanza in stanzas:
        if stanza.type == _SCRYPT_TYPE and len(stanzas) != 1:
            raise HeaderError("invalid age header: an scrypt stanza must be the only stanza")
        if stanza.type != _X25519_TYPE:
            continue
        if len(stanza.args) != 2:
            raise HeaderError("invalid age header: an X25519 stanza needs exactly one share")
        try:
            share = fmt.b64decode(stanza.args[1].encode("ascii"))
        except fmt.Malformed:
            raise HeaderError("invalid age header: an X25519 share is not canonical base64") from None
        # Check the lengths before any decryption, against partitioning oracles (spec).
        if len(share) != _KEY_SIZE:
            raise HeaderError("invalid age header: an X25519 share is not 32 bytes")
        if len(stanza.body) != FILE_KEY_SIZE + _TAG_SIZE:
            raise HeaderError("invalid age header: an X25519 stanza body is not 32 bytes")
        wrapped.append((share, stanza.body))
    return wrapped


def _unwrap(wrapped: list[tuple[bytes, bytes]], identities: Sequence[Identity]) -> bytes:
    for identity in identities:
        for share, body in wrapped:
            try:
                shared = identity._key.exchange(X25519PublicKey.from_public_bytes(share))
            except ValueError:  # all-zero shared secret: the spec says abort
                raise HeaderError("invalid age header: an X25519 share is a low-order point") from None
            wrap_key = _hkdf(shared, share + identity._public, _X25519_INFO)
            try:
                return ChaCha20Poly1305(wrap_key).decrypt(_ZERO_NONCE, body, None)
            except InvalidTag:
                continue
    raise NoMatchError("no identity matches this age file")
