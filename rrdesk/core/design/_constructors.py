"""The four constructors: a calibrated spinner from a target ε or from its probabilities.

Part of :mod:`rrdesk.core.design` (which re-exports them and describes each design and its
ε). From ε, each constructor takes the most truthful spinner whose ε does not exceed the
target, in closed form settled by a few unit steps (:mod:`rrdesk.core.design._calibrate`); from
probabilities, it rounds them onto the grid keeping their sum exact.
"""
from __future__ import annotations

import math
from typing import Callable, Sequence

from rrdesk.core.design._calibrate import (
    WHEEL,
    check_target,
    complement,
    eps_or_inf,
    exactly_one,
    exp_target,
    settle_weight,
    weight_grid,
)
from rrdesk.core.design._model import OPPOSITE, OTHER, SAY_NO, SAY_YES, TRUTH, Act, Design, Instruction, Sector
from rrdesk.core.errors import DesignError


def forced(*, epsilon: float | None = None, truth: float | None = None,
           yes: float | None = None, no: float | None = None) -> Design:
    """Forced response: answer truthfully, or say YES, or say NO.

    Give a target ``epsilon`` or all three probabilities. From ε: the most truthful
    spinner whose exact ε does not exceed the target -- YES and NO get ``⌈t / (e^ε − 1)⌉``
    each (one unit apart at most), ``t`` as large as the wheel allows
    (:mod:`rrdesk.core.design._calibrate`). Boruch (1971); Fox & Tracy (1986), ch. 3.
    """
    exactly_one("forced", {"epsilon": epsilon, "truth": truth, "yes": yes, "no": no},
             [{"epsilon"}, {"truth", "yes", "no"}])
    if epsilon is None:
        weights = weight_grid([truth, yes, no], ["truth", "yes", "no"])
        return forced_weights(*weights)
    target = check_target(epsilon)
    no, yes = _saying(2, target, lambda t, says: forced_weights(t, says[1], says[0]))
    return forced_weights(WHEEL - no - yes, yes, no)


def forced_weights(truth: int, yes: int, no: int) -> Design:
    sectors = [(truth, TRUTH), (yes, SAY_YES), (no, SAY_NO)]
    return Design(kind="forced", sectors=tuple(Sector(w, i) for w, i in sectors if w))


def warner(*, epsilon: float | None = None, p: float | None = None) -> Design:
    """Warner's (1965) mirrored question: answer the statement with probability ``p``,
    else its negation. From ε, ``p = e^ε / (1 + e^ε)`` rounded down onto the grid.

    With only two sectors the achievable ε are ``ln(w / (2**32 - w))``; neighbours
    are ``(1 + e^ε)**2 / (e^ε 2**32)`` apart, so a target is met to within 1e-6 for
    ε up to 8.36 and to within one such step (5.1e-6 at ε = 10) above that.
    """
    exactly_one("warner", {"epsilon": epsilon, "p": p}, [{"epsilon"}, {"p"}])
    if epsilon is None:
        return warner_weights(weight_grid(complement(p, "p"), ["p", "1 - p"])[0])
    target = check_target(epsilon)
    lo = WHEEL // 2 + 1
    if eps_or_inf(lambda: warner_weights(lo)) > target:
        raise DesignError(f"epsilon {target!r} is too small for a 2**32-sector spinner")
    e = exp_target(target)
    guess = math.floor(WHEEL * e / (1 + e))  # p / (1 − p) = e^ε, settled on the integers
    return warner_weights(settle_weight(guess, lo, WHEEL - 1, lambda w: eps_or_inf(lambda: warner_weights(w)) <= target) or lo)


def warner_weights(statement: int) -> Design:
    sectors = [(statement, TRUTH), (WHEEL - statement, OPPOSITE)]
    return Design(kind="warner", sectors=tuple(Sector(w, i) for w, i in sectors if w))


