"""What an aggregation uses, and why not: :func:`decide`, from the bundles' indexes alone.

The one place custody is decided (FORMAT.md §2.8, §4; :mod:`rrdesk.store.collect._collect`'s
docstring says the rules in words). Pure: no file is read and nothing is verified here -- the
signatures were judged where each bundle was indexed (:class:`rrdesk.store.bundle.Verdicts`), the
ledger is compared by each log's checks in its index -- so a test builds indexes by hand. Which
copy reads each survey version's records is decided here too
(:mod:`rrdesk.store.collect._versions`). For
every bundle it says whether its records are used and why not (unreadable, another survey, its
origin not proven, a survey copy with other questions or spinners), for every log why not (its
header signature, another survey), and for the records the runs to open: the first usable copy
of each record (:mod:`rrdesk.store.collect._seen`), conflicting copies resolved.

Which copy of a survey decides
------------------------------
Every bundle carries its own ``survey.toml``, and anyone holding the coordinator's *public*
recipient can make a bundle, so a copy can be edited (other choices, other spinners) without
any key. The records do not say which copy they were made under (a record names its survey
by id only), so the copy that decides is chosen from what is more trustworthy than any one
bundle, in this order:

1. the survey file the coordinator gives (``collect(..., survey=...)``);
2. the copy most bundles hold (by fingerprint: questions, kinds, choices, spinners);
3. among copies held by as many bundles, the one under which most records are usable
   (:func:`decide` plans each, from the same indexes and the ledger advanced once; the count
   opens each bundle's records once, under its own copy, and keeps the plan whose records fit
   best); then the first given.

A bundle whose copy differs from the chosen one is a problem and none of its records is used;
its records that another bundle also holds are used from that bundle. So an edited copy never
removes or overrides a genuine bundle's records.
"""
from __future__ import annotations

import copy
import itertools
from array import array
from collections import Counter, deque
from dataclasses import dataclass, field, replace
from typing import Iterable, Iterator, Mapping, Sequence

import numpy as np

import rrdesk.store.collect._opening as opening
from rrdesk.core.problems import Problem
from rrdesk.core.survey import Survey
from rrdesk.store import minisign
from rrdesk.store.bundle import SURVEY_FILE, BundleIndex, LogIndex, ledger_view
from rrdesk.store.collect._seen import UNUSABLE, Seen, differing, runs, take_new, usable
from rrdesk.store.collect._versions import VersionTrust
from rrdesk.store.ledger import Ledger, Observed

__all__ = ["BundlePlan", "Candidates", "Decider", "Options", "Plan", "SurveyPlan", "allowed_copies", "candidates", "choices",
           "decide"]

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

ACCEPTED = "its records were used (--accept-unverified)"
REFUSED = "none of its records was used (--accept-unverified uses them)"


@dataclass(frozen=True)
class Options:
    """How to decide: only the bundles of ``survey_id`` (None: all), whether records whose
    origin is not proven (or that the ledger refuses) are used anyway, how many records one job
    opens at most, and the coordinator's clock (an export later than it is a problem)."""

    survey_id: str | None = None
    accept_unverified: bool = False
    chunk: int = 2048
    now: str | None = None  # the coordinator's clock as manifests write times (None: not compared)
    include_synthetic: bool = False  # count the interviews rrdesk simulate made (they are marked)


@dataclass(frozen=True)
class BundlePlan:
    """One bundle: whether any of its records is used, why not (""), and per log why its
    records are not used (only the logs left out are named)."""

    file: str
    used: bool
    why: str = ""
    logs: Mapping[str, str] = field(default_factory=dict)


@dataclass
class SurveyPlan:
    """A survey's part of the plan: the copy that decides, the bundles used, its devices and
    logs (numbered as the rows will name them), the problems so far, and the runs of records
    to open as (job, bundle number, device, log)."""

    survey: Survey
    first: str
    bundles: list[str]
    devices: dict[str, int]
    logs: dict[tuple[str, str], int]
    problems: list[tuple[int, Problem]]
    jobs: list[tuple[opening.Job, int, int, int]] = field(default_factory=list)
    trust: VersionTrust | None = None  # which copy reads each survey version's records


