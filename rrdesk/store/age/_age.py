"""age v1 files (c2sp.org/age) with X25519 and post-quantum hybrid recipients: the one sealer
and the one opener.

Every record rrdesk stores is a complete age file sealed to the coordinator's
recipient(s), so the standard ``age`` tool can open it without rrdesk (docs/ARCHITECTURE.md,
"Records are age files"). This module holds only what that needs: X25519 recipients
and identities (``age1…``, ``AGE-SECRET-KEY-1…``), the hybrid post-quantum MLKEM768-X25519
ones (``age1pq1…``, ``AGE-SECRET-KEY-PQ-1…``: the spec's "MLKEM768-X25519 (i.e. X-Wing)
hybrid post-quantum recipient type", which age opens from 1.3 on; its HPKE is pyca's), the
header MAC, and the STREAM payload; an ASCII-armored file is opened too (the armor is
``_armor.py``'s, strict as the age tool's reader; rrdesk writes none). No passphrases (scrypt),
no plugins. No I/O: ``keys.py`` reads and writes key files, and
``_sealed_file.py`` reads a large file through :meth:`Opener.header` and :func:`open_chunk`.

As in the age tool, one encrypt and one decrypt: :class:`Sealer` wraps a file key, writes the
header and seals the STREAM chunks (:func:`encrypt` is a whole plaintext through it);
:meth:`Opener.header` parses a header, unwraps the file key, checks the MAC and derives the
payload key, and :func:`open_chunk` opens the STREAM chunk by chunk (:func:`decrypt` and
:meth:`Opener.decrypt` are a whole file through them). The opener does per identity what
can be done once (the aggregator opens every record of a survey with one), so beside the X25519
exchange a record costs a few SHA-256 calls: HKDF and HMAC are :mod:`rrdesk.store.age._hmac`'s.
An X25519 record takes the same path whether or not the opener also holds hybrid identities; a
hybrid record costs one HPKE open (ML-KEM-768 decapsulation and an X25519 exchange) instead.

Decryption is strict: every MUST of the spec is a check, and every check has a vector
in the age test kit (``tests/test_age_testkit.py``). Failures come in the test kit's
four kinds -- :class:`HeaderError`, :class:`NoMatchError`, :class:`HMACError`,
:class:`PayloadError` -- each with a short message that never includes plaintext.
:func:`decrypt` is all or nothing: it returns the whole plaintext or raises.
"""
from __future__ import annotations

import binascii
import hashlib
import hmac
import os
import re
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hpke
from cryptography.hazmat.primitives.asymmetric.mlkem import MLKEM768PrivateKey, MLKEM768PublicKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

import rrdesk.store.age._armor as armor
import rrdesk.store.age._format as fmt
from rrdesk.core import bech32
from rrdesk.core.curve25519 import small_order
from rrdesk.core.errors import AgeError, HeaderError, HMACError, IdentityFileError, NoMatchError, PayloadError
from rrdesk.store.age._hmac import IPAD, OPAD, hkdf, hkdf_keyed, hmac_sha256, keyed

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
TAG_SIZE = 16  # why: Poly1305 tag length, fixed by ChaCha20-Poly1305 (RFC 7539)
SEALED_CHUNK = CHUNK_SIZE + TAG_SIZE  # why: a full chunk on disk: where chunk n starts is n times this
_MAX_CHUNKS = 1 << 88
# why: the chunk counter is 11 bytes big-endian; a nonce must never repeat under one
# payload key, so we stop before the counter would wrap (unreachable in practice).
_FINAL, _NOT_FINAL = b"\x01", b"\x00"
# why: the nonce's last byte (spec): a chunk sealed as the last opens only as the last, so
# a payload cut at a chunk boundary, or extended past its end, fails.
_KEY_SIZE = 32  # why: X25519 scalars and points, and every HKDF output, are 32 bytes
_ZERO_NONCE = bytes(12)
# why: each stanza's wrap key encrypts exactly one message (the file key), because a
# fresh ephemeral share goes into every stanza of every file, so a fixed nonce never
# repeats under one key (spec: "12 0x00 bytes").
_X25519_INFO = b"age-encryption.org/v1/X25519"  # why: spec label; binds the key to its use
_HEADER_INFO, _PAYLOAD_INFO = b"header", b"payload"  # why: spec labels: the header key never equals the payload key
_NO_SALT_INNER, _NO_SALT_OUTER = keyed(b"")  # why: the header key's HKDF has no salt (spec): the same pads for every file
_X25519_TYPE = "X25519"  # why: case-sensitive stanza type; "x25519" is another type, ignored
_SCRYPT_TYPE = "scrypt"  # why: never opened here, but the spec makes a mixed scrypt stanza a header failure
_RECIPIENT_HRP = "age"  # why: bech32 prefix naming the kind of key, so no other key passes for a recipient
_IDENTITY_HRP = "age-secret-key-"  # why: as above for secret keys; compared lower-case, printed upper-case
# why: the one header shape rrdesk writes for a survey with one recipient: the version line,
# one X25519 stanza whose 32-byte body is a single 43-column line, and the MAC line. It accepts
# a subset of what the strict parser accepts (each group is also checked as canonical base64,
# below); anything else takes the parser's path, whose errors say what is wrong.
_ONE_STANZA = re.compile(rb"age-encryption\.org/v1\n-> X25519 ([A-Za-z0-9+/]{43})\n"
                         rb"([A-Za-z0-9+/]{43})\n--- ([A-Za-z0-9+/]{43})\n")
