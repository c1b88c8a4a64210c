"""XLSForm in and out: a coordinator who authors forms in a spreadsheet gets a checked survey file.

The round trips compare loaded surveys (questions, texts, spinners), never bytes; every refusal
is one line naming the sheet, the row and the column, exit 2, and writes nothing.
"""
from __future__ import annotations

import dataclasses
import importlib.util
import io
import json
import re
import zipfile
from pathlib import Path

import openpyxl
import pytest

from rrdesk import cli
from rrdesk.app import xlsform
from rrdesk.app.xlsform import MAX_COLUMNS, MAX_ROWS, workbook_bytes
from rrdesk.core import survey as surveys
from rrdesk.core.errors import SurveyError

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "resources" / "xlsform-template.xlsx"
R1 = "age1af476ty2zc0c9qf8a4uqfvp4xxj8zyrdekf7rfz3rqlsxueazsqqwyjxv8"  # the public demo key
R2 = "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p"  # age's own example recipient


def _same(a: surveys.Survey, b: surveys.Survey) -> None:
    """Equal as surveys: every field but where the file is and the questions' line numbers."""
    strip = [dataclasses.replace(q, line=None) for q in a.questions]
    strip_b = [dataclasses.replace(q, line=None) for q in b.questions]
    assert strip == strip_b
    for name in ("id", "title", "languages", "recipients", "max_epsilon", "planned_respondents", "wording",
                 "weight_question", "weights"):
        assert getattr(a, name) == getattr(b, name), name
    assert a.fingerprint == b.fingerprint


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _form(tmp_path: Path, survey: list[list], choices: list[list] | None = None,
          settings: list[list] | None = None, name: str = "form.xlsx") -> Path:
    sheets = {"survey": survey}
    if choices is not None:
        sheets["choices"] = choices
    sheets["settings"] = settings if settings is not None else _SETTINGS
    path = tmp_path / name
    path.write_bytes(workbook_bytes(sheets))
    return path


_SETTINGS = [["form_id", "form_title", "recipients", "max_epsilon", "planned_respondents"],
             ["drug-use", "Drug use", R1, 4, 500]]
_ONE = [["type", "name", "label", "design", "epsilon"],
        ["yes_no", "used", "I have used cannabis.", "forced", 1.0]]


# -- round trips -------------------------------------------------------------------------------


def test_the_demo_survey_round_trips_through_a_workbook(tmp_path, capsys, demo_path):
    form, back = tmp_path / "demo.xlsx", tmp_path / "demo.toml"
    assert _run(capsys, "export-xlsform", str(demo_path), "-o", str(form))[0] == 0
    code, out, err = _run(capsys, "import-xlsform", str(form), "-o", str(back))
    assert (code, err) == (0, "") and "next: rrdesk check" in out
    _same(surveys.load(demo_path), surveys.load(back))
    # check --json agrees on everything but the file's name
    reports = []
    for path in (demo_path, back):
        code, out, _ = _run(capsys, "check", str(path), "--json")
        assert code == 0
        reports.append(json.loads(out))
    for r in reports:
        r.pop("file")
    assert reports[0] == reports[1]


@pytest.mark.parametrize("name", ["arabic", "spanish", "swahili"])
def test_surveys_with_their_own_wording_round_trip(tmp_path, name):
    # swahili: rrdesk has no words in it, the survey brings all of them ([wording.sw]), plural forms too
    original = ROOT / "tests" / "surveys" / f"{name}.toml"
    form = tmp_path / f"{name}.xlsx"
    xlsform.export_xlsform(original, form)
    _same(surveys.load(original), xlsform.survey_from_xlsform(form)[1])
    if name == "swahili":
        names = [row[0] for row in openpyxl.load_workbook(form)["wording"].iter_rows(values_only=True)]
        assert "practice_still.one" in names and "practice_still.other" in names


WEIGHTED = f'''
[survey]
id = "regions"
title = "Regions"
languages = ["en"]
recipients = ["{R1}"]
max_epsilon = 2
planned_respondents = 800

[weight]
question = "region"
values = {{ north = 1.0, south = 2.5, east = 0.75 }}

[[question]]
id = "region"
design = "direct"
choices = ["north", "south", "east"]
text.en = "Where do you live?"

[[question]]
id = "bribe"
design = "forced"
epsilon = 1.0986
text.en = "In the past year, I paid a bribe."
'''


