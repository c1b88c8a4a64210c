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
from rrdesk.core.errors import StoreError
from rrdesk.store.laptop import LAPTOP_KEY
from tests.cli_runs import SID, rrdesk, simulate
from tests.conftest import DEMO

RECOVERY = ("restore laptop.minisign.key from this laptop's backup; if it is lost for good, move this data folder "
            "aside (its bundles stay readable), record in a new one and enroll the laptop again")


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
