"""One unreadable side file never costs a whole export (issue #32, Deliver 2; FORMAT.md §2.5, §3).

A folder, a FIFO, a link to ``/dev/zero``, an oversize file or a read error (EIO, EMFILE) in place
of a log's key file, its header signature, the survey's signature or the trusted-key file is left
out of the bundle and named in one line; everything else is exported, and the bundle verifies.
The device id, without which no bundle can say whose it is, is a refusal in one line naming it:
never a hang (a FIFO), never ``MemoryError`` (``/dev/zero``), never a traceback.
"""
from __future__ import annotations

import errno
import os
import shutil
import signal
from pathlib import Path

import pytest

from rrdesk.core.fileio import SIDE_FILE_LIMIT
from rrdesk.store.bundle import open_bundle
from tests.cli_runs import SID, rrdesk, simulate
from tests.conftest import DEMO_KEY, demo_identities


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> Path:
    data = tmp_path_factory.mktemp("side") / "laptop"
    simulate(data, 2, 5)
    return data


@pytest.fixture
def data(recorded, tmp_path) -> Path:
    copy = tmp_path / "laptop"
    shutil.copytree(recorded, copy)
    return copy


@pytest.fixture(autouse=True)
def never_hangs():
    """A FIFO read by a blocking open would wait forever: fail the test instead."""
    def stop(*_: object) -> None:
        raise TimeoutError("the export hung")
    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(30)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def log_of(data: Path) -> Path:
    [log] = sorted((data / SID).glob("*.rrlog"))
    return log


def side_files(data: Path) -> dict[str, Path]:
    log = log_of(data)
    (data / SID / "survey.toml.minisig").write_text("untrusted comment: placeholder\n")
    return {"key": log.with_name(log.name + ".key"), "minisig": log.with_name(log.name + ".minisig"),
            "survey signature": data / SID / "survey.toml.minisig"}


def spoil(path: Path, how: str) -> None:
    if path.exists() or path.is_symlink():
        path.unlink()
    if how == "folder":
        path.mkdir()
    elif how == "fifo":
        os.mkfifo(path)
    elif how == "/dev/zero":
        path.symlink_to("/dev/zero")
    elif how == "oversize":
        with open(path, "wb") as f:
            f.truncate(SIDE_FILE_LIMIT * 20)
    else:
        raise AssertionError(how)


def export(data: Path, to: Path) -> tuple[int, str, str]:
    to.mkdir(exist_ok=True)
    return rrdesk("export", "--data", data, "--survey-id", SID, "--to", to)


@pytest.mark.parametrize("how", ["folder", "fifo", "/dev/zero", "oversize"])
@pytest.mark.parametrize("which", ["key", "minisig", "survey signature"])
def test_an_unreadable_side_file_is_left_out_and_named_and_the_rest_exported(data, tmp_path, which, how):
    target = side_files(data)[which]
    spoil(target, how)
    code, out, err = export(data, tmp_path / "stick")
    assert code == 0, err
    [warning] = [line for line in err.splitlines() if "warning" in line]
    assert warning.startswith(f"rrdesk: warning: {target}: left out of the bundle: "), err
    assert "Traceback" not in err and "MemoryError" not in err
    opened = open_bundle(Path(out.strip()), demo_identities())
    assert opened.logs and log_of(data).name in opened.logs  # every record still went
    assert target.name not in opened.keys


@pytest.mark.parametrize("error", [errno.EIO, errno.EMFILE])
@pytest.mark.parametrize("which", ["key", "minisig", "survey signature"])
def test_a_read_error_on_a_side_file_is_left_out_and_named(data, tmp_path, monkeypatch, which, error):
    target = side_files(data)[which]
    real_open = os.open

    def failing_open(path, flags, *args, **kwargs):  # the OS seam of the capped reader
        if str(path) == str(target):
            raise OSError(error, os.strerror(error), str(path))
        return real_open(path, flags, *args, **kwargs)
    monkeypatch.setattr(os, "open", failing_open)
    code, out, err = export(data, tmp_path / "stick")
    monkeypatch.undo()
    assert code == 0, err
    assert f"rrdesk: warning: {target}: left out of the bundle: {os.strerror(error)}" in err
    assert log_of(data).name in open_bundle(Path(out.strip()), demo_identities()).logs


@pytest.mark.parametrize("how", ["folder", "fifo", "/dev/zero", "oversize"])
def test_an_unreadable_device_id_refuses_in_one_line_naming_it(data, tmp_path, how):
    target = data / "device-id"
    spoil(target, how)
    code, out, err = export(data, tmp_path / "stick")
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(f"rrdesk: error: {target}: cannot be read: "), err
    assert not list((tmp_path / "stick").iterdir())


