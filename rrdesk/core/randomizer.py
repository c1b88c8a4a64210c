"""The constant-time randomizer: turns a true answer into the recorded one.

Why it is constant time (threat model point 2, and the timing-attack warning of
the seeds): someone who can time the laptop must learn neither the truth nor the
sector. So, for a given design,

* every call draws exactly :attr:`Design.draw_bytes` bytes, whatever happens;
* the bytes become integers with ``numpy.frombuffer`` (fixed-width, no CPython
  small-int cache, whose hits and misses differ by nanoseconds);
* the sector is never computed as an index: each threshold contributes a 0/1
  step ``u >= bound`` in fixed-width numpy arithmetic, and the recorded answer is
  an affine function of those steps, the truth and (unrelated design) the
  simulated other answer -- no ``if``, no table lookup indexed by a secret;
* outcomes are decided by integer comparisons with the integer weights, never
  by floats.

``tests/benchmarks/constant_time.py`` measures this (dudect-style Welch t-test).

The answer for a design with ``m`` sectors is::

    answer = A_0 + sum_{i=1}^{m-1} [u >= C_i] (A_i - A_{i-1})
    A_i    = c_i + d_i * truth + e_i * other

where ``C_i`` is the cumulative weight before sector ``i`` and sector ``i`` tells
the respondent to give ``c_i + d_i truth + e_i other``: truthfully ``(0, 1, 0)``,
the opposite ``(1, -1, 0)``, say ``j`` ``(j, 0, 0)``, the other question
``(0, 0, 1)``.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable, TypeAlias

import numpy as np

from rrdesk.core.design import WHEEL, Act, Design
from rrdesk.core.entropy import system_bytes
from rrdesk.core.errors import DesignError

#: Where random bytes come from: ``source(n)`` returns ``n`` bytes (the OS CSPRNG, or a test's
#: deterministic source).
ByteSource: TypeAlias = Callable[[int], bytes]
#: A category (a true or recorded answer's index) as the arithmetic takes it: a Python or numpy
#: integer, or the one-element fixed-width array :func:`respond_fixed` returns (:func:`fixed`).
Category: TypeAlias = "int | np.integer[Any] | np.ndarray"


@dataclass(frozen=True, slots=True)
class _Tables:
    bounds: tuple[np.uint32, ...]  # cumulative weight where sector i starts, i >= 1 (all < 2**32)
    steps: tuple[tuple[int, int, int], ...]  # (A_i - A_{i-1}) coefficients, as Python ints
    base: tuple[int, int, int]  # (c_0, d_0, e_0)
    starts: np.ndarray  # (m,) uint64: where each sector starts (for the stopping point)
    widths: np.ndarray  # (m,) uint64: each sector's weight
    prevalence: np.uint32  # unrelated: threshold of the simulated other answer
    categories: int
    acc: type[np.signedinteger[Any]]  # accumulator dtype: int8 holds every coefficient of up to 127 categories
    # one spin's arithmetic as one product (:func:`spin`): each threshold passed, 0/1, times its row
    spin_bounds: np.ndarray  # (m-1,) uint32: the bounds above, as one array
    spin_rows: np.ndarray  # (m-1, 5) int64: the change in c, d, e, the sector's start and its width
    spin_base: np.ndarray  # (5,) int64: c_0, d_0, e_0, sector 0's start (0) and width


@functools.lru_cache(maxsize=256)
def _tables(design: Design) -> _Tables:
    coef: list[tuple[int, int, int]] = []
    for s in design.sectors:
        act, value = s.instruction.act, s.instruction.value
        coef.append({Act.TRUTH: (0, 1, 0), Act.OPPOSITE: (1, -1, 0),
                     Act.SAY: (value, 0, 0), Act.OTHER: (0, 0, 1)}[act])
    weights = np.array([s.weight for s in design.sectors], dtype=np.uint64)
    starts = np.concatenate([[0], np.cumsum(weights)[:-1]]).astype(np.uint64)
    steps = tuple((int(c1 - c0), int(d1 - d0), int(e1 - e0)) for (c0, d0, e0), (c1, d1, e1) in zip(coef, coef[1:]))
    # why these rows: passing the threshold of sector i+1 adds steps[i] to (c, d, e), sector i's
    # whole width to the start, and (width i+1 - width i) to the width (a telescoping sum)
    widths = [int(w) for w in weights]
    rows = np.array([(*step, widths[i], widths[i + 1] - widths[i]) for i, step in enumerate(steps)],
                    dtype=np.int64).reshape(len(steps), 5)
    return _Tables(bounds=tuple(np.uint32(x) for x in starts[1:]), steps=steps,
                   base=coef[0], starts=starts, widths=weights, prevalence=np.uint32(design.prevalence),
                   categories=design.categories, acc=np.int8 if design.categories <= 127 else np.int32,
                   spin_bounds=starts[1:].astype(np.uint32), spin_rows=rows,
                   spin_base=np.array([*coef[0], 0, widths[0]], dtype=np.int64))


def _draw(source: ByteSource, count: int) -> np.ndarray:
    data = source(4 * count)
    if not isinstance(data, (bytes, bytearray, memoryview)) or len(data) != 4 * count:
        raise DesignError("the random source returned the wrong number of bytes")
    return np.frombuffer(data, dtype="<u4")


def _truths(t: _Tables, truths: np.ndarray) -> np.ndarray:
    values = np.asarray(truths).astype(np.int64, copy=False)
    # one pass: a negative value wraps to a huge unsigned one. The comparison stays in numpy:
    # int() of the largest truth then `>=` would compare CPython ints, whose comparison
    # takes a shorter path for 0 (no digits) than for 1..k-1 -- a branch on the truth
    if values.size and np.any(values.view(np.uint64) >= np.uint64(t.categories)):
        raise DesignError("a true answer is outside the design's categories")
    return values.astype(t.acc)


#: why: CPython stores 0 with no digits and every other small int with one, and its int-to-C
#: conversions branch on that digit count (a few ns, visible to a t-test). Adding this
#: constant first (a "medium" int addition, one code path for every small value) moves every
#: truth into the one-digit range before numpy converts it; numpy subtracts it again.
_SHIFT = 1 << 20


def _one(truth: Category) -> np.ndarray:
    if isinstance(truth, np.ndarray) and truth.shape == (1,) and truth.dtype.kind == "i":
        return truth.astype(np.int64)  # already fixed-width (an answer from respond_fixed)
    if not isinstance(truth, (int, np.integer)):  # a type check, the same for every valid truth
        raise DesignError("a true answer must be an integer category")
    shifted = np.array([truth + _SHIFT], dtype=np.int64)
    shifted -= _SHIFT
    return shifted


def fixed(value: Category) -> np.ndarray:
    """``value`` as a one-element ``int64`` array, converted without a branch on it (see
    ``_SHIFT``): the form a secret answer takes on its way to the sealed record."""
    return _one(value)


def respond_fixed(design: Design, truth: Category, source: ByteSource = system_bytes) -> np.ndarray:
    """:func:`respond`, but the recorded answer stays a one-element fixed-width array:
    ``int()`` of it would take a different path for 0 than for any other value (CPython's
    zero has no digits), a timing difference a t-test sees. The store encodes the record
    from this array arithmetically (:func:`rrdesk.store.records.select`)."""
    return respond_many(design, _one(truth), source)


def respond(design: Design, truth: int, source: ByteSource = system_bytes) -> int:
    """One recorded answer for ``truth`` (``1`` YES / ``0`` NO, or a category index).

    Draws exactly ``design.draw_bytes`` bytes. The arithmetic is constant time; the final
    ``int()`` is not quite (CPython's 0 has no digits): the record path uses
    :func:`respond_fixed`, and this is for tests and simulations. ``source(n)`` returns ``n`` random bytes (the OS
    CSPRNG by default; tests pass a deterministic source).
    """
    return int(respond_many(design, _one(truth), source)[0])


def respond_many(design: Design, truths: np.ndarray, source: ByteSource = system_bytes) -> np.ndarray:
    """Recorded answers for an array of true answers, vectorized (a small integer array:
    ``int8`` for up to 127 categories).

    Draws ``len(truths) * design.draw_bytes`` bytes in one call: answer ``i`` uses
    bytes ``4i .. 4i+3`` for its sector and, for the unrelated design, bytes
    ``4(n+i) .. 4(n+i)+3`` for the simulated answer to the other question.
    """
    t = _tables(design)
    truth = _truths(t, truths)
    n = truth.shape[0]
    words = _draw(source, n * design.draw_bytes // 4)
    return _answers(t, truth, words[:n], words[n:])


def _answers(t: _Tables, truth: np.ndarray, u: np.ndarray, o: np.ndarray) -> np.ndarray:
    # Accumulate c, d, e of the formula above in small fixed-width integers, one 0/1 step
    # per threshold. Which terms exist (zero coefficients skipped, `o` empty unless the
    # design is unrelated) depends on the design only, never on a secret.
    n = truth.shape[0]
    c = np.full(n, t.base[0], dtype=t.acc)
    d = np.full(n, t.base[1], dtype=t.acc)
    e = np.full(n, t.base[2], dtype=t.acc) if o.shape[0] else None
    mask = np.empty(n, dtype=bool)
    scratch = np.empty(n, dtype=t.acc)
    for bound, coefficients in zip(t.bounds, t.steps):
        np.greater_equal(u, bound, out=mask)
        step = mask.view(np.int8) if t.acc is np.int8 else mask.astype(t.acc)
        for total, delta in zip((c, d, e), coefficients):
            if total is None or delta == 0:
                continue
            if delta == 1:
                total += step
            elif delta == -1:
                total -= step
            else:
                np.multiply(step, delta, out=scratch)
                total += scratch
    d *= truth
    d += c
    if e is not None:
        d += e * (o < t.prevalence).view(np.int8).astype(t.acc, copy=False)
    return d


@dataclass(frozen=True, slots=True, repr=False)
class Spin:
    """One turn of the spinner, for the GUI. Sensitive: keep it in memory only.

    Attributes
    ----------
    sector : int
        Index into ``design.sectors`` of the sector the pointer stops in.
    position : float
        Where the pointer stops, as a fraction of a full turn, uniform inside the
        sector (an independent draw) so the final angle says nothing more.
    answer : numpy.ndarray or None
        The recorded answer, when a truth was given (assisted mode): a one-element
        fixed-width array, never a Python int (see :func:`respond_fixed`).
    """

    sector: int
    position: float
    answer: np.ndarray | None

    def __repr__(self) -> str:  # never let a sector reach a log or a traceback
        return "Spin(<hidden>)"


def spin(design: Design, truth: int | None = None, source: ByteSource = system_bytes) -> Spin:
    """Spin the wheel once: the sector, a uniform stopping point inside it, and (when
    ``truth`` is given) the recorded answer, by the same arithmetic as :func:`respond`.

    Draws ``design.draw_bytes + 4`` bytes in one call: first those :func:`respond`
    would draw, then 4 for the stopping point. The same as :func:`settle` of :func:`draw`
    (a truth outside the design is refused before anything is drawn).
    """
    t = _tables(design)
    truth_a = _truth(t, truth)
    return _settle(t, draw(design, source), truth_a, truth is not None)


@dataclass(frozen=True, slots=True, repr=False)
class Drawn:
    """A spin drawn and not yet settled (:func:`draw`): everything but the recorded answer,
    which :func:`settle` makes from the truth. Settle it once, for the question it was drawn
    for, or drop it: like a :class:`Spin`, never written, never shown."""

    design: Design
    sector: int
    position: float
    c: np.ndarray  # the recorded answer is d * truth + c (+ e * the simulated other answer)
    d: np.ndarray
    other: np.ndarray  # e * the simulated other answer (unrelated designs), else 0
    # why these three, made with the draw: settle then needs neither the design's tables (an
    # lru_cache hashing the whole design, enums and all) nor a second addition -- numpy calls
    # that cost tens of microseconds on the interviewer's wait when the caches are cold (issue 33)
    base: np.ndarray  # c + other
    categories: np.uint64  # truths are 0 .. categories - 1
    acc: type[np.signedinteger[Any]]  # the recorded answer's dtype

    def __repr__(self) -> str:  # never let a sector reach a log or a traceback
        return "Drawn(<hidden>)"


def draw(design: Design, source: ByteSource = system_bytes) -> Drawn:
    """The draws of one spin (:func:`spin` without the truth): what does not depend on the
    answer, so it can be made before the respondent's truth is known (the station makes it
    between answers, off the interviewer's wait: :mod:`rrdesk.app.interviews`)."""
    t = _tables(design)
    words = _draw(source, design.draw_bytes // 4 + 1)
    # why one product, not :func:`_answers` and :func:`_position`: the same arithmetic in a
    # handful of numpy calls instead of ~40, each of which costs microseconds on the
    # interviewer's wait when the caches are cold (issue 33); the same values to the bit
    # (tests/test_randomizer.py compares both), with no branch and no lookup on a secret
    passed = (words[:1] >= t.spin_bounds).astype(np.int64)  # (m-1,) 0/1: the thresholds the draw passed
    c, d, e, start, width = (t.spin_base + passed @ t.spin_rows).reshape(5, 1)
    other = np.zeros(1, dtype=np.int64)
    if design.draw_bytes > 4:  # unrelated: the simulated other answer (a property of the design)
        other = e * (words[1:-1] < t.prevalence).astype(np.int64)
    offset = (np.uint64(words[-1]) * width.astype(np.uint64)) >> np.uint64(32)  # uniform in [0, width)
    position = float((start.astype(np.uint64) + offset)[0]) / WHEEL
    return Drawn(design=design, sector=int(passed.sum()), position=position, c=c, d=d, other=other,
                 base=c + other, categories=np.uint64(t.categories), acc=t.acc)


def settle(drawn: Drawn, truth: int | None = None) -> Spin:
    """The spin of ``drawn``, its recorded answer made from ``truth`` when one is given
    (assisted mode), by the same arithmetic as :func:`respond`."""
    truth_a = _one(0 if truth is None else truth)  # int64, (1,)
    if (truth_a.view(np.uint64) >= drawn.categories)[0]:  # as _truth checks it, with what the draw kept
        raise DesignError("a true answer is outside the design's categories")
    answer = (drawn.d * truth_a + drawn.base).astype(drawn.acc) if truth is not None else None
    return Spin(sector=drawn.sector, position=drawn.position, answer=answer)


def _truth(t: _Tables, truth: Category | None) -> np.ndarray:
    truth_a = _one(0 if truth is None else truth)  # int64, (1,)
    # as _truths checks it (a negative truth wraps to a huge unsigned one), in one numpy pass
    # and no more: the product below takes the int64 array as it is
    if (truth_a.view(np.uint64) >= np.uint64(t.categories)).any():
        raise DesignError("a true answer is outside the design's categories")
    return truth_a


def _settle(t: _Tables, drawn: Drawn, truth_a: np.ndarray, given: bool) -> Spin:
    answer = drawn.d * truth_a + drawn.base
    return Spin(sector=drawn.sector, position=drawn.position, answer=answer.astype(t.acc) if given else None)

