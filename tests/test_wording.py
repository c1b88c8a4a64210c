"""The respondent's words: named texts with an English default, rrdesk's own languages, a
survey's [wording.LANG], and the errors `rrdesk check` and the GUI give for every kind of gap.
"""
from __future__ import annotations

import csv
import io
import tomllib

import pytest

from rrdesk.app import translate
from rrdesk.cli import main
from rrdesk.core import survey, wording
from rrdesk.core.errors import InputError, SurveyError
from tests.conftest import ROOT

SWAHILI = ROOT / "tests" / "surveys" / "swahili.toml"
RECIPIENT = "age1af476ty2zc0c9qf8a4uqfvp4xxj8zyrdekf7rfz3rqlsxueazsqqwyjxv8"

HEAD = f"""[survey]
id = "s"
title = "t"
languages = {{langs}}
recipients = ["{RECIPIENT}"]
max_epsilon = 3.0
planned_respondents = 100

[[question]]
id = "q"
design = "forced"
epsilon = 1.0
{{texts}}
"""


def text_of(langs: list[str], wording_: str = "") -> str:
    texts = "\n".join(f'text.{lang} = "Q {lang}"' for lang in langs)
    return HEAD.format(langs=str(langs).replace("'", '"'), texts=texts) + wording_


def complete(lang: str, skip: tuple[str, ...] = (), **override: str) -> str:
    """A [wording.LANG] table with every text a forced, instructed survey needs (but ``skip``)."""
    probe = survey.loads(text_of(["en"]))
    lines = [f"[wording.{lang}]"]
    for name in wording.needed(probe):
        if name in skip:
            continue
        if name in override:
            lines.append(f"{name} = {override[name]}")
        elif name in wording.PLURAL:
            lines.append(f'{name}.other = "x {{seconds}}"')
        else:
            english = wording.ENGLISH[name]
            fields = "".join(f" {{{f}}}" for f in sorted(wording._fields(english)))
            lines.append(f'{name} = "{lang}:{fields}"')
    return "\n".join(lines) + "\n"


def refused(text: str) -> str:
    with pytest.raises(SurveyError) as info:
        survey.loads(text, "s.toml")
    return str(info.value)


# -- rrdesk's own languages ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["fr", "es", "pt", "ar"])
def test_each_shipped_language_has_every_respondent_text_with_the_english_placeholders(lang):
    shipped = dict(wording._builtin(lang))  # read through the same checks as a survey's table
    assert set(shipped) == set(wording.NAMES)
    assert lang in wording.builtin_languages()


def test_a_survey_in_each_shipped_language_loads_without_wording_of_its_own():
    s = survey.loads(text_of(["en", "fr", "es", "pt", "ar", "pt-BR"]))
    assert wording.words_for(s, "es")("spin") == "Girar"
    assert wording.words_for(s, "pt-BR")("spin") == "Girar"  # a regional code uses its base language
    assert wording.words_for(s, "ar")("yes") == "نعم"


def test_plural_forms_follow_the_language():
    ar = wording.words_for(None, "ar")
    assert ar.plural("still_turning", 2, seconds="٢").endswith("٢ ثانيتين.")
    assert ar.plural("still_turning", 3, seconds="٣").endswith("٣ ثوانٍ.")
    fr = wording.words_for(None, "fr")
    assert fr.plural("practice_still", 0, seconds="0").endswith("après 0 seconde.")  # French: 0 is singular
    en = wording.words_for(None, "en")
    assert en.plural("still_turning", 1, seconds="1").endswith("1 second.")
    assert en.plural("still_turning", 3, seconds="3").endswith("3 seconds.")
    assert [wording.plural_category("ar", n) for n in (0, 1, 2, 3, 11, 100)] == \
        ["zero", "one", "two", "few", "many", "other"]


# -- a survey's own words ------------------------------------------------------------------------------


def test_a_survey_supplying_swahili_passes_check_and_its_words_are_used():
    s = survey.load(SWAHILI)
    assert s.languages == ("sw",)
    words = wording.words_for(s, "sw")
    assert words("spin") == "Zungusha" and words("yes") == "NDIYO"
    assert main(["check", str(SWAHILI)]) == 0


def test_a_survey_overrides_a_shipped_text():
    s = survey.loads(text_of(["es"], '[wording.es]\nspin = "¡Gire!"\n'))
    assert wording.words_for(s, "es")("spin") == "¡Gire!"
    assert wording.words_for(s, "es")("next") == "Siguiente"


def test_only_the_texts_the_survey_can_show_are_needed():
    s = survey.loads(text_of(["sw"], complete("sw")))  # no Warner, unrelated, k-ary or assisted texts
    assert "explain_warner" not in wording.needed(s) and "truth_first" not in wording.needed(s)
    assert wording.words_for(s, "sw")("explain_warner") == wording.ENGLISH["explain_warner"]


# -- every kind of gap is an error naming the language and the texts ------------------------------------


def test_a_language_with_no_wording_at_all():
    message = refused(text_of(["en", "sw"]))
    assert message.startswith('s.toml: line 4: language "sw" has no respondent wording: rrdesk has none built '
                              "in and the file has no [wording.sw]")
    assert "choose_language, how_it_works" in message
    assert "rrdesk translate sw --survey s.toml -o wording-sw.toml" in message


def test_a_language_whose_table_lacks_some_texts():
    message = refused(text_of(["sw"], complete("sw", skip=("spin", "decline"))))
    assert 'line 14, [wording.sw]: language "sw" lacks 2 respondent texts: spin, decline;' in message


