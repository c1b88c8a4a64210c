"""The bytes of the record log and its key file: encoding, and the one reader (FORMAT.md §1).

Pure: no I/O, no clock, no randomness. The log is read in one place, :class:`LogStream`: fed a
log's bytes in pieces of any size, it finds the longest valid prefix and says, in plain words,
why it stopped (header, framing, sequence, chain, torn tail or damage, and the forward-secure
tags when the log's first key is known), holding a frame or two. ``scan`` is that reader fed
the whole file at once, keeping its frames; it never raises on any bytes. The crypto here is
two labelled uses of HMAC-SHA-256 (the Schneier--Kelsey forward-secure key chain) and labelled
SHA-256 checks; every constant says why it is safe (FORMAT.md §1.10).
"""
from __future__ import annotations

import hashlib
import hmac
import re
import struct
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date

from rrdesk.core.problems import Problem
from rrdesk.store.age import INNER32, IPAD, OPAD, OUTER32, hmac_sha256

# why: names format and version; NUL and newline expose text-mode or C-string mangling.
LOG_MAGIC = b"RRDESK-LOG\x00v1\n"
# why: tells a frame start from zeros or garbage; the check, not the magic, decides validity.
FRAME_MAGIC = b"RRF1"
# why: a key file can never be taken for a log, nor a log for a key file.
KEY_MAGIC = b"RRDESK-KEY\x00v1\n"
ID_SIZE = 16  # why: 128 random bits, collisions across every laptop are negligible
KEY_SIZE = 32  # why: 256-bit HMAC-SHA-256 keys, drawn from the OS CSPRNG by the caller
DIGEST_SIZE = 32  # why: full SHA-256 / HMAC-SHA-256 output, never truncated
MAX_SURVEY_ID = 64  # why: the survey file's own rule; also a safe folder name everywhere
MAX_SEALED_KEY = 32768
# why: an age file sealing 32 bytes is ~200 bytes, plus ~100 per X25519 recipient and ~1560 per
# post-quantum (age1pq1…) one: 20 hybrid recipients take 31,274 bytes; bounds hostile input
MAX_BLOB = 65536  # why: a record is ~700 bytes; bounds memory and the size of a torn tail
FRAME_PREFIX = 48  # magic 4, seq 8, length 4, prev 32
FRAME_OVERHEAD = FRAME_PREFIX + 2 * DIGEST_SIZE  # prefix, tag, check
MAX_FRAME = FRAME_OVERHEAD + MAX_BLOB
# why: the longest header §1.2 allows (93 + the longest survey id + the largest sealed first key):
# with this many bytes (never more than 33 KB) the header parser decides as on the whole file
MAX_HEADER = len(LOG_MAGIC) + 1 + MAX_SURVEY_ID + 2 * ID_SIZE + 10 + 4 + MAX_SEALED_KEY + DIGEST_SIZE
KEY_FILE_SIZE = len(KEY_MAGIC) + ID_SIZE + 8 + KEY_SIZE + DIGEST_SIZE  # 102: one disk sector

# why: one label per use, so a value made for one purpose is never valid for another.
_HEADER_LABEL = b"rrdesk/v1 header"
_FRAME_LABEL = b"rrdesk/v1 frame"
_KEY_LABEL = b"rrdesk/v1 key"
_TAG_LABEL = b"rrdesk/v1 tag"
_EVOLVE_LABEL = b"rrdesk/v1 evolve"

