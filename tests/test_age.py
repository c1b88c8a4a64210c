"""Sealing records as age files: round trips, tampering caught by the right check,
deterministic output for tests, and key and identity-file parsing."""
from __future__ import annotations

import random
import stat
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rrdesk.core import bech32
from rrdesk.core.errors import AgeError, HeaderError, HMACError, InputError, NoMatchError, PayloadError, RRDeskError
from rrdesk.store import age, keys
from rrdesk.store.age import _format as fmt
from tests.conftest import SeededSource

CHUNK = age.CHUNK_SIZE
POOL = [age.Identity.generate(random=SeededSource(seed)) for seed in range(4)]
BOUNDARY_SIZES = [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK - 1, 2 * CHUNK, 2 * CHUNK + 1, 3 * CHUNK]


def _payload(size: int, seed: int = 0) -> bytes:
    return random.Random(seed).randbytes(size)


def _split(sealed: bytes) -> tuple[bytes, bytes]:
    """(header through the MAC line, payload)."""
    _, offset = fmt.parse(sealed)
    return sealed[:offset], sealed[offset:]


# --- round trips -------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(size=st.one_of(st.integers(0, 2000), st.sampled_from(BOUNDARY_SIZES)),
       seed=st.integers(0, 2**32),
       chosen=st.lists(st.sampled_from(range(3)), min_size=1, max_size=3, unique=True),
       opener=st.integers(0, 2))
def test_a_sealed_record_opens_with_any_of_its_recipients(size, seed, chosen, opener):
    plaintext = _payload(size, seed)
    sealed = age.encrypt(plaintext, [POOL[i].recipient for i in chosen])
    identity = POOL[chosen[opener % len(chosen)]]
    assert age.decrypt(sealed, [identity]) == plaintext
    assert age.decrypt(sealed, [POOL[3], identity]) == plaintext


