"""Store benchmark: what it costs to record an answer durably, and to verify and read it back.

Measures, on this machine, in one run:

* durable append latency through the real service (``Station``: pad, seal with age to the
  survey's recipient, frame, write, fsync the log, update and fsync the key file) --
  p50/p95/p99 over ``--records`` answers (target p50 <= 5 ms);
* bytes per record on disk (log size / frames);
* verify-and-decrypt throughput on one core: scan the log (framing, sequence, chain), check
  every forward-secure tag, decrypt every record with the identity and parse it -- records
  per second (target >= 20,000 per core).

Usage: python tests/benchmarks/store.py [--records N] [--data DIR]
Exit 0 when both targets are met, 1 otherwise.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from rrdesk.app.interviews import Station  # noqa: E402
from rrdesk.core import survey as surveys  # noqa: E402
from rrdesk.store import age, keys, log, records


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=3000)
    parser.add_argument("--data", type=Path, help="a folder on the disk to measure (default: a temp dir)")
    args = parser.parse_args()
    demo = surveys.load(ROOT / "resources" / "surveys" / "demo.toml")
    identities = keys.load_identities(ROOT / "resources" / "demo-identity.txt")
    per_interview = 1 + 2 * len(demo.randomized)  # a start, then spun + answer per question
    with tempfile.TemporaryDirectory(dir=args.data) as tmp:
        latencies = []
        with Station(demo, tmp) as station:
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
        data = path.read_bytes()
        frames = len(log.scan(data, str(path)).frames)
        ms = np.array(latencies) * 1000
        p50, p95, p99 = np.percentile(ms, [50, 95, 99])
        print(f"durable append (seal + frame + fsync log + fsync key), {len(ms)} records:")
        print(f"  p50 {p50:.2f} ms   p95 {p95:.2f} ms   p99 {p99:.2f} ms   max {ms.max():.2f} ms")
        print(f"bytes per record on disk: {len(data) / frames:.0f} (log {len(data)} bytes, {frames} records, "
              f"{per_interview} records per interview)")

        t0 = time.perf_counter()
        scan = log.scan(data, str(path))
        first_key = age.decrypt(scan.header.sealed_first_key, identities)
        problems = log.check_tags(scan, first_key)
        parsed = [records.parse(age.decrypt(f.blob, identities)) for f in scan.frames]
        elapsed = time.perf_counter() - t0
        rate = len(parsed) / elapsed
        print(f"verify + decrypt + parse on one core: {len(parsed)} records in {elapsed:.2f} s = "
              f"{rate:,.0f} records/s ({len(problems)} problems)")
    ok = p50 <= 5.0 and rate >= 20_000 and not problems
    print("targets (p50 <= 5 ms, >= 20,000 records/s/core):", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
