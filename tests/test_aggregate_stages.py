"""Aggregation in explicit stages: each bundle opened once to index and once for its records, and
custody decided by one pure function from indexes a test builds by hand (no file, no key)."""
from __future__ import annotations

import hashlib
import os
from array import array
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from rrdesk.core import survey as surveys
from rrdesk.core.problems import Problem
from rrdesk.store import bundle, log
from rrdesk.store.bundle import BundleIndex, LogIndex, Verdicts
from rrdesk.store.collect import Options, decide
from rrdesk.store.ledger import Ledger
from tests.cli_runs import export, rrdesk, simulate
from tests.conftest import DEMO
from tests.test_aggregate import KEY, SID

SURVEY = surveys.load(DEMO)
DEVICE = bytes(range(16))
ENROLLED = {DEVICE.hex(): object()}  # decide only asks whether origins are checked, never the keys


@pytest.fixture(scope="module")
def field(tmp_path_factory):
    """Two laptops of the demo survey, one bundle each: (data folder, bundle)."""
    base = tmp_path_factory.mktemp("stages")
    runs = {}
    for name, n, seed in (("a", 12, 21), ("b", 8, 22)):
        data = base / f"laptop-{name}"
        simulate(data, n, seed)
        runs[name] = (data, export(data, base / f"stick-{name}"))
    return runs


# -- opens --------------------------------------------------------------------------------------


def test_a_real_aggregate_opens_each_bundle_once_to_index_and_once_for_its_records(field, monkeypatch):
    bundles = [str(field["a"][1]), str(field["b"][1])]
    opened: Counter[str] = Counter()
    real = os.open

    def counting(path, *args, **kwargs):  # every open of a file goes through os.open
        if str(path) in bundles:
            opened[str(path)] += 1
        return real(path, *args, **kwargs)
    monkeypatch.setattr(os, "open", counting)
    code, out, err = rrdesk("aggregate", *bundles, "-i", KEY, "--json", "--workers", "1")
    assert code in (0, 1) and '"records"' in out, err
    assert opened == {bundles[0]: 2, bundles[1]: 2}  # (was 4 each: surveys, candidates, index, records)


def test_copies_that_tie_decrypt_each_record_once(field, tmp_path, monkeypatch):
    """Two copies of the demo survey held by one bundle each, beside a bundle of another survey:
    each tied copy's plan is counted, yet no bundle's records are opened twice."""
    from tests.test_hostile import _respun, reseal
    edited = reseal(field["a"][1], tmp_path / "edited.tar.age", _respun, field["a"][0])
    spanish = tmp_path / "laptop-es"
    code, _, err = rrdesk("simulate", Path(__file__).parent / "surveys" / "spanish.toml", "--data", spanish,
                          "-n", 3, "--seed", 5)
    assert code == 0, err
    other = export(spanish, tmp_path / "stick-es", "trabajo-es")
    bundles = [str(field["b"][1]), str(edited), str(other)]
    import rrdesk.store.collect._opening as opening
    decrypted: Counter[str] = Counter()
    real = opening.open_job

    def counting(job, *args):  # every record is decrypted through open_job, in this process here
        decrypted[job.file] += job.count
        return real(job, *args)
    monkeypatch.setattr(opening, "open_job", counting)
    from rrdesk.store import keys
    from rrdesk.store.collect import collect
    found = collect([Path(b) for b in bundles], keys.load_identities(KEY), workers=1,
                    include_synthetic=True)  # as the Results view
    assert found.surveys[SID].bundles == (str(edited),)  # its 12 interviews fit, against 8
    assert "other questions or spinners" in found.surveys[SID].problems[0].what
    assert found.surveys["trabajo-es"].records == 27 and found.surveys[SID].records > 0
    held = {b: sum(lg.count for lg in bundle.index_bundle(Path(b), keys.load_identities(KEY)).logs) for b in bundles}
    assert decrypted == held  # each record once (the other survey's were decrypted once per tied copy)


# -- indexes by hand -----------------------------------------------------------------------------


def _log(member: str, count: int, *, log_id: bytes = b"L" * 16, survey_id: str = SID, tag: bytes = b"r",
         problems: tuple[Problem, ...] = ()) -> LogIndex:
    header = log.Header(survey_id, DEVICE, log_id, "2026-01-01", b"k", bytes(32))
    checks = b"".join(hashlib.sha256(b"check" + tag + bytes([i])).digest() for i in range(count))
    return LogIndex(member, header, problems, array("q", range(0, 1000 * count, 1000)), array("I", [900] * count),
                    checks)