def test_survey_weights_round_trip_as_a_weight_column(tmp_path):
    original = tmp_path / "weighted.toml"
    original.write_text(WEIGHTED)
    form = tmp_path / "weighted.xlsx"
    xlsform.export_xlsform(original, form)
    book = openpyxl.load_workbook(form)
    assert [c.value for c in book["choices"]["D"]][:4] == ["weight", 1, 2.5, 0.75]
    assert [c.value for c in book["choices"]["A"]][4:] == ["yes_no", "yes_no"]  # no weight there
    assert book["settings"]["H1"].value == "weight_question" and book["settings"]["H2"].value == "region"
    assert book["settings"]["G1"].value == "version" and book["settings"]["G2"].value == "1"
    made = xlsform.survey_from_xlsform(form)[1]
    _same(surveys.load(original), made)
    assert made.weights == (1.0, 2.5, 0.75)


def test_weight_mistakes_are_reported_at_their_cell(tmp_path, capsys):
    survey = [["type", "name", "label", "design", "epsilon"],
              ["select_one regions", "region", "Where?", None, None],
              ["select_one sizes", "size", "How big?", None, None],
              ["yes_no", "bribe", "I paid a bribe.", "forced", 1]]
    settings = [_SETTINGS[0] + ["weight_question"], _SETTINGS[1] + ["region"]]
    head = ["list_name", "name", "weight"]
    cases = [
        ([head, ["regions", "north", 1], ["regions", "south", -2], ["sizes", "s", None], ["sizes", "l", None]],
         settings, r"sheet 'choices', row \d, column 'weight': the weight of \"south\" must be a positive number"),
        ([head, ["regions", "north", 1], ["regions", "south", None], ["sizes", "s", None], ["sizes", "l", None]],
         settings, r"sheet 'choices', row 2, column 'weight': no weight for south"),
        ([head, ["regions", "north", 1], ["regions", "south", 2], ["sizes", "s", 3], ["sizes", "l", None]],
         settings, r"sheet 'choices', row 4, column 'weight': a weight in a list other than \"regions\""),
        ([head, ["regions", "north", 1], ["regions", "south", 2], ["sizes", "s", None], ["sizes", "l", None]],
         None, r"sheet 'choices', row 2, column 'weight': a weight, but no weight_question"),
        ([head, ["regions", "north", 1], ["regions", "south", 2], ["sizes", "s", None], ["sizes", "l", None]],
         [_SETTINGS[0] + ["weight_question"], _SETTINGS[1] + ["bribe"]],
         r"sheet 'settings', row 2, column 'weight_question': \"bribe\" is not a question asked directly"),
    ]
    for choices, setting, pattern in cases:
        _refused(tmp_path, capsys, _form(tmp_path, survey, choices, setting), pattern)


def test_wording_mistakes_are_reported_at_their_cell(tmp_path, capsys):
    form = tmp_path / "sw.xlsx"
    xlsform.export_xlsform(ROOT / "tests" / "surveys" / "swahili.toml", form)

    def edited(change) -> Path:
        book = openpyxl.load_workbook(form)
        change(book)
        path = tmp_path / "edited.xlsx"
        book.save(path)
        return path

    def drop(book):
        del book["wording"]

    def blank(book):
        sheet = book["wording"]
        row = [r[0].row for r in sheet.iter_rows() if r[0].value == "how_it_works"][0]
        sheet.cell(row=row, column=2).value = None

    def misname(book):
        book["wording"]["A3"].value = "No Such"

    def placeholder(book):
        sheet = book["wording"]
        row = [r[0].row for r in sheet.iter_rows() if r[0].value == "wheel_decides"][0]
        sheet.cell(row=row, column=2).value = "Gurudumu {nope}"

    def language(book):
        book["wording"]["C1"].value = "label::fr"
        book["wording"]["C2"].value = "Choisissez"

    cases = [
        (drop, r"sheet 'survey', row 1, column 'label': language \"sw\" has no respondent wording: .*; "
               r"rrdesk translate sw -o wording-sw\.csv lists them: put its names and translations in a "
               r"sheet 'wording', columns name and label::sw$"),
        (blank, r"sheet 'wording', row 1, column 'label::Swahili \(sw\)': language \"sw\" lacks 1 respondent text: "
                r"how_it_works"),
        (misname, r"sheet 'wording', row 3, column 'name': \"No Such\": the name of one of rrdesk's respondent texts"),
        (placeholder, r"sheet 'wording', row \d+, column 'label::Swahili \(sw\)': wheel_decides must hold exactly the "
                      r"placeholders of the English"),
        (language, r"sheet 'wording', row 1, column 'label::fr': \"fr\" is not one of the survey's languages"),
    ]
    for change, pattern in cases:
        _refused(tmp_path, capsys, edited(change), pattern)


