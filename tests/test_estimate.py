"""Estimates: a coordinator turns counts of recorded answers into prevalences and intervals.

Hand-worked cases follow the papers' own notation: Warner (1965) writes p for the
chance of being shown the statement (not its negation), π for the prevalence and n1 of
n for the recorded YES answers; Blair, Imai & Zhou (2015, §2.1) write, for forced
response, p for the chance of answering truthfully, p1 and p0 for the chances of being
forced to say "yes" and "no" (p + p1 + p0 = 1) and Ȳ for the recorded YES rate, so that
E[Ȳ] = p1 + p π and π̂ = (Ȳ − p1) / p.
"""
from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import optimize, stats

from rrdesk import cli
from rrdesk.core import design, plan
from rrdesk.core.design import WHEEL, Act, Design, Instruction, Sector
from rrdesk.core.estimate import Estimate, blaker, estimate, estimate_many, jeffreys, maximum_likelihood, noncompliance
from tests.conftest import DEMO as DEMO_SURVEY

COINS = design.forced(truth=0.5, yes=0.25, no=0.25)


def _jeffreys(y: int, n: int) -> tuple[float, float]:
    """The Jeffreys interval from scipy, independently of rrdesk's incomplete beta."""
    low = 0.0 if y == 0 else stats.beta.ppf(0.025, y + 0.5, n - y + 0.5)
    high = 1.0 if y == n else stats.beta.ppf(0.975, y + 0.5, n - y + 0.5)
    return low, high


def _cp(y: int, n: int) -> tuple[float, float]:
    """The Clopper–Pearson interval from scipy, independently of rrdesk's incomplete beta."""
    low = 0.0 if y == 0 else stats.beta.ppf(0.025, y, n - y + 1)
    high = 1.0 if y == n else stats.beta.ppf(0.975, y + 1, n - y)
    return low, high


def _blaker(y: int, n: int) -> tuple[float, float]:
    """Blaker's interval (checked in exact arithmetic and against R in tests/test_coverage.py)."""
    low, high = blaker(np.array([y]), np.array([n]))
    return float(low[0]), float(high[0])


def _mapped(y: int, n: int, a: float, b: float) -> tuple[float, float]:
    ends = [(x - a) / b for x in _blaker(y, n)]
    return max(0.0, min(ends)), min(1.0, max(ends))


# -- hand-worked yes/no estimates -------------------------------------------------------------


def test_warner_mirrored_question_by_hand():
    # Warner (1965), p = 0.75, n1 = 40 YES of n = 100. Eq. 5:
    #   π̂ = (p − 1)/(2p − 1) + n1/((2p − 1) n) = −0.25/0.5 + 40/50 = −0.5 + 0.8 = 0.3
    # Eq. 6 (at λ̂ = 0.4): Var = λ̂(1 − λ̂)/(n (2p − 1)²) = 0.24/(100 · 0.25) = 0.0096, se = 0.0979796
    e = estimate(design.warner(p=0.75), [60, 40], question="afraid")
    assert (e.question, e.design, e.n, e.reported) == ("afraid", "warner", 100, (60, 40))
    assert e.estimate == pytest.approx((0.7, 0.3), abs=1e-12)
    assert e.se == pytest.approx((math.sqrt(0.0096),) * 2, rel=1e-12)
    # interval: Blaker's on λ = 0.4, mapped back through π = (λ − 0.25)/0.5
    assert e.ci95[1] == pytest.approx(_mapped(40, 100, 0.25, 0.5), abs=1e-9)
    assert e.ci95[0] == pytest.approx((1 - e.ci95[1][1], 1 - e.ci95[1][0]), abs=1e-12)
    assert "Warner" in e.method and "Blaker" in e.method and "clipped" not in e.method


def test_warner_with_p_below_one_half_runs_the_mapping_backwards():
    # Warner (1965), p = 0.25: 2p − 1 = −0.5. n1 = 70 of 100:
    #   π̂ = (0.25 − 1)/(−0.5) + 70/(−0.5 · 100) = 1.5 − 1.4 = 0.1
    #   Var = 0.7 · 0.3/(100 · 0.25) = 0.0084, se = 0.0916515
    e = estimate(design.warner(p=0.25), [30, 70])
    assert e.estimate[1] == pytest.approx(0.1, abs=1e-12)
    assert e.se[1] == pytest.approx(math.sqrt(0.0084), rel=1e-12)
    # the upper end of λ's interval gives the lower end of π's: (0.75 − U)/0.5
    low, high = _blaker(70, 100)
    assert e.ci95[1] == pytest.approx((max(0.0, (0.75 - high) / 0.5), (0.75 - low) / 0.5), abs=1e-9)


