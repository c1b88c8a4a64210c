"""Durable append latency of the record log (``rrdesk.store.log.LogWriter.append``).

What is measured
----------------
The wall time of one ``append`` of a 700-byte blob (about the size of one sealed record):
encode the frame (two HMAC-SHA-256 and one SHA-256), write it, fsync the log, overwrite the
key file in place, fsync the key file. ``append`` returns only after both fsyncs, so this is
the time an interviewer waits before an answer counts as recorded.

How
---
A fresh log in a temporary folder (``--dir``, default: the system's temporary folder, which
should be on the laptop's real disk, not a RAM disk), 20 warm-up appends, then ``--appends``
(default 2000) timed with ``time.perf_counter_ns``, the garbage collector disabled. The log is
deleted afterwards. For comparison the script also times a bare ``write`` + fsync of 812 bytes
(one frame) on the same disk, the floor set by the device: an append does two of those.

Target
------
p50 <= 5 ms. Exit status 0 when met, 1 otherwise.

Usage
-----
``python tests/benchmarks/store_append.py [--appends 2000] [--dir PATH]``
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

from rrdesk.store.log import LogWriter, OsOps  # noqa: E402

TARGET_P50_MS = 5.0
BLOB = 700


def _percentiles(samples_ns: list[int]) -> dict[str, float]:
    ordered = sorted(samples_ns)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] / 1e6  # noqa: E731
    return {"p50": pick(0.50), "p95": pick(0.95), "p99": pick(0.99), "max": ordered[-1] / 1e6,
            "mean": statistics.fmean(ordered) / 1e6}


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--appends", type=int, default=2000)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        folder = Path(tmp)
        path = folder / "bench.rrlog"
        blob = os.urandom(BLOB)
        samples = []
        with LogWriter.create(path, survey_id="bench", device_id=os.urandom(16), log_id=os.urandom(16),
                              created="2026-05-01", first_key=os.urandom(32),
                              sealed_first_key=os.urandom(250)) as writer:
            for _ in range(20):
                writer.append(blob)
            gc.disable()
            try:
                for _ in range(args.appends):
                    start = time.perf_counter_ns()
                    writer.append(blob)
                    samples.append(time.perf_counter_ns() - start)
            finally:
                gc.enable()
        floor = bare_fsync(folder, min(args.appends, 500))
    result = _percentiles(samples)
    print(f"durable append of a {BLOB}-byte record, {args.appends} appends:")
    print("  " + "  ".join(f"{k} {v:.3f} ms" for k, v in result.items()))
    print("floor: one write + fsync of a frame on the same disk (an append does two):")
    print("  " + "  ".join(f"{k} {v:.3f} ms" for k, v in floor.items()))
    met = result["p50"] <= TARGET_P50_MS
    print(f"target p50 <= {TARGET_P50_MS} ms: {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
