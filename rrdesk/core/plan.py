"""Planning figures for `rrdesk check`: how precise an estimate will be at a given n.

The estimator inverts the design: with ``λ = Mᵀ π`` the distribution of recorded
answers, ``π̂ = (Mᵀ)⁻¹ λ̂`` (Warner 1965, eq. 5; for k categories Chaudhuri & Mukerjee
1988, §3), so ``Cov(π̂) = A (diag λ − λ λᵀ) Aᵀ / n`` with ``A = (Mᵀ)⁻¹``. For a yes/no
design this is Warner's ``λ(1 − λ) / (n (P(yes|yes) − P(yes|no))²)``.

From it: :func:`margin95` (the half-width at a given n, in the worst case over the true
prevalences), :func:`efficiency` (the share of respondents a direct question would need for
the same margin), :func:`needed_n` (the respondents for a target margin) and
:func:`power_difference` (the chance of detecting a difference between two groups).

The worst case is not a prevalence of 50 % for a randomized design: every design reports
answer j at the rate ``λ_j = a_j + b π_j``, whose variance ``λ_j (1 − λ_j) / (n b²)`` is
largest where ``λ_j`` is nearest ½ -- for k-ary RR with k = 12 and ε = 1.5 that is
π_j = 1, which needs 41 % more respondents than π_j = ½ for the same margin. These are normal-approximation planning
figures; the intervals actually reported (:mod:`rrdesk.core.estimate._estimate`) are Blaker's exact
intervals mapped through the design, a little wider (about 3 % at n = 100).
"""
from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np

from rrdesk.core.design import Design

#: two-sided 95 % normal quantile, Φ⁻¹(0.975)
Z95 = 1.959963984540054


def margin95(design: Design | None, n: int, categories: int = 2) -> float:
    """Half-width of the 95 % interval with ``n`` respondents, in the worst case over every
    true prevalence and every answer: where the recorded rate ``a_j + b π_j`` comes nearest ½.
    A direct question (``design`` None) is the plain binomial ``1.96 √(0.25 / n)``."""
    return _worst(design, n, categories)


def worst_prevalence(design: Design | None, categories: int = 2) -> float:
    """The true prevalence (yes/no: of YES; else of the widest answer) at which
    :func:`margin95` is reached."""
    if design is None:
        return 0.5
    a, b = _ab(design)
    lam = np.clip(0.5, np.minimum(a, a + b), np.maximum(a, a + b))
    j = 1 if a.shape[0] == 2 else int(np.argmax(lam * (1 - lam)))  # yes/no: YES's (NO's mirrors it)
    return float((lam[j] - a[j]) / b)


def power_difference(design: Design | None, n1: float, n2: float, p1: float, p2: float,
                     categories: int = 2) -> float:
    """The chance that a two-sided 5 % test of equal prevalences rejects when the true ones
    are ``p1`` and ``p2`` (yes/no: YES; k answers: the first category), with ``n1`` and ``n2``
    respondents: the normal approximation ``Φ(|Δ| / s − z) + Φ(−|Δ| / s − z)``, with ``s`` the
    standard error of the difference of the two estimates, as R's ``rr::power.rr.test``."""
    if min(n1, n2) <= 0:
        raise ValueError("both groups need respondents")
    k = categories if design is None else design.categories
    j = 1 if k == 2 else 0

    def variance(p: float, n: float) -> float:
        truth = np.full(k, (1 - p) / (k - 1))
        truth[j] = p
        return _variance(design, k, truth, n)[j]

    s = math.sqrt(variance(p1, n1) + variance(p2, n2))
    gap = abs(p1 - p2) / s if s > 0 else math.inf
    normal = NormalDist()
    return normal.cdf(gap - Z95) + normal.cdf(-gap - Z95)