@dataclass
class Plan:
    """What :func:`decide` decided.

    ``bundles`` per bundle as given; ``surveys`` by survey id; ``problems`` of bundles that
    could not be read at all; ``skipped`` the bundles of other surveys (file, survey id);
    ``drop`` for each record held with different bytes by several bundles, the bundle whose
    copy is used (None: none), and ``conflicts`` the problems saying so; ``ledger`` as the
    bundles leave it (None: not kept), to save; ``names`` the bundles' files by number; ``tied``
    the plans of the other copies that tie, from the same state (the count keeps the one whose
    records fit best); ``unsigned`` when a signing key is given but no bundle that may decide
    holds a survey copy it signed."""

    bundles: list[BundlePlan]
    surveys: dict[str, SurveyPlan]
    problems: list[tuple[int, Problem]]
    skipped: list[tuple[str, str]]
    drop: dict[tuple[str, str, int], int | None]
    conflicts: list[tuple[str, tuple[int, Problem]]]
    ledger: Ledger | None
    names: list[str]
    tied: list["Plan"] = field(default_factory=list)
    unsigned: bool = False
    include_synthetic: bool = False
    accept_unverified: bool = False  # records sealed to recipients no trusted copy names are used (and named)

    @property
    def records(self) -> int:
        """How many records the plan opens."""
        return sum(job.count for s in self.surveys.values() for job, *_ in s.jobs)


def allowed_copies(indexes: Sequence[BundleIndex], laptops: Mapping[str, minisign.PublicKey] | None,
                   signer: minisign.PublicKey | None, accept_unverified: bool) -> Candidates:
    """The survey copies that may decide: with custody checks (``laptops``), only of a bundle its
    laptop signed (or any, with ``accept_unverified``), and with ``signer`` only a copy it signed."""
    return candidates((index.file, index.survey) for index in indexes
                      if index.survey is not None and _allowed(index, laptops, signer, accept_unverified))


def _allowed(index: BundleIndex, laptops: Mapping[str, minisign.PublicKey] | None,
             signer: minisign.PublicKey | None, accept_unverified: bool) -> bool:
    if index.manifest is None:
        return False
    if laptops is None:
        return True
    if not accept_unverified and index.verdicts.origin is not None:
        return False
    return signer is None or index.verdicts.copy_signed


def decide(indexes: Sequence[BundleIndex], survey: Survey | None, laptops: Mapping[str, minisign.PublicKey] | None,
           ledger: Ledger | None, signer: minisign.PublicKey | None, options: Options = Options(), *,
           survey_signed: bool = False) -> Plan:
    """Decide, for every bundle, log and record, whether it is used and why not.

    ``survey`` is the survey file the coordinator gave (it decides over the bundles' copies);
    ``laptops`` the enrolled laptops (None: origins not checked); ``ledger`` the coordinator's
    ledger (None: not kept; never changed here: the plan holds the ledger as advanced);
    ``signer`` the coordinator's public signing key (None: any allowed copy may decide);
    ``survey_signed`` whether ``survey`` carries its signature (then, as when no file is
    given, a bundle whose copy it did not sign is not used).
    """
    decider = Decider(len(indexes), survey, laptops, ledger, signer, options, survey_signed=survey_signed)
    for index in indexes:
        decider.add(index)
    return decider.finish()


