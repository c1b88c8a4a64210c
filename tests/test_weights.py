"""Survey weights: the weighted prevalence with a linearized SE, by hand, and the survey's [weight]."""
from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from rrdesk.core import design, estimate, survey
from rrdesk.core import estimate as weights
from rrdesk.core.errors import SurveyError
from tests.conftest import DEMO

COINS = design.forced(truth=0.5, yes=0.25, no=0.25)
WEIGHT = '\n[weight]\nquestion = "department"\nvalues = { office = 1.0, factory = 2.5, warehouse = 1.2, sales = 0.8 }\n'


def test_the_hand_worked_case():
    # eight respondents under two coins (a = P(yes | no) = 1/4, b = 1/2):
    #   recorded  1  0  1  1  0  0  1  0
    #   weight    1  2  1  3  1  2  1  1        Σw = 12, Σw² = 22
    # weighted YES share λ̂ = (1 + 1 + 3 + 1) / 12 = 0.5, so π̂ = (0.5 − 0.25) / 0.5 = 0.5
    # linearization (Stata svy: mean [pweight], each respondent a PSU, with replacement):
    #   v(λ̂) = n/(n − 1) Σ w²(z − λ̂)² / (Σw)² = 8/7 · 22 · 0.25 / 144 = 0.0436508
    #   se(π̂) = √0.0436508 / 0.5 = 0.4178554
    # effective n* = λ̂(1 − λ̂)/v = 0.25 / 0.0436508 = 5.72727 (here Kish's (Σw)²/Σw² = 6.545 times
    # (n − 1)/n); Korn–Graubard: Clopper–Pearson at (n* λ̂, n*) = (2.863636, 5.72727), mapped
    recorded = np.array([1, 0, 1, 1, 0, 0, 1, 0])
    w = np.array([1.0, 2, 1, 3, 1, 2, 1, 1])
    got = weights.weighted(COINS, recorded, w)
    assert got.share[1] == pytest.approx(0.5, abs=1e-15) and got.estimate[1] == pytest.approx(0.5, abs=1e-15)
    assert got.se[1] == pytest.approx(math.sqrt(8 / 7 * 22 * 0.25 / 144) / 0.5, rel=1e-12)
    assert got.se[1] == pytest.approx(0.4178554, abs=1e-7)
    assert got.n_effective[1] == pytest.approx(0.25 / (8 / 7 * 22 * 0.25 / 144), rel=1e-12)
    n_eff = got.n_effective[1]
    low = stats.beta.ppf(0.025, n_eff * 0.5, n_eff * 0.5 + 1)
    high = stats.beta.ppf(0.975, n_eff * 0.5 + 1, n_eff * 0.5)
    assert got.ci95[1] == pytest.approx([max(0, (low - 0.25) / 0.5), min(1, (high - 0.25) / 0.5)], abs=1e-9)
    assert got.ci95[0] == pytest.approx([1 - got.ci95[1][1], 1 - got.ci95[1][0]])


def test_a_second_hand_case_with_an_asymmetric_share():
    # Warner p = 0.75 (a = 0.25, b = 0.5); five respondents, recorded 1 1 1 0 0, weights 3 2 1 1 3:
    #   Σw = 10, λ̂ = (3 + 2 + 1)/10 = 0.6, π̂ = (0.6 − 0.25)/0.5 = 0.7
    #   Σ w²(z − λ̂)² = (9 + 4 + 1)·0.16 + (1 + 9)·0.36 = 2.24 + 3.6 = 5.84
    #   v = 5/4 · 5.84 / 100 = 0.073, se(π̂) = √0.073 / 0.5 = 0.5403702
    got = weights.weighted(design.warner(p=0.75), np.array([1, 1, 1, 0, 0]), np.array([3.0, 2, 1, 1, 3]))
    assert got.estimate[1] == pytest.approx(0.7, abs=1e-12)
    assert got.se[1] == pytest.approx(math.sqrt(0.073) / 0.5, rel=1e-12)
    assert got.se[1] == pytest.approx(0.5403702, abs=1e-7)


def test_equal_weights_give_the_unweighted_estimate_and_an_se_larger_by_n_over_n_minus_1():
    rng = np.random.Generator(np.random.PCG64(3))
    recorded = (rng.random(200) < 0.4).astype(int)
    got = weights.weighted(COINS, recorded, np.full(200, 2.5))
    plain = estimate.estimate(COINS, [int((recorded == 0).sum()), int(recorded.sum())])
    assert got.estimate == pytest.approx(plain.estimate, abs=1e-12)
    assert got.se[1] == pytest.approx(plain.se[1] * math.sqrt(200 / 199), rel=1e-12)


def test_kary_weighted_shares_sum_to_one_and_stay_in_the_simplex():
    d = design.kary(3, epsilon=1.5)
    rng = np.random.Generator(np.random.PCG64(4))
    got = weights.weighted(d, rng.integers(0, 3, 300), rng.uniform(0.5, 3, 300))
    assert got.estimate.sum() == pytest.approx(1.0) and (got.estimate >= 0).all()
    assert ((got.ci95[:, 0] <= got.estimate) & (got.estimate <= got.ci95[:, 1])).all()


