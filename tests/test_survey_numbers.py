"""Direct questions that real surveys need (issue 14, point 5): integer and decimal questions with
ranges, answer ids that are digits, and ``relevant`` skip conditions -- in the survey file, the
records, ``simulate``, ``check`` and ``aggregate`` (--by bins, --model numbers)."""
from __future__ import annotations

import csv
import json
import math
import re
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest

from rrdesk.app.interviews import Station, device_id
from rrdesk.core import regression
from rrdesk.core import survey as surveys
from rrdesk.core.errors import InterviewError, SurveyError
from rrdesk.core.survey import holds
from rrdesk.store import records
from tests.conftest import DAY, NoSync, SeededSource, answer_all, sealed_log
from tests.test_aggregate import aggregate_json, export, rrdesk, simulate

RECIPIENT = "age1af476ty2zc0c9qf8a4uqfvp4xxj8zyrdekf7rfz3rqlsxueazsqqwyjxv8"  # the demo key's
HEAD = f"""[survey]
id = "numbers-2026"
title = "Numbers"
languages = ["en"]
recipients = ["{RECIPIENT}"]
max_epsilon = 3
planned_respondents = 400
"""
AGE = """
[[question]]
id = "age"
design = "direct"
type = "integer"
min = 15
max = 99
text.en = "Age"
"""
YEAR = """
[[question]]
id = "year"
design = "direct"
choices = ["1", "2", "3"]
relevant = "${age} >= 18 and not(${age} > 90)"
text.en = "Year of study"
"""
HOURS = """
[[question]]
id = "hours"
design = "direct"
type = "decimal"
decimals = 2
min = 0
max = 24
bins = [2, 4.5]
relevant = "${year} = '1' or ${age} < 20"
text.en = "Hours of sleep lost"
"""
UNHAPPY = """
[[question]]
id = "unhappy"
design = "forced"
epsilon = 1.0986122886681098
text.en = "I am unhappy."
"""
SURVEY = HEAD + AGE + YEAR + HOURS + UNHAPPY


def load(text: str = SURVEY) -> surveys.Survey:
    return surveys.loads(text, "s.toml")


def error(text: str) -> str:
    with pytest.raises(SurveyError) as caught:
        load(text)
    return str(caught.value)


# -- the survey file ---------------------------------------------------------------------


def test_number_questions_digit_ids_and_conditions_are_read():
    s = load()
    age, year, hours = s.direct
    assert (age.number.type, age.number.low, age.number.high, age.number.decimals) == ("integer", 15, 99, 0)
    assert age.groups == ("15-19", "20-39", "40-59", "60-79", "80-99")  # the default bins
    assert year.choices == ("1", "2", "3") and year.groups == ("1", "2", "3")
    assert (hours.number.low, hours.number.high, hours.number.decimals) == (0, 2400, 2)  # units of 0.01
    assert hours.groups == ("[0.00,2.00)", "[2.00,4.50)", "[4.50,24.00]")
    assert year.relevant_text == "${age} >= 18 and not(${age} > 90)"
    assert age.relevant is None and year.relevant is not None


@pytest.mark.parametrize("low, high, labels", [
    (15, 99, ("15-19", "20-39", "40-59", "60-79", "80-99")),
    (0, 100, ("0-19", "20-39", "40-59", "60-79", "80-100")),  # 100 alone joins the bin before
    (1, 5, ("1", "2", "3", "4", "5")),
    (-10, 10, ("-10 to -6", "-5 to -1", "0-4", "5-10")),
])
def test_default_bins_are_round(low, high, labels):
    s = load(HEAD + AGE.replace("min = 15", f"min = {low}").replace("max = 99", f"max = {high}") + UNHAPPY)
    assert s.question("age").groups == labels


def test_given_bins_and_decimal_default():
    s = load(HEAD + AGE.replace("max = 99", "max = 99\nbins = [18, 25, 35]")
             + AGE.replace('"age"', '"kg"').replace('"integer"', '"decimal"') + UNHAPPY)
    assert s.question("age").groups == ("15-17", "18-24", "25-34", "35-99")
    kg = s.question("kg").number
    assert kg.decimals == 1 and kg.text(kg.low) == "15.0" and kg.widest() == "15.0"


