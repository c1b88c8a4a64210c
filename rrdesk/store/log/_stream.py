"""Reading a log as a stream: what :func:`rrdesk.store.log._frames.scan` finds, holding one frame at a time.

:class:`LogStream` is fed a log's bytes in pieces of any size and finds exactly what ``scan``
finds on the whole file (the same header, frame count, valid length, torn tail and problems,
in the same words: ``tests/test_log_stream.py`` compares the two on every damage the log tests
make), but keeps no frame: for each one it notes where its blob is, its length and its SHA-256
(what the aggregator de-duplicates on), and checks its forward-secure tag as it passes
(FORMAT.md §1.4) when the log's first key is known. Its memory is a frame or two
(``MAX_FRAME``) plus 44 bytes per frame, however large the log, so an aggregator can read a
bundle of any size (FORMAT.md §2.6).
"""
from __future__ import annotations

import hashlib
import hmac
import struct
from array import array
from dataclasses import dataclass, field
from typing import Callable

import rrdesk.store.log._frames as f
from rrdesk.core.problems import Problem
from rrdesk.store.age import INNER32, IPAD, OPAD, OUTER32
from rrdesk.store.log._frames import Header

__all__ = ["LogStream", "Streamed"]

_MAX_HEADER = len(f.LOG_MAGIC) + 1 + f.MAX_SURVEY_ID + 2 * f.ID_SIZE + 10 + 4 + f.MAX_SEALED_KEY + f.DIGEST_SIZE
# why: the longest header (FORMAT.md §1.2); with this many bytes (or the whole file) the
# header parser decides exactly as it does on the whole file
_KEEP = 1 << 20  # why: buffered bytes are dropped in 1 MiB steps, so a frame is copied about once
_PREFIX = struct.Struct(">4sQI")  # magic, seq, blob length (FORMAT.md §1.3)


@dataclass
class Streamed:
    """What a stream of a log held: as ``scan``'s Scan (``count`` frames instead of the frames),
    plus per frame the blob's offset in the log, its length and its SHA-256 (32 bytes each in
    ``digests``), and the frames whose tag failed (None: no first key to check them with)."""

    header: Header | None
    count: int
    problems: tuple[Problem, ...]
    valid_length: int
    torn_tail: int
    offsets: array = field(default_factory=lambda: array("q"))
    lengths: array = field(default_factory=lambda: array("I"))
    digests: bytearray = field(default_factory=bytearray)
    bad_tags: list[int] | None = None
    keys: dict[int, bytes] = field(default_factory=dict)  # k_{count-1} and k_count, when the tags were checked


