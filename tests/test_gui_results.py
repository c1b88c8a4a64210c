"""The coordinator's Results view: bundles and identity in, the numbers of `rrdesk aggregate` out.

Every bundle here is made by `rrdesk simulate` and `rrdesk export` (the real randomizer and
store) and opened with the public demo identity; every expected number comes from
`rrdesk aggregate --json` on the same bundles.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from rrdesk import cli
from rrdesk.core.problems import Problem
from rrdesk.gui import app as gui_app
from rrdesk.gui import i18n
from rrdesk.gui import results as results_module
from rrdesk.gui import settings as settings_module
from rrdesk.gui.results import ESTIMATE, INTERVAL, LINE, ResultsWindow
from rrdesk.store import age, keys
from rrdesk.store import collect as aggregate
from tests.test_gui_support import DEMO, DEMO_KEY, click

SID = "workplace-demo"
REPORT_FILES = ["report.html", "estimates.csv", "answers.csv", "codebook.md", "analysis.R", "analysis.do",
                "fieldwork.csv", "answers-wide.csv", "answers.dta", "answers.sav"]


def rrdesk(*argv: object) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = cli.main([str(a) for a in argv])
    return code, out.getvalue()


def aggregate_json(*argv: object) -> dict:
    code, out = rrdesk("aggregate", *argv, "-i", DEMO_KEY, "--json", "--include-synthetic")
    assert code in (0, 1)
    return json.loads(out)


def laptop(base: Path, name: str, seed: int, survey: Path = DEMO, survey_id: str = SID) -> Path:
    """A laptop's interviews (`rrdesk simulate`, 40 respondents) exported to its own stick."""
    data, stick = base / f"laptop-{name}", base / f"stick-{name}"
    assert rrdesk("simulate", survey, "--data", data, "-n", 40, "--seed", seed)[0] == 0
    stick.mkdir()
    code, out = rrdesk("export", "--data", data, "--survey-id", survey_id, "--to", stick)
    assert code == 0
    return Path(out.strip())


@pytest.fixture(scope="module")
def field():
    """Two laptops of the demo survey, a damaged copy of the second bundle, and a laptop of
    another survey (on tmpfs when there is one: the store fsyncs every record)."""
    shm = Path("/dev/shm")
    with tempfile.TemporaryDirectory(dir=shm if shm.is_dir() and os.access(shm, os.W_OK) else None,
                                     prefix="rrdesk-results-") as folder:
        base = Path(folder)
        a, b = laptop(base, "a", 2), laptop(base, "b", 3)
        damaged = base / f"damaged-{b.name}"
        raw = bytearray(b.read_bytes())
        raw[len(raw) // 2] ^= 0x01
        damaged.write_bytes(bytes(raw))
        canteen = base / "canteen.toml"
        canteen.write_text(DEMO.read_text(encoding="utf-8").replace(f'id = "{SID}"', 'id = "canteen-demo"')
                           .replace("Workplace wellbeing (demo)", "Canteen (demo)"), encoding="utf-8")
        other = laptop(base, "c", 4, canteen, "canteen-demo")
        yield {"a": a, "b": b, "damaged": damaged, "other": other, "base": base}


@pytest.fixture
def view(qtbot):
    gui_app.application()
    w = ResultsWindow(lang="en")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.runner.wait()


def choose(qtbot, view, monkeypatch, bundles, identity: Path | list[Path] = DEMO_KEY) -> None:
    """The coordinator picks the bundles and the identity file (or several) in the file choosers."""
    chosen = [str(p) for p in identity] if isinstance(identity, list) else [str(identity)]
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", staticmethod(  # the identity chooser: by its title
        lambda parent, title, *a, **k: ((chosen if "identity" in title else [str(p) for p in bundles]), "")))
    click(qtbot, view.open_bundles)
    with qtbot.waitSignal(view.surveysFound, timeout=10000):
        click(qtbot, view.choose_identity)
    view.include_synthetic = True  # simulated bundles: as "Count the synthetic interviews" (aggregate's flag)


def compute(qtbot, view) -> bool:
    with qtbot.waitSignal(view.computed, timeout=20000) as signal:
        click(qtbot, view.compute_button)
    return signal.args[0]


