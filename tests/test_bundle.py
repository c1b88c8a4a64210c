"""Export bundles (rrdesk/store/FORMAT.md §2): complete and verified, or not there at all."""
from __future__ import annotations

import errno
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import tarfile
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rrdesk.core.errors import BundleError, StoreError
from rrdesk.store import age, log
from rrdesk.store.bundle import _export, export, open_bundle
from rrdesk.store.log import _frames
from tests.conftest import (
    DEMO,
    DEMO_KEY,
    NOW,
    NoSync,
    demo_identities,
    needs_age,
    record_interviews,
    tiny_survey,
)


def tree_hash(folder: Path) -> dict[str, str]:
    """Every file and folder under ``folder`` with its bytes' sha256 (folders: "dir")."""
    return {str(p.relative_to(folder)): "dir" if p.is_dir() else hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*"))}


@pytest.fixture(scope="module")
def demo_data(tmp_path_factory) -> Path:
    data = tmp_path_factory.mktemp("demo") / "data"
    record_interviews(DEMO, data, 3)
    return data


@needs_age
def test_an_export_opens_with_age_and_tar_and_holds_the_logs_byte_for_byte(demo_data, tmp_path):
    path = export(demo_data, "workplace-demo", tmp_path, now=NOW)
    device = (demo_data / "device-id").read_text().strip()
    assert path.name == f"workplace-demo_{device[:8]}_20261122T193005Z.tar.age"
    out = tmp_path / "opened"
    out.mkdir()
    plain = subprocess.run(["age", "-d", "-i", str(DEMO_KEY), str(path)], check=True, capture_output=True).stdout
    subprocess.run(["tar", "x"], input=plain, cwd=out, check=True)
    folder = demo_data / "workplace-demo"
    logs = sorted(p.name for p in folder.glob("*.rrlog"))
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["manifest.json", "manifest.json.minisig", "survey.toml", *logs, *(name + ".key" for name in logs),
         *(name + ".minisig" for name in logs)])  # each log's header signature (FORMAT.md §1.11)
    for name in (*logs, *(n + ".key" for n in logs), *(n + ".minisig" for n in logs), "survey.toml"):
        assert (out / name).read_bytes() == (folder / name).read_bytes()
    manifest = json.loads((out / "manifest.json").read_text())
    assert {k: manifest[k] for k in ("format", "survey", "device", "exported")} == {
        "format": "rrdesk-bundle/2", "survey": "workplace-demo", "device": device,
        "exported": "2026-11-22T19:30:05Z"}
    assert manifest["rrdesk"]
    [entry] = manifest["logs"]
    data = (folder / logs[0]).read_bytes()
    assert entry == {"name": logs[0], "size": len(data), "sha256": hashlib.sha256(data).hexdigest(),
                     "records": 3 * 9, "problems": []}  # the demo: 1 + 2 × 4 records an interview


def test_the_tar_inside_is_deterministic_and_says_nothing_about_the_laptop(demo_data, tmp_path):
    first = export(demo_data, "workplace-demo", tmp_path, now=NOW)
    second = export(demo_data, "workplace-demo", tmp_path, now=NOW)
    plains = [age.decrypt(p.read_bytes(), demo_identities()) for p in (first, second)]
    assert plains[0] == plains[1]
    with tarfile.open(fileobj=io.BytesIO(plains[0])) as tar:
        members = tar.getmembers()
    assert [m.name for m in members] == sorted(m.name for m in members)
    for m in members:
        assert (m.mtime, m.uid, m.gid, m.uname, m.gname, m.mode, m.type) == (0, 0, 0, "", "", 0o644, tarfile.REGTYPE)
        assert set(m.pax_headers) <= {"path"}


def test_export_never_changes_the_data_folder(demo_data, tmp_path):
    before = tree_hash(demo_data)
    export(demo_data, "workplace-demo", tmp_path, now=NOW)
    assert tree_hash(demo_data) == before


def test_two_exports_give_two_files_that_both_open(demo_data, tmp_path):
    first = export(demo_data, "workplace-demo", tmp_path, now=NOW)
    second = export(demo_data, "workplace-demo", tmp_path, now=NOW)
    assert first != second and first.exists() and second.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([first.name, second.name])
    for path in (first, second):
        assert open_bundle(path, demo_identities()).manifest["survey"] == "workplace-demo"