def test_an_epsilon_needing_17_digits_survives_the_spreadsheet(tmp_path, demo_path):
    _, data = xlsform.xlsform_from_survey(demo_path)
    book = openpyxl.load_workbook(io.BytesIO(data))
    sheet = book["survey"]
    column = [c.value for c in sheet[1]].index("epsilon")
    cells = [row[column] for row in sheet.iter_rows(values_only=True)]
    assert "1.0986122886681098" in cells  # as text: Excel's 16 digits would round ln 3
    assert 1.5 in cells  # a number that 16 digits hold stays a number


HAND_MADE = [
    ["type", "name", "label", "label::Français (fr)", "design", "epsilon", "truth", "yes", "no", "p",
     "unrelated_prevalence", "answer_mode", "negation::English (en)", "negation::Français (fr)",
     "unrelated", "unrelated::fr", "required", "hint"],
    ["select_one years", "year", "Year of study?", "Année d'études ?", None, None, None, None, None,
     None, None, None, None, None, None, None, "no", None],
    ["yes_no", "smoker", "I smoke.", "Je fume.", "direct"] + [None] * 13,
    ["yes_no", "used", "I used cannabis.", "J'ai consommé du cannabis.", "forced", None, "0.5", 0.25,
     0.25, None, None, "assisted", None, None, None, None, None, None],
    ["yes_no", "cheated", "I cheated.", "J'ai triché.", "warner", None, None, None, None, 0.75, None,
     None, "I did not cheat.", "Je n'ai pas triché.", None, None, None, None],
    ["yes_no", "sold", "I sold pills.", "J'ai vendu des pilules.", "unrelated", "1.2", None, None,
     None, None, 0.25, "instructed", None, None, "I was born in spring.", "Je suis né au printemps.",
     None, None],
    ["select_one drinks", "binge", "Binge days?", "Jours de beuverie ?", "kary", 1.5, None, None,
     None, None, None, None, None, None, None, None, None, None],
]
HAND_CHOICES = [
    ["list_name", "name", "label::English (en)", "label::fr"],
    ["years", "y1", "First", "Première"], ["years", "y2", "Second", "Deuxième"],
    ["drinks", "none", "None", "Aucun"], ["drinks", "some", "Some", "Quelques"],
    ["drinks", "many", "Many", "Beaucoup"],
]
HAND_SETTINGS = [["form_id", "form_title", "default_language", "recipients", "max_epsilon",
                  "planned_respondents", "version"],
                 ["students", "Students", "English (en)", f"{R1}\n{R2}", "8", 300.0, None]]
HAND_TOML = f'''
[survey]
id = "students"
title = "Students"
languages = ["en", "fr"]
recipients = ["{R1}", "{R2}"]
max_epsilon = 8
planned_respondents = 300

[[question]]
id = "year"
design = "direct"
choices = ["y1", "y2"]
text = {{ en = "Year of study?", fr = "Année d'études ?" }}
choice_text = {{ en = ["First", "Second"], fr = ["Première", "Deuxième"] }}

[[question]]
id = "smoker"
design = "direct"
text = {{ en = "I smoke.", fr = "Je fume." }}

[[question]]
id = "used"
design = "forced"
truth = 0.5
yes = 0.25
no = 0.25
answer_mode = "assisted"
text = {{ en = "I used cannabis.", fr = "J'ai consommé du cannabis." }}

[[question]]
id = "cheated"
design = "warner"
p = 0.75
text = {{ en = "I cheated.", fr = "J'ai triché." }}
negation = {{ en = "I did not cheat.", fr = "Je n'ai pas triché." }}

[[question]]
id = "sold"
design = "unrelated"
epsilon = 1.2
unrelated_prevalence = 0.25
answer_mode = "instructed"
text = {{ en = "I sold pills.", fr = "J'ai vendu des pilules." }}
unrelated = {{ en = "I was born in spring.", fr = "Je suis né au printemps." }}

[[question]]
id = "binge"
design = "kary"
epsilon = 1.5
choices = ["none", "some", "many"]
text = {{ en = "Binge days?", fr = "Jours de beuverie ?" }}
choice_text = {{ en = ["None", "Some", "Many"], fr = ["Aucun", "Quelques", "Beaucoup"] }}
'''


