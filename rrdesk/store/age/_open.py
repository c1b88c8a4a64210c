"""Opening age files fast and in pieces: many small records, and one large file read as a stream.

Two readers that give exactly what :func:`rrdesk.store.age._age.decrypt` gives -- the same
plaintext, or the same kind of error -- with less work (``tests/test_age_testkit.py`` runs
every vector of the age test kit through both):

:class:`Opener`
    Decrypts many records with the same identities. The X25519 exchange is the floor (every
    record has its own ephemeral share); everything else is done once per identity (the
    parsed key, its public bytes) or with the cheapest primitive that computes the same
    value: HKDF-SHA-256 as two HMACs (:mod:`rrdesk.store.age._hmac`), the header MAC compared in constant time, the
    header of the one shape rrdesk writes (one X25519 stanza, one short chunk) matched by
    one regular expression that accepts a subset of what the strict parser accepts. Any
    other file goes through :func:`age.decrypt` unchanged.
:class:`SealedFile`
    A seekable, read-only view of a large age file's plaintext (an export bundle), decrypting
    only the 64 KiB STREAM chunks that are read, one at a time, so memory stays flat however
    large the file. STREAM makes this safe: each chunk is authenticated with its index and
    whether it is the last, so a chunk read out of order, moved, or dropped fails; opening
    checks the last chunk (so a cut file fails at once) and every other chunk is checked as
    it is read.
"""
from __future__ import annotations

import binascii
import hashlib
import hmac
import io
import os
import re
from typing import BinaryIO, Sequence

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

import rrdesk.store.age._age as age
import rrdesk.store.age._format as fmt
from rrdesk.store.age._hmac import INNER, INNER32, IPAD, OPAD, OUTER, OUTER32, hmac_sha256, keyed

__all__ = ["Opener", "SealedFile"]

# why: the one header shape rrdesk writes for a survey with one recipient: the version line,
# one X25519 stanza whose 32-byte body is a single 43-column line, and the MAC line. Each
# group is checked as canonical base64 below; anything else takes the strict parser's path.
_ONE_STANZA = re.compile(rb"age-encryption\.org/v1\n-> X25519 ([A-Za-z0-9+/]{43})\n"
                         rb"([A-Za-z0-9+/]{43})\n--- ([A-Za-z0-9+/]{43})\n")
_MAC_END = len(b"age-encryption.org/v1\n-> X25519 \n\n---") + 2 * 43  # the bytes the MAC covers
_SEALED_CHUNK = age.CHUNK_SIZE + 16  # why: a STREAM chunk and its Poly1305 tag (age.py)
_LAST_NONCE0 = bytes(11) + b"\x01"  # why: chunk 0 when it is also the final one (age.py, _chunk_nonce)
_SALT0 = bytes(32)
# why: 43 base64 characters carry 258 bits for 256; the encoding is canonical (the spec's
# rule) exactly when the last character's two spare bits are zero: one of these 16
_CANONICAL_LAST = frozenset(b"AEIMQUYcgkosw048")  # why: RFC 5869: an absent salt is HashLen zero bytes


def _hkdf(ikm: bytes, salt: bytes, info: bytes) -> bytes:
    """HKDF-SHA-256 with a 32-byte output: one HMAC to extract, one to expand (RFC 5869)."""
    prk = hmac_sha256(salt or _SALT0, ikm)
    return hmac_sha256(prk, info + b"\x01")


_SALT0_INNER, _SALT0_OUTER = keyed(_SALT0)  # why: the header key's extract step always keys HMAC with the empty salt
_I48, _O48 = INNER[:48], OUTER[:48]  # why: RFC 2104's pads for the zero bytes after a 16-byte key (the payload nonce)
_HEADER_INFO, _PAYLOAD_INFO = b"header\x01", b"payload\x01"  # why: age's info strings, then T(1)'s counter
_X25519_INFO1 = age._X25519_INFO + b"\x01"
_from_public_bytes = X25519PublicKey.from_public_bytes
_sha256 = hashlib.sha256