def test_blair_imai_zhou_forced_response_by_hand():
    # Blair, Imai & Zhou (2015) forced design with the rr package's own test values:
    # p = 2/3 (truthful), p1 = p0 = 1/6. Ȳ = 300/1000 = 0.3:
    #   π̂ = (Ȳ − p1)/p = (0.3 − 1/6)/(2/3) = (2/15)(3/2) = 0.2
    #   se = √(Ȳ(1 − Ȳ)/n)/p = √(0.21/1000) · 1.5 = 0.0217371
    d = design.forced(truth=2 / 3, yes=1 / 6, no=1 / 6)  # on the 2**-32 grid: within 1e-9
    e = estimate(d, [700, 300])
    assert e.estimate[1] == pytest.approx(0.2, abs=1e-9)
    assert e.se[1] == pytest.approx(math.sqrt(0.21 / 1000) * 1.5, rel=1e-8)
    assert e.ci95[1] == pytest.approx(_mapped(300, 1000, 1 / 6, 2 / 3), abs=1e-8)


def test_blair_imai_zhou_asymmetric_forced_response_by_hand():
    # p = 0.6, p1 = 0.3, p0 = 0.1; 90 YES of 200, Ȳ = 0.45:
    #   π̂ = (0.45 − 0.3)/0.6 = 0.25
    #   se = √(0.45 · 0.55/200)/0.6 = √0.0012375/0.6 = 0.0586302
    e = estimate(design.forced(truth=0.6, yes=0.3, no=0.1), [110, 90])
    assert e.estimate == pytest.approx((0.75, 0.25), abs=1e-9)
    assert e.se[1] == pytest.approx(math.sqrt(0.0012375) / 0.6, rel=1e-8)
    assert e.ci95[1] == pytest.approx(_mapped(90, 200, 0.3, 0.6), abs=1e-8)


def test_unrelated_question_is_a_yes_no_design_like_the_others():
    # Greenberg et al. (1969): p = 0.5 sensitive, else the other question (YES with 0.25):
    # P(yes | no) = 0.5 · 0.25 = 0.125, b = 0.5. 110 YES of 400, λ̂ = 0.275:
    #   π̂ = (0.275 − 0.125)/0.5 = 0.3 ; se = √(0.275 · 0.725/400)/0.5 = 0.0446514
    e = estimate(design.unrelated(p=0.5, prevalence=0.25), [290, 110])
    assert e.estimate[1] == pytest.approx(0.3, abs=1e-12)
    assert e.se[1] == pytest.approx(math.sqrt(0.275 * 0.725 / 400) / 0.5, rel=1e-12)
    assert e.ci95[1] == pytest.approx(_mapped(110, 400, 0.125, 0.5), abs=1e-9)


def test_the_standard_error_is_the_planned_margin_at_the_planned_n():
    # two coins, 200 YES of 400: λ̂ = 0.5, se = √(0.25/400)/0.5 = 0.05 and 1.96 · se is
    # exactly what `rrdesk check` promised for n = 400 at a prevalence of 0.5
    e = estimate(COINS, [200, 200])
    assert e.se[1] == pytest.approx(0.05, rel=1e-12)
    assert plan.Z95 * e.se[1] == pytest.approx(plan.margin95(COINS, 400), rel=1e-12)


def test_a_direct_question_is_a_plain_proportion_with_a_blaker_interval():
    e = estimate(None, [3, 7, 10], question="region")
    assert e.design == "direct" and e.n == 20
    assert e.estimate == pytest.approx((0.15, 0.35, 0.5), abs=1e-12)
    assert e.se[2] == pytest.approx(math.sqrt(0.25 / 20), rel=1e-12)
    for count, interval in zip([3, 7, 10], e.ci95):
        assert interval == pytest.approx(_blaker(count, 20), abs=1e-9)
        assert _cp(count, 20)[0] < interval[0] and interval[1] < _cp(count, 20)[1]  # inside Clopper–Pearson's


