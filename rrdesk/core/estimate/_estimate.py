"""Prevalence estimates with honest 95 % intervals, from the recorded answers.

A design's matrix ``M[truth, report] = P(report | truth)`` turns the true prevalences
``π`` into the distribution of recorded answers ``λ = Mᵀ π`` (Warner 1965, eq. 1;
Chaudhuri & Mukerjee 1988, §3). With ``y`` the counts of recorded answers and
``λ̂ = y / n``:

Point estimate
    Yes/no designs: Warner's (1965, eq. 5) moment estimator ``p̂ = (λ̂ − a) / b`` with
    ``a = P(yes | no)`` and ``b = P(yes | yes) − P(yes | no)`` -- in Blair, Imai & Zhou's
    (2015, §2.1) forced-response notation ``(Ȳ − p1) / p`` -- clipped to [0, 1]. The
    clipped value is also the maximum-likelihood estimate on [0, 1], since the
    binomial likelihood is unimodal in ``λ`` and ``λ`` is monotone in ``p``.
    Designs with more than two answers: the maximum-likelihood ``π`` on the simplex,
    the estimate van den Hout & van der Heijden (2002, §3) and R's RRreg (Heck &
    Moshagen 2018) compute by EM. When the moment estimate ``(Mᵀ)⁻¹ λ̂`` lies in the
    simplex it is the MLE (the multinomial MLE of ``λ`` is ``λ̂``) and is used as is.
    Otherwise, for the designs rrdesk builds, the Karush–Kuhn–Tucker conditions give
    the maximum in closed form (:func:`simplex_mle`); EM (:func:`maximum_likelihood`)
    reaches the same point -- the tests check it -- but can need 10⁵ steps when the
    maximum sits just on the boundary, so it is used only for other matrices.
    A direct question: the sample proportions.
Standard error
    The delta method at the unconstrained solution (Warner 1965, eq. 6):
    ``Cov(π̂) = A (diag λ̂ − λ̂ λ̂ᵀ) Aᵀ / n`` with ``A = (Mᵀ)⁻¹``, for a yes/no design
    ``√(λ̂ (1 − λ̂) / n) / |b|``, as R's ``rr`` and ``RRreg`` report it.
95 % interval
    Every design rrdesk builds reports category ``j`` with probability
    ``a_j + b π_j``: the chance of report ``j`` is the same, ``a_j``, for every truth
    other than ``j`` (for yes/no trivially; for k-ary RR ``a_j`` is the "say j"
    sector; Kairouz, Oh & Viswanath 2016). So the count of category ``j`` is
    ``Binomial(n, a_j + b π_j)``, a family in ``π_j`` alone, and an interval
    ``[L, U]`` for the reported rate maps to ``{π_j : a_j + b π_j ∈ [L, U]} ∩ [0, 1]``
    with *exactly* the same coverage for every true ``π_j`` in [0, 1]: the map is
    monotone, and clipping drops only values that cannot be the truth (Frey & Pérez
    2012 build exact RR intervals the same way from Clopper–Pearson's). For the
    reported rate we use Blaker's interval (Blaker 2000), which inverts the test that orders
    outcomes by their smaller tail and so covers at least 95 % for every rate and every n,
    inside Clopper–Pearson's (used before; two one-sided tests). Why not a shorter one: the
    rates a spinner records reach from ``1/(e^ε + 1)`` (0.7 % at ε = 5) to its mirror, and the
    unrelated question's reach 0 and 1, so the interval must hold where ``n λ`` is small; there
    the mid-p interval's coverage falls to 91.7 % and the Jeffreys interval's to 87.7 % whatever
    n (the Poisson limit). Blaker's saves 0 to 5.4 % of Clopper–Pearson's expected width (median
    2.3 %; 4.1 % at n = 30, 1.1 % at n = 1,000; ``tests/benchmarks/blaker.py``), and its ends are
    computed exactly (:func:`rrdesk.core.estimate._binomial.blaker`), islands of its acceptance
    set included, so its exact coverage is ≥ 95 % in every cell of ``tests/test_coverage.py``
    (``tests/benchmarks/coverage.py``). The interval is widened, if need be,
    to hold the point estimate (only an MLE on the simplex's boundary can fall outside),
    which can only add coverage. When the recorded rate lies beyond what the spinner can
    produce (below ``a_j`` or above ``a_j + b``) the estimate is at its bound and the mapped
    interval would shrink to a point; it is then joined with the likelihood-ratio interval
    under ``0 ≤ π_j ≤ 1`` (:func:`category_intervals`), and :func:`noncompliance` flags the
    category when that happens beyond chance.
"""
from __future__ import annotations

