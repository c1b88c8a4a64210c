"""The two CSV files of a report, as text: ``estimates.csv`` and ``answers.csv``.

``estimates.csv`` has one row per question × category × subgroup; ``answers.csv`` one row
per recorded answer, with the design's parameters and the interview's direct answers, for
R's ``rr``/``RRreg`` or Stata. :mod:`.codebook` says what every column means. Pure: the
text is returned; :mod:`rrdesk.app.aggregate` writes it to disk.
"""
from __future__ import annotations

import csv
import io
from dataclasses import replace
from typing import Any, Iterable, Mapping, Protocol, Sequence

from rrdesk.core.fieldwork import Fieldwork
from rrdesk.core.results import fitting
from rrdesk.core.results.fitting import ModelResult
from rrdesk.core.results.model import EMPTY, UNKNOWN_GROUP, Results, answer_parameters, design_parameters
from rrdesk.core.survey import Survey

__all__ = ["ANSWER_COLUMNS", "DIRECT_PREFIX", "ESTIMATE_COLUMNS", "MODEL_COLUMNS", "answers_csv", "estimate_rows",
           "estimates_csv", "model_csv"]

ESTIMATE_COLUMNS = ("question", "design", "epsilon", "subgroup", "category", "n", "reported",
                    "estimate", "se", "ci_low", "ci_high", "note")
ANSWER_COLUMNS = ("survey", "device", "log", "seq", "interview", "question", "design", "answer",
                  "p_truth", "p_yes", "p_no", "prevalence", "k", "p_say",
                  "respondent", "answer_code", "choices", "p_yes_given_no", "p_yes_given_yes", "pyes", "pno", "pwarner",
                  "weight", "group", "day", "interviewer", "version")
MODEL_COLUMNS = ("term", "estimate", "se", "z", "p_value", "odds_ratio", "or_low", "or_high")
DIRECT_PREFIX = "direct_"  # why: a direct question's id could be "answer" or "seq"; never clash


def estimate_rows(results: Results) -> list[dict[str, Any]]:
    """``estimates.csv``: one row per question × category × subgroup ("all" first)."""
    rows = []
    for r in results.questions:
        parts = [("all", r.estimate)] + [(_group_name(results.by, g.name), g.estimate) for g in r.groups]
        for subgroup, e in parts:
            for j, category in enumerate(r.labels):
                rows.append({"question": r.question.id, "design": r.question.kind,
                             "epsilon": "" if r.epsilon is None else r.epsilon, "subgroup": subgroup,
                             "category": category, "n": e.n, "reported": e.reported[j],
                             "estimate": e.estimate[j] if e.n else "", "se": e.se[j] if e.n else "",
                             "ci_low": e.ci95[j][0] if e.n else "", "ci_high": e.ci95[j][1] if e.n else "",
                             "note": "" if e.n else EMPTY})
        if r.weighted is not None:  # the survey's [weight]: subgroup "weighted", every category
            w = r.weighted
            left = f"; {r.weight_left_out} without a known weight left out" if r.weight_left_out else ""
            for j, category in enumerate(r.labels):
                rows.append({"question": r.question.id, "design": r.question.kind,
                             "epsilon": "" if r.epsilon is None else r.epsilon, "subgroup": "weighted",
                             "category": category, "n": w.n, "reported": "",
                             "estimate": float(w.estimate[j]), "se": float(w.se[j]),
                             "ci_low": float(w.ci95[j][0]), "ci_high": float(w.ci95[j][1]),
                             "note": f"survey weights: Hájek ratio, linearized SE, Korn-Graubard interval; "
                                     f"effective n {float(w.n_effective[j]):.1f}{left}"})
        if r.cheating is not None:  # cheating detection: its three shares, subgroup "cdm"
            c = r.cheating
            for key in ("truthful_yes", "honest_no", "cheating"):
                rows.append({"question": r.question.id, "design": r.question.kind,
                             "epsilon": "" if r.epsilon is None else r.epsilon, "subgroup": "cdm",
                             "category": key, "n": sum(c.n), "reported": "", "estimate": c.estimate[key],
                             "se": c.se[key], "ci_low": c.ci95[key][0], "ci_high": c.ci95[key][1],
                             "note": f"Clark & Desharnais: groups of {c.n[0]} and {c.n[1]}"
                                     + ("; the moment solution left the triangle" if c.boundary else "")})
    return rows


def _group_name(by: str | None, name: str) -> str:
    return f"{by}=" + (name if name != UNKNOWN_GROUP else "(unknown)")


