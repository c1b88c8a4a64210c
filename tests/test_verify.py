"""`rrdesk verify` and `rrdesk extract`: every intact record counted, every damage named."""
from __future__ import annotations

import json
import secrets
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rrdesk.core import survey as surveys
from rrdesk.core.errors import InputError, StoreError
from rrdesk.store import age, log, records
from rrdesk.store.bundle import export
from rrdesk.store.log import _frames
from rrdesk.store.verify import Report, extract, verify
from tests.conftest import (
    DEMO,
    DEMO_KEY,
    NOW,
    demo_identities,
    needs_age,
    record_interviews,
    record_v1_interviews,
    sealed_log,
    tiny_survey,
)

PER_INTERVIEW = 9  # the demo survey: a start record and two records for each of four randomized questions


@pytest.fixture(scope="module")
def clean(tmp_path_factory) -> Path:
    data = tmp_path_factory.mktemp("clean") / "data"
    record_interviews(DEMO, data, 3)
    return data


@pytest.fixture
def data(clean, tmp_path) -> Path:
    """A copy of the clean data folder that a test may damage."""
    return Path(shutil.copytree(clean, tmp_path / "data"))


def the_log(data: Path, survey_id: str = "workplace-demo") -> Path:
    [path] = (data / survey_id).glob("*.rrlog")
    return path


def problems_of(report: Report) -> list[tuple[str, int | None, str]]:
    return [(Path(p.file.split(":")[-1]).name, p.record, p.what) for p in report.problems]


@pytest.mark.parametrize("with_identity", [False, True])
def test_a_clean_data_folder_and_its_log_verify_with_every_record_and_no_problem(clean, with_identity):
    identities = demo_identities() if with_identity else None
    for path in (clean, clean / "workplace-demo", the_log(clean)):
        report = verify(path, identities)
        assert (report.records, report.problems, report.files) == (3 * PER_INTERVIEW, (), 1), path


def test_a_clean_bundle_verifies_with_an_identity_and_asks_for_one_without(clean, tmp_path):
    bundle = export(clean, "workplace-demo", tmp_path, now=NOW)
    report = verify(bundle, demo_identities())
    assert (report.records, report.problems, report.files) == (3 * PER_INTERVIEW, (), 1)
    with pytest.raises(InputError, match="a bundle is encrypted: give -i IDENTITY"):
        verify(bundle)


def test_the_json_report_has_records_and_problems_naming_file_and_record(data):
    the_log(data).write_bytes(the_log(data).read_bytes()[:-1])
    got = verify(data).as_json()
    assert got["records"] == 3 * PER_INTERVIEW - 1
    assert {"file", "record", "what"} == set(got["problems"][0])
    json.dumps(got)


def test_a_flipped_byte_in_a_record_is_a_problem_naming_that_record(data):
    path = the_log(data)
    raw = bytearray(path.read_bytes())
    frame = log.scan(bytes(raw), "x").frames[7]
    raw[frame.offset + _frames.FRAME_PREFIX + 100] ^= 0x01
    path.write_bytes(bytes(raw))
    report = verify(data)
    assert report.records == 7
    assert problems_of(report)[0][:2] == (path.name, 7)
    assert "check does not match" in report.problems[0].what


def _rewrite_from(path: Path, index: int, blob: bytes) -> int:
    """Replace record ``index``'s blob and re-chain every record after it, as someone holding
    the laptop can: the checks are keyless, but the tags need keys they do not have."""
    found = log.scan(path.read_bytes(), str(path))
    data = bytearray(path.read_bytes()[:found.frames[index].offset])
    prev, wrong_key = found.frames[index].prev, secrets.token_bytes(32)
    for frame in found.frames[index:]:
        encoded = _frames.encode_frame(frame.seq, blob if frame.seq == index else frame.blob, prev, wrong_key)
        data += encoded
        prev = encoded[-_frames.DIGEST_SIZE:]
    path.write_bytes(bytes(data))
    return len(found.frames)


