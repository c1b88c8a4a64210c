"""Blaker's interval, mapped through the design as rrdesk maps Clopper–Pearson's: exact coverage
and width over every cell of ``tests/test_coverage.py`` -- why it is not rrdesk's interval.

Blaker (2000) inverts the test that orders outcomes by their smaller tail; its acceptability
``a(p, y)`` is not monotone in ``p``, so the set ``{p : a(p, y) > 5 %}`` can have islands. The
ends here are Blaker's own algorithm (from Clopper–Pearson's end inward to the first accepted
point, on a 4,000-step grid, then bisection): they reproduce Blaker's R code (``acceptinterval``
with a tolerance of 1e-7) to 1e-7, but miss an island narrower than a grid step, and there the
exact coverage falls below 95 % (94.99996 %: forced response ε = 2, n = 150, π = 0.2401, where
y = 34 is accepted again at a recorded rate of 0.30208 beyond its computed end 0.30120). An
island-aware computation (Klaschka 2010, R's BlakerCI) would close that. The expected width
(the mean at π = 0.05, 0.2 and 0.5) is 0 to 5.4 % shorter than Clopper–Pearson's (median 2.3 %;
4.1 % at n = 30, 1.1 % at n = 1,000; 140 s on one core). rrdesk keeps Clopper–Pearson: ≥ 95 % by construction, reproduced by base R's ``qbeta``
in ``analysis.R`` and by Stata's exact interval, for a few per cent of width.

Usage: ``python tests/benchmarks/blaker.py`` (about two minutes on one core). Exit status 0 when
every cell keeps 95 %, 1 otherwise (today: 1, for the reason above).
"""
from __future__ import annotations

import functools
import sys
import time
from pathlib import Path

import numpy as np
from scipy import stats

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run from a checkout

from rrdesk.core import estimate  # noqa: E402
from rrdesk.core.estimate import _binomial  # noqa: E402
from tests.test_coverage import EPSILONS, FAMILIES, SIZES, columns  # noqa: E402


