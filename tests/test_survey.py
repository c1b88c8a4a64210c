"""Survey files: a coordinator's TOML either becomes a Survey or one clear line
naming the file, the place and what is wrong -- never a traceback."""
from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rrdesk.core import design, survey
from rrdesk.core.errors import SurveyError
from tests.conftest import DEMO

RECIPIENT = "age1af476ty2zc0c9qf8a4uqfvp4xxj8zyrdekf7rfz3rqlsxueazsqqwyjxv8"

# Line numbers in the expected messages below count lines of this text.
HEAD = f"""\
[survey]
id = "test"
title = "Test"
languages = ["en", "fr"]
recipients = ["{RECIPIENT}"]
max_epsilon = 3.0
planned_respondents = 400
"""
FORCED = """
[[question]]
id = "unhappy"
design = "forced"
epsilon = 1.0
text.en = "I am unhappy at work."
text.fr = "Je suis malheureux au travail."
"""
VALID = HEAD + FORCED  # the [[question]] header is on line 9, epsilon on line 12


def write(tmp_path: Path, text: str | bytes, name: str = "survey.toml") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def error(tmp_path: Path, text: str | bytes) -> str:
    """The message for a survey file that must be refused, without its ``FILE: `` prefix
    (which is checked here: every message starts with the file as given)."""
    path = write(tmp_path, text)
    with pytest.raises(SurveyError) as info:
        survey.load(path)
    message = str(info.value)
    assert message.startswith(f"{path}: ")
    assert "\n" not in message
    return message[len(f"{path}: "):]


def with_question(extra: str) -> str:
    return VALID + "\n" + extra


WARNER = """[[question]]
id = "afraid"
design = "warner"
p = 0.75
text.en = "I am afraid."
text.fr = "J'ai peur."
negation.en = "I am not afraid."
negation.fr = "Je n'ai pas peur."
"""  # appended with with_question: its header is on line 16, p on line 19

UNRELATED = """[[question]]
id = "took"
design = "unrelated"
p = 0.5
unrelated_prevalence = 0.25
text.en = "I took things."
text.fr = "J'ai pris des choses."
unrelated.en = "I was born in spring."
unrelated.fr = "Je suis né au printemps."
"""  # header on line 16, unrelated_prevalence on line 20

KARY = """[[question]]
id = "bullied"
design = "kary"
epsilon = 1.0
choices = ["never", "once", "often"]
text.en = "How often?"
text.fr = "Combien de fois ?"
choice_text.en = ["Never", "Once", "Often"]
choice_text.fr = ["Jamais", "Une fois", "Souvent"]
"""  # header on line 16, choices on line 20, choice_text.fr on line 24


# -- surveys that load ---------------------------------------------------------------


def test_a_minimal_survey_loads(tmp_path):
    s = survey.load(write(tmp_path, VALID))
    assert (s.id, s.title, s.languages, s.recipients) == ("test", "Test", ("en", "fr"), (RECIPIENT,))
    assert (s.max_epsilon, s.planned_respondents) == (3.0, 400)
    assert (s.version, s.interviewers, s.consent) == ("1", (), {})  # the defaults: version 1, typed ids, no consent
    q = s.question("unhappy")
    assert (q.kind, q.answer_mode, q.line, q.choices) == ("forced", "instructed", 9, ())
    assert q.text_in("fr") == "Je suis malheureux au travail."
    assert q.design == design.forced(epsilon=1.0)
    assert s.randomized == (q,)
    assert s.epsilon_per_respondent == q.design.epsilon


def test_loads_takes_text_and_names_the_path_only_in_messages():
    s = survey.loads(VALID, "from-a-string.toml")
    assert s.path == Path("from-a-string.toml")
    with pytest.raises(SurveyError, match=r"^from-a-string\.toml: line 12, "):
        survey.loads(VALID.replace("epsilon = 1.0", "epsilon = 0"), "from-a-string.toml")


def test_the_demo_survey_has_every_design_two_languages_and_a_capped_total(demo_path):
    s = survey.load(demo_path)
    assert s.id == "workplace-demo"
    assert s.languages == ("en", "fr")
    assert s.recipients == (RECIPIENT,)
    assert s.planned_respondents == 400
    assert {q.kind for q in s.questions} == {"forced", "warner", "unrelated", "kary", "direct"}
    assert 0 < s.epsilon_per_respondent <= s.max_epsilon
    for q in s.questions:
        for lang in s.languages:
            assert q.text_in(lang).strip()
            assert len(q.choice_labels(lang)) == len(q.choices)
    assert s.question("unhappy").design.epsilon == math.log(3)  # the two fair coins
    assert s.question("afraid_to_speak").negation_in("fr")
    assert s.question("took_from_work").unrelated_in("en")