def efficiency(design: Design | None, categories: int = 2) -> float:
    """The share of respondents a direct question needs for the same precision.

    ``Var(direct) / Var(randomized)`` at a prevalence of 0.5 (for more than two
    answers, the widest margin of :func:`margin95`), the same for every ``n`` since
    both variances are proportional to ``1 / n`` (Warner 1965, §4, compares his
    design with a truthful direct question the same way). For the two-coin forced
    design, ``λ = 1/4 + 1/2 · 1/2 = 1/2`` and ``Var = λ (1 − λ) / (n b²) = 1 / n``
    against ``1 / (4 n)``: 0.25, so the randomized survey needs four times the
    respondents. A direct question (``design`` None) is 1.
    """
    k = categories if design is None else design.categories
    return (_margin(None, 1, k, 0.5) / _margin(design, 1, k, 0.5)) ** 2


def needed_n(design: Design | None, margin: float, prevalence: float | None = None, categories: int = 2) -> int:
    """The smallest number of respondents whose 95 % margin is at most ``margin``.

    The margin is that of :func:`margin95` (the worst case) or, given ``prevalence``, the
    margin at that prevalence (for more than two answers: one category at ``prevalence``,
    the rest sharing the remainder, the widest over which category).
    """
    if not (isinstance(margin, (int, float)) and 0 < margin < 1):
        raise ValueError(f"margin must be between 0 and 1, not {margin!r}")
    if prevalence is not None and not (isinstance(prevalence, (int, float)) and 0 < prevalence < 1):
        raise ValueError(f"prevalence must be strictly between 0 and 1, not {prevalence!r}")

    def at(n: int) -> float:
        return _worst(design, n, categories) if prevalence is None else _margin(design, n, categories, prevalence)

    # the margin falls as 1/√n, so n = (margin at 1 / margin)²; the loops only settle
    # the last unit against rounding, so the answer is exact for the float margin
    ratio = (at(1) / margin) ** 2
    if not math.isfinite(ratio):
        raise ValueError(f"margin {margin!r} is too small")
    n = max(1, math.ceil(ratio))
    while n > 1 and at(n - 1) <= margin:
        n -= 1
    while at(n) > margin:
        n += 1
    return n


def _margin(design: Design | None, n: int, categories: int, prevalence: float) -> float:
    if n <= 0:
        raise ValueError("n must be positive")
    k = categories if design is None else design.categories
    worst = 0.0
    for j in range(k if k > 2 else 1):
        truth = np.full(k, (1 - prevalence) / (k - 1))
        truth[j] = prevalence
        if k == 2:
            # yes/no: YES (index 1) is at `prevalence`; the variance is read at NO, whose
            # estimate is 1 − p̂ with the same variance, as margin95 always has
            truth = np.array([1 - prevalence, prevalence])
        worst = max(worst, float(_variance(design, k, truth, n)[j]))
    return Z95 * math.sqrt(worst)


def _variance(design: Design | None, k: int, truth: np.ndarray, n: float) -> np.ndarray:
    """The delta-method variances of every category's estimate at the true prevalences ``truth``."""
    if design is None:  # why: the identity's inverse is itself: p (1 - p) / n, without k x k matrices
        return truth * (1 - truth) / n  # (a number question's 200 bins took seconds the long way)
    matrix = design.matrix
    inverse = np.linalg.inv(matrix.T)
    reported = matrix.T @ truth
    cov = inverse @ (np.diag(reported) - np.outer(reported, reported)) @ inverse.T / n
    return np.diag(cov)


def _ab(design: Design) -> tuple[np.ndarray, float]:
    """``(a_j, b)``: every design rrdesk builds reports answer j at the rate ``a_j + b π_j``."""
    m = design.matrix
    k = m.shape[0]
    a = np.array([m[(j + 1) % k, j] for j in range(k)])
    return a, float(m[0, 0] - a[0])


def _worst(design: Design | None, n: int, categories: int) -> float:
    """The margin at the recorded rate nearest ½ that some prevalence gives, over the answers."""
    if n <= 0:
        raise ValueError("n must be positive")
    if design is None:
        return Z95 * math.sqrt(0.25 / n)
    a, b = _ab(design)
    lam = np.clip(0.5, np.minimum(a, a + b), np.maximum(a, a + b))
    return Z95 * math.sqrt(float(np.max(lam * (1 - lam))) / (n * b * b))
