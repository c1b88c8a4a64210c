"""Export always works and never lies (issues #16, #17; FORMAT.md §2.5).

A full disk stops the interviews, never the export that frees it; a stick that is not there,
or goes away while the bundle is written, is a failure in one line, never a success. The
tests that mount a tmpfs need root (and a kernel that lets them mount); elsewhere they skip.
"""
from __future__ import annotations

import errno
import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rrdesk import cli
from rrdesk.app import custody
from rrdesk.app.interviews import Station
from rrdesk.core import survey as surveys
from rrdesk.core.errors import StoreError
from rrdesk.store import bundle
from rrdesk.store.bundle import BundleOps, Mount, mount_of, open_bundle, removable
from tests.conftest import DEMO, DEMO_KEY, NoSync, demo_identities, record_interviews
from tests.test_bundle import tree_hash

SID = "workplace-demo"
PER = 9  # records per demo interview: a start, then spun + answer for each of four questions


@pytest.fixture
def strict(monkeypatch):
    """The default a person gets: a destination on the data folder's disk is refused."""
    monkeypatch.delenv(custody.SAME_DISK_ENV, raising=False)


@pytest.fixture
def tmpfs(tmp_path):
    """``mount(folder, size)``: a tmpfs of its own at ``folder``; unmounted at the end. Skips
    unless root may mount here (CI may not be root)."""
    mounted: list[Path] = []

    def mount(folder: Path, size: str = "1m") -> Path:
        if not hasattr(os, "geteuid") or os.geteuid() != 0:
            pytest.skip("needs root to mount a tmpfs")
        folder.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                              capture_output=True, check=False)
        if done.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace').strip()}")
        mounted.append(folder)
        return folder

    yield mount
    for folder in reversed(mounted):
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


def run(*argv: object, capsys) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


class FullDisk(NoSync):
    """A disk with ``room`` bytes left: a write takes what fits, then fails with ENOSPC."""

    def __init__(self, room: int) -> None:
        self.room = room

    def write(self, fd: int, data: memoryview) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        done = os.write(fd, data[:self.room])
        self.room -= done
        return done

    def pwrite(self, fd: int, data: memoryview, offset: int) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return super().pwrite(fd, data, offset)


def torn_by_a_full_disk(data: Path) -> None:
    """Two interviews, then a third that the disk fills up in the middle of a record."""
    record_interviews(DEMO, data, 2)
    survey = surveys.load(DEMO)
    direct = {q.id: q.choices[0] for q in survey.questions if q.design is None}
    station = Station(survey, data, ops=FullDisk(room=300))
    with pytest.raises(StoreError, match="No space left on device"):
        station.start(direct, interviewer="t1")
    station.close()


# -- a full disk: the interviews stop, the export does not ---------------------------------------


def test_a_folder_a_full_disk_cannot_recover_still_exports_and_verifies_byte_identical(data, tmp_path):
    torn_by_a_full_disk(data)
    with pytest.raises(StoreError, match="could not be recovered: No space left on device") as refused:
        Station(surveys.load(DEMO), data, ops=FullDisk(room=0))  # the torn tail cannot be copied aside
    assert custody.disk_full(data, refused.value) == custody.DISK_FULL
    before = tree_hash(data)
    stick = tmp_path / "stick"
    stick.mkdir()
    path = custody.export(data, SID, stick)  # no Station: read only
    assert tree_hash(data) == before
    report = custody.verify(data)
    assert report.records == 2 * PER and report.problems  # the torn tail is reported, not repaired
    assert tree_hash(data) == before
    opened = open_bundle(path, demo_identities())
    [entry] = opened.manifest["logs"]
    assert entry["records"] == 2 * PER and entry["problems"]
    assert custody.verify(path, Path(DEMO_KEY)).records == 2 * PER