def estimates_csv(results: Results, by_version: Sequence[tuple[str, Results]] = ()) -> str:
    """``estimates.csv``; with ``by_version`` (survey versions that read differently), each
    version's rows follow, their subgroup ``version=V`` (``version=V, BY=…`` split by ``--by``)."""
    f = io.StringIO(newline="")
    out = csv.DictWriter(f, ESTIMATE_COLUMNS, lineterminator="\n")
    out.writeheader()
    out.writerows(estimate_rows(results))
    for version, found in by_version:
        out.writerows({**row, "subgroup": f"version={version}" + ("" if row["subgroup"] == "all" else f", {row['subgroup']}")}
                      for row in estimate_rows(found))
    return f.getvalue()


class RecordedAnswer(Protocol):
    """One recorded answer as ``answers.csv`` lists it (the store's collected ``Answer`` is one)."""

    @property
    def device(self) -> str: ...
    @property
    def log(self) -> str: ...
    @property
    def seq(self) -> int: ...
    @property
    def interview(self) -> int: ...
    @property
    def question(self) -> str: ...
    @property
    def answer(self) -> str: ...
    @property
    def day(self) -> str: ...
    @property
    def interviewer(self) -> str: ...
    @property
    def version(self) -> str: ...


def answers_csv(survey: Survey, answers: Iterable[RecordedAnswer],
                interviews: Mapping[tuple[str, int], Mapping[str, str]]) -> str:
    """``answers.csv``: ``answers`` are the store's recorded answers (``device``, ``log``, ``seq``,
    ``interview``, ``question``, ``answer``); ``interviews`` maps (device, interview) to its
    direct answers."""
    direct = [q.id for q in survey.direct]
    f = io.StringIO(newline="")
    out = csv.writer(f, lineterminator="\n")
    out.writerow(list(ANSWER_COLUMNS) + [DIRECT_PREFIX + qid for qid in direct])
    params = {q.id: list(design_parameters(q).values()) for q in survey.randomized}
    more = {q.id: list(answer_parameters(q).values()) for q in survey.randomized}
    codes = {q.id: {c: j for j, c in enumerate(q.answer_ids)} for q in survey.randomized}
    for q in survey.randomized:  # two groups: each group's spinner, and the answer as NO/YES with its group
        if q.two_groups:
            for g, spinner in zip("ab", q.group_spinners):
                shown = replace(q, design=spinner)
                params[f"{q.id}-{g}"] = list(design_parameters(shown).values())
                more[f"{q.id}-{g}"] = list(answer_parameters(shown).values())
    kinds = {q.id: q.kind for q in survey.questions}
    weight_of = dict(zip(survey.question(survey.weight_question).choices, survey.weights)) \
        if survey.weight_question else {}
    for a in answers:
        given = interviews.get((a.device, a.interview), {})
        answer, key, group, code = a.answer, a.question, "", codes[a.question][a.answer]
        if kinds[a.question] in ("cdm", "unrelated_unknown"):
            answer, _, group = a.answer.partition("-")
            key, code = f"{a.question}-{group}", code % 2
        out.writerow([survey.id, a.device, a.log, a.seq, a.interview, a.question, kinds[a.question], answer,
                      *params[key], f"{a.device}-{a.interview}", code, *more[key],
                      weight_of.get(given.get(survey.weight_question or "", ""), ""), group,
                      a.day, a.interviewer, a.version, *(given.get(qid, "") for qid in direct)])
    return f.getvalue()


FIELDWORK_COLUMNS = ("laptop", "interviewer", "version", "day", "started", "completed", "stopped", "refused",
                     "synthetic", "records")


def fieldwork_csv(work: Fieldwork) -> str:
    """``fieldwork.csv``: one row per laptop, interviewer, survey version and day, with the
    counts and, per randomized question, ``declined_QID`` and ``abandoned_QID``."""
    f = io.StringIO(newline="")
    out = csv.writer(f, lineterminator="\n")
    out.writerow([*FIELDWORK_COLUMNS, *(f"declined_{q}" for q in work.questions),
                  *(f"abandoned_{q}" for q in work.questions)])
    for r in work.rows:
        counts = r.counts.as_json()
        out.writerow([r.laptop, r.interviewer, r.version, r.day, *(counts[c] for c in FIELDWORK_COLUMNS[4:]),
                      *(r.declined[q] for q in work.questions), *(r.abandoned[q] for q in work.questions)])
    return f.getvalue()


def model_csv(result: ModelResult) -> str:
    """``model.csv`` (with ``--model``): one row per coefficient, intercept first."""
    f = io.StringIO(newline="")
    out = csv.DictWriter(f, MODEL_COLUMNS, lineterminator="\n")
    out.writeheader()
    # a cheating share's row has no odds ratio (and at its edge no SE): empty cells, not "nan"
    out.writerows({k: "" if isinstance(v, float) and v != v else v for k, v in row.items()} for row in fitting.rows(result))
    return f.getvalue()