class Decider:
    """:func:`decide` one bundle at a time, as the indexes come: a bundle is planned once every
    bundle before it is and the copy that decides its survey is certain -- the file given, or a
    copy more bundles hold than any other could reach with the bundles still to come -- so the
    first bundles' records are opened while the last are still indexed (:attr:`plan` grows).
    The plan is the one :func:`decide` gives on all the indexes at once.

    Memory: a record is told apart from another copy of it by its frame's check (32 bytes), so
    the checks of a log are kept only while another bundle may still hold it. Once every bundle's
    logs are known (each bundle added, or shown beforehand by :meth:`foresee`), the checks of
    the logs no bundle still to plan holds are let go, and a log held once is planned without
    keeping any: the plan is the same."""

    def __init__(self, total: int, survey: Survey | None, laptops: Mapping[str, minisign.PublicKey] | None,
                 ledger: Ledger | None, signer: minisign.PublicKey | None, options: Options = Options(), *,
                 survey_signed: bool = False) -> None:
        self.total, self.given, self.laptops, self.signer, self.options = total, survey, laptops, signer, options
        # why: copies must be signed when the survey is: when no file is given (the deciding copy
        # is then a signed one) or the file given is signed; a coordinator who gives an unsigned
        # file has not signed this survey, and its copies are compared by content alone
        signed = signer is not None and (survey is None or survey_signed)
        self._core = _Decider(laptops, ledger, options, survey, signer is not None, signed)
        self._core.total = total
        self._core.signer_id = signer.fingerprint if isinstance(signer, minisign.PublicKey) else None
        self._waiting: deque[tuple[int, BundleIndex]] = deque()
        self._met = 0
        self._allowed: list[tuple[str, Survey]] = []  # the copies that may decide so far (file, copy)
        self._held: dict[str, dict[tuple, list]] = {}  # survey id → fingerprint → [copy, first file, bundles]

    @property
    def plan(self) -> Plan:
        """The plan so far (the bundles planned; their jobs may be opened now)."""
        return self._core.result()

    def foresee(self, number: int, index: BundleIndex) -> None:
        """Bundle ``number``'s index, shown before its turn to be added (it is indexed already):
        which logs it holds, so that the logs of earlier bundles no later one holds keep no
        check. Optional; nothing else of it is used or kept."""
        self._core.foresee(number, index)

    def add(self, index: BundleIndex) -> None:
        number, self._met = self._met, self._met + 1
        self._core.foresee(number, index)
        if index.survey is not None and _allowed(index, self.laptops, self.signer, self.options.accept_unverified):
            self._allowed.append((index.file, index.survey))
            held = self._held.setdefault(index.survey.id, {})
            held.setdefault(index.survey.fingerprint, [index.survey, index.file, 0])[2] += 1
        self._waiting.append((number, index))
        while self._waiting:
            number, index = self._waiting[0]
            survey = index.survey
            if survey is not None and self.options.survey_id in (None, survey.id) and not self._certain(survey.id):
                break
            self._waiting.popleft()
            self._core.add(number, index)

    def _certain(self, sid: str) -> bool:
        """Whether the copy that decides survey ``sid`` is known already (then it is trusted)."""
        trusted = self._core.trusted
        if sid not in trusted:
            if self.given is not None and self.given.id == sid:
                trusted[sid] = (self.given, str(self.given.path))
            else:
                groups = sorted(self._held.get(sid, {}).values(), key=lambda g: -g[2])
                still = self.total - self._met  # bundles not indexed yet
                if groups and groups[0][2] > (groups[1][2] if len(groups) > 1 else 0) + still:
                    trusted[sid] = (groups[0][0], groups[0][1])
        return sid in trusted

    def finish(self) -> Plan:
        """The plan, once every bundle was added; with copies that tie, the plan of each in ``tied``."""
        copies = {sid: c for sid, c in candidates(self._allowed).items() if self.options.survey_id in (None, sid)}
        plans = []
        if not self._waiting:
            plans = [self._core]
        else:  # why: every choice that ties plans the bundles still waiting from the same state
            combos = list(choices(copies, self.given)) or [{}]
            cores = [self._core] + [self._core.fork() for _ in combos[1:]]
            for core, trusted in zip(cores, combos):
                core.trusted.update(trusted)
                for number, index in self._waiting:
                    core.add(number, index)
                plans.append(core)
            self._waiting.clear()
        plan = plans[0].result(final=True)
        plan.tied = [replace(core.result(final=True), ledger=plan.ledger) for core in plans[1:]]
        plan.unsigned = (self.signer is not None and self.given is None and not copies
                         and self.laptops is not None)
        return plan


