"""Timing-leak test of the way from a true answer to a record's plaintext (dudect style).

What is measured
----------------
Whether the running time of ``respond(design, truth, source)`` depends on a
secret: the respondent's true answer, or the spinner sector the random draw
lands in. Method of Reparaz, Balasch & Verbauwhede (2017), "Dude, is my code
constant time?" (DATE 2017), fixed-vs-fixed variant:

* two input classes A and B that differ only in the secret under test;
* the classes are interleaved at random (the class sequence is generated with a
  seeded PRNG before any timing, with exactly ``--calls`` calls of each class),
  so drift, frequency scaling and background load hit both classes alike;
* both classes' inputs are built beforehand and use the same objects: one byte
  source returns one ``bytearray`` whose 4 bytes are overwritten with the
  class's pattern just before the call, outside the timed region; the truths
  are the interpreter's small ints. So the classes differ only in the secret,
  not in which objects (memory addresses) ``respond`` touches -- at 10**6
  calls the test resolves about a nanosecond, and two equal but distinct
  input objects already differ by that much;
* a few thousand warm-up calls are made and discarded, the garbage collector is
  disabled while measuring, and each call is timed on its own with
  ``time.perf_counter_ns``;
* Welch's t statistic is computed on the raw timings and on the timings cropped
  below each of 100 pooled percentiles ``p_i = 1 - 0.5 ** (10 (i + 1) / 100)``
  (dudect's crops, which remove the heavy upper tail of interrupts and
  preemptions); the largest ``|t|`` is reported.

Tests
-----
The randomizer is measured as ``respond_fixed`` (its answer a fixed-width array): ``respond``
returns ``int()`` of that, and CPython's ``int`` takes another path for 0 than for other
values, which a t-test sees; nothing on the way to a record uses ``respond``.

``forced/truth``  forced design (ε = ln 3), source forced into the TRUTH sector
                  (bytes 00 00 00 00), truth 0 (A) vs truth 1 (B).
``forced/sector`` truth 1, source in the first sector (A) vs the first word of
                  the last sector (B), little-endian uint32 as ``respond`` reads it.
``kary/truth``    ``kary(4, epsilon=1.5)``, TRUTH sector, truth 0 (A) vs 3 (B).
``kary/sector``   truth 1, first sector (A) vs last sector (B).
``forced/path-truth``, ``forced/path-sector``, ``kary/path-truth``, ``kary/path-sector``
                  the whole way from the truth to the bytes that get sealed: the
                  recorded answer as a fixed-width array (``respond_fixed``), then the
                  record's padded plaintext chosen arithmetically among every answer's
                  (``records.answer_rows`` + ``records.select``), as ``Station`` writes an
                  answer record; the same classes as the ``truth`` and ``sector`` tests.
                  (The answer ids differ in length -- "never", "several" -- so a leak of
                  which one is written would show.)
``null``          forced design, A and B identical (truth 1, sector 0): the
                  calibration -- if it fails, the machine is too noisy (or the
                  harness biased) for the other verdicts to mean anything.
``control``       a deliberately leaky pure-Python randomizer (``int.from_bytes``
                  then a ``for`` loop over the cumulative bounds with an early
                  ``return`` and ``if``-branches on the instruction), forced
                  design, first sector (A) vs last sector (B). It proves the
                  harness can see a leak of a few tens of nanoseconds.

Targets
-------
The classes interleave call by call, so the machine's other load cannot favour one; it adds
noise, which the null test and the control show (NOISY, BLIND): when either fails on a busy
machine the run says "not judged: load …" (``_judge.py``) instead of FAIL.
``max |t| < 4.5`` (raw and every crop) for ``respond`` in every test and in the
null test, and ``max |t| > 10`` for the leaky control. Exit status 0 when all targets are met,
1 otherwise.

Usage
-----
``python tests/benchmarks/constant_time.py`` (10**6 calls per class and test,
the default; several minutes: each ``respond`` call takes tens of microseconds)
or ``--calls 20000`` for a quick run (a short run has less power: the control
may then miss its target). ``--only forced/truth`` runs one test (repeatable);
``--cpu N`` pins the process to one CPU. The measurement is single-threaded;
on a 2-core machine keep other heavy work (e.g. the throughput benchmark) off
the machine while it runs.
"""
from __future__ import annotations

import argparse
import gc
import math
import os
import struct
import sys
import time
from array import array
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2]))  # run from a checkout
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))

import _judge  # noqa: E402 - the shared verdicts (tests/benchmarks/_judge.py)

from rrdesk.core import design as designs  # noqa: E402
from rrdesk.core.design import Act, Design  # noqa: E402
from rrdesk.core.randomizer import respond, respond_fixed, spin  # noqa: E402
from rrdesk.store.records import Record, answer_rows, pad, select  # noqa: E402

