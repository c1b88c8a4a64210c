"""Every ``--json`` contract in one place: ``check``, ``verify`` and ``aggregate``.

Other tools read these objects (``docs/ARCHITECTURE.md``, "Contracts"); a key renamed here
breaks their scripts, so each shape is built here and nowhere else, and
``tests/test_golden.py`` pins the bytes. Pure: data in, plain JSON-ready dicts out.
"""
from __future__ import annotations

import math
from typing import Any, Sequence

from rrdesk.core import cdm, disclosure, plan, uqt
from rrdesk.core.estimate import Estimate, Weighted
from rrdesk.core.fieldwork import Fieldwork
from rrdesk.core.problems import Problem
from rrdesk.core.regression import CHEATING
from rrdesk.core.results import fitting
from rrdesk.core.results.fitting import ModelResult
from rrdesk.core.results.model import EMPTY, QuestionResult, Results
from rrdesk.core.survey import Question, Survey

__all__ = ["aggregate_json", "check_json", "fieldwork_json", "verify_json", "versions_json"]


# -- rrdesk check --json ---------------------------------------------------------------------


def check_json(s: Survey, margin: float | None = None, *, by: str | None = None,
               difference: float | None = None, deff: float | None = None) -> dict[str, Any]:
    """The ``check --json`` object; with ``margin``, each question also gets ``needed_n``,
    the respondents for that 95 % margin in the worst case (and with ``by``, ``needed_by``:
    that many in every group of ``by``); with ``difference``, ``power``: the chance of
    detecting that difference between two groups of the planned respondents. With ``deff``,
    an assumed design effect (a cluster sample's variance over a simple random sample's):
    margins grow by √deff, the respondents needed and the power are those of ``n / deff``
    respondents drawn one by one, and the object says so (``design_effect``)."""
    return {
        "survey": s.id,
        "title": s.title,
        "file": str(s.path),
        "languages": list(s.languages),
        "recipients": len(s.recipients),
        "planned_respondents": s.planned_respondents,
        "questions": [_check_question(s, q, margin, by, difference, deff or 1.0) for q in s.questions],
        "epsilon_per_respondent": s.epsilon_per_respondent,
        "max_epsilon": s.max_epsilon,
        "outside_epsilon": disclosure.statements(s.record_duration),
        **({} if deff is None else {"design_effect": deff}),
    }


