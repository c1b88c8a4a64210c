"""docs/survey-format.md is true: every example in it is a survey `rrdesk check` accepts, every
design has one, and every key the survey format knows is documented there."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rrdesk import cli
from rrdesk.core import survey as surveys
from rrdesk.core.survey import DESIGNS, QUESTION_KEYS, SURVEY_KEYS

DOC = Path(__file__).resolve().parents[1] / "docs" / "survey-format.md"
TEXT = DOC.read_text(encoding="utf-8")
EXAMPLES = re.findall(r"^```toml\n(.*?)^```", TEXT, re.S | re.M)


def test_the_document_has_examples():
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_every_example_passes_check(number, tmp_path, capsys):
    path = tmp_path / f"example-{number + 1}.toml"
    path.write_text(EXAMPLES[number], encoding="utf-8")
    code = cli.main(["check", str(path)])
    _, err = capsys.readouterr()
    assert (code, err) == (0, ""), f"example {number + 1}: {err}"


def test_every_design_has_a_complete_example():
    kinds = {q.kind for text in EXAMPLES for q in surveys.loads(text).questions}
    assert kinds == set(DESIGNS)


def test_every_key_is_documented():
    for key in (*SURVEY_KEYS, *QUESTION_KEYS):
        assert f"| `{key}`" in TEXT or f"`{key}`," in TEXT or f", `{key}`" in TEXT, key
    for section in ("[survey]", "[[question]]", *DESIGNS):
        assert f"`{section}`" in TEXT, section


def test_the_answer_mode_default_is_the_one_the_code_applies():
    # the smallest example leaves answer_mode out; the document says it is then "instructed"
    smallest = surveys.loads(EXAMPLES[0])
    assert "answer_mode" not in EXAMPLES[0]
    assert smallest.questions[0].answer_mode == "instructed"
    assert '| `answer_mode` | string | `"instructed"` |' in TEXT


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_every_example_round_trips_through_an_xlsform(number, tmp_path):
    from rrdesk.app import xlsform
    path = tmp_path / f"example-{number + 1}.toml"
    path.write_text(EXAMPLES[number], encoding="utf-8")
    xlsform.export_xlsform(path, tmp_path / "form.xlsx")
    original, back = surveys.load(path), xlsform.survey_from_xlsform(tmp_path / "form.xlsx")[1]
    assert back.fingerprint == original.fingerprint
    assert (back.languages, back.wording, back.weights) == (original.languages, original.wording, original.weights)
    assert (back.version, back.interviewers, back.consent) == (original.version, original.interviewers, original.consent)
    assert [(q.text, q.negation, q.unrelated, q.choice_text) for q in back.questions] == \
        [(q.text, q.negation, q.unrelated, q.choice_text) for q in original.questions]
