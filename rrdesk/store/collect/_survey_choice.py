"""Which copy of a survey the aggregator trusts when the bundles' copies differ.

Every bundle carries its own ``survey.toml``, and anyone holding the coordinator's *public*
recipient can make a bundle, so a copy can be edited (other choices, other spinners) without
any key. The records do not say which copy they were made under (a record names its survey
by id only), so the copy that decides is chosen from what is more trustworthy than any one
bundle, in this order:

1. the survey file the coordinator gives (``collect(..., survey=...)``);
2. the copy most bundles hold (by fingerprint: questions, kinds, choices, spinners);
3. among copies held by as many bundles, the one under which most records are usable
   (:func:`rrdesk.store.collect._collect.collect` opens each plan); then the first given.

A bundle whose copy differs from the chosen one is a problem and none of its records is used;
its records that another bundle also holds are used from that bundle. So an edited copy never
removes or overrides a genuine bundle's records.
"""
from __future__ import annotations

import itertools
from typing import Iterable, Iterator, Mapping

from rrdesk.core.survey import Survey

__all__ = ["Candidates", "candidates", "choices"]

#: survey id → [(a distinct copy, the first bundle holding it, its bundles)], most bundles first
Candidates = dict[str, list[tuple[Survey, str, list[str]]]]

MAX_TRIALS = 4
# why: each tie costs one more opening of the records; real data has one copy per survey id, so
# only hostile input ties at all, and four trials bound the work it can cause


def candidates(copies: Iterable[tuple[str, Survey]]) -> Candidates:
    """Every distinct survey copy per survey id, most-held first (ties: first given first), of
    the (bundle, its readable copy) pairs given in the coordinator's order."""
    found: dict[str, dict[tuple, tuple[Survey, str, list[str]]]] = {}
    for file, survey in copies:
        held = found.setdefault(survey.id, {})
        held.setdefault(survey.fingerprint, (survey, file, []))[2].append(file)
    # sorted() is stable: equally held copies keep the order they were first met in
    return {sid: sorted(held.values(), key=lambda c: -len(c[2])) for sid, held in found.items()}


def choices(found: Candidates, given: Survey | None = None) -> Iterator[Mapping[str, tuple[Survey, str]]]:
    """The trusted copy per survey id to try, best first: one choice unless copies tie."""
    if given is not None:
        chosen = {sid: (copies[0][0], copies[0][1]) for sid, copies in found.items()}
        chosen[given.id] = (given, str(given.path))
        yield chosen
        return
    tied = []
    for sid, copies in found.items():
        top = [c for c in copies if len(c[2]) == len(copies[0][2])]
        tied.append([(sid, survey, first) for survey, first, _ in top])
    for combination in itertools.islice(itertools.product(*tied), MAX_TRIALS):
        yield {sid: (survey, first) for sid, survey, first in combination}
