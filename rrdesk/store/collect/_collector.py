"""The engine of :func:`rrdesk.store.collect._collect.collect`: bundles indexed and records opened in
worker processes, de-duplicated here, one row of small integers kept per usable record.

The decisions it carries out (records counted once, records left out, surveys kept apart,
custody) are written in :mod:`rrdesk.store.collect._collect`'s docstring.
"""
from __future__ import annotations

import multiprocessing
import os
from array import array
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence

import numpy as np

import rrdesk.store.collect._opening as opening
from rrdesk.core.heap import steady_buffers
from rrdesk.core.problems import Problem
from rrdesk.core.survey import Survey
from rrdesk.store import age
from rrdesk.store.age import Opener
from rrdesk.store.bundle import (
    BundleIndex,
    Bundles,
    Custody,
    LogIndex,
    index_bundle,
    ledger_problems,
    origin,
    unsigned_logs,
)
from rrdesk.store.collect._collected import BUNDLE, LOG, ROW, Collection, Rows, SurveyData, refused_aside
from rrdesk.store.collect._opening import FIXED, SEQ
from rrdesk.store.collect._seen import UNUSABLE, Seen, differing, runs, take_new
from rrdesk.store.log import unmatched_problems

CHUNK = 2048
# why: a task names its records (12 bytes each) and the worker reads them from the bundle itself,
# so a task is small whatever its size; 2048 records are ~0.1 s of work: the pipe and the
# scheduling are noise, and a few dozen tasks still spread evenly over the workers
IN_PROCESS_BELOW = 1024
# why: starting worker processes costs about half a second; fewer records than this (guessed
# from the bundles' sizes, then counted per bundle) are decrypted here faster, so small
# surveys and tests never wait for a pool
_IN_FLIGHT_PER_WORKER = 8
# why: keeps the workers busy while this process handles what came back; each task in flight
# costs ~25 KB here (its offsets) and its rows when done
_RECORD_BYTES = 820  # why: a sealed record with its frame; only to guess the work ahead from file sizes


def collect_once(paths: Sequence[Path], identities: list[age.Identity], survey_id: str | None, workers: int | None,
             trusted: Mapping[str, tuple[Survey, str]], custody: Custody | None) -> Collection:
    with steady_buffers():  # why: bundles are read in 1 MiB pieces here too (rrdesk.core.heap)
        return _collect(paths, identities, survey_id, workers, trusted, custody)


def _collect(paths: Sequence[Path], identities: list[age.Identity], survey_id: str | None, workers: int | None,
             trusted: Mapping[str, tuple[Survey, str]], custody: Custody | None) -> Collection:
    collector = _Collector(identities, survey_id, max(1, workers or os.cpu_count() or 1), trusted, custody or Custody())
    try:
        if collector.workers > 1 and _size(paths) > IN_PROCESS_BELOW * _RECORD_BYTES:
            collector.start_pool()  # why: now, before bundles fill this process, which spawn would copy
        ahead: deque[tuple[int, Path]] = deque()
        for number, path in enumerate(paths):
            collector.index_ahead(number, Path(path))
            ahead.append((number, Path(path)))
            while len(ahead) > collector.workers:  # why: bundles are indexed in the workers, a few ahead
                collector.add(*ahead.popleft())
        while ahead:
            collector.add(*ahead.popleft())
        return collector.finish()
    finally:
        collector.close()


@dataclass
class _Survey:
    """A survey being collected: its index of devices and logs, rows and problems."""

    survey: Survey
    first: str
    bundles: list[str]
    devices: dict[str, int]
    logs: dict[tuple[str, str], int]
    rows: Rows
    problems: list[tuple[int, Problem]]
    names: dict[str, int] = field(default_factory=dict)  # interviewer ids and versions → the rows' index
    places: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)  # (bundle, log) → file, member