def test_a_hand_made_form_with_every_supported_column(tmp_path):
    form = _form(tmp_path, HAND_MADE, HAND_CHOICES, HAND_SETTINGS)
    text, made = xlsform.survey_from_xlsform(form)
    expected = surveys.loads(HAND_TOML)
    _same(made, expected)
    assert made.question("sold").answer_mode == "instructed" and made.question("cheated").answer_mode == "instructed"
    # and back again: export the imported survey, import it, the same survey
    first = tmp_path / "students.toml"
    xlsform.import_xlsform(form, first)
    again = tmp_path / "again.xlsx"
    xlsform.export_xlsform(first, again)
    _same(surveys.load(first), xlsform.survey_from_xlsform(again)[1])


def test_the_template_imports_once_a_recipient_is_filled_in(tmp_path, capsys):
    with pytest.raises(SurveyError, match=r"sheet 'settings', row 2, column 'recipients': recipients is missing"):
        xlsform.survey_from_xlsform(TEMPLATE)
    book = openpyxl.load_workbook(TEMPLATE)
    settings = book["settings"]
    column = [c.value for c in settings[1]].index("recipients") + 1
    settings.cell(row=2, column=column, value=R1)
    filled = tmp_path / "filled.xlsx"
    book.save(filled)
    assert _run(capsys, "import-xlsform", str(filled), "-o", str(tmp_path / "s.toml"))[0] == 0
    assert _run(capsys, "check", str(tmp_path / "s.toml"))[0] == 0
    s = surveys.load(tmp_path / "s.toml")
    assert {q.kind for q in s.questions} == {"direct", "forced", "warner", "unrelated", "kary"}


