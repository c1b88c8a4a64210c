"""The arithmetic of calibration: probabilities onto the 2**32 grid, checks, closed forms.

Pure helpers of :mod:`rrdesk.core.design` (which re-exports what others use): rounding
probabilities to integer weights without losing the exact sum, validating targets, and the
closed forms of the most truthful spinner whose ε does not exceed a target.

The most truthful spinner (the largest truth weight ``t``) under a target ε, for the designs
whose other sectors each say one fixed answer (forced response: k = 2; k-ary: k answers):
report j has probability ``t [j = truth] + f_j``, so ε = ln(1 + t / min f_j) and the
constraint is ``min f_j ≥ t / (e^ε − 1)``. With ``c(t) = ⌈t / (e^ε − 1)⌉`` the truth weight is
feasible exactly when ``t + k c(t) ≤ 2**32``; the left side grows with t, so the largest such
t is one number, found from ``t ≈ 2**32 (e^ε − 1) / (e^ε − 1 + k)`` and settled by a few unit
steps against the exact ε of the integer weights (:func:`settle_weight`). The saying sectors get
``c(t)`` each and the remainder is spread one unit at a time, so they differ by at most one
unit above ln 2 (never the thousands of times of a one-sector fine-tune). Because the feasible
set only grows with the target, the truth probability is monotone in ε.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Sequence

from rrdesk.core.errors import DesignError

if TYPE_CHECKING:
    from rrdesk.core.design import Design

#: The spinner's resolution: weights are integers summing to 2**32, so one
#: 32-bit draw from the CSPRNG selects a sector with no modulo bias.
WHEEL = 2**32


def weight_grid(given: Sequence[object], names: Sequence[str]) -> list[int]:
    """Round probabilities to the 2**-32 grid, keeping the sum exact (largest remainder); ``given``
    as the caller got them, each checked to be one."""
    probabilities: list[float] = []
    for name, p in zip(names, given, strict=True):
        if not isinstance(p, (int, float)) or isinstance(p, bool) or not 0 <= p <= 1:
            raise DesignError(f"{name} must be a probability between 0 and 1, not {p!r}")
        probabilities.append(p)
    if abs(math.fsum(probabilities) - 1) > 1e-9:
        total = math.fsum(probabilities)
        raise DesignError(f"{' + '.join(names)} must sum to 1, not {total:.10g}")
    exact = [Fraction(p) * WHEEL for p in probabilities]
    weights = [math.floor(x) for x in exact]
    order = sorted(range(len(exact)), key=lambda i: exact[i] - weights[i], reverse=True)
    for i in order[: WHEEL - sum(weights)]:
        weights[i] += 1
    return weights


def complement(p: object, name: str) -> list[float]:
    if not isinstance(p, (int, float)) or isinstance(p, bool) or not 0 <= p <= 1:
        raise DesignError(f"{name} must be a probability between 0 and 1, not {p!r}")
    return [float(p), 1 - float(p)]


def check_target(epsilon: object) -> float:
    if not isinstance(epsilon, (int, float)) or isinstance(epsilon, bool):
        raise DesignError(f"epsilon must be a number, not {epsilon!r}")
    if not math.isfinite(epsilon) or epsilon <= 0:
        raise DesignError(f"epsilon must be a positive number, not {epsilon!r}")
    return float(epsilon)


def exp_target(target: float) -> float:
    # why the cap: the most private-less spinner on a 2**32 wheel has ε ≈ ln 2**32 ≈ 22.2, so any
    # larger target gives the same design; capping keeps math.exp finite for absurd targets
    return math.exp(min(target, 40.0))


def settle_weight(guess: int, lo: int, hi: int, ok: Callable[[int], bool]) -> int | None:
    """The largest x in [lo, hi] with ok(x), for ok true up to some point and false after,
    starting from a guess that is off by a few units at most (rounding of e^ε); None when
    no x passes. Unit steps, so a good closed-form guess costs two or three checks."""
    x = min(max(guess, lo), hi)
    while x >= lo and not ok(x):
        x -= 1
    if x < lo:
        return None
    while x < hi and ok(x + 1):
        x += 1
    return x


def largest_weight(lo: int, hi: int, ok: Callable[[int], bool]) -> int:
    """Largest x in [lo, hi] with ok(x), for ok true up to some point and false after;
    lo must satisfy ok."""
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if ok(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def eps_or_inf(make: Callable[[], Design]) -> float:
    try:
        return make().epsilon
    except DesignError:
        return math.inf


def exactly_one(kind: str, given: dict[str, object], allowed: Sequence[set[str]]) -> str:
    keys = {k for k, v in given.items() if v is not None}
    for option in allowed:
        if keys == option:
            return " ".join(sorted(option))
    choices = " or ".join("(" + ", ".join(sorted(o)) + ")" for o in allowed)
    raise DesignError(f"{kind} needs exactly one of {choices}")
