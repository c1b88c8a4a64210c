"""`rrdesk check SURVEY [--json] [--margin M [--by FIELD]] [--difference D]`: arguments in, the table or JSON printed (:mod:`rrdesk.app.check`)."""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rrdesk.cli.common import EXIT_OK
from rrdesk.core.bech32 import is_age_hybrid_recipient


def add_parser(sub: argparse._SubParsersAction) -> None:
    c = sub.add_parser("check", help="validate a survey; show each question's design, exact ε and margin of error",
                       description="Validate a survey file and show, per question, the spinner's sectors, "
                                   "the exact ε, the truth probability and the margin of error at the "
                                   "planned number of respondents.")
    c.add_argument("survey", metavar="SURVEY", type=Path, help="the survey file (TOML)")
    c.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    c.add_argument("--margin", metavar="M", type=_margin_arg,
                   help="also show, per question, the respondents needed for a 95 %% margin of ± M "
                        "in the worst case over prevalences (e.g. 0.05)")
    c.add_argument("--by", metavar="FIELD",
                   help="with --margin: the respondents for that margin in every group of this directly "
                        "asked question")
    c.add_argument("--difference", metavar="D", type=_margin_arg,
                   help="also show the power to detect a difference D between two groups (e.g. 0.1)")
    c.add_argument("--deff", metavar="D", type=_deff_arg,
                   help="plan for a clustered sample with this design effect (e.g. 1.5: its variance over a "
                        "simple random sample's): margins grow by √D, the respondents needed by D")
    c.set_defaults(run=run)


