"""The engine of :func:`rrdesk.store.collect._collect.collect`: the stages that run in worker
processes and the counting here.

1. index: each bundle indexed once, in the workers (:meth:`Engine.index`,
   :func:`rrdesk.store.bundle.index_bundle`, its signatures judged there too);
2. decide: :func:`rrdesk.store.collect._plan.decide`, pure, in this process;
3. open: the records of the runs the plan uses, read from each bundle's file in batches by
   place and decrypted in the workers (:meth:`Engine.open`, :mod:`rrdesk.store.collect._opening`);
4. count: one row of small integers kept here per usable record (:meth:`Engine.open` gives a
   :class:`~rrdesk.store.collect._collected.Collection`).
"""
from __future__ import annotations

import multiprocessing
import os
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Sequence

import numpy as np

import rrdesk.store.collect._opening as opening
from rrdesk.core.errors import Cancelled
from rrdesk.core.heap import steady_buffers
from rrdesk.core.problems import Problem
from rrdesk.core.survey import Survey
from rrdesk.store import age
from rrdesk.store.age import Opener
from rrdesk.store.bundle import BundleIndex, Bundles, Verdicts, index_bundle
from rrdesk.store.collect._collected import (
    BUNDLE,
    DEVICE,
    LOG,
    ROW,
    Collection,
    Rows,
    SurveyData,
    duplicate_starts,
    interview_ids,
    numbers_of,
    refused_aside,
    row_dtype,
    synthetic_aside,
)
from rrdesk.store.collect._opening import FIXED, SEQ, SYNTHETIC
from rrdesk.store.collect._plan import Plan, SurveyPlan
from rrdesk.store.log import unmatched_problems

__all__ = ["CHUNK", "Engine", "Judge", "Progress"]

CHUNK = 2048
# why: a task names its records (12 bytes each) and the worker reads them from the bundle itself,
# so a task is small whatever its size; 2048 records are ~0.1 s of work: the pipe and the
# scheduling are noise, and a few dozen tasks still spread evenly over the workers
IN_PROCESS_BELOW = 14_000
# why: starting the worker processes (spawned: each imports rrdesk and numpy, and parses the
# identities) costs about a third of a second of wall time, which two workers win back only on
# about 11,000 to 12,000 records (``tests/benchmarks/aggregate.py --break-even`` on a quiet 2-core
# machine, three sessions: 10,930, 11,032 and 12,018 records; 0.65 s vs 0.70 s at 9,990, 1.22 s vs
# 1.00 s at 19,980); set above the highest with room, as a busy machine's second core pays less,
# and well below twice the lowest. Fewer records than this (guessed from the bundles' sizes, then
# counted per plan) are decrypted here, faster, so small surveys and tests never wait for a pool
_IN_FLIGHT_PER_WORKER = 8
# why: keeps the workers busy while this process handles what came back; each task in flight
# costs ~25 KB here (its offsets) and its rows when done
_RECORD_BYTES = 820  # why: a sealed record with its frame; only to guess the work ahead from file sizes

Judge = Callable[[BundleIndex], Verdicts]  # a bundle's signatures judged; module-level, so workers can run it
#: told (records opened, records planned so far) as the records come back, and after each bundle
#: is indexed; False stops the collection (:class:`~rrdesk.core.errors.Cancelled` is raised)
Progress = Callable[[int, int], bool]


@dataclass
class _Survey:
    """A survey being counted: its plan, rows and problems."""

    plan: SurveyPlan
    rows: Rows
    problems: list[tuple[int, Problem]]
    handed: int = 0  # the plan's jobs handed out so far
    names: dict[str, int] = field(default_factory=dict)  # interviewer ids and versions → the rows' index
    places: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)  # (bundle, log) → file, member
    interviews: dict[int, int] = field(default_factory=dict)  # laptop and interview number → its index

    @property
    def survey(self) -> Survey:
        return self.plan.survey


