"""Ed25519 signatures in minisign's formats, so the standard ``minisign -V`` checks ours.

rrdesk signs what must not change unseen (a survey file, a laptop's bundle) with keys and
signatures laid out exactly as minisign 0.11 lays them out (its ``src/minisign.h``):

public key file
    ``untrusted comment: …`` then base64 of ``"Ed" ‖ key id (8) ‖ public key (32)``.
secret key file
    ``untrusted comment: …`` then base64 of ``"Ed" ‖ kdf ‖ "B2" ‖ salt (32) ‖ opslimit (8)
    ‖ memlimit (8) ‖ key id (8) ‖ secret key (64) ‖ checksum (32)``. rrdesk writes the
    unencrypted form (kdf ``"\\0\\0"``, as ``minisign -G -W``): the key sits in a private
    file (0600) next to the age identity, which is unencrypted too. A password-protected
    key (kdf ``"Sc"``) is refused with a message saying how to remove the password.
signature file
    ``untrusted comment: …``, base64 of ``"ED" ‖ key id ‖ Ed25519(BLAKE2b-512(file))``,
    ``trusted comment: …``, base64 of ``Ed25519(signature ‖ trusted comment)``. The
    trusted comment is signed too; rrdesk puts what the signature is *for* there.

Only the prehashed algorithm (``"ED"``) is written or accepted: the legacy ``"Ed"``
signs the whole file in memory, which is what the prehash exists to avoid.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from dataclasses import dataclass
from typing import Iterable

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat, PublicFormat

from rrdesk.core.entropy import system_bytes
from rrdesk.core.errors import SignatureError

SIG_ALG = b"Ed"            # why: minisign's key algorithm tag (Ed25519), in keys
SIG_ALG_HASHED = b"ED"     # why: a signature over BLAKE2b-512 of the file (minisign's default)
KDF_NONE = b"\0\0"         # why: an unencrypted secret key (minisign -W)
KDF_SCRYPT = b"Sc"         # why: a password-protected secret key; refused, see ``_secret``
CHK_ALG = b"B2"            # why: the secret key's checksum is BLAKE2b-256
KEY_ID_BYTES = 8           # why: minisign's key number, shown as 16 hex digits
PUBLIC_BYTES = 2 + KEY_ID_BYTES + 32
SECRET_BYTES = 2 + 2 + 2 + 32 + 8 + 8 + KEY_ID_BYTES + 64 + 32
SIGNATURE_BYTES = 2 + KEY_ID_BYTES + 64
COMMENT_PREFIX = "untrusted comment: "
TRUSTED_PREFIX = "trusted comment: "
MAX_TRUSTED = 8192 - len(TRUSTED_PREFIX) - 1
# why: minisign reads a trusted comment into 8192 bytes with its prefix and NUL; a longer one
# would be cut there and fail its global signature, so rrdesk never writes one.
_CHUNK = 1 << 16           # why: hash files in 64 KiB reads, as minisign does


@dataclass(frozen=True)
class PublicKey:
    """A minisign public key: its 8-byte id and the Ed25519 key."""

    key_id: bytes
    key: bytes

    @property
    def fingerprint(self) -> str:
        """The key id as minisign prints it (16 upper-case hex digits, little-endian)."""
        return f"{int.from_bytes(self.key_id, 'little'):016X}"

    def text(self) -> str:
        """The whole public key file, as ``minisign -G`` writes it."""
        return (f"{COMMENT_PREFIX}minisign public key {self.fingerprint}\n"
                f"{self.base64()}\n")

    def base64(self) -> str:
        """The key on one line (what ``minisign -P`` takes)."""
        return base64.b64encode(SIG_ALG + self.key_id + self.key).decode("ascii")


@dataclass(frozen=True)
class SecretKey:
    """A minisign secret key (unencrypted): id, Ed25519 seed ‖ public key."""

    key_id: bytes
    secret: bytes  # 64 bytes, as libsodium keeps it: seed ‖ public key

    def public(self) -> PublicKey:
        return PublicKey(self.key_id, self.secret[32:])

    def text(self, comment: str = "rrdesk signing key") -> str:
        """The whole secret key file, readable by ``minisign -S``."""
        checksum = hashlib.blake2b(SIG_ALG + self.key_id + self.secret, digest_size=32).digest()
        body = (SIG_ALG + KDF_NONE + CHK_ALG + bytes(32) + bytes(8) + bytes(8)
                + self.key_id + self.secret + checksum)
        return f"{COMMENT_PREFIX}{_one_line(comment)}\n{base64.b64encode(body).decode('ascii')}\n"


def generate() -> SecretKey:
    """A fresh key pair from the operating system's CSPRNG."""
    seed = system_bytes(32)
    public = Ed25519PrivateKey.from_private_bytes(seed).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    return SecretKey(system_bytes(KEY_ID_BYTES), seed + public)


def read_public(text: str, source: str) -> PublicKey:
    """The key in a public key file's text (or a bare base64 line, as ``minisign -P``)."""
    raw = _payload(text, source, PUBLIC_BYTES, "a minisign public key")
    if raw[:2] != SIG_ALG:
        raise SignatureError(source, "", "not an Ed25519 minisign public key")
    return PublicKey(raw[2:2 + KEY_ID_BYTES], raw[2 + KEY_ID_BYTES:])


