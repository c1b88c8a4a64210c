"""The fieldwork table of an aggregation (:mod:`rrdesk.core.fieldwork`), fed from the collected
records, the bundles' manifests and the custody problems.

Point 5 of the fieldwork issue lives here: the custody checks report what they find as
problems, one per log, bundle or record (a restored copy recorded over, a clock turned, a
laptop's key replaced each give a few lines per bundle, damaged records one each);
:func:`custody_lines` gathers them per laptop, so that the fieldwork table shows one line per
laptop with what happened and how often. The problems themselves stay as they are, each with
its file and place.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

from rrdesk.core import fieldwork as fw
from rrdesk.core.problems import Problem
from rrdesk.store.collect import SurveyData

DIGITS_SPAN = 20  # why: an integer range narrower than this has no last digit to prefer


@dataclass(frozen=True)
class BundleFacts:
    """What a bundle's manifest says of its origin: its laptop (device id) and export time."""

    file: str
    device: str
    exported: str


_LAPTOP = re.compile(r"\blaptop ([0-9a-f]{8})\b")
# what happened, by the words the custody checks use (store/ledger.py, store/laptop.py,
# store/collect/_plan.py): the first kind whose words a problem holds
_KINDS = (
    ("restored", ("restored", "recorded over", "records removed", "is missing: an earlier bundle",
                  "differ from the same record", "differs from the same record")),
    ("clock", ("clock",)),
    ("unproven", ("is not enrolled", "unsigned (")),
    ("key", ("enrolled with key", "signed it", "signs another bundle", "trusted coordinator key", "trusts another coordinator key", "header signature",
             "sealed to", "names laptop")),
    ("synthetic", ("synthetic interview",)),
)
_SAID = {
    "restored": "an old copy restored, or records removed ({n} log or record finding(s): shorter, missing or "
                "recorded over since an earlier bundle)",
    "clock": "its clock turned back or ahead ({n} bundle(s) dated out of order)",
    "unproven": "its origin not proven ({n} bundle(s) unsigned or from a laptop not enrolled)",
    "key": "a key replaced or not its own ({n} finding(s): a bundle, log or survey signed by another key than "
           "enrolled, or records sealed to other recipients)",
    "records": "{n} damaged record(s) left out (their tags, chain or contents do not verify)",
    "other": "{n} other problem(s)",
}


def kind_of(problem: Problem) -> str:
    """What a custody problem says happened: restored, clock, key, synthetic, records (one
    record damaged) or other."""
    for kind, words in _KINDS:
        if any(w in problem.what for w in words):
            return kind
    return "records" if problem.record is not None else "other"


