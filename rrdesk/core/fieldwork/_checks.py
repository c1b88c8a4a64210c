"""The interviewer checks: flags with their figures, computed from counts alone.

Each check is a family of tests -- one per interviewer (and question) -- whose p-values are
adjusted with Holm's step-down (:func:`rrdesk.core.fieldwork._stats.holm`), so that with every
interviewer honest the chance that a check flags *anyone* stays at or under ``alpha`` (5 %).
A flag is a figure and a plain sentence, never a verdict: each sentence says what else
produces the same pattern.

Impossible rates
    A randomized question's spinner bounds each recorded answer's share whatever the truth:
    for a yes/no design ``P(NO) = (1 − π) P(NO | no) + π P(NO | yes)`` lies between the two
    for every true prevalence π. An interviewer's share above the upper bound (or below the
    lower) is tested with the exact binomial tail at the bound -- the least favourable truth,
    so the test holds its level for every true prevalence. A k-ary question is tested per
    answer (its bounds are the column's least and largest ``P(report | truth)``); a
    cheating-detection question per group (each group's own spinner). The tests of one
    question are combined by Bonferroni before Holm runs across interviewers and questions.
Heterogeneity
    Each interviewer's recorded answers against the other interviewers' (a 2 × k table,
    Pearson's chi-square); with ``--by`` the generalized Cochran–Mantel–Haenszel test over its
    groups, so interviewers working different areas are compared within areas. A flag also
    needs the interviewers × answers test to find a difference at all (the larger p-value
    counts), and Holm's step-down leaves each flagged interviewer out of the others' pool.
    Effect size: Cramér's V (and for yes/no the two YES shares).
Direct questions
    The same comparison for each question asked directly (a number question by its bins),
    said as "more concentrated" or "more evenly spread" than the others' by the two
    distributions' entropy; and for integer questions the last digits against the others'
    (digit preference, heaping on 0 and 5).
Pace
    Interviews per working day, and the recorded interview durations, each against the
    other interviewers' (two-sided Mann–Whitney U, normal approximation with tie and
    continuity corrections), gated by the Kruskal–Wallis test across all interviewers and
    stepped down as heterogeneity is.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable, Mapping, Sequence

import numpy as np

from rrdesk.core.fieldwork._stats import (
    binomial_lower,
    binomial_upper,
    chi2_table,
    chi2_upper,
    cmh,
    holm,
    kruskal_wallis,
    mann_whitney,
)
from rrdesk.core.survey import Question

ALPHA = 0.05  # the family-wise false-alarm level of each check
MIN_DAYS = 3  # why: a rank test on fewer working days than this says nothing
MIN_DURATIONS = 5
MIN_DIGITS_RANGE = 20  # why: an integer range narrower than this has no last-digit distribution to prefer


@dataclass(frozen=True)
class Arm:
    """What one spinner can produce: the answers it records (indices of the question's
    answers) and ``P(report | truth)`` over them (``matrix[truth, j]`` for ``answers[j]``)."""

    answers: tuple[int, ...]
    matrix: np.ndarray


def arms_of(question: Question) -> tuple[Arm, ...]:
    """The spinners of a randomized survey question: one arm over all its answers; a
    cheating-detection question's two groups, each over its own two answers (``no-a``,
    ``yes-a``; ``no-b``, ``yes-b``)."""
    assert question.design is not None
    if question.kind == "cdm":
        from rrdesk.core import cdm  # why here: cdm needs the estimators, the checks alone do not

        a, b = cdm.of_design(question.design).groups
        return (Arm((0, 1), a.matrix), Arm((2, 3), b.matrix))
    if question.kind == "unrelated_unknown":  # its rates rest on an unknown π_u: any rate is possible
        return (Arm((0, 1), np.eye(2)), Arm((2, 3), np.eye(2)))
    return (Arm(tuple(range(len(question.answer_ids))), question.design.matrix),)


@dataclass(frozen=True)
class RandomizedCounts:
    """A randomized question's recorded answers per interviewer (counts per answer index), its
    spinners, and with ``--by`` the same counts per group (group → interviewer → counts)."""

    id: str
    answers: tuple[str, ...]
    arms: tuple[Arm, ...]
    counts: Mapping[str, Sequence[int]]
    by: Mapping[str, Mapping[str, Sequence[int]]] = field(default_factory=dict)


@dataclass(frozen=True)
class DirectCounts:
    """A direct question's answers per interviewer (counts per answer or bin), and for an
    integer question the counts of each last digit 0–9."""

    id: str
    answers: tuple[str, ...]
    counts: Mapping[str, Sequence[int]]
    last_digits: Mapping[str, Sequence[int]] = field(default_factory=dict)


@dataclass(frozen=True)
class Flag:
    """One check that found an interviewer far from what is expected: which check, which
    question (None: none), its figure (what the sentence quotes first), the test's p-value
    and its Holm-adjusted value (flagged when that is ≤ α), and the sentence."""

    interviewer: str
    check: str
    question: str | None
    figure: float
    p_value: float
    adjusted: float
    sentence: str

    def as_json(self) -> dict[str, object]:
        return {"check": self.check, "question": self.question, "figure": round(self.figure, 4),
                "p_value": _p(self.p_value), "p_adjusted": _p(self.adjusted), "sentence": self.sentence}


def _p(p: float) -> float:
    return float(f"{p:.3g}")


@dataclass(frozen=True)
class _Test:
    interviewer: str
    question: str | None
    figure: float
    p: float
    sentence: str


def _flags(check: str, tests: Sequence[_Test], alpha: float) -> list[Flag]:
    adjusted = holm([t.p for t in tests])
    return [Flag(t.interviewer, check, t.question, t.figure, t.p, a, t.sentence + f" (adjusted p = {_p(a):g})")
            for t, a in zip(tests, adjusted) if a <= alpha]


def _share(x: float) -> str:
    return f"{100 * x:.0f} %"


# -- impossible rates ----------------------------------------------------------------------------

def _said(label: str) -> str:
    return label.upper() if label in ("no", "yes") else repr(label)


def _arm_tests(counts: Sequence[int], arm: Arm, labels: Sequence[str]) -> list[tuple[float, float, str]]:
    """(p-value, observed share, sentence part) per answer of the arm outside its bounds."""
    found: list[tuple[float, float, str]] = []
    x = [int(counts[a]) for a in arm.answers]
    n = sum(x)
    if n == 0:
        return found
    columns = arm.matrix.shape[1]
    for j in range(columns if columns > 2 else 1):  # why: with two answers one answer's bounds say all
        low, high = float(arm.matrix[:, j].min()), float(arm.matrix[:, j].max())
        share = x[j] / n
        if share > high:
            found.append((binomial_upper(x[j], n, high), share,
                          f"{_share(share)} of {n} answers are {_said(labels[arm.answers[j]])}, where the spinner "
                          f"gives at most {_share(high)} whatever the truth"))
        elif share < low:
            found.append((binomial_lower(x[j], n, low), share,
                          f"{_share(share)} of {n} answers are {_said(labels[arm.answers[j]])}, where the spinner "
                          f"gives at least {_share(low)} whatever the truth"))
    return found


def _tests_per_arm(arm: Arm) -> int:
    return 2 if arm.matrix.shape[1] <= 2 else 2 * arm.matrix.shape[1]


def impossible_rates(questions: Sequence[RandomizedCounts], alpha: float = ALPHA) -> list[Flag]:
    """Interviewers whose recorded shares no true prevalence explains (module docstring)."""
    tests = []
    for q in questions:
        m = sum(_tests_per_arm(a) for a in q.arms)
        for who, counts in sorted(q.counts.items()):
            found = [t for arm in q.arms for t in _arm_tests(counts, arm, q.answers)]
            if not found:
                tests.append(_Test(who, q.id, 0.0, 1.0, ""))
                continue
            p, share, said = min(found)
            p = min(1.0, m * p)
            tests.append(_Test(who, q.id, share, p, f"{q.id}: {said} (p = {_p(p):g}). Respondents told to say "
                               "NO, answers entered without spinning, or respondents who ignore the spinner give "
                               "this pattern"))
    return _flags("impossible_rate", tests, alpha)


# -- heterogeneity ---------------------------------------------------------------------------------

def _versus_others(who: str, counts: Mapping[str, Sequence[int]]) -> np.ndarray:
    mine = np.asarray(counts[who], dtype=float)
    others = sum((np.asarray(c, dtype=float) for w, c in counts.items() if w != who), np.zeros_like(mine))
    return np.stack((mine, others))


def _compare(who: str, counts: Mapping[str, Sequence[int]],
             strata: Mapping[str, Mapping[str, Sequence[int]]]) -> tuple[float, int, int, np.ndarray]:
    """Chi-square, df and total of ``who`` against the others (with strata: the generalized
    Cochran–Mantel–Haenszel statistic over them), and the unstratified 2 × k table."""
    whole = _versus_others(who, counts)
    if not strata:
        chi2, df, n = chi2_table(whole)
        return chi2, df, n, whole
    tables = [_versus_others(who, group) for group in strata.values() if who in group and len(group) > 1]
    chi2, df = cmh(tables)
    return chi2, df, int(sum(t.sum() for t in tables)), whole


def _overall(counts: Mapping[str, Sequence[int]], strata: Mapping[str, Mapping[str, Sequence[int]]]) -> float:
    """The p-value of the interviewers × answers test (with strata: the generalized
    Cochran–Mantel–Haenszel test over them): do the interviewers differ at all?"""
    if not strata:
        chi2, df, _ = chi2_table(np.array([counts[w] for w in sorted(counts)], dtype=float))
    else:
        who = sorted({w for group in strata.values() for w in group})
        width = len(next(iter(counts.values())))
        chi2, df = cmh([np.array([group.get(w, [0] * width) for w in who], dtype=float) for group in strata.values()])
    return chi2_upper(chi2, df) if df else 1.0


Sentence = Callable[[str, str, Sequence[str], np.ndarray, float, float, bool], str]
Compared = tuple[str, Sequence[str], Mapping[str, Sequence[int]], Mapping[str, Mapping[str, Sequence[int]]]]


def _against_others(qid: str, labels: Sequence[str], counts: Mapping[str, Sequence[int]],
                    strata: Mapping[str, Mapping[str, Sequence[int]]], sentence: Sentence) -> list[_Test]:
    if len(counts) < 2:
        return []
    overall = _overall(counts, strata)
    tests = []
    for who in sorted(counts):
        chi2, df, n, table = _compare(who, counts, strata)
        if df == 0 or n == 0:
            continue
        p = max(chi2_upper(chi2, df), overall)  # why: a flag needs the interviewers to differ at all, too
        v = math.sqrt(chi2 / n)  # Cramér's V of a 2 × k table (min(2, k) − 1 = 1)
        tests.append(_Test(who, qid, v, p, sentence(who, qid, labels, table, v, p, bool(strata))))
    return tests


def _stepwise(check: str, items: Sequence[Compared], sentence: Sentence, alpha: float) -> list[Flag]:
    """Each interviewer against the others, per question, Holm's step-down over the family: the
    most significant flag is taken, its interviewer leaves that question's pool of "others" (an
    interviewer far off would otherwise make the honest ones look off against it), and the rest
    are tested again with one test fewer. With every interviewer honest the first step is
    Holm's own, so the family-wise false-alarm rate is at most ``alpha``."""
    out: dict[str, set[str]] = {qid: set() for qid, *_ in items}
    flags: list[Flag] = []
    while True:
        tests = []
        for qid, labels, counts, strata in items:
            gone = out[qid]
            tests += _against_others(qid, labels, {w: c for w, c in counts.items() if w not in gone},
                                     {g: {w: c for w, c in grp.items() if w not in gone} for g, grp in strata.items()},
                                     sentence)
        tests = [t for t in tests if t.interviewer not in out[t.question or ""]]
        if not tests:
            return flags
        adjusted = holm([t.p for t in tests])
        best = min(range(len(tests)), key=lambda i: (adjusted[i], tests[i].p))
        if adjusted[best] > alpha:
            return flags
        t = tests[best]
        a = max([adjusted[best], *(f.adjusted for f in flags)])  # why: step-down adjusted p-values never decrease
        flags.append(Flag(t.interviewer, check, t.question, t.figure, t.p, a, t.sentence + f" (adjusted p = {_p(a):g})"))
        out[t.question or ""].add(t.interviewer)