def _index(file: str, *logs: LogIndex, survey=SURVEY, verdicts: Verdicts = Verdicts(),
           exported: str = "2026-01-02T00:00:00Z") -> BundleIndex:
    manifest = {"survey": survey.id, "device": DEVICE.hex(), "exported": exported,
                "logs": [{"name": lg.member, "records": lg.count} for lg in logs]}
    return BundleIndex(file, survey, logs, (), file.encode().ljust(32, b"-"), 1, manifest, verdicts=verdicts)


def _opened(plan) -> dict[str, list[tuple[int, int]]]:
    """Per bundle, the runs of records the plan opens (first, count)."""
    runs: dict[str, list[tuple[int, int]]] = {}
    for survey in plan.surveys.values():
        for job, number, _, _ in survey.jobs:
            runs.setdefault(plan.names[number], []).append((job.first, job.count))
    return runs


def _problems(plan) -> list[tuple[str, str]]:
    return [(p.file, p.what) for s in plan.surveys.values() for _, p in s.problems]


def test_without_custody_every_readable_record_is_opened_once():
    a, b = _index("a", _log("x.rrlog", 3)), _index("b", _log("x.rrlog", 5))  # b: the same log, grown
    plan = decide([a, b], None, None, None, None)
    assert _opened(plan) == {"a": [(0, 3)], "b": [(3, 2)]}
    assert [(p.file, p.used) for p in plan.bundles] == [("a", True), ("b", True)]
    assert plan.ledger is None and not plan.tied and not plan.unsigned


def test_a_bundle_whose_origin_is_not_proven_is_left_out_unless_accepted():
    lost = Verdicts(origin="from laptop 00010203 (key X), which is not enrolled")
    indexes = [_index("a", _log("x.rrlog", 3), verdicts=lost)]
    refused = decide(indexes, None, ENROLLED, None, None)
    assert _opened(refused) == {} and not refused.bundles[0].used
    assert _problems(refused) == [("a", lost.origin + "; none of its records was used (--accept-unverified uses them)")]
    accepted = decide(indexes, None, ENROLLED, None, None, Options(accept_unverified=True))
    assert _opened(accepted) == {"a": [(0, 3)]}
    assert _problems(accepted) == [("a", lost.origin + "; its records were used (--accept-unverified)")]
    assert _opened(decide(indexes, None, None, None, None)) == {"a": [(0, 3)]}  # origins not checked


def test_a_log_whose_header_signature_fails_is_left_out_and_the_other_logs_used():
    failed = Problem("a", None, "the header signature fails", "x.rrlog")
    verdicts = Verdicts(headers={"x.rrlog": failed})
    indexes = [_index("a", _log("x.rrlog", 3), _log("y.rrlog", 2, log_id=b"M" * 16, tag=b"s"), verdicts=verdicts)]
    plan = decide(indexes, None, ENROLLED, None, None)
    assert _opened(plan) == {"a": [(0, 2)]} and plan.bundles[0].used
    assert set(plan.bundles[0].logs) == {"x.rrlog"}
    assert _opened(decide(indexes, None, ENROLLED, None, None, Options(accept_unverified=True))) == {"a": [(0, 3), (0, 2)]}


def test_the_ledger_names_a_shorter_and_a_diverged_log_and_is_never_changed_in_place():
    longer, other = _log("x.rrlog", 5), _log("x.rrlog", 5, tag=b"o")
    ledger = Ledger()
    first = decide([_index("a", longer)], None, ENROLLED, ledger, None)
    assert ledger == Ledger() and first.ledger is not None and first.ledger != ledger  # pure: the plan holds it
    shorter = decide([_index("b", _log("x.rrlog", 3), exported="2026-01-03T00:00:00Z")], None, ENROLLED,
                     first.ledger, None)
    assert [what for _, what in _problems(shorter)] == [
        "has 3 records; an earlier bundle held 5 (records removed, or an old copy restored); none of its records was "
        "used (--accept-unverified uses them)"]
    assert _opened(shorter) == {} and shorter.bundles[0].logs == {
        "x.rrlog": "the ledger refuses it: shorter than before, or recorded over"}
    diverged = decide([_index("c", other, exported="2026-01-03T00:00:00Z")], None, ENROLLED, first.ledger, None)
    assert [what for _, what in _problems(diverged)] == [
        "differs from what an earlier bundle held here, in its first 5 records: an old copy was restored and recorded "
        "over; none of its records was used (--accept-unverified uses them)"]
    unproven = Verdicts(origin="unsigned")
    later = decide([_index("d", other, verdicts=unproven, exported="2026-01-03T00:00:00Z")], None, ENROLLED,
                   first.ledger, None, Options(accept_unverified=True))
    assert later.ledger == first.ledger  # only a proven bundle is compared with the ledger and advances it