def test_a_bundle_is_sealed_to_the_survey_recipients_only(tmp_path):
    coordinator, other = age.Identity.generate(), age.Identity.generate()
    survey_file = tiny_survey(tmp_path, [coordinator.recipient])
    record_interviews(survey_file, tmp_path / "data", 2, direct={"region": "south"})
    path = export(tmp_path / "data", "tiny-2026", tmp_path, now=NOW)
    opened = open_bundle(path, [coordinator])
    assert opened.manifest["logs"][0]["records"] == 2 * 5  # two tiny interviews: 1 + 2 × 2 records each
    assert opened.survey_text == survey_file.read_bytes()
    for wrong in ([other], demo_identities()):
        with pytest.raises(BundleError, match="cannot decrypt with this identity") as caught:
            open_bundle(path, wrong)
        assert str(path) in str(caught.value)


def test_a_torn_tail_side_file_travels_under_torn(tmp_path):
    coordinator = age.Identity.generate()
    survey_file = tiny_survey(tmp_path, [coordinator.recipient])
    data = tmp_path / "data"
    station = record_interviews(survey_file, data, 1)
    torn = b"RRF1" + station.writer.count.to_bytes(8, "big") + b"\x00\x00"
    with open(station.writer.path, "ab") as file:  # an append cut by a power loss
        file.write(torn)
    record_interviews(survey_file, data, 1)  # reopening recovers: the tail goes aside
    [side] = (data / "tiny-2026").glob("*.rrlog.torn-*")
    opened = open_bundle(export(data, "tiny-2026", tmp_path, now=NOW), [coordinator])
    assert opened.torn == {side.name: torn}
    assert opened.manifest["torn"][0]["name"] == side.name
    assert opened.manifest["logs"][0]["records"] == 2 * 5


def test_a_side_file_named_by_an_earlier_version_still_travels_and_verifies(tmp_path):
    """Torn-tail names once carried the time (``torn-<UTC time>-<offset>``); a laptop may still
    hold one: it is exported as it is, and the bundle opens and verifies."""
    coordinator = age.Identity.generate()
    survey_file = tiny_survey(tmp_path, [coordinator.recipient])
    data = tmp_path / "data"
    station = record_interviews(survey_file, data, 1)
    old = station.writer.path.with_name(station.writer.path.name + ".torn-20261122T193536.123456Z-1234")
    old.write_bytes(b"RRF1\0\0")
    opened = open_bundle(export(data, "tiny-2026", tmp_path, now=NOW), [coordinator])
    assert opened.torn == {old.name: b"RRF1\0\0"}


def test_the_manifest_describes_exactly_the_bytes_included_while_the_log_grows(tmp_path, monkeypatch):
    coordinator = age.Identity.generate()
    survey_file = tiny_survey(tmp_path, [coordinator.recipient])
    data = tmp_path / "data"
    record_interviews(survey_file, data, 1)
    read = _export._open_log
    grown = []

    def read_and_append(path: Path):
        got = read(path)
        if not grown:  # an interview goes on during the export
            grown.append(record_interviews(survey_file, data, 1))
        return got

    monkeypatch.setattr(_export, "_open_log", read_and_append)
    opened = open_bundle(export(data, "tiny-2026", tmp_path, now=NOW), [coordinator])
    [(name, log_bytes)] = opened.logs.items()
    found = log.scan(log_bytes, name)
    key = _frames.parse_key_file(opened.keys[name + ".key"])
    assert found.problems == () and key.index == len(found.frames) == 2 * 5
    assert opened.manifest["logs"][0]["records"] == len(found.frames)


def test_a_log_cut_while_it_is_exported_starts_the_export_over(tmp_path, monkeypatch):
    """A writer opening the log cuts its torn tail off (FORMAT.md §1.7) while the export reads
    it: the read comes up short, and the export starts over from a new snapshot."""
    coordinator = age.Identity.generate()
    survey_file = tiny_survey(tmp_path, [coordinator.recipient])
    data = tmp_path / "data"
    station = record_interviews(survey_file, data, 1)
    path = station.writer.path
    whole = path.read_bytes()
    with open(path, "ab") as file:
        file.write(b"RRF1" + station.writer.count.to_bytes(8, "big"))  # a torn tail
    opened_at = []
    read = _export._open_log

    def open_then_cut(log_path: Path):
        got = read(log_path)
        if not opened_at:
            opened_at.append(got[1])
            os.truncate(log_path, len(whole))  # the writer's recovery, after the snapshot
        return got

    monkeypatch.setattr(_export, "_open_log", open_then_cut)
    opened = open_bundle(export(data, "tiny-2026", tmp_path, now=NOW), [coordinator])
    assert opened_at == [len(whole) + 12] and opened.logs[path.name] == whole
    assert [p.name for p in tmp_path.glob("*.part")] == []