def _margin_arg(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    # why the floor: below ± 0.0001 % the answer (billions of respondents) means nothing;
    # the comparison also rejects nan and inf
    if not 1e-6 <= value < 1:
        raise argparse.ArgumentTypeError(f"must be between 0.000001 and 1 (e.g. 0.05 for ± 5 %), not {text}")
    return value


def _deff_arg(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0.1 <= value <= 100:  # also rejects nan and inf
        raise argparse.ArgumentTypeError(f"must be between 0.1 and 100 (e.g. 1.5), not {text}")
    return value


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _precision_heading(margin: float | None) -> str:
    if margin is None:
        return "precision against asking directly (at a prevalence of 50 %):"
    return (f"precision against asking directly, and respondents for a 95 % margin of ± {_pct(margin)} "
            "(worst case):")


def _precision_line(q: dict[str, Any], margin: float | None) -> str:
    if q["epsilon"] is None:
        line = "asked directly"
        if q["number"]:
            n = q["number"]
            kind = "a whole number" if n["type"] == "integer" else f"a number with {n['decimals']} decimal(s)"
            bins = n["bins"]  # why shortened: a site number may have 200 bins, one a site
            shown = ", ".join(bins) if len(bins) <= 12 else f"in {len(bins)} bins, {', '.join(bins[:3])} … {bins[-1]}"
            line += f": {kind} from {n['min']:g} to {n['max']:g}, grouped {shown}"
        if q["relevant"]:
            line += f"; only when {q['relevant']}"
    else:
        line = (f"a direct question would need {_pct(q['efficiency'])} of the respondents "
                "for the same margin")
    if margin is not None:
        line += f" · ± {_pct(margin)} needs {q['needed_n']} respondents"
    if q.get("needed_by"):
        g = q["needed_by"]
        line += f" ({g['per_group']} in each of the {g['groups']} groups of {g['field']}: {g['total']} in all)"
    if q.get("power"):
        p = q["power"]
        line += (f" · power {_pct(p['power'])} to tell {_pct(p['prevalences'][0])} from "
                 f"{_pct(p['prevalences'][1])} in two groups of {p['group_size']}")
        if p.get("cheating") is not None:
            line += f" (truthful YES, if {_pct(p['cheating'])} cheat in both)"
        if p.get("approximate"):
            line += "; too few respondents for this figure: the test will have less power"
    return line


def _setup_line(s: Any) -> str:
    """What else the file sets, so that a typo there shows before the field: the version every
    interview records, the interviewers, the consent screen, the survey weights."""
    weights = (f"weights by {s.weight_question}: " + ", ".join(f"{c} {w:g}" for c, w in
                                                              zip(s.question(s.weight_question).choices, s.weights))
               if s.weight_question else "no survey weights")
    return " · ".join([f"version {s.version}",
                       f"interviewers {', '.join(s.interviewers)}" if s.interviewers else "interviewers: any name",
                       f"consent screen in {', '.join(s.consent)}" if s.consent else "no consent screen",
                       weights])


def _signature_line(signature: dict[str, Any], path: Path) -> str:
    if signature["signed"]:
        return f"signed by key {signature['signer']} ({path.name}.minisig verified): laptops pin this signer"
    return (f"unsigned: nothing pins it, so a laptop accepts any edit to it; sign it with "
            f"rrdesk sign {path.name} -k IDENTITY before fieldwork")


def run(args: argparse.Namespace) -> int:
    from rrdesk.app.check import check  # why: here, so other commands never load numpy for it
    from rrdesk.core import survey as surveys
    from rrdesk.core.errors import SurveyError

    try:
        s, report = check(args.survey, args.margin, by=args.by, difference=args.difference, deff=args.deff)
    except SurveyError as first:  # every problem of the file, as far as one does not hide the next
        raise surveys.every_problem(args.survey, first) from None
    if args.json:
        print(json.dumps(report, indent=2))
        return EXIT_OK
    n = s.planned_respondents
    pq = sum(map(is_age_hybrid_recipient, s.recipients))
    out = [f"{s.title} ({s.id}) — {args.survey}",
           f"languages {', '.join(s.languages)} · {len(s.recipients)} recipient(s)"
           f"{f', {pq} post-quantum' if pq else ''} · "
           f"margins at the planned {n} respondents, 95 %, in the worst case over prevalences"
           + (f", for a design effect of {args.deff:g}" if args.deff is not None else ""),
           _setup_line(s),
           _signature_line(report["signature"], args.survey)]
    if "sounds" in report:  # one line: they play, or why they were not tried (the other checks were made)
        heard = report["sounds"]
        out.append(f"sounds: {heard['files']} file(s), " + ("each plays to its end" if heard["played"]
                                                           else heard["note"]))
    if 0 < pq < len(s.recipients):
        out.append("recipients: post-quantum and ordinary (age1…) recipients mixed: every record is only as strong "
                   "as the ordinary one, open to a future quantum computer; keep such an overlap short")
    out.append("")
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
        q = by_id.get(r[0], {}) if r is not head else {}
        # a two-group question: each group's spinner under its name (the row's figures are group A's)
        for name, sectors in zip(("group A", "group B"), q["groups"]) if "groups" in q else [("", q.get("sectors", []))]:
            if name:
                out.append(f"    {name}:")
            for sec in sectors:
                out.append(f"    {sec['probability'] * 100:9.5f} %  {sec['label']}  ({sec['weight']}/2^32)")
    out += ["", _precision_heading(args.margin)]
    id_width = max(len(q["id"]) for q in report["questions"]) if report["questions"] else 0
    for q in report["questions"]:
        out.append(f"  {q['id'].ljust(id_width)}  {_precision_line(q, args.margin)}")
    assumed = [q for q in report["questions"] if "assumes" in q]
    if assumed:
        out.append("")
        out += [f"assumes: {q['id']}'s {q['assumes']}" for q in assumed]
    total, cap = s.epsilon_per_respondent, s.max_epsilon
    out += ["", f"ε per respondent: {total:.6f} (cap max_epsilon = {cap:g}: within)",
            "truth: the spinner says to answer truthfully · lie ≤: the most a recorded answer can differ from "
            "the truth · belief ≤: the most anyone can be sure of a respondent's answer, from a 50 % guess",
            "", "outside ε: " + report["outside_epsilon"]["summary"],
            *(f"  {text}" for key, text in report["outside_epsilon"].items() if key != "summary")]
    print("\n".join(out))
    return EXIT_OK
