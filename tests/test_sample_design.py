"""Strata and clusters: design-based (linearized) standard errors of randomized prevalences,
checked against R's `survey` package (CI installs r-cran-survey) and by hand."""
from __future__ import annotations

import math
import shutil
import subprocess

import numpy as np
import pytest

from rrdesk.core import design
from rrdesk.core import estimate as weights
from tests.conftest import DEMO

COINS = design.forced(truth=0.5, yes=0.25, no=0.25)
KARY = design.kary(3, epsilon=1.5)


def _has_r_survey() -> bool:
    if shutil.which("Rscript") is None:
        return False
    done = subprocess.run(["Rscript", "-e", "quit(status = !requireNamespace('survey', quietly = TRUE))"],
                          capture_output=True, timeout=120)
    return done.returncode == 0


needs_r_survey = pytest.mark.skipif(not _has_r_survey(),
                                    reason="Rscript with the survey package is not installed (CI installs r-cran-survey)")


def _sample(seed: int, k: int, d: design.Design) -> dict[str, np.ndarray]:
    """Three strata of 3, 5 and 7 villages, 4 to 19 respondents each, villages that differ
    (an intra-cluster correlation), weights from 0.5 to 3; answers through the design's matrix."""
    rng = np.random.Generator(np.random.PCG64(seed))
    rows = []
    for h, villages in enumerate((3, 5, 7)):
        for v in range(villages):
            share = rng.dirichlet(np.full(k, 2.0))
            for _ in range(int(rng.integers(4, 20))):
                truth = rng.choice(k, p=share)
                rows.append((h, v, rng.choice(k, p=d.matrix[truth]), rng.uniform(0.5, 3.0)))
    h, c, z, w = (np.array(col) for col in zip(*rows))
    return {"stratum": h.astype(int), "psu": c.astype(int), "z": z.astype(int), "w": w.astype(float)}


def test_by_hand_two_strata_of_two_clusters():
    # two coins (a = ¼, b = ½); stratum 0: clusters {1, 1}, {0}; stratum 1: clusters {0, 0}, {1}
    # weights 1 2 1 | 1 1 2, Σw = 8; recorded YES weight 1 + 2 + 2 = 5, λ̂ = 5/8
    # u = w (z − λ̂)/Σw: 3/64, 6/64, −5/64 | −5/64, −5/64, 6/64
    # PSU totals: stratum 0: 9/64, −5/64 (mean 2/64; squares 49 + 49); stratum 1: −10/64, 6/64 (mean −2/64;
    # squares 64 + 64); v(λ̂) = 2/1 · (98 + 128) / 64² = 452 / 4096
    got = weights.weighted(COINS, np.array([1, 1, 0, 0, 0, 1]), np.array([1.0, 2, 1, 1, 1, 2]),
                           strata=np.array([0, 0, 0, 1, 1, 1]), clusters=np.array([0, 0, 1, 0, 0, 1]))
    assert got.share[1] == pytest.approx(5 / 8, abs=1e-15)
    assert got.se[1] == pytest.approx(math.sqrt(452 / 4096) / 0.5, rel=1e-12)
    assert (got.strata, got.clusters) == (2, 4) and "strata and clusters" in got.method
    # with 4 clusters in each stratum's population, f = 2/4: half the variance
    half = weights.weighted(COINS, np.array([1, 1, 0, 0, 0, 1]), np.array([1.0, 2, 1, 1, 1, 2]),
                            strata=np.array([0, 0, 0, 1, 1, 1]), clusters=np.array([0, 0, 1, 0, 0, 1]),
                            population=np.array([4.0, 4.0]))
    assert half.se[1] == pytest.approx(got.se[1] / math.sqrt(2), rel=1e-12)