def read_secret(text: str, source: str) -> SecretKey:
    """The key in a secret key file's text; a password-protected one is refused."""
    raw = _payload(text, source, SECRET_BYTES, "a minisign secret key")
    if raw[:2] != SIG_ALG or raw[4:6] != CHK_ALG:
        raise SignatureError(source, "", "not an Ed25519 minisign secret key")
    if raw[2:4] == KDF_SCRYPT:
        raise SignatureError(source, "", "the key is protected by a password; rrdesk needs it without "
                             "(minisign -C -s FILE, then an empty password)")
    if raw[2:4] != KDF_NONE:
        raise SignatureError(source, "", "unknown key protection")
    at = 2 + 2 + 2 + 32 + 8 + 8
    key_id, secret = raw[at:at + KEY_ID_BYTES], raw[at + KEY_ID_BYTES:at + KEY_ID_BYTES + 64]
    derived = Ed25519PrivateKey.from_private_bytes(secret[:32]).public_key().public_bytes(
        Encoding.Raw, PublicFormat.Raw)
    if not hmac.compare_digest(derived, secret[32:]):
        raise SignatureError(source, "", "the secret key is damaged (its two halves disagree)")
    return SecretKey(key_id, secret)


def file_hash(chunks: Iterable[bytes]) -> bytes:
    """BLAKE2b-512 of the chunks: what a prehashed signature signs."""
    state = hashlib.blake2b(digest_size=64)
    for chunk in chunks:
        state.update(chunk)
    return state.digest()


def sign(key: SecretKey, digest: bytes, trusted_comment: str,
         comment: str = "signature from rrdesk") -> str:
    """The text of a ``.minisig`` file for the file whose :func:`file_hash` is ``digest``."""
    trusted = _one_line(trusted_comment)
    if len(trusted.encode("utf-8")) > MAX_TRUSTED:
        raise ValueError("trusted comment too long for minisign")
    private = Ed25519PrivateKey.from_private_bytes(key.secret[:32])
    signature = private.sign(digest)
    global_signature = private.sign(signature + trusted.encode("utf-8"))
    body = SIG_ALG_HASHED + key.key_id + signature
    return (f"{COMMENT_PREFIX}{_one_line(comment)}\n{base64.b64encode(body).decode('ascii')}\n"
            f"{TRUSTED_PREFIX}{trusted}\n{base64.b64encode(global_signature).decode('ascii')}\n")


def verify(key: PublicKey, digest: bytes, signature_text: str, source: str) -> str:
    """Check a ``.minisig`` text against ``key`` and the file's digest; returns the trusted comment.

    Raises
    ------
    SignatureError
        ``SOURCE: signature: …`` -- malformed, another key, or it does not verify.
    """
    lines = signature_text.split("\n")
    if len(lines) < 4 or not lines[0].startswith(COMMENT_PREFIX) or not lines[2].startswith(TRUSTED_PREFIX):
        raise SignatureError(source, "signature", "not a minisign signature")
    body = _b64(lines[1].strip(), source, SIGNATURE_BYTES, "a minisign signature")
    global_signature = _b64(lines[3].strip(), source, 64, "a minisign signature")
    if body[:2] != SIG_ALG_HASHED:
        raise SignatureError(source, "signature", "a legacy (not prehashed) signature; sign again with minisign 0.8 or later")
    if not hmac.compare_digest(body[2:2 + KEY_ID_BYTES], key.key_id):
        theirs = f"{int.from_bytes(body[2:2 + KEY_ID_BYTES], 'little'):016X}"
        raise SignatureError(source, "signature", f"made by key {theirs}, not by {key.fingerprint}")
    trusted = lines[2][len(TRUSTED_PREFIX):].rstrip("\r")
    public = Ed25519PublicKey.from_public_bytes(key.key)
    try:
        public.verify(body[2 + KEY_ID_BYTES:], digest)
        public.verify(global_signature, body[2 + KEY_ID_BYTES:] + trusted.encode("utf-8"))
    except InvalidSignature:
        raise SignatureError(source, "signature", f"does not verify with key {key.fingerprint}") from None
    return trusted


def secret_from_private(private: Ed25519PrivateKey, key_id: bytes) -> SecretKey:
    """A :class:`SecretKey` for a cryptography key (tests, conversions)."""
    seed = private.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())
    return SecretKey(key_id, seed + private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw))


def _payload(text: str, source: str, size: int, kind: str) -> bytes:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if lines and lines[0].startswith(COMMENT_PREFIX.strip()):
        lines = lines[1:]
    if len(lines) != 1:
        raise SignatureError(source, "", f"not {kind}")
    return _b64(lines[0], source, size, kind)


def _b64(line: str, source: str, size: int, kind: str) -> bytes:
    try:
        raw = base64.b64decode(line, validate=True)
    except (binascii.Error, ValueError):
        raise SignatureError(source, "", f"not {kind} (bad base64)") from None
    if len(raw) != size:
        raise SignatureError(source, "", f"not {kind} (wrong length)")
    return raw


def _one_line(text: str) -> str:
    return " ".join(text.replace("\r", " ").split("\n"))
