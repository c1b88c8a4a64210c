"""The report files of ``rrdesk aggregate --out DIR``, each written whole or not at all.

``report.html`` (self-contained: inline CSS and SVG, nothing fetched), ``estimates.csv`` (one
row per question × category × subgroup), ``answers.csv`` (one row per recorded answer, with
the design's parameters and the interview's direct answers, for R's ``rr``/``RRreg``) and
``codebook.md`` (every column). Each is written to a temporary file in ``DIR``, flushed to
disk and renamed over the final name, so a crash or a full disk never leaves half a report
that looks whole.
"""
from __future__ import annotations

import csv
import io
import os
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Sequence, TextIO

from rrdesk.core import report as reports
from rrdesk.core.report import Results
from rrdesk.core.report_html import render
from rrdesk.store.aggregate import SurveyData
from rrdesk.store.log import Problem, StoreError, os_reason

__all__ = ["ANSWER_COLUMNS", "ESTIMATE_COLUMNS", "results_of", "write"]

ESTIMATE_COLUMNS = ("question", "design", "epsilon", "subgroup", "category", "n", "reported",
                    "estimate", "se", "ci_low", "ci_high")
ANSWER_COLUMNS = ("survey", "device", "log", "seq", "interview", "question", "design", "answer",
                  "p_truth", "p_yes", "p_no", "prevalence", "k", "p_say")
DIRECT_PREFIX = "direct_"  # why: a direct question's id could be "answer" or "seq"; never clash


def results_of(data: SurveyData, *, by: str | None = None) -> Results:
    """Every question's estimate from the collected records (with ``by``: per subgroup too).

    Raises
    ------
    KeyError
        ``by`` is not a direct question of the survey.
    """
    counts = {}
    for q in data.survey.questions:
        per = {None: data.counts(q.id)[None]}
        if by is not None:
            for group, values in data.counts(q.id, by=by).items():
                per[reports.UNKNOWN_GROUP if group is None else group] = values
        counts[q.id] = per
    skipped = {q.id: data.not_answered(q.id) for q in data.survey.randomized}
    return reports.results(data.survey, counts, by=by, not_answered=skipped, records=data.records,
                           interviews=data.interviews, devices=data.devices)


