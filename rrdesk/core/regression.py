"""Logistic regression with a randomized outcome: who is more likely to have the trait.

The respondent's true answer ``z`` follows a logistic model, ``P(z = 1 | x) = σ(xβ)``, but only
the randomized answer ``y`` is recorded. Every yes/no design records YES with probability
``λ(x) = a + b σ(xβ)``, with ``a = P(yes | no)`` and ``b = P(yes | yes) − P(yes | no)`` from the
spinner's exact matrix (``b < 0`` for Warner with p < ½). The log-likelihood

    ℓ(β) = Σ y log λ + (1 − y) log(1 − λ)

is maximized by Newton's method on the observed information, each step halved until ℓ
rises (Scheers & Dayton 1988; van der Heijden & van Gils 1996; the model R's ``RRreg::RRlog``
fits by ``optim`` and ``rr::rrreg`` by EM, and Stata's ``rrlogit``), starting from Fisher
scoring steps (whose expected information is always positive definite). Standard errors are
the square roots of the inverse observed information at the maximum, as ``RRlog`` reports
them. The intercept comes first.

    >>> fit = logistic(design.forced(epsilon=math.log(3)), recorded, covariates, names=["x1", "x2"])
    >>> fit.coef, fit.se, fit.loglik

With survey weights, strata or clusters the fit maximizes the weighted pseudo-log-likelihood
``Σ w_i ℓ_i(β)`` (Binder 1983; Skinner, Holt & Smith 1989, §3.4) and the covariance is the
sandwich ``H⁻¹ J H⁻¹``: ``H`` the weighted observed information, ``J`` the design-based
covariance of the weighted scores' PSU totals within strata
(:func:`rrdesk.core.estimate.design_covariance`) -- what R's ``survey::svymle`` reports as
``sandwich`` for the same log-likelihood and ``svydesign``. :func:`wald` tests several
coefficients at once (a factor's dummies): ``W = bᵀ V⁻¹ b`` against χ² with as many degrees
of freedom.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from rrdesk.core.design import Design
from rrdesk.core.estimate import design_covariance
from rrdesk.core.plan import Z95

__all__ = ["CHEATING", "MODEL_METHOD", "SURVEY_METHOD", "Fit", "cheating_logistic", "chi2_sf", "logistic", "multinomial",
           "wald"]

#: ``Fit.method`` of a plain fit, and of one with weights or a sample design.
MODEL_METHOD = "maximum likelihood (Newton, observed information), Wald intervals"
SURVEY_METHOD = ("weighted pseudo-likelihood (Newton), sandwich SEs linearized with the sample's weights, strata "
                 "and clusters (R survey::svymle), Wald intervals")

#: Stop when no coefficient moves by more than this (relative to its size, or absolute near 0)
#: in a Newton step: far below the 1e-4 at which R's packages agree with each other.
TOLERANCE = 1e-10
#: Newton converges in a handful of steps from Fisher scoring's start; the cap only stops a
#: separated fit (a coefficient running off to infinity) from looping for ever.
MAX_STEPS = 200
#: Fisher scoring steps before Newton: its information is positive definite everywhere.
SCORING_STEPS = 5
#: Keeps λ inside (0, 1) in the logarithms when a fit drifts to the design's bounds.
_FLOOR = 1e-300


@dataclass(frozen=True, eq=False)
class Fit:
    """A fitted logistic regression: ``names``, ``coef``, ``se`` (intercept first), the
    maximized ``loglik``, ``n`` respondents, ``converged`` and the Newton ``steps`` taken,
    and ``cov``, the inverse observed information."""

    names: tuple[str, ...]
    coef: np.ndarray
    se: np.ndarray
    loglik: float
    n: int
    converged: bool
    steps: int
    cov: np.ndarray
    method: str = MODEL_METHOD

    @property
    def odds_ratio(self) -> np.ndarray:
        """``exp(coef)``: how the odds of the trait change per unit (a dummy: against the reference)."""
        return np.exp(self.coef)

    @property
    def ci95(self) -> np.ndarray:
        """Wald 95 % intervals of the coefficients, shape ``(k, 2)``."""
        return np.stack([self.coef - Z95 * self.se, self.coef + Z95 * self.se], axis=1)


def logistic(design: Design, recorded: Sequence[int] | np.ndarray, covariates: np.ndarray,
             names: Sequence[str] | None = None, *, weights: np.ndarray | None = None,
             strata: np.ndarray | None = None, clusters: np.ndarray | None = None,
             population: np.ndarray | None = None) -> Fit:
    """Maximum-likelihood logistic regression of the true answer on ``covariates``.

    Parameters
    ----------
    design : Design
        A yes/no design (two answers).
    recorded : array of 0/1, shape (n,)
        The recorded (randomized) answers.
    covariates : array, shape (n, p)
        One column per covariate, without the intercept (added first).
    names : sequence of str, optional
        The covariates' names (default ``x1 … xp``); the intercept is ``(Intercept)``.
    weights, strata, clusters, population : arrays, optional
        The sample design, as :func:`rrdesk.core.estimate.weighted` takes it; any of them makes
        the fit a weighted pseudo-likelihood with sandwich standard errors.

    Raises
    ------
    ValueError
        Not a yes/no design, shapes that do not fit, values that are not 0/1 or not
        finite, weights that are not positive, covariates that are collinear with the
        intercept, or a sample design whose variance cannot be estimated.
    """
    if design.categories != 2:
        raise ValueError("logistic regression needs a yes/no design")
    y = np.asarray(recorded)
    x = np.asarray(covariates, dtype=float)
    if x.ndim == 1:
        x = x[:, None]
    if y.ndim != 1 or x.ndim != 2 or x.shape[0] != y.shape[0]:
        raise ValueError("recorded needs one value per row of covariates")
    if not np.isin(y, (0, 1)).all() or not np.isfinite(x).all():
        raise ValueError("recorded answers must be 0 or 1 and covariates finite numbers")
    names = tuple(names) if names is not None else tuple(f"x{j + 1}" for j in range(x.shape[1]))
    if len(names) != x.shape[1]:
        raise ValueError(f"{len(names)} names for {x.shape[1]} covariates")
    X = np.hstack([np.ones((x.shape[0], 1)), x])
    if np.linalg.matrix_rank(X) < X.shape[1]:
        raise ValueError("the covariates are collinear (a dummy for every category, or a constant column)")
    matrix = design.matrix
    a, b = float(matrix[0, 1]), float(matrix[1, 1] - matrix[0, 1])
    y = y.astype(float)
    survey = weights is not None or strata is not None or clusters is not None or population is not None
    w = np.ones(y.shape[0]) if weights is None else np.asarray(weights, dtype=float)
    if w.shape != y.shape or not (np.isfinite(w) & (w > 0)).all():
        raise ValueError("one positive weight per respondent")
    beta = _start(y, X, a, b)
    value = _loglik(beta, y, X, a, b, w)
    converged, steps = False, 0
    for steps in range(1, MAX_STEPS + 1):
        grad, observed, expected = _derivatives(beta, y, X, a, b, w)
        info = expected if steps <= SCORING_STEPS else observed
        try:
            step = np.linalg.solve(info, grad)
        except np.linalg.LinAlgError:
            step = np.linalg.solve(expected, grad)
        if steps > SCORING_STEPS and not np.all(np.linalg.eigvalsh(observed) > 0):
            step = np.linalg.solve(expected, grad)  # away from the maximum: scoring is safe
        scale = 1.0
        while True:
            trial = beta + scale * step
            new = _loglik(trial, y, X, a, b, w)
            if new >= value or scale < 1e-12:
                break
            scale /= 2
        moved = np.abs(trial - beta).max() / max(1.0, np.abs(beta).max())
        beta, value = trial, new
        if moved < TOLERANCE and steps > SCORING_STEPS:
            converged = True
            break
    _, observed, expected = _derivatives(beta, y, X, a, b, w)
    try:
        cov = np.linalg.inv(observed)
    except np.linalg.LinAlgError:
        cov = np.linalg.inv(expected)
    if survey:  # the sandwich: H⁻¹ J H⁻¹, J the design-based covariance of the weighted scores
        scores = X * (w * _score(beta, y, X, a, b))[:, None]
        middle, _, _ = design_covariance(scores, strata, clusters, population)
        cov = cov @ middle @ cov.T
    se = np.sqrt(np.maximum(np.diag(cov), 0.0))
    return Fit(("(Intercept)",) + names, beta, se, float(_loglik(beta, y, X, a, b, w)), int(y.shape[0]),
               converged, steps, cov, SURVEY_METHOD if survey else MODEL_METHOD)


def wald(fit: Fit, terms: Sequence[int]) -> tuple[float, int, float]:
    """The joint Wald test that the coefficients at ``terms`` (indices, intercept 0) are all 0:
    ``(W, df, p)`` with ``W = bᵀ V⁻¹ b`` from the fit's covariance and ``p`` its χ² tail.

    Raises
    ------
    ValueError
        No term, or a covariance that cannot be inverted there.
    """
    idx = list(terms)
    if not idx:
        raise ValueError("a Wald test needs at least one coefficient")
    b = fit.coef[idx]
    try:
        statistic = float(b @ np.linalg.solve(fit.cov[np.ix_(idx, idx)], b))
    except np.linalg.LinAlgError:
        raise ValueError("the coefficients' covariance is singular") from None
    return statistic, len(idx), chi2_sf(statistic, len(idx))


def chi2_sf(x: float, df: int) -> float:
    """``P(χ²_df > x)`` for a whole ``df`` ≥ 1, in closed form (Abramowitz & Stegun 26.4.4 and
    26.4.5): the Poisson sum for even ``df``, ``erfc`` and a sum for odd."""
    if df < 1:
        raise ValueError("df must be at least 1")
    if not x > 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for k in range(1, df // 2):
            term *= half / k
            total += term
        return min(1.0, math.exp(-half) * total)
    root = math.sqrt(x)
    total, term = 0.0, root * math.sqrt(2 / math.pi)  # χ/√(2π)·2 = √(2x/π), then times x/(2k+1)
    for k in range(1, (df + 1) // 2):
        total += term
        term *= x / (2 * k + 1)
    return min(1.0, math.erfc(root / math.sqrt(2)) + math.exp(-half) * total)


def _sigma(eta: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * eta))  # the logistic function, without overflow


def _loglik(beta: np.ndarray, y: np.ndarray, X: np.ndarray, a: float, b: float, w: np.ndarray) -> float:
    lam = a + b * _sigma(X @ beta)
    return float(np.sum(w * (y * np.log(np.maximum(lam, _FLOOR)) + (1 - y) * np.log(np.maximum(1 - lam, _FLOOR)))))


def _score(beta: np.ndarray, y: np.ndarray, X: np.ndarray, a: float, b: float) -> np.ndarray:
    """dℓ_i/dη_i per respondent (times x_i: the respondent's score)."""
    s = _sigma(X @ beta)
    lam = np.clip(a + b * s, _FLOOR, 1 - 1e-16)
    return (y / lam - (1 - y) / (1 - lam)) * b * s * (1 - s)


def _derivatives(beta: np.ndarray, y: np.ndarray, X: np.ndarray, a: float, b: float,
                 w: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The weighted gradient, observed information and expected (Fisher) information."""
    s = _sigma(X @ beta)
    ds = s * (1 - s)  # dσ/dη
    lam = np.clip(a + b * s, _FLOOR, 1 - 1e-16)
    r = y / lam - (1 - y) / (1 - lam)  # dℓ/dλ per respondent
    grad = X.T @ (w * r * b * ds)
    curv = (y / lam**2 + (1 - y) / (1 - lam) ** 2) * (b * ds) ** 2 - r * b * ds * (1 - 2 * s)
    observed = (X * (w * curv)[:, None]).T @ X
    expected = (X * (w * (b * ds) ** 2 / (lam * (1 - lam)))[:, None]).T @ X
    return grad, observed, expected


def _start(y: np.ndarray, X: np.ndarray, a: float, b: float) -> np.ndarray:
    """The intercept at the moment estimate of the prevalence (kept inside (1 %, 99 %)), the
    slopes at 0."""
    p = min(0.99, max(0.01, (float(y.mean()) - a) / b))
    beta = np.zeros(X.shape[1])
    beta[0] = math.log(p / (1 - p))
    return beta


def multinomial(design: Design, recorded: Sequence[int] | np.ndarray, covariates: np.ndarray,
                names: Sequence[str] | None = None, labels: Sequence[str] | None = None, *,
                weights: np.ndarray | None = None, strata: np.ndarray | None = None,
                clusters: np.ndarray | None = None, population: np.ndarray | None = None) -> Fit:
    """Multinomial logistic regression of the true answer of a k-answer randomized question.

    The true answer is ``c`` with ``π_c(x) = exp(x β_c) / Σ_d exp(x β_d)``, ``β`` of the first
    answer 0 (the reference, as R's ``nnet::multinom``); the recorded answer is ``j`` with
    ``λ_j(x) = Σ_c M[c, j] π_c(x)`` (van den Hout & van der Heijden 2002 for the randomized
    outcome). Newton's method on the exact log-likelihood ``Σ w log λ_y`` with the analytic
    observed information (``∂λ_y / ∂η_j = π_j (M[j, y] − λ_y)``), each step halved until ℓ
    rises. The result is a :class:`Fit` with the coefficients of answers 2..k one after the
    other, named ``ANSWER:TERM``; ``exp(coef)`` is a relative-risk ratio against the first
    answer. Weights, strata and clusters as :func:`logistic` (pseudo-likelihood, sandwich).

    Raises
    ------
    ValueError
        A yes/no design (use :func:`logistic`), shapes that do not fit, answers out of range,
        weights that are not positive, collinear covariates, or a sample design whose
        variance cannot be estimated.
    """
    k = design.categories
    if k < 3:
        raise ValueError("a multinomial model needs a design with more than two answers")
    y = np.asarray(recorded)
    x = np.asarray(covariates, dtype=float)
    if x.ndim == 1:
        x = x[:, None]
    if y.ndim != 1 or x.ndim != 2 or x.shape[0] != y.shape[0]:
        raise ValueError("recorded needs one value per row of covariates")
    if not np.isin(y, np.arange(k)).all() or not np.isfinite(x).all():
        raise ValueError(f"recorded answers must be 0 to {k - 1} and covariates finite numbers")
    names = tuple(names) if names is not None else tuple(f"x{j + 1}" for j in range(x.shape[1]))
    labels = tuple(labels) if labels is not None else tuple(str(c) for c in range(k))
    if len(names) != x.shape[1] or len(labels) != k:
        raise ValueError("one name per covariate and one label per answer")
    X = np.hstack([np.ones((x.shape[0], 1)), x])
    if np.linalg.matrix_rank(X) < X.shape[1]:
        raise ValueError("the covariates are collinear (a dummy for every category, or a constant column)")
    survey = weights is not None or strata is not None or clusters is not None or population is not None
    w = np.ones(y.shape[0]) if weights is None else np.asarray(weights, dtype=float)
    if w.shape != y.shape or not (np.isfinite(w) & (w > 0)).all():
        raise ValueError("one positive weight per respondent")
    m = design.matrix
    p = X.shape[1]
    rows = m[:, y.astype(np.int64)].T  # (n, k): M[c, y_i], the chance of i's record under each truth
    beta = np.zeros((k - 1) * p)
    value = _multi_loglik(beta, X, rows, w)
    converged, steps = False, 0
    for steps in range(1, MAX_STEPS + 1):
        grad, info, _ = _multi_derivatives(beta, X, rows, w)
        try:
            step = np.linalg.solve(info, grad)
            if not np.all(np.linalg.eigvalsh(info) > 0):
                raise np.linalg.LinAlgError
        except np.linalg.LinAlgError:
            step = grad / max(1.0, float(np.abs(grad).max()))  # away from the maximum: a gradient step
        scale = 1.0
        while True:
            trial = beta + scale * step
            new = _multi_loglik(trial, X, rows, w)
            if new >= value or scale < 1e-12:
                break
            scale /= 2
        moved = np.abs(trial - beta).max() / max(1.0, np.abs(beta).max())
        beta, value = trial, new
        if moved < TOLERANCE and steps > 1:
            converged = True
            break
    _, info, scores = _multi_derivatives(beta, X, rows, w)
    cov = np.linalg.pinv(info)
    if survey:
        middle, _, _ = design_covariance(scores, strata, clusters, population)
        cov = cov @ middle @ cov.T
    se = np.sqrt(np.maximum(np.diag(cov), 0.0))
    full = tuple(f"{label}:{term}" for label in labels[1:] for term in ("(Intercept)",) + names)
    return Fit(full, beta, se, float(value), int(y.shape[0]), converged, steps, cov,
               SURVEY_METHOD if survey else MODEL_METHOD)


def _multi_pi(beta: np.ndarray, X: np.ndarray) -> np.ndarray:
    eta = np.hstack([np.zeros((X.shape[0], 1)), X @ beta.reshape(-1, X.shape[1]).T])
    eta -= eta.max(axis=1, keepdims=True)
    e = np.exp(eta)
    return e / e.sum(axis=1, keepdims=True)


def _multi_loglik(beta: np.ndarray, X: np.ndarray, rows: np.ndarray, w: np.ndarray) -> float:
    lam = (_multi_pi(beta, X) * rows).sum(axis=1)
    return float(np.sum(w * np.log(np.maximum(lam, _FLOOR))))


def _multi_derivatives(beta: np.ndarray, X: np.ndarray, rows: np.ndarray,
                       w: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The weighted gradient, the observed information and each respondent's weighted score
    (n, (k − 1) p), over β of answers 2..k."""
    n, p = X.shape
    pi = _multi_pi(beta, X)
    lam = np.maximum((pi * rows).sum(axis=1), _FLOOR)
    # g_j = ∂λ/∂η_j = π_j (M[j, y] − λ), for j = 1..k − 1
    g = pi[:, 1:] * (rows[:, 1:] - lam[:, None])
    d1 = g / lam[:, None]  # ∂ℓ/∂η_j
    scores = (w[:, None, None] * d1[:, :, None] * X[:, None, :]).reshape(n, -1)
    # ∂²λ/∂η_j∂η_l = π_j (δ_jl − π_l)(M[j, y] − λ) − π_j π_l (M[l, y] − λ) = δ_jl g_j − π_l g_j − π_j g_l
    q = pi[:, 1:]
    second = (np.einsum("ij,jl->ijl", g, np.eye(q.shape[1])) - np.einsum("ij,il->ijl", g, q)
              - np.einsum("ij,il->ijl", q, g))
    h = second / lam[:, None, None] - np.einsum("ij,il->ijl", d1, d1)  # ∂²ℓ/∂η_j∂η_l
    info = -np.einsum("i,ijl,ia,ib->jalb", w, h, X, X).reshape(q.shape[1] * p, q.shape[1] * p)
    return scores.sum(axis=0), info, scores


#: The name of the cheating share's row in a :func:`cheating_logistic` fit.
CHEATING = "cheating share"


def cheating_logistic(pair: tuple[Design, Design], recorded: Sequence[int] | np.ndarray, groups: Sequence[int] | np.ndarray,
                      covariates: np.ndarray, names: Sequence[str] | None = None, *,
                      weights: np.ndarray | None = None, strata: np.ndarray | None = None,
                      clusters: np.ndarray | None = None, population: np.ndarray | None = None) -> Fit:
    """Logistic regression of a cheating-detection (cdm) question: the trait among the honest,
    with a constant share of cheaters.

    The two groups' spinners (:class:`rrdesk.core.cdm.CDM`): in group ``g`` an honest carrier is
    recorded YES with ``c_g``, an honest non-carrier with ``u_g``, a cheater never. The share
    ``γ`` of cheaters is a parameter, and among the honest ``1 − γ`` the trait follows
    ``σ(xβ)``, so respondent ``i`` of group ``g`` is recorded YES with

        λ_i = (1 − γ) (u_g + (c_g − u_g) σ(x_i β)),

    RRreg's ``RRlog`` with ``model = "CDMsym"`` and its extra parameter ``gamma`` (Heck &
    Moshagen 2018; its CDM regression leaves the cheaters out of the likelihood, so this one is
    checked against R's ``optim`` on the likelihood above). With the intercept alone it is the
    cheating-detection estimate itself (:func:`rrdesk.core.cdm.estimate`: ``π = (1 − γ) σ(β₀)``,
    inside the triangle). Newton's method with step halving, from Fisher scoring, on
    ``(β, γ)``; the covariance is the inverse observed information (with weights or a sample
    design, the sandwich, as :func:`logistic`). The last coefficient is ``γ`` itself (named
    :data:`CHEATING`), not a log-odds. When the likelihood is highest at ``γ < 0`` (fewer NO
    than honest answers alone give) the fit is at the edge: ``γ = 0``, the logistic model of
    both groups, and ``γ``'s standard error is NaN.

    Raises
    ------
    ValueError
        Spinners that are not yes/no, shapes that do not fit, answers not 0/1, groups not 0/1
        or a group without answers, weights that are not positive, collinear covariates, or a sample design whose variance
        cannot be estimated.
    """
    y = np.asarray(recorded)
    g = np.asarray(groups)
    x = np.asarray(covariates, dtype=float)
    if x.ndim == 1:
        x = x[:, None]
    if any(d.categories != 2 for d in pair):
        raise ValueError("cheating detection needs two yes/no spinners")
    if y.ndim != 1 or g.shape != y.shape or x.ndim != 2 or x.shape[0] != y.shape[0]:
        raise ValueError("recorded and groups need one value per row of covariates")
    if not np.isin(y, (0, 1)).all() or not np.isin(g, (0, 1)).all() or not np.isfinite(x).all():
        raise ValueError("recorded answers and groups must be 0 or 1, and covariates finite numbers")
    if not (g == 0).any() or not (g == 1).any():
        raise ValueError("each of the two groups needs answers: with one, cheating cannot be told from honesty")
    names = tuple(names) if names is not None else tuple(f"x{j + 1}" for j in range(x.shape[1]))
    if len(names) != x.shape[1]:
        raise ValueError(f"{len(names)} names for {x.shape[1]} covariates")
    X = np.hstack([np.ones((x.shape[0], 1)), x])
    if np.linalg.matrix_rank(X) < X.shape[1]:
        raise ValueError("the covariates are collinear (a dummy for every category, or a constant column)")
    survey = weights is not None or strata is not None or clusters is not None or population is not None
    w = np.ones(y.shape[0]) if weights is None else np.asarray(weights, dtype=float)
    if w.shape != y.shape or not (np.isfinite(w) & (w > 0)).all():
        raise ValueError("one positive weight per respondent")
    carrier = np.array([float(d.matrix[1, 1]) for d in pair])[g.astype(np.int64)]
    other = np.array([float(d.matrix[0, 1]) for d in pair])[g.astype(np.int64)]
    u, b = other, carrier - other
    y = y.astype(float)
    theta = _cheating_start(y, g.astype(np.int64), X, pair)
    theta, converged, steps = _cheating_newton(theta, y, X, u, b, w, free=True)
    edge = theta[-1] < 0
    if edge:  # the maximum over γ ≥ 0 is on its edge: the logistic model with γ = 0
        theta[-1] = 0.0
        theta, converged, steps = _cheating_newton(theta, y, X, u, b, w, free=False)
    _, observed, expected, scores = _cheating_derivatives(theta, y, X, u, b, w)
    size = theta.shape[0] - (1 if edge else 0)
    info = observed[:size, :size]
    try:
        inner = np.linalg.inv(info) if np.all(np.linalg.eigvalsh(info) > 0) else np.linalg.inv(expected[:size, :size])
    except np.linalg.LinAlgError:
        inner = np.linalg.pinv(expected[:size, :size])
    if survey:
        middle, _, _ = design_covariance(scores[:, :size], strata, clusters, population)
        inner = inner @ middle @ inner.T
    cov = np.full((theta.shape[0], theta.shape[0]), np.nan)
    cov[:size, :size] = inner
    se = np.sqrt(np.maximum(np.diag(cov), 0.0))
    return Fit(("(Intercept)",) + names + (CHEATING,), theta, se, _cheating_loglik(theta, y, X, u, b, w),
               int(y.shape[0]), converged, steps, cov, SURVEY_METHOD if survey else MODEL_METHOD)


def _cheating_start(y: np.ndarray, g: np.ndarray, X: np.ndarray, pair: tuple[Design, Design]) -> np.ndarray:
    """The two-group moment solution (π, β) of the recorded YES shares, kept inside the triangle:
    ``γ = 1 − π − β`` and the intercept at the trait's share among the honest, slopes 0."""
    lam = np.array([y[g == k].mean() if (g == k).any() else 0.5 for k in (0, 1)])
    m = np.array([[d.matrix[1, 1], d.matrix[0, 1]] for d in pair])
    try:
        pi, beta = np.linalg.solve(m, lam)
    except np.linalg.LinAlgError:
        pi, beta = 0.5, 0.5
    pi, beta = min(max(pi, 0.01), 0.98), min(max(beta, 0.01), 0.98)
    gamma = min(max(1 - pi - beta, 0.01), 0.9)
    share = min(0.99, max(0.01, pi / (pi + beta)))
    theta = np.zeros(X.shape[1] + 1)
    theta[0], theta[-1] = math.log(share / (1 - share)), gamma
    return theta


def _cheating_newton(theta: np.ndarray, y: np.ndarray, X: np.ndarray, u: np.ndarray, b: np.ndarray, w: np.ndarray,
                     *, free: bool) -> tuple[np.ndarray, bool, int]:
    """Newton from Fisher scoring on ``(β, γ)`` (``γ`` held where it is unless ``free``), each
    step halved until ℓ rises and ``γ`` stays below 1."""
    size = theta.shape[0] if free else theta.shape[0] - 1
    value = _cheating_loglik(theta, y, X, u, b, w)
    converged, steps = False, 0
    for steps in range(1, MAX_STEPS + 1):
        grad, observed, expected, _ = _cheating_derivatives(theta, y, X, u, b, w)
        grad, observed, expected = grad[:size], observed[:size, :size], expected[:size, :size]
        info = expected if steps <= SCORING_STEPS or not np.all(np.linalg.eigvalsh(observed) > 0) else observed
        try:
            step = np.linalg.solve(info, grad)
        except np.linalg.LinAlgError:
            step = grad / max(1.0, float(np.abs(grad).max()))
        scale = 1.0
        while True:
            trial = theta.copy()
            trial[:size] += scale * step
            new = _cheating_loglik(trial, y, X, u, b, w) if trial[-1] < 1 else -math.inf
            if new >= value or scale < 1e-12:
                break
            scale /= 2
        if not new >= value:
            trial, new = theta, value
        moved = np.abs(trial - theta).max() / max(1.0, np.abs(theta).max())
        theta, value = trial, new
        if moved < TOLERANCE and steps > SCORING_STEPS:
            converged = True
            break
    return theta, converged, steps


def _cheating_loglik(theta: np.ndarray, y: np.ndarray, X: np.ndarray, u: np.ndarray, b: np.ndarray,
                     w: np.ndarray) -> float:
    lam = (1 - theta[-1]) * (u + b * _sigma(X @ theta[:-1]))
    if not ((lam > 0) & (lam < 1)).all():
        return -math.inf
    return float(np.sum(w * (y * np.log(lam) + (1 - y) * np.log1p(-lam))))


def _cheating_derivatives(theta: np.ndarray, y: np.ndarray, X: np.ndarray, u: np.ndarray, b: np.ndarray,
                          w: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The weighted gradient, observed and expected information over ``(β, γ)``, and each
    respondent's weighted score (n, p + 1)."""
    gamma = theta[-1]
    s = _sigma(X @ theta[:-1])
    ds = s * (1 - s)
    h = u + b * s  # the chance of YES for an honest respondent
    lam = np.clip((1 - gamma) * h, _FLOOR, 1 - 1e-16)
    r = y / lam - (1 - y) / (1 - lam)  # dℓ/dλ
    c = y / lam**2 + (1 - y) / (1 - lam) ** 2  # −d²ℓ/dλ²
    first = np.hstack([X * ((1 - gamma) * b * ds)[:, None], -h[:, None]])  # dλ/dθ per respondent
    scores = first * (w * r)[:, None]
    # d²λ: ββ (1 − γ) b σ'(1 − 2σ) x xᵀ; βγ −b σ' x; γγ 0
    second_bb = (X * (w * r * (1 - gamma) * b * ds * (1 - 2 * s))[:, None]).T @ X
    second_bg = X.T @ (w * r * -b * ds)
    p = X.shape[1]
    second = np.zeros((p + 1, p + 1))
    second[:p, :p], second[:p, p], second[p, :p] = second_bb, second_bg, second_bg
    outer = (first * (w * c)[:, None]).T @ first
    observed = outer - second
    expected = (first * (w / (lam * (1 - lam)))[:, None]).T @ first
    return scores.sum(axis=0), observed, expected, scores
