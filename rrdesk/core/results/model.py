"""The coordinator's results: every question's estimate, overall and by subgroup, as data.

Pure: counts in, :class:`Results` out, and each design's parameters as R's ``rr`` and
``RRreg`` take them. The numbers come from :func:`rrdesk.core.estimate._estimate.estimate`; this
module only arranges them. A direct question (asked in the clear) gets plain sample
proportions. How results are written out lives beside it: :mod:`.contracts` (JSON),
:mod:`.tables` (CSV), :mod:`.codebook`, :mod:`.html`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from rrdesk.core import cdm, uqt
from rrdesk.core.cdm import CheatingEstimate
from rrdesk.core.cdm import estimate as cdm_estimate
from rrdesk.core.design import Act
from rrdesk.core.estimate import Estimate, Weighted, estimate, noncompliance
from rrdesk.core.results.fitting import ModelResult
from rrdesk.core.survey import SKIPPED_GROUP, Question, Survey
from rrdesk.core.uqt import UnknownEstimate

#: Below this many answers a subgroup's estimate is flagged: its interval is wide and the
#: standard error's normal approximation is rough (a common rule of thumb, e.g. Agresti 2013).
SMALL_GROUP = 30
#: Over this many subgroups (``--by`` a site or village: up to 200) the report and the terminal
#: show the groups of at least :data:`SMALL_GROUP` answers and fold the small ones into one
#: table (report) or one line (terminal); the CSVs and the JSON always hold every group.
#: Why 12: as many as a choice question's answers, what one chart shows legibly.
FOLD_OVER = 12
#: Why an estimate is null in the JSON and blank in estimates.csv.
EMPTY = "no answers in this subgroup: nothing to estimate"
UNKNOWN_GROUP = ""  # answers whose interview's start record (with the direct answers) is missing


@dataclass(frozen=True)
class Group:
    """One subgroup's estimate: ``name`` is an answer of the ``by`` question, or
    :data:`UNKNOWN_GROUP`; ``warning`` is "" unless the subgroup is small."""

    name: str
    estimate: Estimate
    warning: str
    weighted: Weighted | None = None  # with [weight] or [sample]: the subgroup's design-based estimate


def folded(groups: tuple[Group, ...]) -> tuple[tuple[Group, ...], tuple[Group, ...]]:
    """(the groups to show, the small ones to fold): every group when there are at most
    :data:`FOLD_OVER`, else those with at least :data:`SMALL_GROUP` answers and the rest, each
    in the ``by`` question's order."""
    if len(groups) <= FOLD_OVER:
        return groups, ()
    return (tuple(g for g in groups if g.estimate.n >= SMALL_GROUP),
            tuple(g for g in groups if g.estimate.n < SMALL_GROUP))


@dataclass(frozen=True)
class QuestionResult:
    """One question: its estimate over every answer, and per subgroup with ``--by``.

    ``declined``: respondents who chose not to answer; ``abandoned``: interviews that ended
    before the question was spun (not reached); ``abandoned_after_spin``: interviews that
    ended after its spin and before its answer. The three never overlap. Many stops after the
    spin hint at a bias: respondents who quit rather than record a forced answer.
    """

    question: Question
    labels: tuple[str, ...]
    epsilon: float | None
    estimate: Estimate
    declined: int = 0
    abandoned: int = 0
    groups: tuple[Group, ...] = ()
    abandoned_after_spin: int = 0
    noncompliance: str = ""
    weighted: Weighted | None = None  # with the survey's [weight]: the weighted estimate
    weight_left_out: int = 0  # answers whose weight is unknown (no start record), left out of it
    cheating: CheatingEstimate | None = None  # a cheating-detection question's three shares
    innocuous: UnknownEstimate | None = None  # an unrelated_unknown question's two shares (π, π_u)

    @property
    def yes_no(self) -> bool:
        """A yes/no question (a number question has its bins, as choices)."""
        return not self.question.choices and self.question.number is None


@dataclass(frozen=True)
class Results:
    """A survey's results, in the survey's question order."""

    survey: Survey
    questions: tuple[QuestionResult, ...]
    records: int
    interviews: int
    devices: int
    by: str | None = None
    model: ModelResult | None = None  # with ``aggregate --model``
    refused: int = 0  # interviews whose respondent said No to the consent (counted in interviews)

    @property
    def response_rate(self) -> float | None:
        """The share of interviews begun whose respondent consented (None without interviews):
        a refusal is non-response."""
        return (self.interviews - self.refused) / self.interviews if self.interviews else None