def _check_question(s: Survey, q: Question, margin: float | None, by: str | None = None,
                    difference: float | None = None, deff: float = 1.0) -> dict[str, Any]:
    d = q.design
    choices = q.choices or None
    categories = max(2, len(q.choices) if q.number is None else len(q.groups))  # a number: a share per bin
    report: dict[str, Any] = {
        "id": q.id,
        "design": q.kind,
        "answer_mode": q.answer_mode,
        "epsilon": None if d is None else q.epsilon,
        "sectors": [] if d is None else [
            {"instruction": sec.instruction.code(choices), "label": sec.instruction.label(choices),
             "weight": sec.weight, "probability": sec.probability} for sec in d.sectors],
        "truth_probability": None if d is None else d.truth_probability,
        "lying_probability": None if d is None else d.lying_probability,
        "posterior_bound": None if d is None else d.posterior_bound,
        "number": _number(q),  # a direct number question's range and bins; null otherwise
        "relevant": q.relevant_text,  # a direct question's skip condition; null when always asked
        "margin95": plan.margin95(d, s.planned_respondents, categories),
        "efficiency": plan.efficiency(d, categories),
    }
    if q.kind == "unrelated":  # its ε rests on the innocuous answer being unknown to everyone
        report["assumes"] = (f"ε = {q.spinner.epsilon:.4f} holds only if nobody can know the respondent's answer "
                             "to the other (innocuous) question; against someone who knows it (an employer knows "
                             "a birth date) ε is infinite: ask about something no one can look up")
    if q.kind == "unrelated_unknown":
        assert q.unrelated_between is not None  # why: the loader sets it for every such question
        low, high = q.unrelated_between
        report["assumes"] = (f"ε = {q.epsilon:.4f} is the worst case for an innocuous YES share between {low:g} and "
                             f"{high:g}, assumed, not known (it is estimated, and reported, with the answers); "
                             "outside that range ε is larger, and against someone who knows the respondent's "
                             "answer to the other question it is infinite")
    if q.two_groups:  # each group's spinner (the sectors above are group A's); the privacy figures: the worst group's
        worst = max(q.group_spinners, key=lambda g: g.epsilon)
        report["lying_probability"] = max(g.lying_probability for g in q.group_spinners)
        report["posterior_bound"] = worst.posterior_bound
        report["groups"] = [[{"instruction": sec.instruction.code(choices), "label": sec.instruction.label(choices),
                              "weight": sec.weight, "probability": sec.probability} for sec in g.sectors]
                            for g in q.group_spinners]
    if q.kind == "unrelated_unknown":  # π from two groups and an unknown π_u: far wider than one spinner's
        assert q.unrelated_between is not None
        known = uqt.pair(*q.group_spinners, q.unrelated_between)
        report["margin95"] = uqt.margin95(known, s.planned_respondents)
        report["efficiency"] = (plan.margin95(None, s.planned_respondents) / report["margin95"]) ** 2
    if q.kind == "cdm":  # the three shares from two groups: far wider than one spinner's margin
        pair = cdm.of_design(q.spinner)
        report["margin95"] = cdm.margin95(pair, s.planned_respondents)
        report["efficiency"] = (plan.margin95(None, s.planned_respondents) / report["margin95"]) ** 2
    root = deff ** 0.5  # why: margins fall as 1/√n, and a design effect deff makes n worth n / deff
    report["margin95"] *= root
    if margin is not None:
        report["needed_n"] = (cdm.needed_n(cdm.of_design(q.spinner), margin / root) if q.kind == "cdm"
                              else uqt.needed_n(uqt.pair(*q.group_spinners, q.unrelated_between or (0, 1)),
                                                margin / root) if q.kind == "unrelated_unknown"
                              else plan.needed_n(d, margin / root, categories=categories))
        if by is not None and q.id != by:
            groups = len(s.question(by).groups)  # its answers, or a number question's bins
            report["needed_by"] = {"field": by, "groups": groups, "group_names": list(s.question(by).groups),
                                   "per_group": report["needed_n"], "total": groups * report["needed_n"]}
    if difference is not None:
        report["power"] = _power(s, q, difference, by, deff)
    return report


def _number(q: Question) -> dict[str, Any] | None:
    """``type``, ``min``, ``max``, ``decimals`` and ``bins`` (their names) of a number question."""
    n = q.number
    if n is None:
        return None
    return {"type": n.type, "min": n.value(n.low), "max": n.value(n.high), "decimals": n.decimals,
            "bins": list(n.labels)}


def _power(s: Survey, q: Question, difference: float, by: str | None, deff: float = 1.0) -> dict[str, Any] | None:
    """The chance of detecting ``difference`` between two groups (the planned respondents in
    halves, or two of ``by``'s groups of equal size), around the worst-case prevalence."""
    if q.choices:  # yes/no questions only: a difference of one prevalence
        return None
    groups = len(s.question(by).groups) if by is not None else 2
    size = s.planned_respondents // groups
    if q.kind == "cdm":  # the truthful-YES share of two spinner groups, with an assumed cheating share
        pair, cheating = cdm.of_design(q.spinner), cdm.PLANNED_CHEATING
        if difference > 1 - cheating:
            return None
        centre = cdm.worst_centre(pair, difference, cheating)
        low, high = centre - difference / 2, centre + difference / 2
        worth = size / deff  # the respondents drawn one by one that the group is worth
        near = worth < 2 or min(cdm.edge_distance(pair, worth, p, 1 - p - cheating) for p in (low, high)) < 1
        return {"difference": difference, "group_size": size, "prevalences": [low, high], "cheating": cheating,
                "power": cdm.power_difference(pair, worth, worth, low, high, cheating) if worth >= 2 else 0.0,
                "approximate": near}
    if q.kind == "unrelated_unknown":  # the sensitive share, at the worst innocuous prevalence in its range
        known = uqt.pair(*q.group_spinners, q.unrelated_between or (0, 1))
        power, low, high = uqt.power_difference(known, size / deff, difference)
        return {"difference": difference, "group_size": size, "prevalences": [low, high], "cheating": None,
                "power": power, "approximate": False}
    centre = min(max(plan.worst_prevalence(q.design, 2), difference / 2), 1 - difference / 2)
    low, high = centre - difference / 2, centre + difference / 2
    return {"difference": difference, "group_size": size, "prevalences": [low, high], "cheating": None,
            "power": plan.power_difference(q.design, size / deff, size / deff, low, high) if size > 0 else 0.0,
            "approximate": False}


