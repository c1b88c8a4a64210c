"""Durable append latency of the record log (``rrdesk.store.log._writer.LogWriter.append``).

What is measured
----------------
The wall time of one ``append`` of a 700-byte blob (about the size of one sealed record):
encode the frame (two HMAC-SHA-256 and one SHA-256), write it, fsync the log, overwrite the
key file in place, start the key file's fsync on the writer's own thread, return. The record is
acknowledged once its frame is on disk; the next append first waits for that key flush
(FORMAT.md §1.8). Beside it, in the same run, on the same disk, interleaved in rounds: the same
appends followed by ``sync`` ("key first": the key on disk before returning, what ``append``
did before issue 15, so the pause's own effect shows apart from the design's); the same number
of one-row transactions in SQLite (WAL journal, ``synchronous=FULL``: one fsync of the WAL per
commit); and a bare ``write`` + fsync of 812 bytes (one frame), the floor set by the device.

Two ways, both printed:

- **paced** (the target): a pause of ``--pause`` ms (default 5) before every append and every
  SQLite commit alike. An interviewer's answers come seconds apart, so the key flush of one
  answer is over long before the next: 5 ms is already far faster than any respondent, and
  the script counts the appends that found the previous key flush not yet over (they wait for
  it, or do it: it should be none or nearly). This is the wait an interviewer sees, so the target is judged here. The script also
  prints the window this opens, from an append's return to its key on disk (FORMAT.md §1.8,
  §1.10: forward security of that record starts then).
- **back-to-back**: no pause, so each append also waits for the previous append's key flush:
  both flushes are on the path. This is the log's throughput, not an interviewer's wait; it is
  printed so that nobody mistakes one for the other (two flushes per record remain).

How
---
A fresh log in a temporary folder (``--dir``, default: the system's temporary folder, which
should be on the laptop's real disk, not a RAM disk), 20 warm-up appends and commits, then
``--appends`` (default 2000) of each way, timed with ``time.perf_counter_ns``, the garbage
collector disabled; the three alternate in rounds of 100 (paced: 50), so the disk's and the
machine's moods hit all alike; each way and each pass has fresh files, deleted afterwards.

Beside them, for information (issue 31): **a durable answer**, X25519 vs post-quantum, paced
alike and interleaved in rounds: the demo survey's padded record sealed (``age.encrypt``) to an
X25519 recipient or to a hybrid ML-KEM-768 + X25519 one (``age1pq1…``), then appended, each on
its own log: the seal's share and the sealed record's bytes show what the hybrid recipient costs.

Target
------
paced: rrdesk's p50 <= 1.3 x SQLite's p50 in the same run: the ratio of each round's p50s
(rounds of 50, the order swapped every round) printed as min / median / max, the median
judged -- a wall-time ratio, so only on a quiet machine, else "not judged: load …"
(``_judge.py``). Exit status 0 when met or not judged, 1 otherwise. The whole answer an
interviewer waits for (seal included, through a station) is ``store.py``'s part 1.

Usage
-----
``python tests/benchmarks/store_append.py [--short] [--appends 2000] [--pause 5] [--dir PATH]``
"""
from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from a checkout
sys.path.insert(0, str(Path(__file__).resolve().parent))

import _judge  # noqa: E402 - the shared verdicts (tests/benchmarks/_judge.py)

from rrdesk.core.fileio import OsOps
from rrdesk.store.log import LogWriter

TARGET_RATIO = 1.3  # why: issue 15: within 30 % of SQLite's durable commit on the same disk
BLOB = 700  # why: about one sealed record
PAUSE_MS = 5.0  # why: far shorter than the seconds between two answers, long enough for a key flush


def _percentiles(samples_ns: list[int]) -> dict[str, float]:
    ordered = sorted(samples_ns)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] / 1e6  # noqa: E731
    return {"p50": pick(0.50), "p95": pick(0.95), "p99": pick(0.99), "max": ordered[-1] / 1e6,
            "mean": statistics.fmean(ordered) / 1e6}


def _line(name: str, figures: dict[str, float]) -> str:
    return f"  {name:<14}" + "  ".join(f"{k} {v:.3f} ms" for k, v in figures.items())


class KeyFlushClock(OsOps):
    """The real calls; notes when each flush of the key file is over (whichever thread did it)."""

    def __init__(self) -> None:
        self.flushed: list[int] = []
        self._key_fds: set[int] = set()

    def open(self, path: Path, flags: int, mode: int = 0o600) -> int:
        fd = super().open(path, flags, mode)
        if Path(path).name.endswith(".key"):
            self._key_fds.add(fd)
        return fd

    def fsync(self, fd: int) -> None:
        super().fsync(fd)
        if fd in self._key_fds:
            self.flushed.append(time.perf_counter_ns())