def results(survey: Survey, counts: Mapping[str, Mapping[str | None, Sequence[int]]], *,
            by: str | None = None, not_answered: Mapping[str, Mapping[str, int]] | None = None,
            records: int = 0, interviews: int = 0, devices: int = 0, refused: int = 0) -> Results:
    """Estimate every question of ``survey`` from its counts of recorded answers.

    Parameters
    ----------
    survey : Survey
    counts : mapping
        Question id → ``{None: counts}`` for the whole sample (NO, YES or the choices, in
        order); with ``by`` also one entry per answer of ``by``, and :data:`UNKNOWN_GROUP`
        for answers whose interview's subgroup is not known.
    by : str, optional
        The id of a direct question whose answers split the sample.
    not_answered : mapping, optional
        Question id → ``{"declined": n, "abandoned": n, "abandoned_after_spin": n}``
        (:class:`QuestionResult`).
    records, interviews, devices, refused : int
        Carried into the results (``refused``: interviews refused at the consent screen).

    Raises
    ------
    KeyError
        ``by`` is not a direct question of ``survey``.
    """
    if by is not None and survey.question(by).design is not None:
        raise KeyError(by)
    found = []
    for q in survey.questions:
        per = counts[q.id]
        labels = q.groups  # a direct number question: its bins
        overall = _estimate(q, per[None])
        groups: tuple[Group, ...] = ()
        if by is not None and q.id != by:  # why: a question split by itself says nothing new
            names = list(survey.question(by).groups) + [SKIPPED_GROUP, UNKNOWN_GROUP]
            groups = tuple(_group(q, name, per[name]) for name in names if name in per
                           and (name not in (SKIPPED_GROUP, UNKNOWN_GROUP) or sum(per[name]) > 0))
        skipped = (not_answered or {}).get(q.id, {})
        found.append(QuestionResult(q, ("no", "yes") if q.two_groups else labels,
                                    None if q.design is None else q.epsilon, overall,
                                    skipped.get("declined", 0), skipped.get("abandoned", 0), groups,
                                    skipped.get("abandoned_after_spin", 0), compliance_note(q, overall),
                                    cheating=cheating_of(q, per[None]), innocuous=innocuous_of(q, per[None])))
    return Results(survey, tuple(found), records, interviews, devices, by, refused=refused)


def _estimate(q: Question, counts: Sequence[int]) -> Estimate:
    """:func:`estimate`, and for a cheating-detection question its truthful-YES share as the
    YES estimate (the counts are NO, YES in group A, then in group B)."""
    if q.kind == "unrelated_unknown":
        return _unknown_estimate(q, counts)
    if q.kind != "cdm":
        return estimate(q.design, list(counts), question=q.id)
    pooled = (int(counts[0]) + int(counts[2]), int(counts[1]) + int(counts[3]))
    found = cheating_of(q, counts)
    if found is None:
        return Estimate(q.id, "cdm", sum(pooled), pooled, (0.5, 0.5), (0.5, 0.5), ((0.0, 1.0), (0.0, 1.0)),
                        "cheating detection: a group without answers, nothing to estimate")
    p, se, (lo, hi) = found.estimate["truthful_yes"], found.se["truthful_yes"], found.ci95["truthful_yes"]
    return Estimate(q.id, "cdm", sum(pooled), pooled, (1 - p, p), (se, se), ((1 - hi, 1 - lo), (lo, hi)),
                    "cheating detection (Clark & Desharnais 1998): YES is the share of honest respondents "
                    "with the trait, by maximum likelihood on two groups; delta-method Wald interval")


def cheating_of(q: Question, counts: Sequence[int]) -> CheatingEstimate | None:
    """The truthful-YES, honest-NO and cheating shares of a cdm question (None otherwise, or
    when a group has no answers)."""
    if q.kind != "cdm" or q.design is None:
        return None
    n = (int(counts[0]) + int(counts[1]), int(counts[2]) + int(counts[3]))
    if min(n) == 0:
        return None
    return cdm_estimate(cdm.of_design(q.design), (int(counts[1]), int(counts[3])), n)


def _unknown_estimate(q: Question, counts: Sequence[int]) -> Estimate:
    """An unrelated_unknown question's sensitive share as its YES estimate (the counts are NO,
    YES in group A, then in group B)."""
    pooled = (int(counts[0]) + int(counts[2]), int(counts[1]) + int(counts[3]))
    found = innocuous_of(q, counts)
    if found is None:
        return Estimate(q.id, q.kind, sum(pooled), pooled, (0.5, 0.5), (0.5, 0.5), ((0.0, 1.0), (0.0, 1.0)),
                        "unrelated question, unknown prevalence: a group without answers, nothing to estimate")
    p, se, (lo, hi) = found.estimate["pi"], found.se["pi"], found.ci95["pi"]
    return Estimate(q.id, q.kind, sum(pooled), pooled, (1 - p, p), (se, se), ((1 - hi, 1 - lo), (lo, hi)),
                    "unrelated question with an unknown innocuous prevalence (Greenberg et al. 1969): two "
                    "groups, maximum likelihood; exact interval from both groups' Blaker intervals")


