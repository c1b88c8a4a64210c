"""The record log (rrdesk/store/FORMAT.md §1): what it keeps, and every way it notices damage."""
from __future__ import annotations

import hashlib
import itertools
import random
import re
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rrdesk.core.errors import LogDamaged, RRDeskError, StoreError
from rrdesk.core.fileio import OsOps
from rrdesk.core.problems import Problem
from rrdesk.store.log import LogWriter, _frames, check_tags, key_path, log_path, scan

K0 = bytes(range(32))
SEALED = b"age-encryption.org/v1\n-> X25519 stand-in for k0 sealed to the coordinator\n"
DEVICE = bytes.fromhex("d0" * 16)
LOG_ID = bytes.fromhex("a1" * 16)
OTHER_LOG_ID = bytes.fromhex("b2" * 16)


class NoSync(OsOps):
    """Real files without fsync: for tests of what recovery does, not of durability."""

    def fsync(self, fd: int) -> None:
        pass

    def fsync_dir(self, path: Path) -> None:
        pass


FAST = NoSync()


def blobs(count: int, seed: int = 0) -> list[bytes]:
    rng = random.Random(seed)
    return [rng.randbytes(rng.randint(40, 200)) for _ in range(count)]


def build_log(path: Path, count: int, *, seed: int = 0, log_id: bytes = LOG_ID,
              first_key: bytes = K0, ops: OsOps = FAST) -> list[bytes]:
    records = blobs(count, seed)
    with LogWriter.create(path, survey_id="workplace-2026", device_id=DEVICE, log_id=log_id,
                          created="2026-05-01", first_key=first_key, sealed_first_key=SEALED,
                          ops=ops) as writer:
        for blob in records:
            writer.append(blob)
    return records


def key_at(index: int, first_key: bytes = K0) -> bytes:
    key = first_key
    for _ in range(index):
        key = _frames.evolve(key)
    return key


def write_key_file(path: Path, index: int, log_id: bytes = LOG_ID) -> None:
    key_path(path).write_bytes(_frames.encode_key_file(log_id, index, key_at(index)))


def ends(found) -> list[int]:
    """Where the header and then each frame end."""
    header_end = found.frames[0].offset if found.frames else found.valid_length
    return [header_end] + [f.offset + _frames.FRAME_OVERHEAD + len(f.blob) for f in found.frames]


def frame_chunks(data: bytes) -> tuple[bytes, list[bytes]]:
    found = scan(data, "x")
    cuts = ends(found)
    return data[:cuts[0]], [data[a:b] for a, b in zip(cuts, cuts[1:])]


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> dict[int, bytes]:
    """The bytes of clean logs of 0, 1, 5 and 64 records."""
    folder = tmp_path_factory.mktemp("logs")
    out = {}
    for count in (0, 1, 5, 64):
        build_log(folder / f"{count}.rrlog", count, seed=count)
        out[count] = (folder / f"{count}.rrlog").read_bytes()
    return out


# -- the happy path ------------------------------------------------------------------------

def test_a_new_log_keeps_its_records_in_order_with_a_clean_chain_and_tags(tmp_path):
    path = log_path(tmp_path, "workplace-2026", DEVICE, LOG_ID)
    path.parent.mkdir()
    records = build_log(path, 5, ops=OsOps())
    assert path.name == "d0" * 16 + "-" + "a1" * 16 + ".rrlog"
    found = scan(path.read_bytes(), str(path))
    assert found.problems == () and found.torn_tail == 0
    assert [f.blob for f in found.frames] == records and [f.seq for f in found.frames] == [0, 1, 2, 3, 4]
    assert found.valid_length == path.stat().st_size
    assert found.header.survey_id == "workplace-2026" and found.header.device_id == DEVICE
    assert found.header.log_id == LOG_ID and found.header.created == "2026-05-01"
    assert found.header.sealed_first_key == SEALED
    assert found.frames[0].prev == found.header.check
    assert all(b.prev == a.check for a, b in zip(found.frames, found.frames[1:]))
    assert check_tags(found, K0) == ()


