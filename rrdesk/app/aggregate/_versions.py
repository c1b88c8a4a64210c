"""The survey versions an aggregation's records name (issue 14; docs/survey-format.md, "version").

Every record names the survey version it was made with, and a laptop keeps the copy of each
earlier version it recorded with, which its bundles carry (``versions/<version>.toml``, FORMAT.md
§2.3, §3). The copies of one survey id always have the same questions and spinners (a laptop
refuses other ones under the same id), so records of every version decrypt and count alike; what
a new version may change is the texts. :func:`sort_out` decides, after collecting:

Which copy of a version is trusted
    The same rule as for the copy that decides the estimates (:mod:`rrdesk.app.aggregate._custody`):
    the version of that copy is that copy; the survey file given (``--survey``) is trusted for
    its own version; with the coordinator's signing key, a copy (a bundle's ``survey.toml`` or
    ``versions/<version>.toml``) whose signature verifies with it; without one, the copy most of
    the used bundles hold (a tie: the first met). A version with no trusted copy (unsigned, or
    no bundle holds one), or whose copy has other questions or spinners, is a problem, and its
    records are left out unless ``--accept-unverified`` (then they are read with the best copy
    there is, or the deciding copy's texts when none fits). Records from before versions were
    recorded (``rrdesk-record/2``: no version) count as the deciding copy's version.
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

from collections import Counter
from dataclasses import dataclass, replace
from typing import Sequence

import numpy as np

from rrdesk.core import survey as surveys
from rrdesk.core.errors import RRDeskError
from rrdesk.core.problems import Problem
from rrdesk.core.survey import Survey
from rrdesk.store import bundle as bundles
from rrdesk.store import minisign
from rrdesk.store.bundle import BundleIndex
from rrdesk.store.collect import ROW, VERSION, SurveyData

__all__ = ["Versions", "reading", "sort_out"]

_COPY_SUFFIX = ".toml"


@dataclass(frozen=True)
class Versions:
    """What :func:`sort_out` decided: the records of the versions kept (``data``), the versions
    they name in the order first met (``used``), each version alone with its own copy when any
    two read differently (``split``; empty when pooled), and the problems found."""

    data: SurveyData
    used: tuple[str, ...]
    split: tuple[tuple[str, SurveyData], ...]
    problems: tuple[Problem, ...]


def reading(survey: Survey) -> tuple:
    """What a respondent reads of the randomized questions: two versions with the same reading
    are pooled (module docstring)."""
    return tuple((q.id, q.design, dict(q.text), dict(q.negation), dict(q.unrelated), dict(q.choice_text))
                 for q in survey.randomized)


def sort_out(data: SurveyData, indexes: Sequence[BundleIndex], *, given: Survey | None = None,
             signer: minisign.PublicKey | None = None, accept: bool = False) -> Versions:
    """Decide each version's copy, leave out the records of an untrusted one, and split the
    records by version where the versions read differently. ``indexes``: the bundles as indexed
    (their copies, and which the signing key signed); nothing is read or verified here."""
    current = data.survey
    column = data.table[:, ROW + VERSION]
    index = {name: i for i, name in enumerate(data.names)}
    _, first = np.unique(column, return_index=True)
    named = [data.names[i] for i in column[np.sort(first)].tolist()]  # in the order first met
    versions = list(dict.fromkeys(name or current.version for name in named))
    if versions in ([], [current.version]):
        return Versions(data, tuple(versions), (), ())
    found = _copies(data, indexes)
    problems: list[Problem] = []
    chosen: dict[str, Survey] = {}
    left_out: list[str] = []
    for version in versions:
        copy: Survey | None
        copy, why = _trusted(version, current, given, signer, found.get(version, []))
        if why is not None:
            fallback = _best(found.get(version, []), current)
            keep = accept
            problems.append(Problem(data.bundles[0] if data.bundles else "command line", None,
                                    f'survey version "{version}": {why}; its records were '
                                    + ("used (--accept-unverified)" if keep else "left out (--accept-unverified uses them)")))
            if not keep:
                left_out.append(version)
                continue
            copy = fallback or replace(current, version=version)
        assert copy is not None, "_trusted gives a copy or says why not"
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
    elif len({_key(chosen[v]) for v in kept}) > 1:
        split = tuple((v, replace(data, survey=chosen[v], table=data.table[rows_of[v]])) for v in kept)
    return Versions(data, tuple(kept), split, tuple(problems))


def _key(survey: Survey) -> str:
    return repr(reading(survey))  # why: Localized texts compare as mappings; their repr is stable and hashable


_Copy = tuple[Survey, bool]  # a version's copy as a bundle holds it: parsed, and whether the signing key signed it


def _copies(data: SurveyData, indexes: Sequence[BundleIndex]) -> dict[str, list[_Copy]]:
    """Every copy of every version the used bundles hold (their survey.toml and versions/),
    in the order the bundles were given; a copy that does not read as this survey is skipped."""
    by_file = {index.file: index for index in indexes if index.manifest is not None}
    found: dict[str, list[_Copy]] = {}
    for path in data.bundles:
        index = by_file.get(path)
        if index is None:
            continue  # collect reported it
        held: list[tuple[str, bytes, str | None]] = [(bundles.SURVEY_FILE, index.survey_text, None)]
        held += [(bundles.VERSIONS_DIR + name, text, name[:-len(_COPY_SUFFIX)])
                 for name, text in index.versions.items() if name.endswith(_COPY_SUFFIX)]
        for member, text, named in held:
            try:
                copy = surveys.loads(text.decode("utf-8-sig"), f"{path}:{member}")
            except (RRDeskError, UnicodeDecodeError):
                continue
            if copy.id == data.survey.id and named in (None, copy.version):
                found.setdefault(copy.version, []).append((copy, member in index.verdicts.signed_copies))
    return found


def _trusted(version: str, current: Survey, given: Survey | None, signer: minisign.PublicKey | None,
             copies: list[_Copy]) -> tuple[Survey | None, str | None]:
    """The trusted copy of ``version``, or why there is none."""
    if version == current.version:
        return current, None
    if given is not None and given.version == version:
        return _same(given, current)
    if signer is not None:
        signed = [c for c, ok in copies if ok]
        if not signed:
            return None, ("no bundle holds a copy signed by your signing key" if copies
                          else "no bundle holds its survey copy")
        return _same(signed[0], current)
    best = _best(copies, None)
    return (None, "no bundle holds its survey copy") if best is None else _same(best, current)


def _best(copies: list[_Copy], current: Survey | None) -> Survey | None:
    """The copy most bundles hold (a tie: the first met); with ``current``, only one with its
    questions and spinners."""
    fit = [c for c, _ in copies if current is None or c.fingerprint == current.fingerprint]
    if not fit:
        return None
    held = Counter(_key(c) + repr(c.content) for c in fit)
    return max(fit, key=lambda c: held[_key(c) + repr(c.content)])  # max keeps the first of a tie


def _same(copy: Survey, current: Survey) -> tuple[Survey | None, str | None]:
    if copy.fingerprint != current.fingerprint:
        return None, "its survey copy has other questions or spinners than the one that decides"
    return copy, None
