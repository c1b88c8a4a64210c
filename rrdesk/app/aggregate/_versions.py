"""The survey versions an aggregation's records name (issue 14; docs/survey-format.md, "version").

Which copy of each version is trusted is decided with the plan
(:class:`rrdesk.store.collect.VersionTrust`, from the bundles' indexes: the survey file given, the
copies the signing key signed, else the copy most used bundles hold). :func:`sort_out` applies
it to the records once they are counted -- which versions they name is known only then -- and
decides what is estimated:

Records of an untrusted version
    left out, with a problem, unless ``--accept-unverified`` (then read with the copy the plan
    names). Records from before versions were recorded (``rrdesk-record/2``: no version) count
    as the deciding copy's version.
What splits
    Versions whose randomized questions read the same -- for every randomized question its
    text, its negated statement (Warner), its innocuous question (unrelated) and its answer
    labels, in every language (a language added or removed is a difference) -- are pooled, and
    the report names them. A changed title, consent, respondent wording, direct question or
    interviewer list never splits: it does not change what a randomized answer estimates. When
    any two versions read differently, every version is also estimated alone, each with its own
    copy (the pooled estimate stays, over all the versions kept: the spinners are the same).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from rrdesk.core.problems import Problem
from rrdesk.core.survey import Survey
from rrdesk.store.collect import ROW, VERSION, SurveyData, reading

__all__ = ["Versions", "sort_out"]


@dataclass(frozen=True)
class Versions:
    """What :func:`sort_out` decided: the records of the versions kept (``data``), the versions
    they name in the order first met (``used``), each version alone with its own copy when any
    two read differently (``split``; empty when pooled), and the problems found."""

    data: SurveyData
    used: tuple[str, ...]
    split: tuple[tuple[str, SurveyData], ...]
    problems: tuple[Problem, ...]


def sort_out(data: SurveyData) -> Versions:
    """Leave out the records of a version the plan does not trust, and split the records by
    version where the versions read differently (nothing is read or verified here)."""
    current = data.survey
    column = data.table[:, ROW + VERSION]
    index = {name: i for i, name in enumerate(data.names)}
    _, first = np.unique(column, return_index=True)
    named = [data.names[i] for i in column[np.sort(first)].tolist()]  # in the order first met
    versions = list(dict.fromkeys(name or current.version for name in named))
    if versions in ([], [current.version]):
        return Versions(data, tuple(versions), (), ())
    assert data.trust is not None, "collect plans the versions of every survey it counts"
    problems: list[Problem] = []
    chosen: dict[str, Survey] = {}
    left_out: list[str] = []
    for version in versions:
        copy, why = data.trust.of(version)
        if why is not None:
            problems.append(Problem(data.bundles[0] if data.bundles else "command line", None,
                                    f'survey version "{version}": {why}; its records were '
                                    + ("used (--accept-unverified)" if copy is not None
                                       else "left out (--accept-unverified uses them)")))
        if copy is None:
            left_out.append(version)
        else:
            chosen[version] = copy
    rows_of = {v: np.isin(column, [index[n] for n in named if (n or current.version) == v]) for v in versions}
    kept = [v for v in versions if v not in left_out]
    if left_out:
        data = replace(data, table=data.table[np.logical_or.reduce([rows_of[v] for v in kept])]
                       if kept else data.table[:0])
        column = data.table[:, ROW + VERSION]
        rows_of = {v: np.isin(column, [index[n] for n in named if (n or current.version) == v]) for v in kept}
    data = replace(data, problems=(*data.problems, *problems))
    split: tuple[tuple[str, SurveyData], ...] = ()
    if len(kept) == 1:  # why: the records of one version are read in that version's words
        data = replace(data, survey=chosen[kept[0]])
    elif len({repr(reading(chosen[v])) for v in kept}) > 1:  # repr: Localized texts are mappings
        split = tuple((v, replace(data, survey=chosen[v], table=data.table[rows_of[v]])) for v in kept)
    return Versions(data, tuple(kept), split, tuple(problems))