# -- rrdesk verify --json --------------------------------------------------------------------


def verify_json(records: int, files: int, problems: Sequence[Problem],
                warnings: Sequence[Problem] = ()) -> dict[str, Any]:
    """The ``verify --json`` object: intact records, logs read, every problem, and -- only when
    there are some -- the warnings (implausible record days: not damage)."""
    found = {"records": records, "files": files, "problems": [p.as_json() for p in problems]}
    if warnings:
        found["warnings"] = [p.as_json() for p in warnings]
    return found


# -- rrdesk aggregate --json -----------------------------------------------------------------


def aggregate_json(results: Results, problems: Sequence[Problem] = (), **extra: Any) -> dict[str, Any]:
    """The ``aggregate --json`` object; ``extra`` (bundles, skipped, written) goes at the end."""
    s = results.survey
    return {"survey": s.id, "title": s.title,
            "epsilon_per_respondent": s.epsilon_per_respondent,
            "max_epsilon": s.max_epsilon, "outside_epsilon": disclosure.statements(s.record_duration), "by": results.by,
            "questions": [_aggregate_question(r) for r in results.questions],
            "records": results.records, "interviews": results.interviews, "devices": results.devices,
            "refused": results.refused, "response_rate": results.response_rate,
            "problems": [p.as_json() for p in problems],
            **({"model": model_json(results.model)} if results.model is not None else {}), **extra}


def versions_json(versions: Sequence[str], by_version: Sequence[tuple[str, Results]]) -> dict[str, Any]:
    """With records of several survey versions: ``pooled_versions`` (the versions the estimates
    above pool) and ``versions`` (each version alone -- ``version``, ``questions``, ``records``,
    ``interviews``, ``refused``, ``response_rate`` -- when they read differently; else empty)."""
    if len(versions) < 2:
        return {}
    return {"pooled_versions": list(versions),
            "versions": [{"version": v, "questions": [_aggregate_question(r) for r in found.questions],
                          "records": found.records, "interviews": found.interviews, "refused": found.refused,
                          "response_rate": found.response_rate} for v, found in by_version]}


def fieldwork_json(work: Fieldwork) -> dict[str, Any]:
    """``fieldwork``: ``rows`` (per laptop, interviewer, version and day: the counts, and
    ``declined`` and ``abandoned`` per randomized question), ``interviewers`` (each ``id``, the
    counts, ``laptops``, ``first_day``, ``last_day``, ``days`` -- interviews begun per day --,
    ``median_minutes`` and ``flags``: each ``check``, ``question``, ``figure``, ``p_value``,
    ``p_adjusted``, ``sentence``), ``laptops`` (each ``name``, ``device``, ``bundles`` with their
    ``exported`` times, ``synthetic_left_out`` and ``custody``: one sentence per kind of custody
    event), ``progress`` (``planned``, ``completed``, ``share``, ``by``, ``groups``) and
    ``alpha``, the family-wise false-alarm level of each check. Counts only, never an answer."""
    p = work.progress
    return {
        "first_day": work.first_day or None, "last_day": work.last_day or None,
        "rows": [{"laptop": r.laptop, "interviewer": r.interviewer, "version": r.version, "day": r.day,
                  **r.counts.as_json(), "declined": dict(r.declined), "abandoned": dict(r.abandoned)}
                 for r in work.rows],
        "interviewers": [{"id": i.id, **i.counts.as_json(), "laptops": list(i.laptops), "first_day": i.first_day,
                          "last_day": i.last_day, "days": [{"day": d, "started": n} for d, n in i.per_day],
                          "median_minutes": i.median_minutes, "flags": [f.as_json() for f in i.flags]}
                         for i in work.interviewers],
        "laptops": [{"name": lap.name, "device": lap.device,
                     "bundles": [{"file": b.file, "exported": b.exported} for b in lap.bundles],
                     "synthetic_left_out": lap.synthetic_left_out, "custody": list(lap.custody)}
                    for lap in work.laptops],
        "progress": {"planned": p.planned, "completed": p.completed,
                     "share": None if p.share is None else round(p.share, 4), "by": p.by,
                     "groups": [{"group": g, "completed": n} for g, n in p.groups]},
        "alpha": work.alpha,
    }


