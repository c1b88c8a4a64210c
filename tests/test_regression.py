"""Logistic regression with a randomized outcome, against R's own fits and against scipy.

``../shared/testdata/r-reference/`` (copied into ``tests/data/r-reference``) holds data made
by its ``gen.R`` and the fits of R's ``rr`` 1.4.2 (``rrreg``) and ``RRreg`` 0.7.6 (``RRlog``):
rrdesk's maximum must be at least as high as RRreg's, its coefficients within 1e-4 of
RRreg's and its standard errors within 1 %.
"""
from __future__ import annotations

import csv
import json
import math
from pathlib import Path

import numpy as np
import pytest
from scipy import optimize

from rrdesk.core import design, regression

REFERENCE = Path(__file__).parent / "data" / "r-reference"
CASES = json.loads((REFERENCE / "reference.json").read_text(encoding="utf-8"))


def _data(name: str) -> tuple[np.ndarray, np.ndarray]:
    with open(REFERENCE / f"{name}.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return (np.array([int(r["y"]) for r in rows]),
            np.array([[float(r["x1"]), float(r["x2"])] for r in rows]))


def _design(case: dict) -> design.Design:
    if case["design"] == "forced-known":  # p: answer truthfully, p1: say YES, p0: say NO
        return design.forced(truth=case["p"], yes=case["p1"], no=case["p0"])
    return design.warner(p=case["p"])  # mirrored: p is the statement's probability


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_fit_agrees_with_rreg(name):
    case, ours = CASES[name], None
    y, x = _data(name)
    ours = regression.logistic(_design(case["case"]), y, x, names=["x1", "x2"])
    theirs = case["RRreg"]
    assert ours.names == ("(Intercept)", "x1", "x2") and ours.converged and ours.n == y.shape[0]
    assert ours.loglik >= theirs["loglik"] - 1e-9
    assert np.abs(ours.coef - np.array(list(theirs["coef"].values()))).max() < 1e-4
    assert np.abs(ours.se / np.array(list(theirs["se"].values())) - 1).max() < 0.01
    # and rr's EM, which stops earlier: within its 1e-3
    assert np.abs(ours.coef - np.array(list(case["rr"]["coef"].values()))).max() < 1e-3


def _simulate(d: design.Design, beta: np.ndarray, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.Generator(np.random.PCG64(seed))
    x = np.stack([rng.integers(0, 2, n), rng.normal(size=n)], axis=1).astype(float)
    truth = rng.random(n) < 1 / (1 + np.exp(-(beta[0] + x @ beta[1:])))
    m = d.matrix
    recorded = rng.random(n) < np.where(truth, m[1, 1], m[0, 1])
    return recorded.astype(int), x


@pytest.mark.parametrize("d", [
    design.forced(epsilon=2.0), design.warner(p=0.8), design.warner(p=0.25),
    design.unrelated(p=0.6, prevalence=0.3), design.forced(truth=0.6, yes=0.3, no=0.1)],
    ids=["forced", "warner", "warner-p<½", "unrelated", "forced-asymmetric"])
def test_it_is_the_maximum_for_every_yes_no_design(d):
    beta = np.array([-0.5, 0.9, -0.4])
    y, x = _simulate(d, beta, 3000, 7)
    fit = regression.logistic(d, y, x)
    m = d.matrix
    a, b = m[0, 1], m[1, 1] - m[0, 1]

    def minus(bb: np.ndarray) -> float:
        lam = a + b / (1 + np.exp(-(bb[0] + x @ bb[1:])))
        return -float(np.sum(y * np.log(lam) + (1 - y) * np.log(1 - lam)))

    best = optimize.minimize(minus, np.zeros(3), method="Nelder-Mead",
                             options={"xatol": 1e-9, "fatol": 1e-12, "maxiter": 20000})
    assert fit.converged and fit.loglik >= -best.fun - 1e-7
    assert np.allclose(fit.coef, best.x, atol=1e-3)
    assert np.all(np.abs(fit.coef - beta) < 4 * fit.se + 0.05)  # it recovers the truth
    assert np.allclose(fit.ci95[:, 0], fit.coef - 1.959963984540054 * fit.se)
    assert np.allclose(fit.odds_ratio, np.exp(fit.coef))


def test_bad_input_is_one_clear_error():
    d = design.forced(epsilon=1.0)
    with pytest.raises(ValueError, match="yes/no"):
        regression.logistic(design.kary(3, epsilon=1.0), [0, 1], np.zeros((2, 1)))
    with pytest.raises(ValueError, match="0 or 1"):
        regression.logistic(d, [0, 2], np.zeros((2, 1)))
    with pytest.raises(ValueError, match="collinear"):
        regression.logistic(d, [0, 1, 1], np.ones((3, 1)))
    with pytest.raises(ValueError, match="names"):
        regression.logistic(d, [0, 1], np.zeros((2, 1)), names=["a", "b"])
    assert math.isfinite(regression.logistic(d, [0, 1, 1, 0], np.array([[0.], [1.], [0.], [1.]])).loglik)