def test_a_text_left_empty():
    message = refused(text_of(["sw"], complete("sw", spin='""')))
    assert 'key "spin": spin must not be empty' in message


def test_a_text_that_drops_or_adds_a_placeholder():
    dropped = refused(text_of(["sw"], complete("sw", question_progress='"Swali {number}"')))
    assert "question_progress must hold exactly the placeholders of the English ({number}, {total}), " \
           "not {number}" in dropped
    added = refused(text_of(["sw"], complete("sw", spin='"Zungusha {now}"')))
    assert "spin must hold exactly the placeholders of the English (no placeholder), not {now}" in added
    brace = refused(text_of(["sw"], complete("sw", spin='"Zungusha {"')))
    assert "is not a placeholder" in brace


def test_an_unknown_text_name():
    message = refused(text_of(["sw"], complete("sw") + 'spinn = "Zungusha"\n'))
    assert '[wording.sw], key "spinn": "spinn" is not a respondent text' in message


def test_a_plural_text_without_its_other_form_or_with_a_form_the_language_lacks():
    no_other = refused(text_of(["sw"], complete("sw", practice_still='{ one = "x {seconds}" }')))
    assert "practice_still.other is missing" in no_other
    few = refused(text_of(["sw"], complete("sw", practice_still='{ few = "x {seconds}", other = "y {seconds}" }')))
    assert 'sw has the plural forms one, other, not "few"' in few


def test_wording_for_a_language_the_survey_does_not_have():
    message = refused(text_of(["en"], '[wording.sw]\nspin = "Zungusha"\n'))
    assert '[wording.sw]: "sw" is not one of the survey\'s languages (en)' in message


def test_check_exits_2_with_the_one_line(tmp_path, capsys):
    path = tmp_path / "s.toml"
    path.write_text(text_of(["en", "sw"]), encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f'rrdesk: error: {path}: line 4: language "sw" has no respondent wording' in err


# -- the translator's template ---------------------------------------------------------------------------


def test_the_template_filled_in_is_what_the_survey_takes(tmp_path):
    base = tmp_path / "s.toml"
    base.write_text(text_of(["sw"]), encoding="utf-8")
    out = tmp_path / "wording-sw.toml"
    assert main(["translate", "sw", "--survey", str(base), "-o", str(out)]) == 0
    template = out.read_text(encoding="utf-8")
    assert "# English: Choose your language\nchoose_language = \"\"" in template
    assert "practice_still.one = \"\"\n" in template and "practice_still.other = \"\"\n" in template
    filled = template.replace('= ""', '= "sw"')
    for name in ("practice_still", "still_turning", "question_progress", "practice_progress", "tally_item",
                 "practice_says", "sector_say_choice", "do_tap_choice"):
        fields = " ".join(f"{{{f}}}" for f in sorted(wording._fields(wording.ENGLISH[name])))
        filled = filled.replace(f'{name} = "sw"', f'{name} = "sw {fields}"')
        filled = filled.replace(f'{name}.one = "sw"', f'{name}.one = "sw {fields}"')
        filled = filled.replace(f'{name}.other = "sw"', f'{name}.other = "sw {fields}"')
    base.write_text(text_of(["sw"]) + "\n" + filled, encoding="utf-8")
    assert wording.words_for(survey.load(base), "sw")("spin") == "sw"


def test_the_template_of_a_shipped_language_holds_its_words_for_review(tmp_path):
    text = translate.template("es")
    assert 'spin = "Girar"' in text and "# English: Spin" in text
    assert set(tomllib.loads(text)["wording"]["es"]) == set(wording.NAMES)


def test_a_filled_spreadsheet_becomes_the_table_to_paste(tmp_path):
    sheet = tmp_path / "sw.csv"
    assert main(["translate", "sw", "-o", str(sheet)]) == 0
    raw = sheet.read_bytes()
    assert raw.startswith("\ufeff".encode())  # spreadsheets read it as UTF-8
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert rows[0] == ["name", "where", "english", "translation"]
    for row in rows[1:]:
        if row[0] == "spin":
            row[3] = "Zungusha"
        if row[0] == "question_progress":
            row[3] = "Swali {number} kati ya {total}"
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    sheet.write_text(out.getvalue(), encoding="utf-8")
    table = tmp_path / "wording-sw.toml"
    assert main(["translate", "sw", "--from", str(sheet), "-o", str(table)]) == 0
    assert tomllib.loads(table.read_text(encoding="utf-8")) == {
        "wording": {"sw": {"spin": "Zungusha", "question_progress": "Swali {number} kati ya {total}"}}}


def test_a_wrong_text_in_the_spreadsheet_is_named(tmp_path):
    sheet = tmp_path / "sw.csv"
    sheet.write_text("name,where,english,translation\nspin,x,Spin,Zungusha {x}\n", encoding="utf-8")
    with pytest.raises(SurveyError, match="spin must hold exactly the placeholders"):
        translate.from_sheet("sw", sheet)
    sheet.write_text("a,b\n", encoding="utf-8")
    with pytest.raises(InputError, match="the first row must be the columns"):
        translate.from_sheet("sw", sheet)


def test_a_bad_language_code_is_refused(tmp_path, capsys):
    assert main(["translate", "Swahili", "-o", str(tmp_path / "x.toml")]) == 2
    assert "is not a language code" in capsys.readouterr().err
