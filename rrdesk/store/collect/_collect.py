"""Collecting export bundles for the coordinator: verified, decrypted in parallel, counted once.

:func:`collect` is the data side of ``rrdesk aggregate`` and of the Results view, in explicit
stages (:mod:`rrdesk.store.collect._collector`): each bundle is indexed once in a worker
process, checking each log exactly as ``rrdesk verify -i`` does (framing, sequence, chain, key
file, first key, tags: :func:`rrdesk.store.bundle.index_bundle`) and judging its signatures;
:func:`rrdesk.store.collect._plan.decide` then decides, from the indexes alone, what is used;
the workers open the records of the runs it uses in batches read straight from each bundle
file (:mod:`rrdesk.store.collect._opening`); this process only counts what comes back, one row
of small integers per usable record. Bad input never aborts it (docs/ARCHITECTURE.md, threat
model 5): a bundle that cannot be opened, a damaged log or record becomes a :class:`Problem`
naming the file and the record, and everything else is still used.

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
    most records fit (:mod:`rrdesk.store.collect._plan`: each tied copy's plan is
    counted, from the same indexes, each bundle's records opened once): a bundle whose copy has that id but other questions or
    spinners is a problem, and none of its records is mixed in; an edited copy never removes
    or overrides a genuine bundle's records.
Interviews
    An interview is (device, interview number); its direct answers come from its start record.
Custody
    With a :class:`Custody`, each bundle's signature is checked against the enrolled laptops and
    its logs against the ledger (FORMAT.md §2.8, §4): a bundle whose origin is not proven is a
    problem and none of its records is used (unless ``accept_unverified``); only a proven
    bundle is compared with the ledger and advances it. All of it is decided in
    :func:`~rrdesk.store.collect._plan.decide`.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Mapping, Sequence

import rrdesk.store.collect._collector as collector
from rrdesk.core.errors import RRDeskError
from rrdesk.core.heap import fewer_collections, steady_buffers
from rrdesk.core.problems import Problem
from rrdesk.core.survey import Survey
from rrdesk.store import age, minisign
from rrdesk.store import bundle as bundles
from rrdesk.store.bundle import BundleIndex
from rrdesk.store.collect._collected import Collection, SurveyData
from rrdesk.store.collect._collector import Engine, Progress
from rrdesk.store.collect._plan import Decider, Options, Plan, SurveyPlan, candidates
from rrdesk.store.ledger import Ledger

__all__ = ["Collection", "Custody", "collect", "surveys_in"]


@dataclass(frozen=True)
class Custody:
    """The coordinator's checks as :func:`decide` takes them: the enrolled laptops (device id →
    public key), the ledger (None: not kept; never changed: the collection holds it as advanced),
    the coordinator's public signing key (None: any allowed copy may decide), and whether
    records whose origin is not proven are used anyway."""

    laptops: Mapping[str, minisign.PublicKey]
    ledger: Ledger | None = None
    signer: minisign.PublicKey | None = None
    accept_unverified: bool = False
    # whether the survey file given (collect's ``survey``) carries the signing key's signature:
    # then, as when no file is given, every bundle's copy must carry it too (unsigned: it need not)
    survey_signed: bool = False


def surveys_in(paths: Sequence[Path], identities: Sequence[age.Identity]) -> dict[str, tuple[Survey, list[str]]]:
    """Which survey each bundle holds: survey id → (the copy most bundles hold, every bundle
    of that id). Reads of each bundle only its manifest and survey copy (a few chunks however
    large it is), decrypts no record; a bundle that cannot be opened or whose survey copy
    cannot be read is left out (:func:`collect` reports it)."""
    return surveys_of(_heads(paths, identities))


def surveys_of(indexes: Sequence[BundleIndex]) -> dict[str, tuple[Survey, list[str]]]:
    """:func:`surveys_in` of bundles already indexed."""
    found = candidates((index.file, index.survey) for index in indexes
                       if index.survey is not None and index.manifest is not None)
    return {sid: (copies[0][0], [f for _, _, files in copies for f in files]) for sid, copies in found.items()}


def _heads(paths: Sequence[Path], identities: Sequence[age.Identity]) -> list[BundleIndex]:
    heads: list[BundleIndex] = []
    for path in paths:
        try:
            read = bundles.read_bundle(Path(path), identities, None)
        except RRDeskError:
            continue
        problems: list[Problem] = []
        survey = bundles.bundle_survey(Path(path), read.survey_text, read.manifest["survey"], problems)
        heads.append(BundleIndex(str(path), survey, (), tuple(problems), manifest=dict(read.manifest)))
    return heads


def collect(paths: Sequence[Path], identities: Sequence[age.Identity], *, survey_id: str | None = None,
            workers: int | None = None, survey: Survey | None = None, custody: Custody | None = None,
            engine: Engine | None = None, indexed: Callable[[list[BundleIndex]], None] | None = None,
            include_synthetic: bool = False, progress: Progress | None = None) -> Collection:
    """Index, decide, open and count the records of every bundle.

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
        Worker processes (default ``os.cpu_count()``); 1 does everything here.
    survey : Survey, optional
        The survey file as the coordinator has it: it decides, not the bundles' copies
        (without it, the copy most bundles hold: :mod:`rrdesk.store.collect._plan`).
    custody : Custody, optional
        The enrolled laptops, the ledger and the signing key (:func:`decide`); the bundles are
        then indexed with their signatures judged (``engine``'s judge).
    engine : Engine, optional
        The worker processes to use (by default, ones of its own).
    indexed : callable, optional
        Called once every bundle is indexed, before the last records are counted, with each
        bundle's index without its logs' places (its manifest, survey copies and verdicts); what
        it raises ends the collection.
    include_synthetic : bool
        Count the interviews ``rrdesk simulate`` made (their records carry a sealed mark);
        by default they are left out, and a problem per laptop says how many.
    progress : callable, optional
        Told (records opened, records planned so far) as the work goes on (with ``engine``
        given, the engine's own is told instead); returning False stops the collection.

    Raises
    ------
    Cancelled
        ``progress`` said to stop: the workers are stopped, nothing is returned.

    Returns
    -------
    Collection
        Never raises for a bad bundle or record: see the module docstring.
    """
    own = engine is None
    engine = engine or Engine(identities, workers, progress=progress)
    try:
        # why: bundles are read in 1 MiB pieces here too, and records opened in batches
        # (rrdesk.core.heap)
        with steady_buffers(), fewer_collections():
            return _collect(paths, survey, custody, engine, Options(
                survey_id, custody is not None and custody.accept_unverified, collector.CHUNK, _clock(),
                include_synthetic), indexed)
    finally:
        if own:
            engine.close()


CLOCK_GRACE = dt.timedelta(days=1)
# why: a laptop's clock a little ahead of the coordinator's is common and harmless; a day still
# catches an export dated years ahead, which would otherwise switch the ledger's checks off


def _clock() -> str:
    """The latest export time the coordinator's clock allows, as manifests write times."""
    return (dt.datetime.now(dt.timezone.utc) + CLOCK_GRACE).strftime("%Y-%m-%dT%H:%M:%SZ")


def _collect(paths: Sequence[Path], survey: Survey | None, custody: Custody | None, engine: Engine,
             options: Options, indexed: Callable[[list[BundleIndex]], None] | None) -> Collection:
    """The stages: each index decided as it comes, the records it plans handed out at once."""
    decider = Decider(len(paths), survey, None if custody is None else custody.laptops,
                      None if custody is None else custody.ledger, None if custody is None else custody.signer,
                      options, survey_signed=custody is not None and custody.survey_signed)
    heads: list[BundleIndex] = []
    counting = engine.begin()
    # why foresee: the checks of a log no later bundle holds are let go (Decider)
    for index in engine.indexed(paths, decider.foresee):  # why: records are opened while later bundles are indexed
        heads.append(replace(index, logs=()))
        decider.add(index)
        del index
        engine.feed(counting, decider.plan)
    if indexed is not None:
        indexed(heads)
    plan = decider.finish()
    del decider  # why: the checks it still holds (32 bytes a record) are not needed to count the rest
    if plan.unsigned:
        return Collection({}, (), (), unsigned=True)
    return _best(engine, plan, counting)


def _best(engine: Engine, plan: Plan, counting: dict) -> Collection:
    """The collection of the plan whose records fit best of the copies that tie (first given
    first); a problem says so when they fit as well. Each bundle's records are opened once: a
    survey's part is counted once per copy that may decide it, and the plans share those parts
    (the plans differ only in the copies that tie, and a bundle is used under its own copy alone)."""
    best: Collection | None = None
    undecided = False
    counted: dict[tuple, SurveyData] = {}
    for trial in (plan, *plan.tied):
        if trial is plan:
            found = engine.end(counting, trial)
        else:
            known = {sid: counted[_part(sid, part)] for sid, part in trial.surveys.items() if _part(sid, part) in counted}
            found = engine.open(trial, skip=frozenset(known))
            found = replace(found, surveys={sid: known.get(sid) or found.surveys[sid] for sid in trial.surveys})
        for sid, part in trial.surveys.items():
            counted.setdefault(_part(sid, part), found.surveys[sid])
        found = replace(found, ledger=plan.ledger)
        if best is not None and _usable(found) == _usable(best):
            undecided = True  # why: nothing in the bundles tells which copy is genuine
        if best is None or _usable(found) > _usable(best):  # why: a tie of copies goes to the one records fit
            best, undecided = found, False
    assert best is not None
    return _undecided(best) if undecided else best


def _part(sid: str, part: SurveyPlan) -> tuple:
    """What a survey's part of a plan is counted from: the copy that decides and its bundles."""
    return sid, part.survey.fingerprint, tuple(part.bundles)


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
