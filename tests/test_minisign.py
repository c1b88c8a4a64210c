"""rrdesk's minisign formats against the real ``minisign`` tool (Debian's package, installed by CI).

Both directions: the tool verifies what rrdesk signs with a key rrdesk made, and rrdesk
verifies what the tool signs with a key the tool made (``minisign -G -W``, no password).
Without the tool only the pure-Python round trips and the tamper checks run.
"""
from __future__ import annotations

import shutil
import subprocess

import pytest

from rrdesk.core.errors import SignatureError
from rrdesk.store import minisign

MINISIGN = shutil.which("minisign")
needs_tool = pytest.mark.skipif(MINISIGN is None, reason="the minisign tool is not installed")


def _digest(path):
    return minisign.file_hash([path.read_bytes()])


def test_round_trip_and_trusted_comment(tmp_path):
    key = minisign.generate()
    digest = minisign.file_hash([b"survey ", b"text"])
    text = minisign.sign(key, digest, "survey demo v1")
    assert minisign.verify(key.public(), digest, text, "x.minisig") == "survey demo v1"
    again = minisign.read_secret(key.text(), "k")
    assert again == key
    assert minisign.read_public(key.public().text(), "p") == key.public()


def test_tampering_is_caught():
    key = minisign.generate()
    digest = minisign.file_hash([b"abc"])
    text = minisign.sign(key, digest, "for survey demo")
    with pytest.raises(SignatureError, match="does not verify"):
        minisign.verify(key.public(), minisign.file_hash([b"abd"]), text, "s")
    forged = text.replace("trusted comment: for survey demo", "trusted comment: for survey other")
    with pytest.raises(SignatureError, match="does not verify"):
        minisign.verify(key.public(), digest, forged, "s")
    with pytest.raises(SignatureError, match="made by key"):
        minisign.verify(minisign.generate().public(), digest, text, "s")
    for bad in ("", "untrusted comment: x\n!!!\ntrusted comment: y\nzz\n", "garbage"):
        with pytest.raises(SignatureError):
            minisign.verify(key.public(), digest, bad, "s")


def test_bad_key_files():
    with pytest.raises(SignatureError, match="not a minisign public key"):
        minisign.read_public("untrusted comment: x\nAAAA\n", "p")
    with pytest.raises(SignatureError):
        minisign.read_secret("hello", "k")
    key = minisign.generate()
    text = key.text().splitlines()
    import base64
    raw = bytearray(base64.b64decode(text[1]))
    raw[2:4] = b"Sc"
    with pytest.raises(SignatureError, match="password"):
        minisign.read_secret(text[0] + "\n" + base64.b64encode(bytes(raw)).decode() + "\n", "k")
    raw[2:4] = b"\0\0"
    raw[-40] ^= 1  # inside the public half of the secret key
    with pytest.raises(SignatureError, match="damaged"):
        minisign.read_secret(text[0] + "\n" + base64.b64encode(bytes(raw)).decode() + "\n", "k")


@needs_tool
def test_minisign_verifies_ours(tmp_path):
    key = minisign.generate()
    (tmp_path / "k.pub").write_text(key.public().text())
    data = tmp_path / "survey.toml"
    data.write_bytes(b"[survey]\nid = 'demo'\n" * 5000)
    sig = tmp_path / "survey.toml.minisig"
    sig.write_text(minisign.sign(key, _digest(data), "rrdesk survey demo version 3"))
    done = subprocess.run([MINISIGN, "-V", "-p", str(tmp_path / "k.pub"), "-m", str(data)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "rrdesk survey demo version 3" in done.stdout
    data.write_bytes(data.read_bytes() + b"#")
    done = subprocess.run([MINISIGN, "-V", "-p", str(tmp_path / "k.pub"), "-m", str(data)],
                          capture_output=True, text=True)
    assert done.returncode != 0


@needs_tool
def test_minisign_signs_with_our_secret_key(tmp_path):
    key = minisign.generate()
    (tmp_path / "k.key").write_text(key.text())
    data = tmp_path / "f"
    data.write_bytes(b"x" * 70000)
    done = subprocess.run([MINISIGN, "-S", "-s", str(tmp_path / "k.key"), "-m", str(data), "-t", "from the tool"],
                          capture_output=True, text=True, input="")
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "f.minisig").read_text()
    assert minisign.verify(key.public(), _digest(data), text, "f.minisig") == "from the tool"


@needs_tool
def test_we_read_the_tools_keys_and_signatures(tmp_path):
    pub, sec = tmp_path / "m.pub", tmp_path / "m.key"
    done = subprocess.run([MINISIGN, "-G", "-W", "-p", str(pub), "-s", str(sec)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    public = minisign.read_public(pub.read_text(), str(pub))
    secret = minisign.read_secret(sec.read_text(), str(sec))
    assert secret.public() == public
    shown = pub.read_text().splitlines()[0].rsplit(" ", 1)[1]  # 0.11 drops leading zeros, 0.12 pads
    assert int(shown, 16) == int(public.fingerprint, 16)
    data = tmp_path / "bundle"
    data.write_bytes(bytes(range(256)) * 1000)
    subprocess.run([MINISIGN, "-S", "-s", str(sec), "-m", str(data), "-t", "bundle of laptop 1"],
                   check=True, capture_output=True, input="")
    assert minisign.verify(public, _digest(data), (tmp_path / "bundle.minisig").read_text(), "b") \
        == "bundle of laptop 1"
