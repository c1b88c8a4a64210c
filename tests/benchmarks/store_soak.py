"""Soak the record log with SIGKILLs: thousands of writers killed at random moments.

What is checked
---------------
The same loop as ``tests/test_log_crash.py``, for longer: a writer process
(``tests/log_child.py``) appends records with real fsync and prints each acknowledged seq; it
is SIGKILLed after a random delay (seeded PRNG, 0 to ``--max-delay`` ms from its start, so some
kills land while it is still recovering the log). Half the writers run on a "slow disk"
(64-byte writes of a millisecond each) so that kills also tear records mid-frame. After each
kill every acknowledged record must be in the log, intact, followed by nothing but a torn tail.
Every other kill the parent recovers the log itself (``LogWriter.open``); otherwise the next
writer does. Every ``--tags-every`` kills, and at the end of each log, every tag is checked
against k_0. A new log is started every ``--per-log`` kills so the check stays fast.

Prints kills, acknowledged records, records found beyond the acknowledged ones (acknowledged
but killed before printing, or complete but killed before the key update), recovered torn
tails, and failures. Exit status 0 when there were no failures.

Usage
-----
``python tests/benchmarks/store_soak.py [--kills 2000] [--seed 1] [--max-delay 30]``
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from a checkout

from rrdesk.store.log import LogWriter, check_tags, scan  # noqa: E402
from tests.log_child import Killer, blob_for, check_after_kill  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-delay", type=float, default=30.0, help="milliseconds")
    parser.add_argument("--per-log", type=int, default=250)
    parser.add_argument("--tags-every", type=int, default=25)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    kills = acked_total = beyond = torn_tails = torn_bytes = failures = 0
    started_at = time.monotonic()
    killer = Killer()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            log_no = 0
            while kills < args.kills:
                first_key = rng.randbytes(32)
                path = Path(tmp) / f"{log_no}.rrlog"
                LogWriter.create(path, survey_id="soak", device_id=bytes(16), log_id=rng.randbytes(16),
                                 created="2026-05-01", first_key=first_key,
                                 sealed_first_key=b"sealed").close()
                acked = records = 0
                for _ in range(min(args.per_log, args.kills - kills)):
                    kills += 1
                    try:
                        seqs = killer.run_and_kill(path, rng.uniform(0, args.max_delay / 1000),
                                                   slow=kills % 4 >= 2)
                        if seqs:
                            assert seqs == list(range(records, records + len(seqs))), seqs
                            acked = seqs[-1] + 1
                        records, torn = check_after_kill(path, first_key, acked, records,
                                                         recover=kills % 2 == 0,
                                                         tags=kills % args.tags_every == 0)
                        torn_tails += bool(torn)
                        torn_bytes += torn
                    except AssertionError as error:
                        failures += 1
                        print(f"FAILURE at kill {kills} ({path.name}): {error!r}", flush=True)
                        break
                with LogWriter.open(path) as writer:
                    count = writer.count
                found = scan(path.read_bytes(), str(path))
                if (found.problems or check_tags(found, first_key)
                        or any(f.blob != blob_for(f.seq) for f in found.frames) or count < acked):
                    failures += 1
                    print(f"FAILURE: {path.name} does not verify at the end", flush=True)
                acked_total += acked
                beyond += count - acked
                log_no += 1
                print(f"log {log_no}: {kills} kills so far, {acked} acknowledged, {count} records",
                      flush=True)
    finally:
        killer.close()
    print(f"kills: {kills}")
    print(f"acknowledged records: {acked_total}")
    print(f"records found beyond the last acknowledged seq printed: {beyond}")
    print(f"recovered torn tails: {torn_tails} ({torn_bytes} bytes)")
    print(f"failures: {failures}")
    print(f"time: {time.monotonic() - started_at:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
