"""Blaker's interval, rrdesk's since 2026-11: exact coverage and width over every cell of
``tests/test_coverage.py``, against the Clopper–Pearson interval it replaced.

Blaker (2000) inverts the test that orders outcomes by their smaller tail; its acceptability
``a(p, y)`` is not monotone in ``p``, so the set ``{p : a(p, y) > 5 %}`` can have islands. The
grid search of Blaker's paper (from Clopper–Pearson's end inward to the first accepted point,
then bisection) misses an island narrower than its step: measured here with a 4,000-step grid,
exact coverage fell to 94.99996 % (forced response ε = 2, n = 150, where y = 34 is accepted
again at a recorded rate of 0.30208 beyond the grid's end 0.30120). rrdesk's
:func:`rrdesk.core.estimate.blaker` finds the ends exactly (the last switch point of the
ordering before Clopper–Pearson's end, or the crossing just past it; see its docstring), so the
island's end 0.302077 is its end, and coverage is ≥ 95 % in every cell (lowest 95.0000000015 %,
just past an end, where Blaker's coverage approaches 95 % from above). Each cell's worst
coverage and expected width (the mean at π = 0.05, 0.2 and 0.5) are compared with
Clopper–Pearson's, mapped the same way.

Usage: ``python tests/benchmarks/blaker.py`` (37 s of CPU). Exit status 0 when
every cell keeps 95 %, 1 otherwise.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
from scipy import stats

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run from a checkout

from rrdesk.core import estimate  # noqa: E402
from tests.test_coverage import EPSILONS, FAMILIES, SIZES, columns  # noqa: E402


def _cell(a: float, b: float, n: int) -> tuple[float, float, float]:
    """(worst exact coverage of rrdesk's interval, expected width with Clopper–Pearson and with
    rrdesk's (Blaker's) at π = 0.05, 0.2, 0.5 -- the mean over those three)."""
    y = np.arange(n + 1)
    full = np.full(y.shape, n)
    cp = estimate.category_intervals(np.array(a), b, y, full, rates=estimate.clopper_pearson(y, full))
    low, high = estimate.category_intervals(np.array(a), b, y, full)
    ends = np.concatenate([low, high])
    grid = np.concatenate([np.linspace(0, 1, 101), ends - 1e-9, ends + 1e-9])
    grid = np.unique(grid[(grid >= 0) & (grid <= 1)])
    pmf = stats.binom.pmf(y[None, :], n, (a + b * grid)[:, None])
    worst = float((pmf * ((low[None, :] <= grid[:, None]) & (grid[:, None] <= high[None, :]))).sum(axis=1).min())
    at = stats.binom.pmf(y[None, :], n, (a + b * np.array([0.05, 0.2, 0.5]))[:, None])
    return worst, float((at * (cp[1] - cp[0])).sum(axis=1).mean()), float((at * (high - low)).sum(axis=1).mean())


def main() -> int:
    start = time.process_time()
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
    print(f"worst exact coverage {100 * worst:.9f} %; width saved against Clopper–Pearson: min "
          f"{100 * shares.min():.1f} %, median {100 * np.median(shares):.1f} %, max {100 * shares.max():.1f} %")
    for n in (30, 100, 300, 1000):
        mine = np.array([g for m, g in gains if m == n])
        print(f"  n = {n}: median {100 * np.median(mine):.1f} %, max {100 * mine.max():.1f} %")
    print(f"{time.process_time() - start:.0f} s CPU")
    return 0 if worst >= 0.95 else 1


if __name__ == "__main__":
    sys.exit(main())
