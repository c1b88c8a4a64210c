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

import functools
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
    functions monotone there, found by Newton's method inside a bracket (their slopes are
    binomial probabilities) to 1e-14. The lower end by symmetry,
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


#: Blaker's upper end per (y, n, level), kept: each costs some thirty incomplete beta functions
_BLAKER_ENDS: dict[tuple[int, int, float], float] = {}
_BLAKER_KEPT = 100_000  # why: about 20 MB at most (some 200 bytes an entry); a full cache is emptied, not evicted


def _blaker_upper(k: np.ndarray, m: np.ndarray, level: float) -> np.ndarray:
    out = np.ones(k.shape)
    keys = [(int(a), int(b), level) for a, b in zip(k.tolist(), m.tolist())]
    todo = np.array([i for i, key in enumerate(keys) if key[0] < key[1] and key not in _BLAKER_ENDS], dtype=np.int64)
    if todo.size:
        if len(_BLAKER_ENDS) + todo.size > _BLAKER_KEPT:
            _BLAKER_ENDS.clear()
        for i in todo.tolist():
            _BLAKER_ENDS[keys[i]] = _blaker_solve(keys[i][0], keys[i][1], 1.0 - level)
    for i, key in enumerate(keys):
        if key[0] < key[1]:
            out[i] = min(1.0, _BLAKER_ENDS.get(key, np.nan) + BLAKER_SLACK)
    return out


def _blaker_solve(y: int, n: int, alpha: float) -> float:
    """Blaker's upper end for ``y < n``, as :func:`blaker` says. Plain floats, not numpy: a
    survey asks for a few ends at a time, and scalar arithmetic is some thirty times faster
    on one number than numpy's per-call overhead."""
    lower = functools.partial(_cdf, y, n)  # F(p) = P(Y ≤ y), falling in p with slope −n b(y; n − 1, p)
    u = _root(lambda p: alpha / 2 - lower(p), lambda p: _slope(y, n, p), 0.0, 1.0, (y + 1) / (n + 1))
    fu = lower(u)
    # J: the least j ≥ y + 2 with S_j(u) < F(u) (S_{n+1} = 0); S_{y+1} = 1 − F > F. S_j falls in j:
    # bisection on j, from a bracket of ±8 around the normal approximation where it holds.
    # why the slack 1e-9: where S_j(u) and F(u) tie to rounding, J is taken one larger, which
    # puts the end at r_{J−1} ≈ u (wider, never narrower, than the tie-free answer)
    limit = fu * (1 - 1e-9)
    guess = math.floor(n * u + _Z * math.sqrt(n * u * (1 - u))) + 1
    lo_j, hi_j = min(max(guess - 8, y + 1), n + 1), min(max(guess + 8, y + 1), n + 1)
    if lo_j > y + 1 and _sf(lo_j, n, u) < limit:
        lo_j = y + 1
    if hi_j < n + 1 and _sf(hi_j, n, u) >= limit:
        hi_j = n + 1
    while hi_j - lo_j > 1:
        mid = (lo_j + hi_j) // 2
        lo_j, hi_j = (lo_j, mid) if _sf(mid, n, u) < limit else (mid, hi_j)
    j = hi_j
    # r: where S_{J−1} = F; S rises and F falls in p, so S_{J−1} − F rises, with slope
    # n (b(J − 2) + b(y)) in Binomial(n − 1, p)
    r = _root(lambda p: _sf(j - 1, n, p) - lower(p), lambda p: _slope(j - 2, n, p) + _slope(y, n, p), 0.0, 1.0, u)
    if lower(r) + _sf(j, n, r) <= alpha:
        return r
    # past r, F + S_J is above α and falls to α once before u (where it is ≤ α): α − F − S_J
    # rises there, with slope n (b(y) − b(J − 1))
    start, stop = min(r, u), max(r, u)
    x = _root(lambda p: alpha - lower(p) - _sf(j, n, p), lambda p: _slope(y, n, p) - _slope(j - 1, n, p),
              start, stop, start)
    return max(x, r)


_Z = NormalDist().inv_cdf(0.975)  # the normal approximation's start for J (any start works)


def _root(f: Callable[[float], float], slope: Callable[[float], float], lo: float, hi: float, x: float) -> float:
    """The root of ``f`` in ``[lo, hi]`` (``f(lo) ≤ 0 ≤ f(hi)``): Newton steps kept inside the
    shrinking bracket, halving it when a step would leave it (as :func:`beta_quantile`)."""
    for _ in range(200):
        fx = f(x)
        if fx < 0:
            lo = x
        else:
            hi = x
        d = slope(x)
        step = x - fx / d if d > 0 or d < 0 else math.nan
        new = step if lo < step < hi else 0.5 * (lo + hi)
        # why 1e-14: the ends are moved out by BLAKER_SLACK = 1e-12; a root to 1e-14 of p keeps it
        if abs(new - x) <= 1e-14 * max(x, 1e-300) or hi - lo <= 1e-15 * hi:
            return new
        x = new
    return x


def _slope(k: int, n: int, p: float) -> float:
    """``n · b(k; n − 1, p)``, the binomial pmf of n − 1 trials: how fast ``P(Y ≥ k + 1)`` rises
    and ``P(Y ≤ k)`` falls in p (0 for k outside 0..n − 1)."""
    m = n - 1
    if k < 0 or k > m or not 0 < p < 1:
        return 0.0
    return n * math.exp(math.lgamma(m + 1) - math.lgamma(k + 1) - math.lgamma(m - k + 1)
                        + k * math.log(p) + (m - k) * math.log1p(-p))


def _cdf(y: int, n: int, p: float) -> float:
    """``P(Y ≤ y)`` for Y ~ Binomial(n, p): ``I_{1−p}(n − y, y + 1)``."""
    if y >= n or p <= 0:
        return 1.0
    if y < 0 or p >= 1:
        return 0.0
    return _ibeta(n - y, y + 1, 1 - p)


def _sf(j: int, n: int, p: float) -> float:
    """``P(Y ≥ j)`` for Y ~ Binomial(n, p): ``I_p(j, n − j + 1)``; 1 for ``j ≤ 0``, 0 for ``j > n``."""
    if j <= 0:
        return 1.0
    if j > n or p <= 0:
        return 0.0
    if p >= 1:
        return 1.0
    return _ibeta(j, n - j + 1, p)


def _ibeta(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta ``I_x(a, b)`` for 0 < x < 1, one number: :func:`_betainc`'s
    continued fraction in plain floats."""
    swap = x > (a + 1) / (a + b + 2)
    if swap:
        a, b, x = b, a, 1 - x
    front = math.exp(a * math.log(x) + b * math.log1p(-x) - (math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b))) / a
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) >= tiny else tiny)
    h = d
    for m in range(1, int(10 * math.sqrt(max(a, b))) + 200):
        even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        d = 1 + even * d
        d = 1.0 / (d if abs(d) >= tiny else tiny)
        c = 1 + even / c
        c = c if abs(c) >= tiny else tiny
        h *= d * c
        odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
        d = 1 + odd * d
        d = 1.0 / (d if abs(d) >= tiny else tiny)
        c = 1 + odd / c
        c = c if abs(c) >= tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    value = front * h
    return 1 - value if swap else value


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