def _spread(who: str, qid: str, labels: Sequence[str], table: np.ndarray, v: float, p: float,
            stratified: bool) -> str:
    mine, others = (row / max(row.sum(), 1.0) for row in table)
    spread = "more concentrated" if _entropy(mine) < _entropy(others) else "more evenly spread"
    top = int(np.argmax(mine))
    return (f"{qid}: {who}'s answers are {spread} than the other interviewers' ({_share(mine[top])} "
            f"{labels[top]!r} against {_share(others[top])}; Cramér's V {v:.2f}, p = {_p(p):g}). Real "
            "differences between the areas interviewers work in show here too")


def _differs(who: str, qid: str, labels: Sequence[str], table: np.ndarray, v: float, p: float,
             stratified: bool) -> str:
    mine, others = (row / max(row.sum(), 1.0) for row in table)
    if len(labels) == 2:
        said = f"YES {_share(mine[1])} against {_share(others[1])}"
    else:
        j = int(np.argmax(np.abs(mine - others)))
        said = f"{labels[j]!r} {_share(mine[j])} against {_share(others[j])}"
    within = ", compared within each --by group" if stratified else ""
    return (f"{qid}: {who}'s recorded answers differ from the other interviewers' ({said}{within}; Cramér's V "
            f"{v:.2f}, p = {_p(p):g}). Real differences between the areas or people interviewers reach show "
            "here too")