SURVEY_ID = re.compile(rb"[a-z0-9]+(?:-[a-z0-9]+)*")
_DAY = re.compile(rb"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@dataclass(frozen=True)
class Header:
    """A log's header (FORMAT.md §1.2); ``check`` is also the ``prev`` of frame 0."""

    survey_id: str
    device_id: bytes
    log_id: bytes
    created: str
    sealed_first_key: bytes
    check: bytes


@dataclass(frozen=True)
class Frame:
    """One record as framed in the log (FORMAT.md §1.3); ``offset`` is where it starts."""

    seq: int
    offset: int
    blob: bytes
    prev: bytes
    tag: bytes
    check: bytes


@dataclass(frozen=True)
class Scan:
    """The longest valid prefix of a log and why it ends where it does.

    ``torn_tail`` counts the bytes after ``valid_length`` when they look like an interrupted
    append (then ``problems`` is that one torn-tail problem); 0 when they are damage.
    """

    header: Header | None
    frames: tuple[Frame, ...]
    problems: tuple[Problem, ...]
    valid_length: int
    torn_tail: int
    file: str = ""
    member: str = ""  # inside a bundle: the log's name (Problem.member)


@dataclass(frozen=True)
class KeyState:
    """The contents of a key file (FORMAT.md §1.5)."""

    log_id: bytes
    index: int
    key: bytes


def _sha(label: bytes, data: bytes) -> bytes:
    return hashlib.sha256(label + data).digest()


def _hmac(key: bytes, data: bytes) -> bytes:
    return hmac_sha256(key, data)


def evolve(key: bytes) -> bytes:
    """``k_{i+1} = HMAC(k_i, "rrdesk/v1 evolve")``: one-way, so old keys stay secret."""
    return _hmac(key, _EVOLVE_LABEL)


def signed_part(seq: int, blob: bytes, prev: bytes) -> bytes:
    """The frame bytes the tag covers: magic, seq, length, prev, blob."""
    return FRAME_MAGIC + seq.to_bytes(8, "big") + len(blob).to_bytes(4, "big") + prev + blob


def encode_frame(seq: int, blob: bytes, prev: bytes, key: bytes) -> bytes:
    """Frame ``seq`` holding ``blob``, chained to ``prev`` and tagged with ``key`` = k_seq.

    The frame's check (its last 32 bytes) is the next frame's ``prev``.
    """
    if not 1 <= len(blob) <= MAX_BLOB:
        raise ValueError(f"a record must be 1..{MAX_BLOB} bytes, not {len(blob)}")
    signed = signed_part(seq, blob, prev)
    body = signed + _hmac(_hmac(key, _TAG_LABEL), signed)
    return body + _sha(_FRAME_LABEL, body)


def check_header_fields(*, survey_id: str, device_id: bytes, log_id: bytes, created: str,
                        sealed_first_key: bytes) -> None:
    """Raise ValueError naming the first field that the header cannot hold."""
    sid = survey_id.encode("ascii", "replace") if isinstance(survey_id, str) else b""
    if not (1 <= len(sid) <= MAX_SURVEY_ID and SURVEY_ID.fullmatch(sid)):
        raise ValueError(f"survey id must be 1..{MAX_SURVEY_ID} of a-z, 0-9 and single '-' inside")
    for name, value in (("device id", device_id), ("log id", log_id)):
        if not isinstance(value, bytes) or len(value) != ID_SIZE:
            raise ValueError(f"{name} must be {ID_SIZE} bytes")
    if not isinstance(created, str) or _day(created.encode("ascii", "replace")) is None:
        raise ValueError("created must be a YYYY-MM-DD date")
    if not isinstance(sealed_first_key, bytes) or not 1 <= len(sealed_first_key) <= MAX_SEALED_KEY:
        raise ValueError(f"sealed first key must be 1..{MAX_SEALED_KEY} bytes")


def encode_header(*, survey_id: str, device_id: bytes, log_id: bytes, created: str,
                  sealed_first_key: bytes) -> bytes:
    """The header bytes, check included (FORMAT.md §1.2)."""
    check_header_fields(survey_id=survey_id, device_id=device_id, log_id=log_id,
                        created=created, sealed_first_key=sealed_first_key)
    sid = survey_id.encode("ascii")
    body = (LOG_MAGIC + bytes([len(sid)]) + sid + device_id + log_id + created.encode("ascii")
            + len(sealed_first_key).to_bytes(4, "big") + sealed_first_key)
    return body + _sha(_HEADER_LABEL, body)


def _day(raw: bytes) -> str | None:
    if not _DAY.fullmatch(raw):
        return None
    text = raw.decode("ascii")
    try:
        date.fromisoformat(text)
    except ValueError:
        return None
    return text


def parse_header(data: bytes) -> tuple[Header, int] | str:
    """The header and its length, or what is wrong with it."""
    cut = f"header: cut short (the file is {len(data)} bytes)"
    if not data.startswith(LOG_MAGIC):
        if not data:
            return "empty file: no header"
        return cut if LOG_MAGIC.startswith(data) else "not an rrdesk log (wrong magic)"
    pos = len(LOG_MAGIC)
    if len(data) <= pos:
        return cut
    size = data[pos]
    if not 1 <= size <= MAX_SURVEY_ID:
        return f"header: survey id length {size} is not 1..{MAX_SURVEY_ID}"
    pos += 1
    if len(data) < pos + size + 2 * ID_SIZE + 10 + 4:
        return cut
    sid = data[pos:pos + size]
    if not SURVEY_ID.fullmatch(sid):
        return "header: survey id is not lower-case letters, digits and single '-'"
    pos += size
    device_id, log_id = data[pos:pos + ID_SIZE], data[pos + ID_SIZE:pos + 2 * ID_SIZE]
    pos += 2 * ID_SIZE
    created = _day(data[pos:pos + 10])
    if created is None:
        return "header: created is not a YYYY-MM-DD date"
    pos += 10
    sealed_size = int.from_bytes(data[pos:pos + 4], "big")
    if not 1 <= sealed_size <= MAX_SEALED_KEY:
        return f"header: sealed first key length {sealed_size} is not 1..{MAX_SEALED_KEY}"
    pos += 4
    if len(data) < pos + sealed_size + DIGEST_SIZE:
        return cut
    sealed = data[pos:pos + sealed_size]
    pos += sealed_size
    check = data[pos:pos + DIGEST_SIZE]
    if _sha(_HEADER_LABEL, data[:pos]) != check:
        return "header: check does not match (the header is damaged)"
    header = Header(sid.decode("ascii"), device_id, log_id, created, sealed, check)
    return header, pos + DIGEST_SIZE


def encode_key_file(log_id: bytes, index: int, key: bytes) -> bytes:
    """The key file holding k_index for the log ``log_id`` (FORMAT.md §1.5)."""
    body = KEY_MAGIC + log_id + index.to_bytes(8, "big") + key
    return body + _sha(_KEY_LABEL, body)


def parse_key_file(data: bytes) -> KeyState | str:
    """The key file's contents, or what is wrong with it."""
    if len(data) != KEY_FILE_SIZE:
        return f"it is {len(data)} bytes, not {KEY_FILE_SIZE}"
    if not data.startswith(KEY_MAGIC):
        return "not an rrdesk key file (wrong magic)"
    body, check = data[:-DIGEST_SIZE], data[-DIGEST_SIZE:]
    if _sha(_KEY_LABEL, body) != check:
        return "check does not match"
    pos = len(KEY_MAGIC)
    return KeyState(body[pos:pos + ID_SIZE], int.from_bytes(body[pos + ID_SIZE:pos + ID_SIZE + 8], "big"),
                    body[pos + ID_SIZE + 8:])


# -- reading -----------------------------------------------------------------------------------

TAG_FAILED = "tag does not verify (altered, or written with another key)"
_CHAIN = "does not follow the record before it (a record was removed, reordered or spliced in)"
_KEEP = 1 << 20  # why: buffered bytes are dropped in 1 MiB steps, so a frame is copied about once
_PREFIX = struct.Struct(">4sQI")  # magic, seq, blob length (FORMAT.md §1.3)


def scan(data: bytes, file: str, member: str = "") -> Scan:
    """Read a log: the longest valid prefix, plus the problems that end it. Never raises.

    The one reader (:class:`LogStream`) fed the whole file at once, keeping every frame.

    Parameters
    ----------
    data : bytes
        The whole log file (any bytes at all).
    file : str
        The file's name, for the problems.
    member : str
        Inside a bundle, the log's name (``file`` is then the bundle).
    """
    reader = LogStream(file, member, index=False, frames=True)
    reader.feed(bytes(data))
    got = reader.finish()
    return Scan(got.header, tuple(got.frames), got.problems, got.valid_length, got.torn_tail, file, member)


def check_tags(scan: Scan, first_key: bytes) -> tuple[Problem, ...]:
    """Check frame i's tag against exactly k_i, the i-th key evolved from ``first_key`` = k_0.

    Schneier & Kelsey, "Cryptographic support for secure logs on untrusted machines" (1998).
    Pure; returns one problem per record whose tag does not verify.
    """
    if not isinstance(first_key, bytes) or len(first_key) != KEY_SIZE:
        return (Problem(scan.file, None, f"the first key must be {KEY_SIZE} bytes", scan.member),)
    bad: list[int] = []
    _tags(first_key, None, ((fr.seq, signed_part(fr.seq, fr.blob, fr.prev), fr.tag) for fr in scan.frames), bad)
    return tuple(Problem(scan.file, seq, TAG_FAILED, scan.member) for seq in bad)


def tag_ok(key: bytes, signed: bytes, tag: bytes) -> bool:
    """Whether ``tag`` is frame i's tag under ``key`` = k_i (constant-time comparison)."""
    bad: list[int] = []
    _tags(key, None, ((0, signed, tag),), bad)
    return not bad


def _tags(key: bytes, before: bytes | None, frames: Iterable[tuple[int, bytes | memoryview, bytes | memoryview]],
          bad: list[int]) -> tuple[bytes | None, bytes]:
    """Check each frame's tag, ``key`` being the first one's k_i, evolved once per frame; the
    seqs of the frames whose tag fails go to ``bad``. Returns the last frame's key and the next
    (``before`` and ``key`` as they were when there is no frame).

    Each frame is ``(seq, signed part, tag)`` (FORMAT.md §1.3-1.4). k_i (32 bytes) keys two
    HMACs, the tag key and k_{i+1}, each written out as H(k^opad || H(k^ipad || m)) with RFC
    2104's zero padding: the one tag check of every reader, run once per record of every log
    an aggregator reads.
    """
    # why: names bound here are looked up once, not per frame
    sha256, compare, ipad, opad, i32, o32 = hashlib.sha256, hmac.compare_digest, IPAD, OPAD, INNER32, OUTER32
    tag_label, evolve_label, keep = _TAG_LABEL, _EVOLVE_LABEL, bad.append
    for seq, signed, tag in frames:
        inner, outer = key.translate(ipad) + i32, key.translate(opad) + o32
        tag_key = sha256(outer + sha256(inner + tag_label).digest()).digest()
        if not compare(sha256(tag_key.translate(opad) + o32
                              + sha256(tag_key.translate(ipad) + i32 + signed).digest()).digest(), tag):
            keep(seq)
        before, key = key, sha256(outer + sha256(inner + evolve_label).digest()).digest()
    return before, key


@dataclass
class Streamed:
    """What a read of a log found: as ``scan``'s Scan (``count`` frames; ``frames`` only when
    asked for), plus per frame the blob's offset in the log, its length and the frame's check
    (32 bytes each in ``checks``: what tells two copies of a record apart, and what the ledger
    compares), and the frames whose tag failed (None: no first key to check them with)."""

    header: Header | None
    count: int
    problems: tuple[Problem, ...]
    valid_length: int
    torn_tail: int
    offsets: array[int] = field(default_factory=lambda: array("q"))
    lengths: array[int] = field(default_factory=lambda: array("I"))
    checks: bytearray = field(default_factory=bytearray)
    bad_tags: list[int] | None = None
    keys: dict[int, bytes] = field(default_factory=dict)  # k_{count-1} and k_count, when the tags were checked
    frames: list[Frame] = field(default_factory=list)


class LogStream:
    """The log reader: feed a log (:meth:`feed`), then :meth:`finish`.

    It finds the header, the frames while each is valid, the valid length, a torn tail or the
    damage, in the words ``scan`` reports (``scan`` is this reader fed the whole file). It keeps
    no frame unless ``frames`` is True: for each one it notes where its blob is, its length and
    the frame's check (what the aggregator tells copies apart by: a SHA-256 it computes anyway,
    binding the blob and every frame before it), and checks its forward-secure tag as it passes
    (FORMAT.md §1.4) when the log's first key is known. Its memory is a frame or two
    (``MAX_FRAME``) plus 44 bytes per frame, however large the log, so an aggregator can read a
    bundle of any size (FORMAT.md §2.6).

    ``first_key(header)`` gives the log's k_0 for the tags, or None to leave them unchecked;
    ``index`` False keeps no per-frame offsets, lengths or checks (an export needs only the
    count and the problems); ``frames`` True keeps every frame (``scan``).
    """

    def __init__(self, file: str, member: str = "",
                 first_key: Callable[[Header], bytes | None] | None = None, *, index: bool = True,
                 frames: bool = False) -> None:
        self.file, self.member, self._first_key, self._index = file, member, first_key, index
        self._buf: bytes | bytearray = bytearray()
        self._base = 0  # the log offset of _buf[0]
        self._pos = 0  # where the next frame starts, in _buf
        self._header: Header | None = None
        self._problem = ""  # the header's problem, once known
        self._seq = 0
        self._prev = b""
        self._key: bytes | None = None
        self._before: bytes | None = None  # the key before _key (k_{seq-1})
        self._out = Streamed(None, 0, (), 0, 0)
        self._keep = self._out.frames.append if frames else None
        self._stopped: str | None = None  # the problem of the frame where the chain ends
        self._stop_at = 0  # its log offset
        self._tail = bytearray()  # the bytes from there on, while fewer than MAX_FRAME
        self._tail_size = 0
        self._intact = _Intact()

    def feed(self, data: bytes) -> None:
        if self._stopped is not None:
            self._after(data)
            return
        if self._buf:
            self._buf += data
        else:  # why: a whole log fed at once (scan) is read where it lies, not copied
            self._buf = data if type(data) is bytes else bytearray(data)
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
        if self._tail_size < MAX_FRAME and _looks_torn(tail, seq, self._prev):
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
            if len(buf) < MAX_HEADER and not final:
                return
            parsed = parse_header(bytes(buf[:MAX_HEADER]))
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
        pos, seq, prev, key = self._pos, self._seq, self._prev, self._key
        # why: the loop below runs once per record of every log read; names bound here are
        # looked up once, not per frame
        unpack, sha256, label, magic_ok, overhead = _PREFIX.unpack_from, hashlib.sha256, _FRAME_LABEL, FRAME_MAGIC, FRAME_OVERHEAD
        index, keep, base, size_cap, length, at = self._index, self._keep, self._base, MAX_BLOB - 1, len(buf), buf.startswith
        tagged: list[tuple[int, memoryview, memoryview]] = []
        if keep is None:  # an export's scan, an aggregator's index: runs of same-size frames checked together
            pos, seq, prev, key, self._before = _bulk(buf, view, pos, seq, prev, out if index else None, base, key,
                                                      self._before, out.bad_tags)
            self._key = key
        try:
            while True:
                # FORMAT.md §1.3's checks in its order: magic, seq, length, then check and prev
                # (for an incomplete frame, prev as far as present: _fault words them all)
                if length - pos < 16:
                    if length == pos or not final:
                        break
                    self._stop(_fault(bytes(buf[pos:]), seq, prev), pos)
                    break
                magic, got, size = unpack(buf, pos)
                end = pos + overhead + size
                if magic != magic_ok or got != seq or size - 1 > size_cap or size == 0:
                    self._stop(_fault(bytes(buf[pos:pos + 16]), seq, prev), pos)
                    break
                if end > length:
                    if not final:
                        break
                    self._stop(_fault(bytes(buf[pos:]), seq, prev), pos)
                    break
                check_at = end - 32
                check = sha256(label + view[pos:check_at]).digest()
                # why startswith: compares in place, without slicing the buffer (per frame)
                if not at(check, check_at) or not at(prev, pos + 16):
                    self._stop(_fault(bytes(buf[pos:end]), seq, prev), pos)
                    break
                if key is not None:
                    tagged.append((seq, view[pos:check_at - 32], view[check_at - 32:check_at]))
                if index:
                    out.offsets.append(base + pos + 48)
                    out.lengths.append(size)
                    out.checks += check
                if keep is not None:
                    keep(Frame(seq, base + pos, bytes(view[pos + 48:check_at - 32]), prev,
                               bytes(view[check_at - 32:check_at]), check))
                pos, seq, prev = end, seq + 1, check
            if key is not None and tagged and out.bad_tags is not None:
                self._before, self._key = _tags(key, self._before, tagged, out.bad_tags)
        finally:
            tagged.clear()  # why: its views of the buffer must go before the buffer is cut
            view.release()
        self._seq, self._prev = seq, prev
        if self._stopped is None:
            self._pos = pos
            if isinstance(buf, bytearray):
                if pos < _KEEP:
                    return
                del buf[:pos]
            else:  # a whole log fed at once: what is left is less than a frame
                self._buf = bytearray(buf[pos:])
            self._base += pos
            self._pos = 0

    def _stop(self, problem: str, pos: int) -> None:
        """The chain ends at ``pos`` (in the buffer): keep what follows for the torn-tail rule."""
        self._stopped, self._stop_at = problem, self._base + pos
        rest = bytes(self._buf[pos:])
        self._buf = bytearray()
        self._after(rest)

    def _after(self, data: bytes) -> None:
        if self._header is None:
            return
        if self._tail_size < MAX_FRAME:
            self._tail += data[:MAX_FRAME - len(self._tail)]
        self._tail_size += len(data)
        self._intact.feed(data)


def _fault(data: bytes, seq: int, prev: bytes) -> str:
    """What is wrong with frame ``seq`` (chained to ``prev``) at the start of ``data``, which
    holds the frame, or what there is of it when the log ends first (FORMAT.md §1.3 order)."""
    left = len(data)
    if data[:4] != FRAME_MAGIC[:left]:
        return "no record starts here"
    if left < 16:
        return f"cut short: {left} bytes of a record"
    got = int.from_bytes(data[4:12], "big")
    if got != seq:
        return f"sequence number is {got}, expected {seq} (a record is missing, repeated or out of order)"
    size = int.from_bytes(data[12:16], "big")
    if not 1 <= size <= MAX_BLOB:
        return f"record length {size} is not 1..{MAX_BLOB}"
    end = FRAME_OVERHEAD + size
    if end > left:
        if left >= FRAME_PREFIX and data[16:FRAME_PREFIX] != prev:
            return _CHAIN
        return f"cut short: {left} of {FRAME_OVERHEAD + size} bytes"
    if _sha(_FRAME_LABEL, data[:end - DIGEST_SIZE]) != data[end - DIGEST_SIZE:end]:
        return "check does not match (the record is altered or damaged)"
    if data[16:FRAME_PREFIX] != prev:
        return _CHAIN
    raise AssertionError("a whole, valid frame does not stop the chain")


def _looks_torn(tail: bytes, seq: int, prev: bytes) -> bool:
    """Whether ``tail`` is what an interrupted append of frame ``seq`` can leave (FORMAT.md §1.6)."""
    if len(tail) >= MAX_FRAME:
        return False
    # why: where the file grew but some blocks never reached the disk, they read back as zeros
    head = tail.rstrip(b"\x00")
    fixed = FRAME_MAGIC + seq.to_bytes(8, "big")
    if head[:len(fixed)] != fixed[:len(head)]:
        return False
    length = head[12:16]
    low = int.from_bytes(length + b"\x00" * (4 - len(length)), "big")
    high = int.from_bytes(length + b"\xff" * (4 - len(length)), "big")
    if low > MAX_BLOB or high < 1:
        return False
    if len(length) == 4 and len(tail) >= FRAME_OVERHEAD + low:
        return False  # complete length: an append that finished, so its failure is damage
    present = head[16:FRAME_PREFIX]
    if present != prev[:len(present)]:
        return False
    # why: an interrupted append is the last thing written; a whole frame after it is damage
    intact = _Intact()
    intact.feed(tail[1:])
    return intact.finish() == 0


_BULK_MIN = 64  # why: below this many frames the per-frame loop is as quick as setting up arrays


def _bulk(buf: bytes | bytearray, view: memoryview, pos: int, seq: int, prev: bytes, out: Streamed | None = None,
          base: int = 0, key: bytes | None = None, before: bytes | None = None,
          bad: list[int] | None = None) -> tuple[int, int, bytes, bytes | None, bytes | None]:
    """Accept the frames from ``pos`` on that the per-frame loop would accept, as long as they
    are whole, of one size and pass every check: magic, seq, length, check and chain. Returns
    where the per-frame loop goes on (which then finds and words the first frame that fails,
    exactly as without this), with the key and the one before it as the tags left them. The
    checks but the SHA-256s run in numpy over the run of frames (records of one survey are
    padded to one size, so a log is such a run); the SHA-256 of each frame is one call. About
    half the per-frame loop's time: what an export's scan costs.

    With ``out`` (an index) the accepted frames' offsets (``base`` is the log offset of
    ``buf[0]``), lengths and checks go to it; with ``key`` (k_i of the first frame)
    their tags are checked as :func:`_tags` checks them, the seqs of those that fail going to
    ``bad``: each tag is computed in the frame's loop and all are compared at once in numpy,
    every byte of every tag (no early exit, as ``hmac.compare_digest``)."""
    import numpy as np

    nothing = pos, seq, prev, key, before
    length = len(buf)
    if length - pos < 16:
        return nothing
    magic, first, size = _PREFIX.unpack_from(buf, pos)
    if magic != FRAME_MAGIC or first != seq or not 1 <= size <= MAX_BLOB:
        return nothing
    stride = FRAME_OVERHEAD + size
    n = (length - pos) // stride
    if n < _BULK_MIN:
        return nothing
    rows = np.frombuffer(view[pos:pos + n * stride], dtype=np.uint8).reshape(n, stride)
    expected = np.empty((n, 16), dtype=np.uint8)  # each frame's prefix as it must be: magic, seq, length
    expected[:, :4] = np.frombuffer(FRAME_MAGIC, dtype=np.uint8)
    expected[:, 4:12] = np.arange(seq, seq + n, dtype=">u8").view(np.uint8).reshape(n, 8)
    expected[:, 12:16] = np.frombuffer(size.to_bytes(4, "big"), dtype=np.uint8)
    same = (rows[:, :16] == expected).all(axis=1)
    n = int(np.argmin(same)) if not same.all() else n
    if n < _BULK_MIN:
        return nothing
    tail = stride - DIGEST_SIZE
    # why a copy of the label's state per frame, in a plain loop: the label is hashed once, and
    # each frame is fed from the buffer without a concatenated copy (~10 % of the scan's time)
    copy, digests = hashlib.sha256(_FRAME_LABEL).copy, list[bytes]()
    keep = digests.append
    for at in range(pos, pos + n * stride, stride):
        check = copy()
        check.update(view[at:at + tail])
        keep(check.digest())
    checks = b"".join(digests)
    computed = np.frombuffer(checks, dtype=np.uint8).reshape(n, DIGEST_SIZE)
    chained = np.vstack((np.frombuffer(prev, dtype=np.uint8)[None, :], computed[:-1]))
    good = (computed == rows[:n, tail:]).all(axis=1) & (rows[:n, 16:16 + DIGEST_SIZE] == chained).all(axis=1)
    n = int(np.argmin(good)) if not good.all() else n
    if n == 0:
        return nothing
    end, signed = pos + n * stride, FRAME_PREFIX + size
    if out is not None:
        out.offsets.extend(range(base + pos + FRAME_PREFIX, base + end, stride))
        out.lengths.extend([size] * n)
        out.checks += checks[:n * DIGEST_SIZE]
    if key is not None:
        # why: names bound here are looked up once, not per frame
        sha256, ipad, opad, o32, i32 = hashlib.sha256, IPAD, OPAD, OUTER32, INNER32
        to_tag, to_evolve = INNER32 + _TAG_LABEL, INNER32 + _EVOLVE_LABEL
        tags = list[bytes]()
        tag = tags.append
        for at in range(pos, end, stride):
            inner, outer = key.translate(ipad), key.translate(opad) + o32
            tag_key = sha256(outer + sha256(inner + to_tag).digest()).digest()
            tag(sha256(tag_key.translate(opad) + o32
                       + sha256(tag_key.translate(ipad) + i32 + view[at:at + signed]).digest()).digest())
            before, key = key, sha256(outer + sha256(inner + to_evolve).digest()).digest()
        if bad is not None:
            made = np.frombuffer(b"".join(tags), dtype=np.uint8).reshape(n, DIGEST_SIZE)
            failed = np.flatnonzero(~(made == rows[:n, signed:signed + DIGEST_SIZE]).all(axis=1))
            bad.extend((failed + seq).tolist())
    return end, seq + n, checks[(n - 1) * DIGEST_SIZE:n * DIGEST_SIZE], key, before


class _Intact:
    """Counts the frames with a good check from the start of what it is fed (chain and seq
    ignored), holding at most a frame or two: what damage cut off from the chain."""

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
        pos = buf.find(FRAME_MAGIC, start)
        while pos != -1:
            size = int.from_bytes(buf[pos + 12:pos + 16], "big") if pos + 16 <= len(buf) else 0
            end = pos + FRAME_OVERHEAD + size
            if not final and (pos + 16 > len(buf) or 1 <= size <= MAX_BLOB and end > len(buf)):
                break  # undecided until more bytes come
            if (1 <= size <= MAX_BLOB and end <= len(buf)
                    and _sha(_FRAME_LABEL, bytes(buf[pos:end - DIGEST_SIZE])) == buf[end - DIGEST_SIZE:end]):
                self.count += 1
                start = end
            else:
                start = pos + 1
            pos = buf.find(FRAME_MAGIC, start)
        if pos == -1:  # nothing undecided: keep only what may begin a magic cut by the piece's end
            pos = max(start, len(buf) - len(FRAME_MAGIC) + 1)
        del buf[:pos]
        self._pos = 0
