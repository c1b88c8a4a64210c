"""The post-quantum hybrid recipient type (c2sp.org/age, "The MLKEM768-X25519 (i.e. X-Wing)
hybrid post-quantum recipient type"): keys as the spec derives and encodes them, sealing to
hybrid recipients alone or beside X25519 ones, and the sizes a survey's records take. The test
kit (tests/test_age_testkit.py) checks opening against the reference implementation's files."""
from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from rrdesk.core import bech32
from rrdesk.core.errors import AgeError, HeaderError, NoMatchError
from rrdesk.store import age, keys
from rrdesk.store.age import _format as fmt
from tests.conftest import SeededSource

# The spec's example hybrid identity and its recipient: the key derivation (SHAKE256 of the
# seed into an ML-KEM-768 seed and an X25519 key, filippo.io/hpke-pq) gives exactly this key.
SPEC_IDENTITY = "AGE-SECRET-KEY-PQ-1XX76JRALNLXDMEW0CRK45QMCCH4X06SE84UN3VPM33W6HWDX0H3SK3ZQFR"
SPEC_RECIPIENT = (
    "age1pq1x34nzsvr0rxjsgdn8zgyhfe8j7ceq5r9rdelkjuh3y235jzxshfg87pzf5zrqtzdxz95paef6caq5aapd"
    "mwjjqpjfdyxnzr2zampc3uxy0dg4z2n2gm9su72p0pc3u0jvev55l694v78snxg3yzvcl7yda0eyytqj6a0ec477"
    "lnhcy5hzpz4zq3pxanve4cn62gqj3pjy5lqj9c6kyj4v2z8alktn8zh99970x79gjkv7522hv9kfz35zsnxhsx8w"
    "wtmu9cy3ftzjgwcp4sshn3llnylnpdsyz5jm72vefv4x5vfwytrefxg4wq3mv42wcrvkj742479zrxzpvp2p3e9f"
    "ed9f0739vcu80r7ma28qfhnvlv4gfzel9q654dj3zmuvvz893azhxdvs9fxd0r7jzchzcfcs5mkyyjxhw0n2z6dv"
    "p9yn9qfdp29h0azxqyjw6v7fhyuzj7zel0uq6j9rd7wgrpz7mf5dnj43jwsgvrc8qcnhy7tu6dkdujuxzkp9xj43"
    "xe8h92ktre2a3u3s8mm5mrp9nr9pwkgtz4mdlq9hgn4fps4k57ff6wddn2fy23t47sm20r8km8sd2pcyyafnet8f"
    "0dajsrlyjeah4n3mssr6aseevuuskdvq5lzguyvpgwpta742c6698vgutzqgny8usfg0w2he7kq5vyxjd0f9hqg8"
    "xk26y9e4th0gezq92q4cpp5p2y9hf5f2cje5l0c3sa3a2qxmm38pxxvhxh99yzmfz0zk7r2s64nnwjhkfgfr3gf8"
    "xnmppcgmaykvh5sh6g7vk9790rf8ws0axmr2t7z8aae5fq2029uvcn2ghgt4fu4wgwdc0k0cz52qkvwmuzj8p8k5"
    "jgf3xzk5zmrkavjekjrpeq408xz3zxazwkc6tyfmhayrkfpjhwtz5mp8j8guqe43k2q6m2kte03vrw27y3wmqyu5"
    "etmt9dnkwcnnpmu9gz9dekfhdevf42ucshphnrk38ra6hx8w5f8q5ru0xdhrjxmwqf6cused7zc5xvq43r0zscjg"
    "lpwlptpwydhqw64xz7ptjdyeyzpq2zkxtmzg29gzjpvzva4d3l0cenn9xs297wf4y4ukwrunf57xj6pm7nvrkwvt"
    "rt8hwcmgv8x7ajw7258ugf9wvkmk4052ekg87tw5vnx8nq2swyzv77v8yqlwsenvamr0zssknwts8rrhfuwj7yky"
    "snq9jxy0uv3kuyt22djszjdtvpz6d0s0kwh8ryynddzud92emeyvvyqktd0jtj7rvvg5gch25v8smlvny3kvn5ga"
    "gyz475ze2y6q466xqmz2n3hs77lddeqyta2nch5k2u5yacuk9ywnwfdzvyejnucz724hj77hrrmakm7pr3kxsrxq"
    "22ejexlud9fy2kdqmkg5yncz7jm5wv2qjk5w5kvcpqsry2yqffh2la52dxfjkjq5rzhjzeyn6dupn0qwtyv7s4lw"
    "g3xdarsdlwe2y3tujy480y7z39q259fzx6jhd2j0f5hagqpcpees7hzc2yrk5cy788uk3s7qvp5cpepx24gvws3m"
    "2g433exgwppnkjscec8qu4y9z9r7vccexjcjaen42245lmgmxmuavg9alej92322gvvyy2t6267v09ch64y0m53j"
    "ff0vjj96s0ypk60hr3jw4myd6m5hpn3xjstx7tl2szhpr5qe8jj08ydjc4wy2rch2fhuy3pdfjax5awe9j99ly5h"
    "kntzz9fe5zatgjvzdd0kgtxs25njnajyf6ssekp7gelxquusn4pt25czh3scj68kq79wdn5tgm6yvm9nzavrg043"
    "x3msnygf8dweknw5jmqd0uvny6ttsn09508k0c55zfnegrm9efhxpfqdkmhh6gjtqmwze9pyyzk3tlhl53k2ykx3"
    "qheyty7saeq0d3fzv49zc0k"
)
PQ = [age.Identity.generate(random=SeededSource(seed), post_quantum=True) for seed in range(2)]
CLASSIC = age.Identity.generate(random=SeededSource(7))


