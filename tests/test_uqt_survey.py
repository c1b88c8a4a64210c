"""The unrelated question with an unknown innocuous prevalence end to end: the survey file's
``unrelated_unknown`` question, the drawn group's wheel, the recorded group, ``check``'s ε with
its assumption, and aggregate's estimate from respondents recorded by the station."""
from __future__ import annotations

import csv
import dataclasses
import json
import math
import subprocess

import numpy as np
import pytest

from rrdesk.app.interviews import Station
from rrdesk.core import survey as surveys
from rrdesk.core import uqt
from rrdesk.core.errors import SurveyError
from tests.conftest import SeededSource
from tests.test_aggregate import aggregate_json, export, rrdesk
from tests.test_analysis_scripts import needs_rr

SURVEY = """
[survey]
id = "unknown"
title = "Unrelated question, unknown prevalence"
languages = ["en"]
recipients = ["age1af476ty2zc0c9qf8a4uqfvp4xxj8zyrdekf7rfz3rqlsxueazsqqwyjxv8"]
max_epsilon = 4
planned_respondents = 1000

[[question]]
id = "site"
design = "direct"
choices = ["north", "south"]
text.en = "Site"

[[question]]
id = "took"
design = "unrelated_unknown"
p = [0.75, 0.25]
unrelated_prevalence_between = [0.3, 0.7]
text.en = "I took money from the till."
unrelated.en = "I flipped my coin and it showed heads."
"""


def _survey(tmp_path, text: str = SURVEY):
    path = tmp_path / "unknown.toml"
    path.write_text(text, encoding="utf-8")
    return path, surveys.load(path)


def test_the_survey_file_takes_an_unrelated_unknown_question(tmp_path):
    _, s = _survey(tmp_path)
    q = s.question("took")
    assert q.kind == "unrelated_unknown" and q.answer_ids == ("no-a", "yes-a", "no-b", "yes-b")
    assert q.two_groups and q.other_question and q.unrelated_between == (0.3, 0.7)
    pair = uqt.uqt(p=(0.75, 0.25), between=(0.3, 0.7))
    assert q.group_spinners == pair.groups
    assert s.epsilon_per_respondent == q.epsilon == pair.epsilon
    assert q.epsilon == pytest.approx(math.log(1 + 0.75 / (0.25 * 0.3)), abs=1e-8)


@pytest.mark.parametrize("change, what", [
    (("p = [0.75, 0.25]", "p = [0.5, 0.5]"), "p_a ≠ p_b"),
    (("p = [0.75, 0.25]", "p = 0.75"), "p must be a list of 2 probabilities"),
    (("p = [0.75, 0.25]\n", ""), "p is missing"),
    (("p = [0.75, 0.25]", "epsilon = 2"), "epsilon is not allowed for design unrelated_unknown"),
    (("[0.3, 0.7]", "[0.7, 0.3]"), "low first"),
    (("[0.3, 0.7]", "[0, 0.7]"), "unrelated_prevalence_between[0] must be a probability strictly"),
    (("unrelated_prevalence_between = [0.3, 0.7]\n", ""), "unrelated_prevalence_between is missing"),
    (("unrelated_prevalence_between", "unrelated_prevalence"), "unrelated_prevalence is not allowed"),
    (('text.en = "I took', 'answer_mode = "assisted"\ntext.en = "I took'), 'answer_mode must be "instructed"'),
])
def test_bad_settings_get_one_clear_line(change, what):
    with pytest.raises(SurveyError) as caught:
        surveys.loads(SURVEY.replace(*change))
    assert what in str(caught.value), str(caught.value)


def test_max_epsilon_counts_the_worst_case(tmp_path):
    with pytest.raises(SurveyError) as caught:
        surveys.loads(SURVEY.replace("[0.3, 0.7]", "[0.01, 0.7]"))
    assert "max_epsilon" in str(caught.value)


