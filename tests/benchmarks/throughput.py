"""Throughput of ``rrdesk.core.randomizer.respond_many`` relative to the OS CSPRNG.

What is measured
----------------
For ``n`` true answers, the wall time of ``respond_many(design, truths)`` with
its default source (``os.urandom``) divided by the wall time of
``os.urandom(design.draw_bytes * n)`` alone -- the bytes it has to draw anyway:
``4 n`` bytes (one 32-bit draw per answer) for forced, warner and kary(4), and
``8 n`` for the unrelated-question design (a second draw per answer simulates
the answer to the innocuous question). The ratio is therefore "CSPRNG plus the
vectorized arithmetic" over "CSPRNG": 1.0 would mean the arithmetic is free.

How
---
Designs: ``forced(epsilon=ln 3)``, ``warner(epsilon=ln 3)``,
``unrelated(prevalence=0.3, epsilon=ln 3)``, ``kary(4, epsilon=1.5)``. Truths
are a pre-built random ``int64`` array (0/1, or 0..3 for kary). For each design
and ``n`` (``10**6`` and ``10**5`` by default), after one warm-up call of each,
``--reps`` interleaved pairs (default 9, at least 5; the order swapped every pair)
time both calls on the **thread's CPU time** (``time.thread_time_ns``: user and
system, so ``getrandom``'s work counts) and on the wall clock, each side the least
of 3 calls (another process's switches empty the caches: the least is the call
they disturbed least), the garbage collector disabled. Single-threaded: numpy's elementwise operations use one core,
so the 2-core machine is not oversubscribed by the benchmark itself.

Printed per row: the CPU-time ratio of each pair as min / median / max
(``_judge.py``), and the wall-time ratio of the medians for information.

Target
------
The median of the pairs' CPU-time ratios ``<= 1.5`` for every design and size. On a
busy machine a row is judged only when every pair falls on one side of the target
(another process inflates CPU time a little: enough to move a ratio near 1.5
across it), else "not judged: load …" (``_judge.pairs_verdict``). Exit status 0
when no row fails, 1 otherwise.

Usage
-----
``python tests/benchmarks/throughput.py`` or, shorter,
``python tests/benchmarks/throughput.py --calls 100000 --reps 5``
(``--calls`` may be repeated to give several sizes).
"""
from __future__ import annotations

import argparse
import gc
import math
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from a checkout
sys.path.insert(0, str(Path(__file__).resolve().parent))

import _judge  # noqa: E402 - the shared verdicts (tests/benchmarks/_judge.py)

from rrdesk.core import design as designs  # noqa: E402
from rrdesk.core.design import Design  # noqa: E402
from rrdesk.core.randomizer import respond_many  # noqa: E402

TARGET = 1.5
SEED = 1965


def build_designs() -> list[Design]:
    ln3 = math.log(3)
    return [designs.forced(epsilon=ln3), designs.warner(epsilon=ln3),
            designs.unrelated(prevalence=0.3, epsilon=ln3), designs.kary(4, epsilon=1.5)]


def label(d: Design) -> str:
    return f"kary({d.categories})" if d.kind == "kary" else d.kind


def timed(fn, *args, least_of: int = 3) -> tuple[int, int]:
    """(thread CPU ns, wall ns) of a call: the least of ``least_of`` calls, each, so that the
    caches another process emptied at a switch do not count (timeit's practice)."""
    cpu = wall = 2**63
    for _ in range(least_of):
        t0, c0 = time.perf_counter_ns(), time.thread_time_ns()
        fn(*args)
        cpu, wall = min(cpu, time.thread_time_ns() - c0), min(wall, time.perf_counter_ns() - t0)
    return cpu, wall


def bench(d: Design, n: int, reps: int, rng: np.random.Generator) -> tuple[list[float], list[int], list[int]]:
    """The CPU-time ratios respond_many / os.urandom(draw_bytes * n) of ``reps`` interleaved
    pairs, and the wall ns of each side."""
    truths = rng.integers(0, d.categories, size=n, dtype=np.int64)
    nbytes = d.draw_bytes * n
    respond_many(d, truths)  # warm-up: table cache, page faults of fresh buffers
    os.urandom(nbytes)
    ratios: list[float] = []
    ours, base = [], []
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        for r in range(reps):
            if r % 2 == 0:
                b, o = timed(os.urandom, nbytes), timed(respond_many, d, truths)
            else:
                o, b = timed(respond_many, d, truths), timed(os.urandom, nbytes)
            ratios.append(o[0] / max(b[0], 1))
            ours.append(o[1])
            base.append(b[1])
    finally:
        if enabled:
            gc.enable()
    return ratios, ours, base


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", "-n", type=int, action="append", default=None,
                        help="number of answers per call (repeatable; default 10**6 and 10**5)")
    parser.add_argument("--reps", type=int, default=9, help="repetitions per measurement (median taken)")
    args = parser.parse_args(argv)
    sizes = args.calls or [10**6, 10**5]
    if any(n < 1 for n in sizes) or args.reps < 1:
        parser.error("--calls and --reps must be positive")
    if args.reps < 5:
        parser.error("--reps must be at least 5 (interleaved pairs)")
    rng = np.random.default_rng(SEED)
    why_not = _judge.busy()
    print(f"respond_many vs os.urandom of the same bytes, {args.reps} interleaved pairs each; target: median "
          f"CPU-time ratio <= {TARGET} (on a busy machine judged only when every pair agrees; "
          f"{_judge.load_note(why_not)})")
    header = (f"{'design':<10} {'n':>8} {'bytes':>9} {'respond_many ms':>15} {'os.urandom ms':>13} "
              f"{'CPU-time ratio min / median / max':>37} {'wall':>5} {'verdict':<7}")
    print(header)
    print("-" * len(header))
    ok, start = True, time.perf_counter()
    for n in sizes:
        for d in build_designs():
            ratios, ours, base = bench(d, n, args.reps, rng)
            said = _judge.pairs_verdict(ratios, TARGET, why_not)
            ok &= said != "FAIL"
            wall = statistics.median(ours) / statistics.median(base)
            print(f"{label(d):<10} {n:>8} {d.draw_bytes * n:>9} {statistics.median(ours) / 1e6:>15.2f} "
                  f"{statistics.median(base) / 1e6:>13.2f} {_judge.spread(ratios):>37} {wall:>5.2f} "
                  f"{said}", flush=True)
    print(f"total {time.perf_counter() - start:.1f} s -> {'no target missed' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