def test_a_disk_filling_at_any_byte_of_a_record_never_stops_the_export(tmp_path):
    """The fault sweep: the disk fills after 0, 40, 80 … bytes of the third interview's first
    record; whatever that left (a torn frame, a key file one step behind), the folder cannot be
    reopened for interviews on the full disk, and exports and verifies unchanged."""
    tried = held = 0
    for room in range(0, 2100, 40):
        data, stick = tmp_path / f"data-{room}", tmp_path / f"stick-{room}"
        stick.mkdir()
        record_interviews(DEMO, data, 2)
        survey = surveys.load(DEMO)
        direct = {q.id: q.choices[0] for q in survey.questions if q.design is None}
        with Station(survey, data, ops=FullDisk(room=room)) as station:
            try:
                station.start(direct, interviewer="t1")
                continue  # the record fitted: no fault at this byte
            except StoreError:
                pass
        tried += 1
        try:
            Station(survey, data, ops=FullDisk(room=0)).close()
        except StoreError:
            pass  # refused for interviews (a torn tail to copy aside, a key file to evolve)
        before = tree_hash(data)
        opened = open_bundle(custody.export(data, SID, stick), demo_identities())
        assert opened.manifest["logs"][0]["records"] >= 2 * PER and tree_hash(data) == before
        assert custody.verify(data).records >= 2 * PER and tree_hash(data) == before
        held += 1
    assert tried >= 15 and held == tried, (tried, held)


def test_a_data_folder_on_a_disk_remounted_read_only_still_exports(tmpfs, tmp_path, strict):
    disk = tmpfs(tmp_path / "laptop-disk", "2m")
    record_interviews(DEMO, disk / "data", 2)
    subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)  # as ext4 does after an I/O error
    before = tree_hash(disk / "data")
    stick = tmpfs(tmp_path / "stick", "4m")
    path = custody.export(disk / "data", SID, stick)
    assert open_bundle(path, demo_identities()).manifest["logs"][0]["records"] == 2 * PER
    assert custody.verify(disk / "data").records == 2 * PER and tree_hash(disk / "data") == before


def test_a_disk_with_space_is_not_called_full(data):
    record_interviews(DEMO, data, 1)
    assert custody.disk_full(data) is None
    assert custody.disk_full(data, StoreError(data, "", "locked")) is None


def test_a_tiny_full_tmpfs_data_folder_exports_to_another_disk_and_stays_byte_identical(tmpfs, tmp_path,
                                                                                      strict, capsys):
    disk = tmpfs(tmp_path / "laptop-disk", "1m")
    data = disk / "data"
    record_interviews(DEMO, data, 3)
    logfile = next((data / SID).glob("*.rrlog"))
    with logfile.open("ab") as torn:
        torn.write(b"RRF1" + b"\x00" * 40)  # a frame cut short, as a power cut leaves it
    filler = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        with pytest.raises(OSError) as full:
            while True:
                os.write(filler, b"\xff" * 4096)
    finally:
        os.close(filler)
    assert full.value.errno == errno.ENOSPC
    assert custody.disk_full(data) == custody.DISK_FULL
    with pytest.raises(StoreError, match="No space left on device") as refused:
        Station(surveys.load(DEMO), data)
    assert custody.disk_full(data, refused.value) == custody.DISK_FULL
    before = tree_hash(data)
    stick = tmpfs(tmp_path / "stick", "4m")  # another device than the laptop's full one
    assert custody.destination_problem(data, stick) is None
    code, out, err = run("export", "--data", data, "--survey-id", SID, "--to", stick, capsys=capsys)
    assert code == 0, err
    assert Path(out.strip()).parent == stick and len(list(stick.iterdir())) == 1
    assert tree_hash(data) == before
    assert custody.verify(data).records == 3 * PER and tree_hash(data) == before


# -- the destination: not the laptop's own disk, unless asked -----------------------------------


