"""``analysis.R`` and ``analysis.do``: the report's numbers again, in R and Stata.

The base-R part of ``analysis.R`` is run by ``Rscript`` (CI installs Debian's r-base-core) on
a real ``aggregate --out`` folder and must give ``estimates.csv``'s numbers; it runs again on
an ``answers.csv`` edited so that a question's recorded YES share is below what the spinner
alone gives (the boundary: estimate 0, the likelihood-ratio end of the interval). The whole
script runs with R's rr and RRreg installed (CI installs them from
../shared/testdata/r-packages) on the demo survey (forced, warner, unrelated, kary, direct),
with and without a ``--model``: every fit ends, and the packages' prevalences equal the
report's (RRreg's SEs times sqrt(n/(n-1))). Stata's rrlogit cannot run here; its lines are
checked for the syntax rrlogit takes (no factor notation; each fit in its own block).
"""
from __future__ import annotations

import csv
import math
import re
import shutil
import subprocess

import pytest

from rrdesk.core import estimate
from rrdesk.core import survey as surveys
from rrdesk.core.results import model, scripts
from tests.conftest import DEMO
from tests.test_aggregate import aggregate_json, export, simulate

RSCRIPT = shutil.which("Rscript")
needs_r = pytest.mark.skipif(RSCRIPT is None, reason="Rscript is not installed (CI installs r-base-core)")


def _r_has(*packages: str) -> bool:
    if RSCRIPT is None:
        return False
    names = ", ".join(f'"{p}"' for p in packages)
    done = subprocess.run([RSCRIPT, "-e", f"quit(status = if (all(sapply(c({names}), requireNamespace, "
                                          "quietly = TRUE))) 0 else 1)"], capture_output=True, timeout=60)
    return done.returncode == 0


needs_rr = pytest.mark.skipif(not _r_has("rr", "RRreg"),
                              reason="R's rr and RRreg are not installed (CI installs them: .ci/run)")


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    base = tmp_path_factory.mktemp("scripts")
    simulate(base / "laptop", 90, 8)
    bundle = export(base / "laptop", base / "stick")
    code, _, err = aggregate_json(bundle, "--out", base / "out", "--by", "department")
    assert code == 0, err
    return base / "out"


