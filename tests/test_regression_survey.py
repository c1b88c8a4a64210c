"""--model with survey weights, strata and clusters (pseudo-likelihood, sandwich SEs, checked
against R's survey::svymle on the same log-likelihood), and the joint Wald test for a factor."""
from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from rrdesk.core import design, regression
from tests.test_sample_design import needs_r_survey

D = design.forced(truth=0.6, yes=0.2, no=0.2)


def _clustered(seed: int) -> dict[str, np.ndarray]:
    """Three strata of 4, 6 and 5 villages (a random village effect), 15 to 39 respondents each,
    a three-level factor and a number, weights from 0.5 to 3; answers through the spinner."""
    rng = np.random.Generator(np.random.PCG64(seed))
    rows = []
    for h, villages in enumerate((4, 6, 5)):
        for v in range(villages):
            shift = rng.normal(0, 0.6)
            for _ in range(int(rng.integers(15, 40))):
                f, x = int(rng.integers(0, 3)), float(rng.normal())
                eta = -0.5 + 0.8 * (f == 1) - 0.6 * (f == 2) + 0.5 * x + shift
                truth = int(rng.random() < 1 / (1 + math.exp(-eta)))
                rows.append((h, v, int(rng.random() < D.matrix[truth, 1]), f, x, float(rng.uniform(0.5, 3))))
    h, c, y, f, x, w = (np.array(col) for col in zip(*rows))
    return {"stratum": h.astype(int), "psu": c.astype(int), "y": y.astype(int), "w": w,
            "X": np.stack([(f == 1).astype(float), (f == 2).astype(float), x], axis=1)}


def test_equal_weights_without_a_design_give_the_model_fit_and_the_plain_sandwich():
    s = _clustered(3)
    plain = regression.logistic(D, s["y"], s["X"])
    weighted = regression.logistic(D, s["y"], s["X"], weights=np.full(len(s["y"]), 2.0))
    assert weighted.coef == pytest.approx(plain.coef, abs=1e-9)
    assert plain.method == regression.MODEL_METHOD and weighted.method == regression.SURVEY_METHOD
    # the sandwich of a correct model is near the model-based covariance, not equal to it
    assert weighted.se == pytest.approx(plain.se, rel=0.15)
    assert not np.allclose(weighted.se, plain.se, rtol=1e-6)


def test_a_lonely_cluster_is_refused_not_ignored():
    s = _clustered(3)
    with pytest.raises(ValueError, match="single cluster"):
        regression.logistic(D, s["y"], s["X"], strata=s["stratum"], clusters=np.where(s["stratum"] == 0, 0, s["psu"]))


def test_the_wald_test_for_a_factor_by_hand():
    s = _clustered(5)
    fit = regression.logistic(D, s["y"], s["X"], names=["f=1", "f=2", "x"])
    statistic, df, p = regression.wald(fit, [1, 2])
    b, v = fit.coef[1:3], fit.cov[1:3, 1:3]
    assert statistic == pytest.approx(float(b @ np.linalg.inv(v) @ b), rel=1e-12) and df == 2
    assert p == pytest.approx(stats.chi2.sf(statistic, 2), rel=1e-12)
    # one coefficient: the square of its z, the same p
    z2, one, p1 = regression.wald(fit, [3])
    assert (z2, one) == (pytest.approx((fit.coef[3] / fit.se[3]) ** 2, rel=1e-12), 1)
    assert p1 == pytest.approx(2 * stats.norm.sf(abs(fit.coef[3] / fit.se[3])), rel=1e-9)


@pytest.mark.parametrize("df", range(1, 9))
def test_the_chi_square_tail_is_exact(df):
    for x in (1e-6, 0.3, 1.0, 3.841458820694124, 9.0, 30.0, 120.0):
        assert regression.chi2_sf(x, df) == pytest.approx(stats.chi2.sf(x, df), rel=1e-12, abs=1e-300)


R_MLE = r"""
suppressMessages(library(survey))
d <- read.csv("model.csv")
a <- as.numeric(readLines("a.txt")); b <- as.numeric(readLines("b.txt"))
des <- svydesign(ids = ~psu, strata = ~stratum, weights = ~w, nest = TRUE, data = d)
ll <- function(y, eta) { lam <- a + b * plogis(eta); y * log(lam) + (1 - y) * log(1 - lam) }
gr <- function(y, eta) { s <- plogis(eta); lam <- a + b * s; cbind((y / lam - (1 - y) / (1 - lam)) * b * s * (1 - s)) }
fit <- svymle(loglike = ll, gradient = gr, design = des, formulas = list(~y, eta = ~d1 + d2 + x),
              start = c(0, 0, 0, 0), method = "newuoa", control = list(rhobeg = 0.5, rhoend = 1e-12, maxfun = 1e5))
write.csv(data.frame(coef = coef(fit), se = sqrt(diag(fit$sandwich))), "r.csv", row.names = FALSE)
"""


