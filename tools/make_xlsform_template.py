"""Write resources/xlsform-template.xlsx: an XLSForm to start a survey from.

    python tools/make_xlsform_template.py [--out resources/xlsform-template.xlsx]

The template is a small, complete survey (one question of each design, in English) with the
recipients left empty, so `rrdesk import-xlsform` says what to fill before anything else; a
sheet "help" explains every column (docs/survey-format.md, "XLSForm", says the same at length).
tests/test_xlsform.py checks that the committed file holds what this script writes and that,
once a recipient is filled in, it imports to a survey `rrdesk check` accepts. A developer tool,
not part of the package; re-run it when the columns change and commit the result.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # why: run from a checkout, installed or not

from rrdesk.app.xlsform import workbook_bytes  # noqa: E402
from rrdesk.core.fileio import write_atomic  # noqa: E402

EN = "label::English (en)"

SURVEY = [
    ["type", "name", EN, "design", "epsilon", "truth", "yes", "no", "p", "unrelated_prevalence",
     "answer_mode", "negation::English (en)", "unrelated::English (en)", "relevant", "constraint", "bins"],
    ["integer", "age", "How old are you?", "direct"] + [None] * 10 + [". >= 15 and . <= 99", "18 21 25"],
    ["select_one year", "year", "Which year of study are you in?", "direct"] + [None] * 9
    + ["${age} >= 17", None, None],
    ["select_one yes_no", "cannabis", "In the past 12 months, I have used cannabis.", "forced", 1.0,
     None, None, None, None, None, "instructed", None, None, None, None, None],
    ["select_one yes_no", "cheated", "In the past 12 months, I have cheated in an exam.", "warner", None,
     None, None, None, 0.75, None, "assisted",
     "In the past 12 months, I have not cheated in an exam.", None, None, None, None],
    ["select_one yes_no", "sold_pills", "In the past 12 months, I have sold prescription pills.", "unrelated",
     None, None, None, None, 0.5, 0.25, None, None, "A relative I think of was born January to March.", None, None, None],
    ["select_one drinks", "binge", "In the past 30 days, on how many days did you have 5 drinks "
     "or more?", "kary", 1.5, None, None, None, None, None, "assisted", None, None, None, None, None],
]

CHOICES = [
    ["list_name", "name", EN],
    ["year", "1", "First year"], ["year", "2", "Second year"], ["year", "3", "Third year"],
    ["year", "4", "Fourth year or later"],
    ["drinks", "none", "None"], ["drinks", "some", "1 or 2 days"], ["drinks", "many", "3 days or more"],
    ["yes_no", "yes", "YES"], ["yes_no", "no", "NO"],
]

SETTINGS = [
    ["form_id", "form_title", "default_language", "recipients", "max_epsilon", "planned_respondents"],
    ["student-health", "Student health (template)", "English (en)", None, 6, 600],
]

HELP = [
    ["sheet", "column", "what"],
    ["survey", "type", "select_one yes_no (a YES/NO question: every forced, warner, unrelated and cdm "
                       "question, and a direct yes/no one; the list yes_no holds yes and no), "
                       "select_one LIST (one answer from LIST in the sheet choices), or integer / decimal "
                       "(a number, asked directly). begin group / end group: flattened, the questions kept "
                       "in order with the group's label as their heading; note and ODK's metadata (start, "
                       "end, today, deviceid) are read and left out; repeats, calculate, select_multiple, "
                       "text and media questions are refused."],
    ["survey", "name", "the question's id: a lower-case letter, then a-z, 0-9, _ or - (at most 64)"],
    ["survey", "label::English (en)", "the question as the respondent reads it; one label column per "
                                      "language, e.g. label::Français (fr) (or label::fr)"],
    ["survey", "design", "direct (asked in the clear; the default), forced, warner, unrelated, kary or cdm "
                         "(randomized by the spinner). ODK's converter ignores this column and the "
                         "ones below: they are rrdesk's own"],
    ["survey", "epsilon (or truth, yes, no, p)", "the privacy of a randomized question (smaller is more private); or give "
                          "the design's probabilities instead: forced truth+yes+no, warner p, "
                          "unrelated p, kary truth"],
    ["survey", "answer_mode", "instructed (the spinner says what to answer; the default) or assisted "
                              "(the respondent taps the true answer, the spinner shows what is "
                              "recorded); unrelated is always instructed"],
    ["survey", "negation::…", "warner only: the statement's opposite, in each language"],
    ["survey", "unrelated::…", "unrelated only: the innocuous question, in each language"],
    ["survey", "unrelated_prevalence", "unrelated only: the known share of YES to the innocuous question"],
    ["survey", "relevant", "direct questions only: ask it only when a condition on earlier direct questions "
                           "holds, e.g. ${age} >= 17, ${year} = '1', with and, or, not(...); never a "
                           "randomized question (that would reveal its answer)"],
    ["survey", "constraint", "integer and decimal only, required: the range, written . >= MIN and . <= MAX"],
    ["survey", "decimals", "decimal only: digits after the point (1 when empty)"],
    ["survey", "bins", "integer and decimal only: the cut points rrdesk aggregate --by groups by, e.g. "
                       "18 21 25 (empty: about five round groups)"],
    ["survey", "media::image::English (en), media::audio::English (en)",
     "optional: a picture shown beside the question's text and the text read aloud, per language (a "
     "language may have none); the files go beside the form (PNG or JPEG; Ogg, WAV, MP3 or M4A). rrdesk's "
     "own negation_image::… and unrelated_image::… show one beside warner's opposite statement and the "
     "unrelated design's other question, and negation_audio::… and unrelated_audio::… read them aloud"],
    ["survey", "hint, required", "read and left out: a respondent may always skip (the skip is confirmed); "
                                 "put what the respondent must read in the label"],
    ["choices", "list_name, name, label::…", "the answers of each select_one list: a name starts with a "
                                             "letter or a digit (1, 2, …), then a-z, 0-9, _ or -; "
                                             "labels in every language. The list yes_no (yes, no) is "
                                             "rrdesk's YES and NO: its labels are not used"],
    ["choices", "media::audio::English (en)", "optional, kary lists only: each answer read aloud, one sound "
                                              "file per row (an empty cell: none), per language; the files go "
                                              "beside the form. A list with sounds used by another design is "
                                              "refused"],
    ["choices", "weight", "optional: on each row of the list of the weight_question, that answer's "
                          "survey weight (a positive number)"],
    ["settings", "form_id, form_title", "the survey's id (a-z, 0-9 joined by - or _) and title"],
    ["settings", "default_language", "the first language, e.g. English (en) or en"],
    ["settings", "recipients", "the age1… public key(s) of the coordinator, from rrdesk keygen; "
                               "several on separate lines"],
    ["settings", "max_epsilon", "the cap on the sum of the randomized questions' epsilon per respondent"],
    ["settings", "planned_respondents", "how many respondents you plan, for the margins rrdesk check shows"],
    ["settings", "version", "optional: the survey's version (1 to 32 letters, digits, . _ -), shown "
                            "beside every result; change it when the questions change"],
    ["settings", "interviewers", "optional: the interviewers' ids, one per line; the laptop then asks "
                                 "who interviews"],
    ["settings", "consent::English (en)", "optional: the consent text the respondent reads before the "
                                          "first question, one column per language"],
    ["settings", "weight_question", "optional: the name of a direct select_one question whose answers "
                                    "carry survey weights (the column weight of the sheet choices)"],
    ["wording", "name, label::…", "optional sheet: rrdesk's own respondent texts in a language it has no "
                                  "words in (rrdesk translate LANG -o wording.csv lists them)"],
    [None, None, "Then: rrdesk import-xlsform FORM.xlsx -o survey.toml, and rrdesk check survey.toml. "
             "The full reference is docs/survey-format.md."],
]


def template_sheets() -> dict[str, list[list]]:
    return {"survey": SURVEY, "choices": CHOICES, "settings": SETTINGS}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "resources" / "xlsform-template.xlsx")
    args = parser.parse_args()
    write_atomic(args.out, workbook_bytes(template_sheets(), {"help": HELP}))
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