def test_records_that_differ_between_bundles_are_resolved_in_the_plan():
    clean = _log("x.rrlog", 2)
    damaged = _log("x.rrlog", 2, tag=b"d", problems=(Problem("b", 1, "its tag fails", "x.rrlog"),))
    plan = decide([_index("a", clean), _index("b", damaged)], None, None, None, None)
    assert plan.drop == {(DEVICE.hex(), (b"L" * 16).hex(), 0): 0}  # the copy whose log verified
    assert [p.what for _, (_, p) in plan.conflicts] == [
        "differs from the same record in a; the copy in a was used: only its log verified"]


def test_only_a_copy_the_signing_key_signed_may_decide():
    edited = surveys.loads(DEMO.read_text(encoding="utf-8").replace("epsilon = 1.0986122886681098", "epsilon = 0.5", 1))
    signed, unsigned = Verdicts(copy_signed=True), Verdicts()
    indexes = [_index("a", _log("x.rrlog", 2), survey=edited, verdicts=unsigned),
               _index("b", _log("y.rrlog", 2, log_id=b"M" * 16), verdicts=signed)]
    signer = object()  # decide only asks whether there is one
    plan = decide(indexes, None, ENROLLED, None, signer)
    assert plan.surveys[SID].survey.fingerprint == SURVEY.fingerprint and not plan.tied
    assert [p.used for p in plan.bundles] == [False, True]
    assert "other questions or spinners" in plan.bundles[0].why
    nothing = decide(indexes[:1], None, ENROLLED, None, signer)
    assert nothing.unsigned  # the app asks for --survey
    assert not decide(indexes[:1], SURVEY, ENROLLED, None, signer).unsigned  # the file given decides


def test_copies_held_by_as_many_bundles_are_each_planned_for_the_count_to_choose():
    edited = surveys.loads(DEMO.read_text(encoding="utf-8").replace("epsilon = 1.0986122886681098", "epsilon = 0.5", 1))
    indexes = [_index("a", _log("x.rrlog", 2), survey=edited), _index("b", _log("x.rrlog", 2))]
    plan = decide(indexes, None, None, None, None)
    assert len(plan.tied) == 1
    assert [p.used for p in plan.bundles] == [True, False] and [p.used for p in plan.tied[0].bundles] == [False, True]


def test_copies_that_tie_are_planned_with_the_ledger_advanced_once(monkeypatch):
    edited = surveys.loads(DEMO.read_text(encoding="utf-8").replace("epsilon = 1.0986122886681098", "epsilon = 0.5", 1))
    first = decide([_index("a", _log("x.rrlog", 5))], None, ENROLLED, Ledger(), None)
    observed: Counter[str] = Counter()
    real = Ledger.observe

    def counting(self, view, now=None):
        observed[view.name] += 1
        return real(self, view, now)
    monkeypatch.setattr(Ledger, "observe", counting)
    indexes = [_index("b", _log("x.rrlog", 3), survey=edited, exported="2026-01-03T00:00:00Z"),
               _index("c", _log("x.rrlog", 5), exported="2026-01-03T00:00:00Z")]
    plan = decide(indexes, None, ENROLLED, first.ledger, None)
    assert len(plan.tied) == 1 and plan.tied[0].ledger is plan.ledger
    assert observed == {"b": 1, "c": 1}  # (was once per tied copy, on a copy of the ledger)
    shorter = ("has 3 records; an earlier bundle held 5 (records removed, or an old copy restored); none of its "
               "records was used (--accept-unverified uses them)")
    ledger_said = [[w for _, w in _problems(p) if "records" in w and "earlier bundle" in w] for p in (plan, *plan.tied)]
    assert ledger_said == [[shorter], [shorter]]


