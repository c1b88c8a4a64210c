"""``rrdesk verify`` and ``rrdesk extract`` on a bundle, read as a stream (FORMAT.md §2.6).

A bundle is never held whole: :func:`bundle_logs` checks it with
:func:`rrdesk.store.bundle._index.index_bundle` -- the tar, the manifest, and every check of
each log but its records' (framing, sequence, chain, key file, first key, tags), exactly what
``verify`` finds on a log held in memory (``tests/test_bundle_stream.py`` compares the two) --
keeping 44 bytes a record to place its sealed blob. :func:`check_log` then reads the records
in batches of :data:`BATCH` straight from the bundle file (each age chunk authenticating as it
is read) and checks them with :func:`rrdesk.store.log.check_records`, as
:func:`rrdesk.store.log.check_found_log` checks a log's; :func:`blobs` gives them to ``extract``. Memory: the index and one batch, however large
the bundle (``tests/benchmarks/verify_memory.py`` measures ``verify -i`` on a 500 MB bundle).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Mapping, Sequence

from rrdesk.core.errors import BundleError, BundleUnreadable
from rrdesk.core.problems import Problem
from rrdesk.store import age, minisign
from rrdesk.store.bundle import BundleIndex, Bundles, LogIndex, index_bundle, signatures
from rrdesk.store.log import check_records
from rrdesk.store.verify._sources import FoundLog

__all__ = ["BATCH", "Streamed", "blobs", "bundle_logs", "check_log"]

BATCH = 4096
# why: ~3.5 MB of sealed records read at a time: few reads and little memory whatever the bundle


@dataclass(frozen=True, eq=False)
class Streamed:
    """Where a log of a bundle is: the bundle as indexed, and the log."""

    bundle: BundleIndex
    log: LogIndex


def bundle_logs(path: Path, identities: Sequence[age.Identity], problems: list[Problem],
                laptops: Mapping[str, minisign.PublicKey] | None = None) -> list[FoundLog]:
    """The logs of the bundle ``path`` to check, each placed in the bundle (its records unread);
    the bundle's own problems go to ``problems`` (one that cannot be opened: that alone), and
    with ``laptops`` what is wrong with its origin (FORMAT.md §2.8)."""
    index = index_bundle(Path(path), identities)
    if index.unreadable:  # why: an I/O error is "could not be read" (exit 2), never damage (exit 1)
        raise BundleUnreadable(path, "", index.problems[0].what)
    problems.extend(index.problems)
    origin, headers = signatures(index, laptops)  # as the aggregator's workers judge them
    if origin is not None:
        problems.append(Problem(index.file, None, origin))
    problems.extend(headers.values())  # each log's header signature (§1.11)
    survey_id = index.survey.id if index.survey is not None else None
    return [FoundLog(index.file, log.member, log.member, b"", None, index.file, log.member + ".key", survey_id,
                 index.survey, streamed=Streamed(index, log)) for log in index.logs]


def blobs(item: FoundLog, bundles: Bundles) -> Iterator[tuple[int, bytes]]:
    """Each intact record of the log ``item`` (seq, sealed blob), read from its bundle in
    batches; BundleError when the bundle changed since it was indexed."""
    for batch in _batches(item, bundles):
        yield from batch


def _batches(item: FoundLog, bundles: Bundles) -> Iterator[list[tuple[int, bytes]]]:
    """:func:`blobs`, a batch of at most :data:`BATCH` at a time."""
    where: Streamed = item.streamed
    log = where.log
    for start in range(0, log.count, BATCH):
        stop = min(start + BATCH, log.count)
        batch = bundles.blobs(where.bundle.file, where.bundle.digest, log.offsets[start:stop], log.lengths[start:stop])
        yield list(enumerate(batch, start))


def check_log(item: FoundLog, identities: Sequence[age.Identity] | None, bundles: Bundles) -> tuple[int, list[Problem]]:
    """``check_found_log`` on a log of a bundle: its intact records and every problem. The
    records are read from the bundle a batch at a time (:func:`blobs`); a bundle that fails to
    read part way says so in one line, after what was read before it."""
    log: LogIndex = item.streamed.log
    problems = list(log.problems)
    if identities and log.header is not None:
        failed: list[Problem] = []

        def batches() -> Iterator[list[tuple[int, bytes]]]:
            try:
                yield from _batches(item, bundles)
            except BundleError as error:
                failed.append(item.problem(None, error.what))

        found = check_records(item, log.header, batches(), log.count, identities)
        problems.extend(found + failed)
    return log.count, problems