def shown(view) -> dict:
    """What the table shows: (question, subgroup, answer) → (n, recorded, estimate, 95 % interval)."""
    out = {}
    for row in range(view.model.rowCount()):
        line = view.model.index(row, 0).data(LINE)
        e, j = line.estimate, line.category
        out[(line.result.question.id, line.group, line.result.labels[j])] = (
            e.n, e.reported[j], e.estimate[j], tuple(e.ci95[j]))
    return out


def expected(got: dict) -> dict:
    """The same from `aggregate --json`: the YES line of a yes/no question, every choice otherwise."""
    out = {}
    for q in got["questions"]:
        parts = [(None, q)] + [(g["group"] or "", g) for g in q.get("by", [])]
        for group, numbers in parts:
            if isinstance(numbers["estimate"], dict):
                for c in numbers["estimate"]:
                    out[(q["id"], group, c)] = (numbers["n"], numbers["reported"][c], numbers["estimate"][c],
                                                tuple(numbers["ci95"][c]))
            else:
                out[(q["id"], group, "yes")] = (numbers["n"], numbers["reported"]["yes"], numbers["estimate"],
                                                tuple(numbers["ci95"]))
    return out


# -- the same numbers as the command line -----------------------------------------------------


def test_synthetic_interviews_are_left_out_until_the_coordinator_counts_them(qtbot, view, field, monkeypatch):
    choose(qtbot, view, monkeypatch, [field["a"]])
    view.include_synthetic = False  # as the view starts: simulated interviews are not counted
    compute(qtbot, view)
    assert view.summary.text().startswith("0 interviews")  # every interview here is synthetic
    assert view.count_synthetic.isVisible() and "synthetic interview(s)" in view.problems.item(0).text()
    assert compute_by(qtbot, view, view.count_synthetic)
    assert view.include_synthetic and view.count_synthetic.isHidden()
    assert shown(view) == expected(aggregate_json(field["a"]))


def compute_by(qtbot, view, pressed) -> bool:
    with qtbot.waitSignal(view.computed, timeout=20000) as signal:
        click(qtbot, pressed)
    return signal.args[0]


def test_cancel_stops_a_long_computation_within_a_second_and_writes_nothing(qtbot, view, field, monkeypatch):
    import os
    import time

    from rrdesk.app import aggregate as use_case
    from rrdesk.store.collect import _collector, _opening
    real = _opening.open_job

    def slowly(*args):  # a slow machine: each interview's records take 0.3 s
        time.sleep(0.3)
        return real(*args)
    monkeypatch.setattr(_opening, "open_job", slowly)
    monkeypatch.setattr(_collector, "CHUNK", 9)  # one interview a job: 40 jobs, 12 s in all
    choose(qtbot, view, monkeypatch, [field["a"]])
    with qtbot.waitSignal(view.progressed, timeout=10000, check_params_cb=lambda done, planned: done > 0):
        click(qtbot, view.compute_button)
    assert view.cancel_button.isVisible() and view.progress.maximum() == 40 * 9
    assert "of 360 records" in view.status.text()
    start = time.monotonic()
    with qtbot.waitSignal(view.computed, timeout=5000) as signal:
        click(qtbot, view.cancel_button)
    assert time.monotonic() - start < 1.0 and signal.args == [False]
    assert view.status.text() == "Cancelled: nothing was computed or saved."
    assert view.cancel_button.isHidden() and view.compute_button.isEnabled() and view.shown is None
    assert not os.path.exists(os.environ[use_case.LEDGER_ENV])  # nothing written


