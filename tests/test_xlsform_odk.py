"""XLSForms at home in ODK: every form rrdesk writes, and a form written the ODK way with every
feature rrdesk reads, is converted by pyxform (ODK's own converter, a test dependency) and read
back by rrdesk to the same survey; a form with many problems gets them all in one run.

pyxform ignores the columns it does not know (``design``, ``epsilon``, ``negation::…``,
``recipients``, …): ``parsing/sheet_headers.py`` keeps an unknown header as it is, and
``SurveyElement.__init__`` puts what it does not know in ``extra_data``, which the XForm never
shows. So rrdesk's own columns ride along in the one master copy.
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import openpyxl
import pytest
from pyxform.validators.pyxform.iana_subtags.validation import get_languages_with_bad_tags
from pyxform.xls2xform import convert

from rrdesk import cli
from rrdesk.app import xlsform
from rrdesk.app.xlsform import workbook_bytes
from rrdesk.core import survey as surveys

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "resources" / "xlsform-template.xlsx"
DOC = (ROOT / "docs" / "survey-format.md").read_text(encoding="utf-8")
EXAMPLES = re.findall(r"^```toml\n(.*?)^```", DOC, re.S | re.M)
R1 = "age1af476ty2zc0c9qf8a4uqfvp4xxj8zyrdekf7rfz3rqlsxueazsqqwyjxv8"  # the public demo key


def _xform(form: Path, *, codes: bool = True) -> str:
    """pyxform's XForm of ``form``: its conversion raises on anything ODK refuses; with
    ``codes``, every language also carries a code pyxform knows (else xls2xform warns)."""
    warnings: list[str] = []
    xform = convert(xlsform=str(form), warnings=warnings).xform
    languages = re.findall(r'<translation lang="([^"]*)"', xform)
    bad = get_languages_with_bad_tags(languages)
    # a regional code (pt-BR) is a valid BCP 47 tag, but pyxform's list holds bare subtags only
    assert not codes or all(re.search(r"\([a-z]{2,3}-[A-Z]{2}\)", b) for b in bad), languages
    assert all(w.startswith("The following language declarations") for w in warnings), warnings
    return xform


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _write(path: Path, sheets: dict[str, list[list]]) -> Path:
    path.write_bytes(workbook_bytes(sheets))
    return path


def test_the_template_converts_with_pyxform(tmp_path):
    xform = _xform(TEMPLATE)
    assert "<select1 ref=\"/data/cannabis\">" in xform and "instance('yes_no')" in xform


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_every_documented_example_exports_to_a_form_pyxform_converts(number, tmp_path):
    path = tmp_path / "example.toml"
    path.write_text(EXAMPLES[number], encoding="utf-8")
    form = tmp_path / "form.xlsx"
    original = xlsform.export_xlsform(path, form)
    xform = _xform(form)
    for q in original.questions:  # a question in a group (a section) is the group's child
        assert re.search(rf'ref="/data/(section_\d+/)?{re.escape(q.id)}"', xform), q.id
    back = xlsform.survey_from_xlsform(form)[1]
    assert back.fingerprint == original.fingerprint
    assert [(q.id, q.kind, q.text, q.choices, q.choice_text, q.heading) for q in back.questions] == \
        [(q.id, q.kind, q.text, q.choices, q.choice_text, q.heading) for q in original.questions]


SURVEYS = sorted((ROOT / "resources" / "surveys").glob("*.toml")) + sorted((ROOT / "tests" / "surveys").glob("*.toml"))


@pytest.mark.parametrize("path", SURVEYS, ids=lambda p: p.name)
def test_the_shipped_surveys_export_to_forms_pyxform_converts(path, tmp_path):
    # with consent texts, interviewers, weights and a sheet wording (Arabic, Swahili): pyxform
    # ignores the sheets and columns it does not know
    form = tmp_path / "form.xlsx"
    original = xlsform.export_xlsform(path, form)
    _xform(form)
    back = xlsform.survey_from_xlsform(form)[1]
    assert back.fingerprint == original.fingerprint and back.wording == original.wording


# -- a form written the ODK way ----------------------------------------------------------------

EN, ES = "label::English (en)", "label::Español (es)"
ODK_SURVEY = [
    ["type", "name", EN, ES, "hint::English (en)", "hint::Español (es)", "required", "relevant", "constraint", "design",
     "epsilon", "p", "unrelated_prevalence", "negation::English (en)", "negation::Español (es)",
     "unrelated::English (en)", "unrelated::Español (es)"],
    ["start", "start"], ["end", "end"], ["today", "today"], ["deviceid", "deviceid"],
    ["note", "intro", "Thank you for taking part.", "Gracias por participar."],
    ["begin group", "about", "About you", "Sobre usted"],
    ["integer", "age", "How old are you?", "¿Qué edad tiene?", "In years", "En años", "yes", None,
     ". >= 15 and . <= 99"],
    ["select_one sex", "sex", "You are", "Usted es", None, None, "yes"],
    ["end group", "about"],
    ["select_one yes_no", "smokes", "Do you smoke?", "¿Fuma?", None, None, None, "${age} >= 18"],
    ["select_one yes_no", "cannabis", "I have used cannabis.", "He consumido cannabis.", None, None, None, None,
     None, "forced", 1.0],
    ["select_one yes_no", "cheated", "I have cheated in an exam.", "He copiado en un examen.", None, None, None,
     None, None, "warner", None, 0.75, None, "I have not cheated in an exam.", "No he copiado en un examen."],
    ["select_one yes_no", "sold", "I have sold pills.", "He vendido pastillas.", None, None, None, None, None,
     "unrelated", None, 0.5, 0.25, None, None, "I was born in spring.", "Nací en primavera."],
    ["select_one drinks", "binge", "Binge days?", "¿Días de exceso?", None, None, None, None, None, "kary", 1.5],
]
ODK_CHOICES = [
    ["list_name", "name", EN, ES],
    ["yes_no", "yes", "Yes", "Sí"], ["yes_no", "no", "No", "No"],
    ["sex", "Female", "Female", "Mujer"], ["sex", "Male", "Male", "Hombre"],
    ["drinks", "none", "None", "Ninguno"], ["drinks", "some", "Some", "Algunos"], ["drinks", "many", "Many", "Muchos"],
    ["colours", "red", "Red", "Rojo"], ["colours", "blue", "Blue", "Azul"],  # unused: ODK takes it
]
ODK_SETTINGS = [
    ["form_id", "form_title", "default_language", "version", "recipients", "max_epsilon", "planned_respondents"],
    ["student_health_2026", "Student health", "English (en)", "2026011501", R1, 6, 600],
]

ODK_TOML = f'''
[survey]
id = "student-health-2026"
title = "Student health"
languages = ["en", "es"]
recipients = ["{R1}"]
max_epsilon = 6
planned_respondents = 600
version = "2026011501"

[[question]]
id = "age"
design = "direct"
type = "integer"
min = 15
max = 99
text = {{ en = "How old are you?", es = "¿Qué edad tiene?" }}
heading = {{ en = "About you", es = "Sobre usted" }}

[[question]]
id = "sex"
design = "direct"
choices = ["female", "male"]
text = {{ en = "You are", es = "Usted es" }}
heading = {{ en = "About you", es = "Sobre usted" }}
choice_text = {{ en = ["Female", "Male"], es = ["Mujer", "Hombre"] }}

[[question]]
id = "smokes"
design = "direct"
relevant = "${{age}} >= 18"
text = {{ en = "Do you smoke?", es = "¿Fuma?" }}

[[question]]
id = "cannabis"
design = "forced"
epsilon = 1.0
text = {{ en = "I have used cannabis.", es = "He consumido cannabis." }}

[[question]]
id = "cheated"
design = "warner"
p = 0.75
text = {{ en = "I have cheated in an exam.", es = "He copiado en un examen." }}
negation = {{ en = "I have not cheated in an exam.", es = "No he copiado en un examen." }}

[[question]]
id = "sold"
design = "unrelated"
p = 0.5
unrelated_prevalence = 0.25
text = {{ en = "I have sold pills.", es = "He vendido pastillas." }}
unrelated = {{ en = "I was born in spring.", es = "Nací en primavera." }}

[[question]]
id = "binge"
design = "kary"
epsilon = 1.5
choices = ["none", "some", "many"]
text = {{ en = "Binge days?", es = "¿Días de exceso?" }}
choice_text = {{ en = ["None", "Some", "Many"], es = ["Ninguno", "Algunos", "Muchos"] }}
'''


def _same_questions(a: surveys.Survey, b: surveys.Survey) -> None:
    assert a.fingerprint == b.fingerprint
    assert (a.id, a.languages, a.version, a.recipients) == (b.id, b.languages, b.version, b.recipients)
    assert [(q.id, q.kind, q.text, q.negation, q.unrelated, q.choices, q.choice_text, q.relevant, q.heading)
            for q in a.questions] == \
        [(q.id, q.kind, q.text, q.negation, q.unrelated, q.choices, q.choice_text, q.relevant, q.heading)
         for q in b.questions]


def test_a_form_written_the_odk_way_converts_and_imports(tmp_path, capsys):
    form = _write(tmp_path / "odk.xlsx", {"survey": ODK_SURVEY, "choices": ODK_CHOICES, "settings": ODK_SETTINGS})
    xform = _xform(form)
    assert 'lang="Español (es)"' in xform
    out = tmp_path / "odk.toml"
    code, stdout, err = _run(capsys, "import-xlsform", str(form), "-o", str(out))
    assert code == 0, err
    _same_questions(surveys.load(out), surveys.loads(ODK_TOML))
    # what was read and left out is said once each, on stderr, and in the file's header
    notes = err.splitlines()
    assert all(line.startswith(f"rrdesk: note: {form}: ") for line in notes), err
    for said in ("rows 2, 3, 4, 5: ODK's metadata (start, end, today, deviceid, …) is not recorded", "row 6: notes are not shown",
                 "row 7: groups are flattened", "row 8: the column hint is not shown",
                 "rows 8, 9: required is not kept", "form_id \"student_health_2026\" is the survey id "
                 "\"student-health-2026\"", "rows 4, 5: choice names are kept in lower case"):
        assert sum(said in line for line in notes) == 1, (said, err)
    assert "# Left out: notes are not shown" in out.read_text(encoding="utf-8")
    # and back: export, pyxform converts it, the same survey comes back
    again = tmp_path / "again.xlsx"
    xlsform.export_xlsform(out, again)
    _xform(again)
    _same_questions(xlsform.survey_from_xlsform(again)[1], surveys.load(out))


def test_odk_language_spellings_map_to_codes(tmp_path):
    # one colon (ODK's older spelling; pyxform splits on ":" when no header has "::"), and
    # language names without a code
    survey = [["type", "name", "label:English", "label:español", "design", "epsilon"],
              ["select_one yes_no", "used", "Used?", "¿Usado?", "forced", 1]]
    choices = [["list_name", "name", "label:English", "label:español"], ["yes_no", "yes", "Yes", "Sí"],
               ["yes_no", "no", "No", "No"]]
    settings = [["form_id", "form_title", "recipients", "max_epsilon", "planned_respondents", "default_language"],
                ["drug-use", "Drug use", R1, 4, 500, "English"]]
    form = _write(tmp_path / "colon.xlsx", {"survey": survey, "choices": choices, "settings": settings})
    _xform(form, codes=False)  # ODK takes it, and warns that "English" has no code
    made = xlsform.survey_from_xlsform(form)[1]
    assert made.languages == ("en", "es") and made.question("used").text["es"] == "¿Usado?"


def test_a_text_that_looks_like_a_formula_stays_text(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(EXAMPLES[0].replace('text.en = "In the past year', 'text.en = "=HYPERLINK(1) In the past year'),
                    encoding="utf-8")
    form = tmp_path / "f.xlsx"
    xlsform.export_xlsform(path, form)
    cell = openpyxl.load_workbook(form)["survey"]["C2"]
    assert cell.value.startswith("=HYPERLINK") and cell.data_type == "s" and cell.quotePrefix
    assert xlsform.survey_from_xlsform(form)[1].questions[0].text["en"].startswith("=HYPERLINK")


# -- every problem in one run --------------------------------------------------------------------


def test_a_form_with_eleven_problems_gets_eleven_lines(tmp_path, capsys):
    survey = [["type", "name", "label::en", "label::es", "design", "epsilon", "answer_mode", "epsilom"],
              ["text", "who", "Who?", "¿Quién?"],                                                  # 1 type
              ["select_multiple fruit", "fruit", "Fruit?", "¿Fruta?"],                             # 2 type
              ["calculate", "calc"],                                                               # 3 type
              ["select_one yes_no", "a", "A?", None, "forced", 1],                                 # 4 label es
              ["select_one yes_no", "b", "B?", "¿B?", "forced", -1],                               # 5 epsilon
              ["select_one yes_no", "c", "C?", "¿C?", "forced", 1, "asisted"],                     # 6 mode
              ["select_one kinds", "d", "D?", "¿D?", "kary", 1],
              ["select_one yes_no", "e", "E?", "¿E?", "forcd", 1]]                                 # 7 design
    choices = [["list_name", "name", "label::en", "label::es"], ["yes_no", "yes", "Y", "S"],
               ["yes_no", "no", "N", "N"], ["kinds", "_x", "X", "X"], ["kinds", "y", "Y", "Y"]]   # 8 choice
    settings = [["form_id", "form_title", "recipients", "max_epsilon", "planned_respondents", "public_key",
                 "colour"], ["drug-use", "Drug use", R1, 6, 500, "MIIB", "red"]]                   # 9, 10
    form = _write(tmp_path / "ten.xlsx", {"survey": survey, "choices": choices, "settings": settings})
    code, stdout, err = _run(capsys, "import-xlsform", str(form), "-o", str(tmp_path / "out.toml"))
    lines = err.splitlines()
    assert code == 2 and stdout == "" and not (tmp_path / "out.toml").exists()
    expected = [
        r"sheet 'survey', row 1, column 'epsilom': unknown column",
        r"sheet 'survey', row 2, column 'type': type \"text\" is not supported",
        r"sheet 'survey', row 3, column 'type': type \"select_multiple fruit\" is not supported",
        r"sheet 'survey', row 4, column 'type': type \"calculate\" is not supported",
        r"sheet 'survey', row 5, column 'label::es': label is empty",
        r"sheet 'survey', row 6, column 'epsilon': epsilon must be a positive number",
        r"sheet 'survey', row 7, column 'answer_mode': answer_mode must be one of",
        r"sheet 'survey', row 9, column 'design': design must be one of",
        r"sheet 'choices', row 4, column 'name': \"_x\": a choice name must start",
        r"sheet 'settings', row 2, column 'public_key': rrdesk seals answers with age",
        r"sheet 'settings', row 2, column 'colour': unknown column",
    ]
    assert len(lines) == len(expected), err
    assert all(line.startswith(f"rrdesk: error: {form}: ") for line in lines), err
    for pattern in expected:
        assert sum(bool(re.search(pattern, line)) for line in lines) == 1, (pattern, err)


def test_a_kobo_style_form_gets_every_refusal_in_one_run(tmp_path, capsys):
    survey = [["type", "name", "label", "hint", "required", "constraint", "constraint_message", "calculation"],
              ["start", "start"], ["end", "end"],
              ["note", "welcome", "Welcome"],
              ["begin group", "hh", "Household"],
              ["integer", "members", "Members?", "Count yourself", "yes", ". >= 1 and . <= 30", "1 to 30"],
              ["select_multiple assets", "assets", "Assets?"],
              ["calculate", "total", None, None, None, None, None, "${members} * 2"],
              ["text", "head", "Head of household?"],
              ["geopoint", "gps", "Location"],
              ["end group", "hh"]]
    choices = [["list_name", "name", "label"], ["assets", "radio", "Radio"], ["assets", "tv", "TV"]]
    settings = [["form_id", "form_title", "instance_name", "recipients", "max_epsilon", "planned_respondents"],
                ["hh_survey", "Household", "concat(${head})", R1, 2, 100]]
    form = _write(tmp_path / "kobo.xlsx", {"survey": survey, "choices": choices, "settings": settings})
    _xform(form)  # ODK takes it
    code, _, err = _run(capsys, "import-xlsform", str(form), "-o", str(tmp_path / "out.toml"))
    errors = [line for line in err.splitlines() if line.startswith("rrdesk: error:")]
    assert code == 2
    for pattern in (r"row 6, column 'constraint_message'", r"row 7, column 'type': .*several answers",
                    r"row 8, column 'type': .*calculations", r"row 9, column 'type': .*free text",
                    r"row 10, column 'type': .*geopoint", r"settings', row 2, column 'instance_name'"):
        assert sum(bool(re.search(pattern, line)) for line in errors) == 1, (pattern, err)
    assert len(errors) == 6, err


def test_older_spellings_and_cases_odk_reads(tmp_path, capsys):
    # as pyxform's own test forms write them: "select one from LIST", an upper-case header and
    # language code, a form_id in CamelCase, a list name with capitals
    survey = [["TYPE", "NAME", "LABEL::EN", "DESIGN", "EPSILON"],
              ["select one from YesOrNo", "used", "Used?", "forced", 1],
              ["select_one Colours", "colour", "Colour?"]]
    choices = [["LIST_NAME", "NAME", "LABEL::EN"], ["YesOrNo", "yes", "Yes"], ["YesOrNo", "no", "No"],
               ["Colours", "red", "Red"], ["Colours", "blue", "Blue"]]
    settings = [["FORM_ID", "form_title", "DEFAULT_LANGUAGE", "recipients", "max_epsilon", "planned_respondents"],
                ["YesNo", "Yes or no", "EN", R1, 2, 100]]
    form = _write(tmp_path / "old.xlsx", {"survey": survey, "choices": choices, "settings": settings})
    _xform(form)
    made = xlsform.read_xlsform(form)
    assert made.survey.id == "yesno" and made.survey.languages == ("en",)
    assert made.survey.question("used").kind == "forced" and not made.survey.question("used").choices
    assert made.survey.question("colour").choices == ("red", "blue")
    assert any('form_id "YesNo" is the survey id "yesno"' in note for note in made.notes)


def test_a_form_without_settings_still_gets_its_survey_sheet_checked(tmp_path, capsys):
    survey = [["type", "name", "label"], ["select_one colors or_other", "c", "Colour?"],
              ["begin loop over things", "l", "Loop"], ["phone number", "p", "Phone?"]]
    form = _write(tmp_path / "nosettings.xlsx", {"survey": survey, "choices": [["list_name", "name", "label"],
                                                                                ["colors", "red", "Red"]]})
    code, _, err = _run(capsys, "import-xlsform", str(form), "-o", str(tmp_path / "out.toml"))
    lines = err.splitlines()
    assert code == 2 and len(lines) == 4, err
    assert "no sheet 'settings'" in lines[0] and "or_other" in lines[1] and "repeats" in lines[2]
    assert "a phone number names the respondent" in lines[3]
    assert "[survey] table" not in err and "Warning" not in err


def test_the_template_help_sheet_names_every_column_the_import_reads():
    book = openpyxl.load_workbook(TEMPLATE)
    said = " ".join(f"{r[0]} {r[1]}" for r in book["help"].iter_rows(min_row=2, values_only=True) if r[1])
    wanted = {"form_id", "form_title", "recipients", "max_epsilon", "planned_respondents", "version", "interviewers",
              "default_language", "weight_question", "consent::", "weight", "list_name", "hint", "required", "name",
              "type", "label::", "negation::", "unrelated::", "design", "epsilon", "truth", "yes", "no", "p",
              "unrelated_prevalence", "answer_mode", "decimals", "relevant", "constraint", "bins"}
    missing = sorted(w for w in wanted if w not in said)
    assert not missing, missing
    assert "wording" in said


def test_the_template_without_recipients_still_gets_its_questions_checked(tmp_path, capsys):
    book = openpyxl.load_workbook(TEMPLATE)
    survey = book["survey"]
    header = [c.value for c in survey[1]]
    survey.cell(row=4, column=header.index("epsilon") + 1, value=-1)  # cannabis, forced
    form = tmp_path / "t.xlsx"
    book.save(form)
    code, _, err = _run(capsys, "import-xlsform", str(form), "-o", str(tmp_path / "t.toml"))
    lines = err.splitlines()
    assert code == 2 and len(lines) == 2, err
    assert "column 'epsilon': epsilon must be a positive number" in lines[0]
    assert "sheet 'settings', row 2, column 'recipients': recipients is missing" in lines[1]


# -- groups: flattened, the label a heading ----------------------------------------------------

GROUPED = [
    ["type", "name", "label::en", "label::fr", "design", "epsilon"],
    ["begin group", "outer", "Household", "Ménage"],
    ["select_one yes_no", "works", "Do you work?", "Travaillez-vous ?"],
    ["begin group", "inner", "Your studies", "Vos études"],
    ["select_one yes_no", "studies", "Do you study?", "Étudiez-vous ?"],
    ["end group", "inner"],
    ["begin group", "plain"],  # no label: no heading of its own, the outer one's stays
    ["select_one yes_no", "moved", "Did you move?", "Avez-vous déménagé ?"],
    ["end group"],
    ["end group", "outer"],
    ["select_one yes_no", "cheated", "I cheated.", "J'ai triché.", "forced", 1.5],
]
GROUP_CHOICES = [["list_name", "name", "label::en", "label::fr"], ["yes_no", "yes", "Yes", "Oui"],
                 ["yes_no", "no", "No", "Non"]]
GROUP_SETTINGS = [["form_id", "form_title", "recipients", "max_epsilon", "planned_respondents"],
                  ["groups", "Groups", R1, 2, 300]]


def test_a_group_label_is_the_heading_of_its_questions_and_comes_back_as_a_group(tmp_path, capsys):
    form = _write(tmp_path / "groups.xlsx", {"survey": GROUPED, "choices": GROUP_CHOICES, "settings": GROUP_SETTINGS})
    _xform(form)  # ODK's converter takes the nested groups
    code, _, err = _run(capsys, "import-xlsform", str(form), "-o", str(tmp_path / "groups.toml"))
    assert code == 0, err
    assert "rows 2, 4, 7: groups are flattened: their questions are asked in order, the group's label shown " \
           "as a heading above them" in err
    s = surveys.load(tmp_path / "groups.toml")
    assert [(q.id, dict(q.heading)) for q in s.questions] == [
        ("works", {"en": "Household", "fr": "Ménage"}), ("studies", {"en": "Your studies", "fr": "Vos études"}),
        ("moved", {"en": "Household", "fr": "Ménage"}), ("cheated", {})]
    # and back: one group per run of questions under one heading, which pyxform converts
    again = tmp_path / "again.xlsx"
    xlsform.export_xlsform(tmp_path / "groups.toml", again)
    xform = _xform(again)
    assert xform.count("<group ") == 3 and 'ref="/data/section_1"' in xform
    back = xlsform.survey_from_xlsform(again)[1]
    assert [q.heading for q in back.questions] == [q.heading for q in s.questions]


def test_group_mistakes_each_get_their_line(tmp_path, capsys):
    survey = [
        ["type", "name", "label::en", "label::fr", "relevant", "design", "epsilon"],
        ["end group", "nothing"],                                               # closes nothing
        ["begin group", "half", "Half", None],                                  # label missing in fr
        ["select_one yes_no", "a", "A?", "A ?"],
        ["end group"],
        ["begin group", "cond", "Cond", "Cond", "${a} = 'yes'"],                # a group's condition
        ["select_one yes_no", "b", "B?", "B ?"],
        ["end group"],
        ["begin group", "open", "Open", "Ouvert"],                              # never closed
        ["select_one yes_no", "c", "C?", "C ?", None, "forced", 1.5],
    ]
    form = _write(tmp_path / "bad-groups.xlsx", {"survey": survey, "choices": GROUP_CHOICES,
                                                 "settings": GROUP_SETTINGS})
    code, stdout, err = _run(capsys, "import-xlsform", str(form), "-o", str(tmp_path / "out.toml"))
    lines = [line for line in err.splitlines() if line.startswith("rrdesk: error:")]
    assert code == 2 and not (tmp_path / "out.toml").exists()
    expected = [
        r"row 2, column 'type': end group closes no group",
        r"row 3, column 'label::fr': label is empty: a group's label is the heading of its questions",
        r"row 6, column 'relevant': a group's relevant is not supported",
        r"row 9, column 'type': begin group has no end group below it",
    ]
    assert len(lines) == len(expected), err
    for pattern in expected:
        assert sum(bool(re.search(pattern, line)) for line in lines) == 1, (pattern, err)


# -- pictures and sound: ODK's media::image::LANG and media::audio::LANG -----------------------


def test_media_columns_export_convert_and_import_back_to_the_same_files(tmp_path, capsys):
    from tests.test_survey_media import FILES, _survey

    source = tmp_path / "survey"
    source.mkdir()
    original = surveys.load(_survey(source))
    form = tmp_path / "form" / "pictures.xlsx"
    form.parent.mkdir()
    xlsform.export_xlsform(source / "pictures.toml", form)
    assert sorted(p.name for p in form.parent.iterdir()) == sorted([*FILES, "pictures.xlsx"])  # copied beside it
    head = [c.value for c in openpyxl.load_workbook(form)["survey"][1]]
    assert {"media::image::English (en)", "media::image::French (fr)", "media::audio::English (en)",
            "negation_image::English (en)", "unrelated_image::French (fr)"} <= set(head)
    assert "media::audio::French (fr)" in head  # every language, so that pyxform does not warn
    xform = _xform(form)  # ODK's converter, the files present: jr://images/… and jr://audio/…
    assert "jr://images/stmt-en.png" in xform and "jr://images/stmt-fr.png" in xform
    assert "jr://audio/stmt-en.wav" in xform
    out = tmp_path / "back" / "pictures.toml"
    out.parent.mkdir()
    code, _, err = _run(capsys, "import-xlsform", str(form), "-o", str(out))
    assert code == 0, err
    assert "its pictures and sounds were copied beside" in err
    back = surveys.load(out)
    surveys.verify_media(back)  # the files beside the new survey file, each as listed
    assert dict(back.media) == dict(original.media)  # in the order the questions name them
    assert [q.media for q in back.questions] == [q.media for q in original.questions]


def test_odk_spellings_of_media_columns_and_their_mistakes(tmp_path, capsys):
    from tests.test_survey_media import _png, _wav

    (tmp_path / "a.png").write_bytes(_png((1, 2, 3)))
    (tmp_path / "a.wav").write_bytes(_wav())
    (tmp_path / "fake.png").write_bytes(b"not a picture at all")
    survey = [["type", "name", "label::en", "label::fr", "image::English", "media::audio::fr", "image::fr",
               "design", "epsilon"],
              ["select_one yes_no", "a", "A?", "A ?", "a.png", "a.wav", None, "forced", 1],
              ["select_one yes_no", "b", "B?", "B ?", None, None, "a.png", "forced", 1]]
    form = _write(tmp_path / "media.xlsx", {"survey": survey, "choices": GROUP_CHOICES, "settings": GROUP_SETTINGS})
    code, _, err = _run(capsys, "import-xlsform", str(form), "-o", str(tmp_path / "media.toml"))
    assert code == 0, err
    s = surveys.load(tmp_path / "media.toml")
    assert s.question("a").media_in("image", "en") == "a.png" and s.question("a").media_in("audio", "fr") == "a.wav"
    assert s.question("b").media_in("image", "fr") == "a.png" and [n for n, _ in s.media] == ["a.png", "a.wav"]
    # a file not beside the form, a file that is not what its name says, a video: one line each
    survey[1][4], survey[2][6] = "gone.png", "fake.png"
    survey[0].append("media::video::en")
    survey[2].append("b.mp4")
    form = _write(tmp_path / "bad-media.xlsx", {"survey": survey, "choices": GROUP_CHOICES,
                                                "settings": GROUP_SETTINGS})
    code, _, err = _run(capsys, "import-xlsform", str(form), "-o", str(tmp_path / "bad.toml"))
    lines = [line for line in err.splitlines() if line.startswith("rrdesk: error:")]
    assert code == 2 and not (tmp_path / "bad.toml").exists() and len(lines) == 2, err
    assert "row 2, column 'image::English': \"gone.png\" is not beside the form" in lines[0], err
    assert "row 3, column 'media::video::en': video is not supported" in lines[1], err
    fake = [survey[0][:-1], survey[2][:-1]]
    code, _, err = _run(capsys, "import-xlsform", str(_write(tmp_path / "fake.xlsx", {
        "survey": fake, "choices": GROUP_CHOICES, "settings": GROUP_SETTINGS})), "-o", str(tmp_path / "fake.toml"))
    assert code == 2 and "row 2, column 'image::fr': fake.png: its bytes are not the kind of file its name says" in err


# -- every sound: negation_audio, unrelated_audio, and each answer's (ODK's media::audio on choices) --

SOUNDS = """\
[survey]
id = "sounds-2026"
title = "Sounds"
languages = ["en", "fr"]
recipients = ["{recipient}"]
max_epsilon = 8.0
planned_respondents = 10