def test_demo_epsilons_are_the_design_constructors_epsilons(demo_path):
    s = survey.load(demo_path)
    assert s.question("unhappy").design == design.forced(epsilon=1.0986122886681098)
    assert s.question("afraid_to_speak").design == design.warner(p=0.75)
    took = s.question("took_from_work")
    assert took.design == design.unrelated(prevalence=0.25, p=0.5)
    assert took.unrelated_prevalence == 0.25
    bullied = s.question("bullied")
    assert bullied.design.epsilon == design.kary(3, epsilon=1.5).epsilon
    assert (bullied.answer_mode, bullied.choices) == ("assisted", ("never", "once", "several"))
    assert s.question("department").design is None and s.question("department").answer_mode is None


def test_every_design_loads_with_probabilities_too(tmp_path):
    text = (VALID.replace("epsilon = 1.0", "truth = 0.5\nyes = 0.25\nno = 0.25").replace("3.0", "9.0")
            + "\n" + WARNER + "\n" + UNRELATED + "\n" + KARY.replace("epsilon = 1.0", "truth = 0.5"))
    s = survey.load(write(tmp_path, text))
    assert s.question("unhappy").design == design.forced(truth=0.5, yes=0.25, no=0.25)
    assert s.question("afraid").design.epsilon == math.log(3)
    assert s.question("bullied").design == design.kary(3, truth=0.5)
    assert s.epsilon_per_respondent == math.fsum(q.design.epsilon for q in s.questions)


def test_a_direct_question_without_choices_is_yes_no(tmp_path):
    s = survey.load(write(tmp_path, with_question(
        '[[question]]\nid = "manager"\ndesign = "direct"\ntext.en = "Manager?"\ntext.fr = "Cadre ?"\n')))
    q = s.question("manager")
    assert (q.design, q.answer_mode, q.choices, q.choice_labels("en")) == (None, None, (), ())
    assert s.randomized == (s.question("unhappy"),)
    with pytest.raises(KeyError):
        s.question("absent")


def test_parsed_surveys_are_immutable_and_hashable(demo_path):
    s = survey.load(demo_path)
    assert hash(s) == hash(survey.load(demo_path))
    with pytest.raises(AttributeError):
        s.title = "changed"  # type: ignore[misc]
    assert s.question("bullied").choice_text["fr"] == ("Jamais", "Une fois", "Plusieurs fois")
    assert s.question("unhappy").text_in("de") == s.question("unhappy").text_in("en")  # default language


# -- surveys that are refused: one test per rule --------------------------------------


def test_toml_syntax_error_names_line_and_column(tmp_path):
    assert error(tmp_path, VALID.replace("epsilon = 1.0", "epsilon = one")) == (
        "line 12, column 11: not valid TOML: invalid value")


def test_missing_survey_table(tmp_path):
    assert error(tmp_path, FORCED) == "the [survey] table is missing"


def test_unknown_top_level_table(tmp_path):
    assert error(tmp_path, VALID + '\n[extra]\nx = 1\n') == (
        'line 16, key "extra": unknown table or key (a survey file has only [survey], [[question]], '
        '[wording.LANG], [wording_audio.LANG], [weight], [sample], [consent] and [media])')


def test_unknown_key_in_survey(tmp_path):
    assert error(tmp_path, VALID.replace('title = "Test"', 'title = "Test"\nowner = "me"')) == (
        'line 4, key "owner": unknown key in [survey] (allowed: id, title, languages, recipients, '
        'max_epsilon, planned_respondents, version, interviewers, record_duration)')


def test_unknown_key_in_a_question(tmp_path):
    assert error(tmp_path, VALID + 'colour = "red"\n') == (
        'line 15, question "unhappy", key "colour": unknown key (design forced takes id, design, '
        'text, heading, epsilon, answer_mode, truth, yes, no)')


def test_negation_is_not_allowed_on_a_forced_question(tmp_path):
    assert error(tmp_path, VALID + 'negation.en = "No."\nnegation.fr = "Non."\n') == (
        'line 15, question "unhappy", key "negation": negation is not allowed for design forced')


