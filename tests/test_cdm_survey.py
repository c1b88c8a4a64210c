"""Cheating detection end to end: a survey file's cdm question, the drawn group's spinner, the
recorded group, and aggregate finding the cheaters among respondents recorded by the station."""
from __future__ import annotations

import csv

import numpy as np
import pytest

from rrdesk.app.interviews import Station
from rrdesk.core import cdm
from rrdesk.core import survey as surveys
from rrdesk.core.errors import SurveyError
from tests.conftest import SeededSource
from tests.test_aggregate import aggregate_json, export

SURVEY = """
[survey]
id = "cheats"
title = "Cheating detection"
languages = ["en"]
recipients = ["age1af476ty2zc0c9qf8a4uqfvp4xxj8zyrdekf7rfz3rqlsxueazsqqwyjxv8"]
max_epsilon = 3
planned_respondents = 1000

[[question]]
id = "site"
design = "direct"
choices = ["north", "south"]
text.en = "Site"

[[question]]
id = "took"
design = "cdm"
truth = 0.5
yes = 0.35
no = 0.15
text.en = "I took money from the till."
"""


def _survey(tmp_path, text: str = SURVEY):
    path = tmp_path / "cheats.toml"
    path.write_text(text, encoding="utf-8")
    return path, surveys.load(path)


def test_the_survey_file_takes_a_cdm_question(tmp_path):
    _, s = _survey(tmp_path)
    q = s.question("took")
    assert q.kind == "cdm" and q.answer_ids == ("no-a", "yes-a", "no-b", "yes-b")
    a, b = cdm.of_design(q.design).groups
    assert a == cdm.cdm(truth=0.5, yes=0.35, no=0.15).groups[0] and b == cdm.cdm(truth=0.5, yes=0.35, no=0.15).groups[1]
    assert s.epsilon_per_respondent == q.design.epsilon == b.epsilon
    for change, what in ((("yes = 0.35\nno = 0.15", "yes = 0.25\nno = 0.25"), "yes ≠ no"),
                         (("truth = 0.5\n", "epsilon = 1.0\n"), "epsilon is not allowed for design cdm")):
        with pytest.raises(SurveyError) as caught:
            surveys.loads(SURVEY.replace(*change))
        assert what in str(caught.value)


def test_each_respondent_sees_and_spins_the_wheel_of_the_group_drawn_for_them(tmp_path):
    _, s = _survey(tmp_path)
    pair = cdm.of_design(s.question("took").design)
    seen = []
    with Station(s, tmp_path / "data", source=SeededSource(4)) as station:
        for _ in range(40):
            interview = station.start({"site": "north"}, interviewer="t1")
            q = interview.next_question
            assert q.id == "took" and q.design in pair.groups and interview.next_question.design == q.design
            spin = interview.spin(q.id, 1)
            assert 0 <= spin.sector < len(q.design.sectors)
            interview.record(q.id, spin.answer)
            seen.append(pair.groups.index(q.design))
    assert 0 < sum(seen) < 40  # both groups are drawn


def _field(tmp_path, cheaters: float, carriers: float, n: int, seed: int):
    """``n`` respondents through the station: cheaters record NO whatever the wheel says; the
    others follow their group's wheel with their true answer."""
    path, s = _survey(tmp_path)
    rng = np.random.Generator(np.random.PCG64(seed))
    with Station(s, tmp_path / "data", source=SeededSource(seed)) as station:
        for _ in range(n):
            interview = station.start({"site": "north"}, interviewer="t1")
            q = interview.next_question
            kind = rng.random()
            spin = interview.spin(q.id, int(kind < carriers))
            interview.record(q.id, 0 if kind >= 1 - cheaters else spin.answer)
    return path, export(tmp_path / "data", tmp_path / "stick", "cheats")


