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
    p.add_argument("--interviewer", metavar="ID",
                   help="record every interview with this interviewer id (one of the survey's interviewers "
                        "when it lists any); default: the survey's interviewers in turn, else 'simulated'")
    p.add_argument("--noncompliance", metavar="SHARE", default="0",
                   help="the share of respondents (each drawn at random) who spin and then say NO whatever "
                        "the spinner says, on every randomized question: NO, or a k-ary question's first "
                        "choice (its least sensitive answer); default 0")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rrdesk.app.simulate import (  # why: loaded by this command only
        noncompliance_share,
        refusal,
        simulate,
        team,
        truth_shares,
    )
    from rrdesk.core import survey as surveys

    s = surveys.load(args.survey)
    if args.n < 1:
        raise InputError("command line", "-n", "the number of respondents must be at least 1")
    share = noncompliance_share(args.noncompliance)
    team(s, args.interviewer)  # why before the refusal: a wrong id is the first thing to fix
    why = None if args.force else refusal(s, args.data)
    if why is not None:
        raise InputError(args.data, "simulate", why)
    result = simulate(s, args.data, args.n, truth_shares(s, args.truth), args.seed,
                      interviewer=args.interviewer, noncompliance=share)
    if args.json:
        print(json.dumps(result, indent=2))
        return EXIT_OK
    print(f"{args.n} synthetic respondents recorded in {args.data} ({result['records']} sealed records; "
          f"{result['interviews_in_folder']} interviews of {s.id} on this device in all)")
    if args.interviewer is not None or share:  # why only then: the usual run prints what it always did
        print(f"  interviewer(s): {', '.join(result['interviewers'])}; said NO whatever the spinner said: "
              f"{result['noncompliant']} of {args.n}")
    for q in result["questions"]:
        truth = ", ".join(f"{k} {v:.1%}" for k, v in q["truth"].items())
        reported = ", ".join(f"{k} {v}" for k, v in q["reported"].items())
        skipped = f" (skipped by its relevant condition: {q['skipped']})" if "skipped" in q else ""
        print(f"  {q['id']:<20} true: {truth:<40} recorded: {reported}{skipped}")
    return EXIT_OK
