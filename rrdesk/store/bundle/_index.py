"""One bundle read for the aggregator as a stream: every check, and where each record lies.

:func:`index_bundle` makes every check of :func:`rrdesk.store.verify.verify` but the records' own,
without holding the bundle:
it reads it once through :func:`rrdesk.store.bundle._open.read_bundle` (one 64 KiB chunk of
the age payload at a time), feeding each log to a :class:`~rrdesk.store.log.LogStream`
that checks framing, sequence, chain and tags as they pass, then makes every check of a log
that ``verify`` makes (:func:`rrdesk.store.log.structure_problems`). What it returns
is small: per log, the offset and length of each record's sealed blob in the bundle's plaintext
and the frame's check -- 44 bytes a record, kept as they were gathered, never copied --
so a worker process can later read a batch of records straight from the bundle file (:class:`Bundles`) instead of receiving them through a pipe.
It runs in a worker process: opening, scanning and tags are spread over the cores too.
"""
from __future__ import annotations

import os
from array import array
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import BinaryIO, Callable, Mapping, Sequence

from rrdesk.core import survey as surveys
from rrdesk.core.errors import AgeError, BundleError, BundleUnreadable, RRDeskError, os_reason
from rrdesk.core.fileio import open_capped
from rrdesk.core.problems import Problem
from rrdesk.core.survey import Survey
from rrdesk.store import age
from rrdesk.store.age import SealedFile
from rrdesk.store.bundle._open import (
    HEADER_SIGNATURE_NAME,
    MAX_BUNDLE,
    SURVEY_FILE,
    TORN_DIR,
    left_out_lines,
    read_bundle,
)
from rrdesk.store.log import TAG_FAILED, FoundLog, Header, LogStream, first_key, structure_problems

__all__ = ["BundleIndex", "Bundles", "LogIndex", "Verdicts", "index_bundle"]


@dataclass(frozen=True, eq=False)
class LogIndex:
    """One log of a bundle after every check but its records' content; ``offsets`` and
    ``lengths`` place each intact frame's blob in the bundle's plaintext, ``checks`` holds each
    frame's check (FORMAT.md §1.3), 32 bytes each: what tells two copies of a record apart (it
    binds the blob and every frame before it) and what the ledger compares (FORMAT.md §4)."""

    member: str
    header: Header | None
    problems: tuple[Problem, ...]
    offsets: array
    lengths: array
    checks: bytes | bytearray  # why not copied to bytes: the index is the collection's peak (20 MB a 500 MB bundle)

    @property
    def count(self) -> int:
        return len(self.offsets)

    def check_at(self, seq: int) -> bytes:
        """The check of frame ``seq`` (FORMAT.md §1.3)."""
        return bytes(self.checks[32 * seq:32 * seq + 32])


@dataclass(frozen=True)
class Verdicts:
    """A bundle's signatures, judged where it was indexed (the keys the coordinator trusts):
    why its origin is not proven (None: proven, or not checked), each log whose header
    signature fails (by member), whether the coordinator's signing key signed its survey copy
    for the manifest's survey id, and which of its copies (``survey.toml``, ``versions/…``) the
    signing key signed for their own survey id."""

    origin: str | None = None
    headers: Mapping[str, Problem] = field(default_factory=dict)
    copy_signed: bool = False
    signed_copies: frozenset[str] = frozenset()


@dataclass(frozen=True, eq=False)
class BundleIndex:
    """A bundle read and checked: its survey copy (None when unreadable), its logs, its own
    problems (one that cannot be opened, a survey copy that cannot be read, a miscount), and
    ``digest``/``size``, which name exactly these bytes for :class:`Bundles`."""

    file: str
    survey: Survey | None
    logs: tuple[LogIndex, ...]
    problems: tuple[Problem, ...]
    digest: bytes = b""
    size: int = 0
    manifest: dict | None = None              # what the coordinator checks its origin by (§2.8)
    manifest_bytes: bytes = b""
    signature: bytes | None = None
    survey_text: bytes = b""
    survey_signature: bytes | None = None
    log_signatures: dict | None = None        # each log's header signature by member name (§1.11)
    versions: Mapping[str, bytes] = field(default_factory=dict)  # the kept copies of earlier versions (§2.3)
    verdicts: Verdicts = Verdicts()           # its signatures judged (:func:`index_bundle`'s ``judge``)
    unreadable: bool = False                  # an I/O error stopped its reading: the disk, not damage


class _Discard:
    def feed(self, data: bytes) -> None:
        pass

    def finish(self) -> None:
        return None


class _Placed:
    """A log's stream, with the offsets made absolute in the plaintext."""

    def __init__(self, stream: LogStream, at: int) -> None:
        self.stream, self.at = stream, at
        self.feed = stream.feed

    def finish(self):
        streamed = self.stream.finish()
        if self.at:  # why numpy: one addition over the log's offsets, not a Python step per record
            import numpy as np

            streamed.offsets = array("q", (np.frombuffer(streamed.offsets, dtype=np.int64) + self.at).tobytes())
        return streamed, streamed.checks