def test_without_strata_or_clusters_the_design_path_is_the_respondent_path():
    s = _sample(4, 2, COINS)
    plain = weights.weighted(COINS, s["z"], s["w"])
    each = weights.weighted(COINS, s["z"], s["w"], clusters=np.arange(len(s["z"])))
    assert each.se == pytest.approx(plain.se, rel=1e-12) and each.deff == pytest.approx(plain.deff, rel=1e-12)
    # one respondent per cluster, equal weights: no design effect beyond the n/(n − 1)
    flat = weights.weighted(COINS, s["z"], np.ones(len(s["z"])))
    assert flat.deff == pytest.approx([1.0, 1.0], rel=1e-12)


@pytest.mark.parametrize("why, strata, clusters, population", [
    ("single", [0, 0, 1], [0, 0, 0], None),
    ("population", [0, 0, 0, 0], [0, 1, 2, 3], [3.0]),
])
def test_a_lonely_cluster_or_a_short_population_is_refused(why, strata, clusters, population):
    n = len(strata)
    with pytest.raises(ValueError, match="single cluster" if why == "single" else "population of 3"):
        weights.weighted(COINS, np.arange(n) % 2, np.ones(n), strata=np.array(strata),
                         clusters=np.array(clusters), population=None if population is None else np.array(population))


R_SCRIPT = r"""
suppressMessages(library(survey))
d <- read.csv("sample.csv")
options(digits = 17)
out <- NULL
for (fpc in c(FALSE, TRUE)) {
  des <- if (fpc) svydesign(ids = ~psu, strata = ~stratum, weights = ~w, fpc = ~M, nest = TRUE, data = d)
         else svydesign(ids = ~psu, strata = ~stratum, weights = ~w, nest = TRUE, data = d)
  cols <- grep("^y", names(d), value = TRUE)
  m <- svymean(as.formula(paste("~", paste(cols, collapse = "+"))), des, deff = "replace")
  out <- rbind(out, data.frame(fpc = fpc, column = cols, mean = coef(m), se = SE(m), deff = deff(m)))
}
write.csv(out, "r.csv", row.names = FALSE)
"""


