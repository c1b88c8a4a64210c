"""`rrdesk aggregate`: the coordinator collects the laptops' bundles and gets honest estimates.

Every data folder here is made by `rrdesk simulate` (the real randomizer and store) and every
bundle by `rrdesk export`; the records are opened with the public demo identity.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest

from rrdesk.store import age, keys, log
from rrdesk.store import collect as aggregate
from rrdesk.store.collect import _collector, _opening
from rrdesk.store.log import _frames
from tests.cli_runs import export, rrdesk
from tests.conftest import DEMO, ROOT

KEY = ROOT / "resources" / "demo-identity.txt"
SID = "workplace-demo"
PER = 9  # records per demo interview: the start, then spun + answer for each of four randomized questions
CONTRACT = {"questions", "records", "interviews", "devices", "problems"}
QUESTION_KEYS = {"id", "design", "epsilon", "n", "reported", "estimate", "se", "ci95"}




def simulate(data: Path, n: int, seed: int, *truth: str, survey: Path = DEMO) -> dict:
    code, out, err = rrdesk("simulate", survey, "--data", data, "-n", n, "--seed", seed, "--json",
                            *(["--truth", *truth] if truth else []))
    assert code == 0, err
    return json.loads(out)




def aggregate_json(*argv: object) -> tuple[int, dict | None, str]:
    code, out, err = rrdesk("aggregate", *argv, "-i", KEY, "--json")
    return code, (json.loads(out) if out else None), err


def survey_variant(folder: Path, *, survey_id: str = SID, recipient: str | None = None,
                   unhappy_epsilon: str | None = None) -> Path:
    """The demo survey under another id, sealed to another key, or with another spinner."""
    text = DEMO.read_text(encoding="utf-8").replace(f'id = "{SID}"', f'id = "{survey_id}"')
    if recipient:
        text = re.sub(r'recipients = \["age1[0-9a-z]+"\]', f'recipients = ["{recipient}"]', text)
    if unhappy_epsilon:
        text = text.replace("epsilon = 1.0986122886681098", f"epsilon = {unhappy_epsilon}")
    path = folder / f"{survey_id}-{unhappy_epsilon or 'same'}-{bool(recipient)}.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def scratch():
    """A folder on tmpfs when there is one: the store fsyncs every record."""
    shm = Path("/dev/shm")
    base = shm if shm.is_dir() and os.access(shm, os.W_OK) else None
    with tempfile.TemporaryDirectory(dir=base, prefix="rrdesk-aggregate-") as folder:
        yield Path(folder)


@pytest.fixture(scope="module")
def field(scratch):
    """Two laptops of the demo survey: 40 and 24 respondents, one bundle each."""
    runs = {}
    for name, n, seed in (("a", 40, 11), ("b", 24, 12)):
        data = scratch / f"laptop-{name}"
        runs[name] = (simulate(data, n, seed), export(data, scratch / f"stick-{name}"), data)
    return runs


def reported_by_simulate(*runs: dict) -> dict[str, dict[str, int]]:
    total: dict[str, dict[str, int]] = {}
    for run in runs:
        for q in run["questions"]:
            into = total.setdefault(q["id"], {})
            for answer, count in q["reported"].items():
                into[answer] = into.get(answer, 0) + count
    return total


# -- a clean aggregate -----------------------------------------------------------------------


def test_a_clean_aggregate_follows_the_json_contract_and_counts_every_record_once(field):
    (run_a, bundle_a, _), (run_b, bundle_b, _) = field["a"], field["b"]
    code, got, err = aggregate_json(bundle_a, bundle_b)
    assert code == 0, err
    assert CONTRACT <= set(got) and got["problems"] == []
    assert (got["records"], got["interviews"], got["devices"]) == (64 * PER, 64, 2)
    assert got["survey"] == SID and got["epsilon_per_respondent"] == pytest.approx(5.3067, abs=1e-3)
    expected = reported_by_simulate(run_a, run_b)
    for q in got["questions"]:
        assert QUESTION_KEYS <= set(q)
        assert q["reported"] == expected[q["id"]] and q["n"] == 64
        if q["design"] == "kary" or q["id"] == "department":
            assert set(q["estimate"]) == set(q["reported"]) and sum(q["estimate"].values()) == pytest.approx(1)
            for choice, (lo, hi) in q["ci95"].items():
                assert 0 <= lo <= q["estimate"][choice] <= hi <= 1
        else:
            assert set(q["reported"]) == {"no", "yes"} and q["epsilon"] > 0
            assert 0 <= q["ci95"][0] <= q["estimate"] <= q["ci95"][1] <= 1 and q["se"] > 0
    assert next(q for q in got["questions"] if q["id"] == "department")["epsilon"] is None


def test_the_table_for_people_shows_each_question_and_says_all_verified(field):
    code, out, _ = rrdesk("aggregate", field["a"][1], "-i", KEY)
    assert code == 0
    for qid in ("unhappy", "afraid_to_speak", "took_from_work", "bullied", "department"):
        assert f"\n{qid} (" in out
    assert "95% CI" in out and "no problems" in out


def test_with_many_respondents_the_estimates_find_the_simulated_truth(scratch):
    truth = ("unhappy=0.3", "afraid_to_speak=0.2", "took_from_work=0.1", "bullied=never:0.6,once:0.3,several:0.1")
    run = simulate(scratch / "big", 2000, 7, *truth)
    code, got, err = aggregate_json(export(scratch / "big", scratch / "stick-big"))
    assert code == 0, err
    true = {q["id"]: q["truth"] for q in run["questions"]}
    for q in got["questions"]:
        if isinstance(q["estimate"], dict):
            for choice, share in true[q["id"]].items():
                lo, hi = q["ci95"][choice]
                assert lo <= share <= hi and abs(q["estimate"][choice] - share) < 0.06, (q["id"], choice)
        else:
            lo, hi = q["ci95"]
            assert lo <= true[q["id"]]["yes"] <= hi and abs(q["estimate"] - true[q["id"]]["yes"]) < 0.06, q["id"]


# -- damage: named, left out, the rest used ---------------------------------------------------


def test_a_bundle_with_a_flipped_byte_is_a_problem_and_the_other_bundles_are_used(field, tmp_path):
    damaged = tmp_path / field["b"][1].name
    raw = bytearray(field["b"][1].read_bytes())
    raw[len(raw) // 2] ^= 0x01
    damaged.write_bytes(bytes(raw))
    code, got, _ = aggregate_json(field["a"][1], damaged)
    assert code == 1
    assert [p["file"] for p in got["problems"]] == [str(damaged)]
    assert "damaged" in got["problems"][0]["what"]
    assert (got["records"], got["interviews"], got["devices"]) == (40 * PER, 40, 1)


def test_a_truncated_bundle_is_a_problem_naming_it(field, tmp_path):
    cut = tmp_path / field["b"][1].name
    cut.write_bytes(field["b"][1].read_bytes()[:-300])
    code, got, _ = aggregate_json(field["a"][1], cut)
    assert code == 1 and got["problems"][0]["file"] == str(cut) and got["records"] == 40 * PER


def test_a_damaged_record_in_a_log_is_named_and_the_records_before_it_are_used(scratch):
    data = scratch / "damaged-log"
    simulate(data, 10, 21)
    [path] = (data / SID).glob("*.rrlog")
    raw = bytearray(path.read_bytes())
    frame = log.scan(bytes(raw), "x").frames[32]
    raw[frame.offset + _frames.FRAME_PREFIX + 50] ^= 0x01
    path.write_bytes(bytes(raw))
    code, got, _ = aggregate_json(export(data, scratch / "stick-damaged-log"))
    assert code == 1 and got["records"] == 32 and got["interviews"] == 4
    assert any(p["record"] == 32 and p["file"].endswith(path.name) for p in got["problems"])


def test_nothing_readable_at_all_is_one_line_and_exit_2(tmp_path):
    not_a_bundle = tmp_path / "x.tar.age"
    not_a_bundle.write_bytes(b"hello")
    code, out, err = rrdesk("aggregate", not_a_bundle, tmp_path / "missing.tar.age", "-i", KEY)
    assert code == 2 and out == ""
    assert err.startswith(f"rrdesk: error: {not_a_bundle}: not an rrdesk bundle") and err.count("\n") == 1


# -- identities ------------------------------------------------------------------------------


def test_a_wrong_identity_opens_nothing_one_line_and_exit_2(field, tmp_path):
    wrong = tmp_path / "wrong.txt"
    keys.write_identity(wrong, age.Identity.generate())
    code, out, err = rrdesk("aggregate", field["a"][1], field["b"][1], "-i", wrong, "--json")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "cannot decrypt with this identity" in err and "1 more problem" in err


def test_a_bundle_sealed_to_another_coordinator_is_a_problem_and_the_rest_is_used(field, scratch, tmp_path):
    other = age.Identity.generate()
    survey = survey_variant(tmp_path, recipient=other.recipient)
    simulate(scratch / "sealed-elsewhere", 5, 31, survey=survey)
    bundle = export(scratch / "sealed-elsewhere", scratch / "stick-sealed-elsewhere")
    code, got, _ = aggregate_json(field["a"][1], bundle)
    assert code == 1 and got["records"] == 40 * PER
    assert got["problems"][0]["file"] == str(bundle)
    assert "cannot decrypt with this identity" in got["problems"][0]["what"]


# -- surveys kept apart ---------------------------------------------------------------------


def test_a_foreign_survey_is_never_mixed_in_and_must_be_chosen(field, scratch, tmp_path):
    survey = survey_variant(tmp_path, survey_id="canteen-demo")
    simulate(scratch / "canteen", 6, 41, survey=survey)
    foreign = export(scratch / "canteen", scratch / "stick-canteen", "canteen-demo")
    code, out, err = rrdesk("aggregate", field["a"][1], foreign, "-i", KEY)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "2 surveys" in err and "--survey-id" in err and "canteen-demo" in err
    code, got, _ = aggregate_json(field["a"][1], foreign, "--survey-id", SID)
    assert code == 0 and got["records"] == 40 * PER
    assert got["skipped"] == [{"file": str(foreign), "survey": "canteen-demo"}]
    code, got, _ = aggregate_json(field["a"][1], foreign, "--survey-id", "canteen-demo")
    assert code == 0 and (got["survey"], got["records"], got["interviews"]) == ("canteen-demo", 6 * PER, 6)


def test_the_same_survey_id_with_other_spinners_is_a_problem_and_not_mixed(field, scratch, tmp_path):
    changed = survey_variant(tmp_path, unhappy_epsilon="0.9")
    simulate(scratch / "changed", 5, 51, survey=changed)
    bundle = export(scratch / "changed", scratch / "stick-changed")
    code, got, _ = aggregate_json(field["a"][1], bundle)
    assert code == 1 and got["records"] == 40 * PER and got["devices"] == 1
    assert got["problems"][0]["file"] == str(bundle) and "other questions or spinners" in got["problems"][0]["what"]


# -- duplicates -----------------------------------------------------------------------------


def test_the_same_bundle_given_twice_is_counted_once(field):
    code, got, _ = aggregate_json(field["a"][1], field["a"][1], field["b"][1])
    assert code == 0 and (got["records"], got["interviews"]) == (64 * PER, 64)
    assert got["questions"][1]["reported"] == reported_by_simulate(field["a"][0], field["b"][0])["unhappy"]


def test_overlapping_exports_of_one_laptop_count_every_record_once(scratch):
    data = scratch / "overlap"
    first_run = simulate(data, 8, 61)
    first = export(data, scratch / "stick-overlap-1")
    second_run = simulate(data, 5, 62)
    second = export(data, scratch / "stick-overlap-2")
    expected = reported_by_simulate(first_run, second_run)
    for order in ((first, second), (second, first)):
        code, got, _ = aggregate_json(*order)
        assert code == 0 and (got["records"], got["interviews"], got["devices"]) == (13 * PER, 13, 1)
        assert {q["id"]: q["reported"] for q in got["questions"]} == expected


def test_copies_that_differ_after_a_restore_are_named_and_neither_is_used(scratch):
    base = scratch / "restore"
    simulate(base, 4, 71)
    copy = Path(shutil.copytree(base, scratch / "restore-copy"))
    simulate(base, 2, 72)
    simulate(copy, 2, 73)  # the same log, continued differently: both copies verify
    one, two = export(base, scratch / "stick-restore-1"), export(copy, scratch / "stick-restore-2")
    code, got, _ = aggregate_json(one, two)
    assert code == 1 and got["records"] == 4 * PER
    [differ] = [p for p in got["problems"] if "differ from the same records" in p["what"]]  # one line, not one a record
    assert str(one) in differ["what"] and differ["file"].startswith(str(two)) and differ["record"] == 4 * PER
    assert differ["what"].startswith(f"{2 * PER} records, from record {4 * PER} to {6 * PER - 1}, differ")
    assert "neither copy was used" in differ["what"]
    [ledger] = [p for p in got["problems"] if "recorded over" in p["what"]]  # and the ledger says what happened
    assert ledger["file"].startswith(str(two)) and ledger["record"] == 6 * PER - 1


def test_a_tampered_copy_loses_to_the_copy_whose_log_verifies(scratch):
    base = scratch / "tamper"
    simulate(base, 4, 81)
    copy = Path(shutil.copytree(base, scratch / "tamper-copy"))
    [path] = (copy / SID).glob("*.rrlog")
    raw = path.read_bytes()
    found = log.scan(raw, "x")
    out, prev = bytearray(raw[:found.frames[0].offset]), found.header.check
    for frame in found.frames:
        blob = found.frames[7].blob if frame.seq == 6 else frame.blob  # record 6 replaced by record 7
        key = os.urandom(32) if frame.seq >= 6 else None  # the laptop's key is gone: tags cannot be forged
        encoded = raw[frame.offset:frame.offset + _frames.FRAME_OVERHEAD + len(frame.blob)] if key is None \
            else _frames.encode_frame(frame.seq, blob, prev, key)
        out += encoded
        prev = encoded[-_frames.DIGEST_SIZE:]
    path.write_bytes(bytes(out))
    genuine, tampered = export(base, scratch / "stick-tamper-1"), export(copy, scratch / "stick-tamper-2")
    for order in ((tampered, genuine), (genuine, tampered)):
        code, got, _ = aggregate_json(*order)
        assert code == 1 and (got["records"], got["interviews"]) == (4 * PER, 4)
        assert {p["file"].split(":")[0] for p in got["problems"]} == {str(tampered)}
        assert any("tag does not verify" in p["what"] and p["record"] == 6 for p in got["problems"])


# -- subgroups -------------------------------------------------------------------------------


def test_by_department_gives_subgroup_estimates_and_warns_under_30_answers(field):
    code, got, _ = aggregate_json(field["a"][1], field["b"][1], "--by", "department")
    assert code == 0 and got["by"] == "department"
    departments = next(q for q in got["questions"] if q["id"] == "department")["reported"]
    for q in got["questions"]:
        if q["id"] == "department":
            assert "by" not in q
            continue
        groups = {g["group"]: g for g in q["by"]}
        assert set(groups) == {"office", "factory", "warehouse", "sales"}
        assert {name: g["n"] for name, g in groups.items()} == departments
        for g in groups.values():
            assert (g["warning"] is not None) == (g["n"] < 30)
            assert set(g) >= {"n", "reported", "estimate", "se", "ci95"}
        assert sum(sum(g["reported"].values()) for g in groups.values()) == q["n"]
    code, out, _ = rrdesk("aggregate", field["a"][1], "-i", KEY, "--by", "department")
    assert "by department" in out and "under 30" in out


@pytest.mark.parametrize("field_name, what", [("unhappy", "is randomized"), ("age", "is not a question")])
def test_by_needs_a_question_asked_directly(field, field_name, what):
    code, out, err = rrdesk("aggregate", field["a"][1], "-i", KEY, "--by", field_name)
    assert code == 2 and out == "" and what in err and "department" in err and err.count("\n") == 1


# -- the report files -------------------------------------------------------------------------


def test_out_writes_a_self_contained_report_and_csv_files_for_r(field, tmp_path):
    out = tmp_path / "report"
    code, got, _ = aggregate_json(field["a"][1], field["b"][1], "--by", "department", "--out", out)
    assert code == 0
    assert sorted(p.name for p in out.iterdir()) == ["analysis.R", "analysis.do", "answers-wide.csv", "answers.csv",
                                                    "answers.dta", "answers.sav", "codebook.md", "estimates.csv",
                                                    "fieldwork.csv", "report.html"]
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "<svg" in html and "http" not in html and "src=" not in html and "@import" not in html
    assert "How to read" in html and "Every bundle verified" in html
    assert '<h2 id="fieldwork">Fieldwork</h2>' in html and "Interviews per day" in html
    answers = (out / "answers.csv").read_text(encoding="utf-8").splitlines()
    header = answers[0].split(",")
    assert len(answers) - 1 == sum(q["n"] for q in got["questions"] if q["design"] != "direct") == 64 * 4
    assert header[:8] == ["survey", "device", "log", "seq", "interview", "question", "design", "answer"]
    assert {"p_truth", "p_yes", "p_no", "prevalence", "k", "p_say", "direct_department"} <= set(header)
    estimates = (out / "estimates.csv").read_text(encoding="utf-8").splitlines()
    assert estimates[0] == "question,design,epsilon,subgroup,category,n,reported,estimate,se,ci_low,ci_high,note"
    assert any(",department=office," in row for row in estimates)
    codebook = (out / "codebook.md").read_text(encoding="utf-8")
    for column in set(header) | set(estimates[0].split(",")):
        assert column in codebook, column
    assert not [p for p in out.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_the_report_lists_the_problems(field, tmp_path):
    damaged = tmp_path / "damaged.tar.age"
    damaged.write_bytes(field["b"][1].read_bytes()[:-10])
    code, _, _ = aggregate_json(field["a"][1], damaged, "--out", tmp_path / "report")
    html = (tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    assert code == 1 and "1 problem found" in html and "damaged.tar.age" in html


# -- the Python API ---------------------------------------------------------------------------


def test_worker_processes_give_exactly_what_this_process_gives(field, monkeypatch):
    paths = [field["a"][1], field["b"][1]]
    identities = keys.load_identities(KEY)
    here = aggregate.collect(paths, identities, workers=1, include_synthetic=True).surveys[SID]
    monkeypatch.setattr(_collector, "IN_PROCESS_BELOW", 0)
    monkeypatch.setattr(_collector, "CHUNK", 7)  # many chunks, each checked after its predecessor's last record
    here_calls = []
    monkeypatch.setattr(_opening, "open_job", lambda *a: here_calls.append(a) or pytest.fail("opened here"))
    pooled = aggregate.collect(paths, identities, workers=2, include_synthetic=True).surveys[SID]
    assert here_calls == []  # every record was opened by a worker process
    assert (pooled.table == here.table).all() and pooled.problems == here.problems == ()
    answers = list(pooled.answers("bullied"))
    assert len(answers) == 64 and {a.answer for a in answers} <= {"never", "once", "several"}
    assert len(pooled.direct_answers()) == 64


def test_a_record_with_an_answer_its_question_does_not_have_is_named_and_left_out(field):
    from rrdesk.core import survey as surveys
    from rrdesk.store import records

    survey = surveys.load(DEMO)
    [path] = (field["a"][2] / SID).glob("*.rrlog")
    found = log.scan(path.read_bytes(), str(path))
    header = found.header

    def sealed(**fields) -> bytes:
        record = records.Record(survey=SID, device=header.device_id.hex(), log=header.log_id.hex(),
                                day="2026-11-22", interviewer="t1", version="1", **fields)
        return age.encrypt(records.pad(record, records.record_size(survey)), survey.recipients)

    start = sealed(interview=1, position=0, kind="start", direct={"department": "office"})
    spun = sealed(interview=1, position=1, kind="spun", question="unhappy")
    odd = sealed(interview=1, position=2, kind="answer", question="unhappy", answer="maybe")
    opener = age.Opener(keys.load_identities(KEY))
    opened = _opening.open_blobs("x.rrlog", header, survey, 0, (start, spun, odd), None, opener)
    assert opened.rows.shape[0] == 2 and opened.unmatched == []
    assert opened.problems == [(2, 'the recorded answer is not one of question "unhappy"\'s answers')]


def test_texts_from_a_bundle_are_escaped_in_the_report(tmp_path):
    from rrdesk.core import results as report
    from rrdesk.core import survey as surveys
    from rrdesk.core.results.html import render

    text = DEMO.read_text(encoding="utf-8").replace('title = "Workplace wellbeing (demo)"',
                                                    'title = "<img src=x onerror=alert(1)>"')
    survey = surveys.loads(text, "hostile.toml")
    counts = {q.id: {None: [1] * len(q.choices or "ny")} for q in survey.questions}
    html = render(report.results(survey, counts), [], bundles=["<b>.tar.age"])
    assert "<img" not in html and "&lt;img src=x" in html and "<b>.tar" not in html



def test_rows_grow_in_place_and_keep_every_row():
    import numpy as np

    from rrdesk.store.collect import Rows
    rows = Rows(3)
    expected = []
    for n in (1, 4095, 1, 5000, 0, 7):  # across several growths
        start = len(expected)
        block = rows.add(n)
        block[:] = np.arange(start, start + n)[:, None] * np.array([1, 10, 100])
        expected.extend([i, 10 * i, 100 * i] for i in range(start, start + n))
    table = rows.take()
    assert table.shape == (len(expected), 3) and table.tolist() == expected
    assert rows.take().shape == (0, 3)


def test_rows_reserved_then_grown_while_a_view_is_held_keep_every_row():
    import numpy as np

    from rrdesk.store.collect import Rows
    rows = Rows(4, np.int32)
    rows.reserve(10)  # room promised, nothing written yet
    held = rows.add(3)  # a view still held when the table grows (its rows are copied, not lost)
    held[:] = 5
    rows.reserve(100_000)
    rows.add(2)[:] = 6
    del held
    rows.add(1)[:] = 7
    table = rows.take()
    assert table.dtype == np.int32 and table[:, 0].tolist() == [5, 5, 5, 6, 6, 7] and table.flags.writeable
    assert rows.take().shape == (0, 4)


def test_the_interview_summary_is_each_interviews_records_read_one_by_one(field, monkeypatch):
    """interview_summary counts a slice of rows at a time (its memory stays flat): read with an
    interview's records split across slices, it is what reading every row in turn gives."""
    from dataclasses import replace

    from rrdesk.store.collect import _collected
    data = aggregate.collect([field["a"][1], field["b"][1]], keys.load_identities(KEY), workers=1,
                             include_synthetic=True).surveys[SID]
    table, kind, question = data.table.copy(), aggregate.ROW + _opening.KIND, aggregate.ROW + _opening.QUESTION
    answered = [i for i in range(table.shape[0]) if table[i, kind] == _opening.ANSWERED]
    one, two = answered[-2:]  # an interview's last two answers: the first made an abandon of the second's question
    assert table[one, aggregate.ROW + _opening.INTERVIEW] == table[two, aggregate.ROW + _opening.INTERVIEW]
    table[one, kind], table[one, question] = _opening.ABANDONED, table[two, question]
    table[answered[0], kind] = _opening.KINDS.index("declined")
    data = replace(data, table=table)
    monkeypatch.setattr(_collected, "_SLICE", 1)  # each row alone
    got = data.interview_summary()
    kinds = _opening.KINDS
    randomized = [data.survey.questions.index(q) for q in data.survey.randomized]
    expected: dict[tuple[int, int], dict] = {}
    for row in data.table.tolist():
        fixed = row[aggregate.ROW:]
        one = expected.setdefault((row[_collected.DEVICE], int(data.numbers[fixed[_opening.INTERVIEW]])), {
            "who": data.names[fixed[_opening.WHO]], "records": 0, "refused": False, "minutes": -1,
            "slots": [0] * len(randomized)})
        one["records"] += 1
        one["refused"] |= fixed[_opening.KIND] == _opening.REFUSED
        one["minutes"] = max(one["minutes"], fixed[_opening.DURATION])
        code = {"answer": 1, "declined": 2, "abandoned": 3}.get(kinds[fixed[_opening.KIND]], 0)
        if code and fixed[_opening.QUESTION] in randomized:
            at = randomized.index(fixed[_opening.QUESTION])
            one["slots"][at] = max(one["slots"][at], code)
    assert list(zip(got.device.tolist(), got.number.tolist())) == sorted(expected)
    assert [dict(who=w, records=r, refused=f, minutes=m, slots=s) for w, r, f, m, s in zip(
        got.interviewer, got.records.tolist(), got.refused.tolist(), got.minutes.tolist(), got.slots.tolist())] \
        == [expected[key] for key in sorted(expected)]
    assert {code for one in expected.values() for code in one["slots"]} == {0, 1, 2, 3}
