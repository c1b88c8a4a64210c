"""Estimates from the coordinator's survey, never from a copy nobody authenticated (issue #12,
Deliver 4; FORMAT.md §2.8).

The coordinator makes keys (``rrdesk keygen``), signs the survey (``rrdesk sign``) and the
laptop records under it. An edited copy inside a bundle -- the spinner's weights changed, the
bundle sealed again and even signed again by its enrolled laptop (a laptop whose copy was
edited) -- no longer moves the estimate or ε: the copy that decides is the survey file given, or
a copy whose signature verifies with the coordinator's signing key; the edited bundle is a
problem and none of its records is used.
"""
from __future__ import annotations

import hashlib
import io
import json
import re
import tarfile
from pathlib import Path

import pytest

from rrdesk.core import survey as surveys
from rrdesk.store import age, bundle, keys
from rrdesk.store import laptop as _bundle_sign
from tests.conftest import DEMO
from tests.test_custody import enroll, repack, rrdesk

SID = "workplace-demo"
PER = 9


@pytest.fixture(scope="module")
def study(tmp_path_factory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("signed-study")
    identity = base / "coordinator.key"
    code, out, err = rrdesk("keygen", "-o", identity)
    assert code == 0, err
    survey = base / "survey.toml"
    survey.write_text(re.sub(r'recipients = \[.*\]', f'recipients = ["{out.strip()}"]', DEMO.read_text(encoding="utf-8")),
                      encoding="utf-8")
    assert rrdesk("sign", survey, "-k", identity)[0] == 0
    data = base / "laptop"
    code, _, err = rrdesk("simulate", survey, "--data", data, "-n", 8, "--seed", 5, "--truth", "unhappy=0.25",
                          "--force")  # a signed survey: simulate refuses it without --force
    assert code == 0, err
    laptops = base / "coordinator.laptops"
    enroll(data, laptops, base / "stick-enroll")
    (base / "stick").mkdir()
    code, out, err = rrdesk("export", "--data", data, "--survey-id", SID, "--to", base / "stick")
    assert code == 0, err
    genuine = Path(out.strip())
    return {"base": base, "identity": identity, "survey": survey, "data": data, "laptops": laptops,
            "genuine": genuine, "edited": _edited(genuine, base / "edited.tar.age", identity, data)}


def _edited(original: Path, to: Path, identity: Path, laptop: Path) -> Path:
    """The bundle with the first forced question's spinner changed in its survey copy
    (ε ln 3 → ln 2, so the truthful share and the estimate move), resealed, and signed again by
    the laptop's own key: it opens and its signature verifies."""
    def edit(members: dict[str, bytes]) -> None:
        text = members[bundle.SURVEY_FILE].decode("utf-8").replace("epsilon = 1.0986122886681098",
                                                                    "epsilon = 0.6931471805599453", 1).encode()
        members[bundle.SURVEY_FILE] = text
        manifest = json.loads(members[bundle.MANIFEST])
        manifest["survey_file"] = {"name": bundle.SURVEY_FILE, "size": len(text), "sha256": hashlib.sha256(text).hexdigest()}
        members[bundle.MANIFEST] = json.dumps(manifest).encode("utf-8")
        members[_bundle_sign.SIGNATURE] = _bundle_sign.sign_manifest(
            _bundle_sign.laptop_key(laptop), members[bundle.MANIFEST], manifest["survey"], manifest["device"])
    return repack(original, to, edit, identity)


def aggregate(study, *argv: object) -> tuple[int, dict | None, str]:
    code, out, err = rrdesk("aggregate", *argv, "-i", study["identity"], "--laptops", study["laptops"],
                            "--ledger", study["base"] / "coordinator.ledger", "--json")
    return code, (json.loads(out) if out else None), err


def unhappy(got: dict) -> tuple[float, float]:
    [q] = [q for q in got["questions"] if q["id"] == "unhappy"]
    return q["estimate"], q["epsilon"]


def test_the_edited_copy_opens_verifies_and_would_move_the_estimate(study):
    opened = bundle.open_bundle(study["edited"], keys.load_identities(study["identity"]))
    edited = surveys.loads(opened.survey_text.decode("utf-8"))
    assert edited.fingerprint != surveys.load(study["survey"]).fingerprint
    assert edited.question("unhappy").design.epsilon != pytest.approx(1.0986122886681098)
    code, out, _ = rrdesk("verify", "-i", study["identity"], "--laptops", study["laptops"], study["edited"])
    assert code == 0, out  # the laptop's own signature holds: only the survey check can tell


@pytest.mark.parametrize("survey_given", [False, True])
def test_an_edited_copy_moves_neither_the_estimate_nor_epsilon_and_is_reported(study, survey_given):
    extra = ("--survey", study["survey"]) if survey_given else ()
    code, alone, err = aggregate(study, study["genuine"], *extra)
    assert code == 0 and err == "" and alone["problems"] == []
    for order in ((study["genuine"], study["edited"]), (study["edited"], study["genuine"])):
        code, got, err = aggregate(study, *order, *extra)
        assert code == 1 and err == ""
        assert unhappy(got) == unhappy(alone) and got["records"] == 8 * PER
        assert unhappy(got)[1] == pytest.approx(1.0986122886681098)
        [problem] = got["problems"]
        assert problem["file"] == str(study["edited"]) and "other questions or spinners" in problem["what"]


def test_only_an_unauthenticated_copy_and_no_survey_file_is_one_line_asking_for_it(study):
    code, got, err = aggregate(study, study["edited"])
    assert code == 2 and got is None and err.count("\n") == 1
    assert "signed by your signing key" in err and "--survey FILE" in err
    code, got, err = aggregate(study, study["edited"], "--survey", study["survey"])
    assert code == 1 and err == "" and got["records"] == 0  # the file decides: the edited copy is a problem
    [problem] = got["problems"]
    assert problem["file"] == str(study["edited"]) and "other questions or spinners" in problem["what"]


def test_a_signed_copy_in_a_bundle_from_a_laptop_not_enrolled_does_not_decide(study, tmp_path):
    """The bundle carries the coordinator's signature of its copy, but nothing proves the bundle
    came from an enrolled laptop: its copy is not used to decide."""
    plain = age.decrypt(study["genuine"].read_bytes(), keys.load_identities(study["identity"]))
    with tarfile.open(fileobj=io.BytesIO(plain)) as tar:
        names = [m.name for m in tar]
    assert bundle.SURVEY_SIGNATURE in names
    code, out, err = rrdesk("aggregate", study["genuine"], "-i", study["identity"], "--laptops", tmp_path / "nobody",
                            "--ledger", tmp_path / "ledger", "--json")
    assert code == 2 and out == "" and "signed by your signing key" in err  # a laptop not enrolled: not trusted
