"""Speed and memory of ``rrdesk aggregate`` on 200,000 simulated answers.

What is measured
----------------
1. *Make* (not timed against a target): ``--answers`` answers to the demo survey's four
   randomized questions (so ``answers / 4`` respondents and ``9 / 4`` as many records: each
   respondent's start record, then a spun and an answer record per question) are recorded through the real path -- ``rrdesk.app.simulate.simulate``,
   i.e. :class:`rrdesk.app.interviews.Station`, the randomizer, age sealing and the log --
   on ``--devices`` laptops (one data folder each, simulated in parallel), and each laptop is
   exported with ``rrdesk.store.bundle.export``. The data folders live under ``/dev/shm``
   (tmpfs) so that the store's fsync after every record does not dominate this stage; the
   aggregate stage reads only the bundles, which are there too.
2. *Aggregate*: in a fresh process, ``collect`` (open, verify, decrypt in ``--workers``
   processes, de-duplicate) over every bundle, then the estimates (``results_of`` with and
   without ``--by department``) and the four report files. Printed: wall time of ``collect``
   and of the whole stage, records per second per core (records / wall / workers), and
   peak memory: ``getrusage(RUSAGE_SELF).ru_maxrss`` of the aggregating process and
   ``RUSAGE_CHILDREN`` (the largest worker).
3. *Floors*, per record, single-threaded: one X25519 exchange alone (the part of
   ``age.decrypt`` no implementation can skip: every record has its own ephemeral share),
   the whole ``age.decrypt``, and ``records.parse``.

Targets: >= 20,000 records/s/core for the aggregate stage, <= 500 MB peak memory. The X25519
floor alone is about 50 µs per record here (20,000/s/core), so the first target is out of
reach whatever the aggregator does; the figures say how far.

Usage
-----
``python tests/benchmarks/aggregate.py`` (defaults: 200,000 answers, 8 laptops, one worker
per core), or ``--answers 20000 --devices 2`` for a quick run, ``--devices 1`` to see the
memory of one very large bundle. Exit status 0 when both targets are met, 1 otherwise.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run from a checkout

from rrdesk.app.simulate import simulate, truth_shares  # noqa: E402
from rrdesk.app.aggregate import Aggregation, results_of, write_report  # noqa: E402
from rrdesk.core import survey as surveys  # noqa: E402
from rrdesk.store import _age_format, age, aggregate, bundle, keys, log, records  # noqa: E402

DEMO = ROOT / "resources" / "surveys" / "demo.toml"
KEY = ROOT / "resources" / "demo-identity.txt"
TRUTH = ["unhappy=0.3", "afraid_to_speak=0.2", "took_from_work=0.1", "bullied=never:0.6,once:0.3,several:0.1"]
RATE_TARGET, MEMORY_TARGET_MB = 20_000, 500


def _mb(kilobytes: int) -> float:
    return kilobytes / 1024  # ru_maxrss is in KiB on Linux


def _laptop(args: tuple[str, int, int]) -> float:
    folder, n, seed = args
    s = surveys.load(DEMO)
    start = time.perf_counter()
    simulate(s, Path(folder) / "data", n, truth_shares(s, TRUTH), seed)
    bundle.export(Path(folder) / "data", s.id, Path(folder))
    return time.perf_counter() - start


def stage_make(folder: Path, answers: int, devices: int) -> dict:
    respondents = answers // 4
    shares = [respondents // devices + (i < respondents % devices) for i in range(devices)]
    start = time.perf_counter()
    with ProcessPoolExecutor(min(devices, os.cpu_count() or 1)) as pool:
        list(pool.map(_laptop, [(str(folder / f"laptop-{i}"), n, 1000 + i) for i, n in enumerate(shares)]))
    for i in range(devices):
        shutil.rmtree(folder / f"laptop-{i}" / "data")  # keep only the bundles
    return {"seconds": time.perf_counter() - start, "respondents": respondents}


def stage_aggregate(folder: Path, workers: int) -> dict:
    identities = keys.load_identities(KEY)
    paths = sorted(folder.glob("laptop-*/*.tar.age"))
    start = time.perf_counter()
    collection = aggregate.collect(paths, identities, workers=workers)
    collected = time.perf_counter() - start
    data = collection.surveys["workplace-demo"]
    results = results_of(data)
    results_of(data, by="department")
    estimated = time.perf_counter() - start
    write_report(folder / "report", Aggregation(data, results, tuple(data.problems), ()))
    total = time.perf_counter() - start
    return {"bundles": len(paths), "bytes": sum(p.stat().st_size for p in paths), "records": data.records,
            "answers": sum(r.estimate.n for r in results.questions if r.question.design is not None),
            "problems": len(data.problems), "collect": collected,
            "estimates": estimated - collected, "report": total - estimated, "total": total,
            "self_mb": _mb(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss),
            "children_mb": _mb(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)}


def floors(folder: Path, count: int = 2000) -> dict:
    """Per-record costs, one core: X25519 alone, age.decrypt, records.parse."""
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PublicKey

    identities = keys.load_identities(KEY)
    [first] = sorted(folder.glob("laptop-*/*.tar.age"))[:1]
    opened = bundle.open_bundle(first, identities)
    blobs = [f.blob for data in opened.logs.values() for f in log.scan(data, "x").frames][:count]
    shares = []
    for blob in blobs:
        header, _ = _age_format.parse(blob)
        shares.append(_age_format.b64decode(header.stanzas[0].args[1].encode("ascii")))
    secret = identities[0]._key
    start = time.perf_counter()
    for share in shares:
        secret.exchange(X25519PublicKey.from_public_bytes(share))
    x25519 = (time.perf_counter() - start) / len(shares)
    start = time.perf_counter()
    plain = [age.decrypt(blob, identities) for blob in blobs]
    decrypt = (time.perf_counter() - start) / len(blobs)
    start = time.perf_counter()
    for text in plain:
        records.parse(text)
    parse = (time.perf_counter() - start) / len(plain)
    return {"x25519_us": 1e6 * x25519, "decrypt_us": 1e6 * decrypt, "parse_us": 1e6 * parse}


def _child(*argv: str) -> dict:
    """A stage in a fresh process, so each stage's peak memory is its own."""
    done = subprocess.run([sys.executable, __file__, *argv], check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--answers", type=int, default=200_000)
    p.add_argument("--devices", type=int, default=8)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--stage", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.stage:
        name, folder, *rest = args.stage
        result = {"make": lambda: stage_make(Path(folder), int(rest[0]), int(rest[1])),
                  "aggregate": lambda: stage_aggregate(Path(folder), int(rest[0])),
                  "floors": lambda: floors(Path(folder))}[name]()
        print(json.dumps(result))
        return 0
    base = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    folder = Path(tempfile.mkdtemp(prefix="rrdesk-bench-", dir=base))
    try:
        made = _child("--stage", "make", str(folder), str(args.answers), str(args.devices))
        got = _child("--stage", "aggregate", str(folder), str(args.workers))
        floor = _child("--stage", "floors", str(folder))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    n, w = got["records"], args.workers
    rate, overall = n / got["collect"] / w, n / got["total"] / w
    peak = max(got["self_mb"], got["children_mb"])
    print(f"data: {got['answers']:,} answers, {n:,} records ({made['respondents']:,} respondents) on "
          f"{args.devices} laptop(s), {got['bundles']} bundle(s), {got['bytes'] / 2**20:.0f} MiB; "
          f"{got['problems']} problems")
    print(f"make (simulate + export, /dev/shm): {made['seconds']:.1f} s")
    print(f"aggregate with {w} worker(s) on {os.cpu_count()} core(s):")
    print(f"  collect (open, verify, decrypt, de-duplicate): {got['collect']:.1f} s = {n / got['collect']:,.0f} "
          f"records/s = {rate:,.0f} records/s/core (target {RATE_TARGET:,})")
    print(f"  estimates {got['estimates']:.2f} s, report files {got['report']:.2f} s; overall {got['total']:.1f} s "
          f"= {overall:,.0f} records/s/core")
    print(f"  peak memory: aggregating process {got['self_mb']:.0f} MB, largest worker "
          f"{got['children_mb']:.0f} MB (target {MEMORY_TARGET_MB} MB)")
    print(f"floors per record, one core: X25519 exchange {floor['x25519_us']:.1f} µs "
          f"(= {1e6 / floor['x25519_us']:,.0f}/s), age.decrypt {floor['decrypt_us']:.1f} µs, "
          f"records.parse {floor['parse_us']:.1f} µs -> decrypt+parse alone "
          f"{1e6 / (floor['decrypt_us'] + floor['parse_us']):,.0f} records/s/core")
    return 0 if rate >= RATE_TARGET and peak <= MEMORY_TARGET_MB else 1


if __name__ == "__main__":
    sys.exit(main())
