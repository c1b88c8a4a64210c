"""Several bundles, folders of bundles and several identities on the command line (verify,
aggregate, extract), and a coordinator's key rotation end to end."""
from __future__ import annotations

import json
import shutil

import pytest

from rrdesk import cli
from rrdesk.app import custody
from tests.conftest import ROOT, tiny_survey

DEMO = str(ROOT / "resources" / "surveys" / "demo.toml")
DEMO_KEY = str(ROOT / "resources" / "demo-identity.txt")
PER = 9  # records per demo interview: a start, then spun + answer for each of four questions


def _export(data, survey_id, stick, capsys) -> str:
    assert cli.main(["export", "--data", str(data), "--survey-id", survey_id, "--to", str(stick)]) == 0
    return capsys.readouterr().out.strip()


@pytest.fixture(scope="module")
def stick(tmp_path_factory):
    """A stick holding two bundles of the demo survey (two laptops: 2 and 3 interviews), an
    unfinished export and a stray file."""
    base = tmp_path_factory.mktemp("stick")
    stick = base / "usb"
    stick.mkdir()
    for n, name in ((2, "a"), (3, "b")):
        data = base / f"data-{name}"
        assert cli.main(["simulate", DEMO, "--data", str(data), "-n", str(n), "--seed", str(n)]) == 0
        assert cli.main(["export", "--data", str(data), "--survey-id", "workplace-demo", "--to", str(stick)]) == 0
    (stick / "workplace-demo_late.tar.age.part").write_bytes(b"half an export")
    (stick / "notes.txt").write_text("not a bundle")
    (stick / "._workplace-demo_mac.tar.age").write_bytes(b"\0\5\26\7 AppleDouble")
    return stick


def _bundles(stick):
    return sorted(str(p) for p in stick.glob("[!.]*.tar.age"))