T_LIMIT = 4.5  # |t| at or above this: a leak (dudect's threshold)
T_CONTROL = 10.0  # the leaky control must exceed this
N_CROPS = 100
WARMUP = 5000
SEED = 20170327


# -- inputs ---------------------------------------------------------------------------


def fixed_source(data: bytes) -> Callable[[int], bytes]:
    """A byte source that always returns ``data`` (the same object, no allocation)."""

    def source(n: int) -> bytes:
        return data

    return source


def sector_word(design: Design, index: int) -> bytes:
    """The 4 bytes (little-endian uint32) of the first draw that lands in sector ``index``:
    the cumulative weight of the sectors before it."""
    start = sum(s.weight for s in design.sectors[:index])
    return struct.pack("<I", start)


def path(arg0: tuple[Design, object], truth: int, source: Callable[[int], bytes]) -> bytes:
    """Truth to plaintext: ``respond_fixed`` then ``select`` (what ``Station`` does)."""
    design, rows = arg0
    return select(rows, respond_fixed(design, truth, source))


_TEMPLATE = Record(survey="workplace-demo", device="0" * 32, log="1" * 32, interview=12, position=4,
                   kind="answer", question="bullied", day="2026-11-23", interviewer="bench", version="1")


def path_arg(design: Design, labels: tuple[str, ...]) -> tuple[Design, object]:
    return design, answer_rows(_TEMPLATE, labels, 512)


def check_path(case: "Case", design: Design, labels: tuple[str, ...]) -> None:
    """The path's bytes are the record with the answer ``respond`` gives."""
    for truth, pattern in (case.a, case.b):
        case.buf[:] = pattern
        want = pad(Record(**{**vars(_TEMPLATE), "answer": labels[respond(design, truth, fixed_source(pattern))]}),
                   512)
        if case.func(case.arg0, truth, case.source) != want:
            raise SystemExit(f"{case.name}: plaintext differs from the record respond() gives")


def naive_respond(table: tuple[tuple[int, Act, int], ...], truth: int, source: Callable[[int], bytes]) -> int:
    """The leaky control: what a straightforward randomizer looks like. ``table`` holds
    ``(end, act, value)`` per sector, ``end`` the cumulative bound where it stops."""
    u = int.from_bytes(source(4), "little")
    for end, act, value in table:
        if u < end:
            if act == Act.TRUTH:
                return truth
            elif act == Act.OPPOSITE:
                return 1 - truth
            else:
                return value
    raise AssertionError("unreachable")


def naive_table(design: Design) -> tuple[tuple[int, Act, int], ...]:
    rows, end = [], 0
    for s in design.sectors:
        end += s.weight
        rows.append((end, s.instruction.act, s.instruction.value))
    return tuple(rows)


@dataclass(frozen=True)
class Case:
    """One fixed-vs-fixed test. Both classes call ``func(arg0, truth, source)`` with the
    same ``source`` object, which returns the same ``bytearray`` every time; before each
    call, outside the timed region, that buffer is overwritten with the class's 4-byte
    pattern. So the classes differ only in the secret (the truth, or the buffer's
    content), never in which objects or addresses are used."""

    name: str
    what: str  # human description of A vs B
    func: Callable  # func(arg0, truth, source)
    arg0: object
    a: tuple[int, bytes]  # (truth, 4-byte pattern) of class A
    b: tuple[int, bytes]
    kind: str = "test"  # "test" (respond), "null" (A and B identical) or "control" (leaky)
    buf: bytearray = field(default_factory=lambda: bytearray(4))

    @property
    def source(self) -> Callable[[int], bytes]:
        return fixed_source(self.buf)


def check_case(case: Case, design: Design, sectors: tuple[int, int]) -> None:
    """Make sure each class lands where the test says (sector via ``spin``) and that
    ``func`` agrees with ``respond``."""
    for (truth, pattern), want in zip((case.a, case.b), sectors):
        got = spin(design, truth, fixed_source(pattern + bytes(4))).sector  # spin draws one more word
        if got != want:
            raise SystemExit(f"{case.name}: class lands in sector {got}, not {want}")
        source = case.source
        case.buf[:] = pattern
        if int(np.asarray(case.func(case.arg0, truth, source)).reshape(-1)[0]) != respond(design, truth, fixed_source(pattern)):
            raise SystemExit(f"{case.name}: answer differs from respond()")


def check_case_sectors(case: Case, design: Design, sectors: tuple[int, int]) -> None:
    for (truth, pattern), want in zip((case.a, case.b), sectors):
        got = spin(design, truth, fixed_source(pattern + bytes(4))).sector
        if got != want:
            raise SystemExit(f"{case.name}: class lands in sector {got}, not {want}")


