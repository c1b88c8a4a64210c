"""The log reader (``LogStream``) finds exactly what ``scan``, that reader fed the whole file, finds.

Logs with every kind of damage -- cut anywhere, a byte changed anywhere, zeros at the end, junk
appended, frames dropped or swapped -- are read whole by ``scan`` and fed in pieces of random
sizes to ``LogStream``: the header, the frame count, the valid length, the torn tail, the
problems (word for word), the blobs' places, the frames' checks and the failing tags are the same.
"""
from __future__ import annotations

import random

import pytest

from rrdesk.store.log import LogStream
from rrdesk.store.log import _frames as f

K0 = bytes(range(32))


def _log(count: int, rng: random.Random, size: int = 300) -> bytes:
    header = f.encode_header(survey_id="s-1", device_id=bytes(16), log_id=bytes(range(16)),
                             created="2024-02-29", sealed_first_key=b"sealed")
    out, prev, key = [header], header[-32:], K0
    for seq in range(count):
        # a negative size: every record of that size, as a survey's padded records are
        frame = f.encode_frame(seq, rng.randbytes(-size if size < 0 else rng.randint(1, size)), prev, key)
        out.append(frame)
        prev, key = frame[-32:], f.evolve(key)
    return b"".join(out)


def _damaged(rng: random.Random) -> bytes:
    data = bytearray(_log(rng.randint(0, 12), rng))
    kind = rng.randrange(7)
    if kind == 0 and data:
        del data[rng.randrange(len(data)):]  # cut
    elif kind == 1 and data:
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)  # a bit changed
    elif kind == 2:
        data += bytes(rng.randint(1, 3000))  # zeros the disk never wrote
    elif kind == 3:
        data += rng.randbytes(rng.randint(1, 200))  # junk
    elif kind == 4:
        data += _log(3, rng)[120:]  # frames of another log
    elif kind == 5 and len(data) > 2000:
        at = rng.randrange(150, len(data) - 100)
        del data[at:at + rng.randint(1, 500)]
    return bytes(data)


def _streamed(data: bytes, rng: random.Random, key: bytes | None):
    stream = LogStream("x.rrlog", "m", (lambda header: key) if key is not None else None)
    at = 0
    while at < len(data):
        step = rng.choice((1, 7, 100, 700, 5000, 1 << 20))
        stream.feed(data[at:at + step])
        at += step
    return stream.finish()


@pytest.mark.parametrize("seed", range(6))
def test_stream_finds_what_scan_finds(seed):
    rng = random.Random(seed)
    for _ in range(120):
        data = _damaged(rng)
        whole = f.scan(data, "x.rrlog", "m")
        got = _streamed(data, rng, K0)
        assert (got.header, got.count, got.problems, got.valid_length, got.torn_tail) == (
            whole.header, len(whole.frames), whole.problems, whole.valid_length, whole.torn_tail)
        assert list(got.offsets) == [fr.offset + f.FRAME_PREFIX for fr in whole.frames]
        assert bytes(got.checks) == b"".join(fr.check for fr in whole.frames)
        if whole.header is not None:
            assert got.bad_tags == [p.record for p in f.check_tags(whole, K0)]


@pytest.mark.parametrize("seed", range(4))
def test_an_exports_scan_of_long_runs_of_one_size_finds_what_scan_finds(seed):
    """An export's scan (no tags, no index) checks runs of same-size frames together: the
    same count, problems and lengths as scan, wherever the damage falls in a long run."""
    rng = random.Random(100 + seed)
    for _ in range(40):
        count = rng.randint(60, 400)
        data = bytearray(_log(count, rng, size=-rng.randint(40, 700)))
        kind = rng.randrange(7)
        if kind == 0:
            del data[rng.randrange(len(data)):]  # cut
        elif kind == 1:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)  # a bit changed
        elif kind == 2:
            data += bytes(rng.randint(1, 3000))  # zeros the disk never wrote
        elif kind == 3:
            data += _log(rng.randint(60, 90), rng, size=-len(data) % 500 + 1)[100:]  # another log's frames
        elif kind == 4:
            at = rng.randrange(150, len(data) - 100)
            del data[at:at + rng.randint(1, 500)]  # a piece dropped
        else:  # frames re-made from one on with a seq one too high, chained and checked
            frames = f.scan(bytes(data), "x").frames
            cut = rng.randrange(len(frames))
            data, prev = bytearray(data[:frames[cut].offset]), frames[cut].prev
            for fr in frames[cut:]:
                data += f.encode_frame(fr.seq + 1, fr.blob, prev, K0)
                prev = bytes(data[-32:])
        whole = f.scan(bytes(data), "x.rrlog", "m")
        stream = LogStream("x.rrlog", "m", None, index=False)
        got = _fed(stream, data, rng)
        assert (got.header, got.count, got.problems, got.valid_length, got.torn_tail) == (
            whole.header, len(whole.frames), whole.problems, whole.valid_length, whole.torn_tail)


def _fed(stream: LogStream, data: bytes | bytearray, rng: random.Random):
    """What ``stream`` finds in ``data`` fed in pieces of random sizes, as a bundle is read."""
    at = 0
    while at < len(data):
        step = rng.choice((1000, 5000, 65536, 1 << 20))
        stream.feed(bytes(data[at:at + step]))
        at += step
    return stream.finish()


