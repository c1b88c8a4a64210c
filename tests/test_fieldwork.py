"""The interviewer checks and the fieldwork table (rrdesk.core.fieldwork), on hand-built counts.

Each check's false-alarm rate is shown by simulation on a seeded numpy generator: 200 studies
with every interviewer honest and equal truths, and at most the nominal 5 % of them flag anyone
(the family-wise level Holm's step-down keeps). The least favourable honest case is simulated
where there is one: for impossible rates, true prevalences on the edge of [0, 1], where an
honest share sits exactly on the spinner's bound.
"""
from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from rrdesk.core import design
from rrdesk.core.cdm import cdm
from rrdesk.core.fieldwork import (
    ABANDONED,
    ALPHA,
    ANSWERED,
    DECLINED,
    Arm,
    DirectCounts,
    InterviewLine,
    RandomizedCounts,
    digit_preference,
    direct_distributions,
    durations,
    fieldwork,
    heterogeneity,
    impossible_rates,
    pace,
)
from rrdesk.core.fieldwork._stats import (
    binomial_lower,
    binomial_upper,
    chi2_upper,
    cmh,
    holm,
    kruskal_wallis,
    mann_whitney,
)

STUDIES = 200
ALLOWED = int(ALPHA * STUDIES)  # 10 of 200 studies may flag someone
WHO = ("ana", "ben", "chloe", "dev")
DESIGNS = {"forced": design.forced(epsilon=math.log(3)), "warner": design.warner(p=0.75),
           "unrelated": design.unrelated(p=0.7, prevalence=0.5), "kary": design.kary(3, epsilon=math.log(4))}


def _reported(rng: np.random.Generator, m: np.ndarray, truth: np.ndarray, n: int) -> list[int]:
    """Recorded answers of n respondents whose truths are distributed as ``truth``."""
    return [int(c) for c in rng.multinomial(n, truth @ m)]


def _honest(rng: np.random.Generator, n: int, edge: bool) -> list[RandomizedCounts]:
    """Every design, four honest interviewers; true prevalences on the edge (all NO, all the
    first category) or all equal inside."""
    found = []
    for name, d in DESIGNS.items():
        k = d.matrix.shape[0]
        truth = np.eye(k)[0] if edge else np.full(k, 1.0 / k)
        labels = ("no", "yes") if k == 2 else tuple(f"c{i}" for i in range(k))
        found.append(RandomizedCounts(name, labels, (Arm(tuple(range(k)), d.matrix),),
                                      {w: _reported(rng, d.matrix, truth, n) for w in WHO}))
    return found


# -- the distributions against scipy ----------------------------------------------------------------

@pytest.mark.parametrize(("x", "n", "p"), [(0, 10, 0.3), (7, 10, 0.3), (60, 100, 0.5), (100, 100, 0.9),
                                           (3, 200, 0.05), (150, 400, 0.25)])
def test_binomial_tails_are_exact(x: int, n: int, p: float) -> None:
    assert binomial_upper(x, n, p) == pytest.approx(stats.binom.sf(x - 1, n, p), rel=1e-9, abs=1e-300)
    assert binomial_lower(x, n, p) == pytest.approx(stats.binom.cdf(x, n, p), rel=1e-9, abs=1e-300)


@pytest.mark.parametrize(("x", "df"), [(0.5, 1), (3.84, 1), (12.0, 3), (40.0, 9), (0.01, 2), (150.0, 20)])
def test_chi_square_tail_matches_scipy(x: float, df: int) -> None:
    assert chi2_upper(x, df) == pytest.approx(stats.chi2.sf(x, df), rel=1e-9, abs=1e-300)


def test_mann_whitney_matches_scipy_with_ties() -> None:
    a, b = [3, 5, 5, 6, 8, 9, 9], [1, 2, 2, 3, 5, 5, 7, 7, 8]
    p, _ = mann_whitney(a, b)
    assert p == pytest.approx(stats.mannwhitneyu(a, b, use_continuity=True, method="asymptotic").pvalue, rel=1e-9)


def test_cochran_mantel_haenszel_matches_scipy_on_2x2_strata() -> None:
    tables = [np.array([[12, 5], [7, 14]]), np.array([[3, 9], [6, 6]]), np.array([[20, 11], [9, 15]])]
    expected = stats.contingency.StratifiedTable(tables).test_null_odds(correction=False).statistic \
        if hasattr(stats.contingency, "StratifiedTable") else None
    found, df = cmh(tables)
    # the classic 2 x 2 x K statistic, written out (Mantel & Haenszel 1959, without continuity correction)
    a = sum(t[0, 0] for t in tables)
    e = sum(t[0].sum() * t[:, 0].sum() / t.sum() for t in tables)
    v = sum(t[0].sum() * t[1].sum() * t[:, 0].sum() * t[:, 1].sum() / (t.sum() ** 2 * (t.sum() - 1)) for t in tables)
    assert df == 1 and found == pytest.approx((a - e) ** 2 / v, rel=1e-12)
    if expected is not None:
        assert found == pytest.approx(expected, rel=1e-9)


