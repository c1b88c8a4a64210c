"""No re-spin, ever: a real app process killed (or its window closed) while an instructed
question shows its outcome comes back with that question recorded as abandoned after its
spin, and never offers it again.

The child (tests/gui_child.py) is the real app: a QApplication, the main window, the demo
survey, clicks on real buttons. The parent kills it with SIGKILL the moment the spinner's
instruction is on screen (nothing answered yet), then starts the app again on the same data
folder, reads the dashboard, continues the interview and reads back what was stored.
"""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tests.test_gui_support import click, next_screen, open_window, respondent_part, stored

CHILD = ROOT / "tests" / "gui_child.py"
FIRST, SECOND = "unhappy", "afraid_to_speak"  # the demo's first two randomized questions


def _run_child(data, settings, mode: str) -> subprocess.Popen:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    settings.sync()
    return subprocess.Popen([sys.executable, str(CHILD), str(data), settings.fileName(), mode],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def _until_shown(child: subprocess.Popen) -> str:
    line = child.stdout.readline()
    if not line.startswith("shown "):
        child.kill()
        pytest.fail(f"the app did not reach the outcome: {line!r} {child.stderr.read()[-3000:]}")
    return line.split()[1]


def _records_of(data, interview: int):
    return [(r.kind, r.question) for r in stored(data) if r.interview == interview]


def _comes_back_abandoned_and_goes_on(qtbot, data, settings) -> None:
    window = open_window(qtbot, data, settings)
    try:
        panel = window.dashboard.resume_panel
        assert panel.isVisible()
        text = window.dashboard.resume_text.text()
        assert re.match(r"Interview 1 stopped (today|yesterday) at about .+ after question 1 of 4\. ", text), text
        assert "Question 1 was spun but not answered" in text
        assert "(question 2 comes next)" in text, text
        click(qtbot, window.dashboard.resume)
        respondent_part(qtbot, window, practice=False)
        question = next_screen(qtbot, window, "question", None)
        assert question.question.id == SECOND  # the spun question is never offered again
        assert window.controller.wrote  # continuing wrote its abandoned record: a save to show
        kinds = _records_of(data, 1)
        assert kinds[:3] == [("start", ""), ("spun", FIRST), ("abandoned", FIRST)], kinds
        assert all(q != FIRST for kind, q in kinds[3:])
    finally:
        window.close()


@pytest.mark.parametrize("mode", ["kill", "close"])
def test_an_app_killed_or_closed_on_an_outcome_records_the_question_abandoned_and_never_reoffers_it(
        qtbot, data, settings, fast_spin, mode):
    child = _run_child(data, settings, mode)
    try:
        assert _until_shown(child) == FIRST
        if mode == "kill":
            os.kill(child.pid, signal.SIGKILL)
            assert child.wait(timeout=30) == -signal.SIGKILL
        else:
            assert child.stdout.readline().strip() == "closed", child.stderr.read()[-3000:]
            assert child.wait(timeout=30) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert _records_of(data, 1) == [("start", ""), ("spun", FIRST)]  # spent before it was shown
    _comes_back_abandoned_and_goes_on(qtbot, data, settings)


def test_a_last_question_spun_and_never_answered_leaves_only_close_it(qtbot, data, settings, fast_spin):
    from rrdesk.app.interviews import Station
    from rrdesk.core import survey as surveys
    from tests.conftest import DEMO
    from tests.test_gui_support import answer_confirmation

    with Station(surveys.load(DEMO), data) as station:  # a crash after the last question's spin
        interview = station.start({"department": "office"}, interviewer="t1")
        for q in station.survey.randomized[:-1]:
            interview.decline(q.id)
        interview.spin(station.survey.randomized[-1].id, truth=0)
    window = open_window(qtbot, data, settings)
    try:
        d = window.dashboard
        assert d.resume_panel.isVisible() and not d.resume.isVisible() and d.close_it.isVisible()
        assert d.resume_text.text().endswith("No question is left: close it."), d.resume_text.text()
        click(qtbot, d.close_it)
        answer_confirmation(qtbot, window, yes=True)
        qtbot.waitUntil(lambda: d.resume_panel.isHidden())
        assert _records_of(data, 1)[-2:] == [("spun", "bullied"), ("abandoned", "bullied")]
    finally:
        window.close()
