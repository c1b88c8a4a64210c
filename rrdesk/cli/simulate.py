"""`rrdesk simulate`: arguments in, what was recorded printed (the work: :mod:`rrdesk.app.simulate`)."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from rrdesk.cli.common import EXIT_OK
from rrdesk.core.errors import InputError


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="record N synthetic respondents through the real randomizer and store",
                       description="Record N synthetic, compliant respondents: true answers drawn from --truth "
                                   "(default: 50 %% YES, every choice equally likely, a number uniform over its "
                                   "range), randomized by the spinner and sealed into the data folder, as the "
                                   "desktop app records them; a direct question a relevant condition skips is "
                                   "recorded as skipped. Every record is marked synthetic, and aggregate leaves "
                                   "them out unless --include-synthetic.")
    p.add_argument("survey", metavar="SURVEY", type=Path, help="the survey file (TOML)")
    p.add_argument("--data", metavar="DIR", type=Path, required=True, help="the data folder")
    p.add_argument("-n", metavar="N", type=int, required=True, help="number of respondents")
    p.add_argument("--truth", metavar="SPEC", action="extend", nargs="+", default=[],
                   help="QID=P (share of true YES), QID=CHOICE:P,CHOICE:P,… (shares summing to 1) or, "
                        "for a number question, QID=MIN..MAX (drawn uniformly between them)")
    p.add_argument("--seed", metavar="S", type=int,
                   help="reproducible run: true answers AND the spinner come from a seeded generator "
                        "(never for real data: the spinner is then not the OS CSPRNG)")
    p.add_argument("--force", action="store_true",
                   help="simulate into the desktop app's data folder or under a signed survey all the same "
                        "(the interviews are marked synthetic either way)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rrdesk.app.simulate import refusal, simulate, truth_shares  # why: loaded by this command only
    from rrdesk.core import survey as surveys

    s = surveys.load(args.survey)
    if args.n < 1:
        raise InputError("command line", "-n", "the number of respondents must be at least 1")
    why = None if args.force else refusal(s, args.data)
    if why is not None:
        raise InputError(args.data, "simulate", why)
    result = simulate(s, args.data, args.n, truth_shares(s, args.truth), args.seed)
    if args.json:
        print(json.dumps(result, indent=2))
        return EXIT_OK
    print(f"{args.n} synthetic respondents recorded in {args.data} ({result['records']} sealed records; "
          f"{result['interviews_in_folder']} interviews of {s.id} on this device in all)")
    for q in result["questions"]:
        truth = ", ".join(f"{k} {v:.1%}" for k, v in q["truth"].items())
        reported = ", ".join(f"{k} {v}" for k, v in q["reported"].items())
        skipped = f" (skipped by its relevant condition: {q['skipped']})" if "skipped" in q else ""
        print(f"  {q['id']:<20} true: {truth:<40} recorded: {reported}{skipped}")
    return EXIT_OK