def test_a_log_named_after_the_manifest_is_described_too(tmp_path):
    """Logs are streamed into the tar before the manifest because their hex names sort first;
    a log of any other allowed name is read beforehand for its entry."""
    coordinator = age.Identity.generate()
    survey_file = tiny_survey(tmp_path, [coordinator.recipient])
    data = tmp_path / "data"
    station = record_interviews(survey_file, data, 1)
    folder = station.writer.path.parent
    station.writer.path.rename(folder / "z-copied.rrlog")
    opened = open_bundle(export(data, "tiny-2026", tmp_path, now=NOW), [coordinator])
    [entry] = opened.manifest["logs"]
    assert entry["name"] == "z-copied.rrlog" and entry["records"] == 5
    assert opened.logs["z-copied.rrlog"] == (folder / "z-copied.rrlog").read_bytes()


def test_a_large_log_scanned_by_the_helper_process_gives_the_same_bundle(demo_data, tmp_path, monkeypatch):
    """From SCAN_APART bytes a log is scanned in a helper process beside the sealing: the
    manifest says exactly what the in-process scan says."""
    from rrdesk.store.bundle import _write as _bundle_write

    here, apart = tmp_path / "here", tmp_path / "apart"
    here.mkdir(), apart.mkdir()
    one = open_bundle(export(demo_data, "workplace-demo", here, now=NOW), demo_identities())
    monkeypatch.setattr(_bundle_write, "SCAN_APART", 0)
    two = open_bundle(export(demo_data, "workplace-demo", apart, now=NOW), demo_identities())
    assert one.manifest == two.manifest and one.logs == two.logs and one.keys == two.keys


def test_a_helper_process_that_cannot_start_costs_time_never_the_export(demo_data, tmp_path, monkeypatch):
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool

    from rrdesk.store.bundle import _write as _bundle_write

    class Broken:
        def __init__(self, *args, **kwargs) -> None:
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc) -> None:
            pass

        def submit(self, *args) -> Future:
            future: Future = Future()
            future.set_exception(BrokenProcessPool("a child process terminated abruptly"))
            return future

    here = tmp_path / "here"
    here.mkdir()
    one = open_bundle(export(demo_data, "workplace-demo", here, now=NOW), demo_identities())
    monkeypatch.setattr(_bundle_write, "SCAN_APART", 0)
    monkeypatch.setattr(_bundle_write, "ProcessPoolExecutor", Broken)
    two = open_bundle(export(demo_data, "workplace-demo", tmp_path, now=NOW), demo_identities())
    assert one.manifest == two.manifest and one.logs == two.logs


class InProcess:
    """The export's helper process, replaced: its work runs in this process (so that a test can
    change what it reads), when submitted or, ``later``, when its result is asked for -- after
    the export's own read of the log."""

    def __init__(self, *args, later: bool = False, **kwargs) -> None:
        self.later = later

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        pass

    def submit(self, work, *args):
        from concurrent.futures import Future

        future: Future = Future()
        if self.later:
            future.result = lambda timeout=None: work(*args)
        else:
            future.set_result(work(*args))
        return future


