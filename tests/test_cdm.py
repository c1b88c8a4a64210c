"""Cheating detection (Clark & Desharnais 1998, RRreg's CDM): simulated cheaters are found."""
from __future__ import annotations

import math

import numpy as np
import pytest

from rrdesk.core import cdm
from rrdesk.core.errors import DesignError
from tests.conftest import SeededSource

D = cdm.cdm(truth=0.5, yes=0.35, no=0.15)


def _survey(shares: tuple[float, float, float], n: int, seed: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Honest carriers, honest non-carriers and cheaters in ``shares``; the honest go through the
    real randomizer with a seeded byte source, the cheaters say NO whatever the spinner shows."""
    rng = np.random.Generator(np.random.PCG64(seed))
    kind = rng.choice(3, size=n, p=shares)
    source = SeededSource(seed)
    groups = cdm.draw_groups(n, source)
    recorded = cdm.respond(D, groups, (kind == 0).astype(np.int64), source)
    recorded = np.where(kind == 2, 0, recorded)
    return ((int(recorded[groups == 0].sum()), int(recorded[groups == 1].sum())),
            (int((groups == 0).sum()), int((groups == 1).sum())))


@pytest.mark.parametrize("shares", [(0.2, 0.6, 0.2), (0.1, 0.85, 0.05), (0.3, 0.3, 0.4), (0.15, 0.85, 0.0)])
def test_the_true_shares_are_recovered_from_simulated_cheaters(shares):
    yes, n = _survey(shares, 40_000, 11)
    e = cdm.estimate(D, yes, n)
    truth = {"truthful_yes": shares[0], "honest_no": shares[1], "cheating": shares[2],
             "honest": shares[0] + shares[1]}
    for name, value in truth.items():
        assert abs(e.estimate[name] - value) <= 4 * e.se[name] + 1e-9, (name, e.estimate[name], value)
        low, high = e.ci95[name]
        assert 0 <= low <= e.estimate[name] <= high <= 1
    assert math.isclose(e.estimate["honest"] + e.estimate["cheating"], 1.0)


def test_the_expected_counts_give_the_shares_exactly():
    # (the spinner's probabilities are on the 2**-32 grid, and M⁻¹ magnifies that by about 10)
    # λ_A = 0.2 · 0.85 + 0.6 · 0.35 = 0.38 ; λ_B = 0.2 · 0.65 + 0.6 · 0.15 = 0.22
    e = cdm.estimate(D, (3800, 2200), (10_000, 10_000))
    assert e.estimate["truthful_yes"] == pytest.approx(0.2, abs=1e-7)
    assert e.estimate["honest_no"] == pytest.approx(0.6, abs=1e-7)
    assert e.estimate["cheating"] == pytest.approx(0.2, abs=1e-7) and not e.boundary


def test_outside_the_triangle_the_estimate_is_the_constrained_maximum():
    # more YES in group B than group A: the moment solution has β < 0
    e = cdm.estimate(D, (300, 400), (1000, 1000))
    assert e.boundary and min(e.estimate.values()) >= 0
    best = max(cdm._loglik(D.matrix, (300, 400), (1000, 1000), p, b)
               for p in np.linspace(0, 1, 201) for b in np.linspace(0, 1, 201) if p + b <= 1)
    ours = cdm._loglik(D.matrix, (300, 400), (1000, 1000), e.estimate["truthful_yes"], e.estimate["honest_no"])
    assert ours >= best - 1e-9


def test_the_design_is_private_and_its_groups_differ():
    assert math.isfinite(D.epsilon) and D.groups[0].epsilon == D.groups[1].epsilon
    with pytest.raises(DesignError):
        cdm.cdm(truth=0.5, yes=0.25, no=0.25)
    with pytest.raises(ValueError):
        cdm.estimate(D, (0, 1), (0, 10))


def test_the_group_is_one_byte_per_respondent_and_even():
    drawn = []

    def source(k: int) -> bytes:
        drawn.append(k)
        return SeededSource(3)(k)

    groups = cdm.draw_groups(10_000, source)
    assert drawn == [10_000] and set(np.unique(groups)) == {0, 1}
    assert abs(groups.mean() - 0.5) < 4 * math.sqrt(0.25 / 10_000)
