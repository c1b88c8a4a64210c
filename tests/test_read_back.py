"""The export's read-back reads the stick, not the laptop's memory (FORMAT.md §2.5 step 5).

A loop-mounted ext4 image stands for the stick: bytes changed in the image behind the
filesystem's back are what a lying stick gives back. The read-back (``O_DIRECT``) must see them
where an ordinary read would give the cached, good copy; where a filesystem refuses ``O_DIRECT``
the read-back falls back to dropping the cache and reading, and gives the same bytes. The
tests that mount need root and a loop device; elsewhere they skip.
"""
from __future__ import annotations

import errno
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from rrdesk.core.errors import StoreError
from rrdesk.store.bundle import READ, BundleOps, _read_back, export, read_back
from tests.conftest import DEMO, record_interviews

SID = "workplace-demo"


@pytest.fixture
def stick(tmp_path):
    """A 32 MiB ext4 image loop-mounted at ``tmp_path/stick``: (the folder, the image)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or not shutil.which("mkfs.ext4"):
        pytest.skip("needs root and mkfs.ext4 to loop-mount an image")
    image, folder = tmp_path / "stick.img", tmp_path / "stick"
    with open(image, "wb") as f:
        f.truncate(32 << 20)
    folder.mkdir()
    made = subprocess.run(["mkfs.ext4", "-q", "-F", str(image)], capture_output=True, check=False)
    mounted = made.returncode == 0 and subprocess.run(["mount", "-o", "loop", str(image), str(folder)],
                                                      capture_output=True, check=False).returncode == 0
    if not mounted:
        pytest.skip("cannot loop-mount an image here")
    yield folder, image
    subprocess.run(["umount", str(folder)], capture_output=True, check=False)


def _spoil(image: Path, written: bytes, at: int) -> None:
    """Change, in the image itself, the byte ``at`` of the file whose bytes are ``written``."""
    mark = written[at:at + 64]
    whole = image.read_bytes()
    assert whole.count(mark) == 1, "the bytes to spoil are found once in the image"
    where = whole.find(mark)
    with open(image, "r+b") as f:
        f.seek(where)
        f.write(bytes([whole[where] ^ 0x55]))
        f.flush()
        os.fsync(f.fileno())


def _file(path: Path, size: int) -> bytes:
    data = os.urandom(size)
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    return data


def test_the_read_back_gives_what_the_device_holds_not_the_cached_copy(stick):
    folder, image = stick
    path = folder / "bundle.tar.age"
    data = _file(path, 3 * READ + 12345)  # several requests, the last one short
    assert b"".join(read_back(path)) == data
    _spoil(image, data, 2 * READ + 100)
    assert path.read_bytes() == data, "an ordinary read gives the laptop's cached copy"
    got = b"".join(read_back(path))
    assert len(got) == len(data) and got != data
    assert [i for i in range(len(data)) if got[i] != data[i]] == [2 * READ + 100]


def test_an_export_to_a_stick_that_gives_back_other_bytes_fails_and_leaves_nothing(stick, tmp_path):
    folder, image = stick
    demo_data = tmp_path / "data"
    record_interviews(DEMO, demo_data, 2)

    class Lying(BundleOps):
        """The stick changes a byte of the bundle after the fsync, before it is read back."""

        def read_back(self, path: Path):
            _spoil(image, path.read_bytes(), path.stat().st_size // 2)
            return super().read_back(path)

    with pytest.raises(StoreError, match="export failed: what was read back differs from what was written"):
        export(demo_data, SID, folder, ops=Lying())
    assert [p.name for p in folder.iterdir() if p.name != "lost+found"] == []
    assert export(demo_data, SID, folder).is_file()  # the same export to an honest stick is fine


@pytest.mark.parametrize("refused_at", [0, READ, 2 * READ])
def test_a_filesystem_that_refuses_direct_reads_is_read_through_the_cache(tmp_path, monkeypatch, refused_at):
    path = tmp_path / "bundle"
    data = _file(path, 2 * READ + 777)
    real = os.preadv

    def preadv(fd, buffers, at):
        if at >= refused_at:
            raise OSError(errno.EINVAL, os.strerror(errno.EINVAL))
        return real(fd, buffers, at)

    monkeypatch.setattr(_read_back.os, "preadv", preadv)
    assert b"".join(read_back(path)) == data


def test_a_filesystem_that_cannot_open_for_direct_reads_is_read_through_the_cache(tmp_path, monkeypatch):
    path = tmp_path / "bundle"
    data = _file(path, READ + 1)
    real = os.open

    def refusing(name, flags, *args):
        if flags & getattr(os, "O_DIRECT", 0):
            raise OSError(errno.EINVAL, os.strerror(errno.EINVAL))
        return real(name, flags, *args)

    monkeypatch.setattr(_read_back.os, "open", refusing)
    assert b"".join(read_back(path)) == data


def test_a_read_error_is_an_error_not_a_short_read_back(tmp_path, monkeypatch):
    path = tmp_path / "bundle"
    _file(path, 2 * READ)
    monkeypatch.setattr(_read_back.os, "preadv", lambda fd, buffers, at: (_ for _ in ()).throw(
        OSError(errno.EIO, os.strerror(errno.EIO))))
    if not getattr(os, "O_DIRECT", 0):
        pytest.skip("no O_DIRECT here: the cached read is the only one")
    with pytest.raises(OSError) as raised:
        b"".join(read_back(path))
    assert raised.value.errno == errno.EIO


def test_an_empty_file_reads_back_as_nothing(tmp_path):
    path = tmp_path / "empty"
    path.write_bytes(b"")
    assert b"".join(read_back(path)) == b""


def test_an_export_that_sends_its_pages_out_as_it_goes_gives_the_same_bundle(tmp_path, monkeypatch):
    """The write-out hint (every 16 MiB; here after every write of 4 KiB) changes nothing in the bundle."""
    from rrdesk.store.bundle import _write as _bundle_write
    from rrdesk.store.bundle import open_bundle
    from tests.conftest import demo_identities

    data = tmp_path / "data"
    record_interviews(DEMO, data, 16)  # a bundle of several 64 KiB age chunks: several writes
    (tmp_path / "one").mkdir(), (tmp_path / "two").mkdir()
    one = open_bundle(export(data, SID, tmp_path / "one"), demo_identities())
    hints, real = [], os.posix_fadvise

    def fadvise(fd, offset, length, advice):
        hints.append((offset, length, advice))
        return real(fd, offset, length, advice)

    monkeypatch.setattr(_bundle_write, "_WRITE_OUT", 1)
    monkeypatch.setattr(_bundle_write, "PIECE", 4096)
    monkeypatch.setattr(_bundle_write.os, "posix_fadvise", fadvise)
    two = open_bundle(export(data, SID, tmp_path / "two"), demo_identities())
    assert one.manifest["logs"] == two.manifest["logs"] and one.logs == two.logs and one.keys == two.keys
    assert len(hints) > 1 and all(advice == os.POSIX_FADV_DONTNEED for _, _, advice in hints)
    assert [offset for offset, _, _ in hints] == sorted(offset for offset, _, _ in hints)  # each range once or twice, in order