def bare_fsync(folder: Path, count: int) -> dict[str, float]:
    path = folder / "floor.bin"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    ops, samples = OsOps(), []
    try:
        for _ in range(count):
            start = time.perf_counter_ns()
            os.write(fd, b"x" * (BLOB + 112))
            ops.fsync(fd)
            samples.append(time.perf_counter_ns() - start)
    finally:
        os.close(fd)
        path.unlink()
    return _percentiles(samples)


class SQLiteFull:
    """One ~800-byte row per transaction in SQLite, WAL journal, synchronous=FULL: what a
    mature embedded store pays for a durable write on this disk."""

    def __init__(self, path: Path) -> None:
        import sqlite3

        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("CREATE TABLE IF NOT EXISTS records (id INTEGER PRIMARY KEY, blob BLOB NOT NULL)")
        self.row = os.urandom(BLOB + 112)

    def commits(self, count: int, pause: float) -> list[int]:
        samples = []
        for _ in range(count):
            if pause:
                time.sleep(pause)
            start = time.perf_counter_ns()
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO records (blob) VALUES (?)", (self.row,))
            self.db.execute("COMMIT")
            samples.append(time.perf_counter_ns() - start)
        return samples


def rrdesk_appends(writer: LogWriter, blob: bytes, count: int, pause: float, *, sync: bool = False,
                   returned: list[tuple[int, int]] | None = None) -> list[int]:
    """``count`` appends, each timed; with ``sync`` each also waits for its key on disk."""
    samples = []
    for _ in range(count):
        if pause:
            time.sleep(pause)
        start = time.perf_counter_ns()
        writer.append(blob)
        if sync:
            writer.sync()
        end = time.perf_counter_ns()
        samples.append(end - start)
        if returned is not None:
            returned.append((start, end))
    return samples


def _new_log(path: Path, ops: OsOps) -> LogWriter:
    return LogWriter.create(path, survey_id="bench", device_id=os.urandom(16), log_id=os.urandom(16),
                            created="2026-05-01", first_key=os.urandom(32), sealed_first_key=os.urandom(250),
                            ops=ops)