[[question]]
id = "stole"
design = "warner"
p = 0.75
text.en = "I have taken things from work."
text.fr = "J'ai pris des choses au travail."
negation.en = "I have never taken things from work."
negation.fr = "Je n'ai jamais pris de choses au travail."
audio.en = "stole-en.wav"
negation_audio.en = "never-stole-en.wav"
negation_audio.fr = "never-stole-fr.wav"
negation_image.fr = "neg-fr.png"

[[question]]
id = "sick"
design = "unrelated"
p = 0.7
unrelated_prevalence = 0.25
text.en = "I called in sick when I was not."
text.fr = "Je me suis dit malade sans l'être."
unrelated.en = "I was born in spring."
unrelated.fr = "Je suis né au printemps."
unrelated_audio.fr = "spring-fr.wav"

[[question]]
id = "drank"
design = "forced"
epsilon = 1.0
text.en = "I drank at work."
text.fr = "J'ai bu au travail."

[[question]]
id = "bullied"
design = "kary"
epsilon = 1.5
choices = ["never", "once", "often"]
text.en = "How often were you bullied?"
text.fr = "Combien de fois avez-vous été harcelé ?"
choice_text.en = ["Never", "Once", "Often"]
choice_text.fr = ["Jamais", "Une fois", "Souvent"]
choice_audio.en = ["never-en.wav", "", "often-en.wav"]
choice_audio.fr = ["", "once-fr.wav", ""]