def innocuous_of(q: Question, counts: Sequence[int]) -> UnknownEstimate | None:
    """The sensitive and innocuous shares of an unrelated_unknown question (None otherwise, or
    when a group has no answers)."""
    if q.kind != "unrelated_unknown" or q.design is None or q.unrelated_between is None:
        return None
    n = (int(counts[0]) + int(counts[1]), int(counts[2]) + int(counts[3]))
    if min(n) == 0:
        return None
    a, b = q.group_spinners
    return uqt.estimate(uqt.pair(a, b, q.unrelated_between), (int(counts[1]), int(counts[3])), n)


def compliance_note(q: Question, e: Estimate) -> str:
    """"" unless a recorded share lies outside what the spinner can produce beyond chance
    (:func:`rrdesk.core.estimate._estimate.noncompliance`): then one sentence naming it, the classic sign
    of respondents who ignore the spinner (John et al. 2018; Höglinger & Jann 2018)."""
    if q.two_groups:  # cdm: its cheating share says more than one spinner's reach; both: two spinners
        return ""
    flagged = noncompliance(q.design, e.reported)
    if not flagged or q.design is None:
        return ""
    matrix = q.design.matrix
    if not q.choices:
        flagged = (1,)  # yes/no: the YES share says it; NO is its mirror
    parts = []
    for j in flagged:
        column = [matrix[t, j] for t in range(matrix.shape[0])]
        share = e.reported[j] / e.n
        name = "YES" if not q.choices else repr(q.choices[j])
        low, high = min(column), max(column)
        side = f"below the {100 * low:.1f} %" if share < low else f"above the {100 * high:.1f} %"
        parts.append(f"the recorded {name} share ({100 * share:.1f} %) is {side} the spinner alone "
                     "can produce")
    return ("possible non-compliance: " + "; ".join(parts)
            + " -- respondents may not be following the spinner, and the estimate is at its bound")


def small_sample(n: int) -> str:
    """The warning for an estimate from ``n`` answers: "" unless n < :data:`SMALL_GROUP` (a
    subgroup's, and a whole question's headline estimate, which the report and the Results view
    flag too when it has any answer)."""
    if n >= SMALL_GROUP:
        return ""
    return f"only {n} answer{'s' if n != 1 else ''} (under {SMALL_GROUP}): the interval is wide and only a rough guide"


def _group(q: Question, name: str, counts: Sequence[int]) -> Group:
    e = _estimate(q, counts)
    return Group(name, e, small_sample(e.n))


def design_parameters(q: Question) -> dict[str, Any]:
    """The spinner's probabilities, as R's ``rr`` and ``RRreg`` take them ("" where a
    parameter does not apply). Exact to the float: from the integer sector weights.

    ``p_truth`` is the chance of "answer truthfully" (Warner's ``p``, the unrelated
    design's ``p``, the k-ary truth probability); ``p_yes``/``p_no`` the forced
    answers; ``prevalence`` the unrelated question's known YES share; ``k`` the number
    of answers and ``p_say`` the chance of each forced choice (k-ary, ``;``-separated).
    """
    params: dict[str, Any] = {"p_truth": "", "p_yes": "", "p_no": "", "prevalence": "", "k": "", "p_say": ""}
    d = q.design
    if d is None:
        return params
    params["p_truth"] = d.truth_probability
    params["k"] = d.categories
    say = [0.0] * d.categories
    for s in d.sectors:
        if s.instruction.act is Act.SAY:
            say[s.instruction.value] += s.probability
    if d.kind == "forced":
        params["p_no"], params["p_yes"] = say[0], say[1]
    elif d.kind == "unrelated" and q.kind == "unrelated":  # unrelated_unknown: its prevalence is estimated
        params["prevalence"] = d.prevalence / 2**32
    elif d.kind == "kary":
        params["p_say"] = ";".join(repr(p) for p in say)
    return params


def answer_parameters(q: Question) -> dict[str, Any]:
    """The columns of ``answers.csv`` that R's and Stata's commands take as they are ("" where
    they do not apply): ``choices``, the answers in code order (``no;yes`` or the choice ids),
    ``p_yes_given_no`` and ``p_yes_given_yes`` (every yes/no design's P(recorded YES | truth)),
    and Stata ``rrlogit``'s ``pyes``/``pno`` (every yes/no design but Warner's: P(YES | NO)
    and P(NO | YES), the "forced" answers of the equivalent forced-response design) or
    ``pwarner`` (Warner's p)."""
    params: dict[str, Any] = {"choices": ";".join(q.choices or ("no", "yes")), "p_yes_given_no": "", "p_yes_given_yes": "",
                              "pyes": "", "pno": "", "pwarner": ""}
    d = q.design
    if d is None or d.categories != 2 or q.kind == "unrelated_unknown":  # its P(YES | truth) rest on an unknown π_u
        return params
    m = d.exact_matrix
    params["p_yes_given_no"], params["p_yes_given_yes"] = float(m[0][1]), float(m[1][1])
    if d.kind == "warner":
        params["pwarner"] = d.truth_probability
    else:
        params["pyes"], params["pno"] = float(m[0][1]), float(m[1][0])
    return params