def test_bad_weights_are_refused():
    with pytest.raises(ValueError):
        weights.weighted(COINS, np.array([0, 1]), np.array([1.0, 0.0]))
    with pytest.raises(ValueError):
        weights.weighted(COINS, np.array([1]), np.array([1.0]))


def test_the_survey_file_names_the_weight():
    s = survey.loads(DEMO.read_text(encoding="utf-8") + WEIGHT)
    assert s.weight_question == "department" and s.weights == (1.0, 2.5, 1.2, 0.8)
    assert survey.load(DEMO).weight_question is None


@pytest.mark.parametrize("change, what", [
    (('sales = 0.8', 'sale = 0.8'), '"sale" is not an answer of "department"'),
    (('sales = 0.8 ', 'sales = 0 '), 'the weight of "sales" must be a positive number'),
    ((', sales = 0.8', ''), 'no weight for sales'),
    (('question = "department"', 'question = "unhappy"'), '"unhappy" is not a question asked directly'),
])
def test_a_bad_weight_table_is_one_line(change, what):
    with pytest.raises(SurveyError) as caught:
        survey.loads(DEMO.read_text(encoding="utf-8") + WEIGHT.replace(*change))
    assert what in str(caught.value) and "[weight]" in str(caught.value)


def test_aggregate_with_a_weighted_survey_gives_the_weighted_estimate_of_answers_csv(tmp_path):
    import csv

    from tests.test_aggregate import aggregate_json, export, simulate
    weighted_survey = tmp_path / "weighted.toml"
    weighted_survey.write_text(DEMO.read_text(encoding="utf-8") + WEIGHT, encoding="utf-8")
    simulate(tmp_path / "laptop", 60, 9, survey=weighted_survey)
    bundle = export(tmp_path / "laptop", tmp_path / "stick")
    code, got, err = aggregate_json(bundle, "--out", tmp_path / "out")
    assert code == 0, err
    with open(tmp_path / "out" / "answers.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    s = survey.load(weighted_survey)
    for q in s.randomized:
        mine = [r for r in rows if r["question"] == q.id]
        assert all(float(r["weight"]) == dict(zip(s.question("department").choices, s.weights))[r["direct_department"]]
                   for r in mine)
        want = weights.weighted(q.design, np.array([int(r["answer_code"]) for r in mine]),
                                np.array([float(r["weight"]) for r in mine]))
        body = next(x for x in got["questions"] if x["id"] == q.id)["weighted"]
        assert body["n"] == len(mine) and body["left_out"] == 0
        if q.choices:
            assert [body["estimate"][c] for c in q.choices] == pytest.approx(want.estimate, abs=1e-12)
            assert [body["se"][c] for c in q.choices] == pytest.approx(want.se, abs=1e-12)
        else:
            assert body["estimate"] == pytest.approx(want.estimate[1], abs=1e-12)
            assert body["se"] == pytest.approx(want.se[1], abs=1e-12)
            assert body["ci95"] == pytest.approx(list(want.ci95[1]), abs=1e-12)
    assert "<b>Weighted</b> (survey weights)" in (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    assert "[pweight=weight]" in (tmp_path / "out" / "analysis.do").read_text(encoding="utf-8")


@pytest.mark.skipif(__import__("shutil").which("Rscript") is None,
                    reason="Rscript is not installed (CI installs r-base-core)")
def test_base_r_gives_the_weighted_numbers_too(tmp_path):
    import csv
    import json
    import subprocess

    from tests.test_aggregate import aggregate_json, export, simulate
    weighted_survey = tmp_path / "weighted.toml"
    weighted_survey.write_text(DEMO.read_text(encoding="utf-8") + WEIGHT, encoding="utf-8")
    simulate(tmp_path / "laptop", 50, 10, survey=weighted_survey)
    bundle = export(tmp_path / "laptop", tmp_path / "stick")
    code, got, err = aggregate_json(bundle, "--out", tmp_path / "out")
    assert code == 0, err
    done = subprocess.run(["Rscript", "analysis.R"], cwd=tmp_path / "out", capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    with open(tmp_path / "out" / "estimates-weighted-r.csv", newline="", encoding="utf-8") as f:
        r_rows = {(r["question"], r["category"]): r for r in csv.DictReader(f)}
    for q in got["questions"]:
        if "weighted" not in q:
            continue
        w = q["weighted"]
        for category in (q["reported"] if isinstance(w["estimate"], dict) else ["yes"]):
            pick = (lambda v: v[category]) if isinstance(w["estimate"], dict) else (lambda v: v)
            theirs = r_rows[(q["id"], category)]
            assert float(theirs["estimate"]) == pytest.approx(pick(w["estimate"]), abs=1e-9), json.dumps(q)
            assert float(theirs["se"]) == pytest.approx(pick(w["se"]), abs=1e-9)
            assert float(theirs["ci_low"]) == pytest.approx(pick(w["ci95"])[0], abs=1e-8)
            assert float(theirs["ci_high"]) == pytest.approx(pick(w["ci95"])[1], abs=1e-8)
