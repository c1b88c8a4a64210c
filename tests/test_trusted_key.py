"""A laptop trusts its coordinator, not a file (rrdesk/app/trust.py, DATA/coordinator.trust).

The attack these stop (issue 26, "pin file deleted + extra recipient"): the station pinned each
survey to its signer in DATA/<id>/signer.pub; deleting that one file let an unsigned copy with
one more recipient (an attacker's age key) be recorded with, and every later record opened with
the attacker's key. Now the coordinator's key is trusted laptop-wide, an unsigned survey is
practice only once a key is trusted, a deleted trust file is restored from the signed copies the
survey folders keep, and replacing the key is deliberate and carried by the next export.
"""
from __future__ import annotations

import json
from pathlib import Path

from rrdesk.app import trust
from rrdesk.core.survey import load as load_survey
from rrdesk.store import keys
from rrdesk.store.bundle import open_bundle
from tests.cli_runs import SID, rrdesk
from tests.conftest import DEMO, DEMO_KEY


def _keygen(folder, name):
    identity = folder / f"{name}.key"
    code, _, err = rrdesk("keygen", "-o", identity)
    assert code == 0, err
    return identity


def _signed(folder, identity, text=None, name="survey.toml"):
    survey = folder / name
    survey.write_text(text if text is not None else DEMO.read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = rrdesk("sign", survey, "-k", identity)
    assert code == 0, err
    return survey


def _record(survey, data, n=2):
    return rrdesk("simulate", survey, "--data", data, "-n", n, "--seed", 1, "--force")  # the command-line station; signed surveys here


def _with_extra_recipient(folder, attacker, name="swapped.toml"):
    extra = keys.load_identities(attacker)[0].recipient
    text = DEMO.read_text(encoding="utf-8")
    swapped = folder / name
    swapped.write_text(text.replace('recipients = ["', f'recipients = ["{extra}", "'), encoding="utf-8")
    return swapped, extra


def test_deleting_the_pin_no_longer_lets_an_extra_recipient_in(tmp_path):
    coordinator, attacker = _keygen(tmp_path, "coordinator"), _keygen(tmp_path, "attacker")
    data = tmp_path / "data"
    survey = _signed(tmp_path, coordinator)
    assert _record(survey, data)[0] == 0
    copy = data / SID / "survey.toml"
    before = copy.read_bytes()
    # the attack: the per-survey pin deleted by hand, then an unsigned copy with one more recipient
    (data / SID / trust.PIN).unlink(missing_ok=True)
    swapped, extra = _with_extra_recipient(tmp_path, attacker)
    code, _, err = _record(swapped, data)
    assert code == 2 and "not signed" in err and "practice only" in err, err
    assert err.count("\n") == 1 and "trusts the coordinator's key" in err
    # nothing changed: the copy export seals to is the coordinator's, its signature still beside it
    assert copy.read_bytes() == before and extra not in copy.read_text(encoding="utf-8")
    assert (data / SID / "survey.toml.minisig").exists()
    # signed by the attacker's own key: refused too
    assert rrdesk("sign", swapped, "-k", attacker)[0] == 0
    code, _, err = _record(swapped, data)
    assert code == 2 and "is not the coordinator's" in err
    # the coordinator's own file still records
    assert _record(survey, data)[0] == 0


def test_a_deleted_trust_file_is_restored_from_the_signed_copies(tmp_path):
    coordinator, attacker = _keygen(tmp_path, "coordinator"), _keygen(tmp_path, "attacker")
    data = tmp_path / "data"
    assert _record(_signed(tmp_path, coordinator), data)[0] == 0
    (data / "coordinator.trust").unlink()
    (data / SID / trust.PIN).unlink(missing_ok=True)
    swapped, _ = _with_extra_recipient(tmp_path, attacker)
    code, _, err = _record(swapped, data)
    assert code == 2 and "practice only" in err, err
    known = trust.current_key(data)
    coordinator_key = keys.load_public_key(tmp_path / "coordinator.minisign.pub")
    assert known is not None and known.key == coordinator_key
    assert [e.how for e in known.events] == ["restored"]  # written again, and said so
    code, out, _ = rrdesk("trust", "--data", data)
    assert code == 0 and "restored" in out and trust.key_code(coordinator_key.fingerprint) in out


def test_a_deleted_trust_file_with_two_signers_in_the_folders_is_refused(tmp_path):
    first, second = _keygen(tmp_path, "first"), _keygen(tmp_path, "second")
    data = tmp_path / "data"
    assert _record(_signed(tmp_path, first), data)[0] == 0
    other = DEMO.read_text(encoding="utf-8").replace('id = "workplace-demo"', 'id = "demo-two"', 1)
    two = _signed(tmp_path, second, other, "two.toml")
    assert _record(two, data)[0] == 2  # the laptop trusts the first key
    code, _, _ = rrdesk("trust", two, "--data", data, "--key-id",
                        keys.load_public_key(tmp_path / "second.minisign.pub").fingerprint, "--replace")
    assert code == 0 and _record(two, data)[0] == 0
    (data / "coordinator.trust").unlink()
    code, _, err = _record(two, data)
    assert code == 2 and "coordinator.trust: missing" in err and "rrdesk trust" in err, err


def test_trust_needs_the_key_id_and_replacing_needs_replace(tmp_path):
    coordinator = _keygen(tmp_path, "coordinator")
    _keygen(tmp_path, "other")
    data = tmp_path / "data"
    pub = tmp_path / "coordinator.minisign.pub"
    code, _, err = rrdesk("trust", pub, "--data", data)
    assert code == 2 and "--key-id" in err and "rrdesk keygen" in err and err.count("\n") == 1, err
    code, _, err = rrdesk("trust", pub, "--data", data, "--key-id", "0000-0000-0000-0000")
    assert code == 2 and "is not this key's id" in err, err
    assert not (data / "coordinator.trust").exists()
    code_id = trust.key_code(keys.load_public_key(pub).fingerprint)
    code, out, _ = rrdesk("trust", pub, "--data", data, "--key-id", code_id.lower())
    assert code == 0 and out.strip() == code_id
    assert [e.how for e in trust.current_key(data).events] == ["enrollment"]
    other_pub = tmp_path / "other.minisign.pub"
    other_id = keys.load_public_key(other_pub).fingerprint
    code, _, err = rrdesk("trust", other_pub, "--data", data, "--key-id", other_id)
    assert code == 2 and "--replace" in err, err
    # an unsigned survey on a laptop that trusts a key: practice only
    plain = tmp_path / "plain.toml"
    plain.write_text(DEMO.read_text(encoding="utf-8"), encoding="utf-8")
    assert _record(plain, data)[0] == 2
    assert coordinator.exists()


def test_a_lost_signing_key_is_recovered_by_a_confirmed_replacement(tmp_path):
    """The coordinator lost coordinator.minisign.key (the age identity is safe): a new signing
    key signs the survey; laptops refuse it until the new key is installed with --replace, and
    the next bundle tells the coordinator, whose aggregate then counts every interview."""
    coordinator = _keygen(tmp_path, "coordinator")
    data, usb = tmp_path / "data", tmp_path / "usb"
    survey = _signed(tmp_path, coordinator)
    assert _record(survey, data, 3)[0] == 0
    (tmp_path / "coordinator.minisign.key").unlink()  # lost
    fresh = _keygen(tmp_path, "fresh")  # only its signing key is used
    new_secret = tmp_path / "fresh.minisign.key"
    code, _, err = rrdesk("sign", survey, "-k", new_secret)
    assert code == 0, err
    code, _, err = _record(survey, data, 3)
    assert code == 2 and "is not the coordinator's" in err and "--replace" in err, err
    new_pub = tmp_path / "fresh.minisign.pub"
    new_id = trust.key_code(keys.load_public_key(new_pub).fingerprint)
    code, _, err = rrdesk("trust", survey, "--data", data, "--key-id", new_id, "--replace")
    assert code == 0 and "replaced" in err, err
    assert _record(survey, data, 3)[0] == 0
    code, out, err = rrdesk("export", "--data", data, "--survey-id", SID, "--to", usb.mkdir() or usb)
    assert code == 0, err
    bundle = out.strip()
    changes = open_bundle(Path(bundle), keys.load_identities(DEMO_KEY)).manifest["trusted_keys"]
    assert [c["how"] for c in changes] == ["survey", "replaced"]
    assert changes[-1]["key"] == new_id.replace("-", "")
    # the coordinator's side: every interview, before and after the replacement, counted
    code, out, err = rrdesk("aggregate", bundle, "-i", DEMO_KEY, "--survey", survey, "--json")
    got = json.loads(out)
    assert code == 1 and got["interviews"] == 6, err  # every interview counted; the replacement is named:
    [said] = [p["what"] for p in got["problems"]]  # no signing key beside this identity to compare with
    assert said.startswith("its laptop's trusted coordinator key was replaced on ")
    assert load_survey(data / SID / "survey.toml").id == SID and fresh.exists() and coordinator.exists()
