"""`rrdesk aggregate`'s fieldwork: the table, the laptops and the checks, from real bundles.

Data folders made by `rrdesk simulate` (the real randomizer and store), bundles by `rrdesk
export`, opened with the public demo identity.
"""
from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from pathlib import Path

import pytest

from tests.cli_runs import export, rrdesk
from tests.conftest import DEMO, ROOT

KEY = ROOT / "resources" / "demo-identity.txt"


@pytest.fixture(scope="module")
def scratch():
    """A folder on tmpfs when there is one: the store fsyncs every record."""
    shm = Path("/dev/shm")
    base = shm if shm.is_dir() and os.access(shm, os.W_OK) else None
    with tempfile.TemporaryDirectory(dir=base, prefix="rrdesk-fieldwork-") as folder:
        yield Path(folder)


def simulate(data: Path, n: int, seed: int, *extra: str) -> None:
    code, _, err = rrdesk("simulate", DEMO, "--data", data, "-n", n, "--seed", seed, *extra)
    assert code == 0, err


@pytest.fixture(scope="module")
def two_laptops(scratch) -> list[Path]:
    tmp = scratch / "two"
    bundles = []
    for name, n, seed in (("a", 30, 21), ("b", 20, 22)):
        simulate(tmp / name, n, seed)
        bundles.append(export(tmp / name, tmp / f"stick-{name}"))
    return bundles


def test_the_json_has_the_fieldwork_table_interviewers_laptops_and_progress(two_laptops, tmp_path):
    code, out, err = rrdesk("aggregate", *two_laptops, "-i", KEY, "--json", "--include-synthetic",
                            "--by", "department", "--out", tmp_path / "report")
    assert code == 0, err
    work = json.loads(out)["fieldwork"]
    assert set(work) == {"first_day", "last_day", "rows", "interviewers", "laptops", "progress", "alpha"}
    assert sum(r["started"] for r in work["rows"]) == 50
    assert sum(r["synthetic"] for r in work["rows"]) == 50
    assert {r["laptop"] for r in work["rows"]} == {lap["name"] for lap in work["laptops"]}
    assert all(len(lap["bundles"]) == 1 and lap["bundles"][0]["exported"].endswith("Z") for lap in work["laptops"])
    assert work["progress"]["planned"] == 400 and work["progress"]["by"] == "department"
    assert sum(g["completed"] for g in work["progress"]["groups"]) == work["progress"]["completed"]
    assert all({"id", "started", "completed", "flags", "days"} <= set(i) for i in work["interviewers"])
    rows = list(csv.DictReader(io.StringIO((tmp_path / "report" / "fieldwork.csv").read_text())))
    assert sum(int(r["started"]) for r in rows) == 50 and "declined_unhappy" in rows[0]


def test_the_text_shows_a_short_fieldwork_summary(two_laptops):
    code, out, err = rrdesk("aggregate", *two_laptops, "-i", KEY, "--include-synthetic")
    assert code == 0, err
    assert "interview(s) begun" in out and "of 400 planned" in out and "bundle(s), last exported" in out


# -- four interviewers over two laptops (the Must show) -----------------------------------------

TRUTHS = ("unhappy=0.2", "afraid_to_speak=0.2", "took_from_work=0.2", "bullied=never:0.7,once:0.2,several:0.1")
OTHER_TRUTHS = ("unhappy=0.9", "afraid_to_speak=0.9", "took_from_work=0.9", "bullied=never:0.1,once:0.2,several:0.7")
RANDOMIZED = {"unhappy", "afraid_to_speak", "took_from_work", "bullied"}


@pytest.fixture(scope="module")
def four_interviewers(scratch) -> dict:
    """Laptop north: "ana" (honest) and "dev" (every respondent says NO, --noncompliance 1);
    laptop south: "ben" (honest) and "chloe" (honest, but her respondents' truths differ
    strongly). 150 interviews each, one bundle per laptop."""
    tmp = scratch / "four"
    runs = {"north": [("ana", 31, TRUTHS, ()), ("dev", 32, TRUTHS, ("--noncompliance", "1"))],
            "south": [("ben", 33, TRUTHS, ()), ("chloe", 34, OTHER_TRUTHS, ())]}
    bundles = []
    for laptop, people in runs.items():
        for who, seed, truths, extra in people:
            simulate(tmp / laptop, 150, seed, "--interviewer", who, "--truth", *truths, *extra)
        bundles.append(export(tmp / laptop, tmp / f"stick-{laptop}"))
    code, out, err = rrdesk("aggregate", *bundles, "-i", KEY, "--json", "--include-synthetic")
    assert code == 0, err
    return {i["id"]: i for i in json.loads(out)["fieldwork"]["interviewers"]}


def test_the_interviewer_whose_respondents_all_say_no_is_flagged_on_every_randomized_question(four_interviewers):
    flagged = {f["question"] for f in four_interviewers["dev"]["flags"] if f["check"] == "impossible_rate"}
    assert flagged == RANDOMIZED
    assert all(f["p_adjusted"] <= 0.05 and "whatever the truth" in f["sentence"]
               for f in four_interviewers["dev"]["flags"] if f["check"] == "impossible_rate")