def test_canonical_text_and_what_a_person_types():
    hours = load().question("hours").number
    assert [hours.text(u) for u in (0, 5, 250, 2400)] == ["0.00", "0.05", "2.50", "24.00"]
    assert hours.units("2.50") == 250 and hours.units("2.5") is None and hours.units("-0.00") is None
    assert hours.read(" 2,5 ") == 250 and hours.read("2.5") == 250 and hours.read("24") == 2400
    assert hours.read("2.505") is None and hours.read("24.01") is None and hours.read("1e2") is None
    assert hours.read("") is None and hours.read("nan") is None and hours.read("x") is None
    assert [hours.bin_of(u) for u in (0, 199, 200, 449, 450, 2400)] == [0, 0, 1, 1, 2, 2]


@pytest.mark.parametrize("edit, line, key, what", [
    (("min = 15\n", ""), 9, "min", "min is missing"),  # the question's line: the key is not there
    (("max = 99", "max = 15"), 14, "max", "max must be above min (15)"),
    (("min = 15", "min = 15.5"), 13, "min", "min must be a whole number, not 15.5"),
    (("max = 99", "max = 99\ndecimals = 2"), 15, "decimals", 'decimals is only for type = "decimal"'),
    (('type = "integer"', 'type = "number"'), 12, "type", "type must be one of integer, decimal"),
    (('type = "integer"', 'type = "integer"\nchoices = ["a", "b"]'), 13, "choices", "choices is not allowed"),
    (("max = 99", "max = 99\nbins = [30, 20]"), 15, "bins", "bins[1] = 20: each cut point must be above"),
    (("max = 99", "max = 99\nbins = [15]"), 15, "bins", "bins[0] = 15"),
    (("max = 99", "max = 99000000000"), 14, "max", "max must be between"),
])
def test_bad_number_keys_are_one_located_line(edit, line, key, what):
    message = error(HEAD + AGE.replace(*edit) + UNHAPPY)
    assert message.startswith(f's.toml: line {line}, question "age", key "{key}": ')
    assert what in message


def test_min_and_max_without_a_type_and_too_many_decimals():
    plain = AGE.replace('type = "integer"\n', "")
    assert 'key "min": min needs type = "integer" or "decimal"' in error(HEAD + plain + UNHAPPY)
    decimal = AGE.replace('"integer"', '"decimal"').replace("min = 15", "min = 15.25")
    assert "min 15.25 has more than 1 digits after the point (decimals)" in error(HEAD + decimal + UNHAPPY)


def test_answer_ids_may_be_digits_but_question_ids_may_not():
    assert load(HEAD + YEAR.replace('relevant = "${age} >= 18 and not(${age} > 90)"\n', "") + UNHAPPY)
    assert 'key "id": id must start with a lower-case letter' in error(HEAD + UNHAPPY.replace('"unhappy"', '"1"'))
    assert "choices[1] must start with a lower-case letter or a digit" in error(
        HEAD + YEAR.replace('"2"', '"_2"').replace('relevant = "${age} >= 18 and not(${age} > 90)"\n', "") + UNHAPPY)


@pytest.mark.parametrize("condition, what", [
    ("${unhappy} = 'yes'", "${unhappy} is a randomized question: a skip that depends on a randomized answer "
                           "would reveal it"),
    ("${hours} > 1", "${hours} is this question itself"),
    ("${later} = 'yes'", "${later} comes later: a condition may name only questions asked before this one"),
    ("${nope} = 'yes'", "${nope} is not a question of the survey"),
    ("${age} = 'x'", "${age} is a number: compare it with a number, e.g. ${age} >= 18"),
    ("${year} = 1", "\"1\" is not an answer of ${year}: one of '1', '2', '3' (write '1' in quotes)"),
    ("${year} = '4'", "\"4\" is not an answer of ${year}"),
    ("${year} < '2'", "${year} has answers, not numbers: compare it with = or != only"),
    ("${age} >= 18 and", "expected a question written ${id}, found the end"),
    ("eval('1')", "unknown word 'eval'"),
    ("${age} >= 18)", "unexpected ')' after a complete condition"),
    ("${age} ~ 18", "cannot read '~ 18'"),
    ("(" * 30 + "${age} > 1" + ")" * 30, "nested more than 20 deep"),
    ("${age} > 1 or " * 100 + "${age} > 1", "longer than 1000 characters"),
])
def test_conditions_check_refuses_say_why(condition, what):
    text = HEAD + UNHAPPY + AGE + YEAR + HOURS.replace(HOURS.split("\n")[9], f'relevant = "{condition}"') + \
        AGE.replace('"age"', '"later"').replace("type = \"integer\"\nmin = 15\nmax = 99\n", "")
    message = error(text)
    assert message.startswith('s.toml: line 38, question "hours", key "relevant": relevant: '), message
    assert what in message, message