@needs_r_survey
def test_the_weighted_clustered_fit_equals_r_svymle(tmp_path):
    import subprocess
    s = _clustered(21)
    fit = regression.logistic(D, s["y"], s["X"], names=["f=1", "f=2", "x"], weights=s["w"],
                              strata=s["stratum"], clusters=s["psu"])
    assert fit.converged
    a, b = float(D.matrix[0, 1]), float(D.matrix[1, 1] - D.matrix[0, 1])
    (tmp_path / "a.txt").write_text(repr(a) + "\n")
    (tmp_path / "b.txt").write_text(repr(b) + "\n")
    lines = ["stratum,psu,y,d1,d2,x,w"] + [
        f"{s['stratum'][i]},{s['psu'][i]},{s['y'][i]},{s['X'][i, 0]:.0f},{s['X'][i, 1]:.0f},"
        f"{float(s['X'][i, 2])!r},{float(s['w'][i])!r}" for i in range(len(s["y"]))]
    (tmp_path / "model.csv").write_text("\n".join(lines) + "\n")
    (tmp_path / "run.R").write_text(R_MLE)
    done = subprocess.run(["Rscript", "run.R"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    r = np.genfromtxt(tmp_path / "r.csv", delimiter=",", skip_header=1)
    # R maximizes by a derivative-free method and differentiates numerically (numDeriv): the
    # agreement is that of its optimizer, not of the formulas
    assert fit.coef == pytest.approx(r[:, 0], abs=1e-6)
    assert fit.se == pytest.approx(r[:, 1], rel=1e-6)
    print("max |coef - R|", np.abs(fit.coef - r[:, 0]).max(), "max |se/R - 1|", np.abs(fit.se / r[:, 1] - 1).max())


# -- a k-answer outcome: multinomial logit on the randomized categories -------------------------

KARY = design.kary(3, epsilon=1.5)


def _kary_sample(seed: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.Generator(np.random.PCG64(seed))
    x, f = rng.normal(size=n), rng.integers(0, 2, size=n)
    eta = np.stack([np.zeros(n), -0.3 + 0.8 * x + 0.5 * f, 0.2 - 0.6 * x - 0.4 * f], axis=1)
    pi = np.exp(eta) / np.exp(eta).sum(axis=1, keepdims=True)
    truth = (rng.random(n)[:, None] > np.cumsum(pi, axis=1)).sum(axis=1)
    recorded = (rng.random(n)[:, None] > np.cumsum(KARY.matrix[truth], axis=1)).sum(axis=1)
    return recorded, np.stack([x, f.astype(float)], axis=1)


def test_the_multinomial_fit_recovers_the_truth_and_its_derivatives_are_exact():
    y, x = _kary_sample(2, 20_000)
    fit = regression.multinomial(KARY, y, x, names=["x", "f"], labels=["none", "some", "many"])
    assert fit.converged and fit.names[:3] == ("some:(Intercept)", "some:x", "some:f")
    want = np.array([-0.3, 0.8, 0.5, 0.2, -0.6, -0.4])
    assert np.all(np.abs(fit.coef - want) <= 4 * fit.se), (fit.coef, fit.se)
    # the observed information is the negative Hessian of the log-likelihood: by central differences
    X = np.hstack([np.ones((len(y), 1)), x])
    rows, w = KARY.matrix[:, y].T, np.ones(len(y))
    grad, info, _ = regression._multi_derivatives(fit.coef + 0.05, X, rows, w)
    h = 1e-6
    numeric = np.array([(regression._multi_derivatives(fit.coef + 0.05 + h * e, X, rows, w)[0]
                         - regression._multi_derivatives(fit.coef + 0.05 - h * e, X, rows, w)[0]) / (2 * h)
                        for e in np.eye(6)])
    assert np.abs(numeric + info).max() <= 1e-6 * np.abs(info).max()


R_MULTI = r"""
d <- read.csv("kary.csv")
M <- as.matrix(read.csv("matrix.csv", header = FALSE))
X <- cbind(1, d$x, d$f)
rows <- M[, d$y + 1]  # k x n: the chance of each record under each truth
nll <- function(b) {
  B <- matrix(b, nrow = 2, byrow = TRUE)
  e <- cbind(1, exp(X %*% t(B)))
  pi <- e / rowSums(e)
  -sum(log(rowSums(pi * t(rows))))
}
fit <- optim(rep(0, 6), nll, method = "BFGS", control = list(reltol = 1e-15, maxit = 10000))
H <- optimHess(fit$par, nll)
write.csv(data.frame(coef = fit$par, se = sqrt(diag(solve(H)))), "r.csv", row.names = FALSE)
"""


@pytest.mark.skipif(__import__("shutil").which("Rscript") is None,
                    reason="Rscript is not installed (CI installs r-base-core)")
def test_the_multinomial_fit_equals_r_optim_on_the_same_likelihood(tmp_path):
    import subprocess
    y, x = _kary_sample(9, 1500)
    fit = regression.multinomial(KARY, y, x, names=["x", "f"])
    lines = ["y,x,f"] + [f"{y[i]},{float(x[i, 0])!r},{x[i, 1]:.0f}" for i in range(len(y))]
    (tmp_path / "kary.csv").write_text("\n".join(lines) + "\n")
    (tmp_path / "matrix.csv").write_text("\n".join(",".join(repr(float(v)) for v in row) for row in KARY.matrix) + "\n")
    (tmp_path / "run.R").write_text(R_MULTI)
    done = subprocess.run(["Rscript", "run.R"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    r = np.genfromtxt(tmp_path / "r.csv", delimiter=",", skip_header=1)
    # BFGS and optimHess's finite differences: agreement to R's optimizer, not to the formula
    assert fit.coef == pytest.approx(r[:, 0], abs=1e-5)
    assert fit.se == pytest.approx(r[:, 1], rel=1e-4)
    print("max |coef - R|", np.abs(fit.coef - r[:, 0]).max(), "max |se/R - 1|", np.abs(fit.se / r[:, 1] - 1).max())