class Engine:
    """The worker processes (or this one) through the stages of one collection; close it."""

    def __init__(self, identities: Sequence[age.Identity], workers: int | None, judge: Judge | None = None,
                 progress: Progress | None = None) -> None:
        self.identities, self.judge, self.progress = list(identities), judge, progress
        self.done = self.planned = 0  # records opened, records handed out (what progress is told)
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.pool: ProcessPoolExecutor | None = None
        self.here: tuple[Opener, Bundles] | None = None  # for records opened in this process
        self.flight: deque[tuple[Future, opening.Job, _Survey, int, int, int]] = deque()
        self.unmatched: dict[tuple[int, str, str], tuple[str, list[int], list[int]]] = {}
        # the indexes being made (:meth:`indexed`), to show the planner those done ahead of their turn
        self._ahead: list[Future | None] = []
        self._ahead_at = 0
        self._foresee: Callable[[int, BundleIndex], None] | None = None

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- 1. index ----------------------------------------------------------------------------

    def index(self, paths: Sequence[Path]) -> list[BundleIndex]:
        """Each bundle opened once and indexed, in the workers when the bundles are large."""
        return list(self.indexed(paths))

    def indexed(self, paths: Sequence[Path], foresee: Callable[[int, BundleIndex], None] | None = None
                ) -> Iterator[BundleIndex]:
        """:meth:`index`, each index given as soon as it and those before it are done (the
        workers go on with the next bundles, then with the records handed out meanwhile).
        ``foresee(number, index)`` is shown, as records come back, each index the workers have
        done before its turn (:meth:`rrdesk.store.collect._plan.Decider.foresee`)."""
        try:
            yield from self._indexed(paths, foresee)
        finally:
            self._ahead, self._ahead_at, self._foresee = [], 0, None

    def _indexed(self, paths: Sequence[Path], foresee: Callable[[int, BundleIndex], None] | None
                 ) -> Iterator[BundleIndex]:
        with steady_buffers():  # why: bundles are read in 1 MiB pieces here too (rrdesk.core.heap)
            if self.workers > 1 and _size(paths) > IN_PROCESS_BELOW * _RECORD_BYTES:
                self.start_pool()
            futures: list[Future | None] = []
            for path in paths:
                future = None
                if self.pool is not None and self.workers > 1:
                    try:
                        future = self.pool.submit(opening.index_in_worker, str(path))
                    except BrokenProcessPool:
                        self.workers = 1
                futures.append(future)
        self._ahead, self._ahead_at, self._foresee = futures, 0, foresee
        for number, path in enumerate(paths):
            self._look_ahead(number)
            future, futures[number] = futures[number], None  # why: an index is let go once planned
            self._ahead_at = max(self._ahead_at, number + 1)  # (the planner is given it now)
            index = None
            if future is not None:
                try:
                    index = future.result()
                except BrokenProcessPool:
                    self.workers = 1  # see _drain_one
            future = None  # why: it holds the index too
            if index is None:
                with steady_buffers():
                    index = index_bundle(Path(path), self.identities, self.judge)
            held, index = [index], None
            self._tell()
            # why: a suspended generator keeps its locals; the caller lets the index go once it is
            # planned, before the records it plans are opened and counted
            yield held.pop()

    def _look_ahead(self, given: int = 0) -> None:
        """Show ``foresee`` the indexes done after the ``given`` first and those handed out, in
        order, up to the first not done (the planner needs all of them to let any check go)."""
        if self._foresee is None:
            return
        at = max(self._ahead_at, given)
        while at < len(self._ahead):
            future = self._ahead[at]
            if future is None or not future.done() or future.exception() is not None:
                break
            self._foresee(at, future.result())
            at += 1
        self._ahead_at = at

    # -- 3. open, 4. count ---------------------------------------------------------------------

    def open(self, plan: Plan, skip: frozenset[str] = frozenset()) -> Collection:
        """Open the records the plan uses and count them, but those of the surveys in ``skip``
        (counted already, under another plan: the collection leaves them out)."""
        counting = self.begin()
        self.feed(counting, plan, skip)
        return self.end(counting, plan, skip)

    def begin(self) -> dict[str, _Survey]:
        """The counts of a plan, before any of its records is opened."""
        self.unmatched = {}
        return {}

    def feed(self, counting: dict[str, _Survey], plan: Plan, skip: frozenset[str] = frozenset()) -> None:
        """Hand out the plan's jobs not handed out yet (the plan grows as bundles are decided)."""
        with steady_buffers():
            fresh = []
            for sid, planned in plan.surveys.items():
                if sid in skip:
                    continue
                into = counting.get(sid)
                if into is None:
                    into = counting[sid] = _Survey(planned, Rows(ROW + FIXED + len(planned.survey.direct),
                                                                 row_dtype(planned.survey)), [])
                jobs, into.handed = planned.jobs[into.handed:], len(planned.jobs)
                into.rows.reserve(sum(job.count for job, *_ in jobs))
                fresh.append((jobs, into))
            total = sum(job.count for jobs, _ in fresh for job, *_ in jobs)
            self.planned += total
            for jobs, into in fresh:
                self._dispatch(jobs, into, total)

    def end(self, counting: dict[str, _Survey], plan: Plan, skip: frozenset[str] = frozenset()) -> Collection:
        """Wait for the records handed out and count them: the plan's collection."""
        self.feed(counting, plan, skip)
        with steady_buffers():
            return self._finish(plan, counting)

    def _dispatch(self, jobs: list[tuple[opening.Job, int, int, int]], into: _Survey, total: int) -> None:
        if self.workers == 1 or (self.pool is None and total < IN_PROCESS_BELOW):
            for job, number, device, log in jobs:
                self._take(self._open_here(job), job, into, number, device, log)
            return
        self.start_pool()
        assert self.pool is not None
        for job, number, device, log in jobs:
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
                initializer=opening.init_worker, initargs=([str(i) for i in self.identities], self.judge))

    def _drain_one(self) -> None:
        self._look_ahead()
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
            rows[:, ROW:] = opened.rows  # why narrowed safely: row_dtype says why each column fits
            rows[:, ROW + opening.INTERVIEW] = interview_ids(opened.rows, device, into.interviews)
            # the job's own numbering of interviewer ids and versions → the survey's
            remap = np.array([into.names.setdefault(name, len(into.names)) for name in opened.names], dtype=np.int64)
            for column in (ROW + opening.WHO, ROW + opening.VERSION, ROW + opening.SEALED):
                rows[:, column] = remap[rows[:, column]]
            into.places[(number, log)] = (job.file, job.member)
        into.problems.extend((number, Problem(job.file, seq, what, job.member)) for seq, what in opened.problems)
        _, unmatched, count = self.unmatched.setdefault((number, job.file, job.member), (into.survey.id, [], [0]))
        unmatched.extend(opened.unmatched)
        count[0] += job.count
        self.done += job.count
        self._tell()

    def _tell(self) -> None:
        """Tell the progress callback how far the collection is; stop when it says so."""
        if self.progress is not None and not self.progress(self.done, self.planned):
            raise Cancelled("cancelled: nothing was written")

    # -- the end -------------------------------------------------------------------------

    def _finish(self, plan: Plan, surveys: dict[str, _Survey]) -> Collection:
        while self.flight:
            self._drain_one()
        for into in surveys.values():  # what was decided first, then what opening found
            into.problems[:0] = into.plan.problems
        for (number, file, member), (sid, unmatched, count) in self.unmatched.items():
            surveys[sid].problems.extend((number, p) for p in unmatched_problems(file, unmatched, count[0],
                                                                                       member=member))
        for sid, problem in plan.conflicts:
            if sid in surveys:
                surveys[sid].problems.append(problem)
        data = {sid: self._survey_data(s, plan, plan.problems) for sid, s in surveys.items()}
        return Collection(data, tuple(p for _, p in _ordered(plan.problems)), tuple(plan.skipped))

    def _survey_data(self, s: _Survey, plan: Plan, shared: list[tuple[int, Problem]]) -> SurveyData:
        drop, include_synthetic = plan.drop, plan.include_synthetic
        table = s.rows.take()
        known = s.plan.logs
        logs = list(known)
        mine = {(known[(device, log)], seq): keep for (device, log, seq), keep in drop.items()
                if (device, log) in known}
        if mine:
            keys = table[:, LOG].astype(np.int64) * opening.MAX_INTERVIEW + table[:, ROW + SEQ]
            disputed = np.flatnonzero(np.isin(keys, [log * opening.MAX_INTERVIEW + seq for log, seq in mine]))
            used = [mine[(int(table[i, LOG]), int(table[i, ROW + SEQ]))] == table[i, BUNDLE] for i in disputed]
            table = np.delete(table, disputed[~np.array(used, dtype=bool)], axis=0)
        table, aside = refused_aside(table)
        for row in aside.tolist():
            file, member = s.places[(row[BUNDLE], row[LOG])]
            s.problems.append((row[BUNDLE], Problem(file, row[ROW + SEQ], "an answer in an interview whose consent "
                                                                          "was refused is set aside", member)))
        table = self._sealed_as_trusted(s, table, plan.accept_unverified)
        numbers = numbers_of(s.interviews)
        table, twice = duplicate_starts(table, numbers)
        devices = list(s.plan.devices)
        # each log where the first bundle holding it has it: (bundle number, file, member)
        first_place = {log: (number, *place) for (number, log), place in sorted(s.places.items(), reverse=True)}
        for device, in_logs, found in twice:
            number, file, member = first_place[in_logs[-1]]
            said = ", ".join(map(str, found[:5])) + (f" and {len(found) - 5} more" if len(found) > 5 else "")
            s.problems.append((number, Problem(file, None, f"{len(found)} interview(s) of laptop "
                                                           f"{devices[device][:8]} ({said}) begin in {len(in_logs)} of "
                                                           "its logs: neither copy was used (a second log numbering "
                                                           "interviews again)", member)))
        held = table
        table, synthetic = synthetic_aside(table, include_synthetic)
        for device, count in synthetic.items() if not include_synthetic else ():
            first = held[(held[:, DEVICE] == device) & (held[:, ROW + SYNTHETIC] == 1)][0]
            file, member = s.places[(int(first[BUNDLE]), int(first[LOG]))]
            s.problems.append((int(first[BUNDLE]), Problem(
                file, None, f"laptop {devices[device][:8]}: {count} synthetic interview(s), made by rrdesk simulate, "
                            "were left out (--include-synthetic counts them)", member)))
        del held
        log_column, seqs = table[:, LOG], table[:, ROW + SEQ]
        if not np.all((log_column[1:] > log_column[:-1]) | ((log_column[1:] == log_column[:-1]) & (seqs[1:] > seqs[:-1]))):
            table = table[np.lexsort((seqs, log_column))]  # why: only when out of order: most collections come sorted
        return SurveyData(s.survey, tuple(s.plan.bundles), tuple(s.plan.devices), tuple(log for _, log in logs),
                          table, tuple(p for _, p in _ordered(s.problems + shared)), tuple(s.names), s.plan.trust,
                          {devices[d]: n for d, n in synthetic.items()}, numbers)

    def _sealed_as_trusted(self, s: _Survey, table: np.ndarray, accept: bool) -> np.ndarray:
        """``table`` without the records sealed to other recipients than a trusted copy names
        (a key added on the laptop could open them), and one problem per log holding any."""
        assert s.plan.trust is not None
        allowed = {opening.sealed_shape(r) for r in s.plan.trust.recipients()}
        names = list(s.names)
        column = table[:, ROW + opening.SEALED]
        bad = [v for v in np.unique(column).tolist() if names[v] not in allowed]
        if not bad:
            return table
        hit = np.isin(column, bad)
        rows = table[hit]
        expected = " or ".join(sorted(allowed)) or "none"
        for (number, log), _ in sorted(s.places.items()):
            mine = rows[(rows[:, BUNDLE] == number) & (rows[:, LOG] == log)]
            if mine.shape[0] == 0:
                continue
            file, member = s.places[(number, log)]
            shape = names[int(mine[0, ROW + opening.SEALED])]
            s.problems.append((number, Problem(
                file, int(mine[:, ROW + SEQ].min()), f"{mine.shape[0]} record(s) sealed to {shape.count(',') + 1} "
                f"recipient(s) ({shape}), where the survey names {expected}: a key the survey does not name may open "
                "them; " + ("they were used (--accept-unverified)" if accept
                            else "they were not used (--accept-unverified uses them)"), member)))
        return table if accept else table[~hit]

    def close(self) -> None:
        if self.here is not None:
            self.here[1].close()
        if self.pool is not None:
            for future in [f for f, *_ in self.flight]:
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