class LogStream:
    """Feed a log (:meth:`feed`), then :meth:`finish`. ``first_key(header)`` gives the log's
    k_0 for the tags, or None to leave them unchecked; ``index`` False keeps no per-frame
    offsets, lengths or digests (an export needs only the count and the problems)."""

    def __init__(self, file: str, member: str = "",
                 first_key: Callable[[Header], bytes | None] | None = None, *, index: bool = True) -> None:
        self.file, self.member, self._first_key, self._index = file, member, first_key, index
        self._buf = bytearray()
        self._base = 0  # the log offset of _buf[0]
        self._pos = 0  # where the next frame starts, in _buf
        self._header: Header | None = None
        self._problem = ""  # the header's problem, once known
        self._seq = 0
        self._prev = b""
        self._key: bytes | None = None
        self._before: bytes | None = None  # the key before _key (k_{seq-1})
        self._out = Streamed(None, 0, (), 0, 0)
        self._stopped: str | None = None  # the problem of the frame where the chain ends
        self._stop_at = 0  # its log offset
        self._tail = bytearray()  # the bytes from there on, while fewer than MAX_FRAME
        self._tail_size = 0
        self._intact = _Intact()

    def feed(self, data: bytes) -> None:
        if self._stopped is not None:
            self._after(data)
            return
        self._buf += data
        self._advance(final=False)

    def finish(self) -> Streamed:
        if self._stopped is None:
            self._advance(final=True)
        out = self._out
        if self._header is None:
            out.problems = (Problem(self.file, None, self._problem, self.member),)
            return out
        out.header, out.count = self._header, self._seq
        if self._key is not None:  # why: the key file's check needs k_i for i near count; no second pass
            out.keys = {self._seq: self._key} if self._before is None else {self._seq - 1: self._before,
                                                                             self._seq: self._key}
        if self._stopped is None:
            out.valid_length = self._base + self._pos
            return out
        out.valid_length = self._stop_at
        tail, seq, off = bytes(self._tail), self._seq, self._stop_at
        if self._tail_size < f.MAX_FRAME and f._looks_torn(tail, seq, self._prev):
            out.torn_tail = len(tail)
            out.problems = (Problem(self.file, seq, f"torn tail: the last {len(tail)} bytes, from byte {off}, "
                                                    "are an incomplete record left by an interrupted write",
                                    self.member),)
            return out
        problems = [Problem(self.file, seq, f"at byte {off}: {self._stopped}", self.member)]
        lost = self._intact.finish()
        if lost:
            problems.append(Problem(self.file, None, f"{lost} intact-looking record(s) from byte {off} on "
                                                     "are cut off from the chain and were not read", self.member))
        out.problems = tuple(problems)
        return out

    # -- the frames --------------------------------------------------------------------------

    def _advance(self, final: bool) -> None:
        buf = self._buf
        if self._header is None:
            if len(buf) < _MAX_HEADER and not final:
                return
            parsed = f.parse_header(bytes(buf[:_MAX_HEADER]) if not final else bytes(buf))
            if isinstance(parsed, str):
                self._problem = parsed
                self._stopped = ""  # nothing more to read
                self._buf = bytearray()
                return
            self._header, self._pos = parsed
            self._prev = self._header.check
            if self._first_key is not None:
                self._key = self._first_key(self._header)
                self._out.bad_tags = None if self._key is None else []
        out, view = self._out, memoryview(buf)
        pos, seq, prev, key, before = self._pos, self._seq, self._prev, self._key, self._before
        # why: the loop below runs once per record of every log read; names bound here are
        # looked up once, not per frame
        unpack, sha256, label, magic_ok, overhead = _PREFIX.unpack_from, hashlib.sha256, f._FRAME_LABEL, f.FRAME_MAGIC, f.FRAME_OVERHEAD
        index, base, size_cap, length, at = self._index, self._base, f.MAX_BLOB - 1, len(buf), buf.startswith
        tag_label, evolve_label = f._TAG_LABEL, f._EVOLVE_LABEL
        ipad, opad, i32, o32, compare = IPAD, OPAD, INNER32, OUTER32, hmac.compare_digest
        if key is None and not index:  # an export's scan: runs of same-size frames checked together
            pos, seq, prev = _bulk(buf, view, pos, seq, prev)
        try:
            while True:
                if length - pos < 16:
                    if length == pos or not final:
                        break
                    self._stop(f._frame(bytes(buf), pos, seq, prev), pos, final)
                    break
                magic, got, size = unpack(buf, pos)
                end = pos + overhead + size
                if magic != magic_ok or got != seq or size - 1 > size_cap or size == 0:
                    self._stop(f._frame(bytes(buf[pos:pos + 16]), 0, seq, prev), pos, final)
                    break
                if end > length:
                    if not final:
                        break
                    self._stop(f._frame(bytes(buf), pos, seq, prev), pos, final)
                    break
                check_at = end - 32
                check = sha256(label + view[pos:check_at]).digest()
                # why startswith: compares in place, without slicing the buffer (per frame)
                if not at(check, check_at) or not at(prev, pos + 16):
                    self._stop(f._frame(bytes(buf[pos:end]), 0, seq, prev), pos, final)
                    break
                if key is not None:
                    # k_i (32 bytes) keys two HMACs: the tag key and k_{i+1}; each HMAC written out
                    # as H(k^opad || H(k^ipad || m)) with RFC 2104's zero padding (FORMAT.md §1.3-1.4)
                    tag_at = check_at - 32
                    inner, outer = key.translate(ipad) + i32, key.translate(opad) + o32
                    tag_key = sha256(outer + sha256(inner + tag_label).digest()).digest()
                    tag = sha256(tag_key.translate(opad) + o32
                                 + sha256(tag_key.translate(ipad) + i32 + view[pos:tag_at]).digest()).digest()
                    if not compare(tag, buf[tag_at:check_at]):
                        out.bad_tags.append(seq)
                    before, key = key, sha256(outer + sha256(inner + evolve_label).digest()).digest()
                if index:
                    out.offsets.append(base + pos + 48)
                    out.lengths.append(size)
                    out.digests += sha256(view[pos + 48:check_at - 32]).digest()
                pos, seq, prev = end, seq + 1, check
        finally:
            view.release()
        self._seq, self._prev, self._key, self._before = seq, prev, key, before
        if self._stopped is None:
            self._pos = pos
            if pos >= _KEEP:
                del buf[:pos]
                self._base += pos
                self._pos = 0

    def _stop(self, found: object, pos: int, final: bool) -> None:
        """The chain ends at ``pos`` (in the buffer): keep what follows for the torn-tail rule."""
        assert isinstance(found, str), "a whole, valid frame does not stop the chain"
        self._stopped, self._stop_at = found, self._base + pos
        rest = bytes(self._buf[pos:])
        self._buf = bytearray()
        self._after(rest)

    def _after(self, data: bytes) -> None:
        if self._header is None:
            return
        if self._tail_size < f.MAX_FRAME:
            self._tail += data[:f.MAX_FRAME - len(self._tail)]
        self._tail_size += len(data)
        self._intact.feed(data)


