"""The laptop's holder cannot fake, rewrite or misattribute answers unseen (issue #26, the
coordinator's side): each attack made as the issue made it, on real data folders and through
the real commands, then aggregated. Each is reported (exit 1) and its records stay out of the
estimates: what is left equals what the genuine data gives alone.

What is not here: the laptop's own refusals (a survey pin deleted by hand, enrollment confirmed
by key id), which the station and ``enroll`` make (tests/test_trust*.py).
"""
from __future__ import annotations

import datetime as dt
import json
import re
import shutil
from pathlib import Path

import pytest

from rrdesk.app.interviews import Station
from rrdesk.core import survey as surveys
from rrdesk.store import age, folder
from rrdesk.store import bundle as bundles
from tests.cli_runs import export, rrdesk, rrdesk_as_given, simulate
from tests.conftest import DEMO, SeededSource
from tests.test_custody import KEY, PER, SID, enroll


def aggregate(*argv: object, given: bool = False) -> tuple[int, dict]:
    run = rrdesk_as_given if given else rrdesk  # rrdesk counts simulated interviews (--include-synthetic)
    code, out, err = run("aggregate", *argv, "-i", KEY, "--json", "--workers", 1)
    assert code in (0, 1) and err == "", err
    return code, json.loads(out)


def estimates(got: dict) -> dict[str, list]:
    return {q["id"]: q["reported"] for q in got["questions"]}


def whats(got: dict) -> list[str]:
    return [p["what"] for p in got["problems"]]


def test_records_sealed_to_an_extra_recipient_are_left_out(tmp_path):
    """The survey copy swapped on the laptop for one with a second recipient: the records made
    under it open for that key too (two X25519 stanzas); the coordinator's survey names one."""
    data = tmp_path / "laptop"
    simulate(data, 4, 1)
    genuine = export(data, tmp_path / "stick-genuine")
    extra = age.Identity.generate().recipient
    edited = tmp_path / "edited.toml"
    edited.write_text(re.sub(r'recipients = \["(age1[0-9a-z]+)"\]', rf'recipients = ["\1", "{extra}"]',
                             DEMO.read_text(encoding="utf-8")), encoding="utf-8")
    assert len(surveys.load(edited).recipients) == 2
    code, _, err = rrdesk("simulate", edited, "--data", data, "-n", 3, "--seed", 2)
    assert code == 0, err
    attacked = export(data, tmp_path / "stick-attacked")
    _, alone = aggregate(genuine, "--survey", DEMO)
    code, got = aggregate(attacked, "--survey", DEMO)
    assert code == 1 and got["interviews"] == 4 and estimates(got) == estimates(alone)
    [sealed] = [w for w in whats(got) if "sealed to 2 recipient(s)" in w]  # one line for the log
    assert sealed.startswith(f"{3 * PER} record(s) sealed to 2 recipient(s) (X25519,X25519), where the survey names "
                             "X25519:") and "they were not used" in sealed


def test_a_bundle_whose_survey_copy_was_edited_is_left_out(tmp_path):
    """A question's text turned around in the data folder's copy, under the same version."""
    genuine, other = tmp_path / "a", tmp_path / "b"
    simulate(genuine, 4, 3)
    simulate(other, 4, 4)
    copy = other / SID / "survey.toml"
    text = copy.read_text(encoding="utf-8")
    turned = re.sub(r'(id = "unhappy"(?:.|\n)*?text\.en = ")[^"]*"', r'\1Are you happy at work?"', text, count=1)
    assert turned != text
    copy.write_text(turned, encoding="utf-8")
    a, b = export(genuine, tmp_path / "stick-a"), export(other, tmp_path / "stick-b")
    _, alone = aggregate(a, "--survey", DEMO)
    code, got = aggregate(a, b, "--survey", DEMO)
    assert code == 1 and estimates(got) == estimates(alone) and got["bundles"] == [str(a)]
    [said] = [w for w in whats(got) if "says other things" in w]
    assert "none of its records was used" in said