def blaker(successes: np.ndarray, n: np.ndarray, level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Blaker's (2000) interval: the proportions ``p`` whose acceptability
    ``a(p, y) = P_p(γ(Y) ≤ γ(y))`` exceeds ``1 − level``, with ``γ(j) = min(P(Y ≤ j), P(Y ≥ j))``
    -- the inverted test that orders outcomes by their smaller tail (its convex hull: the set
    can have tiny gaps). It inverts a level test, so its coverage is at least ``level`` for every
    ``p``, and it lies inside Clopper–Pearson's (``a ≤ 2 · min tail``).

    Each end is found from Clopper–Pearson's end inward: the first point of a grid of 4,000
    steps where ``a > 1 − level``, then bisection to 2⁻⁴⁰ between it and the grid point before
    (Blaker's own algorithm steps by a fixed tolerance). The other end by symmetry,
    ``U(y, n) = 1 − L(n − y, n)``. Each distinct ``n`` costs ``O(4000 n)``: meant for the n of
    a survey's questions, up to about 10⁴ per call.
    """
    y, pairs, back = _binomial._pairs(successes, n)
    lo, hi = np.zeros(pairs.shape[0]), np.ones(pairs.shape[0])
    for m in np.unique(pairs[:, 1]):
        mine = np.flatnonzero(pairs[:, 1] == m)
        k = pairs[mine, 0]
        need = np.unique(np.concatenate([k, m - k]))
        ends = dict(zip(need.tolist(), _blaker_lower(need, int(m), level).tolist()))
        lo[mine] = [ends[int(v)] for v in k]
        hi[mine] = [1.0 - ends[int(m - v)] for v in k]
    return lo[back].reshape(y.shape), hi[back].reshape(y.shape)


def _acceptability(p: np.ndarray, m: int, ys: np.ndarray, log_factorial: np.ndarray) -> np.ndarray:
    """``a(p_i, ys_i)`` for each pair (one row of the Binomial(m, p_i) distribution each)."""
    j = np.arange(m + 1)
    p = np.clip(p, 1e-300, 1 - 1e-16)[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        log_pmf = log_factorial[m] - log_factorial[j] - log_factorial[m - j] + j * np.log(p) + (m - j) * np.log1p(-p)
    pmf = np.exp(log_pmf)
    below = np.cumsum(pmf, axis=1)  # P(Y ≤ j)
    above = np.cumsum(pmf[:, ::-1], axis=1)[:, ::-1]  # P(Y ≥ j)
    tail = np.minimum(below, above)
    mine = tail[np.arange(len(ys)), ys][:, None]
    # why the relative slack: ties (p = ½ mirrors every tail) must count as ties after rounding
    return np.where(tail <= mine * (1 + 1e-9), pmf, 0.0).sum(axis=1)


def _blaker_lower(ys: np.ndarray, m: int, level: float) -> np.ndarray:
    alpha = 1 - level
    log_factorial = np.concatenate([[0.0], np.cumsum(np.log(np.arange(1, m + 1)))])
    start, _ = _binomial.clopper_pearson(ys, np.full(ys.shape, m), level)
    out = np.zeros(ys.shape)
    steps = 4000
    for i, (y, first) in enumerate(zip(ys.tolist(), start.tolist())):
        if y == 0:
            continue
        grid = first + (y / m - first) * np.arange(1, steps + 1) / steps
        # the acceptability at the grid, in blocks to bound the memory (steps × (m + 1))
        found = -1
        for block in range(0, steps, 500):
            part = grid[block:block + 500]
            ok = _acceptability(part, m, np.full(part.shape, y), log_factorial) > alpha
            if ok.any():
                found = block + int(np.argmax(ok))
                break
        if found < 0:  # cannot happen: a(y/m, y) ≥ P(Y = y) + … > α for any n this is used at
            out[i] = y / m
            continue
        near, far = (grid[found - 1] if found else first), grid[found]  # far accepted, near not
        for _ in range(40):
            mid = 0.5 * (near + far)
            if _acceptability(np.array([mid]), m, np.array([y]), log_factorial)[0] > alpha:
                far = mid
            else:
                near = mid
        out[i] = far
    return out


@functools.lru_cache(maxsize=None)
def _rates(n: int) -> tuple[np.ndarray, np.ndarray]:
    y = np.arange(n + 1)
    return blaker(y, np.full(y.shape, n))


def _cell(a: float, b: float, n: int) -> tuple[float, float, float]:
    """(worst exact coverage with Blaker, expected width with Clopper–Pearson and with Blaker at
    π = 0.05, 0.2, 0.5 -- the mean over those three)."""
    y = np.arange(n + 1)
    full = np.full(y.shape, n)
    cp = estimate.category_intervals(np.array(a), b, y, full)
    bl = estimate.category_intervals(np.array(a), b, y, full, rates=_rates(n))
    low, high = bl
    ends = np.concatenate([low, high])
    grid = np.concatenate([np.linspace(0, 1, 101), ends - 1e-9, ends + 1e-9])
    grid = np.unique(grid[(grid >= 0) & (grid <= 1)])
    pmf = stats.binom.pmf(y[None, :], n, (a + b * grid)[:, None])
    worst = float((pmf * ((low[None, :] <= grid[:, None]) & (grid[:, None] <= high[None, :]))).sum(axis=1).min())
    at = stats.binom.pmf(y[None, :], n, (a + b * np.array([0.05, 0.2, 0.5]))[:, None])
    return worst, float((at * (cp[1] - cp[0])).sum(axis=1).mean()), float((at * (high - low)).sum(axis=1).mean())


def main() -> int:
    start = time.perf_counter()
    worst, gains = 1.0, []
    for family, make in FAMILIES.items():
        for eps in EPSILONS:
            d = make(eps)
            a, b = columns(d, d.categories)
            for n in SIZES:
                for pair in sorted({(float(x), float(y)) for x, y in zip(a, b)}):
                    cover, cp, bl = _cell(*pair, n)
                    gains.append((n, 1 - bl / cp))
                    if cover < worst:
                        worst = cover
                        print(f"lowest so far: {family} ε = {eps:g} n = {n}: {100 * cover:.5f} %")
    shares = np.array([g for _, g in gains])
    print(f"worst exact coverage {100 * worst:.5f} %; width saved against Clopper–Pearson: min "
          f"{100 * shares.min():.1f} %, median {100 * np.median(shares):.1f} %, max {100 * shares.max():.1f} %")
    for n in (30, 100, 300, 1000):
        mine = np.array([g for m, g in gains if m == n])
        print(f"  n = {n}: median {100 * np.median(mine):.1f} %, max {100 * mine.max():.1f} %")
    print(f"{time.perf_counter() - start:.0f} s")
    return 0 if worst >= 0.95 else 1


if __name__ == "__main__":
    sys.exit(main())
