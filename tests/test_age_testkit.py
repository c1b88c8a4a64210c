"""The age test kit (C2SP CCTV, ``shared/testdata/age-testkit``): every vector that needs
only X25519 or hybrid post-quantum (mlkem768x25519) identities, or none, binary or ASCII-armored,
decrypts -- or fails -- exactly as the kit expects; only the vectors that need a passphrase
(scrypt) are skipped.

An armored vector is read as the reference runner reads it (filippo.io/age's testkit_test.go
wraps every ``armored: yes`` file in the armor reader): :func:`age.unarmor` first, its failure
an "armor failure", then the binary file as any other vector. And as the age tool reads it: the
readers that detect armor themselves (``age.decrypt``, the opener) give the same plaintext or
the same error, except where the begin line itself is wrong, which they read as a binary file
that fails in its header (so does ``age -d``).

A vector is a textual header (``key: value`` lines), an empty line, then the age file,
zlib-compressed when ``compressed: zlib``. On success the plaintext must hash to
``payload``; on a payload failure, what a streaming reader released before the failure
must (the kit's rule), which is why this test reads the chunk stream rather than
``age.decrypt`` (all or nothing, so it releases nothing).
"""
from __future__ import annotations

import hashlib
import tempfile
import zlib
from pathlib import Path

import pytest

from rrdesk.core.errors import AgeError, ArmorError, HeaderError, HMACError, NoMatchError, PayloadError
from rrdesk.store import age

TESTKIT = Path(__file__).resolve().parents[2] / "shared" / "testdata" / "age-testkit"

if not TESTKIT.is_dir():
    pytest.skip(f"the age test kit is not at {TESTKIT} (clone shared/ beside the repository)",
                allow_module_level=True)

VECTORS = sorted(p for p in TESTKIT.iterdir() if p.is_file() and p.name != "README.md")
KNOWN_KEYS = {"expect", "payload", "identity", "passphrase", "armored", "compressed",
              "file key", "comment"}
FAILURES = {
    "header failure": HeaderError,
    "no match": NoMatchError,
    "HMAC failure": HMACError,
    "payload failure": PayloadError,
    "armor failure": ArmorError,
}
# Vectors that carry a passphrase but whose expected failure is structural: rrdesk must
# reach it without that key, so they run.
STRUCTURAL = {
    "scrypt_and_x25519": "an scrypt stanza mixed with an X25519 stanza",
    "scrypt_double": "two scrypt stanzas",
}

SKIP_SCRYPT = "scrypt: passphrase recipients are not implemented, rrdesk seals only to X25519"


def _read(path: Path) -> tuple[dict[str, list[str]], bytes]:
    head, _, body = path.read_bytes().partition(b"\n\n")
    fields: dict[str, list[str]] = {}
    for line in head.decode("utf-8").split("\n"):
        key, _, value = line.partition(": ")
        fields.setdefault(key, []).append(value)
    if fields.get("compressed") == ["zlib"]:
        body = zlib.decompress(body)
    return fields, body


def _skip_reason(name: str, fields: dict[str, list[str]]) -> str | None:
    if set(fields) - KNOWN_KEYS:
        return f"unknown vector keys {sorted(set(fields) - KNOWN_KEYS)} (the kit says: ignore)"
    if name in STRUCTURAL:
        return None
    if "passphrase" in fields:
        return SKIP_SCRYPT
    return None


@pytest.mark.parametrize("path", VECTORS, ids=[p.name for p in VECTORS])
def test_vector(path: Path):
    fields, body = _read(path)
    reason = _skip_reason(path.name, fields)
    if reason:
        pytest.skip(reason)
    identities = [age.Identity.from_string(i) for i in fields.get("identity", [])]
    expect = fields["expect"][0]
    if fields.get("armored") == ["yes"]:
        armored, body = body, _unarmored(body, expect)
        _same_when_detected(armored, body, identities, expect)
        if expect == "armor failure":
            return
    released: list[bytes] = []
    if expect == "success":
        released.extend(age.Opener(identities).chunks(body))
        assert age.decrypt(body, identities) == b"".join(released)
    else:
        with pytest.raises(FAILURES[expect]) as caught:
            released.extend(age.Opener(identities).chunks(body))
        assert type(caught.value) is FAILURES[expect], str(caught.value)
        with pytest.raises(FAILURES[expect]):
            age.decrypt(body, identities)
    if "payload" in fields:
        assert hashlib.sha256(b"".join(released)).hexdigest() == fields["payload"][0]
    _same_by_the_fast_readers(body, identities, expect)


def _unarmored(armored: bytes, expect: str) -> bytes:
    """The binary file of an armored vector (as the reference runner's armor.NewReader)."""
    if expect != "armor failure":
        return age.unarmor(armored)
    with pytest.raises(ArmorError):
        age.unarmor(armored)
    return b""


def _same_when_detected(armored: bytes, binary: bytes, identities: list, expect: str) -> None:
    """The readers that detect armor give on the armored file what they give on the binary
    one; an armor failure is theirs too, unless the begin line is wrong, when they read a
    binary file whose header fails (``age -d``'s detection)."""
    opener = age.Opener(identities)
    for read in (lambda: age.decrypt(armored, identities), lambda: opener.decrypt(armored),
                 lambda: b"".join(opener.chunks(armored)), lambda: _one_of_many(opener, armored)):
        if expect == "success":
            assert read() == age.decrypt(binary, identities)
            continue
        failure = FAILURES[expect]
        if expect == "armor failure" and not age.is_armored(armored):
            failure = HeaderError
        with pytest.raises(AgeError) as caught:
            read()
        assert type(caught.value) is failure, str(caught.value)
    if expect != "armor failure":
        with tempfile.TemporaryFile() as raw:  # the bundle reader reads chunks at their offsets
            raw.write(armored)
            raw.flush()
            with pytest.raises(HeaderError, match="ASCII-armored"):
                age.SealedFile(raw, identities)


def _same_by_the_fast_readers(body: bytes, identities: list, expect: str) -> None:
    """The record opener and the streaming bundle reader give what age.decrypt gives: the
    same plaintext, or an error of the same kind."""
    readers = [lambda: age.Opener(identities).decrypt(body), lambda: _one_of_many(age.Opener(identities), body)]

    def streamed() -> bytes:
        with tempfile.TemporaryFile() as raw:
            raw.write(body)
            raw.flush()
            sealed = age.SealedFile(raw, identities)
            sealed.check_all()
            return sealed.read()
    readers.append(streamed)
    for read in readers:
        if expect == "success":
            assert read() == age.decrypt(body, identities)
        else:
            with pytest.raises(AgeError) as caught:
                read()
            assert type(caught.value) is FAILURES[expect], str(caught.value)


def _one_of_many(opener: age.Opener, body: bytes) -> bytes:
    """The batch opener's result for ``body``, in a batch with a file of another key before and
    after it: its plaintext, or its error raised."""
    other = age.encrypt(b"another", [age.Identity.generate().recipient])
    first, got, last = opener.open_many([other, body, other])
    assert isinstance(first, NoMatchError) and isinstance(last, NoMatchError)
    if isinstance(got, AgeError):
        raise got
    return got


def test_the_kit_is_mostly_runnable():
    """Guard against a reshuffled kit silently skipping everything."""
    runnable = [p for p in VECTORS if _skip_reason(p.name, _read(p)[0]) is None]
    assert len(runnable) >= 110
    assert sum(_read(p)[0].get("armored") == ["yes"] for p in runnable) >= 30