def index_bundle(path: Path, identities: Sequence[age.Identity],
                 judge: Callable[[BundleIndex], Verdicts] | None = None) -> BundleIndex:
    """Open, check and index a bundle; never raises for a bad bundle (a problem says why).
    ``judge`` gives the verdicts on its signatures (the keys the coordinator trusts)."""
    file = str(path)

    def key_of(header: Header) -> bytes | None:
        key = first_key(header, identities)
        return key if isinstance(key, bytes) else None

    def sink(name: str, at: int):
        if name.startswith(TORN_DIR):
            return _Discard()
        return _Placed(LogStream(file, name, key_of), at)

    try:
        read = read_bundle(Path(path), identities, sink)
    except BundleError as error:
        return BundleIndex(file, None, (), (Problem(file, None, error.what),),
                           unreadable=isinstance(error, BundleUnreadable))
    problems: list[Problem] = []
    survey_id = read.manifest["survey"]
    survey = bundle_survey(Path(path), read.survey_text, survey_id, problems)
    # what the laptop's export could not read, one line a file (FORMAT.md §2.4 left_out)
    problems.extend(Problem(file, None, what, name) for name, what in left_out_lines(read.manifest))
    logs = []
    for entry in read.manifest["logs"]:
        name = entry["name"]
        streamed, checks = read.logs[name]
        problems.extend(miscounted(Path(path), entry, streamed.count))
        item = FoundLog(file, name, name, b"", read.keys.get(name + ".key"), file, name + ".key", survey_id, survey)
        bad = streamed.bad_tags or ()
        found = structure_problems(item, streamed.header, streamed.count, streamed.problems, identities,
                                   lambda key: [Problem(file, seq, TAG_FAILED, name) for seq in bad], streamed.keys)
        logs.append(LogIndex(name, streamed.header, tuple(found), streamed.offsets, streamed.lengths, checks))
    index = BundleIndex(file, survey, tuple(logs), tuple(problems), read.digest, read.size, dict(read.manifest),
                        read.manifest_bytes, read.signature, read.survey_text, read.survey_signature,
                        {n: b for n, b in read.keys.items() if HEADER_SIGNATURE_NAME.match(n)}, dict(read.versions))
    return index if judge is None else replace(index, verdicts=judge(index))


class Bundles:
    """Open bundles to read records from, by file, as a worker needs them (a few at a time).

    A bundle is read again only if it still is the file that was indexed: the same age header
    and payload nonce (so the same file key) and the same size; its chunks authenticate as
    they are read. Otherwise :meth:`blobs` raises :class:`BundleError` ("changed").
    """

    KEEP = 4  # why: a worker works through one or two bundles at a time; a few open files suffice

    def __init__(self, identities: Sequence[age.Identity]) -> None:
        self.identities = identities
        self._open: OrderedDict[str, tuple[SealedFile, BinaryIO]] = OrderedDict()

    def blobs(self, file: str, digest: bytes, offsets: Sequence[int], lengths: Sequence[int]) -> list[bytes]:
        sealed = self._get(file, digest)
        try:
            return [sealed.read_at(o, n) for o, n in zip(offsets, lengths)]
        except AgeError:
            raise BundleError(file, "", "changed while it was read (no record of it was used)") from None
        except OSError as error:  # why apart: the disk or the stick failed, the bundle may be whole
            raise _unreadable(file, error) from None

    def _get(self, file: str, digest: bytes) -> SealedFile:
        if file in self._open:
            self._open.move_to_end(file)
            sealed = self._open[file][0]
        else:
            try:
                raw = os.fdopen(open_capped(file, MAX_BUNDLE), "rb", buffering=0)
            except (FileNotFoundError, IsADirectoryError):
                raise BundleError(file, "", "changed while it was read (no record of it was used)") from None
            except OSError as error:
                raise _unreadable(file, error) from None
            try:
                sealed = SealedFile(raw, self.identities)
            except AgeError:
                raw.close()
                raise BundleError(file, "", "changed while it was read (no record of it was used)") from None
            except OSError as error:
                raw.close()
                raise _unreadable(file, error) from None
            self._open[file] = (sealed, raw)
            while len(self._open) > self.KEEP:
                _, (_, old) = self._open.popitem(last=False)
                old.close()
        if sealed.digest != digest:
            raise BundleError(file, "", "changed while it was read (no record of it was used)")
        return sealed

    def close(self) -> None:
        for _, raw in self._open.values():
            raw.close()
        self._open.clear()


def _unreadable(file: str, error: OSError) -> BundleUnreadable:
    """A bundle that could not be read again for its records: the disk's fault, said as such."""
    return BundleUnreadable(file, "", f"could not be read: {os_reason(error)} (the disk or the stick, not the "
                                      "bundle: no record of it was used; try again)")


def bundle_survey(path: Path, text: bytes, survey_id: str, problems: list[Problem]) -> Survey | None:
    """A bundle's survey copy (None, and a problem, when it cannot be read), checked against
    the manifest's survey id."""
    try:
        survey = surveys.loads(text.decode("utf-8-sig"), f"{path}:{SURVEY_FILE}")
    except (RRDeskError, UnicodeDecodeError) as error:
        problems.append(Problem(str(path), None, f"the survey copy cannot be read ({error})", SURVEY_FILE))
        return None
    if survey.id != survey_id:
        problems.append(Problem(str(path), None, f'is survey "{survey.id}", the manifest says "{survey_id}"',
                                SURVEY_FILE))
    return survey


def miscounted(path: Path, entry: dict, counted: int) -> list[Problem]:
    """A problem when the manifest's record count for a log is not what the log holds."""
    if entry["records"] == counted:
        return []
    return [Problem(str(path), None, f"the manifest says {entry['records']} records, the log holds {counted}",
                    entry["name"])]