# -- the estimate never leaves [0, 1] -------------------------------------------------------


def test_fewer_yes_than_the_spinner_alone_gives_is_clipped_to_zero_and_says_so():
    # two coins, 20 YES of 100: λ̂ = 0.2 < P(yes | no) = 0.25, so (0.2 − 0.25)/0.5 = −0.1 → 0
    e = estimate(COINS, [80, 20])
    assert e.estimate == (1.0, 0.0)
    assert "clipped" in e.method
    low, high = e.ci95[1]
    # never [0, 0]: Blaker's λ ≤ 0.29 (inside Clopper–Pearson's 0.2918) reaches (0.29 − 0.25)/0.5, and the
    # likelihood-ratio interval under π ≥ 0 goes further: 20 ln(λ/0.25) + 80 ln((1 − λ)/0.75)
    # falls by χ²₁(95 %)/2 = 1.9207 at λ = 0.3010, π = 0.1020
    edge = optimize.brentq(lambda lam: 20 * math.log(lam / 0.25) + 80 * math.log((1 - lam) / 0.75) + 1.920729410347062,
                           0.25, 0.75, xtol=1e-14)
    assert max((_blaker(20, 100)[1] - 0.25) / 0.5, (edge - 0.25) / 0.5) == pytest.approx(0.10199663, abs=1e-7)
    assert low == 0.0 and high == pytest.approx((edge - 0.25) / 0.5, abs=1e-9)


@pytest.mark.parametrize("counts", [[100, 0], [0, 100], [0, 1], [1, 0]])
def test_all_answers_in_one_category_stay_inside_zero_one(counts):
    for d in (COINS, design.warner(p=0.7), design.unrelated(p=0.5, prevalence=0.25), None):
        e = estimate(d, counts)
        assert e.estimate[1] in (0.0, 1.0)
        assert all(0 <= lo <= x <= hi <= 1 for x, (lo, hi) in zip(e.estimate, e.ci95))


def test_all_yes_reaches_one_and_the_interval_ends_at_one():
    e = estimate(COINS, [0, 100])
    assert e.estimate == (0.0, 1.0) and e.ci95[1][1] == 1.0 and e.se[1] == 0.0


def test_no_answers_give_a_uniform_placeholder_and_the_whole_interval():
    for d, k in ((COINS, 2), (design.kary(3, epsilon=1.5), 3), (None, 2)):
        e = estimate(d, [0] * k)
        assert e.n == 0 and e.estimate == pytest.approx((1 / k,) * k)
        assert e.ci95 == ((0.0, 1.0),) * k and all(math.isfinite(s) for s in e.se)
        assert e.method.startswith("no answers")


_DESIGNS = [COINS, design.forced(epsilon=2.5), design.warner(p=0.7), design.warner(p=0.2),
            design.unrelated(p=0.6, prevalence=0.3), design.kary(3, epsilon=1.5),
            design.kary(4, epsilon=0.5), None]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(_DESIGNS), st.lists(st.integers(0, 5000), min_size=4, max_size=4))
def test_any_counts_give_a_distribution_and_intervals_inside_zero_one(d, raw):
    k = 2 if d is None else d.categories
    e = estimate(d, raw[:k])
    assert all(0.0 <= x <= 1.0 for x in e.estimate)
    assert math.fsum(e.estimate) == pytest.approx(1.0, abs=1e-12)
    assert all(0.0 <= lo <= x <= hi <= 1.0 for x, (lo, hi) in zip(e.estimate, e.ci95))
    assert all(math.isfinite(s) and s >= 0 for s in e.se)


def test_bad_counts_are_refused():
    with pytest.raises(ValueError):
        estimate(COINS, [1, 2, 3])
    with pytest.raises(ValueError):
        estimate(COINS, [-1, 2])
    with pytest.raises(ValueError):
        estimate(COINS, [1.5, 2])
    with pytest.raises(ValueError):
        estimate(COINS, [True, 2])
    with pytest.raises(ValueError):
        estimate_many(COINS, np.array([[1.0, 2.0]]))