def test_the_committed_template_is_what_the_script_writes():
    spec = importlib.util.spec_from_file_location("make_template", ROOT / "tools" / "make_xlsform_template.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    book = openpyxl.load_workbook(TEMPLATE)
    for name, rows in {**module.template_sheets(), "help": module.HELP}.items():
        got = [list(r) for r in book[name].iter_rows(values_only=True)]
        assert got == [[None if v is None else v for v in r] for r in rows], name


# -- refusals: sheet, row, column ---------------------------------------------------------------


def _refused(tmp_path, capsys, form: Path, pattern: str, lines: int | None = None) -> None:
    """The import fails with ``pattern`` on one of its lines (``lines`` of them if given), each
    line one problem naming the form; nothing is written."""
    out = tmp_path / "out.toml"
    code, stdout, err = _run(capsys, "import-xlsform", str(form), "-o", str(out))
    assert code == 2 and stdout == ""
    assert "Traceback" not in err, err
    assert lines is None or err.count("\n") == lines, err
    assert all(line.startswith(f"rrdesk: error: {form}: ") for line in err.splitlines()), err
    assert any(re.search(pattern, line) for line in err.splitlines()), err
    assert not out.exists()


@pytest.mark.parametrize("row, pattern", [
    (["begin repeat", "r", "Again"], r"row 3, column 'type': .*no repeats"),
    (["calculate", "c", None], r"row 3, column 'type': .*no calculations"),
    (["select_multiple fruits", "f", "Fruits"], r"row 3, column 'type': .*several answers"),
    (["integer", "age", "Age"], r"row 3, column 'constraint': an integer question needs a range \(write the range "
                                r"as \. >= MIN and \. <= MAX\)"),
    (["image", "photo", "Photo"], r"row 3, column 'type': .*only select_one \(yes_no or a list\), integer and decimal"),
    (["text", "who", "Who?"], r"row 3, column 'type': .*free text"),
    (["frobnicate", "x", "X"], r"row 3, column 'type': .*not an XLSForm type rrdesk knows"),
])
def test_unsupported_types_are_refused_by_row(tmp_path, capsys, row, pattern):
    form = _form(tmp_path, [*_ONE, row + [None, None]])
    _refused(tmp_path, capsys, form, pattern)


@pytest.mark.parametrize("column, value, pattern", [
    ("relevant", "${used} = 'yes'", r"row 2, column 'relevant': relevant is not allowed for design forced"),
    ("constraint", ". > 3", r"row 2, column 'constraint': constraint is only for integer and decimal questions"),
    ("constraint_message", "Too old", r"row 2, column 'constraint_message': constraint messages are not supported"),
    ("media::video", "a.mp4", r"row 2, column 'media::video': video is not supported"),
    ("media::image", "a.png", r"row 2, column 'media::image': \"a.png\" is not beside the form"),
    ("epsilom", None, r"row 1, column 'epsilom': unknown column"),
    ("label::Klingon", "Hi", r"row 1, column 'label::Klingon': \"Klingon\" is not a language rrdesk can name "
                             r"with a code: write label::Klingon \(CODE\)"),
    ("label::English", "Hi", r"row 1, column 'label::English': a second label column in language en"),
])
def test_unsupported_columns_are_refused_by_cell(tmp_path, capsys, column, value, pattern):
    survey = [_ONE[0] + [column], _ONE[1] + [value]]
    _refused(tmp_path, capsys, _form(tmp_path, survey), pattern)


def test_the_survey_rules_are_reported_at_their_cell(tmp_path, capsys):
    cases = [
        ([["type", "name", "label", "design", "epsilon"], ["yes_no", "used", "Used?", "forced", -1]],
         None, r"sheet 'survey', row 2, column 'epsilon': epsilon must be a positive number, not -1"),
        ([["type", "name", "label", "design", "epsilon"], ["yes_no", "used", "Used?", "forcd", 1]],
         None, r"row 2, column 'design': design must be one of forced, warner, unrelated, kary, cdm, unrelated_unknown, direct"),
        ([["type", "name", "label", "design"], ["yes_no", "used", "Used?", "forced"]],
         None, r"row 2, column 'epsilon': epsilon is missing"),
        ([["type", "name", "label", "design", "epsilon"], ["yes_no", "Used", "Used?", "forced", 1]],
         None, r"row 2, column 'name': id must start with a lower-case letter"),
        ([["type", "name", "label", "design", "epsilon"], ["yes_no", "used", "Used?", "forced", 1],
          ["yes_no", "used", "Again?", "forced", 1]],
         None, r"row 3, column 'name': id \"used\" is already used by question 1"),
        ([["type", "name", "label", "design", "epsilon"], ["yes_no", "used", "Used?", "forced", 5]],
         None, r"sheet 'settings', row 2, column 'max_epsilon': the randomized questions add up"),
        ([["type", "name", "label", "design", "epsilon", "answer_mode"],
          ["yes_no", "used", "Used?", "forced", 1, "asisted"]],
         None, r"row 2, column 'answer_mode': answer_mode must be one of instructed, assisted"),
    ]
    for survey, choices, pattern in cases:
        _refused(tmp_path, capsys, _form(tmp_path, survey, choices), pattern)


def test_spreadsheet_mistakes_are_reported_at_their_cell(tmp_path, capsys):
    head = ["type", "name", "label::en", "label::fr", "design", "epsilon"]
    cases = [
        ([head, ["yes_no", "used", "Used?", None, "forced", 1]], None,
         r"row 2, column 'label::fr': label is empty: every language of the survey needs one"),
        ([head, ["select_one nope", "kind", "Kind?", "Genre ?", "kary", 1]],
         [["list_name", "name"], ["yes", "a"], ["yes", "b"]], r"row 2, column 'type': no list \"nope\""),
        ([head, ["select_one ys", "year", "Y?", "A ?", "direct", None]],
         [["list_name", "name"], ["ys", "1"], ["ys", "_2"]],
         r"sheet 'choices', row 3, column 'name': \"_2\": a choice name must start with a letter "
         r"or a digit"),
        ([head, ["select_one ys", "year", "Y?", "A ?", "direct", None]],
         [["list_name", "name", "label::en", "label::fr"], ["ys", "a", "A", "A"], ["ys", "b", "B", None]],
         r"sheet 'choices', row 3, column 'label::fr': label is empty"),
        ([head, ["select_one ys", "used", "U?", "U ?", "forced", 1]],
         [["list_name", "name"], ["ys", "a"], ["ys", "b"]],
         r"row 2, column 'type': design forced is answered YES or NO: write type select_one yes_no"),
        ([head, ["yes_no", "k", "K?", "K ?", "kary", 1]], None,
         r"row 2, column 'type': design kary needs a list of answers"),
        ([head, [None, "used", "Used?", "Utilisé ?", "forced", 1]], None,
         r"row 2, column 'type': type is empty"),
        ([head, ["select_one ys", "year", "Y?", "A ?", "direct", None]],
         [["list_name", "name"], ["ys", "a"], ["ys", "b"], ["ys", "A"]],
         r"sheet 'choices', row 4, column 'name': \"a\" is already in list \"ys\""),
        ([head, ["yes_no", "used", "Used?", "Utilisé ?", "forced", "1,5"]], None,
         r"row 2, column 'epsilon': \"1,5\" is text: write 1\.5 with a point"),
    ]
    for survey, choices, pattern in cases:
        _refused(tmp_path, capsys, _form(tmp_path, survey, choices), pattern)


def test_settings_mistakes_are_reported_at_their_cell(tmp_path, capsys):
    head = _SETTINGS[0]
    cases = [
        ([head + ["version"], _SETTINGS[1] + ["2024/01"]], r"sheet 'settings', row 2, column 'version': "
                                                         r"version must be 1 to 32 letters, digits"),
        ([head + ["interviewers"], _SETTINGS[1] + ["amina, k/07"]], r"sheet 'settings', row 2, column 'interviewers': "
                                                                     r"interviewers\[1\] must be 1 to 32"),
        ([head + ["public_key"], _SETTINGS[1] + ["MIIB"]], r"column 'public_key': rrdesk seals answers with age"),
        ([head[:-1], _SETTINGS[1][:-1]], r"sheet 'settings', row 2, column 'planned_respondents': "
                                         r"planned_respondents is missing"),
        ([head, ["drug-use", "Drug use", "age1nope", 4, 500]],
         r"column 'recipients': recipients\[0\]: not a valid age recipient"),
        ([head + ["colour"], _SETTINGS[1] + ["red"]], r"column 'colour': unknown column"),
        ([head + ["default_language"], _SETTINGS[1] + ["Klingon"]],
         r"column 'default_language': \"Klingon\" is not a language rrdesk can name with a code"),
    ]
    for settings, pattern in cases:
        _refused(tmp_path, capsys, _form(tmp_path, _ONE, settings=settings), pattern)


def test_missing_sheets_are_named(tmp_path, capsys):
    path = tmp_path / "nosettings.xlsx"
    path.write_bytes(workbook_bytes({"survey": _ONE}))
    _refused(tmp_path, capsys, path, r"no sheet 'settings' with a row of values")
    path.write_bytes(workbook_bytes({"choices": [["list_name", "name"]], "settings": _SETTINGS}))
    _refused(tmp_path, capsys, path, r"no sheet 'survey' with questions")


# -- hostile files ----------------------------------------------------------------------------


def test_files_that_are_not_workbooks_get_one_line(tmp_path, capsys):
    text = tmp_path / "form.xlsx"
    text.write_text("type,name,label\n")
    _refused(tmp_path, capsys, text, r"not an \.xlsx workbook \(not a ZIP archive\)")
    old = tmp_path / "old.xls"
    old.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(500))
    _refused(tmp_path, capsys, old, r"an old \.xls file or a password-protected one")
    other = tmp_path / "other.zip"
    with zipfile.ZipFile(other, "w") as z:
        z.writestr("hello.txt", "hi")
    _refused(tmp_path, capsys, other, r"a ZIP archive without xl/workbook\.xml")
    broken = tmp_path / "broken.xlsx"
    with zipfile.ZipFile(broken, "w") as z:
        z.writestr("xl/workbook.xml", "<not xml")
        z.writestr("[Content_Types].xml", "<Types/>")
    _refused(tmp_path, capsys, broken, r"not a readable \.xlsx workbook \(")
    big = tmp_path / "big.xlsx"
    with open(big, "wb") as f:
        f.truncate(9 << 20)
    _refused(tmp_path, capsys, big, r"cannot read: larger than 8 MiB")
    _refused(tmp_path, capsys, tmp_path, r"cannot read: Is a directory")