def test_the_index_keeps_each_frames_check_as_the_log_holds_it(field):
    index = bundle.index_bundle(field["a"][1], [])  # no identity: nothing opens
    assert index.logs == ()
    from rrdesk.store import keys
    index = bundle.index_bundle(field["a"][1], keys.load_identities(KEY))
    for logged in index.logs:
        assert len(logged.checks) == 32 * logged.count > 0
        path = next((field["a"][0] / SID).rglob(Path(logged.member).name))
        frames = log.scan(path.read_bytes(), str(path)).frames
        assert [logged.check_at(i) for i in range(logged.count)] == [f.check for f in frames]


def test_bundles_are_planned_as_soon_as_the_copy_that_decides_is_certain():
    from rrdesk.store.collect._plan import Decider
    edited = surveys.loads(DEMO.read_text(encoding="utf-8").replace("epsilon = 1.0986122886681098", "epsilon = 0.5", 1))
    genuine = [_index(name, _log("x.rrlog", 2, log_id=name.encode() * 16)) for name in "abc"]
    decider = Decider(3, None, None, None, None)
    decider.add(genuine[0])
    assert decider.plan.bundles == []  # one of three: the other two could still outvote it
    decider.add(genuine[1])
    assert [p.file for p in decider.plan.bundles] == ["a", "b"]  # two of three: certain, opened now
    odd = _index("d", _log("x.rrlog", 2, log_id=b"d" * 16), survey=edited)
    decider.add(odd)
    at_once = decide(genuine[:2] + [odd], None, None, None, None)  # the same plan as all at once
    assert _opened(decider.finish()) == _opened(at_once) == {"a": [(0, 2)], "b": [(0, 2)]}
    given = Decider(2, SURVEY, None, None, None)
    given.add(_index("e", _log("x.rrlog", 2), survey=edited))  # the file given decides at once
    assert [(p.file, p.used) for p in given.plan.bundles] == [("e", False)]


def test_which_copy_reads_each_version_is_decided_from_the_indexes():
    """The plan trusts a version's copy by the rule of the copy that decides, no record opened."""
    text = DEMO.read_text(encoding="utf-8")
    assert "\nversion =" not in text
    second, first = (text.replace("[survey]\n", f'[survey]\nversion = "{v}"\n', 1) for v in "21")
    current = surveys.loads(second)
    a = _index("a", _log("x.rrlog", 2), survey=current)
    b = replace(_index("b", _log("y.rrlog", 2, log_id=b"M" * 16), survey=current),
                survey_text=second.encode(), versions={"1.toml": first.encode()})  # b kept version 1's copy
    trust = decide([a, b], None, None, None, None).surveys[SID].trust
    assert trust is not None and trust.of("2") == (current, None)
    copy, why = trust.of("1")
    assert why is None and copy is not None and copy.version == "1"
    assert trust.of("3") == (None, "no bundle holds its survey copy")
    signing = object()  # decide only asks whether there is one; only each survey.toml was signed with it
    a, b = (replace(x, verdicts=Verdicts(copy_signed=True, signed_copies=frozenset({"survey.toml"}))) for x in (a, b))
    signed = decide([a, b], None, ENROLLED, None, signing).surveys[SID].trust
    assert signed is not None and signed.of("1") == (None, "no bundle holds a copy signed by your signing key")
    accepting = decide([a, b], None, ENROLLED, None, signing, Options(accept_unverified=True)).surveys[SID].trust
    assert accepting is not None
    copy, why = accepting.of("1")
    assert why and copy is not None and copy.version == "1"  # used anyway, read with the best copy there is


def test_a_laptop_trusting_another_coordinator_key_is_named():
    """The manifest's trusted_keys (FORMAT.md §2.4): the coordinator sees a replaced key."""
    from rrdesk.store import minisign
    mine = minisign.PublicKey(key_id=bytes(range(8)), key=bytes(32))
    history = [{"day": "2026-11-01", "how": "survey", "key": mine.fingerprint},
               {"day": "2026-11-20", "how": "replaced", "key": "00000000DEADBEEF"}]
    index = _index("a", _log("x.rrlog", 2), verdicts=Verdicts(copy_signed=True))
    index.manifest["trusted_keys"] = history
    said = [w for _, w in _problems(decide([index], SURVEY, ENROLLED, None, mine, survey_signed=True))]
    assert said == [f"its laptop trusts another coordinator key (00000000DEADBEEF, replaced 2026-11-20), not your "
                    f"signing key ({mine.fingerprint}): it records with surveys that key signed"]
    index.manifest["trusted_keys"] = history[:1] + [{**history[1], "key": mine.fingerprint}]
    assert _problems(decide([index], SURVEY, ENROLLED, None, mine, survey_signed=True)) == []  # back to yours
    assert "was replaced on 2026-11-20" in _problems(decide([index], SURVEY, ENROLLED, None, None))[0][1]


