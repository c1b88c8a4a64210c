"""Store benchmark: what the interviewer waits for when an answer is recorded, and what it costs
to verify and read the records back.

Measures, on this machine, in one run:

1. **The interviewer's wait** (issue 33): ``Interview.spin`` (the spin settled -- drawn on the
   station's sealer thread since the last record -- and its ``spun`` record, sealed there too,
   durable before the wheel turns) and ``Interview.record`` (the ``answer`` record: picked without a
   branch on the answer from the rows sealed and framed on that thread after the spin, one per
   answer, written, the log flushed, the key file overwritten and its flush started) through a
   real ``Station`` on the
   demo survey, **paced** (a ``--pause`` of 5 ms before each: answers come seconds apart, so
   the key flush of one is over before the next), against one-row transactions in SQLite
   (WAL journal, ``synchronous=FULL``; ``store_append.SQLiteFull``) on the same disk, paced
   alike. They alternate in ``--pairs`` rounds (default 10, at least 5; the order swapped each
   round), each round ``--per-round`` spins, as many records and as many commits (default 25);
   the ratio of each round's medians (spin / SQLite, record / SQLite) is printed as min /
   median / max (``_judge.py``). Target: the median ratio <= 1.3 for both (what issue 15 set
   the log append alone). A wall-time ratio: judged only on a quiet machine, else "not judged:
   load …" (the seal's CPU share is slowed by other processes, SQLite's far less). Then the
   account of where the wait goes: 4 x ``--per-round`` more answers through a station whose
   write path is timed per call, each wait split into the log's system calls (the frame's
   write, its flush, the key file's overwrite) and the rest (Python, numpy, the hand-offs to
   the station's threads), beside the floor (those system calls alone, paced alike) and the
   SQLite commit: what no code change on the wait can go below, and what it adds to it.
2. **Back-to-back durable appends** through the station (start, spin, record, no pause):
   p50/p95/p99 over ``--records``; bytes per record on disk. Target p50 <= 5 ms (wall: judged
   only on a quiet machine).
3. **Verify-and-decrypt** on one core: every check ``rrdesk verify -i`` makes of the log part 2
   wrote (``rrdesk.store.log.check_found_log``): framing, sequence, chain and every
   forward-secure tag in one read, the key file, then every record decrypted with the identity
   (``age.Opener``, a batch at a time, as ``aggregate`` opens them), parsed and checked --
   records per CPU-second, five calls (min / median / max; target median >= 20,000, judged on
   CPU time whatever the load).

Usage: python tests/benchmarks/store.py [--records N] [--pairs N] [--per-round N] [--pause MS] [--data DIR]
Exit 0 when every judged target is met, 1 otherwise.
"""
from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import _judge  # noqa: E402 - the shared verdicts (tests/benchmarks/_judge.py)
from store_append import BLOB, SQLiteFull  # noqa: E402

from rrdesk.app.interviews import Station  # noqa: E402
from rrdesk.core import fileio  # noqa: E402
from rrdesk.core import survey as surveys  # noqa: E402
from rrdesk.core.fileio import OsOps  # noqa: E402
from rrdesk.store import keys, log  # noqa: E402

WAIT_TARGET = 1.3  # why: issue 33: the whole answer within 30 % of SQLite's durable commit
LATENCY_TARGET_MS, RATE_TARGET = 5.0, 20_000
VERIFY_RUNS = 5  # why: part 3's verdict on the median of as many calls, each printed as a spread


class Answers:
    """Interviews of the demo survey through a station, each spin and record timed."""

    def __init__(self, station: Station, survey: surveys.Survey) -> None:
        self.station, self.survey = station, survey
        self.interview = None
        self.left: list = []
        self.cpu: dict[str, list[int]] = {"spin": [], "record": []}  # this thread's CPU ns of each
        self.process_ns, self.done = 0, 0  # the whole process's CPU over the answers, its threads' too

    def _next(self):
        if not self.left:
            self.interview = self.station.start({"department": "office"}, interviewer="t1")
            self.left = list(self.survey.randomized)
        return self.left.pop(0)

    def answers(self, count: int, pause: float) -> tuple[list[int], list[int]]:
        """``count`` answers (a spin, then its record), each paced by ``pause`` seconds: the ns
        of each spin and of each record."""
        spins, recs = [], []
        p0 = time.process_time_ns()
        for _ in range(count):
            q = self._next()
            assert self.interview is not None
            time.sleep(pause)
            t0, c0 = time.perf_counter_ns(), time.thread_time_ns()
            spin = self.interview.spin(q.id, 1 if q.design.categories == 2 else 0)
            spins.append(time.perf_counter_ns() - t0)
            self.cpu["spin"].append(time.thread_time_ns() - c0)
            time.sleep(pause)
            t0, c0 = time.perf_counter_ns(), time.thread_time_ns()
            self.interview.record(q.id, spin.answer)
            recs.append(time.perf_counter_ns() - t0)
            self.cpu["record"].append(time.thread_time_ns() - c0)
        time.sleep(pause)  # why: the work the last record started on other threads, counted too
        self.process_ns += time.process_time_ns() - p0
        self.done += count
        return spins, recs