def unrelated(*, prevalence: float, epsilon: float | None = None, p: float | None = None) -> Design:
    """Unrelated question (Greenberg et al. 1969): answer the sensitive question with
    probability ``p``, else an innocuous question with known ``prevalence``.

    From ε, ``p`` is the largest grid value whose ε is not above the target.
    """
    exactly_one("unrelated", {"epsilon": epsilon, "p": p}, [{"epsilon"}, {"p"}])
    if not isinstance(prevalence, (int, float)) or isinstance(prevalence, bool) or not 0 < prevalence < 1:
        raise DesignError(f"prevalence must be a probability strictly between 0 and 1, not {prevalence!r}")
    m = weight_grid(complement(prevalence, "prevalence"), ["prevalence", "1 - prevalence"])[0]
    if epsilon is None:
        return unrelated_weights(weight_grid(complement(p, "p"), ["p", "1 - p"])[0], m)
    target = check_target(epsilon)
    if eps_or_inf(lambda: unrelated_weights(1, m)) > target:
        raise DesignError(f"epsilon {target!r} is too small for a 2**32-sector spinner")
    # ε = ln(1 + s / ((1 − s) μ)) with μ = min(π, 1 − π): s / (1 − s) = (e^ε − 1) μ
    r = (exp_target(target) - 1) * min(m, WHEEL - m) / WHEEL
    guess = math.floor(WHEEL * r / (1 + r)) if math.isfinite(r) else WHEEL - 1
    return unrelated_weights(settle_weight(guess, 1, WHEEL - 1, lambda w: eps_or_inf(lambda: unrelated_weights(w, m)) <= target) or 1, m)


def unrelated_weights(sensitive: int, prevalence: int) -> Design:
    sectors = [(sensitive, TRUTH), (WHEEL - sensitive, OTHER)]
    return Design(kind="unrelated", sectors=tuple(Sector(w, i) for w, i in sectors if w),
                  prevalence=prevalence)


def kary(k: int, *, epsilon: float | None = None, truth: float | None = None) -> Design:
    """k-ary randomized response: answer truthfully with probability ``t``, else say
    category j with probability ``(1 - t) / k``. From ε, ``f ≈ 2**32 / (e^ε + k - 1)``
    per category, the last raised by the fewest units that bring ε to the target.
    Kairouz, Oh & Viswanath (2016); Wang et al. (2017), "direct encoding".
    """
    if not isinstance(k, int) or isinstance(k, bool) or k < 2:
        raise DesignError(f"a k-ary design needs at least 2 categories, not {k!r}")
    exactly_one("kary", {"epsilon": epsilon, "truth": truth}, [{"epsilon"}, {"truth"}])
    if epsilon is None:
        if not isinstance(truth, (int, float)) or isinstance(truth, bool):
            raise DesignError(f"truth must be a probability between 0 and 1, not {truth!r}")
        weights = weight_grid([truth] + [(1 - truth) / k] * k, ["truth"] + [f"say {j}" for j in range(k)])
        return kary_weights(weights[0], weights[1:])
    target = check_target(epsilon)
    says = _saying(k, target, kary_weights)
    return kary_weights(WHEEL - sum(says), says)


def _saying(k: int, target: float, build: Callable[[int, list[int]], Design]) -> list[int]:
    """The saying sectors' weights of the most truthful k-answer spinner whose ε does not
    exceed ``target`` (closed form; see :mod:`rrdesk.core.design._calibrate`)."""
    e1 = exp_target(target) - 1

    def says(t: int) -> list[int] | None:
        c = max(1, math.ceil(t / e1))
        rest = WHEEL - t - k * c
        if rest < 0:
            return None
        return [c + rest // k + (1 if j < rest % k else 0) for j in range(k)]

    def ok(t: int) -> bool:
        weights = says(t)
        return weights is not None and eps_or_inf(lambda: build(t, weights)) <= target

    guess = math.floor(WHEEL * e1 / (e1 + k)) if math.isfinite(e1) else WHEEL - k
    best = settle_weight(guess, 1, WHEEL - k, ok)
    if best is None:
        raise DesignError(f"epsilon {target!r} is too small for a 2**32-sector spinner")
    weights = says(best)
    assert weights is not None  # why: settle_weight returns only a weight that ok() accepted
    return weights


def kary_weights(truth: int, says: Sequence[int]) -> Design:
    sectors = [Sector(truth, TRUTH)] + [Sector(w, Instruction(Act.SAY, j)) for j, w in enumerate(says) if w]
    return Design(kind="kary", sectors=tuple(s for s in sectors if s.weight), categories=len(says))