def test_p_is_not_allowed_on_a_forced_question(tmp_path):
    assert error(tmp_path, VALID.replace("epsilon = 1.0", "p = 0.75")) == (
        'line 12, question "unhappy", key "p": p is not allowed for design forced')


def test_a_string_where_a_number_belongs(tmp_path):
    assert error(tmp_path, VALID.replace("epsilon = 1.0", 'epsilon = "1.0"')) == (
        'line 12, question "unhappy", key "epsilon": epsilon must be a number, not "1.0"')


def test_a_boolean_is_not_a_number(tmp_path):
    assert error(tmp_path, VALID.replace("max_epsilon = 3.0", "max_epsilon = true")) == (
        'line 6, key "max_epsilon": max_epsilon must be a number, not true')


def test_a_number_where_a_string_belongs(tmp_path):
    assert error(tmp_path, VALID.replace('title = "Test"', "title = 42")) == (
        'line 3, key "title": title must be a string, not 42')


def test_a_table_where_texts_by_language_belong_as_a_string(tmp_path):
    text = VALID.replace('text.en = "I am unhappy at work."\ntext.fr = "Je suis malheureux au travail."',
                         'text = "I am unhappy at work."')
    assert error(tmp_path, text) == (
        'line 13, question "unhappy", key "text": text must be a table by language '
        '(text.en = "…"), not "I am unhappy at work."')


def test_a_string_where_a_list_belongs(tmp_path):
    assert error(tmp_path, VALID.replace('["en", "fr"]', '"en"')) == (
        'line 4, key "languages": languages must be a list of strings, not "en"')


def test_a_key_with_a_newline_still_gives_a_one_line_message(tmp_path):
    # the scan cannot match an escaped key, so the line falls back to the question's header
    assert error(tmp_path, VALID + '"nice\\nkey" = 1\n') == (
        'line 9, question "unhappy", key "nice\\nkey": unknown key (design forced takes id, design, '
        'text, heading, epsilon, answer_mode, truth, yes, no)')


def test_planned_respondents_must_be_a_whole_number(tmp_path):
    assert error(tmp_path, VALID.replace("planned_respondents = 400", "planned_respondents = 400.0")) == (
        'line 7, key "planned_respondents": planned_respondents must be a whole number, not 400')


def test_missing_survey_key(tmp_path):
    assert error(tmp_path, VALID.replace(f'recipients = ["{RECIPIENT}"]\n', "")) == (
        'line 1, key "recipients": recipients is missing')


def test_missing_question_key(tmp_path):
    assert error(tmp_path, VALID.replace('design = "forced"\n', "")) == (
        'line 9, question "unhappy", key "design": design is missing')


def test_unknown_design(tmp_path):
    assert error(tmp_path, VALID.replace('design = "forced"', 'design = "mirror"')) == (
        'line 11, question "unhappy", key "design": design must be one of forced, warner, unrelated, '
        'kary, cdm, unrelated_unknown, direct, not "mirror"')


def test_a_missing_language(tmp_path):
    assert error(tmp_path, VALID.replace('text.fr = "Je suis malheureux au travail."\n', "")) == (
        'line 13, question "unhappy", key "text.fr": text.fr is missing (every language of the survey '
        'needs one)')


def test_a_language_the_survey_does_not_have(tmp_path):
    assert error(tmp_path, VALID + 'text.de = "Ich bin unglücklich."\n') == (
        'line 15, question "unhappy", key "text.de": "de" is not one of the survey\'s languages (en, fr)')


def test_an_empty_text(tmp_path):
    assert error(tmp_path, VALID.replace('"Je suis malheureux au travail."', '"  "')) == (
        'line 14, question "unhappy", key "text.fr": text.fr must not be empty')


def test_a_probability_above_one(tmp_path):
    assert error(tmp_path, VALID.replace("epsilon = 1.0", "truth = 1.5\nyes = 0.25\nno = 0.25")) == (
        'line 12, question "unhappy", key "truth": truth must be a probability between 0 and 1, not 1.5')


def test_forced_probabilities_that_do_not_sum_to_one(tmp_path):
    assert error(tmp_path, VALID.replace("epsilon = 1.0", "truth = 0.5\nyes = 0.25\nno = 0.2")) == (
        'line 12, question "unhappy", key "truth": truth + yes + no must sum to 1, not 0.95')


