"""The wide data files of ``aggregate --out``: ``answers-wide.csv``, ``answers.dta`` (Stata 118)
and ``answers.sav`` (SPSS), written by pyreadstat, read back by R's ``haven`` (and ``foreign``
for the ``.sav``, as its ``read.dta`` stops at Stata 12) and checked against ``answers.csv``: one
row per interview, every recorded answer's code, the direct answers, the variable labels (the
question texts) and the value labels (the choices' texts; rrdesk's YES and NO); each laptop by
its enrollment name; without pyreadstat, one line and the CSVs.
"""
from __future__ import annotations

import csv
import shutil
import subprocess
import sys
from collections import namedtuple

import pytest

from rrdesk.core import survey as surveys
from rrdesk.core.results.datafiles import EXTRA, wide_csv, wide_table, write_dta, write_sav
from rrdesk.core.wording import words_for
from tests.conftest import DEMO
from tests.test_analysis_scripts import RSCRIPT, _r_has, report  # noqa: F401 (a fixture)

needs_haven = pytest.mark.skipif(not _r_has("haven", "foreign"),
                                 reason="R's haven and foreign are not installed (CI installs them: .ci/run)")

# R writes what it read: every variable's label and value labels, then every value, as CSV
_READ = r'''
args <- commandArgs(TRUE)
d <- switch(args[2], dta = haven::read_dta(args[1]), sav = haven::read_sav(args[1]),
            foreign = foreign::read.spss(args[1], to.data.frame = FALSE, use.value.labels = FALSE))
d <- as.list(d)
label_of <- function(name) {
  if (args[2] == "foreign") return(attr(d, "variable.labels")[[name]])
  l <- attr(d[[name]], "label"); if (is.null(l)) "" else l
}
labels_of <- function(name) {
  l <- if (args[2] == "foreign") attr(d[[name]], "value.labels") else attr(d[[name]], "labels")
  if (is.null(l)) return("")
  l <- sort(l)  # foreign lists them last value first
  paste(paste0(unname(l), "=", names(l)), collapse = "|")
}
meta <- data.frame(name = names(d), label = sapply(names(d), label_of), labels = sapply(names(d), labels_of))
write.csv(meta, args[3], row.names = FALSE, fileEncoding = "UTF-8")
values <- as.data.frame(lapply(d, function(x) { x <- as.vector(x); if (is.character(x)) trimws(x) else x }),
                        stringsAsFactors = FALSE)
write.csv(values, args[4], row.names = FALSE, na = "", fileEncoding = "UTF-8")
'''