def _forged_log(data: Path, scratch: Path, n: int, seed: int, *, device_of: Path | None = None) -> None:
    """A second log made in a scratch folder with this laptop's key (and ``device_of``'s device
    id, else its own), then copied into its data folder, as the issue made it."""
    scratch.mkdir()
    shutil.copy2((device_of or data) / folder.DEVICE_FILE, scratch / folder.DEVICE_FILE)
    shutil.copy2(data / "laptop.minisign.key", scratch / "laptop.minisign.key")
    simulate(scratch, n, seed)
    for made in (scratch / SID).glob("*.rrlog*"):
        shutil.copy2(made, data / SID / made.name)


def test_a_second_log_numbering_interviews_again_uses_neither_copy(tmp_path):
    data = tmp_path / "laptop"
    simulate(data, 5, 5)
    _forged_log(data, tmp_path / "scratch", 3, 6)
    assert len(list((data / SID).glob("*.rrlog"))) == 2
    code, got = aggregate(export(data, tmp_path / "stick"))
    assert code == 1 and got["interviews"] == 2 and got["records"] == 2 * PER  # interviews 4 and 5 alone
    [said] = [w for w in whats(got) if "begin in 2 of its logs" in w]
    assert said.startswith("3 interview(s) of laptop") and "(1, 2, 3)" in said and "neither copy was used" in said


def test_a_log_naming_another_laptop_is_left_out(tmp_path):
    """A log whose header names laptop B, signed with laptop A's key, in A's bundle."""
    listed = tmp_path / "coordinator.laptops"
    a, b = tmp_path / "a", tmp_path / "b"
    simulate(a, 4, 7)
    simulate(b, 2, 8)
    for name, data in (("a", a), ("b", b)):
        enroll(data, listed, tmp_path / f"stick-enroll-{name}", f"Laptop {name.upper()}, Amina")
    genuine = export(a, tmp_path / "stick-genuine")
    _forged_log(a, tmp_path / "scratch", 3, 9, device_of=b)
    attacked = export(a, tmp_path / "stick-attacked")
    _, alone = aggregate(genuine, "--laptops", listed)
    code, got = aggregate(attacked, "--laptops", listed)
    assert code == 1 and estimates(got) == estimates(alone) and got["devices"] == 1
    [said] = [w for w in whats(got) if "names laptop" in w]  # each laptop by its enrollment name too
    assert said.startswith(f'names laptop {(b / "device-id").read_text()[:8]} ("Laptop B, Amina"), but the bundle '
                           f'is laptop {(a / "device-id").read_text()[:8]} ("Laptop A, Amina")\'s')


def test_a_restore_recorded_over_is_left_out_in_a_later_run(tmp_path):
    listed, ledger = tmp_path / "coordinator.laptops", tmp_path / "coordinator.ledger"
    data = tmp_path / "laptop"
    simulate(data, 2, 10)
    enroll(data, listed, tmp_path / "stick-enroll")
    backup = shutil.copytree(data, tmp_path / "backup")
    simulate(data, 3, 11, "unhappy=0")
    one = export(data, tmp_path / "stick-1")
    code, alone = aggregate(one, "--laptops", listed, "--ledger", ledger)
    assert code == 0
    shutil.rmtree(data)
    shutil.copytree(backup, data)
    simulate(data, 4, 12, "unhappy=1")  # forged over the restored copy: more records than before
    two = export(data, tmp_path / "stick-2")
    code, got = aggregate(one, two, "--laptops", listed, "--ledger", ledger)
    assert code == 1 and estimates(got) == estimates(alone)
    [said] = [w for w in whats(got) if "recorded over" in w]
    assert "none of its records was used" in said and len(got["problems"]) == 1  # one line, not one per record


def _export_at(data: Path, to: Path, when: str) -> Path:
    """An export made with the laptop's clock at ``when``."""
    to.mkdir()
    return bundles.export(data, SID, to, now=dt.datetime.fromisoformat(when).replace(tzinfo=dt.timezone.utc))