def build_cases() -> list[Case]:
    cases = []
    first = bytes(4)
    for label, d, truths in (("forced", designs.forced(epsilon=math.log(3)), (0, 1)),
                             ("kary", designs.kary(4, epsilon=1.5), (0, 3))):
        last = len(d.sectors) - 1
        c = Case(f"{label}/truth", f"truth {truths[0]} vs {truths[1]}, sector 0",
                 respond_fixed, d, (truths[0], first), (truths[1], first))
        check_case(c, d, (0, 0))
        cases.append(c)
        c = Case(f"{label}/sector", f"sector 0 vs {last}, truth 1",
                 respond_fixed, d, (1, first), (1, sector_word(d, last)))
        check_case(c, d, (0, last))
        cases.append(c)
    for label, d, truths, labels in (
            ("forced", designs.forced(epsilon=math.log(3)), (0, 1), ("no", "yes")),
            ("kary", designs.kary(4, epsilon=1.5), (0, 3), ("never", "once", "several", "often"))):
        last = len(d.sectors) - 1
        arg = path_arg(d, labels)
        c = Case(f"{label}/path-truth", f"truth {truths[0]} vs {truths[1]}, sector 0", path, arg,
                 (truths[0], first), (truths[1], first))
        check_case_sectors(c, d, (0, 0))
        check_path(c, d, labels)
        cases.append(c)
        c = Case(f"{label}/path-sector", f"sector 0 vs {last}, truth 1", path, arg, (1, first),
                 (1, sector_word(d, last)))
        check_case_sectors(c, d, (0, last))
        check_path(c, d, labels)
        cases.append(c)
    d = designs.forced(epsilon=math.log(3))
    last = len(d.sectors) - 1
    same = (1, first)  # why one tuple for both classes: two equal tuples are two addresses, touched
    # just before the timed call (its reference count) -- the classes must not differ even there
    c = Case("null", "forced, A and B identical", respond_fixed, d, same, same, kind="null")
    check_case(c, d, (0, 0))
    cases.append(c)
    c = Case("control", f"naive, sector 0 vs {last}", naive_respond, naive_table(d),
             (1, first), (1, sector_word(d, last)), kind="control")
    check_case(c, d, (0, last))
    cases.append(c)
    return cases


# -- measurement ----------------------------------------------------------------------


def classes_sequence(calls: int, rng: np.random.Generator) -> bytes:
    """Exactly ``calls`` zeros and ``calls`` ones in random order."""
    seq = np.repeat(np.array([0, 1], dtype=np.uint8), calls)
    rng.shuffle(seq)
    return seq.tobytes()


def run_loop(case: Case, classes: bytes) -> array:
    """Time each call. Nothing the loop touches depends on the class but the secret itself:
    the truths come from a list built beforehand (the same object for both classes when
    their truths are equal) and the patterns from one bytes object, at the call's own
    offset -- a loop over the class sequence would touch the small int 0 or 1 (and the
    class's own input objects) right before each call, a difference of a few nanoseconds
    that the crops see even between two identical classes."""
    func, arg0, source, buf = case.func, case.arg0, case.source, case.buf
    truths = [case.b[0] if c else case.a[0] for c in classes]
    view = memoryview(b"".join(case.b[1] if c else case.a[1] for c in classes))
    clock = time.perf_counter_ns
    out = array("q", bytes(8 * len(classes)))
    for i in range(len(classes)):
        truth = truths[i]
        buf[:] = view[4 * i:4 * i + 4]  # same size: rewrites the bytes in place, no reallocation
        t0 = clock()
        func(arg0, truth, source)
        out[i] = clock() - t0
    return out


