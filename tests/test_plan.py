"""Planning: worst-case margins, subgroup planning and the power for a two-group difference."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest
from scipy import stats

from rrdesk.core import design, plan
from rrdesk.core import survey as surveys
from tests.conftest import DEMO
from tests.test_aggregate import rrdesk

DESIGNS = [design.forced(epsilon=math.log(3)), design.warner(p=0.3), design.unrelated(p=0.5, prevalence=0.25),
           design.unrelated(epsilon=2, prevalence=0.1), design.kary(3, epsilon=1.5), design.kary(12, epsilon=1.5)]


@pytest.mark.parametrize("d", DESIGNS, ids=lambda d: f"{d.kind}-{d.categories}")
def test_the_margin_is_the_worst_over_every_prevalence_and_answer(d):
    k = d.categories
    worst = 0.0
    for p in np.linspace(0, 1, 401):
        for j in range(k):
            truth = np.full(k, (1 - p) / (k - 1))
            truth[j] = p
            worst = max(worst, float(plan._variance(d, k, truth, 100)[j]))
    assert plan.margin95(d, 100) == pytest.approx(plan.Z95 * math.sqrt(worst), rel=1e-6)
    assert plan.margin95(d, 100) >= plan._margin(d, 100, k, 0.5) - 1e-15


def test_k12_at_epsilon_one_and_a_half_needs_41_percent_more_than_planning_at_50_percent():
    # the validation's case: λ_j = f + t π_j stays under ½ for every π_j, so the worst is π_j = 1
    d = design.kary(12, epsilon=1.5)
    assert plan.worst_prevalence(d) == 1.0
    assert plan.needed_n(d, 0.05) / plan.needed_n(d, 0.05, prevalence=0.5) == pytest.approx(1.41, abs=0.01)
    # two coins: the worst case is 50 %, as before
    assert plan.needed_n(DESIGNS[0], 0.05) == 1537 == plan.needed_n(DESIGNS[0], 0.05, prevalence=0.5)


def test_the_power_for_a_difference_by_hand():
    # two coins (a = ¼, b = ½), 500 per group, 30 % against 45 %: λ = 0.4 and 0.475,
    #   v = λ(1 − λ)/(n b²): 0.24/125 = 0.00192 and 0.249375/125 = 0.001995; s = √0.003915 = 0.0625700
    #   power = Φ(0.15/s − 1.96) + Φ(−0.15/s − 1.96) = Φ(0.4373) + Φ(−4.357) = 0.66906
    s = math.sqrt(0.24 / 125 + 0.249375 / 125)
    want = stats.norm.cdf(0.15 / s - plan.Z95) + stats.norm.cdf(-0.15 / s - plan.Z95)
    assert plan.power_difference(DESIGNS[0], 500, 500, 0.3, 0.45) == pytest.approx(want, rel=1e-12)
    assert want == pytest.approx(0.66908, abs=1e-4)
    assert plan.power_difference(DESIGNS[0], 2000, 2000, 0.3, 0.45) > 0.99
    assert plan.power_difference(DESIGNS[0], 500, 500, 0.3, 0.3) == pytest.approx(0.05, abs=1e-12)


def test_check_plans_every_subgroup_and_the_power(tmp_path):
    code, out, err = rrdesk("check", DEMO, "--margin", "0.05", "--by", "department", "--difference", "0.1", "--json")
    assert code == 0, err
    report = json.loads(out)
    unhappy = next(q for q in report["questions"] if q["id"] == "unhappy")
    assert unhappy["needed_by"] == {"field": "department", "groups": 4, "per_group": 1537, "total": 4 * 1537,
                                    "group_names": ["office", "factory", "warehouse", "sales"]}
    power = unhappy["power"]
    assert power["group_size"] == report["planned_respondents"] // 4 and power["prevalences"] == [0.45, 0.55]
    assert power["power"] == pytest.approx(plan.power_difference(
        design.forced(epsilon=math.log(3)), power["group_size"], power["group_size"], 0.45, 0.55), rel=1e-9)
    assert "needed_by" not in next(q for q in report["questions"] if q["id"] == "department")
    code, out, err = rrdesk("check", DEMO, "--margin", "0.05", "--by", "department")
    assert code == 0 and "in each of the 4 groups of department" in out


@pytest.mark.parametrize("argv, what", [
    (("--by", "department"), "--by: plans subgroups for a margin: give --margin M too"),
    (("--margin", "0.05", "--by", "unhappy"), '--by: "unhappy" is not a question asked directly with choices'),
])
def test_check_by_needs_a_margin_and_a_direct_question(argv, what):
    code, out, err = rrdesk("check", DEMO, *argv)
    assert code == 2 and out == "" and what in err and err.count("\n") == 1


def test_check_states_the_unrelated_questions_assumption():
    code, out, err = rrdesk("check", DEMO)
    assert code == 0, err
    line = next(x for x in out.splitlines() if x.startswith("assumes:"))
    assert "took_from_work" in line and "ε is infinite" in line and "unhappy" not in line
    epsilon = surveys.load(DEMO).question("took_from_work").spinner.epsilon
    assert f"ε = {epsilon:.4f} holds only if" in line  # the ε that rests on it
    code, out, err = rrdesk("check", DEMO, "--json")
    assumes = {q["id"]: q["assumes"] for q in json.loads(out)["questions"] if "assumes" in q}
    assert list(assumes) == ["took_from_work"] and assumes["took_from_work"] in line


def test_check_plans_for_an_assumed_design_effect():
    code, out, err = rrdesk("check", DEMO, "--margin", "0.05", "--difference", "0.1", "--json")
    plain = json.loads(out)
    code, out, err = rrdesk("check", DEMO, "--margin", "0.05", "--difference", "0.1", "--deff", "2", "--json")
    assert code == 0, err
    clustered = json.loads(out)
    assert clustered["design_effect"] == 2.0 and "design_effect" not in plain
    for before, after in zip(plain["questions"], clustered["questions"]):
        assert after["margin95"] == pytest.approx(before["margin95"] * math.sqrt(2), rel=1e-12)
        assert after["efficiency"] == before["efficiency"]
    unhappy = next(q for q in clustered["questions"] if q["id"] == "unhappy")
    # margins fall as 1/√n: twice the respondents for the same margin (1537 drawn one by one)
    assert unhappy["needed_n"] == 2 * 1537
    size = unhappy["power"]["group_size"]
    assert unhappy["power"]["power"] == pytest.approx(plan.power_difference(
        design.forced(epsilon=math.log(3)), size / 2, size / 2, *unhappy["power"]["prevalences"]), rel=1e-12)
    with pytest.raises(SystemExit) as stopped:
        rrdesk("check", DEMO, "--deff", "0")
    assert stopped.value.code == 2  # argparse's one line: "--deff: must be between 0.1 and 100 (e.g. 1.5), not 0"
