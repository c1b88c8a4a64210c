"""``aggregate --model "QID ~ DIRECT + DIRECT"``: a logistic regression in the report.

The formula names a randomized yes/no question (the outcome) and the directly asked questions
that may explain it (the covariates, as in R's ``rr::rrreg(y ~ x1 + x2)`` or Stata's
``rrlogit y x1 x2``). A question with choices enters as dummies: one per choice but the first,
which is the reference (R's treatment contrasts), named ``QUESTION=CHOICE``; a number question
(``type = "integer"`` or ``"decimal"``) enters as its value, one coefficient per unit, named
``QUESTION``. Respondents whose interview's direct answers are unknown (its start record is
missing), or who skipped a covariate (its relevant condition), are left out and counted.
The fit is :func:`rrdesk.core.regression.logistic`, or for an outcome with several answers
(``kary``) :func:`rrdesk.core.regression.multinomial` (its terms named ``ANSWER:TERM``, against
the first answer), or for a cheating-detection outcome (``cdm``)
:func:`rrdesk.core.regression.cheating_logistic` (the trait among the honest, and a last row
``cheating share``: a share, not a log-odds, so without an odds ratio); this module parses, builds the design matrix from the per-respondent arrays
and arranges the result for the JSON, the CSV and the HTML report.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

import numpy as np

from rrdesk.core import cdm
from rrdesk.core.errors import InputError
from rrdesk.core.plan import Z95
from rrdesk.core.regression import CHEATING, Fit, cheating_logistic, logistic, multinomial, wald
from rrdesk.core.survey import Question, Survey

__all__ = ["Model", "ModelResult", "cheating", "factor_tests", "fit_model", "parse", "rows"]

_ID = r"[A-Za-z0-9_-]+"  # why: a question id is lower-case letters, digits, '-' and '_' (survey rules)


@dataclass(frozen=True)
class Model:
    """A parsed ``--model``: its text, the outcome and the covariates (direct questions)."""

    text: str
    outcome: Question
    covariates: tuple[Question, ...]


@dataclass(frozen=True, eq=False)
class ModelResult:
    """The fitted model: ``fit`` (None when it could not be fitted, ``note`` says why),
    ``left_out``: respondents without their direct answers, ``empty``: dummies left out
    because no respondent gave that answer."""

    model: Model
    fit: Fit | None
    left_out: int
    empty: tuple[str, ...] = ()
    note: str = ""


def parse(survey: Survey, text: str) -> Model:
    """``"QID ~ A + B"`` (or ``"QID ~ 1"``, the intercept alone) against the survey.

    Raises
    ------
    InputError
        The text is not of that form, the outcome is not a randomized question, or a
        covariate is not a question asked directly.
    """
    match = re.fullmatch(rf"\s*({_ID})\s*~\s*(1|{_ID}(?:\s*\+\s*{_ID})*)\s*", text)
    if not match:
        raise InputError("command line", "--model", f'"{text}" is not of the form "QUESTION ~ DIRECT + DIRECT"')
    ids = {q.id: q for q in survey.questions}
    outcome = ids.get(match.group(1))
    if outcome is None or outcome.design is None:
        randomized = ", ".join(q.id for q in survey.randomized) or "it has none"
        raise InputError("command line", "--model", f'"{match.group(1)}" is not a randomized question of the '
                                                     f"survey ({randomized})")
    if outcome.kind == "unrelated_unknown":  # why: the likelihood has π_u beside each respondent's π(x)
        raise InputError("command line", "--model", f'"{outcome.id}" is an unrelated question with an unknown '
                                                     "prevalence: rrdesk fits no regression for it (R's RRreg::RRlog(model = "
                                                     "\"UQTunknown\", group = ...) fits one from answers.csv)")
    names = [] if match.group(2) == "1" else [n.strip() for n in match.group(2).split("+")]
    covariates = []
    for name in names:
        q = ids.get(name)
        if q is None or q.design is not None:
            direct = ", ".join(d.id for d in survey.direct) or "it has none"
            raise InputError("command line", "--model", f'"{name}" is not a question asked directly ({direct})')
        if q in covariates:
            raise InputError("command line", "--model", f'"{name}" is named twice')
        covariates.append(q)
    return Model(text.strip(), outcome, tuple(covariates))


def fit_model(model: Model, recorded: np.ndarray, answers: np.ndarray, *, weights: np.ndarray | None = None,
              strata: np.ndarray | None = None, clusters: np.ndarray | None = None,
              population: np.ndarray | None = None, known: np.ndarray | None = None) -> ModelResult:
    """Fit ``model`` to one row per respondent: ``recorded`` the outcome's recorded answer
    (0 NO, 1 YES; a cdm question's answer + 2 × its group), ``answers[:, j]`` covariate j's direct column (an answer's index, a number's
    units above its minimum; negative: unknown or skipped). With the survey's weights, strata,
    clusters (one per row; ``known`` False where the design's own answers are unknown) and
    population: the weighted pseudo-likelihood with sandwich SEs."""
    design = {"weights": weights, "strata": strata, "clusters": clusters}
    keep = (answers >= 0).all(axis=1) if answers.shape[1] else np.ones(recorded.shape[0], dtype=bool)
    if known is not None:
        keep = keep & known
    y, given = recorded[keep], answers[keep]
    columns, names, empty = [], [], []
    for j, q in enumerate(model.covariates):
        if q.number is not None:  # the value itself: units above the minimum, back to the number
            columns.append((given[:, j] + q.number.low) / q.number.scale)
            names.append(q.id)
            continue
        for c, choice in enumerate(q.answer_ids[1:], start=1):
            column = (given[:, j] == c).astype(float)
            if column.any():
                columns.append(column)
                names.append(f"{q.id}={choice}")
            else:
                empty.append(f"{q.id}={choice}")
    x = np.stack(columns, axis=1) if columns else np.zeros((y.shape[0], 0))
    left_out = int((~keep).sum())
    if y.shape[0] == 0:
        return ModelResult(model, None, left_out, tuple(empty), "no respondent answered the outcome question")
    try:
        sample = {k: None if v is None else v[keep] for k, v in design.items()}
        if model.outcome.kind == "cdm":  # the answer and the group drawn: answer + 2 × group
            fit = cheating_logistic(cdm.of_design(model.outcome.spinner).groups, y % 2, y // 2, x, names=names,
                                    population=population, **sample)
        elif model.outcome.choices:  # several answers: multinomial logit against the first
            fit = multinomial(model.outcome.spinner, y, x, names=names, labels=model.outcome.choices,
                              population=population, **sample)
        else:
            fit = logistic(model.outcome.spinner, y, x, names=names, population=population, **sample)
    except ValueError as error:
        return ModelResult(model, None, left_out, tuple(empty), str(error))
    note = "" if fit.converged else "the fit did not converge (a covariate may separate the answers perfectly)"
    return ModelResult(model, fit, left_out, tuple(empty), note)


def factor_tests(result: ModelResult) -> list[dict[str, float | int | str]]:
    """Per covariate asked with choices: the joint Wald test that all its dummies are 0 (does
    the answer matter at all?) -- ``term``, ``chi2``, ``df``, ``p_value`` -- as R's
    ``car::Anova`` / ``regTermTest`` and Stata's ``testparm``."""
    fit = result.fit
    if fit is None:
        return []
    out: list[dict[str, float | int | str]] = []
    for q in result.model.covariates:
        if q.number is not None:
            continue
        # a k-answer outcome names its terms ANSWER:TERM: the test takes the question's dummies of every answer
        idx = [i for i, name in enumerate(fit.names) if name.split(":", 1)[-1].startswith(f"{q.id}=")]
        if not idx:
            continue
        try:
            statistic, df, p = wald(fit, idx)
        except ValueError:
            continue
        out.append({"term": q.id, "chi2": statistic, "df": df, "p_value": p})
    return out


def rows(result: ModelResult) -> list[dict[str, float | str]]:
    """One row per coefficient: ``term``, ``estimate``, ``se``, ``z``, ``p_value``,
    ``odds_ratio`` and its 95 % interval ``or_low``, ``or_high`` (Wald)."""
    fit = result.fit
    if fit is None:
        return []
    out: list[dict[str, float | str]] = []
    for name, b, se, (lo, hi) in zip(fit.names, fit.coef, fit.se, fit.ci95):
        z = float(b / se) if se > 0 else float("nan")
        p = 2 * (1 - NormalDist().cdf(abs(z))) if se > 0 else float("nan")
        ratio = (float(np.exp(b)), float(np.exp(lo)), float(np.exp(hi))) if name != CHEATING else (float("nan"),) * 3
        out.append({"term": name, "estimate": float(b), "se": float(se), "z": z, "p_value": p,
                    "odds_ratio": ratio[0], "or_low": ratio[1], "or_high": ratio[2]})
    return out


def cheating(result: ModelResult) -> dict[str, Any] | None:
    """A cdm outcome's cheating share: ``estimate``, ``se`` (None at the edge γ = 0, where the
    likelihood peaked below it) and the Wald ``ci95`` clipped to [0, 1]; None for other outcomes."""
    fit = result.fit
    if fit is None or not fit.names or fit.names[-1] != CHEATING:
        return None
    gamma, se = float(fit.coef[-1]), float(fit.se[-1])
    if not np.isfinite(se):
        return {"estimate": gamma, "se": None, "ci95": None}
    return {"estimate": gamma, "se": se, "ci95": (max(0.0, gamma - Z95 * se), min(1.0, gamma + Z95 * se))}
