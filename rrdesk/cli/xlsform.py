"""`rrdesk import-xlsform FORM.xlsx -o SURVEY.toml` and `rrdesk export-xlsform SURVEY.toml -o
FORM.xlsx`: arguments in, one line out (:mod:`rrdesk.app.xlsform`)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rrdesk.cli.common import EXIT_OK


def add_parsers(sub: argparse._SubParsersAction) -> None:
    i = sub.add_parser("import-xlsform", help="make a survey file from an XLSForm spreadsheet (.xlsx)",
                       description="Read the sheets survey, choices and settings of an XLSForm (as ODK, "
                                   "Kobo and SurveyCTO use) with rrdesk's own columns for the randomized "
                                   "questions, check the survey, and write it as a survey file. "
                                   "docs/survey-format.md (XLSForm) lists the columns; "
                                   "resources/xlsform-template.xlsx is a form to start from.")
    i.add_argument("form", metavar="FORM.xlsx", type=Path, help="the XLSForm workbook")
    i.add_argument("-o", "--output", metavar="SURVEY.toml", type=Path, required=True,
                   help="the survey file to write")
    i.add_argument("--force", action="store_true",
                   help="replace the output file even if import-xlsform did not make it")
    i.set_defaults(run=run_import)
    e = sub.add_parser("export-xlsform", help="write a survey file as an XLSForm spreadsheet (.xlsx)",
                       description="Check a survey file and write it as an XLSForm workbook "
                                   "(sheets survey, choices, settings) that import-xlsform reads back "
                                   "to the same survey.")
    e.add_argument("survey", metavar="SURVEY.toml", type=Path, help="the survey file")
    e.add_argument("-o", "--output", metavar="FORM.xlsx", type=Path, required=True,
                   help="the workbook to write")
    e.add_argument("--force", action="store_true", help="replace the output file if it exists")
    e.set_defaults(run=run_export)


def run_import(args: argparse.Namespace) -> int:
    from rrdesk.app.xlsform import import_xlsform  # why lazy: openpyxl only for these commands
    made = import_xlsform(args.form, args.output, force=args.force)
    survey = made.survey
    for note in made.notes:  # what the form holds that rrdesk reads and leaves out, said once
        print(f"rrdesk: note: {note}", file=sys.stderr)
    print(f"{args.output}: {len(survey.questions)} questions ({len(survey.randomized)} randomized), "
          f"languages {', '.join(survey.languages)}, ε per respondent "
          f"{survey.epsilon_per_respondent:.6f}; next: rrdesk check {args.output}")
    return EXIT_OK


def run_export(args: argparse.Namespace) -> int:
    from rrdesk.app.xlsform import export_xlsform
    survey = export_xlsform(args.survey, args.output, force=args.force)
    sheets = "survey, choices, settings" + (", wording" if survey.wording or survey.wording_audio else "")
    print(f"{args.output}: {len(survey.questions)} questions written (sheets {sheets})")
    return EXIT_OK