def test_a_randomized_question_and_the_weight_take_no_condition():
    assert 'key "relevant": relevant is not allowed for design forced' in error(
        HEAD + AGE + UNHAPPY.replace('text.en', 'relevant = "${age} > 20"\ntext.en'))
    weighted = HEAD + AGE + YEAR + UNHAPPY + '[weight]\nquestion = "year"\nvalues = { 1 = 1.0, 2 = 2, 3 = 3 }\n'
    assert '"year" has a relevant condition: a weight question must be asked of everyone' in error(weighted)
    assert load(weighted.replace('relevant = "${age} >= 18 and not(${age} > 90)"\n', "")).weights == (1.0, 2.0, 3.0)


def test_a_skipped_question_is_empty_in_later_conditions_as_in_odk():
    s = load()
    year, hours = s.question("year").relevant, s.question("hours").relevant
    assert holds(year, {"age": "18"}) and not holds(year, {"age": "17"}) and not holds(year, {"age": "91"})
    assert holds(hours, {"age": "19", "year": ""}) and not holds(hours, {"age": "30", "year": "2"})
    assert not holds(hours, {"age": "30", "year": ""})  # = on a skipped question is false
    ne = surveys.loads(SURVEY.replace("${year} = '1' or ${age} < 20", "${year} != '1'"), "s.toml")
    assert holds(ne.question("hours").relevant, {"age": "16", "year": ""})  # != on a skipped one is true
    assert surveys.asked(s.direct, {"age": "17", "year": "2", "hours": "3.00"}) == {
        "age": True, "year": False, "hours": True}


# -- records -------------------------------------------------------------------------------


def test_the_record_size_holds_the_widest_numbers():
    s = load(SURVEY.replace("max = 99", "max = 99999999").replace("min = 15", "min = -99999999"))
    start = records.Record(survey=s.id, device="0" * 32, log="0" * 32, interview=10**12, position=0, kind="start",
                           day="2026-01-01", direct={"age": "-99999999", "year": "3", "hours": "24.00"})
    assert len(start.to_json()) <= records.record_size(s)


