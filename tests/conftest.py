"""Shared test set-up: the offscreen Qt platform, deterministic byte sources, the fixtures of
the GUI tests (a main window on a temporary data folder and settings file), and the store
tests' helpers (real data folders recorded fast, the demo key, a tiny survey).

Qt and the GUI are imported inside the GUI fixtures only, so the other tests never load them."""
from __future__ import annotations

import datetime as dt
import gc
import os
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import settings as hypothesis_settings

from rrdesk.app import custody
from rrdesk.app.interviews import Station, device_id
from rrdesk.core import randomizer
from rrdesk.core import survey as surveys
from rrdesk.store import age, keys, log, records
from rrdesk.store.bundle import BundleOps
from rrdesk.store.folder import CURRENT, SURVEY_COPY
from rrdesk.store.laptop import laptop_key
from rrdesk.store.log import write_signature

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# why: property tests draw their examples from a seed derived from each test, so a run is the
# same on every machine and never flakes; a new example is found by changing the test, not by luck
hypothesis_settings.register_profile("rrdesk", derandomize=True, print_blob=True)
hypothesis_settings.load_profile("rrdesk")

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "surveys" / "demo.toml"


class WordSource:
    """A byte source that hands out the given 32-bit words, little-endian, in order,
    and counts what it was asked for."""

    def __init__(self, words) -> None:
        self.data = np.asarray(words, dtype="<u4").tobytes()
        self.offset = 0
        self.requests: list[int] = []

    def __call__(self, n: int) -> bytes:
        self.requests.append(n)
        chunk = self.data[self.offset:self.offset + n]
        if len(chunk) != n:
            raise AssertionError("the test source ran out of bytes")
        self.offset += n
        return chunk


class SeededSource:
    """A deterministic pseudo-random byte source (numpy PCG64), for exact, repeatable
    statistical tests."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def __call__(self, n: int) -> bytes:
        return self.rng.bytes(n)


@pytest.fixture
def demo_path() -> Path:
    return DEMO


@pytest.fixture(scope="session", autouse=True)
def exports_may_stay_on_the_test_disk():
    """The tests export from one temporary folder to another, on one disk: allowed here, as
    ``rrdesk export --same-disk`` allows it (for the whole session: module fixtures export
    too). A test of the refusal takes it back with ``monkeypatch.delenv(custody.SAME_DISK_ENV)``
    (tests/test_export_faults.py)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(custody.SAME_DISK_ENV, "1")
        yield


@pytest.fixture(scope="session", autouse=True)
def every_test_laptop_is_enrolled(tmp_path_factory):
    """Every bundle a test exports in this process comes from an enrolled laptop, as the
    coordinator's field laptops do: each export's laptop is added to one list for the session
    (``RRDESK_LAPTOPS``), which verify and aggregate check bundles against by default. A test of
    a laptop *not* enrolled passes its own ``--laptops`` list (tests/test_custody.py)."""
    from rrdesk.app import enrollment
    from rrdesk.store.bundle import _export
    from rrdesk.store.laptop import laptop_key

    listed = tmp_path_factory.mktemp("coordinator") / "enrolled.laptops"
    real = _export._contents

    def contents(data, survey_id, now, *rest):
        made = real(data, survey_id, now, *rest)
        laptop = enrollment.Laptop(made[3], laptop_key(data).public())
        laptops = enrollment.Laptops.load(listed)
        if laptops.key_for(laptop.device) is None:
            laptops.add(laptop, dt.date(2026, 1, 1))
            laptops.save()
        return made
    from rrdesk.app import aggregate

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(enrollment.LAPTOPS_ENV, str(listed))
        # module fixtures aggregate too: never beside the demo identity (each test then has its own)
        patch.setenv(aggregate.LEDGER_ENV, str(listed.with_name("session.ledger")))
        patch.setattr(_export, "_contents", contents)
        yield listed


@pytest.fixture(autouse=True)
def a_ledger_per_test(tmp_path_factory, monkeypatch):
    """Each test aggregates with a ledger of its own (``RRDESK_LEDGER``): what one test's bundles
    showed never becomes another's history, and nothing is written beside the demo identity."""
    from rrdesk.app import aggregate

    monkeypatch.setenv(aggregate.LEDGER_ENV, str(tmp_path_factory.mktemp("ledger") / "coordinator.ledger"))