class _Collector:
    def __init__(self, identities: list[age.Identity], survey_id: str | None, workers: int,
                 trusted: Mapping[str, tuple[Survey, str]], custody: Custody) -> None:
        self.identities, self.survey_id, self.workers, self.trusted = identities, survey_id, workers, trusted
        self.custody = custody
        self.surveys: dict[str, _Survey] = {}
        self.problems: list[tuple[int, Problem]] = []
        self.skipped: list[tuple[str, str]] = []
        self.seen: dict[tuple[str, str], Seen] = {}
        self.conflicts: dict[tuple[str, str, int], dict[bytes, list[tuple[int, bool, tuple[str, str]]]]] = {}
        self.unmatched: dict[tuple[int, str, str], tuple[str, list[int], list[int]]] = {}
        self.names: list[str] = []
        self.pool: ProcessPoolExecutor | None = None
        self.flight: deque[tuple[Future, opening.Job, _Survey, int, int, int]] = deque()
        self.here: tuple[Opener, Bundles] | None = None  # for records opened in this process
        self.indexing: dict[int, Future] = {}  # bundles being indexed in the workers, by number

    # -- one bundle ----------------------------------------------------------------------

    def index_ahead(self, number: int, path: Path) -> None:
        """Start indexing bundle ``number`` in a worker (else it is indexed here, when added).
        The future is kept here, not by the caller, so :meth:`add` can let the index go."""
        if self.pool is None or self.workers == 1:
            return
        try:
            self.indexing[number] = self.pool.submit(opening.index_in_worker, str(path))
        except BrokenProcessPool:
            self.workers = 1

    def _index(self, number: int, path: Path) -> BundleIndex:
        future = self.indexing.pop(number, None)
        if future is not None:
            try:
                return future.result()
            except BrokenProcessPool:
                self.workers = 1  # see _drain_one
        return index_bundle(path, self.identities)

    def add(self, number: int, path: Path) -> None:
        self.names.append(str(path))
        index = self._index(number, path)
        survey = index.survey
        if survey is None:  # not opened, or its survey copy unreadable: nothing is usable
            self.problems.extend((number, p) for p in index.problems)
            return
        if self.survey_id is not None and survey.id != self.survey_id:
            self.skipped.append((str(path), survey.id))
            return
        into = self.surveys.get(survey.id)
        if into is None:  # the trusted copy decides, not whichever bundle comes first
            base, first = self.trusted.get(survey.id, (survey, str(path)))
            into = self.surveys[survey.id] = _Survey(base, first, [], {}, {}, Rows(ROW + FIXED + len(base.direct)), [])
        into.problems.extend((number, p) for p in index.problems)
        why, usable = origin(self.custody, index)
        if why is not None:
            into.problems.append((number, why))
        if not usable:
            return
        unsigned, use_unsigned = unsigned_logs(self.custody, index)  # each log's header signature
        if why is None:  # why: only a bundle its laptop signed (and logs it began) may advance the ledger
            into.problems.extend((number, p) for p in ledger_problems(self.custody, index, self._here()[1],
                                                                       skip=unsigned))
        if survey.fingerprint != into.survey.fingerprint:
            into.problems.append((number, Problem(str(path), None, f'survey "{survey.id}" here has other '
                                                  f"questions or spinners than in {into.first}; "
                                                  "none of this bundle's records was used")))
            return
        into.bundles.append(str(path))
        jobs: list[tuple[opening.Job, int, int]] = []
        for checked in index.logs:
            into.problems.extend((number, p) for p in checked.problems)
            if checked.member in unsigned:
                into.problems.append((number, unsigned[checked.member]))
                if not use_unsigned:
                    continue
            header = checked.header
            if header is None or header.survey_id != survey.id:
                continue  # reported by the checks: the log is unreadable or of another survey
            jobs.extend(self._select(number, into, index, checked))
        index = checked = None  # why: the jobs hold what they need; the bundle's index goes before its records are opened
        into.rows.reserve(sum(job.count for job, _, _ in jobs))
        self._dispatch(jobs, into, number)

    def _select(self, number: int, into: _Survey, index: BundleIndex,
                checked: LogIndex) -> list[tuple[opening.Job, int, int]]:
        """Jobs for the records of this log not already taken from an earlier bundle."""
        header = checked.header
        device, log = header.device_id.hex(), header.log_id.hex()
        device_index = into.devices.setdefault(device, len(into.devices))
        log_index = into.logs.setdefault((device, log), len(into.logs))
        seen = self.seen.setdefault((device, log), Seen(bytearray(), array("I"), []))
        clean = not checked.problems
        named = {p.record for p in checked.problems if p.record is not None}
        seen.versions.append((number, clean))
        version = len(seen.versions) - 1
        digests: bytes | bytearray = checked.digests
        if any(seq < checked.count for seq in named):  # why: copied only when a record must be marked
            digests = bytearray(digests)
            for seq in named:
                if seq < checked.count:
                    digests[32 * seq:32 * seq + 32] = UNUSABLE
        shared = min(len(seen.digests) // 32, checked.count)  # seqs seen before this bundle
        fresh = take_new(seen, digests, version)
        extra: list[int] = []
        for seq in differing(seen, digests, shared):
            at = slice(32 * seq, 32 * seq + 32)
            digest = bytes(digests[at])
            if seen.digests[at] == UNUSABLE and digest != UNUSABLE:
                seen.digests[at], seen.source[seq] = digest, version
            elif digest == UNUSABLE:
                continue
            else:
                self._conflict(device, log, seq, seen, bytes(seen.digests[at]), digest, number, clean,
                               (index.file, checked.member))
            extra.append(seq)
        wanted = np.sort(np.concatenate((fresh, np.array(extra, dtype=np.int64)))) if extra else fresh
        jobs = []
        for first, last in runs(wanted):
            for start in range(first, last + 1, CHUNK):
                stop = min(start + CHUNK, last + 1)
                prev = (checked.offsets[start - 1], checked.lengths[start - 1]) if start else None
                job = opening.Job(index.file, index.digest, header, into.survey, start, checked.offsets[start:stop],
                                  checked.lengths[start:stop], prev, checked.member)
                jobs.append((job, device_index, log_index))
        return jobs

    def _conflict(self, device: str, log: str, seq: int, seen: Seen, old: bytes, new: bytes,
                  number: int, clean: bool, where: tuple[str, str]) -> None:
        versions = self.conflicts.setdefault((device, log, seq), {})
        if not versions:
            first_bundle, first_clean = seen.versions[seen.source[seq]]
            versions[old] = [(first_bundle, first_clean, ("", ""))]
        versions.setdefault(new, []).append((number, clean, where))

    # -- decryption ------------------------------------------------------------------------

    def _dispatch(self, jobs: list[tuple[opening.Job, int, int]], into: _Survey, number: int) -> None:
        total = sum(job.count for job, _, _ in jobs)
        if self.workers == 1 or (self.pool is None and total < IN_PROCESS_BELOW):
            for job, device, log in jobs:
                self._take(self._open_here(job), job, into, number, device, log)
            return
        self.start_pool()
        for job, device, log in jobs:
            while len(self.flight) >= self.workers * _IN_FLIGHT_PER_WORKER:
                self._drain_one()
            if self.workers > 1:
                try:
                    future = self.pool.submit(opening.open_in_worker, job)
                except BrokenProcessPool:
                    self.workers = 1  # see _drain_one
                else:
                    self.flight.append((future, job, into, number, device, log))
                    continue
            self._take(self._open_here(job), job, into, number, device, log)

    def _here(self) -> tuple[Opener, Bundles]:
        if self.here is None:
            self.here = (Opener(self.identities), Bundles(self.identities))
        return self.here

    def _open_here(self, job: opening.Job) -> opening.Opened:
        return opening.open_job(job, *self._here())

    def start_pool(self) -> None:
        if self.pool is None:
            self.pool = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"),  # why: safe in a threaded GUI
                initializer=opening.init_worker, initargs=([str(i) for i in self.identities],))

    def _drain_one(self) -> None:
        future, job, into, number, device, log = self.flight.popleft()
        try:
            opened = future.result()
        except BrokenProcessPool:
            # why: a worker that cannot start (a main module it cannot re-import) or was killed
            # (out of memory) must not lose records: go on without the pool, in this process
            self.workers = 1
            opened = self._open_here(job)
        self._take(opened, job, into, number, device, log)

    def _take(self, opened: opening.Opened, job: opening.Job, into: _Survey, number: int,
              device: int, log: int) -> None:
        if opened.rows.shape[0]:
            rows = into.rows.add(opened.rows.shape[0])
            rows[:, :ROW] = (number, device, log)
            rows[:, ROW:] = opened.rows
            # the job's own numbering of interviewer ids and versions → the survey's
            remap = np.array([into.names.setdefault(name, len(into.names)) for name in opened.names], dtype=np.int64)
            for column in (ROW + opening.WHO, ROW + opening.VERSION):
                rows[:, column] = remap[rows[:, column]]
            into.places[(number, log)] = (job.file, job.member)
        into.problems.extend((number, Problem(job.file, seq, what, job.member)) for seq, what in opened.problems)
        _, unmatched, count = self.unmatched.setdefault((number, job.file, job.member), (into.survey.id, [], [0]))
        unmatched.extend(opened.unmatched)
        count[0] += job.count

    # -- the end -------------------------------------------------------------------------

    def finish(self) -> Collection:
        while self.flight:
            self._drain_one()
        for (number, file, member), (sid, unmatched, count) in self.unmatched.items():
            self.surveys[sid].problems.extend((number, p) for p in unmatched_problems(file, unmatched, count[0],
                                                                                            member=member))
        drop = self._resolve_conflicts()
        surveys = {sid: self._survey_data(s, drop, self.problems) for sid, s in self.surveys.items()}
        return Collection(surveys, tuple(p for _, p in _ordered(self.problems)), tuple(self.skipped))

    def _resolve_conflicts(self) -> dict[tuple[str, str, int], int | None]:
        """(device, log, seq) → the bundle whose copy is used, None for no copy."""
        decided: dict[tuple[str, str, int], int | None] = {}
        for (device, log, seq), versions in sorted(self.conflicts.items()):
            trusted = [sources for sources in versions.values() if any(clean for _, clean, _ in sources)]
            keep = trusted[0][0][0] if len(trusted) == 1 else None
            decided[(device, log, seq)] = keep
            first = next(iter(versions.values()))[0][0]
            for sources in list(versions.values())[1:]:
                for number, _, (file, member) in sources:
                    if keep is None:
                        why = "neither copy was used: " + ("both logs verified" if len(trusted) > 1
                                                           else "neither log verified")
                    else:
                        why = f"the copy in {self.names[keep]} was used: only its log verified"
                    sid = next(s for s in self.surveys.values() if (device, log) in s.logs).survey.id
                    self.surveys[sid].problems.append((number, Problem(
                        file, seq, f"differs from the same record in {self.names[first]}; {why}", member)))
        return decided

    def _survey_data(self, s: _Survey, drop: dict[tuple[str, str, int], int | None],
                     shared: list[tuple[int, Problem]]) -> SurveyData:
        table = s.rows.take()
        logs = list(s.logs)
        mine = {(s.logs[(device, log)], seq): keep for (device, log, seq), keep in drop.items()
                if (device, log) in s.logs}
        if mine:
            keys = table[:, LOG] * opening.MAX_INTERVIEW + table[:, ROW + SEQ]
            disputed = np.flatnonzero(np.isin(keys, [log * opening.MAX_INTERVIEW + seq for log, seq in mine]))
            used = [mine[(int(table[i, LOG]), int(table[i, ROW + SEQ]))] == table[i, BUNDLE] for i in disputed]
            table = np.delete(table, disputed[~np.array(used, dtype=bool)], axis=0)
        table, aside = refused_aside(table)
        for row in aside.tolist():
            file, member = s.places[(row[BUNDLE], row[LOG])]
            s.problems.append((row[BUNDLE], Problem(file, row[ROW + SEQ], "an answer in an interview whose consent "
                                                                          "was refused is set aside", member)))
        log_column, seqs = table[:, LOG], table[:, ROW + SEQ]
        if not np.all((log_column[1:] > log_column[:-1]) | ((log_column[1:] == log_column[:-1]) & (seqs[1:] > seqs[:-1]))):
            table = table[np.lexsort((seqs, log_column))]  # why: only when out of order: most collections come sorted
        return SurveyData(s.survey, tuple(s.bundles), tuple(s.devices), tuple(log for _, log in logs),
                          table, tuple(p for _, p in _ordered(s.problems + shared)), tuple(s.names))

    def close(self) -> None:
        if self.here is not None:
            self.here[1].close()
        if self.pool is not None:
            for future in [f for f, *_ in self.flight] + list(self.indexing.values()):
                future.cancel()
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None


def _ordered(problems: list[tuple[int, Problem]]) -> list[tuple[int, Problem]]:
    """By bundle as given, then file, then record (the log's own problems first)."""
    return sorted(problems, key=lambda item: (item[0], item[1].location,
                                              -1 if item[1].record is None else item[1].record))


def _size(paths: Sequence[Path]) -> int:
    total = 0
    for path in paths:
        try:
            total += os.stat(path).st_size
        except (OSError, ValueError):
            pass  # collect reports the file
    return total