def test_the_station_records_numbers_and_skips_and_refuses_the_rest(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(SURVEY, encoding="utf-8")
    s = surveys.load(path)
    with Station(s, tmp_path, source=SeededSource(1), today=lambda: DAY, ops=NoSync()) as station:
        for bad, what in [({"age": "14"}, 'question "age" needs a number from 15 to 99'),
                          ({"age": "15.0"}, 'question "age" needs a number from 15 to 99'),
                          ({"age": "30", "year": "2", "hours": "1.5"}, 'question "hours" is skipped'),
                          ({"age": "30", "year": "1", "hours": "1.5"}, 'question "hours" needs a number from 0.00 to'),
                          ({"age": "17", "year": "1"}, 'question "year" is skipped')]:
            with pytest.raises(InterviewError, match=what):
                station.start(bad, interviewer="t1")
        answer_all(station.start({"age": "17", "hours": "1.50"}, interviewer="t1"))
        answer_all(station.start({"age": "30", "year": "2"}, interviewer="t1"))


def _one_laptop(tmp_path: Path, text: str) -> tuple[surveys.Survey, Path, Path, bytes, bytes, dict]:
    """A survey written to ``tmp_path``, its laptop's data folder and ids, and the fields every
    record of its one log shares: what a test that seals records by hand starts from."""
    s = load(text)
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    data = tmp_path / "data"
    device, log_id = device_id(data), bytes(range(16, 32))
    base = dict(survey=s.id, device=device.hex(), log=log_id.hex(), day=DAY.isoformat(), interviewer="t1",
                version=s.version)
    return s, path, data, device, log_id, base


def test_a_start_record_outside_the_rules_is_a_record_problem(tmp_path):
    s, path, data, device, log_id, base = _one_laptop(tmp_path, SURVEY)
    starts = [{"age": "250", "year": "", "hours": ""},       # out of range
              {"age": "30", "year": "", "hours": ""},        # year asked, not answered
              {"age": "17", "year": "1", "hours": "2.00"},   # year answered although skipped
              {"age": "17", "year": "", "hours": "2.5"},     # not canonical
              {"age": "17", "year": "", "hours": "2.50"}]    # the one good interview
    made = []
    for number, direct in enumerate(starts, start=1):
        made.append(records.Record(**base, interview=number, position=0, kind="start", direct=direct))
        made += [records.Record(**base, interview=number, position=1, kind="spun", question="unhappy"),
                 records.Record(**base, interview=number, position=2, kind="answer", question="unhappy", answer="yes")]
    sealed_log(data, path, made, device=device, log_id=log_id)
    code, found, err = aggregate_json(export(data, tmp_path / "stick", s.id), "--survey", path)
    assert code == 1, err
    whats = [p["what"] for p in found["problems"]]
    assert whats == ['the start record\'s answer to "age" is not a number in its range',
                     'the start record\'s answer to "year" is not one of its answers',
                     '"year" is answered although its relevant condition does not hold (it must be "")',
                     'the start record\'s answer to "hours" is not a number in its range']
    assert found["interviews"] == 5 and found["questions"][0]["reported"] == {
        "15-19": 1, "20-39": 0, "40-59": 0, "60-79": 0, "80-99": 0}


# -- simulate, aggregate, check -----------------------------------------------------------------


@pytest.fixture(scope="module")
def simulated(tmp_path_factory):
    folder = tmp_path_factory.mktemp("numbers")
    path = folder / "numbers.toml"
    path.write_text(SURVEY, encoding="utf-8")
    made = simulate(folder / "data", 400, 7, "age=15..40", survey=path)
    return path, made, export(folder / "data", folder / "stick", "numbers-2026")


def test_simulate_respects_ranges_and_conditions(simulated, tmp_path):
    path, made, _ = simulated
    age, year, hours, _ = made["questions"]
    assert sum(age["reported"].values()) == 400 and age["reported"]["60-79"] == 0  # --truth age=15..40
    assert "skipped" not in age and year["skipped"] + sum(year["reported"].values()) == 400
    assert year["skipped"] > 0 and hours["skipped"] > 0
    code, _, err = rrdesk("simulate", path, "--data", tmp_path, "-n", 1, "--truth", "age=10..20")
    assert code == 2 and "expected MIN..MAX, two numbers from 15 to 99" in err


def test_aggregate_by_a_number_groups_by_its_bins(simulated):
    path, made, bundle = simulated
    code, found, err = aggregate_json(bundle, "--by", "age")
    assert code == 0, err
    age, year, hours, unhappy = found["questions"]
    assert age["reported"] == made["questions"][0]["reported"]
    assert year["reported"] == made["questions"][1]["reported"]
    assert hours["reported"] == made["questions"][2]["reported"]  # skipped answers left out
    groups = {g["group"]: g["n"] for g in unhappy["by"]}
    assert groups == made["questions"][0]["reported"]  # an empty bin is there too (its estimate null)
    code, by_year, err = aggregate_json(bundle, "--by", "year")
    groups = {g["group"]: g["n"] for g in by_year["questions"][3]["by"]}
    assert groups == {**made["questions"][1]["reported"], "(skipped)": made["questions"][1]["skipped"]}


def test_the_model_takes_a_number_as_a_number(simulated, tmp_path):
    path, made, bundle = simulated
    code, found, err = aggregate_json(bundle, "--model", "unhappy ~ age + hours", "--out", tmp_path / "out")
    assert code == 0, err
    model = found["model"]
    assert [c["term"] for c in model["coefficients"]] == ["(Intercept)", "age", "hours"]
    assert model["left_out"] == 400 - (400 - made["questions"][2]["skipped"])  # every skip of hours
    with open(tmp_path / "out" / "answers.csv", newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["direct_hours"]]
    assert all(Decimal(r["direct_hours"]).as_tuple().exponent == -2 for r in rows)  # as recorded: 2 decimals
    d = surveys.load(path).question("unhappy").design
    fit = regression.logistic(d, np.array([int(r["answer_code"]) for r in rows]),
                              np.array([[float(r["direct_age"]), float(r["direct_hours"])] for r in rows]),
                              names=["age", "hours"])
    assert [c["estimate"] for c in model["coefficients"]] == pytest.approx(list(fit.coef), abs=1e-9)
    assert model["n"] == len(rows)


def test_check_plans_per_bin(simulated):
    path = simulated[0]
    code, out, err = rrdesk("check", path, "--json", "--margin", "0.1", "--by", "age")
    assert code == 0, err
    unhappy = json.loads(out)["questions"][3]
    assert unhappy["needed_by"]["groups"] == 5
    assert unhappy["needed_by"]["total"] == 5 * unhappy["needed_n"]
    code, _, err = rrdesk("check", path, "--margin", "0.1", "--by", "unhappy")
    assert code == 2 and 'is not a question asked directly with choices or a number (age, year, hours)' in err
    assert math.isfinite(json.loads(rrdesk("check", path, "--json")[1])["questions"][0]["margin95"])



def test_check_shows_ranges_bins_and_conditions(simulated):
    path = simulated[0]
    code, out, err = rrdesk("check", path, "--json", "--margin", "0.1", "--by", "age")
    questions = json.loads(out)["questions"]
    assert questions[0]["number"] == {"type": "integer", "min": 15, "max": 99, "decimals": 0,
                                      "bins": ["15-19", "20-39", "40-59", "60-79", "80-99"]}
    assert questions[0]["relevant"] is None and questions[3]["number"] is None
    assert questions[1]["relevant"] == "${age} >= 18 and not(${age} > 90)"
    assert questions[3]["needed_by"]["group_names"] == questions[0]["number"]["bins"]
    code, out, err = rrdesk("check", path)
    assert "age      asked directly: a whole number from 15 to 99, grouped 15-19, 20-39, 40-59, 60-79, 80-99" in out
    assert "year     asked directly; only when ${age} >= 18 and not(${age} > 90)" in out


@pytest.mark.skipif(shutil.which("Rscript") is None, reason="Rscript is not installed (CI installs r-base-core)")
def test_r_reads_a_number_as_a_number_and_digit_answers_as_a_factor(simulated, tmp_path):
    bundle = simulated[2]
    code, found, err = aggregate_json(bundle, "--model", "unhappy ~ age + year", "--out", tmp_path)
    assert code == 0, err
    script = (tmp_path / "analysis.R").read_text(encoding="utf-8")
    formula = re.search(r"RRreg::RRlog\((answer_code ~ [^,]+(?:, levels = c\([^)]*\)\))*[^,]*), data = u", script)[1]
    assert formula == 'answer_code ~ direct_age + factor(direct_year, levels = c("1", "2", "3"))'
    read = re.search(r"^a <- read\.csv\(.*?\)\)$", script, re.S | re.M)[0]  # as analysis.R reads answers.csv
    probe = (f'{read}\nu <- a[a$question == "unhappy", ]\nm <- model.matrix({formula}, u)\n'
             'cat(nrow(m), colnames(m), sep = "\\n")\n')
    done = subprocess.run(["Rscript", "-e", probe], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = [line.strip() for line in done.stdout.splitlines()]
    model = found["model"]
    assert int(lines[0]) == model["n"]  # R leaves out the same respondents (year skipped: empty)
    level = 'factor(direct_year, levels = c("1", "2", "3"))'
    assert lines[1:5] == ["(Intercept)", "direct_age", f"{level}2", f"{level}3"]  # a number, then dummies
    terms = [c["term"] for c in model["coefficients"]]
    assert terms == ["(Intercept)", "age", "year=2", "year=3"]


def test_wide_numbers_and_interview_numbers_keep_every_digit_in_the_count(tmp_path):
    """The count keeps 32-bit rows unless a number question's range needs more: a range of
    2 * 10^12 units (64-bit rows) and interview numbers past 2^32 (the station's 12 digits)
    come back exactly, in the direct answers and in each answer's interview."""

    from rrdesk.store import collect as aggregate
    from rrdesk.store import keys
    from rrdesk.store.collect import row_dtype
    from tests.test_aggregate import KEY

    wide = HEAD + """
[[question]]
id = "income"
design = "direct"
type = "decimal"
decimals = 3
min = -1000000000
max = 1000000000
text.en = "Income"
""" + UNHAPPY
    assert row_dtype(load(wide)) is np.int64 and row_dtype(load()) is np.int32
    s, path, data, device, log_id, base = _one_laptop(tmp_path, wide)
    given = {5: "-1000000000.000", 2**33 + 1: "999999999.999", 10**12 - 1: "0.001"}
    made = []
    for number, income in given.items():
        made.append(records.Record(**base, interview=number, position=0, kind="start", direct={"income": income}))
        made += [records.Record(**base, interview=number, position=1, kind="spun", question="unhappy"),
                 records.Record(**base, interview=number, position=2, kind="answer", question="unhappy",
                                answer="yes" if number % 2 else "no")]
    sealed_log(data, path, made, device=device, log_id=log_id)
    bundle = export(data, tmp_path / "stick", s.id)
    found = aggregate.collect([bundle], keys.load_identities(KEY), workers=1).surveys[s.id]
    assert found.table.dtype == np.int64 and found.problems == ()
    assert {number: answers["income"] for (_, number), answers in found.direct_answers().items()} == given
    assert {(a.interview, a.answer) for a in found.answers()} == {(n, "yes" if n % 2 else "no") for n in given}
    summary = found.interview_summary()
    assert summary.number.tolist() == sorted(given)
