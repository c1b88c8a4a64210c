"""Issue 14: the laptop keeps each survey version it recorded with (FORMAT.md §3), and its
export bundle carries them as ``versions/<version>.toml`` (FORMAT.md §2.3, §2.4)."""
from __future__ import annotations

import csv
import io
import json
import re

import pytest

from rrdesk.app import trust
from rrdesk.app.interviews import Station
from rrdesk.core import survey as surveys
from rrdesk.core.errors import BundleError
from rrdesk.store import bundle, keys, minisign
from rrdesk.store.bundle import _open as _bundle_open
from tests.conftest import DEMO
from tests.test_aggregate import KEY, aggregate_json, export, rrdesk
from tests.test_custody import enroll
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


def _simulate(survey: surveys.Survey, data, seed: int, n: int = 40) -> None:
    code, _, err = rrdesk("simulate", survey.path, "--data", data, "-n", n, "--seed", seed, "--force")  # signed surveys here
    assert code == 0, err


def _one_laptop(tmp_path, old: str, new: str, n: int = 40):
    """Version 1 (the demo) and version 2 (``old`` → ``new``) recorded on one laptop, seeds 1 and 2."""
    first = surveys.load(DEMO)
    second = _variant(tmp_path, "second.toml", old, new, version="2")
    _simulate(first, tmp_path / "data", 1, n)
    _simulate(second, tmp_path / "data", 2, n)
    return first, second, export(tmp_path / "data", tmp_path / "stick")


def _numbers(questions: list[dict]) -> list[tuple]:
    return [(q["id"], q["n"], q["reported"], q["estimate"], q["ci95"]) for q in questions if q["epsilon"] is not None]


def test_versions_that_read_differently_are_estimated_each_alone(tmp_path):
    """Two versions with a changed question text recorded on one laptop, one bundle: each
    version's estimates are those of aggregating that version alone (the same seeded respondents)."""
    first, raised, made = _one_laptop(tmp_path, "I am unhappy at work.", "I am not happy at work.")
    code, both, err = aggregate_json(made)
    assert code == 0, err
    alone = {}
    for survey, seed, name in ((first, 1, "one"), (raised, 2, "two")):
        _simulate(survey, tmp_path / name, seed)
        code, alone[survey.version], err = aggregate_json(export(tmp_path / name, tmp_path / f"stick-{name}"))
        assert code == 0, err
    assert both["pooled_versions"] == ["1", "2"]
    assert [v["version"] for v in both["versions"]] == ["1", "2"]
    for v in both["versions"]:
        assert _numbers(v["questions"]) == _numbers(alone[v["version"]]["questions"])
        assert v["interviews"] == alone[v["version"]]["interviews"] == 40
    assert both["interviews"] == 80  # the pooled estimates above stay, over both


def test_versions_that_differ_only_in_the_title_are_pooled(tmp_path):
    code, found, err = aggregate_json(_one_laptop(tmp_path, 'title = "', 'title = "New title: ')[2])
    assert code == 0, err
    assert found["pooled_versions"] == ["1", "2"] and found["versions"] == []
    assert found["interviews"] == 80 and not found["problems"]


@pytest.mark.parametrize("first_signed", [True, False])
def test_a_version_copy_is_trusted_only_as_the_deciding_copy_is(tmp_path, first_signed):
    """With the coordinator's signing key, an earlier version's copy decides only if that key
    signed it; an unsigned one is a problem and its records are left out unless --accept-unverified."""
    identity = tmp_path / "coordinator.key"
    code, out, err = rrdesk("keygen", "-o", identity)
    assert code == 0, err
    text = re.sub(r'recipients = \[.*\]', f'recipients = ["{out.strip()}"]', DEMO.read_text(encoding="utf-8"))
    first, raised = tmp_path / "first.toml", tmp_path / "raised.toml"
    first.write_text(text, encoding="utf-8")
    raised.write_text(text.replace("I am unhappy at work.", "I am not happy at work.").replace(
        "planned_respondents =", 'version = "2"\nplanned_respondents =', 1), encoding="utf-8")
    for path in (first, raised) if first_signed else (raised,):
        assert rrdesk("sign", path, "-k", identity)[0] == 0
    data = tmp_path / "laptop"
    _simulate(surveys.load(first), data, 1, n=6)
    _simulate(surveys.load(raised), data, 2, n=6)
    enroll(data, tmp_path / "coordinator.laptops", tmp_path / "stick-enroll")
    made = export(data, tmp_path / "stick")

    def aggregate(*argv):
        code, out, err = rrdesk("aggregate", made, *argv, "-i", identity, "--laptops", tmp_path / "coordinator.laptops",
                                "--ledger", tmp_path / "coordinator.ledger", "--json")
        return code, json.loads(out), err

    code, found, err = aggregate()
    if first_signed:
        assert code == 0 and found["problems"] == [], err
        assert [v["version"] for v in found["versions"]] == ["1", "2"] and found["interviews"] == 12
        return
    assert code == 1 and found["interviews"] == 6 and "versions" not in found  # version 1's records left out
    [problem] = found["problems"]
    assert 'survey version "1": no bundle holds a copy signed by your signing key' in problem["what"]
    assert "left out" in problem["what"]
    code, found, err = aggregate("--accept-unverified")
    assert code == 1 and found["interviews"] == 12 and [v["version"] for v in found["versions"]] == ["1", "2"]
    assert "used (--accept-unverified)" in found["problems"][0]["what"]


def test_the_report_shows_each_version_in_its_own_wording(tmp_path):
    made = _one_laptop(tmp_path, "I am unhappy at work.", "I am not happy at work.", n=5)[2]
    code, out, err = rrdesk("aggregate", made, "-i", KEY,
                            "--out", tmp_path / "report")
    assert code == 0, err
    assert "survey versions 1, 2 read differently" in out and "version 2  unhappy (n 5)" in out
    html = (tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    section = html[html.index("By survey version"):]
    assert section.index("I am unhappy at work.") < section.index("Version 2") < section.index("I am not happy at work.")
    rows = list(csv.DictReader(io.StringIO((tmp_path / "report" / "estimates.csv").read_text(encoding="utf-8"))))
    subgroups = [r["subgroup"] for r in rows if r["question"] == "unhappy"]
    assert subgroups[:2] == ["all", "all"] and {"version=1", "version=2"} <= set(subgroups)


def test_records_of_one_earlier_version_are_read_in_its_own_words(tmp_path):
    data = tmp_path / "data"
    _simulate(surveys.load(DEMO), data, 1, n=3)
    with Station(_variant(tmp_path, "second.toml", "I am unhappy at work.", "I am not happy at work.", version="2"), data):
        pass  # version 2 adopted, never recorded with
    code, out, err = rrdesk("aggregate", export(data, tmp_path / "stick"), "-i", KEY)
    assert code == 0, err
    assert "I am unhappy at work." in out and "not happy" not in out and "survey versions" not in out