from dataclasses import dataclass
from statistics import NormalDist
from typing import Sequence

import numpy as np

from rrdesk.core.design import Design
from rrdesk.core.estimate._binomial import LEVEL, blaker, clopper_pearson, likelihood_bound
from rrdesk.core.estimate._kary_mle import maximum_likelihood, simplex_mle  # k answers: the MLE on the simplex

# why 1e-12: matrix entries are exact multiples of 2**-32 (or products of two), so the
# "same chance for every other truth" structure holds exactly or fails by far more
_STRUCTURE_TOLERANCE = 1e-12


@dataclass(frozen=True)
class Estimate:
    """The estimate for one question, as the report and ``aggregate --json`` show it.

    Attributes
    ----------
    question, design : str
        The question's id and design kind (``"direct"`` for a question asked directly).
    n : int
        Recorded answers.
    reported : tuple of int
        Counts of recorded answers per category (NO, YES for a yes/no question).
    estimate : tuple of float
        Prevalence per category, each in [0, 1], summing to 1 (yes/no: ``(1 − p, p)``).
    se : tuple of float
        Standard error per category (delta method; 0.5 -- nothing known -- when n = 0).
    ci95 : tuple of (float, float)
        95 % interval per category, inside [0, 1].
    method : str
        Short name of the estimator and interval, for the report.
    """

    question: str
    design: str
    n: int
    reported: tuple[int, ...]
    estimate: tuple[float, ...]
    se: tuple[float, ...]
    ci95: tuple[tuple[float, float], ...]
    method: str


@dataclass(frozen=True, eq=False)
class Estimates:
    """Many surveys' estimates at once: arrays of shape ``(surveys, categories)``.

    ``boundary[i]`` is True when survey ``i``'s unconstrained estimate left [0, 1]
    (yes/no: clipped) or the simplex (k answers: the MLE is on its boundary).
    """

    estimate: np.ndarray
    se: np.ndarray
    low: np.ndarray
    high: np.ndarray
    boundary: np.ndarray


def estimate(design: Design | None, counts: Sequence[int], *, question: str = "") -> Estimate:
    """Estimate the prevalence of each answer from the counts of recorded answers.

    Parameters
    ----------
    design : Design or None
        The question's design; None for a question asked directly.
    counts : sequence of int
        Recorded answers per category (yes/no: ``[NO, YES]``).
    question : str
        The question's id, carried into the result.

    Returns
    -------
    Estimate
        With no answers (``n = 0``) the estimate is uniform, the intervals are
        ``(0, 1)`` and ``method`` says so. See the module docstring for the methods.
    """
    row = _counts(design, counts)
    n = int(row.sum())
    batch = estimate_many(design, row[None, :])
    kind = "direct" if design is None else design.kind
    return Estimate(question=question, design=kind, n=n, reported=tuple(int(c) for c in row),
                    estimate=tuple(float(x) for x in batch.estimate[0]),
                    se=tuple(float(x) for x in batch.se[0]),
                    ci95=tuple((float(lo), float(hi)) for lo, hi in zip(batch.low[0], batch.high[0])),
                    method=_method(design, row.shape[0], n, bool(batch.boundary[0])))


