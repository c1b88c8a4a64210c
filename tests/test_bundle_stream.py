"""verify and extract read a bundle as a stream: the same report as on the bundle held whole.

The reference is the bundle opened whole (``open_bundle``) and each log checked in memory
(``_log_checks.check_found_log``), which is what ``verify`` did before it streamed; the streamed
path must find the same records and the same problems, in the same order, on clean and
damaged bundles alike.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rrdesk.store import log
from rrdesk.store.bundle import bundle_survey, export, miscounted, open_bundle
from rrdesk.store.log import FoundLog, _frames, check_found_log
from rrdesk.store.verify import _bundle as _bundle_verify
from rrdesk.store.verify import extract, verify
from tests.conftest import DEMO, NOW, demo_identities, record_interviews


@pytest.fixture(scope="module")
def clean(tmp_path_factory) -> Path:
    data = tmp_path_factory.mktemp("clean") / "data"
    record_interviews(DEMO, data, 3)
    return data


def the_log(data: Path) -> Path:
    [path] = (data / "workplace-demo").glob("*.rrlog")
    return path


def held_whole(bundle: Path, identities) -> tuple[int, list, int]:
    """(records, problems, logs) as verify found them on the bundle held in memory."""
    whole = open_bundle(bundle, identities)
    problems: list = []
    survey_id = whole.manifest["survey"]
    survey = bundle_survey(bundle, whole.survey_text, survey_id, problems)
    logs = []
    for entry in whole.manifest["logs"]:
        name = entry["name"]
        data = whole.logs[name]
        logs.append(FoundLog(str(bundle), name, name, data, whole.keys.get(name + ".key"), str(bundle), name + ".key",
                         survey_id, survey))
        problems.extend(miscounted(bundle, entry, len(log.scan(data, name).frames)))
    total = 0
    for item in logs:
        count, found = check_found_log(item, identities)
        total += count
        problems.extend(found)
    return total, problems, len(logs)


def assert_same(bundle: Path) -> None:
    identities = demo_identities()
    report = verify(bundle, identities)
    assert (report.records, list(report.problems), report.files) == held_whole(bundle, identities)


def test_a_clean_bundle_reads_the_same_streamed(clean, tmp_path):
    assert_same(export(clean, "workplace-demo", tmp_path, now=NOW))


def test_damage_in_a_bundle_is_named_the_same_streamed(clean, tmp_path):
    data = Path(shutil.copytree(clean, tmp_path / "data"))
    path = the_log(data)
    raw = bytearray(path.read_bytes())
    frame = log.scan(bytes(raw), "x").frames[7]
    raw[frame.offset + _frames.FRAME_PREFIX + 100] ^= 0x01  # a record's byte: its check fails
    path.write_bytes(bytes(raw))
    log.key_path(path).unlink()  # and the key file is gone
    bundle = export(data, "workplace-demo", tmp_path, now=NOW)
    report = verify(bundle, demo_identities())
    assert report.records == 7 and len(report.problems) >= 2
    assert_same(bundle)


def test_records_are_read_in_batches(clean, tmp_path, monkeypatch):
    monkeypatch.setattr(_bundle_verify, "BATCH", 4)  # 27 records: seven batches, the last short
    bundle = export(clean, "workplace-demo", tmp_path, now=NOW)
    assert_same(bundle)
    written = extract(bundle, tmp_path / "out", demo_identities())
    blobs = [frame.blob for frame in log.scan(the_log(clean).read_bytes(), "x").frames]
    assert [p.read_bytes() for p in written] == blobs


def test_a_bundle_changed_after_it_was_indexed_is_a_problem(clean, tmp_path, monkeypatch):
    bundle = export(clean, "workplace-demo", tmp_path, now=NOW)
    (tmp_path / "other").mkdir()
    other = export(clean, "workplace-demo", tmp_path / "other", now=NOW)  # the same logs, another file key
    index = _bundle_verify.index_bundle

    def swapped(path, identities):  # indexed, then replaced by another export of the same logs
        found = index(path, identities)
        shutil.copyfile(other, path)
        return found
    monkeypatch.setattr(_bundle_verify, "index_bundle", swapped)
    report = verify(bundle, demo_identities())
    assert [p.what for p in report.problems] == ["changed while it was read (no record of it was used)"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(flips=st.lists(st.tuples(st.integers(min_value=0), st.integers(min_value=1, max_value=255)),
                      min_size=1, max_size=3), cut=st.integers(min_value=0, max_value=40), key=st.booleans())
def test_any_mangled_log_or_key_file_reads_the_same_streamed(clean, tmp_path_factory, flips, cut, key):
    folder = tmp_path_factory.mktemp("mangled")
    data = Path(shutil.copytree(clean, folder / "data"))
    path = log.key_path(the_log(data)) if key else the_log(data)
    raw = bytearray(path.read_bytes())
    for where, mask in flips:
        raw[where % len(raw)] ^= mask
    path.write_bytes(bytes(raw[:len(raw) - cut]))
    assert_same(export(data, "workplace-demo", folder, now=NOW))


KEY_WORDS = "the key file's key is not this log's key number"


@pytest.mark.parametrize("back, right", [(0, True), (0, False), (1, True), (1, False), (-1, True), (-1, False),
                                         (3, True), (3, False)])
def test_the_key_files_key_is_checked_the_same_streamed(clean, tmp_path, back, right):
    # the streamed reader checks the key file's k_i with the keys its tag check ended on (no
    # second pass over the chain): the same verdict as evolving k_0 i times, for every index
    # near the log's end and further behind
    data = Path(shutil.copytree(clean, tmp_path / "data"))
    path = the_log(data)
    found = log.scan(path.read_bytes(), str(path))
    index = len(found.frames) - back
    key = _first_key(found.header)
    for _ in range(index):
        key = _frames.evolve(key)
    if not right:
        key = bytes(b ^ 0x01 for b in key)
    log.key_path(path).write_bytes(_frames.encode_key_file(found.header.log_id, index, key))
    bundle = export(data, "workplace-demo", tmp_path, now=NOW)
    assert_same(bundle)
    words = [p.what for p in verify(bundle, demo_identities()).problems]
    assert any(w.startswith(KEY_WORDS) for w in words) == (not right)


def _first_key(header) -> bytes:
    from rrdesk.store.log import first_key
    return first_key(header, demo_identities())
