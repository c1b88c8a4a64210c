"""`rrdesk aggregate`'s fieldwork: the table, the laptops and the checks, from real bundles.

Data folders made by `rrdesk simulate` (the real randomizer and store), bundles by `rrdesk
export`, opened with the public demo identity.
"""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tests.cli_runs import export, rrdesk
from tests.conftest import DEMO, ROOT

KEY = ROOT / "resources" / "demo-identity.txt"


def simulate(data: Path, n: int, seed: int, *extra: str) -> None:
    code, _, err = rrdesk("simulate", DEMO, "--data", data, "-n", n, "--seed", seed, *extra)
    assert code == 0, err


@pytest.fixture(scope="module")
def two_laptops(tmp_path_factory) -> list[Path]:
    tmp = tmp_path_factory.mktemp("fieldwork")
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