def test_a_record_altered_with_the_chain_repaired_is_caught_only_by_the_tags(data):
    path = the_log(data)
    identities = demo_identities()
    survey = surveys.load(DEMO)
    old = records.parse(age.decrypt(log.scan(path.read_bytes(), "x").frames[11].blob, identities))
    assert old.kind == "answer" and old.question == "unhappy"  # interview 2, its first answer
    forged = records.Record(**{**vars(old), "answer": "no" if old.answer == "yes" else "yes"})
    blob = age.encrypt(records.pad(forged, records.record_size(survey)), survey.recipients)
    count = _rewrite_from(path, 11, blob)
    assert verify(data).problems == ()  # framing, sequence, chain and key file all look fine
    report = verify(data, identities)
    assert [(p.record, p.what) for p in report.problems] == [
        (seq, "tag does not verify (altered, or written with another key)") for seq in range(11, count)]


def test_a_last_record_cut_off_at_a_record_boundary_is_caught_by_the_key_file(data):
    path = the_log(data)
    found = log.scan(path.read_bytes(), str(path))
    path.write_bytes(path.read_bytes()[:found.frames[-1].offset])
    report = verify(data)
    assert report.records == 3 * PER_INTERVIEW - 1
    assert problems_of(report) == [(path.name, 26, "missing: the key file says 27 records were saved, "
                                                    "26 are intact")]


def test_a_key_file_rewritten_to_match_a_cut_log_is_caught_with_the_identity(data):
    path = the_log(data)
    found = log.scan(path.read_bytes(), str(path))
    path.write_bytes(path.read_bytes()[:found.frames[-1].offset])
    # what someone holding the laptop can write: the right index, but not the right key
    log.key_path(path).write_bytes(_frames.encode_key_file(found.header.log_id, 26, secrets.token_bytes(32)))
    assert verify(data).problems == ()
    assert problems_of(verify(data, demo_identities())) == [
        (log.key_path(path).name, None, "the key file's key is not this log's key number 26 (replaced or altered)")]


def test_a_wrong_identity_is_a_problem_not_an_error(clean):
    report = verify(clean, [age.Identity.generate()])
    assert report.records == 3 * PER_INTERVIEW
    assert [p.what for p in report.problems] == ["first key cannot be decrypted with this identity",
                                                "no record can be decrypted with this identity"]


def test_a_log_of_another_survey_placed_in_the_folder_is_a_problem(data, tmp_path):
    coordinator = age.Identity.generate()
    other = tmp_path / "other"
    record_interviews(tiny_survey(tmp_path, [coordinator.recipient]), other, 1)
    stray = the_log(other, "tiny-2026")
    for path in (stray, log.key_path(stray)):
        shutil.copy(path, data / "workplace-demo" / path.name)
    report = verify(data)
    assert report.files == 2 and report.records == 3 * PER_INTERVIEW + 5  # the tiny survey: 1 + 2 × 2
    assert problems_of(report) == [  # and this laptop never signed its header (FORMAT.md §1.11)
        (stray.name, None, f"{stray.name}.minisig is missing: nothing proves laptop {stray.name[:8]} began this log"),
        (stray.name, None, 'is a log of survey "tiny-2026", not of "workplace-demo"')]


def test_a_missing_key_file_is_a_problem(data):
    log.key_path(the_log(data)).unlink()
    assert [p.what for p in verify(data).problems] == [
        "key file is missing: whether the last records were removed cannot be checked"]


def test_a_torn_tail_set_aside_by_a_recovery_is_not_damage(tmp_path):
    coordinator = age.Identity.generate()
    survey_file = tiny_survey(tmp_path, [coordinator.recipient])
    data = tmp_path / "data"
    station = record_interviews(survey_file, data, 1)
    with open(station.writer.path, "ab") as file:
        file.write(b"RRF1" + station.writer.count.to_bytes(8, "big"))
    torn_report = verify(data)
    assert [p.record for p in torn_report.problems] == [5] and "torn tail" in torn_report.problems[0].what
    record_interviews(survey_file, data, 1)  # the recovery copies the tail aside and cuts it
    assert list((data / "tiny-2026").glob("*.torn-*"))
    report = verify(data, [coordinator])
    assert (report.records, report.problems) == (10, ())