def test_forced_needs_all_three_probabilities(tmp_path):
    assert error(tmp_path, VALID.replace("epsilon = 1.0", "truth = 0.5\nyes = 0.25")) == (
        'line 9, question "unhappy", key "no": no is missing '
        '(forced needs all of truth, yes, no, or epsilon)')


def test_both_epsilon_and_probabilities(tmp_path):
    text = VALID.replace("epsilon = 1.0", "epsilon = 1.0\ntruth = 0.5\nyes = 0.25\nno = 0.25")
    assert error(tmp_path, text) == (
        'line 12, question "unhappy", key "epsilon": give either epsilon or truth, yes, no, not both')


def test_neither_epsilon_nor_probabilities(tmp_path):
    assert error(tmp_path, VALID.replace("epsilon = 1.0\n", "")) == (
        'line 9, question "unhappy", key "epsilon": epsilon is missing (or give truth, yes, no instead)')


def test_a_negative_epsilon(tmp_path):
    assert error(tmp_path, VALID.replace("epsilon = 1.0", "epsilon = -1")) == (
        'line 12, question "unhappy", key "epsilon": epsilon must be a positive number, not -1')


def test_a_zero_epsilon(tmp_path):
    assert error(tmp_path, VALID.replace("epsilon = 1.0", "epsilon = 0.0")) == (
        'line 12, question "unhappy", key "epsilon": epsilon must be a positive number, not 0')


def test_a_nan_epsilon(tmp_path):
    assert error(tmp_path, VALID.replace("epsilon = 1.0", "epsilon = nan")) == (
        'line 12, question "unhappy", key "epsilon": epsilon must be a positive number, not nan')


def test_an_infinite_epsilon(tmp_path):
    assert error(tmp_path, VALID.replace("epsilon = 1.0", "epsilon = inf")) == (
        'line 12, question "unhappy", key "epsilon": epsilon must be a positive number, not inf')


def test_an_epsilon_beyond_the_wheel_gives_the_least_private_spinner_and_meets_the_cap(tmp_path):
    # no 2**32 spinner is less private than ε ≈ ln 2**32 = 22.18, so a huge target calibrates to
    # that one, and the cap on the total catches it
    assert error(tmp_path, VALID.replace("epsilon = 1.0", "epsilon = 1e300")) == (
        'line 6, key "max_epsilon": the randomized questions add up to ε = 22.1807 per respondent, '
        "above max_epsilon = 3 (unhappy 22.1807): lower a question's epsilon or raise max_epsilon")


def test_an_epsilon_too_small_for_the_spinner(tmp_path):
    assert error(tmp_path, VALID.replace("epsilon = 1.0", "epsilon = 1e-12")) == (
        'line 12, question "unhappy", key "epsilon": epsilon 1e-12 is too small for a 2**32-sector spinner')


def test_probabilities_with_infinite_epsilon(tmp_path):
    # NO is never recorded for a true YES: a NO would prove the truth
    assert error(tmp_path, VALID.replace("epsilon = 1.0", "truth = 0.5\nyes = 0.5\nno = 0")) == (
        'line 12, question "unhappy", key "truth": some answer is impossible for one truth, '
        'so ε would be infinite')


def test_warner_with_p_one_half(tmp_path):
    assert error(tmp_path, with_question(WARNER.replace("p = 0.75", "p = 0.5"))) == (
        'line 19, question "afraid", key "p": the recorded answer would not depend on the truth (ε = 0)')


def test_warner_without_its_negation(tmp_path):
    assert error(tmp_path, with_question(WARNER.replace('negation.fr = "Je n\'ai pas peur."\n', ""))) == (
        'line 22, question "afraid", key "negation.fr": negation.fr is missing (every language of the '
        'survey needs one)')


def test_unrelated_prevalence_of_zero(tmp_path):
    assert error(tmp_path, with_question(UNRELATED.replace("= 0.25", "= 0"))) == (
        'line 20, question "took", key "unrelated_prevalence": unrelated_prevalence must be a '
        'probability strictly between 0 and 1, not 0')


def test_unrelated_prevalence_of_one(tmp_path):
    assert error(tmp_path, with_question(UNRELATED.replace("= 0.25", "= 1.0"))) == (
        'line 20, question "took", key "unrelated_prevalence": unrelated_prevalence must be a '
        'probability strictly between 0 and 1, not 1')


def test_unrelated_without_its_prevalence(tmp_path):
    assert error(tmp_path, with_question(UNRELATED.replace("unrelated_prevalence = 0.25\n", ""))) == (
        'line 16, question "took", key "unrelated_prevalence": unrelated_prevalence is missing')