class TimedOps(OsOps):
    """The real write path, each write, pwrite and flush on the interviewer's thread timed
    (wall and CPU ns): for the account of where the wait goes, not for the judged rounds."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, int]] = []  # (name, wall ns, CPU ns)

    def _timed(self, name: str, call: Callable[[], Any]) -> Any:
        if threading.current_thread() is not threading.main_thread():  # the key's flush: off the wait
            return call()
        t0, c0 = time.perf_counter_ns(), time.thread_time_ns()
        try:
            return call()
        finally:
            self.calls.append((name, time.perf_counter_ns() - t0, time.thread_time_ns() - c0))

    def write(self, fd: int, data: memoryview) -> int:
        return self._timed("write", lambda: super(TimedOps, self).write(fd, data))

    def pwrite(self, fd: int, data: memoryview, offset: int) -> int:
        return self._timed("pwrite", lambda: super(TimedOps, self).pwrite(fd, data, offset))

    def fsync(self, fd: int) -> None:
        self._timed("flush", lambda: super(TimedOps, self).fsync(fd))


def timed_answers(answers: Answers, ops: TimedOps, rows: dict[str, list[tuple[int, int, int, int]]], count: int,
                  pause: float) -> None:
    """``count`` paced answers: for each spin and record, (wall, CPU, the write path's wall, its CPU) in ns."""
    for _ in range(count):
        q = answers._next()
        assert answers.interview is not None
        for name in ("spin", "record"):
            time.sleep(pause)
            first = len(ops.calls)
            t0, c0 = time.perf_counter_ns(), time.thread_time_ns()
            if name == "spin":
                spin = answers.interview.spin(q.id, 1 if q.design.categories == 2 else 0)
            else:
                answers.interview.record(q.id, spin.answer)
            wall, cpu = time.perf_counter_ns() - t0, time.thread_time_ns() - c0
            disk = ops.calls[first:]
            rows[name].append((wall, cpu, sum(c[1] for c in disk), sum(c[2] for c in disk)))


def account(folder: Path, survey: surveys.Survey, count: int, pause: float) -> dict[str, dict[str, float]]:
    """Where the wait goes, after the judged rounds: ``count`` more paced answers through a
    station whose write path is timed per call (:class:`TimedOps`), and the floor -- the same
    system calls alone (a frame's write and flush, the key's overwrite), paced alike. p50s in
    µs: for spin and record, their wall and CPU, and of it the log's write + flush + the key's
    write ("disk") and everything else ("rest": Python, numpy, the hand-offs)."""
    ops = TimedOps()
    out: dict[str, dict[str, float]] = {}
    rows: dict[str, list[tuple[int, int, int, int]]] = {"spin": [], "record": []}
    with Station(survey, folder / "account", ops=ops) as station:
        answers = Answers(station, survey)
        answers.answers(10, pause)
        gc.disable()  # why: as in the judged rounds
        try:
            timed_answers(answers, ops, rows, count, pause)
        finally:
            gc.enable()
    for name, got in rows.items():
        wall, cpu, disk_wall, disk_cpu = (statistics.median(col) / 1e3 for col in zip(*got))
        out[name] = {"wall": wall, "cpu": cpu, "disk_wall": disk_wall, "disk_cpu": disk_cpu,
                     "rest_wall": statistics.median(w - d for w, _, d, _ in got) / 1e3,
                     "rest_cpu": statistics.median(c - d for _, c, _, d in got) / 1e3}
    fd = os.open(folder / "floor.log", os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600)
    key_fd = os.open(folder / "floor.key", os.O_RDWR | os.O_CREAT, 0o600)
    frame, key_file = os.urandom(BLOB + 112), os.urandom(102)
    floor = []
    try:
        for _ in range(10 + count):
            time.sleep(pause)
            t0, c0 = time.perf_counter_ns(), time.thread_time_ns()
            os.write(fd, frame)
            fileio.flush(fd)
            os.pwrite(key_fd, key_file, 0)
            floor.append((time.perf_counter_ns() - t0, time.thread_time_ns() - c0))
    finally:
        os.close(fd)
        os.close(key_fd)
    out["floor"] = {"wall": statistics.median(w for w, _ in floor[10:]) / 1e3,
                    "cpu": statistics.median(c for _, c in floor[10:]) / 1e3}
    return out


def _sqlite_cpu(sqlite: SQLiteFull, count: int, pause: float, cpu: list[int]) -> list[int]:
    """``count`` paced commits, and each one's CPU ns of this thread noted in ``cpu``."""
    samples = []
    for _ in range(count):
        c0 = time.thread_time_ns()
        samples += sqlite.commits(1, pause)  # why one by one: the pause before it takes no CPU
        cpu.append(time.thread_time_ns() - c0)
    return samples


def interviewer_wait(folder: Path, survey: surveys.Survey, pairs: int, per_round: int,
                     pause: float) -> tuple[list[float], list[float], dict[str, list[int]]]:
    """Rounds of paced answers through a station and paced SQLite commits, alternating; the
    ratios of each round's medians, and every sample."""
    folder.mkdir(parents=True, exist_ok=True)
    sqlite = SQLiteFull(folder / "bench.sqlite")
    every: dict[str, list[int]] = {"spin": [], "record": [], "sqlite": [], "sqlite_cpu": []}
    spin_ratios, record_ratios = [], []
    try:
        with Station(survey, folder / "station") as station:
            answers = Answers(station, survey)
            answers.answers(10, pause)  # warm-up: numpy, the first log, the page cache
            answers.process_ns = answers.done = 0
            sqlite.commits(20, pause)
            gc.disable()
            try:
                for r in range(pairs):
                    if r % 2 == 0:
                        spins, recs = answers.answers(per_round, pause)
                        commits = _sqlite_cpu(sqlite, per_round, pause, every["sqlite_cpu"])
                    else:
                        commits = _sqlite_cpu(sqlite, per_round, pause, every["sqlite_cpu"])
                        spins, recs = answers.answers(per_round, pause)
                    base = statistics.median(commits)
                    spin_ratios.append(statistics.median(spins) / base)
                    record_ratios.append(statistics.median(recs) / base)
                    every["spin"] += spins
                    every["record"] += recs
                    every["sqlite"] += commits
            finally:
                gc.enable()
            every["spin_cpu"], every["record_cpu"] = answers.cpu["spin"][10:], answers.cpu["record"][10:]
            every["process_cpu"] = [answers.process_ns // answers.done]  # a mean over the rounds
    finally:
        sqlite.db.close()
    return spin_ratios, record_ratios, every


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=3000)
    parser.add_argument("--pairs", type=int, default=10, help="rounds of the interviewer's wait (at least 5)")
    parser.add_argument("--per-round", type=int, default=25, help="answers (and SQLite commits) per round")
    parser.add_argument("--pause", type=float, default=5.0, help="milliseconds before each answer and commit")
    parser.add_argument("--data", type=Path, help="a folder on the disk to measure (default: a temp dir)")
    args = parser.parse_args()
    if args.pairs < 5:
        parser.error("--pairs must be at least 5")
    demo = surveys.load(ROOT / "resources" / "surveys" / "demo.toml")
    identities = keys.load_identities(ROOT / "resources" / "demo-identity.txt")
    per_interview = 1 + 2 * len(demo.randomized)  # a start, then spun + answer per question
    why_not = _judge.busy()
    ok = True
    with tempfile.TemporaryDirectory(dir=args.data) as tmp:
        spin_ratios, record_ratios, every = interviewer_wait(Path(tmp) / "wait", demo, args.pairs, args.per_round,
                                                             args.pause / 1000)
        why_not = _judge.still_quiet(why_not)
        print(f"1. the interviewer's wait, paced ({args.pause:g} ms before each), {args.pairs} interleaved rounds of "
              f"{args.per_round}; {_judge.load_note(why_not)}")
        for name in ("spin", "record", "sqlite"):
            ms = np.array(every[name]) / 1e6
            p50, p95, p99 = np.percentile(ms, [50, 95, 99])
            what = {"spin": "Interview.spin  ", "record": "Interview.record", "sqlite": "SQLite commit   "}[name]
            print(f"   {what}: p50 {p50:.3f} ms   p95 {p95:.3f} ms   p99 {p99:.3f} ms   max {ms.max():.3f} ms")
        cpu = {name: statistics.median(every[f"{name}_cpu"]) / 1e3 for name in ("spin", "record", "sqlite")}
        print(f"   CPU of this thread, p50: spin {cpu['spin']:.0f} µs, record {cpu['record']:.0f} µs, SQLite commit "
              f"{cpu['sqlite']:.0f} µs (the rest of each wait is the disk's flush)")
        print(f"   CPU of the whole process per spin + record, mean: {every['process_cpu'][0] / 1e3:.0f} µs (the "
              "next header made between answers and the key flushes, on their threads, included)")
        where = account(Path(tmp) / "wait", demo, args.per_round * 4, args.pause / 1000)
        sqlite_cpu = cpu["sqlite"]
        print(f"   where the wait goes, p50 over {args.per_round * 4} more answers with the log's system calls timed "
              "(µs, wall / CPU of this thread):")
        for name in ("spin", "record"):
            w = where[name]
            print(f"     {name:<6}: {w['wall']:4.0f} / {w['cpu']:3.0f} = the log's write, flush and key write "
                  f"{w['disk_wall']:4.0f} / {w['disk_cpu']:3.0f} + the rest (Python, numpy, hand-offs) "
                  f"{w['rest_wall']:4.0f} / {w['rest_cpu']:3.0f}")
        print(f"     the floor, those system calls alone (os.write, fdatasync, the key's pwrite): "
              f"{where['floor']['wall']:4.0f} / {where['floor']['cpu']:3.0f}; a SQLite commit above: "
              f"{statistics.median(every['sqlite']) / 1e3:4.0f} / {sqlite_cpu:3.0f}")
        for name, ratios in (("spin", spin_ratios), ("record", record_ratios)):
            met = _judge.median(ratios) <= WAIT_TARGET
            ok &= met or why_not is not None
            print(f"   {name:<6} / SQLite, each round's medians: {_judge.spread(ratios)} "
                  f"(target median <= {WAIT_TARGET}): {_judge.verdict(met, why_not)}")

        latencies = []
        with Station(demo, Path(tmp) / "back") as station:
            while len(latencies) < args.records:
                t0 = time.perf_counter()
                interview = station.start({"department": "office"}, interviewer="t1")
                latencies.append(time.perf_counter() - t0)
                for q in demo.randomized:
                    t0 = time.perf_counter()  # a spin appends its spun record durably, then draws
                    spin = interview.spin(q.id, 1 if q.design.categories == 2 else 0)
                    latencies.append(time.perf_counter() - t0)
                    t0 = time.perf_counter()
                    interview.record(q.id, spin.answer)
                    latencies.append(time.perf_counter() - t0)
            path = station.writer.path
        data, key_file = path.read_bytes(), log.key_path(path).read_bytes()
        frames = len(log.scan(data, str(path)).frames)
        ms = np.array(latencies) * 1000
        p50, p95, p99 = np.percentile(ms, [50, 95, 99])
        latency_why_not = _judge.still_quiet(why_not)
        ok &= p50 <= LATENCY_TARGET_MS or latency_why_not is not None
        print(f"2. durable append back-to-back (seal + frame + fsync log + fsync key), {len(ms)} records:")
        print(f"   p50 {p50:.2f} ms   p95 {p95:.2f} ms   p99 {p99:.2f} ms   max {ms.max():.2f} ms "
              f"(target p50 <= {LATENCY_TARGET_MS} ms): {_judge.verdict(p50 <= LATENCY_TARGET_MS, latency_why_not)}")
        print(f"   bytes per record on disk: {len(data) / frames:.0f} (log {len(data)} bytes, {frames} records, "
              f"{per_interview} records per interview)")

        # what `rrdesk verify -i` does with a log: every check of it (log.check_found_log), VERIFY_RUNS
        # times (one call is a fraction of a second of CPU: its rate varies by a few per cent)
        item = log.FoundLog(str(path), "", path.name, data, key_file, str(log.key_path(path)), "", demo.id, demo)
        rates, walls = [], []
        for _ in range(VERIFY_RUNS):
            t0, c0 = time.perf_counter(), time.process_time()
            count, problems = log.check_found_log(item, identities)
            walls.append(time.perf_counter() - t0)
            rates.append(count / (time.process_time() - c0))
        rate = statistics.median(rates)
        ok &= rate >= RATE_TARGET and not problems
        print(f"3. verify + decrypt + parse on one core: {count} records, {VERIFY_RUNS} runs, median {rate:,.0f} records "
              f"per CPU-second (min {min(rates):,.0f}, max {max(rates):,.0f}; wall median "
              f"{statistics.median(walls):.2f} s; {len(problems)} problems; target median >= {RATE_TARGET:,}): "
              f"{_judge.verdict(rate >= RATE_TARGET and not problems)}")
    print("every judged target met" if ok else "some target NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
