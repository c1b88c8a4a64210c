"""Records are age files: the standard ``age`` and ``age-keygen`` commands read what
rrdesk writes, and rrdesk reads what they write (docs/ARCHITECTURE.md, "Records are age files")."""
from __future__ import annotations

import random
import shutil
import stat
import subprocess
from datetime import datetime, timezone
from pathlib import Path

import pytest

from rrdesk.core.errors import InputError, PayloadError
from rrdesk.store import age, keys

if shutil.which("age") is None or shutil.which("age-keygen") is None:
    pytest.skip("the age command is not installed (CI installs the Debian package 'age')",
                allow_module_level=True)

SIZES = [0, 1, 65535, 65536, 65537, 1 << 20]


def _run(*args: str | Path, data: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], input=data, capture_output=True, timeout=60)


def _payload(size: int) -> bytes:
    return random.Random(size).randbytes(size)


class Keypair:
    def __init__(self, directory: Path, name: str) -> None:
        self.file = directory / f"{name}.txt"
        result = _run("age-keygen", "-o", self.file)
        assert result.returncode == 0, result.stderr
        self.recipient = _run("age-keygen", "-y", self.file).stdout.decode().strip()
        self.identity = keys.load_identities(self.file)[0]


@pytest.fixture(scope="module")
def alice(tmp_path_factory) -> Keypair:
    return Keypair(tmp_path_factory.mktemp("keys"), "alice")


@pytest.fixture(scope="module")
def bob(tmp_path_factory) -> Keypair:
    return Keypair(tmp_path_factory.mktemp("keys"), "bob")


def _age_encrypt(tmp_path: Path, plaintext: bytes, *recipients: str, armor: bool = False) -> bytes:
    source, sealed = tmp_path / "plain", tmp_path / "sealed.age"
    source.write_bytes(plaintext)
    args = [a for r in recipients for a in ("-r", r)] + (["--armor"] if armor else [])
    result = _run("age", *args, "-o", sealed, source)
    assert result.returncode == 0, result.stderr
    return sealed.read_bytes()


def _age_decrypt(tmp_path: Path, sealed: bytes, identity_file: Path) -> subprocess.CompletedProcess:
    path = tmp_path / "to-open.age"
    path.write_bytes(sealed)
    return _run("age", "-d", "-i", identity_file, path)


def test_age_keygen_recipient_matches_ours(alice):
    assert alice.identity.recipient == alice.recipient


@pytest.mark.parametrize("size", SIZES)
def test_age_opens_what_rrdesk_sealed(tmp_path, alice, size):
    plaintext = _payload(size)
    result = _age_decrypt(tmp_path, age.encrypt(plaintext, [alice.recipient]), alice.file)
    assert result.returncode == 0, result.stderr
    assert result.stdout == plaintext


@pytest.mark.parametrize("size", SIZES)
def test_rrdesk_opens_what_age_sealed(tmp_path, alice, size):
    plaintext = _payload(size)
    sealed = _age_encrypt(tmp_path, plaintext, alice.recipient)
    assert age.decrypt(sealed, [alice.identity]) == plaintext


@pytest.mark.parametrize("size", [0, 1, 39, 40, 41, 65536, 65537])
def test_rrdesk_opens_what_age_armored(tmp_path, alice, size):
    """``age --armor`` output opens as the binary file does, whether its last armor line is
    short, 64 columns with padding (39 bytes) or full (40 bytes: a 240-byte file, five full
    lines); so it does with CRLF line ends."""
    plaintext = _payload(size)
    armored = _age_encrypt(tmp_path, plaintext, alice.recipient, armor=True)
    assert armored.startswith(b"-----BEGIN AGE ENCRYPTED FILE-----\n")
    lines = armored.split(b"\n")
    assert (len(lines[-3]) == 64 and b"=" not in lines[-3]) == (age.sealed_size(size, [alice.recipient]) % 48 == 0)
    assert age.decrypt(armored, [alice.identity]) == plaintext
    assert age.Opener([alice.identity]).decrypt(armored.replace(b"\n", b"\r\n")) == plaintext


@pytest.mark.parametrize("size", SIZES)
def test_a_file_cut_by_one_byte_is_rejected_by_both(tmp_path, alice, size):
    plaintext = _payload(size)
    ours = age.encrypt(plaintext, [alice.recipient])
    theirs = _age_encrypt(tmp_path, plaintext, alice.recipient)
    for sealed in (ours, theirs):
        cut = sealed[:-1]
        with pytest.raises(PayloadError):
            age.decrypt(cut, [alice.identity])
        assert _age_decrypt(tmp_path, cut, alice.file).returncode != 0


@pytest.mark.parametrize("size", SIZES)
def test_two_recipients_each_open_the_file(tmp_path, alice, bob, size):
    plaintext = _payload(size)
    ours = age.encrypt(plaintext, [alice.recipient, bob.recipient])
    theirs = _age_encrypt(tmp_path, plaintext, alice.recipient, bob.recipient)
    for who in (alice, bob):
        result = _age_decrypt(tmp_path, ours, who.file)
        assert result.returncode == 0, result.stderr
        assert result.stdout == plaintext
        assert age.decrypt(ours, [who.identity]) == plaintext
        assert age.decrypt(theirs, [who.identity]) == plaintext


def test_write_identity_makes_a_private_file_age_keygen_reads(tmp_path):
    identity = age.Identity.generate()
    path = tmp_path / "coordinator.txt"
    keys.write_identity(path, identity)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    result = _run("age-keygen", "-y", path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().strip() == identity.recipient
    assert keys.load_identities(path) == [identity]
    before = path.read_bytes()
    with pytest.raises(InputError, match="already exists; refusing to overwrite"):
        keys.write_identity(path, age.Identity.generate())
    assert path.read_bytes() == before


def test_age_reads_an_identity_file_from_identity_file_text(tmp_path):
    identity = age.Identity.generate()
    path = tmp_path / "key.txt"
    path.write_text(age.identity_file_text(identity, datetime(2026, 3, 1, 9, 30, tzinfo=timezone.utc)))
    plaintext = b"a record sealed to the coordinator"
    result = _age_decrypt(tmp_path, age.encrypt(plaintext, [identity.recipient]), path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == plaintext
