"""Intervals for a binomial proportion, with Beta quantiles computed here.

:func:`blaker` (Blaker 2000) is the one :mod:`rrdesk.core.estimate._estimate` puts on the
recorded rate and maps through the design: exact like Clopper–Pearson's, and 1 to 5 % shorter.
:func:`clopper_pearson` (Clopper & Pearson 1934) was used before it and stays: the noncompliance
test, Korn–Graubard's weighted interval (at a real-valued effective sample size, which Blaker's
cannot take) and the comparison in ``tests/benchmarks/coverage.py`` use it;
:func:`jeffreys` (Brown, Cai & DasGupta 2001, §4.1.2) stays for the same comparison;
:func:`likelihood_bound` gives the end of the likelihood-ratio interval when the estimate sits
on the edge of what the spinner can produce. The Beta quantile is solved by safeguarded Newton
steps on the regularized incomplete beta function (a Lentz continued fraction), vectorized with
numpy, so the app needs no scipy.
"""
from __future__ import annotations

import math
from statistics import NormalDist
from typing import Callable

import numpy as np

#: Confidence level of every interval.
LEVEL = 0.95


#: χ²₁ quantile at 95 %, halved: a likelihood-ratio interval holds what lies within this of the
#: maximum log-likelihood (1.959963984540054² / 2)
HALF_CHI2_95 = 1.920729410347062


def clopper_pearson(successes: np.ndarray, n: np.ndarray, level: float = LEVEL) -> tuple[np.ndarray, np.ndarray]:
    """Clopper–Pearson interval: the ``(1 − level) / 2`` quantile of Beta(y, n − y + 1) and
    the ``(1 + level) / 2`` quantile of Beta(y + 1, n − y); 0 at ``y = 0``, 1 at ``y = n``.

    It inverts two one-sided binomial tests, so its coverage is at least ``level`` for every
    true proportion and every n (Clopper & Pearson 1934). Vectorized; distinct ``(y, n)``
    pairs are solved once.
    """
    y, pairs, back = _pairs(successes, n)
    k, m = pairs[:, 0], pairs[:, 1]
    lo, hi = np.zeros(k.shape), np.ones(k.shape)
    some, short = k > 0, k < m
    lo[some] = beta_quantile((1 - level) / 2, k[some].astype(float), (m - k + 1)[some].astype(float))
    hi[short] = beta_quantile((1 + level) / 2, (k + 1)[short].astype(float), (m - k)[short].astype(float))
    return lo[back].reshape(y.shape), hi[back].reshape(y.shape)


def blaker(successes: np.ndarray, n: np.ndarray, level: float = LEVEL) -> tuple[np.ndarray, np.ndarray]:
    """Blaker's (2000) interval: the convex hull of the proportions ``p`` whose acceptability
    ``a(p, y) = P_p(γ(Y) ≤ γ(y))`` exceeds ``α = 1 − level``, with ``γ(j) = min(P(Y ≤ j),
    P(Y ≥ j))`` -- the inverted test that orders outcomes by their smaller tail. It inverts a
    level-α test, so it covers at least ``level`` for every ``p`` and every n, and it lies inside
    Clopper–Pearson's (``a ≤ 2 · min tail``). 0 at ``y = 0``, 1 at ``y = n``.

    The ends are exact, not searched on a grid: ``a(p, y)`` is not monotone in ``p`` and the
    accepted set can have islands narrower than any grid step (Klaschka 2010) -- a grid search
    missed one and fell to 94.99996 % coverage. Above ``y / n`` the tail of ``y`` is the lower
    one, ``F(p) = P(Y ≤ y)``, and ``a = F + S_J`` with ``S_j = P(Y ≥ j)`` and ``J`` the least
    ``j > y`` with ``S_j ≤ F``. ``J`` grows with ``p``, stepping at the roots ``r_j`` of
    ``S_j = F``, where ``a`` (``2F`` there, the tie counted) drops by ``P(Y = j)``; between them
    ``F + S_J`` falls then rises (its derivative is ``n (b(J − 1) − b(y))`` in Binomial(n − 1,
    p), whose ratio is monotone). Beyond Clopper–Pearson's end ``u`` (``F(u) = α/2``) nothing is
    accepted; so with ``J`` taken at ``u``, the upper end is ``r_{J−1}`` (accepted: ``2F > α``)
    or, when ``F + S_J`` is still above α just past it, where it falls to α -- both roots of
    monotone functions, found by bisection to double precision. The lower end by symmetry,
    ``L(y, n) = 1 − U(n − y, n)``. Distinct ``(y, n)`` pairs are solved once, and each is kept
    (a survey's questions, and every design of the coverage test, share their n).
    """
    y, pairs, back = _pairs(successes, n)
    k, m = pairs[:, 0], pairs[:, 1]
    hi = _blaker_upper(k, m, level)
    lo = 1.0 - _blaker_upper(m - k, m, level)
    return lo[back].reshape(y.shape), hi[back].reshape(y.shape)