def custody_lines(problems: Sequence[Problem], device_of: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """Per laptop (device id, or its first 8 digits when only a message names it): one sentence
    per kind of event found, with how many problems say it."""
    found: dict[str, Counter[str]] = defaultdict(Counter)
    for p in problems:
        device = device_of.get(p.file)
        if device is None:
            named = _LAPTOP.search(p.what)
            device = next((d for d in device_of.values() if named and d.startswith(named[1])),
                          named[1] if named else None)
        if device is None:
            continue
        kind = kind_of(p)
        if kind != "synthetic":  # why: said by the laptop's own synthetic count
            found[device][kind] += 1
    order = list(_SAID)
    return {device: tuple(_SAID[k].format(n=n) for k, n in sorted(kinds.items(), key=lambda kn: order.index(kn[0])))
            for device, kinds in found.items()}


def _shared_rows(slots: np.ndarray) -> list[tuple[int, ...]]:
    """Each row of ``slots`` as a tuple, one tuple object per distinct row: interviews end in a
    few ways (most answer every question), so a million records' lines share a handful of
    tuples rather than holding one each (a list and a tuple an interview made the Results
    view's peak on a million records)."""
    if slots.shape[0] == 0:
        return []
    rows, inverse = np.unique(slots, axis=0, return_inverse=True)
    shared = [tuple(row) for row in rows.tolist()]
    return [shared[i] for i in inverse.reshape(-1).tolist()]


def fieldwork_of(data: SurveyData, *, by: str | None, names: Mapping[str, str], bundles: Sequence[BundleFacts],
                 problems: Sequence[Problem], include_synthetic: bool = False) -> fw.Fieldwork:
    """The fieldwork table of ``data``: its interviews by laptop (``names``: device id →
    enrollment name), interviewer, version and day; the laptops with their bundles and
    custody lines; the interviewer checks (stratified by ``by``); the progress."""
    def name(device: str) -> str:
        return names.get(device) or device[:8]

    survey = data.survey
    summary = data.interview_summary()
    questions = tuple(q.id for q in survey.randomized)
    durations = [None if m < 0 else m for m in summary.minutes.tolist()]
    laptop_of = [name(device) for device in data.device_ids]
    lines = [fw.InterviewLine(laptop_of[d], who, version, day, refused, synthetic, records, slots, duration)
             for d, who, version, day, refused, synthetic, records, slots, duration in zip(
                 summary.device.tolist(), summary.interviewer, summary.version, summary.day, summary.refused.tolist(),
                 summary.synthetic.tolist(), summary.records.tolist(), _shared_rows(summary.slots), durations)]
    device_of = {b.file: b.device for b in bundles}
    custody = custody_lines(problems, device_of)
    devices = list(dict.fromkeys([*data.device_ids, *(b.device for b in bundles), *data.synthetic]))
    laptops = []
    for device in devices:
        mine = tuple(fw.Bundle(b.file, b.exported) for b in sorted(bundles, key=lambda b: b.exported)
                     if b.device == device)
        said = custody.get(device, ()) or custody.get(device[:8], ())
        left_out = 0 if include_synthetic else int(data.synthetic.get(device, 0))
        laptops.append(fw.Laptop(name(device), device, mine, left_out, said))
    randomized = []
    for q in survey.randomized:
        split = data.per_interviewer(q.id, by=by)
        whole: dict[str, list[int]] = {}
        for group in split.values():
            for who, counts in group.items():
                whole[who] = [a + b for a, b in zip(whole.get(who, [0] * len(counts)), counts)]
        strata = {g: c for g, c in split.items() if g is not None} if by is not None else {}
        randomized.append(fw.RandomizedCounts(q.id, q.answer_ids, fw.arms_of(q), whole, strata))
    direct = []
    for q in survey.direct:
        if q.id == by:
            continue  # why: the strata themselves, areas interviewers are sent to
        per_who = data.per_interviewer(q.id).get(None, {})
        digits: dict[str, list[int]] = {}
        if q.number is not None and q.number.type == "integer" and q.number.high - q.number.low + 1 >= DIGITS_SPAN:
            digits = {who: [int(c) for c in np.bincount(np.abs(v) % 10, minlength=10)]
                      for who, v in data.number_values(q.id).items()}
        direct.append(fw.DirectCounts(q.id, data.labels(q.id), per_who, digits))
    groups: tuple[tuple[str, int], ...] = ()
    if by is not None:
        groups = _completed_by(data, by, lines)
    return fw.fieldwork(lines, questions, laptops, planned=survey.planned_respondents, by=by, groups=groups,
                        randomized=randomized, direct=direct)


def _completed_by(data: SurveyData, by: str, lines: Sequence[fw.InterviewLine]) -> tuple[tuple[str, int], ...]:
    """Completed interviews per answer (or bin) of ``by``."""
    summary = data.interview_summary()
    answers = data.direct_answers()
    q = data.survey.question(by)
    labels = list(data.labels(by))
    counted: Counter[str] = Counter()
    for d, number, line in zip(summary.device.tolist(), summary.number.tolist(), lines):
        if not line.completed:
            continue
        given = answers.get((data.device_ids[d], number), {}).get(by, "")
        if given == "":
            counted["(skipped)"] += 1
        elif q.number is not None:
            units = q.number.units(given)
            assert units is not None
            counted[labels[int(np.searchsorted(np.asarray(q.number.edges[1:]), units, side="right"))]] += 1
        else:
            counted[given] += 1
    return tuple((g, counted[g]) for g in labels) + ((("(skipped)", counted["(skipped)"]),)
                                                    if counted["(skipped)"] else ())