def test_a_zip_bomb_is_refused_by_its_directory(tmp_path, capsys):
    bomb = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/workbook.xml", "<workbook/>")
        z.writestr("xl/sharedStrings.xml", b"\0" * (65 << 20))  # inflates to 65 MiB, a 64 KiB file
    assert bomb.stat().st_size < 1 << 20
    _refused(tmp_path, capsys, bomb, r"it would inflate to 65 MiB \(at most 64 MiB\); a zip bomb")


def test_an_entity_bomb_is_refused_by_the_parser(tmp_path, capsys):
    # the "billion laughs": nine levels of ten entities each would expand to 3 GB of text
    lol = '<!ENTITY lol "lollollollollollollollollollol">' + "".join(
        f'<!ENTITY lol{i} "{(f"&lol{i - 1};" if i > 1 else "&lol;") * 10}">' for i in range(1, 10))
    form = _form(tmp_path, _ONE)
    data = io.BytesIO()
    with zipfile.ZipFile(form) as src, zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            body = src.read(item)
            if item.filename.startswith("xl/worksheets/sheet1"):
                body = re.sub(rb"^<\?xml[^>]*\?>", b"", body).replace(b"<v>", b"<v>&lol9;", 1)
                body = f'<?xml version="1.0"?><!DOCTYPE bomb [{lol}]>'.encode() + body
            dst.writestr(item, body)
    form.write_bytes(data.getvalue())
    # expat's own limit, or defusedxml's refusal when it is installed (pyxform brings it along)
    _refused(tmp_path, capsys, form, r"not a readable \.xlsx workbook \((ParseError: limit on input amplification"
                                     r"|ValueError: Unable to read workbook)")