# -- the GUI tests' fixtures (the helpers that act as a person are in tests/test_gui_support.py) --


@pytest.fixture(autouse=True)
def qt_garbage_collected_between_tests(request):
    """During a GUI test Python's cycle collector waits; it runs once the test is over and qtbot
    closed its widgets. Why: a screen a test built without a parent lives in a reference cycle (a
    resize watcher's function names the screen); collected at the collector's own time, it is
    deleted while Qt delivers an event to it (a paint of its own wheel, a layout request), and Qt
    crashes. The app never leaves one to the collector: a screen it leaves is removed from its
    stack and deleted with deleteLater."""
    gui = "qtbot" in request.fixturenames
    if gui:
        gc.disable()
    yield
    if gui:
        gc.enable()
        gc.collect()


@pytest.fixture
def fast_spin(monkeypatch):
    """A short animation: every spin still lasts the same time, just not 3.2 s; and the
    explanation's pages answer Next at once (a test waits for ``settled``)."""
    from rrdesk.gui.screens import ExplanationScreen
    from rrdesk.gui.spinner import path as spin_path

    monkeypatch.setattr(spin_path, "DURATION_MS", 30)
    monkeypatch.setattr(ExplanationScreen, "SETTLE_MS", 0)


@pytest.fixture
def settings(tmp_path):
    """A settings file of the test's own, in English whatever the machine's locale."""
    from PySide6.QtCore import QSettings

    s = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    s.setValue("interface/language", "en")
    s.setValue("interview/interviewer", "t1")  # an interviewer who signed in on this laptop before
    s.sync()
    return s


@pytest.fixture
def data(tmp_path) -> Path:
    return tmp_path / "data"


def _leave_interview(window) -> None:
    """At a test's end: a window still in an interview closes only once leaving is confirmed
    (its closeEvent asks); confirm it, so the store is closed before the window goes."""
    from PySide6.QtWidgets import QMessageBox

    if window.isVisible() and window.interviewing():
        window.close()
        box = window.confirmation
        if box is not None:
            next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.AcceptRole).click()


def open_window(qtbot, data: Path, settings, survey: Path | None = None, *, ops=None):
    """The app's main window on ``data``, shown, once its store is open (or could not be);
    ``ops`` is the store's file-system seam (for fault injection)."""
    from rrdesk.gui import app as gui_app

    gui_app.application()
    window = gui_app.make_window(survey=survey, data=data, settings=settings, ops=ops)
    qtbot.addWidget(window, before_close_func=_leave_interview)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.station is not None or window.dashboard.status.property("role") == "error")
    return window


@pytest.fixture
def window(qtbot, data, settings, fast_spin):
    w = open_window(qtbot, data, settings)
    yield w
    w.close()


# -- the store tests' helpers (test_bundle, test_verify): real data folders, made fast ----------

DEMO_KEY = ROOT / "resources" / "demo-identity.txt"
NOW = dt.datetime(2026, 11, 22, 19, 30, 5, tzinfo=dt.timezone.utc)
DAY = dt.date(2026, 11, 22)
needs_age = pytest.mark.skipif(shutil.which("age") is None, reason="the age tool is not installed")

TINY = """\
[survey]
id = "{id}"
title = "Tiny"
languages = ["en"]
recipients = [{recipients}]
max_epsilon = 3.0
planned_respondents = 10

[[question]]
id = "region"
design = "direct"
choices = ["north", "south"]
text.en = "Region"

[[question]]
id = "unhappy"
design = "forced"
epsilon = 1.0
answer_mode = "assisted"
text.en = "I am unhappy at work."

[[question]]
id = "afraid"
design = "kary"
epsilon = 1.0
answer_mode = "assisted"
choices = ["never", "once", "often"]
text.en = "How often were you afraid?"
choice_text.en = ["Never", "Once", "Often"]
"""


class NoSync(BundleOps):
    """Real files without fsync: fast set-up of data folders (durability is test_log's job)."""

    def fsync(self, fd: int) -> None:
        pass

    def fsync_dir(self, path: Path) -> None:
        pass