def _tiny_log(tmp_path, made_from) -> tuple[Path, age.Identity]:
    """A data folder whose one log holds exactly the records ``made_from(base)`` lists."""
    coordinator = age.Identity.generate()
    survey_file = tiny_survey(tmp_path, [coordinator.recipient])
    device, log_id = secrets.token_bytes(16), secrets.token_bytes(16)
    base = dict(survey="tiny-2026", device=device.hex(), log=log_id.hex(), interview=1, day="2026-11-22",
                interviewer="t1", version="1")
    sealed_log(tmp_path / "data", survey_file, made_from(base), device=device, log_id=log_id)
    return tmp_path / "data", coordinator


def test_records_out_of_order_inside_an_interview_are_caught_with_the_identity(tmp_path):
    v1 = records.FORMAT_V1
    data, coordinator = _tiny_log(tmp_path, lambda base: [
        records.Record(**base, position=0, kind="start", direct={"region": "north"}, format=v1),
        records.Record(**base, position=2, kind="answer", question="afraid", answer="once", format=v1),
        records.Record(**base, position=1, kind="answer", question="unhappy", answer="yes", format=v1)])
    assert verify(data).problems == ()
    report = verify(data, [coordinator])
    assert [p.record for p in report.problems] == [1, 2]
    assert all("out of order" in p.what for p in report.problems)


def _slot(base, position, kind, question, answer=""):
    return records.Record(**base, position=position, kind=kind, question=question, answer=answer)


def test_logs_of_both_record_formats_verify_clean(tmp_path):
    """Old laptops keep their rrdesk-record/1 logs (1 + R records an interview); new ones write /2."""
    record_v1_interviews(DEMO, tmp_path / "old", 3)
    report = verify(tmp_path / "old", demo_identities())
    assert (report.records, report.problems) == (3 * 5, ())
    record_interviews(DEMO, tmp_path / "new", 3)
    report = verify(tmp_path / "new", demo_identities())
    assert (report.records, report.problems) == (3 * PER_INTERVIEW, ())


def test_every_legal_slot_verifies(tmp_path):
    data, coordinator = _tiny_log(tmp_path, lambda base: [
        records.Record(**base, position=0, kind="start", direct={"region": "north"}),
        _slot(base, 1, "spun", "unhappy"), _slot(base, 2, "abandoned", "unhappy"),
        _slot(base, 3, "unspun", "afraid"), _slot(base, 4, "declined", "afraid"),
        records.Record(**{**base, "interview": 2}, position=0, kind="start", direct={"region": "south"}),
        _slot({**base, "interview": 2}, 1, "spun", "unhappy"), _slot({**base, "interview": 2}, 2, "answer", "unhappy", "no"),
        _slot({**base, "interview": 2}, 3, "unspun", "afraid"), _slot({**base, "interview": 2}, 4, "abandoned", "afraid")])
    assert verify(data, [coordinator]).problems == ()