def test_progress_counts_every_record_and_a_no_stops_with_nothing_written(field, tmp_path):
    from rrdesk.app import aggregate as use_case
    from rrdesk.core.errors import Cancelled
    told: list[tuple[int, int]] = []
    bundles = [field["a"][1], field["b"][1]]
    checks = use_case.Checks(ledger=tmp_path / "coordinator.ledger")
    found = use_case.compute(bundles, KEY, None, None, workers=1, checks=checks, include_synthetic=True,
                             progress=lambda done, planned: told.append((done, planned)) or True)
    assert told[-1] == (found.data.records, found.data.records) == (20 * 9, 20 * 9)
    assert all(a[0] <= b[0] and a[1] <= b[1] for a, b in zip(told, told[1:]))  # never backwards
    ledger = tmp_path / "other.ledger"
    with pytest.raises(Cancelled, match="cancelled: nothing was written"):
        use_case.compute(bundles, KEY, None, None, workers=1, checks=use_case.Checks(ledger=ledger),
                         progress=lambda done, planned: done == 0)
    assert not ledger.exists()


def test_the_side_files_beside_every_identity_given_are_read(field, tmp_path, monkeypatch):
    """After a key rotation the Results view is given two identity files; the laptops enrolled
    beside the second count as the command line's -i -i does (issue #26, point 7)."""
    import shutil

    from rrdesk.app import aggregate as use_case
    from rrdesk.app import enrollment
    from tests.test_custody import enroll
    monkeypatch.delenv(enrollment.LAPTOPS_ENV)
    monkeypatch.delenv(use_case.LEDGER_ENV)
    old, new = tmp_path / "old.key", tmp_path / "new.key"
    for key in (old, new):
        shutil.copy2(KEY, key)
    enroll(field["a"][0], tmp_path / "new.laptops", tmp_path / "stick-enroll")
    alone = use_case.compute([field["a"][1]], [old], None, None, workers=1, include_synthetic=True)
    assert alone.results is not None and alone.results.interviews == 0  # not enrolled beside old.key
    both = use_case.compute([field["a"][1]], [old, new], None, None, workers=1, include_synthetic=True)
    assert both.results is not None and both.results.interviews == 12 and both.problems == ()
    code, out, err = rrdesk("verify", field["a"][1], "-i", old)
    assert code == 1 and "not enrolled" in out, (out, err)
    code, out, err = rrdesk("verify", field["a"][1], "-i", old, "-i", new)  # verify reads them all too
    assert code == 0, (out, err)


# -- frame checks kept only for the logs held twice (issue 33: memory per record) --------------------