def test_a_bad_answer_mode(tmp_path):
    assert error(tmp_path, VALID + 'answer_mode = "automatic"\n') == (
        'line 15, question "unhappy", key "answer_mode": answer_mode must be one of instructed, assisted, '
        'not "automatic"')


def test_assisted_is_refused_for_the_unrelated_design(tmp_path):
    assert error(tmp_path, with_question(UNRELATED + 'answer_mode = "assisted"\n')) == (
        'line 25, question "took", key "answer_mode": answer_mode must be "instructed" for design '
        'unrelated, not "assisted"')


def test_answer_mode_is_not_allowed_on_a_direct_question(tmp_path):
    direct = ('[[question]]\nid = "region"\ndesign = "direct"\nanswer_mode = "assisted"\n'
              'text.en = "R"\ntext.fr = "R"\n')
    assert error(tmp_path, with_question(direct)) == (
        'line 19, question "region", key "answer_mode": answer_mode is not allowed for design direct')


def test_kary_labels_that_do_not_match_its_choices(tmp_path):
    assert error(tmp_path, with_question(KARY.replace('"Une fois", ', ""))) == (
        'line 24, question "bullied", key "choice_text.fr": choice_text.fr has 2 labels but choices has 3')


def test_kary_needs_two_choices(tmp_path):
    assert error(tmp_path, with_question(KARY.replace('["never", "once", "often"]', '["never"]'))) == (
        'line 20, question "bullied", key "choices": choices needs at least 2 entries')


def test_duplicate_choices(tmp_path):
    assert error(tmp_path, with_question(KARY.replace('"often"]', '"once"]'))) == (
        'line 20, question "bullied", key "choices": choices[2] repeats "once"')


def test_choice_text_without_choices_on_a_direct_question(tmp_path):
    direct = ('[[question]]\nid = "region"\ndesign = "direct"\ntext.en = "R"\ntext.fr = "R"\n'
              'choice_text.en = ["N"]\n')
    assert error(tmp_path, with_question(direct)) == (
        'line 21, question "region", key "choice_text": choice_text needs choices')


def test_duplicate_question_ids(tmp_path):
    assert error(tmp_path, with_question(FORCED.lstrip("\n"))) == (
        'line 17, question "unhappy", key "id": id "unhappy" is already used by question 1')


def test_a_bad_question_id_is_named_by_number(tmp_path):
    assert error(tmp_path, VALID.replace('id = "unhappy"', 'id = "Unhappy at work"')) == (
        'line 10, question 1, key "id": id must start with a lower-case letter and hold only a-z, 0-9, '
        '"_" and "-" (at most 64), not "Unhappy at work"')


def test_a_bad_survey_id(tmp_path):
    assert error(tmp_path, VALID.replace('id = "test"', 'id = "Test--1"')) == (
        'line 2, key "id": id must be lower-case letters and digits joined by single "-" (at most 64), '
        'not "Test--1"')


def test_an_invalid_recipient(tmp_path):
    broken = RECIPIENT[:-1] + ("q" if RECIPIENT[-1] != "q" else "p")  # bad checksum
    text = VALID.replace(f'["{RECIPIENT}"]', f'["{RECIPIENT}", "{broken}"]')
    assert error(tmp_path, text) == (
        'line 5, key "recipients": recipients[1]: not a valid age recipient (age1… or age1pq1…)')


def test_duplicate_languages(tmp_path):
    assert error(tmp_path, VALID.replace('["en", "fr"]', '["en", "fr", "en"]')) == (
        'line 4, key "languages": languages[2] repeats "en"')


def test_a_bad_language_code(tmp_path):
    assert error(tmp_path, VALID.replace('["en", "fr"]', '["en", "French"]')) == (
        'line 4, key "languages": languages[1] must be a language code like "en", "fra" or "pt-BR", '
        'not "French"')


def test_total_epsilon_over_max_epsilon(tmp_path):
    text = HEAD + FORCED.replace("epsilon = 1.0", "epsilon = 1.0986122886681098") + "\n" + WARNER + "\n" + (
        WARNER.replace('"afraid"', '"afraid2"'))
    assert error(tmp_path, text) == (
        'line 6, key "max_epsilon": the randomized questions add up to ε = 3.2958 per respondent, '
        "above max_epsilon = 3 (unhappy 1.0986, afraid 1.0986, afraid2 1.0986): lower a question's "
        "epsilon or raise max_epsilon")