def test_a_destination_on_the_data_folders_disk_is_refused_unless_same_disk(data, tmp_path, strict, capsys):
    record_interviews(DEMO, data, 1)
    stick = tmp_path / "stick"
    stick.mkdir()
    problem = custody.destination_problem(data, stick)
    assert problem is not None and "laptop's own disk" in problem and "\n" not in problem
    code, out, err = run("export", "--data", data, "--survey-id", SID, "--to", stick, capsys=capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"rrdesk: error: {stick}: export refused: this folder is on the same disk as the data")
    assert err.rstrip().endswith("choose the USB stick (or, meaning it, --same-disk); nothing was exported")
    assert list(stick.iterdir()) == []
    with pytest.raises(StoreError, match="export refused"):
        custody.export(data, SID, stick)
    code, out, err = run("export", "--data", data, "--survey-id", SID, "--to", stick, "--same-disk", capsys=capsys)
    assert code == 0 and Path(out.strip()).parent == stick
    assert custody.export(data, SID, stick, same_disk=True).parent == stick


def test_a_missing_or_read_only_destination_is_a_plain_line(data, tmp_path):
    assert "cannot be found" in custody.destination_problem(data, tmp_path / "unplugged")
    if os.geteuid() == 0:
        return  # root writes everywhere: a read-only folder is no problem for it
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    assert "cannot be written to" in custody.destination_problem(data, locked)


def test_the_success_line_names_the_device(data, tmp_path, capsys):
    record_interviews(DEMO, data, 1)
    stick = tmp_path / "stick"
    stick.mkdir()
    code, out, err = run("export", "--data", data, "--survey-id", SID, "--to", stick, capsys=capsys)
    assert code == 0
    assert err == f"rrdesk: exported, read back and checked on {custody.where(stick)}\n"
    mount = mount_of(stick)
    if mount is not None:  # Linux: the mount point and the device, as /proc/self/mountinfo says
        assert f"{mount.source} ({mount.fstype}), mounted at {mount.point}" in err


def test_the_success_line_names_a_mounted_stick(tmpfs, data, tmp_path, strict, capsys):
    record_interviews(DEMO, data, 1)
    stick = tmpfs(tmp_path / "media" / "STICK", "4m")
    code, out, err = run("export", "--data", data, "--survey-id", SID, "--to", stick, capsys=capsys)
    assert code == 0 and Path(out.strip()).parent == stick
    assert err == f"rrdesk: exported, read back and checked on tmpfs (tmpfs), mounted at {stick}\n"


def test_mountinfo_is_read_with_its_escapes_and_the_deepest_mount_wins(tmp_path):
    dev = os.stat(tmp_path).st_dev
    nums = f"{os.major(dev)}:{os.minor(dev)}"
    point = str(tmp_path).replace(" ", "\\040")
    text = (f"1 0 {nums} / / rw - ext4 /dev/root rw\n"
            "garbage line\n"
            f"2 1 {nums} / {point} rw shared:1 - vfat /dev/sdb1 rw\n")
    found = mount_of(tmp_path / ".", mountinfo=text)
    assert found == Mount(str(tmp_path), "/dev/sdb1", "vfat")
    assert mount_of(tmp_path, mountinfo="") is None


# -- a stick that goes away: never a success -----------------------------------------------------


STEPS = ("open", "write", "fsync", "close", "read_back", "replace", "fsync_dir")  # the write path, in order


class Vanishing(BundleOps):
    """Just before ``step`` of the write path, the chosen folder is no longer the one chosen."""

    def __init__(self, vanish, step: str = "open") -> None:
        self.vanish, self.step = vanish, step

    def __getattribute__(self, name: str):
        if name in STEPS and name == object.__getattribute__(self, "step"):
            object.__getattribute__(self, "vanish")()
        return object.__getattribute__(self, name)


@pytest.mark.parametrize("step", STEPS)
def test_a_stick_unmounted_at_any_step_of_the_write_is_never_a_success(tmpfs, data, tmp_path, strict, step):
    record_interviews(DEMO, data, 1)
    stick = tmpfs(tmp_path / "media" / "STICK", "4m")
    gone: list[bool] = []

    def pull_out() -> None:
        if not gone:
            subprocess.run(["umount", "-l", str(stick)], check=True)
            gone.append(True)

    with pytest.raises(StoreError, match="export failed: .*; nothing was exported"):
        bundle.export(data, SID, stick, same_disk=False, ops=Vanishing(pull_out, step))
    assert gone and not os.path.ismount(stick) and list(stick.iterdir()) == []