def test_the_log_and_its_key_file_are_private_to_the_user(tmp_path):
    build_log(tmp_path / "a.rrlog", 1)
    for made in (tmp_path / "a.rrlog", key_path(tmp_path / "a.rrlog")):
        assert stat.S_IMODE(made.stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.rrlog", "a.rrlog.key"]


def test_a_reopened_log_continues_with_the_next_seq(tmp_path):
    records = build_log(tmp_path / "a.rrlog", 3)
    with LogWriter.open(tmp_path / "a.rrlog", ops=FAST) as writer:
        assert writer.count == 3 and writer.header.log_id == LOG_ID
        assert writer.append(b"fourth") == 3
    found = scan((tmp_path / "a.rrlog").read_bytes(), "a")
    assert [f.blob for f in found.frames] == records + [b"fourth"]
    assert found.problems == () and check_tags(found, K0) == ()


def test_create_refuses_a_log_that_exists_and_fields_the_header_cannot_hold(tmp_path):
    build_log(tmp_path / "a.rrlog", 0)
    with pytest.raises(StoreError, match="a.rrlog: already exists"):
        build_log(tmp_path / "a.rrlog", 0)
    good = dict(survey_id="s", device_id=DEVICE, log_id=LOG_ID, created="2026-05-01",
                first_key=K0, sealed_first_key=SEALED)
    for field, bad in [("survey_id", "Caps"), ("survey_id", "a--b"), ("survey_id", "x" * 65),
                       ("survey_id", "-a"), ("survey_id", "é"), ("device_id", b"short"),
                       ("log_id", b"x" * 17), ("created", "2026-02-30"), ("created", "26-05-01"),
                       ("first_key", b"k" * 31), ("sealed_first_key", b""),
                       ("sealed_first_key", b"s" * (_frames.MAX_SEALED_KEY + 1))]:
        with pytest.raises(ValueError):
            LogWriter.create(tmp_path / "b.rrlog", **{**good, field: bad}, ops=FAST)
    assert not (tmp_path / "b.rrlog").exists()


def test_append_refuses_an_empty_or_oversized_record_and_a_closed_log(tmp_path):
    build_log(tmp_path / "a.rrlog", 0)
    writer = LogWriter.open(tmp_path / "a.rrlog", ops=FAST)
    with pytest.raises(ValueError, match="not 0"):
        writer.append(b"")
    with pytest.raises(ValueError, match="not 65537"):
        writer.append(b"x" * 65537)
    assert writer.append(b"x" * 65536) == 0
    writer.close()
    writer.close()
    with pytest.raises(StoreError, match="closed"):
        writer.append(b"x")


def test_an_append_framed_ahead_writes_the_frame_append_would_and_the_next_key(tmp_path):
    build_log(tmp_path / "a.rrlog", 2)
    build_log(tmp_path / "b.rrlog", 2)
    rows = [b"answer no ", b"answer yes"]  # one append may hold either: rows of one length
    with LogWriter.open(tmp_path / "a.rrlog", ops=FAST) as ahead_writer:
        ahead = ahead_writer.encode_ahead(rows)
        assert ahead.seq == 2 and len(ahead.frames) == 2 and "answer" not in repr(ahead)
        assert ahead_writer.append_ahead(ahead.frames[1], ahead) == 2
        assert ahead_writer.append(b"after") == 3
    with LogWriter.open(tmp_path / "b.rrlog", ops=FAST) as plain:
        plain.append(b"answer yes")
        plain.append(b"after")
    assert (tmp_path / "a.rrlog").read_bytes() == (tmp_path / "b.rrlog").read_bytes()
    assert key_path(tmp_path / "a.rrlog").read_bytes() == key_path(tmp_path / "b.rrlog").read_bytes()
    found = scan((tmp_path / "a.rrlog").read_bytes(), "a")
    assert found.problems == () and check_tags(found, K0) == ()


def test_an_append_framed_ahead_of_an_append_that_came_first_is_framed_anew(tmp_path):
    records = build_log(tmp_path / "a.rrlog", 1)
    with LogWriter.open(tmp_path / "a.rrlog", ops=FAST) as writer:
        stale = writer.encode_ahead([b"made for seq 1"])
        writer.append(b"came first")  # records back to back: the guess was for the wrong append
        assert writer.append_ahead(stale.frames[0], stale) == 2
    found = scan((tmp_path / "a.rrlog").read_bytes(), "a")
    assert [f.blob for f in found.frames] == records + [b"came first", b"made for seq 1"]
    assert found.problems == () and check_tags(found, K0) == ()
    state = _frames.parse_key_file(key_path(tmp_path / "a.rrlog").read_bytes())
    assert (state.index, state.key) == (3, key_at(3))


def test_append_ahead_refuses_a_frame_it_did_not_make_and_encode_ahead_rows_of_two_lengths(tmp_path):
    build_log(tmp_path / "a.rrlog", 1)
    before = (tmp_path / "a.rrlog").read_bytes()
    with LogWriter.open(tmp_path / "a.rrlog", ops=FAST) as writer:
        ahead = writer.encode_ahead([b"one", b"two"])
        for bad in (bytes(len(ahead.frames[0])), ahead.frames[0][:-1], b"x" + ahead.frames[0][1:]):
            with pytest.raises(ValueError, match="not a frame made ahead"):
                writer.append_ahead(bad, ahead)
        for rows in ([], [b"short", b"longer"], [b""]):
            with pytest.raises(ValueError):
                writer.encode_ahead(rows)
        assert writer.count == 1
    assert (tmp_path / "a.rrlog").read_bytes() == before
    writer.close()
    with pytest.raises(StoreError, match="closed"):
        writer.append_ahead(ahead.frames[0], ahead)


def test_opening_a_missing_log_names_it(tmp_path):
    with pytest.raises(StoreError, match=r"nope\.rrlog: no such log"):
        LogWriter.open(tmp_path / "nope.rrlog")


# -- torn tails ----------------------------------------------------------------------------

@pytest.mark.parametrize("count", [0, 1, 5, 64])
def test_scan_of_a_log_cut_at_every_byte_returns_exactly_the_records_before_the_cut(logs, count):
    data = logs[count]
    cuts = ends(scan(data, "x"))
    for size in range(len(data) + 1):
        found = scan(data[:size], "x")
        if size < cuts[0]:  # a header is never torn: it is renamed into place whole
            assert found.header is None and found.frames == () and found.torn_tail == 0
            assert found.valid_length == 0 and len(found.problems) == 1
            assert found.problems[0].what in ("empty file: no header",
                                              f"header: cut short (the file is {size} bytes)")
            continue
        whole = sum(1 for end in cuts[1:] if end <= size)
        assert len(found.frames) == whole and found.valid_length == cuts[whole]
        assert found.torn_tail == size - cuts[whole]
        if found.torn_tail:
            assert [(p.record, p.what.split(":")[0]) for p in found.problems] == [(whole, "torn tail")]
        else:
            assert found.problems == ()


def test_a_torn_tail_side_file_names_the_day_and_a_counter_never_a_time_of_day(logs, tmp_path):
    """The side file reaches the coordinator in the bundle: its name must not say when an
    interview was cut off (FORMAT.md §1.7). Two tails on one day get counters 1 and 2."""
    data = logs[5]
    cuts = ends(scan(data, "x"))
    path = tmp_path / "a.rrlog"
    for number in (1, 2):
        path.write_bytes(data[:cuts[4]] + data[cuts[4]:cuts[5] - 3])  # record 4 torn
        write_key_file(path, 4)
        with LogWriter.open(path, ops=FAST) as writer:
            assert writer.count == 4
        names = sorted(p.name for p in tmp_path.glob("a.rrlog.torn-*"))
        assert len(names) == number
    assert [re.fullmatch(r"a\.rrlog\.torn-(\d{8})-(\d+)-(\d+)", n).group(2, 3) for n in names] == \
        [("1", str(cuts[4])), ("2", str(cuts[4]))]
    assert not any(re.search(r"T\d{6}|:\d\d", n) for n in names)  # no hour, minute or second


def test_opening_a_log_cut_at_every_byte_recovers_the_prefix_keeps_the_torn_bytes_and_continues(
        logs, tmp_path):
    data = logs[5]
    cuts = ends(scan(data, "x"))
    for size in range(cuts[0], len(data) + 1):
        folder = tmp_path / str(size)
        folder.mkdir()
        path = folder / "a.rrlog"
        path.write_bytes(data[:size])
        whole = sum(1 for end in cuts[1:] if end <= size)
        write_key_file(path, whole)  # the writer was appending record `whole` when it stopped
        with LogWriter.open(path, ops=FAST) as writer:
            assert writer.count == whole
            assert writer.append(b"after the crash") == whole
        torn = sorted(folder.glob("a.rrlog.torn-*"))
        if size == cuts[whole]:
            assert torn == []
        else:
            assert len(torn) == 1 and torn[0].name.endswith(f"-{cuts[whole]}")
            assert torn[0].read_bytes() == data[cuts[whole]:size]
        after = path.read_bytes()
        assert after[:cuts[whole]] == data[:cuts[whole]]
        found = scan(after, "a")
        assert found.problems == () and len(found.frames) == whole + 1
        assert check_tags(found, K0) == ()


def test_a_sample_of_cuts_of_a_64_record_log_recover_with_real_fsync(logs, tmp_path):
    data = logs[64]
    cuts = ends(scan(data, "x"))
    for size in range(cuts[0], len(data) + 1, 997):
        path = tmp_path / f"{size}.rrlog"
        path.write_bytes(data[:size])
        whole = sum(1 for end in cuts[1:] if end <= size)
        write_key_file(path, whole)
        with LogWriter.open(path) as writer:
            assert writer.count == whole
        assert path.read_bytes() == data[:cuts[whole]]


def test_a_tail_of_zeros_is_torn_but_zeros_longer_than_a_record_are_damage(logs):
    data = logs[5]
    for zeros in (1, 100, 4096, _frames.MAX_FRAME - 1):
        found = scan(data + bytes(zeros), "x")
        assert len(found.frames) == 5 and found.torn_tail == zeros
    found = scan(data + bytes(_frames.MAX_FRAME), "x")
    assert found.torn_tail == 0 and found.problems[0].what.endswith("no record starts here")


def test_a_record_cut_short_and_zero_filled_after_is_torn(logs):
    data = logs[5]
    header, chunks = frame_chunks(data)
    zeroed = header + b"".join(chunks[:4]) + chunks[4][:20] + bytes(len(chunks[4]) - 21)
    found = scan(zeroed, "x")
    assert len(found.frames) == 4 and found.torn_tail == len(chunks[4]) - 1


def test_a_complete_last_record_with_a_bad_check_is_damage_not_a_torn_tail(logs):
    data = bytearray(logs[5])
    data[-1] ^= 1
    found = scan(bytes(data), "x")
    assert found.torn_tail == 0 and found.problems[0].record == 4
    assert "check does not match" in found.problems[0].what


# -- damage: flips, reorderings, drops, duplicates, splices ----------------------------------

@pytest.mark.parametrize("mask", [0x01, 0xFF])
def test_every_single_byte_flip_is_caught_by_scan_and_refused_by_open(logs, tmp_path, mask):
    """Scan catches every flip on its own (the header check covers the header, each frame's
    check covers every byte of the frame, tag included), so check_tags is never needed for a
    single flip. A flip of the last record's length field can make it look like an interrupted
    write: scan then reports a torn tail at record 4, and open refuses the log because the key
    file says record 4 was acknowledged."""
    data = logs[5]
    cuts = ends(scan(data, "x"))
    path = tmp_path / "a.rrlog"
    write_key_file(path, 5)
    torn_looking = set()
    for at in range(len(data)):
        flipped = bytearray(data)
        flipped[at] ^= mask
        found = scan(bytes(flipped), "a")
        assert found.problems, at
        record = None if at < cuts[0] else max(i for i in range(5) if cuts[i] <= at)
        assert found.problems[0].record == record, at
        assert len(found.frames) == (0 if record is None else record)
        if found.torn_tail:
            torn_looking.add(at)
        path.write_bytes(flipped)
        with pytest.raises(LogDamaged):
            LogWriter.open(path, ops=FAST)
    length_field = range(cuts[4] + 12, cuts[4] + 16)
    assert torn_looking and torn_looking <= set(length_field)


def test_every_reordering_of_five_records_is_caught_at_the_first_moved_record(logs):
    header, chunks = frame_chunks(logs[5])
    for order in itertools.permutations(range(5)):
        if order == tuple(range(5)):
            continue
        found = scan(header + b"".join(chunks[i] for i in order), "x")
        first_moved = next(i for i, j in enumerate(order) if i != j)
        assert found.problems[0].record == first_moved, order
        assert "sequence number is" in found.problems[0].what
        assert len(found.frames) == first_moved and found.torn_tail == 0


def test_a_dropped_record_is_caught_by_scan_and_a_dropped_last_record_by_the_key_file(logs, tmp_path):
    header, chunks = frame_chunks(logs[5])
    for dropped in range(4):
        found = scan(header + b"".join(c for i, c in enumerate(chunks) if i != dropped), "x")
        assert found.problems[0].record == dropped
        assert f"sequence number is {dropped + 1}, expected {dropped}" in found.problems[0].what
        assert f"{4 - dropped} intact-looking record(s)" in found.problems[1].what
    path = tmp_path / "a.rrlog"
    path.write_bytes(header + b"".join(chunks[:4]))
    assert scan(path.read_bytes(), "a").problems == ()  # a shorter log is a valid log ...
    write_key_file(path, 5)
    with pytest.raises(LogDamaged, match="record 4: missing: the key file says 5 records"):
        LogWriter.open(path, ops=FAST)  # ... but the key file remembers five


def test_a_duplicated_record_is_caught(logs):
    header, chunks = frame_chunks(logs[5])
    for twice in range(5):
        doubled = chunks[:twice + 1] + [chunks[twice]] + chunks[twice + 1:]
        found = scan(header + b"".join(doubled), "x")
        assert found.problems[0].record == twice + 1 and found.torn_tail == 0
        assert f"sequence number is {twice}, expected {twice + 1}" in found.problems[0].what


def test_a_record_spliced_in_from_another_log_of_the_same_survey_is_caught(logs, tmp_path):
    header, chunks = frame_chunks(logs[5])
    build_log(tmp_path / "other.rrlog", 6, seed=5, log_id=OTHER_LOG_ID)  # same key, even
    _, foreign = frame_chunks((tmp_path / "other.rrlog").read_bytes())
    for at in range(5):
        spliced = chunks[:at] + [foreign[at]] + chunks[at + 1:]
        found = scan(header + b"".join(spliced), "x")
        assert found.problems[0].record == at and "does not follow" in found.problems[0].what
    found = scan(header + b"".join(chunks) + foreign[5], "x")
    assert found.problems[0].record == 5 and "does not follow" in found.problems[0].what
    assert found.torn_tail == 0


# -- the strict parser: one vector per rule -------------------------------------------------

def _header_with(survey: bytes = b"s", created: bytes = b"2026-05-01", sealed: bytes = SEALED,
                 size: int | None = None, sealed_size: int | None = None) -> bytes:
    body = (_frames.LOG_MAGIC + bytes([len(survey) if size is None else size]) + survey + DEVICE
            + LOG_ID + created + (len(sealed) if sealed_size is None else sealed_size).to_bytes(4, "big")
            + sealed)
    return body + hashlib.sha256(b"rrdesk/v1 header" + body).digest()


@pytest.mark.parametrize("data, what", [
    (b"", "empty file: no header"),
    (b"RRDESK-LOG", "header: cut short (the file is 10 bytes)"),
    (b"RRDESK-LOG\x00v2\n" + bytes(100), "not an rrdesk log (wrong magic)"),
    (_header_with(size=0), "header: survey id length 0 is not 1..64"),
    (_header_with(survey=b"s" * 65), "header: survey id length 65 is not 1..64"),
    (_header_with(survey=b"Survey"), "header: survey id is not lower-case letters, digits and single '-'"),
    (_header_with(survey=b"s-"), "header: survey id is not lower-case letters, digits and single '-'"),
    (_header_with(created=b"2026-02-30"), "header: created is not a YYYY-MM-DD date"),
    (_header_with(created=b"2026/05/01"), "header: created is not a YYYY-MM-DD date"),
    (_header_with(sealed=b"", sealed_size=0), "header: sealed first key length 0 is not 1..32768"),
    (_header_with(sealed=b"s" * 32769), "header: sealed first key length 32769 is not 1..32768"),
    (_header_with()[:-1] + b"\x00", "header: check does not match (the header is damaged)"),
])
def test_a_header_breaking_a_rule_is_refused_by_name(data, what):
    found = scan(data, "a.rrlog")
    assert found.header is None and [str(p) for p in found.problems] == [f"a.rrlog: {what}"]


def _frame_with(seq: int, size: int, prev: bytes, blob: bytes = b"x") -> bytes:
    signed = b"RRF1" + seq.to_bytes(8, "big") + size.to_bytes(4, "big") + prev + blob
    body = signed + bytes(32)
    return body + hashlib.sha256(b"rrdesk/v1 frame" + body).digest()


@pytest.mark.parametrize("seq, size, what", [
    (0, 0, "record length 0 is not 1..65536"),
    (0, 65537, "record length 65537 is not 1..65536"),
    (1, 1, "sequence number is 1, expected 0"),
])
def test_a_frame_breaking_a_rule_is_refused_by_name(seq, size, what):
    header = _header_with()
    found = scan(header + _frame_with(seq, size, header[-32:]) + bytes(200), "a.rrlog")
    assert found.problems[0].record == 0 and what in found.problems[0].what
    assert found.torn_tail == 0


def test_a_frame_with_a_good_check_and_a_zero_tag_passes_scan_and_fails_its_tag():
    header = _header_with()
    found = scan(header + _frame_with(0, 1, header[-32:]), "a.rrlog")
    assert found.problems == () and len(found.frames) == 1
    assert [str(p) for p in check_tags(found, K0)] == [
        "a.rrlog: record 0: tag does not verify (altered, or written with another key)"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=3000))
