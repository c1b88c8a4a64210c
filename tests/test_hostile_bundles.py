"""Hostile bundles made with the public recipient (tests/benchmarks/hostile_bundle.py makes them,
and times them at 4 MB): each is one problem or a bounded amount of work, never a whole run lost.
Time is never asserted here; the work is shown linear by counting the records opened."""
from __future__ import annotations

import json

import pytest

from rrdesk.store.age import Opener
from tests.benchmarks.hostile_bundle import KEY, genuine, hostile, rrdesk


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    return genuine(tmp_path_factory.mktemp("genuine"))


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    """A genuine bundle, exported by a laptop the coordinator enrolled (tests/conftest.py)."""
    from tests.conftest import DEMO

    folder = tmp_path_factory.mktemp("good")
    assert rrdesk("simulate", DEMO, "--data", folder / "data", "-n", 1, "--seed", 3)[0] == 0
    code, out, err, _ = rrdesk("export", "--data", folder / "data", "--survey-id", "workplace-demo",
                               "--to", folder)
    assert code == 0, err
    return out.strip()


def test_a_chain_of_pax_headers_is_one_problem_and_the_genuine_bundle_is_still_used(tmp_path, base, good):
    pax = tmp_path / "pax.tar.age"
    pax.write_bytes(hostile("pax", base, 1 << 20))  # about a thousand pax headers in a row
    code, out, err, _ = rrdesk("verify", pax, "-i", KEY, "--json")
    assert code == 1 and err == ""
    [problem] = json.loads(out)["problems"]
    assert problem["file"] == str(pax) and "a chain of extended tar headers" in problem["what"]
    code, out, err, _ = rrdesk("aggregate", pax, good, "-i", KEY, "--json", "--workers", 1)
    found = json.loads(out)
    assert code == 1 and found["interviews"] == 1 and {p["file"] for p in found["problems"]} == {str(pax)}
    assert "internal error" not in err


def _counting(monkeypatch) -> list:
    """The sizes of the files the record opener is given, one by one or in a batch (a file of a
    batch the batch opener hands to ``decrypt`` counted once)."""
    opened: list = []
    real, real_many = Opener.decrypt, Opener.open_many
    batch = [False]

    def counting(self, data):
        if not batch[0]:
            opened.append(len(data))
        return real(self, data)

    def counting_many(self, files, types=None):
        opened.extend(len(f) for f in files)
        batch[0] = True
        try:
            return real_many(self, files, types)
        finally:
            batch[0] = False

    monkeypatch.setattr(Opener, "decrypt", counting)
    monkeypatch.setattr(Opener, "open_many", counting_many)
    return opened


@pytest.mark.parametrize("command", ["verify", "aggregate"])
def test_a_forged_bundle_of_tiny_records_is_left_out_before_any_record_is_opened(tmp_path, base, monkeypatch,
                                                                                  command):
    """A forger's bundle (its own log and first key, valid tags, resealed): no enrolled laptop
    signed it, so not one of its thousands of records is decrypted."""
    opened = _counting(monkeypatch)
    path = tmp_path / "forged.tar.age"
    path.write_bytes(hostile("forged", base, 80_000))
    extra = ("--workers", 1) if command == "aggregate" else ()
    code, out, err, _ = rrdesk(command, path, "-i", KEY, *extra)
    assert code in (1, 2) and "internal error" not in err and opened == []


def test_a_forged_log_of_tiny_records_in_a_data_folder_costs_one_opening_per_record(tmp_path, base, monkeypatch):
    """The same forged log on disk (``verify DATA -i KEY``): every record is opened exactly
    once, by the fast opener, so twice the records is twice the work."""
    import io
    import tarfile

    from rrdesk.store import age, keys

    opened = _counting(monkeypatch)
    counts = []
    for size in (40_000, 80_000):
        plain = age.decrypt(hostile("forged", base, size), keys.load_identities(KEY))
        folder = tmp_path / str(size) / "workplace-demo"
        folder.mkdir(parents=True)
        with tarfile.open(fileobj=io.BytesIO(plain)) as tar:
            for member in tar:
                if member.name.endswith((".rrlog", ".rrlog.key")):
                    (folder / member.name).write_bytes(tar.extractfile(member).read())
        opened.clear()
        code, out, _, _ = rrdesk("verify", folder.parent, "-i", KEY, "--json")
        assert code == 1
        counts.append((len(opened), json.loads(out)["records"]))
    (small, small_records), (large, large_records) = counts
    assert small > 100 and abs(large - 2 * small) <= 2, counts  # the forger's records, each opened once
    assert (small, large) == (small_records, large_records)


@pytest.mark.parametrize("command", ["verify", "aggregate"])
def test_a_symlink_to_a_fifo_named_like_a_bundle_in_a_folder_is_refused_at_once(tmp_path, good, command):
    """A folder given for its bundles holds a symlink to a FIFO named like one: one line at once
    (run in a thread this test never waits on for long: a regression fails, never hangs)."""
    import os
    import shutil

    from tests.test_hostile import QUICK, timed

    stick = tmp_path / "stick"
    stick.mkdir()
    shutil.copy(good, stick / "a-good.tar.age")
    os.mkfifo(tmp_path / "fifo")
    (stick / "b-fifo.tar.age").symlink_to(tmp_path / "fifo")
    code, out, err, took = timed(command, stick, "-i", KEY, limit=20.0)
    assert "not a regular file (a FIFO)" in err + out and "b-fifo.tar.age" in err + out
    assert code in (1, 2) and took < QUICK * 5  # generous: the figure itself is the benchmark's


def test_a_fifo_in_place_of_the_laptops_current_log_is_one_line_at_once(tmp_path):
    """The log a station continues is replaced by a FIFO: starting again names it in one line
    (it used to say "could not be recovered: Illegal seek"), and never waits on it."""
    import os

    from tests.conftest import DEMO
    from tests.test_hostile import one_line_error, timed

    data = tmp_path / "data"
    assert rrdesk("simulate", DEMO, "--data", data, "-n", 1, "--seed", 1)[0] == 0
    (log,) = (data / "workplace-demo").glob("*.rrlog")
    log.rename(tmp_path / "moved.rrlog")
    os.mkfifo(log)
    code, out, err, _ = timed("simulate", DEMO, "--data", data, "-n", 1, "--seed", 2, limit=20.0)
    one_line_error(code, out, err)
    assert f"{log}: cannot be read: not a regular file (a FIFO)" in err
