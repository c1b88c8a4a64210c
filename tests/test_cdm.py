"""Cheating detection (Clark & Desharnais 1998, RRreg's CDMsym): simulated cheaters are found."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest

from rrdesk.core import cdm
from rrdesk.core.errors import DesignError
from tests.conftest import SeededSource
from tests.test_aggregate import rrdesk

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


# -- check --difference: the power of the Wald test on the truthful-YES shares ---------------


def _simulated_power(n: int, p: tuple[float, float], cheating: float, reps: int, seed: int) -> float:
    """The share of `reps` simulated pairs of groups (n respondents each, half per spinner) in
    which rrdesk's own estimates reject equal truthful-YES shares: |π̂₁ − π̂₂| / √(se₁² + se₂²) > z."""
    rng = np.random.Generator(np.random.PCG64(seed))
    half = n // 2
    rejected = 0
    for _ in range(reps):
        shares = []
        for share in p:
            lam = D.matrix @ np.array([share, 1 - share - cheating])
            e = cdm.estimate(D, (int(rng.binomial(half, lam[0])), int(rng.binomial(n - half, lam[1]))),
                             (half, n - half))
            shares.append((e.estimate["truthful_yes"], e.se["truthful_yes"]))
        (a, sa), (b, sb) = shares
        rejected += abs(a - b) / math.sqrt(sa * sa + sb * sb) > cdm.Z95
    return rejected / reps


def test_the_cdm_power_is_the_delta_method_by_hand():
    # M = [[0.85, 0.35], [0.65, 0.15]], det −0.1, so M⁻¹ row 0 = [−1.5, 3.5]; at π = 0.3,
    # β = 0.6: λ = (0.465, 0.285), var = (2.25·0.465·0.535 + 12.25·0.285·0.715) / 500 (the
    # sectors are whole 2⁻³² weights, so the spinner's 0.35 is off in the tenth digit)
    var = (2.25 * 0.465 * 0.535 + 12.25 * 0.285 * 0.715) / 500
    assert cdm.variance_truthful_yes(D, 1000, 0.3, 0.6) == pytest.approx(var, rel=1e-8)
    s = math.sqrt(cdm.variance_truthful_yes(D, 1000, 0.3, 0.6) + cdm.variance_truthful_yes(D, 1000, 0.4, 0.5))
    want = sum(stats_cdf(x) for x in (0.1 / s - cdm.Z95, -0.1 / s - cdm.Z95))
    assert cdm.power_difference(D, 1000, 1000, 0.3, 0.4, cheating=0.1) == pytest.approx(want, rel=1e-12)
    assert cdm.power_difference(D, 1000, 1000, 0.3, 0.3) == pytest.approx(0.05, abs=1e-12)


def stats_cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2))


def test_check_difference_for_a_cdm_question_is_within_two_points_of_a_simulation(tmp_path):
    survey = tmp_path / "till.toml"
    survey.write_text(TILL.replace("@N@", "16000"), encoding="utf-8")
    code, out, err = rrdesk("check", survey, "--difference", "0.1", "--json")
    assert code == 0, err
    power = json.loads(out)["questions"][0]["power"]
    assert power["group_size"] == 8000 and power["cheating"] == cdm.PLANNED_CHEATING and not power["approximate"]
    # the old figure used group A's spinner alone, as if it were forced response: about 96 %
    assert power["power"] == pytest.approx(0.66, abs=0.01)
    simulated = _simulated_power(8000, tuple(power["prevalences"]), power["cheating"], 1500, 5)
    assert abs(power["power"] - simulated) <= 0.02, (power["power"], simulated)


def test_too_few_respondents_for_the_cdm_power_are_flagged_and_the_test_is_weaker(tmp_path):
    survey = tmp_path / "till.toml"
    survey.write_text(TILL.replace("@N@", "2000"), encoding="utf-8")
    code, out, err = rrdesk("check", survey, "--difference", "0.1", "--json")
    power = json.loads(out)["questions"][0]["power"]
    assert code == 0 and power["approximate"] and power["group_size"] == 1000
    # the docs' example: the delta method says 13 %, the estimates' test rejects far less often
    simulated = _simulated_power(1000, tuple(power["prevalences"]), power["cheating"], 400, 5)
    assert simulated < power["power"] - 0.05
    code, out, err = rrdesk("check", survey, "--difference", "0.1")
    assert "too few respondents for this figure" in out and "if 10.0 % cheat in both" in out


TILL = """[survey]
id = "till-2026"
title = "Cash handling"
languages = ["en"]
recipients = ["age1af476ty2zc0c9qf8a4uqfvp4xxj8zyrdekf7rfz3rqlsxueazsqqwyjxv8"]
max_epsilon = 2
planned_respondents = @N@

[[question]]
id = "took"
design = "cdm"
truth = 0.5
yes = 0.35
no = 0.15
text.en = "In the past year, I took money from the till."
"""