_BULK_MIN = 64  # why: below this many frames the per-frame loop is as quick as setting up arrays


def _bulk(buf: bytearray, view: memoryview, pos: int, seq: int, prev: bytes) -> tuple[int, int, bytes]:
    """Accept the frames from ``pos`` on that the per-frame loop would accept, as long as they
    are whole, of one size and pass every check: magic, seq, length, check and chain. Returns
    where the per-frame loop goes on (which then finds and words the first frame that fails,
    exactly as without this). The checks but the SHA-256s run in numpy over the run of frames
    (records of one survey are padded to one size, so a log is such a run); the SHA-256 of each
    frame is one call. About half the per-frame loop's time: what an export's scan costs."""
    import numpy as np

    length = len(buf)
    if length - pos < 16:
        return pos, seq, prev
    magic, first, size = _PREFIX.unpack_from(buf, pos)
    if magic != f.FRAME_MAGIC or first != seq or not 1 <= size <= f.MAX_BLOB:
        return pos, seq, prev
    stride = f.FRAME_OVERHEAD + size
    n = (length - pos) // stride
    if n < _BULK_MIN:
        return pos, seq, prev
    rows = np.frombuffer(view[pos:pos + n * stride], dtype=np.uint8).reshape(n, stride)
    expected = np.empty((n, 16), dtype=np.uint8)  # each frame's prefix as it must be: magic, seq, length
    expected[:, :4] = np.frombuffer(f.FRAME_MAGIC, dtype=np.uint8)
    expected[:, 4:12] = np.arange(seq, seq + n, dtype=">u8").view(np.uint8).reshape(n, 8)
    expected[:, 12:16] = np.frombuffer(size.to_bytes(4, "big"), dtype=np.uint8)
    same = (rows[:, :16] == expected).all(axis=1)
    n = int(np.argmin(same)) if not same.all() else n
    if n < _BULK_MIN:
        return pos, seq, prev
    tail = stride - f.DIGEST_SIZE
    # why a copy of the label's state per frame, in a plain loop: the label is hashed once, and
    # each frame is fed from the buffer without a concatenated copy (~10 % of the scan's time)
    copy, digests = hashlib.sha256(f._FRAME_LABEL).copy, []
    keep = digests.append
    for at in range(pos, pos + n * stride, stride):
        check = copy()
        check.update(view[at:at + tail])
        keep(check.digest())
    checks = b"".join(digests)
    computed = np.frombuffer(checks, dtype=np.uint8).reshape(n, f.DIGEST_SIZE)
    chained = np.vstack((np.frombuffer(prev, dtype=np.uint8)[None, :], computed[:-1]))
    good = (computed == rows[:n, tail:]).all(axis=1) & (rows[:n, 16:16 + f.DIGEST_SIZE] == chained).all(axis=1)
    n = int(np.argmin(good)) if not good.all() else n
    if n == 0:
        return pos, seq, prev
    return pos + n * stride, seq + n, checks[(n - 1) * f.DIGEST_SIZE:n * f.DIGEST_SIZE]


class _Intact:
    """Counts the frames with a good check from the start of what it is fed (chain and seq
    ignored): ``_frames._intact_from`` on a stream, holding at most a frame or two."""

    def __init__(self) -> None:
        self._buf = bytearray()
        self._pos = 0
        self.count = 0

    def feed(self, data: bytes) -> None:
        self._buf += data
        self._run(final=False)

    def finish(self) -> int:
        self._run(final=True)
        return self.count

    def _run(self, final: bool) -> None:
        buf = self._buf
        start = self._pos  # where the search goes on from; bytes before it are decided
        pos = buf.find(f.FRAME_MAGIC, start)
        while pos != -1:
            size = int.from_bytes(buf[pos + 12:pos + 16], "big") if pos + 16 <= len(buf) else 0
            end = pos + f.FRAME_OVERHEAD + size
            if not final and (pos + 16 > len(buf) or 1 <= size <= f.MAX_BLOB and end > len(buf)):
                break  # undecided until more bytes come
            if (1 <= size <= f.MAX_BLOB and end <= len(buf)
                    and f._sha(f._FRAME_LABEL, bytes(buf[pos:end - f.DIGEST_SIZE])) == buf[end - f.DIGEST_SIZE:end]):
                self.count += 1
                start = end
            else:
                start = pos + 1
            pos = buf.find(f.FRAME_MAGIC, start)
        if pos == -1:  # nothing undecided: keep only what may begin a magic cut by the piece's end
            pos = max(start, len(buf) - len(f.FRAME_MAGIC) + 1)
        del buf[:pos]
        self._pos = 0