def test_the_view_shows_the_estimates_and_intervals_of_aggregate_json(qtbot, view, field, monkeypatch):
    choose(qtbot, view, monkeypatch, [field["a"], field["b"]])
    assert compute(qtbot, view)
    got = aggregate_json(field["a"], field["b"])
    assert shown(view) == expected(got)
    for row in range(view.model.rowCount()):
        line = view.model.index(row, 0).data(LINE)
        lo, hi = line.ci
        assert view.model.index(row, ESTIMATE).data() == f"{100 * line.value:.1f}\u00a0%"
        assert view.model.index(row, INTERVAL).data() == f"{100 * lo:.1f} – {100 * hi:.1f}\u00a0%"
    assert view.summary.text().startswith(f"{got['interviews']} interviews · {got['records']} records · 2 laptops")
    assert view.verdict.text() == "✓ Every bundle verified" and view.problems.count() == 0
    assert view.title.text() == "Results: Workplace wellbeing (demo)"
    assert view.save_button.isEnabled()


def test_computing_runs_off_the_gui_thread_behind_a_busy_indicator(qtbot, view, field, monkeypatch):
    threads = []
    real = results_module.compute
    monkeypatch.setattr(results_module, "compute", lambda *a, **k: threads.append(threading.current_thread()) or real(*a, **k))
    choose(qtbot, view, monkeypatch, [field["a"]])
    with qtbot.waitSignal(view.computed, timeout=20000):
        click(qtbot, view.compute_button)
        assert view.progress.isVisible() and not view.compute_button.isEnabled()
        assert not view.open_bundles.isEnabled() and not view.save_button.isEnabled()
    assert threads and threads[0] is not threading.main_thread()
    assert view.progress.isHidden() and view.compute_button.isEnabled()


def test_split_by_a_direct_question_gives_the_subgroups_of_aggregate_by(qtbot, view, field, monkeypatch):
    choose(qtbot, view, monkeypatch, [field["a"], field["b"]])
    assert [view.split.itemData(i) for i in range(view.split.count())] == [None, "department"]
    view.split.setCurrentIndex(1)
    assert compute(qtbot, view)
    got = aggregate_json(field["a"], field["b"], "--by", "department")
    assert shown(view) == expected(got)
    assert any(key[1] == "office" for key in shown(view))
    assert view.model.headerData(0, Qt.Orientation.Horizontal) == "Question, by department"


def test_changing_the_split_after_computing_does_not_decrypt_again(qtbot, view, field, monkeypatch):
    calls = []
    real = aggregate.collect
    monkeypatch.setattr(aggregate, "collect", lambda *a, **k: calls.append(1) or real(*a, **k))
    choose(qtbot, view, monkeypatch, [field["a"]])
    assert compute(qtbot, view) and len(calls) == 1
    with qtbot.waitSignal(view.computed, timeout=5000):
        view.split.setCurrentIndex(1)
    assert len(calls) == 1
    assert shown(view) == expected(aggregate_json(field["a"], "--by", "department"))


# -- problems: named in plain words, the rest used --------------------------------------------


def test_a_damaged_bundle_is_a_problem_in_plain_words_and_the_others_are_used(qtbot, view, field, monkeypatch):
    choose(qtbot, view, monkeypatch, [field["a"], field["damaged"]])
    assert compute(qtbot, view)
    got = aggregate_json(field["a"], field["damaged"])
    assert shown(view) == expected(got) and got["interviews"] == 40
    assert [view.problems.item(i).text() for i in range(view.problems.count())] == \
        [f"{field['damaged'].name}: {p['what']}" for p in got["problems"]]
    assert view.verdict.text() == "⚠ 1 problem: see Problems" and view.verdict.property("role") == "error"
    assert view.tabs.tabText(1) == "&Problems (1)"
    assert view.summary.text().startswith(f"40 interviews · {got['records']} records · 1 laptop ·")  # as aggregate says


def test_a_damaged_record_is_named_by_bundle_laptop_log_and_record(view):
    laptop_id, log_id = "75e434e79dee3ac682a5707efc5a850b", "dd5828e143a196c1f1d6e30f76dbba65"
    bundle, log = "/media/stick/workplace-demo_75e434e7.tar.age", f"{laptop_id}-{log_id}.rrlog"
    damaged = Problem(bundle, 32, "check does not match (the record is altered or damaged)", member=log)
    assert view.problem_words(damaged) == \
        ("workplace-demo_75e434e7.tar.age · laptop 75e434e7…, log dd5828e1… · record 32: "
         "check does not match (the record is altered or damaged)")
    assert view.problem_words(Problem("/media/stick/x.tar.age", None, "not an rrdesk bundle")) == \
        "x.tar.age: not an rrdesk bundle"