def test_huge_sheets_are_read_only_up_to_their_caps(tmp_path, capsys):
    rows = [_ONE[0]] + [["yes_no", f"q{i}", "Q?", "direct", None] for i in range(MAX_ROWS + 5)]
    _refused(tmp_path, capsys, _form(tmp_path, rows), rf"sheet 'survey': more than {MAX_ROWS} rows")
    wide = [_ONE[0] + [f"c{i}" for i in range(MAX_COLUMNS)], _ONE[1]]
    _refused(tmp_path, capsys, _form(tmp_path, wide), rf"row 1: more than {MAX_COLUMNS} columns")
    long = [_ONE[0], ["yes_no", "used", "x" * 5000, "forced", 1.0]]
    _refused(tmp_path, capsys, _form(tmp_path, long), r"row 2, column 'label': a cell holds 5000 characters")


def test_a_sheet_whose_dimension_lies_is_still_capped(tmp_path, capsys):
    form = _form(tmp_path, _ONE)
    data = io.BytesIO()
    with zipfile.ZipFile(form) as src, zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            body = src.read(item)
            if item.filename.startswith("xl/worksheets/sheet1"):
                body = re.sub(rb'<dimension ref="[^"]*"', b'<dimension ref="A1:XFD1048576"', body)
                assert b"XFD1048576" in body
            dst.writestr(item, body)
    form.write_bytes(data.getvalue())
    assert xlsform.survey_from_xlsform(form)[1].question("used").kind == "forced"


# -- the command line -------------------------------------------------------------------------


def test_outputs_are_never_replaced_without_force(tmp_path, capsys, demo_path):
    form = tmp_path / "f.xlsx"
    assert _run(capsys, "export-xlsform", str(demo_path), "-o", str(form))[0] == 0
    code, _, err = _run(capsys, "export-xlsform", str(demo_path), "-o", str(form))
    assert code == 2 and "already exists; give another name, or --force" in err
    assert _run(capsys, "export-xlsform", str(demo_path), "-o", str(form), "--force")[0] == 0
    out = tmp_path / "s.toml"
    out.write_text("# my hand-made survey\n")
    code, _, err = _run(capsys, "import-xlsform", str(form), "-o", str(out))
    assert code == 2 and out.read_text() == "# my hand-made survey\n"
    assert _run(capsys, "import-xlsform", str(form), "-o", str(out), "--force")[0] == 0
    assert surveys.load(out).id == "workplace-demo"
    # a file an earlier import made is replaced by the next: correcting a form is the usual loop
    assert _run(capsys, "import-xlsform", str(form), "-o", str(out))[0] == 0