def test_each_respondent_spins_the_wheel_of_the_group_drawn_for_them(tmp_path):
    _, s = _survey(tmp_path)
    groups = s.question("took").group_spinners
    seen = []
    with Station(s, tmp_path / "data", source=SeededSource(4)) as station:
        for _ in range(30):
            interview = station.start({"site": "north"}, interviewer="t1")
            q = interview.next_question
            assert q.id == "took" and q.design in groups and interview.next_question.design == q.design
            interview.spin(q.id)
            interview.record(q.id, 1)
            seen.append(groups.index(q.design))
    assert 0 < sum(seen) < 30


def _field(tmp_path, carriers: float, innocuous: float, n: int, seed: int):
    """``n`` respondents through the station, each answering whichever question the wheel shows:
    the real one with their trait, the other with a YES share of ``innocuous``."""
    path, s = _survey(tmp_path)
    rng = np.random.Generator(np.random.PCG64(seed))
    with Station(s, tmp_path / "data", source=SeededSource(seed)) as station:
        for _ in range(n):
            interview = station.start({"site": "north"}, interviewer="t1")
            q = interview.next_question
            spin = interview.spin(q.id)
            asked_real = q.design.sectors[spin.sector].instruction.act.value == "truth"
            interview.record(q.id, int(rng.random() < (carriers if asked_real else innocuous)))
    return path, export(tmp_path / "data", tmp_path / "stick", "unknown")


def test_aggregate_estimates_both_shares(tmp_path):
    path, bundle = _field(tmp_path, carriers=0.2, innocuous=0.6, n=1200, seed=21)
    code, got, err = aggregate_json(bundle, "--survey", path, "--out", tmp_path / "out")
    assert code == 0, err
    q = next(x for x in got["questions"] if x["id"] == "took")
    u = q["innocuous"]
    for name, truth in (("pi", 0.2), ("pi_u", 0.6)):
        assert abs(u["estimate"][name] - truth) <= 4 * u["se"][name], (name, u["estimate"][name], u["se"][name])
        assert u["ci95"][name][0] <= u["estimate"][name] <= u["ci95"][name][1]
    assert q["estimate"] == pytest.approx(u["estimate"]["pi"])
    with open(tmp_path / "out" / "answers.csv", newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["question"] == "took"]
    assert {r["group"] for r in rows} == {"a", "b"} and {r["answer"] for r in rows} == {"no", "yes"}
    n = tuple(sum(1 for r in rows if r["group"] == g) for g in "ab")
    yes = tuple(sum(1 for r in rows if r["group"] == g and r["answer_code"] == "1") for g in "ab")
    s = surveys.load(path)
    again = uqt.estimate(uqt.pair(*s.question("took").group_spinners, (0.3, 0.7)), yes, n)
    assert again.estimate == pytest.approx(u["estimate"], abs=1e-12)
    # each row carries its group's p (RRreg's p = c(p_a, p_b)); no known prevalence
    assert {(r["group"], round(float(r["p_truth"]), 9)) for r in rows} == {("a", 0.75), ("b", 0.25)}
    assert {r["prevalence"] for r in rows} == {""}
    report = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    assert "unrelated question, unknown prevalence" in report and "Unknown innocuous prevalence" in report


def test_check_states_the_assumption_with_its_epsilon(tmp_path):
    path, s = _survey(tmp_path)
    code, out, err = rrdesk("check", path, "--json", "--margin", "0.05", "--difference", "0.2")
    assert code == 0, err
    took = next(q for q in json.loads(out)["questions"] if q["id"] == "took")
    assert took["epsilon"] == s.question("took").epsilon
    assert "0.3" in took["assumes"] and "0.7" in took["assumes"] and f"{took['epsilon']:.4f}" in took["assumes"]
    assert [len(g) for g in took["groups"]] == [2, 2]
    pair = uqt.pair(*s.question("took").group_spinners, (0.3, 0.7))
    assert took["margin95"] == pytest.approx(uqt.margin95(pair, s.planned_respondents))
    assert uqt.margin95(pair, took["needed_n"]) <= 0.05 < uqt.margin95(pair, took["needed_n"] - 2)
    assert 0 < took["power"]["power"] < 1
    code, text, err = rrdesk("check", path)
    assert code == 0, err
    assert "0.3" in text and "0.7" in text and "unknown" in text