#: How far each computed end of Blaker's interval is moved outward. Why: an end at a switch point
#: is attained (the tie is accepted), and there the acceptability drops at once; the root found in
#: floating point can land an ulp inside it -- at p = ½, where every tail ties with its mirror,
#: that dropped y = 22 and 38 of n = 60 and the coverage to 94.8 %. The ends are computed to about
#: 1e-14; 1e-12 keeps every attained end inside, for no width anyone sees.
BLAKER_SLACK = 1e-12


#: Blaker's upper end per (y, n, level), kept: each costs about a hundred incomplete beta functions
_BLAKER_ENDS: dict[tuple[int, int, float], float] = {}
_BLAKER_KEPT = 1_000_000  # why: a few tens of MB at most; a full cache is emptied, not evicted


def _blaker_upper(k: np.ndarray, m: np.ndarray, level: float) -> np.ndarray:
    out = np.ones(k.shape)
    keys = [(int(a), int(b), level) for a, b in zip(k.tolist(), m.tolist())]
    todo = np.array([i for i, key in enumerate(keys) if key[0] < key[1] and key not in _BLAKER_ENDS], dtype=np.int64)
    if todo.size:
        ends = _blaker_solve(k[todo].astype(float), m[todo].astype(float), 1.0 - level)
        if len(_BLAKER_ENDS) + todo.size > _BLAKER_KEPT:
            _BLAKER_ENDS.clear()
        for i, end in zip(todo.tolist(), ends.tolist()):
            _BLAKER_ENDS[keys[i]] = end
    for i, key in enumerate(keys):
        if key[0] < key[1]:
            out[i] = min(1.0, _BLAKER_ENDS.get(key, np.nan) + BLAKER_SLACK)
    return out


def _blaker_solve(y: np.ndarray, n: np.ndarray, alpha: float) -> np.ndarray:
    """Blaker's upper end for each ``y < n`` (floats holding integers), as :func:`blaker` says."""
    u = beta_quantile(1 - alpha / 2, y + 1, n - y)  # Clopper–Pearson's: F(u) = α/2
    fu = _at_most(y, n, u)
    # J: the least j ≥ y + 2 with S_j(u) < F(u) (S_{n+1} = 0), by bisection on j; S_{y+1} = 1 − F > F.
    # why the slack 1e-9: where S_j(u) and F(u) tie to rounding, J is taken one larger, which
    # puts the end at r_{J−1} ≈ u (wider, never narrower, than the tie-free answer)
    lo_j, hi_j = y + 1, n + 1
    while (hi_j - lo_j > 1).any():
        mid = np.floor(0.5 * (lo_j + hi_j))
        below = _at_least(mid, n, u) < fu * (1 - 1e-9)
        lo_j, hi_j = np.where(below, lo_j, mid), np.where(below, mid, hi_j)
    j = hi_j
    # r: where S_{J−1} = F (S rises, F falls in p)
    r = _bisect(lambda p: _at_least(j - 1, n, p) - _at_most(y, n, p), np.zeros_like(y), np.ones_like(y))
    # past r, F + S_J: above α just past r, it falls to α once before u, where it is ≤ α
    above = _at_most(y, n, r) + _at_least(j, n, r) > alpha
    start = np.minimum(r, u)
    x = _bisect(lambda p: alpha - _at_most(y, n, p) - _at_least(j, n, p), start, np.maximum(u, start))
    return np.where(above, np.maximum(x, r), r)