def test_scan_never_raises_on_arbitrary_bytes(data):
    _check_scan_invariants(data)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_scan_never_raises_on_a_mangled_log(logs, draw):
    data = bytearray(logs[5])
    for _ in range(draw.draw(st.integers(1, 4))):
        at = draw.draw(st.integers(0, len(data)))
        kind = draw.draw(st.sampled_from(["insert", "delete", "overwrite"]))
        chunk = draw.draw(st.binary(min_size=1, max_size=40))
        if kind == "insert":
            data[at:at] = chunk
        elif kind == "delete":
            del data[at:at + len(chunk)]
        else:
            data[at:at + len(chunk)] = chunk
    _check_scan_invariants(bytes(data))


def _check_scan_invariants(data: bytes) -> None:
    found = scan(data, "f")
    assert 0 <= found.valid_length <= len(data)
    assert found.torn_tail in (0, len(data) - found.valid_length)
    assert (found.problems == ()) == (found.header is not None and found.valid_length == len(data))
    assert all(isinstance(p, Problem) and p.file == "f" for p in found.problems)
    assert [f.seq for f in found.frames] == list(range(len(found.frames)))
    assert check_tags(found, K0) is not None


# -- the forward-secure tags ----------------------------------------------------------------

def test_tags_check_against_the_first_key_and_fail_against_any_other(logs):
    found = scan(logs[5], "x")
    assert check_tags(found, K0) == ()
    assert [p.record for p in check_tags(found, bytes(32))] == [0, 1, 2, 3, 4]
    assert [p.what for p in check_tags(found, b"short")] == ["the first key must be 32 bytes"]


