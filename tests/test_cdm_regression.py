"""--model with a cheating-detection (cdm) outcome: logistic regression of the trait among the
honest, with a constant share of cheaters (RRreg's RRlog with "CDMsym" and its ``gamma``),
checked against R's optim on the same likelihood, against rrdesk's own two-group estimate with
the intercept alone, and by its derivatives."""
from __future__ import annotations

import math
import shutil
import subprocess

import numpy as np
import pytest

from rrdesk.core import cdm, regression
from tests.test_analysis_scripts import needs_r, needs_rr

PAIR = cdm.cdm(truth=0.5, yes=0.35, no=0.15)


def _sample(seed: int, n: int, cheating: float = 0.2) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(recorded, group, covariates x and f): the trait logistic in x and a 0/1 f among the
    honest, a share ``cheating`` saying NO whatever the spinner shows."""
    rng = np.random.Generator(np.random.PCG64(seed))
    x, f = rng.normal(size=n), rng.integers(0, 2, size=n)
    trait = rng.random(n) < 1 / (1 + np.exp(-(-0.3 + 0.8 * x - 0.6 * f)))
    cheat = rng.random(n) < cheating
    g = rng.integers(0, 2, size=n)
    m = PAIR.matrix
    y = np.where(cheat, 0, rng.random(n) < np.where(trait, m[g, 0], m[g, 1])).astype(int)
    return y, g, np.stack([x, f.astype(float)], axis=1)


def test_the_intercept_alone_is_the_two_group_estimate():
    y, g, _ = _sample(11, 4000)
    fit = regression.cheating_logistic(PAIR.groups, y, g, np.zeros((len(y), 0)))
    e = cdm.estimate(PAIR, (int(y[g == 0].sum()), int(y[g == 1].sum())), (int((g == 0).sum()), int((g == 1).sum())))
    assert not e.boundary and fit.converged
    gamma = fit.coef[-1]
    assert fit.names == ("(Intercept)", regression.CHEATING)
    assert gamma == pytest.approx(e.estimate["cheating"], abs=1e-9)
    assert (1 - gamma) / (1 + math.exp(-fit.coef[0])) == pytest.approx(e.estimate["truthful_yes"], abs=1e-9)
    # the same likelihood at the same (interior) point: the delta method's SE of γ is the information's
    assert fit.se[-1] == pytest.approx(e.se["cheating"], rel=1e-6)


def test_the_observed_information_is_the_negative_hessian():
    y, g, x = _sample(12, 1500)
    X = np.hstack([np.ones((len(y), 1)), x])
    m = PAIR.matrix
    u, b = m[g, 1], m[g, 0] - m[g, 1]
    theta, w, h = np.array([-0.2, 0.7, -0.5, 0.15]), np.ones(len(y)), 1e-6
    grad, observed, _, scores = regression._cheating_derivatives(theta, y.astype(float), X, u, b, w)
    numeric = np.array([(regression._cheating_derivatives(theta + h * e, y.astype(float), X, u, b, w)[0]
                         - regression._cheating_derivatives(theta - h * e, y.astype(float), X, u, b, w)[0]) / (2 * h)
                        for e in np.eye(4)])
    assert np.abs(numeric + observed).max() <= 1e-6 * np.abs(observed).max()
    slope = np.array([(regression._cheating_loglik(theta + h * e, y.astype(float), X, u, b, w)
                       - regression._cheating_loglik(theta - h * e, y.astype(float), X, u, b, w)) / (2 * h)
                      for e in np.eye(4)])
    assert slope == pytest.approx(grad, rel=1e-6, abs=1e-6) and scores.sum(axis=0) == pytest.approx(grad)


def test_no_cheaters_can_put_the_fit_at_the_edge():
    # seed 15: the likelihood peaks at γ < 0 (fewer NO than honest answers alone give); the fit
    # holds γ at 0 (the logistic model of both groups), and γ's SE is unknown
    y, g, x = _sample(15, 600, cheating=0.0)
    fit = regression.cheating_logistic(PAIR.groups, y, g, x, names=["x", "f"])
    assert fit.coef[-1] == 0.0 and math.isnan(fit.se[-1]) and np.isfinite(fit.se[:-1]).all() and fit.converged
    X = np.hstack([np.ones((len(y), 1)), x])
    m = PAIR.matrix
    u, b = m[g, 1], m[g, 0] - m[g, 1]
    free = fit.coef.copy()
    free[-1] = -0.02
    free, _, _ = regression._cheating_newton(free, y.astype(float), X, u, b, np.ones(len(y)), free=True)
    assert free[-1] < 0  # the unconstrained maximum is past the edge


def test_weights_give_the_same_point_and_a_sandwich():
    y, g, x = _sample(14, 2000)
    plain = regression.cheating_logistic(PAIR.groups, y, g, x)
    weighted = regression.cheating_logistic(PAIR.groups, y, g, x, weights=np.full(len(y), 3.0))
    assert weighted.coef == pytest.approx(plain.coef, abs=1e-8)
    assert weighted.method == regression.SURVEY_METHOD and weighted.se == pytest.approx(plain.se, rel=0.2)


def test_bad_input_is_refused():
    y, g, x = _sample(15, 50)
    with pytest.raises(ValueError, match="groups must be 0 or 1"):
        regression.cheating_logistic(PAIR.groups, y, g + 1, x)
    with pytest.raises(ValueError, match="collinear"):
        regression.cheating_logistic(PAIR.groups, y, g, np.ones((len(y), 1)))
    with pytest.raises(ValueError, match="each of the two groups needs answers"):
        regression.cheating_logistic(PAIR.groups, y, np.zeros_like(g), x)


R_CDM = r"""
d <- read.csv("cdm.csv")
X <- cbind(1, d$x, d$f)
carrier <- c(CARRIER); other <- c(OTHER)  # P(YES | honest carrier), P(YES | honest non-carrier) per group
nll <- function(t) {
  k <- ncol(X)
  s <- plogis(X %*% t[1:k])
  lam <- (1 - t[k + 1]) * (other[d$g + 1] + (carrier[d$g + 1] - other[d$g + 1]) * s)
  -sum(dbinom(d$y, 1, lam, log = TRUE))
}
fit <- optim(c(0, 0, 0, 0.3), nll, method = "L-BFGS-B", lower = c(-Inf, -Inf, -Inf, 0), upper = c(Inf, Inf, Inf, 0.99),
             control = list(factr = 1, pgtol = 0, maxit = 10000, ndeps = rep(1e-6, 4)))