def test_a_log_the_helper_read_otherwise_makes_the_export_start_over(demo_data, tmp_path, monkeypatch):
    """The helper's read of a large log is compared with this process's (the CRC-32 of its last
    frame's worth): other bytes (a log cut and grown again between the reads) start the export over, and
    a log that keeps reading otherwise fails it, leaving nothing."""
    from rrdesk.store.bundle import _write as _bundle_write

    real, calls = _bundle_write.scan_apart, []

    def other_bytes(path, size, name, identity, times):
        calls.append(name)
        found = real(path, size, name, identity)
        if len(calls) <= times:
            found["crcs"] = [crc ^ 1 for crc in found["crcs"]]
        return found

    (tmp_path / "one").mkdir()
    one = open_bundle(export(demo_data, "workplace-demo", tmp_path / "one", now=NOW), demo_identities())
    monkeypatch.setattr(_bundle_write, "SCAN_APART", 0)
    monkeypatch.setattr(_bundle_write, "ProcessPoolExecutor", InProcess)
    monkeypatch.setattr(_bundle_write, "scan_apart", lambda *a: other_bytes(*a, times=1))
    (tmp_path / "two").mkdir()
    two = open_bundle(export(demo_data, "workplace-demo", tmp_path / "two", now=NOW), demo_identities())
    assert len(calls) == 2 and one.manifest == two.manifest and one.logs == two.logs
    monkeypatch.setattr(_bundle_write, "scan_apart", lambda *a: other_bytes(*a, times=99))
    (tmp_path / "three").mkdir()
    with pytest.raises(StoreError, match="a log kept changing while it was read"):
        export(demo_data, "workplace-demo", tmp_path / "three", now=NOW)
    assert list((tmp_path / "three").iterdir()) == []


def test_a_torn_tail_cut_and_the_log_grown_between_the_two_reads_starts_the_export_over(tmp_path, monkeypatch):
    """The helper's read of a large log happens after this process has read it; in between a
    station opens the log (recovery copies its torn tail aside and cuts it off) and records an
    interview, so the bytes where the torn tail was are now a frame: the export starts over
    from a new snapshot of the folder, and the bundle holds the log as it then was, with its
    key file as the station left it and the torn tail's side file."""
    from rrdesk.store.bundle import _write as _bundle_write

    data = tmp_path / "data"
    record_interviews(DEMO, data, 2)
    logfile = next((data / "workplace-demo").glob("*.rrlog"))
    with logfile.open("ab") as torn:
        torn.write(b"RRF1" + b"\x00" * 40)  # a frame cut short, as a power cut leaves it

    real, scans = _bundle_write.scan_apart, []

    def station_between(path, size, name, identity):
        if not scans:
            record_interviews(DEMO, data, 1)  # opens the log: the torn tail is cut, a record appended
        scans.append(size)
        return real(path, size, name, identity)

    monkeypatch.setattr(_bundle_write, "SCAN_APART", 0)
    monkeypatch.setattr(_bundle_write, "ProcessPoolExecutor", lambda *a, **k: InProcess(later=True))
    monkeypatch.setattr(_bundle_write, "scan_apart", station_between)
    (tmp_path / "out").mkdir()
    opened = open_bundle(export(data, "workplace-demo", tmp_path / "out", now=NOW), demo_identities())
    assert len(scans) == 2 and scans[1] > scans[0]  # started over, from a snapshot of the grown log
    [entry] = opened.manifest["logs"]
    assert opened.logs[logfile.name] == logfile.read_bytes()
    assert entry["records"] == len(_frames.scan(logfile.read_bytes(), logfile.name).frames) and entry["problems"] == []
    assert opened.keys[logfile.name + ".key"] == (logfile.parent / (logfile.name + ".key")).read_bytes()
    assert list(opened.torn) == [p.name for p in logfile.parent.glob("*.torn-*")]


def test_two_reads_are_compared_on_the_last_frames_worth_only_however_the_pieces_fall():
    """TailSum: the bytes before a snapshot's last MAX_FRAME are never changed by a writer (a
    log grows; recovery cuts only a torn tail, shorter than a frame), so only the rest is summed."""
    from rrdesk.store.bundle import TailSum

    data = bytes(range(256)) * 1000
    size = len(data)

    def summed(blob: bytes, cut: int) -> list[int]:
        tail = TailSum(size)
        for at in range(0, len(blob), cut):
            tail.feed(blob[at:at + cut])
        return tail.finish()

    whole = summed(data, size)
    assert whole == [zlib.crc32(data[size - _frames.MAX_FRAME:]), size]
    assert {tuple(summed(data, cut)) for cut in (1 << 20, 4096, 65648, 999)} == {tuple(whole)}
    before = bytearray(data)
    before[size - _frames.MAX_FRAME - 1] ^= 1
    inside = bytearray(data)
    inside[size - _frames.MAX_FRAME] ^= 1
    assert summed(bytes(before), 4096) == whole and summed(bytes(inside), 4096) != whole
    assert summed(data[:-1], 4096)[1] == size - 1
    short = TailSum(100)
    short.feed(data[:100])
    assert short.finish() == [zlib.crc32(data[:100]), 100]  # a log shorter than a frame: all of it