def test_a_key_that_opens_no_bundle_shows_why_and_nothing_else(qtbot, view, field, monkeypatch, tmp_path):
    wrong = tmp_path / "someone-else.txt"
    keys.write_identity(wrong, age.Identity.generate())
    choose(qtbot, view, monkeypatch, [field["a"], field["b"]], wrong)
    assert "No bundle could be opened with this identity file" in view.status.text()
    assert not compute(qtbot, view)
    assert view.model.rowCount() == 0 and view.tabs.currentIndex() == 1 and view.problems.count() == 2
    assert all("cannot decrypt with this identity" in view.problems.item(i).text() for i in range(2))
    assert not view.save_button.isEnabled() and view.status.property("role") == "error"


def test_several_identity_files_are_all_tried(qtbot, view, field, monkeypatch, tmp_path):
    """After a key rotation the coordinator chooses the old and the new identity file together."""
    other = tmp_path / "new-key.txt"
    keys.write_identity(other, age.Identity.generate())
    choose(qtbot, view, monkeypatch, [field["a"], field["b"]], [other, DEMO_KEY])
    assert "new-key.txt, demo-identity.txt" in view.identity_text.text()
    assert compute(qtbot, view) and view.problems.count() == 0


def test_a_file_that_is_not_a_key_is_one_plain_line(qtbot, view, field, monkeypatch, tmp_path):
    not_a_key = tmp_path / "notes.txt"
    not_a_key.write_text("hello\n", encoding="utf-8")
    choose(qtbot, view, monkeypatch, [field["a"]], not_a_key)
    assert view.status.property("role") == "error"
    assert view.status.text().startswith(f"{not_a_key}: line 1: not an age identity")


# -- several surveys ---------------------------------------------------------------------------


def test_when_the_bundles_hold_several_surveys_the_coordinator_picks_one(qtbot, view, field, monkeypatch):
    choose(qtbot, view, monkeypatch, [field["a"], field["other"]])
    assert view.survey_choice.isEnabled() and view.survey_choice.count() == 2
    assert "choose one" in view.status.text()
    view.survey_choice.setCurrentIndex(view.survey_choice.findData("canteen-demo"))
    assert compute(qtbot, view)
    got = aggregate_json(field["a"], field["other"], "--survey-id", "canteen-demo")
    assert shown(view) == expected(got)
    assert view.title.text() == "Results: Canteen (demo)"
    assert view.problems.count() == 1 and field["a"].name in view.problems.item(0).text()
    assert "another survey (workplace-demo)" in view.problems.item(0).text()
    assert view.verdict.text() == "✓ Every bundle verified"


# -- the fieldwork ---------------------------------------------------------------------------------


def test_the_fieldwork_tab_shows_each_interviewer_their_days_and_the_laptops(qtbot, view, field, monkeypatch):
    choose(qtbot, view, monkeypatch, [field["a"], field["b"]])
    view.include_synthetic = True
    assert compute(qtbot, view)
    work = view.shown.fieldwork
    page = view.fieldwork
    assert view.tabs.tabText(2) == "&Fieldwork" and page.model.rowCount() == len(work.interviewers) >= 1
    first = work.interviewers[0]
    assert page.model.index(0, 0).data() == first.id
    assert page.model.index(0, 3).data() == str(first.counts.started)
    assert page.flags.count() == 1 and page.flags.item(0).text() == "No interviewer was flagged."
    assert page.laptops.count() == 2 and ": 1 bundle · last exported " in page.laptops.item(0).text()
    assert "of 400 planned" in page.summary.text()


# -- the report --------------------------------------------------------------------------------


