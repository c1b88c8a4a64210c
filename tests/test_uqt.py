"""The unrelated question with an unknown innocuous prevalence (rrdesk.core.uqt): its worst-case
ε, its estimates against RRreg's ``UQTunknown`` run here in R, the constrained MLE, its
intervals (their exact coverage: tests/test_coverage.py)."""
from __future__ import annotations

import math
import subprocess
from fractions import Fraction

import numpy as np
import pytest

from rrdesk.core import design, uqt
from rrdesk.core.errors import DesignError
from tests.conftest import SeededSource
from tests.test_analysis_scripts import needs_rr


def _ratio(d: design.Design, pi_u: Fraction) -> Fraction:
    """The largest likelihood ratio of one answer when the innocuous YES share is ``pi_u``."""
    p = Fraction(d.sectors[0].weight, design.WHEEL)
    yes = (p + (1 - p) * pi_u) / ((1 - p) * pi_u)
    no = (p + (1 - p) * (1 - pi_u)) / ((1 - p) * (1 - pi_u))
    return max(yes, no)


@pytest.mark.parametrize("between", [(0.2, 0.8), (0.3, 0.6), (0.05, 0.5), (0.45, 0.97)])
def test_epsilon_is_the_worst_case_over_the_assumed_range(between):
    d = uqt.uqt(p=(0.8, 0.3), between=between)
    grid = [Fraction(between[0]) + (Fraction(between[1]) - Fraction(between[0])) * i / 200 for i in range(201)]
    worst = max(_ratio(g, x) for g in d.groups for x in grid)
    # the worst end rounded outward onto the 2⁻³² grid: never below the range's worst case, and
    # above it by less than that rounding
    assert d.epsilon >= math.log(worst) - 1e-15
    assert d.epsilon - math.log(worst) < 1e-8
    # and the ε grows without bound as the range reaches toward 0 or 1
    wider = uqt.uqt(p=(0.8, 0.3), between=(between[0] / 10, 1 - (1 - between[1]) / 10))
    assert wider.epsilon > d.epsilon + 1


def test_the_respondents_epsilon_is_the_larger_groups():
    d = uqt.uqt(p=(0.4, 0.9), between=(0.2, 0.8))
    assert d.epsilon == d.groups[1].epsilon > d.groups[0].epsilon
    assert d.epsilon == pytest.approx(math.log(1 + 0.9 / (0.1 * 0.2)), abs=1e-8)


@pytest.mark.parametrize("bad", [dict(p=(0.5, 0.5), between=(0.2, 0.8)), dict(p=(0.5,), between=(0.2, 0.8)),
                                 dict(p=(0, 0.5), between=(0.2, 0.8)), dict(p=(0.7, 0.2), between=(0.8, 0.2)),
                                 dict(p=(0.7, 0.2), between=(0.0, 0.5)), dict(p=(0.7, 0.2), between=(0.5, 1)),
                                 dict(p=(0.7, 0.2), between=0.5)])
def test_bad_designs_are_refused(bad):
    with pytest.raises(DesignError):
        uqt.uqt(**bad)


R_UQT = """
library(RRreg)
d <- read.csv("uqt.csv")
out <- NULL
for (k in unique(d$case)) {
  u <- d[d$case == k, ]
  r <- RRuni(u$y, model = "UQTunknown", p = c(PA, PB), group = u$g, MLest = FALSE)
  out <- rbind(out, data.frame(case = k, pi = r$pi, piSE = r$piSE, piUQ = r$piUQ, piUQSE = r$piUQSE))
}
write.csv(out, "r.csv", row.names = FALSE)
"""