@pytest.mark.parametrize("size", BOUNDARY_SIZES)
def test_the_payload_is_cut_in_64_kib_chunks(size):
    header, payload = _split(age.encrypt(_payload(size), [POOL[0].recipient]))
    chunks = max(1, -(-size // CHUNK))
    assert len(payload) == age.PAYLOAD_NONCE_SIZE + size + 16 * chunks


def test_the_header_is_an_age_v1_header_with_one_x25519_stanza_per_recipient():
    sealed = age.encrypt(b"yes", [POOL[0].recipient, POOL[1].recipient])
    header, _ = fmt.parse(sealed)
    assert sealed.startswith(b"age-encryption.org/v1\n-> X25519 ")
    assert [s.args[0] for s in header.stanzas] == ["X25519", "X25519"]


# --- failures ----------------------------------------------------------------------

def test_a_record_for_someone_else_does_not_open():
    sealed = age.encrypt(b"yes", [POOL[0].recipient])
    with pytest.raises(NoMatchError):
        age.decrypt(sealed, [POOL[1], POOL[2]])
    with pytest.raises(NoMatchError):
        age.decrypt(sealed, [])


def test_a_flipped_bit_in_the_header_mac_is_an_hmac_failure():
    sealed = age.encrypt(b"yes", [POOL[0].recipient])
    header, payload = _split(sealed)
    head, _, mac_line = header.rpartition(b"--- ")
    mac = bytearray(fmt.b64decode(mac_line.rstrip(b"\n")))
    mac[0] ^= 1
    with pytest.raises(HMACError):
        age.decrypt(head + b"--- " + fmt.b64encode(bytes(mac)) + b"\n" + payload, [POOL[0]])


def test_changing_another_recipients_stanza_is_an_hmac_failure():
    sealed = age.encrypt(b"yes", [POOL[0].recipient, POOL[1].recipient])
    parsed, offset = fmt.parse(sealed)
    first, second = parsed.stanzas
    altered = fmt.Stanza(second.args, bytes([second.body[0] ^ 1]) + second.body[1:])
    forged = fmt.encode([first, altered]) + sealed[len(parsed.mac_input):]
    with pytest.raises(HMACError):
        age.decrypt(forged, [POOL[0]])


@pytest.mark.parametrize("where", ["nonce", "first byte", "last byte"])
def test_a_flipped_payload_byte_is_a_payload_failure(where):
    sealed = bytearray(age.encrypt(_payload(CHUNK + 10), [POOL[0].recipient]))
    header, _ = _split(bytes(sealed))
    index = {"nonce": len(header), "first byte": len(header) + 16, "last byte": len(sealed) - 1}[where]
    sealed[index] ^= 0x80
    with pytest.raises(PayloadError):
        age.decrypt(bytes(sealed), [POOL[0]])


@pytest.mark.parametrize("size", [0, 5, CHUNK])
def test_an_appended_byte_is_a_payload_failure(size):
    sealed = age.encrypt(_payload(size), [POOL[0].recipient])
    with pytest.raises(PayloadError):
        age.decrypt(sealed + b"\x00", [POOL[0]])


@pytest.mark.parametrize("cut", [1, 16, 17, CHUNK + 16])
def test_a_truncated_payload_is_a_payload_failure(cut):
    sealed = age.encrypt(_payload(2 * CHUNK), [POOL[0].recipient])
    with pytest.raises(PayloadError):
        age.decrypt(sealed[:-cut], [POOL[0]])


def test_a_file_cut_inside_its_header_or_nonce_is_a_header_failure():
    sealed = age.encrypt(b"yes", [POOL[0].recipient])
    header, _ = _split(sealed)
    for cut in (0, 10, len(header) - 1, len(header) + 8):
        with pytest.raises(HeaderError):
            age.decrypt(sealed[:cut], [POOL[0]])


def test_every_failure_is_an_rrdesk_error_without_the_plaintext():
    secret = b"I am unhappy at work"
    sealed = age.encrypt(secret, [POOL[0].recipient])
    with pytest.raises(RRDeskError) as caught:
        age.decrypt(sealed[:-1], [POOL[0]])
    assert secret.decode() not in str(caught.value)


def _header_with(*stanza_lines: bytes) -> bytes:
    return b"age-encryption.org/v1\n" + b"".join(stanza_lines) + b"--- " + b"A" * 43 + b"\n" + bytes(48)


def test_an_scrypt_stanza_beside_another_is_a_header_failure():
    data = _header_with(b"-> scrypt AAAAAAAAAAAAAAAAAAAAAA 10\n\n", b"-> other\n\n")
    with pytest.raises(HeaderError, match="scrypt"):
        age.decrypt(data, [POOL[0]])


def test_a_malformed_x25519_stanza_is_a_header_failure_even_without_identities():
    data = _header_with(b"-> X25519 AAAA\n" + fmt.b64encode(bytes(32)) + b"\n")
    with pytest.raises(HeaderError, match="32 bytes"):
        age.decrypt(data, [])


def test_header_lines_and_stanza_counts_are_bounded():
    with pytest.raises(HeaderError, match="longer than"):
        age.decrypt(_header_with(b"-> " + b"x" * fmt.MAX_LINE + b"\n\n"), [POOL[0]])
    many = [b"-> grease\n\n"] * (fmt.MAX_STANZAS + 1)
    with pytest.raises(HeaderError, match="more than"):
        age.decrypt(_header_with(*many), [POOL[0]])


def test_other_files_are_header_failures():
    for data in (b"", b"hello\n", b"age-encryption.org/v2\n", b"age-encryption.org/v1\r\n-> X"):
        with pytest.raises(HeaderError):
            age.decrypt(data, [POOL[0]])


def test_identities_must_be_a_sequence_of_identities():
    sealed = age.encrypt(b"yes", [POOL[0].recipient])
    with pytest.raises(TypeError):
        age.decrypt(sealed, POOL[0])
    with pytest.raises(TypeError):
        age.decrypt(sealed, [str(POOL[0])])
    assert age.decrypt(sealed, (i for i in POOL)) == b"yes"


# --- injected randomness -----------------------------------------------------------

def test_a_deterministic_random_source_gives_the_same_file_twice():
    recipients = [POOL[0].recipient, POOL[1].recipient]
    one = age.encrypt(b"yes", recipients, random=SeededSource(7))
    two = age.encrypt(b"yes", recipients, random=SeededSource(7))
    other = age.encrypt(b"yes", recipients, random=SeededSource(8))
    assert one == two != other
    assert age.decrypt(one, [POOL[1]]) == b"yes"


def test_the_random_source_is_asked_for_file_key_ephemerals_and_nonce():
    asked = []

    def source(n: int) -> bytes:
        asked.append(n)
        return bytes(range(1, n + 1))

    age.encrypt(b"yes", [POOL[0].recipient, POOL[1].recipient], random=source)
    assert asked == [16, 32, 32, 16]


def test_a_random_source_that_returns_too_few_bytes_is_refused():
    with pytest.raises(ValueError, match="exactly 16 bytes"):
        age.encrypt(b"yes", [POOL[0].recipient], random=lambda n: bytes(n - 1))


# --- recipients and identities -----------------------------------------------------

def test_a_recipient_parses_to_its_32_byte_key():
    assert age.parse_recipient(POOL[0].recipient) == bech32.decode(POOL[0].recipient)[1]
    assert len(age.parse_recipient(POOL[0].recipient)) == 32


@pytest.mark.parametrize("text", [
    "",
    "age1",
    "not a key",
    POOL[0].recipient.upper(),
    POOL[0].recipient[:10] + POOL[0].recipient[10:].upper(),
    POOL[0].recipient[:-1] + ("q" if POOL[0].recipient[-1] != "q" else "p"),
    bech32.encode("age", bytes(31)),
    bech32.encode("age", bytes(33)),
    bech32.encode("age1pq", bytes(32)),
    str(POOL[0]),
    " " + POOL[0].recipient,
    None,
])
def test_invalid_recipients_are_refused(text):
    with pytest.raises(AgeError):
        age.parse_recipient(text)
    with pytest.raises(AgeError):
        age.encrypt(b"yes", [POOL[0].recipient, text])


def test_no_recipients_or_a_bare_string_is_refused():
    with pytest.raises(AgeError):
        age.encrypt(b"yes", [])
    with pytest.raises(TypeError):
        age.encrypt(b"yes", POOL[0].recipient)


def test_recipients_parsed_once_seal_what_the_strings_seal():
    texts = [POOL[0].recipient, POOL[1].recipient]
    parsed = age.Recipients(texts)
    assert parsed.texts == tuple(texts) and len(parsed) == 2
    assert age.encrypt(b"yes", parsed, random=SeededSource(7)) == age.encrypt(b"yes", texts, random=SeededSource(7))
    assert age.decrypt(age.encrypt(b"yes", parsed), [POOL[1]]) == b"yes"
    assert age.sealed_size(3, parsed) == age.sealed_size(3, texts) == len(age.encrypt(b"yes", parsed))
    sealer = age.Sealer(parsed, random=SeededSource(3))
    assert sealer.update(b"ye") + sealer.update(b"s") + sealer.finish() == age.encrypt(b"yes", texts,
                                                                                      random=SeededSource(3))


def test_recipients_refuse_what_parse_recipient_refuses():
    with pytest.raises(TypeError):
        age.Recipients(POOL[0].recipient)
    with pytest.raises(AgeError, match="no recipients"):
        age.Recipients([])
    with pytest.raises(AgeError, match="low-order"):
        age.Recipients([POOL[0].recipient, bech32.encode("age", bytes(32))])
    with pytest.raises(AgeError):
        age.Recipients([POOL[0].recipient.upper()])


def test_a_low_order_recipient_cannot_be_sealed_to():
    with pytest.raises(AgeError, match="low-order"):
        age.encrypt(b"yes", [bech32.encode("age", bytes(32))])


def test_an_identity_round_trips_through_its_string():
    identity = POOL[0]
    text = str(identity)
    assert text.startswith("AGE-SECRET-KEY-1") and text == text.upper()
    assert age.Identity.from_string(text) == identity
    assert age.Identity.from_string(text).recipient == identity.recipient
    assert identity.recipient.startswith("age1") and bech32.is_age_recipient(identity.recipient)


def test_an_identitys_repr_does_not_show_the_secret():
    assert str(POOL[0]) not in repr(POOL[0])
    assert POOL[0].recipient in repr(POOL[0])


@pytest.mark.parametrize("text", [
    "",
    str(POOL[0]).lower(),
    str(POOL[0])[:-1] + ("Q" if str(POOL[0])[-1] != "Q" else "P"),
    bech32.encode("age-secret-key-", bytes(31)).upper(),
    POOL[0].recipient,
    str(POOL[0]) + " ",
])
def test_invalid_identity_strings_are_refused(text):
    with pytest.raises(AgeError):
        age.Identity.from_string(text)


def test_generated_identities_differ():
    assert age.Identity.generate() != age.Identity.generate()


# --- identity files ----------------------------------------------------------------

def test_identity_file_text_is_age_keygens_format():
    created = datetime(2006, 1, 2, 15, 4, 5, tzinfo=timezone(timedelta(hours=-7)))
    assert age.identity_file_text(POOL[0], created) == (
        f"# created: 2006-01-02T15:04:05-07:00\n# public key: {POOL[0].recipient}\n{POOL[0]}\n")
    utc = datetime(2026, 3, 1, 9, 30, 0, 999, tzinfo=timezone.utc)
    assert age.identity_file_text(POOL[0], utc).startswith("# created: 2026-03-01T09:30:00Z\n")
    with pytest.raises(ValueError):
        age.identity_file_text(POOL[0], datetime(2026, 3, 1))


def test_identity_files_skip_comments_and_blank_lines():
    text = f"# created: x\n\n# public key: y\r\n{POOL[0]}\r\n\n{POOL[1]}\n"
    assert age.read_identities(text, "key.txt") == [POOL[0], POOL[1]]
    assert age.read_identities(age.identity_file_text(POOL[2], datetime.now(timezone.utc)), "k") == [POOL[2]]


@pytest.mark.parametrize("text, message", [
    (f"# comment\n{POOL[0]}\nAGE-SECRET-KEY-1NOPE\n",
     "key.txt: line 3: not an age identity (AGE-SECRET-KEY-1…)"),
    (f"  {POOL[0]}\n", "key.txt: line 1: not an age identity (AGE-SECRET-KEY-1…)"),
    ("AGE-SECRET-KEY-PQ-1XYZ\n", "key.txt: line 1: not an age identity (AGE-SECRET-KEY-1…)"),
    ("AGE-PLUGIN-YUBIKEY-1XYZ\n", "key.txt: line 1: not an age identity (AGE-SECRET-KEY-1…); plugin"),
    ("# only a comment\n\n", "key.txt: no age identity"),
])
def test_identity_file_errors_name_the_file_and_line(text, message):
    with pytest.raises(InputError) as caught:
        age.read_identities(text, "key.txt")
    assert str(caught.value).startswith(message)
    assert isinstance(caught.value, AgeError)
    assert "NOPE" not in str(caught.value)


def test_write_then_load_an_identity_file(tmp_path):
    path = tmp_path / "coordinator.txt"
    keys.write_identity(path, POOL[0])
    assert keys.load_identities(path) == [POOL[0]]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    with pytest.raises(InputError, match="coordinator.txt: already exists; refusing to overwrite"):
        keys.write_identity(path, POOL[1])
    assert keys.load_identities(path) == [POOL[0]]


def test_write_identity_into_a_missing_folder_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="cannot create"):
        keys.write_identity(tmp_path / "nowhere" / "key.txt", POOL[0])


def test_load_identities_refuses_bad_files(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        keys.load_identities(tmp_path / "missing.txt")
    big = tmp_path / "big.txt"
    big.write_bytes(b"#" * (keys.MAX_IDENTITY_FILE + 1))
    with pytest.raises(InputError, match="larger than 1 MiB"):
        keys.load_identities(big)
    binary = tmp_path / "binary.txt"
    binary.write_bytes(f"{POOL[0]}\n".encode() + b"\xff\xfe\n")
    with pytest.raises(InputError, match=r"binary.txt: line 2: not an age identity"):
        keys.load_identities(binary)
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(f"# created\n{POOL[0].recipient}\n")
    with pytest.raises(InputError, match=r"wrong.txt: line 2: not an age identity \(AGE-SECRET-KEY-1…\)"):
        keys.load_identities(wrong)


@pytest.mark.parametrize("size", [0, 1, 65535, 65536, 65537, 3 * 65536, 200_000])
def test_the_streaming_sealer_writes_what_encrypt_writes(size):
    """An export seals its tar piece by piece: the same bytes as sealing it whole, whatever
    the pieces, including a plaintext that ends on a chunk boundary."""
    import random

    from rrdesk.store.age import Sealer

    identity = age.Identity.generate()
    data = random.Random(size).randbytes(size)
    whole = age.encrypt(data, [identity.recipient], random=random.Random(1).randbytes)
    sealer = Sealer([identity.recipient], random=random.Random(1).randbytes)
    pieces, at, cuts = [], 0, random.Random(2)
    while at < size:
        step = cuts.choice((1, 100, 70_000, 1 << 20))
        pieces.append(sealer.update(data[at:at + step]))
        at += step
    pieces.append(sealer.finish())
    assert b"".join(pieces) == whole and sealer.size == len(whole)
    assert age.decrypt(whole, [identity]) == data


# --- the one implementation ----------------------------------------------------------

@pytest.mark.parametrize("salt_size", [0, 1, 16, 32, 63, 64, 65, 100])
def test_the_one_hkdf_is_rfc_5869s(salt_size):
    """Every age key comes from this HKDF (the header key without a salt, the payload key
    with the 16-byte nonce, the wrap key with a 64-byte salt): pyca's HKDF gives the same."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF

    from rrdesk.store.age._hmac import hkdf, hkdf_keyed, keyed

    rng = random.Random(salt_size)
    for ikm_size in (16, 32, 100):
        ikm, salt = rng.randbytes(ikm_size), rng.randbytes(salt_size)
        for info in (b"", b"header", b"age-encryption.org/v1/X25519"):
            want = HKDF(algorithm=hashes.SHA256(), length=32, salt=salt or None, info=info).derive(ikm)
            assert hkdf(ikm, salt, info) == want
            assert hkdf_keyed(*keyed(salt), ikm, info) == want


@pytest.mark.parametrize("size", [CHUNK, 2 * CHUNK, 3 * CHUNK + 5])
def test_every_reader_of_a_cut_or_extended_payload_fails_alike(tmp_path, size):
    """A payload cut at each chunk boundary, or extended by a chunk, fails in :func:`age.decrypt`,
    the record opener and the streaming reader (one opener); a cut one with the same words (the
    streaming reader checks the last chunk first, so an extension fails there as another chunk)."""
    sealed = age.encrypt(_payload(size), [POOL[0].recipient])
    header, payload = _split(sealed)
    start = len(header) + age.PAYLOAD_NONCE_SIZE
    full = CHUNK + 16
    damaged = [sealed[:start + n * full] for n in range(1, -(-size // CHUNK))]  # cut after whole chunks
    damaged.append(sealed + sealed[start:start + full])  # a chunk after the final one
    for data in damaged:
        with pytest.raises(PayloadError) as whole:
            age.decrypt(data, [POOL[0]])
        with pytest.raises(PayloadError) as opened:
            age.Opener([POOL[0]]).decrypt(data)
        path = tmp_path / "damaged.age"
        path.write_bytes(data)
        with path.open("rb") as raw, pytest.raises(PayloadError) as streamed:
            age.SealedFile(raw, [POOL[0]]).check_all()
        if len(data) < len(sealed):
            assert str(whole.value) == str(opened.value) == str(streamed.value) == (
                "damaged age payload: it ends before the final chunk")


def test_the_batch_opener_gives_each_file_what_decrypt_gives():
    """``Opener.open_many`` (the aggregator's) gives for every file of a mixed batch exactly what
    ``decrypt`` gives it: the plaintext, or an error of the same type and words, wherever the
    file fails -- a low-order share, another key, an altered MAC, a cut nonce, a damaged payload
    -- and whatever path the file takes, with each file's stanza types (rrdesk's one-stanza shape or the parser's, armor, a
    payload of several chunks, a bytearray), with one identity or the second of two."""
    me, other = POOL[0], POOL[1]
    good = [age.encrypt(_payload(n, n), [me.recipient], random=SeededSource(n)) for n in (1, 300, 700)]
    zero = fmt.b64encode(bytes(32)).decode()
    low_order = (f"age-encryption.org/v1\n-> X25519 {zero}\n{fmt.b64encode(bytes(32)).decode()}\n"
                 f"--- {zero}\n").encode() + bytes(40)
    mac_altered = bytearray(good[1])
    at = mac_altered.index(b"--- ") + 4
    mac_altered[at] = ord("A") if mac_altered[at] != ord("A") else ord("B")
    head_end = good[2].index(b"\n", good[2].index(b"--- ")) + 1
    payload_flipped = bytearray(good[2])
    payload_flipped[-5] ^= 1
    files = [*good, low_order, bytes(mac_altered), good[0][:head_end + 7], bytes(payload_flipped),
             age.encrypt(b"x", [other.recipient], random=SeededSource(9)),
             age.encrypt(b"two", [other.recipient, me.recipient], random=SeededSource(10)),
             age.encrypt(_payload(200_000, 3), [me.recipient], random=SeededSource(11)),
             _armored(good[0]), bytearray(good[1]), b"not an age file", good[2]]
    for identities in ([me], [other, me], [other]):
        opener = age.Opener(identities)
        types: list = []
        batch = opener.open_many(files, types)
        assert len(batch) == len(files)
        assert types == [age.stanza_types(data) for data in files]  # each file's, read as it was opened
        kinds = set()
        for data, got in zip(files, batch):
            try:
                expected: bytes | AgeError = age.decrypt(data, identities)
            except AgeError as error:
                expected = error
            if isinstance(expected, AgeError):
                assert type(got) is type(expected) and str(got) == str(expected)
                kinds.add(type(got))
            else:
                assert got == expected
        if identities != [other]:  # every way to fail was met (the other key's file opens with [other, me])
            assert {HeaderError, HMACError, PayloadError} | ({NoMatchError} if identities == [me] else set()) <= kinds


def _armored(binary: bytes) -> bytes:
    """``binary`` in age's ASCII armor (64 base64 columns a line)."""
    import base64

    text = base64.b64encode(binary)
    lines = b"\n".join(text[i:i + 64] for i in range(0, len(text), 64))
    return b"-----BEGIN AGE ENCRYPTED FILE-----\n" + lines + b"\n-----END AGE ENCRYPTED FILE-----\n"


def test_the_log_readers_batch_gives_each_record_what_open_record_gives():
    """``log.open_records`` (the aggregator's batch) gives each blob what ``open_record`` gives:
    the record, None for another key's, or the same words for one that cannot be decrypted or is
    no record."""
    from rrdesk.store import log, records

    me, other = POOL[0], POOL[1]
    record = records.Record(survey="s", device="0" * 32, log="1" * 32, interview=1, position=0, kind="start",
                            day="2026-11-23", interviewer="ana", version="1")
    good = age.encrypt(records.pad(record, 512), [me.recipient], random=SeededSource(1))
    blobs = [good, age.encrypt(b'{"format":"x"}', [me.recipient], random=SeededSource(2)),
             age.encrypt(b"x", [other.recipient], random=SeededSource(3)), good[:-3], good]
    opener = age.Opener([me])
    got = log.open_records(blobs, opener)
    assert got == [log.open_record(b, [me], decrypt=opener.decrypt) for b in blobs]
    assert got[0] == record and got[2] is None and all(isinstance(x, str) for x in got[1:4:2])
