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


def test_a_clock_past_2262_is_one_line_not_an_internal_error(tmp_path, monkeypatch):
    """Python holds a time as 64-bit nanoseconds: with the clock past 2262 every reading of it raises
    OverflowError. That is the clock's fault, said as such (exit 2), not a bug to report."""
    import time

    from rrdesk.app import custody
    from rrdesk.core.errors import CLOCK_OUT_OF_RANGE

    def overflowing(*_, **__):
        raise OverflowError("timestamp too large to convert to C _PyTime_t")
    monkeypatch.setattr(custody, "keygen", overflowing)  # where the command first reads the clock
    code, out, err = rrdesk("keygen", "-o", tmp_path / "coord.key")
    assert code == 2 and err.startswith("rrdesk: error: internal error (OverflowError); run again")  # a sane clock
    monkeypatch.setattr(time, "time", overflowing)
    code, out, err = rrdesk("keygen", "-o", tmp_path / "coord.key")
    assert (code, out, err) == (2, "", f"rrdesk: error: {CLOCK_OUT_OF_RANGE}\n")
    assert "2262" in CLOCK_OUT_OF_RANGE and "set the date and time right" in CLOCK_OUT_OF_RANGE


@pytest.mark.parametrize("argv, wanted", [(["check", "/nonexistent/survey.toml"], 2), (["check", "--bogus"], 2),
                                          (["keygen", "-o", "{tmp}/coord.key"], 0)])