def test_an_unreadable_trust_file_is_named_and_the_bundle_still_goes(data, tmp_path):
    target = data / "coordinator.trust"
    spoil(target, "fifo")
    code, out, err = export(data, tmp_path / "stick")
    assert code == 0, err
    assert f"rrdesk: warning: {target}: left out of the bundle: cannot be read" in err
    assert log_of(data).name in open_bundle(Path(out.strip()), demo_identities()).logs


def test_the_manifest_says_what_was_left_out_and_the_coordinator_sees_it(data, tmp_path):
    """FORMAT.md §2.4 ``left_out``: the manifest names each side file left out and why; ``verify``
    and ``aggregate`` name it in one line each (a problem), and the records are still used."""
    files = side_files(data)
    spoil(files["key"], "folder")
    spoil(files["minisig"], "fifo")
    code, out, err = export(data, tmp_path / "stick")
    assert code == 0, err
    bundle = Path(out.strip())
    opened = open_bundle(bundle, demo_identities())
    log = log_of(data).name
    assert [e["name"] for e in opened.manifest["left_out"]] == [log + ".key", log + ".minisig"], opened.manifest
    assert all(e["why"] for e in opened.manifest["left_out"])
    identity = DEMO_KEY
    code, out, err = rrdesk("verify", bundle, "-i", identity)
    assert code == 1
    for entry in opened.manifest["left_out"]:
        said = [line for line in out.splitlines() + err.splitlines()
                if f"{bundle}:{entry['name']}: left out by the laptop's export: {entry['why']}" in line]
        assert len(said) == 1, out + err
    code, out, err = rrdesk("aggregate", bundle, "-i", identity, "--accept-unverified")
    assert code == 1 and err == "", err  # the problems are reported; the records still used
    assert out.splitlines()[1].startswith("2 interviews"), out  # every record still used
    for entry in opened.manifest["left_out"]:
        assert out.count(f"{bundle}:{entry['name']}: left out by the laptop's export: {entry['why']}") == 1, out


def test_nothing_left_out_means_no_left_out_field(data, tmp_path):
    code, out, err = export(data, tmp_path / "stick")
    assert code == 0, err
    assert "left_out" not in open_bundle(Path(out.strip()), demo_identities()).manifest


def test_a_read_error_at_any_read_of_an_export_ends_in_a_bundle_or_one_line_naming_the_file(data, tmp_path,
                                                                                            monkeypatch):
    """The sweep of issue #32 ("Must show"), through the OS seam the readers use (``os.read``,
    ``os.pread``…): the Nth read of an export fails with EIO, for every N. Each run ends in a
    bundle that opens (what could not be read left out and named) or in one line naming the file
    it could not read (never only the data folder, never a bare "Input/output error"), and no
    ``.part`` is left; the alarm fixture fails a hang."""
    names = ("read", "pread", "readv", "preadv")
    real = {name: getattr(os, name) for name in names}
    calls: list[str] = []
    failing = [0]

    def counting(name):
        def read(*args, **kwargs):
            calls.append(name)
            if len(calls) == failing[0]:
                raise OSError(errno.EIO, os.strerror(errno.EIO))
            return real[name](*args, **kwargs)
        return read

    def run(n: int) -> tuple[int, str, str, Path]:
        calls.clear()
        failing[0] = n
        for name in names:
            monkeypatch.setattr(os, name, counting(name))
        stick = tmp_path / f"stick-{n}"
        try:
            return (*export(data, stick), stick)
        finally:
            monkeypatch.undo()

    code, _, err, _ = run(0)
    assert code == 0, err
    total = len(calls)
    assert total >= 10
    ended = {"bundle": 0, "line": 0}
    for n in range(1, total + 1):
        code, out, err, stick = run(n)
        assert "Traceback" not in err and "internal error" not in err, (n, err)
        assert not list(stick.glob("*.part")), n
        if code == 0:
            opened = open_bundle(Path(out.strip()), demo_identities())
            assert log_of(data).name in opened.logs, n
            left = [line for line in err.splitlines() if "left out of the bundle" in line]
            assert len(left) == len(opened.manifest.get("left_out", [])) + sum(
                "coordinator.trust" in line for line in left), (n, err)
            ended["bundle"] += 1
        else:
            assert code == 2 and err.count("\n") == 1 and "Input/output error" in err, (n, err)
            named = err.removeprefix("rrdesk: error: ").split(": ", 1)[0]
            assert named not in (str(data), str(data / SID)), (n, err)  # a file, not a folder
            assert not list(stick.iterdir()), n
            ended["line"] += 1
    assert ended["bundle"] and ended["line"]