def write(out: Path, results: Results, data: SurveyData, problems: Sequence[Problem], *,
          now: datetime | None = None) -> list[Path]:
    """Write the four report files into ``out`` (created if needed); return their paths.

    Raises
    ------
    StoreError
        The folder cannot be made or a file cannot be written (none is left half-written).
    """
    out = Path(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise StoreError(out, "", "is not a folder") from None
    except OSError as error:
        raise StoreError(out, "", f"cannot be created: {os_reason(error)}") from None
    when = (now or datetime.now(timezone.utc)).astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    html = render(results, problems, bundles=data.bundles, generated=when)
    writers: list[tuple[str, Callable[[TextIO], None]]] = [
        ("report.html", lambda f: f.write(html)),
        ("estimates.csv", lambda f: _estimates(f, results)),
        ("answers.csv", lambda f: _answers(f, data)),
        ("codebook.md", lambda f: f.write(codebook(results))),
    ]
    return [_atomic(out / name, fill) for name, fill in writers]


def _atomic(path: Path, fill: Callable[[TextIO], None]) -> Path:
    """Temporary file, fill, flush, fsync, rename, fsync the folder."""
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with io.open(fd, "w", encoding="utf-8", newline="") as f:
            fill(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, path)
        if os.name == "posix":  # a folder cannot be opened on Windows; NTFS journals renames
            dir_fd = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
    except OSError as error:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise StoreError(path, "", f"could not be written: {os_reason(error)}") from None
    return path


def _estimates(f: TextIO, results: Results) -> None:
    out = csv.DictWriter(f, ESTIMATE_COLUMNS, lineterminator="\n")
    out.writeheader()
    out.writerows(results.estimate_rows())


def _answers(f: TextIO, data: SurveyData) -> None:
    survey = data.survey
    direct = [q.id for q in survey.questions if q.design is None]
    out = csv.writer(f, lineterminator="\n")
    out.writerow(list(ANSWER_COLUMNS) + [DIRECT_PREFIX + qid for qid in direct])
    params = {q.id: list(reports.design_parameters(q).values()) for q in survey.randomized}
    kinds = {q.id: q.kind for q in survey.questions}
    interviews = data.direct_answers()
    for a in data.answers():
        given = interviews.get((a.device, a.interview), {})
        out.writerow([survey.id, a.device, a.log, a.seq, a.interview, a.question, kinds[a.question], a.answer,
                      *params[a.question], *(given.get(qid, "") for qid in direct)])


def codebook(results: Results) -> str:
    """``codebook.md``: what every column of the two CSV files means, for this survey."""
    survey = results.survey
    direct = [q.id for q in survey.questions if q.design is None]
    lines = [f"# Codebook: {survey.title} (`{survey.id}`)", "",
             "Written by `rrdesk aggregate --out`. Both files are UTF-8 CSV with a header row, "
             "comma-separated, `\\n` line ends; an empty cell means \"does not apply\".", "",
             "## estimates.csv", "",
             "One row per question × answer category × subgroup.", "",
             "| column | meaning |", "| --- | --- |",
             "| question | the question's id in the survey file |",
             "| design | `forced`, `warner`, `unrelated`, `kary` (randomized response) or `direct` "
             "(asked in the clear) |",
             "| epsilon | ε of one recorded answer (local differential privacy), exact from the spinner; "
             "empty for a direct question |",
             "| subgroup | `all` for every answer; with `--by FIELD`, `FIELD=CHOICE` for the respondents "
             "who gave CHOICE "
             "to the direct question FIELD (`FIELD=(unknown)`: their interview's start record is missing) |",
             "| category | the answer: `no`/`yes` for a yes/no question, else a choice id |",
             "| n | recorded answers to the question in this subgroup |",
             "| reported | how many of them were recorded as this category (after the spinner) |",
             "| estimate | estimated share of respondents for whom this category is true (0–1) |",
             "| se | its standard error (delta method) |",
             "| ci_low, ci_high | its 95 % confidence interval, inside [0, 1] |", "",
             "## answers.csv", "",
             "One row per recorded answer to a randomized question (declined and abandoned questions "
             "have no row). The answer is what the spinner made the respondent record, never the true "
             "answer: it says little about one person, only the counts over many answers are informative.", "",
             "| column | meaning |", "| --- | --- |",
             "| survey | the survey id |",
             "| device | the laptop's random id (32 hex digits) |",
             "| log | the log's random id on that laptop |",
             "| seq | the record's number in its log (from 0); `device`, `log`, `seq` identify a record |",
             "| interview | the interview's number on that laptop (`device`, `interview` identify an interview) |",
             "| question | the question's id |",
             "| design | the design (see above) |",
             "| answer | the recorded answer: `no`/`yes`, or a choice id |",
             "| p_truth | chance the spinner said \"answer truthfully\": Warner's *p*, the unrelated design's *p*, "
             "the truth probability of forced and k-ary designs |",
             "| p_yes, p_no | forced design: chance the spinner said \"say YES\" / \"say NO\" |",
             "| prevalence | unrelated design: the known share of YES to the other (innocuous) question |",
             "| k | number of answers (2 for yes/no) |",
             "| p_say | k-ary design: chance the spinner said \"say CHOICE\", per choice in choice order, "
             "`;`-separated |"]
    lines += [f"| {DIRECT_PREFIX}{qid} | the respondent's answer to the direct question `{qid}` "
              f"(one of {', '.join(survey.question(qid).choices or ('yes', 'no'))}) |" for qid in direct]
    lines += ["", "## This survey's designs", "",
              "| question | design | ε | p_truth | p_yes | p_no | prevalence | k | p_say |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for q in survey.randomized:
        p = reports.design_parameters(q)
        lines.append(f"| {q.id} | {q.kind} | {q.design.epsilon:.6g} | " +  # type: ignore[union-attr]
                     " | ".join(_short(p[k]) for k in ("p_truth", "p_yes", "p_no", "prevalence", "k", "p_say")) + " |")
    lines += ["", f"Total ε per respondent (sum over the randomized questions): "
              f"{survey.epsilon_per_respondent:.4f} (cap {survey.max_epsilon:g}).", "",
              "## Fitting models in R", "",
              "With RRreg (Heck & Moshagen 2018), for one question, code the answer as 0/1 (`yes` = 1) or as "
              "0…k−1 in choice order, and give the design's parameters:", "", "```r",
              "library(RRreg)", 'a <- read.csv("answers.csv")',
              'u <- subset(a, question == "QUESTION")',
              "# forced:    RRuni(u$answer == \"yes\", model = \"FR\", p = c(u$p_no[1], u$p_yes[1]))",
              "# warner:    RRuni(u$answer == \"yes\", model = \"Warner\", p = u$p_truth[1])",
              "# unrelated: RRuni(u$answer == \"yes\", model = \"UQTknown\", p = c(u$p_truth[1], u$prevalence[1]))",
              "# kary:      RRuni(match(u$answer, CHOICES) - 1, model = \"FR\",",
              "#                  p = as.numeric(strsplit(u$p_say[1], \";\")[[1]]))",
              "```", "",
              "RRlog / RRlin take the same `model` and `p` with predictors, e.g. the `direct_…` columns.", ""]
    return "\n".join(lines)


def _short(value: object) -> str:
    if value == "":
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, str) and ";" in value:
        return "; ".join(f"{float(v):.6g}" for v in value.split(";"))
    return str(value)