def test_a_record_re_encoded_with_a_valid_check_but_a_wrong_tag_fails_only_its_own_tag(logs):
    header, chunks = frame_chunks(logs[5])
    last = chunks[4]
    body = last[:-64] + bytes(32)
    forged = body + hashlib.sha256(b"rrdesk/v1 frame" + body).digest()
    found = scan(header + b"".join(chunks[:4]) + forged, "x")
    assert found.problems == ()
    assert [p.record for p in check_tags(found, K0)] == [4]


def test_an_attacker_holding_the_current_key_cannot_rewrite_an_earlier_record(logs, tmp_path):
    """They alter record 1, re-chain every check after it and re-tag what they can (from k_5 on,
    nothing): scan is clean, and check_tags names record 1 and every record after it, because
    each tag covers ``prev``, the whole history before it."""
    found = scan(logs[5], "x")
    header = logs[5][:found.frames[0].offset]
    stolen = key_at(5)
    prev, forged = found.header.check, b""
    for frame in found.frames:
        blob = b"an answer they prefer" if frame.seq == 1 else frame.blob
        if frame.seq == 0:
            chunk = _frames.encode_frame(0, blob, prev, K0)  # untouched: the genuine frame
        else:
            signed = _frames.signed_part(frame.seq, blob, prev)
            body = signed + frame.tag  # the old tag: they cannot make k_1 .. k_4 from k_5
            chunk = body + hashlib.sha256(b"rrdesk/v1 frame" + body).digest()
        forged += chunk
        prev = chunk[-32:]
    rewritten = scan(header + forged, "x")
    assert rewritten.problems == ()
    assert [p.record for p in check_tags(rewritten, K0)] == [1, 2, 3, 4]
    assert stolen not in {key_at(i) for i in range(5)}