@needs_rr
def test_estimates_equal_rrreg_uqtunknown(tmp_path):
    d = uqt.uqt(p=(0.75, 0.2), between=(0.2, 0.8))
    rng = np.random.default_rng(30)
    cases = []
    lines = ["case,y,g"]
    for k, (n_a, n_b, pi, pi_u) in enumerate([(400, 350, 0.3, 0.5), (1000, 1000, 0.1, 0.7), (150, 220, 0.6, 0.25),
                                              (5000, 4800, 0.05, 0.4)]):
        lam = d.matrix @ np.array([pi, pi_u])
        y = (int(rng.binomial(n_a, lam[0])), int(rng.binomial(n_b, lam[1])))
        cases.append((y, (n_a, n_b)))
        for g, (yes, n) in enumerate(zip(y, (n_a, n_b))):
            lines += [f"{k},{int(i < yes)},{g + 1}" for i in range(n)]
    (tmp_path / "uqt.csv").write_text("\n".join(lines) + "\n")
    pa, pb = d.p  # exact multiples of 2⁻³², printed to every digit
    (tmp_path / "run.R").write_text(R_UQT.replace("PA", repr(pa)).replace("PB", repr(pb)))
    done = subprocess.run(["Rscript", "run.R"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    r = np.genfromtxt(tmp_path / "r.csv", delimiter=",", skip_header=1, ndmin=2)
    gaps = []
    for (y, n), row in zip(cases, r):
        got = uqt.estimate(d, y, n)
        assert not got.boundary
        gaps += [abs(got.estimate["pi"] - row[1]), abs(got.estimate["pi_u"] - row[3])]
        assert got.estimate["pi"] == pytest.approx(row[1], abs=1e-10)
        assert got.estimate["pi_u"] == pytest.approx(row[3], abs=1e-10)
        # RRreg divides each group's variance by n_g − 1, rrdesk (as R's rr, Warner 1965) by n_g
        lam = np.array(y) / np.array(n)
        inverse = np.linalg.inv(d.matrix)
        cov = inverse @ np.diag(lam * (1 - lam) / (np.array(n) - 1)) @ inverse.T
        assert math.sqrt(cov[0, 0]) == pytest.approx(row[2], rel=1e-9)
        assert math.sqrt(cov[1, 1]) == pytest.approx(row[4], rel=1e-9)
        assert got.se["pi"] < row[2]
    print("RRreg UQTunknown: max |estimate - rrdesk|", max(gaps))


def test_outside_the_square_the_estimate_is_the_constrained_mle():
    d = uqt.uqt(p=(0.8, 0.3), between=(0.2, 0.8))
    for yes, n in [((5, 30), (100, 100)), ((99, 20), (100, 100)), ((0, 12), (50, 60)), ((45, 0), (50, 40))]:
        got = uqt.estimate(d, yes, n)
        assert got.boundary
        grid = np.linspace(0, 1, 801)
        pi, pi_u = np.meshgrid(grid, grid)
        lam = [np.clip(p * pi + (1 - p) * pi_u, 1e-300, 1 - 1e-16) for p in d.p]
        ll = sum(y * np.log(v) + (m - y) * np.log1p(-v) for y, m, v in zip(yes, n, lam))
        best = np.unravel_index(np.argmax(ll), ll.shape)
        ours = sum(y * math.log(max(p * got.estimate["pi"] + (1 - p) * got.estimate["pi_u"], 1e-300))
                   + (m - y) * math.log1p(-min(p * got.estimate["pi"] + (1 - p) * got.estimate["pi_u"], 1 - 1e-16))
                   for y, m, p in zip(yes, n, d.p))
        assert ours >= ll[best] - 1e-9
        for key in ("pi", "pi_u"):
            low, high = got.ci95[key]
            assert 0 <= low <= got.estimate[key] <= high <= 1 and high - low > 1e-3


def test_intervals_hold_the_estimate_and_never_have_zero_width():
    d = uqt.uqt(p=(0.7, 0.1), between=(0.3, 0.6))
    for ya in range(0, 21):
        for yb in range(0, 26):
            got = uqt.estimate(d, (ya, yb), (20, 25))
            for key in ("pi", "pi_u"):
                low, high = got.ci95[key]
                assert 0 <= low <= got.estimate[key] <= high <= 1 and high - low > 1e-3, (ya, yb, key)


def test_the_groups_spinners_through_the_randomizer_give_the_estimate_back():
    d = uqt.uqt(p=(0.8, 0.3), between=(0.2, 0.8))
    n = 40_000
    source = SeededSource(30)
    groups = uqt.draw_groups(n, source)
    truths = (np.arange(n) % 10 < 3).astype(np.int8)  # π = 0.3; the randomizer simulates the
    recorded = uqt.respond(d, groups, truths, source)  # innocuous answer at the design's prevalence
    yes = (int(recorded[groups == 0].sum()), int(recorded[groups == 1].sum()))
    got = uqt.estimate(d, yes, (int((groups == 0).sum()), int((groups == 1).sum())))
    assert abs(got.estimate["pi"] - 0.3) < 4 * got.se["pi"]
    assert abs(got.estimate["pi_u"] - d.groups[0].prevalence / design.WHEEL) < 4 * got.se["pi_u"]