def test_an_export_dated_ahead_cannot_switch_the_ledger_off(tmp_path):
    listed, ledger = tmp_path / "coordinator.laptops", tmp_path / "coordinator.ledger"
    data = tmp_path / "laptop"
    simulate(data, 3, 13)
    enroll(data, listed, tmp_path / "stick-enroll")
    backup = shutil.copytree(data, tmp_path / "backup")
    simulate(data, 2, 14)
    assert aggregate(export(data, tmp_path / "stick-now"), "--laptops", listed, "--ledger", ledger)[0] == 0
    ahead = _export_at(data, tmp_path / "stick-ahead", "2099-01-01T00:00:00")
    code, got = aggregate(ahead, "--laptops", listed, "--ledger", ledger)
    assert code == 1 and [w.split(",")[0] for w in whats(got)] == ["exported at 2099-01-01T00:00:00Z"]
    shutil.rmtree(data)
    shutil.copytree(backup, data)  # the laptop restored: its log is shorter than the ledger's
    back = _export_at(data, tmp_path / "stick-back", "2026-01-01T00:00:00")  # and its clock turned back
    code, got = aggregate(back, "--laptops", listed, "--ledger", ledger)
    assert code == 1
    said = whats(got)
    assert any("before a bundle of this laptop" in w and "compared all the same" in w for w in said)
    assert any(w.startswith("has 27 records; an earlier bundle held 45") and "none of its records" in w for w in said)


def test_simulate_refuses_the_desktop_apps_folder_and_a_signed_survey(tmp_path):
    data = tmp_path / "app-data"
    folder.mark_desktop(data)
    code, out, err = rrdesk("simulate", DEMO, "--data", data, "-n", 1)
    assert code == 2 and out == "" and err.count("\n") == 1 and "the desktop app's data folder" in err
    assert not (data / SID).exists()
    code, _, err = rrdesk("simulate", DEMO, "--data", data, "-n", 1, "--force")
    assert code == 0, err
    coordinator = tmp_path / "coordinator.key"
    assert rrdesk("keygen", "-o", coordinator)[0] == 0
    signed = tmp_path / "field.toml"
    shutil.copy2(DEMO, signed)
    code, _, err = rrdesk("sign", signed, "-k", tmp_path / "coordinator.minisign.key")
    assert code == 0, err
    code, _, err = rrdesk("simulate", signed, "--data", tmp_path / "practice", "-n", 1)
    assert code == 2 and "signed by a coordinator" in err


def test_synthetic_interviews_beside_real_ones_are_left_out_unless_counted(tmp_path):
    data = tmp_path / "laptop"
    demo = surveys.load(DEMO)
    with Station(demo, data, source=SeededSource(15)) as station:  # two real interviews, as the app records them
        for _ in range(2):
            interview = station.start({"department": "office"}, interviewer="ana")
            for q in demo.randomized:
                interview.record(q.id, int(interview.spin(q.id, 0).answer[0]))
    real = export(data, tmp_path / "stick-real")
    simulate(data, 3, 16)
    mixed = export(data, tmp_path / "stick-mixed")
    _, alone = aggregate(real, given=True)
    code, got = aggregate(mixed, given=True)
    assert code == 1 and got["interviews"] == 2 and estimates(got) == estimates(alone)
    [said] = whats(got)
    assert said.endswith("3 synthetic interview(s), made by rrdesk simulate, were left out (--include-synthetic "
                         "counts them)")
    assert list(got["synthetic_interviews"].values()) == [3]
    code, got = aggregate(mixed, "--include-synthetic", given=True)
    assert code == 0 and got["interviews"] == 5


@pytest.mark.parametrize("value", ["false", "1", '"yes"'])
def test_a_synthetic_mark_other_than_true_is_not_a_record(value):
    from rrdesk.core.errors import RecordError
    from rrdesk.store import records
    record = records.Record(survey=SID, device="0" * 32, log="1" * 32, interview=1, position=0, kind="start",
                            day="2026-11-28", interviewer="ana", version="1", synthetic=True)
    text = record.to_json()
    assert b'"synthetic":true' in text and records.parse(text) == record
    with pytest.raises(RecordError):
        records.parse(text.replace(b"true", value.encode()))