_MAC_END = len(b"age-encryption.org/v1\n-> X25519 \n\n---") + 2 * 43  # why: the bytes that shape's MAC covers
_X25519_STANZA = len(b"-> X25519 \n\n") + 2 * 43  # why: a stanza's bytes: a 43-column share, one body line
_MAC_LINE = len(b"--- \n") + 43  # why: the MAC line's bytes
# why: 43 base64 characters carry 258 bits for 256; the encoding is canonical (the spec's
# rule) exactly when the last character's two spare bits are zero: one of these 16
_CANONICAL_LAST = frozenset(b"AEIMQUYcgkosw048")

# -- the MLKEM768-X25519 hybrid recipient type (c2sp.org/age, "The MLKEM768-X25519 (i.e. X-Wing)
# hybrid post-quantum recipient type"; the key derivation is filippo.io/hpke-pq's, as age 1.3's)
_HYBRID_TYPE = "mlkem768x25519"  # why: case-sensitive stanza type; "MLKEM768X25519" is another type, ignored
_HYBRID_INFO = b"age-encryption.org/mlkem768x25519"  # why: the spec's HPKE info; binds the key to its use
_HYBRID_SUITE = hpke.Suite(hpke.KEM.MLKEM768_X25519, hpke.KDF.HKDF_SHA256, hpke.AEAD.CHACHA20_POLY1305)
# why: the spec's HPKE parameters: SealBase/OpenBase (base mode, no PSK, no sender key), aad ""
_HYBRID_RECIPIENT_HRP = "age1pq"  # why: the spec's bech32 prefix of a hybrid recipient
_HYBRID_IDENTITY_HRP = "age-secret-key-pq-"  # why: as above for its identity; printed upper-case
_MLKEM_PUBLIC, _MLKEM_SEED, _MLKEM_CIPHERTEXT = 1184, 64, 1088  # why: ML-KEM-768's sizes (FIPS 203)
_HYBRID_PUBLIC = _MLKEM_PUBLIC + _KEY_SIZE  # why: ML-KEM encapsulation key || X25519 key: 1216 bytes
_HYBRID_ENC = _MLKEM_CIPHERTEXT + _KEY_SIZE
# why: HPKE's enc, ML-KEM ciphertext || X25519 ephemeral share: the spec's "1120-byte value"
_HYBRID_STANZA = len(b"-> mlkem768x25519 \n\n") + -(-_HYBRID_ENC * 4 // 3) + 43
# why: a hybrid stanza's bytes: the 1494-column enc on the argument line, one 43-column body line
_P = 2**255 - 19
_LOW_ORDER = frozenset({0, 1, _P - 1,
                        325606250916557431795983626356110631294008115727848805560023387167927233504,
                        39382357235489614581723060781553021112529911719440698176882885853963445705823})
# why: the u-coordinates (mod p) of the points of order 1, 2, 4 and 8 on Curve25519 and its twist:
# exactly the shares whose X25519 with any clamped scalar is all zeros, which the hybrid KEM must
# refuse (the test kit's hybrid_low_order and hybrid_identity are header failures); pyca's HPKE
# reports them only as a failed open, like a wrong key, so we check the share first


class Identity:
    """An age identity (secret key): X25519, or with ``post_quantum`` the hybrid MLKEM768-X25519
    one. ``str()`` gives ``AGE-SECRET-KEY-1…`` (``AGE-SECRET-KEY-PQ-1…``); ``repr()`` shows only
    the recipient, so a secret never lands in a log by accident."""

    __slots__ = ("_hybrid", "_key", "_public", "_seed")

    def __init__(self, key: X25519PrivateKey) -> None:
        if not isinstance(key, X25519PrivateKey):
            raise TypeError("Identity wraps an X25519PrivateKey; use generate() or from_string()")
        self._key = key
        self._public = key.public_key().public_bytes_raw()
        self._seed = b""
        self._hybrid: hpke.MLKEM768X25519PrivateKey | None = None

    @classmethod
    def _from_seed(cls, seed: bytes) -> Identity:
        """The hybrid identity of a 32-byte seed, as filippo.io/hpke-pq expands it: SHAKE256 of
        the seed, its first 64 bytes the ML-KEM-768 seed (d || z), the next 32 the X25519 key."""
        expanded = hashlib.shake_256(seed).digest(_MLKEM_SEED + _KEY_SIZE)
        mlkem = MLKEM768PrivateKey.from_seed_bytes(expanded[:_MLKEM_SEED])
        identity = cls(X25519PrivateKey.from_private_bytes(expanded[_MLKEM_SEED:]))
        identity._public = mlkem.public_key().public_bytes_raw() + identity._public
        identity._seed = seed
        identity._hybrid = hpke.MLKEM768X25519PrivateKey(mlkem, identity._key)
        return identity

    @classmethod
    def generate(cls, *, random: ByteSource = os.urandom, post_quantum: bool = False) -> Identity:
        """A new identity from 32 bytes of ``random`` (the OS CSPRNG by default): X25519, or
        with ``post_quantum`` the hybrid MLKEM768-X25519 one (``age-keygen -pq``)."""
        secret = _draw(random, _KEY_SIZE)
        return cls._from_seed(secret) if post_quantum else cls(X25519PrivateKey.from_private_bytes(secret))

    @classmethod
    def from_string(cls, text: str) -> Identity:
        """Parse ``AGE-SECRET-KEY-1…`` or ``AGE-SECRET-KEY-PQ-1…`` (upper case, as age writes and
        requires it)."""
        if not isinstance(text, str) or text != text.upper():
            raise AgeError("not an age identity (AGE-SECRET-KEY-1…)")
        try:
            hrp, data = bech32.decode(text)
        except bech32.Bech32Error:
            raise AgeError("not an age identity (AGE-SECRET-KEY-1…)") from None
        if len(data) != _KEY_SIZE or hrp not in (_IDENTITY_HRP, _HYBRID_IDENTITY_HRP):
            raise AgeError("not an age identity (AGE-SECRET-KEY-1…)")
        return cls._from_seed(data) if hrp == _HYBRID_IDENTITY_HRP else cls(X25519PrivateKey.from_private_bytes(data))

    @property
    def post_quantum(self) -> bool:
        """Whether this is a hybrid MLKEM768-X25519 identity (``AGE-SECRET-KEY-PQ-1…``)."""
        return self._hybrid is not None

    @property
    def recipient(self) -> str:
        """The public key as ``age1…`` (``age1pq1…``): what a survey file lists to seal records to."""
        return bech32.encode(_HYBRID_RECIPIENT_HRP if self._hybrid else _RECIPIENT_HRP, self._public)

    def __str__(self) -> str:
        if self._hybrid is not None:
            return bech32.encode(_HYBRID_IDENTITY_HRP, self._seed).upper()
        return bech32.encode(_IDENTITY_HRP, self._key.private_bytes_raw()).upper()

    def __repr__(self) -> str:
        return f"Identity(recipient={self.recipient!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Identity) and other._public == self._public

    def __hash__(self) -> int:
        return hash(self._public)


def parse_recipient(text: str) -> bytes:
    """The public key of an ``age1…`` recipient (lower case): 32 bytes (X25519), or 1216 for a
    post-quantum ``age1pq1…`` one (the ML-KEM-768 encapsulation key, then the X25519 key).

    Raises
    ------
    AgeError
        Not a string, upper or mixed case, another kind of key, a bad checksum, a key of the
        wrong length, a hybrid key whose ML-KEM half is not a valid encapsulation key, or an
        X25519 key (or half) that is a low-order point (:mod:`rrdesk.core.curve25519`).
    """
    return _recipient(text)[0]


def _recipient(text: str) -> tuple[bytes, hpke.MLKEM768X25519PublicKey | None]:
    """The key of a recipient, and pyca's key for a hybrid one."""
    if not isinstance(text, str):
        raise AgeError("not an age recipient (age1… or age1pq1…)")
    if bech32.is_age_recipient(text):
        key = bech32.decode(text)[1]
        _usable(key)
        return key, None
    if bech32.is_age_hybrid_recipient(text):
        key = bech32.decode(text)[1]
        _usable(key[_MLKEM_PUBLIC:])
        return key, _hybrid_public(key)
    raise AgeError("not an age recipient (age1… or age1pq1…)")


class Recipients:
    """A list of ``age1…`` / ``age1pq1…`` recipients parsed once, to seal many files to: what a
    station holds for its survey, so that sealing a record does no bech32 decoding, no key check
    and no key object construction (:func:`encrypt` and :class:`Sealer` take it, or the strings).

    Raises
    ------
    TypeError
        One string given instead of a sequence of them.
    AgeError
        No recipient, or one that :func:`parse_recipient` refuses.
    """

    __slots__ = ("_keys", "texts")

    def __init__(self, texts: Sequence[str]) -> None:
        if isinstance(texts, str):
            raise TypeError("recipients is a sequence of age1… strings, not one string")
        self.texts: tuple[str, ...] = tuple(texts)
        if not self.texts:
            raise AgeError("no recipients to seal to")
        keys: list[tuple[bytes, X25519PublicKey | None, hpke.MLKEM768X25519PublicKey | None]] = []
        for text in self.texts:
            key, hybrid = _recipient(text)
            keys.append((key, X25519PublicKey.from_public_bytes(key) if hybrid is None else None, hybrid))
        self._keys = tuple(keys)

    def __len__(self) -> int:
        return len(self.texts)

    def __repr__(self) -> str:
        return f"Recipients({list(self.texts)!r})"


def _usable(x25519: bytes) -> None:
    """Refuse a low-order X25519 key (the all-zero key…): its shared secret is zero for all."""
    if small_order(x25519):
        raise AgeError("an age1… recipient is not a usable X25519 key (a low-order point)")


def _hybrid_public(key: bytes) -> hpke.MLKEM768X25519PublicKey:
    try:
        return hpke.MLKEM768X25519PublicKey(MLKEM768PublicKey.from_public_bytes(key[:_MLKEM_PUBLIC]),
                                            X25519PublicKey.from_public_bytes(key[_MLKEM_PUBLIC:]))
    except ValueError:  # FIPS 203's modulus check of the encapsulation key
        raise AgeError("an age1pq1… recipient is not a valid MLKEM768-X25519 key") from None


def is_post_quantum(recipient: str) -> bool:
    """Whether ``recipient`` is a post-quantum hybrid recipient (``age1pq1…``)."""
    return bech32.is_age_hybrid_recipient(recipient)


def sealed_size(size: int, recipients: Sequence[str] | Recipients) -> int:
    """The size of the age file :func:`encrypt` makes of a ``size``-byte plaintext for
    ``recipients``: every stanza of a type has one size, so it is the same for every file."""
    if isinstance(recipients, Recipients):
        recipients = recipients.texts
    stanzas = sum(_HYBRID_STANZA if is_post_quantum(r) else _X25519_STANZA for r in recipients)
    chunks = max(1, -(-size // CHUNK_SIZE))
    return len(fmt.VERSION_LINE) + stanzas + _MAC_LINE + PAYLOAD_NONCE_SIZE + size + chunks * TAG_SIZE


def recipient_type(recipient: str) -> str:
    """The type of stanza a recipient's file key is wrapped in (``X25519`` for ``age1…``,
    ``mlkem768x25519`` for ``age1pq1…``): what a file sealed to a list of recipients holds one
    stanza of each, in any order."""
    parse_recipient(recipient)  # why first: an unknown kind of key never passes for a type
    return _HYBRID_TYPE if is_post_quantum(recipient) else _X25519_TYPE


_ONE_TYPE = (_X25519_TYPE,)  # the stanza types of rrdesk's one header shape


def stanza_types(data: bytes) -> tuple[str, ...] | None:
    """The types of the stanzas in the header of age file ``data``, in order; None when the
    header is malformed (opening it says what is wrong). Reads no key: a file's recipients
    are counted without opening it."""
    if _ONE_STANZA.match(data) is not None:
        return _ONE_TYPE  # why: rrdesk's one shape, without the parser's cost per record
    try:
        parsed, _ = fmt.parse(data)
    except fmt.Malformed:
        return None
    return tuple(stanza.type for stanza in parsed.stanzas)


def read_identities(text: str, file: str) -> list[Identity]:
    """Identities from the text of an identity file, as ``age-keygen`` (``-pq``) writes it.

    Lines starting with ``#`` and empty lines are skipped; every other line must be one
    ``AGE-SECRET-KEY-1…`` or ``AGE-SECRET-KEY-PQ-1…``. A line may end in CRLF. Errors name
    ``file`` and the line, never the line's content (it may be a damaged secret key).

    Raises
    ------
    IdentityFileError
        A line that is not an X25519 or hybrid identity, or no identity at all.
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
            if line.startswith("AGE-PLUGIN-"):
                what += "; plugin identities are not supported"
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


def encrypt(plaintext: bytes, recipients: Sequence[str] | Recipients, *, random: ByteSource = os.urandom) -> bytes:
    """Seal ``plaintext`` as a binary age file with one stanza per recipient (X25519, or
    mlkem768x25519 for an ``age1pq1…`` recipient), in the recipients' order. Sealing many
    files to the same recipients, give them as :class:`Recipients`: parsed once, not per file.

    ``random(n)`` supplies every random byte (file key, one ephemeral secret per X25519
    recipient, payload nonce, in that order); the default is the OS CSPRNG. A test may
    pass a deterministic source to get the same file twice -- never do that in
    production: the file key and ephemeral secrets must never repeat. A hybrid stanza's
    encapsulation draws from OpenSSL's CSPRNG, whatever ``random`` is (pyca's HPKE takes no
    random source), so a file with a hybrid recipient is never the same twice.
    """
    sealer = Sealer(recipients, random=random)
    return b"".join([*sealer.pieces(plaintext), *sealer.finish_pieces()])


class Sealer:
    """Seal a plaintext given in pieces as one binary age file, given back in pieces, holding
    one 64 KiB chunk: :func:`encrypt` is the whole plaintext through it (the export streams its
    tar through it). :meth:`update` returns the sealed bytes ready so far (the header first),
    :meth:`finish` the rest, the final chunk included; ``size`` counts the sealed bytes so far."""

    def __init__(self, recipients: Sequence[str] | Recipients, *, random: ByteSource = os.urandom) -> None:
        parsed = recipients if isinstance(recipients, Recipients) else Recipients(recipients)
        file_key = _draw(random, FILE_KEY_SIZE)
        header = fmt.encode([wrap(file_key, key, random, public) if hybrid is None else wrap_hybrid(file_key, hybrid)
                             for key, public, hybrid in parsed._keys])
        nonce = _draw(random, PAYLOAD_NONCE_SIZE)
        self._stream = ChaCha20Poly1305(hkdf(file_key, nonce, _PAYLOAD_INFO))
        self._ready = [header, b" ", fmt.b64encode(header_mac(file_key, header)), b"\n", nonce]
        self._pending = bytearray()
        self._counter = 0
        self.size = 0

    def update(self, plain: bytes) -> bytes:
        return b"".join(self.pieces(plain))

    def pieces(self, plain: bytes) -> list[bytes]:
        """As :meth:`update`, the sealed bytes as a list of pieces (the header, then a piece per
        chunk), never copied into one: an export writes them as they are."""
        view, at, n = memoryview(plain), 0, len(plain)
        if self._pending:
            need = CHUNK_SIZE - len(self._pending)
            if n <= need:  # why: the last chunk must be known to be last
                self._pending += view
                return self._take()
            self._pending += view[:need]
            at = need
            self._seal(self._pending, final=False)
            self._pending = bytearray()
        while n - at > CHUNK_SIZE:  # why: the last chunk must be known to be last
            self._seal(view[at:at + CHUNK_SIZE], final=False)
            at += CHUNK_SIZE
        self._pending += view[at:]
        return self._take()

    def finish(self) -> bytes:
        return b"".join(self.finish_pieces())

    def finish_pieces(self) -> list[bytes]:
        self._seal(self._pending, final=True)
        self._pending = bytearray()
        return self._take()

    def _seal(self, chunk: bytes | bytearray | memoryview, final: bool) -> None:
        self._ready.append(self._stream.encrypt(_chunk_nonce(self._counter, final), chunk, None))
        self._counter += 1

    def _take(self) -> list[bytes]:
        out, self._ready = self._ready, []
        self.size += sum(map(len, out))
        return out


def wrap(file_key: bytes, recipient: bytes, random: ByteSource, public: X25519PublicKey | None = None) -> fmt.Stanza:
    """The X25519 stanza that gives ``file_key`` to the holder of ``recipient``'s identity
    (``public``: pyca's key of ``recipient``, when it was made once beforehand)."""
    ephemeral = X25519PrivateKey.from_private_bytes(_draw(random, _KEY_SIZE))
    share = ephemeral.public_key().public_bytes_raw()
    try:
        shared = ephemeral.exchange(public if public is not None else X25519PublicKey.from_public_bytes(recipient))
    except ValueError:  # pyca refuses the all-zero shared secret of a low-order point
        raise AgeError("an age1… recipient is not a usable X25519 key (low-order point)") from None
    wrap_key = hkdf(shared, share + recipient, _X25519_INFO)
    body = ChaCha20Poly1305(wrap_key).encrypt(_ZERO_NONCE, file_key, None)
    return fmt.Stanza((_X25519_TYPE, fmt.b64encode(share).decode("ascii")), body)


def wrap_hybrid(file_key: bytes, recipient: hpke.MLKEM768X25519PublicKey) -> fmt.Stanza:
    """The mlkem768x25519 stanza that gives ``file_key`` to the holder of the hybrid
    ``recipient``'s identity: HPKE SealBase (the spec's parameters), enc as the argument and
    the ciphertext as the body."""
    sealed = _HYBRID_SUITE.encrypt(file_key, recipient, info=_HYBRID_INFO)
    enc, body = sealed[:_HYBRID_ENC], sealed[_HYBRID_ENC:]
    return fmt.Stanza((_HYBRID_TYPE, fmt.b64encode(enc).decode("ascii")), body)


def header_mac(file_key: bytes, header: bytes) -> bytes:
    """The MAC of ``header`` (the bytes up to and including ``---``) under ``file_key``."""
    return hmac_sha256(hkdf_keyed(_NO_SALT_INNER, _NO_SALT_OUTER, file_key, _HEADER_INFO), header)


def decrypt(data: bytes, identities: Sequence[Identity]) -> bytes:
    """Open an age file with any of ``identities``; the whole plaintext, or an error.

    ``data`` is a binary age file, or an ASCII-armored one (as the age tool, whatever starts
    with the armor's begin line after at most 1024 bytes of whitespace).

    Raises
    ------
    ArmorError, HeaderError, NoMatchError, HMACError, PayloadError
        In the order the file is checked: armor (of an armored file), header syntax,
        unwrapping, header MAC, payload. Nothing of the plaintext is returned unless all of
        it authenticates.
    """
    return b"".join(Opener(identities).chunks(data))


class Opener:
    """Open age files with ``identities``: one or many (the aggregator opens every record of a
    survey with one opener, so each identity's key is prepared once)."""

    def __init__(self, identities: Sequence[Identity]) -> None:
        if isinstance(identities, (Identity, str, bytes)):
            raise TypeError("identities is a sequence of age.Identity, not one")
        self.identities = list(identities)  # a generator would be used up by the check below
        if not all(isinstance(i, Identity) for i in self.identities):
            raise TypeError("identities is a sequence of age.Identity")
        # why the public key's pads: it is half of every stanza's HKDF salt (share || public)
        self._keys = [(i._key.exchange, i._public.translate(IPAD), i._public.translate(OPAD))
                      for i in self.identities if i._hybrid is None]
        self._hybrid = [i._hybrid for i in self.identities if i._hybrid is not None]

    def decrypt(self, data: bytes) -> bytes:
        """As :func:`decrypt`: the whole plaintext, or ArmorError, HeaderError, NoMatchError,
        HMACError or PayloadError."""
        if not isinstance(data, bytes):
            data = bytes(data)
        if not data.startswith(fmt.VERSION_LINE):  # why inline: every record is binary, one prefix test
            data = _unarmored(data)
        stream, start = self.header(data)
        if len(data) - start < SEALED_CHUNK:  # why: a record is one short chunk, no walk to set up
            return open_chunk(stream, 0, data[start:])[0]
        return b"".join(open_chunks(stream, memoryview(data)[start:]))

    def open_many(self, files: Sequence[bytes], types: list[tuple[str, ...] | None] | None = None,
                  ) -> list[bytes | AgeError]:
        """:meth:`decrypt` of each of ``files``: its plaintext, or the error :meth:`decrypt`
        raises for it (the same checks in the same order, so the same error), as a value.

        The aggregator's batch opener. The files of rrdesk's one header shape (one X25519
        stanza, ``_ONE_STANZA``: every record of a survey with one recipient) go through each
        step together -- every X25519 exchange, then every unwrap, every header MAC, every
        payload -- rather than one file through all the steps: the same work, but each step's
        code (Python's, OpenSSL's) stays hot in the processor's caches, about a quarter less
        CPU time per record (``tests/benchmarks/aggregate.py``). Any other file takes
        :meth:`decrypt` itself. With ``types``, each file's :func:`stanza_types` is appended to
        it, read from the header as it is opened."""
        out: list[bytes | AgeError] = []
        todo: list[tuple[int, bytes, list[tuple[bytes, bytes]], bytes, bytes, int]] = []
        version, one_stanza, decrypt = fmt.VERSION_LINE, _one_stanza, self.decrypt
        for data in files:
            shortcut = one_stanza(data) if type(data) is bytes and data.startswith(version) else None
            if types is not None:
                types.append(_ONE_TYPE if shortcut is not None else stanza_types(data))
            if shortcut is None:  # the parser's path, armor, a bytearray: the file alone
                try:
                    out.append(decrypt(data))
                except AgeError as error:
                    out.append(error)
                continue
            out.append(b"")
            wrapped, covered, mac, offset = shortcut
            todo.append((len(out) - 1, data, wrapped, covered, mac, offset))
        keys: dict[int, bytes] = {}  # file key by place in ``out``
        pending = todo
        for exchange, inner_public, outer_public in self._keys:  # as _unwrap: identity by identity
            wrap_keys: list[bytes | None] = []
            load, keep = X25519PublicKey.from_public_bytes, wrap_keys.append
            for _, _, wrapped, _, _, _ in pending:  # 32 bytes always load as a public key: the length was checked
                try:
                    keep(exchange(load(wrapped[0][0])))
                except ValueError:  # all-zero shared secret: the spec says abort
                    keep(None)
            for n, (item, secret) in enumerate(zip(pending, wrap_keys)):
                if secret is not None:
                    share = item[2][0][0]
                    wrap_keys[n] = hkdf_keyed(share.translate(IPAD) + inner_public,
                                              share.translate(OPAD) + outer_public, secret, _X25519_INFO)
            left = []
            for item, wrap_key in zip(pending, wrap_keys):
                at = item[0]
                if wrap_key is None:
                    out[at] = HeaderError("invalid age header: an X25519 share is a low-order point")
                    continue
                try:
                    keys[at] = ChaCha20Poly1305(wrap_key).decrypt(_ZERO_NONCE, item[2][0][1], None)
                except InvalidTag:
                    left.append(item)
            pending = left
        for at, *_ in pending:
            out[at] = NoMatchError("no identity matches this age file")
        payloads: list[tuple[int, bytes, int, bytes]] = []  # place, file, payload start, payload key
        for at, data, _, covered, mac, offset in todo:
            if at not in keys:
                continue
            file_key = keys.pop(at)
            if not hmac.compare_digest(header_mac(file_key, covered), mac):
                out[at] = HMACError("the header MAC does not match: the header was altered")
                continue
            nonce = data[offset:offset + PAYLOAD_NONCE_SIZE]
            if len(nonce) != PAYLOAD_NONCE_SIZE:
                out[at] = HeaderError("invalid age file: it ends before the payload nonce")
                continue
            payloads.append((at, data, offset + PAYLOAD_NONCE_SIZE, hkdf(file_key, nonce, _PAYLOAD_INFO)))
        for at, data, start, payload_key in payloads:
            stream = ChaCha20Poly1305(payload_key)
            try:
                if len(data) - start < SEALED_CHUNK:  # why: a record is one short chunk, no walk to set up
                    out[at] = open_chunk(stream, 0, data[start:])[0]
                else:
                    out[at] = b"".join(open_chunks(stream, memoryview(data)[start:]))
            except PayloadError as error:
                out[at] = error
        return out

    def chunks(self, data: bytes) -> Iterator[bytes]:
        """Check the header now; then the payload chunk by chunk, each authenticated before it
        is given, raising :class:`PayloadError` where the STREAM breaks (what a streaming
        reader releases before a failure: the test kit checks it). An armored file's armor is
        checked whole first (:class:`ArmorError`), before anything is released."""
        data = _unarmored(bytes(data))
        stream, start = self.header(data)
        return open_chunks(stream, memoryview(data)[start:])

    def header(self, data: bytes) -> tuple[ChaCha20Poly1305, int]:
        """Check the header at the start of ``data`` and the payload nonce after it: the payload
        key's AEAD (for :func:`open_chunk`) and the offset of the payload's first chunk.

        Raises
        ------
        HeaderError, NoMatchError, HMACError
            In the order the file is checked: header syntax, unwrapping (a low-order share is a
            HeaderError), header MAC, then a payload nonce cut short (HeaderError).
        """
        shortcut = _one_stanza(data)
        if shortcut is not None:
            wrapped, covered, mac, offset = shortcut
            file_key = self._unwrap(wrapped)
        else:  # the parser's path: any other header, and the errors that say what is wrong with it
            try:
                parsed, offset = fmt.parse(data)
            except fmt.Malformed as error:
                raise HeaderError(f"invalid age header: {error}") from None
            wrapped, covered, mac = _x25519_stanzas(parsed.stanzas), parsed.mac_input, parsed.mac
            hybrid = _hybrid_stanzas(parsed.stanzas) if self._hybrid else None
            if hybrid:
                try:
                    file_key = self._unwrap(wrapped)
                except NoMatchError:
                    file_key = self._unwrap_hybrid(hybrid)
            else:
                file_key = self._unwrap(wrapped)
        if not hmac.compare_digest(header_mac(file_key, covered), mac):
            raise HMACError("the header MAC does not match: the header was altered")
        nonce = data[offset:offset + PAYLOAD_NONCE_SIZE]
        if len(nonce) != PAYLOAD_NONCE_SIZE:
            raise HeaderError("invalid age file: it ends before the payload nonce")
        return ChaCha20Poly1305(hkdf(file_key, nonce, _PAYLOAD_INFO)), offset + PAYLOAD_NONCE_SIZE

    def _unwrap(self, wrapped: list[tuple[bytes, bytes]]) -> bytes:
        for exchange, inner_public, outer_public in self._keys:
            for share, body in wrapped:
                try:  # 32 bytes always load as a public key: the length was checked
                    shared = exchange(X25519PublicKey.from_public_bytes(share))
                except ValueError:  # all-zero shared secret: the spec says abort
                    raise HeaderError("invalid age header: an X25519 share is a low-order point") from None
                # HKDF(shared, salt share || public): the 64-byte salt is one whole block, so its
                # pads are the share's and the public key's side by side
                wrap_key = hkdf_keyed(share.translate(IPAD) + inner_public, share.translate(OPAD) + outer_public,
                                      shared, _X25519_INFO)
                try:
                    return ChaCha20Poly1305(wrap_key).decrypt(_ZERO_NONCE, body, None)
                except InvalidTag:
                    continue
        raise NoMatchError("no identity matches this age file")

    def _unwrap_hybrid(self, wrapped: list[tuple[bytes, bytes]]) -> bytes:
        for key in self._hybrid:
            for enc, body in wrapped:
                share = int.from_bytes(enc[_MLKEM_CIPHERTEXT:], "little") & ((1 << 255) - 1)
                if share % _P in _LOW_ORDER:  # RFC 7748 ignores the top bit and reduces mod p
                    raise HeaderError("invalid age header: a hybrid stanza's X25519 share is a low-order point")
                try:
                    return _HYBRID_SUITE.decrypt(enc + body, key, info=_HYBRID_INFO)
                except InvalidTag:  # ML-KEM rejects implicitly: a wrong key only fails here
                    continue
        raise NoMatchError("no identity matches this age file")


def open_chunk(stream: ChaCha20Poly1305, index: int, chunk: bytes | memoryview) -> tuple[bytes, bool]:
    """The plaintext of sealed chunk ``index`` of a payload (the bytes at ``index * SEALED_CHUNK``,
    up to ``SEALED_CHUNK`` of them) and whether it is the final chunk; ``stream`` is the payload
    key's AEAD (:meth:`Opener.header`). Each chunk is authenticated with its index and whether it
    is the last, so a chunk moved, dropped or cut off fails. A short chunk can only be the final
    one; a full one is final when it opens with the final-chunk nonce (a full last chunk is
    allowed). The caller checks that nothing follows a final chunk and that the payload does
    not end without one (:func:`open_chunks` does)."""
    if index >= _MAX_CHUNKS:
        raise PayloadError("damaged age payload: too many chunks")
    size = len(chunk)
    if size <= TAG_SIZE:
        if size == 0:
            raise PayloadError("damaged age payload: it ends before the final chunk")
        if size == TAG_SIZE and index > 0:
            raise PayloadError("damaged age payload: empty final chunk")
    final = size < SEALED_CHUNK
    counter = index.to_bytes(11, "big")
    try:
        return stream.decrypt(counter + (_FINAL if final else _NOT_FINAL), chunk, None), final
    except InvalidTag:
        if final:
            raise PayloadError("damaged age payload: a chunk does not authenticate") from None
    try:
        return stream.decrypt(counter + _FINAL, chunk, None), True
    except InvalidTag:
        raise PayloadError("damaged age payload: a chunk does not authenticate") from None


def open_chunks(stream: ChaCha20Poly1305, sealed: memoryview) -> Iterator[bytes]:
    """The plaintext of a whole ``sealed`` payload, chunk by chunk (:func:`open_chunk`)."""
    index = 0
    while True:
        plain, final = open_chunk(stream, index, sealed[index * SEALED_CHUNK:(index + 1) * SEALED_CHUNK])
        index += 1
        yield plain
        if final:
            if len(sealed) > index * SEALED_CHUNK:
                raise PayloadError("damaged age payload: data after the final chunk")
            return


def _unarmored(data: bytes) -> bytes:
    """The binary age file in ``data``: ``data`` itself, or the file its ASCII armor encodes. A
    binary file (every record) costs one prefix test: it starts with the version line."""
    if data.startswith(fmt.VERSION_LINE) or not armor.is_armored(data):
        return data
    return armor.decode(data)


def _one_stanza(data: bytes) -> tuple[list[tuple[bytes, bytes]], bytes, bytes, int] | None:
    """What :func:`_x25519_stanzas` and the parser give of a header of rrdesk's one shape
    (``_ONE_STANZA``): the (share, body), the bytes the MAC covers, the MAC and the offset
    after the header. None for any other header."""
    found = _ONE_STANZA.match(data)
    if found is None:
        return None
    share, body, mac = found.groups()
    if share[42] not in _CANONICAL_LAST or body[42] not in _CANONICAL_LAST or mac[42] not in _CANONICAL_LAST:
        return None  # non-canonical: the strict parser says which
    a2b = binascii.a2b_base64
    return [(a2b(share + b"="), a2b(body + b"="))], data[:_MAC_END], a2b(mac + b"="), found.end()


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
        if len(stanza.body) != FILE_KEY_SIZE + TAG_SIZE:
            raise HeaderError("invalid age header: an X25519 stanza body is not 32 bytes")
        wrapped.append((share, stanza.body))
    return wrapped


def _hybrid_stanzas(stanzas: tuple[fmt.Stanza, ...]) -> list[tuple[bytes, bytes]]:
    """(enc, body) of each mlkem768x25519 stanza, checked as the spec demands of a hybrid
    identity (the opener holds one): exactly two arguments, enc the canonical base64 of 1120
    bytes, a 32-byte body, all before any decryption. Stanzas of other types are ignored."""
    wrapped = []
    for stanza in stanzas:
        if stanza.type != _HYBRID_TYPE:
            continue
        if len(stanza.args) != 2:
            raise HeaderError("invalid age header: an mlkem768x25519 stanza needs exactly one argument after its type")
        try:
            enc = fmt.b64decode(stanza.args[1].encode("ascii"))
        except fmt.Malformed:
            raise HeaderError("invalid age header: an mlkem768x25519 enc is not canonical base64") from None
        if len(enc) != _HYBRID_ENC:
            raise HeaderError(f"invalid age header: an mlkem768x25519 enc is not {_HYBRID_ENC} bytes")
        if len(stanza.body) != FILE_KEY_SIZE + TAG_SIZE:
            raise HeaderError("invalid age header: an mlkem768x25519 stanza body is not 32 bytes")
        wrapped.append((enc, stanza.body))
    return wrapped


def _chunk_nonce(counter: int, final: bool) -> bytes:
    return counter.to_bytes(11, "big") + (_FINAL if final else _NOT_FINAL)


def _draw(random: ByteSource, n: int) -> bytes:
    value = random(n)
    if not isinstance(value, bytes) or len(value) != n:
        raise ValueError(f"the random source must return exactly {n} bytes")
    return value
