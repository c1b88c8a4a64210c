"""Signed surveys (rrdesk/app/trust.py): keygen's signing key, `rrdesk sign`, the laptop's pin.

The attack these stop: a survey file swapped on a laptop — the same id and questions with an
extra recipient (an attacker's key), or a question's text turned into its opposite — was
adopted silently by the app and by `simulate`, and every later record was readable by the
attacker. Now a laptop trusts one coordinator key, laptop-wide (tests/test_trusted_key.py: deleted
files, replacing the key).
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from rrdesk import cli
from rrdesk.app import trust
from rrdesk.core.survey import load as load_survey
from rrdesk.store import age, keys

DEMO = Path(__file__).resolve().parents[1] / "resources" / "surveys" / "demo.toml"


def _keygen(folder: Path, name: str, capsys) -> Path:
    identity = folder / f"{name}.key"
    assert cli.main(["keygen", "-o", str(identity)]) == 0
    capsys.readouterr()
    return identity


def _survey(folder: Path, text: str | None = None) -> Path:
    path = folder / "survey.toml"
    path.write_text(text if text is not None else DEMO.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def _simulate(survey: Path, data: Path, capsys) -> tuple[int, str]:
    code = cli.main(["simulate", str(survey), "--data", str(data), "-n", "2", "--seed", "1", "--force"])
    return code, capsys.readouterr().err


def test_keygen_makes_a_signing_key_beside_the_identity_and_says_back_it_up(tmp_path, capsys):
    identity = tmp_path / "coordinator.key"
    assert cli.main(["keygen", "-o", str(identity)]) == 0
    out, err = capsys.readouterr()
    signing, public = tmp_path / "coordinator.minisign.key", tmp_path / "coordinator.minisign.pub"
    assert keys.load_identities(identity)[0].recipient == out.strip()
    assert keys.load_signing_key(signing).public() == keys.load_public_key(public)
    assert signing.stat().st_mode & 0o777 == 0o600 and identity.stat().st_mode & 0o777 == 0o600
    assert "back up both secret files" in err and keys.load_public_key(public).fingerprint in err
    identity.unlink()  # the signing key is still there: nothing may be written
    assert cli.main(["keygen", "-o", str(identity)]) == 2
    err = capsys.readouterr().err  # keygen is all or nothing: it names what to move aside
    assert "coordinator.key does not" in err and "move" in err and "nothing was written" in err, err
    assert not identity.exists()


@pytest.mark.skipif(shutil.which("minisign") is None, reason="the minisign tool is not installed")
def test_the_minisign_tool_checks_a_signed_survey(tmp_path, capsys):
    identity = _keygen(tmp_path, "coordinator", capsys)
    survey = _survey(tmp_path)
    assert cli.main(["sign", str(survey), "-k", str(identity)]) == 0
    assert capsys.readouterr().out.strip() == str(survey) + ".minisig"
    done = subprocess.run(["minisign", "-V", "-p", str(tmp_path / "coordinator.minisign.pub"), "-m", str(survey)],
                          capture_output=True, text=True)
    assert done.returncode == 0 and "rrdesk survey workplace-demo" in done.stdout, done.stderr


def test_a_swapped_survey_is_refused_once_pinned(tmp_path, capsys):
    coordinator = _keygen(tmp_path, "coordinator", capsys)
    attacker = _keygen(tmp_path, "attacker", capsys)
    data, text = tmp_path / "data", DEMO.read_text(encoding="utf-8")
    survey = _survey(tmp_path)
    assert cli.main(["sign", str(survey), "-k", str(coordinator)]) == 0
    assert _simulate(survey, data, capsys)[0] == 0
    known = trust.current_key(data)  # the laptop-wide key, installed from the first signed survey
    assert known is not None and known.events[-1].how == "survey"
    pinned = known.key
    assert pinned == keys.load_public_key(tmp_path / "coordinator.minisign.pub")
    assert (data / "workplace-demo" / "survey.toml.minisig").read_bytes() == (tmp_path / "survey.toml.minisig").read_bytes()

    extra = keys.load_identities(attacker)[0].recipient
    swapped = text.replace('recipients = ["', f'recipients = ["{extra}", "')
    assert swapped != text
    _survey(tmp_path, swapped)
    # unchanged signature: the file no longer matches it
    code, err = _simulate(survey, data, capsys)
    assert code == 2 and "does not verify" in err
    # signed by the attacker's own key: not the pinned signer
    assert cli.main(["sign", str(survey), "-k", str(attacker)]) == 0
    capsys.readouterr()
    code, err = _simulate(survey, data, capsys)
    assert code == 2 and "is not the coordinator's" in err and trust.key_code(pinned.fingerprint) in err
    # unsigned: refused too
    (tmp_path / "survey.toml.minisig").unlink()
    code, err = _simulate(survey, data, capsys)
    assert code == 2 and "not signed" in err and "practice only" in err
    # the coordinator's own change, signed by the coordinator's key: accepted
    assert cli.main(["sign", str(survey), "-k", str(tmp_path / "coordinator.minisign.key")]) == 0
    capsys.readouterr()
    assert _simulate(survey, data, capsys)[0] == 0
    assert load_survey(data / "workplace-demo" / "survey.toml").recipients[0] == extra  # the copy follows the signed file


def test_an_unsigned_survey_still_works_without_a_trusted_key(tmp_path, capsys):
    data = tmp_path / "data"
    assert _simulate(_survey(tmp_path), data, capsys)[0] == 0
    assert not (data / "coordinator.trust").exists() and trust.current_key(data) is None
    assert trust.survey_signature(load_survey(tmp_path / "survey.toml")) is None


def test_a_signature_for_another_survey_or_garbage_is_refused(tmp_path, capsys):
    coordinator = _keygen(tmp_path, "coordinator", capsys)
    survey = _survey(tmp_path)
    sig = tmp_path / "survey.toml.minisig"
    for bad in ("", "untrusted comment: hello\nxx\n", "\x00" * 20000):
        sig.write_text(bad)
        code, err = _simulate(survey, tmp_path / "data", capsys)
        assert code == 2 and err.startswith("rrdesk: error: ") and err.count("\n") == 1, err
    assert cli.main(["sign", str(survey), "-k", str(coordinator)]) == 0
    capsys.readouterr()
    other = _survey(tmp_path, DEMO.read_text(encoding="utf-8").replace("id = \"workplace-demo\"", "id = \"demo-two\"", 1))
    assert load_survey(other).id == "demo-two"
    key = keys.load_signing_key(tmp_path / "coordinator.minisign.key")
    # a valid signature whose trusted comment names another survey
    from rrdesk.store import minisign
    text = minisign.sign(key, minisign.file_hash([other.read_bytes()]), trust.trusted_comment("workplace-demo"),
                         comment=f"rrdesk survey signature; signer {key.public().base64()}")
    sig.write_text(text)
    code, err = _simulate(other, tmp_path / "data", capsys)
    assert code == 2 and 'not survey "demo-two"' in err


def test_the_trusted_key_survives_and_a_damaged_one_is_one_line(tmp_path, capsys):
    coordinator = _keygen(tmp_path, "coordinator", capsys)
    survey = _survey(tmp_path)
    cli.main(["sign", str(survey), "-k", str(coordinator)])
    data = tmp_path / "data"
    assert _simulate(survey, data, capsys)[0] == 0
    (data / "coordinator.trust").write_text("garbage")
    code, err = _simulate(survey, data, capsys)
    assert code == 2 and "coordinator.trust: line 1: damaged" in err and err.count("\n") == 1, err


def test_identity_recipient_is_unchanged_by_signing(tmp_path, capsys):
    identity = _keygen(tmp_path, "c", capsys)
    assert isinstance(keys.load_identities(identity)[0], age.Identity)


def test_check_says_whether_a_survey_is_signed(tmp_path, capsys):
    import json
    survey = _survey(tmp_path)
    assert cli.main(["check", str(survey)]) == 0
    assert "unsigned: nothing pins it" in capsys.readouterr().out
    coordinator = _keygen(tmp_path, "coordinator", capsys)
    cli.main(["sign", str(survey), "-k", str(coordinator)])
    capsys.readouterr()
    fingerprint = keys.load_public_key(tmp_path / "coordinator.minisign.pub").fingerprint
    assert cli.main(["check", str(survey)]) == 0
    assert f"signed by key {fingerprint}" in capsys.readouterr().out
    assert cli.main(["check", str(survey), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["signature"] == {"signed": True, "signer": fingerprint}
    survey.write_text(survey.read_text() + "\n# edited\n")
    assert cli.main(["check", str(survey)]) == 2
    assert "does not verify" in capsys.readouterr().err


def test_a_signer_key_ending_in_any_base64_character_is_found(tmp_path):
    # A key whose base64 ends in "+" or "/" once went unrecognised (a word-boundary regex),
    # about 3 % of keys: deterministic keys until the last character covers "+", "/" and a letter.
    import hashlib

    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from rrdesk.store import minisign
    survey_path = _survey(tmp_path)
    survey = load_survey(survey_path)
    seen = set()
    for i in range(2000):
        seed = hashlib.sha256(f"key {i}".encode()).digest()
        key = minisign.secret_from_private(Ed25519PrivateKey.from_private_bytes(seed), seed[:8])
        last = key.public().base64()[-1]
        if last in seen:
            continue
        seen.add(last)
        trust.sign_survey(survey, key)
        assert trust.survey_signature(survey).signer == key.public()
        if {"+", "/", "A"} <= seen:
            break
    assert {"+", "/"} <= seen
