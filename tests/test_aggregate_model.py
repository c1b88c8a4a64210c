"""``rrdesk aggregate --model``: the logistic regression in the JSON, model.csv and the report.

The data are made by ``rrdesk simulate`` (the real randomizer and store), exported and
aggregated through the command line; the model's numbers must be those of
:func:`rrdesk.core.regression.logistic` on the same rows of ``answers.csv``, the file a
coordinator would give R.
"""
from __future__ import annotations

import csv

import numpy as np
import pytest

from rrdesk.core import regression
from rrdesk.core import survey as surveys
from tests.conftest import DEMO
from tests.test_aggregate import aggregate_json, export, rrdesk, simulate

KEY_ARGS = ("-i", DEMO.parent.parent / "demo-identity.txt")


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    scratch = tmp_path_factory.mktemp("model")
    data = scratch / "laptop"
    simulate(data, 150, 5)
    return export(data, scratch / "stick")


def test_the_model_is_in_the_json_and_agrees_with_a_fit_of_answers_csv(bundle, tmp_path):
    code, got, err = aggregate_json(bundle, "--model", "unhappy ~ department", "--out", tmp_path)
    assert code == 0, err
    model = got["model"]
    assert model["formula"] == "unhappy ~ department" and model["outcome"] == "unhappy"
    terms = [c["term"] for c in model["coefficients"]]
    assert terms[0] == "(Intercept)" and all(t.startswith("department=") for t in terms[1:])
    # the same fit from answers.csv, as R would read it
    with open(tmp_path / "answers.csv", newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["question"] == "unhappy"]
    choices = surveys.load(DEMO).question("department").choices
    known = [r for r in rows if r["direct_department"]]
    y = np.array([1 if r["answer"] == "yes" else 0 for r in known])
    x = np.array([[1.0 if r["direct_department"] == c else 0.0 for c in choices[1:]] for r in known])
    used = x.any(axis=0)
    fit = regression.logistic(surveys.load(DEMO).question("unhappy").design, y, x[:, used])
    assert model["n"] == len(known) and model["left_out"] == len(rows) - len(known)
    assert np.allclose([c["estimate"] for c in model["coefficients"]], fit.coef, rtol=0, atol=1e-12)
    assert np.allclose([c["se"] for c in model["coefficients"]], fit.se, rtol=0, atol=1e-12)
    assert model["loglik"] == pytest.approx(fit.loglik, abs=1e-9)
    assert model["coefficients"][1]["odds_ratio"] == pytest.approx(np.exp(fit.coef[1]))
    # the joint test of the factor, from the model-based covariance (no weights: plain ML)
    statistic, df, p = regression.wald(fit, list(range(1, len(fit.coef))))
    assert model["factor_tests"] == [{"term": "department", "chi2": pytest.approx(statistic, rel=1e-9),
                                      "df": df, "p_value": pytest.approx(p, rel=1e-9)}]
    assert model["method"] == regression.MODEL_METHOD
    # model.csv and the report
    with open(tmp_path / "model.csv", newline="", encoding="utf-8") as f:
        table = list(csv.DictReader(f))
    assert [r["term"] for r in table] == terms
    assert float(table[1]["odds_ratio"]) == pytest.approx(model["coefficients"][1]["odds_ratio"], rel=1e-12)
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "Logistic regression: <code>unhappy ~ department</code>" in html
    assert 'aria-label="odds ratios with 95% intervals"' in html


def test_the_intercept_alone_is_the_prevalence_on_the_logit_scale(bundle):
    code, got, _ = aggregate_json(bundle, "--model", "afraid_to_speak ~ 1")
    assert code == 0
    prevalence = next(q for q in got["questions"] if q["id"] == "afraid_to_speak")["estimate"]
    b0 = got["model"]["coefficients"][0]["estimate"]
    if 0 < prevalence < 1:  # inside (0, 1) the MLE is the moment estimator
        assert 1 / (1 + np.exp(-b0)) == pytest.approx(prevalence, abs=1e-7)


@pytest.mark.parametrize("formula, what", [
    ("unhappy department", 'is not of the form "QUESTION ~ DIRECT + DIRECT"'),
    ("department ~ unhappy", '"department" is not a randomized question of the survey'),
    ("unhappy ~ afraid_to_speak", '"afraid_to_speak" is not a question asked directly (department)'),
    ("unhappy ~ department + department", '"department" is named twice'),
])
def test_a_bad_formula_is_one_line_before_anything_is_decrypted(bundle, formula, what):
    code, out, err = rrdesk("aggregate", bundle, *KEY_ARGS, "--model", formula)
    assert code == 2 and out == ""
    assert err.startswith("rrdesk: error: command line: --model: ") and what in err and err.count("\n") == 1


def test_a_kary_outcome_is_a_multinomial_model_of_answers_csv(bundle, tmp_path):
    code, got, err = aggregate_json(bundle, "--model", "bullied ~ department", "--out", tmp_path)
    assert code == 0, err
    model = got["model"]
    with open(tmp_path / "answers.csv", newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["question"] == "bullied" and r["direct_department"]]
    s = surveys.load(DEMO)
    choices, bullied = s.question("department").choices, s.question("bullied")
    x = np.array([[1.0 if r["direct_department"] == c else 0.0 for c in choices[1:]] for r in rows])
    fit = regression.multinomial(bullied.design, np.array([int(r["answer_code"]) for r in rows]), x,
                                 names=[f"department={c}" for c in choices[1:]], labels=bullied.choices)
    assert [c["term"] for c in model["coefficients"]] == list(fit.names)
    assert model["coefficients"][0]["term"] == "once:(Intercept)"
    assert np.allclose([c["estimate"] for c in model["coefficients"]], fit.coef, rtol=0, atol=1e-12)
    assert np.allclose([c["se"] for c in model["coefficients"]], fit.se, rtol=0, atol=1e-12)
    # the factor's joint test spans both answers' dummies: 2 × 3 degrees of freedom
    assert [(t["term"], t["df"]) for t in model["factor_tests"]] == [("department", 6)]


def test_the_table_for_people_shows_the_model(bundle):
    code, out, _ = rrdesk("aggregate", bundle, *KEY_ARGS, "--model", "took_from_work ~ department")
    assert code == 0
    assert "logistic regression: took_from_work ~ department" in out and "odds ratio" in out