def test_verify_takes_several_bundles_as_a_shell_glob_gives_them(stick, capsys):
    capsys.readouterr()
    bundles = _bundles(stick)
    assert len(bundles) == 2
    assert cli.main(["verify", *bundles, "-i", DEMO_KEY, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["records"] == 5 * PER and report["problems"] == []


def test_verify_takes_a_folder_of_bundles_and_names_the_unfinished_export(stick, capsys):
    capsys.readouterr()
    assert cli.main(["verify", str(stick), "-i", DEMO_KEY]) == 0
    out, err = capsys.readouterr()
    assert f"{5 * PER} intact records" in out and "0 problem(s)" in out
    assert "workplace-demo_late.tar.age.part: an unfinished export (.part), not a bundle" in err
    assert "notes.txt" not in err + out and "._workplace-demo_mac" not in err + out


def test_one_unreadable_path_never_stops_the_others_and_exits_2(stick, tmp_path, capsys):
    capsys.readouterr()
    missing = tmp_path / "gone.tar.age"
    assert cli.main(["verify", str(missing), *_bundles(stick), "-i", DEMO_KEY]) == 2
    out, err = capsys.readouterr()
    assert err.count("rrdesk: error:") == 1 and f"{missing}: no such file or folder" in err
    assert f"{5 * PER} intact records" in out


def test_exit_status_is_the_worst_of_all(stick, tmp_path, capsys):
    damaged = tmp_path / "damaged.tar.age"
    data = bytearray((stick / _bundles(stick)[0].split("/")[-1]).read_bytes())
    data[len(data) // 2] ^= 1
    damaged.write_bytes(bytes(data))
    capsys.readouterr()
    assert cli.main(["verify", _bundles(stick)[1], str(damaged), "-i", DEMO_KEY, "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["records"] >= 2 * PER and any(p["file"] == str(damaged) for p in report["problems"])


def test_the_same_bundle_named_twice_is_read_once(stick, capsys):
    capsys.readouterr()
    assert cli.main(["verify", str(stick), *_bundles(stick), "-i", DEMO_KEY, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["records"] == 5 * PER


def test_aggregate_takes_a_folder_of_bundles(stick, capsys):
    capsys.readouterr()
    assert cli.main(["aggregate", str(stick), "-i", DEMO_KEY, "--json", "--workers", "1", "--include-synthetic"]) == 0
    out, err = capsys.readouterr()
    found = json.loads(out)
    assert found["interviews"] == 5 and len(found["bundles"]) == 2 and found["problems"] == []
    assert "an unfinished export" in err


def test_aggregate_of_a_folder_without_bundles_is_one_line_and_exit_2(tmp_path, capsys):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "x.tar.age").write_bytes(b"deeper: not searched")
    assert cli.main(["aggregate", str(tmp_path), "-i", DEMO_KEY]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no *.tar.age bundle in this folder" in err


# -- several identities -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def two_coordinators(tmp_path_factory):
    """Two identities, and one bundle sealed to each (two surveys' worth of the same id)."""
    base = tmp_path_factory.mktemp("two")
    made = [custody.keygen(base / f"{name}.key") for name in ("first", "second")]
    stick = base / "stick"
    stick.mkdir()
    for n, keys in enumerate(made):
        folder = base / f"survey-{n}"
        folder.mkdir()
        survey = tiny_survey(folder, [keys.recipient])
        data = base / f"data-{n}"
        assert cli.main(["simulate", str(survey), "--data", str(data), "-n", "2", "--seed", str(n), "--force"]) == 0
        assert cli.main(["export", "--data", str(data), "--survey-id", "tiny-2026", "--to", str(stick)]) == 0
    return made, stick


def _unsigned_survey(stick) -> str:
    """The survey file: these coordinators have signing keys but never signed it, so no bundle's
    copy may decide the estimates and the file is given (FORMAT.md §2.8)."""
    return str(next((stick.parent / "survey-0").glob("*.toml")))


def test_identity_given_twice_uses_both(two_coordinators, capsys):
    made, stick = two_coordinators
    capsys.readouterr()
    first, second = (str(m.identity) for m in made)
    assert cli.main(["verify", str(stick), "-i", first, "--json"]) == 1  # the second bundle: cannot open
    capsys.readouterr()
    assert cli.main(["verify", str(stick), "-i", first, "-i", second, "--json"]) == 0
    capsys.readouterr()
    assert cli.main(["aggregate", str(stick), "-i", first, "-i", second, "--json", "--workers", "1", "--include-synthetic",
                     "--survey", _unsigned_survey(stick)]) == 0
    assert json.loads(capsys.readouterr().out)["interviews"] == 4


def test_an_identity_file_with_several_keys_opens_both(two_coordinators, tmp_path, capsys):
    made, stick = two_coordinators
    both = tmp_path / "both.txt"
    both.write_text("# the old key\n" + made[0].identity.read_text() + "\n# the new key\r\n"
                    + made[1].identity.read_text())
    capsys.readouterr()
    assert cli.main(["aggregate", str(stick), "-i", str(both), "--json", "--workers", "1", "--include-synthetic",
                     "--survey", _unsigned_survey(stick)]) == 0
    assert json.loads(capsys.readouterr().out)["interviews"] == 4
    out = tmp_path / "records"
    for bundle in sorted(stick.glob("*.tar.age")):
        assert cli.main(["extract", str(bundle), "--to", str(out / bundle.name), "-i", str(made[0].identity),
                         "-i", str(made[1].identity)]) == 0
    assert len(list(out.glob("*/*.age"))) > 0


# -- rotation ---------------------------------------------------------------------------------


def test_a_key_rotation_keeps_every_bundle_readable(tmp_path, capsys):
    """The coordinator's key changes from old to new: both recipients during the overlap, then
    only the new. Bundles of every phase aggregate together with both identities; a bundle
    made after the change opens with the new key alone, its records from before the change
    need the old key (they were sealed to it when recorded)."""
    old, new = custody.keygen(tmp_path / "old.key"), custody.keygen(tmp_path / "new.key")
    folder, data, stick = tmp_path / "survey", tmp_path / "data", tmp_path / "stick"
    folder.mkdir()
    stick.mkdir()
    phases = ([old.recipient], [old.recipient, new.recipient], [new.recipient])
    bundles = []
    for n, recipients in enumerate(phases):
        survey = tiny_survey(folder, recipients)
        assert cli.main(["sign", str(survey), "-k", str(old.identity)]) == 0  # the signer stays the same
        assert cli.main(["simulate", str(survey), "--data", str(data), "-n", "2", "--seed", str(n), "--force"]) == 0
        capsys.readouterr()
        bundles.append(_export(data, "tiny-2026", stick, capsys))
    last = bundles[-1]
    # the last bundle: the new key alone opens it, and reads the records made since the overlap began
    assert cli.main(["verify", last, "-i", str(new.identity), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    records = sorted(p["record"] for p in report["problems"] if p["record"] is not None)
    assert records == list(range(10))  # the first phase's 2 interviews of 5 records: sealed to the old key
    assert all(p["what"].endswith("cannot be decrypted with this identity") for p in report["problems"])
    assert cli.main(["verify", last, "-i", str(old.identity), "--json"]) == 1  # sealed to the new key only
    report = json.loads(capsys.readouterr().out)
    assert report["files"] == 0 and [p["record"] for p in report["problems"]] == [None]
    assert cli.main(["verify", last, "-i", str(new.identity), "-i", str(old.identity), "--json"]) == 0
    capsys.readouterr()
    assert cli.main(["aggregate", *bundles, "-i", str(old.identity), "-i", str(new.identity), "--json", "--include-synthetic",
                     "--workers", "1"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["interviews"] == 6 and found["problems"] == []
    shutil.rmtree(stick)


def test_a_data_folder_that_also_holds_a_bundle_is_checked_as_both(stick, tmp_path, capsys):
    data = tmp_path / "data"
    assert cli.main(["simulate", DEMO, "--data", str(data), "-n", "1", "--seed", "9"]) == 0
    shutil.copy(_bundles(stick)[0], data / "exported-here.tar.age")
    capsys.readouterr()
    assert cli.main(["verify", str(data), "-i", DEMO_KEY, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["files"] == 2 and report["records"] > PER  # the laptop's log, and the bundle's