def test_the_helper_refuses_a_log_put_in_the_snapshots_place(demo_data, tmp_path):
    from rrdesk.store.bundle import scan_apart

    logfile = next((demo_data / "workplace-demo").glob("*.rrlog"))
    st = logfile.stat()
    found = scan_apart(str(logfile), st.st_size, logfile.name, (st.st_dev, st.st_ino))
    assert found is not None and found["records"] == len(_frames.scan(logfile.read_bytes(), logfile.name).frames)
    copy = tmp_path / logfile.name
    shutil.copy(logfile, copy)  # the same bytes, another file
    assert scan_apart(str(copy), st.st_size, logfile.name, (st.st_dev, st.st_ino)) is None


class Faulty(NoSync):
    """Writes at most 4 KiB at a time, and fails where it is told to."""

    def __init__(self, *, fail_write: int = 0, fail: str = "", error: int = errno.EIO,
                 dest: Path | None = None) -> None:
        self.writes, self.fail_write, self.fail, self.error, self.dest = 0, fail_write, fail, error, dest

    def _maybe(self, step: str) -> None:
        if self.fail == step:
            raise OSError(self.error, os.strerror(self.error))

    def write(self, fd: int, data: memoryview) -> int:
        self.writes += 1
        if self.writes == self.fail_write:
            raise OSError(self.error, os.strerror(self.error))
        return super().write(fd, data[:4096])

    def fsync(self, fd: int) -> None:
        self._maybe("fsync")

    def close(self, fd: int) -> None:
        super().close(fd)
        self._maybe("close")

    def read_back(self, path: Path):
        got = b"".join(super().read_back(path))
        yield got[:-1] + bytes([got[-1] ^ 1]) if self.fail == "read_back" else got

    def replace(self, source: Path, target: Path) -> None:
        if self.fail == "vanish":  # the stick is pulled just before the rename
            shutil.rmtree(self.dest)
        self._maybe("replace")
        super().replace(source, target)

    def fsync_dir(self, path: Path) -> None:
        self._maybe("fsync_dir")


def _faults(data: Path, dest: Path) -> list[Faulty]:
    """One fault at every write (a clean export counts them), then one at each other step."""
    clean = Faulty()
    export(data, "workplace-demo", dest, ops=clean, now=NOW).unlink()
    assert clean.writes > 3  # the bundle takes several writes, so every one of them is tried
    return ([Faulty(fail_write=k, error=errno.ENOSPC) for k in range(1, clean.writes + 1)]
            + [Faulty(fail=step) for step in ("fsync", "close", "read_back", "replace", "fsync_dir")]
            + [Faulty(fail="vanish", dest=dest)])


def test_an_export_that_fails_anywhere_leaves_nothing_and_says_so(demo_data, tmp_path):
    before = tree_hash(demo_data)
    dest = tmp_path / "stick"
    dest.mkdir()
    for ops in _faults(demo_data, dest):
        dest.mkdir(exist_ok=True)
        with pytest.raises(StoreError, match=r"export failed: .*; nothing was exported") as caught:
            export(demo_data, "workplace-demo", dest, ops=ops, now=NOW)
        assert caught.value.file.endswith(".tar.age")
        if dest.exists():
            assert list(dest.iterdir()) == [], vars(ops)
        assert tree_hash(demo_data) == before


def test_a_full_disk_is_named_in_the_error(demo_data, tmp_path):
    with pytest.raises(StoreError, match="No space left on device; nothing was exported"):
        export(demo_data, "workplace-demo", tmp_path, ops=Faulty(fail_write=1, error=errno.ENOSPC), now=NOW)
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_survey_a_folder_without_logs_or_a_missing_destination_is_refused(demo_data, tmp_path):
    with pytest.raises(StoreError, match='no survey "nope" in this data folder'):
        export(demo_data, "nope", tmp_path, now=NOW)
    with pytest.raises(StoreError, match="is not a survey id"):
        export(demo_data, "../workplace-demo", tmp_path, now=NOW)
    empty = tmp_path / "empty"
    (empty / "workplace-demo").mkdir(parents=True)
    (empty / "device-id").write_text("ab" * 16 + "\n")
    shutil.copy(DEMO, empty / "workplace-demo" / "survey.toml")
    with pytest.raises(StoreError, match="no logs to export"):
        export(empty, "workplace-demo", tmp_path, now=NOW)
    with pytest.raises(StoreError, match="export failed: no such folder"):
        export(demo_data, "workplace-demo", tmp_path / "no-stick", now=NOW)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty"]