def test_kruskal_wallis_matches_scipy_with_ties() -> None:
    groups = [[3, 5, 5, 6, 8], [1, 2, 2, 3, 5, 7], [9, 9, 8, 7, 10]]
    assert kruskal_wallis(groups) == pytest.approx(stats.kruskal(*groups).pvalue, rel=1e-9)


def test_holm_adjusts_step_down() -> None:
    assert holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])


# -- false alarms: 200 all-honest studies, family-wise at or under 5 % ---------------------------------

def _alarms(make, check) -> int:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(20261128)
    return sum(bool(check(make(rng))) for _ in range(STUDIES))


def test_impossible_rates_false_alarms_at_the_edge_stay_under_the_level() -> None:
    assert _alarms(lambda rng: _honest(rng, 100, edge=True), impossible_rates) <= ALLOWED


def test_heterogeneity_false_alarms_stay_under_the_level() -> None:
    assert _alarms(lambda rng: _honest(rng, 100, edge=False), heterogeneity) <= ALLOWED


def test_stratified_heterogeneity_false_alarms_stay_under_the_level() -> None:
    d = DESIGNS["forced"]

    def study(rng: np.random.Generator) -> list[RandomizedCounts]:
        # two areas with different truths, every interviewer working both: honest differences
        by = {area: {w: _reported(rng, d.matrix, np.array([1 - pi, pi]), 50) for w in WHO}
              for area, pi in (("north", 0.1), ("south", 0.6))}
        counts = {w: [by["north"][w][j] + by["south"][w][j] for j in (0, 1)] for w in WHO}
        return [RandomizedCounts("forced", ("no", "yes"), (Arm((0, 1), d.matrix),), counts, by)]
    assert _alarms(study, heterogeneity) <= ALLOWED


def _direct(rng: np.random.Generator, n: int = 100) -> list[DirectCounts]:
    region = {w: [int(c) for c in rng.multinomial(n, [0.5, 0.3, 0.2])] for w in WHO}
    ages = {w: rng.integers(15, 100, n) for w in WHO}
    digits = {w: [int(c) for c in np.bincount(a % 10, minlength=10)] for w, a in ages.items()}
    return [DirectCounts("region", ("north", "south", "east"), region),
            DirectCounts("age", ("15-29", "30-99"), {w: [int((a < 30).sum()), int((a >= 30).sum())]
                                                     for w, a in ages.items()}, digits)]


def test_direct_question_false_alarms_stay_under_the_level() -> None:
    assert _alarms(_direct, direct_distributions) <= ALLOWED


def test_digit_preference_false_alarms_stay_under_the_level() -> None:
    assert _alarms(_direct, digit_preference) <= ALLOWED


def test_pace_false_alarms_stay_under_the_level() -> None:
    assert _alarms(lambda rng: {w: [int(x) for x in rng.poisson(6, 10)] for w in WHO}, pace) <= ALLOWED


def test_duration_false_alarms_stay_under_the_level() -> None:
    def study(rng: np.random.Generator) -> dict[str, list[int]]:
        return {w: [int(round(x)) for x in rng.lognormal(math.log(20), 0.4, 50)] for w in WHO}
    assert _alarms(study, durations) <= ALLOWED


# -- what each check catches -----------------------------------------------------------------------

def test_an_interviewer_whose_respondents_all_say_no_is_flagged_on_every_design() -> None:
    rng = np.random.default_rng(7)
    questions = _honest(rng, 100, edge=False)
    coached = []
    for q in questions:
        k = len(q.answers)
        all_first = [100] + [0] * (k - 1)  # every respondent says NO (the first answer) whatever the spinner says
        coached.append(RandomizedCounts(q.id, q.answers, q.arms, {**q.counts, "dev": all_first}))
    flags = impossible_rates(coached)
    assert {(f.interviewer, f.question) for f in flags} == {("dev", q.id) for q in questions}
    forced = next(f for f in flags if f.question == "forced")
    assert "100 % of 100 answers are NO" in forced.sentence and "at most" in forced.sentence
    assert forced.figure == 1.0 and forced.adjusted <= ALPHA


def test_a_cheating_detection_question_is_judged_per_group() -> None:
    pair = cdm(truth=0.6, yes=0.25, no=0.15)
    arms = (Arm((0, 1), pair.groups[0].matrix), Arm((2, 3), pair.groups[1].matrix))
    honest = {w: [40, 10, 40, 10] for w in WHO[:3]}
    flags = impossible_rates([RandomizedCounts("drugs", ("no-a", "yes-a", "no-b", "yes-b"), arms,
                                               {**honest, "dev": [50, 0, 50, 0]})])
    assert [(f.interviewer, f.question) for f in flags] == [("dev", "drugs")]
    assert "'no-a'" in flags[0].sentence or "'no-b'" in flags[0].sentence