def _entropy(shares: np.ndarray) -> float:
    s = shares[shares > 0]
    return float(-(s * np.log(s)).sum())


def heterogeneity(questions: Sequence[RandomizedCounts], alpha: float = ALPHA) -> list[Flag]:
    """Interviewers whose recorded answers differ from the others' (module docstring)."""
    return _stepwise("heterogeneity", [(q.id, q.answers, q.counts, q.by) for q in questions], _differs, alpha)


# -- direct questions ------------------------------------------------------------------------------

def direct_distributions(questions: Sequence[DirectCounts], alpha: float = ALPHA) -> list[Flag]:
    """Interviewers whose direct answers are more concentrated or more evenly spread than the
    others' (a 2 × k chi-square against the others, per question)."""
    return _stepwise("direct_distribution", [(q.id, q.answers, q.counts, {}) for q in questions], _spread, alpha)


def _digits(who: str, qid: str, labels: Sequence[str], table: np.ndarray, v: float, p: float,
            stratified: bool) -> str:
    mine, others = (row / max(row.sum(), 1.0) for row in table)
    return (f"{qid}: {_share(mine[0] + mine[5])} of {who}'s answers end in 0 or 5, against "
            f"{_share(others[0] + others[5])} of the other interviewers' (last digits differ: p = {_p(p):g}). "
            "Respondents who round, as well as answers filled in without asking, show this")