def test_the_spec_example_identity_gives_the_spec_recipient():
    identity = age.Identity.from_string(SPEC_IDENTITY)
    assert identity.post_quantum
    assert identity.recipient == SPEC_RECIPIENT
    assert str(identity) == SPEC_IDENTITY
    assert len(bech32.decode(SPEC_RECIPIENT)[1]) == 1216 and len(SPEC_RECIPIENT) == 1959


def test_a_hybrid_identity_round_trips_and_never_shows_its_secret():
    identity = PQ[0]
    assert str(identity).startswith("AGE-SECRET-KEY-PQ-1") and identity.recipient.startswith("age1pq1")
    assert age.Identity.from_string(str(identity)) == identity
    assert str(identity) not in repr(identity) and "SECRET" not in repr(identity)
    assert identity != CLASSIC and not CLASSIC.post_quantum
    assert age.is_post_quantum(identity.recipient) and not age.is_post_quantum(CLASSIC.recipient)
    assert age.Identity.generate(post_quantum=True) != age.Identity.generate(post_quantum=True)


@pytest.mark.parametrize("recipients", [
    [PQ[0].recipient],
    [PQ[1].recipient, PQ[0].recipient],
    [CLASSIC.recipient, PQ[0].recipient],
    [PQ[0].recipient, CLASSIC.recipient],
], ids=["hybrid", "two-hybrid", "x25519-then-hybrid", "hybrid-then-x25519"])
@pytest.mark.parametrize("size", [0, 1, 700, age.CHUNK_SIZE, age.CHUNK_SIZE + 1])
def test_sealed_to_hybrid_recipients_opens_with_each_identity(recipients, size):
    plaintext = bytes(range(256)) * (size // 256) + bytes(size % 256)
    sealed = age.encrypt(plaintext, recipients)
    assert len(sealed) == age.sealed_size(size, recipients)
    holders = [i for i in (*PQ, CLASSIC) if i.recipient in recipients]
    for identity in holders:
        assert age.decrypt(sealed, [identity]) == plaintext
        assert age.Opener([identity]).decrypt(sealed) == plaintext
    assert age.Opener([CLASSIC, *PQ]).decrypt(sealed) == plaintext
    others = [i for i in (*PQ, CLASSIC) if i.recipient not in recipients]
    if others:
        with pytest.raises(NoMatchError):
            age.decrypt(sealed, others)


def test_a_hybrid_stanza_is_the_spec_s_encoding():
    sealed = age.encrypt(b"yes", [PQ[0].recipient])
    header, _ = fmt.parse(sealed)
    (stanza,) = header.stanzas
    assert stanza.args[0] == "mlkem768x25519" and len(stanza.args) == 2
    assert len(fmt.b64decode(stanza.args[1].encode())) == 1120
    assert len(stanza.body) == 32
    # one argument line, then the 32-byte body on one 43-column line
    assert re.match(rb"age-encryption\.org/v1\n-> mlkem768x25519 [A-Za-z0-9+/]{1494}\n[A-Za-z0-9+/]{43}\n--- ",
                    sealed)


def test_every_file_to_the_same_recipients_has_one_size():
    recipients = [CLASSIC.recipient, PQ[0].recipient]
    sizes = {len(age.encrypt(b"x" * 512, recipients)) for _ in range(20)}
    assert sizes == {age.sealed_size(512, recipients)}
    assert age.sealed_size(512, [PQ[0].recipient]) - age.sealed_size(512, [CLASSIC.recipient]) == 1557 - 98


def test_hybrid_recipients_parsed_once_seal_files_each_identity_opens():
    parsed = age.Recipients([CLASSIC.recipient, PQ[0].recipient])
    sealed = [age.encrypt(b"yes", parsed) for _ in range(3)]
    assert len(set(sealed)) == 3 and {len(s) for s in sealed} == {age.sealed_size(3, parsed)}
    for identity in (CLASSIC, PQ[0]):
        assert {age.decrypt(s, [identity]) for s in sealed} == {b"yes"}
    with pytest.raises(NoMatchError):
        age.decrypt(sealed[0], [PQ[1]])


def test_the_x25519_part_of_a_file_stays_deterministic_beside_a_hybrid_recipient():
    """A hybrid stanza draws nothing from ``random``: the file key, the X25519 ephemeral and
    the nonce come from it as before (tests that want the same file twice still can, with
    X25519 recipients)."""
    one = age.encrypt(b"yes", [CLASSIC.recipient], random=SeededSource(3))
    two = age.encrypt(b"yes", [CLASSIC.recipient], random=SeededSource(3))
    assert one == two
    mixed = age.encrypt(b"yes", [CLASSIC.recipient, PQ[0].recipient], random=SeededSource(3))
    assert fmt.parse(mixed)[0].stanzas[0] == fmt.parse(one)[0].stanzas[0]


@pytest.mark.parametrize("text", [
    bech32.encode("age1pq", bytes(1215)),
    bech32.encode("age1pq", bytes(32)),
    bech32.encode("age1pq", b"\xff" * 1216),  # ML-KEM coefficients above q: not a key (FIPS 203)
    SPEC_RECIPIENT.upper(),
    SPEC_RECIPIENT[:-1] + ("q" if SPEC_RECIPIENT[-1] != "q" else "p"),
    bech32.encode("age", bech32.decode(SPEC_RECIPIENT)[1]),
])
def test_invalid_hybrid_recipients_are_refused(text):
    with pytest.raises(AgeError):
        age.parse_recipient(text)
    with pytest.raises(AgeError):
        age.encrypt(b"yes", [text])


@pytest.mark.parametrize("text", [
    bech32.encode("AGE-SECRET-KEY-PQ-", bytes(31)).upper(),
    bech32.encode("AGE-SECRET-KEY-PQ-", bytes(33)).upper(),
    SPEC_IDENTITY.lower(),
    SPEC_IDENTITY[:-1] + ("Q" if SPEC_IDENTITY[-1] != "Q" else "P"),
])
def test_invalid_hybrid_identities_are_refused(text):
    with pytest.raises(AgeError):
        age.Identity.from_string(text)


def test_a_low_order_share_in_a_hybrid_stanza_is_a_header_failure():
    sealed = age.encrypt(b"yes", [PQ[0].recipient])
    header, offset = fmt.parse(sealed)
    (stanza,) = header.stanzas
    enc = fmt.b64decode(stanza.args[1].encode())
    for share in (bytes(32), (1).to_bytes(32, "little"), (2**255 - 19 - 1).to_bytes(32, "little"),
                  ((2**255 - 19) | 1 << 255).to_bytes(32, "little")):
        bad = fmt.Stanza((stanza.args[0], fmt.b64encode(enc[:1088] + share).decode()), stanza.body)
        forged = fmt.encode([bad]) + sealed[len(header.mac_input):]
        with pytest.raises(HeaderError, match="low-order"):
            age.decrypt(forged, [PQ[0]])


def test_a_hybrid_stanza_is_ignored_without_a_hybrid_identity():
    """As the spec says of any identity: stanzas of another type are not its business."""
    sealed = age.encrypt(b"yes", [PQ[0].recipient, CLASSIC.recipient])
    header, _ = fmt.parse(sealed)
    hybrid, x25519 = header.stanzas
    broken = fmt.Stanza((*hybrid.args, "extra"), hybrid.body)
    # the MAC no longer matches, but only a holder of the hybrid identity looks at the stanza
    forged = fmt.encode([broken, x25519]) + sealed[len(header.mac_input):]
    with pytest.raises(HeaderError, match="mlkem768x25519"):
        age.decrypt(forged, [PQ[0]])
    with pytest.raises(AgeError, match="MAC"):
        age.decrypt(forged, [CLASSIC])


def test_hybrid_identity_files_are_age_keygen_pq_s_format(tmp_path):
    path = tmp_path / "coordinator.txt"
    keys.write_identity(path, PQ[0], created=datetime(2026, 3, 1, 9, 30, tzinfo=timezone.utc))
    assert path.read_text() == (f"# created: 2026-03-01T09:30:00Z\n# public key: {PQ[0].recipient}\n"
                                f"{PQ[0]}\n")
    assert keys.load_identities(path) == [PQ[0]]
    path2 = tmp_path / "both.txt"
    path2.write_text(f"{CLASSIC}\n# a post-quantum key too\n{PQ[1]}\n")
    assert keys.load_identities(path2) == [CLASSIC, PQ[1]]


def test_a_files_stanza_types_are_read_without_a_key():
    """What the aggregator compares with the survey's recipients, record by record."""
    classic, hybrid = age.Identity.generate(), age.Identity.generate(post_quantum=True)
    recipients = [hybrid.recipient, classic.recipient]
    sealed = age.encrypt(b"x" * 100, recipients)
    assert sorted(age.stanza_types(sealed)) == sorted(age.recipient_type(r) for r in recipients) == [
        "X25519", "mlkem768x25519"]
    assert age.stanza_types(age.encrypt(b"x", [classic.recipient])) == ("X25519",)
    assert age.stanza_types(b"not an age file") is None
    with pytest.raises(AgeError):
        age.recipient_type("age1notarecipient")
