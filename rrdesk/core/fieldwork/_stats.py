"""The few distributions the interviewer checks need, exact where they can be, and Holm's step-down.

numpy is rrdesk's only numerical dependency at run time (scipy is a test extra), so the tails
are written here: the binomial tail as an exact sum of probabilities (log-space, from log
factorials), the chi-square tail as the regularized upper incomplete gamma function (series
and continued fraction, Numerical Recipes §6.2), the normal tail from ``math.erfc``.
``tests/test_fieldwork.py`` compares each with scipy's.
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

_EPS = 1e-15
_ITERATIONS = 500  # why: both expansions converge in well under 100 terms for the df and statistics met here


def _log_factorials(n: int) -> np.ndarray:
    return np.concatenate(([0.0], np.cumsum(np.log(np.arange(1, n + 1, dtype=float)))))


def binomial_upper(x: int, n: int, p: float) -> float:
    """P(X ≥ x) for X ~ Binomial(n, p), exactly (a sum of the probabilities)."""
    if x <= 0:
        return 1.0
    if x > n or p <= 0.0:
        return 0.0
    if p >= 1.0:
        return 1.0
    lf = _log_factorials(n)
    k = np.arange(x, n + 1)
    log_pmf = lf[n] - lf[k] - lf[n - k] + k * math.log(p) + (n - k) * math.log1p(-p)
    top = float(log_pmf.max())
    return min(1.0, math.exp(top) * float(np.exp(log_pmf - top).sum()))


def binomial_lower(x: int, n: int, p: float) -> float:
    """P(X ≤ x) for X ~ Binomial(n, p), exactly."""
    return binomial_upper(n - x, n, 1.0 - p)


def _gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x)."""
    if x <= 0.0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1.0:  # the series for P(a, x)
        term = total = 1.0 / a
        ap = a
        for _ in range(_ITERATIONS):
            ap += 1.0
            term *= x / ap
            total += term
            if abs(term) < abs(total) * _EPS:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    # the continued fraction for Q(a, x) (modified Lentz)
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, _ITERATIONS):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return min(1.0, math.exp(log_front) * h)


def chi2_upper(statistic: float, df: int) -> float:
    """P(χ²_df ≥ statistic)."""
    if df <= 0:
        return 1.0
    return _gamma_q(df / 2.0, statistic / 2.0)


def normal_upper(z: float) -> float:
    """P(Z ≥ z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (Holm 1979): the family-wise error rate stays at or
    under α for any dependence between the tests when those ≤ α are rejected."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def chi2_table(table: np.ndarray) -> tuple[float, int, int]:
    """Pearson's chi-square statistic of independence of a two-way table of counts, its degrees
    of freedom and its total, with empty rows and columns dropped first."""
    t = np.asarray(table, dtype=float)
    t = t[t.sum(axis=1) > 0][:, t.sum(axis=0) > 0]
    if t.shape[0] < 2 or t.shape[1] < 2:
        return 0.0, 0, int(t.sum())
    total = t.sum()
    expected = np.outer(t.sum(axis=1), t.sum(axis=0)) / total
    return float(((t - expected) ** 2 / expected).sum()), (t.shape[0] - 1) * (t.shape[1] - 1), int(total)


def cmh(tables: Sequence[np.ndarray]) -> tuple[float, int]:
    """The generalized Cochran–Mantel–Haenszel statistic of general association over strata of
    R × C tables (Landis, Heyman & Koch 1978; R's ``mantelhaen.test``): the strata's
    (observed − expected) counts summed before they are squared, so an association that
    points the same way in every stratum adds up. Returns the statistic and its degrees of
    freedom (the rank of the summed covariance; 0 when nothing can be compared)."""
    shape = np.asarray(tables[0]).shape if tables else (0, 0)
    r, c = shape[0] - 1, shape[1] - 1
    if r < 1 or c < 1:
        return 0.0, 0
    diff = np.zeros(r * c)
    cov = np.zeros((r * c, r * c))
    for table in tables:
        t = np.asarray(table, dtype=float)
        n = t.sum()
        if n < 2:
            continue
        p, q = t.sum(axis=1) / n, t.sum(axis=0) / n
        diff += (t - n * np.outer(p, q))[:r, :c].ravel()
        cov += n * n / (n - 1) * np.kron((np.diag(p) - np.outer(p, p))[:r, :r], (np.diag(q) - np.outer(q, q))[:c, :c])
    df = int(np.linalg.matrix_rank(cov)) if cov.any() else 0
    if df == 0:
        return 0.0, 0
    return float(diff @ np.linalg.pinv(cov) @ diff), df


def mann_whitney(mine: Sequence[float], others: Sequence[float]) -> tuple[float, float]:
    """The two-sided Mann–Whitney U test of ``mine`` against ``others``, normal approximation
    with the tie and continuity corrections (as R's ``wilcox.test(exact = FALSE)``): the p-value
    and the common-language effect size P(mine > other) + ½ P(tie)."""
    a, b = np.asarray(mine, dtype=float), np.asarray(others, dtype=float)
    n1, n2 = a.size, b.size
    both = np.concatenate((a, b))
    order = np.argsort(both, kind="stable")
    ranks = np.empty(both.size)
    sorted_values = both[order]
    _, first, counts = np.unique(sorted_values, return_index=True, return_counts=True)
    average = first + (counts + 1) / 2.0
    ranks[order] = np.repeat(average, counts)
    u = float(ranks[:n1].sum() - n1 * (n1 + 1) / 2.0)
    n = n1 + n2
    ties = float((counts ** 3 - counts).sum())
    variance = n1 * n2 / 12.0 * ((n + 1) - ties / (n * (n - 1)))
    effect = u / (n1 * n2)
    if variance <= 0:
        return 1.0, effect
    centre = u - n1 * n2 / 2.0
    z = (abs(centre) - 0.5) / math.sqrt(variance)
    return min(1.0, 2.0 * normal_upper(z)) if z > 0 else 1.0, effect


def kruskal_wallis(groups: Sequence[Sequence[float]]) -> float:
    """The Kruskal–Wallis test that the groups come from one distribution (ranks with ties
    averaged, the tie correction, the chi-square approximation, as R's ``kruskal.test``):
    its p-value."""
    sizes = [len(g) for g in groups if len(g)]
    values = np.concatenate([np.asarray(g, dtype=float) for g in groups if len(g)]) if sizes else np.zeros(0)
    n = values.size
    if len(sizes) < 2 or n < 3:
        return 1.0
    order = np.argsort(values, kind="stable")
    _, first, counts = np.unique(values[order], return_index=True, return_counts=True)
    ranks = np.empty(n)
    ranks[order] = np.repeat(first + (counts + 1) / 2.0, counts)
    h, at = 0.0, 0
    for size in sizes:
        h += ranks[at:at + size].sum() ** 2 / size
        at += size
    h = 12.0 / (n * (n + 1)) * h - 3.0 * (n + 1)
    ties = 1.0 - float((counts ** 3 - counts).sum()) / (n ** 3 - n)
    if ties <= 0:
        return 1.0
    return chi2_upper(h / ties, len(sizes) - 1)
