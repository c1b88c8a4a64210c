"""A coordinator's 95 % intervals cover the true prevalence 93.5–96.5 % of the time.

For every design (forced ε = ln 3, Warner p = 0.75, unrelated question p = 0.5 with a
known prevalence of 0.25, k-ary RR with k = 3 and ε = 1.5, and a direct question) ×
true prevalence {1, 5, 20, 50 %} × respondents {100, 1000, 10000}, we simulate
:data:`SURVEYS` surveys. Respondents' true answers are drawn with the prevalence, so
the recorded counts are ``Multinomial(n, Mᵀ π)`` -- drawn directly from that
distribution with a seeded ``numpy`` PCG64 generator (one seed per cell, so the test
is exact and repeatable); ``test_the_real_randomizer_gives_the_same_counts`` shows,
for one cell, that counts from ``randomizer.respond_many`` agree. Each survey goes
through :func:`rrdesk.core.estimate.estimate_many`, the code ``estimate`` runs.

Beside the simulation, each cell's coverage is also computed exactly: every design
reports category ``j`` at the rate ``a_j + b π_j``, so the category's count is
binomial and the coverage is a finite sum over its values, here with the Jeffreys
bounds from ``scipy.stats.beta`` -- an independent implementation of the same
intervals. The simulation must agree with the sum, and both must lie in the band.

Two cells do not, both a direct question with n = 100, where the count takes so few
values that coverage jumps by one or more points between neighbouring p (see
:data:`LATTICE`): at p = 0.01 no interval that holds p when nobody says yes can be in
the band; at p = 0.05 Jeffreys is 0.03 points under it (and Wilson 0.09 over). They
are marked xfail, strictly, with the reason. ``tests/benchmarks/coverage.py`` prints
the full table (and a longer run).
"""
from __future__ import annotations

import functools
import math
import zlib

import numpy as np
import pytest
from scipy import stats

from rrdesk.core import design, estimate, randomizer
from tests.conftest import SeededSource

SURVEYS = 10_000
BAND = (0.935, 0.965)
PREVALENCES = (0.01, 0.05, 0.2, 0.5)
SIZES = (100, 1000, 10_000)

DESIGNS: dict[str, design.Design | None] = {
    "forced": design.forced(epsilon=math.log(3)),
    "warner": design.warner(p=0.75),
    "unrelated": design.unrelated(p=0.5, prevalence=0.25),
    "kary": design.kary(3, epsilon=1.5),
    "direct": None,
}

#: Cells outside the band because of the binomial lattice. The count Y ~ Bin(100, p)
#: takes few values near p = 0.01 or 0.05, and an interval holds p for a run of
#: counts, so coverage is a partial sum of a handful of large probabilities.
LATTICE = {
    ("direct", 0.01, 100): (
        "binomial lattice: Y ~ Bin(100, 0.01) has P(Y <= 2) = 92.06 % and P(Y <= 3) = 98.16 %, so any "
        "interval that holds p = 0.01 when Y = 0 covers it <= 92.06 % or >= 98.16 % of the time; "
        "Jeffreys (like Clopper-Pearson) covers Y <= 3: 98.16 %, conservative (Wilson: 92.06 %)"),
    ("direct", 0.05, 100): (
        "binomial lattice: Jeffreys holds p = 0.05 for Y in 2..9 of Bin(100, 0.05): 93.47 %, 0.03 points "
        "under the band; coverage swings with p here (Jeffreys 96.41 % at p = 0.04, 95.34 % at 0.045, "
        "93.38 % at 0.048, 95.44 % at 0.055; Wilson 96.59 % at 0.05, 92.75 % at 0.055)"),
}

def truth_of(name: str, p: float) -> np.ndarray:
    """True prevalences: yes/no ``(NO, YES) = (1 − p, p)``; k-ary: the first category
    at ``p``, the other two sharing the rest."""
    if name == "kary":
        return np.array([p, (1 - p) / 2, (1 - p) / 2])
    return np.array([1 - p, p])


def matrix_of(d: design.Design | None, k: int = 2) -> np.ndarray:
    return np.eye(k) if d is None else d.matrix


def seed_of(name: str, p: float, n: int) -> int:
    return zlib.crc32(f"coverage/{name}/{p}/{n}".encode())


def simulate(d: design.Design | None, truth: np.ndarray, n: int, surveys: int, seed: int) -> np.ndarray:
    """Recorded counts of ``surveys`` surveys of ``n`` respondents: Multinomial(n, Mᵀπ)."""
    rng = np.random.Generator(np.random.PCG64(seed))
    return rng.multinomial(n, matrix_of(d, truth.shape[0]).T @ truth, size=surveys)