fit <- optim(fit$par, nll, method = "BFGS", control = list(reltol = 1e-15, maxit = 10000, ndeps = rep(1e-6, 4)))
H <- optimHess(fit$par, nll, control = list(ndeps = rep(1e-4, 4)))
write.csv(data.frame(coef = fit$par, se = sqrt(diag(solve(H)))), "r.csv", row.names = FALSE)
"""


@needs_r
def test_the_cdm_fit_equals_r_optim_on_the_same_likelihood(tmp_path):
    y, g, x = _sample(16, 5000, cheating=0.25)
    fit = regression.cheating_logistic(PAIR.groups, y, g, x, names=["x", "f"])
    assert fit.converged and fit.coef[-1] > 0.1
    lines = ["y,g,x,f"] + [f"{y[i]},{g[i]},{float(x[i, 0])!r},{x[i, 1]:.0f}" for i in range(len(y))]
    (tmp_path / "cdm.csv").write_text("\n".join(lines) + "\n")
    m = PAIR.matrix
    script = R_CDM.replace("CARRIER", ", ".join(repr(float(v)) for v in m[:, 0]))
    (tmp_path / "run.R").write_text(script.replace("OTHER", ", ".join(repr(float(v)) for v in m[:, 1])))
    done = subprocess.run(["Rscript", "run.R"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    r = np.genfromtxt(tmp_path / "r.csv", delimiter=",", skip_header=1)
    # optim's finite-difference gradient and optimHess's Hessian: agreement to R's optimizer
    assert fit.coef == pytest.approx(r[:, 0], abs=1e-6)  # measured: 9e-8
    assert fit.se == pytest.approx(r[:, 1], rel=1e-5)  # measured: 6e-7
    print("max |coef - R|", np.abs(fit.coef - r[:, 0]).max(), "max |se/R - 1|", np.abs(fit.se / r[:, 1] - 1).max())


@pytest.fixture(scope="module")
def field(tmp_path_factory):
    """700 respondents through the station: the trait more common at the north site, a fifth
    cheating; ``aggregate --out --model "took ~ site"``. (path, survey, bundle, out, its JSON)."""
    from rrdesk.app.interviews import Station
    from rrdesk.core import survey as surveys
    from tests.conftest import SeededSource
    from tests.test_aggregate import aggregate_json, export
    from tests.test_cdm_survey import SURVEY
    base = tmp_path_factory.mktemp("cdm-model")
    path = base / "cheats.toml"
    path.write_text(SURVEY, encoding="utf-8")
    s = surveys.load(path)
    rng = np.random.Generator(np.random.PCG64(31))
    with Station(s, base / "data", source=SeededSource(31)) as station:
        for i in range(700):
            site = ("north", "south")[i % 2]
            interview = station.start({"site": site}, interviewer="t1")
            q = interview.next_question
            carrier = rng.random() < (0.5 if site == "north" else 0.2)
            spin = interview.spin(q.id, int(carrier))
            interview.record(q.id, 0 if rng.random() < 0.2 else spin.answer)
    bundle = export(base / "data", base / "stick", "cheats")
    code, got, err = aggregate_json(bundle, "--survey", path, "--out", base / "out", "--model", "took ~ site")
    assert code == 0, err
    return path, s, bundle, base / "out", got


def test_aggregate_model_fits_a_cdm_outcome_from_the_field(field):
    # --model "took ~ site" reports the trait's odds ratio among the honest and the cheating share:
    # the numbers the regression gives on answers.csv's answer_code, group and direct_site columns
    import csv

    from tests.test_aggregate import KEY, rrdesk
    path, s, bundle, out, got = field
    model = got["model"]
    names = [c["term"] for c in model["coefficients"]]
    assert names == ["(Intercept)", "site=south", regression.CHEATING] and model["converged"]
    last = model["coefficients"][-1]
    assert last["odds_ratio"] is None and last["odds_ratio_ci95"] is None
    assert model["cheating"]["estimate"] == last["estimate"]
    with open(out / "answers.csv", newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["question"] == "took"]
    y = np.array([int(r["answer_code"]) for r in rows])
    g = np.array([0 if r["group"] == "a" else 1 for r in rows])
    x = np.array([[float(r["direct_site"] == "south")] for r in rows])
    again = regression.cheating_logistic(cdm.of_design(s.question("took").design).groups, y, g, x)
    assert [c["estimate"] for c in model["coefficients"]] == pytest.approx(list(again.coef), abs=1e-9)
    table = (out / "model.csv").read_text(encoding="utf-8").splitlines()
    assert table[2].startswith("site=south,") and table[3].startswith("cheating share,") and table[3].endswith(",,,")
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "Cheating-detection logistic regression: <code>took ~ site</code>" in html
    assert "who say NO whatever the spinner shows" in html
    code, text, err = rrdesk("aggregate", bundle, "--survey", path, "-i", KEY, "--model", "took ~ site")
    assert code == 0, err
    assert "cheating-detection logistic regression: took ~ site" in text and "cheating share" in text


@pytest.fixture(scope="module")
def analysis_r(field, tmp_path_factory):
    """``Rscript analysis.R`` run in a copy of the field's --out folder."""
    folder = tmp_path_factory.mktemp("cdm-r") / "copy"
    shutil.copytree(field[3], folder)
    done = subprocess.run(["Rscript", "analysis.R"], cwd=folder, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return folder


def _csv(path) -> list[dict[str, str]]:
    import csv
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


@needs_r
def test_analysis_r_fits_the_cdm_model_with_optim_on_the_same_likelihood(field, analysis_r):
    # part 1c of analysis.R: base R's optim (L-BFGS-B, finite differences) -> model-r.csv
    model = field[4]["model"]["coefficients"]
    theirs = _csv(analysis_r / "model-r.csv")
    assert [r["term"] for r in theirs][-1] == regression.CHEATING and len(theirs) == len(model)
    coef = np.array([float(r["estimate"]) for r in theirs]) - np.array([c["estimate"] for c in model])
    se = np.array([float(r["se"]) for r in theirs]) / np.array([c["se"] for c in model]) - 1
    print("analysis.R optim: max |coef - rrdesk|", np.abs(coef).max(), "max |se/rrdesk - 1|", np.abs(se).max())
    assert np.abs(coef).max() <= 1e-6 and np.abs(se).max() <= 1e-3  # measured: 1e-7, 9e-5 (optimHess)


@needs_rr
def test_analysis_r_fits_the_cdm_question_with_rrreg_cdmsym(field, analysis_r):
    # part 2: RRreg::RRuni(model = "CDMsym") -> estimates-packages-r.csv, the report's cdm rows
    packaged = {r["category"]: r for r in _csv(analysis_r / "estimates-packages-r.csv") if r["question"] == "took"}
    ours = {r["category"]: r for r in _csv(analysis_r / "estimates.csv")
            if r["question"] == "took" and r["subgroup"] == "cdm"}
    groups = [r["group"] for r in _csv(analysis_r / "answers.csv") if r["question"] == "took"]
    smaller = min(groups.count("a"), groups.count("b"))
    for key in ("truthful_yes", "cheating"):
        gap = abs(float(packaged[key]["estimate"]) - float(ours[key]["estimate"]))
        print(f"RRreg CDMsym {key}: |estimate - rrdesk| {gap:.2e}")
        assert gap <= 1e-9, key
        # RRreg divides each group's variance by n_g - 1, the report by n_g
        ratio = float(packaged[key]["se"]) / float(ours[key]["se"])
        assert 1 <= ratio <= math.sqrt(smaller / (smaller - 1)) + 1e-12, (key, ratio)
