"""`rrdesk simulate` playing the field's cases (issue 27): one interviewer's interviews
(`--interviewer`) and respondents who say NO whatever the spinner says (`--noncompliance`).

Every data folder is made by the command line and read back record by record (decrypted with
the demo key), so what is pinned is what a coordinator's aggregate would open.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rrdesk.core import survey as surveys
from rrdesk.store import age, keys, log, records
from tests.conftest import DEMO
from tests.test_aggregate import KEY, aggregate_json, export, rrdesk

CDM = """
[[question]]
id = "took"
design = "cdm"
truth = 0.5
yes = 0.35
no = 0.15
text.en = "In the past year, I took money from the till."
text.fr = "Depuis un an, j'ai pris de l'argent dans la caisse."
"""


def _demo_with(tmp_path: Path, extra: str = "", survey_lines: str = "") -> Path:
    text = DEMO.read_text(encoding="utf-8").replace("max_epsilon = 6.0", "max_epsilon = 8.0", 1)
    text = text.replace("planned_respondents =", survey_lines + "planned_respondents =", 1)
    path = tmp_path / "study.toml"
    path.write_text(text + extra, encoding="utf-8")
    return path


def _simulate(survey: Path, data: Path, n: int, seed: int, *options: object) -> dict:
    code, out, err = rrdesk("simulate", survey, "--data", data, "-n", n, "--seed", seed, "--json", *options)
    assert code == 0, err
    return json.loads(out)


def _records(data: Path, survey_id: str) -> list[records.Record]:
    identities = keys.load_identities(KEY)
    (path,) = (data / survey_id).glob("*.rrlog")
    return [records.parse(age.decrypt(f.blob, identities)) for f in log.scan(path.read_bytes(), "log").frames]


def _content(r: records.Record) -> tuple:
    """What a record says, but the laptop's and the log's random ids."""
    return (r.interview, r.position, r.kind, r.question, r.answer, r.day, tuple(sorted(r.direct.items())),
            r.interviewer, r.version, r.synthetic)


def _answers(found: list[records.Record]) -> dict[int, dict[str, str]]:
    by_interview: dict[int, dict[str, str]] = {}
    for r in found:
        if r.kind == "answer":
            by_interview.setdefault(r.interview, {})[r.question] = r.answer
    return by_interview


def _says_no(s: surveys.Survey, answers: dict[str, str]) -> bool:
    """Every randomized answer is the non-sensitive one: NO, a cdm NO with its group, a k-ary
    question's first choice."""
    allowed = {q.id: {"no-a", "no-b"} if q.kind == "cdm" else {q.choices[0] if q.choices else "no"}
               for q in s.randomized}
    return set(answers) == set(allowed) and all(answers[qid] in allowed[qid] for qid in answers)


def test_with_noncompliance_1_every_randomized_answer_is_the_non_sensitive_one(tmp_path):
    path = _demo_with(tmp_path, CDM)
    s = surveys.load(path)
    got = _simulate(path, tmp_path / "data", 30, 5, "--noncompliance", 1, "--truth", "unhappy=1",
                    "--truth", "bullied=several:1")
    assert got["noncompliant"] == 30 and got["noncompliance"] == 1
    found = _answers(_records(tmp_path / "data", s.id))
    assert len(found) == 30 and all(_says_no(s, answers) for answers in found.values())
    # the cdm question keeps its drawn groups: both are there, each answer NO within its group
    assert {answers["took"] for answers in found.values()} == {"no-a", "no-b"}
    # what simulate says it recorded is what is in the log
    for q in got["questions"]:
        if q["id"] in {r.id for r in s.randomized}:
            assert sum(q["reported"].values()) == 30
            assert q["reported"][(s.question(q["id"]).choices or ("no",))[0]] == 30 or q["id"] == "took"


def test_with_noncompliance_0_the_records_are_those_of_the_same_seed_without_it(tmp_path):
    plain = _simulate(DEMO, tmp_path / "plain", 12, 7)
    zero = _simulate(DEMO, tmp_path / "zero", 12, 7, "--noncompliance", 0)
    assert zero["noncompliant"] == 0
    assert [_content(r) for r in _records(tmp_path / "zero", "workplace-demo")] == \
        [_content(r) for r in _records(tmp_path / "plain", "workplace-demo")]
    assert {k: v for k, v in zero.items() if k != "data"} == {k: v for k, v in plain.items() if k != "data"}