def _planned(decider, *indexes, foresee: bool = True):
    """Add ``indexes`` to ``decider`` (each shown beforehand, as the engine does once the workers
    have indexed it); per add, the logs whose checks the planner keeps."""
    if foresee:
        for number, index in enumerate(indexes):
            decider.foresee(number, index)
    kept = []
    for index in indexes:
        decider.add(index)
        kept.append({log: len(seen.checks) // 32 for (_, log), seen in decider._core.seen.items()})
    return kept


def test_a_log_held_by_one_bundle_is_planned_without_keeping_its_checks(monkeypatch):
    import rrdesk.store.collect._plan as planning
    x, y = b"L" * 16, b"M" * 16
    a = _index("a", _log("x.rrlog", 3, log_id=x), _log("y.rrlog", 4, log_id=y, tag=b"y"))
    b = _index("b", _log("y.rrlog", 6, log_id=y, tag=b"y"))  # y grown: the same first 4 records
    stored = []
    real = planning.take_new
    monkeypatch.setattr(planning, "take_new", lambda seen, checks, version: stored.append(len(checks) // 32)
                        or real(seen, checks, version))
    decider = planning.Decider(2, SURVEY, None, None, None)
    kept = _planned(decider, a, b)
    assert kept == [{y.hex(): 4}, {}]  # y's checks let go once b is planned
    assert stored == [4, 6]  # x is held once: its checks were never stored
    plan = decider.finish()
    assert _opened(plan) == _opened(decide([a, b], SURVEY, None, None, None)) == {"a": [(0, 3), (0, 4)], "b": [(4, 2)]}
    assert plan.conflicts == [] and plan.drop == {}


def test_checks_are_let_go_once_every_bundle_is_known():
    from rrdesk.store.collect._plan import Decider
    a, b, c = (_index(n, _log("x.rrlog", 2, log_id=n.encode() * 16)) for n in "abc")
    decider = Decider(3, SURVEY, None, None, None)
    kept = _planned(decider, a, b, c, foresee=False)  # none shown beforehand: c's logs known only when added
    assert kept == [{(b"a" * 16).hex(): 2}, {(b"a" * 16).hex(): 2, (b"b" * 16).hex(): 2}, {}]
    assert _opened(decider.finish()) == {"a": [(0, 2)], "b": [(0, 2)], "c": [(0, 2)]}


@pytest.mark.parametrize("shown", [True, False])
def test_a_conflicting_copy_of_a_record_in_a_log_two_bundles_hold_is_still_caught(shown):
    from rrdesk.store.collect._plan import Decider
    clean = _log("x.rrlog", 3)
    other = _log("x.rrlog", 3, tag=b"d")  # every record differs: a copy altered, its log damaged
    other = replace(other, checks=clean.checks[:32] + other.checks[32:],
                    problems=(Problem("b", 2, "its tag fails", "x.rrlog"),))
    single = _log("z.rrlog", 2, log_id=b"Z" * 16, tag=b"z")
    decider = Decider(2, SURVEY, None, None, None)
    _planned(decider, _index("a", clean, single), _index("b", other), foresee=shown)
    plan = decider.finish()
    key = (DEVICE.hex(), (b"L" * 16).hex())
    assert plan.drop == {(*key, 1): 0}  # record 1 differs; 2 is damaged in b (left out, no conflict)
    assert [p.what for _, (_, p) in plan.conflicts] == [
        "differs from the same record in a; the copy in a was used: only its log verified"]
    assert _opened(plan) == {"a": [(0, 3), (0, 2)], "b": [(1, 1)]}


def test_a_log_held_twice_in_one_bundle_is_still_compared():
    from rrdesk.store.collect._plan import Decider
    first, copy = _log("x.rrlog", 2), _log("x-copy.rrlog", 2, tag=b"o")  # one log id, other bytes
    decider = Decider(1, SURVEY, None, None, None)
    assert _planned(decider, _index("a", first, copy)) == [{}]
    plan = decider.finish()
    assert sorted(plan.drop) == [(DEVICE.hex(), (b"L" * 16).hex(), seq) for seq in (0, 1)]
    assert len(plan.conflicts) == 1


def test_the_engine_shows_the_planner_each_index_done_ahead_of_its_turn():
    from concurrent.futures import Future

    from rrdesk.store.collect import Engine
    shown = []
    engine = Engine([], 1)
    futures = [Future() for _ in range(4)]
    for number in (1, 3):
        futures[number].set_result(_index(str(number), _log("x.rrlog", 1)))
    engine._ahead, engine._ahead_at, engine._foresee = [None, *futures[1:]], 1, lambda n, index: shown.append(n)
    engine._look_ahead()
    assert shown == [1]  # 2 is not done: the planner needs every index, so it waits for it
    futures[2].set_result(_index("2", _log("x.rrlog", 1)))
    engine._look_ahead()
    assert shown == [1, 2, 3]


def test_a_logs_first_checks_are_kept_without_a_copy_and_never_changed():
    from rrdesk.store.collect._plan import Decider
    first = _log("x.rrlog", 3)
    first = replace(first, checks=bytearray(first.checks))  # as the index holds them: changeable
    held = bytes(first.checks)
    a, b = _index("a", first), _index("b", _log("x.rrlog", 5))  # b: the same log, grown
    decider = Decider(3, SURVEY, None, None, None)  # a third bundle to come: the checks are kept
    decider.add(a)
    assert decider._core.seen[(DEVICE.hex(), (b"L" * 16).hex())].checks is first.checks  # not copied
    decider.add(b)
    assert first.checks == held  # b's records were added to a copy
    assert len(decider._core.seen[(DEVICE.hex(), (b"L" * 16).hex())].checks) == 5 * 32
    assert _opened(decider.plan) == {"a": [(0, 3)], "b": [(3, 2)]}
