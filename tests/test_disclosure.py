"""Declined and abandoned questions in the privacy accounting: `check` (text and --json), the
report (report.html, aggregate --json, codebook.md) say what a decline or an abandon discloses
-- not randomized, so outside ε -- with the counts per question."""
from __future__ import annotations

import json
import re
from html import escape

import pytest

from rrdesk.app.interviews import Station
from rrdesk.core import disclosure
from rrdesk.core import survey as surveys
from tests.conftest import DEMO, NoSync, SeededSource, answer_all
from tests.test_aggregate import KEY, aggregate_json, export, rrdesk

SURVEY = surveys.load(DEMO)


def test_check_says_what_a_decline_and_an_abandon_disclose(capsys):
    code, out = rrdesk("check", DEMO)[:2]
    assert code == 0
    assert f"outside ε: {disclosure.SUMMARY}" in out
    for _, text in disclosure.OUTSIDE_EPSILON:
        assert f"  {text}" in out
    assert f"  {disclosure.DURATION}" in out  # the demo records durations (the default)
    code, out = rrdesk("check", DEMO, "--json")[:2]
    found = json.loads(out)["outside_epsilon"]
    assert set(found) == {"summary", "declined", "abandoned", "abandoned_after_spin", "duration"}
    assert "no ε protection" in found["summary"] and "decline" in found["declined"]
    assert found["duration"] == disclosure.DURATION


@pytest.fixture(scope="module")
def stopped(tmp_path_factory):
    """One interview answered, one declined at the first question (the rest never reached),
    one stopped after the first question's spin."""
    base = tmp_path_factory.mktemp("stopped")
    data = base / "data"
    first = SURVEY.randomized[0].id
    with Station(SURVEY, data, source=SeededSource(8), ops=NoSync()) as station:
        answer_all(station.start({"department": "office"}, interviewer="t1"))
        station.start({"department": "office"}, interviewer="t1").decline(first)
        station.resume(interviewer="t1").abandon()
        interview = station.start({"department": "sales"}, interviewer="t1")
        interview.spin(first, 1)
        interview.abandon()
    bundle = export(data, base / "stick")
    out = base / "report"
    assert rrdesk("aggregate", bundle, "-i", KEY, "--out", out)[0] == 0
    return bundle, out


def test_the_json_report_has_the_statement_beside_the_counts(stopped):
    code, got, _ = aggregate_json(stopped[0])
    assert code == 0 and got["outside_epsilon"] == disclosure.statements()
    first, second = (next(q for q in got["questions"] if q["id"] == r.id) for r in SURVEY.randomized[:2])
    assert (first["declined"], first["abandoned"], first["abandoned_after_spin"]) == (1, 0, 1)
    assert (second["declined"], second["abandoned"], second["abandoned_after_spin"]) == (0, 2, 0)


def test_the_html_report_says_it_with_a_row_of_counts_per_question(stopped):
    page = (stopped[1] / "report.html").read_text(encoding="utf-8")
    section = page[page.index("Declined and abandoned: outside &epsilon;"):]
    assert escape(disclosure.SUMMARY) in section
    assert all(escape(text) in section for _, text in disclosure.OUTSIDE_EPSILON)
    rows = re.findall(r"<tr><td><code>([a-z_]+)</code></td><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td></tr>", section)
    assert [r[0] for r in rows] == [q.id for q in SURVEY.randomized]
    assert rows[0][1:] == ("1", "0", "1") and rows[1][1:] == ("0", "2", "0")


def test_the_codebook_says_it_under_the_counts(stopped):
    book = (stopped[1] / "codebook.md").read_text(encoding="utf-8")
    table = book.index(f"| {SURVEY.randomized[0].id} | 1 | 0 | 1 |")
    said = book.index("What they disclose: " + disclosure.SUMMARY)
    assert table < said and all(f"- {text}" in book[said:] for _, text in disclosure.OUTSIDE_EPSILON)
    assert f"- {disclosure.DURATION}" in book[said:]