def test_the_key_file_after_n_appends_holds_k_n_which_cannot_tag_record_0(tmp_path):
    path = tmp_path / "a.rrlog"
    build_log(path, 5, ops=OsOps())
    state = _frames.parse_key_file(key_path(path).read_bytes())
    assert (state.log_id, state.index, state.key) == (LOG_ID, 5, key_at(5))
    assert state.key != K0
    found = scan(path.read_bytes(), "a")
    frame = found.frames[0]
    signed = _frames.signed_part(0, frame.blob, frame.prev)
    assert _frames.tag_ok(K0, signed, frame.tag)
    assert not _frames.tag_ok(state.key, signed, frame.tag)


# -- the key file -------------------------------------------------------------------------

def test_a_key_file_one_step_behind_is_evolved_and_the_record_kept(tmp_path):
    path = tmp_path / "a.rrlog"
    build_log(path, 3)
    write_key_file(path, 2)  # stopped between record 2's fsync and the key update
    with LogWriter.open(path, ops=FAST) as writer:
        assert writer.count == 3
        assert writer.append(b"next") == 3
    assert _frames.parse_key_file(key_path(path).read_bytes()).index == 4
    assert check_tags(scan(path.read_bytes(), "a"), K0) == ()


@pytest.mark.parametrize("damage, what", [
    ("missing", "key file is missing"),
    ("flipped", "key file is damaged: check does not match"),
    ("short", "key file is damaged: it is 101 bytes, not 102"),
    ("magic", "key file is damaged: not an rrdesk key file (wrong magic)"),
    ("other log", "key file belongs to another log"),
    ("two behind", "key file is 2 records behind the log"),
])
def test_a_missing_damaged_or_mismatched_key_file_refuses_the_log_and_changes_nothing(
        tmp_path, damage, what):
    path = tmp_path / "a.rrlog"
    build_log(path, 3)
    keys = key_path(path)
    good = keys.read_bytes()
    if damage == "missing":
        keys.unlink()
    elif damage == "flipped":
        keys.write_bytes(good[:50] + bytes([good[50] ^ 1]) + good[51:])
    elif damage == "short":
        keys.write_bytes(good[:-1])
    elif damage == "magic":
        body = b"RRDESK-KEY\x00v2\n" + good[14:70]
        keys.write_bytes(body + hashlib.sha256(b"rrdesk/v1 key" + body).digest())
    elif damage == "other log":
        write_key_file(path, 3, log_id=OTHER_LOG_ID)
    else:
        write_key_file(path, 1)
    before = path.read_bytes(), (keys.read_bytes() if keys.exists() else None)
    with pytest.raises(LogDamaged, match=re.escape(what)) as caught:
        LogWriter.open(path, ops=FAST)
    assert isinstance(caught.value, RRDeskError) and caught.value.problems
    assert str(caught.value).startswith(f"{keys}: key file")
    assert (path.read_bytes(), keys.read_bytes() if keys.exists() else None) == before