def _read(path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _run_r(folder) -> dict[tuple[str, str], dict[str, str]]:
    done = subprocess.run([RSCRIPT, "analysis.R"], cwd=folder, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return {(r["question"], r["category"]): r for r in _read(folder / "estimates-r.csv")}


@needs_r
def test_base_r_gives_the_reports_numbers(report, tmp_path):
    folder = tmp_path / "copy"
    shutil.copytree(report, folder)
    got = _run_r(folder)
    ours = [r for r in _read(folder / "estimates.csv") if r["subgroup"] == "all" and r["design"] != "direct"]
    assert len(got) == len(ours) == 2 + 2 + 2 + 3
    for r in ours:
        theirs = got[(r["question"], r["category"])]
        assert int(theirs["n"]) == int(r["n"]) and int(theirs["reported"]) == int(r["reported"])
        for column in ("estimate", "se", "ci_low", "ci_high"):
            assert float(theirs[column]) == pytest.approx(float(r[column]), abs=1e-9), (r["question"], column)


@needs_r
def test_base_r_agrees_at_the_boundary_too(report, tmp_path):
    # keep one YES of "unhappy" in twenty: far below the quarter the spinner alone says YES to
    folder = tmp_path / "edited"
    shutil.copytree(report, folder)
    rows = _read(folder / "answers.csv")
    kept, yes_seen = [], 0
    for r in rows:
        if r["question"] == "unhappy" and r["answer"] == "yes":
            yes_seen += 1
            if yes_seen % 20:
                continue
        kept.append(r)
    with open(folder / "answers.csv", "w", newline="", encoding="utf-8") as f:
        out = csv.DictWriter(f, list(rows[0]), lineterminator="\n")
        out.writeheader()
        out.writerows(kept)
    counts = [sum(1 for r in kept if r["question"] == "unhappy" and r["answer"] == a) for a in ("no", "yes")]
    d = surveys.load(DEMO).question("unhappy").design
    e = estimate.estimate(d, counts)
    assert e.estimate[1] == 0.0 and estimate.noncompliance(d, counts)
    got = _run_r(folder)
    for j, category in enumerate(("no", "yes")):
        theirs = got[("unhappy", category)]
        assert float(theirs["estimate"]) == pytest.approx(e.estimate[j], abs=1e-12)
        assert float(theirs["se"]) == pytest.approx(e.se[j], abs=1e-12)
        assert float(theirs["ci_low"]) == pytest.approx(e.ci95[j][0], abs=1e-9)
        assert float(theirs["ci_high"]) == pytest.approx(e.ci95[j][1], abs=1e-9)


def _run_whole_r(folder) -> tuple[dict[tuple[str, str, str], dict[str, str]], str]:
    done = subprocess.run([RSCRIPT, "analysis.R"], cwd=folder, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    failed = [line for line in done.stderr.splitlines() if re.match(r"(rr|RRreg) [\w ]+: ", line)]
    assert not failed, done.stderr  # every fit ran to its end
    rows = _read(folder / "estimates-packages-r.csv")
    return {(r["package"], r["question"], r["category"]): r for r in rows}, done.stdout


@needs_rr
def test_the_whole_script_runs_with_rr_and_rrreg_and_gives_the_reports_numbers(report, tmp_path):
    folder = tmp_path / "copy"
    shutil.copytree(report, folder)
    got, _ = _run_whole_r(folder)
    ours = [r for r in _read(folder / "estimates.csv") if r["subgroup"] == "all" and r["design"] not in ("direct", "cdm")]
    for r in ours:
        n = int(r["n"])
        # RRreg: the same moment estimate; its SE divides the variance by n - 1, the report's by n
        theirs = got[("RRreg", r["question"], r["category"])] if r["design"] in ("forced", "kary") or \
            r["category"] == "yes" else None
        if theirs is not None:
            assert float(theirs["estimate"]) == pytest.approx(float(r["estimate"]), abs=1e-9), r["question"]
            assert float(theirs["se"]) == pytest.approx(float(r["se"]) * math.sqrt(n / (n - 1)), rel=1e-9)
        if r["design"] != "kary" and r["category"] == "yes":  # rr: the maximum likelihood, by EM
            theirs = got[("rr", r["question"], "yes")]
            assert float(theirs["estimate"]) == pytest.approx(float(r["estimate"]), abs=1e-4), r["question"]
            assert float(theirs["se"]) == pytest.approx(float(r["se"]), rel=1e-3), r["question"]
    assert {k[1] for k in got if k[0] == "rr"} == {"unhappy", "afraid_to_speak", "took_from_work"}
    assert {k[1] for k in got if k[0] == "RRreg"} == {"unhappy", "afraid_to_speak", "took_from_work", "bullied"}


@needs_rr
@pytest.mark.parametrize("outcome, p", [("afraid_to_speak", "0.75"), ("afraid_to_speak", "0.3"),
                                        ("took_from_work", None), ("unhappy", None)])
def test_the_whole_script_runs_with_a_model_for_every_design(tmp_path, outcome, p):
    # rr 1.4.2's summary() stops on the mirrored and unrelated designs: the script prints its own table
    survey = tmp_path / "survey.toml"
    text = DEMO.read_text(encoding="utf-8")
    survey.write_text(text.replace("p = 0.75", f"p = {p}") if p else text, encoding="utf-8")
    simulate(tmp_path / "laptop", 60, 3, survey=survey)
    bundle = export(tmp_path / "laptop", tmp_path / "stick")
    code, _, err = aggregate_json(bundle, "--survey", survey, "--out", tmp_path / "out",
                                  "--model", f"{outcome} ~ department")
    assert code == 0, err
    got, stdout = _run_whole_r(tmp_path / "out")
    assert ("rr", outcome, "yes") in got and "estimate" in stdout
    _check_do_file((tmp_path / "out" / "analysis.do").read_text(encoding="utf-8"), outcome)


def _check_do_file(do: str, outcome: str) -> None:
    """rrlogit's syntax: plain variables (a 0/1 dummy per answer but the first), no factor
    notation; every fit in its own ``capture noisily`` block, so one failure ends nothing."""
    s = surveys.load(DEMO)
    assert "ib0." not in do and not re.search(r"\bi\.", do)
    others = s.question("department").answer_ids[1:]
    for j, choice in enumerate(others, 1):
        assert f"generate byte department_{j} = (department_code == {j}) if !missing(department_code)" in do
    terms = " ".join(f"department_{j}" for j in range(1, len(others) + 1))
    assert f'    rrlogit answer_code {terms} if question == "{outcome}", ' in do
    lines = do.splitlines()
    for i, line in enumerate(lines):
        if "rrlogit answer_code" in line:
            block = next(lines[k] for k in range(i - 1, -1, -1) if not lines[k].startswith("    "))
            assert line.startswith("    ") and block == "capture noisily {", line
    assert lines.count("capture noisily {") == lines.count("}") >= 4


def _results(text: str) -> model.Results:
    s = surveys.loads(text)
    return model.results(s, {q.id: {None: [5] * len(q.answer_ids)} for q in s.questions})


def test_the_package_recipes_take_numbers_and_the_design_as_the_columns_give_it(report):
    r_text = (report / "analysis.R").read_text(encoding="utf-8")
    assert "RRreg::RRuni(u$answer_code, model = \"FR\", p = c(u$p_no[1], u$p_yes[1]))" in r_text
    assert "== \"yes\"" not in r_text  # the recipe that gave NA passed TRUE/FALSE
    assert 'model = "FR", p = as.numeric(strsplit(u$p_say[1], ";")[[1]])' in r_text  # k-ary, in choice order
    assert 'design = "forced-known"' in r_text and 'design = "unrelated-known"' in r_text
    do = (report / "analysis.do").read_text(encoding="utf-8")
    s = surveys.load(DEMO)
    forced = s.question("unhappy").design.exact_matrix
    assert f'rrlogit answer_code if question == "unhappy", pyes({float(forced[0][1])!r}) ' \
           f'pno({float(forced[1][0])!r})' in do
    assert 'rrlogit answer_code if question == "afraid_to_speak", pwarner(0.75)' in do


def test_warner_below_one_half_goes_to_rr_as_one_minus_p():
    text = DEMO.read_text(encoding="utf-8").replace("p = 0.75", "p = 0.3")
    r_text = scripts.analysis_r(_results(text))
    assert 'rr::rrreg(answer_code ~ 1, data = u, p = 1 - u$p_truth[1], design = "mirrored")' in r_text
    assert 'model = "Warner", p = u$p_truth[1]' in r_text  # RRreg takes p < ½ as it is


def test_the_answers_csv_has_the_columns_r_and_stata_take(report):
    rows = _read(report / "answers.csv")
    s = surveys.load(DEMO)
    for r in rows:
        q = s.question(r["question"])
        assert r["choices"].split(";") == list(q.answer_ids)
        assert int(r["answer_code"]) == list(q.answer_ids).index(r["answer"])
        assert r["respondent"] == f"{r['device']}-{r['interview']}"
        m = q.design.exact_matrix
        if q.design.categories == 2:
            assert float(r["p_yes_given_no"]) == float(m[0][1]) and float(r["p_yes_given_yes"]) == float(m[1][1])
            if q.kind == "warner":
                assert float(r["pwarner"]) == 0.75 and r["pyes"] == r["pno"] == ""
            else:
                assert float(r["pyes"]) == float(m[0][1]) and float(r["pno"]) == float(m[1][0])
                assert math.isclose(float(r["pyes"]) + float(r["pno"]) + q.design.truth_probability, 1.0)


def test_an_empty_subgroup_is_null_with_a_reason_in_the_json_and_blank_in_the_csv():
    from rrdesk.core.results import contracts, tables
    s = surveys.load(DEMO)
    counts = {}
    for q in s.questions:
        k = len(q.answer_ids)
        counts[q.id] = {None: [4] * k, "office": [4] * k, "factory": [0] * k, "warehouse": [0] * k, "sales": [0] * k}
    r = model.results(s, counts, by="department")
    body = contracts.aggregate_json(r)
    unhappy = next(q for q in body["questions"] if q["id"] == "unhappy")
    factory = next(g for g in unhappy["by"] if g["group"] == "factory")
    assert factory["n"] == 0 and factory["estimate"] is None and factory["ci95"] is None and factory["se"] is None
    assert factory["empty"] == model.EMPTY
    office = next(g for g in unhappy["by"] if g["group"] == "office")
    assert office["estimate"] is not None and "empty" not in office
    rows = [x for x in tables.estimate_rows(r) if x["question"] == "unhappy" and x["subgroup"] == "department=factory"]
    assert rows and all(x["estimate"] == x["ci_low"] == "" and x["note"] == model.EMPTY for x in rows)


@needs_r
def test_analysis_r_computes_blakers_interval_as_the_report_does():
    # analysis.R's base-R blaker() (pbinom, qbeta, bisection) against rrdesk's (its own incomplete
    # beta, Newton): 179 (y, n) pairs from n = 1 to 100,000, with the island (34 of 150) and the
    # tie at one half (22 and 38 of 60). Measured: 7.8e-14 apart at most
    import numpy as np
    source = scripts._BASE_R
    code = source[source.index("blaker_upper <- function"):source.index("\n", source.index("blaker <- function"))]
    pairs = [(y, n) for n in (1, 2, 5, 30, 60, 150, 1000, 5000, 100_000)
             for y in sorted(set(np.linspace(0, n, 25).astype(int)) | {0, 1, 2, n - 1, n}) if y <= n]
    pairs += [(34, 150), (22, 60), (38, 60)]
    ys, ns = ",".join(str(y) for y, _ in pairs), ",".join(str(n) for _, n in pairs)
    program = (code + f"\ny <- c({ys}); n <- c({ns})\n"
               "for (i in seq_along(y)) { e <- blaker(y[i], n[i]); cat(sprintf('%.17g %.17g\\n', e[1], e[2])) }\n")
    done = subprocess.run([RSCRIPT, "-e", program], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    theirs = np.array(done.stdout.split(), dtype=float).reshape(-1, 2)
    low, high = estimate.blaker(np.array([y for y, _ in pairs]), np.array([n for _, n in pairs]))
    assert np.abs(np.c_[low, high] - theirs).max() <= 1e-12