def test_a_share_of_noncompliant_respondents_says_no_and_the_others_answer_as_told(tmp_path):
    s = surveys.load(DEMO)
    _simulate(DEMO, tmp_path / "honest", 40, 9)
    honest = _answers(_records(tmp_path / "honest", s.id))
    got = _simulate(DEMO, tmp_path / "mixed", 40, 9, "--noncompliance", 0.4)
    mixed = _answers(_records(tmp_path / "mixed", s.id))
    changed = [n for n in mixed if mixed[n] != honest[n]]
    # the spinner drew the same bytes for everyone: a respondent who complied recorded what the
    # honest run recorded, and every respondent whose record changed said NO on every question
    assert all(_says_no(s, mixed[n]) for n in changed)
    all_no = [n for n in mixed if _says_no(s, mixed[n])]
    assert len(changed) <= got["noncompliant"] <= len(all_no)
    assert 0 < got["noncompliant"] < 40 and changed  # a share, not everyone and not no one
    # the direct answers are the truth for everyone
    assert [r.direct for r in _records(tmp_path / "mixed", s.id) if r.kind == "start"] == \
        [r.direct for r in _records(tmp_path / "honest", s.id) if r.kind == "start"]


def test_the_same_seed_gives_the_same_noncompliant_respondents(tmp_path):
    runs = [_simulate(DEMO, tmp_path / name, 25, 3, "--noncompliance", 0.5) for name in ("one", "two")]
    assert runs[0]["noncompliant"] == runs[1]["noncompliant"]
    assert [_content(r) for r in _records(tmp_path / "one", "workplace-demo")] == \
        [_content(r) for r in _records(tmp_path / "two", "workplace-demo")]


def test_every_interview_names_the_interviewer_given(tmp_path):
    path = _demo_with(tmp_path, survey_lines='interviewers = ["amina", "k-07"]\n')
    got = _simulate(path, tmp_path / "data", 5, 1, "--interviewer", "k-07")
    assert got["interviewers"] == ["k-07"]
    assert {r.interviewer for r in _records(tmp_path / "data", "workplace-demo")} == {"k-07"}
    # without it, the survey's interviewers in turn, as before
    got = _simulate(path, tmp_path / "turns", 4, 1)
    assert got["interviewers"] == ["amina", "k-07"]
    assert [r.interviewer for r in _records(tmp_path / "turns", "workplace-demo") if r.kind == "start"] == \
        ["amina", "k-07", "amina", "k-07"]


@pytest.mark.parametrize("option, value, why", [
    ("--interviewer", "pierre", "--interviewer pierre: not one of the survey's interviewers (amina, k-07)"),
    ("--interviewer", "a b", "--interviewer a b: the interviewer id must be 1 to 32"),
    ("--noncompliance", "1.5", "--noncompliance 1.5: 1.5 is not a share between 0 and 1"),
    ("--noncompliance", "half", "--noncompliance half: 'half' is not a number"),
])
def test_a_wrong_interviewer_or_share_is_one_line_and_nothing_recorded(tmp_path, option, value, why):
    path = _demo_with(tmp_path, survey_lines='interviewers = ["amina", "k-07"]\n')
    code, out, err = rrdesk("simulate", path, "--data", tmp_path / "data", "-n", 3, option, value)
    assert code == 2 and err.startswith("rrdesk: error: command line: ") and why in err
    assert len(err.strip().splitlines()) == 1 and not (tmp_path / "data").exists()


def test_aggregate_flags_a_noncompliant_interviewers_every_randomized_question(tmp_path):
    _simulate(DEMO, tmp_path / "data", 60, 4, "--noncompliance", 1, "--interviewer", "coached")
    code, got, err = aggregate_json(export(tmp_path / "data", tmp_path / "stick"), "--include-synthetic")
    assert code == 0 and got is not None, err
    randomized = [q for q in got["questions"] if q["design"] != "direct"]
    assert len(randomized) == 4 and all(q["noncompliance"] for q in randomized)
