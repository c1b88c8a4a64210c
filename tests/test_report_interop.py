"""What a coordinator reads: every bin of a number question in report.html, the weighted line
and "no answers" for an empty subgroup in aggregate's text output, weighted and cheating-detection
rows in estimates.csv, and check's echo of the survey's settings."""
from __future__ import annotations

import csv
import io
import re

import pytest

from rrdesk.core import survey as surveys
from rrdesk.core.results import html, model, tables
from tests.cli_runs import rrdesk
from tests.conftest import DEMO
from tests.test_aggregate import KEY, aggregate_json, export, simulate

DOC = (DEMO.parents[2] / "docs" / "survey-format.md").read_text(encoding="utf-8")
EXAMPLES = re.findall(r"^```toml\n(.*?)^```", DOC, re.S | re.M)
WEIGHT = '\n[weight]\nquestion = "department"\nvalues = { office = 1.0, factory = 2.5, warehouse = 1.2, sales = 0.8 }\n'


def _example(word: str) -> str:
    return next(e for e in EXAMPLES if word in e)


def _results(text: str) -> model.Results:
    s = surveys.loads(text)
    return model.results(s, {q.id: {None: [3 + j for j in range(len(q.groups))]} for q in s.questions})


def test_report_html_shows_every_bin_of_a_number_question():
    r = _results(_example('type = "integer"'))
    q = next(x for x in r.questions if x.question.number is not None)
    assert len(q.labels) > 2
    page = html.render(r, [])
    section = next(part for part in page.split('<section class="q">') if f"<code>{q.question.id}</code>" in part)
    for label in q.labels:
        assert f">{html.escape(label)}<" in section or html.escape(label) in section, label
    assert ">No<" not in section and ">Yes<" not in section


def test_the_report_and_the_codebook_show_the_sections_headings():
    from rrdesk.core.results.codebook import codebook

    r = _results(_example('id = "sections-example"'))
    page = html.render(r, [])
    year = next(part for part in page.split('<section class="q">') if "<code>year</code>" in part)
    cheated = next(part for part in page.split('<section class="q">') if "<code>cheated</code>" in part)
    assert '<p class="muted small">About you</p><h3>' in year and "About you" not in cheated
    text = codebook(r)
    assert "## Sections\n\n| section | questions |\n| --- | --- |\n| About you | `year`, `works` |\n" in text


def test_estimates_csv_has_the_cheating_detection_shares():
    r = _results(_example('design = "cdm"'))
    rows = [x for x in tables.estimate_rows(r) if x["subgroup"] == "cdm"]
    c = r.questions[0].cheating
    assert c is not None
    assert [x["category"] for x in rows] == ["truthful_yes", "honest_no", "cheating"]
    for x in rows:
        assert x["estimate"] == c.estimate[x["category"]] and x["se"] == c.se[x["category"]]
        assert (x["ci_low"], x["ci_high"]) == c.ci95[x["category"]] and x["n"] == sum(c.n)


@pytest.fixture(scope="module")
def weighted(tmp_path_factory):
    base = tmp_path_factory.mktemp("weighted")
    survey = base / "weighted.toml"
    survey.write_text(DEMO.read_text(encoding="utf-8") + WEIGHT, encoding="utf-8")
    simulate(base / "laptop", 5, 4, survey=survey)
    return survey, export(base / "laptop", base / "stick"), base


