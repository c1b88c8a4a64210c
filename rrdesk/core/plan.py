"""Planning figures for `rrdesk check`: how precise an estimate will be at a given n.

The estimator inverts the design: with ``λ = Mᵀ π`` the distribution of recorded
answers, ``π̂ = (Mᵀ)⁻¹ λ̂`` (Warner 1965, eq. 5; for k categories Chaudhuri & Mukerjee
1988, §3), so ``Cov(π̂) = A (diag λ − λ λᵀ) Aᵀ / n`` with ``A = (Mᵀ)⁻¹``. For a yes/no
design this is Warner's ``λ(1 − λ) / (n (P(yes|yes) − P(yes|no))²)``.
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
    if n <= 0:
        raise ValueError("n must be positive")
    k = categories if design is None else design.categories
    matrix = np.eye(k) if design is None else design.matrix
    inverse = np.linalg.inv(matrix.T)
    worst = 0.0
    for j in range(k if k > 2 else 1):
        prevalence = np.full(k, 0.5 / (k - 1))
        prevalence[j] = 0.5
        reported = matrix.T @ prevalence
        cov = inverse @ (np.diag(reported) - np.outer(reported, reported)) @ inverse.T / n
        worst = max(worst, float(cov[j, j]))
    return Z95 * math.sqrt(worst)