def test_save_report_writes_the_files_of_aggregate_out_and_says_where(qtbot, view, field, monkeypatch, tmp_path):
    choose(qtbot, view, monkeypatch, [field["a"], field["b"]])
    view.split.setCurrentIndex(1)
    assert compute(qtbot, view)
    folder = tmp_path / "report"
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(folder)))
    with qtbot.waitSignal(view.reportSaved, timeout=10000) as signal:
        click(qtbot, view.save_button)
        assert view.progress.isVisible()
    line, ok = signal.args
    assert ok and line == f"Report saved in {folder}: {', '.join(REPORT_FILES)}" and view.status.text() == line
    assert sorted(p.name for p in folder.iterdir()) == sorted(REPORT_FILES)
    cli_out = tmp_path / "cli"
    rrdesk("aggregate", field["a"], field["b"], "-i", DEMO_KEY, "--by", "department", "--out", cli_out,
           "--include-synthetic")
    for name in ("estimates.csv", "answers.csv", "codebook.md", "fieldwork.csv"):
        assert (folder / name).read_bytes() == (cli_out / name).read_bytes()
    assert "Workplace wellbeing (demo)" in (folder / "report.html").read_text(encoding="utf-8")


# -- the app around it -------------------------------------------------------------------------


def test_the_main_window_opens_it_and_no_identity_goes_into_the_settings(qtbot, window, settings, field,
                                                                        monkeypatch):
    assert window.results_action.text() == "&Results (coordinator)…"
    window.results_action.trigger()
    view = window.results
    assert isinstance(view, ResultsWindow) and view.isVisible()
    qtbot.waitExposed(view)
    choose(qtbot, view, monkeypatch, [field["a"]])
    assert compute(qtbot, view)
    view.close()
    settings.sync()
    text = Path(settings.fileName()).read_text(encoding="utf-8")
    secret = next(line for line in DEMO_KEY.read_text().splitlines() if line.startswith("AGE-SECRET-KEY-"))
    for leak in ("AGE-SECRET-KEY", secret, str(DEMO_KEY), DEMO_KEY.name, field["a"].name, "results"):
        assert leak not in text
    assert set(settings.allKeys()) <= set(settings_module.KEYS)


def test_it_works_from_the_keyboard(qtbot, view, field, monkeypatch):
    view.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view.open_bundles)
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", staticmethod(  # the identity chooser: by its title
        lambda parent, title, *a, **k: (([str(DEMO_KEY)] if "identity" in title else [str(field["a"])]), "")))
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Space)  # Open bundles…
    assert QApplication.focusWidget() is view.choose_identity
    with qtbot.waitSignal(view.surveysFound, timeout=10000):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # Identity file…
    view.include_synthetic = True  # simulated bundles (the button that says so is tested above)
    assert QApplication.focusWidget() is view.compute_button
    with qtbot.waitSignal(view.computed, timeout=20000):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # Compute
    assert QApplication.focusWidget() is view.table
    first = view.detail.text()
    assert first.startswith("unhappy (forced response, ε = 1.10): I am unhappy at work.")
    qtbot.keyClick(view.table, Qt.Key.Key_Down)
    assert view.detail.text().startswith("afraid_to_speak (Warner's mirrored question")
    with qtbot.waitSignal(view.computed, timeout=5000):
        qtbot.keyClick(view, Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier)  # Split &by
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
    assert view.split.currentData() == "department"


def test_its_words_are_translated_to_french(qtbot, view):
    translators = i18n.Translators()
    try:
        assert translators.use("fr") == "fr"
        qtbot.waitUntil(lambda: view.compute_button.text() != "&Compute")
        assert view.compute_button.text() == "&Calculer"
        assert view.open_bundles.text() == "&Ouvrir des lots…"
        assert view.bundles_text.text().startswith("Aucun lot choisi")
    finally:
        translators.use("en")
    qtbot.waitUntil(lambda: view.compute_button.text() == "&Compute")


def test_the_chart_header_labels_never_overlap_however_narrow_the_column():
    from rrdesk.gui.results import axis_ticks

    assert list(axis_ticks(400, 60)) == [0, 25, 50, 75, 100]
    assert list(axis_ticks(200, 60)) == [0, 50, 100]
    assert list(axis_ticks(100, 60)) == [0, 100]
    assert list(axis_ticks(50, 60)) == []  # "0 %" and "100 %" would overlap: none
    for width in range(1, 600, 7):  # labels centred on their ticks are at least a label apart
        ticks = list(axis_ticks(width, 60))
        assert all(width * (b - a) / 100 > 60 for a, b in zip(ticks, ticks[1:]))