def test_the_interviewer_whose_respondents_differ_is_flagged_by_heterogeneity(four_interviewers):
    chloe = four_interviewers["chloe"]["flags"]
    assert {f["check"] for f in chloe} == {"heterogeneity"} and len(chloe) >= 2
    assert all("Real differences between the areas" in f["sentence"] for f in chloe)


def test_the_two_honest_interviewers_are_not_flagged(four_interviewers):
    assert four_interviewers["ana"]["flags"] == [] and four_interviewers["ben"]["flags"] == []
    assert four_interviewers["ana"]["started"] == 150 and four_interviewers["ana"]["laptops"] == [
        four_interviewers["dev"]["laptops"][0]]


# -- custody, one line per laptop (the point 5) -------------------------------------------------


def test_a_restored_copy_a_turned_clock_and_a_replaced_key_are_one_line_each_per_laptop(tmp_path):
    import datetime as dt
    import shutil

    from rrdesk.store import bundle as bundles
    from tests.test_custody import enroll

    def export_at(data: Path, to: Path, when: str) -> Path:
        to.mkdir()
        return bundles.export(data, "workplace-demo", to, now=dt.datetime.fromisoformat(when).replace(
            tzinfo=dt.timezone.utc))

    listed, ledger = tmp_path / "coordinator.laptops", tmp_path / "coordinator.ledger"
    north, south, stray = tmp_path / "north", tmp_path / "south", tmp_path / "stray"
    simulate(north, 3, 51)
    simulate(south, 3, 52)
    simulate(stray, 1, 53)
    enroll(north, listed, tmp_path / "enroll-north", "north-1")
    enroll(south, listed, tmp_path / "enroll-south", "south-1")
    backup = shutil.copytree(north, tmp_path / "north-backup")
    simulate(north, 2, 54)

    def aggregate(*given: Path) -> dict:
        code, out, err = rrdesk("aggregate", *given, "-i", KEY, "--laptops", listed, "--ledger", ledger, "--json",
                                "--include-synthetic")
        assert code in (0, 1), err
        return json.loads(out)
    first = aggregate(export_at(north, tmp_path / "stick-1", "2026-11-20T10:00:00"), export(south, tmp_path / "s1"))
    assert all(lap["custody"] == [] for lap in first["fieldwork"]["laptops"])
    shutil.rmtree(north)
    shutil.copytree(backup, north)  # an old copy restored…
    simulate(north, 4, 55)  # …and recorded over
    back = export_at(north, tmp_path / "stick-2", "2026-11-01T10:00:00")  # its clock turned back
    shutil.copy2(stray / "laptop.minisign.key", south / "laptop.minisign.key")  # south's key replaced
    simulate(south, 1, 56)
    swapped = export(south, tmp_path / "s2")
    later = aggregate(back, swapped)
    laptops = {lap["name"]: lap for lap in later["fieldwork"]["laptops"]}
    assert len(later["problems"]) >= 3
    north_said = laptops["north-1"]["custody"]
    assert len(north_said) == 2 and north_said[0].startswith("an old copy restored") \
        and north_said[1].startswith("its clock turned back or ahead (1 bundle")
    assert laptops["south-1"]["custody"] == [
        "a key replaced or not its own (1 finding(s): a bundle, log or survey signed by another key than enrolled, "
        "or records sealed to other recipients)"]


def test_interviews_that_end_differently_are_counted_as_they_ended(scratch):
    """Each interview's way of ending goes from its records to its line of the table: completed,
    stopped (abandoned), or completed with its last question declined; the lines of many
    interviews share one tuple per way of ending, and none may take another's."""
    from rrdesk.app.interviews import Station
    from rrdesk.core import survey as surveys
    from tests.conftest import DAY, NoSync, SeededSource, answer_all

    data = scratch / "endings"
    s = surveys.load(DEMO)
    *first, last = s.randomized
    with Station(s, data, source=SeededSource(5), today=lambda: DAY, ops=NoSync()) as station:
        for ending in ("whole", "stopped", "declined", "whole", "stopped at once", "declined", "whole"):
            interview = station.start({"department": "office"}, interviewer="t1")
            if ending == "stopped at once":
                interview.abandon()
                continue
            for q in first:
                interview.record(q.id, interview.spin(q.id, 0).answer)
            if ending == "whole":
                interview.record(last.id, interview.spin(last.id, 0).answer)
            elif ending == "declined":
                interview.decline(last.id)
            else:
                interview.abandon()
        answer_all(station.start({"department": "sales"}, interviewer="t2"))
    bundle = export(data, scratch / "stick-endings")
    code, out, err = rrdesk("aggregate", bundle, "-i", KEY, "--json")
    assert code == 0, err
    rows = {r["interviewer"]: r for r in json.loads(out)["fieldwork"]["rows"]}
    t1 = rows["t1"]
    assert (t1["started"], t1["completed"], t1["stopped"]) == (7, 5, 2)
    assert t1["declined"] == {q.id: (2 if q is last else 0) for q in s.randomized}
    assert t1["abandoned"] == {q.id: (2 if q is last else 1) for q in s.randomized}
    assert (rows["t2"]["started"], rows["t2"]["completed"], rows["t2"]["stopped"]) == (1, 1, 0)
