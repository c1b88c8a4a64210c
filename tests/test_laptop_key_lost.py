"""A lost laptop key is never silently replaced (issue #32, Deliver 3; FORMAT.md §3): with
``laptop.minisign.key`` gone from a folder whose logs it signed, ``simulate``, ``export`` and the
app's station refuse in one line saying how to recover (a new key would make the coordinator
reject every bundle of the laptop, older records too). A link to nothing is the same line, not
``AttributeError``. A ``device-id`` changed to another valid id is caught by ``verify``.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rrdesk.app.interviews import Station
from rrdesk.core import survey as surveys
from rrdesk.core.errors import LaptopLost, StoreError
from rrdesk.store.laptop import LAPTOP_KEY
from tests.cli_runs import SID, export, rrdesk, simulate
from tests.conftest import DEMO, DEMO_KEY

RECOVERY = ("restore laptop.minisign.key from this laptop's backup; if it is lost for good, start this laptop over: "
            "rrdesk enrollment --data DATA --to STICK --start-over (moves this data folder aside: the bundles it "
            "exported stay readable), then enroll the laptop again")


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> Path:
    data = tmp_path_factory.mktemp("lost") / "laptop"
    simulate(data, 1, 3)
    assert list((data / SID).glob("*.rrlog.minisig"))
    return data


@pytest.fixture
def data(recorded, tmp_path) -> Path:
    copy = tmp_path / "laptop"
    shutil.copytree(recorded, copy, symlinks=True)
    return copy


def runs(data: Path, tmp_path: Path) -> dict[str, tuple[int, str, str]]:
    (tmp_path / "stick").mkdir(exist_ok=True)
    return {"simulate": rrdesk("simulate", DEMO, "--data", data, "-n", 1, "--seed", 4),
            "export": rrdesk("export", "--data", data, "--survey-id", SID, "--to", tmp_path / "stick")}


@pytest.mark.parametrize("how", ["deleted", "dangling link"])
def test_a_lost_key_is_refused_in_one_line_by_simulate_export_and_the_station(data, tmp_path, how):
    key = data / LAPTOP_KEY
    key.unlink()
    if how == "dangling link":
        key.symlink_to(tmp_path / "nowhere.key")
    for command, (code, out, err) in runs(data, tmp_path).items():
        assert code == 2 and err.count("\n") == 1, (command, err)
        assert err.startswith(f"rrdesk: error: {key}: "), (command, err)
        assert RECOVERY in err and "Error)" not in err, (command, err)
    with pytest.raises(StoreError) as refused:
        Station(surveys.load(DEMO), data)
    assert RECOVERY in str(refused.value)
    assert not key.exists()  # never made again
    assert not list((tmp_path / "stick").iterdir())


def test_a_new_folder_still_makes_its_key(tmp_path):
    simulate(tmp_path / "fresh", 1, 3)
    assert (tmp_path / "fresh" / LAPTOP_KEY).is_file()


def test_a_device_id_changed_to_another_valid_id_is_caught_by_verify(data):
    device = data / "device-id"
    own = device.read_text().strip()
    other = ("0" if own[0] != "0" else "1") + own[1:]
    device.write_text(other + "\n")
    code, out, err = rrdesk("verify", data)
    assert code == 1, (out, err)
    assert (f"{device}: names device {other[:8]}, but the logs in {SID} were written by {own[:8]}: it was "
            "changed or copied from another laptop; restore it") in out
    device.write_text(own + "\n")
    assert rrdesk("verify", data)[0] == 0


def test_a_device_id_changed_to_another_valid_id_is_refused_by_the_station(data, tmp_path):
    """Deliver 3: a swapped ``device-id`` beside logs it did not write stops recording in one line
    (restore it, or start over and enroll again): never a new, unenrolled device."""
    device = data / "device-id"
    own = device.read_text().strip()
    other = ("0" if own[0] != "0" else "1") + own[1:]
    device.write_text(other + "\n")
    code, out, err = runs(data, tmp_path)["simulate"]
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith(f"rrdesk: error: {device}: names laptop {other[:8]}, but the logs in {SID} were written "
                          f"by laptop {own[:8]}: it was changed or swapped; restore it (it held {own}), or start "
                          "this laptop over: rrdesk enrollment"), err
    with pytest.raises(LaptopLost):
        Station(surveys.load(DEMO), data)
    assert len(list((data / SID).glob("*.rrlog"))) == 1  # no log of the other id was begun
    device.write_text(own + "\n")  # restored: recording goes on
    assert runs(data, tmp_path)["simulate"][0] == 0


def test_a_missing_device_id_the_pointers_cannot_replace_is_refused(data, tmp_path):
    device = data / "device-id"
    own = device.read_text().strip()
    device.unlink()
    (data / SID / "current").unlink()  # nothing this laptop wrote says whose logs these are
    code, out, err = runs(data, tmp_path)["simulate"]
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith(f"rrdesk: error: {device}: missing, but the logs in {SID} were written by laptop "
                          f"{own[:8]}: restore it (if they are this laptop's, it held {own})"), err
    assert not device.exists()


def test_start_over_is_refused_when_nothing_is_lost(data, tmp_path):
    code, out, err = rrdesk("enrollment", "--data", data, "--to", tmp_path, "--start-over")
    assert code == 2 and "nothing to start over" in err and out == "", err
    assert (data / SID).is_dir() and not list(tmp_path.glob("laptop.set-aside-*"))


def test_a_lost_key_is_re_enrolled_with_one_command_on_each_side(data, tmp_path):
    """End to end: enrolled, exported; the key is lost and the station refuses; the laptop starts
    over with one command (showing its new key id), the coordinator enrolls it with one; the old
    bundle and the new one are both used, with no problem about their origin."""
    laptops = tmp_path / "coordinator.laptops"
    stick = tmp_path / "stick"
    stick.mkdir()
    code, out, err = rrdesk("enrollment", "--data", data, "--to", stick)
    first = err.split("key id is ")[1].split(":")[0]
    assert rrdesk("enroll", out.strip(), "--laptops", laptops, "--key-id", first)[0] == 0
    old_bundle = export(data, stick)
    (data / LAPTOP_KEY).unlink()
    assert runs(data, tmp_path)["simulate"][0] == 2  # refused, never a new key
    code, out, err = rrdesk("enrollment", "--data", data, "--to", stick, "--start-over")  # the laptop's one command
    assert code == 0, err
    [aside] = tmp_path.glob("laptop.set-aside-*")
    assert f"moved aside to {aside}" in err and (aside / SID).is_dir()  # never deleted
    new_id = err.split("key id is ")[1].split(":")[0]
    assert new_id != first
    code, said, err = rrdesk("enroll", out.strip(), "--laptops", laptops, "--key-id", new_id)  # the coordinator's
    assert code == 0 and "enrolled" in said, err
    simulate(data, 1, 9)
    new_bundle = export(data, stick)
    code, out, err = rrdesk("aggregate", old_bundle, new_bundle, "-i", DEMO_KEY, "--laptops", laptops)
    assert code == 0 and err == "", out + err
    assert out.splitlines()[1].startswith("2 interviews, 18 records, 2 laptop(s), 2 bundle(s)"), out  # 1 before, 1 after
    assert "no problems: every bundle, log and record verified" in out, out