def test_respondents_who_ignore_the_spinner_are_flagged_in_the_results_view(qtbot, view, monkeypatch, tmp_path):
    # forty respondents record NO to "unhappy" whatever the spinner shows (instructed mode, the
    # classic cheat): the recorded YES share, 0 %, is far below the quarter the spinner alone
    # forces to YES, so the view says it may be non-compliance
    from rrdesk.app.interviews import Station
    from rrdesk.core import survey as surveys
    from tests.conftest import SeededSource
    s = surveys.load(DEMO)
    data = tmp_path / "cheaters"
    with Station(s, data, source=SeededSource(13)) as station:
        for _ in range(40):
            interview = station.start({"department": "office"}, interviewer="t1")
            while (q := interview.next_question) is not None:
                spin = interview.spin(q.id, 0 if q.answer_mode == "assisted" else None)
                interview.record(q.id, spin.answer if spin.answer is not None else 0)
    (tmp_path / "stick").mkdir()
    code, out = rrdesk("export", "--data", data, "--survey-id", s.id, "--to", tmp_path / "stick", "--same-disk")
    assert code == 0
    choose(qtbot, view, monkeypatch, [Path(out.strip())])
    assert compute(qtbot, view)
    for row in range(view.model.rowCount()):
        line = view.model.index(row, 0).data(LINE)
        if line.result.question.id == "unhappy" and line.group is None:
            view.table.selectRow(row)
            break
    assert "⚠ possible non-compliance: the recorded YES share (0.0 %) is below the 25.0 %" in view.detail.text()


def test_a_headline_estimate_from_few_answers_is_flagged_like_a_small_subgroup(qtbot, view):
    """n = 6 gives "50.0 % [0–100 %]"-like intervals: flagged on the headline rows too, in the
    Results view and in report.html, never only on subgroups."""
    from rrdesk.core import survey as surveys
    from rrdesk.core.results import html, results

    survey = surveys.load(DEMO)
    few = {"department": {None: [2, 2, 1, 1]}, "unhappy": {None: [3, 3]}, "afraid_to_speak": {None: [3, 3]},
           "took_from_work": {None: [3, 3]}, "bullied": {None: [2, 2, 2]}}
    small = results(survey, few)
    view.model.show(small, "en")
    heads = [view.model.index(row, 0) for row in range(view.model.rowCount())
             if view.model.index(row, 0).data(LINE).first]
    assert heads and all(index.data().startswith("⚠ ") for index in heads)
    assert all(index.data(LINE).warning for index in heads)
    n = view.model.index(heads[0].row(), 2)
    assert n.data(Qt.ItemDataRole.ToolTipRole) == "only 6 answers (under 30): the interval is wide and only a rough guide"
    view.table.setCurrentIndex(heads[0])
    assert "⚠ only 6 answers (under 30)" in view.detail.text()
    page = html.render(small, [])
    assert page.count("&#9888; only 6 answers (under 30): the interval is wide and only a rough guide") == 5
    many = results(survey, {qid: {None: [30 * c for c in counts[None]]} for qid, counts in few.items()})
    view.model.show(many, "en")
    assert not any(view.model.index(row, 0).data(LINE).warning for row in range(view.model.rowCount()))
    assert "rough guide" not in html.render(many, [])


def test_save_report_without_the_datafiles_extra_says_what_is_missing(qtbot, view, field, monkeypatch, tmp_path):
    import sys

    monkeypatch.setitem(sys.modules, "pyreadstat", None)  # an install without rrdesk[datafiles]: import fails
    choose(qtbot, view, monkeypatch, [field["a"], field["b"]])
    assert compute(qtbot, view)
    folder = tmp_path / "report"
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(folder)))
    with qtbot.waitSignal(view.reportSaved, timeout=10000) as signal:
        click(qtbot, view.save_button)
    line, ok = signal.args
    assert ok and "answers.dta" not in {p.name for p in folder.iterdir()}
    assert "were not written: they need rrdesk's datafiles extra" in line and "CSV files hold the same data" in line