class Opener:
    """Decrypt many age files with the same ``identities`` (see the module docstring)."""

    def __init__(self, identities: Sequence[age.Identity]) -> None:
        self.identities = list(identities)
        self._keys = [(i._key.exchange, i._public.translate(IPAD), i._public.translate(OPAD))
                      for i in self.identities]

    def decrypt(self, data: bytes) -> bytes:
        """As :func:`age.decrypt`: the whole plaintext, or HeaderError, NoMatchError,
        HMACError or PayloadError."""
        # why inline (no helper calls, every HMAC written out as its two SHA-256s): this runs
        # once per record of every bundle aggregated, and beside the X25519 exchange the Python
        # calls are most of the cost. HMAC(k, m) = H(k^opad || H(k^ipad || m)) with the key
        # zero-padded to 64 bytes (RFC 2104); the pads of a 16- or 32-byte key are spelled out
        found = _ONE_STANZA.match(data)
        if found is None or len(data) - found.end() - age.PAYLOAD_NONCE_SIZE >= _SEALED_CHUNK:
            return age.decrypt(data, self.identities)
        share, body, mac = found.groups()
        if share[42] not in _CANONICAL_LAST or body[42] not in _CANONICAL_LAST or mac[42] not in _CANONICAL_LAST:
            return age.decrypt(data, self.identities)  # non-canonical: the strict parser says which
        a2b, sha256 = binascii.a2b_base64, _sha256
        share, body, mac = a2b(share + b"="), a2b(body + b"="), a2b(mac + b"=")
        file_key = self._unwrap(share, body)
        # HKDF(file key, salt "", "header"): extract with the all-zero salt's pads, then expand
        prk = sha256(_SALT0_OUTER + sha256(_SALT0_INNER + file_key).digest()).digest()
        key = sha256(prk.translate(OPAD) + OUTER32 + sha256(prk.translate(IPAD) + INNER32 + _HEADER_INFO).digest()).digest()
        expected = sha256(key.translate(OPAD) + OUTER32
                          + sha256(key.translate(IPAD) + INNER32 + data[:_MAC_END]).digest()).digest()
        if not hmac.compare_digest(expected, mac):
            raise age.HMACError("the header MAC does not match: the header was altered")
        start = found.end()
        nonce = data[start:start + age.PAYLOAD_NONCE_SIZE]
        if len(nonce) != age.PAYLOAD_NONCE_SIZE:
            raise age.HeaderError("invalid age file: it ends before the payload nonce")
        sealed = data[start + age.PAYLOAD_NONCE_SIZE:]
        if not sealed:
            raise age.PayloadError("damaged age payload: it ends before the final chunk")
        # HKDF(file key, salt nonce, "payload"): the 16-byte nonce keys the extract
        prk = sha256(nonce.translate(OPAD) + _O48 + sha256(nonce.translate(IPAD) + _I48 + file_key).digest()).digest()
        key = sha256(prk.translate(OPAD) + OUTER32 + sha256(prk.translate(IPAD) + INNER32 + _PAYLOAD_INFO).digest()).digest()
        try:
            return ChaCha20Poly1305(key).decrypt(_LAST_NONCE0, sealed, None)
        except InvalidTag:
            raise age.PayloadError("damaged age payload: a chunk does not authenticate") from None

    def _unwrap(self, share: bytes, body: bytes) -> bytes:
        try:
            theirs = _from_public_bytes(share)
        except ValueError:  # pragma: no cover - 32 bytes always load
            raise age.HeaderError("invalid age header: an X25519 share is not 32 bytes") from None
        sha256, inner_share, outer_share = _sha256, share.translate(IPAD), share.translate(OPAD)
        for exchange, inner_public, outer_public in self._keys:
            try:
                shared = exchange(theirs)
            except ValueError:  # all-zero shared secret: the spec says abort
                raise age.HeaderError("invalid age header: an X25519 share is a low-order point") from None
            # HKDF(shared, salt share || public, X25519 info): the 64-byte salt is one whole block
            prk = sha256(outer_share + outer_public + sha256(inner_share + inner_public + shared).digest()).digest()
            wrap_key = sha256(prk.translate(OPAD) + OUTER32
                              + sha256(prk.translate(IPAD) + INNER32 + _X25519_INFO1).digest()).digest()
            try:
                return ChaCha20Poly1305(wrap_key).decrypt(age._ZERO_NONCE, body, None)
            except InvalidTag:
                continue
        raise age.NoMatchError("no identity matches this age file")


