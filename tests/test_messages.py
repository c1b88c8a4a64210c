"""The messages and exit codes of issue #32's list (Deliver 7): each said in one line, with the
exit code the README promises (2: could not be read, 1: damaged), never a traceback.
"""
from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from tests.cli_runs import export, rrdesk, simulate
from tests.conftest import DEMO_KEY


@pytest.fixture(scope="module")
def bundles(tmp_path_factory) -> list[Path]:
    base = tmp_path_factory.mktemp("messages")
    made = []
    for n in range(2):
        simulate(base / f"laptop{n}", 2, 60 + n)
        made.append(export(base / f"laptop{n}", base / f"stick{n}"))
    return made


def test_a_read_error_on_a_bundle_is_could_not_be_read_exit_2_and_the_rest_is_checked(bundles, monkeypatch):
    failing, good = bundles
    real = os.pread

    def pread(fd, n, at):
        if os.path.realpath(f"/proc/self/fd/{fd}") == str(failing.resolve()):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return real(fd, n, at)
    monkeypatch.setattr(os, "pread", pread)
    code, out, err = rrdesk("verify", failing, good, "-i", DEMO_KEY)
    monkeypatch.undo()
    assert code == 2, (out, err)
    assert err == (f"rrdesk: error: {failing}: could not be read: Input/output error (the disk or the stick, not "
                   "the bundle: try again)\n")
    assert "18 intact records in 1 file(s)" in out and "damaged" not in out  # the other bundle was checked


def test_a_bundle_that_cannot_be_opened_for_a_read_error_is_exit_2(bundles, monkeypatch):
    failing, _ = bundles
    real = os.open

    def opening(path, flags, *args, **kwargs):
        if str(path) == str(failing):
            raise OSError(errno.EIO, os.strerror(errno.EIO), str(path))
        return real(path, flags, *args, **kwargs)
    monkeypatch.setattr(os, "open", opening)
    code, out, err = rrdesk("verify", failing, "-i", DEMO_KEY)
    monkeypatch.undo()
    assert code == 2 and err == f"rrdesk: error: {failing}: could not be read: Input/output error\n", err


@pytest.mark.parametrize("keep", [40, 300, -1000, -1])
def test_a_bundle_still_being_copied_is_incomplete_or_cut_short(bundles, tmp_path, keep):
    data = bundles[0].read_bytes()
    cut = tmp_path / bundles[0].name
    cut.write_bytes(data[:keep])
    code, out, err = rrdesk("verify", cut, "-i", DEMO_KEY)
    assert code == 1 and err == "", err
    [line] = [line for line in out.splitlines() if line.startswith("damaged:")]
    assert line.startswith(f"damaged: {cut}: incomplete or cut short (is it still being copied? copy it again), "
                           "or damaged at its end ("), line
    code, out, err = rrdesk("aggregate", cut, bundles[1], "-i", DEMO_KEY, "--accept-unverified")
    assert f"{cut}: incomplete or cut short" in out, out + err


@pytest.fixture(scope="module")
def signed_data(tmp_path_factory) -> tuple[Path, Path]:
    """A data folder that recorded with a signed copy of the demo survey (its signature kept)."""
    import shutil

    from tests.conftest import DEMO
    base = tmp_path_factory.mktemp("signed")
    assert rrdesk("keygen", "-o", base / "coord.key")[0] == 0
    survey = base / "demo.toml"
    shutil.copy(DEMO, survey)
    assert rrdesk("sign", survey, "-k", base / "coord.key")[0] == 0
    data = base / "laptop"
    code, _, err = rrdesk("simulate", survey, "--data", data, "-n", 1, "--seed", 3, "--force")
    assert code == 0, err
    return survey, data


def test_a_read_error_on_any_file_simulate_reads_is_never_called_a_write(signed_data, tmp_path, monkeypatch):
    """Each file of the data folder, in turn, fails to be read (EIO): ``simulate`` then stops in
    one line naming it "cannot be read", never "could not be written", and never a traceback."""
    import shutil

    survey, recorded = signed_data
    said = set()
    for target in sorted(p.relative_to(recorded) for p in recorded.rglob("*") if p.is_file()):
        data = tmp_path / str(len(said))
        shutil.copytree(recorded, data)
        failing = str(data / target)
        real = os.open

        def opening(path, flags, *args, failing=failing, **kwargs):
            if str(path) == failing and flags & os.O_ACCMODE == os.O_RDONLY:
                raise OSError(errno.EIO, os.strerror(errno.EIO), str(path))
            return real(path, flags, *args, **kwargs)
        monkeypatch.setattr(os, "open", opening)
        code, out, err = rrdesk("simulate", survey, "--data", data, "-n", 1, "--seed", 4, "--force")
        monkeypatch.undo()
        said.add((str(target), code))
        assert "could not be written" not in err and "Traceback" not in err, (target, err)
        if code:
            assert code == 2 and err.count("\n") == 1 and "Input/output error" in err, (target, err)
    assert any(code == 2 for _, code in said)  # the sweep did reach reads that matter


@pytest.mark.parametrize("junk", [b"\xfd" * 10, b"abc\xfd\n"])
def test_bytes_that_are_not_text_in_any_file_never_leak_a_codec_error_from_export(signed_data, tmp_path, junk):
    import shutil

    _, recorded = signed_data
    for n, target in enumerate(sorted(p.relative_to(recorded) for p in recorded.rglob("*") if p.is_file())):
        data = tmp_path / f"{n}"
        shutil.copytree(recorded, data)
        (data / target).write_bytes(junk)
        (tmp_path / "stick").mkdir(exist_ok=True)
        code, out, err = rrdesk("export", "--data", data, "--survey-id", "workplace-demo", "--to", tmp_path / "stick",
                                "--same-disk")
        assert "codec" not in err and "internal error" not in err and "Traceback" not in err, (target, err)
        assert code == 0 or (code == 2 and err.count("\n") == 1), (target, err)


@pytest.mark.parametrize("command", ["simulate", "keygen"])
def test_a_failing_random_number_generator_is_named(tmp_path, monkeypatch, command):
    from tests.conftest import DEMO

    def urandom(n):
        raise OSError(errno.EIO, os.strerror(errno.EIO))
    monkeypatch.setattr(os, "urandom", urandom)
    argv = (("simulate", DEMO, "--data", tmp_path / "data", "-n", 1) if command == "simulate"
            else ("keygen", "-o", tmp_path / "coord.key"))
    code, out, err = rrdesk(*argv)
    monkeypatch.undo()
    assert code == 2 and out == "", err
    assert err == ("rrdesk: error: the operating system's random number generator failed (Input/output error): "
                   "nothing was drawn, so nothing was recorded or sealed with it; restart the computer and try "
                   "again\n"), err
    assert not (tmp_path / "coord.key").exists()
