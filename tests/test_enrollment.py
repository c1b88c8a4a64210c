"""Enrolled laptops (rrdesk/app/enrollment.py): each laptop's own key, the coordinator's list."""
from __future__ import annotations

import multiprocessing
import shutil
import subprocess

import pytest

from rrdesk import cli
from rrdesk.app import enrollment
from rrdesk.store import keys
from rrdesk.store.laptop import LAPTOP_KEY

#: what the fork server imports once, so that each racer forked from it starts at once
PRELOAD = ["rrdesk.app.interviews", "rrdesk.core.survey", "rrdesk.store.laptop", "tests.test_enrollment",
           "tests.test_folder_faults"]

def _enrollment_file(data, dest, capsys):
    assert cli.main(["enrollment", "--data", str(data), "--to", str(dest)]) == 0
    out, err = capsys.readouterr()
    return out.strip(), err


def _code(path):
    return enrollment.read_enrollment(path).code


def test_a_laptop_enrolls_in_two_steps(tmp_path, capsys):
    data, stick = tmp_path / "data", tmp_path / "stick"
    stick.mkdir()
    path, said = _enrollment_file(data, stick, capsys)
    key = keys.load_signing_key(data / LAPTOP_KEY)
    assert (data / LAPTOP_KEY).stat().st_mode & 0o777 == 0o600
    laptop = enrollment.read_enrollment(stick / path.rsplit("/", 1)[-1])
    assert laptop.key == key.public() and laptop.code in said
    assert laptop.device == (data / "device-id").read_text().strip()
    identity = tmp_path / "coordinator.key"
    assert cli.main(["enroll", path, "-i", str(identity), "--key-id", laptop.code]) == 0
    assert "enrolled" in capsys.readouterr().out
    listed = enrollment.Laptops.load(tmp_path / "coordinator.laptops")
    assert listed.key_for(laptop.device) == key.public()
    # the same file again: nothing changes; the laptop keeps its key across runs
    assert cli.main(["enroll", path, "-i", str(identity), "--key-id", laptop.code.replace("-", "").lower()]) == 0
    assert "already enrolled" in capsys.readouterr().out
    assert _enrollment_file(data, stick, capsys)[0] == path
    assert enrollment.read_enrollment(stick / path.rsplit("/", 1)[-1]).key == key.public()


def test_another_key_for_an_enrolled_device_is_refused(tmp_path, capsys):
    data, stick = tmp_path / "data", tmp_path / "stick"
    stick.mkdir()
    path, _ = _enrollment_file(data, stick, capsys)
    listed = tmp_path / "list"
    assert cli.main(["enroll", path, "--laptops", str(listed), "--key-id", _code(path)]) == 0
    capsys.readouterr()
    (data / LAPTOP_KEY).unlink()  # reinstalled: a new key, the same device id
    path, _ = _enrollment_file(data, stick, capsys)
    before = listed.read_bytes()
    assert cli.main(["enroll", path, "--laptops", str(listed), "--key-id", _code(path)]) == 2
    assert "enrolled already with key" in capsys.readouterr().err
    assert listed.read_bytes() == before


@pytest.mark.parametrize("text", ["", "hello\n", "untrusted comment: rrdesk laptop 00\nRW\n",
                                  "untrusted comment: minisign public key 1\nRWQAAAAA\n"])
