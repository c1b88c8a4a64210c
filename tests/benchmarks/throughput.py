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
``--reps`` repetitions (default 9) alternate the two timings (order swapped every
repetition) so background load affects both alike; each is timed with
``time.perf_counter_ns`` with the garbage collector disabled, and the ratio is
taken of the medians. Single-threaded: numpy's elementwise operations use one
core, so the 2-core machine is not oversubscribed by the benchmark itself.

Target
------
Ratio ``<= 1.5`` for every design and size. Exit status 0 when met, 1 otherwise.

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


def timed(fn, *args) -> int:
    t0 = time.perf_counter_ns()
    fn(*args)
    return time.perf_counter_ns() - t0


def bench(d: Design, n: int, reps: int, rng: np.random.Generator) -> tuple[float, float]:
    """Median ns of respond_many and of os.urandom(draw_bytes * n)."""
    truths = rng.integers(0, d.categories, size=n, dtype=np.int64)
    nbytes = d.draw_bytes * n
    respond_many(d, truths)  # warm-up: table cache, page faults of fresh buffers
    os.urandom(nbytes)
    ours, base = [], []
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        for r in range(reps):
            if r % 2 == 0:
                base.append(timed(os.urandom, nbytes))
                ours.append(timed(respond_many, d, truths))
            else:
                ours.append(timed(respond_many, d, truths))
                base.append(timed(os.urandom, nbytes))
    finally:
        if enabled:
            gc.enable()
    return statistics.median(ours), statistics.median(base)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", "-n", type=int, action="append", default=None,
                        help="number of answers per call (repeatable; default 10**6 and 10**5)")
    parser.add_argument("--reps", type=int, default=9, help="repetitions per measurement (median taken)")
    args = parser.parse_args(argv)
    sizes = args.calls or [10**6, 10**5]
    if any(n < 1 for n in sizes) or args.reps < 1:
        parser.error("--calls and --reps must be positive")
    rng = np.random.default_rng(SEED)

    print(f"respond_many vs os.urandom of the same bytes (median of {args.reps}; target ratio <= {TARGET})")
    header = (f"{'design':<10} {'n':>8} {'bytes':>9} {'respond_many ms':>15} {'os.urandom ms':>13} "
              f"{'ratio':>6} {'verdict':<7}")
    print(header)
    print("-" * len(header))
    ok, start = True, time.perf_counter()
    for n in sizes:
        for d in build_designs():
            ours, base = bench(d, n, args.reps, rng)
            ratio = ours / base
            passed = ratio <= TARGET
            ok &= passed
            print(f"{label(d):<10} {n:>8} {d.draw_bytes * n:>9} {ours / 1e6:>15.2f} {base / 1e6:>13.2f} "
                  f"{ratio:>6.2f} {'ok' if passed else 'SLOW':<7}", flush=True)
    print(f"total {time.perf_counter() - start:.1f} s -> {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