def estimate_many(design: Design | None, counts: np.ndarray) -> Estimates:
    """:func:`estimate` for many surveys at once, vectorized (simulations, coverage).

    ``counts`` has shape ``(surveys, categories)``; row ``i`` gets exactly the numbers
    ``estimate(design, counts[i])`` reports.
    """
    y = np.asarray(counts)
    if y.ndim != 2 or not np.issubdtype(y.dtype, np.integer) or (y < 0).any():
        raise ValueError("counts must be a 2-d array of non-negative integers")
    k = y.shape[1]
    matrix = np.eye(k) if design is None else design.matrix
    if matrix.shape != (k, k):
        raise ValueError(f"the design has {matrix.shape[0]} answers, the counts {k}")
    n = y.sum(axis=1)
    empty = n == 0
    share = y / np.where(empty, 1, n)[:, None]
    columns = answer_columns(matrix)
    if columns is None:  # no design rrdesk builds; kept so a hand-made matrix still works
        inverse = np.linalg.inv(matrix.T)
        raw = share @ inverse.T
        var = (share @ (inverse**2).T - raw**2) / np.where(empty, 1, n)[:, None]
    else:
        a, b = columns
        raw = (share - a) / b
        var = share * (1 - share) / (np.where(empty, 1, n)[:, None] * b * b)
    se = np.sqrt(np.maximum(var, 0.0))
    if k == 2:
        p = np.clip(raw[:, 1], 0.0, 1.0)
        point = np.stack([1 - p, p], axis=1)
        boundary = (raw[:, 1] < 0) | (raw[:, 1] > 1)
    else:
        point = raw.copy()
        boundary = (raw < 0).any(axis=1) & ~empty
        if boundary.any() and columns is not None and columns[1] > 0:
            point[boundary] = simplex_mle(columns[0], columns[1], share[boundary])
        elif boundary.any():
            point[boundary] = maximum_likelihood(matrix, share[boundary])
    low, high = _intervals(columns, y, n, point, se)
    # no answers: nothing is known; NaN-free placeholders the report can show as such
    point[empty], se[empty], low[empty], high[empty] = 1.0 / k, 0.5, 0.0, 1.0
    boundary = boundary & ~empty
    return Estimates(estimate=point, se=se, low=low, high=high, boundary=boundary)


# -- internals -------------------------------------------------------------------------------


def _counts(design: Design | None, counts: Sequence[int]) -> np.ndarray:
    values = list(counts)
    if any(isinstance(c, bool) or not isinstance(c, (int, np.integer)) or c < 0 for c in values):
        raise ValueError("counts must be non-negative integers")
    k = max(2, len(values)) if design is None else design.categories
    if len(values) != k:
        raise ValueError(f"expected {k} counts (one per answer), got {len(values)}")
    return np.array(values, dtype=np.int64)


def answer_columns(matrix: np.ndarray) -> tuple[np.ndarray, float] | None:
    """``(a, b)`` with ``M[i, j] = a_j + b [i = j]``, or None when the matrix has no such form."""
    k = matrix.shape[0]
    off = np.where(np.eye(k, dtype=bool), np.nan, matrix)
    a = np.nanmin(off, axis=0)
    if (np.nanmax(off, axis=0) - a).max() > _STRUCTURE_TOLERANCE:
        return None
    b = np.diag(matrix) - a
    # rows sum to 1, so Σ_j a_j + b_i = 1 for every i: b is one number
    if np.ptp(b) > _STRUCTURE_TOLERANCE or abs(b[0]) < _STRUCTURE_TOLERANCE:
        return None
    return a, float(b.mean())