def measure(folder: Path, appends: int, pause: float, rounds: int) -> dict[str, list]:
    """rrdesk's appends, the same with the key flushed before returning, and SQLite's commits,
    alternating in rounds after a warm-up; each way on its own fresh files."""
    blob = os.urandom(BLOB)
    clock = KeyFlushClock()
    out: dict[str, list] = {"ours": [], "before": [], "sqlite": [], "returned": [], "flushed": clock.flushed}
    sqlite = SQLiteFull(folder / f"bench-{pause}.sqlite")
    try:
        with _new_log(folder / f"bench-{pause}.rrlog", clock) as writer, \
                _new_log(folder / f"before-{pause}.rrlog", OsOps()) as before:
            rrdesk_appends(writer, blob, 20, pause)
            rrdesk_appends(before, blob, 20, pause, sync=True)
            sqlite.commits(20, pause)
            del clock.flushed[:]
            gc.disable()
            try:
                for r in range(0, appends, rounds):
                    n = min(rounds, appends - r)
                    if (r // rounds) % 2 == 0:
                        out["ours"] += rrdesk_appends(writer, blob, n, pause, returned=out["returned"])
                        out["before"] += rrdesk_appends(before, blob, n, pause, sync=True)
                        out["sqlite"] += sqlite.commits(n, pause)
                    else:  # why: the order swapped every round, so drift hits each way alike
                        out["sqlite"] += sqlite.commits(n, pause)
                        out["before"] += rrdesk_appends(before, blob, n, pause, sync=True)
                        out["ours"] += rrdesk_appends(writer, blob, n, pause, returned=out["returned"])
            finally:
                gc.enable()
    finally:
        sqlite.db.close()
    return out


def durable_answers(folder: Path, count: int, pause: float, rounds: int) -> dict[str, dict]:
    """Seal the demo's padded record to each kind of recipient and append it, timed whole and
    seal alone; the two kinds alternate in rounds, each on its own fresh log."""
    from rrdesk.core import survey as surveys
    from rrdesk.store import age, records

    demo = surveys.load(Path(__file__).resolve().parents[2] / "resources" / "surveys" / "demo.toml")
    plain = records.pad(records.Record(survey=demo.id, device="0" * 32, log="0" * 32, interview=1, position=2,
                                       kind="answer", question="q", answer="yes"), records.record_size(demo))
    kinds = {"X25519": age.Recipients([age.Identity.generate().recipient]),
             "hybrid": age.Recipients([age.Identity.generate(post_quantum=True).recipient])}  # parsed once, as a station
    out: dict[str, dict] = {k: {"whole": [], "seal": [], "bytes": 0} for k in kinds}
    writers = {k: _new_log(folder / f"answer-{k}.rrlog", OsOps()) for k in kinds}
    try:
        for k, recipients in kinds.items():  # warm-up
            for _ in range(10):
                writers[k].append(age.encrypt(plain, recipients))
        gc.disable()
        for r in range(0, count, rounds):
            for k, recipients in kinds.items():
                for _ in range(min(rounds, count - r)):
                    if pause:
                        time.sleep(pause)
                    start = time.perf_counter_ns()
                    sealed = age.encrypt(plain, recipients)
                    mid = time.perf_counter_ns()
                    writers[k].append(sealed)
                    end = time.perf_counter_ns()
                    out[k]["whole"].append(end - start)
                    out[k]["seal"].append(mid - start)
                    out[k]["bytes"] = len(sealed)
    finally:
        gc.enable()
        for w in writers.values():
            w.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--short", action="store_true", help="300 appends of each (default 2000)")
    parser.add_argument("--appends", type=int)
    parser.add_argument("--pause", type=float, default=PAUSE_MS, help="paced: milliseconds before each")
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    appends = args.appends or (300 if args.short else 2000)
    if appends < 250:
        parser.error("--appends must be at least 250 (5 rounds of 50)")
    why_not = _judge.busy()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        folder = Path(tmp)
        paced = measure(folder, appends, args.pause / 1000, 50)
        back = measure(folder, appends, 0.0, 100)
        floor = bare_fsync(folder, min(appends, 500))
        answers = durable_answers(folder, min(appends, 500), args.pause / 1000, 50)
    # the window: from an append's return to its key on disk; and the appends that found the
    # previous key flush not yet over when they began (they waited for it, or did it)
    returned, flushed = paced["returned"], paced["flushed"]
    windows = [done - end for (_, end), done in zip(returned, flushed)]
    waited = sum(start < done for (start, _), done in zip(returned[1:], flushed))
    print(f"durable append of a {BLOB}-byte record, {appends} of each way, same disk, same run; "
          f"{_judge.load_note(_judge.still_quiet(why_not))}:")
    figures = {way: {name: _percentiles(paced_or_back[name]) for name in ("ours", "before", "sqlite")}
               for way, paced_or_back in (("paced", paced), ("back", back))}
    for way, title in (("paced", f"paced (the target: a {args.pause:g} ms pause before each, every way alike):"),
                       ("back", "back-to-back (no pause: each append also waits for the previous key flush; "
                                "throughput, not the target):")):
        print(title)
        print(_line("rrdesk log", figures[way]["ours"]) + "   (acknowledged once the frame is on disk)")
        print(_line("key first", figures[way]["before"]) + "   (append + sync: the key on disk too, "
                                                           "as before issue 15)")
        print(_line("SQLite", figures[way]["sqlite"]) + "   (WAL, synchronous=FULL, one row per transaction)")
        if way == "paced":
            print(_line("key window", _percentiles(windows)) + "   (append returned -> its key on disk)")
            print(f"  appends that found the previous key flush not yet over: {waited} of {len(returned) - 1}")
    print(_line("floor", floor) + "   (one write + fsync of a frame, back-to-back)")
    print(f"a durable answer, sealed and appended ({len(answers['X25519']['whole'])} of each, paced, same run; "
          "for information):")
    for kind, got in answers.items():
        seal = statistics.median(got["seal"]) / 1e3
        print(_line(f"{kind} answer", _percentiles(got["whole"]))
              + f"   (seal alone p50 {seal:.0f} µs; sealed record {got['bytes']:,} bytes)")
    ratio = {way: {name: figures[way][name]["p50"] / figures[way]["sqlite"]["p50"] for name in ("ours", "before")}
             for way in figures}
    print(f"back-to-back p50 / SQLite p50: rrdesk {ratio['back']['ours']:.2f}, key first "
          f"{ratio['back']['before']:.2f} (for information)")
    print(f"paced p50 / SQLite p50: key first {ratio['paced']['before']:.2f} (for information: what the "
          "pause alone does)")
    per_round = [statistics.median(paced["ours"][i:i + 50]) / statistics.median(paced["sqlite"][i:i + 50])
                 for i in range(0, len(paced["ours"]), 50)]
    why_not = _judge.still_quiet(why_not)
    met = _judge.median(per_round) <= TARGET_RATIO
    print(f"paced: rrdesk p50 / SQLite p50 = {ratio['paced']['ours']:.2f} over all; each round's: "
          f"{_judge.spread(per_round)} over {len(per_round)} interleaved rounds (target median <= {TARGET_RATIO}): "
          f"{_judge.verdict(met, why_not)}")
    return 0 if met or why_not is not None else 1


if __name__ == "__main__":
    raise SystemExit(main())