[media]
{listed}
"""


def _sounds(folder: Path) -> Path:
    import hashlib

    from tests.test_survey_media import _png, _wav

    files = {name: _wav() for name in ("stole-en.wav", "never-stole-en.wav", "never-stole-fr.wav", "spring-fr.wav",
                                       "never-en.wav", "often-en.wav", "once-fr.wav")}
    files["neg-fr.png"] = _png((9, 9, 9))
    for name, data in files.items():
        (folder / name).write_bytes(data)
    listed = "\n".join(f'"{n}" = "sha256:{hashlib.sha256(d).hexdigest()}"' for n, d in files.items())
    path = folder / "sounds.toml"
    path.write_text(SOUNDS.format(recipient=R1, listed=listed), encoding="utf-8")
    return path


def test_every_sound_goes_out_to_odk_and_comes_back(tmp_path, capsys):
    source = tmp_path / "survey"
    source.mkdir()
    original = surveys.load(_sounds(source))
    form = tmp_path / "form" / "sounds.xlsx"
    form.parent.mkdir()
    xlsform.export_xlsform(source / "sounds.toml", form)
    book = openpyxl.load_workbook(form)
    head = [c.value for c in book["survey"][1]]
    assert {"negation_audio::English (en)", "negation_audio::French (fr)", "unrelated_audio::English (en)",
            "unrelated_audio::French (fr)", "negation_image::French (fr)"} <= set(head), head
    choices = [[c.value for c in row] for row in book["choices"].iter_rows()]
    assert choices[0] == ["list_name", "name", "label::English (en)", "label::French (fr)",
                          "media::audio::English (en)", "media::audio::French (fr)"]
    assert ["bullied", "once", "Once", "Une fois", None, "once-fr.wav"] in choices
    assert ["yes_no", "yes", "YES", "OUI", None, None] in choices
    # ODK's converter, the files present: each answer's sound is its choice's audio (rrdesk's own
    # negation_audio and unrelated_audio ride along unread, as negation_image does)
    xform = _xform(form)
    for name in ("stole-en.wav", "never-en.wav", "often-en.wav", "once-fr.wav"):
        assert f"jr://audio/{name}" in xform, name
    assert re.search(r'<text id="bullied-1">\s*<value>Une fois</value>\s*<value form="audio">jr://audio/once-fr.wav',
                     xform), xform
    out = tmp_path / "back" / "sounds.toml"
    out.parent.mkdir()
    code, _, err = _run(capsys, "import-xlsform", str(form), "-o", str(out))
    assert code == 0, err
    back = surveys.load(out)
    surveys.verify_media(back)
    assert dict(back.media) == dict(original.media)
    assert [q.media for q in back.questions] == [q.media for q in original.questions]
    same = [dataclasses.replace(q, line=0) for q in back.questions]  # the line in its file aside
    assert same == [dataclasses.replace(q, line=0) for q in original.questions]
    # the same version to a laptop: [media] listed in the order the questions name the files
    assert [n for n, _ in back.media] != [n for n, _ in original.media] and back.content == original.content


def test_answers_read_aloud_need_a_kary_question(tmp_path, capsys):
    from tests.test_survey_media import _wav

    (tmp_path / "never.wav").write_bytes(_wav())
    survey = [["type", "name", "label::en", "design", "epsilon"],
              ["select_one often", "a", "How often?", "kary", 1],
              ["select_one often", "b", "How often, again?", None, None]]
    choices = [["list_name", "name", "label::en", "media::audio::en"], ["often", "never", "Never", "never.wav"],
               ["often", "once", "Once", None]]
    form = _write(tmp_path / "aloud.xlsx", {"survey": survey, "choices": choices, "settings": GROUP_SETTINGS})
    code, _, err = _run(capsys, "import-xlsform", str(form), "-o", str(tmp_path / "aloud.toml"))
    lines = [line for line in err.splitlines() if line.startswith("rrdesk: error:")]
    assert code == 2 and len(lines) == 1, err
    assert ("sheet 'survey', row 3, column 'type': list \"often\" has answers read aloud (media::audio on the "
            "sheet 'choices', row 2), but design direct does not play them") in lines[0], err
    del survey[2]
    code, _, err = _run(capsys, "import-xlsform", str(form := _write(tmp_path / "aloud.xlsx", {
        "survey": survey, "choices": choices, "settings": GROUP_SETTINGS})), "-o", str(tmp_path / "aloud.toml"))
    assert code == 0, err
    q = surveys.load(tmp_path / "aloud.toml").question("a")
    assert [q.media_in(f"choice_audio.{i}", "en") for i in range(2)] == ["never.wav", None]
    choices[1][3] = "gone.wav"
    form = _write(tmp_path / "gone.xlsx", {"survey": survey, "choices": choices, "settings": GROUP_SETTINGS})
    code, _, err = _run(capsys, "import-xlsform", str(form), "-o", str(tmp_path / "gone.toml"))
    assert code == 2 and "sheet 'choices', row 2, column 'media::audio::en': \"gone.wav\" is not beside" in err, err


def test_a_media_key_export_does_not_know_is_refused_not_dropped(tmp_path, monkeypatch, capsys):
    import rrdesk.app.xlsform._write as write

    source = tmp_path / "survey"
    source.mkdir()
    _sounds(source)
    monkeypatch.setattr(write, "_MEDIA", {k: v for k, v in write._MEDIA.items() if k != "unrelated_audio"})
    code, _, err = _run(capsys, "export-xlsform", str(source / "sounds.toml"), "-o", str(tmp_path / "x.xlsx"))
    assert code == 2 and not (tmp_path / "x.xlsx").exists(), err
    assert 'question "sick": unrelated_audio has no XLSForm column yet' in err, err
    monkeypatch.undo()
    path = source / "sounds.toml"  # a file listed for no question: the form could not carry it back
    path.write_text(path.read_text(encoding="utf-8").replace('unrelated_audio.fr = "spring-fr.wav"\n', ""),
                    encoding="utf-8")
    code, _, err = _run(capsys, "export-xlsform", str(path), "-o", str(tmp_path / "x.xlsx"))
    assert code == 2 and not (tmp_path / "x.xlsx").exists(), err
    assert 'media "spring-fr.wav": listed in [media] but no question names it' in err, err