@pytest.mark.parametrize("first, second, what", [
    (("spun", "unhappy"), ("declined", "unhappy"), "a declined record cannot follow a spun record (it comes after unspun)"),
    (("unspun", "unhappy"), ("answer", "unhappy"), "an answer record cannot follow"),
    (("answer", "unhappy"), ("answer", "unhappy"),
     "position 1: an answer record cannot stand at this position (a question's first record is spun or unspun)"),
    (("spun", "unhappy"), ("spun", "unhappy"),
     "position 2: a spun record cannot stand at this position (a question's second record is answer, "
     "declined or abandoned)"),
    (("spun", "unhappy"), ("abandoned", "afraid"), "position 2: not the question the survey asks at this position"),
])
def test_a_damaged_slot_is_named_with_the_identity(tmp_path, first, second, what):
    answer = "yes" if second[0] == "answer" else ""
    data, coordinator = _tiny_log(tmp_path, lambda base: [
        records.Record(**base, position=0, kind="start", direct={"region": "north"}),
        _slot(base, 1, *first, answer="yes" if first[0] == "answer" else ""), _slot(base, 2, *second, answer=answer)])
    assert verify(data).problems == ()  # without the key nothing inside a record can be seen
    problems = verify(data, [coordinator]).problems
    assert any(what in p.what for p in problems) and {p.record for p in problems} <= {1, 2}, problems


def test_a_slot_whose_two_records_name_two_questions_is_named_without_the_survey(tmp_path):
    data, coordinator = _tiny_log(tmp_path, lambda base: [
        records.Record(**base, position=0, kind="start", direct={"region": "north"}),
        _slot(base, 1, "spun", "unhappy"), _slot(base, 2, "abandoned", "afraid")])
    (data / "tiny-2026" / "survey.toml").unlink()  # a lone log: no survey to say which question goes where
    [path] = (data / "tiny-2026").glob("*.rrlog")
    problems = verify(path, [coordinator]).problems
    assert [(p.record, p.what) for p in problems] == [
        (2, 'interview 1, position 2: names question "afraid", but the first record of its slot names "unhappy"')]


def test_a_log_that_mixes_record_formats_is_named(tmp_path):
    data, coordinator = _tiny_log(tmp_path, lambda base: [
        records.Record(**base, position=0, kind="start", direct={"region": "north"}, format=records.FORMAT_V1),
        _slot(base, 1, "spun", "unhappy")])
    problems = verify(data, [coordinator]).problems
    assert [(p.record, p.what) for p in problems] == [
        (1, "interview 1, position 1: a rrdesk-record/3 record after a rrdesk-record/1 record (a log holds one format)")]


def test_a_damaged_bundle_is_a_problem_not_an_error(clean, tmp_path):
    bundle = export(clean, "workplace-demo", tmp_path, now=NOW)
    bundle.write_bytes(bundle.read_bytes()[:-10])
    report = verify(bundle, demo_identities())
    assert (report.records, report.files) == (0, 0)
    assert [p.what for p in report.problems] == ["incomplete or cut short (is it still being copied? copy it again), "
                                                 "or damaged at its end (damaged age payload: a chunk does not "
                                                 "authenticate)"]


def test_a_path_that_is_missing_or_of_no_known_kind_is_refused(tmp_path):
    with pytest.raises(InputError, match="no such file or folder"):
        verify(tmp_path / "nothing")
    (tmp_path / "notes.txt").write_text("hello")
    with pytest.raises(InputError, match="not a data folder, an .rrlog log or a .tar.age bundle"):
        verify(tmp_path / "notes.txt")
    with pytest.raises(InputError, match="not an rrdesk data folder"):
        verify(tmp_path)


@needs_age
@pytest.mark.parametrize("kind", ["folder", "log", "bundle"])
def test_extract_writes_every_record_as_an_age_file_the_age_tool_opens(clean, tmp_path, kind):
    source = {"folder": clean, "log": the_log(clean),
              "bundle": export(clean, "workplace-demo", tmp_path, now=NOW) if kind == "bundle" else None}[kind]
    out = tmp_path / "records"
    written = extract(source, out, demo_identities() if kind == "bundle" else None)
    stem = the_log(clean).name.removesuffix(".rrlog")
    assert [p.name for p in written] == [f"{stem}-{seq:06d}.age" for seq in range(3 * PER_INTERVIEW)]
    parsed = []
    for path in written:
        plain = subprocess.run(["age", "-d", "-i", str(DEMO_KEY), str(path)], check=True,
                               capture_output=True).stdout
        parsed.append(records.parse(plain))
    assert [(r.interview, r.position) for r in parsed] == [
        (i, p) for i in range(1, 4) for p in range(PER_INTERVIEW)]


