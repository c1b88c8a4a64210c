"""The bytes of the record log and its key file: encoding and strict parsing (FORMAT.md §1).

Pure: no I/O, no clock, no randomness. ``scan`` never raises on any bytes; it returns the
longest valid prefix of a log and says, in plain words, why it stopped. The crypto here is
two labelled uses of HMAC-SHA-256 (the Schneier--Kelsey forward-secure key chain) and
labelled SHA-256 checks; every constant says why it is safe (FORMAT.md §1.10).
"""
from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass
from datetime import date

from rrdesk.core.problems import Problem
from rrdesk.store.age import hmac_sha256

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
MAX_SEALED_KEY = 4096  # why: ~250 bytes per age file + ~100 per extra recipient; bounds hostile input
MAX_BLOB = 65536  # why: a record is ~700 bytes; bounds memory and the size of a torn tail
FRAME_PREFIX = 48  # magic 4, seq 8, length 4, prev 32
FRAME_OVERHEAD = FRAME_PREFIX + 2 * DIGEST_SIZE  # prefix, tag, check
MAX_FRAME = FRAME_OVERHEAD + MAX_BLOB
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


def _tag_key(key: bytes) -> bytes:
    return _hmac(key, _TAG_LABEL)


def tag_ok(key: bytes, signed: bytes, tag: bytes) -> bool:
    """Whether ``tag`` is frame i's tag under ``key`` = k_i (constant-time comparison)."""
    return hmac.compare_digest(_hmac(_tag_key(key), signed), tag)


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
    body = signed + _hmac(_tag_key(key), signed)
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


TAG_FAILED = "tag does not verify (altered, or written with another key)"
_CHAIN = "does not follow the record before it (a record was removed, reordered or spliced in)"


def _frame(data: bytes, off: int, seq: int, prev: bytes) -> Frame | str:
    """Frame ``seq`` at ``off``, or what is wrong with what is there (FORMAT.md §1.3 order)."""
    left = len(data) - off
    if data[off:off + 4] != FRAME_MAGIC[:left]:
        return "no record starts here"
    if left < 16:
        return f"cut short: {left} bytes of a record"
    got = int.from_bytes(data[off + 4:off + 12], "big")
    if got != seq:
        return f"sequence number is {got}, expected {seq} (a record is missing, repeated or out of order)"
    size = int.from_bytes(data[off + 12:off + 16], "big")
    if not 1 <= size <= MAX_BLOB:
        return f"record length {size} is not 1..{MAX_BLOB}"
    end = off + FRAME_OVERHEAD + size
    if end > len(data):
        if left >= FRAME_PREFIX and data[off + 16:off + FRAME_PREFIX] != prev:
            return _CHAIN
        return f"cut short: {left} of {FRAME_OVERHEAD + size} bytes"
    check = data[end - DIGEST_SIZE:end]
    if _sha(_FRAME_LABEL, data[off:end - DIGEST_SIZE]) != check:
        return "check does not match (the record is altered or damaged)"
    if data[off + 16:off + FRAME_PREFIX] != prev:
        return _CHAIN
    tag_at = end - 2 * DIGEST_SIZE
    return Frame(seq, off, data[off + FRAME_PREFIX:tag_at], prev, data[tag_at:end - DIGEST_SIZE], check)


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
    return _intact_from(tail, 1) == 0


def _intact_from(data: bytes, start: int) -> int:
    """How many frames with a good check start at or after ``start`` (chain and seq ignored)."""
    count, pos = 0, data.find(FRAME_MAGIC, start)
    while pos != -1:
        size = int.from_bytes(data[pos + 12:pos + 16], "big") if pos + 16 <= len(data) else 0
        end = pos + FRAME_OVERHEAD + size
        if (1 <= size <= MAX_BLOB and end <= len(data)
                and _sha(_FRAME_LABEL, data[pos:end - DIGEST_SIZE]) == data[end - DIGEST_SIZE:end]):
            count += 1
            pos = data.find(FRAME_MAGIC, end)
        else:
            pos = data.find(FRAME_MAGIC, pos + 1)
    return count


def scan(data: bytes, file: str, member: str = "") -> Scan:
    """Read a log: the longest valid prefix, plus the problems that end it. Never raises.

    Parameters
    ----------
    data : bytes
        The whole log file (any bytes at all).
    file : str
        The file's name, for the problems.
    member : str
        Inside a bundle, the log's name (``file`` is then the bundle).
    """
    data = bytes(data)
    parsed = parse_header(data)
    if isinstance(parsed, str):
        return Scan(None, (), (Problem(file, None, parsed, member),), 0, 0, file, member)
    header, off = parsed
    frames: list[Frame] = []
    problems: list[Problem] = []
    prev, torn = header.check, 0
    while off < len(data):
        seq = len(frames)
        found = _frame(data, off, seq, prev)
        if isinstance(found, Frame):
            frames.append(found)
            off += FRAME_OVERHEAD + len(found.blob)
            prev = found.check
            continue
        tail = data[off:]
        if _looks_torn(tail, seq, prev):
            torn = len(tail)
            problems.append(Problem(file, seq, f"torn tail: the last {torn} bytes, from byte {off}, "
                                               "are an incomplete record left by an interrupted write", member))
        else:
            problems.append(Problem(file, seq, f"at byte {off}: {found}", member))
            lost = _intact_from(data, off)
            if lost:
                problems.append(Problem(file, None, f"{lost} intact-looking record(s) from byte {off} on "
                                                    "are cut off from the chain and were not read", member))
        break
    return Scan(header, tuple(frames), tuple(problems), off, torn, file, member)


def check_tags(scan: Scan, first_key: bytes) -> tuple[Problem, ...]:
    """Check frame i's tag against exactly k_i, the i-th key evolved from ``first_key`` = k_0.

    Schneier & Kelsey, "Cryptographic support for secure logs on untrusted machines" (1998).
    Pure; returns one problem per record whose tag does not verify.
    """
    if not isinstance(first_key, bytes) or len(first_key) != KEY_SIZE:
        return (Problem(scan.file, None, f"the first key must be {KEY_SIZE} bytes", scan.member),)
    problems, key = [], first_key
    for frame in scan.frames:
        if not tag_ok(key, signed_part(frame.seq, frame.blob, frame.prev), frame.tag):
            problems.append(Problem(scan.file, frame.seq, TAG_FAILED, scan.member))
        key = evolve(key)
    return tuple(problems)


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
