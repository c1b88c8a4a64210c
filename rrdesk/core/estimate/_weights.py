"""Weighted prevalences with design-based standard errors: survey weights for randomized answers.

Respondent i carries a survey weight ``w_i`` (the inverse of their chance of being asked).
The recorded share of answer j is estimated by the weighted (Hájek) ratio

    λ̂_j = Σ w_i z_ij / Σ w_i,        z_ij = 1 when i's recorded answer is j,

and mapped through the design as the unweighted one is: ``π̂_j = (λ̂_j − a_j) / b`` (yes/no,
clipped to [0, 1]; k answers: the maximum of the weighted pseudo-likelihood on the simplex).
Its variance is Taylor linearization's for a ratio, with every respondent their own primary
sampling unit drawn with replacement (Wolter 2007, §6.11; the formula of Stata's ``svy: mean``
with ``[pweight=w]`` and of RRTCS's weighted estimators):

    v(λ̂_j) = n / (n − 1) · Σ_i w_i² (z_ij − λ̂_j)² / (Σ w_i)²,   se(π̂_j) = √v / |b|.

The 95 % interval is Korn & Graubard's (1998): Clopper–Pearson at the effective sample size
``n* = λ̂ (1 − λ̂) / v`` (``n`` when λ̂ is 0 or 1; never above n) with ``n* λ̂`` successes --
what Stata's ``svy: proportion, citype(exact)`` uses, without its degrees-of-freedom factor --
mapped through the design exactly as the unweighted interval is
(:func:`rrdesk.core.estimate._estimate.category_intervals`).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rrdesk.core.design import Design
from rrdesk.core.estimate._binomial import LEVEL, beta_quantile
from rrdesk.core.estimate._estimate import answer_columns, category_intervals
from rrdesk.core.estimate._kary_mle import simplex_mle

__all__ = ["Weighted", "weighted"]


@dataclass(frozen=True, eq=False)
class Weighted:
    """A weighted estimate: per category ``estimate``, ``se``, ``ci95`` (shape ``(k, 2)``),
    ``share`` (the weighted recorded share λ̂) and ``n_effective``; ``n`` respondents and
    ``total`` their summed weight."""

    estimate: np.ndarray
    se: np.ndarray
    ci95: np.ndarray
    share: np.ndarray
    n_effective: np.ndarray
    n: int
    total: float
    method: str = ("weighted ratio (Hájek) · Taylor-linearized SE, respondents as PSUs with replacement · "
                   "Korn-Graubard interval mapped through the design")


def weighted(design: Design | None, recorded: np.ndarray, weights: np.ndarray, categories: int = 2) -> Weighted:
    """The weighted prevalence of each answer.

    Parameters
    ----------
    design : Design or None
        The question's design (None: asked directly).
    recorded : array of int, shape (n,)
        Each respondent's recorded answer as a category index.
    weights : array of float, shape (n,)
        Their survey weights, positive.

    Raises
    ------
    ValueError
        Fewer than two respondents, shapes that differ, a weight that is not positive, or a
        category index out of range.
    """
    codes = np.asarray(recorded, dtype=np.int64)
    w = np.asarray(weights, dtype=float)
    k = categories if design is None else design.categories
    n = codes.shape[0]
    if codes.ndim != 1 or w.shape != codes.shape:
        raise ValueError("one weight per recorded answer")
    if n < 2:
        raise ValueError("a design-based variance needs at least two respondents")
    if not (np.isfinite(w) & (w > 0)).all() or ((codes < 0) | (codes >= k)).any():
        raise ValueError("weights must be positive numbers and answers category indices")
    z = np.zeros((n, k))
    z[np.arange(n), codes] = 1.0
    total = float(w.sum())
    share = w @ z / total
    var = n / (n - 1) * ((w[:, None] * (z - share)) ** 2).sum(axis=0) / total**2
    matrix = np.eye(k) if design is None else design.matrix
    columns = answer_columns(matrix)
    assert columns is not None  # why: every design rrdesk builds has the form
    a, b = columns
    raw = (share - a) / b
    if k == 2:
        p = float(np.clip(raw[1], 0.0, 1.0))
        point = np.array([1 - p, p])
    elif (raw < 0).any():
        point = simplex_mle(a, b, share[None, :])[0]
    else:
        point = raw
    inner = (share > 0) & (share < 1) & (var > 0)
    n_eff = np.where(inner, share * (1 - share) / np.where(var > 0, var, 1.0), float(n))
    n_eff = np.minimum(n_eff, float(n))
    successes = n_eff * share
    low, high = _korn_graubard(successes, n_eff)
    lo, hi = category_intervals(a, b, successes, n_eff, rates=(low, high))
    if k == 2:
        lo, hi = np.array([1 - hi[1], lo[1]]), np.array([1 - lo[1], hi[1]])
    ci = np.stack([np.minimum(lo, point), np.maximum(hi, point)], axis=1)
    return Weighted(point, np.sqrt(var) / abs(b), ci, share, n_eff, n, total)


def _korn_graubard(x: np.ndarray, n: np.ndarray, level: float = LEVEL) -> tuple[np.ndarray, np.ndarray]:
    """Clopper–Pearson's Beta quantiles at real-valued (successes, trials)."""
    low, high = np.zeros(x.shape), np.ones(x.shape)
    some, short = x > 0, x < n
    low[some] = beta_quantile((1 - level) / 2, x[some], (n - x + 1)[some])
    high[short] = beta_quantile((1 + level) / 2, (x + 1)[short], (n - x)[short])
    return low, high