@pytest.mark.parametrize("seed", range(4))
def test_an_index_of_long_runs_of_one_size_finds_what_scan_and_check_tags_find(seed):
    """An aggregator's index (tags and index kept) checks runs of same-size frames together:
    the same count, problems, offsets, checks, failed tags and last keys as scan and
    check_tags, whether a frame was damaged, cut, or tagged with another key."""
    rng = random.Random(200 + seed)
    for _ in range(30):
        count, size = rng.randint(60, 400), rng.randint(40, 700)
        header = f.encode_header(survey_id="s-1", device_id=bytes(16), log_id=bytes(range(16)),
                                 created="2024-02-29", sealed_first_key=b"sealed")
        data, prev, key = bytearray(header), header[-32:], K0
        wrong = set(rng.sample(range(count), rng.randint(0, 3)))  # frames tagged with another key
        for seq in range(count):
            frame = f.encode_frame(seq, rng.randbytes(size), prev, key if seq not in wrong else bytes(32))
            data += frame
            prev, key = frame[-32:], f.evolve(key)
        kind = rng.randrange(4)
        if kind == 0:
            del data[rng.randrange(len(header), len(data)):]  # cut
        elif kind == 1:
            data[rng.randrange(len(header), len(data))] ^= 1 << rng.randrange(8)  # a bit changed
        elif kind == 2:
            data += bytes(rng.randint(1, 3000))  # zeros the disk never wrote
        whole = f.scan(bytes(data), "x.rrlog", "m")
        stream = LogStream("x.rrlog", "m", lambda header: K0)
        got = _fed(stream, data, rng)
        assert (got.header, got.count, got.problems, got.valid_length, got.torn_tail) == (
            whole.header, len(whole.frames), whole.problems, whole.valid_length, whole.torn_tail)
        assert list(got.offsets) == [fr.offset + f.FRAME_PREFIX for fr in whole.frames]
        assert list(got.lengths) == [len(fr.blob) for fr in whole.frames]
        assert bytes(got.checks) == b"".join(fr.check for fr in whole.frames)
        assert got.bad_tags == [p.record for p in f.check_tags(whole, K0)]
        assert set(got.bad_tags) == {seq for seq in wrong if seq < len(whole.frames)}
        keys = [K0]
        for _ in range(len(whole.frames)):
            keys.append(f.evolve(keys[-1]))
        assert got.keys == {n: keys[n] for n in range(max(0, len(whole.frames) - 1), len(whole.frames) + 1)}


def test_a_large_log_is_read_in_little_memory():
    """The reader keeps about a megabyte of a log, however long."""
    rng = random.Random(7)
    data = _log(6000, rng, size=700)
    stream = LogStream("x.rrlog", "", None)
    for at in range(0, len(data), 65536):
        stream.feed(data[at:at + 65536])
        assert len(stream._buf) < 2 << 20
    assert stream.finish().count == 6000


def test_damage_far_from_the_end_is_counted_in_little_memory():
    rng = random.Random(8)
    data = bytearray(_log(3000, rng, size=700))
    data[500] ^= 1
    stream = LogStream("x.rrlog", "", None)
    for at in range(0, len(data), 65536):
        stream.feed(bytes(data[at:at + 65536]))
        assert len(stream._intact._buf) + len(stream._tail) < 3 * f.MAX_FRAME
    assert stream.finish().problems == f.scan(bytes(data), "x.rrlog").problems


def test_the_short_hmac_is_hmac():
    import hmac

    from rrdesk.store.age import hmac_sha256

    rng = random.Random(9)
    for size in (0, 1, 16, 31, 32, 33, 63, 64, 65, 100, 200):
        key, msg = rng.randbytes(size), rng.randbytes(rng.randint(0, 900))
        assert hmac_sha256(key, msg) == hmac.digest(key, msg, "sha256")
        assert hmac_sha256(key, memoryview(msg)) == hmac.digest(key, msg, "sha256")


@pytest.mark.parametrize("seed", range(3))
def test_a_stream_that_keeps_its_frames_keeps_scans_frames(seed):
    """Fed in pieces (its buffer cut as it goes), the reader keeping frames keeps the frames
    ``scan`` returns, each at its offset in the log."""
    rng = random.Random(200 + seed)
    for _ in range(20):
        data = _log(rng.randint(0, 3000), rng, size=700)
        if rng.random() < 0.5:
            data = data[:rng.randrange(len(data) + 1)]
        stream = LogStream("x.rrlog", "m", None, index=False, frames=True)
        at = 0
        while at < len(data):
            step = rng.choice((1, 700, 65536, 1 << 20))
            stream.feed(bytearray(data[at:at + step]) if rng.random() < 0.5 else data[at:at + step])
            at += step
        got, whole = stream.finish(), f.scan(data, "x.rrlog", "m")
        assert tuple(got.frames) == whole.frames
        assert (got.header, got.count, got.problems, got.valid_length) == (
            whole.header, len(whole.frames), whole.problems, whole.valid_length)