def _identities(index: BundleIndex) -> list[tuple[str, str]]:
    """The logs of a bundle by (device, log id) as their headers say: what a record is told
    apart by across bundles (a log whose header cannot be read is never planned)."""
    return [(log.header.device_id.hex(), log.header.log_id.hex()) for log in index.logs if log.header is not None]


def _trust_changed(manifest: Mapping | None, signer_id: str | None) -> str | None:
    """What the coordinator must see of a laptop's trusted coordinator key (the manifest's
    ``trusted_keys``, FORMAT.md §2.4): a key in force that is not the signing key, a replaced or
    restored one (without a signing key to compare), or a trust file that could not be read."""
    history = (manifest or {}).get("trusted_keys")
    if not history:
        return None
    last = history[-1]
    if last["how"] == "damaged":
        return (f"its laptop's trusted coordinator key could not be read when it exported ({last['day']}): "
                "surveys it recorded with were not checked against your key")
    if signer_id is not None:
        if str(last["key"]).upper() != signer_id.upper():
            return (f"its laptop trusts another coordinator key ({last['key']}, {last['how']} {last['day']}), not "
                    f"your signing key ({signer_id}): it records with surveys that key signed")
        return None
    changed = [e for e in history if e["how"] in ("replaced", "restored")]
    if not changed:
        return None
    return (f"its laptop's trusted coordinator key was {changed[-1]['how']} on {changed[-1]['day']} "
            f"(now {last['key']}); without your signing key rrdesk cannot tell whether it is yours")


