"""Collecting export bundles for the coordinator: verified, decrypted in parallel, counted once.

:func:`collect` is the data side of ``rrdesk aggregate`` and of the Results view. Worker
processes open every bundle as a stream and check each log exactly as ``rrdesk verify -i``
does (framing, sequence, chain, key file, first key, tags:
:func:`rrdesk.store.bundle._index.index_bundle`), then decrypt and check its records in
batches read straight from the bundle file (:mod:`rrdesk.store.collect._opening`); this process only
hands out the work, de-duplicates (:mod:`rrdesk.store.collect._seen`) and keeps one row of small
integers per usable record. Bad input never aborts it (docs/ARCHITECTURE.md, threat model
5): a bundle that cannot be opened, a damaged log or record becomes a :class:`Problem` naming
the file and the record, and everything else is still used.

Decisions
---------
Records counted once
    A record is known by (device, log, seq). Exports overlap (a laptop exports, records
    more, exports again) and a bundle may be given twice: a record whose sealed bytes are
    the same in several bundles is decrypted and counted once, silently. If the bytes
    differ (a laptop restored from a copy went on differently, or a copy was altered), the
    copy is used whose log verified clean (framing, chain, key file, tags), provided exactly
    one version comes from such a log; otherwise neither is used. Either way a problem names
    both bundles. A record whose tag fails in one bundle is simply taken from another.
Records left out
    A record named by a problem (its tag fails, it cannot be decrypted, is out of order,
    or holds an answer the question does not have) is left out; the rest of its log is used,
    also when a problem concerns the whole log (say, a missing key file: the records that
    are there still verify by their chain, and the problem is listed).
Surveys kept apart
    Records are grouped by the survey id of each bundle's ``survey.toml``. Which copy of a
    survey decides is the survey file given, else the copy most bundles hold, else the one
    most records fit (:mod:`rrdesk.store.collect._survey_choice`): a bundle whose copy has that id
    but other questions or spinners is a problem, and none of its records is mixed in; an
    edited copy never removes or overrides a genuine bundle's records.
Interviews
    An interview is (device, interview number); its direct answers come from its start record.
Custody
    With a :class:`Custody`, each bundle's signature is checked against the enrolled laptops and
    its logs against the ledger (:mod:`rrdesk.store.bundle._custody`; FORMAT.md §2.8, §4): a
    bundle whose origin is not proven is a problem and none of its records is used (unless
    ``accept_unverified``); only a proven bundle is compared with the ledger and advances it.
"""
from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path
from typing import Sequence

import rrdesk.store.collect._survey_choice as choice
from rrdesk.core.problems import Problem
from rrdesk.core.survey import Survey
from rrdesk.store import age
from rrdesk.store.bundle import Custody
from rrdesk.store.collect._collected import Answer, Collection, SurveyData
from rrdesk.store.collect._collector import collect_once as _collect

__all__ = ["Answer", "Collection", "Custody", "Problem", "SurveyData", "collect", "surveys_in"]


def surveys_in(paths: Sequence[Path], identities: Sequence[age.Identity]) -> dict[str, tuple[Survey, list[str]]]:
    """Which survey each bundle holds: survey id → (the copy most bundles hold, every bundle
    of that id). Opens each bundle but decrypts no record; a bundle that cannot be opened or
    whose survey copy cannot be read is left out (:func:`collect` reports it)."""
    return {sid: (copies[0][0], [f for _, _, files in copies for f in files])
            for sid, copies in choice.candidates(paths, identities).items()}


def collect(paths: Sequence[Path], identities: Sequence[age.Identity], *, survey_id: str | None = None,
            workers: int | None = None, survey: Survey | None = None, custody: Custody | None = None) -> Collection:
    """Open, verify, decrypt and de-duplicate the records of every bundle.

    Parameters
    ----------
    paths : sequence of Path
        Export bundles (``.tar.age``), in the order the coordinator gave them; for
        duplicates the first bundle comes first.
    identities : sequence of age.Identity
        The coordinator's identities.
    survey_id : str, optional
        Use only bundles of this survey (the others are listed in ``skipped``).
    workers : int, optional
        Worker processes for decryption (default ``os.cpu_count()``); 1 decrypts here.
    survey : Survey, optional
        The survey file as the coordinator has it: it decides, not the bundles' copies
        (without it, the copy most bundles hold: :mod:`rrdesk.store.collect._survey_choice`).
    custody : Custody, optional
        The enrolled laptops each bundle's signature is checked against, and the ledger its
        logs are compared with (:mod:`rrdesk.store.bundle._custody`); a bundle whose origin is
        not proven is a problem and its records are left out unless ``accept_unverified``.

    Returns
    -------
    Collection
        Never raises for a bad bundle or record: see the module docstring.
    """
    best: Collection | None = None
    undecided = False
    keep = custody.copy_ok if custody is not None else None
    copies = {sid: c for sid, c in choice.candidates(paths, identities, keep).items() if survey_id in (None, sid)}
    for trusted in choice.choices(copies, survey):
        ledger = copy.deepcopy(custody.ledger) if custody is not None else None  # each trial from the same ledger
        found = _collect(paths, list(identities), survey_id, workers, trusted,
                         None if custody is None else replace(custody, ledger=ledger))
        if best is not None and _usable(found) == _usable(best):
            undecided = True  # why: nothing in the bundles tells which copy is genuine
        if best is None or _usable(found) > _usable(best):  # why: a tie of copies goes to the one records fit
            best, undecided, best_ledger = found, False, ledger
    if best is None:
        return _collect(paths, list(identities), survey_id, workers, {}, custody)
    if custody is not None and custody.ledger is not None:
        custody.ledger = best_ledger  # the ledger as the chosen trial left it (the caller saves it)
    return _undecided(best) if undecided else best


def _undecided(found: Collection) -> Collection:
    """``found`` with a problem saying that its survey copy was chosen by order alone."""
    surveys = {}
    for sid, data in found.surveys.items():
        why = Problem(data.bundles[0] if data.bundles else "command line", None,
                      f'the bundles hold different copies of survey "{sid}", as many of each, and its records '
                      f"fit each: the copy in this bundle (given first) was used; give the survey file to decide")
        surveys[sid] = replace(data, problems=(why, *data.problems))
    return replace(found, surveys=surveys)


def _usable(collection: Collection) -> int:
    return sum(data.records for data in collection.surveys.values())