def measure(case: Case, calls: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    warm = classes_sequence(WARMUP // 2, rng)
    classes = classes_sequence(calls, rng)
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        run_loop(case, warm)  # discarded
        times = run_loop(case, classes)
    finally:
        if enabled:
            gc.enable()
    t = np.frombuffer(times, dtype=np.int64)
    cls = np.frombuffer(classes, dtype=np.uint8)
    return t[cls == 0].copy(), t[cls == 1].copy()


# -- statistics -----------------------------------------------------------------------


def welch(n_a: int, s_a: float, q_a: float, n_b: int, s_b: float, q_b: float) -> float:
    """Welch's t from counts, sums and sums of squares (of shifted data)."""
    if n_a < 2 or n_b < 2:
        return 0.0
    m_a, m_b = s_a / n_a, s_b / n_b
    v_a = max(q_a - n_a * m_a * m_a, 0.0) / (n_a - 1)
    v_b = max(q_b - n_b * m_b * m_b, 0.0) / (n_b - 1)
    se = math.sqrt(v_a / n_a + v_b / n_b)
    return (m_a - m_b) / se if se > 0 else 0.0


def t_statistics(a: np.ndarray, b: np.ndarray) -> tuple[float, float, float, float]:
    """(t raw, the t of largest magnitude over the crops, the crop percentile where it
    occurs, mean A - mean B in ns inside that crop)."""
    pooled = np.concatenate([a, b])
    shift = float(np.median(pooled))  # shift for numerically safe sums of squares
    sa = np.sort(a).astype(np.float64) - shift
    sb = np.sort(b).astype(np.float64) - shift
    ca, cb = np.cumsum(sa), np.cumsum(sb)
    qa, qb = np.cumsum(sa * sa), np.cumsum(sb * sb)
    t_raw = welch(len(sa), ca[-1], qa[-1], len(sb), cb[-1], qb[-1])
    ps = 1 - 0.5 ** (10 * (np.arange(N_CROPS) + 1) / N_CROPS)
    thresholds = np.quantile(pooled, ps) - shift
    best, where, diff = 0.0, 0.0, 0.0
    for p, x in zip(ps, thresholds):
        na = int(np.searchsorted(sa, x, side="left"))  # values strictly below the threshold
        nb = int(np.searchsorted(sb, x, side="left"))
        if na < 2 or nb < 2:
            continue
        t = welch(na, ca[na - 1], qa[na - 1], nb, cb[nb - 1], qb[nb - 1])
        if abs(t) > abs(best):
            best, where, diff = t, p, ca[na - 1] / na - cb[nb - 1] / nb
    return t_raw, best, where, diff


# -- main -----------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=10**6, help="calls per class and test (default 10**6)")
    parser.add_argument("--only", action="append", default=[], help="run only this test (repeatable)")
    parser.add_argument("--cpu", type=int, default=None, help="pin the process to this CPU")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    if args.calls < 10:
        parser.error("--calls must be at least 10")
    if args.cpu is not None:
        os.sched_setaffinity(0, {args.cpu})

    cases = build_cases()
    if args.only:
        unknown = set(args.only) - {c.name for c in cases}
        if unknown:
            parser.error(f"unknown test(s) {sorted(unknown)}; known: {[c.name for c in cases]}")
        cases = [c for c in cases if c.name in args.only]
    rng = np.random.default_rng(args.seed)
    why_not = _judge.busy()

    print(f"dudect fixed-vs-fixed timing test of respond and of the truth-to-plaintext path "
          f"({args.calls} calls per class, {N_CROPS} crops, seed {args.seed}); {_judge.load_note(why_not)}",
          flush=True)
    header = (f"{'test':<18} {'A vs B':<26} {'calls/class':>11} {'mean ns A':>10} {'mean ns B':>10} "
              f"{'med A':>7} {'med B':>7} {'max|t| raw':>10} {'max|t| crop':>11} {'dA-B crop':>9} {'verdict':<9}")
    rows, ok, calibrated, start = [], True, True, time.perf_counter()
    for case in cases:
        t0 = time.perf_counter()
        a, b = measure(case, args.calls, rng)
        t_raw, t_crop, p, diff = t_statistics(a, b)
        worst = max(abs(t_raw), abs(t_crop))
        if case.kind == "control":
            passed = worst > T_CONTROL
            verdict = "LEAK SEEN" if passed else "BLIND"
        elif case.kind == "null":
            passed = worst < T_LIMIT
            verdict = "ok" if passed else "NOISY"
        else:
            passed = worst < T_LIMIT
            verdict = "ok" if passed else "LEAK"
        ok &= passed
        calibrated &= passed or case.kind not in ("null", "control")
        rows.append(f"{case.name:<18} {case.what:<26} {args.calls:>11} {a.mean():>10.1f} {b.mean():>10.1f} "
                    f"{np.median(a):>7.0f} {np.median(b):>7.0f} {abs(t_raw):>10.2f} {abs(t_crop):>11.2f} {diff:>+9.1f} "
                    f"{verdict:<9}")
        print(f"  {case.name}: done in {time.perf_counter() - t0:.0f} s; worst crop: below pooled "
              f"percentile {100 * p:.2f}, mean A - mean B there {diff:+.2f} ns", flush=True)
    print()
    print(header)
    print("-" * len(header))
    for r in rows:
        print(r)
    print()
    print("dA-B crop: mean A - mean B (ns) inside the crop with the largest |t|")
    print(f"targets: respond, the path and null max|t| < {T_LIMIT} (raw and cropped); control max|t| > {T_CONTROL}")
    # why: the classes interleave call by call, so load cannot favour one; it adds noise, which
    # the null test (NOISY) and the control (BLIND) show: then a busy machine judges nothing
    why_not = _judge.still_quiet(why_not)
    print(f"total {time.perf_counter() - start:.0f} s -> "
          f"{_judge.verdict(ok, why_not if not calibrated else None)}")
    return 0 if ok or (why_not is not None and not calibrated) else 1


if __name__ == "__main__":
    sys.exit(main())