def test_no_randomized_question(tmp_path):
    direct = '\n[[question]]\nid = "region"\ndesign = "direct"\ntext.en = "Region"\ntext.fr = "Région"\n'
    assert error(tmp_path, HEAD + direct) == (
        "no randomized question: at least one question needs a design other than direct")


def test_no_question_at_all(tmp_path):
    assert error(tmp_path, HEAD) == "no questions: add at least one [[question]] table"


def test_question_written_as_a_single_table(tmp_path):
    assert error(tmp_path, VALID.replace("[[question]]", "[question]")) == (
        'line 9, key "question": question must be an array of tables ([[question]]), not a table')


def test_a_missing_file(tmp_path):
    path = tmp_path / "nowhere.toml"
    with pytest.raises(SurveyError) as info:
        survey.load(path)
    assert str(info.value) == f"{path}: cannot read: No such file or directory"
    assert info.value.where == ""


def test_a_folder_is_not_a_survey(tmp_path):
    with pytest.raises(SurveyError) as info:
        survey.load(str(tmp_path))
    assert str(info.value) == f"{tmp_path}: cannot read: Is a directory"


def test_a_file_that_is_not_utf8(tmp_path):
    assert error(tmp_path, VALID.encode("latin-1").replace(b"Test", b"T\xe9st")) == (
        "not UTF-8 text (first bad byte on line 3); save the file as UTF-8")


def test_a_file_over_one_mebibyte_is_refused_unparsed(tmp_path):
    # a syntax error at the very end would be reported if the file were parsed at all
    text = VALID + "# " + "x" * (1 << 20) + "\n= broken"
    assert error(tmp_path, text) == "larger than 1 MiB, far too big for a survey file"


def test_a_byte_order_mark_from_a_windows_editor_is_accepted(tmp_path):
    assert survey.load(write(tmp_path, b"\xef\xbb\xbf" + VALID.encode())).id == "test"


def test_text_that_no_file_could_hold_is_refused():
    with pytest.raises(SurveyError, match=r"^s\.toml: not valid Unicode text$"):
        survey.loads(VALID.replace("Test", "T\udc80st"), "s.toml")


# -- hostile input -----------------------------------------------------------------------

TOKENS = ["[survey]", "[[question]]", "[question]", "\n", " = ", "=", '"', "'", "[", "]", "{", "}", ",",
          ".", "id", "design", "epsilon", "text.en", "text.fr", "choices", "choice_text.en", "negation",
          "p", "truth", "yes", "no", "forced", "warner", "unrelated", "kary", "direct", '"kary"',
          '"forced"', "0.5", "1e308", "-1", "nan", "inf", "true", "1979-05-27", "0", "3", "[[", "]]",
          "languages", "recipients", "max_epsilon", '"en"', f'"{RECIPIENT}"', "\x00", "é", "#"]


def _load_or_refuse(path: Path) -> None:
    try:
        result = survey.load(path)
    except SurveyError as e:
        assert "\n" not in str(e)
    else:
        assert isinstance(result, survey.Survey)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.one_of(
    st.binary(max_size=300),
    st.lists(st.sampled_from(TOKENS), max_size=60).map(lambda parts: "".join(parts).encode()),
    st.tuples(st.integers(0, len(VALID)), st.integers(0, 40), st.lists(st.sampled_from(TOKENS), max_size=4))
      .map(lambda m: (VALID[:m[0]] + "".join(m[2]) + VALID[m[0] + m[1]:]).encode()),
))
def test_garbage_either_loads_or_is_refused_with_a_survey_error(tmp_path, data):
    path = tmp_path / "fuzz.toml"
    path.write_bytes(data)
    _load_or_refuse(path)


def test_a_question_owns_its_answer_ids_in_index_order():
    s = survey.load(DEMO)
    assert s.question("unhappy").answer_ids == ("no", "yes")  # index 1 is YES, as records count them
    assert s.question("bullied").answer_ids == ("never", "once", "several")
    assert s.question("department").answer_ids == ("office", "factory", "warehouse", "sales")


def test_a_survey_names_its_direct_questions_in_file_order():
    s = survey.load(DEMO)
    assert [q.id for q in s.direct] == ["department"]
    assert set(s.direct) | set(s.randomized) == set(s.questions) and not set(s.direct) & set(s.randomized)