def _bisect(f: Callable[[np.ndarray], np.ndarray], lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """The root of ``f``, negative at ``lo`` and positive at ``hi`` (elementwise), by 64 halvings."""
    lo, hi = lo.copy(), hi.copy()
    for _ in range(64):  # why 64: halves a width below 1 to under 2**-64, past double precision
        mid = 0.5 * (lo + hi)
        neg = f(mid) < 0
        lo, hi = np.where(neg, mid, lo), np.where(neg, hi, mid)
    return lo


def _at_most(y: np.ndarray, n: np.ndarray, p: np.ndarray) -> np.ndarray:
    """``P(Y ≤ y)`` for Y ~ Binomial(n, p): ``I_{1−p}(n − y, y + 1)``."""
    out = np.where(y >= n, 1.0, np.where(p <= 0, 1.0, 0.0))
    inner = (y < n) & (p > 0) & (p < 1)
    if inner.any():
        a, b, x = (n - y)[inner], (y + 1)[inner], 1 - p[inner]
        out[inner] = _betainc(a, b, x, _log_beta(a, b))
    return out


def _at_least(j: np.ndarray, n: np.ndarray, p: np.ndarray) -> np.ndarray:
    """``P(Y ≥ j)`` for Y ~ Binomial(n, p): ``I_p(j, n − j + 1)``; 1 for ``j ≤ 0``, 0 for ``j > n``."""
    out = np.where(j <= 0, 1.0, np.where(j > n, 0.0, np.where(p >= 1, 1.0, 0.0)))
    inner = (j > 0) & (j <= n) & (p > 0) & (p < 1)
    if inner.any():
        a, b, x = j[inner], (n - j + 1)[inner], p[inner]
        out[inner] = _betainc(a, b, x, _log_beta(a, b))
    return out


def likelihood_bound(successes: np.ndarray, n: np.ndarray, edge: np.ndarray, far: np.ndarray) -> np.ndarray:
    """The rate between ``edge`` and ``far`` where the binomial log-likelihood has fallen
    :data:`HALF_CHI2_95` below its value at ``edge`` (``far`` itself when it never falls that
    much): the other end of the likelihood-ratio interval when the constrained maximum is at
    ``edge``. The log-likelihood is monotone on that side of the sample rate, so bisection."""
    y = np.asarray(successes, dtype=float)
    m = np.asarray(n, dtype=float)
    e, f = np.asarray(edge, dtype=float), np.asarray(far, dtype=float)

    def loglik(rate: np.ndarray) -> np.ndarray:
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(y > 0, y * np.log(rate), 0.0) + np.where(m > y, (m - y) * np.log1p(-rate), 0.0)

    goal = loglik(e) - HALF_CHI2_95
    reached = loglik(f) <= goal
    near, away = e.copy(), f.copy()
    for _ in range(64):  # why 64: halves a width below 1 to under 2**-64, past double precision
        mid = 0.5 * (near + away)
        inside = loglik(mid) > goal
        near, away = np.where(inside, mid, near), np.where(inside, away, mid)
    return np.where(reached, near, f)


def _pairs(successes: np.ndarray, n: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    y = np.asarray(successes, dtype=np.int64)
    total = np.broadcast_to(np.asarray(n, dtype=np.int64), y.shape)
    if (total <= 0).any() or (y < 0).any() or (y > total).any():
        raise ValueError("need 0 <= successes <= n and n > 0")
    pairs, back = np.unique(np.stack([y.ravel(), total.ravel()], axis=1), axis=0, return_inverse=True)
    return y, pairs, back.reshape(-1)


def jeffreys(successes: np.ndarray, n: np.ndarray, level: float = LEVEL) -> tuple[np.ndarray, np.ndarray]:
    """Jeffreys interval for a binomial proportion (Brown, Cai & DasGupta 2001, §4.1.2).

    The ``(1 − level) / 2`` and ``(1 + level) / 2`` quantiles of Beta(y + ½, n − y + ½),
    with the lower end 0 at ``y = 0`` and the upper end 1 at ``y = n`` (their
    boundary modification, without which coverage falls to 0 as p → 0 or 1).
    Vectorized; distinct ``(y, n)`` pairs are solved once.
    """
    y = np.asarray(successes, dtype=np.int64)
    total = np.broadcast_to(np.asarray(n, dtype=np.int64), y.shape)
    if (total <= 0).any() or (y < 0).any() or (y > total).any():
        raise ValueError("need 0 <= successes <= n and n > 0")
    pairs, back = np.unique(np.stack([y.ravel(), total.ravel()], axis=1), axis=0, return_inverse=True)
    a, b = pairs[:, 0] + 0.5, pairs[:, 1] - pairs[:, 0] + 0.5
    lo = beta_quantile((1 - level) / 2, a, b)
    hi = beta_quantile((1 + level) / 2, a, b)
    lo[pairs[:, 0] == 0] = 0.0
    hi[pairs[:, 0] == pairs[:, 1]] = 1.0
    back = back.reshape(-1)
    return lo[back].reshape(y.shape), hi[back].reshape(y.shape)


def beta_quantile(q: float, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """x with I_x(a, b) = q: Newton steps kept inside a shrinking bracket (bisection
    when a step would leave it), from the normal approximation."""
    lbeta = _log_beta(a, b)
    lo, hi = np.zeros_like(a), np.ones_like(a)
    mean, sd = a / (a + b), np.sqrt(a * b / ((a + b) ** 2 * (a + b + 1)))
    x = np.clip(mean + NormalDist().inv_cdf(q) * sd, 1e-300, 1 - 1e-16)
    active = np.arange(a.shape[0])
    for _ in range(200):
        if active.size == 0:
            break
        xa, aa, ba, la = x[active], a[active], b[active], lbeta[active]
        f = _betainc(aa, ba, xa, la) - q
        lo[active] = np.where(f < 0, xa, lo[active])
        hi[active] = np.where(f < 0, hi[active], xa)
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            density = np.exp((aa - 1) * np.log(xa) + (ba - 1) * np.log1p(-xa) - la)
            correction = f / density  # inf or nan only where the bracket then takes over
        step = xa - correction
        inside = np.isfinite(step) & (step > lo[active]) & (step < hi[active])
        # why 1e-10 and why on Newton's correction: I_x carries rounding error (log Γ,
        # 1 − I, the switch between the two sides of the continued fraction); once the
        # correction is that small the bracket can no longer tell the sides apart, and
        # halving it would only chase the noise. Ten digits are more than any report shows.
        done = np.abs(correction) <= 1e-10 * xa
        x[active] = np.where(inside, step, np.where(done, xa, 0.5 * (lo[active] + hi[active])))
        active = active[~done]
    return x


def _log_beta(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    lgamma = np.vectorize(math.lgamma, otypes=[float])
    return lgamma(a) + lgamma(b) - lgamma(a + b)


def _betainc(a: np.ndarray, b: np.ndarray, x: np.ndarray, lbeta: np.ndarray) -> np.ndarray:
    """Regularized incomplete beta I_x(a, b) for 0 < x < 1, by its continued fraction
    (Press et al., Numerical Recipes, 3rd ed., §6.4), on the side where it converges
    fast (x below the mean-ish point (a + 1) / (a + b + 2), else via 1 − I_{1−x}(b, a))."""
    swap = x > (a + 1) / (a + b + 2)
    aa, bb, xx = np.where(swap, b, a), np.where(swap, a, b), np.where(swap, 1 - x, x)
    front = np.exp(aa * np.log(xx) + bb * np.log1p(-xx) - lbeta) / aa
    value = front * _continued_fraction(aa, bb, xx)
    return np.where(swap, 1 - value, value)


def _continued_fraction(a: np.ndarray, b: np.ndarray, x: np.ndarray) -> np.ndarray:
    # modified Lentz (Lentz 1976; Thompson & Barnett 1986); converges in O(√max(a, b))
    # terms on this side of (a + 1) / (a + b + 2). Converged entries drop out of the loop.
    tiny = 1e-300

    def fix(v: np.ndarray) -> np.ndarray:
        return np.where(np.abs(v) < tiny, tiny, v)

    c = np.ones_like(x)
    d = 1.0 / fix(1 - (a + b) * x / (a + 1))
    h = d.copy()
    active = np.arange(x.shape[0])
    limit = int(10 * math.sqrt(float(max(a.max(), b.max())))) + 200
    for m in range(1, limit):
        if active.size == 0:
            break
        aa, bb, xx, ca, da = a[active], b[active], x[active], c[active], d[active]
        even = m * (bb - m) * xx / ((aa + 2 * m - 1) * (aa + 2 * m))
        da = 1.0 / fix(1 + even * da)
        ca = fix(1 + even / ca)
        step = da * ca
        odd = -(aa + m) * (aa + bb + m) * xx / ((aa + 2 * m) * (aa + 2 * m + 1))
        da = 1.0 / fix(1 + odd * da)
        ca = fix(1 + odd / ca)
        delta = da * ca
        h[active] *= step * delta
        c[active], d[active] = ca, da
        active = active[np.abs(delta - 1) >= 1e-15]
    return h
