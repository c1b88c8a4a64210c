"""`--by` on a field of 200 groups (a site or village code): every group in the JSON and the
CSVs, the small ones folded in the report and on the terminal (issue 33)."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from rrdesk.core import survey as surveys
from rrdesk.core.errors import SurveyError
from rrdesk.core.estimate import Estimate
from rrdesk.core.results import FOLD_OVER, SMALL_GROUP, Group, folded
from tests.cli_runs import export, rrdesk
from tests.conftest import DEMO, ROOT

KEY = ROOT / "resources" / "demo-identity.txt"
SITES = 200


def sites_survey(folder: Path, cuts: int = SITES - 1) -> Path:
    """The demo survey with its department replaced by a site number 1..200, one group a site."""
    text = DEMO.read_text(encoding="utf-8")
    start = text.index('[[question]]\nid = "department"')
    end = text.index("[[question]]", start + 1)
    site = ('[[question]]\nid = "site"\ndesign = "direct"\ntype = "integer"\nmin = 1\n'
            f"max = {cuts + 1}\n"
            f"bins = [{', '.join(str(i) for i in range(2, cuts + 2))}]\n"
            'text.en = "Site number"\ntext.fr = "Numéro du site"\n\n')
    text = (text[:start] + site + text[end:]).replace('id = "workplace-demo"', 'id = "sites-demo"')
    path = folder / f"sites-{cuts}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_number_question_may_have_200_groups_not_201(tmp_path):
    s = surveys.load(sites_survey(tmp_path))
    groups = s.question("site").groups
    assert len(groups) == SITES and groups[:3] == ("1", "2", "3") and groups[-1] == "200"
    with pytest.raises(SurveyError, match="at most 199 cut points \\(200 groups\\), not 200"):
        surveys.load(sites_survey(tmp_path, cuts=SITES))


def _group(name: str, n: int) -> Group:
    return Group(name, Estimate(question="q", design="forced", n=n, reported=(n, 0), estimate=(0.5, 0.5), se=(0.1, 0.1),
                                ci95=((0.0, 1.0), (0.0, 1.0)), method="test"), "small" if n < SMALL_GROUP else "")


def test_folding_keeps_a_few_groups_whole_and_folds_the_small_of_many():
    few = tuple(_group(str(i), 3) for i in range(FOLD_OVER))
    assert folded(few) == (few, ())
    many = tuple(_group(str(i), 40 if i % 10 == 0 else i % 10) for i in range(FOLD_OVER + 1))
    shown, small = folded(many)
    assert [g.name for g in shown] == ["0", "10"] and len(small) == FOLD_OVER - 1
    assert all(g.estimate.n < SMALL_GROUP for g in small)


@pytest.fixture(scope="module")
def aggregated(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sites")
    survey = sites_survey(folder)
    # why 260 respondents: a few per site, most sites reached, quick to simulate
    code, _, err = rrdesk("simulate", survey, "--data", folder / "data", "-n", 260, "--seed", 3)
    assert code == 0, err
    bundle = export(folder / "data", folder / "stick", survey_id="sites-demo")
    out = folder / "report"
    code, said, err = rrdesk("aggregate", bundle, "-i", KEY, "--by", "site", "--json", "--out", out)
    assert code == 0, err
    code, shown, err = rrdesk("aggregate", bundle, "-i", KEY, "--by", "site")
    assert code == 0, err
    return json.loads(said), out, shown


def test_every_one_of_200_groups_is_in_the_json(aggregated):
    got, _, _ = aggregated
    sites = next(q for q in got["questions"] if q["id"] == "site")["reported"]
    assert len(sites) == SITES
    for q in got["questions"]:
        if q["id"] == "site":
            continue
        groups = {g["group"]: g for g in q["by"]}
        assert list(groups)[:SITES] == list(sites)  # the bins' order, the empty ones included
        assert {name: g["n"] for name, g in groups.items() if name in sites} == sites
        assert sum(g["n"] for g in groups.values()) == q["n"] == 260
        assert all(g["estimate"] is None for g in groups.values() if g["n"] == 0)


def test_every_group_is_a_row_of_estimates_csv(aggregated):
    _, out, _ = aggregated
    rows = list(csv.DictReader(io.StringIO((out / "estimates.csv").read_text(encoding="utf-8"))))
    for question in ("unhappy", "bullied"):
        named = {r["subgroup"] for r in rows if r["question"] == question and r["subgroup"] != "all"}
        assert {f"site={s}" for s in surveys.load(sites_survey(out.parent)).question("site").groups} <= named


def test_the_report_and_the_terminal_fold_the_small_groups(aggregated):
    got, out, shown = aggregated
    html = (out / "report.html").read_text(encoding="utf-8")
    randomized = sum(q["design"] != "direct" for q in got["questions"])
    assert html.count(f"{SITES} small groups (under {SMALL_GROUP} answers)") == randomized
    assert html.count(f"All {SITES} groups have fewer than {SMALL_GROUP} answers each") == randomized
    assert f"The {FOLD_OVER} most common of {SITES} answers are charted" in html
    assert f"all {SITES} groups have under {SMALL_GROUP} answers" in shown
    assert f"the {FOLD_OVER} most common of {SITES} answers shown" in shown
    assert len(shown.splitlines()) < 100  # not a line per group and question


def test_check_plans_200_groups_and_names_their_bins_briefly(tmp_path):
    code, out, err = rrdesk("check", sites_survey(tmp_path), "--margin", "0.1", "--by", "site")
    assert code == 0, err
    assert f"grouped in {SITES} bins, 1, 2, 3 … 200" in out and "4, 5" not in out
    assert f"in each of the {SITES} groups of site" in out