def test_extract_never_overwrites_and_a_bundle_needs_an_identity(clean, tmp_path):
    out = tmp_path / "records"
    first = extract(clean, out)
    before = {p: p.read_bytes() for p in first}
    with pytest.raises(StoreError, match="already exists; refusing to overwrite"):
        extract(clean, out)
    assert {p: p.read_bytes() for p in out.iterdir()} == before
    bundle = export(clean, "workplace-demo", tmp_path, now=NOW)
    with pytest.raises(InputError, match="give -i IDENTITY"):
        extract(bundle, tmp_path / "other")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(flips=st.lists(st.tuples(st.integers(min_value=0), st.integers(min_value=1, max_value=255)),
                      min_size=1, max_size=3), cut=st.integers(min_value=0, max_value=40), key=st.booleans())
def test_verify_reports_any_mangled_log_or_key_file_and_never_raises(clean, tmp_path_factory, flips, cut, key):
    data = Path(shutil.copytree(clean, tmp_path_factory.mktemp("mangled") / "data"))
    path = log.key_path(the_log(data)) if key else the_log(data)
    original = path.read_bytes()
    raw = bytearray(original)
    for where, mask in flips:
        raw[where % len(raw)] ^= mask
    mangled = bytes(raw[:len(raw) - cut])
    path.write_bytes(mangled)
    report = verify(data, demo_identities())
    if mangled != original:  # every byte of a log and of its key file is covered by some check
        assert report.problems
    assert report.records <= 3 * PER_INTERVIEW


def test_the_fast_record_parser_accepts_and_refuses_exactly_what_the_full_one_does():
    """records.parse matches canonical records with one pattern (no decode and re-encode) and
    hands anything else to the full parser: on thousands of records with random edits both
    paths give the same record or the same error."""
    import random
    import re

    from rrdesk.store import records

    def full(text: bytes):
        saved, records._CANONICAL_PADDED = records._CANONICAL_PADDED, re.compile("(?!)")
        try:
            return records.parse(text)
        finally:
            records._CANONICAL_PADDED = saved

    def outcome(parse, text: bytes):
        try:
            return parse(text)
        except records.RecordError as error:
            return str(error)

    rng = random.Random(15)
    who = dict(interviewer="k-07", version="2.1")
    base = [records.Record("s-1", "a" * 32, "b" * 32, 3, 0, "start", day="2024-01-02", direct={"b": "x", "a": 'q"\\'},
                           **who),
            records.Record("s-1", "a" * 32, "b" * 32, 3, 2, "answer", "q1", "yes", day="2024-01-02", **who),
            records.Record("s-1", "a" * 32, "b" * 32, 0, 1, "spun", "q1", day="2024-01-02", format=records.FORMAT_V2),
            records.Record("s-1", "a" * 32, "b" * 32, 0, 0, "refused", day="2024-01-02", **who),
            records.Record("s", "a" * 32, "b" * 32, 10**12, 4, "abandoned", "q", day="9999-99-99",
                           direct={"z": "1", "y": "é"}, format=records.FORMAT_V1)]
    alphabet = b' !"#,:{}\\0123456789abcdefz-/\x7f\xff'
    accepted = 0
    for _ in range(6000):
        text = bytearray(rng.choice(base).to_json())
        for _ in range(rng.randint(0, 3)):
            at, edit = rng.randrange(len(text)), rng.randrange(3)
            if edit == 0:
                text[at] = rng.choice(alphabet)
            elif edit == 1:
                del text[at]
            else:
                text.insert(at, rng.choice(alphabet))
        got = outcome(records.parse, bytes(text) + b"  ")
        assert got == outcome(full, bytes(text) + b"  ")
        accepted += isinstance(got, records.Record)
    assert 1000 < accepted < 5000  # both kinds of outcome were exercised