def test_an_xlsform_row_holds_p_and_the_range_as_numbers_separated_by_spaces(tmp_path, capsys):
    from rrdesk.app import xlsform
    from tests.test_xlsform import _SETTINGS, _form, _refused

    head = ["type", "name", "label", "design", "p", "unrelated_prevalence_between", "unrelated"]
    row = ["select_one yes_no", "took", "I took money.", "unrelated_unknown", "0.75 0.25", "0.3 0.7",
           "A relative I think of was born in an even month."]
    choices = [["list_name", "name", "label"], ["yes_no", "yes", "Yes"], ["yes_no", "no", "No"]]
    survey = xlsform.survey_from_xlsform(_form(tmp_path, [head, row], choices, _SETTINGS))[1]
    q = survey.question("took")
    assert (q.kind, q.unrelated_between) == ("unrelated_unknown", (0.3, 0.7))
    assert q.group_spinners == uqt.uqt(p=(0.75, 0.25), between=(0.3, 0.7)).groups
    # and back: the exported row holds the same cells, and reads back to the same survey
    path = tmp_path / "s.toml"
    path.write_text(SURVEY, encoding="utf-8")
    xlsform.export_xlsform(path, tmp_path / "back.xlsx")
    again = xlsform.survey_from_xlsform(tmp_path / "back.xlsx")[1]
    assert again.fingerprint == surveys.load(path).fingerprint
    assert again.question("took").unrelated_between == (0.3, 0.7)
    bad = [head, row[:4] + ["0.75 0.75"] + row[5:]]
    _refused(tmp_path, capsys, _form(tmp_path, bad, choices, _SETTINGS), r"row 2, column 'p': .*p_a ≠ p_b")
    bad = [head, row[:5] + ["0.3"] + row[6:]]
    _refused(tmp_path, capsys, _form(tmp_path, bad, choices, _SETTINGS),
             r"row 2, column 'unrelated_prevalence_between': unrelated_prevalence_between must be a list of 2")


def test_each_groups_wheel_says_which_question_and_one_page_explains_it(tmp_path, qapp):
    from rrdesk.gui import explain, wording
    _, s = _survey(tmp_path)
    q = s.question("took")
    for spinner in q.group_spinners:
        shown = dataclasses.replace(q, design=spinner)  # what the interview hands the screen
        assert set(wording.wheel_labels(shown, "en")) == {"Answer the first question", "Answer the other question"}
    page = explain.one_per_kind(s)
    assert [x.id for x in page] == ["took"]
    card = explain.kind_cards(page, "en")[0]
    assert "the real one or another one" in card.sentences.text()
    assert sorted(card.says) == ["Answer the first question", "Answer the other question"]
    # a survey with a known-prevalence unrelated question too: one page for the two-question wheel
    both = surveys.loads(SURVEY.replace("max_epsilon = 4", "max_epsilon = 5") + '\n[[question]]\nid = "sold"\ndesign = "unrelated"\np = 0.7\n'
                         'unrelated_prevalence = 0.5\ntext.en = "I sold pills."\n'
                         'unrelated.en = "My coin shows heads."\n')
    assert [x.id for x in explain.one_per_kind(both)] == ["took"]