def test_aggregate_finds_the_cheaters(tmp_path):
    path, bundle = _field(tmp_path, cheaters=0.25, carriers=0.2, n=1500, seed=21)
    code, got, err = aggregate_json(bundle, "--survey", path, "--out", tmp_path / "out")
    assert code == 0, err
    q = next(x for x in got["questions"] if x["id"] == "took")
    c = q["cheating"]
    for name, truth in (("cheating", 0.25), ("truthful_yes", 0.2), ("honest_no", 0.55)):
        assert abs(c["estimate"][name] - truth) <= 4 * c["se"][name], (name, c["estimate"][name], c["se"][name])
        assert c["ci95"][name][0] <= c["estimate"][name] <= c["ci95"][name][1]
    assert q["estimate"] == pytest.approx(c["estimate"]["truthful_yes"])
    # the same numbers from answers.csv's answer and group columns
    with open(tmp_path / "out" / "answers.csv", newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["question"] == "took"]
    assert {r["group"] for r in rows} == {"a", "b"} and {r["answer"] for r in rows} == {"no", "yes"}
    n = tuple(sum(1 for r in rows if r["group"] == g) for g in "ab")
    yes = tuple(sum(1 for r in rows if r["group"] == g and r["answer_code"] == "1") for g in "ab")
    again = cdm.estimate(cdm.of_design(surveys.load(path).question("took").design), yes, n)
    assert again.estimate == pytest.approx(c["estimate"], abs=1e-12) and (c["n"]["a"], c["n"]["b"]) == n
    b_rows = [r for r in rows if r["group"] == "b"]
    assert float(b_rows[0]["pyes"]) == pytest.approx(0.15) and float(b_rows[0]["pno"]) == pytest.approx(0.35)
    assert "Cheating detection" in (tmp_path / "out" / "report.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("answer, ok", [("yes-b", True), ("no-a", True), ("yes", False), ("maybe-b", False)])
def test_a_cdm_answer_must_carry_its_group(tmp_path, answer, ok):
    # FORMAT.md: an answer record of a cdm question MUST be no-a, yes-a, no-b or yes-b
    from rrdesk.store import records
    from rrdesk.store.collect import _opening
    _, s = _survey(tmp_path)
    record = records.Record(survey=s.id, device="0" * 32, log="1" * 32, interview=0, position=2, kind="answer",
                            question="took", answer=answer, day="2026-11-23")
    index = {q.id: i for i, q in enumerate(s.questions)}
    answers = {q.id: {a: j for j, a in enumerate(_opening.labels(s, q.id))} for q in s.questions}
    row = [0, 0, 0, -1, -1, 739578, 0, 0, -1]  # seq, interview, kind, question, answer, day, who, version, site
    what = _opening._content(record, row, index, answers, ["site"])
    assert (what == "") == ok
    if ok:
        assert row[_opening.ANSWER] == s.question("took").answer_ids.index(answer)
    else:
        assert what == 'the recorded answer is not one of question "took"\'s answers'


def test_check_plans_a_cdm_question_for_its_three_shares(tmp_path):
    import json

    from tests.test_aggregate import rrdesk
    path, s = _survey(tmp_path)
    code, out, err = rrdesk("check", path, "--json", "--margin", "0.05")
    assert code == 0, err
    took = next(q for q in json.loads(out)["questions"] if q["id"] == "took")
    pair = cdm.of_design(s.question("took").design)
    # the delta-method SE at a point of the grid (π = 0.2, β = 0.6) is never above the planned one
    n = s.planned_respondents
    lam = pair.matrix @ np.array([0.2, 0.6])
    e = cdm.estimate(pair, tuple(int(round(x * n / 2)) for x in lam), (n // 2, n // 2))
    assert took["margin95"] >= 1.959963984540054 * max(e.se["truthful_yes"], e.se["cheating"]) - 1e-9
    assert took["margin95"] > 0.2  # two groups whose YES chances differ by 0.2: very wide at 1,000
    assert cdm.margin95(pair, took["needed_n"]) <= 0.05 < cdm.margin95(pair, took["needed_n"] - 2)


def test_the_app_shows_the_drawn_groups_wheel_and_records_the_group(qtbot, tmp_path, settings, fast_spin):
    from tests.conftest import open_window
    from tests.test_gui_support import answer_question, button_named, click, recorded_answer, respondent_part, wait_for
    path, s = _survey(tmp_path)
    pair = cdm.of_design(s.question("took").design)
    window = open_window(qtbot, tmp_path / "data", settings, survey=path)
    click(qtbot, window.dashboard.start)
    direct = wait_for(qtbot, window, "direct")
    click(qtbot, button_named(direct, "north"))
    click(qtbot, direct.next)
    respondent_part(qtbot, window)
    screen, qid, tapped = answer_question(qtbot, window, None, pick=1)
    shown = screen.question.design
    assert qid == "took" and shown in pair.groups

    def stored() -> str | None:  # the answer is saved off the GUI thread, after the tap
        try:
            return recorded_answer(window, "took")
        except AssertionError:
            return None

    qtbot.waitUntil(lambda: stored() is not None, timeout=10000)
    assert stored() == f"{tapped}-{'ab'[pair.groups.index(shown)]}"
    window.close()