@pytest.fixture(scope="module")
def demo_bundle(demo_data, tmp_path_factory) -> Path:
    return export(demo_data, "workplace-demo", tmp_path_factory.mktemp("bundle"), now=NOW)


@pytest.mark.parametrize("cut", [0.1, 0.5, 0.9, 0.999])
def test_a_truncated_bundle_is_refused_as_damaged(demo_bundle, tmp_path, cut):
    sealed = demo_bundle.read_bytes()
    path = tmp_path / demo_bundle.name
    path.write_bytes(sealed[:int(len(sealed) * cut)])
    with pytest.raises(BundleError, match="damaged") as caught:
        open_bundle(path, demo_identities())
    assert str(caught.value).startswith(str(path))


@pytest.mark.parametrize("where", [30, 150, 300, 1000, -1])
def test_a_flipped_byte_anywhere_is_refused(demo_bundle, tmp_path, where):
    sealed = bytearray(demo_bundle.read_bytes())
    sealed[where] ^= 0x20
    path = tmp_path / demo_bundle.name
    path.write_bytes(bytes(sealed))
    with pytest.raises(BundleError, match="damaged|cannot decrypt with this identity"):
        open_bundle(path, demo_identities())


def test_a_file_that_is_not_a_bundle_is_named(tmp_path):
    path = tmp_path / "notes.tar.age"
    path.write_bytes(b"hello")
    with pytest.raises(BundleError, match="not an rrdesk bundle"):
        open_bundle(path, demo_identities())
    path.write_bytes(age.encrypt(b"not a tar", [demo_identities()[0].recipient]))
    with pytest.raises(BundleError, match=r"not an rrdesk bundle \(not a tar archive\)"):
        open_bundle(path, demo_identities())


def _reseal(source: Path, dest: Path, change) -> Path:
    """The bundle at ``source`` with its tar members changed by ``change(list of (TarInfo, bytes))``."""
    plain = age.decrypt(source.read_bytes(), demo_identities())
    with tarfile.open(fileobj=io.BytesIO(plain)) as tar:
        members = [(m, tar.extractfile(m).read()) for m in tar.getmembers()]
    change(members)
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for info, data in members:
            tar.addfile(info, io.BytesIO(data) if info.isreg() else None)
    path = dest / source.name
    path.write_bytes(age.encrypt(out.getvalue(), [demo_identities()[0].recipient]))
    return path


def _member(name: str, data: bytes = b"x", kind: bytes = tarfile.REGTYPE) -> tuple[tarfile.TarInfo, bytes]:
    info = tarfile.TarInfo(name)
    info.size, info.type = (len(data) if kind == tarfile.REGTYPE else 0), kind
    if kind == tarfile.SYMTYPE:
        info.linkname = "/etc/passwd"
    return info, data


@pytest.mark.parametrize("extra, what", [
    (_member("../evil"), "member '../evil' is unexpected"),
    (_member("/etc/evil.rrlog"), "member '/etc/evil.rrlog' is unexpected"),
    (_member("torn/../../x.rrlog.torn-1"), "is unexpected"),
    (_member("a\\b.rrlog"), "is unexpected"),
    (_member("x.rrlog"), "member 'x.rrlog' is not listed in the manifest"),
    (_member("x.rrlog", kind=tarfile.SYMTYPE), "is not a regular file"),
    (_member("torn", kind=tarfile.DIRTYPE), "is not a regular file"),
])
def test_a_bundle_with_a_hostile_or_unlisted_member_is_refused(demo_bundle, tmp_path, extra, what):
    path = _reseal(demo_bundle, tmp_path, lambda members: members.append(extra))
    with pytest.raises(BundleError, match=rf"not an rrdesk bundle \(.*{re.escape(what)}"):
        open_bundle(path, demo_identities())


def test_a_log_that_does_not_match_the_manifest_is_refused(demo_bundle, tmp_path):
    def alter(members):
        for i, (info, data) in enumerate(members):
            if info.name.endswith(".rrlog"):
                members[i] = (info, data[:-1] + bytes([data[-1] ^ 1]))
    with pytest.raises(BundleError, match=r"manifest: '.*\.rrlog' does not match its size and sha256"):
        open_bundle(_reseal(demo_bundle, tmp_path, alter), demo_identities())