class _Decider:
    def __init__(self, laptops: Mapping[str, minisign.PublicKey] | None, ledger: Ledger | None,
                 options: Options, given: Survey | None = None, signing: bool = False, signed: bool = False) -> None:
        self.laptops, self.options, self.given, self.signing, self.signed = laptops, options, given, signing, signed
        self.signer_id: str | None = None  # the coordinator's signing key id, to compare a laptop's trusted key with
        self.trusted: dict[str, tuple[Survey, str]] = {}
        self.ledger = copy.deepcopy(ledger)  # why: decide is pure; the plan holds the ledger it leaves
        self.before = dict(ledger.logs) if ledger is not None else {}  # the entries of earlier runs
        # what the ledger said of each bundle (by number); a fork replays it instead of a ledger
        self.observed: dict[int, Observed] = {}
        self.replay: dict[int, Observed] | None = None
        self.surveys: dict[str, SurveyPlan] = {}
        self.bundles: list[BundlePlan] = []
        self.problems: list[tuple[int, Problem]] = []
        self.skipped: list[tuple[str, str]] = []
        self.seen: dict[tuple[str, str], Seen] = {}  # only logs that a bundle still to plan may hold again
        # why: the checks of a log are needed only to compare it with another copy of it; these
        # say which logs the bundles known but not planned yet hold (device, log id → members)
        self.total: int | None = None  # how many bundles there are (None: unknown, every log's checks kept)
        self.foreseen: set[int] = set()
        self.held: Counter[tuple[str, str]] = Counter()
        self.twice: frozenset[tuple[str, str]] = frozenset()  # logs held by two members of the bundle being planned
        self.conflicts: dict[tuple[str, str, int], dict[bytes, list[tuple[int, bool, tuple[str, str]]]]] = {}
        self.names: list[str] = []

    def fork(self) -> "_Decider":
        """This state for another choice of the copy that decides, without a ledger: the ledger
        is advanced by the same bundles whatever copy decides (only proven bundles advance it,
        copy or not), so this core advances it and the fork replays what it said."""
        ledger, self.ledger = self.ledger, None
        try:
            twin = copy.deepcopy(self)
        finally:
            self.ledger = ledger
        twin.replay = self.observed if self.replay is None else self.replay
        return twin

    def foresee(self, number: int, index: BundleIndex) -> None:
        """Count the logs of bundle ``number`` as held by a bundle still to plan (once)."""
        if number in self.foreseen:
            return
        self.foreseen.add(number)
        self.held.update(_identities(index))
        self._forget()

    def known(self) -> bool:
        """Whether every bundle's logs are known (then a log no bundle still to plan holds needs no check)."""
        return self.total is not None and len(self.foreseen) >= self.total

    def _forget(self) -> None:
        """Let go of the checks of the logs no bundle still to plan holds, once all are known."""
        if self.known():
            for key in [key for key in self.seen if self.held[key] <= 0]:
                del self.seen[key]

    def add(self, number: int, index: BundleIndex) -> None:
        assert number == len(self.bundles), "bundles are planned in the order given"
        self.foresee(number, index)
        mine = Counter(_identities(index))
        self.held.subtract(mine)
        self.twice = frozenset(key for key, n in mine.items() if n > 1)
        self.bundles.append(self._bundle(number, index))
        self.twice = frozenset()
        self._forget()

    def result(self, final: bool = False) -> Plan:
        drop, conflicts = self._resolve_conflicts() if final else ({}, [])
        return Plan(self.bundles, self.surveys, self.problems, self.skipped, drop, conflicts, self.ledger, self.names,
                    include_synthetic=self.options.include_synthetic,
                    accept_unverified=self.options.accept_unverified)

    def _bundle(self, number: int, index: BundleIndex) -> BundlePlan:
        file = index.file
        self.names.append(file)
        survey = index.survey
        if survey is None:  # not opened, or its survey copy unreadable: nothing is usable
            self.problems.extend((number, p) for p in index.problems)
            return BundlePlan(file, False, index.problems[0].what if index.problems else "unreadable")
        if self.options.survey_id is not None and survey.id != self.options.survey_id:
            self.skipped.append((file, survey.id))
            return BundlePlan(file, False, f'holds survey "{survey.id}"')
        into = self.surveys.get(survey.id)
        if into is None:  # the trusted copy decides, not whichever bundle comes first
            base, first = self.trusted.get(survey.id, (survey, file))
            trust = VersionTrust(base, self.given, self.signing, self.options.accept_unverified)
            into = self.surveys[survey.id] = SurveyPlan(base, first, [], {}, {}, [], trust=trust)
        into.problems.extend((number, p) for p in index.problems)
        checked = self.laptops is not None and index.manifest is not None
        accept = self.options.accept_unverified
        origin = index.verdicts.origin if checked else None
        if origin is not None:
            into.problems.append((number, Problem(file, None, f"{origin}; {ACCEPTED if accept else REFUSED}")))
            if not accept:
                return BundlePlan(file, False, origin)
        if checked:
            said = _trust_changed(index.manifest, self.signer_id)
            if said is not None:
                into.problems.append((number, Problem(file, None, said)))
        # each log's header signature: the same rule and words as the bundle's own (§2.8)
        unsigned = {name: Problem(p.file, p.record, f"{p.what}; {ACCEPTED if accept else REFUSED}", p.member)
                    for name, p in (index.verdicts.headers if checked else {}).items()}
        refused: frozenset[str] = frozenset()
        if origin is None and (self.ledger is not None or self.replay is not None):
            # why: only a bundle its laptop signed (and logs it began) may advance the ledger
            if self.replay is not None:
                seen = self.replay.get(number, Observed())
            else:
                assert self.ledger is not None
                view = ledger_view(index, skip=unsigned)
                seen = Observed()
                if view is not None:
                    seen = self.ledger.observe(view, self.options.now)
                    # why only against an earlier run's entry: two bundles of this run that differ
                    # are both here, and the rule for records that differ decides, whatever their order
                    logs, laptop = self.ledger.logs, (view.survey, view.device)
                    seen = replace(seen, refused=frozenset(
                        m for m in seen.refused if (key := (*laptop, m)) in self.before
                        and self.before[key] == logs.get(key)))
                self.observed[number] = seen
            refused = seen.refused
            into.problems.extend((number, replace(p, what=f"{p.what}; {ACCEPTED if accept else REFUSED}")
                                  if p.member in refused else p) for p in seen.problems)
        if survey.fingerprint != into.survey.fingerprint:
            into.problems.append((number, Problem(file, None, f'survey "{survey.id}" here has other '
                                                  f"questions or spinners than in {into.first}; "
                                                  "none of this bundle's records was used")))
            return BundlePlan(file, False, f"its survey copy has other questions or spinners than {into.first}")
        # why the recipients are not compared here: a copy may name other recipients for an honest
        # reason (the coordinator's key rotated); each record is checked against the deciding
        # copy's recipients when it is opened, so one sealed to more keys is left out by itself
        why = None
        if survey.version == into.survey.version and survey.content != into.survey.content:
            why = (f"its survey copy says other things than {into.first} under the same version "
                   f'"{survey.version}" (texts, choices or wording edited)')
        elif self.signed and checked and not index.verdicts.copy_signed:
            why = "its survey copy is not signed by your signing key (edited on the laptop, or never signed)"
        if why is not None:
            into.problems.append((number, Problem(file, None, f"{why}; {ACCEPTED if accept else REFUSED}",
                                                  SURVEY_FILE)))
            if not accept:
                return BundlePlan(file, False, why)
        into.bundles.append(file)
        assert into.trust is not None
        into.trust.add(index)
        left_out: dict[str, str] = {}
        for log in index.logs:
            into.problems.extend((number, p) for p in log.problems)
            if log.member in unsigned:
                into.problems.append((number, unsigned[log.member]))
                if not accept:
                    left_out[log.member] = unsigned[log.member].what
                    continue
            if log.member in refused and not accept:
                left_out[log.member] = "the ledger refuses it: shorter than before, or recorded over"
                continue
            header = log.header
            device = None if index.manifest is None else index.manifest.get("device")
            if header is not None and device is not None and header.device_id.hex() != device:
                # why: a device is its key: its bundle and log headers are signed with the key
                # enrolled for the bundle's device, so a log naming another laptop is a transplant
                what = (f"names laptop {header.device_id.hex()[:8]}, but the bundle is laptop {device[:8]}'s: a "
                        "device's logs are its own")
                into.problems.append((number, Problem(file, None, f"{what}; {ACCEPTED if accept else REFUSED}",
                                                      log.member)))
                if not accept:
                    left_out[log.member] = what
                    continue
            if header is None or header.survey_id != survey.id:
                left_out[log.member] = "unreadable" if header is None else f'of survey "{header.survey_id}"'
                continue  # reported by the checks: the log is unreadable or of another survey
            into.jobs.extend(self._select(number, into, index, log))
        return BundlePlan(file, True, "", left_out)

    def _select(self, number: int, into: SurveyPlan, index: BundleIndex,
                checked: LogIndex) -> list[tuple[opening.Job, int, int, int]]:
        """Jobs for the records of this log not already taken from an earlier bundle."""
        header = checked.header
        assert header is not None
        device, log = header.device_id.hex(), header.log_id.hex()
        device_index = into.devices.setdefault(device, len(into.devices))
        log_index = into.logs.setdefault((device, log), len(into.logs))
        clean = not checked.problems
        named = {p.record for p in checked.problems if p.record is not None}
        checks: bytes | bytearray = checked.checks
        if any(seq < checked.count for seq in named):  # why: copied only when a record must be marked
            checks = bytearray(checks)
            for seq in named:
                if seq < checked.count:
                    checks[32 * seq:32 * seq + 32] = UNUSABLE
        key = (device, log)
        extra: list[int] = []
        if key not in self.seen and self.known() and self.held[key] <= 0 and key not in self.twice:
            # why no check is kept: no other bundle or member holds this log, so none of its
            # records has another copy to tell apart (a record is known by device, log and seq)
            return self._jobs(number, into, index, checked, usable(checks), device_index, log_index)
        seen = self.seen.setdefault(key, Seen(bytearray(), array("I"), []))
        seen.versions.append((number, clean))
        version = len(seen.versions) - 1
        shared = min(len(seen.checks) // 32, checked.count)  # seqs seen before this bundle
        fresh = take_new(seen, checks, version)
        for seq in differing(seen, checks, shared):
            at = slice(32 * seq, 32 * seq + 32)
            check = bytes(checks[at])
            if seen.checks[at] == UNUSABLE and check != UNUSABLE:
                seen.own()[at], seen.source[seq] = check, version
            elif check == UNUSABLE:
                continue
            else:
                self._conflict(device, log, seq, seen, bytes(seen.checks[at]), check, number, clean,
                               (index.file, checked.member))
            extra.append(seq)
        wanted = np.sort(np.concatenate((fresh, np.array(extra, dtype=np.int64)))) if extra else fresh
        return self._jobs(number, into, index, checked, wanted, device_index, log_index)

    def _jobs(self, number: int, into: SurveyPlan, index: BundleIndex, checked: LogIndex, wanted: np.ndarray,
              device_index: int, log_index: int) -> list[tuple[opening.Job, int, int, int]]:
        """The jobs opening the records ``wanted`` (sorted seqs) of a log, in runs of at most a chunk."""
        header = checked.header
        assert header is not None
        jobs = []
        chunk = self.options.chunk
        for first, last in runs(wanted):
            for start in range(first, last + 1, chunk):
                stop = min(start + chunk, last + 1)
                prev = (checked.offsets[start - 1], checked.lengths[start - 1]) if start else None
                job = opening.Job(index.file, index.digest, header, into.survey, start, checked.offsets[start:stop],
                                  checked.lengths[start:stop], prev, checked.member)
                jobs.append((job, number, device_index, log_index))
        return jobs

    def _conflict(self, device: str, log: str, seq: int, seen: Seen, old: bytes, new: bytes,
                  number: int, clean: bool, where: tuple[str, str]) -> None:
        versions = self.conflicts.setdefault((device, log, seq), {})
        if not versions:
            first_bundle, first_clean = seen.versions[seen.source[seq]]
            versions[old] = [(first_bundle, first_clean, ("", ""))]
        versions.setdefault(new, []).append((number, clean, where))

    def _resolve_conflicts(self) -> tuple[dict[tuple[str, str, int], int | None], list[tuple[str, tuple[int, Problem]]]]:
        """(device, log, seq) → the bundle whose copy is used (None: no copy); and the problems
        saying so, each with its survey id: one per log and bundle, from the first record that
        differs (a restore recorded over differs in every record after it)."""
        decided: dict[tuple[str, str, int], int | None] = {}
        grouped: dict[tuple[str, str, int, str, str, int, str], list[int]] = {}
        for (device, log, seq), versions in sorted(self.conflicts.items()):
            trusted = [sources for sources in versions.values() if any(clean for _, clean, _ in sources)]
            keep = trusted[0][0][0] if len(trusted) == 1 else None
            decided[(device, log, seq)] = keep
            first = next(iter(versions.values()))[0][0]
            if keep is None:
                why = "neither copy was used: " + ("both logs verified" if len(trusted) > 1 else "neither log verified")
            else:
                why = f"the copy in {self.names[keep]} was used: only its log verified"
            for sources in list(versions.values())[1:]:
                for number, _, (file, member) in sources:
                    grouped.setdefault((device, log, number, file, member, first, why), []).append(seq)
        said: list[tuple[str, tuple[int, Problem]]] = []
        for (device, log, number, file, member, first, why), seqs in grouped.items():
            sid = next(s for s in self.surveys.values() if (device, log) in s.logs).survey.id
            what = (f"differs from the same record in {self.names[first]}; {why}" if len(seqs) == 1 else
                    f"{len(seqs)} records, from record {seqs[0]} to {seqs[-1]}, differ from the same records in "
                    f"{self.names[first]}; {why}")
            said.append((sid, (number, Problem(file, seqs[0], what, member))))
        return decided, said