def test_a_bad_enrollment_file_is_one_line_and_adds_nothing(tmp_path, capsys, text):
    data, stick = tmp_path / "data", tmp_path / "stick"
    stick.mkdir()
    good, _ = _enrollment_file(data, stick, capsys)
    bad = tmp_path / "bad.pub"
    bad.write_text(text)
    listed = tmp_path / "list"
    assert cli.main(["enroll", good, str(bad), "--laptops", str(listed)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"rrdesk: error: {bad}") and err.count("\n") == 1
    assert not listed.exists()


def test_a_damaged_list_or_laptop_key_is_one_line(tmp_path, capsys):
    listed = tmp_path / "list"
    listed.write_text("# ok\n0123 nonsense\n")
    data, stick = tmp_path / "data", tmp_path / "stick"
    stick.mkdir()
    good, _ = _enrollment_file(data, stick, capsys)
    assert cli.main(["enroll", good, "--laptops", str(listed)]) == 2
    assert "list: line 2: list of enrolled laptops damaged: not a laptop" in capsys.readouterr().err
    (data / LAPTOP_KEY).write_text("garbage")
    assert cli.main(["enrollment", "--data", str(data), "--to", str(stick)]) == 2
    assert "laptop.minisign.key: damaged" in capsys.readouterr().err


def _make_key(data):
    return enrollment.laptop_key(data).public().base64()


def test_stations_starting_together_make_one_laptop_key(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    # why forkserver: a fork of this process copies the locks its other threads hold (Qt, the log
    # writer); a fork of a clean server process races the same, safely
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    with context.Pool(8) as pool:
        seen = set(pool.map_async(_make_key, [data] * 24).get(timeout=120))  # a failure, never a hang
    assert len(seen) == 1
    assert [p.name for p in data.iterdir()] == [LAPTOP_KEY]


def test_a_key_another_process_links_in_just_after_the_read_is_that_key_never_lost(tmp_path, monkeypatch):
    """The race the test above loses about once in ten rounds without it, made certain: the
    read finds no key, and the other process's key is linked in before this one looks again."""
    from rrdesk.store import laptop

    data = tmp_path / "data"
    data.mkdir()
    winner = _make_key(tmp_path / "other")  # the other process's key, made in its own folder
    real = laptop.read_if_present

    def read_then_lose_the_race(path, *args):
        if not (data / LAPTOP_KEY).exists():
            (data / LAPTOP_KEY).hardlink_to(tmp_path / "other" / LAPTOP_KEY)
            return None  # this process read before the link
        return real(path, *args)

    monkeypatch.setattr(laptop, "read_if_present", read_then_lose_the_race)
    assert _make_key(data) == winner


@pytest.mark.skipif(shutil.which("minisign") is None, reason="the minisign tool is not installed")
def test_the_laptop_key_signs_with_the_minisign_tool(tmp_path, capsys):
    data, stick = tmp_path / "data", tmp_path / "stick"
    stick.mkdir()
    path, _ = _enrollment_file(data, stick, capsys)
    message = tmp_path / "m"
    message.write_bytes(b"bundle")
    subprocess.run(["minisign", "-S", "-s", str(data / LAPTOP_KEY), "-m", str(message)],
                   check=True, capture_output=True, input=b"")
    done = subprocess.run(["minisign", "-V", "-p", path, "-m", str(message)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def _list_of_three(tmp_path) -> tuple[enrollment.Laptops, bytes]:
    from rrdesk.store import minisign
    listed = enrollment.Laptops(tmp_path / "coordinator.laptops", {})
    import datetime as dt
    for n, name in enumerate(("", "Laptop 3, Amina", "Ordinateur 4, Zoé")):
        laptop = enrollment.Laptop(f"{n:02x}" * 16, minisign.generate().public())
        listed.add(laptop, dt.date(2026, 11, 1 + n), name)
    listed.save()
    return enrollment.Laptops.load(listed.path), listed.path.read_bytes()


def test_200_mutants_of_the_laptops_list_are_damage_never_another_key(tmp_path):
    """Deliver 1 (issue #32): each line carries its check, so a damaged line is "list of enrolled
    laptops damaged" in one line naming it, never a key that reads as another (which would make
    that laptop's bundles look changed after it signed them)."""
    import random

    from rrdesk.core.errors import InputError
    from tests.test_ledger import _mutant

    original, data = _list_of_three(tmp_path)
    path = original.path
    rng = random.Random(32)
    refused = unchanged = 0
    for _ in range(200):
        path.write_bytes(_mutant(data, rng))
        try:
            loaded = enrollment.Laptops.load(path)
        except InputError as error:
            assert "list of enrolled laptops damaged" in str(error) and "\n" not in str(error), str(error)
            refused += 1
            continue
        # what still loads lost no more than whole lines (a laptop then reads "not enrolled", loudly)
        assert all(original.by_device.get(device) == entry for device, entry in loaded.by_device.items())
        unchanged += 1
    assert refused + unchanged == 200 and refused >= 120, (refused, unchanged)


def test_a_list_written_before_the_checks_still_reads_and_gets_them_at_its_next_save(tmp_path):
    original, data = _list_of_three(tmp_path)
    old = "\n".join(["# rrdesk enrolled laptops: device id, public signing key, key id, day enrolled, name"]
                     + [" ".join(w for w in line.split(" ") if not w.startswith("sum="))
                        for line in data.decode().splitlines()[1:]]) + "\n"
    original.path.write_text(old)
    assert enrollment.Laptops.load(original.path).by_device == original.by_device
    enrollment.Laptops.load(original.path).save()
    assert original.path.read_bytes() == data