def test_damage_before_the_tail_refuses_the_log_and_changes_nothing(logs, tmp_path):
    path = tmp_path / "a.rrlog"
    data = bytearray(logs[5])
    data[300] ^= 0x10
    path.write_bytes(bytes(data))
    write_key_file(path, 5)
    with pytest.raises(LogDamaged) as caught:
        LogWriter.open(path, ops=FAST)
    assert caught.value.problems == scan(bytes(data), str(path)).problems
    assert path.read_bytes() == bytes(data) and not list(tmp_path.glob("*.torn-*"))


def test_no_message_ever_shows_a_record(logs, tmp_path):
    secret = b"SECRET-ANSWER-yes" * 4
    path = tmp_path / "a.rrlog"
    with LogWriter.create(path, survey_id="s", device_id=DEVICE, log_id=LOG_ID, created="2026-05-01",
                          first_key=K0, sealed_first_key=SEALED, ops=FAST) as writer:
        writer.append(secret)
        writer.append(secret)
    data = path.read_bytes()
    texts = []
    for at in range(0, len(data), 7):
        flipped = bytearray(data)
        flipped[at] ^= 0xFF
        found = scan(bytes(flipped), "a")
        texts += [str(p) for p in found.problems + check_tags(found, K0)]
    assert texts and not any("SECRET" in text for text in texts)