def test_the_app_shows_the_drawn_groups_wheel_and_records_the_group(qtbot, tmp_path, settings, fast_spin):
    from tests.conftest import open_window
    from tests.test_gui_support import answer_question, button_named, click, recorded_answer, respondent_part, wait_for
    path, s = _survey(tmp_path)
    groups = s.question("took").group_spinners
    window = open_window(qtbot, tmp_path / "data", settings, survey=path)
    click(qtbot, window.dashboard.start)
    direct = wait_for(qtbot, window, "direct")
    click(qtbot, button_named(direct, "north"))
    click(qtbot, direct.next)
    respondent_part(qtbot, window)
    screen, qid, tapped = answer_question(qtbot, window, None, pick=1)
    shown = screen.question.design
    assert qid == "took" and shown in groups
    from PySide6.QtWidgets import QLabel
    assert screen.question.unrelated_in("en") in [w.text() for w in screen.findChildren(QLabel)]  # both questions

    def stored() -> str | None:  # the answer is saved off the GUI thread, after the tap
        try:
            return recorded_answer(window, "took")
        except AssertionError:
            return None

    qtbot.waitUntil(lambda: stored() is not None, timeout=10000)
    assert stored() == f"{tapped}-{'ab'[groups.index(shown)]}"


@needs_rr
def test_analysis_r_fits_the_question_with_rrreg_uqtunknown(tmp_path):
    path, bundle = _field(tmp_path, carriers=0.3, innocuous=0.5, n=600, seed=8)
    code, got, err = aggregate_json(bundle, "--survey", path, "--out", tmp_path / "out")
    assert code == 0, err
    q = next(x for x in got["questions"] if x["id"] == "took")
    assert not q["innocuous"]["boundary"]
    done = subprocess.run(["Rscript", "analysis.R"], cwd=tmp_path / "out", capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    with open(tmp_path / "out" / "estimates-packages-r.csv", newline="", encoding="utf-8") as f:
        rows = {r["category"]: r for r in csv.DictReader(f) if r["package"] == "RRreg" and r["question"] == "took"}
    gaps = [abs(float(rows["yes"]["estimate"]) - q["estimate"]),
            abs(float(rows["innocuous_yes"]["estimate"]) - q["innocuous"]["estimate"]["pi_u"])]
    print("analysis.R, RRreg UQTunknown: max |estimate - rrdesk|", max(gaps))
    assert max(gaps) < 1e-10
    # RRreg divides each group's variance by n_g - 1, the report by n_g: a little larger
    assert q["se"] < float(rows["yes"]["se"]) < q["se"] * 1.01


def test_weights_simulate_and_model_give_answers_not_tracebacks(tmp_path):
    weighted = SURVEY.replace("[[question]]", '[weight]\nquestion = "site"\nvalues = { north = 1.0, south = 2.0 }\n\n'
                              "[[question]]", 1)
    path, bundle = _field(tmp_path, carriers=0.2, innocuous=0.5, n=200, seed=3)
    path.write_text(weighted, encoding="utf-8")
    code, got, err = aggregate_json(bundle, "--survey", path)
    assert code == 0, err
    q = next(x for x in got["questions"] if x["id"] == "took")
    assert q["innocuous"] is not None and "weighted" not in q  # two groups: not weighted, as cdm
    code, _, err = aggregate_json(bundle, "--survey", path, "--model", "took ~ site")
    assert code == 2 and "unknown prevalence: rrdesk fits no regression" in err and "Traceback" not in err


def test_check_gives_the_worst_groups_privacy_figures(tmp_path):
    path, s = _survey(tmp_path, SURVEY.replace("p = [0.75, 0.25]", "p = [0.25, 0.75]"))
    code, out, err = rrdesk("check", path, "--json")
    assert code == 0, err
    took = next(q for q in json.loads(out)["questions"] if q["id"] == "took")
    a, b = s.question("took").group_spinners
    assert took["epsilon"] == b.epsilon > a.epsilon  # group B answers the question more often
    assert took["posterior_bound"] == pytest.approx(math.exp(b.epsilon) / (1 + math.exp(b.epsilon)))
    assert took["truth_probability"] == a.truth_probability  # the row's sectors are group A's