_HEAD_READ = fmt.MAX_HEADER + age.PAYLOAD_NONCE_SIZE  # why: the most a valid header (and nonce) can take


class SealedFile(io.RawIOBase):
    """The plaintext of the age file open as ``raw`` (binary, seekable), read at any offset.

    Opening parses the header, unwraps the file key, checks the header MAC and authenticates
    the last chunk: a file of another key, an altered header or a cut file fail here with
    :func:`age.decrypt`'s errors. A chunk that does not authenticate when read raises
    :class:`age.PayloadError`. ``size`` is the plaintext's length; ``digest`` names the header
    and nonce (the same digest means the same file key and payload key).
    """

    def __init__(self, raw: BinaryIO, identities: Sequence[age.Identity]) -> None:
        super().__init__()
        self._raw = raw
        total = os.fstat(raw.fileno()).st_size
        raw.seek(0)
        head = raw.read(min(total, _HEAD_READ))
        try:
            header, offset = fmt.parse(head)
        except fmt.Malformed as error:
            raise age.HeaderError(f"invalid age header: {error}") from None
        file_key = age._unwrap(age._x25519_stanzas(header.stanzas), identities)
        if not hmac.compare_digest(hmac_sha256(_hkdf(file_key, b"", b"header"), header.mac_input),
                                   header.mac):
            raise age.HMACError("the header MAC does not match: the header was altered")
        nonce = head[offset:offset + age.PAYLOAD_NONCE_SIZE]
        if len(nonce) != age.PAYLOAD_NONCE_SIZE:
            raise age.HeaderError("invalid age file: it ends before the payload nonce")
        self.digest = hashlib.sha256(head[:offset + age.PAYLOAD_NONCE_SIZE]).digest()
        self._stream = ChaCha20Poly1305(_hkdf(file_key, nonce, b"payload"))
        self._start = offset + age.PAYLOAD_NONCE_SIZE
        sealed = total - self._start
        if sealed <= 0:
            raise age.PayloadError("damaged age payload: it ends before the final chunk")
        self._chunks = -(-sealed // _SEALED_CHUNK)
        last = sealed - (self._chunks - 1) * _SEALED_CHUNK
        if last == 16 and self._chunks > 1:
            raise age.PayloadError("damaged age payload: empty final chunk")
        self.size = (self._chunks - 1) * age.CHUNK_SIZE + last - 16
        self._pos = 0
        self._index = -1
        self._plain = b""
        self._load(self._chunks - 1)  # the last chunk: a cut or extended file fails now

    def _load(self, index: int) -> None:
        if index == self._index:
            return
        self._raw.seek(self._start + index * _SEALED_CHUNK)
        sealed = self._raw.read(_SEALED_CHUNK)
        final = index == self._chunks - 1
        expected = _SEALED_CHUNK if not final else len(sealed)
        if len(sealed) != expected or not sealed:
            raise age.PayloadError("damaged age payload: the file changed while it was read")
        try:
            self._plain = self._stream.decrypt(index.to_bytes(11, "big") + (b"\x01" if final else b"\x00"),
                                               sealed, None)
        except InvalidTag:
            if final or not self._final_early(index, sealed):
                raise age.PayloadError("damaged age payload: a chunk does not authenticate") from None
            raise age.PayloadError("damaged age payload: data after the final chunk") from None
        self._index = index

    def _final_early(self, index: int, sealed: bytes) -> bool:
        try:
            self._stream.decrypt(index.to_bytes(11, "big") + b"\x01", sealed, None)
        except InvalidTag:
            return False
        return True

    def check_all(self) -> None:
        """Authenticate every chunk (what reading it all would do), holding one at a time."""
        for index in range(self._chunks):
            self._load(index)

    # -- io.RawIOBase ------------------------------------------------------------------------

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._pos

    def seek(self, pos: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._pos, io.SEEK_END: self.size}[whence]
        self._pos = max(0, base + pos)
        return self._pos

    def readinto(self, buffer) -> int:  # type: ignore[override]
        view = memoryview(buffer).cast("B")
        done = 0
        while done < len(view) and self._pos < self.size:
            index, at = divmod(self._pos, age.CHUNK_SIZE)
            self._load(index)
            piece = self._plain[at:at + len(view) - done]
            view[done:done + len(piece)] = piece
            done += len(piece)
            self._pos += len(piece)
        return done

    def read_at(self, pos: int, n: int) -> bytes:
        """``n`` bytes at ``pos`` (fewer at the end)."""
        index, at = divmod(pos, age.CHUNK_SIZE)
        self._load(index)
        if at + n <= len(self._plain):
            return self._plain[at:at + n]
        self.seek(pos)
        out = bytearray(n)
        return bytes(out[:self.readinto(out)])


class Sealer:
    """Seal a plaintext given in pieces as one binary age file, given back in pieces: what
    :func:`age.encrypt` makes of the whole (the same bytes from the same random source), holding
    one 64 KiB chunk. :meth:`update` returns the sealed bytes ready so far (the header first),
    :meth:`finish` the rest, the final chunk included; ``size`` counts the sealed bytes so far."""

    def __init__(self, recipients: Sequence[str], *, random: age.ByteSource = os.urandom) -> None:
        if isinstance(recipients, str):
            raise TypeError("recipients is a sequence of age1… strings, not one string")
        keys = [age.parse_recipient(r) for r in recipients]
        if not keys:
            raise age.AgeError("no recipients to seal to")
        file_key = age._draw(random, age.FILE_KEY_SIZE)
        header = fmt.encode([age._wrap(file_key, key, random) for key in keys])
        nonce = age._draw(random, age.PAYLOAD_NONCE_SIZE)
        self._stream = ChaCha20Poly1305(age._hkdf(file_key, nonce, b"payload"))
        self._ready = [header, b" ", fmt.b64encode(age._header_mac(file_key, header).finalize()), b"\n", nonce]
        self._pending = bytearray()
        self._counter = 0
        self.size = 0

    def update(self, plain: bytes) -> bytes:
        out = b"".join(self.pieces(plain))
        return out

    def pieces(self, plain: bytes) -> list[bytes]:
        """As :meth:`update`, the sealed bytes as a list of pieces (the header, then a piece per
        chunk), never copied into one: an export writes them as they are."""
        view, at, n = memoryview(plain), 0, len(plain)
        if self._pending:
            need = age.CHUNK_SIZE - len(self._pending)
            if n <= need:  # why: the last chunk must be known to be last
                self._pending += view
                return self._take()
            self._pending += view[:need]
            at = need
            self._seal(self._pending, final=False)
            self._pending = bytearray()
        while n - at > age.CHUNK_SIZE:  # why: the last chunk must be known to be last
            self._seal(view[at:at + age.CHUNK_SIZE], final=False)
            at += age.CHUNK_SIZE
        self._pending += view[at:]
        return self._take()

    def finish(self) -> bytes:
        return b"".join(self.finish_pieces())

    def finish_pieces(self) -> list[bytes]:
        self._seal(bytes(self._pending), final=True)
        self._pending = bytearray()
        return self._take()

    def _seal(self, chunk: bytes, final: bool) -> None:
        nonce = self._counter.to_bytes(11, "big") + (b"\x01" if final else b"\x00")
        self._ready.append(self._stream.encrypt(nonce, chunk, None))
        self._counter += 1

    def _take(self) -> list[bytes]:
        out, self._ready = self._ready, []
        self.size += sum(map(len, out))
        return out