def test_an_interviewer_whose_respondents_differ_is_flagged_with_a_caution() -> None:
    d = DESIGNS["forced"]
    rng = np.random.default_rng(3)
    counts = {w: _reported(rng, d.matrix, np.array([0.8, 0.2]), 200) for w in WHO[:3]}
    counts["dev"] = _reported(rng, d.matrix, np.array([0.2, 0.8]), 200)
    flags = heterogeneity([RandomizedCounts("forced", ("no", "yes"), (Arm((0, 1), d.matrix),), counts)])
    assert [f.interviewer for f in flags] == ["dev"]  # the honest three are not flagged against it
    mine = flags[0]
    assert "Real differences between the areas" in mine.sentence and "Cramér's V" in mine.sentence
    assert mine.figure > 0.2


def test_all_answers_in_one_category_are_said_to_be_concentrated() -> None:
    counts = {"ana": [50, 30, 20], "ben": [48, 33, 19], "chloe": [52, 28, 20], "dev": [100, 0, 0]}
    flags = direct_distributions([DirectCounts("region", ("north", "south", "east"), counts)])
    assert [f.interviewer for f in flags] == ["dev"]
    assert "more concentrated" in flags[0].sentence and "100 % 'north'" in flags[0].sentence


def test_answers_spread_evenly_against_skewed_peers_are_said_to_be_even() -> None:
    counts = {"ana": [80, 15, 5], "ben": [78, 17, 5], "chloe": [82, 12, 6], "dev": [34, 33, 33]}
    flags = direct_distributions([DirectCounts("region", ("north", "south", "east"), counts)])
    assert [f.interviewer for f in flags] == ["dev"] and "more evenly spread" in flags[0].sentence


def test_ages_heaped_on_round_numbers_are_flagged() -> None:
    even = [10] * 10
    heaped = [45, 1, 1, 1, 1, 45, 2, 2, 1, 1]
    flags = digit_preference([DirectCounts("age", (), {}, {"ana": even, "ben": even, "chloe": even, "dev": heaped})])
    assert [f.interviewer for f in flags] == ["dev"] and "90 % of dev's answers end in 0 or 5" in flags[0].sentence


def test_pace_and_durations_far_from_peers_are_flagged() -> None:
    days = {"ana": [6, 5, 7, 6, 5, 6], "ben": [5, 6, 6, 7, 5, 6], "chloe": [6, 6, 5, 7, 6, 5],
            "dev": [15, 16, 14, 17, 15, 16]}
    assert [f.interviewer for f in pace(days)] == ["dev"]
    minutes = {w: [18, 20, 22, 19, 21, 20, 23, 17] for w in WHO[:3]}
    minutes["dev"] = [4, 5, 3, 4, 5, 4, 6, 4]
    flags = durations(minutes)
    assert [f.interviewer for f in flags] == ["dev"] and "dev: interviews of 4 minutes (median), against 20" in flags[0].sentence


def test_too_few_days_are_not_judged() -> None:
    assert pace({"ana": [5, 6], "ben": [30, 31]}) == []


# -- the table ------------------------------------------------------------------------------------

def _line(who: str, day: str, slots: tuple[int, ...], *, laptop: str = "north-1", refused: bool = False,
          synthetic: bool = False, minutes: int | None = None) -> InterviewLine:
    return InterviewLine(laptop, who, "1", day, refused, synthetic, 1 + 2 * len(slots), slots, minutes)


def test_the_table_counts_per_laptop_interviewer_version_and_day() -> None:
    lines = [_line("ana", "2026-11-02", (ANSWERED, ANSWERED)),
             _line("ana", "2026-11-02", (DECLINED, ABANDONED)),
             _line("ana", "2026-11-02", (0, 0), refused=True),
             _line("ana", "2026-11-03", (ANSWERED, DECLINED), synthetic=True),
             _line("ben", "2026-11-02", (ANSWERED, ANSWERED), laptop="south-1")]
    fw = fieldwork(lines, ("q1", "q2"), planned=10, by="region", groups=(("north", 2), ("south", 1)))
    first = fw.rows[0]
    assert (first.laptop, first.interviewer, first.version, first.day) == ("north-1", "ana", "1", "2026-11-02")
    assert first.counts.as_json() == {"started": 3, "completed": 1, "stopped": 1, "refused": 1, "synthetic": 0,
                                      "records": 15}
    assert first.declined == {"q1": 1, "q2": 0} and first.abandoned == {"q1": 0, "q2": 1}
    assert [r.counts.synthetic for r in fw.rows] == [0, 1, 0]
    ana = fw.interviewers[0]
    assert (ana.id, ana.first_day, ana.last_day, ana.laptops) == ("ana", "2026-11-02", "2026-11-03", ("north-1",))
    assert ana.per_day == (("2026-11-02", 3), ("2026-11-03", 1)) and ana.counts.completed == 2
    assert fw.progress.completed == 3 and fw.progress.share == 0.3 and fw.progress.groups[0] == ("north", 2)
    assert (fw.first_day, fw.last_day) == ("2026-11-02", "2026-11-03")