def _read(path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _r_read(tmp_path, file, how: str) -> tuple[dict[str, dict[str, str]], list[dict[str, str]]]:
    script = tmp_path / "read.R"
    script.write_text(_READ, encoding="utf-8")
    meta, values = tmp_path / f"{how}-meta.csv", tmp_path / f"{how}-values.csv"
    done = subprocess.run([RSCRIPT, str(script), str(file), how, str(meta), str(values)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return {r["name"]: r for r in _read(meta)}, _read(values)


def _number(text: str) -> float | None:
    return float(text) if text not in ("", "NA") else None


@needs_haven
@pytest.mark.parametrize("how", ["dta", "sav", "foreign"])
def test_r_reads_the_labelled_files_and_they_hold_answers_csv(report, tmp_path, how):  # noqa: F811
    folder = tmp_path / "out"
    shutil.copytree(report, folder)
    file = folder / ("answers.dta" if how == "dta" else "answers.sav")
    meta, rows = _r_read(tmp_path, file, how)
    s = surveys.load(DEMO)
    words = words_for(s, "en")
    # labels: the question's text (Stata keeps 80 characters of it); the answers' texts on every answer
    for q in s.questions:
        assert meta[q.id]["label"].startswith(q.text["en"][:80]), q.id
        assert how != "dta" or len(meta[q.id]["label"]) <= 80
        texts = q.choice_text["en"] if q.choices else (words("no"), words("yes"))
        assert meta[q.id]["labels"] == "|".join(f"{j}={t}" for j, t in enumerate(texts)), q.id
    # one row per interview; each recorded answer's code where answers.csv has it
    long = _read(folder / "answers.csv")
    by_respondent = {r["respondent"]: r for r in rows}
    assert len(rows) == len({r["respondent"] for r in long}) == 90
    for a in long:
        row = by_respondent[a["respondent"]]
        assert _number(row[a["question"]]) == float(a["answer_code"]), a
        assert row["interviewer"] == a["interviewer"] and row["day"] == a["day"] and row["version"] == a["version"]
        direct = s.question("department")
        given = a["direct_department"]
        assert _number(row["department"]) == (float(direct.answer_ids.index(given)) if given else None)
        if a["design"] in ("forced", "warner", "unrelated"):
            assert float(row[f"{a['question']}_p_yes_given_no"]) == float(a["p_yes_given_no"])
    # and the wide CSV holds the same values
    wide = {r["respondent"]: r for r in _read(folder / "answers-wide.csv")}
    for respondent, row in by_respondent.items():
        for q in s.questions:
            assert _number(wide[respondent][q.id]) == _number(row[q.id]), (respondent, q.id)


# -- without R: the layouts' own rules ----------------------------------------------------------

Recorded = namedtuple("Recorded", "device log seq interview question answer day interviewer version")

WEIGHTED_CDM = '''
[survey]
id = "cdm-weights"
title = "A title longer than anything, with ünïcödé"
languages = ["en", "fr"]
recipients = ["age1af476ty2zc0c9qf8a4uqfvp4xxj8zyrdekf7rfz3rqlsxueazsqqwyjxv8"]
max_epsilon = 6
planned_respondents = 100

[weight]
question = "region"
values = { north = 2.5, south = 1 }

[[question]]
id = "region"
design = "direct"
choices = ["north", "south"]
text = { en = "Region?", fr = "Région ?" }
choice_text = { en = ["North", "South"], fr = ["Nord", "Sud"] }

[[question]]
id = "stole-a-very-long-question-id-that-stata-could-never-take-whole"
design = "cdm"
truth = 0.5
yes = 0.35
no = 0.15
text = { en = "I stole.", fr = "J'ai volé." }
'''


def test_cdm_weights_long_names_and_missing_values_in_every_layout():
    s = surveys.loads(WEIGHTED_CDM)
    qid = s.questions[1].id
    answers = [Recorded("dev", "log", 1, 1, qid, "yes-b", "2026-01-02", "amina", "1"),
               Recorded("dev", "log", 2, 2, qid, "no-a", "2026-01-02", "amina", "1")]
    interviews = {("dev", 1): {"region": "north"}, ("dev", 2): {"region": ""}, ("dev", 3): {"region": "south"}}
    table = wide_table(s, answers, interviews, "fr")
    names = [c.name for c in table.columns]
    assert all(len(n) <= 32 for n in names) and len({n.lower() for n in names}) == len(names)
    col = {c.name: c for c in table.columns}
    assert col["weight"].values == [2.5, None, 1.0]
    assert col["region"].values == [0.0, None, 1.0] and col["region"].value_labels == {0: "Nord", 1: "Sud"}
    short = names[names.index("weight") + 2]  # the cdm question, its name cut to 32
    assert col[short].values == [1.0, 0.0, None] and col[short].label.startswith("J'ai volé.")
    assert [v for c in table.columns if c.name.endswith("_group") for v in c.values] == ["b", "a", ""]
    text = wide_csv(table).splitlines()
    assert text[0].split(",")[:4] == ["survey", "laptop", "device", "interview"] and len(text) == 4


def test_pyreadstat_reads_back_what_it_wrote(tmp_path):
    """Without R: the files say Stata 118 and SPSS, and pyreadstat's own reader gets every label,
    value and missing value back (R's readers are the judges below)."""
    import pyreadstat

    s = surveys.loads(WEIGHTED_CDM)
    qid = s.questions[1].id
    answers = [Recorded("dev", "log", 1, 1, qid, "yes-b", "2026-01-02", "amina", "1"),
               Recorded("dev", "log", 2, 2, qid, "no-a", "2026-01-02", "amina", "1")]
    interviews = {("dev", 1): {"region": "north"}, ("dev", 2): {"region": ""}, ("dev", 3): {"region": "south"}}
    table = wide_table(s, answers, interviews, "fr", laptops={"dev": "Amina's laptop"})
    assert write_dta(table, tmp_path / "t.dta").read_bytes().startswith(b"<stata_dta><header><release>118</release>")
    assert write_sav(table, tmp_path / "t.sav").read_bytes()[:4] == b"$FL2"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.dta", "t.sav"]  # no temporary file left
    for read in (pyreadstat.read_dta, pyreadstat.read_sav):
        frame, meta = read(str(tmp_path / ("t.dta" if read is pyreadstat.read_dta else "t.sav")))
        assert list(frame.columns) == [c.name for c in table.columns]
        assert meta.column_names_to_labels["region"] == "Région ?"
        assert meta.variable_value_labels["region"] == {0: "Nord", 1: "Sud"}
        assert list(frame["laptop"]) == ["Amina's laptop"] * 3
        assert [None if v != v else v for v in frame["weight"]] == [2.5, None, 1.0]


def test_without_pyreadstat_one_line_and_the_csvs(tmp_path, monkeypatch):
    from tests.cli_runs import rrdesk
    from tests.test_aggregate import KEY, export, simulate

    simulate(tmp_path / "laptop", 2, 5)
    bundle = export(tmp_path / "laptop", tmp_path / "stick")
    monkeypatch.setitem(sys.modules, "pyreadstat", None)  # import pyreadstat now raises ImportError
    code, _, err = rrdesk("aggregate", bundle, "-i", KEY, "--out", tmp_path / "out")
    assert code == 0, err
    notes = [line for line in err.splitlines() if "pyreadstat" in line]
    assert notes == [f"rrdesk: note: answers.dta and answers.sav need pyreadstat ({EXTRA}); the CSV files "
                     "hold the same data"]
    assert "Traceback" not in err
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert "answers-wide.csv" in written and "answers.csv" in written
    assert "answers.dta" not in written and "answers.sav" not in written


@needs_haven
def test_haven_reads_unicode_long_names_and_missing_values(tmp_path):
    s = surveys.loads(WEIGHTED_CDM)
    qid = s.questions[1].id
    answers = [Recorded("dev", "log", 1, 1, qid, "yes-b", "2026-01-02", "amina", "1")]
    table = wide_table(s, answers, {("dev", 1): {"region": "north"}, ("dev", 2): {"region": ""}}, "fr")
    write_dta(table, tmp_path / "t.dta")
    write_sav(table, tmp_path / "t.sav")
    for suffix, how in (("dta", "dta"), ("sav", "sav"), ("sav", "foreign")):
        meta, rows = _r_read(tmp_path, tmp_path / f"t.{suffix}", how)
        assert list(meta) == [c.name for c in table.columns], how
        assert meta["region"]["labels"] == "0=Nord|1=Sud" and meta["region"]["label"] == "Région ?"
        assert [r["weight"] for r in rows] == ["2.5", ""] and [r["region"] for r in rows] == ["0", ""]


def test_the_labels_come_in_the_language_asked_for(tmp_path):
    from tests.cli_runs import rrdesk
    from tests.test_aggregate import KEY, export, simulate

    simulate(tmp_path / "laptop", 3, 5)
    bundle = export(tmp_path / "laptop", tmp_path / "stick")
    code, _, err = rrdesk("aggregate", bundle, "-i", KEY, "--out", tmp_path / "out", "--labels", "fr")
    assert code == 0, err
    data = (tmp_path / "out" / "answers.sav").read_bytes()
    s = surveys.load(DEMO)
    q = s.question("department")
    assert q.text["fr"].encode("utf-8")[:255] in data and q.choice_text["fr"][0].encode("utf-8") in data
    assert q.text["en"].encode("utf-8") not in data
    assert q.text["fr"].encode("utf-8") in (tmp_path / "out" / "answers.dta").read_bytes()
    code, out, err = rrdesk("aggregate", bundle, "-i", KEY, "--out", tmp_path / "other", "--labels", "de")
    assert code == 2 and out == "" and err == ("rrdesk: error: command line: --labels: 'de' is not one of the "
                                               "survey's languages (en, fr)\n")
    assert not (tmp_path / "other").exists()


def test_each_laptop_is_named_as_it_was_enrolled_and_its_device_id_kept(tmp_path):
    from rrdesk.app import enrollment
    from tests.cli_runs import export, rrdesk, simulate
    from tests.test_aggregate import KEY
    from tests.test_custody import enroll

    listed = tmp_path / "coordinator.laptops"
    bundles = []
    for n, name in enumerate(("Laptop 3, Amina", None)):
        simulate(tmp_path / f"laptop{n}", 2, 7 + n)
        enroll(tmp_path / f"laptop{n}", listed, tmp_path / f"enroll{n}", *((name,) if name else ()))
        bundles.append(export(tmp_path / f"laptop{n}", tmp_path / f"stick{n}"))
    code, _, err = rrdesk("aggregate", *bundles, "-i", KEY, "--laptops", listed, "--out", tmp_path / "out")
    assert code == 0, err
    [named] = enrollment.laptop_names(listed).items()
    rows = _read(tmp_path / "out" / "answers-wide.csv")
    assert {(r["device"], r["laptop"]) for r in rows} == {named, *((r["device"], "") for r in rows
                                                                  if r["device"] != named[0])}
    assert len({r["device"] for r in rows}) == 2 and len(rows) == 4
    import pyreadstat

    frame, meta = pyreadstat.read_dta(str(tmp_path / "out" / "answers.dta"))
    assert sorted(set(frame["laptop"])) == ["", "Laptop 3, Amina"]
    assert meta.column_names_to_labels["laptop"] == "Laptop (the name it was enrolled with)"