# -- Days: the plausibility of a log's days (verify's warning) ----------------------------------


def _days_as_the_rule_says(created: str, today, days: list[str]) -> list[tuple[int, str]]:
    """Each odd record and why, judged record by record as FORMAT.md §3 words the rule: before
    the log was begun, before the record before it, more than a year after it, or after the
    verifier's clock by more than a day; an impossible date is not judged."""
    import datetime as dt
    found, prev = [], None
    for seq, day in enumerate(days):
        try:
            this = dt.date.fromisoformat(day)
            odd = (day < created and f"dated {day}, before its log was begun ({created})"
                   or prev is not None and day < prev and f"dated {day}, after a record dated {prev}: the laptop's "
                                                          "clock was turned back"
                   or prev is not None and (this - dt.date.fromisoformat(prev)).days > 366
                   and f"dated {day}, more than a year after the record before it ({prev})"
                   or (this - today).days > 1 and f"dated {day}, later than this computer's clock "
                                                  f"({today.isoformat()})")
        except ValueError:
            odd = False
        if odd:
            found.append((seq, odd))
        prev = day
    return found


@pytest.mark.parametrize("seed", range(8))
def test_days_warns_of_the_records_the_rule_names_whatever_the_runs_of_one_day(seed):
    """Days judges a run of records of one day once (verify's per-record cost): the first odd
    record and the count are still those the rule gives record by record."""
    import datetime as dt
    from types import SimpleNamespace

    from rrdesk.store.log import Days
    rng = random.Random(seed)
    today = dt.date(2026, 11, 29)
    pool = ["2026-10-31", "2026-11-01", "2026-11-02", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-25",
            "2025-01-01", "2028-02-29", "2026-02-30", "2019-03-04"]  # before, after the clock, a year apart, no date
    for _ in range(200):
        days = []
        while len(days) < 40:
            days += [rng.choice(pool)] * rng.randint(1, 5)
        header = SimpleNamespace(created="2026-11-01")
        judged = Days(header, today)
        for seq, day in enumerate(days):
            judged.feed(seq, SimpleNamespace(day=day))
        expected = _days_as_the_rule_says("2026-11-01", today, days)
        assert (judged.first, judged.count) == ((expected[0] if expected else None), len(expected)), days