def test_many_surveys_at_once_give_the_same_numbers_as_one_by_one():
    d = design.kary(3, epsilon=1.5)
    counts = np.array([[50, 30, 20], [10, 50, 40], [0, 0, 0], [1, 0, 0], [33, 33, 34]])
    many = estimate_many(d, counts)
    for i, row in enumerate(counts):
        one = estimate(d, list(row))
        assert one.estimate == tuple(many.estimate[i])
        assert one.ci95 == tuple(zip(many.low[i], many.high[i]))


# -- k answers: maximum likelihood on the simplex -------------------------------------------


def _hand_kary() -> Design:
    # truth 1/2, say "a" 1/4, say "b" 1/8, say "c" 1/8: P(j | i) = [i = j]/2 + f_j
    say = [Instruction(Act.SAY, j) for j in range(3)]
    return Design(kind="kary", categories=3, sectors=(
        Sector(WHEEL // 2, Instruction(Act.TRUTH)), Sector(WHEEL // 4, say[0]),
        Sector(WHEEL // 8, say[1]), Sector(WHEEL // 8, say[2])))


def test_kary_recovers_the_truth_from_exact_expected_counts():
    # π = (0.5, 0.3, 0.2): λ_j = π_j/2 + f_j = (0.5, 0.275, 0.225); n = 1000 → (500, 275, 225)
    d = _hand_kary()
    assert estimate(d, [500, 275, 225]).estimate == pytest.approx((0.5, 0.3, 0.2), abs=1e-12)
    # and EM, from its uniform start, reaches the same point
    assert maximum_likelihood(d.matrix, np.array([0.5, 0.275, 0.225])) == pytest.approx([0.5, 0.3, 0.2], abs=1e-9)
    # the same with the real ε = 1.5 spinner, whose λ = Mᵀπ is not a round number
    real = design.kary(3, epsilon=1.5)
    truth = np.array([0.6, 0.1, 0.3])
    assert maximum_likelihood(real.matrix, real.matrix.T @ truth) == pytest.approx(truth, abs=1e-9)


def test_em_equals_the_moment_estimator_inside_the_simplex():
    d = design.kary(4, epsilon=1.0)
    inverse = np.linalg.inv(d.matrix.T)
    rng = np.random.default_rng(7)
    for truth in rng.dirichlet(np.ones(4), size=20):
        share = d.matrix.T @ truth  # the shares a survey would expect: inside the simplex
        moment = inverse @ share
        assert (moment >= 0).all()
        assert maximum_likelihood(d.matrix, share) == pytest.approx(moment, abs=1e-9)
    # and on real counts whose moment estimate is inside, estimate() reports it as is
    e = estimate(d, [30, 25, 25, 20])
    assert e.estimate == pytest.approx(inverse @ np.array([0.30, 0.25, 0.25, 0.20]), abs=1e-12)
    assert "boundary" not in e.method


def test_kary_on_the_boundary_by_hand():
    # hand design (t = 1/2, f = 1/4, 1/8, 1/8); counts (10, 90, 100) of 200, λ̂ = (0.05, 0.45, 0.5).
    # Moment: ((0.05 − 0.25)/0.5, ...) = (−0.4, 0.65, 0.75): outside. KKT with support {b, c}:
    #   μ = (0.45 + 0.5)/(1 + (1/8 + 1/8)/(1/2)) = 0.95/1.5 = 19/30
    #   π_b = λ̂_b/μ − f_b/t = 27/38 − 1/4 = 35/76 ; π_c = 15/19 − 1/4 = 41/76
    #   and "a" stays out: t λ̂_a/f_a = 0.1 <= μ
    d = _hand_kary()
    e = estimate(d, [10, 90, 100])
    assert e.estimate == pytest.approx((0.0, 35 / 76, 41 / 76), abs=1e-12)
    assert "boundary" in e.method
    assert maximum_likelihood(d.matrix, np.array([0.05, 0.45, 0.5])) == pytest.approx([0, 35 / 76, 41 / 76], abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([design.kary(3, epsilon=1.5), design.kary(4, epsilon=0.7), design.kary(5, epsilon=3.0)]),
       st.lists(st.integers(0, 300), min_size=5, max_size=5))
def test_the_closed_form_maximum_is_the_one_em_finds(d, raw):
    counts = raw[:d.categories]
    if sum(counts) == 0:
        return
    share = np.array(counts) / sum(counts)
    e = np.array(estimate(d, counts).estimate)
    em = maximum_likelihood(d.matrix, share)
    assert e == pytest.approx(em, abs=1e-7)

    def loglik(pi: np.ndarray) -> float:
        return float(np.sum(share * np.log(pi @ d.matrix)))

    assert loglik(e) >= loglik(em) - 1e-12


def test_kary_standard_error_and_interval_by_hand():
    # hand design, (500, 275, 225) of 1000: category "b" has λ̂ = 0.275, t = 1/2:
    #   se = √(0.275 · 0.725/1000)/0.5 = 0.0282400 ; interval = Blaker's on λ mapped (λ − 1/8)/(1/2)
    e = estimate(_hand_kary(), [500, 275, 225])
    assert e.se[1] == pytest.approx(math.sqrt(0.275 * 0.725 / 1000) / 0.5, rel=1e-12)
    assert e.ci95[1] == pytest.approx(_mapped(275, 1000, 0.125, 0.5), abs=1e-9)


def test_a_matrix_without_the_kary_shape_falls_back_to_a_clipped_wald_interval():
    # no constructor builds this (OPPOSITE in a 3-answer design); the estimator still
    # gives a distribution and intervals inside [0, 1], and says which method it used
    say = [Instruction(Act.SAY, j) for j in range(3)]
    odd = Design(kind="kary", categories=3, sectors=(
        Sector(WHEEL // 2, Instruction(Act.TRUTH)), Sector(WHEEL // 8, Instruction(Act.OPPOSITE)),
        Sector(WHEEL // 8, say[0]), Sector(WHEEL // 8, say[1]), Sector(WHEEL // 8, say[2])))
    e = estimate(odd, [10, 60, 30])
    assert "Wald" in e.method
    assert math.fsum(e.estimate) == pytest.approx(1.0)
    assert all(0 <= lo <= x <= hi <= 1 for x, (lo, hi) in zip(e.estimate, e.ci95))


# -- the Jeffreys interval itself ----------------------------------------------------------------


def test_jeffreys_matches_scipy_beta_quantiles():
    for n in (1, 7, 100, 1000, 100_000):
        y = np.unique(np.r_[0, 1, 2, n // 3, n // 2, n - 1, n].clip(0, n))
        low, high = jeffreys(y, np.full(y.shape, n))
        for yi, lo, hi in zip(y, low, high):
            want = _jeffreys(int(yi), n)
            assert lo == pytest.approx(want[0], rel=1e-9, abs=1e-15)
            assert hi == pytest.approx(want[1], rel=1e-9, abs=1e-15)


# -- planning: efficiency and the respondents needed ---------------------------------------------


def test_two_coin_efficiency_and_needed_n_by_hand():
    # at a prevalence of 0.5: λ = 1/4 + 1/2 · 1/2 = 1/2, Var_RR = λ(1 − λ)/(n b²) = 0.25/(0.25 n) = 1/n;
    # Var_direct = 0.25/n, so efficiency = (0.25/n)/(1/n) = 0.25: a direct question needs a quarter
    # of the respondents. For a ± 5 % margin: 1.96² · 1/n <= 0.05² → n >= 3.8414588 · 400 = 1536.58,
    # so 1537; asked directly, 3.8414588 · 0.25 · 400 = 384.15 → 385.
    assert plan.efficiency(COINS) == pytest.approx(0.25, rel=1e-12)
    assert plan.efficiency(None) == 1.0
    assert plan.needed_n(COINS, 0.05) == 1537
    assert plan.needed_n(None, 0.05) == 385
    assert plan.margin95(COINS, 1537) <= 0.05 < plan.margin95(COINS, 1536)


def test_needed_n_at_another_prevalence_by_hand():
    # unrelated (p = 0.5, π_U = 0.25) at a prevalence of 0.1: λ = 0.125 + 0.05 = 0.175,
    # n >= 1.96² · 0.175 · 0.825/(0.25 · 0.05²) = 887.38 → 888
    d = design.unrelated(p=0.5, prevalence=0.25)
    assert plan.needed_n(d, 0.05, prevalence=0.1) == 888
    # Warner's p = 0.75 is the two coins' matrix: the same answer
    assert plan.needed_n(design.warner(p=0.75), 0.05) == plan.needed_n(COINS, 0.05)


def test_needed_n_refuses_impossible_targets():
    for bad in (0, -0.1, 1.5, float("nan")):
        with pytest.raises(ValueError):
            plan.needed_n(COINS, bad)
    with pytest.raises(ValueError):
        plan.needed_n(COINS, 0.05, prevalence=1.0)


def test_the_estimate_type_is_a_frozen_record():
    e = estimate(COINS, [60, 40])
    assert isinstance(e, Estimate)
    with pytest.raises(AttributeError):
        e.n = 3  # type: ignore[misc]


# -- `rrdesk check --margin`: the planning figures a coordinator sees ----------------------------


def test_check_shows_efficiency_always_and_needed_n_with_margin(capsys, demo_path):
    assert cli.main(["check", str(demo_path), "--json", "--margin", "0.05"]) == 0
    report = {q["id"]: q for q in json.loads(capsys.readouterr().out)["questions"]}
    # the demo's forced question is the two coins: 25 % and 1537 (worked above); its direct
    # question with four choices needs 1.96² · 0.25/0.05² = 384.15 → 385
    assert report["unhappy"]["efficiency"] == pytest.approx(0.25) and report["unhappy"]["needed_n"] == 1537
    assert report["department"]["efficiency"] == 1.0 and report["department"]["needed_n"] == 385
    assert cli.main(["check", str(demo_path), "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)["questions"]
    assert all("efficiency" in q and "needed_n" not in q for q in plain)
    assert cli.main(["check", str(demo_path), "--margin", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "a direct question would need 25.0 % of the respondents for the same margin" in out
    assert "± 5.0 % needs 1537 respondents" in out


@pytest.mark.parametrize("bad", ["0", "1", "-0.1", "nan", "five"])
def test_check_refuses_a_margin_outside_zero_one_in_one_line(capsys, demo_path, bad):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["check", str(demo_path), "--margin", bad])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.startswith("rrdesk: error: argument --margin") and err.count("\n") == 1


# -- possible non-compliance: a recorded share the spinner cannot produce --------------------------


def test_sixteen_yes_of_a_hundred_under_two_coins_is_flagged_and_never_zero_width():
    # the validation's case: 16 YES of 100 under forced ln 3 gave 0 % with interval [0, 0].
    # The spinner alone says YES to a quarter of everyone; Clopper–Pearson's λ ≤ 0.2481 < 0.25
    e = estimate(COINS, [84, 16])
    assert e.estimate[1] == 0.0 and e.ci95[1][0] == 0.0 and e.ci95[1][1] > 0.05
    assert noncompliance(COINS, [84, 16]) == (0, 1)
    assert noncompliance(COINS, [80, 20]) == ()  # 20 of 100 is within chance of 25 %
    assert noncompliance(COINS, [50, 50]) == () and noncompliance(None, [100, 0]) == ()


def test_a_kary_share_above_what_truth_and_spinner_give_is_flagged():
    # (90, 5, 5) under k = 3, truth ½: P(report 0) is at most ½ + 1/6 = 0.667, and 90 % is far above
    d = design.kary(3, truth=0.5)
    e = estimate(d, [90, 5, 5])
    assert e.estimate[0] == 1.0 and e.ci95[0][1] == 1.0 and e.ci95[0][0] < 0.97  # no longer [1, 1]
    assert all(hi - lo > 0.01 for lo, hi in e.ci95)
    assert noncompliance(d, [90, 5, 5]) == (0, 1, 2)


def test_the_flag_reaches_the_results_and_the_json():
    from rrdesk.core import survey as survey_module
    from rrdesk.core.results import contracts, model
    s = survey_module.load(DEMO_SURVEY)
    counts = {q.id: {None: [0] * len(q.answer_ids)} for q in s.questions}
    first = next(q for q in s.questions if q.design is not None and not q.choices)
    a = float(first.design.matrix[0, 1])
    counts[first.id] = {None: [100 - round(60 * a), round(60 * a)]}  # well below the spinner's YES share
    r = model.results(s, counts)
    note = next(q for q in r.questions if q.question.id == first.id).noncompliance
    assert note.startswith("possible non-compliance: the recorded YES share") and "below" in note
    body = contracts.aggregate_json(r)
    flagged = {q["id"]: q["noncompliance"] for q in body["questions"]}
    assert flagged[first.id] == note and all(v is None for k, v in flagged.items() if k != first.id)
