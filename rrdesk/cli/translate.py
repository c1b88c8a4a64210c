"""`rrdesk translate`: a translator's template of the respondent's words (the work:
:mod:`rrdesk.app.translate`)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rrdesk.cli.common import EXIT_OK


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("translate", help="write a template of the respondent's words for a translator",
                       description="Write every text a respondent can see (with --survey: every text that "
                                   "survey can show), with where it is shown and its English, for a translator "
                                   "to fill in. -o FILE.toml: a [wording.LANG] table to fill in a text editor and "
                                   "paste at the end of the survey file; -o FILE.csv: the same as a spreadsheet. "
                                   "--from FILLED.csv turns a filled spreadsheet into the table to paste.")
    p.add_argument("lang", metavar="LANG", help='the language code, as in the survey\'s languages ("sw", "pt-BR")')
    p.add_argument("--survey", metavar="FILE", type=Path, help="only the texts this survey shows, and its "
                                                                "own words for LANG filled in")
    p.add_argument("--from", dest="sheet", metavar="FILLED.csv", type=Path,
                   help="a filled spreadsheet: write its [wording.LANG] table instead of a template")
    p.add_argument("-o", dest="out", metavar="FILE", type=Path, required=True,
                   help="where to write (.toml or .csv)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rrdesk.app.translate import write  # why: loaded by this command only

    count = write(args.lang, args.out, survey=args.survey, sheet=args.sheet)
    what = "translated texts" if args.sheet is not None else "texts to translate"
    print(f"{args.out}: {count} {what}", file=sys.stderr)
    return EXIT_OK