def test_the_text_output_has_the_weighted_line_and_no_answers_for_an_empty_group(weighted):
    survey, bundle, base = weighted
    code, got, err = aggregate_json(bundle, "--by", "department", "--out", base / "out")
    assert code == 0, err
    code, text, err = rrdesk("aggregate", bundle, "-i", KEY, "--by", "department")
    assert code == 0, err
    for q in got["questions"]:
        if q.get("weighted") is None:
            continue
        w = q["weighted"]
        block = text.split(f"\n{q['id']} (")[1].split("\n\n")[0]
        est = w["estimate"] if not isinstance(w["estimate"], dict) else max(w["estimate"].values())
        assert re.search(rf"  weighted: \S.* {100 * est:.1f} % \(", block), block
    # five respondents over four departments: some department has none
    empty = [g for q in got["questions"] for g in (q.get("by") or []) if g.get("n") == 0]
    assert empty, got["questions"][1].get("by")
    lines = [line for line in text.splitlines() if re.match(r"\s{4}\S.*\s0\s", line)]
    assert lines and all(line.rstrip().endswith("no answers") for line in lines), text
    assert "50.0 %" not in "\n".join(lines)
    # estimates.csv: the weighted rows equal the JSON's
    rows = list(csv.DictReader(io.StringIO((base / "out" / "estimates.csv").read_text(encoding="utf-8"))))
    for q in got["questions"]:
        if q.get("weighted") is None:
            continue
        mine = [r for r in rows if r["question"] == q["id"] and r["subgroup"] == "weighted"]
        w = q["weighted"]
        if isinstance(w["estimate"], dict):
            assert {r["category"]: float(r["estimate"]) for r in mine} == pytest.approx(w["estimate"], abs=1e-12)
        else:
            yes = next(r for r in mine if r["category"] == "yes")
            assert float(yes["estimate"]) == pytest.approx(w["estimate"], abs=1e-12)
            assert float(yes["se"]) == pytest.approx(w["se"], abs=1e-12)


def test_check_echoes_version_interviewers_consent_and_weights(tmp_path):
    survey = tmp_path / "s.toml"
    text = DEMO.read_text(encoding="utf-8")
    text = text.replace("[[question]]", 'version = "2026-03"\ninterviewers = ["amina", "k07"]\n\n'
                        '[consent]\ntext.en = "Do you agree?"\ntext.fr = "Acceptez-vous ?"\n\n[[question]]', 1) + WEIGHT
    survey.write_text(text, encoding="utf-8")
    code, out, err = rrdesk("check", survey)
    assert code == 0, err
    assert ("version 2026-03 · interviewers amina, k07 · consent screen in en · weights by department: "
            "office 1, factory 2.5, warehouse 1.2, sales 0.8") in out.replace("consent screen in en, fr", "consent screen in en")
    code, out, _ = rrdesk("check", DEMO)
    assert "version 1 · interviewers: any name · no consent screen · no survey weights" in out


def test_check_reports_every_refused_question_in_one_run(tmp_path):
    text = DEMO.read_text(encoding="utf-8")
    text = text.replace('id = "unhappy"\ndesign = "forced"', 'id = "unhappy"\ndesign = "forcd"', 1)
    text = text.replace("p = 0.75", "p = 1.5", 1)  # warner: not a probability
    text = text.replace('id = "bullied"', 'id = "Bullied"', 1)
    survey = tmp_path / "three.toml"
    survey.write_text(text, encoding="utf-8")
    code, out, err = rrdesk("check", survey)
    lines = err.splitlines()
    assert code == 2 and out == "" and len(lines) == 3, err
    assert all(line.startswith(f"rrdesk: error: {survey}: line ") for line in lines), err
    assert 'question "unhappy", key "design"' in lines[0] and "key \"p\"" in lines[1] and "Bullied" in lines[2]
    numbers = [int(line.split(": line ")[1].split(",")[0]) for line in lines]
    assert numbers == sorted(numbers)  # each at its own line, in the file's order
    # a file with one problem still gets its one line
    survey.write_text(DEMO.read_text(encoding="utf-8").replace("p = 0.75", "p = 1.5", 1), encoding="utf-8")
    code, _, err = rrdesk("check", survey)
    assert code == 2 and err.count("\n") == 1 and "(and" not in err


def test_check_goes_on_past_a_problem_in_the_survey_table(tmp_path):
    text = re.sub(r"(?m)^max_epsilon = 6", "max_epsilon = -6", DEMO.read_text(encoding="utf-8"))
    text = text.replace("p = 0.75", "p = 1.5", 1)
    survey = tmp_path / "two.toml"
    survey.write_text(text, encoding="utf-8")
    code, _, err = rrdesk("check", survey)
    lines = err.splitlines()
    assert code == 2 and len(lines) == 2, err
    assert "max_epsilon" in lines[0] and 'key "p"' in lines[1] and "stand-in" not in err
