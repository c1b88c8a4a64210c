"""Issue 14: the laptop keeps each survey version it recorded with (FORMAT.md §3), and its
export bundle carries them as ``versions/<version>.toml`` (FORMAT.md §2.3, §2.4)."""
from __future__ import annotations

import json

import pytest

from rrdesk.app.interviews import Station
from rrdesk.core import survey as surveys
from rrdesk.core.errors import BundleError
from rrdesk.app import trust
from rrdesk.store import _bundle_open, bundle, keys, minisign
from tests.conftest import DEMO
from tests.test_aggregate import KEY, export
from tests.test_study import _answer_all, _variant


def _record(survey: surveys.Survey, data) -> None:
    with Station(survey, data) as station:
        _answer_all(station.start({"department": "office"}, interviewer="amina"))


def test_a_new_version_keeps_the_old_copy_and_the_bundle_carries_it(tmp_path):
    data = tmp_path / "data"
    first = surveys.load(DEMO)
    _record(first, data)
    folder = data / first.id
    assert not (folder / "versions").exists()  # one version so far: nothing kept aside
    raised = _variant(tmp_path, "raised.toml", "I am unhappy at work.", "I am not happy at work.", version="2")
    _record(raised, data)
    assert (folder / "versions" / "1.toml").read_bytes() == DEMO.read_bytes()
    assert not (folder / "versions" / "1.toml.minisig").exists()  # the demo survey is unsigned
    assert (folder / "survey.toml").read_bytes() == raised.path.read_bytes()
    opened = bundle.open_bundle(export(data, tmp_path / "stick"), keys.load_identities(KEY))
    assert opened.versions == {"1.toml": DEMO.read_bytes()}
    assert [e["name"] for e in opened.manifest["versions"]] == ["1.toml"]
    assert surveys.loads(opened.survey_text.decode(), "x").version == "2"


def _key(name: str):
    import hashlib

    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    seed = hashlib.sha256(name.encode()).digest()
    return minisign.secret_from_private(Ed25519PrivateKey.from_private_bytes(seed), seed[:8])


def test_a_signed_version_keeps_its_signature(tmp_path):
    data, key = tmp_path / "data", _key("coordinator")
    first = _variant(tmp_path, "first.toml", "", "")
    first_signature = trust.sign_survey(first, key).read_bytes()
    _record(first, data)
    raised = _variant(tmp_path, "raised.toml", "I am unhappy at work.", "I am not happy at work.", version="2")
    trust.sign_survey(raised, key)
    _record(raised, data)
    kept = data / first.id / "versions"
    assert sorted(p.name for p in kept.iterdir()) == ["1.toml", "1.toml.minisig"]
    assert (kept / "1.toml.minisig").read_bytes() == first_signature
    opened = bundle.open_bundle(export(data, tmp_path / "stick"), keys.load_identities(KEY))
    assert opened.versions == {"1.toml": first.path.read_bytes(), "1.toml.minisig": first_signature}


def test_a_version_never_recorded_with_is_not_kept(tmp_path):
    data = tmp_path / "data"
    with Station(surveys.load(DEMO), data):
        pass  # opened, nothing recorded
    raised = _variant(tmp_path, "raised.toml", "I am unhappy at work.", "I am not happy at work.", version="2")
    _record(raised, data)
    assert not (data / raised.id / "versions").exists()
    opened = bundle.open_bundle(export(data, tmp_path / "stick"), keys.load_identities(KEY))
    assert opened.versions == {} and "versions" not in opened.manifest  # older readers still open it


def _manifest(**extra) -> bytes:
    entry = {"name": "survey.toml", "size": 1, "sha256": "0" * 64}
    log = dict(entry, name="a.rrlog", records=0, problems=[])
    found = {"format": bundle.FORMAT, "survey": "s", "device": "0" * 32, "exported": "x", "rrdesk": "x",
             "survey_file": entry, "logs": [log], "keys": [], "torn": [], "signer": "0" * 16,
             "survey_signature": None, **extra}
    return json.dumps(found).encode()


@pytest.mark.parametrize("versions, what", [
    ([], "versions that is not a list"),
    ("1.toml", "versions that is not a list"),
    ([{"name": "../1.toml", "size": 1, "sha256": "0" * 64}], "unexpected name"),
    ([{"name": ".1.toml", "size": 1, "sha256": "0" * 64}], "unexpected name"),
    ([{"name": "1.txt", "size": 1, "sha256": "0" * 64}], "unexpected name"),
    ([{"name": "1.toml", "size": 1, "sha256": "0" * 64}] * 2, "lists a file twice"),
])
def test_a_manifest_lists_kept_versions_only_by_the_version_rule(versions, what):
    with pytest.raises(BundleError, match=what):
        _bundle_open._manifest(DEMO, _manifest(versions=versions))
    good = [{"name": n, "size": 1, "sha256": "0" * 64} for n in ("2026-03.toml", "2026-03.toml.minisig")]
    assert _bundle_open._manifest(DEMO, _manifest(versions=good))["versions"] == good


def test_only_versions_members_named_by_the_rule_are_expected():
    assert _bundle_open._expected("versions/1.toml") and _bundle_open._expected("versions/v2.1_b.toml.minisig")
    for name in ("versions/../1.toml", "versions/.1.toml", "versions/1.toml.bak", "versions/x/1.toml",
                 "versions/" + "a" * 33 + ".toml", "versions/1.rrlog"):
        assert not _bundle_open._expected(name), name