def model_json(m: ModelResult) -> dict[str, Any]:
    """``model``: the formula, the outcome, respondents used and left out, the maximized
    log-likelihood, and each coefficient (intercept first) with its odds ratio; for a cdm
    outcome also ``cheating`` (:func:`rrdesk.core.results.fitting.cheating`), whose row has no
    odds ratio (null)."""
    fit = m.fit
    return {"formula": m.model.text, "outcome": m.model.outcome.id,
            "covariates": [q.id for q in m.model.covariates],
            "n": None if fit is None else fit.n, "left_out": m.left_out,
            "loglik": None if fit is None else fit.loglik, "converged": None if fit is None else fit.converged,
            "coefficients": [{"term": r["term"], "estimate": r["estimate"], "se": _finite(r["se"]), "z": _finite(r["z"]),
                              "p_value": _finite(r["p_value"]), "odds_ratio": _finite(r["odds_ratio"]),
                              "odds_ratio_ci95": None if r["term"] == CHEATING else [r["or_low"], r["or_high"]]}
                             for r in fitting.rows(m)],
            **({"cheating": fitting.cheating(m)} if m.model.outcome.kind == "cdm" else {}),
            "factor_tests": fitting.factor_tests(m),
            "empty_dummies": list(m.empty), "note": m.note or None,
            "method": "maximum likelihood (Newton, observed information), Wald intervals" if fit is None
            else fit.method}


def _finite(x: float | str) -> float | str | None:
    """JSON has no NaN: null for a number that is not finite (a cheating share's SE at its edge)."""
    return None if isinstance(x, float) and not math.isfinite(x) else x


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
    if r.question.kind == "cdm":
        c = r.cheating
        body["cheating"] = None if c is None else {
            "estimate": c.estimate, "se": c.se, "ci95": {k: list(v) for k, v in c.ci95.items()},
            "n": {"a": c.n[0], "b": c.n[1]}, "boundary": c.boundary}
    if r.question.kind == "unrelated_unknown":  # the sensitive share π and the innocuous one π_u
        u = r.innocuous
        body["innocuous"] = None if u is None else {
            "estimate": u.estimate, "se": u.se, "ci95": {k: list(v) for k, v in u.ci95.items()},
            "n": {"a": u.n[0], "b": u.n[1]}, "boundary": u.boundary}
    if r.weighted is not None or r.weight_left_out:
        body["weighted"] = _weighted(r)
    if r.groups:
        body["by"] = [{"group": g.name or None, **_numbers(r, g.estimate), "warning": g.warning or None,
                       **({"weighted": {"n": g.weighted.n, **_weighted_numbers(r, g.weighted)}}
                          if g.weighted is not None else {})}
                      for g in r.groups]
    return body


def _weighted(r: QuestionResult) -> dict[str, Any] | None:
    """``weighted`` (a survey with ``[weight]``): the weighted estimate, its linearized SE and
    Korn–Graubard interval, the effective n, in the shapes of the unweighted numbers."""
    w = r.weighted
    if w is None:
        return {"n": 0, "left_out": r.weight_left_out, "estimate": None, "se": None, "ci95": None,
                "empty": "fewer than two answers with a known weight"}
    return {"n": w.n, "left_out": r.weight_left_out, **_weighted_numbers(r, w)}


def _weighted_numbers(r: QuestionResult, w: Weighted) -> dict[str, Any]:
    """A design-based estimate's numbers in the shapes of the unweighted ones (a subgroup's too)."""
    pick = (lambda v: v[1]) if r.yes_no else (lambda v: dict(zip(r.labels, v)))
    return {"sum_of_weights": w.total,
            "estimate": pick([float(x) for x in w.estimate]), "se": pick([float(x) for x in w.se]),
            "ci95": pick([[float(lo), float(hi)] for lo, hi in w.ci95]),
            "n_effective": pick([float(x) for x in w.n_effective]), "method": w.method,
            "deff": None if w.deff is None else pick([None if x != x else float(x) for x in w.deff]),
            "strata": w.strata, "clusters": w.clusters}