def simulated_coverage(d: design.Design | None, truth: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Share of surveys whose interval holds the truth, per category."""
    e = estimate.estimate_many(d, counts)
    return ((e.low <= truth) & (truth <= e.high)).mean(axis=0)


@functools.lru_cache(maxsize=None)
def _jeffreys_lattice(n: int) -> tuple[np.ndarray, np.ndarray]:
    y = np.arange(n + 1)
    low = np.where(y == 0, 0.0, stats.beta.ppf(0.025, y + 0.5, n - y + 0.5))
    high = np.where(y == n, 1.0, stats.beta.ppf(0.975, y + 0.5, n - y + 0.5))
    return low, high


def exact_coverage(d: design.Design | None, truth: np.ndarray, n: int, wilson: bool = False) -> np.ndarray:
    """Exact coverage per category: Σ_y P(Y_j = y) [truth_j in the mapped interval of y]."""
    m = matrix_of(d, truth.shape[0])
    k = m.shape[0]
    rate = m.T @ truth
    y = np.arange(n + 1)
    low, high = _wilson(y, n) if wilson else _jeffreys_lattice(n)
    out = []
    for j in range(k):
        a = m[(j + 1) % k, j]  # P(report j | another truth): the same for every other truth
        b = m[j, j] - a
        ends = np.stack([(low - a) / b, (high - a) / b])
        lo, hi = np.clip(ends.min(axis=0), 0, 1), np.clip(ends.max(axis=0), 0, 1)
        covered = (lo <= truth[j]) & (truth[j] <= hi)
        out.append(stats.binom.pmf(y, n, rate[j])[covered].sum())
    return np.array(out)


def _wilson(y: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    # Wilson (1927) score interval, for the comparison table in tests/benchmarks/coverage.py
    z = stats.norm.ppf(0.975)
    p = y / n
    centre, half = p + z * z / (2 * n), z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


@functools.lru_cache(maxsize=None)
def cell(name: str, p: float, n: int, surveys: int = SURVEYS) -> tuple[np.ndarray, np.ndarray]:
    """(simulated, exact) coverage per category for one cell."""
    d, truth = DESIGNS[name], truth_of(name, p)
    counts = simulate(d, truth, n, surveys, seed_of(name, p, n))
    return simulated_coverage(d, truth, counts), exact_coverage(d, truth, n)


CELLS = [(name, p, n) for name in DESIGNS for p in PREVALENCES for n in SIZES]


def _param(name: str, p: float, n: int):
    reason = LATTICE.get((name, p, n))
    marks = [pytest.mark.xfail(strict=True, raises=AssertionError, reason=reason)] if reason else []
    return pytest.param(name, p, n, id=f"{name}-p{p}-n{n}", marks=marks)


@pytest.mark.parametrize("name, p, n", [_param(*c) for c in CELLS])
def test_every_interval_covers_the_truth_95_percent_of_the_time(name, p, n):
    simulated, exact = cell(name, p, n)
    low, high = BAND
    assert (low <= exact).all() and (exact <= high).all(), f"exact coverage {exact}"
    assert (low <= simulated).all() and (simulated <= high).all(), f"simulated coverage {simulated}"


@pytest.mark.parametrize("name, p, n", [pytest.param(*c, id=f"{c[0]}-p{c[1]}-n{c[2]}") for c in CELLS])
def test_the_simulation_agrees_with_the_exact_coverage(name, p, n):
    # the estimator's own intervals (simulated) against scipy's Jeffreys bounds (summed):
    # within 4 Monte Carlo standard errors. The estimator may only be *more* covering, by
    # widening an interval to hold a boundary MLE (k-ary), which the exact sum leaves out.
    simulated, exact = cell(name, p, n)
    se = np.sqrt(exact * (1 - exact) / SURVEYS)
    assert (simulated >= exact - 4 * se).all(), (simulated, exact)
    assert (simulated <= exact + 4 * se + 0.002).all(), (simulated, exact)


def test_the_lattice_cells_fail_the_band_for_the_reason_given():
    # Y ~ Bin(100, 0.01): P(Y <= 2) and P(Y <= 3) straddle the band
    assert stats.binom.cdf(2, 100, 0.01) < BAND[0] < BAND[1] < stats.binom.cdf(3, 100, 0.01)
    assert exact_coverage(None, truth_of("direct", 0.01), 100)[1] == pytest.approx(stats.binom.cdf(3, 100, 0.01))
    # Y ~ Bin(100, 0.05): Jeffreys covers Y in 2..9
    runs = stats.binom.cdf(9, 100, 0.05) - stats.binom.cdf(1, 100, 0.05)
    assert exact_coverage(None, truth_of("direct", 0.05), 100)[1] == pytest.approx(runs)
    assert round(100 * runs, 2) == 93.47


def test_the_real_randomizer_gives_the_same_counts():
    # forced, ε = ln 3, p = 0.2, n = 100: λ = 1/4 + 1/2 · 0.2 = 0.35. 2,000 surveys through
    # respond_many with a seeded byte source; true answers drawn with the prevalence.
    d, p, n, surveys = DESIGNS["forced"], 0.2, 100, 2000
    rng = np.random.Generator(np.random.PCG64(2026))
    truths = (rng.random(surveys * n) < p).astype(np.int64)
    answers = randomizer.respond_many(d, truths, source=SeededSource(2026)).reshape(surveys, n)
    yes = answers.sum(axis=1)
    # the YES counts follow Binomial(100, 0.35): a chi-square test over pooled bins
    edges = np.array([0, 27, 30, 32, 34, 36, 38, 40, 43, n + 1])
    observed = np.histogram(yes, bins=edges)[0]
    expected = surveys * np.diff(stats.binom.cdf(edges - 1, n, 0.35))
    assert stats.chisquare(observed, expected).pvalue > 0.001
    # and the intervals cover as the multinomial draws say they do
    counts = np.stack([n - yes, yes], axis=1)
    covered = simulated_coverage(d, truth_of("forced", p), counts)[1]
    exact = exact_coverage(d, truth_of("forced", p), n)[1]
    assert abs(covered - exact) <= 4 * math.sqrt(exact * (1 - exact) / surveys)