def test_a_stderr_that_cannot_be_written_never_costs_the_exit_code(tmp_path, argv, wanted):
    """``2>/dev/full``: every write to stderr fails (ENOSPC). The command still does its work and
    exits with its own code, never 1 from a traceback about stderr."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    with open("/dev/full", "w") as full:
        ran = subprocess.run([sys.executable, "-c", "import sys; from rrdesk import cli; sys.exit(cli.main(sys.argv[1:]))",
                              *argv], cwd=root, env={**os.environ, "PYTHONPATH": str(root)}, stderr=full,
                             stdout=subprocess.PIPE, text=True)
    assert ran.returncode == wanted
    if wanted == 0:
        assert ran.stdout.startswith("age1") and (tmp_path / "coord.minisign.pub").is_file()


def test_record_days_that_jump_inside_a_log_are_a_warning_in_verify(tmp_path):
    """2026 -> 2019 -> 2031 inside one log: verify -i says it once for the log (a warning, exit 0:
    the records are what was recorded), for the data folder and for its bundle alike."""
    import datetime as dt
    import json

    from rrdesk.app.interviews import Station
    from rrdesk.core import survey as surveys
    from tests.conftest import DEMO
    from tests.test_interviews import _answer_all

    days = iter([dt.date(2026, 11, 1)] * 1 + [dt.date(2026, 11, 2), dt.date(2019, 3, 4), dt.date(2031, 1, 1)] * 40)
    day = [dt.date(2026, 11, 1)]

    def today() -> dt.date:
        return day[0]
    data = tmp_path / "laptop"
    with Station(surveys.load(DEMO), data, today=today) as station:
        for n in range(3):
            day[0] = next(days)
            _answer_all(station.start({"department": "office"}, interviewer="t1"))
            day[0] = next(days)
    code, out, err = rrdesk("verify", data, "-i", DEMO_KEY)
    assert code == 0, out + err
    [warning] = [line for line in out.splitlines() if "warning" in line and "intact" not in line]
    assert ": warning: dated 2019-03-04, before its log was begun (2026-11-01); " in warning, warning
    assert "more record(s) of this log have days as implausible" in warning
    assert out.splitlines()[-1].endswith("; 0 problem(s), 1 warning(s)"), out
    code, out, err = rrdesk("verify", data, "-i", DEMO_KEY, "--json")
    found = json.loads(out)
    assert code == 0 and found["problems"] == [] and len(found["warnings"]) == 1
    bundle = export(data, tmp_path / "stick")
    code, out, err = rrdesk("verify", bundle, "-i", DEMO_KEY)
    assert code == 0 and out.count("warning: dated 2019-03-04") == 1, out + err


def test_plausible_days_give_no_warning(bundles):
    code, out, err = rrdesk("verify", bundles[0], "-i", DEMO_KEY, "--json")
    assert code == 0 and "warnings" not in out


def test_a_read_error_when_the_aggregator_reads_records_again_is_reported(bundles, monkeypatch):
    """The aggregator reads each bundle's records again after indexing it (in its own process with
    --workers 1): a read error there is named ("could not be read", the disk's), never a bare
    "Input/output error" without a file, never silently absorbed."""
    from rrdesk.store.bundle import _index

    def failing(*_, **__):
        raise OSError(errno.EIO, os.strerror(errno.EIO))
    monkeypatch.setattr(_index, "SealedFile", failing)
    code, out, err = rrdesk("aggregate", *bundles, "-i", DEMO_KEY, "--accept-unverified", "--workers", 1)
    monkeypatch.undo()
    assert code == 1 and err == "", err
    assert (f"{bundles[0]}:" in out and "could not be read: Input/output error (the disk or the stick, not the "
            "bundle: no record of it was used; try again)" in out), out
    # one line per run of records read together, naming the run, not one per record
    lines = [line for line in out.splitlines() if "could not be read" in line and f"{bundles[0]}:" in line]
    assert len(lines) == 1 and "were not read)" in lines[0], out


def test_a_signing_key_the_disk_cannot_stat_is_an_error_not_no_key(bundles, tmp_path, monkeypatch):
    import shutil

    identity = tmp_path / "coord.key"
    shutil.copy(DEMO_KEY, identity)
    public = tmp_path / "coord.minisign.pub"
    real = os.stat

    def stat(path, *args, **kwargs):
        if str(path) == str(public):
            raise OSError(errno.EIO, os.strerror(errno.EIO), str(path))
        return real(path, *args, **kwargs)
    monkeypatch.setattr(os, "stat", stat)
    code, out, err = rrdesk("aggregate", *bundles, "-i", identity, "--accept-unverified")
    monkeypatch.undo()
    assert (code, out) == (2, "") and err == (f"rrdesk: error: {public}: cannot be read: Input/output error (the "
                                              "disk, not the key: try again)\n"), err


def test_a_random_number_generator_failing_mid_interview_or_mid_export_is_named(bundles, tmp_path, monkeypatch):
    """Sealing a record draws a file key and a nonce, an export its bundle's: a CSPRNG failing
    there too is the one line (RandomFailed), and nothing half-made is left behind."""
    import datetime as dt

    from rrdesk.app.interviews import Station
    from rrdesk.core import survey as surveys
    from rrdesk.core.errors import RandomFailed
    from tests.conftest import DEMO

    def urandom(n):
        raise OSError(errno.EIO, os.strerror(errno.EIO))
    data = tmp_path / "laptop"
    with Station(surveys.load(DEMO), data, today=lambda: dt.date(2026, 11, 3)) as station:
        interview = station.start({"department": "office"}, interviewer="t1")
        question = interview.next_question
        monkeypatch.setattr(os, "urandom", urandom)
        with pytest.raises(RandomFailed, match="random number generator failed"):
            interview.spin(question.id, 1)
        monkeypatch.undo()
    simulate(data, 1, 5)  # the folder goes on after it
    stick = tmp_path / "stick"
    stick.mkdir()
    monkeypatch.setattr(os, "urandom", urandom)
    code, out, err = rrdesk("export", "--data", data, "--survey-id", "workplace-demo", "--to", stick, "--same-disk")
    monkeypatch.undo()
    assert code == 2 and "random number generator failed (Input/output error)" in err and err.count("\n") == 1, err
    assert not list(stick.iterdir())
