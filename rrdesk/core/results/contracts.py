"""Every ``--json`` contract in one place: ``check``, ``verify`` and ``aggregate``.

Other tools read these objects (``docs/ARCHITECTURE.md``, "Contracts"); a key renamed here
breaks their scripts, so each shape is built here and nowhere else, and
``tests/test_golden.py`` pins the bytes. Pure: data in, plain JSON-ready dicts out.
"""
from __future__ import annotations

from typing import Any, Sequence

from rrdesk.core import plan
from rrdesk.core.estimate import Estimate
from rrdesk.core.problems import Problem
from rrdesk.core.results import fitting
from rrdesk.core.results.fitting import ModelResult
from rrdesk.core.results.model import EMPTY, QuestionResult, Results
from rrdesk.core.survey import Question, Survey

__all__ = ["aggregate_json", "check_json", "verify_json"]


# -- rrdesk check --json ---------------------------------------------------------------------


def check_json(s: Survey, margin: float | None = None) -> dict[str, Any]:
    """The ``check --json`` object; with ``margin``, each question also gets ``needed_n``,
    the respondents for that 95 % margin at a prevalence of 50 %."""
    return {
        "survey": s.id,
        "title": s.title,
        "file": str(s.path),
        "languages": list(s.languages),
        "recipients": len(s.recipients),
        "planned_respondents": s.planned_respondents,
        "questions": [_check_question(s, q, margin) for q in s.questions],
        "epsilon_per_respondent": s.epsilon_per_respondent,
        "max_epsilon": s.max_epsilon,
    }


def _check_question(s: Survey, q: Question, margin: float | None) -> dict[str, Any]:
    d = q.design
    choices = q.choices or None
    categories = max(2, len(q.choices))
    report = {
        "id": q.id,
        "design": q.kind,
        "answer_mode": q.answer_mode,
        "epsilon": None if d is None else d.epsilon,
        "sectors": [] if d is None else [
            {"instruction": sec.instruction.code(choices), "label": sec.instruction.label(choices),
             "weight": sec.weight, "probability": sec.probability} for sec in d.sectors],
        "truth_probability": None if d is None else d.truth_probability,
        "lying_probability": None if d is None else d.lying_probability,
        "posterior_bound": None if d is None else d.posterior_bound,
        "margin95": plan.margin95(d, s.planned_respondents, categories),
        "efficiency": plan.efficiency(d, categories),
    }
    if margin is not None:
        report["needed_n"] = plan.needed_n(d, margin, categories=categories)
    return report


# -- rrdesk verify --json --------------------------------------------------------------------


def verify_json(records: int, files: int, problems: Sequence[Problem]) -> dict[str, Any]:
    """The ``verify --json`` object: intact records, logs read, and every problem."""
    return {"records": records, "files": files, "problems": [p.as_json() for p in problems]}


# -- rrdesk aggregate --json -----------------------------------------------------------------


def aggregate_json(results: Results, problems: Sequence[Problem] = (), **extra: Any) -> dict[str, Any]:
    """The ``aggregate --json`` object; ``extra`` (bundles, skipped, written) goes at the end."""
    s = results.survey
    return {"survey": s.id, "title": s.title,
            "epsilon_per_respondent": s.epsilon_per_respondent,
            "max_epsilon": s.max_epsilon, "by": results.by,
            "questions": [_aggregate_question(r) for r in results.questions],
            "records": results.records, "interviews": results.interviews, "devices": results.devices,
            "problems": [p.as_json() for p in problems],
            **({"model": model_json(results.model)} if results.model is not None else {}), **extra}


def model_json(m: ModelResult) -> dict[str, Any]:
    """``model``: the formula, the outcome, respondents used and left out, the maximized
    log-likelihood, and each coefficient (intercept first) with its odds ratio."""
    fit = m.fit
    return {"formula": m.model.text, "outcome": m.model.outcome.id,
            "covariates": [q.id for q in m.model.covariates],
            "n": None if fit is None else fit.n, "left_out": m.left_out,
            "loglik": None if fit is None else fit.loglik, "converged": None if fit is None else fit.converged,
            "coefficients": [{"term": r["term"], "estimate": r["estimate"], "se": r["se"], "z": r["z"],
                              "p_value": r["p_value"], "odds_ratio": r["odds_ratio"],
                              "odds_ratio_ci95": [r["or_low"], r["or_high"]]} for r in fitting.rows(m)],
            "empty_dummies": list(m.empty), "note": m.note or None,
            "method": "maximum likelihood (Newton, observed information), Wald intervals"}


def _numbers(r: QuestionResult, e: Estimate) -> dict[str, Any]:
    """``n``, ``reported``, ``estimate``, ``se``, ``ci95`` in the contract's shapes."""
    reported = dict(zip(r.labels, e.reported))
    if e.n == 0:  # nothing to estimate from: null, never a made-up 0.5 in [0, 1]
        return {"n": 0, "reported": reported, "estimate": None, "se": None, "ci95": None, "empty": EMPTY}
    if r.yes_no:  # why: for a yes/no question the contract's estimate is the YES prevalence
        return {"n": e.n, "reported": reported, "estimate": e.estimate[1], "se": e.se[1],
                "ci95": list(e.ci95[1])}
    return {"n": e.n, "reported": reported, "estimate": dict(zip(r.labels, e.estimate)),
            "se": dict(zip(r.labels, e.se)), "ci95": {c: list(ci) for c, ci in zip(r.labels, e.ci95)}}


def _aggregate_question(r: QuestionResult) -> dict[str, Any]:
    body = {"id": r.question.id, "design": r.question.kind, "epsilon": r.epsilon,
            **_numbers(r, r.estimate), "method": r.estimate.method,
            "declined": r.declined, "abandoned": r.abandoned, "abandoned_after_spin": r.abandoned_after_spin,
            "noncompliance": r.noncompliance or None}
    if r.groups:
        body["by"] = [{"group": g.name or None, **_numbers(r, g.estimate), "warning": g.warning or None}
                      for g in r.groups]
    return body
