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

With a sampling design -- strata, clusters (primary sampling units, PSUs: villages, schools,
interviewers) nested in them, and optionally each stratum's population count of PSUs (a finite
population correction) -- the linearized variable ``u_i = w_i (z_ij − λ̂_j) / Σ w`` is summed per
PSU and the PSU totals vary within each stratum (Wolter 2007, §6.11; R's ``svyrecvar``):

    v(λ̂_j) = Σ_h (1 − f_h) · m_h / (m_h − 1) · Σ_c (U_hcj − Ū_hj)²,

``m_h`` the stratum's PSUs in the sample, ``f_h = m_h / M_h`` with ``M_h`` its population count
(0 without one). This is R's ``svymean`` on ``svydesign(ids = ~psu, strata = ~stratum,
weights = ~w, fpc = ~M, nest = TRUE)`` of the recorded indicator, and the de-biased variable
``(z − a) / b`` gives ``se / |b|``; a stratum with a single PSU has no variance estimate, so
it is refused (R's default ``survey.lonely.psu = "fail"``). Without strata or clusters every
respondent is their own PSU in one stratum: the formula above. The design effect is Kish's
with replacement, ``v / (s²_w / n)`` with ``s²_w = n / (n − 1) · Σ w (z − λ̂)² / Σ w`` (R's
``svymean(..., deff = "replace")``).

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

__all__ = ["DESIGN_METHOD", "Weighted", "design_covariance", "weighted"]


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
    deff: np.ndarray | None = None  # per category: the design effect (with replacement); nan where undefined
    strata: int = 1
    clusters: int = 0  # PSUs in the sample (n when every respondent is their own)


#: ``Weighted.method`` when strata or clusters are declared.
DESIGN_METHOD = ("weighted ratio (Hájek) · Taylor-linearized SE with strata and clusters (PSUs, with "
                 "replacement within strata; fpc when population counts are given) · Korn-Graubard "
                 "interval mapped through the design")


def weighted(design: Design | None, recorded: np.ndarray, weights: np.ndarray, categories: int = 2, *,
             strata: np.ndarray | None = None, clusters: np.ndarray | None = None,
             population: np.ndarray | None = None, domain: np.ndarray | None = None) -> Weighted:
    """The weighted prevalence of each answer.

    Parameters
    ----------
    design : Design or None
        The question's design (None: asked directly).
    recorded : array of int, shape (n,)
        Each respondent's recorded answer as a category index.
    weights : array of float, shape (n,)
        Their survey weights, positive.
    strata : array of int, shape (n,), optional
        Each respondent's stratum, an index into ``population`` (None: one stratum).
    clusters : array of int, shape (n,), optional
        Each respondent's PSU; the same id in two strata is two PSUs (None: each respondent).
    population : array of float, optional
        Per stratum index, its population count of PSUs, for the finite population correction
        (None, or nan for a stratum: no correction).
    domain : array of bool, shape (n,), optional
        A subgroup (domain) to estimate: its members' weighted share, linearized over the whole
        sample -- a PSU without members adds a zero total, as R's ``svyby`` does; ``n`` and the
        design effect are the domain's.

    Raises
    ------
    ValueError
        Fewer than two respondents, shapes that differ, a weight that is not positive, a
        category index out of range, a stratum with a single PSU, or a population count below
        the PSUs sampled from it.
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
    sampled = strata is not None or clusters is not None or population is not None
    sample_n = n
    if domain is not None:
        inside = np.asarray(domain, dtype=bool)
        if inside.shape != (n,):
            raise ValueError("one domain flag per recorded answer")
        n = int(inside.sum())
        if n < 2:
            raise ValueError("a design-based variance needs at least two respondents in the subgroup")
        w_all, w = w, np.where(inside, w, 0.0)
    total = float(w.sum())
    share = w @ z / total
    spread = (w[:, None] * (z - share) ** 2).sum(axis=0) / total  # Σ w (z − λ̂)² / Σ w
    vsrs = n / (n - 1) * spread / n
    if not sampled and domain is None:
        var = n / (n - 1) * ((w[:, None] * (z - share)) ** 2).sum(axis=0) / total**2
        n_strata, n_psu = 1, n
    else:
        cov, n_strata, n_psu = design_covariance(w[:, None] * (z - share) / total, strata, clusters, population)
        var = np.diag(cov).copy()
    if domain is not None:
        w = w_all[inside]  # the members' weights: the sum reported is the domain's
        total = float(w.sum())
        n_psu = n_psu if sampled else sample_n
    with np.errstate(divide="ignore", invalid="ignore"):
        deff = np.where(vsrs > 0, var / np.where(vsrs > 0, vsrs, 1.0), np.nan)
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
    if not sampled:
        return Weighted(point, np.sqrt(var) / abs(b), ci, share, n_eff, n, total, deff=deff)
    return Weighted(point, np.sqrt(var) / abs(b), ci, share, n_eff, n, total, DESIGN_METHOD, deff, n_strata, n_psu)


def design_covariance(u: np.ndarray, strata: np.ndarray | None = None, clusters: np.ndarray | None = None,
                      population: np.ndarray | None = None) -> tuple[np.ndarray, int, int]:
    """The design-based covariance of the totals of the linearized values ``u`` (n, p):
    ``Σ_h (1 − f_h) m_h / (m_h − 1) Σ_c (U_hc − Ū_h)(U_hc − Ū_h)ᵀ`` over the PSU totals ``U_hc``
    (R's ``svyrecvar`` for one stage), with the strata and PSUs counted. The prevalences use its
    diagonal; the regression's sandwich (:mod:`rrdesk.core.regression`) the whole matrix.

    Raises
    ------
    ValueError
        Strata or clusters of the wrong shape or negative, a stratum with a single PSU, or a
        population count below the PSUs sampled from it.
    """
    n = u.shape[0]
    h = np.zeros(n, dtype=np.int64) if strata is None else np.asarray(strata, dtype=np.int64)
    c = np.arange(n, dtype=np.int64) if clusters is None else np.asarray(clusters, dtype=np.int64)
    if h.shape != (n,) or c.shape != (n,):
        raise ValueError("one stratum and one cluster per recorded answer")
    if (h < 0).any() or (c < 0).any():
        raise ValueError("strata and clusters must be non-negative indices")
    # PSUs are (stratum, cluster) pairs: their totals, then each stratum's spread of them
    pairs, psu = np.unique(np.stack([h, c], axis=1), axis=0, return_inverse=True)
    psu = psu.reshape(-1)
    totals = np.zeros((pairs.shape[0], u.shape[1]))
    np.add.at(totals, psu, u)
    cov = np.zeros((u.shape[1], u.shape[1]))
    for stratum in np.unique(pairs[:, 0]):
        mine = totals[pairs[:, 0] == stratum]
        m = mine.shape[0]
        if m < 2:
            raise ValueError(f"stratum {int(stratum)} has a single cluster: its variance cannot be estimated")
        scale = m / (m - 1)
        if population is not None and stratum < len(population) and np.isfinite(population[stratum]):
            if population[stratum] < m:
                raise ValueError(f"stratum {int(stratum)}: a population of {population[stratum]:g} clusters, "
                                 f"but {m} in the sample")
            scale *= 1 - m / float(population[stratum])
        centred = mine - mine.mean(axis=0)
        cov += scale * (centred.T @ centred)
    return cov, int(np.unique(pairs[:, 0]).shape[0]), int(pairs.shape[0])


def _korn_graubard(x: np.ndarray, n: np.ndarray, level: float = LEVEL) -> tuple[np.ndarray, np.ndarray]:
    """Clopper–Pearson's Beta quantiles at real-valued (successes, trials)."""
    low, high = np.zeros(x.shape), np.ones(x.shape)
    some, short = x > 0, x < n
    low[some] = beta_quantile((1 - level) / 2, x[some], (n - x + 1)[some])
    high[short] = beta_quantile((1 + level) / 2, (x + 1)[short], (n - x)[short])
    return low, high