def _intervals(columns: tuple[np.ndarray, float] | None, y: np.ndarray, n: np.ndarray,
               point: np.ndarray, se: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    k = y.shape[1]
    rows = n > 0
    low, high = np.zeros(y.shape), np.ones(y.shape)
    if not rows.any():
        return low, high
    if columns is None:
        z = NormalDist().inv_cdf((1 + LEVEL) / 2)
        low[rows], high[rows] = point[rows] - z * se[rows], point[rows] + z * se[rows]
    else:
        a, b = columns
        # yes/no: the NO interval is the mirror of the YES one (Blaker's is symmetric)
        cats = np.array([1]) if k == 2 else np.arange(k)
        shape = (int(rows.sum()), len(cats))
        lo, hi = category_intervals(a[cats], b, y[rows][:, cats], np.broadcast_to(n[rows][:, None], shape))
        low[np.ix_(rows, cats)], high[np.ix_(rows, cats)] = lo, hi
        if k == 2:
            low[:, 0], high[:, 0] = 1 - high[:, 1], 1 - low[:, 1]
    low, high = np.clip(low, 0.0, 1.0), np.clip(high, 0.0, 1.0)
    return np.minimum(low, point), np.maximum(high, point)


def category_intervals(a: np.ndarray, b: float, y: np.ndarray, n: np.ndarray,
                       rates: tuple[np.ndarray, np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The interval for ``π_j`` from category j's count alone: Blaker's on the
    recorded rate, cut to the rates the spinner produces (``a_j + b π_j`` for π_j in [0, 1])
    and mapped back; when the recorded rate lies beyond them it is joined with the
    likelihood-ratio interval under ``0 ≤ π_j ≤ 1`` (the rates whose log-likelihood is within
    χ²₁(95 %)/2 of the edge's), so it never shrinks to a point. Each interval depends on
    ``y_j`` only, which is what makes its coverage a binomial sum; joining only adds cover.
    ``rates``: another interval for the recorded rate (weighted data: Korn–Graubard's), with
    ``y`` and ``n`` then the effective counts (floats)."""
    lam_lo, lam_hi = blaker(y, n) if rates is None else rates
    floor, ceiling = np.minimum(a, a + b), np.maximum(a, a + b)  # the rates the spinner produces
    floor, ceiling = np.broadcast_to(floor, y.shape), np.broadcast_to(ceiling, y.shape)
    rate = y / n
    below, above = rate < floor, rate > ceiling
    up_to = np.maximum(lam_hi, likelihood_bound(y, n, floor, ceiling))
    down_to = np.minimum(lam_lo, likelihood_bound(y, n, ceiling, floor))
    lo = np.where(below, floor, np.where(above, down_to, np.maximum(lam_lo, floor)))
    hi = np.where(below, up_to, np.where(above, ceiling, np.minimum(lam_hi, ceiling)))
    lo, hi = np.clip(lo, floor, ceiling), np.clip(hi, floor, ceiling)
    ends = np.stack([(lo - a) / b, (hi - a) / b])  # b < 0 (Warner, p < ½) runs the map backwards
    return np.clip(ends.min(axis=0), 0.0, 1.0), np.clip(ends.max(axis=0), 0.0, 1.0)


def noncompliance(design: Design | None, counts: Sequence[int]) -> tuple[int, ...]:
    """The categories whose recorded share lies outside what the spinner can produce, beyond
    chance: the Clopper–Pearson interval of the recorded rate misses ``[a_j, a_j + b]``
    entirely (each side a one-sided test at 2.5 %). Respondents who ignore the spinner and
    say NO (John et al. 2018; Höglinger & Jann 2018) push the YES share below the "say YES"
    sector's; an empty tuple when nothing is flagged, or for a direct question."""
    row = np.asarray(list(counts), dtype=np.int64)
    n = int(row.sum())
    if design is None or n == 0:
        return ()
    columns = answer_columns(design.matrix)
    if columns is None:
        return ()
    a, b = columns
    lo, hi = clopper_pearson(row, np.full(row.shape, n))
    floor, ceiling = np.minimum(a, a + b), np.maximum(a, a + b)
    # why the tolerance: a and b are exact multiples of 2**-32 held in floats
    return tuple(int(j) for j in np.flatnonzero((hi < floor - _STRUCTURE_TOLERANCE) | (lo > ceiling + _STRUCTURE_TOLERANCE)))


def _method(design: Design | None, k: int, n: int, boundary: bool) -> str:
    if n == 0:
        return "no answers: uniform placeholder, interval [0, 1]"
    if design is None:
        return "sample proportion · Blaker interval"
    mapped = "Blaker interval on the recorded rate, mapped through the design"
    if answer_columns(design.matrix) is None:
        mapped = "Wald interval (delta method), clipped to [0, 1]"
    if k == 2:
        return f"moment estimator (Warner 1965){', clipped to [0, 1]' if boundary else ''} · {mapped}"
    return f"maximum likelihood{' on the simplex boundary' if boundary else ''} · {mapped}"