def demo_identities() -> list[age.Identity]:
    return keys.load_identities(DEMO_KEY)


def tiny_survey(folder: Path, recipients: list[str], survey_id: str = "tiny-2026") -> Path:
    path = folder / f"{survey_id}.toml"
    path.write_text(TINY.format(id=survey_id, recipients=", ".join(f'"{r}"' for r in recipients)))
    return path


def answer_all(interview) -> None:
    while (q := interview.next_question) is not None:
        spin = interview.spin(q.id, 1 if q.design.categories == 2 else 0)
        interview.record(q.id, spin.answer)


def record_interviews(survey_file: Path, data: Path, count: int, *, seed: int = 0,
                      direct: dict[str, str] | None = None) -> Station:
    """``count`` complete interviews in ``data``; the station is returned closed."""
    survey = surveys.load(survey_file)
    if direct is None:
        direct = {q.id: q.choices[0] for q in survey.questions if q.design is None}
    with Station(survey, data, source=SeededSource(seed), today=lambda: DAY, ops=NoSync()) as station:
        for _ in range(count):
            answer_all(station.start(direct, interviewer="t1"))
    return station


def sealed_log(data: Path, survey_file: Path, made: list[records.Record], *, device: bytes, log_id: bytes,
               pointer: bool = False) -> Path:
    """A log of exactly the records ``made`` (sealed to the survey's recipients), in ``data``
    next to a copy of the survey; with ``pointer``, ``current`` names it as rrdesk-record/1
    stations wrote it (the name alone)."""
    survey = surveys.load(survey_file)
    folder = data / survey.id
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(survey_file, folder / SURVEY_COPY)
    path = log.log_path(data, survey.id, device, log_id)
    k0 = bytes(range(32))
    with log.LogWriter.create(path, survey_id=survey.id, device_id=device, log_id=log_id, created=DAY.isoformat(),
                              first_key=k0, sealed_first_key=age.encrypt(k0, survey.recipients),
                              ops=NoSync()) as writer:
        # as a station does: the laptop signs the header it began (FORMAT.md §1.11)
        write_signature(path, writer.header, laptop_key(data), NoSync())
        for record in made:
            writer.append(age.encrypt(records.pad(record, records.record_size(survey)), survey.recipients))
    if pointer:
        (folder / CURRENT).write_bytes(path.name.encode("ascii") + b"\n")
    return path


def record_v1_interviews(survey_file: Path, data: Path, count: int, *, seed: int = 0, truth: int = 1,
                         direct: dict[str, str] | None = None, open_last: int | None = None) -> Path:
    """``count`` interviews as a station wrote them before rrdesk-record/2: a start, then one
    ``answer`` record per randomized question (1 + R records), numbered 1, 2, …, with the old
    pointer. With ``open_last`` the last interview stops after that many answers."""
    survey = surveys.load(survey_file)
    if direct is None:
        direct = {q.id: q.choices[0] for q in survey.questions if q.design is None}
    device, log_id = device_id(data), bytes(range(16, 32))
    base = dict(survey=survey.id, device=device.hex(), log=log_id.hex(), day=DAY.isoformat(),
                format=records.FORMAT_V1)
    source, made = SeededSource(seed), []
    for number in range(1, count + 1):
        made.append(records.Record(**base, interview=number, position=0, kind="start", direct=direct))
        asked = survey.randomized if number < count or open_last is None else survey.randomized[:open_last]
        for position, q in enumerate(asked, start=1):
            spin = randomizer.spin(q.design, truth if q.design.categories == 2 else 0, source)
            made.append(records.Record(**base, interview=number, position=position, kind="answer", question=q.id,
                                       answer=q.answer_ids[int(spin.answer[0])]))
    return sealed_log(data, survey_file, made, device=device, log_id=log_id, pointer=True)


def pytest_configure(config: pytest.Config) -> None:
    """Before any test: the core-dump probe (tests/core_probe.py says why it must run first)."""
    import sys

    if sys.platform.startswith("linux"):
        from tests.core_probe import probe
        config.stash[CORE_PROBE] = probe()


CORE_PROBE = pytest.StashKey[dict]()