@pytest.mark.parametrize("step", STEPS)
def test_a_folder_swapped_at_any_step_of_the_write_is_never_a_success(data, tmp_path, step):
    record_interviews(DEMO, data, 1)
    stick, away = tmp_path / "stick", tmp_path / "away"
    stick.mkdir()

    def swap() -> None:
        if not away.exists():
            stick.rename(away)
            stick.mkdir()

    with pytest.raises(StoreError, match="export failed: .*; nothing was exported"):
        bundle.export(data, SID, stick, ops=Vanishing(swap, step))
    assert list(stick.iterdir()) == [] and list(away.iterdir()) == []  # nothing left to be taken for a bundle


def sys_block(tmp_path: Path, path: Path, device: str, flag: str | None) -> Path:
    """A stand-in for /sys/dev/block where ``path``'s device is the partition ``device``
    (``.../usb1/.../block/sdb/sdb1`` when ``device`` says usb), its disk's removable flag ``flag``."""
    dev = os.stat(path).st_dev
    disk = tmp_path / "sys" / "devices" / device / "block" / "sdb"
    (disk / "sdb1").mkdir(parents=True)
    if flag is not None:
        (disk / "removable").write_text(flag + "\n")
    links = tmp_path / "sys" / "dev" / "block"
    links.mkdir(parents=True)
    (links / f"{os.major(dev)}:{os.minor(dev)}").symlink_to(disk / "sdb1")
    return links


@pytest.mark.parametrize(("device", "flag", "expected"), [
    ("pci0000:00/ata1", "0", False), ("pci0000:00/mmc0", "1", True),
    ("pci0000:00/usb1/1-1", "0", True), ("pci0000:00/ata1", None, None)])
def test_a_removable_disk_is_told_from_an_internal_one_by_sysfs(tmp_path, device, flag, expected):
    assert removable(tmp_path, sys_block=sys_block(tmp_path, tmp_path, device, flag)) is expected
    assert removable(tmp_path, sys_block=tmp_path / "no-sysfs") is None


def test_a_folder_on_an_internal_disk_is_a_plain_line_when_linux_says_so(data, tmp_path):
    if bundle.removable(tmp_path) is not False:
        pytest.skip("this machine's sysfs does not call the test folder's disk internal")
    other = tmp_path / "elsewhere"
    other.mkdir()
    problem = custody.destination_problem(tmp_path / "on-another-disk", other)  # no data folder: not the same disk
    assert problem.startswith(f"The folder {other} is not on a USB stick or other removable disk")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("0123456789:- /\\\nabtmpfsxe")), max_size=400))
def test_any_mountinfo_text_is_read_without_a_crash(text):
    found = mount_of("/", mountinfo=text)
    assert found is None or isinstance(found, Mount)


def test_a_stick_unmounted_before_the_write_is_one_line_exit_2_and_nothing_claims_success(
        tmpfs, data, tmp_path, strict, capsys, monkeypatch):
    record_interviews(DEMO, data, 1)
    before = tree_hash(data)
    stick = tmpfs(tmp_path / "media" / "STICK", "4m")
    gone: list[bool] = []

    def pull_out() -> None:  # the checks passed; now the stick's mount goes away (lazy unmount)
        if not gone:
            subprocess.run(["umount", "-l", str(stick)], check=True)
            gone.append(True)

    real_open = BundleOps.open
    monkeypatch.setattr(BundleOps, "open", lambda self, path, flags, mode=0o600:
                        (pull_out(), real_open(self, path, flags, mode))[1])
    code, out, err = run("export", "--data", data, "--survey-id", SID, "--to", stick, capsys=capsys)
    assert gone and code == 2 and out == ""
    assert err.startswith("rrdesk: error: ") and err.count("\n") == 1
    assert "no longer on the device" in err and "nothing was exported" in err
    assert not os.path.ismount(stick) and list(stick.iterdir()) == []  # nothing left on the laptop's disk
    assert tree_hash(data) == before
