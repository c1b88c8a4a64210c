"""Planning figures for `rrdesk check`: how precise an estimate will be at a given n.

The estimator inverts the design: with ``λ = Mᵀ π`` the distribution of recorded
answers, ``π̂ = (Mᵀ)⁻¹ λ̂`` (Warner 1965, eq. 5; for k categories Chaudhuri & Mukerjee
1988, §3), so ``Cov(π̂) = A (diag λ − λ λᵀ) Aᵀ / n`` with ``A = (Mᵀ)⁻¹``. For a yes/no
design this is Warner's ``λ(1 − λ) / (n (P(yes|yes) − P(yes|no))²)``.

From it: :func:`margin95` (the half-width at a given n), :func:`efficiency` (the share
of respondents a direct question would need for the same margin) and :func:`needed_n`
(the respondents for a target margin). These are normal-approximation planning
figures; the intervals actually reported (:mod:`rrdesk.core.estimate`) are Clopper–Pearson
intervals mapped through the design, a little wider (about 6 % at n = 100).
"""
from __future__ import annotations

import math

import numpy as np

from rrdesk.core.design import Design

#: two-sided 95 % normal quantile, Φ⁻¹(0.975)
Z95 = 1.959963984540054


def margin95(design: Design | None, n: int, categories: int = 2) -> float:
    """Half-width of the 95 % interval for a prevalence of 0.5 with ``n`` respondents.

    For a question with more than two answers, one category is put at 0.5 and the
    rest share the other half evenly; the widest such margin is returned. A direct
    question (``design`` None) is the plain binomial ``1.96 √(0.25 / n)``.
    """
    return _margin(design, n, categories, 0.5)


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


def needed_n(design: Design | None, margin: float, prevalence: float = 0.5, categories: int = 2) -> int:
    """The smallest number of respondents whose 95 % margin is at most ``margin``.

    The margin is that of :func:`margin95`, at ``prevalence`` instead of 0.5 (for
    more than two answers: one category at ``prevalence``, the rest sharing the
    remainder, the widest over which category).
    """
    if not (isinstance(margin, (int, float)) and 0 < margin < 1):
        raise ValueError(f"margin must be between 0 and 1, not {margin!r}")
    if not (isinstance(prevalence, (int, float)) and 0 < prevalence < 1):
        raise ValueError(f"prevalence must be strictly between 0 and 1, not {prevalence!r}")
    # the margin falls as 1/√n, so n = (margin at 1 / margin)²; the loops only settle
    # the last unit against rounding, so the answer is exact for the float margin
    ratio = (_margin(design, 1, categories, prevalence) / margin) ** 2
    if not math.isfinite(ratio):
        raise ValueError(f"margin {margin!r} is too small")
    n = max(1, math.ceil(ratio))
    while n > 1 and _margin(design, n - 1, categories, prevalence) <= margin:
        n -= 1
    while _margin(design, n, categories, prevalence) > margin:
        n += 1
    return n


def _margin(design: Design | None, n: int, categories: int, prevalence: float) -> float:
    if n <= 0:
        raise ValueError("n must be positive")
    k = categories if design is None else design.categories
    matrix = np.eye(k) if design is None else design.matrix
    inverse = np.linalg.inv(matrix.T)
    worst = 0.0
    for j in range(k if k > 2 else 1):
        truth = np.full(k, (1 - prevalence) / (k - 1))
        truth[j] = prevalence
        if k == 2:
            # yes/no: YES (index 1) is at `prevalence`; the variance is read at NO, whose
            # estimate is 1 − p̂ with the same variance, as margin95 always has
            truth = np.array([1 - prevalence, prevalence])
        reported = matrix.T @ truth
        cov = inverse @ (np.diag(reported) - np.outer(reported, reported)) @ inverse.T / n
        worst = max(worst, float(cov[j, j]))
    return Z95 * math.sqrt(worst)
