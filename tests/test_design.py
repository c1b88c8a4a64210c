"""Designs: each compiles to integer sectors; ε and the matrix come from those integers."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rrdesk.core import design
from rrdesk.core.design import WHEEL, Act
from rrdesk.core.errors import DesignError


def test_two_fair_coins_give_exactly_ln_3():
    # seed 002: heads -> answer truthfully; tails -> a second coin says YES or NO
    d = design.forced(truth=0.5, yes=0.25, no=0.25)
    assert [s.weight for s in d.sectors] == [2**31, 2**30, 2**30]
    assert d.epsilon == math.log(3)
    assert d.max_ratio == 3


def test_forced_from_epsilon_ln3_is_the_two_coin_spinner():
    d = design.forced(epsilon=math.log(3))
    assert [s.weight for s in d.sectors] == [2**31, 2**30, 2**30]


def test_forced_asymmetric_epsilon_by_hand():
    # P(yes|yes)=.9, P(yes|no)=.3 -> ln 3 ; P(no|no)=.7, P(no|yes)=.1 -> ln 7
    d = design.forced(truth=0.6, yes=0.3, no=0.1)
    assert d.epsilon == pytest.approx(math.log(7), abs=1e-8)


def test_warner_by_hand():
    assert design.warner(p=0.75).epsilon == math.log(3)
    assert design.warner(p=0.7).epsilon == pytest.approx(math.log(7 / 3), abs=1e-8)
    assert design.warner(p=0.25).epsilon == math.log(3)  # the mirror image is as private


def test_warner_equals_forced_with_the_same_matrix():
    # Warner p=.75 and forced truth=.5, yes=no=.25 record yes with .75/.25: same estimates
    w, f = design.warner(p=0.75), design.forced(truth=0.5, yes=0.25, no=0.25)
    assert np.array_equal(w.matrix, f.matrix)
    assert w.epsilon == f.epsilon


def test_unrelated_by_hand():
    # P(yes|yes) = .5 + .5*.25 = .625 ; P(yes|no) = .125 -> ratio 5
    # P(no|no) = .875 ; P(no|yes) = .375 -> ratio 7/3 ; so ε = ln 5
    d = design.unrelated(p=0.5, prevalence=0.25)
    assert d.epsilon == math.log(5)
    assert d.matrix.tolist() == [[0.875, 0.125], [0.375, 0.625]]


def test_kary_by_hand():
    # truth .4, each of 3 categories .2: P(j|j) = .6, P(j|i) = .2 -> ε = ln 3
    d = design.kary(3, truth=0.4)
    assert d.epsilon == pytest.approx(math.log(3), abs=1e-8)
    assert d.categories == 3
    assert [s.instruction.act for s in d.sectors] == [Act.TRUTH, Act.SAY, Act.SAY, Act.SAY]


def test_lying_probability_from_seed_000():
    # a coin that says lie with q: ε = ln((1 - q) / q)
    q = 0.25
    d = design.warner(p=1 - q)
    assert d.lying_probability == q
    assert d.epsilon == math.log((1 - q) / q)


def test_truth_lying_and_posterior_of_the_two_coins():
    d = design.forced(epsilon=math.log(3))
    assert d.truth_probability == 0.5
    assert d.lying_probability == 0.25
    assert d.posterior_bound == 0.75  # e^ε / (1 + e^ε) = 3/4


def test_matrix_rows_are_truths_and_columns_reports():
    d = design.forced(truth=0.5, yes=0.3, no=0.2)
    m = d.exact_matrix
    assert float(m[1][1]) == pytest.approx(0.8)  # P(yes | yes) = truth + yes
    assert float(m[0][1]) == pytest.approx(0.3)  # P(yes | no) = yes


@pytest.mark.parametrize("make, message", [
    (lambda: design.forced(truth=0.5, yes=0.25, no=0.2), "must sum to 1"),
    (lambda: design.forced(epsilon=-1), "positive"),
    (lambda: design.forced(epsilon=math.inf), "positive"),
    (lambda: design.forced(epsilon=1, truth=0.5), "exactly one of"),
    (lambda: design.forced(truth=0.5, yes=0.5, no=0.0), "infinite"),
    (lambda: design.forced(truth=0.0, yes=0.5, no=0.5), "truth probability"),
    (lambda: design.warner(p=0.5), "ε = 0"),
    (lambda: design.warner(p=1.5), "between 0 and 1"),
    (lambda: design.unrelated(p=0.5, prevalence=0), "strictly between"),
    (lambda: design.kary(1, truth=0.5), "at least 2"),
    (lambda: design.forced(epsilon=1e-12), "too small"),
])
def test_impossible_designs_are_refused(make, message):
    with pytest.raises(DesignError, match=message):
        make()


# -- properties over many targets ---------------------------------------------------------

TARGETS = st.floats(min_value=0.01, max_value=10, allow_nan=False)


def _from_target(kind: str, eps: float, prevalence: float, k: int) -> design.Design:
    if kind == "forced":
        return design.forced(epsilon=eps)
    if kind == "warner":
        return design.warner(epsilon=eps)
    if kind == "unrelated":
        return design.unrelated(epsilon=eps, prevalence=prevalence)
    return design.kary(k, epsilon=eps)


def _next_on_grid(d: design.Design) -> design.Design:
    """The two-sector spinner one grid unit more truthful than ``d``."""
    w = d.sectors[0].weight + 1
    return design.warner_weights(w) if d.kind == "warner" else design.unrelated_weights(w, d.prevalence)


def _one_more_truth(d: design.Design) -> design.Design:
    """The spinner with one more unit of truth whose saying sectors are as even as they can be."""
    k = d.categories
    t = d.sectors[0].weight + 1
    rest = WHEEL - t
    says = [rest // k + (1 if j < rest % k else 0) for j in range(k)]
    return design.forced_weights(t, says[1], says[0]) if d.kind == "forced" else design.kary_weights(t, says)


GRID = [round(0.05 * i, 2) for i in range(1, 461)]  # ε from 0.05 to 23 (beyond ln 2**32 = 22.18)


@pytest.mark.parametrize("kind,k", [("forced", 2), ("warner", 2), ("unrelated", 2), ("kary", 3), ("kary", 12)])
def test_calibration_is_monotone_and_never_above_the_target_over_a_grid(kind, k):
    designs = [_from_target(kind, eps, 0.3, k) for eps in GRID]
    truths = [d.truth_probability for d in designs]
    assert all(d.epsilon <= eps for d, eps in zip(designs, GRID))
    assert all(a <= b for a, b in zip(truths, truths[1:])), "a larger ε gave a less truthful spinner"
    assert all(a.epsilon <= b.epsilon for a, b in zip(designs, designs[1:]))


@pytest.mark.parametrize("eps", [16, 19, 20, 22])
def test_large_epsilon_keeps_yes_and_no_even_and_stays_most_truthful(eps):
    # the validation's cases: truth 0.997 at ε = 19 but 0.904 at 20 and 0.835 at 22, and at
    # ε = 16 a NO sector 6,161 times the YES one
    d = design.forced(epsilon=eps)
    weights = {s.instruction: s.weight for s in d.sectors}
    assert abs(weights[design.SAY_NO] - weights[design.SAY_YES]) <= 1
    assert d.truth_probability > 0.9999997
    assert _one_more_truth(d).epsilon > eps


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(design.KINDS), eps=TARGETS,
       prevalence=st.floats(min_value=0.05, max_value=0.95), k=st.integers(2, 8))
def test_calibration_never_exceeds_the_target_and_comes_close(kind, eps, prevalence, k):
    d = _from_target(kind, eps, prevalence, k)
    assert sum(s.weight for s in d.sectors) == WHEEL
    assert d.epsilon <= eps
    if kind in ("forced", "kary"):
        # most truthful: one more unit of truth, with the saying sectors as even as they can
        # be (which maximizes the smallest), already overshoots
        assert _one_more_truth(d).epsilon > eps
        if eps <= 8.3:  # below ≈ 8.36 the grid is finer than 1e-6 around the target
            assert eps - d.epsilon < 1e-6
    else:  # two sectors: the closest grid point below the target (the next one overshoots)
        assert _next_on_grid(d).epsilon > eps


@settings(max_examples=60, deadline=None)
@given(truth=st.floats(min_value=0.01, max_value=0.98), split=st.floats(min_value=0.01, max_value=0.99))
def test_probabilities_round_onto_the_grid(truth, split):
    yes = (1 - truth) * split
    d = design.forced(truth=truth, yes=yes, no=1 - truth - yes)
    assert sum(s.weight for s in d.sectors) == WHEEL
    assert all(abs(s.probability - p) <= 2 / WHEEL for s, p in zip(d.sectors, (truth, yes, 1 - truth - yes)))
    assert np.allclose(d.matrix.sum(axis=1), 1.0, rtol=0, atol=1e-15)
    assert all(sum(row) == 1 for row in d.exact_matrix)


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(design.KINDS), eps=TARGETS, k=st.integers(2, 8))
def test_rows_of_the_matrix_sum_to_one(kind, eps, k):
    d = _from_target(kind, eps, 0.3, k)
    assert all(sum(row) == 1 for row in d.exact_matrix)
    assert np.allclose(d.matrix.sum(axis=1), 1.0, rtol=0, atol=1e-12)


def test_warner_at_large_epsilon_is_limited_by_the_grid_not_by_rounding_up():
    d = design.warner(epsilon=10)
    assert d.epsilon <= 10
    bigger = design.warner_weights(d.sectors[0].weight + 1)
    assert bigger.epsilon > 10  # the next grid point would overshoot: this is the closest