@needs_r_survey
@pytest.mark.parametrize("name, d, seed", [("forced", COINS, 7), ("kary3", KARY, 8)])
def test_equals_r_survey_with_strata_clusters_weights_and_fpc(tmp_path, name, d, seed):
    k = d.categories
    s = _sample(seed, k, d)
    population = np.array([5.0, 12.0, 30.0])
    a = np.array([d.matrix[(j + 1) % k, j] for j in range(k)])
    b = d.matrix[0, 0] - a[0]
    # the de-biased variable of each answer, (z_j − a_j) / b: its weighted mean is π̂_j
    columns = {f"y{j}": ((s["z"] == j) - a[j]) / b for j in range(k)}
    lines = ["stratum,psu,w,M," + ",".join(columns)]
    for i in range(len(s["z"])):
        lines.append(",".join([str(s["stratum"][i]), str(s["psu"][i]), repr(float(s["w"][i])),
                               repr(float(population[s["stratum"][i]]))]
                              + [repr(float(col[i])) for col in columns.values()]))
    (tmp_path / "sample.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "run.R").write_text(R_SCRIPT, encoding="utf-8")
    done = subprocess.run(["Rscript", "run.R"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    r = np.genfromtxt(tmp_path / "r.csv", delimiter=",", skip_header=1, usecols=(2, 3, 4))
    worst = 0.0
    for fpc, rows in ((False, r[:k]), (True, r[k:])):
        got = weights.weighted(d, s["z"], s["w"], strata=s["stratum"], clusters=s["psu"],
                               population=population if fpc else None)
        raw = (got.share - a) / b  # π̂ before it is kept in [0, 1]
        for j in range(k):
            assert raw[j] == pytest.approx(rows[j, 0], abs=1e-12)
            assert got.se[j] == pytest.approx(rows[j, 1], abs=1e-10)
            assert got.deff is not None and got.deff[j] == pytest.approx(rows[j, 2], abs=1e-10)
            worst = max(worst, abs(got.se[j] - rows[j, 1]), abs(raw[j] - rows[j, 0]))
    assert worst < 1e-12  # the figure reported for the issue: the largest difference from R


R_DOMAINS = r"""
suppressMessages(library(survey))
d <- read.csv("sample.csv")
des <- svydesign(ids = ~psu, strata = ~stratum, weights = ~w, nest = TRUE, data = d)
by <- svyby(~y0 + y1 + y2, ~g, des, svymean, deff = "replace")
write.csv(as.data.frame(by), "r.csv", row.names = FALSE)
"""


@needs_r_survey
def test_subgroups_equal_r_svyby_over_the_whole_design(tmp_path):
    s = _sample(12, 3, KARY)
    rng = np.random.Generator(np.random.PCG64(13))
    g = rng.integers(0, 3, size=len(s["z"]))
    g[s["psu"] == 0] = 1  # the first village of each stratum has nobody of subgroup 0
    a = np.array([KARY.matrix[(j + 1) % 3, j] for j in range(3)])
    b = KARY.matrix[0, 0] - a[0]
    columns = {f"y{j}": ((s["z"] == j) - a[j]) / b for j in range(3)}
    lines = ["stratum,psu,w,g," + ",".join(columns)] + [
        ",".join([str(s["stratum"][i]), str(s["psu"][i]), repr(float(s["w"][i])), str(g[i])]
                 + [repr(float(col[i])) for col in columns.values()]) for i in range(len(g))]
    (tmp_path / "sample.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "run.R").write_text(R_DOMAINS, encoding="utf-8")
    done = subprocess.run(["Rscript", "run.R"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    r = np.genfromtxt(tmp_path / "r.csv", delimiter=",", skip_header=1)  # g, means, SEs, design effects
    for row in r:
        got = weights.weighted(KARY, s["z"], s["w"], strata=s["stratum"], clusters=s["psu"], domain=g == row[0])
        assert got.n == int((g == row[0]).sum())
        assert (got.share - a) / b == pytest.approx(row[1:4], abs=1e-12)
        assert got.se == pytest.approx(row[4:7], abs=1e-12)
        assert got.deff == pytest.approx(row[7:10], abs=1e-10)
    # leaving the other respondents out instead (a design of the subgroup alone, without the villages
    # that have none of it) is not the same
    alone = weights.weighted(KARY, s["z"][g == 0], s["w"][g == 0], strata=s["stratum"][g == 0],
                             clusters=s["psu"][g == 0])
    assert abs(alone.se[0] - r[0, 4]) > 1e-6


# -- the survey file's [sample] and aggregate --------------------------------------------------

SAMPLE = ('\n[sample]\nstrata = "department"\nclusters = "interviewer"\n'
          'population = { office = 10, factory = 12, warehouse = 9, sales = 30 }\n')


def _with_interviewers(text: str) -> str:
    return text.replace('planned_respondents = 400', 'planned_respondents = 400\ninterviewers = ["amina", "k-07", "li"]', 1)


def test_the_survey_file_declares_strata_clusters_and_population():
    from rrdesk.core import survey
    s = survey.loads(DEMO.read_text(encoding="utf-8") + SAMPLE)
    assert (s.strata, s.clusters, s.population) == ("department", "interviewer", (10.0, 12.0, 9.0, 30.0))
    plain = survey.load(DEMO)
    assert (plain.strata, plain.clusters, plain.population) == (None, None, ())
    only = survey.loads(DEMO.read_text(encoding="utf-8") + '\n[sample]\nclusters = "department"\npopulation = 40\n')
    assert (only.strata, only.clusters, only.population) == (None, "department", (40.0,))


@pytest.mark.parametrize("change, what", [
    (('strata = "department"', 'strata = "unhappy"'), '"unhappy" is not a question asked directly with choices'),
    (('clusters = "interviewer"', 'clusters = "department"'), "is the strata question too"),
    (('sales = 30', 'sales = 1'), 'the population of "sales" must be a number of clusters from 2'),
    ((', sales = 30', ''), "no population for sales"),
    (('strata = "department"\nclusters = "interviewer"\n', ''), "[sample] needs strata, clusters or both"),
    (('clusters = "interviewer"', 'clusters = "interviewer"\nweights = 2'), "unknown key in [sample]"),
])
def test_a_bad_sample_table_is_one_line(change, what):
    from rrdesk.core import survey
    from rrdesk.core.errors import SurveyError
    with pytest.raises(SurveyError) as caught:
        survey.loads(DEMO.read_text(encoding="utf-8") + SAMPLE.replace(*change))
    assert what in str(caught.value) and "[sample]" in str(caught.value)


def test_aggregate_uses_the_strata_and_the_interviewers_as_clusters(tmp_path):
    import csv

    from rrdesk.core import survey
    from tests.test_aggregate import aggregate_json, export, simulate
    path = tmp_path / "sampled.toml"
    path.write_text(_with_interviewers(DEMO.read_text(encoding="utf-8")) + SAMPLE, encoding="utf-8")
    simulate(tmp_path / "laptop", 240, 9, survey=path)
    bundle = export(tmp_path / "laptop", tmp_path / "stick")
    code, got, err = aggregate_json(bundle, "--out", tmp_path / "out", "--model", "unhappy ~ department")
    assert code == 0, err
    with open(tmp_path / "out" / "answers.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    s = survey.load(path)
    departments = s.question("department").choices
    for q in s.randomized:
        mine = [r for r in rows if r["question"] == q.id]
        strata = np.array([departments.index(r["direct_department"]) for r in mine])
        team = sorted({r["interviewer"] for r in mine})
        want = weights.weighted(q.design, np.array([int(r["answer_code"]) for r in mine]), np.ones(len(mine)),
                                strata=strata, clusters=np.array([team.index(r["interviewer"]) for r in mine]),
                                population=np.array(s.population))
        body = next(x for x in got["questions"] if x["id"] == q.id)["weighted"]
        assert body["strata"] == 4 and body["clusters"] == want.clusters and len(team) == 3
        assert "strata and clusters" in body["method"]
        if q.choices:
            assert [body["se"][c] for c in q.choices] == pytest.approx(want.se, abs=1e-12)
            assert [body["deff"][c] for c in q.choices] == pytest.approx(want.deff, abs=1e-12)
        else:
            assert body["se"] == pytest.approx(want.se[1], abs=1e-12)
            assert body["deff"] == pytest.approx(want.deff[1], abs=1e-12)
    assert "design effect" in (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    # the model: weighted pseudo-likelihood with the same strata and clusters, and the factor's test
    from rrdesk.core import regression
    mine = [r for r in rows if r["question"] == "unhappy"]
    team = sorted({r["interviewer"] for r in mine})
    strata = np.array([departments.index(r["direct_department"]) for r in mine])
    x = np.stack([(strata == j).astype(float) for j in range(1, 4)], axis=1)
    fit = regression.logistic(s.question("unhappy").design, np.array([int(r["answer_code"]) for r in mine]), x,
                              weights=np.ones(len(mine)), strata=strata,
                              clusters=np.array([team.index(r["interviewer"]) for r in mine]),
                              population=np.array(s.population))
    model = got["model"]
    assert model["method"] == regression.SURVEY_METHOD and model["converged"], model["note"]
    assert [c["se"] for c in model["coefficients"]] == pytest.approx(fit.se, abs=1e-10)
    statistic, df, p = regression.wald(fit, [1, 2, 3])
    assert model["factor_tests"] == [{"term": "department", "chi2": pytest.approx(statistic, rel=1e-9), "df": 3,
                                      "p_value": pytest.approx(p, rel=1e-9, abs=1e-15)}]


def test_aggregate_by_a_question_gives_each_subgroup_its_design_based_estimate(tmp_path):
    import csv

    from rrdesk.core import survey
    from tests.test_aggregate import aggregate_json, export, simulate
    path = tmp_path / "clustered.toml"
    path.write_text(_with_interviewers(DEMO.read_text(encoding="utf-8")) + '\n[sample]\nclusters = "interviewer"\n',
                    encoding="utf-8")
    simulate(tmp_path / "laptop", 120, 4, survey=path)
    bundle = export(tmp_path / "laptop", tmp_path / "stick")
    code, got, err = aggregate_json(bundle, "--by", "department", "--out", tmp_path / "out")
    assert code == 0, err
    with open(tmp_path / "out" / "answers.csv", newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["question"] == "unhappy"]
    s = survey.load(path)
    team = sorted({r["interviewer"] for r in rows})
    body = next(x for x in got["questions"] if x["id"] == "unhappy")
    for group in body["by"]:
        inside = np.array([r["direct_department"] == group["group"] for r in rows])
        want = weights.weighted(s.question("unhappy").design, np.array([int(r["answer_code"]) for r in rows]),
                                np.ones(len(rows)), clusters=np.array([team.index(r["interviewer"]) for r in rows]),
                                domain=inside)
        assert group["weighted"]["n"] == int(inside.sum())
        assert group["weighted"]["se"] == pytest.approx(want.se[1], abs=1e-12)
        assert group["weighted"]["estimate"] == pytest.approx(want.estimate[1], abs=1e-12)
    assert "office, weighted: Yes" in (tmp_path / "out" / "report.html").read_text(encoding="utf-8")


@needs_r_survey
def test_analysis_r_declares_the_same_svydesign_and_finds_the_same_numbers(tmp_path):
    import csv

    from tests.test_aggregate import aggregate_json, export, simulate
    path = tmp_path / "sampled.toml"
    path.write_text(_with_interviewers(DEMO.read_text(encoding="utf-8")) + SAMPLE, encoding="utf-8")
    simulate(tmp_path / "laptop", 200, 6, survey=path)
    bundle = export(tmp_path / "laptop", tmp_path / "stick")
    code, got, err = aggregate_json(bundle, "--out", tmp_path / "out")
    assert code == 0, err
    script = (tmp_path / "out" / "analysis.R").read_text(encoding="utf-8")
    assert "survey::svydesign(ids = ~cluster_, strata = ~stratum_, weights = ~w_, fpc = ~M_, nest = TRUE" in script
    # part 2 (rr, RRreg) may stop on a machine where rr's printing fails; part 1b is written before it
    subprocess.run(["Rscript", "analysis.R"], cwd=tmp_path / "out", capture_output=True, text=True, timeout=180)
    with open(tmp_path / "out" / "estimates-design-r.csv", newline="", encoding="utf-8") as f:
        r_rows = {(r["question"], r["category"]): r for r in csv.DictReader(f)}
    checked = 0
    for q in got["questions"]:
        w = q.get("weighted")
        if not w or w["se"] is None:
            continue
        for category in (q["reported"] if isinstance(w["se"], dict) else ["yes"]):
            pick = (lambda v, c=category: v[c]) if isinstance(w["se"], dict) else (lambda v: v)
            theirs = r_rows[(q["id"], category)]
            assert float(theirs["se"]) == pytest.approx(pick(w["se"]), abs=1e-10)
            assert float(theirs["deff"]) == pytest.approx(pick(w["deff"]), abs=1e-9)
            if 0 < pick(w["estimate"]) < 1 and not isinstance(w["se"], dict):
                assert float(theirs["estimate"]) == pytest.approx(pick(w["estimate"]), abs=1e-10)
            checked += 1
    assert checked >= 4


def test_analysis_do_declares_the_sample_to_stata():
    from rrdesk.core import survey
    from rrdesk.core.results import Results
    from rrdesk.core.results.scripts import analysis_do
    s = survey.loads(_with_interviewers(DEMO.read_text(encoding="utf-8")) + SAMPLE)
    text = analysis_do(Results(s, (), 0, 0, 0))
    assert "encode interviewer, generate(cluster_)" in text and "encode direct_department, generate(stratum_)" in text
    assert 'replace M_ = 30 if direct_department == "sales"' in text
    assert "svyset cluster_ [pweight=w_], strata(stratum_) fpc(M_)" in text
    assert 'generate y_unhappy = (answer_code - (0.25)) / (0.5) if question == "unhappy"' in text
    assert "svy: mean y_unhappy" in text and "svy: mean y_bullied" not in text  # k answers: not here
