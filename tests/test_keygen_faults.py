"""``rrdesk keygen`` writes all its files or none (issue #32, Deliver 6).

Its three files (the identity, the signing key, its public half) are written to hidden temporary
names, flushed, and only then linked into place: a full disk at any write leaves nothing and
says so; a crash between two links leaves the temporary files, and ``keygen`` run again finishes
that run (the same keys). A missing ``.minisign.pub`` is made again from the secret key, as
``minisign -R`` does (the real tool checks it); anything else is one line naming what to move
aside, never a key overwritten.
"""
from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rrdesk.core import fileio
from rrdesk.store import keys
from tests.cli_runs import rrdesk

ROOT = Path(__file__).resolve().parent.parent


def made(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("failing", [1, 2, 3])
def test_a_full_disk_at_any_write_leaves_nothing(tmp_path, monkeypatch, failing):
    calls = []
    real = fileio.OsOps.write

    def write(self, fd, data):
        calls.append(fd)
        if len(calls) == failing:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(self, fd, data)
    monkeypatch.setattr(fileio.OsOps, "write", write)
    code, out, err = rrdesk("keygen", "-o", tmp_path / "coord.key")
    monkeypatch.undo()
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith("rrdesk: error: ") and "No space left on device; nothing was written" in err, err
    assert made(tmp_path) == []  # no key, no temporary file
    code, out, err = rrdesk("keygen", "-o", tmp_path / "coord.key")  # the retry just works
    assert code == 0 and out.startswith("age1"), err
    assert made(tmp_path) == ["coord.key", "coord.minisign.key", "coord.minisign.pub"]


def test_a_failing_link_removes_what_it_linked(tmp_path, monkeypatch):
    calls = []
    real = fileio.OsOps.link

    def link(self, source, target):
        calls.append(target)
        if len(calls) == 3:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return real(self, source, target)
    monkeypatch.setattr(fileio.OsOps, "link", link)
    code, out, err = rrdesk("keygen", "-o", tmp_path / "coord.key")
    monkeypatch.undo()
    assert code == 2 and "Input/output error; nothing was written" in err, err
    assert made(tmp_path) == []


CRASH = """
import os, sys
from rrdesk.core import fileio
real, calls = fileio.OsOps.link, []
def link(self, source, target):
    calls.append(target)
    if len(calls) == {after} + 1:
        os._exit(9)  # the power goes out between two links
    return real(self, source, target)
fileio.OsOps.link = link
from rrdesk import cli
cli.main(["keygen", "-o", sys.argv[1]])
"""


@pytest.mark.parametrize("after", [0, 1, 2])
def test_a_retry_after_a_crash_between_links_finishes_that_run(tmp_path, after):
    out = tmp_path / "coord.key"
    ran = subprocess.run([sys.executable, "-c", CRASH.format(after=after), str(out)], cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True)
    assert ran.returncode == 9, ran.stderr
    assert len([n for n in made(tmp_path) if not n.startswith(".")]) == after  # cut short
    assert len([n for n in made(tmp_path) if n.startswith(".")]) == 3  # every file written before the links
    if after == 0:  # cut before the first link: nobody saw those keys; a retry makes new ones, cleanly
        code, said, err = rrdesk("keygen", "-o", out)
        assert code == 0 and "finished" not in err, err
        assert made(tmp_path) == ["coord.key", "coord.minisign.key", "coord.minisign.pub"]
        return
    before = out.read_bytes()
    code, said, err = rrdesk("keygen", "-o", out)
    assert code == 0, err
    assert "rrdesk: finished the keys an interrupted rrdesk keygen began" in err
    assert made(tmp_path) == ["coord.key", "coord.minisign.key", "coord.minisign.pub"]  # temporary files gone
    assert out.read_bytes() == before  # the same identity: never replaced
    assert said.strip() == keys.load_identities(out)[0].recipient
    signing = keys.load_signing_key(tmp_path / "coord.minisign.key")
    assert keys.load_public_key(tmp_path / "coord.minisign.pub") == signing.public()


def test_a_missing_public_key_is_made_again_from_the_secret_key(tmp_path):
    out = tmp_path / "coord.key"
    assert rrdesk("keygen", "-o", out)[0] == 0
    public = tmp_path / "coord.minisign.pub"
    original = public.read_bytes()
    public.unlink()
    code, said, err = rrdesk("keygen", "-o", out)
    assert code == 0, err
    assert "coord.minisign.pub was missing: made again from coord.minisign.key (as minisign -R does)" in err
    assert public.read_bytes() == original
    assert oct(public.stat().st_mode & 0o777) == "0o644"
    # the real tool agrees: minisign -R rebuilds the same public key from the secret key
    rebuilt = tmp_path / "by-minisign.pub"
    subprocess.run(["minisign", "-R", "-s", str(tmp_path / "coord.minisign.key"), "-p", str(rebuilt)],
                   check=True, capture_output=True, stdin=subprocess.DEVNULL)
    assert rebuilt.read_text().splitlines()[1] == original.decode().splitlines()[1]


@pytest.mark.parametrize("keep", [["coord.key"], ["coord.minisign.key"], ["coord.key", "coord.minisign.pub"]])
def test_other_leftovers_say_exactly_what_to_move_aside(tmp_path, keep):
    out = tmp_path / "coord.key"
    assert rrdesk("keygen", "-o", out)[0] == 0
    for name in made(tmp_path):
        if name not in keep:
            (tmp_path / name).unlink()
    before = {name: (tmp_path / name).read_bytes() for name in keep}
    code, said, err = rrdesk("keygen", "-o", out)
    assert code == 2 and said == "" and err.count("\n") == 1, err
    aside = " and ".join(str(tmp_path / name) for name in sorted(keep, key=["coord.key", "coord.minisign.key",
                                                                             "coord.minisign.pub"].index))
    assert f"to make new keys, move {aside} aside first" in err and "nothing was written" in err, err
    assert {name: (tmp_path / name).read_bytes() for name in made(tmp_path)} == before


def test_all_three_present_is_refused_as_before(tmp_path):
    out = tmp_path / "coord.key"
    assert rrdesk("keygen", "-o", out)[0] == 0
    code, _, err = rrdesk("keygen", "-o", out)
    assert (code, err) == (2, f"rrdesk: error: {out}: already exists; refusing to overwrite\n")
