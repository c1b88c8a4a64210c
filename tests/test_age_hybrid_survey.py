"""A survey sealed to a post-quantum recipient, end to end through the real commands: `rrdesk
keygen --post-quantum`, `simulate`, `export`, `verify`, `extract` and `aggregate` give what they
give with the demo's X25519 recipient, on the same deterministic source; the records are one
size, a hybrid header larger."""
from __future__ import annotations

import json
import re
from pathlib import Path

from rrdesk.store import age, keys
from tests.cli_runs import export, rrdesk
from tests.conftest import DEMO, ROOT

DEMO_KEY = ROOT / "resources" / "demo-identity.txt"


def _simulate(survey: Path, data: Path) -> dict:
    code, out, err = rrdesk("simulate", survey, "--data", data, "-n", 12, "--seed", 5, "--json")
    assert code == 0, err
    return json.loads(out)


def _aggregate(bundle: Path, key: Path, survey: Path) -> dict:
    code, out, err = rrdesk("aggregate", bundle, "-i", key, "--survey", survey, "--json")
    assert code == 0, err
    return json.loads(out)


def test_a_hybrid_survey_simulates_exports_and_aggregates_as_an_x25519_one(tmp_path):
    pq_key = tmp_path / "coordinator.key"
    code, out, err = rrdesk("keygen", "--post-quantum", "-o", pq_key)
    assert code == 0, err
    recipient = out.strip()
    assert recipient.startswith("age1pq1") and keys.load_identities(pq_key)[0].recipient == recipient
    assert "AGE-SECRET-KEY-PQ-1" in pq_key.read_text() and (tmp_path / "coordinator.minisign.key").is_file()
    text = DEMO.read_text(encoding="utf-8")
    hybrid_survey = tmp_path / "hybrid.toml"
    hybrid_survey.write_text(re.sub(r'recipients = \["age1[0-9a-z]+"\]', f'recipients = ["{recipient}"]', text),
                             encoding="utf-8")

    classic = _simulate(DEMO, tmp_path / "laptop-x")
    hybrid = _simulate(hybrid_survey, tmp_path / "laptop-pq")
    del hybrid["data"], classic["data"]
    assert hybrid == classic  # the same deterministic source: the same answers, whatever seals them
    bundles = {name: export(tmp_path / f"laptop-{name}", tmp_path / f"stick-{name}") for name in ("x", "pq")}

    code, _, err = rrdesk("verify", tmp_path / "laptop-pq", "-i", pq_key)
    assert code == 0, err

    got_x, got_pq = _aggregate(bundles["x"], DEMO_KEY, DEMO), _aggregate(bundles["pq"], pq_key, hybrid_survey)
    assert got_pq["problems"] == [] and got_pq["records"] == got_x["records"] > 0
    assert got_pq["questions"] == got_x["questions"]  # the same estimates, to the last digit

    # every record of the hybrid log is an age file with one mlkem768x25519 stanza, all one size
    for name, key in (("pq", pq_key), ("x", DEMO_KEY)):
        out_dir = tmp_path / f"records-{name}"
        code, _, err = rrdesk("extract", bundles[name], "--to", out_dir, "-i", key)
        assert code == 0, err
        sealed = [p.read_bytes() for p in sorted(out_dir.rglob("*.age"))]
        assert len(sealed) == got_x["records"]
        assert len({len(s) for s in sealed}) == 1
        kind = b"-> mlkem768x25519 " if name == "pq" else b"-> X25519 "
        assert all(s.split(b"\n")[1].startswith(kind) for s in sealed)
        identities = keys.load_identities(key)
        assert all(age.decrypt(s, identities).startswith(b'{"format":"rrdesk-record/') for s in sealed[:20])
        if name == "pq":
            pq_size = len(sealed[0])
        else:
            x_size = len(sealed[0])
    assert pq_size - x_size == 1557 - 98  # the hybrid stanza's bytes less the X25519 one's


def test_check_counts_post_quantum_recipients_and_warns_of_a_mix(tmp_path):
    recipient = age.Identity.generate(post_quantum=True).recipient
    text = DEMO.read_text(encoding="utf-8")
    demo_recipient = re.search(r'recipients = \["(age1[0-9a-z]+)"\]', text).group(1)
    for recipients, warned in (([recipient], False), ([demo_recipient, recipient], True)):
        path = tmp_path / f"s{len(recipients)}.toml"
        listed = ", ".join(f'"{r}"' for r in recipients)
        path.write_text(re.sub(r'recipients = \[[^\]]*\]', f"recipients = [{listed}]", text), encoding="utf-8")
        code, out, err = rrdesk("check", path)
        assert code == 0, err
        assert f"{len(recipients)} recipient(s), 1 post-quantum" in out
        assert ("only as strong as the ordinary one" in out) is warned