def test_export_refuses_a_survey_that_does_not_check(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text("[survey]\nid = 3\n")
    code, _, err = _run(capsys, "export-xlsform", str(bad), "-o", str(tmp_path / "x.xlsx"))
    assert code == 2 and err.startswith(f"rrdesk: error: {bad}: line 2") and not (tmp_path / "x.xlsx").exists()


# -- number questions, digit choice names and relevant (issue 14, point 5) ----------------------------

_NUMBERS = [["type", "name", "label", "design", "epsilon", "decimals", "relevant", "constraint", "bins"],
            ["integer", "age", "Age", None, None, None, None, ". >= 15 and . <= 99", "18 25 35"],
            ["select_one years", "year", "Year of study", None, None, None, "${age} >= 18 and not(${age} > 90)",
             None, None],
            ["decimal", "hours", "Hours", "direct", None, 2, "${year} = '1' or ${age} < 20", ". <= 24 and . >= 0",
             "2, 4.5"],
            ["yes_no", "used", "I have used cannabis.", "forced", 1.0, None, None, None, None]]
_YEARS = [["list_name", "name", "label"], ["years", 1, "First"], ["years", 2.0, "Second"], ["years", "3", "Third"]]


def test_a_form_with_numbers_digit_names_and_conditions_imports_and_round_trips(tmp_path, capsys):
    from rrdesk.app import xlsform
    form = _form(tmp_path, _NUMBERS, _YEARS)
    s = xlsform.survey_from_xlsform(form)[1]
    age, year, hours = s.direct
    assert (age.number.type, age.number.low, age.number.high, age.groups) == (
        "integer", 15, 99, ("15-17", "18-24", "25-34", "35-99"))
    assert year.choices == ("1", "2", "3") and year.relevant_text == "${age} >= 18 and not(${age} > 90)"
    assert (hours.number.decimals, hours.number.low, hours.number.high, hours.number.edges) == (2, 0, 2400, (0, 200, 450))
    toml_path, again = tmp_path / "s.toml", tmp_path / "again.xlsx"
    assert _run(capsys, "import-xlsform", str(form), "-o", str(toml_path))[0] == 0
    assert _run(capsys, "export-xlsform", str(toml_path), "-o", str(again))[0] == 0
    back = xlsform.survey_from_xlsform(again)[1]
    assert back.fingerprint == s.fingerprint
    assert [(q.number, q.relevant_text, q.choices) for q in back.questions] == [
        (q.number, q.relevant_text, q.choices) for q in s.questions]


@pytest.mark.parametrize("cell, value, pattern", [
    ((1, 7), ". > 15 and . <= 99", r"row 2, column 'constraint': rrdesk takes only a range as a constraint: "
                                   r"write the range as \. >= MIN and \. <= MAX, not '\. > 15 and \. <= 99'"),
    ((1, 7), "regex(., '[0-9]+')", r"row 2, column 'constraint': rrdesk takes only a range"),
    ((1, 7), ". >= 99 and . <= 15", r"row 2, column 'constraint': max must be above min \(99\)"),
    ((1, 8), "18 x", r"row 2, column 'bins': bins are numbers separated by spaces"),
    ((1, 3), "forced", r"row 2, column 'type': design forced is randomized: a number is asked directly"),
    ((3, 6), "${used} = 'yes'", r"row 4, column 'relevant': relevant: \$\{used\} comes later"),
    ((3, 6), "${age} = 'x'", r"row 4, column 'relevant': relevant: \$\{age\} is a number"),
    ((3, 5), 7, r"row 4, column 'decimals': decimals must be a whole number from 1 to 6, not 7"),
    ((2, 8), "1 2", r"row 3, column 'bins': bins is only for integer and decimal questions, not select_one years"),
])
def test_number_columns_are_checked_at_their_cell(tmp_path, capsys, cell, value, pattern):
    rows = [list(r) for r in _NUMBERS]
    rows[cell[0]][cell[1]] = value
    _refused(tmp_path, capsys, _form(tmp_path, rows, _YEARS), pattern)


def test_a_condition_on_a_randomized_question_is_refused_at_its_cell(tmp_path, capsys):
    rows = [_NUMBERS[0], _NUMBERS[4], *_NUMBERS[1:4]]  # the randomized question first
    rows = [list(r) for r in rows]
    rows[2][6] = "${used} = 'yes'"
    _refused(tmp_path, capsys, _form(tmp_path, rows, _YEARS),
             r"row 3, column 'relevant': relevant: \$\{used\} is a randomized question: a skip that depends on a "
             r"randomized answer would reveal it")
