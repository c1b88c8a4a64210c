"""Which records of a log the aggregator still needs: the first usable copy of each is kept.

A record is known by (device, log, seq); its frame's check (FORMAT.md §1.3: the SHA-256 of
the frame, so of its sealed blob and, through the chain, of every frame before it) tells
copies apart: the reader computes it anyway, and the ledger compares the same checks. Bundles
come in the coordinator's order; the first usable copy of a record is the one used, another
copy with the same frame is skipped silently, and one with another frame is a conflict for
:mod:`rrdesk.store.collect._collect` to resolve. Vectorised with numpy: a log of a million
records is compared in a few calls, not a million.

Only a log that another bundle (or another member of the same bundle) also holds needs its
checks kept: a record held once cannot have another copy to tell apart. The planner keeps a
:class:`Seen` only for such logs, once it knows every bundle's logs
(:class:`rrdesk.store.collect._plan.Decider`), and takes a log held once by :func:`usable`.
"""
from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import Iterator

import numpy as np

__all__ = ["UNUSABLE", "Seen", "differing", "runs", "take_new", "usable"]

UNUSABLE = bytes(32)  # a check slot for a frame seen but not usable (named by a problem)


@dataclass
class Seen:
    """Per log: the check of the first usable copy of each record, and where it came from.
    ``checks`` may be the first copy's own (its index's, never changed here: :meth:`own`
    copies it before any change), so the checks are not copied while that index is held."""

    checks: bytes | bytearray
    source: array  # per seq: index into versions
    versions: list[tuple[int, bool]]  # (bundle number, whether its log verified clean)
    owned: bool = True  # whether ``checks`` is this object's own, to change in place

    def own(self) -> bytearray:
        """``checks``, made this object's own to change (copied the first time only)."""
        if not self.owned or not isinstance(self.checks, bytearray):
            self.checks, self.owned = bytearray(self.checks), True
        assert isinstance(self.checks, bytearray)
        return self.checks


def runs(seqs: np.ndarray) -> Iterator[tuple[int, int]]:
    """Consecutive stretches of sorted ``seqs`` as (first, last)."""
    if seqs.size == 0:
        return
    breaks = np.flatnonzero(np.diff(seqs) != 1)
    starts = np.concatenate(([0], breaks + 1))
    ends = np.concatenate((breaks, [seqs.size - 1]))
    yield from zip(seqs[starts].tolist(), seqs[ends].tolist())


def take_new(seen: Seen, checks: bytes | bytearray, version: int) -> np.ndarray:
    """Append the records beyond those seen so far; return their usable seqs."""
    old, new = len(seen.checks) // 32, len(checks) // 32
    if new <= old:
        return np.empty(0, dtype=np.int64)
    view = memoryview(checks)[32 * old:]
    if old == 0:  # why not copied: the first copy's checks are kept as they are (never changed)
        seen.checks, seen.owned = checks, False
    else:
        seen.own().extend(view)
    seen.source.extend(array("I", [version]) * (new - old))
    fresh = np.frombuffer(view, dtype=np.uint8).reshape(-1, 32)
    usable = np.flatnonzero(fresh.any(axis=1)) + old
    del fresh
    view.release()
    return usable


def usable(checks: bytes | bytearray) -> np.ndarray:
    """The seqs of a log's records that may be used (not marked :data:`UNUSABLE`): those
    :func:`take_new` gives for a log met for the first time, with nothing kept."""
    if not checks:
        return np.empty(0, dtype=np.int64)
    return np.flatnonzero(np.frombuffer(checks, dtype=np.uint8).reshape(-1, 32).any(axis=1))


def differing(seen: Seen, checks: bytes | bytearray, count: int) -> list[int]:
    """The seqs seen before whose check here differs from the one kept (the rare case)."""
    shared = min(len(seen.checks) // 32, count)
    if not shared:
        return []
    here = np.frombuffer(checks, dtype=np.uint8, count=32 * shared).reshape(-1, 32)
    kept = np.frombuffer(bytes(seen.checks[:32 * shared]), dtype=np.uint8).reshape(-1, 32)
    return np.flatnonzero((here != kept).any(axis=1)).tolist()