def test_a_manifest_that_is_missing_or_malformed_is_refused(demo_bundle, tmp_path):
    def drop(members):
        members[:] = [(i, d) for i, d in members if i.name != "manifest.json"]

    def bad_format(members):
        for n, (info, data) in enumerate(members):
            if info.name == "manifest.json":
                text = data.replace(b"rrdesk-bundle/2", b"rrdesk-bundle/9")
                info.size = len(text)
                members[n] = (info, text)
    with pytest.raises(BundleError, match="no manifest.json"):
        open_bundle(_reseal(demo_bundle, tmp_path, drop), demo_identities())
    with pytest.raises(BundleError, match='manifest is not "rrdesk-bundle/2"'):
        open_bundle(_reseal(demo_bundle, tmp_path, bad_format), demo_identities())


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(flips=st.lists(st.tuples(st.integers(min_value=0), st.integers(min_value=1, max_value=255)),
                      min_size=1, max_size=4))
def test_a_bundle_mangled_inside_its_sealing_is_opened_or_refused_by_name_never_crashes(
        demo_bundle, tmp_path, flips):
    plain = bytearray(age.decrypt(demo_bundle.read_bytes(), demo_identities()))
    for where, mask in flips:
        plain[where % len(plain)] ^= mask
    path = tmp_path / demo_bundle.name
    path.write_bytes(age.encrypt(bytes(plain), [demo_identities()[0].recipient]))
    try:
        opened = open_bundle(path, demo_identities())
    except BundleError as error:
        assert str(error).startswith(str(path)) and "\n" not in str(error)
    else:  # only bytes no check covers may change: tar padding, header fields we ignore
        assert opened.logs and opened.manifest["format"] == "rrdesk-bundle/2"


def _with_manifest(change):
    """A ``_reseal`` change that edits the manifest's JSON object with ``change(dict)``."""
    def edit(members):
        for n, (info, data) in enumerate(members):
            if info.name == "manifest.json":
                manifest = json.loads(data)
                change(manifest)
                text = json.dumps(manifest).encode()
                info.size = len(text)
                members[n] = (info, text)
    return edit


@pytest.mark.parametrize("left_out", [
    [], "x", [{"name": "a.rrlog.key"}], [{"name": "a.rrlog.key", "why": "x", "more": 1}],
    [{"name": "a.rrlog", "why": "x"}], [{"name": "../a.rrlog.key", "why": "x"}],
    [{"name": "survey.toml", "why": "x"}], [{"name": "a.rrlog.key", "why": ""}],
    [{"name": "a.rrlog.key", "why": "\x1b[2J"}], [{"name": "a.rrlog.key", "why": "x" * 201}],
    [{"name": "a.rrlog.key", "why": "x"}, {"name": "a.rrlog.key", "why": "y"}],
    [{"name": "a.rrlog.key", "why": 5}], [7],
])
def test_a_malformed_left_out_is_refused(demo_bundle, tmp_path, left_out):
    """FORMAT.md §2.4: a reader MUST refuse a ``left_out`` that is not its shape."""
    path = _reseal(demo_bundle, tmp_path, _with_manifest(lambda m: m.__setitem__("left_out", left_out)))
    with pytest.raises(BundleError, match="manifest has left_out that is not"):
        open_bundle(path, demo_identities())


def test_a_left_out_file_the_bundle_holds_is_refused_and_a_good_one_opens(demo_bundle, tmp_path):
    def held(manifest):
        manifest["left_out"] = [{"name": manifest["keys"][0]["name"], "why": "Input/output error"}]
    with pytest.raises(BundleError, match="says a file was left out that the bundle lists"):
        open_bundle(_reseal(demo_bundle, tmp_path, _with_manifest(held)), demo_identities())
    good = [{"name": "torn/x.rrlog.torn-1", "why": "Input/output error"},
            {"name": "versions/v1.toml", "why": "is a folder"}]
    opened = open_bundle(_reseal(demo_bundle, tmp_path, _with_manifest(lambda m: m.__setitem__("left_out", good))),
                         demo_identities())
    assert opened.manifest["left_out"] == good
