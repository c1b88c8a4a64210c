"""`rrdesk check SURVEY [--json]`: privacy and precision of a survey, before the field."""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rrdesk.cli.common import EXIT_OK
from rrdesk.core import plan, survey



def add_parser(sub: argparse._SubParsersAction) -> None:
    c = sub.add_parser("check", help="validate a survey; show each question's design, exact ε and margin of error",
                       description="Validate a survey file and show, per question, the spinner's sectors, "
                                   "the exact ε, the truth probability and the margin of error at the "
                                   "planned number of respondents.")
    c.add_argument("survey", metavar="SURVEY", type=Path, help="the survey file (TOML)")
    c.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    c.set_defaults(run=run)


def _question_report(s: survey.Survey, q: survey.Question) -> dict[str, Any]:
    d = q.design
    choices = q.choices or None
    return {
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
        "margin95": plan.margin95(d, s.planned_respondents, max(2, len(q.choices))),
    }


def check_report(s: survey.Survey) -> dict[str, Any]:
    """The `check --json` object (DESIGN.md, "Contracts")."""
    return {
        "survey": s.id,
        "title": s.title,
        "file": str(s.path),
        "languages": list(s.languages),
        "recipients": len(s.recipients),
        "planned_respondents": s.planned_respondents,
        "questions": [_question_report(s, q) for q in s.questions],
        "epsilon_per_respondent": s.epsilon_per_respondent,
        "max_epsilon": s.max_epsilon,
    }


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def run(args: argparse.Namespace) -> int:
    s = survey.load(args.survey)
    report = check_report(s)
    if args.json:
        print(json.dumps(report, indent=2))
        return EXIT_OK
    n = s.planned_respondents
    out = [f"{s.title} ({s.id}) — {args.survey}",
           f"languages {', '.join(s.languages)} · {len(s.recipients)} recipient(s) · "
           f"margins at the planned {n} respondents, 95 %, for a prevalence of 50 %",
           ""]
    head = ("question", "design", "mode", "ε", "truth", "lie ≤", "belief ≤", "margin")
    rows = [head]
    for q in report["questions"]:
        eps = "—" if q["epsilon"] is None else f"{q['epsilon']:.6f}"
        rows.append((q["id"], q["design"], q["answer_mode"] or "direct", eps,
                     "—" if q["truth_probability"] is None else _pct(q["truth_probability"]),
                     "—" if q["lying_probability"] is None else _pct(q["lying_probability"]),
                     "—" if q["posterior_bound"] is None else _pct(q["posterior_bound"]),
                     f"± {_pct(q['margin95'])}"))
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    by_id = {q["id"]: q for q in report["questions"]}
    for r in rows:
        out.append("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
        for sec in by_id.get(r[0], {}).get("sectors", []) if r is not head else []:
            out.append(f"    {sec['probability'] * 100:9.5f} %  {sec['label']}  ({sec['weight']}/2^32)")
    total, cap = s.epsilon_per_respondent, s.max_epsilon
    out += ["", f"ε per respondent: {total:.6f} (cap max_epsilon = {cap:g}: within)",
            "truth: the spinner says to answer truthfully · lie ≤: the most a recorded answer can differ from "
            "the truth · belief ≤: the most anyone can be sure of a respondent's answer, from a 50 % guess"]
    print("\n".join(out))
    return EXIT_OK