def digit_preference(questions: Sequence[DirectCounts], alpha: float = ALPHA) -> list[Flag]:
    """Interviewers whose integer answers end in some digits more than the others' do (the
    figure: the share ending in 0 or 5)."""
    flags = _stepwise("digit_preference", [(q.id, tuple("0123456789"), q.last_digits, {}) for q in questions
                                           if q.last_digits], _digits, alpha)
    for i, f in enumerate(flags):  # the figure the sentence quotes first: the share ending in 0 or 5
        q = next(q for q in questions if q.id == f.question)
        row = np.asarray(q.last_digits[f.interviewer], dtype=float)
        flags[i] = replace(f, figure=float((row[0] + row[5]) / max(row.sum(), 1.0)))
    return flags


# -- pace ---------------------------------------------------------------------------------------

def _rank_stepwise(check: str, values: Mapping[str, Sequence[float]], least: int, said: str,
                   alpha: float) -> list[Flag]:
    """Each interviewer against the others (Mann–Whitney), gated by the Kruskal–Wallis test
    across all of them, Holm's step-down with each flagged interviewer leaving the others'
    pool (as :func:`_stepwise`). ``said`` holds ``{m}``, the median."""
    out: set[str] = set()
    flags: list[Flag] = []
    judged = {w: list(v) for w, v in values.items() if len(v) >= least}
    while True:
        left = {w: v for w, v in judged.items() if w not in out}
        if len(left) < 2:
            return flags
        overall = kruskal_wallis(list(left.values()))
        tests = []
        for who in sorted(left):
            mine = left[who]
            others = [v for w, vs in left.items() if w != who for v in vs]
            p = max(mann_whitney(mine, others)[0], overall)
            med_mine, med_others = float(np.median(mine)), float(np.median(others))
            tests.append(_Test(who, None, med_mine, p,
                               f"{who}: {said.format(m=f'{med_mine:g}')} (median), against {med_others:g} for "
                               f"the other interviewers (p = {_p(p):g}). Longer or shorter journeys, harder areas "
                               "or a different assignment show here too"))
        adjusted = holm([t.p for t in tests])
        best = min(range(len(tests)), key=lambda i: (adjusted[i], tests[i].p))
        if adjusted[best] > alpha:
            return flags
        t = tests[best]
        a = max([adjusted[best], *(f.adjusted for f in flags)])
        flags.append(Flag(t.interviewer, check, None, t.figure, t.p, a, t.sentence + f" (adjusted p = {_p(a):g})"))
        out.add(t.interviewer)


def pace(per_day: Mapping[str, Sequence[int]], alpha: float = ALPHA) -> list[Flag]:
    """Interviewers whose interviews per working day are far from the others'."""
    return _rank_stepwise("pace", per_day, MIN_DAYS, "{m} interviews per working day", alpha)


def durations(minutes: Mapping[str, Sequence[int]], alpha: float = ALPHA) -> list[Flag]:
    """Interviewers whose recorded interview durations are far from the others'."""
    return _rank_stepwise("duration", minutes, MIN_DURATIONS, "interviews of {m} minutes", alpha)


def all_checks(randomized: Sequence[RandomizedCounts], direct: Sequence[DirectCounts] = (),
               per_day: Mapping[str, Sequence[int]] | None = None,
               minutes: Mapping[str, Sequence[int]] | None = None, alpha: float = ALPHA) -> list[Flag]:
    """Every check's flags, each check at family-wise level ``alpha``."""
    return [*impossible_rates(randomized, alpha), *heterogeneity(randomized, alpha),
            *direct_distributions(direct, alpha), *digit_preference(direct, alpha),
            *pace(per_day or {}, alpha), *durations(minutes or {}, alpha)]
